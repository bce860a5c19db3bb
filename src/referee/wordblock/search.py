"""The best-walk search: of every walk that spells a word, the one best for the claimer.

Best means: highest (claimer's points - the sum of the other players' points),
then highest claimer points, then the smallest list of cells, compared cell by
cell in name order (column letter, then row number: ``A2`` < ``A10`` < ``B1``).
The search is exact (branch and bound); it stops after :data:`SEARCH_LIMIT`
steps and says so rather than run on, in which case the walk returned is the
best found.
"""

from __future__ import annotations

from typing import Literal

from referee.core.values import frozen
from referee.wordblock.board import Board, Graph, reads
from referee.wordblock.scoring import WalkScore, score_walk

SEARCH_LIMIT = 250_000
"""Search steps (walk prefixes examined) before the best-walk search stops and
reports the best walk found so far as not proven best."""

Key = tuple[int, int]
"""How good a walk is for the claimer: (net points, claimer's points)."""


@frozen
class Search:
    """The outcome of the best-walk search.

    ``walk`` is None when the word cannot be walked (``reason`` says why);
    ``exhaustive`` is False when the search stopped at its step limit, in which
    case ``walk`` is the best walk found, not proven best.
    """

    walk: WalkScore | None
    reason: Literal["no-block", "no-path"] | None
    exhaustive: bool = True
    steps: int = 0


def best_walk(board: Board, word: str, player: str, limit: int = SEARCH_LIMIT) -> Search:
    """The walk for ``word`` best for ``player`` (see the module docstring)."""
    return WalkSearch(board, word, player).run(limit)


class _Stop(Exception):
    """The step budget of a pass is spent."""


class _Tables:
    """What the search knows before it starts, for one board, word and claimer.

    A walk of ``n`` letters reads letter ``j`` on a card at most ``j`` steps
    from one of the claimer's blocks, so the tables cover only the cards
    within ``n - 1`` steps of those blocks (``reach``): their cost grows with
    the word and the neighbourhood, not with the board.

    ``can[j]``: bitmask of the cards within ``j`` steps from which ``word[j:]``
    can be spelled (cards repeat freely): exact for every card a walk can
    reach there; ``cand[j]``: cards whose letter can serve some letter from
    ``j`` on (bounds the new cards a walk can still use); ``owner[i]``: -1 no
    block, 0 the claimer's, >0 another player's; ``near_all[i]`` /
    ``near_free[i]``: (steps, cell) to each of the claimer's blocked cards over
    any cards / over cards without another player's block, nearest first
    (kept for the cards in reach).
    """

    def __init__(self, board: Board, word: str, player: str) -> None:
        g = self.graph = board.graph
        self.word = word
        n = self.letters = len(word)
        ncells = len(g.cells)
        mine = sorted(g.index(c) for c in board.blocks_of(player))
        layers = _layers(g, mine, n - 1)
        self.reach = [i for layer in layers for i in layer]
        # within[j]: the cards at most j steps away (j < n).
        within: list[list[int]] = []
        acc: list[int] = []
        for layer in layers:
            acc = acc + layer
            within.append(acc)
        while len(within) < n:
            within.append(acc)
        letters, nbr_mask = g.letters, g.nbr_mask
        self.can = [0] * (n + 1)
        for j in range(n - 1, -1, -1):
            m = 0
            ch = word[j]
            for i in within[j]:
                if letters[i] != ch:
                    continue
                for k in reads(ch, word, j):
                    if j + k == n or nbr_mask[i] & self.can[j + k]:
                        m |= 1 << i
                        break
            self.can[j] = m
        by_letter = g.letter_masks
        self.cand = [0] * (n + 1)
        for j in range(n - 1, -1, -1):
            self.cand[j] = self.cand[j + 1] | by_letter.get(word[j], 0)
        ids: dict[str, int] = {}
        self.owner = [-1] * ncells
        self.others_mask = 0
        for who, cells in board.blocks:
            for c in cells:
                i = g.index(c)
                if who == player:
                    self.owner[i] = 0
                else:
                    self.owner[i] = ids.setdefault(who, len(ids) + 1)
                    self.others_mask |= 1 << i
        self.others = len(ids)
        unreachable = n + 1
        self.near_all: dict[int, list[tuple[int, int]]] = {i: [] for i in self.reach}
        self.near_free: dict[int, list[tuple[int, int]]] = {i: [] for i in self.reach}
        for o in mine:
            for table, blocked in ((self.near_all, 0), (self.near_free, self.others_mask)):
                for i, d in _distances(g, o, blocked, unreachable):
                    entries = table.get(i)
                    if entries is not None:
                        entries.append((d, o))
        for table in (self.near_all, self.near_free):
            for entries in table.values():
                entries.sort()

    def first_reads(self, i: int) -> int:
        """Letters read (as a bitmask of positions) by a walk starting on cell ``i``."""
        out = 0
        for k in reads(self.graph.letters[i], self.word, 0):
            if k == self.letters or self.can[k] & self.graph.nbr_mask[i]:
                out |= 1 << k
        return out


