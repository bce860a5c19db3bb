"""Blind Spot's service: its game's steps and its questions, on values.

Every function takes values (a :class:`~referee.blindspot.formats.LayoutFile`,
a :class:`~referee.core.cells.Cell`, an open
:class:`~referee.core.dictionary.Dictionary`, house words as a set) and
returns a :class:`~referee.service.Report` whose ``doc`` is what the command
line prints under ``--json``. The command line (:mod:`referee.blindspot.cli`,
:mod:`referee.blindspot.game_cli`), the web server and the Python API
(:mod:`referee.api`) are its clients; ``STEPS`` and ``QUESTIONS`` give the
fields each takes from the web and from Python.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee import service as sv
from referee.blindspot.formats import LayoutFile
from referee.blindspot.render import explain
from referee.blindspot.rules import COLOURS, SIZE, Position, legal_plays, three_letter_words
from referee.blindspot.rules import check_word as rules_check_word
from referee.core.cells import Cell
from referee.core.dictionary import Dictionary, open_lexicon
from referee.core.errors import InputError, RefereeError
from referee.core.errors import show as brief
from referee.core.files import display_name
from referee.core.values import frozen
from referee.service import Report

if TYPE_CHECKING:
    # The game machinery is imported by the game's functions only: check-word
    # and words, one process per question, load no engine.
    from referee import engine
    from referee.blindspot.game import Action, GameSetup, GameState, Mode, Outcome

    Game = engine.Replayed[GameSetup, GameState, Action]


@frozen
class Stepped:
    """A game step's ``Report.detail``: the game as it is now, the action
    tried, its outcome and (for an undo) the action taken back."""

    game: Game
    action: Action | None = None
    outcome: Outcome | None = None
    undone: Action | None = None
    redone: Action | None = None


def three_letter(dictionary: Dictionary) -> Container[str]:
    """The 3-letter words a verdict consults: the rulebook's list and the house words."""
    return three_letter_words() | dictionary.extra if dictionary.extra else three_letter_words()


# ------------------------------------------------------------------ the game


def game_doc(current: Game) -> dict[str, Any]:
    """``referee blindspot game show FILE --json``: the state (names in
    ``players`` and ``turn``, the colours in ``seats``), and what a table's
    page shows beside it: the steps the rules allow now (``next``), the
    newest actions in words (``activity``), what ``undo`` and ``redo`` would
    do, the ``ranking`` once over and the sand timer's seconds."""
    from referee.blindspot.game import TIMER_SECONDS

    setup, state = current.log.setup, current.state
    return {
        "version": current.version,
        **state_doc(setup, state),
        "timer_seconds": TIMER_SECONDS,
        "next": next_steps(state),
        "activity": activity(current),
        "undo": _undo_doc(current),
        "redo": _redo_doc(current),
        "ranking": ranking(setup, state),
    }


def state_doc(setup: GameSetup, state: GameState) -> dict[str, Any]:
    """The state as every game command reports it: the players (names) and
    their seats (colours), the mode, whose turn (a name), and whether the game
    is over, beside the spots (keyed by colour)."""
    return {
        "mode": setup.mode,
        "players": list(setup.people),
        "seats": setup.seats(),
        "over": state.over,
        **state.to_dict(setup),
        "turn": setup.name_of(state.turn),
    }


def next_steps(state: GameState) -> list[str]:
    """The steps the rules allow now for the player on turn."""
    if state.over:
        return []
    if state.bonus_owed is not None:
        return ["bonus", "skip-bonus"]
    return ["play", "timeout"]


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") and not name.endswith("'s") else f"{name}'s"


def brief_action(setup: GameSetup, action: Action) -> str:
    """What an undo takes back, in words: ``Ben's TEAS at D4``."""
    who = _possessive(setup.name_of(action.player) or "?")
    if action.kind == "play":
        return f"{who} {(action.word or '').upper()} at {action.at.name if action.at else '?'}"
    if action.kind == "bonus":
        return f"{who} bonus spot at {action.at.name if action.at else '?'}"
    if action.kind == "skip-bonus":
        return f"{who} skipped bonus spot"
    return f"{who} timeout"


def _timeouts(current: Game) -> dict[int, int]:
    """For each timeout in force: the seat's spots on the glasses once it was taken."""
    counts: dict[str, int] = {}
    out: dict[int, int] = {}
    history = current.log.history
    for i in current.in_force:
        action = history[i]
        if action.kind == "timeout" and action.player is not None:
            counts[action.player] = counts.get(action.player, 0) + 1
            out[i] = counts[action.player]
    return out


