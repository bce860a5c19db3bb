"""After the game: the review of one game file and the stats of a folder of
them, as questions of the service (``referee review``, ``referee stats``;
``referee.ask("review", file=...)``; ``POST /api/review``).

The reviews themselves are pure, one module per game beside its rules
(:mod:`referee.blindspot.review`, :mod:`referee.wordblock.review`,
:mod:`referee.outofsight.review`); this module reads the game, opens the words
the searches need, calls the game's review and makes the report: the JSON
``referee review --json`` prints, with what the text and the result card need
in ``detail``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from typing import Any

from referee import service as sv
from referee.core.errors import InputError, RefereeError
from referee.core.errors import show as brief
from referee.core.values import frozen
from referee.service import Report

DEFAULT_BUDGET = 0.5
"""Seconds per turn (Word Block's block moves) or per player (Out of Sight's
organisations) for the searches that may be cut short."""

_HEAD = re.compile(rb"^game:[ \t]*['\"]?([A-Za-z-]+)", re.M)


@frozen
class Loaded:
    """A game read for a review or the stats: its kind, the game replayed,
    the name to show and the file's modification time (``None`` for a value)."""

    kind: str
    game: Any
    source: str
    path: str | None = None
    mtime: float | None = None


def sniff(path: str) -> str | None:
    """The game a file holds, from the ``game:`` line of its first 4 KB
    (``None``: not a game file, or not readable)."""
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return None
    m = _HEAD.search(head)
    if m is None:
        return None
    return sv.kind_of({"game": m.group(1).decode("ascii")})


def load(path: str) -> Loaded:
    """Read and replay a game file; not a game, or a corrupt one, is an
    :class:`InputError` naming the file."""
    from referee import engine
    from referee.core.files import display_name

    kind = sniff(path) or sv.game_of_file(path)
    game = engine.load(sv.service(kind).GAME, path)
    try:
        mtime: float | None = os.stat(path).st_mtime
    except OSError:
        mtime = None
    return Loaded(kind, game, display_name(path), path, mtime)


def _file_path(path: str, ctx: sv.Ctx) -> Loaded:
    return load(path)


def _file_value(value: Any, ctx: sv.Ctx) -> Loaded:
    """A game file's mapping as the web sends it (its ``game``, setup and ``history``)."""
    from referee import engine

    if not isinstance(value, Mapping):
        raise InputError(f"expected a game file's mapping, got {brief(value)}")
    kind = sv.kind_of(value)
    if kind is None:
        raise InputError(f"not a game (game: {brief(value.get('game'))})", place="game")
    rules = sv.service(kind).GAME
    game = engine.replay(rules, engine.parse(rules, dict(value)))
    return Loaded(kind, game, "game")


# -------------------------------------------------------------------- review


@frozen
class Reviewed:
    """``Report.detail`` of a review: the game read and the game's review."""

    loaded: Loaded
    turns: tuple[Any, ...]
    totals: tuple[dict[str, Any], ...]


def review(
    *,
    file: Loaded,
    top: int = 3,
    budget: float = DEFAULT_BUDGET,
    dictionary: str | None = None,
    allow: frozenset[str] | None = None,
) -> Report:
    """What each player did beside the best the rules allowed, turn by turn
    (frame by frame), the totals per player, the ranking and the best play."""
    if file.kind == "blindspot":
        return _blindspot(file, top, dictionary, allow)
    if file.kind == "wordblock":
        return _wordblock(file, top, budget, dictionary, allow)
    return _outofsight(file, budget)


def _head(file: Loaded, players: Sequence[str], over: bool) -> dict[str, Any]:
    return {
        "game": file.kind,
        "title": sv.TITLES[file.kind],
        "game_file": file.source,
        "players": list(players),
        "over": over,
    }


def _blindspot(
    file: Loaded, top: int, dictionary: str | None, allow: frozenset[str] | None
) -> Report:
    from referee.blindspot import review as bs
    from referee.blindspot.service import lexicon_of, ranking
    from referee.core.dictionary import open_lexicon

    game = file.game
    setup, state = game.log.setup, game.state
    opened = open_lexicon(dictionary) if dictionary is not None else None
    lexicon, three = lexicon_of(file.path or file.source, setup, opened, allow)
    turns = bs.review(setup, game.log.history, lexicon, three, top=top, in_force=game.in_force)
    totals = bs.totals(setup, turns)
    played = [t for t in turns if not t.timeout]
    best = max(played, key=lambda t: (t.played_length, -t.number), default=None)
    doc = {
        **_head(file, setup.people, state.over),
        "mode": setup.mode,
        "ranking": ranking(setup, state),
        "scores": {setup.name_of(seat): state.glasses.get(seat, 0) for seat in setup.players},
        "score_means": "spots on the glasses tile (two: out)",
        "best_play": None
        if best is None
        else {
            "player": best.name,
            "word": best.action.word,
            "at": best.action.at.name if best.action.at else None,
            "turn": best.number,
        },
        "turns": [t.to_dict() for t in turns],
        "totals": totals,
        "cut_short": [],
        "search": "every legal play of every turn, as referee words finds them (complete)",
        "dictionary": lexicon.describe(),
    }
    return Report(doc, True, None, Reviewed(file, tuple(turns), tuple(totals)))


