"""Unusable input to the Out of Sight commands and the timer: exit 2, one line.

Each case (every bad input the issue lists, and the others the commands
refuse) is its own test, run in-process (CliRunner);
each asserts exit 2, nothing on stdout, exactly one ``Error: `` line naming the
place and quoting the bad value, and no traceback.

A frame that is well formed but does not fit the game (a player without a
bank, a stranger, the wrong frame or mode, saved cards missing) is not bad
input but a step the rules refuse (issue 22): exit 1, ``valid`` false with
a ``reason``, nothing written (:data:`REFUSED`).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from helpers import Runner, assert_one_error_line
from referee.engine import MAX_GAME_BYTES

SHORT = 400
"""The Out of Sight error lines are short: at most this many characters."""

GAME_DATA = Path(__file__).resolve().parent / "data" / "outofsight" / "game"
FRAME1 = str(GAME_DATA / "frame1.yaml")
F = "{tmp}/frame.yaml"
G = "{tmp}/game.yaml"

GARBAGE = random.Random(5).randbytes(500) + b"\x00\x89PNG\r\n\x1a\n"
BIG = b"players:\n  Ann: []\n# " + b"x" * (1100 * 1024) + b"\n"
BIG_GAME = b"game: outofsight\n# " + b"x" * MAX_GAME_BYTES + b"\n"
"""A game file may be larger than other files (:data:`referee.engine.MAX_GAME_BYTES`), not more."""
GAME = b"game: out-of-sight\nmode: advanced\nplayers: [Brian, Jessica]\nhistory: []\n"
AFTER_FRAME_1 = GAME.replace(b"history: []", b"history:\n") + (
    b"- {action: frame, frame: 1, banks: {Brian: {blue: 4, yellow: 4, green: 3, purple: 3, "
    b"silver: 2, red: 2, orange: 1}, Jessica: {red: 5, yellow: 4, green: 3, blue: 3, silver: 1}}}\n"
)

# Ten thousand cards' worth of nested aliases in a few hundred bytes, as one "card".
_A = "&a [" + ", ".join(["red"] * 10) + "]"
_B = "&b [" + _A + ", *a" * 9 + "]"
_C = "&c [" + _B + ", *b" * 9 + "]"
ALIAS_BOMB = ("players:\n  Brian: [[" + _C + ", *c" * 9 + "]]\n").encode()


def frame(players: str, head: str = "mode: advanced\n") -> bytes:
    return (head + "players:\n" + players).encode()


def score(*more: str) -> tuple[str, ...]:
    return ("score-frame", F, *more)


def take(*more: str) -> tuple[str, ...]:
    return ("take", *more)


def game_frame(*more: str) -> tuple[str, ...]:
    return ("outofsight", "game", "frame", G, F, *more)


@dataclass(frozen=True)
class Bad:
    """``files`` are written into a tmp dir first; ``{tmp}`` in ``args`` and
    ``fragments`` is that dir."""

    args: tuple[str, ...]
    fragments: tuple[str, ...]
    files: tuple[tuple[str, bytes], ...] = ()
    stdin: str | None = None


def with_frame(content: bytes) -> tuple[tuple[str, bytes], ...]:
    return (("frame.yaml", content),)


def with_game(content: bytes, game: bytes = GAME) -> tuple[tuple[str, bytes], ...]:
    return (("game.yaml", game), ("frame.yaml", content))


GOOD = "  Brian: {red: 2}\n  Jessica: [blue-3]\n"

CASES: dict[str, Bad] = {
    # --- dice and card numbers (take)
    "die-7": Bad(take("--roll", "7,4,2", "--cards", "9"), ("--roll", "from 1 to 6, got 7")),
    "die-0": Bad(take("--roll", "5,0,2", "--cards", "9"), ("--roll", "from 1 to 6, got 0")),
    "die-5000-digits": Bad(
        take("--roll", "5,4," + "9" * 5000, "--cards", "9"), ("--roll", "got '9999999...9999")
    ),
    "die-word": Bad(take("--roll", "5,x,2", "--cards", "9"), ("--roll", "'x'")),
    "two-dice": Bad(take("--roll", "5,4", "--cards", "9"), ("--roll", "'5,4'", "2 dice")),
    "four-dice": Bad(take("--roll", "5,4,2,1", "--cards", "9"), ("--roll", "'5,4,2,1'", "4 dice")),
    "card-0": Bad(take("--roll", "5,4,2", "--cards", "0"), ("--cards", "from 1 to 18, got 0")),
    "card-19": Bad(take("--roll", "5,4,2", "--cards", "9,19"), ("--cards", "1 to 18, got 19")),
    "card-5000-digits": Bad(
        take("--roll", "5,4,2", "--cards", "9" * 5000), ("--cards", "got '9999999...9999")
    ),
    "row-card-19": Bad(
        take("--roll", "5,4,2", "--row", "3,19", "--best"), ("--row", "1 to 18, got 19")
    ),
    "row-card-5000-digits": Bad(
        take("--roll", "5,4,2", "--row", "3," + "1" * 5000, "--best"), ("--row", "'1111111...")
    ),
    "row-card-word": Bad(take("--roll", "5,4,2", "--row", "3,x", "--best"), ("--row", "'x'")),
    "row-of-6": Bad(
        take("--roll", "5,4,2", "--row", "1,2,3,4,5,6", "--best"), ("--row", "6 cards")
    ),
    "best-without-row": Bad(take("--roll", "5,4,2", "--best"), ("--best", "--row")),
    "best-and-cards": Bad(
        take("--roll", "5,4,2", "--row", "9", "--cards", "9", "--best"), ("--best",)
    ),
    "neither-cards-nor-best": Bad(take("--roll", "5,4,2"), ("--cards", "missing")),
    "no-roll": Bad(take("--cards", "9"), ("--roll",)),
    "unknown-doubles-call": Bad(
        take("--roll", "3,3,2", "--cards", "2", "--doubles", "spin"), ("--doubles", "spin")
    ),
    # --- cards in a bank
    "card-colour-dash": Bad(
        score(),
        (F, "line 3", "players.Brian[1]", "'blue-'", "no number"),
        with_frame(frame("  Brian: [red-1, blue-]\n")),
    ),
    "card-dash-number": Bad(
        score(),
        (F, "players.Brian[0]", "'-7'", "no colour"),
        with_frame(frame("  Brian: ['-7']\n")),
    ),
    "card-number-word": Bad(
        score(), (F, "players.Brian[0]", "'seven'"), with_frame(frame("  Brian: [blue-seven]\n"))
    ),
    "bank-card-19": Bad(
        score(),
        (F, "players.Brian[0]", "'blue-19'", "1 to 18, got 19"),
        with_frame(frame("  Brian: [blue-19]\n")),
    ),
    "bank-card-0": Bad(
        score(),
        (F, "players.Brian[0]", "'blue-0'", "1 to 18, got 0"),
        with_frame(frame("  Brian: [blue-0]\n")),
    ),
    "bank-number-list-19": Bad(
        score(),
        (F, "players.Brian.red[1]", "1 to 18, got 19"),
        with_frame(frame("  Brian: {red: [3, 19]}\n")),
    ),
    "bank-count-negative": Bad(
        score(), (F, "players.Brian.red", "-2"), with_frame(frame("  Brian: {red: -2}\n"))
    ),
    "bank-bare-number": Bad(
        score(), (F, "players.Brian[0]", "7", "no colour"), with_frame(frame("  Brian: [7]\n"))
    ),
    "bank-over-the-deck": Bad(
        score(), (F, "players.Brian", "108"), with_frame(frame("  Brian: {red: 1000000000}\n"))
    ),
    "bank-count-5000-digits": Bad(
        score(),
        (F, "line 3", "5,000 digits"),
        with_frame(frame("  Brian: {red: " + "9" * 5000 + "}\n")),
    ),
    "bank-number-5000-digits": Bad(
        score(),
        (F, "line 3", "5,000 digits"),
        with_frame(frame("  Brian: {red: [" + "9" * 5000 + "]}\n")),
    ),
    "card-number-5000-digits": Bad(
        score(),
        (F, "players.Brian[0]", "got '9999999...9999"),
        with_frame(frame("  Brian: [red-" + "9" * 5000 + "]\n")),
    ),
    "frame-5000-digits": Bad(
        score(), (F, "line 1", "5,000 digits"), with_frame(frame(GOOD, f"frame: {'3' * 5000}\n"))
    ),
    "duplicate-colour": Bad(
        score(),
        (F, "line 3", "key 'red' appears twice"),
        with_frame(frame("  Ann: {red: 3, blue: 2, red: 4}\n")),
    ),
    "duplicate-colour-any-case": Bad(
        score(),
        (F, "line 3", "players.Ann.red", "colour 'red' is given twice"),
        with_frame(frame("  Ann: {Red: 3, blue: 2, red: 4}\n")),
    ),
    "duplicate-player": Bad(
        score(),
        (F, "line 5", "key 'Brian' appears twice"),
        with_frame(frame(GOOD + "  Brian: []\n")),
    ),
    "duplicate-top-key": Bad(
        score(),
        (F, "line 2", "key 'mode' appears twice"),
        with_frame(frame(GOOD, "mode: basic\n" * 2)),
    ),
    # --- mode and frame
    "mode-option-unknown": Bad(score("--mode", "expert"), ("--mode", "expert")),
    "mode-file-unknown": Bad(
        score(), (F, "mode", "'expert'"), with_frame(frame(GOOD, "mode: expert\n"))
    ),
    "frame-option-0": Bad(score("--frame", "0"), ("--frame", "0")),
    "frame-option-4": Bad(score("--frame", "4"), ("--frame", "4")),
    "frame-file-0": Bad(score(), (F, "frame", "frame 0"), with_frame(frame(GOOD, "frame: 0\n"))),
    "frame-file-4": Bad(score(), (F, "frame", "frame 4"), with_frame(frame(GOOD, "frame: 4\n"))),
    "final-and-frame-1": Bad(
        score("--final", "--frame", "1"), ("--final", "--frame 1"), with_frame(frame(GOOD))
    ),
    # --- players
    "player-with-no-bank": Bad(
        score(),
        (F, "players.Jessica", "no bank"),
        with_frame(frame("  Brian: [red]\n  Jessica:\n")),
    ),
    "no-players": Bad(score(), (F, "players", "missing"), with_frame(b"mode: basic\n")),
    "players-not-a-mapping": Bad(
        score(), (F, "players", "mapping"), with_frame(b"players: [Brian, Jessica]\n")
    ),
    "unknown-key": Bad(
        score(),
        (F, "line 1", "unknown key 'player' (expected game, mode, frame, players)"),
        with_frame(b"player:\n  Brian: []\n"),
    ),
    "thirteen-players": Bad(
        score(),
        (F, "players", "13 players; at most 12"),
        with_frame(frame("".join(f"  P{n}: []\n" for n in range(13)))),
    ),
    "long-player-name": Bad(
        score(), (F, "players", "longer than 30"), with_frame(frame(f"  {'B' * 900}: []\n"))
    ),
    "huge-card": Bad(
        score(), (F, "players.Brian[0]", "..."), with_frame(frame(f"  Brian: [{'x' * 5000}-7]\n"))
    ),
    "alias-bomb": Bad(score(), (F, "players.Brian[0]", "has no colour"), with_frame(ALIAS_BOMB)),
    # --- files
    "garbage-yaml": Bad(
        score(), (F, "line 2", "not valid YAML"), with_frame(b"players: [abc\n  - x: :\n")
    ),
    "binary-garbage": Bad(score(), (F, "binary"), with_frame(GARBAGE)),
    "yaml-list": Bad(score(), (F, "mapping", "list"), with_frame(b"- Brian\n- Jessica\n")),
    "empty-file": Bad(score(), (F, "empty"), with_frame(b"")),
    "missing-file": Bad(score(), (F, "no such")),
    "over-1MiB": Bad(score(), (F, "refusing"), with_frame(BIG)),
    "stdin-garbage": Bad(("score-frame", "-"), ("<stdin>", "not valid YAML"), stdin="a: [b\n"),
    # --- --prefer and --next
    "prefer-no-equals": Bad(
        score("--prefer", "Brian"), ("--prefer", "'Brian'"), with_frame(frame(GOOD))
    ),
    "prefer-unknown-player": Bad(
        score("--prefer", "Eve=red"), ("--prefer", "'Eve'"), with_frame(frame(GOOD))
    ),
    "prefer-colour-not-held": Bad(
        score("--prefer", "Brian=pink"), ("--prefer", "Brian", "'pink'"), with_frame(frame(GOOD))
    ),
    "next-after-final": Bad(
        score("--final", "--next", "{tmp}/n.yaml"),
        ("--next", "final frame"),
        with_frame(frame(GOOD)),
    ),
    "next-in-basic": Bad(
        score("--mode", "basic", "--next", "{tmp}/n.yaml"),
        ("--next", "basic"),
        with_frame(frame(GOOD)),
    ),
    "next-exists": Bad(
        score("--next", F), (F, "already exists", "--force"), with_frame(frame(GOOD))
    ),
    "next-a-directory": Bad(
        score("--next", "{tmp}"), ("{tmp}", "is a directory"), with_frame(frame(GOOD))
    ),
    "next-dev-null": Bad(
        score("--next", "/dev/null", "--force"),
        ("/dev/null", "not a regular file"),
        with_frame(frame(GOOD)),
    ),
    # --- the game
    "game-new-one-player": Bad(
        ("outofsight", "game", "new", "--players", "Brian", "-o", G),
        ("--players", "2 to 12 players"),
    ),
    "game-new-same-name": Bad(
        ("outofsight", "game", "new", "--players", "Ann,Ann", "-o", G),
        ("--players", "'Ann'", "twice"),
    ),
    "game-new-unknown-mode": Bad(
        ("outofsight", "game", "new", "--players", "A,B", "--mode", "expert", "-o", G),
        ("--mode", "expert"),
    ),
    "game-file-not-a-game": Bad(
        game_frame(),
        (G, "game", "not an Out of Sight game file"),
        with_game(frame(GOOD), b"mode: basic\n"),
    ),
    "game-file-garbage": Bad(game_frame(), (G, "binary"), with_game(frame(GOOD), GARBAGE)),
    "game-file-over-the-limit": Bad(
        game_frame(), (G, "refusing"), with_game(frame(GOOD), BIG_GAME)
    ),
    "game-file-bad-history": Bad(
        ("outofsight", "game", "show", G),
        (G, "line 4", "history[0]", "expected a mapping", "'undo'"),
        with_game(b"", GAME.replace(b"history: []", b"history: [undo]")),
    ),
    "game-file-missing": Bad(("outofsight", "game", "show", G), (G, "no such")),
    # --- the timer
    "timer-not-a-terminal": Bad(("timer",), ("timer", "not a terminal")),
    "timer-seconds-0": Bad(("timer", "--seconds", "0"), ("--seconds", "0")),
    "timer-bad-clock": Bad(("timer", "--clock", "warp"), ("--clock", "'warp'")),
    "timer-bad-fast-clock": Bad(("timer", "--clock", "fast:0"), ("--clock", "'fast:0'")),
}

# A tampered game: frame 2 in the history lacks the 3 green cards Brian saved in frame 1.
TAMPERED = (
    GAME.replace(b"history: []", b"history:\n")
    + b"- {action: frame, frame: 1, banks: {Brian: {purple: 4, red: 4, blue: 4, green: 3},"
    b" Jessica: []}}\n"
    b"- {action: frame, frame: 2, banks: {Brian: {red: 1}, Jessica: []}}\n"
)
CASES["game-file-tampered-history"] = Bad(
    ("outofsight", "game", "show", G),
    (G, "history[1]", "impossible action", "Brian's bank lacks", "green 3"),
    (("game.yaml", TAMPERED),),
)


# Well-formed frames that do not fit the game: refused by the rules (exit 1).
REFUSED: dict[str, tuple[Bad, str]] = {
    "game-frame-player-with-no-bank": (
        Bad(game_frame(), ("Jessica has no bank",), with_game(frame("  Brian: [red]\n"))),
        "no-bank",
    ),
    "game-frame-unknown-player": (
        Bad(game_frame(), ("'Eve'",), with_game(frame(GOOD + "  Eve: []\n"))),
        "not-a-player",
    ),
    "game-frame-wrong-frame": (
        Bad(game_frame(), ("frame 2", "frame 1"), with_game(frame(GOOD, "frame: 2\n"))),
        "wrong-frame",
    ),
    "game-frame-wrong-mode": (
        Bad(game_frame(), ("basic", "advanced"), with_game(frame(GOOD, "mode: basic\n"))),
        "wrong-mode",
    ),
    "game-frame-saved-cards-missing": (
        Bad(
            ("outofsight", "game", "frame", G, str(GAME_DATA / "frame2-missing.yaml")),
            ("Brian's bank", "saved in frame 1", "purple 1"),
            (("game.yaml", AFTER_FRAME_1),),
        ),
        "saved-cards-missing",
    ),
}


@pytest.mark.parametrize("case", list(REFUSED), ids=list(REFUSED))
def test_a_frame_that_does_not_fit_the_game_is_refused(
    case: str, referee: Runner, tmp_path: Path
) -> None:
    bad, reason = REFUSED[case]
    for name, content in bad.files:
        (tmp_path / name).write_bytes(content)
    game = tmp_path / "game.yaml"
    before = game.read_bytes()
    args = [a.replace("{tmp}", str(tmp_path)) for a in bad.args]
    code, out, err = referee(*args, "--json")
    assert (code, err) == (1, ""), (out, err)
    data = json.loads(out)
    assert (data["valid"], data["reason"], data["recorded"]) == (False, reason, False)
    for fragment in bad.fragments:
        assert fragment in data["explanation"], (fragment, data["explanation"])
    code, out, err = referee(*args)
    assert (code, err) == (1, "")
    assert out.startswith(f"Refused ({reason}): ") and "Traceback" not in out
    assert out.endswith(f"Nothing recorded: {game} is at version {data['version']}.\n")
    assert game.read_bytes() == before


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_bad_input(case: str, referee: Runner, tmp_path: Path) -> None:
    bad = CASES[case]
    for name, content in bad.files:
        (tmp_path / name).write_bytes(content)
    args = [a.replace("{tmp}", str(tmp_path)) for a in bad.args]
    fragments = [f.replace("{tmp}", str(tmp_path)) for f in bad.fragments]
    code, out, err = referee(*args, input=bad.stdin)
    assert_one_error_line(code, out, err, *fragments, limit=SHORT)


def test_the_listed_cases_are_all_here() -> None:
    """The issue's list of bad input, each with its own case above."""
    listed = {
        "die-7", "die-0", "two-dice", "four-dice", "card-0", "card-19", "bank-card-19",
        "card-colour-dash", "card-dash-number", "card-number-word", "mode-option-unknown",
        "mode-file-unknown", "frame-option-0", "frame-option-4", "frame-file-0", "frame-file-4",
        "player-with-no-bank", "game-frame-player-with-no-bank", "garbage-yaml", "over-1MiB",
    }  # fmt: skip
    assert listed <= set(CASES) | set(REFUSED)


