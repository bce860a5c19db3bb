"""Spot it! 1,2,3's five mini-games: who won, from each player's count
(:func:`result`), and the deal a game's set-up calls for (:func:`deal`).

Pure rules: no click, yaml or enchant. The titles, counts and end conditions
are the rulebook's (:data:`GAMES`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from referee.core.errors import InputError
from referee.core.text import name as nfc
from referee.core.text import name_key
from referee.core.values import frozen
from referee.spotit.rules import GENERATOR, SeedStream
from referee.spotit.symbols import plain_text, short


@frozen
class Game:
    """A mini-game: what ``--counts`` means and how the winner is found."""

    key: str
    title: str
    counts: str
    """What a player's count is."""
    most_wins: bool
    """True: the most cards wins (The Two Chests); False: the first at zero."""
    rule: str
    """The end condition, from the rulebook."""
    solo: bool = False


GAMES: dict[str, Game] = {
    g.key: g
    for g in (
        Game(
            "tom-thumb",
            "Tom Thumb",
            "cards of the row not yet covered",
            False,
            "cover every card in the row",
            solo=True,
        ),
        Game(
            "caterpillar",
            "The Caterpillar",
            "cards left in their pile",
            False,
            "the first to get rid of all their cards wins; the others play on for the later places",
        ),
        Game(
            "two-chests",
            "The Two Chests",
            "cards collected",
            True,
            "the player who has collected the most cards wins",
        ),
        Game(
            "well",
            "The Well",
            "cards left in their deck",
            False,
            "the first to get rid of all their cards wins",
        ),
        Game(
            "hide-and-seek",
            "Hide and Seek",
            "cards still face up",
            False,
            "the game ends as soon as a player has no cards left face up; that player wins",
        ),
    )
}


def game(key: str) -> Game:
    g = GAMES.get(key.strip().lower())
    if g is None:
        raise InputError(f"GAME: unknown mini-game {key!r} (choose from {', '.join(GAMES)})")
    return g


def parse_counts(text: str, place: str | None = "counts") -> tuple[tuple[str, int], ...]:
    """``"ann=3, bob=0"`` -> ``(("ann", 3), ("bob", 0))``; names unique
    (case-insensitively), counts whole numbers 0 or more (errors name the
    field ``place``)."""
    plain_text(text, place)
    out: list[tuple[str, int]] = []
    seen: set[str] = set()
    for item in text.split(","):
        shown = short(item.strip(), 40)
        if not item.strip():
            raise InputError(f"empty entry in {short(text, 40)}; write NAME=N,NAME=N", place=place)
        name, eq, value = item.partition("=")
        name, value = nfc(" ".join(name.split())), value.strip()
        if not eq or not name:
            raise InputError(f"{shown} is not NAME=N", place=place)
        if not value.isascii() or not value.isdigit() or len(value) > 9:
            raise InputError(f"{shown}: the count must be a whole number 0 or more", place=place)
        if name_key(name) in seen:
            raise InputError(f"player {short(name, 40)} is listed twice", place=place)
        seen.add(name_key(name))
        out.append((name, int(value)))
    return tuple(out)


@frozen
class Standing:
    place: int
    name: str
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"place": self.place, "name": self.name, "count": self.count}


@frozen
class Tie:
    """Players tied for ``place``: a tie-break for two, hot potato for more."""

    place: int
    players: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "tie-break" if len(self.players) == 2 else "hot potato"

    def to_dict(self) -> dict[str, Any]:
        return {"place": self.place, "players": list(self.players), "tie_break": self.kind}


