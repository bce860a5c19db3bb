"""A real ``referee serve`` process and a phone-sized headless Chromium, for the
process and browser tests, the load test and ``scripts/screenshots``."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = (390, 844)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A running ``referee serve`` (a real process on 127.0.0.1)."""

    process: subprocess.Popen[str]
    port: int
    dir: Path
    token: str | None = None
    output: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        raw: bytes | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            head = dict(headers or {})
            data = raw
            if body is not None:
                data = json.dumps(body).encode()
                head.setdefault("Content-Type", "application/json")
            if self.token:
                head.setdefault("X-Referee-Token", self.token)
            conn.request(method, path, body=data, headers=head)
            resp = conn.getresponse()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
        finally:
            conn.close()

    def json(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        status, _, data = self.request(method, path, body)
        return status, json.loads(data)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


def referee_command() -> list[str]:
    exe = Path(sys.executable).with_name("referee")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "referee"]


@contextlib.contextmanager
def serving(
    folder: Path,
    *,
    lan: bool = False,
    env: dict[str, str] | None = None,
    port: int | None = None,
) -> Iterator[Server]:
    """Start ``referee serve --dir FOLDER`` on a free port (or ``port``: a
    server started again where the pages knew it); stop it afterwards."""
    port = port or free_port()
    args = [*referee_command(), "serve", "--dir", str(folder), "--port", str(port)]
    if lan:
        args.append("--lan")
    environ = {**os.environ, "NO_COLOR": "1", "PYTHONUNBUFFERED": "1", **(env or {})}
    environ.pop("REFEREE_DICTIONARY", None)
    process = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=environ,
        cwd=str(folder.parent),
    )
    server = Server(process, port, folder)
    try:
        deadline = time.monotonic() + 30
        assert process.stdout is not None
        while time.monotonic() < deadline:
            if lan and server.token is None:
                line = process.stdout.readline()
                server.output.append(line)
                if "?token=" in line:
                    server.token = line.split("?token=", 1)[1].split()[0]
                continue
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                if process.poll() is not None:
                    raise RuntimeError("referee serve exited: " + "".join(server.output)) from None
                time.sleep(0.05)
        else:
            raise RuntimeError("referee serve did not start")
        yield server
    finally:
        server.stop()


def chrome(width: int = PHONE[0], height: int = PHONE[1], scale: float = 2) -> Any:
    """A headless system Chromium through the system chromedriver (nothing is
    downloaded), with the performance log on, at a phone's viewport."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="referee-chromium-")
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
        "--disable-extensions",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    # Chromium's own messages (a renderer that crashes says why there), kept
    # beside the profile: see chrome_log().
    service = Service(
        CHROMEDRIVER,
        service_args=["--enable-chrome-logs", "--log-level=WARNING"],
        log_output=str(Path(profile) / "chromedriver.log"),
    )
    driver = webdriver.Chrome(options=options, service=service)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": True},
    )
    driver._referee_profile = profile  # type: ignore[attr-defined]
    return driver


def chrome_log(driver: Any, lines: int = 60) -> str:
    """The end of what Chromium and its driver logged (warnings and worse)."""
    profile = getattr(driver, "_referee_profile", None)
    try:
        text = (Path(profile) / "chromedriver.log").read_text(errors="replace") if profile else ""
    except OSError:
        return ""
    return "\n".join(text.splitlines()[-lines:])


def quit_chrome(driver: Any) -> None:
    profile = getattr(driver, "_referee_profile", None)
    with contextlib.suppress(Exception):
        driver.quit()
    if profile:
        shutil.rmtree(profile, ignore_errors=True)


def requested_urls(driver: Any) -> list[str]:
    """Every URL the browser requested since the last call (performance log)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def have_browser() -> bool:
    return os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)


# ------------------------------------------------ controls by accessible name

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"


