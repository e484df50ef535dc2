"""At any time (B-ANY, A-B-60): Rent & Release and trade proposals from every vendor,
counter-offers, R&R in the Opening Round; the Sendiri hard-mode trigger (A-B-59). Every step
asserts money, stalls and whose decision it is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marketlib import Match, bansan, monsoon
from marketlib.bansan import Rules
from marketlib.bansan.state import LOG_SIZE
from marketlib.core.errors import IllegalAction
from marketlib.core.testing import _check_describe


def play(state: bansan.State, text: str) -> bansan.State:
    return bansan.apply(state, bansan.parse_action(text))


def refused(state: bansan.State, text: str) -> IllegalAction:
    before = state
    with pytest.raises(IllegalAction) as err:
        bansan.apply(state, bansan.parse_action(text))
    assert state == before
    return err.value


def renters(state: bansan.State) -> dict[str, int | None]:
    return {s.id: s.renter for s in state.stalls}


def middle_of_p1s_turn(**kw: object) -> bansan.State:
    return bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]}, phase="actions",
                           current=1, stalls={"FV": ["FV", "FV"]}, **kw)  # type: ignore[arg-type]


def test_b_any_03_a_vendor_rents_on_another_vendors_turn_and_the_decision_stays() -> None:
    s = middle_of_p1s_turn()
    assert bansan.current_player(s) == 1
    assert "P2 rr rent=ST-04" in [str(a) for a in bansan.any_time_actions(s, 2)]
    assert bansan.explain(s, bansan.parse_action("P2 rr rent=ST-04")) is None
    after = play(s, "P2 rr rent=ST-04")
    assert [v.money for v in after.vendors] == [10, 10, 7]
    assert renters(after)["ST-04"] == 2 and renters(after)["ST-03"] == 2
    assert after.vendors[2].rr_used and not after.vendors[1].rr_used
    assert bansan.current_player(after) == 1
    assert after.actions_left == s.actions_left and after.phase == "actions"
    assert bansan.legal_actions(after)[0] == bansan.legal_actions(s)[0]


def test_b_any_05_release_and_rent_together_out_of_turn() -> None:
    s = play(middle_of_p1s_turn(), "P0 rr rent=ST-07 release=ST-01")
    assert [v.money for v in s.vendors] == [10, 10, 10]  # +RM3 -RM3
    assert renters(s)["ST-01"] is None and renters(s)["ST-07"] == 0
    assert bansan.current_player(s) == 1


def test_b_any_04_r_and_r_once_per_game_also_out_of_turn() -> None:
    """The refusal says why in a sentence: once a game, and the flipped Shopping Bag that
    shows it (B-ANY-07; helper-110 read "(your bag is flipped)" as unexplained)."""
    from marketlib.core.i18n import language, refusal

    s = play(middle_of_p1s_turn(), "P2 rr rent=ST-04")
    assert bansan.any_time_actions(s, 2) == ()
    why = refused(s, "P2 rr rent=ST-05")
    assert (why.rule, why.reason) == ("B-ANY-04", "you have already used your R&R, and it is "
                                      "once a game (your Shopping Bag is flipped to show it, "
                                      "B-ANY-07)")
    with language("ms"):
        assert refusal(why.reason) == ("anda sudah menggunakan R&R anda, dan ia hanya sekali "
                                       "sepermainan (Beg Belanja anda diterbalikkan untuk "
                                       "menunjukkannya, B-ANY-07)")


def test_b_any_06_only_an_unoperated_stall() -> None:
    """A whole sentence: R&R rents only an unoperated Stall (helper-110 read "only unoperated
    stalls" as a fragment)."""
    from marketlib.core.i18n import language, refusal

    s = middle_of_p1s_turn()
    why = refused(s, "P2 rr rent=ST-01")
    renter = renters(s)["ST-01"]
    assert (why.rule, why.reason) == (
        "B-ANY-06", f"ST-01 is rented by P{renter}: R&R rents only an unoperated Stall")
    with language("ms"):
        assert refusal(why.reason) == (f"ST-01 disewa oleh P{renter}: R&R hanya menyewa Gerai "
                                       "tanpa pengusaha")


def test_b_any_08_three_stalls_at_most_out_of_turn() -> None:
    s = bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT", "DG", "SF"]},
                        phase="actions", current=1)
    assert refused(s, "P2 rr rent=ST-06").rule == "B-ANY-08"
    assert all(a.release is not None for a in bansan.any_time_actions(s, 2))


