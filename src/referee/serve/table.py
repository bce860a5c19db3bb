"""The table's own routes, beside the game API: the tile catalogs a table
entered once on a page, and a Spot it! result in the CLI's own words.

- ``GET /api/catalogs``: the names of the catalogs kept in the games folder.
- ``GET /api/catalogs/NAME``: one of them (``name`` and ``tiles``, as
  ``referee setup catalog`` reads it).
- ``PUT /api/catalogs/NAME``: keep a catalog (``{"tiles": {"1": {"A": [3 rows],
  "B": [3 rows]}, ...}}``), checked by Blind Spot's catalog reader, written as
  ``DIR/NAME.tiles.yaml`` (a file the CLI takes as ``--catalog``).
- ``POST /api/table/spotit-result``: ``spotit result``'s answer with ``lines``,
  the text the CLI prints (the tie-break instruction included).

Catalog names are game names (``[a-z0-9-]{1,40}``, capitals folded); bodies
are read with the server's limits (:func:`referee.serve.security.read_json`).
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from referee.core.errors import InputError, RefereeError
from referee.serve.api import Reply, error, failed, guarded
from referee.serve.games import NAME, BadName, Folder, check_name
from referee.serve.security import BodyError, is_json, read_json
from referee.serve.threads import offload

CATALOG_SUFFIX = ".tiles.yaml"
MAX_CATALOGS = 100
"""At most this many catalogs are kept in one games folder."""


def _reply(reply: Reply) -> Response:
    headers = {"Cache-Control": "no-store", **reply.headers}
    return Response(reply.body, reply.status, headers=headers, media_type=reply.media_type)


def _json(status: int, doc: Any) -> Reply:
    return Reply(status, json.dumps(doc, ensure_ascii=False) + "\n")


def catalog_name(name: str) -> str:
    """A catalog's name as kept: a game name, capitals folded to lower case."""
    try:
        return check_name(name.strip().lower())
    except BadName:
        raise InputError("a catalog name is 1 to 40 of a-z, 0-9 and '-'", place="name") from None


class Catalogs:
    """The tile catalogs kept in the games folder."""

    def __init__(self, folder: Folder) -> None:
        self.folder = folder

    def path(self, name: str) -> str:
        return os.path.join(self.folder.dir, catalog_name(name) + CATALOG_SUFFIX)

    def names(self) -> list[str]:
        try:
            entries = os.listdir(self.folder.dir)
        except OSError:
            return []
        out = []
        for entry in entries:
            stem = entry[: -len(CATALOG_SUFFIX)]
            full = os.path.join(self.folder.dir, entry)
            kept = entry.endswith(CATALOG_SUFFIX) and NAME.fullmatch(stem)
            if kept and os.path.isfile(full) and not os.path.islink(full):
                out.append(stem)
        return sorted(out)

    def read(self, name: str) -> dict[str, Any]:
        from referee.blindspot.formats import load_catalog

        path = self.path(name)
        if os.path.islink(path) or not os.path.isfile(path):
            from referee.core.errors import NotFound

            raise NotFound(f"no catalog named {name!r}")
        catalog = load_catalog(path)
        return catalog_doc(catalog)

    def write(self, name: str, body: dict[str, Any]) -> dict[str, Any]:
        from referee.blindspot.formats import read_catalog
        from referee.core.schema import Value

        kept = catalog_name(name)
        unknown = set(body) - {"name", "tiles"}
        if unknown:
            raise InputError(f"unknown field {sorted(unknown)[0]!r} (fields: name, tiles)")
        mapping = {"name": body.get("name") or kept, "tiles": body.get("tiles")}
        catalog = read_catalog(Value(mapping))
        mapping = {"name": catalog.name, "tiles": catalog_doc(catalog)["tiles"]}
        path = self.path(kept)
        if kept not in self.names() and len(self.names()) >= MAX_CATALOGS:
            raise InputError(f"at most {MAX_CATALOGS} catalogs are kept here", place="name")
        import yaml

        text = "# A Blind Spot tile catalog kept by referee serve (--catalog FILE).\n"
        text += yaml.safe_dump(mapping, sort_keys=False, allow_unicode=True)
        os.makedirs(self.folder.dir, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".catalog-", dir=self.folder.dir)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        return catalog_doc(catalog)


def catalog_doc(catalog: Any) -> dict[str, Any]:
    """A catalog as a mapping: ``name``, ``sha256``, ``tiles``."""
    tiles: dict[str, dict[str, list[str]]] = {}
    for number, sides in sorted(catalog.faces.items()):
        tiles[str(number)] = {side: list(face) for side, face in sorted(sides.items())}
    doc: dict[str, Any] = {"name": catalog.name, "sha256": catalog.sha256, "tiles": tiles}
    return doc


def spotit_result(body: dict[str, Any]) -> Reply:
    from referee import service as sv
    from referee.serve.api import web_fields

    def work() -> Reply:
        step = sv.question("spotit result")
        web_fields(step, body)
        report = step.call(body, files=False)
        doc = dict(report.doc)
        detail = report.detail
        doc["lines"] = list(detail.lines()) if detail is not None else []
        return _json(200, doc)

    return guarded(work)


def routes(folder: Folder) -> list[Route]:
    """The routes, to put before the API's catch-all routes."""
    catalogs = Catalogs(folder)

    async def body_of(request: Request) -> dict[str, Any]:
        if not is_json(request.headers.get("content-type")):
            raise BodyError(
                415, "unsupported-media-type", "send JSON (Content-Type: application/json)"
            )
        return await read_json(request.stream)

    async def list_catalogs(request: Request) -> Response:
        return _reply(_json(200, await offload(catalogs.names)))

    async def get_catalog(request: Request) -> Response:
        name = request.path_params["name"]
        return _reply(await offload(guarded, lambda: _json(200, catalogs.read(name))))

    async def put_catalog(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            body = await body_of(request)
        except BodyError as exc:
            return _reply(error(exc.status, exc.kind, exc.message))

        def work() -> Reply:
            try:
                return _json(200, catalogs.write(name, body))
            except RefereeError as exc:
                return failed(exc)

        return _reply(await offload(guarded, work))

    async def result(request: Request) -> Response:
        try:
            body = await body_of(request)
        except BodyError as exc:
            return _reply(error(exc.status, exc.kind, exc.message))
        return _reply(await offload(spotit_result, body))

    return [
        Route("/api/catalogs", list_catalogs, methods=["GET"]),
        Route("/api/catalogs/{name}", get_catalog, methods=["GET"]),
        Route("/api/catalogs/{name}", put_catalog, methods=["PUT"]),
        Route("/api/table/spotit-result", result, methods=["POST"]),
    ]