def hint_index(dictionary: str | None, allow: frozenset[str] | None) -> tuple[Any, dict[str, Any]]:
    """The word index ``wordblock hint`` searches (a SCOWL list by default)."""
    from referee.core.scowl import WordSet
    from referee.wordblock.hints import WordIndex
    from referee.wordblock.service import ENCHANT_CANNOT_LIST, hint_dictionary

    words = hint_dictionary(dictionary or "scowl")
    extra = words.extra | (allow or frozenset())
    lexicon = words.lexicon
    if isinstance(lexicon, WordSet):
        listed = lexicon.words()
        index = WordIndex.from_words([*listed, *extra]) if extra else WordIndex(tuple(listed))
    elif isinstance(lexicon, (frozenset, set)):
        index = WordIndex.from_words(lexicon | extra)
    else:  # pragma: no cover - hint_dictionary opens listable ones only
        raise InputError(
            f"{(words.spec or words.name)!r} {ENCHANT_CANNOT_LIST}", place="dictionary"
        )
    described = {"name": words.name, "provider": words.provider, "words": len(index.words)}
    return index, described


def _wordblock(
    file: Loaded, top: int, budget: float, dictionary: str | None, allow: frozenset[str] | None
) -> Report:
    from referee.wordblock import review as wb
    from referee.wordblock.exclusions import exclusions
    from referee.wordblock.service import ranking as wordblock_ranking

    game = file.game
    setup, state = game.log.setup, game.state
    index, described = hint_index(dictionary, allow)
    turns = wb.review(
        setup,
        game.log.history,
        index,
        in_force=game.in_force,
        top=top,
        budget=budget,
        exclusions=exclusions(),
        allowed=allow or frozenset(),
    )
    totals = wb.totals(setup, turns, state.totals)
    claims = [t for t in turns if t.claim is not None and t.claim.valid]
    best = max(claims, key=lambda t: (t.claimed_net, -t.number), default=None)
    doc = {
        **_head(file, setup.players, state.over),
        "mode": "free" if setup.turns is None else "turns",
        "ranking": wordblock_ranking(game),
        "scores": dict(state.totals),
        "score_means": "points",
        "best_play": None
        if best is None or best.claim is None
        else {
            "player": best.player,
            "word": best.claim.word,
            "net": best.claimed_net,
            "points": dict(best.claim.points),
            "turn": best.number,
        },
        "turns": [t.to_dict() for t in turns],
        "totals": totals,
        "cut_short": [t.number for t in turns if t.moves is not None and t.moves.cut],
        "budget": budget,
        "search": "claims: every word of the list spelled from the player's blocks, ranked by "
        "net gain as wordblock hint ranks them; block moves: each legal move valued by the best "
        f"claim it opens to the mover, branch and bound, at most {budget:g} s a turn",
        "dictionary": described,
    }
    return Report(doc, True, None, Reviewed(file, tuple(turns), tuple(totals)))


def _outofsight(file: Loaded, budget: float) -> Report:
    from referee.outofsight import review as oos
    from referee.outofsight.service import ranking as outofsight_ranking

    game = file.game
    setup, state = game.log.setup, game.state
    reviews = oos.review(setup, state, budget=budget)
    totals = state.totals(setup)
    best: dict[str, Any] | None = None
    for k, played in enumerate(state.frames, 1):
        for p in played.score.players:
            if best is None or p.points > best["points"]:
                best = {"player": p.player, "frame": k, "points": p.points}
    doc = {
        **_head(file, setup.players, state.finished),
        "mode": setup.mode,
        "ranking": outofsight_ranking(setup, state),
        "scores": totals,
        "score_means": "points",
        "best_play": best,
        "frames_played": len(state.frames),
        "players_review": [r.to_dict() for r in reviews],
        "totals": [
            {
                "player": r.player,
                "points": r.played_points,
                "best_points": r.best_points,
                "left": r.best_points - r.played_points,
            }
            for r in reviews
        ],
        "cut_short": [r.player for r in reviews if r.cut],
        "budget": budget,
        "search": "every way the ties between piles of equal size could have gone, frame "
        "after frame, with the cards really taken later"
        if setup.mode == "advanced"
        else "the basic game scores every card: nothing to organise",
    }
    return Report(doc, True, None, Reviewed(file, tuple(reviews), tuple(doc["totals"])))


