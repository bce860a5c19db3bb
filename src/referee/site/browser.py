"""The web application in the browser: HTTP requests answered without a network.

In the offline site (:mod:`referee.site`) this module runs in Pyodide. The
shell page's transport hands it each request the pages make (method, URL,
JSON body) and gets back the status, headers and body the server would have
sent, because it *is* the server's application
(:func:`referee.serve.app.create_app`, its routing, its services, its guard),
called through ASGI directly. The event streams of ``GET
/api/games/NAME/events`` arrive chunk by chunk through a callback.

It runs under CPython just the same (the tests drive it there):

>>> import asyncio, json, tempfile
>>> browser = Browser(tempfile.mkdtemp())
>>> answer = json.loads(asyncio.run(browser.request("GET", "/api/games")))
>>> answer["status"], answer["body"]
(200, '[]\\n')
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable, MutableMapping
from typing import Any
from urllib.parse import unquote

GAMES = "/games"
"""Where the site keeps its games (Pyodide's file system, kept in IndexedDB)."""

HOST = b"localhost"


def configure(lists: str, dictionary: str = "scowl:60", cache: str = "/tmp/cache") -> None:
    """The site's dictionaries: SCOWL lists from the pack in ``lists``, and
    the one that judges when a game names none."""
    os.environ["REFEREE_SCOWL_DIR"] = lists
    os.environ["REFEREE_DICTIONARY"] = dictionary
    os.environ["XDG_CACHE_HOME"] = cache


class Browser:
    """The server's application on the games folder ``games``, asked directly."""

    def __init__(self, games: str = GAMES) -> None:
        from referee.serve.app import Settings, create_app

        os.makedirs(games, exist_ok=True)
        self.app = create_app(Settings(dir=games))
        self._streams: dict[int, asyncio.Event] = {}
        self._next = 0

    def _scope(self, method: str, url: str, body: bytes) -> dict[str, Any]:
        path, _, query = url.partition("?")
        headers = [(b"host", HOST), (b"accept", b"application/json")]
        if method not in ("GET", "HEAD"):
            headers += [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ]
        return {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": unquote(path),
            "raw_path": path.encode("utf-8"),
            "query_string": query.encode("utf-8"),
            "root_path": "",
            "headers": headers,
            "client": ("127.0.0.1", 0),
            "server": ("localhost", 80),
        }

    async def request(self, method: str, url: str, body: str | None = None) -> str:
        """One request; its answer as JSON: ``{"status", "headers", "body"}``
        (the body as text: every answer of the API and the pages is text)."""
        data = (body or "").encode("utf-8")
        sent = False
        done = asyncio.Event()
        status = 500
        headers: dict[str, str] = {}
        chunks: list[bytes] = []

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": data, "more_body": False}
            await done.wait()
            return {"type": "http.disconnect"}

        async def send(message: MutableMapping[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                for key, value in message.get("headers", []):
                    headers[key.decode("latin-1").lower()] = value.decode("latin-1")
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    done.set()

        await self.app(self._scope(method, url, data), receive, send)
        done.set()
        text = b"".join(chunks).decode("utf-8", errors="replace")
        return json.dumps({"status": status, "headers": headers, "body": text})

    def open_stream(self) -> int:
        """A new stream's number (for :meth:`stream` and :meth:`close`)."""
        self._next += 1
        self._streams[self._next] = asyncio.Event()
        return self._next

    async def stream(self, number: int, url: str, push: Callable[[str], Any]) -> int:
        """A streamed ``GET`` (``/api/games/NAME/events``): each chunk of its
        body is given to ``push`` as text, until :meth:`close` ends it (the
        page went away) or the server ends it. Returns the status."""
        closed = self._streams.setdefault(number, asyncio.Event())
        sent = False
        status = 500

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": b"", "more_body": False}
            await closed.wait()
            return {"type": "http.disconnect"}

        async def send(message: MutableMapping[str, Any]) -> None:
            nonlocal status
            if closed.is_set():
                raise OSError("the page closed the stream")
            if message["type"] == "http.response.start":
                status = int(message["status"])
            elif message["type"] == "http.response.body":
                chunk = message.get("body", b"")
                if chunk:
                    push(chunk.decode("utf-8", errors="replace"))

        try:
            await self.app(self._scope("GET", url, b""), receive, send)
        except OSError:
            pass
        finally:
            self._streams.pop(number, None)
        return status

    def close(self, number: int) -> None:
        """End stream ``number`` (its page went away or navigated)."""
        closed = self._streams.get(number)
        if closed is not None:
            closed.set()
