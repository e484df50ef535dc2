"""Bansan rule options and game state (immutable ``msgspec`` structs; tuples only).

``State`` holds every produce card by ID in exactly one place: the WHOLESALE Deck, the removed
cards, the WHOLESALE Row, a stall, a Shopping Bag, a Waste Bin, the Outside Market, or a pending
decision (cards being stocked, bought or sold). Money moves only through logged transfers: each
vendor's ``money`` equals ``starting_money + ledger[p]`` and ``sum(ledger) == bank`` (the money the
bank has paid out, net).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from marketlib.bansan.cards import Produce
from marketlib.core.game import Outcome
from marketlib.core.validate import check_fields

Ringgit = int
"""An amount of money in RM (whole ringgit, A-B-36)."""


class Rules(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Every Bansan rule option (RULES.md section 7) with its default.

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
        solo_target_lists: lists to complete in Sendiri, also trigger (a) (B-SOLO-18/19).
        solo_compare: ``">="`` (A-B-45) or ``">"``: total against twice the list value.
        solo_require_target: the target number of lists must be completed to win (A-B-45).
        solo_indicator_card: the step 1b card goes to the Outside Market (A-B-42).
        solo_throw_choice: ``"player"`` chooses the card thrown in step 1b when the stall's
            cards differ in waste type, or ``"last_tucked"`` (A-B-43).
        solo_opening_halves: ``"all_top_or_all_bottom"`` (A-B-44) or ``"free"`` per card.
        solo_events: must stay ``False``: Sendiri has no Events (B-SOLO-08, A-B-46).
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
    solo_target_lists: int = 3
    solo_compare: Literal[">=", ">"] = ">="
    solo_require_target: bool = True
    solo_indicator_card: Literal["outside_market"] = "outside_market"
    solo_throw_choice: Literal["player", "last_tucked"] = "player"
    solo_opening_halves: Literal["all_top_or_all_bottom", "free"] = "all_top_or_all_bottom"
    solo_events: bool = False
    produce_deck: str = "default"
    list_deck: str = "default"
    stall_set: str = "default"
    event_deck: str = "default"

    def __post_init__(self) -> None:
        check_fields(self)  # msgspec does not check types when Python code builds a struct
        if self.mode == "sendiri":
            if self.players != 1:
                raise ValueError(f"Sendiri is the solo mode: players must be 1 (B-SETUP-01, "
                                 f"B-SOLO-01), not {self.players}")
            if self.events != "off" or self.solo_events:
                raise ValueError("Sendiri has no Events (B-SOLO-08, A-B-46): keep events='off' "
                                 "and solo_events=False")
            if self.solo_target_lists < 1:
                raise ValueError("solo_target_lists must be at least 1 (B-SOLO-18)")
            if self.hard and self.solo_target_lists not in (3, 4):
                raise ValueError("hard=True means solo_target_lists=4 (B-SOLO-19); do not give "
                                 f"solo_target_lists={self.solo_target_lists} as well")
        elif self.mode == "kenduri":
            if not 2 <= self.players <= 5:
                raise ValueError(f"the Kenduri Menu needs 2-5 players (B-KEN-01, A-B-40), not "
                                 f"{self.players}; 1 player plays mode='sendiri'")
        elif self.mode == "standard":
            if not 2 <= self.players <= 5:
                raise ValueError(f"players must be 2-5 for the standard game (B-SETUP-01), "
                                 f"not {self.players}; 1 player plays mode='sendiri'")
        else:
            raise ValueError(f"mode must be 'standard', 'kenduri' or 'sendiri', not {self.mode!r}")
        if self.hard and self.mode != "sendiri":
            raise ValueError("hard=True is the Sendiri hard mode (B-SOLO-19); it needs "
                             "mode='sendiri'")
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

    @property
    def solo_target(self) -> int:
        """Lists to complete in Sendiri: 4 in the hard mode, else ``solo_target_lists``."""
        return 4 if self.hard else self.solo_target_lists

    @property
    def trigger_lists(self) -> int:
        """Own completed lists that fire trigger (a): ``lists_to_trigger``, or the Sendiri
        target (B-END-01, B-SOLO-16/19). Kenduri replaces it with the fifth public list."""
        return self.solo_target if self.mode == "sendiri" else self.lists_to_trigger

    def price(self, produce: Produce) -> Ringgit:
        """The printed market price of ``produce`` in RM (B-COMP-12)."""
        return self.market_prices[_INDEX[produce]]


_INDEX = {p: i for i, p in enumerate(Produce)}


NEIGHBOUR = -1
"""The renter of a stall operated by the Sendiri Neighbour (B-SOLO-05): not a seat."""

LOG_SIZE = 12
"""The event log keeps the last 12 automatic steps (``State.log``)."""


class Stall(msgspec.Struct, frozen=True, kw_only=True, array_like=True):
    """A Market Stall in play: its tile ID, open or CLOSED, its renter (``None``: unoperated;
    :data:`NEIGHBOUR`: the Sendiri Neighbour) and the produce cards tucked into it (all of the
    stall's type, B-STOCK-08)."""

    id: str
    open: bool = True
    renter: int | None = None
    cards: tuple[str, ...] = ()


class BagCard(msgspec.Struct, frozen=True, array_like=True):
    """A card in a Shopping Bag, locked to the type it was bought or stocked as (B-STOCK-08)."""

    card: str
    produce: Produce


class Vendor(msgspec.Struct, frozen=True, kw_only=True):
    """One player: money (hidden), Wallet lists (hidden), completed lists (public, by the bag),
    Shopping Bag contents, and whether the once-per-game R&R is used (bag flipped, B-ANY-07)."""

    money: Ringgit
    wallet: tuple[str, ...] = ()
    completed: tuple[str, ...] = ()
    bag: tuple[BagCard, ...] = ()
    rr_used: bool = False


class StockCard(msgspec.Struct, frozen=True, array_like=True):
    """A card waiting to be tucked, and the types it may be stocked as."""

    card: str
    options: tuple[Produce, ...]


class Stocking(msgspec.Struct, frozen=True, kw_only=True, tag="stocking"):
    """Cards being stocked one by one with ``Tuck`` (B-STOCK-03/06, B-OPEN-03)."""

    cards: tuple[StockCard, ...]


class OpeningHand(msgspec.Struct, frozen=True, kw_only=True, tag="opening"):
    """The 5 opening cards of a vendor, before choosing all-top or all-bottom (B-OPEN-03)."""

    cards: tuple[str, ...]


class Picked(msgspec.Struct, frozen=True, array_like=True):
    """A card chosen in a BUY or SELL: who is paid (``None``: the bank) and its price (RM)."""

    card: str
    seller: int | None
    price: Ringgit


class Purchase(msgspec.Struct, frozen=True, kw_only=True, tag="purchase"):
    """A BUY from vendors (``"vendors"``), from wholesalers (``"wholesale"``) or a SELL
    online (``"sell"``) in progress: the type and the cards picked so far (B-BUY, B-SELL)."""

    kind: Literal["vendors", "wholesale", "sell"]
    produce: Produce
    picked: tuple[Picked, ...] = ()


class ListReturn(msgspec.Struct, frozen=True, kw_only=True, tag="return"):
    """The deciding vendor must return ``count`` lists from the Wallet to the bottom of the
    Shopping List deck (B-OPEN-02, B-UPK-06)."""

    count: int


class SoloThrow(msgspec.Struct, frozen=True, kw_only=True, tag="solo_throw"):
    """Sendiri step 1b (B-SOLO-10): the drawn card and the stalls still to throw 1 card from,
    in order; the player picks the card of the first one (``Throw``) when it matters."""

    card: str
    stalls: tuple[str, ...]


Pending = Stocking | OpeningHand | Purchase | ListReturn | SoloThrow


class TradeOffer(msgspec.Struct, frozen=True, kw_only=True, tag="trade"):
    """A proposed trade (B-ANY-02): ``give``/``take`` are bag cards, ``pay``/``ask`` money."""

    frm: int
    to: int
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()
    pay: Ringgit = 0
    ask: Ringgit = 0


class BargainOffer(msgspec.Struct, frozen=True, kw_only=True, tag="bargain"):
    """A proposed price for one card of a BUY from vendors (B-ANY-01, B-BUY-02)."""

    frm: int
    to: int
    card: str
    price: Ringgit


Offer = TradeOffer | BargainOffer


class Reminder(msgspec.Struct, frozen=True, array_like=True):
    """An "Effective Next Action Phase" Event beside a vendor's bag (B-UPK-11)."""

    seat: int
    event: str


class Transfer(msgspec.Struct, frozen=True, array_like=True):
    """One money movement of the last step: from/to a seat (``None``: the bank), RM, rule ID."""

    frm: int | None
    to: int | None
    amount: Ringgit
    rule: str


Phase = Literal["open_lists", "open_stock", "draft", "solo_move", "solo_throw", "stock",
                "stocked", "actions", "complete", "return_lists", "bag", "refill", "event_lists",
                "turn_end", "closing", "over"]


class State(msgspec.Struct, frozen=True, kw_only=True):
    """A complete Bansan game state.

    Attributes:
        rules: the rule options in force.
        deck: the face-down WHOLESALE Deck, top first (hidden). removed: cards out of the game
            (hidden, B-SETUP-02).
        row: the face-up WHOLESALE Row. stalls: the stalls in play, row by row (``columns``
            per row). bins: the Waste Bins PL, PA, OR (card IDs). outside: the Outside Market.
        list_deck: the Shopping List deck, top first (hidden). event_deck: hidden; latest_events:
            flipped Events, newest last; active_event: the "until next Event" card in effect.
        reminders: "next Action Phase" Events waiting beside a bag.
        vendors: one per seat, clockwise. first: the original 1st Player's seat. token: the
            Bansan Token holder (B-END-02). current: the seat whose turn it is.
        phase, pending, queue: the phase, the compound decision in progress, and the seats still
            to act in a round-robin phase (opening, closing, event lists).
        offer: a trade or bargain waiting for the other vendor's answer (they decide next).
        turn: normal turns completed. actions_left, bins_emptied, events_flipped, completed_now:
            counters of the current turn; star_drawn: a Star
            seen in a [B] reveal (only with ``"deck_stock"`` in ``star_sources``).
            trigger: the seat that triggered the Last Round.
        leftovers: tie-breaker 2 counts (A-B-28). ledger, bank, transfers: money accounting.
        public: the Kenduri lists still open, face up (B-KEN-02). missed: the Kenduri lists that
            were open when the Deck ran out (``kenduri_deadline="deck_exhausted"``).
        log: the last automatic steps in words (Sendiri moves, throws, Row, discards; Kenduri
            lists), newest last, at most :data:`LOG_SIZE`.
        shuffle_key, reshuffles: hidden seed for Event deck reshuffles (STYLE 4).
        result: the outcome once the game is over.
    """

    rules: Rules
    deck: tuple[str, ...]
    removed: tuple[str, ...]
    row: tuple[str, ...]
    stalls: tuple[Stall, ...]
    columns: int
    bins: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    outside: tuple[str, ...] = ()
    list_deck: tuple[str, ...] = ()
    event_deck: tuple[str, ...] = ()
    latest_events: tuple[str, ...] = ()
    active_event: str | None = None
    reminders: tuple[Reminder, ...] = ()
    vendors: tuple[Vendor, ...]
    first: int = 0
    token: int = 0
    current: int = 0
    phase: Phase = "stock"
    pending: Pending | None = None
    queue: tuple[int, ...] = ()
    offer: Offer | None = None
    turn: int = 0
    actions_left: int = 0
    bins_emptied: int = 0
    events_flipped: int = 0
    completed_now: int = 0
    star_drawn: bool = False
    trigger: int | None = None
    leftovers: tuple[int | None, ...] = ()
    ledger: tuple[int, ...] = ()
    bank: int = 0
    transfers: tuple[Transfer, ...] = ()
    shuffle_key: int = 0
    reshuffles: int = 0
    result: Outcome | None = None
    public: tuple[str, ...] = ()
    missed: tuple[str, ...] = ()
    log: tuple[str, ...] = ()

    def __str__(self) -> str:
        from marketlib.bansan.render import text_table

        return text_table(self)

    def _repr_html_(self) -> str:
        from marketlib.bansan.render import html_board

        return html_board(self)

    def replace(self, **changes: Any) -> State:
        """A copy with ``changes`` (the state itself is never modified)."""
        return msgspec.structs.replace(self, **changes)

    def note(self, text: str) -> State:
        """A copy with ``text`` added to the event log (the oldest entries drop out)."""
        return msgspec.structs.replace(self, log=(*self.log[1 - LOG_SIZE:], text))
