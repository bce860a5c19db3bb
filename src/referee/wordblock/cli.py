"""Word Block commands: ``score-claim`` and the ``wordblock`` group's
one-board commands (place, move-block, hint); its whole games are in
:mod:`referee.wordblock.game_cli`.

Thin: options become values (a board file read by
:mod:`referee.wordblock.formats`, an open dictionary), the service
(:mod:`referee.wordblock.service`) answers, and the report is printed as JSON
or as text (:mod:`referee.wordblock.render`). The service names places
neutrally ("player", "at"); :class:`referee.cli.Command` words them as this
command line's options. Errors become exit 2 in one place
(:func:`referee.cli.run_mapped`).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any

import click

from referee.cli import CONTEXT_SETTINGS, Command, Group, field_names
from referee.cli.options import F, FilePath, complete_dictionary, dictionary_options, json_option
from referee.cli.output import echo, emit_json
from referee.core.dictionary import Dictionary, open_dictionary, read_word_list
from referee.core.errors import InputError, show
from referee.core.files import write_text
from referee.service import Report

if TYPE_CHECKING:
    from referee.core.lru import LRU
from referee.wordblock import formats, render, service
from referee.wordblock.board import Board
from referee.wordblock.formats import load_board

__all__ = ["load_board"]

# The games (engine, turns) and hint's index are imported by the service's
# functions that use them: score-claim, one process per claim, loads only what
# it needs.


# ----------------------------------------------------------------------- loading


def exclusion_option(f: F) -> F:
    return click.option(
        "--no-exclusions",
        is_flag=True,
        help="Accept the abbreviations on the shipped exclusion list (etc, adj, avg, ...).",
    )(f)


def claim_options(f: F, player_required: bool = True) -> F:
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


def lexicon_for(
    dictionary: str | None,
    allow: str | None,
    cache: MutableMapping[tuple[str | None, str | None], Dictionary] | None = None,
) -> Dictionary:
    """The dictionary to judge with, its house words on it; ``cache`` keeps
    opened ones (batch mode)."""
    cache = cache if cache is not None else {}
    key = (dictionary, allow)
    if key not in cache:
        cache[key] = open_dictionary(dictionary, allow)
    return cache[key]


# ------------------------------------------------------------------- score-claim


_board_option = click.option(
    "--board",
    "board_file",
    required=True,
    metavar="FILE",
    type=FilePath(),
    help="Board file (YAML).",
)
"""--board FILE on the commands that judge one board file (place, move-block, hint)."""


@click.command("score-claim", cls=Command, no_args_is_help=True, context_settings=CONTEXT_SETTINGS)
@click.argument("word", required=False)
@click.option("--board", "board_file", metavar="FILE", type=FilePath(), help="Board file (YAML).")
@lambda f: claim_options(f, player_required=False)
@dictionary_options
@exclusion_option
@click.option(
    "--batch",
    is_flag=True,
    help="Read one JSON object per line on stdin (word, board, player, path, challenged_by, "
    "dictionary, allow, no_exclusions; options give defaults), write one JSON result per line.",
)
@click.option(
    "--preview",
    is_flag=True,
    help="Score the walk without judging the word: what a claimer may see before a claim "
    "judged by challenge (no dictionary is consulted).",
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
    preview: bool,
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
        if preview:
            raise click.UsageError("--preview scores one claim; it does not go with --batch")
        from referee.cli.batch import no_stdin_files, run_batch

        no_stdin_files(defaults, ("board", "dictionary", "allow"))
        return run_batch(_Scorer(defaults).line)
    if word is None:
        raise click.UsageError("Missing argument 'WORD'.")
    for option, value in (("--board", board_file), ("--player", player)):
        if value is None:
            raise click.UsageError(f"Missing option '{option}'.")
    assert board_file is not None and player is not None
    report = service.score_claim(
        word=word,
        board=load_board(board_file),
        player=player,
        walk=path_text,
        challenged_by=challenged_by,
        dictionary=None if preview else lexicon_for(dictionary, allow),
        no_exclusions=no_exclusions,
        preview=preview,
    )
    if as_json:
        emit_json(report.doc)
    else:
        judged: service.Judged = report.detail
        verdict = judged.verdict
        echo(render.board_text(judged.board, verdict.walk.path if verdict.walk else ()))
        echo()
        echo(render.claim_text(verdict))
    return report.exit_code


BATCH_FILES = ("board", "dictionary", "allow")


FILES_KEPT = 64
"""Boards and dictionaries a batch keeps open (the most recently used)."""

ANSWERS_KEPT = 16_384
"""Answers a batch keeps by their line's fields (the most recently used):
memory stays flat however many distinct lines come."""


class _Scorer:
    """``score-claim --batch``: boards and dictionaries are opened once, and
    answers kept by the line's fields. A missing or mistyped field is named
    as the line's field (``player``); the rules' errors as the options."""

    def __init__(self, defaults: dict[str, Any]) -> None:
        from referee.core.lru import LRU

        self.defaults = defaults
        self.boards: LRU[str, Board] = LRU(FILES_KEPT)
        self.lexicons: LRU[tuple[str | None, str | None], Dictionary] = LRU(FILES_KEPT)
        self.answers: LRU[tuple[Any, ...], str] = LRU(ANSWERS_KEPT)

    def line(self, obj: dict[str, Any]) -> str:
        from referee.cli.batch import batch_field

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
        identity = tuple(fields.values())
        answer = self.answers.get(identity)
        if answer is None:
            answer = self.answers[identity] = self._answer(fields).json()
        return answer

    def _answer(self, fields: dict[str, Any]) -> Report:
        """One claim's report (files are read once per batch, so the same
        fields always get the same answer)."""
        from referee.cli.batch import no_stdin_files

        no_stdin_files(fields, BATCH_FILES)
        board = self.boards.get(fields["board"])
        if board is None:
            board = self.boards[fields["board"]] = load_board(fields["board"])
        lexicon = lexicon_for(fields["dictionary"], fields["allow"], self.lexicons)
        try:
            return service.score_claim(
                word=fields["word"],
                board=board,
                player=fields["player"],
                walk=fields["path"],
                challenged_by=fields["challenged_by"],
                dictionary=lexicon,
                no_exclusions=bool(fields["no_exclusions"]),
            )
        except InputError as exc:
            raise exc.renamed(field_names(score_claim)) from None


# --------------------------------------------------------------------- the group


@click.group("wordblock", cls=Group, context_settings=CONTEXT_SETTINGS)
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
@_board_option
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
    report = service.place_card(card=card, board=load_board(board_file), at=at_name)
    placed: service.Placed = report.detail
    verdict = placed.verdict
    doc = report.doc
    if placed.after is not None and write:
        write_text(board_file, formats.board_text(placed.after), force=True, what="board")
        doc = {**doc, "output": board_file}
    if as_json:
        emit_json(doc)
    else:
        the_card, at = verdict.card, verdict.at
        if verdict.valid and verdict.replaces:
            echo(
                f"{the_card} may replace {verdict.replaces} on {at.name} (discard {verdict.replaces})."
            )
        elif verdict.valid:
            echo(f"{the_card} may go on {at.name}.")
        else:
            echo(f"{the_card} cannot go on {at.name}: {verdict.reason}: {verdict.explanation}.")
        if doc["output"]:
            echo(f"Updated {board_file}.")
    return report.exit_code


@wordblock.command("move-block", no_args_is_help=True)
@_board_option
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
    report = service.move_block_on(
        board=load_board(board_file), player=player, from_=from_name, to=to_name
    )
    moved: service.Moved = report.detail
    verdict = moved.verdict
    doc = report.doc
    if moved.after is not None and write:
        write_text(board_file, formats.board_text(moved.after), force=True, what="board")
        doc = {**doc, "output": board_file}
    if as_json:
        emit_json(doc)
    else:
        who, src, to = verdict.player, verdict.from_, verdict.to
        origin = f"from {src.name}" if src else "from reserve"
        if verdict.valid:
            echo(f"{who} may move a block {origin} to {to.name}.")
        else:
            echo(
                f"{who} cannot move a block {origin} to {to.name}: "
                f"{verdict.reason}: {verdict.explanation}."
            )
        if doc["output"]:
            echo(f"Updated {board_file}.")
    return report.exit_code


@wordblock.command("hint", no_args_is_help=True)
@_board_option
@click.option("--player", required=True, metavar="NAME", help="Who is looking for a claim.")
@click.option(
    "--top",
    type=click.IntRange(min=1),
    metavar="N",
    default=10,
    show_default=True,
    help="How many claims.",
)
@click.option(
    "--dictionary",
    default="scowl",
    show_default=True,
    metavar="NAME",
    shell_complete=complete_dictionary,
    help="The word list to search the board against: a SCOWL list (scowl, scowl:70, "
    "scowl:british:70) or a word-list file (one word per line).",
)
@click.option("--allow", metavar="FILE", type=FilePath(), help="House words added to the list.")
@exclusion_option
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
    board = load_board(board_file)
    extra = read_word_list(allow, what="allow list") if allow else None
    report = service.board_hint(
        board=board,
        player=player,
        top=top,
        dictionary=service.hint_dictionary(dictionary),
        allow=extra,
        no_exclusions=no_exclusions,
    )
    if as_json:
        emit_json(report.doc)
    else:
        hinted: service.Hinted = report.detail
        echo(render.hints_text(hinted.hints, hinted.player))
    return report.exit_code
