"""Out of Sight rules: cards, banks and frame scoring.

Pure rules: no click, yaml or files. Bad values raise
:class:`~referee.core.errors.InputError` with neutral place names
(``players``, ``prefer``) that the command line maps to its options; where a
value sits in a file is added by the reader (:mod:`referee.outofsight.formats`).

A card is ``colour-number`` (``blue-7``) or just ``colour`` when the number
does not matter. A bank is the cards a player holds.

Scoring a frame (advanced game): the colour piles are sorted by size, largest
first. Frames 1 and 2: the first three piles score 1 point a card, the next
three are saved into the next frame's bank, every other pile subtracts 1 point
a card. The final frame: the first three score, every other card subtracts.
Piles of equal size keep the order in which their colours first appear in the
bank, unless the player states a preference; a tie that straddles a row
boundary is reported. The basic game scores 1 point a card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from referee.core.errors import InputError, show
from referee.core.schema import bounded_int
from referee.core.text import first_duplicate, name_key
from referee.core.text import name as nfc
from referee.core.values import frozen

MODES: tuple[str, ...] = ("basic", "advanced")
FRAMES = 3
"""A game is three scoring frames; the third is the final frame."""
ROW = 3
"""Colour piles per row of the bank (scored, saved, subtracted)."""
MIN_CARD, MAX_CARD = 1, 18
GAME_COLOURS = 9
"""The deck's colours: more distinct colours in one game earns a warning."""
DECK_COLOURS: tuple[str, ...] = (
    "blue",
    "yellow",
    "green",
    "purple",
    "silver",
    "red",
    "orange",
    "pink",
    "brown",
)
"""A new game's colours (the deck has 9): the seven the rulebook names
(Example Three: blue, yellow, green, purple, silver, red, orange) and, for the
two it does not, pink and brown; a game started with other ``colours`` keeps
those."""
DECK = 108
"""Coloured cards in the deck (109 with the Doubles card): no bank holds more."""
MIN_PLAYERS, MAX_PLAYERS = 2, 12
MAX_NAME = 30
"""Longest player name or colour word (they appear in every message)."""

Mode = Literal["basic", "advanced"]
Place = Literal["scored", "saved", "subtracted"]
Prefer = Mapping[str, Sequence[str]]
"""Per player, the colours that go higher among piles of equal size, in order."""

CARD_HINT = "write colour-number, like blue-7, or just the colour"


