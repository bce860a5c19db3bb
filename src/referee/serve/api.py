"""The JSON API's work: every answer is a ``referee`` command's own output.

Functions here are synchronous (they run CLI commands in-process) and are
called from worker threads by :mod:`referee.serve.app`. Exit codes map to HTTP
statuses in one place (:func:`status_of`): 0 -> 200, 1 -> 422 (the referee
says no; 200 for questions such as ``check-word``), 2 -> 400, except an error
of kind ``conflict`` or ``exists`` -> 409; a crashed command -> 500 without
details.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.serve import compat
from referee.serve.commands import BadRequest, Scratch, build, describe, resolve, subcommands
from referee.serve.games import BadName, Folder, Signature, check_name
from referee.serve.runner import Captured, Runner

JSON = "application/json"

QUESTIONS: dict[str, tuple[str, ...]] = {
    "check-word": ("check-word",),
    "words": ("words",),
    "score-claim": ("score-claim",),
    "score-frame": ("score-frame",),
    "take": ("take",),
    "setup/generate": ("setup", "generate"),
    "setup/verify": ("setup", "verify"),
    "setup/code": ("setup", "code"),
    "setup/show": ("setup", "show"),
    "spotit/verify": ("spotit", "verify"),
    "spotit/match": ("spotit", "match"),
    "spotit/generate": ("spotit", "generate"),
    "spotit/result": ("spotit", "result"),
    "spotit/deal": ("spotit", "deal"),
}
"""``POST /api/<route>``: commands that answer a question and write nothing.
A "no" (exit 1) is still 200: the JSON's ``valid`` says it."""

SERVER_FIELDS = ("action", "expect_version")


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


def _error_kind(text: str) -> str | None:
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    if isinstance(doc, dict) and isinstance(doc.get("error"), dict):
        kind = doc["error"].get("kind")
        return kind if isinstance(kind, str) else "input"
    return None


def status_of(c: Captured, *, question: bool = False) -> Reply:
    """The HTTP answer for a command's exit code and output."""
    if c.code == 0:
        return Reply(200, c.out)
    if c.code == 1:
        return Reply(200 if question else 422, c.out)
    if c.code == 2:
        lines = c.out.splitlines()
        last = lines[-1] if lines else ""
        kind = _error_kind(last)
        if kind is None:  # an error the JSON mapping had not seen (a usage error)
            return error(400, "input", c.error_line() or "the command refused its input")
        return Reply(409 if kind in ("conflict", "exists") else 400, last + "\n")
    return error(500, "internal", "the referee failed on this request (see the server's log)")


def _bad(exc: Exception) -> Reply:
    message = exc.message if isinstance(exc, (BadRequest, BadName)) else str(exc)
    return error(400, "input", message)


