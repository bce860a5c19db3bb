"""The JSON API's work: every answer is a game service's own report.

Functions here are synchronous (a step waits on the engine's file lock and
writes with ``fsync``) and are called from worker threads by
:mod:`referee.serve.app`. Each route calls the registry of
:mod:`referee.service`: ``service(game)`` for a game's ``NEW``, ``SHOW`` and
``STEPS``, ``question(route)`` for ``POST /api/<route>``. A request's body is
converted by the step's own fields (:meth:`~referee.service.Step.call` with
``files=False``: files arrive as JSON values, never as names). Statuses come
from one place (:func:`answer`, :func:`failed`): a report ->
:func:`referee.service.http_status` (200, or 422 for a refused step; a
question's "no" is 200); a :class:`~referee.core.errors.RefereeError` -> its
``http_status`` and :func:`referee.service.error_doc`; anything else -> 500
without details (the traceback goes to the server's log).
"""

from __future__ import annotations

import errno
import json
import os
import sys
import threading
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee import service as sv
from referee.core.errors import (
    Busy,
    ConflictError,
    InputError,
    NotFound,
    OutputExists,
    RefereeError,
    show,
)
from referee.serve.games import Folder, check_name

JSON = "application/json"
YAML = "application/yaml"

NEVER = frozenset({"force", "output", "next", "svg", "batch", "json"})
"""Fields the web never sets: overwriting, files to write, the CLI's modes."""

SERVER_FIELDS = ("action", "expect_version")
"""Fields of ``POST /api/games/NAME/actions`` the server reads itself."""

INTERNAL = "the referee failed on this request (see the server's log)"


@dataclass
class Reply:
    """An HTTP answer: status, body text and extra headers."""

    status: int
    body: str
    headers: dict[str, str] = field(default_factory=dict)
    media_type: str = JSON


def error(status: int, kind: str, message: str) -> Reply:
    doc = {"error": {"kind": kind, "message": " ".join(message.split())}}
    return Reply(status, json.dumps(doc, ensure_ascii=False) + "\n")


RETRY_AFTER = "1"
"""Seconds a client is asked to wait before it tries a busy game again (503)."""

FULL = (errno.ENOSPC, errno.EDQUOT)

STORAGE_FULL = (
    "the server's disk is full: nothing was written "
    "(free some space on the machine that runs referee serve, then try again)"
)


def failed(exc: RefereeError) -> Reply:
    """The answer for input the referee cannot use: its status and error
    document (503: with ``Retry-After``). A write that failed on a full disk
    (the engine's "cannot write" error, caused by ``ENOSPC``) is 507."""
    cause = exc.__cause__ or exc.__context__
    if isinstance(cause, OSError) and cause.errno in FULL:
        return storage_full()
    reply = Reply(exc.http_status, json.dumps(sv.error_doc(exc), ensure_ascii=False) + "\n")
    if exc.http_status == 503:
        reply.headers["Retry-After"] = RETRY_AFTER
    return reply


def storage_full() -> Reply:
    """507 Insufficient Storage: the disk (or quota) is full; nothing was written."""
    return error(507, "internal", STORAGE_FULL)


def answer(report: sv.Report, *, question: bool = False) -> Reply:
    """The answer for a report: its document, and its version as a header."""
    reply = Reply(sv.http_status(report, question=question), report.json() + "\n")
    if report.version is not None:
        reply.headers["X-Referee-Version"] = str(report.version)
    return reply


def guarded(work: Callable[[], Reply]) -> Reply:
    """Run one request's work: a :class:`RefereeError` is its answer; any
    other exception is a bug, logged to the server's stderr and answered 500
    without its details."""
    try:
        return work()
    except RefereeError as exc:
        return failed(exc)
    except OSError as exc:  # the machine, not the request: one line in the log
        if exc.errno in FULL:
            print(f"referee serve: {exc}", file=sys.stderr, flush=True)
            return storage_full()
        if exc.errno in (errno.EMFILE, errno.ENFILE):
            print(f"referee serve: {exc}", file=sys.stderr, flush=True)
            return failed(Busy("the server has too many files open; try again"))
        traceback.print_exc()
        return error(500, "internal", INTERNAL)
    except Exception:
        traceback.print_exc()
        return error(500, "internal", INTERNAL)


def web_fields(step: sv.Step, given: Mapping[str, Any], *, skip: tuple[str, ...] = ()) -> None:
    """Refuse a field the web may not set (or that the step does not have),
    listing the ones it may."""
    allowed = [p.name for p in step.params if p.name not in NEVER and p.name not in skip]
    for key in given:
        if key not in allowed:
            listed = ", ".join(sorted(allowed)) or "none"
            raise InputError(f"unknown field {show(key)} (fields: {listed})")


def describe(step: sv.Step, *, skip: tuple[str, ...] = ("expect_version",)) -> list[dict[str, Any]]:
    """A step's fields as the web gives them (for the pages and scripts)."""
    return [p.describe() for p in step.params if p.name not in NEVER and p.name not in skip]


