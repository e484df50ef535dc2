"""Sendiri, the solo mode (RULES.md 1.3, D-B-03, D-B-07, A-B-42..50): one test per B-SOLO rule
ID, the rulebook's own scoring example, the event log, and bad input.

Default position: row 1 = ST-01 FV (you), ST-02 WG (Neighbour), ST-03 MT (unoperated);
row 2 = ST-04 DG (you), ST-05 SF (Neighbour), ST-06 MM (unoperated).
"""

from __future__ import annotations

import random
import re

import pytest
from bansan_helpers import legal, money, play, refused, stall

from marketlib import Match, bansan
from marketlib.bansan import NEIGHBOUR, Rules, position, setup
from marketlib.bansan.state import Ending

SOLO = Rules(players=1, mode="sendiri")
HARD = Rules(players=1, mode="sendiri", hard=True)
BAG = ["MT:PA", "MT:PA", "SF:PA", "SF:OR"]  # exactly SL-19 (MT MT SF SF, RM12)


def _solo(**spec: object) -> bansan.State:
    spec.setdefault("rules", SOLO)
    return position(**spec)  # type: ignore[arg-type]


def _opened(rules: Rules = SOLO, seed: int = 1) -> bansan.State:
    s = setup(rules, seed)
    while s.phase != "solo_move":
        s = bansan.apply(s, bansan.legal_actions(s)[0])
    return s


def _cards(s: bansan.State) -> str:
    return ",".join(b.card for b in s.vendors[0].bag)


def test_b_solo_01_remove_ten_cards() -> None:
    s = setup(SOLO, seed=3)
    assert len(s.removed) == 10 and s.row == () and len(s.vendors) == 1
    assert len(_opened().deck) == 70  # D-B-03/D-B-04: 88 - 10 - 3 waste - 5 stock
    with pytest.raises(ValueError, match="B-SOLO-01"):
        Rules(players=2, mode="sendiri")


def test_b_solo_02_six_base_stalls_in_two_rows() -> None:
    s = setup(SOLO, seed=3)
    assert s.columns == 3 and len(s.stalls) == 6
    assert sorted(x.id for x in s.stalls) == ["ST-01", "ST-02", "ST-03", "ST-04", "ST-05", "ST-06"]
    assert [x.id for x in s.stalls] != [x.id for x in setup(SOLO, seed=4).stalls]  # at random


def test_b_solo_03_bins_and_three_starting_waste_cards() -> None:
    s = setup(SOLO, seed=3)
    assert sum(len(b) for b in s.bins) == 3 and money(s) == [10]
    cat = bansan.catalog(s)
    assert all(cat.produce[c].waste == w for w, b in zip(["PL", "PA", "OR"], s.bins, strict=True)
               for c in b)


def test_b_solo_04_your_workers_on_the_leftmost_stalls() -> None:
    s = setup(SOLO, seed=3)
    assert [i for i, x in enumerate(s.stalls) if x.renter == 0] == [0, 3]
    refused(_opened(), "P0 worker ST-03", "B-SOLO-04")


def test_b_solo_05_neighbour_in_the_middle_rightmost_unoperated() -> None:
    s = setup(SOLO, seed=3)
    assert [x.renter for x in s.stalls] == [0, NEIGHBOUR, None, 0, NEIGHBOUR, None]
    text = str(s)
    assert text.count(" NB [") == 2 and text.count(" -- [") == 2
    assert "Neighbour" in s._repr_html_()