def action_text(setup: GameSetup, action: Action, glasses: int | None = None) -> str:
    """One recorded action in words: ``Ben played TEAS at D4``."""
    who = setup.name_of(action.player) or "?"
    at = action.at.name if action.at else "?"
    if action.kind == "play":
        return f"{who} played {(action.word or '').upper()} at {at}"
    if action.kind == "bonus":
        return f"{who} placed the farsighted bonus spot at {at}"
    if action.kind == "skip-bonus":
        return f"{who} skipped the farsighted bonus spot"
    if glasses is not None and glasses >= 2:
        spot = "a second spot on the glasses: out"
    else:
        spot = "a spot on the glasses"
    if action.forced:
        spot += ", although a word was there"
    return f"{who} timed out ({spot})"


def activity(current: Game) -> list[dict[str, Any]]:
    """The newest recorded actions in words, newest first (at most
    :data:`referee.engine.ACTIVITY`): ``{"version", "by", "text"}``."""
    from referee import engine
    from referee.blindspot.game import BLIND_SPOT

    setup = current.log.setup
    glasses = _timeouts(current)
    out = []
    for entry in engine.activity(BLIND_SPOT, current.log):
        action = entry.action
        if action.kind in ("undo", "redo"):
            what = brief_action(setup, entry.target) if entry.target is not None else "?"
            verb = "undid" if action.kind == "undo" else "redid"
            text = f"{action.by} {verb} {what}" if action.by else f"{verb.capitalize()} {what}"
        else:
            text = action_text(setup, action, glasses.get(entry.version - 1))
        out.append({"version": entry.version, "by": action.by, "text": text})
    return out


def _undo_doc(current: Game) -> dict[str, Any] | None:
    """What undo would take back now: ``{"text", "version"}``, or null."""
    last = current.last
    if last is None:
        return None
    return {"text": brief_action(current.log.setup, last), "version": current.in_force[-1] + 1}


def _redo_doc(current: Game) -> dict[str, Any] | None:
    """What redo would put back now: ``{"text", "version"}``, or null."""
    back = current.next_redo
    if back is None:
        return None
    return {"text": brief_action(current.log.setup, back), "version": current.undone[-1] + 1}


def ranking(setup: GameSetup, state: GameState) -> list[dict[str, Any]] | None:
    """The final ranking once over (``None`` before): the winner, then the
    players out, the last one out first; a team game's winning team, then the
    other; solo play's score."""
    if not state.over:
        return None
    if setup.mode == "solo":
        return [{"place": 1, "players": list(setup.people), "score": state.solo_score(setup)}]
    if setup.mode == "teams":
        winners = state.winner if isinstance(state.winner, tuple) else (state.winner,)
        won = [setup.name_of(c) for c in setup.players if c in winners]
        lost = [setup.name_of(c) for c in setup.players if c not in winners]
        return [
            {"place": 1, "players": won, "score": None},
            {"place": 2, "players": lost, "score": None},
        ]
    order = [state.winner] if isinstance(state.winner, str) else []
    order += [seat for seat in reversed(state.eliminated) if seat not in order]
    return [
        {"place": i, "players": [setup.name_of(seat)], "score": None}
        for i, seat in enumerate(order, 1)
    ]


def _step_report(
    current: Game,
    *,
    action: Action | None = None,
    outcome: Outcome | None = None,
    extra: dict[str, Any] | None = None,
    undone: Action | None = None,
    redone: Action | None = None,
) -> Report:
    """The report of every game step (the JSON of every game command)."""
    setup, state = current.log.setup, current.state
    ok = outcome is None or outcome.ok
    verdict = outcome.verdict if outcome is not None else None
    doc: dict[str, Any] = {
        "valid": ok,
        "reason": outcome.reason if outcome is not None else None,
        "explanation": explain(outcome.reason) if outcome is not None else None,
        "version": current.version,
    }
    if action is not None:
        doc["action"] = action.to_dict()
    if verdict is not None:
        doc.update({k: v for k, v in verdict.to_dict().items() if k not in ("valid", "reason")})
    if outcome is not None and outcome.proof is not None:
        doc["proof"] = outcome.proof.to_dict()
    doc.update(extra or {})
    doc["state"] = state_doc(setup, state)
    detail = Stepped(current, action, outcome, undone, redone)
    return Report(doc, ok, current.version, detail, current)


def lexicon_of(
    path: str, setup: GameSetup, dictionary: Dictionary | None, allow: frozenset[str] | None
) -> tuple[Dictionary, Container[str]]:
    """The words a game's plays are judged by: the step's dictionary and house
    words if given, else the game's own (an error then names the game file
    and its key)."""

    def named(key: str, exc: RefereeError) -> RefereeError:
        exc.message = f"{display_name(path)}: {key}: {exc.message}"
        return exc

    if dictionary is None:
        try:
            dictionary = open_lexicon(setup.dictionary)
        except RefereeError as exc:
            raise (named("dictionary", exc) if setup.dictionary else exc) from None
    extra = allow
    if extra is None and setup.allow is not None:
        if isinstance(setup.allow, str):  # a game file of an earlier release
            from referee.core.dictionary import read_word_list

            try:
                extra = read_word_list(setup.allow, "allow list")
            except RefereeError as exc:
                raise named("allow", exc) from None
        else:
            extra = frozenset(setup.allow)
    dictionary = with_words(dictionary, extra)
    return dictionary, three_letter(dictionary)


