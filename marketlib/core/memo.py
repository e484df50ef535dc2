"""The legal actions last listed, per thread (docs: "Games and the registry").

``legal_actions(state)`` remembers its answer here, so an ``apply(state, action)`` that follows
with one of those actions need not run the rules' checks again (the answer comes from the very
same checks). The memory is per thread and holds one state, compared by identity: states are
immutable, so it is never stale, and threads (simulation on dask) never see each other's.
"""

from __future__ import annotations

import threading
from typing import Any

_LOCAL = threading.local()


def remember(state: Any, legal: tuple[Any, ...]) -> tuple[Any, ...]:
    """Note ``legal`` as the legal actions of ``state``; returns ``legal``."""
    _LOCAL.last = (state, legal)
    return legal


def known_legal(state: Any, action: Any) -> bool:
    """True when ``action`` was listed as legal for this very ``state`` on this thread."""
    last = getattr(_LOCAL, "last", None)
    return last is not None and last[0] is state and action in last[1]


__all__ = ["known_legal", "remember"]
