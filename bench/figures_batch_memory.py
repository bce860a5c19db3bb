"""``--batch`` over a million distinct lines: the peak memory stays flat
(the answers kept are bounded) and a line costs what it costs in a short batch.

    bench/run batch-memory          # about two minutes
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from common import REFEREE, ROOT, SAMPLE, Figure

CELLS = [c + str(r) for c in "ABCDEFGHI" for r in range(1, 10)]
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _word(i: int) -> str:
    out = ""
    while True:
        i, k = divmod(i, 26)
        out += LETTERS[k]
        if i == 0:
            return out + "s"


def _lines(kind: str, n: int, path: Path) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            if kind == "check-word":
                f.write(f'{{"word": "{_word(i)}", "at": "{CELLS[i % 81]}"}}\n')
            else:
                f.write(f'{{"word": "{_word(i)}", "player": "{("blue", "red")[i % 2]}"}}\n')


def _run(argv: list[str], stdin: Path) -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of one process fed ``stdin``."""
    with open(stdin, "rb") as f:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        spent = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) not in (0, 2):
        raise RuntimeError(f"{argv[:2]} failed")
    return spent, usage.ru_maxrss


def fig_batch_memory(runs: int) -> list[Figure]:
    rows: list[Figure] = []
    board = str(ROOT / "examples" / "wordblock" / "rulebook.yaml")
    commands = {
        "check-word": [REFEREE, "check-word", "--batch", "--layout", SAMPLE],
        "score-claim": [REFEREE, "score-claim", "--batch", "--board", board, "--no-exclusions"],
    }
    with tempfile.TemporaryDirectory(prefix="referee-batch-") as where:
        for kind, argv in commands.items():
            small, large = Path(where, f"{kind}-10k.jsonl"), Path(where, f"{kind}-1m.jsonl")
            _lines(kind, 10_000, small)
            _lines(kind, 1_000_000, large)
            t_small = min(_run(argv, small)[0] for _ in range(3))
            t_large, rss = _run(argv, large)
            per_small, per_large = t_small / 10_000, t_large / 1_000_000
            rows.append(
                Figure(
                    f"{kind} --batch, 1M distinct lines: peak RSS",
                    rss / 1024,
                    "MiB",
                    64,
                    f"{t_large:.0f} s for the million",
                )
            )
            rows.append(
                Figure(
                    f"{kind} --batch: a line at 1M / at 10k",
                    per_large / per_small,
                    "x",
                    1.1,
                    f"{per_large * 1e6:.0f} us vs {per_small * 1e6:.0f} us a line"
                    " (10k: best of 3, start-up included)",
                )
            )
    return rows


FIGURES: dict[str, Callable[[int], list[Figure]]] = {"batch-memory": fig_batch_memory}
