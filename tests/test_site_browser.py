"""The offline site on one phone: built by ``referee site build``, served once
by a real static server (``python -m http.server`` on 127.0.0.1), opened in
Debian's Chromium at 390x844; then the static server is **stopped** and the
page reloaded, and everything after that runs with no server at all: a whole
Blind Spot game of 3 seats passed around one phone, Word Block turns, Spot
it!'s deck tools and the quick check, every control found by its accessible
name. The games downloaded from the phone, shown by the CLI (with the same
SCOWL list), give byte for byte the ``show --json`` the phone's referee gave.
Run by ``.ci/run`` (``-m "browser or server"``)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from serve_helpers import (
    axe_violations,
    choose,
    chrome,
    chrome_log,
    console_errors,
    file_input,
    fill,
    find_named,
    free_port,
    have_browser,
    named,
    press,
    quit_chrome,
    referee_command,
    text_of,
    wait_until,
)
from test_serve_table_games import OPENING

pytestmark = [pytest.mark.browser, pytest.mark.process]

REPO = Path(__file__).resolve().parent.parent
START = 90.0
"""Seconds the site is given to start (Pyodide, the wheels, the lists)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not have_browser():
        pytest.fail("no /usr/bin/chromium and chromedriver: scripts/setup --dev installs them")
    folder = tmp_path_factory.mktemp("site") / "site"
    done = subprocess.run(
        [*referee_command(), "site", "build", str(folder), "--json"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["bytes"] < 40_000_000  # the budget
    return folder


class Static:
    """``python -m http.server`` serving the site; :meth:`stop` ends it."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "http.server",
                str(self.port),
                "-b",
                "127.0.0.1",
                "-d",
                str(folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.url = f"http://127.0.0.1:{self.port}/"
        import urllib.request

        wait_until(lambda: _get(urllib.request, self.url), "the static server", timeout=15)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def _get(request: Any, url: str) -> bool:
    try:
        with request.urlopen(url, timeout=1) as r:
            return bool(r.status == 200)
    except OSError:
        return False


def enter(driver: Any, new: bool = False) -> None:
    """Into the page the shell shows (a new frame after each navigation: with
    ``new``, one not entered before), once its scripts have run."""
    driver.switch_to.default_content()
    driver._referee_in_frame = False
    wait_until(lambda: driver.execute_script("return !!window.refereeReady"), "the site", START)
    frame = wait_until(
        lambda: driver.execute_script(
            "const f = document.getElementById('page');"
            "if (!f || (arguments[0] && f.dataset.entered)) return null;"
            "return f.contentDocument && f.contentDocument.readyState === 'complete'"
            " && f.contentWindow.eval('typeof R') === 'object' ? f : null",
            new,
        ),
        "the page in the frame",
    )
    driver.execute_script("arguments[0].dataset.entered = '1'", frame)
    driver.switch_to.frame(frame)
    driver._referee_in_frame = True


def shown_json(driver: Any, name: str) -> str:
    """``GET /api/games/NAME`` as the phone's referee answers it (the text)."""
    driver.switch_to.default_content()
    try:
        return str(
            driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "window.refereeSite.fetch('GET', '/api/games/' + arguments[0], null)"
                ".then(r => done(r.body));",
                name,
            )
        )
    finally:
        enter(driver)


def cli_show(game: str, path: Path) -> str:
    done = subprocess.run(
        [*referee_command(), game, "game", "show", str(path), "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def download(driver: Any, folder: Path, name: str) -> Path:
    """Tap "Download the game file"; the file the phone saved."""
    target = folder / f"{name}.yaml"
    target.unlink(missing_ok=True)
    press(driver, "Download the game file")
    wait_until(lambda: target.exists() and target.stat().st_size > 0, f"{target.name} saved")
    time.sleep(0.2)
    return target


def headline(driver: Any, text: str) -> None:
    wait_until(lambda: text in text_of(driver, "#headline"), f"headline {text!r}")


def iam(driver: Any) -> str:
    return str(named(driver, "combobox", "I am").get_attribute("value"))


@pytest.fixture(scope="module")
def phone(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One phone: the site opened once online (its service worker keeps every
    file), then the static server stopped and the page reloaded, offline."""
    static = Static(site)
    driver = chrome()
    driver.set_script_timeout(60)
    downloads = tmp_path_factory.mktemp("downloads")
    driver.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    driver._referee_downloads = downloads
    try:
        driver.get(static.url)
        enter(driver)
        driver.switch_to.default_content()
        wait_until(
            lambda: (
                driver.execute_async_script(
                    "const done = arguments[arguments.length - 1];"
                    "navigator.serviceWorker.ready.then(() => caches.keys())"
                    ".then(keys => Promise.all(keys.map(k => caches.open(k).then(c => c.keys()))))"
                    ".then(lists => done(lists.flat().length)).catch(() => done(0));"
                )
                > 20
            ),
            "the service worker's cache",
            START,
        )
        static.stop()
        assert not _get(__import__("urllib.request").request, static.url)  # no server now
        driver.refresh()
        enter(driver)
        yield driver
        driver.switch_to.default_content()
        assert console_errors(driver) == []
    except Exception:
        print("Chromium's log, the end:\n" + chrome_log(driver))  # shown with the failure
        raise
    finally:
        static.stop() if static.process.poll() is None else None
        quit_chrome(driver)


def test_offline_start_shows_the_games_and_the_judging_list(phone: Any) -> None:
    named(phone, "button", "Start the game")
    choose(phone, "Game", "Word Block")
    hint = named(phone, "combobox", "Dictionary")
    assert "scowl:60" in hint.text  # the site says which list judges
    assert "Words are judged by scowl:60" in text_of(phone, "#judged-by")
    assert axe_violations(phone) == []
    phone.switch_to.default_content()
    assert axe_violations(phone) == []  # the shell too
    enter(phone)


def test_a_whole_blindspot_game_passed_around_one_phone(phone: Any) -> None:
    """Ana, Ben and Cleo on one phone: "I am" follows the turn by itself;
    plays, a bonus, a refusal, timeouts, an undo and a redo, to Game over.
    The downloaded file, shown by the CLI, is what the phone's referee showed."""
    choose(phone, "Game", "Blind Spot")
    fill(phone, "Name", "friday")
    fill(phone, "Players", "Ana:red, Ben:blue, Cleo:yellow")
    press(phone, "a board file (a layout or setup file)", role="radio")
    file_input(phone, "Board file").send_keys(str(REPO / "setups" / "sample.yaml"))
    press(phone, "Start the game")
    enter(phone, new=True)
    headline(phone, "Turn: Ana")
    assert iam(phone) == "Ana"
    assert axe_violations(phone) == []

    def play(cell: str, word: str) -> None:
        press(phone, cell)
        fill(phone, "Word", word)
        press(phone, "Play")

    play("G1", "pet")
    wait_until(lambda: "PET is legal at G1" in text_of(phone, "#verdict"), "PET legal")
    headline(phone, "Turn: Ben")
    wait_until(lambda: iam(phone) == "Ben", "I am follows the turn")
    play("E8", "planet")
    wait_until(lambda: "Farsighted bonus" in text_of(phone, "#verdict"), "the bonus")
    press(phone, "I9")
    press(phone, "Place bonus spot")
    headline(phone, "Turn: Cleo")
    wait_until(lambda: iam(phone) == "Cleo", "I am follows the turn")
    play("A1", "zzq")
    refused = wait_until(lambda: text_of(phone, "#verdict.no"), "ZZQ refused")
    assert "ZZQ is not legal at A1" in refused
    press(phone, "Timeout")
    headline(phone, "Turn: Ana")
    press(phone, "Timeout")
    headline(phone, "Turn: Ben")
    press(phone, "Undo")
    assert "Take back" in wait_until(lambda: text_of(phone, "#undo-what"), "the confirmation")
    press(phone, "Take it back")
    headline(phone, "Turn: Ana")
    press(phone, "Redo")
    headline(phone, "Turn: Ben")
    for who in ("Ben", "Cleo", "Ana"):
        wait_until(lambda w=who: iam(phone) == w, f"I am {who}")
        press(phone, "Timeout")
        time.sleep(0.3)
    headline(phone, "Game over")
    wait_until(lambda: "Ben" in text_of(phone, "#ranking"), "the ranking")
    wait_until(lambda: "Best play" in text_of(phone, "#review"), "the review")
    assert axe_violations(phone) == []
    phone.save_screenshot(str(phone._referee_downloads / "site-blindspot-over.png"))
    saved = download(phone, phone._referee_downloads, "friday")
    history = yaml.safe_load(saved.read_text())["history"]
    made = [(a["action"], a.get("word"), a.get("at"), a.get("by")) for a in history]
    assert made == [
        ("play", "pet", "G1", "Ana"),
        ("play", "planet", "E8", "Ben"),
        ("bonus", None, "I9", "Ben"),
        ("timeout", None, None, "Cleo"),
        ("timeout", None, None, "Ana"),
        ("undo", None, None, "Ben"),  # "I am" had followed the turn to Ben
        ("redo", None, None, "Ana"),
        ("timeout", None, None, "Ben"),
        ("timeout", None, None, "Cleo"),
        ("timeout", None, None, "Ana"),
    ]
    assert yaml.safe_load(saved.read_text())["dictionary"] == "scowl:60"  # the site's list
    saved_show = cli_show("blindspot", saved)
    assert saved_show == shown_json(phone, "friday")
    # the file opens again from the phone's files, as another game
    phone.switch_to.default_content()
    phone.execute_script("window.refereeSite.go('/')")
    enter(phone, new=True)
    file_input(phone, "Game file").send_keys(str(saved))
    assert named(phone, "textbox", "Name", timeout=2) is not None
    field = phone.find_element("css selector", "#open-name")
    assert field.get_attribute("value") == "friday"  # from the file's name
    field.clear()
    field.send_keys("copy")
    press(phone, "Open the game")
    enter(phone, new=True)
    headline(phone, "Game over")
    assert shown_json(phone, "copy") == saved_show
    # a file that is no game is refused in words, and nothing is opened
    phone.switch_to.default_content()
    phone.execute_script("window.refereeSite.go('/')")
    enter(phone, new=True)
    file_input(phone, "Game file").send_keys(str(REPO / "setups" / "sample.yaml"))
    press(phone, "Open the game")
    said = wait_until(lambda: text_of(phone, "#open-error"), "the refusal")
    assert "not a game of a known kind" in said, said


WORDBLOCK = OPENING[:12]
"""Four turns of the whole-game test of the server's pages (a challenge lost:
HEAT is a word in the site's list as in the CLI's)."""


def test_wordblock_turns_on_one_phone(phone: Any) -> None:
    phone.switch_to.default_content()
    phone.execute_script("window.refereeSite.go('/')")
    enter(phone, new=True)
    choose(phone, "Game", "Word Block")
    fill(phone, "Name", "words")
    fill(phone, "Players", "Ana, Ben")
    for letter in "SHAE":
        press(phone, f"starting card {letter}")
    choose(phone, "First player", "Ben")
    press(phone, "Start the game")
    enter(phone, new=True)
    headline(phone, "Turn: Ben")
    for who, action, fields in WORDBLOCK:
        wait_until(lambda w=who: iam(phone) == w, f"I am {who}")
        if action == "place":
            press(phone, fields["at"])
            press(phone, fields["card"].upper())
            press(phone, "Place")
        elif action == "move-block":
            if not phone.find_element("css selector", "#block-step").get_attribute("open"):
                phone.find_element("css selector", "#block-step summary").click()
            press(phone, fields["to"])
            press(phone, "Move the block")
        elif action == "claim":
            fill(phone, "Word", fields["word"])
            for cell in fields["path"]:
                press(phone, cell)
            if "challenged_by" in fields:
                choose(phone, "Challenged by", fields["challenged_by"])
            press(phone, "Show the points")
            word = fields["word"].upper()
            wait_until(lambda w=word: w in text_of(phone, "#claim-points"), "the points")
            press(phone, "Confirm the claim")
        elif action == "end-turn":
            press(phone, "End turn")
        time.sleep(0.2)
    headline(phone, "Turn: Ben")
    assert axe_violations(phone) == []
    phone.save_screenshot(str(phone._referee_downloads / "site-wordblock.png"))
    saved = download(phone, phone._referee_downloads, "words")
    made = [a["action"] for a in yaml.safe_load(saved.read_text())["history"]]
    assert made == [a for _, a, _ in WORDBLOCK]
    shown = cli_show("wordblock", saved)
    assert shown == shown_json(phone, "words")
    # SEAT (17), then a challenge lost (-5): HEAT is a word in the site's list as in the CLI's
    assert json.loads(shown)["totals"] == {"Ana": 20, "Ben": 17 - 5}


def test_outofsight_turns_and_the_time_keeper_on_one_phone(phone: Any) -> None:
    """Ana rolls and Ben keeps time on the same phone: Ben takes the phone
    ("I am" Ben) to turn the sand and call Time!, gives it back; the next
    turn's roller is followed by itself. The timer runs in the phone's
    referee (the server's hub, in the browser)."""
    phone.switch_to.default_content()
    phone.execute_script("window.refereeSite.go('/')")
    enter(phone, new=True)
    choose(phone, "Game", "Out of Sight")
    fill(phone, "Name", "sunday")
    fill(phone, "Players", "Ana, Ben")
    press(phone, "Start the game")
    enter(phone, new=True)
    headline(phone, "Turn: Ana")
    assert iam(phone) == "Ana"
    assert find_named(phone, "button", "Go") is None  # the roller never sees the sand
    choose(phone, "I am", "Ben")  # the Time Keeper takes the phone
    press(phone, "Go")
    wait_until(
        lambda: phone.find_element("css selector", "#timer").text.replace(".", "").isdigit(),
        "the sand on the keeper's screen",
    )
    press(phone, "Time!")
    choose(phone, "I am", "Ana")  # and gives it back
    assert not text_of(phone, "#timer").replace(".", "").isdigit()  # the roller sees no sand
    for colour, number in (("red", "3"), ("blue", "5")):
        press(phone, colour)
        press(phone, number)
    wait_until(
        lambda: named(phone, "button", "Time").get_attribute("aria-pressed") == "true",
        "the outcome Time",
    )
    press(phone, "Record the turn")
    headline(phone, "Turn: Ben")
    wait_until(lambda: iam(phone) == "Ben", "I am follows the turn")
    for colour, number in (("green", "2"), ("yellow", "7")):
        press(phone, colour)
        press(phone, number)
    press(phone, "Stop")
    press(phone, "Record the turn")
    headline(phone, "Turn: Ana")
    assert axe_violations(phone) == []
    saved = download(phone, phone._referee_downloads, "sunday")
    made = [
        (a.get("by"), a.get("end"), list(a.get("cards") or []))
        for a in yaml.safe_load(saved.read_text())["history"]
    ]
    assert made == [("Ana", "time", ["red-3", "blue-5"]), ("Ben", "stop", ["green-2", "yellow-7"])]
    assert cli_show("outofsight", saved) == shown_json(phone, "sunday")


def test_games_are_kept_across_a_reload_offline(phone: Any) -> None:
    """IndexedDB keeps the games: reloaded with no server, both are listed."""
    phone.switch_to.default_content()
    phone.refresh()
    enter(phone)
    headline(phone, "Turn: Ana")  # the page it was on (#/games/sunday), as it was
    press(phone, "◀ Games", role="link")
    enter(phone, new=True)
    games = wait_until(lambda: text_of(phone, "#games"), "the games")
    assert "friday" in games and "words" in games and "sunday" in games
    press(phone, "friday", role="link") if find_named(phone, "link", "friday") else (
        phone.find_element("css selector", 'a.game[href="/games/friday"]').click()
    )
    enter(phone, new=True)
    headline(phone, "Game over")
    # the stats of the phone's games, counted in the phone's referee
    phone.switch_to.default_content()
    phone.execute_script("window.refereeSite.go('/stats')")
    enter(phone, new=True)
    counted = wait_until(
        lambda: "Cleo" in text_of(phone, "#stats-body") and text_of(phone, "#stats-body"),
        "the stats",
    )
    assert "Ana" in counted and "Ben" in counted
    assert axe_violations(phone) == []


def test_spotit_deck_tools_and_the_quick_check_offline(phone: Any) -> None:
    phone.switch_to.default_content()
    phone.execute_script("window.refereeSite.go('/spotit')")
    enter(phone, new=True)
    press(phone, "Make")
    wait_until(lambda: len(phone.find_elements("css selector", ".spot")) == 13, "the deck")
    press(phone, "Verify this deck")
    said = wait_until(lambda: text_of(phone, "#report"), "the deck verified")
    assert "every two share exactly one symbol" in said
    for card in (1, 2):
        phone.find_element("css selector", f'.spot[data-card="{card}"]').click()
    assert "Cards 1 and 2 share" in wait_until(lambda: text_of(phone, "#verdict"), "a match")
    # our own deck, from the phone's files: the CLI's verdict on the same file
    deck = REPO / "examples" / "spotit" / "fruit.yaml"
    file_input(phone, "Our deck file").send_keys(str(deck))
    said = wait_until(
        lambda: "13 cards" in text_of(phone, "#report") and text_of(phone, "#report"),
        "the file verified",
    )
    verified = subprocess.run(
        [*referee_command(), "spotit", "verify", str(deck), "--json"],
        capture_output=True,
        text=True,
    )
    doc = json.loads(verified.stdout)
    assert doc["valid"] is False and f"{doc['offending_total']} bad pairs" in said
    assert axe_violations(phone) == []
    phone.switch_to.default_content()
    phone.execute_script("window.refereeSite.go('/check')")
    enter(phone, new=True)
    seed = str(REPO / "setups" / "seed-2024.yaml")

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*referee_command(), *args, "--dictionary", "scowl:60"], capture_output=True, text=True
        )

    code = subprocess.run(
        [*referee_command(), "setup", "code", seed], capture_output=True, text=True, check=True
    ).stdout.split()[0]
    first = json.loads(cli("words", "--layout", seed, "--json").stdout)["plays"][0]
    fill(phone, "setup code BS1-...", code)
    press(phone, "Show")
    cell = f'rect.hit[data-cell="{first["at"]}"]'
    wait_until(lambda: phone.find_elements("css selector", cell), "the board")
    for word, at in ((first["word"], first["at"]), ("zzqx", first["at"])):
        legal = cli("check-word", word, "--layout", seed, "--at", at).returncode == 0
        phone.find_element("css selector", cell).click()
        fill(phone, "word", word)
        press(phone, "Check")
        said = wait_until(lambda w=word: w.upper() in text_of(phone, "#verdict"), "the verdict")
        assert said
        # the page's verdict is the CLI's with the site's list (scowl:60)
        assert (f"{word.upper()} is legal" in text_of(phone, "#verdict")) is legal
    assert axe_violations(phone) == []
