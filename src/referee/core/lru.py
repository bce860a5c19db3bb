"""A dict that keeps only its most recently used entries: every cache the
referee keeps in a long run (a ``--batch`` of a million lines, ``referee
serve``) is one of these, so memory does not grow with the input."""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar, overload

K = TypeVar("K")
V = TypeVar("V")
D = TypeVar("D")


class LRU(OrderedDict[K, V]):
    """At most ``size`` entries; the least recently used goes first.

    >>> seen = LRU[str, int](2)
    >>> seen["a"], seen["b"] = 1, 2
    >>> seen.get("a")
    1
    >>> seen["c"] = 3
    >>> sorted(seen)
    ['a', 'c']
    """

    def __init__(self, size: int) -> None:
        super().__init__()
        if size < 1:
            raise ValueError("an LRU keeps at least one entry")
        self.size = size

    @overload
    def get(self, key: K, default: None = None, /) -> V | None: ...

    @overload
    def get(self, key: K, default: V, /) -> V: ...

    @overload
    def get(self, key: K, default: D, /) -> V | D: ...

    def get(self, key: K, default: object = None, /) -> object:
        try:
            value = super().__getitem__(key)
        except KeyError:
            return default
        self.move_to_end(key)
        return value

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
