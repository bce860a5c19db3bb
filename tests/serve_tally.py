"""A game service of a toy game on the real engine (a tally players add to in
turn), for the server's tests: ``GAME``, ``NEW``, ``SHOW``, ``STEPS``
(``add``, ``undo`` and ``crash``, a bug), ``QUESTIONS`` and ``game_doc``, as
every game's service module has them (:mod:`referee.service`).

The API must need no change for such a game: tests/test_serve_api.py puts
this module in the registry and plays it through HTTP.
"""

from __future__ import annotations

from typing import Any

from engine_toy import TALLY, Add, Setup
from referee import engine
from referee import service as sv
from referee.core.errors import InputError
from referee.service import Report

GAME = TALLY


def game_doc(current: Any) -> dict[str, Any]:
    doc = current.state.to_dict()
    return {"version": current.version, "players": list(current.log.setup.players), **doc}


def _report(current: Any, refusal: engine.Refusal | None = None) -> Report:
    doc = {"valid": refusal is None, "reason": refusal.reason if refusal else None}
    return Report({**doc, **game_doc(current)}, refusal is None, current.version, None, current)


def new(path: str, *, players: list[str], force: bool = False) -> Report:
    if len(players) < 2:
        raise InputError("give at least two players", place="players")
    return _report(engine.create(TALLY, path, Setup(tuple(players)), force=force))


def show(path: str) -> Report:
    current = engine.load(TALLY, path)
    return Report(game_doc(current), True, current.version, None, current)


def add(
    path: str, *, points: int, player: str | None = None, expect_version: int | None = None
) -> Report:
    def decide(current: Any) -> engine.Decision[Add, engine.Refusal | None]:
        action = Add("add", player or current.state.turn, points)
        verdict = TALLY.step(current.log.setup, current.state, action)
        if isinstance(verdict, engine.Refusal):
            return engine.Decision(None, verdict)
        return engine.Decision(action, None)

    acted = engine.act(TALLY, path, decide, expect_version=expect_version)
    return _report(acted.game, acted.result)


def undo(path: str, *, expect_version: int | None = None) -> Report:
    acted = engine.undo(TALLY, path, expect_version=expect_version)
    refusal = acted.result if isinstance(acted.result, engine.Refusal) else None
    return _report(acted.game, refusal)


def crash(path: str) -> Report:
    """A bug: the server must answer 500 without its details."""
    raise ZeroDivisionError("secret detail")


EXPECT = sv.Param("expect_version", sv.whole(0, 10**9))

NEW = sv.Step(
    "new",
    new,
    (
        sv.Param("players", sv.names(8), required=True, kind="list"),
        sv.Param("force", sv.flag, kind="flag"),
    ),
)
SHOW = sv.Step("show", show)
STEPS: dict[str, sv.Step] = {
    "add": sv.Step(
        "add",
        add,
        (sv.Param("points", sv.whole(0, 99), required=True), sv.Param("player", sv.text()), EXPECT),
    ),
    "undo": sv.Step("undo", undo, (EXPECT,)),
    "crash": sv.Step("crash", crash),
}
QUESTIONS: dict[str, sv.Step] = {}