def _act(
    path: str,
    make: Callable[[GameSetup, GameState], Action],
    *,
    expect_version: int | None,
    by: str | None = None,
    words: Callable[[GameSetup], tuple[Dictionary, Container[str]] | None] | None = None,
) -> Report:
    """Record one action if the rules accept it against the current state
    (``by``: who entered it, a player of the game)."""
    from referee import engine
    from referee.blindspot.game import BLIND_SPOT
    from referee.blindspot.game import step as game_step
    from referee.core.values import replace

    def decide(current: Game) -> engine.Decision[Action, tuple[Action, Outcome]]:
        setup, state = current.log.setup, current.state
        entered = _by(setup, by)
        action: Action = make(setup, state)
        if entered is not None:
            action = replace(action, by=entered)
        found = words(setup) if words is not None else None
        dictionary, three = found if found is not None else (None, None)
        outcome, _ = game_step(setup, state, action, dictionary, three)
        if outcome.reason == "no-bonus-owed":
            raise InputError("no bonus spot is owed", place=action.kind, source=display_name(path))
        return engine.Decision(action if outcome.ok else None, (action, outcome))

    acted = engine.act(BLIND_SPOT, path, decide, expect_version=expect_version)
    action, outcome = acted.result
    return _step_report(acted.game, action=action, outcome=outcome)


def _seat(setup: GameSetup, player: str | None, state: GameState) -> str:
    """The seat acting: the player named (by name, any case, or by colour),
    else whose turn it is."""
    if player is None:
        return state.turn or setup.players[0]
    return setup.find(player, "player")


def _by(setup: GameSetup, by: str | None) -> str | None:
    """The name of the player who entered a step (``by``), checked."""
    if by is None:
        return None
    return setup.name_of(setup.find(by, "by"))


def new(
    path: str,
    *,
    layout: LayoutFile,
    players: Sequence[str | Mapping[str, str]] = (),
    teams: bool = False,
    solo: bool = False,
    dictionary: Dictionary | None = None,
    allow: frozenset[str] | None = None,
    force: bool = False,
) -> Report:
    """Start a game (version 0) in a new file: the dictionary and house words
    are kept for the game (the words themselves, not a file's name). The
    players are ``NAME:COLOUR`` (``Ana:red``), ``{"name", "colour"}``
    mappings or plain colours (then named by their colour)."""
    from referee import engine
    from referee.blindspot.game import BLIND_SPOT, GameSetup, seat_list

    if solo and teams:
        raise InputError("solo and teams cannot be combined", place="solo")
    given = [p for p in players if not isinstance(p, str) or p.strip()]
    seats, names = seat_list(given)
    if not seats and not solo:
        raise InputError("give the players (e.g. red, blue), or solo", place="players")
    mode: Mode = "solo" if solo else "teams" if teams else "standard"
    setup = GameSetup.create(
        layout.board,
        seats,
        mode,
        dictionary=dictionary.spec if dictionary is not None else None,
        allow=tuple(sorted(allow)) if allow else None,
        layout_source=layout.source,
        layout_code=layout.code,
        names=None if solo else names,
    )
    created = engine.create(BLIND_SPOT, path, setup, force=force)
    return _step_report(created, extra={"output": path})


def play(
    path: str,
    *,
    word: str,
    at: Cell,
    player: str | None = None,
    dictionary: Dictionary | None = None,
    allow: frozenset[str] | None = None,
    by: str | None = None,
    expect_version: int | None = None,
) -> Report:
    """Judge a play exactly as ``check-word`` does; if legal, place the spot."""
    from referee.blindspot.game import Action
    from referee.blindspot.rules import normalise_word

    w = normalise_word(word)
    opened: list[tuple[Dictionary, Container[str]]] = []

    def words(setup: GameSetup) -> tuple[Dictionary, Container[str]]:
        if not opened:
            opened.append(lexicon_of(path, setup, dictionary, allow))
        return opened[0]

    return _act(
        path,
        lambda setup, state: Action("play", _seat(setup, player, state), at, w),
        expect_version=expect_version,
        by=by,
        words=words,
    )


