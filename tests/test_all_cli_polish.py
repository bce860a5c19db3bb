"""Small things a new user meets first (issue 16, part 9): help that says what
a file holds, suggestions for mistyped commands, -h everywhere, whole short
helps, the environment variables shown where they apply, and a server that
stops on Ctrl-C like a server."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import click
import pytest

from helpers import Runner
from test_all_docs import COMMANDS, LEAVES

GROUPS = [(path, cmd) for path, cmd in COMMANDS if isinstance(cmd, click.Group)]


def test_score_frame_help_shows_a_frame_file_that_scores(invoke: Runner, tmp_path: Path) -> None:
    """The frame file drawn in ``score-frame --help`` is one it accepts."""
    code, out, _ = invoke("score-frame", "--help")
    assert code == 0
    block = out.split("A frame file:\n", 1)[1].split("\n\n", 1)[0]
    lines = block.splitlines()
    indent = len(lines[0]) - len(lines[0].lstrip())
    frame = tmp_path / "frame.yaml"
    frame.write_text("\n".join(line[indent:] for line in lines) + "\n", encoding="utf-8")
    code, out, err = invoke("score-frame", str(frame), "--json")
    assert (code, err) == (0, "")
    assert '"Ann"' in out and '"Bob"' in out and '"mode": "advanced"' in out


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        (("chek-word",), "check-word"),
        (("spotit", "verfy"), "verify"),
        (("blindspot", "game", "pley"), "play"),
        (("wordblock", "gmae"), "game"),
    ],
)
def test_a_mistyped_command_gets_did_you_mean(
    invoke: Runner, typed: tuple[str, ...], meant: str
) -> None:
    code, out, err = invoke(*typed)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert re.search(rf"[Dd]id you mean '{meant}'\?", err), err


@pytest.mark.parametrize(("path", "cmd"), COMMANDS, ids=[p for p, _ in COMMANDS])
def test_every_command_takes_dash_h(invoke: Runner, path: str, cmd: click.Command) -> None:
    code, out, err = invoke(*path.split()[1:], "-h")
    assert (code, err) == (0, "")
    assert out.startswith(f"Usage: {path} ")


@pytest.mark.parametrize(("path", "cmd"), GROUPS, ids=[p for p, _ in GROUPS])
def test_no_short_help_is_cut_off(invoke: Runner, path: str, cmd: click.Command) -> None:
    """Each command's line in a group's help is its whole first sentence."""
    code, out, _ = invoke(*path.split()[1:], "--help")
    assert code == 0
    listing = out.split("\nCommands:\n", 1)[1] if "\nCommands:\n" in out else out
    cut = [line for line in listing.splitlines() if line.rstrip().endswith("...")]
    assert cut == []


@pytest.mark.parametrize(("path", "cmd"), GROUPS, ids=[p for p, _ in GROUPS])
def test_every_group_help_has_an_example(path: str, cmd: click.Command) -> None:
    text = cmd.help or ""
    assert "Example:" in text and "referee " in text.split("Example:", 1)[1], path


@pytest.mark.parametrize("command", ["check-word", "words"])
def test_the_catalog_variable_is_in_the_help(invoke: Runner, command: str) -> None:
    code, out, _ = invoke(command, "--help")
    assert code == 0
    assert "[env var:" in out and "REFEREE_CATALOG]" in out


def test_the_catalog_variable_is_used(invoke: Runner, tmp_path: Path) -> None:
    """REFEREE_CATALOG, as the help says, is --catalog's default."""
    layout = tmp_path / "tiles.yaml"
    layout.write_text("tiles: [[17A, 8B, 11B], [18B, 16A, 1B], [5B, 2B, 4B]]\n", encoding="utf-8")
    assert invoke("words", "--layout", str(layout))[0] == 0
    missing = str(tmp_path / "missing-catalog.yaml")
    code, _, err = invoke("words", "--layout", str(layout), env={"REFEREE_CATALOG": missing})
    assert code == 2 and "missing-catalog.yaml" in err


def test_options_with_an_environment_variable_show_it() -> None:
    for path, cmd in LEAVES:
        for p in cmd.params:
            if isinstance(p, click.Option) and p.envvar and not p.hidden:
                assert p.show_envvar, (path, p.name)


@pytest.mark.process
@pytest.mark.server
def test_serve_stops_quietly_on_ctrl_c(tmp_path: Path) -> None:
    from serve_helpers import serving

    with serving(tmp_path / "games") as server:
        server.process.send_signal(signal.SIGINT)
        out, _ = server.process.communicate(timeout=20)
        assert server.process.returncode == 0
        assert "Error" not in out and "Traceback" not in out
