"""The offline site's Python parts, in-process: the application asked without
a network (:class:`referee.site.browser.Browser`) answers exactly as the
server does, also the way it runs in the browser (no threads); game files go
out (``GET /api/games/NAME/file``) and come in (``POST``); the SCOWL pack
judges as the lists it was built from; ``referee site build`` and its bad
inputs. The site itself, in Chromium with no server, is
``tests/test_site_browser.py``."""

from __future__ import annotations

import asyncio
import errno
import gzip
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from starlette.testclient import TestClient

from helpers import in_process
from referee.core import files, scowl
from referee.serve import events, threads
from referee.serve.app import Settings, create_app
from referee.site.browser import Browser

REPO = Path(__file__).resolve().parent.parent
PYODIDE = REPO / "node_modules" / "pyodide"


def letters() -> list[str]:
    return list(yaml.safe_load((REPO / "setups" / "sample.yaml").read_text())["letters"])


NEW = {"name": "friday", "game": "blindspot", "players": ["red", "blue"]}
STEPS = [
    ("POST", "/api/games", {**NEW, "layout": {"letters": letters()}}),
    ("GET", "/api/games/friday", None),
    ("POST", "/api/games/friday/actions", {"action": "play", "word": "pet", "at": "G1"}),
    ("POST", "/api/games/friday/actions", {"action": "play", "word": "zzq", "at": "A1"}),
    ("POST", "/api/games/friday/actions", {"action": "undo", "expect_version": 0}),
    ("POST", "/api/games/friday/actions", {"action": "timeout"}),
    ("GET", "/api/games", None),
    ("GET", "/api/games/friday/steps", None),
    ("GET", "/api/games/nobody", None),
    ("POST", "/api/check-word", {"word": "seas", "layout": {"letters": letters()}, "at": "D1"}),
    ("POST", "/api/spotit/generate", {"order": 2, "seed": "1"}),
    ("GET", "/api/games/friday/file", None),
    ("GET", "/", None),
    ("GET", "/games/friday", None),
    ("GET", "/static/client.js", None),
]
"""Requests of every kind: a game's steps (a yes, a refusal, a conflict), a
question, a page, a static file, a missing game."""

SAME_HEADERS = ("content-type", "x-referee-version", "content-disposition", "location")


