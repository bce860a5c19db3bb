"""Word Block commands: ``score-claim`` and the ``wordblock`` group.

Thin: parse the options, call one rules function from :mod:`referee.wordblock`,
format the answer. Errors are raised as :class:`~referee.errors.InputError` and
mapped to exit 2 in one place (:func:`referee.cli.run_mapped`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import click

from referee.cli import CONTEXT_SETTINGS, F, dictionary_options, echo, emit_json, json_option

if TYPE_CHECKING:
    from referee.cells import Cell
    from referee.dictionary import Dictionary
    from referee.wordblock import Board, Claim, Game, GameState, Hint


# ----------------------------------------------------------------------- loading


def load_board(path: str) -> Board:
    from referee.files import display_name, load_mapping
    from referee.wordblock import Board

    return Board.from_mapping(load_mapping(path, "board file"), display_name(path))


def load_game(path: str) -> Game:
    from referee.files import display_name, load_mapping
    from referee.wordblock import Game

    return Game.from_mapping(load_mapping(path, "game file"), display_name(path))


def save(path: str, data: Mapping[str, Any], *, force: bool, what: str) -> None:
    """Write a board or game mapping as YAML, atomically."""
    from referee.files import atomic_write

    atomic_write(path, to_yaml(data), force=force, what=what)


def to_yaml(data: Mapping[str, Any]) -> str:
    """YAML with the card rows one per line, quoted, as a person writes them."""
    from referee.files import dump_yaml

    out: list[str] = []
    for key, value in data.items():
        if key == "cards":
            out.append("cards:\n" + "".join(f'  - "{row}"\n' for row in value))
        elif key == "board" and isinstance(value, dict):
            text = to_yaml(value)
            out.append("board:\n" + "".join(f"  {line}\n" for line in text.splitlines()))
        elif isinstance(value, (dict, list)):
            out.append(dump_yaml({key: value}))
        else:  # a lone scalar would come out as a flow mapping: write it as key: value
            scalar = dump_yaml(value).split("\n...", 1)[0].strip()
            out.append(f"{key}: {scalar}\n")
    return "".join(out)


def exclusions() -> Mapping[str, str]:
    """Word -> why the rules exclude it: SCOWL's abbreviations, upper-case words
    and proper names, with the house corrections (see :mod:`referee.scowl`)."""
    from referee.errors import DictionaryError
    from referee.scowl import exclusions as load

    try:
        return load()
    except DictionaryError as exc:
        raise DictionaryError(
            f"the Word Block exclusions (abbreviations, capitalized words) come from SCOWL "
            f"(or give --no-exclusions): {exc.message}"
        ) from None


def _exclusion_option(f: F) -> F:
    return click.option(
        "--no-exclusions",
        is_flag=True,
        help="Accept abbreviations, acronyms and capitalized words (SCOWL's data: asap, etc, "
        "adj, ...).",
    )(f)


def _claim_options(f: F, player_required: bool = True) -> F:
    f = click.option(
        "--challenged-by",
        metavar="NAME",
        help="A player challenges the word: whoever the dictionary proves wrong loses 5.",
    )(f)
    f = click.option(
        "--path",
        "path_text",
        metavar="CELLS",
        help="Score exactly this walk (A4,B4,B3,...) instead of the best one.",
    )(f)
    return click.option(
        "--player", required=player_required, metavar="NAME", help="The player claiming the word."
    )(f)


def _judge(
    board: Board,
    word: str,
    player: str,
    path_text: str | None,
    challenged_by: str | None,
    dictionary: str | None,
    allow: str | None,
    no_exclusions: bool,
    source: str,
    lexicons: dict[tuple[str | None, str | None], Dictionary] | None = None,
) -> tuple[Claim, Dictionary]:
    """Judge one claim; ``lexicons`` keeps opened dictionaries (batch mode)."""
    from referee.dictionary import open_dictionary
    from referee.errors import InputError
    from referee.wordblock import judge_claim, normalise_word, parse_path

    word = normalise_word(word)
    claimer = board.require_player(player, "--player", source)
    challenger = None
    if challenged_by is not None:
        challenger = board.require_player(challenged_by, "--challenged-by", source)
        if challenger == claimer:
            raise InputError(
                f"--challenged-by: {challenged_by!r} is the claimer; a player cannot "
                "challenge their own word"
            )
    path = parse_path(path_text, board) if path_text is not None else None
    cache = lexicons if lexicons is not None else {}
    lexicon = cache.get((dictionary, allow))
    if lexicon is None:
        lexicon = cache[(dictionary, allow)] = open_dictionary(dictionary, allow)
    verdict = judge_claim(
        board,
        word,
        claimer,
        lexicon,
        path=path,
        challenged_by=challenger,
        exclusions=frozenset() if no_exclusions else exclusions(),
        allowed=lexicon.extra,
    )
    return verdict, lexicon


# ------------------------------------------------------------------- score-claim


@click.command("score-claim", no_args_is_help=True, context_settings=CONTEXT_SETTINGS)
@click.argument("word", required=False)
@click.option("--board", "board_file", metavar="FILE", help="Board file (YAML).")
@lambda f: _claim_options(f, player_required=False)
@dictionary_options
@_exclusion_option
@click.option(
    "--batch",
    is_flag=True,
    help="Read one JSON object per line on stdin (word, board, player, path, challenged_by, "
    "dictionary, allow, no_exclusions; options give defaults), write one JSON result per line.",
)
@json_option
def score_claim(
    word: str | None,
    board_file: str | None,
    player: str | None,
    path_text: str | None,
    challenged_by: str | None,
    dictionary: str | None,
    allow: str | None,
    no_exclusions: bool,
    batch: bool,
    as_json: bool,
) -> int:
    """Score a Word Block claim: who gets what, and which cards are discarded.

    The word must start on one of the player's blocks and step to neighbouring
    cards (diagonals too, cards may repeat, a step may stay on a card to read a
    double letter, a q card reads q or qu). Of all the walks that spell it, the
    one best for the claimer is scored. Exit 0 if the claim scores, 1 if it is
    refused. With --batch, score many claims in one process (exit 2 at the end
    if any line failed).

    \b
    Example:
      referee score-claim quash --board examples/wordblock/rulebook.yaml --player red
      referee score-claim sheer --board examples/wordblock/rulebook.yaml --player blue \\
          --challenged-by green --json
      echo '{"word": "quash", "player": "red"}' | \\
          referee score-claim --batch --board examples/wordblock/rulebook.yaml
    """
    from referee.files import display_name

    defaults: dict[str, Any] = {
        "board": board_file,
        "player": player,
        "path": path_text,
        "challenged_by": challenged_by,
        "dictionary": dictionary,
        "allow": allow,
        "no_exclusions": no_exclusions,
    }
    if batch:
        if word is not None:
            raise click.UsageError("--batch reads the claims from stdin; give no WORD")
        from referee.cli import no_stdin_files, run_batch

        no_stdin_files(defaults, ("board", "dictionary", "allow"))
        return run_batch(_Scorer(defaults).line)
    if word is None:
        raise click.UsageError("Missing argument 'WORD'.")
    for option, value in (("--board", board_file), ("--player", player)):
        if value is None:
            raise click.UsageError(f"Missing option '{option}'.")
    assert board_file is not None and player is not None
    board = load_board(board_file)
    verdict, lexicon = _judge(
        board,
        word,
        player,
        path_text,
        challenged_by,
        dictionary,
        allow,
        no_exclusions,
        display_name(board_file),
    )
    if as_json:
        emit_json(
            {
                **verdict.to_dict(),
                "dictionary": lexicon.describe(),
                "exclusions": not no_exclusions,
            }
        )
    else:
        echo(render_board(board, verdict.walk.path if verdict.walk else ()))
        echo()
        echo(describe_claim(verdict))
    return 0 if verdict.valid else 1


class _Scorer:
    """``score-claim --batch``: boards and dictionaries are opened once."""

    def __init__(self, defaults: dict[str, Any]) -> None:
        self.defaults = defaults
        self.boards: dict[str, Board] = {}
        self.lexicons: dict[tuple[str | None, str | None], Dictionary] = {}

    def line(self, obj: dict[str, Any]) -> dict[str, Any]:
        from referee.cli import batch_field, no_stdin_files
        from referee.errors import InputError, show
        from referee.files import display_name

        unknown = sorted(set(obj) - {"word", *self.defaults})
        if unknown:
            raise InputError(f"unknown field {show(unknown[0])}")
        fields = {**self.defaults, "word": None}
        for key in obj:
            kind = bool if key == "no_exclusions" else str
            fields[key] = batch_field(obj, key, kind, self.defaults.get(key))
        for key in ("word", "board", "player"):
            if fields[key] is None:
                raise InputError(f"{key}: none given")
        no_stdin_files(fields, ("board", "dictionary", "allow"))
        board = self.boards.get(fields["board"])
        if board is None:
            board = self.boards[fields["board"]] = load_board(fields["board"])
        verdict, lexicon = _judge(
            board,
            fields["word"],
            fields["player"],
            fields["path"],
            fields["challenged_by"],
            fields["dictionary"],
            fields["allow"],
            bool(fields["no_exclusions"]),
            display_name(fields["board"]),
            self.lexicons,
        )
        return {
            **verdict.to_dict(),
            "dictionary": lexicon.describe(),
            "exclusions": not fields["no_exclusions"],
        }


def describe_claim(verdict: Claim) -> str:
    """The verdict in sentences: the word points, each player's points, the discards."""
    from referee.wordblock import CHALLENGE_PENALTY

    word = verdict.word.upper()
    walk = verdict.walk
    lines: list[str] = []
    if verdict.valid and walk is not None:
        lines.append(
            f"{word} scores for {verdict.player}: {walk.letters} letters x {walk.cards_used} "
            f"cards = {walk.word_points} word points."
        )
    else:
        lines.append(f"{word} is refused: {verdict.reason}: {verdict.explanation}.")
    lines.extend(_points_lines(verdict))
    if verdict.penalty:
        loser = verdict.penalty[0]
        why = "the word is in the dictionary" if verdict.valid else "the word is not allowed"
        lines.append(
            f"{verdict.challenged_by} challenged; {loser} loses {CHALLENGE_PENALTY}: {why}."
        )
    if verdict.valid and walk is not None:
        cells = ", ".join(c.name for c in walk.discard)
        back = "its block returns" if len(walk.discard) == 1 else "their blocks return"
        lines.append(f"Discard {cells}; {back} to reserve.")
    if not verdict.exhaustive:
        lines.append(_not_proven(verdict.player))
    return "\n".join(lines)


