"""A game CLI shaped as the games will be after the engine port (issue 12),
on the real engine, for the server's tests: ``referee tally game new/show/
add/undo`` with ``--expect-version`` and a ``version`` in every JSON.

The API must need no change for such a game: tests/test_serve_api.py plugs
this group into the command tree and plays it through HTTP.
"""

from __future__ import annotations

from typing import Any

import click

from engine_toy import TALLY, Add
from referee import engine
from referee.cli import emit_json, expect_version_option, json_option


@click.group("tally")
def tally() -> None:
    """A tally (test game)."""


@tally.group("game")
def game() -> None:
    """Tally games."""


def _doc(replayed: Any) -> dict[str, Any]:
    return {"version": replayed.version, **replayed.state.to_dict()}


@game.command("new")
@click.option("--players", required=True, help="Names, comma-separated.")
@click.option("-o", "--output", required=True, metavar="FILE", help="The game file.")
@click.option("--force", is_flag=True, help="Overwrite.")
@json_option
def new(players: str, output: str, force: bool, as_json: bool) -> int:
    from engine_toy import Setup

    replayed = engine.create(TALLY, output, Setup(tuple(players.split(","))), force=force)
    emit_json(_doc(replayed))
    return 0


@game.command("show")
@click.argument("game_file", metavar="GAME")
@json_option
def show(game_file: str, as_json: bool) -> int:
    emit_json(_doc(engine.load(TALLY, game_file)))
    return 0


@game.command("add")
@click.argument("game_file", metavar="GAME")
@click.option("--points", type=click.IntRange(0, 99), required=True, help="Points.")
@click.option("--player", help="Who (default: whose turn it is).")
@expect_version_option
@json_option
def add(
    game_file: str, points: int, player: str | None, expect_version: int | None, as_json: bool
) -> int:
    def decide(current: Any) -> engine.Decision[Add, engine.Refusal | None]:
        who = player or current.state.turn
        action = Add("add", who, points)
        verdict = TALLY.step(current.log.setup, current.state, action)
        if isinstance(verdict, engine.Refusal):
            return engine.Decision(None, verdict)
        return engine.Decision(action, None)

    acted = engine.act(TALLY, game_file, decide, expect_version=expect_version)
    refusal = acted.result
    emit_json(
        {
            "valid": refusal is None,
            "reason": refusal.reason if refusal else None,
            **_doc(acted.game),
        }
    )
    return 0 if refusal is None else 1


@game.command("undo")
@click.argument("game_file", metavar="GAME")
@expect_version_option
@json_option
def undo(game_file: str, expect_version: int | None, as_json: bool) -> int:
    acted = engine.undo(TALLY, game_file, expect_version=expect_version)
    refused = isinstance(acted.result, engine.Refusal)
    emit_json(
        {
            "valid": not refused,
            "reason": acted.result.reason if isinstance(acted.result, engine.Refusal) else None,
            **_doc(acted.game),
        }
    )
    return 1 if refused else 0


@game.command("crash")
@click.argument("game_file", metavar="GAME")
@json_option
def crash(game_file: str, as_json: bool) -> int:
    """A bug: the server must answer 500 without its details."""
    raise ZeroDivisionError("secret detail")
