"""The random tester that plays like people: Bansan standard, 2 and 5 players (issue 26;
see ``cases.py``)."""

from __future__ import annotations

import pytest

from .cases import check


@pytest.mark.parametrize("players", [2, 5])
def test_people_at_a_standard_table(players: int) -> None:
    check(players, "standard", seed=26_000 + 100 * players)
