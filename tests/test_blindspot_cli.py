"""Acceptance tests for the Blind Spot commands, on the real enchant dictionary.

Verdict tests run in-process through click's CliRunner (test_all_process.py runs
the commands as real processes; the terminal tests here start their own). The
examples follow the rulebook's
"Examples of Play" on setups/sample.yaml.
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from helpers import ASPELL, SAMPLE, SAMPLE_POSITION, Runner, one_json
from referee.blindspot.render import explain

HUNSPELL = {"name": "en_US", "provider": "hunspell"}

SEAS_BOARD = """\
     A  B  C  D  E  F  G  H  I
 1  [S][E][A](*)[S] T  O  E  P
 2   K  O  M  I  E  G  U  U  D
 3   B  H  V  N  L  C  W  Y  F
 4   W  E  A  L  O  T  A  R  U
 5   G  J  T  D  A  Q  N  X  Z
 6   N  O  I  R  T  C  A  M  T
 7   E  T  E  C  S  T  A  R  S
 8   P  L  A  N  O  E  T  Y  B
 9   A  O  P  E  T  M  I  S  H
"""

TEAM_POSITION = """\
teams: [[red, yellow], [blue, green]]
glasses:
  yellow: 1
"""


def verdict(
    word: str,
    at: str,
    cells: list[str],
    direction: str | None,
    *,
    valid: bool,
    reason: str | None = None,
    bonus: bool = False,
    player: str = "red",
    dictionary: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "valid": valid,
        "word": word,
        "at": at,
        "cells": cells,
        "direction": direction,
        "bonus": bonus,
        "reason": reason,
        "explanation": explain(reason),
        "player": player,
        "dictionary": dictionary if dictionary is not None else ASPELL,
    }


# ----------------------------------------------------------------- the SEAS example


def test_seas_text(referee: Runner) -> None:
    code, out, err = referee("check-word", "seas", "--layout", SAMPLE, "--at", "D1")
    assert (code, err) == (0, "")
    assert out == SEAS_BOARD + "\nSEAS is legal: reads east from A1 to E1, skipping D1.\n"
    assert out.splitlines()[-1] == "SEAS is legal: reads east from A1 to E1, skipping D1."


def test_seas_json(referee: Runner) -> None:
    code, out, err = referee("check-word", "seas", "--layout", SAMPLE, "--at", "D1", "--json")
    assert (code, err) == (0, "")
    assert one_json(out) == verdict("seas", "D1", ["A1", "B1", "C1", "E1"], "E", valid=True)


def test_word_is_case_insensitive_and_cell_too(referee: Runner) -> None:
    code, out, err = referee("check-word", "SeAs", "--layout", SAMPLE, "--at", "d1", "--json")
    assert (code, err) == (0, "")
    assert one_json(out) == verdict("seas", "D1", ["A1", "B1", "C1", "E1"], "E", valid=True)


def test_layout_from_stdin(referee: Runner, sample_layout: Path) -> None:
    text = sample_layout.read_text(encoding="utf-8")
    code, out, err = referee(
        "check-word", "seas", "--layout", "-", "--at", "D1", "--json", input=text
    )
    assert (code, err) == (0, "")
    assert one_json(out) == verdict("seas", "D1", ["A1", "B1", "C1", "E1"], "E", valid=True)


# ------------------------------------------------------------- verdicts, as JSON


@dataclass(frozen=True)
class Case:
    args: tuple[str, ...]
    code: int
    expected: dict[str, Any]
    files: dict[str, str] = field(default_factory=dict)
    """Files written to tmp_path first; ``{tmp}`` in args is replaced by its path."""


CASES: dict[str, Case] = {
    "pet-reads-west": Case(
        ("pet", "--at", "G1"),
        0,
        verdict("pet", "G1", ["I1", "H1", "F1"], "W", valid=True),
    ),
    "tale-blue-reads-north-past-red-on-g1": Case(
        ("tale", "--at", "E4", "--player", "blue", "--position", "{tmp}/red-g1.yaml"),
        0,
        verdict("tale", "E4", ["E6", "E5", "E3", "E2"], "N", valid=True, player="blue"),
        {"red-g1.yaml": "spots:\n  red: [G1]\n"},
    ),
    "tale-player-name-case-insensitive": Case(
        ("tale", "--at", "E4", "--player", "BLUE"),
        0,
        verdict("tale", "E4", ["E6", "E5", "E3", "E2"], "N", valid=True, player="blue"),
    ),
    "welt-blocked-by-blue": Case(
        ("welt", "--at", "C4", "--position", SAMPLE_POSITION),
        1,
        verdict("welt", "C4", ["A4", "B4", "D4", "F4"], "E", valid=False, reason="blocked"),
    ),
    "welt-legal-across-own-spot": Case(
        ("welt", "--at", "C4", "--position", "{tmp}/red-e4.yaml"),
        0,
        verdict("welt", "C4", ["A4", "B4", "D4", "F4"], "E", valid=True),
        {"red-e4.yaml": "spots:\n  red: [E4]\n"},
    ),
    "welt-legal-across-teammate-spot": Case(
        ("welt", "--at", "C4", "--position", "{tmp}/yellow-e4.yaml"),
        0,
        verdict("welt", "C4", ["A4", "B4", "D4", "F4"], "E", valid=True),
        {"yellow-e4.yaml": "teams: [[red, yellow], [blue, green]]\nspots:\n  yellow: [E4]\n"},
    ),
    "welt-not-found-without-spot-on-e4": Case(
        ("welt", "--at", "C4"),
        1,
        verdict("welt", "C4", [], None, valid=False, reason="not-found"),
    ),
    "tie-spot-at-end": Case(
        ("tie", "--at", "C4", "--position", SAMPLE_POSITION),
        1,
        verdict("tie", "C4", ["C5", "C6", "C7"], "S", valid=False, reason="spot-at-end"),
    ),
    "opt-bottom-row": Case(
        ("opt", "--at", "D9", "--position", SAMPLE_POSITION),
        0,
        verdict("opt", "D9", ["B9", "C9", "E9"], "E", valid=True),
    ),
    "tale-on-blue-spot-occupied": Case(
        ("tale", "--at", "E4", "--player", "blue", "--position", SAMPLE_POSITION),
        1,
        verdict("tale", "E4", [], None, valid=False, reason="occupied", player="blue"),
    ),
    "koi-on-rulebook-list": Case(
        ("koi", "--at", "C2"),
        0,
        verdict("koi", "C2", ["A2", "B2", "D2"], "E", valid=True),
    ),
    "etc-not-on-rulebook-list": Case(
        ("etc", "--at", "C7"),
        1,
        verdict(
            "etc", "C7", ["A7", "B7", "D7"], "E", valid=False, reason="not-allowed-three-letter"
        ),
    ),
    "cat-diagonal-needs-glasses": Case(
        ("cat", "--at", "H5"),
        1,
        verdict(
            "cat", "H5", ["F3", "G4", "I6"], "SE", valid=False, reason="diagonal-needs-glasses"
        ),
    ),
    "cat-with-glasses-flag": Case(
        ("cat", "--at", "H5", "--glasses"),
        0,
        verdict("cat", "H5", ["F3", "G4", "I6"], "SE", valid=True),
    ),
    "cat-with-glasses-in-position": Case(
        ("cat", "--at", "H5", "--position", "{tmp}/glasses.yaml"),
        0,
        verdict("cat", "H5", ["F3", "G4", "I6"], "SE", valid=True),
        {"glasses.yaml": "glasses:\n  red: 1\n"},
    ),
    "cat-teammate-yellow-has-glasses": Case(
        ("cat", "--at", "H5", "--position", "{tmp}/team.yaml"),
        0,
        verdict("cat", "H5", ["F3", "G4", "I6"], "SE", valid=True),
        {"team.yaml": TEAM_POSITION},
    ),
    "cat-other-team-blue-has-no-glasses": Case(
        ("cat", "--at", "H5", "--player", "blue", "--position", "{tmp}/team.yaml"),
        1,
        verdict(
            "cat",
            "H5",
            ["F3", "G4", "I6"],
            "SE",
            valid=False,
            reason="diagonal-needs-glasses",
            player="blue",
        ),
        {"team.yaml": TEAM_POSITION},
    ),
    "planet-farsighted-bonus": Case(
        ("planet", "--at", "E8"),
        0,
        verdict("planet", "E8", ["A8", "B8", "C8", "D8", "F8", "G8"], "E", valid=True, bonus=True),
    ),
    "made-up-word-not-in-dictionary": Case(
        ("seast", "--at", "D1"),
        1,
        verdict(
            "seast",
            "D1",
            ["A1", "B1", "C1", "E1", "F1"],
            "E",
            valid=False,
            reason="not-in-dictionary",
        ),
    ),
    "hunspell-provider": Case(
        ("seas", "--at", "D1", "--dictionary", "hunspell:en_US"),
        0,
        verdict("seas", "D1", ["A1", "B1", "C1", "E1"], "E", valid=True, dictionary=HUNSPELL),
    ),
    "word-list-file-accepts-house-word": Case(
        ("seast", "--at", "D1", "--dictionary", "{tmp}/house.txt"),
        0,
        verdict(
            "seast",
            "D1",
            ["A1", "B1", "C1", "E1", "F1"],
            "E",
            valid=True,
            bonus=True,
            dictionary={"name": "house.txt", "provider": "word-list"},
        ),
        {"house.txt": "# our words\nSeast\n\nseas  # trailing comment\n"},
    ),
    "word-list-file-replaces-enchant": Case(
        ("planet", "--at", "E8", "--dictionary", "{tmp}/house.txt"),
        1,
        verdict(
            "planet",
            "E8",
            ["A8", "B8", "C8", "D8", "F8", "G8"],
            "E",
            valid=False,
            reason="not-in-dictionary",
            dictionary={"name": "house.txt", "provider": "word-list"},
        ),
        {"house.txt": "seast\n"},
    ),
    "allow-adds-house-word": Case(
        ("seast", "--at", "D1", "--allow", "{tmp}/allow.txt"),
        0,
        verdict(
            "seast",
            "D1",
            ["A1", "B1", "C1", "E1", "F1"],
            "E",
            valid=True,
            bonus=True,
            dictionary={**ASPELL, "allowed_extra": 1},
        ),
        {"allow.txt": "# house words\nSEAST\n"},
    ),
    "allow-keeps-enchant-words": Case(
        ("planet", "--at", "E8", "--allow", "{tmp}/allow.txt"),
        0,
        verdict(
            "planet",
            "E8",
            ["A8", "B8", "C8", "D8", "F8", "G8"],
            "E",
            valid=True,
            bonus=True,
            dictionary={**ASPELL, "allowed_extra": 1},
        ),
        {"allow.txt": "seast\n"},
    ),
    "too-short": Case(
        ("se", "--at", "D1"),
        1,
        verdict("se", "D1", [], None, valid=False, reason="too-short"),
    ),
    "eliminated-after-two-glasses-spots": Case(
        ("seas", "--at", "D1", "--position", "{tmp}/out.yaml"),
        1,
        verdict("seas", "D1", [], None, valid=False, reason="eliminated"),
        {"out.yaml": "glasses:\n  red: 2\n"},
    ),
    "team-out-when-teammate-has-two-glasses-spots": Case(
        ("seas", "--at", "D1", "--position", "{tmp}/out.yaml"),
        1,
        verdict("seas", "D1", [], None, valid=False, reason="eliminated"),
        {"out.yaml": "teams: [[red, yellow], [blue, green]]\nglasses:\n  yellow: 2\n"},
    ),
    "other-team-not-eliminated": Case(
        ("seas", "--at", "D1", "--player", "blue", "--position", "{tmp}/out.yaml"),
        0,
        verdict("seas", "D1", ["A1", "B1", "C1", "E1"], "E", valid=True, player="blue"),
        {"out.yaml": "teams: [[red, yellow], [blue, green]]\nglasses:\n  yellow: 2\n"},
    ),
}


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_check_word_json(referee: Runner, tmp_path: Path, case: Case) -> None:
    for name, text in case.files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    args = [a.replace("{tmp}", str(tmp_path)) for a in case.args]
    code, out, err = referee("check-word", args[0], "--layout", SAMPLE, *args[1:], "--json")
    assert err == ""
    assert one_json(out) == case.expected
    assert code == case.code


def test_welt_blocked_text(referee: Runner) -> None:
    code, out, err = referee(
        "check-word", "welt", "--layout", SAMPLE, "--at", "C4", "--position", SAMPLE_POSITION
    )
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[1] == " 1   S  E  A  R  S  T (r) E  P"
    assert lines[4] == " 4  [W][E](*)[L](b)[T] A  R  U"
    assert lines[-1] == (
        "WELT is not legal at C4: blocked: the word is there, but only across another "
        "player's spot (reads east from A4 to F4, skipping C4, E4)."
    )


def test_planet_text_mentions_bonus(referee: Runner) -> None:
    code, out, err = referee("check-word", "planet", "--layout", SAMPLE, "--at", "E8")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == (
        "PLANET is legal: reads east from A8 to G8, skipping E8. "
        "Farsighted bonus: place one more spot anywhere."
    )


def test_dictionary_not_installed(referee: Runner) -> None:
    code, out, err = referee(
        "check-word", "seas", "--layout", SAMPLE, "--at", "D1", "--dictionary", "xx_XX"
    )
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith("Error: ")
    assert "aspell:xx_XX is not installed" in err
    assert "apt-get install aspell-xx" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("spec", "package"),
    [
        ("myspell:en_US", "apt-get install hunspell-en-us"),  # myspell: enchant 1's hunspell
        ("hunspell:xx_YY", "apt-get install hunspell-xx-yy (or hunspell-xx)"),
        ("nuspell:xx", "apt-get install hunspell-xx;"),
        ("aspell:xx_YY", "apt-get install aspell-xx;"),
        ("zzspell:xx_YY", "install a zzspell dictionary for xx_YY"),
    ],
)
def test_a_missing_dictionary_names_the_package(referee: Runner, spec: str, package: str) -> None:
    code, out, err = referee(
        "check-word", "seas", "--layout", SAMPLE, "--at", "D1", "--dictionary", spec
    )
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"Error: dictionary {spec} is not installed")
    assert package in err
    assert "apt-get install en)" not in err and "apt-get install xx)" not in err


def test_dictionary_from_environment(referee: Runner) -> None:
    code, out, err = referee(
        "check-word",
        "seas",
        "--layout",
        SAMPLE,
        "--at",
        "D1",
        "--json",
        env={"REFEREE_DICTIONARY": "hunspell:en_US"},
    )
    assert (code, err) == (0, "")
    assert one_json(out)["dictionary"] == HUNSPELL


# ------------------------------------------------------------------ tiles layouts

TILES_LAYOUT = """\
game: blind-spot
tiles:
  - [1A, 2B, 3A]
  - [4A, 5B, 6A]
  - [7A, 8B, 9A]
