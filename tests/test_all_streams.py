"""Standard streams as a shell uses them: pipes closed early, full or closed
stdout, closed stdin, arguments that are not UTF-8. Real processes: these are
about file descriptors, which an in-process runner does not have."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from helpers import in_process

pytestmark = pytest.mark.process

REPO = Path(__file__).resolve().parents[1]
REFEREE = [sys.executable, "-m", "referee"]


def shell(command: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        ["bash", "-c", command], cwd=REPO, capture_output=True, timeout=120, check=False
    )


def one_error_line(stderr: bytes) -> str:
    lines = stderr.decode("utf-8", "replace").splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), lines
    assert "Traceback" not in lines[0]
    return lines[0]


def test_a_reader_that_closes_the_pipe_early_is_not_an_error() -> None:
    py = " ".join(REFEREE)
    out = shell(
        f"for i in $(seq 30); do {py} setup catalog | head -1 >/dev/null; "
        'printf "%s" "${PIPESTATUS[0]}"; done'
    )
    assert out.stdout.decode() == "0" * 30
    assert out.stderr == b""


@pytest.mark.parametrize(
    "command",
    [
        "words --layout setups/sample.yaml",
        "spotit render examples/spotit/order-7.yaml -o -",
        "setup show setups/sample.yaml -o -",
        "spotit generate --order 13 -o -",
        "spotit verify examples/spotit/order-7.yaml --json",
    ],
)
def test_every_writer_is_quiet_when_the_reader_goes(command: str) -> None:
    py = " ".join(REFEREE)
    out = shell(
        f'for i in $(seq 5); do {py} {command} | head -c 10 >/dev/null; printf "%s" "${{PIPESTATUS[0]}}"; done'
    )
    assert (out.stdout.decode(), out.stderr) == ("0" * 5, b"")


def test_a_full_stdout_is_one_error_line() -> None:
    out = shell(f"{' '.join(REFEREE)} words --layout setups/sample.yaml > /dev/full")
    assert out.returncode == 2
    assert "No space left on device" in one_error_line(out.stderr)


def test_a_closed_stdout_is_one_error_line() -> None:
    out = shell(f"{' '.join(REFEREE)} setup generate --seed 1 >&-")
    assert out.returncode == 2
    assert "standard output is closed" in one_error_line(out.stderr)


def test_a_closed_stdin_is_one_error_line() -> None:
    out = shell(f"{' '.join(REFEREE)} score-frame - <&-")
    assert out.returncode == 2
    assert "<stdin>" in one_error_line(out.stderr)


def test_an_argument_that_is_not_utf8_is_one_error_line(tmp_path: Path) -> None:
    proc = subprocess.run(
        [*REFEREE, "wordblock", "game", "new", "--players", b"\xff,Bob", "-o", tmp_path / "g.yaml"],
        cwd=REPO,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert "is not valid UTF-8 text" in one_error_line(proc.stderr)
    assert list(tmp_path.iterdir()) == []


def test_a_mistyped_command_gets_a_suggestion() -> None:
    proc = subprocess.run([*REFEREE, "chek-word"], cwd=REPO, capture_output=True, check=False)
    assert proc.returncode == 2
    assert "did you mean 'check-word'?" in one_error_line(proc.stderr)


@pytest.mark.parametrize(
    "library",
    ["/nonexistent/libenchant.so", "/etc/passwd", "/tmp"],
    ids=["missing", "not-a-library", "a-folder"],
)
def test_a_missing_enchant_library_is_one_error_line(library: str) -> None:
    proc = subprocess.run(
        [*REFEREE, "check-word", "seas", "--layout", "setups/sample.yaml", "--at", "D1"],
        cwd=REPO,
        capture_output=True,
        env={**os.environ, "PYENCHANT_LIBRARY_PATH": library},
        timeout=60,
        check=False,
    )
    assert (proc.returncode, proc.stdout) == (2, b"")
    line = one_error_line(proc.stderr)
    assert "the enchant library could not be loaded" in line
    for platform in ("Debian/Ubuntu: apt-get install", "Fedora: dnf install", "macOS: brew"):
        assert platform in line
    assert "scripts/setup" not in line  # a wheel's user has no scripts/


# ------------------------------------------------------------ - is stdout, everywhere

SAMPLES = {name: REPO / name for name in ("setups", "examples")}

TO_STDOUT = {
    "setup generate -o -": ("setup generate --seed 1 -o -", b"# Blind Spot setup"),
    "setup catalog --template -o -": ("setup catalog --template -o -", b"# "),
    "setup show -o -": ("setup show setups/sample.yaml -o -", b"<?xml"),
    "setup show --svg -": ("setup show setups/sample.yaml --svg -", b"<?xml"),
    "spotit generate -o -": ("spotit generate --order 2 -o -", b"# A Spot it! deck"),
    "spotit render -o -": ("spotit render examples/spotit/order-2.yaml -o -", b"<?xml"),
    "score-frame --next -": ("score-frame examples/outofsight/frame2.yaml --next -", b"# Out"),
    "blindspot game new -o -": (
        "blindspot game new --layout setups/sample.yaml --players red,blue -o -",
        b"# A Blind Spot game",
    ),
    "wordblock game new -o -": (
        "wordblock game new --players a,b --grid s-1,h-4,a-1,e-1 -o -",
        b"# A Word Block game",
    ),
    "outofsight game new -o -": ("outofsight game new --players a,b -o -", b"# An Out of Sight"),
}


def in_folder(folder: Path, command: str, *extra: str) -> subprocess.CompletedProcess[bytes]:
    for name, target in SAMPLES.items():
        if not (folder / name).exists():
            (folder / name).symlink_to(target)
    return subprocess.run(
        [*REFEREE, *command.split(), *extra],
        cwd=folder,
        capture_output=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("case", TO_STDOUT.values(), ids=list(TO_STDOUT))
def test_dash_is_stdout_for_every_output_option(case: tuple[str, bytes], tmp_path: Path) -> None:
    """The file's bytes, and nothing else, on stdout; no file named '-'."""
    command, start = case
    proc = in_folder(tmp_path, command)
    assert proc.returncode == 0, proc.stderr
    if not command.startswith("score-frame"):  # its words go to stderr (below)
        assert proc.stderr == b""
    assert proc.stdout.startswith(start), proc.stdout[:200]
    assert not (tmp_path / "-").exists()
    if proc.stdout.startswith(b"# "):  # a YAML file: it parses whole (no summary after it)
        assert isinstance(yaml.safe_load(proc.stdout), dict)
    else:
        assert proc.stdout.rstrip().endswith(b"</svg>")


