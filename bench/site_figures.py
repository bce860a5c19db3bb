"""The offline site's figures, in Debian's Chromium at 390x844 (medians).

- **Cold load to first verdict**: a new browser profile (nothing cached, no
  service worker yet) opens the site, served on loopback by ``python -m
  http.server``; the time from the navigation's start to the answer of a
  first ``check-word`` through the site's transport. Its peer, in the same
  run: a bare page that only starts Pyodide from the same files (its own
  start-up, ``loadPyodide()``), also cold. Target: at most 2x.
- **A verdict in the page**: a ``check-word`` through the site's transport
  (what the pages' client calls), once started; against the same request to
  the same application under CPython here (:class:`referee.site.browser.Browser`):
  the WebAssembly interpreter's cost. Target: at most 100 ms.
- **The site's bytes by part**: from ``site.json``, against the 40 MB budget.

Run: ``.venv/bin/python bench/site_figures.py`` (needs scripts/setup --dev:
Chromium and the pinned pyodide).
"""

from __future__ import annotations

import asyncio
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests"))

from serve_helpers import chrome, free_port, quit_chrome  # noqa: E402

ROUNDS = 5
VERDICTS = 30
BUDGET = 40_000_000

BARE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pyodide</title></head>
<body><script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
py.runPython("1 + 1");
window.startedAt = performance.now();
</script></body></html>
"""

LAYOUT = {"letters": ["searstoep", "komieguud", "bhvnlcwyf", "wealotaru", "gjtdaqnxz",
                      "noirtcamt", "etecstars", "planoetyb", "aopetmish"]}  # fmt: skip
CHECK = json.dumps({"word": "seas", "layout": LAYOUT, "at": "D1"})

FIRST = """const done = arguments[arguments.length - 1];
const wait = () => window.refereeReady ? go() : setTimeout(wait, 10);
const go = () => window.refereeSite.fetch("POST", "/api/check-word", arguments[0])
  .then(r => done([performance.now(), r.status]));
wait();"""

AGAIN = """const done = arguments[arguments.length - 1];
const times = [];
(async () => {
  for (let i = 0; i < arguments[1]; i++) {
    const t = performance.now();
    const r = await window.refereeSite.fetch("POST", "/api/check-word", arguments[0]);
    if (r.status !== 200) { done(["status", r.status]); return; }
    times.push(performance.now() - t);
  }
  done(times);
})();"""


def cold(url: str, script: str | None) -> list[Any]:
    driver = chrome()
    driver.set_script_timeout(120)
    try:
        driver.get(url)
        if script is None:
            deadline = time.monotonic() + 120
            while driver.execute_script("return window.startedAt || null") is None:
                if time.monotonic() > deadline:
                    raise RuntimeError("Pyodide did not start")
                time.sleep(0.01)
            return [driver.execute_script("return window.startedAt")]
        first = driver.execute_async_script(script, CHECK)
        times = driver.execute_async_script(AGAIN, CHECK, VERDICTS)
        return [first, times]
    finally:
        quit_chrome(driver)


def in_cpython(folder: str) -> float:
    from referee.site.browser import Browser

    browser = Browser(folder)

    async def run() -> list[float]:
        await browser.request("POST", "/api/check-word", CHECK)
        out = []
        for _ in range(VERDICTS):
            t = time.perf_counter()
            await browser.request("POST", "/api/check-word", CHECK)
            out.append((time.perf_counter() - t) * 1000)
        return out

    return statistics.median(asyncio.run(run()))


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="referee-site-bench-"))
    site = work / "site"
    try:
        subprocess.run(
            [str(REPO / ".venv" / "bin" / "referee"), "site", "build", str(site)],
            cwd=REPO, check=True, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        (site / "bare.html").write_text(BARE, encoding="utf-8")
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "-b", "127.0.0.1", "-d", str(site)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        time.sleep(1)
        base = f"http://127.0.0.1:{port}/"
        try:
            bare, first, page = [], [], []
            for _ in range(ROUNDS):  # interleaved: both see the machine as it is
                bare.append(cold(base + "bare.html", None)[0])
                (at, status), times = cold(base, FIRST)
                assert status == 200, status
                first.append(at)
                page.append(statistics.median(times))
        finally:
            server.terminate()
            server.wait()
        floor = in_cpython(str(work / "games"))
        doc = json.loads((site / "site.json").read_text())
        b, f, p = statistics.median(bare), statistics.median(first), statistics.median(page)
        print(f"# the offline site, Chromium {ROUNDS} cold loads each (medians)")
        print(f"pyodide start-up alone        {b:8.0f} ms")
        print(
            f"site: load to first verdict   {f:8.0f} ms   {f / b:5.2f}x pyodide alone (target <= 2x)"
        )
        print(f"a verdict in the page         {p:8.1f} ms   target <= 100 ms")
        print(f"the same under CPython here   {floor:8.1f} ms   page {p / floor:5.1f}x")
        print(
            f"site bytes                    {doc['bytes']:>8,}      {doc['bytes'] / BUDGET:5.2f}x the 40 MB budget"
        )
        for part, n in sorted(doc["parts"].items(), key=lambda kv: -kv[1]):
            print(f"  {part:<27} {n:>10,}   {n / doc['bytes']:5.1%}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