"""

MEANT_BOARD = """\
     A  B  C  D  E  F  G  H  I
 1   T  O  D  N  P  I  C  A  A
 2  [T][N](*)[A][E][M] T  N  E
 3   E  N  E  A  I  I  T  O  R
 4   H  S  A  I  I  O  E  B  M
 5   R  O  C  I  W  E  E  R  I
 6   W  I  N  C  H  D  D  E  I
 7   R  E  B  I  N  I  O  A  R
 8   H  I  M  C  N  U  H  T  S
 9   L  S  T  S  D  L  M  W  A

MEANT is legal: reads west from F2 to A2, skipping C2. Farsighted bonus: place one more spot anywhere.
"""


def test_tiles_layout_resolved_with_standard_catalog(referee: Runner, tmp_path: Path) -> None:
    layout = tmp_path / "tiles.yaml"
    layout.write_text(TILES_LAYOUT, encoding="utf-8")
    code, out, err = referee("check-word", "meant", "--layout", str(layout), "--at", "C2")
    assert (code, err) == (0, "")
    assert out == MEANT_BOARD


def test_tiles_layout_rows_as_strings(referee: Runner, tmp_path: Path) -> None:
    layout = tmp_path / "tiles.yaml"
    layout.write_text("tiles:\n  - 1a 2b 3a\n  - 4A, 5B, 6A\n  - [7A, 8B, 9A]\n", encoding="utf-8")
    code, out, err = referee("check-word", "meant", "--layout", str(layout), "--at", "C2", "--json")
    assert (code, err) == (0, "")
    assert one_json(out) == verdict(
        "meant", "C2", ["F2", "E2", "D2", "B2", "A2"], "W", valid=True, bonus=True
    )


# -------------------------------------------------------------------------- words


def test_words_at_d1_json(referee: Runner) -> None:
    code, out, err = referee("words", "--layout", SAMPLE, "--at", "D1", "--json")
    assert (code, err) == (0, "")
    data = one_json(out)
    assert {"at": "D1", "word": "seas", "direction": "E", "cells": ["A1", "B1", "C1", "E1"]} in (
        data["plays"]
    )
    assert data == {
        "player": "red",
        "count": 2,
        "plays": [
            {"at": "D1", "word": "east", "direction": "E", "cells": ["B1", "C1", "E1", "F1"]},
            {"at": "D1", "word": "seas", "direction": "E", "cells": ["A1", "B1", "C1", "E1"]},
        ],
        "dictionary": ASPELL,
    }


def test_words_min_length_6(referee: Runner) -> None:
    code, out, err = referee("words", "--layout", SAMPLE, "--min-length", "6")
    assert (code, err) == (0, "")
    assert out == (
        "AT  WORD    DIR CELLS\n"
        "E4  STALES  N   E7 E6 E5 E3 E2 E1\n"
        "E5  STOLES  N   E7 E6 E4 E3 E2 E1\n"
        "D6  ACTION  W   G6 F6 E6 C6 B6 A6\n"
        "E8  PLANET  E   A8 B8 C8 D8 F8 G8\n"
        "4 legal plays for red.\n"
    )


@pytest.mark.parametrize(
    ("position", "code", "expected"),
    [
        (None, 0, "AT  WORD  DIR CELLS\nC4  TOLE  W   F4 E4 D4 B4\n1 legal play for red at C4.\n"),
        (
            "red: [E4]",
            0,
            "AT  WORD  DIR CELLS\nC4  WELT  E   A4 B4 D4 F4\n1 legal play for red at C4.\n",
        ),
        ("red: [G1]\n  blue: [E4]", 1, "No legal play for red at C4.\n"),
    ],
    ids=["no-spots", "own-spot-on-e4", "blue-on-e4"],
)
def test_words_respects_position(
    referee: Runner, tmp_path: Path, position: str | None, code: int, expected: str
) -> None:
    args = ["words", "--layout", SAMPLE, "--at", "C4"]
    if position is not None:
        (tmp_path / "pos.yaml").write_text(f"spots:\n  {position}\n", encoding="utf-8")
        args += ["--position", str(tmp_path / "pos.yaml")]
    assert referee(*args) == (code, expected, "")


def test_words_none_exit_1(referee: Runner, tmp_path: Path) -> None:
    layout = tmp_path / "q.yaml"
    layout.write_text("letters:\n" + "  - qqqqqqqqq\n" * 9, encoding="utf-8")
    code, out, err = referee("words", "--layout", str(layout))
    assert (code, out, err) == (1, "No legal play for red.\n", "")
    code, out, err = referee("words", "--layout", str(layout), "--at", "E5", "--json")
    assert (code, err) == (1, "")
    assert one_json(out) == {"player": "red", "count": 0, "plays": [], "dictionary": ASPELL}


# ---------------------------------------------------------- general and the group


def test_dictionaries_json(referee: Runner) -> None:
    code, out, err = referee("dictionaries", "--json")
    assert (code, err) == (0, "")
    data = one_json(out)
    assert data["default"] == ASPELL
    assert ASPELL in data["available"]
    assert HUNSPELL in data["available"]
    assert data["available"] == sorted(data["available"], key=lambda d: (d["name"], d["provider"]))


def test_dictionaries_text(referee: Runner) -> None:
    code, out, err = referee("dictionaries")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Default: aspell:en_US"
    assert "  aspell:en_US (default)" in lines
    assert "  hunspell:en_US" in lines


def test_version(referee: Runner) -> None:
    assert referee("--version") == (0, "referee 0.1.0\n", "")


@pytest.mark.process
def test_console_script_version(repo: Path) -> None:
    script = Path(sys.executable).parent / "referee"
    proc = subprocess.run(
        [str(script), "--version"], cwd=repo, capture_output=True, text=True, check=False
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "referee 0.1.0\n", "")


def test_help_shows_sections(referee: Runner) -> None:
    code, out, err = referee("--help")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Usage: referee [OPTIONS] COMMAND [ARGS]..."
    blind, general = lines.index("Blind Spot:"), lines.index("General:")
    assert blind < general
    commands = [line.split()[0] for line in lines[blind + 1 : general] if line.strip()]
    assert commands[:3] == ["check-word", "words", "setup"]
    assert "dictionaries" in [line.split()[0] for line in lines[general + 1 :] if line.strip()]
    assert "Commands:" not in lines


@pytest.mark.parametrize(
    ("args", "usage"),
    [
        ((), "Usage: referee [OPTIONS] COMMAND [ARGS]..."),
        (("check-word",), "Usage: referee check-word [OPTIONS] [WORD]"),
        (("words",), "Usage: referee words [OPTIONS]"),
    ],
    ids=["referee", "check-word", "words"],
)
def test_no_arguments_prints_readable_help(
    referee: Runner, args: tuple[str, ...], usage: str
) -> None:
    """No arguments: the help, laid out as help (click >= 8.2 exits 2 for this),
    not folded into one ``Error: Usage: ...`` line."""
    code, out, err = referee(*args)
    lines = (out + err).splitlines()
    assert code == 2
    assert usage in lines
    assert "Options:" in lines
    assert not any(line.startswith("Error: Usage:") for line in lines)
    assert "Traceback" not in out + err


# ------------------------------------------------------------------------- colour


def _on_terminal(repo: Path, args: list[str], env: dict[str, str]) -> tuple[int, bytes]:
    """Run with stdout on a pseudo-terminal; return (exit code, bytes written)."""
    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "referee", *args],
            cwd=repo,
            env=env,
            stdout=slave,
            stderr=subprocess.PIPE,
        )
    finally:
        os.close(slave)
    chunks: list[bytes] = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    proc.wait(timeout=60)
    assert proc.stderr is not None
    assert proc.stderr.read() == b""
    proc.stderr.close()
    return proc.returncode, b"".join(chunks)


def _clean_env() -> dict[str, str]:
    return {
        k: v
        for k, v in os.environ.items()
        if k not in ("NO_COLOR", "REFEREE_DICTIONARY", "REFEREE_CATALOG")
    }


SEAS_ARGS = ["check-word", "seas", "--layout", SAMPLE, "--at", "D1"]


@pytest.mark.process
def test_colour_on_a_terminal(repo: Path) -> None:
    code, data = _on_terminal(repo, SEAS_ARGS, _clean_env())
    assert code == 0
    assert b"\x1b[" in data


@pytest.mark.process
def test_no_color_on_a_terminal(repo: Path) -> None:
    code, data = _on_terminal(repo, SEAS_ARGS, {**_clean_env(), "NO_COLOR": "1"})
    assert code == 0
    assert b"\x1b" not in data
    assert data.replace(b"\r\n", b"\n").decode().splitlines()[-1] == (
        "SEAS is legal: reads east from A1 to E1, skipping D1."
    )


@pytest.mark.parametrize("no_color", ["1", None], ids=["NO_COLOR", "piped"])
def test_piped_output_is_plain(referee: Runner, no_color: str | None) -> None:
    code, out, err = referee(*SEAS_ARGS, env={"NO_COLOR": no_color})
    assert (code, err) == (0, "")
    assert "\x1b" not in out
    assert out == SEAS_BOARD + "\nSEAS is legal: reads east from A1 to E1, skipping D1.\n"
