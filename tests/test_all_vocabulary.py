"""One vocabulary across the CLI (docs/conventions.md, "One vocabulary").

Two halves. The Click tree: every option name means one kind of value
everywhere, every file is a ``click.Path`` (so shells complete it), a game
file comes first, and the options table of docs/conventions.md is the tree's.
The JSON: every command is run with ``--json`` on the sample files, and the
shared keys mean one thing: ``valid`` is the exit code's verdict, ``reason``
comes with ``explanation``, a written file is ``output``, a seed is a whole
number, the old names are gone, and an error is one JSON object too.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import pytest

from helpers import Runner, in_process
from referee.cli import cli
from referee.cli.options import GamePath
from test_all_docs import LEAVES

ROOT = Path(__file__).resolve().parent.parent
CONVENTIONS = (ROOT / "docs" / "conventions.md").read_text(encoding="utf-8")

# ------------------------------------------------------------------ the Click tree


def options() -> Iterator[tuple[str, click.Option]]:
    """Every visible option of every command (hidden ones are old names kept
    for old scripts), with the command's path."""
    for path, cmd in LEAVES:
        for p in cmd.params:
            if isinstance(p, click.Option) and not p.hidden and p.name != "help":
                yield path, p


def long_name(p: click.Parameter) -> str:
    return max(p.opts, key=len)


def family(p: click.Parameter) -> str:
    """The kind of value: a flag, a file, a whole number, a number or text (a
    choice is text from a list)."""
    if isinstance(p, click.Option) and p.is_flag:
        return "flag"
    t = p.type
    if isinstance(t, click.Path):
        return "file"
    if isinstance(t, click.types.IntParamType) or t.name == "integer":
        return "integer"
    if getattr(p.callback, "__name__", "") == "whole":  # spotit's whole numbers
        return "integer"
    if isinstance(t, click.types.FloatParamType):
        return "number"
    return "text"


def shown(p: click.Parameter, path: str) -> str:
    """The value as ``--help`` shows it (``flag`` for a flag)."""
    if isinstance(p, click.Option) and p.is_flag:
        return "flag"
    cmd = dict(LEAVES)[path]
    return p.make_metavar(click.Context(cmd))


def documented_options() -> dict[str, str]:
    """The options table of docs/conventions.md: option -> value."""
    rows = re.findall(r"^\| `(--[a-z-]+)` \| (flag|`[^`]+`) \|", CONVENTIONS, re.M)
    assert len(rows) > 40, "the options table of docs/conventions.md"
    return {name: value.strip("`").replace("\\|", "|") for name, value in rows}


def test_one_option_name_one_kind_of_value() -> None:
    kinds: dict[str, set[tuple[str, str]]] = {}
    for path, p in options():
        kinds.setdefault(long_name(p), set()).add((family(p), shown(p, path)))
    mixed = {name: k for name, k in kinds.items() if len(k) > 1}
    assert mixed == {}


def test_whole_numbers_are_n() -> None:
    for path, p in options():
        if family(p) == "integer":
            assert shown(p, path) == "N", (path, long_name(p))


def test_the_options_table_is_the_tree() -> None:
    table = documented_options()
    tree = {long_name(p): shown(p, path) for path, p in options()}
    assert table == tree


def test_players_is_a_list_everywhere_and_counts_have_their_own_name() -> None:
    for path, p in options():
        name = long_name(p)
        if name == "--players":
            assert shown(p, path) == "NAME,...", path
        if name.endswith("-count"):
            assert family(p) == "integer", (path, name)


def test_one_picture_option() -> None:
    """A file is written with -o/--output (or --next, the next frame); the old
    --svg is kept hidden for old scripts only."""
    for path, p in options():
        if long_name(p) == "--output":
            assert p.opts == ["-o", "--output"], path
        assert long_name(p) not in ("--svg", "--pdf", "--file"), path


