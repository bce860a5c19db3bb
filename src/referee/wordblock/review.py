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
3 x 36 moves). Valuing each with a hint search would cost one hint per move,
so the search is a branch and bound over the same values (``_MoveSearch``):
the moves are tried from the most promising down, a word or a move that
cannot beat the best found is not searched, and the answer is the one a full
ranking finds (the move played first among equals, then board order). It
stops when the turn's ``budget`` (seconds) runs out; a turn whose search was
cut short says how many moves it settled. The move played is always valued.
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
from referee.wordblock.hints import (
    Hint,
    WordIndex,
    claimable,
    hint_for,
    hints,
    rank,
    spellable_from,
)
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
    board: Board | None = None
    """The board the move was made on (after the turn's claim)."""

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
    moves = _MoveSearch(board, player, index, exclusions, allowed)
    candidates = [
        (src, dst)
        for src in (None, *board.blocks_of(player))
        for dst, _ in board.cards
        if check_move(board, player, src, dst).valid
    ]
    mine = moves.value(*played) if played is not None else None
    best, best_order = mine, -1
    if budget <= 0:
        return Moves(mine, best, 0, len(candidates), board)
    deadline = time.monotonic() + budget
    # Most promising first: a move whose ceiling cannot reach the best found
    # so far, nor can any after it, ends the search.
    ceilings = [moves.ceiling(*c) for c in candidates]
    order = sorted(range(len(candidates)), key=lambda k: -ceilings[k])
    tried = 0
    for k in order:
        src, dst = candidates[k]
        if best is not None and ceilings[k] < _worth(best):
            tried = len(candidates)
            break
        if time.monotonic() >= deadline:
            break
        tried += 1
        if (src, dst) == played:
            continue
        if best is None:
            found = moves.value(src, dst)
        else:
            found = moves.value(src, dst, floor=_worth(best), ties=k < best_order)
        if found is not None and (best is None or _better(found, k, best, best_order)):
            best, best_order = found, k
    return Moves(mine, best, tried, len(candidates), board)


NO_CLAIM = -(10**9)
"""The worth of a move that opens no claim at all."""


def _worth(move: Move) -> int:
    return move.value if move.value is not None else NO_CLAIM


def _better(move: Move, order: int, than: Move, than_order: int) -> bool:
    """Whether ``move`` beats ``than``: a better claim opened, then (the move
    played first) the earlier move in board order."""
    a, b = _worth(move), _worth(than)
    return a > b or (a == b and than_order >= 0 and order < than_order)


class _MoveSearch:
    """The block moves of one player on one board, valued exactly and fast.

    The letters do not change with a block move, so the words each card
    starts are found once (``spellable_from``). A claim's net gain is at most
    what its claimer gets: the word's letters times the cards it can use (for
    each letter, no more cards than the word has of it and the board shows)
    plus the points of the claimer's blocked cards. Words are tried from the
    highest such ceiling down, and a word (or a move) whose ceiling cannot
    beat the best claim found is not searched. The result is the same as
    ranking every move by :func:`~referee.wordblock.hints.hints` with
    ``top=1`` (tests/test_wordblock_properties.py checks it).
    """

    def __init__(
        self,
        board: Board,
        player: str,
        index: WordIndex,
        exclusions: Container[str],
        allowed: Container[str],
    ) -> None:
        self.board, self.player, self.index = board, player, index
        self.exclusions, self.allowed = exclusions, allowed
        self.shown: dict[str, int] = {}
        for _, card in board.cards:
            self.shown[card.letter] = self.shown.get(card.letter, 0) + 1
        self.starts: dict[Cell, frozenset[str]] = {}
        self.caps: dict[str, int] = {}
        self.best_caps: dict[Cell, int] = {}

    def _from(self, cell: Cell) -> frozenset[str]:
        words = self.starts.get(cell)
        if words is None:
            board = self.board
            words = self.starts[cell] = frozenset(
                w
                for w in spellable_from(board, (cell,), self.index)
                if claimable(w, board, self.exclusions, self.allowed)
            )
        return words

    def _blocks(self, src: Cell | None, dst: Cell) -> tuple[Cell, ...]:
        return (*(c for c in self.board.blocks_of(self.player) if c != src), dst)

    def _cap(self, word: str) -> int:
        """The most word points ``word`` can score on this board: its letters
        times the cards it can use (no more cards showing a letter than the
        word has of it)."""
        cap = self.caps.get(word)
        if cap is None:
            shown = self.shown
            cards = sum(min(word.count(ch), shown.get(ch, 0)) for ch in set(word))
            cap = self.caps[word] = len(word) * cards
        return cap

    def _best_cap(self, cell: Cell) -> int:
        cap = self.best_caps.get(cell)
        if cap is None:
            cap = self.best_caps[cell] = max(map(self._cap, self._from(cell)), default=NO_CLAIM)
        return cap

    def ceiling(self, src: Cell | None, dst: Cell) -> int:
        """No claim after the move nets more than this."""
        blocks = self._blocks(src, dst)
        cap = max(self._best_cap(c) for c in blocks)
        if cap == NO_CLAIM:
            return NO_CLAIM
        return cap + sum(self.board.card_map[c].points for c in blocks)

    def value(
        self, src: Cell | None, dst: Cell, *, floor: int | None = None, ties: bool = False
    ) -> Move | None:
        """The move valued by its best claim; with ``floor``, ``None`` unless
        that claim nets more than ``floor`` (or as much, with ``ties``)."""
        player = self.player
        blocks = self._blocks(src, dst)
        after = self.board.with_block(player, src, dst)
        points = sum(self.board.card_map[c].points for c in blocks)
        words: set[str] = set()
        for c in blocks:
            words |= self._from(c)
        best: Hint | None = None
        for bound, word in sorted((-self._cap(w) - points, w) for w in words):
            bound = -bound
            if best is not None:
                if bound < best.net:
                    break
            elif floor is not None and (bound < floor or (bound == floor and not ties)):
                break
            found = hint_for(after, word, player)
            if found is None:  # pragma: no cover - the word was spelled from a block
                continue
            if best is None:
                if floor is None or found.net > floor or (ties and found.net == floor):
                    best = found
            elif rank(found, player) < rank(best, player):
                best = found
        if best is None:
            none = Move(src, dst, None, None)
            return none if floor is None or (ties and floor == NO_CLAIM) else None
        return Move(src, dst, best.net, best.word)


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
