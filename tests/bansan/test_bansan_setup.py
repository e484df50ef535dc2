"""B-COMP, B-SETUP, B-OPEN and B-TURN rules, one test per rule ID."""

from __future__ import annotations

from collections import Counter

import pytest
from bansan_helpers import legal, money, play, refused, through_opening

from marketlib import bansan
from marketlib.bansan import Produce, Rules, Waste, catalog, position, setup

CAT = catalog(Rules())


def test_b_comp_01_88_produce_cards() -> None:
    assert len(CAT.produce) == 88


def test_b_comp_02_two_halves_of_different_types() -> None:
    assert all(c.top is not c.bottom for c in CAT.produce.values())
    assert {c.top for c in CAT.produce.values()} == {Produce.FV, Produce.WG, Produce.MT}


def test_b_comp_03_waste_side() -> None:
    assert Counter(c.waste for c in CAT.produce.values()) == {Waste.OR: 30, Waste.PL: 29,
                                                              Waste.PA: 29}


def test_b_comp_04_some_cards_show_a_star() -> None:
    assert sum(c.star for c in CAT.produce.values()) == 18


def test_b_comp_05_six_produce_types() -> None:
    shown = Counter(t for c in CAT.produce.values() for t in (c.top, c.bottom))
    assert shown == {Produce.FV: 30, Produce.WG: 30, Produce.MT: 28, Produce.DG: 30,
                     Produce.SF: 30, Produce.MM: 28}


def test_b_comp_06_54_shopping_lists_with_values() -> None:
    assert len(CAT.lists) == 54
    assert CAT.lists["SL-01"].icons == (Produce.FV, Produce.SF, Produce.MM)
    assert CAT.lists["SL-01"].value == 8
    assert sum(x.value for x in CAT.lists.values()) == 632


def test_b_comp_07_40_events_with_timeframes() -> None:
    assert len(CAT.events) == 40
    assert Counter(e.timeframe.value for e in CAT.events.values()) == {"UNE": 12, "NAP": 16,
                                                                       "IMM": 12}


def test_b_comp_08_12_stalls_base_and_additional() -> None:
    assert len(CAT.stalls) == 12
    assert sum(1 for s in CAT.stalls.values() if not s.mark) == 6


def test_b_comp_09_three_3plus_three_5plus() -> None:
    marks = Counter(s.mark for s in CAT.stalls.values())
    assert marks["3+"] == 3 and marks["5+"] == 3


def test_b_comp_10_three_bins_capacity_5() -> None:
    s = setup(Rules(players=2), 1)
    assert len(s.bins) == 3 and Rules().bin_capacity == 5


def test_b_comp_11_money_and_three_workers() -> None:
    s = position(rents={0: ["FV", "DG"]}, phase="actions", money=[10, 10])
    s = play(s, "P0 rr rent=ST-05")
    assert [x.renter for x in s.stalls].count(0) == 3
    assert money(s) == [7, 10] and s.bank == -3


def test_b_comp_12_market_prices() -> None:
    r = Rules()
    assert [r.price(t) for t in Produce] == [1, 1, 2, 1, 1, 2]


def test_b_setup_01_player_count_and_modes() -> None:
    for bad in (1, 6):
        with pytest.raises(ValueError, match="B-SETUP-01"):
            Rules(players=bad)
    with pytest.raises(ValueError, match="B-SOLO-01"):
        Rules(players=2, mode="sendiri")
    with pytest.raises(ValueError, match="B-KEN-01"):
        Rules(players=1, mode="kenduri")
    with pytest.raises(ValueError, match=r"Rules\.mode: expected"):
        Rules(mode="feast")  # type: ignore[arg-type]
    assert Rules(players=1, mode="sendiri").players == 1
    assert Rules(players=5, mode="kenduri").mode == "kenduri"


@pytest.mark.parametrize(("players", "removed"), [(2, 30), (3, 20), (4, 10), (5, 0)])
def test_b_setup_02_cards_removed(players: int, removed: int) -> None:
    s = setup(Rules(players=players), 3)
    assert len(s.removed) == removed


def test_b_setup_03_deck_and_row() -> None:
    s = setup(Rules(players=2), 3)
    assert len(s.row) == 5
    assert len(s.deck) == 88 - 30 - 5 - 3  # opening cards are dealt later (B-OPEN-03)


@pytest.mark.parametrize(("players", "count", "columns"), [(2, 6, 3), (3, 9, 3), (4, 9, 3),
                                                           (5, 12, 4)])
def test_b_setup_04_stalls_per_player_count(players: int, count: int, columns: int) -> None:
    s = setup(Rules(players=players), 5)
    assert len(s.stalls) == count and s.columns == columns
    assert all(x.open and x.renter is None for x in s.stalls)
    marks = {CAT.stalls[x.id].mark for x in s.stalls}
    assert marks == {2: {""}, 3: {"", "3+"}, 4: {"", "3+"}, 5: {"", "3+", "5+"}}[players]
    assert [x.id for x in setup(Rules(players=players), 6).stalls] != [x.id for x in s.stalls]


def test_b_setup_05_three_starting_waste_cards_by_type() -> None:
    s = setup(Rules(players=3), 2)
    assert sum(len(b) for b in s.bins) == 3
    for w, cards in zip(Waste, s.bins, strict=True):
        assert all(CAT.produce[c].waste is w for c in cards)
    assert money(s) == [10, 10, 10] and s.transfers == ()


def test_b_setup_06_event_deck() -> None:
    assert len(setup(Rules(players=2, events="reconstructed"), 1).event_deck) == 40
    s = setup(Rules(players=2), 1)
    assert s.event_deck == () and s.latest_events == ()


