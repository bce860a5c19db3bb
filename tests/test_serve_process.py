"""A real ``referee serve`` process: live events for CLI writes, ``--lan`` with
its join link and token, writers racing on one game, a clean stop. Run by
``.ci/run`` (``-m server``); the default run keeps to the in-process tests."""

from __future__ import annotations

import contextlib
import http.client
import json
import signal
import socket
import subprocess
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from serve_helpers import Server, referee_command, serving

pytestmark = [pytest.mark.process, pytest.mark.server]

REPO = Path(__file__).resolve().parent.parent


def sample_game(server: Server, name: str) -> None:
    letters = yaml.safe_load((REPO / "setups" / "sample.yaml").read_text())["letters"]
    status, body = server.json(
        "POST",
        "/api/games",
        {
            "name": name,
            "game": "blindspot",
            "layout": {"letters": letters},
            "players": ["red", "blue"],
        },
    )
    assert status == 201, body


class Events:
    """Reads a game's event stream in a thread: (arrival time, event text)."""

    def __init__(self, server: Server, name: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        self.conn.connect()
        self.sock = self.conn.sock
        headers = {"X-Referee-Token": server.token} if server.token else {}
        self.conn.request("GET", f"/api/games/{name}/events", headers=headers)
        self.response = self.conn.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("content-type", "").startswith("text/event-stream")
        self.got: list[tuple[float, str]] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        block = ""
        try:
            while True:
                line = self.response.readline().decode()
                if not line:
                    return
                if line == "\n":
                    self.got.append((time.monotonic(), block))
                    block = ""
                else:
                    block += line
        except (OSError, ValueError, AttributeError):  # closed under the reader
            return

    def versions(self) -> list[int]:
        out = []
        for _, block in self.got:
            for line in block.splitlines():
                if line.startswith("data: ") and "version" in line:
                    out.append(int(json.loads(line[6:])["version"]))
        return out

    def wait_version(self, version: int, timeout: float = 3.0) -> float:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for at, block in self.got:
                if f"id: {version}\n" in block:
                    return at
            time.sleep(0.01)
        raise AssertionError(f"no event for version {version}: {self.got}")

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)  # wakes the reader thread
        self.thread.join(5)
        self.conn.close()


def test_cli_writes_reach_open_pages_within_a_second(tmp_path: Path) -> None:
    with serving(tmp_path / "games") as server:
        sample_game(server, "friday")
        events = Events(server, "friday")
        events.wait_version(0)
        file = str(server.dir / "friday.yaml")
        delays = []
        for i, args in enumerate((["play", file, "pet", "--at", "G1"], ["timeout", file])):
            subprocess.run([*referee_command(), "blindspot", "game", *args], check=False)
            written = time.monotonic()
            delays.append(events.wait_version(i + 1) - written)
        # a phone's write too
        status, _ = server.json("POST", "/api/games/friday/actions", {"action": "undo"})
        assert status == 200
        events.wait_version(3)
        events.close()
        assert max(delays) < 1.0, delays
        assert events.versions() == [0, 1, 2, 3]


def test_lan_prints_the_join_link_and_needs_the_token(tmp_path: Path) -> None:
    with serving(tmp_path / "games", lan=True) as server:
        assert server.token
        out = "".join(server.output)
        assert "Join link" in out
        assert f"?token={server.token}" in out
        # 127.0.0.1 keeps working; without the token: 403
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/api/games")
        assert conn.getresponse().status == 403
        conn.close()
        status, _, _ = server.request("GET", "/api/games")
        assert status == 200
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", f"/?token={server.token}")
        join = conn.getresponse()
        assert join.status == 303
        assert join.getheader("set-cookie", "").startswith("referee_token=")
        conn.close()


