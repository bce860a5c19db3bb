"""``@frozen`` value types against ``@dataclass(frozen=True)``: the same
construction, equality, hashing, ordering, ``repr`` and refusals."""

from __future__ import annotations

import dataclasses
import doctest
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.core import values
from referee.core.cells import Cell
from referee.core.values import FrozenError, frozen, replace


@frozen(order=True)
class Pair:
    """Two fields, ordered."""

    name: str
    count: int = 0


@dataclasses.dataclass(frozen=True, order=True)
class DataPair:
    name: str
    count: int = 0


@frozen
class One:
    """One field."""

    only: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class DataOne:
    only: tuple[int, ...]


def test_the_module_examples() -> None:
    result = doctest.testmod(values)
    assert result.attempted >= 5 and result.failed == 0


def same_shape(ours: object, theirs: object) -> None:
    assert repr(ours).replace(type(ours).__qualname__, "X") == repr(theirs).replace(
        type(theirs).__qualname__, "X"
    )
    assert hash(ours) == hash(theirs)


@given(st.text(max_size=5), st.integers(), st.text(max_size=5), st.integers())
def test_equality_hash_order_and_repr_are_a_dataclasss(a: str, m: int, b: str, n: int) -> None:
    x, y = Pair(a, m), Pair(name=b, count=n)
    dx, dy = DataPair(a, m), DataPair(name=b, count=n)
    same_shape(x, dx)
    same_shape(y, dy)
    assert (x == y, x != y, x < y, x <= y, x > y, x >= y) == (
        dx == dy,
        dx != dy,
        dx < dy,
        dx <= dy,
        dx > dy,
        dx >= dy,
    )


@given(st.lists(st.integers(), max_size=4).map(tuple))
def test_one_field(items: tuple[int, ...]) -> None:
    same_shape(One(items), DataOne(items))
    assert One(items) == One(only=items)


def test_other_types_are_not_equal_and_not_ordered() -> None:
    assert Pair("a", 1) != ("a", 1)  # type: ignore[comparison-overlap]
    assert Pair("a", 1) != DataPair("a", 1)  # type: ignore[comparison-overlap]
    with pytest.raises(TypeError):
        _ = Pair("a", 1) < ("a", 2)  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = One((1,)) < One((2,))  # type: ignore[operator]


def test_construction_is_a_dataclasss() -> None:
    assert Pair("a") == Pair(name="a", count=0)
    with pytest.raises(TypeError):
        Pair()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Pair("a", 1, 2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Pair("a", colour="red")  # type: ignore[call-arg]
    assert Pair.__init__.__qualname__ == "Pair.__init__"


def test_fields_cannot_change() -> None:
    pair = Pair("a", 1)
    with pytest.raises(FrozenError, match="cannot assign to field 'count'"):
        pair.count = 2  # type: ignore[misc]
    with pytest.raises(FrozenError, match="cannot delete field 'name'"):
        del pair.name
    with pytest.raises(AttributeError):  # FrozenError is an AttributeError
        pair.other = 3  # type: ignore[attr-defined]
    assert pair == Pair("a", 1)


def test_replace_makes_a_new_value_and_runs_post_init() -> None:
    seen: list[int] = []

    @frozen
    class Checked:
        n: int

        def __post_init__(self) -> None:
            seen.append(self.n)
            if self.n < 0:
                raise ValueError("negative")

    one = Checked(1)
    two = replace(one, n=2)
    assert (one.n, two.n, seen) == (1, 2, [1, 2])
    with pytest.raises(ValueError, match="negative"):
        replace(one, n=-1)
    with pytest.raises(TypeError, match="no field 'm'"):
        replace(one, m=3)
    assert values.fields(two) == values.fields(Checked) == ("n",)


def test_inheritance_class_variables_and_hand_written_methods() -> None:
    @frozen
    class Base:
        a: int
        kind: ClassVar[str] = "base"

    @frozen
    class Child(Base):
        b: str = "x"

        def __hash__(self) -> int:
            return 7

    child = Child(1)
    assert (child.a, child.b, Child.kind, hash(child)) == (1, "x", "base", 7)
    assert values.fields(Child) == ("a", "b")
    assert (
        repr(child)
        == "test_inheritance_class_variables_and_hand_written_methods.<locals>.Child(a=1, b='x')"
    )
    # Cell keeps its own cheap hash and is ordered row first
    assert hash(Cell(2, 3)) == 2 * 1024 + 3
    assert sorted([Cell(1, 0), Cell(0, 5), Cell(0, 1)]) == [Cell(0, 1), Cell(0, 5), Cell(1, 0)]


def test_pattern_matching_by_position() -> None:
    match Pair("a", 2):
        case Pair(name, count):
            assert (name, count) == ("a", 2)
        case _:
            pytest.fail("no match")


def test_what_it_refuses_when_a_class_is_defined() -> None:
    with pytest.raises(TypeError, match="without a default follows"):

        @frozen
        class Late:
            a: int = 0
            b: int  # type: ignore[misc]

    with pytest.raises(TypeError, match="takes no field"):

        @frozen
        class WithField:
            a: list[int] = dataclasses.field(default_factory=list)

    with pytest.raises(ValueError, match="mutable default"):

        @frozen
        class Shared:
            a: list[int] = []  # noqa: RUF012
