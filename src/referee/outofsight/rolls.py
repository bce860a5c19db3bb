"""Out of Sight's dice at the table: the roll-off for the first player and the
rolls behind a turn.

"All players roll the dice. The player with the highest number goes first
(re-roll any ties)": :func:`roll_off` reads the rounds of a roll-off (every
player's roll, then the re-rolls among the tied) and names who goes first.

A turn's rolls (``5,4,2:9,2 6,6,1:wipe,1``: each roll's three dice, then what
it took, ``flip`` or ``wipe`` when its pair activated the Doubles card) are
checked as ``referee take`` checks one roll (:func:`~referee.outofsight.takes.check_take`):
no die split, no die used twice, a Doubles use spends its two dice; one Flip
or Wipe a turn; the turn's cards are what the rolls took (:func:`rolls_problem`).

Pure: typed values that cannot be used raise :class:`InputError` naming the
field (``roll``, ``rolls``); the rules' verdicts are sentences.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from referee.core.errors import InputError, show
from referee.core.schema import bounded_int
from referee.core.values import frozen
from referee.outofsight.rules import join_and

HIGHEST_ROLL = 18
"""Three dice show at most 18."""


# ------------------------------------------------------------------ the roll-off

Round = tuple[tuple[str, int], ...]
"""One round of a roll-off: each player's number, in the order given."""


def parse_round(text: str, place: str = "roll") -> tuple[tuple[str, int], ...]:
    """``ann=5,bob=3,cy=5``: each player's roll (1-18), in the order given."""
    out: list[tuple[str, int]] = []
    for item in (t for t in text.split(",") if t.strip()):
        name, sep, number = item.partition("=")
        if not sep or not name.strip():
            raise InputError(f"{show(item)}: expected PLAYER=NUMBER, like ann=5", place=place)
        out.append((name.strip(), bounded_int(number.strip(), 1, HIGHEST_ROLL, place)))
    if not out:
        raise InputError("give each player's roll, like ann=5,bob=3", place=place)
    return tuple(out)


def roll_off(
    players: Sequence[str],
    rounds: Sequence[Sequence[tuple[str, int]]],
    place: str = "roll",
) -> tuple[str, tuple[Round, ...]]:
    """Who goes first, and the rounds as the game keeps them (names as the
    game spells them). The first round is every player's roll; each further
    round is the re-roll of the players tied on the top roll, and only theirs.
    A tie left on the top roll is refused: ``re-roll: ann and cy tied on 5``."""
    from referee.core.text import name_key

    by_key = {name_key(p): p for p in players}
    rolling = list(players)
    kept: list[Round] = []
    top = 0
    for number, given in enumerate(rounds, start=1):
        if len(rolling) == 1:
            raise InputError(
                f"roll {number}: the roll-off was over after roll {number - 1}", place=place
            )
        named: dict[str, int] = {}
        for name, value in given:
            player = by_key.get(name_key(name))
            if player is None:
                raise InputError(
                    f"{show(name)} is not one of the players ({', '.join(players)})", place=place
                )
            if player in named:
                raise InputError(f"{player} rolled twice in roll {number}", place=place)
            named[player] = value
        missing = [p for p in rolling if p not in named]
        extra = [p for p in named if p not in rolling]
        if extra:
            raise InputError(
                f"roll {number} is the re-roll of {join_and(rolling)} only, not {join_and(extra)}",
                place=place,
            )
        if missing:
            raise InputError(
                f"roll {number}: {join_and(missing)} did not roll (every "
                f"{'player' if number == 1 else 'tied player'} rolls)",
                place=place,
            )
        top = max(named.values())
        kept.append(tuple((p, named[p]) for p in rolling))
        rolling = [p for p in rolling if named[p] == top]
    if len(rolling) > 1:
        raise InputError(f"re-roll: {join_and(rolling)} tied on {top}", place=place)
    return rolling[0], tuple(kept)


# ------------------------------------------------------------- the rolls of a turn


@frozen
class RollTake:
    """One roll of a turn: the three dice, the card numbers it took and the
    Doubles call its pair made (``None``: none)."""

    dice: tuple[int, ...]
    cards: tuple[int, ...] = ()
    doubles: str | None = None

    def __str__(self) -> str:
        took = [*([self.doubles] if self.doubles else []), *map(str, self.cards)]
        return f"{','.join(map(str, self.dice))}:{','.join(took)}"


def parse_rolls(text: str, place: str = "rolls") -> tuple[RollTake, ...]:
    """``5,4,2:9,2 6,6,1:wipe 3,3,1:1,6``: the rolls, separated by spaces."""
    from referee.outofsight.takes import Roll, parse_cards

    items = text.split()
    if not items:
        raise InputError("give the turn's rolls, like 5,4,2:9,2 6,6,1:wipe", place=place)
    if len(items) > 1000:
        raise InputError(f"at most 1000 rolls, got {len(items)}", place=place)
    out = []
    for number, item in enumerate(items, start=1):
        dice, sep, took = item.partition(":")
        where = f"roll {number} ({show(item)})"
        if not sep:
            raise InputError(
                f"{where}: expected DICE:TAKEN, like 5,4,2:9,2 (5,4,2: when it took nothing)",
                place=place,
            )
        try:
            roll = Roll.from_text(dice, place=None)
            words = [t.strip().lower() for t in took.split(",") if t.strip()]
            calls = [w for w in words if w in ("flip", "wipe")]
            if len(calls) > 1:
                raise InputError("one Doubles call a roll (flip or wipe)")
            numbers = parse_cards(",".join(w for w in words if w not in calls), None)
        except InputError as exc:
            raise InputError(f"{where}: {exc.detail}", place=place) from None
        out.append(RollTake(roll.dice, numbers, calls[0] if calls else None))
    return tuple(out)


def rolls_problem(
    rolls: Sequence[RollTake],
    cards: Sequence[int],
    doubles: str | None,
    *,
    doubles_card: bool = True,
) -> str | None:
    """Why these rolls cannot be behind a turn that collected ``cards`` (their
    numbers) and used ``doubles``; ``None`` when they can."""
    from referee.outofsight.takes import Roll, check_take

    calls = [(n, r) for n, r in enumerate(rolls, start=1) if r.doubles is not None]
    for number, roll in enumerate(rolls, start=1):
        where = f"roll {number} ({roll})"
        if roll.doubles is not None and not doubles_card:
            return f"{where}: the younger players' game has no Doubles card"
        verdict = check_take(Roll(roll.dice), roll.cards, doubles=roll.doubles)  # type: ignore[arg-type]
        if not verdict.valid:
            return f"{where}: {verdict.detail}"
    if len(calls) > 1:
        return (
            f"rolls {calls[0][0]} and {calls[1][0]} both used the Doubles card: one Flip or "
            "Wipe a turn"
        )
    called = calls[0][1].doubles if calls else None
    if called != doubles:
        said = f"the turn says {doubles}" if doubles else "the turn used no Doubles card"
        did = f"roll {calls[0][0]} called {called}" if calls else "no roll called one"
        return f"{said}, but {did}"
    taken = Counter(n for r in rolls for n in r.cards)
    collected = Counter(cards)
    if taken != collected:
        more = sorted((collected - taken).elements())
        fewer = sorted((taken - collected).elements())
        parts = []
        if more:
            parts.append(f"the turn has {', '.join(map(str, more))} that no roll took")
        if fewer:
            parts.append(f"the rolls took {', '.join(map(str, fewer))} that the turn lacks")
        return "the turn's cards are what its rolls took: " + "; ".join(parts)
    return None
