"""After the game on the pages (issue 27, item 4): ``GET /api/games/NAME/review``,
``GET /api/games/NAME/card.svg``, ``GET /api/stats`` and the ``/stats`` page.

In-process (Starlette's TestClient): each answer is the review service's own
(:mod:`referee.review_service`) on the game the server read itself; bad names,
missing and corrupt files are JSON errors in words. In a real browser (marked
``browser`` and ``process``): a finished game's page shows the review and the
result card in a region named "Review"; the home page's "Stats" opens the
folder's stats, one row per player.

A game that is not over is reviewed too (the review so far, ``over`` false):
that is what ``referee review`` does; the pages show the review only once the
game is over.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import referee
from referee import review_service as rs
from referee.serve import review as web_review

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "src" / "referee" / "samples" / "examples"
SAMPLE = REPO / "src" / "referee" / "samples" / "setups" / "sample.yaml"


def endgame(path: Path) -> referee.Game:
    """The end of docs/wordblock.md's sample game, played to its end with the
    Python API (the game is over when the last cards are placed)."""
    board = str(EXAMPLES / "wordblock" / "endgame.yaml")
    game = referee.new_game(
        "wordblock", path, players=["blue", "red"], first="blue", board=board, values="asteroid"
    )
    steps: list[tuple[str, dict[str, Any]]] = [
        ("place", {"card": "p", "at": "A5"}),
        ("claim", {"word": "crocodile"}),
        ("end-turn", {}),
        ("place", {"card": "s", "at": "F5"}),
        ("claim", {"word": "settled", "challenged_by": "blue"}),
        ("move-block", {"from": "F4", "to": "D4"}),
        ("end-turn", {}),
        ("place", {"card": "m", "at": "B5"}),
        ("end-turn", {}),
        ("place", {"card": "u", "at": "E5"}),
        ("end-turn", {}),
    ]
    for step, fields in steps:
        assert game.act(step, **fields).valid, step
    return game


def short_blindspot(path: Path) -> referee.Game:
    """Two plays of a Blind Spot game on the sample board: not over."""
    game = referee.new_game("blindspot", path, layout=str(SAMPLE), players=["Ana:red", "Ben:blue"])
    assert game.act("play", word="pet", at="G1").valid
    assert game.act("play", word="tale", at="E4").valid
    return game


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    games = tmp_path / "games"
    games.mkdir()
    endgame(games / "endgame.yaml")
    short_blindspot(games / "friday.yaml")
    (games / "broken.yaml").write_text("game: wordblock\nplayers: [blue\n", encoding="utf-8")
    (games / "notes.txt").write_text("pizza at 8\n", encoding="utf-8")
    return games


def service_review(path: Path) -> dict[str, Any]:
    """The review service on the file, as the server calls it (its name, its budget)."""
    loaded = rs.load(str(path))
    named = rs.Loaded(loaded.kind, loaded.game, path.name)
    return dict(rs.review(file=named, budget=web_review.BUDGET).doc)


def test_review_is_the_services_on_the_game_read_by_the_server(
    client: TestClient, folder: Path
) -> None:
    r = client.get("/api/games/friday/review")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/json")
    assert r.headers["x-referee-version"] == str(referee.open_game(folder / "friday.yaml").version)
    assert r.json() == service_review(folder / "friday.yaml")  # Blind Spot's search is complete
    assert r.json()["game_file"] == "friday.yaml"  # no server path in the document


def test_review_of_a_finished_game(client: TestClient, folder: Path) -> None:
    doc = client.get("/api/games/endgame/review").json()
    expected = service_review(folder / "endgame.yaml")
    assert doc["over"] is True and doc["game"] == "wordblock"
    assert (
        doc["ranking"]
        == expected["ranking"]
        == [
            {"place": 1, "players": ["blue"], "score": 62},
            {"place": 2, "players": ["red"], "score": 43},
        ]
    )
    for key in ("scores", "best_play", "totals", "players", "search", "budget"):
        assert doc[key] == expected[key], key
    # the block moves are searched for a time (the budget): all but those agree
    for got, want in zip(doc["turns"], expected["turns"], strict=True):
        assert {k: v for k, v in got.items() if k != "block_move"} == {
            k: v for k, v in want.items() if k != "block_move"
        }
        assert got["block_move"]["candidates"] == want["block_move"]["candidates"]
    assert doc["budget"] == web_review.BUDGET


def test_a_game_not_over_is_reviewed_so_far(client: TestClient) -> None:
    doc = client.get("/api/games/friday/review").json()
    assert doc["over"] is False and doc["ranking"] is None
    assert [t["played"]["word"] for t in doc["turns"]] == ["pet", "tale"]
    card = client.get("/api/games/friday/card.svg")
    assert card.status_code == 200 and "not over yet" in card.text


@pytest.mark.parametrize("route", ["review", "card.svg"])
@pytest.mark.parametrize("name", ["Friday", "bad%21name", "a" * 41, "..%2Fetc", "friday.yaml"])
def test_bad_names_are_400_in_words(client: TestClient, route: str, name: str) -> None:
    r = client.get(f"/api/games/{name}/{route}")
    assert r.status_code in (400, 404), r.text
    if r.status_code == 404:  # a path the router does not take as one name
        assert r.json()["error"]["kind"] == "not-found"
        return
    assert r.json() == {
        "error": {"kind": "input", "message": "game names are 1 to 40 of a-z, 0-9 and '-'"}
    }


@pytest.mark.parametrize("route", ["review", "card.svg"])
def test_missing_and_corrupt_games(client: TestClient, route: str) -> None:
    r = client.get(f"/api/games/nobody/{route}")
    assert r.status_code == 404
    assert r.json() == {"error": {"kind": "not-found", "message": "no game named 'nobody'"}}
    r = client.get(f"/api/games/broken/{route}")
    assert r.status_code == 400
    error = r.json()["error"]
    assert error["kind"] == "input" and "broken.yaml" in error["message"]
    assert "not valid YAML" in error["message"]
    assert r.json() == client.get("/api/games/broken").json()  # as the game's own route says


def test_a_symlink_is_no_game(client: TestClient, folder: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    endgame(outside)
    os.symlink(outside, folder / "linked.yaml")
    assert client.get("/api/games/linked/review").status_code == 404
    assert client.get("/api/games/linked/card.svg").status_code == 404


def test_the_card_is_svg_kept_per_version(
    client: TestClient, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    real = rs.review

    def counted(**kw: Any) -> Any:
        calls.append(kw["file"].source)
        return real(**kw)

    monkeypatch.setattr(rs, "review", counted)
    r = client.get("/api/games/endgame/card.svg")
    assert r.status_code == 200
    assert r.headers["content-type"] == "image/svg+xml"
    assert r.text.startswith("<?xml") and "<svg" in r.text and "Word Block: the result" in r.text
    tag = r.headers["etag"]
    again = client.get("/api/games/endgame/card.svg", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b""
    assert client.get("/api/games/endgame/review").status_code == 200
    assert client.get("/api/games/endgame/card.svg").text == r.text
    assert calls == ["endgame.yaml"]  # one review for the version, card and all
    referee.open_game(folder / "endgame.yaml").act("undo")  # a new version (by the CLI's API)
    changed = client.get("/api/games/endgame/card.svg", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["etag"] != tag
    assert "not over yet" in changed.text
    assert calls == ["endgame.yaml", "endgame.yaml"]


def test_the_card_is_what_referee_review_draws(client: TestClient, folder: Path) -> None:
    from referee.review_card import card_svg

    loaded = rs.load(str(folder / "friday.yaml"))
    report = rs.review(file=rs.Loaded(loaded.kind, loaded.game, "friday.yaml"), budget=0.05)
    assert client.get("/api/games/friday/card.svg").text == card_svg(report)


def test_stats_of_the_served_folder(client: TestClient, folder: Path) -> None:
    r = client.get("/api/stats")
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc == rs.stats(folder=rs.Folder(str(folder))).doc
    assert doc["games"] == 2
    assert {(row["player"], row["game"]) for row in doc["players"]} == {
        ("Ana", "blindspot"),
        ("Ben", "blindspot"),
        ("blue", "wordblock"),
        ("red", "wordblock"),
    }
    assert [c["game_file"] for c in doc["corrupt"]] == ["broken.yaml"]
    assert doc["skipped"] == ["notes.txt"]
    blue = client.get("/api/stats", params={"player": "BLUE"}).json()
    assert [(row["player"], row["won"]) for row in blue["players"]] == [("blue", 1)]
    assert client.get("/api/stats", params={"since": "2999-01-01"}).json()["games"] == 0
    empty = client.get("/api/stats", params={"since": "", "player": ""})
    assert empty.json() == doc  # empty fields: not given


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("since=friday", "since: 'friday' is not a date (YYYY-MM-DD)"),
        ("dir=/etc", "unknown field 'dir' (fields: since, player)"),
        ("alias=a%3Db", "unknown field 'alias' (fields: since, player)"),
        ("player=" + "x" * 101, "player: at most 100 characters, got 101"),
    ],
)
def test_stats_refuses_what_the_web_may_not_give(
    client: TestClient, query: str, message: str
) -> None:
    r = client.get("/api/stats?" + query)
    assert r.status_code == 400
    assert r.json() == {"error": {"kind": "input", "message": message}}


def test_the_pages(client: TestClient) -> None:
    home = client.get("/")
    assert '<a class="button" href="/stats">Stats</a>' in home.text
    page = client.get("/stats")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<h1>Stats</h1>" in page.text and '<script src="/static/stats.js">' in page.text
    assert client.get("/static/stats.js").status_code == 200
    game = client.get("/games/endgame").text
    assert 'id="review"' in game and 'aria-labelledby="review-title"' in game
    assert ">Review</h2>" in game and 'alt="Result card"' in game


def test_docs_name_the_routes() -> None:
    text = (REPO / "docs" / "serve.md").read_text(encoding="utf-8")
    for route in ("GET /api/games/NAME/review", "/api/games/NAME/card.svg", "GET /api/stats"):
        assert route in text, route
    assert "`/stats`" in text


# ------------------------------------------------------------ in a browser


@pytest.mark.browser
@pytest.mark.process
def test_finished_game_page_shows_the_review_and_stats(tmp_path: Path) -> None:
    from serve_helpers import (
        axe_violations,
        chrome,
        console_errors,
        find_named,
        have_browser,
        named,
        quit_chrome,
        requested_urls,
        serving,
    )

    if not have_browser():
        pytest.fail("no /usr/bin/chromium and chromedriver: scripts/setup --dev installs them")
    games = tmp_path / "games"
    games.mkdir()
    endgame(games / "endgame.yaml")
    short_blindspot(games / "friday.yaml")
    with serving(games, lan=True) as server:
        driver = chrome()
        try:
            driver.set_script_timeout(30)
            driver.get(f"{server.url}/?token={server.token}")  # the token: a cookie from now on
            named(driver, "button", "Start the game")
            driver.get(f"{server.url}/games/friday")  # not over: no review shown
            named(driver, "region", "Activity")
            assert find_named(driver, "region", "Review") is None

            driver.get(f"{server.url}/games/endgame")
            region = named(driver, "region", "Review", timeout=30)
            card = named(driver, "image", "Result card", timeout=30)
            deadline = time.monotonic() + 30
            while not driver.execute_script(
                "return arguments[0].complete && arguments[0].naturalWidth > 0", card
            ):
                assert time.monotonic() < deadline, "the result card did not load"
                time.sleep(0.1)
            text = region.text
            assert "Best play: blue: CROCODILE +67 (turn 1)" in text
            assert "SETTLED +48" in text and "STASHED +50" in text  # played beside the best
            assert "Totals" in text and "+67 against" in text
            for table in ("Turn by turn", "Totals"):
                named(driver, "table", table)
            link = named(driver, "link", "Save the result card (SVG)")
            assert "/api/games/endgame/card.svg" in str(link.get_attribute("href"))
            assert axe_violations(driver) == []
            assert console_errors(driver) == []

            driver.get(server.url + "/")
            stats = named(driver, "link", "Stats")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", stats)
            stats.click()
            named(driver, "heading", "Stats")
            table = named(driver, "table", "Word Block", timeout=30)
            rows = [
                row.text
                for row in table.find_elements("css selector", "tbody tr")
                if row.is_displayed()
            ]
            assert [r.split("\n")[0].split()[0] for r in rows] == ["blue", "red"]
            assert "won 1 of 1 ended" in rows[0] and "CROCODILE" in rows[0]
            bs = named(driver, "table", "Blind Spot")
            assert len(bs.find_elements("css selector", "tbody tr")) == 2
            assert axe_violations(driver) == []
            assert console_errors(driver) == []
            elsewhere = [
                u
                for u in requested_urls(driver)
                if not u.startswith(server.url + "/")
                and not u.startswith(("chrome://", "chrome-untrusted://", "data:", "about:"))
            ]
            assert elsewhere == []
        finally:
            quit_chrome(driver)
