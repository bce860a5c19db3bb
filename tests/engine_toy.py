"""A toy game for the engine's own tests: a tally that players add to in turn.

Small enough to read at a glance, so the engine tests are about the engine:
locking, versions, undo, strict files, atomic writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core.schema import Fields, Value
from referee.engine import Refusal


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]


@dataclass(frozen=True)
class Add:
    kind: str  # "add" or "undo"
    player: str = ""
    points: int = 0


@dataclass(frozen=True)
class State:
    totals: tuple[tuple[str, int], ...]
    turn: str

    def to_dict(self) -> dict[str, Any]:
        return {"totals": dict(self.totals), "turn": self.turn}


class Tally:
    name = "tally"
    title = "Tally"

    def read_setup(self, fields: Fields) -> Setup:
        players = tuple(v.text() for v in fields.require("players").items(at_most=8))
        return Setup(players)

    def write_setup(self, setup: Setup) -> dict[str, Any]:
        return {"players": list(setup.players)}

    def read_action(self, value: Value) -> Add:
        with value.fields() as f:
            kind = f.require("action").text(choices=["add", "undo"])
            if kind == "undo":
                return Add("undo")
            return Add("add", f.require("player").text(), f.require("points").integer(0, 99))

    def write_action(self, action: Add) -> dict[str, Any]:
        if action.kind == "undo":
            return {"action": "undo"}
        return {"action": "add", "player": action.player, "points": action.points}

    def is_undo(self, action: Add) -> bool:
        return action.kind == "undo"

    def undo(self) -> Add:
        return Add("undo")

    def start(self, setup: Setup) -> State:
        return State(tuple((p, 0) for p in setup.players), setup.players[0])

    def step(self, setup: Setup, state: State, action: Add) -> State | Refusal:
        if action.player != state.turn:
            return Refusal("not-your-turn", f"it is {state.turn}'s turn")
        totals = tuple((p, t + action.points if p == action.player else t) for p, t in state.totals)
        i = setup.players.index(action.player)
        return State(totals, setup.players[(i + 1) % len(setup.players)])

    def upgrade(self, data: dict[str, Any]) -> dict[str, Any]:
        return data


TALLY = Tally()
