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

from common import HERE, PY, REFEREE, ROOT, Figure, in_process, paired_runs, process_vs_floor

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
    pairs = max(runs, 21)
    return [
        process_vs_floor(
            "score-claim one-shot process", argv, FLOOR_ENCHANT, 1.10, pairs, strict_floor=True
        )
    ]


def _claims_pool() -> list[tuple[str, str]]:
    """Every player's 40 best claims on the 6x6 board (hint, SCOWL 60), and a
    few that fail (not a word, no walk, an abbreviation)."""
    import json

    pool: list[tuple[str, str]] = []
    for player in ("blue", "red", "green"):
        out = subprocess.run(
            [REFEREE, "wordblock", "hint", "--board", SIX, "--player", player, "--top", "40",
             "--json"],
            capture_output=True, check=True,
        ).stdout  # fmt: skip
        pool += [(h["word"], player) for h in json.loads(out)["hints"]]
    return [*pool, ("xyzzy", "blue"), ("tsars", "red"), ("nat", "green"), ("asap", "red")]


def fig_score_claim_batch(runs: int) -> list[Figure]:
    """score-claim --batch on the 6x6 board, paired with the brute-force claim
    scorer (bench/floor_claims.py) on the same claims, one core each; the two
    must agree on every walk and every point."""
    import json

    pool = _claims_pool()
    n = 20_000
    items = [pool[i % len(pool)] for i in range(n)]
    payload = "".join(json.dumps({"word": w, "player": p}) + "\n" for w, p in items).encode()
    argv = [REFEREE, "score-claim", "--batch", "--board", SIX]
    floor = [PY, str(HERE / "floor_claims.py"), SIX]
    ours = subprocess.run(argv, input=payload, capture_output=True, check=False).stdout
    theirs = subprocess.run(floor, input=payload, capture_output=True, check=True).stdout
    for a, b in zip(ours.splitlines(), theirs.splitlines(), strict=True):
        got, want = json.loads(a), json.loads(b)
        if want["walk"]:
            same = got["path"] == want["path"] and got["points"][want["player"]] == want["points"]
        else:
            same = got["reason"] in ("no-block", "no-path")
        if not same:
            raise RuntimeError(f"the floor and the referee disagree: {got} / {want}")
    pairs = max(5, runs // 3)
    with tempfile.TemporaryFile() as lines:
        lines.write(payload)
        ma, mf = paired_runs(argv, floor, lines, pairs, expect_lines=n)
    detail = f"{n:,} claims ({len(pool)} distinct), start-up included, one core, {pairs} pairs"
    return [
        Figure(
            "score-claim --batch throughput, 6x6 board",
            n / ma,
            "claims/s",
            15000,
            f"{detail}; brute force {n / mf:,.0f} claims/s",
            higher_is_better=True,
        ),
        Figure(
            "score-claim --batch vs the brute-force scorer",
            ma / mf,
            "x floor",
            1.5,
            f"{ma * 1000:.0f} ms vs brute force {mf * 1000:.0f} ms for the same claims",
        ),
    ]


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


def fig_hint_area(runs: int) -> list[Figure]:
    """hint on the 6x6 board's cards, laid on a 6x6 area and on the largest
    area (26 x 99): the search's tables grow with the neighbourhood of the
    player's blocks, not with the area. Same word list, same answers."""
    from referee.core.dictionary import read_word_list
    from referee.wordblock.cli import load_board
    from referee.wordblock.exclusions import exclusions
    from referee.wordblock.hints import WordIndex, hints

    path, source = word_list()
    index = WordIndex.from_words(read_word_list(str(path)))
    excluded = exclusions()
    text = Path(SIX).read_text(encoding="utf-8").replace("area: [6, 6]", "area: [26, 99]")
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "six-on-26x99.yaml"
        big.write_text(text, encoding="utf-8")

        def run(board_file: str) -> list[str]:
            board = load_board(board_file)  # a fresh board: no tables carried over
            found = hints(board, "blue", index, top=10, exclusions=excluded)
            return [f"{h.word} {h.net} {[c.name for c in h.walk.path]}" for h in found]

        if run(SIX) != run(str(big)):
            raise RuntimeError("hint answers differ between the 6x6 and the 26x99 area")
        small = in_process("hint 6x6", lambda: run(SIX), 1000.0, runs)
        large = in_process("hint 26x99", lambda: run(str(big)), 1000.0, runs)
    return [
        Figure(
            "hint: 26x99 area vs 6x6, in-process",
            large.value / small.value,
            "x 6x6",
            1.3,
            f"{large.value:.0f} ms vs {small.value:.0f} ms (medians of {runs}, board read "
            f"included), {source}",
        )
    ]


FIGURES = {
    "score-claim": fig_score_claim,
    "score-claim-batch": fig_score_claim_batch,
    "hint-area": fig_hint_area,
    "hint-scowl": fig_hint_scowl,
    "score-claim-pathological": fig_pathological,
    "hint": fig_hint,
}
