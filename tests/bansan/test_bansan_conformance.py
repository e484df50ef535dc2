"""The conformance kit on Bansan: 250 random games for each of 2-5 players, Events off and on
(issue 3), in chunks so pytest-xdist can spread them. ``MARKETLIB_CONFORMANCE_SCALE=10`` runs
ten times as many."""

from __future__ import annotations

import pytest
from conftest import conformance_games

from marketlib import bansan
from marketlib.core.testing import check_game

CHUNK = 25
SETTINGS = [(p, e) for p in (2, 3, 4, 5) for e in ("off", "reconstructed")]
GAMES = conformance_games(250)


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
@pytest.mark.parametrize(("players", "events"), SETTINGS)
def test_bansan_conformance(players: int, events: str, chunk: int) -> None:
    rules = bansan.Rules(players=players, events=events)  # type: ignore[arg-type]
    report = check_game(bansan, rules, n_games=CHUNK,
                        seed=10_000 * players + (500_000 if events == "off" else 0)
                        + chunk * CHUNK)
    assert report.games == CHUNK
    assert report.decisions > CHUNK * 50
    assert report.illegal_checked > 0
    assert sum(report.endings.values()) == CHUNK


@pytest.mark.parametrize("options", [
    {"closing_round": False}, {"seller_may_refuse": True}, {"duplicate_rule": "top_only"},
    {"online_sell_source": "both", "buy_multi_seller": False}, {"actions_exact": True},
    {"events": "reconstructed", "event_deck_exhausted": "reshuffle",
     "star_sources": ("replenish", "deck_stock")},
])
def test_bansan_conformance_options(options: dict[str, object]) -> None:
    rules = bansan.Rules(players=3, **options)  # type: ignore[arg-type]
    report = check_game(bansan, rules, n_games=10, seed=77)
    assert report.games == 10
