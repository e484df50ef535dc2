"""The candidate actions each Bansan phase offers the deciding seat: one function per row of the
phase table (:data:`marketlib.bansan.turn.FLOW`, its ``offers``), and the answers to an open
offer, which come before any phase's. Monsoon Market's :mod:`marketlib.monsoon.offers` has the
same job (issue 28, point 3).

The candidates are a superset of the legal actions, in the game's order: the engine keeps those
whose check passes. The Action Phase's choices are the exception: :func:`action_phase` lists
them already checked (through :func:`~.phases.action_checks.action_choices` and
:func:`~.phases.action_checks.pick_choices`, which run the same checks), so its row says
``checked=True``.
"""

from __future__ import annotations

import itertools
from collections import Counter

from marketlib.bansan import actions as A
from marketlib.bansan.cards import PRODUCE, Waste
from marketlib.bansan.facts import Facts
from marketlib.bansan.phases.action_checks import (
    action_choices,
    check_done,
    check_end_actions,
    pick_choices,
)
from marketlib.bansan.queries import catalog
from marketlib.bansan.state import (
    BargainOffer,
    OpeningHand,
    Purchase,
    SoloThrow,
    State,
    Stocking,
)


def answers(state: State, p: int, f: Facts) -> list[A.Action]:
    """The answers to the open offer (B-ANY-01/02): accept, a counter at the market price for a
    bargain (A-B-60), decline."""
    offer = state.offer
    out: list[A.Action] = [A.Accept(player=p)]
    if isinstance(offer, BargainOffer):  # counter at the market price (A-B-60)
        stall = next((s for s in state.stalls if offer.card in s.cards), None)
        if stall is not None:
            out.append(A.Counter(player=p, price=f.price(f.sells[stall.id])))
    return [*out, A.Decline(player=p)]  # a counter before a decline: bots' ties


def return_lists(state: State, p: int, f: Facts) -> list[A.Action]:
    """B-OPEN-02, B-UPK-06, B-UPK-11: return one of the Shopping Lists held."""
    return [A.ReturnList(player=p, list=x) for x in state.vendors[p].wallet]


def _tucks(state: State, p: int, f: Facts, pending: Stocking) -> list[A.Action]:
    """Tuck each taken card under a stall that sells one of its types (B-STOCK-02..05)."""
    sells = f.sells
    return [A.Tuck(player=p, card=sc.card, stall=s.id) for sc in pending.cards
            for s in state.stalls if sells[s.id] in sc.options]


def opening_stock(state: State, p: int, f: Facts) -> list[A.Action]:
    """B-OPEN-03: choose the top or bottom halves of the opening hand, then tuck its cards."""
    pending = state.pending
    if isinstance(pending, OpeningHand):
        return [A.ChooseHalf(player=p, half="top"), A.ChooseHalf(player=p, half="bottom")]
    if isinstance(pending, Stocking):
        return _tucks(state, p, f, pending)
    return []


def draft(state: State, p: int, f: Facts) -> list[A.Action]:
    """B-OPEN-04: place a Worker on a stall."""
    return [A.PlaceWorker(player=p, stall=s.id) for s in state.stalls]


def solo_move(state: State, p: int, f: Facts) -> list[A.Action]:
    """B-SOLO-09: move one row of Workers."""
    return [A.Move(player=p, row=r + 1) for r in range(len(state.stalls) // state.columns)]


def solo_throw(state: State, p: int, f: Facts) -> list[A.Action]:
    """B-SOLO-10: throw a card of the stall the drawn card shows."""
    pending = state.pending
    if not isinstance(pending, SoloThrow):
        return []
    stall = state.stalls[f.stall_index(pending.stalls[0])]
    return [A.Throw(player=p, card=c) for c in stall.cards]


def stock(state: State, p: int, f: Facts) -> list[A.Action]:
    """B-STOCK-01: every Row card of one type shown, or from the Deck, or skip; then tuck the
    cards taken."""
    pending = state.pending
    if isinstance(pending, Stocking):
        return _tucks(state, p, f, pending)
    cards = f.cat.produce
    shown = set()
    for c in state.row:
        shown.add(cards[c].top)
        shown.add(cards[c].bottom)
    return [*(A.StockRow(player=p, produce=t) for t in PRODUCE if t in shown),
            A.StockDeck(player=p), A.SkipStocking(player=p)]


def action_phase(state: State, p: int, f: Facts) -> list[A.Action]:
    """B-ACT-01, already checked: the BUY/SELL picks in progress and ``done``, or the actions
    left and ``end-actions``."""
    pending = state.pending
    finish: A.Action
    if isinstance(pending, Purchase):
        out = pick_choices(state, p, pending, f)
        finish = A.Done(player=p)
        why = check_done(state, finish, f)
    else:
        out = action_choices(state, f) if state.actions_left > 0 else []
        finish = A.EndActions(player=p)
        why = check_end_actions(state, finish, f)
    if why is None:
        out.append(finish)
    return out


def complete(state: State, p: int, f: Facts) -> list[A.Action]:
    """B-UPK-02, B-END-05: complete a Shopping List (the Kenduri Menu's public ones, B-KEN-03),
    or be done."""
    out: list[A.Action] = []
    for x in (state.public if state.rules.plays.shared_menu else state.vendors[p].wallet):
        out.extend(complete_options(state, p, x))
    return [*out, A.Done(player=p)]


def bag(state: State, p: int, f: Facts) -> list[A.Action]:
    """B-UPK-08: throw or give away each card of an over-full Bag."""
    others = [q for q in range(len(state.vendors)) if q != p]
    out: list[A.Action] = []
    for b in state.vendors[p].bag:
        out.append(A.Throw(player=p, card=b.card))
        out += [A.Give(player=p, card=b.card, to=q) for q in others]
    return out


def complete_options(state: State, p: int, list_id: str) -> list[A.Complete]:
    """One ``Complete`` per distinct choice of waste types (cards named in bag order)."""
    bag = state.vendors[p].bag
    cat = catalog(state)
    icons = cat.lists[list_id].icons
    if len(bag) < len(icons):
        return []
    need = Counter(icons)
    per_type: list[list[tuple[str, ...]]] = []
    for t in PRODUCE:
        k = need.get(t, 0)
        if not k:
            continue
        groups: dict[Waste, list[str]] = {}
        held = 0
        for b in bag:
            if b.produce is t:
                groups.setdefault(cat.produce[b.card].waste, []).append(b.card)
                held += 1
        if held < k:
            return []
        options = []
        for combo in itertools.combinations_with_replacement(sorted(groups), k):
            counts = Counter(combo)
            if all(counts[w] <= len(groups[w]) for w in counts):
                options.append(tuple(c for w in counts for c in groups[w][: counts[w]]))
        per_type.append(options)
    order = {b.card: i for i, b in enumerate(bag)}
    out = []
    for choice in itertools.product(*per_type):
        cards = tuple(sorted((c for part in choice for c in part), key=order.__getitem__))
        out.append(A.Complete(player=p, list=list_id, cards=cards))
    return out