def join_and(items: Sequence[str]) -> str:
    """``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# --------------------------------------------------------------------------- cards


@frozen
class Card:
    """One card: its colour (a lowercase word) and its number, if known."""

    colour: str
    number: int | None = None

    @classmethod
    def from_text(cls, value: object) -> Card:
        """Parse ``blue-7`` or ``blue``; raise :class:`InputError` for anything else."""
        if not isinstance(value, str):
            raise InputError(f"card {show(value)} has no colour ({CARD_HINT})")
        colour_part, dash, number_part = value.strip().partition("-")
        if not colour_part:
            raise InputError(f"card {show(value)} has no colour ({CARD_HINT})")
        what = f"card {show(value)}"
        if not colour_part.isalpha() or len(colour_part) > MAX_NAME:
            raise InputError(
                f"{what}: the colour must be one word of up to {MAX_NAME} letters ({CARD_HINT})"
            )
        if not dash:
            return cls(colour_word(colour_part))
        if not number_part:
            raise InputError(f"{what} has no number after '-' ({CARD_HINT})")
        try:
            number = card_number(number_part)
        except InputError as exc:
            raise InputError(f"{what}: {exc.detail}") from None
        return cls(colour_word(colour_part), number)

    def __str__(self) -> str:
        return self.colour if self.number is None else f"{self.colour}-{self.number}"


def colour_word(value: object) -> str:
    """A colour is one word of letters, compared in lowercase."""
    text = value.strip().lower() if isinstance(value, str) else ""
    if text and text.isalpha() and len(text) <= MAX_NAME:
        return text
    raise InputError(f"{show(value)} is not a colour (one word of up to {MAX_NAME} letters)")


def card_number(value: object) -> int:
    """A card number 1-18, from an int or its digits (never a crash on 5,000 digits)."""
    if isinstance(value, str):
        return bounded_int(value, MIN_CARD, MAX_CARD)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{show(value)} is not a card number ({MIN_CARD}-{MAX_CARD})")
    if not MIN_CARD <= value <= MAX_CARD:
        raise InputError(
            f"expected a whole number from {MIN_CARD} to {MAX_CARD}, got {show(value, 20)}"
        )
    return value


def player_name(value: object) -> str:
    """A player's name: text of up to 30 characters, no surrounding spaces, no
    ``,`` or ``=``; stored NFC-normalised, so ``René`` is one name however it
    was typed."""
    if isinstance(value, str) and len(value) > MAX_NAME:
        raise InputError(f"player name {show(value)} is longer than {MAX_NAME} characters")
    if not isinstance(value, str) or not value.strip() or value != value.strip():
        raise InputError(
            f"player name {show(value)} must be text without surrounding spaces (quote it in YAML)"
        )
    if "," in value or "=" in value:
        raise InputError(f"player name {show(value)} may not contain ',' or '='")
    return nfc(value)


def game_players(names: Sequence[str]) -> tuple[str, ...]:
    """The players of a game: 2 to 12 different names (``players`` names the place)."""
    try:
        checked = tuple(player_name(n) for n in names)
    except InputError as exc:
        raise exc.at("players") from None
    if not MIN_PLAYERS <= len(checked) <= MAX_PLAYERS:
        raise InputError(
            f"Out of Sight needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(checked)}",
            place="players",
        )
    unique_names(checked, "players")
    return checked


def unique_names(names: Sequence[str], place: str) -> None:
    """Refuse two names that are one player (equal once NFC-normalised and
    case-folded: ``Ann`` and ``ann``)."""
    dup = first_duplicate(names)
    if dup is not None:
        first = next(n for n in names if name_key(n) == name_key(dup))
        same = "" if first == dup else f" (as {show(first)})"
        raise InputError(f"{show(dup)} is named twice{same}", place=place)


def parse_mode(value: object) -> Mode:
    text = value.strip().lower() if isinstance(value, str) else None
    if text == "basic":
        return "basic"
    if text == "advanced":
        return "advanced"
    raise InputError(f"unknown mode {show(value)} (modes are basic, advanced)")


def parse_frame(value: object) -> int:
    """A frame number: 1, 2 or 3, or ``final`` (3)."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= FRAMES:
        return value
    if isinstance(value, str) and value.strip().lower() == "final":
        return FRAMES
    raise InputError(f"frame {show(value)} does not exist (a game has frames 1, 2 and 3)")


# ---------------------------------------------------------------------------- banks


@frozen
class Pile:
    """The cards of one colour in a bank."""

    colour: str
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        return len(self.cards)

    def numbers(self) -> int | None:
        """The sum of the numbers on the cards; ``None`` if any number is unknown."""
        if any(c.number is None for c in self.cards):
            return None
        return sum(c.number or 0 for c in self.cards)