@pytest.mark.parametrize(
    ("command", "old", "new", "rest"),
    [
        (("spotit", "deal", "caterpillar"), "--players", "--player-count", ("--seed", "7")),
        (("spotit", "generate", "--order", "2"), "--cards", "--card-count", ()),
    ],
    ids=["deal --players", "generate --cards"],
)
def test_old_names_still_work_unseen(
    invoke: Runner, command: tuple[str, ...], old: str, new: str, rest: tuple[str, ...]
) -> None:
    """An old script still runs, and gets the same answer; --help and the
    errors name only the new option."""
    assert invoke(*command, old, "3", *rest) == invoke(*command, new, "3", *rest)
    assert invoke(*command, new, "3", *rest)[0] == 0
    code, out, _ = invoke(*command[:2], "--help")
    assert code == 0 and new in out and old + " " not in out and f"{old}," not in out
    code, _, err = invoke(*command, old, "x", *rest)
    assert code == 2 and f"'{new}'" in err and f"'{old}'" not in err


FILE_METAVARS = ("FILE", "DECK", "DIR", "GAME", "FRAME_FILE")


def test_every_file_is_a_click_path() -> None:
    """Shells complete a click.Path's value as a file name."""
    for path, cmd in LEAVES:
        for p in cmd.params:
            if p.name == "help" or (isinstance(p, click.Option) and p.is_flag):
                continue
            value = shown(p, path)
            is_file = value in FILE_METAVARS or (p.name or "").endswith("file")
            if isinstance(p.type, click.Choice):
                continue  # spotit's GAME is a mini-game's name
            if is_file:
                assert isinstance(p.type, click.Path), (path, p.name)


def test_a_game_file_comes_first() -> None:
    for path, cmd in LEAVES:
        args = [p for p in cmd.params if isinstance(p, click.Argument)]
        games = [i for i, p in enumerate(args) if isinstance(p.type, GamePath)]
        assert games in ([], [0]), path
        if " game " in path and not path.endswith(" new"):
            assert games == [0], path


def test_an_empty_file_name_is_refused(invoke: Runner, tmp_path: Path) -> None:
    """``-o ''`` is not stdout: one error line, exit 2, nothing written."""
    for args in (
        ["setup", "generate", "--seed", "1", "-o", ""],
        ["spotit", "generate", "--order", "2", "-o", ""],
        ["setup", "show", "setups/sample.yaml", "-o", ""],
        ["score-frame", "examples/outofsight/frame2.yaml", "--next", ""],
        ["check-word", "seas", "--layout", "", "--at", "D1"],
    ):
        code, out, err = invoke(*args)
        assert (code, out) == (2, ""), args
        assert err.startswith("Error: ") and "an empty file name" in err, (args, err)
        assert err.count("\n") == 1


# ------------------------------------------------------------------ the JSON


@dataclass(frozen=True)
class Run:
    """One command line (``{d}`` is the run's folder); ``writes`` names the
    file it writes, if any."""

    args: tuple[str, ...]
    writes: str | None = None


def run(line: str, writes: str | None = None) -> Run:
    return Run(tuple(line.split()), writes)


