"""The referee's benchmarks: one table of figures, each with its target.

Run ``bench/run`` (or ``bench/run FIGURE ...`` for some of them). Every
``bench/figures_*.py`` module contributes a ``FIGURES`` mapping of name to a
function ``(runs) -> list[Figure]``. Timings are medians of repeated runs; a
process figure is always paired with its floor measured in the same run.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from pathlib import Path

from common import Figure

HERE = Path(__file__).resolve().parent


def all_figures() -> dict[str, Callable[[int], list[Figure]]]:
    figures: dict[str, Callable[[int], list[Figure]]] = {}
    for path in sorted(HERE.glob("figures_*.py")):
        module = importlib.import_module(path.stem)
        figures.update(module.FIGURES)
    return figures


def main() -> int:
    figures = all_figures()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "figures", nargs="*", choices=[[], *figures], help="figures to run (default: all)"
    )
    parser.add_argument("--runs", type=int, default=21, help="repetitions per figure (default 21)")
    args = parser.parse_args()
    names = args.figures or list(figures)
    print(machine())
    rows: list[Figure] = []
    for name in names:
        rows.extend(figures[name](args.runs))
    width = max(len(r.name) for r in rows)
    vw = max(len(r.value_text) for r in rows)
    tw = max(len(r.target_text) for r in rows)
    print(f"{'figure':<{width}}  {'value':>{vw}}  {'target':>{tw}}  result  detail")
    for r in rows:
        result = "pass" if r.ok else "FAIL"
        print(
            f"{r.name:<{width}}  {r.value_text:>{vw}}  {r.target_text:>{tw}}  {result:<6}  {r.detail}"
        )
    print(machine())
    return 0 if all(r.ok for r in rows) else 1


def machine() -> str:
    """The machine the figures ran on: cores, load (before and after), Python."""
    import os
    import platform

    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (
        f"machine: {cpus} cores ({platform.machine()}, {platform.system()}), load average "
        f"{load}, Python {platform.python_version()}"
    )


if __name__ == "__main__":
    sys.exit(main())
