"""Blind Spot figures: one-shot check-word process (aspell, SCOWL 70), words on a full board."""

from __future__ import annotations

import statistics

from common import FLOOR_ENCHANT, REFEREE, SAMPLE, Figure, in_process, process_vs_floor


def fig_check_word(runs: int) -> list[Figure]:
    argv = [REFEREE, "check-word", "seas", "--layout", SAMPLE, "--at", "D1"]
    return [process_vs_floor("check-word one-shot process", argv, FLOOR_ENCHANT, 1.3, runs)]


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
    """check-word --batch throughput on one core, and its ratio to a bare loop
    of enchant's Dict.check over the same words."""
    import json
    import os
    import subprocess
    import time

    import enchant

    from referee.blindspot.formats import load_layout
    from referee.blindspot.rules import Position, legal_plays
    from referee.core.dictionary import open_dictionary

    board = load_layout(SAMPLE).board
    plays = legal_plays(board, open_dictionary("en_US"), position=Position.empty())
    misses = [("xyzzy", "E5"), ("planex", "E8"), ("tie", "C4"), ("cat", "H5"), ("etc", "C7")]
    pool = [(p.word, p.at.name) for p in plays] + misses
    n = 30000
    items = [pool[i % len(pool)] for i in range(n)]
    payload = "".join(json.dumps({"word": w, "at": c}) + "\n" for w, c in items).encode()
    argv = [REFEREE, "check-word", "--batch", "--layout", SAMPLE]

    def one_core() -> None:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

    rates = []
    for _ in range(max(3, runs // 7)):
        t0 = time.perf_counter()
        proc = subprocess.run(
            argv, input=payload, capture_output=True, preexec_fn=one_core, check=False
        )
        dt = time.perf_counter() - t0
        assert proc.returncode == 0 and proc.stdout.count(b"\n") == n, proc.stderr[-300:]
        rates.append(n / dt)
    rate = statistics.median(rates)

    d = enchant.Dict("en_US")
    words = [w for w, _ in items]
    bare = []
    for _ in range(max(3, runs // 7)):
        t0 = time.perf_counter()
        for w in words:
            d.check(w)
        bare.append(n / (time.perf_counter() - t0))
    bare_rate = statistics.median(bare)
    return [
        Figure(
            "check-word --batch throughput (one core)",
            rate,
            "/s",
            20000,
            f"{n:,} lines per process, start-up included; bare enchant Dict.check loop "
            f"{bare_rate:,.0f}/s, ratio {rate / bare_rate:.3f}",
            higher_is_better=True,
        )
    ]


FIGURES = {
    "check-word": fig_check_word,
    "check-word-scowl": fig_check_word_scowl,
    "words": fig_words,
    "batch": fig_batch,
}
