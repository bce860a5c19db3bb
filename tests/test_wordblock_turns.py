"""A whole Word Block game, turn by turn: from the first player's draw to
"over" and the winners, with every out-of-turn or out-of-phase step refused
(exit 1, the file unchanged), undo at any point, bad input (exit 2, one line,
the file untouched), and a property over random legal turn sequences.

The 2-player game here: a deck of 28, the 4 cards dealt face up (``--grid``,
bare letters valued by the rulebook's "asteroid" scheme), hands of 2 and a
draw pile of 20, so 24 cards are played, 12 by each player.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import Runner
from referee import engine
from referee.core.cells import Cell
from referee.core.errors import InputError
from referee.engine import Refusal
from referee.wordblock import play, turns
from referee.wordblock.actions import Action, Setup
from referee.wordblock.board import MAX_BLOCKS, Board, Card
from referee.wordblock.game import GAME, State
from referee.wordblock.rules import Claim, empty_spaces_for_a_card

WORDS = "examples/wordblock/words.txt"
NEW = (
    "wordblock", "game", "new", "--players", "blue,red", "--draw", "blue=k,red=x",
    "--grid", "s,h,a,e", "--values", "asteroid",
)  # fmt: skip


def data(out: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(out)
    return loaded


class Table:
    """One game file and the CLI, in process."""

    def __init__(self, invoke: Runner, path: Path) -> None:
        self.invoke = invoke
        self.path = path

    def run(self, *args: str) -> tuple[int, str, str]:
        return self.invoke("wordblock", "game", args[0], str(self.path), *args[1:])

    def show(self) -> dict[str, Any]:
        code, out, err = self.invoke("wordblock", "game", "show", str(self.path), "--json")
        assert (code, err) == (0, ""), err
        return data(out)

    def ok(self, *args: str, code: int = 0) -> dict[str, Any]:
        """A step that is recorded: undo gives back what show printed before
        (version aside), and the step is then taken again."""
        before = self.show()
        got, out, err = self.run(*args, "--json")
        result = data(out)
        assert (got, err, result["recorded"]) == (code, "", True), (args, out, err)
        assert result["version"] == before["version"] + 1
        undone, out, _ = self.run("undo", "--json")
        assert undone == 0 and data(out)["version"] == before["version"] + 2
        assert without_version(self.show()) == without_version(before), args
        again, out, _ = self.run(*args, "--json")
        assert again == code
        retaken = data(out)
        assert {k: v for k, v in retaken.items() if k != "version"} == {
            k: v for k, v in result.items() if k != "version"
        }
        return retaken

    def refused(self, reason: str, *args: str) -> None:
        """A step out of turn or out of phase: exit 1, its reason, nothing written."""
        before = self.path.read_bytes()
        code, out, err = self.run(*args, "--json")
        result = data(out)
        assert (code, err, result["reason"], result["recorded"]) == (1, "", reason, False), (
            args,
            out,
        )
        code, out, _ = self.run(*args)
        assert (code, out.split(":")[0]) == (1, "Refused"), out
        assert self.path.read_bytes() == before


def without_version(shown: dict[str, Any]) -> dict[str, Any]:
    """show --json without what tells the history (the version, the activity,
    what undo and redo would do): undo gives back the rest."""
    return {k: v for k, v in shown.items() if k not in ("version", "activity", "undo", "redo")}


# The cards played, one per turn (red starts: x is closer to z than k), with the
# optional claim (word, exit code, options) and block move of the turn. The grid
# is s-1 h-4 / a-1 e-1 on C3 D3 / C4 D4 of a 6 x 6 area.
TURNS: list[tuple[str, str, str, tuple[Any, ...] | None, tuple[str, ...] | None]] = [
    ("red", "r", "B3", None, ("--to", "C3")),
    ("blue", "w", "E2", None, ("--to", "D3")),
    # she: s(C3, red) h(D3, blue) e(D4): 9 each, red +1 for the s, blue +4 for the h
    ("red", "o", "C2", ("she", 0), ("--to", "B3")),
    ("blue", "h", "D3", None, ("--to", "D3")),
    # raw: r(B3, red) a(C4) w(B4): 9 + 1
    ("red", "w", "B4", ("raw", 0), None),
    # has: h(D3, blue) a(C4) s(C3): 9 + 4; red challenged a word and loses 5
    ("blue", "s", "C3", ("has", 0, "--challenged-by", "red"), ("--to", "C3")),
    ("red", "h", "D3", None, ("--to", "C4")),
    # she again: a repeated word is recorded (no points) and ends blue's claiming
    ("blue", "e", "B3", ("she", 1), None),
    # ahs walks a(C4) h(D3) s(C3) but is not in the list: challenged, red loses 5
    ("red", "s", "C5", ("ahs", 1, "--challenged-by", "blue"), None),
    ("blue", "r", "D5", None, ("--to", "D5")),
    ("red", "e", "E4", None, None),
    # rah: r(D5, blue) a(C4, red) h(D3): 9 each, +1 each for the r and the a
    ("blue", "o", "E3", ("rah", 0), None),
    ("red", "t", "B1", None, None),
    ("blue", "d", "C1", None, None),
    ("red", "i", "D1", None, None),
    ("blue", "n", "E1", None, None),
    ("red", "g", "F1", None, None),
    ("blue", "l", "F2", None, None),
    ("red", "u", "F3", None, None),
    ("blue", "c", "F4", None, None),
    ("red", "k", "F5", None, None),
    ("blue", "m", "E5", None, None),
    ("red", "p", "D5", None, None),
    ("blue", "b", "C4", None, None),
]
TOTALS = {"blue": 13 + 13 + 10, "red": 10 + 10 - 5 - 5 + 10}
WINNERS = ["blue"]


@pytest.mark.slow
def test_a_whole_two_player_game(invoke: Runner, tmp_path: Path) -> None:
    game = Table(invoke, tmp_path / "game.yaml")
    code, out, err = invoke(*NEW, "-o", str(game.path), "--json")
    assert (code, err) == (0, "")
    start = data(out)
    assert start["first"] == "red" and (start["turn"], start["phase"]) == ("red", "place")
    assert (start["hands"], start["draw_pile"], start["deck_size"]) == (
        {"blue": 2, "red": 3},
        19,
        28,
    )
    reported: dict[str, int] = {"blue": 0, "red": 0}
    for number, (player, card, at, claim, move) in enumerate(TURNS, start=1):
        other = "blue" if player == "red" else "red"
        shown = game.show()
        assert (shown["turn"], shown["phase"], shown["over"]) == (player, "place", False), number
        assert shown["turn_number"] == number
        held = shown["hands"]
        assert (
            sum(held.values()) + shown["draw_pile"] + len(cards(shown)) + shown["discarded"] == 28
        )
        # before the card: nothing but the card, and only by the player whose turn it is
        game.refused("not-your-turn", "place", card, "--at", at, "--player", other)
        game.refused("place-first", "claim", "she", "--dictionary", WORDS)
        game.refused("place-first", "move-block", "--to", "C4")
        game.refused("place-first", "end-turn")
        game.ok("place", card, "--at", at, "--player", player)
        game.refused("already-placed", "place", card, "--at", "A6")
        game.refused("not-your-turn", "end-turn", "--player", other)
        if claim is not None:
            word, exit_code, *options = claim
            result = game.ok("claim", word, "--dictionary", WORDS, *options, code=exit_code)
            for who, points in result["points"].items():
                reported[who] += points
            game.refused("already-claimed-this-turn", "claim", word, "--dictionary", WORDS)
        if move is not None:
            game.ok("move-block", *move)
            game.refused("already-moved-block", "move-block", *move)
            game.refused("already-claimed-this-turn", "claim", "she", "--dictionary", WORDS)
            game.refused("already-placed", "place", card, "--at", "A6")
        game.ok("end-turn", "--player", player)
    shown = game.show()
    assert shown["over"] is True and shown["turn"] is None and shown["phase"] is None
    assert shown["hands"] == {"blue": 0, "red": 0} and shown["draw_pile"] == 0
    assert shown["totals"] == reported
    assert shown["winners"] == WINNERS
    assert shown["totals"] == TOTALS
    # after the game, every step is input the referee cannot use (exit 2)
    before = game.path.read_bytes()
    for args in (("place", "q", "--at", "A6"), ("end-turn",), ("claim", "she")):
        code, out, err = game.run(*args)
        assert (code, out) == (2, "")
        assert err.startswith("Error: the game is over") and err.count("\n") == 1
    assert game.path.read_bytes() == before
    # ... but undo takes back the last turn's end
    code, out, _ = game.run("undo", "--json")
    assert code == 0 and data(out)["turn"] == {"player": "blue", "phase": "claim"}


def cards(shown: dict[str, Any]) -> list[str]:
    return [t for row in shown["board"]["cards"] for t in row.split() if t != "."]


# --------------------------------------------------------------------- bad input

BAD_NEW = {
    "5th-player": (("--players", "a,b,c,d,e", "--grid", "s,h,a,e"), "--players: at most 4 players"),
    "one-player": (("--players", "a", "--grid", "s,h,a,e"), "--players: name at least 2"),
    "deck-size-30": (("--deck-size", "30"), "--deck-size: expected 28 or 40"),
    "deck-size-0": (("--deck-size", "0"), "--deck-size: expected 28 or 40"),
    "deck-size-huge": (("--deck-size", "9" * 5000), "--deck-size: expected a whole number"),
    "deck-size-word": (("--deck-size", "forty"), "--deck-size: expected a whole number"),
    "tie-on-the-top-letter": (
        ("--draw", "blue=x,red=x"),
        "--draw: blue and red drew 'x', the top letter: a tie, draw again",
    ),
    "tie-on-the-top-card": (("--draw", "blue=x-8,red=X"), "a tie, draw again"),
    "draw-not-everyone": (("--draw", "blue=x"), "--draw: red did not draw"),
    "draw-a-stranger": (
        ("--draw", "blue=x,red=k,zed=a"),
        "--draw: 'zed' is not one of the players",
    ),
    "draw-twice": (("--draw", "blue=x,blue=k"), "--draw: blue drew twice"),
    "draw-not-a-letter": (("--draw", "blue=7,red=k"), "--draw: blue='7': give the letter drawn"),
    "draw-and-first": (("--draw", "blue=x,red=k", "--first", "red"), "--first and --draw"),
    "first-a-stranger": (
        ("--draw", "", "--first", "zed"),
        "--first: 'zed' is not one of the players",
    ),
    "grid-of-3": (("--grid", "s,h,a"), "--grid: expected the 4 cards"),
    "grid-bare-letter-without-values": (
        ("--grid", "s,h,a,e", "--values", ""),
        "--grid: 's' is not a card",
    ),
    "grid-card-not-letter-points": (("--grid", "s,h,a,e-x"), "--grid: 'e-x' is not a card"),
    "grid-card-off-the-scheme": (
        ("--grid", "s,h,a,e-4"),
        "with the asteroid values a e is worth 1",
    ),
    "neither-grid-nor-board": (("--grid", ""), "--grid: give the 4 cards dealt face up"),
    "free-with-a-draw": (("--free",), "a free scorepad has no turns, deck or draw"),
}


def new_args(*changes: str) -> list[str]:
    """NEW with options replaced (an empty value drops the option)."""
    args = list(NEW)
    pairs = list(zip(changes[::2], [*changes[1::2], ""][: len(changes[::2])], strict=True))
    for option, value in pairs:
        if option == "--free":
            args.insert(3, "--free")
            continue
        if option in args:
            at = args.index(option)
            del args[at : at + 2]
        if value:
            args += [option, value]
    return args


@pytest.mark.parametrize(("changes", "message"), BAD_NEW.values(), ids=BAD_NEW.keys())
def test_bad_new_games_are_one_line_and_write_nothing(
    invoke: Runner, tmp_path: Path, changes: tuple[str, ...], message: str
) -> None:
    game = tmp_path / "g.yaml"
    code, out, err = invoke(*new_args(*changes), "-o", str(game))
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("Error: "), err
    assert message in err, err
    assert not game.exists()


def test_deck_must_hold_the_board_and_the_hands(invoke: Runner, tmp_path: Path) -> None:
    board = tmp_path / "full.yaml"
    board.write_text('cards: ["a b c d e f", "a b c d e f", "a b c d e f", "a b c d e f"]\n')
    game = tmp_path / "g.yaml"
    args = ("wordblock", "game", "new", "--board", str(board), "--values", "asteroid")
    code, _, err = invoke(*args, "--players", "a,b,c", "--deck-size", "28", "-o", str(game))
    assert code == 2 and "--deck-size: a deck of 28 cannot hold the 24 cards on the board" in err
    assert not game.exists()
    code, _, err = invoke(*args, "--players", "a,b", "-o", str(game), "--json")
    assert (code, err) == (0, "")
    assert show(invoke, game)["draw_pile"] == 0


def show(invoke: Runner, game: Path) -> dict[str, Any]:
    code, out, err = invoke("wordblock", "game", "show", str(game), "--json")
    assert (code, err) == (0, ""), err
    return data(out)


BAD_STEPS = {
    "card-not-letter-points": (("place", "q-x", "--at", "B2"), "CARD: 'q-x' is not a card"),
    "card-a-number": (("place", "7", "--at", "B2"), "CARD: '7' is not a card"),
    "card-off-the-scheme": (("place", "q-3", "--at", "B2"), "CARD: 'q-3': with the asteroid"),
    "place-by-a-stranger": (
        ("place", "q", "--at", "B2", "--player", "zed"),
        "--player: 'zed' is not a player of this game (players: blue, red)",
    ),
    "claim-by-a-stranger": (
        ("claim", "she", "--player", "zed", "--dictionary", WORDS),
        "--player: 'zed' is not a player",
    ),
    "challenged-by-a-stranger": (
        ("claim", "she", "--challenged-by", "zed", "--dictionary", WORDS),
        "--challenged-by: 'zed' is not a player",
    ),
    "challenged-by-the-claimer": (
        ("claim", "she", "--challenged-by", "red", "--dictionary", WORDS),
        "--challenged-by: 'red' is the claimer",
    ),
    "move-by-a-stranger": (("move-block", "--to", "C3", "--player", "zed"), "'zed'"),
    "end-by-a-stranger": (("end-turn", "--player", "zed"), "'zed' is not a player"),
    "place-off-the-area": (("place", "q", "--at", "Z99"), None),
    "bad-cell": (("place", "q", "--at", "5B"), "--at: '5B' is not a cell name"),
}


@pytest.mark.parametrize(("args", "message"), BAD_STEPS.values(), ids=BAD_STEPS.keys())
def test_bad_steps_are_one_line_and_leave_the_file(
    invoke: Runner, tmp_path: Path, args: tuple[str, ...], message: str | None
) -> None:
    game = tmp_path / "g.yaml"
    assert invoke(*NEW, "-o", str(game))[0] == 0
    before = game.read_bytes()
    code, out, err = invoke("wordblock", "game", args[0], str(game), *args[1:])
    if message is None:  # a place outside the area is the rules' no (exit 1)
        assert (code, err) == (1, "") and "outside-area" in out
    else:
        assert (code, out) == (2, ""), err
        assert err.count("\n") == 1 and message in err, err
    assert game.read_bytes() == before


def test_a_free_scorepad_has_no_turns(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    assert invoke("wordblock", "game", "new", "--free", "--players", "a,b", "-o", str(game))[0] == 0
    code, _, err = invoke("wordblock", "game", "end-turn", str(game))
    assert code == 2 and "a free scorepad: it has no turns to end" in err
    code, _, err = invoke("wordblock", "game", "claim", str(game), "she")
    assert code == 2 and "--player: name the player" in err
    shown = show(invoke, game)
    assert shown["mode"] == "free" and shown["turn"] is None and shown["over"] is False


# ------------------------------------------------------------- the end of a game


def test_a_game_from_a_board_with_only_the_hands_left(invoke: Runner, tmp_path: Path) -> None:
    """A 2-player game on a board of 24 cards: the draw pile is empty from the
    start, so 4 cards are played; claims in the last turns decide it, and a tie
    is not broken."""
    game = tmp_path / "g.yaml"
    code, out, err = invoke(
        "wordblock", "game", "new", "--players", "blue,red", "--first", "blue",
        "--board", "examples/wordblock/endgame.yaml", "--values", "asteroid", "-o", str(game),
        "--json",
    )  # fmt: skip
    assert (code, err) == (0, ""), err
    start = data(out)
    assert (start["hands"], start["draw_pile"]) == ({"blue": 2, "red": 2}, 0)
    steps = [
        ("place", "t", "--at", "A5"),
        ("end-turn",),
        ("place", "s", "--at", "F5"),
        ("end-turn",),
        ("place", "a", "--at", "B5"),
        ("end-turn",),
        ("place", "e", "--at", "E5"),
        ("end-turn",),
    ]
    for args in steps:
        code, out, err = invoke("wordblock", "game", args[0], str(game), *args[1:])
        assert (code, err) == (0, ""), (args, out, err)
    shown = show(invoke, game)
    assert shown["over"] is True
    assert shown["winners"] == ["blue", "red"]  # 0 all: tied, not broken


# --------------------------------------------------------------------- property


class Anything:
    """A dictionary with every word in it."""

    def __contains__(self, word: object) -> bool:
        return True


@dataclass
class Model:
    """The test's own count of a game: independent of referee.wordblock.turns."""

    players: tuple[str, ...]
    hands: dict[str, int]
    pile: int
    current: int
    placed: bool = False
    claimed: bool = False
    moved: bool = False
    discards: int = 0
    over: bool = False

    @property
    def player(self) -> str:
        return self.players[self.current]

    def copy(self) -> Model:
        return Model(**{**self.__dict__, "hands": dict(self.hands)})

    def expected(self, kind: str, player: str | None) -> str | None:
        if player is not None and player != self.player:
            return "not-your-turn"
        must_place = not self.placed and self.hands[self.player] > 0
        if kind == "place":
            if self.placed or self.claimed or self.moved:
                return "already-placed"
            return "no-cards" if self.hands[self.player] == 0 else None
        if must_place:
            return "place-first"
        if kind == "claim" and (self.claimed or self.moved):
            return "already-claimed-this-turn"
        if kind == "move-block" and self.moved:
            return "already-moved-block"
        return None

    def end(self) -> None:
        if self.pile == 0 and not any(self.hands.values()):
            self.over = True
            return
        self.current = (self.current + 1) % len(self.players)
        self.placed = self.claimed = self.moved = False
        self.draw()

    def draw(self) -> None:
        if self.pile:
            self.pile -= 1
            self.hands[self.player] += 1