def test_b_end_04_no_r_and_r_after_the_trigger_from_any_seat() -> None:
    s = middle_of_p1s_turn(trigger=0)
    assert bansan.any_time_actions(s, 2) == ()
    assert refused(s, "P2 rr rent=ST-04").rule == "B-END-04"
    assert refused(s, "P1 rr rent=ST-04").rule == "B-END-04"


def test_b_turn_01_other_moves_out_of_turn_are_still_refused() -> None:
    assert refused(middle_of_p1s_turn(), "P2 buy FV").rule == "B-TURN-01"


def test_b_any_02_a_trade_proposed_out_of_turn_is_answered_then_the_turn_resumes() -> None:
    s = middle_of_p1s_turn(bags={0: ["FV"], 2: ["WG"]})
    mine, theirs = s.vendors[2].bag[0].card, s.vendors[0].bag[0].card
    s = play(s, f"P2 trade P0 give={mine} take={theirs} pay=0 ask=1")
    assert bansan.current_player(s) == 0  # the recipient answers
    assert refused(s, f"P1 trade P0 give=- take={theirs} pay=2 ask=0").rule == "B-ANY-02"
    s = play(s, "P0 accept")
    assert bansan.current_player(s) == 1
    assert [v.money for v in s.vendors] == [9, 10, 11]
    assert [b.card for b in s.vendors[0].bag] == [mine]
    assert [b.card for b in s.vendors[2].bag] == [theirs]


def test_a_b_60_counter_a_bargain_both_ways_until_accepted() -> None:
    s = play(middle_of_p1s_turn(), "P1 buy FV")
    card = s.stalls[0].cards[0]
    s = play(s, f"P1 bargain {card} 0")
    assert bansan.current_player(s) == 0
    assert "P0 counter price=1" in [str(a) for a in bansan.legal_actions(s)]  # market price
    s = play(s, "P0 counter price=2")
    assert bansan.current_player(s) == 1
    assert bansan.describe_offer(s) == f"P0 asks P1 RM2 for {card} (counter 1)"  # the seller asks
    s = play(s, "P1 counter price=1")
    assert bansan.current_player(s) == 0 and s.offer is not None and s.offer.counters == 2
    s = play(s, "P0 counter price=2")
    assert s.offer is not None and s.offer.counters == 3
    assert refused(s, "P1 counter price=1").rule == "B-ANY-01"  # max_counters = 3
    assert "P1 counter price=1" not in [str(a) for a in bansan.legal_actions(s)]
    s = play(s, "P1 accept")
    assert bansan.current_player(s) == 1 and s.offer is None
    s = play(s, "P1 done")
    assert [v.money for v in s.vendors] == [12, 8, 10]  # the renter P0 got the agreed RM2
    assert [b.card for b in s.vendors[1].bag] == [card]
    assert s.actions_left == 1


def test_a_b_60_a_declined_counter_leaves_the_card_and_the_money() -> None:
    s = play(middle_of_p1s_turn(), "P1 buy FV")
    card = s.stalls[0].cards[0]
    s = play(play(s, f"P1 bargain {card} 0"), "P0 counter price=2")
    s = play(s, "P1 decline")
    assert s.offer is None and card in s.stalls[0].cards
    assert [v.money for v in s.vendors] == [10, 10, 10]
    assert bansan.current_player(s) == 1


def test_a_b_60_counter_refusals() -> None:
    s = play(middle_of_p1s_turn(money={1: 2}), "P1 buy FV")
    card = s.stalls[0].cards[0]
    s = play(s, f"P1 bargain {card} 0")
    assert refused(s, "P0 counter price=0").rule == "B-ANY-01"  # the price offered
    assert refused(s, "P0 counter give=- take=- pay=1 ask=0").rule == "B-ANY-01"
    s = play(s, "P0 counter price=2")
    assert refused(s, "P1 counter price=3").rule == "B-BUY-07"  # the buyer has RM2
    assert refused(s, "P2 counter price=1").rule == "B-ANY-01"  # not P2's offer (a bargain)
    strict = play(middle_of_p1s_turn(rules=Rules(players=3, max_counters=0)), "P1 buy FV")
    strict = play(strict, f"P1 bargain {card} 0")
    assert [str(a) for a in bansan.legal_actions(strict)] == ["P0 accept", "P0 decline"]
    assert refused(strict, "P0 counter price=2").rule == "B-ANY-01"


