"""Out of Sight's service: its game's steps and its questions, on values.

Every function takes values (a frame as a
:class:`~referee.outofsight.formats.FrameSheet`, cards as
:class:`~referee.outofsight.rules.Card` tuples, a
:class:`~referee.outofsight.takes.Roll`, preferences as a mapping) and returns
a :class:`~referee.service.Report` whose ``doc`` is what the command line
prints under ``--json``. The command line (:mod:`referee.outofsight.cli`,
:mod:`referee.outofsight.game_cli`), the web server and the Python API are its
clients; ``STEPS`` and ``QUESTIONS`` give the fields each takes from the web
(JSON values) and from Python (values or paths).

A step the rules refuse (a turn out of turn, a frame that does not fit the
game, a game that is over) is a report with ``valid`` false, a ``reason`` and
an ``explanation``, and nothing is written (exit 1, HTTP 422). Input that
cannot be used is an :class:`~referee.core.errors.InputError` naming the
field (``cards``, ``prefer``), never an option.

A one-shot question (``score-frame``, ``take``) loads no game machinery: the
engine and the game's state are imported by the game's steps only, and
``GAME`` on first use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee import service as sv
from referee.core.errors import InputError
from referee.core.errors import show as brief
from referee.core.values import frozen
from referee.outofsight.rules import DECK, FRAMES, MODES, Card, FrameScore, Mode, parse_prefer
from referee.service import Report

if TYPE_CHECKING:
    from referee import engine
    from referee.outofsight.formats import FrameSheet
    from referee.outofsight.game import Action, Doubles, OutOfSight, Setup, State, TurnAction
    from referee.outofsight.rolls import RollTake
    from referee.outofsight.takes import DoublesCall, Roll

    Game = engine.Replayed[Setup, State, Action]

    GAME: OutOfSight
    """The game on the engine (its file format and pure step)."""
else:

    def __getattr__(name: str) -> Any:
        """``GAME``, imported on first use (a one-shot question needs no engine)."""
        if name == "GAME":
            from referee.outofsight.game import GAME

            return GAME
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


Prefer = dict[str, tuple[str, ...]]
"""Per player, the colours that go higher among piles of equal size."""


@frozen
class Stepped:
    """A game step's ``Report.detail``: what the text of the command line needs."""

    game: Game
    """The game as it is now (unchanged by a refusal or a dry run)."""
    action: Action | None = None
    """The action tried (a refusal: the one refused)."""
    recorded: bool = False
    score: FrameScore | None = None
    """The frame scored (``frame``), or closed by the turn (``turn``)."""
    state: State | None = None
    """``frame``: the game's state with the frame in it (also on a dry run)."""
    next_file: str | None = None
    undone: Action | None = None
    reason: str | None = None
    """A refusal's reason; its words are the doc's ``explanation``."""


@frozen
class Scored:
    """``score-frame``'s ``Report.detail``: the score and the next frame's file written."""

    score: FrameScore
    next_file: str | None = None


# ------------------------------------------------------------------ the game


def game_doc(current: Game) -> dict[str, Any]:
    """``referee outofsight game show FILE --json``: the players, whose turn
    (``turn``: a name, or null once over) and ``over``, beside the score pad;
    and what a table's page shows: the game's ``colours``, the steps the rules
    allow now (``next``), the newest actions in words (``activity``), what
    ``undo`` and ``redo`` would do and the ``ranking`` once over."""
    from referee.outofsight import render

    setup, state = current.log.setup, current.state
    return {
        **render.game_json(setup, state, current.version),
        "colours": list(setup.colours) if setup.colours is not None else None,
        "variant": setup.variant,
        "timer_visible": setup.younger,
        "roll_off": [dict(r) for r in setup.roll_off],
        "next": next_steps(state, setup),
        "activity": activity(current),
        "undo": _undo_doc(current),
        "redo": _redo_doc(current),
        "ranking": ranking(setup, state),
    }


def next_steps(state: State, setup: Setup) -> list[str]:
    """The steps the rules allow now: a turn, or at the start of a frame a
    turn or the whole frame at once; nothing once over."""
    if state.finished:
        return []
    return ["turn"] if state.turns else ["turn", "frame"]


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") and not name.endswith("'s") else f"{name}'s"


def _cards_text(cards: Sequence[Card]) -> str:
    from referee.outofsight.rules import join_and

    return join_and([str(c) for c in cards]) if cards else "nothing"