PLAYERS = ("ann", "bob", "cy", "di")
KINDS = ["place"] * 4 + ["claim"] * 3 + ["move-block"] * 2 + ["end-turn"] * 4 + ["undo", "wrong"]


def random_walk_word(draw: Callable[..., Any], board: Board, player: str) -> str:
    """A word some walk from one of the player's blocks spells (or 'zzz')."""
    blocks = board.blocks_of(player)
    if not blocks:
        return "zzz"
    g = board.graph
    i = g.index(draw(st.sampled_from(blocks)))
    letters = [g.letters[i]]
    for _ in range(draw(st.integers(2, 4))):
        i = draw(st.sampled_from(g.nbrs[i]))
        letters.append(g.letters[i])
    return "".join(letters)


@pytest.mark.slow
@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_random_turn_sequences_never_break_the_rules(data_: st.DataObject) -> None:
    draw = data_.draw
    players = PLAYERS[: draw(st.integers(2, 4), label="players")]
    deck = draw(st.sampled_from([28, 40]), label="deck")
    first = draw(st.sampled_from(players), label="first")
    grid = [Card.parse(c, values="asteroid") for c in draw(st.sampled_from(["shae", "qats"]))]
    setup = play.turns_setup(
        players,
        board=play.grid_board(grid),
        deck_size=deck,
        first=first,
        values="asteroid",
    )
    state = GAME.start(setup)
    model = Model(
        players, dict.fromkeys(players, 2), deck - 4 - 2 * len(players), players.index(first)
    )
    model.draw()
    history: list[Action] = []
    undo_stack: list[tuple[State, Model, dict[str, int]]] = []
    reported: dict[str, int] = dict.fromkeys(players, 0)

    for _ in range(draw(st.sampled_from([10, 60, 500]), label="steps")):
        check(setup, state, model, reported)
        if model.over:
            with pytest.raises(InputError, match="the game is over"):
                play.end_turn(setup, state, None)
            break
        kind = draw(st.sampled_from(["next"] * 8 + KINDS))
        if kind == "next":  # what the game asks for now (a legal turn goes on)
            kind = next_step(draw, model)
        if kind == "undo":
            if undo_stack:
                state, model, reported = undo_stack.pop()
                history.append(GAME.undo())
            continue
        who: str | None = None
        if kind == "wrong":
            who = draw(st.sampled_from([p for p in players if p != model.player]))
            kind = draw(st.sampled_from(["place", "claim", "move-block", "end-turn"]))
        elif draw(st.booleans()):
            who = model.player
        action, result, points = request(draw, setup, state, kind, who)
        if isinstance(result, Refusal) and result.reason in turns.REASONS:
            assert action is None
            assert result.reason == model.expected(kind, who), (kind, who, result)
            continue
        assert model.expected(kind, who) is None, (kind, who, model, result)
        if action is None:  # the rules said no (a bad space, no walk, ...): nothing changes
            continue
        after = GAME.step(setup, state, action)
        assert not isinstance(after, Refusal), (action, after)
        undo_stack.append((state, model.copy(), dict(reported)))
        history.append(action)
        apply(model, kind, result, state, after)
        for player, n in points.items():
            reported[player] += n
        state = after
    replayed = engine.replay(GAME, engine.Log(setup, tuple(history)))
    assert replayed.state == state
    check(setup, state, model, reported)
    if state.over:
        assert state.winners() == state.leaders()


