"""How a game's cost grows with its length: one more action (a whole
``referee`` process), ``show --json``, and the bytes an action writes, on
games of 10 and of 10,000 recorded actions, every game kind.

The long games repeat one action and its undo (a Blind Spot play and undo; a
Word Block placement and undo, turn by turn and on the free scorepad; an Out
of Sight turn and undo): the engine reads a history line it has read before
once, so these histories cost less to read than 10,000 different lines would
(a different line costs its JSON parse and the game's check of it, a few
microseconds; see docs/performance.md).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common import REFEREE, ROOT, SAMPLE, Figure

LENGTHS = (10, 10_000)


def _game(kind: str, where: Path) -> tuple[Path, list[str], list[str]]:
    """A game file, and the two commands (an action, its undo) that keep it
    going, after both were recorded once."""
    import referee

    path = where / f"{kind}.yaml"
    if kind == "blindspot":
        g = referee.new_game(kind, path, layout=SAMPLE, players=["red", "blue"])
        g.act("play", word="pet", at="G1")
        act = ["blindspot", "game", "play", str(path), "pet", "--at", "G1"]
    elif kind == "wordblock":
        g = referee.new_game(
            kind,
            path,
            players=["blue", "red"],
            draw="blue=k,red=x",
            grid="s,h,a,e",
            values="asteroid",
        )
        g.act("place", card="t", at="B2")
        act = ["wordblock", "game", "place", str(path), "t", "--at", "B2"]
    elif kind == "scorepad":
        board = str(ROOT / "examples" / "wordblock" / "six-by-six.yaml")
        g = referee.new_game(
            "wordblock", path, players=["blue", "red", "green"], free=True, board=board
        )
        g.act("place", card="x-8", at="C1", player="blue")
        act = ["wordblock", "game", "place", str(path), "x-8", "--at", "C1", "--player", "blue"]
    else:
        g = referee.new_game(kind, path, players=["Ann", "Bob"])
        g.act("turn", cards="red-3,blue-5", stop=True)
        act = ["outofsight", "game", "turn", str(path), "--cards", "red-3,blue-5", "--stop"]
    g.act("undo")
    if g.version != 2:
        raise RuntimeError(f"{kind}: the action was not recorded: {g.show()}")
    return path, act, [act[0], "game", "undo", str(path)]


def _grow(path: Path, n: int) -> None:
    """The file with its two last actions repeated until it holds ``n``."""
    text = path.read_text(encoding="utf-8")
    head, _, history = text.partition("\nhistory:\n")
    lines = history.splitlines()
    pair = lines[-2:]
    start = lines[:-2]
    body = start + [pair[i % 2] for i in range(n - len(start))]
    path.write_text(head + "\nhistory:\n" + "\n".join(body) + "\n", encoding="utf-8")


def _run(argv: list[str]) -> float:
    t0 = time.perf_counter()
    proc = subprocess.run(
        [REFEREE, *argv], capture_output=True, env={**os.environ, "NO_COLOR": "1"}, check=False
    )
    if proc.returncode != 0:
        raise RuntimeError(f"{argv}: {proc.stderr[-300:]!r}")
    return time.perf_counter() - t0


def _measure(kind: str, runs: int) -> dict[str, Any]:
    where = Path(tempfile.mkdtemp(prefix="referee-growth-"))
    try:
        base, act, undo = _game(kind, where)
        files = {}
        for n in LENGTHS:
            files[n] = where / f"{kind}-{n}.yaml"
            shutil.copyfile(base, files[n])
            _grow(files[n], n)
        acts: dict[int, list[float]] = {n: [] for n in LENGTHS}
        shows: dict[int, list[float]] = {n: [] for n in LENGTHS}
        written: dict[int, list[int]] = {n: [] for n in LENGTHS}
        for r in range(runs + 2):
            for n in LENGTHS:
                path = str(files[n])
                step = [*act[:3], path, *act[4:]] if r % 2 == 0 else [*undo[:3], path]
                before = os.stat(path)
                spent = _run(step)
                show = _run([act[0], "game", "show", path, "--json"])
                after = os.stat(path)
                # appended in place (the same file), or written whole (a new one)
                same = (after.st_ino, after.st_dev) == (before.st_ino, before.st_dev)
                if r >= 2:  # two warm-up rounds
                    acts[n].append(spent)
                    shows[n].append(show)
                    written[n].append(after.st_size - before.st_size if same else after.st_size)
        return {
            "act": {n: statistics.median(v) for n, v in acts.items()},
            "show": {n: statistics.median(v) for n, v in shows.items()},
            "bytes": {n: statistics.median(v) for n, v in written.items()},
        }
    finally:
        shutil.rmtree(where, ignore_errors=True)


def fig_growth(runs: int) -> list[Figure]:
    rows: list[Figure] = []
    short, long = LENGTHS
    for kind in ("blindspot", "wordblock", "scorepad", "outofsight"):
        m = _measure(kind, max(5, runs // 3))
        a, s, b = m["act"], m["show"], m["bytes"]
        rows.append(
            Figure(
                f"{kind}: one more action at {long:,} / at {short}",
                a[long] / a[short],
                "x",
                1.5,
                f"{a[long] * 1000:.0f} ms vs {a[short] * 1000:.0f} ms a process",
            )
        )
        rows.append(
            Figure(
                f"{kind}: show --json at {long:,} / at {short}",
                s[long] / s[short],
                "x",
                3.0,
                f"{s[long] * 1000:.0f} ms vs {s[short] * 1000:.0f} ms",
            )
        )
        rows.append(
            Figure(
                f"{kind}: bytes one action writes at {long:,} / at {short}",
                b[long] / b[short],
                "x",
                1.0,
                f"{b[long]:.0f} vs {b[short]:.0f} bytes",
            )
        )
    return rows


FIGURES: dict[str, Callable[[int], list[Figure]]] = {"growth": fig_growth}


def _full_scorepad(where: Path, width: int, height: int, replacements: int) -> Path:
    """A free scorepad on a full ``width`` x ``height`` area (no block), with
    ``replacements`` cards put on cards (no empty space is left)."""
    import referee
    from referee.core.cells import Cell

    letters = "abcdefghij"
    rows = ["  ".join(f"{letters[(r + c) % 10]}-1" for c in range(width)) for r in range(height)]
    board = {"cards": rows, "blocks": {"blue": [], "red": []}, "area": [width, height]}
    path = where / f"pad-{width}x{height}.yaml"
    g = referee.new_game("wordblock", path, players=["blue", "red"], free=True, board=board)
    for i in range(replacements):
        cell = Cell(row=i % height, col=(i * 7) % width).name
        r = g.act("place", card=f"{letters[i % 10]}-4", at=cell, player="blue")
        if not r.valid:
            raise RuntimeError(f"replacement {i} at {cell}: {r.reason}")
    return path


def fig_scorepad_area(runs: int) -> list[Figure]:
    where = Path(tempfile.mkdtemp(prefix="referee-scorepad-"))
    try:
        small = _full_scorepad(where, 6, 6, 1000)
        large = _full_scorepad(where, 26, 99, 1000)
        times: dict[Path, list[float]] = {small: [], large: []}
        for r in range(max(5, runs // 3) + 1):
            for path in (small, large):
                spent = _run(["wordblock", "game", "show", str(path), "--json"])
                if r:
                    times[path].append(spent)
        a, b = statistics.median(times[large]), statistics.median(times[small])
        return [
            Figure(
                "scorepad show, 1,000 replacements: 26 x 99 / 6 x 6",
                a / b,
                "x",
                1.5,
                f"{a * 1000:.0f} ms vs {b * 1000:.0f} ms",
            )
        ]
    finally:
        shutil.rmtree(where, ignore_errors=True)


FIGURES["scorepad-area"] = fig_scorepad_area
