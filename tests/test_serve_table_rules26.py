"""Issue 26 on the phones: Word Block judged by challenge (the points shown
before a claim say nothing about the dictionary; an unchallenged non-word
scores; challenged, it costs the claimer 5), the series picked at "new game",
Out of Sight's roll-off with a tie and a re-roll, and the younger players'
game, whose timer every phone shows. A real ``referee serve``, headless
Chromium phones, every control found by its accessible name.

The browser tests run by ``.ci/run`` (``-m "browser or server"``); the
in-process API tests at the end run with the unit tests."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import yaml
from starlette.testclient import TestClient

from serve_helpers import (
    Server,
    at_version,
    axe_violations,
    choose,
    chrome,
    console_errors,
    fill,
    find_named,
    have_browser,
    headline,
    join,
    named,
    press,
    quit_chrome,
    serving,
    text_of,
    wait_until,
)

WAIT = 10.0
OPENING: list[tuple[str, str, dict[str, Any]]] = [
    ("Ben", "place", {"card": "t", "at": "B4"}),
    ("Ben", "move-block", {"to": "C3"}),
    ("Ben", "end-turn", {}),
    ("Ana", "place", {"card": "o", "at": "E2"}),
    ("Ana", "move-block", {"to": "D3"}),
    ("Ana", "end-turn", {}),
    ("Ben", "place", {"card": "r", "at": "A5"}),
]
"""Ben, first, ends up with a block on C3 (S): STAE (no word) walks C3 B4 C4 D4."""
BLUFF = ("stae", ["C3", "B4", "C4", "D4"])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not have_browser():
        pytest.fail("no /usr/bin/chromium and chromedriver: scripts/setup --dev installs them")
    with serving(tmp_path_factory.mktemp("rules26") / "games", lan=True) as s:
        yield s


@pytest.fixture
def phones(server: Server) -> Iterator[Callable[[], Any]]:
    """Phones that opened the join link; none may log a JavaScript error."""
    opened: list[Any] = []

    def open_phone() -> Any:
        driver = chrome()
        driver.set_script_timeout(30)
        opened.append(driver)
        driver.get(f"{server.url}/?token={server.token}")
        named(driver, "button", "Start the game")
        return driver

    try:
        yield open_phone
        for driver in opened:
            assert console_errors(driver) == []
    finally:
        for driver in opened:
            quit_chrome(driver)


# ------------------------------------------------------------------ helpers


def shown(server: Server, name: str) -> dict[str, Any]:
    status, doc = server.json("GET", f"/api/games/{name}")
    assert status == 200, doc
    return dict(doc)


def history(server: Server, name: str) -> list[dict[str, Any]]:
    return list(yaml.safe_load((server.dir / f"{name}.yaml").read_text())["history"])


def posted(driver: Any, path: str) -> list[dict[str, Any]]:
    """The JSON bodies the page POSTed to ``path`` (performance log)."""
    bodies = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") != "Network.requestWillBeSent":
            continue
        request = message["params"]["request"]
        if request["url"].endswith(path) and request.get("method") == "POST":
            bodies.append(json.loads(request.get("postData") or "null"))
    return bodies


def in_words(text: str) -> None:
    assert text.strip()
    assert "--" not in text, text


def new_wordblock(phone: Any, name: str, series: tuple[str, ...] = ()) -> None:
    """The home form: Ana and Ben, the cards S H A E, Ben first, by challenge."""
    choose(phone, "Game", "Word Block")
    fill(phone, "Name", name)
    fill(phone, "Players", "Ana, Ben")
    for letter in "SHAE":
        press(phone, f"starting card {letter}")
    choose(phone, "First player", "Ben")
    judging = named(phone, "combobox", "Judging")
    assert judging.get_attribute("value") == "challenge"  # the rulebook's, the default
    assert find_named(phone, "combobox", "Dictionary") is not None
    assert find_named(phone, "textbox", "House words") is not None
    named(phone, "group", "Series")
    for earlier in series:
        press(phone, earlier, role="checkbox")
    press(phone, "Start the game")
    wait_until(lambda: phone.current_url.endswith(f"/games/{name}"), "the game page")


def opening(server: Server, name: str) -> None:
    for who, action, fields in OPENING:
        status, doc = server.json(
            "POST", f"/api/games/{name}/actions", {"action": action, "by": who, **fields}
        )
        assert status == 200, doc


def claim(phone: Any, word: str, walk: list[str], challenger: str | None = None) -> str:
    """Ben's claim on his phone: the points shown first, then confirmed."""
    named(phone, "button", "Show the points")
    fill(phone, "Word", word)
    for cell in walk:
        press(phone, cell)
    if challenger:
        choose(phone, "Challenged by", challenger)
    press(phone, "Show the points")
    points = str(wait_until(lambda: text_of(phone, "#claim-points"), "the points"))
    press(phone, "Confirm the claim")
    return points


