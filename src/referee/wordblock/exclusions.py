"""Words excluded as abbreviations: the ``exclusions`` given to
:func:`referee.wordblock.rules.judge_claim` and :func:`referee.wordblock.hints.hints`.

The rulebook excludes abbreviations and acronyms, but aspell en_US accepts
many in lowercase; the shipped list (``src/referee/data/wordblock-exclusions.txt``,
one word and its gloss per line) names the ones it accepts.
"""

from __future__ import annotations

from referee.core.files import package_data
from referee.dictionary import parse_word_list

EXCLUSIONS_FILE = "wordblock-exclusions.txt"


def exclusions() -> frozenset[str]:
    """The shipped list of abbreviations aspell en_US accepts (see the data file)."""
    return parse_word_list(package_data(EXCLUSIONS_FILE).splitlines())
