"""``referee serve``'s API in-process (Starlette's TestClient): every answer is
the CLI's own JSON, every status code, every safety rule.

Games are made and advanced through the API and through the CLI (CliRunner)
on the same files; the CLI's output for the same step on a copy of the game
file is compared byte for byte with the API's body. Today's CLI verbs (before
the engine port) are in ``STEPS`` below: the one place to adapt at merge.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from referee.cli import cli
from referee.serve.app import Settings, create_app
from referee.serve.security import MAX_BODY

REPO = Path(__file__).resolve().parent.parent
CODE = "BS1-17A8B11B-18B16A1B-5B2B4B-RC"
TOKEN = "s3cret-token"

# Today's CLI steps as argument lists (game file first), and the same step as
# an API body. After the port: `play FILE WORD --at CELL` (the API body stays).
STEPS: dict[str, tuple[list[str], dict[str, Any]]] = {
    "play-legal": (
        ["play", "{file}", "pet", "--at", "G1"],
        {"action": "play", "word": "pet", "at": "G1"},
    ),
    "play-illegal": (
        ["play", "{file}", "zzq", "--at", "A1"],
        {"action": "play", "word": "zzq", "at": "A1"},
    ),
    "claim": (
        ["claim", "{file}", "quash", "--player", "red"],
        {"action": "claim", "word": "quash", "player": "red"},
    ),
}


def cli_run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "games"


@pytest.fixture
def client(folder: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(str(folder))), base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture
def lan(folder: Path) -> Iterator[TestClient]:
    app = create_app(Settings(str(folder), token=TOKEN, lan=True))
    with TestClient(app, base_url="http://192.0.2.10:8000") as c:
        yield c


def sample_letters() -> list[str]:
    import yaml

    data = yaml.safe_load((REPO / "setups" / "sample.yaml").read_text())
    return list(data["letters"])


def new_blindspot(client: TestClient, name: str = "friday") -> dict[str, Any]:
    """A two-player game on setups/sample.yaml (PET at G1 is legal there)."""
    layout = {"letters": sample_letters()}
    r = client.post(
        "/api/games",
        json={"name": name, "game": "blindspot", "layout": layout, "players": ["red", "blue"]},
    )
    assert r.status_code == 201, r.text
    return dict(r.json())


def new_wordblock(client: TestClient, repo: Path, name: str = "words") -> None:
    board = cli_board(repo / "examples" / "wordblock" / "rulebook.yaml")
    r = client.post(
        "/api/games",
        json={
            "name": name,
            "game": "wordblock",
            "players": ["blue", "red", "green"],
            "board": board,
            "free": True,
        },
    )
    assert r.status_code == 201, r.text


def cli_board(path: Path) -> dict[str, Any]:
    import yaml

    data = yaml.safe_load(path.read_text())
    assert isinstance(data, dict)
    return data


# ----------------------------------------------------- the CLI's JSON, exactly


def test_show_is_the_cli_show_byte_for_byte(client: TestClient, folder: Path, repo: Path) -> None:
    new_blindspot(client)
    new_wordblock(client, repo)
    r = client.post(
        "/api/games", json={"name": "sight", "game": "outofsight", "players": ["Ann", "Bob"]}
    )
    assert r.status_code == 201
    for name, game in (("friday", "blindspot"), ("words", "wordblock"), ("sight", "outofsight")):
        code, out, _ = cli_run(game, "game", "show", str(folder / f"{name}.yaml"), "--json")
        assert code == 0
        r = client.get(f"/api/games/{name}")
        assert r.status_code == 200
        assert r.content == out.encode()
        assert r.headers["content-type"].startswith("application/json")
        assert r.headers["x-referee-version"] == "0"


def test_created_game_answers_with_show(client: TestClient, folder: Path) -> None:
    created = new_blindspot(client)
    _, out, _ = cli_run("blindspot", "game", "show", str(folder / "friday.yaml"), "--json")
    assert json.loads(out) == created


@pytest.mark.parametrize("step", ["play-legal", "play-illegal"])
def test_blindspot_step_is_the_cli_step(
    client: TestClient, folder: Path, tmp_path: Path, step: str
) -> None:
    new_blindspot(client)
    game = folder / "friday.yaml"
    copy = tmp_path / "copy.yaml"
    shutil.copyfile(game, copy)
    args, body = STEPS[step]
    code, out, _ = cli_run("blindspot", "game", *[a.format(file=copy) for a in args], "--json")
    r = client.post("/api/games/friday/actions", json=body)
    assert r.content == out.encode()
    assert r.status_code == {0: 200, 1: 422}[code]
    assert game.read_text() == copy.read_text()  # the same file, written the same way


def test_wordblock_claim_is_the_cli_claim(
    client: TestClient, folder: Path, tmp_path: Path, repo: Path
) -> None:
    new_wordblock(client, repo)
    copy = tmp_path / "copy.yaml"
    shutil.copyfile(folder / "words.yaml", copy)
    args, body = STEPS["claim"]
    code, out, _ = cli_run("wordblock", "game", *[a.format(file=copy) for a in args], "--json")
    assert code == 0
    r = client.post("/api/games/words/actions", json=body)
    assert r.status_code == 200
    assert r.content == out.encode()
    assert json.loads(r.content)["points"] == {"blue": 20, "red": 32}
    assert r.headers["x-referee-version"] == "1"


OUT_OF_SIGHT_STEPS: list[tuple[list[str], dict[str, Any], int]] = [
    (
        ["turn", "{file}", "--cards", "red-3,blue-5", "--stop"],
        {"action": "turn", "cards": ["red-3", "blue-5"], "stop": True},
        200,
    ),
    (
        ["turn", "{file}", "--cards", "green-7", "--time", "--doubles", "wipe"],
        {"action": "turn", "cards": "green-7", "time": True, "doubles": "wipe"},
        200,
    ),
    (
        ["turn", "{file}", "--player", "Bob", "--stop"],
        {"action": "turn", "player": "Bob", "stop": True},
        400,
    ),
    (["undo", "{file}"], {"action": "undo"}, 200),
    (["undo", "{file}"], {"action": "undo"}, 200),
    (["undo", "{file}"], {"action": "undo"}, 422),
]


def test_outofsight_turns_and_undos_are_the_cli_steps(
    client: TestClient, folder: Path, tmp_path: Path
) -> None:
    """Each step through the API and through the CLI on a copy of the same
    game: the same bytes out, the same file after."""
    body = {"name": "sight", "game": "outofsight", "players": ["Ann", "Bob"], "mode": "advanced"}
    assert client.post("/api/games", json=body).status_code == 201
    game, copy = folder / "sight.yaml", tmp_path / "copy.yaml"
    shutil.copyfile(game, copy)
    for args, step, status in OUT_OF_SIGHT_STEPS:
        code, out, _ = cli_run("outofsight", "game", *[a.format(file=copy) for a in args], "--json")
        r = client.post("/api/games/sight/actions", json=step)
        assert r.status_code == status, r.text
        assert {0: 200, 1: 422, 2: 400}[code] == status
        assert r.content == out.encode(), step
        assert game.read_text() == copy.read_text()
    version = json.loads(cli_run("outofsight", "game", "show", str(copy), "--json")[1])["version"]
    assert r.headers["x-referee-version"] == str(version) == "4"


def test_refused_step_is_422_with_reason_and_writes_nothing(
    client: TestClient, folder: Path
) -> None:
    new_blindspot(client)
    before = (folder / "friday.yaml").read_bytes()
    r = client.post("/api/games/friday/actions", json={"action": "undo"})
    assert r.status_code == 422
    assert r.json()["reason"] == "nothing-to-undo"
    r = client.post("/api/games/friday/actions", json={"action": "play", "word": "zzq", "at": "A1"})
    assert r.status_code == 422
    assert r.json()["valid"] is False
    assert r.json()["reason"] == "not-found"
    assert (folder / "friday.yaml").read_bytes() == before
    assert r.headers["x-referee-version"] == "0"


def test_stale_version_is_409_and_nothing_written(client: TestClient, folder: Path) -> None:
    new_blindspot(client)
    ok = client.post(
        "/api/games/friday/actions",
        json={"action": "play", "word": "pet", "at": "G1", "expect_version": 0},
    )
    assert ok.status_code == 200
    assert ok.headers["x-referee-version"] == "1"
    before = (folder / "friday.yaml").read_bytes()
    stale = client.post(
        "/api/games/friday/actions",
        json={"action": "timeout", "expect_version": 0},
    )
    assert stale.status_code == 409
    assert stale.json() == {
        "error": {"kind": "conflict", "message": "game changed: version is 1, expected 0"}
    }
    assert (folder / "friday.yaml").read_bytes() == before


def test_bad_input_is_400_with_the_cli_message(client: TestClient, folder: Path) -> None:
    new_blindspot(client)
    code, out, err = cli_run(
        "blindspot", "game", "play", str(folder / "friday.yaml"), "pet", "--at", "Z9", "--json"
    )
    assert code == 2
    r = client.post("/api/games/friday/actions", json={"action": "play", "word": "pet", "at": "Z9"})
    assert r.status_code == 400
    assert r.content == out.encode()
    assert r.json()["error"]["message"] == err.removeprefix("Error: ").strip()


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"action": "fly"}, "not a step of blindspot"),
        ({"action": "new"}, "not a step"),
        ({}, "not a step"),
        ({"action": "play", "wrd": "pet", "at": "A1"}, "unknown field 'wrd'"),
        ({"action": "play", "word": ["p", "e,t"], "at": "A1"}, "cannot contain a comma"),
        ({"action": "play", "word": True, "at": "A1"}, "expected a string"),
        ({"action": "play", "word": {"a": 1}, "at": "A1"}, "expected a string"),
        ({"action": "play", "word": "pet", "at": "A1", "allow": "/etc/passwd"}, "file names"),
        ({"action": "play", "word": "pet", "at": "A1", "dictionary": "/etc/words"}, "enchant tag"),
        ({"action": "play", "word": "pet", "at": "A1", "json": True}, "unknown field 'json'"),
        ({"action": "play", "word": "p\u0000t", "at": "A1"}, "NUL"),
        ({"action": "timeout", "anyway": "yes"}, "expected true or false"),
        ({"action": "undo", "expect_version": -1}, "expect_version"),
        ({"action": "undo", "expect_version": "1"}, "expect_version"),
        ({"action": "undo", "expect_version": True}, "expect_version"),
    ],
)
def test_bad_fields_are_400(client: TestClient, body: dict[str, Any], words: str) -> None:
    new_blindspot(client)
    r = client.post("/api/games/friday/actions", json=body)
    assert r.status_code == 400, r.text
    assert words in r.json()["error"]["message"]
    assert r.json()["error"]["kind"] == "input"


def test_a_value_that_looks_like_an_option_stays_a_value(client: TestClient) -> None:
    new_blindspot(client)
    r = client.post(
        "/api/games/friday/actions", json={"action": "play", "word": "--help", "at": "A1"}
    )
    assert r.status_code in (400, 422)
    assert "Usage" not in r.text


def test_undo_restores_show(client: TestClient) -> None:
    new_blindspot(client)
    before = client.get("/api/games/friday").json()
    client.post("/api/games/friday/actions", json={"action": "play", "word": "pet", "at": "G1"})
    r = client.post("/api/games/friday/actions", json={"action": "undo", "expect_version": 1})
    assert r.status_code == 200
    after = client.get("/api/games/friday").json()
    assert {k: v for k, v in after.items() if k not in ("actions", "version")} == {
        k: v for k, v in before.items() if k not in ("actions", "version")
    }
    assert client.get("/api/games/friday").headers["x-referee-version"] == "2"


def test_outofsight_frame_from_a_json_object(client: TestClient, folder: Path) -> None:
    client.post(
        "/api/games",
        json={"name": "sight", "game": "outofsight", "players": ["Ann", "Bob"], "mode": "basic"},
    )
    banks = {"players": {"Ann": ["red-1", "blue-2"], "Bob": ["red-3"]}}
    r = client.post("/api/games/sight/actions", json={"action": "frame", "frame_file": banks})
    assert r.status_code == 200, r.text
    assert r.json()["players"]["Ann"]["points"] == 2
    assert r.headers["x-referee-version"] == "1"
    bad = client.post(
        "/api/games/sight/actions", json={"action": "frame", "frame_file": {"Ann": ["red-1"]}}
    )
    assert bad.status_code == 400
    message = bad.json()["error"]["message"]
    assert message.startswith("frame_file: line 1: unknown key 'Ann'")  # the field, not a temp path
    assert "/tmp" not in message
    path = client.post(
        "/api/games/sight/actions", json={"action": "frame", "frame_file": "/etc/passwd"}
    )
    assert path.status_code == 400
    assert "file names are not accepted" in path.json()["error"]["message"]


def test_steps_are_listed_and_unknown_ones_refused(client: TestClient, repo: Path) -> None:
    new_wordblock(client, repo)
    r = client.post("/api/games/words/actions", json={"action": "fly"})
    assert r.status_code == 400
    assert "not a step of wordblock" in r.json()["error"]["message"]
    steps = client.get("/api/games/words/steps").json()
    assert steps["game"] == "wordblock"
    assert {"claim", "place", "move-block", "undo"} <= set(steps["steps"])
    claim = {f["name"]: f for f in steps["steps"]["claim"]}
    assert claim["challenged_by"]["kind"] == "value"
    assert "game_file" not in claim


# ------------------------------------------------------------- the games list


def test_list_games_and_cli_made_games(client: TestClient, folder: Path, repo: Path) -> None:
    assert client.get("/api/games").json() == []
    new_blindspot(client)
    folder.mkdir(exist_ok=True)
    code, _, _ = cli_run(
        "wordblock",
        "game",
        "new",
        "--free",
        "--players",
        "blue,red",
        "-o",
        str(folder / "cli-made.yaml"),
    )
    assert code == 0
    cli_run("blindspot", "game", "play", str(folder / "friday.yaml"), "pet", "--at", "G1")
    (folder / "notes.txt").write_text("not a game\n")
    (folder / "Bad Name.yaml").write_text("game: word-block\n")
    (folder / "broken.yaml").write_text("game: [\n")
    os.symlink(folder / "friday.yaml", folder / "link.yaml")
    rows = client.get("/api/games").json()
    assert rows == [
        {
            "name": "cli-made",
            "game": "wordblock",
            "players": ["blue", "red"],
            "version": 0,
            "over": False,
            "turn": None,
        },
        {
            "name": "friday",
            "game": "blindspot",
            "players": ["red", "blue"],
            "version": 1,
            "over": False,
            "turn": "blue",
        },
    ]
    assert client.get("/api/games/link").status_code == 404
    assert client.get("/api/games/broken").status_code == 404


# ------------------------------------------------------------------ creating


def test_create_errors(client: TestClient, folder: Path) -> None:
    new_blindspot(client)
    again = client.post(
        "/api/games",
        json={"name": "friday", "game": "blindspot", "layout": CODE, "players": ["red", "blue"]},
    )
    assert again.status_code == 409
    assert again.json()["error"]["kind"] == "exists"
    cases = [
        ({"name": "Friday", "game": "blindspot"}, 400, "game names"),
        ({"name": "x" * 41, "game": "blindspot"}, 400, "game names"),
        ({"name": "../etc", "game": "blindspot"}, 400, "game names"),
        ({"name": "ok", "game": "chess"}, 400, "game:"),
        ({"game": "blindspot"}, 400, "name"),
        ({"name": "ok", "game": "blindspot", "layout": "/etc/passwd"}, 400, "file names"),
        ({"name": "ok", "game": "blindspot", "layout": CODE, "output": "x.yaml"}, 400, "unknown"),
        ({"name": "ok", "game": "blindspot", "layout": CODE, "force": True}, 400, "unknown"),
        ({"name": "ok", "game": "blindspot", "layout": "BS1-XX", "players": ["red"]}, 400, ""),
        ({"name": "ok", "game": "wordblock", "players": ["solo"]}, 400, "--players"),
    ]
    for body, status, words in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == status, (body, r.text)
        assert words in r.json()["error"]["message"], (body, r.text)
    assert sorted(p.name for p in folder.iterdir()) == ["friday.yaml"]


def test_names_at_the_edges_of_the_pattern(client: TestClient, folder: Path) -> None:
    """1 to 40 of a-z, 0-9 and '-': the longest and the shortest are games, and
    their files are DIR/NAME.yaml, nothing else."""
    for name in ("a" * 40, "0", "-", "x-1"):
        body = {"name": name, "game": "outofsight", "players": ["A", "B"]}
        assert client.post("/api/games", json=body).status_code == 201, name
        assert client.get(f"/api/games/{name}").status_code == 200
        step = {"action": "turn", "cards": ["red-1"], "stop": True, "expect_version": 0}
        assert client.post(f"/api/games/{name}/actions", json=step).status_code == 200
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        f"{n}.yaml" for n in ("a" * 40, "0", "-", "x-1")
    )
    listed = [g["name"] for g in client.get("/api/games").json()]
    assert listed == sorted(["a" * 40, "0", "-", "x-1"])


def test_create_takes_a_layout_object(client: TestClient, repo: Path) -> None:
    letters = cli_board(repo / "setups" / "sample.yaml")["letters"]
    r = client.post(
        "/api/games",
        json={"name": "sample", "game": "blindspot", "layout": {"letters": letters}, "solo": True},
    )
    assert r.status_code == 201, r.text
    assert r.json()["turn"] == "blue"


# ----------------------------------------------------------------- questions


def test_questions_answer_200_for_yes_and_no(client: TestClient, repo: Path) -> None:
    layout = str(repo / "setups" / "sample.yaml")
    letters = cli_board(repo / "setups" / "sample.yaml")["letters"]
    for word, at in (("seas", "D1"), ("zzzq", "D1")):
        code, out, _ = cli_run("check-word", word, "--layout", layout, "--at", at, "--json")
        r = client.post(
            "/api/check-word", json={"word": word, "at": at, "layout": {"letters": letters}}
        )
        assert r.status_code == 200
        assert r.content == out.encode()
        assert r.json()["valid"] is (code == 0)
    board = cli_board(repo / "examples" / "wordblock" / "rulebook.yaml")
    code, out, _ = cli_run(
        "score-claim",
        "quash",
        "--board",
        str(repo / "examples" / "wordblock" / "rulebook.yaml"),
        "--player",
        "red",
        "--json",
    )
    r = client.post("/api/score-claim", json={"word": "quash", "player": "red", "board": board})
    assert (r.status_code, r.content) == (200, out.encode())
    frame = cli_board(repo / "examples" / "outofsight" / "example-three.yaml")
    code, out, _ = cli_run(
        "score-frame", str(repo / "examples" / "outofsight" / "example-three.yaml"), "--json"
    )
    r = client.post("/api/score-frame", json={"file": frame})
    assert (r.status_code, r.content) == (200, out.encode())
    deck = cli_board(repo / "examples" / "spotit" / "order-2.yaml")
    code, out, _ = cli_run(
        "spotit", "match", str(repo / "examples" / "spotit" / "order-2.yaml"), "1", "2", "--json"
    )
    r = client.post("/api/spotit/match", json={"deck": deck, "first": 1, "second": 2})
    assert (r.status_code, r.content) == (200, out.encode())


def test_question_with_a_setup_code(client: TestClient) -> None:
    r = client.post("/api/check-word", json={"word": "nose", "at": "A1", "layout": CODE})
    assert r.status_code == 200
    assert set(r.json()) >= {"valid", "reason", "word", "at"}
    bad = client.post("/api/check-word", json={"word": "nose", "at": "A1", "layout": "BS1-0"})
    assert bad.status_code == 400
    assert bad.json()["error"]["message"].startswith("layout: ")


def test_question_errors(client: TestClient) -> None:
    assert client.post("/api/nope", json={}).status_code == 404
    assert client.post("/api/check-word", json={"word": "seas"}).status_code == 400
    r = client.post("/api/check-word", json={"word": "seas", "at": "A1", "batch": True})
    assert r.status_code == 400
    assert "unknown field 'batch'" in r.json()["error"]["message"]
    r = client.post("/api/spotit/generate", json={"order": 2, "output": "/tmp/x.yaml"})
    assert r.status_code == 400


# -------------------------------------------------------------------- safety


def test_body_limits(client: TestClient) -> None:
    new_blindspot(client)
    big = json.dumps({"action": "play", "word": "a" * MAX_BODY, "at": "A1"})
    r = client.post(
        "/api/games/friday/actions", content=big, headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 413
    assert r.json()["error"]["kind"] == "too-large"

    def chunks() -> Iterator[bytes]:
        yield b'{"action": "play", "word": "'
        for _ in range(300):
            yield b"a" * 1024
        yield b'", "at": "A1"}'

    r = client.post(
        "/api/games/friday/actions", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 413
    r = client.post(
        "/api/check-word", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 413
    # and the server is still there
    assert client.get("/api/games/friday").status_code == 200


@pytest.mark.parametrize(
    ("content", "ctype", "status", "words"),
    [
        (b'{"action": "undo"}', "text/plain", 415, "send JSON"),
        (b"action: undo\n", "application/yaml", 415, "send JSON"),
        (b"{not json", "application/json", 400, "not JSON"),
        (b'["undo"]', "application/json", 400, "expected a JSON object"),
        (b'{"action": "undo", "action": "play"}', "application/json", 400, "appears twice"),
        (b'{"action": "undo", "expect_version": NaN}', "application/json", 400, "NaN"),
        (b"\xff\xfe", "application/json", 400, "UTF-8"),
        (b"[" * 5000 + b"]" * 5000, "application/json", 400, "nested"),
        (b'{"a":' * 150 + b"1" + b"}" * 150, "application/json", 400, "nested"),
    ],
)
def test_json_only(client: TestClient, content: bytes, ctype: str, status: int, words: str) -> None:
    new_blindspot(client)
    r = client.post("/api/games/friday/actions", content=content, headers={"Content-Type": ctype})
    assert r.status_code == status, r.text
    assert words in r.json()["error"]["message"]


@pytest.mark.parametrize(
    "path", ["/api/games/UPPER", "/api/games/a_b", "/api/games/" + "a" * 41, "/api/games/%2e%2e"]
)
def test_names_outside_the_pattern(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code in (400, 404)
    assert r.headers["content-type"].startswith("application/json")
    r = client.post(path + "/actions", json={"action": "undo"})
    assert r.status_code in (400, 404)


def test_unknown_routes_and_methods_are_json(client: TestClient) -> None:
    r = client.get("/api/nothing/here")
    assert r.status_code == 404
    assert r.json()["error"]["kind"] == "not-found"
    r = client.delete("/api/games")
    assert r.status_code == 405
    assert r.json()["error"]["kind"] == "method-not-allowed"
    r = client.get("/no/such/page")
    assert r.status_code == 404
    assert "text/html" in r.headers["content-type"]


@pytest.mark.usefixtures("tally")
def test_crash_is_500_without_trace_and_serving_goes_on(
    client: TestClient, capfd: pytest.CaptureFixture[str]
) -> None:
    client.post("/api/games", json={"name": "t", "game": "tally", "players": ["ann", "bob"]})
    r = client.post("/api/games/t/actions", json={"action": "crash"})
    assert r.status_code == 500
    assert "Traceback" not in r.text
    assert "secret" not in r.text
    assert r.json() == {
        "error": {
            "kind": "internal",
            "message": "the referee failed on this request (see the server's log)",
        }
    }
    assert "ZeroDivisionError: secret detail" in capfd.readouterr().err  # the server's log
    r = client.post("/api/games/t/actions", json={"action": "add", "points": 1})
    assert r.status_code == 200


def test_host_check_without_lan(folder: Path) -> None:
    app = create_app(Settings(str(folder)))
    with TestClient(app, base_url="http://evil.example") as c:
        assert c.get("/api/games").status_code == 403
    for host in ("localhost:8000", "127.0.0.1", "[::1]:8000"):
        with TestClient(app, base_url=f"http://{host}") as c:
            assert c.get("/api/games").status_code == 200


def test_security_headers(client: TestClient) -> None:
    r = client.get("/")
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


# --------------------------------------------------------------- the token


def test_lan_token_rules(lan: TestClient) -> None:
    assert lan.get("/").status_code == 403
    assert lan.get("/api/games").status_code == 403
    assert lan.get("/static/app.css").status_code == 403
    assert lan.get("/?token=wrong", follow_redirects=False).status_code == 403
    join = lan.get(f"/?token={TOKEN}&x=1", follow_redirects=False)
    assert join.status_code == 303
    assert join.headers["location"] == "/?x=1"
    assert "HttpOnly" in join.headers["set-cookie"]
    assert "SameSite=Strict" in join.headers["set-cookie"]
    # the cookie is now kept by the client: reading works
    assert lan.get("/api/games").status_code == 200
    page = lan.get("/")
    assert page.status_code == 200
    assert f'content="{TOKEN}"' in page.text  # the page's script sends it as the header
    body = {"name": "fri", "game": "outofsight", "players": ["Ann", "Bob"]}
    # a cookie alone cannot write
    r = lan.post("/api/games", json=body)
    assert r.status_code == 403
    assert "X-Referee-Token" in r.json()["error"]["message"]
    r = lan.post("/api/games", json=body, headers={"X-Referee-Token": "wrong"})
    assert r.status_code == 403
    r = lan.post("/api/games", json=body, headers={"X-Referee-Token": TOKEN})
    assert r.status_code == 201
    lan.cookies.clear()
    # the header alone is enough (scripts, the load test)
    assert lan.get("/api/games", headers={"X-Referee-Token": TOKEN}).status_code == 200
    assert lan.get("/api/games").status_code == 403


# ---------------------------------------------------------------- the pages


def test_pages_render(client: TestClient, repo: Path) -> None:
    new_blindspot(client)
    new_wordblock(client, repo)
    client.post("/api/games", json={"name": "sight", "game": "outofsight", "players": ["A", "B"]})
    home = client.get("/")
    assert home.status_code == 200
    for name in ("friday", "words", "sight"):
        assert f'href="/games/{name}"' in home.text
    page = client.get("/games/friday")
    assert page.status_code == 200
    assert page.text.count('class="l letter"') == 81  # setup show --svg's board, inline
    initial = page.text.split('id="initial">', 1)[1].split("</script>", 1)[0]
    data = json.loads(initial)
    assert data["show"] == client.get("/api/games/friday").json()
    assert data["version"] == 0
    for path in ("/games/words", "/games/sight", "/check", "/spotit"):
        assert client.get(path).status_code == 200, path
    assert client.get("/games/nothing").status_code == 404
    assert client.get("/games/BAD").status_code == 404
    for name in ("app.css", "app.js", "blindspot.js", "wordblock.js", "outofsight.js"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/../__init__.py").status_code == 404
    assert client.get("/static/__init__.py").status_code == 404


def test_board_svg_is_setup_shows(client: TestClient, tmp_path: Path) -> None:
    r = client.post(
        "/api/games",
        json={"name": "friday", "game": "blindspot", "layout": CODE, "players": ["red", "blue"]},
    )
    assert r.status_code == 201
    out = tmp_path / "board.svg"
    layout = tmp_path / "layout.yaml"
    assert cli_run("setup", "generate", "--code", CODE, "-o", str(layout))[0] == 0
    assert cli_run("setup", "show", str(layout), "--svg", str(out))[0] == 0
    r = client.get("/api/games/friday/board.svg")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.text == out.read_text()
    assert client.get(f"/api/board.svg?code={CODE}").text == out.read_text()
    assert client.get("/api/board.svg?code=BS1-0").status_code == 400


def test_explanations(client: TestClient) -> None:
    words = client.get("/api/explanations").json()
    assert "not-found" in words
    assert "nothing-to-undo" in words


# ------------------------------------------------------------ live updates


def test_events_see_cli_writes(folder: Path, client: TestClient) -> None:
    """The hub's poller turns a CLI write into one event per version."""
    from referee.serve.events import Hub
    from referee.serve.games import Folder

    new_blindspot(client)
    game = str(folder / "friday.yaml")

    async def scenario() -> list[str]:
        hub = Hub(Folder(str(folder)), interval=0.05)
        stream = hub.stream("friday")
        got = [await stream.__anext__(), await stream.__anext__()]
        await asyncio.to_thread(cli_run, "blindspot", "game", "play", game, "pet", "--at", "G1")
        await asyncio.to_thread(cli_run, "blindspot", "game", "timeout", game)
        got.append(await asyncio.wait_for(stream.__anext__(), 2))
        got.append(await asyncio.wait_for(stream.__anext__(), 2))
        await stream.aclose()  # type: ignore[attr-defined]
        await hub.stop()
        assert hub.subscribers == {}
        return got

    got = asyncio.run(scenario())
    assert got[0].startswith("retry:")
    assert got[1] == 'id: 0\ndata: {"version": 0}\n\n'
    assert got[2:] == ['id: 1\ndata: {"version": 1}\n\n', 'id: 2\ndata: {"version": 2}\n\n']


