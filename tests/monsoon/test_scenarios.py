"""Monsoon Market scenario cases SC-M-01..08 (RULES.md 6), the rulebook example, and more.

Card IDs: see ``test_rules.py`` (Gem2 MG-02..04, Scroll1 MG-08, Pepper2 MG-16..18, Cloth1 MG-22,
Cloth2 MG-23..25, Gem/Scroll MG-29, Leather3 MG-35..36, Wood4 MG-37..38, ...).
"""

from __future__ import annotations

from collections import Counter

from marketlib import monsoon
from marketlib.monsoon import BonusAction, BonusPending, Rules, TakePending, position
from marketlib.monsoon.state import Ending

from .helpers import legal, owned, refused, run, seals

FIVE_A = ["MG-01", "MG-02", "MG-03", "MG-04", "MG-05"]
FIVE_B = ["MG-08", "MG-09", "MG-10", "MG-11", "MG-12"]
MARKET = ["MG-15", "MG-16", "MG-17", "MG-18"]


def test_sc_m_01_steal_legality() -> None:
    s = position(displays=[FIVE_A, FIVE_B], market=MARKET)
    refused(s, "P0 steal MG-08", "M-STEAL-03")
    after = run(s, "P0 steal MG-16")
    assert len(after.seats[0].display) == 6
    s = position(displays=[FIVE_A, [*FIVE_B, "MG-13"]], market=MARKET)
    s = run(s, "P0 steal MG-13")
    assert [len(seat.display) for seat in s.seats] == [6, 5]
    ten = [*FIVE_A, "MG-06", "MG-07", "MG-19", "MG-20", "MG-21"]
    full = position(displays=[ten, FIVE_B], market=MARKET)
    assert [a for a in legal(full) if "steal" in a] == []
    refused(full, "P0 steal MG-15", "M-STEAL-01")
    refused(full, "P0 steal MG-08", "M-STEAL-01")


def test_sc_m_02_bonus_goods_invisible_to_stealing() -> None:
    spec = dict(displays=[FIVE_A, FIVE_B], market=MARKET, orders={0: ["MO-03 bulk"]})
    b_turn = position(current=1, **spec)  # type: ignore[arg-type]
    assert owned(b_turn, 0) == [("MO-03", "bulk", True)]
    refused(b_turn, "P1 steal MG-01", "M-STEAL-03")  # 5 vs 5: the Bonus Cloth is not counted
    refused(b_turn, "P1 steal MO-03", "M-STEAL-04")
    assert [a for a in legal(b_turn) if "steal" in a] == [f"P1 steal {c}" for c in MARKET]
    a_turn = position(**spec)  # type: ignore[arg-type]
    refused(a_turn, "P0 steal MG-08", "M-STEAL-03")


def test_sc_m_03_buy_capped_by_room() -> None:
    nine = ["MG-01", "MG-02", "MG-08", "MG-09", "MG-15", "MG-16", "MG-22", "MG-23", "MG-35"]
    spec = dict(displays=[nine, ["MG-37"]], market=["MG-05", "MG-12", "MG-19", "MG-26"],
                goods_deck_top=["MG-07", "MG-14"])
    s = position(**spec)  # type: ignore[arg-type]
    assert len(s.goods_deck) == 24
    s = run(s, "P0 buy MG-35")
    assert len(s.seats[0].display) == 8 and s.discard == ("MG-35",)
    assert s.pending == TakePending(remaining=2)
    s = run(s, "P0 take MG-05")
    assert s.market == ("MG-12", "MG-19", "MG-26")
    s = run(s, "P0 take MG-19")
    assert len(s.seats[0].display) == 10
    assert s.seats[0].display == (*nine[:8], "MG-05", "MG-19")
    # the Market was at 2 until the end of the turn, then refilled with 2 cards
    assert s.market == ("MG-12", "MG-26", "MG-07", "MG-14")
    assert len(s.goods_deck) == 22 and s.current == 1
    strict = position(rules=Rules(buy_overflow="illegal"), **spec)  # type: ignore[arg-type]
    refused(strict, "P0 buy MG-35", "M-BUY-03")


