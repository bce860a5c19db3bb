"""Word Block's service: its game's steps and its one-board questions, on values.

Every function takes values (a :class:`~referee.wordblock.board.Board`, a
:class:`~referee.wordblock.board.Card`, cells, house words and exclusions as
sets of words, an open :class:`~referee.core.dictionary.Dictionary`) and
returns a :class:`~referee.service.Report` whose ``doc`` is what the command
line prints under ``--json``. A cell may be given as a
:class:`~referee.core.cells.Cell` or by its name (``"B5"``), a card as a
:class:`Card` or as written (``"t-1"``; a bare ``"q"`` in a game with card
values), a walk as cells or as ``"A4,B4,B3"``: each is checked against the
board it is for, and an error names the field (``at``, ``from``, ``path``).
The command line (:mod:`referee.wordblock.cli`, :mod:`referee.wordblock.game_cli`),
the web server and the Python API (:mod:`referee.api`) are its clients;
``STEPS`` and ``QUESTIONS`` give the fields each takes from the web and from
Python.

``score-claim``, one process per claim, loads this module: the game's side
(the engine, the turns, :mod:`referee.wordblock.play`) and hint's index are
imported by the functions that use them, and ``GAME`` on first use.
"""

from __future__ import annotations

from collections.abc import Collection, Container, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from referee import service as sv
from referee.core.cells import Cell
from referee.core.dictionary import Dictionary, open_lexicon
from referee.core.errors import InputError
from referee.core.errors import show as brief
from referee.core.values import frozen
from referee.service import Report
from referee.wordblock import formats
from referee.wordblock.board import VALUE_SCHEMES, Board, Card, normalise_word, parse_path
from referee.wordblock.rules import (
    JUDGING,
    BlockMove,
    Claim,
    Placement,
    check_move,
    check_place,
)

if TYPE_CHECKING:
    from referee import engine
    from referee.wordblock.actions import Action, SeriesGame, Setup
    from referee.wordblock.game import Game, WordBlockGame
    from referee.wordblock.hints import Hint

    GAME: WordBlockGame
    """The game on the engine (its file format and pure step)."""

CellLike = Cell | str
"""A cell, or its name (``"B5"``)."""

A = TypeVar("A")


def __getattr__(name: str) -> Any:
    """``GAME``, imported on first use (the engine is no part of a question)."""
    if name == "GAME":
        from referee.wordblock.game import GAME

        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ------------------------------------------------------------------- details


@frozen
class Judged:
    """``Report.detail`` of ``score-claim``: the verdict and the board judged on."""

    verdict: Claim
    board: Board


@frozen
class Placed:
    """``Report.detail`` of ``wordblock place``: the verdict, and the board
    with the card on it (``None`` if refused), for a caller that writes it."""

    verdict: Placement
    after: Board | None


@frozen
class Moved:
    """``Report.detail`` of ``wordblock move-block``: the verdict, and the
    board with the block moved (``None`` if refused)."""

    verdict: BlockMove
    after: Board | None


@frozen
class Hinted:
    """``Report.detail`` of ``wordblock hint``: the player and the claims found."""

    player: str
    hints: tuple[Hint, ...]


@frozen
class Stepped:
    """``Report.detail`` of a game step: the game as it is now, what the step
    reports (the rules' verdict, the turn's :class:`~referee.engine.Refusal`,
    the turn ended, or for an undo the action taken back) and whether an
    action was recorded."""

    game: Game
    result: Any
    recorded: bool


# ------------------------------------------------------------------ values


def _space(value: CellLike, place: str) -> Cell:
    """A space named for a card: any cell (the rules say whether it is in the area)."""
    if isinstance(value, Cell):
        return value
    try:
        return Cell.from_name(value)
    except InputError as exc:
        raise InputError(exc.detail, place=place) from None


def _on(board: Board, value: CellLike, place: str) -> Cell:
    """A cell of ``board`` (off the board is an error naming ``place``)."""
    return board.cell(value.name if isinstance(value, Cell) else value, place)


def _walk(board: Board, value: str | Sequence[CellLike], place: str = "path") -> list[Cell]:
    """A walk: ``"A4,B4,B3"`` or a list of cells, every one on ``board``."""
    if isinstance(value, str):
        return parse_path(value, board, place)
    if not value:
        raise InputError("expected cells separated by commas, like A4,B4,B3", place=place)
    return [_on(board, c, place) for c in value]


def _card(value: Card | str, values: str | None = None) -> Card:
    """A card as written (``t-1``; with ``values`` a bare letter too), or a
    card checked against ``values``."""
    return Card.parse(str(value) if isinstance(value, Card) else value, values=values)


def with_words(dictionary: Dictionary | None, allow: Collection[str] | None) -> Dictionary:
    """The dictionary (the default if none), with house words on top."""
    lexicon = dictionary if dictionary is not None else open_lexicon()
    if allow:
        from referee.core.values import replace

        lexicon = replace(lexicon, extra=lexicon.extra | frozenset(allow))
    return lexicon


def _excluded(no_exclusions: bool, exclusions: Container[str] | None) -> Container[str]:
    """The words the rules exclude: ``exclusions`` if given, else the shipped
    list (none at all with ``no_exclusions``)."""
    if no_exclusions:
        return frozenset()
    if exclusions is not None:
        return exclusions
    from referee.wordblock.exclusions import exclusions as shipped

    return shipped()


# ---------------------------------------------------------------- questions


