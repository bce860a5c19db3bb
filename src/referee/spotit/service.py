"""Spot it!'s service: its questions, on values.

Every function takes values (a :class:`~referee.spotit.rules.Deck`, card
numbers, an order, a seed) and returns a :class:`~referee.service.Report`
whose ``doc`` is what ``referee spotit ... --json`` prints. A question writes
nothing: :func:`generate` returns the deck (in its doc, and its YAML text in
``detail`` for the command line to print or write).

The command line (:mod:`referee.spotit.cli`), the web server and the Python
API are its clients; :data:`QUESTIONS` gives the fields each takes: a deck is
a path from Python, or the deck file's mapping (``name``, ``cards``) from the
web.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee import service as sv
from referee.core.errors import InputError
from referee.core.errors import show as brief
from referee.core.values import frozen
from referee.service import Report
from referee.spotit.rules import GENERATOR, Deck

GAMES = ("tom-thumb", "caterpillar", "two-chests", "well", "hide-and-seek")
"""The five mini-games, as ``result`` and ``deal`` name them."""

DEFAULT_DEAL_ORDER = 7
"""Without a deck, ``deal`` uses the built-in deck of order 7 (57 cards), the
deck ``referee spotit generate --order 7`` prints."""

MAX_SEED = 10**18 - 1
"""Seeds are whole numbers of at most 18 digits, as in ``referee setup generate``."""

BUILTIN = "the built-in set"


@frozen
class Symbols:
    """The symbols a deck is generated from: their names, what messages call
    them (a file's name), and how the command line named them (``Made by:``)."""

    names: tuple[str, ...]
    source: str = "the given symbols"
    named: str | None = None


@frozen
class Generated:
    """``generate``'s ``Report.detail``: the deck and its YAML text (what the
    command line prints or writes)."""

    deck: Deck
    text: str


# ----------------------------------------------------------------- questions


def verify(*, deck: Deck) -> Report:
    """Does every two cards share exactly one symbol? And the deck's shape."""
    from referee.spotit.verify import verify as check

    report = check(deck)
    return Report(report.to_dict(), report.valid, None, report)


def match(*, deck: Deck, first: int, second: int) -> Report:
    """The one symbol cards ``first`` and ``second`` (from 1) share."""
    from referee.spotit.rules import match as find

    found = find(deck, first, second)
    return Report(found.to_dict(), found.ok, None, found)


def check_generate(order: int, name: str | None = None) -> None:
    """The refusals of :func:`generate` that need no symbols: a name that is
    not plain text, an order with no plane (the command line checks them
    before it reads a symbols file)."""
    from referee.spotit.planes import order_refusal
    from referee.spotit.symbols import plain_text

    if name is not None:
        plain_text(name, "name")
    refusal = order_refusal(order)
    if refusal:
        raise InputError(refusal, place=f"order {order}")


def generate(
    *,
    order: int,
    symbols: Symbols | None = None,
    card_count: int | None = None,
    seed: int | None = None,
    name: str | None = None,
) -> Report:
    """A deck from the finite projective plane of ``order``; the doc holds its
    cards (``output`` is ``None``: writing it is the caller's)."""
    from referee.core.files import MAX_YAML_BYTES, dump_yaml
    from referee.spotit.planes import generate as build
    from referee.spotit.symbols import builtin_symbols

    seed_text = None if seed is None else str(seed)
    check_generate(order, name)
    chosen = symbols if symbols is not None else Symbols(builtin_symbols(), BUILTIN)
    names = chosen.names
    # A lower bound of the YAML's size, known before the deck is built: every
    # card lists order + 1 symbols, each at least as long as the shortest ones.
    k = order + 1
    cards = card_count if card_count is not None else order * order + order + 1
    shortest = sorted(len(n.encode("utf-8")) for n in names)[:k]
    at_least = cards * (sum(shortest) + 2 * k + 2)
    if at_least > MAX_YAML_BYTES:
        raise InputError(
            f"the deck would be over {at_least / 1048576:.1f} MiB of YAML, more than the "
            "1 MiB verify reads; ask for fewer cards or use shorter symbols",
            place=f"order {order}",
        )
    deck = build(
        order, names, cards=card_count, seed=seed_text, name=name, symbols_source=chosen.source
    )
    made = f"referee spotit generate --order {order}"
    if symbols is not None:
        made += f" --symbols {symbols.named or symbols.source}"
    if card_count is not None:
        made += f" --card-count {card_count}"
    if seed_text is not None:
        made += f" --seed {seed_text}"
    if name is not None:
        made += f" --name {name}"
    text = (
        f"# A Spot it! deck from the projective plane of order {order}: "
        f"{len(deck.cards)} cards, {order + 1} symbols each.\n# Made by: {made}\n"
        + dump_yaml(deck.to_mapping())
    )
    size = len(text.encode("utf-8"))
    if size > MAX_YAML_BYTES:
        raise InputError(
            f"the deck would be {size / 1048576:.1f} MiB of YAML, more than the 1 MiB verify "
            "reads; ask for fewer cards or use shorter symbols",
            place=f"order {order}",
        )
    doc = {
        "name": deck.name,
        "order": order,
        "card_count": len(deck.cards),
        "symbols_per_card": order + 1,
        "seed": seed,
        "method": GENERATOR if seed is not None else None,
        "output": None,
        "cards": [list(c) for c in deck.cards],
    }
    return Report(doc, True, None, Generated(deck, text))


def result(*, game: str, counts: Sequence[tuple[str, int]], placed: Sequence[str] = ()) -> Report:
    """The winner or ranking of a mini-game, by its own end condition."""
    from referee.spotit.minigames import result as judge

    outcome = judge(game.lower(), counts, placed)
    return Report(outcome.to_dict(), outcome.over, None, outcome)


@frozen
class Dealt:
    """``deal``'s ``Report.detail``: the deal (``None`` when a broken deck was
    refused), whether the deck verifies, and its verify report if one was given."""

    deal: Any
    deck_valid: bool
    report: Any = None


def deal(
    *,
    game: str,
    player_count: int,
    deck: Deck | None = None,
    seed: int | None = None,
    child_cards: int | None = None,
    allow_broken: bool = False,
) -> Report:
    """The deal a mini-game's set-up calls for, reproducibly from ``seed`` (a
    random one, reported, if none). A deck that does not verify is refused
    (``valid`` false, with its verify report) unless ``allow_broken``."""
    from referee.spotit.minigames import deal as set_up
    from referee.spotit.planes import plane_size

    valid, report = True, None
    if deck is not None:
        from referee.spotit.verify import verify as check

        name, count = deck.name, len(deck.cards)
        report = check(deck)
        valid = report.valid
        if not valid and not allow_broken:
            return Report(
                {**report.to_dict(), "dealt": False}, False, None, Dealt(None, False, report)
            )
    else:
        name, count = f"order-{DEFAULT_DEAL_ORDER}", plane_size(DEFAULT_DEAL_ORDER)
    if seed is None:
        import secrets

        seed = secrets.randbelow(10**9)
    dealt = set_up(game.lower(), player_count, count, str(seed), child_cards=child_cards, deck=name)
    doc = {"valid": True, **dealt.to_dict(), "seed": seed, "deck_valid": valid}
    return Report(doc, True, None, Dealt(dealt, valid, report))


# -------------------------------------------------------------------- fields


def _deck_value(value: Any, ctx: sv.Ctx) -> Deck:
    if isinstance(value, str):
        raise InputError("give the deck itself (name:, cards:); file names are not accepted here")
    if not isinstance(value, dict):
        raise InputError(f"give the deck as an object (name:, cards:), got {brief(value)}")
    return Deck.from_mapping(value)


def _deck_path(path: str, ctx: sv.Ctx) -> Deck:
    return load_deck(path)


def load_deck(path: str) -> Deck:
    """A deck file (YAML; ``-`` for stdin) as a :class:`~referee.spotit.rules.Deck`."""
    from referee.core.files import display_name, load_mapping

    return Deck.from_mapping(load_mapping(path, "deck"), display_name(path))


def load_symbols(path: str) -> Symbols:
    """A symbols file (one a line) as :class:`Symbols`."""
    from referee.core.files import display_name, read_text
    from referee.spotit.symbols import parse_symbol_lines

    source = display_name(path)
    return Symbols(parse_symbol_lines(read_text(path, what="symbols"), source), source, path)


def _symbols_value(value: Any, ctx: sv.Ctx) -> Symbols:
    from referee.spotit.symbols import parse_symbol_lines

    if isinstance(value, str):
        raise InputError("give the symbols as a list of names; file names are not accepted here")
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise InputError(f"give the symbols as a list of names, got {brief(value)}")
    if len(value) > 100_000:
        raise InputError(f"at most 100,000 symbols, got {len(value)}")
    for i, item in enumerate(value):
        if "\n" in item or "\r" in item:
            raise InputError("one symbol per item", place=f"[{i}]")
    return Symbols(parse_symbol_lines("\n".join(value)))


def _symbols_path(path: str, ctx: sv.Ctx) -> Symbols:
    return load_symbols(path)


def _game(value: Any, ctx: sv.Ctx) -> str:
    return sv.choice(*GAMES)(value, ctx)


def _counts(value: Any, ctx: sv.Ctx) -> tuple[tuple[str, int], ...]:
    from referee.spotit.minigames import parse_counts

    return parse_counts(sv.text(10_000)(value, ctx), None)


def _placed(value: Any, ctx: sv.Ctx) -> tuple[str, ...]:
    from referee.spotit.minigames import parse_placed

    if isinstance(value, (list, tuple)):
        items = [sv.text(200)(v, ctx) for v in value]
        if any("," in item for item in items):
            raise InputError("a name cannot contain a comma")
        value = ",".join(items)
    return parse_placed(sv.text(10_000)(value, ctx), None)


def _name(value: Any, ctx: sv.Ctx) -> str:
    return sv.text(200)(value, ctx)


NUMBER = sv.whole(-(10**9 - 1), 10**9 - 1)
"""A whole number of at most 9 digits, as the command line reads one."""

DECK = sv.Param(
    "deck",
    sv.file(_deck_path, _deck_value, "deck"),
    required=True,
    kind="file",
    help="The deck: name and cards (lists of symbols).",
)

QUESTIONS: dict[str, sv.Step] = {
    "spotit verify": sv.Step("spotit verify", verify, (DECK,)),
    "spotit match": sv.Step(
        "spotit match",
        match,
        (
            DECK,
            sv.Param("first", NUMBER, required=True, help="Card I (from 1)."),
            sv.Param("second", NUMBER, required=True, help="Card J (from 1)."),
        ),
    ),
    "spotit generate": sv.Step(
        "spotit generate",
        generate,
        (
            sv.Param("order", NUMBER, required=True, help="Order n: n^2+n+1 cards."),
            sv.Param(
                "symbols",
                sv.file(_symbols_path, _symbols_value, "symbols"),
                kind="file",
                help="Symbols, one per item (default: the built-in set).",
            ),
            sv.Param("card_count", NUMBER, help="Keep only N cards."),
            sv.Param("seed", sv.whole(0, MAX_SEED), help="Shuffle reproducibly from seed N."),
            sv.Param("name", _name, help="The deck's name."),
        ),
    ),
    "spotit result": sv.Step(
        "spotit result",
        result,
        (
            sv.Param("game", _game, required=True, choices=GAMES),
            sv.Param("counts", _counts, required=True, help="Each player's count: NAME=N,..."),
            sv.Param("placed", _placed, kind="list", help="The Caterpillar: players placed."),
        ),
    ),
    "spotit deal": sv.Step(
        "spotit deal",
        deal,
        (
            sv.Param("game", _game, required=True, choices=GAMES),
            sv.Param("player_count", NUMBER, required=True, help="How many players."),
            sv.Param(
                "deck",
                sv.file(_deck_path, _deck_value, "deck"),
                kind="file",
                help="Deal this deck's cards (default: the built-in order-7 deck).",
            ),
            sv.Param("seed", sv.whole(0, MAX_SEED), help="Shuffle from seed N (default: random)."),
            sv.Param("child_cards", NUMBER, help="Tom Thumb's row, Hide and Seek's child's cards."),
            sv.Param(
                "allow_broken", sv.flag, kind="flag", help="Deal a deck that does not verify."
            ),
        ),
    ),
}
"""The questions of Spot it! (named as on the command line)."""