# -------------------------------------------------------------- Word Block


@pytest.mark.browser
@pytest.mark.process
def test_wordblock_unchallenged_bluff_scores_and_the_preview_tells_nothing(
    server: Server, phones: Callable[[], Any]
) -> None:
    ana, ben = phones(), phones()
    assert axe_violations(ana) == []
    new_wordblock(ana, "bluff")
    doc = shown(server, "bluff")
    assert doc["judging"] == "challenge" and doc["dictionary"] is None
    opening(server, "bluff")
    join(ana, server, "bluff", "Ana")
    join(ben, server, "bluff", "Ben")
    headline(ben, "Turn: Ben · next: claim")
    assert "judged by challenge" in text_of(ben, "#status")
    ben.get_log("performance")  # what was requested so far: not the preview
    points = claim(ben, *BLUFF)
    assert "STAE: Ben +17" in points, points
    for said in (points, text_of(ben, "main")):
        for hint in ("dictionar", "refused", "not a word", "not in"):
            assert hint not in said.lower(), said
    previews = posted(ben, "/api/score-claim")
    assert len(previews) == 1
    preview = previews[0]
    assert preview["preview"] is True and preview["word"] == "stae"
    assert "dictionary" not in preview and "allow" not in preview
    status, answer = server.json("POST", "/api/score-claim", preview)
    assert status == 200 and answer["dictionary"] is None and answer["reason"] is None
    at_version(server, "bluff", len(OPENING) + 1)
    verdict = wait_until(lambda: text_of(ben, "#verdict.yes"), "the claim recorded")
    assert "claim STAE" in verdict
    last = history(server, "bluff")[-1]
    assert (last["action"], last["word"], last.get("challenged_by")) == ("claim", "stae", None)
    assert shown(server, "bluff")["totals"] == {"Ana": 0, "Ben": 17}
    wait_until(lambda: "Ben 17" in text_of(ana, "#status"), "Ben's 17 on Ana's phone")
    assert axe_violations(ben) == []


@pytest.mark.browser
@pytest.mark.process
def test_wordblock_the_same_bluff_challenged_costs_the_claimer_5(
    server: Server, phones: Callable[[], Any]
) -> None:
    ana, ben = phones(), phones()
    new_wordblock(ana, "caught")
    opening(server, "caught")
    join(ana, server, "caught", "Ana")
    join(ben, server, "caught", "Ben")
    headline(ben, "Turn: Ben · next: claim")
    points = claim(ben, *BLUFF, challenger="Ana")
    assert "STAE" in points and "dictionar" not in points.lower(), points
    at_version(server, "caught", len(OPENING) + 1)
    said = wait_until(lambda: text_of(ben, "#verdict.no"), "the challenge upheld")
    assert "recorded" in said and "Ben -5" in said, said
    in_words(said)
    assert shown(server, "caught")["totals"] == {"Ana": 0, "Ben": -5}
    last = history(server, "caught")[-1]
    assert (last["word"], last["challenged_by"]) == ("stae", "Ana")


