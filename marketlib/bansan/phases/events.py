"""Bansan Upkeep step [C]: refill the WHOLESALE Row, and flip and resolve the Events it
triggers (B-UPK-09..11, the invented Event deck of docs: "Card data"); the Sendiri Row is discarded
instead (B-SOLO-14/15).
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from marketlib.bansan.cards import Effect, Timeframe
from marketlib.bansan.effects import draw_deck, transfer
from marketlib.bansan.queries import catalog, order_from, set_vendor, stall_type
from marketlib.bansan.state import (
    ListReturn,
    Reminder,
    State,
    Vendor,
)


def refill(state: State) -> State:
    """B-UPK-09/10: refill the Row to ``row_size`` cards; a Star among the new cards flips one
    Event. Sendiri discards the Row instead (B-SOLO-14/15)."""
    if state.rules.plays.fresh_row:
        if not state.row:
            return state
        return replace(state, row=(), outside=state.outside + state.row).note(
            f"Row discarded to the Outside Market: {' '.join(state.row)} (B-SOLO-14)")
    need = state.rules.row_size - len(state.row)
    state, drawn = draw_deck(state, max(0, need))
    state = replace(state, row=state.row + drawn)
    cat = catalog(state)
    if state.star_drawn or ("replenish" in state.rules.star_sources  # A-B-20: the option
                            and any(cat.produce[c].star for c in drawn)):  # names the sources
        state = flip_event(state)
    return state


def flip_event(state: State) -> State:
    """Flip and resolve the top Event (B-UPK-10/11, A-B-20/21; docs: "Card data")."""
    rules = state.rules
    if rules.events == "off" or state.events_flipped >= rules.max_events_per_turn:
        return state
    deck = state.event_deck
    if not deck:
        if rules.event_deck_exhausted != "reshuffle" or not state.latest_events:
            return state
        pile = list(state.latest_events)
        random.Random(state.shuffle_key * 1_000_003 + state.reshuffles).shuffle(pile)
        state = replace(state, latest_events=(), reshuffles=state.reshuffles + 1)
        deck = tuple(pile)
    event_id, deck = deck[0], deck[1:]
    state = _end_active_event(state).replace(
        event_deck=deck, latest_events=(*state.latest_events, event_id),
        events_flipped=state.events_flipped + 1)
    event = catalog(state).events[event_id]
    if event.timeframe is Timeframe.NAP:
        nxt = (state.current + 1) % len(state.vendors)
        return replace(state, reminders=(*state.reminders, Reminder(nxt, event_id)))
    if event.effect is Effect.PRICE_UP:
        return replace(state, active_event=event_id)
    if event.effect is Effect.CLOSE_STALLS:
        stalls = tuple(replace(s, open=False)
                       if stall_type(state, s.id) is event.produce else s for s in state.stalls)
        return replace(state, active_event=event_id, stalls=stalls)
    if event.effect is Effect.WASTE_COLLECTION:
        cap = rules.bin_capacity
        bins = state.bins
        outside = state.outside
        emptied = tuple(() if len(b) > cap else b for b in bins)
        for b in bins:
            if len(b) > cap:
                outside += b
        return replace(state, bins=(emptied[0], emptied[1], emptied[2]), outside=outside)
    if event.effect is Effect.SUMMONS:
        overflowing = sum(1 for b in state.bins if len(b) > rules.bin_capacity)
        for seat in order_from(state, state.current):
            state = transfer(state, seat, None, overflowing, "B-UPK-10", mandatory=True)
        return state
    if event.effect is Effect.NEW_MENU:
        if state.rules.plays.shared_menu:
            return state.note(f"{event_id} {event.name}: no effect, nobody holds personal "
                              "lists in the Kenduri Menu (B-KEN-02)")
        queue = order_from(state, (state.current + 1) % len(state.vendors))
        return replace(state, queue=queue)  # the phase table goes on to the Event lists
    return state


def _end_active_event(state: State) -> State:
    """An "until next Event" card ends when the next Event flips (docs: "Card data")."""
    if state.active_event is None:
        return state
    event = catalog(state).events[state.active_event]
    stalls = state.stalls
    if event.effect is Effect.CLOSE_STALLS:
        stalls = tuple(replace(s, open=True)
                       if stall_type(state, s.id) is event.produce else s for s in stalls)
    return replace(state, active_event=None, stalls=stalls)


def begin_menu_seat(state: State) -> State:
    """New food-court menu: the head of the queue draws 1 list, then returns 1 (EV-37..40)."""
    while state.queue:
        seat = state.queue[0]
        if state.list_deck:
            vendor = state.vendors[seat]
            drawn = state.list_deck[0]
            new = Vendor(money=vendor.money, wallet=(*vendor.wallet, drawn),
                         completed=vendor.completed, bag=vendor.bag, rr_used=vendor.rr_used)
            return replace(state, list_deck=state.list_deck[1:], pending=ListReturn(count=1),
                                 vendors=set_vendor(state, seat, new))
        state = replace(state, queue=state.queue[1:])
    return replace(state, pending=None)