def score_claim(
    *,
    word: str,
    board: Board,
    player: str,
    walk: str | Sequence[CellLike] | None = None,
    challenged_by: str | None = None,
    dictionary: Dictionary | None = None,
    allow: Collection[str] | None = None,
    no_exclusions: bool = False,
    exclusions: Container[str] | None = None,
    preview: bool = False,
) -> Report:
    """Score a claim of ``word`` by ``player`` on ``board`` (the best walk,
    or exactly ``walk``); ``challenged_by`` challenges it. With ``preview``
    the word is not judged (what a claimer sees before a game's claim under
    challenge judging): the rules' shape checks (length, repeat, block,
    walk) and the points if it stands, nothing about the dictionary."""
    from referee.wordblock.rules import judge_claim

    if preview:
        return _preview(the_word=normalise_word(word), board=board, player=player, walk=walk)
    lexicon = with_words(dictionary, allow)
    the_word = normalise_word(word)
    claimer = board.require_player(player, "player")
    challenger = None
    if challenged_by is not None:
        challenger = board.require_player(challenged_by, "challenged_by")
        if challenger == claimer:
            raise InputError(
                f"{challenged_by!r} is the claimer; a player cannot challenge their own word",
                place="challenged_by",
            )
    path = _walk(board, walk) if walk is not None else None
    verdict = judge_claim(
        board,
        the_word,
        claimer,
        lexicon,
        path=path,
        challenged_by=challenger,
        exclusions=_excluded(no_exclusions, exclusions),
        allowed=lexicon.extra,
    )
    doc = {**verdict.to_dict(), "dictionary": lexicon.describe(), "exclusions": not no_exclusions}
    return Report(doc, verdict.valid, None, Judged(verdict, board))


def _preview(
    *, the_word: str, board: Board, player: str, walk: str | Sequence[CellLike] | None
) -> Report:
    """``score-claim`` with ``preview``: the walk scored, the word not judged."""
    from referee.wordblock.play import ANY_WORD
    from referee.wordblock.rules import judge_claim

    claimer = board.require_player(player, "player")
    path = _walk(board, walk) if walk is not None else None
    verdict = judge_claim(board, the_word, claimer, ANY_WORD, path=path)
    doc = {**verdict.to_dict(), "dictionary": None, "exclusions": False, "preview": True}
    return Report(doc, verdict.valid, None, Judged(verdict, board))


def place_card(*, card: Card | str, board: Board, at: CellLike) -> Report:
    """Can ``card`` be played on the space ``at``? (``wordblock place``)"""
    the_card = _card(card)
    space = _space(at, "at")
    verdict = check_place(board, the_card, space)
    after = board.with_card(space, the_card) if verdict.valid else None
    return Report(
        {**verdict.to_dict(), "output": None}, verdict.valid, None, Placed(verdict, after)
    )


def move_block_on(
    *, board: Board, player: str, to: CellLike, from_: CellLike | None = None
) -> Report:
    """Can ``player`` put a block on the card ``to`` (from ``from_``, else from
    reserve)? (``wordblock move-block``)"""
    who = board.require_player(player, "player")
    src = _on(board, from_, "from") if from_ is not None else None
    dst = _on(board, to, "to")
    verdict = check_move(board, who, src, dst)
    after = board.with_block(who, src, dst) if verdict.valid else None
    return Report({**verdict.to_dict(), "output": None}, verdict.valid, None, Moved(verdict, after))


ENCHANT_CANNOT_LIST = (
    "names an enchant dictionary; hint needs a SCOWL list (scowl, scowl:70, ...) or a "
    "word-list file (one word per line), since enchant cannot list its words"
)


def hint_dictionary(
    spec: str, *, files: bool = True, place: str | None = "dictionary"
) -> Dictionary:
    """The word list ``hint`` searches with: a SCOWL list, or (where ``files``)
    a word-list file; an enchant dictionary cannot list its words."""
    import os

    from referee.core.dictionary import is_path_spec, is_scowl_spec, open_scowl, read_word_list
    from referee.core.files import display_name

    if is_scowl_spec(spec):
        return open_scowl(spec)
    if files and (os.path.exists(spec) or is_path_spec(spec)):
        return Dictionary(display_name(spec), "word-list", read_word_list(spec), spec=spec)
    raise InputError(f"{spec!r} {ENCHANT_CANNOT_LIST}", place=place)


def board_hint(
    *,
    board: Board,
    player: str,
    top: int = 10,
    dictionary: Dictionary | None = None,
    allow: Collection[str] | None = None,
    no_exclusions: bool = False,
    exclusions: Container[str] | None = None,
) -> Report:
    """The ``top`` best claims open to ``player`` (``wordblock hint``); the
    words come from ``dictionary``, a listable one (default: SCOWL, size 60)."""
    from referee.core.scowl import WordSet
    from referee.wordblock.hints import WordIndex, hints

    who = board.require_player(player, "player")
    words = dictionary if dictionary is not None else hint_dictionary("scowl")
    extra = words.extra | frozenset(allow or ())
    lexicon = words.lexicon
    if isinstance(lexicon, WordSet):
        listed = lexicon.words()  # sorted, lowercase a-z: an index as it is
        index = WordIndex.from_words([*listed, *extra]) if extra else WordIndex(tuple(listed))
    elif isinstance(lexicon, (frozenset, set)):
        index = WordIndex.from_words(lexicon | extra)
    else:
        raise InputError(
            f"{(words.spec or words.name)!r} {ENCHANT_CANNOT_LIST}", place="dictionary"
        )
    found = hints(
        board,
        who,
        index,
        top=top,
        exclusions=_excluded(no_exclusions, exclusions),
        allowed=extra,
    )
    doc = {
        "player": who,
        "count": len(found),
        "hints": [h.to_dict(who) for h in found],
        "dictionary": {"name": words.name, "provider": words.provider, "words": len(index.words)},
    }
    return Report(doc, bool(found), None, Hinted(who, tuple(found)))


