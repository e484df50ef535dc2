"""The strong bot's reason names as "next best" another move than the one it plays: a line
of play that begins with the chosen move is no alternative to it (found by helper-63:
"the coach plays buy-wholesale SF ... next best began with P3 buy-wholesale SF at about
34%")."""

from __future__ import annotations

import random
import re

from marketlib import Match, bansan
from marketlib.bots import ISMCTSBot


def test_next_best_is_another_move() -> None:
    told = 0
    for seed in range(2):
        match = Match("bansan", bansan.Rules(players=4), seed=seed)
        bot = ISMCTSBot(iterations=40, max_nodes=200)
        rng = random.Random(seed)
        last = None
        for _ in range(60):
            if match.is_over:
                break
            seat = match.current_player
            assert seat is not None
            action = bot.choose(match.view(seat), match.legal_actions(), rng)
            why = str(bot.explain_choice())
            found = re.search(r"next best began with (.+?) at about", why)
            if found and why != last:  # a new search: its line begins with the action played
                assert found.group(1) != str(action), why
                told += 1
            last = why
            match.play(action)
    assert told >= 20, told