# ---------------------------------------------------------------------- stats


@frozen
class Folder:
    """``stats``' folder: its path (only from Python and the command line)."""

    path: str


def _folder(path: str, ctx: sv.Ctx) -> Folder:
    if not os.path.isdir(path):
        raise InputError(f"{brief(path)} is not a folder", place="dir")
    return Folder(path)


def _no_folder(value: Any, ctx: sv.Ctx) -> Folder:
    raise InputError("give the folder's path; folders are named only from Python and the CLI")


def _date(value: Any, ctx: sv.Ctx) -> str:
    import datetime

    text = sv.text(20)(value, ctx).strip()
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise InputError(f"{brief(text)} is not a date (YYYY-MM-DD)") from None


def _aliases(value: Any, ctx: sv.Ctx) -> list[str]:
    items = sv.strings(100)(value, ctx)
    for item in items:
        left, eq, right = item.partition("=")
        if not eq or not left.strip() or not right.strip():
            raise InputError(f"{brief(item)} should be NAME=NAME (like Ann=Anne)")
    return items


def _date_of(mtime: float | None) -> str | None:
    import datetime

    if mtime is None:
        return None
    return datetime.datetime.fromtimestamp(mtime).date().isoformat()


def stats(
    *,
    folder: Folder,
    since: str | None = None,
    player: str | None = None,
    alias: Sequence[str] = (),
) -> Report:
    """Every game file under ``folder`` (and its subfolders), tallied per
    player and game kind. Names are one player in any case (NFC, case-folded);
    ``alias`` merges NAME=OTHER (NAME counted as OTHER). Dates are the files'
    modification dates (the history keeps no times)."""
    from referee.core.text import name_key

    merged: dict[str, str] = {}
    for item in alias:
        left, _, right = item.partition("=")
        merged[name_key(left.strip())] = right.strip()

    def who(name: str) -> tuple[str, str]:
        key = name_key(name)
        shown = merged.get(key, name)
        return name_key(shown), shown

    wanted = who(player)[0] if player else None
    skipped: list[str] = []
    corrupt: list[dict[str, str]] = []
    games: list[dict[str, Any]] = []
    for root, dirs, files in os.walk(folder.path):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.startswith("."):
                continue
            path = os.path.join(root, name)
            shown = os.path.relpath(path, folder.path)
            kind = sniff(path)
            if kind is None:
                skipped.append(shown)
                continue
            try:
                loaded = load(path)
            except RefereeError as exc:
                corrupt.append({"game_file": shown, "error": " ".join(exc.message.split())})
                continue
            date = _date_of(loaded.mtime)
            if since is not None and (date is None or date < since):
                continue
            games.append(_game_facts(loaded, shown, date))
    people: dict[tuple[str, str], dict[str, Any]] = {}
    for g in games:
        for p in g["players"]:
            key, shown_name = who(p["name"])
            if wanted is not None and key != wanted:
                continue
            row = people.setdefault(
                (key, g["game"]),
                {
                    "player": shown_name,
                    "game": g["game"],
                    "played": 0,
                    "ended": 0,
                    "won": 0,
                    "best": None,
                    "longest": None,
                    "frame_points": [],
                    "first": None,
                    "last": None,
                },
            )
            row["played"] += 1
            row["ended"] += 1 if g["over"] else 0
            row["won"] += 1 if p["won"] else 0
            for word in p.get("words", ()):
                if row["longest"] is None or len(word) > len(row["longest"]):
                    row["longest"] = word
            best = p.get("best")
            if best is not None and (row["best"] is None or best["points"] > row["best"]["points"]):
                row["best"] = best
            row["frame_points"].extend(p.get("frames", ()))
            if g["date"] is not None:
                row["first"] = min(row["first"] or g["date"], g["date"])
                row["last"] = max(row["last"] or g["date"], g["date"])
    rows = []
    for row in sorted(people.values(), key=lambda r: (r["game"], -r["won"], name_key(r["player"]))):
        frames = row.pop("frame_points")
        row["win_rate"] = round(row["won"] / row["ended"], 3) if row["ended"] else None
        row["average_frame"] = round(sum(frames) / len(frames), 2) if frames else None
        rows.append(row)
    doc = {
        "folder": folder.path,
        "games": len(games),
        "by_game": {k: sum(1 for g in games if g["game"] == k) for k in sv.GAMES},
        "players": rows,
        "since": since,
        "dates_from": "the files' modification dates (a game file records no times)",
        "corrupt": corrupt,
        "skipped": skipped,
    }
    return Report(doc, True, None, doc)


