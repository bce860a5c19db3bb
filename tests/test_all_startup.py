"""The start-up budget, pinned: which referee modules (and which heavy
libraries) a one-shot command imports. A new import on one of these paths
shows up here as a failed test, not as a slower command nobody noticed.
Real processes: an interpreter's modules are only clean in a fresh one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.process

REPO = Path(__file__).resolve().parents[1]

PROBE = """
import sys
from referee.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
mods = sorted(m for m in sys.modules if m.split(".")[0] in
              ("referee", "yaml", "enchant", "starlette", "uvicorn", "fpdf", "hypothesis",
               "dataclasses"))
print(" ".join(mods), file=sys.stderr)
"""

GAMES = ("blindspot", "wordblock", "outofsight", "spotit")

# command -> (the game whose modules it may load, modules it must not load)
CASES: dict[str, tuple[list[str], str | None, tuple[str, ...]]] = {
    "help": (["--help"], None, ("yaml", "enchant", "referee.engine", "referee.core.schema")),
    "check-word": (
        ["check-word", "seas", "--layout", "setups/sample.yaml", "--at", "D1"],
        "blindspot",
        # A board by letters: no tiles (no setup code computed and thrown away);
        # enchant's dictionary: no SCOWL reader.
        (
            "referee.engine",
            "referee.blindspot.game",
            "referee.blindspot.tiles",
            "referee.core.scowl",
        ),
    ),
    "words": (
        ["words", "--layout", "setups/sample.yaml", "--at", "D1"],
        "blindspot",
        ("referee.engine", "referee.blindspot.game", "referee.blindspot.tiles"),
    ),
    "score-claim": (
        [
            "score-claim",
            "quash",
            "--board",
            "examples/wordblock/rulebook.yaml",
            "--player",
            "red",
            "--dictionary",
            "examples/wordblock/words.txt",
            "--no-exclusions",
        ],
        "wordblock",
        (
            "enchant",
            "fpdf",
            "referee.engine",
            "referee.wordblock.game",
            "referee.wordblock.actions",
            "referee.wordblock.hints",
        ),
    ),
    "score-frame": (
        ["score-frame", "examples/outofsight/example-three.yaml"],
        "outofsight",
        # A frame's score: no game machinery, no dice takes.
        (
            "enchant",
            "fpdf",
            "referee.engine",
            "referee.outofsight.game",
            "referee.outofsight.game_cli",
            "referee.outofsight.takes",
        ),
    ),
    "take": (
        ["take", "--roll", "5,4,2", "--row", "3,9,11,2,7", "--best"],
        "outofsight",
        ("yaml", "enchant", "fpdf", "referee.engine", "referee.outofsight.game"),
    ),
    "spotit-verify": (
        ["spotit", "verify", "examples/spotit/order-7.yaml"],
        "spotit",
        ("referee.engine", "enchant", "fpdf", "referee.spotit.minigames"),
    ),
    "spotit-result": (
        ["spotit", "result", "well", "--counts", "ann=0,bob=3"],
        "spotit",
        # A ranking: no files, no planes, no verifying.
        (
            "yaml",
            "enchant",
            "fpdf",
            "referee.engine",
            "referee.core.files",
            "referee.spotit.planes",
            "referee.spotit.verify",
        ),
    ),
    "setup-code": (
        ["setup", "code", "setups/by-tiles.yaml"],
        "blindspot",
        ("enchant", "fpdf", "referee.core.scowl"),
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_one_shot_imports(case: str) -> None:
    args, game, forbidden = CASES[case]
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    loaded = set(proc.stderr.strip().splitlines()[-1].split())
    assert "referee.cli" in loaded
    for other in GAMES:
        if other != game:
            assert not any(m.startswith(f"referee.{other}") for m in loaded), (other, loaded)
    # Value types are @frozen (referee.core.values): defining dataclasses would
    # compile six methods per class at every start-up.
    for heavy in ("starlette", "uvicorn", "hypothesis", "referee.serve", "dataclasses", *forbidden):
        assert not any(m == heavy or m.startswith(heavy + ".") for m in loaded), (heavy, loaded)
