"""Money promised in an open offer (A-B-61) and trades in the Closing Round (A-B-62), issue 26.

Each test is one member of a kind a person found: a trade that created money, a bargain that
outlived its stall, a vendor who had thrown still trading. Every step asserts the money."""

from __future__ import annotations

import random

import pytest

from marketlib import bansan
from marketlib.bansan import Rules
from marketlib.core.errors import IllegalAction


def play(state: bansan.State, *moves: str) -> bansan.State:
    for move in moves:
        state = bansan.apply(state, bansan.parse_action(move))
        assert bansan.check_invariants(state) == [], move
    return state


def refused(state: bansan.State, move: str, rule: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        bansan.apply(state, bansan.parse_action(move))
    assert err.value.rule == rule, err.value
    assert bansan.explain(state, bansan.parse_action(move)).rule == rule
    return err.value


def money(state: bansan.State) -> list[int]:
    return [v.money for v in state.vendors]


def trade_table() -> tuple[bansan.State, str]:
    """The issue's table: P1 has RM5 and offers all of it for P0's FV card."""
    s = bansan.position(rents={0: ["FV", "DG"], 1: ["WG", "MT"]}, bags={0: ["FV"], 1: ["DG"]},
                        money=[10, 5], phase="actions")
    return s, s.vendors[0].bag[0].card


def test_a_b_61_money_offered_in_a_trade_cannot_be_spent_on_an_r_and_r() -> None:
    s, fv = trade_table()
    s = play(s, f"P1 trade P0 give=- take={fv} pay=5 ask=0")
    assert bansan.current_player(s) == 0
    err = refused(s, "P1 rr rent=ST-05", "B-ANY-03")
    assert "RM5 is promised in your open offer, A-B-61" in err.reason
    listed = bansan.any_time_actions(s, 1)  # a rent is listed only with a release that pays
    assert listed[0] == bansan.Withdraw(player=1)  # first, taking the offer back (helper-94)
    assert listed[1:] and all(a.release is not None for a in listed[1:])
    s = play(s, "P0 accept")
    assert money(s) == [15, 0]
    assert [b.card for b in s.vendors[1].bag] == [*(b.card for b in trade_table()[0]
                                                    .vendors[1].bag), fv]


def test_a_b_61_a_release_may_raise_the_money_a_rent_needs() -> None:
    s, fv = trade_table()
    s = play(s, f"P1 trade P0 give=- take={fv} pay=5 ask=0")
    s = play(s, "P1 rr rent=ST-05 release=ST-03")  # +RM3 -RM3: nothing promised is spent
    assert money(s) == [10, 5]
    assert money(play(s, "P0 accept")) == [15, 0]


def test_a_b_61_terms_are_checked_again_at_acceptance() -> None:
    """The receiver spent on an R&R the money its side of the trade asks: refused at accept."""
    s, _ = trade_table()
    s = play(s, "P0 trade P1 give=- take=- pay=0 ask=2")  # P0 asks P1 for RM2, P1 decides
    s = play(s, "P1 counter give=- take=- pay=0 ask=9")  # P1 asks P0 for RM9 back
    s = play(s, "P0 rr rent=ST-05")  # P0 answers by renting first: RM10 -> RM7
    assert money(s) == [7, 5]
    err = refused(s, "P0 accept", "B-ANY-02")
    assert err.reason == "you cannot pay the RM9 of the trade: RM7 can still be spent (A-B-61)"
    assert money(play(s, "P0 decline")) == [7, 5]


def test_a_b_61_a_bargain_is_void_once_the_seller_releases_the_stall() -> None:
    s = bansan.position(rents={0: ["FV"], 1: ["WG", "MT"]}, stalls={"WG": ["WG", "WG"]},
                        phase="actions")
    wg = next(x for x in s.stalls if x.renter == 1 and x.cards)
    s = play(s, "P0 buy WG", f"P0 bargain {wg.cards[0]} 1")
    assert bansan.current_player(s) == 1
    s = play(s, f"P1 rr release={wg.id}")
    assert s.offer is None  # withdrawn: the seller no longer rents the stall
    assert "the bargain for" in s.log[-1] and "A-B-61" in s.log[-1]
    assert money(s) == [10, 13]
    refused(s, "P1 accept", "B-TURN-01")  # nothing left to answer: P0 decides again
    refused(s, f"P0 pick {wg.cards[0]}", "B-BUY-06")  # and the stall is unoperated now
    s = play(s, "P0 done")
    assert money(s) == [10, 13] and s.vendors[0].bag == ()


def test_a_b_61_a_bargain_needs_its_seller_at_acceptance() -> None:
    """Defence in depth: a state where the stall changed hands under a waiting bargain (as an
    older save could hold) refuses the accept, citing B-BUY-02."""
    s = bansan.position(rents={0: ["FV"], 1: ["WG", "MT"]}, stalls={"WG": ["WG", "WG"]},
                        phase="actions")
    wg = next(x for x in s.stalls if x.renter == 1 and x.cards)
    s = play(s, "P0 buy WG", f"P0 bargain {wg.cards[0]} 1")
    stalls = tuple(bansan.Stall(id=x.id, open=x.open, renter=None, cards=x.cards)
                   if x.id == wg.id else x for x in s.stalls)
    err = refused(s.replace(stalls=stalls), "P1 accept", "B-BUY-02")
    assert "P1 no longer rents" in err.reason and "A-B-61" in err.reason


def test_a_b_61_a_bargain_price_is_committed_by_the_buyer() -> None:
    s = bansan.position(rents={0: ["FV"], 1: ["WG", "MT"]}, stalls={"WG": ["WG", "WG"]},
                        phase="actions", money=[4, 10])
    wg = next(x for x in s.stalls if x.renter == 1 and x.cards)
    s = play(s, "P0 buy WG", f"P0 pick {wg.cards[0]}")  # RM1 (WG's market price) of RM4
    refused(s, f"P0 bargain {wg.cards[1]} 4", "B-BUY-07")  # only RM3 left to offer
    s = play(s, f"P0 bargain {wg.cards[1]} 3")
    assert bansan.queries.free_money(s, 0) == 0  # RM1 picked + RM3 offered (A-B-61)
    err = refused(s, "P0 rr rent=ST-05", "B-ANY-03")  # R&R mid-BUY (A-B-60), from RM0 left
    assert err.reason == ("renting costs RM3 and you can spend RM0 (RM1 is owed for the cards "
                          "picked in your BUY and RM3 is promised in your open offer, A-B-61)")
    s = play(s, "P1 accept", "P0 done")
    assert money(s) == [0, 14]


def closing(**options: object) -> bansan.State:
    """A 3-player Closing Round: P1 triggered, so P1, P2, P0 throw in that order."""
    s = bansan.position(players=3, rules=Rules(players=3, **options),  # type: ignore[arg-type]
                        rents={0: ["FV"], 1: ["WG"], 2: ["MT"]},
                        bags={0: ["FV"], 1: ["WG"], 2: ["MT"]}, phase="actions", current=0,
                        trigger=1, first=1)
    s = play(s, "P0 end-actions", "P0 done")
    assert s.phase == "closing" and s.queue == (1, 2, 0)
    return s


def test_a_b_62_vendors_still_to_throw_trade_in_the_closing_round() -> None:
    s = closing()
    card = s.vendors[0].bag[0].card
    s = play(s, f"P2 trade P0 give=- take={card} pay=1 ask=0", "P0 accept")
    assert money(s)[0] - money(s)[2] == 2 and card in [b.card for b in s.vendors[2].bag]


def test_a_b_62_a_vendor_who_has_thrown_takes_part_in_no_trade() -> None:
    s = closing()
    s = play(s, "P1 done")  # P1 throws its leftovers and pays
    assert s.queue == (2, 0)
    card = s.vendors[0].bag[0].card
    err = refused(s, f"P0 trade P1 give={card} take=- pay=0 ask=0", "B-ANY-09")
    assert "P1 has thrown their leftovers" in err.reason and "A-B-62" in err.reason
    refused(s, "P1 trade P2 give=- take=- pay=1 ask=0", "B-ANY-09")
    s = play(s, f"P0 trade P2 give={card} take=- pay=0 ask=0", "P2 accept")  # both still to go


def test_a_b_62_the_option_never_forbids_closing_trades() -> None:
    s = closing(closing_trades="never")
    err = refused(s, "P2 trade P0 give=- take=- pay=1 ask=0", "B-ANY-09")
    assert "closing_trades='never'" in err.reason
    with pytest.raises(ValueError, match="closing_trades"):
        Rules(closing_trades="sometimes")  # type: ignore[arg-type]


def test_a_sellers_counter_offer_asks_a_price_and_its_answers_are_previewed() -> None:
    """A-B-60: the seller's counter to a bargain asks the buyer a price; it read "P1 offers you
    RM2 for PC-61", as if the seller would pay, and accept/decline previewed "no visible change
    yet"; with no counters left, "or counter" was still offered (helper-60)."""
    from marketlib import Match
    from marketlib.bansan import position
    from marketlib.bansan import words as bansan_words
    from marketlib.core.i18n import language, sentence

    s = position(players=3, rents={0: ["WG"], 1: ["MT"]}, stalls={"MT": ["MT"]},
                 phase="actions", current=0, rules=bansan.Rules(players=3, max_counters=1))
    match = Match.from_state("bansan", s)
    card = next(st for st in s.stalls if st.cards).cards[0]
    match.play("P0 buy MT")
    match.play(f"P0 bargain {card} 1")
    assert bansan_words.step(match.view(1), 1, 1) == (
        f"P0 offers you RM1 for {card} (Meat in your Stall ST-03). You answer: accept, decline "
        "or counter.")  # the card as the board draws it (no codes on the cards, helper-74)
    match.play("P1 counter price=2")
    view = match.view(0)
    assert bansan.describe_offer(view) == f"P1 asks P0 RM2 for {card} (counter 1)"
    assert str(view).splitlines()[-1] == f"Offer: P1 asks RM2 for {card} from P0 (1 counter-offer)"
    assert bansan_words.step(view, 0, 0) == (
        f"P1 asks you RM2 for {card} (Meat in P1's Stall ST-03) (counter 1). You answer: accept "
        "or decline (no counters left, A-B-60).")
    assert bansan_words.step(match.view(2), 0, 2) == (
        f"P1 asks P0 RM2 for {card} (Meat in P1's Stall ST-03) (counter 1). P0 answers.")
    previews = {str(a): str(bansan.preview(view, a)) for a in match.legal_actions()}
    assert previews == {
        "P0 accept": f"{card} is picked for the BUY at RM2, paid when the buyer finishes (done)",
        "P0 decline": "the offer ends; nothing changes hands"}
    with language("ms"):
        assert bansan_words.step(view, 0, 0).startswith(
            f"P1 meminta RM2 untuk {card} (Daging di Gerai ST-03 milik P1) (tawaran balas 1) "
            "daripada anda")
        assert sentence(previews["P0 decline"]) == "tawaran tamat; tiada apa-apa bertukar tangan"
    match.play("P0 accept")
    assert match.state.pending.picked[-1].price == 2  # what the preview said


@pytest.mark.parametrize("guess_seed", [0, 1, 7])
def test_a_b_61_a_rebuilt_world_lets_the_answer_accept_what_the_offer_promises(
        guess_seed: int) -> None:
    """The answering seat cannot see the proposer's money, and a world rebuilt from its view
    guessed it as its own: RM2 for a trade paying RM5, so the legal Accept was refused there
    as "P1 cannot pay the RM5 ... RM2 can still be spent", and bots, hints and previews never
    weighed it (helper-66). The offer shows that money is held (A-B-61): a hidden vendor's
    guess is raised to what they commit, by trade or bargain, and never lowered."""
    rng = random.Random(guess_seed)
    trade = play(bansan.position(rents={0: ["FV"], 1: ["WG"]}, money=[2, 10],
                                 phase="actions"), "P1 trade P0 give=- take=- pay=5 ask=0")
    assert bansan.explain(trade, bansan.parse_action("P0 accept")) is None
    world = bansan.determinize(bansan.view(trade, 0), rng)
    assert money(world) == [2, 5] and bansan.check_invariants(world) == []
    assert "P0 accept" in [str(a) for a in bansan.legal_actions(world)]
    assert str(bansan.preview(bansan.view(trade, 0), bansan.parse_action("P0 accept"))) == (
        "the trade is made; money RM2 -> RM7")
    rich = bansan.determinize(bansan.view(play(bansan.position(
        rents={0: ["FV"], 1: ["WG"]}, money=[9, 10], phase="actions"),
        "P1 trade P0 give=- take=- pay=5 ask=0"), 0), rng)
    assert money(rich) == [9, 9]  # the guess (the seat's own RM9) already covers RM5
    buy = play(bansan.position(rents={0: ["FV"], 1: ["WG"]}, stalls={"WG": ["WG"]},
                               money=[10, 0], phase="actions"), "P0 buy WG")
    card = next(c for st in buy.stalls if st.renter == 1 for c in st.cards)
    bargain = play(buy, f"P0 bargain {card} 3")
    world = bansan.determinize(bansan.view(bargain, 1), rng)
    assert money(world) == [3, 0] and bansan.check_invariants(world) == []
    assert "P1 accept" in [str(a) for a in bansan.legal_actions(world)]
    assert bansan.explain(world, bansan.parse_action("P1 accept")) is None
