"""Out of Sight's post-game review: how each bank was organised, frame by
frame, against the best organisation the rules allow (pure).

In the advanced game a bank's piles are ranked by size; the 3 largest score,
the next 3 are saved into the next frame (frames 1 and 2), the rest are
subtracted. The only choice the rules leave is among piles of equal size that
straddle a row boundary (``--prefer``). Which of them is saved changes the
next frame's bank, and so its score. The review tries every way the ties of
every frame could have gone, the later frames' banks being the cards saved
(as the choice would have saved them) plus the cards the player really took
in those frames, and keeps the organisation with the most points over the
frames played (then the most numbers on the last frame's scored cards, the
game's tie-break). ``budget`` bounds the organisations tried per player
(seconds); the review says when it was cut short. The basic game scores
every card: there is nothing to organise.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator, Sequence
from typing import Any

from referee.core.values import frozen
from referee.outofsight.game import Setup, State
from referee.outofsight.rules import FRAMES, Bank, PlayerScore, score_bank


@frozen
class Frame:
    """One player's frame: as organised, and as the best organisation did."""

    frame: int
    player: str
    played: PlayerScore
    best: PlayerScore
    played_prefer: tuple[str, ...]
    best_prefer: tuple[str, ...]


@frozen
class PlayerReview:
    player: str
    frames: tuple[Frame, ...]
    tried: int
    cut: bool

    @property
    def played_points(self) -> int:
        return sum(f.played.points for f in self.frames)

    @property
    def best_points(self) -> int:
        return sum(f.best.points for f in self.frames)

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "points": self.played_points,
            "best_points": self.best_points,
            "left": self.best_points - self.played_points,
            "tried": self.tried,
            "cut_short": self.cut,
            "frames": [
                {
                    "frame": f.frame,
                    "played": _score_doc(f.played, f.played_prefer),
                    "best": _score_doc(f.best, f.best_prefer),
                    "left": f.best.points - f.played.points,
                }
                for f in self.frames
            ],
        }


def _score_doc(score: PlayerScore, prefer: tuple[str, ...]) -> dict[str, Any]:
    return {
        "points": score.points,
        "scored": {p.colour: p.size for p in score.scored},
        "saved": {p.colour: p.size for p in score.saved},
        "subtracted": {p.colour: p.size for p in score.subtracted},
        "prefer": list(prefer),
    }


def organisations(player: str, bank: Bank, mode: Any, frame: int) -> Iterator[tuple[str, ...]]:
    """Every distinct way the ties of ``bank`` can go, as a ``prefer`` list."""
    ties = score_bank(player, bank, mode, frame).ties
    if not ties:
        yield ()
        return
    rank = {"scored": 0, "saved": 1, "subtracted": 2}
    choices: list[list[tuple[str, ...]]] = []
    for tie in ties:
        places = sorted(tie.places, key=rank.__getitem__)
        ways: dict[tuple[str, ...], None] = {}
        for order in itertools.permutations(tie.colours):
            placed = list(zip(places, order, strict=True))
            groups = tuple(
                tuple(sorted(c for p, c in placed if p == place))
                for place in ("scored", "saved", "subtracted")
            )
            ways.setdefault(tuple(c for g in groups for c in g), None)
            if len(ways) > 200:
                break
        choices.append(list(ways))
    for combo in itertools.product(*choices):
        yield tuple(c for part in combo for c in part)


def review(setup: Setup, state: State, *, budget: float = 0.5) -> list[PlayerReview]:
    """Every player's frames, as played and at best (advanced game only)."""
    if setup.mode != "advanced":
        return []
    return [_player(setup, state, name, budget) for name in setup.players]


def _player(setup: Setup, state: State, name: str, budget: float) -> PlayerReview:
    banks = [dict(p.banks)[name] for p in state.frames]
    played = [p.score.player(name) for p in state.frames]
    prefers = [tuple(dict(p.prefer).get(name, ())) for p in state.frames]
    taken: list[Bank] = []
    for k, bank in enumerate(banks):
        saved = played[k - 1].saved_bank() if k else Bank()
        taken.append(Bank(saved.missing(bank)))
    final = len(banks) >= FRAMES  # the numbers break a tie only after the last frame
    deadline = time.monotonic() + budget
    tried = 0
    cut = False
    Path = list[tuple[PlayerScore, tuple[str, ...]]]
    best: tuple[tuple[int, int], Path] | None = None

    def walk(k: int, saved: Bank, path: Path) -> None:
        nonlocal tried, cut, best
        if k == len(banks):
            tried += 1
            points = sum(s.points for s, _ in path)
            numbers = (path[-1][0].numbers or 0) if path and final else 0
            if best is None or (points, numbers) > best[0]:
                best = ((points, numbers), list(path))
            cut = time.monotonic() > deadline
            return
        bank = Bank(saved.cards + taken[k].cards) if k else banks[0]
        for prefer in organisations(name, bank, setup.mode, k + 1):
            score = score_bank(name, bank, setup.mode, k + 1, prefer)
            walk(k + 1, score.saved_bank(), [*path, (score, prefer)])
            if cut:
                return

    walk(0, Bank(), [])
    as_played = (sum(s.points for s in played), (played[-1].numbers or 0) if final else 0)
    if best is None or best[0] <= as_played:  # nothing better: as played is the best
        best = (as_played, list(zip(played, prefers, strict=True)))
    frames = tuple(
        Frame(k + 1, name, played[k], best[1][k][0], prefers[k], best[1][k][1])
        for k in range(len(banks))
    )
    return PlayerReview(name, frames, tried, cut)


def ranking(reviews: Sequence[PlayerReview]) -> list[str]:
    return [r.player for r in sorted(reviews, key=lambda r: -r.played_points)]
