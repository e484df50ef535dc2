"""Shared test settings."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


def conformance_games(default: int) -> int:
    """How many random games a conformance setting plays (``MARKETLIB_CONFORMANCE_SCALE``
    multiplies the default, e.g. 10 for a long run)."""
    return default * int(os.environ.get("MARKETLIB_CONFORMANCE_SCALE", "1"))


@pytest.fixture(autouse=True)
def _board_errors_raise() -> Iterator[None]:
    """Boards raise unexpected exceptions from their message handlers in tests (a person sees
    a short message instead); a test of that message switches it off."""
    from marketlib.widgets.board import Board

    Board.raise_errors = True
    yield
    Board.raise_errors = False