class Api:
    """The API's operations on one games folder."""

    def __init__(self, folder: Folder, runner: Runner) -> None:
        self.folder = folder
        self.runner = runner
        self._shows: dict[str, tuple[Signature, str]] = {}
        self._svgs: dict[tuple[tuple[str, ...], str | None], str] = {}
        self._guard = threading.Lock()

    # ----------------------------------------------------------- helpers

    def _run(self, argv: list[str], scratch: Scratch | None = None) -> Captured:
        c = self.runner.run(argv)
        if scratch is not None and scratch.names:
            c = Captured(c.code, scratch.tidy(c.out), scratch.tidy(c.err))
        return c

    def _version_headers(self, name: str) -> dict[str, str]:
        version = self.folder.version(name)
        return {} if version is None else {"X-Referee-Version": str(version)}

    def _code_to_layout(self, name: str, code: str, scratch: Scratch) -> str:
        """A setup code as a layout file, rebuilt by ``setup generate --code``."""
        if not code.strip().upper().startswith("BS"):
            raise BadRequest(
                f"{name}: give a setup code (BS1-...) or the layout as a JSON object; "
                "file names are not accepted from the web"
            )
        path = scratch.path(name)
        c = self._run(
            ["setup", "generate", f"--code={code}", f"--output={path}", "--json"], scratch
        )
        if c.code != 0:
            raise BadRequest(f"{name}: {c.error_line() or 'not a setup code'}")
        return path

    def codes(self) -> dict[str, Any]:
        return {"layout": self._code_to_layout}

    # ------------------------------------------------------------- games

    def show_text(self, name: str) -> tuple[Captured, Signature | None]:
        """``referee GAME game show FILE --json`` (cached while the file is unchanged)."""
        sig = self.folder.signature(name)
        cached = self._shows.get(name)
        if sig is not None and cached is not None and cached[0] == sig:
            return Captured(0, cached[1], ""), sig
        info = self.folder.info(name)
        if info is None:
            return Captured(2, "", ""), None
        c = self._run([info.game, "game", "show", "--json", "--", self.folder.path(name)])
        if c.code == 0 and sig is not None and self.folder.signature(name) == sig:
            self._shows[name] = (sig, c.out)
        return c, sig

    def show(self, name: str) -> Reply:
        try:
            check_name(name)
        except BadName as exc:
            return _bad(exc)
        if self.folder.info(name) is None:
            return error(404, "not-found", f"no game named {name!r}")
        c, _ = self.show_text(name)
        reply = status_of(c)
        reply.headers.update(self._version_headers(name))
        return reply

    def summary(self, name: str) -> dict[str, Any] | None:
        info = self.folder.info(name)
        if info is None:
            return None
        c, _ = self.show_text(name)
        try:
            doc = json.loads(c.out) if c.code == 0 else {}
        except ValueError:
            doc = {}
        return {
            "name": name,
            "game": info.game,
            "players": list(info.players),
            "version": info.version,
            "over": compat.over(doc) if isinstance(doc, dict) else False,
            "turn": compat.turn(doc) if isinstance(doc, dict) else None,
        }

    def list_games(self) -> Reply:
        rows = [s for s in (self.summary(n) for n in self.folder.names()) if s is not None]
        return Reply(200, json.dumps(rows, ensure_ascii=False) + "\n")

    def create(self, body: Mapping[str, Any]) -> Reply:
        body = dict(body)
        name, game = body.pop("name", None), body.pop("game", None)
        if not isinstance(name, str):
            return error(400, "input", "name: give the game's name (a-z, 0-9, '-')")
        if game not in compat.GAMES:
            return error(400, "input", f"game: one of {', '.join(compat.GAMES)}")
        try:
            path = self.folder.path(name)
        except BadName as exc:
            return _bad(exc)
        cmd = resolve([game, "game", "new"])
        if cmd is None:
            return error(400, "input", f"{game}: no 'new' command")
        with self.folder.lock(name):
            if self.folder.exists(name):
                return error(409, "exists", f"{path}: a game of that name exists already")
            try:
                os.makedirs(self.folder.dir, exist_ok=True)
                with Scratch() as scratch:
                    argv = build(
                        [game, "game", "new"],
                        cmd,
                        body,
                        scratch,
                        fixed={"output": path},
                        extra=["--json"],
                        codes=self.codes(),
                    )
                    c = self._run(argv, scratch)
            except (BadRequest, BadName) as exc:
                return _bad(exc)
            if c.code != 0:
                return status_of(c)
            shown, _ = self.show_text(name)
        reply = status_of(shown)
        if reply.status == 200:
            reply.status = 201
        reply.headers.update(self._version_headers(name))
        reply.headers["Location"] = f"/api/games/{name}"
        return reply

    def steps(self, name: str) -> Reply:
        """The steps of a game and their fields (introspected)."""
        try:
            check_name(name)
        except BadName as exc:
            return _bad(exc)
        info = self.folder.info(name)
        if info is None:
            return error(404, "not-found", f"no game named {name!r}")
        out: dict[str, Any] = {}
        for step in subcommands([info.game, "game"]):
            cmd = resolve([info.game, "game", step])
            if cmd is None or step in ("new", "show"):
                continue
            first = next((p.name for p in cmd.params if p.__class__.__name__ == "Argument"), None)
            out[step] = describe(cmd, skip=[first] if first else [])
        doc = {"game": info.game, "steps": out, "aliases": _aliases(info.game)}
        return Reply(200, json.dumps(doc) + "\n")

    def act(self, name: str, body: Mapping[str, Any]) -> Reply:
        """One step of a game (``play``, ``claim``, ``undo``...)."""
        try:
            path = self.folder.path(name)
        except BadName as exc:
            return _bad(exc)
        info = self.folder.info(name)
        if info is None:
            return error(404, "not-found", f"no game named {name!r}")
        step = body.get("action")
        steps = [s for s in subcommands([info.game, "game"]) if s not in ("new", "show")]
        if not isinstance(step, str) or step not in steps:
            return error(
                400,
                "input",
                f"action: {step!r} is not a step of {info.game} (steps: {', '.join(steps)})",
            )
        expect = body.get("expect_version")
        if expect is not None and (
            isinstance(expect, bool) or not isinstance(expect, int) or not 0 <= expect <= 10**9
        ):
            return error(400, "input", "expect_version: expected a whole number (a version)")
        cmd = resolve([info.game, "game", step])
        assert cmd is not None
        fields = {k: v for k, v in body.items() if k not in SERVER_FIELDS}
        game_arg = next(p.name for p in cmd.params if p.__class__.__name__ == "Argument")
        has_expect = any("--expect-version" in p.opts for p in cmd.params)
        extra = ["--json"]
        if expect is not None and has_expect:
            extra.append(f"--expect-version={expect}")
        with self.folder.lock(name):
            if expect is not None and not has_expect:
                # today's commands without --expect-version: checked here, under
                # the server's lock of this game (see compat)
                current = self.folder.version(name)
                if current != expect:
                    reply = error(
                        409, "conflict", f"game changed: version is {current}, expected {expect}"
                    )
                    reply.headers.update(self._version_headers(name))
                    return reply
            try:
                with Scratch() as scratch:
                    argv = build(
                        [info.game, "game", step],
                        cmd,
                        fields,
                        scratch,
                        fixed={str(game_arg): path},
                        extra=extra,
                        aliases=_aliases(info.game, step),
                        codes=self.codes(),
                    )
                    c = self._run(argv, scratch)
            except BadRequest as exc:
                return _bad(exc)
            reply = status_of(c)
            version = _version_of(c.out) if c.code in (0, 1) else None
            if version is not None:  # the step's own report: no need to read the file again
                reply.headers["X-Referee-Version"] = str(version)
            else:
                reply.headers.update(self._version_headers(name))
        return reply

    # --------------------------------------------------------- questions

    def ask(self, route: str, body: Mapping[str, Any]) -> Reply:
        path = QUESTIONS.get(route)
        cmd = resolve(path) if path else None
        if path is None or cmd is None:
            return error(404, "not-found", f"no question /api/{route}")
        try:
            with Scratch() as scratch:
                argv = build(path, cmd, body, scratch, extra=["--json"], codes=self.codes())
                c = self._run(argv, scratch)
        except BadRequest as exc:
            return _bad(exc)
        return status_of(c, question=True)

    # ----------------------------------------------------------- pictures

    def board_svg(self, name: str | None = None, code: str | None = None) -> Reply:
        """The Blind Spot board as ``referee setup show -o board.svg`` draws it: of a
        game (its letters and setup code), or of a setup code."""
        letters: list[str] = []
        if name is not None:
            try:
                check_name(name)
            except BadName as exc:
                return _bad(exc)
            info = self.folder.info(name)
            if info is None or info.game != "blindspot":
                return error(404, "not-found", f"no Blind Spot game named {name!r}")
            letters, code = compat.layout_of(info.data)
        key = (tuple(letters), code)
        cached = self._svgs.get(key)
        if cached is not None:
            return Reply(200, cached, media_type="image/svg+xml")
        try:
            with Scratch() as scratch:
                if code is not None:
                    layout = self._code_to_layout("code", code, scratch)
                elif letters:
                    layout = scratch.write("layout", json.dumps({"letters": letters}) + "\n")
                else:
                    return error(400, "input", "code: give a setup code (BS1-...)")
                out = scratch.path("board")[: -len(".yaml")] + ".svg"
                c = self._run(["setup", "show", f"--output={out}", "--json", "--", layout])
                if c.code != 0:
                    return status_of(c)
                with open(out, encoding="utf-8") as f:
                    svg = f.read()
        except BadRequest as exc:
            return _bad(exc)
        with self._guard:
            if len(self._svgs) > 256:
                self._svgs.clear()
            self._svgs[key] = svg
        return Reply(200, svg, media_type="image/svg+xml")


def _version_of(out: str) -> int | None:
    """The ``version`` a step's JSON reports (``None`` if it has none)."""
    try:
        doc = json.loads(out)
    except ValueError:
        return None
    version = doc.get("version") if isinstance(doc, dict) else None
    return version if isinstance(version, int) and not isinstance(version, bool) else None


def _aliases(game: str, step: str | None = None) -> dict[str, str]:
    if step is not None:
        return dict(compat.FIELD_ALIASES.get((game, step), {}))
    merged: dict[str, str] = {}
    for (g, _), table in compat.FIELD_ALIASES.items():
        if g == game:
            merged.update(table)
    return merged
