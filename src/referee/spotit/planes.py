"""Finite projective planes and the decks made from them.

* :func:`plane_lines` builds the projective plane PG(2, q) for every prime
  power q with real finite-field arithmetic (:class:`GF`: polynomials over
  GF(p) modulo an irreducible polynomial).
* :func:`order_refusal` says why an order has no plane (6, 10, Bruck-Ryser).
* :func:`generate` makes a deck from a plane, shuffled reproducibly from a
  seed (:class:`~referee.spotit.rules.SeedStream`).

Pure: no click, yaml or enchant; errors name neutral places (``order 6``),
never options.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache

from referee.core.errors import InputError
from referee.spotit.rules import Deck, SeedStream

MAX_ORDER = 97
"""The largest order ``generate`` builds (9,507 cards) and ``verify`` completes."""


def plane_size(order: int) -> int:
    """Cards (and symbols) in a projective plane of order n: n^2 + n + 1."""
    return order * order + order + 1


# ----------------------------------------------------------------- finite fields


def prime_power(n: int) -> tuple[int, int] | None:
    """``(p, k)`` with ``n == p**k`` and p prime, or ``None``."""
    if n < 2:
        return None
    p = 2
    while p * p <= n:
        if n % p == 0:
            break
        p += 1
    else:
        return (n, 1)
    k = 0
    m = n
    while m % p == 0:
        m //= p
        k += 1
    return (p, k) if m == 1 else None


def _polymod(a: list[int], m: list[int], p: int) -> list[int]:
    """``a mod m`` over GF(p) (coefficient lists, lowest first; ``m`` monic)."""
    a = a[:]
    dm = len(m) - 1
    for i in range(len(a) - 1, dm - 1, -1):
        c = a[i] % p
        if c:
            for j in range(dm + 1):
                a[i - dm + j] = (a[i - dm + j] - c * m[j]) % p
    out = [c % p for c in a[:dm]]
    return out + [0] * (dm - len(out))


def _monic(degree: int, p: int) -> Iterator[list[int]]:
    """Every monic polynomial of ``degree`` over GF(p), lowest coefficients first."""
    for code in range(p**degree):
        coeffs = []
        for _ in range(degree):
            coeffs.append(code % p)
            code //= p
        yield [*coeffs, 1]


def is_irreducible(poly: Sequence[int], p: int) -> bool:
    """Trial division by every monic polynomial of degree 1 to deg/2 over GF(p)."""
    degree = len(poly) - 1
    for d in range(1, degree // 2 + 1):
        for divisor in _monic(d, p):
            if not any(_polymod(list(poly), divisor, p)):
                return False
    return True


@cache
def irreducible(p: int, k: int) -> tuple[int, ...]:
    """The first monic irreducible polynomial of degree ``k`` over GF(p), counting
    polynomials by their coefficients read as a base-p number (lowest first):
    x^2+x+1 for GF(4), x^3+x+1 for GF(8), x^2+1 for GF(9), x^4+x+1 for GF(16)."""
    for poly in _monic(k, p):
        if is_irreducible(poly, p):
            return tuple(poly)
    raise AssertionError(
        f"no irreducible polynomial of degree {k} over GF({p})"
    )  # pragma: no cover


class GF:
    """The finite field GF(p^k): elements are 0..q-1, element ``e`` standing for
    the polynomial whose coefficients are the base-p digits of ``e`` (lowest
    first); arithmetic is polynomial arithmetic modulo :func:`irreducible`.

    Immutable, compared by (p, k). A plain class, not a dataclass: building a
    frozen dataclass costs every command that imports this module ~0.4 ms.
    """

    __slots__ = ("k", "p")

    def __init__(self, p: int, k: int) -> None:
        object.__setattr__(self, "p", p)
        object.__setattr__(self, "k", k)

    p: int
    k: int

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"GF is immutable: cannot set {name}")

    def __repr__(self) -> str:
        return f"GF(p={self.p}, k={self.k})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GF) and (self.p, self.k) == (other.p, other.k)

    def __hash__(self) -> int:
        return hash((GF, self.p, self.k))

    @classmethod
    def of_order(cls, q: int) -> GF:
        pk = prime_power(q)
        if pk is None:
            raise ValueError(f"{q} is not a prime power")
        return cls(*pk)

    @property
    def q(self) -> int:
        q: int = self.p**self.k
        return q

    @property
    def modulus(self) -> tuple[int, ...]:
        return irreducible(self.p, self.k)

    def digits(self, e: int) -> list[int]:
        out = []
        for _ in range(self.k):
            out.append(e % self.p)
            e //= self.p
        return out

    def element(self, digits: Sequence[int]) -> int:
        e = 0
        for d in reversed(digits):
            e = e * self.p + d % self.p
        return e

    def add(self, a: int, b: int) -> int:
        return self.element([x + y for x, y in zip(self.digits(a), self.digits(b), strict=True)])

    def neg(self, a: int) -> int:
        return self.element([-x for x in self.digits(a)])

    def mul(self, a: int, b: int) -> int:
        da, db = self.digits(a), self.digits(b)
        prod = [0] * (2 * self.k - 1)
        for i, x in enumerate(da):
            if x:
                for j, y in enumerate(db):
                    prod[i + j] += x * y
        return self.element(_polymod(prod, list(self.modulus), self.p))

    def inv(self, a: int) -> int:
        if a == 0:
            raise ZeroDivisionError("0 has no inverse")
        # a^(q-2) = a^-1 in a field of q elements
        result, base, e = 1, a, self.q - 2
        while e:
            if e & 1:
                result = self.mul(result, base)
            base = self.mul(base, base)
            e >>= 1
        return result

    def tables(self) -> tuple[list[list[int]], list[list[int]]]:
        """The addition and multiplication tables (q x q)."""
        return _tables(self.p, self.k)


@lru_cache(maxsize=8)
def _tables(p: int, k: int) -> tuple[list[list[int]], list[list[int]]]:
    f = GF(p, k)
    q = f.q
    if k == 1:
        return (
            [[(a + b) % p for b in range(q)] for a in range(q)],
            [[(a * b) % p for b in range(q)] for a in range(q)],
        )
    return (
        [[f.add(a, b) for b in range(q)] for a in range(q)],
        [[f.mul(a, b) for b in range(q)] for a in range(q)],
    )


# ----------------------------------------------------------------------- planes


def order_refusal(n: int) -> str | None:
    """Why there is no deck of order ``n`` (a sentence), or ``None`` if there is."""
    if n > MAX_ORDER:
        return (
            f"the referee builds orders up to {MAX_ORDER} ({plane_size(MAX_ORDER):,} cards); "
            f"a deck of order {n} would have {plane_size(n):,}"
        )
    if n < 2:
        return "a deck's order is a whole number 2 or more (a plane of order n has n + 1 symbols per card)"
    if prime_power(n) is not None:
        return None
    if n == 6:
        return (
            "no projective plane of order 6 exists: Tarry showed in 1900 that "
            "there are no two orthogonal Latin squares of order 6, and the Bruck-Ryser "
            "theorem rules it out too"
        )
    if n == 10:
        return (
            "no projective plane of order 10 exists: Lam, Thiel and Swiercz "
            "ruled it out by an exhaustive computer search in 1989"
        )
    if n % 4 in (1, 2) and not _sum_of_two_squares(n):
        return (
            f"no projective plane of order {n} exists: by the Bruck-Ryser "
            f"theorem an order that leaves 1 or 2 when divided by 4 must be a sum of "
            f"two squares, and {n} is not"
        )
    return (
        f"no projective plane of order {n} is known: {n} is not a prime "
        "power, and every known plane has a prime-power order (whether one exists "
        "is an open question)"
    )


def _sum_of_two_squares(n: int) -> bool:
    a = 0
    while a * a <= n:
        b = round((n - a * a) ** 0.5)
        if b * b == n - a * a:
            return True
        a += 1
    return False


def plane_lines(n: int) -> list[list[int]]:
    """The lines of PG(2, n) over GF(n), as sorted lists of point ids.

    Points: the affine points (x, y) are ``x * n + y``; the point at infinity
    of slope m is ``n^2 + m``; the vertical one is ``n^2 + n``. Lines: y = m x + b
    (plus its point at infinity), x = c (plus the vertical point) and the line
    at infinity. Raises :class:`InputError` for an order with no plane.
    """
    refusal = order_refusal(n)
    if refusal:
        raise InputError(refusal, place=f"order {n}")
    add, mul = GF.of_order(n).tables()
    nn = n * n
    lines: list[list[int]] = []
    for m in range(n):
        row_m = mul[m]
        for b in range(n):
            line = [x * n + add[row_m[x]][b] for x in range(n)]
            line.append(nn + m)
            lines.append(line)
    for c in range(n):
        lines.append([c * n + y for y in range(n)] + [nn + n])
    lines.append([nn + m for m in range(n + 1)])
    return lines


# -------------------------------------------------------------------- generating


def generate(
    order: int,
    symbols: Sequence[str],
    *,
    cards: int | None = None,
    seed: str | None = None,
    name: str | None = None,
    symbols_source: str = "the built-in set",
) -> Deck:
    """A deck from the projective plane of ``order``: n^2+n+1 cards, n+1 symbols each.

    Point p gets ``symbols[p]`` (the first n^2+n+1 are used). With a ``seed``
    (method ``spotit-sha256-ctr-v1``, purpose ``generate``): the symbols are
    shuffled (which point gets which), then the cards, then each card's
    symbols, in that order; without one the deck is in the plane's order.
    ``cards`` keeps the first that many cards.
    """
    refusal = order_refusal(order)
    if refusal:
        raise InputError(refusal, place=f"order {order}")
    size = plane_size(order)
    if len(symbols) < size:
        raise InputError(
            f"{symbols_source} has {len(symbols)} symbols; a deck of order {order} "
            f"needs {size} ({order}^2 + {order} + 1)",
            place="symbols",
        )
    if cards is not None and not 2 <= cards <= size:
        if cards > size:
            raise InputError(
                f"the plane of order {order} has only {size} cards", place=f"card_count {cards}"
            )
        raise InputError("a deck needs at least 2 cards", place=f"card_count {cards}")
    lines = plane_lines(order)
    names = list(symbols[:size])
    if seed is not None:
        stream = SeedStream(seed, "generate")
        stream.shuffle(names)
        stream.shuffle(lines)
        for line in lines:
            stream.shuffle(line)
    if cards is not None:
        lines = lines[:cards]
    deck_name = name or (f"order-{order}" if seed is None else f"order-{order}-seed-{seed}")
    return Deck(name=deck_name, cards=tuple(tuple(names[p] for p in line) for line in lines))