def test_b_solo_06_five_cards_all_top_or_all_bottom() -> None:
    s = setup(SOLO, seed=3)
    s = play(s, f"P0 return {s.vendors[0].wallet[0]}")
    assert s.phase == "open_stock" and legal(s) == ["P0 half top", "P0 half bottom"]
    hand = s.pending.cards  # type: ignore[union-attr]
    s = play(s, "P0 half bottom")
    cat = bansan.catalog(s)
    assert s.phase == "solo_move" and sum(len(x.cards) for x in s.stalls) == 5
    for x in s.stalls:
        assert all(cat.produce[c].bottom is cat.stalls[x.id].sells for c in x.cards)
    assert sorted(c for x in s.stalls for c in x.cards) == sorted(hand)
    free = setup(Rules(players=1, mode="sendiri", solo_opening_halves="free"), seed=3)
    free = play(free, f"P0 return {free.vendors[0].wallet[0]}")
    pending = free.pending
    assert isinstance(pending, bansan.state.Stocking) and len(pending.cards) == 5
    assert all(len(sc.options) == 2 for sc in pending.cards)  # each card either half (A-B-44)
    assert len(legal(free)) == 10 and "P0 half top" not in legal(free)


def test_b_solo_07_rm10_and_two_of_three_lists() -> None:
    s = setup(SOLO, seed=3)
    assert money(s) == [10] and len(s.vendors[0].wallet) == 3 and s.phase == "open_lists"
    s = play(s, f"P0 return {s.vendors[0].wallet[1]}")
    assert len(s.vendors[0].wallet) == 2 and len(s.list_deck) == 52


def test_b_solo_08_no_events_rr_or_bargaining() -> None:
    s = _solo(stalls={"WG": ["WG"]}, phase="actions")
    refused(s, "P0 rr rent=ST-03", "B-SOLO-08")
    refused(s, "P0 trade P0 give=- take=- pay=1 ask=0", "B-SOLO-08")
    s = play(s, "P0 buy WG")
    refused(s, "P0 bargain PC-31 0", "B-SOLO-08")
    for answer in ("P0 accept", "P0 decline", "P0 counter price=1"):  # counter read B-ANY-02
        refused(s, answer, "B-SOLO-08")  # (helper-66)
    assert [a for a in legal(_opened()) if " rr " in a] == []
    with pytest.raises(ValueError, match="B-SOLO-08"):
        Rules(players=1, mode="sendiri", events="reconstructed")


def test_b_solo_09_move_one_row_with_wrap_around() -> None:
    s = _solo(phase="solo_move", deck_top=["WG/SF"])
    assert legal(s) == ["P0 move 1", "P0 move 2"]
    refused(s, "P0 move 3", "B-SOLO-09")
    s = play(s, "P0 move 1")
    assert [x.renter for x in s.stalls] == [None, 0, NEIGHBOUR, 0, NEIGHBOUR, None]
    assert s.log[0] == ("turn 1: move row 1: P0 ST-01 FV -> ST-02 WG, Neighbour ST-02 WG -> "
                        "ST-03 MT (B-SOLO-09)")
    wrap = _solo(phase="solo_move", rents={0: ["ST-02", "ST-04"]}, neighbour=["ST-03", "ST-05"])
    wrap = play(wrap, "P0 move 1")
    assert [x.renter for x in wrap.stalls][:3] == [NEIGHBOUR, None, 0]
    refused(position(phase="stock"), "P0 move 1", "B-SOLO-09")  # not in the standard game


def test_b_solo_10_throw_one_card_per_type_shown_without_fines() -> None:
    s = _solo(phase="solo_move", deck_top=["FV/DG:OR"], bins={"PL": 6, "PA": 5},
              stalls={"FV": ["FV:PL", "FV:PA"], "DG": ["DG:PA", "DG:PA"]})
    s = play(s, "P0 move 2")
    indicator = s.pending.card  # type: ignore[union-attr]
    assert s.phase == "solo_throw" and s.outside == (indicator,)  # A-B-42
    fv = stall(s, "ST-01").cards
    assert legal(s) == [f"P0 throw {fv[0]}", f"P0 throw {fv[1]}"]  # waste types differ: choose
    refused(s, f"P0 throw {stall(s, 'ST-04').cards[0]}", "B-SOLO-10")
    s = play(s, f"P0 throw {fv[0]}")  # the PL card; then DG: both PA, the last one goes
    assert stall(s, "ST-01").cards == fv[1:] and len(stall(s, "ST-04").cards) == 1
    assert [len(b) for b in s.bins] == [7, 6, 0] and money(s) == [10]  # no fines
    assert s.phase == "stock" and len(s.row) == 4
    assert any(e.startswith(f"threw {fv[0]} from ST-01 FV into PL") for e in s.log)
    auto = Rules(players=1, mode="sendiri", solo_throw_choice="last_tucked")
    a = _solo(rules=auto, phase="solo_move", deck_top=["FV/DG:PL"],
              stalls={"FV": ["FV:PL", "FV:PA"]})
    a = play(a, "P0 move 2")
    assert stall(a, "ST-01").cards == fv[:1] and "ST-04 DG is empty: nothing to throw" in a.log