def _points_lines(verdict: Claim) -> list[str]:
    """One line per player whose score changes: total, then where it comes from."""
    breakdown = verdict.breakdown()
    if not breakdown:
        return []
    width = max(len(p) for p in breakdown)
    lines = []
    for player, parts in breakdown.items():
        total = sum(parts.values())
        bits = []
        award = verdict.walk.award(player) if verdict.walk and verdict.valid else None
        if award is not None:
            cells = f" ({' '.join(c.name for c in award.card_cells)})"
            bits.append(f"{parts['word']} word + {parts['cards']} card points{cells}")
        if parts["challenge"]:
            bits.append(f"{parts['challenge']} for the challenge")
        lines.append(f"  {player:<{width}}  {total:+d}  = " + ", ".join(bits))
    return lines


def _not_proven(player: str) -> str:
    return (
        "Note: the walk search stopped at its step limit; this is the best walk found, "
        f"another might score more for {player} (use --path to score a walk of your own)."
    )


# ------------------------------------------------------------------------ render


def initials(players: Sequence[str]) -> dict[str, str]:
    """The shortest prefix of each name that no other player's name starts with."""
    out: dict[str, str] = {}
    for p in players:
        n = 1
        while n < len(p) and any(q != p and q.startswith(p[:n]) for q in players):
            n += 1
        out[p] = p[:n]
    return out


