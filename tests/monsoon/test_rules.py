"""One test per Monsoon Market rule ID (RULES.md 1.4), each on a hand-built position.

Goods card IDs used below (reconstruction R1, RULES.md 4.2.2):
Gem1 MG-01, Gem2 MG-02..04, Gem3 MG-05..06, Gem4 MG-07; Scroll1 MG-08, Scroll2 MG-09..11,
Scroll3 MG-12..13, Scroll4 MG-14; Pepper1 MG-15, Pepper2 MG-16..18, Pepper3 MG-19..20,
Pepper4 MG-21; Cloth1 MG-22, Cloth2 MG-23..25, Cloth3 MG-26..27, Cloth4 MG-28; hybrids
Gem/Scroll MG-29, Gem/Pepper MG-30, Gem/Cloth MG-31, Scroll/Pepper MG-32, Scroll/Cloth MG-33,
Pepper/Cloth MG-34; Leather3 MG-35..36; Wood4 MG-37..38.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from marketlib import monsoon
from marketlib.core.errors import PositionError
from marketlib.monsoon import (
    BonusAction,
    BonusPending,
    FulfillPending,
    Good,
    Level,
    Rules,
    TakePending,
    position,
    setup,
)
from marketlib.monsoon.state import Ending

from .helpers import legal, owned, refused, run, seals

MAIN = {Good.GEM, Good.SCROLL, Good.PEPPER, Good.CLOTH}
CAT = monsoon.catalog(Rules())


def all_goods(state: monsoon.State) -> list[str]:
    cards = list(state.goods_deck) + list(state.market) + list(state.discard)
    for seat in state.seats:
        cards += seat.display
    if isinstance(state.pending, FulfillPending):
        cards += state.pending.cards
    return cards


# --------------------------------------------------------------------------- components
def test_m_comp_01_38_goods_cards() -> None:
    assert len(CAT.goods) == 38
    assert [c.id for c in CAT.goods.values()] == [f"MG-{i:02d}" for i in range(1, 39)]
    shown = {g for card in CAT.goods.values() for g in card.goods}
    assert shown == set(Good)
    assert len(all_goods(setup(Rules(players=3), seed=4))) == 38


def test_m_comp_02_quantities() -> None:
    by_good: dict[Good, Counter[int]] = {g: Counter() for g in Good}
    for card in CAT.goods.values():
        for good in card.goods:
            by_good[good][card.quantity] += 1
    assert by_good[Good.LEATHER] == Counter({3: 2})
    assert by_good[Good.WOOD] == Counter({4: 2})
    for good in MAIN:
        # one plain "1", three hybrids (quantity 1), three 2s, two 3s, one 4 (D-M-03)
        assert by_good[good] == Counter({1: 4, 2: 3, 3: 2, 4: 1})


def test_m_comp_03_hybrid_counts_as_either_never_both() -> None:
    hybrids = [c for c in CAT.goods.values() if len(c.goods) == 2]
    assert [c.id for c in hybrids] == ["MG-29", "MG-30", "MG-31", "MG-32", "MG-33", "MG-34"]
    assert all(c.quantity == 1 and c.goods[0] != c.goods[1] for c in hybrids)
    # MO-01 wants 2 Gem + 1 Scroll. Gem1 + Gem/Scroll1 + Pepper1 would be Gold only if the hybrid
    # counted as both Gem and Scroll; as a Gem it gives Silver (Gem 2, Pepper 1).
    s = position(displays=[["MG-01", "MG-29", "MG-15"], ["MG-37"]], order_display=["MO-01"])
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-01", "P0 spend MG-29", "P0 spend MG-15")
    assert legal(s) == ["P0 declare silver", "P0 declare bulk"]
    refused(s, "P0 declare gold", "M-FUL-04")
    # the same hybrid counts as a Scroll in another spend: Gem2 + Gem/Scroll1 is Gold
    s = position(displays=[["MG-02", "MG-29"], ["MG-37"]], order_display=["MO-01"])
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-29", "P0 declare gold")
    assert owned(s, 0) == [("MO-01", "gold", False)]


def test_m_comp_04_36_order_cards() -> None:
    assert len(CAT.orders) == 36
    assert list(CAT.orders) == [f"MO-{i:02d}" for i in range(1, 37)]
    assert Counter(o.total for o in CAT.orders.values()) == Counter({3: 12, 4: 12, 5: 12})
    assert all(r.quantity >= 1 for o in CAT.orders.values() for r in o.requirements)


def test_m_comp_05_three_edges_and_a_bonus_action() -> None:
    mo29, mo03 = CAT.orders["MO-29"], CAT.orders["MO-03"]
    assert (mo29.gold, mo29.silver, mo29.bulk, mo29.bonus_good) == (5, 3, 1, None)
    assert mo29.bonus_action is BonusAction.FULFILL_ANOTHER
    assert (mo03.gold, mo03.silver, mo03.bulk, mo03.bonus_good, mo03.bonus_quantity) == (
        3, 2, 0, Good.CLOTH, 1)
    assert mo03.bonus_action is BonusAction.STEAL2
    assert [mo29.seals(lv) for lv in Level] == [5, 3, 1]
    assert all(isinstance(o.bonus_action, BonusAction) for o in CAT.orders.values())


def test_m_comp_06_orders_ask_only_for_main_goods() -> None:
    asked = {r.good for o in CAT.orders.values() for r in o.requirements}
    assert asked == MAIN
    assert {o.bonus_good for o in CAT.orders.values()} == MAIN | {None}


def test_m_comp_07_four_bonus_actions() -> None:
    assert set(BonusAction) == {BonusAction.UPGRADE, BonusAction.KEEP1,
                                BonusAction.FULFILL_ANOTHER, BonusAction.STEAL2}
    assert Counter(o.bonus_action for o in CAT.orders.values()) == Counter(
        {a: 9 for a in BonusAction})


def test_m_alias_01_spice_books_silks(tmp_path: Path) -> None:
    goods_path, orders_path = monsoon.write_default_data(tmp_path)
    text = goods_path.read_text()
    text = text.replace("MG-15,Pepper,1", "MG-15,Spice,1").replace("MG-08,Scroll,1",
                                                                   "MG-08,Books,1")
    goods_path.write_text(text.replace("MG-22,Cloth,1", "MG-22,silks,1"))
    orders_path.write_text(orders_path.read_text().replace(
        "MO-09,2 Pepper + 1 Cloth", "MO-09,2 Spice + 1 Silks"))
    goods = monsoon.load_goods(goods_path)
    assert goods["MG-15"].goods == (Good.PEPPER,)
    assert goods["MG-08"].goods == (Good.SCROLL,)
    assert goods["MG-22"].goods == (Good.CLOTH,)
    assert goods == CAT.goods
    assert monsoon.load_orders(orders_path)["MO-09"] == CAT.orders["MO-09"]


# --------------------------------------------------------------------------- setup
def test_m_setup_01_order_display_and_deck() -> None:
    s = setup(Rules(players=3), seed=11)
    assert len(s.order_display) == 4
    assert len(s.order_deck) == 32  # D-M-02
    assert sorted(s.order_display + s.order_deck) == list(CAT.orders)
    assert setup(Rules(players=3), seed=12).order_display != s.order_display  # shuffled by seed
    assert setup(Rules(players=3), seed=11) == s


@pytest.mark.parametrize(("players", "deck"), [(2, 26), (3, 22), (4, 18), (5, 14)])
def test_m_setup_02_market_and_goods_deck(players: int, deck: int) -> None:
    s = setup(Rules(players=players), seed=players)
    assert len(s.market) == 4
    assert len(s.goods_deck) == deck  # D-M-01: 38 - 4 - 4n


def test_m_setup_03_four_goods_each_face_up() -> None:
    s = setup(Rules(players=4), seed=2)
    assert [len(seat.display) for seat in s.seats] == [4, 4, 4, 4]
    assert sorted(all_goods(s)) == list(CAT.goods)  # every card in exactly one place
    seen = monsoon.view(s, 1)
    assert seen.seats == s.seats and seen.market == s.market  # displays are public
    assert seen.goods_deck is None


def test_m_setup_04_display_holds_at_most_ten() -> None:
    eleven = ["MG-01", "MG-02", "MG-03", "MG-04", "MG-05", "MG-06", "MG-07", "MG-08", "MG-09",
              "MG-10", "MG-11"]
    with pytest.raises(PositionError) as err:
        position(displays=[eleven, ["MG-37"]])
    assert err.value.field == "displays[0]"
    # a Wood4 buy from 10 cards fills the room left after the spend (1 card), not 4
    s = position(displays=[eleven[:9] + ["MG-37"], ["MG-38"]],
                 market=["MG-15", "MG-16", "MG-22", "MG-23"])
    s = run(s, "P0 buy MG-37", "P0 take MG-22")
    assert len(s.seats[0].display) == 10
    assert s.seats[0].display == tuple(eleven[:9]) + ("MG-22",)


def test_m_setup_05_face_up_discard_pile() -> None:
    s = setup(Rules(players=2), seed=3)
    assert s.discard == ()
    s = position(displays=[["MG-02", "MG-08"], ["MG-37"]],
                 market=["MG-15", "MG-16", "MG-22", "MG-23"])
    s = run(s, "P0 buy MG-08", "P0 take MG-16")
    assert s.discard == ("MG-08",)
    assert monsoon.view(s, 1).discard == ("MG-08",)  # face up: every seat sees it


def test_m_setup_06_first_player_and_clockwise() -> None:
    s = setup(Rules(players=3, first_player=2), seed=0)
    assert monsoon.current_player(s) == 2
    s = run(s, "P2 pass")
    assert monsoon.current_player(s) == 0
    s = run(s, "P0 pass")
    assert monsoon.current_player(s) == 1
    firsts = [setup(Rules(players=4, first_player="random"), seed=k).current for k in range(40)]
    assert firsts == [setup(Rules(players=4, first_player="random"), seed=k).current
                      for k in range(40)]  # seeded
    assert set(firsts) == {0, 1, 2, 3}
    assert setup(Rules(players=4), seed=9).current == 0  # default: seat 0


def test_m_setup_07_two_to_five_players() -> None:
    for bad in (1, 6):
        with pytest.raises(ValueError, match="players must be 2-5"):
            Rules(players=bad)
    for n in (2, 3, 4, 5):
        assert len(setup(Rules(players=n), seed=1).seats) == n
    assert monsoon.GAME.min_players == 2 and monsoon.GAME.max_players == 5


# --------------------------------------------------------------------------- turn
def turn_position(**kw: object) -> monsoon.State:
    base: dict[str, object] = dict(
        displays=[["MG-02", "MG-08", "MG-15"], ["MG-03", "MG-09", "MG-16", "MG-22", "MG-23"]],
        market=["MG-01", "MG-10", "MG-17", "MG-24"],
        order_display=["MO-01", "MO-02", "MO-30", "MO-33"],
        goods_deck_top=["MG-05", "MG-12"],
        order_deck_top=["MO-10", "MO-11"],
    )
    base.update(kw)
    return position(**base)  # type: ignore[arg-type]


def test_m_turn_01_one_action_then_the_next_player() -> None:
    s = turn_position()
    assert legal(s) == [
        "P0 steal MG-01", "P0 steal MG-10", "P0 steal MG-17", "P0 steal MG-24",
        "P0 steal MG-03", "P0 steal MG-09", "P0 steal MG-16", "P0 steal MG-22", "P0 steal MG-23",
        "P0 buy MG-02", "P0 buy MG-08", "P0 buy MG-15",
        "P0 fulfill MO-01", "P0 fulfill MO-02",
        "P0 pass",
    ]
    refused(s, "P1 steal MG-01", "M-TURN-01")
    after = run(s, "P0 steal MG-01")
    assert after.current == 1 and after.phase == "action" and after.turn == 1
    refused(after, "P0 steal MG-10", "M-TURN-01")  # one action per turn
    assert run(s, "P0 pass").current == 1  # A-M-21: passing is allowed
    no_pass = turn_position(rules=Rules(players=2, allow_pass=False))
    assert "P0 pass" not in legal(no_pass)
    refused(no_pass, "P0 pass", "M-TURN-01")


def test_m_turn_02_market_refilled_at_end_of_turn() -> None:
    s = run(turn_position(), "P0 steal MG-10")
    assert s.market == ("MG-01", "MG-17", "MG-24", "MG-05")
    assert s.goods_deck[0] == "MG-12"
    assert len(s.goods_deck) == 38 - 8 - 4 - 1


def test_m_turn_03_order_display_refilled_at_end_of_turn() -> None:
    s = turn_position()
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-15", "P0 declare gold")
    assert s.phase == "bonus"  # Keep 1 is pending: the display is not refilled yet
    assert s.order_display == ("MO-01", "MO-30", "MO-33")
    s = run(s, "P0 skip")
    assert s.order_display == ("MO-01", "MO-30", "MO-33", "MO-10")
    assert s.order_deck[0] == "MO-11" and len(s.order_deck) == 36 - 4 - 1
    assert s.current == 1


# --------------------------------------------------------------------------- steal
def test_m_steal_01_only_with_room() -> None:
    ten = ["MG-01", "MG-02", "MG-03", "MG-04", "MG-05", "MG-06", "MG-07", "MG-08", "MG-09",
           "MG-10"]
    s = position(displays=[ten, ten_other()], market=["MG-15", "MG-16"])
    assert not [a for a in legal(s) if " steal " in a]
    refused(s, "P0 steal MG-15", "M-STEAL-01")
    refused(s, "P0 steal MG-38", "M-STEAL-01")


def ten_other() -> list[str]:
    return ["MG-21", "MG-22", "MG-23", "MG-24", "MG-25", "MG-26", "MG-27", "MG-28", "MG-29",
            "MG-38"]


def test_m_steal_02_always_from_the_market() -> None:
    s = position(displays=[["MG-01", "MG-02"], ["MG-37"]], market=["MG-15", "MG-16"])
    s = run(s, "P0 steal MG-16")
    assert s.seats[0].display == ("MG-01", "MG-02", "MG-16")
    refused(turn_position(), "P0 steal MG-05", "M-STEAL-02")  # MG-05 is in the Goods deck


def test_m_steal_03_only_from_larger_display() -> None:
    five_a = ["MG-01", "MG-02", "MG-03", "MG-04", "MG-05"]
    five_b = ["MG-08", "MG-09", "MG-10", "MG-11", "MG-12"]
    s = position(displays=[five_a, five_b], market=["MG-15"])
    refused(s, "P0 steal MG-08", "M-STEAL-03")  # 5 is not more than 5
    s = position(displays=[five_a, [*five_b, "MG-13"]], market=["MG-15"])
    s = run(s, "P0 steal MG-13")
    assert [len(seat.display) for seat in s.seats] == [6, 5]
    # A-M-07 option: count Bonus Goods in the comparison
    spec = dict(displays=[five_a, five_b], market=["MG-15"], orders={1: ["MO-03 bulk"]})
    refused(position(**spec), "P0 steal MG-08", "M-STEAL-03")  # type: ignore[arg-type]
    counted = position(rules=Rules(steal_count_bonus_goods=True), **spec)  # type: ignore[arg-type]
    assert "P0 steal MG-08" in legal(counted)
    assert run(counted, "P0 steal MG-08").seats[1].display == ("MG-09", "MG-10", "MG-11", "MG-12")


def test_m_steal_04_bonus_goods_never_stolen() -> None:
    s = position(displays=[["MG-01"], ["MG-08", "MG-09", "MG-10"]], market=["MG-15"],
                 orders={1: ["MO-03 bulk"]})
    assert owned(s, 1) == [("MO-03", "bulk", True)]
    err = refused(s, "P0 steal MO-03", "M-STEAL-04")
    assert "never be stolen" in err.reason
    assert not [a for a in legal(s) if "MO-" in a]


def test_m_steal_05_stolen_card_goes_into_your_display() -> None:
    s = position(displays=[["MG-01"], ["MG-08", "MG-09", "MG-10"]], market=["MG-15"])
    s = run(s, "P0 steal MG-09")
    assert s.seats[0].display == ("MG-01", "MG-09")
    assert s.seats[1].display == ("MG-08", "MG-10")
    # stealing back one's own card is stealing from no other player's display (M-STEAL-03;
    # it was cited as M-STEAL-05, which says only where a stolen card goes: helper-113)
    assert refused(run(s, "P1 pass"), "P0 steal MG-01", "M-STEAL-03").reason == (
        "MG-01 is already in your display: you may steal only from the Market or another "
        "player's display")


# --------------------------------------------------------------------------- buy
def buy_position(rules: Rules | None = None, display: list[str] | None = None) -> monsoon.State:
    return position(
        displays=[display or ["MG-02", "MG-08", "MG-35", "MG-37"], ["MG-38"]],
        market=["MG-15", "MG-16", "MG-22", "MG-23"],
        goods_deck_top=["MG-05", "MG-06", "MG-07", "MG-12"],
        orders={0: ["MO-03 bulk"]},
        rules=rules,
    )


def test_m_buy_01_spend_one_take_its_quantity() -> None:
    s = run(buy_position(), "P0 buy MG-02")
    assert s.discard == ("MG-02",)
    assert s.seats[0].display == ("MG-08", "MG-35", "MG-37")
    assert s.phase == "take" and s.pending == TakePending(remaining=2)
    assert legal(s) == ["P0 take MG-15", "P0 take MG-16", "P0 take MG-22", "P0 take MG-23"]
    s = run(s, "P0 take MG-22", "P0 take MG-15")
    assert s.seats[0].display == ("MG-08", "MG-35", "MG-37", "MG-22", "MG-15")
    assert s.current == 1
    refused(run(buy_position(), "P0 buy MG-08"), "P0 take MG-05", "M-BUY-01")  # not in Market
    refused(buy_position(), "P0 buy MG-38", "M-BUY-01")  # not your card


def test_m_buy_02_market_not_replaced_until_end_of_turn() -> None:
    s = run(buy_position(), "P0 buy MG-35", "P0 take MG-16")
    assert s.market == ("MG-15", "MG-22", "MG-23")
    assert len(s.goods_deck) == 38 - 5 - 4
    s = run(s, "P0 take MG-23")
    assert s.market == ("MG-15", "MG-22")  # still not replaced...
    assert len(s.goods_deck) == 38 - 5 - 4 and s.pending == TakePending(remaining=1)
    s = run(s, "P0 take MG-15")
    assert s.market == ("MG-22", "MG-05", "MG-06", "MG-07")  # ...until the end of the turn
    assert s.goods_deck[0] == "MG-12"


def test_m_buy_03_capped_by_room_and_market() -> None:
    nine = ["MG-01", "MG-02", "MG-03", "MG-04", "MG-08", "MG-09", "MG-10", "MG-11", "MG-37"]
    # Wood4 from 9 cards: 8 after the spend, room 2 (A-M-08)
    s = run(buy_position(display=nine), "P0 buy MG-37")
    assert s.pending == TakePending(remaining=2)
    refused(s, "P0 skip", "M-BUY-03")  # A-M-09: exactly the capped number
    s = run(s, "P0 take MG-15", "P0 take MG-23")
    assert len(s.seats[0].display) == 10
    # buy_overflow="illegal": the same buy is refused and not offered
    strict = buy_position(rules=Rules(buy_overflow="illegal"), display=nine)
    refused(strict, "P0 buy MG-37", "M-BUY-03")
    assert "P0 buy MG-01" in legal(strict)  # a quantity-1 buy still fits
    # the Market caps too: Wood4 with 2 Market cards takes both, no choice needed
    small = position(displays=[["MG-37"], ["MG-38"]], market=["MG-15", "MG-16"])
    small = run(small, "P0 buy MG-37")
    assert small.seats[0].display == ("MG-15", "MG-16") and small.current == 1
    # buy_take_fewer=True: the buyer may stop early
    fewer = run(buy_position(rules=Rules(buy_take_fewer=True)), "P0 buy MG-37")
    assert legal(fewer)[-1] == "P0 skip"
    fewer = run(fewer, "P0 take MG-16", "P0 skip")
    assert fewer.seats[0].display == ("MG-02", "MG-08", "MG-35", "MG-16")
    assert fewer.current == 1 and fewer.market == ("MG-15", "MG-22", "MG-23", "MG-05")


def test_m_buy_04_bonus_good_cannot_buy() -> None:
    s = buy_position()
    refused(s, "P0 buy MO-03", "M-BUY-04")
    assert not [a for a in legal(s) if "MO-03" in a]


# --------------------------------------------------------------------------- fulfill
def ful_position(display: list[str], orders: dict[int, list[str]] | None = None,
                 rules: Rules | None = None, shown: list[str] | None = None) -> monsoon.State:
    return position(
        displays=[display, ["MG-38"]],
        market=["MG-13", "MG-14", "MG-20", "MG-21"],
        order_display=shown or ["MO-01", "MO-02", "MO-09", "MO-29"],
        order_deck_top=["MO-36", "MO-35"],
        orders=orders,
        rules=rules,
    )


def test_m_ful_01_spend_then_take_the_order() -> None:
    s = ful_position(["MG-16", "MG-05"], orders={0: ["MO-03 bulk"]})
    s = run(s, "P0 fulfill MO-09")
    assert s.phase == "spend" and s.pending == FulfillPending(order="MO-09")
    assert s.order_display == ("MO-01", "MO-02", "MO-29")
    s = run(s, "P0 spend MG-16", "P0 spend-bonus MO-03")
    assert s.pending == FulfillPending(order="MO-09", cards=("MG-16",), bonus_goods=("MO-03",))
    s = run(s, "P0 declare gold")
    assert owned(s, 0) == [("MO-03", "silver", False), ("MO-09", "gold", False)]
    assert s.seats[0].display == ("MG-05",)
    assert s.discard == ("MG-16",)
    refused(ful_position(["MG-16", "MG-05"]), "P0 fulfill MO-36", "M-FUL-01")  # not displayed


def test_m_ful_02_overspend_gives_no_change() -> None:
    s = ful_position(["MG-37", "MG-01"])
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-37", "P0 declare bulk")
    assert s.discard == ("MG-37",)
    assert s.seats[0].display == ("MG-01",)
    assert owned(s, 0) == [("MO-01", "bulk", True)]
    assert seals(s) == (0, 0)


def test_m_ful_03_order_display_not_refilled_mid_turn() -> None:
    s = ful_position(["MG-02", "MG-15", "MG-37"])
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-15", "P0 declare gold")
    assert s.phase == "bonus"
    assert s.order_display == ("MO-01", "MO-09", "MO-29")
    assert s.order_deck[0] == "MO-36"
    s = run(s, "P0 keep MG-15")
    assert s.order_display == ("MO-01", "MO-09", "MO-29", "MO-36")


def test_m_ful_04_gold_exact_types() -> None:
    s = ful_position(["MG-01", "MG-30", "MG-08", "MG-15"])  # Gem1, Gem/Pepper1, Scroll1, Pepper1
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-01", "P0 spend MG-30", "P0 spend MG-08")
    assert legal(s)[-3:] == ["P0 declare gold", "P0 declare silver", "P0 declare bulk"]
    s = run(s, "P0 declare gold")
    assert owned(s, 0) == [("MO-01", "gold", False)] and seals(s) == (3, 0)
    assert s.phase == "action" and s.current == 1  # Upgrade had no other Order to turn
    t = ful_position(["MG-02", "MG-15"])  # Gem2 + Pepper1: no Scroll
    t = run(t, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-15")
    err = refused(t, "P0 declare gold", "M-FUL-04")
    assert "Gold" in err.reason


def test_m_ful_05_silver_different_types() -> None:
    s = ful_position(["MG-16", "MG-22", "MG-15"], orders={0: ["MO-04 bulk"]})
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-16", "P0 spend MG-22")  # Pepper2 + Cloth1
    assert legal(s)[-2:] == ["P0 declare silver", "P0 declare bulk"]
    refused(s, "P0 declare gold", "M-FUL-04")
    s = run(s, "P0 declare silver")
    assert owned(s, 0) == [("MO-04", "bulk", False), ("MO-01", "silver", False)]
    assert seals(s) == (1 + 2, 0)
    assert s.phase == "bonus" and s.pending == BonusPending(
        action=BonusAction.UPGRADE, order="MO-01", spent=("MG-16", "MG-22"))
    t = ful_position(["MG-16", "MG-15"])  # Pepper2 + Pepper1: one type cannot cover two lines
    t = run(t, "P0 fulfill MO-01", "P0 spend MG-16", "P0 spend MG-15")
    refused(t, "P0 declare silver", "M-FUL-05")
    assert legal(t)[-1] == "P0 declare bulk"


def test_m_ful_06_bulk_total_quantity() -> None:
    s = ful_position(["MG-35", "MG-01", "MG-08"])  # Leather3, Gem1, Scroll1
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-01", "P0 spend MG-08")
    refused(s, "P0 declare bulk", "M-FUL-06")  # 2 < 3
    assert [a for a in legal(s) if "declare" in a] == []
    s = run(s, "P0 spend MG-35", "P0 declare bulk")
    assert owned(s, 0) == [("MO-02", "bulk", False)] and seals(s) == (1, 0)
    # MO-09's Bulk edge carries a Bonus Cloth
    t = run(ful_position(["MG-35"]), "P0 fulfill MO-09", "P0 spend MG-35", "P0 declare bulk")
    assert owned(t, 0) == [("MO-09", "bulk", True)] and seals(t) == (0, 0)
    # an Order the player cannot reach even at Bulk cannot be started
    u = ful_position(["MG-01", "MG-08"])
    refused(u, "P0 fulfill MO-02", "M-FUL-06")


def test_m_ful_07_declare_lower_level() -> None:
    s = ful_position(["MG-02", "MG-15"])
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-15")
    assert legal(s)[-3:] == ["P0 declare gold", "P0 declare silver", "P0 declare bulk"]
    low = run(s, "P0 declare bulk")
    assert owned(low, 0) == [("MO-02", "bulk", False)] and seals(low) == (1, 0)
    assert low.current == 1  # Bulk: no Bonus Action
    strict = ful_position(["MG-02", "MG-15"], rules=Rules(allow_declared_lower_level=False))
    strict = run(strict, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-15")
    assert [a for a in legal(strict) if "declare" in a] == ["P0 declare gold"]
    refused(strict, "P0 declare bulk", "M-FUL-07")
    refused(strict, "P0 declare silver", "M-FUL-07")


def test_m_ful_08_bonus_action_optional() -> None:
    s = ful_position(["MG-02", "MG-15", "MG-37"])
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-15", "P0 declare gold")
    assert legal(s) == ["P0 keep MG-02", "P0 keep MG-15", "P0 skip"]
    s = run(s, "P0 skip")
    assert s.discard == ("MG-02", "MG-15") and s.seats[0].display == ("MG-37",)
    assert s.current == 1 and s.phase == "action"


# --------------------------------------------------------------------------- bonus actions
def test_m_ba_01_upgrade_another_order() -> None:
    s = ful_position(["MG-02", "MG-08"], orders={0: ["MO-04 bulk", "MO-10 silver", "MO-12 gold"]})
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-08", "P0 declare gold")
    assert seals(s) == (1 + 2 + 3 + 3, 0)
    assert legal(s) == ["P0 upgrade MO-04", "P0 upgrade MO-10", "P0 skip"]
    refused(s, "P0 upgrade MO-01", "M-BA-01")  # not the Order just fulfilled
    refused(s, "P0 upgrade MO-12", "M-BA-01")  # already Gold
    refused(s, "P0 upgrade MO-09", "M-BA-01")  # not yours
    up = run(s, "P0 upgrade MO-10")
    assert owned(up, 0) == [("MO-04", "bulk", False), ("MO-10", "gold", False),
                            ("MO-12", "gold", False), ("MO-01", "gold", False)]
    assert seals(up) == (1 + 3 + 3 + 3, 0) and up.current == 1
    assert seals(run(s, "P0 upgrade MO-04")) == (2 + 2 + 3 + 3, 0)  # Bulk -> Silver
    # no eligible target: the Bonus Action does nothing and the turn ends
    none = ful_position(["MG-02", "MG-08"], orders={0: ["MO-12 gold"]})
    none = run(none, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-08", "P0 declare gold")
    assert none.current == 1 and none.phase == "action"


def test_m_ba_02_keep_one_spent_card() -> None:
    s = ful_position(["MG-02", "MG-15", "MG-01"], orders={0: ["MO-03 bulk"]})
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend-bonus MO-03", "P0 spend MG-15",
            "P0 declare gold")
    assert legal(s) == ["P0 keep MG-02", "P0 keep MG-15", "P0 skip"]  # not the Bonus Good
    assert refused(s, "P0 keep MG-01", "M-BA-02").reason == (  # not spent on this Order
        "MG-01 was not spent on MO-02: Keep 1 returns one of the Goods cards spent on it to "
        "your display")  # it added "(a Bonus Good cannot be kept)" for a Goods card (h-113)
    s = run(s, "P0 keep MG-02")
    assert s.seats[0].display == ("MG-01", "MG-02")
    assert s.discard == ("MG-15",)
    assert s.current == 1


def test_m_ba_03_fulfill_another() -> None:
    s = ful_position(["MG-23", "MG-24", "MG-08", "MG-02", "MG-15"])
    s = run(s, "P0 fulfill MO-29", "P0 spend MG-23", "P0 spend MG-24", "P0 spend MG-08")
    assert [a for a in legal(s) if "declare" in a] == ["P0 declare bulk"]  # no Gem; 2 types
    s = run(s, "P0 declare bulk")  # Bulk: no Bonus Action
    assert s.current == 1
    t = ful_position(["MG-16", "MG-22", "MG-02", "MG-15"])
    t = run(t, "P0 fulfill MO-09", "P0 spend MG-16", "P0 spend MG-22", "P0 declare gold")
    assert t.pending == BonusPending(action=BonusAction.FULFILL_ANOTHER, order="MO-09",
                                     spent=("MG-16", "MG-22"))
    assert legal(t) == ["P0 fulfill MO-01", "P0 fulfill MO-02", "P0 skip"]
    refused(t, "P0 fulfill MO-36", "M-FUL-01")  # still in the deck: no refill mid-turn
    refused(t, "P0 upgrade MO-09", "M-BA-03")  # the wrong Bonus Action
    t = run(t, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-15", "P0 declare silver")
    assert owned(t, 0) == [("MO-09", "gold", False), ("MO-02", "silver", False)]
    assert seals(t) == (3 + 2, 0)
    assert t.pending == BonusPending(action=BonusAction.KEEP1, order="MO-02",
                                     spent=("MG-02", "MG-15"))
    t = run(t, "P0 skip")
    assert t.order_display == ("MO-01", "MO-29", "MO-36", "MO-35")


def test_m_ba_04_steal_two() -> None:
    s = position(displays=[["MG-16", "MG-08", "MG-01"], ["MG-09", "MG-10"]],
                 market=["MG-13", "MG-14", "MG-20", "MG-21"],
                 order_display=["MO-08"], goods_deck_top=["MG-05", "MG-06"])
    s = run(s, "P0 fulfill MO-08", "P0 spend MG-16", "P0 spend MG-08", "P0 declare gold")
    assert s.pending == BonusPending(action=BonusAction.STEAL2, order="MO-08",
                                     spent=("MG-16", "MG-08"), steals_left=2)
    # P0 holds 1 card, P1 holds 2: P1's display is open too
    assert legal(s) == ["P0 steal MG-13", "P0 steal MG-14", "P0 steal MG-20", "P0 steal MG-21",
                        "P0 steal MG-09", "P0 steal MG-10", "P0 skip"]
    refused(s, "P0 keep MG-16", "M-BA-04")
    s = run(s, "P0 steal MG-14")
    assert s.phase == "bonus" and s.pending is not None and s.pending.steals_left == 1
    s = run(s, "P0 steal MG-21")
    assert s.seats[0].display == ("MG-01", "MG-14", "MG-21")
    assert s.market == ("MG-13", "MG-20", "MG-05", "MG-06") and s.current == 1


def test_m_ba_05_no_bonus_action_at_bulk() -> None:
    for order, cards in (("MO-02", ["MG-02", "MG-15"]), ("MO-09", ["MG-16", "MG-22"])):
        s = ful_position([*cards, "MG-37"])
        s = run(s, f"P0 fulfill {order}", f"P0 spend {cards[0]}", f"P0 spend {cards[1]}",
                "P0 declare bulk")
        assert s.current == 1 and s.phase == "action" and s.pending is None
        refused(s, "P0 skip", "M-TURN-01")


# --------------------------------------------------------------------------- bonus goods
def test_m_bg_01_bonus_good_acts_like_goods() -> None:
    s = ful_position(["MG-22", "MG-15"], orders={0: ["MO-03 bulk"]},
                     shown=["MO-12", "MO-01"])  # MO-12: 2 Cloth + 1 Pepper
    s = run(s, "P0 fulfill MO-12", "P0 spend MG-22", "P0 spend-bonus MO-03", "P0 spend MG-15")
    assert legal(s)[-3:] == ["P0 declare gold", "P0 declare silver", "P0 declare bulk"]
    s = run(s, "P0 declare gold")
    assert owned(s, 0) == [("MO-03", "silver", False), ("MO-12", "gold", False)]
    # a Bonus Good counts towards being able to start a fulfilment
    t = ful_position(["MG-15"], orders={0: ["MO-03 bulk"]})
    assert [a for a in legal(t) if "fulfill" in a] == []  # Pepper1 + Cloth 1 = 2 < 3
    t = ful_position(["MG-15"], orders={0: ["MO-03 bulk", "MO-11 bulk"]})
    assert [a for a in legal(t) if "fulfill" in a] == [
        "P0 fulfill MO-01", "P0 fulfill MO-02", "P0 fulfill MO-09"]


def test_m_bg_02_bonus_good_cannot_buy() -> None:
    s = buy_position()
    err = refused(s, "P0 buy MO-03", "M-BUY-04")
    assert "Bonus Good" in err.reason
    assert owned(s, 0) == [("MO-03", "bulk", True)]


def test_m_bg_03_bonus_good_cannot_be_stolen() -> None:
    s = position(displays=[["MG-01"], ["MG-02", "MG-03"]], market=["MG-15"],
                 orders={1: ["MO-09 bulk"]})
    refused(s, "P0 steal MO-09", "M-STEAL-04")
    assert legal(s) == ["P0 steal MG-15", "P0 steal MG-02", "P0 steal MG-03", "P0 buy MG-01",
                        "P0 pass"]


def test_m_bg_04_upgrade_loses_the_bonus_good() -> None:
    s = ful_position(["MG-02", "MG-08", "MG-16"], orders={0: ["MO-03 bulk"]})
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-08", "P0 declare gold")
    kept = run(s, "P0 skip", "P1 pass")
    # Pepper2 + the Bonus Cloth reach 3: MO-02 and MO-09 are within reach
    assert [a for a in legal(kept) if "fulfill" in a] == ["P0 fulfill MO-02", "P0 fulfill MO-09"]
    s = run(s, "P0 upgrade MO-03")
    assert owned(s, 0) == [("MO-03", "silver", False), ("MO-01", "gold", False)]
    assert seals(s) == (2 + 3, 0)
    s = run(s, "P1 pass")
    assert [a for a in legal(s) if "fulfill" in a] == []  # the Bonus Cloth is gone
    s = run(s, "P0 steal MG-13", "P1 pass", "P0 fulfill MO-02")
    refused(s, "P0 spend-bonus MO-03", "M-BG-01")


def test_m_bg_05_spending_turns_the_order_to_silver() -> None:
    s = ful_position(["MG-16", "MG-22"], orders={0: ["MO-09 bulk"]},
                     shown=["MO-12", "MO-01"])
    assert seals(s) == (0, 0)
    s = run(s, "P0 fulfill MO-12", "P0 spend-bonus MO-09")
    refused(s, "P0 spend-bonus MO-09", "M-BG-05")
    s = run(s, "P0 spend MG-22", "P0 spend MG-16", "P0 declare gold")
    assert owned(s, 0) == [("MO-09", "silver", False), ("MO-12", "gold", False)]
    assert seals(s) == (2 + 3, 0)


# --------------------------------------------------------------------------- end
def test_m_seal_01_sum_of_facing_edges() -> None:
    s = position(displays=[["MG-01"], ["MG-02"]],
                 orders={0: ["MO-29 gold", "MO-03 bulk", "MO-02 bulk", "MO-10 silver"],
                         1: ["MO-25 silver", "MO-13 bulk"]})
    assert seals(s) == (5 + 0 + 1 + 2, 3 + 1)
    assert monsoon.seals_of(s.seats[0], CAT) == 8


def winning_position(rules: Rules | None = None) -> monsoon.State:
    # P0: MO-29 Gold 5 + MO-35 Silver 3 + MO-25 Silver 3 = 11 seals
    return position(displays=[["MG-02", "MG-08"], ["MG-38"]],
                    market=["MG-15", "MG-16"], order_display=["MO-01", "MO-02"],
                    orders={0: ["MO-29 gold", "MO-35 silver", "MO-25 silver"]},
                    goods_deck_top=["MG-05"], order_deck_top=["MO-36"], rules=rules)


def test_m_end_01_fifteen_seals_wins_at_once() -> None:
    s = winning_position()
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-08", "P0 declare gold")
    assert seals(s) == (14, 0) and s.phase == "bonus"
    won = run(s, "P0 upgrade MO-35")  # Silver 3 -> Gold 5: 16 seals
    result = monsoon.outcome(won)
    assert result is not None
    assert (result.winners, result.scores, result.ending) == ((0,), (16, 0), Ending.SEAL_TARGET)
    assert monsoon.current_player(won) is None and legal(won) == []
    assert won.market == ("MG-15", "MG-16") and won.order_display == ("MO-02",)  # no refills
    refused(won, "P1 pass", "M-END-01")


def test_m_end_02_long_game_thirty() -> None:
    s = winning_position(Rules(seal_target=30))
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-08", "P0 declare gold",
            "P0 upgrade MO-35")
    assert seals(s) == (16, 0) and monsoon.outcome(s) is None and s.current == 1
    t = position(displays=[["MG-02", "MG-08"], ["MG-38"]], order_display=["MO-01"],
                 orders={0: ["MO-29 gold", "MO-35 gold", "MO-25 gold", "MO-26 gold",
                             "MO-27 silver", "MO-28 silver"]},
                 rules=Rules(seal_target=30))
    assert seals(t) == (26, 0)
    t = run(t, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-08", "P0 declare gold")
    assert seals(t) == (29, 0) and monsoon.outcome(t) is None
    t = run(t, "P0 upgrade MO-27")
    result = monsoon.outcome(t)
    assert result is not None
    assert (result.winners, result.scores, result.ending) == ((0,), (31, 0), Ending.SEAL_TARGET)


def test_m_end_03_orders_exhausted_most_seals_wins() -> None:
    from .test_scenarios import last_order_position

    s = last_order_position(10)  # P0 10 seals, P1 13; MO-02 is the last Order anywhere
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-15", "P0 declare silver",
            "P0 skip")
    result = monsoon.outcome(s)
    assert result is not None
    assert (result.winners, result.scores, result.ending) == (
        (1,), (12, 13), Ending.ORDERS_EXHAUSTED)
    assert s.order_display == () and s.order_deck == () and legal(s) == []
