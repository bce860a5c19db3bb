"""``referee review`` and ``referee stats``: after the game (a thin layer over
:mod:`referee.review_service`)."""

from __future__ import annotations

import os
from typing import Any

import click

from referee.cli import Command
from referee.cli.options import BoundedInt, FilePath, GamePath, force_option, json_option
from referee.cli.output import echo, emit_json
from referee.core.errors import InputError


def _budget_option(f: Any) -> Any:
    return click.option(
        "--budget",
        type=click.FloatRange(0, 60),
        default=0.5,
        show_default=True,
        metavar="SECONDS",
        help="Time for the searches that may be cut short: Word Block's block moves, "
        "per turn (0: none searched); Out of Sight's organisations, per player.",
    )(f)


@click.command("review", cls=Command)
@click.argument("file", metavar="GAME_FILE", type=GamePath())
@click.option(
    "--top",
    type=BoundedInt(1, 100),
    default=3,
    show_default=True,
    metavar="N",
    help="Best plays shown beside each turn.",
)
@_budget_option
@click.option(
    "--dictionary",
    metavar="NAME",
    help="Blind Spot: the words plays are judged by (default: the game's). "
    "Word Block: the list searched, a SCOWL list or a word-list file (default: scowl).",
)
@click.option(
    "--allow", metavar="FILE", type=FilePath(), help="House words on top of the dictionary."
)
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    type=FilePath(output=True),
    help="Also draw the result card: an SVG, or a PDF if FILE ends in .pdf.",
)
@click.option(
    "--bgstats",
    metavar="FILE",
    type=FilePath(output=True),
    help="Also write the result as a BG Stats play (JSON, BG Stats' createPlay format) "
    "and print the link that hands it to the app.",
)
@force_option
@json_option
def review(
    file: str,
    top: int,
    budget: float,
    dictionary: str | None,
    allow: str | None,
    output: str | None,
    bgstats: str | None,
    force: bool,
    as_json: bool,
) -> int:
    """What each player did beside the best the rules allowed.

    Blind Spot: every turn's word (or timeout) beside the longest legal plays
    of that moment, bonus words marked, as `referee words` ranks them. Word
    Block: every turn's claim beside the best claims by net gain, as
    `wordblock hint` ranks them, and the block move beside the best found in
    --budget seconds. Out of Sight (advanced game): each frame's organisation
    beside the best the rules allow, and the points left on the table. Then
    the totals per player, the ranking and the best play of the game.

    --bgstats FILE writes the result as one play in the format BG Stats
    documents for other apps (see docs/review.md), and prints the link that
    opens it in BG Stats' import dialog.

    \b
    Example:
      referee review examples/outofsight/game.yaml
    """
    from referee import review_service as rs

    if output is not None and output != "-":
        suffix = os.path.splitext(output)[1].lower()
        if suffix == ".png":
            raise InputError(
                "PNG is not offered: no maintained SVG rasteriser is installed here "
                "(write .svg or .pdf)",
                place="output",
            )
        if suffix not in (".svg", ".pdf"):
            raise InputError(
                f"{suffix or 'no suffix'}: the result card is .svg or .pdf", place="output"
            )
    if output == "-" and bgstats == "-":
        raise InputError(
            "-o - and --bgstats - would both write to stdout: give one", place="output"
        )
    destinations = [(output, "result card"), (bgstats, "BG Stats play")]
    wanted = [(path, what) for path, what in destinations if path is not None and path != "-"]
    if wanted:
        from referee.core.files import check_destinations

        check_destinations(wanted, force=force)
    words = None
    if allow is not None:
        from referee.core.dictionary import read_word_list

        words = read_word_list(allow, "allow list")
    loaded = rs.load(file)
    report = rs.review(file=loaded, top=top, budget=budget, dictionary=dictionary, allow=words)
    play: dict[str, Any] | None = None
    shared: dict[str, Any] | None = None
    if bgstats is not None:
        from referee import review_bgstats as bg

        play = bg.play(report.doc, loaded)
        if bgstats != "-":
            from referee.core.files import write_text

            write_text(bgstats, bg.document(play), force=force, what="BG Stats play")
            shared = {"file": bgstats, "link": bg.link(play)}
    written = None
    if output is not None:
        from referee.review_card import card_pdf, card_svg

        svg = card_svg(report)
        if output == "-":
            click.echo(svg, nl=False)
            return 0
        if output.lower().endswith(".pdf"):
            from referee.core.files import write_bytes

            write_bytes(output, card_pdf(svg, report.doc["title"]), force=force, what="result card")
        else:
            from referee.core.files import write_text

            write_text(output, svg, force=force, what="result card")
        written = output
    if play is not None and bgstats == "-":
        from referee import review_bgstats as bg

        click.echo(bg.document(play), nl=False)
        return 0
    if as_json:
        emit_json({**report.doc, "output": written, **({"bgstats": shared} if shared else {})})
        return 0
    echo(review_text(report.doc))
    if written:
        echo(f"Wrote the result card to {written}.")
    if shared:
        unfinished = "" if report.doc["over"] else " (the game is not over: no winner, no ranks)"
        echo(f"Wrote the BG Stats play to {shared['file']}{unfinished}. Open it in BG Stats:")
        echo(shared["link"])
    return 0