def render_board(board: Board, path: Sequence[Cell] = ()) -> str:
    """The grid: each card as letter-points, a block as its owner's initial, the
    walk's step numbers in brackets; a legend of the initials below."""
    from referee.cells import Cell, column_letter

    marks = initials(board.players)
    steps: dict[Cell, list[int]] = {}
    for n, cell in enumerate(path, start=1):
        steps.setdefault(cell, []).append(n)
    tokens: list[list[str]] = []
    for r in range(board.height):
        row = []
        for c in range(board.width):
            cell = Cell(row=r, col=c)
            card = board.card_at(cell)
            text = str(card) if card else "."
            owner = board.owner_at(cell)
            if owner:
                text += f" {marks[owner]}"
            if cell in steps:
                text += f" [{','.join(map(str, steps[cell]))}]"
            row.append(text)
        tokens.append(row)
    width = max(len(t) for row in tokens for t in row) + 2
    gutter = len(str(board.height)) + 2
    header = " " * gutter + "".join(column_letter(c).ljust(width) for c in range(board.width))
    lines = [header.rstrip()]
    for r, row in enumerate(tokens, start=1):
        cells = "".join(_styled(t, width) for t in row)
        lines.append(f"{str(r).rjust(gutter - 2)}  {cells}".rstrip())
    used = [p for p in board.players if board.blocks_of(p)]
    if used:
        lines.append("Blocks: " + ", ".join(f"{marks[p]} = {p}" for p in used) + ".")
    return "\n".join(lines)


