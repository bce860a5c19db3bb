"""Out of Sight rules: cards, banks, frame scoring, takes and the game model.

The rulebook's worked examples come first: Example Three (advanced scoring of
frame one) and Example One (what 5, 4, 2 may take). Banks are written as in a
frame file and read by the strict reader (``formats.read_bank``).
"""

from __future__ import annotations

from typing import Any

import pytest

from referee import engine
from referee.core.errors import InputError
from referee.core.files import parse_document
from referee.core.schema import Value
from referee.engine import Refusal
from referee.outofsight import formats, render
from referee.outofsight.game import (
    GAME,
    Action,
    FrameAction,
    Setup,
    State,
    play_frame,
    propose_frame,
)
from referee.outofsight.rules import (
    Bank,
    Card,
    Pile,
    PlayerScore,
    Tie,
    describe_cards,
    order_piles,
    parse_frame,
    parse_mode,
    parse_prefer,
    score_bank,
    score_frame,
)
from referee.outofsight.takes import (
    Roll,
    Take,
    TakeVerdict,
    best_take,
    check_take,
    parse_cards,
)

BRIAN = {"blue": 4, "yellow": 4, "green": 3, "purple": 3, "silver": 2, "red": 2, "orange": 1}
JESSICA = {"red": 5, "yellow": 4, "green": 3, "blue": 3, "silver": 1}


def bank(data: Any) -> Bank:
    return formats.read_bank(Value(data, "bank"))


def counts(piles: Any) -> dict[str, int]:
    return {p.colour: p.size for p in piles}


# ------------------------------------------------------------ the rulebook's examples


def test_example_three_brian() -> None:
    s = score_bank("Brian", bank(BRIAN), "advanced", 1)
    assert counts(s.scored) == {"blue": 4, "yellow": 4, "green": 3}
    assert counts(s.saved) == {"purple": 3, "silver": 2, "red": 2}
    assert counts(s.subtracted) == {"orange": 1}
    assert (s.scored_cards, s.saved_cards, s.subtracted_cards, s.points) == (11, 7, 1, 10)


def test_example_three_jessica() -> None:
    s = score_bank("Jessica", bank(JESSICA), "advanced", 1)
    assert counts(s.scored) == {"red": 5, "yellow": 4, "green": 3}
    assert counts(s.saved) == {"blue": 3, "silver": 1}
    assert s.subtracted == ()
    assert (s.scored_cards, s.saved_cards, s.subtracted_cards, s.points) == (12, 4, 0, 12)


def test_example_three_frame_json_shape() -> None:
    frame = score_frame((("Brian", bank(BRIAN)), ("Jessica", bank(JESSICA))), "advanced", 1)
    data = render.frame_json(frame)
    assert (data["mode"], data["frame"]) == ("advanced", 1)
    brian = data["players"]["Brian"]
    assert {k: brian[k] for k in ("points", "scored", "saved", "subtracted")} == {
        "points": 10,
        "scored": 11,
        "saved": {"purple": 3, "silver": 2, "red": 2},
        "subtracted": 1,
    }
    jessica = data["players"]["Jessica"]
    assert {k: jessica[k] for k in ("points", "scored", "saved", "subtracted")} == {
        "points": 12,
        "scored": 12,
        "saved": {"blue": 3, "silver": 1},
        "subtracted": 0,
    }


def test_example_three_next_frame_holds_the_saved_cards() -> None:
    frame = score_frame((("Brian", bank(BRIAN)), ("Jessica", bank(JESSICA))), "advanced", 1)
    assert formats.next_frame_data(frame) == {
        "mode": "advanced",
        "frame": 2,
        "players": {
            "Brian": {"purple": 3, "silver": 2, "red": 2},
            "Jessica": {"blue": 3, "silver": 1},
        },
    }


ROLL_542 = Roll((5, 4, 2))

EXAMPLE_ONE: list[tuple[str, tuple[int, ...], bool, list[tuple[int, tuple[int, ...]]]]] = [
    ("5-4-2-each-die-its-card", (5, 4, 2), True, [(5, (5,)), (4, (4,)), (2, (2,))]),
    ("9-and-2", (9, 2), True, [(9, (5, 4)), (2, (2,))]),
    ("11-all-three-dice", (11,), True, [(11, (5, 4, 2))]),
    ("only-the-5-then-reroll", (5,), True, [(5, (5,))]),
    ("no-cards-at-all", (), True, []),
    ("2-and-3-would-split-the-5", (2, 3), False, []),
    ("3-alone-splits-the-5", (3,), False, []),
    ("9-and-11-share-dice", (9, 11), False, []),
    ("four-cards-three-dice", (5, 4, 2, 2), False, []),
]


