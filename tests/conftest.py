"""Shared test settings."""

from __future__ import annotations

import os


def conformance_games(default: int) -> int:
    """How many random games a conformance setting plays (``MARKETLIB_CONFORMANCE_SCALE``
    multiplies the default, e.g. 10 for a long run)."""
    return default * int(os.environ.get("MARKETLIB_CONFORMANCE_SCALE", "1"))