def _styled(token: str, width: int) -> str:
    padded = token.ljust(width)
    if "[" in token:
        return click.style(padded, fg="green", bold=True)
    return padded


# --------------------------------------------------------------------- the group


@click.group("wordblock", context_settings=CONTEXT_SETTINGS)
def wordblock() -> None:
    """Word Block: legal card placements and block moves, claim hints, a scorepad.

    Claims are scored by 'referee score-claim'.

    \b
    Example:
      referee wordblock place t-1 --board examples/wordblock/rulebook.yaml --at B5
      referee wordblock hint --board examples/wordblock/rulebook.yaml --player blue \\
          --dictionary examples/wordblock/words.txt
    """


@wordblock.command("place", no_args_is_help=True)
@click.argument("card")
@click.option("--board", "board_file", required=True, metavar="FILE", help="Board file (YAML).")
@click.option("--at", "at_name", required=True, metavar="CELL", help="The space, e.g. B5.")
@click.option("--write", is_flag=True, help="Update the board file (atomically) if legal.")
@json_option
def place(card: str, board_file: str, at_name: str, write: bool, as_json: bool) -> int:
    """Can CARD (letter-points, e.g. t-1) be played on the space --at?

    A card goes on an empty space next to another card (diagonals count) inside
    the playing area; only when there is no such space left may it replace a
    card without a block (that card is discarded). Exit 0 if legal, 1 if not.

    \b
    Example:
      referee wordblock place t-1 --board examples/wordblock/rulebook.yaml --at B5
    """
    from referee.cells import Cell
    from referee.errors import InputError
    from referee.wordblock import Card, check_place

    board = load_board(board_file)
    the_card = Card.parse(card, "CARD")
    try:
        at = Cell.from_name(at_name)
    except InputError as exc:
        raise InputError(f"--at: {exc}") from None
    verdict = check_place(board, the_card, at)
    written = False
    if verdict.valid and write:
        save(board_file, board.with_card(at, the_card).to_mapping(), force=True, what="board")
        written = True
    if as_json:
        emit_json({**verdict.to_dict(), "written": written})
    else:
        if verdict.valid and verdict.replaces:
            echo(
                f"{the_card} may replace {verdict.replaces} on {at.name} (discard {verdict.replaces})."
            )
        elif verdict.valid:
            echo(f"{the_card} may go on {at.name}.")
        else:
            echo(f"{the_card} cannot go on {at.name}: {verdict.reason}: {verdict.explanation}.")
        if written:
            echo(f"Updated {board_file}.")
    return 0 if verdict.valid else 1


