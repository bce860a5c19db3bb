"""Every command family as a real ``python -m referee`` process, once.

The acceptance tests run the CLI in-process (click's CliRunner: the ``referee``
fixture). Here each family's usual session runs twice, step by step: as real
processes from the repo root (stdin and stdout are pipes, the program starts
and imports for real) and in-process, each in its own scratch folder. Every
step must give the same exit code (the one in the table), stdout and stderr,
and the two folders must end up with the same files, byte for byte (the
scratch folder's name aside). The session steps are the README's and the
issues' typical uses, good and bad input both.

Other real-process tests live beside the behaviour they need a process for:
the terminal colour tests, the console script, the timer in a pseudo-terminal,
the memory caps, the completion scripts, the docs' examples. All are marked
``process``: the default run leaves them out, .ci/run runs them.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from helpers import SAMPLE, SAMPLE_POSITION, Outcome, Runner

REPO = Path(__file__).resolve().parent.parent
BOARD = "examples/wordblock/rulebook.yaml"
FRUIT = "examples/spotit/fruit.yaml"
EXAMPLE_THREE = "examples/outofsight/example-three.yaml"
WORDS = "examples/wordblock/words.txt"


@dataclass(frozen=True)
class Step:
    """One command; ``{tmp}`` in ``args`` and ``input`` is the session's scratch
    folder, and an ``input`` of ``@PATH`` is that file's text (from the repo root)."""

    code: int
    args: tuple[str, ...]
    input: str | None = None
    env: tuple[tuple[str, str | None], ...] = ()


def step(code: int, command: str, input: str | None = None, **env: str | None) -> Step:
    """``command`` as typed after ``referee`` (split as a shell would)."""
    return Step(code, tuple(shlex.split(command)), input, tuple(env.items()))


def lines(*objects: object) -> str:
    return "".join(json.dumps(o) + "\n" for o in objects)


GAME = "{tmp}/game.yaml"

