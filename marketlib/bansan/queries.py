"""Read-only Bansan queries shared by the rules: the catalog, cards, stalls, prices, money
promised and free, and the money flows the invariants audit. Nothing here returns a changed
state: that is :mod:`.effects` (issue 28; ``tests/test_skeleton.py`` checks it). What the checks
ask of one state, once per call, is :class:`~marketlib.bansan.facts.Facts`; who decides is the
phase table's (:func:`marketlib.bansan.turn.decider`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import msgspec

from marketlib.bansan.cards import WASTES, Catalog, Effect, Produce, ProduceCard, Waste
from marketlib.bansan.options import Rules
from marketlib.bansan.state import (
    BagCard,
    BargainOffer,
    Purchase,
    SoloThrow,
    Stall,
    State,
    TradeOffer,
    Transfer,
    Vendor,
)

if TYPE_CHECKING:
    from marketlib.bansan.view import View

BIN_INDEX = {w: i for i, w in enumerate(WASTES)}


class Dealt(Protocol):
    """What :func:`catalog` reads of a game: its rules and the card data it was dealt (a
    :class:`State`, a :class:`~marketlib.bansan.view.View`, or a part of one that keeps both)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def cards(self) -> str: ...


def catalog(state: Dealt | Rules) -> Catalog:
    """The cards in play for a state or view, exactly as they were when the game was dealt
    (``State.cards``, from its rules' card data, ``Rules.card_data``); given bare ``Rules``: the
    deck files as they are now.

    The hot path is one dictionary look-up (the rules object keeps the catalogs it dealt).

    Raises:
        CardDataError: an owner's deck file changed since the game started (and these rules
            never read the cards it was dealt), or is broken.
    """
    if isinstance(state, Rules):
        return state.card_data.read()[0]
    return state.rules.card_data.get(state.cards)


def sells(state: State) -> dict[str, Produce]:
    """Stall ID -> the type it sells, for the stalls of ``state``'s card data."""
    return catalog(state).sells


def card(state: State, card_id: str) -> ProduceCard:
    return catalog(state).produce[card_id]


def stall_type(state: State, stall_id: str) -> Produce:
    return sells(state)[stall_id]


def stall_index(state: State, stall_id: str) -> int:
    for i, stall in enumerate(state.stalls):
        if stall.id == stall_id:
            return i
    return -1


def set_stall(state: State, index: int, stall: Stall) -> tuple[Stall, ...]:
    stalls = list(state.stalls)
    stalls[index] = stall
    return tuple(stalls)


def own_stalls(state: State | View, player: int) -> list[Stall]:
    return [s for s in state.stalls if s.renter == player]


def open_stalls_of(state: State, produce: Produce) -> list[Stall]:
    types = catalog(state).sells
    return [s for s in state.stalls if s.open and types[s.id] is produce]


def set_vendor(state: State, player: int, vendor: Vendor) -> tuple[Vendor, ...]:
    vendors = list(state.vendors)
    vendors[player] = vendor
    return tuple(vendors)


def bag_without(bag: tuple[BagCard, ...], cards: Iterable[str]) -> tuple[BagCard, ...]:
    gone = set(cards)
    return tuple(b for b in bag if b.card not in gone)


def remove(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1:]


def order_from(state: State, seat: int) -> tuple[int, ...]:
    """Seats clockwise starting at ``seat``."""
    n = len(state.vendors)
    return tuple((seat + i) % n for i in range(n))


def reminders_of(state: State | View, effect: Effect) -> list[str]:
    """The "next Action Phase" Events of ``effect`` beside the current vendor's bag (IDs,
    B-UPK-11)."""
    if not state.reminders:
        return []
    events = catalog(state).events
    return [r.event for r in state.reminders
            if r.seat == state.current and events[r.event].effect is effect]


def reminder_count(state: State | View, effect: Effect) -> int:
    """How many "next Action Phase" Events of ``effect`` lie beside the current vendor's bag."""
    return len(reminders_of(state, effect)) if state.reminders else 0


BIN_BONUS = 1
"""RM a bin-bonus Event (EV-25..28) adds to each Waste Bin the next vendor empties in their next
Action Phase (RULES 4.1.5, B-UPK-11)."""


class Gain(NamedTuple):
    """One part of what emptying a Waste Bin pays: its rule, the RM, and the Event that adds it
    (a bin-bonus Event's ID, else ``None``)."""

    rule: str
    amount: int
    event: str | None = None


