"""Docs that cannot drift: every command and option has help, every command is
in the docs, every game command's help has an example, ``referee --help``
groups the commands by game, shell completion scripts are produced, and the
README stays a front door (short, one example per game, no link that breaks
on a package index page)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from helpers import Runner
from referee.cli import SECTIONS, cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
# docs/reference.md is generated from the commands themselves, so it is left out:
# every command must be written about somewhere else too.
DOCS = README + "".join(
    p.read_text(encoding="utf-8")
    for p in sorted((ROOT / "docs").glob("*.md"))
    if p.name != "reference.md"
)
CONVENTIONS = (ROOT / "docs" / "conventions.md").read_text(encoding="utf-8")


def walk(group: click.Group, prefix: str) -> list[tuple[str, click.Command]]:
    """Every command under ``group`` with its full path (``referee blindspot game play``)."""
    ctx = click.Context(group, info_name=prefix)
    out: list[tuple[str, click.Command]] = []
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None, name
        path = f"{prefix} {name}"
        out.append((path, cmd))
        if isinstance(cmd, click.Group):
            out.extend(walk(cmd, path))
    return out


COMMANDS = walk(cli, "referee")
LEAVES = [(path, cmd) for path, cmd in COMMANDS if not isinstance(cmd, click.Group)]
IDS = [path for path, _ in COMMANDS]


def test_the_tree_is_complete() -> None:
    """A sanity floor: every game's commands are in the tree."""
    paths = {path for path, _ in COMMANDS}
    for expected in (
        "referee check-word",
        "referee words",
        "referee setup generate",
        "referee blindspot game play",
        "referee score-claim",
        "referee wordblock game claim",
        "referee score-frame",
        "referee take",
        "referee outofsight game frame",
        "referee timer",
        "referee spotit verify",
        "referee dictionaries",
    ):
        assert expected in paths


@pytest.mark.parametrize(("path", "cmd"), COMMANDS, ids=IDS)
def test_command_has_help(path: str, cmd: click.Command) -> None:
    assert cmd.help and cmd.help.strip(), f"{path} has no help text"
    assert cmd.get_short_help_str().strip()


@pytest.mark.parametrize(("path", "cmd"), COMMANDS, ids=IDS)
def test_every_option_has_help(path: str, cmd: click.Command) -> None:
    for param in cmd.params:
        if isinstance(param, click.Option) and not param.hidden:
            assert param.help and param.help.strip(), f"{path} {param.opts[0]} has no help"


@pytest.mark.parametrize(("path", "cmd"), COMMANDS, ids=IDS)
def test_every_command_is_in_the_docs(path: str, cmd: click.Command) -> None:
    assert re.search(rf"(?<![\w-]){re.escape(path)}(?![\w-])", DOCS), (
        f"'{path}' is not mentioned in README.md or docs/*.md"
    )


@pytest.mark.parametrize(("path", "cmd"), LEAVES, ids=[p for p, _ in LEAVES])
def test_every_command_help_has_an_example(path: str, cmd: click.Command) -> None:
    """The help ends with an ``Example:`` block whose lines run this very command."""
    text = cmd.help or ""
    assert "Example:" in text, f"{path} help has no Example block"
    example = text.split("Example:", 1)[1]
    assert path in example, f"{path}: the example does not show the command"


def test_help_groups_commands_by_game(invoke: Runner) -> None:
    code, out, err = invoke("--help")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    titles = [title for title, _ in SECTIONS]
    assert titles[:4] == ["Blind Spot", "Word Block", "Out of Sight", "Spot it! 1,2,3"]
    positions = [lines.index(f"{title}:") for title in titles]
    assert positions == sorted(positions)
    listed = [name for _, entries in SECTIONS for name, _, _ in entries]
    ctx = click.Context(cli)
    assert sorted(listed) == sorted(cli.list_commands(ctx))
    assert len(listed) == len(set(listed))
    for title, entries in SECTIONS:
        start = lines.index(f"{title}:")
        block = lines[start + 1 : start + 1 + len(entries)]
        assert [line.split()[0] for line in block] == [name for name, _, _ in entries]
    assert "Commands:" not in lines
    listing = "\n".join(lines[lines.index("Blind Spot:") :])
    assert "..." not in listing  # short helps are whole sentences, never cut


def test_the_sections_short_help_is_each_commands_own(invoke: Runner) -> None:
    """One source: the text ``referee --help`` shows without importing a
    command is the command's short help once it is loaded."""
    ctx = click.Context(cli)
    for _, entries in SECTIONS:
        for name, _, short in entries:
            cmd = cli.get_command(ctx, name)
            assert cmd is not None and cmd.get_short_help_str(limit=200) == short
            assert short.endswith((".", "?")) and len(short) <= 66


@pytest.mark.parametrize(
    ("shell", "marker"),
    [("bash", "complete -o nosort -F"), ("zsh", "compdef"), ("fish", "complete --no-files")],
    ids=["bash", "zsh", "fish"],
)
@pytest.mark.process
def test_shell_completion_script(shell: str, marker: str) -> None:
    script = Path(sys.executable).parent / "referee"
    result = subprocess.run(
        [str(script)],
        capture_output=True,
        text=True,
        env={**os.environ, "_REFEREE_COMPLETE": f"{shell}_source"},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert marker in result.stdout
    assert "_REFEREE_COMPLETE" in result.stdout
    assert f'eval "$(_REFEREE_COMPLETE={shell}_source referee)"' in CONVENTIONS or shell == "fish"


@pytest.mark.process
def test_completion_completes_commands() -> None:
    script = Path(sys.executable).parent / "referee"
    env = {
        **os.environ,
        "_REFEREE_COMPLETE": "bash_complete",
        "COMP_WORDS": "referee spot",
        "COMP_CWORD": "1",
    }
    result = subprocess.run([str(script)], capture_output=True, text=True, env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert "plain,spotit" in result.stdout.splitlines()


def test_the_readme_is_a_front_door() -> None:
    """Under 200 lines; the two Quick start commands; each game's example."""
    assert len(README.splitlines()) < 200
    quick = README.split("## Quick start", 1)[1].split("```bash\n", 1)[1].split("```", 1)[0]
    assert quick.splitlines() == [
        "scripts/setup && .venv/bin/referee check-word seas --layout setups/sample.yaml --at D1",
        "scripts/setup --dev && .venv/bin/python -m pytest",
    ]
    for game in ("**Blind Spot.**", "**Word Block.**", "**Out of Sight.**", "**Spot it! 1,2,3.**"):
        example = README.split(game, 1)[1].split("```console\n", 1)[1]
        assert example.startswith("$ referee "), game


def test_readme_links_work_on_a_package_index_page() -> None:
    """A package index shows the README without the repository beside it: no
    relative link may point into the tree (images aside, which it leaves out)."""
    prose = re.sub(r"^```.*?^```", "", README, flags=re.M | re.S)
    links = re.findall(r"(?<!!)\[[^\]]*\]\(([^)]*)\)", prose)
    assert "docs/serve.md" in prose  # the prose is still there to check
    assert [link for link in links if not link.startswith(("https://", "http://", "#"))] == []


@pytest.mark.parametrize("page", re.findall(r"`(docs/[\w-]+\.md)`", README))
def test_readme_names_pages_that_exist(page: str) -> None:
    assert (ROOT / page).is_file(), page
