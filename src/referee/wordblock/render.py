"""Word Block for people: the board drawn as text, verdicts in sentences, the
hints table and the scorepad. (JSON comes from the values' ``to_dict``.)"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.core.cells import Cell, column_letter
from referee.wordblock.board import Board
from referee.wordblock.rules import CHALLENGE_PENALTY, Claim

if TYPE_CHECKING:
    from referee.wordblock.actions import Action
    from referee.wordblock.hints import Hint
    from referee.wordblock.turns import Table

_WALK_STYLE = ("\x1b[32m\x1b[1m", "\x1b[0m")
"""Green and bold for the walk's cards (stripped by the CLI when not on a terminal)."""


def initials(players: Sequence[str]) -> dict[str, str]:
    """The shortest prefix of each name that no other player's name starts with."""
    out: dict[str, str] = {}
    for p in players:
        n = 1
        while n < len(p) and any(q != p and q.startswith(p[:n]) for q in players):
            n += 1
        out[p] = p[:n]
    return out


def board_text(board: Board, path: Sequence[Cell] = ()) -> str:
    """The grid: each card as letter-points, a block as its owner's initial, the
    walk's step numbers in brackets; a legend of the initials below."""
    marks = initials(board.players)
    steps: dict[Cell, list[int]] = {}
    for n, cell in enumerate(path, start=1):
        steps.setdefault(cell, []).append(n)
    tokens: list[list[str]] = []
    for r in range(board.height):
        row = []
        for c in range(board.width):
            cell = Cell(row=r, col=c)
            card = board.card_at(cell)
            text = str(card) if card else "."
            owner = board.owner_at(cell)
            if owner:
                text += f" {marks[owner]}"
            if cell in steps:
                text += f" [{','.join(map(str, steps[cell]))}]"
            row.append(text)
        tokens.append(row)
    width = max(len(t) for row in tokens for t in row) + 2
    gutter = len(str(board.height)) + 2
    header = " " * gutter + "".join(column_letter(c).ljust(width) for c in range(board.width))
    lines = [header.rstrip()]
    for r, row in enumerate(tokens, start=1):
        cells = "".join(_styled(t, width) for t in row)
        lines.append(f"{str(r).rjust(gutter - 2)}  {cells}".rstrip())
    used = [p for p in board.players if board.blocks_of(p)]
    if used:
        lines.append("Blocks: " + ", ".join(f"{marks[p]} = {p}" for p in used) + ".")
    return "\n".join(lines)


def _styled(token: str, width: int) -> str:
    padded = token.ljust(width)
    if "[" in token:
        return _WALK_STYLE[0] + padded + _WALK_STYLE[1]
    return padded


# ------------------------------------------------------------------------ claims


def claim_text(verdict: Claim) -> str:
    """The verdict in sentences: the word points, each player's points, the discards."""
    word = verdict.word.upper()
    walk = verdict.walk
    lines: list[str] = []
    if verdict.valid and walk is not None:
        lines.append(
            f"{word} scores for {verdict.player}: {walk.letters} letters x {walk.cards_used} "
            f"cards = {walk.word_points} word points."
        )
    else:
        lines.append(f"{word} is refused: {verdict.reason}: {verdict.explanation}.")
    lines.extend(_points_lines(verdict))
    if verdict.penalty:
        loser = verdict.penalty[0]
        why = "the word is in the dictionary" if verdict.valid else "the word is not allowed"
        lines.append(
            f"{verdict.challenged_by} challenged; {loser} loses {CHALLENGE_PENALTY}: {why}."
        )
    if verdict.valid and walk is not None:
        cells = ", ".join(c.name for c in walk.discard)
        back = "its block returns" if len(walk.discard) == 1 else "their blocks return"
        lines.append(f"Discard {cells}; {back} to reserve.")
    if not verdict.exhaustive:
        lines.append(not_proven(verdict.player))
    return "\n".join(lines)


def _points_lines(verdict: Claim) -> list[str]:
    """One line per player whose score changes: total, then where it comes from."""
    breakdown = verdict.breakdown()
    if not breakdown:
        return []
    width = max(len(p) for p in breakdown)
    lines = []
    for player, parts in breakdown.items():
        total = sum(parts.values())
        bits = []
        award = verdict.walk.award(player) if verdict.walk and verdict.valid else None
        if award is not None:
            cells = f" ({' '.join(c.name for c in award.card_cells)})"
            bits.append(f"{parts['word']} word + {parts['cards']} card points{cells}")
        if parts["challenge"]:
            bits.append(f"{parts['challenge']} for the challenge")
        lines.append(f"  {player:<{width}}  {total:+d}  = " + ", ".join(bits))
    return lines


def not_proven(player: str) -> str:
    return (
        "Note: the walk search stopped at its step limit; this is the best walk found, "
        f"another might score more for {player} (use --path to score a walk of your own)."
    )


