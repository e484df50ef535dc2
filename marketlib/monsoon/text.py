"""Monsoon Market in words for one seat: the action text of the log and the move preview.

Everything in Monsoon Market is face up except the order of the two decks (A-M-25), so every
seat may read every action in full: :func:`describe` is the table notation. :func:`preview`
works from the deciding seat's view alone (docs: "Boards"): it plays the action in a world
rebuilt from that view and reports what cannot depend on the decks' order.
"""

from __future__ import annotations

import random

from marketlib.core.game import Preview, check_own_move
from marketlib.monsoon.actions import Action, Declare, Fulfill, Upgrade
from marketlib.monsoon.cards import Catalog, Level, Order
from marketlib.monsoon.queries import bonus_items, catalog, spend_items
from marketlib.monsoon.rules import ENGINE, apply
from marketlib.monsoon.scoring import Item, best_level, seals_of
from marketlib.monsoon.state import BonusPending, FulfillPending, State, TakePending
from marketlib.monsoon.view import View, determinize
from marketlib.monsoon.words import BONUS_WORDS


def describe(state: State, action: Action, seat: int | None, after: State | None = None) -> str:
    """The log text of ``action`` (played in ``state``) as ``seat`` sees it (``None``: the
    teacher). Monsoon Market has no hidden choices (A-M-25), so it is the table notation.

    Example:
        >>> from marketlib.monsoon import Rules, Steal, setup
        >>> describe(setup(Rules(), seed=1), Steal(player=0, card="MG-33"), 1)
        'P0 steal MG-33'
    """
    return str(action)


def log_reader(state: State, action: Action, seat: int | None) -> int | None:
    """Whose reading of ``action``'s log text ``seat`` shares: the teacher's (``None``) for
    every move, as Monsoon Market has no hidden choices (A-M-25)."""
    return None


def preview(view: View, action: Action, world: State | None = None, *,
            legal: bool = False) -> Preview:
    """What ``action`` does for the deciding seat, from its ``view`` only: seals (M-SEAL-01),
    display size (cards), a Buy's second step, the level a spend on an Order meets or can meet
    (M-FUL-01..07), whether it ends the turn (M-TURN-01) or the game (M-END-01..03).
    Refills of the Market and the Order display draw hidden cards but change none of these.

    ``world`` is a state rebuilt from ``view`` (``determinize``) when the caller has one.
    ``legal``: the caller took ``action`` from the seat's legal (or any-time) actions, so its
    checks are not run again (:meth:`~marketlib.core.engine.Engine.apply_legal`).

    Raises:
        InvalidAction: ``action`` is not an action of this game (its table notation too:
            read it with ``parse_action`` first).
        IllegalAction: ``action`` is not legal in the position ``view`` shows.
        NotYourMove: ``action`` is another seat's and ``view`` is not the teacher view
            (:func:`~marketlib.core.game.check_own_move`).

    Example:
        >>> from marketlib.monsoon import Rules, Steal, setup, view as view_of
        >>> s = setup(Rules(players=2), seed=1)
        >>> str(preview(view_of(s, 0), Steal(player=0, card="MG-33")))
        'display 4 -> 5 cards; ends your turn'
    """
    ENGINE.actions.kind_of(action)  # a value that is no action: InvalidAction, named
    check_own_move(view, action)  # a guess is never stated as a fact
    before = world if world is not None else determinize(view, random.Random(0))
    after = ENGINE.apply_legal(before, action) if legal else apply(before, action)
    player = action.player
    cat = catalog(before)
    parts: list[str] = []
    s0, s1 = seals_of(before.seats[player], cat), seals_of(after.seats[player], cat)
    if s1 != s0:
        parts.append(f"seals {s0} -> {s1}")
    d0, d1 = len(before.seats[player].display), len(after.seats[player].display)
    pending = after.pending
    taking = isinstance(pending, TakePending) and after.current == player  # a Buy's 2nd step
    if d1 != d0 and not taking:
        parts.append(f"display {d0} -> {d1} card{'' if d1 == 1 else 's'}")
    parts.extend(bonus_changes(before, after, action))
    if isinstance(action, Declare) and after.result is None:
        parts.append(_bonus_action(before, after, action))
    if taking:  # the display once the cards are taken (helper-113 read "display 3 -> 2" as
        # a Buy that shrinks the display)
        assert isinstance(pending, TakePending)
        n, d2 = pending.remaining, d1 + pending.remaining
        if after.rules.buy_take_fewer:  # the buyer may stop early (A-M-09; helper-114)
            parts.append(f"then take up to {n} Market card{'' if n == 1 else 's'} (M-BUY-01, "
                         f"A-M-09): display {d0} -> {d1} to {d2} cards")
        else:
            parts.append(f"then take {n} Market card{'' if n == 1 else 's'} (M-BUY-01): "
                         f"display {d0} -> {d2} card{'' if d2 == 1 else 's'}")
    if isinstance(pending, FulfillPending) and after.current == player:
        parts.extend(_spend(after, player, pending, cat, started=isinstance(action, Fulfill)))
    if after.result is not None:
        parts.append("wins the game" if player in after.result.winners else "ends the game")
    elif after.current != player:
        parts.append("ends your turn")
    return Preview(certain=tuple(parts))