def _layers(g: Graph, sources: list[int], cap: int) -> list[list[int]]:
    """The cards 0, 1, ... ``cap`` steps from ``sources`` (over cards), layer by layer."""
    seen = set(sources)
    layers = [list(sources)]
    frontier = sources
    for _ in range(cap):
        nxt: list[int] = []
        for i in frontier:
            for nb in g.nbrs[i]:
                if nb not in seen:
                    seen.add(nb)
                    nxt.append(nb)
        if not nxt:
            break
        layers.append(nxt)
        frontier = nxt
    return layers


def _distances(g: Graph, source: int, blocked: int, cap: int) -> list[tuple[int, int]]:
    """(card, steps) from ``source`` to each card (not crossing ``blocked``
    cells), up to ``cap`` steps; kept on the graph, as the words of one board
    ask again and again."""
    key = (source, blocked, cap)
    found = g.search_cache.get(key)
    if found is not None:
        return found
    dist = {source: 0}
    frontier = [source]
    d = 0
    while frontier and d < cap:
        d += 1
        nxt: list[int] = []
        for i in frontier:
            for nb in g.nbrs[i]:
                if nb not in dist and not blocked >> nb & 1:
                    dist[nb] = d
                    nxt.append(nb)
        frontier = nxt
    found = g.search_cache[key] = list(dist.items())
    return found


