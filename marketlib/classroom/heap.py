"""Short pauses while a room is served (issue 31's load target): the garbage collector's and
the interpreter lock's.

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

The server's loop shares the interpreter lock with the worker threads that play the tables'
moves (a computer player's move for the timer can take half a second). Each time the loop lets
the lock go (a socket write, compressing a message) it waits for the running thread's switch
interval to get it back: 5 ms by default, many times per message, for every message in flight.
While a room is served the interval is :data:`SWITCH_INTERVAL` (handed back as it was when the
last room stops). Measured with ``benchmarks/classroom_load.py --seconds 120 --treatments
--predict --timer 3 --away 0.05`` (60 students, 2 cores): p95 round trip 56.8 and 68.8 ms with
5 ms, 45.5 and 47.4 ms with 1 ms, 38.0 ms with 0.5 ms.
"""

from __future__ import annotations

import gc
import sys
import threading

SWITCH_INTERVAL = 0.0005
"""Seconds a thread holds the interpreter lock before another may take it, while serving."""

_lock = threading.Lock()
_serving = 0
_interval = 0.0


def settle() -> None:
    """A room starts serving: collect once, then freeze what is alive, and shorten the
    interpreter's switch interval (the first room only).

    Example (with no other room running in this process, the frozen objects are handed back):
        >>> serving = _serving
        >>> before = sys.getswitchinterval()
        >>> settle(); frozen = gc.get_freeze_count() > 0; short = sys.getswitchinterval()
        >>> release()
        >>> frozen, short == SWITCH_INTERVAL, serving > 0 or gc.get_freeze_count() == 0
        (True, True, True)
        >>> serving > 0 or sys.getswitchinterval() == before
        True
    """
    global _serving, _interval
    with _lock:
        _serving += 1
        if _serving == 1:
            gc.collect()
            gc.freeze()
            _interval = sys.getswitchinterval()
            sys.setswitchinterval(min(_interval, SWITCH_INTERVAL))


def release() -> None:
    """A room stops serving: the last one hands the frozen objects back to the collector and
    the switch interval back as it was."""
    global _serving
    with _lock:
        if _serving == 0:
            return
        _serving -= 1
        if _serving == 0:
            gc.unfreeze()
            sys.setswitchinterval(_interval)


__all__ = ["SWITCH_INTERVAL", "release", "settle"]
