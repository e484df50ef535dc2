"""The random tester that plays like people: Bansan standard, 3 and 4 players (issue 26;
see ``cases.py``)."""

from __future__ import annotations

import pytest

from .cases import check


@pytest.mark.parametrize("players", [3, 4])
def test_people_at_a_standard_table(players: int) -> None:
    check(players, "standard", seed=26_000 + 100 * players)