@pytest.mark.parametrize(
    ("cards", "valid", "takes"),
    [(c, v, t) for _, c, v, t in EXAMPLE_ONE],
    ids=[i for i, *_ in EXAMPLE_ONE],
)
def test_example_one(
    cards: tuple[int, ...], valid: bool, takes: list[tuple[int, tuple[int, ...]]]
) -> None:
    v = check_take(ROLL_542, cards)
    assert v.valid is valid
    assert [(t.card, t.dice(ROLL_542)) for t in v.takes] == takes
    assert (v.reason is None) is valid


# ---------------------------------------------------------------------------- cards

CARDS = [
    ("colour-number", "blue-7", Card("blue", 7)),
    ("colour-only", "blue", Card("blue")),
    ("uppercase", "Blue-18", Card("blue", 18)),
    ("spaces", "  red-1 ", Card("red", 1)),
    ("any-word", "turquoise-3", Card("turquoise", 3)),
]


@pytest.mark.parametrize(("text", "card"), [c[1:] for c in CARDS], ids=[c[0] for c in CARDS])
def test_card_from_text(text: str, card: Card) -> None:
    assert Card.from_text(text) == card
    assert Card.from_text(str(card)) == card  # writes back as it reads


BAD_CARDS = [
    ("dash-no-number", "blue-", "no number"),
    ("number-no-colour", "-7", "no colour"),
    ("number-as-word", "blue-seven", "from 1 to 18, got 'seven'"),
    ("zero", "blue-0", "from 1 to 18, got 0"),
    ("nineteen", "blue-19", "from 1 to 18, got 19"),
    ("two-dashes", "blue-7-2", "got '7-2'"),
    ("digit-colour", "bl3e-7", "one word of up to 30 letters"),
    ("colour-too-long", "a" * 31 + "-7", "one word of up to 30 letters"),
    ("bare-number", 7, "no colour"),
    ("empty", "", "no colour"),
    ("negative", "blue--7", "got -7"),
    ("5000-digits", "blue-" + "9" * 5000, "got '9999999...99999999'"),
]


@pytest.mark.parametrize(
    ("value", "fragment"), [c[1:] for c in BAD_CARDS], ids=[c[0] for c in BAD_CARDS]
)
def test_bad_card(value: object, fragment: str) -> None:
    """The rules say what is wrong; the reader says where (key path and line)."""
    with pytest.raises(InputError, match=fragment) as info:
        Value(value, "players.Brian[1]", 4).convert(Card.from_text)
    assert str(info.value).startswith("line 4: players.Brian[1]: card ")


# ---------------------------------------------------------------------------- banks

BANKS: list[tuple[str, object, list[Card]]] = [
    ("list", ["blue-7", "red", "blue-2"], [Card("blue", 7), Card("red"), Card("blue", 2)]),
    ("counts", {"blue": 2, "red": 1}, [Card("blue"), Card("blue"), Card("red")]),
    ("numbers-per-colour", {"red": [1, 4]}, [Card("red", 1), Card("red", 4)]),
    ("zero-count", {"blue": 0, "red": 1}, [Card("red")]),
    ("empty-list", [], []),
    ("empty-mapping", {}, []),
]


@pytest.mark.parametrize(("data", "cards"), [b[1:] for b in BANKS], ids=[b[0] for b in BANKS])
def test_bank_from_data(data: object, cards: list[Card]) -> None:
    b = bank(data)
    assert list(b.cards) == cards
    assert bank(formats.bank_data(b)) == b


BAD_BANKS = [
    ("no-bank", None, "no bank"),
    ("a-string", "blue-7, red-2", "expected a list of cards"),
    ("a-number", 12, "expected a list of cards"),
    ("negative-count", {"blue": -1}, "from 0 to 108, got -1"),
    ("bool-count", {"blue": True}, "expected a count"),
    ("bad-number-in-list", {"red": [1, 19]}, r"bank.red\[1\]: .*got 19"),
    ("colour-key-number", {7: 2}, "key 7 is not a name"),
    ("colour-key-not-a-word", {"re d": 2}, "'re d' is not a colour"),
    ("colour-twice", {"Red": 1, "red": 2}, "colour 'red' is given twice"),
    ("more-than-the-deck", {"blue": 109}, "more than 108 cards"),
    ("more-than-the-deck-in-all", {"blue": 100, "red": 9}, "more than 108 cards"),
    ("a-list-over-the-deck", ["red"] * 109, "more than 108 cards"),
    ("bad-card-in-list", ["blue-7", "-7"], r"bank\[1\]: card '-7' has no colour"),
]