def test_score_frame_next_to_stdout_puts_the_score_on_stderr(tmp_path: Path) -> None:
    proc = in_folder(tmp_path, TO_STDOUT["score-frame --next -"][0])
    assert proc.returncode == 0
    assert proc.stderr.startswith(b"Out of Sight, advanced game, frame 2.")
    assert yaml.safe_load(proc.stdout)["frame"] == 3


@pytest.mark.parametrize("case", TO_STDOUT.values(), ids=list(TO_STDOUT))
def test_dash_and_json_are_refused_together(case: tuple[str, bytes], tmp_path: Path) -> None:
    proc = in_folder(tmp_path, case[0], "--json")
    assert proc.returncode == 2
    line = one_error_line(proc.stderr)
    assert "would both write to stdout" in line
    assert json.loads(proc.stdout)["error"]["message"] == line.removeprefix("Error: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(SAMPLES)  # nothing written


@pytest.mark.parametrize(
    "command",
    [
        "setup generate --seed 1 -o",
        "spotit render examples/spotit/order-2.yaml -o",
        "score-frame examples/outofsight/frame2.yaml --next",
        "outofsight game new --players a,b -o",
    ],
)
def test_an_empty_output_name_is_refused(command: str, tmp_path: Path) -> None:
    proc = in_folder(tmp_path, command, "")
    assert (proc.returncode, proc.stdout) == (2, b"")
    assert "an empty file name" in one_error_line(proc.stderr)


# ------------------------------------------------------------ closed and full streams

STDIN_READERS = [
    "check-word seas --layout - --at D1",
    "check-word --batch --layout setups/sample.yaml",
    "score-claim --batch --board examples/wordblock/rulebook.yaml",
    "score-claim quash --board - --player red",
    "spotit verify -",
    "setup verify -",
    "score-frame -",
]


@pytest.mark.parametrize("command", STDIN_READERS)
def test_a_closed_stdin_is_one_error_line_for_every_reader(command: str) -> None:
    out = shell(f"{' '.join(REFEREE)} {command} <&-")
    assert (out.returncode, out.stdout) == (2, b"")
    assert "standard input" in one_error_line(out.stderr)


WRITERS = [
    "words --layout setups/sample.yaml",
    "setup catalog",
    "setup show setups/sample.yaml -o -",
    "spotit render examples/spotit/order-2.yaml -o -",
    "spotit deal caterpillar --player-count 3 --seed 7 --json",
    "score-frame examples/outofsight/frame2.yaml --next -",
]


@pytest.mark.parametrize("command", WRITERS)
def test_full_and_closed_stdout_are_one_error_line_for_every_writer(command: str) -> None:
    py = " ".join(REFEREE)
    full = shell(f"{py} {command} > /dev/full")
    assert full.returncode == 2
    assert "No space left on device" in one_error_line(full.stderr)
    closed = shell(f"{py} {command} >&-")
    assert closed.returncode == 2
    assert "standard output is closed" in one_error_line(closed.stderr)


# ------------------------------------------------------------------ the fast exit


def test_the_fast_exit_writes_every_byte_to_a_pipe_and_to_a_file(tmp_path: Path) -> None:
    """The console script ends with os._exit once the answer is flushed: the
    57 cards as one SVG (150 kB, more than a pipe holds) arrive whole, through a
    pipe and into a file, and are the answer the in-process runner gives."""
    args = ["spotit", "render", str(REPO / "examples" / "spotit" / "order-7.yaml"), "-o", "-"]
    code, expected, _ = in_process(*args)
    assert code == 0 and len(expected) > 100_000
    script = Path(sys.executable).parent / "referee"
    for argv in (REFEREE, [str(script)]):
        piped = subprocess.run([*argv, *args], capture_output=True, timeout=120, check=False)
        assert (piped.returncode, piped.stderr) == (0, b"")
        assert piped.stdout.decode("utf-8") == expected
        out = tmp_path / "cards.svg"
        with out.open("wb") as fh:
            filed = subprocess.run([*argv, *args], stdout=fh, timeout=120, check=False)
        assert filed.returncode == 0
        assert out.read_text(encoding="utf-8") == expected


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["check-word", "seas", "--layout", "setups/sample.yaml", "--at", "D1"], 0),
        (["check-word", "sea", "--layout", "setups/sample.yaml", "--at", "D1", "--json"], 1),
        (["check-word", "seas", "--layout", "no-such.yaml", "--at", "D1"], 2),
    ],
)
def test_the_fast_exit_keeps_the_exit_code_and_both_streams(
    args: list[str], code: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    proc = subprocess.run(
        [*REFEREE, *args], cwd=REPO, capture_output=True, timeout=120, check=False
    )
    monkeypatch.chdir(REPO)
    assert proc.returncode == code
    assert (proc.returncode, proc.stdout.decode(), proc.stderr.decode()) == in_process(*args)


def test_an_exit_with_a_message_is_printed_and_exits_1() -> None:
    """``sys.exit("message")`` ends as Python ends it: the message on stderr, exit 1."""
    code = (
        "import sys\n"
        "import referee.cli as c\n"
        "def main():\n"
        "    print('partial answer', end='')\n"
        "    sys.exit('stopped: no answer')\n"
        "c.main = main\n"
        "c.console()\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, timeout=60, check=False
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        1,
        b"partial answer",
        b"stopped: no answer\n",
    )
