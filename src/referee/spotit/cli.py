"""Spot it! 1,2,3 commands: ``referee spotit verify/match/generate/render/result/deal``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from referee.cli import CONTEXT_SETTINGS, Command, Group, field_names
from referee.cli.options import (
    F,
    FilePath,
    RenamedOption,
    force_option,
    json_option,
    output_option,
    page_options,
)
from referee.cli.output import echo, emit_json
from referee.core.errors import InputError
from referee.spotit import service
from referee.spotit.service import GAMES as GAME_KEYS
from referee.spotit.service import MAX_SEED, load_deck


class SpotitCommand(Command):
    """A Spot it! command: besides a field (``counts`` -> ``--counts``), an
    error may name a field and the value given (``order 6`` -> ``--order 6``)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except InputError as exc:
            head, _, rest = (exc.place or "").partition(" ")
            names = field_names(self)
            if rest and head in names:
                raise exc.renamed({exc.place or "": f"{names[head]} {rest}"}) from None
            raise


class SpotitGroup(Group):
    command_class = SpotitCommand


def _in_deck(exc: InputError, path: str) -> InputError:
    """An error about card I or J, named as the command line names them, in the deck file."""
    from referee.core.files import display_name

    return exc.renamed(field_names(click.get_current_context().command)).in_file(display_name(path))


