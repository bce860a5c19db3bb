"""``referee serve`` as a command: its input errors, and that no other command
pays for the server's imports."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli

HEAVY = ("starlette", "uvicorn", "segno", "anyio", "referee.serve.app", "referee.serve.api")


def loaded_after(*args: str) -> list[str]:
    """Modules of HEAVY loaded by running ``referee ARGS`` in a fresh interpreter."""
    code = (
        "import sys\n"
        "from referee.cli import cli\n"
        f"cli.main({list(args)!r}, prog_name='referee', standalone_mode=False)\n"
        f"heavy = {HEAVY!r}\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    last = done.stderr.strip().splitlines()[-1]
    return list(eval(last))  # a printed list of module names


@pytest.mark.process
@pytest.mark.parametrize(
    "args",
    [
        ("check-word", "seas", "--layout", "setups/sample.yaml", "--at", "D1"),
        ("--help",),
        ("serve", "--help"),
    ],
)
def test_other_commands_do_not_import_the_server(args: tuple[str, ...], repo: Path) -> None:
    import os

    os.chdir(repo)
    assert loaded_after(*args) == []


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["serve", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--port", "99999"), "99999 is not in the range"),
        (("--port", "0"), "is not in the range"),
        (("--port", "x"), "is not a valid integer"),
        (("--lan", "--host", "10.0.0.1"), "not both"),
        (("--host", "no.such.host.invalid"), "--host"),
        (("--bogus",), "No such option"),
    ],
)
def test_bad_options_are_one_error_line(args: tuple[str, ...], words: str, tmp_path: Path) -> None:
    code, out, err = run("--dir", str(tmp_path / "g"), *args)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("Error: ")
    assert words in lines[0]
    assert "Traceback" not in out + err


def test_dir_that_is_a_file(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    code, _, err = run("--dir", str(f))
    assert code == 2
    assert err.strip() == f"Error: --dir: {f} is not a folder"


def test_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code, _, err = run("--dir", str(tmp_path / "g"), "--port", str(port))
    assert code == 2
    assert err.strip().startswith(f"Error: --port: {port} is in use")


def test_qr_code_is_a_square_of_blocks() -> None:
    from referee.serve.qr import terminal_qr

    text = terminal_qr("http://192.168.1.20:8000/?token=abc")
    lines = text.splitlines()
    assert len({len(line) for line in lines}) == 1
    assert set(text) <= {"█", "▀", "▄", " ", "\n"}
    assert len(lines) * 2 >= len(lines[0])


def test_docs_name_every_route_and_step(repo: Path) -> None:
    """docs/serve.md documents every question route and every step of every
    game's service."""
    from referee import service as sv
    from referee.serve.api import routes

    text = (repo / "docs" / "serve.md").read_text(encoding="utf-8")
    for route in routes():
        assert f"/api/{route}" in text, route
    for game in sv.GAMES:
        for step in [*sv.service(game).STEPS, "new"]:
            assert f"| {game} | `{step}`" in text or f"`{step}`" in text, (game, step)
    for status in (200, 201, 303, 400, 403, 404, 405, 409, 413, 415, 422, 500):
        assert f"| {status} |" in text, status


def test_the_server_swaps_no_stream_and_runs_no_click_command(repo: Path) -> None:
    """The server calls the services: it never replaces sys.stdout, sys.stderr
    or sys.stdin, and only ``referee serve`` itself (serve/cli.py) imports click."""
    import re

    for path in sorted((repo / "src" / "referee" / "serve").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"sys\.(stdout|stderr|stdin)\s*=", text), path
        if path.name != "cli.py":
            assert not re.search(r"^\s*(import click|from click)", text, re.M), path
            assert "referee.cli" not in text, path
            assert "_cli" not in text, path
