"""Taking back an offer (``Withdraw``; B-ANY-01/02, A-B-60/61): helper-94 offered a trade to a
classmate who had gone, and the whole table waited, the vendor who made it unable to take it
back. The vendor whose offer waits may withdraw it at any time before the answer; nobody else
may; nothing changes hands and the money it promised is free again."""

from __future__ import annotations

import pytest

from marketlib import Match, bansan
from marketlib.bansan import actions as A
from marketlib.core.errors import IllegalAction
from marketlib.core.i18n import language, refusal, sentence


def _action_phase() -> Match:
    match = Match("bansan", bansan.Rules(players=3), seed=5)
    while match.state.phase != "actions":
        match.play(match.legal_actions()[0])
    assert match.current_player == 0
    return match


def _refused(match: Match, text: str) -> IllegalAction:
    before = match.state
    with pytest.raises(IllegalAction) as err:
        match.play(bansan.parse_action(text))
    assert match.state is before  # nothing changed
    return err.value


def test_an_offer_to_a_vendor_who_has_gone_no_longer_holds_the_table() -> None:
    match = _action_phase()
    match.play(bansan.parse_action("P1 trade P2 give=- take=- pay=3 ask=0"))
    assert [str(a) for a in match.legal_actions()] == ["P2 accept", "P2 decline"]
    assert _refused(match, "P0 end-actions").rule == "B-ANY-02"  # the table waits for P2
    assert next(str(a) for a in match.any_time_actions(1)) == "P1 withdraw"
    assert "P0 withdraw" not in [str(a) for a in match.any_time_actions(0)]
    assert "P2 withdraw" not in [str(a) for a in match.any_time_actions(2)]
    match.play(A.Withdraw(player=1))
    assert match.state.offer is None and match.current_player == 0  # P0's turn goes on
    assert match.state.log[-1] == "P1 took back the trade offered to P2 (B-ANY-02)"
    assert [v.money for v in match.state.vendors] == [10, 10, 10]  # nothing changed hands
    match.play(bansan.parse_action("P1 trade P0 give=- take=- pay=10 ask=0"))  # all RM10 free
    assert match.state.offer is not None and match.state.offer.pay == 10
    with language("ms"):
        assert sentence("P1 took back the trade offered to P2 (B-ANY-02)") == (
            "P1 menarik balik pertukaran yang ditawarkan kepada P2 (B-ANY-02)")


def test_only_the_vendor_whose_offer_waits_may_take_it_back() -> None:
    match = _action_phase()
    assert _refused(match, "P1 withdraw").reason == "there is no offer to take back"
    match.play(bansan.parse_action("P1 trade P2 give=- take=- pay=1 ask=0"))
    third = _refused(match, "P0 withdraw")
    assert (third.rule, third.reason) == ("B-ANY-02",
                                          "only P1, who made the offer, can take it back")
    assert _refused(match, "P2 withdraw").reason.startswith("answer the offer first")
    with language("ms"):
        assert refusal(third.reason) == (
            "hanya P1, yang membuat tawaran itu, boleh menarik baliknya")
    # a counter-offer turns the offer around: now P2's to take back; P1 answers it
    match.play(bansan.parse_action("P2 counter give=- take=- pay=0 ask=1"))
    assert _refused(match, "P1 withdraw").reason.startswith("answer the offer first")
    assert _refused(match, "P0 withdraw").reason == (
        "only P2, who made the offer, can take it back")
    match.play(A.Withdraw(player=2))
    assert match.state.offer is None and match.current_player == 0


def test_a_bargain_taken_back_leaves_the_buy_going() -> None:
    s = bansan.position(players=2, rents={0: ["FV"], 1: ["WG"]}, phase="actions", current=0,
                        stalls={"WG": ["WG", "WG"]})
    match = Match.from_state("bansan", s)
    match.play(bansan.parse_action("P0 buy WG"))
    card = match.state.stalls[[st.renter for st in match.state.stalls].index(1)].cards[0]
    match.play(A.Bargain(player=0, card=card, price=1))
    assert match.current_player == 1  # the seller answers
    assert [str(a) for a in match.any_time_actions(0)][:1] == ["P0 withdraw"]
    match.play(A.Withdraw(player=0))
    assert match.state.offer is None and match.current_player == 0
    assert isinstance(match.state.pending, bansan.state.Purchase)  # the BUY goes on
    assert any(isinstance(a, A.Pick) and a.card == card for a in match.legal_actions())


def test_a_proposer_whose_bag_is_flipped_still_may_take_its_offer_back() -> None:
    """The any-time gate opened only for R&R: a vendor that had used its R&R (A-B-60) had no
    any-time action listed, so its board showed no way to take the offer back."""
    match = _action_phase()
    rr = next(a for a in match.any_time_actions(1) if isinstance(a, A.RentAndRelease))
    match.play(rr)
    assert match.state.vendors[1].rr_used and match.any_time_actions(1) == ()
    match.play(bansan.parse_action("P1 trade P2 give=- take=- pay=1 ask=0"))
    assert bansan.any_time_gate(match.state, 1) and bansan.any_time_gate(match.view(1), 1)
    assert match.any_time_actions(1) == (A.Withdraw(player=1),)


def test_sendiri_has_no_offers_to_take_back() -> None:
    s = bansan.setup(bansan.Rules(players=1, mode="sendiri"), seed=1)
    why = bansan.explain(s, A.Withdraw(player=0))
    assert why is not None and why.rule == "B-SOLO-08"