@frozen
class Bank:
    """The cards a player holds, in the order written (at most the 108 of the deck)."""

    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if len(self.cards) > DECK:
            raise InputError(f"more than {DECK} cards, but the deck has only {DECK} coloured cards")

    @classmethod
    def from_piles(cls, piles: Iterable[Pile]) -> Bank:
        return cls(tuple(c for p in piles for c in p.cards))

    def __len__(self) -> int:
        return len(self.cards)

    def colours(self) -> tuple[str, ...]:
        """Distinct colours, in order of first appearance."""
        return tuple(dict.fromkeys(c.colour for c in self.cards))

    def piles(self) -> tuple[Pile, ...]:
        """One pile per colour, in order of first appearance."""
        groups: dict[str, list[Card]] = {}
        for card in self.cards:
            groups.setdefault(card.colour, []).append(card)
        return tuple(Pile(colour, tuple(cards)) for colour, cards in groups.items())

    def counts(self) -> dict[str, int]:
        return {p.colour: p.size for p in self.piles()}

    @property
    def grouped(self) -> bool:
        """Whether each colour's cards stand together (as ``colour: count`` writes them)."""
        return self.cards == Bank.from_piles(self.piles()).cards

    def missing(self, needed: Bank) -> tuple[Card, ...]:
        """The cards of ``needed`` that this bank does not hold (as a multiset).

        A card without a number in either bank matches any card of its colour.
        """
        exact: dict[Card, int] = {}
        loose: dict[str, int] = {}
        for c in self.cards:
            if c.number is None:
                loose[c.colour] = loose.get(c.colour, 0) + 1
            else:
                exact[c] = exact.get(c, 0) + 1
        lacking: list[Card] = []
        pending: list[Card] = []
        # Numbered cards first take their exact twins, then unnumbered cards of their colour.
        for c in needed.cards:
            if c.number is None:
                pending.append(c)
            elif exact.get(c, 0):
                exact[c] -= 1
            elif loose.get(c.colour, 0):
                loose[c.colour] -= 1
            else:
                lacking.append(c)
        for c in pending:
            if loose.get(c.colour, 0):
                loose[c.colour] -= 1
                continue
            twin = next((k for k, n in exact.items() if k.colour == c.colour and n), None)
            if twin is None:
                lacking.append(c)
            else:
                exact[twin] -= 1
        return tuple(lacking)


def describe_cards(cards: Iterable[Card]) -> str:
    """``purple 2, red-5`` for people: unnumbered cards counted per colour."""
    counts: dict[str, int] = {}
    numbered: list[str] = []
    for c in cards:
        if c.number is None:
            counts[c.colour] = counts.get(c.colour, 0) + 1
        else:
            numbered.append(str(c))
    return ", ".join([f"{colour} {n}" for colour, n in counts.items()] + numbered)


# -------------------------------------------------------------------------- scoring


@frozen
class Tie:
    """Piles of equal size split across a row boundary, and how it was settled."""

    size: int
    colours: tuple[str, ...]
    places: tuple[Place, ...]
    """Where each colour went, in the same order."""
    chosen: bool
    """``True`` when the player's preference settled it, else the order in the bank."""


@frozen
class PlayerScore:
    """One player's frame: the colour piles scored, saved and subtracted."""

    player: str
    scored: tuple[Pile, ...]
    saved: tuple[Pile, ...] = ()
    subtracted: tuple[Pile, ...] = ()
    ties: tuple[Tie, ...] = ()

    @property
    def scored_cards(self) -> int:
        return sum(p.size for p in self.scored)

    @property
    def saved_cards(self) -> int:
        return sum(p.size for p in self.saved)

    @property
    def subtracted_cards(self) -> int:
        return sum(p.size for p in self.subtracted)

    @property
    def points(self) -> int:
        return self.scored_cards - self.subtracted_cards

    @property
    def numbers(self) -> int | None:
        """The sum of the numbers on the scored cards (the game's tie-break);
        ``None`` when some scored card has no number."""
        total = 0
        for p in self.scored:
            n = p.numbers()
            if n is None:
                return None
            total += n
        return total

    def saved_bank(self) -> Bank:
        return Bank.from_piles(self.saved)


def order_piles(bank: Bank, prefer: Sequence[str] = ()) -> tuple[Pile, ...]:
    """Largest pile first; equal sizes: preferred colours first (in the order
    given), then the order of first appearance in the bank."""
    rank = {c: i for i, c in enumerate(prefer)}
    piles = bank.piles()
    return tuple(
        sorted(piles, key=lambda p: (-p.size, rank.get(p.colour, len(rank))))
    )  # sorted is stable: first appearance breaks the remaining ties


