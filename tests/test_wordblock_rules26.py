"""Word Block as the rulebook judges words (issue 26): "Any player can
challenge your word ... The challenger looks up the word in the dictionary."

Under challenge judging (a whole game's default) an unchallenged claim stands
whether or not a dictionary knows it, and nothing the claimer sees before it is
recorded says whether it would; ``--judging strict`` keeps the referee's own
look-up. A game keeps its dictionary ("Choose a dictionary for resolving
challenges") and its series ("you can't claim any words that have already been
used in the series").

The game: blue and red, the 4 cards dealt face up s-1 h-4 / a-1 e-1 on C3 D3 /
C4 D4; red starts (x beats k). ``seh`` walks s(C3, red's block) e(D4) h(D3,
blue's block) and is no word of the list; ``she`` is.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from helpers import Runner, assert_one_error_line
from referee.wordblock import service

WORDS = "examples/wordblock/words.txt"
NEW = (
    "wordblock", "game", "new", "--players", "blue,red", "--draw", "blue=k,red=x",
    "--grid", "s,h,a,e", "--values", "asteroid",
)  # fmt: skip


def run(invoke: Runner, *args: str, code: int = 0) -> dict[str, Any]:
    got, out, err = invoke(*args, "--json")
    assert (got, err) == (code, ""), (args, out, err)
    doc: dict[str, Any] = json.loads(out)
    return doc


def step(invoke: Runner, game: Path, *args: str, code: int = 0) -> dict[str, Any]:
    return run(invoke, "wordblock", "game", args[0], str(game), *args[1:], code=code)


def to_red_claim(invoke: Runner, game: Path, *new: str) -> None:
    """A new game, then two turns (each player's block on a card) and red's third card."""
    run(invoke, *NEW, *new, "-o", str(game))
    for player, card, at, block in (("red", "r", "B3", "C3"), ("blue", "w", "E2", "D3")):
        step(invoke, game, "place", card, "--at", at, "--player", player)
        step(invoke, game, "move-block", "--to", block)
        step(invoke, game, "end-turn")
    step(invoke, game, "place", "o", "--at", "C2")


def show(invoke: Runner, game: Path) -> dict[str, Any]:
    return run(invoke, "wordblock", "game", "show", str(game))


# ------------------------------------------------------------ judging by challenge


def test_an_unchallenged_non_word_stands_and_scores(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    to_red_claim(invoke, game)
    assert show(invoke, game)["judging"] == "challenge"
    claimed = step(invoke, game, "claim", "seh", "--dictionary", WORDS)
    # red's s, blue's h: the word's 9 each, red +1 for the s, blue +4 for the h
    assert claimed["valid"] is True and claimed["recorded"] is True
    assert claimed["points"] == {"red": 10, "blue": 13}
    # nothing in the claim's JSON says what a dictionary thinks of the word
    assert (claimed["reason"], claimed["explanation"], claimed["excluded_as"]) == (None,) * 3
    shown = show(invoke, game)
    assert shown["totals"] == {"blue": 13, "red": 10}
    assert "seh" in shown["claimed"]
    # the rest of the game goes on from it: the replay takes the word as it stands
    step(invoke, game, "end-turn")
    assert show(invoke, game)["turn"] == "blue"


def test_the_same_word_challenged_costs_the_claimer_5(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    to_red_claim(invoke, game)
    claimed = step(
        invoke, game, "claim", "seh", "--dictionary", WORDS, "--challenged-by", "blue", code=1
    )
    assert (claimed["reason"], claimed["recorded"]) == ("not-in-dictionary", True)
    assert claimed["points"] == {"red": -5}
    assert show(invoke, game)["totals"] == {"blue": 0, "red": -5}


def test_a_word_challenged_in_vain_costs_the_challenger_5(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    to_red_claim(invoke, game)
    claimed = step(invoke, game, "claim", "she", "--dictionary", WORDS, "--challenged-by", "blue")
    assert claimed["points"] == {"red": 10, "blue": 13 - 5}


def test_strict_judging_refuses_the_non_word_as_before(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    to_red_claim(invoke, game, "--judging", "strict")
    assert show(invoke, game)["judging"] == "strict"
    before = game.read_bytes()
    claimed = step(invoke, game, "claim", "seh", "--dictionary", WORDS, code=1)
    assert (claimed["reason"], claimed["recorded"]) == ("not-in-dictionary", False)
    assert game.read_bytes() == before


def test_the_rules_still_refuse_what_is_no_word_shape(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    to_red_claim(invoke, game)
    assert step(invoke, game, "claim", "sh", code=1)["reason"] == "too-short"
    assert step(invoke, game, "claim", "sea", "--path", "C3,D4,D3", code=1)["reason"] == (
        "bad-path"
    )
    assert step(invoke, game, "claim", "zzz", code=1)["reason"] in ("no-path", "no-block")


def test_the_preview_reveals_nothing_and_the_question_keeps_its_verdict(
    invoke: Runner, tmp_path: Path
) -> None:
    game = tmp_path / "game.yaml"
    to_red_claim(invoke, game)
    board = show(invoke, game)["board"]
    ask = {"board": board, "player": "red", "dictionary": WORDS}
    previews = [
        service.QUESTIONS["score-claim"].call({**ask, "word": w, "preview": True}).doc
        for w in ("seh", "she")
    ]
    for doc in previews:
        assert (doc["valid"], doc["reason"], doc["dictionary"], doc["preview"]) == (
            True,
            None,
            None,
            True,
        )
    # the two differ only in the word and its walk
    same = ("word", "path")
    assert {k: v for k, v in previews[0].items() if k not in same} == {
        k: v for k, v in previews[1].items() if k not in same
    }
    # from the web too, where the page previews a claim
    web = service.QUESTIONS["score-claim"].call(
        {"board": board, "player": "red", "word": "seh", "preview": True}, files=False
    )
    assert web.doc == previews[0]
    # the one-shot question still judges the word
    judged = service.QUESTIONS["score-claim"].call({**ask, "word": "seh"})
    assert (judged.valid, judged.doc["reason"]) == (False, "not-in-dictionary")
    # the command line's --preview is the same doc
    board_file = tmp_path / "board.yaml"
    board_file.write_text(json.dumps(board))
    doc = run(invoke, "score-claim", "seh", "--board", str(board_file), "--player", "red",
              "--preview")  # fmt: skip
    assert doc == previews[0]


# ---------------------------------------------------------------- the game's dictionary


def test_the_game_keeps_its_dictionary(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    to_red_claim(invoke, game, "--dictionary", WORDS)
    assert show(invoke, game)["dictionary"] == WORDS
    before = game.read_bytes()
    code, out, err = invoke("wordblock", "game", "claim", str(game), "she", "--dictionary", WORDS)
    assert_one_error_line(code, out, err, "--dictionary", "this game keeps its dictionary")
    assert game.read_bytes() == before
    claimed = step(invoke, game, "claim", "seh", "--challenged-by", "blue", code=1)
    assert claimed["reason"] == "not-in-dictionary" and claimed["dictionary"]["name"] == "words.txt"


def test_the_game_keeps_its_house_words(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    house = tmp_path / "house.txt"
    house.write_text("seh\n")
    to_red_claim(invoke, game, "--dictionary", WORDS, "--allow", str(house))
    code, out, err = invoke("wordblock", "game", "claim", str(game), "seh", "--allow", str(house))
    assert_one_error_line(code, out, err, "--allow", "this game keeps its dictionary")
    claimed = step(invoke, game, "claim", "seh", "--challenged-by", "blue")
    assert claimed["points"] == {"red": 10, "blue": 13 - 5}


# ---------------------------------------------------------------------------- series


def test_a_series_refuses_the_words_of_its_earlier_games(invoke: Runner, tmp_path: Path) -> None:
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    to_red_claim(invoke, first)
    step(invoke, first, "claim", "she", "--dictionary", WORDS)
    to_red_claim(invoke, second, "--series", str(first))
    shown = show(invoke, second)
    assert (shown["series"], shown["series_words"], shown["claimed"]) == (
        ["first.yaml"],
        ["she"],
        [],
    )
    refused = step(invoke, second, "claim", "she", "--dictionary", WORDS, code=1)
    assert refused["reason"] == "already-claimed"
    assert "first.yaml" in refused["explanation"]
    # a repeat ends the claiming of the turn, as in one game; it replays
    assert show(invoke, second)["phase"] == "move-block"
    # another word still scores
    step(invoke, second, "undo")
    assert step(invoke, second, "claim", "seh")["valid"] is True


def test_a_series_from_the_web_takes_the_words(tmp_path: Path) -> None:
    fields = {
        "players": ["blue", "red"],
        "grid": "s,h,a,e",
        "values": "asteroid",
        "series": [{"game": "Monday", "words": ["she", "HAS"]}, ["ahs"]],
    }
    report = service.NEW.call(fields, files=False, path=str(tmp_path / "g.yaml"))
    assert report.doc["series"] == ["Monday", "game 2 of the series"]
    assert report.doc["series_words"] == ["she", "has", "ahs"]
    from referee.core.errors import InputError

    try:
        service.NEW.call({**fields, "series": ["first.yaml"]}, files=False, path="x.yaml")
    except InputError as exc:
        assert "file names are not accepted" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("a path from the web was taken")


def test_bad_new_game_options_are_one_error_line(invoke: Runner, tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    code, out, err = invoke(*NEW, "--judging", "lenient", "-o", str(game))
    assert_one_error_line(code, out, err, "--judging")
    code, out, err = invoke(*NEW, "--series", str(tmp_path / "none.yaml"), "-o", str(game))
    assert_one_error_line(code, out, err, "none.yaml")
    assert not game.exists()
