"""The random tester that plays like people, with the reconstructed Event deck on (RULES 4.1.5,
A-B-01): deals, bargains and R&R while Events change prices and money, among them the
purchase Events under which a BUY in progress commits other money (EV-13..16 free wholesale,
A-B-61) and a sale is at full price (EV-17..20). 3 players; fewer games than the default
tables (see ``cases.py``), as the Events are an option."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from marketlib.bansan import checks, queries
from marketlib.bansan.state import Purchase

from .cases import check

GAMES = 100


def test_people_at_a_table_with_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game ends and keeps every promise, and what a BUY in progress commits was asked
    while a purchase Event changed its price (the A-B-61 path the Event fix touched)."""
    priced: Counter[str] = Counter()
    real = queries.buy_commitment

    def counted(state: Any, player: int) -> int:
        pending = state.pending
        if (isinstance(pending, Purchase) and pending.picked and player == state.current
                and queries.price_event(state, pending.kind)):
            priced[pending.kind] += 1
        return real(state, player)

    monkeypatch.setattr(queries, "buy_commitment", counted)  # read by free_money (offers)
    monkeypatch.setattr(checks, "buy_commitment", counted)  # and by check_accept
    report = check(3, "standard", seed=26_900, games=GAMES, events="reconstructed")
    assert report.games == GAMES
    assert priced["wholesale"] > 0 and priced["sell"] > 0, priced
