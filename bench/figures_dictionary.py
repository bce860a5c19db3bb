"""SCOWL figures: why the lists are cached, and what a one-shot pays for them.

In-process, each in a cache folder of its own under $TMPDIR/referee-bench/:
building a list from SCOWL's files (what a first run pays once), reading it
back from the cache and answering one lookup (what every one-shot pays), and
loading the whole list into a set (the alternative a cache of the same bytes
could take). The process figure (``check-word --dictionary scowl:70`` against
the enchant floor) is in figures_blindspot.py.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from common import Figure, in_process

CACHE = Path(tempfile.gettempdir()) / "referee-bench" / "scowl-cache"


def _fresh() -> None:
    from referee.core import scowl

    scowl._LOADED.clear()


def fig_scowl(runs: int) -> list[Figure]:
    from referee.core import scowl

    os.environ["XDG_CACHE_HOME"] = str(CACHE)
    spec = scowl.Spec("american", 70)
    folder = scowl.scowl_dir()
    few = max(3, runs // 7)

    def build_list() -> object:
        return scowl.build_words(folder, spec)

    def build_exclusions() -> object:
        return scowl.build_exclusions(folder)

    shutil.rmtree(CACHE, ignore_errors=True)
    _fresh()
    words = scowl.word_list(spec)  # writes the cache
    scowl.exclusions()
    count = len(words)

    def read_and_look_up() -> object:
        _fresh()
        return "quash" in scowl.word_list(spec)

    def exclusions_look_up() -> object:
        _fresh()
        return scowl.exclusions().get("asap")

    def load_set() -> object:
        _fresh()
        return frozenset(scowl.word_list(spec).words())

    excluded = scowl.exclusions().scowl_count
    lists = [
        in_process("SCOWL 70: build from the files (once)", build_list, 3000.0, few),
        in_process("SCOWL 70: read the cache, one lookup", read_and_look_up, 2.0, runs),
        # The alternative to binary search: what a one-shot would pay for a set.
        in_process("SCOWL 70: read the cache into a set (not used)", load_set, 500.0, runs),
    ]
    for f in lists:
        f.detail += f", {count:,} words"
    excl = [
        in_process("SCOWL exclusions: build from the files (once)", build_exclusions, 5000.0, few),
        in_process("SCOWL exclusions: read the cache, one lookup", exclusions_look_up, 2.0, runs),
    ]
    for f in excl:
        f.detail += f", {excluded:,} words"
    return [*lists, *excl]


FIGURES = {"scowl": fig_scowl}
