"""Each seat reads the step in progress as meant for it (issue 27, point 6): the decider reads
"you", a seller "from you", the one an offer is made to "offers you", everyone else the third
person; in every pending step of both games, on the board's instruction and pending box."""

from __future__ import annotations

import random
from typing import Any

from marketlib import Match
from marketlib.bansan import Rules as BansanRules
from marketlib.bansan import actions as A
from marketlib.bansan import position
from marketlib.bansan import view as bansan_view
from marketlib.bansan import words as bansan_words
from marketlib.monsoon import Rules as MonsoonRules
from marketlib.monsoon import view as monsoon_view
from marketlib.monsoon import words as monsoon_words
from marketlib.widgets.bansan import BansanTable
from marketlib.widgets.monsoon import MonsoonTable
from marketlib.widgets.payload import payload


def _bansan_key(state: Any) -> str:
    p = state.pending
    key = type(p).__name__ if p is not None else state.phase
    return key + (f":{p.kind}" if type(p).__name__ == "Purchase" else "")


def _monsoon_key(state: Any) -> str:
    p = state.pending
    if p is None:
        return str(state.phase)
    return type(p).__name__ + (f":{p.action.value}" if type(p).__name__ == "BonusPending" else "")


def _first_of_each(game: str, rules: Any, seed: int, key: Any, view: Any, words: Any,
                   seats: int) -> dict[str, list[str]]:
    """The words every seat reads at the first position of each kind of step in a seeded game
    played by random legal moves (a fixed stream)."""
    match = Match(game, rules, seed=seed)
    rng = random.Random(0)
    seen: dict[str, list[str]] = {}
    while match.outcome is None:
        state, decider = match.state, match.current_player
        seen.setdefault(key(state), [words.step(view(state, s), decider, s)
                                     for s in range(seats)])
        match.play(rng.choice(match.legal_actions()))
    return seen


def test_bansan_steps_are_worded_for_each_seat() -> None:
    seen = _first_of_each("bansan", BansanRules(players=3), 1, _bansan_key, bansan_view,
                          bansan_words, 3)
    you, p0 = "You are", "P0 is"
    assert seen["ListReturn"] == [
        "You are keeping 2 of your 3 Shopping Lists (returning 1 to the deck).",
        *["P0 is keeping 2 of their 3 Shopping Lists (returning 1 to the deck)."] * 2]
    assert seen["OpeningHand"] == [
        "You are choosing the top or bottom halves of your 5 opening cards.",
        *["P0 is choosing the top or bottom halves of their 5 opening cards."] * 2]
    assert seen["Stocking"] == [f"{you} stocking 2 card(s) into the Stalls.",
                                *[f"{p0} stocking 2 card(s) into the Stalls."] * 2]
    assert seen["draft"][1] == "P0 is renting a Stall in the Stall draft (free)."
    assert seen["Purchase:wholesale"] == [
        "You are buying Fruits & Veggies wholesale from the Row. Picked: nothing yet.",
        *["P0 is buying Fruits & Veggies wholesale from the Row. Picked: nothing yet."] * 2]
    assert seen["Purchase:sell"] == [
        *["P2 is selling Fruits & Veggies online. Picked: nothing yet."] * 2,
        "You are selling Fruits & Veggies online. Picked: nothing yet."]
    assert seen["closing"] == [
        "P1 is completing their last Shopping Lists in the Closing Round.",
        "You are completing your last Shopping Lists in the Closing Round.",
        "P1 is completing their last Shopping Lists in the Closing Round."]
    assert seen["bag"][1] == "P0 is giving away or throwing the extra cards of their Bag."
    for key, lines in seen.items():  # nobody but the decider is told "you" about the step
        assert all(not line.startswith("You ") for line in lines[1:] if "P0" in line), key


def test_sendiri_steps() -> None:
    seen = _first_of_each("bansan", BansanRules(players=1, mode="sendiri"), 4, _bansan_key,
                          bansan_view, bansan_words, 1)
    assert seen["solo_move"] == ["You are moving one row of Workers one Stall to the right."]
    assert seen["SoloThrow"] == [  # any Stall of the drawn card's types, the player's too
        "Step 1b throw: 1 card from ST-02 goes into its Waste Bin (B-SOLO-10): you choose "
        "which."]
    state = Match("bansan", BansanRules(players=1, mode="sendiri"), seed=4).state
    assert bansan_words.step(bansan_view(state, None), 0, None) == (
        "P0 is keeping 2 of their 3 Shopping Lists (returning 1 to the deck).")


