"""Word Block figures: score-claim one-shot, the pathological walk search, hint.

The hint figure needs a large word list: Debian's ``wamerican-large``
(/usr/share/dict/american-english-large, 170,421 lines). When it is missing the
bench installs it with ``apt-get install wamerican-large`` if it runs as root;
otherwise (or if that fails) it falls back to aspell's own en_US word list,
expanded with ``aspell -d en_US dump master | aspell -l en expand`` into
$TMPDIR/referee-bench/ (about 124,000 lines), and says so in the figure's detail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from common import PY, REFEREE, ROOT, Figure, in_process, process_vs_floor

RULEBOOK = str(ROOT / "examples" / "wordblock" / "rulebook.yaml")
SIX = str(ROOT / "examples" / "wordblock" / "six-by-six.yaml")
FULL_A = str(ROOT / "tests" / "data" / "wordblock" / "full-a.yaml")
TWENTY_A = str(ROOT / "tests" / "data" / "wordblock" / "twenty-a.txt")
LARGE = Path("/usr/share/dict/american-english-large")
CACHE = Path(tempfile.gettempdir()) / "referee-bench"

FLOOR_ENCHANT = [PY, "-c", "import click, yaml, enchant; enchant.Dict('en_US')"]
FLOOR_PLAIN = [PY, "-c", "import click, yaml"]


def word_list() -> tuple[Path, str]:
    """A ~170,000-word list and where it came from (see the module docstring)."""
    if not LARGE.exists() and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "wamerican-large"],
            env=env,
            capture_output=True,
            check=False,
        )
    if LARGE.exists():
        return LARGE, "wamerican-large"
    target = CACHE / "aspell-en_US.txt"
    if not target.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        dump = subprocess.run(
            ["aspell", "-d", "en_US", "dump", "master"], capture_output=True, check=True
        )
        expanded = subprocess.run(
            ["aspell", "-l", "en", "expand"], input=dump.stdout, capture_output=True, check=True
        )
        words = expanded.stdout.decode("utf-8", "replace").split()
        target.write_text("\n".join(words) + "\n", encoding="utf-8")
    return target, "aspell en_US expanded (wamerican-large not installed)"


def fig_score_claim(runs: int) -> list[Figure]:
    argv = [REFEREE, "score-claim", "quash", "--board", RULEBOOK, "--player", "red"]
    return [process_vs_floor("score-claim one-shot process", argv, FLOOR_ENCHANT, 1.3, runs)]


def fig_pathological(runs: int) -> list[Figure]:
    """A full 10x10 board of a cards and a 20-letter word of a's: must answer in 2 s."""
    from referee.wordblock.cli import load_board
    from referee.wordblock.search import best_walk

    board = load_board(FULL_A)
    word = "a" * 20
    found = best_walk(board, word, "blue")

    def run() -> object:
        board_fresh = load_board(FULL_A)  # no cached graph carried between runs
        return best_walk(board_fresh, word, "blue")

    search = in_process("score-claim walk search: 10x10 of a, 20 a's", run, 2000.0, runs)
    search.detail += f", {found.steps} search steps, exact: {found.exhaustive}"
    argv = [
        REFEREE, "score-claim", word, "--board", FULL_A, "--player", "blue", "--allow", TWENTY_A,
    ]  # fmt: skip
    process = process_vs_floor(
        "score-claim 10x10 of a, 20 a's (process)", argv, FLOOR_ENCHANT, 2.0, runs
    )
    return [search, process]


def fig_hint(runs: int) -> list[Figure]:
    """hint on a full 6x6 board: read the list, index it, find and rank every claim."""
    from referee.core.dictionary import read_word_list
    from referee.wordblock.cli import load_board
    from referee.wordblock.exclusions import exclusions
    from referee.wordblock.hints import WordIndex, hints

    path, source = word_list()
    lines = sum(1 for _ in path.open(encoding="utf-8", errors="replace"))
    board = load_board(SIX)

    def run() -> object:
        index = WordIndex.from_words(read_word_list(str(path)))
        return hints(board, "blue", index, top=10, exclusions=exclusions())

    fig = in_process("hint: 6x6 board, 170k-word list", run, 1000.0, runs)
    fig.detail += f", {lines} lines ({source})"
    argv = [
        REFEREE, "wordblock", "hint", "--board", SIX, "--player", "blue", "--dictionary",
        str(path),
    ]  # fmt: skip
    process = process_vs_floor("hint one-shot process (170k words)", argv, FLOOR_PLAIN, 10.0, runs)
    return [fig, process]


def fig_hint_scowl(runs: int) -> list[Figure]:
    """hint with no --dictionary: SCOWL's size-60 list from its cache."""
    argv = [REFEREE, "wordblock", "hint", "--board", SIX, "--player", "blue"]
    return [
        process_vs_floor("hint one-shot process (SCOWL 60, default)", argv, FLOOR_PLAIN, 10.0, runs)
    ]


FIGURES = {
    "score-claim": fig_score_claim,
    "hint-scowl": fig_hint_scowl,
    "score-claim-pathological": fig_pathological,
    "hint": fig_hint,
}
