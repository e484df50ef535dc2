"""One legality check per Bansan action type (docs: "Games and the registry"): each returns a
:class:`Violation` naming the rule ID it breaks, or ``None``. ``explain`` runs the common checks
(seat, offer, phase) first; ``legal_actions`` filters candidates through these same functions,
so both always agree.

This module holds the checks of the lists, the opening, stocking, the Upkeep Phase and the
any-time actions (R&R, trades), each named in the action table (:mod:`.table`); the Action
Phase's checks are in :mod:`.action_checks`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from marketlib.bansan import actions as A
from marketlib.bansan.cards import Produce
from marketlib.bansan.facts import Facts
from marketlib.bansan.options import SOLO_ROW
from marketlib.bansan.phases.action_checks import pick_choices
from marketlib.bansan.phases.stocking import can_stock
from marketlib.bansan.queries import (
    bargain_seller,
    buy_commitment,
    catalog,
    offer_commitment,
    open_stalls_of,
)
from marketlib.bansan.state import (
    BargainOffer,
    ListReturn,
    OpeningHand,
    Purchase,
    SoloThrow,
    State,
    Stocking,
    TradeOffer,
)
from marketlib.bansan.turn import FLOW
from marketlib.bansan.words import PURCHASES
from marketlib.core.errors import InvalidAction, Violation, Why, refuse
from marketlib.core.errors import violation as v
from marketlib.core.notation import unknown_id

if TYPE_CHECKING:
    from marketlib.bansan.view import View

MAX_WORKERS = 3  # B-COMP-11, D-B-05


def check_return_list(state: State, a: A.ReturnList, f: Facts) -> Why | None:
    if not isinstance(state.pending, ListReturn):  # the step's rule: B-OPEN-02, B-UPK-06/11
        return v(FLOW.phase(state).rule, "no Shopping List is to be returned now")
    if a.list not in state.vendors[a.player].wallet:
        return v(FLOW.phase(state).rule, f"{a.list} is not in your Wallet")
    return None


def check_choose_half(state: State, a: A.ChooseHalf, f: Facts) -> Why | None:
    if not isinstance(state.pending, OpeningHand):
        return v("B-OPEN-03", "the halves are already chosen: tuck the cards")
    return None


def check_tuck(state: State, a: A.Tuck, f: Facts) -> Why | None:
    pending = state.pending
    if not isinstance(pending, Stocking):  # the step's rule: B-OPEN-03 or B-STOCK-01
        return v(FLOW.phase(state).rule,
                 "no card is waiting to be stocked (choose [A] Row or [B] Deck first)"
                 if state.phase == "stock" else "choose top or bottom halves first")
    options = None
    for sc in pending.cards:
        if sc.card == a.card:
            options = sc.options
            break
    if options is None:
        return v("B-STOCK-03", f"{a.card} is not one of the cards being stocked")
    i = f.stall_index(a.stall)
    if i < 0:
        return v("B-STOCK-03", f"{a.stall} is not in play")
    sells = f.sells[a.stall]
    if sells not in options:
        shown = " or ".join(options)
        return v("B-STOCK-06" if len(options) > 1 else "B-STOCK-03",
                 f"{a.card} is stocked as {shown}, and {a.stall} sells {sells}")
    if not state.stalls[i].open:
        return v("B-STOCK-07", f"{a.stall} is CLOSED: produce can never be stocked into it")
    return None


def check_place_worker(state: State, a: A.PlaceWorker, f: Facts) -> Why | None:
    i = f.stall_index(a.stall)
    if i < 0:
        return v("B-OPEN-04", f"{a.stall} is not in play")
    renter = state.stalls[i].renter
    if renter is not None:
        return v("B-OPEN-05", f"{a.stall} is already rented by P{renter}: a stall has one vendor")
    return None


def check_move(state: State, a: A.Move, f: Facts) -> Why | None:
    rows = len(state.stalls) // state.columns
    if not 1 <= a.row <= rows:
        return v("B-SOLO-09", f"choose a row 1-{rows}, not {a.row}")
    return None


def _stock_start(state: State) -> Violation | None:
    if state.pending is not None:
        return v("B-STOCK-01", "you already chose: tuck the cards being stocked")
    return None


def check_stock_row(state: State, a: A.StockRow, f: Facts) -> Why | None:
    wrong = _stock_start(state)
    if wrong:
        return wrong
    cards = f.cat.produce
    if not any(cards[c].shows(a.produce) for c in state.row):
        return v("B-STOCK-02", f"no Row card shows {a.produce}")
    if not open_stalls_of(state, a.produce):
        return v("B-STOCK-07", f"no open {a.produce} stall can take the cards (A-B-17)")
    return None


def check_stock_deck(state: State, a: A.StockDeck, f: Facts) -> Why | None:
    if state.rules.plays.fresh_row:
        return v("B-SOLO-11", f"in Sendiri you stock only from the {SOLO_ROW}-card Row, not the "
                 "Deck")
    wrong = _stock_start(state)
    if wrong:
        return wrong
    if not state.deck:
        return v("B-STOCK-04", "the WHOLESALE Deck is empty")
    return None


def check_skip_stocking(state: State, a: A.SkipStocking, f: Facts) -> Why | None:
    wrong = _stock_start(state)
    if wrong:
        return wrong
    if state.rules.stocking_mandatory and can_stock(state):
        if state.rules.plays.solo:  # no [B] Deck option in Sendiri (B-SOLO-11; helper-115)
            return v("B-SOLO-11", "stocking from the Row is mandatory while a Row card can be "
                     "stocked (A-B-18)")
        return v("B-STOCK-01", "stocking is mandatory while [A] or [B] is possible (A-B-18)")
    return None


def check_complete(state: State, a: A.Complete, f: Facts) -> Why | None:
    vendor = state.vendors[a.player]
    if state.rules.plays.shared_menu:
        if a.list not in state.public:
            done = next((f" (P{p} completed it)" for p, x in enumerate(state.vendors)
                         if a.list in x.completed), "")
            return v("B-KEN-03", f"{a.list} is not an open Kenduri list{done}")
    elif a.list not in vendor.wallet:  # the step's rule: B-UPK-02 or B-END-05
        return v(FLOW.phase(state).rule, f"{a.list} is not in your Wallet")
    if len(set(a.cards)) != len(a.cards):
        return v("B-UPK-02", "a card is named twice")
    bag = f.bag(a.player)
    missing = [c for c in a.cards if c not in bag]
    if missing:
        return v("B-UPK-02", f"{', '.join(missing)} not in your bag: only bag cards complete lists "
                 "(A-B-56)")
    need = Counter(f.cat.lists[a.list].icons)
    have = Counter(bag[c] for c in a.cards)
    if need != have:
        want = " ".join(f"{n}x{t}" for t, n in sorted(need.items()))
        short = need - Counter(bag.values())
        if short:  # no choice of Bag cards completes it: say what the Bag lacks
            lacks = " ".join(f"{n}x{t}" for t, n in sorted(short.items()))
            return v("B-UPK-02", f"{a.list} needs exactly {want}, one card per icon; your bag "
                     f"is short of {lacks}")
        return v("B-UPK-02", f"{a.list} needs exactly {want}, one card per icon")
    return None


def check_give(state: State, a: A.Give, f: Facts) -> Why | None:
    if a.card not in f.bag(a.player):
        return v("B-UPK-08", f"{a.card} is not in your bag")
    if a.to == a.player:
        return v("B-UPK-08", "give the excess to another player's bag")
    return None


def check_throw(state: State, a: A.Throw, f: Facts) -> Why | None:
    pending = state.pending
    if isinstance(pending, SoloThrow):
        stall = state.stalls[f.stall_index(pending.stalls[0])]
        if a.card not in stall.cards:
            return v("B-SOLO-10", f"throw a card of {stall.id} {f.sells[stall.id]}, "
                     f"the stall of the type shown on {pending.card}")
        return None
    if a.card not in f.bag(a.player):
        return v("B-UPK-08", f"{a.card} is not in your bag")
    return None


OPENING = FLOW.group("opening")
"""The phases of the Opening Round (B-OPEN), from the phase table."""


def _draft_placements(state: State | View, p: int) -> int:
    """Workers the Opening Round's stall draft will still place for seat ``p`` (B-OPEN-04/05)."""
    if state.phase == "draft":
        return state.queue.count(p)
    return 2 if state.phase in OPENING and not state.rules.plays.solo else 0