def empty_gains(state: State | View, waste: Waste) -> list[Gain]:
    """What emptying the ``waste`` bin pays the current vendor, part by part (one place for
    ``do_empty`` and the preview): ``empty_base`` (B-EMPTY-01), ``empty_bonus_additional`` when
    it is not the first bin emptied this turn (B-EMPTY-02), ``empty_bonus_overflow`` when the
    bin holds more than its capacity (B-EMPTY-03), and :data:`BIN_BONUS` for each bin-bonus
    Event beside the vendor's bag (EV-25..28, B-UPK-11). A bonus a rule option sets to RM0 is
    no part."""
    rules = state.rules
    parts = [Gain("B-EMPTY-01", rules.empty_base)]
    if state.bins_emptied and rules.empty_bonus_additional:
        parts.append(Gain("B-EMPTY-02", rules.empty_bonus_additional))
    if len(state.bins[BIN_INDEX[waste]]) > rules.bin_capacity and rules.empty_bonus_overflow:
        parts.append(Gain("B-EMPTY-03", rules.empty_bonus_overflow))
    parts += [Gain("B-UPK-11", BIN_BONUS, event)
              for event in reminders_of(state, Effect.BIN_BONUS)]
    return parts


PRICE_EVENTS: dict[str, Effect] = {"wholesale": Effect.FREE_WHOLESALE,
                                   "sell": Effect.FULL_PRICE_SELL}
"""The Event effect that changes the price of a purchase of each kind (RULES 4.1.5): a
wholesale BUY free (EV-13..16), a sale at full price (EV-17..20); a BUY from the Stalls has
none."""


def flipped(before: State | View, after: State | View) -> tuple[str, ...]:
    """The Events flipped between ``before`` and ``after`` (B-UPK-10; face up, so the same in
    every seat's view): the new end of ``latest_events``, or all of it after a reshuffle of
    the Event deck emptied it (A-B-21, ``event_deck_exhausted="reshuffle"``)."""
    old, new = before.latest_events, after.latest_events
    if new == old:
        return ()
    return new[len(old):] if new[:len(old)] == old else new


def price_event(state: State | View, kind: str) -> str | None:
    """The Event waiting beside the current vendor's bag that changes the price of a purchase
    of ``kind`` this Action Phase (:data:`PRICE_EVENTS`), or ``None``."""
    effect = PRICE_EVENTS.get(kind)
    if effect is None or not state.reminders:
        return None
    found = reminders_of(state, effect)
    return found[0] if found else None


PRICE_RISE = 1
"""RM a price Event adds to its produce type's market price until the next Event (EV-01..06,
RULES 4.1.5)."""

UNOPERATED_FACTOR = 2
"""A card bought from an unoperated Stall costs this many times its market price, paid to the
bank (B-SOLO-12; B-BUY-06 with ``buy_unoperated_multiplayer``)."""


def raised_by(state: State | View) -> str | None:
    """The price Event in force (EV-01..06: its produce type costs :data:`PRICE_RISE` more until
    the next Event), or ``None``."""
    if state.active_event is None:
        return None
    event = catalog(state).events[state.active_event]
    return state.active_event if event.effect is Effect.PRICE_UP else None


def price(state: State | View, produce: Produce) -> int:
    """The market price of ``produce`` now (B-COMP-12; +RM1 under its price Event, RULES
    4.1.5)."""
    base = state.rules.price(produce)
    if state.active_event is None:  # the common case, without a call
        return base
    raised = raised_by(state)
    if raised is not None and catalog(state).events[raised].produce is produce:
        return base + PRICE_RISE
    return base


@functools.lru_cache(maxsize=64)
def _printed_prices(rules: Rules) -> dict[str, int]:
    """Each type's printed market price by code (B-COMP-12), worked out once per rules."""
    return {p.value: rules.price(p) for p in Produce}


def market_prices(state: State | View) -> dict[str, int]:
    """Each produce type's market price now, by code (:func:`price` of every type: a board's
    Action panel)."""
    printed = _printed_prices(state.rules)
    raised = raised_by(state)
    if raised is None:
        return dict(printed)
    code = catalog(state).events[raised].produce.value  # type: ignore[union-attr]
    return {**printed, code: printed[code] + PRICE_RISE}


