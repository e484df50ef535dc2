"""B-STOCK, B-ACT, B-BUY, B-SELL, B-ROUND, B-EMPTY and B-BIN rules, one test per rule ID."""

from __future__ import annotations

import random

import pytest
from bansan_helpers import legal, money, play, refused, stall

from marketlib import Match
from marketlib.bansan import Produce, Rules, position
from marketlib.core.i18n import language, refusal

ROW = ["FV/DG", "MT/DG", "WG/SF", "FV/MM", "MT/SF"]


def _actions(**spec: object) -> object:
    spec.setdefault("rents", {0: ["FV", "DG"], 1: ["WG", "MT"]})
    return position(phase="actions", **spec)  # type: ignore[arg-type]


def test_b_stock_01_choose_row_or_deck_mandatory() -> None:
    s = position(rents={0: ["FV", "DG"], 1: ["WG", "MT"]}, row=ROW)
    assert legal(s)[:7] == ["P0 stock-row FV", "P0 stock-row WG", "P0 stock-row MT",
                            "P0 stock-row DG", "P0 stock-row SF", "P0 stock-row MM",
                            "P0 stock-deck"]
    refused(s, "P0 skip-stocking", "B-STOCK-01")
    s2 = position(rules=Rules(stocking_mandatory=False), row=ROW)
    assert play(s2, "P0 skip-stocking").phase == "actions"


def test_b_stock_02_take_all_row_cards_showing_the_type() -> None:
    s = position(rents={1: ["DG"]}, row=ROW)
    s = play(s, "P0 stock-row DG")
    assert len(stall(s, "ST-04").cards) == 2 and len(s.row) == 3


def test_b_stock_03_tuck_into_any_stall_regardless_of_renter() -> None:
    s = position(players=3, rents={1: ["ST-01"]}, row=["FV/DG", "FV/SF", "WG/MM"])
    s = play(s, "P0 stock-row FV")
    assert legal(s)[:4] == ["P0 tuck PC-01 ST-01", "P0 tuck PC-01 ST-07",
                            "P0 tuck PC-11 ST-01", "P0 tuck PC-11 ST-07"]
    s = play(s, "P0 tuck PC-01 ST-07", "P0 tuck PC-11 ST-01")
    assert stall(s, "ST-07").cards == ("PC-01",) and stall(s, "ST-01").cards == ("PC-11",)
    assert s.phase == "actions"


def test_b_stock_04_reveal_until_a_duplicate() -> None:
    s = position(deck_top=["FV/DG:PL", "WG/SF:OR", "MT/DG:PA"])
    deck = len(s.deck)
    s = play(s, "P0 stock-deck")
    assert len(s.deck) == deck - 3
    assert [c.card for c in s.pending.cards] == ["PC-05", "PC-41"]  # type: ignore[union-attr]


def test_b_stock_05_duplicate_to_its_bin_without_fine() -> None:
    s = position(deck_top=["FV/DG:PL", "WG/SF:OR", "MT/DG:PA"], bins={"PA": 5}, money=[4, 10])
    s = play(s, "P0 stock-deck")
    assert len(s.bins[1]) == 6 and money(s) == [4, 10] and s.transfers == ()


def test_b_stock_06_either_half_per_card() -> None:
    s = position(deck_top=["FV/DG:PL", "WG/SF:OR", "MT/DG:PA"])
    s = play(s, "P0 stock-deck")
    assert legal(s)[:4] == ["P0 tuck PC-05 ST-01", "P0 tuck PC-05 ST-04",
                            "P0 tuck PC-41 ST-02", "P0 tuck PC-41 ST-05"]
    s = play(s, "P0 tuck PC-05 ST-04", "P0 tuck PC-41 ST-02")
    assert stall(s, "ST-04").cards == ("PC-05",) and stall(s, "ST-02").cards == ("PC-41",)


def test_b_stock_07_never_into_a_closed_stall() -> None:
    s = position(closed=["DG"], row=ROW, deck_top=["FV/DG:PL", "FV/SF:OR"])
    refused(s, "P0 stock-row DG", "B-STOCK-07")
    s = play(s, "P0 stock-deck")  # FV/DG can only go to the FV stall: tucked at once
    assert stall(s, "ST-01").cards == ("PC-05",) and stall(s, "ST-04").cards == ()
    s3 = position(closed=["DG", "FV"], deck_top=["FV/DG:PL", "FV/SF:OR"])
    s3 = play(s3, "P0 stock-deck")
    assert "PC-05" in s3.bins[0] and money(s3) == [10, 10]


