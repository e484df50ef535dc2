"""The Bansan board's scene built from the view generically (issue 28, point 1) sends
bansan.js the same JSON, byte for byte, as the scene written field by field before it."""

from __future__ import annotations

import json
import random

import pytest

from marketlib import bansan
from marketlib.bansan.fuzz import person_action
from marketlib.widgets.bansan_table import BansanTable

RULES = {
    "standard": bansan.Rules(players=3),
    "open wallets": bansan.Rules(players=2, hidden_wallets=False),
    "kenduri": bansan.Rules(players=4, mode="kenduri"),
    "sendiri": bansan.Rules(players=1, mode="sendiri"),
    "five": bansan.Rules(players=5),
}


def positions(rules: bansan.Rules, seed: int, steps: int) -> list[bansan.State]:
    """A seeded game: random legal actions, and now and then what a person tries (trades,
    bargains, counters; applied when legal), so offers and every pending kind appear."""
    rng = random.Random(seed)
    state = bansan.setup(rules, seed=seed)
    out = [state]
    for _ in range(steps):
        if state.result is not None:
            break
        action = None
        if rules.mode != "sendiri" and rng.random() < 0.3:
            tried = person_action(state, rng.randrange(rules.players), rng)
            if bansan.explain(state, tried) is None:
                action = tried
        state = bansan.apply(state, action or rng.choice(bansan.legal_actions(state)))
        out.append(state)
    return out


@pytest.mark.parametrize("mode", RULES)
def test_the_scene_is_byte_identical_to_the_hand_written_one(mode: str) -> None:
    table = BansanTable()
    rules = RULES[mode]
    kinds: set[str] = set()
    for seed in range(6):
        for state in positions(rules, seed, 250):
            for seat in (None, *range(rules.players)):
                view = bansan.view(state, seat)
                for decider in (state.current, None):
                    new = json.dumps(table.scene(view, decider))
                    old = json.dumps(table.scene_by_hand(view, decider))
                    assert new == old, (mode, seed, seat)
            kinds.add(type(state.pending).__name__)
            kinds.add(type(state.offer).__name__)
    assert len(kinds) >= 4, kinds