def brief_action(action: Action, younger: bool = False) -> str:
    """What an undo takes back, in words: ``Brian's turn (red-3 and blue-5, banked)``
    (``younger``: the younger players' game, where Time keeps the cards too)."""
    from referee.outofsight.game import FrameAction, TurnAction

    if isinstance(action, TurnAction):
        end = "banked" if action.end == "stop" or younger else "lost"
        return f"{_possessive(action.player)} turn ({_cards_text(action.cards)}, {end})"
    if isinstance(action, FrameAction):
        return f"frame {action.frame}"
    return "an undo"  # pragma: no cover - undos and redos are never taken back


def _closed_frames(current: Game) -> dict[int, FrameScore]:
    """For each action in force that closed a frame: the frame's score."""
    from referee.outofsight.game import FrameAction, TurnAction

    setup, state = current.log.setup, current.state
    out: dict[int, FrameScore] = {}
    turns = 0
    for i in current.in_force:
        action = current.log.history[i]
        closes = isinstance(action, FrameAction)
        if isinstance(action, TurnAction):
            turns += 1
            closes = turns == FRAMES * len(setup.players)
        if closes:
            turns = 0
            if len(out) < len(state.frames):
                out[i] = state.frames[len(out)].score
    return out


def _score_text(score: FrameScore) -> str:
    points = ", ".join(f"{p.player} {p.points}" for p in score.players)
    return f"frame {score.frame} scored: {points}"


def action_text(action: Action, closed: FrameScore | None = None, younger: bool = False) -> str:
    """One recorded action in words: ``Brian collected red-3 and blue-5 and
    stopped (banked)``, and the frame's scores when it closed one."""
    from referee.outofsight.game import TurnAction

    if isinstance(action, TurnAction):
        cards = _cards_text(action.cards)
        if action.end == "stop":
            text = f"{action.player} collected {cards} and stopped (banked)"
        elif younger:
            text = f"{action.player} collected {cards} until time ran out (banked)"
        else:
            text = f"{action.player} collected {cards}, but time ran out (lost)"
        if action.doubles is not None:
            text += f", after a {action.doubles}"
        return f"{text}; {_score_text(closed)}" if closed is not None else text
    if closed is not None:
        text = _score_text(closed)
        return text[0].upper() + text[1:]
    return f"Frame {getattr(action, 'frame', '?')} recorded"


def activity(current: Game) -> list[dict[str, Any]]:
    """The newest recorded actions in words, newest first (at most
    :data:`referee.engine.ACTIVITY`): ``{"version", "by", "text"}``."""
    from referee import engine
    from referee.outofsight.game import GAME, Redo, Undo

    closed = _closed_frames(current)
    out = []
    for entry in engine.activity(GAME, current.log):
        action = entry.action
        if isinstance(action, (Undo, Redo)):
            what = (
                brief_action(entry.target, current.log.setup.younger)
                if entry.target is not None
                else "?"
            )
            verb = "undid" if isinstance(action, Undo) else "redid"
            text = f"{action.by} {verb} {what}" if action.by else f"{verb.capitalize()} {what}"
        else:
            text = action_text(action, closed.get(entry.version - 1), current.log.setup.younger)
        out.append({"version": entry.version, "by": action.by, "text": text})
    return out


def _undo_doc(current: Game) -> dict[str, Any] | None:
    """What undo would take back now: ``{"text", "version"}``, or null."""
    last = current.last
    if last is None:
        return None
    return {
        "text": brief_action(last, current.log.setup.younger),
        "version": current.in_force[-1] + 1,
    }


def _redo_doc(current: Game) -> dict[str, Any] | None:
    """What redo would put back now: ``{"text", "version"}``, or null."""
    back = current.next_redo
    if back is None:
        return None
    return {
        "text": brief_action(back, current.log.setup.younger),
        "version": current.undone[-1] + 1,
    }


def ranking(setup: Setup, state: State) -> list[dict[str, Any]] | None:
    """Once over: the winners first (a tie on points settled as the rules
    settle it), then the others by points; equal points share a place."""
    result = state.result(setup)
    if result is None:
        return None
    totals = dict(result.totals)
    out: list[dict[str, Any]] = [
        {"place": 1, "players": list(result.winners), "score": totals[result.winners[0]]}
    ]
    if result.tied and len(result.winners) < len(result.tied):
        numbers = dict(result.numbers)
        shown = ", ".join(f"{p} {numbers[p]}" for p in result.tied)
        out[0]["note"] = f"won the tie on points by the final frame's card numbers: {shown}"
    rest = sorted((p for p in setup.players if p not in result.winners), key=lambda p: -totals[p])
    place = len(result.winners) + 1
    for i, player in enumerate(rest):
        if i and totals[rest[i - 1]] == totals[player]:
            out[-1]["players"].append(player)
        else:
            out.append({"place": place + i, "players": [player], "score": totals[player]})
    return out


