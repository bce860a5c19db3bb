"""The shipped abbreviation exclusion list is honest.

Every entry must be accepted by aspell en_US in lowercase (otherwise the entry
does nothing), be at least 3 letters (shorter words are refused as too short
anyway) and be listed once; ordinary words that merely look short must not be
on it. The list is the reviewed file src/referee/data/wordblock-exclusions.txt.
"""

from __future__ import annotations

import re

import pytest

from referee.core.files import package_data
from referee.dictionary import open_dictionary
from referee.wordblock.exclusions import EXCLUSIONS_FILE, exclusions

ENTRY = re.compile(r"([a-z]+) +# \S.*")
ENTRIES = [
    line for line in package_data(EXCLUSIONS_FILE).splitlines() if line and not line.startswith("#")
]
WORDS = [m.group(1) for m in map(ENTRY.fullmatch, ENTRIES) if m is not None]


def test_every_entry_is_a_word_and_its_gloss() -> None:
    assert len(WORDS) == len(ENTRIES), [e for e in ENTRIES if not ENTRY.fullmatch(e)]
    assert len(WORDS) == len(set(WORDS))
    assert sorted(WORDS) == WORDS
    assert all(len(w) >= 3 for w in WORDS)
    assert exclusions() == frozenset(WORDS)


@pytest.mark.parametrize("word", ["etc", "adj", "avg"])
def test_the_issues_examples_are_listed(word: str) -> None:
    assert word in exclusions()


def test_aspell_en_us_accepts_every_entry() -> None:
    en_us = open_dictionary("en_US")
    rejected = [w for w in WORDS if w not in en_us]
    assert rejected == []


# Words en_US accepts that are also abbreviations somewhere, but are ordinary
# words first: they must stay claimable.
ORDINARY = [
    "fig",
    "gal",
    "lab",
    "memo",
    "info",
    "exec",
    "sing",
    "wed",
    "rev",
    "sec",
    "she",
    "quash",
    "sash",
    "lit",
    "long",
    "part",
    "pass",
    "sun",
    "sat",
    "mar",
    "hmm",
    "brr",
]


@pytest.mark.parametrize("word", ORDINARY)
def test_ordinary_words_are_not_excluded(word: str) -> None:
    assert word not in exclusions()
