"""What each legal Bansan action does (``apply`` has already checked legality with ``explain``).

Handlers are pure: they take a state and return a new one. Rule IDs are cited where the effect
is defined. This module holds the lists, opening, stocking, Upkeep and any-time handlers (each
named in the action table, :mod:`.table`); the Action Phase's are in :mod:`.phases.action_moves`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from marketlib.bansan import actions as A
from marketlib.bansan.effects import draw_deck, take_from_stall, throw, transfer, trigger_last_round
from marketlib.bansan.phases.action_moves import (
    add_pick,
)
from marketlib.bansan.phases.solo import move_row, solo_throw_card, solo_throws
from marketlib.bansan.phases.stocking import auto_tuck, pop_queue, tuck
from marketlib.bansan.queries import (
    bag_without,
    bargain_seller,
    catalog,
    remove,
    set_stall,
    set_vendor,
    stall_index,
    vendor_with,
)
from marketlib.bansan.state import (
    BargainOffer,
    ListReturn,
    OpeningHand,
    Picked,
    SoloThrow,
    State,
    StockCard,
    Stocking,
    TradeOffer,
)


def do_return_list(state: State, a: A.ReturnList) -> State:
    v = state.vendors[a.player]
    state = replace(state, vendors=set_vendor(state, a.player, vendor_with(v, wallet=remove(
        v.wallet, a.list))), list_deck=(*state.list_deck, a.list))
    pending = state.pending
    assert isinstance(pending, ListReturn)
    if pending.count > 1:
        return replace(state, pending=ListReturn(count=pending.count - 1))
    state = replace(state, pending=None)
    if state.phase in ("open_lists", "event_lists"):
        return pop_queue(state)
    return state


def do_choose_half(state: State, a: A.ChooseHalf) -> State:
    pending = state.pending
    assert isinstance(pending, OpeningHand)
    cat = catalog(state)
    cards = tuple(StockCard(c, (cat.produce[c].top if a.half == "top" else cat.produce[c].bottom,))
                  for c in pending.cards)
    return auto_tuck(replace(state, pending=Stocking(cards=cards)))


def do_tuck(state: State, a: A.Tuck) -> State:
    pending = state.pending
    assert isinstance(pending, Stocking)
    rest = tuple(sc for sc in pending.cards if sc.card != a.card)
    return auto_tuck(replace(tuck(state, a.card, a.stall), pending=Stocking(cards=rest)))


def do_place_worker(state: State, a: A.PlaceWorker) -> State:
    i = stall_index(state, a.stall)
    s = state.stalls[i]
    state = replace(state, stalls=set_stall(state, i, replace(s, renter=a.player)))
    if state.rules.opening_rent_cost:
        state = transfer(state, a.player, None, state.rules.opening_rent_cost, "B-OPEN-07",
                         mandatory=True)
    return pop_queue(state)


def do_move(state: State, a: A.Move) -> State:
    """Sendiri step 1a then 1b (B-SOLO-09/10)."""
    return move_row(state, a.row)


def do_stock_row(state: State, a: A.StockRow) -> State:
    cat = catalog(state)
    taken = tuple(c for c in state.row if cat.produce[c].shows(a.produce))
    row = tuple(c for c in state.row if c not in taken)
    pending = Stocking(cards=tuple(StockCard(c, (a.produce,)) for c in taken))
    return auto_tuck(replace(state, row=row, pending=pending))


def do_stock_deck(state: State, a: A.StockDeck) -> State:
    """B-STOCK-04..06/10: reveal until a duplicate; it goes to its bin without a fine."""
    cat = catalog(state)
    seen: set[Any] = set()
    revealed: list[str] = []
    duplicate = None
    either = state.rules.duplicate_rule == "either_half"
    while state.deck:
        state, drawn = draw_deck(state, 1)
        c = cat.produce[drawn[0]]
        shown = {c.top, c.bottom} if either else {c.top}
        if shown & seen:
            duplicate = c.id
            break
        seen |= shown
        revealed.append(c.id)
    if "deck_stock" in state.rules.star_sources:
        drawn_ids = [*revealed, *([duplicate] if duplicate else [])]
        if any(cat.produce[x].star for x in drawn_ids):
            state = replace(state, star_drawn=True)
    if duplicate is not None:
        state = throw(state, None, (duplicate,), "B-STOCK-05", fined=False)
    cards = tuple(StockCard(x, (cat.produce[x].top, cat.produce[x].bottom)) for x in revealed)
    return auto_tuck(replace(state, pending=Stocking(cards=cards)))


def do_skip_stocking(state: State, a: A.SkipStocking) -> State:
    return replace(state, pending=None)


def do_complete(state: State, a: A.Complete) -> State:
    """B-UPK-02..05 (B-END-05 in the Closing Round); trigger (a) B-END-01 (A-B-27)."""
    p = a.player
    v = state.vendors[p]
    kenduri = state.rules.plays.shared_menu
    if kenduri:  # B-KEN-03: any open public list; it goes beside the completer's bag
        new = vendor_with(v, completed=(*v.completed, a.list), bag=bag_without(v.bag, a.cards))
        state = replace(state, vendors=set_vendor(state, p, new),
                              public=remove(state.public, a.list))
        state = state.note(f"P{p} completed Kenduri list {a.list} (RM"
                           f"{catalog(state).lists[a.list].value}); {len(state.public)} of "
                           f"{state.rules.kenduri_lists} "
                           "still open (B-KEN-03)")
    else:
        new = vendor_with(v, wallet=remove(v.wallet, a.list), completed=(*v.completed, a.list),
                      bag=bag_without(v.bag, a.cards))
        state = replace(state, vendors=set_vendor(state, p, new))
    closing = state.phase == "closing"
    state = transfer(state, None, p, catalog(state).lists[a.list].value,
                     "B-END-05" if closing else "B-UPK-03")
    state = throw(state, p, a.cards, "B-END-05" if closing else "B-UPK-05", fined=True)
    if closing:
        return state
    state = replace(state, completed_now=state.completed_now + 1)
    if kenduri:
        if not state.public:  # B-KEN-04: the 5th public list
            state = trigger_last_round(state, p)
    elif len(new.completed) >= state.rules.trigger_lists:
        state = trigger_last_round(state, p)
    return state


def do_give(state: State, a: A.Give) -> State:
    v, w = state.vendors[a.player], state.vendors[a.to]
    moved = next(b for b in v.bag if b.card == a.card)
    state = replace(state, vendors=set_vendor(state, a.player, vendor_with(v, bag=bag_without(
        v.bag, (a.card,)))))
    return replace(state, vendors=set_vendor(state, a.to, vendor_with(w, bag=(*w.bag, moved))))


def do_throw(state: State, a: A.Throw) -> State:
    if state.phase == "solo_throw":  # B-SOLO-10: the chosen card from the first stall
        pending = state.pending
        assert isinstance(pending, SoloThrow)
        state = solo_throw_card(state, a.card)
        return solo_throws(replace(state, pending=SoloThrow(card=pending.card,
                                                           stalls=pending.stalls[1:])))
    v = state.vendors[a.player]
    state = replace(state, vendors=set_vendor(state, a.player, vendor_with(v, bag=bag_without(
        v.bag, (a.card,)))))
    return throw(state, a.player, (a.card,), "B-UPK-08", fined=state.rules.fine_on_bag_overflow)


def do_rent_and_release(state: State, a: A.RentAndRelease) -> State:
    """B-ANY-03..07: Release (gain ``rr_cost``) and/or Rent (pay ``rr_cost``), once per game."""
    p = a.player
    cost = state.rules.rr_cost
    if a.release is not None:
        i = stall_index(state, a.release)
        s = state.stalls[i]
        state = replace(state, stalls=set_stall(state, i, replace(s, renter=None)))
        state = transfer(state, None, p, cost, "B-ANY-03")
    if a.rent is not None:
        i = stall_index(state, a.rent)
        s = state.stalls[i]
        state = replace(state, stalls=set_stall(state, i, replace(s, renter=p)))
        state = transfer(state, p, None, cost, "B-ANY-03")
    v = state.vendors[p]
    state = replace(state, vendors=set_vendor(state, p, vendor_with(v, rr_used=True)))
    offer = state.offer
    if a.release is not None and isinstance(offer, BargainOffer) and offer.card in state.stalls[
            stall_index(state, a.release)].cards:  # A-B-61: the seller no longer rents the stall
        state = replace(state, offer=None).note(
            f"the bargain for {offer.card} is void: P{p} released {a.release} (A-B-61)")
    return state


def do_propose(state: State, a: A.ProposeTrade) -> State:
    return replace(state, offer=TradeOffer(frm=a.player, to=a.to, give=a.give, take=a.take,
                                          pay=a.pay, ask=a.ask))


def do_counter(state: State, a: A.Counter) -> State:
    """A-B-60: the offer goes back the other way with the counter's terms."""
    offer = state.offer
    if isinstance(offer, BargainOffer):
        assert a.price is not None
        return replace(state, offer=BargainOffer(frm=a.player, to=offer.frm, card=offer.card,
                                                price=a.price, counters=offer.counters + 1))
    assert isinstance(offer, TradeOffer)
    return replace(state, offer=TradeOffer(frm=a.player, to=offer.frm, give=a.give, take=a.take,
                                          pay=a.pay, ask=a.ask, counters=offer.counters + 1))


