"""Fulfilment levels (M-FUL-04..06), seals (M-SEAL-01) and the end of the game (M-END-01..03).

An *item* is what a spend contributes: ``(goods, quantity)`` for a Goods card (``goods`` has two
entries for a hybrid, which counts as either but never both: M-COMP-03, A-M-04) or for a Bonus
Good (M-BG-01). Each item gives its whole quantity to one good.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from marketlib.core.game import places
from marketlib.monsoon import queries
from marketlib.monsoon.cards import Catalog, Good, Level, Order
from marketlib.monsoon.state import Ending, Outcome, Seat, State

Item = tuple[tuple[Good, ...], int]


def _assignments(items: Sequence[Item]) -> Iterable[dict[Good, int]]:
    """Every way of giving each item's quantity to one of its goods, as totals per good."""
    fixed: dict[Good, int] = {}
    hybrids: list[Item] = []
    for goods, quantity in items:
        if len(goods) == 1:
            fixed[goods[0]] = fixed.get(goods[0], 0) + quantity
        else:
            hybrids.append((goods, quantity))
    if not hybrids:
        yield fixed
        return
    for choice in itertools.product(*(goods for goods, _ in hybrids)):
        totals = dict(fixed)
        for good, (_, quantity) in zip(choice, hybrids, strict=True):
            totals[good] = totals.get(good, 0) + quantity
        yield totals


def spent(items: Sequence[Item]) -> int:
    """The goods a spend holds, counted whatever they are (each item's whole quantity)."""
    return sum([quantity for _, quantity in items])


def meets_gold(order: Order, items: Sequence[Item]) -> bool:
    """M-FUL-04: every required good is covered by spent goods of exactly that good."""
    if spent(items) < order.gold_floor:
        return False  # too few goods for any assignment: none is tried
    return any(
        all(totals.get(r.good, 0) >= r.quantity for r in order.requirements)
        for totals in _assignments(items)
    )


def meets_silver(order: Order, items: Sequence[Item]) -> bool:
    """M-FUL-05: each requirement line is covered by one good, a different good per line.

    Matching the largest line to the largest total, and so on down, is optimal.
    """
    if spent(items) < order.total:
        return False  # the lines' goods are different goods: the spend must hold them all
    lines = sorted((r.quantity for r in order.requirements), reverse=True)
    for totals in _assignments(items):
        ranked = sorted(totals.values(), reverse=True)
        if len(ranked) >= len(lines) and all(t >= n for t, n in zip(ranked, lines, strict=False)):
            return True
    return False


def meets_bulk(order: Order, items: Sequence[Item]) -> bool:
    """M-FUL-06: the total quantity spent reaches the Order's total."""
    return spent(items) >= order.total


def meets(order: Order, items: Sequence[Item], level: Level) -> bool:
    """Whether the spend ``items`` meets ``level`` for ``order`` (Gold ⊂ Silver ⊂ Bulk, D-M-06)."""
    if level is Level.GOLD:
        return meets_gold(order, items)
    if level is Level.SILVER:
        return meets_silver(order, items)
    return meets_bulk(order, items)


def best_level(order: Order, items: Sequence[Item]) -> Level | None:
    """The best level the spend meets, or ``None``."""
    for level in Level:
        if meets(order, items, level):
            return level
    return None


def seals_of(seat: Seat, catalog: Catalog) -> int:
    """M-SEAL-01: the sum of the seals on the edge of each Order that faces its owner."""
    orders = catalog.orders
    return sum([orders[o.id].seals(o.level) for o in seat.orders])


def scores(state: State, catalog: Catalog) -> tuple[int, ...]:
    """Every seat's seals."""
    return tuple(seals_of(seat, catalog) for seat in state.seats)


def victory(state: State, catalog: Catalog, player: int) -> Outcome | None:
    """M-END-01/02 (A-M-19): ``player`` wins at once on reaching the seal target."""
    all_scores = scores(state, catalog)
    if all_scores[player] >= state.rules.seal_target:
        return Outcome(winners=(player,), scores=all_scores, ending=Ending.SEAL_TARGET)
    return None


def ranking_keys(state: State, catalog: Catalog) -> tuple[tuple[int, int], ...]:
    """Each seat's M-END-03 ranking key, larger is better: (seals, Gold-edge Orders)."""
    gold = Level.GOLD
    return tuple([(seals_of(seat, catalog), sum([o.level is gold for o in seat.orders]))
                  for seat in state.seats])


def final_ranking(state: State, catalog: Catalog, ending: Ending) -> Outcome:
    """M-END-03 (A-M-06): most seals, then most Gold-edge Orders, then a shared win."""
    keys = ranking_keys(state, catalog)
    best = max(keys)
    winners = tuple(p for p in range(len(state.seats)) if keys[p] == best)
    return Outcome(winners=winners, scores=tuple(k[0] for k in keys), ending=ending)


def standings(state: State) -> tuple[int | None, ...]:
    """Each seat's final place in a finished game (1 = won), following the engine's outcome.

    The winners of ``outcome(state)`` take place 1: the seat that reached the seal target
    (M-END-01/02), or, when the game ended without it (Orders exhausted, M-END-03; a stalemate,
    A-M-26; the turn cap, A-M-06), the seats with most seals and then most Gold-edge Orders,
    several of them in a shared win. Every other seat is placed by the same keys (seals, then
    Gold-edge Orders), with equal keys sharing a place ("1, 2, 2, 4"); a seat that did not win
    never has place 1, even on equal seals.

    Raises:
        ValueError: the game is not over.

    Example:
        >>> from marketlib import monsoon
        >>> from marketlib.sim import play
        >>> rec = play("monsoon", monsoon.Rules(players=3, max_turns=30), ["random"], seed=52)
        >>> print(rec.outcome)  # seats 0 and 2 on 6 seals: seat 2 has more Gold-edge Orders
        P2 won (turn_limit); scores [6, 3, 6]
        >>> standings(rec.to_match().state)
        (2, 3, 1)
    """
    result = state.result
    if result is None:
        raise ValueError("the game is not over: standings exist only for a finished game")
    return places(result.winners, ranking_keys(state, queries.catalog(state)))
