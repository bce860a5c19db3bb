"""Claim hints: every word of a word list a player can claim, ranked by the
same measure as a claim (net points, then the player's points, then the word)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Container, Iterable
from typing import Any

from referee.core.cells import Cell
from referee.core.values import frozen
from referee.wordblock.board import Board, cell_names
from referee.wordblock.rules import MIN_LETTERS
from referee.wordblock.scoring import WalkScore
from referee.wordblock.search import SEARCH_LIMIT, best_walk


@frozen
class WordIndex:
    """A sorted word list answering "is this a word?" and "does a word start so?"."""

    words: tuple[str, ...]

    @classmethod
    def from_words(cls, words: Iterable[str]) -> WordIndex:
        return cls(tuple(sorted({w for w in words if w.isascii() and w.isalpha() and w.islower()})))

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        i = bisect_left(self.words, word)
        return i < len(self.words) and self.words[i] == word

    def has_prefix(self, prefix: str) -> bool:
        i = bisect_left(self.words, prefix)
        return i < len(self.words) and self.words[i].startswith(prefix)


@frozen
class Hint:
    word: str
    walk: WalkScore
    net: int
    exhaustive: bool = True

    def to_dict(self, player: str) -> dict[str, Any]:
        return {
            "word": self.word,
            "letters": self.walk.letters,
            "cards_used": self.walk.cards_used,
            "path": cell_names(self.walk.path),
            "points": {a.player: a.total for a in self.walk.awards},
            "net": self.net,
            "discard": cell_names(self.walk.discard),
            "best_proven": self.exhaustive,
        }


def spellable_words(board: Board, player: str, index: WordIndex) -> list[str]:
    """Every word of ``index`` (3+ letters) that some walk from ``player``'s blocks spells."""
    return spellable_from(board, board.blocks_of(player), index)


def spellable_from(board: Board, starts: Iterable[Cell], index: WordIndex) -> list[str]:
    """Every word of ``index`` (3+ letters) that some walk from one of the
    cards ``starts`` spells (the letters alone: blocks play no part)."""
    g = board.graph
    found: set[str] = set()
    seen: set[tuple[int, str]] = set()
    stack: list[tuple[int, str]] = []
    for cell in starts:
        i = g.index(cell)
        for reading in board.card_map[cell].readings():
            if index.has_prefix(reading):
                stack.append((i, reading))
    while stack:
        i, prefix = stack.pop()
        if (i, prefix) in seen:
            continue
        seen.add((i, prefix))
        if len(prefix) >= MIN_LETTERS and prefix in index:
            found.add(prefix)
        for nb in g.nbrs[i]:
            letter = g.letters[nb]
            for reading in ("q", "qu") if letter == "q" else (letter,):
                nxt = prefix + reading
                if (nb, nxt) not in seen and index.has_prefix(nxt):
                    stack.append((nb, nxt))
    return sorted(found)


def claimable(word: str, board: Board, exclusions: Container[str], allowed: Container[str]) -> bool:
    """Whether ``word`` may still be claimed on ``board`` (not claimed before, not excluded)."""
    return word not in board.claimed and (word not in exclusions or word in allowed)


def hint_for(board: Board, word: str, player: str, limit: int = SEARCH_LIMIT) -> Hint | None:
    """``player``'s best claim of ``word`` on ``board`` (``None``: no walk spells it)."""
    found = best_walk(board, word, player, limit)
    if found.walk is None:
        return None
    return Hint(word, found.walk, found.walk.net(player), found.exhaustive)


def rank(hint: Hint, player: str) -> tuple[int, int, str]:
    """The hints' order, best first: net points, then the claimer's points, then the word."""
    mine = hint.walk.award(player)
    return (-hint.net, -(mine.total if mine else 0), hint.word)


def hints(
    board: Board,
    player: str,
    index: WordIndex,
    *,
    top: int = 10,
    exclusions: Container[str] = frozenset(),
    allowed: Container[str] = frozenset(),
    limit: int = SEARCH_LIMIT,
) -> list[Hint]:
    """The ``top`` best claims for ``player``: net points, then claimer points, then word."""
    out: list[tuple[tuple[int, int, str], Hint]] = []
    for word in spellable_words(board, player, index):
        if not claimable(word, board, exclusions, allowed):
            continue
        found = hint_for(board, word, player, limit)
        if found is None:  # pragma: no cover - the word was spelled from a block
            continue
        out.append((rank(found, player), found))
    out.sort(key=lambda x: x[0])
    return [h for _, h in out[:top]]
