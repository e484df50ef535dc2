"""A hypothesis state machine over what people do at a Bansan table (issue 26, A-B-61/62).

The rules are the actions the random tester (``check_people``) tries: trades and bargains with
any terms, counters, answers from any seat, Rent & Release, and the deciding seat's own legal
moves. Every refused action must leave the state byte-identical and cite the rule ``explain``
gives; after every action played, money moved only by the transfers the rules name and no
vendor paid money it did not have. A failure shrinks to a short sequence of these steps.

Shown to fail on a broken copy: with A-B-61 taken out (``queries.offer_commitment`` returning 0
and ``checks.py``/``moves.py`` as at d984fe4), 1,500 examples found the issue's "trade creates
money" and shrank it to four steps: ``deal(seed=0, players=2, skip=0)``, ``trade(frm=0, to=1,
pay=all of P0's RM10)``, ``the_proposer_rents(stall=0)``, ``decide(k=0)`` (P1 accepts): P0 ends
with RM-3 and the invariant names it. CI runs 300 examples of the fixed rules.
"""

from __future__ import annotations

import random

import msgspec
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from marketlib import bansan
from marketlib.bansan import Rules
from marketlib.core.errors import IllegalAction

SEATS = st.integers(0, 4)
MONEY = st.integers(-3, 3) | st.integers(-12, 3)
"""An amount as an offset from what the paying seat has: most often a little less, now and
then more (refused, A-B-61)."""
PICKS = st.lists(st.integers(0, 6), max_size=3)
"""Bag cards by index (an index past the bag is skipped; 6 names a card the seat does not
hold)."""


