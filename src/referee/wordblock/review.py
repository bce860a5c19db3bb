"""Word Block's post-game review: every turn's claim beside the best claims
the board allowed once the card was placed, and the block move beside the
best one found within a time budget (pure: values in, values out).

Claims are ranked by :func:`~referee.wordblock.hints.hints`, exactly as
``referee wordblock hint`` ranks them: the claimer's net gain (their points
minus the points the claim gives the others), then their own points, then the
word. The claim search is the hint's own, complete but for its walk limit per
word (``best_proven`` false where that limit was hit).

A block move scores nothing itself: what it changes is the claims open to
its player next. So a move is valued by the same measure on the board after
it, the best claim then open to the mover (their best net gain, were the board
to stay as it is). Every legal move is a candidate (from reserve while one is
left, or one of the player's blocks, to every card without a block: up to
3 x 36 moves); each costs one hint search, so they are tried in board order
until the turn's ``budget`` (seconds) runs out, and a turn whose search was
cut short says how many it tried. The move played is always valued.
"""

from __future__ import annotations

import time
from collections.abc import Container, Sequence
from typing import Any

from referee.core.cells import Cell
from referee.core.values import frozen
from referee.wordblock.actions import ClaimWord, EndTurn, MoveBlock, PlaceCard, Setup
from referee.wordblock.board import Board, cell_names
from referee.wordblock.game import State, WordBlockGame
from referee.wordblock.hints import Hint, WordIndex, hints
from referee.wordblock.rules import check_move


@frozen
class Move:
    """A block move and the best net gain it opens to its player."""

    from_: Cell | None
    to: Cell
    value: int | None
    """The best net gain of the mover's claims after it (``None``: no claim)."""
    word: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "from": self.from_.name if self.from_ else None,
            "to": self.to.name,
            "opens": self.value,
            "word": self.word,
        }


@frozen
class Moves:
    """The block-move review of a turn."""

    played: Move | None
    best: Move | None
    tried: int
    candidates: int

    @property
    def cut(self) -> bool:
        return self.tried < self.candidates

    def to_dict(self) -> dict[str, Any]:
        return {
            "played": self.played.to_dict() if self.played else None,
            "best": self.best.to_dict() if self.best else None,
            "tried": self.tried,
            "candidates": self.candidates,
            "cut_short": self.cut,
        }


@frozen
class Turn:
    """One claim opportunity: the board it was on, the claim made, the best."""

    number: int
    version: int
    """The history entry (from 1) the board is the state before."""
    player: str
    board: Board
    claim: ClaimWord | None
    best: tuple[Hint, ...]
    moves: Moves | None = None

    @property
    def claimed_net(self) -> int:
        if self.claim is None:
            return 0
        points = dict(self.claim.points)
        return points.get(self.player, 0) - sum(v for p, v in points.items() if p != self.player)

    @property
    def best_net(self) -> int:
        return max(self.best[0].net, 0) if self.best else 0

    def to_dict(self) -> dict[str, Any]:
        claim = None
        if self.claim is not None:
            claim = {
                "word": self.claim.word,
                "valid": self.claim.valid,
                "reason": self.claim.reason,
                "challenged_by": self.claim.challenged_by,
                "path": cell_names(self.claim.path),
                "points": dict(self.claim.points),
                "net": self.claimed_net,
            }
        return {
            "turn": self.number,
            "version": self.version,
            "player": self.player,
            "claim": claim,
            "best": [h.to_dict(self.player) for h in self.best],
            "left": max(self.best_net - self.claimed_net, 0),
            "block_move": self.moves.to_dict() if self.moves else None,
        }


