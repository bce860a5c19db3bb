"""Blind Spot games: ``referee blindspot game new/play/bonus/skip-bonus/timeout/
undo/show/hint``, the game file first.

Thin: the file is the engine's (:mod:`referee.engine`), with Blind Spot's
setup and actions (:mod:`referee.blindspot.game`). Every command that changes a
game runs under the engine's lock: read and replay the file, check
``--expect-version``, judge the action against the state as it is now, record
it (or not: a refused action records nothing and keeps the version), write.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import Any

import click

from referee import engine
from referee.blindspot.cli import catalog_option, cell_at, three_letter
from referee.blindspot.formats import load_layout
from referee.blindspot.game import (
    BLIND_SPOT,
    UNDO,
    Action,
    GameSetup,
    GameState,
    Mode,
    Outcome,
    step,
)
from referee.blindspot.render import (
    format_plays,
    game_summary,
    outcome_lines,
    render_board,
    status,
)
from referee.blindspot.rules import COLOURS, legal_plays, normalise_word
from referee.cli import (
    CONTEXT_SETTINGS,
    BoundedInt,
    FilePath,
    GamePath,
    dictionary_options,
    echo,
    emit_json,
    expect_version_option,
    force_option,
    json_option,
    new_game_option,
)
from referee.core.dictionary import Dictionary, open_dictionary, read_word_list
from referee.core.errors import InputError, RefereeError
from referee.core.files import display_name
from referee.core.values import replace

Game = engine.Replayed[GameSetup, GameState, Action]
OPTION_NAMES = {"players": "--players"}


@click.group("blindspot", context_settings=CONTEXT_SETTINGS)
def blindspot() -> None:
    """Blind Spot games: a live game file the referee advances move by move.

    \b
    Example:
      referee blindspot game new --layout setups/sample.yaml --players red,blue \\
          -o blindspot-game.yaml
      referee blindspot game play blindspot-game.yaml pet --at G1
      referee blindspot game show blindspot-game.yaml
    """


@blindspot.group("game", context_settings=CONTEXT_SETTINGS)
def game() -> None:
    """Start, advance, show and undo a Blind Spot game kept in a file.

    Every action is added to the file under a lock and written atomically; the
    state is replayed from the actions, so nothing is ever lost and undo is an
    action. Each recorded action adds one to the game's version.

    \b
    Example:
      referee blindspot game play blindspot-game.yaml tale --at E4
      referee blindspot game play blindspot-game.yaml planet --at E8   # earns the bonus
    """


# ------------------------------------------------------------------ output


def _report(
    path: str,
    current: Game,
    as_json: bool,
    *,
    action: Action | None = None,
    outcome: Outcome | None = None,
    headline: str | None = None,
    extra: dict[str, Any] | None = None,
) -> int:
    """What every game command prints: JSON, or the board and a few lines."""
    setup, state = current.log.setup, current.state
    ok = outcome is None or outcome.ok
    verdict = outcome.verdict if outcome is not None else None
    if as_json:
        from referee.blindspot.render import explain

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
        doc["state"] = state.to_dict(setup)
        emit_json(doc)
        return 0 if ok else 1
    new = action.at if action is not None and action.kind in ("play", "bonus") else None
    marks = verdict.play.cells if verdict is not None and verdict.play else ()
    echo(render_board(setup.board, state.covered(), new=new, word_cells=marks, style=click.style))
    echo()
    if headline:
        echo(headline)
    if action is not None and outcome is not None:
        for line in outcome_lines(action.describe(), outcome):
            echo(line)
    echo(status(setup, state, path))
    return 0 if ok else 1


# -------------------------------------------------------------- the lexicon


class GameLexicon:
    """The word lists a game's plays are judged by: the options' dictionary and
    house words, else those the game file names (an error then names the game
    file and its key). Opened on first need, once."""

    def __init__(self, path: str, dictionary: str | None, allow: str | None) -> None:
        self.path = path
        self.dictionary = dictionary
        self.allow = allow
        self.opened: tuple[Dictionary, Container[str]] | None = None

    def _named(self, key: str, from_file: bool, open_: Callable[[], Any]) -> Any:
        try:
            return open_()
        except RefereeError as exc:
            if from_file:
                exc.message = f"{display_name(self.path)}: {key}: {exc.message}"
            raise

    def get(self, setup: GameSetup) -> tuple[Dictionary, Container[str]]:
        if self.opened is None:
            spec = self.dictionary or setup.dictionary
            from_file = self.dictionary is None and setup.dictionary is not None
            lexicon = self._named("dictionary", from_file, lambda: open_dictionary(spec))
            extra_file = self.allow or setup.allow
            if extra_file:
                from_file = self.allow is None and setup.allow is not None
                extra = self._named(
                    "allow", from_file, lambda: read_word_list(extra_file, "allow list")
                )
                lexicon = replace(lexicon, extra=extra)
            self.opened = (lexicon, three_letter(lexicon))
        return self.opened


# -------------------------------------------------------------------- acting


def _act(
    path: str,
    make: Callable[[GameState], Action],
    *,
    expect_version: int | None,
    as_json: bool,
    lexicon: Callable[[GameSetup], tuple[Dictionary, Container[str]] | None] = lambda s: None,
) -> int:
    """Record one action if the rules accept it against the current state."""

    def decide(current: Game) -> engine.Decision[Action, tuple[Action, Outcome]]:
        setup, state = current.log.setup, current.state
        action = make(state)
        words = lexicon(setup)
        dictionary, three = words if words is not None else (None, None)
        outcome, _ = step(setup, state, action, dictionary, three)
        if outcome.reason == "no-bonus-owed":
            raise InputError("no bonus spot is owed", place=action.kind, source=display_name(path))
        return engine.Decision(action if outcome.ok else None, (action, outcome))

    acted = engine.act(BLIND_SPOT, path, decide, expect_version=expect_version)
    action, outcome = acted.result
    return _report(path, acted.game, as_json, action=action, outcome=outcome)


_player_option = click.option(
    "--player",
    type=click.Choice(COLOURS, case_sensitive=False),
    metavar="NAME",
    help="The seat acting, a colour (default: whoever's turn it is).",
)


def _seat(player: str | None, state: GameState) -> str:
    return player.lower() if player else (state.turn or "red")


# ---------------------------------------------------------------- commands


@game.command("new")
@click.option(
    "--layout", required=True, metavar="FILE", type=FilePath(), help="Layout or setup file (YAML)."
)
@click.option(
    "--players",
    metavar="NAME,...",
    default="",
    help="Seats in turn order, e.g. red,blue or red,blue,yellow,green (first listed starts; "
    "in a team game the teams sit alternately).",
)
@click.option("--teams", is_flag=True, help="Four players: red+yellow against blue+green.")
@click.option("--solo", is_flag=True, help="Solo play: blue and red alternate, blue first.")
@catalog_option
@new_game_option
@force_option
@dictionary_options
@json_option
def game_new(
    layout: str,
    players: str,
    teams: bool,
    solo: bool,
    catalog: str | None,
    output: str,
    force: bool,
    dictionary: str | None,
    allow: str | None,
    as_json: bool,
) -> int:
    """Start a game on a layout (version 0); the dictionary options are kept
    for the game. Without --force an existing file is never replaced.

    \b
    Example:
      referee blindspot game new --layout setups/seed-2024.yaml --players red,blue,yellow \\
          -o blindspot-three.yaml
      referee blindspot game new --layout setups/sample.yaml --players red,blue,yellow,green \\
          --teams -o blindspot-teams.yaml
      referee blindspot game new --layout setups/seed-2024.yaml --solo -o blindspot-solo.yaml
    """
    if solo and teams:
        raise click.UsageError("--solo and --teams cannot be combined")
    seats = [p.strip().lower() for p in players.split(",") if p.strip()]
    if not seats and not solo:
        raise click.UsageError("give --players (e.g. red,blue) or --solo")
    mode: Mode = "solo" if solo else "teams" if teams else "standard"
    layout_file = load_layout(layout, catalog)
    try:
        setup = GameSetup.create(
            layout_file.board,
            seats,
            mode,
            dictionary=dictionary,
            allow=allow,
            layout_source=layout,
            layout_code=layout_file.code,
        )
    except InputError as exc:
        raise exc.renamed(OPTION_NAMES) from None
    created = engine.create(BLIND_SPOT, output, setup, force=force)
    if output == "-":
        return 0  # the game file went to stdout, and nothing else may
    return _report(
        output,
        created,
        as_json,
        headline=f"New {setup.mode} game in {output}.",
        extra={"output": output},
    )


@game.command("play")
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.argument("word")
@click.option(
    "--at", "at_name", required=True, metavar="CELL", help="The cell the new spot covers."
)
@_player_option
@dictionary_options
@expect_version_option
@json_option
def game_play(
    game_file: str,
    word: str,
    at_name: str,
    player: str | None,
    dictionary: str | None,
    allow: str | None,
    expect_version: int | None,
    as_json: bool,
) -> int:
    """Judge a play exactly as check-word does; if legal, place the spot.

    Exit 0 if the play is accepted, 1 if not (with check-word's reason, or
    not-your-turn, game-over, bonus-owed, no-spots-left).

    \b
    Example:
      referee blindspot game play blindspot-game.yaml seas --at D1
      referee blindspot game play blindspot-game.yaml cat --at H5   # no: exit 1
      referee blindspot game play blindspot-game.yaml tact --at H6
    """
    w = normalise_word(word)
    at = cell_at(at_name)
    words = GameLexicon(game_file, dictionary, allow)
    return _act(
        game_file,
        lambda state: Action("play", _seat(player, state), at, w),
        expect_version=expect_version,
        as_json=as_json,
        lexicon=words.get,
    )


@game.command("bonus")
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.option("--at", "at_name", required=True, metavar="CELL", help="Any vacant cell.")
@expect_version_option
@json_option
def game_bonus(game_file: str, at_name: str, expect_version: int | None, as_json: bool) -> int:
    """Place the farsighted bonus spot on any vacant cell (it need form no word).

    \b
    Example:
      referee blindspot game bonus blindspot-game.yaml --at A5
    """
    at = cell_at(at_name)
    return _act(
        game_file,
        lambda state: Action("bonus", state.bonus_owed, at),
        expect_version=expect_version,
        as_json=as_json,
    )


@game.command("skip-bonus")
@click.argument("game_file", metavar="GAME", type=GamePath())
@expect_version_option
@json_option
def game_skip_bonus(game_file: str, expect_version: int | None, as_json: bool) -> int:
    """Decline the farsighted bonus spot.

    \b
    Example:
      referee blindspot game play blindspot-game.yaml action --at D6   # earns the bonus
      referee blindspot game skip-bonus blindspot-game.yaml
    """
    return _act(
        game_file,
        lambda state: Action("skip-bonus", state.bonus_owed),
        expect_version=expect_version,
        as_json=as_json,
    )


@game.command("timeout")
@click.argument("game_file", metavar="GAME", type=GamePath())
@_player_option
@click.option(
    "--anyway",
    is_flag=True,
    help="Solo play: take the glasses spot although a word exists (recorded as forced).",
)
@dictionary_options
@expect_version_option
@json_option
def game_timeout(
    game_file: str,
    player: str | None,
    anyway: bool,
    dictionary: str | None,
    allow: str | None,
    expect_version: int | None,
    as_json: bool,
) -> int:
    """The player failed to spot a word: a spot goes on the glasses tile.

    The first unlocks diagonals (for the whole team in a team game); the second
    eliminates the player (in a team game the team loses). In solo play it is
    refused while the colour still has a legal play (one is shown), unless
    --anyway.

    \b
    Example:
      referee blindspot game timeout blindspot-game.yaml
    """
    words = GameLexicon(game_file, dictionary, allow)

    def lexicon(setup: GameSetup) -> tuple[Dictionary, Container[str]] | None:
        return words.get(setup) if setup.mode == "solo" and not anyway else None

    return _act(
        game_file,
        lambda state: Action("timeout", _seat(player, state), forced=anyway),
        expect_version=expect_version,
        as_json=as_json,
        lexicon=lexicon,
    )


@game.command("undo")
@click.argument("game_file", metavar="GAME", type=GamePath())
@expect_version_option
@json_option
def game_undo(game_file: str, expect_version: int | None, as_json: bool) -> int:
    """Take back the last action in force (recorded as an undo: nothing is lost).

    Exit 1 with nothing-to-undo when no action is left to take back.

    \b
    Example:
      referee blindspot game undo blindspot-game.yaml
    """
    acted = engine.undo(BLIND_SPOT, game_file, expect_version=expect_version)
    if isinstance(acted.result, engine.Refusal):
        outcome = Outcome(False, acted.result.reason)
        return _report(game_file, acted.game, as_json, action=UNDO, outcome=outcome)
    undone = acted.result
    return _report(
        game_file,
        acted.game,
        as_json,
        action=UNDO,
        outcome=Outcome(True),
        headline=f"Took back: {undone.describe()}.",
        extra={"undone": undone.to_dict()},
    )


@game.command("show")
@click.argument("game_file", metavar="GAME", type=GamePath())
@json_option
def game_show(game_file: str, as_json: bool) -> int:
    """The board with every spot, the glasses tile, whose turn, who is out, the winner.

    A file edited by hand into an impossible state is reported with the first
    impossible action and its index (exit 2).

    \b
    Example:
      referee blindspot game show blindspot-game.yaml
    """
    current = engine.load(BLIND_SPOT, game_file)
    setup, state = current.log.setup, current.state
    if as_json:
        emit_json({"version": current.version, **state.to_dict(setup)})
        return 0
    echo(render_board(setup.board, state.covered(), style=click.style))
    echo()
    for line in game_summary(setup, state, current.version):
        echo(line)
    echo(status(setup, state, game_file))
    return 0


@game.command("hint")
@click.argument("game_file", metavar="GAME", type=GamePath())
@click.option(
    "--min-length",
    type=BoundedInt(3, 99),
    metavar="N",
    default=3,
    show_default=True,
    help="Shortest word.",
)
@dictionary_options
@json_option
def game_hint(
    game_file: str, min_length: int, dictionary: str | None, allow: str | None, as_json: bool
) -> int:
    """Every legal play for the player whose turn it is (as `referee words`).

    \b
    Example:
      referee blindspot game hint blindspot-game.yaml
    """
    current = engine.load(BLIND_SPOT, game_file)
    setup, state = current.log.setup, current.state
    if state.turn is None:
        if as_json:
            from referee.blindspot.render import explain

            emit_json(
                {
                    "player": None,
                    "count": 0,
                    "plays": [],
                    "reason": "game-over",
                    "explanation": explain("game-over"),
                }
            )
        else:
            echo("The game is over.")
        return 1
    lexicon, three = GameLexicon(game_file, dictionary, allow).get(setup)
    plays = legal_plays(
        setup.board,
        lexicon,
        player=state.turn,
        position=state.position(setup),
        min_length=min_length,
        three_letter=three,
    )
    if as_json:
        emit_json(
            {
                "player": state.turn,
                "count": len(plays),
                "plays": [p.to_dict() for p in plays],
                "dictionary": lexicon.describe(),
            }
        )
    else:
        echo(format_plays(plays, state.turn, None))
    return 0 if plays else 1
