"""Out of Sight rules: banks, frame scoring, dice takes and the whole game.

Pure rules: no click, yaml or enchant. Loaders take already-parsed data (a
mapping from a YAML file, the text of an option) and raise
:class:`~referee.core.errors.InputError` for input the referee cannot use; verdicts
("this take is not legal") are returned as values.

A card is ``colour-number`` (``blue-7``) or just ``colour`` when the number
does not matter. A bank is a list of cards, or a mapping ``colour: count``
(or ``colour: [numbers]``).

Scoring a frame (advanced game): the colour piles are sorted by size, largest
first. Frames 1 and 2: the first three piles score 1 point a card, the next
three are saved into the next frame's bank, every other pile subtracts 1 point
a card. The final frame: the first three score, every other card subtracts.
Piles of equal size keep the order in which their colours first appear in the
bank, unless the player states a preference (``--prefer``); a tie that
straddles a row boundary is reported. The basic game scores 1 point a card.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from referee.core.errors import InputError, show, where

MODES: tuple[str, ...] = ("basic", "advanced")
FRAMES = 3
"""A game is three scoring frames; the third is the final frame."""
ROW = 3
"""Colour piles per row of the bank (scored, saved, subtracted)."""
DICE = 3
FACES = 6
MIN_CARD, MAX_CARD = 1, 18
GAME_COLOURS = 9
"""The deck's colours: more distinct colours in one game earns a warning."""
DECK = 108
"""Coloured cards in the deck (109 with the Doubles card): no bank holds more."""
ROW_CARDS = 5
"""Face-up cards in the card row."""
MAX_PLAYERS = 12
MAX_NAME = 30
"""Longest player name or colour word (they appear in every message)."""

Mode = Literal["basic", "advanced"]
Place = Literal["scored", "saved", "subtracted"]
Prefer = Mapping[str, Sequence[str]]
"""Per player, the colours that go higher among piles of equal size, in order."""

CARD_HINT = "write colour-number, like blue-7, or just the colour"


# --------------------------------------------------------------------------- cards


@dataclass(frozen=True)
class Card:
    """One card: its colour (a lowercase word) and its number, if known."""

    colour: str
    number: int | None = None

    @classmethod
    def from_text(cls, value: object, source: str | None = None, place: str | None = None) -> Card:
        """Parse ``blue-7`` or ``blue``; raise :class:`InputError` for anything else."""
        if not isinstance(value, str):
            raise InputError(
                f"{where(source, place)}card {show(value)} has no colour ({CARD_HINT})"
            )
        text = value.strip()
        colour_part, dash, number_part = text.partition("-")
        if not colour_part:
            raise InputError(
                f"{where(source, place)}card {show(value)} has no colour ({CARD_HINT})"
            )
        colour = colour_word(colour_part, source, place, what=f"card {show(value)}")
        if not dash:
            return cls(colour)
        if not number_part:
            raise InputError(
                f"{where(source, place)}card {show(value)} has no number after '-' ({CARD_HINT})"
            )
        return cls(colour, card_number(number_part, source, place, what=f"card {show(value)}"))

    def __str__(self) -> str:
        return self.colour if self.number is None else f"{self.colour}-{self.number}"


def colour_word(
    value: object, source: str | None = None, place: str | None = None, *, what: str = ""
) -> str:
    """A colour is one word of letters, compared in lowercase."""
    text = value.strip().lower() if isinstance(value, str) else ""
    if text and text.isalpha() and len(text) <= MAX_NAME:
        return text
    if what:
        raise InputError(
            f"{where(source, place)}{what}: the colour must be one word of up to {MAX_NAME} "
            f"letters ({CARD_HINT})"
        )
    raise InputError(
        f"{where(source, place)}{show(value)} is not a colour "
        f"(one word of up to {MAX_NAME} letters)"
    )