def draft_total(state: State | View) -> int:
    """Workers the stall draft will still place, all seats together (B-OPEN-04/05)."""
    return sum(_draft_placements(state, p) for p in range(len(state.vendors)))


def unrented(state: State | View) -> int:
    """The stalls nobody rents (B-OPEN-05: the stall draft needs one per Worker it places)."""
    return sum(s.renter is None for s in state.stalls)


def rr_gate(state: State | View, p: int) -> Violation | None:
    """The first half of :func:`check_rent_and_release`: why ``p`` may not R&R at all now
    (whatever the stalls), or ``None``; from public facts only, so a seat's view answers it
    as the state does (:func:`~.rules.any_time_gate`)."""
    if state.rules.plays.solo:
        return v("B-SOLO-08", "there is no R&R in Sendiri: Workers move by rule")
    opening = state.phase in OPENING
    if opening and not state.rules.opening_rr:
        return v("B-OPEN-07", "R&R starts with the first turn (opening_rr=False; A-B-60)")
    # the vendor in the middle of its own BUY or SELL may R&R too ("any decision point",
    # A-B-60); the cards it picked are paid out of its money first (free_money, A-B-61)
    if state.trigger is not None:
        return v("B-END-04", "the Last Round is triggered: no more R&R")
    if state.vendors[p].rr_used:
        return v("B-ANY-04", "you have already used your R&R, and it is once a game (your "
                 "Shopping Bag is flipped to show it, B-ANY-07)")  # helper-110
    return None


