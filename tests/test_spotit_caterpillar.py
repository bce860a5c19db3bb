"""The Caterpillar's later places: only empty piles are placed, the others play on.

The rulebook (Spot it! 1,2,3, The Caterpillar): "Winner: the first player to
get rid of all their cards is declared the winner. The remaining players keep
playing until second, third, and so on places are decided." So a call with
cards still in several piles places only the players at 0; the others are
listed as playing on, with no place and no tie between them. The table asks
again when the next pile is empty, naming the players already placed, in order,
with ``--placed``. The last player still holding cards has nobody left to play
against and takes the last place.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import Runner
from referee.core.errors import InputError
from referee.spotit.minigames import parse_counts, parse_placed, result


def caterpillar(counts: str, placed: str = "") -> tuple[Any, Any, Any]:
    """(ranking as (place, name)), (ties as (place, names)), (playing on)."""
    outcome = result("caterpillar", parse_counts(counts), parse_placed(placed) if placed else ())
    return (
        tuple((s.place, s.name) for s in outcome.ranking),
        tuple((t.place, *t.players) for t in outcome.ties),
        tuple(outcome.playing_on),
    )


CASES = {
    # The examples: bob and cy have no place yet, whatever their counts.
    "one-empty-two-equal-piles": ("ann=0,bob=3,cy=3", "", ((1, "ann"),), (), (("bob", 3), ("cy", 3))),
    "one-empty-two-piles": ("ann=0,bob=3,cy=5", "", ((1, "ann"),), (), (("bob", 3), ("cy", 5))),
    # Two piles emptied at once: tied for first; cy, alone with cards, is last.
    "two-empty-at-once": (
        "ann=0,bob=0,cy=3", "", ((1, "ann"), (1, "bob"), (3, "cy")), ((1, "ann", "bob"),), (),
    ),
    # The table asks again once bob is out too: places continue after ann.
    "second-place-after-placed": (
        "ann=0,bob=0,cy=3", "ann", ((1, "ann"), (2, "bob"), (3, "cy")), (), (),
    ),
    "placed-and-still-playing": ("ann=0,bob=3,cy=3", "ann", ((1, "ann"),), (), (("bob", 3), ("cy", 3))),
    "tie-for-second-only-among-the-new": (
        "ann=0,bob=0,cy=0,dee=2,eve=4", "ann",
        ((1, "ann"), (2, "bob"), (2, "cy")), ((2, "bob", "cy"),), (("dee", 2), ("eve", 4)),
    ),
    "everyone-placed": ("ann=0,bob=0,cy=0", "cy,ann,bob", ((1, "cy"), (2, "ann"), (3, "bob")), (), ()),
    "nobody-out-yet": ("ann=3,bob=2", "", (), (), (("ann", 3), ("bob", 2))),
}  # fmt: skip


@pytest.mark.parametrize(
    ("counts", "placed", "ranking", "ties", "playing_on"), CASES.values(), ids=CASES.keys()
)
def test_places(
    counts: str,
    placed: str,
    ranking: tuple[tuple[int, str], ...],
    ties: tuple[tuple[Any, ...], ...],
    playing_on: tuple[tuple[str, int], ...],
) -> None:
    assert caterpillar(counts, placed) == (ranking, ties, playing_on)


def test_over_once_a_pile_is_empty_and_the_winner() -> None:
    assert result("caterpillar", parse_counts("ann=1,bob=2")).over is False
    first = result("caterpillar", parse_counts("ann=0,bob=3,cy=3"))
    assert (first.over, first.winner) == (True, "ann")
    tied = result("caterpillar", parse_counts("ann=0,bob=0,cy=3"))
    assert (tied.over, tied.winner) == (True, None)
    again = result("caterpillar", parse_counts("ann=0,bob=0,cy=3"), ("ann",))
    assert again.winner == "ann"


@given(st.lists(st.integers(0, 4), min_size=2, max_size=6), st.data())
def test_only_empty_piles_are_placed(counts: list[int], data: st.DataObject) -> None:
    players = [(f"p{i}", c) for i, c in enumerate(counts)]
    empty = [n for n, c in players if c == 0]
    before = data.draw(st.permutations(empty).flatmap(lambda p: st.just(p[: len(p) // 2])))
    outcome = result("caterpillar", players, before)
    placed = [s.name for s in outcome.ranking]
    on = [n for n, _ in outcome.playing_on]
    assert sorted(placed + on) == sorted(n for n, _ in players)
    assert placed[: len(before)] == list(before)
    assert [s.place for s in outcome.ranking[: len(before)]] == list(range(1, len(before) + 1))
    holding = [n for n, c in players if c]
    if not empty:
        assert (outcome.over, placed, on) == (False, [], holding)
    elif len(holding) == 1:
        assert (on, placed[-1], outcome.ranking[-1].place) == ([], holding[0], len(players))
    else:
        assert on == holding
    new = [n for n in empty if n not in before]
    assert [t.players for t in outcome.ties] == ([tuple(new)] if len(new) > 1 else [])
    for s in outcome.ranking:
        if s.name in new:
            assert s.place == len(before) + 1


# ---------------------------------------------------------------------------- CLI


def test_cli_one_empty_pile_json(referee: Runner) -> None:
    code, out, err = referee(
        "spotit", "result", "caterpillar", "--counts", "ann=0,bob=3,cy=3", "--json"
    )
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["winner"] == "ann"
    assert data["ranking"] == [{"place": 1, "name": "ann", "count": 0}]
    assert data["playing_on"] == [{"name": "bob", "count": 3}, {"name": "cy", "count": 3}]
    assert data["ties"] == []


def test_cli_two_empty_piles_tie_for_first(referee: Runner) -> None:
    code, out, _ = referee(
        "spotit", "result", "caterpillar", "--counts", "ann=0,bob=0,cy=3", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["winner"] is None
    assert data["ties"] == [{"place": 1, "players": ["ann", "bob"], "tie_break": "tie-break"}]
    assert data["playing_on"] == []


def test_cli_text_names_who_plays_on_and_how_to_ask_again(referee: Runner) -> None:
    code, out, err = referee("spotit", "result", "caterpillar", "--counts", "ann=0,bob=3,cy=5")
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == [
        " 1st  ann  0  (cards left in their pile)",
        "   -  bob  3  (cards left in their pile: playing on)",
        "   -  cy   5  (cards left in their pile: playing on)",
        "Winner: ann.",
        "bob and cy play on for 2nd place; when the next pile is empty, ask again with ann placed.",
    ]


def test_cli_placed_continues_the_places(referee: Runner) -> None:
    code, out, _ = referee(
        "spotit", "result", "caterpillar", "--counts", "ann=0,bob=0,cy=3", "--placed", "ANN"
    )
    assert code == 0
    assert out.splitlines()[1:] == [
        " 1st  ann  0  (cards left in their pile)",
        " 2nd  bob  0  (cards left in their pile)",
        " 3rd  cy   3  (cards left in their pile)",
        "Winner: ann.",
    ]


def test_cli_nobody_out_yet_is_exit_1(referee: Runner) -> None:
    code, out, _ = referee("spotit", "result", "caterpillar", "--counts", "ann=2,bob=3")
    assert code == 1
    assert out.splitlines()[-1] == "No winner yet: nobody is at 0."


BAD_PLACED = {
    "not-a-player": (
        "caterpillar",
        "ann=0,bob=3",
        "dan",
        "--placed: 'dan' is not one of the players counted",
    ),
    "listed-twice": ("caterpillar", "ann=0,bob=3", "ann,ann", "'ann' is listed twice"),
    "still-has-cards": ("caterpillar", "ann=0,bob=3", "bob", "'bob' has 3 cards left"),
    "empty-name": ("caterpillar", "ann=0,bob=3", "ann,,bob", "--placed: empty name"),
    "empty": ("caterpillar", "ann=0,bob=3", "", "--placed: empty name"),
    "other-game": ("well", "ann=0,bob=3", "ann", "only The Caterpillar"),
}


@pytest.mark.parametrize(
    ("game", "counts", "placed", "message"), BAD_PLACED.values(), ids=BAD_PLACED.keys()
)
def test_cli_bad_placed_is_exit_2_with_one_error_line(
    referee: Runner, game: str, counts: str, placed: str, message: str
) -> None:
    code, out, err = referee("spotit", "result", game, "--counts", counts, "--placed", placed)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and err.startswith("Error: ")
    assert message in err


def test_placed_in_the_rules_module_is_checked_too() -> None:
    with pytest.raises(InputError, match="not one of the players counted"):
        result("caterpillar", parse_counts("ann=0,bob=1"), ("zed",))
