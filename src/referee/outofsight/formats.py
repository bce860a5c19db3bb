"""Out of Sight files ⇄ values, through the strict reader (:mod:`referee.core.schema`).

Frame files (``score-frame``, ``outofsight game frame``)::

    mode: advanced          # optional: basic or advanced
    frame: 1                # optional: 1, 2, 3 or final
    players:                # each player's bank when the frame ends
      Brian: {blue: 4, yellow: 4, green: 3}
      Jessica: [red-1, red-4, blue-5]

A bank is a list of cards (``blue-7``, or just ``blue``) or a mapping
``colour: count`` or ``colour: [numbers]``; ``[]`` is an empty bank. Duplicate
keys at any depth, unknown keys and numbers out of range are refused, each
naming its key path and line; the file's name is added once, at the edge
(:func:`referee.core.files.reading`).

Game files (``outofsight game``): the setup (``mode``, ``players``,
``first``) and each action of the history are read and written here
(:func:`read_setup`, :func:`read_action`, :func:`write_setup`,
:func:`write_action`) with the same readers as frame files; the engine's view
of the game (:data:`referee.outofsight.game.GAME`) uses them, and
:func:`upgrade` turns a game file of the previous release into this release's
shape. The game's values are imported only when a game file is read, so that
a frame's score loads no game machinery.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core.errors import InputError, show
from referee.core.files import dump_yaml, load_mapping, reading
from referee.core.schema import Fields, Value, YamlMap
from referee.core.values import frozen
from referee.outofsight.rules import (
    DECK,
    MAX_PLAYERS,
    Bank,
    Card,
    FrameScore,
    Mode,
    card_number,
    colour_word,
    parse_frame,
    parse_mode,
    player_name,
    unique_names,
)

if TYPE_CHECKING:  # a frame file's reader imports no game machinery
    from referee.outofsight.game import (
        Action,
        Doubles,
        End,
        FrameAction,
        Setup,
        TurnAction,
        Variant,
    )
    from referee.outofsight.rolls import RollTake

GAME_NAME = "outofsight"
"""``game:`` in the game files of this release (the CLI group's name)."""
OLD_GAME_NAME = "out-of-sight"
"""``game:`` in the game files of the previous release (no ``format:`` key)."""
MAX_LISTED = 1000
"""Longer lists of names are refused before they are read one by one."""


# --------------------------------------------------------------------- values


def read_name(key: str, parent: Value) -> str:
    """A player's name written as a key of ``parent`` (errors name the mapping
    and the key's line)."""
    line = getattr(parent.raw, "lines", {}).get(key, parent.line)
    return Value(key, parent.path, line).convert(player_name)


def read_bank(value: Value) -> Bank:
    """A list of cards, or a mapping ``colour: count`` / ``colour: [numbers]``.

    Nothing (a player written with nothing after the colon) is refused: an
    empty bank is written ``[]``.
    """
    if value.raw is None:
        raise value.error("no bank (list the cards, or write [] for no cards)")
    if isinstance(value.raw, list):
        if len(value.raw) > DECK:
            raise _over_the_deck(value)
        return Bank(tuple(item.convert(Card.from_text) for item in value.items()))
    if not isinstance(value.raw, dict):
        raise value.expected("a list of cards (like [blue-7, red-2]) or a mapping colour: count")
    cards: list[Card] = []
    seen: set[str] = set()
    for key, inner in value.entries():
        colour = Value(key, value.path, inner.line).convert(colour_word)
        if colour in seen:
            raise inner.error(f"colour {show(colour)} is given twice")
        seen.add(colour)
        if isinstance(inner.raw, list):
            if len(cards) + len(inner.raw) > DECK:
                raise _over_the_deck(value)
            cards.extend(Card(colour, n.convert(card_number)) for n in inner.items())
        elif isinstance(inner.raw, int) and not isinstance(inner.raw, bool):
            count = inner.integer(0, DECK) if inner.raw <= DECK else DECK + 1
            if len(cards) + count > DECK:
                raise _over_the_deck(value)
            cards.extend([Card(colour)] * count)
        else:
            raise inner.expected("a count of cards or a list of numbers")
    return Bank(tuple(cards))


def _over_the_deck(value: Value) -> InputError:
    return value.error(f"more than {DECK} cards, but the deck has only {DECK} coloured cards")


def bank_data(bank: Bank) -> dict[str, int] | list[str]:
    """The bank as written in a file: ``colour: count`` when no card has a
    number (and the colours are grouped), else a list of cards; it reads back
    as the same bank."""
    if bank.grouped and all(c.number is None for c in bank.cards):
        return bank.counts()
    return [str(c) for c in bank.cards]


def read_banks(value: Value) -> tuple[tuple[str, Bank], ...]:
    """A mapping player -> bank (1 to 12 players)."""
    if not isinstance(value.raw, dict) or not value.raw:
        raise value.expected("a mapping of player: bank")
    if len(value.raw) > MAX_PLAYERS:
        raise value.error(f"{len(value.raw)} players; at most {MAX_PLAYERS}")
    banks = tuple((read_name(key, value), read_bank(bank)) for key, bank in value.entries())
    try:
        unique_names([player for player, _ in banks], "")
    except InputError as exc:
        raise value.error(exc.detail) from None
    return banks


def read_prefer(value: Value) -> dict[str, tuple[str, ...]]:
    """A mapping player -> [colours] (the colours that go higher among equal piles)."""
    prefer: dict[str, tuple[str, ...]] = {}
    for key, colours in value.entries():
        listed = tuple(c.convert(colour_word) for c in colours.items(at_most=DECK))
        if len(set(listed)) != len(listed):
            raise colours.error("names a colour twice")
        prefer[read_name(key, value)] = listed
    return prefer


def read_mode(value: Value) -> Mode:
    return value.convert(parse_mode)


def read_frame(value: Value) -> int:
    return value.convert(parse_frame)


def read_players(value: Value) -> tuple[str, ...]:
    """A list of player names (how many, and that they differ, is the rules' to say)."""
    return tuple(v.convert(player_name) for v in value.items(at_most=MAX_LISTED))


# ----------------------------------------------------------------- frame files


@frozen
class FrameSheet:
    """A frame file: each player's bank at the end of the frame, and optionally
    the mode and the frame number."""

    banks: tuple[tuple[str, Bank], ...]
    mode: Mode | None = None
    frame: int | None = None

    def players(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.banks)


def read_frame_sheet(data: dict[str, Any]) -> FrameSheet:
    """A frame file's mapping (from the strict reader) as a :class:`FrameSheet`."""
    with Value(data).fields() as f:
        f.allow("game", "mode", "frame", "players")
        f.done()  # a misspelt key is named as unknown, not reported missing
        game = f.get("game")
        if game is not None:
            game.text(choices=[OLD_GAME_NAME, GAME_NAME])
        mode = f.get("mode")
        frame = f.get("frame")
        return FrameSheet(
            read_banks(f.require("players")),
            read_mode(mode) if mode is not None else None,
            read_frame(frame) if frame is not None else None,
        )


def load_frame_sheet(path: str) -> FrameSheet:
    """Read a frame file (``-``: standard input); errors name the file once."""
    data = load_mapping(path, "frame file")
    with reading(path):
        return read_frame_sheet(data)


def next_frame_data(score: FrameScore) -> dict[str, Any] | None:
    """The next frame's file, holding the saved cards (``None`` when nothing
    carries: the basic game, the final frame)."""
    if not score.carries:
        return None
    return {
        "mode": score.mode,
        "frame": score.frame + 1,
        "players": {p.player: bank_data(p.saved_bank()) for p in score.players},
    }


def next_frame_text(score: FrameScore) -> str | None:
    data = next_frame_data(score)
    if data is None:
        return None
    header = (
        f"# Out of Sight, frame {data['frame']}: the cards saved from frame {score.frame}.\n"
        "# Add the cards each player collects this frame, then score it.\n"
    )
    return header + dump_yaml(data)


# ------------------------------------------------------------------ game files

ACTIONS = ("turn", "frame", "undo", "redo")
"""The actions of a game file's history, by their ``action:`` key."""


def read_setup(fields: Fields) -> Setup:
    """A game file's setup keys: ``mode``, ``players`` and (if given)
    ``first`` and ``colours`` (the deck's colours; files without it accept
    any colour word)."""
    from referee.outofsight.game import Setup

    fields.allow("mode", "players", "first", "colours", "variant", "roll", "history")
    fields.done()  # a misspelt key is named as unknown, not reported missing
    mode = read_mode(fields.require("mode"))
    players = fields.require("players")
    names = read_players(players)
    first = fields.get("first")
    starter = first.convert(player_name) if first is not None else None
    try:
        setup = Setup.of(names, mode)
    except InputError as exc:
        raise players.error(exc.detail) from None
    if first is not None and starter not in setup.players:
        raise first.error(f"{show(starter)} is not one of the players")
    raw_colours = fields.get("colours")
    colours = None
    if raw_colours is not None:
        colours = tuple(v.convert(colour_word) for v in raw_colours.items(at_most=DECK))
        if not colours or len(set(colours)) != len(colours):
            raise raw_colours.error("expected the deck's colours, each once")
    raw_variant = fields.get("variant")
    variant: Variant | None = None
    if raw_variant is not None:
        variant = "younger" if raw_variant.text(choices=["younger"]) == "younger" else None
    rounds = []
    raw_roll = fields.get("roll")
    for item in raw_roll.items(at_most=1000) if raw_roll is not None else ():
        rounds.append(tuple((player_name(k), v.integer(1, 18)) for k, v in item.entries()))
    return Setup(setup.players, setup.mode, starter, colours, variant, tuple(rounds))


def write_setup(setup: Setup) -> dict[str, Any]:
    data: dict[str, Any] = {"mode": setup.mode, "players": list(setup.players)}
    if setup.first is not None:
        data["first"] = setup.first
    if setup.colours is not None:
        data["colours"] = list(setup.colours)
    if setup.variant is not None:
        data["variant"] = setup.variant
    if setup.roll_off:
        data["roll"] = [dict(round_) for round_ in setup.roll_off]
    return data


def read_action(value: Value) -> Action:
    """One action of the history: ``{action: turn|frame|undo|redo, ...}``,
    each with ``by`` (who entered it) if given."""
    from referee.core.values import replace
    from referee.outofsight.game import Redo, Undo

    with value.fields() as fields:
        kind = fields.require("action").text(choices=list(ACTIONS))
        raw_by = fields.get("by")
        by = raw_by.convert(player_name) if raw_by is not None else None
        action: Action
        if kind == "turn":
            action = read_turn(fields)
        elif kind == "frame":
            action = read_frame_action(fields)
        else:
            return Undo(by) if kind == "undo" else Redo(by)
        return replace(action, by=by) if by is not None else action


def read_frame_action(fields: Fields) -> FrameAction:
    from referee.outofsight.game import FrameAction

    frame = read_frame(fields.require("frame"))
    banks = read_banks(fields.require("banks"))
    prefer = fields.get("prefer")
    chosen = read_prefer(prefer) if prefer is not None else {}
    return FrameAction(frame, banks, tuple(chosen.items()))


def read_turn(fields: Fields) -> TurnAction:
    from referee.outofsight.game import TurnAction

    player = fields.require("player").convert(player_name)
    cards = tuple(v.convert(Card.from_text) for v in fields.require("cards").items(at_most=DECK))
    end: End = "stop" if fields.require("end").text(choices=["stop", "time"]) == "stop" else "time"
    raw = fields.get("doubles")
    doubles: Doubles | None = None
    if raw is not None:
        doubles = "flip" if raw.text(choices=["flip", "wipe"]) == "flip" else "wipe"
    prefer = fields.get("prefer")
    chosen = read_prefer(prefer) if prefer is not None else {}
    raw_rolls = fields.get("rolls")
    rolls: tuple[RollTake, ...] = ()
    if raw_rolls is not None:
        from referee.outofsight.rolls import parse_rolls

        rolls = raw_rolls.convert(lambda raw: parse_rolls(" ".join(map(str, raw)), ""))
    return TurnAction(player, cards, end, doubles, tuple(chosen.items()), rolls=rolls)


def write_action(action: Action) -> dict[str, Any]:
    """An action as the history keeps it (and as the JSON reports it); ``by``
    only when given."""
    out = _action_fields(action)
    if action.by is not None:
        out["by"] = action.by
    return out


def _action_fields(action: Action) -> dict[str, Any]:
    from referee.outofsight.game import Redo, TurnAction, Undo

    if isinstance(action, (Undo, Redo)):
        return {"action": action.kind}
    if isinstance(action, TurnAction):
        turn: dict[str, Any] = {
            "action": TurnAction.kind,
            "player": action.player,
            "cards": [str(c) for c in action.cards],
            "end": action.end,
        }
        if action.doubles is not None:
            turn["doubles"] = action.doubles
        if action.prefer:
            turn["prefer"] = {name: list(colours) for name, colours in action.prefer}
        if action.rolls:
            turn["rolls"] = [str(r) for r in action.rolls]
        return turn
    data: dict[str, Any] = {
        "action": action.kind,
        "frame": action.frame,
        "banks": {name: bank_data(bank) for name, bank in action.banks},
    }
    if action.prefer:
        data["prefer"] = {name: list(colours) for name, colours in action.prefer}
    return data


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A game file of the previous release (``game: out-of-sight``, no
    ``format:``; the same setup keys and frame actions) in this release's
    shape. Anything else is returned as it is, for the engine to refuse."""
    if "format" in data:
        return data
    game = data.get("game")
    if game == GAME_NAME:
        return data
    if game != OLD_GAME_NAME:
        line = getattr(data, "lines", {}).get("game", getattr(data, "line", None))
        raise InputError(
            f"not an Out of Sight game file (game: {show(game)})", place="game", line=line
        )
    from referee.engine import FORMAT

    upgraded = YamlMap({"format": FORMAT, **data, "game": GAME_NAME})
    upgraded.line = getattr(data, "line", None)
    upgraded.lines = dict(getattr(data, "lines", {}))
    return upgraded
