"""Read-only questions about a Monsoon Market state, shared by the checks, the moves and the
views: who owns a card, what a seat may steal or afford, what a spend is worth."""

from __future__ import annotations

from typing import TYPE_CHECKING

from marketlib.core.i18n import N_
from marketlib.monsoon.cards import Catalog, Level
from marketlib.monsoon.options import Rules
from marketlib.monsoon.state import FulfillPending, Seat, State

if TYPE_CHECKING:
    from marketlib.monsoon.scoring import Item
    from marketlib.monsoon.view import View


def catalog(state: State | View | Rules) -> Catalog:
    """The cards in play for a state or view: the default reconstruction or the owner's, exactly
    as they were when the game was dealt (``State.cards``, from its rules' card data,
    ``Rules.card_data``). Given bare ``Rules``: the deck files as they are now.

    Raises:
        CardDataError: an owner's deck file changed since the game started (and these rules
            never read the cards it was dealt), or is broken.
    """
    if state.__class__ is Rules:
        return state.card_data.read()[0]
    return state.rules.card_data.get(state.cards)  # type: ignore[union-attr]


def steal_count(state: State, player: int) -> int:
    """Cards counted for stealing (M-STEAL-03, A-M-07)."""
    seat = state.seats[player]
    if state.rules.steal_count_bonus_goods:
        return len(seat.display) + sum(o.bonus for o in seat.orders)
    return len(seat.display)


def owner_of(state: State, card: str) -> int | None:
    for p, seat in enumerate(state.seats):
        if card in seat.display:
            return p
    return None


def where_is(state: State, card: str) -> str:
    """Where a Goods card that is in no display and not in the Market lies, in words (English,
    each a word of the catalogue: a refusal's slot is said in the reader's language)."""
    if card in state.goods_deck:
        return N_("the Goods deck")
    if card in state.discard:
        return N_("the discard pile")
    if isinstance(state.pending, FulfillPending) and card in state.pending.cards:
        return N_("the spend in progress")
    return N_("nowhere visible")


def steal_targets(state: State, player: int) -> list[str]:
    if len(state.seats[player].display) >= state.rules.display_limit:
        return []
    cards = list(state.market)
    mine = steal_count(state, player)
    for q in range(len(state.seats)):
        if q != player and steal_count(state, q) > mine:
            cards.extend(state.seats[q].display)
    return cards


def bonus_items(state: State, player: int, exclude: tuple[str, ...] = ()) -> list[Item]:
    cat = catalog(state)
    items: list[Item] = []
    for o in state.seats[player].orders:
        if o.bonus and o.id not in exclude:
            order = cat.orders[o.id]
            assert order.bonus_good is not None
            items.append(((order.bonus_good,), order.bonus_quantity))
    return items


def available_goods(state: State, player: int) -> int:
    """All goods a player could spend: display cards plus unspent Bonus Goods."""
    cat = catalog(state)
    total = sum(cat.goods[c].quantity for c in state.seats[player].display)
    return total + sum(q for _, q in bonus_items(state, player))


def spend_items(state: State, pending: FulfillPending) -> list[Item]:
    cat = catalog(state)
    items: list[Item] = [(cat.goods[c].goods, cat.goods[c].quantity) for c in pending.cards]
    for oid in pending.bonus_goods:
        order = cat.orders[oid]
        assert order.bonus_good is not None
        items.append(((order.bonus_good,), order.bonus_quantity))
    return items


def affordable_orders(state: State, player: int) -> list[str]:
    cat = catalog(state)
    have = available_goods(state, player)
    return [o for o in state.order_display if cat.orders[o].total <= have]


def buyable(state: State, player: int) -> list[str]:
    """The display cards ``player`` may spend on a Buy (M-BUY-01; M-BUY-03 with
    ``buy_overflow="illegal"``)."""
    display = state.seats[player].display
    if state.rules.buy_overflow != "illegal":
        return list(display)
    cat = catalog(state)
    room = state.rules.display_limit - len(display) + 1
    return [c for c in display if cat.goods[c].quantity <= room]


def must_pass(state: State, player: int) -> bool:
    """A-M-26: ``player`` can neither steal, buy nor fulfill, so a Pass is the only action left
    (legal even with ``allow_pass=False``; a *forced* pass)."""
    return not (buyable(state, player) or steal_targets(state, player)
                or affordable_orders(state, player))


def upgrade_targets(state: State, player: int, just: str) -> list[str]:
    return [o.id for o in state.seats[player].orders if o.id != just and o.level is not Level.GOLD]


def set_seat(state: State, player: int, seat: Seat) -> tuple[Seat, ...]:
    seats = list(state.seats)
    seats[player] = seat
    return tuple(seats)


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]
