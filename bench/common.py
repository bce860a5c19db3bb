"""Shared pieces of the benchmarks: the Figure row and the two ways to time.

A process figure is always measured side by side with its floor (the bare
imports it cannot avoid) in the same run, interleaved, and reported as a
ratio, because absolute times vary between machines. Timings are medians.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BIN = Path(sys.executable).parent
REFEREE = str(BIN / "referee")
PY = sys.executable
SAMPLE = str(ROOT / "setups" / "sample.yaml")
SAMPLE_POSITION = str(ROOT / "examples" / "blindspot" / "sample-position.yaml")

FLOOR_ENCHANT = [PY, "-c", "import click, yaml, enchant; enchant.Dict('en_US')"]


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    target: float
    detail: str = ""
    higher_is_better: bool = False

    @property
    def ok(self) -> bool:
        if self.higher_is_better:
            return self.value >= self.target
        return self.value <= self.target

    @property
    def target_text(self) -> str:
        if self.higher_is_better:
            return f">= {self.target:g} {self.unit}"
        if self.unit == "ms":
            return f"< {self.target:g} ms"
        return f"<= {self.target:g} {self.unit}"

    @property
    def value_text(self) -> str:
        if self.unit == "ms":
            return f"{self.value:.1f} ms"
        if self.value >= 1000:
            return f"{self.value:,.0f} {self.unit}"
        return f"{self.value:.2f} {self.unit}"


def _time_process(argv: list[str]) -> float:
    env = {**os.environ, "NO_COLOR": "1"}
    t0 = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    return time.perf_counter() - t0


def interleaved(argv: list[str], floor: list[str], runs: int) -> tuple[float, float]:
    """Median wall times (seconds) of ``argv`` and ``floor``, run alternately."""
    ma, mf = interleaved_all([argv, floor], runs)
    return ma, mf


def interleaved_all(commands: list[list[str]], runs: int) -> list[float]:
    """Median wall times (seconds) of each command, run in turn ``runs`` times
    (after two warm-up rounds for the page cache)."""
    for _ in range(2):
        for argv in commands:
            _time_process(argv)
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for argv, spent in zip(commands, times, strict=True):
            spent.append(_time_process(argv))
    return [statistics.median(spent) for spent in times]


def fast_exit(floor: list[str]) -> list[str]:
    """A ``python -c`` floor that ends as the ``referee`` command does, with
    ``os._exit`` (no interpreter teardown): the stricter floor."""
    assert floor[1] == "-c", floor
    return [*floor[:2], floor[2] + "; import os; os._exit(0)"]


def _one_core() -> None:
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def _time_fed(argv: list[str], stdin: IO[bytes], expect_lines: int | None) -> float:
    """Wall time of ``argv`` reading ``stdin`` from its start, pinned to one core."""
    stdin.seek(0)
    env = {**os.environ, "NO_COLOR": "1"}
    t0 = time.perf_counter()
    proc = subprocess.run(
        argv, stdin=stdin, capture_output=True, env=env, preexec_fn=_one_core, check=False
    )
    dt = time.perf_counter() - t0
    if expect_lines is not None and proc.stdout.count(b"\n") != expect_lines:
        raise RuntimeError(f"{argv[:3]}: unexpected output: {proc.stderr[-300:]!r}")
    return dt


def paired_runs(
    argv: list[str], floor: list[str], stdin: IO[bytes], runs: int, expect_lines: int | None = None
) -> tuple[float, float]:
    """Median wall times (seconds) of ``argv`` and ``floor`` fed the same input,
    one core each, run alternately."""
    _time_fed(floor, stdin, expect_lines)
    _time_fed(argv, stdin, expect_lines)
    a: list[float] = []
    f: list[float] = []
    for _ in range(runs):
        f.append(_time_fed(floor, stdin, expect_lines))
        a.append(_time_fed(argv, stdin, expect_lines))
    return statistics.median(a), statistics.median(f)


def process_vs_floor(
    name: str,
    argv: list[str],
    floor: list[str],
    target: float,
    runs: int,
    *,
    strict_floor: bool = False,
) -> Figure:
    """Median wall time of ``argv`` over the median of ``floor``, interleaved.

    The ``referee`` command skips the interpreter's teardown (a fast exit) and
    the floor does not; with ``strict_floor`` the detail also gives the ratio
    to the floor ending with a fast exit too, measured in the same rounds."""
    if not strict_floor:
        ma, mf = interleaved(argv, floor, runs)
        detail = f"{ma * 1000:.0f} ms vs floor {mf * 1000:.0f} ms, {runs} runs"
    else:
        ma, mf, ms = interleaved_all([argv, floor, fast_exit(floor)], runs)
        detail = (
            f"{ma * 1000:.0f} ms vs floor {mf * 1000:.0f} ms, {runs} runs; "
            f"{ma / ms:.2f} x the floor with a fast exit ({ms * 1000:.0f} ms)"
        )
    return Figure(name, ma / mf, "x floor", target, detail)


def in_process(name: str, fn: Callable[[], object], target_ms: float, runs: int) -> Figure:
    fn()  # warm-up (imports, caches outside the measured call)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    m = statistics.median(times) * 1000
    return Figure(name, m, "ms", target_ms, f"median of {runs}")
