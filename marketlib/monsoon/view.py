"""What a seat may see (A-M-25: everything except the order of the two decks), and the reverse:
``determinize`` builds a full state consistent with a view, the hidden parts sampled."""

from __future__ import annotations

import random

import msgspec

from marketlib.core import pictures
from marketlib.monsoon.actions import (
    Action,
)
from marketlib.monsoon.options import Rules
from marketlib.monsoon.queries import catalog
from marketlib.monsoon.scoring import seals_of
from marketlib.monsoon.state import (
    SIGHT,
    FulfillPending,
    Outcome,
    Pending,
    Phase,
    Seat,
    State,
    summary,
)
from marketlib.monsoon.table import seat_actions


class View(msgspec.Struct, frozen=True, kw_only=True):
    """A seat's observation: the public table and the deck sizes (``viewer`` is the seat, or
    ``None`` for the omniscient teacher view, which also carries the decks' order and the
    reshuffle key).

    Units: card fields hold card IDs (``MG-05``, ``MO-12``); ``goods_deck_size`` and
    ``order_deck_size`` count cards; ``seals`` is each seat's seal total (M-SEAL-01).
    ``repr(view)`` is one line; ``str(view)`` is the same table as ``str(state)``.
    """

    viewer: int | None
    rules: Rules
    goods_deck_size: int
    order_deck_size: int
    market: tuple[str, ...]
    discard: tuple[str, ...]
    order_display: tuple[str, ...]
    seats: tuple[Seat, ...]
    seals: tuple[int, ...]
    current: int
    turn: int
    phase: Phase
    pending: Pending | None
    reshuffles: int
    result: Outcome | None
    goods_deck: tuple[str, ...] | None = None
    order_deck: tuple[str, ...] | None = None
    shuffle_key: int | None = None
    forced_passes: int = 0
    forced_turns: int = 0
    loop_mark: str = ""
    cards: str = ""

    def __repr__(self) -> str:
        who = "teacher" if self.viewer is None else f"seat {self.viewer}"
        return f"View({who}, {summary(self)})"

    def __str__(self) -> str:
        return pictures.text(self)  # drawn by render.py, which registers itself there

    def _repr_html_(self) -> str:
        return pictures.html(self)


def _seals(state: State) -> tuple[int, ...]:
    cat = catalog(state)
    return tuple(seals_of(s, cat) for s in state.seats)


DERIVED = SIGHT.sight(View, derived={"seals": _seals})
"""``view`` and ``determinize``'s helpers, derived from :data:`~marketlib.monsoon.state.SIGHT`
(``seals``, each seat's total, M-SEAL-01, worked out from the state)."""


def view(state: State, player: int | None) -> View:
    """The observation of seat ``player`` (``None``: the teacher view, showing everything).

    Monsoon Market is open except for the decks (A-M-25): a seat sees every display, the Market,
    the Order display, every fulfilled Order and its edge, the discard pile and the pending
    decision, but of the Goods deck and the Order deck only their sizes (in cards), and not the
    reshuffle key. Seals are counted for every seat (M-SEAL-01). Bots and widgets only ever get
    views; the teacher view (``player=None``) also carries the decks' order and the key.

    Args:
        state: the full state.
        player: a seat number ``0 .. players-1``, or ``None`` for the teacher view.

    Raises:
        ValueError: ``player`` is not a seat.

    Example:
        >>> from marketlib.monsoon import Rules, setup
        >>> s = setup(Rules(players=3), seed=1)
        >>> v = view(s, 1)
        >>> v.goods_deck_size, v.goods_deck, v.seals
        (22, None, (0, 0, 0))
        >>> v
        View(seat 1, monsoon, 3 players, round 1, turn 1, phase action, P0 to decide)
        >>> view(s, None).goods_deck == s.goods_deck
        True
    """
    return DERIVED.view(state, player)


def _visible_goods(v: View | State) -> list[str]:
    cards = list(v.market) + list(v.discard)
    for seat in v.seats:
        cards.extend(seat.display)
    if isinstance(v.pending, FulfillPending):
        cards.extend(v.pending.cards)
    return cards


def _visible_orders(v: View | State) -> list[str]:
    orders = list(v.order_display)
    for seat in v.seats:
        orders.extend(o.id for o in seat.orders)
    if isinstance(v.pending, FulfillPending):
        orders.append(v.pending.order)
    return orders


def determinize(v: View, rng: random.Random) -> State:
    """A full state consistent with view ``v``, for search bots (ISMCTS): what the seat sees is
    kept exactly; what is hidden from it (A-M-25) is sampled: the Goods cards it cannot see are
    shuffled into the Goods deck, the unseen Orders into the Order deck (so the deck sizes, in
    cards, match the view), and the reshuffle key is drawn afresh. ``view(determinize(v, rng),
    v.viewer) == v`` always holds. A teacher view gives back the exact state.

    Args:
        v: a seat's view.
        rng: a seeded ``random.Random`` (the only source of chance).

    Example:
        >>> import random
        >>> from marketlib.monsoon import Rules, setup
        >>> s = setup(Rules(players=2), seed=1)
        >>> guess = determinize(view(s, 1), random.Random(0))
        >>> view(guess, 1) == view(s, 1), len(guess.goods_deck) == len(s.goods_deck)
        (True, True)
        >>> determinize(view(s, None), random.Random(0)) == s
        True
    """
    if DERIVED.whole(v):
        return DERIVED.exact(v)  # a teacher view: the exact state
    cat = catalog(v)
    seen = set(_visible_goods(v))
    goods = [c for c in cat.goods if c not in seen]
    seen_orders = set(_visible_orders(v))
    orders = [o for o in cat.orders if o not in seen_orders]
    rng.shuffle(goods)
    rng.shuffle(orders)
    return DERIVED.state(v, goods_deck=tuple(goods), order_deck=tuple(orders),
                        shuffle_key=rng.getrandbits(62))


def info_revealed(before: State, after: State) -> bool:
    """True when the step from ``before`` to ``after`` drew cards or reshuffled (an undo
    commit point in play mode)."""
    return before.goods_deck != after.goods_deck or before.order_deck != after.order_deck


def candidate_actions(state: State) -> tuple[Action, ...]:
    """Every well-formed action for these rules (legal or not), for the conformance kit (built
    once per card data and player count, in the rules' card data)."""
    rules = state.rules
    found: tuple[Action, ...] = rules.card_data.derived(
        (state.cards, "candidates", rules.players), lambda: seat_actions(state))
    return found
