"""The referee's benchmarks: one table of figures, each with its target.

Run ``bench/run`` (or ``bench/run FIGURE ...`` for some of them). Timings are
medians of repeated runs. A process figure is always measured side by side
with its floor (the bare imports it cannot avoid) in the same run, interleaved,
and reported as a ratio, because absolute times vary between machines.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
REFEREE = str(BIN / "referee")
PY = sys.executable
SAMPLE = str(ROOT / "setups" / "sample.yaml")
SAMPLE_POSITION = str(ROOT / "setups" / "sample-position.yaml")

FLOOR_ENCHANT = [PY, "-c", "import click, yaml, enchant; enchant.Dict('en_US')"]


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    target: float
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.value <= self.target


def _time_process(argv: list[str]) -> float:
    env = {**os.environ, "NO_COLOR": "1"}
    t0 = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    return time.perf_counter() - t0


def process_vs_floor(
    name: str, argv: list[str], floor: list[str], target: float, runs: int
) -> Figure:
    """Median wall time of ``argv`` over the median of ``floor``, interleaved."""
    for _ in range(2):  # warm the page cache
        _time_process(floor)
        _time_process(argv)
    a: list[float] = []
    f: list[float] = []
    for _ in range(runs):
        f.append(_time_process(floor))
        a.append(_time_process(argv))
    ma, mf = statistics.median(a), statistics.median(f)
    return Figure(
        name,
        ma / mf,
        "x floor",
        target,
        f"{ma * 1000:.0f} ms vs floor {mf * 1000:.0f} ms, {runs} runs",
    )


def in_process(name: str, fn: Callable[[], object], target_ms: float, runs: int) -> Figure:
    fn()  # warm-up (imports, caches outside the measured call)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    m = statistics.median(times) * 1000
    return Figure(name, m, "ms", target_ms, f"median of {runs}")


# ------------------------------------------------------------------------ figures


def fig_check_word(runs: int) -> list[Figure]:
    argv = [REFEREE, "check-word", "seas", "--layout", SAMPLE, "--at", "D1"]
    return [process_vs_floor("check-word one-shot process", argv, FLOOR_ENCHANT, 1.3, runs)]


def fig_words(runs: int) -> list[Figure]:
    from referee.blindspot import Position, legal_plays
    from referee.dictionary import open_dictionary
    from referee.setups import load_layout

    board = load_layout(SAMPLE)
    lexicon = open_dictionary("en_US")
    empty = Position.empty()
    count = len(legal_plays(board, lexicon, player="red", position=empty))

    def run() -> object:
        # A fresh call each time: no cache carried between runs.
        return legal_plays(board, lexicon, player="red", position=empty)

    fig = in_process("words: every play on a full 9x9 board", run, 50.0, runs)
    fig.detail += f", {count} plays, aspell en_US"
    return [fig]


FIGURES: dict[str, Callable[[int], list[Figure]]] = {
    "check-word": fig_check_word,
    "words": fig_words,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "figures", nargs="*", choices=[[], *FIGURES], help="figures to run (default: all)"
    )
    parser.add_argument("--runs", type=int, default=21, help="repetitions per figure (default 21)")
    args = parser.parse_args()
    names = args.figures or list(FIGURES)
    rows: list[Figure] = []
    for name in names:
        rows.extend(FIGURES[name](args.runs))
    width = max(len(r.name) for r in rows)
    print(f"{'figure':<{width}}  {'value':>12}  {'target':>12}  result  detail")
    for r in rows:
        value = f"{r.value:.2f} {r.unit}" if r.unit != "ms" else f"{r.value:.1f} ms"
        target = f"<= {r.target:g} {r.unit}" if r.unit != "ms" else f"< {r.target:g} ms"
        print(
            f"{r.name:<{width}}  {value:>12}  {target:>12}  {'pass' if r.ok else 'FAIL':<6}  {r.detail}"
        )
    return 0 if all(r.ok for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
