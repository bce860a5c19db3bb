"""``referee serve``: the command. Starlette, uvicorn and segno are imported
only when the server starts, so other commands never load them."""

from __future__ import annotations

import os
import socket

import click

from referee.cli import CONTEXT_SETTINGS, Command
from referee.core.errors import InputError


def _port_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def _lan_address() -> str:
    """This machine's address on the local network (no packet is sent: a UDP
    socket's connect only picks the outgoing interface)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never sent to
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


@click.command("serve", cls=Command, context_settings=CONTEXT_SETTINGS)
@click.option(
    "--dir",
    "folder",
    default="games",
    show_default=True,
    type=click.Path(),  # completes names; the folder is checked by serve (its own message)
    metavar="DIR",
    help="The games folder (created if missing): its NAME.yaml files are the games.",
)
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=8000,
    show_default=True,
    metavar="N",
    help="TCP port.",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    metavar="ADDRESS",
    help="Address to listen on (--lan: 0.0.0.0); any but loopback needs the join token, as --lan.",
)
@click.option(
    "--lan",
    is_flag=True,
    help="Listen on every address, with a join token: prints the join link and a QR code.",
)
def serve(folder: str, port: int, host: str, lan: bool) -> int:
    """Serve the games to the phones at the table, live.

    Pages and a JSON API. Every answer is the referee's own (the same game services as the CLI), and the
    game files are the CLI's: a move made on a phone is what 'game show'
    prints next. Without --lan (or a --host that is not loopback) only this
    machine can connect.

    \b
    Example:
      referee serve
      referee serve --lan --dir games --port 8000
    """
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise InputError(f"--dir: {folder} is not a folder")
    if host != "127.0.0.1" and lan:
        raise InputError("--host: give --host or --lan, not both")
    if lan:
        host = "0.0.0.0"
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise InputError(f"--dir: cannot create {folder}: {exc.strerror}") from None
    try:
        addresses = socket.getaddrinfo(host, port)
    except (socket.gaierror, UnicodeError):
        raise InputError(f"--host: {host!r} is not an address of this machine") from None
    if not _port_free(host, port):
        raise InputError(f"--port: {port} is in use on {host} (or not allowed); try another")
    # Any address but loopback is reachable from other machines: it gets the
    # join token, as --lan does (docs/serve.md, "Who can reach the server").
    local = all(_is_loopback(str(info[4][0])) for info in addresses)
    lan = lan or not local

    import secrets

    from referee.serve.connections import raise_open_files

    open_files = raise_open_files()
    token = secrets.token_urlsafe(16) if lan else None
    if lan:
        from referee.serve.qr import terminal_qr

        every = _is_wildcard(host)
        shown = _lan_address() if every else host
        url = f"http://{_url_host(shown)}:{port}/?token={token}"
        click.echo(f"Join link (open it on each phone, or scan the code):\n  {url}\n")
        click.echo(terminal_qr(url))
        if every:
            click.echo(f"\nOn this machine: http://127.0.0.1:{port}/?token={token}")
            reach = "every network this machine is on"
        else:
            reach = f"the network of {host}"
        click.echo(
            f"Who can reach it: anyone on {reach} who has the join link (with its token). "
            "Plain HTTP: on an open Wi-Fi, others on it can read the token."
        )
        click.echo(f"A firewall must let other devices reach TCP port {port} on this machine.")
    else:
        click.echo(
            f"Serving {folder} on http://{_url_host(host)}:{port}/ "
            "(this machine only; --lan for phones)"
        )
    click.echo(f"Open files: up to {open_files} (at most 32 connections per address).")
    click.echo("Stop with Ctrl-C.", err=True)
    return run(folder, host, port, token, lan, open_files)


def _is_loopback(address: str) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(address.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def _is_wildcard(host: str) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def run(
    folder: str, host: str, port: int, token: str | None, lan: bool, open_files: int = 1024
) -> int:
    import asyncio
    import contextlib
    import sys
    from types import FrameType

    import uvicorn

    from referee.serve import connections
    from referee.serve.app import Settings, create_app

    # Steps run in threads and hold the interpreter in 5 ms slices by
    # default; shorter slices let the event loop send events and answers
    # sooner while steps run (measured in docs/serve.md).
    try:
        switch = float(os.environ.get("REFEREE_SERVE_SWITCH") or 0.001)
    except ValueError:
        switch = 0.001
    sys.setswitchinterval(min(max(switch, 0.0001), 0.1))
    app = create_app(Settings(folder, token=token, lan=lan))
    limits = connections.limits_from(os.environ, open_files)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=2,
        lifespan="on",
        http=connections.protocol(limits),
        # uvicorn's own limits: an idle kept-alive connection is closed after
        # 5 s; past `total` connections or requests in flight, a request is
        # answered 503 (the protocol closes connections past it at once)
        timeout_keep_alive=5,
        limit_concurrency=limits.total,
        h11_max_incomplete_event_size=connections.MAX_HEAD,
    )

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            asyncio.get_running_loop().set_exception_handler(connections.AcceptErrors())
            await super().startup(sockets)

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            super().handle_exit(sig, frame)
            with contextlib.suppress(RuntimeError):  # no loop runs (yet, or any more)
                loop = asyncio.get_running_loop()
                loop.call_soon_threadsafe(app.stopping)

    # Ctrl-C: uvicorn stops gracefully, then raises the signal again; the games
    # are saved (every write is atomic), so that is a normal end.
    with contextlib.suppress(KeyboardInterrupt):
        Server(config).run()
    return 0
