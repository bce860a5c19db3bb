"""Blind Spot figures: one-shot check-word and words processes (aspell, SCOWL 70),
words on a full board, and check-word --batch against the JSON-lines floor
(bench/floor_jsonlines.py: parse a line, check its word with enchant, dump JSON)."""

from __future__ import annotations

from common import (
    FLOOR_ENCHANT,
    HERE,
    PY,
    REFEREE,
    SAMPLE,
    Figure,
    in_process,
    paired_runs,
    process_vs_floor,
)

ONE_SHOT_PAIRS = 21
"""The one-shot ratios are medians of at least this many interleaved pairs."""


def fig_check_word(runs: int) -> list[Figure]:
    argv = [REFEREE, "check-word", "seas", "--layout", SAMPLE, "--at", "D1"]
    pairs = max(runs, ONE_SHOT_PAIRS)
    return [
        process_vs_floor(
            "check-word one-shot process", argv, FLOOR_ENCHANT, 1.10, pairs, strict_floor=True
        )
    ]


def fig_words_one_shot(runs: int) -> list[Figure]:
    argv = [REFEREE, "words", "--layout", SAMPLE, "--at", "D1"]
    pairs = max(runs, ONE_SHOT_PAIRS)
    return [
        process_vs_floor(
            "words one-shot process", argv, FLOOR_ENCHANT, 1.10, pairs, strict_floor=True
        )
    ]


def fig_check_word_scowl(runs: int) -> list[Figure]:
    """check-word judged by SCOWL's size-70 list, against the enchant floor: the
    list is read from its cache (built by the warm-up runs if need be)."""
    argv = [
        REFEREE, "check-word", "seas", "--layout", SAMPLE, "--at", "D1", "--dictionary", "scowl:70",
    ]  # fmt: skip
    fig = process_vs_floor(
        "check-word --dictionary scowl:70 one-shot process", argv, FLOOR_ENCHANT, 1.15, runs
    )
    return [fig]


def fig_words(runs: int) -> list[Figure]:
    from referee.blindspot.formats import load_layout
    from referee.blindspot.rules import Position, legal_plays
    from referee.core.dictionary import open_dictionary

    board = load_layout(SAMPLE).board
    lexicon = open_dictionary("en_US")
    empty = Position.empty()
    count = len(legal_plays(board, lexicon, player="red", position=empty))

    def run() -> object:
        # A fresh call each time: no cache carried between runs.
        return legal_plays(board, lexicon, player="red", position=empty)

    fig = in_process("words: every play on a full 9x9 board", run, 50.0, runs)
    fig.detail += f", {count} plays, aspell en_US"
    return [fig]


def fig_batch(runs: int) -> list[Figure]:
    """check-word --batch on one core, paired with the JSON-lines floor on the
    same lines: throughput (start-up included) and the ratio of the times."""
    import json
    import tempfile

    from referee.blindspot.formats import load_layout
    from referee.blindspot.rules import Position, legal_plays
    from referee.core.dictionary import open_dictionary

    board = load_layout(SAMPLE).board
    plays = legal_plays(board, open_dictionary("en_US"), position=Position.empty())
    misses = [("xyzzy", "E5"), ("planex", "E8"), ("tie", "C4"), ("cat", "H5"), ("etc", "C7")]
    pool = [(p.word, p.at.name) for p in plays] + misses
    n = 50_000
    items = [pool[i % len(pool)] for i in range(n)]
    payload = "".join(json.dumps({"word": w, "at": c}) + "\n" for w, c in items).encode()
    argv = [REFEREE, "check-word", "--batch", "--layout", SAMPLE]
    floor = [PY, str(HERE / "floor_jsonlines.py")]
    with tempfile.TemporaryFile() as lines:
        lines.write(payload)
        ma, mf = paired_runs(argv, floor, lines, max(5, runs // 3), expect_lines=n)
    detail = f"{n:,} lines ({len(pool)} distinct), start-up included, one core, " + (
        f"{max(5, runs // 3)} pairs"
    )
    return [
        Figure(
            "check-word --batch throughput (one core)",
            n / ma,
            "lines/s",
            60000,
            f"{detail}; JSON-lines floor {n / mf:,.0f} lines/s",
            higher_is_better=True,
        ),
        Figure(
            "check-word --batch vs the JSON-lines floor",
            ma / mf,
            "x floor",
            1.4,
            f"{ma * 1000:.0f} ms vs floor {mf * 1000:.0f} ms for the same {n:,} lines",
        ),
    ]


FIGURES = {
    "check-word": fig_check_word,
    "words-one-shot": fig_words_one_shot,
    "check-word-scowl": fig_check_word_scowl,
    "words": fig_words,
    "batch": fig_batch,
}
