"""What a Word Block game file records: the setup and the actions (values only).

Read and written by :mod:`referee.wordblock.formats`, replayed by
:mod:`referee.wordblock.game`.
"""

from __future__ import annotations

from referee.core.cells import Cell
from referee.core.values import frozen
from referee.wordblock.board import Board, Card

DECK_SIZES = (28, 40)
"""The rulebook's decks: 28 cards for 2 players, 40 for 3 or 4."""


@frozen
class Turns:
    """What a turn-by-turn game adds to the setup: who plays first, the deck's
    size and how cards without values are valued (``None``: cards carry points)."""

    first: str
    deck_size: int
    values: str | None = None


@frozen
class SeriesGame:
    """An earlier game of a series: its name (the game file's) and the words
    claimed in it ("you can't claim any words that have already been used in
    the series")."""

    game: str
    words: tuple[str, ...]


@frozen
class Setup:
    """The players (in seating order, clockwise) and the board the game starts
    on; ``turns`` is None for a free scorepad (no turns, no end). ``judging``
    (``None``: challenge for a whole game, strict for a free scorepad), the
    game's ``dictionary`` and house words (``allow``; ``None``: the claim's,
    else the default) and the earlier games of its ``series``."""

    players: tuple[str, ...]
    board: Board
    turns: Turns | None = None
    judging: str | None = None
    dictionary: str | None = None
    allow: tuple[str, ...] | None = None
    series: tuple[SeriesGame, ...] = ()

    @property
    def judged_by(self) -> str:
        """The judging in force: ``challenge`` or ``strict``."""
        if self.judging is not None:
            return self.judging
        return "challenge" if self.turns is not None else "strict"

    @property
    def keeps_dictionary(self) -> bool:
        """Does the game record its dictionary (or house words)?"""
        return self.dictionary is not None or self.allow is not None

    def series_game(self, word: str) -> str | None:
        """The earlier game of the series in which ``word`` was claimed."""
        return next((g.game for g in self.series if word in g.words), None)


@frozen
class PlaceCard:
    """A card played on a space (``player`` is for the record; may be unknown)."""

    card: Card
    at: Cell
    player: str | None = None
    by: str | None = None
    """Who entered it (every action may say so)."""


@frozen
class ClaimWord:
    """A claim as judged when it was made. A refused claim is recorded only
    when it changed a score (a lost challenge) or, in a turn-by-turn game, when
    it ends the player's claiming for the turn (a repeated word); its ``path``
    is then empty."""

    player: str
    word: str
    path: tuple[Cell, ...]
    challenged_by: str | None
    valid: bool
    reason: str | None
    points: tuple[tuple[str, int], ...]
    by: str | None = None


@frozen
class MoveBlock:
    """A block put on a card, from the player's reserve (``from_`` None) or another card."""

    player: str
    from_: Cell | None
    to: Cell
    by: str | None = None


@frozen
class EndTurn:
    """The player whose turn it is ends it; the next player draws."""

    player: str
    by: str | None = None


@frozen
class Undo:
    """Takes back the latest action still in force."""

    by: str | None = None


@frozen
class Redo:
    """Right after undos: puts back the action the latest undo took back."""

    by: str | None = None


Action = PlaceCard | ClaimWord | MoveBlock | EndTurn | Undo | Redo
