"""Blocking work off the event loop, and where threads cannot start.

Under ``referee serve`` a step waits on the engine's file lock and writes with
``fsync``, so each request's work runs in a worker thread
(:func:`asyncio.to_thread`) and the event loop stays free. In the browser
(the offline site runs this same application in Pyodide, where
``sys.platform`` is ``"emscripten"`` and no thread can start) there is one
page and one player at a time, so the work runs in line.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

INLINE = sys.platform == "emscripten"
"""No threads here (Pyodide): blocking work runs in the event loop's own turn."""


async def offload(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args)``, in a worker thread (or in line where threads cannot start)."""
    if INLINE:
        return fn(*args, **kwargs)
    return await asyncio.to_thread(fn, *args, **kwargs)
