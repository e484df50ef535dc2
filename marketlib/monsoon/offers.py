"""The candidate actions each Monsoon Market phase offers the deciding seat: one function per row
of the phase table (:data:`marketlib.monsoon.turn.FLOW`, its ``offers``). Bansan's
:mod:`marketlib.bansan.offers` has the same job (issue 28, point 3).

The candidates are a superset of the legal actions, in the game's order: ``legal_actions``
keeps those every check passes, so it can never disagree with ``explain``.
"""

from __future__ import annotations

from typing import Any

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
from marketlib.monsoon.cards import BonusAction, Level
from marketlib.monsoon.state import BonusPending, State

LEVELS = tuple(Level)


def _steals(state: State, p: int) -> list[Action]:
    """Steal a Market card or a card of another display (M-STEAL-01..05)."""
    out: list[Action] = [Steal(player=p, card=c) for c in state.market]
    for q, seat in enumerate(state.seats):
        if q != p:
            out += [Steal(player=p, card=c) for c in seat.display]
    return out


def action(state: State, p: int, facts: Any) -> list[Action]:
    """M-TURN-01: steal, buy, fulfill an Order or pass."""
    out = _steals(state, p)
    out += [Buy(player=p, card=c) for c in state.seats[p].display]
    out += [Fulfill(player=p, order=o) for o in state.order_display]
    out.append(Pass(player=p))
    return out


def take(state: State, p: int, facts: Any) -> list[Action]:
    """M-BUY-01: take a Market card for the Buy, or stop."""
    return [*(Take(player=p, card=c) for c in state.market), Skip(player=p)]


def spend(state: State, p: int, facts: Any) -> list[Action]:
    """M-FUL-01..08: spend a card or a Bonus Good, or declare a level."""
    seat = state.seats[p]
    out: list[Action] = [Spend(player=p, card=c) for c in seat.display]
    out += [SpendBonus(player=p, order=o.id) for o in seat.orders if o.bonus]
    out += [Declare(player=p, level=level) for level in LEVELS]
    return out


def bonus(state: State, p: int, facts: Any) -> list[Action]:
    """M-FUL-08, M-BA-01..04: the Bonus Action the Order gives, or skip."""
    pending = state.pending
    if not isinstance(pending, BonusPending):
        return []
    kind = pending.action
    out: list[Action]
    if kind is BonusAction.STEAL2:
        out = _steals(state, p)
    elif kind is BonusAction.UPGRADE:
        out = [Upgrade(player=p, order=o.id) for o in state.seats[p].orders]
    elif kind is BonusAction.KEEP1:
        out = [Keep(player=p, card=c) for c in pending.spent]
    elif kind is BonusAction.FULFILL_ANOTHER:
        out = [Fulfill(player=p, order=o) for o in state.order_display]
    else:
        out = []
    out.append(Skip(player=p))
    return out