# ------------------------------------------------------------------ generated garbage

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(["blue-7", "red", "-7", "blue-", "blue-19", "basic", "advanced", "final"]),
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(
            st.one_of(st.text(max_size=8), st.sampled_from(["mode", "frame", "players"])),
            inner,
            max_size=5,
        ),
    ),
    max_leaves=25,
)


@given(documents)
def test_generated_frame_files(invoke: Runner, document: object) -> None:
    """Any YAML document: scored (exit 0) or refused in one line (exit 2)."""
    text = yaml.safe_dump(document)
    code, out, err = invoke("score-frame", "-", "--json", input=text)
    if code == 0:
        assert out.count("\n") == 1
    else:
        assert_one_error_line(code, out, err, limit=SHORT, as_json=True)


option_text = st.one_of(
    st.text(max_size=15),
    st.lists(st.integers(-3, 25), max_size=6).map(lambda xs: ",".join(map(str, xs))),
)


@given(option_text, option_text, option_text, st.booleans())
def test_generated_take_options(
    invoke: Runner, roll: str, cards: str, row: str, best: bool
) -> None:
    """Any option values: a verdict (exit 0 or 1) or one Error line (exit 2)."""
    args = ["take", "--roll", roll, "--row", row, *(["--best"] if best else ["--cards", cards])]
    code, out, err = invoke(*args, "--json")
    if code in (0, 1):
        assert out.count("\n") == 1
        assert err == ""
    else:
        assert_one_error_line(code, out, err, limit=SHORT, as_json=True)
