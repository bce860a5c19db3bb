"""The server's safety rules, applied to every request before any route.

* **Join token** (``--lan``): every request carries the token, as the cookie
  the join link ``/?token=T`` sets, or the ``X-Referee-Token`` header;
  without it: 403. A POST needs the header itself (the pages' script sends
  it), so a cookie alone, which a browser attaches to any request, can never
  write.
* **Host** (without ``--lan``): only ``localhost``/``127.0.0.1``/``[::1]``
  names, so that a web page on another site cannot reach the server through
  DNS rebinding.
* **Origin** (every write, in every mode): a POST's ``Origin`` header is
  absent (a script) or the server's own (the scheme, host and port of its
  ``Host`` header); any other (another site's page, ``null``): 403.
* **Paths**: a path that starts with ``//``, or holds a backslash or a
  control character (CR, LF...), is 400; so the join link's redirect (to its
  own path, without the token) never leaves the server.
* **Bodies**: over 256 KiB -> 413, announced (``Content-Length``) or not
  (chunked: counted as it arrives); JSON only (``Content-Type:
  application/json``, else 415); a JSON object with no key twice, no
  ``NaN``, not nested over 100 levels (else 400).
* **Errors**: any failure is a JSON ``{"error": {"kind", "message"}}`` (a
  short HTML page for pages), never a stack trace; the server keeps serving.
"""

from __future__ import annotations

import hmac
import json
import sys
import traceback
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

MAX_BODY = 256 * 1024
COOKIE = "referee_token"
HEADER = "x-referee-token"
MAX_DEPTH = 100
LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
    ),
]


class BodyError(Exception):
    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status, self.kind, self.message = status, kind, message


def error_body(kind: str, message: str) -> bytes:
    return (json.dumps({"error": {"kind": kind, "message": message}}) + "\n").encode()


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _cookies(header: str) -> dict[str, str]:
    out = {}
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key:
            out[key] = value
    return out


def request_token(scope: Scope) -> str | None:
    """The token a request carries: header, else cookie."""
    headers = _headers(scope)
    return headers.get(HEADER) or _cookies(headers.get("cookie", "")).get(COOKIE)


