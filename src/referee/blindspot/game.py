"""A Blind Spot game: the table (board, seats, mode), the state replayed from
the actions, the pure ``step``, and the game's file on the engine.

A game is its setup plus the history of actions (:mod:`referee.engine`): the
state is never stored, it is replayed from the actions still in force, so the
file can be audited by a person and an undo is itself an action. Replaying
re-checks every action against the board; a file edited by hand into an
impossible state is an :class:`InputError` naming the action.

:class:`BlindSpotGame` is what the engine needs: the file's setup keys and
action entries (read field by field through the strict reader), ``start``,
``step`` and the upgrade of files written by the previous release
(``game: blind-spot-game``, ``format: 1``, ``actions:`` entries with ``do:``).
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from itertools import pairwise
from typing import Any, Literal, TypeVar

from referee.blindspot.board import LetterGrid
from referee.blindspot.formats import GAME as LAYOUT_GAME
from referee.blindspot.formats import expect, read_cell, read_colour, read_letters, read_word
from referee.blindspot.rules import (
    COLOURS,
    SPOTS_PER_COLOUR,
    Play,
    Position,
    Verdict,
    check_word,
    colour,
    legal_plays,
)
from referee.core.cells import Cell
from referee.core.errors import InputError
from referee.core.schema import Fields, Value, YamlList, YamlMap
from referee.core.values import frozen, replace
from referee.engine import FORMAT, Refusal

T = TypeVar("T", bound=str)

Mode = Literal["standard", "teams", "solo"]
MODES: tuple[Mode, ...] = ("standard", "teams", "solo")
ActionKind = Literal["play", "bonus", "skip-bonus", "timeout", "undo"]
ACTION_KINDS: tuple[ActionKind, ...] = ("play", "bonus", "skip-bonus", "timeout", "undo")

GameReason = Literal[
    "not-your-turn",
    "game-over",
    "bonus-owed",
    "no-bonus-owed",
    "no-spots-left",
    "must-play",
    "nothing-to-undo",
]

PAIRS: tuple[tuple[str, str], ...] = (("red", "yellow"), ("blue", "green"))
"""The two sides: with two players (and in solo play) each side uses two
colours; in a team game they are the teams."""

SOLO_BANDS: tuple[tuple[int, str], ...] = (
    (16, "20/20 vision!"),
    (10, "Seeing clearly"),
    (4, "Slightly blurry..."),
    (0, "Get those eyes checked!"),
)


def solo_band(score: int) -> str:
    """The rulebook's rating for a solo score."""
    return next(label for low, label in SOLO_BANDS if score >= low)


def _pair_of(name: str) -> tuple[str, ...]:
    return next(pair for pair in PAIRS if name in pair)


# ----------------------------------------------------------------- the table


