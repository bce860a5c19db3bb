"""Every example in every ``--help`` runs, as a new user would run them.

The examples are collected from the ``Example:`` block of every command's
help, walking the Click tree in the order of ``docs/reference.md`` (the group
first, then its commands, alphabetically). They run in that order, in one
temporary folder prepared by ``referee examples`` (so files one help's
examples write are there for the next help's), and each must exit 0, or 1 where
the example says ``# no: exit 1``.

Three layers: in-process with click's CliRunner (the default run); once as
real processes through bash (``process``); and once from a wheel built from
this checkout, installed into a fresh virtual environment and run outside the
repository (``slow``), which is what proves the sample files ship.

``referee serve`` and ``referee timer`` wait for a person (a browser, the
keyboard), and ``referee site`` needs Pyodide's npm files, which a wheel does
not carry: their examples are parsed by Click, not run (the server, the timer
and the site have their own tests: ``tests/test_site.py`` builds the site).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

import click
import pytest

from build_helpers import build
from helpers import in_process
from referee.cli import cli
from referee.cli.reference import walk

ROOT = Path(__file__).resolve().parent.parent

INTERACTIVE = ("referee serve", "referee timer", "referee site")
"""Commands whose examples are parsed, not run: they wait for a person (or,
``site``, need Pyodide's files from npm)."""

_NO = re.compile(r"#\s*no: exit 1\s*$")
_ECHO_PIPE = re.compile(r"^echo '(?P<input>[^']*)' \|\s*(?P<rest>referee .*)$")


@dataclass(frozen=True)
class Example:
    """One example line of one command's help."""

    path: str  # the command it is the help of: "referee spotit match"
    line: str  # the shell line, continuation lines joined
    code: int  # the expected exit code: 0, or 1 where marked "# no: exit 1"

    @property
    def shell(self) -> str:
        """The line without its comment."""
        return self.line.split(" #", 1)[0].strip()


def examples_of(path: str, cmd: click.Command) -> list[Example]:
    text = cmd.help or ""
    if "Example:" not in text:
        return []
    block = text.split("Example:", 1)[1]
    lines: list[str] = []
    pending = ""
    for raw in block.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.endswith("\\"):
            pending += line[:-1].strip() + " "
            continue
        lines.append(pending + line)
        pending = ""
    assert not pending, f"{path}: the example ends in a continuation"
    return [Example(path, line, 1 if _NO.search(line) else 0) for line in lines]


COMMANDS = [(path, ctx.command) for path, ctx in walk(cli, "referee")]
EXAMPLES = [ex for path, cmd in COMMANDS for ex in examples_of(path, cmd)]


def test_every_command_and_group_has_an_example() -> None:
    missing = [path for path, cmd in COMMANDS if not examples_of(path, cmd)]
    assert missing == []
    assert len(EXAMPLES) > len(COMMANDS)


def test_every_example_runs_a_referee_command() -> None:
    """Each line is ``referee ...`` or ``echo '...' | referee ...`` (what the
    in-process layer knows how to run), and none uses a file that is not there."""
    for ex in EXAMPLES:
        assert ex.shell.startswith("referee ") or _ECHO_PIPE.match(ex.shell), ex.line
        assert "seed-1.yaml" not in ex.line, ex.line


def test_each_game_writes_its_own_files() -> None:
    """A game file named after its game, so following two games' helps in a row
    never meets "already exists"; and no two examples create the same file
    (an -o without --force)."""
    created: dict[str, str] = {}
    for ex in EXAMPLES:
        words = shlex.split(ex.shell)
        for flag in ("-o", "--output"):
            if flag in words and "--force" not in words:
                name = words[words.index(flag) + 1]
                assert name not in created, f"{ex.line!r} and {created[name]!r} both create {name}"
                created[name] = ex.line
    for ex in EXAMPLES:
        if " game " in ex.shell and ex.path.split()[1] in ("blindspot", "wordblock", "outofsight"):
            game = ex.path.split()[1]
            files = [w for w in shlex.split(ex.shell) if w.endswith(".yaml") and "/" not in w]
            assert all(f.startswith(f"{game}-") for f in files), ex.line


def prepare(folder: Path, referee: list[str] | None = None) -> None:
    """The folder a new user would start from: ``referee examples`` run there."""
    if referee is None:
        code, out, err = in_process("examples", str(folder))
        assert (code, err) == (0, ""), out
    else:
        proc = subprocess.run(
            [*referee, "examples"], cwd=folder, capture_output=True, text=True, check=False
        )
        assert (proc.returncode, proc.stderr) == (0, ""), proc.stdout
    assert (folder / "setups" / "sample.yaml").is_file()


def parse_only(ex: Example) -> None:
    """An interactive command's example: Click parses it (options and
    arguments exist and convert), nothing runs."""
    args = shlex.split(ex.shell)[1:]
    ctx = cli.make_context("referee", list(args), resilient_parsing=False)
    with ctx:
        name, cmd, rest = cli.resolve_command(ctx, args)
        assert cmd is not None
        cmd.make_context(name or "", rest, parent=ctx)


def test_help_examples_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    prepare(tmp_path)
    monkeypatch.chdir(tmp_path)
    for ex in EXAMPLES:
        if " ".join(ex.path.split()[:2]) in INTERACTIVE:
            parse_only(ex)
            continue
        stdin: str | None = None
        shell = ex.shell
        piped = _ECHO_PIPE.match(shell)
        if piped:
            stdin = piped.group("input") + "\n"
            shell = piped.group("rest")
        args = shlex.split(shell)
        assert args[0] == "referee"
        code, out, err = in_process(*args[1:], input=stdin)
        assert code == ex.code, f"{ex.path}: {ex.line}\n{out}{err}"
        if ex.code == 0:
            assert "Error:" not in err, f"{ex.path}: {ex.line}\n{err}"


def run_in_shell(examples: list[Example], folder: Path, bin_dir: Path) -> None:
    """Each example through bash, with ``bin_dir`` first on PATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REFEREE_", "PYTHON"))}
    env["NO_COLOR"] = "1"
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    for ex in examples:
        if " ".join(ex.path.split()[:2]) in INTERACTIVE:
            continue
        proc = subprocess.run(
            ["bash", "-c", ex.line],
            cwd=folder,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert proc.returncode == ex.code, f"{ex.path}: {ex.line}\n{proc.stdout}{proc.stderr}"
        assert "Traceback" not in proc.stderr, proc.stderr


@pytest.mark.process
def test_help_examples_as_processes(tmp_path: Path) -> None:
    bin_dir = Path(sys.executable).parent
    prepare(tmp_path, [str(bin_dir / "referee")])
    run_in_shell(EXAMPLES, tmp_path, bin_dir)


@pytest.mark.slow
@pytest.mark.process
def test_help_examples_from_an_installed_wheel(tmp_path: Path) -> None:
    """Build the wheel offline, install it (no repository on the path) into a
    fresh venv that borrows this one's dependencies, and run every example from
    a folder outside the checkout."""
    wheel = build(tmp_path, "wheel")["wheel"]
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)  # ensurepip: offline
    python = env_dir / "bin" / "python"
    install = subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            "--disable-pip-version-check",
            str(wheel),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    # The dependencies come from this venv (a .pth file), referee only from the wheel.
    site = subprocess.run(
        [sys.executable, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    own_site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # Borrow the dependencies, but never the checkout: this venv's site-packages
    # has an editable hook pointing at src/, so add only the packages it needs.
    deps = tmp_path / "deps"
    deps.mkdir()
    for entry in Path(site).iterdir():
        if "referee" in entry.name.lower() or entry.name.startswith("__editable__"):
            continue
        (deps / entry.name).symlink_to(entry)
    Path(own_site, "borrowed-deps.pth").write_text(f"{deps}\n")
    where = subprocess.run(
        [str(python), "-c", "import referee; print(referee.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert where.startswith(str(env_dir)), where
    assert not where.startswith(str(ROOT)), where
    folder = tmp_path / "table"
    folder.mkdir()
    bin_dir = env_dir / "bin"
    prepare(folder, [str(bin_dir / "referee")])
    run_in_shell(EXAMPLES, folder, bin_dir)
    shutil.rmtree(env_dir)
