"""Load test of ``referee serve`` on the loopback interface: bounded, stops by itself.

50 clients (threads, one keep-alive connection each) send 2,000 actions
spread over 10 Blind Spot games (a legal play of PET on G1, or an undo: each
is accepted or refused by the rules, never an error), while one event stream
per game listens. Checked: 0 lost (each game's final version is the number
of actions the server accepted for it, and its stream saw every version
once), 0 server errors (every answer 200 or 422). Reported: round trips
(p50, p99, max), throughput, the server's memory (RSS now and peak).

Two scenarios, each on a fresh server:

* ``closed``: every client sends its next action as soon as the last one is
  answered (50 requests always in flight: a stress test, not a table; by
  Little's law the round trip is about 50 / throughput);
* ``table``: each client thinks between two actions (uniformly 0.5-1.5 s,
  seeded), as people at a table do, only far more often (50 phones acting
  every second is about 50 actions/s): the round trip a player sees.

    .venv/bin/python bench/load_serve.py            # both: the figures in docs/serve.md
    .venv/bin/python bench/load_serve.py --scenario closed

Only 127.0.0.1 is ever contacted; the run gives up after --deadline seconds.
Each client connects from an address of its own (127.0.0.10, .11, ...: the
loopback network is all of 127/8), as each phone at a table has its own: the
server allows 32 connections per client address (docs/serve.md, Connections).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from serve_helpers import REPO, Server, serving


def phone_address(n: int) -> str:
    """Client ``n``'s own loopback address (one phone, one address)."""
    return f"127.0.{10 + n // 200}.{10 + n % 200}"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process, in KiB."""
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def filesystem(path: Path) -> str:
    """The file system type of ``path`` (from /proc/mounts): fsync's cost depends on it."""
    best, kind = "", "?"
    with contextlib.suppress(OSError), open("/proc/mounts") as f:
        for line in f:
            parts = line.split()
            if len(parts) > 2 and str(path).startswith(parts[1]) and len(parts[1]) > len(best):
                best, kind = parts[1], parts[2]
    return kind