def test_sc_m_04_buy_with_wood_hybrid_bonus_good() -> None:
    spec = dict(displays=[["MG-37", "MG-29", "MG-16"], ["MG-38"]],
                market=["MG-01", "MG-08", "MG-15", "MG-22"],
                goods_deck_top=["MG-02", "MG-09", "MG-17", "MG-23"],
                orders={0: ["MO-03 bulk"]})
    s = position(**spec)  # type: ignore[arg-type]
    assert len(s.goods_deck) == 30
    wood = run(s, "P0 buy MG-37")
    assert wood.seats[0].display == ("MG-29", "MG-16", "MG-01", "MG-08", "MG-15", "MG-22")
    assert wood.market == ("MG-02", "MG-09", "MG-17", "MG-23")
    assert len(wood.goods_deck) == 26 and wood.current == 1
    hybrid = run(s, "P0 buy MG-29")
    assert hybrid.pending == TakePending(remaining=1)
    hybrid = run(hybrid, "P0 take MG-15")
    assert hybrid.seats[0].display == ("MG-37", "MG-16", "MG-15")
    assert hybrid.market == ("MG-01", "MG-08", "MG-22", "MG-02")
    refused(s, "P0 buy MO-03", "M-BUY-04")


def test_sc_m_05_gold() -> None:
    s = position(displays=[["MG-23", "MG-02", "MG-08", "MG-37"], ["MG-38"]],
                 order_display=["MO-29", "MO-01", "MO-13", "MO-30"])
    s = run(s, "P0 fulfill MO-29", "P0 spend MG-23", "P0 spend MG-02", "P0 spend MG-08",
            "P0 declare gold")
    assert owned(s, 0) == [("MO-29", "gold", False)]
    assert seals(s) == (5, 0)
    assert s.discard == ("MG-23", "MG-02", "MG-08")
    assert s.seats[0].display == ("MG-37",)
    assert s.pending == BonusPending(action=BonusAction.FULFILL_ANOTHER, order="MO-29",
                                     spent=("MG-23", "MG-02", "MG-08"))
    assert legal(s) == ["P0 fulfill MO-01", "P0 fulfill MO-13", "P0 skip"]  # Wood4 reaches 3, 4


def test_sc_m_06_silver_vs_bulk() -> None:
    silver = position(displays=[["MG-37", "MG-35", "MG-15", "MG-38"], ["MG-01"]],
                      order_display=["MO-29", "MO-01"])
    silver = run(silver, "P0 fulfill MO-29", "P0 spend MG-37", "P0 spend MG-35", "P0 spend MG-15")
    assert [a for a in legal(silver) if "declare" in a] == ["P0 declare silver", "P0 declare bulk"]
    silver = run(silver, "P0 declare silver")
    assert owned(silver, 0) == [("MO-29", "silver", False)] and seals(silver) == (3, 0)
    assert silver.phase == "bonus"
    assert silver.pending is not None and silver.pending.action is BonusAction.FULFILL_ANOTHER
    bulk = position(displays=[["MG-02", "MG-03", "MG-08"], ["MG-01"]],
                    order_display=["MO-29", "MO-01"])
    bulk = run(bulk, "P0 fulfill MO-29", "P0 spend MG-02", "P0 spend MG-03", "P0 spend MG-08")
    assert [a for a in legal(bulk) if "declare" in a] == ["P0 declare bulk"]
    refused(bulk, "P0 declare gold", "M-FUL-04")
    refused(bulk, "P0 declare silver", "M-FUL-05")
    bulk = run(bulk, "P0 declare bulk")
    assert owned(bulk, 0) == [("MO-29", "bulk", False)] and seals(bulk) == (1, 0)
    assert bulk.current == 1 and bulk.phase == "action"


def test_sc_m_07_bulk_threshold_overspend_bonus_good() -> None:
    spec = dict(displays=[["MG-35", "MG-01", "MG-08", "MG-37"], ["MG-02"]],
                order_display=["MO-09"])
    s = position(**spec)  # type: ignore[arg-type]
    leather = run(s, "P0 fulfill MO-09", "P0 spend MG-35")
    assert [a for a in legal(leather) if "declare" in a] == ["P0 declare bulk"]
    leather = run(leather, "P0 declare bulk")
    assert owned(leather, 0) == [("MO-09", "bulk", True)] and seals(leather) == (0, 0)
    assert leather.seats[0].display == ("MG-01", "MG-08", "MG-37")  # no change given
    assert leather.discard == ("MG-35",) and leather.current == 1
    short = run(s, "P0 fulfill MO-09", "P0 spend MG-01", "P0 spend MG-08")
    refused(short, "P0 declare bulk", "M-FUL-06")
    assert [a for a in legal(short) if "declare" in a] == []
    wood = run(s, "P0 fulfill MO-09", "P0 spend MG-37", "P0 declare bulk")
    assert owned(wood, 0) == [("MO-09", "bulk", True)]
    assert wood.seats[0].display == ("MG-35", "MG-01", "MG-08") and wood.discard == ("MG-37",)


