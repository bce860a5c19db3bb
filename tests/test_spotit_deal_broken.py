"""``spotit deal`` refuses a deck that does not verify, as ``render`` does.

The rulebook's one promise: "there is always exactly one matching image
between any two cards". A deck that breaks it cannot be played as the
mini-games describe, so dealing it is refused (exit 1, with the verify report)
unless ``--allow-broken`` says the table knows.
"""

from __future__ import annotations

import json

import pytest

from helpers import Runner

FRUIT = "examples/spotit/fruit.yaml"  # two copying mistakes: 8 pairs off, a repeat
PENTAGON = "tests/data/spotit/pentagon.yaml"  # verifies, but in no plane
LOST_ONE = "tests/data/spotit/fano-lost-one.yaml"  # a subset of the Fano plane
DEAL = ("spotit", "deal", "caterpillar", "--player-count", "3", "--seed", "7")


def test_a_broken_deck_is_not_dealt(referee: Runner) -> None:
    code, out, err = referee(*DEAL, "--deck", FRUIT)
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[0] == f"Not dealt: {FRUIT} does not verify (--allow-broken deals it anyway)."
    assert lines[1] == "8 of 78 card pairs do not share exactly one symbol:"
    assert "  cards 4 and 12 share 2 symbols: cherry/red, peach/orange" in lines
    assert "Card 5 repeats a symbol: apple/red." in lines
    assert not any("face down" in line for line in lines)


def test_the_refusal_is_the_verify_report_as_render_gives_it(referee: Runner) -> None:
    _, dealt, _ = referee(*DEAL, "--deck", FRUIT)
    _, rendered, _ = referee("spotit", "render", FRUIT, "-o", "/nonexistent/never.svg")
    assert dealt.splitlines()[1:] == rendered.splitlines()[1:]


def test_a_broken_deck_json(referee: Runner) -> None:
    code, out, _ = referee(*DEAL, "--deck", FRUIT, "--json")
    assert code == 1
    data = json.loads(out)
    _, verified, _ = referee("spotit", "verify", FRUIT, "--json")
    assert data == {**json.loads(verified), "dealt": False}
    assert data["valid"] is False and data["offending_total"] == 8


def test_allow_broken_deals_it_and_says_so(referee: Runner) -> None:
    code, out, err = referee(*DEAL, "--deck", FRUIT, "--allow-broken")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "The Caterpillar, 3 players, deck fruit (13 cards), seed 7:"
    assert lines[-1] == f"Note: {FRUIT} does not verify; dealt anyway (--allow-broken)."
    code, out, _ = referee(*DEAL, "--deck", FRUIT, "--allow-broken", "--json")
    data = json.loads(out)
    assert code == 0 and data["deck_valid"] is False
    assert sorted(c for p in data["piles"] for c in p["cards"]) == list(range(1, 14))


@pytest.mark.parametrize("deck", [PENTAGON, LOST_ONE], ids=["pentagon", "fano-lost-one"])
def test_decks_that_verify_are_dealt(referee: Runner, deck: str) -> None:
    """Verifying is all it takes: a deck in no plane, or with cards lost, is fine."""
    code, out, _ = referee(*DEAL[:4], "2", "--seed", "7", "--deck", deck, "--json")
    assert code == 0
    assert json.loads(out)["deck_valid"] is True
    assert "Note:" not in referee(*DEAL[:4], "2", "--seed", "7", "--deck", deck)[1]


def test_the_built_in_deck_is_valid(referee: Runner) -> None:
    code, out, _ = referee(*DEAL, "--json")
    assert code == 0 and json.loads(out)["deck_valid"] is True
