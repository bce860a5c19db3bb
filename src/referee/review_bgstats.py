"""A reviewed game as a play for BG Stats (the Board Game Stats app).

BG Stats documents one way in for other apps' plays, on its support page
"Push plays to BG Stats from other apps or websites"
(https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
a link ``https://app.bgstatsapp.com/createPlay.html?data=<data>`` (or the
``bgstats://`` scheme), where ``<data>`` is one play as a url-encoded JSON
object. Opening the link on a phone or tablet with BG Stats opens the app's
import dialog, where the game and the players are matched to the app's own
(by BGG id, name and the ``source...Id`` fields, remembered for next time).

:func:`play` makes that JSON object from ``referee review``'s report, with
every key of the page's example and of the same type; :func:`link` the link
that hands it to the app. Pure: the game read and its report in, a dict out.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from referee.core.errors import InputError
from referee.review_service import Loaded

SOURCE = "https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/"
"""BG Stats' page that documents the play format (and its example)."""

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
"""The link BG Stats takes a play on (``?data=`` the play, url-encoded JSON)."""

SOURCE_NAME = "referee"
"""``sourceName``: the app the plays come from, as BG Stats shows it."""

DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
"""``playDate`` as the page's example writes it (``2020-10-23 19:16:58``), in UTC."""


def play(
    doc: Mapping[str, Any], loaded: Loaded, *, when: datetime.datetime | None = None
) -> dict[str, Any]:
    """The play BG Stats imports, from a review report's ``doc`` and the game
    it reviewed. ``when``: the play's date (default: the game file's
    modification time, as ``referee stats`` dates games: a game file records
    no times; a naive ``when`` is taken as UTC); a game given as a value has
    none, and then ``when`` is needed."""
    if when is None:
        if loaded.mtime is None:
            raise InputError("the play's date is unknown: the game was not read from a file")
        when = datetime.datetime.fromtimestamp(loaded.mtime, datetime.timezone.utc)
    elif when.tzinfo is not None:
        when = when.astimezone(datetime.timezone.utc)
    kind = str(doc["game"])
    setup = loaded.game.log.setup
    over = bool(doc["over"])
    ranking = doc.get("ranking") or []
    solo = kind == "blindspot" and doc.get("mode") == "solo"
    places = {name: int(row["place"]) for row in ranking for name in row["players"]}
    winners = set(ranking[0]["players"]) if ranking and over and not solo else set()
    ranked = {n: r["score"] for r in ranking for n in r["players"] if r.get("score") is not None}
    start = _start_player(kind, setup)
    roles = _roles(kind, setup)
    players = []
    for name in doc["players"]:
        # Blind Spot's solo score is the ranking's; every other score is the report's.
        score = ranked[name] if solo and name in ranked else doc["scores"].get(name, 0)
        players.append(
            {
                "startPlayer": name == start,
                "name": name,
                "rank": places.get(name, 0) if over else 0,
                "role": roles.get(name, ""),
                "score": score,
                "sourcePlayerId": _player_id(name),
                "winner": name in winners,
            }
        )
    from referee.review_card import result_text

    return {
        "board": str(doc.get("mode") or ""),
        "durationMin": 0,
        "comments": result_text(dict(doc)),
        "game": {
            "bggId": 0,
            "highestWins": not (kind == "blindspot" and not solo),
            "name": str(doc["title"]),
            "noPoints": False,
            "sourceGameId": f"referee-{kind}",
        },
        "location": "",
        "playDate": when.strftime(DATE_FORMAT),
        "players": players,
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id(loaded),
    }


def play_id(loaded: Loaded) -> str:
    """``sourcePlayId``: the same for the same game (a copy of its file, or
    the file written again) and different for any other: the game's kind and
    the first 16 hex digits of the SHA-256 of its file's text as the referee
    writes it (the setup and every action)."""
    from referee import engine
    from referee import service as sv

    text = engine.text(sv.service(loaded.kind).GAME, loaded.game.log)
    return f"{loaded.kind}-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]}"


def _player_id(name: str) -> str:
    """``sourcePlayerId``: the name as ``referee stats`` matches names (NFC,
    case-folded), so that one player is one id from game to game."""
    from referee.core.text import name_key

    return name_key(name)


def _start_player(kind: str, setup: Any) -> str | None:
    if kind == "blindspot":
        people = tuple(setup.people)
        return people[0] if people else None
    if kind == "wordblock":
        return setup.turns.first if setup.turns is not None else None
    first = setup.first or (setup.players[0] if setup.players else None)
    return str(first) if first is not None else None


def _roles(kind: str, setup: Any) -> dict[str, str]:
    """``role``: Blind Spot's seat colour; no other game gives its players one."""
    if kind != "blindspot":
        return {}
    return dict(zip(setup.people, setup.players, strict=True))


def document(value: Mapping[str, Any]) -> str:
    """The play as the file ``--bgstats`` writes: indented JSON, UTF-8."""
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def link(value: Mapping[str, Any]) -> str:
    """The link that hands the play to BG Stats: ``createPlay.html?data=`` and
    the play's JSON, url-encoded."""
    data = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return f"{CREATE_PLAY}?data={quote(data, safe='')}"