@pytest.mark.browser
@pytest.mark.process
def test_wordblock_series_picked_on_the_form_refuses_an_earlier_word(
    server: Server, phones: Callable[[], Any]
) -> None:
    """A game whose series is an earlier game of the folder (ticked by its
    name): a word claimed there is refused, naming that game."""
    ana = phones()
    if not (server.dir / "bluff.yaml").exists():
        new_wordblock(ana, "bluff")
        opening(server, "bluff")
        status, doc = server.json(
            "POST",
            "/api/games/bluff/actions",
            {"action": "claim", "by": "Ben", "word": BLUFF[0], "path": BLUFF[1]},
        )
        assert status == 200, doc
        ana.get(f"{server.url}/")
    new_wordblock(ana, "again", series=("bluff",))
    doc = shown(server, "again")
    assert doc["series"] == ["bluff"] and "stae" in doc["series_words"]
    opening(server, "again")
    join(ana, server, "again", "Ben")
    headline(ana, "Turn: Ben · next: claim")
    assert "series: after bluff" in text_of(ana, "#status")
    claim(ana, *BLUFF)
    said = wait_until(lambda: text_of(ana, "#verdict.no"), "the repeat refused")
    assert "bluff" in said, said
    in_words(said)
    assert shown(server, "again")["totals"]["Ben"] == 0


# ------------------------------------------------------------ Out of Sight


@pytest.mark.browser
@pytest.mark.process
def test_outofsight_roll_off_with_a_tie_and_a_re_roll(
    server: Server, phones: Callable[[], Any]
) -> None:
    ana = phones()
    choose(ana, "Game", "Out of Sight")
    fill(ana, "Name", "rolled")
    fill(ana, "Players", "Ana, Ben, Cy")
    press(ana, "Roll for first", role="checkbox")
    assert named(ana, "combobox", "First player").get_attribute("disabled") is not None
    for who, rolled in (("Ana", "5"), ("Ben", "3"), ("Cy", "5")):
        choose(ana, f"{who}'s roll", rolled)
    assert axe_violations(ana) == []
    press(ana, "Start the game")
    said = wait_until(lambda: text_of(ana, "#new-error"), "the tie said")
    assert "Ana and Cy tied on 5" in said, said
    in_words(said)
    assert not (server.dir / "rolled.yaml").exists()
    # only the tied roll again
    named(ana, "combobox", "Cy's roll")
    assert find_named(ana, "combobox", "Ben's roll") is None
    choose(ana, "Ana's roll", "2")
    choose(ana, "Cy's roll", "4")
    press(ana, "Start the game")
    wait_until(lambda: ana.current_url.endswith("/games/rolled"), "the game page")
    sent = posted(ana, "/api/games")
    assert sent[-1]["roll"] == [{"Ana": 5, "Ben": 3, "Cy": 5}, {"Ana": 2, "Cy": 4}]
    assert "first" not in sent[-1]
    doc = shown(server, "rolled")
    assert doc["first"] == "Cy" and doc["turn"] == "Cy"
    assert doc["roll_off"] == [{"Ana": 5, "Ben": 3, "Cy": 5}, {"Ana": 2, "Cy": 4}]
    join(ana, server, "rolled", "Cy")
    headline(ana, "Turn: Cy")


@pytest.mark.browser
@pytest.mark.process
def test_outofsight_younger_game_shows_the_timer_on_both_phones(
    server: Server, phones: Callable[[], Any]
) -> None:
    ana, ben = phones(), phones()
    choose(ana, "Game", "Out of Sight")
    fill(ana, "Name", "kids")
    fill(ana, "Players", "Ana, Ben")
    press(ana, "Younger players' game", role="checkbox")
    press(ana, "Start the game")
    wait_until(lambda: ana.current_url.endswith("/games/kids"), "the game page")
    doc = shown(server, "kids")
    assert doc["variant"] == "younger" and doc["timer_visible"] is True
    keeper = doc["time_keeper"]
    phone_of = {"Ana": ana, "Ben": ben}
    for me, phone in phone_of.items():
        join(phone, server, "kids", me)
        headline(phone, "Turn: " + doc["turn"])
        assert "younger players' game" in text_of(phone, "#status")
        assert "shown to everyone" in text_of(phone, "#timer-hint")
    # no Doubles card in the younger game
    on_turn = phone_of[doc["turn"]]
    named(on_turn, "button", "Record the turn")
    assert find_named(on_turn, "combobox", "Doubles card") is None
    press(phone_of[keeper], "Go")
    for phone in (ana, ben):
        seconds = wait_until(
            lambda p=phone: re.fullmatch(r"\d+\.\d", text_of(p, "#timer")),
            "the sand's seconds on every phone",
        )
        assert float(seconds.group(0)) > 0
    other = ben if keeper == "Ana" else ana
    assert find_named(other, "button", "Go") is None  # the keeper still keeps it
    press(phone_of[keeper], "Stop!")
    wait_until(lambda: "Stop ·" in text_of(other, "#timer"), "Stop with the time left")
    assert axe_violations(other) == []


