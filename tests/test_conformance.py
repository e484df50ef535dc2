"""The conformance kit on every game and mode: random legal games checked at every decision.

Monsoon Market: at least 1,000 games over 2-5 players and both seal targets (issue 2); set
``MARKETLIB_CONFORMANCE_SCALE=10`` for a long run.
"""

from __future__ import annotations

import pytest
from conftest import conformance_games

from marketlib import monsoon
from marketlib.core.testing import check_game

pytestmark = pytest.mark.slow

CHUNK = 25
MONSOON_SETTINGS = [(p, t) for p in (2, 3, 4, 5) for t in (15, 30)]
MONSOON_GAMES = conformance_games(125)  # per setting: 8 x 125 = 1,000


@pytest.mark.parametrize("chunk", range(MONSOON_GAMES // CHUNK))
@pytest.mark.parametrize(("players", "target"), MONSOON_SETTINGS)
def test_monsoon_conformance(players: int, target: int, chunk: int) -> None:
    rules = monsoon.Rules(players=players, seal_target=target)
    report = check_game(monsoon, rules, n_games=CHUNK, seed=1_000 * players + target * 100_000
                        + chunk * CHUNK)
    assert report.games == CHUNK
    assert report.decisions > CHUNK * 20
    assert report.illegal_checked > 0
    assert sum(report.endings.values()) == CHUNK


@pytest.mark.parametrize("allow_pass", [True, False])
@pytest.mark.parametrize("players", [2, 4])
def test_monsoon_conformance_goods_run_dry(players: int, allow_pass: bool) -> None:
    """Without reshuffles the Goods run dry; every game must still end (A-M-26 stalemate)."""
    rules = monsoon.Rules(players=players, goods_reshuffle=False, allow_pass=allow_pass)
    report = check_game(monsoon, rules, n_games=CHUNK, seed=7_000 + players)
    assert report.games == CHUNK
    assert report.endings["stalemate"] > 0