def show(path: str) -> Report:
    """The game as it is."""
    from referee import engine
    from referee.outofsight.game import GAME

    current = engine.load(GAME, path)
    return Report(game_doc(current), True, current.version, Stepped(current), current)


def new(
    path: str,
    *,
    players: Sequence[str],
    mode: Mode = "basic",
    first: str | None = None,
    colours: Sequence[str] | None = None,
    roll: Sequence[str | Mapping[str, int]] = (),
    variant: str | None = None,
    force: bool = False,
) -> Report:
    """Start a game file for these players (version 0); errors name the
    fields ``players`` and ``first``. ``colours``: the deck's (default
    :data:`~referee.outofsight.rules.DECK_COLOURS`); a card of another colour
    is refused. ``roll``: the roll-off for the first player, each round
    ``"ann=5,bob=3"`` or a mapping (every player, then the re-rolls of the
    tied). ``variant``: ``younger``, the "Tips for Younger Players" game."""
    from referee import engine
    from referee.core.values import replace
    from referee.outofsight.game import GAME, VARIANTS, Setup
    from referee.outofsight.rolls import parse_round, roll_off
    from referee.outofsight.rules import DECK_COLOURS

    if variant is not None and variant not in VARIANTS:
        raise InputError(f"one of {', '.join(VARIANTS)}, got {brief(variant)}", place="variant")
    if roll and first is not None:
        raise InputError("first and roll both say who starts: give one", place="roll")
    setup = Setup.of(list(players), mode, first, colours or DECK_COLOURS)
    if roll:
        rounds = [parse_round(r) if isinstance(r, str) else tuple(r.items()) for r in roll]
        starter, kept = roll_off(setup.players, rounds)
        setup = replace(setup, first=starter, roll_off=kept)
    if variant is not None:
        setup = replace(setup, variant="younger")
    created = engine.create(GAME, path, setup, force=force)
    doc = {
        "output": path,
        "mode": setup.mode,
        "players": list(setup.players),
        "first": setup.players[setup.start],
        "next_frame": 1,
        "version": created.version,
    }
    if setup.variant is not None:
        doc.update({"variant": setup.variant, "timer_visible": True})
    if setup.roll_off:
        doc.update({"roll_off": [dict(r) for r in setup.roll_off]})
    return Report(doc, True, created.version, Stepped(created), created)


def _refused(current: Game, reason: str, explanation: str, action: Action | None) -> Report:
    """A step the rules refuse: nothing written, the game as it is."""
    from referee.outofsight import formats, render

    doc = {
        "valid": False,
        "reason": reason,
        "explanation": explanation,
        "recorded": False,
        "action": formats.write_action(action) if action is not None else None,
        **render.game_json(current.log.setup, current.state, current.version),
    }
    return Report(doc, False, current.version, Stepped(current, action, reason=reason), current)


def _bad_prefer(detail: str) -> InputError:
    """Preferences that do not fit the banks: the same input error as score-frame's."""
    return InputError(detail, place="prefer")