def _document(driver: Any) -> int:
    """The node of the document the page is in: the top one, or (the offline
    site, where the driver is switched into the shell's frame) the frame's."""
    if not getattr(driver, "_referee_in_frame", False):
        return int(driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"])
    top = driver.execute_cdp_cmd("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    stack = [top]
    while stack:
        node = stack.pop()
        if node.get("nodeName") == "IFRAME" and "contentDocument" in node:
            return int(node["contentDocument"]["nodeId"])
        stack.extend(node.get("children", []))
    raise AssertionError("the site shows no page (no frame)")


def _element(driver: Any, backend_id: int, css: str) -> list[Any]:
    """The page's element of a DOM node the DevTools protocol named (marked,
    then found by Selenium in the page's frame)."""
    from selenium.webdriver.common.by import By

    obj = driver.execute_cdp_cmd("DOM.resolveNode", {"backendNodeId": backend_id})
    mark = f"{time.monotonic_ns()}"
    driver.execute_cdp_cmd(
        "Runtime.callFunctionOn",
        {
            "objectId": obj["object"]["objectId"],
            "functionDeclaration": "function(m) { this.setAttribute('data-ax', m); }",
            "arguments": [{"value": mark}],
        },
    )
    return list(driver.find_elements(By.CSS_SELECTOR, f'{css}[data-ax="{mark}"]'))


def find_named(driver: Any, role: str, name: str) -> Any | None:
    """The control the accessibility tree names ``name`` with ``role``
    (Chromium's own computation, through the DevTools protocol), or ``None``.
    Only what a person can reach counts: hidden controls are not in the tree."""

    root = _document(driver)
    found = driver.execute_cdp_cmd(
        "Accessibility.queryAXTree", {"nodeId": root, "accessibleName": name, "role": role}
    )
    for node in found.get("nodes", []):
        if node.get("ignored") or "backendDOMNodeId" not in node:
            continue
        elements = _element(driver, node["backendDOMNodeId"], "")
        if elements:
            return elements[0]
    return None


def file_input(driver: Any, name: str, timeout: float = 10.0) -> Any:
    """The file chooser the accessibility tree names ``name`` (a ``button``).
    Chromium's tree query does not reach a file input's button, so the whole
    tree of the page's frame is read."""

    params: dict[str, Any] = {}
    if getattr(driver, "_referee_in_frame", False):
        frames = driver.execute_cdp_cmd("Page.getFrameTree", {})["frameTree"]["childFrames"]
        params["frameId"] = frames[0]["frame"]["id"]
    deadline = time.monotonic() + timeout
    while True:
        for node in driver.execute_cdp_cmd("Accessibility.getFullAXTree", params)["nodes"]:
            if (
                node.get("role", {}).get("value") == "button"
                and node.get("name", {}).get("value") == name
                and not node.get("ignored")
                and "backendDOMNodeId" in node
            ):
                found = _element(driver, node["backendDOMNodeId"], 'input[type="file"]')
                if found:
                    return found[0]
        if time.monotonic() > deadline:
            raise AssertionError(f"no file chooser named {name!r} after {timeout} s")
        time.sleep(0.05)


def named(driver: Any, role: str, name: str, timeout: float = 10.0) -> Any:
    """:func:`find_named`, waiting for the control to appear."""
    deadline = time.monotonic() + timeout
    while True:
        element = find_named(driver, role, name)
        if element is not None:
            return element
        if time.monotonic() > deadline:
            raise AssertionError(f"no {role} named {name!r} after {timeout} s")
        time.sleep(0.05)


def axe_violations(driver: Any) -> list[dict[str, Any]]:
    """axe-core (the npm package, node_modules/axe-core) run in the page: its
    serious and critical violations."""
    if not AXE.exists():
        raise RuntimeError("no node_modules/axe-core: scripts/setup --dev installs it")
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))))"
        ".catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));"
    )
    return [v for v in result if v.get("impact") in ("serious", "critical")]


def console_errors(driver: Any) -> list[str]:
    """The browser console's errors since the last call (SEVERE entries), but
    Chromium's own line for each answer with an error status (a refused step is
    a 422 by the API's contract: the page says it in words)."""
    return [
        e["message"]
        for e in driver.get_log("browser")
        if e.get("level") == "SEVERE"
        and not (e.get("source") == "network" and "Failed to load resource" in e["message"])
    ]


# ------------------------------------------- a phone, tapped by accessible name

WAIT = 10.0
"""Seconds a page is given to show what a test waits for."""


def press(driver: Any, name: str, role: str = "button") -> None:
    element = named(driver, role, name)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def fill(driver: Any, name: str, text: str, role: str = "textbox") -> None:
    element = named(driver, role, name)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.clear()
    element.send_keys(text)


def choose(driver: Any, name: str, option: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(named(driver, "combobox", name)).select_by_visible_text(option)


def text_of(driver: Any, css: str) -> str:
    return str(driver.find_element("css selector", css).text)


def wait_until(check: Callable[..., Any], what: str, timeout: float = WAIT) -> Any:
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        try:
            last = check()
        except Exception as exc:  # re-rendered while we looked
            last = exc
        else:
            if last:
                return last
        time.sleep(0.05)
    raise AssertionError(f"{what}: not after {timeout} s (last: {last!r})")


def headline(driver: Any, text: str) -> None:
    wait_until(lambda: text in text_of(driver, "#headline"), f"headline {text!r}")


def version(server: Server, name: str) -> int:
    status, headers, _ = server.request("GET", f"/api/games/{name}")
    assert status == 200
    return int(headers["x-referee-version"])


def at_version(server: Server, name: str, expected: int) -> None:
    wait_until(lambda: version(server, name) == expected, f"{name} at version {expected}")


def join(driver: Any, server: Server, name: str, me: str) -> None:
    driver.get(f"{server.url}/games/{name}")
    choose(driver, "I am", me)
    wait_until(lambda: driver.find_element("css selector", "#live.on"), "live updates")