@wordblock.command("move-block", no_args_is_help=True)
@click.option("--board", "board_file", required=True, metavar="FILE", help="Board file (YAML).")
@click.option("--player", required=True, metavar="NAME", help="Whose block.")
@click.option(
    "--from", "from_name", metavar="CELL", help="The block to move (default: one from reserve)."
)
@click.option("--to", "to_name", required=True, metavar="CELL", help="The card to put it on.")
@click.option("--write", is_flag=True, help="Update the board file (atomically) if legal.")
@json_option
def move_block(
    board_file: str,
    player: str,
    from_name: str | None,
    to_name: str,
    write: bool,
    as_json: bool,
) -> int:
    """Can the player put a block on the card --to?

    A block goes on any card without a block, from the player's reserve or
    moved from another card (--from); a player has 3 blocks. Exit 0 if legal,
    1 if not.

    \b
    Example:
      referee wordblock move-block --board examples/wordblock/rulebook.yaml \\
          --player blue --to B4
    """
    from referee.files import display_name
    from referee.wordblock import check_move

    board = load_board(board_file)
    who = board.require_player(player, "--player", display_name(board_file))
    src = board.cell(from_name, "--from") if from_name is not None else None
    to = board.cell(to_name, "--to")
    verdict = check_move(board, who, src, to)
    written = False
    if verdict.valid and write:
        save(board_file, board.with_block(who, src, to).to_mapping(), force=True, what="board")
        written = True
    if as_json:
        emit_json({**verdict.to_dict(), "written": written})
    else:
        origin = f"from {src.name}" if src else "from reserve"
        if verdict.valid:
            echo(f"{who} may move a block {origin} to {to.name}.")
        else:
            echo(
                f"{who} cannot move a block {origin} to {to.name}: "
                f"{verdict.reason}: {verdict.explanation}."
            )
        if written:
            echo(f"Updated {board_file}.")
    return 0 if verdict.valid else 1


@wordblock.command("hint", no_args_is_help=True)
@click.option("--board", "board_file", required=True, metavar="FILE", help="Board file (YAML).")
@click.option("--player", required=True, metavar="NAME", help="Who is looking for a claim.")
@click.option(
    "--top", type=click.IntRange(min=1), default=10, show_default=True, help="How many claims."
)
@click.option(
    "--dictionary",
    default="scowl",
    show_default=True,
    metavar="NAME",
    help="The word list to search the board against: a SCOWL list (scowl, scowl:70, "
    "scowl:british:70) or a word-list file (one word per line).",
)
@click.option("--allow", metavar="FILE", help="House words added to the list.")
@_exclusion_option
@json_option
def hint(
    board_file: str,
    player: str,
    top: int,
    dictionary: str,
    allow: str | None,
    no_exclusions: bool,
    as_json: bool,
) -> int:
    """The best claims open to a player, by the same measure as score-claim.

    Lists the --top words best for the player: highest net (their points minus
    everyone else's), then their points. Words already claimed and excluded
    words (abbreviations, capitalized words) are skipped. The words come from
    SCOWL (American, size 60) unless --dictionary says otherwise. Exit 0 if
    there is a claim, 1 if none.

    \b
    Example:
      referee wordblock hint --board examples/wordblock/rulebook.yaml --player blue --top 5
      referee wordblock hint --board examples/wordblock/rulebook.yaml --player blue \\
          --dictionary examples/wordblock/words.txt
    """
    import os

    from referee.dictionary import is_path_spec, is_scowl_spec, open_scowl, read_word_list
    from referee.errors import InputError
    from referee.files import display_name
    from referee.scowl import WordSet
    from referee.wordblock import WordIndex, hints

    board = load_board(board_file)
    who = board.require_player(player, "--player", display_name(board_file))
    extra = read_word_list(allow, what="allow list") if allow else frozenset()
    if is_scowl_spec(dictionary):
        opened = open_scowl(dictionary)
        assert isinstance(opened.lexicon, WordSet)
        listed = opened.lexicon.words()  # sorted, lowercase a-z: an index as it is
        index = WordIndex.from_words([*listed, *extra]) if extra else WordIndex(tuple(listed))
        name, provider = opened.name, opened.provider
    elif os.path.exists(dictionary) or is_path_spec(dictionary):
        index = WordIndex.from_words(read_word_list(dictionary) | extra)
        name, provider = display_name(dictionary), "word-list"
    else:
        raise InputError(
            f"--dictionary: {dictionary!r} names an enchant dictionary; hint needs a SCOWL "
            "list (scowl, scowl:70, ...) or a word-list file (one word per line), since "
            "enchant cannot list its words"
        )
    found = hints(
        board,
        who,
        index,
        top=top,
        exclusions=frozenset() if no_exclusions else exclusions(),
        allowed=extra,
    )
    if as_json:
        emit_json(
            {
                "player": who,
                "count": len(found),
                "hints": [h.to_dict(who) for h in found],
                "dictionary": {"name": name, "provider": provider, "words": len(index.words)},
            }
        )
    else:
        echo(format_hints(found, who))
    return 0 if found else 1