@pytest.fixture(params=[False, True], ids=["threads", "inline"])
def inline(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Both ways the application runs its blocking work: in worker threads
    (referee serve) and in line (the browser, where no thread can start)."""
    monkeypatch.setattr(threads, "INLINE", request.param)
    monkeypatch.setattr(events, "INLINE", request.param)
    return bool(request.param)


def test_the_browsers_answers_are_the_servers(tmp_path: Path, inline: bool) -> None:
    """The same requests to the server (TestClient, over HTTP) and to the
    in-browser transport, on two folders: the same statuses, bodies and
    headers, and the same game file after."""
    served, browsed = tmp_path / "served", tmp_path / "browsed"
    browser = Browser(str(browsed))

    async def ask_all() -> list[dict[str, Any]]:
        return [
            json.loads(await browser.request(m, u, None if b is None else json.dumps(b)))
            for m, u, b in STEPS
        ]

    answers = asyncio.run(ask_all())
    with TestClient(create_app(Settings(str(served))), base_url="http://localhost") as client:
        for (method, url, body), got in zip(STEPS, answers, strict=True):
            r = client.request(method, url, json=body) if body is not None else client.get(url)
            assert got["status"] == r.status_code, (url, got["body"][:300])
            assert got["body"] == r.text, url
            for key in SAME_HEADERS:
                assert got["headers"].get(key) == r.headers.get(key), (url, key)
    assert (browsed / "friday.yaml").read_bytes() == (served / "friday.yaml").read_bytes()
    statuses = [a["status"] for a in answers]
    assert statuses[:6] == [201, 200, 200, 422, 409, 200] and 404 in statuses


def test_a_stream_gives_each_new_version_until_it_is_closed(tmp_path: Path, inline: bool) -> None:
    browser = Browser(str(tmp_path))
    body = json.dumps({**NEW, "layout": {"letters": letters()}})

    async def scenario() -> tuple[list[str], int]:
        assert json.loads(await browser.request("POST", "/api/games", body))["status"] == 201
        chunks: list[str] = []
        number = browser.open_stream()
        task = asyncio.ensure_future(
            browser.stream(number, "/api/games/friday/events", chunks.append)
        )
        await asyncio.sleep(0.3)
        play = json.dumps({"action": "play", "word": "pet", "at": "G1"})
        await browser.request("POST", "/api/games/friday/actions", play)
        for _ in range(100):
            if any('"version": 1' in c for c in chunks):
                break
            await asyncio.sleep(0.05)
        browser.close(number)
        status = await asyncio.wait_for(task, 5)
        return chunks, status

    chunks, status = asyncio.run(scenario())
    text = "".join(chunks)
    assert status == 200
    assert 'data: {"version": 0}' in text and 'data: {"version": 1}' in text


# ------------------------------------------------------------- game files


def test_a_downloaded_game_opens_elsewhere_as_it_was(client: TestClient, tmp_path: Path) -> None:
    assert (
        client.post("/api/games", json={**NEW, "layout": {"letters": letters()}}).status_code == 201
    )
    client.post("/api/games/friday/actions", json={"action": "play", "word": "pet", "at": "G1"})
    got = client.get("/api/games/friday/file")
    assert got.status_code == 200
    assert got.headers["content-disposition"] == 'attachment; filename="friday.yaml"'
    assert got.headers["content-type"].startswith("application/yaml")
    assert got.content == (tmp_path / "games" / "friday.yaml").read_bytes()
    opened = client.post("/api/games/copy/file", json={"text": got.text})
    assert opened.status_code == 201, opened.text
    assert opened.headers["location"] == "/api/games/copy"
    assert opened.json() == client.get("/api/games/friday").json()
    assert (tmp_path / "games" / "copy.yaml").read_bytes() == got.content
    # the CLI shows the file as the server did
    code, out, _ = in_process(
        "blindspot", "game", "show", str(tmp_path / "games" / "copy.yaml"), "--json"
    )
    assert code == 0 and out == opened.text


@pytest.mark.parametrize(
    ("name", "body", "status", "said"),
    [
        ("friday", {"text": "x"}, 409, "exists already"),
        ("new", {}, 400, "text"),
        ("new", {"text": ""}, 400, "text"),
        ("new", {"text": 3}, 400, "text"),
        ("new", {"text": "a: [", "more": 1}, 400, "unknown field"),
        ("new", {"text": "a: ["}, 400, "new.yaml"),
        ("new", {"text": "game: chess\n"}, 400, "not a game of a known kind"),
        ("new", {"text": "just words\n"}, 400, "new.yaml"),
        ("Bad Name", {"text": "x"}, 400, "name"),
    ],
    ids=[
        "exists",
        "no-text",
        "empty",
        "not-text",
        "unknown-field",
        "not-yaml",
        "not-a-game",
        "not-a-mapping",
        "bad-name",
    ],
)
def test_a_file_that_is_no_game_is_refused_and_nothing_is_written(
    client: TestClient, tmp_path: Path, name: str, body: dict[str, Any], status: int, said: str
) -> None:
    assert (
        client.post("/api/games", json={**NEW, "layout": {"letters": letters()}}).status_code == 201
    )
    before = sorted(os.listdir(tmp_path / "games"))
    r = client.post(f"/api/games/{name.replace(' ', '%20')}/file", json=body)
    assert r.status_code == status, r.text
    assert said in r.json()["error"]["message"]
    assert sorted(os.listdir(tmp_path / "games")) == before


def test_a_game_with_a_broken_history_is_refused(client: TestClient) -> None:
    client.post("/api/games", json={**NEW, "layout": {"letters": letters()}})
    text = client.get("/api/games/friday/file").text
    broken = text.replace("history: []", 'history:\n- {"action": "play", "word": 7}')
    r = client.post("/api/games/broken/file", json={"text": broken})
    assert r.status_code == 400 and "broken.yaml" in r.json()["error"]["message"]
    assert client.get("/api/games/broken").status_code == 404


def test_a_file_larger_than_a_request_may_be_is_413(client: TestClient) -> None:
    from referee.serve.security import MAX_BODY

    r = client.post("/api/games/big/file", json={"text": "#" * MAX_BODY})
    assert r.status_code == 413


@pytest.mark.parametrize(("name", "status"), [("nobody", 404), ("Bad!", 400)])
def test_downloading_no_game(client: TestClient, name: str, status: int) -> None:
    assert client.get(f"/api/games/{name}/file").status_code == status


# ------------------------------------------------------- the browser's os


def test_a_new_file_is_written_where_there_are_no_hard_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The browser's ``os`` has no ``link`` and no ``geteuid``: a new file
    is still created exclusively, and a second creator is told it exists."""
    monkeypatch.delattr(os, "link")
    monkeypatch.delattr(os, "geteuid")
    target = tmp_path / "game.yaml"
    files.write_text(str(target), "one\n")
    assert target.read_text() == "one\n"
    files.write_text(str(target), "two\n", force=True)
    assert target.read_text() == "two\n"
    with pytest.raises(OSError) as caught:
        files.link(str(tmp_path / "missing"), str(target))
    assert caught.value.errno == errno.EEXIST
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]  # no temp file left