def card_number(
    value: object, source: str | None = None, place: str | None = None, *, what: str = ""
) -> int:
    """A card number 1-18, from an int or its digits."""
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        number = int(value.strip())
    else:
        number = None
    prefix = f"{where(source, place)}{what + ': ' if what else ''}"
    if number is None:
        raise InputError(f"{prefix}{show(str(value))} is not a card number ({MIN_CARD}-{MAX_CARD})")
    if not MIN_CARD <= number <= MAX_CARD:
        raise InputError(
            f"{prefix}{show(number)} is out of range (cards are numbered {MIN_CARD}-{MAX_CARD})"
        )
    return number


# ---------------------------------------------------------------------------- banks


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Bank:
    """The cards a player holds, in the order written."""

    cards: tuple[Card, ...] = ()

    @classmethod
    def from_data(cls, data: object, source: str | None = None, place: str | None = None) -> Bank:
        """A list of cards, or a mapping ``colour: count`` / ``colour: [numbers]``.

        ``None`` (a player written with nothing after the colon) is refused: an
        empty bank is written ``[]``.
        """
        if data is None:
            raise InputError(
                f"{where(source, place)}no bank (list the cards, or write [] for no cards)"
            )
        cards: list[Card] = []
        if isinstance(data, list):
            for i, item in enumerate(data, 1):
                cards.append(Card.from_text(item, source, f"{place}[{i}]" if place else None))
                _check_size(len(cards), source, place)
        elif isinstance(data, dict):
            for key, value in data.items():
                colour = colour_word(key, source, place)
                inner = f"{place}.{colour}" if place else colour
                if isinstance(value, list):
                    for item in value:
                        cards.append(Card(colour, card_number(item, source, inner)))
                        _check_size(len(cards), source, place)
                elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                    _check_size(len(cards) + value, source, place)
                    cards.extend([Card(colour)] * value)
                else:
                    raise InputError(
                        f"{where(source, inner)}expected a count of cards or a list of numbers, "
                        f"got {show(value)}"
                    )
        else:
            raise InputError(
                f"{where(source, place)}expected a list of cards (like [blue-7, red-2]) "
                f"or a mapping colour: count, got {show(data)}"
            )
        return cls(tuple(cards))

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

    def to_data(self) -> dict[str, int] | list[str]:
        """The bank as written in a file: ``colour: count`` when no card has a
        number (and the colours are grouped), else a list of cards; it reads
        back as the same bank."""
        grouped = self.cards == Bank.from_piles(self.piles()).cards
        if grouped and all(c.number is None for c in self.cards):
            return self.counts()
        return [str(c) for c in self.cards]

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


def _check_size(n: int, source: str | None, place: str | None) -> None:
    if n > DECK:
        raise InputError(
            f"{where(source, place)}more than {DECK} cards, but the deck has only {DECK} "
            "coloured cards"
        )


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


