"""referee stats over a folder of real game files, and the bad inputs of
review and stats (exit 2, one Error: line naming the file or option)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from test_review_games import EXAMPLES, blindspot_game, endgame

DAY = 1_740_859_200  # 2025-03-01 20:00 UTC


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("night")
    (root / "march").mkdir()
    blindspot_game(root / "march" / "bs.yaml", turns=30)
    endgame(root / "wb.yaml")
    shutil.copy(EXAMPLES / "outofsight" / "game.yaml", root / "oos.yaml")
    (root / "notes.txt").write_text("not a game\n")
    (root / "broken.yaml").write_text("format: referee-game/2\ngame: wordblock\nplayers: 3\n")
    for i, name in enumerate(["march/bs.yaml", "wb.yaml", "oos.yaml"]):
        os.utime(root / name, (DAY + i * 86400, DAY + i * 86400))
    return root


def stats(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["stats", *args])
    return result.exit_code, result.stdout, result.stderr


def test_stats_every_kind(night: Path) -> None:
    code, out, _ = stats(str(night), "--json")
    assert code == 0, out
    doc = json.loads(out)
    assert doc["games"] == 3
    assert doc["by_game"] == {"blindspot": 1, "wordblock": 1, "outofsight": 1}
    assert doc["skipped"] == ["notes.txt"]
    assert [c["game_file"] for c in doc["corrupt"]] == ["broken.yaml"]
    rows = {(r["game"], r["player"]): r for r in doc["players"]}
    blue = rows[("wordblock", "blue")]
    assert (blue["played"], blue["won"], blue["win_rate"]) == (1, 1, 1.0)
    assert blue["best"] == {"word": "crocodile", "points": 67}
    assert rows[("wordblock", "red")]["won"] == 0
    brian = rows[("outofsight", "Brian")]
    assert brian["average_frame"] == 12.0 and brian["ended"] == 0 and brian["win_rate"] is None
    ana = rows[("blindspot", "Ana")]
    assert ana["longest"] is not None and ana["first"] == "2025-03-01"
    assert doc["dates_from"].startswith("the files' modification dates")


def test_stats_text_since_player_alias(night: Path) -> None:
    code, out, _ = stats(str(night))
    assert code == 0
    assert (
        out.splitlines()[0]
        == "3 games in " + str(night) + ": Blind Spot 1, Word Block 1, Out of Sight 1."
    )
    assert "Corrupt game files:\n  broken.yaml: " in out
    assert out.rstrip().endswith("Skipped (not game files): notes.txt")
    doc = json.loads(stats(str(night), "--since", "2025-03-03", "--json")[1])
    assert doc["games"] == 1 and doc["by_game"]["outofsight"] == 1
    doc = json.loads(stats(str(night), "--player", "BRIAN", "--json")[1])
    assert [r["player"] for r in doc["players"]] == ["Brian"]
    doc = json.loads(stats(str(night), "--alias", "blue=Bea", "--alias", "Brian=Bea", "--json")[1])
    bea = [r for r in doc["players"] if r["player"] == "Bea"]
    assert {r["game"] for r in bea} == {"wordblock", "outofsight"}


def test_names_match_in_any_case_after_nfc(tmp_path: Path) -> None:
    from referee.outofsight import service as oos

    for name, who in (("a.yaml", "Zoe\u0301"), ("b.yaml", "ZOÉ")):
        oos.NEW.call({"players": [who, "Bo"], "mode": "basic"}, path=str(tmp_path / name))
    doc = json.loads(stats(str(tmp_path), "--json")[1])
    zoe = [r for r in doc["players"] if r["player"] != "Bo"]
    assert len(zoe) == 1 and zoe[0]["played"] == 2


def error(args: list[str]) -> tuple[int, list[str], str]:
    result = CliRunner().invoke(cli, args)
    lines = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert "Traceback" not in result.stderr + result.stdout
    return result.exit_code, lines, result.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["review", "{notes}"], "notes.txt"),
        (["review", "{broken}"], "broken.yaml"),
        (["review", "{wb}", "--top", "0"], "--top"),
        (["review", "{wb}", "-o", "card.png"], "--output"),
        (["review", "{wb}", "-o", "card.gif"], "--output"),
        (["review", "{missing}"], "missing.yaml"),
        (["stats", "{night}", "--since", "2025-13-01"], "--since"),
        (["stats", "{night}", "--alias", "Ann"], "--alias"),
        (["stats", "{missing}"], "DIR"),
    ],
    ids=[
        "not-a-game",
        "corrupt",
        "top-0",
        "png",
        "gif",
        "no-file",
        "bad-date",
        "bad-alias",
        "no-dir",
    ],
)
def test_bad_inputs(night: Path, args: list[str], needle: str) -> None:
    paths = {
        "notes": night / "notes.txt",
        "broken": night / "broken.yaml",
        "wb": night / "wb.yaml",
        "night": night,
        "missing": night / "missing.yaml",
    }
    filled = [a.format(**{k: str(v) for k, v in paths.items()}) for a in args]
    code, lines, stderr = error(filled)
    assert code == 2, stderr
    assert len(lines) == 1, stderr
    assert needle in lines[0], lines[0]
