"""What the Bansan Action Phase's actions do (B-BUY, B-SELL, B-EMPTY, B-ANY-01), and ``Done``,
which also ends the list completions of the Upkeep Phase (B-UPK-06) and a vendor's part of the
Closing Round (B-END-05). Handlers are pure: ``apply`` has already checked legality.
"""

from __future__ import annotations

from msgspec.structs import replace

from marketlib.bansan import actions as A
from marketlib.bansan.effects import take_from_stall, transfer
from marketlib.bansan.phases.stocking import pop_queue
from marketlib.bansan.queries import (
    BIN_INDEX,
    UNOPERATED_FACTOR,
    bag_without,
    empty_gains,
    price,
    purchase_total,
    remove,
    set_vendor,
    vendor_with,
)
from marketlib.bansan.scoring import closing_throw, leftover_count
from marketlib.bansan.state import (
    NEIGHBOUR,
    BagCard,
    BargainOffer,
    ListReturn,
    Picked,
    Purchase,
    State,
)


def do_buy(state: State, a: A.Buy) -> State:
    return replace(state, actions_left=state.actions_left - 1,
                         pending=Purchase(kind="vendors", produce=a.produce))


def do_buy_wholesale(state: State, a: A.BuyWholesale) -> State:
    return replace(state, actions_left=state.actions_left - 1,
                         pending=Purchase(kind="wholesale", produce=a.produce))


def do_sell(state: State, a: A.Sell) -> State:
    return replace(state, actions_left=state.actions_left - 1,
                         pending=Purchase(kind="sell", produce=a.produce))


def add_pick(state: State, picked: Picked) -> State:
    pending = state.pending
    assert isinstance(pending, Purchase)
    return replace(state, pending=Purchase(kind=pending.kind, produce=pending.produce,
                                          picked=(*pending.picked, picked)))


def do_pick(state: State, a: A.Pick) -> State:
    pending = state.pending
    assert isinstance(pending, Purchase)
    p = a.player
    unit = price(state, pending.produce)
    if pending.kind == "wholesale":
        state = replace(state, row=remove(state.row, a.card))
        return add_pick(state, Picked(a.card, None, unit))
    if pending.kind == "sell":
        v = state.vendors[p]
        if any(b.card == a.card for b in v.bag):
            state = replace(state, vendors=set_vendor(state, p, vendor_with(v, bag=bag_without(
                v.bag, (a.card,)))))
        else:
            state, _ = take_from_stall(state, a.card)
        return add_pick(state, Picked(a.card, None, unit))
    stall = next(s for s in state.stalls if a.card in s.cards)
    if stall.renter is None:  # Sendiri or buy_unoperated_multiplayer: 2 x price to the bank
        state, _ = take_from_stall(state, a.card)
        return add_pick(state, Picked(a.card, None, UNOPERATED_FACTOR * unit))
    if stall.renter == NEIGHBOUR:  # B-SOLO-12 (A-B-48): market price to the bank
        state, _ = take_from_stall(state, a.card)
        return add_pick(state, Picked(a.card, None, unit))
    if state.rules.seller_may_refuse:
        return replace(state, offer=BargainOffer(frm=p, to=stall.renter, card=a.card, price=unit))
    state, _ = take_from_stall(state, a.card)
    return add_pick(state, Picked(a.card, stall.renter, unit))


def do_bargain(state: State, a: A.Bargain) -> State:
    stall = next(s for s in state.stalls if a.card in s.cards)
    assert stall.renter is not None
    return replace(state, offer=BargainOffer(frm=a.player, to=stall.renter, card=a.card,
                                            price=a.price))


def do_done(state: State, a: A.Done) -> State:
    p = a.player
    if state.phase == "complete":
        return _draw_lists(state, p)
    if state.phase == "closing":
        if state.rules.tiebreak2_count_at == "before_throw":
            counts = list(state.leftovers)
            counts[p] = leftover_count(state, p)
            state = replace(state, leftovers=tuple(counts))
        return pop_queue(closing_throw(state, p))
    pending = state.pending
    assert isinstance(pending, Purchase)
    cards = tuple(x.card for x in pending.picked)
    state = replace(state, pending=None)
    v = state.vendors[p]
    if pending.kind == "sell":
        state = replace(state, outside=state.outside + cards)
        return transfer(state, None, p, purchase_total(state, pending), "B-SELL-01")
    bag = v.bag + tuple(BagCard(c, pending.produce) for c in cards)
    state = replace(state, vendors=set_vendor(state, p, vendor_with(v, bag=bag)))
    if pending.kind == "wholesale":
        return transfer(state, p, None, purchase_total(state, pending), "B-BUY-03")
    solo = state.rules.plays.solo
    for x in pending.picked:
        state = transfer(state, p, x.seller, x.price, "B-BUY-02" if x.seller is not None
                         else "B-SOLO-12" if solo else "B-BUY-06")
    return state


def _draw_lists(state: State, p: int) -> State:
    """B-UPK-06 (A-B-31): draw 2 lists per completed list, return 1 per completed list. The
    Kenduri Menu draws none (B-KEN-03)."""
    if state.rules.plays.shared_menu:
        return state
    returns = 0
    deck = state.list_deck
    v = state.vendors[p]
    wallet = v.wallet
    for _ in range(state.completed_now):
        drawn, deck = deck[:2], deck[2:]
        wallet += drawn
        returns += max(0, len(drawn) - 1)
    state = replace(state, list_deck=deck,
                          vendors=set_vendor(state, p, vendor_with(v, wallet=wallet)))
    if returns:
        return replace(state, pending=ListReturn(count=returns))
    return state


def do_empty(state: State, a: A.Empty) -> State:
    """B-EMPTY-01..03: ``empty_base``, + ``empty_bonus_additional`` if not the first bin this
    turn, + ``empty_bonus_overflow`` if overflowing (RM2, +1, +1 by default), + RM1 per
    bin-bonus Event (:func:`~marketlib.bansan.queries.empty_gains`)."""
    i = BIN_INDEX[a.bin]
    cards = state.bins[i]
    gain = sum(part.amount for part in empty_gains(state, a.bin))
    bins = list(state.bins)
    bins[i] = ()
    state = replace(state, bins=(bins[0], bins[1], bins[2]), outside=state.outside + cards,
                          bins_emptied=state.bins_emptied + 1,
                          actions_left=state.actions_left - 1)
    return transfer(state, None, a.player, gain, "B-EMPTY-01")


def do_end_actions(state: State, a: A.EndActions) -> State:
    return replace(state, actions_left=0)