def test_a_b_60_counter_a_trade_with_other_cards() -> None:
    s = middle_of_p1s_turn(bags={1: ["FV"], 2: ["MT", "WG"]})
    fv = s.vendors[1].bag[0].card
    mt, wg = (b.card for b in s.vendors[2].bag)
    s = play(s, f"P1 trade P2 give={fv} take={mt} pay=0 ask=0")
    assert bansan.current_player(s) == 2
    s = play(s, f"P2 counter give={wg} take={fv} pay=0 ask=1")
    assert bansan.current_player(s) == 1
    assert refused(s, f"P1 counter give={mt} take=- pay=0 ask=0").rule == "B-ANY-02"  # not P1's
    s = play(s, "P1 accept")
    assert [b.card for b in s.vendors[1].bag] == [wg]
    assert sorted(b.card for b in s.vendors[2].bag) == sorted([mt, fv])
    assert [v.money for v in s.vendors] == [10, 9, 11]
    assert bansan.current_player(s) == 1


def draft(rules: Rules) -> bansan.State:
    s = bansan.setup(rules, seed=3)
    while s.phase != "draft":
        s = bansan.apply(s, bansan.legal_actions(s)[0])
    return s


def test_b_open_07_a_paid_r_and_r_during_the_draft() -> None:
    s = draft(Rules(players=3))
    decider = bansan.current_player(s)
    other = (decider + 1) % 3
    options = bansan.any_time_actions(s, other)
    assert options and all(a.release is None for a in options)
    s2 = bansan.apply(s, options[0])
    assert s2.vendors[other].money == s.vendors[other].money - 3
    assert s2.vendors[other].rr_used
    assert bansan.current_player(s2) == decider and s2.queue == s.queue  # its 2 free rentals stay
    placed = {p: sum(st.renter == p for st in s2.stalls) for p in range(3)}
    assert placed[other] == sum(st.renter == other for st in s.stalls) + 1


def test_b_open_07_opening_rr_off_refuses_r_and_r_until_the_first_turn() -> None:
    s = draft(Rules(players=3, opening_rr=False))
    other = (bansan.current_player(s) + 1) % 3
    free = next(st.id for st in s.stalls if st.renter is None)
    assert bansan.any_time_actions(s, other) == ()
    assert refused(s, f"P{other} rr rent={free}").rule == "B-OPEN-07"


def test_b_open_05_the_draft_keeps_a_stall_for_each_worker_it_still_places() -> None:
    s = draft(Rules(players=4))  # 9 stalls, 8 draft placements
    seats = [p for p in range(4) if p != bansan.current_player(s)]
    s = bansan.apply(s, bansan.any_time_actions(s, seats[0])[0])  # 9 - 1 = 8 left: fine
    free = next(st.id for st in s.stalls if st.renter is None)
    err = refused(s, f"P{seats[1]} rr rent={free}")
    assert err.rule == "B-OPEN-05"
    assert bansan.any_time_actions(s, seats[1]) == ()


@pytest.mark.parametrize(("trigger", "expected"), [(4, None), (3, 0)])
def test_a_b_59_sendiri_hard_trigger_lists(trigger: int, expected: int | None) -> None:
    rules = Rules(players=1, mode="sendiri", hard=True, hard_trigger_lists=trigger)
    assert rules.trigger_lists == trigger and rules.solo_target == 4
    icons = bansan.catalog(rules).lists["SL-03"].icons
    s = bansan.position(rules=rules, phase="complete", current=0,
                        completed={0: ["SL-01", "SL-02"]}, wallets={0: ["SL-03", "SL-04"]},
                        bags={0: [t.value for t in icons]})
    done = [a for a in bansan.legal_actions(s)
            if isinstance(a, bansan.Complete) and a.list == "SL-03"]
    s = bansan.apply(s, done[0])
    assert len(s.vendors[0].completed) == 3
    assert s.trigger == expected


def test_a_b_60_the_vendor_answering_an_offer_may_also_rent_meanwhile() -> None:
    s = play(middle_of_p1s_turn(), "P1 buy FV")
    s = play(s, f"P1 bargain {s.stalls[0].cards[0]} 0")
    assert bansan.current_player(s) == 0
    assert "P0 rr rent=ST-04" in [str(a) for a in bansan.any_time_actions(s, 0)]
    after = play(s, "P0 rr rent=ST-04")
    assert after.offer == s.offer and bansan.current_player(after) == 0
    assert [v.money for v in after.vendors] == [7, 10, 10]


@given(prices=st.lists(st.integers(0, 2), min_size=0, max_size=6), accept=st.booleans(),
       most=st.integers(0, 4))
