"""referee: settle rules disputes and keep score for four tabletop games.

The Python API (:mod:`referee.api`) is here, loaded on first use so that the
command line pays nothing for it::

    import referee
    g = referee.new_game("blindspot", "friday.yaml", layout="setups/sample.yaml",
                         players=["red", "blue"])
    r = g.act("play", word="seas", at="D1")      # a referee.Report
    referee.ask("check-word", word="seas", layout="setups/sample.yaml", at="D1")

The rules modules (:mod:`referee.blindspot.rules`, ...) are pure: they import
neither click, yaml nor enchant. Each game's service
(:mod:`referee.blindspot.service`, ...) takes values and returns reports; the
command line (:mod:`referee.cli`), the web server (:mod:`referee.serve`) and
the Python API are thin clients of the services.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from referee.api import (
        Conflict,
        Game,
        InputError,
        RefereeError,
        Report,
        ask,
        new_game,
        open_game,
    )

__all__ = [
    "Conflict",
    "Game",
    "InputError",
    "RefereeError",
    "Report",
    "__version__",
    "ask",
    "new_game",
    "open_game",
]

_API = frozenset(__all__) - {"__version__"}


def __getattr__(name: str) -> Any:
    if name in _API:
        from referee import api

        return getattr(api, name)
    raise AttributeError(f"module 'referee' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