def check_rent_and_release(state: State, a: A.RentAndRelease, f: Facts) -> Why | None:
    return rr_gate(state, a.player) or rr_terms(state, a, f)


def rr_terms(state: State | View, a: A.RentAndRelease, f: Facts) -> Why | None:
    """The second half of :func:`check_rent_and_release`: why these stalls cannot be rented
    or released, for a vendor :func:`rr_gate` lets R&R now."""
    p = a.player
    if a.rent is None and a.release is None:
        return v("B-ANY-03", "name a stall to rent and/or release")
    opening = state.phase in OPENING
    mine = f.own(p)
    if a.release is not None and all(s.id != a.release for s in mine):
        return v("B-ANY-03", f"you do not rent {a.release}")
    count = len(mine) - (a.release is not None)
    if a.rent is not None:
        i = f.stall_index(a.rent)
        if i < 0:
            return v("B-ANY-06", f"{a.rent} is not in play")
        s = state.stalls[i]
        if s.renter is not None:
            return v("B-ANY-06", f"{a.rent} is rented by P{s.renter}: R&R rents only an "
                     "unoperated Stall")  # a whole sentence (helper-110)
        if not s.open and not state.rules.rent_closed_stall:
            return v("B-ANY-06", f"{a.rent} is CLOSED and cannot be rented (A-B-22)")
        if opening and a.release is None and f.once(unrented) - 1 < (
                total := f.once(draft_total)):
            return v("B-OPEN-05", f"the stall draft still places {total} Workers "
                     "and needs an unrented stall for each (A-B-60)")
        if count + 1 + (_draft_placements(state, p) if opening else 0) > MAX_WORKERS:
            return v("B-ANY-08", f"you have no free Worker ({MAX_WORKERS} stalls at most"
                     + (", counting the Workers the stall draft still places)" if opening
                        else ")"))
        gain = state.rules.rr_cost if a.release is not None else 0
        if f.free_money(p) + gain < state.rules.rr_cost:
            return refuse("B-ANY-03", lambda: f"renting costs RM{state.rules.rr_cost} and you "
                          f"can spend RM{f.free_money(p) + gain}" + _spend_note(state, p))
    elif count < state.rules.rr_min_stalls:
        return v("B-ANY-08", "releasing would leave you without a stall (A-B-32)")
    if a.release is not None:
        return _empties_purchase(state, a)
    return None


