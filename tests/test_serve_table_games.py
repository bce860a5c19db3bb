"""Whole games on the phones: a real ``referee serve``, one headless Chromium per
player at 390x844, every control found by its accessible name and role (the
names issue 24 lists), nothing typed that a tap can give. After each game the
CLI (run as a process) shows exactly the moves made on the pages.

Run by ``.ci/run`` (``-m "browser or server"``)."""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

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
    referee_command,
    serving,
    text_of,
    wait_until,
)

pytestmark = [pytest.mark.browser, pytest.mark.process]

REPO = Path(__file__).resolve().parent.parent
WAIT = 10.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not have_browser():
        pytest.fail("no /usr/bin/chromium and chromedriver: scripts/setup --dev installs them")
    with serving(tmp_path_factory.mktemp("table") / "games", lan=True) as s:
        yield s


@pytest.fixture
def phones(server: Server, request: pytest.FixtureRequest) -> Iterator[Callable[[], Any]]:
    """Phones that opened the join link; each is closed after the test, and
    none may have logged a JavaScript error. With ``REFEREE_SHOTS=DIR`` each
    phone's last screen is saved there (``TEST-phoneN.png``), to be looked at."""
    opened: list[Any] = []
    shots = os.environ.get("REFEREE_SHOTS")

    def open_phone() -> Any:
        driver = chrome()
        driver.set_script_timeout(30)
        opened.append(driver)
        driver.get(f"{server.url}/?token={server.token}")
        named(driver, "button", "Start the game")
        return driver

    try:
        yield open_phone
        for n, driver in enumerate(opened, start=1):
            if shots:
                Path(shots).mkdir(parents=True, exist_ok=True)
                driver.save_screenshot(str(Path(shots) / f"{request.node.name}-phone{n}.png"))
            assert console_errors(driver) == []
    finally:
        for driver in opened:
            quit_chrome(driver)


# ------------------------------------------------------------------ helpers