@dataclass(frozen=True)
class Tie:
    """Piles of equal size split across a row boundary, and how it was settled."""

    size: int
    colours: tuple[str, ...]
    places: tuple[Place, ...]
    """Where each colour went, in the same order."""
    chosen: bool
    """``True`` when the player's ``--prefer`` settled it, else the order in the bank."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "colours": list(self.colours),
            "placed": dict(zip(self.colours, self.places, strict=True)),
            "by": "prefer" if self.chosen else "bank-order",
        }

    def sentence(self) -> str:
        names = _and([f"{c}" for c in self.colours])
        placed = ", ".join(f"{c} {p}" for c, p in zip(self.colours, self.places, strict=True))
        how = "as preferred" if self.chosen else "in the order of the bank"
        cards = "card" if self.size == 1 else "cards"
        return f"tie: {names} have {self.size} {cards} each; {placed} ({how})"


@dataclass(frozen=True)
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "scored": self.scored_cards,
            "saved": {p.colour: p.size for p in self.saved},
            "subtracted": self.subtracted_cards,
            "rows": {
                "scored": {p.colour: p.size for p in self.scored},
                "saved": {p.colour: p.size for p in self.saved},
                "subtracted": {p.colour: p.size for p in self.subtracted},
            },
            "saved_cards": [str(c) for p in self.saved for c in p.cards],
            "numbers": self.numbers,
            "ties": [t.to_dict() for t in self.ties],
        }


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


@dataclass(frozen=True)
class FrameSheet:
    """A frame file: each player's bank at the end of the frame, and optionally
    the mode and the frame number."""

    banks: tuple[tuple[str, Bank], ...]
    mode: Mode | None = None
    frame: int | None = None

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> FrameSheet:
        unknown = [k for k in data if k not in ("game", "mode", "frame", "players")]
        if unknown:
            raise InputError(
                f"{where(source)}unknown key {show(unknown[0])} (expected mode, frame, players)"
            )
        game = data.get("game")
        if game is not None and game != "out-of-sight":
            raise InputError(
                f"{where(source, 'game')}this is a {show(game)} file, not out-of-sight"
            )
        mode = parse_mode(data["mode"], source, "mode") if "mode" in data else None
        frame = parse_frame(data["frame"], source, "frame") if "frame" in data else None
        return cls(banks_from_data(data.get("players"), source), mode, frame)

    def players(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.banks)


def banks_from_data(data: object, source: str | None) -> tuple[tuple[str, Bank], ...]:
    """``players:`` of a frame file: a mapping player -> bank."""
    if data is None:
        raise InputError(f"{where(source, 'players')}missing: map each player to their bank")
    if not isinstance(data, dict) or not data:
        raise InputError(
            f"{where(source, 'players')}expected a mapping of player: bank, got {show(data)}"
        )
    if len(data) > MAX_PLAYERS:
        raise InputError(f"{where(source, 'players')}{len(data)} players; at most {MAX_PLAYERS}")
    banks: list[tuple[str, Bank]] = []
    for name, bank in data.items():
        player = player_name(name, source, "players")
        banks.append((player, Bank.from_data(bank, source, f"players.{player}")))
    return tuple(banks)


def player_name(value: object, source: str | None = None, place: str | None = None) -> str:
    if isinstance(value, str) and len(value) > MAX_NAME:
        raise InputError(
            f"{where(source, place)}player name {show(value)} is longer than {MAX_NAME} characters"
        )
    if not isinstance(value, str) or not value.strip() or value != value.strip():
        raise InputError(
            f"{where(source, place)}player name {show(value)} must be text without surrounding "
            "spaces (quote it in YAML)"
        )
    if "," in value or "=" in value:
        raise InputError(
            f"{where(source, place)}player name {show(value)} may not contain ',' or '='"
        )
    return value


def parse_mode(value: object, source: str | None = None, place: str | None = "mode") -> Mode:
    text = value.strip().lower() if isinstance(value, str) else None
    if text == "basic":
        return "basic"
    if text == "advanced":
        return "advanced"
    raise InputError(
        f"{where(source, place)}unknown mode {show(value)} (modes are basic, advanced)"
    )


def parse_frame(value: object, source: str | None = None, place: str | None = "frame") -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= FRAMES:
        return value
    if isinstance(value, str) and value.strip().lower() == "final":
        return FRAMES
    raise InputError(
        f"{where(source, place)}frame {show(value)} does not exist (a game has frames 1, 2 and 3)"
    )


def parse_prefer(values: Iterable[str], place: str = "--prefer") -> dict[str, tuple[str, ...]]:
    """``PLAYER=colour,colour`` options into a mapping."""
    prefer: dict[str, tuple[str, ...]] = {}
    for value in values:
        name, eq, colours = value.partition("=")
        name = name.strip()
        if not eq or not name or not colours.strip():
            raise InputError(
                f"{place}: {show(value)} should be PLAYER=colour,colour,... (like Brian=purple,green)"
            )
        if name in prefer:
            raise InputError(f"{place}: {name} is given twice; list all their colours at once")
        listed = tuple(colour_word(c, None, place) for c in colours.split(","))
        if len(set(listed)) != len(listed):
            raise InputError(f"{place}: {show(value)} names a colour twice")
        prefer[name] = listed
    return prefer


def check_prefer(
    prefer: Prefer, banks: Sequence[tuple[str, Bank]], place: str = "--prefer"
) -> None:
    players = dict(banks)
    for name, colours in prefer.items():
        if name not in players:
            raise InputError(f"{place}: no player {show(name)} (players: {', '.join(players)})")
        have = players[name].colours()
        for colour in colours:
            if colour not in have:
                raise InputError(f"{place}: {name} has no {show(colour)} cards in this frame")


@dataclass(frozen=True)
class FrameScore:
    """The scores of every player for one frame."""

    mode: Mode
    frame: int
    players: tuple[PlayerScore, ...]
    warnings: tuple[str, ...] = ()

    @property
    def final(self) -> bool:
        return self.frame >= FRAMES

    def player(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.player == name)

    def next_sheet(self) -> dict[str, Any] | None:
        """The next frame's file, holding the saved cards (``None`` if nothing carries)."""
        if self.mode == "basic" or self.final:
            return None
        return {
            "mode": self.mode,
            "frame": self.frame + 1,
            "players": {p.player: p.saved_bank().to_data() for p in self.players},
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "frame": self.frame,
            "final": self.final,
            "players": {p.player: p.to_dict() for p in self.players},
            "warnings": list(self.warnings),
        }


