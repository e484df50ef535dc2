"""One legality check per Bansan action type (STYLE 5): each returns a :class:`Violation` naming
the rule ID it breaks, or ``None``. ``explain`` runs the common checks (seat, offer, phase) first;
``legal_actions`` filters candidates through these same functions, so both always agree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from marketlib.bansan import actions as A
from marketlib.bansan.cards import Produce
from marketlib.bansan.market import (
    BIN_INDEX,
    catalog,
    half_total,
    open_stalls_of,
    own_stalls,
    price,
    sells,
    stall_index,
    stall_type,
)
from marketlib.bansan.state import (
    BargainOffer,
    ListReturn,
    OpeningHand,
    Purchase,
    SoloThrow,
    Stall,
    State,
    Stocking,
    TradeOffer,
)
from marketlib.bansan.turns import can_stock
from marketlib.core.errors import Violation

MAX_WORKERS = 3  # B-COMP-11, D-B-05


def v(rule: str, reason: str) -> Violation:
    return Violation(rule=rule, reason=reason)


def committed(state: State, player: int) -> int:
    """RM the vendor has committed to the BUY in progress (not yet paid)."""
    pending = state.pending
    if not isinstance(pending, Purchase) or player != state.current:
        return 0
    if pending.kind == "vendors":
        return sum(x.price for x in pending.picked)
    if pending.kind == "wholesale":
        return half_total(state, (x.price for x in pending.picked))
    return 0


def free_money(state: State, player: int) -> int:
    return state.vendors[player].money - committed(state, player)


# --------------------------------------------------------------------------- lists and stocking
def check_return_list(state: State, a: A.ReturnList) -> Violation | None:
    rule = {"open_lists": "B-OPEN-02", "event_lists": "B-UPK-11"}.get(state.phase, "B-UPK-06")
    if not isinstance(state.pending, ListReturn):
        return v(rule, "no Shopping List is to be returned now")
    if a.list not in state.vendors[a.player].wallet:
        return v(rule, f"{a.list} is not in your Wallet")
    return None


def check_choose_half(state: State, a: A.ChooseHalf) -> Violation | None:
    if not isinstance(state.pending, OpeningHand):
        return v("B-OPEN-03", "the halves are already chosen: tuck the cards")
    return None


def check_tuck(state: State, a: A.Tuck) -> Violation | None:
    pending = state.pending
    rule = "B-OPEN-03" if state.phase == "open_stock" else "B-STOCK-01"
    if not isinstance(pending, Stocking):
        return v(rule, "no card is waiting to be stocked (choose [A] Row or [B] Deck first)"
                 if state.phase == "stock" else "choose top or bottom halves first")
    options = next((sc.options for sc in pending.cards if sc.card == a.card), None)
    if options is None:
        return v("B-STOCK-03", f"{a.card} is not one of the cards being stocked")
    i = stall_index(state, a.stall)
    if i < 0:
        return v("B-STOCK-03", f"{a.stall} is not in play")
    sells = stall_type(state, a.stall)
    if sells not in options:
        shown = " or ".join(options)
        return v("B-STOCK-06" if len(options) > 1 else "B-STOCK-03",
                 f"{a.card} is stocked as {shown}, and {a.stall} sells {sells}")
    if not state.stalls[i].open:
        return v("B-STOCK-07", f"{a.stall} is CLOSED: produce can never be stocked into it")
    return None


def check_place_worker(state: State, a: A.PlaceWorker) -> Violation | None:
    i = stall_index(state, a.stall)
    if i < 0:
        return v("B-OPEN-04", f"{a.stall} is not in play")
    renter = state.stalls[i].renter
    if renter is not None:
        return v("B-OPEN-05", f"{a.stall} is already rented by P{renter}: a stall has one vendor")
    return None


def check_move(state: State, a: A.Move) -> Violation | None:
    rows = len(state.stalls) // state.columns
    if not 1 <= a.row <= rows:
        return v("B-SOLO-09", f"choose a row 1-{rows}, not {a.row}")
    return None


def _stock_start(state: State) -> Violation | None:
    if state.pending is not None:
        return v("B-STOCK-01", "you already chose: tuck the cards being stocked")
    return None


def check_stock_row(state: State, a: A.StockRow) -> Violation | None:
    wrong = _stock_start(state)
    if wrong:
        return wrong
    cat = catalog(state)
    if not any(cat.produce[c].shows(a.produce) for c in state.row):
        return v("B-STOCK-02", f"no Row card shows {a.produce}")
    if not open_stalls_of(state, a.produce):
        return v("B-STOCK-07", f"no open {a.produce} stall can take the cards (A-B-17)")
    return None


def check_stock_deck(state: State, a: A.StockDeck) -> Violation | None:
    if state.rules.mode == "sendiri":
        return v("B-SOLO-11", "in Sendiri you stock only from the 4-card Row, not the Deck")
    wrong = _stock_start(state)
    if wrong:
        return wrong
    if not state.deck:
        return v("B-STOCK-04", "the WHOLESALE Deck is empty")
    return None


def check_skip_stocking(state: State, a: A.SkipStocking) -> Violation | None:
    wrong = _stock_start(state)
    if wrong:
        return wrong
    if state.rules.stocking_mandatory and can_stock(state):
        return v("B-STOCK-01", "stocking is mandatory while [A] or [B] is possible (A-B-18)")
    return None


# --------------------------------------------------------------------------- action phase
def _new_action(state: State) -> Violation | None:
    if isinstance(state.pending, Purchase):
        return v("B-ACT-01", f"finish the {state.pending.kind} of {state.pending.produce} first "
                 "(pick cards, then done)")
    if state.actions_left <= 0:
        return v("B-ACT-01", "you have no actions left this turn")
    return None


def vendor_pick(state: State, player: int, card_id: str, produce: Produce,
                extra: int = 0, price_check: bool = True) -> Violation | None:
    """Why ``player`` may not BUY ``card_id`` from a vendor as ``produce`` (B-BUY-01..07)."""
    stall = next((s for s in state.stalls if card_id in s.cards), None)
    if stall is None or stall_type(state, stall.id) is not produce:
        return v("B-BUY-01", f"{card_id} is not in a {produce} stall")
    return stall_pick(state, player, stall, card_id, produce, extra, price_check)


def stall_pick(state: State, player: int, stall: Stall, card_id: str, produce: Produce,
               extra: int = 0, price_check: bool = True) -> Violation | None:
    """:func:`vendor_pick` once the card's stall is known (and sells ``produce``)."""
    if stall.renter == player:
        return v("B-SOLO-13" if state.rules.mode == "sendiri" else "B-BUY-04",
                 f"{card_id} is in your own stall {stall.id}: you can never buy from your own "
                 "stalls")
    if not stall.open:
        return v("B-BUY-05", f"{stall.id} is CLOSED: you cannot buy from it")
    unit = price(state, produce)
    if stall.renter is None:
        if not (state.rules.buy_unoperated_multiplayer or state.rules.mode == "sendiri"):
            return v("B-BUY-06", f"{stall.id} is unoperated: in multiplayer you cannot buy from it")
        unit *= 2  # B-SOLO-12
    pending = state.pending
    if (not state.rules.buy_multi_seller and isinstance(pending, Purchase) and pending.picked
            and pending.picked[0].seller != stall.renter):
        return v("B-BUY-01", "this BUY takes cards from one seller only (buy_multi_seller=False)")
    if price_check and unit + extra > free_money(state, player):
        return v("B-BUY-07", f"{card_id} costs RM{unit} and you can spend RM"
                 f"{free_money(state, player) - extra}")
    return None


