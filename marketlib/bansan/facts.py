"""What the Bansan checks ask about one state, worked out once per ``legal_actions`` or
``explain`` call (:class:`Facts`). Monsoon Market's :class:`~marketlib.monsoon.facts.Facts` has
the same job in the same-named module (issue 28, point 3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from marketlib.bansan.cards import Produce
from marketlib.bansan.queries import catalog, free_money, own_stalls, price
from marketlib.bansan.state import Stall, State

if TYPE_CHECKING:
    from marketlib.bansan.view import View


class Facts:
    """What the rule checks ask about one state, worked out once and shared by every check of
    one ``legal_actions`` (or ``explain``) call: an object per call, so nothing outlives it
    (docs: "Games and the registry"), except the card and Stall indexes of a Stalls tuple,
    which the states sharing that tuple share (:func:`_places`; read-only, and a tuple never
    changes)."""

    __slots__ = ("_bags", "_free", "_kept", "_own", "_place", "_prices", "_stocked", "cat",
                 "open_stalls", "picks", "sells", "sold", "state")

    def __init__(self, state: State | View) -> None:
        self.state = state
        self.cat = catalog(state)
        self.sells = self.cat.sells
        self._place: tuple[dict[str, int], dict[str, int]] | None = None
        self._free: dict[int, int] = {}
        self._bags: dict[int, dict[str, Produce]] = {}
        self._own: dict[int, list[Stall]] = {}
        self._prices: dict[Produce, int] = {}
        self._stocked: dict[Produce, list[Stall]] | None = None
        self._kept: dict[Callable[[State | View], int], int] = {}
        self.open_stalls: set[tuple[Any, ...]] = set()
        """Keys of stall picks found legal (see ``action_checks.stall_pick``)."""
        self.sold: dict[int, set[Produce]] = {}
        """Each seat's types its wholesalers supply (``action_checks._sold_types``)."""
        self.picks: dict[int, list[Any]] = {}
        """Each seat's legal picks of the BUY or SELL in progress, once listed
        (``action_checks.pick_choices``: the Action Phase lists them, then ``done``'s check
        asks whether there are any)."""

    def _places(self) -> tuple[dict[str, int], dict[str, int]]:
        place = self._place
        if place is None:
            place = self._place = _places(self.state.stalls)
        return place

    def stall_of(self, card_id: str) -> Stall | None:
        """The stall holding ``card_id`` (``None``: in no stall)."""
        i = (self._place or self._places())[0].get(card_id)
        return None if i is None else self.state.stalls[i]

    def stall_index(self, stall_id: str) -> int:
        """The position of stall ``stall_id`` in play (-1: not in play)."""
        return self._places()[1].get(stall_id, -1)

    def free_money(self, player: int) -> int:
        """:func:`free_money`, once per seat."""
        found = self._free.get(player)
        if found is None:
            found = self._free[player] = free_money(self.state, player)
        return found

    def bag(self, player: int) -> dict[str, Produce]:
        """The cards in ``player``'s bag and the type each is locked to."""
        found = self._bags.get(player)
        if found is None:
            found = self._bags[player] = {b.card: b.produce for b in self.state.vendors[player].bag}
        return found

    def own(self, player: int) -> list[Stall]:
        """:func:`own_stalls`, once per seat."""
        found = self._own.get(player)
        if found is None:
            found = self._own[player] = own_stalls(self.state, player)
        return found

    def stocked(self, produce: Produce) -> list[Stall]:
        """The stalls selling ``produce`` that hold cards, in play order."""
        by_type = self._stocked
        if by_type is None:
            by_type = self._stocked = {}
            sells = self.sells
            for s in self.state.stalls:
                if s.cards:
                    by_type.setdefault(sells[s.id], []).append(s)
        return by_type.get(produce, [])

    def once(self, count: Callable[[State | View], int]) -> int:
        """``count(state)``, worked out once (a count of the state that several checks ask
        for: each R&R rent option of the Opening Round asks how many stalls nobody rents)."""
        kept = self._kept
        if count not in kept:
            kept[count] = count(self.state)
        return kept[count]

    def price(self, produce: Produce) -> int:
        """:func:`price`, once per type."""
        found = self._prices.get(produce)
        if found is None:
            found = self._prices[produce] = price(self.state, produce)
        return found


def holding(stalls: tuple[Stall, ...], card_id: str) -> Stall | None:
    """The Stall of ``stalls`` holding ``card_id`` (``None``: in none), found in the Stalls
    tuple's index (:func:`_places`: a pick's button words, issue 28).

    Example:
        >>> from marketlib.bansan.state import Stall
        >>> stalls = (Stall(id="ST-01", cards=("PC-07",)), Stall(id="ST-02", cards=("PC-09",)))
        >>> holding(stalls, "PC-09").id, holding(stalls, "PC-01")
        ('ST-02', None)
    """
    i = _places(stalls)[0].get(card_id)
    return None if i is None else stalls[i]


_PLACES: dict[int, tuple[tuple[Stall, ...], tuple[dict[str, int], dict[str, int]]]] = {}
"""Each Stalls tuple's card and stall indexes (:func:`_places`), by the tuple's identity."""


def _places(stalls: tuple[Stall, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """The index in ``stalls`` of each card they hold and of each Stall, by id: worked out once
    per tuple, which the states of a game share until a move changes a Stall (a BUY's picks,
    an offer, a turn's last steps), so each ``legal_actions`` of those states finds it made
    (issue 28: a board's refresh lists them). Read-only. Safe across threads as
    ``widgets.plain._Kept`` is: each step is one call on the dict, cleared at once when full."""
    kept = _PLACES.get(id(stalls))
    if kept is not None and kept[0] is stalls:  # the very tuple (kept alive here)
        return kept[1]
    cards: dict[str, int] = {}
    ids: dict[str, int] = {}
    for i, stall in enumerate(stalls):
        ids[stall.id] = i
        for c in stall.cards:
            cards[c] = i
    place = (cards, ids)
    if len(_PLACES) >= 256:
        _PLACES.clear()
    _PLACES[id(stalls)] = (stalls, place)
    return place
