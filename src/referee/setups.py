"""Blind Spot file edge: tile catalogs, layouts (setups) and position files."""

from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from referee.blindspot import Position, board_from_letters
from referee.board import LetterGrid
from referee.errors import SetupError, where

if TYPE_CHECKING:
    from referee.tiles import Catalog
from referee.files import display_name, load_mapping, package_data, parse_yaml

CATALOG_ENV = "REFEREE_CATALOG"
STANDARD = "standard"


@lru_cache(maxsize=1)
def standard_catalog() -> Catalog:
    from referee.tiles import Catalog

    text = package_data("standard-tiles.yaml")
    data = parse_yaml(text, "standard catalog")
    return Catalog.from_mapping(data, "standard catalog")


def load_catalog(path: str | None = None) -> Catalog:
    """The catalog at ``path``, else ``$REFEREE_CATALOG``, else the shipped ``standard``."""
    path = path or os.environ.get(CATALOG_ENV) or None
    if path is None or path == STANDARD:
        return standard_catalog()
    from referee.tiles import Catalog

    return Catalog.from_mapping(load_mapping(path, "tile catalog"), display_name(path))


def layout_from_mapping(
    data: dict[str, Any], source: str, catalog: Catalog | None = None
) -> LetterGrid:
    """A board from a layout/setup mapping: ``letters`` if given, else ``tiles``."""
    game = data.get("game")
    if game is not None and game != "blind-spot":
        raise SetupError(f"{where(source, 'game')}this is a {game!r} file, not a blind-spot layout")
    if "letters" in data:
        return board_from_letters(data["letters"], source)
    if "tiles" in data:
        from referee.tiles import parse_tile_rows

        refs = parse_tile_rows(data["tiles"], source)
        return (catalog or standard_catalog()).resolve(refs, source)
    raise SetupError(f"{source}: a layout needs 'letters' (9 rows of 9) or 'tiles' (3 rows of 3)")


def load_layout(path: str, catalog_path: str | None = None) -> LetterGrid:
    data = load_mapping(path, "layout")
    catalog = load_catalog(catalog_path) if "letters" not in data and "tiles" in data else None
    return layout_from_mapping(data, display_name(path), catalog)


def load_position(path: str) -> Position:
    return Position.from_mapping(load_mapping(path, "position"), display_name(path))
