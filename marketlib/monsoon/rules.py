"""The Monsoon Market rules: setup, ``legal_actions`` and ``apply`` (with ``explain`` from
:mod:`marketlib.monsoon.checks`, the one legality check both rest on).

``apply`` refuses an illegal action with :class:`~marketlib.core.errors.IllegalAction` and never
changes the state it was given. The turn structure is the phase table ``FLOW``
(:mod:`marketlib.monsoon.turn`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marketlib.core.errors import IllegalAction
from marketlib.core.game import Outcome
from marketlib.core.seeding import deal_rng
from marketlib.monsoon.actions import (
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
from marketlib.monsoon.cards import BonusAction, Level, reload_catalog
from marketlib.monsoon.checks import explain
from marketlib.monsoon.queries import (
    affordable_orders,
    buyable,
    catalog,
    must_pass,
    owner_of,
    set_seat,
    spend_items,
    steal_targets,
    upgrade_targets,
    without,
)
from marketlib.monsoon.scoring import meets, victory
from marketlib.monsoon.state import (
    BonusPending,
    FulfillPending,
    OwnedOrder,
    Rules,
    Seat,
    State,
    TakePending,
)
from marketlib.monsoon.turn import FLOW

__all__ = ["FLOW", "apply", "catalog", "current_player", "explain", "legal_actions", "outcome",
           "setup"]

_UP = {Level.BULK: Level.SILVER, Level.SILVER: Level.GOLD}


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
    cat, digest = reload_catalog(rules.goods_deck, rules.order_deck)  # an owner's latest edits
    rng = deal_rng(seed)
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
        cards=digest,
    )


def current_player(state: State) -> int | None:
    """The seat that decides next (M-TURN-01), or ``None`` once the game is over."""
    return None if state.result is not None else state.current


def outcome(state: State) -> Outcome | None:
    """The outcome (winners, seals, ending) once the game is over, else ``None``."""
    return state.result


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
    out: list[Action] = []
    if phase == "action":
        out.extend(Steal(player=p, card=c) for c in steal_targets(state, p))
        out.extend(Buy(player=p, card=c) for c in buyable(state, p))
        out.extend(Fulfill(player=p, order=o) for o in affordable_orders(state, p))
        if state.rules.allow_pass or not out:  # A-M-26: a forced pass is always legal
            out.append(Pass(player=p))
    elif phase == "take":
        out.extend(Take(player=p, card=c) for c in state.market)
        if state.rules.buy_take_fewer:
            out.append(Skip(player=p))
    elif phase == "spend":
        pending = state.pending
        assert isinstance(pending, FulfillPending)
        seat = state.seats[p]
        out.extend(Spend(player=p, card=c) for c in seat.display)
        out.extend(
            SpendBonus(player=p, order=o.id)
            for o in seat.orders
            if o.bonus and o.id not in pending.bonus_goods
        )
        order = catalog(state).orders[pending.order]
        items = spend_items(state, pending)
        for level in Level:
            if meets(order, items, level):
                out.append(Declare(player=p, level=level))
                if not state.rules.allow_declared_lower_level:
                    break
    elif phase == "bonus":
        pending = state.pending
        assert isinstance(pending, BonusPending)
        if pending.action is BonusAction.UPGRADE:
            targets = upgrade_targets(state, p, pending.order)
            out.extend(Upgrade(player=p, order=o) for o in targets)
        elif pending.action is BonusAction.KEEP1:
            out.extend(Keep(player=p, card=c) for c in pending.spent)
        elif pending.action is BonusAction.FULFILL_ANOTHER:
            out.extend(Fulfill(player=p, order=o) for o in affordable_orders(state, p))
        else:
            out.extend(Steal(player=p, card=c) for c in steal_targets(state, p))
        out.append(Skip(player=p))
    return tuple(out)


# --------------------------------------------------------------------------- apply
def apply(state: State, action: Action) -> State:
    """Play ``action`` and return the new state; ``state`` itself is never changed.

    A compound turn is several calls (STYLE 4): e.g. ``Buy`` then one ``Take`` per card. The end
    of the turn (refills, M-TURN-02/03; the end checks, M-END-01..03 and A-M-26) runs inside the
    call that completes the turn.

    Raises:
        IllegalAction: the rules forbid the action (``.rule`` names the rule).
        InvalidAction: the value is not a Monsoon Market action (wrong type, unknown card or
            seat, a field of the wrong type).

    Example:
        >>> from marketlib.monsoon import Pass, Steal, position
        >>> s = position(displays=[["Gem2"], ["Wood4"]], market=["MG-15"])
        >>> t = apply(s, Steal(player=0, card="MG-15"))
        >>> t.seats[0].display, t.current, s.seats[0].display
        (('MG-02', 'MG-15'), 1, ('MG-02',))
        >>> apply(t, Pass(player=0))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        marketlib.core.errors.IllegalAction: M-TURN-01: it is P1's decision, not P0's ...
    """
    why = explain(state, action)
    if why is not None:
        raise IllegalAction.from_violation(action, why)
    new = HANDLERS[type(action)](state, action)
    if new.forced_passes and type(action) is not Pass:
        new = new.replace(forced_passes=0)  # somebody acted: no stalemate (A-M-26)
    if not state.rules.allow_pass:
        new = _note_choice(state, new)
    return FLOW.advance(new)


def _note_choice(before: State, after: State) -> State:
    """A-M-26 with ``allow_pass=False``: count the turns in a row in which every decision had
    exactly one legal option (``forced_turns``); the end of the turn looks for a loop."""
    if before.phase == "action":
        forced = len(legal_actions(before)) == 1
        return after.replace(forced_turns=before.forced_turns + 1 if forced else 0)
    if after.forced_turns and len(legal_actions(before)) > 1:
        return after.replace(forced_turns=0)  # a later decision of the turn was a choice
    return after


def _do_steal(state: State, a: Steal) -> State:
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
    new = state.replace(market=market, seats=tuple(seats))
    pending = state.pending
    if isinstance(pending, BonusPending):
        left = pending.steals_left - 1
        if left > 0 and steal_targets(new, p):
            return new.replace(pending=BonusPending(action=pending.action, order=pending.order,
                                                    steals_left=left))
        return new.replace(pending=None)
    return new.replace(phase="end")


def _do_buy(state: State, a: Buy) -> State:
    p = a.player
    seat = state.seats[p]
    display = without(seat.display, a.card)
    quantity = catalog(state).goods[a.card].quantity
    room = state.rules.display_limit - len(display)
    take = min(quantity, room, len(state.market))
    new = state.replace(discard=state.discard + (a.card,),
                        seats=set_seat(state, p, Seat(display=display, orders=seat.orders)))
    if take == 0:
        return new.replace(phase="end")
    if take == len(state.market) and not state.rules.buy_take_fewer:
        taken = Seat(display=display + state.market, orders=seat.orders)
        return new.replace(market=(), seats=set_seat(new, p, taken), phase="end")
    return new.replace(phase="take", pending=TakePending(remaining=take))


def _do_take(state: State, a: Take) -> State:
    p = a.player
    seat = state.seats[p]
    pending = state.pending
    assert isinstance(pending, TakePending)
    return state.replace(
        market=without(state.market, a.card),
        seats=set_seat(state, p, Seat(display=seat.display + (a.card,), orders=seat.orders)),
        pending=TakePending(remaining=pending.remaining - 1),
    )


def _do_fulfill(state: State, a: Fulfill) -> State:
    return state.replace(
        order_display=without(state.order_display, a.order),
        pending=FulfillPending(order=a.order),
        phase="spend",
    )


def _do_spend(state: State, a: Spend) -> State:
    p = a.player
    seat = state.seats[p]
    pending = state.pending
    assert isinstance(pending, FulfillPending)
    return state.replace(
        seats=set_seat(state, p, Seat(display=without(seat.display, a.card), orders=seat.orders)),
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
        seats=set_seat(state, p, Seat(display=seat.display, orders=tuple(owned))),
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


def _do_upgrade(state: State, a: Upgrade) -> State:
    p = a.player
    seat = state.seats[p]
    owned = tuple(
        OwnedOrder(id=o.id, level=_UP[o.level]) if o.id == a.order else o for o in seat.orders
    )  # M-BG-04: an upgraded Order loses its Bonus Good
    new = state.replace(seats=set_seat(state, p, Seat(display=seat.display, orders=owned)),
                        pending=None)
    won = victory(new, catalog(state), p)
    if won is not None:
        return new.replace(result=won, phase="over")
    return new


def _do_keep(state: State, a: Keep) -> State:
    p = a.player
    seat = state.seats[p]
    return state.replace(
        discard=without(state.discard, a.card),
        seats=set_seat(state, p, Seat(display=seat.display + (a.card,), orders=seat.orders)),
        pending=None,
    )


def _do_skip(state: State, a: Skip) -> State:
    return state.replace(pending=None)


def _do_pass(state: State, a: Pass) -> State:
    forced = not state.rules.allow_pass or must_pass(state, a.player)  # A-M-26
    return state.replace(phase="end", forced_passes=state.forced_passes + 1 if forced else 0)


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
