"""referee review --bgstats: the result written as a BG Stats play, checked
against the example of BG Stats' own documentation of the format."""

from __future__ import annotations

import datetime
import json
import os
import re
import shutil
import stat
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from helpers import assert_one_error_line, in_process
from referee import review_bgstats as bg
from referee.review_service import load, review
from test_review_games import EXAMPLES, blindspot_game, endgame

SOURCE = "https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/"

# BG Stats' documented example of one play, quoted from its support page "Push
# plays to BG Stats from other apps or websites" (SOURCE above), under "<data>
# is an url-encoded json-string with this format:". Two stored copies of the
# page differ slightly: one has "comments" and "location" and Suzan's score
# 36.3 (the copy's text stops before the sourcePlayId's value), the other has
# neither key, Suzan's 37.3 and the sourcePlayId "2222427". This is the fuller
# copy, with that sourcePlayId: every key either copy shows.
DOCUMENTED_EXAMPLE: dict[str, Any] = {
    "board": "",
    "durationMin": 36,
    "comments": "Such a close play!",
    "game": {
        "bggId": 132531,
        "highestWins": True,
        "name": "Roll for the Galaxy",
        "noPoints": False,
        "sourceGameId": "21df231",
    },
    "location": "Home",
    "playDate": "2020-10-23 19:16:58",
    "players": [
        {
            "startPlayer": True,
            "name": "Eerko",
            "rank": 1,
            "role": "",
            "score": 47.3,
            "sourcePlayerId": "23432",
            "winner": True,
        },
        {
            "startPlayer": False,
            "name": "Suzan",
            "rank": 2,
            "role": "",
            "score": 36.3,
            "sourcePlayerId": "23433",
            "winner": False,
        },
    ],
    "sourceName": "App name",
    "sourcePlayId": "2222427",
}

DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
"""``playDate`` as the example writes it."""


def fits(value: Any, example: Any, where: str = "play") -> None:
    """``value`` has the example's structure: the same keys, each of the same
    JSON type (a number where the example's is a fraction may be whole), and
    every element of a list shaped as the example's elements."""
    if isinstance(example, bool):
        assert isinstance(value, bool), (where, value)
    elif isinstance(example, int):
        assert isinstance(value, int) and not isinstance(value, bool), (where, value)
    elif isinstance(example, float):
        assert isinstance(value, (int, float)) and not isinstance(value, bool), (where, value)
    elif isinstance(example, str):
        assert isinstance(value, str), (where, value)
    elif isinstance(example, dict):
        assert isinstance(value, dict), (where, value)
        assert list(value) == list(example), (where, list(value), list(example))
        for key in example:
            fits(value[key], example[key], f"{where}.{key}")
    elif isinstance(example, list):
        assert isinstance(value, list) and value, (where, value)
        for i, item in enumerate(value):
            fits(item, example[0], f"{where}[{i}]")
    else:  # pragma: no cover - the example is JSON
        raise AssertionError(f"{where}: {example!r}")


def test_the_documented_example_is_one_shape() -> None:
    """The fixture fits itself (its two players alike), and the module cites the page."""
    fits(DOCUMENTED_EXAMPLE, DOCUMENTED_EXAMPLE)
    assert DATE.match(DOCUMENTED_EXAMPLE["playDate"])
    assert bg.SOURCE == SOURCE
    assert bg.CREATE_PLAY == "https://app.bgstatsapp.com/createPlay.html"


# ------------------------------------------------------------------ the games


def _outofsight_finished(path: Path) -> Path:
    shutil.copy(EXAMPLES / "outofsight" / "game.yaml", path)
    code, out, err = in_process(
        "outofsight", "game", "frame", str(path), str(EXAMPLES / "outofsight" / "frame3.yaml")
    )
    assert code == 0, (out, err)
    return path


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bgstats")
    unfinished = folder / "oos-sample.yaml"
    shutil.copy(EXAMPLES / "outofsight" / "game.yaml", unfinished)
    return {
        "blindspot": blindspot_game(folder / "bs.yaml"),
        "wordblock": endgame(folder / "wb.yaml"),
        "outofsight": _outofsight_finished(folder / "oos.yaml"),
        "outofsight-unfinished": unfinished,
    }