@frozen
class GameSetup:
    """What is fixed for the whole game: the board, the seats in turn order and
    the mode; and, kept for the game's commands, the dictionary and house words
    given when it started and the layout it came from (its file and code).

    Two players each use two colours (red+yellow against blue+green); a team
    game is four players, red+yellow against blue+green, seated alternately;
    solo play is blue and red alternating, blue first, with green and yellow
    as their reserves.
    """

    board: LetterGrid
    players: tuple[str, ...]
    mode: Mode = "standard"
    dictionary: str | None = None
    allow: tuple[str, ...] | str | None = None
    """The game's house words (files of earlier releases: a word-list file's name)."""
    layout_source: str | None = None
    layout_code: str | None = None

    @classmethod
    def create(
        cls,
        board: LetterGrid,
        players: Sequence[str],
        mode: Mode = "standard",
        *,
        dictionary: str | None = None,
        allow: tuple[str, ...] | str | None = None,
        layout_source: str | None = None,
        layout_code: str | None = None,
    ) -> GameSetup:
        """Validate the seats; an impossible table is an :class:`InputError`
        placed at ``players``."""
        extra: dict[str, Any] = {
            "dictionary": dictionary,
            "allow": allow,
            "layout_source": layout_source,
            "layout_code": layout_code,
        }
        if mode == "solo":
            if players and tuple(players) != ("blue", "red"):
                raise InputError("solo play is blue and red, blue first", place="players")
            return cls(board, ("blue", "red"), "solo", **extra)
        try:
            seats = tuple(colour(p) for p in players)
        except InputError as exc:
            raise exc.at("players") from None
        if len(set(seats)) != len(seats):
            raise InputError(f"a colour is listed twice ({', '.join(seats)})", place="players")
        if not 2 <= len(seats) <= 4:
            raise InputError(f"2 to 4 players, got {len(seats)}", place="players")
        if mode == "teams":
            if len(seats) != 4:
                raise InputError(
                    "a team game needs all four colours (red, yellow, blue, green)",
                    place="players",
                )
            for left, right in pairwise(seats):
                if _pair_of(left) == _pair_of(right):
                    raise InputError(
                        "the members of each team sit alternately with the other team: "
                        f"{left} and {right} are teammates seated side by side "
                        "(e.g. red, blue, yellow, green)",
                        place="players",
                    )
            return cls(board, seats, "teams", **extra)
        if len(seats) == 2 and _pair_of(seats[0]) == _pair_of(seats[1]):
            raise InputError(
                f"with two players one takes red+yellow and the other blue+green; "
                f"{seats[0]} and {seats[1]} are the same side",
                place="players",
            )
        return cls(board, seats, "standard", **extra)

    def colours_of(self, player: str) -> tuple[str, ...]:
        """The colours a seat places, in the order its spots are used."""
        if self.mode == "solo" or (self.mode == "standard" and len(self.players) == 2):
            return _pair_of(player)
        return (player,)

    def seat_of(self, name: str) -> str | None:
        for p in self.players:
            if name in self.colours_of(p):
                return p
        return None

    @property
    def teams(self) -> tuple[tuple[str, ...], ...]:
        """Readable-across groups for :class:`Position` (pairs and teams)."""
        if self.mode == "teams":
            return PAIRS
        return tuple(self.colours_of(p) for p in self.players if len(self.colours_of(p)) > 1)

    @property
    def supply(self) -> int:
        """Spots per seat: 20 per colour it uses."""
        return SPOTS_PER_COLOUR * len(self.colours_of(self.players[0]))

    @property
    def sha256(self) -> str:
        return board_sha256(self.board)


def board_sha256(board: LetterGrid) -> str:
    """The checksum a game file keeps beside its letters."""
    import hashlib

    return hashlib.sha256("\n".join(board.rows).encode("ascii")).hexdigest()


# ------------------------------------------------------------------- actions


@frozen
class Action:
    """One recorded action. ``player`` is the seat that acted; ``forced`` a
    solo timeout accepted although a word was there."""

    kind: ActionKind
    player: str | None = None
    at: Cell | None = None
    word: str | None = None
    forced: bool = False

    def to_dict(self) -> dict[str, Any]:
        """As in the game file's history (and in the commands' JSON)."""
        out: dict[str, Any] = {"action": self.kind}
        if self.player is not None:
            out["player"] = self.player
        if self.at is not None:
            out["at"] = self.at.name
        if self.word is not None:
            out["word"] = self.word
        if self.forced:
            out["forced"] = True
        return out

    def describe(self) -> str:
        """Short, for messages: ``play red G1 PET``."""
        bits = [
            self.kind,
            self.player or "",
            self.at.name if self.at else "",
            (self.word or "").upper(),
        ]
        return " ".join(b for b in bits if b)


UNDO = Action("undo")

ACTION_KEYS: dict[ActionKind, tuple[str, ...]] = {
    "play": ("player", "at", "word"),
    "bonus": ("player", "at"),
    "skip-bonus": ("player",),
    "timeout": ("player", "forced"),
    "undo": (),
}
"""The keys of each kind of action in the game file, beside ``action``."""


# --------------------------------------------------------------------- state


