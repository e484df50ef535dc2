"""An open offer tells the other seats what its proposer committed (A-B-61), and nothing more:
a rebuilt world raises the proposer's hidden money to cover it (f29c29f), so every seat's
board is the same whatever the proposer really holds. Property test over the terms people
type (any pay and ask, any money behind them, trades and bargains) and the money the
answering or watching seat cannot see (A-B-57)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from marketlib import Match, bansan
from marketlib.widgets import table_of
from marketlib.widgets.payload import payload_function

PAYLOAD = payload_function(table_of("bansan"))


def _sent(state: bansan.State, seat: int) -> str:
    return repr(PAYLOAD(Match.from_state("bansan", state, seed=5), seat))


def _same_in_every_world(state: bansan.State) -> None:
    """Each seat is sent the same board in the true state and in worlds rebuilt from its view
    (the conformance kit's payload check, ``check_hidden_information``, at this position)."""
    for seat in range(3):
        expected = _sent(state, seat)
        for k in range(3):
            world = bansan.determinize(bansan.view(state, seat), random.Random(k))
            assert bansan.view(world, seat) == bansan.view(state, seat)
            assert _sent(world, seat) == expected, (seat, k)


def _trade(pay: int, ask: int, mine: int, theirs: int) -> bansan.State:
    """P1 offers P0 RM``pay`` for RM``ask`` (out of turn, A-B-60); P1 holds ``theirs``."""
    s = bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]},
                        money=[mine, theirs, 7], phase="actions")
    return bansan.apply(s, bansan.parse_action(f"P1 trade P0 give=- take=- pay={pay} ask={ask}"))


def _bargain(price: int, buyer: int) -> bansan.State:
    """P0, in a BUY of Wet Goods, offers P1 RM``price`` for a card of P1's Stall."""
    s = bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]},
                        stalls={"WG": ["WG", "WG"]}, money=[buyer, 4, 7], phase="actions")
    s = bansan.apply(s, bansan.parse_action("P0 buy WG"))
    card = next(c for st_ in s.stalls if st_.renter == 1 for c in st_.cards)
    return bansan.apply(s, bansan.parse_action(f"P0 bargain {card} {price}"))


@settings(max_examples=25, deadline=None)
@given(pay=st.integers(0, 8), ask=st.integers(0, 4), mine=st.integers(0, 12),
       extra=st.integers(0, 9), other=st.integers(0, 9))
def test_a_trades_proposer_money_is_never_told_by_the_boards(
        pay: int, ask: int, mine: int, extra: int, other: int) -> None:
    if pay == 0 and ask == 0:
        ask = 1  # an empty trade is refused
    one, two = _trade(pay, ask, mine, pay + extra), _trade(pay, ask, mine, pay + other)
    for seat in (0, 2):  # the answer and a watcher: P1's money is hidden from both
        assert _sent(one, seat) == _sent(two, seat)
    accept = bansan.parse_action("P0 accept")
    world = bansan.determinize(bansan.view(one, 0), random.Random(extra))
    assert (bansan.explain(world, accept) is None) == (bansan.explain(one, accept) is None)
    _same_in_every_world(one)


@settings(max_examples=20, deadline=None)
@given(price=st.integers(0, 6), extra=st.integers(0, 8), other=st.integers(0, 8))
def test_a_bargaining_buyers_money_is_never_told_by_the_boards(
        price: int, extra: int, other: int) -> None:
    least = max(price, 1)  # a BUY starts only when one card is affordable (B-BUY-07)
    one, two = _bargain(price, least + extra), _bargain(price, least + other)
    for seat in (1, 2):  # the seller and a watcher: P0's money is hidden from both
        assert _sent(one, seat) == _sent(two, seat)
    accept = bansan.parse_action("P1 accept")
    world = bansan.determinize(bansan.view(one, 1), random.Random(extra))
    assert bansan.explain(one, accept) is None
    assert bansan.explain(world, accept) is None  # the seller's world lets it accept
    _same_in_every_world(one)
