"""One registry (issue 14): every layer finds games in ``marketlib.core.registry``, so a tiny
third game shipped in ``tests/toygame`` plays through ``Match``, saves, bots, ``play_many``
(in worker processes too), the command line and both conformance checks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from marketlib import Match, games
from marketlib.bots import GreedyBot, game_of
from marketlib.core import registry
from marketlib.core.registry import GameEntry
from marketlib.core.testing import check_game, check_hidden_information
from marketlib.sim import play, play_many

FIFTEEN = GameEntry(name="fifteen", module="toygame", defaults={"players": 2})


@pytest.fixture
def fifteen() -> Iterator[GameEntry]:
    registry.register(FIFTEEN)
    yield FIFTEEN
    registry.unregister("fifteen")


def test_the_shipped_games_and_modes_are_registered() -> None:
    assert registry.names() == ("bansan", "monsoon")
    assert registry.entry("bansan").board == "marketlib.widgets.bansan:BansanBoard"
    found, options = registry.mode("sendiri")
    assert found.name == "bansan" and options == {"players": 1, "mode": "sendiri"}
    assert sorted(games()) == ["bansan", "monsoon"]
    with pytest.raises(ValueError, match="unknown game 'chess'; choose one of bansan, monsoon"):
        Match("chess")
    with pytest.raises(ValueError, match="already names a mode of 'bansan'"):
        registry.register(GameEntry(name="sendiri", module="toygame"))


def test_a_third_game_plays_through_match_and_saves(fifteen: GameEntry,
                                                    tmp_path: Path) -> None:
    m = Match("fifteen", {"players": 3}, seed=4)
    rng = random.Random(0)
    while not m.is_over:
        m.play(rng.choice(m.legal_actions()))
    assert m.outcome is not None and len(m.outcome.scores) == 3
    again = Match.load(m.save(tmp_path / "fifteen.json"))
    assert again.state == m.state and again.history == m.history
    assert "fifteen" in games()


def test_a_third_game_plays_through_bots_and_play_many(fifteen: GameEntry) -> None:
    import toygame

    s = toygame.setup(toygame.Rules(players=2), 3)
    assert game_of(toygame.view(s, 0)) is toygame
    record = play("fifteen", None, [GreedyBot(), "random"], seed=2)
    assert record.outcome.ending.value == "turn_limit"
    one, _ = play_many("fifteen", None, ["random", "greedy"], n_games=24, seed=5)
    two, _ = play_many("fifteen", None, ["random", "greedy"], n_games=24, seed=5, n_jobs=2)
    assert len(one) == 48 and one.equals(two)


def test_a_third_game_passes_both_conformance_checks(fifteen: GameEntry) -> None:
    report = check_game("fifteen", None, n_games=40)
    assert report.games == 40 and report.decisions > 80
    hidden = check_hidden_information("fifteen", None, positions=60, worlds=3)
    assert hidden.positions == 60 and hidden.describe_groups > 0


def test_the_command_line_simulates_a_registered_game(
        fifteen: GameEntry, capsys: pytest.CaptureFixture[str]) -> None:
    from marketlib.__main__ import main

    assert main(["simulate", "fifteen", "--games", "10", "--bots", "random"]) == 0
    assert capsys.readouterr().out.startswith("Fifteen: 10 games")
    assert main(["simulate", "sendiri", "--games", "2", "--bots", "random"]) == 0
    assert "Bansan: 2 games" in capsys.readouterr().out
