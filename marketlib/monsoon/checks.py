"""Legality: one check per action type (docs: "Games and the registry") and the
well-formedness of an action (``check_ids``); ``explain`` in :mod:`marketlib.monsoon.rules`
runs them. The candidate actions of each phase are in :mod:`.offers`, what the checks ask of
one state in :mod:`.facts`.

Each check returns a :class:`~marketlib.core.errors.Violation` naming the rule it breaks, or
``None``. ``legal_actions`` and ``apply`` both rest on these, so they can never disagree.
"""

from __future__ import annotations

from typing import Any

from marketlib.core.errors import InvalidAction, Violation, Why, action_text, refuse
from marketlib.core.errors import violation as _v
from marketlib.core.notation import unknown_id
from marketlib.monsoon.actions import (
    Buy,
    Declare,
    Fulfill,
    Keep,
    Pass,
    Skip,
    Spend,
    SpendBonus,
    Steal,
    Take,
    Upgrade,
)
from marketlib.monsoon.cards import BonusAction, Level, Order
from marketlib.monsoon.facts import Facts
from marketlib.monsoon.queries import (
    catalog,
    must_pass,
    where_is,
)
from marketlib.monsoon.scoring import Item, spent
from marketlib.monsoon.state import BonusPending, FulfillPending, State, TakePending

BONUS_RULE = {
    BonusAction.UPGRADE: "M-BA-01",
    BonusAction.KEEP1: "M-BA-02",
    BonusAction.FULFILL_ANOTHER: "M-BA-03",
    BonusAction.STEAL2: "M-BA-04",
}
LEVEL_RULE = {Level.GOLD: "M-FUL-04", Level.SILVER: "M-FUL-05", Level.BULK: "M-FUL-06"}
BONUS_WAITING = {
    BonusAction.UPGRADE: "the Bonus Action of {order} is to upgrade an Order: take it or skip",
    BonusAction.KEEP1: "the Bonus Action of {order} is to keep 1 spent card: take it or skip",
    BonusAction.FULFILL_ANOTHER: "the Bonus Action of {order} is to fulfil another Order: take "
                                 "it or skip",
    BonusAction.STEAL2: "the Bonus Action of {order} is to steal 2 cards: take it or skip",
}
"""What waits when another move is tried during a Bonus Action, in words (the registered
refusals of ``words.REFUSALS``; the action's code, ``steal2``, is no word for a learner)."""


def _bonus_mismatch(state: State, wanted: BonusAction) -> Violation | None:
    pending = state.pending
    if state.phase == "bonus" and isinstance(pending, BonusPending) and pending.action != wanted:
        return _v(BONUS_RULE[pending.action],
                  BONUS_WAITING[pending.action].format(order=pending.order))
    return None


def check_steal(state: State, a: Steal, f: Facts) -> Why | None:
    if state.phase == "bonus":
        wrong = _bonus_mismatch(state, BonusAction.STEAL2)
        if wrong:
            return wrong
    card = a.card
    if card in f.cat.orders:
        return _order_named(state, card, "M-STEAL-04", "can never be stolen (M-BG-03)",
                            "M-STEAL-02", "only Goods cards can be stolen (from the Market or "
                            "a display)")
    limit = state.rules.display_limit
    if len(state.seats[a.player].display) >= limit:
        return _v("M-STEAL-01", f"your display is full ({limit} cards): you cannot steal")
    if card in state.market:
        return None
    owner = f.owner(card)
    if owner is None:
        return _v("M-STEAL-02", f"{card} is in {where_is(state, card)}: you may steal only "
                  "from the Market or another player's display")
    if owner == a.player:
        return _v("M-STEAL-03", f"{card} is already in your display: you may steal only from "
                  "the Market or another player's display")
    mine, theirs = f.steal_count(a.player), f.steal_count(owner)
    if theirs <= mine:
        return refuse("M-STEAL-03", lambda: f"P{owner} has {theirs} card"
                      f"{'' if theirs == 1 else 's'} and you have {mine}: you may only steal "
                      "from a display larger than yours")
    return None


