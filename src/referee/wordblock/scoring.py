"""Walks and what they score.

A claim is a word spelled by a walk over cards: it starts on a card holding one
of the claimer's blocks and steps to any of the 8 neighbouring cards (an empty
space is a gap), changing and reversing direction freely and revisiting cards
freely; a step may also stay on the same card, so one card reads a double letter
(the rulebook prices "quaff" with one f card at 5*3+8: "Repeating a card is
ok"). A ``q`` card reads ``q`` or ``qu``.
Word points = letters x distinct cards used, to every player with a block on
the walk (once); each block on the walk also gives its owner that card's points
(once per card). The blocked cards of the walk are then discarded.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from referee.core.cells import Cell
from referee.core.values import frozen
from referee.wordblock.board import Board, cell_key, reads


@frozen
class Award:
    """What one player with a block on the walk gets."""

    player: str
    word: int
    cards: int
    card_cells: tuple[Cell, ...] = ()

    @property
    def total(self) -> int:
        return self.word + self.cards


@frozen
class WalkScore:
    """A legal walk for a word and what it scores."""

    word: str
    path: tuple[Cell, ...]
    cards_used: int
    awards: tuple[Award, ...]
    discard: tuple[Cell, ...]

    @property
    def letters(self) -> int:
        return len(self.word)

    @property
    def word_points(self) -> int:
        return self.letters * self.cards_used

    def award(self, player: str) -> Award | None:
        for a in self.awards:
            if a.player == player:
                return a
        return None

    def net(self, player: str) -> int:
        """The player's points minus everyone else's."""
        mine = sum(a.total for a in self.awards if a.player == player)
        return mine - sum(a.total for a in self.awards if a.player != player)


def score_walk(board: Board, word: str, path: Sequence[Cell]) -> WalkScore:
    """Score a walk already known to be legal for ``word``."""
    used = sorted(set(path), key=cell_key)
    wp = len(word) * len(used)
    awards: list[Award] = []
    for player, _ in board.blocks:
        mine = [c for c in used if board.owner_at(c) == player]
        if mine:
            pts = sum(board.card_map[c].points for c in mine)
            awards.append(Award(player, wp, pts, tuple(mine)))
    discard = tuple(c for c in used if board.owner_at(c) is not None)
    return WalkScore(word, tuple(path), len(used), tuple(awards), discard)


def walk_problem(board: Board, word: str, path: Sequence[Cell], player: str) -> str | None:
    """Why ``path`` is not a legal walk spelling ``word`` from ``player``'s blocks (None if it is)."""
    if not path:
        return "the walk is empty"
    for cell in path:
        if cell not in board:
            return f"{cell.name} is outside the playing area"
        if board.card_at(cell) is None:
            return f"{cell.name} is an empty space"
    if board.owner_at(path[0]) != player:
        owner = board.owner_at(path[0])
        has = f"has {owner}'s block" if owner else "has no block"
        return f"a walk starts on one of {player}'s blocks; {path[0].name} {has}"
    for a, b in pairwise(path):
        # A step may stay on the same card (a double letter from one card).
        if max(abs(a.row - b.row), abs(a.col - b.col)) > 1:
            return f"{a.name} to {b.name} is not a step to a neighbouring card"
    reach = {0}
    for cell in path:
        letter = board.card_map[cell].letter
        reach = {j + k for j in reach for k in reads(letter, word, j)}
        if not reach:
            break
    if len(word) not in reach:
        spelled = "".join(board.card_map[c].letter for c in path)
        return f"the walk spells {spelled!r}, not {word!r}"
    return None