def _sold_types(state: State, player: int) -> set[Produce]:
    stalls = own_stalls(state, player)
    if state.rules.wholesale_requires_open_stall:
        stalls = [s for s in stalls if s.open]
    return {stall_type(state, s.id) for s in stalls}


def wholesale_pick(state: State, player: int, card_id: str, produce: Produce,
                   picked: tuple[int, ...] = ()) -> Violation | None:
    if card_id not in state.row or not catalog(state).produce[card_id].shows(produce):
        return v("B-BUY-03", f"{card_id} is not a Row card showing {produce}")
    cost = half_total(state, (*picked, price(state, produce)))
    money = state.vendors[player].money
    if cost > money:
        return v("B-BUY-07", f"that BUY would cost RM{cost} and you have RM{money}")
    return None


def sell_pick(state: State, player: int, card_id: str, produce: Produce) -> Violation | None:
    source = state.rules.online_sell_source
    if source in ("bag", "both") and any(
            b.card == card_id and b.produce is produce for b in state.vendors[player].bag):
        return None
    if source in ("own_stalls", "both"):
        for s in own_stalls(state, player):
            if card_id in s.cards and stall_type(state, s.id) is produce:
                if not s.open and not state.rules.sell_from_closed_stall:
                    return v("B-SELL-01", f"{s.id} is CLOSED (sell_from_closed_stall=False)")
                return None
    where = {"own_stalls": "your own stalls", "bag": "your bag", "both": "your stalls or bag"}
    return v("B-SELL-01", f"{card_id} is not {produce} in {where[source]}")