def bonus(
    path: str, *, at: Cell, by: str | None = None, expect_version: int | None = None
) -> Report:
    """Place the farsighted bonus spot on any vacant cell."""
    from referee.blindspot.game import Action

    return _act(
        path,
        lambda _, state: Action("bonus", state.bonus_owed, at),
        expect_version=expect_version,
        by=by,
    )


def skip_bonus(path: str, *, by: str | None = None, expect_version: int | None = None) -> Report:
    """Decline the farsighted bonus spot."""
    from referee.blindspot.game import Action

    return _act(
        path,
        lambda _, state: Action("skip-bonus", state.bonus_owed),
        expect_version=expect_version,
        by=by,
    )


def timeout(
    path: str,
    *,
    player: str | None = None,
    anyway: bool = False,
    dictionary: Dictionary | None = None,
    allow: frozenset[str] | None = None,
    by: str | None = None,
    expect_version: int | None = None,
) -> Report:
    """The player failed to spot a word: a spot goes on the glasses tile (in
    solo play refused while a legal play exists, unless ``anyway``)."""
    from referee.blindspot.game import Action

    def words(setup: GameSetup) -> tuple[Dictionary, Container[str]] | None:
        if setup.mode != "solo" or anyway:
            return None
        return lexicon_of(path, setup, dictionary, allow)

    return _act(
        path,
        lambda setup, state: Action("timeout", _seat(setup, player, state), forced=anyway),
        expect_version=expect_version,
        by=by,
        words=words,
    )


def undo(path: str, *, by: str | None = None, expect_version: int | None = None) -> Report:
    """Take back the last action in force (recorded as an undo)."""
    from referee import engine
    from referee.blindspot.game import BLIND_SPOT, Action, Outcome

    made: list[Action] = [Action("undo")]

    def action(current: Game) -> Action:
        made[0] = Action("undo", by=_by(current.log.setup, by))
        return made[0]

    acted = engine.undo(BLIND_SPOT, path, expect_version=expect_version, action=action)
    if isinstance(acted.result, engine.Refusal):
        outcome = Outcome(False, acted.result.reason)
        return _step_report(acted.game, action=made[0], outcome=outcome)
    undone = acted.result
    return _step_report(
        acted.game,
        action=made[0],
        outcome=Outcome(True),
        extra={"undone": undone.to_dict()},
        undone=undone,
    )


def redo(path: str, *, by: str | None = None, expect_version: int | None = None) -> Report:
    """Right after one or more undos: put back the action the latest undo
    took back (recorded as a redo); refused with ``nothing-to-redo`` otherwise."""
    from referee import engine
    from referee.blindspot.game import BLIND_SPOT, Action, Outcome

    made: list[Action] = [Action("redo")]

    def action(current: Game) -> Action:
        made[0] = Action("redo", by=_by(current.log.setup, by))
        return made[0]

    acted = engine.redo(BLIND_SPOT, path, action, expect_version=expect_version)
    if isinstance(acted.result, engine.Refusal):
        outcome = Outcome(False, acted.result.reason)
        return _step_report(acted.game, action=made[0], outcome=outcome)
    redone = acted.result
    return _step_report(
        acted.game,
        action=made[0],
        outcome=Outcome(True),
        extra={"redone": redone.to_dict()},
        redone=redone,
    )


def show(path: str) -> Report:
    """The game as it is: ``referee blindspot game show FILE --json``."""
    from referee import engine
    from referee.blindspot.game import BLIND_SPOT

    current = engine.load(BLIND_SPOT, path)
    return Report(game_doc(current), True, current.version, current, current)


def hint(
    path: str,
    *,
    min_length: int = 3,
    dictionary: Dictionary | None = None,
    allow: frozenset[str] | None = None,
) -> Report:
    """Every legal play for the player whose turn it is."""
    from referee import engine
    from referee.blindspot.game import BLIND_SPOT

    current = engine.load(BLIND_SPOT, path)
    setup, state = current.log.setup, current.state
    if state.turn is None:
        doc: dict[str, Any] = {
            "player": None,
            "count": 0,
            "plays": [],
            "reason": "game-over",
            "explanation": explain("game-over"),
        }
        return Report(doc, False, current.version, (current, None, []), current)
    lexicon, three = lexicon_of(path, setup, dictionary, allow)
    plays = legal_plays(
        setup.board,
        lexicon,
        player=state.turn,
        position=state.position(setup),
        min_length=min_length,
        three_letter=three,
    )
    doc = {
        "player": state.turn,
        "count": len(plays),
        "plays": [p.to_dict() for p in plays],
        "dictionary": lexicon.describe(),
    }
    name = setup.name_of(state.turn) or state.turn
    return Report(doc, bool(plays), current.version, (current, name, plays), current)


# ----------------------------------------------------------------- questions


