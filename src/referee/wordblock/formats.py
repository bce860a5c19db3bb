"""Word Block files ⇄ values: board files, and the setup and actions of game files.

Everything is read through the strict reader (:mod:`referee.core.schema`):
unknown keys are refused with the list of expected ones, duplicate keys and
over-long numbers never get this far, and every error names its key path and
line (``line 6: cards[1]: C2: 's' is not a card ...``); the file edge adds the
file's name once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core.cells import Cell, column_letter
from referee.core.errors import InputError, show
from referee.core.files import dump_yaml, load_mapping, reading
from referee.core.schema import Fields, Value, YamlMap
from referee.wordblock.board import (
    MAX_BLOCKS,
    MAX_HEIGHT,
    MAX_WIDTH,
    VALUE_SCHEMES,
    Board,
    Card,
    cell_key,
    cell_names,
    find_player,
    normalise_word,
    player_name,
)

if TYPE_CHECKING:
    from referee.wordblock.actions import Action, SeriesGame, Setup, Turns

# The game file's pieces (the engine, actions, turns) are imported by the
# functions that read and write game files: a board file needs none of them.

BOARD_KEYS = ("cards", "blocks", "claimed", "area")
MAX_PLAYERS = 26
"""Players of a free scorepad."""
MAX_TURN_PLAYERS = 4
"""Players of a turn-by-turn game (the rulebook: 2-4)."""
MAX_POINTS_TOTAL = 999_999_999
"""Points recorded for one claim are bounded (9 digits) like every count."""

OLD_GAME = "word-block"
"""``game:`` of the game files of the previous release (no ``format`` key)."""


# ------------------------------------------------------------------------ boards


def read_board(value: Value, values: str | None = None) -> Board:
    """A board file's mapping (or a game file's ``board``) as a :class:`Board`;
    with ``values`` (``"asteroid"``) cards may be bare letters."""
    fields = value.fields()
    fields.allow(*BOARD_KEYS)
    fields.done()  # an unknown (mistyped) key first: it explains a missing one
    rows = fields.require("cards")
    grid = _read_rows(rows, values)
    rows_h, rows_w = len(grid), len(grid[0])
    raw_area = fields.get("area")
    area = _read_area(raw_area) if raw_area is not None else None
    if area is not None and raw_area is not None:
        if rows_w > area[0] or rows_h > area[1]:
            raise raw_area.error(
                f"the cards rows ({rows_w} columns x {rows_h} rows) do not fit in the area "
                f"[{area[0]}, {area[1]}]"
            )
        width, height = area
    else:
        width, height = rows_w, rows_h
    cards = sorted(
        (
            (Cell(row=r, col=c), card)
            for r, row in enumerate(grid)
            for c, card in enumerate(row)
            if card is not None
        ),
        key=lambda x: cell_key(x[0]),
    )
    board = Board(width, height, tuple(cards), ())
    raw_blocks = fields.get("blocks")
    blocks = _read_blocks(raw_blocks, board) if raw_blocks is not None else ()
    raw_claimed = fields.get("claimed")
    claimed = _read_claimed(raw_claimed) if raw_claimed is not None else ()
    return Board(width, height, tuple(cards), blocks, claimed, area)


def load_board(path: str, values: str | None = None) -> Board:
    """A board file (``-``: standard input); errors name the file, the key
    path and the line."""
    data = load_mapping(path, "board file")
    with reading(path):
        return read_board(Value(data), values)


def board_from_mapping(data: Any, values: str | None = None) -> Board:
    """A board given as the value itself (the mapping a board file holds, as
    the web sends it): the same reader as :func:`load_board`; errors name the
    key path (``cards[1]``), no file."""
    if not isinstance(data, dict):
        raise InputError(
            f"expected a board, a mapping with cards: (and blocks:, claimed:, area:), "
            f"got {show(data)}"
        )
    return read_board(Value(data), values)


def _read_rows(value: Value, values: str | None) -> list[list[Card | None]]:
    if not isinstance(value.raw, list) or not value.raw:
        raise value.error('expected a list of rows (strings like "w-1  .  o-1")')
    grid: list[list[Card | None]] = []
    for r, row in enumerate(value.items(at_most=MAX_HEIGHT), start=1):
        if not isinstance(row.raw, str):
            raise row.expected("a string of cards and '.'")
        tokens = row.text(max_length=100_000).split()
        if not tokens:
            raise row.error("the row is empty (write '.' for a space)")
        if len(tokens) > MAX_WIDTH:
            raise row.error(f"{len(tokens)} spaces; at most {MAX_WIDTH}")
        if grid and len(tokens) != len(grid[0]):
            raise row.error(
                f"has {len(tokens)} spaces but the first row has {len(grid[0])} (rows must be "
                "the same length; write '.' for an empty space)"
            )
        cells: list[Card | None] = []
        for c, token in enumerate(tokens):
            if token == ".":
                cells.append(None)
                continue
            try:
                cells.append(Card.parse(token, values=values))
            except InputError as exc:
                raise row.error(f"{column_letter(c)}{r}: {exc.detail}") from None
        grid.append(cells)
    return grid


def _read_area(value: Value) -> tuple[int, int]:
    items = value.items() if isinstance(value.raw, list) else None
    if items is None or len(items) != 2:
        raise value.expected("[columns, rows]")
    return items[0].integer(1, MAX_WIDTH), items[1].integer(1, MAX_HEIGHT)


def _read_blocks(value: Value, board: Board) -> tuple[tuple[str, tuple[Cell, ...]], ...]:
    fields = value.fields("a mapping of player: [cells]")
    seen: dict[Cell, str] = {}
    out: list[tuple[str, tuple[Cell, ...]]] = []
    for key in fields.names():
        player = _name_key(value, key)
        entry = fields.take(key)
        if find_player(dict(out), player) is not None:
            raise entry.error("the player is listed twice")
        if entry.raw is None:
            listed: list[Value] = []
        elif isinstance(entry.raw, str):
            listed = [entry]
        else:
            listed = entry.items(at_most=1000)
        if len(listed) > MAX_BLOCKS:
            raise entry.error(f"{len(listed)} blocks; a player has {MAX_BLOCKS} at most")
        placed: list[Cell] = []
        for item in listed:
            cell = item.convert(lambda raw: Cell.from_name(_text(raw), board.width, board.height))
            if board.card_at(cell) is None:
                raise item.error(f"{cell.name} is an empty space; blocks go on cards")
            if cell in seen:
                raise item.error(
                    f"{cell.name} already has a block (of {seen[cell]}); a card holds one "
                    "block at most"
                )
            seen[cell] = player
            placed.append(cell)
        out.append((player, tuple(placed)))
    return tuple(out)


def _name_key(parent: Value, key: str) -> str:
    """A player name used as a key of ``parent`` (errors name the mapping)."""
    try:
        return player_name(key, "")
    except InputError as exc:
        line = getattr(parent.raw, "lines", {}).get(key, parent.line)
        raise InputError(exc.detail, place=parent.path or None, line=line) from None


def _read_claimed(value: Value) -> tuple[str, ...]:
    return tuple(item.convert(_word) for item in value.items(at_most=100_000))


def _word(raw: object) -> str:
    if not isinstance(raw, str):
        raise InputError(f"{show(raw)} is not a word")
    return normalise_word(raw, "")


def board_mapping(board: Board) -> dict[str, Any]:
    """The board file's mapping (rows aligned; round-trips through :func:`read_board`)."""
    tokens = [
        [str(board.card_at(Cell(row=r, col=c)) or ".") for c in range(board.width)]
        for r in range(board.height)
    ]
    width = max((len(t) for row in tokens for t in row), default=1)
    rows = ["  ".join(t.ljust(width) for t in row).rstrip() for row in tokens]
    out: dict[str, Any] = {
        "cards": rows,
        "blocks": {p: cell_names(cells) for p, cells in board.blocks},
        "claimed": list(board.claimed),
    }
    if board.area is not None:
        out["area"] = list(board.area)
    return out