@settings(max_examples=60, deadline=None)
def test_a_b_60_every_negotiation_ends_and_keeps_the_money(prices: list[int], accept: bool,
                                                           most: int) -> None:
    """Counters alternate until ``max_counters``; then only accept or decline are legal; money is
    only moved by an accepted deal (from the buyer to the renter) and the total stays RM30."""
    s = play(middle_of_p1s_turn(rules=Rules(players=3, max_counters=most)), "P1 buy FV")
    card = s.stalls[0].cards[0]
    s = play(s, f"P1 bargain {card} 0")
    last = 0
    for k, p in enumerate(prices):
        seat = bansan.current_player(s)
        assert seat == (0 if k % 2 == 0 else 1)
        text = f"P{seat} counter price={p}"
        if k >= most:
            assert refused(s, text).rule == "B-ANY-01"
            assert not any(isinstance(a, bansan.Counter) for a in bansan.legal_actions(s))
            break
        if p == last:
            assert refused(s, text).rule == "B-ANY-01"
            break
        s, last = play(s, text), p
    seat = bansan.current_player(s)
    s = play(s, f"P{seat} {'accept' if accept else 'decline'}")
    assert s.offer is None and bansan.current_player(s) == 1
    if accept:
        s = play(s, "P1 done")
        assert [v.money for v in s.vendors] == [10 + last, 10 - last, 10]
    else:
        assert [v.money for v in s.vendors] == [10, 10, 10]
    assert sum(v.money for v in s.vendors) == 30


def test_match_lists_the_rent_and_release_that_legal_actions_leaves_out() -> None:
    """In the Opening Round the deciding vendor's own R&R is an any-time action (A-B-60): a text
    player finds it in ``Match.any_time_actions``, and playing it keeps the decision."""
    m = Match("bansan", Rules(players=3), seed=1)
    # a seat's text view spells out its own Shopping Lists, and only its own
    assert "your lists: SL-48(FV WG WG DG SF SF RM12) SL-25(MT DG SF SF RM10)" in str(m.view(0))
    assert str(m.view(1)).count("your lists:") == 1 and "SL-48" not in str(m.view(1))
    assert "your lists:" not in str(m.state) + str(m.view(None))
    mine = [str(a) for a in m.any_time_actions(0)]
    assert mine[:3] == ["P0 rr rent=ST-06", "P0 rr rent=ST-08", "P0 rr rent=ST-04"]
    assert not any(" rr " in f"{a} " for a in m.legal_actions())
    assert all(m.explain(a) is None for a in mine)
    m.play(mine[0])
    assert m.current_player == 0 and m.any_time_actions(0) == ()  # once per game (B-ANY-04)
    assert Match("monsoon", monsoon.Rules(), seed=1).any_time_actions(0) == ()
    for bad in (5, -1, "0", True):
        with pytest.raises(ValueError, match="there is no seat"):
            m.any_time_actions(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="there is no seat 7"):
        Match("monsoon", monsoon.Rules(), seed=1).any_time_actions(7)


def test_a_move_in_the_wrong_step_says_where_it_belongs_in_the_verb_typed() -> None:
    m = bansan.setup(Rules(players=3), 1)
    said = {text: str(bansan.explain(m, bansan.parse_action(text)))
            for text in ("P0 half top", "P0 complete SL-25 PC-78")}
    assert said == {  # the rule of the step that plays the move (helper-115)
        "P0 half top": "B-OPEN-03: it is 'Opening Round: Shopping Lists' now, and choosing the "
                       "halves of your opening cards (half) is not part of it: it comes in "
                       "'Opening Round: opening stock'",
        "P0 complete SL-25 PC-78": "B-UPK-02: it is 'Opening Round: Shopping Lists' now, and "
                                   "completing a Shopping List (complete) is not part of it: it "
                                   "comes in 'Upkeep: complete Shopping Lists' or in "
                                   "'Closing Round'",
    }
    short = bansan.setup(Rules(players=3, closing_round=False), 1)  # steps of this game only
    why = bansan.explain(short, bansan.parse_action("P0 complete SL-25 PC-78"))
    assert why is not None and why.reason.endswith(": it comes in 'Upkeep: complete Shopping "
                                                   "Lists'")
    actions = bansan.position(rents={0: ["FV"], 1: ["WG"]}, phase="actions")
    why = bansan.explain(actions, bansan.parse_action("P0 complete SL-25 PC-78"))
    assert why is not None and why.reason.endswith(
        ": it comes in 'Upkeep: complete Shopping Lists', after end-actions, or in 'Closing "
        "Round'")
    why = bansan.explain(actions, bansan.parse_action("P0 throw PC-01"))  # not Sendiri's throw
    assert why is not None and why.reason.endswith(
        ": it comes in 'Upkeep: check your Bag', after end-actions")
    upkeep = bansan.position(rents={0: ["FV"], 1: ["WG"]}, phase="complete")
    why = bansan.explain(upkeep, bansan.parse_action("P0 end-actions"))
    assert why is not None and why.rule == "B-ACT-01" and "actions are over" in why.reason