# ------------------------------------------------------------------------- hints


def hints_text(found: Sequence[Hint], player: str) -> str:
    if not found:
        return f"No claim for {player}."
    rows = [
        (
            h.word.upper(),
            f"{h.net:+d}",
            ", ".join(f"{a.player} {a.total}" for a in h.walk.awards),
            " ".join(c.name for c in h.walk.path) + ("" if h.exhaustive else " (not proven best)"),
        )
        for h in found
    ]
    head = ("word", "net", "points", "walk")
    widths = [max(len(r[i]) for r in [*rows, head]) for i in range(3)]
    lines = [
        f"{head[0]:<{widths[0]}}  {head[1]:>{widths[1]}}  {head[2]:<{widths[2]}}  {head[3]}",
        *(
            f"{w:<{widths[0]}}  {n:>{widths[1]}}  {p:<{widths[2]}}  {walk}"
            for w, n, p, walk in rows
        ),
    ]
    noun = "claim" if len(found) == 1 else "claims"
    lines.append(f"{len(found)} best {noun} for {player}.")
    return "\n".join(lines)


# ---------------------------------------------------------------------- the game


def describe(action: Action) -> str:
    """One action in words, as the scorepad and undo print it."""
    from referee.wordblock.actions import ClaimWord, EndTurn, MoveBlock, PlaceCard

    if isinstance(action, ClaimWord):
        word = action.word.upper()
        ch = f", challenged by {action.challenged_by}" if action.challenged_by else ""
        if action.valid:
            return f"{action.player} claims {word}{ch}"
        return f"{action.player} claims {word}{ch}: refused ({action.reason})"
    if isinstance(action, PlaceCard):
        who = f"{action.player} plays" if action.player else "play"
        return f"{who} {action.card} at {action.at.name}"
    if isinstance(action, MoveBlock):
        src = action.from_.name if action.from_ else "reserve"
        return f"{action.player} moves a block from {src} to {action.to.name}"
    if isinstance(action, EndTurn):
        return f"{action.player} ends the turn"
    return "undo"


def scorepad_text(
    players: Sequence[str],
    totals: Sequence[tuple[str, int]],
    lines: Sequence[tuple[int, Action, Sequence[tuple[str, int]]]],
    over: bool = False,
) -> str:
    """The scorepad: ``lines`` are (entry, action, totals after it); the leader
    line is left to :func:`winners_text` once the game is over."""
    head = ["#", "entry", *players]
    rows = [[str(n), describe(action), *(str(t) for _, t in after)] for n, action, after in lines]
    rows.append(["", "total", *(str(t) for _, t in totals)])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def fmt(r: Sequence[str]) -> str:
        cells = [r[0].rjust(widths[0]), r[1].ljust(widths[1])]
        cells += [v.rjust(widths[i]) for i, v in enumerate(r[2:], start=2)]
        return "  ".join(cells).rstrip()

    out = [fmt(head), *(fmt(r) for r in rows)]
    if over:
        return "\n".join(out)
    top = max(t for _, t in totals)
    leaders = [p for p, t in totals if t == top]
    if len(leaders) > 1:
        out.append(f"Tied for the lead with {top}: {', '.join(leaders)} (ties are not broken).")
    else:
        out.append(f"Leader: {leaders[0]} with {top}.")
    return "\n".join(out)


def totals_text(totals: Sequence[tuple[str, int]]) -> str:
    return "Totals: " + ", ".join(f"{p} {t}" for p, t in totals) + "."


# ---------------------------------------------------------------- turn by turn

_NEXT = {
    "place": "plays a card",
    "claim": "may claim a word, move a block, or end the turn",
    "move-block": "may move a block or end the turn",
    "end": "may end the turn",
}


def status_text(table: Table) -> str:
    """Whose turn it is and what the rules allow next."""
    if table.over:
        return "Game over: every card is played."
    return (
        f"Turn {table.number}: {table.player} {_NEXT[table.phase]} "
        f"(holds {_cards(table.hand(table.player))}; draw pile {table.draw_pile})."
    )


def table_text(table: Table) -> str:
    """The cards in hand and in the draw pile, and the status line."""
    hands = ", ".join(f"{p} {n}" for p, n in table.hands)
    return (
        f"Cards in hand: {hands}; draw pile {table.draw_pile}; "
        f"discarded {table.discarded}.\n{status_text(table)}"
    )


def winners_text(winners: Sequence[str], totals: Sequence[tuple[str, int]]) -> str:
    top = dict(totals)[winners[0]]
    if len(winners) > 1:
        return f"Winners, tied with {top}: {', '.join(winners)} (ties are not broken)."
    return f"Winner: {winners[0]} with {top}."


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"
