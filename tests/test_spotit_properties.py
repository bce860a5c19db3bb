"""Property tests of the Spot it! rules.

* Any two cards of any generated deck (any prime-power order up to 32, any
  number of cards, any seed) share exactly one symbol, checked by brute force.
* ``verify`` lists and counts exactly the pairs a brute-force check finds.
* The completion search agrees with an independent oracle: for orders 2 and 3
  the projective plane is unique, so a deck completes to a plane exactly when
  its symbols can be mapped into PG(2, n) with every card landing on a line.
* Rendered symbol slots never overlap and stay on the card; deals use every
  card once; results rank by the game's own measure.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from hypothesis import assume, given, reject
from hypothesis import strategies as st

from referee.spotit.minigames import (
    GAMES,
    deal,
    result,
)
from referee.spotit.planes import generate, plane_lines, plane_size
from referee.spotit.render import USABLE, slots
from referee.spotit.rules import Deck
from referee.spotit.verify import verify

ORDERS = (2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32)
"""Every prime power up to 32."""


def names(n: int) -> list[str]:
    return [f"s{i}/c{i % 7}" for i in range(n)]


@st.composite
def generated(draw: st.DrawFn) -> tuple[int, int, str | None]:
    order = draw(st.sampled_from(ORDERS))
    size = plane_size(order)
    cards = draw(st.integers(min_value=2, max_value=size))
    seed = draw(st.none() | st.text(max_size=12))
    return order, cards, seed


@given(generated())
def test_any_two_cards_of_a_generated_deck_share_exactly_one_symbol(
    case: tuple[int, int, str | None],
) -> None:
    order, count, seed = case
    deck = generate(order, names(plane_size(order)), cards=count, seed=seed)
    assert len(deck.cards) == count
    sets = [set(c) for c in deck.cards]
    assert all(len(s) == order + 1 == len(c) for s, c in zip(sets, deck.cards, strict=True))
    for a, b in itertools.combinations(sets, 2):
        assert len(a & b) == 1
    assert verify(deck, budget=2000).valid


def brute(cards: Sequence[Sequence[str]]) -> dict[tuple[int, int], set[str]]:
    return {
        (i, j): set(a) & set(b)
        for (i, a), (j, b) in itertools.combinations(enumerate(cards, 1), 2)
        if len(set(a) & set(b)) != 1
    }


small_decks = st.lists(
    st.lists(st.sampled_from("abcdefgh"), min_size=1, max_size=5), min_size=2, max_size=12
).filter(lambda cards: len({frozenset(c) for c in cards}) == len(cards))


@given(small_decks)
def test_verify_agrees_with_brute_force(cards: list[list[str]]) -> None:
    report = verify(Deck.from_cards("d", cards))
    expected = brute(cards)
    assert report.fault_total == len(expected)
    listed = {(f.first, f.second): set(f.shared) for f in report.faults}
    assert listed == dict(sorted(expected.items())[: len(report.faults)])
    assert len(report.faults) == min(len(expected), 10)
    repeats = {i for i, c in enumerate(cards, 1) if len(set(c)) != len(c)}
    assert {r.card for r in report.repeats} == repeats
    assert report.valid == (not expected and not repeats)


def embeds(cards: Sequence[Sequence[int]], n: int) -> bool:
    """Can the symbols be mapped one-to-one into PG(2, n), every card onto a line?"""
    lines = [frozenset(line) for line in plane_lines(n)]

    def place(i: int, mapping: dict[int, int]) -> bool:
        if i == len(cards):
            return True
        card = cards[i]
        used = set(mapping.values())
        for line in lines:
            if not all(mapping[x] in line for x in card if x in mapping):
                continue
            free = [x for x in card if x not in mapping]
            points = [p for p in line if p not in used]
            for chosen in itertools.permutations(points, len(free)):
                if place(i + 1, {**mapping, **dict(zip(free, chosen, strict=True))}):
                    return True
        return False

    return place(0, {})


@st.composite
def partial_planes(draw: st.DrawFn) -> tuple[int, list[list[int]]]:
    """Cards of n + 1 symbols, every two meeting once, built greedily from draws."""
    n = draw(st.sampled_from((2, 3)))
    size = plane_size(n)
    candidates = draw(
        st.lists(
            st.lists(st.integers(0, size - 1), min_size=n + 1, max_size=n + 1, unique=True),
            min_size=2,
            max_size=40,
        )
    )
    cards: list[list[int]] = []
    for c in candidates:
        if all(len(set(c) & set(d)) == 1 for d in cards):
            cards.append(c)
    assume(len(cards) >= 2)
    return n, cards


@given(partial_planes())
def test_completion_agrees_with_embedding_into_the_unique_plane(
    case: tuple[int, list[list[int]]],
) -> None:
    n, cards = case
    deck = Deck.from_cards("d", [[f"p{x}" for x in c] for c in cards])
    plane = verify(deck).plane
    assert plane.kind != "undetermined"
    assert (plane.kind in ("subset", "complete")) == embeds(cards, n)
    if plane.kind == "subset":
        full = verify(Deck("full", deck.cards + plane.add_back))
        assert full.valid
        assert (full.plane.kind, full.plane.order) == ("complete", n)


@given(
    st.sampled_from((2, 3, 4, 5, 7)),
    st.data(),
)
def test_subsets_of_generated_decks_complete_to_planes(order: int, data: st.DataObject) -> None:
    full = generate(order, names(plane_size(order)), seed=data.draw(st.text(max_size=5)))
    keep = data.draw(st.integers(2, len(full.cards) - 1))
    deck = Deck("part", full.cards[:keep])
    plane = verify(deck, budget=20_000).plane
    assert plane.kind in ("subset", "undetermined")
    if plane.kind == "subset":
        assert len(plane.add_back) == len(full.cards) - keep
        completed = verify(Deck("again", deck.cards + plane.add_back))
        assert completed.valid and completed.plane.kind == "complete"


@given(st.integers(1, 200))
def test_slots_do_not_overlap_and_stay_on_the_card(k: int) -> None:
    places = slots(k)
    assert len(places) == k
    for a, b in itertools.combinations(places, 2):
        assert math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r - 1e-9
    for a in places:
        assert math.hypot(a.x, a.y) + a.r <= USABLE + 1e-9


@given(
    # The Caterpillar places only empty piles: tests/test_spotit_caterpillar.py.
    st.sampled_from([g for g in GAMES if not GAMES[g].solo and g != "caterpillar"]),
    st.lists(st.integers(0, 30), min_size=2, max_size=7),
)
def test_result_ranks_by_the_games_measure(key: str, counts: list[int]) -> None:
    players = [(f"p{i}", c) for i, c in enumerate(counts)]
    outcome = result(key, players)
    best = max(counts) if GAMES[key].most_wins else min(counts)
    firsts = {s.name for s in outcome.ranking if s.place == 1}
    assert firsts == {n for n, c in players if c == best}
    assert outcome.over == (GAMES[key].most_wins or best == 0)
    if outcome.over:
        assert (outcome.winner is not None) == (len(firsts) == 1)
        tied = [t for t in outcome.ties if t.place == 1]
        assert bool(tied) == (len(firsts) > 1)
        for t in outcome.ties:
            assert t.kind == ("tie-break" if len(t.players) == 2 else "hot potato")
    else:
        assert outcome.winner is None and not outcome.ties
    ordered = [s.count for s in outcome.ranking]
    assert ordered == sorted(ordered, reverse=GAMES[key].most_wins)
    for i, s in enumerate(outcome.ranking):
        assert s.place == 1 + sum(
            1 for c in counts if (c > s.count if GAMES[key].most_wins else c < s.count)
        )
        assert i + 1 >= s.place


@given(
    st.sampled_from(list(GAMES)),
    st.integers(1, 8),
    st.integers(2, 120),
    st.text(max_size=8),
)
def test_deals_use_every_card_once(key: str, players: int, cards: int, seed: str) -> None:
    from referee.core.errors import InputError

    try:
        dealt = deal(key, players, cards, seed)
    except InputError:  # too few cards for the game, or a solo game with company
        reject()
    every = [c for p in dealt.piles for c in p.cards]
    assert sorted(every) == list(range(1, cards + 1))
    hands = [p for p in dealt.piles if p.name.startswith("player")]
    if key == "caterpillar":
        assert len({len(h.cards) for h in hands}) == 1
    if key == "well":
        assert max(len(h.cards) for h in hands) - min(len(h.cards) for h in hands) <= 1
