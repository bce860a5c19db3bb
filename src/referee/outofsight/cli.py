"""Out of Sight commands: ``score-frame``, ``take`` and the ``outofsight game`` scorepad."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from referee.cli import F, echo, emit_json, json_option

if TYPE_CHECKING:
    from referee.outofsight.rules import FrameScore, FrameSheet, Game, Mode, PlayerScore

MODE_CHOICE = click.Choice(["basic", "advanced"], case_sensitive=False)


def _prefer_option(f: F) -> F:
    return click.option(
        "--prefer",
        multiple=True,
        metavar="PLAYER=COLOUR,...",
        help="Among piles of equal size, these colours of PLAYER go higher (score before "
        "save, save before subtract), in the order given. Repeat for each player.",
    )(f)


def _next_options(f: F) -> F:
    f = click.option("--force", is_flag=True, help="Overwrite the --next file if it exists.")(f)
    return click.option(
        "--next",
        "next_file",
        metavar="FILE",
        help="Write the next frame's file, holding each player's saved cards.",
    )(f)


# ------------------------------------------------------------------- score-frame


@click.command("score-frame", no_args_is_help=True)
@click.argument("file")
@click.option("--mode", type=MODE_CHOICE, help="basic or advanced (wins over the file's mode:).")
@click.option(
    "--frame",
    type=click.IntRange(1, 3),
    help="The frame: 1, 2 or 3 (3 is the final frame; wins over the file's frame:).",
)
@click.option("--final", is_flag=True, help="Score as the final frame (same as --frame 3).")
@_prefer_option
@_next_options
@json_option
def score_frame(
    file: str,
    mode: str | None,
    frame: int | None,
    final: bool,
    prefer: Sequence[str],
    next_file: str | None,
    force: bool,
    as_json: bool,
) -> int:
    """Score a frame: points, saved and lost cards.

    FILE (YAML; - reads stdin) maps each player to the bank they hold when the
    frame ends: a list of cards (blue-7, or just blue) or a mapping colour:
    count. Optional keys: mode (basic, the default, or advanced) and frame
    (1, 2 or 3). Basic: 1 point a card. Advanced: the three largest colour
    piles score, the next three are saved for the next frame, the rest
    subtract; in the final frame everything after the first three subtracts.

    \b
    Example:
      referee score-frame examples/outofsight/example-three.yaml
      referee score-frame frame.yaml --mode advanced --final --json
    """
    from referee.core.errors import InputError
    from referee.core.files import display_name, load_mapping
    from referee.outofsight.rules import FRAMES, FrameSheet, parse_mode, parse_prefer, score_frame

    sheet = FrameSheet.from_mapping(load_mapping(file, "frame file"), display_name(file))
    if final and frame not in (None, FRAMES):
        raise InputError(f"--final: contradicts --frame {frame} (the final frame is {FRAMES})")
    chosen_mode: Mode = parse_mode(mode, None, "--mode") if mode else (sheet.mode or "basic")
    number = FRAMES if final else (frame or sheet.frame or 1)
    score = score_frame(sheet.banks, chosen_mode, number, parse_prefer(prefer))
    _warn(score.warnings)
    written = _write_next(score, next_file, force)
    if as_json:
        emit_json({**score.to_dict(), "next_file": written})
    else:
        echo(format_frame(score, written))
    return 0


def _write_next(score: FrameScore, path: str | None, force: bool) -> str | None:
    if path is None:
        return None
    from referee.core.errors import InputError
    from referee.core.files import dump_yaml, write_text

    data = score.next_sheet()
    if data is None:
        why = "the final frame" if score.final else "a frame of the basic game"
        raise InputError(f"--next: nothing is saved after {why}")
    header = (
        f"# Out of Sight, frame {data['frame']}: the cards saved from frame {score.frame}.\n"
        "# Add the cards each player collects this frame, then score it.\n"
    )
    write_text(path, header + dump_yaml(data), force=force, what="next frame file")
    return path


def _warn(warnings: Sequence[str]) -> None:
    for w in warnings:
        click.echo(f"Warning: {w}", err=True)


def _piles(piles: Sequence[Any]) -> str:
    return ", ".join(f"{p.colour} {p.size}" for p in piles) or "-"


def format_player(p: PlayerScore, score: FrameScore) -> list[str]:
    noun = "point" if abs(p.points) == 1 else "points"
    lines = [f"{p.player}: {p.points} {noun}"]
    if score.mode == "basic":
        lines[0] += f" ({p.scored_cards} card{'s' if p.scored_cards != 1 else ''})"
    else:
        lines.append(f"  scored      {p.scored_cards:>3}  {_piles(p.scored)}")
        if not score.final:
            lines.append(f"  saved       {p.saved_cards:>3}  {_piles(p.saved)}")
        lines.append(f"  subtracted  {p.subtracted_cards:>3}  {_piles(p.subtracted)}")
        lines.extend(f"  {t.sentence()}" for t in p.ties)
    if score.final and p.numbers is not None:
        lines.append(f"  numbers on the scored cards: {p.numbers}")
    return lines


def format_frame(score: FrameScore, written: str | None = None) -> str:
    kind = "final frame" if score.final else f"frame {score.frame}"
    lines = [f"Out of Sight, {score.mode} game, {kind}."]
    for p in score.players:
        lines.extend(format_player(p, score))
    data = score.next_sheet()
    if data is not None:
        from referee.core.files import dump_yaml

        lines.append(f"Saved for frame {data['frame']} (a bank for the next frame's file):")
        lines.extend(f"  {line}" for line in dump_yaml(data["players"]).splitlines())
    if written:
        lines.append(f"Wrote {written}.")
    return "\n".join(lines)


# -------------------------------------------------------------------------- take


@click.command("take", no_args_is_help=True)
@click.option("--roll", required=True, metavar="D,D,D", help="The three dice, like 5,4,2.")
@click.option("--cards", metavar="N,...", help="The cards taken (their numbers), like 9,2.")
@click.option("--row", metavar="N,...", help="The face-up card row, like 3,9,11,2,7.")
@click.option("--best", is_flag=True, help="Find the largest take from --row.")
@click.option(
    "--doubles",
    type=click.Choice(["flip", "wipe"], case_sensitive=False),
    help="Two dice of the same number activate the Doubles card and take no cards.",
)
@json_option
def take(
    roll: str,
    cards: str | None,
    row: str | None,
    best: bool,
    doubles: str | None,
    as_json: bool,
) -> int:
    """Is this dice take legal? Or: the best take.

    A card is taken by one die showing its number or by several dice adding
    up to it; no die serves two cards and a die is never split. With --row,
    the cards must be in the row. Exit 0 if legal (with --best: if anything
    can be taken), 1 if not.

    \b
    Example:
      referee take --roll 5,4,2 --cards 9,2
      referee take --roll 5,4,2 --row 3,9,11,2,7 --best
    """
    from referee.core.errors import InputError
    from referee.outofsight.rules import ROW_CARDS, Roll, best_take, check_take, parse_cards

    dice = Roll.from_text(roll)
    call: Any = doubles.lower() if doubles else None
    row_cards = parse_cards(row, "--row", limit=ROW_CARDS) if row is not None else None
    if best:
        if cards is not None:
            raise InputError("--best: give either --cards (to check a take) or --best, not both")
        if row_cards is None:
            raise InputError("--best: needs --row, the face-up cards to choose from")
        verdict = best_take(dice, row_cards, call)
    else:
        if cards is None:
            raise InputError("--cards: missing; give the cards taken, or --row with --best")
        verdict = check_take(dice, parse_cards(cards, "--cards"), row_cards, call)
    if as_json:
        emit_json(verdict.to_dict())
    else:
        echo(verdict.sentence())
    return 0 if verdict.valid else 1


# --------------------------------------------------------------------- the game


@click.group("outofsight", no_args_is_help=True)
def outofsight() -> None:
    """A whole game on a score pad: game new, frame, show."""


@outofsight.group("game", no_args_is_help=True)
def game() -> None:
    """Keep the score pad of a whole game: new, frame, show.

    The game file keeps every frame's banks (its history); the scores are
    worked out again from them each time.

    \b
    Example:
      referee outofsight game new --players Brian,Jessica --mode advanced -o game.yaml
      referee outofsight game frame game.yaml frame1.yaml
      referee outofsight game show game.yaml
    """


@game.command("new", no_args_is_help=True)
@click.option("--players", required=True, metavar="NAME,NAME,...", help="The players, in order.")
@click.option(
    "--mode", type=MODE_CHOICE, default="basic", show_default=True, help="basic or advanced."
)
@click.option("-o", "--output", required=True, metavar="FILE", help="The game file to create.")
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
@json_option
def game_new(players: str, mode: str, output: str, force: bool, as_json: bool) -> int:
    """Start a game file for these players.

    \b
    Example:
      referee outofsight game new --players Brian,Jessica --mode advanced -o game.yaml
    """
    from referee.outofsight.rules import Game, parse_mode

    new = Game.new([p.strip() for p in players.split(",")], parse_mode(mode, None, "--mode"))
    _save(new, output, force=force)
    if as_json:
        emit_json({"game": output, "mode": new.mode, "players": list(new.players), "next_frame": 1})
    else:
        echo(f"New {new.mode} game for {', '.join(new.players)}: wrote {output}.")
    return 0


@game.command("frame", no_args_is_help=True)
@click.argument("game_file", metavar="GAME")
@click.argument("frame_file", metavar="FRAME_FILE")
@_prefer_option
@click.option(
    "--dry-run", is_flag=True, help="Check and score the frame, but leave GAME unchanged."
)
@_next_options
@json_option
def game_frame(
    game_file: str,
    frame_file: str,
    prefer: Sequence[str],
    dry_run: bool,
    next_file: str | None,
    force: bool,
    as_json: bool,
) -> int:
    """Record and score the next frame.

    FRAME_FILE is read as score-frame reads it (- for stdin).

    Every player needs a bank, and each bank must hold the cards that player
    saved at the end of the previous frame. The game file is updated in place
    (atomically). After the third frame, the winner is announced.

    \b
    Example:
      referee outofsight game frame game.yaml frame1.yaml
    """
    from referee.core.files import display_name
    from referee.outofsight.rules import parse_prefer

    current = _load(game_file)
    sheet = _sheet(frame_file)
    updated = current.record(
        sheet.banks,
        parse_prefer(prefer),
        frame=sheet.frame,
        mode=sheet.mode,
        source=display_name(frame_file),
    )
    score = updated.frames()[-1]
    _warn(updated.warnings())
    if not dry_run:
        _save(updated, game_file, force=True)
    written = _write_next(score, next_file, force)
    if as_json:
        emit_json(
            {
                **score.to_dict(),
                "warnings": list(updated.warnings()),
                **_standing(updated),
                "recorded": not dry_run,
                "next_file": written,
            }
        )
    else:
        echo(format_frame(score, written))
        echo(_totals_line(updated))
        result = updated.result()
        if result is not None:
            echo(result.sentence())
        if dry_run:
            echo(f"Dry run: {game_file} is unchanged.")
    return 0


@game.command("show", no_args_is_help=True)
@click.argument("game_file", metavar="GAME")
@json_option
def game_show(game_file: str, as_json: bool) -> int:
    """Print the score pad: points per frame and in total, and the winner.

    \b
    Example:
      referee outofsight game show game.yaml
    """
    current = _load(game_file)
    _warn(current.warnings())
    frames = current.frames()
    if as_json:
        emit_json(
            {
                "mode": current.mode,
                "players": list(current.players),
                "frames": [
                    {"frame": f.frame, "players": {p.player: p.to_dict() for p in f.players}}
                    for f in frames
                ],
                **_standing(current),
                "warnings": list(current.warnings()),
            }
        )
    else:
        echo(format_pad(current))
    return 0


def _load(path: str) -> Game:
    from referee.core.files import display_name, load_mapping
    from referee.outofsight.rules import Game

    return Game.from_mapping(load_mapping(path, "game file"), display_name(path))


def _sheet(path: str) -> FrameSheet:
    from referee.core.files import display_name, load_mapping
    from referee.outofsight.rules import FrameSheet

    return FrameSheet.from_mapping(load_mapping(path, "frame file"), display_name(path))


def _save(g: Game, path: str, *, force: bool) -> None:
    from referee.core.files import dump_yaml, write_text

    header = "# Out of Sight game (referee outofsight game): the history of recorded frames.\n"
    write_text(path, header + dump_yaml(g.to_mapping()), force=force, what="game file")


def _standing(g: Game) -> dict[str, Any]:
    result = g.result()
    return {
        "totals": g.totals(),
        "frames_played": len(g.history),
        "finished": g.finished,
        "winners": list(result.winners) if result else [],
        "tie_break": result.to_dict() if result else None,
    }


def _totals_line(g: Game) -> str:
    totals = ", ".join(f"{name} {points}" for name, points in g.totals().items())
    return f"Totals after frame {len(g.history)}: {totals}."


def format_pad(g: Game) -> str:
    frames = g.frames()
    played = len(frames)
    head = f"Out of Sight, {g.mode} game: {played} of 3 frames played."
    names = list(g.players)
    widths = [max(len(n), 4) for n in names]
    rows = [["frame", *names]]
    for f in frames:
        rows.append([str(f.frame), *(str(f.player(n).points) for n in names)])
    totals = g.totals()
    rows.append(["total", *(str(totals[n]) for n in names)])
    lines = [head, ""]
    for row in rows:
        cells = [f"{row[0]:<6}"] + [f"{c:>{w}}" for c, w in zip(row[1:], widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    lines.append("")
    result = g.result()
    lines.append(result.sentence() if result else f"Next: frame {played + 1}.")
    return "\n".join(lines)
