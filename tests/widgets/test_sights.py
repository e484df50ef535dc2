"""A table's :class:`~marketlib.widgets.sight.Sights` keeps the sight of each state asked about
lately (issue 28: at least the last ``size``, at most twice as many, in two generations)."""

from __future__ import annotations

import random

from marketlib import bansan
from marketlib.core.match import Match
from marketlib.widgets.sight import Sights


def _states(count: int) -> list[bansan.State]:
    match = Match("bansan", bansan.Rules(players=3), seed=5)
    rng = random.Random(5)
    for _ in range(count - 1):
        match.play(rng.choice(match.legal_actions()))
    return list(match.states)


def test_the_last_states_asked_about_keep_their_sights() -> None:
    """Along 60 states asked about in a random order with repeats, a state asked about among
    the last ``size`` distinct ones gets the very sight it got (its view worked out once), and
    one not asked about for more than twice ``size`` gets a new one. Fails on a copy that
    drops the older generation, or keeps one generation only and clears it when full."""
    states = _states(60)
    sights = Sights(bansan, size=4)
    rng = random.Random(1)
    given: dict[int, object] = {}
    recent: list[int] = []  # distinct states, most recent last
    for _ in range(400):
        i = rng.choice(range(60)) if rng.random() < 0.5 else rng.choice(recent[-6:] or [0])
        sight = sights.of(states[i])
        assert sight.state is states[i]
        if i in recent[-4:]:
            assert sight is given[i], (i, recent[-8:])
        elif i in given and i not in recent[-8:]:
            assert sight is not given[i]
        given[i] = sight
        if i in recent:
            recent.remove(i)
        recent.append(i)
    view = sights.of(states[recent[-1]]).view(0)
    assert sights.of(states[recent[-1]]).view(0) is view