def test_sc_m_08_hybrid_counts_as_one_type() -> None:
    spec = dict(displays=[["MG-01", "MG-29", "MG-08"], ["MG-02"]], order_display=["MO-01"])
    s = run(position(**spec), "P0 fulfill MO-01", "P0 spend MG-01", "P0 spend MG-29")  # type: ignore[arg-type]
    assert [a for a in legal(s) if "declare" in a] == []
    refused(s, "P0 declare gold", "M-FUL-04")
    refused(s, "P0 declare silver", "M-FUL-05")
    refused(s, "P0 declare bulk", "M-FUL-06")
    s = run(s, "P0 spend MG-08")
    assert [a for a in legal(s) if "declare" in a] == [
        "P0 declare gold", "P0 declare silver", "P0 declare bulk"]
    s = run(s, "P0 declare gold")
    assert owned(s, 0) == [("MO-01", "gold", False)] and seals(s) == (3, 0)


def test_rulebook_example_spice_and_bonus_cloth() -> None:
    """MR l.45-48: ORDER A wants two Spice and one Cloth (MO-09); ORDER B (MO-03) carries a
    Bonus Cloth at Bulk. Spend the 2-Spice card and the Bonus Cloth: B turns Silver, A is Gold."""
    s = position(displays=[["MG-16"], ["MG-02"]], order_display=["MO-09"],
                 orders={0: ["MO-03 bulk"]})
    s = run(s, "P0 fulfill MO-09", "P0 spend MG-16", "P0 spend-bonus MO-03", "P0 declare gold")
    assert owned(s, 0) == [("MO-03", "silver", False), ("MO-09", "gold", False)]
    assert seals(s) == (2 + 3, 0)
    assert s.discard == ("MG-16",) and s.seats[0].display == ()
    assert s.current == 1  # Fulfill another: nothing left to spend, so the turn ends


# --------------------------------------------------------------------------- own cases
def test_fulfill_another_chain_of_three() -> None:
    s = position(displays=[["MG-09", "MG-22", "MG-16", "MG-23", "MG-02", "MG-15"], ["MG-38"]],
                 market=["MG-05", "MG-06", "MG-07", "MG-12"],
                 order_display=["MO-06", "MO-09", "MO-02", "MO-30"],
                 order_deck_top=["MO-10", "MO-11", "MO-12"])
    s = run(s, "P0 fulfill MO-06", "P0 spend MG-09", "P0 spend MG-22", "P0 declare gold")
    assert s.pending is not None and s.pending.action is BonusAction.FULFILL_ANOTHER
    s = run(s, "P0 fulfill MO-09", "P0 spend MG-16", "P0 spend MG-23", "P0 declare gold")
    assert s.order_display == ("MO-02", "MO-30")  # not refilled mid-turn (A-M-17)
    assert s.pending is not None and s.pending.order == "MO-09"
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-15", "P0 declare gold")
    assert s.pending == BonusPending(action=BonusAction.KEEP1, order="MO-02",
                                     spent=("MG-02", "MG-15"))
    s = run(s, "P0 keep MG-02")
    assert owned(s, 0) == [("MO-06", "gold", False), ("MO-09", "gold", False),
                           ("MO-02", "gold", False)]
    assert seals(s) == (9, 0)
    assert s.seats[0].display == ("MG-02",)
    assert s.discard == ("MG-09", "MG-22", "MG-16", "MG-23", "MG-15")
    assert s.order_display == ("MO-30", "MO-10", "MO-11", "MO-12")
    assert s.market == ("MG-05", "MG-06", "MG-07", "MG-12")
    assert s.current == 1 and s.turn == 1


def test_steal_two_rechecks_the_comparison() -> None:
    s = position(displays=[["MG-16", "MG-08", "MG-01", "MG-02", "MG-03"],
                           ["MG-09", "MG-10", "MG-11", "MG-12", "MG-13"]],
                 market=["MG-20", "MG-21"], order_display=["MO-08"],
                 goods_deck_top=["MG-05", "MG-06", "MG-07"])
    s = run(s, "P0 fulfill MO-08", "P0 spend MG-16", "P0 spend MG-08", "P0 declare gold")
    assert "P0 steal MG-09" in legal(s)  # 3 < 5
    s = run(s, "P0 steal MG-09")
    assert [len(seat.display) for seat in s.seats] == [4, 4]
    assert legal(s) == ["P0 steal MG-20", "P0 steal MG-21", "P0 skip"]  # 4 vs 4: no longer
    refused(s, "P0 steal MG-10", "M-STEAL-03")
    s = run(s, "P0 steal MG-21")
    assert s.seats[0].display == ("MG-01", "MG-02", "MG-03", "MG-09", "MG-21")
    assert s.market == ("MG-20", "MG-05", "MG-06", "MG-07") and s.current == 1


