"""Unit tests of Blind Spot games at the pure level: GameSetup, step, and
replay through the engine (referee.engine) with Blind Spot's file format.

The spec is issue 7 and the Blind Spot Rulebook: Play,
Farsighted Bonus, Glasses, Team Game, Solo Play, Solo Scoring. Dictionaries are
plain sets (no enchant). The board is setups/sample.yaml, copied inline (helpers.py); its
words: PET at G1 (reads west), TALE at E4 (north), WELT at C4 (east, across
E4), PLANET at E8 (the farsighted bonus), SEAS at D1, CAT at H5 (diagonal),
ACTION at D6 (west, a bonus), KOI at C2.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Container, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import SAMPLE_LETTERS
from referee import engine
from referee.blindspot.game import (
    BLIND_SPOT,
    UNDO,
    Action,
    ActionKind,
    GameSetup,
    GameState,
    Mode,
    Outcome,
    solo_band,
    step,
)
from referee.blindspot.rules import (
    SIZE,
    SPOTS_PER_COLOUR,
    board_from_letters,
    check_word,
    legal_plays,
)
from referee.core.cells import Cell
from referee.core.errors import InputError
from referee.core.files import parse_document, reading

SAMPLE = board_from_letters(SAMPLE_LETTERS)
# No word of WORDS (or any word at all) reads on this board.
NO_WORDS = board_from_letters(["qxzqxzqxz", "xzqxzqxzq", "zqxzqxzqx"] * 3)
# Every line reads a, aa, aaa, ...: with a dictionary of a-strings every vacant
# cell with a visible letter on both sides of it is a play.
ALL_A = board_from_letters(["a" * SIZE] * SIZE)

WORDS: frozenset[str] = frozenset(
    {
        "pet",
        "tale",
        "welt",
        "planet",
        "seas",
        "cat",
        "action",
        "koi",
        "sea",
        "tea",
        "eat",
        "east",
        "seat",
    }
)
A_WORDS: frozenset[str] = frozenset({"aaa", "aaaa", "aaaaa"})


def replay(
    setup: GameSetup, actions: Sequence[Action] = (), source: str = "game.yaml"
) -> GameState:
    """The state after ``actions`` as the engine replays a game file (an undo
    takes back the action before; an impossible action is an InputError)."""
    with reading(source):
        return engine.replay(BLIND_SPOT, engine.Log(setup, tuple(actions))).state


def mode_of(teams: bool, solo: bool) -> Mode:
    return "solo" if solo else "teams" if teams else "standard"


def cell(name: str) -> Cell:
    return Cell.from_name(name, SIZE, SIZE)


def play(player: str, at: str, word: str) -> Action:
    return Action("play", player, cell(at), word)


def bonus(player: str, at: str) -> Action:
    return Action("bonus", player, cell(at))


def skip(player: str) -> Action:
    return Action("skip-bonus", player)


def timeout(player: str, *, forced: bool = False) -> Action:
    return Action("timeout", player, forced=forced)


def accept(
    setup: GameSetup,
    state: GameState,
    actions: Sequence[Action],
    words: Container[str] = WORDS,
) -> GameState:
    """Apply actions that must all be accepted."""
    for action in actions:
        outcome, state = step(setup, state, action, words, words)
        assert outcome.ok, (action, outcome)
    return state


def refuse(
    setup: GameSetup, state: GameState, action: Action, words: Container[str] = WORDS
) -> Outcome:
    """Apply an action that must be refused; the state must be returned unchanged."""
    outcome, after = step(setup, state, action, words, words)
    assert not outcome.ok
    assert after is state
    return outcome


def two_player() -> GameSetup:
    return GameSetup.create(SAMPLE, ["red", "blue"])


def cells(state: GameState) -> dict[str, list[str]]:
    return {colour: [c.name for c in placed] for colour, placed in state.spots.items()}


# ----------------------------------------------------------------------- setup


@pytest.mark.parametrize(
    ("players", "teams", "solo", "seats", "mode", "colours", "supply"),
    [
        (["red", "blue"], False, False, ("red", "blue"), "standard", ("red", "yellow"), 40),
        (["blue", "red"], False, False, ("blue", "red"), "standard", ("blue", "green"), 40),
        (["green", "yellow"], False, False, ("green", "yellow"), "standard", ("blue", "green"), 40),
        (
            ["red", "blue", "yellow"],
            False,
            False,
            ("red", "blue", "yellow"),
            "standard",
            ("red",),
            20,
        ),
        (
            ["red", "blue", "yellow", "green"],
            True,
            False,
            ("red", "blue", "yellow", "green"),
            "teams",
            ("red",),
            20,
        ),
        ([], False, True, ("blue", "red"), "solo", ("blue", "green"), 40),
        (["blue", "red"], False, True, ("blue", "red"), "solo", ("blue", "green"), 40),
    ],
    ids=[
        "two-players-red-first",
        "two-players-blue-first",
        "two-players-by-second-colours",
        "three-players",
        "teams",
        "solo",
        "solo-players-given-in-order",
    ],
)
def test_create_seats_and_supply(
    players: list[str],
    teams: bool,
    solo: bool,
    seats: tuple[str, ...],
    mode: str,
    colours: tuple[str, ...],
    supply: int,
) -> None:
    setup = GameSetup.create(SAMPLE, players, mode_of(teams, solo))
    assert setup.players == seats
    assert setup.mode == mode
    assert setup.colours_of(seats[0]) == colours
    assert setup.supply == supply


@pytest.mark.parametrize(
    ("players", "teams", "solo", "message"),
    [
        (["red", "yellow"], False, False, "red and yellow are the same side"),
        (["green", "blue"], False, False, "green and blue are the same side"),
        (["red", "blue", "yellow"], True, False, "a team game needs all four colours"),
        (["red", "blue"], True, False, "a team game needs all four colours"),
        (
            ["red", "yellow", "blue", "green"],
            True,
            False,
            "the members of each team sit alternately with the other team: "
            "red and yellow are teammates seated side by side",
        ),
        (["blue", "red", "yellow", "green"], True, False, "red and yellow are teammates"),
        (["green", "blue", "red", "yellow"], True, False, "green and blue are teammates"),
        (["red", "purple"], False, False, "unknown colour 'purple'"),
        (["red", "red"], False, False, "a colour is listed twice"),
        (["red"], False, False, "2 to 4 players, got 1"),
        (["red", "blue"], False, True, "solo play is blue and red, blue first"),
    ],
    ids=[
        "same-side-red-yellow",
        "same-side-green-blue",
        "teams-with-three",
        "teams-with-two",
        "teams-seated-red-yellow-blue-green",
        "teams-seated-blue-red-yellow-green",
        "teams-seated-green-blue-red-yellow",
        "unknown-colour",
        "colour-twice",
        "one-player",
        "solo-red-first",
    ],
)
def test_create_refuses_impossible_tables(
    players: list[str], teams: bool, solo: bool, message: str
) -> None:
    with pytest.raises(InputError) as info:
        GameSetup.create(SAMPLE, players, mode_of(teams, solo))
    assert message in info.value.message
    assert info.value.place == "players"


@pytest.mark.parametrize(
    "players",
    [
        ["red", "blue", "yellow", "green"],
        ["blue", "red", "green", "yellow"],
        ["yellow", "green", "red", "blue"],
        ["green", "yellow", "blue", "red"],
    ],
    ids=lambda p: ",".join(p),
)
def test_team_seats_alternate(players: list[str]) -> None:
    """The rulebook: "The members of each team sit alternately with the other team."."""
    setup = GameSetup.create(SAMPLE, players, "teams")
    assert (setup.players, setup.mode, setup.teams) == (
        tuple(players),
        "teams",
        (("red", "yellow"), ("blue", "green")),
    )


# -------------------------------------------------------- the two-player game


def test_scripted_two_player_game_to_its_end() -> None:
    setup = two_player()
    state = replay(setup, ())
    assert state.turn == "red"
    state = accept(setup, state, [play("red", "G1", "pet"), play("blue", "E4", "tale")])
    assert state.turn == "red"

    # WELT reads across blue's spot at E4: refused, nothing changes.
    outcome = refuse(setup, state, play("red", "C4", "welt"))
    assert outcome.reason == "blocked"
    assert outcome.verdict is not None and outcome.verdict.reason == "blocked"

    # PLANET earns the farsighted bonus: red places one more spot before blue plays.
    outcome, state = step(setup, state, play("red", "E8", "planet"), WORDS, WORDS)
    assert outcome.ok and outcome.verdict is not None and outcome.verdict.bonus
    assert (state.turn, state.bonus_owed) == ("red", "red")
    assert refuse(setup, state, play("red", "D1", "seas")).reason == "bonus-owed"
    assert refuse(setup, state, play("blue", "D1", "seas")).reason == "not-your-turn"
    assert refuse(setup, state, bonus("red", "G1")).reason == "occupied"
    assert refuse(setup, state, bonus("blue", "A5")).reason == "not-your-turn"
    state = accept(setup, state, [bonus("red", "A5")])
    assert (state.turn, state.bonus_owed) == ("blue", None)

    # Blue fails to spot a word: the glasses tile opens diagonals, CAT at H5.
    assert refuse(setup, state, play("blue", "H5", "cat")).reason == "diagonal-needs-glasses"
    state = accept(setup, state, [timeout("blue"), play("red", "D1", "seas")])
    state = accept(setup, state, [play("blue", "H5", "cat"), timeout("red")])
    outcome, state = step(setup, state, play("blue", "D6", "action"), WORDS, WORDS)
    assert outcome.ok and state.bonus_owed == "blue"
    state = accept(setup, state, [skip("blue")])
    assert (state.turn, state.bonus_owed) == ("red", None)
    # Red's second glasses spot: red is out and blue, the last player spotting, wins.
    state = accept(setup, state, [timeout("red")])
    assert state.over
    final = replay(setup, state.actions)
    assert final == state
    assert final.to_dict(setup) == {
        "turn": None,
        "spots": {"red": ["G1", "E8", "A5", "D1"], "blue": ["E4", "H5", "D6"]},
        "glasses": {"red": 2, "blue": 1},
        "eliminated": ["red"],
        "bonus_owed": False,
        "winner": "blue",
        "solo_score": None,
        "solo_rating": None,
        "spots_left": {"red": 34, "blue": 36},
        "actions": 11,
    }
    assert refuse(setup, state, play("blue", "C2", "koi")).reason == "game-over"
    assert refuse(setup, state, timeout("blue")).reason == "game-over"


def test_play_by_the_wrong_seat_is_not_your_turn() -> None:
    setup = two_player()
    state = replay(setup, ())
    assert refuse(setup, state, play("blue", "G1", "pet")).reason == "not-your-turn"
    assert refuse(setup, state, timeout("blue")).reason == "not-your-turn"


@pytest.mark.parametrize("kind", ["bonus", "skip-bonus"], ids=["bonus", "skip-bonus"])
def test_bonus_when_none_is_owed_is_refused(kind: ActionKind) -> None:
    """The command line makes this exit 2 (the action makes no sense at all)."""
    setup = two_player()
    state = replay(setup, ())
    action = Action(kind, "red", cell("A5") if kind == "bonus" else None)
    assert refuse(setup, state, action).reason == "no-bonus-owed"


# ------------------------------------------------------------ turn order


def test_turn_order_is_the_players_order_and_skips_the_eliminated() -> None:
    setup = GameSetup.create(SAMPLE, ["blue", "yellow", "red"])
    state = replay(setup, ())
    turns = [state.turn]
    for action in [
        timeout("blue"),
        timeout("yellow"),
        play("red", "G1", "pet"),
        play("blue", "E4", "tale"),
        timeout("yellow"),  # yellow's second: out
    ]:
        state = accept(setup, state, [action])
        turns.append(state.turn)
    assert turns == ["blue", "yellow", "red", "blue", "yellow", "red"]
    assert state.eliminated == ("yellow",)
    assert not state.over and state.winner is None
    state = accept(setup, state, [play("red", "D1", "seas")])
    assert state.turn == "blue"
    state = accept(setup, state, [play("blue", "C2", "koi")])
    assert state.turn == "red"  # yellow is skipped
    assert refuse(setup, state, play("yellow", "E8", "planet")).reason == "not-your-turn"
    state = accept(setup, state, [timeout("red"), timeout("blue")])
    assert (state.over, state.turn, state.winner) == (True, None, "red")
    assert state.eliminated == ("yellow", "blue")


# ------------------------------------------------------------------ teams


def test_team_game_partner_glasses_teammate_spots_and_team_loss() -> None:
    setup = GameSetup.create(SAMPLE, ["red", "blue", "yellow", "green"], "teams")
    state = accept(setup, replay(setup, ()), [play("red", "E4", "tale")])
    # Blue cannot read across red's spot; yellow, red's teammate, can.
    assert refuse(setup, state, play("blue", "C4", "welt")).reason == "blocked"
    state = accept(setup, state, [play("blue", "G1", "pet")])
    assert refuse(setup, state, play("yellow", "H5", "cat")).reason == "diagonal-needs-glasses"
    state = accept(setup, state, [play("yellow", "C4", "welt"), timeout("green"), timeout("red")])
    state = accept(setup, state, [play("blue", "D1", "seas")])
    # Red's glasses spot lets yellow read diagonally.
    outcome, state = step(setup, state, play("yellow", "H5", "cat"), WORDS, WORDS)
    assert outcome.ok and outcome.verdict is not None and outcome.verdict.play is not None
    assert outcome.verdict.play.direction.diagonal
    # Green's second glasses spot: blue and green lose together.
    state = accept(setup, state, [timeout("green")])
    final = replay(setup, state.actions)
    assert final == state
    assert final.to_dict(setup) == {
        "turn": None,
        "spots": {"red": ["E4"], "blue": ["G1", "D1"], "yellow": ["C4", "H5"]},
        "glasses": {"red": 1, "blue": 0, "yellow": 0, "green": 2},
        "eliminated": ["blue", "green"],
        "bonus_owed": False,
        "winner": ["red", "yellow"],
        "solo_score": None,
        "solo_rating": None,
        "spots_left": {"red": 18, "blue": 18, "yellow": 18, "green": 18},
        "actions": 8,
    }


# ------------------------------------------------------------------- solo


def test_solo_game_to_its_end_with_its_score() -> None:
    setup = GameSetup.create(SAMPLE, [], "solo")
    state = replay(setup, ())
    assert state.turn == "blue"
    # "You must play a word if you can": the proof is the first legal play.
    outcome = refuse(setup, state, timeout("blue"))
    assert outcome.reason == "must-play"
    expected = legal_plays(
        SAMPLE, WORDS, player="blue", position=state.position(setup), three_letter=WORDS
    )
    assert outcome.proof == expected[0]
    assert (outcome.proof.word, outcome.proof.at.name) == ("action", "D6")
    state = accept(setup, state, [timeout("blue", forced=True)])
    assert refuse(setup, state, timeout("red")).reason == "must-play"
    state = accept(setup, state, [timeout("red", forced=True), play("blue", "G1", "pet")])
    state = accept(setup, state, [timeout("red", forced=True)])
    # Red is out, but its turn still comes: it adds a glasses spot each time.
    assert (state.eliminated, state.turn, state.over) == (("red",), "blue", False)
    state = accept(setup, state, [play("blue", "E4", "tale")])
    assert state.turn == "red"
    assert refuse(setup, state, play("red", "D1", "seas")).reason == "eliminated"
    state = accept(setup, state, [timeout("red"), play("blue", "D1", "seas"), timeout("red")])
    assert state.glasses["red"] == 4 and not state.over
    # The game ends with blue's second glasses spot; the score is red's glasses spots.
    state = accept(setup, state, [timeout("blue", forced=True)])
    final = replay(setup, state.actions)
    assert final == state
    assert final.to_dict(setup) == {
        "turn": None,
        "spots": {"blue": ["G1", "E4", "D1"]},
        "glasses": {"blue": 2, "red": 4},
        "eliminated": ["red", "blue"],
        "bonus_owed": False,
        "winner": None,
        "solo_score": 4,
        "solo_rating": "Slightly blurry...",
        "spots_left": {"blue": 35, "red": 36},
        "actions": 9,
    }
    assert refuse(setup, state, timeout("red")).reason == "game-over"


def test_solo_timeout_without_a_word_needs_no_force() -> None:
    setup = GameSetup.create(NO_WORDS, [], "solo")
    state = accept(setup, replay(setup, ()), [timeout("blue"), timeout("red"), timeout("blue")])
    assert (state.over, state.solo_score(setup), state.glasses) == (
        True,
        1,
        {"blue": 2, "red": 1},
    )


@pytest.mark.parametrize(
    ("score", "band"),
    [
        (0, "Get those eyes checked!"),
        (3, "Get those eyes checked!"),
        (4, "Slightly blurry..."),
        (9, "Slightly blurry..."),
        (10, "Seeing clearly"),
        (15, "Seeing clearly"),
        (16, "20/20 vision!"),
        (40, "20/20 vision!"),
    ],
    ids=["0", "3", "4", "9", "10", "15", "16", "40"],
)
def test_solo_band_boundaries(score: int, band: str) -> None:
    assert solo_band(score) == band


# ------------------------------------------------------------- spot supply


def _fill_all_a() -> tuple[GameSetup, GameState, list[tuple[GameState, Action]]]:
    """Red plays 5-letter words (bonus each time) in rows 1-5, blue 3-letter words
    in rows 9-6, until red has placed 40 spots. Returns every (state before, action)."""
    setup = GameSetup.create(ALL_A, ["red", "blue"])
    state = replay(setup, ())
    red = [Cell(row=r, col=c) for r in range(5) for c in range(SIZE)]
    blue = [Cell(row=r, col=c) for r in range(8, 4, -1) for c in range(SIZE)]
    history: list[tuple[GameState, Action]] = []

    def do(action: Action) -> bool:
        nonlocal state
        outcome, new = step(setup, state, action, A_WORDS, A_WORDS)
        if outcome.ok:
            history.append((state, action))
            state = new
        return outcome.ok

    def playable(seat: str, at: Cell, word: str) -> bool:
        return step(setup, state, Action("play", seat, at, word), A_WORDS, A_WORDS)[0].ok

    while state.used["red"] < 2 * SPOTS_PER_COLOUR:
        seat = state.turn
        assert seat is not None
        region, words = (red, ("aaaaa", "aaaa", "aaa")) if seat == "red" else (blue, ("aaa",))
        assert any(do(Action("play", seat, c, w)) for w in words for c in region), state.used
        if state.bonus_owed == "red":
            free = [c for c in red if c not in state.covered()]
            dead = [c for c in free if not playable("red", c, "aaa")]
            assert do(Action("bonus", "red", (dead or free[::-1])[0]))
        elif state.bonus_owed == "blue":
            assert do(Action("skip-bonus", "blue"))
    # Red's last spot went down on a play without bonus: blue plays, and it is red's turn.
    assert state.turn == "blue"
    assert any(do(Action("play", "blue", c, "aaa")) for c in blue)
    assert state.turn == "red"
    return setup, state, history


def test_spot_supply_twenty_per_colour_forty_per_player() -> None:
    setup, state, history = _fill_all_a()
    red_cells = [a.at for _, a in history if a.player == "red" and a.at is not None]
    assert history[-1][1].player == "blue"
    assert len(red_cells) == 40
    # The first 20 are red, then the player goes on with yellow.
    assert state.spots["red"] == tuple(red_cells[:20])
    assert state.spots["yellow"] == tuple(red_cells[20:])
    # spots_left counted down along the way: 40 - spots placed.
    for before, action in history:
        if action.player == "red" and action.kind in ("play", "bonus"):
            assert before.to_dict(setup)["spots_left"]["red"] == 40 - before.used["red"]
    assert state.to_dict(setup)["spots_left"]["red"] == 0
    blue_placed = len(state.spots["blue"]) + len(state.spots.get("green", ()))
    assert state.to_dict(setup)["spots_left"]["blue"] == 40 - blue_placed
    # Red has run out: a legal play is refused.
    legal = [
        c
        for c in setup.board.cells()
        if check_word(
            ALL_A,
            "aaa",
            c,
            A_WORDS,
            player="red",
            position=state.position(setup),
            three_letter=A_WORDS,
        ).valid
    ]
    assert legal, "the scenario leaves red a legal play"
    outcome = refuse(setup, state, Action("play", "red", legal[0], "aaa"), A_WORDS)
    assert outcome.reason == "no-spots-left"


def test_timeout_with_no_spots_left_still_counts_on_the_glasses_tile() -> None:
    """Out of spots, a player cannot play but still fails to spot a word: the
    glasses-tile penalty is recorded (the game never gets stuck) and the supply
    stays at 0, never below."""
    setup, state, _ = _fill_all_a()
    outcome, after = step(setup, state, timeout("red"), A_WORDS, A_WORDS)
    assert (outcome.ok, outcome.reason) == (True, None)
    assert after.glasses["red"] == state.glasses["red"] + 1
    assert after.to_dict(setup)["spots_left"]["red"] == 0


def test_three_players_have_twenty_spots_each() -> None:
    setup = GameSetup.create(SAMPLE, ["red", "blue", "yellow"])
    state = accept(setup, replay(setup, ()), [play("red", "G1", "pet"), timeout("blue")])
    assert state.to_dict(setup)["spots_left"] == {"red": 19, "blue": 19, "yellow": 20}


# ------------------------------------------------------------------ replay


def test_undo_takes_back_the_last_effective_action() -> None:
    setup = two_player()
    base = [play("red", "G1", "pet"), play("blue", "E4", "tale"), play("red", "E8", "planet")]
    undo = Action("undo")
    assert replay(setup, [*base, undo]) == replay(setup, base[:2])
    assert replay(setup, [*base, undo, undo]) == replay(setup, base[:1])


@pytest.mark.parametrize(
    ("actions", "index", "fragment"),
    [
        ([play("red", "G1", "pet"), play("blue", "G1", "pet")], 1, "occupied"),
        ([Action("undo"), play("red", "G1", "pet")], 0, "undo with nothing to undo"),
        (
            [timeout("red"), timeout("blue"), timeout("red"), play("red", "G1", "pet")],
            3,
            "game-over",
        ),
        ([play("red", "G1", "pet"), bonus("blue", "A5")], 1, "no-bonus-owed: bonus blue A5"),
        ([play("red", "G1", "pet"), Action("undo"), Action("undo")], 2, "nothing to undo"),
        ([play("red", "C4", "welt")], 0, "not-found"),
        ([play("blue", "G1", "pet")], 0, "not-your-turn"),
    ],
    ids=[
        "two-spots-one-cell",
        "undo-first",
        "play-after-elimination",
        "bonus-not-owed",
        "undo-past-the-start",
        "play-not-on-the-board",
        "wrong-seat",
    ],
)
def test_replay_names_the_first_impossible_action(
    actions: list[Action], index: int, fragment: str
) -> None:
    with pytest.raises(InputError) as info:
        replay(two_player(), actions, "game.yaml")
    message = info.value.message
    assert message.startswith(f"game.yaml: history[{index}]: ")
    assert "impossible" in message or "nothing to undo" in message
    assert fragment in message


def test_replay_trusts_recorded_words_but_checks_the_board() -> None:
    # Any letters on the board replay (the word was judged when it was played) ...
    state = replay(two_player(), [play("red", "G1", "pet"), play("blue", "C2", "oie")])
    assert cells(state) == {"red": ["G1"], "blue": ["C2"]}
    # ... but not letters that are not there.
    with pytest.raises(InputError) as info:
        replay(two_player(), [play("red", "C2", "kmi")], "game.yaml")
    assert (
        info.value.message
        == "game.yaml: history[0]: impossible action (not-found: play red C2 KMI)"
    )


# ---------------------------------------------------------------- the file


Log = engine.Log[GameSetup, Action]


def _load_text(text: str) -> Log:
    """A game file's text read back as the engine reads it (from a real file)."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "game.yaml")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        return engine.load(BLIND_SPOT, path).log


