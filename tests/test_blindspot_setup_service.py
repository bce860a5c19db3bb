"""Blind Spot's setup questions (``setup generate/verify/code/show`` in
referee.blindspot.service) and ``board_svg``: their reports are the CLI's JSON
byte for byte, their fields read a setup as a path from Python and as the
file's mapping (or a setup code) from the web, and errors name fields."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import Runner, error_line, one_json
from referee import service as sv
from referee.blindspot import service
from referee.blindspot.formats import load_catalog, load_layout
from referee.core.errors import InputError

SETUPS = "src/referee/samples/setups"
SAMPLES = ("sample", "by-tiles", "seed-2024")
TAMPERED = "src/referee/samples/examples/blindspot/tampered-setup.yaml"
CUSTOM = "src/referee/samples/examples/blindspot/custom-tiles.yaml"
CODE = "BS1-17A8B11B-18B16A1B-5B2B4B-RC"


def cli(invoke: Runner, *args: str) -> tuple[int, str]:
    code, out, err = invoke("setup", *args, "--json")
    assert err == "", err
    one_json(out)
    return code, out


def same(report: sv.Report, outcome: tuple[int, str]) -> None:
    code, out = outcome
    assert (report.json() + "\n", report.exit_code) == (out, code)


def mapping(repo: Path, path: str) -> dict[str, Any]:
    data = yaml.safe_load((repo / path).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_the_questions_are_registered() -> None:
    for name in ("setup generate", "setup verify", "setup code", "setup show"):
        assert sv.question(name) is service.QUESTIONS[name]
        assert sv.question(name.replace(" ", "/")) is service.QUESTIONS[name]


@pytest.mark.parametrize("seed", [0, 1, 2024, 10**18 - 1])
def test_generate_is_the_cli_document(invoke: Runner, seed: int) -> None:
    expected = cli(invoke, "generate", "--seed", str(seed))
    report = service.setup_generate(seed=seed)
    same(report, expected)
    assert report.doc["output"] is None
    code, out, _ = invoke("setup", "generate", "--seed", str(seed))
    assert (code, out) == (0, report.detail.text)
    same(service.QUESTIONS["setup generate"].call({"seed": str(seed)}, files=False), expected)


def test_generate_from_a_code_and_a_catalog(invoke: Runner, repo: Path) -> None:
    for catalog in (None, CUSTOM):
        extra = ["--catalog", catalog] if catalog else []
        expected = cli(invoke, "generate", "--code", CODE.lower(), *extra)
        cat = load_catalog(str(repo / catalog)) if catalog else None
        same(service.setup_generate(code=CODE.lower(), catalog=cat), expected)
        fields: dict[str, Any] = {"code": CODE.lower()}
        if catalog:
            fields["catalog"] = mapping(repo, catalog)
        same(service.QUESTIONS["setup generate"].call(fields, files=False), expected)


def test_generate_without_a_seed_draws_one() -> None:
    report = service.setup_generate()
    assert isinstance(report.doc["seed"], int)
    assert service.setup_generate(seed=report.doc["seed"]).doc == report.doc


def test_generate_refusals(invoke: Runner, repo: Path, tmp_path: Path) -> None:
    step = service.QUESTIONS["setup generate"]
    with pytest.raises(InputError, match=r"^code: give a seed or a code, not both$"):
        step.call({"seed": 1, "code": CODE}, files=False)
    with pytest.raises(InputError, match=r"^code 'BS1-0' is not of the form"):
        step.call({"code": "BS1-0"}, files=False)
    small = mapping(repo, CUSTOM)
    del small["tiles"][17]
    with pytest.raises(InputError) as caught:
        step.call({"code": CODE, "catalog": small}, files=False)
    assert caught.value.message == (
        f"code {CODE}: tiles[0][0]: unknown tile '17A': catalog 'custom' has tiles 1-18"
    )
    path = tmp_path / "small.yaml"
    path.write_text(yaml.safe_dump(small), encoding="utf-8")
    line = error_line(invoke("setup", "generate", "--code", CODE, "--catalog", str(path)))
    assert line == (
        f"Error: --code {CODE}: tiles[0][0]: unknown tile '17A': catalog 'custom' has tiles 1-18"
    )


@pytest.mark.parametrize("path", [*(f"{SETUPS}/{s}.yaml" for s in SAMPLES), TAMPERED])
def test_verify_is_the_cli_document(invoke: Runner, repo: Path, path: str) -> None:
    expected = cli(invoke, "verify", path)
    step = service.QUESTIONS["setup verify"]
    same(step.call({"file": path}), expected)
    for catalog in (None, CUSTOM):
        extra = ["--catalog", catalog] if catalog else []
        report = step.call(
            {"file": mapping(repo, path), "catalog": mapping(repo, catalog) if catalog else None},
            files=False,
        )
        theirs = one_json(invoke("setup", "verify", path, "--json", *extra)[1])
        # From the web a setup has no file name; all else is the CLI's.
        assert report.doc == {**theirs, "setup": None}
        assert report.valid is theirs["valid"]


@pytest.mark.parametrize("name", ["by-tiles", "seed-2024"])
def test_code_is_the_cli_document(invoke: Runner, repo: Path, name: str) -> None:
    path = f"{SETUPS}/{name}.yaml"
    expected = cli(invoke, "code", path)
    same(service.setup_code(file=load_layout(str(repo / path), tiles_known=True)), expected)
    step = service.QUESTIONS["setup code"]
    same(step.call({"file": mapping(repo, path)}, files=False), expected)
    assert step.call({"file": one_json(expected[1])["code"]}, files=False).doc == one_json(
        expected[1]
    )


def test_code_of_a_board_by_letters_is_refused(invoke: Runner, repo: Path) -> None:
    step = service.QUESTIONS["setup code"]
    with pytest.raises(InputError) as caught:
        step.call({"file": mapping(repo, f"{SETUPS}/sample.yaml")}, files=False)
    assert caught.value.message == (
        "file: this setup gives only letters, so it has no tiles to name"
    )
    line = error_line(invoke("setup", "code", f"{SETUPS}/sample.yaml"))
    assert line == (
        f"Error: {SETUPS}/sample.yaml: this setup gives only letters, so it has no tiles to name"
    )


@pytest.mark.parametrize("name", SAMPLES)
def test_show_is_the_cli_document(invoke: Runner, repo: Path, name: str) -> None:
    path = f"{SETUPS}/{name}.yaml"
    expected = cli(invoke, "show", path)
    layout = load_layout(str(repo / path), tiles_known=True)
    same(service.setup_show(file=layout), expected)
    same(service.QUESTIONS["setup show"].call({"file": mapping(repo, path)}, files=False), expected)


@pytest.mark.parametrize("name", SAMPLES)
def test_board_svg_is_what_setup_show_draws(
    invoke: Runner, repo: Path, tmp_path: Path, name: str
) -> None:
    path = f"{SETUPS}/{name}.yaml"
    out = tmp_path / "board.svg"
    code, shown, _ = invoke("setup", "show", path, "-o", str(out), "--json")
    assert code == 0 and one_json(shown)["output"] == str(out)
    layout = load_layout(str(repo / path), tiles_known=True)
    assert service.board_svg(layout) == out.read_text(encoding="utf-8")


def test_board_svg_of_a_code(invoke: Runner, tmp_path: Path) -> None:
    layout_file, out = tmp_path / "layout.yaml", tmp_path / "board.svg"
    assert invoke("setup", "generate", "--code", CODE, "-o", str(layout_file))[0] == 0
    assert invoke("setup", "show", str(layout_file), "-o", str(out))[0] == 0
    layout = service.QUESTIONS["setup show"].call({"file": CODE}, files=False).detail
    assert service.board_svg(layout) == out.read_text(encoding="utf-8")


# ------------------------------------------------------------ web-style values


def test_a_path_string_from_the_web_is_refused_naming_the_field(repo: Path) -> None:
    for name in ("setup verify", "setup code", "setup show"):
        with pytest.raises(InputError) as caught:
            service.QUESTIONS[name].call({"file": f"{SETUPS}/by-tiles.yaml"}, files=False)
        assert caught.value.message.startswith("file: give the setup")
        assert "--" not in caught.value.message
    with pytest.raises(InputError, match=r"^catalog: give the tile catalog as an object"):
        service.QUESTIONS["setup generate"].call({"catalog": CUSTOM}, files=False)


def test_a_bad_setup_mapping_names_the_field(repo: Path) -> None:
    with pytest.raises(InputError, match=r"^file: not a setup: it has neither"):
        service.QUESTIONS["setup verify"].call({"file": {"name": "x"}}, files=False)
    with pytest.raises(InputError, match=r"^file\.tiles: expected 3 rows of 3 tiles"):
        service.QUESTIONS["setup show"].call({"file": {"tiles": []}}, files=False)


def test_unknown_and_missing_fields_are_refused() -> None:
    with pytest.raises(InputError, match=r"^unknown field 'output' \(fields: catalog, file\)"):
        service.QUESTIONS["setup show"].call({"file": CODE, "output": "x.svg"}, files=False)
    with pytest.raises(InputError, match=r"^file: this field is required"):
        service.QUESTIONS["setup verify"].call({}, files=False)