class WalkSearch:
    """Branch and bound over walk prefixes for one word and one claimer.

    A prefix is dropped when an upper bound of what it can still score is
    below the best walk found (or equal to it with a larger prefix), when its
    remaining letters cannot be spelled from its last card, or when the same
    (card, letters read, cards used) state was met before by a smaller prefix
    (same future, larger walk). A quick greedy pass first finds a good walk so
    that bounds bite early; the exact pass then visits prefixes in name order.

    The state of the walk being extended is kept as named counters: ``size``
    (distinct cards), ``own`` / ``other`` (card points of the claimer's / the
    other players' blocked cards on it), ``sharers`` (other players with a
    block on it) and ``blocks_of[o]`` (cards of other player ``o`` on it).
    """

    def __init__(self, board: Board, word: str, player: str) -> None:
        self.board = board
        self.word = word
        self.player = player
        self.steps = 0
        self.best_key: Key | None = None
        self.best_path: tuple[int, ...] = ()
        # The walk being extended.
        self.path: list[int] = []
        self.size = 0
        self.own = 0
        self.other = 0
        self.sharers = 0
        self.blocks_of: list[int] = []
        # The pass being run.
        self.in_name_order = False
        self.budget = 0
        self.seen: set[tuple[int, int, int]] = set()

    def run(self, limit: int = SEARCH_LIMIT) -> Search:
        g = self.board.graph
        starts = sorted(
            i
            for i in (g.index(c) for c in self.board.blocks_of(self.player))
            if reads(g.letters[i], self.word, 0)
        )
        if not starts:
            return Search(None, "no-block")
        self.tables = _Tables(self.board, self.word, self.player)
        starts = [i for i in starts if self.tables.can[0] >> i & 1]
        if not starts:
            return Search(None, "no-path")
        self._pass(starts, in_name_order=False, budget=max(1, limit // 10))
        exhaustive = self._pass(starts, in_name_order=True, budget=limit)
        if self.best_key is None:  # pragma: no cover - can[0] guarantees a walk exists
            return Search(None, "no-path", exhaustive, self.steps)
        cells = [g.cells[i] for i in self.best_path]
        return Search(score_walk(self.board, self.word, cells), None, exhaustive, self.steps)

    # ------------------------------------------------------------------ one pass

    def _pass(self, starts: list[int], *, in_name_order: bool, budget: int) -> bool:
        """One branch-and-bound pass; False if it stopped at ``budget`` steps."""
        self.in_name_order = in_name_order
        self.budget = self.steps + budget
        self.seen = set()
        self.blocks_of = [0] * (self.tables.others + 1)
        self.path = []
        self.size = self.own = self.other = self.sharers = 0
        try:
            for s in starts:
                first = self.tables.first_reads(s)
                if not first:
                    continue
                self.path.append(s)
                self._add(s)
                self._visit(s, first, 1 << s)
                self._remove(s)
                self.path.pop()
        except _Stop:
            return False
        return True

    def _add(self, i: int) -> None:
        """Card ``i`` joins the walk (first use)."""
        self.size += 1
        o = self.tables.owner[i]
        if o == 0:
            self.own += self.tables.graph.points[i]
        elif o > 0:
            self.other += self.tables.graph.points[i]
            if self.blocks_of[o] == 0:
                self.sharers += 1
            self.blocks_of[o] += 1

    def _remove(self, i: int) -> None:
        self.size -= 1
        o = self.tables.owner[i]
        if o == 0:
            self.own -= self.tables.graph.points[i]
        elif o > 0:
            self.other -= self.tables.graph.points[i]
            self.blocks_of[o] -= 1
            if self.blocks_of[o] == 0:
                self.sharers -= 1

    def _bound(self, i: int, first_unread: int, used: int) -> Key:
        """The best key any walk extending the current one (at cell ``i``,
        ``used`` cards so far) can reach."""
        t = self.tables
        pts = t.graph.points
        wp = t.letters  # word points per card used
        size, own, other, sharers = self.size, self.own, self.other, self.sharers
        remaining = t.letters - first_unread
        unseen = t.cand[first_unread] & ~used
        fresh = min(remaining, unseen.bit_count())
        own_left = 0
        for dist, o in t.near_all[i]:
            if dist > remaining:
                break
            if not used >> o & 1:
                own_left += pts[o]
        if sharers == 0:
            # Either the walk never meets another player's block ...
            fresh_free = min(remaining, (unseen & ~t.others_mask).bit_count())
            own_free = 0
            for dist, o in t.near_free[i]:
                if dist > remaining:
                    break
                if not used >> o & 1:
                    own_free += pts[o]
            alone = wp * (size + fresh_free) + own + own_free
            # ... or it does, and the word points it shares cancel out at best.
            return max((alone, alone), (own + own_left, wp * (size + fresh) + own + own_left))
        if sharers == 1:
            net = own + own_left - other
        else:
            net = wp * size * (1 - sharers) + own + own_left - other
        return (net, wp * (size + fresh) + own + own_left)

    def _visit(self, i: int, read: int, used: int) -> None:
        """Extend the walk ending on cell ``i``; ``read`` holds the numbers of
        letters it may have read so far (a bitmask: a q card reads q or qu),
        ``used`` the cards on it."""
        self.steps += 1
        if self.steps > self.budget:
            raise _Stop
        t = self.tables
        n = t.letters
        if read >> n & 1:
            wp = n * self.size
            key = (wp * (1 - self.sharers) + self.own - self.other, wp + self.own)
            walk = tuple(self.path)
            best = self.best_key
            if best is None or key > best or (key == best and walk < self.best_path):
                self.best_key, self.best_path = key, walk
            read &= ~(1 << n)
            if not read:
                return
        first_unread = (read & -read).bit_length() - 1
        bound = self._bound(i, first_unread, used)
        if self.best_key is not None:
            if bound < self.best_key:
                return
            if bound == self.best_key and tuple(self.path) > self.best_path[: len(self.path)]:
                return
        if self.in_name_order:
            state = (i, read, used)
            if state in self.seen:
                return
            self.seen.add(state)
        for nb, nxt in self._children(i, read, used):
            self.path.append(nb)
            fresh = not (used >> nb & 1)
            if fresh:
                self._add(nb)
            self._visit(nb, nxt, used | (1 << nb))
            if fresh:
                self._remove(nb)
            self.path.pop()

    def _children(self, i: int, read: int, used: int) -> list[tuple[int, int]]:
        """The next cards (with the letters read once there), in the pass's order:
        name order, or (greedy pass) towards the claimer's own blocked cards first."""
        t = self.tables
        g = t.graph
        n = t.letters
        ranked: list[tuple[tuple[bool, bool, int, int], int, int]] = []
        for nb in g.nbrs[i]:
            nxt = 0
            r = read
            while r:
                low = r & -r
                j = low.bit_length() - 1
                r ^= low
                for s in reads(g.letters[nb], self.word, j):
                    jj = j + s
                    if jj == n or t.can[jj] & g.nbr_mask[nb]:
                        nxt |= 1 << jj
            if not nxt:
                continue
            if self.in_name_order:
                ranked.append(((False, False, 0, nb), nb, nxt))
                continue
            new = not (used >> nb & 1)
            other = new and t.owner[nb] > 0
            prefer_new = self.sharers <= 1
            # Head for the claimer's blocked cards not yet on the walk.
            goal = min((d for d, o in t.near_free[nb] if not used >> o & 1), default=0)
            ranked.append(((other, new != prefer_new, goal, nb), nb, nxt))
        if not self.in_name_order:
            ranked.sort()
        return [(nb, nxt) for _, nb, nxt in ranked]