def turn(
    path: str,
    *,
    cards: Sequence[Card] = (),
    stop: bool = False,
    time: bool = False,
    doubles: Doubles | None = None,
    player: str | None = None,
    prefer: Prefer | None = None,
    rolls: str | Sequence[str | RollTake] | None = None,
    by: str | None = None,
    expect_version: int | None = None,
) -> Report:
    """Record the current player's turn: ``stop`` (the cards are banked) or
    ``time`` (lost to the discard pile; in the younger players' game kept
    too). After every player's third turn the frame closes and is scored.
    ``rolls``, if given, are the dice behind the turn (``"5,4,2:9,2
    6,6,1:wipe"``, or a list of such rolls): each take is checked as ``take``
    checks it, and the turn's cards must be what they took (refused:
    ``bad-rolls``, naming the roll); a Doubles call in them is the turn's."""
    from referee import engine
    from referee.outofsight import formats, render
    from referee.outofsight.game import GAME, TurnAction, step
    from referee.outofsight.rolls import RollTake, parse_rolls

    if stop == time:
        raise InputError("give exactly one of stop and time", place="stop")
    behind: tuple[RollTake, ...] = ()
    if rolls is not None:
        behind = (
            parse_rolls(rolls)
            if isinstance(rolls, str)
            else tuple(r if isinstance(r, RollTake) else parse_rolls(r)[0] for r in rolls)
        )
        calls = {r.doubles for r in behind if r.doubles is not None}
        if doubles is None and len(calls) == 1:
            doubles = "flip" if calls == {"flip"} else "wipe"
    collected = turn_cards(cards)
    chosen = dict(prefer or {})
    named = player.strip() if player is not None else None

    def decide(current: Game) -> engine.Decision[Action, tuple[TurnAction, Any]]:
        setup, state = current.log.setup, current.state
        entered = setup.find(by, "by") if by is not None else None
        setup.check_colours(collected, "cards")
        if setup.younger and doubles is not None and not behind:
            raise InputError(
                "the younger players' game has no Doubles card (no Flip or Wipe)",
                place="doubles",
            )
        now = state.turn(setup)
        who = named if named is not None else (now.player if now else "")
        if named is not None:
            who = _as_player(setup, named)
        action = TurnAction(
            who,
            collected,
            "stop" if stop else "time",
            doubles,
            _named(setup, chosen),
            entered,
            behind,
        )
        after = step(setup, state, action)
        if isinstance(after, engine.Refusal):
            if after.reason == "bad-prefer":
                raise _bad_prefer(after.detail)
            return engine.Decision(None, (action, after))
        closed = after.frames[-1].score if len(after.frames) > len(state.frames) else None
        return engine.Decision(action, (action, closed))

    acted = engine.act(GAME, path, decide, expect_version=expect_version)
    action, outcome = acted.result
    if isinstance(outcome, engine.Refusal):
        return _refused(acted.game, outcome.reason, outcome.detail, action)
    setup, state = acted.game.log.setup, acted.game.state
    doc = {
        "recorded": True,
        "played": formats.write_action(action),
        "closed": render.frame_json(outcome) if outcome is not None else None,
        **render.game_json(setup, state, acted.version),
    }
    detail = Stepped(acted.game, action, True, outcome)
    return Report(doc, True, acted.version, detail, acted.game)


class _RecordFrame:
    """``frame``: judge a frame against the game as it is under the lock, and
    write the ``next`` file before the game (so nothing can fail after the
    game is written; a next file this step created is removed again if
    writing the game fails)."""

    def __init__(
        self,
        path: str,
        sheet: FrameSheet,
        prefer: Prefer,
        *,
        next_file: str | None,
        force: bool,
        dry_run: bool,
        by: str | None = None,
    ) -> None:
        self.by = by
        self.path = path
        self.sheet = sheet
        self.prefer = prefer
        self.next_file = next_file
        self.force = force
        self.dry_run = dry_run
        self.after: State | None = None
        self.next_text: str | None = None
        self.created: str | None = None
        """The next file this step created (removed if the game write fails)."""

    def check_outputs(self) -> None:
        """The next file may be written, and it is not the game file."""
        from referee.core.files import check_destinations

        if self.next_file is None:
            return
        check_destinations([(self.next_file, "next frame file")], force=self.force)
        check_destinations([(self.path, "game"), (self.next_file, "next frame file")], force=True)

    def decide(self, current: Game) -> engine.Decision[Action, Any]:
        from referee import engine
        from referee.core.values import replace
        from referee.outofsight import formats
        from referee.outofsight.game import propose_frame, step

        setup, state = current.log.setup, current.state
        sheet = self.sheet
        entered = setup.find(self.by, "by") if self.by is not None else None
        banks = [(_as_player(setup, name), bank) for name, bank in sheet.banks]
        for _, bank in banks:
            setup.check_colours(bank.cards, "frame_file")
        prefer = dict(_named(setup, self.prefer))
        action = propose_frame(setup, state, banks, prefer, frame=sheet.frame, mode=sheet.mode)
        if isinstance(action, engine.Refusal):
            return engine.Decision(None, (None, action))
        if entered is not None:
            action = replace(action, by=entered)
        after = step(setup, state, action)
        if isinstance(after, engine.Refusal):
            if after.reason == "bad-prefer":
                raise _bad_prefer(after.detail)
            return engine.Decision(None, (action, after))
        score = after.frames[-1].score
        if self.next_file is not None:
            self.next_text = formats.next_frame_text(score)
            if self.next_text is None:
                raise nothing_saved(score)
        self.after = after
        return engine.Decision(None if self.dry_run else action, (action, score))

    def write_next(self) -> None:
        import os

        from referee.core.files import write_text

        if self.next_file is None or self.next_text is None:
            return
        self.check_outputs()
        existed = os.path.exists(self.next_file)
        write_text(self.next_file, self.next_text, force=self.force, what="next frame file")
        if not existed:
            self.created = os.path.realpath(self.next_file)

    def run(self, expect_version: int | None) -> Report:
        import contextlib
        import os

        from referee import engine
        from referee.outofsight import render
        from referee.outofsight.game import GAME

        self.check_outputs()
        try:
            acted = engine.act(
                GAME,
                self.path,
                self.decide,
                expect_version=expect_version,
                before_write=self.write_next,
            )
        except BaseException:
            if self.created is not None:
                with contextlib.suppress(OSError):
                    os.unlink(self.created)
            raise
        action, outcome = acted.result
        if isinstance(outcome, engine.Refusal):
            return _refused(acted.game, outcome.reason, outcome.detail, action)
        if not acted.recorded:
            self.write_next()  # a dry run: the next file is the only output
        setup, after, score = acted.game.log.setup, self.after, outcome
        assert after is not None
        doc = {
            **render.frame_json(score),
            "warnings": list(after.warnings()),
            **render.standing_json(setup, after),
            "recorded": acted.recorded,
            "output": self.next_file,
            "version": acted.version,
        }
        if acted.recorded and action is not None and action.by is not None:
            doc["by"] = action.by
        detail = Stepped(acted.game, action, acted.recorded, score, after, self.next_file)
        return Report(doc, True, acted.version, detail, acted.game)