def test_b_solo_11_draw_four_for_the_row_and_stock_one_type() -> None:
    s = _solo(phase="solo_move", deck_top=["WG/SF", "FV/DG", "MT/DG", "WG/MM", "FV/SF"])
    s = play(s, "P0 move 1")
    assert s.phase == "stock" and len(s.row) == 4 and len(s.deck) == 88 - 5
    refused(s, "P0 stock-deck", "B-SOLO-11")
    s = play(s, "P0 stock-row DG")
    assert len(stall(s, "ST-04").cards) == 2 and len(s.row) == 2 and s.phase == "actions"


def test_b_solo_12_neighbour_unoperated_and_wholesaler_prices() -> None:
    s = _solo(phase="actions", money=[20], stalls={"WG": ["WG", "WG"], "MM": ["MM", "MM"]},
              row=["FV/DG", "FV/SF", "MT/DG"])
    wg, mm = stall(s, "ST-02").cards, stall(s, "ST-06").cards
    n = play(s, "P0 buy WG", f"P0 pick {wg[0]}", f"P0 pick {wg[1]}", "P0 done")
    assert money(n) == [18] and n.bank == 8 and [t.rule for t in n.transfers] == ["B-SOLO-12"] * 2
    u = play(s, "P0 buy MM", f"P0 pick {mm[0]}", "P0 done")
    assert money(u) == [16]  # 2 x RM2 for an unoperated stall, to the bank
    w = play(s, "P0 buy-wholesale FV", f"P0 pick {s.row[0]}", f"P0 pick {s.row[1]}", "P0 done")
    assert money(w) == [19]  # floor(2 x RM1 / 2)
    refused(s, "P0 buy-wholesale SF", "B-BUY-03")  # the Neighbour's type, not yours (A-B-49)


def test_b_solo_13_never_buy_from_your_own_stalls() -> None:
    s = _solo(phase="actions", stalls={"FV": ["FV"], "DG": ["DG"], "WG": ["WG"]})
    why = refused(s, "P0 buy FV", "B-SOLO-13")
    assert why.reason == ("every stall that holds Fruits & Veggies (FV) is your own: you can "
                          "never buy from your own stalls")  # the type asked for, not a card
    refused(s, "P0 buy DG", "B-SOLO-13")
    assert "P0 buy WG" in legal(s)
    s = play(s, "P0 buy WG")
    assert refused(s, "P0 pick PC-01", "B-BUY-01").reason == (
        "PC-01 is not in a stall that sells WG")


