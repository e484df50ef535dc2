"""Monsoon Market rule options and game state (immutable ``msgspec`` structs; tuples only).

``State`` holds every card by ID in exactly one place: the Goods deck, the Market, the discard
pile, a display, or a pending fulfilment (spent but not yet committed); every Order in the Order
deck, the Order display, a pending fulfilment or a player's row of fulfilled Orders.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from marketlib.core import pictures
from marketlib.core.game import Outcome
from marketlib.core.validate import check_fields
from marketlib.monsoon.cards import BonusAction, Level


class Rules(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Every Monsoon Market rule option (RULES.md section 7) with its default.

    Attributes:
        players: 2-5 (M-SETUP-07, A-M-01).
        seal_target: seals that win at once: 15, or 30 for the long game (M-END-01/02).
        first_player: the seat that moves first, or ``"random"`` (seeded; M-SETUP-06).
        display_limit: cards a personal display holds (10, M-SETUP-04).
        market_size, order_display_size, starting_goods: 4, 4, 4 (M-SETUP-01..03).
        buy_overflow: ``"cap"`` takes min(quantity, room, Market) (A-M-08); ``"illegal"`` refuses
            a Buy whose quantity exceeds the room.
        buy_take_fewer: a buyer may stop taking early (A-M-09; default False).
        steal_count_bonus_goods: count Bonus Goods in the steal comparison (A-M-07; False).
        allow_declared_lower_level: a player may declare a lower level than the spend meets
            (M-FUL-07, A-M-11; True).
        goods_reshuffle: shuffle the discard pile into a new Goods deck when empty (A-M-05).
        orders_exhausted_end: end when the Order deck and display are empty (M-END-03).
        max_turns: end after this many turns (A-M-06; ``None`` = no cap).
        allow_pass: a turn may be passed voluntarily (M-TURN-01, A-M-21). Whatever this says, a
            seat that can neither steal, buy nor fulfill must pass (a *forced* pass, A-M-26); when
            every seat in turn is forced to pass, nobody can ever act again and the game ends in
            a stalemate, ranked as M-END-03 (``Ending.STALEMATE``). This can only happen when
            the Goods run dry, e.g. with ``goods_reshuffle=False``.
        goods_deck, order_deck: ``"default"`` (the reconstruction) or a CSV path (a ``str``).

    Raises:
        ValueError: an option of the wrong type (``Rules.players: expected int, got 3.0``;
            ``bool`` is not accepted for a number) or out of range (e.g. ``players=6``).
    """

    players: int = 2
    seal_target: int = 15
    first_player: int | Literal["random"] = 0
    display_limit: int = 10
    market_size: int = 4
    order_display_size: int = 4
    starting_goods: int = 4
    buy_overflow: Literal["cap", "illegal"] = "cap"
    buy_take_fewer: bool = False
    steal_count_bonus_goods: bool = False
    allow_declared_lower_level: bool = True
    goods_reshuffle: bool = True
    orders_exhausted_end: bool = True
    max_turns: int | None = None
    allow_pass: bool = True
    goods_deck: str = "default"
    order_deck: str = "default"

    def __post_init__(self) -> None:
        check_fields(self)  # msgspec does not check types when Python code builds a struct
        if not 2 <= self.players <= 5:
            raise ValueError(f"players must be 2-5 (M-SETUP-07), not {self.players}")
        if self.seal_target < 1:
            raise ValueError("seal_target must be at least 1 (M-END-01)")
        if isinstance(self.first_player, int) and not 0 <= self.first_player < self.players:
            raise ValueError(f"first_player must be a seat 0-{self.players - 1} or 'random'")
        for name in ("display_limit", "market_size", "order_display_size", "starting_goods"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        if self.starting_goods > self.display_limit:
            raise ValueError("starting_goods cannot exceed display_limit (M-SETUP-03/04)")
        if self.max_turns is not None and self.max_turns < 1:
            raise ValueError("max_turns must be at least 1 or None")


class OwnedOrder(msgspec.Struct, frozen=True, kw_only=True):
    """A fulfilled Order in front of its owner: which edge faces them, and whether its Bonus
    Good (from the Bulk edge, M-FUL-06) is still unspent."""

    id: str
    level: Level
    bonus: bool = False


class Seat(msgspec.Struct, frozen=True, kw_only=True):
    """One player's table: the personal display (Goods card IDs) and fulfilled Orders."""

    display: tuple[str, ...] = ()
    orders: tuple[OwnedOrder, ...] = ()


class TakePending(msgspec.Struct, frozen=True, kw_only=True, tag="take"):
    """A Buy is taking Market cards: ``remaining`` more to choose (M-BUY-01, A-M-08)."""

    remaining: int


class FulfillPending(msgspec.Struct, frozen=True, kw_only=True, tag="fulfill"):
    """An Order is being fulfilled: the Goods cards and Bonus Goods (by carrying Order) spent so
    far; a ``Declare`` commits them (M-FUL-01)."""

    order: str
    cards: tuple[str, ...] = ()
    bonus_goods: tuple[str, ...] = ()


class BonusPending(msgspec.Struct, frozen=True, kw_only=True, tag="bonus"):
    """A Bonus Action may be taken for ``order`` (M-FUL-08): ``spent`` are the cards Keep 1 may
    return (M-BA-02); ``steals_left`` counts Steal 2's remaining steals (M-BA-04)."""

    action: BonusAction
    order: str
    spent: tuple[str, ...] = ()
    steals_left: int = 0


Pending = TakePending | FulfillPending | BonusPending

Phase = Literal["action", "take", "spend", "bonus", "end", "over"]


class State(msgspec.Struct, frozen=True, kw_only=True):
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
        shuffle_key: seeds reshuffles of the discard pile (hidden; STYLE 4); reshuffles: count.
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


def summary(state: State | Any) -> str:
    """One deterministic line about a state or view, without the hidden deck order:
    ``monsoon, 3 players, turn 4, phase action, P0 to decide``."""
    head = f"monsoon, {len(state.seats)} players, turn {state.turn}"
    result = state.result
    if result is not None:
        return f"{head}, over: {result}"
    return f"{head}, phase {state.phase}, P{state.current} to decide"