def next_step(draw: Callable[..., Any], model: Model) -> str:
    if not model.placed and model.hands[model.player] > 0:
        return "place"
    allowed = ["end-turn"] * 3
    if not model.claimed and not model.moved:
        allowed.append("claim")
    if not model.moved:
        allowed.append("move-block")
    step: str = draw(st.sampled_from(allowed))
    return step


def request(
    draw: Callable[..., Any], setup: Setup, state: State, kind: str, who: str | None
) -> tuple[Action | None, Any, dict[str, int]]:
    board = state.board
    if kind == "place":
        spaces = empty_spaces_for_a_card(board) or [c for c, _ in board.cards]
        at = draw(
            st.sampled_from(spaces) | st.sampled_from([Cell(row=0, col=0), Cell(row=9, col=9)])
        )
        card = Card.parse(draw(st.sampled_from("abcdeqrstuxz")), values="asteroid")
        action, result = play.place(setup, state, card, at, who)
        return action, result, {}
    if kind == "claim":
        claimer = state.table.player if state.table else who
        assert claimer is not None
        word = random_walk_word(draw, board, claimer)
        if board.claimed and draw(st.booleans()):
            word = draw(st.sampled_from(board.claimed))
        lexicon: Any = Anything() if draw(st.booleans()) else frozenset()
        others = [p for p in setup.players if p != claimer]
        challenger = draw(st.sampled_from([None, *others]))
        claim_action, verdict = play.claim(
            setup, state, word, who, lexicon, challenged_by=challenger
        )
        points = verdict.points() if isinstance(verdict, Claim) and claim_action else {}
        return claim_action, verdict, points
    if kind == "move-block":
        mover = state.table.player if state.table else who
        assert mover is not None
        targets = [c for c, _ in board.cards] or [Cell(row=0, col=0)]
        to = draw(st.sampled_from(targets))
        from_ = draw(st.sampled_from([None, *board.blocks_of(mover)]))
        move_action, move = play.move_block(setup, state, who, from_, to)
        return move_action, move, {}
    end_action, ended = play.end_turn(setup, state, who)
    return end_action, ended, {}


