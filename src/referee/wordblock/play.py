"""What each game command asks of a Word Block game: new games (a free scorepad
or a whole game turn by turn), and who may take a step now and what it records.

Each request returns the action to record (None: nothing is recorded) and the
verdict: the rules' (:mod:`referee.wordblock.rules`) or a
:class:`~referee.engine.Refusal` of the turn discipline (``not-your-turn``,
``place-first``, ...). Input the referee cannot use (a player not in the game,
a step after the game is over) is an :class:`InputError`.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from referee.core.cells import Cell
from referee.core.errors import InputError, show
from referee.engine import Refusal
from referee.wordblock import turns
from referee.wordblock.actions import (
    DECK_SIZES,
    ClaimWord,
    EndTurn,
    MoveBlock,
    PlaceCard,
    Setup,
    Turns,
)
from referee.wordblock.board import (
    DEFAULT_AREA,
    Board,
    Card,
    cell_key,
    find_player,
    player_name,
)
from referee.wordblock.formats import MAX_PLAYERS, MAX_TURN_PLAYERS
from referee.wordblock.game import State
from referee.wordblock.rules import (
    MIN_LETTERS,
    BlockMove,
    Claim,
    Placement,
    check_move,
    check_place,
    judge_claim,
)

GRID_CELLS = ("C3", "D3", "C4", "D4")
"""Where the 4 cards dealt face up go in the default 6 x 6 area: "in the middle"."""


# ---------------------------------------------------------------------- new games


def seat(players: Sequence[str], most: int = MAX_TURN_PLAYERS) -> tuple[str, ...]:
    """The players' names, checked: 2 to ``most``, no one twice (``Ana`` and
    ``ANA`` are one player)."""
    from referee.core.text import first_duplicate

    names = tuple(player_name(p, "players") for p in players)
    dup = first_duplicate(names)
    if dup is not None:
        first = next(n for n in names if find_player([n], dup) is not None)
        same = "" if first == dup else f" (as {show(first)})"
        raise InputError(f"{show(dup)} is named twice{same}", place="players")
    if len(names) < 2:
        raise InputError("name at least 2 different players, comma-separated", place="players")
    if len(names) > most:
        raise InputError(f"at most {most} players ({len(names)} given)", place="players")
    return names


def _seated(names: tuple[str, ...], board: Board) -> Board:
    extra = [p for p in board.players if find_player(names, p) is None]
    if extra:
        raise InputError(f"{extra[0]!r} has blocks on the board but is not a player", place="board")
    return board.with_players(names)


def free_setup(players: Sequence[str], board: Board | None) -> Setup:
    """A free scorepad for ``players`` on ``board`` (default: an empty 6x6 area)."""
    names = seat(players, MAX_PLAYERS)
    return Setup(names, _seated(names, board or Board.empty(names)))


def grid_board(cards: Sequence[Card]) -> Board:
    """The 4 cards dealt face up (row by row) in the middle of a 6 x 6 area."""
    if len(cards) != len(GRID_CELLS):
        raise InputError(
            f"expected the {len(GRID_CELLS)} cards dealt face up (a 2 x 2 grid, row by row), "
            f"got {len(cards)}",
            place="grid",
        )
    cells = map(Cell.from_name, GRID_CELLS)
    placed = sorted(zip(cells, cards, strict=True), key=lambda x: cell_key(x[0]))
    width, height = DEFAULT_AREA
    return Board(width, height, tuple(placed), (), (), DEFAULT_AREA)


def first_by_draw(players: Sequence[str], draws: Sequence[tuple[str, str]]) -> str:
    """Who starts: each player's drawn letter (or card), "Closest to 'z' wins".
    Every player draws once; a tie on the top letter is refused (draw again)."""
    letters: dict[str, str] = {}
    for name, drawn in draws:
        player = find_player(players, player_name(name, "draw")) or ""
        if not player:
            raise InputError(f"{name!r} is not one of the players", place="draw")
        if player in letters:
            raise InputError(f"{player} drew twice", place="draw")
        text = drawn.strip()
        if len(text) == 1 and "a" <= text.lower() <= "z":
            letter = text.lower()
        elif _is_card(text):
            letter = Card.parse(text).letter
        else:
            raise InputError(
                f"{player}={show(drawn)}: give the letter drawn (a letter, or a card like x-8)",
                place="draw",
            )
        letters[player] = letter
    missing = [p for p in players if p not in letters]
    if missing:
        raise InputError(f"{', '.join(missing)} did not draw (every player draws)", place="draw")
    top = max(letters.values())
    leaders = [p for p in players if letters[p] == top]
    if len(leaders) > 1:
        raise InputError(
            f"{' and '.join(leaders)} drew {top!r}, the top letter: a tie, draw again",
            place="draw",
        )
    return leaders[0]


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except InputError:
        return False
    return True


def turns_setup(
    players: Sequence[str],
    *,
    board: Board,
    deck_size: int | None = None,
    first: str | None = None,
    values: str | None = None,
) -> Setup:
    """A whole game, turn by turn: 2-4 players, a deck of 28 (2 players) or 40
    (3-4), ``first`` to play (default: the first listed), starting on ``board``
    (the 4 cards dealt face up, or a board file)."""
    names = seat(players)
    size = (
        deck_size
        if deck_size is not None
        else (DECK_SIZES[0] if len(names) == 2 else DECK_SIZES[1])
    )
    if size not in DECK_SIZES:
        raise InputError(
            f"expected {' or '.join(map(str, DECK_SIZES))} (the rulebook's decks), got {size}",
            place="deck_size",
        )
    starts = names[0] if first is None else find_player(names, player_name(first, "first"))
    if starts is None:
        raise InputError(f"{first!r} is not one of the players", place="first")
    setup = Setup(names, _seated(names, board), Turns(starts, size, values))
    try:
        turns.check_deck(setup)
    except InputError as exc:
        raise InputError(exc.detail, place="deck_size") from None
    return setup


# --------------------------------------------------------------------- the steps


def require_player(setup: Setup, name: str, place: str = "player") -> str:
    """``name`` as one of the game's players (``place`` names the option in errors)."""
    player = find_player(setup.players, player_name(name, place))
    if player is None:
        known = ", ".join(setup.players)
        raise InputError(f"{name!r} is not a player of this game (players: {known})", place=place)
    return player