def do_accept(state: State, a: A.Accept) -> State:
    offer = state.offer
    state = replace(state, offer=None)
    if isinstance(offer, BargainOffer):  # the seller, who rents the stall, sells (A-B-61)
        seller = bargain_seller(state, offer)
        state, _ = take_from_stall(state, offer.card)
        return add_pick(state, Picked(offer.card, seller, offer.price))
    assert isinstance(offer, TradeOffer)
    state = _trade_answered(state, f"P{a.player} accepted P{offer.frm}'s trade (B-ANY-02)")
    v, w = state.vendors[offer.frm], state.vendors[offer.to]
    given = tuple(b for b in v.bag if b.card in offer.give)
    taken = tuple(b for b in w.bag if b.card in offer.take)
    state = replace(state, vendors=set_vendor(state, offer.frm, vendor_with(
        v, bag=bag_without(v.bag, offer.give) + taken)))
    state = replace(state, vendors=set_vendor(state, offer.to, vendor_with(
        w, bag=bag_without(w.bag, offer.take) + given)))
    state = transfer(state, offer.frm, offer.to, offer.pay, "B-ANY-02")
    return transfer(state, offer.to, offer.frm, offer.ask, "B-ANY-02")


def do_decline(state: State, a: A.Decline) -> State:
    return _offer_ends(state, lambda o: f"P{a.player} declined P{o.frm}'s trade (B-ANY-02)")


