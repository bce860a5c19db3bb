"""``referee serve`` on a café Wi-Fi (issue 23): who may reach it, what one
client may hold of it, and that no acknowledged write bricks a game.

In-process (Starlette's TestClient, and the connection protocol on a real
event loop on 127.0.0.1); the slow ones, with a real server process, are in
the ``server`` layer at the end (``-m server``).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import io
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from referee.cli import cli
from referee.core.errors import Busy
from referee.serve import connections
from referee.serve.app import Settings, create_app

CODE = "BS1-17A8B11B-18B16A1B-5B2B4B-RC"
TOKEN = "s3cret-token"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "games"


@pytest.fixture
def client(folder: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(str(folder))), base_url="http://127.0.0.1:8000") as c:
        yield c


@pytest.fixture
def lan(folder: Path) -> Iterator[TestClient]:
    app = create_app(Settings(str(folder), token=TOKEN, lan=True))
    with TestClient(app, base_url="http://192.0.2.10:8000") as c:
        yield c


def new_game(client: TestClient, name: str = "g", **headers: str) -> None:
    body = {"name": name, "game": "blindspot", "layout": CODE, "players": ["red", "blue"]}
    r = client.post("/api/games", json=body, headers=headers)
    assert r.status_code == 201, r.text


def state(client: TestClient) -> Any:
    return client.app.app.state  # type: ignore[attr-defined]


# ------------------------------------------------- 2. who can reach it


@pytest.mark.parametrize(
    ("host", "everywhere"), [("0.0.0.0", True), ("192.0.2.10", False), ("::", True)]
)
def test_a_host_that_is_not_loopback_gets_the_token(
    host: str, everywhere: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--host 0.0.0.0`` used to serve every network with no token and a
    banner saying "this machine only"."""
    from referee.serve import cli as serve_cli

    started: list[tuple[Any, ...]] = []
    monkeypatch.setattr(serve_cli, "_port_free", lambda h, p: True)
    monkeypatch.setattr(serve_cli, "run", lambda *args: bool(started.append(args)))  # type: ignore[func-returns-value]
    monkeypatch.setattr(serve_cli, "_lan_address", lambda: "192.0.2.99")
    result = CliRunner().invoke(cli, ["serve", "--dir", str(tmp_path / "g"), "--host", host])
    assert result.exit_code == 0, result.output
    (_, bound, _, token, lan_mode, open_files) = started[0]
    assert bound == host and token and lan_mode is True and open_files > 0
    out = result.stdout
    assert "this machine only" not in out
    assert "Join link" in out and f"?token={token}" in out
    assert "Who can reach it: anyone on" in out and "Plain HTTP" in out
    assert ("On this machine: http://127.0.0.1" in out) is everywhere
    shown = "192.0.2.99" if everywhere else host
    assert f"http://{shown}:8000/?token={token}" in out
    assert "Open files: up to" in out


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1"])
def test_loopback_hosts_stay_this_machine_only(
    host: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.serve import cli as serve_cli

    started: list[tuple[Any, ...]] = []
    monkeypatch.setattr(serve_cli, "_port_free", lambda h, p: True)
    monkeypatch.setattr(serve_cli, "run", lambda *args: bool(started.append(args)))  # type: ignore[func-returns-value]
    result = CliRunner().invoke(cli, ["serve", "--dir", str(tmp_path / "g"), "--host", host])
    assert result.exit_code == 0, result.output
    assert started[0][3] is None and started[0][4] is False
    assert "this machine only" in result.stdout and "token" not in result.stdout


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "null",
        "http://127.0.0.1:9999",
        "https://127.0.0.1:8000",
        "http://127.0.0.1.evil.example:8000",
        "not a url",
    ],
)
def test_a_write_from_another_origin_is_403(client: TestClient, origin: str) -> None:
    new_game(client)
    r = client.post("/api/games/g/actions", json={"action": "undo"}, headers={"Origin": origin})
    assert r.status_code == 403
    assert r.json()["error"]["kind"] == "forbidden"
    assert client.get("/api/games/g").json()["version"] == 0


