"""The Starlette application: routes, wired to the API, the events and the pages.

Starlette rather than FastAPI: the API's shapes are the game services' own
(each step's fields, :class:`referee.service.Param`), so FastAPI's model
declarations would only repeat them; Starlette is the small ASGI core FastAPI
itself stands on (routing, streaming responses, a test client).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from referee.core.errors import NotFound, RefereeError
from referee.core.values import frozen
from referee.serve import pages, review, table
from referee.serve.api import Api, Reply, error, failed
from referee.serve.events import Hub
from referee.serve.games import BadName, Folder, check_name
from referee.serve.locks import AsyncLocks
from referee.serve.security import BodyError, Guard, is_json, read_json
from referee.serve.threads import offload

TIMER_EVENTS = ("go", "stop", "time", "flip", "reset")


@frozen
class Settings:
    """How the server was started."""

    dir: str
    token: str | None = None
    lan: bool = False
    interval: float = 0.2


def respond(reply: Reply) -> Response:
    headers = {"Cache-Control": "no-store", **reply.headers}
    return Response(reply.body, reply.status, headers=headers, media_type=reply.media_type)


def create_app(settings: Settings) -> Guard:
    """The ASGI application (the Starlette app inside the safety guard)."""
    folder = Folder(settings.dir)
    api = Api(folder)
    hub: Hub | None = None

    def the_hub() -> Hub:
        nonlocal hub
        if hub is None:
            hub = Hub(folder, settings.interval)
        return hub

    async def in_thread(fn: object, *args: object) -> Reply:
        return await offload(fn, *args)  # type: ignore[arg-type]

    writing = AsyncLocks()

    def game_lock(name: str) -> contextlib.AbstractAsyncContextManager[None]:
        """One write at a time per game, waited for in the event loop: a
        request queued behind another on the same game holds no worker
        thread, so writes to other games go on (the engine's file lock still
        orders the server against CLI processes). Only valid names get a
        lock, freed when no request holds or waits for it; a wait over 5 s is
        503 (:class:`~referee.core.errors.Busy`)."""
        return writing.hold(check_name(name))

    async def body_of(request: Request) -> dict[str, object]:
        if not is_json(request.headers.get("content-type")):
            raise BodyError(
                415, "unsupported-media-type", "send JSON (Content-Type: application/json)"
            )
        return await read_json(request.stream)

    def bad(exc: BodyError) -> Response:
        return respond(error(exc.status, exc.kind, exc.message))

    # ------------------------------------------------------------- API

    async def list_games(request: Request) -> Response:
        return respond(await in_thread(api.list_games))

    async def create_game(request: Request) -> Response:
        try:
            body = await body_of(request)
        except BodyError as exc:
            return bad(exc)
        name = body.get("name")
        if not isinstance(name, str):
            return respond(await in_thread(api.create, body))  # its error, naming the field
        # Phones capitalise the first letter: "Friday" is the game friday.
        name = name.strip().lower() if len(name) <= 200 else name
        body = {**body, "name": name}
        try:
            async with game_lock(name):
                reply = await in_thread(api.create, body)
        except BadName as exc:
            return respond(error(400, "input", exc.at("name").message))
        except RefereeError as exc:  # Busy
            return respond(failed(exc))
        if hub is not None:
            hub.poke(name)
        return respond(reply)

    async def show_game(request: Request) -> Response:
        return respond(await in_thread(api.show, request.path_params["name"]))

    async def write(request: Request, work: Callable[[str, dict[str, Any]], Reply]) -> Response:
        """A write to the game the path names: its name and JSON body checked,
        then ``work(name, body)`` under the game's lock; the live pages poked."""
        name = request.path_params["name"]
        try:
            check_name(name)
            body = await body_of(request)
        except BadName as exc:
            return respond(error(400, "input", exc.message))
        except BodyError as exc:
            return bad(exc)
        try:
            async with game_lock(name):
                reply = await in_thread(work, name, body)
        except RefereeError as exc:  # Busy
            return respond(failed(exc))
        if hub is not None:
            hub.poke(name)
        return respond(reply)

    async def act(request: Request) -> Response:
        return await write(request, api.act)

    async def game_file(request: Request) -> Response:
        return respond(await in_thread(api.file, request.path_params["name"]))

    async def open_file(request: Request) -> Response:
        return await write(request, api.open_file)

    async def steps(request: Request) -> Response:
        return respond(await in_thread(api.steps, request.path_params["name"]))

    async def events(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            check_name(name)
        except BadName as exc:
            return respond(error(400, "input", exc.message))
        if folder.signature(name) is None:
            return respond(error(404, "not-found", f"no game named {name!r}"))
        last = request.headers.get("last-event-id", "")
        last_id = int(last) if last.isdigit() and len(last) < 12 else None
        stream = the_hub().stream(name, last_id)
        return StreamingResponse(
            stream,
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def timer(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            check_name(name)
            body = await body_of(request)
        except BadName as exc:
            return respond(error(400, "input", exc.message))
        except BodyError as exc:
            return bad(exc)
        if folder.signature(name) is None:
            return respond(error(404, "not-found", f"no game named {name!r}"))
        event = body.get("event")
        if event not in TIMER_EVENTS or set(body) - {"event"}:
            return respond(
                error(400, "input", f"event: one of {', '.join(TIMER_EVENTS)} (and no other field)")
            )
        return JSONResponse(
            the_hub().timer(name, str(event)), headers={"Cache-Control": "no-store"}
        )

    async def timer_state(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            check_name(name)
        except BadName as exc:
            return respond(error(400, "input", exc.message))
        return JSONResponse(the_hub().timer_state(name), headers={"Cache-Control": "no-store"})

    async def question(request: Request) -> Response:
        try:
            body = await body_of(request)
        except BodyError as exc:
            return bad(exc)
        return respond(await in_thread(api.ask, request.path_params["route"], body))

    async def game_board(request: Request) -> Response:
        return respond(await in_thread(api.board_svg, request.path_params["name"]))

    async def code_board(request: Request) -> Response:
        code = request.query_params.get("code", "")
        if not code or len(code) > 80:
            return respond(error(400, "input", "code: give a setup code (BS1-...)"))
        return respond(await in_thread(api.board_svg, None, code))

    async def explanations(request: Request) -> Response:
        from referee.serve.api import explanations as words

        return JSONResponse(words())

    async def not_found(request: Request) -> Response:
        return respond(error(404, "not-found", f"no route {request.url.path}"))

    # ----------------------------------------------------------- pages

    async def home(request: Request) -> Response:
        return pages.home(await in_thread(api.list_games), request)

    async def game_page(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            check_name(name)
        except BadName:
            return pages.missing(request, "That is not a game name.")
        try:
            kind = await offload(folder.kind, name)
        except NotFound:
            return pages.missing(request, f"There is no game named {name!r} here.")
        except RefereeError as exc:  # a corrupt file: what its reader said
            return pages.missing(request, f"The game file cannot be read: {exc.message}", 400)
        shown = await in_thread(api.show, name)
        board = await in_thread(api.board_svg, name) if kind == "blindspot" else None
        return pages.game(request, name, kind, shown, board)

    async def check_page(request: Request) -> Response:
        return pages.check(request)

    async def spotit_page(request: Request) -> Response:
        return pages.spotit(request)

    async def static(request: Request) -> Response:
        return pages.static(request.path_params["file"])

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        os.makedirs(settings.dir, exist_ok=True)
        workers = int(os.environ.get("REFEREE_SERVE_WORKERS", "0") or 0)
        if workers:
            from concurrent.futures import ThreadPoolExecutor

            asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(workers))
        try:
            yield
        finally:
            if hub is not None:
                await hub.stop()

    routes = [
        Route("/", home),
        Route("/games/{name}", game_page),
        Route("/check", check_page),
        Route("/spotit", spotit_page),
        Route("/static/{file}", static),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/games/{name}", show_game, methods=["GET"]),
        Route("/api/games/{name}/actions", act, methods=["POST"]),
        Route("/api/games/{name}/steps", steps, methods=["GET"]),
        Route("/api/games/{name}/file", game_file, methods=["GET"]),
        Route("/api/games/{name}/file", open_file, methods=["POST"]),
        Route("/api/games/{name}/events", events, methods=["GET"]),
        Route("/api/games/{name}/board.svg", game_board, methods=["GET"]),
        Route("/api/games/{name}/timer", timer_state, methods=["GET"]),
        Route("/api/games/{name}/timer", timer, methods=["POST"]),
        Route("/api/board.svg", code_board, methods=["GET"]),
        Route("/api/explanations", explanations, methods=["GET"]),
        *table.routes(folder),  # the table's catalogs and words (referee.serve.table)
        *review.routes(folder),  # a game's review and card, the folder's stats
        Route("/api/{route:path}", question, methods=["POST"]),
        Route("/api/{route:path}", not_found, methods=["GET"]),
    ]

    async def http_error(request: Request, exc: Exception) -> Response:
        status = int(getattr(exc, "status_code", 500))
        kind = {404: "not-found", 405: "method-not-allowed"}.get(status, "input")
        message = {404: "no such page", 405: "method not allowed"}.get(status, "bad request")
        if request.url.path.startswith("/api/"):
            return respond(error(status, kind, message))
        return pages.missing(request, message, status)

    from starlette.exceptions import HTTPException

    def stopping() -> None:
        """The server was asked to stop: end the event streams, so that the
        open pages do not hold up a quiet exit."""
        if hub is not None:
            hub.close_streams()

    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: http_error},
    )
    app.state.folder, app.state.writing = folder, writing  # for tests: what is kept
    guard = Guard(app, token=settings.token, lan=settings.lan)
    guard.stopping = stopping
    return guard