def test_b_stock_08_card_keeps_the_type_it_was_stocked_or_bought_as() -> None:
    s = _actions(row=["FV/SF"])
    s = play(s, "P0 buy-wholesale FV", "P0 pick PC-11", "P0 done")
    bag = s.vendors[0].bag
    assert bag[0].card == "PC-11" and bag[0].produce is Produce.FV


def test_b_stock_09_at_most_4_revealed_3_stocked() -> None:
    s = position(deck_top=["FV/DG", "WG/SF", "MT/MM", "FV/SF:PA"])
    deck = len(s.deck)
    s = play(s, "P0 stock-deck")
    assert len(s.deck) == deck - 4 and len(s.pending.cards) == 3  # type: ignore[union-attr]


def test_b_stock_10_deck_runs_out_during_b() -> None:
    s = position(deck_top=["FV/DG", "WG/SF"], removed=86)
    s = play(s, "P0 stock-deck")
    assert s.deck == () and len(s.pending.cards) == 2  # type: ignore[union-attr]
    assert s.trigger == 0


def test_b_act_01_two_actions_repeatable_or_fewer() -> None:
    s = _actions(bins={"PL": 3, "OR": 2})
    s = play(s, "P0 empty PL", "P0 empty OR")
    assert s.phase == "complete" and money(s) == [15, 10]
    refused(s, "P0 empty PA", "B-ACT-01")
    s2 = play(_actions(bins={"PL": 3}), "P0 empty PL", "P0 end-actions")  # type: ignore[arg-type]
    assert s2.phase == "complete"


def test_b_buy_01_one_type_from_several_vendors() -> None:
    s = position(players=3, rents={0: ["DG"], 1: ["ST-01"], 2: ["ST-07"]},
                 stalls={"ST-01": ["FV"], "ST-07": ["FV"]}, phase="actions")
    s = play(s, "P0 buy FV", "P0 pick PC-01", "P0 pick PC-02", "P0 done")
    assert money(s) == [8, 11, 11] and len(s.vendors[0].bag) == 2
    assert s.actions_left == 1


def test_b_buy_01_a_card_already_picked_says_so() -> None:
    """Bargaining over (or picking again) a card already picked in this BUY names that, not a
    missing stall (a newcomer's pass)."""
    s = position(players=3, rents={0: ["DG"], 1: ["ST-01"], 2: ["ST-07"]},
                 stalls={"ST-01": ["FV"], "ST-07": ["FV"]}, phase="actions")
    s = play(s, "P0 buy FV", "P0 pick PC-01")
    assert refused(s, "P0 bargain PC-01 1", "B-BUY-01").reason == (
        "PC-01 is already picked in this BUY: bargain over a card before you pick it, or pick "
        "another")
    assert refused(s, "P0 pick PC-01", "B-BUY-01").reason == "PC-01 is already picked"
    assert refused(s, "P0 pick PC-61", "B-BUY-01").reason == (
        "PC-61 is not in a stall that sells FV")  # "a FV stall" misread (helper-112)


def test_b_buy_02_market_price_paid_to_the_renter() -> None:
    s = _actions(stalls={"MT": ["MT", "MT"]})
    s = play(s, "P0 buy MT", "P0 pick PC-61", "P0 pick PC-62", "P0 done")
    assert money(s) == [6, 14]


def test_b_buy_03_wholesale_half_price_rounded_down() -> None:
    s = position(rents={0: ["MT", "FV"]}, row=["MT/DG", "MT/SF", "MT/MM", "FV/DG", "FV/SF"],
                 phase="actions")
    s3 = play(s, "P0 buy-wholesale MT", "P0 pick PC-61", "P0 pick PC-71", "P0 pick PC-81",
              "P0 done")
    assert money(s3) == [7, 10]
    assert money(play(s, "P0 buy-wholesale FV", "P0 pick PC-01", "P0 done")) == [10, 10]
    refused(s, "P0 buy-wholesale DG", "B-BUY-03")


def test_b_buy_04_never_from_your_own_stall() -> None:
    s = _actions(stalls={"FV": ["FV"], "WG": ["WG"]})
    refused(s, "P0 buy FV", "B-BUY-04")
    s = play(s, "P0 buy WG")
    picks = [a for a in legal(s) if " rr " not in a]  # R&R may come mid-BUY too (A-B-60)
    assert picks == ["P0 pick PC-31"]


def test_b_buy_05_never_from_a_closed_stall() -> None:
    s = _actions(rents={0: ["MT"], 1: ["SF", "WG"]}, stalls={"SF": ["SF"]}, closed=["SF"])
    refused(s, "P0 buy SF", "B-BUY-05")