def apply(model: Model, kind: str, result: Any, before: State, after: State) -> None:
    """The model's count of a recorded step."""
    if kind == "place":
        model.hands[model.player] -= 1
        model.placed = True
        model.discards += before.board.card_at(result.at) is not None
    elif kind == "claim":
        model.claimed = True
        model.discards += len(before.board.cards) - len(after.board.cards)
    elif kind == "move-block":
        model.moved = True
    else:
        model.end()


def check(setup: Setup, state: State, model: Model, reported: dict[str, int]) -> None:
    """What no state of a game may break."""
    table = state.table
    assert table is not None and setup.turns is not None
    assert dict(table.hands) == model.hands
    assert table.draw_pile == model.pile >= 0
    assert all(n >= 0 for n in model.hands.values())
    assert table.over == model.over
    if not model.over:
        assert table.player == model.player
    assert table.discarded == model.discards
    held = sum(model.hands.values())
    assert held + model.pile + len(state.board.cards) + model.discards == setup.turns.deck_size
    assert dict(state.totals) == reported
    owners = [c for _, cells in state.board.blocks for c in cells]
    assert len(owners) == len(set(owners))
    assert all(len(cells) <= MAX_BLOCKS for _, cells in state.board.blocks)
    assert all(state.board.card_at(c) is not None for c in owners)
    assert table.phase == (
        "place"
        if not model.placed and model.hands[table.player] > 0
        else "claim"
        if not model.claimed and not model.moved
        else "move-block"
        if not model.moved
        else "end"
    )