def do_withdraw(state: State, a: A.Withdraw) -> State:
    """The offer ends and nothing changes hands, as on a decline; the money it promised is
    free again (A-B-61)."""
    return _offer_ends(state, lambda o: f"P{a.player} took back the trade offered to "
                       f"P{o.to} (B-ANY-02)")


def _offer_ends(state: State, note: Callable[[TradeOffer], str]) -> State:
    """The open offer ends with nothing changing hands; a trade's end is noted in the event
    log as an accept is (a bargain's answer shows in the BUY)."""
    offer = state.offer
    state = replace(state, offer=None)
    return _trade_answered(state, note(offer)) if isinstance(offer, TradeOffer) else state


_DECLINED = re.compile(r"P\d+ (?:declined P\d+'s trade|took back the trade offered to P\d+) "
                       r"\(B-ANY-02\)")
"""A declined or withdrawn trade's note in the event log (the notes above)."""


def _trade_answered(state: State, text: str) -> State:
    """``text``, a trade's answer, noted in the event log: it is said at the table, so every
    seat's view tells an accept from a decline, even of a trade of money only (B-ANY-02). It
    takes the place of a decline (or a withdrawal) noted just before it, which moved nothing:
    proposals declined one after another keep one line, so they cannot push the automatic
    steps (a Sendiri move, an A-B-61 void bargain) out of the log's
    :data:`~marketlib.bansan.state.LOG_SIZE` entries
    (helper-71: 13 declined proposals emptied it). An accepted trade, which moved money or
    cards, keeps its line (helper-73). Every answer stays in the move log."""
    if state.log and _DECLINED.fullmatch(state.log[-1]):
        state = replace(state, log=state.log[:-1])
    return state.note(text)