def test_steal_two_second_steal_can_be_skipped() -> None:
    s = position(displays=[["MG-16", "MG-08"], ["MG-09"]], market=["MG-20", "MG-21"],
                 order_display=["MO-08", "MO-01"], goods_deck_top=["MG-05", "MG-06", "MG-07"])
    s = run(s, "P0 fulfill MO-08", "P0 spend MG-16", "P0 spend MG-08", "P0 declare silver",
            "P0 steal MG-20", "P0 skip")
    assert s.seats[0].display == ("MG-20",)
    assert s.market == ("MG-21", "MG-05", "MG-06", "MG-07")
    assert s.current == 1


def test_upgrade_destroys_unspent_bonus_good_and_can_turn_a_just_flipped_order() -> None:
    # MO-12 (2 Cloth + 1 Pepper, Upgrade) paid with Cloth1 + MO-03's Bonus Cloth + Pepper1
    s = position(displays=[["MG-22", "MG-15"], ["MG-38"]], order_display=["MO-12"],
                 orders={0: ["MO-03 bulk", "MO-09 bulk"]})
    s = run(s, "P0 fulfill MO-12", "P0 spend MG-22", "P0 spend-bonus MO-03", "P0 spend MG-15",
            "P0 declare gold")
    assert owned(s, 0) == [("MO-03", "silver", False), ("MO-09", "bulk", True),
                           ("MO-12", "gold", False)]
    assert legal(s) == ["P0 upgrade MO-03", "P0 upgrade MO-09", "P0 skip"]
    flipped = run(s, "P0 upgrade MO-03")  # A-M-15: the Order flipped this action is eligible
    assert owned(flipped, 0)[0] == ("MO-03", "gold", False) and seals(flipped) == (6, 0)
    lost = run(s, "P0 upgrade MO-09")  # its unspent Bonus Cloth is destroyed
    assert owned(lost, 0)[1] == ("MO-09", "silver", False) and seals(lost) == (2 + 2 + 3, 0)


def test_immediate_victory_on_fulfilment_no_bonus_no_refill() -> None:
    # 12 seals: MO-29 Gold 5 + MO-27 Gold 5 + MO-04 Silver 2; MO-06 Bulk is an Upgrade target
    s = position(displays=[["MG-02", "MG-08", "MG-37"], ["MG-38"]],
                 market=["MG-15", "MG-16"], order_display=["MO-01", "MO-02"],
                 orders={0: ["MO-29 gold", "MO-27 gold", "MO-04 silver", "MO-06 bulk"]},
                 goods_deck_top=["MG-05"], order_deck_top=["MO-36"])
    assert seals(s) == (13, 0)
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-08", "P0 declare silver")
    result = monsoon.outcome(s)
    assert result is not None
    assert (result.winners, result.scores, result.ending) == ((0,), (15, 0), Ending.SEAL_TARGET)
    assert s.phase == "over" and s.pending is None and legal(s) == []  # no Upgrade offered
    assert s.market == ("MG-15", "MG-16") and s.order_display == ("MO-02",)
    assert s.goods_deck[0] == "MG-05" and s.order_deck[0] == "MO-36" and s.turn == 0


def test_victory_by_spending_a_bonus_good_counts_the_flip() -> None:
    # 5 + 5 + 0 + 1 + 1 + 1 = 13 seals, MO-03 at Bulk (0, Bonus Cloth). Fulfilling MO-01 at
    # Bulk (0 seals) with the Bonus Cloth flips MO-03 to Silver (+2): 15.
    s = position(displays=[["MG-02"], ["MG-38"]], order_display=["MO-01"],
                 orders={0: ["MO-29 gold", "MO-27 gold", "MO-03 bulk", "MO-10 bulk",
                             "MO-12 bulk", "MO-14 bulk"]})
    assert seals(s) == (13, 0)
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend-bonus MO-03", "P0 declare bulk")
    result = monsoon.outcome(s)
    assert result is not None and result.winners == (0,) and result.scores == (15, 0)
    assert owned(s, 0)[2] == ("MO-03", "silver", False)


def reshuffle_position(seed: int, rules: Rules | None = None) -> monsoon.State:
    ids = [f"MG-{i:02d}" for i in range(1, 39)]
    return position(displays=[ids[0:4], ids[4:8]], market=ids[8:12], discard=ids[12:],
                    seed=seed, rules=rules)


