"""What a seat may see (A-B-57), and the reverse: ``determinize`` builds a full state consistent
with a view, the hidden parts sampled.

A seat sees everything on the table: stalls, bags, completed lists, the Row, bins, the Outside
Market, Latest Events, offers. It does not see other vendors' money or Wallet lists (only how many
lists), the order or content of the WHOLESALE Deck, the removed cards, the Shopping List deck, the
Event deck, or the hidden reshuffle key. ``view(state, None)`` is the teacher view: everything.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from itertools import filterfalse

import msgspec

from marketlib.bansan import actions as A
from marketlib.bansan.options import Rules
from marketlib.bansan.queries import catalog, committed, vendor_with
from marketlib.bansan.state import (
    SIGHT,
    BagCard,
    Offer,
    OpeningHand,
    Outcome,
    Pending,
    Phase,
    Purchase,
    Reminder,
    Stall,
    State,
    Stocking,
    Transfer,
    Vendor,
    summary,
)
from marketlib.bansan.table import seat_actions
from marketlib.bansan.turn import decider
from marketlib.core import pictures


class VendorView(msgspec.Struct, frozen=True, kw_only=True):
    """A vendor as a seat sees them: ``money`` and ``wallet`` are ``None`` when hidden."""

    money: int | None
    wallet: tuple[str, ...] | None
    wallet_size: int
    completed: tuple[str, ...]
    bag: tuple[BagCard, ...]
    rr_used: bool


class View(msgspec.Struct, frozen=True, kw_only=True):
    """A seat's observation (``viewer`` is the seat, or ``None`` for the teacher view, which also
    carries the hidden decks, the removed cards, the ledger and the reshuffle key)."""

    viewer: int | None
    rules: Rules
    deck_size: int
    removed_size: int
    list_deck_size: int
    event_deck_size: int
    row: tuple[str, ...]
    stalls: tuple[Stall, ...]
    columns: int
    bins: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    outside: tuple[str, ...]
    latest_events: tuple[str, ...]
    active_event: str | None
    reminders: tuple[Reminder, ...]
    vendors: tuple[VendorView, ...]
    first: int
    token: int
    current: int
    phase: Phase
    pending: Pending | None
    queue: tuple[int, ...]
    offer: Offer | None
    turn: int
    actions_left: int
    bins_emptied: int
    events_flipped: int
    completed_now: int
    star_drawn: bool
    trigger: int | None
    leftovers: tuple[int | None, ...]
    reshuffles: int
    result: Outcome | None
    deck: tuple[str, ...] | None = None
    removed: tuple[str, ...] | None = None
    list_deck: tuple[str, ...] | None = None
    event_deck: tuple[str, ...] | None = None
    ledger: tuple[int, ...] | None = None
    bank: int | None = None
    transfers: tuple[Transfer, ...] | None = None
    shuffle_key: int | None = None
    public: tuple[str, ...] = ()
    missed: tuple[str, ...] = ()
    log: tuple[str, ...] = ()
    cards: str = ""

    def __repr__(self) -> str:
        who = "teacher" if self.viewer is None else f"seat {self.viewer}"
        return f"View({who}, {summary(self)})"

    def __str__(self) -> str:
        return pictures.text(self)  # drawn by render.py, which registers itself there

    def _repr_html_(self) -> str:
        return pictures.html(self)


DERIVED = SIGHT.sight(View, entries={"vendors": VendorView})
"""``view`` and ``determinize``'s helpers, derived from :data:`~marketlib.bansan.state.SIGHT`."""


def view(state: State, player: int | None) -> View:
    """The observation of seat ``player`` (``None``: the teacher view, showing everything).

    Raises:
        ValueError: ``player`` is not a seat.
    """
    return DERIVED.view(state, player)


def _pending_cards(pending: Pending | None) -> list[str]:
    if isinstance(pending, OpeningHand):
        return list(pending.cards)
    if isinstance(pending, Stocking):
        return [sc.card for sc in pending.cards]
    if isinstance(pending, Purchase):
        return [x.card for x in pending.picked]
    return []


def _gather(v: View | State, into: Callable[[Iterable[str]], object]) -> None:
    """Pass ``into`` each place where produce cards lie face up: the Row, the Outside Market,
    each Stall, each Waste Bin, each Bag and the decision in progress."""
    into(v.row)
    into(v.outside)
    for s in v.stalls:
        into(s.cards)
    for b in v.bins:
        into(b)
    for vendor in v.vendors:
        into([x.card for x in vendor.bag])
    into(_pending_cards(v.pending))


