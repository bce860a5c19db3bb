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
    provider with --dictionary hunspell:en_US.

    \b
    Example:
      referee dictionaries
    """
    from referee.dictionary import (
        _SPEC,
        DEFAULT_PROVIDER,
        available_dictionaries,
        default_spec,
        is_path_spec,
    )

    spec = default_spec()
    if is_path_spec(spec):
        default = {"name": spec, "provider": "word-list"}
    else:
        m = _SPEC.fullmatch(spec)
        assert m is not None
        default = {"name": m.group("tag"), "provider": m.group("provider") or DEFAULT_PROVIDER}
    pairs = available_dictionaries()
    if as_json:
        emit_json(
            {
                "default": default,
                "available": [{"name": t, "provider": p} for t, p in pairs],
            }
        )
        return 0
    echo(f"Default: {default['provider']}:{default['name']}")
    for tag, provider in pairs:
        mark = " (default)" if (tag, provider) == (default["name"], default["provider"]) else ""
        echo(f"  {provider}:{tag}{mark}")
    if not pairs:
        echo("  (none: install aspell-en, e.g. apt-get install aspell-en)")
    return 0
