"""The Word Block game on the engine: its state, its pure ``step``, and what
each command asks of it.

A game file holds the players, the starting board and every action (see
:mod:`referee.engine`); the state (board, totals, scorepad) is replayed from
them. A step the rules refuse is a :class:`~referee.engine.Refusal` with a
stable reason; a replayed file whose action is refused was edited by hand.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import Any

from referee.core.cells import Cell
from referee.core.errors import InputError
from referee.core.schema import Fields, Value
from referee.engine import Refusal, Replayed
from referee.wordblock import formats
from referee.wordblock.actions import Action, ClaimWord, MoveBlock, PlaceCard, Setup, Undo
from referee.wordblock.board import Board, Card, player_name
from referee.wordblock.rules import (
    CHALLENGE_PENALTY,
    BlockMove,
    Claim,
    Placement,
    check_move,
    check_place,
    judge_claim,
)
from referee.wordblock.scoring import score_walk, walk_problem

Totals = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ScoreLine:
    """A scorepad row: an action that changed scores and the totals after it.
    ``number`` counts the actions in force (1 for the first)."""

    number: int
    action: Action
    points: Totals
    totals: Totals


@dataclass(frozen=True)
class State:
    """Where a game stands: the board, the totals, the scorepad."""

    board: Board
    totals: Totals
    lines: tuple[ScoreLine, ...] = ()
    applied: int = 0
    """Actions in force."""

    def leaders(self) -> list[str]:
        top = max((t for _, t in self.totals), default=0)
        return [p for p, t in self.totals if t == top]

    def scored(self, action: Action, points: dict[str, int], board: Board) -> State:
        applied = self.applied + 1
        if not points:
            return State(board, self.totals, self.lines, applied)
        totals = tuple((p, t + points.get(p, 0)) for p, t in self.totals)
        line = ScoreLine(applied, action, tuple(points.items()), totals)
        return State(board, totals, (*self.lines, line), applied)


Game = Replayed[Setup, State, Action]
"""A game file, read and replayed."""


def new_setup(players: Sequence[str], board: Board | None) -> Setup:
    """The setup of a scorepad for ``players`` on ``board`` (default: an empty 6x6 area)."""
    names = tuple(player_name(p, "players") for p in players)
    if len(names) < 2 or len(set(names)) != len(names):
        raise InputError("name at least 2 different players, comma-separated", place="players")
    if len(names) > formats.MAX_PLAYERS:
        raise InputError(f"at most {formats.MAX_PLAYERS} players", place="players")
    if board is None:
        board = Board.empty(names)
    extra = [p for p in board.players if p not in names]
    if extra:
        raise InputError(f"{extra[0]!r} has blocks on the board but is not a player", place="board")
    return Setup(names, board.with_players(names))


def require_player(setup: Setup, name: str, place: str = "player") -> str:
    """``name`` as one of the game's players (``place`` names the option in errors)."""
    player = player_name(name, place)
    if player not in setup.players:
        known = ", ".join(setup.players)
        raise InputError(f"{name!r} is not a player of this game (players: {known})", place=place)
    return player


# ------------------------------------------------------------------ the engine game


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

    def undo(self) -> Action:
        return Undo()

    def start(self, setup: Setup) -> State:
        return State(setup.board, tuple((p, 0) for p in setup.players))

    def step(self, setup: Setup, state: State, action: Action) -> State | Refusal:
        if isinstance(action, PlaceCard):
            return _place(setup, state, action)
        if isinstance(action, MoveBlock):
            return _move(setup, state, action)
        if isinstance(action, ClaimWord):
            return _claim(setup, state, action)
        return Refusal("undo", "an undo is not a step")  # pragma: no cover - the engine's

    def upgrade(self, data: dict[str, Any]) -> dict[str, Any]:
        return formats.upgrade(data)


GAME = WordBlockGame()


def _unknown(setup: Setup, *names: str | None) -> Refusal | None:
    for name in names:
        if name is not None and name not in setup.players:
            return Refusal("unknown-player", f"{name!r} is not a player of this game")
    return None