def test_b_buy_06_not_from_an_unoperated_stall() -> None:
    s = _actions(stalls={"MM": ["MM", "MM"]})
    refused(s, "P0 buy MM", "B-BUY-06")
    s2 = position(rules=Rules(buy_unoperated_multiplayer=True), rents={0: ["FV"]},
                  stalls={"MM": ["MM"]}, phase="actions")
    assert money(play(s2, "P0 buy MM", "P0 pick PC-21", "P0 done")) == [6, 10]


def test_a_buy_refused_at_every_stall_says_the_reason_of_the_closest() -> None:
    # helper-104: the BUY aimed at unoperated ST-07's cards, and the refusal named the
    # buyer's own ST-01, the first Stall of the table holding the type
    spec = {"players": 3, "phase": "actions", "stalls": {"ST-01": ["FV"], "ST-07": ["FV"]}}
    s = position(rents={0: ["ST-01"], 1: ["WG"]}, **spec)  # type: ignore[arg-type]
    assert refused(s, "P0 buy FV", "B-BUY-06").reason == (
        "ST-07 is unoperated: in multiplayer you cannot buy from it")
    s = position(rents={0: ["ST-01"], 1: ["WG", "ST-07"]}, closed=["ST-07"],
                 **spec)  # type: ignore[arg-type]
    assert refused(s, "P0 buy FV", "B-BUY-05").reason == "ST-07 is CLOSED: you cannot buy from it"
    s = position(rents={0: ["ST-01"], 1: ["WG", "ST-07"]}, money=[0, 10, 10],
                 **spec)  # type: ignore[arg-type]
    assert refused(s, "P0 buy FV", "B-BUY-07").reason == (
        "Fruits & Veggies (FV) costs RM1 a card in ST-07 and you can spend RM0")
    s = position(rents={0: ["ST-01", "ST-07"], 1: ["WG"]}, **spec)  # type: ignore[arg-type]
    assert refused(s, "P0 buy FV", "B-BUY-04").reason == (
        "every stall that holds Fruits & Veggies (FV) is your own: you can never buy from "
        "your own stalls")


def test_a_buy_of_a_type_is_refused_in_words_of_the_type_and_a_pick_in_words_of_its_card(
) -> None:
    # helper-112 asked for "P0 buy FV" and read "PC-11 is in your own stall": a card it had
    # not named. A pick names its card; the BUY of a type speaks of the type, in Malay too.
    s = position(players=3, rents={0: ["ST-01", "ST-07"], 1: ["WG"]}, phase="actions",
                 stalls={"ST-01": ["FV", "FV"], "ST-07": ["FV"]}, money=[0, 10, 10])
    why = refused(s, "P0 buy FV", "B-BUY-04")
    assert "PC-" not in why.reason
    with language("ms"):
        assert refusal(why.reason) == (
            "setiap gerai yang menyimpan Buah & Sayur (FV) ialah gerai anda sendiri: anda tidak "
            "boleh sekali-kali membeli dari gerai anda sendiri")
    # true when a Bag holds the type too (helper-114: "every FV card is in your own stalls"
    # was not)
    bagged = position(players=3, rents={0: ["ST-01", "ST-07"], 1: ["WG"]}, phase="actions",
                      stalls={"ST-01": ["FV"]}, bags={1: ["FV"]})
    assert refused(bagged, "P0 buy FV", "B-BUY-04").reason == why.reason
    s = position(players=3, rents={0: ["WG"], 1: ["ST-01"]}, phase="actions",
                 stalls={"ST-01": ["FV", "FV"]}, money=[0, 10, 10])
    assert refused(s, "P0 buy FV", "B-BUY-07").reason == (
        "Fruits & Veggies (FV) costs RM1 a card in ST-01 and you can spend RM0")
    s = play(position(players=3, rents={0: ["WG"], 1: ["ST-01"]}, phase="actions",
                      stalls={"ST-01": ["FV", "FV"]}, money=[1, 10, 10]),
             "P0 buy FV", "P0 pick PC-01")
    assert refused(s, "P0 pick PC-02", "B-BUY-07").reason == (
        "PC-02 costs RM1 and you can spend RM0")