def _buying() -> tuple[Match, str]:
    """P0 buys Meat and has picked a card of P1's Stall; P2 watches."""
    s = position(players=3, rents={0: ["WG"], 1: ["MT"], 2: ["FV"]},
                 stalls={"MT": ["MT", "MT"]}, phase="actions", current=0)
    m = Match.from_state("bansan", s)
    meat = next(st for st in s.stalls if st.cards).cards[0]
    m.play("P0 buy MT")
    return m, meat


def test_a_buy_from_vendors_reads_differently_for_buyer_seller_and_others() -> None:
    m, meat = _buying()
    m.play(f"P0 pick {meat}")
    table = BansanTable()
    seen = [payload(table, m, seat)["scene"] for seat in range(3)]
    assert seen[0]["step"] == (f"You are buying Meat from the vendors. Picked: {meat} (RM2 to "
                               "P1) (finishing now, you pay RM2).")
    assert seen[1]["step"] == (f"P0 is buying Meat from you: RM2 to you if P0 finishes. "
                               f"Picked: {meat} (RM2 to you).")
    assert seen[2]["step"] == (f"P0 is buying Meat from the vendors. Picked: {meat} (RM2 to "
                               "P1); P0 pays RM2 if P0 finishes.")
    assert seen[0]["instruction"].startswith("Pick the Meat cards to buy")
    assert seen[1]["instruction"] == seen[1]["step"]  # not the decider's "you pay"
    assert seen[2]["instruction"] == seen[2]["step"]
    assert "you pay" not in seen[1]["instruction"] + seen[2]["instruction"]


def test_an_offer_to_you_and_between_others() -> None:
    m, meat = _buying()
    m.play(A.Bargain(player=0, card=meat, price=1))
    table = BansanTable()
    seen = [payload(table, m, seat)["scene"] for seat in range(3)]
    assert m.current_player == 1
    assert seen[1]["step"] == (f"P0 offers you RM1 for {meat} (Meat in your Stall ST-03). You "
                               "answer: accept, decline or counter.")  # the card as drawn
    assert seen[0]["step"] == f"You offer P1 RM1 for {meat} (Meat in P1's Stall ST-03). P1 answers."
    assert seen[2]["step"] == f"P0 offers P1 RM1 for {meat} (Meat in P1's Stall ST-03). P1 answers."
    assert seen[0]["instruction"] == seen[0]["step"]
    assert seen[1]["instruction"].startswith("P0 makes you an offer")


def test_monsoon_steps_are_worded_for_each_seat() -> None:
    seen = _first_of_each("monsoon", MonsoonRules(players=3), 2, _monsoon_key, monsoon_view,
                          monsoon_words, 3)
    assert seen["action"] == [
        "You are choosing: steal a card, buy Market cards or fulfil an Order.",
        *["P0 is choosing: steal a card, buy Market cards or fulfil an Order."] * 2]
    assert seen["TakePending"] == ["You are buying: 2 more Market card(s) to take.",
                                   *["P0 is buying: 2 more Market card(s) to take."] * 2]
    assert seen["FulfillPending"] == [
        *["P2 is fulfilling Order MO-29: 0 item(s) spent so far, then Gold, Silver or Bulk."] * 2,
        "You are fulfilling Order MO-29: 0 item(s) spent so far, then Gold, Silver or Bulk."]
    assert seen["BonusPending:steal2"] == [
        "You may take the Bonus Action of MO-18: steal 2 cards (2 left, from the Market or a "
        "larger display).",
        *["P0 may take the Bonus Action of MO-18: steal 2 cards (2 left, from the Market or a "
          "larger display)."] * 2]
    match = Match("monsoon", MonsoonRules(players=2), seed=1)
    scene = payload(MonsoonTable(), match, 1)["scene"]
    assert scene["instruction"] == scene["step"] == (
        "P0 is choosing: steal a card, buy Market cards or fulfil an Order.")
