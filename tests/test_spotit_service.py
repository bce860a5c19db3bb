"""Spot it!'s service (referee.spotit.service): its reports are the CLI's JSON
byte for byte, its fields read a deck as a path from Python and as the deck
file's mapping from the web, and its errors name fields, never options."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import Runner, error_line, one_json
from referee import service as sv
from referee.core.errors import InputError
from referee.spotit import service
from referee.spotit.service import load_deck, load_symbols

EXAMPLES = "src/referee/samples/examples/spotit"
DECKS = ("order-2", "order-7", "lost-two", "fruit")
SYMBOLS = f"{EXAMPLES}/classroom-symbols.txt"


def cli(invoke: Runner, *args: str) -> tuple[int, str]:
    code, out, err = invoke("spotit", *args, "--json")
    assert err == "", err
    one_json(out)
    return code, out


def same(report: sv.Report, outcome: tuple[int, str]) -> None:
    """The report is what the CLI printed under --json, byte for byte, and its exit code."""
    code, out = outcome
    assert (report.json() + "\n", report.exit_code) == (out, code)


def mapping(repo: Path, deck: str) -> dict[str, Any]:
    data = yaml.safe_load((repo / EXAMPLES / f"{deck}.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_the_questions_are_registered() -> None:
    assert set(service.QUESTIONS) == {
        "spotit verify",
        "spotit match",
        "spotit generate",
        "spotit result",
        "spotit deal",
    }
    for name, step in service.QUESTIONS.items():
        assert sv.question(name) is step
        assert sv.question(name.replace(" ", "/")) is step


@pytest.mark.parametrize("deck", DECKS)
def test_verify_is_the_cli_document(invoke: Runner, repo: Path, deck: str) -> None:
    path = f"{EXAMPLES}/{deck}.yaml"
    same(service.verify(deck=load_deck(str(repo / path))), cli(invoke, "verify", path))
    step = service.QUESTIONS["spotit verify"]
    same(step.call({"deck": str(repo / path)}), cli(invoke, "verify", path))


def test_verify_of_a_deck_from_the_web_is_the_cli_document(invoke: Runner, repo: Path) -> None:
    """A mapping without a file keeps its own name (the files' all have one)."""
    step = service.QUESTIONS["spotit verify"]
    for deck in DECKS:
        path = f"{EXAMPLES}/{deck}.yaml"
        same(step.call({"deck": mapping(repo, deck)}, files=False), cli(invoke, "verify", path))


@pytest.mark.parametrize(("first", "second"), [(1, 2), (3, 7), (7, 1)])
def test_match_is_the_cli_document(invoke: Runner, repo: Path, first: int, second: int) -> None:
    path = f"{EXAMPLES}/order-2.yaml"
    expected = cli(invoke, "match", path, str(first), str(second))
    same(service.match(deck=load_deck(str(repo / path)), first=first, second=second), expected)
    fields = {"deck": mapping(repo, "order-2"), "first": first, "second": str(second)}
    same(service.QUESTIONS["spotit match"].call(fields, files=False), expected)


def test_match_out_of_range_names_the_field_from_the_web_and_the_argument_on_the_cli(
    invoke: Runner, repo: Path
) -> None:
    step = service.QUESTIONS["spotit match"]
    with pytest.raises(InputError) as caught:
        step.call({"deck": mapping(repo, "order-2"), "first": 1, "second": 9}, files=False)
    assert caught.value.message == "second: no card 9: the deck 'order-2' has cards 1 to 7"
    line = error_line(invoke("spotit", "match", f"{EXAMPLES}/order-2.yaml", "1", "9"))
    assert (
        line == f"Error: {EXAMPLES}/order-2.yaml: J: no card 9: the deck 'order-2' has cards 1 to 7"
    )


@pytest.mark.parametrize(
    "options",
    [
        {"order": 2},
        {"order": 3, "seed": 1, "card_count": 5},
        {"order": 5, "seed": 2024, "name": "small"},
        {"order": 3, "seed": 1, "card_count": 5, "symbols": SYMBOLS},
    ],
    ids=["order-2", "cards", "name", "symbols"],
)
def test_generate_is_the_cli_document(invoke: Runner, repo: Path, options: dict[str, Any]) -> None:
    argv = []
    for key, value in options.items():
        argv += [f"--{key.replace('_', '-')}", str(value)]
    expected = cli(invoke, "generate", *argv)
    values = dict(options)
    if "symbols" in values:
        values["symbols"] = load_symbols(str(repo / SYMBOLS))
    report = service.generate(**values)
    same(report, expected)
    # The deck's YAML is what the CLI prints without --json (the header names the
    # symbols file as the CLI was given it).
    if "symbols" not in options:
        code, out, _ = invoke("spotit", "generate", *argv)
        assert (code, out) == (0, report.detail.text)
    # A question writes nothing: the deck is in the doc, output is null.
    assert report.doc["output"] is None
    assert report.doc["cards"] == [list(c) for c in report.detail.deck.cards]


def test_generate_from_the_web_takes_symbols_as_a_list(invoke: Runner, repo: Path) -> None:
    names = (repo / SYMBOLS).read_text(encoding="utf-8").splitlines()
    step = service.QUESTIONS["spotit generate"]
    report = step.call({"order": 3, "seed": "1", "symbols": names}, files=False)
    expected = cli(invoke, "generate", "--order", "3", "--seed", "1", "--symbols", SYMBOLS)
    same(report, expected)


def test_generate_refusals_name_the_field(invoke: Runner) -> None:
    step = service.QUESTIONS["spotit generate"]
    with pytest.raises(InputError) as caught:
        step.call({"order": 6}, files=False)
    assert caught.value.message.startswith("order 6: no projective plane of order 6 exists")
    assert "--" not in caught.value.message
    line = error_line(invoke("spotit", "generate", "--order", "6"))
    assert line.startswith("Error: --order 6: no projective plane of order 6 exists")
    with pytest.raises(InputError) as caught:
        step.call({"order": 2, "card_count": 9}, files=False)
    assert caught.value.message == "card_count 9: the plane of order 2 has only 7 cards"
    line = error_line(invoke("spotit", "generate", "--order", "2", "--card-count", "9"))
    assert line == "Error: --card-count 9: the plane of order 2 has only 7 cards"


@pytest.mark.parametrize(
    ("game", "counts", "placed"),
    [
        ("two-chests", "ann=12,bob=9,cy=9", None),
        ("well", "ann=3,bob=0,cy=5", None),
        ("caterpillar", "ann=0,bob=0,cy=3", "ann"),
        ("tom-thumb", "child=2", None),
    ],
)
def test_result_is_the_cli_document(
    invoke: Runner, game: str, counts: str, placed: str | None
) -> None:
    extra = ["--placed", placed] if placed is not None else []
    expected = cli(invoke, "result", game, "--counts", counts, *extra)
    fields = {"game": game.upper(), "counts": counts, "placed": placed}
    same(service.QUESTIONS["spotit result"].call(fields, files=False), expected)


def test_result_refusals_name_the_field(invoke: Runner) -> None:
    step = service.QUESTIONS["spotit result"]
    with pytest.raises(InputError) as caught:
        step.call({"game": "well", "counts": "ann"}, files=False)
    assert caught.value.message == "counts: 'ann' is not NAME=N"
    line = error_line(invoke("spotit", "result", "well", "--counts", "ann"))
    assert line == "Error: --counts: 'ann' is not NAME=N"
    with pytest.raises(InputError, match=r"^placed: 'dan' is not one of the players counted"):
        step.call({"game": "caterpillar", "counts": "ann=0,bob=3", "placed": ["dan"]})
    with pytest.raises(InputError, match=r"^game: one of tom-thumb, "):
        step.call({"game": "chess", "counts": "ann=0,bob=3"})


@pytest.mark.parametrize("game", service.GAMES)
def test_deal_is_the_cli_document(invoke: Runner, repo: Path, game: str) -> None:
    players = 1 if game == "tom-thumb" else 3
    expected = cli(invoke, "deal", game, "--player-count", str(players), "--seed", "7")
    same(service.deal(game=game, player_count=players, seed=7), expected)
    path = f"{EXAMPLES}/order-7.yaml"
    expected = cli(
        invoke, "deal", game, "--player-count", str(players), "--seed", "7", "--deck", path
    )
    fields = {"game": game, "player_count": players, "seed": 7, "deck": mapping(repo, "order-7")}
    same(service.QUESTIONS["spotit deal"].call(fields, files=False), expected)


def test_deal_of_a_broken_deck_is_refused_unless_allowed(invoke: Runner, tmp_path: Path) -> None:
    broken = {"name": "broken", "cards": [["a", "b"], ["c", "d"], ["a", "c"]]}
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(broken), encoding="utf-8")
    step = service.QUESTIONS["spotit deal"]
    for allow in (False, True):
        extra = ["--allow-broken"] if allow else []
        expected = cli(
            invoke,
            "deal",
            "well",
            "--player-count",
            "2",
            "--seed",
            "3",
            "--deck",
            str(path),
            *extra,
        )
        fields = {"game": "well", "player_count": 2, "seed": 3, "deck": broken}
        report = step.call({**fields, "allow_broken": allow}, files=False)
        same(report, expected)
        assert report.valid is allow
    assert report.doc["deck_valid"] is False


