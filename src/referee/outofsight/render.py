"""Out of Sight for people and programs: the text and the JSON of frames,
takes, the score pad and the winner."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.core.files import dump_yaml
from referee.outofsight import formats
from referee.outofsight.rules import FRAMES, FrameScore, Pile, PlayerScore, Tie, join_and

if TYPE_CHECKING:  # a frame's or a take's answer imports no game machinery
    from referee.outofsight.game import Action, Result, Setup, State, TurnAction
    from referee.outofsight.takes import Take, TakeVerdict

# ----------------------------------------------------------------------- frames


def tie_json(tie: Tie) -> dict[str, Any]:
    return {
        "size": tie.size,
        "colours": list(tie.colours),
        "placed": dict(zip(tie.colours, tie.places, strict=True)),
        "by": "prefer" if tie.chosen else "bank-order",
    }


def tie_sentence(tie: Tie) -> str:
    names = join_and(list(tie.colours))
    placed = ", ".join(f"{c} {p}" for c, p in zip(tie.colours, tie.places, strict=True))
    how = "as preferred" if tie.chosen else "in the order of the bank"
    cards = "card" if tie.size == 1 else "cards"
    return f"tie: {names} have {tie.size} {cards} each; {placed} ({how})"


def player_json(p: PlayerScore) -> dict[str, Any]:
    return {
        "points": p.points,
        "scored": p.scored_cards,
        "saved": {pile.colour: pile.size for pile in p.saved},
        "subtracted": p.subtracted_cards,
        "rows": {
            "scored": {pile.colour: pile.size for pile in p.scored},
            "saved": {pile.colour: pile.size for pile in p.saved},
            "subtracted": {pile.colour: pile.size for pile in p.subtracted},
        },
        "saved_cards": [str(c) for pile in p.saved for c in pile.cards],
        "numbers": p.numbers,
        "ties": [tie_json(t) for t in p.ties],
    }


def frame_json(score: FrameScore) -> dict[str, Any]:
    return {
        "mode": score.mode,
        "frame": score.frame,
        "final": score.final,
        "players": {p.player: player_json(p) for p in score.players},
        "warnings": list(score.warnings),
    }


def _piles(piles: Sequence[Pile]) -> str:
    return ", ".join(f"{p.colour} {p.size}" for p in piles) or "-"


def player_lines(p: PlayerScore, score: FrameScore) -> list[str]:
    noun = "point" if abs(p.points) == 1 else "points"
    lines = [f"{p.player}: {p.points} {noun}"]
    if score.mode == "basic":
        lines[0] += f" ({p.scored_cards} card{'s' if p.scored_cards != 1 else ''})"
    else:
        lines.append(f"  scored      {p.scored_cards:>3}  {_piles(p.scored)}")
        if not score.final:
            lines.append(f"  saved       {p.saved_cards:>3}  {_piles(p.saved)}")
        lines.append(f"  subtracted  {p.subtracted_cards:>3}  {_piles(p.subtracted)}")
        lines.extend(f"  {tie_sentence(t)}" for t in p.ties)
    if score.final and p.numbers is not None:
        lines.append(f"  numbers on the scored cards: {p.numbers}")
    return lines


def frame_text(score: FrameScore, written: str | None = None) -> str:
    kind = "final frame" if score.final else f"frame {score.frame}"
    lines = [f"Out of Sight, {score.mode} game, {kind}."]
    for p in score.players:
        lines.extend(player_lines(p, score))
    data = formats.next_frame_data(score)
    if data is not None:
        lines.append(f"Saved for frame {data['frame']} (a bank for the next frame's file):")
        lines.extend(f"  {line}" for line in dump_yaml(data["players"]).splitlines())
    if written:
        lines.append(f"Wrote {written}.")
    return "\n".join(lines)


# ------------------------------------------------------------------------- takes


def take_json(verdict: TakeVerdict) -> dict[str, Any]:
    roll = verdict.roll
    return {
        "valid": verdict.valid,
        "roll": list(roll.dice),
        "takes": [{"card": t.card, "dice": list(t.dice(roll))} for t in verdict.takes],
        "reason": verdict.reason,
        "cards": list(verdict.cards) if verdict.cards is not None else None,
        "row": list(verdict.row) if verdict.row is not None else None,
        "best": verdict.best,
        "doubles": (
            {"call": verdict.doubles, "dice": [roll.dice[i] for i in verdict.doubles_slots]}
            if verdict.doubles and verdict.doubles_slots
            else None
        ),
        "explanation": verdict.detail if verdict.reason else None,
    }


def _take(take: Take, verdict: TakeVerdict) -> str:
    return f"{take.card} = {' + '.join(map(str, take.dice(verdict.roll)))}"


def take_sentence(verdict: TakeVerdict) -> str:
    if verdict.reason == "no-doubles":
        return f"Not legal: {verdict.detail}."
    pair = ""
    if verdict.doubles and verdict.doubles_slots:
        value = verdict.roll.dice[verdict.doubles_slots[0]]
        pair = f" The two {value}s activate the Doubles card ({verdict.doubles.capitalize()})."
        if verdict.doubles == "wipe" and verdict.takes:
            pair += " Take the cards before the wipe; after it, re-roll before taking any."
    takes = ", ".join(_take(t, verdict) for t in verdict.takes)
    if verdict.best:
        if not verdict.valid:
            return f"Nothing to take with {verdict.roll}: {verdict.detail}.{pair}"
        n = len(verdict.takes)
        return f"Best take: {takes} ({n} card{'s' if n != 1 else ''}).{pair}"
    if verdict.valid:
        if not verdict.takes:
            return f"Legal: taking no cards is always allowed.{pair}"
        return f"Legal: {takes}.{pair}"
    return f"Not legal: {verdict.detail}.{pair}"


# -------------------------------------------------------------------------- game


def result_json(result: Result) -> dict[str, Any] | None:
    if not result.tied:
        return None
    numbers = dict(result.numbers)
    return {
        "tied": list(result.tied),
        "numbers": numbers,
        "decided": len(result.winners) == 1,
        "unknown_numbers": [n for n, v in numbers.items() if v is None],
    }


def result_sentence(result: Result) -> str:
    points = dict(result.totals)[result.winners[0]]
    if not result.tied:
        return f"Winner: {result.winners[0]} with {points} points."
    numbers = dict(result.numbers)
    lead = f"{join_and(list(result.tied))} tie on {points} points"
    unknown = [n for n, v in numbers.items() if v is None]
    if unknown:
        return (
            f"{lead}; the numbers on the final frame's scored cards would decide, but "
            f"{join_and(unknown)} {'has' if len(unknown) == 1 else 'have'} cards without "
            f"numbers. Winners: {join_and(list(result.winners))}."
        )
    shown = ", ".join(f"{n} {numbers[n]}" for n in result.tied)
    tail = (
        f"Winner: {result.winners[0]}."
        if len(result.winners) == 1
        else f"Still tied: {join_and(list(result.winners))} "
        f"{'both' if len(result.winners) == 2 else 'all'} win."
    )
    return f"{lead}; the numbers on their scored cards in the final frame decide: {shown}. {tail}"


def standing_json(setup: Setup, state: State) -> dict[str, Any]:
    result = state.result(setup)
    return {
        "totals": state.totals(setup),
        "frames_played": len(state.frames),
        "over": state.finished,
        "winners": list(result.winners) if result else [],
        "tie_break": result_json(result) if result else None,
    }


def turn_json(setup: Setup, state: State) -> dict[str, Any]:
    """Whose turn: ``turn`` (the player to act, ``None`` once the game is
    over), their ``time_keeper`` and the check ``box`` (1-3) of the turn."""
    turn = state.turn(setup)
    if turn is None:
        return {"turn": None, "time_keeper": None, "box": None}
    return {"turn": turn.player, "time_keeper": turn.time_keeper, "box": turn.box}


def play_json(setup: Setup, state: State) -> dict[str, Any]:
    """Where the game stands turn by turn: the frame in play, whose turn, the banks."""
    over = state.finished
    return {
        "over": over,
        "frame": FRAMES if over else state.next_frame,
        **turn_json(setup, state),
        "banks": {n: [str(c) for c in b.cards] for n, b in state.banks(setup).items()},
        "saved": {n: [str(c) for c in b.cards] for n, b in state.saved(setup).items()},
        "discarded": [str(c) for c in state.lost],
    }


def game_json(setup: Setup, state: State, version: int) -> dict[str, Any]:
    """``game show --json``."""
    return {
        "version": version,
        "mode": setup.mode,
        "players": list(setup.players),
        "first": setup.players[setup.start],
        "frames": [{p.player: p.points for p in s.players} for s in state.scores()],
        "frame_scores": [
            {"frame": s.frame, "players": {p.player: player_json(p) for p in s.players}}
            for s in state.scores()
        ],
        **standing_json(setup, state),
        **play_json(setup, state),
        "warnings": list(state.warnings()),
    }


def totals_line(setup: Setup, state: State) -> str:
    if not state.frames:
        return "No frames recorded: next, frame 1."
    totals = ", ".join(f"{name} {points}" for name, points in state.totals(setup).items())
    return f"Totals after frame {len(state.frames)}: {totals}."


def pad_text(setup: Setup, state: State, version: int) -> str:
    """The score pad: points per frame and in total, then the winner or the next frame."""
    played = len(state.frames)
    head = (
        f"Out of Sight, {setup.mode} game: {played} of {FRAMES} frames played (version {version})."
    )
    names = list(setup.players)
    widths = [max(len(n), 4) for n in names]
    rows = [["frame", *names]]
    for s in state.scores():
        rows.append([str(s.frame), *(str(s.player(n).points) for n in names)])
    totals = state.totals(setup)
    rows.append(["total", *(str(totals[n]) for n in names)])
    lines = [head, ""]
    for row in rows:
        cells = [f"{row[0]:<6}"] + [f"{c:>{w}}" for c, w in zip(row[1:], widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    lines.append("")
    result = state.result(setup)
    turn = state.turn(setup)
    if result is not None:
        lines.append(result_sentence(result))
    elif turn is not None and state.turns:
        lines.append(next_turn_line(setup, state))
    else:
        lines.append(f"Next: frame {played + 1}.")
    return "\n".join(lines)


def next_turn_line(setup: Setup, state: State) -> str:
    """``Next: frame 1, box 2: Brian's turn (Jessica keeps time).``"""
    turn = state.turn(setup)
    if turn is None:
        return "The game is over."
    return (
        f"Next: frame {state.next_frame}, box {turn.box}: {turn.player}'s turn "
        f"({turn.time_keeper} keeps time)."
    )


def turn_sentence(action: TurnAction, younger: bool = False) -> str:
    """``Brian called Stop: banked red-3, blue-5.`` (``younger``: the younger
    players' game, where Time keeps the cards too)."""
    cards = ", ".join(str(c) for c in action.cards) or "no cards"
    doubles = f" (Doubles: {action.doubles})" if action.doubles else ""
    if action.end == "stop":
        return f"{action.player} called Stop: banked {cards}{doubles}."
    if younger:
        return f"Time! {action.player} keeps {cards}: banked (the younger players' game)."
    return f"Time! {action.player} lost {cards} to the discard pile{doubles}."


def describe(action: Action) -> str:
    """An action in a few words: ``frame 2``."""
    from referee.outofsight.game import FrameAction, TurnAction

    if isinstance(action, FrameAction):
        return f"frame {action.frame}"
    if isinstance(action, TurnAction):
        return f"{action.player}'s turn"
    return action.kind