def _export(game: Path, out: Path, *more: str) -> tuple[dict[str, Any], str]:
    code, stdout, err = in_process(
        "review", str(game), "--budget", "0", "--bgstats", str(out), *more
    )
    assert code == 0, (stdout, err)
    assert err == ""
    return json.loads(out.read_text(encoding="utf-8")), stdout


@pytest.mark.parametrize("kind", ["blindspot", "wordblock", "outofsight", "outofsight-unfinished"])
def test_written_play_has_the_documented_structure(
    kind: str, games: dict[str, Path], tmp_path: Path
) -> None:
    game = games[kind]
    out = tmp_path / "play.json"
    play, text = _export(game, out)
    fits(play, DOCUMENTED_EXAMPLE)
    doc = review(file=load(str(game)), budget=0).doc

    assert play["game"]["name"] == doc["title"]
    assert play["game"]["sourceGameId"] == f"referee-{doc['game']}"
    assert play["sourceName"] == "referee"
    assert play["sourcePlayId"].startswith(f"{doc['game']}-")
    assert play["board"] == doc["mode"]
    assert play["comments"].startswith(f"{doc['title']} ({game.name}); ")
    assert play["durationMin"] == 0  # a game file records no times

    mtime = datetime.datetime.fromtimestamp(os.stat(game).st_mtime, datetime.timezone.utc)
    assert play["playDate"] == mtime.strftime("%Y-%m-%d %H:%M:%S")
    assert DATE.match(play["playDate"])

    players = play["players"]
    assert [p["name"] for p in players] == doc["players"]
    assert {p["name"]: p["score"] for p in players} == doc["scores"]
    assert sum(p["startPlayer"] for p in players) == 1
    assert [p["sourcePlayerId"] for p in players] == [n.casefold() for n in doc["players"]]
    if doc["over"]:
        assert doc["ranking"]
        places = {n: r["place"] for r in doc["ranking"] for n in r["players"]}
        assert {p["name"]: p["rank"] for p in players} == places
        assert {p["name"] for p in players if p["winner"]} == set(doc["ranking"][0]["players"])
        assert "not over" not in text
    else:
        assert all(p["rank"] == 0 and not p["winner"] for p in players)
        assert "(the game is not over: no winner, no ranks)" in text

    lines = text.splitlines()
    assert (
        lines[-2]
        == f"Wrote the BG Stats play to {out}"
        + ("" if doc["over"] else " (the game is not over: no winner, no ranks)")
        + ". Open it in BG Stats:"
    )
    assert lines[-1] == bg.link(play)
    assert lines[-1].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert json.loads(unquote(lines[-1].split("?data=", 1)[1])) == play


def test_each_game_as_bg_stats_should_count_it(games: dict[str, Path], tmp_path: Path) -> None:
    bs, _ = _export(games["blindspot"], tmp_path / "bs.json")
    assert bs["game"]["highestWins"] is False  # spots on the glasses tile: two is out
    assert [p["role"] for p in bs["players"]] == ["red", "blue", "green"]
    assert bs["players"][0]["startPlayer"]
    assert sum(p["winner"] for p in bs["players"]) == 1

    wb, _ = _export(games["wordblock"], tmp_path / "wb.json")
    assert wb["game"]["highestWins"] is True
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in wb["players"]] == [
        ("blue", 62, 1, True),
        ("red", 43, 2, False),
    ]
    assert [p["startPlayer"] for p in wb["players"]] == [True, False]  # --first blue
    assert all(p["role"] == "" for p in wb["players"])

    oos, _ = _export(games["outofsight"], tmp_path / "oos.json")
    assert oos["board"] == "advanced" and oos["game"]["highestWins"] is True
    assert [p["name"] for p in oos["players"]] == ["Brian", "Jessica"]


def test_one_game_is_one_play_id(games: dict[str, Path], tmp_path: Path) -> None:
    """A copy of the file is the same play; another game is another."""
    copy = tmp_path / "copy.yaml"
    shutil.copy(games["wordblock"], copy)
    a, _ = _export(games["wordblock"], tmp_path / "a.json")
    b, _ = _export(copy, tmp_path / "b.json")
    assert a["sourcePlayId"] == b["sourcePlayId"]
    c, _ = _export(games["outofsight-unfinished"], tmp_path / "c.json")
    d, _ = _export(games["outofsight"], tmp_path / "d.json")
    assert len({a["sourcePlayId"], c["sourcePlayId"], d["sourcePlayId"]}) == 3