def question_key(route: str) -> str | None:
    """The registry's name of ``POST /api/<route>`` (``setup/generate`` ->
    ``setup generate``), or ``None``."""
    key = route.replace("/", " ")
    return key if key in sv.QUESTIONS and key.replace(" ", "/") == route else None


def routes() -> list[str]:
    """Every question's route (``check-word``, ``setup/generate``...)."""
    return [key.replace(" ", "/") for key in sv.QUESTIONS]


EXPLANATION_TABLES: tuple[tuple[str, str], ...] = (
    ("referee.blindspot.render", "EXPLANATIONS"),
    ("referee.blindspot.render", "GAME_EXPLANATIONS"),
    ("referee.wordblock.rules", "EXPLANATIONS"),
    ("referee.wordblock.rules", "PLACE_EXPLANATIONS"),
    ("referee.wordblock.rules", "MOVE_EXPLANATIONS"),
)
"""Where the games keep their reasons in words; a game's service may add its
own (``EXPLANATIONS``)."""


def explanations() -> dict[str, str]:
    """Every reason the referee gives, in words (for the pages)."""
    import importlib

    out: dict[str, str] = {}
    places = [*EXPLANATION_TABLES, *((module, "EXPLANATIONS") for module in sv.GAMES.values())]
    for module, name in places:
        try:
            table = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
        out.update({str(k): str(v) for k, v in table.items() if str(k) not in out})
    return out


def board_svg(layout: Any) -> str:
    """The board as ``referee setup show -o board.svg`` draws it (the service's picture)."""
    from referee.blindspot.service import board_svg as draw

    return draw(layout)