def whole(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
    """Callback: a whole number of at most 9 digits (the error quotes at most 40
    characters, never a 5,000-digit argument)."""
    if value is None:
        return None
    text = str(value).strip()
    digits = text[1:] if text[:1] in "+-" else text
    shown = repr(text if len(text) <= 40 else text[:37] + "...")
    if not (digits.isascii() and digits.isdigit()):
        raise click.BadParameter(f"{shown} is not a whole number", ctx, param)
    if len(digits) > 9:
        raise click.BadParameter(f"{shown} is too large", ctx, param)
    return int(text)


SEED_HELP = "a whole number of at most 18 digits"


def seed_option(help: str, **kwargs: Any) -> Callable[[F], F]:
    """``--seed N``: one kind of seed on every command (a whole number)."""
    from referee.cli.options import BoundedInt

    return click.option(
        "--seed", "seed_number", type=BoundedInt(0, MAX_SEED), metavar="N", help=help, **kwargs
    )


@click.group("spotit", cls=SpotitGroup, context_settings=CONTEXT_SETTINGS)
def spotit() -> None:
    """Spot it! decks (any two cards share exactly one symbol) and the mini-games.

    A deck file is YAML: a name and a list of cards, each a list of symbols
    written shape/colour (one/blue, circle/green), compared case-insensitively.

    \b
    Example:
      referee spotit generate --order 7 --seed 1 -o deck.yaml
      referee spotit verify deck.yaml
      referee spotit match deck.yaml 3 17
    """


@spotit.command("verify", no_args_is_help=True)
@click.argument("deck", metavar="DECK", type=FilePath())
@json_option
def verify(deck: str, as_json: bool) -> int:
    """Does every two cards share exactly one symbol? And what shape is the deck?

    Exit 0 if every two cards share exactly one symbol and no card repeats a
    symbol, 1 if not (the offending pairs are listed, the first 10 and a total).
    Also reports symbols per card, distinct symbols, how often each appears,
    and whether the deck is a complete projective plane, a subset of one (with
    the cards that could be added back) or neither.

    \b
    Example:
      referee spotit verify examples/spotit/lost-two.yaml
    """
    report = service.verify(deck=load_deck(deck))
    if as_json:
        emit_json(report.doc)
    else:
        echo("\n".join(report.detail.lines()))
    return report.exit_code


@spotit.command("match", no_args_is_help=True)
@click.argument("deck", metavar="DECK", type=FilePath())
@click.argument("first", metavar="I", callback=whole)
@click.argument("second", metavar="J", callback=whole)
@json_option
def match(deck: str, first: int, second: int, as_json: bool) -> int:
    """The one symbol cards I and J share (cards are numbered from 1).

    Exit 0 with the symbol, 1 if the two cards share none or more than one
    (the deck is broken for that pair).

    \b
    Example:
      referee spotit match examples/spotit/order-2.yaml 1 2
    """
    cards = load_deck(deck)
    try:
        report = service.match(deck=cards, first=first, second=second)
    except InputError as exc:
        raise _in_deck(exc, deck) from None
    if as_json:
        emit_json(report.doc)
    else:
        echo(report.detail.sentence())
    return report.exit_code


@spotit.command("generate", no_args_is_help=True)
@click.option("--order", required=True, callback=whole, metavar="N", help="Order n: n^2+n+1 cards.")
@click.option(
    "--symbols",
    metavar="FILE",
    type=FilePath(),
    help="Symbols, one per line (default: the built-in set).",
)
@click.option(
    "--card-count",
    "--cards",
    "cards",
    cls=RenamedOption,
    old=("--cards",),
    callback=whole,
    metavar="N",
    help="Keep only N cards (the rest are dropped).",
)
@seed_option("Shuffle cards and symbols reproducibly from seed N.")
@click.option("--name", metavar="NAME", help="The deck's name (default: order-N[-seed-S]).")
@output_option("the deck")
@force_option
@json_option
def generate(
    order: int,
    symbols: str | None,
    cards: int | None,
    seed_number: int | None,
    name: str | None,
    output: str | None,
    force: bool,
    as_json: bool,
) -> int:
    """A deck from the finite projective plane of order N.

    N^2 + N + 1 cards of N + 1 symbols; every prime power order works
    (2, 3, 4, 5, 7, 8, 9, 11, 13, 16, ...). Orders with no known plane
    (6, 10, 12, 14, 15, ...) are refused. The deck always passes verify.

    \b
    Example:
      referee spotit generate --order 5 --seed 1 -o small-deck.yaml
      referee spotit generate --order 3 --card-count 10
    """
    service.check_generate(order, name)
    report = service.generate(
        order=order,
        symbols=service.load_symbols(symbols) if symbols else None,
        card_count=cards,
        seed=seed_number,
        name=name,
    )
    made = report.detail
    if output and output != "-":
        from referee.core.files import write_text

        write_text(output, made.text, force=force, what="deck")
    elif not as_json:
        click.echo(made.text, nl=False)
    if as_json:
        emit_json({**report.doc, "output": output if output and output != "-" else None})
    elif output and output != "-":
        order_of = report.doc["order"]
        echo(
            f"Wrote {made.deck.name}: {len(made.deck.cards)} cards of {order_of + 1} symbols "
            f"(order {order_of}) to {output}."
        )
    return 0


@spotit.command("render", no_args_is_help=True)
@click.argument("deck", metavar="DECK", type=FilePath())
@page_options(required=True)
@click.option(
    "--per-page",
    callback=whole,
    default="6",
    show_default=True,
    metavar="N",
    help="Cards per page.",
)
@seed_option("Vary symbol sizes and angles from seed N (default: one fixed drawing).")
@force_option
@json_option
def render(
    deck: str,
    output: str,
    per_page: int,
    paper: str,
    seed_number: int | None,
    force: bool,
    as_json: bool,
) -> int:
    """Printable round cards: a PDF (-o NAME.pdf) or one SVG, several per page.

    Symbols are drawn as coloured shapes and numerals in varying sizes and
    rotations. A deck that does not verify is not rendered (exit 1).

    \b
    Example:
      referee spotit render examples/spotit/order-7.yaml -o cards.pdf
      referee spotit render examples/spotit/order-7.yaml -o cards.svg
    """
    from referee.core.files import write_text
    from referee.spotit.render import page_layout, render_svg
    from referee.spotit.verify import verify as check

    seed = "" if seed_number is None else str(seed_number)
    cards = load_deck(deck)
    layout = page_layout(per_page, paper.lower())
    report = check(cards)
    pages = -(-len(cards.cards) // per_page)
    summary = {
        "valid": report.valid,
        "output": None,
        "cards": len(cards.cards),
        "pages": pages,
        "per_page": per_page,
        "paper": paper.lower(),
        "diameter_mm": round(layout.diameter, 1),
    }
    if not report.valid:
        if as_json:
            emit_json({**summary, "pages": 0})
        else:
            echo(f"Not rendered: {deck} does not verify.")
            echo("\n".join(report.lines()[1:]))
        return 1
    from referee.core.files import display_name

    options: dict[str, Any] = {
        "per_page": per_page,
        "paper": paper.lower(),
        "seed": seed,
        "source": display_name(deck),
    }
    if output.lower().endswith(".pdf"):
        from referee.core.files import write_bytes
        from referee.spotit.render import render_pdf

        write_bytes(output, render_pdf(cards, **options), force=force, what="PDF")
    else:
        write_text(output, render_svg(cards, **options), force=force, what="SVG")
    if as_json:
        emit_json({**summary, "output": output})
    elif output != "-":
        sheet = "A4" if paper.lower() == "a4" else "US Letter"
        noun = "page" if pages == 1 else "pages"
        echo(
            f"Wrote {len(cards.cards)} cards ({layout.diameter:.0f} mm across) on {pages} "
            f"{sheet} {noun}, {per_page} per page, to {output}."
        )
    return 0


@spotit.command("result", no_args_is_help=True)
@click.argument("game", metavar="GAME", type=click.Choice(GAME_KEYS, case_sensitive=False))
@click.option(
    "--counts",
    required=True,
    metavar="NAME=N,...",
    help="Each player's count: cards collected (two-chests), cards left (caterpillar, "
    "well), cards face up (hide-and-seek), row cards uncovered (tom-thumb).",
)
@click.option(
    "--placed",
    metavar="NAME,...",
    help="The Caterpillar: the players already placed by an earlier call, in order "
    "(1st, 2nd, ...); places continue from there.",
)
@json_option
def result(game: str, counts: str, placed: str | None, as_json: bool) -> int:
    """The winner or ranking of a mini-game, by its own end condition.

    GAME is tom-thumb, caterpillar, two-chests, well or hide-and-seek. Exit 0
    when the game is decided (ties name who plays the tie-break, or hot potato
    for more than two), 1 when its end condition does not hold yet. In The
    Caterpillar only empty piles are placed; the others play on, and the next
    call names the players placed so far with --placed.

    \b
    Example:
      referee spotit result two-chests --counts ann=12,bob=9,cy=9
      referee spotit result well --counts ann=3,bob=0,cy=5
      referee spotit result caterpillar --counts ann=0,bob=0,cy=3 --placed ann
    """
    from referee.spotit.minigames import parse_counts, parse_placed

    order = parse_placed(placed) if placed is not None else ()
    report = service.result(game=game, counts=parse_counts(counts), placed=order)
    if as_json:
        emit_json(report.doc)
    else:
        echo("\n".join(report.detail.lines()))
    return report.exit_code


@spotit.command("deal", no_args_is_help=True)
@click.argument("game", metavar="GAME", type=click.Choice(GAME_KEYS, case_sensitive=False))
@click.option(
    "--player-count",
    "--players",
    "players",
    cls=RenamedOption,
    old=("--players",),
    required=True,
    callback=whole,
    metavar="N",
    help="How many players.",
)
@click.option(
    "--deck",
    metavar="DECK",
    type=FilePath(),
    help="Deal this deck's cards (default: the built-in order-7 deck).",
)
@seed_option("Shuffle from seed N (default: a random seed, printed).")
@click.option(
    "--child-cards",
    callback=whole,
    metavar="N",
    help="Tom Thumb: cards in the row and the pile (6); Hide and Seek: the child's cards (4).",
)
@click.option(
    "--allow-broken",
    is_flag=True,
    help="Deal a --deck that does not verify (the table knows it is broken).",
)
@json_option
def deal(
    game: str,
    players: int,
    deck: str | None,
    seed_number: int | None,
    child_cards: int | None,
    allow_broken: bool,
    as_json: bool,
) -> int:
    """The deal a mini-game's set-up calls for, reproducibly from a seed.

    Cards are numbered as in the deck file (from 1). Player 1 is the child in
    Tom Thumb and Hide and Seek, and the winner of the previous game in The Well.
    A deck that does not verify is not dealt (exit 1, with the verify report)
    unless --allow-broken is given.

    \b
    Example:
      referee spotit deal caterpillar --player-count 3 --seed 7
      referee spotit deal hide-and-seek --player-count 3 --deck deck.yaml --seed 7
    """
    report = service.deal(
        game=game,
        player_count=players,
        deck=load_deck(deck) if deck else None,
        seed=seed_number,
        child_cards=child_cards,
        allow_broken=allow_broken,
    )
    if as_json:
        emit_json(report.doc)
        return report.exit_code
    dealt = report.detail
    if dealt.deal is None:
        echo(f"Not dealt: {deck} does not verify (--allow-broken deals it anyway).")
        echo("\n".join(dealt.report.lines()[1:]))
        return report.exit_code
    echo("\n".join(dealt.deal.lines()))
    if not dealt.deck_valid:
        echo(f"Note: {deck} does not verify; dealt anyway (--allow-broken).")
    return report.exit_code