def _empties_purchase(state: State | View, a: A.RentAndRelease) -> Violation | None:
    """A release that would leave the vendor's own wholesale BUY or SELL, nothing picked yet,
    with no card it may pick: it moves 1 or more cards (B-BUY-03, B-SELL-01). (A BUY from the
    vendors picks from other vendors' Stalls, which no release of one's own changes.)"""
    pending, p = state.pending, a.player
    if (not isinstance(pending, Purchase) or pending.picked or pending.kind == "vendors"
            or p != state.current):
        return None
    stalls = tuple(replace(s, renter=None) if s.id == a.release else
                   replace(s, renter=p) if s.id == a.rent else s for s in state.stalls)
    after = replace(state, stalls=stalls)
    if pick_choices(after, p, pending, Facts(after)):
        return None
    what = PURCHASES[pending.kind].format(pending.produce)
    return v("B-SELL-01" if pending.kind == "sell" else "B-BUY-03",
             f"releasing {a.release} now would leave your {what} nothing to pick (it moves 1 or "
             "more cards): pick a card first")


def _thrown(state: State, seat: int) -> bool:
    """Seat ``seat`` has finished its Closing-Round step: thrown and paid (B-END-05)."""
    return state.phase == "closing" and seat not in state.queue


def closing_trade(state: State, seats: tuple[int, int]) -> Violation | None:
    """A-B-62: in the Closing Round a trade is only between vendors still to throw their
    leftovers (``closing_trades="until_thrown"``), or none at all (``"never"``)."""
    if state.phase != "closing":
        return None
    if state.rules.closing_trades == "never":
        return v("B-ANY-09", "there is no trading in the Closing Round (closing_trades='never', "
                 "A-B-62)")
    for seat in seats:
        if _thrown(state, seat):
            return v("B-ANY-09", f"P{seat} has thrown their leftovers and paid: they take part "
                     "in no further trade (A-B-62)")
    return None


def _spend_note(state: State | View, p: int) -> str:
    """'' or what the vendor's money is already committed to, for a refusal: the cards picked
    in its BUY in progress (B-BUY-07; an R&R may come in the middle of it, A-B-60) and what it
    promised in its open offer (A-B-61)."""
    owed, promised = buy_commitment(state, p), offer_commitment(state, p)
    if owed and promised:
        return (f" (RM{owed} is owed for the cards picked in your BUY and RM{promised} is "
                "promised in your open offer, A-B-61)")
    if owed:
        return f" (RM{owed} is owed for the cards picked in your BUY, B-BUY-07)"
    return f" (RM{promised} is promised in your open offer, A-B-61)" if promised else ""


def check_propose(state: State, a: A.ProposeTrade, f: Facts) -> Why | None:
    if not state.rules.allow_trades:
        return v("B-ANY-02", "trading is switched off (allow_trades=False)")
    if a.to == a.player:
        return v("B-ANY-02", "trade with another vendor")
    if not (a.give or a.take or a.pay or a.ask):
        return v("B-ANY-02", "the trade is empty")
    if a.pay < 0 or a.ask < 0:
        return v("B-ANY-02", "amounts are whole RM of at least 0 (name who pays with pay/ask)")
    wrong = closing_trade(state, (a.player, a.to))
    if wrong:
        return wrong
    wrong = _trade_cards(f, a.player, a.to, a.give, a.take)
    if wrong:
        return wrong
    if a.pay > f.free_money(a.player):
        return v("B-ANY-02", f"you can pay at most RM{f.free_money(a.player)}"
                 + _spend_note(state, a.player))
    return None


def _trade_cards(f: Facts, frm: int, to: int, give: tuple[str, ...],
                 take: tuple[str, ...]) -> Violation | None:
    """Produce moves only bag to bag: ``give`` from ``frm``'s bag, ``take`` from ``to``'s."""
    for seat, cards in ((frm, give), (to, take)):
        twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
        if twice is not None:  # PC-34,PC-34 (it read "must be in P0's bag" when it was)
            return v("B-ANY-02", f"{twice} is named twice: a trade moves each card once")
        bag = f.bag(seat)
        missing = [c for c in cards if c not in bag]
        if missing:
            return v("B-ANY-02", f"produce moves only bag to bag: {', '.join(missing)} must be "
                     f"in P{seat}'s bag")
    return None