def test_b_any_02_a_card_named_twice_is_refused_as_such_and_in_malay() -> None:
    """A trade naming one card twice read "PC-34, PC-34 must be in P1's bag" when the card was
    there; a refusal names only the cards missing; "you can pay at most RM6" stayed English on
    a Malay board (helper-60)."""
    from marketlib.core.i18n import language, refusal

    s = middle_of_p1s_turn(bags={1: ["WG", "MT"]})
    card, other = (b.card for b in s.vendors[1].bag)
    why = bansan.explain(s, bansan.parse_action(f"P1 trade P0 give={card},{card}"))
    assert why is not None and (why.rule, why.reason) == (
        "B-ANY-02", f"{card} is named twice: a trade moves each card once")
    assert refused(s, f"P1 trade P0 give={card},{card}").rule == "B-ANY-02"
    elsewhere = s.stalls[0].cards[0]  # a card in a Stall, not in P1's bag
    why = bansan.explain(s, bansan.parse_action(f"P1 trade P0 give={card},{elsewhere}"))
    assert why is not None and why.reason == (
        f"produce moves only bag to bag: {elsewhere} must be in P1's bag")
    money = s.vendors[1].money
    why = bansan.explain(s, bansan.parse_action(f"P1 trade P0 pay={money + 1}"))
    assert why is not None and why.reason == f"you can pay at most RM{money}"
    with language("ms"):
        assert refusal(why.reason) == f"anda boleh membayar paling banyak RM{money}"
        assert refusal(f"{card} is named twice: a trade moves each card once") == (
            f"{card} dinamakan dua kali: pertukaran memindahkan setiap kad sekali sahaja")
    assert other != card


def test_b_any_02_a_card_named_twice_in_random_positions_is_always_refused_as_such() -> None:
    """A person pastes a card twice (the random tester's ``_cards`` never does): in seeded
    random games, at every position where a vendor holds cards, a trade or a counter naming one
    of them twice is refused under B-ANY-02 as named twice, the state unchanged; the same
    trade naming it once is never refused for that."""
    import random

    checked = 0
    for seed in (1, 2, 3):
        match = Match("bansan", Rules(players=3), seed=seed)
        rng = random.Random(seed)
        while not match.is_over and checked < 150:
            state = match.state
            for seat in range(3):
                bag = [b.card for b in state.vendors[seat].bag]
                if not bag:
                    continue
                card = rng.choice(bag)
                to = (seat + 1) % 3
                for give in ((card, card), (card, *bag[:1], card)):
                    why = bansan.explain(state, bansan.ProposeTrade(player=seat, to=to,
                                                                    give=give))
                    assert why is not None and (why.rule, why.reason) == (
                        "B-ANY-02", f"{card} is named twice: a trade moves each card once")
                once = bansan.explain(state, bansan.ProposeTrade(player=seat, to=to,
                                                                 give=(card,)))
                assert once is None or "named twice" not in once.reason
                checked += 1
            match.play(rng.choice(match.legal_actions()))
    assert checked >= 150