# ------------------------------------------------------------------ the game


def game_doc(current: Game) -> dict[str, Any]:
    """``referee wordblock game show FILE --json``: the players, whose
    ``turn`` it is (a name; null for a free scorepad and once over), the
    ``phase`` of the turn, ``over``, the scorepad, the board and, turn by
    turn, the cards."""
    from referee.wordblock.game import entry_numbers

    setup, state = current.log.setup, current.state
    leaders = state.leaders()
    table = state.table
    out: dict[str, Any] = {
        "mode": "free" if setup.turns is None else "turns",
        "players": list(setup.players),
        "turn": table.player if table is not None and not table.over else None,
        "phase": table.phase if table is not None and not table.over else None,
        "over": state.over,
        "totals": dict(state.totals),
        "leaders": leaders,
        "tie": len(leaders) > 1,
        "scorepad": [
            {
                "entry": entry,
                "action": formats.write_action(line.action),
                "points": dict(line.points),
                "totals": dict(line.totals),
            }
            for entry, line in zip(entry_numbers(current), state.lines, strict=True)
        ],
        "claimed": list(state.board.claimed),
        "judging": setup.judged_by,
        "dictionary": setup.dictionary,
        "series": [g.game for g in setup.series],
        "series_words": [w for g in setup.series for w in g.words],
        "actions": state.applied,
        "board": formats.board_mapping(state.board),
    }
    if setup.turns is not None and table is not None:
        out.update(
            {
                "first": setup.turns.first,
                "deck_size": setup.turns.deck_size,
                "values": setup.turns.values,
                "turn_number": table.number,
                "hands": dict(table.hands),
                "draw_pile": table.draw_pile,
                "discarded": table.discarded,
                "winners": state.winners(),
            }
        )
    out["version"] = current.version
    out.update(
        {
            "next": next_steps(current),
            "activity": activity(current),
            "undo": _undo_doc(current),
            "redo": _redo_doc(current),
            "ranking": ranking(current),
        }
    )
    return out


def next_steps(current: Game) -> list[str]:
    """The steps the rules allow now for the player on turn (a free
    scorepad: the steps it takes, for anyone)."""
    table = current.state.table
    if table is None:
        return ["place", "claim", "move-block"]
    if table.over:
        return []
    phase = table.phase
    if phase == "place":
        return ["place"]
    if phase == "claim":
        return ["claim", "move-block", "end-turn"]
    if phase == "move-block":
        return ["move-block", "end-turn"]
    return ["end-turn"]


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") and not name.endswith("'s") else f"{name}'s"


def _signed(points: int) -> str:
    return f"+{points}" if points >= 0 else str(points)


def brief_action(action: Action) -> str:
    """What an undo takes back, in words: ``Ana's claim of HATS``."""
    from referee.wordblock.actions import ClaimWord, EndTurn, MoveBlock, PlaceCard

    if isinstance(action, PlaceCard):
        card = f"{action.card.letter.upper()} on {action.at.name}"
        return f"{_possessive(action.player)} {card}" if action.player else card
    if isinstance(action, ClaimWord):
        return f"{_possessive(action.player)} claim of {action.word.upper()}"
    if isinstance(action, MoveBlock):
        return f"{_possessive(action.player)} block move to {action.to.name}"
    if isinstance(action, EndTurn):
        return f"{_possessive(action.player)} end of turn"
    return "an undo"  # pragma: no cover - undos and redos are never taken back


CLAIM_REASONS = {
    "not-in-dictionary": "not in the dictionary",
    "excluded": "an excluded word form",
    "already-claimed": "claimed before",
}


def action_text(action: Action) -> str:
    """One recorded action in words: ``Ana claimed HATS: +20 (Ben +4)``."""
    from referee.wordblock.actions import ClaimWord, EndTurn, MoveBlock, PlaceCard

    if isinstance(action, PlaceCard):
        card = f"{action.card.letter.upper()} on {action.at.name}"
        return (
            f"{action.player} placed {card}"
            if action.player
            else f"{action.card.letter.upper()} placed on {action.at.name}"
        )
    if isinstance(action, ClaimWord):
        points = dict(action.points)
        own = points.pop(action.player, 0)
        others = ", ".join(f"{p} {_signed(n)}" for p, n in points.items())
        word = action.word.upper()
        if action.valid:
            text = f"{action.player} claimed {word}: {_signed(own)}"
            if others:
                text += f" ({others})"
            if action.challenged_by:
                text += f", challenged by {action.challenged_by} in vain"
            return text
        why = CLAIM_REASONS.get(action.reason or "", "refused")
        text = f"{action.player} claimed {word}: {why}"
        if action.challenged_by:
            text += f", challenged by {action.challenged_by}"
        if own:
            text += f" ({action.player} {_signed(own)})"
        return text
    if isinstance(action, MoveBlock):
        if action.from_ is None:
            return f"{action.player} put a block on {action.to.name}"
        return f"{action.player} moved a block from {action.from_.name} to {action.to.name}"
    if isinstance(action, EndTurn):
        return f"{action.player} ended the turn"
    return "?"  # pragma: no cover


