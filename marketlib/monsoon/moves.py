"""What each Monsoon Market action does (``apply`` has already checked legality with
``explain``). Handlers are pure: a state in, a new state out; they never set the phase (the
phase table in :mod:`marketlib.monsoon.turn` does, from the pending decision they leave)."""

from __future__ import annotations

from msgspec.structs import replace

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
from marketlib.monsoon.cards import BonusAction, Level
from marketlib.monsoon.queries import (
    affordable_orders,
    catalog,
    must_pass,
    owner_of,
    set_seat,
    steal_targets,
    upgrade_targets,
    without,
)
from marketlib.monsoon.scoring import victory
from marketlib.monsoon.state import (
    BonusPending,
    FulfillPending,
    OwnedOrder,
    Seat,
    State,
    TakePending,
)

_UP = {Level.BULK: Level.SILVER, Level.SILVER: Level.GOLD}


def do_steal(state: State, a: Steal) -> State:
    p = a.player
    seats = list(state.seats)
    market = state.market
    if a.card in market:
        market = without(market, a.card)
    else:
        owner = owner_of(state, a.card)
        assert owner is not None
        seats[owner] = Seat(display=without(seats[owner].display, a.card),
                            orders=seats[owner].orders)
    seats[p] = Seat(display=seats[p].display + (a.card,), orders=seats[p].orders)
    pending = state.pending
    if isinstance(pending, BonusPending):
        new = replace(state, market=market, seats=tuple(seats))
        left = pending.steals_left - 1
        if left > 0 and steal_targets(new, p):
            return replace(new, pending=BonusPending(action=pending.action, order=pending.order,
                                                     steals_left=left))
        return replace(new, pending=None)
    return replace(state, market=market, seats=tuple(seats))


def do_buy(state: State, a: Buy) -> State:
    p = a.player
    seat = state.seats[p]
    display = without(seat.display, a.card)
    quantity = catalog(state).goods[a.card].quantity
    room = state.rules.display_limit - len(display)
    take = min(quantity, room, len(state.market))
    discard = state.discard + (a.card,)
    if take == 0:
        return replace(state, discard=discard,
                       seats=set_seat(state, p, Seat(display=display, orders=seat.orders)))
    if take == len(state.market) and not state.rules.buy_take_fewer:
        taken = Seat(display=display + state.market, orders=seat.orders)
        return replace(state, discard=discard, market=(), seats=set_seat(state, p, taken))
    return replace(state, discard=discard, pending=TakePending(remaining=take),
                   seats=set_seat(state, p, Seat(display=display, orders=seat.orders)))


def do_take(state: State, a: Take) -> State:
    p = a.player
    seat = state.seats[p]
    pending = state.pending
    assert isinstance(pending, TakePending)
    return replace(
        state,
        market=without(state.market, a.card),
        seats=set_seat(state, p, Seat(display=seat.display + (a.card,), orders=seat.orders)),
        pending=TakePending(remaining=pending.remaining - 1),
    )


def do_fulfill(state: State, a: Fulfill) -> State:
    return replace(
        state,
        order_display=without(state.order_display, a.order),
        pending=FulfillPending(order=a.order),
    )


def do_spend(state: State, a: Spend) -> State:
    p = a.player
    seat = state.seats[p]
    pending = state.pending
    assert isinstance(pending, FulfillPending)
    return replace(
        state,
        seats=set_seat(state, p, Seat(display=without(seat.display, a.card), orders=seat.orders)),
        pending=FulfillPending(order=pending.order, cards=pending.cards + (a.card,),
                               bonus_goods=pending.bonus_goods),
    )


def do_spend_bonus(state: State, a: SpendBonus) -> State:
    pending = state.pending
    assert isinstance(pending, FulfillPending)
    return replace(state, pending=FulfillPending(order=pending.order, cards=pending.cards,
                                                bonus_goods=pending.bonus_goods + (a.order,)))


def do_declare(state: State, a: Declare) -> State:
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
    new = replace(
        state,
        seats=set_seat(state, p, Seat(display=seat.display, orders=tuple(owned))),
        discard=state.discard + pending.cards,
        pending=None,
    )
    won = victory(new, cat, p)
    if won is not None:
        return replace(new, result=won)
    if a.level is Level.BULK:
        return new  # M-BA-05: no Bonus Action at Bulk
    return replace(new, pending=_begin_bonus(new, p, order.id, order.bonus_action, pending.cards))


def _begin_bonus(
    state: State, p: int, order: str, action: BonusAction, spent: tuple[str, ...]
) -> BonusPending | None:
    """The Bonus Action decision, or ``None`` when it can do nothing (A-M-15, A-M-18)."""
    if action is BonusAction.UPGRADE and not upgrade_targets(state, p, order):
        return None
    if action is BonusAction.KEEP1 and not spent:
        return None
    if action is BonusAction.FULFILL_ANOTHER and not affordable_orders(state, p):
        return None
    if action is BonusAction.STEAL2 and not steal_targets(state, p):
        return None
    return BonusPending(action=action, order=order, spent=spent,
                        steals_left=2 if action is BonusAction.STEAL2 else 0)


def do_upgrade(state: State, a: Upgrade) -> State:
    p = a.player
    seat = state.seats[p]
    owned = tuple(
        OwnedOrder(id=o.id, level=_UP[o.level]) if o.id == a.order else o for o in seat.orders
    )  # M-BG-04: an upgraded Order loses its Bonus Good
    new = replace(state, seats=set_seat(state, p, Seat(display=seat.display, orders=owned)),
                        pending=None)
    won = victory(new, catalog(state), p)
    if won is not None:
        return replace(new, result=won)
    return new


def do_keep(state: State, a: Keep) -> State:
    p = a.player
    seat = state.seats[p]
    return replace(
        state,
        discard=without(state.discard, a.card),
        seats=set_seat(state, p, Seat(display=seat.display + (a.card,), orders=seat.orders)),
        pending=None,
    )


def do_skip(state: State, a: Skip) -> State:
    return replace(state, pending=None)


def do_pass(state: State, a: Pass) -> State:
    forced = not state.rules.allow_pass or must_pass(state, a.player)  # A-M-26
    return replace(state, forced_passes=state.forced_passes + 1 if forced else 0)

