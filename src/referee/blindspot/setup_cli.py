"""Blind Spot setups: ``referee setup generate/verify/code/show/catalog``.

Thin: setup files and catalogs are read by :mod:`referee.blindspot.formats`;
the questions are answered by :mod:`referee.blindspot.service` (tiles drawn,
coded and verified, the board's page drawn); boards as text are drawn by
:mod:`referee.blindspot.render`.
"""

from __future__ import annotations

import click

from referee.blindspot import service
from referee.blindspot.formats import (
    MAX_SEED,
    catalog_template,
    load_catalog,
    load_layout,
    load_setup,
)
from referee.blindspot.render import render_setup
from referee.cli import CONTEXT_SETTINGS, Group
from referee.cli.options import (
    BoundedInt,
    FilePath,
    force_option,
    json_option,
    output_option,
    page_options,
)
from referee.cli.output import echo, emit_json
from referee.core.errors import InputError
from referee.core.files import check_destinations, display_name, write_bytes, write_text

catalog_option = click.option(
    "--catalog",
    metavar="FILE",
    type=FilePath(),
    envvar="REFEREE_CATALOG",
    show_envvar=True,
    help="Tile catalog (YAML). Default: the shipped 'standard' stand-in catalog.",
)


def _write_or_print(text: str, output: str | None, force: bool, what: str) -> None:
    if output and output != "-":
        write_text(output, text, force=force, what=what)
    else:
        click.echo(text, nl=False)


@click.group("setup", cls=Group, context_settings=CONTEXT_SETTINGS)
def setup() -> None:
    """Reproducible Blind Spot setups: generate, verify, share, print.

    A setup is 9 of the 18 double-sided tiles laid 3x3. Its code (BS1-...)
    names the tiles; a friend with the same tiles rebuilds the same board.

    \b
    Example:
      referee setup generate --seed 2024 -o my-setup.yaml
      referee setup verify my-setup.yaml
      referee setup code my-setup.yaml
    """


@setup.command("generate")
@click.option(
    "--seed",
    type=BoundedInt(0, MAX_SEED),
    metavar="N",
    help="Seed (a whole number of at most 18 digits); drawn at random if omitted.",
)
@click.option("--code", "code", metavar="CODE", help="Rebuild the setup a code names (BS1-...).")
@catalog_option
@output_option("the setup")
@force_option
@json_option
def generate(
    seed: int | None,
    code: str | None,
    catalog: str | None,
    output: str | None,
    force: bool,
    as_json: bool,
) -> int:
    """Draw a random setup: 9 distinct tiles, a side each, laid 3x3.

    The same seed and catalog give a byte-identical file on every machine and
    Python version (method sha256-ctr-v1, see the README).

    \b
    Example:
      referee setup generate --seed 1
      referee setup generate --code BS1-17A8B11B-18B16A1B-5B2B4B-RC -o friend.yaml
    """
    if seed is not None and code is not None:
        raise click.UsageError("give --seed or --code, not both")
    try:
        report = service.setup_generate(seed=seed, code=code, catalog=load_catalog(catalog))
    except InputError as exc:
        if code is not None and exc.source == f"code {code}":  # a tile of the code
            exc.source = None
            raise exc.in_file(f"--code {code}") from None
        raise
    text = report.detail.text
    to_file = bool(output and output != "-")
    if as_json:
        if to_file:
            _write_or_print(text, output, force, "setup")
        emit_json({**report.doc, "output": output if to_file else None})
        return 0
    _write_or_print(text, output, force, "setup")
    if to_file:
        echo(f"Wrote {output}: {report.doc['code']}")
    return 0


@setup.command("verify")
@click.argument("file", type=FilePath())
@catalog_option
@json_option
def verify(file: str, catalog: str | None, as_json: bool) -> int:
    """Check that a setup is consistent; list every problem found.

    Exit 0 if consistent, 1 if not (each problem on its own line), 2 if the
    file is not a setup at all.

    \b
    Example:
      referee setup verify setups/seed-2024.yaml
      referee setup verify examples/blindspot/tampered-setup.yaml   # no: exit 1
    """
    data = load_setup(file)
    name = display_name(file)
    report = service.setup_verify(file=service.SetupFile(data, name), catalog=load_catalog(catalog))
    problems, cat = report.detail.problems, report.detail.catalog
    if as_json:
        emit_json(report.doc)
    elif problems:
        noun = "problem" if len(problems) == 1 else "problems"
        echo(f"{name}: {len(problems)} {noun}:")
        for p in problems:
            echo(f"  {p.kind}: {p.message}")
    elif "tiles" in data:
        what = "tiles and letters" if "letters" in data else "tiles"
        echo(f"{name}: OK ({what} consistent with catalog {cat.name!r})")
    else:
        echo(f"{name}: OK (a 9x9 board written by letters; no tiles to cross-check)")
    return report.exit_code