def test_b_solo_14_complete_check_bag_then_discard_the_row() -> None:
    s = _solo(phase="complete", wallets={0: ["SL-19", "SL-01"]}, bags={0: BAG + ["FV"] * 7},
              row=["WG/SF", "MT/MM"])
    s = play(s, f"P0 complete SL-19 {','.join(b.card for b in s.vendors[0].bag[:4])}")
    assert money(s) == [22]
    s = play(s, "P0 done")
    assert s.phase == "return_lists" and len(s.vendors[0].wallet) == 3
    s = play(s, f"P0 return {s.vendors[0].wallet[0]}")
    assert s.phase == "solo_move" and len(s.vendors[0].bag) == 7  # 7 <= 8: nothing to throw
    s = _solo(phase="complete", bags={0: ["FV"] * 9}, row=["WG/SF", "MT/MM"])
    s = play(s, "P0 done")
    assert s.phase == "bag" and all(a.startswith("P0 throw") for a in legal(s))
    refused(s, f"P0 give {s.vendors[0].bag[0].card} P0", "B-SOLO-14")
    row = s.row
    s = play(s, f"P0 throw {s.vendors[0].bag[0].card}")
    assert s.row == () and s.outside[-2:] == row and s.phase == "solo_move"
    assert s.log[-1] == f"Row discarded to the Outside Market: {' '.join(row)} (B-SOLO-14)"


def test_b_solo_15_no_replenish_five_cards_a_turn() -> None:
    s = _opened()
    for turn in range(3):
        assert len(s.deck) == 70 - 5 * turn and s.row == ()
        while True:
            options = bansan.legal_actions(s)
            s = bansan.apply(s, next((a for a in options if str(a).endswith(
                ("end-actions", " done"))), options[0]))
            if s.phase == "solo_move":
                break
    assert s.turn == 3


def test_b_solo_16_end_triggers_end_the_turn() -> None:
    s = _solo(phase="complete", wallets={0: ["SL-19"]}, bags={0: BAG},
              completed={0: ["SL-01", "SL-02"]})
    s = play(s, f"P0 complete SL-19 {_cards(s)}")
    assert s.trigger == 0 and s.result is None
    s = play(s, "P0 done")
    s = play(s, f"P0 return {s.vendors[0].wallet[0]}")
    assert s.result is not None and s.turn == 1  # the game ends with this turn (A-B-50)
    for seed in range(3):  # D-B-07: the last card is drawn in step 1c of turn 14 at the latest
        rng = random.Random(seed)
        g = setup(SOLO, seed)
        while bansan.outcome(g) is None:
            g = bansan.apply(g, rng.choice(bansan.legal_actions(g)))
        assert g.turn <= 14 and (g.turn == 14) == (g.deck == ())


def test_b_solo_17_final_throw_with_fines() -> None:
    s = _solo(phase="complete", trigger=0, bins={"PA": 5}, bags={0: ["WG:PA", "MM:PA"]},
              stalls={"FV": ["FV:PA"], "WG": ["WG:PA"]}, money=[6])
    s = play(s, "P0 done")
    assert stall(s, "ST-01").cards == () and stall(s, "ST-02").cards != ()  # own stalls only
    assert len(s.bins[1]) == 8 and money(s) == [3]  # 3 cards into PA 5 -> 8: RM3
    assert s.log[-2] == "final throw: fines RM3 (B-SOLO-17)"


def _final(money_left: int, completed: list[str], deck: int = 5, rules: Rules = SOLO
           ) -> bansan.State:
    s = _solo(rules=rules, phase="complete", trigger=0, money=[money_left], completed={
        0: completed}, removed=88 - deck)
    s = play(s, "P0 done")
    assert s.result is not None and len(s.deck) == deck
    return s


