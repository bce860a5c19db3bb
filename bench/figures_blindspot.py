"""Blind Spot figures: one-shot check-word process, words on a full board."""

from __future__ import annotations

from common import FLOOR_ENCHANT, REFEREE, SAMPLE, Figure, in_process, process_vs_floor


def fig_check_word(runs: int) -> list[Figure]:
    argv = [REFEREE, "check-word", "seas", "--layout", SAMPLE, "--at", "D1"]
    return [process_vs_floor("check-word one-shot process", argv, FLOOR_ENCHANT, 1.3, runs)]


def fig_words(runs: int) -> list[Figure]:
    from referee.blindspot import Position, legal_plays
    from referee.dictionary import open_dictionary
    from referee.setups import load_layout

    board = load_layout(SAMPLE)
    lexicon = open_dictionary("en_US")
    empty = Position.empty()
    count = len(legal_plays(board, lexicon, player="red", position=empty))

    def run() -> object:
        # A fresh call each time: no cache carried between runs.
        return legal_plays(board, lexicon, player="red", position=empty)

    fig = in_process("words: every play on a full 9x9 board", run, 50.0, runs)
    fig.detail += f", {count} plays, aspell en_US"
    return [fig]


FIGURES = {
    "check-word": fig_check_word,
    "words": fig_words,
}