def board_text(board: Board) -> str:
    """A board file: YAML with the card rows one per line, quoted, as a person writes them."""
    return dump_yaml(_written(board))


class _Rows(list[str]):
    """Card rows: written one per line, each quoted (``- "w-1  .    o-1"``)."""


def _written(board: Board) -> dict[str, Any]:
    """:func:`board_mapping` made to be written (see :class:`_Rows`)."""
    _register_rows()
    data = board_mapping(board)
    data["cards"] = _Rows(data["cards"])
    return data


def _register_rows() -> None:
    import yaml

    for dumper in {yaml.SafeDumper, getattr(yaml, "CSafeDumper", yaml.SafeDumper)}:
        if _Rows not in dumper.yaml_representers:
            dumper.add_representer(_Rows, _represent_rows)


def _represent_rows(dumper: Any, rows: _Rows) -> Any:
    node = dumper.represent_sequence("tag:yaml.org,2002:seq", [], flow_style=False)
    node.value = [dumper.represent_scalar("tag:yaml.org,2002:str", row, style='"') for row in rows]
    return node


# ------------------------------------------------------------------- game files


def read_setup(fields: Fields) -> Setup:
    """The setup keys of a game file: ``players``, ``turns`` (a turn-by-turn
    game; absent for a free scorepad) and the starting ``board``."""
    from referee.wordblock.actions import Setup
    from referee.wordblock.turns import check_deck

    raw_players = fields.require("players")
    players = tuple(
        item.convert(lambda raw: player_name(raw, ""))
        for item in raw_players.items(at_most=MAX_PLAYERS)
    )
    if len(players) < 2:
        raise raw_players.error("expected at least 2 players")
    from referee.core.text import first_duplicate

    if first_duplicate(players) is not None:
        raise raw_players.error("a player is listed twice")
    raw_turns = fields.get("turns")
    turns = _read_turns(raw_turns, players) if raw_turns is not None else None
    raw_board = fields.require("board")
    board = read_board(raw_board, turns.values if turns else None)
    extra = [p for p in board.players if find_player(players, p) is None]
    if extra:
        raise raw_board.error(f"blocks: {extra[0]!r} is not in players")
    setup = Setup(players, board.with_players(players), turns, *_read_judging(fields, players))
    if raw_turns is not None:
        try:
            check_deck(setup)
        except InputError as exc:
            raise raw_turns.error(exc.detail) from None
    return setup