def test_reshuffle_is_deterministic_for_a_seed() -> None:
    s = reshuffle_position(seed=5)
    assert s.goods_deck == () and len(s.discard) == 26
    after = run(s, "P0 steal MG-09")
    assert after.reshuffles == 1 and after.discard == ()
    assert len(after.goods_deck) == 25
    assert sorted((after.market[3], *after.goods_deck)) == sorted(s.discard)
    assert after.market[:3] == ("MG-10", "MG-11", "MG-12")
    assert run(reshuffle_position(seed=5), "P0 steal MG-09") == after  # same seed, same cards
    other = run(reshuffle_position(seed=6), "P0 steal MG-09")
    assert other.goods_deck != after.goods_deck  # the key comes from the seed
    assert monsoon.view(after, 0).goods_deck is None  # the new order stays hidden
    off = run(reshuffle_position(seed=5, rules=Rules(goods_reshuffle=False)), "P0 steal MG-09")
    assert off.market == ("MG-10", "MG-11", "MG-12")  # the Market stays short
    assert off.reshuffles == 0 and len(off.discard) == 26 and off.goods_deck == ()


ONE_SEAL_BULK = ["MO-04", "MO-06", "MO-08", "MO-10", "MO-12", "MO-13", "MO-14", "MO-15", "MO-16",
                 "MO-17", "MO-18", "MO-19", "MO-20", "MO-21", "MO-22", "MO-23", "MO-24", "MO-27",
                 "MO-29", "MO-30", "MO-33", "MO-35", "MO-36"]  # every Bulk-1 Order but MO-02
ZERO_SEAL_BULK = ["MO-01", "MO-03", "MO-05", "MO-07", "MO-09", "MO-11", "MO-25", "MO-26",
                  "MO-28", "MO-31", "MO-32", "MO-34"]


def last_order_position(p0_orders: int, rules: Rules | None = None) -> monsoon.State:
    """Every Order but MO-02 is owned at Bulk; MO-02 (2 Gem + 1 Pepper) is the last one."""
    assert len(ONE_SEAL_BULK) == 23 and len(ZERO_SEAL_BULK) == 12
    p0 = ONE_SEAL_BULK[:p0_orders] + ZERO_SEAL_BULK[:6]
    p1 = ONE_SEAL_BULK[p0_orders:] + ZERO_SEAL_BULK[6:]
    return position(displays=[["MG-02", "MG-15"], ["MG-38"]], order_display=["MO-02"],
                    orders={0: [f"{o} bulk" for o in p0], 1: [f"{o} bulk" for o in p1]},
                    rules=rules)


def test_orders_run_out_gold_count_breaks_the_tie() -> None:
    s = last_order_position(10)
    assert s.order_deck == () and seals(s) == (10, 13)
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-15", "P0 declare gold")
    assert monsoon.outcome(s) is None and s.phase == "bonus"  # ends at the end of the turn
    s = run(s, "P0 skip")
    result = monsoon.outcome(s)
    assert result is not None
    assert (result.winners, result.scores, result.ending) == (
        (0,), (13, 13), Ending.ORDERS_EXHAUSTED)  # 1 Gold Order against 0


def test_orders_run_out_shared_win() -> None:
    s = last_order_position(11)
    assert seals(s) == (11, 12)
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-15", "P0 declare bulk")
    result = monsoon.outcome(s)
    assert result is not None
    assert (result.winners, result.scores, result.ending) == (
        (0, 1), (12, 12), Ending.ORDERS_EXHAUSTED)
    assert Counter(o.level for o in s.seats[0].orders)[monsoon.Level.GOLD] == 0


def test_orders_run_out_without_ending_when_switched_off() -> None:
    s = last_order_position(10, rules=Rules(orders_exhausted_end=False))
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-15", "P0 declare gold",
            "P0 skip")
    assert monsoon.outcome(s) is None and s.order_display == () and s.current == 1
    assert [a for a in legal(s) if "fulfill" in a] == []


def test_max_turns_ends_with_the_final_ranking() -> None:
    s = position(displays=[["MG-02"], ["MG-38"]], orders={0: ["MO-29 silver"],
                 1: ["MO-27 silver"]}, turn=8, rules=Rules(max_turns=10))
    s = run(s, "P0 pass")
    assert monsoon.outcome(s) is None and s.turn == 9
    s = run(s, "P1 pass")
    result = monsoon.outcome(s)
    assert result is not None
    assert (result.winners, result.scores, result.ending) == ((0, 1), (3, 3), Ending.TURN_LIMIT)
