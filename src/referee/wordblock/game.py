"""The Word Block game on the engine: its state and its pure ``step``.

A game file holds the players, the starting board, for a turn-by-turn game the
first player, the deck's size and the card values, and every action (see
:mod:`referee.engine`); the state (board, totals, scorepad and, turn by turn,
whose turn and phase it is and the counts of cards) is replayed from them. A
step the rules refuse is a :class:`~referee.engine.Refusal` with a stable
reason; a replayed file whose action is refused was edited by hand. What each
step asks of the game is in :mod:`referee.wordblock.play`, and the steps
themselves, on values, in :mod:`referee.wordblock.service`.
"""

from __future__ import annotations

from typing import Any

from referee.core.schema import Fields, Value
from referee.core.values import frozen, replace
from referee.engine import Refusal, Replayed
from referee.wordblock import formats, turns
from referee.wordblock.actions import (
    Action,
    ClaimWord,
    EndTurn,
    MoveBlock,
    PlaceCard,
    Redo,
    Setup,
    Undo,
)
from referee.wordblock.board import Board
from referee.wordblock.rules import CHALLENGE_PENALTY, Claim, check_move, check_place
from referee.wordblock.scoring import score_walk, walk_problem
from referee.wordblock.turns import Table

Totals = tuple[tuple[str, int], ...]


@frozen
class ScoreLine:
    """A scorepad row: an action that changed scores and the totals after it.
    ``number`` counts the actions in force (1 for the first)."""

    number: int
    action: Action
    points: Totals
    totals: Totals


@frozen
class State:
    """Where a game stands: the board, the totals, the scorepad, and for a
    turn-by-turn game the table (whose turn, which phase, the card counts)."""

    board: Board
    totals: Totals
    lines: tuple[ScoreLine, ...] = ()
    applied: int = 0
    """Actions in force."""
    table: Table | None = None

    @property
    def over(self) -> bool:
        return self.table is not None and self.table.over

    def leaders(self) -> list[str]:
        top = max((t for _, t in self.totals), default=0)
        return [p for p, t in self.totals if t == top]

    def winners(self) -> list[str]:
        """The tied leaders once the game is over ("Ties do not get broken")."""
        return self.leaders() if self.over else []

    def after(
        self, action: Action, board: Board, table: Table | None, points: dict[str, int]
    ) -> State:
        applied = self.applied + 1
        if not points:
            return replace(self, board=board, applied=applied, table=table)
        totals = tuple((p, t + points.get(p, 0)) for p, t in self.totals)
        line = ScoreLine(applied, action, tuple(points.items()), totals)
        return State(board, totals, (*self.lines, line), applied, table)


Game = Replayed[Setup, State, Action]
"""A game file, read and replayed."""


class WordBlockGame:
    """What the engine needs of Word Block (:class:`referee.engine.Game`)."""

    name = "wordblock"
    title = "Word Block"

    def read_setup(self, fields: Fields) -> Setup:
        return formats.read_setup(fields)

    def write_setup(self, setup: Setup) -> dict[str, Any]:
        return formats.write_setup(setup)

    def read_action(self, value: Value) -> Action:
        return formats.read_action(value)

    def write_action(self, action: Action) -> dict[str, Any]:
        return formats.write_action(action)

    def is_undo(self, action: Action) -> bool:
        return isinstance(action, Undo)

    def is_redo(self, action: Action) -> bool:
        return isinstance(action, Redo)

    def undo(self) -> Action:
        return Undo()

    def redo(self) -> Action:
        return Redo()

    def start(self, setup: Setup) -> State:
        table = turns.deal(setup) if setup.turns is not None else None
        return State(setup.board, tuple((p, 0) for p in setup.players), table=table)

    def step(self, setup: Setup, state: State, action: Action) -> State | Refusal:
        if isinstance(action, (Undo, Redo)):  # pragma: no cover - the engine takes them itself
            return Refusal("undo", "an undo or a redo is not a step")
        unknown = _unknown(setup, action)
        if unknown is not None:
            return unknown
        out_of_turn = _out_of_turn(state, action)
        if out_of_turn is not None:
            return out_of_turn
        if isinstance(action, PlaceCard):
            return _place(state, action)
        if isinstance(action, MoveBlock):
            return _move(state, action)
        if isinstance(action, ClaimWord):
            return _claim(setup, state, action)
        assert state.table is not None
        return state.after(action, state.board, turns.ended(state.table, setup.players), {})

    def upgrade(self, data: dict[str, Any]) -> dict[str, Any]:
        return formats.upgrade(data)


