"""What people try at a Bansan table, for the conformance kit's random tester (issue 26).

Bots choose among ``legal_actions``; people also propose trades and bargains with terms of
their own, counter, answer offers meant for someone else, rent and release out of turn and
click a choice they saw a moment ago. :func:`person_action` draws such an action for one seat,
legal or not: amounts above what the seat has, cards it does not hold, prices of 0 and above
the market price, counters up to and past ``max_counters``, in every phase (the Opening and
Closing Rounds included). The kit plays the legal ones now and then and checks that every
illegal one is refused with a rule ID and changes nothing (``marketlib.core.testing``).
"""

from __future__ import annotations

import random

from marketlib.bansan import actions as A
from marketlib.bansan.queries import catalog, free_money, price
from marketlib.bansan.state import BargainOffer, Purchase, State


def person_action(state: State, seat: int, rng: random.Random) -> A.Action:
    """One well-formed action a person at ``seat`` might try now (legal or not), with random
    terms: a bargain during the seat's BUY from vendors, a counter, an answer or taking the
    offer back while an offer waits, a trade proposal, a Rent & Release. In Sendiri these are
    what the mode refuses."""
    pending = state.pending
    if (isinstance(pending, Purchase) and pending.kind == "vendors" and seat == state.current
            and state.offer is None and rng.random() < 0.6):
        return _bargain(state, seat, pending, rng)
    roll = rng.random()
    if state.offer is not None and roll < 0.55:
        return _counter(state, seat, rng) if roll < 0.3 else (
            A.Accept(player=seat) if roll < 0.4 else A.Decline(player=seat) if roll < 0.5
            else A.Withdraw(player=seat))  # the offer's maker takes it back; others are refused
    if roll < 0.7 and len(state.vendors) > 1:
        return _trade(state, seat, rng)
    if roll < 0.75:
        return A.Accept(player=seat) if roll < 0.72 else A.Decline(player=seat)
    return _rr(state, seat, rng)


def _amount(state: State, seat: int, rng: random.Random) -> int:
    """RM 0, up to what the seat can spend, or a little more (refused, A-B-61)."""
    free = max(0, free_money(state, seat))
    roll = rng.random()
    if roll < 0.4:
        return 0
    if roll < 0.85:
        return rng.randint(0, free) if free else 0
    return free + rng.randint(1, 4)


def _cards(state: State, seat: int, rng: random.Random) -> tuple[str, ...]:
    """0-2 cards of ``seat``'s bag, now and then one it does not hold."""
    bag = [b.card for b in state.vendors[seat].bag]
    k = rng.choice((0, 0, 1, 1, 2))
    picked = rng.sample(bag, min(k, len(bag)))
    if rng.random() < 0.15:
        picked.append(rng.choice(list(catalog(state).produce)))
    return tuple(dict.fromkeys(picked))


def _trade(state: State, seat: int, rng: random.Random) -> A.ProposeTrade:
    others = [q for q in range(len(state.vendors)) if q != seat]
    to = rng.choice(others) if rng.random() < 0.95 else seat
    return A.ProposeTrade(player=seat, to=to, give=_cards(state, seat, rng),
                          take=_cards(state, to, rng), pay=_amount(state, seat, rng),
                          ask=_amount(state, to, rng))


def _counter(state: State, seat: int, rng: random.Random) -> A.Counter:
    offer = state.offer
    if isinstance(offer, BargainOffer):
        market = _market_price(state, offer.card)
        return A.Counter(player=seat, price=rng.randint(0, market + 3))
    other = offer.frm if offer is not None and offer.frm != seat else (seat + 1) % len(
        state.vendors)
    return A.Counter(player=seat, give=_cards(state, seat, rng), take=_cards(state, other, rng),
                     pay=_amount(state, seat, rng), ask=_amount(state, other, rng))


def _bargain(state: State, seat: int, pending: Purchase, rng: random.Random) -> A.Bargain:
    stocked = [c for s in state.stalls if s.cards for c in s.cards]
    sells = catalog(state).sells
    mine = [c for s in state.stalls if s.renter not in (None, seat)
            and sells[s.id] is pending.produce for c in s.cards]
    pool = mine if mine and rng.random() < 0.8 else stocked
    card = rng.choice(pool) if pool else rng.choice(list(catalog(state).produce))
    market = price(state, pending.produce)
    return A.Bargain(player=seat, card=card, price=rng.randint(0, market + 3))


def _market_price(state: State, card: str) -> int:
    sells = catalog(state).sells
    for s in state.stalls:
        if card in s.cards:
            return price(state, sells[s.id])
    return 2


def _rr(state: State, seat: int, rng: random.Random) -> A.RentAndRelease:
    free = [s.id for s in state.stalls if s.renter is None]
    mine = [s.id for s in state.stalls if s.renter == seat]
    every = [s.id for s in state.stalls]
    rent = rng.choice(free if free and rng.random() < 0.8 else every)
    release = rng.choice(mine if mine and rng.random() < 0.8 else every)
    roll = rng.random()
    if roll < 0.4:
        return A.RentAndRelease(player=seat, rent=rent)
    if roll < 0.7:
        return A.RentAndRelease(player=seat, release=release)
    return A.RentAndRelease(player=seat, rent=rent, release=release)
