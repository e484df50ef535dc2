"""The end of a Monsoon Market turn (M-TURN-02/03, M-END-03) and the turn as a phase table.

Deadlock avoidance (A-M-06, A-M-21; marketlib's resolution A-M-26): a seat with no Steal, Buy or
Fulfill available must pass, even with ``allow_pass=False`` (a *forced* pass, counted in
``State.forced_passes``; any other action resets the count, and so do new cards from a refill).
When every seat in turn has been forced to pass, nobody can ever act again, so the game ends with
the M-END-03 ranking and ``Ending.STALEMATE``. A voluntary pass never ends the game.

With ``allow_pass=False`` the players can also be forced round a loop: e.g. with the Goods run
dry, two seats with one card between them must steal it back and forth for ever. So a turn in
which every decision had exactly one legal option is *forced* too (``State.forced_turns``), and
when a streak of forced turns brings the visible table back to a position it already reached in
the streak (found with Brent's cycle detection: ``State.loop_mark`` holds a fingerprint of the
table at the streak's power-of-two steps), the game ends in the same stalemate.
"""

from __future__ import annotations

import hashlib
import random
from operator import attrgetter
from typing import Any

import msgspec
from msgspec.structs import replace

from marketlib.core.flow import Flow, Phase
from marketlib.monsoon import offers as O
from marketlib.monsoon.queries import catalog
from marketlib.monsoon.scoring import final_ranking
from marketlib.monsoon.state import BonusPending, Ending, State, TakePending


def _refill(state: State) -> dict[str, Any]:
    """M-TURN-02/03 (A-M-20): Market first, then Orders; reshuffle the discard pile if the Goods
    deck runs out (A-M-05), seeded by the hidden ``shuffle_key``. Returns the changed fields."""
    rules = state.rules
    changes: dict[str, Any] = {}
    if len(state.market) < rules.market_size:
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
        changes.update(market=tuple(market), goods_deck=tuple(deck), discard=discard,
                       reshuffles=reshuffles)
    room = rules.order_display_size - len(state.order_display)
    if room > 0 and state.order_deck:
        changes.update(order_display=state.order_display + state.order_deck[:room],
                       order_deck=state.order_deck[room:])
    return changes


def _end_turn(state: State) -> State:
    """M-TURN-02/03 refills, then the ends in this order: M-END-03 (Orders exhausted), the
    stalemate (A-M-26: every seat in turn was forced to pass), the turn cap (A-M-06)."""
    changes = _refill(state)
    forced = state.forced_passes
    if forced and (changes.get("market", state.market) != state.market
                   or changes.get("order_display", state.order_display) != state.order_display):
        forced = 0  # new cards: the seats may act again
    state = replace(state, turn=state.turn + 1, pending=None, forced_passes=forced, **changes)
    rules = state.rules
    looped = False
    if state.forced_turns:
        state, looped = _loop_check(state)
    ending = None
    if rules.orders_exhausted_end and not state.order_display and not state.order_deck:
        ending = Ending.ORDERS_EXHAUSTED
    elif looped or state.forced_passes >= len(state.seats):
        ending = Ending.STALEMATE
    elif rules.max_turns is not None and state.turn >= rules.max_turns:
        ending = Ending.TURN_LIMIT
    if ending is not None:
        return replace(state, result=final_ranking(state, catalog(state), ending))
    return replace(state, current=(state.current + 1) % len(state.seats))


def fingerprint(state: State) -> str:
    """A stable digest of what the table shows at the start of the next turn (never the decks'
    order, which is hidden; it only changes by visible draws and reshuffles)."""
    table = (state.market, state.discard, state.order_display, state.seats, state.current,
             len(state.goods_deck), len(state.order_deck), state.reshuffles)
    return hashlib.sha256(msgspec.json.encode(table)).hexdigest()[:16]


def _loop_check(state: State) -> tuple[State, bool]:
    """Brent's cycle detection over a streak of forced turns: re-anchor the mark at steps 1, 2,
    4, 8, ...; a later step of the streak that matches the mark has come round a loop."""
    mark = fingerprint(state)
    step = state.forced_turns
    if step & (step - 1) == 0:  # a power of two
        return replace(state, loop_mark=mark), False
    return state, mark == state.loop_mark


def _take_done(state: State) -> bool:
    pending = state.pending
    return not isinstance(pending, TakePending) or pending.remaining == 0


def _after_buy(state: State) -> str:
    """M-BUY-01: a Buy that leaves cards to choose goes on to take them; else the turn ends."""
    return "take" if isinstance(state.pending, TakePending) else "end"


def _after_declare(state: State) -> str:
    """M-FUL-04..08: a Gold or Silver fulfilment may go on to its Bonus Action."""
    return "bonus" if isinstance(state.pending, BonusPending) else "end"


def _bonus_done(state: State) -> bool:
    return state.pending is None


FLOW: Flow[State] = Flow(
    phases={
        "action": Phase("action", {"steal": "end", "buy": _after_buy, "fulfill": "spend",
                                   "pass": "end"}, "M-TURN-01",
                        decides="turn", offers=O.action),
        "take": Phase("take", {"take": None, "skip": None}, "M-BUY-01", end_if=_take_done,
                      on_end=lambda s: replace(s, pending=None), next="end",
                      decides="turn", offers=O.take),
        "spend": Phase("spend", {"spend": None, "spend_bonus": None,
                                 "declare": _after_declare}, "M-FUL-01",
                       decides="turn", offers=O.spend),
        "bonus": Phase("bonus", {"upgrade": None, "keep": None, "fulfill": "spend",
                                 "steal": None, "skip": None},
                       "M-FUL-08", end_if=_bonus_done, next="end",
                       decides="turn", offers=O.bonus),
        "end": Phase("end", {}, "M-TURN-02", end_if=lambda s: True, on_end=_end_turn,
                     next="action"),
        "over": Phase("over", {}, "M-END-01"),
    },
    get_phase=attrgetter("phase"),
    set_phase=lambda s, name: replace(s, phase=name),
    is_over=lambda s: s.result is not None,
    deciders={"turn": attrgetter("current")},
)
"""The Monsoon Market turn (M-TURN-01..03) as a phase table: every change of phase is here;
the hook order is in ``core.flow``. In every phase that waits for a move the player whose
turn it is decides (``decides="turn"``), and the row names the candidate actions it offers
(:mod:`.offers`)."""