def _read_judging(
    fields: Fields, players: tuple[str, ...]
) -> tuple[str | None, str | None, tuple[str, ...] | None, tuple[SeriesGame, ...]]:
    """``judging``, ``dictionary``, ``allow`` and ``series`` (all optional)."""
    from referee.wordblock.actions import SeriesGame
    from referee.wordblock.rules import JUDGING

    raw = fields.get("judging")
    judging = raw.text(choices=list(JUDGING)) if raw is not None else None
    raw = fields.get("dictionary")
    dictionary = raw.text() if raw is not None else None
    raw = fields.get("allow")
    allow = None
    if raw is not None:
        allow = tuple(item.convert(_word) for item in raw.items(at_most=100_000))
    series: list[SeriesGame] = []
    raw = fields.get("series")
    if raw is not None:
        for item in raw.items(at_most=1000):
            with item.fields() as f:
                game = f.require("game").text()
                words = tuple(w.convert(_word) for w in f.require("words").items(at_most=100_000))
                series.append(SeriesGame(game, words))
    return judging, dictionary, allow, tuple(series)


def _read_turns(value: Value, players: tuple[str, ...]) -> Turns:
    from referee.wordblock.actions import DECK_SIZES, Turns

    with value.fields() as f:
        if len(players) > MAX_TURN_PLAYERS:
            raise value.error(f"a turn-by-turn game is for 2 to {MAX_TURN_PLAYERS} players")
        first = f.require("first")
        given = _player(first)
        name = find_player(players, given)
        if name is None:
            raise first.error(f"{given!r} is not in players")
        deck = f.require("deck_size")
        size = deck.integer(0, 999)
        if size not in DECK_SIZES:
            raise deck.error(f"expected {' or '.join(map(str, DECK_SIZES))}, got {size}")
        values = f.get("values")
        scheme = values.text(choices=list(VALUE_SCHEMES)) if values is not None else None
        return Turns(name, size, scheme)


def write_setup(setup: Setup) -> dict[str, Any]:
    out: dict[str, Any] = {"players": list(setup.players)}
    if setup.turns is not None:
        turns: dict[str, Any] = {"first": setup.turns.first, "deck_size": setup.turns.deck_size}
        if setup.turns.values is not None:
            turns["values"] = setup.turns.values
        out["turns"] = turns
    if setup.judging is not None:
        out["judging"] = setup.judging
    if setup.dictionary is not None:
        out["dictionary"] = setup.dictionary
    if setup.allow is not None:
        out["allow"] = list(setup.allow)
    if setup.series:
        out["series"] = [{"game": g.game, "words": list(g.words)} for g in setup.series]
    out["board"] = _written(setup.board)
    return out


