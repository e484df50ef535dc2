"""Boards in Bahasa Malaysia (issue 30, point 5): every word template fills in every position a
random game reaches (no slot missing), the words are Malay, and the game is the same."""

from __future__ import annotations

import json
import random

import pytest

from marketlib.core.i18n import get_language
from marketlib.widgets import play_board

GAMES = [("bansan", 3), ("kenduri", 3), ("sendiri", 1), ("monsoon", 2)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_random_game_reads_in_malay_and_plays_the_same(game: str, players: int) -> None:
    malay = play_board(game, players, seed=7, opponents=None, lang="ms")
    english = play_board(game, players, seed=7, opponents=None)
    rng = random.Random(3)
    for _ in range(60):
        if malay.match.outcome is not None:
            break
        ms, en = json.dumps(malay.session.traits()), json.dumps(english.session.traits())
        assert ms != en
        assert len(json.loads(ms)["choices"]) == len(json.loads(en)["choices"])
        action = rng.choice(malay.match.legal_actions())
        malay.play(action)
        english.play(action)
    assert malay.match.history == english.match.history
    assert get_language() == "en"  # a board's language is its own
    traits = malay.session.traits()
    assert traits["scene"].get("title") not in ("Action Phase", "Stocking Phase")
    assert english.session.traits()["cards"]["words"]["waited"] == "While you waited"
    assert traits["cards"]["words"]["waited"] == "Semasa anda menunggu"


@pytest.mark.parametrize(("game", "options"), [
    ("bansan", {"players": 2}), ("bansan", {"players": 2, "mode": "kenduri"}),
    ("bansan", {"players": 1, "mode": "sendiri"}), ("monsoon", {"players": 3, "max_turns": 30})])
def test_the_end_of_a_game_reads_in_malay(game: str, options: dict[str, object]) -> None:
    from marketlib import bansan, monsoon
    from marketlib.core.i18n import language
    from marketlib.sim import play
    from marketlib.widgets import table_of
    from marketlib.widgets.payload import summary_text

    module = bansan if game == "bansan" else monsoon
    for seed in (51,):
        match = play(game, module.Rules(**options), ["greedy"], seed=seed).to_match()
        view = match.game.view(match.state, 0)
        english = summary_text(match, table_of(game), view)
        with language("ms"):
            malay = summary_text(match, table_of(game), view)
        assert english.startswith("Game over: ") and malay.startswith("Permainan tamat: ")
        assert "Standings" not in malay and "tied on" not in malay
