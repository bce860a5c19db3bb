"""Toolkit-wide commands: ``dictionaries``."""

from __future__ import annotations

import click

from referee.cli import Command
from referee.cli.options import json_option
from referee.cli.output import echo, emit_json


@click.command("dictionaries", cls=Command)
@json_option
def dictionaries(as_json: bool) -> int:
    """List the dictionaries available here, and the default.

    A bare tag like en_US always means the aspell dictionary (pinned, so
    verdicts do not depend on which back ends are installed); pick another
    provider with --dictionary hunspell:en_US. SCOWL word lists are listed
    with their word counts: --dictionary scowl:SPELLING:SIZE.

    \b
    Example:
      referee dictionaries
    """
    from referee.core import scowl
    from referee.core.dictionary import (
        _SPEC,
        DEFAULT_PROVIDER,
        available_dictionaries,
        default_spec,
        is_path_spec,
        is_scowl_spec,
    )

    spec = default_spec()
    if is_scowl_spec(spec):
        default = {"name": scowl.parse_spec(spec, "REFEREE_DICTIONARY").name, "provider": "scowl"}
    elif is_path_spec(spec):
        default = {"name": spec, "provider": "word-list"}
    else:
        m = _SPEC.fullmatch(spec)
        assert m is not None
        default = {"name": m.group("tag"), "provider": m.group("provider") or DEFAULT_PROVIDER}
    pairs = available_dictionaries()
    lists = scowl.available()
    folder = scowl.scowl_dir()
    if as_json:
        emit_json(
            {
                "default": default,
                "available": [{"name": t, "provider": p} for t, p in pairs],
                "scowl": {
                    "folder": folder,
                    "lists": [
                        {"name": s.name, "spelling": s.spelling, "size": s.size, "words": n}
                        for s, n in lists
                    ],
                },
            }
        )
        return 0
    echo(f"Default: {default['provider']}:{default['name']}")
    for tag, provider in pairs:
        mark = " (default)" if (tag, provider) == (default["name"], default["provider"]) else ""
        echo(f"  {provider}:{tag}{mark}")
    if not pairs:
        echo("  (none: install aspell-en, e.g. apt-get install aspell-en)")
    if not lists:
        echo(f"SCOWL word lists: none in {folder} ({scowl.INSTALL_HINT}).")
        return 0
    echo(
        f"SCOWL word lists in {folder}, words in each (--dictionary scowl:SPELLING:SIZE; "
        f"scowl = {scowl.Spec().name}):"
    )
    counts = {(s.spelling, s.size): n for s, n in lists}
    spellings = [sp for sp in scowl.SPELLINGS if any(k[0] == sp for k in counts)]
    sizes = [sz for sz in scowl.SIZES if any(k[1] == sz for k in counts)]
    width = max(len(f"{n:,}") for n in counts.values())
    widths = [max(width, len(sp)) for sp in spellings]
    echo("  size  " + "  ".join(sp.rjust(w) for sp, w in zip(spellings, widths, strict=True)))
    for sz in sizes:
        cells = [
            (f"{counts[(sp, sz)]:,}" if (sp, sz) in counts else "-").rjust(w)
            for sp, w in zip(spellings, widths, strict=True)
        ]
        echo(f"  {sz:>4}  " + "  ".join(cells))
    return 0


SAMPLE_FOLDERS = ("setups", "examples")
"""The folders of ``referee/samples`` that ``referee examples`` copies out."""


def samples_root() -> str:
    """The folder of sample files shipped inside the package."""
    import os

    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "samples")


def sample_files() -> list[str]:
    """Every shipped sample file, as a ``/``-separated path under ``samples/``, sorted."""
    import os

    root = samples_root()
    out: list[str] = []
    for folder in SAMPLE_FOLDERS:
        for here, dirs, files in os.walk(os.path.join(root, folder)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            rel = os.path.relpath(here, root).replace(os.sep, "/")
            out.extend(f"{rel}/{name}" for name in sorted(files) if not name.endswith(".pyc"))
    return out


@click.command("examples", cls=Command)
@click.argument("folder", metavar="[DIR]", default=".", type=click.Path())
@click.option(
    "--force",
    is_flag=True,
    help="Replace sample files that are already there (regular files only; "
    "directories, devices and FIFOs are never replaced).",
)
@json_option
def examples(folder: str, force: bool, as_json: bool) -> int:
    """Copy the sample files the help examples use into DIR.

    Writes setups/ (Blind Spot setups) and examples/ (one folder per game) into
    DIR (default: the current folder, created if missing), so that every
    example in every --help runs from there. A file already there is not
    replaced unless --force is given; nothing is written unless every file can be.

    \b
    Example:
      referee examples referee-samples
      referee examples referee-samples --force --json
    """
    import os
    import stat

    from referee.core.errors import InputError
    from referee.core.files import check_destinations, display_name, write_bytes

    if folder == "":
        raise InputError("DIR: an empty folder name (use . for the current folder)")
    root = samples_root()
    files = sample_files()
    if not files:
        raise InputError(f"no sample files in {root}: this installation of referee is incomplete")
    targets = [(rel, os.path.normpath(os.path.join(folder, *rel.split("/")))) for rel in files]
    # Every folder on the way must be a folder (or not exist yet) ...
    folders = {os.path.normpath(folder)}
    for _, path in targets:
        here = os.path.dirname(path)
        while here and here not in folders:
            folders.add(here)
            here = os.path.dirname(here)
    for path in sorted(folders, key=lambda p: (p.count(os.sep), p)):
        try:
            st = os.stat(path)
        except FileNotFoundError:
            continue
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or "not a usable name"
            raise InputError(f"{display_name(path)}: cannot use this folder: {reason}") from None
        if not stat.S_ISDIR(st.st_mode):
            raise InputError(f"{display_name(path)}: is not a folder; cannot copy samples into it")
    # ... and every file that is already there may be replaced, before anything is written.
    check_destinations(
        [
            (path, "sample file")
            for _, path in targets
            if os.path.isdir(os.path.dirname(path) or ".")
        ],
        force=force,
    )
    for path in sorted(folders, key=lambda p: (p.count(os.sep), p)):
        try:
            os.makedirs(path, exist_ok=True)
        except OSError as exc:
            raise InputError(
                f"{display_name(path)}: cannot create the folder: {exc.strerror}"
            ) from None
    written: list[str] = []
    for rel, path in targets:
        with open(os.path.join(root, *rel.split("/")), "rb") as fh:
            data = fh.read()
        write_bytes(path, data, force=force, what="sample file")
        written.append(path)
    if as_json:
        emit_json({"folder": folder, "output": written})
        return 0
    where = "" if os.path.normpath(folder) == "." else f"cd {folder}, then "
    echo(f"Wrote {len(written)} sample files into {folder}: setups/ and examples/.")
    echo(f"Every help example runs from there: {where}try")
    echo("  referee check-word seas --layout setups/sample.yaml --at D1")
    return 0