def test_stale_steps_are_refused(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    assert invoke(*NEW, "-o", str(game))[0] == 0
    assert invoke("wordblock", "game", "place", str(game), "r", "--at", "B3")[0] == 0
    before = game.read_bytes()
    for args in (("end-turn",), ("move-block", "--to", "C3"), ("claim", "she")):
        code, out, err = invoke(
            "wordblock", "game", args[0], str(game), *args[1:], "--expect-version", "0", "--json"
        )
        assert code == 2 and data(out)["error"]["kind"] == "conflict", (args, out, err)
        assert err == "Error: game changed: version is 1, expected 0\n"
    assert game.read_bytes() == before
    code, out, _ = invoke(
        "wordblock", "game", "end-turn", str(game), "--expect-version", "1", "--json"
    )
    assert (code, data(out)["version"], data(out)["turn"]) == (
        0,
        2,
        {"player": "blue", "phase": "place"},
    )


def test_names_keep_their_case_and_match_in_any_case(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    code, out, err = invoke(
        "wordblock", "game", "new", "--players", "Blue,RED", "--draw", "blue=k,Red=X",
        "--grid", "s,h,a,e", "--values", "asteroid", "-o", str(game), "--json",
    )  # fmt: skip
    assert (code, err) == (0, ""), err
    assert (data(out)["turn"], data(out)["phase"]) == ("RED", "place")
    assert (
        invoke("wordblock", "game", "place", str(game), "R", "--at", "b3", "--player", "Red")[0]
        == 0
    )
