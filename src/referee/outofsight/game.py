"""An Out of Sight game on the game log (:mod:`referee.engine`).

The setup is the players (in their seats, clockwise), the mode and, if
given, the first player. The history is a list of actions, each a mapping
with an ``action`` key; the state is never stored but replayed from them
through :func:`step`. A game is kept turn by turn, or frame by frame:

* ``{action: turn, player: P, cards: [red-3, ...], end: stop|time,
  doubles: flip|wipe, prefer: {...}}`` records one turn: on ``stop`` the
  cards go to the player's bank, on ``time`` to the discard pile. After every
  player's third turn the frame closes and is scored (``prefer`` only on the
  turn that closes a frame, only when used; ``doubles`` only when used);
* ``{action: frame, frame: N, banks: {PLAYER: BANK, ...}, prefer: {...}}``
  records the end of a frame at once (the banks as a frame file gives them),
  for tables that only total frames at the end; never in the middle of a
  frame played turn by turn;
* ``{action: undo}`` takes back the latest action still in force.

Seats and the Time Keeper: the players sit in the order given, clockwise,
and the turn passes clockwise. The Time Keeper of the player in seat ``i`` of
``n`` is seat ``(i + n // 2) mod n``, the player across the table: with two
players each keeps time for the other; with an odd number there is no seat
straight across, and it is the seat just past halfway round, clockwise (with
3 players: seat 0's Time Keeper is seat 1, seat 1's is seat 2, seat 2's is
seat 0). Every frame starts with the first player (after every player's
three turns the dice come back round to them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal, TypeAlias

from referee.core.errors import InputError, show
from referee.core.schema import Fields, Value
from referee.core.values import frozen
from referee.engine import Refusal
from referee.outofsight import formats
from referee.outofsight.rolls import RollTake, Round, rolls_problem
from referee.outofsight.rules import (
    DECK,
    FRAMES,
    Bank,
    Card,
    FrameScore,
    Mode,
    colour_warnings,
    colour_word,
    describe_cards,
    game_players,
    prefer_problem,
    score_frame,
)

# ----------------------------------------------------------------- the setup


@frozen
class Setup:
    """Fixed for the whole game: who plays, and the basic or the advanced game."""

    players: tuple[str, ...]
    mode: Mode
    first: str | None = None
    """Who starts every frame (``None``: the first player listed)."""
    colours: tuple[str, ...] | None = None
    """The deck's colours: a card of another colour is refused (``None``, in
    files of earlier releases: any colour word)."""
    variant: Variant | None = None
    """``younger``: the "Tips for Younger Players" game (no Doubles card, the
    timer uncovered, every turn keeps its cards)."""
    roll_off: tuple[Round, ...] = ()
    """The roll-off that chose ``first``: every player's roll, then the re-rolls."""

    @property
    def younger(self) -> bool:
        return self.variant == "younger"

    @classmethod
    def of(
        cls,
        players: Sequence[str],
        mode: Mode,
        first: str | None = None,
        colours: Sequence[str] | None = None,
    ) -> Setup:
        """2 to 12 different names (errors name the place ``players``); ``first``
        must be one of them, in any case (errors name the place ``first``)."""
        from referee.core.text import name_key

        names = game_players(players)
        if first is not None:
            found = next((n for n in names if name_key(n) == name_key(first.strip())), None)
            if found is None:
                raise InputError(
                    f"{show(first)} is not one of the players ({', '.join(names)})",
                    place="first",
                )
            first = found
        deck = None
        if colours is not None:
            try:
                deck = tuple(dict.fromkeys(colour_word(c) for c in colours))
            except InputError as exc:
                raise exc.at("colours") from None
            if not deck:
                raise InputError("name the deck's colours", place="colours")
        return cls(names, mode, first, deck)

    def find(self, name: str, place: str = "player") -> str:
        """The player ``name`` names (any case, NFC), or an error naming ``place``."""
        from referee.core.text import name_key

        key = name_key(name.strip())
        found = next((n for n in self.players if name_key(n) == key), None)
        if found is None:
            raise InputError(
                f"{show(name)} is not a player of this game (players: {', '.join(self.players)})",
                place=place,
            )
        return found

    def check_colours(self, cards: Sequence[Card], place: str) -> None:
        """Refuse a card whose colour the game's deck does not have."""
        if self.colours is None:
            return
        for card in cards:
            if card.colour not in self.colours:
                raise InputError(
                    f"card {show(str(card))}: {show(card.colour)} is not a colour of this "
                    f"game (colours: {', '.join(self.colours)})",
                    place=place,
                )

    @property
    def start(self) -> int:
        """The seat of the first player."""
        return self.players.index(self.first) if self.first is not None else 0

    def time_keeper(self, player: str) -> str:
        """The player across the table: seat ``(i + n // 2) mod n``."""
        n = len(self.players)
        return self.players[(self.players.index(player) + n // 2) % n]


# ------------------------------------------------------------------- actions


@frozen
class FrameAction:
    """The end of a frame: each player's bank, and any preferences among
    piles of equal size."""

    kind: ClassVar[str] = "frame"
    frame: int
    banks: tuple[tuple[str, Bank], ...]
    prefer: tuple[tuple[str, tuple[str, ...]], ...] = ()
    by: str | None = None
    """Who entered it (every action may say so)."""


End = Literal["stop", "time"]
Variant = Literal["younger"]
VARIANTS: tuple[Variant, ...] = ("younger",)
Doubles = Literal["flip", "wipe"]


@frozen
class TurnAction:
    """One turn: the cards collected, and who called first: the player
    (``stop``: the cards are banked) or the Time Keeper (``time``: lost)."""

    kind: ClassVar[str] = "turn"
    player: str
    cards: tuple[Card, ...]
    end: End
    doubles: Doubles | None = None
    prefer: tuple[tuple[str, tuple[str, ...]], ...] = ()
    by: str | None = None
    rolls: tuple[RollTake, ...] = ()
    """The rolls behind the turn, if given (checked against its cards)."""


@frozen
class Undo:
    """Take back the latest action still in force."""

    kind: ClassVar[str] = "undo"
    by: str | None = None


@frozen
class Redo:
    """Right after undos: put back the action the latest undo took back."""

    kind: ClassVar[str] = "redo"
    by: str | None = None


Action: TypeAlias = TurnAction | FrameAction | Undo | Redo


# --------------------------------------------------------------------- state


@frozen
class Played:
    """A frame in force: the banks in the players' order, the preferences, the score."""

    banks: tuple[tuple[str, Bank], ...]
    prefer: tuple[tuple[str, tuple[str, ...]], ...]
    score: FrameScore

    @property
    def frame(self) -> int:
        return self.score.frame


@frozen
class Turn:
    """Whose turn it is: the player, their Time Keeper and the check box (1-3)."""

    player: str
    time_keeper: str
    box: int


@frozen
class State:
    """The game so far: the frames played, and the frame in play."""

    frames: tuple[Played, ...] = ()
    turns: int = 0
    """Turns played in the frame in play."""
    taken: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    """The cards banked by turns in the frame in play (saved cards not included)."""
    lost: tuple[Card, ...] = ()
    """Every card lost on "Time" in this game (the discard pile)."""

    def saved(self, setup: Setup) -> dict[str, Bank]:
        """The cards each player carries into the frame in play."""
        last = self.frames[-1].score if self.frames and not self.finished else None
        return {
            name: last.player(name).saved_bank() if last is not None else Bank()
            for name in setup.players
        }

    def banks(self, setup: Setup) -> dict[str, Bank]:
        """Each player's bank in the frame in play: saved cards, then the cards taken."""
        taken = dict(self.taken)
        return {
            name: Bank(bank.cards + taken.get(name, ())) for name, bank in self.saved(setup).items()
        }

    def turn(self, setup: Setup) -> Turn | None:
        """Whose turn it is (``None`` once the game is over)."""
        if self.finished:
            return None
        n = len(setup.players)
        player = setup.players[(setup.start + self.turns) % n]
        return Turn(player, setup.time_keeper(player), self.turns // n + 1)

    @property
    def next_frame(self) -> int:
        return len(self.frames) + 1

    @property
    def finished(self) -> bool:
        return len(self.frames) >= FRAMES

    def scores(self) -> tuple[FrameScore, ...]:
        return tuple(p.score for p in self.frames)

    def totals(self, setup: Setup) -> dict[str, int]:
        totals = dict.fromkeys(setup.players, 0)
        for played in self.frames:
            for p in played.score.players:
                totals[p.player] += p.points
        return totals

    def warnings(self) -> tuple[str, ...]:
        return colour_warnings(bank for played in self.frames for _, bank in played.banks)

    def result(self, setup: Setup) -> Result | None:
        """Winners after the final frame (``None`` before it).

        Most points wins; a tie goes to the higher sum of the numbers on the
        scored cards of the final frame; if still tied (or a tied player's cards
        have no numbers), all tied players win.
        """
        if not self.finished:
            return None
        totals = self.totals(setup)
        top = max(totals.values())
        tied = tuple(p for p in setup.players if totals[p] == top)
        pairs = tuple(totals.items())
        if len(tied) == 1:
            return Result(pairs, tied)
        final = self.frames[-1].score
        numbers = tuple((p, final.player(p).numbers) for p in tied)
        known = [n for _, n in numbers if n is not None]
        if len(known) < len(numbers):
            return Result(pairs, tied, tied, numbers)
        best = max(known)
        return Result(pairs, tuple(p for p, n in numbers if n == best), tied, numbers)


@frozen
class Result:
    """The end of the game: winners and how a tie on points was settled."""

    totals: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    tied: tuple[str, ...] = ()
    """Players level on points (empty when one player leads)."""
    numbers: tuple[tuple[str, int | None], ...] = ()
    """The tie-break: numbers on each tied player's scored cards in the final frame."""


# ---------------------------------------------------------------------- rules


def start(setup: Setup) -> State:
    return State()


def step(setup: Setup, state: State, action: Action) -> State | Refusal:
    """Apply one action (pure), or refuse it."""
    if isinstance(action, TurnAction):
        return play_turn(setup, state, action)
    if isinstance(action, FrameAction):
        return play_frame(setup, state, action)
    return Refusal("not-a-step", "an undo or a redo is kept by the game log, not played")


def propose_frame(
    setup: Setup,
    state: State,
    banks: Sequence[tuple[str, Bank]],
    prefer: dict[str, tuple[str, ...]],
    *,
    frame: int | None = None,
    mode: Mode | None = None,
) -> FrameAction | Refusal:
    """The frame action for a frame file (its ``frame:`` and ``mode:``, if
    given, must be the game's), to be checked by :func:`step`."""
    if mode is not None and mode != setup.mode:
        return Refusal("wrong-mode", f"this frame is {mode}, but the game is {setup.mode}")
    return FrameAction(
        frame if frame is not None else state.next_frame,
        tuple(banks),
        tuple(prefer.items()),
    )


def play_frame(setup: Setup, state: State, action: FrameAction) -> State | Refusal:
    """The game with one more frame, if the frame fits it: every player has a
    bank, no one else does, and each bank holds the cards saved at the end of
    the previous frame."""
    if state.finished:
        return Refusal("game-over", f"the game is over: all {FRAMES} frames played")
    if state.turns:
        return Refusal(
            "frame-in-play",
            f"frame {state.next_frame} is being played turn by turn "
            f"({state.turns} turns recorded): record its other turns",
        )
    if action.frame != state.next_frame:
        return Refusal(
            "wrong-frame",
            f"this is frame {action.frame}, but the game is at frame {state.next_frame}",
        )
    given = dict(action.banks)
    stranger = next((name for name in given if name not in setup.players), None)
    if stranger is not None:
        return Refusal(
            "not-a-player",
            f"{show(stranger)} is not in this game (players: {', '.join(setup.players)})",
        )
    absent = next((name for name in setup.players if name not in given), None)
    if absent is not None:
        return Refusal("no-bank", f"{absent} has no bank")
    banks = tuple((name, given[name]) for name in setup.players)
    prefer = dict(action.prefer)
    problem = prefer_problem(prefer, banks)
    if problem is not None:
        return Refusal("bad-prefer", problem)
    if state.frames:
        previous = state.frames[-1].score
        for name, bank in banks:
            lacking = bank.missing(previous.player(name).saved_bank())
            if lacking:
                return Refusal(
                    "saved-cards-missing",
                    f"{name}'s bank lacks cards saved in frame {previous.frame}: "
                    f"{describe_cards(lacking)}",
                )
    score = score_frame(banks, setup.mode, action.frame, prefer)
    return State((*state.frames, Played(banks, action.prefer, score)), lost=state.lost)


def play_turn(setup: Setup, state: State, action: TurnAction) -> State | Refusal:
    """The game after one more turn; after every player's third turn the
    frame is closed and scored as :func:`score_frame` scores its banks."""
    turn = state.turn(setup)
    if turn is None:
        return Refusal("game-over", f"the game is over: all {FRAMES} frames played")
    if action.player not in setup.players:
        return Refusal(
            "not-a-player",
            f"{show(action.player)} is not in this game (players: {', '.join(setup.players)})",
        )
    if action.player != turn.player:
        return Refusal(
            "not-your-turn", f"it is {turn.player}'s turn (box {turn.box}), not {action.player}'s"
        )
    unnumbered = next((c for c in action.cards if c.number is None), None)
    if unnumbered is not None:
        return Refusal("no-number", f"card {unnumbered} has no number (write colour-number)")
    if action.rolls:
        numbers = [c.number for c in action.cards if c.number is not None]
        problem = rolls_problem(
            action.rolls, numbers, action.doubles, doubles_card=not setup.younger
        )
        if problem is not None:
            return Refusal("bad-rolls", problem)
    if setup.younger and action.doubles is not None:
        return Refusal(
            "no-doubles-card",
            f"the younger players' game has no Doubles card: no {action.doubles.capitalize()}",
        )
    closes = state.turns + 1 == FRAMES * len(setup.players)
    if action.prefer and not closes:
        return Refusal(
            "bad-prefer", "a preference is given on the turn that closes the frame, not before"
        )
    taken = dict(state.taken)
    lost = state.lost
    if action.end == "stop" or setup.younger:  # the younger keep everything they collect
        taken[action.player] = taken.get(action.player, ()) + action.cards
    else:
        lost = lost + action.cards
    after = State(
        state.frames,
        state.turns + 1,
        tuple((name, taken[name]) for name in setup.players if name in taken),
        lost,
    )
    banks = tuple(after.banks(setup).items())
    heavy = next((name for name, bank in banks if len(bank) > DECK), None)
    if heavy is not None or len(lost) > DECK:
        return Refusal("too-many-cards", f"more than the {DECK} cards of the deck")
    if not closes:
        return after
    prefer = dict(action.prefer)
    problem = prefer_problem(prefer, banks)
    if problem is not None:
        return Refusal("bad-prefer", problem)
    score = score_frame(banks, setup.mode, state.next_frame, prefer)
    return State((*state.frames, Played(banks, action.prefer, score)), lost=lost)


# ------------------------------------------------------------ the engine's view


class OutOfSight:
    """Out of Sight as the engine sees it: the game file's setup and actions
    (read and written by :mod:`referee.outofsight.formats`) and the pure step
    (implements :class:`referee.engine.Game`)."""

    name = formats.GAME_NAME
    title = "Out of Sight"

    # -- the file
    def read_setup(self, fields: Fields) -> Setup:
        return formats.read_setup(fields)

    def write_setup(self, setup: Setup) -> dict[str, Any]:
        return formats.write_setup(setup)

    def read_action(self, value: Value) -> Action:
        return formats.read_action(value)

    def write_action(self, action: Action) -> dict[str, Any]:
        return formats.write_action(action)

    def upgrade(self, data: dict[str, Any]) -> dict[str, Any]:
        return formats.upgrade(data)

    # -- undo
    def is_undo(self, action: Action) -> bool:
        return isinstance(action, Undo)

    def is_redo(self, action: Action) -> bool:
        return isinstance(action, Redo)

    def undo(self) -> Action:
        return Undo()

    def redo(self) -> Action:
        return Redo()

    # -- the rules
    def start(self, setup: Setup) -> State:
        return start(setup)

    def step(self, setup: Setup, state: State, action: Action) -> State | Refusal:
        return step(setup, state, action)


GAME = OutOfSight()
