"""referee review and referee stats figures (in-process, medians of 3).

- ``review`` of a 3-player Blind Spot game (played here through the service
  on the sample setup, each turn the shortest play: the game is over after
  46 turns, the longest this play-out makes, so the 60-turn figure is the
  per-turn cost times 60) and of the whole-game Word Block sample
  (docs/wordblock.md's end of a game), in total and per turn against one
  ``words`` / ``wordblock hint`` call on the same position. Word Block is
  timed twice: claims only (``--budget 0``) and with the default block-move
  budget (0.5 s a turn), where every legal block move is valued (the search
  finishes well inside its budget on these boards).
- ``stats`` over 1,000 generated game files against reading each of them
  once with the engine.

Run: ``.venv/bin/python bench/review_figures.py``.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from referee import engine  # noqa: E402
from referee import service as sv  # noqa: E402
from referee.review_service import (  # noqa: E402
    Folder,
    load,
    review,
    stats,
)
from referee.wordblock.formats import board_mapping  # noqa: E402
from test_review_games import SAMPLE, blindspot_game, endgame  # noqa: E402


def review_file(path: str, budget: float) -> object:
    return review(file=load(path), budget=budget)


def median(f: Callable[[], object], n: int = 3) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="referee-review-bench-"))
    try:
        bs_path = blindspot_game(work / "bs.yaml", turns=75, every=25)
        wb_path = endgame(work / "wb.yaml")
        engine.forget()

        doc = review(file=load(str(bs_path))).doc
        turns = len(doc["turns"])
        total = median(lambda: review(file=load(str(bs_path))))
        words = sv.question("words")
        one = median(lambda: words.call({"layout": str(SAMPLE)}))
        per_turn = total / turns
        print(
            f"review, Blind Spot, 3 players, {turns} turns: {total:.3f} s; "
            f"60 turns at that rate {total / turns * 60:.3f} s (target <= 2 s)"
        )
        print(
            f"  per turn {per_turn * 1000:.1f} ms against one words call {one * 1000:.1f} ms: "
            f"{per_turn / one:.2f}x (target <= 1.3x)"
        )

        for budget in (0.0, 0.5):
            doc = review(file=load(str(wb_path)), budget=budget).doc
            turns = len(doc["turns"])
            total = median(partial(review_file, str(wb_path), budget))
            hint = sv.question("wordblock hint")
            boards = [
                {"board": board_mapping(t.board), "player": t.player}
                for t in review(file=load(str(wb_path)), budget=0).detail.turns
            ]
            one = statistics.mean(
                median(partial(hint.call, given, files=False)) for given in boards
            )
            per_turn = total / turns
            print(
                f"review, Word Block whole-game sample, {turns} turns, budget {budget:g} s: "
                f"{total:.3f} s (target <= 2 s)"
            )
            print(
                f"  per turn {per_turn * 1000:.1f} ms against one hint call on the same board {one * 1000:.1f} ms "
                f"(word index included): {per_turn / one:.2f}x (target <= 1.3x)"
            )

        folder = work / "many"
        folder.mkdir()
        sources = [bs_path, wb_path, Path(HERE.parent / "examples" / "outofsight" / "game.yaml")]
        for i in range(1000):
            src = sources[i % 3]
            (folder / f"g{i:04d}.yaml").write_bytes(src.read_bytes())

        def read_all() -> None:
            engine.forget()
            for path in sorted(folder.iterdir()):
                engine.load(
                    sv.service(
                        ["blindspot", "wordblock", "outofsight"][int(path.stem[1:]) % 3]
                    ).GAME,
                    str(path),
                )

        def tally() -> None:
            engine.forget()
            stats(folder=Folder(str(folder)))

        floor = median(read_all)
        total = median(tally)
        print(
            f"stats over 1,000 game files: {total:.3f} s against reading them once with the "
            f"engine {floor:.3f} s: {total / floor:.2f}x (target <= 1.5x)"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
