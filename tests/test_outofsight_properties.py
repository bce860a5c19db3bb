"""Properties of Out of Sight scoring and takes, on generated banks and rolls.

Takes are checked against an independent brute force: every way of giving
each die to one card (or to none).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from referee import engine
from referee.core.files import parse_document
from referee.core.schema import Value
from referee.outofsight import formats
from referee.outofsight.game import GAME, Action, FrameAction, Setup, State, play_frame
from referee.outofsight.rules import Bank, Card, score_bank, score_frame
from referee.outofsight.takes import Roll, best_take, check_take

COLOURS = ("blue", "yellow", "green", "purple", "silver", "red", "orange", "pink", "brown")

cards = st.builds(
    Card,
    st.sampled_from(COLOURS),
    st.one_of(st.none(), st.integers(min_value=1, max_value=18)),
)
banks = st.lists(cards, max_size=40).map(lambda cs: Bank(tuple(cs)))
rolls = st.tuples(*[st.integers(min_value=1, max_value=6)] * 3).map(Roll)
card_numbers = st.integers(min_value=1, max_value=18)
modes = st.sampled_from(["basic", "advanced"])
frames = st.integers(min_value=1, max_value=3)


def read_bank(data: object) -> Bank:
    return formats.read_bank(Value(data, "bank"))


def brute_force(dice: Sequence[int], wanted: Sequence[int]) -> bool:
    """Some assignment of dice to cards (or to no card) makes every card exactly."""
    for owners in itertools.product([None, *range(len(wanted))], repeat=len(dice)):
        sums = [0] * len(wanted)
        used = [False] * len(wanted)
        for die, owner in zip(dice, owners, strict=True):
            if owner is not None:
                sums[owner] += die
                used[owner] = True
        if all(used) and sums == list(wanted):
            return True
    return False


@given(banks, modes, frames)
def test_every_card_is_scored_saved_or_subtracted(bank: Bank, mode: str, frame: int) -> None:
    s = score_bank("P", bank, mode, frame)  # type: ignore[arg-type]
    assert s.scored_cards + s.saved_cards + s.subtracted_cards == len(bank)
    assert s.points == s.scored_cards - s.subtracted_cards
    if mode == "basic":
        assert s.points == len(bank)
    if frame == 3 or mode == "basic":
        assert s.saved == ()


@given(banks, frames)
def test_rows_hold_three_colours_largest_first(bank: Bank, frame: int) -> None:
    s = score_bank("P", bank, "advanced", frame)
    assert len(s.scored) <= 3
    assert len(s.saved) <= 3
    sizes = [p.size for p in (*s.scored, *s.saved, *s.subtracted)]
    assert sizes == sorted(sizes, reverse=True)
    assert len(s.scored) == min(3, len(bank.colours()))


@given(banks, frames, st.data())
def test_points_do_not_depend_on_order_or_preference(
    bank: Bank, frame: int, data: st.DataObject
) -> None:
    shuffled = Bank(tuple(data.draw(st.permutations(bank.cards))))
    prefer = data.draw(st.lists(st.sampled_from(COLOURS), unique=True)) if bank.cards else []
    prefer = [c for c in prefer if c in bank.colours()]
    plain = score_bank("P", bank, "advanced", frame)
    other = score_bank("P", shuffled, "advanced", frame, prefer)
    assert (plain.points, plain.scored_cards, plain.saved_cards, plain.subtracted_cards) == (
        other.points,
        other.scored_cards,
        other.saved_cards,
        other.subtracted_cards,
    )


@given(banks)
def test_saved_cards_are_a_bank_the_next_frame_accepts(bank: Bank) -> None:
    s = score_bank("P", bank, "advanced", 1)
    saved = s.saved_bank()
    again = read_bank(formats.bank_data(saved))
    assert again.counts() == saved.counts()
    assert again.missing(saved) == ()
    assert saved.missing(again) == ()


@given(banks)
def test_bank_round_trips(bank: Bank) -> None:
    assert read_bank([str(c) for c in bank.cards]) == bank
    assert read_bank(formats.bank_data(bank)) == bank


@given(banks, banks)
def test_a_bank_never_lacks_its_own_cards(bank: Bank, extra: Bank) -> None:
    assert Bank(bank.cards + extra.cards).missing(bank) == ()
    lacking = extra.missing(bank)
    assert len(lacking) >= len(bank) - len(extra)


@given(rolls, st.lists(card_numbers, max_size=4))
def test_check_take_agrees_with_brute_force(roll: Roll, wanted: list[int]) -> None:
    v = check_take(roll, wanted)
    assert v.valid is brute_force(roll.dice, wanted)
    if v.valid:
        used = [i for t in v.takes for i in t.slots]
        assert len(used) == len(set(used))
        assert [sum(t.dice(roll)) for t in v.takes] == wanted


@given(rolls, st.lists(card_numbers, min_size=1, max_size=5))
def test_best_take_is_legal_and_nothing_takes_more(roll: Roll, row: list[int]) -> None:
    best = best_take(roll, row)
    taken = [t.card for t in best.takes]
    assert best.valid is bool(taken)
    if best.valid:
        assert check_take(roll, taken, row).valid
    takeable = [
        subset
        for k in range(1, 4)
        for subset in itertools.combinations(row, k)
        if brute_force(roll.dice, subset)
    ]
    most = max((len(s) for s in takeable), default=0)
    assert len(taken) == most
    assert sum(taken) == max((sum(s) for s in takeable if len(s) == most), default=0)


@given(rolls, st.lists(card_numbers, max_size=3))
def test_doubles_dice_never_take_cards(roll: Roll, wanted: list[int]) -> None:
    v = check_take(roll, wanted, doubles="flip")
    has_pair = len(set(roll.dice)) < 3
    if not has_pair:
        assert v.reason == "no-doubles"
        return
    free = list(roll.dice)
    for i in sorted(v.doubles_slots, reverse=True):
        del free[i]
    assert v.valid is brute_force(free, wanted)


@given(st.lists(banks, min_size=2, max_size=2), st.lists(banks, min_size=2, max_size=2))
def test_a_game_carries_the_saved_cards(first: list[Bank], extra: list[Bank]) -> None:
    setup = Setup.of(["A", "B"], "advanced")
    one = FrameAction(1, (("A", first[0]), ("B", first[1])))
    g = play_frame(setup, State(), one)
    assert isinstance(g, State)
    saved = [g.frames[0].score.player(n).saved_bank() for n in ("A", "B")]
    two = FrameAction(
        2,
        tuple(
            (n, Bank(s.cards + e.cards)) for n, s, e in zip(("A", "B"), saved, extra, strict=True)
        ),
    )
    g = play_frame(setup, g, two)
    assert isinstance(g, State)
    total = sum(
        score_frame(r.banks, "advanced", r.frame).players[i].points
        for r in g.frames
        for i in range(2)
    )
    assert sum(g.totals(setup).values()) == total
    log: engine.Log[Setup, Action] = engine.Log(setup, (one, two))
    again = engine.parse(GAME, parse_document(engine.text(GAME, log), "game.yaml"))
    assert engine.replay(GAME, again).state == g