def _first_ok(cards: list[str], check: Callable[[str], Violation | None],
              default: Violation) -> Violation | None:
    """``None`` if some card passes ``check``, else the first card's reason (or ``default``)."""
    first = None
    for c in cards:
        why = check(c)
        if why is None:
            return None
        first = first or why
    return first or default


def check_buy(state: State, a: A.Buy) -> Violation | None:
    wrong = _new_action(state)
    if wrong:
        return wrong
    types = sells(state)
    first: Violation | None = None
    for s in state.stalls:
        if s.cards and types[s.id] is a.produce:
            why = stall_pick(state, a.player, s, s.cards[0], a.produce)
            if why is None:
                return None
            first = first or why
    return first or v("B-BUY-01", f"no {a.produce} to buy")


def check_buy_wholesale(state: State, a: A.BuyWholesale) -> Violation | None:
    wrong = _new_action(state)
    if wrong:
        return wrong
    if state.rules.wholesale_types == "rented_stalls" and a.produce not in _sold_types(
            state, a.player):
        return v("B-BUY-03", f"you do not sell {a.produce}: your wholesalers supply only the "
                 "types of the stalls you rent")
    first = None
    for c in state.row:
        why = wholesale_pick(state, a.player, c, a.produce)
        if why is None:
            return None
        first = first or why
    return first or v("B-BUY-03", f"no Row card shows {a.produce}")


def check_sell(state: State, a: A.Sell) -> Violation | None:
    wrong = _new_action(state)
    if wrong:
        return wrong
    cards = [s.cards[0] for s in own_stalls(state, a.player)
             if s.cards and stall_type(state, s.id) is a.produce]
    cards += [b.card for b in state.vendors[a.player].bag if b.produce is a.produce]
    return _first_ok(cards, lambda c: sell_pick(state, a.player, c, a.produce),
                     v("B-SELL-01", f"you have no {a.produce} to sell"))


def check_pick(state: State, a: A.Pick) -> Violation | None:
    pending = state.pending
    if not isinstance(pending, Purchase):
        return v("B-ACT-01", "start a BUY or SELL before picking cards")
    if a.card in {x.card for x in pending.picked}:
        return v("B-BUY-01", f"{a.card} is already picked")
    if pending.kind == "vendors":
        return vendor_pick(state, a.player, a.card, pending.produce,
                           extra=sum(x.price for x in pending.picked))
    if pending.kind == "wholesale":
        return wholesale_pick(state, a.player, a.card, pending.produce,
                              tuple(x.price for x in pending.picked))
    return sell_pick(state, a.player, a.card, pending.produce)


def check_bargain(state: State, a: A.Bargain) -> Violation | None:
    pending = state.pending
    if not state.rules.allow_trades:
        return v("B-ANY-01", "bargaining is switched off (allow_trades=False)")
    if not isinstance(pending, Purchase) or pending.kind != "vendors":
        return v("B-ANY-01", "a bargain names a price for a card during a BUY from vendors")
    why = vendor_pick(state, a.player, a.card, pending.produce, price_check=False)
    if why:
        return why
    stall = next(s for s in state.stalls if a.card in s.cards)
    if stall.renter is None:
        return v("B-BUY-06", "an unoperated stall has no vendor to bargain with")
    if a.price < 0:
        return v("B-ANY-01", "a price cannot be negative")
    if a.price > free_money(state, a.player):
        return v("B-BUY-07", f"you can spend RM{free_money(state, a.player)}, not RM{a.price}")
    return None


