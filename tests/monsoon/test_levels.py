"""M-FUL-04/05: the Gold and Silver tests stop early when a spend holds too few goods; that stop
never changes an answer. Checked against the search over every assignment of the items, for
the shipped Orders and for made-up ones (lines that repeat a good included)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from marketlib.monsoon.cards import BonusAction, Good, Order, Requirement
from marketlib.monsoon.queries import catalog
from marketlib.monsoon.rules import Rules, setup
from marketlib.monsoon.scoring import _assignments, meets_gold, meets_silver

MAIN = [Good.GEM, Good.SCROLL, Good.PEPPER, Good.CLOTH]
SHIPPED = list(catalog(setup(Rules(players=2), seed=0)).orders.values())


def gold_by_search(order: Order, items: list[tuple[tuple[Good, ...], int]]) -> bool:
    return any(all(t.get(r.good, 0) >= r.quantity for r in order.requirements)
               for t in _assignments(items))


def silver_by_search(order: Order, items: list[tuple[tuple[Good, ...], int]]) -> bool:
    lines = sorted((r.quantity for r in order.requirements), reverse=True)
    return any(len(ranked := sorted(t.values(), reverse=True)) >= len(lines)
               and all(a >= n for a, n in zip(ranked, lines, strict=False))
               for t in _assignments(items))


items_st = st.lists(st.tuples(st.lists(st.sampled_from(list(Good)), min_size=1, max_size=2,
                                       unique=True).map(tuple),
                              st.integers(1, 3)), max_size=6)
made_up = st.builds(
    lambda lines: Order(id="OR-T", requirements=tuple(Requirement(g, q) for g, q in lines),
                        gold=3, silver=2, bulk=1, bonus_action=BonusAction.UPGRADE),
    st.lists(st.tuples(st.sampled_from(MAIN), st.integers(1, 4)), min_size=1, max_size=3))


@settings(max_examples=300, deadline=None)
@given(order=st.one_of(st.sampled_from(SHIPPED), made_up), items=items_st)
def test_gold_and_silver_match_the_full_search(order: Order, items: list) -> None:
    assert meets_gold(order, items) is gold_by_search(order, items)
    assert meets_silver(order, items) is silver_by_search(order, items)


def test_gold_floor_counts_a_repeated_good_once() -> None:
    order = Order(id="OR-T", requirements=(Requirement(Good.GEM, 2), Requirement(Good.GEM, 3)),
                  gold=3, silver=2, bulk=1, bonus_action=BonusAction.UPGRADE)
    assert order.gold_floor == 3 and order.total == 5
    assert meets_gold(order, [((Good.GEM,), 3)])  # 3 Gems cover both Gem lines (M-FUL-04)
    assert not meets_silver(order, [((Good.GEM,), 3)])  # Silver needs two different goods
