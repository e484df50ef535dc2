"""Legality of the Bansan Action Phase (B-ACT-01, B-BUY, B-SELL, B-EMPTY, B-ANY-01): one check
per action (docs: "Games and the registry"), the card-by-card checks of a BUY or SELL in progress,
and the choices open
to the current vendor, filtered through those same checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from marketlib.bansan import actions as A
from marketlib.bansan.cards import NAMES, PRODUCE, SELL_FROM, WASTES, Produce
from marketlib.bansan.facts import Facts
from marketlib.bansan.queries import (
    BIN_INDEX,
    UNOPERATED_FACTOR,
    buys_unoperated,
    money_of,
    purchase_cost,
)
from marketlib.bansan.state import (
    NEIGHBOUR,
    Purchase,
    Stall,
    State,
)
from marketlib.bansan.words import PURCHASES
from marketlib.core.errors import Violation, Why, refuse
from marketlib.core.errors import violation as v

if TYPE_CHECKING:
    from marketlib.bansan.view import View

T = TypeVar("T")

NEW_ACTIONS = (A.Buy, A.BuyWholesale, A.Sell, A.Empty)
"""The moves that each take one of the turn's actions when they start (B-ACT-01): their
checks ask :func:`_new_action` first, their handlers count the action at once (a BUY or SELL
before any card is picked), and their previews say so (``text.preview``)."""


def _new_action(state: State) -> Violation | None:
    pending = state.pending
    if isinstance(pending, Purchase):
        what = PURCHASES[pending.kind].format(pending.produce)
        return v("B-ACT-01", f"finish the {what} first (pick cards, then done)")
    if state.actions_left <= 0:
        return v("B-ACT-01", "you have no actions left this turn")
    return None


def vendor_pick(state: State | View, f: Facts, player: int, card_id: str, produce: Produce,
                price_check: bool = True) -> Why | None:
    """Why ``player`` may not BUY ``card_id`` from a vendor as ``produce`` (B-BUY-01..07). The
    cards already picked are paid out of the money the vendor can spend (``free_money``: the
    BUY in progress is committed, A-B-61), so they are not added again."""
    stall = f.stall_of(card_id)
    if stall is None or f.sells[stall.id] is not produce:
        pending = state.pending
        if isinstance(pending, Purchase) and any(p.card == card_id for p in pending.picked):
            return v("B-BUY-01", f"{card_id} is already picked in this BUY: bargain over a "
                     "card before you pick it, or pick another")
        return v("B-BUY-01", f"{card_id} is not in a stall that sells {produce}")
    return stall_pick(state, f, player, stall, card_id, produce, price_check)


def stall_pick(state: State | View, f: Facts, player: int, stall: Stall, card_id: str | None,
               produce: Produce, price_check: bool = True) -> Why | None:
    """:func:`vendor_pick` once the card's stall is known (and sells ``produce``): the same for
    every card of the stall, so a stall found open to the pick is remembered for the call.
    ``card_id`` ``None``: the BUY of the type itself, whose refusal speaks of the type, not of
    one card (helper-112 read "PC-11 is in your own stall" for ``buy FV``)."""
    key = (stall.id, produce, price_check, player)
    if key in f.open_stalls:
        return None
    if stall.renter == player:  # refusals worded when read (a BUY lists every stall)
        return refuse("B-SOLO-13" if state.rules.plays.solo else "B-BUY-04", lambda: (
            f"{card_id} is in your own stall {stall.id}: you can never buy from your own "
            "stalls" if card_id is not None else f"every stall that holds {NAMES[produce]} "
            f"({produce}) is your own: you can never buy from your own stalls"))
    if not stall.open:
        return refuse("B-BUY-05", lambda: f"{stall.id} is CLOSED: you cannot buy from it")
    unoperated = stall.renter is None
    if unoperated and not buys_unoperated(state.rules):  # before the price: half the
        # stalls of a multiplayer game are unoperated, and a BUY lists every stall
        return refuse("B-BUY-06", lambda: f"{stall.id} is unoperated: in multiplayer you "
                      "cannot buy from it")
    unit = f.price(produce)
    if unoperated:
        unit *= UNOPERATED_FACTOR  # B-SOLO-12
    pending = state.pending
    if (not state.rules.buy_multi_seller and isinstance(pending, Purchase) and pending.picked
            and pending.picked[0].seller != stall.renter):
        return v("B-BUY-01", "this BUY takes cards from one seller only (buy_multi_seller=False)")
    if price_check:
        free = f.free_money(player)  # the picks so far already taken out (A-B-61)
        if unit > free:
            return refuse("B-BUY-07", lambda: (
                f"{card_id} costs RM{unit} and you can spend RM{free}" if card_id is not None
                else f"{NAMES[produce]} ({produce}) costs RM{unit} a card in {stall.id} and "
                f"you can spend RM{free}"))
    f.open_stalls.add(key)
    return None


def _sold_types(state: State | View, f: Facts, player: int) -> set[Produce]:
    """The types ``player``'s wholesalers supply (B-BUY-03, A-B-06), once per ``Facts``."""
    found = f.sold.get(player)
    if found is None:
        stalls = f.own(player)
        if state.rules.wholesale_requires_open_stall:
            stalls = [s for s in stalls if s.open]
        found = f.sold[player] = {f.sells[s.id] for s in stalls}
    return found


