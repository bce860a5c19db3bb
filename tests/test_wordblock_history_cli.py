"""A Word Block game file's history is checked field by field when it is read:
a hand-edited entry of the wrong type is refused (exit 2), never written back."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import Runner

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "tests" / "data" / "fuzz" / "wb-game.yaml"


@pytest.mark.parametrize(
    ("old", "new", "place"),
    [
        (
            "  valid: true\n",
            "  valid: maybe\n",
            "line 24: history[1].valid: expected true or false",
        ),
        (
            "  reason: null\n",
            "  reason: 7\n",
            "line 25: history[1].reason: expected text, got the number 7",
        ),
        (
            "player: blue}",
            "player: [[y]]}",
            "line 18: history[0].player: [['y']] is not a player name",
        ),
        (
            "to: A1}",
            "to: A1, colour: red}",
            "line 27: history[2]: unknown key 'colour' (expected action, by, player, from, to)",
        ),
        (
            "  path: [A4, B4, B5]\n",
            "  path: [A4, 7, B5]\n",
            "line 22: history[1].path[1]: expected text",
        ),
        (
            "  points: {red: 17}\n",
            "  points: {red: lots}\n",
            "line 26: history[1].points.red: expected a whole number",
        ),
    ],
    ids=["valid-maybe", "reason-number", "player-nested", "unknown-key", "path-number", "points"],
)
@pytest.mark.parametrize("command", ["show", "undo"])
def test_bad_history_field(
    referee: Runner, tmp_path: Path, old: str, new: str, place: str, command: str
) -> None:
    text = SEED.read_text(encoding="utf-8")
    assert old in text
    game = tmp_path / "game.yaml"
    game.write_text(text.replace(old, new, 1), encoding="utf-8")
    before = game.read_bytes()
    code, out, err = referee("wordblock", "game", command, str(game))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith(f"Error: {game}: {place}")
    assert game.read_bytes() == before


def test_the_seed_itself_is_fine(referee: Runner) -> None:
    code, _, err = referee("wordblock", "game", "show", str(SEED))
    assert (code, err) == (0, "")