def with_words(dictionary: Dictionary | None, allow: frozenset[str] | None) -> Dictionary:
    """The dictionary (the default if none), with house words on top."""
    lexicon = dictionary if dictionary is not None else open_lexicon()
    if allow:
        from referee.core.values import replace

        lexicon = replace(lexicon, extra=lexicon.extra | allow)
    return lexicon


def check_word(
    *,
    word: str,
    layout: LayoutFile,
    at: Cell,
    player: str = "red",
    position: Position | None = None,
    glasses: bool = False,
    dictionary: Dictionary | None = None,
    allow: frozenset[str] | None = None,
) -> Report:
    """Is ``word`` legal with a new spot on ``at``?"""
    lexicon = with_words(dictionary, allow)
    pos = position or Position.empty()
    verdict = rules_check_word(
        layout.board,
        word,
        at,
        lexicon,
        player=player,
        position=pos,
        glasses=True if glasses else None,
        three_letter=three_letter(lexicon),
    )
    doc = {
        **verdict.to_dict(),
        "explanation": explain(verdict.reason),
        "player": player,
        "dictionary": lexicon.describe(),
    }
    return Report(doc, verdict.valid, None, (verdict, layout.board, pos))


def words(
    *,
    layout: LayoutFile,
    player: str = "red",
    position: Position | None = None,
    glasses: bool = False,
    at: Cell | None = None,
    min_length: int = 3,
    dictionary: Dictionary | None = None,
    allow: frozenset[str] | None = None,
) -> Report:
    """Every legal play for a player, longest words first."""
    lexicon = with_words(dictionary, allow)
    plays = legal_plays(
        layout.board,
        lexicon,
        player=player,
        position=position or Position.empty(),
        glasses=True if glasses else None,
        at=at,
        min_length=min_length,
        three_letter=three_letter(lexicon),
    )
    doc = {
        "player": player,
        "count": len(plays),
        "plays": [p.to_dict() for p in plays],
        "dictionary": lexicon.describe(),
    }
    return Report(doc, bool(plays), None, (plays, player, at))


# -------------------------------------------------------------------- fields


def _cell(value: Any, ctx: sv.Ctx) -> Cell:
    return Cell.from_name(sv.text(10)(value, ctx).strip(), SIZE, SIZE)


def _word(value: Any, ctx: sv.Ctx) -> str:
    return sv.text(100)(value, ctx)


def _colour(value: Any, ctx: sv.Ctx) -> str:
    name = sv.text(20)(value, ctx).strip().lower()
    if name not in COLOURS:
        raise InputError(f"unknown colour {brief(value)} (colours are {', '.join(COLOURS)})")
    return name


SETUP_CODE = r"BS1-[0-9A-Za-z-]{1,60}"
"""A setup code's shape (matched with :func:`re.fullmatch`, compiled on first use)."""


def layout_from_code(code: str) -> LayoutFile:
    """A setup code's layout (the tiles of the shipped catalog)."""
    from referee.blindspot.formats import load_catalog
    from referee.blindspot.tiles import decode

    tiles = decode(code.strip())
    return LayoutFile(load_catalog().resolve(tiles), tiles)


def _layout_value(value: Any, ctx: sv.Ctx) -> LayoutFile:
    from referee.blindspot.formats import read_layout, standard_catalog
    from referee.core.schema import Value

    if isinstance(value, str) and re.fullmatch(SETUP_CODE, value.strip()):
        return layout_from_code(value)
    if isinstance(value, str):
        raise InputError(
            f"give the layout itself (letters: 9 rows of 9, or tiles:) or a setup code "
            f"(BS1-...), not {brief(value)}: file names are not accepted here"
        )
    if not isinstance(value, dict):
        raise InputError(
            "give the layout as an object (letters: 9 rows of 9, or tiles:) or a setup code "
            f"(BS1-...), got {brief(value)}"
        )
    catalog = ctx.values.get("catalog")
    return read_layout(Value(value), lambda: catalog or standard_catalog())


def _layout_path(path: str, ctx: sv.Ctx) -> LayoutFile:
    from referee.blindspot.formats import load_layout

    if re.fullmatch(SETUP_CODE, path.strip()):
        return layout_from_code(path)
    return load_layout(path, catalog=ctx.values.get("catalog"))


def _catalog_value(value: Any, ctx: sv.Ctx) -> Any:
    from referee.blindspot.formats import read_catalog
    from referee.core.schema import Value

    if not isinstance(value, dict):
        raise InputError(f"give the tile catalog as an object (tiles:), got {brief(value)}")
    return read_catalog(Value(value))


def _catalog_path(path: str, ctx: sv.Ctx) -> Any:
    from referee.blindspot.formats import load_catalog

    return load_catalog(path)