def test_b_sell_01_refusals_say_where_the_card_is_and_where_a_sell_takes_from() -> None:
    s = _actions(rents={0: ["MT", "WG"], 1: ["FV"]}, bags={0: ["MT"]},
                 stalls={"MT": ["MT", "MT"], "WG": ["WG"], "FV": ["FV"]})
    s = play(s, "P0 sell MT")
    assert s.vendors[0].bag[0].card == "PC-63"
    assert str(s).endswith("Pending: SELL of MT: picked nothing yet")
    said = {card: refused(s, f"P0 pick {card}", "B-SELL-01").reason
            for card in ("PC-63", "PC-31", "PC-01")}
    assert said == {
        "PC-63": "PC-63 is in your Bag, and a SELL of MT takes cards from your Stalls",
        "PC-31": "PC-31 is in your stall ST-02, which sells WG, not MT",
        "PC-01": "PC-01 is in P1's stall ST-01; a SELL of MT takes cards from your Stalls",
    }
    assert str(refused(s, "P0 buy FV", "B-ACT-01")).startswith(
        "B-ACT-01: finish the SELL of MT first (pick cards, then done)")
    solo = Match("bansan", Rules(mode="sendiri", players=1), seed=1)
    rng = random.Random(0)
    for _ in range(5):
        solo.play(rng.choice(solo.legal_actions()))
    solo.play("P0 sell DG")
    assert str(solo.explain("P0 pick PC-11")) == ("B-SELL-01: PC-11 is in the Neighbour's stall "
                                                  "ST-05; a SELL of DG takes cards from your "
                                                  "Stalls")
    bare = _actions(rents={0: ["FV"], 1: ["WG"]})
    assert refused(bare, "P0 buy SF", "B-BUY-01").reason == "no stall holds Seafood (SF) to buy"
    assert refused(bare, "P0 sell FV", "B-SELL-01").reason == (
        "you have no Fruits & Veggies (FV) to sell in your Stalls")
    # helper-106, Kenduri: FV in the Bag after releasing the FV Stall; a SELL takes from the
    # Stalls only, so the Bag card is no reason (it read "PC-03 is in your Bag, and ...")
    released = _actions(rents={0: ["MT"], 1: ["WG"]}, bags={0: ["FV"]})
    assert refused(released, "P0 sell FV", "B-SELL-01").reason == (
        "you have no Fruits & Veggies (FV) to sell in your Stalls")
    from_bag = position(rules=Rules(online_sell_source="bag"), rents={0: ["FV"], 1: ["WG"]},
                        stalls={"FV": ["FV"]}, phase="actions")
    assert refused(from_bag, "P0 sell FV", "B-SELL-01").reason == (
        "you have no Fruits & Veggies (FV) to sell in your Bag")


def test_b_buy_07_must_afford_the_full_price() -> None:
    s = _actions(rents={0: ["MT"], 1: ["WG"]}, stalls={"WG": ["WG", "WG"]}, money=[1, 10])
    s = play(s, "P0 buy WG", "P0 pick PC-31")
    refused(s, "P0 pick PC-32", "B-BUY-07")


@pytest.mark.parametrize(("money_", "second"), [(4, True), (3, False)])
def test_b_buy_07_counts_the_cards_picked_once(money_: int, second: bool) -> None:
    """Two RM2 cards cost RM4: with RM4 the second pick is legal, with RM3 it is refused with
    the RM1 left. The picks were counted twice (once as the BUY's commitment, A-B-61, once
    more in the check), so RM4 bought one card and the refusal said "you can spend RM0"."""
    s = position(players=3, rents={0: ["FV", "DG"], 1: ["MT", "WG"], 2: ["MM", "SF"]},
                 stalls={"MM": ["MM", "MM", "MM"]}, phase="actions", money={0: money_})
    s = play(s, "P0 buy MM", "P0 pick PC-21")
    if second:
        s = play(s, "P0 pick PC-22", "P0 done")
        assert money(s)[0] == 0 and [b.card for b in s.vendors[0].bag] == ["PC-21", "PC-22"]
    else:
        why = refused(s, "P0 pick PC-22", "B-BUY-07")
        assert why.reason == "PC-22 costs RM2 and you can spend RM1"


def test_b_sell_01_online_from_own_stalls_half_price() -> None:
    s = _actions(rents={0: ["MT"], 1: ["WG"]}, stalls={"MT": ["MT", "MT", "MT"]})
    s = play(s, "P0 sell MT", "P0 pick PC-61", "P0 pick PC-62", "P0 pick PC-63", "P0 done")
    assert money(s) == [13, 10] and s.outside == ("PC-61", "PC-62", "PC-63")
    refused(s, "P0 sell WG", "B-SELL-01")