def test_the_play_is_pure_and_needs_a_date(games: dict[str, Path]) -> None:
    loaded = load(str(games["wordblock"]))
    doc = review(file=loaded, budget=0).doc
    when = datetime.datetime(
        2025, 3, 1, 21, 0, tzinfo=datetime.timezone(datetime.timedelta(hours=1))
    )
    play = bg.play(doc, loaded, when=when)
    assert play["playDate"] == "2025-03-01 20:00:00"  # in UTC
    assert bg.play(doc, loaded, when=when) == play
    from referee.core.errors import InputError
    from referee.review_service import Loaded

    unread = Loaded(loaded.kind, loaded.game, "game")
    with pytest.raises(InputError, match="the play's date is unknown"):
        bg.play(doc, unread)


def test_json_and_stdout(games: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "play.json"
    code, stdout, err = in_process(
        "review", str(games["wordblock"]), "--budget", "0", "--bgstats", str(out), "--json"
    )
    assert code == 0, err
    doc = json.loads(stdout)
    assert doc["bgstats"] == {"file": str(out), "link": bg.link(json.loads(out.read_text()))}
    assert doc["output"] is None
    code, stdout, err = in_process(
        "review", str(games["wordblock"]), "--budget", "0", "--bgstats", "-"
    )
    assert code == 0, err
    play = json.loads(stdout)
    fits(play, DOCUMENTED_EXAMPLE)
    assert play == json.loads(out.read_text())


def test_with_the_result_card(games: dict[str, Path], tmp_path: Path) -> None:
    card, out = tmp_path / "card.svg", tmp_path / "play.json"
    code, stdout, err = in_process(
        "review", str(games["wordblock"]), "--budget", "0", "-o", str(card), "--bgstats", str(out)
    )
    assert code == 0, err
    assert card.read_text().startswith("<?xml")
    fits(json.loads(out.read_text()), DOCUMENTED_EXAMPLE)
    assert f"Wrote the result card to {card}." in stdout.splitlines()


# ------------------------------------------------------------------ bad inputs


def test_an_existing_file_is_kept(games: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "play.json"
    out.write_text("mine\n")
    outcome = in_process("review", str(games["wordblock"]), "--budget", "0", "--bgstats", str(out))
    assert_one_error_line(*outcome, f"{out}: already exists; use --force to overwrite it")
    assert out.read_text() == "mine\n"
    play, _ = _export(games["wordblock"], out, "--force")
    fits(play, DOCUMENTED_EXAMPLE)


@pytest.mark.parametrize("where", ["no-folder", "directory", "read-only", "same-as-card"])
def test_an_unwritable_path_is_one_error(
    where: str, games: dict[str, Path], tmp_path: Path
) -> None:
    more: tuple[str, ...] = ()
    if where == "no-folder":
        out, expected = (
            tmp_path / "missing" / "play.json",
            "cannot write the BG Stats play: no such folder",
        )
    elif where == "directory":
        out, expected = tmp_path, "is a directory; cannot write the BG Stats play there"
    elif where == "read-only":
        out, expected = tmp_path / "play.json", "is read-only; not replacing it"
        out.write_text("kept\n")
        out.chmod(stat.S_IRUSR)
        more = ("--force",)
    else:
        out, expected = tmp_path / "card.svg", "is the same file as the result card"
        more = ("-o", str(out))
    outcome = in_process(
        "review", str(games["wordblock"]), "--budget", "0", "--bgstats", str(out), *more
    )
    assert_one_error_line(*outcome, expected)
    if where == "read-only":
        assert out.read_text() == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == (
        [] if where in ("no-folder", "directory", "same-as-card") else ["play.json"]
    )


def test_nothing_written_when_the_card_is_refused(games: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "play.json"
    outcome = in_process(
        "review", str(games["wordblock"]), "--bgstats", str(out), "-o", str(tmp_path / "card.png")
    )
    assert_one_error_line(*outcome, "PNG is not offered")
    assert not out.exists()
    outcome = in_process("review", str(games["wordblock"]), "--bgstats", "-", "-o", "-")
    assert_one_error_line(*outcome, "would both write to stdout")