def _supplied(state: State | View, f: Facts, player: int, produce: Produce) -> bool:
    """Whether ``player``'s wholesalers supply ``produce`` (B-BUY-03, A-B-06): a type of a
    stall it rents, under ``wholesale_types="rented_stalls"``; checked when the BUY starts and
    again at each pick, since a Stall may be released in the middle of it (A-B-60)."""
    return state.rules.wholesale_types != "rented_stalls" or produce in _sold_types(
        state, f, player)


def wholesale_pick(state: State | View, f: Facts, player: int, card_id: str, produce: Produce,
                   picked: tuple[int, ...] = ()) -> Why | None:
    if card_id not in state.row or not f.cat.produce[card_id].shows(produce):
        return v("B-BUY-03", f"{card_id} is not a Row card showing {produce}")
    unit = f.price(produce)
    cost = purchase_cost(state, "wholesale", (*picked, unit))  # RM0 under EV-13..16
    money = money_of(state, player)
    if cost > money:
        return refuse("B-BUY-07", lambda: f"that BUY would cost RM{cost} and you have RM{money}")
    return None


def sell_pick(state: State | View, f: Facts, player: int, card_id: str, produce: Produce,
              stall: Stall | None = None) -> Why | None:
    """Why ``player`` may not SELL ``card_id`` as ``produce`` (B-SELL-01, A-B-09); ``stall``:
    the Stall known to hold it (else looked up)."""
    source = state.rules.online_sell_source
    if source in ("bag", "both") and f.bag(player).get(card_id) is produce:
        return None
    if source in ("own_stalls", "both"):
        if stall is None:
            stall = f.stall_of(card_id)
        if stall is not None and stall.renter == player and f.sells[stall.id] is produce:
            if not stall.open and not state.rules.sell_from_closed_stall:
                return v("B-SELL-01", f"{stall.id} is CLOSED (sell_from_closed_stall=False)")
            return None
    return refuse("B-SELL-01", lambda: _not_for_sale(state, f, player, card_id, produce, source))


