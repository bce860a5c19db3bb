"""``python -m referee``."""

from __future__ import annotations

from referee.cli import console

if __name__ == "__main__":  # pragma: no cover
    console()