def frame(
    path: str,
    *,
    frame_file: FrameSheet,
    prefer: Prefer | None = None,
    dry_run: bool = False,
    next_file: str | None = None,
    force: bool = False,
    by: str | None = None,
    expect_version: int | None = None,
) -> Report:
    """Record and score the next frame from its banks (as score-frame scores
    them); every player needs a bank holding the cards they saved in the
    previous frame. ``dry_run``: score it, record nothing. ``next_file``: also
    write the next frame's file (a path: from the command line or Python)."""
    command = _RecordFrame(
        path,
        frame_file,
        dict(prefer or {}),
        next_file=next_file,
        force=force,
        dry_run=dry_run,
        by=by,
    )
    return command.run(expect_version)


def _as_player(setup: Setup, name: str) -> str:
    """The player ``name`` names in any case (else ``name`` as given, for
    the rules to refuse)."""
    try:
        return setup.find(name)
    except InputError:
        return name


def _named(setup: Setup, prefer: Prefer) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Preferences keyed by the players' names as the game spells them."""
    return tuple((_as_player(setup, name), colours) for name, colours in prefer.items())


def undo(path: str, *, by: str | None = None, expect_version: int | None = None) -> Report:
    """Take back the latest action still in force (recorded as an undo)."""
    from referee.outofsight.game import Undo

    return _back("undo", path, Undo, by, expect_version)


def redo(path: str, *, by: str | None = None, expect_version: int | None = None) -> Report:
    """Right after one or more undos: put back the action the latest undo
    took back (recorded as a redo); refused (``nothing-to-redo``) otherwise."""
    from referee.outofsight.game import Redo

    return _back("redo", path, Redo, by, expect_version)


def _back(kind: str, path: str, make: Any, by: str | None, expect_version: int | None) -> Report:
    """``undo`` or ``redo``: the same report, ``undone`` or ``redone``."""
    from referee import engine
    from referee.outofsight import formats, render
    from referee.outofsight.game import GAME

    def action(current: Game) -> Action:
        entered = current.log.setup.find(by, "by") if by is not None else None
        made: Action = make(entered)
        return made

    if kind == "undo":
        acted = engine.undo(GAME, path, expect_version=expect_version, action=action)
    else:
        acted = engine.redo(GAME, path, action, expect_version=expect_version)
    setup, state = acted.game.log.setup, acted.game.state
    undone = acted.result
    refused = isinstance(undone, engine.Refusal)
    key = "undone" if kind == "undo" else "redone"
    doc = {
        "valid": not refused,
        key: None if isinstance(undone, engine.Refusal) else formats.write_action(undone),
        "reason": undone.reason if isinstance(undone, engine.Refusal) else None,
        "explanation": (
            (undone.detail or "there is no action to take back")
            if isinstance(undone, engine.Refusal)
            else None
        ),
        **render.standing_json(setup, state),
        "version": acted.version,
    }
    if not refused and by is not None:
        doc["by"] = acted.game.log.history[-1].by
    detail = Stepped(
        acted.game,
        recorded=not refused,
        undone=None if isinstance(undone, engine.Refusal) else undone,
        reason=undone.reason if isinstance(undone, engine.Refusal) else None,
    )
    return Report(doc, not refused, acted.version, detail, acted.game)