def actor(
    setup: Setup, state: State, step: turns.Step, player: str | None
) -> tuple[str | None, Refusal | None]:
    """Who takes ``step`` (``player`` as given, or whoever's turn it is) and, in
    a turn-by-turn game, why the turn does not allow it now."""
    name = require_player(setup, player) if player is not None else None
    table = state.table
    if table is None:
        if step == "end-turn":
            raise InputError("this game is a free scorepad: it has no turns to end")
        if name is None and step != "place":
            raise InputError("name the player (a free scorepad has no turns)", place="player")
        return name, None
    if table.over:
        raise InputError(
            f"the game is over (every card is played): no {step} after it; undo takes back "
            "the last action"
        )
    return table.player, turns.refusal(table, step, name)


def claim_action(verdict: Claim, turn_by_turn: bool = False) -> ClaimWord | None:
    """What a judged claim records: a scoring claim, or a refusal that cost the
    claimer a lost challenge, or (turn by turn, where it ends the player's
    claiming for the turn) a repeated word; other refusals record nothing."""
    points = verdict.points()
    repeat = turn_by_turn and verdict.reason == "already-claimed"
    if not points and not repeat:
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


def claim(
    setup: Setup,
    state: State,
    word: str,
    player: str | None,
    lexicon: Container[str],
    *,
    path: Sequence[Cell] | None = None,
    challenged_by: str | None = None,
    exclusions: Container[str] = frozenset(),
    allowed: Container[str] = frozenset(),
) -> tuple[ClaimWord | None, Claim | Refusal]:
    """Judge a claim on the game's board: the action to record (if any) and the verdict."""
    claimer, refused = actor(setup, state, "claim", player)
    assert claimer is not None
    challenger = None
    if challenged_by is not None:
        challenger = require_player(setup, challenged_by, "challenged_by")
        if challenger == claimer:
            raise InputError(
                f"{challenged_by!r} is the claimer; a player cannot challenge their own word",
                place="challenged_by",
            )
    if refused is not None:
        return None, refused
    earlier = setup.series_game(word) if len(word) >= MIN_LETTERS else None
    if earlier is not None:
        verdict = Claim(
            word,
            claimer,
            False,
            reason="already-claimed",
            detail=f"in {earlier}, an earlier game of the series",
            challenged_by=challenger,
        )
        return claim_action(verdict, state.table is not None), verdict
    if challenger is None and setup.judged_by == "challenge":
        lexicon, exclusions = ANY_WORD, frozenset()  # unchallenged, the word stands
    verdict = judge_claim(
        state.board,
        word,
        claimer,
        lexicon,
        path=path,
        challenged_by=challenger,
        exclusions=exclusions,
        allowed=allowed,
    )
    return claim_action(verdict, state.table is not None), verdict


class _AnyWord:
    """Every word: what an unchallenged claim is judged by under challenge
    judging ("The challenger looks up the word in the dictionary")."""

    def __contains__(self, word: object) -> bool:
        return True


ANY_WORD: Container[str] = _AnyWord()


def place(
    setup: Setup, state: State, card: Card, at: Cell, player: str | None
) -> tuple[PlaceCard | None, Placement | Refusal]:
    who, refused = actor(setup, state, "place", player)
    if refused is not None:
        return None, refused
    verdict = check_place(state.board, card, at)
    return (PlaceCard(card, at, who) if verdict.valid else None), verdict


def move_block(
    setup: Setup, state: State, player: str | None, from_: Cell | None, to: Cell
) -> tuple[MoveBlock | None, BlockMove | Refusal]:
    who, refused = actor(setup, state, "move-block", player)
    assert who is not None
    if refused is not None:
        return None, refused
    verdict = check_move(state.board, who, from_, to)
    return (MoveBlock(who, from_, to) if verdict.valid else None), verdict


def end_turn(
    setup: Setup, state: State, player: str | None
) -> tuple[EndTurn | None, EndTurn | Refusal]:
    who, refused = actor(setup, state, "end-turn", player)
    assert who is not None
    if refused is not None:
        return None, refused
    return EndTurn(who), EndTurn(who)
