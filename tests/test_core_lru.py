"""The bounded caches: a ``--batch`` of any number of distinct lines keeps at
most a fixed number of answers and open files."""

from __future__ import annotations

import doctest

import referee.core.lru
from referee.blindspot import cli as blindspot_cli
from referee.core.lru import LRU
from referee.wordblock import cli as wordblock_cli


def test_the_least_recently_used_goes_first() -> None:
    cache: LRU[int, int] = LRU(3)
    for i in range(10):
        cache[i] = i * i
    assert list(cache) == [7, 8, 9]
    assert cache.get(42) is None and cache.get(42, "no") == "no"


def test_a_read_keeps_an_entry() -> None:
    cache: LRU[str, int] = LRU(2)
    cache["a"], cache["b"] = 1, 2
    assert cache.get("a") == 1  # a is now the newest
    cache["c"] = 3
    assert list(cache) == ["a", "c"]


def test_the_doctest() -> None:
    assert doctest.testmod(referee.core.lru).failed == 0


def test_batch_caches_are_bounded() -> None:
    judge = blindspot_cli._Judge()
    for cache, size in (
        (judge.answers, blindspot_cli.ANSWERS_KEPT),
        (judge.layouts, blindspot_cli.FILES_KEPT),
        (judge.dictionaries, blindspot_cli.FILES_KEPT),
    ):
        assert isinstance(cache, LRU) and cache.size == size
    for i in range(blindspot_cli.ANSWERS_KEPT + 100):
        judge.answers[(i,)] = "{}"
    assert len(judge.answers) == blindspot_cli.ANSWERS_KEPT
    scorer = wordblock_cli._Scorer({})
    assert isinstance(scorer.answers, LRU) and scorer.answers.size == wordblock_cli.ANSWERS_KEPT