# ----------------------------------------------------------------- questions


def nothing_saved(score: FrameScore) -> InputError:
    why = "the final frame" if score.final else "a frame of the basic game"
    return InputError(f"nothing is saved after {why}", place="next")


def score_frame(
    *,
    file: FrameSheet,
    mode: Mode | None = None,
    frame: int | None = None,
    final: bool = False,
    prefer: Prefer | None = None,
    next_file: str | None = None,
    force: bool = False,
) -> Report:
    """Score a frame: points, saved and lost cards. ``mode`` and ``frame`` win
    over the frame's own; ``next_file`` (a path) receives the next frame's
    file, holding the saved cards."""
    from referee.outofsight import formats, render
    from referee.outofsight.rules import score_frame as score_banks

    if final and frame not in (None, FRAMES):
        raise InputError(f"contradicts frame {frame} (the final frame is {FRAMES})", place="final")
    chosen: Mode = mode or file.mode or "basic"
    number = FRAMES if final else (frame or file.frame or 1)
    score = score_banks(file.banks, chosen, number, dict(prefer or {}))
    if next_file is not None:
        from referee.core.files import check_destinations, write_text

        next_text = formats.next_frame_text(score)
        if next_text is None:
            raise nothing_saved(score)
        check_destinations([(next_file, "next frame file")], force=force)
        write_text(next_file, next_text, force=force, what="next frame file")
    doc = {**render.frame_json(score), "output": next_file}
    return Report(doc, True, None, Scored(score, next_file))


def take(
    *,
    roll: Roll,
    cards: Sequence[int] | None = None,
    row: Sequence[int] | None = None,
    best: bool = False,
    doubles: DoublesCall | None = None,
) -> Report:
    """Is this dice take legal (the ``cards``, from the ``row`` if given)?
    Or, with ``best``: the largest take from the ``row``."""
    from referee.outofsight import render
    from referee.outofsight.takes import best_take, check_take

    if best:
        if cards is not None:
            raise InputError("give either cards (to check a take) or best, not both", place="best")
        if row is None:
            raise InputError("needs the row, the face-up cards to choose from", place="best")
        verdict = best_take(roll, row, doubles)
    else:
        if cards is None:
            raise InputError("missing; give the cards taken, or the row with best", place="cards")
        verdict = check_take(roll, cards, row, doubles)
    return Report(render.take_json(verdict), verdict.valid, None, verdict)


# -------------------------------------------------------------------- values