S, E = "setups", "examples"
WB = f"{E}/wordblock/rulebook.yaml"
RUNS: list[Run] = [
    run(f"check-word seas --layout {S}/sample.yaml --at D1"),
    run(f"review {E}/outofsight/game.yaml"),
    run(f"stats {E}"),
    run(f"check-word zzqx --layout {S}/sample.yaml --at D1"),
    run(f"words --layout {S}/sample.yaml --min-length 6"),
    run(f"words --layout {S}/sample.yaml --min-length 20"),
    run("dictionaries"),
    run("examples {d}/samples", writes="{d}/samples/setups/sample.yaml"),
    run("setup catalog"),
    run("setup catalog --template -o {d}/tiles.yaml", writes="{d}/tiles.yaml"),
    run("setup generate --seed 1"),
    run("setup generate --seed 1 -o {d}/s1.yaml", writes="{d}/s1.yaml"),
    run(f"setup code {S}/seed-2024.yaml"),
    run(f"setup verify {S}/sample.yaml"),
    run(f"setup verify {E}/blindspot/tampered-setup.yaml"),
    run(f"setup show {S}/sample.yaml"),
    run(f"setup show {S}/sample.yaml -o {{d}}/s.svg", writes="{d}/s.svg"),
    run(
        f"blindspot game new --layout {S}/sample.yaml --players red,blue -o {{d}}/bs.yaml",
        writes="{d}/bs.yaml",
    ),
    run("blindspot game play {d}/bs.yaml planet --at E8"),
    run("blindspot game bonus {d}/bs.yaml --at A5"),
    run("blindspot game play {d}/bs.yaml zzz --at G2"),
    run("blindspot game play {d}/bs.yaml stales --at E4"),
    run("blindspot game skip-bonus {d}/bs.yaml"),
    run("blindspot game show {d}/bs.yaml"),
    run("blindspot game hint {d}/bs.yaml --min-length 6"),
    run("blindspot game timeout {d}/bs.yaml --anyway"),
    run("blindspot game undo {d}/bs.yaml"),
    run("blindspot game redo {d}/bs.yaml"),
    run(f"score-claim quash --board {WB} --player red"),
    run(f"score-claim rash --board {WB} --player blue"),
    run("wordblock place t-1 --board {d}/board.yaml --at B5 --write", writes="{d}/board.yaml"),
    run(f"wordblock place t-1 --board {WB} --at C4"),
    run(f"wordblock move-block --board {WB} --player blue --to B4"),
    run(f"wordblock hint --board {WB} --player blue --top 3 --dictionary {E}/wordblock/words.txt"),
    run(
        "wordblock game new --players blue,red --draw blue=k,red=x --grid s,h,a,e "
        "--values asteroid -o {d}/wb.yaml",
        writes="{d}/wb.yaml",
    ),
    run("wordblock game place {d}/wb.yaml t --at B2"),
    run("wordblock game show {d}/wb.yaml"),
    run("wordblock game end-turn {d}/wb.yaml"),
    run("wordblock game move-block {d}/wb.yaml --player red --to B4"),
    run("wordblock game claim {d}/wb.yaml seat --player red"),
    run("wordblock game undo {d}/wb.yaml"),
    run("wordblock game redo {d}/wb.yaml"),
    run(f"score-frame {E}/outofsight/example-three.yaml"),
    run(f"score-frame {E}/outofsight/frame2.yaml --next {{d}}/f3.yaml", writes="{d}/f3.yaml"),
    run("take --roll 5,4,2 --cards 9,2"),
    run("take --roll 5,4,2 --cards 11,2"),
    run("take --roll 5,4,2 --row 3,9,11,2,7 --best"),
    run(
        "outofsight game new --players Brian,Jessica --mode advanced -o {d}/os.yaml",
        writes="{d}/os.yaml",
    ),
    run(
        f"outofsight game frame {{d}}/os.yaml {E}/outofsight/example-three.yaml --next {{d}}/n.yaml",
        writes="{d}/n.yaml",
    ),
    run("outofsight game turn {d}/os.yaml --cards red-3,blue-5 --stop"),
    run("outofsight game show {d}/os.yaml"),
    run("outofsight game undo {d}/os.yaml"),
    run("outofsight game undo {d}/os.yaml"),
    run("outofsight game undo {d}/os.yaml"),
    run("outofsight game redo {d}/os.yaml"),
    run(f"outofsight game show {E}/outofsight/game.yaml"),
    run(f"spotit verify {E}/spotit/order-7.yaml"),
    run(f"spotit verify {E}/spotit/fruit.yaml"),
    run(f"spotit match {E}/spotit/order-2.yaml 1 2"),
    run(f"spotit match {E}/spotit/fruit.yaml 4 12"),
    run("spotit generate --order 2 --seed 1"),
    run("spotit generate --order 2 --seed 1 -o {d}/deck.yaml", writes="{d}/deck.yaml"),
    run(f"spotit render {E}/spotit/order-2.yaml -o {{d}}/cards.svg", writes="{d}/cards.svg"),
    run(f"spotit render {E}/spotit/fruit.yaml -o {{d}}/fruit.svg"),
    run("spotit result two-chests --counts ann=12,bob=9,cy=9"),
    run("spotit result well --counts ann=3,bob=1,cy=5"),
    run("spotit deal caterpillar --player-count 3 --seed 7"),
    run(f"spotit deal well --player-count 2 --seed 7 --deck {E}/spotit/fruit.yaml"),
    run("site build {d}/site"),
]
"""Every command that has --json, on the sample files; yes and no where a
command has both. (``timer`` needs a terminal: its --json error is below.)"""