def best_move(
    board: Board,
    player: str,
    index: WordIndex,
    *,
    played: tuple[Cell | None, Cell] | None,
    budget: float,
    exclusions: Container[str] = frozenset(),
    allowed: Container[str] = frozenset(),
) -> Moves:
    """The block moves open to ``player`` on ``board``, valued by the best
    claim each opens (see the module's doc), within ``budget`` seconds."""

    def value(src: Cell | None, dst: Cell) -> Move:
        after = board.with_block(player, src, dst)
        found = hints(after, player, index, top=1, exclusions=exclusions, allowed=allowed)
        return Move(src, dst, found[0].net if found else None, found[0].word if found else None)

    sources: list[Cell | None] = [None, *board.blocks_of(player)]
    candidates = [
        (src, dst)
        for src in sources
        for dst, _ in board.cards
        if check_move(board, player, src, dst).valid
    ]
    deadline = time.monotonic() + budget
    mine = value(*played) if played is not None else None
    best = mine
    tried = 0
    for src, dst in candidates:
        if budget <= 0 or time.monotonic() >= deadline:
            break
        tried += 1
        if played is not None and (src, dst) == played:
            continue
        move = value(src, dst)
        if best is None or (move.value if move.value is not None else -(10**9)) > (
            best.value if best.value is not None else -(10**9)
        ):
            best = move
    return Moves(mine, best, tried, len(candidates))


def review(
    setup: Setup,
    history: Sequence[Any],
    index: WordIndex,
    *,
    in_force: Sequence[int],
    top: int = 3,
    budget: float = 0.5,
    exclusions: Container[str] = frozenset(),
    allowed: Container[str] = frozenset(),
) -> list[Turn]:
    """Every turn of a turn-by-turn game (every claim of a free scorepad):
    the claim made beside the ``top`` best claims on the board the claimer had
    once their card was placed, and the block move beside the best found
    within ``budget`` seconds (none searched when ``budget`` is 0)."""
    rules = WordBlockGame()
    state: State = rules.start(setup)
    out: list[Turn] = []
    open_turn: dict[str, Any] | None = None

    def search(board: Board, player: str) -> tuple[Hint, ...]:
        found = hints(board, player, index, top=top, exclusions=exclusions, allowed=allowed)
        return tuple(found)

    def close(moved: tuple[Cell | None, Cell] | None, board: Board) -> None:
        nonlocal open_turn
        if open_turn is None:
            return
        moves = None
        if budget > 0 or moved is not None:
            moves = best_move(
                board,
                open_turn["player"],
                index,
                played=moved,
                budget=budget,
                exclusions=exclusions,
                allowed=allowed,
            )
        out.append(
            Turn(
                len(out) + 1,
                open_turn["version"],
                open_turn["player"],
                open_turn["board"],
                open_turn["claim"],
                open_turn["best"],
                moves,
            )
        )
        open_turn = None

    for i in in_force:
        action = history[i]
        table = state.table
        if table is None:  # a free scorepad: each claim on its own
            if isinstance(action, ClaimWord):
                best = search(state.board, action.player)
                out.append(Turn(len(out) + 1, i + 1, action.player, state.board, action, best))
        else:
            if (
                open_turn is None
                and not table.over
                and table.phase == "claim"
                and not isinstance(action, PlaceCard)
            ):
                player = table.player
                open_turn = {
                    "player": player,
                    "version": i + 1,
                    "board": state.board,
                    "claim": None,
                    "best": search(state.board, player),
                }
            if open_turn is not None:
                if isinstance(action, ClaimWord) and open_turn["claim"] is None:
                    open_turn["claim"] = action
                elif isinstance(action, MoveBlock):
                    close((action.from_, action.to), state.board)
                elif isinstance(action, EndTurn):
                    close(None, state.board)
        result = rules.step(setup, state, action)
        assert isinstance(result, State)  # replayed before: the engine checked it
        state = result
    if open_turn is not None:
        close(None, state.board)
    return out


def totals(
    setup: Setup, turns: Sequence[Turn], final: Sequence[tuple[str, int]]
) -> list[dict[str, Any]]:
    """Per player: claims, net gain made against the best's, the best missed claim."""
    out = []
    for player in setup.players:
        mine = [t for t in turns if t.player == player]
        missed: tuple[Turn, Hint] | None = None
        for t in mine:
            if t.best and t.best_net > t.claimed_net:
                gap = t.best_net - t.claimed_net
                if missed is None or gap > missed[1].net - missed[0].claimed_net:
                    missed = (t, t.best[0])
        out.append(
            {
                "player": player,
                "score": dict(final).get(player, 0),
                "turns": len(mine),
                "claims": sum(1 for t in mine if t.claim is not None),
                "net": sum(t.claimed_net for t in mine),
                "best_net": sum(t.best_net for t in mine),
                "best_missed": None
                if missed is None
                else {"turn": missed[0].number, "word": missed[1].word, "net": missed[1].net},
            }
        )
    return out
