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
ActionKind = Literal["play", "bonus", "skip-bonus", "timeout", "undo", "redo"]
ACTION_KINDS: tuple[ActionKind, ...] = ("play", "bonus", "skip-bonus", "timeout", "undo", "redo")

TIMER_SECONDS = 30
"""The rulebook's sand timer: "You now have just 30 seconds to spot a word!"."""

MAX_NAME = 30
"""The longest player name (names appear in every sentence)."""

GameReason = Literal[
    "not-your-turn",
    "game-over",
    "bonus-owed",
    "no-bonus-owed",
    "no-spots-left",
    "must-play",
    "nothing-to-undo",
    "nothing-to-redo",
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


# ---------------------------------------------------------------- the people


def player_name(value: object, place: str = "players") -> str:
    """A player's name as shown: any text (NFC, spaces around it trimmed, case
    kept) of 1 to 30 characters, without commas or control characters."""
    from referee.core.errors import show
    from referee.core.text import name

    text = name(value.strip()) if isinstance(value, str) else ""
    if not text:
        raise InputError(f"{show(value)} is not a player name", place=place)
    if len(text) > MAX_NAME:
        raise InputError(f"{show(value)}: a name has at most {MAX_NAME} characters", place=place)
    if "," in text or any(not c.isprintable() for c in text):
        raise InputError(f"{show(value)}: a name has no commas or control characters", place=place)
    return text


def seat_list(players: Sequence[object]) -> tuple[list[str], list[str]]:
    """The seats' colours and the players' names from ``["Ana:red", "ben:blue"]``,
    ``[{"name": "Ana", "colour": "red"}, ...]`` or plain colours (``red``: the
    name is then the colour). Errors name the field ``players``."""
    from referee.core.errors import show

    colours: list[str] = []
    names: list[str] = []
    for item in players:
        if isinstance(item, Mapping):
            unknown = [k for k in item if k not in ("name", "colour")]
            if unknown or "colour" not in item:
                raise InputError(
                    f"{show(item)}: a seat is a name and a colour, like "
                    '{"name": "Ana", "colour": "red"}',
                    place="players",
                )
            raw_name, raw_colour = item.get("name"), item["colour"]
        elif isinstance(item, str):
            raw_name, sep, raw_colour = item.rpartition(":")
            if not sep:
                raw_name, raw_colour = None, item
        else:
            raise InputError(
                f"{show(item)}: a seat is NAME:COLOUR (Ana:red) or a colour", place="players"
            )
        try:
            seat = colour(raw_colour)
        except InputError as exc:
            raise exc.at("players") from None
        colours.append(seat)
        names.append(seat if raw_name is None else player_name(raw_name))
    return colours, names


def _check_names(seats: Sequence[str], names: Sequence[str]) -> None:
    """No player named twice (case and NFC aside), and no name that is
    another seat's colour (``--player red`` names one seat only)."""
    from referee.core.errors import show
    from referee.core.text import first_duplicate, name_key

    dup = first_duplicate(names)
    if dup is not None:
        first = next(n for n in names if name_key(n) == name_key(dup))
        same = "" if first == dup else f" (as {show(first)})"
        raise InputError(f"{show(dup)} is named twice{same}", place="players")
    for seat, who in zip(seats, names, strict=True):
        key = name_key(who)
        if key in COLOURS and key != seat:
            raise InputError(
                f"{show(who)} plays {seat}: a player may not be named after another colour",
                place="players",
            )


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
    names: tuple[str, ...] = ()
    """The players' names, seat by seat (empty: each seat is named by its colour)."""
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
        names: Sequence[str] | None = None,
    ) -> GameSetup:
        """Validate the seats; an impossible table is an :class:`InputError`
        placed at ``players``. ``names``: the players' names, seat by seat
        (default: each seat's colour)."""
        setup = cls._create(
            board,
            players,
            mode,
            dictionary=dictionary,
            allow=allow,
            layout_source=layout_source,
            layout_code=layout_code,
        )
        if names is None or list(names) == list(setup.players):
            return setup
        if len(names) != len(setup.players):
            raise InputError(f"{len(names)} names for {len(setup.players)} seats", place="players")
        checked = tuple(player_name(n) for n in names)
        _check_names(setup.players, checked)
        return replace(setup, names=checked)

    @classmethod
    def _create(
        cls,
        board: LetterGrid,
        players: Sequence[str],
        mode: Mode,
        *,
        dictionary: str | None,
        allow: tuple[str, ...] | str | None,
        layout_source: str | None,
        layout_code: str | None,
    ) -> GameSetup:
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

    @property
    def people(self) -> tuple[str, ...]:
        """The players' names, seat by seat."""
        return self.names or self.players

    def name_of(self, seat: str | None) -> str | None:
        """The name of the player in a seat (a colour; any colour a seat places)."""
        if seat is None:
            return None
        owner = seat if seat in self.players else self.seat_of(seat)
        return self.people[self.players.index(owner)] if owner is not None else seat

    def seats(self) -> list[dict[str, str]]:
        """``[{"name": "Ana", "colour": "red"}, ...]``, in turn order."""
        return [{"name": n, "colour": c} for n, c in zip(self.people, self.players, strict=True)]

    def find(self, value: str, place: str = "player") -> str:
        """The seat of a player given by name (any case) or by colour."""
        from referee.core.errors import show
        from referee.core.text import name_key

        key = name_key(value.strip())
        for seat, who in zip(self.players, self.people, strict=True):
            if name_key(who) == key:
                return seat
        if key in COLOURS and (key in self.players or self.seat_of(key) is not None):
            return key
        listed = ", ".join(
            who if who == seat else f"{who} ({seat})"
            for who, seat in zip(self.people, self.players, strict=True)
        )
        raise InputError(
            f"{show(value)} is not a player of this game (players: {listed})", place=place
        )

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
    by: str | None = None
    """Who entered it (the name of the player whose phone it came from)."""

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
        if self.by is not None:
            out["by"] = self.by
        return out

    def describe(self, name: str | None = None) -> str:
        """Short, for messages: ``play red G1 PET`` (``name``: the player's
        name instead of the seat's colour)."""
        bits = [
            self.kind,
            name or self.player or "",
            self.at.name if self.at else "",
            (self.word or "").upper(),
        ]
        return " ".join(b for b in bits if b)


