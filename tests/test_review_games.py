"""referee review: every game kind on real files, the best plays checked
against ``words`` and ``wordblock hint`` on the same positions (replayed here)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from referee import engine
from referee import service as sv
from referee.blindspot import service as bs
from referee.cli import cli
from referee.review_service import QUESTIONS, load, review
from referee.wordblock import service as wbs

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "src" / "referee" / "samples" / "examples"
SAMPLE = ROOT / "src" / "referee" / "samples" / "setups" / "sample.yaml"


def run(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def blindspot_game(path: Path, turns: int = 60, every: int = 7) -> Path:
    """A 3-player Blind Spot game played through the service: each turn the
    shortest legal play (so the review has better ones to show), every
    seventh turn (``every``) a timeout; a bonus when one is owed is skipped."""
    bs.NEW.call(
        {"layout": str(SAMPLE), "players": ["Ana:red", "Ben:blue", "Cy:green"]}, path=str(path)
    )
    for n in range(turns):
        shown = bs.SHOW.call({}, path=str(path)).doc
        if shown["over"]:
            break
        if "skip-bonus" in shown["next"]:
            bs.STEPS["skip-bonus"].call({}, path=str(path))
            continue
        hint = bs.STEPS["hint"].call({}, path=str(path)).doc
        if n % every == every - 1 or not hint["plays"]:
            bs.STEPS["timeout"].call({"anyway": True}, path=str(path))
            continue
        play = hint["plays"][-1]
        bs.STEPS["play"].call({"word": play["word"], "at": play["at"]}, path=str(path))
    return path


def endgame(path: Path) -> Path:
    """The whole-game Word Block sample: docs/wordblock.md's end of a game."""
    board = str(EXAMPLES / "wordblock" / "endgame.yaml")
    fields = {"players": ["blue", "red"], "first": "blue", "board": board, "values": "asteroid"}
    wbs.NEW.call(fields, path=str(path))
    steps = [
        ("place", {"card": "p", "at": "A5"}),
        ("claim", {"word": "crocodile"}),
        ("end-turn", {}),
        ("place", {"card": "s", "at": "F5"}),
        ("claim", {"word": "settled", "challenged_by": "blue"}),
        ("move-block", {"from": "F4", "to": "D4"}),
        ("end-turn", {}),
        ("place", {"card": "m", "at": "B5"}),
        ("end-turn", {}),
        ("place", {"card": "u", "at": "E5"}),
        ("end-turn", {}),
    ]
    for name, given in steps:
        report = wbs.STEPS[name].call(given, path=str(path))
        assert report.valid, (name, report.doc)
    return path


@pytest.fixture(scope="module")
def bs_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return blindspot_game(tmp_path_factory.mktemp("bs") / "night.yaml")


@pytest.fixture(scope="module")
def wb_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return endgame(tmp_path_factory.mktemp("wb") / "endgame.yaml")


def test_blindspot_best_plays_are_words_on_the_same_positions(bs_file: Path) -> None:
    report = review(file=load(str(bs_file)), top=5)
    game = engine.load(bs.GAME, str(bs_file))
    setup = game.log.setup
    from referee.blindspot.game import start, step

    state = start(setup)
    turns = iter(report.doc["turns"])
    checked = 0
    for i in game.in_force:
        action = game.log.history[i]
        if action.kind in ("play", "timeout"):
            turn = next(turns)
            assert turn["version"] == i + 1
            spots = {c: [x.name for x in cells] for c, cells in state.spots.items()}
            asked = sv.question("words").call(
                {
                    "layout": str(SAMPLE),
                    "player": action.player,
                    "position": {"spots": spots, "glasses": dict(state.glasses), "teams": []},
                }
            )
            want = asked.doc["plays"]
            assert turn["count"] == asked.doc["count"]
            got = [{k: v for k, v in p.items() if k != "bonus"} for p in turn["best"]]
            assert got == want[:5]
            assert [p["bonus"] for p in turn["best"]] == [len(p["word"]) >= 5 for p in want[:5]]
            assert turn["missed"] == (action.kind == "timeout" and bool(want))
            checked += 1
        _, state = step(setup, state, action)
    assert checked == len(report.doc["turns"]) >= 20