def turn_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of a turn: at most the deck, each with its number."""
    if len(cards) > DECK:
        raise InputError(f"more than the {DECK} cards of the deck", place="cards")
    for card in cards:
        if card.number is None:
            raise InputError(
                f"card {str(card)!r} has no number (write colour-number, like blue-7)",
                place="cards",
            )
    return tuple(cards)


def parse_turn_cards(text: str, place: str | None = "cards") -> tuple[Card, ...]:
    """``red-3,blue-5`` (empty: no cards); every card needs its number."""
    items = [t.strip() for t in text.split(",")] if text.strip() else []
    return _turn_cards_of(items, place)


def _turn_cards_of(items: Sequence[str], place: str | None) -> tuple[Card, ...]:
    if len(items) > DECK:
        raise InputError(f"more than the {DECK} cards of the deck", place=place)
    cards: list[Card] = []
    for item in items:
        try:
            card = Card.from_text(item)
        except InputError as exc:
            raise (exc.at(place) if place else exc) from None
        if card.number is None:
            raise InputError(
                f"card {item!r} has no number (write colour-number, like blue-7)", place=place
            )
        cards.append(card)
    return tuple(cards)


def _items(value: Any, what: str, most: int) -> list[str]:
    """A list given as a list (of strings or whole numbers) or as one text with commas."""
    if isinstance(value, str):
        if len(value) > 10_000:
            raise InputError(f"at most 10,000 characters, got {len(value)}")
        return value.split(",") if value.strip() else []
    if not isinstance(value, (list, tuple)) or len(value) > most:
        raise InputError(f"expected {what} (a list, or a text with commas), got {brief(value)}")
    out = []
    for i, item in enumerate(value):
        if isinstance(item, bool) or not isinstance(item, (str, int)) or "," in str(item):
            raise InputError(f"expected one item, got {brief(item)}", place=f"[{i}]")
        out.append(str(item))
    return out


def _cards_value(value: Any, ctx: sv.Ctx) -> tuple[Card, ...]:
    items = [t.strip() for t in _items(value, "cards like red-3", DECK + 1)]
    return _turn_cards_of(items, None)


def _roll_value(value: Any, ctx: sv.Ctx) -> Roll:
    from referee.outofsight.takes import Roll

    return Roll.from_text(",".join(_items(value, "three dice", 10)), place=None)


def _numbers(limit: int | None) -> sv.Converter:
    def convert(value: Any, ctx: sv.Ctx) -> tuple[int, ...]:
        from referee.outofsight.takes import parse_cards

        return parse_cards(",".join(_items(value, "card numbers", 20)), None, limit=limit)

    return convert


def _prefer_value(value: Any, ctx: sv.Ctx) -> Prefer:
    """``PLAYER=colour,...`` texts (a list, or one), or a mapping player -> colours."""
    if isinstance(value, Mapping):
        texts = []
        for name, colours in value.items():
            if not isinstance(name, str) or "=" in name:
                raise InputError(f"expected a player's name, got {brief(name)}")
            listed = ",".join(_items(colours, "colours", DECK))
            texts.append(f"{name}={listed}")
        return parse_prefer(texts, None)
    return parse_prefer(sv.strings(40)(value, ctx), None)


VARIANT_NAMES = ("younger",)


def _roll_off_value(value: Any, ctx: sv.Ctx) -> list[str | dict[str, int]]:
    """``roll``: the rounds of a roll-off, each ``"ann=5,bob=3"`` or a mapping
    player -> number (one round alone, or a list of them)."""
    items = value if isinstance(value, (list, tuple)) else [value]
    if len(items) > 100:
        raise InputError(f"at most 100 rounds, got {len(items)}")
    out: list[str | dict[str, int]] = []
    for i, item in enumerate(items):
        if isinstance(item, Mapping):
            if len(item) > 100:
                raise InputError("at most 100 players", place=f"[{i}]")
            out.append({_name_value(k, ctx): sv.whole(1, 18)(v, ctx) for k, v in item.items()})
        else:
            out.append(sv.text(2_000)(item, ctx))
    return out


def _rolls_value(value: Any, ctx: sv.Ctx) -> str | list[str]:
    """``rolls``: ``"5,4,2:9,2 6,6,1:wipe"`` or a list of rolls."""
    if isinstance(value, str):
        return sv.text(20_000)(value, ctx)
    return sv.strings(1000)(value, ctx)


def _mode_value(value: Any, ctx: sv.Ctx) -> Mode:
    return "advanced" if sv.choice(*MODES)(value, ctx) == "advanced" else "basic"


def _doubles_value(value: Any, ctx: sv.Ctx) -> Doubles:
    return "flip" if sv.choice("flip", "wipe")(value, ctx) == "flip" else "wipe"


def _name_value(value: Any, ctx: sv.Ctx) -> str:
    return sv.text(100)(value, ctx).strip()


def _sheet_path(path: str, ctx: sv.Ctx) -> FrameSheet:
    from referee.outofsight.formats import load_frame_sheet

    return load_frame_sheet(path)


def _sheet_value(value: Any, ctx: sv.Ctx) -> FrameSheet:
    from referee.outofsight.formats import read_frame_sheet

    if isinstance(value, str):
        raise InputError(
            "give the frame itself (an object with players:); file names are not accepted here"
        )
    if not isinstance(value, dict):
        raise InputError(
            f"give the frame as an object (players: each player's bank), got {brief(value)}"
        )
    return read_frame_sheet(value)


def _written(value: Any, ctx: sv.Ctx) -> str:
    """A file to write: a path, from the command line or Python only."""
    path = sv.path_of(value)
    if path is None or not ctx.files:
        raise InputError(
            "the next frame's file is written from the command line or Python only; "
            "file names are not accepted here"
        )
    return path


FRAME_SHEET = sv.file(_sheet_path, _sheet_value, "frame")
PREFER = sv.Param(
    "prefer",
    _prefer_value,
    kind="list",
    help="Among piles of equal size, these colours of a player go higher: "
    "PLAYER=colour,... (or a mapping player: [colours]).",
)
NEXT = sv.Param(
    "next",
    _written,
    kind="file",
    target="next_file",
    help="Write the next frame's file, holding each player's saved cards (not from the web).",
)
FORCE = sv.Param("force", sv.flag, kind="flag", help="Overwrite an existing file.")
EXPECT = sv.Param("expect_version", sv.whole(0, 10**9), help="Refuse unless the game is at N.")
BY = sv.Param("by", sv.text(100), help="Who entered the step: a player's name (recorded).")

STEPS: dict[str, sv.Step] = {
    "turn": sv.Step(
        "turn",
        turn,
        (
            sv.Param(
                "cards", _cards_value, kind="list", help="The cards collected, like red-3,blue-5."
            ),
            sv.Param("stop", sv.flag, kind="flag", help="The player called Stop: cards banked."),
            sv.Param("time", sv.flag, kind="flag", help="Time was called first: cards lost."),
            sv.Param("doubles", _doubles_value, choices=("flip", "wipe")),
            sv.Param("player", _name_value, help="Whose turn this is (checked)."),
            PREFER,
            sv.Param(
                "rolls",
                _rolls_value,
                kind="list",
                help="The rolls behind the turn: 5,4,2:9,2 6,6,1:wipe (dice, then what each "
                "took); checked against the cards.",
            ),
            BY,
            EXPECT,
        ),
        "Record the current player's turn.",
    ),
    "frame": sv.Step(
        "frame",
        frame,
        (
            sv.Param(
                "frame_file",
                FRAME_SHEET,
                required=True,
                kind="file",
                help="The frame: players: each player's bank (mode: and frame: optional).",
            ),
            PREFER,
            sv.Param("dry_run", sv.flag, kind="flag", help="Score it, record nothing."),
            NEXT,
            FORCE,
            BY,
            EXPECT,
        ),
        "Record and score the next frame.",
    ),
    "undo": sv.Step("undo", undo, (BY, EXPECT), "Take back the latest action."),
    "redo": sv.Step("redo", redo, (BY, EXPECT), "Right after undo: put back what it took back."),
}
"""The steps of a game, beside ``new`` and ``show``."""

NEW = sv.Step(
    "new",
    new,
    (
        sv.Param(
            "players",
            sv.names(100, 200),
            required=True,
            kind="list",
            help="The players, in order (2 to 12).",
        ),
        sv.Param("mode", _mode_value, choices=MODES, help="basic or advanced."),
        sv.Param("first", _name_value, help="Who starts each frame (default: the first listed)."),
        sv.Param(
            "colours",
            sv.names(DECK, 30),
            kind="list",
            help="The deck's colours (default: blue, yellow, green, purple, silver, red, "
            "orange, pink, brown); a card of another colour is refused.",
        ),
        sv.Param(
            "roll",
            _roll_off_value,
            kind="list",
            help="The roll-off for the first player: ann=5,bob=3,cy=5, then the re-roll of "
            "the tied (ann=6,cy=4).",
        ),
        sv.Param(
            "variant",
            sv.choice(*VARIANT_NAMES),
            choices=VARIANT_NAMES,
            help="younger: the younger players' game (no Doubles card, the timer shown, "
            "every turn keeps its cards).",
        ),
        FORCE,
    ),
    "Start a game for these players (version 0).",
)

SHOW = sv.Step("show", show, (), "The score pad: points per frame and in total, the winner.")

QUESTIONS: dict[str, sv.Step] = {
    "score-frame": sv.Step(
        "score-frame",
        score_frame,
        (
            sv.Param(
                "file",
                FRAME_SHEET,
                required=True,
                kind="file",
                help="The frame: players: each player's bank (mode: and frame: optional).",
            ),
            sv.Param("mode", _mode_value, choices=MODES, help="Wins over the frame's mode."),
            sv.Param("frame", sv.whole(1, FRAMES), help="1, 2 or 3 (wins over the frame's)."),
            sv.Param("final", sv.flag, kind="flag", help="Score as the final frame."),
            PREFER,
            NEXT,
            FORCE,
        ),
        "Score a frame: points, saved and lost cards.",
    ),
    "take": sv.Step(
        "take",
        take,
        (
            sv.Param("roll", _roll_value, required=True, help="The three dice, like 5,4,2."),
            sv.Param("cards", _numbers(None), kind="list", help="The cards taken, like 9,2."),
            sv.Param("row", _numbers(5), kind="list", help="The face-up card row."),
            sv.Param("best", sv.flag, kind="flag", help="The largest take from the row."),
            sv.Param("doubles", _doubles_value, choices=("flip", "wipe")),
        ),
        "Is this dice take legal? Or: the best take.",
    ),
}
"""One-shot questions: they answer, and write a file only when asked (``next``)."""
