"""The random tester that plays like people: Bansan kenduri, 3 and 4 players (issue 26;
see ``cases.py``)."""

from __future__ import annotations

import pytest

from .cases import check


@pytest.mark.parametrize("players", [3, 4])
def test_people_at_a_kenduri_table(players: int) -> None:
    check(players, "kenduri", seed=26_000 + 100 * players)


def test_people_at_a_sendiri_table() -> None:
    check(1, "sendiri", seed=26_001)
