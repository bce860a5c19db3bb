"""Shared fixtures: the repo, the sample setups, and two ways to run the CLI.

``run`` starts the real program in a subprocess (``python -m referee``);
``invoke`` calls the click group in-process with :class:`click.testing.CliRunner`.
Both return ``(exit code, stdout, stderr)`` and take ``input=`` for stdin and
``env=`` for extra environment variables (``None`` removes one).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest
from click.testing import CliRunner

Outcome = tuple[int, str, str]
Runner = Callable[..., Outcome]

REPO = Path(__file__).resolve().parent.parent

# Variables that would change verdicts or output if the caller's shell had them set.
UNSET = ("REFEREE_DICTIONARY", "REFEREE_CATALOG", "REFEREE_SCOWL_DIR")


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def sample_layout(repo: Path) -> Path:
    return repo / "setups" / "sample.yaml"


@pytest.fixture(scope="session")
def sample_position(repo: Path) -> Path:
    return repo / "examples" / "blindspot" / "sample-position.yaml"


def _environment(extra: Mapping[str, str | None] | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env["NO_COLOR"] = "1"
    for key, value in (extra or {}).items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


@pytest.fixture
def run(repo: Path) -> Runner:
    """Run ``python -m referee ARGS`` in a subprocess from the repo root."""

    def _run(
        *args: str, input: str | None = None, env: Mapping[str, str | None] | None = None
    ) -> Outcome:
        proc = subprocess.run(
            [sys.executable, "-m", "referee", *args],
            cwd=repo,
            env=_environment(env),
            input=input,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        return proc.returncode, proc.stdout, proc.stderr

    return _run


@pytest.fixture
def invoke(repo: Path, monkeypatch: pytest.MonkeyPatch) -> Runner:
    """Run ``referee ARGS`` in-process with click's CliRunner, from the repo root.

    An exception other than the ``SystemExit`` of the group's own error mapping
    is re-raised, so a crash fails the test with its traceback.
    """
    from referee.cli import cli

    monkeypatch.chdir(repo)
    runner = CliRunner()

    def _invoke(
        *args: str, input: str | None = None, env: Mapping[str, str | None] | None = None
    ) -> Outcome:
        overrides: dict[str, str | None] = dict.fromkeys(UNSET)
        overrides["NO_COLOR"] = "1"
        overrides.update(env or {})
        result = runner.invoke(cli, list(args), input=input, env=overrides)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.exit_code, result.stdout, result.stderr

    return _invoke


@pytest.fixture(params=["clirunner", "subprocess"])
def referee(request: pytest.FixtureRequest) -> Runner:
    """The CLI twice: in-process (``invoke``) and as a real subprocess (``run``)."""
    runner: Runner = request.getfixturevalue("invoke" if request.param == "clirunner" else "run")
    return runner