def _place(setup: Setup, state: State, action: PlaceCard) -> State | Refusal:
    refused = _unknown(setup, action.player)
    if refused:
        return refused
    verdict = check_place(state.board, action.card, action.at)
    if not verdict.valid:
        assert verdict.reason is not None and verdict.explanation is not None
        return Refusal(verdict.reason, f"{action.at.name}: {verdict.explanation}")
    return state.scored(action, {}, state.board.with_card(action.at, action.card))


def _move(setup: Setup, state: State, action: MoveBlock) -> State | Refusal:
    refused = _unknown(setup, action.player)
    if refused:
        return refused
    verdict = check_move(state.board, action.player, action.from_, action.to)
    if not verdict.valid:
        assert verdict.reason is not None and verdict.explanation is not None
        return Refusal(verdict.reason, f"{action.to.name}: {verdict.explanation}")
    board = state.board.with_block(action.player, action.from_, action.to)
    return state.scored(action, {}, board)


def _claim(setup: Setup, state: State, action: ClaimWord) -> State | Refusal:
    """Replay a recorded claim: the walk must still be legal and score what was recorded."""
    refused = _unknown(setup, action.player, action.challenged_by)
    if refused:
        return refused
    board = state.board
    challenger = action.challenged_by
    if action.valid:
        if action.word in board.claimed:
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
    else:
        penalty = (action.player, CHALLENGE_PENALTY) if challenger else None
        verdict = Claim(
            action.word, action.player, False, challenged_by=challenger, penalty=penalty
        )
    points = verdict.points()
    if dict(action.points) != points:
        return Refusal(
            "points-differ",
            f"recorded points {dict(action.points)} differ from the rules' {points} "
            "(was the file edited?)",
        )
    return state.scored(action, points, board)


# ------------------------------------------------------------------- the requests


def claim_action(verdict: Claim) -> ClaimWord | None:
    """What a judged claim records: a scoring claim, or a refusal that cost the
    claimer a lost challenge; other refusals record nothing."""
    points = verdict.points()
    if not points:
        return None
    walk = verdict.walk
    return ClaimWord(
        player=verdict.player,
        word=verdict.word,
        path=walk.path if walk is not None and verdict.valid else (),
        challenged_by=verdict.challenged_by,
        valid=verdict.valid,
        reason=verdict.reason,
        points=tuple(points.items()),
    )


def judge(
    setup: Setup,
    state: State,
    word: str,
    player: str,
    lexicon: Container[str],
    *,
    path: Sequence[Cell] | None = None,
    challenged_by: str | None = None,
    exclusions: Container[str] = frozenset(),
    allowed: Container[str] = frozenset(),
) -> tuple[ClaimWord | None, Claim]:
    """Judge a claim on the game's board: the action to record (if any) and the verdict."""
    verdict = judge_claim(
        state.board,
        word,
        player,
        lexicon,
        path=path,
        challenged_by=challenged_by,
        exclusions=exclusions,
        allowed=allowed,
    )
    return claim_action(verdict), verdict


def place(
    state: State, card: Card, at: Cell, player: str | None
) -> tuple[PlaceCard | None, Placement]:
    verdict = check_place(state.board, card, at)
    return (PlaceCard(card, at, player) if verdict.valid else None), verdict


def move_block(
    state: State, player: str, from_: Cell | None, to: Cell
) -> tuple[MoveBlock | None, BlockMove]:
    verdict = check_move(state.board, player, from_, to)
    return (MoveBlock(player, from_, to) if verdict.valid else None), verdict


# ------------------------------------------------------------------------ reports


def summary(game: Game) -> dict[str, Any]:
    """What ``game show --json`` prints (``entry`` is the action's place in ``history``, from 1)."""
    state = game.state
    leaders = state.leaders()
    return {
        "players": list(game.log.setup.players),
        "totals": dict(state.totals),
        "leaders": leaders,
        "tie": len(leaders) > 1,
        "scorepad": [
            {
                "entry": game.in_force[line.number - 1] + 1,
                "action": formats.write_action(line.action),
                "points": dict(line.points),
                "totals": dict(line.totals),
            }
            for line in state.lines
        ],
        "claimed": list(state.board.claimed),
        "actions": state.applied,
        "board": formats.board_mapping(state.board),
        "version": game.version,
    }


def entry_numbers(game: Game) -> list[int]:
    """The ``history`` entry (from 1) of each scorepad line."""
    return [game.in_force[line.number - 1] + 1 for line in game.state.lines]