def _position_value(value: Any, ctx: sv.Ctx) -> Position:
    from referee.blindspot.formats import read_position
    from referee.core.schema import Value

    if not isinstance(value, dict):
        raise InputError(f"give the position as an object (spots:, glasses:), got {brief(value)}")
    return read_position(Value(value))


def _position_path(path: str, ctx: sv.Ctx) -> Position:
    from referee.blindspot.formats import load_position

    return load_position(path)


def _dictionary(value: Any, ctx: sv.Ctx) -> Dictionary:
    """``dictionary``: an installed one by name (from Python also a word-list file)."""
    return open_lexicon(sv.dictionary(value, ctx), files=ctx.files)


def _seats(value: Any, ctx: sv.Ctx) -> list[str | dict[str, str]]:
    """``players``: ``["Ana:red", "Ben:blue"]``, ``"Ana:red,Ben:blue"``,
    ``[{"name": "Ana", "colour": "red"}, ...]`` or plain colours."""
    if isinstance(value, str):
        return sv.names(4)(value, ctx)  # type: ignore[return-value]
    if not isinstance(value, (list, tuple)) or len(value) > 4:
        raise InputError(f"expected a list of at most 4 seats, got {brief(value)}")
    out: list[str | dict[str, str]] = []
    for i, item in enumerate(value):
        try:
            if isinstance(item, dict):
                out.append({str(k): sv.text(100)(v, ctx) for k, v in item.items()})
            else:
                out.append(sv.text(100)(item, ctx).strip())
        except InputError as exc:
            raise exc.at(f"[{i}]") from None
    return [p for p in out if p]


