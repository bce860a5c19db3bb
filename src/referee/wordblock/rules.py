"""Word Block verdicts: claims, card placements and block moves.

Pure rules: no click, yaml or enchant. Dictionaries are any container of
lowercase words (a ``set`` in tests, an enchant wrapper on the command line);
the exclusions are any container too, or a mapping of word to why
(:mod:`referee.wordblock.exclusions` builds the real one from SCOWL).
Verdicts are returned, never raised: ``valid`` and a stable ``reason`` key.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import Any, Literal

from referee.core.cells import Cell
from referee.core.values import frozen, replace
from referee.wordblock.board import MAX_BLOCKS, Board, Card, cell_names
from referee.wordblock.scoring import WalkScore, score_walk, walk_problem
from referee.wordblock.search import SEARCH_LIMIT, best_walk

MIN_LETTERS = 3
CHALLENGE_PENALTY = 5
JUDGING = ("challenge", "strict")
"""How a game's claims are judged: ``challenge`` (the rulebook: only a
challenge looks the word up, an unchallenged word stands) or ``strict`` (the
referee refuses a word its dictionary does not know, challenged or not)."""

Reason = Literal[
    "too-short",
    "already-claimed",
    "no-block",
    "no-path",
    "bad-path",
    "not-in-dictionary",
    "excluded",
]
REASONS: tuple[Reason, ...] = (
    "too-short",
    "already-claimed",
    "no-block",
    "no-path",
    "bad-path",
    "not-in-dictionary",
    "excluded",
)
"""Every reason a claim is refused, in the order they are checked."""

EXPLANATIONS: dict[str, str] = {
    "too-short": f"words have at least {MIN_LETTERS} letters",
    "already-claimed": "the word has already been claimed (no second chance this turn, no penalty)",
    "no-block": "the claimer has no block on a card the word can start from",
    "no-path": "the letters do not connect in a walk from the claimer's blocks",
    "bad-path": "the walk given is not a legal walk for the word",
    "not-in-dictionary": "it is not in the dictionary",
    "excluded": "the rules exclude abbreviations, acronyms and capitalized words",
}

EXCLUDED_AS: dict[str, str] = {
    "abbreviation": "it is an abbreviation or acronym",
    "capitalized": "it is capitalized or usually capitalized",
    "proper-name": "it is a proper name",
}
"""Why a word is excluded (the ``excluded_as`` of a claim), in words."""

PlaceReason = Literal["outside-area", "not-adjacent", "has-block", "room-left"]
PLACE_EXPLANATIONS: dict[str, str] = {
    "outside-area": "the space is outside the playing area",
    "not-adjacent": "a card must be placed next to another card (diagonals count)",
    "has-block": "a card with a block on it cannot be replaced",
    "room-left": "a card may replace another only when there is no empty space left for it",
}

MoveReason = Literal["no-card", "has-block", "not-your-block", "no-reserve"]
MOVE_EXPLANATIONS: dict[str, str] = {
    "no-card": "a block goes on a card, and that space has none",
    "has-block": "that card already has a block (a card holds one block at most)",
    "not-your-block": "the player has no block there to move",
    "no-reserve": f"all {MAX_BLOCKS} of the player's blocks are on the grid: move one from its card",
}


# --------------------------------------------------------------------------- claims


@frozen
class Claim:
    """The referee's verdict on one claim; ``reason`` is None when it scores.

    ``walk`` is the walk scored (or, for a dictionary refusal, the walk that
    would have scored). ``penalty`` is the challenge's loser and the points lost.
    """

    word: str
    player: str
    valid: bool
    reason: Reason | None = None
    detail: str | None = None
    walk: WalkScore | None = None
    challenged_by: str | None = None
    penalty: tuple[str, int] | None = None
    exhaustive: bool = True
    excluded_as: str | None = None
    """For reason ``excluded``: ``abbreviation``, ``capitalized`` or ``proper-name``."""

    @property
    def explanation(self) -> str | None:
        if self.reason is None:
            return None
        text = EXPLANATIONS[self.reason]
        return f"{text}: {self.detail}" if self.detail else text

    def breakdown(self) -> dict[str, dict[str, int]]:
        """Per player whose score changes: word, card and challenge points."""
        out: dict[str, dict[str, int]] = {}
        if self.valid and self.walk is not None:
            for a in self.walk.awards:
                out[a.player] = {"word": a.word, "cards": a.cards, "challenge": 0}
        if self.penalty is not None:
            who, lost = self.penalty
            entry = out.setdefault(who, {"word": 0, "cards": 0, "challenge": 0})
            entry["challenge"] -= lost
        return out

    def points(self) -> dict[str, int]:
        return {p: sum(v.values()) for p, v in self.breakdown().items()}

    def to_dict(self) -> dict[str, Any]:
        walk = self.walk
        return {
            "valid": self.valid,
            "word": self.word,
            "letters": len(self.word),
            "cards_used": walk.cards_used if walk else 0,
            "path": cell_names(walk.path) if walk else [],
            "points": self.points(),
            "breakdown": self.breakdown(),
            "discard": cell_names(walk.discard) if walk and self.valid else [],
            "reason": self.reason,
            "explanation": self.explanation,
            "player": self.player,
            "challenged_by": self.challenged_by,
            "best_proven": self.exhaustive,
            "excluded_as": self.excluded_as,
        }


def judge_claim(
    board: Board,
    word: str,
    player: str,
    lexicon: Container[str],
    *,
    path: Sequence[Cell] | None = None,
    challenged_by: str | None = None,
    exclusions: Container[str] = frozenset(),
    allowed: Container[str] = frozenset(),
    limit: int = SEARCH_LIMIT,
) -> Claim:
    """Judge ``player``'s claim of ``word`` (already lowercased letters).

    Checks, in order: length, repeats, the walk (``path`` if given, else the
    best walk), then the dictionary: not in ``lexicon``, or on ``exclusions``
    and not in ``allowed`` (house words). ``exclusions`` may map each word to
    why it is excluded (see :data:`EXCLUDED_AS`); a plain set of words means
    abbreviations. A challenge costs the claimer
    :data:`CHALLENGE_PENALTY` when the dictionary refuses the word, else the
    challenger; a claim refused before the dictionary (length, repeat, walk)
    costs nobody anything.
    """
    base = Claim(word=word, player=player, valid=False, challenged_by=challenged_by)

    def refuse(reason: Reason, **more: Any) -> Claim:
        return replace(base, reason=reason, **more)

    if len(word) < MIN_LETTERS:
        return refuse("too-short")
    if word in board.claimed:
        return refuse("already-claimed")
    exhaustive = True
    if path is not None:
        problem = walk_problem(board, word, path, player)
        if problem is not None:
            return refuse("bad-path", detail=problem)
        walk = score_walk(board, word, path)
    else:
        found = best_walk(board, word, player, limit)
        if found.walk is None:
            assert found.reason is not None
            return refuse(found.reason)
        walk, exhaustive = found.walk, found.exhaustive
    reason: Reason | None = None
    kind: str | None = None
    if word not in lexicon:
        reason = "not-in-dictionary"
    elif word not in allowed:
        kind = excluded_as(word, exclusions)
        reason = "excluded" if kind is not None else None
    if reason is not None:
        penalty = (player, CHALLENGE_PENALTY) if challenged_by else None
        detail = EXCLUDED_AS.get(kind, kind) if kind is not None else None
        return refuse(
            reason,
            walk=walk,
            penalty=penalty,
            exhaustive=exhaustive,
            excluded_as=kind,
            detail=detail,
        )
    penalty = (challenged_by, CHALLENGE_PENALTY) if challenged_by else None
    return Claim(
        word=word,
        player=player,
        valid=True,
        walk=walk,
        challenged_by=challenged_by,
        penalty=penalty,
        exhaustive=exhaustive,
    )


def excluded_as(word: str, exclusions: Container[str]) -> str | None:
    """Why ``exclusions`` excludes ``word`` (None if it does not): the kind a
    mapping gives, ``abbreviation`` for a plain set of words."""
    if isinstance(exclusions, Mapping):
        kind = exclusions.get(word)
        return None if kind is None else str(kind)
    return "abbreviation" if word in exclusions else None


# ------------------------------------------------------------------ place and move


@frozen
class Placement:
    """Verdict on playing ``card`` at ``at``; ``replaces`` is the discarded card."""

    card: Card
    at: Cell
    valid: bool
    reason: PlaceReason | None = None
    replaces: Card | None = None

    @property
    def explanation(self) -> str | None:
        return PLACE_EXPLANATIONS[self.reason] if self.reason else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "card": str(self.card),
            "at": self.at.name,
            "discard": str(self.replaces) if self.replaces else None,
            "reason": self.reason,
            "explanation": self.explanation,
        }


def empty_spaces_for_a_card(board: Board) -> list[Cell]:
    """Empty spaces in the area next to a card (every space when the grid is
    empty), column by column."""
    return sorted(board.open_spaces, key=lambda c: (c.col, c.row))


def check_place(board: Board, card: Card, at: Cell) -> Placement:
    """Can ``card`` be played at ``at``? A card goes on an empty space next to a
    card (diagonals count) inside the area; the very first card anywhere in it.
    Only when no such space is left may it replace a card without a block."""
    if at not in board:
        return Placement(card, at, False, "outside-area")
    here = board.card_at(at)
    if here is None:
        if board.cards and not any(board.card_at(n) for n in board.neighbours(at)):
            return Placement(card, at, False, "not-adjacent")
        return Placement(card, at, True)
    if board.owner_at(at) is not None:
        return Placement(card, at, False, "has-block")
    if board.open_spaces:
        return Placement(card, at, False, "room-left")
    return Placement(card, at, True, replaces=here)


@frozen
class BlockMove:
    """Verdict on moving a block (``from_`` None: from the player's reserve)."""

    player: str
    from_: Cell | None
    to: Cell
    valid: bool
    reason: MoveReason | None = None

    @property
    def explanation(self) -> str | None:
        return MOVE_EXPLANATIONS[self.reason] if self.reason else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "player": self.player,
            "from": self.from_.name if self.from_ else None,
            "to": self.to.name,
            "reason": self.reason,
            "explanation": self.explanation,
        }


def check_move(board: Board, player: str, from_: Cell | None, to: Cell) -> BlockMove:
    """A block goes on any card without a block; at most 3 per player on the grid."""

    def verdict(reason: MoveReason | None) -> BlockMove:
        return BlockMove(player, from_, to, reason is None, reason)

    if from_ is not None and board.owner_at(from_) != player:
        return verdict("not-your-block")
    if board.card_at(to) is None:
        return verdict("no-card")
    if board.owner_at(to) is not None:
        return verdict("has-block")
    if from_ is None and len(board.blocks_of(player)) >= MAX_BLOCKS:
        return verdict("no-reserve")
    return verdict(None)