def format_hints(found: Sequence[Hint], player: str) -> str:
    if not found:
        return f"No claim for {player}."
    rows = [
        (
            h.word.upper(),
            f"{h.net:+d}",
            ", ".join(f"{a.player} {a.total}" for a in h.walk.awards),
            " ".join(c.name for c in h.walk.path) + ("" if h.exhaustive else " (not proven best)"),
        )
        for h in found
    ]
    head = ("word", "net", "points", "walk")
    widths = [max(len(r[i]) for r in [*rows, head]) for i in range(3)]
    lines = [
        f"{head[0]:<{widths[0]}}  {head[1]:>{widths[1]}}  {head[2]:<{widths[2]}}  {head[3]}",
        *(
            f"{w:<{widths[0]}}  {n:>{widths[1]}}  {p:<{widths[2]}}  {walk}"
            for w, n, p, walk in rows
        ),
    ]
    noun = "claim" if len(found) == 1 else "claims"
    lines.append(f"{len(found)} best {noun} for {player}.")
    return "\n".join(lines)


# ------------------------------------------------------------------- the scorepad


@wordblock.group("game", context_settings=CONTEXT_SETTINGS)
def game() -> None:
    """A scorepad: claims, placements and block moves, with the full history.

    Every change rewrites the game file atomically; the file keeps every action
    (undo included), and scores and the board are recomputed from them.

    \b
    Example:
      referee wordblock game new --players blue,red,green \\
          --board examples/wordblock/rulebook.yaml -o game.yaml
      referee wordblock game claim game.yaml quash --player red
      referee wordblock game show game.yaml
    """


@game.command("new", no_args_is_help=True)
@click.option("--players", required=True, metavar="NAMES", help="Comma-separated, in turn order.")
@click.option("-o", "--output", required=True, metavar="FILE", help="The game file to create.")
@click.option(
    "--board", "board_file", metavar="FILE", help="Starting board (default: empty 6x6 area)."
)
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@json_option
def game_new(players: str, output: str, board_file: str | None, force: bool, as_json: bool) -> int:
    """Start a scorepad for the players (on a board file, or an empty area).

    \b
    Example:
      referee wordblock game new --players blue,red,green -o game.yaml
    """
    from referee.errors import InputError
    from referee.wordblock import Game, player_name

    names = [player_name(p, "--players") for p in players.split(",") if p.strip()]
    if len(names) < 2 or len(set(names)) != len(names):
        raise InputError(
            f"--players: {players!r}: name at least 2 different players, comma-separated"
        )
    board = load_board(board_file) if board_file else None
    new = Game.new(names, board)
    save(output, new.to_mapping(), force=force, what="game file")
    if as_json:
        emit_json({"file": output, "players": names})
    else:
        echo(f"New Word Block game for {', '.join(names)} in {output}.")
    return 0