def activity(current: Game) -> list[dict[str, Any]]:
    """The newest recorded actions in words, newest first (at most
    :data:`referee.engine.ACTIVITY`): ``{"version", "by", "text"}``."""
    from referee import engine
    from referee.wordblock.actions import Redo, Undo
    from referee.wordblock.game import GAME

    out = []
    for entry in engine.activity(GAME, current.log):
        action = entry.action
        if isinstance(action, (Undo, Redo)):
            what = brief_action(entry.target) if entry.target is not None else "?"
            verb = "undid" if isinstance(action, Undo) else "redid"
            text = f"{action.by} {verb} {what}" if action.by else f"{verb.capitalize()} {what}"
        else:
            text = action_text(action)
        out.append({"version": entry.version, "by": action.by, "text": text})
    return out


def _undo_doc(current: Game) -> dict[str, Any] | None:
    """What undo would take back now: ``{"text", "version"}``, or null."""
    last = current.last
    if last is None:
        return None
    return {"text": brief_action(last), "version": current.in_force[-1] + 1}


def _redo_doc(current: Game) -> dict[str, Any] | None:
    """What redo would put back now: ``{"text", "version"}``, or null."""
    back = current.next_redo
    if back is None:
        return None
    return {"text": brief_action(back), "version": current.undone[-1] + 1}


def ranking(current: Game) -> list[dict[str, Any]] | None:
    """Once over: the players by their totals, the highest first; equal
    totals share a place ("Ties do not get broken")."""
    state = current.state
    if not state.over:
        return None
    order = sorted(state.totals, key=lambda pt: -pt[1])
    out: list[dict[str, Any]] = []
    for i, (player, total) in enumerate(order):
        if out and out[-1]["score"] == total:
            out[-1]["players"].append(player)
        else:
            out.append({"place": i + 1, "players": [player], "score": total})
    return out


def _turn(current: Game) -> dict[str, Any]:
    """What a step adds to its doc in a turn-by-turn game: ``turn``
    (``{"player", "phase"}``, null once over) and ``over``."""
    table = current.state.table
    if table is None:
        return {}
    return {"turn": table.turn(), "over": table.over}


def _recorded(acted: engine.Acted[Any, Any, Any, Any]) -> dict[str, Any]:
    """What every recorded step adds to its verdict: recorded, version, whose turn."""
    return {"recorded": acted.recorded, "version": acted.version, **_turn(acted.game)}


def _refused(acted: engine.Acted[Any, Any, Any, Any], refusal: engine.Refusal) -> Report:
    """A step the turn does not allow: nothing recorded."""
    doc = {
        "valid": False,
        "reason": refusal.reason,
        "explanation": refusal.detail,
        "recorded": False,
        "version": acted.version,
        **_turn(acted.game),
    }
    return Report(doc, False, acted.version, Stepped(acted.game, refusal, False), acted.game)


def _stepped(acted: engine.Acted[Any, Any, Any, Any], doc: dict[str, Any], valid: bool) -> Report:
    entered = getattr(acted.game.log.history[-1], "by", None) if acted.recorded else None
    if entered is not None:
        doc["by"] = entered
    return Report(
        doc, valid, acted.version, Stepped(acted.game, acted.result, acted.recorded), acted.game
    )


def _draws(value: str | Mapping[str, str] | Sequence[Sequence[str]]) -> list[tuple[str, str]]:
    """Each player's drawn letter: ``"blue=k,red=x"``, ``{"blue": "k"}`` or pairs."""
    if isinstance(value, Mapping):
        return [(str(k), str(v)) for k, v in value.items()]
    if not isinstance(value, str):
        return [(str(name), str(drawn)) for name, drawn in value]
    pairs = []
    for item in (t for t in value.split(",") if t.strip()):
        name, sep, drawn = item.partition("=")
        if not sep:
            raise InputError(f"{brief(item)}: expected PLAYER=LETTER, like blue=k", place="draw")
        pairs.append((name, drawn))
    return pairs


def _grid(value: str | Sequence[Card | str], values: str | None) -> list[Card]:
    """The 4 cards dealt face up: ``"a-1,b-4,c-4,d-1"`` or a list of cards."""
    items = [t for t in value.split(",") if t.strip()] if isinstance(value, str) else list(value)
    return [Card.parse(str(t) if isinstance(t, Card) else t, "grid", values) for t in items]


def game_lexicon(
    path: str, setup: Setup, dictionary: Dictionary | None, allow: Collection[str] | None
) -> Dictionary:
    """The words a claim of the game is judged by: the game's dictionary and
    house words if it keeps them (then a claim's own are refused), else the
    claim's (the default dictionary if none)."""
    from referee.core.errors import RefereeError
    from referee.core.files import display_name

    if not setup.keeps_dictionary:
        return with_words(dictionary, allow)
    kept = setup.dictionary or "the default dictionary"
    if allow is not None or dictionary is not None:
        raise InputError(
            f"this game keeps its dictionary ({kept}"
            f"{', with house words' if setup.allow else ''}), set at new: "
            "every challenge is judged by it",
            place="dictionary" if dictionary is not None else "allow",
        )
    try:
        lexicon = open_lexicon(setup.dictionary)
    except RefereeError as exc:
        exc.message = f"{display_name(path)}: dictionary: {exc.message}"
        raise
    return with_words(lexicon, setup.allow)


def series_game(path: str) -> SeriesGame:
    """An earlier game of a series, read from its game file: its name and the
    words claimed in it (its board's ``claimed`` list included). The game is
    named by its file's name, without the folder."""
    import os

    from referee import engine
    from referee.wordblock.actions import SeriesGame
    from referee.wordblock.game import GAME

    earlier = engine.load(GAME, path)
    return SeriesGame(os.path.basename(path), tuple(earlier.state.board.claimed))