def score_frame(
    banks: Sequence[tuple[str, Bank]], mode: Mode, frame: int, prefer: Prefer | None = None
) -> FrameScore:
    """Score every player's bank; ``prefer`` must name players and colours they hold."""
    prefer = prefer or {}
    check_prefer(prefer, banks)
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


# ---------------------------------------------------------------------------- takes


@dataclass(frozen=True)
class Roll:
    """The three dice, in the order rolled."""

    dice: tuple[int, ...]

    @classmethod
    def from_text(cls, text: str, place: str = "--roll") -> Roll:
        items = [t.strip() for t in text.split(",")]
        dice: list[int] = []
        for item in items:
            if not (item.isascii() and item.isdigit()):
                raise InputError(f"{place}: {show(item)} is not a die (dice show 1-{FACES})")
            value = int(item)
            if not 1 <= value <= FACES:
                raise InputError(f"{place}: die {value} is out of range (dice show 1-{FACES})")
            dice.append(value)
        if len(dice) != DICE:
            raise InputError(
                f"{place}: {show(text)} is {len(dice)} {'die' if len(dice) == 1 else 'dice'}; "
                f"a roll is all {DICE} dice, like 5,4,2"
            )
        return cls(tuple(dice))

    def __str__(self) -> str:
        return ", ".join(map(str, self.dice))


def parse_cards(text: str, place: str, *, limit: int | None = None) -> tuple[int, ...]:
    """Comma-separated card numbers 1-18 (an empty text is no cards)."""
    if not text.strip():
        return ()
    numbers = tuple(card_number(t, None, place) for t in text.split(","))
    if limit is not None and len(numbers) > limit:
        raise InputError(f"{place}: {len(numbers)} cards, but the row has at most {limit}")
    return numbers


@dataclass(frozen=True)
class Take:
    """A card and the dice (their positions in the roll) that take it."""

    card: int
    slots: tuple[int, ...]

    def dice(self, roll: Roll) -> tuple[int, ...]:
        return tuple(roll.dice[i] for i in self.slots)

    def to_dict(self, roll: Roll) -> dict[str, Any]:
        return {"card": self.card, "dice": list(self.dice(roll))}

    def describe(self, roll: Roll) -> str:
        return f"{self.card} = {' + '.join(map(str, self.dice(roll)))}"


DoublesCall = Literal["flip", "wipe"]

TakeReason = Literal[
    "no-doubles", "card-not-in-row", "too-many-cards", "no-combination", "nothing-to-take"
]