UNDO = Action("undo")
REDO = Action("redo")

ACTION_KEYS: dict[ActionKind, tuple[str, ...]] = {
    "play": ("player", "at", "word"),
    "bonus": ("player", "at"),
    "skip-bonus": ("player",),
    "timeout": ("player", "forced"),
    "undo": (),
    "redo": (),
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
    if action.kind in ("undo", "redo"):
        raise ValueError("an undo or a redo is the engine's, not a step")
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
    players: [red, blue]      # the seats in turn order (or {name: Ana, colour: red} each)
    dictionary: en_GB         # optional: the game's word list ...
    allow: [zax, qoph]        # ... and house words
    layout: {source: setups/sample.yaml, code: BS1-..., sha256: ..., letters: [...]}
    history:
    - {"action": "play", "player": "red", "at": "G1", "word": "pet"}
    - {"action": "bonus", "player": "red", "at": "A5"}
    - {"action": "timeout", "player": "blue", "forced": true}
    - {"action": "skip-bonus", "player": "blue"}
    - {"action": "undo", "by": "Ana"}
    - {"action": "redo"}
    """

    name = NAME
    title = "Blind Spot"

    def read_setup(self, fields: Fields) -> GameSetup:
        mode = _choice(fields.require("mode"), MODES)
        players_value = fields.require("players")
        players: list[str] = []
        names: list[str] = []
        for v in players_value.items(at_most=len(COLOURS)):
            if isinstance(v.raw, dict):
                with v.fields() as seat:
                    players.append(read_colour(seat.require("colour")))
                    names.append(seat.require("name").convert(lambda raw: player_name(raw, "")))
            else:
                players.append(read_colour(v))
                names.append(players[-1])
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
                names=names,
            )
        except InputError as exc:
            raise players_value.error(exc.detail) from None

    def write_setup(self, setup: GameSetup) -> dict[str, Any]:
        players: list[Any] = list(setup.players)
        if setup.names:
            players = setup.seats()
        out: dict[str, Any] = {"mode": setup.mode, "players": players}
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
            expect(f, *ACTION_KEYS[kind], "by")
            raw_by = f.get("by")
            by = raw_by.convert(lambda raw: player_name(raw, "")) if raw_by is not None else None
            if kind in ("undo", "redo"):
                return Action(kind, by=by)
            player = read_colour(f.require("player"))
            at = read_cell(f.require("at")) if kind in ("play", "bonus") else None
            word = read_word(f.require("word")) if kind == "play" else None
            forced = f.get("forced") if kind == "timeout" else None
            flag = forced.flag() if forced is not None else False
            return Action(kind, player, at, word, flag, by)

    def write_action(self, action: Action) -> dict[str, Any]:
        return action.to_dict()

    def is_undo(self, action: Action) -> bool:
        return action.kind == "undo"

    def is_redo(self, action: Action) -> bool:
        return action.kind == "redo"

    def undo(self) -> Action:
        return UNDO

    def redo(self) -> Action:
        return REDO

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
