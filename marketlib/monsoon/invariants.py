"""``check_invariants``: what must hold in every Monsoon Market state.

Used by the conformance kit at every decision, by ``Match.from_state`` and by ``Match.from_dict``
on a save file's start state, so it must cope with any decoded state: it checks the structure
first (seat count, seat numbers, counters, every card ID known, the pending decision consistent
with the phase) and only then conservation and limits, and it reports problems as text naming the
field (``seats[1].orders[0].id: unknown Order 'MO-99'``). It never raises.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from marketlib.core.errors import CardDataError
from marketlib.core.game import Outcome
from marketlib.monsoon.cards import BonusAction, Catalog, Level
from marketlib.monsoon.options import Rules
from marketlib.monsoon.queries import catalog
from marketlib.monsoon.scoring import seals_of
from marketlib.monsoon.state import BonusPending, FulfillPending, State, TakePending
from marketlib.monsoon.view import _visible_goods, _visible_orders, view

_PHASES = ("action", "take", "spend", "bonus", "end", "over")


def _counter(value: object, name: str, problems: list[str]) -> None:
    if type(value) is not int or value < 0:
        problems.append(f"{name}: must be a whole number >= 0, not {value!r}")


def _ids(
    where: str, cards: Iterable[str], known: Iterable[str], kind: str, problems: list[str]
) -> None:
    known_set = set(known)
    for i, card in enumerate(cards):
        if type(card) is not str or card not in known_set:
            problems.append(f"{where}[{i}]: unknown {kind} {card!r}")


def _structure(state: State, cat: Catalog) -> list[str]:
    """Problems that would make the other checks (or the rules) fail: checked first."""
    problems: list[str] = []
    rules = state.rules
    n = len(state.seats)
    if n != rules.players:
        problems.append(f"seats: {n} seats but rules.players is {rules.players}")
    if type(state.current) is not int or not 0 <= state.current < n:
        seats = f"0-{n - 1}" if n else "there are no seats"
        problems.append(f"current: {state.current!r} is not a seat ({seats})")
    for name in ("turn", "reshuffles", "forced_passes", "forced_turns"):
        _counter(getattr(state, name), name, problems)
    if state.phase not in _PHASES:
        problems.append(f"phase: {state.phase!r} is not one of {', '.join(_PHASES)}")
    goods, orders = cat.goods, cat.orders
    _ids("goods_deck", state.goods_deck, goods, "Goods card", problems)
    _ids("market", state.market, goods, "Goods card", problems)
    _ids("discard", state.discard, goods, "Goods card", problems)
    _ids("order_deck", state.order_deck, orders, "Order", problems)
    _ids("order_display", state.order_display, orders, "Order", problems)
    for p, seat in enumerate(state.seats):
        _ids(f"seats[{p}].display", seat.display, goods, "Goods card", problems)
        _ids(f"seats[{p}].orders", (o.id for o in seat.orders), orders, "Order", problems)
        for i, o in enumerate(seat.orders):
            if not isinstance(o.level, Level):
                problems.append(f"seats[{p}].orders[{i}].level: {o.level!r} is not gold, silver "
                                "or bulk")
            if type(o.bonus) is not bool:
                problems.append(f"seats[{p}].orders[{i}].bonus: {o.bonus!r} is not true/false")
    pending = state.pending
    if isinstance(pending, FulfillPending):
        _ids("pending.order", (pending.order,), orders, "Order", problems)
        _ids("pending.cards", pending.cards, goods, "Goods card", problems)
        _ids("pending.bonus_goods", pending.bonus_goods, orders, "Order", problems)
    elif isinstance(pending, BonusPending):
        _ids("pending.order", (pending.order,), orders, "Order", problems)
        _ids("pending.spent", pending.spent, goods, "Goods card", problems)
        _counter(pending.steals_left, "pending.steals_left", problems)
    elif isinstance(pending, TakePending):
        _counter(pending.remaining, "pending.remaining", problems)
    result = state.result
    if result is not None:
        problems += _result(result, n)
    return problems


def _result(result: Outcome, n: int) -> list[str]:
    problems = []
    if len(result.scores) != n:
        problems.append(f"result.scores: {len(result.scores)} scores for {n} seats")
    for w in result.winners:
        if not 0 <= w < n:
            problems.append(f"result.winners: there is no seat {w}")
    return problems


def _pending(state: State) -> list[str]:
    """The pending decision agrees with the phase and with the table."""
    problems: list[str] = []
    pending = state.pending
    expected: dict[object, tuple[str, ...]] = {
        None: ("action", "over"), "take": ("take",), "fulfill": ("spend",), "bonus": ("bonus",)
    }
    tag = None if pending is None else type(pending).__struct_config__.tag
    if state.phase not in expected[tag]:
        problems.append(f"phase {state.phase!r} does not match pending {tag!r}")
    if (state.phase == "over") != (state.result is not None):
        problems.append("phase: 'over' exactly when the game has a result")
    seat = state.seats[state.current]
    mine = {o.id: o for o in seat.orders}
    who = f"P{state.current}"
    if isinstance(pending, TakePending) and not 1 <= pending.remaining <= len(state.market):
        problems.append(f"pending.remaining: {pending.remaining} cards to take but the Market "
                        f"holds {len(state.market)} (M-BUY-03)")
    if isinstance(pending, FulfillPending):
        if len(set(pending.bonus_goods)) != len(pending.bonus_goods):
            problems.append("pending.bonus_goods: a Bonus Good is spent twice (M-BG-05)")
        for oid in pending.bonus_goods:
            if oid not in mine or not mine[oid].bonus:
                problems.append(f"pending.bonus_goods: {who} has no unspent Bonus Good on {oid} "
                                "(M-BG-01)")
    if isinstance(pending, BonusPending):
        if pending.order not in mine:
            problems.append(f"pending.order: {pending.order} is not one of {who}'s Orders")
        for card in pending.spent:
            if card not in state.discard:
                problems.append(f"pending.spent: {card} is not in the discard pile (M-BA-02)")
        steals = (1, 2) if pending.action is BonusAction.STEAL2 else (0,)
        if pending.steals_left not in steals:
            problems.append(f"pending.steals_left: {pending.steals_left} for a "
                            f"{pending.action.value} Bonus Action (M-BA-04)")
    return problems


def check_invariants(state: State) -> list[str]:
    """Everything that must hold in every state, as a list of problems (empty: all is well).

    Structure first (seat count against ``rules.players``, ``current`` a seat, counters >= 0,
    every card ID known, the pending decision consistent with the phase); then conservation
    (every card in exactly one place), limits (display, Market and Order display sizes), Bonus
    Goods only on Bulk edges, the seal target not already reached, and views that hide the decks.
    Each problem names the field or card. Never raises.

    Example:
        >>> from marketlib.monsoon import Rules, setup
        >>> s = setup(Rules(players=2), seed=1)
        >>> check_invariants(s)
        []
        >>> check_invariants(s.replace(current=2, turn=-1))
        ['current: 2 is not a seat (0-1)', 'turn: must be a whole number >= 0, not -1']
    """
    if not isinstance(state, State) or not isinstance(state.rules, Rules):
        return [f"not a Monsoon Market state: {type(state).__name__}"]
    try:
        cat = catalog(state)
    except CardDataError as err:
        return [f"cards: {err}"]
    problems = _structure(state, cat)
    if problems:
        return problems
    problems = _pending(state)
    rules = state.rules
    goods = Counter(list(state.goods_deck) + _visible_goods(state))
    if goods != Counter(list(cat.goods)):
        missing = set(cat.goods) - set(goods)
        doubled = [c for c, n in goods.items() if n > 1]
        problems.append(f"Goods not each in one place (missing {sorted(missing)}, "
                        f"doubled {sorted(doubled)})")
    orders = Counter(list(state.order_deck) + _visible_orders(state))
    if orders != Counter(list(cat.orders)):
        missing = set(cat.orders) - set(orders)
        doubled = [c for c, n in orders.items() if n > 1]
        problems.append(f"Orders not each in exactly one place (missing {sorted(missing)}, "
                        f"doubled {sorted(doubled)})")
    for p, seat in enumerate(state.seats):
        if len(seat.display) > rules.display_limit:
            problems.append(f"P{p} holds {len(seat.display)} cards (M-SETUP-04)")
        for o in seat.orders:
            if o.bonus and (o.level is not Level.BULK or cat.orders[o.id].bonus_good is None):
                problems.append(f"P{p}'s {o.id} has a Bonus Good off a Bulk edge (M-BG-04)")
    if len(state.market) > rules.market_size:
        problems.append("the Market is over size (M-SETUP-02)")
    if len(state.order_display) > rules.order_display_size:
        problems.append("the Order display is over size (M-SETUP-01)")
    seals = tuple(seals_of(s, cat) for s in state.seats)
    if state.result is not None:
        if state.result.scores != seals:
            problems.append("outcome scores differ from the seals of the facing edges (M-SEAL-01)")
    else:
        if max(seals) >= rules.seal_target:
            problems.append("a player reached the seal target but the game goes on (M-END-01)")
        if rules.max_turns is not None and state.turn >= rules.max_turns:
            problems.append(f"turn: {state.turn} turns played but max_turns is "
                            f"{rules.max_turns}: the game would be over (A-M-06)")
        if state.forced_passes >= len(state.seats):
            problems.append("forced_passes: every seat was forced to pass: the game would be "
                            "over (A-M-26)")
    for p in range(len(state.seats)):
        seen = view(state, p)
        if seen.goods_deck is not None or seen.order_deck is not None or seen.shuffle_key:
            problems.append(f"P{p}'s view shows a deck order or the reshuffle key (A-M-25)")
    return problems
