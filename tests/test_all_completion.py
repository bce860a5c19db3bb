"""Shell completion of values: every file argument and option completes as a
file name, a game file also as the games of a ``games/`` folder, and
``--dictionary`` as the dictionaries installed here. Through Click's
completion protocol (what the bash, zsh and fish scripts call), and once in
a real interactive bash."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import click
import pytest
from click.shell_completion import BashComplete, CompletionItem

from referee.cli import cli
from referee.cli.options import FilePath
from test_all_docs import LEAVES

REPO = Path(__file__).resolve().parent.parent


def complete(words: str, incomplete: str) -> list[CompletionItem]:
    """What ``referee WORDS INCOMPLETE<TAB>`` offers."""
    comp = BashComplete(cli, {}, "referee", "_REFEREE_COMPLETE")
    return comp.get_completions(words.split(), incomplete)


def test_a_layout_completes_as_a_file() -> None:
    items = complete("check-word seas --layout", "setups/sam")
    assert [(i.type, i.value) for i in items] == [("file", "setups/sam")]


@pytest.mark.process
def test_the_bash_protocol_answers_file() -> None:
    """The exact lines bash's script reads: ``type,value``."""
    import subprocess

    env = {
        **os.environ,
        "_REFEREE_COMPLETE": "bash_complete",
        "COMP_WORDS": "referee check-word --layout setups/sam",
        "COMP_CWORD": "3",
    }
    proc = subprocess.run(
        [sys.executable, "-m", "referee"], env=env, cwd=REPO, capture_output=True, check=False
    )
    assert proc.stdout.decode().splitlines() == ["file,setups/sam"]


def file_params() -> list[tuple[str, str, click.Parameter]]:
    out = []
    for path, cmd in LEAVES:
        for p in cmd.params:
            if isinstance(p.type, click.Path):
                out.append((path, p.name or "", p))
    return out


FILE_PARAMS = file_params()


@pytest.mark.parametrize(
    ("path", "name", "param"), FILE_PARAMS, ids=[f"{p} {n}" for p, n, _ in FILE_PARAMS]
)
def test_every_file_completes_as_a_file(path: str, name: str, param: click.Parameter) -> None:
    words = path.split()[1:]
    if isinstance(param, click.Option):
        items = complete(" ".join([*words, param.opts[-1]]), "x")
    else:
        arguments = [p for p in dict(LEAVES)[path].params if isinstance(p, click.Argument)]
        fill = ["x"] * [a.name for a in arguments].index(name)  # the arguments before it
        items = complete(" ".join([*words, *fill]), "x")
    assert ("file", "x") in [(i.type, i.value) for i in items]


def test_there_are_many_file_parameters() -> None:
    assert len(FILE_PARAMS) > 40
    # Every file is a FilePath; only the folders (serve --dir, examples DIR, site
    # build DIR and --pyodide) are plain Paths.
    others = sorted(path for path, _, p in FILE_PARAMS if not isinstance(p.type, FilePath))
    assert others == [
        "referee examples",
        "referee serve",
        "referee site build",
        "referee site build",
    ]


def test_game_files_also_complete_from_a_games_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "games").mkdir()
    for name in ("friday.yaml", "fun.yaml", "notes.txt"):
        (tmp_path / "games" / name).write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    items = complete("blindspot game show", "")
    assert [(i.type, i.value) for i in items] == [
        ("file", ""),
        ("plain", "games/friday.yaml"),
        ("plain", "games/fun.yaml"),
    ]
    assert [i.value for i in complete("wordblock game show", "games/fr")][1:] == [
        "games/friday.yaml"
    ]
    assert [i.value for i in complete("outofsight game undo", "zz")] == ["zz"]


def test_game_files_without_a_games_folder_are_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert [(i.type, i.value) for i in complete("blindspot game show", "")] == [("file", "")]


def test_dictionary_completes_the_installed_dictionaries() -> None:
    from referee.core.dictionary import available_dictionaries

    installed = available_dictionaries()
    assert ("en_US", "hunspell") in installed
    values = [i.value for i in complete("check-word seas --dictionary", "hunspell:")]
    assert values == [
        "hunspell:",
        *sorted(f"hunspell:{t}" for t, p in installed if p == "hunspell"),
    ]
    assert "en_US" in [i.value for i in complete("words --dictionary", "en_")]
    assert [(i.type, i.value) for i in complete("wordblock hint --dictionary", "./w")] == [
        ("file", "./w")
    ]


@pytest.mark.process
def test_bash_completes_a_layout_file_name(tmp_path: Path) -> None:
    """A real bash, reading the completion script ``referee`` prints, completes
    ``--layout setups/sam<TAB>`` to ``setups/sample.yaml``."""
    import pexpect

    bash = shutil.which("bash")
    assert bash is not None
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "PS1": "$ ",
        "INPUTRC": "/dev/null",
    }
    child = pexpect.spawn(
        bash, ["--norc", "--noprofile"], cwd=str(REPO), env=env, encoding="utf-8", timeout=30
    )
    try:
        child.expect_exact("$ ")
        child.sendline('eval "$(_REFEREE_COMPLETE=bash_source referee)"; echo READY')
        child.expect_exact("READY")
        child.expect_exact("$ ")
        child.send("referee check-word seas --layout setups/sam\t")
        child.expect_exact("setups/sample.yaml")
        child.sendline("--at D1")
        child.expect_exact("SEAS is legal: reads east from A1 to E1, skipping D1.")
    finally:
        child.close(force=True)
