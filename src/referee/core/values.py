"""Value types: frozen records compared by their fields, cheap to define.

``@frozen`` makes what ``@dataclass(frozen=True)`` makes (fields from the
annotations, positional or keyword construction with defaults, equality and
hashing by the fields, a dataclass-like ``repr``, assignment refused,
``__post_init__``, ``order=True``), at about a tenth of the cost of defining
it. ``@dataclass`` writes and compiles six methods for every class when its
module is imported, about a millisecond a class: a one-shot command loads 10
to 25 value types, and they were a tenth of its run (``docs/performance.md``).
Here only ``__init__`` is compiled (so that it runs as fast as a dataclass's);
equality, hashing, ``repr`` and the refusals are shared functions, each
reading the fields through one :func:`operator.attrgetter`.

>>> @frozen
... class Score:
...     player: str
...     points: int = 0
>>> Score("ann", 3)
Score(player='ann', points=3)
>>> Score("ann", 3) == Score(player="ann", points=3), Score("ann") == Score("bob")
(True, False)
>>> replace(Score("ann", 3), points=5)
Score(player='ann', points=5)
>>> Score("ann").points = 1
Traceback (most recent call last):
...
referee.core.values.FrozenError: cannot assign to field 'points'

Not supported (a :class:`TypeError` when a class asks for them): ``field()``
specifiers (give an immutable default instead), ``ClassVar`` is the only
annotation that is not a field, keyword-only fields.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: object) -> Callable[[T], T]:
        return lambda f: f


T = TypeVar("T")


class FrozenError(AttributeError):
    """A field of a value was assigned to or deleted (values never change:
    :func:`replace` makes a new one)."""


@overload
def frozen(cls: type[T], /) -> type[T]: ...


@overload
def frozen(*, order: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, eq_default=True)
def frozen(cls: type[T] | None = None, /, *, order: bool = False) -> Any:
    """Make ``cls`` a frozen value type (see the module docstring);
    ``order=True`` adds ``<``, ``<=``, ``>``, ``>=`` comparing the fields in order."""

    def wrap(cls: type[T]) -> type[T]:
        return _make(cls, order)

    return wrap if cls is None else wrap(cls)


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the value ``obj`` with some fields changed (as
    :func:`dataclasses.replace`: ``__post_init__`` runs again)."""
    fields: tuple[str, ...] = type(obj).__value_fields__  # type: ignore[attr-defined]
    unknown = sorted(set(changes) - set(fields))
    if unknown:
        raise TypeError(f"{type(obj).__qualname__} has no field {unknown[0]!r}")
    return type(obj)(**{f: changes[f] if f in changes else getattr(obj, f) for f in fields})


def fields(obj: object) -> tuple[str, ...]:
    """The field names of a value type or value, in order."""
    cls = obj if isinstance(obj, type) else type(obj)
    names: tuple[str, ...] = cls.__value_fields__  # type: ignore[attr-defined]
    return names


# ------------------------------------------------------------------ the making


def _make(cls: type[T], order: bool) -> type[T]:
    names: list[str] = []
    defaults: dict[str, object] = {}
    for base in reversed(cls.__mro__[1:]):
        for name in base.__dict__.get("__value_fields__", ()):
            if name not in names:
                names.append(name)
        defaults.update(base.__dict__.get("__value_defaults__", {}))
    for name, note in inspect.get_annotations(cls).items():
        text = note if isinstance(note, str) else repr(note)
        if text.startswith(("ClassVar", "typing.ClassVar")):
            continue
        if text.startswith(("InitVar", "KW_ONLY", "dataclasses.")):
            raise TypeError(f"{cls.__qualname__}.{name}: @frozen has no {text.split('[')[0]}")
        if name not in names:
            names.append(name)
        if name in cls.__dict__:
            default = cls.__dict__[name]
            if type(default).__name__ == "Field":
                raise TypeError(
                    f"{cls.__qualname__}.{name}: @frozen takes no field(); give a default"
                )
            if isinstance(default, (list, dict, set)):
                raise ValueError(f"{cls.__qualname__}.{name}: a mutable default is shared; refused")
            defaults[name] = default
        else:
            defaults.pop(name, None)
    fields = tuple(names)
    made: Any = cls  # given its methods here
    made.__value_fields__ = fields
    made.__value_defaults__ = defaults
    setattr(made, "__match_args__", fields)  # noqa: B010 - mypy refuses the plain assignment
    if len(fields) == 1:
        only = fields[0]
        key: Callable[[Any], tuple[Any, ...]] = lambda obj: (getattr(obj, only),)  # noqa: E731
    elif fields:
        key = attrgetter(*fields)
    else:
        key = lambda obj: ()  # noqa: E731
    made.__value_key__ = staticmethod(key)
    own = made.__dict__
    if "__init__" not in own:
        made.__init__ = _init(cls, fields, defaults)
    if "__repr__" not in own:
        made.__repr__ = _repr
    if "__eq__" not in own:
        made.__eq__ = _eq
    if own.get("__hash__") is None:  # not written by hand (or None, as a class with __eq__ gets)
        made.__hash__ = _hash
    made.__setattr__ = _setattr
    made.__delattr__ = _delattr
    if order:
        for name, method in _ORDER.items():
            setattr(made, name, method)
    return cls


def _init(cls: type, fields: tuple[str, ...], defaults: dict[str, object]) -> Any:
    """``__init__(self, a, b=<default>)``: the one method compiled per class."""
    params: list[str] = []
    seen_default = False
    for name in fields:
        if name in defaults:
            params.append(f"{name}=_default_{name}")
            seen_default = True
        elif seen_default:
            raise TypeError(
                f"{cls.__qualname__}: field {name!r} without a default follows one with"
            )
        else:
            params.append(name)
    body = [f"    _set(self, {name!r}, {name})" for name in fields]
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = (
        "def __init__(" + ", ".join(["self", *params]) + "):\n" + "\n".join(body or ["    pass"])
    )
    scope: dict[str, Any] = {"_set": object.__setattr__}
    scope.update({f"_default_{name}": default for name, default in defaults.items()})
    exec(source, scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__value_fields__)
    return f"{type(self).__qualname__}({shown})"


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self.__value_key__(self) == self.__value_key__(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__value_key__(self))


def _setattr(self: Any, name: str, value: object) -> None:
    raise FrozenError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise FrozenError(f"cannot delete field {name!r}")


def _lt(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self.__value_key__(self) < self.__value_key__(other)
    return NotImplemented


def _le(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self.__value_key__(self) <= self.__value_key__(other)
    return NotImplemented


def _gt(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self.__value_key__(self) > self.__value_key__(other)
    return NotImplemented


def _ge(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self.__value_key__(self) >= self.__value_key__(other)
    return NotImplemented


_ORDER = {"__lt__": _lt, "__le__": _le, "__gt__": _gt, "__ge__": _ge}
