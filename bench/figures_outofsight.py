"""Out of Sight figures: one-shot score-frame and take processes, in-process scoring."""

from __future__ import annotations

from common import PY, REFEREE, ROOT, Figure, in_process, process_vs_floor

FLOOR = [PY, "-c", "import click, yaml"]
EXAMPLE_THREE = str(ROOT / "examples" / "outofsight" / "example-three.yaml")
GAME_DATA = ROOT / "tests" / "data" / "outofsight" / "game"


def fig_score_frame(runs: int) -> list[Figure]:
    argv = [REFEREE, "score-frame", EXAMPLE_THREE]
    return [process_vs_floor("score-frame one-shot process", argv, FLOOR, 1.3, runs)]


def fig_take(runs: int) -> list[Figure]:
    argv = [REFEREE, "take", "--roll", "5,4,2", "--row", "3,9,11,2,7", "--best"]
    return [process_vs_floor("take --best one-shot process", argv, FLOOR, 1.3, runs)]


def fig_game(runs: int) -> list[Figure]:
    """Replaying a whole game file: three frames parsed, checked and scored."""
    from referee import engine
    from referee.core.files import parse_document
    from referee.outofsight.formats import load_frame_sheet
    from referee.outofsight.game import GAME, Action, FrameAction, Setup

    sheets = [load_frame_sheet(str(GAME_DATA / f"frame{n}.yaml")) for n in (1, 2, 3)]
    setup = Setup.of(["Brian", "Jessica"], "advanced")
    frames: tuple[Action, ...] = tuple(FrameAction(n, s.banks) for n, s in enumerate(sheets, 1))
    log = engine.Log(setup, frames)
    data = parse_document(engine.text(GAME, log), "game.yaml")

    def run() -> object:
        g = engine.replay(GAME, engine.parse(GAME, data))
        return g.state.result(setup), g.state.totals(setup)

    fig = in_process("game: replay and score 3 frames", run, 5.0, runs)
    fig.detail += ", 2 players"
    return [fig]


def fig_best_all_rolls(runs: int) -> list[Figure]:
    """--best for every one of the 216 rolls against a five-card row."""
    import itertools

    from referee.outofsight.takes import Roll, best_take

    rolls = [Roll(d) for d in itertools.product(range(1, 7), repeat=3)]
    row = (3, 9, 11, 2, 7)

    def run() -> object:
        return [best_take(r, row) for r in rolls]

    fig = in_process("take --best: all 216 rolls", run, 50.0, runs)
    return [fig]


FIGURES = {
    "score-frame": fig_score_frame,
    "take": fig_take,
    "outofsight-game": fig_game,
    "take-best-all-rolls": fig_best_all_rolls,
}