def test_deal_without_a_seed_reports_the_seed_it_drew() -> None:
    report = service.deal(game="well", player_count=2)
    seed = report.doc["seed"]
    assert isinstance(seed, int)
    again = service.deal(game="well", player_count=2, seed=seed)
    assert again.doc == report.doc


def test_deal_refusals_name_the_field(invoke: Runner) -> None:
    step = service.QUESTIONS["spotit deal"]
    with pytest.raises(InputError) as caught:
        step.call({"game": "well", "player_count": 1}, files=False)
    assert caught.value.message == "player_count 1: The Well needs at least 2 players"
    line = error_line(invoke("spotit", "deal", "well", "--player-count", "1"))
    assert line == "Error: --player-count 1: The Well needs at least 2 players"


# ------------------------------------------------------------ web-style values


def test_a_deck_as_a_mapping_works_and_a_path_string_is_refused(repo: Path) -> None:
    step = service.QUESTIONS["spotit verify"]
    assert step.call({"deck": mapping(repo, "order-2")}, files=False).valid
    with pytest.raises(InputError) as caught:
        step.call({"deck": str(repo / EXAMPLES / "order-2.yaml")}, files=False)
    message = caught.value.message
    assert message.startswith("deck: ") and "file names are not accepted" in message
    assert "--" not in message
    for name in ("spotit deal", "spotit generate"):
        field = "deck" if name == "spotit deal" else "symbols"
        fields: dict[str, Any] = {"game": "well", "player_count": 2} if field == "deck" else {}
        if field == "symbols":
            fields["order"] = 2
        with pytest.raises(InputError, match=rf"^{field}: .*file names are not accepted"):
            service.QUESTIONS[name].call({**fields, field: "deck.yaml"}, files=False)


def test_a_bad_deck_mapping_names_the_field_and_the_card(repo: Path) -> None:
    step = service.QUESTIONS["spotit verify"]
    with pytest.raises(InputError) as caught:
        step.call({"deck": {"cards": [["a", "b"], []]}}, files=False)
    assert caught.value.message == "deck: card 2: empty card (a card needs symbols)"
    with pytest.raises(InputError, match=r"^deck: give the deck as an object"):
        step.call({"deck": [["a", "b"]]}, files=False)


def test_unknown_and_missing_fields_are_refused() -> None:
    step = service.QUESTIONS["spotit generate"]
    with pytest.raises(InputError, match=r"^unknown field 'output' \(fields: card_count, "):
        step.call({"order": 2, "output": "/tmp/x.yaml"}, files=False)
    with pytest.raises(InputError, match=r"^order: this field is required"):
        step.call({}, files=False)
    with pytest.raises(InputError, match=r"^first: expected a whole number"):
        service.QUESTIONS["spotit match"].call(
            {"deck": {"cards": [["a", "b"], ["b", "c"]]}, "first": True, "second": 2}, files=False
        )
