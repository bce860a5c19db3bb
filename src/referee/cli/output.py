"""What commands print: text (in colour only on a terminal) and JSON."""

from __future__ import annotations

import os
import sys
from typing import Any

import click


def use_color() -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def echo(text: str = "") -> None:
    click.echo(text, color=use_color())


def emit_json(data: Any) -> None:
    import json

    click.echo(json.dumps(data, ensure_ascii=False))
