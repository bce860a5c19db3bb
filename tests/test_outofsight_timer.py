"""The sand timer state machine, driven by an injected clock (plain numbers).

No sleeping anywhere: every transition is given ``now``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.outofsight.timer import Event, SandTimer, fmt


def running(seconds: float = 30.0, at: float = 100.0) -> SandTimer:
    state, event = SandTimer.from_seconds(seconds).start(at)
    assert event == Event("start", at, seconds)
    return state


def test_ready_shows_the_whole_glass() -> None:
    t = SandTimer.from_seconds(30)
    assert (t.phase, t.left(5.0), t.elapsed(5.0), t.over) == ("ready", 30.0, 0.0, False)


@pytest.mark.parametrize(
    ("now", "left", "phase"),
    [(100.0, 30.0, "running"), (112.5, 17.5, "running"), (129.9, 30.0 - 29.9, "running")],
    ids=["at-go", "midway", "just-before"],
)
def test_countdown(now: float, left: float, phase: str) -> None:
    state, event = running().tick(now)
    assert event is None
    assert state.phase == phase
    assert state.left(now) == pytest.approx(left)


@pytest.mark.parametrize(
    "now", [130.0, 131.0, 500.0], ids=["on-the-dot", "a-second-late", "long-after"]
)
def test_time_runs_out_at_the_deadline(now: float) -> None:
    state, event = running().tick(now)
    assert event == Event("time", 130.0, 0.0)
    assert (state.phase, state.left(now), state.elapsed(now)) == ("expired", 0.0, 30.0)
    again, nothing = state.tick(now + 1)
    assert (again, nothing) == (state, None)


STOPS = [
    # id, stop at, kind, margin
    ("early", 104.0, "stop", 26.0),
    ("late-in-the-turn", 129.0, "stop", 1.0),
    ("after-time", 131.5, "time", -1.5),
]


@pytest.mark.parametrize(
    ("now", "kind", "margin"), [s[1:] for s in STOPS], ids=[s[0] for s in STOPS]
)
def test_stop(now: float, kind: str, margin: float) -> None:
    state, event = running().stop(now)
    assert event.kind == kind
    assert event.margin == pytest.approx(margin)
    assert state.over
    assert state.phase == ("stopped" if kind == "stop" else "expired")


def test_stop_freezes_the_clock() -> None:
    state, _ = running().stop(110.0)
    assert (state.left(999.0), state.elapsed(999.0)) == (20.0, 10.0)


FLIPS = [
    # id, flip at (10 s after Go is 110), time left after the flip
    ("after-10-seconds", 110.0, 10.0),
    ("after-25-seconds", 125.0, 25.0),
    ("halfway", 115.0, 15.0),
]


@pytest.mark.parametrize(("now", "left"), [f[1:] for f in FLIPS], ids=[f[0] for f in FLIPS])
def test_flip_turns_the_time_run_into_the_time_left(now: float, left: float) -> None:
    state, event = running().flip(now)
    assert event.kind == "flip"
    assert event.left == pytest.approx(left)
    assert state.left(now) == pytest.approx(left)
    assert state.deadline == pytest.approx(now + left)


def test_a_flip_can_double_the_turn() -> None:
    """The rulebook: "If you time your flip correctly, you could double the length of your turn!" """
    state, _ = running().flip(129.9)
    state, event = state.tick(159.8)
    assert event is not None and event.at == pytest.approx(159.8)
    assert state.elapsed(200.0) == pytest.approx(59.8)


def test_only_one_flip_per_turn() -> None:
    state, _ = running().flip(110.0)
    again, event = state.flip(112.0)
    assert (event.kind, event.why) == ("flip-refused", "only one Flip per turn")
    assert again == state


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (lambda: SandTimer.from_seconds(30), "the timer is ready"),
        (lambda: running().stop(105.0)[0], "the timer is stopped"),
    ],
    ids=["before-go", "after-stop"],
)
def test_flip_refused_when_not_running(make: object, why: str) -> None:
    state = make()  # type: ignore[operator]
    _, event = state.flip(106.0)
    assert (event.kind, event.why) == ("flip-refused", why)


def test_flip_at_go_empties_the_top() -> None:
    state, event = running().flip(100.0)
    assert (event.kind, event.left, state.phase) == ("flip", 0.0, "expired")


def test_flip_after_time_is_refused() -> None:
    state, event = running().flip(131.0)
    assert (event.kind, state.phase) == ("flip-refused", "expired")


KEYS = [
    ("enter-starts", "\n", "start"),
    ("return-starts", "\r", "start"),
    ("s-stops", "s", "stop"),
    ("S-stops", "S", "stop"),
    ("f-flips", "f", "flip"),
    ("other-ignored", "x", "ignored"),
]


@pytest.mark.parametrize(("key", "kind"), [k[1:] for k in KEYS], ids=[k[0] for k in KEYS])
def test_keys(key: str, kind: str) -> None:
    state = SandTimer.from_seconds(30)
    if kind != "start":
        state = running()
    _, event = state.press(key, 110.0)
    assert event.kind == kind


def test_a_key_after_the_deadline_finds_time() -> None:
    _, event = running().press("s", 135.0)
    assert (event.kind, event.at) == ("time", 130.0)


def test_enter_twice_does_not_restart() -> None:
    state = running()
    again, event = state.press("\n", 110.0)
    assert (again, event.kind) == (state, "ignored")


@pytest.mark.parametrize("seconds", [0, -1, 3601], ids=["zero", "negative", "over-an-hour"])
def test_bad_length(seconds: float) -> None:
    with pytest.raises(ValueError, match="seconds"):
        SandTimer.from_seconds(seconds)


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(30.0, "30.0"), (29.99, "29.9"), (0.04, "0.0"), (12.3, "12.3"), (0.1, "0.1")],
    ids=["whole", "rounds-down", "almost-nothing", "tenths", "float-noise"],
)
def test_fmt(seconds: float, shown: str) -> None:
    assert fmt(seconds) == shown


def test_summary() -> None:
    state, _ = running().flip(110.0)
    state, _ = state.stop(115.0)
    assert state.summary(200.0) == {
        "outcome": "stop",
        "seconds": 30.0,
        "elapsed": 15.0,
        "left": 5.0,
        "flipped": True,
        "flipped_at": 10.0,
    }


def test_repr_round_trips() -> None:
    state, _ = running().flip(110.0)
    assert eval(repr(state)) == state


times = st.floats(min_value=0.0, max_value=100.0, allow_nan=False)


@given(st.floats(min_value=1.0, max_value=120.0), st.floats(min_value=0.001, max_value=100), times)
def test_flip_properties(seconds: float, before: float, after: float) -> None:
    """After a flip at any moment, the time left is the time that had run; a
    stop later reports exactly what is left."""
    state = running(seconds, 0.0)
    flip_at = min(before, seconds * 0.999)
    flipped, event = state.flip(flip_at)
    assert event.kind == "flip"
    assert flipped.left(flip_at) == pytest.approx(flip_at)
    assert flipped.deadline == pytest.approx(flip_at + flip_at)
    stop_at = flip_at + after
    done, stop = flipped.stop(stop_at)
    assert flipped.deadline is not None
    if stop_at < flipped.deadline:
        assert stop.kind == "stop"
        assert stop.margin == pytest.approx(flipped.deadline - stop_at)
    else:
        assert stop.kind == "time"
    assert done.over


@given(st.floats(min_value=1.0, max_value=120.0), st.lists(times, max_size=20))
def test_left_plus_elapsed_is_the_glass_without_a_flip(
    seconds: float, moments: list[float]
) -> None:
    state = running(seconds, 0.0)
    for now in sorted(moments):
        state, _ = state.tick(now)
        assert (
            state.left(now) + state.elapsed(now) == pytest.approx(seconds)
            or state.phase == "expired"
        )
        if state.phase == "expired":
            assert state.elapsed(now) == pytest.approx(seconds)
