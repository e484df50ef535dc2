"""Another move tried while a Bonus Action waits is refused in words, not the action's code
(helper-62 read "the Bonus Action of MO-23 is steal2, not fulfill_another")."""

from __future__ import annotations

import random

from marketlib import Match, monsoon
from marketlib.core.i18n import language, refusal
from marketlib.monsoon import BonusPending, Fulfill, Steal, Upgrade

WORDS = {"upgrade": "to upgrade an Order", "keep1": "to keep 1 spent card",
         "fulfill_another": "to fulfil another Order", "steal2": "to steal 2 cards"}


def test_a_move_tried_during_a_bonus_action_names_it_in_words() -> None:
    seen = set()
    for seed in range(20):
        match = Match("monsoon", monsoon.Rules(players=3), seed=seed)
        rng = random.Random(seed)
        while not match.is_over and len(seen) < 4:
            state = match.state
            pending = state.pending
            if isinstance(pending, BonusPending):
                seat = match.current_player
                kind = pending.action.value
                tried = (Upgrade(player=seat, order=pending.order) if kind != "upgrade" else
                         Steal(player=seat, card=next(iter(monsoon.catalog(state).goods))))
                if kind == "steal2":
                    tried = Fulfill(player=seat, order=pending.order)
                why = match.explain(tried)
                assert why is not None
                assert why.reason == (f"the Bonus Action of {pending.order} is {WORDS[kind]}: "
                                      "take it or skip"), why
                with language("ms"):
                    assert refusal(why.reason).startswith(f"Tindakan Bonus {pending.order} ialah ")
                seen.add(kind)
            match.play(rng.choice(match.legal_actions()))
    assert seen == set(WORDS), seen
