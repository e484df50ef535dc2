"""The conformance kit on Bansan: 250 random games for each of 2-5 players, Events off and on
(issue 3), and 200 for each mode setting (issue 4: Kenduri at 2 and 5 players, Sendiri normal
and hard), in chunks so pytest-xdist can spread them. ``MARKETLIB_CONFORMANCE_SCALE=10`` runs
ten times as many."""

from __future__ import annotations

import pytest
from conftest import conformance_games

from marketlib import bansan
from marketlib.core.testing import check_game

pytestmark = pytest.mark.slow

CHUNK = 25
SETTINGS = [(p, e) for p in (2, 3, 4, 5) for e in ("off", "reconstructed")]
GAMES = conformance_games(250)


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
@pytest.mark.parametrize(("players", "events"), SETTINGS)
def test_bansan_conformance(players: int, events: str, chunk: int) -> None:
    rules = bansan.Rules(players=players, events=events)  # type: ignore[arg-type]
    report = check_game(bansan, rules, n_games=CHUNK,
                        seed=10_000 * players + (500_000 if events == "off" else 0)
                        + chunk * CHUNK, any_time_rate=0.2)
    assert report.games == CHUNK
    assert report.decisions > CHUNK * 50
    assert report.illegal_checked > 0
    assert report.any_time > CHUNK // 2  # out-of-turn R&R at random decision points (A-B-60)
    assert sum(report.endings.values()) == CHUNK


MODE_SETTINGS = {
    "kenduri-2p": {"players": 2, "mode": "kenduri"},
    "kenduri-5p": {"players": 5, "mode": "kenduri"},
    "sendiri": {"players": 1, "mode": "sendiri"},
    "sendiri-hard": {"players": 1, "mode": "sendiri", "hard": True},
}
MODE_GAMES = conformance_games(200)


@pytest.mark.parametrize("chunk", range(MODE_GAMES // CHUNK))
@pytest.mark.parametrize("setting", list(MODE_SETTINGS))
def test_bansan_mode_conformance(setting: str, chunk: int) -> None:
    spec = MODE_SETTINGS[setting]
    rules = bansan.Rules(**spec)  # type: ignore[arg-type]
    report = check_game(bansan, rules, n_games=CHUNK,
                        seed=900_000 + 10_000 * list(MODE_SETTINGS).index(setting) + chunk * CHUNK)
    assert report.games == CHUNK
    assert report.decisions > CHUNK * (60 if spec["players"] == 1 else 50)
    assert report.illegal_checked > 0
    ending = {"kenduri": ("collective_loss", "money"), "sendiri": ("solo_win", "solo_loss")}
    assert set(report.endings) <= set(ending[str(spec["mode"])])


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


@pytest.mark.parametrize("options", [
    {"players": 3, "mode": "kenduri", "events": "reconstructed"},
    {"players": 4, "mode": "kenduri", "kenduri_deadline": "deck_exhausted",
     "closing_round": False},
    {"players": 1, "mode": "sendiri", "solo_throw_choice": "last_tucked",
     "solo_opening_halves": "free", "solo_compare": ">", "solo_require_target": False},
])
def test_bansan_mode_conformance_options(options: dict[str, object]) -> None:
    rules = bansan.Rules(**options)  # type: ignore[arg-type]
    report = check_game(bansan, rules, n_games=10, seed=78)
    assert report.games == 10
