"""Bansan stocking: tucking produce cards into open stalls, in each vendor's opening stock
(B-OPEN-03, B-SOLO-06) and in the Stocking Phase (B-STOCK-01..08, A-B-17/18).

The opening stock passes from vendor to vendor, so the queue of the round-robin phases
(:func:`pop_queue`) lives here too: when one vendor's last card is tucked, the next one draws.
"""

from __future__ import annotations

from msgspec.structs import replace

from marketlib.bansan.cards import Produce
from marketlib.bansan.effects import draw_deck, fallback
from marketlib.bansan.modes import OPENING_HAND
from marketlib.bansan.phases.events import begin_menu_seat
from marketlib.bansan.queries import catalog, open_stalls_of, order_from, set_stall
from marketlib.bansan.state import (
    ListReturn,
    OpeningHand,
    State,
    StockCard,
    Stocking,
)


def begin_open_stock(state: State) -> State:
    return deal_opening(replace(state, queue=order_from(state, state.first)))


def deal_opening(state: State) -> State:
    """The next vendor in the queue draws 5 opening cards (B-OPEN-03, B-SOLO-06; with
    ``solo_opening_halves="free"`` each card is stocked as either half, A-B-44)."""
    hand, deck = state.deck[:OPENING_HAND], state.deck[OPENING_HAND:]
    state = replace(state, deck=deck)
    rules = state.rules
    if rules.plays.solo and rules.solo_opening_halves == "free":
        cat = catalog(state)
        cards = tuple(StockCard(c, (cat.produce[c].top, cat.produce[c].bottom)) for c in hand)
        return auto_tuck(replace(state, pending=Stocking(cards=cards)))
    return replace(state, pending=OpeningHand(cards=hand))


def pop_queue(state: State) -> State:
    """The head of the queue is done; set up the next vendor's part of a round-robin phase."""
    queue = state.queue[1:]
    state = replace(state, queue=queue, pending=None)
    if not queue:
        return state
    if state.phase == "open_lists":
        return replace(state, pending=ListReturn(count=1))
    if state.phase == "open_stock":
        return deal_opening(state)
    if state.phase == "event_lists":
        return begin_menu_seat(state)
    return state


def auto_tuck(state: State) -> State:
    """Tuck every waiting card that has exactly one open stall; send cards with none to the
    fallback (A-B-17). When no card waits, the stocking is over."""
    pending = state.pending
    assert isinstance(pending, Stocking)
    waiting: list[StockCard] = []
    sells = catalog(state).sells
    open_ids: dict[Produce, list[str]] = {}  # tucking and the fallback open or close no stall
    for s in state.stalls:
        if s.open:
            open_ids.setdefault(sells[s.id], []).append(s.id)
    for sc in pending.cards:
        stalls = [i for t in sc.options for i in open_ids.get(t, ())]
        if not stalls:
            state = fallback(state, sc.card)
        elif len(stalls) == 1:
            state = tuck(state, sc.card, stalls[0])
        else:
            waiting.append(sc)
    if waiting:
        return replace(state, pending=Stocking(cards=tuple(waiting)))
    return finish_stocking(replace(state, pending=None))


def tuck(state: State, card_id: str, stall_id: str) -> State:
    """Tuck ``card_id`` into ``stall_id`` (B-STOCK-03/06/08)."""
    for i, s in enumerate(state.stalls):
        if s.id == stall_id:
            stall = replace(s, cards=(*s.cards, card_id))
            return replace(state, stalls=set_stall(state, i, stall))
    raise AssertionError(stall_id)


def finish_stocking(state: State) -> State:
    """Every card is tucked: in the Opening Round the next vendor's turn to stock comes; in the
    Stocking Phase the phase table moves on (:mod:`marketlib.bansan.turn`)."""
    if state.phase == "open_stock":
        return pop_queue(state)
    return state


def can_stock(state: State) -> bool:
    """Whether [A] or [B] is possible (A-B-18); Sendiri stocks from its Row only (B-SOLO-11)."""
    if state.deck and not state.rules.plays.fresh_row:
        return True
    return any(open_stalls_of(state, t) for t in row_types(state))


def row_types(state: State) -> list[Produce]:
    cat = catalog(state)
    shown = set()
    for c in state.row:
        shown.add(cat.produce[c].top)
        shown.add(cat.produce[c].bottom)
    return [t for t in Produce if t in shown]


def begin_stock(state: State) -> State:
    state = replace(state, actions_left=0, bins_emptied=0, events_flipped=0, completed_now=0,
                          star_drawn=False, pending=None)
    if state.rules.plays.fresh_row:  # B-SOLO-11: draw 4 cards to form the Row
        state, drawn = draw_deck(state, state.rules.plays.fresh_row)
        state = replace(state, row=drawn)
        state = state.note(f"Row formed: {' '.join(_labels(state, drawn)) or 'no card left'} "
                           "(B-SOLO-11)")
    return state


def _labels(state: State, cards: tuple[str, ...]) -> list[str]:
    cat = catalog(state)
    return [f"{c}:{cat.produce[c].top}/{cat.produce[c].bottom}" for c in cards]