# ------------------------------------------------------------ the SCOWL pack


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pack")
    scowl.write_pack(str(folder), [scowl.Spec("american", 35), scowl.Spec("american", 60)])
    return folder


def test_the_pack_holds_the_lists_it_was_built_from(pack: Path) -> None:
    with gzip.open(pack / "words-american-60.txt.gz", "rt") as fh:
        packed = fh.read().split()
    assert packed == scowl.word_list(scowl.Spec("american", 60)).words()
    assert scowl.is_pack(str(pack)) and not scowl.is_pack(scowl.scowl_dir())


def test_the_pack_judges_as_the_lists(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--dictionary scowl:60`` with the pack as SCOWL's folder (the site)
    and with SCOWL's own files (this machine): the same verdicts, the same
    exclusions, the same lists offered."""
    words = ["seas", "pet", "planet", "zzq", "quash", "monday", "nasa", "aardvark", "xyzzy"]
    layout = str(REPO / "setups" / "sample.yaml")

    def verdicts(folder: str | None) -> list[tuple[int, str]]:
        out = []
        for w in words:
            code, text, _ = in_process(
                *("check-word", w, "--layout", layout, "--at", "D1"),
                *("--dictionary", "scowl:60", "--json"),
                env={"REFEREE_SCOWL_DIR": folder},
            )
            out.append((code, json.loads(text)["reason"]))
        return out

    mine = verdicts(None)
    assert {code for code, _ in mine} == {0, 1}  # yes and no among them
    excluded = {w: scowl.exclusions().get(w) for w in words}
    assert verdicts(str(pack)) == mine
    monkeypatch.setenv("REFEREE_SCOWL_DIR", str(pack))
    monkeypatch.setattr(scowl, "_LOADED", {})
    assert scowl.is_pack(scowl.scowl_dir())
    assert {w: scowl.exclusions().get(w) for w in words} == excluded
    assert [s.name for s, _ in scowl.available()] == ["american:35", "american:60"]
    code, _, err = in_process(
        *("check-word", "seas", "--layout", layout, "--at", "D1", "--dictionary", "scowl:70"),
        env={"REFEREE_SCOWL_DIR": str(pack)},
    )
    assert code == 2 and "scowl:american:70 is not among the word lists here" in err


# ------------------------------------------------------------ site build


def test_site_build_writes_a_site_within_its_budget(tmp_path: Path) -> None:
    code, out, err = in_process(
        "site", "build", str(tmp_path / "site"), "--pyodide", str(PYODIDE), "--json"
    )
    assert code == 0, err
    doc = json.loads(out)
    assert doc["bytes"] < 40_000_000 and doc["dictionary"] == "scowl:60"
    site = json.loads((tmp_path / "site" / "site.json").read_text())
    for rel, entry in site["files"].items():
        assert (tmp_path / "site" / rel).stat().st_size == entry["bytes"], rel
    assert sum(doc["parts"].values()) == doc["bytes"]
    worker = (tmp_path / "site" / "sw.js").read_text()
    assert '"pyodide/pyodide.asm.wasm"' in worker and site["version"] in worker
    # the wheels hold Python only: no compiled part (PyYAML's C part is left out)
    import zipfile

    for wheel in site["wheels"]:
        names = zipfile.ZipFile(tmp_path / "site" / wheel).namelist()
        assert not [n for n in names if n.endswith((".so", ".pyd"))], wheel
        assert any(n.endswith(".dist-info/RECORD") for n in names)
    referee = zipfile.ZipFile(tmp_path / "site" / site["wheels"][0]).namelist()
    assert "referee/serve/pages/client.js" in referee and "referee/site/browser.py" in referee
    # again: refused without --force, done with it
    code, _, err = in_process("site", "build", str(tmp_path / "site"), "--pyodide", str(PYODIDE))
    assert code == 2 and "a site is there already" in err
    code, _, err = in_process(
        "site", "build", str(tmp_path / "site"), "--pyodide", str(PYODIDE), "--force"
    )
    assert code == 0, err


def test_site_build_bad_inputs(tmp_path: Path) -> None:
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "keep.txt").write_text("mine\n")
    (tmp_path / "afile").write_text("x\n")
    (tmp_path / "half").mkdir()
    shutil.copyfile(PYODIDE / "package.json", tmp_path / "half" / "package.json")
    cases = [
        ([str(tmp_path / "notes"), "--pyodide", str(PYODIDE), "--force"], "holds no site"),
        ([str(tmp_path / "afile"), "--pyodide", str(PYODIDE)], "not a folder"),
        ([str(tmp_path / "out"), "--pyodide", str(tmp_path / "nowhere")], "--pyodide"),
        ([str(tmp_path / "out"), "--pyodide", str(tmp_path / "half")], "pyodide.asm.wasm"),
    ]
    for args, said in cases:
        code, out, err = in_process("site", "build", *args)
        lines = err.strip().splitlines()
        assert code == 2 and out == "", args
        assert len(lines) == 1 and lines[0].startswith("Error: ") and said in lines[0], err
    assert (tmp_path / "notes" / "keep.txt").read_text() == "mine\n"  # never emptied
    assert not (tmp_path / "out").exists()


# --------------------------------------------- a file opened on a phone: its text


def test_a_file_fields_text_is_read_as_the_cli_reads_the_file(client: TestClient) -> None:
    """``{"text": FILE}`` in any file field (a layout, a setup, a deck): the
    answer is the one for the file's mapping, and the CLI's for the file."""
    sample = (REPO / "setups" / "sample.yaml").read_text()
    fruit = REPO / "examples" / "spotit" / "fruit.yaml"
    as_text = client.post("/api/setup/show", json={"file": {"text": sample}})
    as_value = client.post("/api/setup/show", json={"file": yaml.safe_load(sample)})
    assert as_text.status_code == 200 and as_text.text == as_value.text
    verified = client.post("/api/spotit/verify", json={"deck": {"text": fruit.read_text()}})
    code, out, _ = in_process("spotit", "verify", str(fruit), "--json")
    assert (verified.status_code, verified.text) == (200, out) and code == 1
    game = {**NEW, "layout": {"text": sample}}
    made = client.post("/api/games", json=game)
    assert made.status_code == 201, made.text
    assert made.json()["version"] == 0


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (5, "file.text: expected the setup file's text, got 5"),
        ("letters: [", "the setup file: line 2: not valid YAML"),
        ("", "the setup file: setup is empty"),
        ("- a\n- b\n", "expected a YAML mapping"),
        ("letters: [abc]\n", "letters"),
        ("#" * (1 << 20) + "\nletters: []\n", "too large"),
    ],
    ids=["not-text", "not-yaml", "empty", "a-list", "not-a-layout", "too-large"],
)
def test_a_file_fields_bad_text_is_refused_in_words(text: Any, said: str) -> None:
    from referee import service as sv
    from referee.core.errors import InputError

    with pytest.raises(InputError) as caught:
        sv.question("setup show").call({"file": {"text": text}}, files=False)
    assert said in str(caught.value)
