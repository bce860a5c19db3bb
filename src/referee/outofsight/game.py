"""An Out of Sight game on the game log (:mod:`referee.engine`).

The setup is the players and the mode. The history is a list of actions, each
a mapping with an ``action`` key; the state is never stored but replayed from
them through :func:`step`. Today a game is kept frame by frame:

* ``{action: frame, frame: N, banks: {PLAYER: BANK, ...}, prefer: {...}}``
  records the end of a frame (the banks as a frame file gives them;
  ``prefer`` only when used);
* ``{action: undo}`` takes back the latest action still in force.

New kinds of action (the turns of a frame, with the Time Keeper and the
Doubles card) are new classes with a ``kind``, a reader and a writer in
:class:`OutOfSight`, and a branch of :func:`step`; the file keeps its shape.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from referee.core.errors import InputError, show
from referee.core.schema import Fields, Value
from referee.engine import Refusal
from referee.outofsight import formats
from referee.outofsight.rules import (
    FRAMES,
    Bank,
    FrameScore,
    Mode,
    colour_warnings,
    describe_cards,
    game_players,
    prefer_problem,
    score_frame,
)

# ----------------------------------------------------------------- the setup


@dataclass(frozen=True)
class Setup:
    """Fixed for the whole game: who plays, and the basic or the advanced game."""

    players: tuple[str, ...]
    mode: Mode

    @classmethod
    def of(cls, players: Sequence[str], mode: Mode) -> Setup:
        """2 to 12 different names (errors name the place ``players``)."""
        return cls(game_players(players), mode)


# ------------------------------------------------------------------- actions


@dataclass(frozen=True)
class FrameAction:
    """The end of a frame: each player's bank, and any preferences among
    piles of equal size."""

    kind: ClassVar[str] = "frame"
    frame: int
    banks: tuple[tuple[str, Bank], ...]
    prefer: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class Undo:
    """Take back the latest action still in force."""

    kind: ClassVar[str] = "undo"


Action: TypeAlias = FrameAction | Undo


# --------------------------------------------------------------------- state


@dataclass(frozen=True)
class Played:
    """A frame in force: the banks in the players' order, the preferences, the score."""

    banks: tuple[tuple[str, Bank], ...]
    prefer: tuple[tuple[str, tuple[str, ...]], ...]
    score: FrameScore

    @property
    def frame(self) -> int:
        return self.score.frame


@dataclass(frozen=True)
class State:
    """The game so far: the frames played (later also the frame in play)."""

    frames: tuple[Played, ...] = ()

    @property
    def next_frame(self) -> int:
        return len(self.frames) + 1

    @property
    def finished(self) -> bool:
        return len(self.frames) >= FRAMES

    def scores(self) -> tuple[FrameScore, ...]:
        return tuple(p.score for p in self.frames)

    def totals(self, setup: Setup) -> dict[str, int]:
        totals = dict.fromkeys(setup.players, 0)
        for played in self.frames:
            for p in played.score.players:
                totals[p.player] += p.points
        return totals

    def warnings(self) -> tuple[str, ...]:
        return colour_warnings(bank for played in self.frames for _, bank in played.banks)

    def result(self, setup: Setup) -> Result | None:
        """Winners after the final frame (``None`` before it).

        Most points wins; a tie goes to the higher sum of the numbers on the
        scored cards of the final frame; if still tied (or a tied player's cards
        have no numbers), all tied players win.
        """
        if not self.finished:
            return None
        totals = self.totals(setup)
        top = max(totals.values())
        tied = tuple(p for p in setup.players if totals[p] == top)
        pairs = tuple(totals.items())
        if len(tied) == 1:
            return Result(pairs, tied)
        final = self.frames[-1].score
        numbers = tuple((p, final.player(p).numbers) for p in tied)
        known = [n for _, n in numbers if n is not None]
        if len(known) < len(numbers):
            return Result(pairs, tied, tied, numbers)
        best = max(known)
        return Result(pairs, tuple(p for p, n in numbers if n == best), tied, numbers)


@dataclass(frozen=True)
class Result:
    """The end of the game: winners and how a tie on points was settled."""

    totals: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    tied: tuple[str, ...] = ()
    """Players level on points (empty when one player leads)."""
    numbers: tuple[tuple[str, int | None], ...] = ()
    """The tie-break: numbers on each tied player's scored cards in the final frame."""


# ---------------------------------------------------------------------- rules


def start(setup: Setup) -> State:
    return State()


def step(setup: Setup, state: State, action: Action) -> State | Refusal:
    """Apply one action (pure), or refuse it."""
    if isinstance(action, FrameAction):
        return play_frame(setup, state, action)
    return Refusal("not-a-step", "an undo is kept by the game log, not played")