@frozen
class GameState:
    """Everything replayed from the actions in force."""

    spots: Mapping[str, tuple[Cell, ...]]
    """Board spots by colour, in the order placed."""
    glasses: Mapping[str, int]
    """Glasses-tile spots by seat."""
    used: Mapping[str, int]
    """Spots taken from each seat's supply (board and glasses tile)."""
    turn: str | None
    """The seat to act next; ``None`` once the game is over."""
    bonus_owed: str | None
    eliminated: tuple[str, ...]
    winner: str | tuple[str, ...] | None
    over: bool
    actions: tuple[Action, ...]
    """The actions in force (undone ones removed)."""

    def position(self, setup: GameSetup) -> Position:
        """The position ``check_word`` judges against (glasses by seat)."""
        return Position(
            spots={c: frozenset(cells) for c, cells in self.spots.items()},
            glasses=dict(self.glasses),
            teams=setup.teams,
        )

    def covered(self) -> dict[Cell, str]:
        return {cell: name for name, cells in self.spots.items() for cell in cells}

    def solo_score(self, setup: GameSetup) -> int | None:
        return self.glasses.get("red", 0) if setup.mode == "solo" else None

    def solo_rating(self, setup: GameSetup) -> str | None:
        score = self.solo_score(setup)
        return solo_band(score) if score is not None else None

    def to_dict(self, setup: GameSetup) -> dict[str, Any]:
        score = self.solo_score(setup)
        return {
            "turn": self.turn,
            "spots": {c: [cell.name for cell in cells] for c, cells in self.spots.items()},
            "glasses": dict(self.glasses),
            "eliminated": list(self.eliminated),
            "bonus_owed": self.bonus_owed is not None,
            "winner": list(self.winner) if isinstance(self.winner, tuple) else self.winner,
            "solo_score": score,
            "solo_rating": self.solo_rating(setup),
            "spots_left": {p: setup.supply - self.used.get(p, 0) for p in setup.players},
            "actions": len(self.actions),
        }


@frozen
class Outcome:
    """The answer to one attempted action: accepted, or why not."""

    ok: bool
    reason: str | None = None
    verdict: Verdict | None = None
    proof: Play | None = None
    """For ``must-play``: a legal play that exists."""


def start(setup: GameSetup) -> GameState:
    """The state before any action."""
    return GameState(
        spots={},
        glasses=dict.fromkeys(setup.players, 0),
        used=dict.fromkeys(setup.players, 0),
        turn=setup.players[0],
        bonus_owed=None,
        eliminated=(),
        winner=None,
        over=False,
        actions=(),
    )


def _next_seat(setup: GameSetup, eliminated: Sequence[str], current: str) -> str:
    order = setup.players
    i = order.index(current)
    for k in range(1, len(order) + 1):
        seat = order[(i + k) % len(order)]
        if setup.mode == "solo" or seat not in eliminated:
            return seat
    return current


def _colour_for(setup: GameSetup, state: GameState, seat: str) -> str | None:
    """The colour of the seat's next spot: the first colour with spots left."""
    used = state.used.get(seat, 0)
    colours = setup.colours_of(seat)
    k = used // SPOTS_PER_COLOUR
    return colours[k] if k < len(colours) else None


