"""Bansan rule options: :class:`Rules`, every option with its default (docs: "Bansan", rule
options), checked when it is built (a wrong option names the rule it breaks)."""

from __future__ import annotations

import functools
from typing import Any, ClassVar, Literal

import msgspec

from marketlib.bansan.cards import Catalog, Produce, card_data
from marketlib.bansan.modes import MODES, Mode
from marketlib.bansan.modes import SOLO_ROW as SOLO_ROW  # re-exported: older imports name it here
from marketlib.core.cards import CardData
from marketlib.core.i18n import N_
from marketlib.core.validate import check_fields

Ringgit = int
"""An amount of money in RM (whole ringgit, A-B-36)."""


# cache_hash: hashed once, not at each look-up of a cache keyed by the rules (a board's goal
# line, the printed prices; issue 28). msgspec 0.18.5 or later.
class Rules(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True,
            dict=True, cache_hash=True):
    """Every Bansan rule option (docs: "Bansan", rule options) with its default.

    Attributes:
        players: 2-5 vendors (B-SETUP-01); 1 for Sendiri.
        mode: ``"standard"``, ``"kenduri"`` (the Kenduri Menu for 2-5 vendors: five public
            Shopping Lists, B-KEN) or ``"sendiri"`` (the solo mode for 1 player, B-SOLO).
        hard: Sendiri hard mode, shorthand for ``solo_target_lists=4`` (B-SOLO-19).
        first_player: the seat holding the Bansan Token at the start, or ``"random"`` (seeded;
            B-OPEN-01). Seats are numbered clockwise.
        events: ``"off"`` (A-B-01) or ``"reconstructed"`` (the invented Event deck of
            ``event_deck``).
        removed_cards: cards removed at setup for 1..5 players (B-SETUP-02).
        market_prices: RM per card for FV, WG, MT, DG, SF, MM (B-COMP-12, A-B-05).
        starting_money, row_size, bag_limit, bin_capacity: RM10, 5 cards, 8 cards, 5 cards.
        actions_per_turn, actions_exact: 2 actions; ``False`` lets a vendor take fewer (A-B-19).
        stocking_mandatory: the Stocking Phase must be taken when possible (A-B-18).
        duplicate_rule: ``"either_half"`` or ``"top_only"`` (A-B-16).
        no_stall_fallback: where a card with no open stall goes: ``"waste"`` (A-B-17) or
            ``"outside_market"``.
        rounding_scope: ``"per_action"`` (B-ROUND-01, A-B-10) or ``"per_card"``.
        wholesale_types: ``"rented_stalls"`` (A-B-06) or ``"any"``.
        wholesale_requires_open_stall: the rented stall of that type must be open (A-B-23).
        online_sell_source: ``"own_stalls"``, ``"bag"`` or ``"both"`` (A-B-09).
        sell_from_closed_stall: may sell from your own CLOSED stall (A-B-24).
        buy_multi_seller: one BUY (i) may take from several sellers (A-B-08).
        buy_unoperated_multiplayer: may BUY from unoperated stalls at 2 x market price, paid to
            the bank (A-B-08; off in multiplayer).
        seller_may_refuse: a BUY (i) at market price needs the seller's consent (A-B-07).
        empty_base, empty_bonus_additional, empty_bonus_overflow: RM2, +1, +1 (B-EMPTY, A-B-11).
        allow_empty_empty_bin: may empty a bin holding no card (A-B-12).
        fine_per_card: RM per overflowed card (B-BIN-02); fine_on_bag_overflow (A-B-13).
        debt_policy: ``"pay_what_you_can"`` or ``"allow_negative"`` (A-B-35).
        star_sources: which draws can flip an Event: ``("replenish",)`` (A-B-20), also
            ``"deck_stock"``.
        max_events_per_turn: 1 (B-UPK-10); event_deck_exhausted: ``"stop"`` or ``"reshuffle"``.
        rr_cost, rr_min_stalls, rent_closed_stall, opening_rent_cost: R&R (B-ANY-03..08, A-B-32,
            A-B-22, A-B-58).
        allow_trades: trades and bargains are allowed (B-ANY-01/02, A-B-33).
        hidden_wallets: other vendors' money and Wallet lists are hidden in views (A-B-57).
        lists_to_trigger: completed lists that trigger the Last Round (B-END-01, A-B-27).
        closing_round: play the Closing Round (``False``: B-END-08).
        tiebreak2_count_at: ``"before_throw"`` (A-B-28) or ``"after_throw"``.
        kenduri_deadline: the five Kenduri lists must be completed by ``"end_of_game"``
            (A-B-39) or by the time the Deck runs out (``"deck_exhausted"``).
        kenduri_lists: how many public lists the Kenduri Menu has (5, B-KEN-02); a teaching
            option to vary the size of the feast (a marketlib addition).
        solo_target_lists: lists to complete in Sendiri, also trigger (a) (B-SOLO-18/19).
        solo_compare: ``">="`` (A-B-45) or ``">"``: total against twice the list value.
        solo_require_target: the target number of lists must be completed to win (A-B-45).
        solo_indicator_card: the step 1b card goes to the Outside Market (A-B-42).
        solo_throw_choice: ``"player"`` chooses the card thrown in step 1b when the stall's
            cards differ in waste type, or ``"last_tucked"`` (A-B-43).
        solo_opening_halves: ``"all_top_or_all_bottom"`` (A-B-44) or ``"free"`` per card.
        solo_events: must stay ``False``: Sendiri has no Events (B-SOLO-08, A-B-46).
        hard_trigger_lists: in the Sendiri hard mode, the completed lists that fire trigger (a):
            4 (A-B-59: the trigger moves with the target) or 3 (the trigger stays at the
            multiplayer game's third list; the 4th must then be completed in that same turn).
        opening_rr: R&R may also be used during the Opening Round (paid, separate from the free
            opening rentals; A-B-60).
        max_counters: how many counter-offers a bargain or trade may go through before its
            recipient must accept or decline (A-B-60), so every negotiation ends.
        closing_trades: trades in the Closing Round: ``"until_thrown"`` (A-B-62: between vendors
            who have not yet thrown their leftovers) or ``"never"``.
        produce_deck, list_deck, stall_set, event_deck: ``"default"`` (the reconstruction) or a
            CSV path.

    Raises:
        ValueError: an option out of range, or a mode with the wrong player count (the message
            names the rule).
    """

    players: int = 2
    mode: Literal["standard", "kenduri", "sendiri"] = "standard"
    hard: bool = False
    first_player: int | Literal["random"] = 0
    events: Literal["off", "reconstructed"] = "off"
    removed_cards: tuple[int, int, int, int, int] = (10, 30, 20, 10, 0)
    market_prices: tuple[int, int, int, int, int, int] = (1, 1, 2, 1, 1, 2)
    starting_money: int = 10
    row_size: int = 5
    bag_limit: int = 8
    bin_capacity: int = 5
    actions_per_turn: int = 2
    actions_exact: bool = False
    stocking_mandatory: bool = True
    duplicate_rule: Literal["either_half", "top_only"] = "either_half"
    no_stall_fallback: Literal["waste", "outside_market"] = "waste"
    rounding_scope: Literal["per_action", "per_card"] = "per_action"
    wholesale_source: Literal["row"] = "row"
    wholesale_types: Literal["rented_stalls", "any"] = "rented_stalls"
    wholesale_requires_open_stall: bool = False
    online_sell_source: Literal["own_stalls", "bag", "both"] = "own_stalls"
    sell_from_closed_stall: bool = True
    buy_multi_seller: bool = True
    buy_unoperated_multiplayer: bool = False
    seller_may_refuse: bool = False
    empty_base: int = 2
    empty_bonus_additional: int = 1
    empty_bonus_overflow: int = 1
    allow_empty_empty_bin: bool = False
    fine_per_card: int = 1
    fine_on_bag_overflow: bool = False
    debt_policy: Literal["pay_what_you_can", "allow_negative"] = "pay_what_you_can"
    star_sources: tuple[Literal["replenish", "deck_stock"], ...] = ("replenish",)
    max_events_per_turn: int = 1
    event_deck_exhausted: Literal["stop", "reshuffle"] = "stop"
    rr_cost: int = 3
    rr_min_stalls: int = 1
    rent_closed_stall: bool = False
    opening_rent_cost: int = 0
    allow_trades: bool = True
    hidden_wallets: bool = True
    lists_to_trigger: int = 3
    closing_round: bool = True
    tiebreak2_count_at: Literal["before_throw", "after_throw"] = "before_throw"
    kenduri_deadline: Literal["end_of_game", "deck_exhausted"] = "end_of_game"
    kenduri_lists: int = 5
    solo_target_lists: int = 3
    solo_compare: Literal[">=", ">"] = ">="
    solo_require_target: bool = True
    solo_indicator_card: Literal["outside_market"] = "outside_market"
    solo_throw_choice: Literal["player", "last_tucked"] = "player"
    solo_opening_halves: Literal["all_top_or_all_bottom", "free"] = "all_top_or_all_bottom"
    solo_events: bool = False
    hard_trigger_lists: int = 4
    opening_rr: bool = True
    max_counters: int = 3
    closing_trades: Literal["until_thrown", "never"] = "until_thrown"
    produce_deck: str = "default"
    list_deck: str = "default"
    stall_set: str = "default"
    event_deck: str = "default"

    def __post_init__(self) -> None:
        check_fields(self)  # msgspec does not check types when Python code builds a struct
        plays = MODES[self.mode]  # check_fields refused a mode not in Literal
        if self.players not in plays.players:
            raise ValueError(plays.wrong_players.format(players=self.players))
        if plays.solo:
            if self.events != "off" or self.solo_events:
                raise ValueError("Sendiri has no Events (B-SOLO-08, A-B-46): keep events='off' "
                                 "and solo_events=False")
            if self.solo_target_lists < 1:
                raise ValueError("solo_target_lists must be at least 1 (B-SOLO-18)")
            if self.hard and self.solo_target_lists not in (3, 4):
                raise ValueError("hard=True means solo_target_lists=4 (B-SOLO-19); do not give "
                                 f"solo_target_lists={self.solo_target_lists} as well")
        elif self.hard:
            raise ValueError("hard=True is the Sendiri hard mode (B-SOLO-19); it needs "
                             "mode='sendiri'")
        if plays.shared_menu and not 1 <= self.kenduri_lists <= 10:
            raise ValueError(f"kenduri_lists must be 1-10 (B-KEN-02), not {self.kenduri_lists}")
        if isinstance(self.first_player, int) and not 0 <= self.first_player < self.players:
            raise ValueError(f"first_player must be a seat 0-{self.players - 1} or 'random'")
        if any(n < 0 for n in self.removed_cards):
            raise ValueError("removed_cards cannot be negative (B-SETUP-02)")
        if any(p < 0 for p in self.market_prices):
            raise ValueError("market_prices cannot be negative (B-COMP-12)")
        for name in ("row_size", "bag_limit", "bin_capacity", "actions_per_turn",
                     "lists_to_trigger", "max_events_per_turn"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        for name in ("starting_money", "empty_base", "empty_bonus_additional",
                     "empty_bonus_overflow", "fine_per_card", "rr_cost", "opening_rent_cost"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} cannot be negative")
        if not 0 <= self.rr_min_stalls <= 2:
            raise ValueError("rr_min_stalls must be 0-2 (A-B-32)")
        if self.hard_trigger_lists not in (3, 4):
            raise ValueError("hard_trigger_lists is 4 (A-B-59) or 3, not "
                             f"{self.hard_trigger_lists}")
        if not 0 <= self.max_counters <= 10:
            raise ValueError(f"max_counters must be 0-10 (A-B-60), not {self.max_counters}")

    @functools.cached_property
    def plays(self) -> Mode:
        """How this game's mode differs from the standard game: the record of ``mode`` in
        :data:`marketlib.bansan.modes.MODES` (B-KEN, B-SOLO); ``mode`` stays the stored field.
        Looked up once per rules object (on every step's path; never encoded or compared)."""
        return MODES[self.mode]

    @property
    def solo_target(self) -> int:
        """Lists to complete in Sendiri: 4 in the hard mode, else ``solo_target_lists``."""
        return 4 if self.hard else self.solo_target_lists

    @property
    def trigger_lists(self) -> int:
        """Own completed lists that fire trigger (a): ``lists_to_trigger``, or the Sendiri
        target (B-END-01, B-SOLO-16; the hard mode's ``hard_trigger_lists``, B-SOLO-19,
        A-B-59). Kenduri replaces it with the fifth public list."""
        if self.plays.solo:
            return self.hard_trigger_lists if self.hard else self.solo_target
        return self.lists_to_trigger

    def price(self, produce: Produce) -> Ringgit:
        """The printed market price of ``produce`` in RM (B-COMP-12)."""
        return self.market_prices[_INDEX[produce]]

    # The game object (issue 28, point 2): the rules carry their game's name and card data.

    game: ClassVar[str] = "bansan"
    """The registered game these rules are for (``marketlib.bots.game_of`` reads it)."""

    @functools.cached_property
    def card_data(self) -> CardData[Catalog]:
        """The cards of these rules' decks (:class:`marketlib.core.cards.CardData`): the
        catalogs dealt, by card digest, and values derived from them. Made on first use and
        kept on this object only (never encoded, compared or hashed)."""
        return card_data(self.produce_deck, self.list_deck, self.stall_set, self.event_deck)

    def __copy__(self) -> Rules:
        return self  # immutable: a copy may share the card data already read

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self


_INDEX = {p: i for i, p in enumerate(Produce)}


OPTION_WORDS: tuple[str, ...] = (
    N_("players (B-SETUP-01)"),
    N_("mode"),
    N_("Sendiri hard mode, shorthand for solo_target_lists=4 (B-SOLO-19)"),
    N_('the seat holding the Bansan Token at the start, or "random" (B-OPEN-01)'),
    N_("events (A-B-01)"),
    N_("cards removed at setup for 1..5 players (B-SETUP-02)"),
    N_("RM per card for FV, WG, MT, DG, SF, MM (B-COMP-12, A-B-05)"),
    N_("starting money"),
    N_("row size"),
    N_("bag limit"),
    N_("bin capacity"),
    N_("actions per turn"),
    N_("actions exact"),
    N_("the Stocking Phase must be taken when possible (A-B-18)"),
    N_("duplicate rule (A-B-16)"),
    N_('where a card with no open stall goes: "waste" (A-B-17) or "outside_market"'),
    N_("rounding scope (B-ROUND-01, A-B-10)"),
    N_("wholesale source"),
    N_("wholesale types (A-B-06)"),
    N_("the rented stall of that type must be open (A-B-23)"),
    N_("online sell source (A-B-09)"),
    N_("may sell from your own CLOSED stall (A-B-24)"),
    N_("one BUY may take from several sellers (A-B-08)"),
    N_("may BUY from unoperated stalls at 2 x market price, paid to the bank (A-B-08)"),
    N_("a BUY at market price needs the seller's consent (A-B-07)"),
    N_("empty base"),
    N_("empty bonus additional"),
    N_("empty bonus overflow"),
    N_("may empty a bin holding no card (A-B-12)"),
    N_("RM per overflowed card (B-BIN-02)"),
    N_("fine on bag overflow"),
    N_("debt policy (A-B-35)"),
    N_('which draws can flip an Event: (A-B-20), also "deck_stock"'),
    N_("max events per turn (B-UPK-10)"),
    N_("event deck exhausted"),
    N_("rr cost"),
    N_("rr min stalls"),
    N_("rent closed stall"),
    N_("opening rent cost"),
    N_("trades and bargains are allowed (B-ANY-01/02, A-B-33)"),
    N_("other vendors' money and Wallet lists are hidden in views (A-B-57)"),
    N_("completed lists that trigger the Last Round (B-END-01, A-B-27)"),
    N_("play the Closing Round (B-END-08)"),
    N_("tiebreak2 count at (A-B-28)"),
    N_('the five Kenduri lists must be completed by "end_of_game" (A-B-39) or by the time '
       "the Deck runs out"),
    N_("how many public lists the Kenduri Menu has (B-KEN-02)"),
    N_("lists to complete in Sendiri, also trigger (B-SOLO-18/19)"),
    N_("solo compare (A-B-45)"),
    N_("the target number of lists must be completed to win (A-B-45)"),
    N_("the step 1b card goes to the Outside Market (A-B-42)"),
    N_("solo throw choice (A-B-43)"),
    N_("solo opening halves (A-B-44)"),
    N_("must stay False: Sendiri has no Events (B-SOLO-08, A-B-46)"),
    N_("in the Sendiri hard mode, the completed lists that fire trigger: 4 (A-B-59) or 3"),
    N_("R&R may also be used during the Opening Round (A-B-60)"),
    N_("how many counter-offers a bargain or trade may go through before its recipient must "
       "accept or decline (A-B-60), so every negotiation ends"),
    N_('trades in the Closing Round: "until_thrown" (A-B-62) or "never"'),
    N_("produce deck"),
    N_("list deck"),
    N_("stall set"),
    N_("event deck"),
)
"""The words of each option of :class:`Rules`, marked for the catalogue (why a copy, and how it
is kept equal to the docstring: :mod:`marketlib.core.options`)."""