def propose_frame(
    setup: Setup,
    state: State,
    banks: Sequence[tuple[str, Bank]],
    prefer: dict[str, tuple[str, ...]],
    *,
    frame: int | None = None,
    mode: Mode | None = None,
) -> FrameAction | Refusal:
    """The frame action for a frame file (its ``frame:`` and ``mode:``, if
    given, must be the game's), to be checked by :func:`step`."""
    if mode is not None and mode != setup.mode:
        return Refusal("wrong-mode", f"this frame is {mode}, but the game is {setup.mode}")
    return FrameAction(
        frame if frame is not None else state.next_frame,
        tuple(banks),
        tuple(prefer.items()),
    )


def play_frame(setup: Setup, state: State, action: FrameAction) -> State | Refusal:
    """The game with one more frame, if the frame fits it: every player has a
    bank, no one else does, and each bank holds the cards saved at the end of
    the previous frame."""
    if state.finished:
        return Refusal("game-over", f"the game is over: all {FRAMES} frames played")
    if action.frame != state.next_frame:
        return Refusal(
            "wrong-frame",
            f"this is frame {action.frame}, but the game is at frame {state.next_frame}",
        )
    given = dict(action.banks)
    stranger = next((name for name in given if name not in setup.players), None)
    if stranger is not None:
        return Refusal(
            "not-a-player",
            f"{show(stranger)} is not in this game (players: {', '.join(setup.players)})",
        )
    absent = next((name for name in setup.players if name not in given), None)
    if absent is not None:
        return Refusal("no-bank", f"{absent} has no bank")
    banks = tuple((name, given[name]) for name in setup.players)
    prefer = dict(action.prefer)
    problem = prefer_problem(prefer, banks)
    if problem is not None:
        return Refusal("bad-prefer", problem)
    if state.frames:
        previous = state.frames[-1].score
        for name, bank in banks:
            lacking = bank.missing(previous.player(name).saved_bank())
            if lacking:
                return Refusal(
                    "saved-cards-missing",
                    f"{name}'s bank lacks cards saved in frame {previous.frame}: "
                    f"{describe_cards(lacking)}",
                )
    score = score_frame(banks, setup.mode, action.frame, prefer)
    return State((*state.frames, Played(banks, action.prefer, score)))


# ------------------------------------------------------------ the engine's view


class OutOfSight:
    """Out of Sight as the engine sees it: the game file's setup and actions,
    and the pure step (implements :class:`referee.engine.Game`)."""

    name = formats.GAME_NAME
    title = "Out of Sight"

    def __init__(self) -> None:
        self.readers: dict[str, Callable[[Fields], Action]] = {
            FrameAction.kind: self.read_frame,
            Undo.kind: lambda fields: Undo(),
        }

    # -- the file
    def read_setup(self, fields: Fields) -> Setup:
        fields.allow("mode", "players", "history")
        fields.done()  # a misspelt key is named as unknown, not reported missing
        mode = formats.read_mode(fields.require("mode"))
        players = fields.require("players")
        names = formats.read_players(players)
        try:
            return Setup.of(names, mode)
        except InputError as exc:
            raise players.error(exc.detail) from None

    def write_setup(self, setup: Setup) -> dict[str, Any]:
        return {"mode": setup.mode, "players": list(setup.players)}

    def read_action(self, value: Value) -> Action:
        with value.fields() as fields:
            kind = fields.require("action").text(choices=list(self.readers))
            return self.readers[kind](fields)

    def read_frame(self, fields: Fields) -> FrameAction:
        frame = formats.read_frame(fields.require("frame"))
        banks = formats.read_banks(fields.require("banks"))
        prefer = fields.get("prefer")
        chosen = formats.read_prefer(prefer) if prefer is not None else {}
        return FrameAction(frame, banks, tuple(chosen.items()))

    def write_action(self, action: Action) -> dict[str, Any]:
        if isinstance(action, Undo):
            return {"action": Undo.kind}
        data: dict[str, Any] = {
            "action": FrameAction.kind,
            "frame": action.frame,
            "banks": {name: formats.bank_data(bank) for name, bank in action.banks},
        }
        if action.prefer:
            data["prefer"] = {name: list(colours) for name, colours in action.prefer}
        return data

    def upgrade(self, data: dict[str, Any]) -> dict[str, Any]:
        return formats.upgrade(data)

    # -- undo
    def is_undo(self, action: Action) -> bool:
        return isinstance(action, Undo)

    def undo(self) -> Action:
        return Undo()

    # -- the rules
    def start(self, setup: Setup) -> State:
        return start(setup)

    def step(self, setup: Setup, state: State, action: Action) -> State | Refusal:
        return step(setup, state, action)


GAME = OutOfSight()