def test_a_b_60_r_and_r_in_the_middle_of_ones_own_buy_is_paid_from_what_the_buy_leaves() -> None:
    """"Any decision point of any vendor" (A-B-60) includes the buyer's own, in the middle of
    its BUY; the cards it picked are paid first (B-BUY-07, A-B-61). Until 4 December 2026 the
    engine refused it, citing B-ACT-01, which does not say so (helper-66's rules audit)."""
    s = bansan.position(rents={0: ["FV"], 1: ["WG", "MT"]}, stalls={"WG": ["WG", "WG"]},
                        phase="actions", money=[4, 10])
    s = play(play(s, "P0 buy WG"), "P0 pick PC-31")  # RM1 owed to P1
    assert "P0 rr rent=ST-05" in [str(a) for a in bansan.legal_actions(s)]
    rented = play(s, "P0 rr rent=ST-05")
    assert [v.money for v in rented.vendors] == [1, 10]
    assert renters(rented)["ST-05"] == 0 and rented.vendors[0].rr_used
    assert rented.pending == s.pending and bansan.current_player(rented) == 0  # the BUY goes on
    err = refused(rented, "P0 pick PC-32")
    assert (err.rule, err.reason) == ("B-BUY-07", "PC-32 costs RM1 and you can spend RM0")
    done = play(rented, "P0 done")
    assert [v.money for v in done.vendors] == [0, 11]
    assert [b.card for b in done.vendors[0].bag] == ["PC-31"]
    poorer = bansan.position(rents={0: ["FV"], 1: ["WG", "MT"]}, stalls={"WG": ["WG", "WG"]},
                             phase="actions", money=[3, 10])
    poorer = play(play(poorer, "P0 buy WG"), "P0 pick PC-31")
    err = refused(poorer, "P0 rr rent=ST-05")
    assert (err.rule, err.reason) == ("B-ANY-03", "renting costs RM3 and you can spend RM2 (RM1 "
                                      "is owed for the cards picked in your BUY, B-BUY-07)")
    assert "P0 rr rent=ST-05" not in [str(a) for a in bansan.legal_actions(poorer)]


def test_a_b_60_release_in_the_middle_of_a_sell_keeps_what_was_picked() -> None:
    """The cards already picked in a SELL are sold; the Stall released in the middle of it is
    no longer the seller's, so its other cards are not (B-SELL-01)."""
    s = bansan.position(rents={0: ["FV", "DG"], 1: ["WG"]}, stalls={"FV": ["FV", "FV", "FV"]},
                        phase="actions")
    s = play(play(play(s, "P0 sell FV"), "P0 pick PC-01"), "P0 pick PC-02")
    released = play(s, "P0 rr release=ST-01")
    assert [v.money for v in released.vendors] == [13, 10]  # +RM3 (B-ANY-03)
    assert renters(released)["ST-01"] is None
    assert [x.cards for x in released.stalls if x.id == "ST-01"] == [("PC-03",)]
    assert refused(released, "P0 pick PC-03").rule == "B-SELL-01"
    assert [str(a) for a in bansan.legal_actions(released)] == ["P0 done"]
    sold = play(released, "P0 done")
    assert [v.money for v in sold.vendors] == [14, 10]  # floor(2 x RM1 / 2) (B-SELL-01)
    assert sold.outside == ("PC-01", "PC-02")


def test_b_any_02_the_answer_to_a_trade_of_money_only_is_in_every_seats_view() -> None:
    """A trade is answered at the table: the watching vendor's view tells an accept from a
    decline, even when only (hidden) money would move. It did not, while the log line said
    which it was (the conformance kit's describe check, found at stop 49)."""
    s = bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]}, phase="actions")
    offered = play(s, "P0 trade P1 pay=1 ask=0")
    accepted, declined = play(offered, "P1 accept"), play(offered, "P1 decline")
    assert [v.money for v in accepted.vendors] == [9, 11, 10]
    assert [v.money for v in declined.vendors] == [10, 10, 10]
    assert accepted.log[-1] == "P1 accepted P0's trade (B-ANY-02)"
    assert declined.log[-1] == "P1 declined P0's trade (B-ANY-02)"
    assert bansan.view(accepted, 2) != bansan.view(declined, 2)
    assert bansan.view(accepted, 2).log == accepted.log
    assert _check_describe(bansan, offered, 2, 0, 0) == 2  # two moves P2 can tell apart