class Api:
    """The API's operations on one games folder."""

    def __init__(self, folder: Folder) -> None:
        self.folder = folder
        self._svgs: dict[tuple[tuple[str, ...], str | None], str] = {}
        self._guard = threading.Lock()

    # ------------------------------------------------------------- games

    def show(self, name: str) -> Reply:
        """``GET /api/games/NAME``: ``show --json`` of the game."""

        def work() -> Reply:
            check_name(name)
            shown = self.folder.show(name)
            return Reply(200, shown.text, {"X-Referee-Version": str(shown.version)})

        return guarded(work)

    def list_games(self) -> Reply:
        return guarded(
            lambda: Reply(200, json.dumps(self.folder.summaries(), ensure_ascii=False) + "\n")
        )

    def create(self, body: Mapping[str, Any]) -> Reply:
        """``POST /api/games``: the game's ``NEW`` step, then its ``show``."""

        def work() -> Reply:
            fields = dict(body)
            name, game = fields.pop("name", None), fields.pop("game", None)
            if not isinstance(name, str):
                raise InputError("give the game's name (a-z, 0-9, '-')", place="name")
            if not isinstance(game, str) or game not in sv.GAMES:
                raise InputError(f"one of {', '.join(sv.GAMES)}", place="game")
            path = self.folder.path(name)
            module = sv.service(game)
            web_fields(module.NEW, fields)
            with self.folder.lock(name):
                if self.folder.exists(name):
                    raise OutputExists(f"{path}: a game of that name exists already")
                os.makedirs(self.folder.dir, exist_ok=True)
                report = module.NEW.call(fields, files=False, path=path)
                if not report.valid:
                    return answer(report)
                self.folder.remember(name, game, report)
            text = json.dumps(module.game_doc(report.game), ensure_ascii=False) + "\n"
            reply = Reply(201, text, {"X-Referee-Version": str(report.version)})
            reply.headers["Location"] = f"/api/games/{name}"
            return reply

        return guarded(work)

    def file(self, name: str) -> Reply:
        """``GET /api/games/NAME/file``: the game file itself, byte for byte
        (the YAML the CLI reads and writes), to download."""

        def work() -> Reply:
            check_name(name)
            shown = self.folder.show(name)  # a game (a corrupt file is its error)
            data = self.folder.read(name)
            if data is None:
                raise NotFound(f"no game named {name!r}")
            headers = {
                "Content-Disposition": f'attachment; filename="{name}.yaml"',
                "X-Referee-Version": str(shown.version),
            }
            return Reply(200, data.decode("utf-8"), headers, media_type=YAML)

        return guarded(work)

    def open_file(self, name: str, body: Mapping[str, Any]) -> Reply:
        """``POST /api/games/NAME/file`` with ``{"text": FILE}``: a game file
        (downloaded, or written by the CLI) becomes the game NAME; 409 if
        there is one. Answered like ``POST /api/games``: the game's ``show``."""

        def work() -> Reply:
            check_name(name)
            unknown = sorted(set(body) - {"text"})
            if unknown:
                raise InputError(f"unknown field {show(unknown[0])} (fields: text)")
            text = body.get("text")
            if not isinstance(text, str) or not text.strip():
                raise InputError("give the game file's text", place="text")
            data = text.encode("utf-8")
            with self.folder.lock(name):
                if self.folder.exists(name):
                    path = self.folder.path(name)
                    raise OutputExists(f"{path}: a game of that name exists already")
                shown = self.folder.open_file(name, data)  # a file no game: its reader's error
            reply = Reply(201, shown.text, {"X-Referee-Version": str(shown.version)})
            reply.headers["Location"] = f"/api/games/{name}"
            return reply

        return guarded(work)

    def steps(self, name: str) -> Reply:
        """``GET /api/games/NAME/steps``: the game's steps and their fields."""

        def work() -> Reply:
            check_name(name)
            game = self.folder.kind(name)
            module = sv.service(game)
            out = {step: describe(s) for step, s in module.STEPS.items()}
            doc = {"game": game, "steps": out, "aliases": {}}
            return Reply(200, json.dumps(doc) + "\n")

        return guarded(work)

    def act(self, name: str, body: Mapping[str, Any]) -> Reply:
        """``POST /api/games/NAME/actions``: one step of a game (``play``,
        ``claim``, ``undo``...)."""

        def work() -> Reply:
            check_name(name)
            path = self.folder.path(name)
            game = self.folder.kind(name)
            module = sv.service(game)
            steps: Mapping[str, sv.Step] = module.STEPS
            action = body.get("action")
            if not isinstance(action, str) or action not in steps:
                raise InputError(
                    f"{show(action)} is not a step of {game} (steps: {', '.join(steps)})",
                    place="action",
                )
            step = steps[action]
            expect = body.get("expect_version")
            if expect is not None and (
                isinstance(expect, bool) or not isinstance(expect, int) or not 0 <= expect <= 10**9
            ):
                raise InputError("expected a whole number (a version)", place="expect_version")
            fields = {k: v for k, v in body.items() if k not in SERVER_FIELDS}
            web_fields(step, fields, skip=("expect_version",))
            has_expect = "expect_version" in step.fields()
            fixed: dict[str, Any] = {"path": path}
            if expect is not None and has_expect:
                fixed["expect_version"] = expect
            with self.folder.lock(name):
                if expect is not None and not has_expect:
                    # a step that records nothing: checked here, under the server's lock
                    current = self.folder.show(name).version
                    if current != expect:
                        raise ConflictError(
                            f"game changed: version is {current}, expected {expect}"
                        )
                report = step.call(fields, files=False, **fixed)
                self.folder.remember(name, game, report)
            return answer(report)

        reply = guarded(work)
        if "X-Referee-Version" not in reply.headers and reply.status != 500 and _is_name(name):
            version = self.folder.version(name)  # an error: the game as it is
            if version is not None:
                reply.headers["X-Referee-Version"] = str(version)
        return reply

    # --------------------------------------------------------- questions

    def ask(self, route: str, body: Mapping[str, Any]) -> Reply:
        """``POST /api/<route>``: a question (``check-word``, ``setup/generate``...)."""

        def work() -> Reply:
            key = question_key(route)
            if key is None:
                raise NotFound(f"no question /api/{route}")
            step = sv.question(key)
            web_fields(step, body)
            return answer(step.call(body, files=False), question=True)

        return guarded(work)

    # ----------------------------------------------------------- pictures

    def board_svg(self, name: str | None = None, code: str | None = None) -> Reply:
        """The Blind Spot board as ``referee setup show -o board.svg`` draws it: of a
        game (its layout), or of a setup code."""

        def work() -> Reply:
            from referee.blindspot.formats import LayoutFile
            from referee.blindspot.service import layout_from_code

            if name is not None:
                check_name(name)
                try:
                    shown = self.folder.show(name)
                except NotFound:
                    shown = None
                if shown is None or shown.game != "blindspot":
                    raise NotFound(f"no Blind Spot game named {name!r}")
                setup = shown.current.log.setup
                key = (tuple(setup.board.rows), setup.layout_code)
                cached = self._svgs.get(key)
                if cached is None:
                    layout = (
                        layout_from_code(setup.layout_code)
                        if setup.layout_code
                        else LayoutFile(setup.board)
                    )
                    cached = self._keep(key, board_svg(layout))
            else:
                if not code or not code.strip():
                    raise InputError("give a setup code (BS1-...)", place="code")
                key = ((), code)
                cached = self._svgs.get(key)
                if cached is None:
                    try:
                        layout = layout_from_code(code)
                    except InputError as exc:
                        raise exc.at("code") from None
                    cached = self._keep(key, board_svg(layout))
            return Reply(200, cached, media_type="image/svg+xml")

        return guarded(work)

    def _keep(self, key: tuple[tuple[str, ...], str | None], svg: str) -> str:
        with self._guard:
            if len(self._svgs) > 256:
                self._svgs.clear()
            self._svgs[key] = svg
        return svg


def _is_name(name: str) -> bool:
    try:
        check_name(name)
    except InputError:
        return False
    return True
