"""Where the server meets today's game CLIs: the one table to adapt at merge.

The games are being moved onto the engine and into their own packages in
parallel (issues 12 and 13). Everything the server knows about a game's
file or CLI beyond the Click tree itself is here, so that adapting to the
ported games is an edit of this file only:

* ``GAME_KINDS``: the value of ``game:`` in a game file -> the CLI group. The
  engine writes the group name (``blindspot``); today's files say
  ``blind-spot-game``, ``word-block`` and ``out-of-sight``.
* ``HISTORY_KEYS``: where a file keeps its actions (the engine: ``history``;
  today's Blind Spot files: ``actions``). A game's version is their number.
* ``FIELD_ALIASES``: request fields of the issue's API that today's CLI
  spells differently (``play FILE CELL WORD`` today, ``play FILE WORD --at
  CELL`` after the port). Delete an entry when its command is ported.
* ``summary`` fields from ``show --json``: ``over`` and whose turn.
* ``layout_of``: the letters (and setup code) a Blind Spot game file holds.
* ``EXPLANATIONS``: the referee's words for its reasons, for the pages.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

GAMES = ("blindspot", "wordblock", "outofsight")
"""The CLI groups of the games kept in game files."""

TITLES = {"blindspot": "Blind Spot", "wordblock": "Word Block", "outofsight": "Out of Sight"}

GAME_KINDS: dict[str, str] = {
    "blindspot": "blindspot",
    "wordblock": "wordblock",
    "outofsight": "outofsight",
}

HISTORY_KEYS = ("history",)

FIELD_ALIASES: dict[tuple[str, str], dict[str, str]] = {}

EXPLANATION_TABLES: tuple[tuple[str, str], ...] = (
    ("referee.blindspot.render", "EXPLANATIONS"),
    ("referee.blindspot.render", "GAME_EXPLANATIONS"),
    ("referee.wordblock.rules", "EXPLANATIONS"),
    ("referee.wordblock.rules", "PLACE_EXPLANATIONS"),
    ("referee.wordblock.rules", "MOVE_EXPLANATIONS"),
)


def over(show: Mapping[str, Any]) -> bool:
    """Whether ``show --json`` says the game is over."""
    if isinstance(show.get("over"), bool):
        return bool(show["over"])
    if isinstance(show.get("finished"), bool):  # Out of Sight today
        return bool(show["finished"])
    if "winner" in show:  # Blind Spot today: a winner, or a solo game's end
        return show.get("winner") is not None or (
            show.get("turn") is None and show.get("solo_score") is not None
        )
    return False


def turn(show: Mapping[str, Any]) -> str | None:
    """Whose turn ``show --json`` names (``"turn": P`` or ``{"player": P}``)."""
    value = show.get("turn")
    if isinstance(value, Mapping):
        value = value.get("player")
    return value if isinstance(value, str) else None


def layout_of(data: Mapping[str, Any]) -> tuple[list[str], str | None]:
    """A Blind Spot game file's letter rows and setup code (if it has one)."""
    layout = data.get("layout")
    if not isinstance(layout, Mapping):
        layout = data
    letters = layout.get("letters")
    code = layout.get("code")
    rows = [r for r in letters if isinstance(r, str)] if isinstance(letters, list) else []
    return rows, code if isinstance(code, str) else None


def explanations() -> dict[str, str]:
    """Every reason the referee gives, in words (for the pages)."""
    out: dict[str, str] = {}
    for module, name in EXPLANATION_TABLES:
        try:
            table = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
        out.update({str(k): str(v) for k, v in table.items() if str(k) not in out})
    return out