def test_b_solo_18_money_plus_deck_against_twice_the_lists() -> None:
    # The rulebook's example (l.289, D-B-03): 5 + 66 = 71 > 34 x 2 = 68, a win.
    s = _final(66, ["SL-14", "SL-15", "SL-01"])  # RM14 + RM12 + RM8 = RM34
    assert s.result == bansan.outcome(s)
    assert s.result.ending is Ending.SOLO_WIN and s.result.winners == (0,)  # type: ignore
    assert s.result.scores == (71,)  # type: ignore[union-attr]
    assert s.log[-1] == "5 Deck cards + RM66 = 71 >= 2 x RM34 = 68; lists 3 of 3: WIN (B-SOLO-18)"
    assert "solo_win" in str(s)
    edge = _final(63, ["SL-14", "SL-15", "SL-01"])  # 68 against 68: at least double (A-B-45)
    assert edge.result is not None and edge.result.ending is Ending.SOLO_WIN
    strict = _final(63, ["SL-14", "SL-15", "SL-01"],
                    rules=Rules(players=1, mode="sendiri", solo_compare=">"))
    assert strict.result is not None and strict.result.ending is Ending.SOLO_LOSS
    two = _final(66, ["SL-14", "SL-15"])  # 71 >= 52 but only 2 of 3 lists: a loss
    assert two.result is not None and two.result.winners == () and two.result.scores == (71,)
    assert two.result.ending is Ending.SOLO_LOSS
    easy = _final(66, ["SL-14", "SL-15"], rules=Rules(players=1, mode="sendiri",
                                                       solo_require_target=False))
    assert easy.result is not None and easy.result.ending is Ending.SOLO_WIN


def test_b_solo_19_hard_mode_four_lists() -> None:
    assert HARD.solo_target == 4 and HARD.trigger_lists == 4 and SOLO.solo_target == 3
    s = _solo(rules=HARD, phase="complete", wallets={0: ["SL-19"]}, bags={0: BAG},
              completed={0: ["SL-01", "SL-02"]})
    s = play(s, f"P0 complete SL-19 {_cards(s)}")
    assert s.trigger is None  # 3 lists: no trigger in the hard mode
    s4 = _solo(rules=HARD, phase="complete", wallets={0: ["SL-19"]}, bags={0: BAG},
               completed={0: ["SL-01", "SL-02", "SL-03"]})
    assert play(s4, f"P0 complete SL-19 {_cards(s4)}").trigger == 0
    three = _final(66, ["SL-14", "SL-15", "SL-01"], rules=HARD)
    assert three.result is not None and three.result.ending is Ending.SOLO_LOSS
    assert three.log[-1].endswith("lists 3 of 4: LOSS (B-SOLO-18)")
    with pytest.raises(ValueError, match="B-SOLO-19"):
        Rules(players=3, hard=True)


def test_sendiri_log_and_views_show_every_automatic_step() -> None:
    s = _opened(seed=5)
    s = play(s, "P0 move 1")
    text = str(s)
    assert all(f"  | {entry}" in text for entry in s.log)
    assert s.log[0].startswith("turn 1: move row 1:") and s.log[1].startswith("Throw: drew ")
    assert any(e.startswith("Row formed: ") for e in s.log)
    assert bansan.view(s, 0).log == s.log and "What happened" in s._repr_html_()
    assert len(s.log) <= 12


def test_sendiri_match_save_and_replay() -> None:
    m = Match("bansan", SOLO, seed=9)
    rng = random.Random(9)
    while m.outcome is None:
        m.play(rng.choice(m.legal_actions()))
    again = Match.from_dict(m.to_dict())
    assert again.state == m.state and m.state.result is not None
    assert m.state.result.ending in (Ending.SOLO_WIN, Ending.SOLO_LOSS)
    assert m.state.result.scores == (m.state.vendors[0].money + len(m.state.deck),)


def test_sendiri_instructions_name_only_moves_sendiri_allows() -> None:
    """The Stocking instruction offered the Deck (B-SOLO-11: the Row only), the Bag check
    giving to other vendors (nobody to give to), the Action Phase buying "from vendors"
    (B-SOLO-12: the Stalls) and the step 1b throw was the Neighbour's (B-SOLO-10: a card of
    each Stall of the drawn types, the player's too); found by helper-60."""
    import random

    from marketlib import Match
    from marketlib.bansan import words

    seen: dict[str, str] = {}
    for seed in range(6):
        match = Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            view = match.view(0)
            key = f"{view.phase}/{type(view.pending).__name__}"
            seen.setdefault(key, words.instruction(view, match.current_player, 0))
            match.play(rng.choice(match.legal_actions()))
    assert seen["stock/NoneType"] == (
        "Stock your Stalls: take every Row card of one type (click a type).")
    assert seen["bag/NoneType"] == ("Your Bag holds more than 8 cards: throw the extra cards "
                                    "into the bins (select a card first).")
    assert seen["actions/NoneType"].startswith("Take 2 more action(s): buy from the Stalls,")
    assert re.fullmatch(r"Step 1b throw \(B-SOLO-10\): choose which card of Stall ST-0\d goes "
                        r"into its Waste Bin \(no fine\)\.", seen["solo_throw/SoloThrow"])
    assert not any("vendor" in text or "Deck until" in text for text in seen.values()), seen


