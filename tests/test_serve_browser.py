"""The pages in a real browser: Debian's Chromium (headless, through
chromedriver, Selenium) at a phone's viewport (390x844), against a real
``referee serve`` process. Run by ``.ci/run`` (``-m browser``).

Checked as a table would use it: two phones on one Blind Spot game (a legal
and an illegal play; the second phone sees the first one's spot without
reloading; the CLI then prints the same game), a Word Block claim with its
points shown before confirming, the Out of Sight Time Keeper's timer with a
Flip (the sand on the keeper's phone only), a Spot it! match, and that no page
asks anything of any other host. Whole games: tests/test_serve_table_games.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from serve_helpers import (
    Server,
    chrome,
    have_browser,
    quit_chrome,
    referee_command,
    requested_urls,
    serving,
)

pytestmark = [pytest.mark.browser, pytest.mark.process]

REPO = Path(__file__).resolve().parent.parent
WAIT = 10.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``referee serve --lan``: the phones join through the printed link.

    Without Chromium the browser tests fail (they are only run when asked for,
    with -m browser): a missing browser never passes for a working page."""
    if not have_browser():
        pytest.fail("no /usr/bin/chromium and chromedriver: scripts/setup --dev installs them")
    with serving(tmp_path_factory.mktemp("browser") / "games", lan=True) as s:
        yield s


def joined(server: Server) -> Any:
    """A phone that opened the join link (the token becomes its cookie)."""
    driver = chrome()
    driver.get(f"{server.url}/?token={server.token}")
    wait_for(driver, "#new-game")
    assert "token" not in driver.current_url
    return driver


@pytest.fixture
def phone(server: Server) -> Iterator[Any]:
    driver = joined(server)
    try:
        yield driver
    finally:
        quit_chrome(driver)


@pytest.fixture
def second_phone(server: Server) -> Iterator[Any]:
    driver = joined(server)
    try:
        yield driver
    finally:
        quit_chrome(driver)


def test_without_the_join_link_a_phone_is_turned_away(server: Server) -> None:
    driver = chrome()
    try:
        driver.get(f"{server.url}/")
        wait_for(driver, "h1", "403")
    finally:
        quit_chrome(driver)


def test_new_game_from_the_home_page(server: Server, phone: Any) -> None:
    from selenium.webdriver.support.ui import Select

    Select(phone.find_element("css selector", "#new-kind")).select_by_value("outofsight")
    type_into(phone, "#new-name", "from-home")
    type_into(phone, "#new-players", "Ann,Bob,Cy")
    tap(phone, "#new-submit")
    wait_for(phone, "#pad th", "Cy")
    assert phone.current_url.endswith("/games/from-home")
    assert cli_show(server, "outofsight", "from-home")["players"] == ["Ann", "Bob", "Cy"]


def i_am(driver: Any, me: str) -> None:
    """This phone's player (the "I am" select, kept per game on the phone)."""
    from selenium.webdriver.support.ui import Select

    Select(wait_for(driver, "#iam")).select_by_visible_text(me)


def wait_for(driver: Any, css: str, text: str | None = None, timeout: float = WAIT) -> Any:
    """The first element matching ``css`` (containing ``text``), waiting for it."""
    from selenium.webdriver.common.by import By

    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        for element in driver.find_elements(By.CSS_SELECTOR, css):
            try:
                last = element.text
                if element.is_displayed() and (text is None or text in element.text):
                    return element
            except Exception:  # re-rendered while we looked
                continue
        time.sleep(0.05)
    raise AssertionError(f"no {css!r} with {text!r} after {timeout} s (last text: {last!r})")