@dataclass(frozen=True)
class TakeVerdict:
    """Is the take legal (or, for ``best``, the best take), with the dice used."""

    valid: bool
    roll: Roll
    takes: tuple[Take, ...]
    reason: TakeReason | None = None
    cards: tuple[int, ...] | None = None
    """The cards asked about (``None`` for ``best``)."""
    row: tuple[int, ...] | None = None
    doubles: DoublesCall | None = None
    doubles_slots: tuple[int, ...] = ()
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "roll": list(self.roll.dice),
            "takes": [t.to_dict(self.roll) for t in self.takes],
            "reason": self.reason,
            "cards": list(self.cards) if self.cards is not None else None,
            "row": list(self.row) if self.row is not None else None,
            "best": self.cards is None,
            "doubles": (
                {"call": self.doubles, "dice": [self.roll.dice[i] for i in self.doubles_slots]}
                if self.doubles and self.doubles_slots
                else None
            ),
            "explanation": self.explanation() if self.reason else None,
        }

    def explanation(self) -> str:
        return self.detail

    def sentence(self) -> str:
        if self.reason == "no-doubles":
            return f"Not legal: {self.detail}."
        pair = ""
        if self.doubles and self.doubles_slots:
            value = self.roll.dice[self.doubles_slots[0]]
            pair = f" The two {value}s activate the Doubles card ({self.doubles.capitalize()})."
            if self.doubles == "wipe" and self.takes:
                pair += " Take the cards before the wipe; after it, re-roll before taking any."
        takes = ", ".join(t.describe(self.roll) for t in self.takes)
        if self.cards is None:  # best
            if not self.valid:
                return f"Nothing to take with {self.roll}: {self.detail}.{pair}"
            n = len(self.takes)
            return f"Best take: {takes} ({n} card{'s' if n != 1 else ''}).{pair}"
        if self.valid:
            if not self.takes:
                return f"Legal: taking no cards is always allowed.{pair}"
            return f"Legal: {takes}.{pair}"
        return f"Not legal: {self.detail}.{pair}"


def _subsets(slots: Sequence[int]) -> list[tuple[int, ...]]:
    """Non-empty subsets of ``slots``, smallest first, then in roll order."""
    from itertools import combinations

    return [c for k in range(1, len(slots) + 1) for c in combinations(slots, k)]


def _assign(cards: Sequence[int], free: tuple[int, ...], roll: Roll) -> tuple[Take, ...] | None:
    """Disjoint groups of dice making each card, in card order (backtracking)."""
    if not cards:
        return ()
    card, rest = cards[0], cards[1:]
    for group in _subsets(free):
        if sum(roll.dice[i] for i in group) != card:
            continue
        after = _assign(rest, tuple(i for i in free if i not in group), roll)
        if after is not None:
            return (Take(card, group), *after)
    return None


def _doubles(roll: Roll, call: DoublesCall | None) -> tuple[int, ...] | None:
    """The first two dice (in roll order) showing the same number; ``()`` without a call."""
    if call is None:
        return ()
    for i in range(DICE):
        for j in range(i + 1, DICE):
            if roll.dice[i] == roll.dice[j]:
                return (i, j)
    return None


def _missing_from_row(cards: Sequence[int], row: Sequence[int]) -> int | None:
    left = list(row)
    for c in cards:
        if c in left:
            left.remove(c)
        else:
            return c
    return None


def check_take(
    roll: Roll,
    cards: Sequence[int],
    row: Sequence[int] | None = None,
    doubles: DoublesCall | None = None,
) -> TakeVerdict:
    """May this roll take ``cards`` (from ``row``, if given)?"""
    row_t = tuple(row) if row is not None else None
    pair = _doubles(roll, doubles)

    def no(reason: TakeReason, detail: str) -> TakeVerdict:
        return TakeVerdict(
            False, roll, (), reason, tuple(cards), row_t, doubles, pair or (), detail
        )

    if pair is None:
        return no("no-doubles", _no_doubles(roll))
    if row is not None:
        absent = _missing_from_row(cards, row)
        if absent is not None:
            shown = ", ".join(map(str, row))
            have = list(row).count(absent)
            return no(
                "card-not-in-row",
                f"the row ({shown}) has no {absent} card"
                if not have
                else f"the row ({shown}) has {have} {absent} card(s), "
                f"not {list(cards).count(absent)}",
            )
    free = tuple(i for i in range(DICE) if i not in pair)
    if len(cards) > len(free):
        return no(
            "too-many-cards",
            f"{len(cards)} cards need at least {len(cards)} dice, and only {len(free)} "
            f"{'die is' if len(free) == 1 else 'dice are'} free (each die takes at most one card)",
        )
    takes = _assign(cards, free, roll)
    if takes is None:
        shown = ", ".join(str(roll.dice[i]) for i in free)
        return no(
            "no-combination",
            f"{'the die' if len(free) == 1 else 'the dice'} {shown} cannot make "
            f"{_and([str(c) for c in cards])}: each card needs "
            "one die or the sum of several, no die serves two cards, and a die is never split",
        )
    return TakeVerdict(True, roll, takes, None, tuple(cards), row_t, doubles, pair)