def visible_produce(v: View | State) -> list[str]:
    """Produce cards on the table (not the Deck or the removed cards)."""
    cards: list[str] = []
    _gather(v, cards.extend)
    return cards


def determinize(v: View, rng: random.Random) -> State:
    """A full state consistent with view ``v``: the unseen produce shuffled into the Deck and the
    removed cards, the unseen lists dealt into hidden Wallets and the list deck, the Event deck
    shuffled, a fresh reshuffle key, and each hidden vendor's money guessed as the viewer's own
    (money is never public). A teacher view gives back the exact state.

    Args:
        v: a seat's view.
        rng: a seeded ``random.Random`` (the only source of chance).
    """
    cat = catalog(v)
    if DERIVED.whole(v):
        return DERIVED.exact(v)  # a teacher view: the exact state
    seen: set[str] = set()
    _gather(v, seen.update)
    unseen = list(filterfalse(seen.__contains__, cat.produce))
    rng.shuffle(unseen)
    deck, removed = unseen[: v.deck_size], unseen[v.deck_size:]
    known_lists = {x for vv in v.vendors for x in (*vv.completed, *(vv.wallet or ()))}
    known_lists |= set(v.public)
    lists = list(filterfalse(known_lists.__contains__, cat.lists))
    rng.shuffle(lists)
    guess = next((x.money for x in v.vendors if x.money is not None), v.rules.starting_money)
    vendors_list = []
    for x in v.vendors:
        wallet = x.wallet
        if wallet is None:
            wallet, lists = tuple(lists[: x.wallet_size]), lists[x.wallet_size:]
        vendors_list.append(Vendor(money=x.money if x.money is not None else guess,
                                   wallet=wallet, completed=x.completed, bag=x.bag,
                                   rr_used=x.rr_used))
    flipped = set(v.latest_events)
    events = [e for e in cat.events if e not in flipped] if v.rules.events != "off" else []
    rng.shuffle(events)
    start = v.rules.starting_money
    ledger = tuple(x.money - start for x in vendors_list)
    world = DERIVED.state(v, deck=tuple(deck), removed=tuple(removed), list_deck=tuple(lists),
                          event_deck=tuple(events[: v.event_deck_size]),
                          vendors=tuple(vendors_list), ledger=ledger, bank=sum(ledger),
                          transfers=(), shuffle_key=rng.getrandbits(62))
    if v.offer is None and not (isinstance(v.pending, Purchase)
                                and v.vendors[v.current].money is None):
        return world  # nothing a hidden vendor is seen to commit
    return _covering(world, [p for p, x in enumerate(v.vendors) if x.money is None])


def _covering(world: State, hidden: list[int]) -> State:
    """``world`` with each hidden vendor's guessed money raised, where short, to what the view
    shows them committing: an unfinished BUY (B-BUY-07) and the money promised in an open
    offer (A-B-61), which they could only make by holding it. A guess below it made a legal
    Accept illegal in the rebuilt world, refused with the guess as their money (helper-66)."""
    vendors = list(world.vendors)
    for p in hidden:
        need = committed(world, p)
        if need > vendors[p].money:
            vendors[p] = vendor_with(vendors[p], money=need)
    if vendors == list(world.vendors):
        return world
    start = world.rules.starting_money
    ledger = tuple(x.money - start for x in vendors)
    return msgspec.structs.replace(world, vendors=tuple(vendors), ledger=ledger,
                                   bank=sum(ledger))


def info_revealed(before: State, after: State) -> bool:
    """True when the step drew cards (Deck, Shopping Lists, Events) or reshuffled: an undo
    commit point in play mode."""
    return (before.deck != after.deck or before.list_deck[:2] != after.list_deck[:2]
            or len(before.list_deck) > len(after.list_deck)
            or before.event_deck != after.event_deck)


def candidate_actions(state: State) -> tuple[A.Action, ...]:
    """A superset of well-formed actions (legal or not) for the conformance kit: every kind of
    action for the deciding seat, and those without a card or list for the next seat (out of
    turn); free-form actions (trades, bargains, Complete, Tuck, Give) are not in it. Built once
    per card data and seats, in the rules' card data."""
    n = len(state.vendors)
    seat = decider(state)
    if seat is None:  # the game is over: the last vendor whose turn it was
        seat = state.current
    seats = (seat,) if n == 1 else (seat, (seat + 1) % n)
    found: tuple[A.Action, ...] = state.rules.card_data.derived(
        (state.cards, "candidates", seats),
        lambda: tuple(a for i, p in enumerate(seats)
                      for a in seat_actions(state, p, full=i == 0)))
    return found