def test_b_any_02_declined_trades_keep_one_line_of_the_event_log() -> None:
    """Trades declined one after another keep one line of the event log (the newest answer),
    so a vendor who proposes again and again cannot push the automatic steps out of its
    LOG_SIZE entries (helper-71: 13 declined proposals pushed out an A-B-61 note). An accepted
    trade keeps its line."""
    s = bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]}, phase="actions")
    s = s.note("the bargain for PC-04 is void: P1 released ST-02 (A-B-61)")
    for _ in range(LOG_SIZE + 1):
        s = play(play(s, "P0 trade P1 pay=1 ask=0"), "P1 decline")
    assert s.log == ("the bargain for PC-04 is void: P1 released ST-02 (A-B-61)",
                     "P1 declined P0's trade (B-ANY-02)")
    s = play(play(s, "P0 trade P2 pay=1 ask=0"), "P2 accept")
    assert s.log[-2:] == ("the bargain for PC-04 is void: P1 released ST-02 (A-B-61)",
                          "P2 accepted P0's trade (B-ANY-02)")
    assert [v.money for v in s.vendors] == [9, 10, 11]
    # an accepted trade moved money: the answers after it never take its line (helper-73);
    # a decline, which moved nothing, gives its line to the next answer
    later = play(play(s, "P0 trade P1 pay=1 ask=0"), "P1 decline")
    assert later.log[-2:] == ("P2 accepted P0's trade (B-ANY-02)",
                              "P1 declined P0's trade (B-ANY-02)")
    later = play(play(later, "P0 trade P1 pay=2 ask=0"), "P1 accept")
    assert later.log[-3:] == ("the bargain for PC-04 is void: P1 released ST-02 (A-B-61)",
                              "P2 accepted P0's trade (B-ANY-02)",
                              "P1 accepted P0's trade (B-ANY-02)")
    assert [v.money for v in later.vendors] == [7, 12, 11]


@pytest.mark.parametrize("cost", [3, 5])
def test_b_any_05_a_swaps_preview_says_what_it_costs(cost: int) -> None:
    """A rent and a release together pay and get the same (B-ANY-05), so no money line
    follows the preview; it said only which Stalls change hands (helper-67, a learner)."""
    s = bansan.position(rules=Rules(players=2, rr_cost=cost), rents={0: ["FV", "DG"], 1: ["WG"]},
                        phase="actions")
    swap = str(bansan.preview(bansan.view(s, 0), bansan.parse_action(
        "P0 rr rent=ST-03 release=ST-04")))
    assert swap == (f"you rent Stall ST-03 for RM{cost} and you release Stall ST-04 for "
                    f"RM{cost}, so your money stays as it is (your once-a-game R&R, B-ANY-04)")
    rent = str(bansan.preview(bansan.view(s, 0), bansan.parse_action("P0 rr rent=ST-03")))
    assert rent == (f"you rent Stall ST-03 (your once-a-game R&R, B-ANY-04); money RM10 -> "
                    f"RM{10 - cost}")


def test_a_b_60_a_wholesale_buy_stops_when_its_last_stall_of_the_type_is_released() -> None:
    """B-BUY-03 (A-B-06): the Row supplies only the types of the stalls you rent, at every
    pick, so a Stall released in the middle of the BUY ends what it may take; the cards
    already picked are bought (helper-70: three more FV cards were taken after the release)."""
    s = bansan.position(rents={0: ["FV", "WG"], 1: ["MT"]}, row=["FV", "FV", "FV", "WG", "DG"],
                        phase="actions")
    s = play(play(play(s, "P0 buy-wholesale FV"), "P0 pick PC-01"), "P0 rr release=ST-01")
    assert [x.id for x in s.stalls if x.renter == 0] == ["ST-02"]  # WG only
    err = refused(s, "P0 pick PC-02")
    assert (err.rule, err.reason) == ("B-BUY-03", "you no longer sell FV: your wholesalers "
                                      "supply only the types of the stalls you rent; finish this "
                                      "BUY with done")
    assert [str(a) for a in bansan.legal_actions(s)] == ["P0 done"]
    done = play(s, "P0 done")
    assert [(b.card, b.produce.value) for b in done.vendors[0].bag] == [("PC-01", "FV")]
    assert [v.money for v in done.vendors] == [13, 10]  # +RM3 released, floor(RM1 / 2) paid


def test_b_buy_03_b_sell_01_a_release_may_not_leave_a_purchase_with_nothing_to_pick() -> None:
    """A wholesale BUY or a SELL moves 1 or more cards: with nothing picked yet, a release
    that leaves it no card to pick is refused (helper-71: the BUY ended empty, its action
    spent). Once a card is picked, or with another Stall of the type kept, it is legal."""
    s = bansan.position(rents={0: ["FV", "WG"], 1: ["MT"]}, row=["FV", "FV", "WG", "DG"],
                        stalls={"FV": ["FV"]}, phase="actions")
    buying = play(s, "P0 buy-wholesale FV")
    err = refused(buying, "P0 rr release=ST-01")
    assert (err.rule, err.reason) == ("B-BUY-03", "releasing ST-01 now would leave your "
                                      "wholesale BUY of FV nothing to pick (it moves 1 or more "
                                      "cards): pick a card first")
    options = [str(a) for a in bansan.legal_actions(buying) if " rr " in str(a)]
    assert "P0 rr release=ST-01" not in options and "P0 rr release=ST-02" in options
    assert bansan.explain(play(buying, "P0 pick PC-02"), bansan.parse_action(
        "P0 rr release=ST-01")) is None
    selling = play(s, "P0 sell FV")
    assert refused(selling, "P0 rr release=ST-01").rule == "B-SELL-01"
    assert bansan.explain(selling, bansan.parse_action("P0 rr release=ST-02")) is None


