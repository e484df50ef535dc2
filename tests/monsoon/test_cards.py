"""Monsoon Market card data: the default decks match RULES.md 4.2 exactly, files round-trip,
broken files name the file, row and column, and an owner's edited files are played."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from marketlib import monsoon
from marketlib.core.errors import CardDataError
from marketlib.monsoon import BonusAction, Good, Rules, load_goods, load_orders, position

from .helpers import owned, run, seals

# RULES.md 4.2.2 (R1): (first ID, last ID, goods, quantity)
GOODS_TABLE = [
    (1, 1, "Gem", 1), (2, 4, "Gem", 2), (5, 6, "Gem", 3), (7, 7, "Gem", 4),
    (8, 8, "Scroll", 1), (9, 11, "Scroll", 2), (12, 13, "Scroll", 3), (14, 14, "Scroll", 4),
    (15, 15, "Pepper", 1), (16, 18, "Pepper", 2), (19, 20, "Pepper", 3), (21, 21, "Pepper", 4),
    (22, 22, "Cloth", 1), (23, 25, "Cloth", 2), (26, 27, "Cloth", 3), (28, 28, "Cloth", 4),
    (29, 29, "Gem/Scroll", 1), (30, 30, "Gem/Pepper", 1), (31, 31, "Gem/Cloth", 1),
    (32, 32, "Scroll/Pepper", 1), (33, 33, "Scroll/Cloth", 1), (34, 34, "Pepper/Cloth", 1),
    (35, 36, "Leather", 3), (37, 38, "Wood", 4),
]

# RULES.md 4.2.3, copied row by row.
ORDERS_TABLE = """
| MO-01 | 2 Gem + 1 Scroll | 3 | 3 | 2 | 0 seals + Bonus Good 1 Scroll | UPGRADE |
| MO-02 | 2 Gem + 1 Pepper | 3 | 3 | 2 | 1 seal | KEEP1 |
| MO-03 | 2 Gem + 1 Cloth | 3 | 3 | 2 | 0 seals + Bonus Good 1 Cloth | STEAL2 |
| MO-04 | 2 Scroll + 1 Gem | 3 | 3 | 2 | 1 seal | UPGRADE |
| MO-05 | 2 Scroll + 1 Pepper | 3 | 3 | 2 | 0 seals + Bonus Good 1 Pepper | STEAL2 |
| MO-06 | 2 Scroll + 1 Cloth | 3 | 3 | 2 | 1 seal | FULFILL_ANOTHER |
| MO-07 | 2 Pepper + 1 Gem | 3 | 3 | 2 | 0 seals + Bonus Good 1 Gem | KEEP1 |
| MO-08 | 2 Pepper + 1 Scroll | 3 | 3 | 2 | 1 seal | STEAL2 |
| MO-09 | 2 Pepper + 1 Cloth | 3 | 3 | 2 | 0 seals + Bonus Good 1 Cloth | FULFILL_ANOTHER |
| MO-10 | 2 Cloth + 1 Gem | 3 | 3 | 2 | 1 seal | KEEP1 |
| MO-11 | 2 Cloth + 1 Scroll | 3 | 3 | 2 | 0 seals + Bonus Good 1 Scroll | FULFILL_ANOTHER |
| MO-12 | 2 Cloth + 1 Pepper | 3 | 3 | 2 | 1 seal | UPGRADE |
| MO-13 | 4 Gem | 4 | 4 | 2 | 1 seal + Bonus Good 1 Gem | FULFILL_ANOTHER |
| MO-14 | 4 Gem | 4 | 4 | 2 | 1 seal | UPGRADE |
| MO-15 | 4 Gem | 4 | 4 | 2 | 1 seal | KEEP1 |
| MO-16 | 4 Scroll | 4 | 4 | 2 | 1 seal + Bonus Good 1 Scroll | UPGRADE |
| MO-17 | 4 Scroll | 4 | 4 | 2 | 1 seal | KEEP1 |
| MO-18 | 4 Scroll | 4 | 4 | 2 | 1 seal | STEAL2 |
| MO-19 | 4 Pepper | 4 | 4 | 2 | 1 seal + Bonus Good 1 Pepper | STEAL2 |
| MO-20 | 4 Pepper | 4 | 4 | 2 | 1 seal | FULFILL_ANOTHER |
| MO-21 | 4 Pepper | 4 | 4 | 2 | 1 seal | KEEP1 |
| MO-22 | 4 Cloth | 4 | 4 | 2 | 1 seal + Bonus Good 1 Cloth | UPGRADE |
| MO-23 | 4 Cloth | 4 | 4 | 2 | 1 seal | STEAL2 |
| MO-24 | 4 Cloth | 4 | 4 | 2 | 1 seal | FULFILL_ANOTHER |
| MO-25 | 2 Scroll + 2 Pepper + 1 Gem | 5 | 5 | 3 | 0 seals + Bonus Good 1 Gem | KEEP1 |
| MO-26 | 2 Scroll + 2 Cloth + 1 Gem | 5 | 5 | 3 | 0 seals + Bonus Good 1 Gem | KEEP1 |
| MO-27 | 2 Pepper + 2 Cloth + 1 Gem | 5 | 5 | 3 | 1 seal | UPGRADE |
| MO-28 | 2 Gem + 2 Pepper + 1 Scroll | 5 | 5 | 3 | 0 seals + Bonus Good 1 Scroll | FULFILL_ANOTHER |
| MO-29 | 2 Gem + 2 Cloth + 1 Scroll | 5 | 5 | 3 | 1 seal | FULFILL_ANOTHER |
| MO-30 | 2 Pepper + 2 Cloth + 1 Scroll | 5 | 5 | 3 | 1 seal | STEAL2 |
| MO-31 | 2 Gem + 2 Scroll + 1 Pepper | 5 | 5 | 3 | 0 seals + Bonus Good 1 Pepper | KEEP1 |
| MO-32 | 2 Gem + 2 Cloth + 1 Pepper | 5 | 5 | 3 | 0 seals + Bonus Good 1 Pepper | UPGRADE |
| MO-33 | 2 Scroll + 2 Cloth + 1 Pepper | 5 | 5 | 3 | 1 seal | STEAL2 |
| MO-34 | 2 Gem + 2 Scroll + 1 Cloth | 5 | 5 | 3 | 0 seals + Bonus Good 1 Cloth | STEAL2 |
| MO-35 | 2 Gem + 2 Pepper + 1 Cloth | 5 | 5 | 3 | 1 seal | UPGRADE |
| MO-36 | 2 Scroll + 2 Pepper + 1 Cloth | 5 | 5 | 3 | 1 seal | FULFILL_ANOTHER |
"""  # noqa: E501 (rows copied verbatim from RULES.md)

CAT = monsoon.catalog(Rules())


def test_default_goods_match_rules_4_2_2() -> None:
    expected = {}
    for first, last, label, quantity in GOODS_TABLE:
        for i in range(first, last + 1):
            expected[f"MG-{i:02d}"] = (tuple(Good(g) for g in label.split("/")), quantity)
    assert {cid: (c.goods, c.quantity) for cid, c in CAT.goods.items()} == expected
    assert len(CAT.goods) == 38
    assert sum(c.quantity for c in CAT.goods.values()) == 88
    cards_per_good = Counter(g for c in CAT.goods.values() for g in c.goods)
    assert cards_per_good == Counter({Good.GEM: 10, Good.SCROLL: 10, Good.PEPPER: 10,
                                      Good.CLOTH: 10, Good.LEATHER: 2, Good.WOOD: 2})
    most = Counter()  # type: Counter[Good]
    for c in CAT.goods.values():
        for g in c.goods:
            most[g] += c.quantity
    assert most == Counter({Good.GEM: 20, Good.SCROLL: 20, Good.PEPPER: 20, Good.CLOTH: 20,
                            Good.LEATHER: 6, Good.WOOD: 8})  # D-M-03


def parse_orders_table() -> dict[str, tuple[object, ...]]:
    rows = {}
    for line in ORDERS_TABLE.strip().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        oid, req, total, gold, silver, bulk, action = cells
        lines = tuple((Good(part.split()[1]), int(part.split()[0])) for part in req.split(" + "))
        seal_text, _, good_text = bulk.partition(" + Bonus Good ")
        bonus = (Good(good_text.split()[1]), int(good_text.split()[0])) if good_text else (None, 0)
        rows[oid] = (lines, int(total), int(gold), int(silver), int(seal_text.split()[0]),
                     *bonus, BonusAction(action.lower()))
    return rows


def test_default_orders_match_rules_4_2_3() -> None:
    actual = {
        oid: (tuple((r.good, r.quantity) for r in o.requirements), o.total, o.gold, o.silver,
              o.bulk, o.bonus_good, o.bonus_quantity, o.bonus_action)
        for oid, o in CAT.orders.items()
    }
    assert actual == parse_orders_table()
    assert len(CAT.orders) == 36
    assert Counter(o.bonus_action for o in CAT.orders.values()) == Counter(
        {a: 9 for a in BonusAction})
    with_goods = [o for o in CAT.orders.values() if o.bonus_good is not None]
    assert len(with_goods) == 16
    assert Counter(o.bonus_good for o in with_goods) == Counter(
        {Good.GEM: 4, Good.SCROLL: 4, Good.PEPPER: 4, Good.CLOTH: 4})
    assert Counter(o.bonus_action for o in with_goods) == Counter({a: 4 for a in BonusAction})
    assert sum(o.gold for o in CAT.orders.values()) == 144


def test_write_default_data_round_trip(tmp_path: Path) -> None:
    paths = monsoon.write_default_data(tmp_path / "cards")
    assert [p.name for p in paths] == ["goods.csv", "orders.csv"]
    assert load_goods(paths[0]) == CAT.goods
    assert load_orders(paths[1]) == CAT.orders


def broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    goods, orders = monsoon.write_default_data(tmp_path)
    path = goods if name == "goods" else orders
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


# The shipped files have two comment lines, then the header on line 3; MG-k is on line 3 + k.
@pytest.mark.parametrize(("name", "old", "new", "row", "column", "words"), [
    ("goods", "id,goods,quantity", "id,goods,quantity,colour", 3, "colour", "unknown column"),
    ("goods", "id,goods,quantity", "id,goods,qty", 3, "qty", "unknown column"),
    ("goods", "id,goods,quantity", "id,goods", 3, "quantity", "missing"),
    ("goods", "MG-05,Gem,3", "MG-05,Gem,three", 8, "quantity", "not a whole number"),
    ("goods", "MG-05,Gem,3", "MG-05,Gem,5", 8, "quantity", "above the maximum 4"),
    ("goods", "MG-05,Gem,3", "MG-05,Gem,0", 8, "quantity", "below the minimum 1"),
    ("goods", "MG-35,Leather,3", "MG-35,Leather,2", 38, "quantity", "Leather always"),
    ("goods", "MG-37,Wood,4", "MG-37,Wood,3", 40, "quantity", "Wood always"),
    ("goods", "MG-29,Gem/Scroll,1", "MG-29,Gem/Gem,1", 32, "goods", "two different goods"),
    ("goods", "MG-29,Gem/Scroll,1", "MG-29,Gem/Leather,1", 32, "goods", "main goods only"),
    ("goods", "MG-12,Scroll,3", "MG-12,Silk,3", 15, "goods", "'Silk' is not one of"),
    ("goods", "MG-38,Wood,4", "MG-37,Wood,4", 41, "id", "already appears on row 40"),
    ("orders", "MO-04,2 Scroll + 1 Gem", "MO-04,2 Wood + 1 Gem", 7, "requirements", "Wood"),
    ("orders", "MO-04,2 Scroll + 1 Gem", "MO-04,2 Scroll + 1 Scroll", 7, "requirements",
     "two lines"),
    ("orders", "MO-04,2 Scroll + 1 Gem", "MO-04,two Scroll + 1 Gem", 7, "requirements",
     "'two Scroll'"),
    ("orders", "MO-13,4 Gem,4,2,1,Gem,1,fulfill_another", "MO-13,4 Gem,4,2,-1,Gem,1,"
     "fulfill_another", 16, "bulk", "below the minimum 0"),
    ("orders", "MO-14,4 Gem,4,2,1,,,upgrade", "MO-14,4 Gem,4,2,1,,,dance", 17, "bonus_action",
     "'dance'"),
    ("orders", "MO-14,4 Gem,4,2,1,,,upgrade", "MO-14,4 Gem,4,2,1,,2,upgrade", 17,
     "bonus_quantity", "without a bonus_good"),
    ("orders", "MO-36,", "MO-35,", 39, "id", "already appears on row 38"),
])
def test_broken_file_names_file_row_column(
    tmp_path: Path, name: str, old: str, new: str, row: int, column: str, words: str
) -> None:
    path = broken(tmp_path, name, old, new)
    loader = load_goods if name == "goods" else load_orders
    with pytest.raises(CardDataError) as err:
        loader(path)
    assert (err.value.file, err.value.row, err.value.column) == (str(path), row, column)
    assert words in err.value.problem
    assert f"row {row}" in str(err.value) and str(path) in str(err.value)


def test_wrong_card_count(tmp_path: Path) -> None:
    path = broken(tmp_path, "goods", "MG-38,Wood,4\n", "")
    with pytest.raises(CardDataError) as err:
        load_goods(path)
    assert (err.value.file, err.value.row, err.value.column) == (str(path), None, None)
    assert "has 37 cards" in err.value.problem and "M-COMP-01" in err.value.problem
    orders = broken(tmp_path / "o", "orders", "MO-36,2 Scroll + 2 Pepper + 1 Cloth,5,3,1,,,"
                    "fulfill_another\n", "")
    with pytest.raises(CardDataError, match="has 35 Orders"):
        load_orders(orders)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CardDataError) as err:
        monsoon.setup(Rules(goods_deck=str(tmp_path / "nope.csv")), seed=0)
    assert err.value.file == str(tmp_path / "nope.csv") and "not found" in err.value.problem


def test_rules_play_with_an_owners_edited_files(tmp_path: Path) -> None:
    goods, orders = monsoon.write_default_data(tmp_path)
    # the owner's real cards: MO-01 pays 6 seals at Gold; MG-01 is a Gem/Cloth hybrid
    orders.write_text(orders.read_text().replace("MO-01,2 Gem + 1 Scroll,3,2,0",
                                                 "MO-01,2 Gem + 1 Scroll,6,2,0"))
    goods.write_text(goods.read_text().replace("MG-01,Gem,1", "MG-01,Gem/Cloth,1"))
    rules = Rules(goods_deck=str(goods), order_deck=str(orders))
    assert monsoon.catalog(rules).goods["MG-01"].goods == (Good.GEM, Good.CLOTH)
    s = position(displays=[["MG-02", "MG-08"], ["MG-38"]], order_display=["MO-01"], rules=rules)
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-08", "P0 declare gold")
    assert owned(s, 0) == [("MO-01", "gold", False)] and seals(s) == (6, 0)
    assert len(monsoon.setup(rules, seed=1).goods_deck) == 26


def test_edits_after_a_first_load_are_seen(tmp_path: Path) -> None:
    """An owner plays with the written-out defaults, edits the file, and plays again."""
    goods, orders = monsoon.write_default_data(tmp_path)
    rules = Rules(goods_deck=str(goods), order_deck=str(orders))
    assert monsoon.catalog(rules).orders["MO-01"].gold == 3
    orders.write_text(orders.read_text().replace("MO-01,2 Gem + 1 Scroll,3,2,0",
                                                 "MO-01,2 Gem + 1 Scroll,6,2,0"))
    again = Rules(goods_deck=str(goods), order_deck=str(orders))
    s = position(displays=[["MG-02", "MG-08"], ["MG-38"]], order_display=["MO-01"], rules=again)
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-08", "P0 declare gold")
    assert seals(s) == (6, 0)
    assert monsoon.catalog(monsoon.setup(rules, seed=0)).orders["MO-01"].gold == 6
    orders.write_text(orders.read_text().replace("MO-01,2 Gem + 1 Scroll,6,2,0",
                                                 "MO-01,2 Wood + 1 Scroll,6,2,0"))
    with pytest.raises(CardDataError) as err:
        monsoon.setup(again, seed=0)
    assert (err.value.row, err.value.column) == (4, "requirements")