def _plays(best: list[dict[str, Any]]) -> str:
    if not best:
        return "no legal play"
    return ", ".join(
        f"{b['word'].upper()} at {b['at']}" + (" (bonus)" if b["bonus"] else "") for b in best
    )


def _claims(best: list[dict[str, Any]]) -> str:
    if not best:
        return "no claim"
    return ", ".join(f"{b['word'].upper()} {b['net']:+d}" for b in best)


def review_text(doc: dict[str, Any]) -> str:
    """The review in words."""
    state = "over" if doc["over"] else "not over"
    lines = [f"{doc['title']} review of {doc['game_file']} ({', '.join(doc['players'])}; {state})."]
    width = max((len(p) for p in doc["players"]), default=4)
    if doc["game"] == "blindspot":
        for t in doc["turns"]:
            if t["timeout"]:
                did = "timed out" + (" (missed)" if t["missed"] else "")
            else:
                p = t["played"]
                did = f"played {p['word'].upper()} at {p['at']}"
            lines.append(
                f"Turn {t['turn']:<3} {t['player']:<{width}}  {did:<24} best: {_plays(t['best'])}"
            )
        lines.append("Totals:")
        for s in doc["totals"]:
            missed = s["best_missed"]
            lines.append(
                f"  {s['player']:<{width}}  {s['plays']} plays, {s['timeouts']} timeouts "
                f"({s['missed']} missed); average {_num(s['average_length'])} letters against "
                f"{_num(s['average_best_length'])} at best"
                + (
                    f"; best missed: {missed['word'].upper()} at {missed['at']} "
                    f"(turn {missed['turn']})"
                    if missed
                    else ""
                )
            )
    elif doc["game"] == "wordblock":
        for t in doc["turns"]:
            c = t["claim"]
            if c is None:
                did = "no claim"
            elif c["valid"]:
                did = f"claimed {c['word'].upper()} {c['net']:+d}"
            else:
                did = f"claimed {c['word'].upper()} ({c['reason'] or 'lost'}) {c['net']:+d}"
            lines.append(
                f"Turn {t['turn']:<3} {t['player']:<{width}}  {did:<24} best: {_claims(t['best'])}"
            )
            m = t["block_move"]
            if m is not None:
                lines.append("         " + " " * width + "  " + _move_text(m))
        lines.append("Totals:")
        for s in doc["totals"]:
            missed = s["best_missed"]
            lines.append(
                f"  {s['player']:<{width}}  {s['claims']} claims, net {s['net']:+d} against "
                f"{s['best_net']:+d} at best"
                + (
                    f"; best missed: {missed['word'].upper()} {missed['net']:+d} "
                    f"(turn {missed['turn']})"
                    if missed
                    else ""
                )
            )
    else:
        if not doc["players_review"]:
            lines.append("The basic game scores every card: nothing to organise.")
        for r in doc["players_review"]:
            lines.append(
                f"{r['player']}: {r['points']} points as organised, {r['best_points']} with the "
                f"best organisation ({r['left']} left on the table)"
                + (f"; cut short after {r['tried']} organisations" if r["cut_short"] else "")
            )
            for f in r["frames"]:
                lines.append(
                    f"  frame {f['frame']}: {f['played']['points']:>3} "
                    f"(saved {_piles(f['played']['saved'])})   at best {f['best']['points']:>3} "
                    f"(saved {_piles(f['best']['saved'])})"
                )
    ranking = doc.get("ranking")
    if ranking:
        lines.append(
            "Ranking: "
            + "; ".join(
                f"{r['place']}. {' & '.join(r['players'])}"
                + (f" {r['score']}" if r.get("score") is not None else "")
                + (f" ({r['note']})" if r.get("note") else "")
                for r in ranking
            )
            + "."
        )
    best = doc.get("best_play")
    if best:
        from referee.review_card import _best_text

        lines.append(f"Best play: {_best_text(doc, best)}.")
    return "\n".join(lines)


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def _piles(piles: dict[str, int]) -> str:
    return ", ".join(f"{c} {n}" for c, n in piles.items()) or "nothing"


