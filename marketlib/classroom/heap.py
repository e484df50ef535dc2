"""Short garbage-collection pauses while a room is served (issue 31's load target).

Python's full (generation 2) collection walks every object the collector tracks, and its pause
grows with the heap: in a notebook's kernel that is every module imported (pandas, the games,
the bots) before the students' first move. Measured with ``benchmarks/classroom_load.py
--diagnose`` (60 students), those pauses held up every move in flight at once (18 in 120 s,
the longest 223 ms). While a room is served, the objects that existed when it started are
moved out of the collector's sight (``gc.freeze()``, after one collection so that no garbage is
frozen); the full collections then walk only what was made since (the tables' games). When the
last running room stops, they are handed back (``gc.unfreeze()``).

The cost: an object that was alive when the room started and becomes part of a garbage cycle
while it runs is freed only after the room stops (memory, never a wrong result).
"""

from __future__ import annotations

import gc
import threading

_lock = threading.Lock()
_serving = 0


def settle() -> None:
    """A room starts serving: collect once, then freeze what is alive (the first room only).

    Example (with no other room running in this process, the frozen objects are handed back):
        >>> serving = _serving
        >>> settle(); frozen = gc.get_freeze_count() > 0; release()
        >>> frozen, serving > 0 or gc.get_freeze_count() == 0
        (True, True)
    """
    global _serving
    with _lock:
        _serving += 1
        if _serving == 1:
            gc.collect()
            gc.freeze()


def release() -> None:
    """A room stops serving: the last one hands the frozen objects back to the collector."""
    global _serving
    with _lock:
        if _serving == 0:
            return
        _serving -= 1
        if _serving == 0:
            gc.unfreeze()


__all__ = ["release", "settle"]
