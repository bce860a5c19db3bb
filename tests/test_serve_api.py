"""``referee serve``'s API in-process (Starlette's TestClient): every answer
is the game service's own report, every status code, every safety rule.

Each route is checked against the service called directly
(:mod:`referee.service`: ``service(game)``'s steps, ``question(route)``) on a
copy of the same game file: the same document, the same status, the same file
after. The same action through the CLI, the web and ``Step.call`` gives the
same document (``test_cli_web_and_step_call_agree``).
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

from referee import service as sv
from referee.cli import cli
from referee.core.errors import RefereeError
from referee.serve.app import Settings, create_app
from referee.serve.security import MAX_BODY

REPO = Path(__file__).resolve().parent.parent
CODE = "BS1-17A8B11B-18B16A1B-5B2B4B-RC"
TOKEN = "s3cret-token"


def cli_run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def lan(folder: Path) -> Iterator[TestClient]:
    app = create_app(Settings(str(folder), token=TOKEN, lan=True))
    with TestClient(app, base_url="http://192.0.2.10:8000") as c:
        yield c


def sample_letters() -> list[str]:
    import yaml

    data = yaml.safe_load((REPO / "setups" / "sample.yaml").read_text())
    return list(data["letters"])


def new_blindspot(client: TestClient, name: str = "friday", **extra: Any) -> dict[str, Any]:
    """A two-player game on setups/sample.yaml (PET at G1 is legal there)."""
    layout = {"letters": sample_letters()}
    body = {"name": name, "game": "blindspot", "layout": layout, "players": ["red", "blue"]}
    r = client.post("/api/games", json={**body, **extra})
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


def direct(
    game: str, step: str, path: Path, body: dict[str, Any], web: Path | None = None
) -> tuple[int, bytes]:
    """The step through the service called directly, on ``path``: the status
    and body the web must answer with (an error naming ``path`` names ``web``,
    the game's file in the server's folder, instead)."""
    fields = {k: v for k, v in body.items() if k not in ("action", "expect_version")}
    fixed: dict[str, Any] = {"path": str(path)}
    if "expect_version" in body:
        fixed["expect_version"] = body["expect_version"]
    try:
        report = sv.service(game).STEPS[step].call(fields, files=False, **fixed)
    except RefereeError as exc:
        text = json.dumps(sv.error_doc(exc), ensure_ascii=False) + "\n"
        return exc.http_status, text.replace(str(path), str(web or path)).encode()
    return sv.http_status(report), (report.json() + "\n").encode()


def asked(route: str, body: dict[str, Any]) -> tuple[int, bytes]:
    """A question through the service called directly."""
    try:
        report = sv.question(route).call(body, files=False)
    except RefereeError as exc:
        return exc.http_status, (json.dumps(sv.error_doc(exc)) + "\n").encode()
    return sv.http_status(report, question=True), (report.json() + "\n").encode()


# ------------------------------------------------- the service's own answers


def test_show_is_the_service_show(client: TestClient, folder: Path, repo: Path) -> None:
    new_blindspot(client)
    new_wordblock(client, repo)
    r = client.post(
        "/api/games", json={"name": "sight", "game": "outofsight", "players": ["Ann", "Bob"]}
    )
    assert r.status_code == 201
    for name, game in (("friday", "blindspot"), ("words", "wordblock"), ("sight", "outofsight")):
        report = sv.service(game).SHOW.run(str(folder / f"{name}.yaml"))
        r = client.get(f"/api/games/{name}")
        assert r.status_code == 200
        assert r.content == (report.json() + "\n").encode()
        assert r.headers["content-type"].startswith("application/json")
        assert r.headers["x-referee-version"] == "0" == str(report.version)
        assert {"players", "turn", "over"} <= set(r.json())


def test_created_game_answers_with_show(client: TestClient, folder: Path) -> None:
    created = new_blindspot(client)
    assert created == sv.service("blindspot").SHOW.run(str(folder / "friday.yaml")).doc


BLIND_SPOT_STEPS: list[dict[str, Any]] = [
    {"action": "play", "word": "pet", "at": "G1"},
    {"action": "play", "word": "zzq", "at": "A1"},
    {"action": "play", "word": "pet", "at": "Z9"},
    {"action": "hint", "min_length": 5},
    {"action": "timeout", "expect_version": 0},
    {"action": "undo"},
    {"action": "undo"},
    {"action": "skip-bonus"},
]


def test_blindspot_steps_are_the_service_steps(
    client: TestClient, folder: Path, tmp_path: Path
) -> None:
    """Each step through the API and through the service on a copy of the
    same game: the same status and body, the same file after."""
    new_blindspot(client)
    game, copy = folder / "friday.yaml", tmp_path / "copy.yaml"
    shutil.copyfile(game, copy)
    statuses = []
    for body in BLIND_SPOT_STEPS:
        status, out = direct("blindspot", str(body["action"]), copy, body, game)
        r = client.post("/api/games/friday/actions", json=body)
        assert (r.status_code, r.content) == (status, out), body
        assert game.read_bytes() == copy.read_bytes()
        statuses.append(status)
    assert statuses == [200, 422, 400, 200, 409, 200, 422, 400]
    assert r.headers["x-referee-version"] == "2"


def test_wordblock_claim_is_the_service_claim(
    client: TestClient, folder: Path, tmp_path: Path, repo: Path
) -> None:
    new_wordblock(client, repo)
    copy = tmp_path / "copy.yaml"
    shutil.copyfile(folder / "words.yaml", copy)
    body = {"action": "claim", "word": "quash", "player": "red"}
    status, out = direct("wordblock", "claim", copy, body)
    r = client.post("/api/games/words/actions", json=body)
    assert (r.status_code, r.content) == (status, out) == (200, r.content)
    assert json.loads(r.content)["points"] == {"blue": 20, "red": 32}
    assert r.headers["x-referee-version"] == "1"
    assert (folder / "words.yaml").read_bytes() == copy.read_bytes()


OUT_OF_SIGHT_STEPS: list[tuple[dict[str, Any], int]] = [
    ({"action": "turn", "cards": ["red-3", "blue-5"], "stop": True}, 200),
    ({"action": "turn", "cards": "green-7", "time": True, "doubles": "wipe"}, 200),
    ({"action": "turn", "player": "Bob", "stop": True}, 422),  # Ann's turn: the rules say no
    ({"action": "turn", "cards": "red-99", "stop": True}, 400),
    ({"action": "undo"}, 200),
    ({"action": "undo"}, 200),
    ({"action": "undo"}, 422),
]


def test_outofsight_turns_and_undos_are_the_service_steps(
    client: TestClient, folder: Path, tmp_path: Path
) -> None:
    body = {"name": "sight", "game": "outofsight", "players": ["Ann", "Bob"], "mode": "advanced"}
    assert client.post("/api/games", json=body).status_code == 201
    game, copy = folder / "sight.yaml", tmp_path / "copy.yaml"
    shutil.copyfile(game, copy)
    for step, status in OUT_OF_SIGHT_STEPS:
        expected = direct("outofsight", str(step["action"]), copy, step, game)
        r = client.post("/api/games/sight/actions", json=step)
        assert r.status_code == status, r.text
        assert (r.status_code, r.content) == expected, step
        assert game.read_bytes() == copy.read_bytes()
    version = sv.service("outofsight").SHOW.run(str(copy)).version
    assert r.headers["x-referee-version"] == str(version) == "4"


def test_refused_outofsight_step_is_422_with_reason(client: TestClient, folder: Path) -> None:
    """A turn the rules refuse is a report with valid false (not an error):
    422, its reason and explanation, nothing written."""
    body = {"name": "sight", "game": "outofsight", "players": ["Ann", "Bob"]}
    assert client.post("/api/games", json=body).status_code == 201
    before = (folder / "sight.yaml").read_bytes()
    r = client.post(
        "/api/games/sight/actions", json={"action": "turn", "player": "Bob", "stop": True}
    )
    assert r.status_code == 422, r.text
    doc = r.json()
    assert doc["valid"] is False
    assert doc["reason"] == "not-your-turn"
    assert doc["explanation"]
    assert r.headers["x-referee-version"] == "0"
    assert (folder / "sight.yaml").read_bytes() == before


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
    assert stale.headers["x-referee-version"] == "1"
    assert (folder / "friday.yaml").read_bytes() == before
    hint = client.post("/api/games/friday/actions", json={"action": "hint", "expect_version": 0})
    assert hint.status_code == 409  # a step that records nothing: checked by the server


def test_bad_input_is_400_naming_the_field(client: TestClient) -> None:
    new_blindspot(client)
    r = client.post("/api/games/friday/actions", json={"action": "play", "word": "pet", "at": "Z9"})
    assert r.status_code == 400
    message = r.json()["error"]["message"]
    assert message.startswith("at: ")
    assert "--" not in message


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"action": "fly"}, "action: 'fly' is not a step of blindspot"),
        ({"action": "new"}, "not a step"),
        ({}, "not a step"),
        ({"action": "play", "wrd": "pet", "at": "A1"}, "unknown field 'wrd'"),
        ({"action": "play", "word": ["p", "e,t"], "at": "A1"}, "word: expected text"),
        ({"action": "play", "word": True, "at": "A1"}, "word: expected text"),
        ({"action": "play", "word": {"a": 1}, "at": "A1"}, "word: expected text"),
        ({"action": "play", "word": "pet", "at": "A1", "allow": "/etc/passwd"}, "file names"),
        (
            {"action": "play", "word": "pet", "at": "A1", "dictionary": "/etc/words"},
            "dictionary: give an installed dictionary's name",
        ),
        ({"action": "play", "word": "pet", "at": "A1", "json": True}, "unknown field 'json'"),
        ({"action": "play", "word": "p\u0000t", "at": "A1"}, "NUL"),
        ({"action": "timeout", "anyway": "yes"}, "anyway: expected true or false"),
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
    assert "--" not in r.json()["error"]["message"]


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
    log = ("actions", "version", "activity", "undo", "redo")  # what the history says
    assert {k: v for k, v in after.items() if k not in log} == {
        k: v for k, v in before.items() if k not in log
    }
    assert after["redo"] == {"text": "red's PET at G1", "version": 1}
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
    assert message.startswith("frame_file: ")  # the field, never a temporary file
    assert "unknown key 'Ann'" in message
    assert "/tmp" not in message
    path = client.post(
        "/api/games/sight/actions", json={"action": "frame", "frame_file": "/etc/passwd"}
    )
    assert path.status_code == 400
    assert "file names are not accepted" in path.json()["error"]["message"]
    for never in ({"next": "next.yaml"}, {"force": True}):
        r = client.post(
            "/api/games/sight/actions", json={"action": "frame", "frame_file": banks, **never}
        )
        assert r.status_code == 400
        assert "unknown field" in r.json()["error"]["message"]


def test_steps_are_listed_and_unknown_ones_refused(client: TestClient, repo: Path) -> None:
    new_wordblock(client, repo)
    r = client.post("/api/games/words/actions", json={"action": "fly"})
    assert r.status_code == 400
    assert "not a step of wordblock" in r.json()["error"]["message"]
    steps = client.get("/api/games/words/steps").json()
    assert steps["game"] == "wordblock"
    assert set(steps["steps"]) == set(sv.service("wordblock").STEPS)
    assert {"claim", "place", "move-block", "undo"} <= set(steps["steps"])
    claim = {f["name"]: f for f in steps["steps"]["claim"]}
    assert claim["challenged_by"]["kind"] == "value"
    assert claim["word"]["required"] is True
    assert "game_file" not in claim
    assert "path" in claim
    assert "expect_version" not in claim


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
    broken = f"{folder / 'broken.yaml'}: line 2: not valid YAML"
    assert rows[0].pop("corrupt").startswith(broken)
    assert rows == [
        {
            "name": "broken",
            "game": None,
            "players": [],
            "version": None,
            "over": False,
            "turn": None,
        },
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
    r = client.get("/api/games/broken")  # corrupt: what its reader said, naming the place
    assert r.status_code == 400
    assert r.json()["error"]["message"].startswith(broken)


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
        ({"name": "Friday", "game": "blindspot"}, 409, "exists"),  # Friday is friday
        ({"name": "x" * 41, "game": "blindspot"}, 400, "game names"),
        ({"name": "../etc", "game": "blindspot"}, 400, "game names"),
        ({"name": "ok", "game": "chess"}, 400, "game:"),
        ({"game": "blindspot"}, 400, "name"),
        ({"name": "ok", "game": "blindspot", "layout": "/etc/passwd"}, 400, "file names"),
        ({"name": "ok", "game": "blindspot", "layout": CODE, "output": "x.yaml"}, 400, "unknown"),
        ({"name": "ok", "game": "blindspot", "layout": CODE, "force": True}, 400, "unknown"),
        ({"name": "ok", "game": "blindspot", "layout": "BS1-XX", "players": ["red"]}, 400, ""),
        ({"name": "ok", "game": "wordblock", "players": ["solo"]}, 400, "players"),
    ]
    for body, status, words in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == status, (body, r.text)
        assert words in r.json()["error"]["message"], (body, r.text)
        assert "--" not in r.json()["error"]["message"], (body, r.text)
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


# -------------------------------------------------------------- regressions


def test_allow_list_words_are_kept_by_the_game(client: TestClient, folder: Path) -> None:
    """``allow`` at the start: the game file keeps the words themselves, so
    the next play of a word only the list has is legal (200)."""
    rows = [list(row) for row in sample_letters()]
    for cell, letter in zip(("I1", "H1", "F1"), "zzq", strict=True):  # PET at G1, as ZZQ
        rows[int(cell[1]) - 1][ord(cell[0]) - ord("A")] = letter
    board = ["".join(row) for row in rows]
    body = {"name": "house", "game": "blindspot", "layout": {"letters": board}}
    r = client.post("/api/games", json={**body, "players": ["red", "blue"], "allow": ["zzq"]})
    assert r.status_code == 201, r.text
    assert "zzq" in (folder / "house.yaml").read_text()
    before = client.post(
        "/api/check-word", json={"word": "zzq", "at": "G1", "layout": body["layout"]}
    )
    assert before.json()["valid"] is False  # not a word without the game's allow list
    r = client.post("/api/games/house/actions", json={"action": "play", "word": "zzq", "at": "G1"})
    assert r.status_code == 200, r.text
    assert r.json()["valid"] is True
    assert r.headers["x-referee-version"] == "1"


def test_players_that_are_not_colours_name_the_field(client: TestClient, folder: Path) -> None:
    r = client.post(
        "/api/games",
        json={"name": "ab", "game": "blindspot", "layout": CODE, "players": "Ana, Ben"},
    )
    assert r.status_code == 400, r.text
    message = r.json()["error"]["message"]
    assert message.startswith("players: unknown colour 'Ana'")
    assert "--" not in message
    assert not (folder / "ab.yaml").exists()


def test_a_dictionary_is_a_name_never_a_file(
    client: TestClient, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file named ``key`` in the server's working folder is not read as a
    word list: ``dictionary`` from the web is an installed dictionary's name."""
    (tmp_path / "key").write_text("pet\nzzq\n")
    monkeypatch.chdir(tmp_path)
    new_blindspot(client)
    for route, body in (
        ("/api/check-word", {"word": "zzq", "at": "A1", "layout": CODE, "dictionary": "key"}),
        (
            "/api/games/friday/actions",
            {"action": "play", "word": "zzq", "at": "A1", "dictionary": "key"},
        ),
        (
            "/api/games",
            {
                "name": "k",
                "game": "blindspot",
                "layout": CODE,
                "players": ["red", "blue"],
                "dictionary": "key",
            },
        ),
    ):
        r = client.post(route, json=body)
        assert r.status_code == 400, (route, r.text)
        message = r.json()["error"]["message"]
        assert message.startswith("dictionary"), message
        assert "--" not in message
    assert not (folder / "k.yaml").exists()