def _not_for_sale(state: State | View, f: Facts, player: int, card_id: str, produce: Produce,
                  source: str) -> str:
    """Why ``card_id`` cannot go into a SELL of ``produce``: where the card is, then where a SELL
    takes its cards from (``online_sell_source``)."""
    takes = f"a SELL of {produce} takes cards from {SELL_FROM[source]}"
    locked = f.bag(player).get(card_id)
    if locked is not None:
        if source == "own_stalls":
            return f"{card_id} is in your Bag, and {takes}"
        return f"{card_id} in your Bag counts as {locked}, not {produce}"
    stall = f.stall_of(card_id)
    if stall is None:
        return f"{card_id} is in none of your stalls; {takes}"
    if stall.renter != player:
        owner = ("nobody's" if stall.renter is None else "the Neighbour's"
                 if stall.renter == NEIGHBOUR else f"P{stall.renter}'s")
        return f"{card_id} is in {owner} stall {stall.id}; {takes}"
    sells = f.sells[stall.id]
    if sells is not produce:
        return f"{card_id} is in your stall {stall.id}, which sells {sells}, not {produce}"
    return f"{card_id} is in your stall {stall.id}, and {takes}"


def _first_ok(cards: Sequence[T], check: Callable[[T], Why | None], rule: str,
              say: Callable[[], str]) -> Why | None:
    """``None`` if some card passes ``check``, else the first card's reason (or, with no card,
    a refusal of ``rule`` worded by ``say``)."""
    first = None
    for c in cards:
        why = check(c)
        if why is None:
            return None
        first = first or why
    return first or refuse(rule, say)


_CLOSEST = {rule: rank for rank, rule in enumerate(
    ("B-BUY-07", "B-BUY-01", "B-BUY-05", "B-BUY-06", "B-SOLO-13", "B-BUY-04"))}
"""A BUY refused at every Stall holding the type says the reason of the Stall that came
closest: one the vendor cannot afford before one it may never buy from, a CLOSED Stall before
an unoperated one, its own Stalls last (helper-104 read "in your own stall ST-01" for a BUY
aimed at the cards of unoperated ST-07)."""


def check_buy(state: State, a: A.Buy, f: Facts) -> Why | None:
    return _new_action(state) or _buy_terms(state, a, f)


def _buy_terms(state: State, a: A.Buy, f: Facts) -> Why | None:
    """:func:`check_buy` once the BUY may start (:func:`_new_action`)."""
    whys = []
    for stall in f.stocked(a.produce):  # the same for every card of the stall
        why = stall_pick(state, f, a.player, stall, None, a.produce)
        if why is None:
            return None
        whys.append(why)
    if whys:  # the first of the closest (the table's order among equals)
        return min(whys, key=lambda why: _CLOSEST.get(why.rule, len(_CLOSEST)))
    return refuse("B-BUY-01", lambda: f"no stall holds {NAMES[a.produce]} ({a.produce}) to "
                  "buy")


def check_buy_wholesale(state: State, a: A.BuyWholesale, f: Facts) -> Why | None:
    return _new_action(state) or _wholesale_terms(state, a, f)


def _wholesale_terms(state: State, a: A.BuyWholesale, f: Facts) -> Why | None:
    """:func:`check_buy_wholesale` once the BUY may start (:func:`_new_action`)."""
    if not _supplied(state, f, a.player, a.produce):
        return refuse("B-BUY-03", lambda: f"you do not sell {a.produce}: your wholesalers "
                      "supply only the types of the stalls you rent")
    cards = f.cat.produce
    showing = [c for c in state.row if cards[c].shows(a.produce)]
    return _first_ok(showing, lambda c: wholesale_pick(state, f, a.player, c, a.produce),
                     "B-BUY-03", lambda: f"no Row card shows {NAMES[a.produce]} ({a.produce})")


def check_sell(state: State, a: A.Sell, f: Facts) -> Why | None:
    return _new_action(state) or _sell_terms(state, a, f)