def _game_facts(loaded: Loaded, shown: str, date: str | None) -> dict[str, Any]:
    """What the stats count of one game: each player's result, words and claims."""
    game = loaded.game
    setup, state = game.log.setup, game.state
    players: list[dict[str, Any]] = []
    if loaded.kind == "blindspot":
        from referee.blindspot.service import ranking

        ranked = ranking(setup, state) or []
        winners = set(ranked[0]["players"]) if ranked and setup.mode != "solo" else set()
        words: dict[str, list[str]] = {}
        for action in state.actions:
            if action.kind == "play" and action.word:
                words.setdefault(setup.name_of(action.player) or "?", []).append(action.word)
        for name in setup.people:
            mine = words.get(name, [])
            longest = max(mine, key=len, default=None)
            players.append(
                {
                    "name": name,
                    "won": name in winners,
                    "words": mine,
                    "best": None if longest is None else {"word": longest, "points": len(longest)},
                }
            )
    elif loaded.kind == "wordblock":
        winners = set(state.winners())
        best: dict[str, dict[str, Any]] = {}
        claimed: dict[str, list[str]] = {}
        for line in state.lines:
            action = line.action
            points = dict(line.points)
            who = getattr(action, "player", None)
            if who is None or not getattr(action, "valid", False):
                continue
            claimed.setdefault(who, []).append(action.word)
            gain = points.get(who, 0)
            if who not in best or gain > best[who]["points"]:
                best[who] = {"word": action.word, "points": gain}
        for name in setup.players:
            players.append(
                {
                    "name": name,
                    "won": name in winners,
                    "words": claimed.get(name, []),
                    "best": best.get(name),
                }
            )
    else:
        result = state.result(setup)
        winners = set(result.winners) if result else set()
        for name in setup.players:
            frames = [p.score.player(name).points for p in state.frames]
            players.append({"name": name, "won": name in winners, "frames": frames})
    over = state.finished if loaded.kind == "outofsight" else state.over
    return {"game_file": shown, "game": loaded.kind, "date": date, "over": over, "players": players}


# --------------------------------------------------------------------- fields


def _seconds(value: Any, ctx: sv.Ctx) -> float:
    if isinstance(value, bool):
        raise InputError(f"expected seconds from 0 to 60, got {brief(value)}")
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise InputError(f"expected seconds from 0 to 60, got {brief(value)}") from None
    if not 0 <= seconds <= 60:
        raise InputError(f"expected seconds from 0 to 60, got {brief(value)}")
    return seconds


def _dictionary_name(value: Any, ctx: sv.Ctx) -> str:
    return sv.dictionary(value, ctx)


QUESTIONS: dict[str, sv.Step] = {
    "review": sv.Step(
        "review",
        review,
        (
            sv.Param(
                "file",
                sv.file(_file_path, _file_value, "game"),
                required=True,
                kind="file",
                help="The game file (from the web: the game's mapping).",
            ),
            sv.Param("top", sv.whole(1, 100), help="Best plays shown per turn (default 3)."),
            sv.Param("budget", _seconds, help="Seconds per turn for the searches that may be cut."),
            sv.Param(
                "dictionary",
                _dictionary_name,
                help="Blind Spot: the game's words; Word Block: a SCOWL list or word list.",
            ),
            sv.Param("allow", sv.house_words, kind="file", help="House words on top."),
        ),
        "What each player did beside the best the rules allowed.",
    ),
    "stats": sv.Step(
        "stats",
        stats,
        (
            sv.Param(
                "dir",
                sv.file(_folder, _no_folder, "folder"),
                required=True,
                kind="file",
                target="folder",
                help="The folder of game files (and its subfolders).",
            ),
            sv.Param("since", _date, help="Only games whose file date is on or after YYYY-MM-DD."),
            sv.Param("player", sv.text(100), help="Only this player's rows."),
            sv.Param("alias", _aliases, kind="list", help="NAME=OTHER: NAME counted as OTHER."),
        ),
        "Games played and won per player across a folder of game files.",
    ),
}