def test_a_write_from_the_servers_own_pages_or_no_origin_goes_on(
    client: TestClient, lan: TestClient
) -> None:
    new_game(client, "a", Origin="http://127.0.0.1:8000")
    new_game(client, "b")  # a script: no Origin
    body = {"action": "play", "word": "nose", "at": "A1"}
    r = client.post("/api/games/a/actions", json=body, headers={"Origin": "HTTP://127.0.0.1:8000"})
    assert r.status_code in (200, 422)
    # --lan: the token and the origin
    lan.get(f"/?token={TOKEN}", follow_redirects=False)
    own = {"X-Referee-Token": TOKEN, "Origin": "http://192.0.2.10:8000"}
    new_game(lan, "c", **own)
    r = lan.post(
        "/api/games/c/actions",
        json={"action": "undo"},
        headers={"X-Referee-Token": TOKEN, "Origin": "http://evil.example"},
    )
    assert r.status_code == 403


@pytest.mark.parametrize(
    "path",
    [
        "//evil.example/?token=" + TOKEN,
        "//evil.example/games/x?token=" + TOKEN,
        "/%2F%2Fevil.example/?token=" + TOKEN,
        "/%5Cevil.example/?token=" + TOKEN,
        "/%0d%0aSet-Cookie:%20x=1/?token=" + TOKEN,
        "/games/a%0a%D0%B1?token=" + TOKEN,
    ],
)
def test_the_join_link_never_redirects_off_site(lan: TestClient, path: str) -> None:
    """``GET //evil.example/?token=T`` used to answer 303 to ``//evil.example/``."""
    r = lan.get("http://192.0.2.10:8000" + path, follow_redirects=False)
    assert r.status_code == 400, (r.status_code, r.headers.get("location"))
    assert "location" not in r.headers


def test_the_join_link_keeps_its_own_path(lan: TestClient) -> None:
    r = lan.get(f"/?token={TOKEN}&x=1", follow_redirects=False)
    assert (r.status_code, r.headers["location"]) == (303, "/?x=1")
    r = lan.get(f"/games/é-x?token={TOKEN}", follow_redirects=False)
    assert (r.status_code, r.headers["location"]) == (303, "/games/%C3%A9-x")


# ------------------------------------------------- 4. bounded everything


def test_create_checks_the_name_before_any_lock(client: TestClient) -> None:
    """800 creates with 250 KiB names used to pin a lock each (197 MiB)."""
    for i in range(20):
        body = {"name": f"{i}" + "x" * 200_000, "game": "outofsight", "players": ["A", "B"]}
        r = client.post("/api/games", json=body)
        assert r.status_code == 400
        assert r.json()["error"]["message"].startswith("name: game names are")
    assert len(state(client).writing) == 0
    r = client.post("/api/games", json={"name": 7, "game": "outofsight"})
    assert r.status_code == 400 and "name" in r.json()["error"]["message"]