def _bonus_action(before: State, after: State, action: Declare) -> str:
    """What a declared level does with the Order's Bonus Action (M-FUL-04..06, M-FUL-08): it
    comes next at Gold or Silver (optional), is skipped when it can do nothing
    (:data:`_SKIPPED_BY`), and is lost at Bulk (M-BA-05). helper-108: the previews of a
    declare did not say that Bulk gives up the Bonus Action that Gold or Silver would give."""
    pending = before.pending
    assert isinstance(pending, FulfillPending)  # a Declare is legal only then (M-FUL-01)
    kind = catalog(before).orders[pending.order].bonus_action.value
    bonus = BONUS_WORDS[kind]
    if action.level is Level.BULK:
        return f"no Bonus Action at Bulk: {bonus} is not taken (M-BA-05)"
    if isinstance(after.pending, BonusPending) and after.current == action.player:
        return f"then its Bonus Action, {bonus}, if you want it (M-FUL-08)"
    return f"its Bonus Action, {bonus}, is skipped: it can do nothing now ({_SKIPPED_BY[kind]})"


_SKIPPED_BY = {"upgrade": "A-M-15", "keep1": "M-BA-02", "fulfill_another": "M-BA-03",
               "steal2": "A-M-18"}
"""The rule that says when each Bonus Action can do nothing (no other Order to upgrade, no
Goods card spent to keep, no other Order to fulfil, nothing to steal)."""


def bonus_changes(before: State, after: State, action: Action) -> list[str]:
    """The Bonus Goods ``action``'s player gains or loses from ``before`` to ``after``, in
    words: one gained on a Bulk edge that shows one (M-FUL-06), one lost with its Order
    upgraded (M-BG-04), one spent on an Order (M-BG-05: the Order carrying it turns to
    Silver)."""
    player = action.player

    def carried(state: State) -> set[str]:
        return {o.id for o in state.seats[player].orders if o.bonus}

    was, now = carried(before), carried(after)
    orders = catalog(after).orders  # the good and how much, with the Order's Bulk seals
    # (helper-113: the Bulk declare named neither, where the Fulfil preview did)
    said = [f"gains the Bonus Good on {o}: {bonus_good(orders[o])} "
            f"(M-FUL-06); {o} at Bulk gives {orders[o].bulk} seal"
            f"{'' if orders[o].bulk == 1 else 's'}" for o in sorted(now - was)]
    said += [f"the Bonus Good on {o} is lost: its Order is upgraded (M-BG-04)"
             if isinstance(action, Upgrade) else
             f"spends the Bonus Good on {o}, which turns its Order to Silver (M-BG-05)"
             for o in sorted(was - now)]
    return said


def _spend(after: State, player: int, pending: FulfillPending, cat: Catalog, *,
           started: bool) -> list[str]:
    """The spend on an Order (M-FUL-01) in words: once it starts, the best level what the
    player holds can reach (the display and the unspent Bonus Goods; Bulk at least,
    M-FUL-06, or ``fulfill`` would not be legal); after each Goods card or Bonus Good spent,
    the best level the spend meets so far (M-FUL-04..07), with the seals on that edge of
    the Order (a Bonus Good spent turns another Order to Silver, M-FUL-06, which the declare's
    preview counts)."""
    order = cat.orders[pending.order]
    items = spend_items(after, pending)
    if started:
        held: list[Item] = [(cat.goods[c].goods, cat.goods[c].quantity)
                            for c in after.seats[player].display]
        held += bonus_items(after, player, exclude=pending.bonus_goods)
        level = best_level(order, items + held)
        said = [f"then spend Goods on {pending.order} and declare a level (M-FUL-01)"]
        if level is not None:
            said.append(f"what you hold can reach {_edge(order, level)}")
        return said
    level = best_level(order, items)
    if level is None:
        return ["the spend meets no level yet"]
    return [f"the spend meets {_edge(order, level)}"]


def bonus_good(order: Order) -> str:
    """The Bonus Good on ``order``'s Bulk edge as an amount ("1 Cloth"; M-FUL-06), or ""."""
    if order.bonus_good is None:
        return ""
    return f"{order.bonus_quantity} {order.bonus_good}"


def _edge(order: Order, level: Level) -> str:
    """A level and what its edge of ``order`` gives: its seals (M-SEAL-01; a Bonus Good spent
    may add some elsewhere) and, on the Bulk edge, its Bonus Good when it shows one
    (M-FUL-06)."""
    name = level.name.title()
    gain = ""
    if level is Level.BULK and order.bonus_good is not None:
        gain = f", and its Bonus Good: {bonus_good(order)}"
    return f"{name} (Seals on its {name} edge: {order.seals(level)}{gain})"


__all__ = ["bonus_changes", "bonus_good", "describe", "preview"]