def test_events_route_errors(client: TestClient) -> None:
    assert client.get("/api/games/none/events").status_code == 404
    assert client.get("/api/games/BAD/events").status_code == 400


def test_timer_go_flip_stop(client: TestClient) -> None:
    client.post("/api/games", json={"name": "sight", "game": "outofsight", "players": ["A", "B"]})
    assert client.get("/api/games/sight/timer").json()["phase"] == "ready"
    go = client.post("/api/games/sight/timer", json={"event": "go"}).json()
    assert (go["phase"], go["event"]) == ("running", "start")
    flip = client.post("/api/games/sight/timer", json={"event": "flip"}).json()
    assert flip["event"] == "flip"
    assert flip["flipped"] is True
    assert flip["left"] < 1  # flipped at once: what has run is what is left
    again = client.post("/api/games/sight/timer", json={"event": "flip"}).json()
    assert again["event"] in ("flip-refused", "time", "")
    reset = client.post("/api/games/sight/timer", json={"event": "reset"}).json()
    assert reset["phase"] == "ready"
    client.post("/api/games/sight/timer", json={"event": "go"})
    stop = client.post("/api/games/sight/timer", json={"event": "stop"}).json()
    assert (stop["phase"], stop["event"]) == ("stopped", "stop")
    assert client.post("/api/games/sight/timer", json={"event": "pause"}).status_code == 400
    assert client.post("/api/games/none/timer", json={"event": "go"}).status_code == 404


