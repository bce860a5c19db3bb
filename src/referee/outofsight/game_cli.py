"""Out of Sight's whole game: the ``outofsight game`` score pad (new, turn,
frame, undo, show).

Thin, like :mod:`referee.outofsight.cli` (whose shared options it uses): the
game log (:mod:`referee.engine`) and :mod:`referee.outofsight.game` decide,
:mod:`referee.outofsight.render` prints.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from typing import Any

import click

from referee import engine
from referee.cli import (
    FilePath,
    GamePath,
    Group,
    echo,
    emit_json,
    expect_version_option,
    force_option,
    json_option,
    new_game_option,
)
from referee.core.errors import InputError
from referee.core.files import check_destinations, display_name, write_text
from referee.engine import Decision, Refusal, Replayed
from referee.outofsight import formats, render
from referee.outofsight.cli import (
    MODE_CHOICE,
    next_option,
    nothing_saved,
    option_names,
    prefer_option,
    speaker,
    warn,
)
from referee.outofsight.formats import FrameSheet
from referee.outofsight.game import (
    GAME,
    Action,
    Setup,
    State,
    TurnAction,
    propose_frame,
    step,
)
from referee.outofsight.rules import DECK, Card, FrameScore, parse_mode, parse_prefer

# --------------------------------------------------------------------- the game

Current = Replayed[Setup, State, Action]


@click.group("outofsight", cls=Group, no_args_is_help=True)
def outofsight() -> None:
    """A whole game: game new, turn, frame, undo, show.

    Scoring one frame or judging one dice take needs no game: see
    'referee score-frame' and 'referee take'.

    \b
    Example:
      referee outofsight game new --players Brian,Jessica --mode advanced -o outofsight-game.yaml
      referee outofsight game turn outofsight-game.yaml --cards red-3,blue-5 --stop
      referee outofsight game show outofsight-game.yaml
    """


@outofsight.group("game", no_args_is_help=True)
def game() -> None:
    """Keep a whole game: new, turn, frame, undo, show.

    Record it turn by turn (turn: each frame closes and is scored after every
    player's third turn), or a frame at a time from frame files (frame). The
    game file keeps every action (its history): each turn or frame, and
    undos. The scores are worked out again from them each time. Every change
    is made under a lock and counted: the game's version (show --json) grows by
    one with each recorded action, and --expect-version N refuses a change to
    a game that is no longer at version N.

    \b
    Example:
      referee outofsight game turn outofsight-game.yaml --cards green-7 --time
      referee outofsight game undo outofsight-game.yaml
      referee outofsight game show outofsight-game.yaml
    """


@game.command("new", no_args_is_help=True)
@click.option("--players", required=True, metavar="NAME,...", help="The players, in order.")
@click.option(
    "--mode", type=MODE_CHOICE, default="basic", show_default=True, help="basic or advanced."
)
@click.option("--first", metavar="NAME", help="Who starts each frame (default: the first listed).")
@new_game_option
@force_option
@json_option
@option_names
def game_new(
    players: str, mode: str, first: str | None, output: str, force: bool, as_json: bool
) -> int:
    """Start a game file for these players (version 0).

    The players sit in the order given, clockwise; the turn passes clockwise.
    Each player's Time Keeper is the player across the table: seat i of n has
    seat (i + n//2) mod n (with 2 players, each keeps time for the other).

    Without --force an existing FILE is never replaced, even by another
    `game new` running at the same moment.

    \b
    Example:
      referee outofsight game new --players Ann,Bob,Cy -o outofsight-basic.yaml
    """
    setup = Setup.of(
        [p.strip() for p in players.split(",")],
        parse_mode(mode),
        first.strip() if first is not None else None,
    )
    created = engine.create(GAME, output, setup, force=force)
    if as_json:
        emit_json(
            {
                "output": output,
                "mode": setup.mode,
                "players": list(setup.players),
                "first": setup.players[setup.start],
                "next_frame": 1,
                "version": created.version,
            }
        )
    elif output != "-":  # to stdout, the game file is all that is printed
        echo(f"New {setup.mode} game for {', '.join(setup.players)}: wrote {output}.")
    return 0


class RecordFrame:
    """``game frame``: judge a frame file against the game as it is under the
    lock, and write the ``--next`` file before the game (so nothing can fail
    after the game is written; a next file this command created is removed
    again if writing the game fails)."""

    def __init__(
        self,
        game_file: str,
        frame_file: str,
        sheet: FrameSheet,
        prefer: dict[str, tuple[str, ...]],
        *,
        next_file: str | None,
        force: bool,
        dry_run: bool,
    ) -> None:
        self.game_file = game_file
        self.frame_file = frame_file
        self.sheet = sheet
        self.prefer = prefer
        self.next_file = next_file
        self.force = force
        self.dry_run = dry_run
        self.after: State | None = None
        self.next_text: str | None = None
        self.created: str | None = None
        """The next file this command created (removed if the game write fails)."""

    def check_outputs(self) -> None:
        """The next file may be written, and it is not the game file."""
        if self.next_file is None:
            return
        check_destinations([(self.next_file, "next frame file")], force=self.force)
        check_destinations(
            [(self.game_file, "game"), (self.next_file, "next frame file")], force=True
        )

    def refused(self, refusal: Refusal) -> InputError:
        """A frame that does not fit the game: exit 2, naming the file and key at fault."""
        if refusal.reason == "bad-prefer":
            return InputError(refusal.detail, place="--prefer")
        key = {
            "wrong-frame": "frame",
            "wrong-mode": "mode",
            "not-a-player": "players",
            "no-bank": "players",
            "saved-cards-missing": "players",
        }.get(refusal.reason)
        if key is None:  # the game's own state (over)
            return InputError(refusal.detail, source=display_name(self.game_file))
        return InputError(refusal.detail, place=key, source=display_name(self.frame_file))

    def decide(self, current: Current) -> Decision[Action, FrameScore]:
        setup, state = current.log.setup, current.state
        sheet = self.sheet
        action = propose_frame(
            setup, state, sheet.banks, self.prefer, frame=sheet.frame, mode=sheet.mode
        )
        if isinstance(action, Refusal):
            raise self.refused(action)
        after = step(setup, state, action)
        if isinstance(after, Refusal):
            raise self.refused(after)
        score = after.frames[-1].score
        if self.next_file is not None:
            self.next_text = formats.next_frame_text(score)
            if self.next_text is None:
                raise nothing_saved(score)
        self.after = after
        return Decision(None if self.dry_run else action, score)

    def write_next(self) -> None:
        if self.next_file is None or self.next_text is None:
            return
        self.check_outputs()
        existed = os.path.exists(self.next_file)
        write_text(self.next_file, self.next_text, force=self.force, what="next frame file")
        if not existed:
            self.created = os.path.realpath(self.next_file)

    def run(self, expect_version: int | None) -> engine.Acted[Setup, State, Action, FrameScore]:
        self.check_outputs()
        try:
            acted = engine.act(
                GAME,
                self.game_file,
                self.decide,
                expect_version=expect_version,
                before_write=self.write_next,
            )
        except BaseException:
            if self.created is not None:
                with contextlib.suppress(OSError):
                    os.unlink(self.created)
            raise
        if not acted.recorded:
            self.write_next()  # a dry run: the next file is the only output
        return acted


@game.command("frame", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.argument("frame_file", metavar="FRAME_FILE", type=FilePath())
@prefer_option
@click.option(
    "--dry-run", is_flag=True, help="Check and score the frame, but leave GAME unchanged."
)
@next_option
@force_option
@expect_version_option
@json_option
@option_names
def game_frame(
    game_file: str,
    frame_file: str,
    prefer: Sequence[str],
    dry_run: bool,
    next_file: str | None,
    force: bool,
    expect_version: int | None,
    as_json: bool,
) -> int:
    """Record and score the next frame.

    FRAME_FILE is read as score-frame reads it (- for stdin).

    Every player needs a bank, and each bank must hold the cards that player
    saved at the end of the previous frame. The game file is updated in place
    (atomically, under a lock). After the third frame, the winner is announced.

    \b
    Example:
      referee outofsight game new --players Brian,Jessica --mode advanced \\
          -o outofsight-frames.yaml
      referee outofsight game frame outofsight-frames.yaml examples/outofsight/example-three.yaml
      referee outofsight game frame outofsight-frames.yaml examples/outofsight/frame2.yaml \\
          --expect-version 1 --next outofsight-frame3.yaml
    """
    command = RecordFrame(
        game_file,
        frame_file,
        formats.load_frame_sheet(frame_file),
        parse_prefer(prefer),
        next_file=next_file,
        force=force,
        dry_run=dry_run,
    )
    acted = command.run(expect_version)
    setup, after, score = acted.game.log.setup, command.after, acted.result
    assert after is not None
    warn(after.warnings())
    if as_json:
        emit_json(
            {
                **render.frame_json(score),
                "warnings": list(after.warnings()),
                **render.standing_json(setup, after),
                "recorded": acted.recorded,
                "output": next_file,
                "version": acted.version,
            }
        )
        return 0
    say = speaker(next_file)
    say(render.frame_text(score, next_file))
    say(render.totals_line(setup, after))
    result = after.result(setup)
    if result is not None:
        say(render.result_sentence(result))
    if acted.recorded:
        say(f"Recorded in {game_file}: version {acted.version}.")
    else:
        say(f"Dry run: {game_file} is unchanged (version {acted.version}).")
    return 0


TURN_REFUSALS = {
    "not-a-player": "--player",
    "not-your-turn": "--player",
    "no-number": "--cards",
    "too-many-cards": "--cards",
    "bad-prefer": "--prefer",
}
"""Refusals of a turn and the option at fault (the others are the game's: over)."""


def parse_turn_cards(text: str) -> tuple[Card, ...]:
    """``red-3,blue-5`` (empty: no cards); every card needs its number."""
    items = [t.strip() for t in text.split(",")] if text.strip() else []
    if len(items) > DECK:
        raise InputError(f"more than the {DECK} cards of the deck", place="--cards")
    cards: list[Card] = []
    for item in items:
        try:
            card = Card.from_text(item)
        except InputError as exc:
            raise exc.at("--cards") from None
        if card.number is None:
            raise InputError(
                f"card {item!r} has no number (write colour-number, like blue-7)", place="--cards"
            )
        cards.append(card)
    return tuple(cards)


@game.command("turn", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.option(
    "--cards",
    default="",
    metavar="CARD,...",
    help="The cards collected this turn, like red-3,blue-5 (none: leave it out).",
)
@click.option("--stop", is_flag=True, help="The player called Stop first: the cards are banked.")
@click.option(
    "--time", "time_up", is_flag=True, help="The Time Keeper called Time first: the cards are lost."
)
@click.option(
    "--doubles",
    multiple=True,
    type=click.Choice(["flip", "wipe"], case_sensitive=False),
    help="The Doubles card was used: a Flip or a Wipe (once a turn).",
)
@click.option("--player", metavar="NAME", help="Whose turn this is (checked: the current player).")
@prefer_option
@expect_version_option
@json_option
@option_names
def game_turn(
    game_file: str,
    cards: str,
    stop: bool,
    time_up: bool,
    doubles: Sequence[str],
    player: str | None,
    prefer: Sequence[str],
    expect_version: int | None,
    as_json: bool,
) -> int:
    """Record the current player's turn.

    --stop: the player called Stop before the Time Keeper called Time, and
    the cards go to their bank. --time: Time was called first, and the cards
    are lost to the discard pile. After every player's third turn the frame
    closes and is scored as score-frame scores those banks (advanced: the
    saved piles start the next frame's banks). --prefer is read on the turn
    that closes a frame; without it, piles of equal size keep the order of
    the bank (saved cards first, then the cards in the order banked) and the
    tie is reported, as score-frame does. After the third frame the game is
    over.

    A turn refused (after the game is over, a player not in the game, not
    their turn, a card without a number) is exit 2 and records nothing.

    \b
    Example:
      referee outofsight game turn outofsight-game.yaml --cards yellow-2,blue-9 --stop
      referee outofsight game turn outofsight-game.yaml --cards green-7 --time --doubles wipe
    """
    if stop == time_up:
        raise InputError("give exactly one of --stop and --time", place="--stop")
    if len(doubles) > 1:
        raise InputError("the Doubles card is used once a turn", place="--doubles")
    collected = parse_turn_cards(cards)
    chosen = parse_prefer(prefer)
    used: Any = doubles[0].lower() if doubles else None
    named = player.strip() if player is not None else None
    closed: list[FrameScore] = []

    def decide(current: Current) -> Decision[Action, TurnAction]:
        setup, state = current.log.setup, current.state
        turn = state.turn(setup)
        who = named if named is not None else (turn.player if turn else "")
        action = TurnAction(who, collected, "stop" if stop else "time", used, tuple(chosen.items()))
        after = step(setup, state, action)
        if isinstance(after, Refusal):
            place = TURN_REFUSALS.get(after.reason)
            if place is None:
                raise InputError(after.detail, source=display_name(game_file))
            raise InputError(after.detail, place=place)
        if len(after.frames) > len(state.frames):
            closed.append(after.frames[-1].score)
        return Decision(action, action)

    acted = engine.act(GAME, game_file, decide, expect_version=expect_version)
    setup, state, action = acted.game.log.setup, acted.game.state, acted.result
    score = closed[0] if closed else None
    if score is not None:
        warn(score.warnings)
    if as_json:
        emit_json(
            {
                "recorded": True,
                "played": GAME.write_action(action),
                "closed": render.frame_json(score) if score is not None else None,
                **render.game_json(setup, state, acted.version),
            }
        )
        return 0
    echo(render.turn_sentence(action))
    if score is not None:
        echo(render.frame_text(score))
        echo(render.totals_line(setup, state))
    result = state.result(setup)
    echo(render.result_sentence(result) if result else render.next_turn_line(setup, state))
    echo(f"Recorded in {game_file}: version {acted.version}.")
    return 0


@game.command("undo", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@expect_version_option
@json_option
def game_undo(game_file: str, expect_version: int | None, as_json: bool) -> int:
    """Take back the latest action (recorded as an undo: nothing is lost).

    The undone frame may be recorded again (corrected). Exit 1 with reason
    nothing-to-undo when no action is left to take back.

    \b
    Example:
      referee outofsight game undo outofsight-game.yaml
    """
    acted = engine.undo(GAME, game_file, expect_version=expect_version)
    setup, state = acted.game.log.setup, acted.game.state
    undone = acted.result
    if as_json:
        emit_json(
            {
                "valid": not isinstance(undone, Refusal),
                "undone": None if isinstance(undone, Refusal) else GAME.write_action(undone),
                "reason": undone.reason if isinstance(undone, Refusal) else None,
                "explanation": (
                    (undone.detail or "there is no action to take back")
                    if isinstance(undone, Refusal)
                    else None
                ),
                **render.standing_json(setup, state),
                "version": acted.version,
            }
        )
    elif isinstance(undone, Refusal):
        echo(f"Nothing to undo ({game_file} is at version {acted.version}).")
    else:
        echo(f"Undone: {render.describe(undone)}; {game_file} is at version {acted.version}.")
        if isinstance(undone, TurnAction):
            if state.frames:
                echo(render.totals_line(setup, state))
            echo(render.next_turn_line(setup, state))
        else:
            echo(render.totals_line(setup, state))
    return 1 if isinstance(undone, Refusal) else 0


@game.command("show", no_args_is_help=True)
@click.argument("game_file", metavar="GAME", type=GamePath())
@json_option
def game_show(game_file: str, as_json: bool) -> int:
    """Print the score pad: points per frame and in total, and the winner.

    \b
    Example:
      referee outofsight game show outofsight-game.yaml
    """
    current = engine.load(GAME, game_file)
    setup, state = current.log.setup, current.state
    warn(state.warnings())
    if as_json:
        emit_json(render.game_json(setup, state, current.version))
    else:
        echo(render.pad_text(setup, state, current.version))
    return 0