@setup.command("code")
@click.argument("file", type=FilePath())
@catalog_option
@json_option
def code(file: str, catalog: str | None, as_json: bool) -> int:
    """Print the short shareable code of a setup.

    The code is BS1-, the three rows of tiles, and two check characters that
    catch a mistyped character. `referee setup generate --code CODE` rebuilds
    the setup from it.

    \b
    Example:
      referee setup code setups/seed-2024.yaml
    """
    report = service.setup_code(file=load_layout(file, catalog, tiles_known=True))
    if as_json:
        emit_json(report.doc)
    else:
        echo(report.detail)
    return report.exit_code


@setup.command("show")
@click.argument("file", type=FilePath())
@catalog_option
@page_options(required=False)
@click.option(
    "--svg",
    "svg",
    metavar="FILE",
    type=FilePath(output=True),
    hidden=True,
    help="The old name of -o (an SVG).",
)
@force_option
@json_option
def show(
    file: str,
    catalog: str | None,
    output: str | None,
    svg: str | None,
    paper: str,
    force: bool,
    as_json: bool,
) -> int:
    """Draw a setup's board with its tile borders; -o writes a printable page.

    The page (PDF or SVG) is the board at 190 x 252 mm, one A4 or Letter page
    with margins; the PDF adds cut marks at its corners.

    \b
    Example:
      referee setup show setups/sample.yaml
      referee setup show setups/by-tiles.yaml -o board.pdf
    """
    if output is not None and svg is not None:
        raise click.UsageError("give -o only (--svg is its old name)")
    output = output if output is not None else svg
    if output == "-" and as_json:
        raise click.UsageError("-o - and --json would both write to stdout: give one")
    if output is not None:
        check_destinations([(output, "page")], force=force)
    cat = load_catalog(catalog)
    found = load_layout(file, catalog, tiles_known=True)
    report = service.setup_show(file=found, catalog=cat)
    grid, layout = found.board, found.tiles
    code_text = report.doc["code"]
    if output is not None:
        page = service.board_svg(found, cat)
        if output.lower().endswith(".pdf"):
            from referee.blindspot.render import setup_pdf

            write_bytes(output, setup_pdf(page, paper.lower()), force=force, what="PDF")
        else:
            write_text(output, page, force=force, what="SVG")
    if as_json:
        emit_json({**report.doc, "output": output if output != "-" else None})
        return 0
    if output == "-":
        return 0
    echo(render_setup(grid, layout))
    if code_text:
        echo(f"Code: {code_text}")
    if output is not None:
        echo(f"Wrote {output}")
    return 0


@setup.command("catalog")
@catalog_option
@click.option("--template", is_flag=True, help="Write a fill-in-the-blanks catalog to transcribe.")
@output_option("the template")
@force_option
@json_option
def catalog_cmd(
    catalog: str | None, template: bool, output: str | None, force: bool, as_json: bool
) -> int:
    """Show the tile catalog in use, or write a template to transcribe your own.

    The shipped 'standard' catalog is a stand-in, not the publisher's tile
    faces. Owners of the game transcribe theirs with --template, then use it
    with --catalog FILE or REFEREE_CATALOG.

    \b
    Example:
      referee setup catalog
      referee setup catalog --template -o my-tiles.yaml   # then fill in your tiles
      referee setup catalog --catalog examples/blindspot/custom-tiles.yaml
    """
    if output is not None and not template:
        raise click.UsageError("-o writes the --template; give --template too")
    if template:
        to_file = output is not None and output != "-"
        if as_json and not to_file:
            raise click.UsageError("--template --json needs -o FILE (both would go to stdout)")
        _write_or_print(catalog_template(), output, force, "catalog template")
        if as_json:
            emit_json({"output": output})
        elif to_file:
            echo(
                f"Wrote {output}: fill in the letters of each tile, then check it with "
                f"referee setup catalog --catalog {output}"
            )
        return 0
    cat = load_catalog(catalog)
    if as_json:
        emit_json(
            {
                "name": cat.name,
                "sha256": cat.sha256,
                "tiles": {
                    str(n): {s: list(cat.faces[n][s]) for s in ("A", "B")} for n in cat.numbers
                },
            }
        )
        return 0
    echo(f"Catalog {cat.name!r}: {len(cat.numbers)} tiles, sha256 {cat.sha256}")
    for n in cat.numbers:
        a, b = cat.faces[n]["A"], cat.faces[n]["B"]
        echo(f"  {n:>2}A {' '.join(a).upper()}   {n:>2}B {' '.join(b).upper()}")
    return 0