SEARCHES = ("referee words", "referee wordblock hint", "referee blindspot game hint")
"""No verdict: exit 1 means nothing was found."""

OLD_KEYS = ("ok", "finished", "file", "svg", "written", "next_file")


@dataclass(frozen=True)
class Ran:
    run: Run
    code: int
    doc: Any
    folder: Path

    def path(self, text: str) -> str:
        return text.replace("{d}", str(self.folder))


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> list[Ran]:
    """Every run once, in order (the game commands follow each other), from
    the repository's root."""
    folder = tmp_path_factory.mktemp("vocabulary")
    shutil.copyfile(ROOT / WB, folder / "board.yaml")
    out: list[Ran] = []
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)
        for r in RUNS:
            args = [a.replace("{d}", str(folder)) for a in r.args]
            code, stdout, err = in_process(*args, "--json")
            assert code in (0, 1), (args, code, stdout, err)
            docs = stdout.splitlines()
            assert len(docs) == 1, (args, stdout[:500])
            out.append(Ran(r, code, json.loads(docs[0]), folder))
    return out


def command_of(r: Run) -> str:
    """``referee blindspot game play`` for a run of it."""
    words = ["referee"]
    node: click.Command = cli
    for a in r.args:
        if not isinstance(node, click.Group):
            break
        sub = node.get_command(click.Context(node), a)
        if sub is None:
            break
        node = sub
        words.append(a)
    return " ".join(words)


def test_every_command_with_json_is_run() -> None:
    with_json = {path for path, cmd in LEAVES if any(p.name == "as_json" for p in cmd.params)} - {
        "referee timer"
    }
    assert {command_of(r) for r in RUNS} == with_json


def walk_json(doc: Any) -> Iterator[dict[str, Any]]:
    if isinstance(doc, dict):
        yield doc
        for v in doc.values():
            yield from walk_json(v)
    elif isinstance(doc, list):
        for v in doc:
            yield from walk_json(v)


def test_valid_is_the_verdict(ran: list[Ran]) -> None:
    """A yes/no command says ``valid`` and its exit says the same; a no (exit 1)
    always carries ``valid: false``, except a search that found nothing."""
    for r in ran:
        name = command_of(r.run)
        if name in SEARCHES:
            assert "valid" not in r.doc, name
            assert (r.code == 1) == (r.doc["count"] == 0), r.run.args
            continue
        if r.code == 1 or "valid" in r.doc:
            assert r.doc["valid"] is (r.code == 0), (r.run.args, r.code)


def test_both_verdicts_are_run() -> None:
    """The runs cover a yes and a no of the main yes/no commands."""
    for name in ("referee check-word", "referee spotit match", "referee spotit result"):
        assert sum(command_of(r) == name for r in RUNS) >= 2, name


def test_reason_comes_with_explanation(ran: list[Ran]) -> None:
    for r in ran:
        for d in walk_json(r.doc):
            if "reason" in d and "action" not in d:  # a game file's recorded action is its own
                assert "explanation" in d, (r.run.args, sorted(d))
                assert (d["reason"] is None) == (d["explanation"] is None), (r.run.args, d)


