"""Toolkit-wide commands: ``dictionaries``."""

from __future__ import annotations

import click

from referee.cli import echo, emit_json, json_option


@click.command("dictionaries")
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