def tap(driver: Any, css: str) -> None:
    from selenium.webdriver.common.by import By

    element = driver.find_element(By.CSS_SELECTOR, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def type_into(driver: Any, css: str, text: str) -> None:
    from selenium.webdriver.common.by import By

    element = driver.find_element(By.CSS_SELECTOR, css)
    element.clear()
    element.send_keys(text)


def assert_only_this_server(driver: Any, server: Server) -> None:
    """Every request the page made went to the server (performance log)."""
    for url in requested_urls(driver):
        if url.startswith(("chrome://", "chrome-untrusted://", "data:", "about:", "blob:")):
            continue  # the browser's own pages and inline data: never the network
        assert url.startswith(server.url + "/"), f"a page requested {url}"


def sample_letters() -> list[str]:
    data = yaml.safe_load((REPO / "setups" / "sample.yaml").read_text())
    return list(data["letters"])


def cli_show(server: Server, game: str, name: str) -> dict[str, Any]:
    import subprocess

    done = subprocess.run(
        [*referee_command(), game, "game", "show", str(server.dir / f"{name}.yaml"), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(done.stdout))


def test_blindspot_two_phones(server: Server, phone: Any, second_phone: Any) -> None:
    status, _ = server.json(
        "POST",
        "/api/games",
        {
            "name": "table",
            "game": "blindspot",
            "layout": {"letters": sample_letters()},
            "players": ["red", "blue"],
        },
    )
    assert status == 201
    for driver, me in ((phone, "red"), (second_phone, "blue")):
        driver.get(f"{server.url}/games/table")
        i_am(driver, me)
        wait_for(driver, "#headline", "Turn: red")
        wait_for(driver, "#live.on")
    assert phone.execute_script("return window.innerWidth") == 390

    # red plays PET on G1 on the first phone: legal
    tap(phone, '#cells button[data-cell="G1"]')
    type_into(phone, "#word", "pet")
    tap(phone, "#play-button")
    verdict = wait_for(phone, "#verdict.yes", "PET is legal at G1")
    assert "reads leftwards" in verdict.text
    # the second phone sees the spot and the turn, without reloading
    wait_for(second_phone, 'circle.spot.red[data-cell="G1"]', timeout=5)
    wait_for(second_phone, "#headline", "Turn: blue")

    # blue tries ZZQ on A1 on the second phone: not legal, with the reason in words
    tap(second_phone, '#cells button[data-cell="A1"]')
    type_into(second_phone, "#word", "zzq")
    tap(second_phone, "#play-button")
    refused = wait_for(second_phone, "#verdict.no", "ZZQ is not legal at A1")
    assert "not-found" not in refused.text  # words, not the key

    # blue plays TALE on E4 on the second phone: the first phone sees it
    tap(second_phone, '#cells button[data-cell="E4"]')
    type_into(second_phone, "#word", "tale")
    tap(second_phone, "#play-button")
    wait_for(second_phone, "#verdict.yes", "TALE is legal at E4")
    wait_for(phone, 'circle.spot.blue[data-cell="E4"]', timeout=5)
    wait_for(phone, "#headline", "Turn: red")

    # the CLI prints the same game, move for move: the file holds exactly the
    # two plays made on the phones (the refused one records nothing)
    history = yaml.safe_load((server.dir / "table.yaml").read_text())["history"]
    assert history == [
        {"action": "play", "player": "red", "at": "G1", "word": "pet", "by": "red"},
        {"action": "play", "player": "blue", "at": "E4", "word": "tale", "by": "blue"},
    ]
    shown = cli_show(server, "blindspot", "table")
    assert shown["spots"] == {"red": ["G1"], "blue": ["E4"]}
    assert (shown["turn"], shown["actions"], shown["version"]) == ("red", 2, 2)
    import subprocess

    text = subprocess.run(
        [*referee_command(), "blindspot", "game", "show", str(server.dir / "table.yaml")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = {line.split()[0]: line for line in text.splitlines() if line[:2].strip().isdigit()}
    assert "T (r) E" in rows["1"]  # G1: red's spot
    assert "L (b) T" in rows["4"]  # E4: blue's spot
    assert "Actions: 2 (version 2)" in text and "Turn: red." in text
    for driver in (phone, second_phone):
        assert_only_this_server(driver, server)


def test_a_stale_page_is_told_someone_else_just_played(server: Server, phone: Any) -> None:
    """A page that missed a change (its event stream blocked here) and then
    acts: the write is refused, nothing is lost, the page says so and catches up."""
    import subprocess

    status, _ = server.json(
        "POST",
        "/api/games",
        {
            "name": "stale",
            "game": "blindspot",
            "layout": {"letters": sample_letters()},
            "players": ["red", "blue"],
        },
    )
    assert status == 201
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/events*"]})
    phone.get(f"{server.url}/games/stale")
    i_am(phone, "red")
    wait_for(phone, "#headline", "Turn: red")
    # red's time runs out, recorded with the CLI: this page does not hear of it
    game_file = str(server.dir / "stale.yaml")
    subprocess.run([*referee_command(), "blindspot", "game", "timeout", game_file], check=True)
    tap(phone, '#cells button[data-cell="G1"]')
    type_into(phone, "#word", "pet")
    tap(phone, "#play-button")
    wait_for(phone, "#verdict.no", "Someone else just played")
    wait_for(phone, "#headline", "Turn: blue")  # brought up to date
    history = yaml.safe_load((server.dir / "stale.yaml").read_text())["history"]
    assert [a["action"] for a in history] == ["timeout"]
    phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})


def test_wordblock_claim(server: Server, phone: Any) -> None:
    board = yaml.safe_load((REPO / "examples" / "wordblock" / "rulebook.yaml").read_text())
    status, _ = server.json(
        "POST",
        "/api/games",
        {
            "name": "words",
            "game": "wordblock",
            "players": ["blue", "red", "green"],
            "board": board,
            "free": True,
        },
    )
    assert status == 201
    phone.get(f"{server.url}/games/words")
    wait_for(phone, "#grid button.card")
    i_am(phone, "red")  # a free scorepad: any player claims, from their own phone
    type_into(phone, "#claim-word", "quash")
    tap(phone, "#claim-check")
    points = wait_for(phone, "#claim-points", "QUASH")
    assert "red +32" in points.text
    assert "blue +20" in points.text
    tap(phone, "#claim-confirm")
    wait_for(phone, "#verdict.yes", "claim QUASH")
    wait_for(phone, "#scorepad tr.total", "32")
    shown = cli_show(server, "wordblock", "words")
    assert shown["totals"] == {"blue": 20, "red": 32, "green": 0}
    # a free scorepad has no turns: no End turn is offered
    assert not phone.find_element("css selector", "#end-turn").is_displayed()
    assert_only_this_server(phone, server)


def test_outofsight_timer_with_flip(server: Server, phone: Any, second_phone: Any) -> None:
    """The hidden Time Keeper: the sand shows on the keeper's phone only, a Flip
    leaves the time that had run, and "Time!" makes the roller's outcome Time."""
    status, _ = server.json(
        "POST", "/api/games", {"name": "sight", "game": "outofsight", "players": ["Ann", "Bob"]}
    )
    assert status == 201
    for driver, me in ((phone, "Bob"), (second_phone, "Ann")):  # Bob keeps Ann's time
        driver.get(f"{server.url}/games/sight")
        i_am(driver, me)
        wait_for(driver, "#live.on")
    assert not second_phone.find_element("css selector", "#t-go").is_displayed()
    tap(phone, "#t-go")
    wait_for(phone, '#timer[data-phase="running"]')
    # the roller's phone shows only that the sand runs
    wait_for(second_phone, "#timer", "running")
    time.sleep(1.2)
    shown = phone.find_element("css selector", "#timer").text
    assert 27.0 <= float(shown) <= 29.0, shown
    assert second_phone.find_element("css selector", "#timer").text == "running"
    tap(phone, "#t-flip")
    deadline = time.monotonic() + 2
    left = 30.0
    while time.monotonic() < deadline:
        left = float(phone.find_element("css selector", "#timer").get_attribute("data-left"))
        if left < 5:
            break
        time.sleep(0.05)
    assert 0.5 < left < 3.0, left
    wait_for(phone, "#timer.expired", "Time!", timeout=5)
    wait_for(second_phone, "#timer.expired", "Time!", timeout=5)
    # the score pad: three check boxes per player per frame, none ticked yet
    assert len(phone.find_elements("css selector", "#pad td[data-frame] .box")) == 3 * 2 * 3
    assert not phone.find_elements("css selector", "#pad .box.on")
    # Ann's turn on her phone: the outcome is already Time (lost)
    wait_for(second_phone, "#turn-title", "Record Ann's turn")
    wait_for(second_phone, '#turn-time[aria-pressed="true"]')
    tap(second_phone, '#colour-pad [data-colour="green"]')
    tap(second_phone, "#number-pad .key:nth-child(7)")
    tap(second_phone, "#turn-record")
    wait_for(second_phone, "#verdict.yes", "turn recorded")
    wait_for(phone, '#pad tr[data-player="Ann"] td[data-frame="1"] .box.on')
    wait_for(phone, "#headline", "Turn: Bob")
    shown_doc = cli_show(server, "outofsight", "sight")
    assert shown_doc["banks"] == {"Ann": [], "Bob": []}
    assert shown_doc["discarded"] == ["green-7"]
    assert (shown_doc["turn"], shown_doc["time_keeper"]) == ("Bob", "Ann")
    # the sand moved with the turn: now Ann's phone keeps time, Bob's does not
    wait_for(second_phone, "#t-go")
    assert not phone.find_element("css selector", "#t-go").is_displayed()
    for driver in (phone, second_phone):
        assert_only_this_server(driver, server)


def test_outofsight_score_pad_for_twelve_fits_a_phone(server: Server, phone: Any) -> None:
    """The most players the game allows: a row each, nothing wider than the phone."""
    players = [f"Player{n:02d}" for n in range(1, 13)]
    status, _ = server.json(
        "POST", "/api/games", {"name": "twelve", "game": "outofsight", "players": players}
    )
    assert status == 201
    phone.get(f"{server.url}/games/twelve")
    wait_for(phone, '#pad tr[data-player="Player12"]')
    assert len(phone.find_elements("css selector", "#pad tr[data-player]")) == 12
    assert len(phone.find_elements("css selector", "#pad .box")) == 12 * 3 * 3
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"


def test_spotit_and_quick_check(server: Server, phone: Any) -> None:
    phone.get(f"{server.url}/spotit")
    wait_for(phone, '.spot[data-card="1"]')
    tap(phone, '.spot[data-card="1"]')
    tap(phone, '.spot[data-card="2"]')
    wait_for(phone, "#verdict.yes", "Cards 1 and 2 share")
    wait_for(phone, ".spot.sel .sym.hit")
    tap(phone, "#verify")
    wait_for(phone, "#report.yes", "every two share exactly one symbol")
    from selenium.webdriver.support.ui import Select

    Select(phone.find_element("css selector", "#result-game")).select_by_value("two-chests")
    type_into(phone, "#result-counts", "ann=12,bob=9")
    tap(phone, "#result button")
    wait_for(phone, "#result-out", "ann wins")

    phone.get(f"{server.url}/check")
    type_into(phone, "#code", "BS1-17A8B11B-18B16A1B-5B2B4B-RC")
    tap(phone, "#load button[type=submit]")
    wait_for(phone, '#board .hit[data-cell="A1"]')
    tap(phone, '.hit[data-cell="A1"]')
    type_into(phone, "#word", "zzq")
    tap(phone, "#check button[type=submit]")
    wait_for(phone, "#verdict.no", "ZZQ is not legal at A1")
    phone.get(f"{server.url}/")
    wait_for(phone, "#new-game")
    assert_only_this_server(phone, server)
