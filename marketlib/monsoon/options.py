"""Monsoon Market rule options: :class:`Rules`, every option with its default, checked when it is
built (a wrong option names the rule it breaks; docs: "Monsoon Market")."""

from __future__ import annotations

import functools
from typing import Any, ClassVar, Literal

import msgspec

from marketlib.core.cards import CardData
from marketlib.core.i18n import N_
from marketlib.core.validate import check_fields
from marketlib.monsoon.cards import Catalog, card_data


# cache_hash: hashed once, not at each look-up of a cache keyed by the rules (a board's goal
# line, the printed prices; issue 28). msgspec 0.18.5 or later.
class Rules(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True,
            dict=True, cache_hash=True):
    """Every Monsoon Market rule option (docs: "Monsoon Market", rule options) with its
    default.

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

    # The game object (issue 28, point 2): the rules carry their game's name and card data.

    game: ClassVar[str] = "monsoon"
    """The registered game these rules are for (``marketlib.bots.game_of`` reads it)."""

    @functools.cached_property
    def card_data(self) -> CardData[Catalog]:
        """The cards of these rules' decks (:class:`marketlib.core.cards.CardData`): the
        catalogs dealt, by card digest, and values derived from them. Made on first use and
        kept on this object only (never encoded, compared or hashed)."""
        return card_data(self.goods_deck, self.order_deck)

    def __copy__(self) -> Rules:
        return self  # immutable: a copy may share the card data already read

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self


OPTION_WORDS: tuple[str, ...] = (
    N_("players (M-SETUP-07, A-M-01)"),
    N_("seals that win at once: 15, or 30 for the long game (M-END-01/02)"),
    N_('the seat that moves first, or "random" (M-SETUP-06)'),
    N_("cards a personal display holds (M-SETUP-04)"),
    N_("market size"),
    N_("order display size"),
    N_("starting goods"),
    N_("buy overflow (A-M-08)"),
    N_("a buyer may stop taking early (A-M-09)"),
    N_("count Bonus Goods in the steal comparison (A-M-07)"),
    N_("a player may declare a lower level than the spend meets (M-FUL-07, A-M-11)"),
    N_("shuffle the discard pile into a new Goods deck when empty (A-M-05)"),
    N_("end when the Order deck and display are empty (M-END-03)"),
    N_("end after this many turns (A-M-06)"),
    N_("a turn may be passed voluntarily (M-TURN-01, A-M-21)"),
    N_("goods deck"),
    N_("order deck"),
)
"""The words of each option of :class:`Rules`, marked for the catalogue (why a copy, and how it
is kept equal to the docstring: :mod:`marketlib.core.options`)."""
