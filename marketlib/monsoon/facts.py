"""What the Monsoon Market checks ask about one state, worked out once per ``legal_actions`` or
``explain`` call (:class:`Facts`). Bansan's :class:`~marketlib.bansan.facts.Facts` has the same
job in the same-named module (issue 28, point 3)."""

from __future__ import annotations

from marketlib.monsoon.cards import Level, Order
from marketlib.monsoon.queries import available_goods, catalog, spend_items, steal_count
from marketlib.monsoon.scoring import Item, meets
from marketlib.monsoon.state import FulfillPending, State


class Facts:
    """What the checks ask about one state, computed once per state and shared by every check
    of one ``legal_actions`` call (an object per call, so no cache outlives it)."""

    __slots__ = ("_available", "_counts", "_items", "_meets", "_owner", "cat", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.cat = catalog(state)
        self._owner: dict[str, int] | None = None
        self._counts: list[int] | None = None
        self._available: dict[int, int] = {}
        self._items: list[Item] | None = None
        self._meets: dict[Level, bool] = {}

    def owner(self, card: str) -> int | None:
        """The seat whose display holds ``card``."""
        if self._owner is None:
            self._owner = {c: q for q, seat in enumerate(self.state.seats) for c in seat.display}
        return self._owner.get(card)

    def steal_count(self, player: int) -> int:
        """Cards counted for stealing (M-STEAL-03, A-M-07)."""
        if self._counts is None:
            self._counts = [steal_count(self.state, q) for q in range(len(self.state.seats))]
        return self._counts[player]

    def available(self, player: int) -> int:
        """Goods ``player`` could spend (display cards and unspent Bonus Goods)."""
        found = self._available.get(player)
        if found is None:
            found = self._available[player] = available_goods(self.state, player)
        return found

    def spend_items(self, pending: FulfillPending) -> list[Item]:
        """What the spend so far is worth (M-FUL-04..06)."""
        if self._items is None:
            self._items = spend_items(self.state, pending)
        return self._items

    def meets(self, order: Order, level: Level) -> bool:
        """Whether the spend in progress meets ``level`` for ``order`` (M-FUL-04..06)."""
        found = self._meets.get(level)
        if found is None:
            pending = self.state.pending
            assert isinstance(pending, FulfillPending)
            found = self._meets[level] = meets(order, self.spend_items(pending), level)
        return found