def _sell_terms(state: State, a: A.Sell, f: Facts) -> Why | None:
    """:func:`check_sell` once the SELL may start (:func:`_new_action`)."""
    types = f.sells
    source = state.rules.online_sell_source  # only where a SELL takes from (A-B-09): a Bag
    # card named under "own_stalls" read as the reason when the vendor had no Stall of the type
    # left (helper-106, after releasing it: "PC-03 is in your Bag, and a SELL of FV takes
    # cards from your Stalls")
    cards: list[tuple[str, Stall | None]] = [  # each with its Stall (no look-up of the card)
        (s.cards[0], s) for s in f.own(a.player) if s.cards and types[s.id] is a.produce
    ] if source != "bag" else []
    if source != "own_stalls":
        cards += [(b.card, None) for b in state.vendors[a.player].bag if b.produce is a.produce]
    return _first_ok(cards, lambda c: sell_pick(state, f, a.player, c[0], a.produce, c[1]),
                     "B-SELL-01", lambda: f"you have no {NAMES[a.produce]} ({a.produce}) to "
                     f"sell in {SELL_FROM[state.rules.online_sell_source]}")


def check_pick(state: State | View, a: A.Pick, f: Facts) -> Why | None:
    pending = state.pending
    card = a.card
    if f.stall_of(card) is None and (pending is None or (  # another vendor's Bag card, face
            isinstance(pending, Purchase) and pending.kind == "vendors")):  # up, is no pick
        # for a BUY from the vendors (helper-106 clicked one and read "start a BUY or SELL
        # before picking cards"); a SELL's or a wholesale BUY's own refusals say more
        owner = next((q for q in range(len(state.vendors))
                      if q != a.player and card in f.bag(q)), None)
        if owner is not None:
            return v("B-BUY-01", f"{card} is in P{owner}'s Bag: a BUY takes cards from the "
                     "Stalls, never from a vendor's Bag")
    if not isinstance(pending, Purchase):
        return v("B-ACT-01", "start a BUY or SELL before picking cards")
    for x in pending.picked:
        if x.card == card:
            return v("B-BUY-01", f"{card} is already picked")
    if pending.kind == "vendors":
        return vendor_pick(state, f, a.player, card, pending.produce)
    if pending.kind == "wholesale":
        if not _supplied(state, f, a.player, pending.produce):  # its last Stall of the
            # type released in the middle of the BUY (A-B-60)
            return v("B-BUY-03", f"you no longer sell {pending.produce}: your wholesalers "
                     "supply only the types of the stalls you rent; finish this BUY with done")
        return wholesale_pick(state, f, a.player, card, pending.produce,
                              tuple(x.price for x in pending.picked))
    return sell_pick(state, f, a.player, card, pending.produce)


def check_bargain(state: State, a: A.Bargain, f: Facts) -> Why | None:
    pending = state.pending
    if not state.rules.allow_trades:
        return v("B-ANY-01", "bargaining is switched off (allow_trades=False)")
    if not isinstance(pending, Purchase) or pending.kind != "vendors":
        return v("B-ANY-01", "a bargain names a price for a card during a BUY from vendors")
    why = vendor_pick(state, f, a.player, a.card, pending.produce, price_check=False)
    if why:
        return why
    stall = f.stall_of(a.card)
    assert stall is not None
    if stall.renter is None:
        return v("B-BUY-06", "an unoperated stall has no vendor to bargain with")
    if a.price < 0:
        return v("B-ANY-01", "a price cannot be negative")
    if a.price > f.free_money(a.player):
        return v("B-BUY-07", f"you can spend RM{f.free_money(a.player)}, not RM{a.price}")
    return None


def check_done(state: State, a: A.Done, f: Facts) -> Why | None:
    if state.phase in ("complete", "closing"):
        return None
    pending = state.pending
    if not isinstance(pending, Purchase):
        return v("B-ACT-01", "no BUY or SELL is in progress: to stop, end the Action Phase "
                 "(end-actions)")
    if not pending.picked and pick_choices(state, a.player, pending, f):
        return v("B-SELL-01" if pending.kind == "sell" else "B-BUY-01",
                 "pick at least 1 card first")
    return None


def check_empty(state: State, a: A.Empty, f: Facts) -> Why | None:
    return _new_action(state) or _empty_terms(state, a, f)


def _empty_terms(state: State, a: A.Empty, f: Facts) -> Why | None:
    """:func:`check_empty` once the EMPTY may start (:func:`_new_action`)."""
    if not state.bins[BIN_INDEX[a.bin]] and not state.rules.allow_empty_empty_bin:
        return refuse("B-EMPTY-04", lambda: f"the {a.bin} bin holds no card")
    return None