def test_b_setup_07_shopping_list_deck() -> None:
    s = setup(Rules(players=4), 1)
    assert len(s.list_deck) == 54 - 12


def test_b_setup_08_outside_market_empty() -> None:
    assert setup(Rules(players=2), 1).outside == ()


def test_b_setup_09_each_player_starts_with_rm10() -> None:
    s = setup(Rules(players=5), 1)
    assert money(s) == [10] * 5 and all(v.bag == () for v in s.vendors)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_b_setup_10_deck_at_first_turn(players: int) -> None:
    s = through_opening(players, seed=4)
    assert s.phase == "stock" and len(s.deck) == 30 + 5 * players


def test_b_open_01_first_player() -> None:
    s = setup(Rules(players=3, first_player=2), 1)
    assert bansan.current_player(s) == 2 and s.token == 2
    a = setup(Rules(players=3, first_player="random"), 9)
    assert a.first == setup(Rules(players=3, first_player="random"), 9).first


def test_b_open_02_keep_2_of_3_lists() -> None:
    s = setup(Rules(players=2), 1)
    kept = s.vendors[0].wallet
    assert len(kept) == 3
    s = play(s, f"P0 return {kept[1]}")
    assert s.vendors[0].wallet == (kept[0], kept[2]) and s.list_deck[-1] == kept[1]
    assert bansan.current_player(s) == 1


def test_b_open_03_all_top_or_all_bottom() -> None:
    s = setup(Rules(players=2), 1)
    s = play(s, *(f"P{p} return {s.vendors[p].wallet[0]}" for p in (0, 1)))
    assert s.phase == "open_stock" and legal(s) == ["P0 half top", "P0 half bottom"]
    hand = s.pending.cards  # type: ignore[union-attr]
    s = play(s, "P0 half bottom")
    for c in hand:
        holder = next(x for x in s.stalls if c in x.cards)
        assert CAT.stalls[holder.id].sells is CAT.produce[c].bottom


def test_b_open_04_and_05_snake_stall_draft() -> None:
    s = setup(Rules(players=3), 2)
    while s.phase != "draft":
        s = bansan.apply(s, bansan.legal_actions(s)[0])
    order = []
    while s.phase == "draft":
        order.append(bansan.current_player(s))
        if len(order) == 2:
            taken = next(x.id for x in s.stalls if x.renter is not None)
            refused(s, f"P{order[-1]} worker {taken}", "B-OPEN-05")
        s = bansan.apply(s, bansan.legal_actions(s)[0])
    assert order == [0, 1, 2, 2, 1, 0]


def test_b_open_05_second_pass_from_last_player() -> None:
    s = setup(Rules(players=4, first_player=1), 2)
    while s.phase != "draft":
        s = bansan.apply(s, bansan.legal_actions(s)[0])
    assert s.queue == (1, 2, 3, 0, 0, 3, 2, 1)


def test_b_open_06_turns_begin_with_first_player() -> None:
    s = through_opening(3, seed=1, first_player=1)
    assert s.phase == "stock" and bansan.current_player(s) == 1


def test_b_open_07_opening_rentals_are_free() -> None:
    s = through_opening(2, seed=1)
    assert money(s) == [10, 10]
    assert all(not v.rr_used for v in s.vendors)
    assert [x.renter for x in s.stalls].count(0) == 2


def test_b_turn_01_stocking_then_actions_then_upkeep() -> None:
    s = position(rents={0: ["FV", "DG"], 1: ["WG", "MT"]}, row=["FV/SF", "WG/DG", "MT/MM",
                 "WG/SF", "MT/DG"])
    # a move out of its phase cites the rule of the phase that plays it (helper-115 looked up
    # the current step's rule and found nothing about the move), and says both phases
    assert refused(s, "P0 empty PL", "B-ACT-01").reason == (
        "it is 'Stocking Phase' now, and emptying a Waste Bin (empty) is not part of it: it "
        "comes in 'Action Phase'")
    s = play(s, "P0 stock-row MM")
    assert s.phase == "actions"
    refused(s, "P0 stock-deck", "B-STOCK-01")
    s = play(s, "P0 end-actions")
    assert s.phase == "complete"
    s = play(s, "P0 done")
    assert s.phase == "stock" and bansan.current_player(s) == 1 and len(s.row) == 5


def test_repr_says_the_round_and_turn_the_board_says() -> None:
    """helper-101 read ``turn 0`` in ``m.state`` where the table said "round 1, turn 1": the
    one-line summary names the round and turn as the board's header does (``render``'s
    ``turn_in_progress``), and none where the header names none: the Opening and Closing Rounds
    (helper-73) and the end (helper-102 found "round 1" in the Opening Round)."""
    import random

    from marketlib import bansan

    s = bansan.setup(bansan.Rules(players=3), seed=2)
    assert repr(s) == "State(bansan standard, 3 players, phase open_lists, P0's turn)"
    assert repr(bansan.view(s, 1)) == ("View(seat 1, bansan standard, 3 players, "
                                       "phase open_lists, P0's turn)")
    playing = s.replace(turn=4, phase="stock", current=1)
    assert repr(playing) == ("State(bansan standard, 3 players, round 2, turn 5, phase stock, "
                             "P1's turn)")
    assert str(playing).startswith("Bansan  round 2, turn 5")
    assert repr(playing.replace(phase="closing")) == (
        "State(bansan standard, 3 players, phase closing, P1's turn)")
    rng = random.Random(2)
    while s.result is None:
        s = bansan.apply(s, rng.choice(bansan.legal_actions(s)))
    assert repr(s).startswith("State(bansan standard, 3 players, over: ")