def test_timer_time_called_by_the_time_keeper(client: TestClient) -> None:
    """ "Time!" ends a running timer (expired); called on a timer that is not
    running, it is ignored and says why."""
    client.post("/api/games", json={"name": "sight", "game": "outofsight", "players": ["A", "B"]})
    idle = client.post("/api/games/sight/timer", json={"event": "time"}).json()
    assert (idle["phase"], idle["event"]) == ("ready", "ignored")
    client.post("/api/games/sight/timer", json={"event": "go"})
    called = client.post("/api/games/sight/timer", json={"event": "time"}).json()
    assert (called["phase"], called["event"]) == ("expired", "time")
    assert client.get("/api/games/sight/timer").json()["phase"] == "expired"


# ------------------------------------------- a game already on the engine


@pytest.fixture
def tally(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plug a game shaped as after the engine port into the command tree."""
    from referee.serve import compat

    monkeypatch.setitem(cli.lazy, "tally", "serve_tally:tally")
    monkeypatch.setattr(compat, "GAMES", (*compat.GAMES, "tally"))
    monkeypatch.setitem(compat.GAME_KINDS, "tally", "tally")


@pytest.mark.usefixtures("tally")
def test_a_game_on_the_engine_needs_no_change(client: TestClient, folder: Path) -> None:
    r = client.post("/api/games", json={"name": "t", "game": "tally", "players": ["ann", "bob"]})
    assert r.status_code == 201, r.text
    assert r.json() == {"version": 0, "totals": {"ann": 0, "bob": 0}, "turn": "ann"}
    r = client.post(
        "/api/games/t/actions", json={"action": "add", "points": 3, "expect_version": 0}
    )
    assert r.status_code == 200, r.text
    assert r.json()["version"] == 1
    assert r.headers["x-referee-version"] == "1"
    # the stale write is refused by the engine itself (--expect-version is passed on)
    before = (folder / "t.yaml").read_bytes()
    stale = client.post(
        "/api/games/t/actions", json={"action": "add", "points": 5, "expect_version": 0}
    )
    assert stale.status_code == 409
    code, out, _ = cli_run(
        "tally",
        "game",
        "add",
        str(folder / "t.yaml"),
        "--points",
        "5",
        "--expect-version",
        "0",
        "--json",
    )
    assert code == 2
    assert stale.content == out.encode()
    assert (folder / "t.yaml").read_bytes() == before
    # the rules' no: 422 with the reason
    wrong = client.post(
        "/api/games/t/actions", json={"action": "add", "points": 1, "player": "ann"}
    )
    assert wrong.status_code == 422
    assert wrong.json()["reason"] == "not-your-turn"
    undo = client.post("/api/games/t/actions", json={"action": "undo", "expect_version": 1})
    assert undo.status_code == 200
    assert client.get("/api/games/t").json() == {
        "version": 2,
        "totals": {"ann": 0, "bob": 0},
        "turn": "ann",
    }
    assert client.get("/api/games").json()[0]["version"] == 2


def test_blindspot_bonus_flow(client: TestClient) -> None:
    """PLANET (skipping the O under the new spot) earns the farsighted bonus."""
    new_blindspot(client)
    r = client.post(
        "/api/games/friday/actions", json={"action": "play", "word": "planet", "at": "E8"}
    )
    assert r.status_code == 200, r.text
    assert r.json()["bonus"] is True
    assert client.get("/api/games/friday").json()["bonus_owed"]
    early = client.post("/api/games/friday/actions", json={"action": "timeout"})
    assert early.status_code == 422
    r = client.post("/api/games/friday/actions", json={"action": "bonus", "at": "A5"})
    assert r.status_code == 200, r.text
    shown = client.get("/api/games/friday")
    assert shown.json()["spots"]["red"] == ["E8", "A5"]
    assert shown.json()["turn"] == "blue"
    assert shown.headers["x-referee-version"] == "2"


def test_each_thread_judges_with_its_own_enchant_dictionary() -> None:
    """enchant is not thread safe: the server's worker threads each open their
    own dictionary (once), and judge alike."""
    import threading

    from referee.core.dictionary import open_enchant

    seen: dict[int, tuple[object, object, bool, bool]] = {}

    def judge(n: int) -> None:  # the objects are kept: ids stay distinct
        first, again = open_enchant("en_US"), open_enchant("en_US")
        seen[n] = (first, again, "pet" in first, "zzq" in again)

    threads = [threading.Thread(target=judge, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(first is again for first, again, _, _ in seen.values())
    assert len({id(first) for first, _, _, _ in seen.values()}) == 4  # one per thread
    assert all(legal and not bogus for _, _, legal, bogus in seen.values())