def score_bank(
    player: str, bank: Bank, mode: Mode, frame: int, prefer: Sequence[str] = ()
) -> PlayerScore:
    """Score one player's bank at the end of ``frame`` (3 is the final frame)."""
    if mode == "basic":
        return PlayerScore(player, bank.piles())
    piles = order_piles(bank, prefer)
    final = frame >= FRAMES
    places: list[Place] = []
    for i in range(len(piles)):
        if i < ROW:
            places.append("scored")
        elif i < 2 * ROW and not final:
            places.append("saved")
        else:
            places.append("subtracted")
    ties: list[Tie] = []
    chosen = set(prefer)
    for size in dict.fromkeys(p.size for p in piles):
        idx = [i for i, p in enumerate(piles) if p.size == size]
        if len({places[i] for i in idx}) > 1:
            colours = tuple(piles[i].colour for i in idx)
            ties.append(
                Tie(size, colours, tuple(places[i] for i in idx), bool(chosen & set(colours)))
            )
    return PlayerScore(
        player,
        scored=tuple(p for p, w in zip(piles, places, strict=True) if w == "scored"),
        saved=tuple(p for p, w in zip(piles, places, strict=True) if w == "saved"),
        subtracted=tuple(p for p, w in zip(piles, places, strict=True) if w == "subtracted"),
        ties=tuple(ties),
    )


def prefer_problem(prefer: Prefer, banks: Sequence[tuple[str, Bank]]) -> str | None:
    """Why these preferences do not fit the banks (a player not there, a colour
    they do not hold), or ``None``."""
    players = dict(banks)
    for name, colours in prefer.items():
        if name not in players:
            return f"no player {show(name)} (players: {', '.join(players)})"
        have = players[name].colours()
        for colour in colours:
            if colour not in have:
                return f"{name} has no {show(colour)} cards in this frame"
    return None


def parse_prefer(values: Iterable[str], place: str | None = "prefer") -> dict[str, tuple[str, ...]]:
    """``PLAYER=colour,colour`` texts into a mapping (errors name the place
    ``prefer``, or none: a caller that names the field itself)."""
    prefer: dict[str, tuple[str, ...]] = {}
    for value in values:
        name, eq, colours = value.partition("=")
        name = nfc(name.strip())
        if not eq or not name or not colours.strip():
            raise InputError(
                f"{show(value)} should be PLAYER=colour,colour,... (like Brian=purple,green)",
                place=place,
            )
        if any(name_key(name) == name_key(other) for other in prefer):
            raise InputError(f"{name} is given twice; list all their colours at once", place=place)
        try:
            listed = tuple(colour_word(c) for c in colours.split(","))
        except InputError as exc:
            raise (exc.at(place) if place else exc) from None
        if len(set(listed)) != len(listed):
            raise InputError(f"{show(value)} names a colour twice", place=place)
        prefer[name] = listed
    return prefer


@frozen
class FrameScore:
    """The scores of every player for one frame."""

    mode: Mode
    frame: int
    players: tuple[PlayerScore, ...]
    warnings: tuple[str, ...] = ()

    @property
    def final(self) -> bool:
        return self.frame >= FRAMES

    @property
    def carries(self) -> bool:
        """Whether cards are saved into a next frame (advanced game, frames 1 and 2)."""
        return self.mode == "advanced" and not self.final

    def player(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.player == name)


def score_frame(
    banks: Sequence[tuple[str, Bank]], mode: Mode, frame: int, prefer: Prefer | None = None
) -> FrameScore:
    """Score every player's bank; ``prefer`` must name players and colours they hold."""
    prefer = prefer or {}
    problem = prefer_problem(prefer, banks)
    if problem is not None:
        raise InputError(problem, place="prefer")
    return FrameScore(
        mode,
        frame,
        tuple(score_bank(name, bank, mode, frame, prefer.get(name, ())) for name, bank in banks),
        colour_warnings(bank for _, bank in banks),
    )


def colour_warnings(banks: Iterable[Bank]) -> tuple[str, ...]:
    colours = list(dict.fromkeys(c for b in banks for c in b.colours()))
    if len(colours) <= GAME_COLOURS:
        return ()
    return (
        f"{len(colours)} different colours in this game, but the deck has {GAME_COLOURS} "
        f"(a typo?): {', '.join(colours[:20])}{', ...' if len(colours) > 20 else ''}",
    )
