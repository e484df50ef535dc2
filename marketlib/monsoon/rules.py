"""The Monsoon Market rules: setup, legality (``explain``), ``legal_actions`` and ``apply``.

One legality check feeds both ``legal_actions`` and ``apply`` (STYLE 5): each action type has a
check that returns a :class:`~marketlib.core.errors.Violation` naming its rule ID, or ``None``.
``apply`` refuses an illegal action with :class:`~marketlib.core.errors.IllegalAction` and never
changes the state it was given. The turn structure is the phase table ``FLOW``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from marketlib.core.errors import IllegalAction, InvalidAction, Violation
from marketlib.core.flow import Flow, Phase
from marketlib.core.game import Ending, Outcome
from marketlib.monsoon.actions import (
    ACTION_TYPES,
    Action,
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
from marketlib.monsoon.cards import BonusAction, Catalog, Level, load_catalog, reload_catalog
from marketlib.monsoon.scoring import Item, final_ranking, meets, victory
from marketlib.monsoon.state import (
    BonusPending,
    FulfillPending,
    OwnedOrder,
    Rules,
    Seat,
    State,
    TakePending,
)

BONUS_RULE = {
    BonusAction.UPGRADE: "M-BA-01",
    BonusAction.KEEP1: "M-BA-02",
    BonusAction.FULFILL_ANOTHER: "M-BA-03",
    BonusAction.STEAL2: "M-BA-04",
}
LEVEL_RULE = {Level.GOLD: "M-FUL-04", Level.SILVER: "M-FUL-05", Level.BULK: "M-FUL-06"}
_UP = {Level.BULK: Level.SILVER, Level.SILVER: Level.GOLD}


def catalog(state: State | Rules) -> Catalog:
    """The cards in play for ``state`` (or rules): the default reconstruction or the owner's."""
    rules = state.rules if isinstance(state, State) else state
    return load_catalog(rules.goods_deck, rules.order_deck)


# --------------------------------------------------------------------------- setup
def setup(rules: Rules, seed: int) -> State:
    """Deal a new game (M-SETUP-01..06): shuffle both decks with ``seed``, reveal 4 Orders and
    4 Market cards, deal 4 Goods face up to each player.

    Raises:
        CardDataError: a custom deck file is broken.
        ValueError: the Goods deck is too small for the player count.

    Example:
        >>> s = setup(Rules(players=3), seed=1)
        >>> len(s.market), len(s.goods_deck), len(s.order_deck)
        (4, 22, 32)
    """
    cat = reload_catalog(rules.goods_deck, rules.order_deck)  # an owner's latest edits
    rng = random.Random(seed)
    orders = list(cat.orders)
    rng.shuffle(orders)
    goods = list(cat.goods)
    rng.shuffle(goods)
    need = rules.market_size + rules.starting_goods * rules.players
    if need > len(goods):
        raise ValueError(f"{len(goods)} Goods cannot deal {need} (M-SETUP-02/03)")
    market = tuple(goods[: rules.market_size])
    seats = []
    at = rules.market_size
    for _ in range(rules.players):
        seats.append(Seat(display=tuple(goods[at : at + rules.starting_goods])))
        at += rules.starting_goods
    first = rng.randrange(rules.players) if rules.first_player == "random" else rules.first_player
    assert isinstance(first, int)
    return State(
        rules=rules,
        goods_deck=tuple(goods[at:]),
        market=market,
        discard=(),
        order_deck=tuple(orders[rules.order_display_size :]),
        order_display=tuple(orders[: rules.order_display_size]),
        seats=tuple(seats),
        current=first,
        shuffle_key=rng.getrandbits(62),
    )


def current_player(state: State) -> int | None:
    """The seat that decides next (M-TURN-01), or ``None`` once the game is over."""
    return None if state.result is not None else state.current


def outcome(state: State) -> Outcome | None:
    """The outcome (winners, seals, ending) once the game is over, else ``None``."""
    return state.result


