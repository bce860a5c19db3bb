"""The referee's Python API: the games and questions of the command line, as
calls that return reports.

>>> import referee
>>> g = referee.new_game("blindspot", "friday.yaml", layout="setups/sample.yaml",
...                      players=["red", "blue"])
>>> r = g.act("play", word="seas", at="D1")
>>> r.valid, r.reason, r.version
(True, None, 1)
>>> g.show()["turn"]
'blue'
>>> referee.ask("check-word", word="seas", layout="setups/sample.yaml", at="D1").valid
True

Everything is a thin client of the game services (:mod:`referee.service`), the
same ones the command line and ``referee serve`` call: ``Report.doc`` is what
``referee ... --json`` prints for the same call. Step and question names are
the command line's (``play``, ``check-word``, ``setup generate``); fields are
named as its parameters, with dashes as underscores (``challenged_by``). A
field that is a file on the command line takes a path (``str`` or
``os.PathLike``) or the value itself: a mapping (a layout, a board, a deck), or
a list of words for ``allow``.

A refusal of the rules is not an exception: ``Report.valid`` is false, with its
``reason`` and ``explanation``. Input that cannot be used raises
:class:`RefereeError` (``.kind``, ``.message``): :class:`InputError`, or
:class:`Conflict` for a stale ``expect_version``.
"""

from __future__ import annotations

import os
from typing import Any

from referee import service as _service
from referee.core.errors import Conflict, InputError, NotFound, RefereeError
from referee.service import Report

__all__ = [
    "Conflict",
    "Game",
    "InputError",
    "RefereeError",
    "Report",
    "ask",
    "new_game",
    "open_game",
]


class Game:
    """A live game kept in a file (Blind Spot, Word Block, Out of Sight).

    Every :meth:`act` runs under the file's lock and is written before it
    returns, exactly as the command line's: the CLI, the web and scripts can
    act on the same file, and each sees the others' moves.
    """

    def __init__(self, path: str | os.PathLike[str], kind: str | None = None) -> None:
        self.path = os.fspath(path)
        self.kind = kind if kind is not None else _service.game_of_file(self.path)
        self._module = _service.service(self.kind)

    def __repr__(self) -> str:
        return f"Game({self.kind!r}, {self.path!r})"

    @property
    def steps(self) -> list[str]:
        """The steps :meth:`act` takes (``play``, ``undo``...)."""
        return list(self._module.STEPS)

    def act(self, step: str, *, expect_version: int | None = None, **fields: Any) -> Report:
        """One step (``play``, ``claim``, ``turn``, ``undo``...); with
        ``expect_version`` it is refused (:class:`Conflict`, nothing written)
        unless the game is at that version."""
        steps = self._module.STEPS
        if step not in steps:
            raise NotFound(f"{step!r} is not a step of {self.kind} (steps: {', '.join(steps)})")
        if expect_version is not None:
            fields["expect_version"] = expect_version
        report: Report = steps[step].call(fields, files=True, path=self.path)
        return report

    def show(self) -> dict[str, Any]:
        """The game as it is: the document of ``referee GAME game show FILE --json``."""
        doc: dict[str, Any] = self._module.SHOW.run(self.path).doc
        return doc

    @property
    def version(self) -> int:
        """The number of actions recorded (an undo is one too)."""
        version: int = self._module.SHOW.run(self.path).version
        return version


def new_game(kind: str, path: str | os.PathLike[str], **fields: Any) -> Game:
    """Start a game of ``kind`` (``blindspot``, ``wordblock``, ``outofsight``)
    in a new file: the fields of ``referee KIND game new`` (``force=True``
    replaces an existing file)."""
    module = _service.service(kind)
    module.NEW.call(fields, files=True, path=os.fspath(path))
    return Game(path, kind)


def open_game(path: str | os.PathLike[str]) -> Game:
    """The game in a file, of whichever kind its ``game:`` key says."""
    return Game(path)


def ask(question: str, **fields: Any) -> Report:
    """A question (``check-word``, ``score-claim``, ``spotit verify``...):
    answered, nothing written."""
    step = _service.question(question)
    return step.call(fields, files=True)
