"""Spot it! 1,2,3 commands: ``referee spotit verify/match/generate/render/result/deal``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from referee.cli import (
    CONTEXT_SETTINGS,
    F,
    FilePath,
    Group,
    RenamedOption,
    echo,
    emit_json,
    force_option,
    json_option,
    output_option,
    page_options,
)

if TYPE_CHECKING:
    from referee.spotit.rules import Deck


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
MAX_SEED = 10**18 - 1
"""Seeds are whole numbers, as in ``referee setup generate --seed``."""


def seed_option(help: str, **kwargs: Any) -> Callable[[F], F]:
    """``--seed N``: one kind of seed on every command (a whole number)."""
    from referee.cli import BoundedInt

    return click.option(
        "--seed", "seed_number", type=BoundedInt(0, MAX_SEED), metavar="N", help=help, **kwargs
    )


GAME_KEYS = ("tom-thumb", "caterpillar", "two-chests", "well", "hide-and-seek")
DEFAULT_DEAL_ORDER = 7
"""Without --deck, ``deal`` uses the built-in deck of order 7 (57 cards), the
deck ``referee spotit generate --order 7`` prints."""


def load_deck(path: str) -> Deck:
    """A deck file (YAML; ``-`` for stdin) as a :class:`~referee.spotit.rules.Deck`."""
    from referee.core.files import display_name, load_mapping
    from referee.spotit.rules import Deck

    return Deck.from_mapping(load_mapping(path, "deck"), display_name(path))


@click.group("spotit", cls=Group, context_settings=CONTEXT_SETTINGS)
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
    from referee.spotit.rules import verify as check

    report = check(load_deck(deck))
    if as_json:
        emit_json(report.to_dict())
    else:
        echo("\n".join(report.lines()))
    return 0 if report.valid else 1


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
    from referee.core.files import display_name
    from referee.spotit.rules import match as find

    found = find(load_deck(deck), first, second, display_name(deck))
    if as_json:
        emit_json(found.to_dict())
    else:
        echo(found.sentence())
    return 0 if found.ok else 1


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
    seed = None if seed_number is None else str(seed_number)
    from referee.core.files import MAX_YAML_BYTES, display_name, dump_yaml, read_text
    from referee.spotit.rules import (
        GENERATOR,
        builtin_symbols,
        order_refusal,
        parse_symbol_lines,
        plain_text,
    )
    from referee.spotit.rules import generate as build

    if name is not None:
        plain_text(name, "--name")
    refusal = order_refusal(order)
    if refusal:
        from referee.core.errors import InputError

        raise InputError(f"--order {order}: {refusal}")
    if symbols:
        names = parse_symbol_lines(read_text(symbols, what="symbols"), display_name(symbols))
        source = display_name(symbols)
    else:
        names, source = builtin_symbols(), "the built-in set"
    # A lower bound of the YAML's size, known before the deck is built: every
    # card lists order + 1 symbols, each at least as long as the shortest ones.
    k = order + 1
    card_count = cards if cards is not None else order * order + order + 1
    shortest = sorted(len(n.encode("utf-8")) for n in names)[:k]
    at_least = card_count * (sum(shortest) + 2 * k + 2)
    if at_least > MAX_YAML_BYTES:
        from referee.core.errors import InputError

        raise InputError(
            f"--order {order}: the deck would be over {at_least / 1048576:.1f} MiB of YAML, more "
            "than the 1 MiB verify reads; keep fewer cards with --card-count or use shorter symbols"
        )
    deck = build(order, names, cards=cards, seed=seed, name=name, symbols_source=source)
    made = f"referee spotit generate --order {order}"
    if symbols:
        made += f" --symbols {symbols}"
    if cards is not None:
        made += f" --card-count {cards}"
    if seed is not None:
        made += f" --seed {seed}"
    if name is not None:
        made += f" --name {name}"
    text = (
        f"# A Spot it! deck from the projective plane of order {order}: "
        f"{len(deck.cards)} cards, {order + 1} symbols each.\n# Made by: {made}\n"
        + dump_yaml(deck.to_mapping())
    )
    size = len(text.encode("utf-8"))
    if size > MAX_YAML_BYTES:
        from referee.core.errors import InputError

        raise InputError(
            f"--order {order}: the deck would be {size / 1048576:.1f} MiB of YAML, more than "
            "the 1 MiB verify reads; keep fewer cards with --card-count or use shorter symbols"
        )
    if output and output != "-":
        from referee.core.files import write_text

        write_text(output, text, force=force, what="deck")
    elif not as_json:
        click.echo(text, nl=False)
    if as_json:
        emit_json(
            {
                "name": deck.name,
                "order": order,
                "card_count": len(deck.cards),
                "symbols_per_card": order + 1,
                "seed": seed_number,
                "method": GENERATOR if seed is not None else None,
                "output": output if output and output != "-" else None,
                "cards": [list(c) for c in deck.cards],
            }
        )
    elif output and output != "-":
        echo(
            f"Wrote {deck.name}: {len(deck.cards)} cards of {order + 1} symbols "
            f"(order {order}) to {output}."
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
    from referee.spotit.rules import verify as check

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
    from referee.spotit.minigames import result as judge

    order = parse_placed(placed) if placed is not None else ()
    outcome = judge(game.lower(), parse_counts(counts), order)
    if as_json:
        emit_json(outcome.to_dict())
    else:
        echo("\n".join(outcome.lines()))
    return 0 if outcome.over else 1


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
    from referee.spotit.minigames import deal as set_up
    from referee.spotit.rules import plane_size

    valid = True
    if deck:
        from referee.spotit.rules import verify as check

        cards = load_deck(deck)
        name, count = cards.name, len(cards.cards)
        report = check(cards)
        valid = report.valid
        if not valid and not allow_broken:
            if as_json:
                emit_json({**report.to_dict(), "dealt": False})
            else:
                echo(f"Not dealt: {deck} does not verify (--allow-broken deals it anyway).")
                echo("\n".join(report.lines()[1:]))
            return 1
    else:
        name, count = f"order-{DEFAULT_DEAL_ORDER}", plane_size(DEFAULT_DEAL_ORDER)
    if seed_number is None:
        import secrets

        seed_number = secrets.randbelow(10**9)
    dealt = set_up(
        game.lower(), players, count, str(seed_number), child_cards=child_cards, deck=name
    )
    if as_json:
        emit_json({"valid": True, **dealt.to_dict(), "seed": seed_number, "deck_valid": valid})
    else:
        echo("\n".join(dealt.lines()))
        if not valid:
            echo(f"Note: {deck} does not verify; dealt anyway (--allow-broken).")
    return 0
