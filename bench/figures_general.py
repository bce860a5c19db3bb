"""The top-level help: ``referee --help`` against ``python -c "import click"``.

``--help`` prints the sections from one table in :mod:`referee.cli` and imports
no command module (no rules, no yaml, no enchant)."""

from __future__ import annotations

from common import PY, REFEREE, Figure, process_vs_floor


def fig_help(runs: int) -> list[Figure]:
    floor = [PY, "-c", "import click"]
    pairs = max(runs, 21)
    return [
        process_vs_floor(
            "referee --help process", [REFEREE, "--help"], floor, 1.15, pairs, strict_floor=True
        )
    ]


FIGURES = {"help": fig_help}