SESSIONS: dict[str, list[Step]] = {
    "check-word": [
        step(0, f"check-word seas --layout {SAMPLE} --at D1", NO_COLOR=None),  # piped: no colour
        step(0, f"check-word cat --layout {SAMPLE} --at H5 --glasses --json"),
        step(1, f"check-word welt --layout {SAMPLE} --at C4 --position {SAMPLE_POSITION}"),
        step(0, "check-word seas --layout - --at D1 --json", input=f"@{SAMPLE}"),
        step(
            2,
            f"check-word --batch --layout {SAMPLE}",
            input=lines({"word": "seas", "at": "D1"}, {"word": "koi", "at": "C2"}, [1]),
        ),
        step(2, "check-word seas --layout {tmp}/missing.yaml --at D1"),
    ],
    "words": [
        step(0, f"words --layout {SAMPLE} --min-length 6"),
        step(0, f"words --layout {SAMPLE} --at D1 --json"),
    ],
    "setup": [
        step(0, "setup generate --seed 2024"),
        step(0, "setup generate --seed 1 -o {tmp}/seed-1.yaml"),
        step(0, "setup verify {tmp}/seed-1.yaml"),
        step(0, "setup code {tmp}/seed-1.yaml"),
        step(0, "setup show setups/by-tiles.yaml"),
        step(2, "setup generate --seed 1 -o {tmp}/seed-1.yaml"),  # exists: no --force
    ],
    "blindspot-game": [
        step(0, f"blindspot game new --layout {SAMPLE} --players red,blue -o {GAME} --json"),
        step(0, f"blindspot game play {GAME} pet --at G1 --json"),
        step(0, f"blindspot game play {GAME} tale --at E4"),
        step(0, f"blindspot game play {GAME} planet --at E8 --json"),
        step(0, f"blindspot game bonus {GAME} --at A5 --json"),
        step(0, f"blindspot game hint {GAME}"),
        step(0, f"blindspot game show {GAME}"),
        step(2, f"blindspot game play {GAME} pet --at Z9"),
    ],
    "score-claim": [
        step(0, f"score-claim quash --board {BOARD} --player red"),
        step(1, f"score-claim rash --board {BOARD} --player blue --json"),  # no block on it
        step(
            0,
            f"score-claim --batch --board {BOARD} --player blue",
            input=lines({"word": "she"}, {"word": "shoo"}, {"word": "saw"}),
        ),
        step(2, f"score-claim quash --board {BOARD} --player nobody"),
    ],
    "wordblock": [
        step(0, f"wordblock place t-1 --board {BOARD} --at B5"),
        step(0, f"wordblock move-block --board {BOARD} --player blue --to B4 --json"),
        step(0, f"wordblock hint --board {BOARD} --player blue --dictionary {WORDS} --top 4"),
        step(0, f"wordblock game new --free --players blue,red,green --board {BOARD} -o {GAME}"),
        step(0, f"wordblock game claim {GAME} quash --player red"),
        step(0, f"wordblock game place {GAME} p-4 --at A3 --player blue"),
        step(0, f"wordblock game undo {GAME}"),
        step(0, f"wordblock game show {GAME}"),
    ],
    "outofsight": [
        step(0, f"score-frame {EXAMPLE_THREE} --prefer Brian=purple --next {{tmp}}/frame2.yaml"),
        step(
            0,
            "score-frame - --final --json",
            input="mode: advanced\nplayers:\n  Ann: [red-1, red-5, blue-2, green, gold-3]\n",
        ),
        step(2, "score-frame -", input="players:\n  Brian: [blue-seven]\n"),
        step(0, "take --roll 5,4,2 --row 3,9,11,2,7 --best"),
        step(1, "take --roll 5,4,2 --cards 2,3"),
        step(0, "take --roll 5,4,2 --cards 11 --json"),
        step(0, f"outofsight game new --players Brian,Jessica --mode advanced -o {GAME}"),
        step(0, f"outofsight game frame {GAME} {EXAMPLE_THREE}"),
        step(0, f"outofsight game frame {GAME} examples/outofsight/frame2.yaml"),
        # Jessica has no bank: the rules refuse the frame (exit 1, issue 22).
        step(1, f"outofsight game frame {GAME} -", input="players:\n  Brian: [silver-1]\n"),
        step(0, f"outofsight game show {GAME}"),
    ],
    "spotit": [
        step(1, f"spotit verify {FRUIT}"),  # not a plane
        step(0, "spotit verify examples/spotit/lost-two.yaml --json"),  # a subset of a plane
        step(1, f"spotit match {FRUIT} 4 12"),  # they share two
        step(0, "spotit generate --order 3 --seed 2024 -o {tmp}/deck.yaml"),
        step(0, "spotit verify -", input="@{tmp}/deck.yaml"),
        step(0, "spotit render {tmp}/deck.yaml -o {tmp}/cards.svg"),
        step(0, "spotit result two-chests --counts ann=12,bob=9,cy=9"),
        step(0, "spotit deal caterpillar --player-count 3 --seed 7 --json"),
        step(2, "spotit generate --order 6"),
    ],
    "timer": [
        step(2, "timer", input=""),  # stdin is not a terminal
        step(2, "timer --seconds 0", input=""),
    ],
    "general": [
        step(0, "--version"),
        step(0, "--help"),
        step(0, "dictionaries"),
        step(0, "dictionaries --json"),
        step(2, "spotit"),  # a group alone: its help
        step(2, "no-such-command"),
    ],
}


def _run_step(runner: Runner, s: Step, folder: Path) -> Outcome:
    def here(text: str) -> str:
        return text.replace("{tmp}", str(folder))

    text = None if s.input is None else here(s.input)
    if text is not None and text.startswith("@"):
        text = (REPO / text[1:]).read_text(encoding="utf-8")
    # CliRunner lays help out 80 columns wide; a real process, its terminal width less 2.
    env = {"COLUMNS": "82", **dict(s.env)}
    code, out, err = runner(*map(here, s.args), input=text, env=env)
    return code, out.replace(str(folder), "{tmp}"), err.replace(str(folder), "{tmp}")


def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes().replace(str(folder).encode(), b"{tmp}")
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.mark.process
@pytest.mark.parametrize("family", list(SESSIONS))
def test_a_real_process_does_what_the_in_process_run_does(
    family: str, run: Runner, invoke: Runner, tmp_path: Path
) -> None:
    real, here = tmp_path / "process", tmp_path / "in-process"
    real.mkdir()
    here.mkdir()
    for s in SESSIONS[family]:
        got = _run_step(run, s, real)
        assert got == _run_step(invoke, s, here), s.args
        assert got[0] == s.code, (s.args, got)
        assert "Traceback" not in got[1] + got[2]
    assert _files(real) == _files(here)
