"""After the game, on the pages: a game's review and result card, and the
folder's stats (the review service's own answers, :mod:`referee.review_service`).

- ``GET /api/games/NAME/review``: ``referee review --json`` of the game (the
  per-turn plays beside the best the rules allowed, the totals per player,
  the ranking and the best play). The server reads the game itself, as every
  other route does (:meth:`referee.serve.games.Folder.show`: the name
  checked, no symlink followed, the engine's size limit): the web never names
  a file. A game not over is reviewed too (its ``over`` is false: the review
  so far); the pages show the review once the game is over.
- ``GET /api/games/NAME/card.svg``: the result card (``referee review -o
  result.svg``), ``image/svg+xml``.
- ``GET /api/stats?since=YYYY-MM-DD&player=NAME``: ``referee stats --json`` of
  the served games folder (never a folder the client names); the page
  ``/stats`` shows it.

The work is bounded: the searches that may be cut short get :data:`BUDGET`
seconds (per turn for Word Block's block moves, per player for Out of
Sight's organisations); Blind Spot's search is complete (81 cells, 8
directions). A review and its card are kept per game version (the hash of
the file's bytes), so a page asking again, or for the card after the
review, costs nothing; an ``ETag`` lets the browser keep the card.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from referee.core.errors import InputError
from referee.core.errors import show as brief
from referee.serve.api import Reply, error, guarded
from referee.serve.games import SUFFIX, BadName, Folder, check_name
from referee.serve.locks import ThreadLocks
from referee.serve.threads import offload

BUDGET = 0.05
"""Seconds for each search that may be cut short (a Word Block turn's block
moves, an Out of Sight player's organisations): the web's small budget
(``referee review`` gives 0.5)."""

KEPT = 32
"""Reviews kept (the games asked for last); others are computed again."""

STATS_FIELDS = ("since", "player")
"""``referee stats``' fields the web may give, as query parameters."""


class Reviews:
    """The reviews of the games of one folder, kept per game version."""

    def __init__(self, folder: Folder) -> None:
        self.folder = folder
        self._kept: OrderedDict[str, tuple[bytes, Any, str | None]] = OrderedDict()
        self._guard = threading.Lock()
        self._working = ThreadLocks()

    def kept(self) -> int:
        return len(self._kept)

    def _get(self, name: str, digest: bytes) -> tuple[bytes, Any, str | None] | None:
        with self._guard:
            entry = self._kept.get(name)
            if entry is None or entry[0] != digest:
                return None
            self._kept.move_to_end(name)
            return entry

    def _put(self, name: str, entry: tuple[bytes, Any, str | None]) -> None:
        with self._guard:
            self._kept[name] = entry
            self._kept.move_to_end(name)
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)

    def report(self, name: str) -> tuple[bytes, int, Any]:
        """The review of the game as its file now is: (digest, version, report).
        No such game: :class:`NotFound`; a corrupt file: its reader's error."""
        check_name(name)
        shown = self.folder.show(name)
        found = self._get(name, shown.digest)
        if found is not None:
            return shown.digest, shown.version, found[1]
        with self._working.hold(name):  # one review of a game at a time
            found = self._get(name, shown.digest)
            if found is not None:
                return shown.digest, shown.version, found[1]
            from referee import review_service as rs
            from referee import service as sv

            loaded = rs.Loaded(shown.game, shown.current, name + SUFFIX)
            step = sv.Step("review", rs.review)  # the service, on the game read here
            report = step.call({}, files=False, file=loaded, budget=BUDGET)
            self._put(name, (shown.digest, report, None))
        return shown.digest, shown.version, report

    def review(self, name: str) -> Reply:
        """``GET /api/games/NAME/review``."""

        def work() -> Reply:
            _, version, report = self.report(name)
            text = json.dumps(report.doc, ensure_ascii=False) + "\n"
            return Reply(200, text, {"X-Referee-Version": str(version)})

        return guarded(work)

    def card(self, name: str, etag: str | None = None) -> Reply:
        """``GET /api/games/NAME/card.svg``: the result card (304 when the
        browser's copy, ``If-None-Match``, is this version's)."""

        def work() -> Reply:
            digest, version, report = self.report(name)
            tag = f'"{digest.hex()}"'
            headers = {
                "X-Referee-Version": str(version),
                "ETag": tag,
                "Cache-Control": "no-cache",
            }
            if etag is not None and tag in [t.strip() for t in etag.split(",")]:
                return Reply(304, "", headers, media_type="image/svg+xml")
            found = self._get(name, digest)
            svg = found[2] if found is not None else None
            if svg is None:
                from referee.review_card import card_svg

                svg = card_svg(report)
                self._put(name, (digest, report, svg))
            return Reply(200, svg, headers, media_type="image/svg+xml")

        return guarded(work)


def stats(folder: Folder, query: Mapping[str, str]) -> Reply:
    """``GET /api/stats``: the stats service on the served folder; ``since``
    and ``player`` as query parameters."""

    def work() -> Reply:
        from referee import review_service as rs
        from referee import service as sv

        unknown = [k for k in query if k not in STATS_FIELDS]
        if unknown:
            raise InputError(
                f"unknown field {brief(unknown[0])} (fields: {', '.join(STATS_FIELDS)})"
            )
        params = tuple(p for p in rs.QUESTIONS["stats"].params if p.name in STATS_FIELDS)
        step = sv.Step("stats", rs.stats, params)
        given = {k: v for k, v in query.items() if v.strip()}
        report = step.call(given, files=False, folder=rs.Folder(folder.dir))
        return Reply(200, report.json() + "\n")

    return guarded(work)


def _reply(reply: Reply) -> Response:
    headers = {"Cache-Control": "no-store", **reply.headers}
    body = reply.body if reply.status != 304 else b""
    return Response(body, reply.status, headers=headers, media_type=reply.media_type)


def routes(folder: Folder) -> list[Route]:
    """The routes, to put before the API's catch-all routes."""
    reviews = Reviews(folder)

    def named(request: Request) -> str | Response:
        name = str(request.path_params["name"])
        try:
            return check_name(name)
        except BadName as exc:
            return _reply(error(400, "input", exc.message))

    async def review(request: Request) -> Response:
        name = named(request)
        if isinstance(name, Response):
            return name
        return _reply(await offload(reviews.review, name))

    async def card(request: Request) -> Response:
        name = named(request)
        if isinstance(name, Response):
            return name
        etag = request.headers.get("if-none-match")
        return _reply(await offload(reviews.card, name, etag))

    async def stats_page(request: Request) -> Response:
        from referee.serve import pages

        return pages.stats(request)

    async def folder_stats(request: Request) -> Response:
        query = dict(request.query_params)
        return _reply(await offload(stats, folder, query))

    return [
        Route("/stats", stats_page, methods=["GET"]),
        Route("/api/games/{name}/review", review, methods=["GET"]),
        Route("/api/games/{name}/card.svg", card, methods=["GET"]),
        Route("/api/stats", folder_stats, methods=["GET"]),
    ]
