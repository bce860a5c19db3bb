"""Reproducible randomness: SHA-256 in counter mode, never Python's ``random``.

Python does not promise that ``random.shuffle``, ``sample`` or ``randrange``
keep their algorithms, so seeded setups and decks draw from this stream
instead: the same prefix gives the same numbers on every machine and version.
"""

from __future__ import annotations

from typing import Any


class HashStream:
    """Uniform integers from a text prefix.

    Block ``i`` is ``SHA-256(prefix + str(i))`` (UTF-8), read as four
    big-endian unsigned 64-bit integers, first to last. ``below(n)`` draws one
    and rejects values at or above the largest multiple of ``n`` below 2^64
    (no modulo bias).
    """

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self._counter = 0
        self._buffer: list[int] = []

    def next64(self) -> int:
        if not self._buffer:
            import hashlib

            block = hashlib.sha256(f"{self.prefix}{self._counter}".encode()).digest()
            self._counter += 1
            self._buffer = [int.from_bytes(block[i : i + 8], "big") for i in range(24, -1, -8)]
        return self._buffer.pop()

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            u = self.next64()
            if u < limit:
                return u % n

    def uniform(self) -> float:
        """A float in [0, 1) from the top 53 bits of one draw."""
        return (self.next64() >> 11) / (1 << 53)

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place: for i from len-1 down to 1, swap i with below(i + 1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