def check_end_actions(state: State, a: A.EndActions, f: Facts) -> Why | None:
    if isinstance(state.pending, Purchase):
        return v("B-ACT-01", "finish the BUY or SELL in progress first (pick cards, then done)")
    if state.rules.actions_exact and state.actions_left > 0 and action_choices(state, f):
        return v("B-ACT-01", "you must take all your actions (actions_exact=True)")
    return None


def action_choices(state: State, f: Facts) -> list[A.Action]:
    """The Action Phase's BUY/SELL/EMPTY choices open to the current vendor (B-ACT-01).

    Types that cannot qualify (no card of that type in another vendor's stall, or in an
    unoperated one where a BUY may take from it, B-BUY-06; none in the Row, or among your own
    cards; a wholesale type its wholesalers do not supply, the check's own ``_supplied``) are
    skipped before the legality check, which decides the rest.
    """
    p = state.current
    types = f.sells
    stocked: set[Produce] = set()
    own: set[Produce] = set()
    unoperated = buys_unoperated(state.rules)  # else a BUY never takes from them (B-BUY-06)
    for s in state.stalls:
        if s.cards:
            if s.renter == p:
                own.add(types[s.id])
            elif unoperated or s.renter is not None:
                stocked.add(types[s.id])
    if state.rules.online_sell_source != "own_stalls":
        own.update(b.produce for b in state.vendors[p].bag)
    cards = f.cat.produce
    shown: set[Produce] = set()
    for c in state.row:
        card = cards[c]
        shown.add(card.top)
        shown.add(card.bottom)
    if state.rules.wholesale_types == "rented_stalls":  # its wholesalers' types only, as
        shown &= _sold_types(state, f, p)  # _supplied says of each
    out: list[A.Action] = []
    if _new_action(state) is not None:  # none of them may start (B-ACT-01): each check
        return out  # asks this first, and the rest of each check follows
    choices: tuple[tuple[Any, set[Produce], Callable[[State, Any, Facts], Why | None]], ...] = (
        (A.Buy, stocked, _buy_terms), (A.BuyWholesale, shown, _wholesale_terms),
        (A.Sell, own, _sell_terms))
    for kind, pool, terms in choices:
        out += [a for a in [kind(player=p, produce=t) for t in PRODUCE if t in pool]
                if terms(state, a, f) is None]
    out += [a for a in [A.Empty(player=p, bin=w) for w in WASTES]
            if _empty_terms(state, a, f) is None]
    return out


def pick_choices(state: State | View, p: int, pending: Purchase, f: Facts) -> list[A.Action]:
    """The legal ``Pick`` actions of the BUY or SELL in progress (``pending``, the state's),
    listed once per ``Facts`` (a new list each call)."""
    found = f.picks.get(p)
    if found is None:
        found = f.picks[p] = _picks(state, p, pending, f)
    return list(found)


def _picks(state: State | View, p: int, pending: Purchase, f: Facts) -> list[A.Action]:
    """The cards that could qualify, through ``check_pick``: a SELL's only from where it takes
    its cards (A-B-09) and of its type, as :func:`check_sell` finds them."""
    if pending.kind == "wholesale":
        cards = list(state.row)
    elif pending.kind == "sell":
        types, produce = f.sells, pending.produce
        source = state.rules.online_sell_source
        cards = [c for s in f.own(p) if types[s.id] is produce
                 for c in s.cards] if source != "bag" else []
        if source != "own_stalls":
            cards += [b.card for b in state.vendors[p].bag if b.produce is produce]
    else:
        types = f.sells
        cards = [c for s in state.stalls if s.renter != p and s.cards
                 and types[s.id] is pending.produce for c in s.cards]
    return [a for a in [A.Pick(player=p, card=c) for c in cards]
            if check_pick(state, a, f) is None]