def __getattr__(name: str) -> Any:
    """``GAME`` (the game on the engine: its file format and pure step) and
    the tables of fields (``STEPS``, ``NEW``, ``SHOW``, ``QUESTIONS``), made
    on first use."""
    if name == "GAME":
        from referee.blindspot.game import BLIND_SPOT

        return BLIND_SPOT
    if name in ("STEPS", "NEW", "SHOW", "QUESTIONS"):
        if not _built:
            _built.update(_tables())
        return _built[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -------------------------------------------------------------------- setups
# ``referee setup generate/verify/code/show``: questions on setups and tile
# catalogs (the tiles' modules are imported on first use).

if TYPE_CHECKING:
    from referee.blindspot.tiles import Catalog, Layout, Problem


@frozen
class SetupFile:
    """A setup's mapping as ``setup verify`` judges it, and its file's name
    (``None`` for a value from the web)."""

    data: Mapping[str, Any]
    source: str | None = None


@frozen
class SetupMade:
    """``setup generate``'s ``Report.detail``: the setup file's text (what the
    command line prints or writes), the tiles and the catalog."""

    text: str
    tiles: Layout
    catalog: Catalog


@frozen
class SetupChecked:
    """``setup verify``'s ``Report.detail``: the problems found, the setup and the catalog."""

    problems: tuple[Problem, ...]
    setup: SetupFile
    catalog: Catalog


def _tiles_json(tiles: Layout) -> list[list[str]]:
    return [[str(ref) for ref in row] for row in tiles]


def _catalog_or_default(catalog: Catalog | None) -> Catalog:
    """The catalog given, else the one the command line uses without
    ``--catalog`` (``$REFEREE_CATALOG``, else the shipped ``standard``)."""
    from referee.blindspot.formats import load_catalog

    return catalog if catalog is not None else load_catalog()


def setup_generate(
    *, seed: int | None = None, code: str | None = None, catalog: Catalog | None = None
) -> Report:
    """A random setup from ``seed`` (drawn at random if neither it nor a code
    is given), or the setup a code names; the doc's ``output`` is ``None``:
    writing it is the caller's."""
    from referee.blindspot.formats import setup_text
    from referee.blindspot.tiles import decode, encode, generate, layout_problem

    if seed is not None and code is not None:
        raise InputError("give a seed or a code, not both", place="code")
    cat = _catalog_or_default(catalog)
    if code is not None:
        tiles = decode(code)
        problem = layout_problem(tiles, cat)
        if problem is not None:
            r, c, message = problem
            raise InputError(message, place=f"tiles[{r}][{c}]", source=f"code {code}")
    else:
        if seed is None:
            import secrets

            seed = secrets.randbelow(10**9)
        tiles = generate(cat, seed)
    doc = {
        "seed": seed,
        "code": encode(tiles),
        "tiles": _tiles_json(tiles),
        "letters": list(cat.resolve(tiles).rows),
        "catalog": {"name": cat.name, "sha256": cat.sha256},
        "output": None,
    }
    return Report(doc, True, None, SetupMade(setup_text(cat, tiles, seed), tiles, cat))


def setup_verify(*, file: SetupFile, catalog: Catalog | None = None) -> Report:
    """Is a setup consistent (tiles, letters, code and catalog)? Every problem found."""
    from referee.blindspot.tiles import verify as check

    cat = _catalog_or_default(catalog)
    problems = tuple(check(dict(file.data), cat))
    doc = {
        "valid": not problems,
        "setup": file.source,
        "problems": [p.to_dict() for p in problems],
        "catalog": {"name": cat.name, "sha256": cat.sha256},
    }
    return Report(doc, not problems, None, SetupChecked(problems, file, cat))


def setup_code(*, file: LayoutFile, catalog: Catalog | None = None) -> Report:
    """The shareable code of a setup's tiles (``catalog``: what its tiles were read with)."""
    from referee.blindspot.tiles import encode

    if file.tiles is None:
        message = "this setup gives only letters, so it has no tiles to name"
        if file.source is None:
            raise InputError(message, place="file")
        raise InputError(message, source=display_name(file.source))
    text = encode(file.tiles)
    return Report({"code": text, "tiles": _tiles_json(file.tiles)}, True, None, text)


def setup_show(*, file: LayoutFile, catalog: Catalog | None = None) -> Report:
    """A setup's board, its tiles and code (the picture: :func:`board_svg`);
    ``output`` is ``None``: writing a page is the caller's."""
    doc = {
        "code": file.code,
        "tiles": _tiles_json(file.tiles) if file.tiles else None,
        "letters": list(file.board.rows),
        "output": None,
    }
    return Report(doc, True, None, file)


def board_svg(layout: LayoutFile, catalog: Catalog | None = None) -> str:
    """The board's SVG page exactly as ``referee setup show -o board.svg``
    draws it (the footer names ``catalog``, by default the command line's)."""
    from referee.blindspot.render import setup_svg

    if layout.tiles:
        cat = _catalog_or_default(catalog)
        footer = f"catalog {cat.name} · sha256 {cat.sha256[:16]}"
    else:
        footer = "written by letters"
    return setup_svg(layout.board, layout.tiles, "Blind Spot setup", layout.code or "", footer)


def _code_layout(code: str, ctx: sv.Ctx) -> LayoutFile:
    from referee.blindspot.tiles import decode

    tiles = decode(code.strip())
    return LayoutFile(_catalog_or_default(ctx.values.get("catalog")).resolve(tiles), tiles)


def _setup_layout_value(value: Any, ctx: sv.Ctx) -> LayoutFile:
    from referee.blindspot.formats import read_layout
    from referee.core.schema import Value

    if isinstance(value, str) and re.fullmatch(SETUP_CODE, value.strip()):
        return _code_layout(value, ctx)
    if not isinstance(value, dict):
        raise InputError(
            "give the setup as an object (tiles: 3 rows of 3, or letters: 9 rows of 9) or a "
            f"setup code (BS1-...), got {brief(value)}"
        )
    catalog = ctx.values.get("catalog")
    return read_layout(Value(value), lambda: _catalog_or_default(catalog), tiles_known=True)


def _setup_layout_path(path: str, ctx: sv.Ctx) -> LayoutFile:
    from referee.blindspot.formats import load_layout

    if re.fullmatch(SETUP_CODE, path.strip()):
        return _code_layout(path, ctx)
    return load_layout(path, catalog=ctx.values.get("catalog"), tiles_known=True)


def _setup_value(value: Any, ctx: sv.Ctx) -> SetupFile:
    from referee.blindspot.formats import read_setup

    if not isinstance(value, dict):
        raise InputError(
            f"give the setup as an object (tiles: 3 rows of 3, or letters:), got {brief(value)}"
        )
    return SetupFile(read_setup(value))


def _setup_path(path: str, ctx: sv.Ctx) -> SetupFile:
    from referee.blindspot.formats import load_setup

    return SetupFile(load_setup(path), display_name(path))


def _code(value: Any, ctx: sv.Ctx) -> str:
    return sv.text(100)(value, ctx)


# --------------------------------------------------------------- the fields
# Built on first use (by the web server and the Python API): the command
# line calls the functions above with values and needs none of this.


def _tables() -> dict[str, Any]:
    CATALOG = sv.Param(
        "catalog",
        sv.file(_catalog_path, _catalog_value, "tile catalog"),
        kind="file",
        help="Tile catalog for 'tiles:' layouts.",
    )
    LAYOUT_CATALOG = sv.replace_param(CATALOG, passed=False)
    """``catalog`` beside a ``layout``: read first, for the layout's tiles."""
    LAYOUT = sv.Param(
        "layout",
        sv.file(_layout_path, _layout_value, "layout"),
        required=True,
        kind="file",
        help="The layout: letters (9 rows of 9) or tiles, or a setup code (BS1-...).",
    )
    ALLOW = sv.Param(
        "allow", sv.house_words, kind="file", help="House words accepted on top of the dictionary."
    )
    DICTIONARY = sv.Param(
        "dictionary",
        _dictionary,
        help="An installed dictionary: en_US, hunspell:en_GB, scowl:60.",
    )
    EXPECT = sv.Param("expect_version", sv.whole(0, 10**9), help="Refuse unless the game is at N.")
    AT = sv.Param("at", _cell, required=True, help="The cell, e.g. D1.")
    PLAYER = sv.Param(
        "player",
        sv.text(100),
        help="The player acting, by name or colour (default: whose turn it is).",
    )
    BY = sv.Param("by", sv.text(100), help="Who entered the step: a player's name (recorded).")

    STEPS: dict[str, sv.Step] = {
        "play": sv.Step(
            "play",
            play,
            (sv.Param("word", _word, required=True), AT, PLAYER, ALLOW, DICTIONARY, BY, EXPECT),
        ),
        "bonus": sv.Step("bonus", bonus, (AT, BY, EXPECT)),
        "skip-bonus": sv.Step("skip-bonus", skip_bonus, (BY, EXPECT)),
        "timeout": sv.Step(
            "timeout",
            timeout,
            (PLAYER, sv.Param("anyway", sv.flag, kind="flag"), ALLOW, DICTIONARY, BY, EXPECT),
        ),
        "undo": sv.Step("undo", undo, (BY, EXPECT)),
        "redo": sv.Step("redo", redo, (BY, EXPECT)),
        "hint": sv.Step(
            "hint",
            hint,
            (sv.Param("min_length", sv.whole(3, 99)), ALLOW, DICTIONARY),
        ),
    }
    """The steps of a game (``hint`` answers and writes nothing)."""

    NEW = sv.Step(
        "new",
        new,
        (
            LAYOUT_CATALOG,
            LAYOUT,
            sv.Param(
                "players",
                _seats,
                kind="list",
                help="The players in turn order, NAME:COLOUR (Ana:red) or a colour.",
            ),
            sv.Param("teams", sv.flag, kind="flag"),
            sv.Param("solo", sv.flag, kind="flag"),
            ALLOW,
            DICTIONARY,
            sv.Param("force", sv.flag, kind="flag"),
        ),
    )

    SHOW = sv.Step("show", show)

    QUESTIONS: dict[str, sv.Step] = {
        "check-word": sv.Step(
            "check-word",
            check_word,
            (
                sv.Param("word", _word, required=True),
                LAYOUT_CATALOG,
                LAYOUT,
                AT,
                sv.Param("player", _colour, choices=COLOURS),
                sv.Param(
                    "position", sv.file(_position_path, _position_value, "position"), kind="file"
                ),
                sv.Param("glasses", sv.flag, kind="flag"),
                ALLOW,
                DICTIONARY,
            ),
        ),
        "words": sv.Step(
            "words",
            words,
            (
                LAYOUT_CATALOG,
                LAYOUT,
                sv.Param("player", _colour, choices=COLOURS),
                sv.Param(
                    "position", sv.file(_position_path, _position_value, "position"), kind="file"
                ),
                sv.Param("glasses", sv.flag, kind="flag"),
                sv.Param("at", _cell),
                sv.Param("min_length", sv.whole(3, 99)),
                ALLOW,
                DICTIONARY,
            ),
        ),
    }

    SETUP_LAYOUT = sv.Param(
        "file",
        sv.file(_setup_layout_path, _setup_layout_value, "setup"),
        required=True,
        kind="file",
        help="The setup: tiles (3 rows of 3) or letters (9 rows of 9), or a setup code (BS1-...).",
    )

    QUESTIONS.update(
        {
            "setup generate": sv.Step(
                "setup generate",
                setup_generate,
                (
                    sv.Param(
                        "seed",
                        sv.whole(0, 10**18 - 1),
                        help="Seed (a whole number of at most 18 digits); drawn at random if omitted.",
                    ),
                    sv.Param("code", _code, help="Rebuild the setup a code names (BS1-...)."),
                    CATALOG,
                ),
            ),
            "setup verify": sv.Step(
                "setup verify",
                setup_verify,
                (
                    CATALOG,
                    sv.Param(
                        "file",
                        sv.file(_setup_path, _setup_value, "setup"),
                        required=True,
                        kind="file",
                        help="The setup: tiles, letters, code, catalog, seed.",
                    ),
                ),
            ),
            "setup code": sv.Step("setup code", setup_code, (CATALOG, SETUP_LAYOUT)),
            "setup show": sv.Step("setup show", setup_show, (CATALOG, SETUP_LAYOUT)),
        }
    )
    return {"STEPS": STEPS, "NEW": NEW, "SHOW": SHOW, "QUESTIONS": QUESTIONS}


_built: dict[str, Any] = {}
