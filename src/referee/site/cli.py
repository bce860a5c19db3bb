"""``referee site build DIR``: the offline site (a thin layer over
:func:`referee.site.build.build`)."""

from __future__ import annotations

import os

import click

from referee.cli import CONTEXT_SETTINGS, Command
from referee.cli.options import json_option
from referee.cli.output import echo, emit_json


def _mb(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 100_000 else f"{n / 1000:.0f} KB"


@click.group("site", context_settings=CONTEXT_SETTINGS)
def site() -> None:
    """The table pages as an offline web app: the referee on one phone.

    The site is a static folder: any static host, or `python -m http.server`,
    serves it; a phone that opened it once plays with no network.

    \b
    Example:
      referee site build site
    """


@site.command("build", cls=Command, context_settings=CONTEXT_SETTINGS)
@click.argument("folder", metavar="DIR", type=click.Path())
@click.option(
    "--pyodide",
    metavar="DIR",
    type=click.Path(),
    help="Pyodide's files (default: $REFEREE_PYODIDE, else node_modules/pyodide, "
    "which scripts/setup --dev installs).",
)
@click.option("--force", is_flag=True, help="Build again over a site built before in DIR.")
@json_option
def build_command(folder: str, pyodide: str | None, force: bool, as_json: bool) -> None:
    """Write the offline site into DIR (created if missing).

    Then serve DIR with any static host, or on this machine with
    `python -m http.server -d DIR 8080`.

    \b
    Example:
      referee site build site
      referee site build site --force --json
    """
    from referee.site.build import build

    doc = build(folder, pyodide=pyodide, force=force)
    if as_json:
        keys = ("version", "referee", "pyodide", "dictionary", "dictionaries", "bytes", "parts")
        emit_json({"dir": folder, **{k: doc[k] for k in keys}})
        return
    parts = ", ".join(f"{part} {_mb(n)}" for part, n in sorted(doc["parts"].items()))
    echo(f"Built the site in {folder}: {_mb(doc['bytes'])} ({parts}).")
    echo(f"Words are judged by {doc['dictionary']} unless a game names another list.")
    echo(f"Serve it with: python -m http.server -d {os.path.normpath(folder)} 8080")
