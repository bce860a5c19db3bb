"""Turn discipline of a whole Word Block game: whose turn it is, which phase of
it, and how many cards are where.

The rulebook's turn: "1. Draw a card if the draw pile still has cards. 2. Play
a card. 3. Optional: Claim a word. 4. Optional: Move a block." The physical
cards stay physical: the referee does not know the hands, only how many cards
each holds. Hands start at 2; at the start of each turn the player draws while
the draw pile lasts (the draw is counted as the turn starts); the game is over
when the turn in which the last card was played ends.
"""

from __future__ import annotations

from typing import Any, Literal

from referee.core.errors import InputError
from referee.core.values import frozen, replace
from referee.engine import Refusal
from referee.wordblock.actions import Setup

HAND = 2
"""Cards dealt to each player at the start."""

Phase = Literal["place", "claim", "move-block", "end"]
Step = Literal["place", "claim", "move-block", "end-turn"]

REASONS = (
    "not-your-turn",
    "place-first",
    "already-placed",
    "already-claimed-this-turn",
    "already-moved-block",
    "no-cards",
)
"""Why a step is refused out of turn or out of phase (checked in this order)."""


@frozen
class Table:
    """Where a turn-by-turn game stands besides the board and the scores."""

    player: str
    """Whose turn it is (the last turn's player once the game is over)."""
    number: int
    """The turn's number, from 1."""
    hands: tuple[tuple[str, int], ...]
    """Cards each player holds, by count (the current player's draw included)."""
    draw_pile: int
    discarded: int = 0
    """Cards replaced by a placement or discarded by a claim."""
    placed: bool = False
    claimed: bool = False
    """A claim was recorded this turn (scored, lost a challenge, or a repeat)."""
    moved: bool = False
    over: bool = False

    def hand(self, player: str) -> int:
        return dict(self.hands)[player]

    @property
    def must_place(self) -> bool:
        return not self.placed and self.hand(self.player) > 0

    @property
    def phase(self) -> Phase:
        """The next step the rules allow (``end``: only ending the turn)."""
        if self.must_place:
            return "place"
        if not self.claimed and not self.moved:
            return "claim"
        return "end" if self.moved else "move-block"

    def turn(self) -> dict[str, Any] | None:
        """``{"player", "phase"}``; None once the game is over."""
        return None if self.over else {"player": self.player, "phase": self.phase}

    def cards_held(self) -> int:
        return sum(n for _, n in self.hands)


def check_deck(setup: Setup) -> None:
    """The deck must hold the board's cards and a hand of 2 for every player."""
    assert setup.turns is not None
    dealt = len(setup.board.cards) + HAND * len(setup.players)
    if dealt > setup.turns.deck_size:
        raise InputError(
            f"a deck of {setup.turns.deck_size} cannot hold the {len(setup.board.cards)} cards "
            f"on the board and {len(setup.players)} hands of {HAND}"
        )


def deal(setup: Setup) -> Table:
    """The table as the game starts: hands of 2, the board's cards out, the
    rest in the draw pile, and the first player's draw."""
    assert setup.turns is not None
    pile = setup.turns.deck_size - len(setup.board.cards) - HAND * len(setup.players)
    table = Table(setup.turns.first, 0, tuple((p, HAND) for p in setup.players), pile)
    return _starts(table, setup.turns.first)


def _starts(table: Table, player: str) -> Table:
    """``player``'s turn begins: they draw a card if the draw pile has one."""
    draws = 1 if table.draw_pile > 0 else 0
    hands = tuple((p, n + draws if p == player else n) for p, n in table.hands)
    return Table(player, table.number + 1, hands, table.draw_pile - draws, table.discarded)


def refusal(table: Table, step: Step, player: str | None) -> Refusal | None:
    """Why ``player`` (None: whoever's turn it is) may not take ``step`` now."""
    who = table.player
    if player is not None and player != who:
        return Refusal("not-your-turn", f"it is {who}'s turn")
    if step == "place":
        if table.placed or table.claimed or table.moved:
            return Refusal(
                "already-placed",
                f"{who} has played a card this turn"
                if table.placed
                else "a card is played before claiming a word or moving a block",
            )
        if table.hand(who) == 0:
            return Refusal("no-cards", f"{who} has played all their cards")
        return None
    if table.must_place:
        return Refusal("place-first", f"{who} plays a card first")
    if step == "claim" and (table.claimed or table.moved):
        return Refusal(
            "already-claimed-this-turn",
            f"{who} has claimed a word this turn"
            if table.claimed
            else "a word is claimed before moving a block",
        )
    if step == "move-block" and table.moved:
        return Refusal("already-moved-block", f"{who} has moved a block this turn")
    return None


def placed(table: Table, replaced: bool) -> Table:
    """The current player played a card (``replaced``: it took another's space)."""
    hands = tuple((p, n - 1 if p == table.player else n) for p, n in table.hands)
    return replace(table, hands=hands, placed=True, discarded=table.discarded + int(replaced))


def claimed(table: Table, discarded: int) -> Table:
    return replace(table, claimed=True, discarded=table.discarded + discarded)


def moved(table: Table) -> Table:
    return replace(table, moved=True)


def ended(table: Table, players: tuple[str, ...]) -> Table:
    """The turn ends: the game is over once every card is played, else the
    next player (clockwise: the next in ``players``) starts and draws."""
    if table.draw_pile == 0 and table.cards_held() == 0:
        return replace(table, over=True)
    following = players[(players.index(table.player) + 1) % len(players)]
    return _starts(table, following)
