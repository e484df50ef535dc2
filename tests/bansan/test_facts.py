"""The card and Stall indexes ``Facts`` keeps by the identity of the state's Stalls tuple
(issue 28): shared by the states of a game until a move changes a Stall, never stale."""

from __future__ import annotations

import random

from marketlib import bansan
from marketlib.bansan import facts
from marketlib.bansan.facts import Facts


def _index(stalls: tuple[bansan.Stall, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """The indexes worked out from nothing."""
    cards = {c: i for i, s in enumerate(stalls) for c in s.cards}
    return cards, {s.id: i for i, s in enumerate(stalls)}


def test_index_follows_every_state_of_random_games() -> None:
    """Along random games, each state's ``stall_of`` and ``stall_index`` answer from that
    state's own Stalls, including a state whose Stalls a move changed (a tuck, a BUY's done),
    and a state met again after others (undo)."""
    seen = []
    changed = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = bansan.setup(bansan.Rules(players=3), seed)
        for _ in range(250):
            if bansan.outcome(state) is not None:
                break
            seen.append(state)
            new = bansan.apply(state, rng.choice(bansan.legal_actions(state)))
            changed += new.stalls is not state.stalls
            state = new
    assert changed > 20  # the games moved cards in and out of the Stalls
    for state in [*seen, *reversed(seen)]:  # each state again after all the others
        f = Facts(state)
        cards, ids = _index(state.stalls)
        for card, i in cards.items():
            assert f.stall_of(card) is state.stalls[i]
        for card in state.row:
            assert f.stall_of(card) is None
        assert {s: f.stall_index(s) for s in ids} == ids
        assert f.stall_index("ST-99") == -1


def test_states_sharing_stalls_share_the_index() -> None:
    """Two states with the very same Stalls tuple (a BUY's picks change only the purchase)
    share one index; a tuple with the same Stalls but another identity gets its own."""
    state = bansan.setup(bansan.Rules(players=2), 1)
    a, b = Facts(state), Facts(state)
    a.stall_of("PC-01")
    b.stall_of("PC-01")
    assert a._places() is b._places()
    copy = state.__class__(**{f: getattr(state, f) for f in state.__struct_fields__
                              if f != "stalls"}, stalls=tuple(list(state.stalls)))
    assert copy.stalls is not state.stalls
    c = Facts(copy)
    assert c._places() is not a._places()
    assert c._places() == a._places()


def test_a_full_index_is_emptied_at_once() -> None:
    """At most 256 tuples are kept; the next one clears them all (one call on the dict, so
    another thread reading it never sees it change under a loop)."""
    facts._PLACES.clear()
    state = bansan.setup(bansan.Rules(players=2), 1)
    tuples = [tuple(list(state.stalls)) for _ in range(257)]
    for stalls in tuples[:256]:
        facts._places(stalls)
    assert len(facts._PLACES) == 256
    facts._places(tuples[256])
    assert len(facts._PLACES) == 1


def test_a_new_tuple_at_a_freed_address_gets_its_own_index() -> None:
    """The index is found by ``id`` and kept with its tuple: a tuple made where a freed one
    was (CPython reuses the address) is never answered with the old tuple's index."""
    rng = random.Random(5)
    state = bansan.setup(bansan.Rules(players=2), 5)
    while not any(s.cards for s in state.stalls):
        state = bansan.apply(state, rng.choice(bansan.legal_actions(state)))
    empty = tuple(bansan.Stall(id=s.id, open=s.open, renter=s.renter) for s in state.stalls)
    for _ in range(50):
        facts._PLACES.clear()
        old = tuple(list(state.stalls))
        facts._places(old)
        del old  # freed, unless the index keeps it alive
        new = tuple(list(empty))
        assert facts._places(new) == _index(new)


def test_action_choices_skip_only_what_the_checks_refuse() -> None:
    """The Action Phase skips types that cannot qualify before the checks run (no card of
    the type, a wholesale type its wholesalers do not supply, B-BUY-03): what it lists is
    every BUY, wholesale BUY, SELL and EMPTY whose check passes, in the same order, under
    the rules options that change those checks."""
    from marketlib.bansan import actions as A
    from marketlib.bansan.cards import PRODUCE, WASTES
    from marketlib.bansan.phases import action_checks as AC
    from marketlib.bansan.state import Purchase

    checked = 0
    for options in ({}, {"wholesale_types": "any"}, {"online_sell_source": "both"},
                    {"wholesale_requires_open_stall": True}):
        for seed in range(3):
            rng = random.Random(seed)
            state = bansan.setup(bansan.Rules(players=3, **options), seed)
            for _ in range(300):
                if bansan.outcome(state) is not None:
                    break
                if (state.phase == "actions" and state.offer is None and state.actions_left > 0
                        and not isinstance(state.pending, Purchase)):
                    f, p = Facts(state), state.current
                    every = [a for kind, check in ((A.Buy, AC.check_buy),
                                                   (A.BuyWholesale, AC.check_buy_wholesale),
                                                   (A.Sell, AC.check_sell))
                             for a in [kind(player=p, produce=t) for t in PRODUCE]
                             if check(state, a, Facts(state)) is None]
                    every += [a for a in [A.Empty(player=p, bin=w) for w in WASTES]
                              if AC.check_empty(state, a, Facts(state)) is None]
                    assert AC.action_choices(state, f) == every
                    checked += 1
                state = bansan.apply(state, rng.choice(bansan.legal_actions(state)))
    assert checked > 100


def test_picks_skip_only_what_the_checks_refuse() -> None:
    """A BUY's or SELL's picks are every card of the Row, the Stalls and the vendor's Bag whose
    ``check_pick`` passes, in the same order, wherever a SELL takes its cards from (A-B-09)."""
    from marketlib.bansan import actions as A
    from marketlib.bansan.phases import action_checks as AC
    from marketlib.bansan.state import Purchase

    checked = 0
    for source in ("own_stalls", "bag", "both"):
        for seed in range(4):
            rng = random.Random(seed)
            state = bansan.setup(bansan.Rules(players=3, online_sell_source=source), seed)
            for _ in range(400):
                if bansan.outcome(state) is not None:
                    break
                pending = state.pending
                if isinstance(pending, Purchase) and state.offer is None:
                    p = state.current
                    cards = [*state.row, *(c for s in state.stalls for c in s.cards),
                             *(b.card for b in state.vendors[p].bag)]
                    every = [a for a in [A.Pick(player=p, card=c) for c in cards]
                             if AC.check_pick(state, a, Facts(state)) is None]
                    assert AC.pick_choices(state, p, pending, Facts(state)) == every
                    checked += pending.kind == "sell"
                state = bansan.apply(state, rng.choice(bansan.legal_actions(state)))
    assert checked > 30