GAME = WordBlockGame()


def _unknown(setup: Setup, action: Action) -> Refusal | None:
    names = [getattr(action, "player", None), getattr(action, "challenged_by", None)]
    for name in names:
        if name is not None and name not in setup.players:
            return Refusal("unknown-player", f"{name!r} is not a player of this game")
    return None


STEPS: dict[type, turns.Step] = {
    PlaceCard: "place",
    ClaimWord: "claim",
    MoveBlock: "move-block",
    EndTurn: "end-turn",
}


def _out_of_turn(state: State, action: Action) -> Refusal | None:
    """Why a recorded action breaks the turn discipline (free scorepads have none)."""
    table = state.table
    if table is None:
        if isinstance(action, EndTurn):
            return Refusal("no-turns", "a free scorepad has no turns to end")
        return None
    if table.over:
        return Refusal("game-over", "the game is over")
    player = getattr(action, "player", None)
    if player is None:
        return Refusal("no-player", "a turn-by-turn game records who plays each card")
    return turns.refusal(table, STEPS[type(action)], player)


def _place(state: State, action: PlaceCard) -> State | Refusal:
    verdict = check_place(state.board, action.card, action.at)
    if not verdict.valid:
        assert verdict.reason is not None and verdict.explanation is not None
        return Refusal(verdict.reason, f"{action.at.name}: {verdict.explanation}")
    board = state.board.with_card(action.at, action.card)
    table = state.table and turns.placed(state.table, verdict.replaces is not None)
    return state.after(action, board, table, {})


def _move(state: State, action: MoveBlock) -> State | Refusal:
    verdict = check_move(state.board, action.player, action.from_, action.to)
    if not verdict.valid:
        assert verdict.reason is not None and verdict.explanation is not None
        return Refusal(verdict.reason, f"{action.to.name}: {verdict.explanation}")
    board = state.board.with_block(action.player, action.from_, action.to)
    return state.after(action, board, state.table and turns.moved(state.table), {})


def _claim(setup: Setup, state: State, action: ClaimWord) -> State | Refusal:
    """Replay a recorded claim: the walk must still be legal and score what was
    recorded. A refused claim is on record for a lost challenge (the word is
    taken on trust: the file does not carry the dictionary) or a repeated word."""
    board = state.board
    challenger = action.challenged_by
    discarded = 0
    if action.valid:
        if action.word in board.claimed or setup.series_game(action.word) is not None:
            return Refusal("already-claimed", f"{action.word!r} was claimed before")
        problem = walk_problem(board, action.word, action.path, action.player)
        if problem is not None:
            return Refusal("bad-path", f"the claim of {action.word!r} does not replay: {problem}")
        walk = score_walk(board, action.word, action.path)
        verdict = Claim(
            action.word,
            action.player,
            True,
            walk=walk,
            challenged_by=challenger,
            penalty=(challenger, CHALLENGE_PENALTY) if challenger else None,
        )
        board = board.after_claim(action.word, walk.discard)
        discarded = len(walk.discard)
    elif action.reason == "already-claimed":
        if action.word not in board.claimed and setup.series_game(action.word) is None:
            return Refusal("not-claimed", f"{action.word!r} was not claimed before")
        verdict = Claim(action.word, action.player, False, reason="already-claimed")
    elif challenger is not None and action.reason in ("not-in-dictionary", "excluded"):
        penalty = (action.player, CHALLENGE_PENALTY)
        verdict = Claim(
            action.word, action.player, False, challenged_by=challenger, penalty=penalty
        )
    else:
        return Refusal(
            "not-recorded",
            "a refused claim is recorded only for a lost challenge or a repeated word",
        )
    points = verdict.points()
    if dict(action.points) != points:
        return Refusal(
            "points-differ",
            f"recorded points {dict(action.points)} differ from the rules' {points} "
            "(was the file edited?)",
        )
    table = state.table and turns.claimed(state.table, discarded)
    return state.after(action, board, table, points)


# ------------------------------------------------------------------------ reports


def entry_numbers(game: Game) -> list[int]:
    """The ``history`` entry (from 1) of each scorepad line."""
    return [game.in_force[line.number - 1] + 1 for line in game.state.lines]