def check_accept(state: State, a: A.Accept, f: Facts) -> Why | None:
    """B-ANY-01/02 with A-B-61: at acceptance both sides' terms are checked again against what
    each can still spend, and a bargain needs its seller still renting the card's stall."""
    offer = state.offer
    if isinstance(offer, TradeOffer):
        wrong = closing_trade(state, (offer.frm, offer.to)) or _trade_cards(
            f, offer.frm, offer.to, offer.give, offer.take)
        if wrong:
            return wrong
        for payer, amount, who in ((offer.frm, offer.pay, f"P{offer.frm} cannot"),
                                   (offer.to, offer.ask, "you cannot")):
            can = state.vendors[payer].money - buy_commitment(state, payer)
            if amount > can:
                return v("B-ANY-02", f"{who} pay the RM{amount} of the trade: RM{can} can "
                         "still be spent (A-B-61)")
        return None
    if isinstance(offer, BargainOffer):
        stall = f.stall_of(offer.card)
        if stall is None:
            return v("B-ANY-01", f"{offer.card} is no longer in a stall")
        seller = bargain_seller(state, offer)
        if stall.renter != seller:
            return v("B-BUY-02", f"P{seller} no longer rents {stall.id}: the bargain for "
                     f"{offer.card} is void (A-B-61)")
        buyer = state.current
        can = state.vendors[buyer].money - buy_commitment(state, buyer)
        if offer.price > can:
            who = "you can" if a.player == buyer else f"P{buyer} can"
            return v("B-BUY-07", f"{who} spend RM{can}, not the RM{offer.price} agreed (A-B-61)")
    return None


def check_counter(state: State, a: A.Counter, f: Facts) -> Why | None:
    """A-B-60: answer an offer with another one, until ``max_counters`` were made."""
    offer = state.offer
    if offer is None:
        return v("B-ANY-02", "there is no offer to counter")
    most = state.rules.max_counters
    if offer.counters >= most:
        return v("B-ANY-01", f"{most} counter-offers were made: accept or decline now (A-B-60)")
    if isinstance(offer, BargainOffer):
        if a.price is None or a.give or a.take or a.pay or a.ask:
            return v("B-ANY-01", "counter a bargain with another price only: 'counter price=3'")
        if a.price < 0:
            return v("B-ANY-01", "a price cannot be negative")
        if a.price == offer.price:
            return v("B-ANY-01", f"RM{a.price} is the price offered: accept it instead")
        if a.player == state.current and a.price > f.free_money(a.player):
            return v("B-BUY-07", f"you can spend RM{f.free_money(a.player)}, not "
                     f"RM{a.price}")
        return None
    if a.price is not None:
        return v("B-ANY-02", "counter a trade with your own terms: give=, take=, pay=, ask=")
    return check_propose(state, A.ProposeTrade(player=a.player, to=offer.frm, give=a.give,
                                               take=a.take, pay=a.pay, ask=a.ask), f)


def check_decline(state: State, a: A.Decline, f: Facts) -> Why | None:
    return None


def check_withdraw(state: State, a: A.Withdraw, f: Facts) -> Why | None:
    """Only the vendor whose offer waits takes it back (its consent ends, B-ANY-01/02)."""
    offer = state.offer
    if offer is None:
        return v("B-ANY-02", "there is no offer to take back")
    if a.player != offer.frm:
        return v("B-ANY-02", f"only P{offer.frm}, who made the offer, can take it back")
    return None


# --------------------------------------------------------------------------- well-formed?
# Is a value a well-formed Bansan action? Each action type's fields are checked against the card
# data in play (cards, lists, stalls, seats, types) by the function its row of the action table
# names (``fields=``, :mod:`.table`); ``check_ids`` checks the seat. The engine raises
# ``InvalidAction`` for anything that is not well formed, before the rules are checked.

