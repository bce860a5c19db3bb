"""Whole evenings at one table, as the pages play them: people's names, who
entered each step (``by``), undo and redo, and what ``show --json`` gives a
page so that it needs no rule of its own: ``players``, ``turn``, ``over``,
``next``, ``activity``, ``undo``, ``redo`` and ``ranking``.

Each game is played twice, through the service (fields as the web sends them)
and through the command line, and every step's document is the same.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from helpers import SAMPLE, SAMPLE_LETTERS, Runner, error_line, one_json
from referee import service as sv
from referee.core.errors import InputError

Step = tuple[str, dict[str, Any], tuple[str, ...]]
"""A step: its name, its fields as the web sends them, and the same on the command line."""


class Both:
    """One game played through the service and through the CLI, side by side."""

    def __init__(self, invoke: Runner, tmp_path: Path, game: str, *, files: bool = False) -> None:
        self.files = files
        """Fields as Python gives them (a dictionary may be a word-list file), else as the web."""
        self.invoke = invoke
        self.game = game
        self.module = sv.service(game)
        self.web = str(tmp_path / "web.yaml")
        self.cli = str(tmp_path / "cli.yaml")

    def new(self, fields: dict[str, Any], args: tuple[str, ...]) -> None:
        self.module.NEW.call(fields, files=self.files, path=self.web)
        code, _, err = self.invoke(self.game, "game", "new", *args, "-o", self.cli, "--json")
        assert (code, err) == (0, ""), err
        assert self.show() == self.cli_show()

    def step(self, name: str, fields: dict[str, Any], args: tuple[str, ...], code: int = 0) -> Any:
        """The step both ways: the same exit, the same document, the same show."""
        report = self.module.STEPS[name].call(fields, files=self.files, path=self.web)
        got, out, err = self.invoke(self.game, "game", name, self.cli, *args, "--json")
        assert (got, err) == (code, ""), (name, out, err)
        assert report.exit_code == code, report.doc
        assert one_json(out) == report.doc, name
        shown = self.show()
        assert shown == self.cli_show()
        return shown

    def show(self) -> dict[str, Any]:
        doc: dict[str, Any] = self.module.SHOW.run(self.web).doc
        return doc

    def cli_show(self) -> dict[str, Any]:
        code, out, err = self.invoke(self.game, "game", "show", self.cli, "--json")
        assert (code, err) == (0, ""), err
        doc: dict[str, Any] = one_json(out)
        return doc

    def history(self) -> list[dict[str, Any]]:
        import yaml

        with open(self.cli, encoding="utf-8") as handle:
            entries: list[dict[str, Any]] = yaml.safe_load(handle)["history"]
        return entries


def texts(shown: dict[str, Any]) -> list[str]:
    return [entry["text"] for entry in shown["activity"]]


# ---------------------------------------------------------------- Blind Spot


def test_a_whole_three_player_blind_spot_game(invoke: Runner, tmp_path: Path) -> None:
    table = Both(invoke, tmp_path, "blindspot")
    table.new(
        {"layout": {"letters": SAMPLE_LETTERS}, "players": ["Ana:red", "Ben:blue", "Cleo:yellow"]},
        ("--layout", SAMPLE, "--players", "Ana:red,Ben:blue,Cleo:yellow"),
    )
    shown = table.show()
    assert shown["players"] == ["Ana", "Ben", "Cleo"]
    assert shown["seats"] == [
        {"name": "Ana", "colour": "red"},
        {"name": "Ben", "colour": "blue"},
        {"name": "Cleo", "colour": "yellow"},
    ]
    assert (shown["turn"], shown["over"], shown["next"]) == ("Ana", False, ["play", "timeout"])
    assert (shown["activity"], shown["undo"], shown["redo"], shown["ranking"]) == (
        [],
        None,
        None,
        None,
    )
    assert shown["timer_seconds"] == 30
    assert shown["glasses"] == {"red": 0, "blue": 0, "yellow": 0}

    def play(word: str, at: str, by: str) -> Step:
        return ("play", {"word": word, "at": at, "by": by}, (word, "--at", at, "--by", by))

    shown = table.step(*play("seas", "D1", "ana"))
    assert shown["activity"][0] == {"version": 1, "by": "Ana", "text": "Ana played SEAS at D1"}
    shown = table.step(*play("tale", "E4", "BEN"))
    assert shown["turn"] == "Cleo"
    assert shown["undo"] == {"text": "Ben's TALE at E4", "version": 2}

    shown = table.step("undo", {"by": "Ana"}, ("--by", "Ana"))
    assert shown["turn"] == "Ben" and shown["spots"] == {"red": ["D1"]}
    assert shown["activity"][0] == {"version": 3, "by": "Ana", "text": "Ana undid Ben's TALE at E4"}
    assert shown["undo"] == {"text": "Ana's SEAS at D1", "version": 1}
    assert shown["redo"] == {"text": "Ben's TALE at E4", "version": 2}

    shown = table.step("redo", {"by": "cleo"}, ("--by", "cleo"))
    assert shown["turn"] == "Cleo" and shown["spots"] == {"red": ["D1"], "blue": ["E4"]}
    assert texts(shown)[0] == "Cleo redid Ben's TALE at E4"
    assert (shown["undo"], shown["redo"]) == ({"text": "Ben's TALE at E4", "version": 2}, None)
    # nothing more to redo: refused, nothing written
    before = Path(table.cli).read_bytes()
    shown = table.step("redo", {}, (), code=1)
    assert Path(table.cli).read_bytes() == before and shown["version"] == 4

    timeout: Callable[[str], Step] = lambda by: ("timeout", {"by": by}, ("--by", by))  # noqa: E731
    table.step(*timeout("Cleo"))
    shown = table.step(
        "timeout", {"player": "ana", "by": "Ben"}, ("--player", "ana", "--by", "Ben")
    )
    assert shown["activity"][0] == {
        "version": 6,
        "by": "Ben",
        "text": "Ana timed out (a spot on the glasses)",
    }
    table.step(*timeout("Ben"))
    shown = table.step(*timeout("Cleo"))
    assert texts(shown)[0] == "Cleo timed out (a second spot on the glasses: out)"
    assert (shown["eliminated"], shown["turn"]) == (["yellow"], "Ana")
    assert shown["glasses"] == {"red": 1, "blue": 1, "yellow": 2}
    shown = table.step(*timeout("Ana"))
    assert (shown["over"], shown["turn"], shown["next"], shown["winner"]) == (
        True,
        None,
        [],
        "blue",
    )
    assert shown["ranking"] == [
        {"place": 1, "players": ["Ben"], "score": None},
        {"place": 2, "players": ["Ana"], "score": None},
        {"place": 3, "players": ["Cleo"], "score": None},
    ]
    assert [e["version"] for e in shown["activity"]] == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert table.history()[2:4] == [
        {"action": "undo", "by": "Ana"},
        {"action": "redo", "by": "Cleo"},
    ]


def test_plain_colours_still_make_a_game(invoke: Runner, tmp_path: Path) -> None:
    table = Both(invoke, tmp_path, "blindspot")
    table.new(
        {"layout": {"letters": SAMPLE_LETTERS}, "players": "red,blue"},
        ("--layout", SAMPLE, "--players", "red,blue"),
    )
    shown = table.show()
    assert (shown["players"], shown["turn"]) == (["red", "blue"], "red")
    shown = table.step("timeout", {"by": "blue"}, ("--by", "blue"))
    assert shown["activity"][0]["by"] == "blue"


def test_seats_as_mappings(tmp_path: Path) -> None:
    module = sv.service("blindspot")
    path = str(tmp_path / "g.yaml")
    seats = [{"name": "Ana Maria", "colour": "green"}, {"name": "Bo", "colour": "red"}]
    module.NEW.call({"layout": {"letters": SAMPLE_LETTERS}, "players": seats}, path=path)
    shown = module.SHOW.run(path).doc
    assert (shown["players"], shown["seats"], shown["turn"]) == (
        ["Ana Maria", "Bo"],
        seats,
        "Ana Maria",
    )


# ---------------------------------------------------------------- Word Block

WORDS = "examples/wordblock/words.txt"


def test_a_whole_two_player_word_block_game(invoke: Runner, tmp_path: Path) -> None:
    """The rulebook's grid, Ben Lee and Ana: a claim, a challenge, a block move,
    undo and redo, to the last card."""
    table = Both(invoke, tmp_path, "wordblock", files=True)
    table.new(
        {
            "players": ["Ana", "Ben Lee"],
            "draw": {"ana": "k", "BEN LEE": "x"},
            "grid": "s,h,a,e",
            "values": "asteroid",
        },
        (
            "--players",
            "Ana,Ben Lee",
            "--draw",
            "ana=k,BEN LEE=x",
            "--grid",
            "s,h,a,e",
            "--values",
            "asteroid",
        ),
    )
    shown = table.show()
    assert (shown["players"], shown["turn"], shown["next"]) == (
        ["Ana", "Ben Lee"],
        "Ben Lee",
        ["place"],
    )
    words = {"dictionary": str(Path(WORDS).resolve())}

    def place(card: str, at: str, by: str) -> Any:
        return table.step(
            "place", {"card": card, "at": at, "by": by}, (card, "--at", at, "--by", by)
        )

    def claim(word: str, *extra: str, code: int = 0, by: str = "Ana") -> Any:
        fields: dict[str, Any] = {"word": word, "by": by, **words}
        args = (word, "--dictionary", WORDS, "--by", by, *extra)
        if extra:
            fields["challenged_by"] = extra[1]
        return table.step("claim", fields, args, code=code)

    def move(to: str, by: str = "Ana") -> Any:
        return table.step("move-block", {"to": to, "by": by}, ("--to", to, "--by", by))

    def end(by: str = "Ana") -> Any:
        return table.step("end-turn", {"by": by}, ("--by", by))

    # turn 1, Ben Lee: r on B3, a block on C3
    shown = place("r", "B3", "ben lee")
    assert shown["activity"][0] == {"version": 1, "by": "Ben Lee", "text": "Ben Lee placed R on B3"}
    assert shown["next"] == ["claim", "move-block", "end-turn"]
    shown = move("C3", by="Ben Lee")
    assert texts(shown)[0] == "Ben Lee put a block on C3"
    assert shown["next"] == ["end-turn"]
    end("Ben Lee")
    # turn 2, Ana: w on E2, a block on D3
    place("w", "E2", "Ana")
    move("D3")
    end()
    # turn 3, Ben Lee: o on C2, claims SHE (its blocks go back), a block on B3
    place("o", "C2", "Ben Lee")
    shown = claim("she", by="Ben Lee")
    assert texts(shown)[0] == "Ben Lee claimed SHE: +10 (Ana +13)"
    assert shown["next"] == ["move-block", "end-turn"]
    # undo the claim and redo it: the same scores
    totals = shown["totals"]
    shown = table.step("undo", {"by": "Ana"}, ("--by", "Ana"))
    assert texts(shown)[0] == "Ana undid Ben Lee's claim of SHE"
    assert shown["redo"] == {"text": "Ben Lee's claim of SHE", "version": 8}
    assert shown["totals"] == {"Ana": 0, "Ben Lee": 0}
    shown = table.step("redo", {"by": "Ben Lee"}, ("--by", "Ben Lee"))
    assert texts(shown)[0] == "Ben Lee redid Ben Lee's claim of SHE"
    assert shown["totals"] == totals and shown["redo"] is None
    table.step("redo", {}, (), code=1)
    shown = move("B3", by="Ben Lee")
    assert texts(shown)[0] == "Ben Lee put a block on B3"
    end("Ben Lee")
    # turn 4, Ana: h on D3, the block stays
    place("h", "D3", "Ana")
    move("D3")
    end()
    # turn 5, Ben Lee: w on B4, claims RAW
    place("w", "B4", "Ben Lee")
    claim("raw", by="Ben Lee")
    end("Ben Lee")
    # turn 6, Ana: s on C3, claims HAS; Ben Lee challenges and loses 5
    place("s", "C3", "Ana")
    shown = claim("has", "--challenged-by", "ben lee")
    assert texts(shown)[0] == "Ana claimed HAS: +13 (Ben Lee -5), challenged by Ben Lee in vain"
    move("C3")
    end()
    # the rest of the deck, card by card, each on an empty space next to a card
    from referee.wordblock.rules import empty_spaces_for_a_card

    rest = "hesroetdinglucmpkb"
    for number, card in enumerate(rest):
        who = "Ben Lee" if number % 2 == 0 else "Ana"
        assert table.show()["turn"] == who
        board = table.module.SHOW.run(table.web).game.state.board
        place(card, empty_spaces_for_a_card(board)[0].name, who)
        if number == 3:  # Ana's block from the s of HAS to the w on E2
            fields = {"from": "C3", "to": "E2", "by": "Ana"}
            shown = table.step("move-block", fields, ("--from", "C3", "--to", "E2", "--by", "Ana"))
            assert texts(shown)[0] == "Ana moved a block from C3 to E2"
        shown = end(who)
    assert (shown["over"], shown["turn"], shown["next"]) == (True, None, [])
    # Ana: SHE's h (9 + 4) and HAS (9 + 4); Ben Lee: SHE (9 + 1), RAW (9 + 1), a lost challenge
    assert shown["totals"] == {"Ana": 26, "Ben Lee": 15}
    assert shown["ranking"] == [
        {"place": 1, "players": ["Ana"], "score": 26},
        {"place": 2, "players": ["Ben Lee"], "score": 15},
    ]
    assert len(shown["activity"]) == 50 < shown["version"]
    assert shown["activity"][0] == {
        "version": shown["version"],
        "by": "Ana",
        "text": "Ana ended the turn",
    }


def test_word_block_names_twice_in_two_spellings_are_refused(
    invoke: Runner, tmp_path: Path
) -> None:
    line = error_line(
        invoke(
            "wordblock", "game", "new", "--players", "Ana,ANA", "--grid", "s,h,a,e",
            "--values", "asteroid", "-o", str(tmp_path / "g.yaml"),
        )
    )  # fmt: skip
    assert line == "Error: --players: 'ANA' is named twice (as 'Ana')"


# -------------------------------------------------------------- Out of Sight


def test_an_out_of_sight_basic_game_to_its_end(invoke: Runner, tmp_path: Path) -> None:
    table = Both(invoke, tmp_path, "outofsight")
    table.new({"players": ["Ann", "Bob"]}, ("--players", "Ann,Bob"))
    shown = table.show()
    assert (shown["turn"], shown["time_keeper"], shown["next"]) == ("Ann", "Bob", ["turn", "frame"])

    def turn(cards: str, end: str, by: str, player: str | None = None) -> Any:
        fields: dict[str, Any] = {"cards": cards, end: True, "by": by}
        args: tuple[str, ...] = ("--cards", cards, f"--{end}", "--by", by)
        if player is not None:
            fields["player"] = player
            args += ("--player", player)
        return table.step("turn", fields, args)

    shown = turn("red-3,blue-5", "stop", "ann", player="ANN")
    assert shown["activity"][0] == {
        "version": 1,
        "by": "Ann",
        "text": "Ann collected red-3 and blue-5 and stopped (banked)",
    }
    assert (shown["turn"], shown["time_keeper"], shown["next"]) == ("Bob", "Ann", ["turn"])
    shown = turn("green-7", "time", "Ann")
    assert texts(shown)[0] == "Bob collected green-7, but time ran out (lost)"
    shown = table.step("undo", {"by": "Bob"}, ("--by", "Bob"))
    assert texts(shown)[0] == "Bob undid Bob's turn (green-7, lost)"
    shown = table.step("redo", {"by": "Ann"}, ("--by", "Ann"))
    assert texts(shown)[0] == "Ann redid Bob's turn (green-7, lost)"
    assert shown["turn"] == "Ann" and shown["discarded"] == ["green-7"]
    for _ in range(2):  # boxes 2 and 3
        turn("yellow-1", "stop", "Ann")
        shown = turn("purple-2,silver-4", "stop", "Bob")
    assert texts(shown)[0] == (
        "Bob collected purple-2 and silver-4 and stopped (banked); frame 1 scored: Ann 4, Bob 4"
    )
    for _ in range(2 * 3 * 2):  # frames 2 and 3
        shown = turn("orange-6", "stop", "Bob")
    assert (shown["over"], shown["turn"], shown["next"]) == (True, None, [])
    assert shown["totals"] == {"Ann": 10, "Bob": 10}
    assert shown["ranking"] == [{"place": 1, "players": ["Ann", "Bob"], "score": 10}]
    assert texts(shown)[0].endswith("; frame 3 scored: Ann 3, Bob 3")


# ---------------------------------------------------------------- bad inputs


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (
            ("blindspot", "game", "new", "--layout", SAMPLE, "--players", "ana:pink"),
            ("--players", "'pink'", "red, yellow, blue, green"),
        ),
        (
            ("blindspot", "game", "new", "--layout", SAMPLE, "--players", "ana:red,ANA:blue"),
            ("--players", "'ANA' is named twice (as 'ana')"),
        ),
        (
            (
                "blindspot",
                "game",
                "new",
                "--layout",
                SAMPLE,
                "--players",
                "Ana:red,blue:yellow,Ben:green",
            ),
            ("--players", "named after another colour"),
        ),
    ],
    ids=["unknown-colour", "named-twice", "named-after-a-colour"],
)
def test_bad_players(
    invoke: Runner, tmp_path: Path, args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    out = tmp_path / "g.yaml"
    error_line(invoke(*args, "-o", str(out)))
    line = error_line(invoke(*args, "-o", str(out)))
    for fragment in fragments:
        assert fragment in line, line
    assert not out.exists()


def _games(invoke: Runner, tmp_path: Path) -> dict[str, str]:
    paths = {
        game: str(tmp_path / f"{game}.yaml") for game in ("blindspot", "wordblock", "outofsight")
    }
    news = {
        "blindspot": ("--layout", SAMPLE, "--players", "Ana:red,Ben:blue"),
        "wordblock": ("--players", "Ana,Ben Lee", "--grid", "s,h,a,e", "--values", "asteroid"),
        "outofsight": ("--players", "Ana,Ben Lee"),
    }
    for game, args in news.items():
        code, _, err = invoke(game, "game", "new", *args, "-o", paths[game])
        assert (code, err) == (0, ""), err
    return paths


STEPS_BY = {
    "blindspot": ("timeout",),
    "wordblock": ("place", "r", "--at", "B3"),
    "outofsight": ("turn", "--cards", "red-3", "--stop"),
}


@pytest.mark.parametrize("game", list(STEPS_BY))
def test_by_nobody_and_redo_with_nothing_to_redo(invoke: Runner, tmp_path: Path, game: str) -> None:
    path = _games(invoke, tmp_path)[game]
    before = Path(path).read_bytes()
    step, *rest = STEPS_BY[game]
    line = error_line(invoke(game, "game", step, path, *rest, "--by", "nobody"))
    assert line.startswith("Error: --by: 'nobody' is not a player of this game"), line
    for command in (("undo", "--by", "nobody"), ("redo", "--by", "nobody")):
        assert error_line(invoke(game, "game", *command, path)).startswith("Error: --by: ")
    code, out, err = invoke(game, "game", "redo", path, "--json")
    doc = one_json(out)
    assert (code, err, doc["valid"], doc["reason"]) == (1, "", False, "nothing-to-redo")
    assert "--" not in doc["explanation"] and "nothing-to-redo" not in doc["explanation"]
    assert Path(path).read_bytes() == before
    # a step, then redo: still nothing to redo (redo comes right after undo)
    assert invoke(game, "game", step, path, *rest, "--by", "ana")[0] == 0
    assert invoke(game, "game", "redo", path)[0] == 1


def test_an_unknown_out_of_sight_colour_is_refused_with_the_games_colours(
    invoke: Runner, tmp_path: Path
) -> None:
    path = _games(invoke, tmp_path)["outofsight"]
    line = error_line(invoke("outofsight", "game", "turn", path, "--cards", "blu-5", "--stop"))
    assert line == (
        "Error: --cards: card 'blu-5': 'blu' is not a colour of this game (colours: blue, "
        "yellow, green, purple, silver, red, orange, pink, brown)"
    )
    module = sv.service("outofsight")
    with pytest.raises(InputError) as info:
        module.STEPS["turn"].call({"cards": ["blu-5"], "stop": True}, files=False, path=path)
    assert info.value.place == "cards"
    frame = {"players": {"Ana": ["blu-5"], "Ben Lee": []}}
    with pytest.raises(InputError) as info:
        module.STEPS["frame"].call({"frame_file": frame}, files=False, path=path)
    assert info.value.place == "frame_file" and "'blu' is not a colour" in info.value.message
    # a game of its own colours
    own = str(tmp_path / "own.yaml")
    code, _, err = invoke(
        "outofsight", "game", "new", "--players", "A,B", "--colours", "blu,rot", "-o", own
    )
    assert (code, err) == (0, "")
    assert invoke("outofsight", "game", "turn", own, "--cards", "blu-5", "--stop")[0] == 0


def test_refusals_are_explained_in_words(invoke: Runner, tmp_path: Path) -> None:
    """No option and no bare reason code in an explanation."""
    paths = _games(invoke, tmp_path)
    for game, path in paths.items():
        for command in (("undo",), ("redo",), ("show",)):
            _, out, _ = invoke(game, "game", *command, path, "--json")
            doc = one_json(out)
            explanation = doc.get("explanation")
            if explanation is not None:
                assert "--" not in explanation and doc["reason"] not in explanation, explanation