def seat(players: Sequence[str]) -> tuple[str, ...]:
    """The players of a whole game, checked: 2 to 4 names, no one twice."""
    from referee.wordblock import play

    return play.seat(players)


def new(
    path: str,
    *,
    players: Sequence[str],
    grid: str | Sequence[Card | str] | None = None,
    board: Board | None = None,
    first: str | None = None,
    draw: str | Mapping[str, str] | Sequence[Sequence[str]] | None = None,
    deck_size: int | None = None,
    values: str | None = None,
    free: bool = False,
    judging: str | None = None,
    dictionary: Dictionary | None = None,
    allow: Collection[str] | None = None,
    series: Sequence[SeriesGame] = (),
    force: bool = False,
) -> Report:
    """Start a game in a new file (version 0): turn by turn for 2-4 players
    on the 4 cards dealt face up (``grid``) or on ``board``, the first player
    ``first`` or the closest to z of the letters drawn (``draw``); with
    ``free`` a scorepad for any number of players (on ``board`` or an empty
    6x6 area). ``judging`` is ``challenge`` (a whole game's default: only a
    challenge looks a word up) or ``strict`` (a free scorepad's default: the
    referee refuses a word its dictionary does not know); ``dictionary`` and
    ``allow`` are the game's, judging every challenge; ``series`` the earlier
    games of a series (:func:`series_game`), whose words cannot be claimed
    again. The doc is ``output`` and the show doc."""
    from referee import engine
    from referee.core.values import replace
    from referee.wordblock import play
    from referee.wordblock.game import GAME

    names = [p for p in players if p.strip()]
    if free:
        given = [
            field
            for field, value in (
                ("grid", grid),
                ("first", first),
                ("draw", draw),
                ("deck_size", deck_size),
                ("values", values),
            )
            if value is not None
        ]
        if given:
            raise InputError("a free scorepad has no turns, deck or draw", place=given[0])
        setup = play.free_setup(names, board)
    else:
        seated = play.seat(names)
        if first is not None and draw is not None:
            raise InputError("first and draw both say who starts: give one", place="draw")
        if (grid is None) == (board is None):
            raise InputError(
                "give the 4 cards dealt face up (grid: a-1,b-4,c-4,d-1) or a board (one of them)",
                place="grid",
            )
        if values is not None and values not in VALUE_SCHEMES:
            raise InputError(
                f"one of {', '.join(VALUE_SCHEMES)}, got {brief(values)}", place="values"
            )
        start = board if board is not None else play.grid_board(_grid(grid or (), values))
        starts = first
        if draw is not None:
            starts = play.first_by_draw(seated, _draws(draw))
        setup = play.turns_setup(
            names, board=start, deck_size=deck_size, first=starts, values=values
        )
    if judging is not None and judging not in JUDGING:
        raise InputError(f"one of {', '.join(JUDGING)}, got {brief(judging)}", place="judging")
    setup = replace(
        setup,
        judging=judging,
        dictionary=dictionary.spec or dictionary.name if dictionary is not None else None,
        allow=tuple(sorted(allow)) if allow else None,
        series=tuple(series),
    )
    created = engine.create(GAME, path, setup, force=force)
    doc = {"output": path, **game_doc(created)}
    return Report(doc, True, created.version, Stepped(created, setup, True), created)


def claim(
    path: str,
    *,
    word: str,
    player: str | None = None,
    walk: str | Sequence[CellLike] | None = None,
    challenged_by: str | None = None,
    dictionary: Dictionary | None = None,
    allow: Collection[str] | None = None,
    no_exclusions: bool = False,
    exclusions: Container[str] | None = None,
    by: str | None = None,
    expect_version: int | None = None,
) -> Report:
    """Claim a word: judged as ``score-claim`` judges it on the game's board,
    then scored, its blocked cards discarded, the word recorded. In a whole
    game the claimer is whoever's turn it is (``player``, if given, must be
    them); a scorepad needs ``player``."""
    from referee import engine
    from referee.wordblock import play
    from referee.wordblock.game import GAME

    the_word = normalise_word(word)
    opened: list[Dictionary] = []

    def decide(current: Game) -> engine.Decision[Action, Claim | engine.Refusal]:
        lexicon = game_lexicon(path, current.log.setup, dictionary, allow)
        opened.append(lexicon)
        board = current.state.board
        cells = _walk(board, walk) if walk is not None else None
        action, verdict = play.claim(
            current.log.setup,
            current.state,
            the_word,
            player,
            lexicon,
            path=cells,
            challenged_by=challenged_by,
            exclusions=_excluded(no_exclusions, exclusions),
            allowed=lexicon.extra,
        )
        return engine.Decision(_entered(current, action, by), verdict)

    acted = engine.act(GAME, path, decide, expect_version=expect_version)
    verdict = acted.result
    if isinstance(verdict, engine.Refusal):
        return _refused(acted, verdict)
    doc = {
        **verdict.to_dict(),
        "dictionary": opened[-1].describe(),
        "exclusions": not no_exclusions,
        "recorded": acted.recorded,
        "totals": dict(acted.game.state.totals),
        "version": acted.version,
        **_turn(acted.game),
    }
    return _stepped(acted, doc, verdict.valid)