def test_cli_web_and_step_call_agree(client: TestClient, folder: Path, tmp_path: Path) -> None:
    """The same action through the CLI, the web API and ``Step.call`` gives
    the same document (and the same file)."""
    new_blindspot(client)
    by_cli, by_call = tmp_path / "cli.yaml", tmp_path / "call.yaml"
    shutil.copyfile(folder / "friday.yaml", by_cli)
    shutil.copyfile(folder / "friday.yaml", by_call)
    actions: list[tuple[list[str], dict[str, Any]]] = [
        (["play", "{}", "pet", "--at", "G1"], {"action": "play", "word": "pet", "at": "G1"}),
        (["play", "{}", "zzq", "--at", "A1"], {"action": "play", "word": "zzq", "at": "A1"}),
        (["hint", "{}", "--min-length", "6"], {"action": "hint", "min_length": 6}),
        (["undo", "{}"], {"action": "undo"}),
    ]
    for args, body in actions:
        code, out, _ = cli_run("blindspot", "game", *[a.format(by_cli) for a in args], "--json")
        web = client.post("/api/games/friday/actions", json=body)
        fields = {k: v for k, v in body.items() if k != "action"}
        report = (
            sv.service("blindspot")
            .STEPS[body["action"]]
            .call(fields, files=False, path=str(by_call))
        )
        assert json.loads(out) == web.json() == report.doc, body
        assert web.status_code == sv.http_status(report) == {0: 200, 1: 422}[code]
        assert by_cli.read_bytes() == (folder / "friday.yaml").read_bytes() == by_call.read_bytes()
    code, out, _ = cli_run("blindspot", "game", "show", str(by_cli), "--json")
    assert json.loads(out) == client.get("/api/games/friday").json()
    sample = str(REPO / "setups" / "sample.yaml")
    code, out, _ = cli_run("check-word", "pet", "--layout", sample, "--at", "G1", "--json")
    body = {"word": "pet", "layout": {"letters": sample_letters()}, "at": "G1"}
    web = client.post("/api/check-word", json=body)
    assert json.loads(out) == web.json() == sv.question("check-word").call(body, files=False).doc