def test_a_no_says_why(ran: list[Ran]) -> None:
    for r in ran:
        if r.code == 1 and "reason" in r.doc:
            assert isinstance(r.doc["explanation"], str) and r.doc["explanation"], r.run.args


def test_a_written_file_is_output(ran: list[Ran]) -> None:
    for r in ran:
        if r.run.writes is not None:
            written = r.path(r.run.writes)
            output = r.doc["output"]
            if isinstance(output, list):  # `examples`: every file it wrote
                assert written in output, r.run.args
                assert all(Path(f).is_file() for f in output)
            else:
                assert output == written, r.run.args
            assert Path(written).is_file()
        elif "output" in r.doc:
            assert r.doc["output"] is None, r.run.args


def test_old_names_are_gone(ran: list[Ran]) -> None:
    for r in ran:
        for d in walk_json(r.doc):
            assert not set(OLD_KEYS) & set(d), (r.run.args, sorted(set(OLD_KEYS) & set(d)))


def test_seeds_are_whole_numbers(ran: list[Ran]) -> None:
    seen = 0
    for r in ran:
        for d in walk_json(r.doc):
            if "seed" in d:
                assert d["seed"] is None or type(d["seed"]) is int, r.run.args
                seen += d["seed"] is not None
    assert seen >= 3


def test_over_is_a_yes_or_no(ran: list[Ran]) -> None:
    for r in ran:
        for d in walk_json(r.doc):
            if "over" in d:
                assert isinstance(d["over"], bool), r.run.args


def documented_keys() -> list[str]:
    rows = re.findall(r"^\| `([a-z_]+)` \| ", CONVENTIONS, re.M)
    return [k for k in rows if not k.startswith("-")]


def test_the_keys_table_is_what_is_checked() -> None:
    assert documented_keys() == [
        "valid",
        "reason",
        "explanation",
        "over",
        "output",
        "seed",
        "version",
        "error",
    ]
    for old in OLD_KEYS:
        assert f"`{old}`" in CONVENTIONS.split("Old names", 1)[1].split("\n\n", 1)[0]


def test_game_commands_report_the_version(ran: list[Ran]) -> None:
    for r in ran:
        name = command_of(r.run)
        if " game " in name and name.split()[-1] not in ("new", "hint"):
            assert type(r.doc.get("version")) is int, r.run.args


# ------------------------------------------------------------------ errors under --json


def error_cases() -> list[tuple[str, ...]]:
    """For every command with --json: a usage error (an unknown option), and
    one input error per game."""
    cases: list[tuple[str, ...]] = []
    for path, cmd in LEAVES:
        if any(p.name == "as_json" for p in cmd.params):
            cases.append((*path.split()[1:], "--no-such-option"))
    cases += [
        ("check-word", "seas", "--layout", "missing.yaml", "--at", "D1"),
        ("spotit", "verify", "missing.yaml"),
        ("score-frame", "missing.yaml"),
        ("score-claim", "quash", "--board", "missing.yaml", "--player", "red"),
        ("take", "--roll", "9,9,9", "--cards", "1"),
        ("timer",),  # stdin is not a terminal
    ]
    return cases


@pytest.mark.parametrize("args", error_cases(), ids=" ".join)
def test_an_error_under_json_is_one_json_object(args: tuple[str, ...]) -> None:
    code, out, err = in_process(*args, "--json")
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    doc = json.loads(out)
    assert set(doc) == {"error"} and set(doc["error"]) == {"kind", "message"}
    assert doc["error"]["message"] == lines[0].removeprefix("Error: ")
    usage = args[-1] == "--no-such-option"
    assert doc["error"]["kind"] == ("usage" if usage else "input"), doc


def test_json_after_a_double_dash_is_not_the_option() -> None:
    code, out, err = in_process(
        "check-word", "--layout", "missing.yaml", "--at", "D1", "--", "--json"
    )
    assert (code, out) == (2, "")
    assert err.startswith("Error: ")