def check_done(state: State, a: A.Done) -> Violation | None:
    if state.phase in ("complete", "closing"):
        return None
    pending = state.pending
    if not isinstance(pending, Purchase):
        return v("B-ACT-01", "no BUY or SELL is in progress (use end-actions to stop)")
    if not pending.picked:
        from marketlib.bansan.rules import pick_choices

        if pick_choices(state, a.player, pending):
            return v("B-SELL-01" if pending.kind == "sell" else "B-BUY-01",
                     "pick at least 1 card first")
    return None


def check_empty(state: State, a: A.Empty) -> Violation | None:
    wrong = _new_action(state)
    if wrong:
        return wrong
    if not state.bins[BIN_INDEX[a.bin]] and not state.rules.allow_empty_empty_bin:
        return v("B-EMPTY-04", f"the {a.bin} bin holds no card")
    return None


def check_end_actions(state: State, a: A.EndActions) -> Violation | None:
    if isinstance(state.pending, Purchase):
        return v("B-ACT-01", "finish the BUY or SELL in progress first")
    if state.rules.actions_exact and state.actions_left > 0:
        from marketlib.bansan.rules import action_choices

        if action_choices(state):
            return v("B-ACT-01", "you must take all your actions (actions_exact=True)")
    return None


# --------------------------------------------------------------------------- upkeep
def check_complete(state: State, a: A.Complete) -> Violation | None:
    rule = "B-END-05" if state.phase == "closing" else "B-UPK-02"
    vendor = state.vendors[a.player]
    if state.rules.mode == "kenduri":
        if a.list not in state.public:
            done = next((f" (P{p} completed it)" for p, x in enumerate(state.vendors)
                         if a.list in x.completed), "")
            return v("B-KEN-03", f"{a.list} is not an open Kenduri list{done}")
    elif a.list not in vendor.wallet:
        return v(rule, f"{a.list} is not in your Wallet")
    if len(set(a.cards)) != len(a.cards):
        return v("B-UPK-02", "a card is named twice")
    bag = {b.card: b.produce for b in vendor.bag}
    missing = [c for c in a.cards if c not in bag]
    if missing:
        return v("B-UPK-02", f"{', '.join(missing)} not in your bag: only bag cards complete lists "
                 "(A-B-56)")
    need = Counter(catalog(state).lists[a.list].icons)
    have = Counter(bag[c] for c in a.cards)
    if need != have:
        want = " ".join(f"{n}x{t}" for t, n in sorted(need.items()))
        return v("B-UPK-02", f"{a.list} needs exactly {want}, one card per icon")
    return None


def check_give(state: State, a: A.Give) -> Violation | None:
    if not any(b.card == a.card for b in state.vendors[a.player].bag):
        return v("B-UPK-08", f"{a.card} is not in your bag")
    if a.to == a.player:
        return v("B-UPK-08", "give the excess to another player's bag")
    return None


def check_throw(state: State, a: A.Throw) -> Violation | None:
    pending = state.pending
    if isinstance(pending, SoloThrow):
        stall = state.stalls[stall_index(state, pending.stalls[0])]
        if a.card not in stall.cards:
            return v("B-SOLO-10", f"throw a card of {stall.id} {stall_type(state, stall.id)}, "
                     f"the stall of the type shown on {pending.card}")
        return None
    if not any(b.card == a.card for b in state.vendors[a.player].bag):
        return v("B-UPK-08", f"{a.card} is not in your bag")
    return None


