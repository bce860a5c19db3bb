"""Blind Spot's post-game review: every turn's play beside the best plays the
rules allowed at that moment for that seat (pure: values in, values out).

The history in force is replayed action by action; before each play or
timeout the position is searched with :func:`~referee.blindspot.rules.legal_plays`,
exactly as ``referee words`` (and ``blindspot game hint``) searches it: longest
words first, then by cell, word and direction; a word of 5 letters or more
earns the farsighted bonus. The search is complete on every turn (at most 81
cells x 8 directions x the readings of one line), so nothing is cut short.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any

from referee.blindspot.game import Action, GameSetup, start, step
from referee.blindspot.rules import BONUS_LENGTH, Play, legal_plays
from referee.core.values import frozen


@frozen
class Turn:
    """One turn: who, what they did (a word, or a timeout) and the best plays."""

    number: int
    version: int
    """The history entry (from 1) of the action reviewed."""
    seat: str
    name: str
    action: Action
    best: tuple[Play, ...]
    count: int
    """How many legal plays there were."""

    @property
    def timeout(self) -> bool:
        return self.action.kind == "timeout"

    @property
    def missed(self) -> bool:
        """A timeout although a word was there."""
        return self.timeout and self.count > 0

    @property
    def played_length(self) -> int:
        return len(self.action.word or "") if not self.timeout else 0

    @property
    def best_length(self) -> int:
        return len(self.best[0].word) if self.best else 0

    def to_dict(self) -> dict[str, Any]:
        played = None
        if not self.timeout:
            word = self.action.word or ""
            played = {
                "word": word,
                "at": self.action.at.name if self.action.at else None,
                "bonus": len(word) >= BONUS_LENGTH,
            }
        return {
            "turn": self.number,
            "version": self.version,
            "player": self.name,
            "colour": self.seat,
            "played": played,
            "timeout": self.timeout,
            "missed": self.missed,
            "count": self.count,
            "best": [{**p.to_dict(), "bonus": len(p.word) >= BONUS_LENGTH} for p in self.best],
        }


def review(
    setup: GameSetup,
    history: Sequence[Action],
    lexicon: Container[str],
    three_letter: Container[str],
    *,
    top: int = 3,
    in_force: Sequence[int] | None = None,
) -> list[Turn]:
    """Every play and timeout of ``history`` (the actions at ``in_force``, or
    all of them) with the ``top`` best plays open to that seat just before."""
    state = start(setup)
    indexes = list(in_force) if in_force is not None else list(range(len(history)))
    out: list[Turn] = []
    for i in indexes:
        action = history[i]
        if action.kind in ("play", "timeout"):
            seat = action.player or state.turn or setup.players[0]
            plays = legal_plays(
                setup.board,
                lexicon,
                player=seat,
                position=state.position(setup),
                three_letter=three_letter,
            )
            name = setup.name_of(seat) or seat
            out.append(
                Turn(len(out) + 1, i + 1, seat, name, action, tuple(plays[:top]), len(plays))
            )
        _, state = step(setup, state, action)
    return out


def totals(setup: GameSetup, turns: Sequence[Turn]) -> list[dict[str, Any]]:
    """Per player: plays, timeouts, missed words, average word length played
    against the best's, and the best missed play (the longest best word of a
    turn where they played shorter or timed out)."""
    out = []
    for seat, name in zip(setup.players, setup.people, strict=True):
        mine = [t for t in turns if t.seat == seat]
        plays = [t for t in mine if not t.timeout]
        missed: tuple[Turn, Play] | None = None
        for t in mine:
            better = t.best and t.best_length > t.played_length
            if better and (missed is None or t.best_length > len(missed[1].word)):
                missed = (t, t.best[0])
        out.append(
            {
                "player": name,
                "colour": seat,
                "turns": len(mine),
                "plays": len(plays),
                "timeouts": len(mine) - len(plays),
                "missed": sum(1 for t in mine if t.missed),
                "average_length": _mean([t.played_length for t in plays]),
                "average_best_length": _mean([t.best_length for t in mine]),
                "best_missed": None
                if missed is None
                else {"turn": missed[0].number, "word": missed[1].word, "at": missed[1].at.name},
            }
        )
    return out


def _mean(values: Sequence[int]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None
