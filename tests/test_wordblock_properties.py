"""Property tests of the Word Block walk search against a brute force.

Boards are small random grids (2-4 x 2-4, some empty spaces) over small
alphabets that include q and u, with random blocks for three players; words are
short random strings over the same alphabet. The brute force enumerates every
walk (a walk of a short word is short, so there are few) and takes the best by
the definition: highest net, then highest claimer points, then the smallest
list of cells in name order. The branch-and-bound search must agree exactly.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from referee import engine
from referee.core.cells import Cell
from referee.core.files import parse_document
from referee.core.schema import Value
from referee.wordblock.actions import Action, Setup
from referee.wordblock.board import Board, cell_key
from referee.wordblock.formats import board_mapping, read_board
from referee.wordblock.game import GAME
from referee.wordblock.hints import WordIndex, spellable_words
from referee.wordblock.play import free_setup
from referee.wordblock.rules import judge_claim
from referee.wordblock.scoring import score_walk, walk_problem
from referee.wordblock.search import best_walk

PLAYERS = ("p", "x", "y")


def readings(letter: str, word: str, j: int) -> list[int]:
    """The brute force's own reading rule: a q card reads q or qu."""
    out = []
    if j < len(word) and word[j] == letter:
        out.append(1)
        if letter == "q" and word[j : j + 2] == "qu":
            out.append(2)
    return out


def all_walks(board: Board, word: str, player: str) -> list[list[Cell]]:
    walks: list[list[Cell]] = []

    def extend(path: list[Cell], reads: set[int]) -> None:
        if len(word) in reads:
            walks.append(list(path))
        reads = {j for j in reads if j < len(word)}
        if not reads:
            return
        # A step goes to a neighbouring card or stays on the same one.
        for nb in [path[-1], *board.neighbours(path[-1])]:
            card = board.card_at(nb)
            if card is None:
                continue
            nxt = {j + k for j in reads for k in readings(card.letter, word, j)}
            if nxt:
                extend([*path, nb], nxt)

    for start in board.blocks_of(player):
        first = set(readings(board.card_map[start].letter, word, 0))
        if first:
            extend([start], first)
    return walks


def brute_best(board: Board, word: str, player: str) -> list[Cell] | None:
    def key(path: list[Cell]) -> tuple[Any, ...]:
        walk = score_walk(board, word, path)
        mine = walk.award(player)
        return (-walk.net(player), -(mine.total if mine else 0), [cell_key(c) for c in path])

    walks = all_walks(board, word, player)
    return min(walks, key=key) if walks else None


@st.composite
def boards(draw: st.DrawFn) -> Board:
    alphabet = draw(st.sampled_from(["a", "ab", "abq", "aqu", "qu"]))
    width = draw(st.integers(2, 4))
    height = draw(st.integers(2, 4))
    card = st.one_of(
        st.just("."),
        st.builds(lambda ch, pts: f"{ch}-{pts}", st.sampled_from(alphabet), st.integers(0, 9)),
    )
    rows = [" ".join(draw(st.lists(card, min_size=width, max_size=width))) for _ in range(height)]
    board = read_board(Value({"cards": rows}))
    occupied = [c for c, _ in board.cards]
    chosen = draw(st.lists(st.sampled_from(occupied), unique=True, max_size=7)) if occupied else []
    blocks: dict[str, list[str]] = {p: [] for p in PLAYERS}
    for cell in chosen:
        owner = draw(st.sampled_from(PLAYERS))
        if len(blocks[owner]) < 3:
            blocks[owner].append(cell.name)
    return read_board(Value({"cards": rows, "blocks": blocks}))


words = st.text(alphabet="abqu", min_size=1, max_size=6)


@given(boards(), words)
def test_search_agrees_with_brute_force(board: Board, word: str) -> None:
    found = best_walk(board, word, "p")
    expected = brute_best(board, word, "p")
    if expected is None:
        assert found.walk is None
        assert found.reason in ("no-block", "no-path")
        has_start = any(readings(board.card_map[c].letter, word, 0) for c in board.blocks_of("p"))
        assert found.reason == ("no-path" if has_start else "no-block")
    else:
        assert found.exhaustive
        assert found.walk is not None
        assert list(found.walk.path) == expected


@given(boards(), words)
def test_best_walk_is_legal_and_scores_as_given(board: Board, word: str) -> None:
    found = best_walk(board, word, "p")
    if found.walk is None:
        return
    path = list(found.walk.path)
    assert walk_problem(board, word, path, "p") is None
    # Scoring the walk through --path gives the same points.
    lexicon = {word}
    chosen = judge_claim(board, word, "p", lexicon)
    given_path = judge_claim(board, word, "p", lexicon, path=path)
    if len(word) >= 3:
        assert chosen.points() == given_path.points()
        # Word points are letters x distinct cards, to each player with a block on the walk.
        owners = {board.owner_at(c) for c in path} - {None}
        assert {a.player for a in found.walk.awards} == owners
        for a in found.walk.awards:
            assert a.word == len(word) * len(set(path))


@given(boards(), st.lists(words, max_size=12))
def test_spellable_words_are_exactly_the_walkable_ones(board: Board, pool: list[str]) -> None:
    index = WordIndex.from_words(pool)
    found = spellable_words(board, "p", index)
    expected = sorted({w for w in index.words if len(w) >= 3 and all_walks(board, w, "p")})
    assert found == expected