def _move_text(m: dict[str, Any]) -> str:
    def one(move: dict[str, Any]) -> str:
        where = f"{move['from'] or 'reserve'}->{move['to']}"
        opens = "nothing" if move["opens"] is None else f"{move['word'].upper()} {move['opens']:+d}"
        return f"{where} (opens {opens})"

    played = f"block move {one(m['played'])}" if m["played"] else "no block move"
    best = f"best {one(m['best'])}" if m["best"] else "no move searched"
    tried = f"tried {m['tried']} of {m['candidates']}" + (": cut short" if m["cut_short"] else "")
    return f"{played}; {best}; {tried}"


@click.command("stats", cls=Command)
@click.argument("dir", metavar="DIR", type=FilePath())
@click.option(
    "--since", metavar="DATE", help="Only games whose file date is DATE (YYYY-MM-DD) or later."
)
@click.option("--player", metavar="NAME", help="Only this player (any case).")
@click.option(
    "--alias",
    metavar="NAME=OTHER",
    multiple=True,
    help="Count NAME as OTHER (repeatable): --alias Ann=Anne.",
)
@json_option
def stats(
    dir: str, since: str | None, player: str | None, alias: tuple[str, ...], as_json: bool
) -> int:
    """Games played and won per player across a folder of game files.

    Every game file in DIR and its subfolders: per player and game, the games
    played, ended and won, the win rate (of the games that ended), the best word
    or claim, the longest word, the average frame score, and the first and
    last dates played: the files' modification dates (a game file records no
    times). Names are one player in any case; --alias merges two spellings.
    Files that are not game files are listed at the end; a corrupt one is
    named with what is wrong.

    \b
    Example:
      referee stats examples
    """
    from referee import review_service as rs
    from referee import service as sv

    values = rs.QUESTIONS["stats"].convert(
        {"dir": dir, "since": since, "player": player, "alias": list(alias) or None}, files=True
    )
    report = rs.stats(**values)
    if as_json:
        emit_json(report.doc)
        return 0
    doc = report.doc
    kinds = ", ".join(f"{sv.TITLES[k]} {n}" for k, n in doc["by_game"].items() if n)
    lines = [f"{doc['games']} games in {doc['folder']}" + (f": {kinds}" if kinds else "") + "."]
    lines.append(f"Dates: {doc['dates_from']}.")
    for kind in sv.GAMES:
        rows = [r for r in doc["players"] if r["game"] == kind]
        if not rows:
            continue
        lines.append(sv.TITLES[kind])
        width = max(len(r["player"]) for r in rows)
        for r in rows:
            rate = "-" if r["win_rate"] is None else f"{r['win_rate']:.0%}"
            bits = [f"played {r['played']}", f"won {r['won']} of {r['ended']} ended ({rate})"]
            if r["best"] is not None and kind == "wordblock":
                bits.append(f"best claim {r['best']['word'].upper()} ({r['best']['points']})")
            if r["longest"] is not None:
                bits.append(f"longest word {r['longest'].upper()}")
            if r["average_frame"] is not None:
                bits.append(f"average frame {r['average_frame']:g}")
            if r["first"] is not None:
                bits.append(f"{r['first']} to {r['last']}")
            lines.append(f"  {r['player']:<{width}}  " + ", ".join(bits))
    if doc["corrupt"]:
        lines.append("Corrupt game files:")
        lines += [f"  {c['game_file']}: {c['error']}" for c in doc["corrupt"]]
    if doc["skipped"]:
        lines.append("Skipped (not game files): " + ", ".join(doc["skipped"]))
    echo("\n".join(lines))
    return 0