def test_game_file_round_trips() -> None:
    setup = GameSetup.create(
        SAMPLE,
        [],
        "solo",
        dictionary="en_GB",
        allow="extra.txt",
        layout_source="setups/sample.yaml",
        layout_code="BS1-1A2A3A-4B5B6B-7A8A9A-6E",
    )
    actions = (
        timeout("blue", forced=True),
        play("red", "G1", "pet"),
        UNDO,
        play("red", "D1", "seas"),
    )
    log = engine.Log(setup, actions)
    text = engine.text(BLIND_SPOT, log)
    loaded = _load_text(text)
    assert loaded == log
    assert engine.text(BLIND_SPOT, loaded) == text
    assert engine.parse(BLIND_SPOT, parse_document(text, "g")) == log


# --------------------------------------------------------------- properties


def _setups() -> dict[str, GameSetup]:
    return {
        "two": GameSetup.create(SAMPLE, ["red", "blue"]),
        "three": GameSetup.create(SAMPLE, ["yellow", "red", "blue"]),
        "teams": GameSetup.create(SAMPLE, ["red", "blue", "yellow", "green"], "teams"),
        "solo": GameSetup.create(SAMPLE, [], "solo"),
    }


SETUPS = _setups()
KINDS = ("legal", "legal", "legal", "play", "bonus", "skip-bonus", "timeout", "undo")
MOVES = st.lists(
    st.tuples(
        st.sampled_from(KINDS),
        st.integers(0, SIZE * SIZE - 1),
        st.integers(0, 1000),
        st.booleans(),
    ),
    min_size=5,
    max_size=60,
)
WORD_LIST = sorted(WORDS)