def step(
    setup: GameSetup,
    state: GameState,
    action: Action,
    dictionary: Container[str] | None = None,
    three_letter: Container[str] | None = None,
) -> tuple[Outcome, GameState]:
    """Apply one action (not an undo: the engine keeps undos). Returns the
    outcome and the new state (the old state when refused).
    ``dictionary=None`` trusts a recorded play's word (replay) and checks only
    the board, and does not apply the solo must-play rule."""
    if action.kind == "undo":
        raise ValueError("an undo is the engine's, not a step")
    seat = action.player or state.turn
    if state.over:
        return Outcome(False, "game-over"), state
    if action.kind in ("bonus", "skip-bonus"):
        if state.bonus_owed is None:
            return Outcome(False, "no-bonus-owed"), state
        if seat != state.bonus_owed:
            return Outcome(False, "not-your-turn"), state
    elif seat != state.turn:
        return Outcome(False, "not-your-turn"), state
    elif state.bonus_owed is not None:
        return Outcome(False, "bonus-owed"), state
    assert seat is not None

    spots = {c: tuple(cells) for c, cells in state.spots.items()}
    used = dict(state.used)
    glasses = dict(state.glasses)

    if action.kind in ("play", "bonus"):
        assert action.at is not None
        spot_colour = _colour_for(setup, state, seat)
        verdict: Verdict | None = None
        if action.kind == "play":
            assert action.word is not None
            lexicon: Container[str] = dictionary if dictionary is not None else {action.word}
            three = three_letter if dictionary is not None else {action.word}
            verdict = check_word(
                setup.board,
                action.word,
                action.at,
                lexicon,
                player=setup.colours_of(seat)[0],
                position=state.position(setup),
                three_letter=three,
            )
            if not verdict.valid:
                return Outcome(False, verdict.reason, verdict), state
        elif action.at in state.covered():
            return Outcome(False, "occupied"), state
        if spot_colour is None:
            return Outcome(False, "no-spots-left", verdict), state
        spots[spot_colour] = (*spots.get(spot_colour, ()), action.at)
        used[seat] += 1
        bonus = verdict is not None and verdict.bonus
        turn = state.turn if bonus else _next_seat(setup, state.eliminated, seat)
        new = replace(
            state,
            spots=spots,
            used=used,
            turn=turn,
            bonus_owed=seat if bonus else None,
            actions=(*state.actions, action),
        )
        return Outcome(True, None, verdict), new

    if action.kind == "skip-bonus":
        turn = _next_seat(setup, state.eliminated, seat)
        return Outcome(True), replace(
            state, turn=turn, bonus_owed=None, actions=(*state.actions, action)
        )

    # timeout: a spot on the glasses tile
    if setup.mode == "solo" and dictionary is not None and not action.forced and glasses[seat] < 2:
        plays = legal_plays(
            setup.board,
            dictionary,
            player=seat,
            position=state.position(setup),
            three_letter=three_letter,
        )
        if plays:
            return Outcome(False, "must-play", proof=plays[0]), state
    glasses[seat] += 1
    if _colour_for(setup, state, seat) is not None:
        # Out of spots, the penalty still counts; the supply never goes below 0.
        used[seat] += 1
    eliminated = state.eliminated
    winner: str | tuple[str, ...] | None = None
    over = False
    if glasses[seat] == 2:
        if setup.mode == "solo":
            over = seat == "blue"
            eliminated = (*eliminated, seat) if seat not in eliminated else eliminated
        elif setup.mode == "teams":
            losers = _pair_of(seat)
            eliminated = (*eliminated, *[c for c in losers if c not in eliminated])
            winner = next(pair for pair in PAIRS if pair != losers)
            over = True
        else:
            eliminated = (*eliminated, seat)
            left = [p for p in setup.players if p not in eliminated]
            if len(left) == 1:
                winner, over = left[0], True
    turn = None if over else _next_seat(setup, eliminated, seat)
    new = replace(
        state,
        glasses=glasses,
        used=used,
        turn=turn,
        eliminated=eliminated,
        winner=winner,
        over=over,
        actions=(*state.actions, action),
    )
    return Outcome(True), new


# ------------------------------------------------------------- the game file

NAME = "blindspot"
PREVIOUS_GAME = "blind-spot-game"
"""``game:`` of the files written by the previous release (``format: 1``)."""
PREVIOUS_FORMAT = 1


def _choice(value: Value, choices: tuple[T, ...]) -> T:
    """One of ``choices`` (typed as such), or an error listing them."""
    text = value.text(choices=choices)
    return next(c for c in choices if c == text)


def _optional_text(fields: Fields, key: str) -> str | None:
    found = fields.get(key)
    return found.text() if found is not None else None


def _read_allow(value: Value | None) -> tuple[str, ...] | str | None:
    """``allow:``: the house words (a list), or a word-list file's name (files
    of earlier releases)."""
    if value is None:
        return None
    if isinstance(value.raw, str):
        return value.text()
    return tuple(sorted({read_word(v) for v in value.items(at_most=100_000)}))


