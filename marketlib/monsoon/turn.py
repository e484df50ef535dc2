"""The end of a Monsoon Market turn (M-TURN-02/03, M-END-03) and the turn as a phase table."""

from __future__ import annotations

import random

from marketlib.core.flow import Flow, Phase
from marketlib.core.game import Ending
from marketlib.monsoon.queries import catalog
from marketlib.monsoon.scoring import final_ranking
from marketlib.monsoon.state import State, TakePending


def _refill(state: State) -> State:
    """M-TURN-02/03 (A-M-20): Market first, then Orders; reshuffle the discard pile if the Goods
    deck runs out (A-M-05), seeded by the hidden ``shuffle_key``."""
    rules = state.rules
    market = list(state.market)
    deck = list(state.goods_deck)
    discard = state.discard
    reshuffles = state.reshuffles
    while len(market) < rules.market_size:
        if not deck:
            if not (rules.goods_reshuffle and discard):
                break
            deck = list(discard)
            random.Random(state.shuffle_key * 1_000_003 + reshuffles).shuffle(deck)
            discard = ()
            reshuffles += 1
        market.append(deck.pop(0))
    room = rules.order_display_size - len(state.order_display)
    return state.replace(
        market=tuple(market),
        goods_deck=tuple(deck),
        discard=discard,
        reshuffles=reshuffles,
        order_display=state.order_display + state.order_deck[:room],
        order_deck=state.order_deck[room:],
    )


def _end_turn(state: State) -> State:
    state = _refill(state).replace(turn=state.turn + 1, pending=None)
    rules = state.rules
    if rules.orders_exhausted_end and not state.order_display and not state.order_deck:
        return state.replace(result=final_ranking(state, catalog(state), Ending.ORDERS_EXHAUSTED),
                             phase="over")
    if rules.max_turns is not None and state.turn >= rules.max_turns:
        return state.replace(result=final_ranking(state, catalog(state), Ending.TURN_LIMIT),
                             phase="over")
    return state.replace(current=(state.current + 1) % len(state.seats))


def _take_done(state: State) -> bool:
    pending = state.pending
    return not isinstance(pending, TakePending) or pending.remaining == 0


FLOW: Flow[State] = Flow(
    phases={
        "action": Phase("action", frozenset({"steal", "buy", "fulfill", "pass"}), "M-TURN-01"),
        "take": Phase("take", frozenset({"take", "skip"}), "M-BUY-01", end_if=_take_done,
                      on_end=lambda s: s.replace(pending=None), next="end"),
        "spend": Phase("spend", frozenset({"spend", "spend_bonus", "declare"}), "M-FUL-01"),
        "bonus": Phase("bonus", frozenset({"upgrade", "keep", "fulfill", "steal", "skip"}),
                       "M-FUL-08", end_if=lambda s: s.pending is None, next="end"),
        "end": Phase("end", frozenset(), "M-TURN-02", end_if=lambda s: True, on_end=_end_turn,
                     next="action"),
        "over": Phase("over", frozenset(), "M-END-01"),
    },
    get_phase=lambda s: s.phase,
    set_phase=lambda s, name: s.replace(phase=name),
    is_over=lambda s: s.result is not None,
)
"""The Monsoon Market turn (M-TURN-01..03) as a phase table; hook order in ``core.flow``."""
