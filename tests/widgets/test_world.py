"""A board's world (issue 28, speed): ``world_of`` shuffles with a faster stream that gives
exactly ``game.determinize(view, random.Random(WORLD_SEED))``."""

from __future__ import annotations

import random

from marketlib import Match, bansan, monsoon
from marketlib.widgets.sight import WORLD_SEED, _Stream, world_of


def test_the_stream_shuffles_as_random() -> None:
    ours, theirs = _Stream(7), random.Random(7)
    for size in (0, 1, 2, 3, 64, 65, 130):
        a, b = list(range(size)), list(range(size))
        ours.shuffle(a)
        theirs.shuffle(b)
        assert a == b
    assert ours.getrandbits(62) == theirs.getrandbits(62)


def test_world_of_is_determinize_with_the_world_seed() -> None:
    for game, rules in (("bansan", bansan.Rules(players=3)), ("monsoon", monsoon.Rules())):
        match = Match(game, rules, seed=2)
        rng = random.Random(2)
        for _ in range(40):
            seat = match.current_player
            view = match.view(seat)
            assert world_of(match.game, view) == match.game.determinize(
                view, random.Random(WORLD_SEED))
            match.play(rng.choice(match.legal_actions()))