def _move(
    setup: GameSetup, state: GameState, kind: str, where: int, pick: int, flag: bool
) -> Action | None:
    at = Cell(row=where // SIZE, col=where % SIZE)
    seat = state.turn or setup.players[0]
    if kind != "legal" and flag and kind != "timeout":
        seat = setup.players[pick % len(setup.players)]  # sometimes not the seat to act
    if kind == "legal":
        plays = legal_plays(
            setup.board,
            WORDS,
            player=setup.colours_of(seat)[0],
            position=state.position(setup),
            three_letter=WORDS,
        )
        if not plays:
            return None
        chosen = plays[pick % len(plays)]
        return Action("play", seat, chosen.at, chosen.word)
    if kind == "play":
        return Action("play", seat, at, WORD_LIST[pick % len(WORD_LIST)])
    if kind == "bonus":
        return Action("bonus", state.bonus_owed or seat, at)
    if kind == "skip-bonus":
        return Action("skip-bonus", state.bonus_owed or seat)
    return Action("timeout", seat, forced=flag)


@given(name=st.sampled_from(sorted(SETUPS)), moves=MOVES)
def test_replay_of_the_recorded_actions_is_the_stepped_state(
    name: str, moves: list[tuple[str, int, int, bool]]
) -> None:
    setup = SETUPS[name]
    states = [replay(setup, ())]
    recorded: list[Action] = []
    for kind, where, pick, flag in moves:
        state = states[-1]
        if kind == "undo":
            if len(states) > 1:  # the command refuses an undo with nothing to undo
                states.pop()
                recorded.append(Action("undo"))
            continue
        action = _move(setup, state, kind, where, pick, flag)
        if action is None:
            continue
        outcome, new = step(setup, state, action, WORDS, WORDS)
        if outcome.reason == "no-bonus-owed":
            assert state.bonus_owed is None and action.kind in ("bonus", "skip-bonus")
        if outcome.ok:
            states.append(new)
            recorded.append(action)
        else:
            assert new is state
    expected = states[-1]
    assert replay(setup, recorded) == expected
    # The file round-trips: text -> engine.load -> replay gives the same state.
    loaded = _load_text(engine.text(BLIND_SPOT, engine.Log(setup, tuple(recorded))))
    assert loaded.setup == setup
    assert loaded.history == tuple(recorded)
    assert replay(loaded.setup, loaded.history) == expected
    # Invariants of every replayed state.
    spots_left = expected.to_dict(setup)["spots_left"]
    assert all(0 <= left <= setup.supply for left in spots_left.values())
    covered = [c for placed in expected.spots.values() for c in placed]
    assert len(covered) == len(set(covered))