class Stream:
    """One game's event stream, read in a thread: the versions it announced."""

    def __init__(self, server: Server, name: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        self.conn.connect()
        self.sock = self.conn.sock
        self.conn.request("GET", f"/api/games/{name}/events")
        self.response = self.conn.getresponse()
        self.versions: list[int] = []
        self.arrived: dict[int, float] = {}
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            while True:
                line = self.response.readline()
                if not line:
                    return
                if line.startswith(b"data: "):
                    data = json.loads(line[6:])
                    if "version" in data:
                        self.versions.append(int(data["version"]))
                        self.arrived[int(data["version"])] = time.monotonic()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.thread.join(5)
        self.conn.close()


def run(
    clients: int,
    actions: int,
    games: int,
    deadline: float,
    base: str | None,
    think: float = 0.0,
) -> dict[str, Any]:
    import yaml

    letters = yaml.safe_load((REPO / "setups" / "sample.yaml").read_text())["letters"]
    env = {"REFEREE_SERVE_WORKERS": os.environ.get("REFEREE_SERVE_WORKERS", "")}
    folder = Path(tempfile.mkdtemp(prefix="referee-load-", dir=base)) / "games"
    with serving(folder, env=env) as server:
        names = [f"load-{i}" for i in range(games)]
        for name in names:
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
        streams = {name: Stream(server, name) for name in names}
        time.sleep(0.5)
        rss_before = rss_kib(server.process.pid)[0]
        cpu_before, idle_start = cpu_seconds(server.process.pid), time.monotonic()
        time.sleep(5.0)  # idle, 10 streams open: what polling costs
        idle_cpu = (cpu_seconds(server.process.pid) - cpu_before) / (time.monotonic() - idle_start)
        answered: dict[tuple[str, int], float] = {}

        lock = threading.Lock()
        times: list[float] = []
        statuses: Counter[int] = Counter()
        accepted: Counter[str] = Counter()
        failures: list[str] = []
        give_up = time.monotonic() + deadline
        per_client = [
            actions // clients + (1 if i < actions % clients else 0) for i in range(clients)
        ]

        def client(n: int) -> None:
            conn = http.client.HTTPConnection(
                "127.0.0.1", server.port, timeout=60, source_address=(phone_address(n), 0)
            )
            pause = random.Random(n)
            try:
                for i in range(per_client[n]):
                    if think:
                        time.sleep(think * pause.uniform(0.5, 1.5))
                    if time.monotonic() > give_up:
                        failures.append("deadline")
                        return
                    name = names[(n + i) % games]
                    body = (
                        {"action": "play", "word": "pet", "at": "G1"}
                        if (n // games + i // games) % 2 == 0
                        else {"action": "undo"}
                    )
                    data = json.dumps(body).encode()
                    start = time.perf_counter()
                    conn.request(
                        "POST",
                        f"/api/games/{name}/actions",
                        body=data,
                        headers={"Content-Type": "application/json"},
                    )
                    response = conn.getresponse()
                    response.read()
                    took = time.perf_counter() - start
                    with lock:
                        times.append(took)
                        statuses[response.status] += 1
                        if response.status == 200:
                            accepted[name] += 1
                            version = int(response.getheader("X-Referee-Version", "-1"))
                            answered[(name, version)] = time.monotonic()
                        elif response.status != 422:
                            failures.append(f"{response.status} on {name}")
            except OSError as exc:
                failures.append(f"client {n}: {exc}")
            finally:
                conn.close()

        threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
        cpu_start = cpu_seconds(server.process.pid)
        began = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join(max(0.0, give_up - time.monotonic()) + 5)
        elapsed = time.perf_counter() - began
        cpu_used = cpu_seconds(server.process.pid) - cpu_start
        time.sleep(1.0)  # let the last events arrive (poll interval 0.2 s)
        rss_after, rss_peak = rss_kib(server.process.pid)

        lost = 0
        events_ok = True
        finals = {}
        for name in names:
            status, headers, _ = server.request("GET", f"/api/games/{name}")
            final = int(headers["x-referee-version"])
            finals[name] = final
            lost += abs(final - accepted[name])
            seen = streams[name].versions
            if seen != list(range(0, final + 1)):
                events_ok = False
        delays = [
            streams[name].arrived[v] - at
            for (name, v), at in answered.items()
            if v in streams[name].arrived
        ]
        for s in streams.values():
            s.close()
    return {
        "scenario": f"table (think {think} s on average)" if think else "closed (no think time)",
        "clients": clients,
        "actions": sum(statuses.values()),
        "games": games,
        "runner": "threads (the game services)",
        "accepted": sum(accepted.values()),
        "refused": statuses.get(422, 0),
        "server_errors": sum(v for k, v in statuses.items() if k >= 500),
        "other_statuses": {str(k): v for k, v in statuses.items() if k not in (200, 422)},
        "failures": failures[:5],
        "lost": lost,
        "events_every_version_once": events_ok,
        "seconds": round(elapsed, 2),
        "actions_per_second": round(sum(statuses.values()) / elapsed, 1),
        "round_trip_ms": {
            "p50": round(percentile(times, 50) * 1000, 1),
            "p90": round(percentile(times, 90) * 1000, 1),
            "p99": round(percentile(times, 99) * 1000, 1),
            "max": round(max(times, default=0) * 1000, 1),
        },
        "event_after_answer_ms": {
            "p50": round(percentile(delays, 50) * 1000, 1),
            "p99": round(percentile(delays, 99) * 1000, 1),
            "max": round(max(delays, default=0) * 1000, 1),
        },
        "server_cpu_ms_per_action": round(cpu_used * 1000 / max(1, sum(statuses.values())), 2),
        "idle_cpu_percent_10_streams": round(idle_cpu * 100, 2),
        "server_rss_mib": {
            "idle_with_10_streams": round(rss_before / 1024, 1),
            "after": round(rss_after / 1024, 1),
            "peak": round(rss_peak / 1024, 1),
        },
        "cpus": os.cpu_count(),
        "folder_filesystem": filesystem(folder),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument(
        "--scenario", choices=["closed", "table", "both"], default="both", help="see above"
    )
    parser.add_argument("--think", type=float, default=1.0, help="table: mean think time (s)")
    parser.add_argument("--deadline", type=float, default=120.0, help="give up after (s)")
    parser.add_argument("--base", help="make the games folder under this folder (default: /tmp)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    thinks = {"closed": [0.0], "table": [args.think], "both": [0.0, args.think]}[args.scenario]
    ok = True
    for think in thinks:
        result = run(args.clients, args.actions, args.games, args.deadline, args.base, think)
        if args.json:
            print(json.dumps(result))
        else:
            for key, value in result.items():
                print(f"{key:>27}: {value}")
            print()
        ok = ok and (
            result["lost"] == 0
            and result["server_errors"] == 0
            and not result["other_statuses"]
            and not result["failures"]
            and result["events_every_version_once"]
        )
    print("OK" if ok else "FAILED", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