def place(
    path: str,
    *,
    card: Card | str,
    at: CellLike,
    player: str | None = None,
    by: str | None = None,
    expect_version: int | None = None,
) -> Report:
    """Play a card on the game's board (the check of ``wordblock place``); in a
    whole game the turn's first step, by whoever's turn it is."""
    from referee import engine
    from referee.wordblock import play
    from referee.wordblock.game import GAME

    space = _space(at, "at")

    def decide(current: Game) -> engine.Decision[Action, Placement | engine.Refusal]:
        setup = current.log.setup
        the_card = _card(card, setup.turns.values if setup.turns else None)
        action, verdict = play.place(setup, current.state, the_card, space, player)
        return engine.Decision(_entered(current, action, by), verdict)

    acted = engine.act(GAME, path, decide, expect_version=expect_version)
    verdict = acted.result
    if isinstance(verdict, engine.Refusal):
        return _refused(acted, verdict)
    return _stepped(acted, {**verdict.to_dict(), **_recorded(acted)}, verdict.valid)


def move_block(
    path: str,
    *,
    to: CellLike,
    player: str | None = None,
    from_: CellLike | None = None,
    by: str | None = None,
    expect_version: int | None = None,
) -> Report:
    """Put a block on a card of the game's board (the check of ``wordblock
    move-block``); in a whole game once per turn, after the card is played."""
    from referee import engine
    from referee.wordblock import play
    from referee.wordblock.game import GAME

    def decide(current: Game) -> engine.Decision[Action, BlockMove | engine.Refusal]:
        board = current.state.board
        src = _on(board, from_, "from") if from_ is not None else None
        dst = _on(board, to, "to")
        action, verdict = play.move_block(current.log.setup, current.state, player, src, dst)
        return engine.Decision(_entered(current, action, by), verdict)

    acted = engine.act(GAME, path, decide, expect_version=expect_version)
    verdict = acted.result
    if isinstance(verdict, engine.Refusal):
        return _refused(acted, verdict)
    return _stepped(acted, {**verdict.to_dict(), **_recorded(acted)}, verdict.valid)


def end_turn(
    path: str,
    *,
    player: str | None = None,
    by: str | None = None,
    expect_version: int | None = None,
) -> Report:
    """End the turn (after the card is played): the next player draws and
    plays; the game is over when the turn in which the last card was played ends."""
    from referee import engine
    from referee.wordblock import play
    from referee.wordblock.actions import EndTurn
    from referee.wordblock.game import GAME

    def decide(current: Game) -> engine.Decision[Action, EndTurn | engine.Refusal]:
        action, result = play.end_turn(current.log.setup, current.state, player)
        return engine.Decision(_entered(current, action, by), result)

    acted = engine.act(GAME, path, decide, expect_version=expect_version)
    ended = acted.result
    if isinstance(ended, engine.Refusal):
        return _refused(acted, ended)
    state = acted.game.state
    doc = {
        "valid": True,
        "player": ended.player,
        "recorded": True,
        "version": acted.version,
        **_turn(acted.game),
        "winners": state.winners(),
        "totals": dict(state.totals),
    }
    return _stepped(acted, doc, True)


def _entered(current: Game, action: A | None, by: str | None) -> A | None:
    """The action to record, saying who entered it (``by``: a player of the game)."""
    from referee.core.values import replace
    from referee.wordblock import play

    if by is None:
        return action
    who = play.require_player(current.log.setup, by, "by")
    return replace(action, by=who) if action is not None else None


def undo(path: str, *, by: str | None = None, expect_version: int | None = None) -> Report:
    """Take back the last action still in force (recorded as an undo); refused
    (``nothing-to-undo``) when there is none."""
    from referee import engine
    from referee.wordblock.actions import Undo
    from referee.wordblock.game import GAME

    def action(current: Game) -> Action:
        return _entered(current, Undo(), by) or Undo()

    acted = engine.undo(GAME, path, expect_version=expect_version, action=action)
    return _taken_back(acted, "undone")


def _taken_back(acted: Any, key: str) -> Report:
    """The report of an undo or a redo: the action it took back or put back
    (under ``key``), or the refusal (nothing to take back or put back)."""
    from referee import engine

    result = acted.result
    refused = isinstance(result, engine.Refusal)
    doc: dict[str, Any] = {
        "valid": not refused,
        key: None if refused else formats.write_action(result),
        "reason": result.reason if refused else None,
        "explanation": result.detail if refused else None,
        "totals": dict(acted.game.state.totals),
        "version": acted.version,
        **_turn(acted.game),
    }
    return _stepped(acted, doc, not refused)


def redo(path: str, *, by: str | None = None, expect_version: int | None = None) -> Report:
    """Right after one or more undos: put back the action the latest undo took
    back (recorded as a redo); refused (``nothing-to-redo``) otherwise."""
    from referee import engine
    from referee.wordblock.actions import Redo
    from referee.wordblock.game import GAME

    def action(current: Game) -> Action:
        return _entered(current, Redo(), by) or Redo()

    acted = engine.redo(GAME, path, action, expect_version=expect_version)
    return _taken_back(acted, "redone")


def show(path: str) -> Report:
    """The game as it is: ``referee wordblock game show FILE --json``."""
    from referee import engine
    from referee.wordblock.game import GAME

    current = engine.load(GAME, path)
    return Report(game_doc(current), True, current.version, current, current)


# -------------------------------------------------------------------- fields


def _name(value: Any, ctx: sv.Ctx) -> str:
    return sv.text(100)(value, ctx)


def _cell_name(value: Any, ctx: sv.Ctx) -> CellLike:
    """A cell: a :class:`Cell` from Python, else its name (checked against
    the board by the step)."""
    if isinstance(value, Cell):
        return value
    return sv.text(20)(value, ctx).strip()