@pytest.mark.parametrize("cli_writers", [0, 2])
def test_writers_racing_on_one_game_lose_nothing(tmp_path: Path, cli_writers: int) -> None:
    """8 HTTP clients and CLI processes on one game (the engine's lock is shared
    by both): every accepted action is in the file, each version once."""
    with serving(tmp_path / "games") as server:
        sample_game(server, "race")
        seen: Counter[int] = Counter()
        accepted: Counter[str] = Counter()
        lock = threading.Lock()

        def client(n: int) -> None:
            for i in range(12):
                body: dict[str, Any] = (
                    {"action": "play", "word": "pet", "at": "G1"}
                    if (i + n) % 2
                    else {"action": "undo"}
                )
                status, headers, _ = server.request("POST", "/api/games/race/actions", body)
                assert status in (200, 422), status
                if status == 200:
                    with lock:
                        seen[int(headers["x-referee-version"])] += 1
                        accepted["http"] += 1

        def cli() -> None:
            file = str(server.dir / "race.yaml")
            for _ in range(6):
                done = subprocess.run(
                    [*referee_command(), "blindspot", "game", "undo", file],
                    capture_output=True,
                    check=False,
                )
                assert done.returncode in (0, 1)
                if done.returncode == 0:
                    with lock:
                        accepted["cli"] += 1

        threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
        threads += [threading.Thread(target=cli) for _ in range(cli_writers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        status, headers, body = server.request("GET", "/api/games/race")
        assert status == 200
        version = int(headers["x-referee-version"])
        assert version == accepted["http"] + accepted["cli"]
        assert json.loads(body)["version"] == version
        assert all(count == 1 for count in seen.values())
        assert accepted["http"] > 20


def test_sigterm_stops_with_open_streams(tmp_path: Path) -> None:
    with serving(tmp_path / "games") as server:
        sample_game(server, "g")
        events = Events(server, "g")
        events.wait_version(0)
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        code = server.process.wait(10)
        events.close()
        assert time.monotonic() - started < 5
        assert code == -signal.SIGTERM  # ended by the signal, as docs/serve.md says
        assert "Traceback" not in "".join(server.output)


def test_ctrl_c_ends_quietly(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT), with a page's stream open: exit 0, no "Error: aborted",
    no traceback; the games stay as they were."""
    with serving(tmp_path / "games") as server:
        sample_game(server, "g")
        assert server.json("POST", "/api/games/g/actions", {"action": "timeout"})[0] == 200
        events = Events(server, "g")
        events.wait_version(1)
        server.process.send_signal(signal.SIGINT)
        code = server.process.wait(10)
        events.close()
        assert server.process.stdout is not None
        output = "".join(server.output) + server.process.stdout.read()
    assert code == 0, output
    assert "Error" not in output and "Aborted" not in output and "Traceback" not in output
    done = subprocess.run(
        [*referee_command(), "blindspot", "game", "show", str(tmp_path / "games" / "g.yaml")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    assert "Actions: 1 (version 1)" in done.stdout and "Turn: blue." in done.stdout


def test_the_timer_lives_in_memory_and_a_restart_resets_it(tmp_path: Path) -> None:
    """The Time Keeper's timer is not part of the game: every phone sees it
    (an ``event: timer`` on the game's stream) while the server runs; a
    restarted server starts with the timer ready and the game unchanged."""
    folder = tmp_path / "games"
    with serving(folder) as server:
        status, _ = server.json(
            "POST", "/api/games", {"name": "sight", "game": "outofsight", "players": ["A", "B"]}
        )
        assert status == 201
        events = Events(server, "sight")
        events.wait_version(0)
        status, state = server.json("POST", "/api/games/sight/timer", {"event": "go"})
        assert (status, state["phase"]) == (200, "running")
        deadline = time.monotonic() + 3
        while not any("event: timer" in block for _, block in events.got):
            assert time.monotonic() < deadline, events.got
            time.sleep(0.02)
        timer_event = next(block for _, block in events.got if "event: timer" in block)
        assert '"phase": "running"' in timer_event
        events.close()
        turn = {"action": "turn", "cards": ["red-3"], "stop": True}
        assert server.json("POST", "/api/games/sight/actions", turn)[0] == 200
        assert server.json("GET", "/api/games/sight/timer")[1]["phase"] == "running"
    with serving(folder) as again:
        assert again.json("GET", "/api/games/sight/timer")[1]["phase"] == "ready"
        status, shown = again.json("GET", "/api/games/sight")
        assert (status, shown["version"], shown["banks"]["A"]) == (200, 1, ["red-3"])


def test_big_bodies_are_413_on_the_wire_and_serving_goes_on(tmp_path: Path) -> None:
    """Through uvicorn itself: a body over 256 KiB, announced or chunked
    (no Content-Length), is refused with 413 before it is all read."""
    with serving(tmp_path / "games") as server:
        sample_game(server, "g")
        big = b'{"action": "play", "word": "' + b"a" * (300 * 1024) + b'", "at": "A1"}'
        status, _, body = server.request(
            "POST",
            "/api/games/g/actions",
            headers={"Content-Type": "application/json", "Content-Length": str(len(big))},
            raw=big,
        )
        assert status == 413 and json.loads(body)["error"]["kind"] == "too-large"

        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            chunks = (big[i : i + 8192] for i in range(0, len(big), 8192))
            conn.request(
                "POST",
                "/api/games/g/actions",
                body=chunks,
                headers={"Content-Type": "application/json"},
                encode_chunked=True,
            )
            response = conn.getresponse()
            assert response.status == 413
            assert json.loads(response.read())["error"]["kind"] == "too-large"
        except (BrokenPipeError, ConnectionResetError):
            pytest.fail("the server hung up without an answer")
        finally:
            conn.close()
        status, shown = server.json("GET", "/api/games/g")
        assert (status, shown["version"]) == (200, 0)
