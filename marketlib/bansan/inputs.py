"""Is a value a well-formed Bansan action? Each action type's fields are checked against the
card data in play (cards, lists, stalls, seats, types), and ``check_ids`` raises
:class:`~marketlib.core.errors.InvalidAction` for anything that is not; the rules are checked
afterwards, in :mod:`.checks`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marketlib.bansan import actions as A
from marketlib.bansan.cards import Produce, Waste
from marketlib.bansan.queries import catalog
from marketlib.bansan.state import State
from marketlib.core.errors import InvalidAction


def _seat_ok(state: State, seat: Any) -> bool:
    return isinstance(seat, int) and 0 <= seat < len(state.vendors)


def _ids_ok(cat: Any, cards: Any) -> bool:
    return isinstance(cards, tuple) and all(c in cat.produce for c in cards)


def _card_field(state: State, action: Any) -> str | None:
    card = action.card
    if card not in catalog(state).produce:
        return f"{card!r} is not a produce card of this deck"
    if type(action) is A.Tuck and action.stall not in catalog(state).stalls:
        return f"{action.stall!r} is not a stall of this set"
    if type(action) is A.Give and not _seat_ok(state, action.to):
        return f"there is no seat {action.to!r}"
    if type(action) is A.Bargain and not isinstance(action.price, int):
        return "the price is whole RM"
    return None


def _stall_fields(state: State, action: Any) -> str | None:
    stalls = catalog(state).stalls
    for stall in ((action.stall,) if type(action) is A.PlaceWorker
                  else (action.rent, action.release)):
        if stall is not None and stall not in stalls:
            return f"{stall!r} is not a stall of this set"
    return None


def _produce_field(state: State, action: Any) -> str | None:
    if not isinstance(action.produce, Produce):
        return "the produce types are FV WG MT DG SF MM"
    return None


def _list_field(state: State, action: Any) -> str | None:
    cat = catalog(state)
    if action.list not in cat.lists:
        return f"{action.list!r} is not a Shopping List of this deck"
    if type(action) is A.Complete and not _ids_ok(cat, action.cards):
        return "names a card that is not in this produce deck"
    return None


def _trade_fields(state: State, action: Any) -> str | None:
    if not _seat_ok(state, action.to):
        return f"there is no seat {action.to!r}"
    if not isinstance(action.pay, int) or not isinstance(action.ask, int):
        return "pay and ask are whole RM"
    cat = catalog(state)
    if not (_ids_ok(cat, action.give) and _ids_ok(cat, action.take)):
        return "names a card that is not in this produce deck"
    return None


def _no_fields(state: State, action: Any) -> str | None:
    return None


_FIELD_CHECKS: dict[type, Callable[[State, Any], str | None]] = {
    A.Tuck: _card_field, A.Pick: _card_field, A.Bargain: _card_field, A.Give: _card_field,
    A.Throw: _card_field, A.PlaceWorker: _stall_fields, A.RentAndRelease: _stall_fields,
    A.StockRow: _produce_field, A.Buy: _produce_field, A.BuyWholesale: _produce_field,
    A.Sell: _produce_field, A.ReturnList: _list_field, A.Complete: _list_field,
    A.ProposeTrade: _trade_fields,
    A.Empty: lambda s, a: None if isinstance(a.bin, Waste) else "the bins are PL, PA and OR",
    A.ChooseHalf: lambda s, a: None if a.half in ("top", "bottom")
    else "the half is 'top' or 'bottom'",
    A.Move: lambda s, a: None if isinstance(a.row, int) else "the row is a whole number (1 = top)",
}
"""Per action type: what is malformed in it beyond its seat (``None``: nothing)."""


def check_ids(state: State, action: Any) -> None:
    """Raise :class:`InvalidAction` for a value that is not a well-formed Bansan action."""
    if type(action) not in TAGS:
        raise InvalidAction(f"{action!r} is not a Bansan action")
    if not _seat_ok(state, action.player):
        raise InvalidAction(f"{action}: there is no seat {action.player!r}")
    wrong = _FIELD_CHECKS.get(type(action), _no_fields)(state, action)
    if wrong is not None:
        raise InvalidAction(f"{action!r}: {wrong}")


TAGS: dict[type, str] = {kind: str(kind.__struct_config__.tag) for kind in A.ACTION_TYPES}
