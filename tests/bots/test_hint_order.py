"""A hint names its alternatives by their estimates, highest first, and the bot's reason calls
the first of them "next best": helper-91 read "next best began with ... at about 34%" beside
"Also weighed: ... (about 36% ...)", the search's order (how often each was tried), not its
score."""

from __future__ import annotations

import random
import re

from marketlib import Match, bansan, monsoon
from marketlib.bots.coach import hint
from marketlib.core.i18n import language


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


def test_a_move_tried_less_with_a_higher_estimate_is_not_called_next_best() -> None:
    """helper-95: the move played is the most tried; "next best" is the other move with the
    highest estimate. Should that estimate be above the played move's (a search stopped
    early), the reason says it was tried too few times, not that it is the next best."""
    from marketlib.bots.coach import _Coach
    from marketlib.bots.heuristics import heuristic_for

    match = Match("monsoon", monsoon.Rules(), seed=1)
    bot = _Coach(60)
    bot.ranked = []
    bot.choose(match.view(0), match.legal_actions(), random.Random(0))
    ranked = bot.ranked
    best = ranked[0]
    other = next(a for a in ranked[1:] if a.line.actions[0] != best.line.actions[0])
    plain = str(bot._explain(heuristic_for(monsoon), bot.table, 0, ranked, 60))
    assert "next best began with" in plain
    other.total = min(1.0, best.mean + 0.2) * other.visits  # as if it scored higher
    said = bot._explain(heuristic_for(monsoon), bot.table, 0, ranked, 60)
    percent = f"{100 * other.mean:.0f}"
    assert "next best" not in str(said)
    assert str(said).endswith(f"{other.line.actions[0]} scored about {percent}%, but in only "
                              f"{other.visits} of them, too few to trust it over this turn.")
    from marketlib.core.i18n import said as worded

    with language("ms"):
        assert worded(said).endswith(
            f"{other.line.actions[0]} mendapat skor kira-kira {percent}%, tetapi hanya dalam "
            f"{other.visits} daripadanya, terlalu sedikit untuk dipercayai berbanding giliran "
            "ini.")