# --------------------------------------------------------------------------- any time
def check_rent_and_release(state: State, a: A.RentAndRelease) -> Violation | None:
    p = a.player
    if state.rules.mode == "sendiri":
        return v("B-SOLO-08", "there is no R&R in Sendiri: Workers move by rule")
    if state.phase in ("open_lists", "open_stock", "draft"):
        return v("B-OPEN-07", "the opening stall draft is not R&R; R&R starts with the first turn")
    if isinstance(state.pending, Purchase):
        return v("B-ACT-01", "finish the BUY or SELL in progress before R&R")
    if state.trigger is not None:
        return v("B-END-04", "the Last Round is triggered: no more R&R")
    if state.vendors[p].rr_used:
        return v("B-ANY-04", "you have already used your R&R (your bag is flipped)")
    if a.rent is None and a.release is None:
        return v("B-ANY-03", "name a stall to rent and/or release")
    mine = own_stalls(state, p)
    if a.release is not None and all(s.id != a.release for s in mine):
        return v("B-ANY-03", f"you do not rent {a.release}")
    count = len(mine) - (a.release is not None)
    if a.rent is not None:
        i = stall_index(state, a.rent)
        if i < 0:
            return v("B-ANY-06", f"{a.rent} is not in play")
        s = state.stalls[i]
        if s.renter is not None:
            return v("B-ANY-06", f"{a.rent} is rented by P{s.renter}: only unoperated stalls")
        if not s.open and not state.rules.rent_closed_stall:
            return v("B-ANY-06", f"{a.rent} is CLOSED and cannot be rented (A-B-22)")
        if count + 1 > MAX_WORKERS:
            return v("B-ANY-08", f"you have no free Worker ({MAX_WORKERS} stalls at most)")
        gain = state.rules.rr_cost if a.release is not None else 0
        if free_money(state, p) + gain < state.rules.rr_cost:
            return v("B-ANY-03", f"renting costs RM{state.rules.rr_cost}")
    elif count < state.rules.rr_min_stalls:
        return v("B-ANY-08", "releasing would leave you without a stall (A-B-32)")
    return None


def check_propose(state: State, a: A.ProposeTrade) -> Violation | None:
    if not state.rules.allow_trades:
        return v("B-ANY-02", "trading is switched off (allow_trades=False)")
    if a.to == a.player:
        return v("B-ANY-02", "trade with another vendor")
    if not (a.give or a.take or a.pay or a.ask):
        return v("B-ANY-02", "the trade is empty")
    if a.pay < 0 or a.ask < 0:
        return v("B-ANY-02", "amounts are whole RM of at least 0 (name who pays with pay/ask)")
    for seat, cards in ((a.player, a.give), (a.to, a.take)):
        bag = {b.card for b in state.vendors[seat].bag}
        if len(set(cards)) != len(cards) or not set(cards) <= bag:
            return v("B-ANY-02", f"produce moves only bag to bag: {', '.join(cards)} must be in "
                     f"P{seat}'s bag")
    if a.pay > free_money(state, a.player):
        return v("B-ANY-02", f"you can pay at most RM{free_money(state, a.player)}")
    return None


def check_accept(state: State, a: A.Accept) -> Violation | None:
    offer = state.offer
    if isinstance(offer, TradeOffer) and offer.ask > state.vendors[a.player].money:
        return v("B-ANY-02", f"you cannot pay the RM{offer.ask} asked")
    if isinstance(offer, BargainOffer) and not any(offer.card in s.cards for s in state.stalls):
        return v("B-ANY-01", f"{offer.card} is no longer in your stall")
    return None


def check_decline(state: State, a: A.Decline) -> Violation | None:
    return None


CHECKS: dict[type, Callable[[State, Any], Violation | None]] = {
    A.ReturnList: check_return_list, A.ChooseHalf: check_choose_half, A.Tuck: check_tuck,
    A.PlaceWorker: check_place_worker, A.Move: check_move, A.StockRow: check_stock_row,
    A.StockDeck: check_stock_deck, A.SkipStocking: check_skip_stocking, A.Buy: check_buy,
    A.BuyWholesale: check_buy_wholesale, A.Sell: check_sell, A.Pick: check_pick,
    A.Bargain: check_bargain, A.Done: check_done, A.Empty: check_empty,
    A.EndActions: check_end_actions, A.Complete: check_complete, A.Give: check_give,
    A.Throw: check_throw, A.RentAndRelease: check_rent_and_release,
    A.ProposeTrade: check_propose, A.Accept: check_accept, A.Decline: check_decline,
}
