"""Shared fixtures: the repo, the sample setups, two ways to run the CLI and
the web application in process; the Hypothesis profiles.

``run`` starts the real program in a subprocess (``python -m referee``);
``invoke`` calls the click group in-process with :class:`click.testing.CliRunner`.
Both return ``(exit code, stdout, stderr)`` and take ``input=`` for stdin and
``env=`` for extra environment variables (``None`` removes one).

Hypothesis settings come only from the profiles below, chosen with
``HYPOTHESIS_PROFILE``: ``dev`` (the default), ``ci`` (what .ci/run uses for
the hypothesis, slow and process layers) and ``long`` (a deliberate soak).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from helpers import UNSET, Outcome, Runner, in_process

# Where PYTHONDONTWRITEBYTECODE is set, pytest cannot cache the test modules it
# rewrites for its assert messages, and rewrites every one of them again on
# every run (several seconds). Let it cache them (tests/__pycache__, ignored by
# git) while it collects them; the setting is put back once they are collected.
_DONT_WRITE_BYTECODE = sys.dont_write_bytecode
sys.dont_write_bytecode = False


def pytest_collection_finish(session: pytest.Session) -> None:
    sys.dont_write_bytecode = _DONT_WRITE_BYTECODE


# ------------------------------------------------------------------ Hypothesis profiles

settings.register_profile(
    "dev",
    max_examples=25,
    deadline=None,  # an example's time depends on the machine's load, not on the code
    print_blob=True,  # a failure prints the line that replays it
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,  # invoke/tmp_path/root hold no per-example state
        HealthCheck.too_slow,  # the fuzz builds large inputs on purpose
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
        HealthCheck.filter_too_much,  # partial planes and valid-looking garbage are rare by design
    ],
)
# "ci" replaces Hypothesis's built-in profile of that name (which it loads by
# itself where CI is set); the line below always loads the profile asked for.
settings.register_profile("ci", parent=settings.get_profile("dev"), max_examples=200)
settings.register_profile("long", parent=settings.get_profile("ci"), max_examples=3000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def sample_layout(repo: Path) -> Path:
    return repo / "setups" / "sample.yaml"


@pytest.fixture(scope="session")
def sample_position(repo: Path) -> Path:
    return repo / "examples" / "blindspot" / "sample-position.yaml"


@pytest.fixture(autouse=True)
def _processes_only_when_marked(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default run is in-process: a test that starts a process (subprocess,
    a pseudo-terminal) must be marked ``process``, or it fails here and says so."""
    if request.node.get_closest_marker("process") is not None:
        return
    import enchant  # noqa: F401  (loading its C library runs ``ldconfig -p`` once: not a test's process)

    def refuse(*_args: object, **_kwargs: object) -> Any:
        raise AssertionError(
            f"{request.node.nodeid} starts a process: mark it @pytest.mark.process"
        )

    monkeypatch.setattr(subprocess.Popen, "__init__", refuse)
    for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp"):
        if hasattr(os, name):
            monkeypatch.setattr(os, name, refuse)


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
    """Run ``referee ARGS`` in-process with click's CliRunner, from the repo root
    (:func:`helpers.in_process`: a crash fails the test with its traceback)."""
    monkeypatch.chdir(repo)
    return in_process


@pytest.fixture
def referee(invoke: Runner) -> Runner:
    """The CLI of the acceptance tests: in-process (``invoke``). Each command
    family also runs as a real process in test_all_process.py (marked ``process``)."""
    return invoke


@pytest.fixture(scope="session")
def scowl_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SCOWL cache folder shared by the tests that use SCOWL lists but do not
    test the cache (building the exclusion data takes a second or two)."""
    return tmp_path_factory.mktemp("scowl-cache")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A games folder for the web application (not made yet: the app makes it)."""
    return tmp_path / "games"


@pytest.fixture
def client(folder: Path) -> Iterator[Any]:
    """The web application in process over ``folder``, called as a phone on
    loopback calls it (a ``starlette.testclient.TestClient``)."""
    from starlette.testclient import TestClient

    from referee.serve.app import Settings, create_app

    with TestClient(create_app(Settings(str(folder))), base_url="http://127.0.0.1") as c:
        yield c