async def send_simple(
    send: Send,
    status: int,
    body: bytes,
    content_type: bytes = b"application/json",
    extra: list[tuple[bytes, bytes]] | None = None,
) -> None:
    headers = [
        (b"content-type", content_type),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
        *SECURITY_HEADERS,
        *(extra or []),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def send_error(scope: Scope, send: Send, status: int, kind: str, message: str) -> None:
    if str(scope.get("path", "")).startswith("/api/"):
        await send_simple(send, status, error_body(kind, message))
    else:
        from html import escape

        page = (
            "<!doctype html><meta charset=utf-8><meta name=viewport "
            "content='width=device-width,initial-scale=1'><title>referee</title>"
            f"<body style='font:20px sans-serif;padding:1em'><h1>{status}</h1>"
            f"<p>{escape(message)}</p><p><a href='/'>Home</a></p></body>"
        )
        await send_simple(send, status, page.encode(), b"text/html; charset=utf-8")


class Guard:
    """ASGI middleware: token, host, body size and the last-resort error."""

    def __init__(self, app: ASGIApp, *, token: str | None, lan: bool) -> None:
        self.app = app
        self.token = token
        self.lan = lan
        self.stopping: Callable[[], None] = lambda: None
        """Called (in the event loop) when the server is asked to stop."""

    def _origin_ok(self, scope: Scope) -> bool:
        """A write's ``Origin``: absent, or this server's own (the scheme, host
        and port its ``Host`` header names)."""
        headers = _headers(scope)
        origin = headers.get("origin")
        if origin is None:
            return True
        scheme = str(scope.get("scheme") or "http")
        given = _origin(origin)
        return given is not None and given == _origin(f"{scheme}://{headers.get('host', '')}")

    def _host_ok(self, scope: Scope) -> bool:
        if self.lan:
            return True
        host = _headers(scope).get("host", "")
        name = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
        return name.lower() in LOCAL_HOSTS

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not path_ok(str(scope.get("path", ""))):
            await send_error(scope, send, 400, "input", "not a path of this server")
            return
        if not self._host_ok(scope):
            await send_error(scope, send, 403, "forbidden", "unknown Host name")
            return
        if scope["method"] not in ("GET", "HEAD") and not self._origin_ok(scope):
            await send_error(
                scope, send, 403, "forbidden", "a change must come from this server's own pages"
            )
            return
        if self.token is not None:
            query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
            given = query.get("token")
            if given is not None and scope["method"] == "GET":
                if not hmac.compare_digest(given.encode(), self.token.encode()):
                    await send_error(scope, send, 403, "forbidden", "wrong join token")
                    return
                # the join link: keep the token as a cookie, drop it from the address
                rest = urlencode([(k, v) for k, v in query.items() if k != "token"])
                location = quote(scope["path"], safe=PATH_SAFE) + (f"?{rest}" if rest else "")
                cookie = f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict"
                await send_simple(
                    send,
                    303,
                    b"",
                    b"text/plain",
                    [(b"location", location.encode()), (b"set-cookie", cookie.encode())],
                )
                return
            carried = request_token(scope)
            if carried is None or not hmac.compare_digest(carried.encode(), self.token.encode()):
                await send_error(
                    scope, send, 403, "forbidden", "open the join link (with its token) first"
                )
                return
            if scope["method"] not in ("GET", "HEAD"):
                header = _headers(scope).get(HEADER, "")
                if not hmac.compare_digest(header.encode(), self.token.encode()):
                    await send_error(
                        scope, send, 403, "forbidden", "a change needs the X-Referee-Token header"
                    )
                    return
        length = _headers(scope).get("content-length")
        if length is not None:
            if not length.isdigit():
                await send_error(scope, send, 400, "input", "bad Content-Length")
                return
            if int(length) > MAX_BODY:
                await send_error(scope, send, 413, "too-large", "request body over 256 KiB")
                return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], *SECURITY_HEADERS]
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception:
            traceback.print_exc(file=sys.__stderr__)
            if not started:
                await send_error(scope, send, 500, "internal", "the server failed on this request")


PATH_SAFE = "/-._~!$&'()*+,;=:@"


def path_ok(path: str) -> bool:
    """A path this server serves: one leading ``/`` (``//host`` is another
    server to a browser), no backslash (``/\\host`` too), no control character."""
    return (
        path.startswith("/")
        and not path.startswith("//")
        and "\\" not in path
        and not any(ord(c) < 32 or ord(c) == 127 for c in path)
    )


def _origin(value: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin, the default port filled in."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or (443 if scheme == "https" else 80)


async def read_json(receive: Callable[[], Any]) -> dict[str, Any]:
    """The request's JSON object; ``receive`` is Starlette's ``request.stream()``.
    Raises :class:`BodyError` (413, 400)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in receive():
        size += len(chunk)
        if size > MAX_BODY:
            raise BodyError(413, "too-large", "request body over 256 KiB")
        chunks.append(chunk)
    return parse_json(b"".join(chunks))


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise BodyError(400, "input", f"key {key!r} appears twice")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise BodyError(400, "input", f"not JSON: {name}")


def _depth(value: Any, level: int = 0) -> None:
    if level > MAX_DEPTH:
        raise BodyError(400, "input", f"JSON nested over {MAX_DEPTH} levels")
    if isinstance(value, dict):
        for v in value.values():
            _depth(v, level + 1)
    elif isinstance(value, list):
        for v in value:
            _depth(v, level + 1)


def parse_json(data: bytes) -> dict[str, Any]:
    if not data.strip():
        return {}
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BodyError(400, "input", "the body is not UTF-8 text") from None
    try:
        value = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except BodyError:
        raise
    except RecursionError:
        raise BodyError(400, "input", "JSON nested too deeply") from None
    except ValueError as exc:
        raise BodyError(400, "input", f"not JSON: {exc}") from None
    _depth(value)
    if not isinstance(value, dict):
        raise BodyError(400, "input", f"expected a JSON object, got {type(value).__name__}")
    return value


def is_json(content_type: str | None) -> bool:
    return (content_type or "").split(";")[0].strip().lower() == "application/json"
