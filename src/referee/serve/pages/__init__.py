"""The HTML pages: server-rendered templates with small vanilla scripts.

Templates, the style sheet and the scripts are package data in this folder
(no CDN, no build step): ``base.html`` holds every page's frame, each page
its own ``<main>`` (``home.html``, ``blindspot.html``, ...), and the state a
page starts from is embedded as JSON (``<script type="application/json">``,
never executed), so a page shows the game before any script runs a request.
"""

from __future__ import annotations

import json
import os
from functools import cache
from html import escape
from string import Template
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from referee.serve.security import COOKIE, HEADER
from referee.service import TITLES

HERE = os.path.dirname(os.path.abspath(__file__))
STATIC = {
    "app.css": "text/css; charset=utf-8",
    "client.js": "text/javascript; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "home.js": "text/javascript; charset=utf-8",
    "blindspot.js": "text/javascript; charset=utf-8",
    "wordblock.js": "text/javascript; charset=utf-8",
    "outofsight.js": "text/javascript; charset=utf-8",
    "spotit.js": "text/javascript; charset=utf-8",
    "check.js": "text/javascript; charset=utf-8",
    "stats.js": "text/javascript; charset=utf-8",
}


@cache
def _read(name: str) -> str:
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return f.read()


def _json_for_html(data: Any) -> str:
    """JSON safe inside a ``<script type="application/json">`` element."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _token(request: Request) -> str:
    return request.headers.get(HEADER) or request.cookies.get(COOKIE) or ""


def render(
    request: Request,
    *,
    page: str,
    title: str,
    main: str,
    initial: dict[str, Any],
    status: int = 200,
    name: str = "",
) -> Response:
    html = Template(_read("base.html")).substitute(
        title=escape(title),
        page=escape(page),
        name=escape(name),
        token=escape(_token(request)),
        main=main,
        initial=_json_for_html(initial),
        script=f'<script src="/static/{page}.js"></script>' if f"{page}.js" in STATIC else "",
    )
    return HTMLResponse(html, status, headers={"Cache-Control": "no-store"})


@cache
def dictionaries() -> list[str]:
    """The dictionary names the new-game form offers: every enchant dictionary
    and SCOWL list installed here (asked once: the installed set is fixed)."""
    names: list[str] = []
    try:
        from referee.core.dictionary import available_dictionaries

        names += [f"{provider}:{tag}" for tag, provider in available_dictionaries()]
    except Exception:  # no enchant here (the offline site): the word lists only
        pass
    try:
        from referee.core import scowl

        names += [f"scowl:{spec.name}" for spec, _ in scowl.available()]
    except Exception:  # no SCOWL lists here
        pass
    return names


def default_dictionary() -> str:
    """The dictionary that judges a game that names none (``REFEREE_DICTIONARY``)."""
    from referee.core.dictionary import default_spec

    return default_spec()


def home(games: Any, request: Request) -> Response:
    rows = json.loads(games.body) if games.status == 200 else []
    items = []
    for g in rows:
        title = TITLES.get(g["game"] or "", g["game"] or "")
        state = "over" if g["over"] else (f"turn: {g['turn']}" if g.get("turn") else "")
        state = "corrupt: cannot be read" if g.get("corrupt") else state
        items.append(
            f'<li><a class="game" href="/games/{escape(g["name"])}">'
            f'<b>{escape(g["name"])}</b> <span class="kind">{escape(title)}</span>'
            f'<span class="meta">{escape(", ".join(g["players"]))}'
            f"{' · ' + escape(state) if state else ''}</span></a></li>"
        )
    listing = "\n".join(items) or '<li class="empty">No games yet: start one below.</li>'
    main = Template(_read("home.html")).substitute(games=listing)
    return render(
        request,
        page="home",
        title="Games",
        main=main,
        initial={"games": rows, "dictionaries": dictionaries(), "dictionary": default_dictionary()},
    )


def game(request: Request, name: str, kind: str, shown: Any, board: Any) -> Response:
    show = json.loads(shown.body) if shown.status == 200 else None
    initial = {
        "name": name,
        "game": kind,
        "version": int(shown.headers.get("X-Referee-Version", "-1")),
        "show": show,
        "error": None if show is not None else json.loads(shown.body).get("error"),
        "explanations": explanations(),
        "fields": step_fields(kind),
    }
    svg = ""
    if board is not None and board.status == 200:
        svg = board.body.split("?>", 1)[-1]
    main = Template(_read(f"{kind}.html")).substitute(
        name=escape(name), board=svg, top=_read("table_top.html"), bottom=_read("table_bottom.html")
    )
    title = f"{TITLES[kind]}: {name}"
    return render(request, page=kind, title=title, main=main, initial=initial, name=name)


def step_fields(kind: str) -> dict[str, list[str]]:
    """Each step's fields (the page sends ``by`` and ``player`` only where a
    step takes them)."""
    from referee.service import service

    return {step: [p.name for p in s.params] for step, s in service(kind).STEPS.items()}


def check(request: Request) -> Response:
    return render(
        request,
        page="check",
        title="Quick check",
        main=_read("check.html"),
        initial={"explanations": explanations()},
    )


def explanations() -> dict[str, str]:
    from referee.serve.api import explanations as words

    return words()


def spotit(request: Request) -> Response:
    from referee.service import question

    games: list[str] = []
    for p in question("spotit result").params:
        if p.name == "game" and p.choices:
            games = list(p.choices)
    return render(
        request,
        page="spotit",
        title="Spot it!",
        main=_read("spotit.html"),
        initial={"games": games},
    )


def stats(request: Request) -> Response:
    """``/stats``: the games folder's stats (the page asks ``GET /api/stats``)."""
    return render(
        request,
        page="stats",
        title="Stats",
        main=_read("stats.html"),
        initial={"titles": dict(TITLES)},
    )


def missing(request: Request, message: str, status: int = 404) -> Response:
    main = f'<p class="error">{escape(message)}</p><p><a class="button" href="/">All games</a></p>'
    return render(request, page="missing", title="Not here", main=main, initial={}, status=status)


def static(name: str) -> Response:
    if name not in STATIC:
        return Response(b"not found\n", 404, media_type="text/plain")
    return Response(
        _read(name),
        media_type=STATIC[name],
        headers={"Cache-Control": "no-cache"},
    )