@pytest.mark.parametrize(
    ("data", "fragment"), [b[1:] for b in BAD_BANKS], ids=[b[0] for b in BAD_BANKS]
)
def test_bad_bank(data: object, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        bank(data)


MISSING = [
    ("all-there", {"purple": 3}, {"purple": 4}, ""),
    ("one-short", {"purple": 3}, {"purple": 2, "red": 5}, "purple 1"),
    ("colour-gone", {"purple": 1, "red": 2}, {"purple": 1}, "red 2"),
    ("numbered-exact", ["blue-5", "blue-11"], ["blue-11", "blue-5", "red-1"], ""),
    ("numbered-one-gone", ["blue-5", "blue-11"], ["blue-5", "blue-12"], "blue-11"),
    ("numbered-saved-loose-bank", ["blue-5"], {"blue": 1}, ""),
    ("loose-saved-numbered-bank", {"blue": 2}, ["blue-5", "blue-9"], ""),
    ("loose-saved-too-few", {"blue": 2}, ["blue-5"], "blue 1"),
]


@pytest.mark.parametrize(
    ("saved", "new", "lacking"), [m[1:] for m in MISSING], ids=[m[0] for m in MISSING]
)
def test_bank_missing(saved: object, new: object, lacking: str) -> None:
    assert describe_cards(bank(new).missing(bank(saved))) == lacking


# -------------------------------------------------------------------------- scoring

SCORING: list[tuple[str, object, str, int, int, int, int, int]] = [
    # id, bank, mode, frame, points, scored, saved, subtracted
    ("basic-counts-cards", BRIAN, "basic", 1, 19, 19, 0, 0),
    ("basic-final-same", BRIAN, "basic", 3, 19, 19, 0, 0),
    ("advanced-frame-2-like-1", BRIAN, "advanced", 2, 10, 11, 7, 1),
    ("final-frame-brian", BRIAN, "advanced", 3, 3, 11, 0, 8),  # 11 - (3+2+2+1)
    ("final-frame-jessica", JESSICA, "advanced", 3, 8, 12, 0, 4),  # 12 - (3+1)
    ("three-colours-final", {"red": 4, "blue": 2, "green": 1}, "advanced", 3, 7, 7, 0, 0),
    ("one-colour", {"red": 6}, "advanced", 1, 6, 6, 0, 0),
    ("empty-bank", {}, "advanced", 1, 0, 0, 0, 0),
    (
        "nine-colours",
        dict.fromkeys(("a", "b", "c", "d", "e", "f", "g", "h", "i"), 1),
        "advanced",
        1,
        0,  # 3 scored, 3 saved, 3 subtracted
        3,
        3,
        3,
    ),
    ("negative-frame", {"a": 1, "b": 1, "c": 1, "d": 5, "e": 5}, "advanced", 3, 9, 11, 0, 2),
]


@pytest.mark.parametrize(
    ("data", "mode", "frame", "points", "scored", "saved", "subtracted"),
    [s[1:] for s in SCORING],
    ids=[s[0] for s in SCORING],
)
def test_score_bank(
    data: object, mode: Any, frame: int, points: int, scored: int, saved: int, subtracted: int
) -> None:
    s = score_bank("P", bank(data), mode, frame)
    assert (s.points, s.scored_cards, s.saved_cards, s.subtracted_cards) == (
        points,
        scored,
        saved,
        subtracted,
    )


def test_final_frame_can_be_negative() -> None:
    data = {"a": 1, "b": 1, "c": 1, "d": 1, "e": 1, "f": 1, "g": 1, "h": 1}
    assert score_bank("P", bank(data), "advanced", 3).points == 3 - 5


TIES: list[tuple[str, object, int, tuple[str, ...], list[dict[str, Any]]]] = [
    (
        "brian-green-purple-bank-order",
        BRIAN,
        1,
        (),
        [{"size": 3, "colours": ["green", "purple"], "by": "bank-order"}],
    ),
    (
        "brian-prefers-purple",
        BRIAN,
        1,
        ("purple",),
        [{"size": 3, "colours": ["purple", "green"], "by": "prefer"}],
    ),
    (
        "no-tie-at-boundary",
        {"red": 3, "blue": 3, "green": 3, "gold": 2},
        1,
        (),
        [],
    ),
    (
        "tie-spans-save-subtract",
        {"a": 5, "b": 4, "c": 3, "d": 1, "e": 1, "f": 1, "g": 1},
        1,
        ("g",),
        [{"size": 1, "colours": ["g", "d", "e", "f"], "by": "prefer"}],
    ),
    (
        "final-tie-score-subtract",
        {"a": 2, "b": 2, "c": 2, "d": 2},
        3,
        (),
        [{"size": 2, "colours": ["a", "b", "c", "d"], "by": "bank-order"}],
    ),
]


@pytest.mark.parametrize(
    ("data", "frame", "prefer", "ties"), [t[1:] for t in TIES], ids=[t[0] for t in TIES]
)
def test_ties(
    data: object, frame: int, prefer: tuple[str, ...], ties: list[dict[str, Any]]
) -> None:
    s = score_bank("P", bank(data), "advanced", frame, prefer)
    got = [{k: render.tie_json(t)[k] for k in ("size", "colours", "by")} for t in s.ties]
    assert got == ties


def test_prefer_changes_what_is_saved_not_the_points() -> None:
    plain = score_bank("Brian", bank(BRIAN), "advanced", 1)
    chosen = score_bank("Brian", bank(BRIAN), "advanced", 1, ("purple",))
    assert plain.points == chosen.points == 10
    assert counts(chosen.scored) == {"blue": 4, "yellow": 4, "purple": 3}
    assert counts(chosen.saved) == {"green": 3, "silver": 2, "red": 2}
    assert chosen.ties[0].places == ("scored", "saved")


def test_bank_order_breaks_ties() -> None:
    reordered = {"purple": 3, "green": 3, "blue": 4, "yellow": 4}
    assert [p.colour for p in order_piles(bank(reordered))] == ["blue", "yellow", "purple", "green"]


def test_prefer_never_lifts_a_smaller_pile() -> None:
    s = score_bank("Brian", bank(BRIAN), "advanced", 1, ("orange",))
    assert counts(s.subtracted) == {"orange": 1}
    assert s.ties[0].chosen is False  # the green/purple tie was not the player's choice


def test_numbers_total_of_scored_cards() -> None:
    jess = bank(["red-1", "red-4", "blue-5", "green-2", "gold-9"])
    s = score_bank("J", jess, "advanced", 3)
    # red 2 cards (1+4) scores first; then blue, green, gold each 1: blue and green score.
    assert s.numbers == 1 + 4 + 5 + 2
    assert score_bank("B", bank(BRIAN), "advanced", 3).numbers is None


# ------------------------------------------------------------------- file and options

SHEET = {"mode": "advanced", "frame": 2, "players": {"A": ["red-1"], "B": {"blue": 2}}}


def test_frame_sheet() -> None:
    s = formats.read_frame_sheet(SHEET)
    assert (s.mode, s.frame, s.players()) == ("advanced", 2, ("A", "B"))


BAD_SHEETS = [
    ("unknown-key", {**SHEET, "player": {}}, "unknown key 'player'"),
    ("unknown-mode", {**SHEET, "mode": "expert"}, "mode: unknown mode 'expert'"),
    ("frame-0", {**SHEET, "frame": 0}, "frame: frame 0 does not exist"),
    ("frame-4", {**SHEET, "frame": 4}, "frame: frame 4 does not exist"),
    ("frame-true", {**SHEET, "frame": True}, "frame True does not exist"),
    ("no-players", {"mode": "basic"}, "'players' is missing"),
    ("players-list", {"players": ["A", "B"]}, "expected a mapping of player: bank"),
    ("player-without-bank", {"players": {"A": None}}, "players.A: no bank"),
    ("player-name-number", {"players": {7: []}}, "key 7 is not a name"),
    ("player-name-spaces", {"players": {" A": []}}, "players: player name ' A'"),
    ("other-game", {**SHEET, "game": "blind-spot"}, "game: expected out-of-sight"),
]


@pytest.mark.parametrize(
    ("data", "fragment"), [b[1:] for b in BAD_SHEETS], ids=[b[0] for b in BAD_SHEETS]
)
def test_bad_sheet(data: dict[str, Any], fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        formats.read_frame_sheet(data)


@pytest.mark.parametrize(
    ("value", "mode"), [("basic", "basic"), ("Advanced", "advanced")], ids=["basic", "advanced"]
)
def test_parse_mode(value: str, mode: str) -> None:
    assert parse_mode(value) == mode


@pytest.mark.parametrize(
    ("value", "frame"), [(1, 1), (3, 3), ("final", 3)], ids=["one", "three", "final"]
)
def test_parse_frame(value: object, frame: int) -> None:
    assert parse_frame(value) == frame


PREFER = [
    ("one", ["Brian=purple"], {"Brian": ("purple",)}),
    ("two-players", ["A=red,Blue", "B=green"], {"A": ("red", "blue"), "B": ("green",)}),
]


@pytest.mark.parametrize(("values", "parsed"), [p[1:] for p in PREFER], ids=[p[0] for p in PREFER])
def test_parse_prefer(values: list[str], parsed: dict[str, tuple[str, ...]]) -> None:
    assert parse_prefer(values) == parsed


BAD_PREFER = [
    ("no-equals", ["Brian"], "PLAYER=colour"),
    ("no-colours", ["Brian="], "PLAYER=colour"),
    ("twice", ["B=red", "B=blue"], "given twice"),
    ("colour-twice", ["B=red,red"], "colour twice"),
    ("bad-colour", ["B=re d"], "not a colour"),
]


@pytest.mark.parametrize(
    ("values", "fragment"), [b[1:] for b in BAD_PREFER], ids=[b[0] for b in BAD_PREFER]
)
def test_bad_prefer(values: list[str], fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        parse_prefer(values)


@pytest.mark.parametrize(
    ("prefer", "fragment"),
    [({"Nobody": ("red",)}, "no player 'Nobody'"), ({"Brian": ("pink",)}, "no 'pink' cards")],
    ids=["unknown-player", "colour-not-held"],
)
def test_prefer_must_fit_the_banks(prefer: dict[str, tuple[str, ...]], fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        score_frame((("Brian", bank(BRIAN)),), "advanced", 1, prefer)


def test_more_than_nine_colours_warns() -> None:
    nine = dict.fromkeys(("a", "b", "c", "d", "e", "f", "g", "h", "i"), 1)
    assert score_frame((("P", bank(nine)),), "advanced", 1).warnings == ()
    ten = score_frame((("P", bank(nine)), ("Q", bank({"j": 1}))), "advanced", 1)
    assert len(ten.warnings) == 1
    assert "10 different colours" in ten.warnings[0]


# ---------------------------------------------------------------------------- takes

ROLLS = [
    ("five-four-two", "5,4,2", (5, 4, 2)),
    ("spaces", " 6 , 6,1 ", (6, 6, 1)),
]


@pytest.mark.parametrize(("text", "dice"), [r[1:] for r in ROLLS], ids=[r[0] for r in ROLLS])
def test_roll(text: str, dice: tuple[int, ...]) -> None:
    assert Roll.from_text(text).dice == dice


BAD_ROLLS = [
    ("die-7", "7,4,2", "from 1 to 6, got 7"),
    ("die-0", "5,0,2", "from 1 to 6, got 0"),
    ("two-dice", "5,4", "2 dice"),
    ("four-dice", "5,4,2,1", "4 dice"),
    ("one-die", "5", "1 die"),
    ("word", "five,4,2", "got 'five'"),
    ("empty", "", "got ''"),
    ("negative", "-1,4,2", "got -1"),
    ("5000-digits", "5,4," + "2" * 5000, "got '2222222...22222222'"),
]


@pytest.mark.parametrize(
    ("text", "fragment"), [b[1:] for b in BAD_ROLLS], ids=[b[0] for b in BAD_ROLLS]
)
def test_bad_roll(text: str, fragment: str) -> None:
    with pytest.raises(InputError, match=f"^roll: .*{fragment}"):
        Roll.from_text(text)


BAD_CARD_LISTS = [
    ("zero", "0", "got 0"),
    ("nineteen", "9,19", "got 19"),
    ("word", "nine", "got 'nine'"),
    ("empty-item", "9,,2", "got ''"),
    ("5000-digits", "9" * 5000, "got '9999999...99999999'"),
]


@pytest.mark.parametrize(
    ("text", "fragment"), [b[1:] for b in BAD_CARD_LISTS], ids=[b[0] for b in BAD_CARD_LISTS]
)
def test_bad_card_list(text: str, fragment: str) -> None:
    with pytest.raises(
        InputError, match=f"^cards: expected a whole number from 1 to 18, {fragment}$"
    ):
        parse_cards(text, "cards")


def test_row_has_at_most_five_cards() -> None:
    assert parse_cards("1,2,3,4,5", "row", limit=5) == (1, 2, 3, 4, 5)
    with pytest.raises(InputError, match=r"^row: 6 cards"):
        parse_cards("1,2,3,4,5,6", "row", limit=5)


TAKES: list[
    tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...] | None, Any, str | None]
] = [
    # id, roll, cards, row, doubles, reason (None: legal)
    ("in-row", (5, 4, 2), (9, 2), (3, 9, 11, 2, 7), None, None),
    ("not-in-row", (5, 4, 2), (9, 2), (3, 9, 11, 7), None, "card-not-in-row"),
    ("twice-not-in-row", (1, 1, 2), (2, 2), (2, 9), None, "card-not-in-row"),
    ("same-number-twice", (1, 1, 2), (2, 2), (2, 2), None, None),
    ("eighteen", (6, 6, 6), (18,), None, None, None),
    ("sixteen-too-much", (6, 6, 3), (16,), None, None, "no-combination"),
    ("doubles-flip-third-die", (3, 3, 2), (2,), None, "flip", None),
    ("doubles-dice-used", (3, 3, 2), (3,), None, "flip", "no-combination"),
    ("doubles-pair-sum", (3, 3, 2), (6,), None, "wipe", "no-combination"),
    ("doubles-two-cards", (3, 3, 2), (2, 3), None, "flip", "too-many-cards"),
    ("doubles-triple", (4, 4, 4), (4,), None, "flip", None),
    ("no-doubles", (5, 4, 2), (2,), None, "flip", "no-doubles"),
    ("doubles-no-cards", (1, 1, 6), (), None, "wipe", None),
]


@pytest.mark.parametrize(
    ("dice", "cards", "row", "doubles", "reason"),
    [t[1:] for t in TAKES],
    ids=[t[0] for t in TAKES],
)
def test_check_take(
    dice: tuple[int, ...],
    cards: tuple[int, ...],
    row: tuple[int, ...] | None,
    doubles: Any,
    reason: str | None,
) -> None:
    v = check_take(Roll(dice), cards, row, doubles)
    assert v.reason == reason
    assert v.valid is (reason is None)
    if v.valid:
        used = [i for t in v.takes for i in t.slots]
        assert len(used) == len(set(used))
        assert not set(used) & set(v.doubles_slots)
        assert [t.card for t in v.takes] == list(cards)
        assert all(sum(t.dice(v.roll)) == t.card for t in v.takes)


def test_take_json_shape() -> None:
    v = check_take(ROLL_542, (9, 2))
    data = render.take_json(v)
    assert {k: data[k] for k in ("valid", "roll", "takes", "reason")} == {
        "valid": True,
        "roll": [5, 4, 2],
        "takes": [{"card": 9, "dice": [5, 4]}, {"card": 2, "dice": [2]}],
        "reason": None,
    }


def test_doubles_in_json() -> None:
    data = render.take_json(check_take(Roll((3, 2, 3)), (2,), doubles="flip"))
    assert data["doubles"] == {"call": "flip", "dice": [3, 3]}
    assert data["takes"] == [{"card": 2, "dice": [2]}]


BEST: list[tuple[str, tuple[int, ...], tuple[int, ...], Any, list[tuple[int, tuple[int, ...]]]]] = [
    ("issue-row", (5, 4, 2), (3, 9, 11, 2, 7), None, [(9, (5, 4)), (2, (2,))]),
    ("three-singles", (5, 4, 2), (5, 4, 2, 9, 11), None, [(5, (5,)), (4, (4,)), (2, (2,))]),
    ("higher-total-wins", (5, 4, 2), (5, 4, 6, 1, 3), None, [(5, (5,)), (6, (4, 2))]),
    ("groups-in-roll-order", (5, 4, 2), (7, 4, 6, 1, 3), None, [(7, (5, 2)), (4, (4,))]),
    ("one-big", (6, 6, 6), (18, 1, 2), None, [(18, (6, 6, 6))]),
    ("nothing", (1, 1, 1), (9, 10), None, []),
    ("with-doubles", (3, 3, 5), (5, 6, 3), "flip", [(5, (5,))]),
    ("doubles-nothing-left", (3, 3, 5), (6, 3), "wipe", []),
]


@pytest.mark.parametrize(
    ("dice", "row", "doubles", "takes"), [b[1:] for b in BEST], ids=[b[0] for b in BEST]
)
def test_best_take(
    dice: tuple[int, ...], row: tuple[int, ...], doubles: Any, takes: list[Any]
) -> None:
    v = best_take(Roll(dice), row, doubles)
    assert [(t.card, t.dice(v.roll)) for t in v.takes] == takes
    assert v.valid is bool(takes)
    assert v.reason == (None if takes else "nothing-to-take")


def test_best_take_without_doubles_pair() -> None:
    v = best_take(ROLL_542, (5,), "flip")
    assert (v.valid, v.reason) == (False, "no-doubles")


def test_reprs_round_trip() -> None:
    v = check_take(ROLL_542, (9, 2), (9, 2, 3))
    assert eval(repr(v)) == v  # the reprs are plain constructor calls
    assert eval(repr(Take(9, (0, 1)))) == Take(9, (0, 1))
    assert isinstance(v, TakeVerdict)
    s = score_bank("Brian", bank(BRIAN), "advanced", 1)
    assert eval(repr(s), {"PlayerScore": PlayerScore, "Pile": Pile, "Card": Card, "Tie": Tie}) == s


# ----------------------------------------------------------------------------- game

Banks = tuple[tuple[str, Bank], ...]


def brian_jessica(mode: Any = "advanced") -> Setup:
    return Setup.of(["Brian", "Jessica"], mode)


def record(setup: Setup, state: State, banks: Banks, prefer: Any = ()) -> State:
    after = play_frame(setup, state, FrameAction(state.next_frame, banks, tuple(prefer)))
    assert isinstance(after, State), after
    return after


def refusal(setup: Setup, state: State, banks: Banks, frame: int | None = None) -> Refusal:
    after = play_frame(setup, state, FrameAction(frame or state.next_frame, banks))
    assert isinstance(after, Refusal), after
    return after


FIRST: Banks = (("Brian", bank(BRIAN)), ("Jessica", bank(JESSICA)))
EMPTY: Banks = (("Brian", Bank()), ("Jessica", Bank()))


def test_game_records_frames_and_totals() -> None:
    setup = brian_jessica()
    g = record(setup, State(), FIRST)
    assert g.totals(setup) == {"Brian": 10, "Jessica": 12}
    assert (g.next_frame, g.finished, g.result(setup)) == (2, False, None)


def test_game_refuses_a_bank_without_the_saved_cards() -> None:
    setup = brian_jessica()
    g = record(setup, State(), FIRST)
    short = {"purple": 2, "silver": 2, "red": 2, "blue": 5}
    assert refusal(setup, g, (("Brian", bank(short)), ("Jessica", bank(JESSICA)))) == Refusal(
        "saved-cards-missing", "Brian's bank lacks cards saved in frame 1: purple 1"
    )


@pytest.mark.parametrize(
    ("banks", "reason", "detail"),
    [
        ((("Brian", Bank()),), "no-bank", "Jessica has no bank"),
        (
            (("Brian", Bank()), ("Jessica", Bank()), ("Eve", Bank())),
            "not-a-player",
            "'Eve' is not in this game (players: Brian, Jessica)",
        ),
    ],
    ids=["missing-player", "extra-player"],
)
def test_game_needs_every_player_and_no_one_else(banks: Banks, reason: str, detail: str) -> None:
    assert refusal(brian_jessica(), State(), banks) == Refusal(reason, detail)


def test_game_frame_number_and_mode_must_fit() -> None:
    setup = brian_jessica()
    assert refusal(setup, State(), EMPTY, frame=2) == Refusal(
        "wrong-frame", "this is frame 2, but the game is at frame 1"
    )
    assert propose_frame(setup, State(), EMPTY, {}, mode="basic") == Refusal(
        "wrong-mode", "this frame is basic, but the game is advanced"
    )
    assert propose_frame(setup, State(), EMPTY, {}, mode="advanced") == FrameAction(1, EMPTY)


def test_game_preferences_must_fit_the_banks() -> None:
    after = play_frame(brian_jessica(), State(), FrameAction(1, EMPTY, (("Brian", ("red",)),)))
    assert after == Refusal("bad-prefer", "Brian has no 'red' cards in this frame")


def test_game_over_after_three_frames() -> None:
    setup = brian_jessica("basic")
    g = record(setup, record(setup, record(setup, State(), EMPTY), EMPTY), EMPTY)
    assert g.finished
    assert refusal(setup, g, EMPTY, frame=3).reason == "game-over"


@pytest.mark.parametrize(
    ("players", "fragment"),
    [
        (["Brian"], "^players: Out of Sight needs 2 to 12 players, got 1$"),
        ([str(n) for n in range(13)], "2 to 12 players, got 13"),
        (["A", "A"], "^players: 'A' is named twice$"),
        (["A", ""], "player name"),
        (["A", "B" * 31], "longer than 30"),
    ],
    ids=["one-player", "thirteen-players", "duplicate", "empty-name", "long-name"],
)
def test_bad_new_game(players: list[str], fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        Setup.of(players, "basic")


WINNERS: list[tuple[str, Any, Any, tuple[str, ...], str]] = [
    # id, Brian's final bank, Jessica's final bank (frames 1 and 2 empty), winners, verdict
    ("most-points", {"red": 3}, {"red": 2}, ("Brian",), "Winner: Brian with 3 points."),
    (
        "tie-higher-numbers",
        ["red-9", "red-9"],
        ["red-9", "red-8"],
        ("Brian",),
        "Brian and Jessica tie on 2 points; the numbers on their scored cards in the final "
        "frame decide: Brian 18, Jessica 17. Winner: Brian.",
    ),
    (
        "tie-still-tied",
        ["red-9", "red-8"],
        ["blue-8", "blue-9"],
        ("Brian", "Jessica"),
        "Brian and Jessica tie on 2 points; the numbers on their scored cards in the final "
        "frame decide: Brian 17, Jessica 17. Still tied: Brian and Jessica both win.",
    ),
    (
        "tie-numbers-unknown",
        {"red": 2},
        ["red-1", "red-2"],
        ("Brian", "Jessica"),
        "Brian and Jessica tie on 2 points; the numbers on the final frame's scored cards would "
        "decide, but Brian has cards without numbers. Winners: Brian and Jessica.",
    ),
]


@pytest.mark.parametrize(
    ("brian", "jessica", "winners", "sentence"),
    [w[1:] for w in WINNERS],
    ids=[w[0] for w in WINNERS],
)
def test_winner(brian: Any, jessica: Any, winners: tuple[str, ...], sentence: str) -> None:
    setup = brian_jessica("basic")
    g = record(setup, record(setup, State(), EMPTY), EMPTY)
    g = record(setup, g, (("Brian", bank(brian)), ("Jessica", bank(jessica))))
    result = g.result(setup)
    assert result is not None
    assert result.winners == winners
    assert render.result_sentence(result) == sentence


def test_three_tied_all_win() -> None:
    setup = Setup.of(["A", "B", "C"], "basic")
    same = tuple((n, bank(["red-5"])) for n in ("A", "B", "C"))
    result = record(setup, record(setup, record(setup, State(), same), same), same).result(setup)
    assert result is not None
    assert result.winners == ("A", "B", "C")
    assert render.result_sentence(result).endswith("Still tied: A, B and C all win.")


def test_game_round_trips_through_its_file() -> None:
    setup = brian_jessica()
    action = FrameAction(1, FIRST, (("Brian", ("purple",)),))
    log = engine.Log(setup, (action, GAME.undo(), action))
    again = engine.parse(GAME, parse_document(engine.text(GAME, log), "game.yaml"))
    assert again == log
    replayed = engine.replay(GAME, again)
    assert (replayed.version, replayed.in_force) == (3, (2,))
    assert replayed.state.frames[0].score.player("Brian").ties[0].chosen


def test_game_file_history_is_rechecked() -> None:
    setup = brian_jessica()
    second = FrameAction(2, (("Brian", bank({"red": 1})), ("Jessica", bank(JESSICA))))
    log: engine.Log[Setup, Action] = engine.Log(setup, (FrameAction(1, FIRST), second))
    with pytest.raises(
        InputError,
        match=r"^history\[1\]: impossible action \(saved-cards-missing: "
        r"Brian's bank lacks cards saved in frame 1: purple 3, silver 2, red 1\)$",
    ):
        engine.replay(GAME, log)


@pytest.mark.parametrize(
    ("tie", "sentence"),
    [
        (
            Tie(1, ("blue", "yellow"), ("saved", "subtracted"), False),
            "tie: blue and yellow have 1 card each; blue saved, yellow subtracted "
            "(in the order of the bank)",
        ),
        (
            Tie(3, ("purple", "green"), ("scored", "saved"), True),
            "tie: purple and green have 3 cards each; purple scored, green saved (as preferred)",
        ),
    ],
    ids=["one-card", "preferred"],
)
def test_tie_sentence(tie: Tie, sentence: str) -> None:
    assert render.tie_sentence(tie) == sentence
