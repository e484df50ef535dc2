"""A hint names its alternatives by their estimates, highest first, and the bot's reason calls
the first of them "next best": helper-91 read "next best began with ... at about 34%" beside
"Also weighed: ... (about 36% ...)", the search's order (how often each was tried), not its
score."""

from __future__ import annotations

import random
import re

from marketlib import Match, bansan, monsoon
from marketlib.bots.coach import hint


def _hints() -> list:
    made = []
    for name, rules in (("bansan", bansan.Rules(players=3)), ("monsoon", monsoon.Rules())):
        for seed in range(3):
            match = Match(name, rules, seed=seed)
            rng = random.Random(seed)
            for _ in range(40):
                if match.is_over:
                    break
                seat = match.current_player
                assert seat is not None
                legal = match.legal_actions()
                if len(legal) > 2 and rng.random() < 0.35:
                    made.append(hint(match.view(seat), legal, iterations=80))
                match.play(rng.choice(legal))
    return made


def test_the_alternatives_read_highest_first_and_next_best_is_the_first() -> None:
    told = 0
    for h in _hints():
        if h.undecided or h.best is None:
            continue
        chances = [o.chance for o in h.alternatives]
        assert chances == sorted(chances, reverse=True), h.text
        found = re.search(r"next best began with (.+?) at about (\d+)%", h.reason)
        others = [o for o in h.alternatives if o.action != h.action]
        if found and others:
            assert found.group(1) == str(others[0].action), h.text
            assert found.group(2) == f"{100 * others[0].chance:.0f}", h.text
            told += 1
    assert told >= 15, told  # (the search's order fails the first assertion in these hints)
