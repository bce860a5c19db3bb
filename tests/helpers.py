"""What several test files share, defined once: the CLI runner types, the two
checks every CLI test makes (one JSON document; one ``Error:`` line), the
sample board, and the facts the setup tests pin (catalog hashes, codes).

The fixtures that run the CLI (``invoke``, ``run``, ``referee``) are in
conftest.py; they return an :data:`Outcome`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from click.testing import CliRunner

Outcome = tuple[int, str, str]
"""(exit code, stdout, stderr) of one run of the CLI."""

Runner = Callable[..., Outcome]
"""``runner(*args, input=None, env=None)``: the ``invoke``, ``run`` and ``referee`` fixtures."""

UNSET = ("REFEREE_DICTIONARY", "REFEREE_CATALOG", "REFEREE_SCOWL_DIR")
"""Variables that would change verdicts or output if the caller's shell had them set."""


def in_process(
    *args: str, input: str | bytes | None = None, env: Mapping[str, str | None] | None = None
) -> Outcome:
    """``referee ARGS`` in-process with click's CliRunner, from the current folder
    (the ``invoke`` fixture is this, from the repo root).

    ``env`` adds variables (``None`` removes one). An exception other than the
    ``SystemExit`` of the group's own error mapping is re-raised, so a crash
    fails the test with its traceback.
    """
    from referee.cli import cli

    overrides: dict[str, str | None] = dict.fromkeys(UNSET)
    overrides["NO_COLOR"] = "1"
    overrides.update(env or {})
    result = CliRunner().invoke(cli, list(args), input=input, env=overrides)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


# ------------------------------------------------------------------ the sample board

SAMPLE = "setups/sample.yaml"
"""The rulebook's "Examples of Play" board, as named on the command line (the CLI
tests run from the repo root)."""

SAMPLE_POSITION = "examples/blindspot/sample-position.yaml"

SAMPLE_LETTERS = [
    "searstoep",
    "komieguud",
    "bhvnlcwyf",
    "wealotaru",
    "gjtdaqnxz",
    "noirtcamt",
    "etecstars",
    "planoetyb",
    "aopetmish",
]
"""setups/sample.yaml, copied inline (9 rows of 9, top to bottom)."""

ASPELL = {"name": "en_US", "provider": "aspell"}
"""The default dictionary, as the ``--json`` verdicts name it."""

# ------------------------------------------------------------------ setups

STANDARD_SHA = "249ebf04fb61100a8dc3570dfdde7cdb03d8ff6c3de204d69b3f408b8b01032c"
"""sha256 of src/referee/data/standard-tiles.yaml."""
CUSTOM_SHA = "88602901b5adfc91c7344c3b556d9961d106f7f5f1929f9e9e5634a3bf34eb66"
"""sha256 of tests/data/setups/custom-catalog.yaml."""
BY_TILES_CODE = "BS1-1A2A3A-4B5B6B-7A8A9A-6E"
"""The code of setups/by-tiles.yaml."""
CODE_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SVG_NS = "{http://www.w3.org/2000/svg}"


def without_seed(text: str) -> str:
    """A seeded setup file minus its ``generator:`` and ``seed:`` lines."""
    return "".join(
        line
        for line in text.splitlines(keepends=True)
        if not line.startswith(("generator:", "seed:"))
    )


# ------------------------------------------------------------------ output checks

MAX_LINE = 1000
"""An error line names the file and the problem; it never echoes a whole structure."""


def one_json(out: str) -> Any:
    """Exactly one JSON document, on one line."""
    assert out.endswith("\n")
    assert out.count("\n") == 1, out
    return json.loads(out)


def assert_one_error_line(
    code: int, out: str, err: str, *fragments: str, limit: int = MAX_LINE, as_json: bool = False
) -> str:
    """Exit 2, nothing on stdout (under ``--json``: the same error as one JSON
    object), exactly one ``Error: `` line on stderr of at most ``limit``
    characters, containing every fragment, no traceback. Returns the line
    (without its newline)."""
    assert "Traceback" not in out + err
    assert code == 2, (out, err)
    if as_json:
        import json

        error = json.loads(out)["error"]
        assert error["message"] == err[len("Error: ") : -1], (out, err)
        assert error["kind"] in ("input", "usage", "conflict", "exists", "dictionary")
    else:
        assert out == ""
    assert err.endswith("\n")
    lines = err.splitlines()
    assert len(lines) == 1, err[:2000]
    assert lines[0].startswith("Error: "), lines[0]
    assert len(lines[0]) <= limit, f"{len(lines[0])} characters: {lines[0][:300]}..."
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def error_line(outcome: Outcome) -> str:
    """:func:`assert_one_error_line` on a whole outcome; returns the line."""
    return assert_one_error_line(*outcome)
