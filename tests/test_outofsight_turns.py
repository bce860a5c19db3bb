"""Out of Sight turn by turn: ``game new --first``, ``game turn``, frames
closed and scored as ``score-frame`` scores them, undo of any turn, the
Time Keeper, turns the rules refuse (exit 1 with a reason, the file untouched)
and bad turns (exit 2, one ``Error:`` line, the file untouched)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import Runner, assert_one_error_line, one_json
from referee import engine
from referee.outofsight.game import GAME, Setup, State, TurnAction, step
from referee.outofsight.rules import FRAMES, Card, score_frame

# The rulebook's 2-player advanced game, 18 turns: (cards, --stop or --time).
# Brian starts every frame; the turn passes Brian, Jessica, Brian, ...
GAME_TURNS: list[tuple[str, str]] = [
    # frame 1
    ("blue-1,blue-2,blue-3,yellow-1,yellow-2", "--stop"),  # Brian
    ("red-5,red-6", "--stop"),  # Jessica
    ("green-1,green-2,purple-1,purple-2,silver-1", "--stop"),
    ("green-9,green-10", "--time"),  # Jessica loses them
    ("red-1,orange-1", "--stop"),
    ("blue-7", "--stop"),
    # frame 2: Brian carries purple 2, silver 1 and red 1
    ("purple-3", "--stop"),
    ("red-7,red-8,red-9", "--stop"),
    ("blue-9", "--time"),
    ("blue-8", "--stop"),
    ("silver-2", "--stop"),
    ("green-3,green-4", "--stop"),
    # frame 3, the final frame
    ("red-2", "--stop"),
    ("red-10,red-11,red-12", "--stop"),
    ("blue-4", "--stop"),
    ("blue-10,blue-11", "--stop"),
    ("green-5", "--stop"),
    ("yellow-3", "--stop"),
]

FRAME_POINTS = [
    {"Brian": 6, "Jessica": 3},
    {"Brian": 6, "Jessica": 6},
    {"Brian": 3, "Jessica": 6},
]


def new_game(referee: Runner, tmp_path: Path, *extra: str) -> Path:
    game = tmp_path / "game.yaml"
    code, _, err = referee(
        "outofsight", "game", "new", "--players", "Brian,Jessica", "--mode", "advanced",
        *extra, "-o", str(game),
    )  # fmt: skip
    assert code == 0, err
    return game


def show(referee: Runner, game: Path) -> dict[str, Any]:
    code, out, err = referee("outofsight", "game", "show", str(game), "--json")
    assert code == 0, err
    data: dict[str, Any] = one_json(out)
    return data


def whose(data: dict[str, Any]) -> dict[str, Any]:
    """Whose turn ``show --json`` (or a turn's JSON) says: the player, the Time Keeper, the box."""
    return {"player": data["turn"], "time_keeper": data["time_keeper"], "box": data["box"]}


def assert_refused(outcome: tuple[int, str, str], reason: str, *fragments: str) -> dict[str, Any]:
    """A step the rules refuse, under --json: exit 1, the doc on stdout with
    valid false, the reason and the explanation, nothing on stderr."""
    code, out, err = outcome
    assert (code, err) == (1, ""), (out, err)
    data: dict[str, Any] = one_json(out)
    assert (data["valid"], data["reason"], data["recorded"]) == (False, reason, False)
    for fragment in fragments:
        assert fragment in data["explanation"], data["explanation"]
    return data


def turn(referee: Runner, game: Path, cards: str, end: str, *extra: str) -> dict[str, Any]:
    code, out, err = referee(
        "outofsight", "game", "turn", str(game), "--cards", cards, end, *extra, "--json"
    )
    assert code == 0, err
    data: dict[str, Any] = one_json(out)
    return data


def score_frame_points(
    referee: Runner, tmp_path: Path, banks: dict[str, list[str]], frame: int
) -> dict[str, int]:
    """What ``score-frame`` says of these banks."""
    import json

    sheet = tmp_path / f"frame{frame}.yaml"
    sheet.write_text(json.dumps({"mode": "advanced", "frame": frame, "players": banks}))
    code, out, err = referee("score-frame", str(sheet), "--json")
    assert code == 0, err
    return {name: p["points"] for name, p in one_json(out)["players"].items()}


def test_a_two_player_advanced_game_of_18_turns(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path)
    start = show(referee, game)
    assert whose(start) == {"player": "Brian", "time_keeper": "Jessica", "box": 1}
    assert (start["over"], start["frame"], start["frames"], start["version"]) == (
        False,
        1,
        [],
        0,
    )
    by_score_frame: list[dict[str, int]] = []
    lost: list[str] = []
    for i, (cards, end) in enumerate(GAME_TURNS):
        before = show(referee, game)
        n = i % 6
        player = "Brian" if n % 2 == 0 else "Jessica"
        assert whose(before) == {
            "player": player,
            "time_keeper": "Jessica" if player == "Brian" else "Brian",
            "box": n // 2 + 1,
        }
        assert before["frame"] == i // 6 + 1
        banks = {name: list(cs) for name, cs in before["banks"].items()}
        if end == "--stop":
            banks[player] += cards.split(",")
        else:
            lost += cards.split(",")
        data = turn(referee, game, cards, end, "--player", player)
        assert data["version"] == i + 1
        assert data["discarded"] == lost
        if n == 5:  # every player's third turn: the frame closes
            by_score_frame.append(score_frame_points(referee, tmp_path, banks, i // 6 + 1))
            assert data["closed"]["frame"] == i // 6 + 1
            assert data["frames"][-1] == by_score_frame[-1]
        else:
            assert data["closed"] is None
            assert data["banks"] == banks
        if i == 5:  # Brian carries his saved piles into frame 2
            assert data["saved"] == {"Brian": ["purple-1", "purple-2", "silver-1", "red-1"],
                                     "Jessica": []}  # fmt: skip
            assert data["banks"] == data["saved"]
            tie = data["closed"]["players"]["Brian"]["ties"]
            assert tie and tie[0]["by"] == "bank-order"
        if i == 3:  # lost on "Time": not in Jessica's bank
            assert data["banks"]["Jessica"] == ["red-5", "red-6"]
    end_state = show(referee, game)
    assert by_score_frame == FRAME_POINTS
    assert end_state["frames"] == FRAME_POINTS
    assert end_state["over"] is True and end_state["turn"] is None
    assert end_state["frame"] == FRAMES
    assert end_state["totals"] == {"Brian": 15, "Jessica": 15}
    # Tied on points: the numbers on the final frame's scored cards decide.
    assert end_state["tie_break"]["numbers"] == {"Brian": 2 + 4 + 5, "Jessica": 33 + 21 + 3}
    assert end_state["winners"] == ["Jessica"]
    assert lost == ["green-9", "green-10", "blue-9"]


def test_undo_at_any_point_restores_the_previous_show(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path)
    for cards, end in GAME_TURNS:
        before = show(referee, game)
        turn(referee, game, cards, end)
        code, _, err = referee("outofsight", "game", "undo", str(game))
        assert code == 0, err
        after = show(referee, game)
        history = ("version", "activity", "undo", "redo")  # they tell the history, not the state
        assert {k: v for k, v in after.items() if k not in history} == {
            k: v for k, v in before.items() if k not in history
        }
        assert after["version"] == before["version"] + 2
        turn(referee, game, cards, end)
    assert show(referee, game)["winners"] == ["Jessica"]


def test_text_output_of_a_turn(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path)
    code, out, _ = referee(
        "outofsight", "game", "turn", str(game), "--cards", "red-3,blue-5", "--stop"
    )
    assert code == 0
    assert out.splitlines() == [
        "Brian called Stop: banked red-3, blue-5.",
        "Next: frame 1, box 1: Jessica's turn (Brian keeps time).",
        f"Recorded in {game}: version 1.",
    ]
    code, out, _ = referee(
        "outofsight", "game", "turn", str(game), "--cards", "red-4", "--time", "--doubles", "wipe"
    )
    assert out.splitlines()[0] == "Time! Jessica lost red-4 to the discard pile (Doubles: wipe)."
    assert '"doubles": "wipe"' in game.read_text()


@pytest.mark.parametrize(
    ("players", "first", "keepers", "order"),
    [
        ("A,B", None, {"A": "B", "B": "A"}, ["A", "B"]),
        ("A,B,C", None, {"A": "B", "B": "C", "C": "A"}, ["A", "B", "C"]),
        ("A,B,C,D", "C", {"C": "A", "D": "B", "A": "C", "B": "D"}, ["C", "D", "A", "B"]),
        ("A,B,C,D,E", None, {"A": "C", "B": "D", "C": "E", "D": "A", "E": "B"}, list("ABCDE")),
    ],
)
def test_seats_and_time_keepers(
    referee: Runner,
    tmp_path: Path,
    players: str,
    first: str | None,
    keepers: dict[str, str],
    order: list[str],
) -> None:
    game = tmp_path / "g.yaml"
    extra = ("--first", first) if first else ()
    assert (
        referee("outofsight", "game", "new", "--players", players, *extra, "-o", str(game))[0] == 0
    )
    for box in (1, 2, 3):
        for name in order:
            data = show(referee, game)
            assert whose(data) == {"player": name, "time_keeper": keepers[name], "box": box}
            turn(referee, game, "red-1", "--stop", "--player", name)
    assert show(referee, game)["turn"] == order[0]  # frame 2 starts again


def test_prefer_on_the_closing_turn(referee: Runner, tmp_path: Path) -> None:
    game = new_game(referee, tmp_path)
    for cards, end in GAME_TURNS[:5]:
        turn(referee, game, cards, end)
    data = turn(referee, game, GAME_TURNS[5][0], "--stop", "--prefer", "Brian=purple")
    assert data["saved"]["Brian"] == ["green-1", "green-2", "silver-1", "red-1"]
    tie = data["closed"]["players"]["Brian"]["ties"]
    assert tie[0]["by"] == "prefer"


def test_a_game_played_by_turns_refuses_a_frame_file_mid_frame(
    referee: Runner, tmp_path: Path
) -> None:
    game = new_game(referee, tmp_path)
    turn(referee, game, "red-1", "--stop")
    sheet = tmp_path / "f.yaml"
    sheet.write_text("players:\n  Brian: [red-1]\n  Jessica: []\n")
    before = game.read_bytes()
    outcome = referee("outofsight", "game", "frame", str(game), str(sheet), "--json")
    assert_refused(outcome, "frame-in-play", "turn by turn")
    assert game.read_bytes() == before


# ------------------------------------------------------------------ bad turns


def finished_game(referee: Runner, tmp_path: Path) -> Path:
    game = new_game(referee, tmp_path)
    for cards, end in GAME_TURNS:
        turn(referee, game, cards, end)
    return game


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--cards", "red", "--stop"], ["--cards", "no number"]),
        (["--cards", "red-x", "--stop"], ["--cards"]),
        (["--cards", "7", "--stop"], ["--cards"]),
        (["--cards", "red-19", "--stop"], ["--cards"]),
        (["--cards", "red-1", "--stop", "--time"], ["exactly one of --stop and --time"]),
        (["--cards", "red-1"], ["exactly one of --stop and --time"]),
        (["--stop", "--doubles", "flip", "--doubles", "wipe"], ["--doubles", "once"]),
        (["--stop", "--prefer", "Brian=red"], ["--prefer", "closes the frame"]),
        (["--stop", "--expect-version", "7"], ["version is 0, expected 7"]),
    ],
)
def test_a_bad_turn_is_one_error_line_and_the_file_is_untouched(
    referee: Runner, tmp_path: Path, args: list[str], fragments: list[str]
) -> None:
    game = new_game(referee, tmp_path)
    before = game.read_bytes()
    outcome = referee("outofsight", "game", "turn", str(game), *args)
    assert_one_error_line(*outcome, *fragments)
    assert game.read_bytes() == before


@pytest.mark.parametrize(
    ("player", "reason", "fragment"),
    [
        ("Zed", "not-a-player", "'Zed' is not in this game"),
        ("Jessica", "not-your-turn", "it is Brian's turn (box 1), not Jessica's"),
    ],
)
def test_a_turn_the_rules_refuse_is_exit_1_and_records_nothing(
    referee: Runner, tmp_path: Path, player: str, reason: str, fragment: str
) -> None:
    """Issue 22: a refusal is a verdict (exit 1, valid false, a reason), not bad input."""
    game = new_game(referee, tmp_path)
    before = game.read_bytes()
    args = ("outofsight", "game", "turn", str(game), "--cards", "red-1", "--stop")
    data = assert_refused(referee(*args, "--player", player, "--json"), reason, fragment)
    assert data["action"] == {"action": "turn", "player": player, "cards": ["red-1"], "end": "stop"}
    assert (data["version"], data["turn"], data["over"]) == (0, "Brian", False)
    code, out, err = referee(*args, "--player", player)
    assert (code, err) == (1, "")
    assert out == (
        f"Refused ({reason}): {data['explanation']}.\nNothing recorded: {game} is at version 0.\n"
    )
    assert game.read_bytes() == before


def test_a_turn_after_the_game_is_over(referee: Runner, tmp_path: Path) -> None:
    game = finished_game(referee, tmp_path)
    before = game.read_bytes()
    outcome = referee(
        "outofsight", "game", "turn", str(game), "--cards", "red-1", "--stop", "--json"
    )
    data = assert_refused(outcome, "game-over", "the game is over")
    assert (data["over"], data["turn"], data["version"]) == (True, None, len(GAME_TURNS))
    code, out, _ = referee("outofsight", "game", "turn", str(game), "--cards", "red-1", "--stop")
    assert code == 1 and out.startswith("Refused (game-over): the game is over")
    assert game.read_bytes() == before


def test_a_thirteenth_player_and_a_stranger_first(referee: Runner, tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    names = ",".join(f"P{i}" for i in range(13))
    outcome = referee("outofsight", "game", "new", "--players", names, "-o", str(game))
    assert_one_error_line(*outcome, "--players", "2 to 12 players, got 13")
    outcome = referee(
        "outofsight", "game", "new", "--players", "A,B", "--first", "Zed", "-o", str(game)
    )
    assert_one_error_line(*outcome, "--first", "'Zed'")
    assert not game.exists()


# ------------------------------------------------------------------ properties

PLAYERS = ("Ann", "Bob", "Cy", "Di")
COLOURS = ("blue", "yellow", "green", "purple", "silver", "red", "orange")
turn_cards = st.lists(
    st.builds(Card, st.sampled_from(COLOURS), st.integers(min_value=1, max_value=18)),
    max_size=4,
).map(tuple)
plays = st.lists(
    st.tuples(turn_cards, st.sampled_from(["stop", "time"]), st.booleans()),
    min_size=0,
    max_size=40,
)


@given(
    n=st.integers(min_value=2, max_value=4),
    mode=st.sampled_from(["basic", "advanced"]),
    first=st.integers(min_value=0, max_value=3),
    moves=plays,
)
def test_random_turns_keep_the_rules(n: int, mode: Any, first: int, moves: list[Any]) -> None:
    """Random legal turns (and undos) never reach a forbidden state; frames
    are scored as score-frame scores their banks; the totals are the sums of
    the frame scores; after the game, every turn is refused."""
    players = PLAYERS[:n]
    setup = Setup.of(players, mode, players[first % n])
    log: engine.Log[Setup, Any] = engine.Log(setup)
    state = State()
    for cards, end, undo in moves:
        current = state.turn(setup)
        if current is None:
            refused = step(setup, state, TurnAction(players[0], cards, end))
            assert getattr(refused, "reason", None) == "game-over"
            break
        assert 1 <= current.box <= 3 and 1 <= state.next_frame <= FRAMES
        assert current.time_keeper != current.player
        banks_before = state.banks(setup)
        after = step(setup, state, TurnAction(current.player, cards, end))
        assert isinstance(after, State), after
        wrong = next(p for p in players if p != current.player)
        assert getattr(step(setup, state, TurnAction(wrong, cards, end)), "reason", "") == (
            "not-your-turn"
        )
        if len(after.frames) > len(state.frames):
            banks = dict(banks_before)
            if end == "stop":
                banks[current.player] = type(banks[current.player])(
                    banks[current.player].cards + cards
                )
            expected = score_frame(tuple(banks.items()), mode, len(after.frames))
            assert after.frames[-1].score.players == expected.players
            assert after.turns == 0
        else:
            assert after.turns == state.turns + 1
        assert len(after.lost) == len(state.lost) + (len(cards) if end == "time" else 0)
        logged = log.add(TurnAction(current.player, cards, end))
        assert engine.replay(GAME, logged).state == after
        if undo:  # an undo brings back the state before the turn
            undone = logged.add(GAME.undo())
            assert engine.replay(GAME, undone).state == state
            log = undone.add(TurnAction(current.player, cards, end))
        else:
            log = logged
        state = after
    totals = state.totals(setup)
    for name in players:
        assert totals[name] == sum(f.score.player(name).points for f in state.frames)
    assert engine.replay(GAME, log).state == state
    if state.finished:
        assert state.result(setup) is not None


def test_a_hand_edited_turn_that_does_not_replay_is_refused(
    referee: Runner, tmp_path: Path
) -> None:
    game = new_game(referee, tmp_path)
    turn(referee, game, "red-1", "--stop")
    text = game.read_text().replace('"player": "Brian"', '"player": "Zed"')
    game.write_text(text)
    outcome = referee("outofsight", "game", "show", str(game))
    assert_one_error_line(*outcome, "history[0]", "impossible action (not-a-player")
    game.write_text(text.replace('"Zed"', '"Jessica"'))
    outcome = referee("outofsight", "game", "turn", str(game), "--stop")
    assert_one_error_line(*outcome, "history[0]", "not-your-turn")
    assert game.read_text() == text.replace('"Zed"', '"Jessica"')


def test_frames_from_files_then_turns(referee: Runner, tmp_path: Path) -> None:
    """A frame recorded at once carries its saved piles into a frame played
    turn by turn."""
    game = new_game(referee, tmp_path, "--first", "Jessica")
    sheet = tmp_path / "f1.yaml"
    sheet.write_text(
        "players:\n  Brian: [blue-1, blue-2, red-1, green-1, silver-1]\n  Jessica: [red-2]\n"
    )
    assert referee("outofsight", "game", "frame", str(game), str(sheet))[0] == 0
    data = show(referee, game)
    assert data["saved"] == {"Brian": ["silver-1"], "Jessica": []}
    assert whose(data) == {"player": "Jessica", "time_keeper": "Brian", "box": 1}
    data = turn(referee, game, "yellow-2", "--stop", "--player", "Jessica")
    assert data["banks"] == {"Brian": ["silver-1"], "Jessica": ["yellow-2"]}


@pytest.mark.process
def test_turns_in_real_processes(run: Runner, tmp_path: Path) -> None:
    """The same turn, refusal and undo through ``python -m referee``."""
    game = new_game(run, tmp_path)
    data = turn(run, game, "red-3,blue-5", "--stop", "--player", "Brian")
    assert data["banks"] == {"Brian": ["red-3", "blue-5"], "Jessica": []}
    before = game.read_bytes()
    refused = run("outofsight", "game", "turn", str(game), "--stop", "--player", "Brian", "--json")
    assert_refused(refused, "not-your-turn", "not Brian's")
    assert game.read_bytes() == before
    assert run("outofsight", "game", "undo", str(game))[0] == 0
    assert show(run, game)["banks"] == {"Brian": [], "Jessica": []}