class PeopleAtTheTable(RuleBasedStateMachine):
    state: bansan.State

    @initialize(seed=st.integers(0, 10_000), players=st.integers(2, 5),
                mode=st.sampled_from(["standard", "kenduri"]), skip=st.integers(0, 150))
    def deal(self, seed: int, players: int, mode: str, skip: int) -> None:
        """A table dealt with ``seed``, then ``skip`` random legal moves into the game."""
        state = bansan.setup(Rules(players=players, mode=mode), seed)  # type: ignore[arg-type]
        rng = random.Random(seed)
        for _ in range(skip):
            if bansan.outcome(state) is not None:
                break
            state = bansan.apply(state, rng.choice(bansan.legal_actions(state)))
        self.state = state

    def seat(self, k: int) -> int:
        return k % len(self.state.vendors)

    def bag(self, seat: int, picks: list[int]) -> tuple[str, ...]:
        """Cards of ``seat``'s bag by index; 6 names a card it does not hold."""
        own = [b.card for b in self.state.vendors[seat].bag]
        every = sorted(bansan.catalog(self.state).produce)
        stranger = next(c for c in every if c not in own)
        return tuple(dict.fromkeys(stranger if i == 6 else own[i] for i in picks
                                   if i == 6 or i < len(own)))

    def rm(self, seat: int, offset: int) -> int:
        """RM ``offset`` from what ``seat`` has (at least 0)."""
        return max(0, self.state.vendors[seat].money + offset)

    def attempt(self, action: bansan.Action) -> None:
        """Play ``action`` if the rules allow it; a refusal changes nothing and agrees with
        ``explain``."""
        before = msgspec.json.encode(self.state)
        why = bansan.explain(self.state, action)
        try:
            after = bansan.apply(self.state, action)
        except IllegalAction as err:
            assert why is not None and why.rule == err.rule, (action, why, err)
            assert msgspec.json.encode(self.state) == before, action
            return
        assert why is None, (action, why)
        assert bansan.check_step(self.state, action, after) == [], action
        self.state = after

    @rule(k=st.integers(0, 1000))
    def decide(self, k: int) -> None:
        legal = bansan.legal_actions(self.state)  # none once over: every move is refused
        self.attempt(legal[k % len(legal)] if legal else bansan.EndActions(player=0))

    @rule(frm=SEATS, to=SEATS, give=PICKS, take=PICKS, pay=MONEY, ask=MONEY)
    def trade(self, frm: int, to: int, give: list[int], take: list[int], pay: int,
              ask: int) -> None:
        p, q = self.seat(frm), self.seat(to)
        self.attempt(bansan.ProposeTrade(player=p, to=q, give=self.bag(p, give),
                                         take=self.bag(q, take), pay=self.rm(p, pay),
                                         ask=self.rm(q, ask)))

    @rule(seat=SEATS, give=PICKS, take=PICKS, pay=MONEY, ask=MONEY,
          price=st.none() | st.integers(0, 8))
    def counter(self, seat: int, give: list[int], take: list[int], pay: int, ask: int,
                price: int | None) -> None:
        p = self.seat(seat)
        other = self.state.offer.frm if self.state.offer is not None else self.seat(seat + 1)
        if price is not None:
            self.attempt(bansan.Counter(player=p, price=price))
        else:
            self.attempt(bansan.Counter(player=p, give=self.bag(p, give),
                                        take=self.bag(other, take), pay=self.rm(p, pay),
                                        ask=self.rm(other, ask)))

    @rule(seat=SEATS, accept=st.booleans())
    def answer(self, seat: int, accept: bool) -> None:
        """An answer from any seat (mostly not the one asked: refused)."""
        p = self.seat(seat)
        self.attempt(bansan.Accept(player=p) if accept else bansan.Decline(player=p))

    @precondition(lambda self: self.state.offer is not None)
    @rule(stall=st.integers(0, 30))
    def the_proposer_rents(self, stall: int) -> None:
        """While its offer waits, the vendor who made it rents a stall (A-B-61)."""
        assert self.state.offer is not None
        free = [s.id for s in self.state.stalls if s.renter is None]
        if free:
            self.attempt(bansan.RentAndRelease(player=self.state.offer.frm,
                                               rent=free[stall % len(free)]))

    @precondition(lambda self: self.state.offer is not None)
    @rule(accept=st.booleans())
    def answer_the_offer(self, accept: bool) -> None:
        """The vendor asked answers: the terms are checked again at acceptance (A-B-61)."""
        assert self.state.offer is not None
        p = self.state.offer.to
        self.attempt(bansan.Accept(player=p) if accept else bansan.Decline(player=p))

    @rule(card=st.integers(0, 200), price=MONEY)
    def bargain(self, card: int, price: int) -> None:
        stocked = [c for s in self.state.stalls for c in s.cards]
        buyer = self.state.current
        if stocked:
            self.attempt(bansan.Bargain(player=buyer, card=stocked[card % len(stocked)],
                                        price=self.rm(buyer, price)))

    @rule(seat=SEATS, proposer=st.booleans(), rent=st.none() | st.integers(0, 30),
          release=st.none() | st.integers(0, 30))
    def rent_and_release(self, seat: int, proposer: bool, rent: int | None,
                         release: int | None) -> None:
        """A Rent & Release by any seat, or by the vendor whose offer waits (A-B-61); stalls by
        index among the unrented ones (rent) and the seat's own (release), else any."""
        offer = self.state.offer
        p = offer.frm if proposer and offer is not None else self.seat(seat)
        every = [s.id for s in self.state.stalls]
        free = [s.id for s in self.state.stalls if s.renter is None] or every
        own = [s.id for s in self.state.stalls if s.renter == p] or every
        self.attempt(bansan.RentAndRelease(
            player=p, rent=None if rent is None else free[rent % len(free)],
            release=None if release is None else own[release % len(own)]))

    @invariant()
    def money_is_conserved_and_never_promised_twice(self) -> None:
        if hasattr(self, "state"):
            assert bansan.check_invariants(self.state) == []

    @invariant()
    def each_seat_lists_its_any_time_actions_alike_from_its_own_view(self) -> None:
        """A board lists a seat's any-time actions from the seat's view (issue 28: no world
        dealt): the same actions as from the state, whatever offers, purchases and hidden
        money (a listing that read another vendor's money would raise on the view)."""
        if hasattr(self, "state"):
            state = self.state
            for seat in range(len(state.vendors)):
                seen = bansan.view(state, seat)
                assert bansan.any_time_actions(seen, seat) == bansan.any_time_actions(
                    state, seat), seat


PeopleAtTheTable.TestCase.settings = settings(
    max_examples=300, stateful_step_count=40, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow])
test_people_at_the_table = PeopleAtTheTable.TestCase