def _groupings(free: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every collection of disjoint non-empty groups of the ``free`` dice,
    each group listed in roll order and the groups in order of their first die."""
    from itertools import combinations

    yield ()
    if not free:
        return
    first, rest = free[0], free[1:]
    for g in _groupings(rest):  # the first die unused
        if g:
            yield g
    for k in range(len(rest) + 1):  # the first die with k of the others
        for others in combinations(rest, k):
            remaining = tuple(i for i in rest if i not in others)
            for g in _groupings(remaining):
                yield ((first, *others), *g)


def best_take(roll: Roll, row: Sequence[int], doubles: DoublesCall | None = None) -> TakeVerdict:
    """The largest set of row cards this roll can take; ties go to the higher
    total of card numbers, then to fewer dice used, then to the first found
    (groups of dice in roll order)."""
    row_t = tuple(row)
    pair = _doubles(roll, doubles)
    if pair is None:
        return TakeVerdict(
            False, roll, (), "no-doubles", None, row_t, doubles, (), _no_doubles(roll)
        )
    free = tuple(i for i in range(DICE) if i not in pair)
    best: tuple[Take, ...] = ()
    best_key = (0, 0, 0)
    for groups in _groupings(free):
        cards = [sum(roll.dice[i] for i in g) for g in groups]
        if not groups or _missing_from_row(cards, row) is not None:
            continue
        key = (len(cards), sum(cards), -sum(len(g) for g in groups))
        if key > best_key:
            best_key = key
            best = tuple(Take(c, g) for c, g in zip(cards, groups, strict=True))
    if not best:
        detail = f"no card in the row ({', '.join(map(str, row))}) equals a die or a sum of dice"
        return TakeVerdict(False, roll, (), "nothing-to-take", None, row_t, doubles, pair, detail)
    return TakeVerdict(True, roll, best, None, None, row_t, doubles, pair)


def _no_doubles(roll: Roll) -> str:
    return f"the Doubles card needs two dice showing the same number, and {roll} has none"


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# ----------------------------------------------------------------------------- game


@dataclass(frozen=True)
class FrameRecord:
    """One ``frame`` action of a game's history: the banks and any preferences."""

    frame: int
    banks: tuple[tuple[str, Bank], ...]
    prefer: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def to_mapping(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "action": "frame",
            "frame": self.frame,
            "banks": {name: bank.to_data() for name, bank in self.banks},
        }
        if self.prefer:
            data["prefer"] = {name: list(colours) for name, colours in self.prefer}
        return data


@dataclass(frozen=True)
class Result:
    """The end of the game: winners and how a tie on points was settled."""

    totals: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    tied: tuple[str, ...] = ()
    """Players level on points (empty when one player leads)."""
    numbers: tuple[tuple[str, int | None], ...] = ()
    """The tie-break: numbers on each tied player's scored cards in the final frame."""

    def to_dict(self) -> dict[str, Any] | None:
        if not self.tied:
            return None
        numbers = dict(self.numbers)
        return {
            "tied": list(self.tied),
            "numbers": numbers,
            "decided": len(self.winners) == 1,
            "unknown_numbers": [n for n, v in numbers.items() if v is None],
        }

    def sentence(self) -> str:
        points = dict(self.totals)[self.winners[0]]
        if not self.tied:
            return f"Winner: {self.winners[0]} with {points} points."
        numbers = dict(self.numbers)
        lead = f"{_and(list(self.tied))} tie on {points} points"
        unknown = [n for n, v in numbers.items() if v is None]
        if unknown:
            return (
                f"{lead}; the numbers on the final frame's scored cards would decide, but "
                f"{_and(unknown)} {'has' if len(unknown) == 1 else 'have'} cards without "
                f"numbers. Winners: {_and(list(self.winners))}."
            )
        shown = ", ".join(f"{n} {numbers[n]}" for n in self.tied)
        tail = (
            f"Winner: {self.winners[0]}."
            if len(self.winners) == 1
            else f"Still tied: {_and(list(self.winners))} "
            f"{'both' if len(self.winners) == 2 else 'all'} win."
        )
        return (
            f"{lead}; the numbers on their scored cards in the final frame decide: {shown}. {tail}"
        )


@dataclass(frozen=True)
class Game:
    """A whole game: players, mode and the history of recorded frames."""

    players: tuple[str, ...]
    mode: Mode
    history: tuple[FrameRecord, ...] = ()

    @classmethod
    def new(cls, players: Sequence[str], mode: Mode, place: str = "--players") -> Game:
        names = tuple(player_name(p, None, place) for p in players)
        if not 2 <= len(names) <= MAX_PLAYERS:
            raise InputError(
                f"{place}: Out of Sight needs 2 to {MAX_PLAYERS} players, got {len(names)}"
            )
        dup = next((n for n in names if names.count(n) > 1), None)
        if dup is not None:
            raise InputError(f"{place}: {show(dup)} is named twice")
        return cls(names, mode)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> Game:
        """Rebuild a game from its file, replaying (and so re-checking) every frame."""
        unknown = [k for k in data if k not in ("game", "mode", "players", "history")]
        if unknown:
            raise InputError(
                f"{where(source)}unknown key {show(unknown[0])} (expected game, mode, players, history)"
            )
        if data.get("game") != "out-of-sight":
            raise InputError(
                f"{where(source, 'game')}not an out-of-sight game file (game: {show(data.get('game'))})"
            )
        mode = parse_mode(data.get("mode"), source, "mode")
        raw_players = data.get("players")
        if not isinstance(raw_players, list):
            raise InputError(f"{where(source, 'players')}expected a list of player names")
        players = tuple(player_name(p, source, "players") for p in raw_players)
        if not 2 <= len(players) <= MAX_PLAYERS or len(set(players)) != len(players):
            raise InputError(
                f"{where(source, 'players')}expected 2 to {MAX_PLAYERS} different names"
            )
        raw = data.get("history") or []
        if not isinstance(raw, list):
            raise InputError(f"{where(source, 'history')}expected a list of actions")
        game = cls(players, mode)
        for i, action in enumerate(raw, 1):
            place = f"history[{i}]"
            if not isinstance(action, dict) or action.get("action") != "frame":
                raise InputError(f"{where(source, place)}expected an action 'frame'")
            extra = [k for k in action if k not in ("action", "frame", "banks", "prefer")]
            if extra:
                raise InputError(f"{where(source, place)}unknown key {show(extra[0])}")
            frame = parse_frame(action.get("frame"), source, f"{place}.frame")
            banks_raw = action.get("banks")
            if not isinstance(banks_raw, dict):
                raise InputError(f"{where(source, place + '.banks')}expected player: bank")
            banks = tuple(
                (
                    player_name(name, source, f"{place}.banks"),
                    Bank.from_data(bank, source, f"{place}.banks.{name}"),
                )
                for name, bank in banks_raw.items()
            )
            prefer_raw = action.get("prefer") or {}
            if not isinstance(prefer_raw, dict) or not all(
                isinstance(v, list) for v in prefer_raw.values()
            ):
                raise InputError(f"{where(source, place + '.prefer')}expected player: [colours]")
            prefer = {
                str(k): tuple(colour_word(c, source, f"{place}.prefer") for c in v)
                for k, v in prefer_raw.items()
            }
            game = game.record(banks, prefer, frame=frame, source=source, place=place)
        return game

    def to_mapping(self) -> dict[str, Any]:
        return {
            "game": "out-of-sight",
            "mode": self.mode,
            "players": list(self.players),
            "history": [r.to_mapping() for r in self.history],
        }

    @property
    def next_frame(self) -> int:
        return len(self.history) + 1

    @property
    def finished(self) -> bool:
        return len(self.history) >= FRAMES

    def frames(self) -> tuple[FrameScore, ...]:
        """Every recorded frame, scored."""
        return tuple(score_frame(r.banks, self.mode, r.frame, dict(r.prefer)) for r in self.history)

    def record(
        self,
        banks: Sequence[tuple[str, Bank]],
        prefer: Prefer | None = None,
        *,
        frame: int | None = None,
        mode: Mode | None = None,
        source: str | None = None,
        place: str | None = None,
    ) -> Game:
        """The game with one more frame; the frame file must fit the game.

        Every player has a bank, no one else does, and the bank holds the cards
        saved at the end of the previous frame.
        """
        if self.finished:
            raise InputError(f"{where(source, place)}the game is over: all {FRAMES} frames played")
        if frame is not None and frame != self.next_frame:
            raise InputError(
                f"{where(source, _at(place, 'frame'))}this is frame {frame}, but the game is at "
                f"frame {self.next_frame}"
            )
        if mode is not None and mode != self.mode:
            raise InputError(
                f"{where(source, _at(place, 'mode'))}this frame is {mode}, but the game is {self.mode}"
            )
        given = dict(banks)
        for name in given:
            if name not in self.players:
                raise InputError(
                    f"{where(source, _at(place, 'players'))}{show(name)} is not in this game "
                    f"(players: {', '.join(self.players)})"
                )
        for name in self.players:
            if name not in given:
                raise InputError(f"{where(source, _at(place, 'players'))}{name} has no bank")
        ordered = tuple((name, given[name]) for name in self.players)
        prefer = dict(prefer or {})
        check_prefer(prefer, ordered)
        if self.history:
            previous = self.frames()[-1]
            for name, bank in ordered:
                lacking = bank.missing(previous.player(name).saved_bank())
                if lacking:
                    raise InputError(
                        f"{where(source, _at(place, 'players.' + name))}the bank lacks cards "
                        f"saved in frame {previous.frame}: {describe_cards(lacking)}"
                    )
        record = FrameRecord(
            self.next_frame, ordered, tuple((k, tuple(v)) for k, v in prefer.items())
        )
        return Game(self.players, self.mode, (*self.history, record))

    def totals(self) -> dict[str, int]:
        totals = dict.fromkeys(self.players, 0)
        for frame in self.frames():
            for p in frame.players:
                totals[p.player] += p.points
        return totals

    def warnings(self) -> tuple[str, ...]:
        return colour_warnings(bank for r in self.history for _, bank in r.banks)

    def result(self) -> Result | None:
        """Winners after the final frame (``None`` before it).

        Most points wins; a tie goes to the higher sum of the numbers on the
        scored cards of the final frame; if still tied (or a tied player's cards
        have no numbers), all tied players win.
        """
        if not self.finished:
            return None
        totals = self.totals()
        top = max(totals.values())
        tied = tuple(p for p in self.players if totals[p] == top)
        pairs = tuple(totals.items())
        if len(tied) == 1:
            return Result(pairs, tied)
        final = self.frames()[-1]
        numbers = tuple((p, final.player(p).numbers) for p in tied)
        known = [n for _, n in numbers if n is not None]
        if len(known) < len(numbers):
            return Result(pairs, tied, tied, numbers)
        best = max(known)
        return Result(pairs, tuple(p for p, n in numbers if n == best), tied, numbers)


def _at(place: str | None, key: str) -> str:
    return f"{place}.{key}" if place else key