def cli_show(server: Server, game: str, name: str) -> dict[str, Any]:
    done = subprocess.run(
        [*referee_command(), game, "game", "show", str(server.dir / f"{name}.yaml"), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(done.stdout))


def history(server: Server, name: str) -> list[dict[str, Any]]:
    return list(yaml.safe_load((server.dir / f"{name}.yaml").read_text())["history"])


def no_steps(driver: Any, *names: str) -> None:
    for step in names:
        assert find_named(driver, "button", step) is None, f"{step} still offered"


def refusal_in_words(text: str) -> None:
    assert text.strip()
    assert "--" not in text, text
    first = text.split()[0].rstrip(":")
    assert not (first.count("-") and first.islower()), f"a bare reason code: {text!r}"


def no_serious_violations(driver: Any) -> None:
    assert axe_violations(driver) == []


# ------------------------------------------------------------- Blind Spot


def test_blindspot_whole_game_on_three_phones(server: Server, phones: Callable[[], Any]) -> None:
    """Ana, Ben and Cleo: plays, a farsighted bonus, a refusal, timeouts, an
    undo (confirmed by name) and a redo, to Game over; started from the home
    page on the table's own letters, under a capitalised name."""
    ana, ben, cleo = phones(), phones(), phones()
    letters = yaml.safe_load((REPO / "setups" / "sample.yaml").read_text())["letters"]
    choose(ana, "Game", "Blind Spot")
    fill(ana, "Name", "Friday")
    fill(ana, "Players", "Ana:red, Ben:blue, Cleo:yellow")
    press(ana, "our letters (81, row by row)", role="radio")
    fill(ana, "Letters", "\n".join(letters))
    press(ana, "Start the game")
    wait_until(lambda: ana.current_url.endswith("/games/friday"), "the game page")
    no_serious_violations(ana)
    for phone, me in ((ana, "Ana"), (ben, "Ben"), (cleo, "Cleo")):
        join(phone, server, "friday", me)
        headline(phone, "Turn: Ana")
    # the turn timer runs on every phone (started by the phone on turn)
    for phone in (ana, ben, cleo):
        wait_until(
            lambda p=phone: (
                p.find_element("css selector", "#turn-timer").get_attribute("data-phase")
                == "running"
            ),
            "the turn timer runs",
        )
    # only the phone on turn is offered the steps
    assert find_named(ben, "button", "Play") is None

    def play(phone: Any, cell: str, word: str) -> None:
        press(phone, cell)
        fill(phone, "Word", word)
        press(phone, "Play")

    play(ana, "G1", "pet")
    wait_until(lambda: "PET is legal at G1" in text_of(ana, "#verdict"), "PET legal")
    for phone in (ben, cleo):
        wait_until(
            lambda p=phone: p.find_elements("css selector", 'circle.spot.red[data-cell="G1"]'),
            "red spot",
        )
        headline(phone, "Turn: Ben")
    play(ben, "E8", "planet")
    wait_until(lambda: "Farsighted bonus" in text_of(ben, "#verdict"), "the bonus")
    press(ben, "I9")
    press(ben, "Place bonus spot")
    headline(cleo, "Turn: Cleo")
    play(cleo, "A1", "zzq")
    refused = wait_until(lambda: text_of(cleo, "#verdict.no"), "ZZQ refused")
    assert "ZZQ is not legal at A1" in refused
    refusal_in_words(refused.split("\n", 1)[1])
    assert named(cleo, "textbox", "Word").get_attribute("value") == ""  # emptied
    press(cleo, "Timeout")
    headline(ana, "Turn: Ana")
    press(ana, "Timeout")
    headline(ana, "Turn: Ben")
    # Undo: a confirmation naming the action, then Redo puts it back
    press(cleo, "Undo")
    said = wait_until(lambda: text_of(cleo, "#undo-what"), "the confirmation")
    assert "Ana" in said and "Take back" in said, said
    press(cleo, "Take it back")
    for phone in (ana, ben, cleo):
        headline(phone, "Turn: Ana")
    activity = named(ben, "region", "Activity")
    wait_until(
        lambda: "undid" in activity.text or "took back" in activity.text.lower(),
        "the undo in Activity",
    )
    press(ana, "Redo")
    headline(ben, "Turn: Ben")
    for phone in (ben, cleo, ana):
        press(phone, "Timeout")
        time.sleep(0.3)
    for phone in (ana, ben, cleo):
        headline(phone, "Game over")
        wait_until(lambda p=phone: "Ben" in text_of(p, "#ranking"), "the ranking")
        no_steps(phone, "Play", "Timeout", "Place bonus spot", "Skip bonus")
    no_serious_violations(ben)
    shown = cli_show(server, "blindspot", "friday")
    assert shown["over"] is True and shown["players"] == ["Ana", "Ben", "Cleo"]
    made = [
        (a["action"], a.get("word"), a.get("at"), a.get("by")) for a in history(server, "friday")
    ]
    assert made == [
        ("play", "pet", "G1", "Ana"),
        ("play", "planet", "E8", "Ben"),
        ("bonus", None, "I9", "Ben"),
        ("timeout", None, None, "Cleo"),
        ("timeout", None, None, "Ana"),
        ("undo", None, None, "Cleo"),
        ("redo", None, None, "Ana"),
        ("timeout", None, None, "Ben"),
        ("timeout", None, None, "Cleo"),
        ("timeout", None, None, "Ana"),
    ]


# -------------------------------------------------------------- Word Block

OPENING: list[tuple[str, str, dict[str, Any]]] = [
    ("Ben", "place", {"card": "t", "at": "B4"}),
    ("Ben", "move-block", {"to": "C3"}),
    ("Ben", "end-turn", {}),
    ("Ana", "place", {"card": "o", "at": "E2"}),
    ("Ana", "move-block", {"to": "D3"}),
    ("Ana", "end-turn", {}),
    ("Ben", "place", {"card": "r", "at": "A5"}),
    ("Ben", "claim", {"word": "seat", "path": ["C3", "D4", "C4", "B4"]}),
    ("Ben", "end-turn", {}),
    ("Ana", "place", {"card": "t", "at": "C3"}),
    # a challenge lost (HEAT is a word): Ben loses 5
    ("Ana", "claim", {"word": "heat", "path": ["D3", "D4", "C4", "C3"], "challenged_by": "Ben"}),
    ("Ana", "end-turn", {}),
    ("Ben", "place", {"card": "n", "at": "D3"}),
    ("Ben", "move-block", {"to": "E2"}),
    ("Ben", "end-turn", {}),
    ("Ana", "place", {"card": "e", "at": "F1"}),
    ("Ana", "undo", {}),
    ("Ana", "redo", {}),
    ("Ana", "end-turn", {}),
    ("Ben", "place", {"card": "d", "at": "F3"}),
    # a challenge won (ONEA is no word): Ben loses 5
    ("Ben", "claim", {"word": "onea", "path": ["E2", "D3", "D4", "C4"], "challenged_by": "Ana"}),
    ("Ben", "move-block", {"from": "E2", "to": "F1"}),
    ("Ben", "end-turn", {}),
]
FILL = ["B3", "B5", "C5", "D5", "E5", "E4", "E3", "D2", "C2", "B2", "A1", "B1", "C1", "D1", "E1"]
FILL += ["A2", "A3"]
"""The last turns: one card each (every card of the 28 is played), then end."""


def wordblock_moves() -> list[tuple[str, str, dict[str, Any]]]:
    moves = list(OPENING)
    turn = "Ana"
    for cell in FILL:
        moves += [(turn, "place", {"card": "e", "at": cell}), (turn, "end-turn", {})]
        turn = "Ben" if turn == "Ana" else "Ana"
    return moves


def test_wordblock_whole_game_on_two_phones(server: Server, phones: Callable[[], Any]) -> None:
    """A whole 2-player game on a 28-card deck, started on the page from the 4
    starting cards tapped on a letter pad: every card played, claims with the
    points shown first, a challenge lost and one won, block moves (from the
    reserve and from the board), an undo and a redo."""
    ana, ben = phones(), phones()
    choose(ana, "Game", "Word Block")
    fill(ana, "Name", "words")
    fill(ana, "Players", "Ana, Ben")
    for letter in "SHAE":
        press(ana, f"starting card {letter}")
    assert named(ana, "textbox", "Starting cards").get_attribute("value") == "s,h,a,e"
    choose(ana, "First player", "Ben")
    press(ana, "Start the game")
    wait_until(lambda: ana.current_url.endswith("/games/words"), "the game page")
    phone_of = {"Ana": ana, "Ben": ben}
    for me, phone in phone_of.items():
        join(phone, server, "words", me)
    headline(ben, "Turn: Ben")
    no_serious_violations(ben)
    assert cli_show(server, "wordblock", "words")["deck_size"] == 28
    for expected, (who, action, fields) in enumerate(wordblock_moves(), start=1):
        phone = phone_of[who]
        if action == "place":
            press(phone, fields["at"])
            press(phone, fields["card"].upper())
            press(phone, "Place")
        elif action == "move-block":
            if not phone.find_element("css selector", "#block-step").get_attribute("open"):
                phone.find_element("css selector", "#block-step summary").click()
            if "from" in fields:
                press(phone, fields["from"])
            press(phone, fields["to"])
            press(phone, "Move the block")
        elif action == "claim":
            fill(phone, "Word", fields["word"])
            for cell in fields["path"]:
                press(phone, cell)
            if "challenged_by" in fields:
                choose(phone, "Challenged by", fields["challenged_by"])
            press(phone, "Show the points")
            points = wait_until(lambda p=phone: text_of(p, "#claim-points"), "the points")
            assert fields["word"].upper() in points
            press(phone, "Confirm the claim")
        elif action == "end-turn":
            press(phone, "End turn")
        elif action == "undo":
            press(phone, "Undo")
            assert "e" in text_of(phone, "#undo-what").lower()
            press(phone, "Take it back")
        elif action == "redo":
            press(phone, "Redo")
        try:
            at_version(server, "words", expected)
        except AssertionError as exc:
            said = phone.find_element("css selector", "#verdict").text
            raise AssertionError(f"{who} {action} {fields}: {said}") from exc
        if action == "claim":
            # regression: "Challenged by" goes back to nobody after every claim
            # (the step is folded away now: its select is read as it is)
            # once the page has the answer (the file may be written a moment before)
            box = phone.find_element("css selector", "#claim-challenger")
            wait_until(lambda b=box: b.get_attribute("value") == "", "Challenged by: nobody")
    for phone in (ana, ben):
        headline(phone, "Game over")
        no_steps(phone, "Place", "Confirm the claim", "End turn")
        wait_until(lambda p=phone: text_of(p, "#ranking"), "the ranking")
    shown = cli_show(server, "wordblock", "words")
    assert shown["over"] is True and shown["hands"] == {"Ana": 0, "Ben": 0}
    assert shown["draw_pile"] == 0

    def move(who: str | None, action: str, fields: dict[str, Any]) -> tuple[Any, ...]:
        card = str(fields.get("card") or "").split("-")[0] or None
        keys = ("word", "at", "to", "from", "challenged_by")
        return (who, action, card, *(fields.get(k) for k in keys))

    made = [move(a.get("by"), a["action"], a) for a in history(server, "words")]
    assert made == [move(*m) for m in wordblock_moves()]
    totals = shown["totals"]
    assert totals["Ben"] == 17 - 5 - 5 and totals["Ana"] == 20


# ------------------------------------------------------------ Out of Sight


def test_outofsight_whole_basic_game(server: Server, phones: Callable[[], Any]) -> None:
    """Three frames of two players, every card tapped (a colour, then a
    number), the outcome by Stop or Time; the Time Keeper's sand shows only on
    the keeper's phone and moves with the turn; "Time!" makes the outcome Time."""
    ana, ben = phones(), phones()
    choose(ana, "Game", "Out of Sight")
    fill(ana, "Name", "sunday")
    fill(ana, "Players", "Ana, Ben")
    press(ana, "Start the game")
    wait_until(lambda: ana.current_url.endswith("/games/sunday"), "the game page")
    phone_of = {"Ana": ana, "Ben": ben}
    for me, phone in phone_of.items():
        join(phone, server, "sunday", me)
    no_serious_violations(ana)
    turns = []
    colours = ["red", "blue", "green", "yellow"]
    for n in range(18):
        roller, keeper = ("Ana", "Ben") if n % 2 == 0 else ("Ben", "Ana")
        headline(phone_of[roller], f"Turn: {roller}")
        rolling, keeping = phone_of[roller], phone_of[keeper]
        # the sand's buttons are on the keeper's phone, never on the roller's
        named(keeping, "button", "Go")
        assert find_named(rolling, "button", "Go") is None
        cards = [f"{colours[n % 4]}-{n % 9 + 1}", f"{colours[(n + 1) % 4]}-{(n + 3) % 18 + 1}"]
        for card in cards:
            colour, number = card.split("-")
            press(rolling, colour)
            press(rolling, number)
        assert text_of(rolling, "#turn-cards") == ", ".join(cards)
        if n in (1, 6):
            # the keeper turns the sand and calls Time: the roller's outcome becomes Time
            press(keeping, "Go")
            wait_until(
                lambda keeping=keeping: (
                    keeping.find_element("css selector", "#timer").text.replace(".", "").isdigit()
                ),
                "the sand on the keeper's phone",
            )
            assert text_of(rolling, "#timer") in ("running", "ready")  # never the sand itself
            press(keeping, "Time!")
            wait_until(
                lambda r=rolling: (
                    named(r, "button", "Time").get_attribute("aria-pressed") == "true"
                ),
                "the outcome Time",
            )
            outcome = "time"
        else:
            press(rolling, "Stop")
            outcome = "stop"
        press(rolling, "Record the turn")
        turns.append((roller, outcome, cards))
        at_version(server, "sunday", n + 1)
        wait_until(  # the form is emptied after the answer
            lambda r=rolling: (
                r.find_element("css selector", "#turn-cards").get_attribute("textContent") == "none"
            ),
            "the cards emptied",
        )
    for phone in (ana, ben):
        headline(phone, "Game over")
        no_steps(phone, "Record the turn", "Go")
        ranked = wait_until(lambda p=phone: text_of(p, "#ranking"), "the ranking")
        # 16 points each: the page says how the tie was broken
        assert "16 points (won the tie on points by the final frame's card numbers" in ranked
    no_serious_violations(ben)
    shown = cli_show(server, "outofsight", "sunday")
    assert shown["over"] is True and shown["frames_played"] == 3
    made = [
        (a.get("by"), a.get("end"), list(a.get("cards") or [])) for a in history(server, "sunday")
    ]
    assert made == turns


# ------------------------------------------------------------ regressions


def test_home_page_has_no_console_error_and_takes_capitals(
    server: Server, phones: Callable[[], Any]
) -> None:
    """Regression: the name pattern threw 'Invalid regular expression ... /v'."""
    phone = phones()
    phone.get(f"{server.url}/")
    named(phone, "combobox", "Game")
    named(phone, "textbox", "Name").send_keys("Friday")
    assert console_errors(phone) == []
    valid = phone.execute_script("return document.querySelector('#new-name').checkValidity()")
    assert valid is True
    no_serious_violations(phone)


def test_wordblock_start_from_the_page_without_starting_cards_says_so(
    server: Server, phones: Callable[[], Any]
) -> None:
    """Regression: the home form had no field for the 4 cards and answered
    with an option name (--grid)."""
    phone = phones()
    choose(phone, "Game", "Word Block")
    fill(phone, "Name", "nocards")
    fill(phone, "Players", "Ana, Ben")
    press(phone, "Start the game")
    said = wait_until(lambda: text_of(phone, "#new-error"), "the refusal")
    assert "--" not in said, said
    fill(phone, "Starting cards", "s,h,a,e")
    press(phone, "Start the game")
    wait_until(lambda: phone.current_url.endswith("/games/nocards"), "the game page")
    assert cli_show(server, "wordblock", "nocards")["players"] == ["Ana", "Ben"]


def test_blindspot_our_tiles_with_a_catalog_kept_on_the_server(
    server: Server, phones: Callable[[], Any]
) -> None:
    """A catalog entered once on the page is kept in the games folder; a game
    starts on 9 tile numbers and sides checked against it."""
    tiles = yaml.safe_load((REPO / "src" / "referee" / "data" / "standard-tiles.yaml").read_text())
    faces = "\n".join(
        f"{n}{side} {' '.join(rows)}"
        for n, sides in tiles["tiles"].items()
        for side, rows in sides.items()
    )
    phone = phones()
    choose(phone, "Game", "Blind Spot")
    fill(phone, "Name", "ours")
    fill(phone, "Players", "Ana:red, Ben:blue")
    press(phone, "our tiles (9 tile numbers and sides)", role="radio")
    phone.find_element("css selector", ".catalog-entry summary").click()
    fill(phone, "Catalog name", "Home")
    fill(phone, "Tile faces", faces)
    press(phone, "Keep this catalog")
    wait_until(lambda: "Kept" in text_of(phone, "#cat-said"), "the catalog kept")
    assert (server.dir / "home.tiles.yaml").exists()
    assert server.json("GET", "/api/catalogs") == (200, ["home"])
    choose(phone, "Catalog", "home")
    fill(phone, "Tiles", "1A 2A 3A 4B 5B 6B 7A 8A 9A")
    press(phone, "Start the game")
    wait_until(lambda: phone.current_url.endswith("/games/ours"), "the game page")
    named(phone, "button", "I9")
    by_tiles = subprocess.run(
        [*referee_command(), "setup", "show", str(REPO / "setups" / "by-tiles.yaml"), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    letters = json.loads(by_tiles.stdout).get("letters")
    game = yaml.safe_load((server.dir / "ours.yaml").read_text())
    if letters is not None:
        assert json.dumps(letters) in json.dumps(game)
    # a tile refused in words
    phone.get(f"{server.url}/")
    choose(phone, "Game", "Blind Spot")
    fill(phone, "Name", "bad-tiles")
    fill(phone, "Players", "Ana:red, Ben:blue")
    press(phone, "our tiles (9 tile numbers and sides)", role="radio")
    fill(phone, "Tiles", "1A 2A 3A 4B 5B 6B 7A 8A 99A")
    press(phone, "Start the game")
    said = wait_until(lambda: text_of(phone, "#new-error"), "the refusal")
    assert "--" not in said and "99" in said, said


def test_spotit_tie_shows_the_tie_break(server: Server, phones: Callable[[], Any]) -> None:
    phone = phones()
    phone.get(f"{server.url}/spotit")
    choose(phone, "Game", "two-chests")
    fill(phone, "Counts", "ann=3,bob=3")
    press(phone, "Who won?")
    said = wait_until(lambda: text_of(phone, "#result-out"), "the result")
    assert "tie-break" in said and "first to name the matching image wins" in said, said
    assert "decided" not in said
    no_serious_violations(phone)


@pytest.mark.parametrize("width", [360, 430, 1280])
def test_pages_fit_every_width(server: Server, width: int) -> None:
    """Nothing wider than the screen, at the narrowest and widest phones and a laptop."""
    letters = yaml.safe_load((REPO / "setups" / "sample.yaml").read_text())["letters"]
    name = f"fit-{width}"
    for kind, body in (
        ("blindspot", {"layout": {"letters": letters}, "players": ["Ana:red", "Ben:blue"]}),
        ("wordblock", {"players": ["Ana", "Ben"], "grid": "s,h,a,e", "values": "asteroid"}),
        ("outofsight", {"players": ["Ana", "Ben", "Cleo"]}),
    ):
        status, _ = server.json(
            "POST", "/api/games", {"name": f"{name}-{kind}", "game": kind, **body}
        )
        assert status == 201
    driver = chrome(width, 844 if width < 1000 else 900)
    try:
        driver.get(f"{server.url}/?token={server.token}")
        for path in (
            "/",
            f"/games/{name}-blindspot",
            f"/games/{name}-wordblock",
            f"/games/{name}-outofsight",
            "/spotit",
            "/check",
        ):
            driver.get(server.url + path)
            time.sleep(0.3)
            scroll = driver.execute_script("return document.documentElement.scrollWidth")
            assert scroll <= width, f"{path} is {scroll} px wide at {width} px"
        assert console_errors(driver) == []
    finally:
        quit_chrome(driver)


def test_the_server_going_away_is_said_and_the_page_comes_back(
    tmp_path: Path, phones: Callable[[], Any]
) -> None:
    """The server stops: the page says so in words; started again on the same
    port, the page reconnects by itself and shows what was played meanwhile."""
    del phones  # this test's phone joins a server of its own
    folder = tmp_path / "games"
    letters = yaml.safe_load((REPO / "setups" / "sample.yaml").read_text())["letters"]
    driver = chrome()
    try:
        with serving(folder) as first:
            port = first.port
            status, _ = first.json(
                "POST",
                "/api/games",
                {
                    "name": "away",
                    "game": "blindspot",
                    "layout": {"letters": letters},
                    "players": ["Ana:red", "Ben:blue"],
                },
            )
            assert status == 201
            driver.get(f"{first.url}/games/away")
            choose(driver, "I am", "Ana")
            headline(driver, "Turn: Ana")
        said = wait_until(lambda: text_of(driver, "#conn"), "the server's absence in words")
        assert "cannot be reached" in said
        subprocess.run(
            [*referee_command(), "blindspot", "game", "timeout", str(folder / "away.yaml")],
            check=True,
            capture_output=True,
        )
        with serving(folder, port=port):
            headline(driver, "Turn: Ben")
            wait_until(
                lambda: not driver.find_element("css selector", "#conn").is_displayed(), "back"
            )
        assert [e for e in console_errors(driver) if "ERR_CONNECTION_REFUSED" not in e] == []
    finally:
        quit_chrome(driver)