@frozen
class Result:
    """The outcome of a mini-game from the players' counts.

    ``over``: the game's end condition holds. ``winner``: the one player in
    first place (``None`` while not over, or when first place is tied).
    ``playing_on``: The Caterpillar's players who still have cards and play on
    for the later places (no place yet); empty for the other games.
    """

    game: Game
    over: bool
    ranking: tuple[Standing, ...]
    ties: tuple[Tie, ...]
    playing_on: tuple[tuple[str, int], ...] = ()

    @property
    def winner(self) -> str | None:
        if not self.over:
            return None
        first = [s for s in self.ranking if s.place == 1]
        return first[0].name if len(first) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.key,
            "title": self.game.title,
            "valid": self.over,
            "over": self.over,
            "winner": self.winner,
            "ranking": [s.to_dict() for s in self.ranking],
            "ties": [t.to_dict() for t in self.ties],
            "playing_on": [{"name": n, "count": c} for n, c in self.playing_on],
            "counts_mean": self.game.counts,
        }

    def lines(self) -> list[str]:
        g = self.game
        out = [f"{g.title}: {g.rule}."]
        if g.solo:
            (s,) = self.ranking
            if self.over:
                out.append(f"{s.name} has covered the whole row: done!")
            else:
                out.append(f"{s.name} still has {_cards(s.count)} of the row to cover.")
            return out
        rows = [(s.name, s.count) for s in self.ranking] + list(self.playing_on)
        width = max(len(name) for name, _ in rows)
        digits = max(len(str(count)) for _, count in rows)
        for s in self.ranking:
            out.append(
                f"{_ordinal(s.place):>4}  {s.name:<{width}}  {s.count:>{digits}}  ({g.counts})"
            )
        for name, count in self.playing_on:
            out.append(f"{'-':>4}  {name:<{width}}  {count:>{digits}}  ({g.counts}: playing on)")
        if not self.over:
            out.append("No winner yet: nobody is at 0.")
            return out
        if self.winner:
            out.append(f"Winner: {self.winner}.")
        for t in self.ties:
            how = (
                "a tie-break: each draws a card, they reveal them together, and the first "
                "to name the matching image wins"
                if t.kind == "tie-break"
                else "a round of hot potato (more than two are tied)"
            )
            out.append(f"Tie for {_ordinal(t.place)} place: {_and(t.players)} play {how}.")
        if self.playing_on:
            names = [n for n, _ in self.playing_on]
            placed = ",".join(s.name for s in self.ranking)
            order = " (in the order the tie-break decides)" if self.ties else ""
            out.append(
                f"{_and(names)} play on for {_ordinal(len(self.ranking) + 1)} place; when the "
                f"next pile is empty, ask again with {placed} placed{order}."
            )
        return out


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def result(key: str, counts: Sequence[tuple[str, int]], placed: Sequence[str] = ()) -> Result:
    """Rank the players by the game's end condition; ties share a place.

    Most cards wins in The Two Chests; in the others the first at 0 wins (the
    game is over once someone is at 0), the later places by fewest cards.

    The Caterpillar places only players whose pile is empty ("The remaining
    players keep playing until second, third, and so on places are decided"):
    ``placed`` names the players placed by earlier calls, in order (1st,
    2nd, ...); the other players at 0 share the next place (a tie only among
    them); the players with cards play on, without a place, unless only one is
    left, who then takes the last place.
    """
    g = game(key)
    if g.solo and len(counts) != 1:
        raise InputError(
            f"{g.title} is a solo game; give one player, like child=0 (got {len(counts)})",
            place="counts",
        )
    if not g.solo and len(counts) < 2:
        raise InputError(
            f"{g.title} needs at least two players (got {len(counts)})", place="counts"
        )
    if placed and g.key != "caterpillar":
        raise InputError(
            f"only The Caterpillar plays on for later places, not {g.title}", place="placed"
        )
    if g.key == "caterpillar":
        return _caterpillar(g, counts, placed)
    order = sorted(counts, key=lambda nc: -nc[1] if g.most_wins else nc[1])
    ranking: list[Standing] = []
    for i, (name, count) in enumerate(order):
        place = ranking[-1].place if ranking and ranking[-1].count == count else i + 1
        ranking.append(Standing(place, name, count))
    over = True if g.most_wins else ranking[0].count == 0
    ties: list[Tie] = []
    if over and not g.solo:
        groups: dict[int, list[str]] = {}
        for s in ranking:
            groups.setdefault(s.place, []).append(s.name)
        ties = [Tie(place, tuple(ns)) for place, ns in groups.items() if len(ns) > 1]
    return Result(g, over, tuple(ranking), tuple(ties))


def parse_placed(text: str, place: str | None = "placed") -> tuple[str, ...]:
    """``"ann, bob"`` -> ``("ann", "bob")``: the players already placed, in order."""
    plain_text(text, place)
    names = tuple(nfc(" ".join(item.split())) for item in text.split(","))
    if not all(names):
        raise InputError(f"empty name in {short(text, 40)}; write NAME,NAME in order", place=place)
    return names


def _caterpillar(g: Game, counts: Sequence[tuple[str, int]], placed: Sequence[str]) -> Result:
    known = {name_key(name): (name, count) for name, count in counts}
    before: list[tuple[str, int]] = []
    for raw in placed:
        entry = known.get(name_key(raw))
        if entry is None:
            raise InputError(f"{short(raw, 40)} is not one of the players counted", place="placed")
        if entry in before:
            raise InputError(f"{short(raw, 40)} is listed twice", place="placed")
        if entry[1] != 0:
            raise InputError(
                f"{short(entry[0], 40)} has {_cards(entry[1])} left in the counts; "
                "a placed player's pile is empty (give 0)",
                place="placed",
            )
        before.append(entry)
    rest = [nc for nc in counts if nc not in before]
    ranking = [Standing(i + 1, name, count) for i, (name, count) in enumerate(before)]
    now = [nc for nc in rest if nc[1] == 0]
    ties: list[Tie] = []
    if now:
        place = len(ranking) + 1
        ranking += [Standing(place, name, count) for name, count in now]
        if len(now) > 1:
            ties.append(Tie(place, tuple(name for name, _ in now)))
    playing = [nc for nc in rest if nc[1] != 0]
    if ranking and len(playing) == 1:  # the last one still playing has the last place
        ranking.append(Standing(len(counts), *playing[0]))
        playing = []
    return Result(g, bool(ranking), tuple(ranking), tuple(ties), tuple(playing))