# ------------------------------------------------ in process (the form's API)

TIED = re.compile(r"re-roll:\s*(.+?)\s+tied on\s+(\d+)")
"""The pattern home.js reads a tie with (the tied players, the roll)."""


def initial_of(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="initial">(.*?)</script>', html, re.S)
    assert found, "no initial JSON"
    return dict(json.loads(found.group(1)))


def test_home_offers_the_installed_dictionaries_and_a_game_keeps_one(client: TestClient) -> None:
    from referee.core.dictionary import available_dictionaries

    r = client.get("/")
    assert r.status_code == 200
    for control in ("new-judging", "new-dictionary", "new-allow", "new-series", "new-roll"):
        assert f'id="{control}"' in r.text
    offered = initial_of(r.text)["dictionaries"]
    installed = [f"{p}:{t}" for t, p in available_dictionaries()]
    assert offered[: len(installed)] == installed
    assert installed, "no enchant dictionary here: scripts/setup installs aspell-en"
    body = {"name": "kept", "game": "wordblock", "players": ["Ana", "Ben"]}
    body |= {"grid": "s,h,a,e", "values": "asteroid", "dictionary": installed[-1]}
    body |= {"allow": ["qi"], "judging": "strict"}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    doc = client.get("/api/games/kept").json()
    assert doc["judging"] == "strict" and doc["dictionary"] is not None


def test_the_preview_the_page_sends_judges_nothing(client: TestClient) -> None:
    """Under challenge judging the page's preview scores the walk of a
    non-word and says nothing of the dictionary; without ``preview`` (a
    strict game's check) the same claim is refused as no word."""
    body = {"name": "quiet", "game": "wordblock", "players": ["Ana", "Ben"], "first": "Ben"}
    r = client.post("/api/games", json=body | {"grid": "s,h,a,e", "values": "asteroid"})
    assert r.status_code == 201, r.text
    for who, action, fields in OPENING:
        r = client.post("/api/games/quiet/actions", json={"action": action, "by": who, **fields})
        assert r.status_code == 200, r.text
    show = client.get("/api/games/quiet").json()
    assert show["judging"] == "challenge"
    ask = {"word": BLUFF[0], "path": BLUFF[1], "board": show["board"], "player": "Ben"}
    seen = client.post("/api/score-claim", json=ask | {"preview": True}).json()
    assert seen["valid"] is True and seen["points"] == {"Ben": 17}
    assert seen["dictionary"] is None and seen["reason"] is None and seen["preview"] is True
    judged = client.post("/api/score-claim", json=ask).json()
    assert judged["valid"] is False and judged["reason"] == "not-in-dictionary"


@pytest.mark.parametrize(
    ("rolls", "tied"),
    [
        (["Ana=5,Ben=3,Cy=5"], ["Ana", "Cy"]),
        (["Ana=6,Ben=6,Cy=6"], ["Ana", "Ben", "Cy"]),
        (["Ana=6,Ben=6,Cy=1", "Ana=2,Ben=2"], ["Ana", "Ben"]),
    ],
)
def test_a_tied_roll_off_names_who_rolls_again(
    client: TestClient, rolls: list[str], tied: list[str]
) -> None:
    """The refusal the form turns into a re-roll of the tied: its words name
    them, in the form home.js reads; nothing is written."""
    body = {"name": "tie", "game": "outofsight", "players": ["Ana", "Ben", "Cy"], "roll": rolls}
    r = client.post("/api/games", json=body)
    assert r.status_code == 400, r.text
    message = r.json()["error"]["message"]
    found = TIED.search(message)
    assert found, message
    assert re.split(r"\s*,\s*|\s+and\s+", found.group(1)) == tied
    assert "--" not in message
    assert client.get("/api/games/tie").status_code == 404


def test_first_and_a_roll_off_are_refused_together(client: TestClient) -> None:
    body = {"name": "both", "game": "outofsight", "players": ["Ana", "Ben"]}
    r = client.post("/api/games", json=body | {"roll": ["Ana=5,Ben=3"], "first": "Ben"})
    assert r.status_code == 400, r.text
    assert r.json()["error"]["message"].startswith("roll:")
