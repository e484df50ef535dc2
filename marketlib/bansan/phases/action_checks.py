"""Legality of the Bansan Action Phase (B-ACT-01, B-BUY, B-SELL, B-EMPTY, B-ANY-01): one check
per action (docs: "Games and the registry"), the card-by-card checks of a BUY or SELL in progress,
and the choices open
to the current vendor, filtered through those same checks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marketlib.bansan import actions as A
from marketlib.bansan.cards import NAMES, PRODUCE, WASTES, Produce
from marketlib.bansan.queries import (
    BIN_INDEX,
    catalog,
    free_money,
    half_total,
    own_stalls,
    price,
    sells,
    stall_type,
)
from marketlib.bansan.state import (
    Purchase,
    Stall,
    State,
)
from marketlib.core.errors import Violation
from marketlib.core.errors import violation as v


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
    stalls = {s.cards[0]: s for s in state.stalls if s.cards and types[s.id] is a.produce}
    return _first_ok(list(stalls), lambda c: stall_pick(state, a.player, stalls[c], c, a.produce),
                     v("B-BUY-01", f"no {a.produce} to buy"))


def check_buy_wholesale(state: State, a: A.BuyWholesale) -> Violation | None:
    wrong = _new_action(state)
    if wrong:
        return wrong
    if state.rules.wholesale_types == "rented_stalls" and a.produce not in _sold_types(
            state, a.player):
        return v("B-BUY-03", f"you do not sell {a.produce}: your wholesalers supply only the "
                 "types of the stalls you rent")
    showing = [c for c in state.row if catalog(state).produce[c].shows(a.produce)]
    return _first_ok(showing, lambda c: wholesale_pick(state, a.player, c, a.produce),
                     v("B-BUY-03", f"no Row card shows {NAMES[a.produce]} ({a.produce})"))


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
    if not pending.picked and pick_choices(state, a.player, pending):
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
    if state.rules.actions_exact and state.actions_left > 0 and action_choices(state):
        return v("B-ACT-01", "you must take all your actions (actions_exact=True)")
    return None


def action_choices(state: State) -> list[A.Action]:
    """The Action Phase's BUY/SELL/EMPTY choices open to the current vendor (B-ACT-01).

    Types that cannot qualify (no card of that type in another vendor's stall, in the Row, or
    among your own cards) are skipped before the legality check, which decides the rest.
    """
    p = state.current
    types = sells(state)
    stocked: set[Produce] = set()
    own: set[Produce] = set()
    for s in state.stalls:
        if s.cards:
            (own if s.renter == p else stocked).add(types[s.id])
    if state.rules.online_sell_source != "own_stalls":
        own.update(b.produce for b in state.vendors[p].bag)
    cat = catalog(state)
    shown: set[Produce] = set()
    for c in state.row:
        card = cat.produce[c]
        shown.add(card.top)
        shown.add(card.bottom)
    out: list[A.Action] = []
    for kind, pool in ((A.Buy, stocked), (A.BuyWholesale, shown), (A.Sell, own)):
        check = _CHOICE_CHECKS[kind]
        out.extend(a for a in (kind(player=p, produce=t) for t in PRODUCE if t in pool)
                   if check(state, a) is None)
    out.extend(a for a in (A.Empty(player=p, bin=w) for w in WASTES)
               if check_empty(state, a) is None)
    return out


_CHOICE_CHECKS: dict[type, Callable[[State, Any], Violation | None]] = {
    A.Buy: check_buy, A.BuyWholesale: check_buy_wholesale, A.Sell: check_sell,
}


def pick_choices(state: State, p: int, pending: Purchase) -> list[A.Action]:
    """The legal ``Pick`` actions of the BUY or SELL in progress."""
    if pending.kind == "wholesale":
        cards = list(state.row)
    elif pending.kind == "sell":
        cards = [c for s in own_stalls(state, p) for c in s.cards]
        cards += [b.card for b in state.vendors[p].bag]
    else:
        cards = [c for s in state.stalls if s.renter != p and s.cards
                 and stall_type(state, s.id) is pending.produce for c in s.cards]
    return [a for a in (A.Pick(player=p, card=c) for c in cards) if check_pick(state, a) is None]