def solo_clears(rules: Rules, total: int, value: int) -> bool:
    """Whether a Sendiri total (money + Deck cards) clears twice the completed lists' value
    ``value``: at least (``solo_compare=">="``) or more than (``">"``) it (B-SOLO-18, A-B-45).
    The end's count, the end screen and the goal line all ask this."""
    return total >= 2 * value if rules.solo_compare == ">=" else total > 2 * value


def buys_unoperated(rules: Rules) -> bool:
    """Whether a BUY may take from an unoperated Stall (at :data:`UNOPERATED_FACTOR` times the
    market price): in Sendiri (B-SOLO-12), elsewhere only with ``buy_unoperated_multiplayer``
    (B-BUY-06)."""
    return rules.buy_unoperated_multiplayer or rules.plays.buys_unoperated


def half_total(state: State | View, prices: Iterable[int]) -> int:
    """Half price rounded down after totalling over one action (B-ROUND-01, A-B-10)."""
    values = list(prices)
    if state.rules.rounding_scope == "per_card":
        return sum(p // 2 for p in values)
    return sum(values) // 2


def price_basis(state: State | View, kind: str) -> tuple[str, str | None]:
    """How a BUY or SELL of ``kind`` (a :class:`Purchase`'s) is priced now, and the Event that
    decides it: ``"sum"`` a BUY from the Stalls pays its cards' prices (B-BUY-02, B-BUY-06,
    B-SOLO-12); ``"free"`` a wholesale BUY under its Event (EV-13..16); ``"full"`` a sale under
    its Event (EV-17..20); else half price (B-BUY-03, B-SELL-01), ``"half"`` rounded down once
    for the purchase (B-ROUND-01) or ``"half_each"`` each card rounded down
    (``rounding_scope="per_card"``, A-B-10). :func:`purchase_cost` works the money out from it
    and the words that explain a total (a preview, the text view's Pending line) say it."""
    if kind == "vendors":
        return "sum", None
    event = price_event(state, kind)
    if event is not None:
        return ("full" if kind == "sell" else "free"), event
    return ("half_each" if state.rules.rounding_scope == "per_card" else "half"), None


def purchase_cost(state: State | View, kind: str, prices: Iterable[int]) -> int:
    """The RM a BUY or SELL of ``kind`` (a :class:`Purchase`'s) moves for the current vendor
    with cards of these ``prices`` picked, as :func:`price_basis` prices it. The one place a
    purchase's money is worked out: the ``done`` handler, the B-BUY-07 checks, the money a BUY
    commits (A-B-61) and the words of the board all read it."""
    basis = price_basis(state, kind)[0]
    if basis == "free":
        return 0
    return sum(prices) if basis in ("sum", "full") else half_total(state, prices)


def throwing_from(state: State | View, pending: SoloThrow) -> list[str]:
    """The Stalls Sendiri's step 1b still throws 1 card from, in order (B-SOLO-10): those of
    ``pending.stalls`` that hold a card (an empty one throws nothing; helper-106 read "1 card
    from each of 2 Stall(s)" with the second empty)."""
    full = {s.id for s in state.stalls if s.cards}
    return [stall for stall in pending.stalls if stall in full]


def purchase_total(state: State | View, pending: Purchase) -> int:
    """The RM that finishing the BUY or SELL in progress (``done``) moves for its vendor
    (:func:`purchase_cost` of the cards picked)."""
    return purchase_cost(state, pending.kind, [x.price for x in pending.picked])


MONEY_FLOWS: dict[str, frozenset[str]] = {
    # from the bank to a vendor
    "B-UPK-03": frozenset({"earn"}), "B-SELL-01": frozenset({"earn"}),
    "B-EMPTY-01": frozenset({"earn"}),
    # a vendor pays the bank: purchases and fines
    "B-BUY-03": frozenset({"pay"}), "B-BUY-06": frozenset({"pay"}),
    "B-SOLO-12": frozenset({"pay"}), "B-OPEN-07": frozenset({"pay"}),
    "B-UPK-05": frozenset({"fine"}), "B-UPK-08": frozenset({"fine"}),
    "B-UPK-10": frozenset({"fine"}), "B-SOLO-17": frozenset({"fine"}),
    # both ways with the bank: R&R (release gains, rent pays); the Closing Round pays the lists
    # completed in step (a) and fines the leftovers thrown in (b)/(c)
    "B-ANY-03": frozenset({"earn", "pay"}), "B-END-05": frozenset({"earn", "fine"}),
    # vendor to vendor: a BUY from vendors, a trade (money is never created by either)
    "B-BUY-02": frozenset({"deal"}), "B-ANY-02": frozenset({"deal"}),
}
"""Every way money moves in Bansan, by the rule that moves it: ``earn`` (bank to vendor),
``pay`` (a vendor's purchase from the bank), ``fine`` (a mandatory payment to the bank, capped
under ``debt_policy="pay_what_you_can"``, A-B-35), ``deal`` (vendor to vendor). Each
:class:`Transfer` must name one of these rules in its direction (``check_invariants``)."""


FLOW_OPTIONS: dict[str, Callable[[Rules], bool]] = {
    "B-BUY-06": lambda rules: rules.buy_unoperated_multiplayer,
    "B-SOLO-12": lambda rules: rules.plays.buys_unoperated,
    "B-SOLO-17": lambda rules: rules.plays.solo,
    "B-OPEN-07": lambda rules: rules.opening_rent_cost > 0,
}
"""The money flows that exist only under some rule options (a BUY from an unoperated stall is
paid to the bank only where such a BUY is allowed, A-B-08)."""


def flow_kind(t: Transfer) -> str:
    """What a transfer is, by its direction: ``earn``, ``pay``/``fine`` (to the bank; a fine is
    told apart by its rule) or ``deal``."""
    if t.frm is None:
        return "earn"
    if t.to is None:
        return "fine" if "fine" in MONEY_FLOWS.get(t.rule, ()) else "pay"
    return "deal"


def fine_for(count_before: int, thrown: int, capacity: int) -> int:
    """Overflowed cards when ``thrown`` cards land on ``count_before`` (D-B-10)."""
    return max(0, count_before + thrown - capacity) - max(0, count_before - capacity)


def position_in_round(state: State, seat: int) -> int:
    """0 for the original 1st Player, n-1 for the Last Player (A-B-34)."""
    return (seat - state.first) % len(state.vendors)


def buy_commitment(state: State | View, player: int) -> int:
    """RM the vendor owes for the cards picked in the BUY in progress (not yet paid,
    B-BUY-07)."""
    pending = state.pending
    if not isinstance(pending, Purchase) or player != state.current:
        return 0
    # a sale commits nothing, nor does a wholesale BUY under its Event (EV-13..16)
    return 0 if pending.kind == "sell" else purchase_total(state, pending)


def offer_commitment(state: State | View, player: int) -> int:
    """RM the vendor promised in the offer waiting for an answer (A-B-61): a trade's ``pay``,
    or the price a buyer offered in a bargain. Only the vendor who made the offer has
    promised anything; what it asks of the other vendor is checked when they accept."""
    offer = state.offer
    if offer is None or offer.frm != player:
        return 0
    if isinstance(offer, TradeOffer):
        return offer.pay
    return offer.price if player == state.current else 0  # a seller's counter promises no RM


def committed(state: State | View, player: int) -> int:
    """RM the vendor has committed and not yet paid: the BUY in progress (B-BUY-07) and the
    money promised in an open offer (A-B-61)."""
    return buy_commitment(state, player) + offer_commitment(state, player)


def money_of(state: State | View, player: int) -> int:
    """The vendor's money; in a view, the viewer's own only: a check asked of a seat's view
    (its any-time actions, :func:`marketlib.bansan.rules.any_time_actions`) reads no other.

    Raises:
        ValueError: the vendor's money is hidden in this view (A-B-57).
    """
    money = state.vendors[player].money
    if money is None:
        raise ValueError(f"P{player}'s money is hidden in this view (A-B-57)")
    return money


def free_money(state: State | View, player: int) -> int:
    """What the vendor can still spend: money less every commitment (B-BUY-07, A-B-61)
    (:func:`money_of`: in a view, the viewer's own only)."""
    return money_of(state, player) - committed(state, player)


def bargain_seller(state: State | View, offer: BargainOffer) -> int:
    """The seller in a bargain: the vendor who is not buying (the buyer is the vendor whose
    BUY it is, B-BUY-02)."""
    return offer.to if offer.frm == state.current else offer.frm


def vendor_with(v: Vendor, **changes: Any) -> Vendor:
    new: Vendor = msgspec.structs.replace(v, **changes)
    return new