@given(boards())
def test_board_and_game_round_trip(board: Board) -> None:
    assert read_board(Value(board_mapping(board))) == board
    log: engine.Log[Setup, Action] = engine.Log(free_setup(PLAYERS, board))
    text = engine.text(GAME, log)
    assert engine.parse(GAME, parse_document(text, "g.yaml")) == log


@st.composite
def wide_boards(draw: st.DrawFn) -> Board:
    """Larger playing areas (up to 12 x 12) with a few clusters of cards and
    empty spaces between them: the search's tables cover only the cards a walk
    can reach from the claimer's blocks, which here is well short of the area."""
    alphabet = draw(st.sampled_from(["ab", "abq", "aqu"]))
    width = draw(st.integers(5, 12))
    height = draw(st.integers(5, 12))
    grid = [["."] * width for _ in range(height)]
    for _ in range(draw(st.integers(1, 3))):
        col, row = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
        for dc in range(draw(st.integers(1, 4))):
            for dr in range(draw(st.integers(1, 4))):
                if col + dc < width and row + dr < height and draw(st.integers(0, 5)):
                    letter = draw(st.sampled_from(alphabet))
                    grid[row + dr][col + dc] = f"{letter}-{draw(st.integers(0, 9))}"
    rows = [" ".join(r) for r in grid]
    board = read_board(Value({"cards": rows, "area": [width, height]}))
    occupied = [c for c, _ in board.cards]
    chosen = draw(st.lists(st.sampled_from(occupied), unique=True, max_size=7)) if occupied else []
    blocks: dict[str, list[str]] = {p: [] for p in PLAYERS}
    for cell in chosen:
        owner = draw(st.sampled_from(PLAYERS))
        if len(blocks[owner]) < 3:
            blocks[owner].append(cell.name)
    return read_board(Value({"cards": rows, "blocks": blocks, "area": [width, height]}))


@given(wide_boards(), words)
def test_search_bounded_by_reach_agrees_with_brute_force(board: Board, word: str) -> None:
    found = best_walk(board, word, "p")
    expected = brute_best(board, word, "p")
    if expected is None:
        assert found.walk is None
    else:
        assert found.walk is not None
        assert list(found.walk.path) == expected


@given(st.one_of(boards(), wide_boards()))
def test_graph_is_the_boards_cards_and_steps(board: Board) -> None:
    """The search's integer graph, checked against the board's own queries:
    cell i = col * height + row; a step goes to a neighbouring card or stays."""
    g = board.graph
    h = board.height
    assert len(g.cells) == board.width * h
    for i, cell in enumerate(g.cells):
        assert g.index(cell) == i
        card = board.card_at(cell)
        assert g.letters[i] == (card.letter if card else "")
        assert g.points[i] == (card.points if card else 0)
        assert g.owners[i] == board.owner_at(cell)
        near = sorted(g.index(c) for c in [cell, *board.neighbours(cell)] if board.card_at(c))
        assert g.nbrs[i] == tuple(near)
        assert g.nbr_mask[i] == sum(1 << j for j in near)
    for letter, mask in g.letter_masks.items():
        assert mask == sum(1 << i for i, ch in enumerate(g.letters) if ch == letter)


def every_move_ranked(
    board: Board,
    player: str,
    index: WordIndex,
    played: tuple[Cell | None, Cell] | None,
    exclusions: Container[str] = frozenset(),
) -> tuple[int | None, str | None, tuple[Cell | None, Cell] | None]:
    """The block-move review by its definition: every legal move valued by
    ``hints(..., top=1)`` on the board after it; the best is the highest value,
    the move played first among equals, then the first in board order."""
    from referee.wordblock.hints import hints
    from referee.wordblock.rules import check_move

    def value(src: Cell | None, dst: Cell) -> tuple[int | None, str | None]:
        after = board.with_block(player, src, dst)
        found = hints(after, player, index, top=1, exclusions=exclusions)
        return (found[0].net, found[0].word) if found else (None, None)

    moves = [
        (src, dst)
        for src in (None, *board.blocks_of(player))
        for dst, _ in board.cards
        if check_move(board, player, src, dst).valid
    ]
    if played is not None:
        moves.remove(played)
        moves.insert(0, played)
    best: tuple[int | None, str | None, tuple[Cell | None, Cell] | None] = (None, None, None)
    for move in moves:
        net, word = value(*move)
        worth = net if net is not None else -(10**9)
        if best[2] is None or worth > (best[0] if best[0] is not None else -(10**9)):
            best = (net, word, move)
    return best


move_words = st.lists(st.text(alphabet="abqu", min_size=3, max_size=6), max_size=25)


@given(st.one_of(boards(), wide_boards()), move_words, st.booleans())
def test_block_move_search_agrees_with_every_move_ranked(
    board: Board, listed: list[str], with_played: bool
) -> None:
    """The review's branch-and-bound block-move search (its word and move
    ceilings) finds the move a full ranking of every move finds."""
    from referee.wordblock.review import best_move
    from referee.wordblock.rules import check_move

    index = WordIndex.from_words(listed)
    played = None
    if with_played:
        played = next(
            (
                (src, dst)
                for src in (None, *board.blocks_of("p"))
                for dst, _ in board.cards
                if check_move(board, "p", src, dst).valid
            ),
            None,
        )
    moves = best_move(board, "p", index, played=played, budget=60)
    net, word, move = every_move_ranked(board, "p", index, played)
    assert not moves.cut
    if move is None:
        assert moves.best is None
        return
    assert moves.best is not None
    assert (moves.best.from_, moves.best.to) == move
    assert (moves.best.value, moves.best.word) == (net, word)