def read_action(value: Value) -> Action:
    """One entry of ``history``: a mapping with ``action`` and its fields."""
    from referee.wordblock.actions import ClaimWord, EndTurn, MoveBlock, PlaceCard, Redo, Undo

    with value.fields(
        "a mapping with action: place, claim, move-block, end-turn, undo or redo"
    ) as f:
        kind = f.require("action").text(
            choices=["place", "claim", "move-block", "end-turn", "undo", "redo"]
        )
        raw_by = f.get("by")
        by = _player(raw_by) if raw_by is not None else None
        if kind == "undo":
            return Undo(by)
        if kind == "redo":
            return Redo(by)
        if kind == "end-turn":
            return EndTurn(_player(f.require("player")), by)
        if kind == "place":
            card = f.require("card").convert(lambda raw: Card.parse(_text(raw), ""))
            at = _cell(f.require("at"))
            who = f.get("player")
            return PlaceCard(card, at, _player(who) if who is not None else None, by)
        if kind == "move-block":
            mover = _player(f.require("player"))
            src = f.get("from")
            start = _cell(src) if src is not None else None
            return MoveBlock(mover, start, _cell(f.require("to")), by)
        raw_path = f.get("path")
        path = () if raw_path is None else tuple(_cell(c) for c in raw_path.items(at_most=1000))
        challenger = f.get("challenged_by")
        reason = f.get("reason")
        raw_points = f.require("points")
        points = tuple(
            (_name_key(raw_points, name), v.integer(-MAX_POINTS_TOTAL, MAX_POINTS_TOTAL))
            for name, v in raw_points.entries()
        )
        return ClaimWord(
            player=_player(f.require("player")),
            word=f.require("word").convert(_word),
            path=path,
            challenged_by=_player(challenger) if challenger is not None else None,
            valid=f.require("valid").flag(),
            reason=reason.text(max_length=40) if reason is not None else None,
            points=points,
            by=by,
        )


def write_action(action: Action) -> dict[str, Any]:
    """One entry of ``history`` (and the JSON of a step); ``by`` only when given."""
    out = _action_fields(action)
    if action.by is not None:
        out["by"] = action.by
    return out


def _action_fields(action: Action) -> dict[str, Any]:
    from referee.wordblock.actions import EndTurn, MoveBlock, PlaceCard, Redo, Undo

    if isinstance(action, Undo):
        return {"action": "undo"}
    if isinstance(action, Redo):
        return {"action": "redo"}
    if isinstance(action, EndTurn):
        return {"action": "end-turn", "player": action.player}
    if isinstance(action, PlaceCard):
        return {
            "action": "place",
            "card": str(action.card),
            "at": action.at.name,
            "player": action.player,
        }
    if isinstance(action, MoveBlock):
        return {
            "action": "move-block",
            "player": action.player,
            "from": action.from_.name if action.from_ else None,
            "to": action.to.name,
        }
    return {
        "action": "claim",
        "player": action.player,
        "word": action.word,
        "path": cell_names(action.path),
        "challenged_by": action.challenged_by,
        "valid": action.valid,
        "reason": action.reason,
        "points": dict(action.points),
    }


def _text(raw: object) -> str:
    if not isinstance(raw, str):
        raise InputError("expected text")
    return raw


def _cell(value: Value) -> Cell:
    return value.convert(lambda raw: Cell.from_name(_text(raw)))


def _player(value: Value) -> str:
    return value.convert(lambda raw: player_name(raw, ""))


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A game file of the previous release (``game: word-block``, no ``format``)
    in this release's shape; the next write stores it so. The keys and actions
    are the same; only ``format`` and ``game`` change."""
    from referee.engine import FORMAT

    if "format" in data or data.get("game") != OLD_GAME:
        if "format" not in data:
            raise InputError(
                "not a Word Block game file (it starts with format: referee-game/2 and "
                "game: wordblock)"
            )
        return data
    out = YamlMap()
    out.line = getattr(data, "line", None)
    lines = getattr(data, "lines", {})
    out["format"] = FORMAT
    out["game"] = "wordblock"
    for key, value in data.items():
        if key != "game":
            out[key] = value
            if key in lines:
                out.lines[key] = lines[key]
    return out