# --------------------------------------------------------------------------- helpers
def _count(state: State, player: int) -> int:
    """Cards counted for stealing (M-STEAL-03, A-M-07)."""
    seat = state.seats[player]
    if state.rules.steal_count_bonus_goods:
        return len(seat.display) + sum(o.bonus for o in seat.orders)
    return len(seat.display)


def _owner(state: State, card: str) -> int | None:
    for p, seat in enumerate(state.seats):
        if card in seat.display:
            return p
    return None


def _where(state: State, card: str) -> str:
    if card in state.goods_deck:
        return "the Goods deck"
    if card in state.discard:
        return "the discard pile"
    if isinstance(state.pending, FulfillPending) and card in state.pending.cards:
        return "the spend in progress"
    return "nowhere visible"


def _steal_targets(state: State, player: int) -> list[str]:
    if len(state.seats[player].display) >= state.rules.display_limit:
        return []
    cards = list(state.market)
    mine = _count(state, player)
    for q in range(len(state.seats)):
        if q != player and _count(state, q) > mine:
            cards.extend(state.seats[q].display)
    return cards


def _bonus_items(state: State, player: int, exclude: tuple[str, ...] = ()) -> list[Item]:
    cat = catalog(state)
    items: list[Item] = []
    for o in state.seats[player].orders:
        if o.bonus and o.id not in exclude:
            order = cat.orders[o.id]
            assert order.bonus_good is not None
            items.append(((order.bonus_good,), order.bonus_quantity))
    return items


def _available(state: State, player: int) -> int:
    """All goods a player could spend: display cards plus unspent Bonus Goods."""
    cat = catalog(state)
    total = sum(cat.goods[c].quantity for c in state.seats[player].display)
    return total + sum(q for _, q in _bonus_items(state, player))


def _spend_items(state: State, pending: FulfillPending) -> list[Item]:
    cat = catalog(state)
    items: list[Item] = [(cat.goods[c].goods, cat.goods[c].quantity) for c in pending.cards]
    for oid in pending.bonus_goods:
        order = cat.orders[oid]
        assert order.bonus_good is not None
        items.append(((order.bonus_good,), order.bonus_quantity))
    return items


def _affordable(state: State, player: int) -> list[str]:
    cat = catalog(state)
    have = _available(state, player)
    return [o for o in state.order_display if cat.orders[o].total <= have]


def _upgrade_targets(state: State, player: int, just: str) -> list[str]:
    return [o.id for o in state.seats[player].orders if o.id != just and o.level is not Level.GOLD]


def _set_seat(state: State, player: int, seat: Seat) -> tuple[Seat, ...]:
    seats = list(state.seats)
    seats[player] = seat
    return tuple(seats)