def test_listing_survives_corrupt_files_and_sees_every_change(
    client: TestClient, folder: Path
) -> None:
    """A corrupt game file is listed as corrupt, with the reason, and shows
    as its error (400, naming the place); a file changed to other bytes of
    the same size, time and inode is read again (the cache is keyed on the
    bytes)."""
    new_blindspot(client)
    client.post("/api/games/friday/actions", json={"action": "play", "word": "pet", "at": "G1"})
    game = folder / "friday.yaml"
    (folder / "bad-history.yaml").write_text(game.read_text().replace('"at": "G1"', '"at": "Z9"'))
    (folder / "binary.yaml").write_bytes(b"\x00\xff")
    (folder / "deep.yaml").write_text("game: blindspot\nx: " + "[" * 3000 + "]" * 3000 + "\n")
    rows = {r["name"]: r for r in client.get("/api/games").json()}
    assert list(rows) == ["bad-history", "binary", "deep", "friday"]
    assert "corrupt" not in rows["friday"]
    assert "history[0]" in rows["bad-history"]["corrupt"]
    assert rows["bad-history"]["game"] == "blindspot"
    assert "UTF-8" in rows["binary"]["corrupt"] or "text" in rows["binary"]["corrupt"]
    assert rows["deep"]["corrupt"]
    r = client.get("/api/games/bad-history")
    assert r.status_code == 400
    assert "history[0]" in r.json()["error"]["message"]
    r = client.get("/api/games/binary")
    assert r.status_code == 400
    assert r.json()["error"]["message"] == rows["binary"]["corrupt"]
    assert client.get("/").status_code == 200  # the home page lists them too
    assert client.get("/games/binary").status_code == 400
    # the same size, mtime and inode, other bytes: seen
    st = os.stat(game)
    text = game.read_text()
    assert '"word": "pet"' in text
    with open(game, "r+", encoding="utf-8") as f:
        f.write(text.replace('"player": "red"', '"player": "blu"'))
    os.utime(game, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(game).st_size == st.st_size and os.stat(game).st_ino == st.st_ino
    assert client.get("/api/games/friday").status_code == 400
    assert [r["name"] for r in client.get("/api/games").json() if "corrupt" not in r] == []
    with open(game, "w", encoding="utf-8") as f:
        f.write(text)
    assert client.get("/api/games/friday").json()["turn"] == "blue"


# ----------------------------------------------------------------- questions


def test_questions_answer_200_for_yes_and_no(client: TestClient, repo: Path) -> None:
    letters = cli_board(repo / "setups" / "sample.yaml")["letters"]
    for word, at, valid in (("seas", "D1", True), ("zzzq", "D1", False)):
        body = {"word": word, "at": at, "layout": {"letters": letters}}
        r = client.post("/api/check-word", json=body)
        assert (r.status_code, r.content) == asked("check-word", body)
        assert r.status_code == 200
        assert r.json()["valid"] is valid
    board = cli_board(repo / "examples" / "wordblock" / "rulebook.yaml")
    frame = cli_board(repo / "examples" / "outofsight" / "example-three.yaml")
    deck = cli_board(repo / "examples" / "spotit" / "order-2.yaml")
    asks: list[tuple[str, dict[str, Any]]] = [
        ("words", {"layout": CODE, "min_length": 7}),
        ("score-claim", {"word": "quash", "player": "red", "board": board}),
        ("score-frame", {"file": frame}),
        ("take", {"roll": [5, 4, 2], "cards": [9, 2]}),
        ("spotit/match", {"deck": deck, "first": 1, "second": 2}),
        ("spotit/verify", {"deck": deck}),
        ("spotit/generate", {"order": 2, "seed": 7}),
        ("setup/generate", {"seed": 3}),
        ("setup/generate", {"code": CODE}),
        ("setup/show", {"file": {"letters": letters}}),
        ("setup/verify", {"file": cli_board(repo / "setups" / "by-tiles.yaml")}),
    ]
    for route, body in asks:
        r = client.post(f"/api/{route}", json=body)
        assert (r.status_code, r.content) == asked(route, body), route
        assert r.status_code == 200, (route, r.text)


def test_every_question_of_the_registry_has_its_route(client: TestClient) -> None:
    """``POST /api/<route>`` for every question: the CLI name, ``/`` for the
    space; an empty body is the question's own answer (400 for a missing
    field), never a 404 or a 500."""
    for name in sv.QUESTIONS:
        route = name.replace(" ", "/")
        r = client.post(f"/api/{route}", json={})
        assert r.status_code in (200, 400), (route, r.text)
        status, body = asked(name, {})
        assert r.status_code == status, route
        if status == 400:
            assert r.content == body, route
    assert client.post("/api/setup%20generate", json={}).status_code == 404


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


def test_board_svg_is_the_services_picture(client: TestClient) -> None:
    from referee.blindspot import service as blindspot
    from referee.serve.api import board_svg

    r = client.post(
        "/api/games",
        json={"name": "friday", "game": "blindspot", "layout": CODE, "players": ["red", "blue"]},
    )
    assert r.status_code == 201
    picture = board_svg(blindspot.layout_from_code(CODE))
    r = client.get("/api/games/friday/board.svg")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.text == picture
    assert client.get(f"/api/board.svg?code={CODE}").text == picture
    bad = client.get("/api/board.svg?code=BS1-0")
    assert bad.status_code == 400
    assert bad.json()["error"]["message"].startswith("code: ")
    new_blindspot(client, "letters")  # a board by letters only
    assert client.get("/api/games/letters/board.svg").text.count('class="l letter"') == 81
    client.post("/api/games", json={"name": "sight", "game": "outofsight", "players": ["A", "B"]})
    assert client.get("/api/games/sight/board.svg").status_code == 404
    assert client.get("/api/games/none/board.svg").status_code == 404


def test_board_svg_is_what_setup_show_draws(client: TestClient, tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    layout = tmp_path / "layout.yaml"
    assert cli_run("setup", "generate", "--code", CODE, "-o", str(layout))[0] == 0
    assert cli_run("setup", "show", str(layout), "-o", str(out))[0] == 0
    assert client.get(f"/api/board.svg?code={CODE}").text == out.read_text()


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
    """Put a toy game's service (tests/serve_tally.py) in the registry."""
    monkeypatch.setitem(sv.GAMES, "tally", "serve_tally")


@pytest.mark.usefixtures("tally")
def test_a_game_of_the_registry_needs_no_change(client: TestClient, folder: Path) -> None:
    r = client.post("/api/games", json={"name": "t", "game": "tally", "players": ["ann", "bob"]})
    assert r.status_code == 201, r.text
    assert r.json() == {
        "version": 0,
        "players": ["ann", "bob"],
        "totals": {"ann": 0, "bob": 0},
        "turn": "ann",
    }
    r = client.post(
        "/api/games/t/actions", json={"action": "add", "points": 3, "expect_version": 0}
    )
    assert r.status_code == 200, r.text
    assert r.json()["version"] == 1
    assert r.headers["x-referee-version"] == "1"
    # the stale write is refused by the engine itself (expect_version is passed on)
    before = (folder / "t.yaml").read_bytes()
    stale = client.post(
        "/api/games/t/actions", json={"action": "add", "points": 5, "expect_version": 0}
    )
    assert stale.status_code == 409
    assert stale.json()["error"]["message"] == "game changed: version is 1, expected 0"
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
        "players": ["ann", "bob"],
        "totals": {"ann": 0, "bob": 0},
        "turn": "ann",
    }
    assert client.get("/api/games").json() == [
        {
            "name": "t",
            "game": "tally",
            "players": ["ann", "bob"],
            "version": 2,
            "over": False,
            "turn": "ann",
        }
    ]
    steps = client.get("/api/games/t/steps").json()
    assert steps["steps"]["add"][0] == {"name": "points", "kind": "value", "required": True}


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