def _seat_ok(state: State, seat: Any) -> bool:
    return isinstance(seat, int) and 0 <= seat < len(state.vendors)


def _ids_ok(cat: Any, cards: Any) -> bool:
    return isinstance(cards, tuple) and all(c in cat.produce for c in cards)


def card_field(state: State, action: Any) -> str | None:
    card = action.card
    if card not in catalog(state).produce:
        return unknown_id(card, catalog(state).produce, "a produce card of this deck")
    if type(action) is A.Tuck and action.stall not in catalog(state).stalls:
        return unknown_id(action.stall, _in_play(state), "a Stall in this game")
    if type(action) is A.Give and not _seat_ok(state, action.to):
        return _no_seat(state, action.to, give=True)
    if type(action) is A.Bargain and not isinstance(action.price, int):
        return "the price is whole RM"
    return None


def _in_play(state: State) -> list[str]:
    """The Stalls of this game (the set has 12; 2-4 vendors play with fewer, B-SETUP-04),
    which a refusal of an ID that is no Stall names (helper-74: 'ST-99' in a 3-vendor game
    read 'they are ST-01 to ST-12'). An ID of the set not in play is well-formed (the action
    space has every Stall): the rules refuse it."""
    return [s.id for s in state.stalls]


def stall_fields(state: State, action: Any) -> str | None:
    stalls = catalog(state).stalls
    for stall in ((action.stall,) if type(action) is A.PlaceWorker
                  else (action.rent, action.release)):
        if stall is not None and stall not in stalls:
            return unknown_id(stall, _in_play(state), "a Stall in this game")
    return None


def produce_field(state: State, action: Any) -> str | None:
    if not isinstance(action.produce, Produce):
        return "the produce types are FV WG MT DG SF MM"
    return None


def list_field(state: State, action: Any) -> str | None:
    cat = catalog(state)
    if action.list not in cat.lists:
        return unknown_id(action.list, cat.lists, "a Shopping List of this deck")
    if type(action) is A.Complete and not _ids_ok(cat, action.cards):
        return "names a card that is not in this produce deck"
    return None


def trade_fields(state: State, action: Any) -> str | None:
    if not _seat_ok(state, action.to):
        return _no_seat(state, action.to)
    return _terms_fields(state, action)


def _no_seat(state: State, seat: Any, give: bool = False) -> str:
    """Why another vendor named in a give or a trade is none; in Sendiri, that there is nobody
    but you (helper-74 read only 'there is no seat 1'): excess Bag cards are thrown (B-SOLO-14),
    and there are no trades (B-SOLO-08; helper-106 read B-SOLO-08 on a give)."""
    if len(state.vendors) == 1:
        return (f"there is no seat {seat!r}: in Sendiri you are the only vendor, so there is "
                "nobody to give to: excess Bag cards are thrown (B-SOLO-14)" if give else
                f"there is no seat {seat!r}: in Sendiri you are the only vendor, so there is "
                "nobody to trade with (B-SOLO-08)")
    return f"there is no seat {seat!r}"


def counter_fields(state: State, action: Any) -> str | None:
    if action.price is not None and (not isinstance(action.price, int)
                                     or isinstance(action.price, bool)):
        return "the price is whole RM"
    return _terms_fields(state, action)


def _terms_fields(state: State, action: Any) -> str | None:
    """The terms a trade and a counter-offer share: whole RM ``pay``/``ask``, known cards."""
    if not isinstance(action.pay, int) or not isinstance(action.ask, int):
        return "pay and ask are whole RM"
    cat = catalog(state)
    if not (_ids_ok(cat, action.give) and _ids_ok(cat, action.take)):
        return "names a card that is not in this produce deck"
    return None



def check_ids(state: State, action: Any) -> None:
    """Raise :class:`InvalidAction` for an action whose seat is not at the table; the rest of
    its fields are checked by its row of the action table (``fields=``, :mod:`.table`)."""
    if not _seat_ok(state, action.player):
        raise InvalidAction(f"{action}: there is no seat {action.player!r}")