def _order_named(
    state: State, order: str, bonus_rule: str, bonus_says: str, rule: str, says: str
) -> Violation:
    """An Order ID given where a Goods card belongs: a Bonus Good on an owned Order gets the
    Bonus Good rule; any other Order is simply not a Goods card."""
    for seat in state.seats:
        for o in seat.orders:
            if o.id == order and o.bonus:
                return _v(bonus_rule, f"the Bonus Good on {order} {bonus_says}")
    return _v(rule, f"{order} is an Order, not a Goods card: {says}")


def check_buy(state: State, a: Buy, f: Facts) -> Violation | None:
    cat = f.cat
    if a.card in cat.orders:
        return _order_named(state, a.card, "M-BUY-04", "cannot be spent to Buy (M-BG-02)",
                            "M-BUY-01", "a Buy spends one of your Goods cards")
    seat = state.seats[a.player]
    if a.card not in seat.display:
        return _v("M-BUY-01", f"{a.card} is not in your display: spend one of your own cards")
    if state.rules.buy_overflow == "illegal":
        room = state.rules.display_limit - (len(seat.display) - 1)
        quantity = cat.goods[a.card].quantity
        if quantity > room:
            return _v("M-BUY-03", f"{a.card} would take {quantity} cards but your display has room "
                      f"for {room} (buy_overflow='illegal')")
    return None


def check_take(state: State, a: Take, f: Facts) -> Violation | None:
    if a.card not in state.market:
        return _v("M-BUY-01", f"{a.card} is not in the Market")
    return None


def check_fulfill(state: State, a: Fulfill, f: Facts) -> Why | None:
    if state.phase == "bonus":
        wrong = _bonus_mismatch(state, BonusAction.FULFILL_ANOTHER)
        if wrong:
            return wrong
    if a.order not in state.order_display:
        return _v("M-FUL-01", f"{a.order} is not in the Order display")
    need = f.cat.orders[a.order].total
    have = f.available(a.player)
    if have < need:
        return refuse("M-FUL-06", lambda: f"{a.order} needs {need} goods even at Bulk and you "
                      f"hold only {have}")
    return None


def check_spend(state: State, a: Spend, f: Facts) -> Violation | None:
    if a.card not in state.seats[a.player].display:
        pending = state.pending
        if isinstance(pending, FulfillPending) and a.card in pending.cards:
            return _v("M-FUL-01", f"{a.card} is already spent on {pending.order}")
        return _v("M-FUL-01", f"{a.card} is not in your display")
    return None


def check_spend_bonus(state: State, a: SpendBonus, f: Facts) -> Violation | None:
    pending = state.pending
    assert isinstance(pending, FulfillPending)
    if a.order in pending.bonus_goods:
        return _v("M-BG-05", f"the Bonus Good on {a.order} is already spent")
    mine = {o.id: o for o in state.seats[a.player].orders}
    if a.order not in mine or not mine[a.order].bonus:
        return _v("M-BG-01", f"you have no unspent Bonus Good on {a.order}")
    return None


def check_declare(state: State, a: Declare, f: Facts) -> Why | None:
    pending = state.pending
    assert isinstance(pending, FulfillPending)
    order = f.cat.orders[pending.order]
    items = f.spend_items(pending)
    if not f.meets(order, a.level):
        return refuse(LEVEL_RULE[a.level], lambda: _unmet(order, a.level, items))
    if not state.rules.allow_declared_lower_level:
        for better in Level:
            if better == a.level:
                break
            if f.meets(order, better):
                return _v("M-FUL-07", f"the spend meets {better.value}; declaring a lower level "
                          "is switched off (allow_declared_lower_level=False)")
    return None


def _unmet(order: Order, level: Level, items: list[Item]) -> str:
    total = spent(items)
    label = order.label
    if level is Level.GOLD:
        return f"Gold needs {label} of exactly those goods, and the spend does not cover that"
    if level is Level.SILVER and len(order.requirements) == 1:  # D-M-07: any one type
        return (f"Silver on a one-line Order needs {order.requirements[0].quantity} goods of "
                "a single type (any type, D-M-07), and the spend does not cover that")
    if level is Level.SILVER:
        return (f"Silver needs each line of {label} covered by a different good, and the spend "
                "does not cover that")
    return f"Bulk needs a total of at least the Order's quantity ({label}); the spend has {total}"


