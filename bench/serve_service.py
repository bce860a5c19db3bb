"""What a recorded action costs ``referee serve``, beside the same action done
in-process by the Python API, and beside the server of an earlier commit.

Three figures, each paired in the same run (loopback only, bounded):

* **CPU per action**: the server process's CPU time (``/proc``) per recorded
  Blind Spot action (a play of PET on G1, then its undo, over and over) on a
  game of 10 actions, against ``Game.act`` doing the same actions in this
  process (``time.process_time``). Target: at most 1.3x.
* **Throughput, 1 client on 1 game**: actions answered per second over one
  keep-alive connection, this server against the server of ``--before`` (a
  git worktree of that commit, run with the same Python), rounds interleaved.
  Target: at least 1.8x.
* **A write on a 10,000-action game**: the round trip of one action through
  the server against ``Game.act`` of the same action in-process, on a game
  file of 10,000 recorded actions. Target: at most 1.5x.

    .venv/bin/python bench/serve_service.py [--before COMMIT] [--rounds N] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from load_serve import cpu_seconds

from serve_helpers import REPO, Server, serving

SAMPLE = REPO / "setups" / "sample.yaml"
BEFORE = "dc126bf"
"""The last commit before the game service (the server ran the CLI in-process)."""

PLAY = {"action": "play", "word": "pet", "at": "G1"}
UNDO = {"action": "undo"}


class Client:
    """One keep-alive connection to a server."""

    def __init__(self, server: Server) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        self.conn.request(
            "POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"}
        )
        resp = self.conn.getresponse()
        return resp.status, json.loads(resp.read())

    def close(self) -> None:
        self.conn.close()


def new_game(client: Client, name: str) -> None:
    letters = [row.split("#")[0].strip() for row in _letters()]
    status, doc = client.post(
        "/api/games",
        {
            "name": name,
            "game": "blindspot",
            "layout": {"letters": letters},
            "players": ["red", "blue"],
        },
    )
    assert status == 201, doc


def _letters() -> list[str]:
    import yaml

    data = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))
    return list(data["letters"])


def act(client: Client, name: str, n: int) -> None:
    """``n`` actions: a play, its undo, and so on (every one recorded)."""
    for i in range(n):
        status, doc = client.post(f"/api/games/{name}/actions", PLAY if i % 2 == 0 else UNDO)
        assert status == 200, doc


def in_process_act(path: Path, n: int) -> float:
    """CPU seconds per action of ``Game.act`` for the same actions."""
    import referee

    g = referee.open_game(path)
    start = time.process_time()
    for i in range(n):
        r = g.act("play", word="pet", at="G1") if i % 2 == 0 else g.act("undo")
        assert r.valid
    return (time.process_time() - start) / n


@contextlib.contextmanager
def worktree(commit: str) -> Iterator[Path]:
    """A checkout of ``commit`` beside this one (removed afterwards)."""
    where = Path(tempfile.mkdtemp(prefix="referee-before-")) / "tree"
    subprocess.run(
        ["git", "-C", str(REPO), "worktree", "add", "--detach", str(where), commit],
        check=True,
        capture_output=True,
    )
    try:
        yield where
    finally:
        subprocess.run(
            ["git", "-C", str(REPO), "worktree", "remove", "--force", str(where)],
            capture_output=True,
        )
        shutil.rmtree(where.parent, ignore_errors=True)


def folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="referee-bench-")) / "games"


def cpu_figure(rounds: int, actions: int) -> dict[str, Any]:
    server_cpu, local_cpu = [], []
    for _ in range(rounds):
        games = folder()
        games.mkdir()
        with serving(games) as server:
            client = Client(server)
            new_game(client, "g")
            act(client, "g", 10)
            before = cpu_seconds(server.process.pid)
            act(client, "g", actions)
            server_cpu.append((cpu_seconds(server.process.pid) - before) / actions)
            client.close()
        local = games / "local.yaml"
        shutil.copyfile(games / "g.yaml", local)
        text = local.read_text(encoding="utf-8")
        head, _, _ = text.partition("history:")
        lines = [ln for ln in text.split("history:", 1)[1].splitlines() if ln.startswith("- ")]
        local.write_text(head + "history:\n" + "\n".join(lines[:10]) + "\n", encoding="utf-8")
        local_cpu.append(in_process_act(local, actions))
        shutil.rmtree(games.parent, ignore_errors=True)
    s, loc = statistics.median(server_cpu), statistics.median(local_cpu)
    return {
        "name": "server CPU per action (10-action game)",
        "server_ms": s * 1000,
        "game_act_ms": loc * 1000,
        "ratio": s / loc,
        "target": "<= 1.3",
        "ok": s / loc <= 1.3,
    }


def throughput(env: dict[str, str] | None, actions: int) -> float:
    games = folder()
    games.mkdir()
    try:
        with serving(games, env=env) as server:
            client = Client(server)
            new_game(client, "g")
            act(client, "g", 10)
            start = time.perf_counter()
            act(client, "g", actions)
            elapsed = time.perf_counter() - start
            client.close()
        return actions / elapsed
    finally:
        shutil.rmtree(games.parent, ignore_errors=True)


def throughput_figure(before: str, rounds: int, actions: int) -> dict[str, Any]:
    now, then = [], []
    with worktree(before) as tree:
        env = {"PYTHONPATH": str(tree / "src")}
        for _ in range(rounds):
            then.append(throughput(env, actions))
            now.append(throughput(None, actions))
    a, b = statistics.median(now), statistics.median(then)
    return {
        "name": f"throughput, 1 client, 1 game (against {before})",
        "now_per_s": a,
        "before_per_s": b,
        "ratio": a / b,
        "target": ">= 1.8",
        "ok": a / b >= 1.8,
    }


def long_game(path: Path, actions: int) -> None:
    """A Blind Spot game file of ``actions`` recorded actions (plays and undos)."""
    from referee import engine
    from referee.blindspot.formats import load_layout
    from referee.blindspot.game import BLIND_SPOT, Action, GameSetup
    from referee.blindspot.game import UNDO as UNDO_ACTION
    from referee.core.cells import Cell

    setup = GameSetup.create(load_layout(str(SAMPLE)).board, ["red", "blue"])
    play = Action("play", "red", Cell.from_name("G1", 9, 9), "pet")
    history = tuple(play if i % 2 == 0 else UNDO_ACTION for i in range(actions))
    path.write_text(engine.text(BLIND_SPOT, engine.Log(setup, history)), encoding="utf-8")


def long_write_figure(rounds: int, actions: int, writes: int) -> dict[str, Any]:
    through, local = [], []
    for _ in range(rounds):
        games = folder()
        games.mkdir()
        long_game(games / "g.yaml", actions)
        shutil.copyfile(games / "g.yaml", games / "local.yaml")
        with serving(games) as server:
            client = Client(server)
            act(client, "g", 2)  # the server has read the file once
            for i in range(writes):
                start = time.perf_counter()
                status, doc = client.post("/api/games/g/actions", PLAY if i % 2 == 0 else UNDO)
                through.append(time.perf_counter() - start)
                assert status == 200, doc
            client.close()
        import referee

        g = referee.open_game(games / "local.yaml")
        g.act("play", word="pet", at="G1")
        g.act("undo")
        for i in range(writes):
            start = time.perf_counter()
            r = g.act("play", word="pet", at="G1") if i % 2 == 0 else g.act("undo")
            local.append(time.perf_counter() - start)
            assert r.valid
        shutil.rmtree(games.parent, ignore_errors=True)
    s, loc = statistics.median(through), statistics.median(local)
    return {
        "name": f"one write on a {actions:,}-action game",
        "server_ms": s * 1000,
        "game_act_ms": loc * 1000,
        "ratio": s / loc,
        "target": "<= 1.5",
        "ok": s / loc <= 1.5,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default=BEFORE, help="the commit to compare throughput with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.pop("REFEREE_DICTIONARY", None)
    figures = [
        cpu_figure(args.rounds, args.actions),
        throughput_figure(args.before, args.rounds, args.actions),
        long_write_figure(args.rounds, 10_000, 40),
    ]
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for f in figures:
            numbers = ", ".join(
                f"{k} {v:.2f}" for k, v in f.items() if isinstance(v, float) and k != "ratio"
            )
            mark = "ok" if f["ok"] else "MISS"
            print(f"{f['name']}: {f['ratio']:.2f}x ({numbers}; target {f['target']}) {mark}")
    return 0 if all(f["ok"] for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