@game.command("claim", no_args_is_help=True)
@click.argument("game_file", metavar="GAME")
@click.argument("word")
@_claim_options
@dictionary_options
@_exclusion_option
@json_option
def game_claim(
    game_file: str,
    word: str,
    player: str,
    path_text: str | None,
    challenged_by: str | None,
    dictionary: str | None,
    allow: str | None,
    no_exclusions: bool,
    as_json: bool,
) -> int:
    """Apply a claim: score it, discard the blocked cards, record the word.

    A refused claim changes nothing, unless a challenge made the claimer lose
    5 (that is recorded). Exit 0 if the claim scores, 1 if it is refused.

    \b
    Example:
      referee wordblock game claim game.yaml quash --player red
    """
    from referee.files import display_name
    from referee.wordblock import Action

    current = load_game(game_file)
    state = current.state()
    verdict, lexicon = _judge(
        state.board,
        word,
        player,
        path_text,
        challenged_by,
        dictionary,
        allow,
        no_exclusions,
        display_name(game_file),
    )
    recorded = bool(verdict.points())
    if recorded:
        updated = current.with_action(Action.claim(verdict))
        save(game_file, updated.to_mapping(), force=True, what="game file")
        state = updated.state()
    if as_json:
        emit_json(
            {
                **verdict.to_dict(),
                "dictionary": lexicon.describe(),
                "exclusions": not no_exclusions,
                "recorded": recorded,
                "totals": dict(state.totals),
            }
        )
    else:
        echo(describe_claim(verdict))
        echo(_totals_line(state) if recorded else "Nothing recorded.")
    return 0 if verdict.valid else 1


@game.command("place", no_args_is_help=True)
@click.argument("game_file", metavar="GAME")
@click.argument("card")
@click.option("--at", "at_name", required=True, metavar="CELL", help="The space, e.g. B5.")
@click.option("--player", metavar="NAME", help="Who plays the card (for the record).")
@json_option
def game_place(game_file: str, card: str, at_name: str, player: str | None, as_json: bool) -> int:
    """Play a card on the game's board (the same check as 'wordblock place').

    \b
    Example:
      referee wordblock game place game.yaml t-1 --at B5 --player green
    """
    from referee.cells import Cell
    from referee.errors import InputError
    from referee.files import display_name
    from referee.wordblock import Action, Card, check_place

    current = load_game(game_file)
    board = current.state().board
    the_card = Card.parse(card, "CARD")
    who = board.require_player(player, "--player", display_name(game_file)) if player else None
    try:
        at = Cell.from_name(at_name)
    except InputError as exc:
        raise InputError(f"--at: {exc}") from None
    verdict = check_place(board, the_card, at)
    if verdict.valid:
        save(
            game_file,
            current.with_action(Action.place(the_card, at, who)).to_mapping(),
            force=True,
            what="game file",
        )
    if as_json:
        emit_json({**verdict.to_dict(), "recorded": verdict.valid})
    elif verdict.valid:
        extra = f" (discard {verdict.replaces})" if verdict.replaces else ""
        echo(f"{the_card} played on {at.name}{extra}.")
    else:
        echo(f"{the_card} cannot go on {at.name}: {verdict.reason}: {verdict.explanation}.")
    return 0 if verdict.valid else 1