def check_upgrade(state: State, a: Upgrade, f: Facts) -> Violation | None:
    wrong = _bonus_mismatch(state, BonusAction.UPGRADE)
    if wrong:
        return wrong
    pending = state.pending
    assert isinstance(pending, BonusPending)
    if a.order == pending.order:
        return _v("M-BA-01", f"Upgrade turns one of your *other* Orders, not {a.order} itself")
    mine = {o.id: o for o in state.seats[a.player].orders}
    if a.order not in mine:
        return _v("M-BA-01", f"{a.order} is not one of your fulfilled Orders")
    if mine[a.order].level is Level.GOLD:
        return _v("M-BA-01", f"{a.order} is already Gold")
    return None


def check_keep(state: State, a: Keep, f: Facts) -> Violation | None:
    wrong = _bonus_mismatch(state, BonusAction.KEEP1)
    if wrong:
        return wrong
    pending = state.pending
    assert isinstance(pending, BonusPending)
    if a.card in f.cat.orders:
        return _v("M-BA-02", f"{a.card} is an Order: a Bonus Good cannot be kept, only a Goods "
                  "card spent on this Order (A-M-16)")
    if a.card not in pending.spent:
        return _v("M-BA-02", f"{a.card} was not spent on {pending.order}: Keep 1 returns one of "
                  "the Goods cards spent on it to your display")
    return None


def check_skip(state: State, a: Skip, f: Facts) -> Violation | None:
    if state.phase == "take" and not state.rules.buy_take_fewer:
        assert isinstance(state.pending, TakePending)
        return _v("M-BUY-03", f"take exactly {state.pending.remaining} more Market card(s): a "
                  "buyer may not take fewer (A-M-09)")
    return None


def check_pass(state: State, a: Pass, f: Facts) -> Violation | None:
    if not state.rules.allow_pass and not must_pass(state, a.player):
        return _v("M-TURN-01", "passing is switched off (allow_pass=False): steal, buy or fulfill "
                  "(a pass is allowed only when you can do none of them, A-M-26)")
    return None


_CARD_ACTIONS = (Steal, Buy, Take, Spend, Keep)
_ORDER_ACTIONS = (Fulfill, SpendBonus, Upgrade)
_BONUS_NAMED = (Steal, Buy, Keep)


def check_ids(state: State, action: Any) -> None:
    """Malformed actions (docs: "Games and the registry"): ``InvalidAction``, never a
    ``TypeError``. Cheap: this runs on every ``apply``. A message shows the action as the table
    writes it (``P1 steal MG-99``), or its ``repr`` when a field has the wrong type, so the type
    shows (``player='0'``): :func:`~marketlib.core.errors.action_text`."""
    player = action.player
    if type(player) is not int or not 0 <= player < len(state.seats):
        raise InvalidAction(f"{action_text(action)}: there is no seat {player!r} (seats are "
                            f"whole numbers 0-{len(state.seats) - 1})")
    cat = catalog(state)
    if isinstance(action, _CARD_ACTIONS):
        card = action.card
        if type(card) is not str:
            raise InvalidAction(f"{action_text(action)}: the card must be an ID like 'MG-05', "
                                f"not {card!r}")
        # naming an Order (a Bonus Good's carrier) here gets a rule-based answer
        if card not in cat.goods and not (isinstance(action, _BONUS_NAMED)
                                          and card in cat.orders):
            raise InvalidAction(f"{action_text(action)}: "
                                f"{unknown_id(card, cat.goods, 'a Goods card of this deck')}")
    elif isinstance(action, _ORDER_ACTIONS):
        order = action.order
        if type(order) is not str:
            raise InvalidAction(f"{action_text(action)}: the Order must be an ID like 'MO-03', not "
                                f"{order!r}")
        if order not in cat.orders:
            raise InvalidAction(f"{action_text(action)}: "
                                f"{unknown_id(order, cat.orders, 'an Order of this deck')}")
    elif isinstance(action, Declare) and not isinstance(action.level, Level):
        raise InvalidAction(f"{action_text(action)}: the level must be gold, silver or bulk")