def test_the_sendiri_step_line_names_only_the_row() -> None:
    """The step line under the instruction said "every Row card of one type, or from the
    Deck" on every Sendiri turn (helper-63): B-SOLO-11 stocks from the Row only."""
    import random

    from marketlib import Match
    from marketlib.bansan import words

    match = Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=9)
    rng = random.Random(9)
    steps = set()
    while not match.is_over:
        if match.state.phase == "stock" and match.state.pending is None:
            steps.add(words.step(match.view(0), 0, 0))
        match.play(rng.choice(match.legal_actions()))
    assert steps == {"You are stocking: every Row card of one type (B-SOLO-11)."}


def test_a_trade_or_gift_to_another_seat_says_sendiri_has_one_vendor() -> None:
    """B-SOLO-08: naming another vendor in Sendiri says why there is none (it read only
    'there is no seat 1', helper-74)."""
    from marketlib.core.errors import InvalidAction

    m = Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=3)
    with pytest.raises(InvalidAction) as refused:
        m.explain("P0 trade P1 pay=1")
    assert str(refused.value).endswith(
        "there is no seat 1: in Sendiri you are the only vendor, so there is nobody to trade "
        "with (B-SOLO-08)")
    with pytest.raises(InvalidAction) as refused:  # helper-106: a give read B-SOLO-08 (Events,
        m.explain("P0 give PC-01 P1")  # R&R and bargaining); excess Bag cards: B-SOLO-14
    assert str(refused.value).endswith(
        "there is no seat 1: in Sendiri you are the only vendor, so there is nobody to give to: "
        "excess Bag cards are thrown (B-SOLO-14)")
    m3 = Match("bansan", bansan.Rules(players=3), seed=3)
    with pytest.raises(InvalidAction) as refused:
        m3.explain("P0 trade P5 pay=1")
    assert str(refused.value).endswith("there is no seat 5")


def test_a_move_after_a_sendiri_game_cites_the_solo_count() -> None:
    """helper-106: a move tried after a finished Sendiri game read "B-END-06: the game is
    over", the multiplayer money count; a solo game is decided by B-SOLO-18."""
    from marketlib.sim import play as played

    solo = played("bansan", SOLO, ["random"], seed=5).to_match()
    assert str(solo.explain("P0 done")) == "B-SOLO-18: the game is over"
    standard = played("bansan", Rules(players=2), ["random"], seed=5).to_match()
    assert str(standard.explain("P0 done")) == "B-END-06: the game is over"
    failed = played("bansan", Rules(players=3, mode="kenduri"), ["random"], seed=5).to_match()
    assert failed.outcome.ending == Ending.COLLECTIVE_LOSS  # type: ignore[union-attr]
    assert str(failed.explain("P0 done")) == "B-KEN-05: the game is over"


