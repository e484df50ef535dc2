"""The Monsoon Market game state (immutable ``msgspec`` structs; tuples only).

``State`` holds every card by ID in exactly one place: the Goods deck, the Market, the discard
pile, a display, or a pending fulfilment (spent but not yet committed); every Order in the Order
deck, the Order display, a pending fulfilment or a player's row of fulfilled Orders.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from marketlib.core import game as core
from marketlib.core import pictures
from marketlib.core.hidden import Declaration
from marketlib.monsoon.cards import BonusAction, Level
from marketlib.monsoon.options import Rules


class Ending(core.Ending):
    """How a Monsoon Market game ended (declared here, not in core: issue 28)."""

    SEAL_TARGET = "seal_target"
    """A player reached the seal target (M-END-01/02)."""
    ORDERS_EXHAUSTED = "orders_exhausted"
    """The Order deck and display are empty (M-END-03)."""
    TURN_LIMIT = "turn_limit"
    """The optional ``max_turns`` cap was reached (A-M-06)."""
    STALEMATE = "stalemate"
    """Nobody can ever act again: every seat in turn was forced to pass because it had no other
    legal action (A-M-26, ranked as M-END-03)."""


class Outcome(core.Outcome, frozen=True, kw_only=True):
    """The result of a finished Monsoon Market game (:class:`~marketlib.core.game.Outcome`),
    seals as scores, ending with one of its :class:`Ending`."""

    ending: Ending


class OwnedOrder(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A fulfilled Order in front of its owner: which edge faces them, and whether its Bonus
    Good (from the Bulk edge, M-FUL-06) is still unspent."""

    id: str
    level: Level
    bonus: bool = False


class Seat(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One player's table: the personal display (Goods card IDs) and fulfilled Orders."""

    display: tuple[str, ...] = ()
    orders: tuple[OwnedOrder, ...] = ()


class TakePending(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="take"):
    """A Buy is taking Market cards: ``remaining`` more to choose (M-BUY-01, A-M-08)."""

    remaining: int


class FulfillPending(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="fulfill"):
    """An Order is being fulfilled: the Goods cards and Bonus Goods (by carrying Order) spent so
    far; a ``Declare`` commits them (M-FUL-01)."""

    order: str
    cards: tuple[str, ...] = ()
    bonus_goods: tuple[str, ...] = ()


class BonusPending(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="bonus"):
    """A Bonus Action may be taken for ``order`` (M-FUL-08): ``spent`` are the cards Keep 1 may
    return (M-BA-02); ``steals_left`` counts Steal 2's remaining steals (M-BA-04)."""

    action: BonusAction
    order: str
    spent: tuple[str, ...] = ()
    steals_left: int = 0


Pending = TakePending | FulfillPending | BonusPending

Phase = Literal["action", "take", "spend", "bonus", "end", "over"]


class State(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A complete Monsoon Market game state.

    Attributes:
        rules: the rule options in force.
        goods_deck: face-down Goods (top first; hidden from seats' views).
        market: the face-up Market (M-SETUP-02).
        discard: the face-up discard pile of spent Goods (M-SETUP-05), oldest first.
        order_deck: face-down Orders (hidden); order_display: the face-up Orders.
        seats: one :class:`Seat` per player, clockwise.
        current: the seat to decide; turn: turns completed so far.
        phase: ``action`` / ``take`` / ``spend`` / ``bonus`` / ``end`` / ``over``.
        pending: the compound decision in progress, if any.
        shuffle_key: seeds reshuffles of the discard pile (hidden; docs: "Games and the registry");
        reshuffles: count.
        forced_passes: consecutive turns passed because the seat had no other legal action
            (A-M-26); it reaches the player count in a stalemate. Any other action resets it.
        forced_turns, loop_mark: with ``allow_pass=False``, consecutive turns in which every
            decision had one legal option, and a fingerprint of the table for the loop check
            (A-M-26, :mod:`marketlib.monsoon.turn`); 0 and ``""`` otherwise.
        cards: a digest of the card data the game was dealt with (``""`` for the shipped
            default decks); an owner's deck files edited after setup are refused, not used.
        result: the outcome once the game is over.

    ``str(state)`` is the table (golden tests); ``repr(state)`` is one line that does not
    spoil the decks' order.
    """

    rules: Rules
    goods_deck: tuple[str, ...]
    market: tuple[str, ...]
    discard: tuple[str, ...]
    order_deck: tuple[str, ...]
    order_display: tuple[str, ...]
    seats: tuple[Seat, ...]
    current: int
    turn: int = 0
    phase: Phase = "action"
    pending: Pending | None = None
    shuffle_key: int = 0
    reshuffles: int = 0
    forced_passes: int = 0
    forced_turns: int = 0
    loop_mark: str = ""
    cards: str = ""
    result: Outcome | None = None

    def __repr__(self) -> str:
        return f"State({summary(self)})"

    def __str__(self) -> str:
        return pictures.text(self)  # drawn by render.py, which registers itself there

    def _repr_html_(self) -> str:
        return pictures.html(self)

    def replace(self, **changes: Any) -> State:
        """A copy with ``changes`` (the state itself is never modified)."""
        return msgspec.structs.replace(self, **changes)


SIGHT = Declaration(
    State, seats="seats",
    public=("rules", "market", "discard", "order_display", "seats", "current", "turn", "phase",
            "pending", "reshuffles", "forced_passes", "forced_turns", "loop_mark", "cards",
            "result"),
    hidden={"goods_deck": "goods_deck_size", "order_deck": "order_deck_size"},
    secret=("shuffle_key",),
)
"""Who sees each field of :class:`State` (A-M-25; :mod:`marketlib.core.hidden`): everything is
on the table except the order of the two decks (their sizes are public) and the reshuffle key
(the teacher's only). ``view`` and ``determinize`` are derived from it; a new field without a
line here stops the import."""


def summary(state: State | Any) -> str:
    """One deterministic line about a state or view, without the hidden deck order:
    ``monsoon, 3 players, round 2, turn 5, phase action, P0 to decide``."""
    head = f"monsoon, {len(state.seats)} players"
    result = state.result
    if result is not None:
        return f"{head}, over: {result}"
    now = pictures.turn(state)  # as the board's header says it
    at = "" if now is None else f", round {now[0]}, turn {now[1]}"
    return f"{head}{at}, phase {state.phase}, P{state.current} to decide"