def test_b_round_01_half_price_totalled_per_action() -> None:
    spec = {"rents": {0: ["DG"], 1: ["WG"]}, "stalls": {"DG": ["DG", "DG", "DG"]},
            "phase": "actions"}
    moves = ["P0 sell DG", "P0 pick PC-01", "P0 pick PC-02", "P0 pick PC-03", "P0 done"]
    assert money(play(position(**spec), *moves)) == [11, 10]  # type: ignore[arg-type]
    per_card = position(rules=Rules(rounding_scope="per_card"), **spec)  # type: ignore[arg-type]
    assert money(play(per_card, *moves)) == [10, 10]


def test_b_empty_01_empty_a_bin_gain_rm2() -> None:
    s = play(_actions(bins={"OR": 3}), "P0 empty OR")  # type: ignore[arg-type]
    assert money(s) == [12, 10] and s.bins[2] == () and len(s.outside) == 3


def test_b_empty_02_additional_bin_plus_1() -> None:
    s = play(_actions(bins={"OR": 3, "PL": 1}), "P0 empty OR", "P0 empty PL")  # type: ignore
    assert money(s) == [15, 10]


def test_b_empty_03_overflowing_bin_plus_1() -> None:
    s = play(_actions(bins={"OR": 6}), "P0 empty OR")  # type: ignore[arg-type]
    assert money(s) == [13, 10]


def test_b_empty_04_empty_bin_cannot_be_emptied() -> None:
    refused(_actions(), "P0 empty PA", "B-EMPTY-04")  # type: ignore[arg-type]


def test_b_bin_01_bins_overflow_without_cap() -> None:
    s = position(deck_top=["FV/DG:OR", "WG/SF:OR", "MT/DG:PL"], bins={"PL": 9})
    s = play(s, "P0 stock-deck")
    assert len(s.bins[0]) == 10
    assert "PL=10!" in str(s)


def test_b_bin_02_fine_per_overflowed_card_pay_what_you_can() -> None:
    s = position(rents={0: ["FV"]}, wallets={0: ["SL-19"]}, phase="complete", money=[0, 10],
                 bags={0: ["MT:PA", "MT:PA", "SF:PA", "SF:PA"]}, bins={"PA": 4})
    s = play(s, "P0 complete SL-19 PC-68,PC-69,PC-19,PC-20")
    # +RM12 for the list, then 3 of the 4 cards overflow PA (4 -> 8): fine RM3
    assert money(s) == [9, 10] and len(s.bins[1]) == 8
    poor = position(rents={0: ["FV"]}, wallets={0: ["SL-07"]}, phase="complete",
                    money=[0, 10], bags={0: ["DG:PA", "SF:PA", "SF:PA"]}, bins={"PA": 10},
                    rules=Rules(fine_per_card=3))
    poor = play(poor, "P0 complete SL-07 PC-38,PC-48,PC-49")
    assert money(poor) == [0, 10]  # RM6 earned, RM9 fine, only RM6 paid (A-B-35)


def test_b_bin_03_no_fine_for_bag_overflow_throws() -> None:
    bag = ["FV:PL"] * 5 + ["WG:PL"] * 5
    s = position(rents={0: ["FV"]}, phase="complete", bags={0: bag}, bins={"PL": 5})
    s = play(s, "P0 done")
    assert s.phase == "bag"
    s = play(s, "P0 throw PC-16", "P0 throw PC-17")
    assert money(s) == [10, 10] and len(s.bins[0]) == 7


def test_done_with_nothing_open_names_the_button_and_the_verb() -> None:
    """"done" with no BUY or SELL open said "use end-actions to stop": the typed verb only,
    while a board's button reads "End the Action Phase". The refusal names both (B-ACT-01),
    in Malay too."""
    from marketlib.core.i18n import language
    from marketlib.widgets import BansanBoard

    s = position(players=2, rents={0: ["FV"], 1: ["MT"]}, phase="actions", current=0)
    why = refused(s, "P0 done", "B-ACT-01")
    assert why.reason == ("no BUY or SELL is in progress: to stop, end the Action Phase "
                          "(end-actions)")
    board = BansanBoard(Match.from_state("bansan", s), opponents=None)
    board._handle_custom_msg({"type": "explain", "target": "button:done"}, [])
    assert board.notice.endswith("to stop, end the Action Phase (end-actions)")
    with language("ms"):
        malay = BansanBoard(Match.from_state("bansan", s), opponents=None, lang="ms")
        malay._handle_custom_msg({"type": "explain", "target": "button:done"}, [])
    assert malay.notice.endswith("untuk berhenti, tamatkan Fasa Tindakan (end-actions)")