@frozen
class Pile:
    """Cards (numbers from 1, top first) for one place on the table."""

    name: str
    face: Literal["up", "down"]
    cards: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "face": self.face, "cards": list(self.cards)}


@frozen
class Deal:
    game: Game
    players: int
    deck: str
    deck_cards: int
    seed: str
    piles: tuple[Pile, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.key,
            "title": self.game.title,
            "player_count": self.players,
            "deck": self.deck,
            "deck_cards": self.deck_cards,
            "seed": self.seed,
            "method": GENERATOR,
            "piles": [p.to_dict() for p in self.piles],
        }

    def lines(self) -> list[str]:
        players = "solo" if self.game.solo else f"{self.players} players"
        out = [
            f"{self.game.title}, {players}, deck {self.deck} ({self.deck_cards} cards), "
            f"seed {self.seed}:"
        ]
        width = max(len(p.name) for p in self.piles)
        for p in self.piles:
            count = _cards(len(p.cards))
            head = f"{p.name:<{width}}  face {p.face:<4}  {count:>8}:"
            out.append(f"{head} {' '.join(map(str, p.cards))}".rstrip())
        return out


DEFAULT_SMALL = {"tom-thumb": 6, "hide-and-seek": 4}
"""Cards of the row (Tom Thumb) and the child's cards (Hide and Seek)."""
ADULT_CARDS = 6


def deal(
    key: str,
    players: int,
    deck_cards: int,
    seed: str,
    *,
    child_cards: int | None = None,
    deck: str = "deck",
) -> Deal:
    """The set-up of mini-game ``key`` from a deck of ``deck_cards`` cards.

    The deck (cards 1..N) is shuffled with :class:`SeedStream` (purpose
    ``deal``) and dealt from the top, as the game's set-up says.
    """
    g = game(key)
    if g.solo and players != 1:
        raise InputError(f"{g.title} is a solo game (one player)", place=f"player_count {players}")
    if not g.solo and players < 2:
        raise InputError(f"{g.title} needs at least 2 players", place=f"player_count {players}")
    if child_cards is not None and g.key not in DEFAULT_SMALL:
        raise InputError(
            f"only Tom Thumb and Hide and Seek deal a child's cards, not {g.title}",
            place="child_cards",
        )
    small = DEFAULT_SMALL.get(g.key, 0) if child_cards is None else child_cards
    if g.key in DEFAULT_SMALL and small < 1:
        raise InputError("deal at least 1 card", place=f"child_cards {small}")
    cards = list(range(1, deck_cards + 1))
    SeedStream(seed, "deal").shuffle(cards)

    def need(count: int, what: str) -> None:
        if deck_cards < count:
            raise InputError(
                f"{g.title} with {what} needs {count} cards; the deck has {deck_cards}",
                place="deck",
            )

    piles: list[Pile] = []
    if g.key == "tom-thumb":
        need(2 * small, f"a row of {small} and a pile of {small}")
        piles = [
            Pile("row", "up", tuple(cards[:small])),
            Pile("pile", "down", tuple(cards[small : 2 * small])),
            Pile("box", "down", tuple(cards[2 * small :])),
        ]
    elif g.key == "caterpillar":
        need(1 + players, f"{players} players")
        each = (deck_cards - 1) // players
        dealt = cards[1 : 1 + each * players]
        piles = [Pile("middle", "up", (cards[0],))]
        piles += [Pile(f"player {i + 1}", "down", tuple(dealt[i::players])) for i in range(players)]
        piles.append(Pile("box", "down", tuple(cards[1 + each * players :])))
    elif g.key == "two-chests":
        need(2, "two chests")
        half = deck_cards // 2
        piles = [
            Pile("chest 1", "up", tuple(cards[0 : 2 * half : 2])),
            Pile("chest 2", "up", tuple(cards[1 : 2 * half : 2])),
            Pile("box", "down", tuple(cards[2 * half :])),
        ]
    elif g.key == "well":
        need(1 + players, f"{players} players")
        dealt = cards[:-1]
        piles = [Pile(f"player {i + 1}", "down", tuple(dealt[i::players])) for i in range(players)]
        piles.append(Pile("middle", "up", (cards[-1],)))
    else:  # hide-and-seek
        adults = players - 1
        need(small + ADULT_CARDS * adults + 1, f"a child and {adults} adult(s)")
        piles = [Pile("child", "up", tuple(cards[:small]))]
        at = small
        for i in range(adults):
            piles.append(Pile(f"adult {i + 1}", "up", tuple(cards[at : at + ADULT_CARDS])))
            at += ADULT_CARDS
        piles.append(Pile("middle", "up", (cards[at],)))
        piles.append(Pile("box", "down", tuple(cards[at + 1 :])))
    kept = tuple(p for p in piles if p.cards or p.name != "box")
    return Deal(g, players, deck, deck_cards, seed, kept)