def test_locks_and_caches_are_freed_or_bounded(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.serve import games

    monkeypatch.setattr(games, "KEPT", 8)
    for i in range(20):
        body = {"name": f"g{i}", "game": "outofsight", "players": ["A", "B"]}
        assert client.post("/api/games", json=body).status_code == 201
        turn = {"action": "turn", "cards": ["red-3"], "stop": True}
        assert client.post(f"/api/games/g{i}/actions", json=turn).status_code == 200
    assert len(client.get("/api/games").json()) == 20
    for i in range(20):
        assert client.get(f"/api/games/g{i}").json()["version"] == 1
    assert len(state(client).writing) == 0
    shown, stepped, kinds, locks = state(client).folder.kept()
    assert shown <= 8 and stepped <= 8 and kinds <= 8 and locks == 0


def test_a_stream_that_falls_behind_is_ended_not_thinned(folder: Path, client: TestClient) -> None:
    """A 1,000-event queue used to overflow silently; now the stream ends and
    its page reconnects to the current version."""
    from referee.serve.events import BACKLOG, Hub
    from referee.serve.games import Folder

    new_game(client)

    async def scenario() -> tuple[list[str], list[str], int]:
        hub = Hub(Folder(str(folder)), interval=0.05)
        slow = hub.stream("g")
        head = [await slow.__anext__(), await slow.__anext__()]
        for v in range(1, BACKLOG + 2):  # the page reads none of these
            hub._publish("g", f"id: {v}\ndata: {{}}\n\n")
        rest = [item async for item in slow]
        assert hub.subscribers.get("g", set()) == set()
        again = hub.stream("g")
        fresh = [await again.__anext__(), await again.__anext__()]
        await again.aclose()  # type: ignore[attr-defined]
        await hub.stop()
        return head + rest, fresh, hub.overflowed

    got, fresh, overflowed = asyncio.run(scenario())
    assert got == ["retry: 1000\n\n", 'id: 0\ndata: {"version": 0}\n\n']  # then ended
    assert overflowed == 1
    assert fresh == got  # the reconnected page: the current version first (a resync)


def test_a_busy_game_is_503_with_retry_after_and_frees_the_worker(
    client: TestClient, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee import engine

    monkeypatch.setattr(engine, "LOCK_WAIT", 0.3)
    new_game(client)
    with open(folder / "g.yaml", "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # another writer (a CLI stopped by Ctrl-Z)
        started = time.monotonic()
        r = client.post("/api/games/g/actions", json={"action": "timeout"})
        assert time.monotonic() - started < 3
        assert r.status_code == 503
        assert r.headers["retry-after"] == "1"
        assert r.json()["error"]["kind"] == "busy"
        assert r.headers["x-referee-version"] == "0"
        fcntl.flock(held.fileno(), fcntl.LOCK_UN)
    assert client.post("/api/games/g/actions", json={"action": "timeout"}).status_code == 200
    assert len(state(client).writing) == 0


def test_the_servers_own_queue_on_a_game_is_503_after_its_wait(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.serve import locks

    monkeypatch.setattr(locks, "WAIT", 0.2)

    async def scenario() -> str:
        held = locks.AsyncLocks()
        async with held.hold("g"):
            try:
                async with held.hold("g"):
                    return "got it"
            except Busy as exc:
                assert len(held) == 1
                return exc.kind
        raise AssertionError

    assert asyncio.run(scenario()) == "busy"


def test_the_show_cache_keys_on_content(client: TestClient, folder: Path) -> None:
    new_game(client)
    game = folder / "g.yaml"
    st = os.stat(game)
    text = game.read_text()
    game.write_text(text.replace("red", "blu", 1) if "red" in text else text)
    os.utime(game, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert client.get("/api/games/g").status_code == 400  # the new bytes, read
    game.write_text(text)
    assert client.get("/api/games/g").status_code == 200


# ------------------------------------------------- 5. errors stay JSON


def test_a_full_disk_is_507_json_and_the_game_goes_on(
    client: TestClient, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_game(client)
    before = (folder / "g.yaml").read_bytes()
    real = os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    r = client.post("/api/games/g/actions", json={"action": "timeout"})
    monkeypatch.setattr(os, "fsync", real)
    assert r.status_code == 507
    assert r.json()["error"]["kind"] == "internal"
    assert "disk is full" in r.json()["error"]["message"]
    assert "Traceback" not in r.text
    assert (folder / "g.yaml").read_bytes() == before
    assert not [p for p in folder.iterdir() if p.name != "g.yaml"]  # no temporary file left
    assert client.post("/api/games/g/actions", json={"action": "timeout"}).status_code == 200


def test_any_machine_error_is_json_without_a_trace(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    from referee.serve.games import Folder

    new_game(client)

    def broken(self: Folder) -> list[dict[str, Any]]:
        raise OSError(errno.EIO, "Input/output error (secret detail)")

    monkeypatch.setattr(Folder, "summaries", broken)
    r = client.get("/api/games")
    assert r.status_code == 500
    assert r.json()["error"]["kind"] == "internal"
    assert "secret" not in r.text and "Traceback" not in r.text
    assert "secret detail" in capfd.readouterr().err  # the server's log

    def no_files(self: Folder) -> list[dict[str, Any]]:
        raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))

    monkeypatch.setattr(Folder, "summaries", no_files)
    r = client.get("/api/games")
    assert r.status_code == 503 and r.headers["retry-after"] == "1"


def test_a_full_tmpdir_changes_nothing(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No request writes to TMPDIR (bodies are read in memory, at most 256 KiB;
    a game's temporary file is beside it): a TMPDIR that cannot be written
    changes no answer."""
    import tempfile

    monkeypatch.setenv("TMPDIR", str(tmp_path / "no-such-folder"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no-such-folder"))
    new_game(client)
    assert client.post("/api/games/g/actions", json={"action": "timeout"}).status_code == 200
    r = client.post("/api/spotit/generate", json={"order": 2, "seed": 7})
    assert r.status_code == 200
    assert client.get("/api/games").status_code == 200


# --------------------------------------------- 1. connections (in-process)


def test_the_default_limits() -> None:
    limits = connections.limits_from({}, 1 << 20)
    assert (limits.head_timeout, limits.per_peer, limits.max_head) == (10.0, 32, 64 * 1024)
    assert limits.total == 4096
    assert connections.limits_from({}, 1024).total == 960
    assert connections.limits_from({"REFEREE_SERVE_HEAD_TIMEOUT": "1.5"}, 1024).head_timeout == 1.5
    assert connections.limits_from({"REFEREE_SERVE_HEAD_TIMEOUT": "x"}, 1024).head_timeout == 10.0


@contextlib.asynccontextmanager
async def protocol_server(limits: connections.Limits) -> Any:
    import uvicorn
    from uvicorn.server import ServerState

    async def app(scope: Any, receive: Any, send: Any) -> None:
        headers = [(b"content-length", b"2")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"ok"})

    cls = connections.protocol(limits)
    config = uvicorn.Config(app, http=cls, log_level="critical", lifespan="off")
    config.load()
    server_state = ServerState()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: cls(config=config, server_state=server_state, app_state={}), "127.0.0.1", 0
    )
    try:
        yield server.sockets[0].getsockname()[1], cls
    finally:
        server.close()
        await server.wait_closed()


async def closed(reader: asyncio.StreamReader, within: float) -> bool:
    try:
        return await asyncio.wait_for(reader.read(), within) == b""
    except (ConnectionResetError, asyncio.TimeoutError):
        return True


def test_a_head_not_sent_in_time_is_closed_and_rearmed_per_request() -> None:
    async def scenario() -> None:
        async with protocol_server(connections.Limits(head_timeout=0.3)) as (port, cls):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and nothing more
            started = time.monotonic()
            assert await closed(reader, 3)
            assert 0.25 < time.monotonic() - started < 2
            # keep-alive: a whole request is answered, then the next head is timed
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            for _ in range(3):
                writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 2)
                assert head.startswith(b"HTTP/1.1 200")
                assert await asyncio.wait_for(reader.readexactly(2), 2) == b"ok"
                await asyncio.sleep(0.2)  # under the deadline each time
            writer.write(b"GET / HTTP/1.1\r\n")
            assert await closed(reader, 3)
            assert cls.peers_open == {}

    asyncio.run(scenario())


def test_at_most_32_connections_per_address_and_a_head_size() -> None:
    async def scenario() -> None:
        async with protocol_server(connections.Limits(head_timeout=5)) as (port, cls):
            held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(32)]
            await asyncio.sleep(0.1)
            assert cls.peers_open == {"127.0.0.1": 32}
            reader, _ = await asyncio.open_connection("127.0.0.1", port)
            assert await closed(reader, 1)  # the 33rd: at once
            # another address is not counted with these
            sock = socket.socket()
            sock.bind(("127.0.0.2", 0))
            sock.setblocking(False)
            await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
            other_r, other_w = await asyncio.open_connection(sock=sock)
            other_w.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            assert (await asyncio.wait_for(other_r.readline(), 2)).startswith(b"HTTP/1.1 200")
            for _, w in held:
                w.close()
            other_w.close()
            await asyncio.sleep(0.1)
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET / HTTP/1.1\r\nX: " + b"a" * 70_000)
            line = await asyncio.wait_for(reader.readline(), 2)
            assert line.startswith(b"HTTP/1.1 431")
            writer.close()

    asyncio.run(scenario())


def test_accept_errors_are_one_line_a_second_with_a_count() -> None:
    out = io.StringIO()
    handler = connections.AcceptErrors(interval=1.0, stream=out)
    loop = asyncio.new_event_loop()
    try:
        error = OSError(errno.EMFILE, "Too many open files")
        for _ in range(5000):
            handler(loop, {"message": "socket.accept() out of system resource", "exception": error})
        handler.last -= 2  # a second later
        handler(loop, {"message": "socket.accept() out of system resource", "exception": error})
    finally:
        loop.close()
    lines = out.getvalue().splitlines()
    assert len(lines) == 2, lines
    assert "1 connection(s) could not be accepted" in lines[0]
    assert "5000 connection(s)" in lines[1] and "Too many open files" in lines[1]
    assert "Traceback" not in out.getvalue()


@pytest.mark.process
def test_the_open_files_limit_is_raised_to_the_hard_limit() -> None:
    code = (
        "import resource\n"
        "from referee.serve.connections import raise_open_files\n"
        "got = raise_open_files()\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "print(got, soft, hard)\n"
    )

    def low() -> None:
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))

    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, preexec_fn=low, check=True
    )
    got, soft, hard = (int(x) for x in done.stdout.split())
    assert got == soft and soft >= min(hard, 10240) and soft > 256


# ------------------------------------------------ the server layer


def _raise_own_limit(wanted: int) -> tuple[int, int]:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    return soft, hard


@pytest.mark.process
@pytest.mark.server
def test_slowloris_from_one_address_locks_no_phone_out(tmp_path: Path) -> None:
    """1,100 half-open sockets from 127.0.0.2 (``GET / HTTP/1.1`` and a
    header, never the end of the head): a phone on 127.0.0.1 plays on; the
    half-open ones are all closed by the head deadline; no traceback."""
    import resource

    from serve_helpers import serving

    saved = _raise_own_limit(4096)
    sockets: list[socket.socket] = []
    try:
        env = {"REFEREE_SERVE_HEAD_TIMEOUT": "2"}
        with serving(tmp_path / "games", env=env) as server:
            for _ in range(1100):
                s = socket.socket()
                s.bind(("127.0.0.2", 0))
                s.settimeout(5)
                try:
                    s.connect(("127.0.0.1", server.port))
                    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
                except OSError:
                    pass  # refused at once: counted as closed below
                sockets.append(s)
            attacked = time.monotonic()
            # the phone
            body = {"name": "g", "game": "blindspot", "layout": CODE, "players": ["red", "blue"]}
            status, _ = server.json("POST", "/api/games", body)
            assert status == 201
            status, _ = server.json("POST", "/api/games/g/actions", {"action": "timeout"})
            assert status == 200
            status, shown = server.json("GET", "/api/games/g")
            assert (status, shown["version"]) == (200, 1)
            assert time.monotonic() - attacked < 2  # served while the attack held
            # every half-open socket is closed by the server within the deadline
            deadline = attacked + 2 + 5
            for s in sockets:
                s.settimeout(max(0.05, deadline - time.monotonic()))
                try:
                    assert s.recv(1024) == b""
                except ConnectionResetError:
                    pass
                except OSError as exc:  # never connected, or timed out
                    assert not isinstance(exc, socket.timeout), "a half-open socket was kept"
            status, listed = server.json("GET", "/api/games")
            assert status == 200 and [g["name"] for g in listed] == ["g"]
            server.stop()
            assert server.process.stdout is not None
            output = "".join(server.output) + server.process.stdout.read()
        assert "Traceback" not in output, output[-3000:]
        assert "Open files: up to" in output
    finally:
        for s in sockets:
            s.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, saved)


@pytest.mark.process
@pytest.mark.server
def test_a_dictionary_named_key_reads_no_file_over_the_wire(tmp_path: Path) -> None:
    """``"dictionary": "key"`` with files named ``key`` beside the games and
    in the server's working folder: refused as no installed dictionary."""
    from serve_helpers import serving

    folder = tmp_path / "games"
    folder.mkdir()
    for where in (tmp_path / "key", folder / "key", folder / "key.yaml"):
        where.write_text("zzq\n")
    with serving(folder) as server:
        body = {"word": "zzq", "at": "A1", "layout": CODE, "dictionary": "key"}
        status, doc = server.json("POST", "/api/check-word", body)
        assert status == 400, doc
        assert doc["error"]["message"].startswith("dictionary")
        status, doc = server.json("POST", "/api/check-word", {**body, "dictionary": "./key"})
        assert status == 400, doc
    assert json.loads(json.dumps(doc))["error"]["kind"] in ("dictionary", "input")


def test_a_game_name_with_capitals_is_the_lower_case_game(client: TestClient) -> None:
    r = client.post(
        "/api/games",
        json={"name": "Friday ", "game": "blindspot", "layout": CODE, "players": ["red", "blue"]},
    )
    assert r.status_code == 201 and r.headers["location"] == "/api/games/friday"
    assert client.get("/api/games/friday").status_code == 200


def test_a_new_game_and_a_question_take_a_catalog_beside_the_layout(client: TestClient) -> None:
    """A tile catalog sent with a layout of tiles reads the layout (it is no
    field of the step itself)."""
    from referee.core.files import package_data
    from referee.core.schema import parse_yaml

    catalog = parse_yaml(package_data("standard-tiles.yaml"))
    tiles = {"tiles": [["1A", "2A", "3A"], ["4B", "5B", "6B"], ["7A", "8A", "9A"]]}
    r = client.post(
        "/api/games",
        json={
            "name": "tiles",
            "game": "blindspot",
            "layout": tiles,
            "catalog": catalog,
            "players": ["red", "blue"],
        },
    )
    assert r.status_code == 201, r.text
    r = client.post(
        "/api/check-word", json={"word": "seas", "layout": tiles, "catalog": catalog, "at": "D1"}
    )
    assert r.status_code == 200 and "valid" in r.json()
