"""Spot it! 1,2,3 rules: decks, the symbol two cards share, and seeded shuffles.

Pure rules: no click, yaml or enchant. The spec is the Spot it! 1,2,3
Rulebook: any two cards share exactly one image, an image being a shape in a
colour (only the size may differ).

* A :class:`Deck` is a named list of cards of normalised symbols
  (:mod:`referee.spotit.symbols`); :func:`match` finds what two cards share.
* :class:`SeedStream` draws reproducible integers from SHA-256 in counter mode
  (method ``spotit-sha256-ctr-v1``), never from :mod:`random`.

Verifying a deck is :mod:`referee.spotit.verify`; finite fields, projective
planes and generating decks :mod:`referee.spotit.planes`; the five mini-games
:mod:`referee.spotit.minigames`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

from referee.core.errors import InputError, where
from referee.core.seeds import HashStream
from referee.core.values import frozen
from referee.spotit.symbols import bad_character, normalised, short

MAX_SYMBOLS_TOTAL = 2_000_000
"""A deck may hold at most this many symbols in all (YAML aliases can make a
small file name millions of symbols; the referee refuses rather than hang)."""

MAX_CARDS = 10_000
"""A deck has at most this many cards (every deck ``generate`` makes fits)."""

GENERATOR = "spotit-sha256-ctr-v1"
"""The versioned method that turns a seed into shuffles (see :class:`SeedStream`)."""


# --------------------------------------------------------------------------- deck


@frozen
class Deck:
    """A named list of cards, each a tuple of normalised symbols (card 1 first)."""

    name: str
    cards: tuple[tuple[str, ...], ...]

    @classmethod
    def from_cards(cls, name: str, cards: Iterable[Iterable[object]]) -> Deck:
        """Build from plain lists (symbols are normalised and checked)."""
        return cls.from_mapping({"name": name, "cards": [list(c) for c in cards]})

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> Deck:
        """Build from a deck file's mapping: ``name`` (optional) and ``cards``.

        Raises :class:`InputError` for unknown keys, fewer than two cards, an
        empty card, a card listed twice and anything that is not a symbol.
        """
        unknown = sorted(str(k) for k in data if k not in ("name", "cards"))
        if unknown:
            raise InputError(f"{where(source)}unknown key {unknown[0]!r} (expected name, cards)")
        name = data.get("name")
        if name is None:
            name = _default_name(source)
        elif (
            isinstance(name, bool)
            or not isinstance(name, (str, int))
            or not str(name).strip()
            or bad_character(str(name)) is not None
        ):
            raise InputError(f"{where(source, 'name')}expected a deck name, got {short(name)}")
        raw = data.get("cards")
        if raw is None:
            raise InputError(f"{where(source)}no 'cards' key: a deck is a list of cards")
        if not isinstance(raw, list):
            raise InputError(f"{where(source, 'cards')}expected a list of cards, got {short(raw)}")
        if len(raw) < 2:
            found = "no cards" if not raw else "one card"
            raise InputError(
                f"{where(source, 'cards')}a deck needs at least two cards; found {found}"
            )
        if len(raw) > MAX_CARDS:
            raise InputError(
                f"{where(source, 'cards')}{len(raw):,} cards; a deck has at most {MAX_CARDS:,}"
            )
        total = 0
        for number, card in enumerate(raw, 1):
            place = f"card {number}"
            if not isinstance(card, list):
                raise InputError(
                    f"{where(source, place)}expected a list of symbols like "
                    f"[one/blue, circle/green], got {short(card)}"
                )
            if not card:
                raise InputError(f"{where(source, place)}empty card (a card needs symbols)")
            total += len(card)
        if total > MAX_SYMBOLS_TOTAL:
            raise InputError(
                f"{where(source, 'cards')}the deck holds {total:,} symbols in all, more than "
                f"{MAX_SYMBOLS_TOTAL:,}; refusing it"
            )
        cards: list[tuple[str, ...]] = []
        first: dict[frozenset[str], int] = {}
        known: dict[str, str] = {}  # each spelling (text) is normalised once
        for number, card in enumerate(raw, 1):
            try:
                spelled: tuple[str | None, ...] = tuple(map(known.get, card))
            except TypeError:  # a list or mapping in the card
                spelled = (None,)
            if None not in spelled:
                symbols = cast(tuple[str, ...], spelled)
            else:  # a spelling not seen before, or not text
                place = f"card {number}"
                symbols = tuple(
                    known[s]
                    if type(s) is str and s in known
                    else normalised(s, known, source, place)
                    for s in card
                )
            key = frozenset(symbols)
            if key in first:
                place = f"card {number}"
                raise InputError(
                    f"{where(source, place)}card {number} is listed twice: it has the same "
                    f"symbols as card {first[key]}"
                )
            first[key] = number
            cards.append(symbols)
        return cls(name=str(name).strip(), cards=tuple(cards))

    def card(
        self, number: int, place: str | None = None, source: str | None = None
    ) -> tuple[str, ...]:
        """Card ``number`` (from 1); out of range is an :class:`InputError`
        naming the field ``place`` (and the deck's file ``source``)."""
        if not 1 <= number <= len(self.cards):
            raise InputError(
                f"no card {number}: the deck {self.name!r} has cards 1 to {len(self.cards)}",
                place=place,
                source=source,
            )
        return self.cards[number - 1]

    def to_mapping(self) -> dict[str, Any]:
        return {"name": self.name, "cards": [list(c) for c in self.cards]}


def _default_name(source: str | None) -> str:
    if not source or source.startswith("<"):
        return "deck"
    import os

    base = os.path.basename(source)
    stem = base.rsplit(".", 1)[0] if "." in base else base
    return stem or "deck"


# ---------------------------------------------------------------------- shuffles


class SeedStream(HashStream):
    """Uniform integers from a text seed, the same on every machine and Python.

    Method ``spotit-sha256-ctr-v1``: block ``i`` is
    ``SHA-256("referee/spotit/v1/<purpose>/<len(seed)>:<seed>/<i>")`` (UTF-8), read
    as four big-endian unsigned 64-bit integers, first to last. ``below(n)``
    draws one and rejects values at or above the largest multiple of ``n`` below
    2^64 (no modulo bias). No use of :mod:`random`.
    """

    def __init__(self, seed: str, purpose: str) -> None:
        super().__init__(f"referee/spotit/v1/{purpose}/{len(seed)}:{seed}/")


# -------------------------------------------------------------------- matching


@frozen
class Match:
    """The symbols two cards share; ``ok`` when exactly one."""

    first: int
    second: int
    shared: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return len(self.shared) == 1

    @property
    def symbol(self) -> str | None:
        return self.shared[0] if self.ok else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": [self.first, self.second],
            "valid": self.ok,
            "symbol": self.symbol,
            "shared": list(self.shared),
        }

    def sentence(self) -> str:
        pair = f"Cards {self.first} and {self.second}"
        if self.ok:
            return f"{pair} share {self.shared[0]}."
        if not self.shared:
            return f"{pair} share no symbol: the deck is broken for this pair."
        return (
            f"{pair} share {len(self.shared)} symbols ({', '.join(self.shared)}): "
            "the deck is broken for this pair."
        )


def match(deck: Deck, first: int, second: int) -> Match:
    """The symbols cards ``first`` and ``second`` (from 1) share, in card
    ``first``'s order (an error names the field ``first`` or ``second``)."""
    a = deck.card(first, "first")
    b = deck.card(second, "second")
    if first == second:
        raise InputError(f"card {second} is card I again; give two different cards", place="second")
    other = set(b)
    shared: list[str] = []
    for s in a:
        if s in other and s not in shared:
            shared.append(s)
    return Match(first, second, tuple(shared))
