"""A computer player's reason counts its seals in good English: "(1 seal)", not "(1 seals)"
(helper-62)."""

from __future__ import annotations

import random

from marketlib import Match, monsoon
from marketlib.bots import GreedyBot


def test_one_seal_is_singular_in_a_reason() -> None:
    said: list[str] = []
    for seed in range(6):
        match = Match("monsoon", monsoon.Rules(players=2), seed=seed)
        bots = [GreedyBot(), GreedyBot()]
        rng = random.Random(seed)
        while not match.is_over:
            seat = match.current_player
            assert seat is not None
            bot = bots[seat]
            match.play(bot.choose(match.view(seat), match.legal_actions(), rng))
            said.append(str(bot.explain_choice()))
    assert not any("(1 seals)" in why for why in said)
    assert any("(1 seal) next turn" in why for why in said)
    assert any("seals) next turn" in why for why in said)