def _remove(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


# --------------------------------------------------------------------------- checks
def _v(rule: str, reason: str) -> Violation:
    return Violation(rule=rule, reason=reason)


def _bonus_mismatch(state: State, wanted: BonusAction) -> Violation | None:
    pending = state.pending
    if state.phase == "bonus" and isinstance(pending, BonusPending) and pending.action != wanted:
        return _v(BONUS_RULE[pending.action],
                  f"the Bonus Action of {pending.order} is {pending.action.value}, not "
                  f"{wanted.value}: take it or skip")
    return None


def _check_steal(state: State, a: Steal) -> Violation | None:
    wrong = _bonus_mismatch(state, BonusAction.STEAL2)
    if wrong:
        return wrong
    rules = state.rules
    if a.card in catalog(state).orders:
        return _v("M-STEAL-04", "Bonus Goods (on Orders) can never be stolen")
    if len(state.seats[a.player].display) >= rules.display_limit:
        return _v("M-STEAL-01", f"your display is full ({rules.display_limit} cards): you cannot "
                  "steal")
    if a.card in state.market:
        return None
    owner = _owner(state, a.card)
    if owner is None:
        return _v("M-STEAL-02", f"{a.card} is in {_where(state, a.card)}: you may steal only from "
                  "the Market or another player's display")
    if owner == a.player:
        return _v("M-STEAL-05", f"{a.card} is already in your display")
    mine, theirs = _count(state, a.player), _count(state, owner)
    if theirs <= mine:
        return _v("M-STEAL-03", f"P{owner} has {theirs} cards and you have {mine}: you may only "
                  "steal from a display larger than yours")
    return None


def _check_buy(state: State, a: Buy) -> Violation | None:
    cat = catalog(state)
    if a.card in cat.orders:
        return _v("M-BUY-04", "a Bonus Good cannot be spent to Buy")
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


def _check_take(state: State, a: Take) -> Violation | None:
    if a.card not in state.market:
        return _v("M-BUY-01", f"{a.card} is not in the Market")
    return None


def _check_fulfill(state: State, a: Fulfill) -> Violation | None:
    wrong = _bonus_mismatch(state, BonusAction.FULFILL_ANOTHER)
    if wrong:
        return wrong
    if a.order not in state.order_display:
        return _v("M-FUL-01", f"{a.order} is not in the Order display")
    need = catalog(state).orders[a.order].total
    have = _available(state, a.player)
    if have < need:
        return _v("M-FUL-06", f"{a.order} needs {need} goods even at Bulk and you hold only {have}")
    return None


def _check_spend(state: State, a: Spend) -> Violation | None:
    if a.card not in state.seats[a.player].display:
        pending = state.pending
        if isinstance(pending, FulfillPending) and a.card in pending.cards:
            return _v("M-FUL-01", f"{a.card} is already spent on {pending.order}")
        return _v("M-FUL-01", f"{a.card} is not in your display")
    return None


def _check_spend_bonus(state: State, a: SpendBonus) -> Violation | None:
    pending = state.pending
    assert isinstance(pending, FulfillPending)
    if a.order in pending.bonus_goods:
        return _v("M-BG-05", f"the Bonus Good on {a.order} is already spent")
    mine = {o.id: o for o in state.seats[a.player].orders}
    if a.order not in mine or not mine[a.order].bonus:
        return _v("M-BG-01", f"you have no unspent Bonus Good on {a.order}")
    return None


def _check_declare(state: State, a: Declare) -> Violation | None:
    pending = state.pending
    assert isinstance(pending, FulfillPending)
    order = catalog(state).orders[pending.order]
    items = _spend_items(state, pending)
    if not meets(order, items, a.level):
        return _v(LEVEL_RULE[a.level], _unmet(order.label, a.level, items))
    if not state.rules.allow_declared_lower_level:
        for better in Level:
            if better == a.level:
                break
            if meets(order, items, better):
                return _v("M-FUL-07", f"the spend meets {better.value}; declaring a lower level "
                          "is switched off (allow_declared_lower_level=False)")
    return None


def _unmet(label: str, level: Level, items: list[Item]) -> str:
    total = sum(q for _, q in items)
    if level is Level.GOLD:
        return f"Gold needs {label} of exactly those goods, and the spend does not cover that"
    if level is Level.SILVER:
        return (f"Silver needs each line of {label} covered by a different good, and the spend "
                "does not cover that")
    return f"Bulk needs a total of at least the Order's quantity ({label}); the spend has {total}"


def _check_upgrade(state: State, a: Upgrade) -> Violation | None:
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


def _check_keep(state: State, a: Keep) -> Violation | None:
    wrong = _bonus_mismatch(state, BonusAction.KEEP1)
    if wrong:
        return wrong
    pending = state.pending
    assert isinstance(pending, BonusPending)
    if a.card not in pending.spent:
        return _v("M-BA-02", f"{a.card} was not spent on {pending.order} (a Bonus Good cannot be "
                  "kept)")
    return None


def _check_skip(state: State, a: Skip) -> Violation | None:
    if state.phase == "take" and not state.rules.buy_take_fewer:
        assert isinstance(state.pending, TakePending)
        return _v("M-BUY-03", f"take exactly {state.pending.remaining} more Market card(s): a "
                  "buyer may not take fewer (A-M-09)")
    return None


def _check_pass(state: State, a: Pass) -> Violation | None:
    if not state.rules.allow_pass:
        return _v("M-TURN-01", "passing is switched off (allow_pass=False): steal, buy or fulfill")
    return None


CHECKS: dict[type, Callable[[State, Any], Violation | None]] = {
    Steal: _check_steal,
    Buy: _check_buy,
    Take: _check_take,
    Fulfill: _check_fulfill,
    Spend: _check_spend,
    SpendBonus: _check_spend_bonus,
    Declare: _check_declare,
    Upgrade: _check_upgrade,
    Keep: _check_keep,
    Skip: _check_skip,
    Pass: _check_pass,
}

_CARD_ACTIONS = (Steal, Buy, Take, Spend, Keep)
_ORDER_ACTIONS = (Fulfill, SpendBonus, Upgrade)


def _check_ids(state: State, action: Any) -> None:
    if not isinstance(action, ACTION_TYPES):
        raise InvalidAction(f"{action!r} is not a Monsoon Market action")
    cat = catalog(state)
    if not isinstance(action.player, int) or not 0 <= action.player < len(state.seats):
        raise InvalidAction(f"{action}: there is no seat {action.player!r}")
    if isinstance(action, _CARD_ACTIONS):
        allowed = (Steal, Buy)  # naming a Bonus Good's Order here gets a rule-based answer
        if action.card not in cat.goods and not (
            isinstance(action, allowed) and action.card in cat.orders
        ):
            raise InvalidAction(f"{action}: {action.card!r} is not a Goods card of this deck")
    elif isinstance(action, _ORDER_ACTIONS) and action.order not in cat.orders:
        raise InvalidAction(f"{action}: {action.order!r} is not an Order of this deck")
    elif isinstance(action, Declare) and not isinstance(action.level, Level):
        raise InvalidAction(f"{action!r}: the level must be gold, silver or bulk")


def explain(state: State, action: Action) -> Violation | None:
    """Why ``action`` is illegal in ``state`` (a :class:`Violation` with a rule ID), or ``None``.

    Raises:
        InvalidAction: ``action`` is not a Monsoon Market action, or names a card or seat that
            does not exist.

    Example:
        >>> s = setup(Rules(players=2), seed=1)
        >>> explain(s, Pass(player=1)).rule
        'M-TURN-01'
    """
    _check_ids(state, action)
    if state.result is not None:
        return _v("M-END-01", "the game is over")
    if action.player != state.current:
        return _v("M-TURN-01", f"it is P{state.current}'s decision, not P{action.player}'s")
    tag = type(action).__struct_config__.tag
    assert isinstance(tag, str)
    if not FLOW.allows(state, tag):
        phase = FLOW.phase(state)
        return _v(phase.rule, f"{_phase_hint(state)}; {tag.replace('_', '-')} is not one of them")
    return CHECKS[type(action)](state, action)


def _phase_hint(state: State) -> str:
    pending = state.pending
    if isinstance(pending, TakePending):
        return f"you are taking {pending.remaining} more Market card(s) for your Buy"
    if isinstance(pending, FulfillPending):
        return (f"you are fulfilling {pending.order}: spend cards or Bonus Goods, then declare a "
                "level")
    if isinstance(pending, BonusPending):
        return f"you may take the Bonus Action of {pending.order} ({pending.action.value}) or skip"
    return "on your turn you steal, buy, fulfill an Order or pass"


# --------------------------------------------------------------------------- legal actions
def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action for the deciding seat, in a fixed order (empty once the game is over).

    Example:
        >>> s = setup(Rules(players=2), seed=1)
        >>> [str(a) for a in legal_actions(s)][:2]
        ['P0 steal MG-33', 'P0 steal MG-28']
    """
    if state.result is not None:
        return ()
    p = state.current
    phase = state.phase
    seat = state.seats[p]
    out: list[Action] = []
    if phase == "action":
        out.extend(Steal(player=p, card=c) for c in _steal_targets(state, p))
        cat = catalog(state)
        room_base = state.rules.display_limit - len(seat.display) + 1
        for c in seat.display:
            if state.rules.buy_overflow == "illegal" and cat.goods[c].quantity > room_base:
                continue
            out.append(Buy(player=p, card=c))
        out.extend(Fulfill(player=p, order=o) for o in _affordable(state, p))
        if state.rules.allow_pass:
            out.append(Pass(player=p))
    elif phase == "take":
        out.extend(Take(player=p, card=c) for c in state.market)
        if state.rules.buy_take_fewer:
            out.append(Skip(player=p))
    elif phase == "spend":
        pending = state.pending
        assert isinstance(pending, FulfillPending)
        out.extend(Spend(player=p, card=c) for c in seat.display)
        out.extend(
            SpendBonus(player=p, order=o.id)
            for o in seat.orders
            if o.bonus and o.id not in pending.bonus_goods
        )
        order = catalog(state).orders[pending.order]
        items = _spend_items(state, pending)
        for level in Level:
            if meets(order, items, level):
                out.append(Declare(player=p, level=level))
                if not state.rules.allow_declared_lower_level:
                    break
    elif phase == "bonus":
        pending = state.pending
        assert isinstance(pending, BonusPending)
        if pending.action is BonusAction.UPGRADE:
            targets = _upgrade_targets(state, p, pending.order)
            out.extend(Upgrade(player=p, order=o) for o in targets)
        elif pending.action is BonusAction.KEEP1:
            out.extend(Keep(player=p, card=c) for c in pending.spent)
        elif pending.action is BonusAction.FULFILL_ANOTHER:
            out.extend(Fulfill(player=p, order=o) for o in _affordable(state, p))
        else:
            out.extend(Steal(player=p, card=c) for c in _steal_targets(state, p))
        out.append(Skip(player=p))
    return tuple(out)


# --------------------------------------------------------------------------- apply
def apply(state: State, action: Action) -> State:
    """Play ``action`` and return the new state; ``state`` itself is never changed.

    Raises:
        IllegalAction: the rules forbid the action (``.rule`` names the rule).
        InvalidAction: the value is not a Monsoon Market action.
    """
    why = explain(state, action)
    if why is not None:
        raise IllegalAction.from_violation(action, why)
    return FLOW.advance(HANDLERS[type(action)](state, action))


def _do_steal(state: State, a: Steal) -> State:
    p = a.player
    seats = list(state.seats)
    market = state.market
    if a.card in market:
        market = _remove(market, a.card)
    else:
        owner = _owner(state, a.card)
        assert owner is not None
        seats[owner] = Seat(display=_remove(seats[owner].display, a.card),
                            orders=seats[owner].orders)
    seats[p] = Seat(display=seats[p].display + (a.card,), orders=seats[p].orders)
    new = state.replace(market=market, seats=tuple(seats))
    pending = state.pending
    if isinstance(pending, BonusPending):
        left = pending.steals_left - 1
        if left > 0 and _steal_targets(new, p):
            return new.replace(pending=BonusPending(action=pending.action, order=pending.order,
                                                    steals_left=left))
        return new.replace(pending=None)
    return new.replace(phase="end")


def _do_buy(state: State, a: Buy) -> State:
    p = a.player
    seat = state.seats[p]
    display = _remove(seat.display, a.card)
    quantity = catalog(state).goods[a.card].quantity
    room = state.rules.display_limit - len(display)
    take = min(quantity, room, len(state.market))
    new = state.replace(discard=state.discard + (a.card,),
                        seats=_set_seat(state, p, Seat(display=display, orders=seat.orders)))
    if take == 0:
        return new.replace(phase="end")
    if take == len(state.market) and not state.rules.buy_take_fewer:
        taken = Seat(display=display + state.market, orders=seat.orders)
        return new.replace(market=(), seats=_set_seat(new, p, taken), phase="end")
    return new.replace(phase="take", pending=TakePending(remaining=take))


def _do_take(state: State, a: Take) -> State:
    p = a.player
    seat = state.seats[p]
    pending = state.pending
    assert isinstance(pending, TakePending)
    return state.replace(
        market=_remove(state.market, a.card),
        seats=_set_seat(state, p, Seat(display=seat.display + (a.card,), orders=seat.orders)),
        pending=TakePending(remaining=pending.remaining - 1),
    )


def _do_fulfill(state: State, a: Fulfill) -> State:
    return state.replace(
        order_display=_remove(state.order_display, a.order),
        pending=FulfillPending(order=a.order),
        phase="spend",
    )


def _do_spend(state: State, a: Spend) -> State:
    p = a.player
    seat = state.seats[p]
    pending = state.pending
    assert isinstance(pending, FulfillPending)
    return state.replace(
        seats=_set_seat(state, p, Seat(display=_remove(seat.display, a.card), orders=seat.orders)),
        pending=FulfillPending(order=pending.order, cards=pending.cards + (a.card,),
                               bonus_goods=pending.bonus_goods),
    )


def _do_spend_bonus(state: State, a: SpendBonus) -> State:
    pending = state.pending
    assert isinstance(pending, FulfillPending)
    return state.replace(pending=FulfillPending(order=pending.order, cards=pending.cards,
                                                bonus_goods=pending.bonus_goods + (a.order,)))


def _do_declare(state: State, a: Declare) -> State:
    p = a.player
    pending = state.pending
    assert isinstance(pending, FulfillPending)
    cat = catalog(state)
    order = cat.orders[pending.order]
    seat = state.seats[p]
    owned = []
    for o in seat.orders:
        if o.id in pending.bonus_goods:  # M-BG-05: spending it turns its Order to Silver
            owned.append(OwnedOrder(id=o.id, level=Level.SILVER))
        else:
            owned.append(o)
    gains_bonus = a.level is Level.BULK and order.bonus_good is not None
    owned.append(OwnedOrder(id=order.id, level=a.level, bonus=gains_bonus))
    new = state.replace(
        seats=_set_seat(state, p, Seat(display=seat.display, orders=tuple(owned))),
        discard=state.discard + pending.cards,
        pending=None,
    )
    won = victory(new, cat, p)
    if won is not None:
        return new.replace(result=won, phase="over")
    if a.level is Level.BULK:
        return new.replace(phase="end")  # M-BA-05: no Bonus Action at Bulk
    bonus = _begin_bonus(new, p, order.id, order.bonus_action, pending.cards)
    if bonus is None:
        return new.replace(phase="end")
    return new.replace(phase="bonus", pending=bonus)


def _begin_bonus(
    state: State, p: int, order: str, action: BonusAction, spent: tuple[str, ...]
) -> BonusPending | None:
    """The Bonus Action decision, or ``None`` when it can do nothing (A-M-15, A-M-18)."""
    if action is BonusAction.UPGRADE and not _upgrade_targets(state, p, order):
        return None
    if action is BonusAction.KEEP1 and not spent:
        return None
    if action is BonusAction.FULFILL_ANOTHER and not _affordable(state, p):
        return None
    if action is BonusAction.STEAL2 and not _steal_targets(state, p):
        return None
    return BonusPending(action=action, order=order, spent=spent,
                        steals_left=2 if action is BonusAction.STEAL2 else 0)


def _do_upgrade(state: State, a: Upgrade) -> State:
    p = a.player
    seat = state.seats[p]
    owned = tuple(
        OwnedOrder(id=o.id, level=_UP[o.level]) if o.id == a.order else o for o in seat.orders
    )  # M-BG-04: an upgraded Order loses its Bonus Good
    new = state.replace(seats=_set_seat(state, p, Seat(display=seat.display, orders=owned)),
                        pending=None)
    won = victory(new, catalog(state), p)
    if won is not None:
        return new.replace(result=won, phase="over")
    return new


def _do_keep(state: State, a: Keep) -> State:
    p = a.player
    seat = state.seats[p]
    return state.replace(
        discard=_remove(state.discard, a.card),
        seats=_set_seat(state, p, Seat(display=seat.display + (a.card,), orders=seat.orders)),
        pending=None,
    )


def _do_skip(state: State, a: Skip) -> State:
    return state.replace(pending=None)


def _do_pass(state: State, a: Pass) -> State:
    return state.replace(phase="end")


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Steal: _do_steal,
    Buy: _do_buy,
    Take: _do_take,
    Fulfill: _do_fulfill,
    Spend: _do_spend,
    SpendBonus: _do_spend_bonus,
    Declare: _do_declare,
    Upgrade: _do_upgrade,
    Keep: _do_keep,
    Skip: _do_skip,
    Pass: _do_pass,
}


# --------------------------------------------------------------------------- end of turn
def _refill(state: State) -> State:
    """M-TURN-02/03 (A-M-20): Market first, then Orders; reshuffle the discard pile if the Goods
    deck runs out (A-M-05), seeded by the hidden ``shuffle_key``."""
    rules = state.rules
    market = list(state.market)
    deck = list(state.goods_deck)
    discard = state.discard
    reshuffles = state.reshuffles
    while len(market) < rules.market_size:
        if not deck:
            if not (rules.goods_reshuffle and discard):
                break
            deck = list(discard)
            random.Random(state.shuffle_key * 1_000_003 + reshuffles).shuffle(deck)
            discard = ()
            reshuffles += 1
        market.append(deck.pop(0))
    room = rules.order_display_size - len(state.order_display)
    return state.replace(
        market=tuple(market),
        goods_deck=tuple(deck),
        discard=discard,
        reshuffles=reshuffles,
        order_display=state.order_display + state.order_deck[:room],
        order_deck=state.order_deck[room:],
    )


def _end_turn(state: State) -> State:
    state = _refill(state).replace(turn=state.turn + 1, pending=None)
    rules = state.rules
    if rules.orders_exhausted_end and not state.order_display and not state.order_deck:
        return state.replace(result=final_ranking(state, catalog(state), Ending.ORDERS_EXHAUSTED),
                             phase="over")
    if rules.max_turns is not None and state.turn >= rules.max_turns:
        return state.replace(result=final_ranking(state, catalog(state), Ending.TURN_LIMIT),
                             phase="over")
    return state.replace(current=(state.current + 1) % len(state.seats))


def _take_done(state: State) -> bool:
    pending = state.pending
    return not isinstance(pending, TakePending) or pending.remaining == 0


FLOW: Flow[State] = Flow(
    phases={
        "action": Phase("action", frozenset({"steal", "buy", "fulfill", "pass"}), "M-TURN-01"),
        "take": Phase("take", frozenset({"take", "skip"}), "M-BUY-01", end_if=_take_done,
                      on_end=lambda s: s.replace(pending=None), next="end"),
        "spend": Phase("spend", frozenset({"spend", "spend_bonus", "declare"}), "M-FUL-01"),
        "bonus": Phase("bonus", frozenset({"upgrade", "keep", "fulfill", "steal", "skip"}),
                       "M-FUL-08", end_if=lambda s: s.pending is None, next="end"),
        "end": Phase("end", frozenset(), "M-TURN-02", end_if=lambda s: True, on_end=_end_turn,
                     next="action"),
        "over": Phase("over", frozenset(), "M-END-01"),
    },
    get_phase=lambda s: s.phase,
    set_phase=lambda s, name: s.replace(phase=name),
    is_over=lambda s: s.result is not None,
)
"""The Monsoon Market turn (M-TURN-01..03) as a phase table; hook order in ``core.flow``."""