def test_blindspot_review_cli_and_totals(bs_file: Path) -> None:
    result = run("review", str(bs_file), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    direct = review(file=load(str(bs_file))).doc
    assert doc == {**direct, "output": None}
    assert doc["game"] == "blindspot" and doc["players"] == ["Ana", "Ben", "Cy"]
    assert {t["player"] for t in doc["totals"]} == {"Ana", "Ben", "Cy"}
    for t in doc["totals"]:
        assert t["plays"] + t["timeouts"] == t["turns"]
        assert t["average_best_length"] >= (t["average_length"] or 0)
    text = run("review", str(bs_file)).output
    assert text.startswith("Blind Spot review of ")
    assert "best missed:" in text


def test_blindspot_question_through_ask(bs_file: Path) -> None:
    import referee

    report = referee.ask("review", file=str(bs_file), top=1)
    assert all(len(t["best"]) <= 1 for t in report.doc["turns"])


def test_wordblock_best_claims_are_hints_on_the_same_boards(wb_file: Path) -> None:
    report = review(file=load(str(wb_file)), top=4, budget=0)
    game = engine.load(wbs.GAME, str(wb_file))
    rules = wbs.GAME
    state = rules.start(game.log.setup)
    boards = {}
    for i in game.in_force:
        boards[i + 1] = state.board
        result = rules.step(game.log.setup, state, game.log.history[i])
        assert not isinstance(result, engine.Refusal)
        state = result
    assert [t["player"] for t in report.doc["turns"]] == ["blue", "red", "blue", "red"]
    for turn in report.doc["turns"]:
        board = boards[turn["version"]]
        hint = sv.question("wordblock hint").call(
            {"board": _board_mapping(board), "player": turn["player"], "top": 4}, files=False
        )
        assert turn["best"] == hint.doc["hints"]
        move = turn["block_move"]  # budget 0: no move searched; the one played is valued
        assert move is None if turn["turn"] != 2 else move["tried"] == 0 and move["cut_short"]
    first = report.doc["turns"][0]
    assert first["claim"]["word"] == "crocodile" and first["claim"]["net"] == 67
    second = report.doc["turns"][1]
    assert second["claim"]["net"] == 43 + 5  # red's 43, and blue's -5 for the lost challenge
    assert report.doc["ranking"] == [
        {"place": 1, "players": ["blue"], "score": 62},
        {"place": 2, "players": ["red"], "score": 43},
    ]


def _board_mapping(board: Any) -> dict[str, Any]:
    from referee.wordblock.formats import board_mapping

    return board_mapping(board)


def test_wordblock_block_moves_in_a_budget(wb_file: Path) -> None:
    doc = review(file=load(str(wb_file)), budget=5).doc
    moves = [t["block_move"] for t in doc["turns"]]
    assert all(m is not None for m in moves)
    played = doc["turns"][1]["block_move"]["played"]
    assert (played["from"], played["to"]) == ("F4", "D4")
    for m in moves:
        assert m["tried"] <= m["candidates"]
        assert m["cut_short"] == (m["tried"] < m["candidates"])
        if m["played"] is not None and m["played"]["opens"] is not None:
            assert m["best"]["opens"] >= m["played"]["opens"]
    cut = review(file=load(str(wb_file)), budget=0.000001).doc
    assert cut["cut_short"], "a millionth of a second cuts every search short"


def test_wordblock_best_block_moves_are_every_move_ranked(wb_file: Path) -> None:
    """Each turn's best block move is the one a full ranking of every legal
    move by ``hints(top=1)`` on the board after it finds (the review's search
    is a branch and bound over the same values)."""
    from referee.core.cells import Cell
    from referee.review_service import hint_index
    from referee.wordblock.exclusions import exclusions
    from test_wordblock_properties import every_move_ranked

    report = review(file=load(str(wb_file)), budget=60)
    index, _ = hint_index(None, None)
    for turn, doc in zip(report.detail.turns, report.doc["turns"], strict=True):
        move = doc["block_move"]
        played = move["played"]
        mine = None
        if played is not None:
            src = Cell.from_name(played["from"]) if played["from"] else None
            mine = (src, Cell.from_name(played["to"]))
        net, word, best = every_move_ranked(
            turn.moves.board, turn.player, index, mine, exclusions()
        )
        assert best is not None and not move["cut_short"]
        assert (move["best"]["from"], move["best"]["to"]) == (
            best[0].name if best[0] else None,
            best[1].name,
        )
        assert (move["best"]["opens"], move["best"]["word"]) == (net, word)


def test_outofsight_review_of_the_sample() -> None:
    path = str(EXAMPLES / "outofsight" / "game.yaml")
    result = run("review", path, "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["game"] == "outofsight" and doc["frames_played"] == 2
    for r in doc["players_review"]:
        assert r["best_points"] >= r["points"]
        assert r["left"] == r["best_points"] - r["points"]
        assert [f["frame"] for f in r["frames"]] == [1, 2]
    assert doc["best_play"] == {"player": "Brian", "frame": 2, "points": 14}


def test_outofsight_best_organisation_beats_the_bank_order(tmp_path: Path) -> None:
    """Frame 1: two piles of 2 straddle save/subtract; saving the colour the
    player goes on to collect scores more in frame 2."""
    from referee.outofsight import service as oos

    path = tmp_path / "oos.yaml"
    oos.NEW.call({"players": ["Ann", "Bo"], "mode": "advanced"}, path=str(path))
    ann1 = [
        "red-1",
        "red-2",
        "red-3",
        "red-4",
        "blue-1",
        "blue-2",
        "blue-3",
        "green-1",
        "green-2",
        "green-3",
        "yellow-1",
        "yellow-2",
        "purple-1",
        "purple-2",
        "silver-1",
        "silver-2",
        "orange-1",
        "orange-2",
    ]
    bo = ["red-5", "red-6", "blue-5"]
    first = {"frame": 1, "players": {"Ann": ann1, "Bo": bo}}
    scored = oos.STEPS["frame"].call({"frame_file": first}, path=str(path))
    saved = scored.doc["players"]["Ann"]["saved_cards"]
    extra = ["orange-3", "orange-4", "orange-5", "orange-6"]
    second = {"frame": 2, "players": {"Ann": saved + extra, "Bo": ["blue-6"]}}
    assert oos.STEPS["frame"].call({"frame_file": second}, path=str(path)).valid
    doc = review(file=load(str(path))).doc
    ann = next(r for r in doc["players_review"] if r["player"] == "Ann")
    assert ann["best_points"] > ann["points"]
    assert "orange" in ann["frames"][0]["best"]["saved"]
    assert "orange" not in ann["frames"][0]["played"]["saved"]


def test_result_card_svg_and_pdf(wb_file: Path, tmp_path: Path) -> None:
    svg = tmp_path / "card.svg"
    result = run("review", str(wb_file), "--budget", "0", "-o", str(svg))
    assert result.exit_code == 0, result.output
    assert result.output.endswith(f"Wrote the result card to {svg}.\n")
    text = svg.read_text()
    assert text.startswith("<?xml") and "Word Block: the result" in text and "CROCODILE" in text
    pdf = tmp_path / "card.pdf"
    assert run("review", str(wb_file), "--budget", "0", "-o", str(pdf)).exit_code == 0
    assert pdf.read_bytes().startswith(b"%PDF")


def test_qr_carries_the_result(wb_file: Path) -> None:
    from referee.review_card import result_text

    doc = review(file=load(str(wb_file)), budget=0).doc
    assert result_text(doc) == (
        "Word Block (endgame.yaml); 1. blue 62, 2. red 43; best: blue CROCODILE (net +67)"
    )


def test_review_from_the_web_takes_the_game_itself(wb_file: Path) -> None:
    from referee.core.files import load_mapping

    data = load_mapping(str(wb_file), what="game")
    report = QUESTIONS["review"].call({"file": data, "budget": 0}, files=False)
    assert [t["best"] for t in report.doc["turns"]] == [
        t["best"] for t in review(file=load(str(wb_file)), budget=0).doc["turns"]
    ]
    with pytest.raises(Exception, match=r"expected a game file.s mapping"):
        QUESTIONS["review"].call({"file": str(wb_file)}, files=False)


def test_copy_keeps_its_review(wb_file: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.yaml"
    shutil.copy(wb_file, copy)
    a = review(file=load(str(wb_file)), budget=0).doc
    b = review(file=load(str(copy)), budget=0).doc
    assert {**a, "game_file": None} == {**b, "game_file": None}


def test_the_review_ranks_as_the_game_does(tmp_path: Path) -> None:
    """The review's ranking is the game's own (the page's, the CLI's show):
    a tie on points says how it was broken, in the text and on the card."""
    from referee.outofsight import service as oos
    from test_outofsight_service import tied_game

    path = tied_game(tmp_path / "sunday.yaml")
    doc = review(file=load(path)).doc
    assert doc["ranking"] == oos.show(path).doc["ranking"]
    note = "won the tie on points by the final frame's card numbers: Ana 54, Ben 42"
    assert f"1. Ana 16 ({note}); 2. Ben 16." in run("review", path).output
    card = tmp_path / "card.svg"
    assert run("review", path, "-o", str(card)).exit_code == 0
    assert f"Ana {note}" in card.read_text(encoding="utf-8")
    wb = endgame(tmp_path / "wb.yaml")
    assert (
        review(file=load(str(wb))).doc["ranking"] == wbs.SHOW.call({}, path=str(wb)).doc["ranking"]
    )