def test_the_step_1b_throw_names_its_stall_the_bin_and_only_stalls_that_throw() -> None:
    """helper-106 (seed 7, B-SOLO-10): PC-70 MT/DG drawn, the MT Stall ST-03 holds two cards of
    different wastes, the DG Stall ST-04 none. The step said "1 card from each of 2 Stall(s)",
    the text view "throw 1 card from ST-03 then ST-04", the instruction "this Stall", and both
    buttons "Throw ... into its Waste Bin", though one goes to OR and one to PL."""
    from marketlib.bansan import words
    from marketlib.core.i18n import language
    from marketlib.widgets import table_of

    m = Match("bansan", SOLO, seed=7)
    for move in ("P0 return SL-48", "P0 half top", "P0 move 1"):
        m.play(move)
    assert m.state.pending == bansan.SoloThrow(card="PC-70", stalls=("ST-03", "ST-04"))
    assert stall(m.state, "ST-04").cards == ()
    v = m.view(0)
    assert words.step(v, 0, 0) == ("Step 1b throw: 1 card from ST-03 goes into its Waste Bin "
                                   "(B-SOLO-10): you choose which.")
    assert words.instruction(v, 0, 0) == ("Step 1b throw (B-SOLO-10): choose which card of "
                                          "Stall ST-03 goes into its Waste Bin (no fine).")
    assert "Pending: throw 1 card from ST-03 (shown on PC-70; choose which, B-SOLO-10)" in str(v)
    shown = table_of("bansan").shown
    assert [shown.label(v, a) for a in m.legal_actions()] == [
        "Throw PC-61 into the Organic bin", "Throw PC-66 into the Plastic bin"]
    with language("ms"):
        assert shown.label(v, m.legal_actions()[0]) == "Buang PC-61 ke dalam tong Organik"


def test_a_sendiri_buy_says_stalls_not_vendors_and_the_unoperated_price() -> None:
    """helper-106 (B-SOLO-12): buying Meat from unoperated ST-03 read "BUY of MT from the
    vendors" (text view) and "buying Meat from the vendors" (step), with no vendor there, and
    its pick button showed no price, though it costs twice the market price."""
    from marketlib.bansan import words
    from marketlib.core.i18n import language
    from marketlib.widgets import table_of

    s = _solo(stalls={"MT": ["MT", "MT"]}, phase="actions")
    s = play(s, "P0 buy MT")
    v = bansan.view(s, 0)
    assert "Pending: BUY of MT from the Stalls: picked nothing yet" in str(v)
    assert words.step(v, 0, 0) == "You are buying Meat from the Stalls. Picked: nothing yet."
    shown = table_of("bansan").shown
    first = next(a for a in legal(s) if " pick " in a)
    label = shown.label(v, bansan.parse_action(first))
    assert label == (f"Pick {first.split()[-1]} (Organic) from Stall ST-03, at RM4 (2 x the "
                     "market price, B-SOLO-12)")
    with language("ms"):
        assert shown.label(v, bansan.parse_action(first)).endswith(
            "pada RM4 (2 x harga pasaran, B-SOLO-12)")
    multi = position(players=2, rents={0: ["FV"], 1: ["MT"]}, stalls={"MT": ["MT"]},
                     phase="actions")  # another vendor's Stall: its price is the market's
    multi = play(multi, "P0 buy MT")
    assert "BUY of MT from the vendors" in str(bansan.view(multi, 0))
    assert shown.label(bansan.view(multi, 0), bansan.parse_action(
        next(a for a in legal(multi) if " pick " in a))).endswith("from P1's Stall ST-03")
    # the multiplayer option that prices unoperated Stalls the same way cites its own rule
    # (A-B-08), not Sendiri's (helper-107)
    option = position(rules=Rules(players=2, buy_unoperated_multiplayer=True),
                      rents={0: ["FV"]}, stalls={"MT": ["MT"]}, phase="actions")
    option = play(option, "P0 buy MT")
    assert shown.label(bansan.view(option, 0), bansan.parse_action(
        next(a for a in legal(option) if " pick " in a))).endswith(
            "at RM4 (2 x the market price, A-B-08)")
    # a BUY tried in the move step names what it is in Sendiri
    m = Match("bansan", SOLO, seed=7)
    for move in ("P0 return SL-48", "P0 half top"):
        m.play(move)
    assert ", and buying from the Stalls (buy) is not part of it" in str(m.explain("P0 buy MT"))