def _cells(value: Any, ctx: sv.Ctx) -> str | list[CellLike]:
    """A walk: ``"A4,B4,B3"`` or a list of cells."""
    if isinstance(value, str):
        return sv.text(10_000)(value, ctx)
    if not isinstance(value, (list, tuple)) or len(value) > 1000:
        raise InputError(f"expected cells like A4,B4,B3 (or a list of them), got {brief(value)}")
    out: list[CellLike] = []
    for i, item in enumerate(value):
        try:
            out.append(_cell_name(item, ctx))
        except InputError as exc:
            raise exc.at(f"[{i}]") from None
    return out


def _card_value(value: Any, ctx: sv.Ctx) -> Card | str:
    """A card: a :class:`Card`, or as written (``t-1``; parsed by the step,
    which knows a game's card values)."""
    if isinstance(value, Card):
        return value
    return sv.text(20)(value, ctx)


def _one_card(value: Any, ctx: sv.Ctx) -> Card:
    card = _card_value(value, ctx)
    try:
        return _card(card)
    except InputError as exc:
        raise InputError(exc.detail) from None


def _board_value(value: Any, ctx: sv.Ctx) -> Board:
    if isinstance(value, Board):
        return value
    if isinstance(value, str):
        raise InputError(
            "give the board itself, a mapping with cards: (and blocks:, claimed:, area:); "
            "file names are not accepted here"
        )
    return formats.board_from_mapping(value, ctx.values.get("values"))


def _board_path(path: str, ctx: sv.Ctx) -> Board:
    return formats.load_board(path, ctx.values.get("values"))


def _dictionary(value: Any, ctx: sv.Ctx) -> Dictionary:
    """``dictionary``: an installed one by name (from Python also a word-list file)."""
    if isinstance(value, Dictionary):
        return value
    return open_lexicon(sv.dictionary(value, ctx), files=ctx.files)


def _hint_words(value: Any, ctx: sv.Ctx) -> Dictionary:
    """``hint``'s ``dictionary``: a SCOWL list by name (from Python also a word-list file)."""
    if isinstance(value, Dictionary):
        return value
    return hint_dictionary(sv.dictionary(value, ctx), files=ctx.files, place=None)


def _players(value: Any, ctx: sv.Ctx) -> list[str]:
    return sv.names(40)(value, ctx)


def _draw(value: Any, ctx: sv.Ctx) -> str | dict[str, str]:
    """``draw``: ``"blue=k,red=x"`` or ``{"blue": "k", "red": "x"}``."""
    if isinstance(value, dict):
        if len(value) > 40:
            raise InputError(f"at most 40 players, got {len(value)}")
        return {_name(k, ctx): sv.text(20)(v, ctx) for k, v in value.items()}
    return sv.text(2_000)(value, ctx)


def _grid_value(value: Any, ctx: sv.Ctx) -> str | list[Card | str]:
    """``grid``: ``"a-1,b-4,c-4,d-1"`` or a list of cards."""
    if isinstance(value, str):
        return sv.text(2_000)(value, ctx)
    if not isinstance(value, (list, tuple)) or len(value) > 100:
        raise InputError(
            f"expected the 4 cards dealt face up (a-1,b-4,c-4,d-1), got {brief(value)}"
        )
    out: list[Card | str] = []
    for i, item in enumerate(value):
        try:
            out.append(_card_value(item, ctx))
        except InputError as exc:
            raise exc.at(f"[{i}]") from None
    return out


def _series_value(value: Any, ctx: sv.Ctx) -> list[SeriesGame]:
    """``series``: the earlier games, in order. From Python their game files
    (paths) or :class:`SeriesGame` values; from the web (no files) each game
    as ``{"game": NAME, "words": [...]}`` or the list of its claimed words."""
    if not isinstance(value, (list, tuple)):
        value = [value]
    if len(value) > 100:
        raise InputError(f"at most 100 earlier games, got {len(value)}")
    out: list[SeriesGame] = []
    for i, item in enumerate(value):
        try:
            out.append(_series_item(item, i, ctx))
        except InputError as exc:
            raise exc.at(f"[{i}]") from None
    return out


def _series_item(item: Any, i: int, ctx: sv.Ctx) -> SeriesGame:
    from referee.wordblock.actions import SeriesGame

    if isinstance(item, SeriesGame):
        return item
    path = sv.path_of(item)
    if path is not None:
        if not ctx.files:
            raise InputError(
                "give the earlier game's claimed words (a list, or {game, words}); "
                "file names are not accepted here"
            )
        return series_game(path)
    name = f"game {i + 1} of the series"
    words: Any = item
    if isinstance(item, dict):
        name = _name(item.get("game", name), ctx)
        words = item.get("words")
    if not isinstance(words, (list, tuple)) or len(words) > 100_000:
        raise InputError(f"expected the words claimed in the game (a list), got {brief(words)}")
    return SeriesGame(name, tuple(normalise_word(_name(w, ctx), "series") for w in words))