def test_every_kind_of_move_has_words_for_a_refusal() -> None:
    """A refusal of a move in the wrong step names the move in words before its notation
    verb (helper-78 read "worker is not part of it")."""
    from marketlib.bansan.table import ACTIONS
    from marketlib.bansan.words import MOVE_WORDS

    assert set(MOVE_WORDS) == set(ACTIONS.verbs)
    s = bansan.setup(Rules(players=2), 1)
    why = bansan.explain(s, bansan.parse_action("P0 worker ST-01"))
    assert why is not None and why.reason == (
        "it is 'Opening Round: Shopping Lists' now, and placing a Worker (worker) is not part "
        "of it: it comes in 'Opening Round: Stall draft'")
    from marketlib.core.i18n import language, refusal

    actions = bansan.position(players=2, rents={0: ["FV"], 1: ["WG"]}, phase="actions")
    throw = bansan.explain(actions, bansan.parse_action("P0 throw PC-78"))
    assert throw is not None
    with language("ms"):  # every fragment in Malay (helper-84 read "after end-actions" there)
        assert refusal(throw.reason) == (
            "sekarang ialah 'Fasa Tindakan', dan membuang kad ke dalam Tong Sampah (throw) "
            "bukan sebahagian daripadanya: ia dimainkan dalam 'Penyelenggaraan: periksa Beg "
            "anda', selepas end-actions")


def test_a_seats_any_time_actions_are_asked_of_its_own_view_or_the_state() -> None:
    """A board asks a seat's any-time actions of the seat's own view (issue 28): the same as
    of the state or the teacher's view; another seat's view is refused in every position, not
    only where the seat's hidden money would be read (helper-124), and a bad seat is named."""
    s = middle_of_p1s_turn()
    truth = bansan.any_time_actions(s, 2)
    assert [str(a) for a in truth][:2] == ["P2 rr rent=ST-04", "P2 rr rent=ST-05"]
    assert bansan.any_time_actions(bansan.view(s, 2), 2) == truth
    assert bansan.any_time_actions(bansan.view(s, None), 2) == truth
    for other, seat in ((0, 2), (2, 1), (1, 0)):  # P1 decides: its own listing is empty
        with pytest.raises(ValueError, match=rf"from P{seat}'s own view, not P{other}'s "
                                             rf"\(P{seat}'s money is hidden there, A-B-57\)"):
            bansan.any_time_actions(bansan.view(s, other), seat)
    with pytest.raises(ValueError, match="there is no seat"):
        bansan.any_time_actions(bansan.view(s, 0), 3)
    from marketlib.bansan.queries import free_money

    assert free_money(bansan.view(s, 2), 2) == free_money(s, 2) == 10
    with pytest.raises(ValueError, match=r"^P1's money is hidden in this view \(A-B-57\)$"):
        free_money(bansan.view(s, 2), 1)


def test_the_conformance_kit_reports_a_listing_that_cannot_read_a_view() -> None:
    """The kit asks each seat's any-time actions of its view every tenth decision: a game
    whose listing reads a field a view hides is reported with its seed and decision, not a
    crash."""
    import types

    from marketlib.core.testing import ConformanceError, check_game

    peeking = types.ModuleType("peeking_bansan")
    peeking.__dict__.update({k: v for k, v in vars(bansan).items() if not k.startswith("__")})

    def reads_the_deck(state: object, seat: int) -> tuple[bansan.Action, ...]:
        if len(state.deck) < 0:  # type: ignore[attr-defined]  # a View's deck is None
            return ()
        return bansan.any_time_actions(state, seat)  # type: ignore[arg-type]

    peeking.any_time_actions = reads_the_deck  # type: ignore[attr-defined]
    with pytest.raises(ConformanceError, match=r"decision 0: any_time_actions\(view\(s, 0\), "
                                               r"0\) raised TypeError"):
        check_game(peeking, Rules(players=2), n_games=1, seed=3, max_decisions=200)
    assert check_game(bansan, Rules(players=2), n_games=1, seed=3,
                      max_decisions=2000).games == 1