@game.command("move-block", no_args_is_help=True)
@click.argument("game_file", metavar="GAME")
@click.option("--player", required=True, metavar="NAME", help="Whose block.")
@click.option(
    "--from", "from_name", metavar="CELL", help="The block to move (default: one from reserve)."
)
@click.option("--to", "to_name", required=True, metavar="CELL", help="The card to put it on.")
@json_option
def game_move_block(
    game_file: str, player: str, from_name: str | None, to_name: str, as_json: bool
) -> int:
    """Put a block on a card of the game's board (the same check as 'wordblock move-block').

    \b
    Example:
      referee wordblock game move-block game.yaml --player blue --to B4
    """
    from referee.files import display_name
    from referee.wordblock import Action, check_move

    current = load_game(game_file)
    board = current.state().board
    who = board.require_player(player, "--player", display_name(game_file))
    src = board.cell(from_name, "--from") if from_name is not None else None
    to = board.cell(to_name, "--to")
    verdict = check_move(board, who, src, to)
    if verdict.valid:
        save(
            game_file,
            current.with_action(Action.move_block(who, src, to)).to_mapping(),
            force=True,
            what="game file",
        )
    if as_json:
        emit_json({**verdict.to_dict(), "recorded": verdict.valid})
    elif verdict.valid:
        echo(f"{who} moves a block {f'from {src.name}' if src else 'from reserve'} to {to.name}.")
    else:
        echo(f"{who} cannot put a block on {to.name}: {verdict.reason}: {verdict.explanation}.")
    return 0 if verdict.valid else 1


@game.command("show", no_args_is_help=True)
@click.argument("game_file", metavar="GAME")
@json_option
def game_show(game_file: str, as_json: bool) -> int:
    """Print the scorepad (words and running totals), the leader and the board.

    \b
    Example:
      referee wordblock game show game.yaml
    """
    current = load_game(game_file)
    state = current.state()
    leaders = state.leaders()
    if as_json:
        emit_json(
            {
                "players": list(current.players),
                "totals": dict(state.totals),
                "leaders": leaders,
                "tie": len(leaders) > 1,
                "scorepad": [
                    {
                        "entry": line.number,
                        "action": line.action.to_mapping(),
                        "points": dict(line.points),
                        "totals": dict(line.totals),
                    }
                    for line in state.lines
                ],
                "claimed": list(state.board.claimed),
                "actions": len(state.applied),
                "board": state.board.to_mapping(),
            }
        )
        return 0
    echo(format_scorepad(current.players, state))
    echo()
    echo(render_board(state.board))
    return 0


def format_scorepad(players: Sequence[str], state: GameState) -> str:
    head = ["#", "entry", *players]
    rows = [
        [str(line.number), line.action.describe(), *(str(t) for _, t in line.totals)]
        for line in state.lines
    ]
    rows.append(["", "total", *(str(t) for _, t in state.totals)])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def fmt(r: Sequence[str]) -> str:
        cells = [r[0].rjust(widths[0]), r[1].ljust(widths[1])]
        cells += [v.rjust(widths[i]) for i, v in enumerate(r[2:], start=2)]
        return "  ".join(cells).rstrip()

    lines = [fmt(head), *(fmt(r) for r in rows)]
    leaders = state.leaders()
    top = dict(state.totals)[leaders[0]]
    if len(leaders) > 1:
        lines.append(f"Tied for the lead with {top}: {', '.join(leaders)} (ties are not broken).")
    else:
        lines.append(f"Leader: {leaders[0]} with {top}.")
    return "\n".join(lines)


def _totals_line(state: GameState) -> str:
    return "Totals: " + ", ".join(f"{p} {t}" for p, t in state.totals) + "."


@game.command("undo", no_args_is_help=True)
@click.argument("game_file", metavar="GAME")
@json_option
def game_undo(game_file: str, as_json: bool) -> int:
    """Revert the last action still in force (recorded as an 'undo' entry).

    Exit 0 if an action was undone, 1 if there was nothing to undo.

    \b
    Example:
      referee wordblock game undo game.yaml
    """
    from referee.wordblock import Action

    current = load_game(game_file)
    last = current.undoable()
    if last is not None:
        updated = current.with_action(Action("undo", ()))
        save(game_file, updated.to_mapping(), force=True, what="game file")
        totals = dict(updated.state().totals)
    else:
        totals = dict(current.state().totals)
    if as_json:
        emit_json({"undone": last.to_mapping() if last else None, "totals": totals})
    elif last is not None:
        echo(f"Undone: {last.describe()}.")
        echo("Totals: " + ", ".join(f"{p} {t}" for p, t in totals.items()) + ".")
    else:
        echo("Nothing to undo.")
    return 0 if last is not None else 1