BOARD = sv.Param(
    "board",
    sv.file(_board_path, _board_value, "board"),
    required=True,
    kind="file",
    help="The board: cards (rows of cards and '.'), blocks, claimed, area.",
)
PLAYER = sv.Param("player", _name, required=True, help="The player.")
ALLOW = sv.Param(
    "allow", sv.house_words, kind="file", help="House words accepted on top of the dictionary."
)
DICTIONARY = sv.Param(
    "dictionary",
    _dictionary,
    help="An installed dictionary: en_US, hunspell:en_GB, scowl:60.",
)
NO_EXCLUSIONS = sv.Param(
    "no_exclusions",
    sv.flag,
    kind="flag",
    help="Accept the abbreviations on the shipped exclusion list (etc, adj, avg, ...).",
)
WALK = sv.Param(
    "path",
    _cells,
    target="walk",
    help="Score exactly this walk (A4,B4,B3,...) instead of the best.",
)
CHALLENGED_BY = sv.Param(
    "challenged_by",
    _name,
    help="A player challenges the word: who the dictionary proves wrong loses 5.",
)
EXPECT = sv.Param("expect_version", sv.whole(0, 10**9), help="Refuse unless the game is at N.")
ACTOR = sv.Param(
    "player", _name, help="Who acts: in a whole game, whoever's turn it is (the default)."
)
WORD = sv.Param("word", _name, required=True, help="The word claimed.")
TO = sv.Param("to", _cell_name, required=True, help="The card the block goes on, e.g. B4.")
FROM = sv.Param(
    "from", _cell_name, target="from_", help="The block to move (default: one from reserve)."
)
BY = sv.Param("by", _name, help="Who entered the step: a player's name (recorded).")


STEPS: dict[str, sv.Step] = {
    "place": sv.Step(
        "place",
        place,
        (
            sv.Param("card", _card_value, required=True, help="The card, e.g. t-1."),
            sv.Param("at", _cell_name, required=True, help="The space, e.g. B5."),
            ACTOR,
            BY,
            EXPECT,
        ),
    ),
    "claim": sv.Step(
        "claim",
        claim,
        (WORD, ACTOR, WALK, CHALLENGED_BY, DICTIONARY, ALLOW, NO_EXCLUSIONS, BY, EXPECT),
    ),
    "move-block": sv.Step("move-block", move_block, (ACTOR, FROM, TO, BY, EXPECT)),
    "end-turn": sv.Step(
        "end-turn",
        end_turn,
        (
            sv.Param("player", _name, help="Whose turn ends (if given, it must be theirs)."),
            BY,
            EXPECT,
        ),
    ),
    "undo": sv.Step("undo", undo, (BY, EXPECT)),
    "redo": sv.Step("redo", redo, (BY, EXPECT)),
}
"""The steps of a game, as ``referee wordblock game STEP`` takes them."""

NEW = sv.Step(
    "new",
    new,
    (
        sv.Param("players", _players, required=True, kind="list", help="Names, in seating order."),
        sv.Param(
            "values",
            sv.choice(*VALUE_SCHEMES),
            choices=VALUE_SCHEMES,
            help="Cards without values: bare letters, valued by the rulebook's scheme.",
        ),
        sv.Param("grid", _grid_value, kind="list", help="The 4 cards dealt face up, row by row."),
        sv.Param(
            "board",
            sv.file(_board_path, _board_value, "board"),
            kind="file",
            help="Start on this board instead (its cards are part of the deck).",
        ),
        sv.Param("first", _name, help="Who plays first (default: the first listed)."),
        sv.Param("draw", _draw, help="Each player's drawn letter (blue=k,red=x)."),
        sv.Param("deck_size", sv.whole(0, 999), help="28 or 40 cards."),
        sv.Param("free", sv.flag, kind="flag", help="A free scorepad: no turns, no end."),
        sv.Param(
            "judging",
            sv.choice(*JUDGING),
            choices=JUDGING,
            help="challenge (only a challenge looks a word up; a whole game's default) "
            "or strict (the referee refuses words its dictionary does not know).",
        ),
        sv.Param(
            "dictionary",
            _dictionary,
            help="The game's dictionary, judging every challenge: en_US, scowl:60.",
        ),
        sv.Param(
            "allow", sv.house_words, kind="file", help="The game's house words (a list of words)."
        ),
        sv.Param(
            "series",
            _series_value,
            kind="list",
            help="The earlier games of a series, in order: their words cannot be claimed again.",
        ),
        sv.Param("force", sv.flag, kind="flag"),
    ),
)

SHOW = sv.Step("show", show)

QUESTIONS: dict[str, sv.Step] = {
    "score-claim": sv.Step(
        "score-claim",
        score_claim,
        (
            WORD,
            BOARD,
            PLAYER,
            WALK,
            CHALLENGED_BY,
            DICTIONARY,
            ALLOW,
            NO_EXCLUSIONS,
            sv.Param(
                "preview",
                sv.flag,
                kind="flag",
                help="Score the walk without judging the word (a challenge judges it).",
            ),
        ),
    ),
    "wordblock place": sv.Step(
        "wordblock place",
        place_card,
        (
            sv.Param("card", _one_card, required=True, help="The card, e.g. t-1."),
            BOARD,
            sv.Param("at", _cell_name, required=True, help="The space, e.g. B5."),
        ),
    ),
    "wordblock move-block": sv.Step(
        "wordblock move-block", move_block_on, (BOARD, PLAYER, FROM, TO)
    ),
    "wordblock hint": sv.Step(
        "wordblock hint",
        board_hint,
        (
            BOARD,
            PLAYER,
            sv.Param("top", sv.whole(1, 10_000), help="How many claims (default 10)."),
            sv.Param(
                "dictionary",
                _hint_words,
                help="The word list searched: a SCOWL list (scowl, scowl:70, scowl:british:70).",
            ),
            ALLOW,
            NO_EXCLUSIONS,
        ),
    ),
}
"""The questions on one board: they answer and write nothing."""
