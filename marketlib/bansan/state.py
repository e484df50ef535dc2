"""The Bansan game state (immutable ``msgspec`` structs; tuples only).

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
from marketlib.bansan.options import Ringgit as Ringgit  # re-exported: older imports name it here
from marketlib.bansan.options import Rules as Rules  # re-exported likewise
from marketlib.core import game as core
from marketlib.core import pictures
from marketlib.core.hidden import Declaration, PerSeat

NEIGHBOUR = -1
"""The renter of a stall operated by the Sendiri Neighbour (B-SOLO-05): not a seat."""

LOG_SIZE = 12
"""The event log keeps the last 12 automatic steps (``State.log``)."""


class Ending(core.Ending):
    """How a Bansan game ended (declared here, not in core: issue 28)."""

    MONEY = "money"
    """The last round ended; the richest vendor wins (B-END)."""
    COLLECTIVE_LOSS = "collective_loss"
    """Kenduri: a public Shopping List was still open, so the whole market loses (B-KEN-05)."""
    SOLO_WIN = "solo_win"
    """Sendiri: the solo target was met (B-SOLO-18)."""
    SOLO_LOSS = "solo_loss"
    """Sendiri: the solo target was missed (B-SOLO-18)."""


DECIDED_BY: dict[str, str] = {Ending.MONEY: "B-END-06", Ending.COLLECTIVE_LOSS: "B-KEN-05",
                              Ending.SOLO_WIN: "B-SOLO-18", Ending.SOLO_LOSS: "B-SOLO-18"}
"""The rule that decided a game that ended each way, cited when a move is tried after it
(helper-106 read "B-END-06: the game is over", most money wins, after a Sendiri game)."""


class Outcome(core.Outcome, frozen=True, kw_only=True):
    """The result of a finished Bansan game (:class:`~marketlib.core.game.Outcome`), RM as
    scores (Sendiri: money + Deck cards), ending with one of its :class:`Ending`."""

    ending: Ending


class Stall(msgspec.Struct, frozen=True, gc=False, kw_only=True, array_like=True):
    """A Market Stall in play: its tile ID, open or CLOSED, its renter (``None``: unoperated;
    :data:`NEIGHBOUR`: the Sendiri Neighbour) and the produce cards tucked into it (all of the
    stall's type, B-STOCK-08)."""

    id: str
    open: bool = True
    renter: int | None = None
    cards: tuple[str, ...] = ()

    def replace(self, **changes: Any) -> Stall:
        """A copy with ``changes`` (``stall.replace(open=False)``; the stall is never
        modified)."""
        new: Stall = msgspec.structs.replace(self, **changes)
        return new


class BagCard(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """A card in a Shopping Bag, locked to the type it was bought or stocked as (B-STOCK-08)."""

    card: str
    produce: Produce


class Vendor(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One player: money (hidden), Wallet lists (hidden), completed lists (public, by the bag),
    Shopping Bag contents, and whether the once-per-game R&R is used (bag flipped, B-ANY-07)."""

    money: Ringgit
    wallet: tuple[str, ...] = ()
    completed: tuple[str, ...] = ()
    bag: tuple[BagCard, ...] = ()
    rr_used: bool = False


class StockCard(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """A card waiting to be tucked, and the types it may be stocked as."""

    card: str
    options: tuple[Produce, ...]


class Stocking(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="stocking"):
    """Cards being stocked one by one with ``Tuck`` (B-STOCK-03/06, B-OPEN-03)."""

    cards: tuple[StockCard, ...]


class OpeningHand(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="opening"):
    """The 5 opening cards of a vendor, before choosing all-top or all-bottom (B-OPEN-03)."""

    cards: tuple[str, ...]


class Picked(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """A card chosen in a BUY or SELL: who is paid (``None``: the bank) and its price (RM)."""

    card: str
    seller: int | None
    price: Ringgit


class Purchase(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="purchase"):
    """A BUY from vendors (``"vendors"``), from wholesalers (``"wholesale"``) or a SELL
    online (``"sell"``) in progress: the type and the cards picked so far (B-BUY, B-SELL)."""

    kind: Literal["vendors", "wholesale", "sell"]
    produce: Produce
    picked: tuple[Picked, ...] = ()


class ListReturn(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="return"):
    """The deciding vendor must return ``count`` lists from the Wallet to the bottom of the
    Shopping List deck (B-OPEN-02, B-UPK-06)."""

    count: int


class SoloThrow(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="solo_throw"):
    """Sendiri step 1b (B-SOLO-10): the drawn card and the stalls still to throw 1 card from,
    in order; the player picks the card of the first one (``Throw``) when it matters."""

    card: str
    stalls: tuple[str, ...]


Pending = Stocking | OpeningHand | Purchase | ListReturn | SoloThrow


class TradeOffer(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="trade"):
    """A proposed trade (B-ANY-02): ``give``/``take`` are bag cards, ``pay``/``ask`` money."""

    frm: int
    to: int
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()
    pay: Ringgit = 0
    ask: Ringgit = 0
    counters: int = 0
    """Counter-offers made so far in this negotiation (A-B-60)."""


class BargainOffer(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="bargain"):
    """A proposed price for one card of a BUY from vendors (B-ANY-01, B-BUY-02)."""

    frm: int
    to: int
    card: str
    price: Ringgit
    counters: int = 0
    """Counter-offers made so far in this negotiation (A-B-60)."""


Offer = TradeOffer | BargainOffer


class Reminder(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """An "Effective Next Action Phase" Event beside a vendor's bag (B-UPK-11)."""

    seat: int
    event: str


class Transfer(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """One money movement of the last step: from/to a seat (``None``: the bank), RM, rule ID."""

    frm: int | None
    to: int | None
    amount: Ringgit
    rule: str


Phase = Literal["open_lists", "open_stock", "draft", "solo_move", "solo_throw", "stock",
                "stocked", "actions", "complete", "return_lists", "bag", "refill", "event_lists",
                "turn_end", "closing", "over"]


class State(msgspec.Struct, frozen=True, gc=False, kw_only=True):
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
        shuffle_key, reshuffles: hidden seed for Event deck reshuffles (docs: "Games and the
        registry").
        cards: the digest of the card data the game was dealt with (``""`` for the shipped
            decks); an owner's deck files edited after setup are refused, not used.
        result: the outcome once the game is over.

    ``str(state)`` is the table (golden tests); ``repr(state)`` is one deterministic line that
    shows nothing hidden (no deck order, no Wallet, no money, no ``shuffle_key``; A-B-57), the
    same contract as a Monsoon Market state's.
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
    cards: str = ""
    reshuffles: int = 0
    result: Outcome | None = None
    public: tuple[str, ...] = ()
    missed: tuple[str, ...] = ()
    log: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return f"State({summary(self)})"

    def __str__(self) -> str:
        return pictures.text(self)  # drawn by render.py, which registers itself there

    def _repr_html_(self) -> str:
        return pictures.html(self)

    def replace(self, **changes: Any) -> State:
        """A copy with ``changes`` (the state itself is never modified)."""
        return msgspec.structs.replace(self, **changes)

    def note(self, text: str) -> State:
        """A copy with ``text`` added to the event log (the oldest entries drop out)."""
        return msgspec.structs.replace(self, log=(*self.log[1 - LOG_SIZE:], text))


def _wallets_hidden(state: State) -> bool:
    return state.rules.hidden_wallets and state.result is None


SIGHT = Declaration(
    State, seats="vendors", private_while=_wallets_hidden,
    public=("rules", "row", "stalls", "columns", "bins", "outside", "latest_events",
            "active_event", "reminders", "first", "token", "current", "phase", "pending", "queue",
            "offer", "turn", "actions_left", "bins_emptied", "events_flipped", "completed_now",
            "star_drawn", "trigger", "leftovers", "cards", "reshuffles", "result", "public",
            "missed", "log"),
    hidden={"deck": "deck_size", "removed": "removed_size", "list_deck": "list_deck_size",
            "event_deck": "event_deck_size"},
    secret=("ledger", "bank", "transfers", "shuffle_key"),
    per_seat={"vendors": PerSeat(Vendor, public=("completed", "bag", "rr_used"),
                                 owned={"money": None, "wallet": "wallet_size"})},
)
"""Who sees each field of :class:`State` (A-B-57; :mod:`marketlib.core.hidden`): the table is
public; the decks and the removed cards show only their sizes; money and Wallet lists are their
owner's while ``rules.hidden_wallets`` holds and the game runs (the size of a Wallet is public);
the ledger, the bank, the transfers and the reshuffle key are the teacher's only. ``view`` and
``determinize`` are derived from it; a new field without a line here stops the import."""


def summary(state: State | Any) -> str:
    """One deterministic line about a state or view, public facts only (no deck order, Wallet
    or money, A-B-57): ``bansan standard, 3 players, round 2, turn 5, phase actions, P0's turn``."""
    n = len(state.vendors)
    head = f"bansan {state.rules.mode}, {n} player{'' if n == 1 else 's'}"
    result = state.result
    if result is not None:
        return f"{head}, over: {result}"
    now = pictures.turn(state)  # as the board's header: none in the Opening and Closing Rounds
    at = "" if now is None else f", round {now[0]}, turn {now[1]}"
    return f"{head}{at}, phase {state.phase}, P{state.current}'s turn"