class BlindSpotGame:
    """Blind Spot on the engine (:class:`referee.engine.Game`). The file::

    format: referee-game/2
    game: blindspot
    mode: standard            # standard, teams or solo
    players: [red, blue]      # the seats in turn order
    dictionary: en_GB         # optional: the game's word list ...
    allow: [zax, qoph]        # ... and house words
    layout: {source: setups/sample.yaml, code: BS1-..., sha256: ..., letters: [...]}
    history:
    - {"action": "play", "player": "red", "at": "G1", "word": "pet"}
    - {"action": "bonus", "player": "red", "at": "A5"}
    - {"action": "timeout", "player": "blue", "forced": true}
    - {"action": "skip-bonus", "player": "blue"}
    - {"action": "undo"}
    """

    name = NAME
    title = "Blind Spot"

    def read_setup(self, fields: Fields) -> GameSetup:
        mode = _choice(fields.require("mode"), MODES)
        players_value = fields.require("players")
        players = [read_colour(v) for v in players_value.items(at_most=len(COLOURS))]
        dictionary = _optional_text(fields, "dictionary")
        allow = _read_allow(fields.get("allow"))
        with fields.require("layout").fields() as layout:
            expect(layout, "source", "code", "sha256", "letters")
            source = _optional_text(layout, "source")
            code = _optional_text(layout, "code")
            sha_value = layout.require("sha256")
            sha = sha_value.text(max_length=100)
            board = read_letters(layout.require("letters"))
        if sha != board_sha256(board):
            raise sha_value.error("the letters do not match their sha256 (edited by hand?)")
        try:
            return GameSetup.create(
                board,
                players,
                mode,
                dictionary=dictionary,
                allow=allow,
                layout_source=source,
                layout_code=code,
            )
        except InputError as exc:
            raise players_value.error(exc.detail) from None

    def write_setup(self, setup: GameSetup) -> dict[str, Any]:
        out: dict[str, Any] = {"mode": setup.mode, "players": list(setup.players)}
        if setup.dictionary is not None:
            out["dictionary"] = setup.dictionary
        if setup.allow is not None:
            out["allow"] = setup.allow if isinstance(setup.allow, str) else list(setup.allow)
        layout: dict[str, Any] = {}
        if setup.layout_source is not None:
            layout["source"] = setup.layout_source
        if setup.layout_code is not None:
            layout["code"] = setup.layout_code
        layout["sha256"] = setup.sha256
        layout["letters"] = list(setup.board.rows)
        out["layout"] = layout
        return out

    def read_action(self, value: Value) -> Action:
        with value.fields("an action like {action: play, player: red, at: G1, word: pet}") as f:
            kind = _choice(f.require("action"), ACTION_KINDS)
            expect(f, *ACTION_KEYS[kind])
            if kind == "undo":
                return UNDO
            player = read_colour(f.require("player"))
            at = read_cell(f.require("at")) if kind in ("play", "bonus") else None
            word = read_word(f.require("word")) if kind == "play" else None
            forced = f.get("forced") if kind == "timeout" else None
            return Action(kind, player, at, word, forced.flag() if forced is not None else False)

    def write_action(self, action: Action) -> dict[str, Any]:
        return action.to_dict()

    def is_undo(self, action: Action) -> bool:
        return action.kind == "undo"

    def undo(self) -> Action:
        return UNDO

    def start(self, setup: GameSetup) -> GameState:
        return start(setup)

    def step(self, setup: GameSetup, state: GameState, action: Action) -> GameState | Refusal:
        outcome, new = step(setup, state, action)
        if not outcome.ok:
            return Refusal(outcome.reason or "refused", action.describe())
        return new

    def upgrade(self, data: dict[str, Any]) -> dict[str, Any]:
        """A file of the previous release (``game: blind-spot-game``,
        ``format: 1``) in this release's shape: ``actions`` becomes
        ``history`` and each entry's ``do`` its ``action``. Every other key is
        kept as it is, so the strict reader still refuses a mistyped one.
        Anything else is left for the reader to refuse."""
        lines: dict[Any, int] = getattr(data, "lines", {})
        if data.get("game") == LAYOUT_GAME:
            raise InputError(
                "this is a Blind Spot layout, not a game file "
                "(start a game on it with 'referee blindspot game new')",
                place="game",
                line=lines.get("game"),
            )
        if data.get("game") != PREVIOUS_GAME or data.get("format") != PREVIOUS_FORMAT:
            return data
        renamed = {"format": "format", "game": "game"}
        if "history" not in data:
            renamed["actions"] = "history"
        values = {"format": FORMAT, "game": NAME}
        out = YamlMap()
        out.line = getattr(data, "line", None)
        for key, value in data.items():
            new_key = renamed.get(key, key)
            new = values.get(key, value)
            if new_key == "history" and isinstance(value, list):
                new = _upgrade_actions(value)
            out[new_key] = new
            if key in lines:
                out.lines[new_key] = lines[key]
        return out


def _upgrade_actions(items: list[Any]) -> YamlList:
    out = YamlList(_upgrade_action(item) for item in items)
    out.line = getattr(items, "line", None)
    out.lines = list(getattr(items, "lines", []))
    return out


def _upgrade_action(item: Any) -> Any:
    if not isinstance(item, dict) or "do" not in item or "action" in item:
        return item
    out = YamlMap()
    out.line = getattr(item, "line", None)
    lines: dict[Any, int] = getattr(item, "lines", {})
    for key, value in item.items():
        new_key = "action" if key == "do" else key
        out[new_key] = value
        if key in lines:
            out.lines[new_key] = lines[key]
    return out


BLIND_SPOT = BlindSpotGame()
"""The one instance the commands and tests use."""
