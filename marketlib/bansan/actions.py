"""Bansan actions: small frozen structs named in the rulebook's words.

Every action names the seat that takes it. ``str(action)`` is table notation (``P0 buy WG``) and
:func:`~marketlib.bansan.table.parse_action` reads it back exactly (the verbs are declared in
the action table, :mod:`marketlib.bansan.table`); JSON uses a ``"type"`` tag. Compound
decisions are sequences of atomic ones (docs: "Games and the registry"): a BUY is
``Buy``/``BuyWholesale`` then ``Pick`` per card then ``Done``; a SELL is ``Sell``,
``Pick``..., ``Done``; stocking is ``StockRow``/``StockDeck`` then ``Tuck`` per card; Upkeep
is ``Complete``..., ``Done``, ``ReturnList``..., then ``Give``/``Throw`` while the bag is over
the limit. Trades and bargains are proposals the other vendor answers with ``Accept`` or
``Decline``; the vendor who made one may take it back while it waits (``Withdraw``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from marketlib.bansan.cards import Produce, Waste


class _Action(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag_field="type",
              forbid_unknown_fields=True):
    """Every action names the seat taking it. A saved action with an extra key is refused
    (docs/save-files.md; it was kept silently, helper-94), as in Monsoon Market."""

    player: int


class ReturnList(_Action, frozen=True, kw_only=True, tag="return_list"):
    """Return Shopping List ``list`` from your Wallet to the bottom of the deck (B-OPEN-02,
    B-UPK-06)."""

    list: str

    def __str__(self) -> str:
        return f"P{self.player} return {self.list}"


class ChooseHalf(_Action, frozen=True, kw_only=True, tag="choose_half"):
    """Opening stock: use the top halves of all 5 cards, or the bottom halves (B-OPEN-03)."""

    half: Literal["top", "bottom"]

    def __str__(self) -> str:
        return f"P{self.player} half {self.half}"


class Tuck(_Action, frozen=True, kw_only=True, tag="tuck"):
    """Tuck ``card`` into open stall ``stall`` as the stall's type (B-STOCK-03/06/07)."""

    card: str
    stall: str

    def __str__(self) -> str:
        return f"P{self.player} tuck {self.card} {self.stall}"


class PlaceWorker(_Action, frozen=True, kw_only=True, tag="place_worker"):
    """Opening stall draft: place a Worker on unrented ``stall`` (B-OPEN-04/05)."""

    stall: str

    def __str__(self) -> str:
        return f"P{self.player} worker {self.stall}"


class Move(_Action, frozen=True, kw_only=True, tag="move"):
    """Sendiri step 1a: move your Worker and the Neighbour's in ``row`` (1 = top) one stall to
    the right, the rightmost wrapping to the leftmost (B-SOLO-09)."""

    row: int

    def __str__(self) -> str:
        return f"P{self.player} move {self.row}"


class StockRow(_Action, frozen=True, kw_only=True, tag="stock_row"):
    """Stocking [A]: take ALL Row cards showing ``produce`` (B-STOCK-02)."""

    produce: Produce

    def __str__(self) -> str:
        return f"P{self.player} stock-row {self.produce}"


class StockDeck(_Action, frozen=True, kw_only=True, tag="stock_deck"):
    """Stocking [B]: reveal Deck cards until a duplicate type (B-STOCK-04..06)."""

    def __str__(self) -> str:
        return f"P{self.player} stock-deck"


class SkipStocking(_Action, frozen=True, kw_only=True, tag="skip_stocking"):
    """Skip the Stocking Phase (only with ``stocking_mandatory=False``, A-B-18)."""

    def __str__(self) -> str:
        return f"P{self.player} skip-stocking"


class Buy(_Action, frozen=True, kw_only=True, tag="buy"):
    """BUY (i): one produce type from other vendors' open stalls at market price (B-BUY-01/02)."""

    produce: Produce

    def __str__(self) -> str:
        return f"P{self.player} buy {self.produce}"


class BuyWholesale(_Action, frozen=True, kw_only=True, tag="buy_wholesale"):
    """BUY (ii): one type you sell, from the Row at half price rounded down (B-BUY-03)."""

    produce: Produce

    def __str__(self) -> str:
        return f"P{self.player} buy-wholesale {self.produce}"


class Sell(_Action, frozen=True, kw_only=True, tag="sell"):
    """SELL one produce type online at half price rounded down (B-SELL-01)."""

    produce: Produce

    def __str__(self) -> str:
        return f"P{self.player} sell {self.produce}"


class Pick(_Action, frozen=True, kw_only=True, tag="pick"):
    """Pick ``card`` for the BUY or SELL in progress (B-BUY-01/03, B-SELL-01)."""

    card: str

    def __str__(self) -> str:
        return f"P{self.player} pick {self.card}"


class Bargain(_Action, frozen=True, kw_only=True, tag="bargain"):
    """Offer ``price`` RM for ``card`` in another vendor's stall, during a BUY from vendors;
    the seller accepts or declines (B-ANY-01, B-BUY-02)."""

    card: str
    price: int

    def __str__(self) -> str:
        return f"P{self.player} bargain {self.card} {self.price}"


class Done(_Action, frozen=True, kw_only=True, tag="done"):
    """Finish the BUY/SELL in progress (pay or be paid), or finish completing lists."""

    def __str__(self) -> str:
        return f"P{self.player} done"


class Empty(_Action, frozen=True, kw_only=True, tag="empty"):
    """EMPTY one Waste Bin (B-EMPTY-01..04)."""

    bin: Waste

    def __str__(self) -> str:
        return f"P{self.player} empty {self.bin}"


class EndActions(_Action, frozen=True, kw_only=True, tag="end_actions"):
    """Take no more actions this turn (A-B-19)."""

    def __str__(self) -> str:
        return f"P{self.player} end-actions"


class Complete(_Action, frozen=True, kw_only=True, tag="complete"):
    """Complete Wallet list ``list`` with bag ``cards``, one per icon (B-UPK-02..05, B-END-05)."""

    list: str
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"P{self.player} complete {self.list} {','.join(self.cards)}"


class Give(_Action, frozen=True, kw_only=True, tag="give"):
    """Bag over the limit: give ``card`` to seat ``to``'s bag (B-UPK-08)."""

    card: str
    to: int

    def __str__(self) -> str:
        return f"P{self.player} give {self.card} P{self.to}"


class Throw(_Action, frozen=True, kw_only=True, tag="throw"):
    """Bag over the limit: throw ``card`` into its Waste Bin (B-UPK-08); in Sendiri step 1b,
    the card thrown from the stall (B-SOLO-10)."""

    card: str

    def __str__(self) -> str:
        return f"P{self.player} throw {self.card}"


class RentAndRelease(_Action, frozen=True, kw_only=True, tag="rent_and_release"):
    """Rent unoperated ``rent`` (pay ``Rules.rr_cost``) and/or Release your ``release`` (gain
    ``rr_cost``), once per game, as one action (B-ANY-03..08)."""

    rent: str | None = None
    release: str | None = None

    def __str__(self) -> str:
        parts = [f"P{self.player} rr"]
        if self.rent is not None:
            parts.append(f"rent={self.rent}")
        if self.release is not None:
            parts.append(f"release={self.release}")
        return " ".join(parts)


class ProposeTrade(_Action, frozen=True, kw_only=True, tag="propose_trade"):
    """Propose a trade to seat ``to``: your bag cards ``give`` and RM ``pay`` for their bag
    cards ``take`` and RM ``ask`` (B-ANY-02). They accept or decline."""

    to: int
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()
    pay: int = 0
    ask: int = 0

    def __str__(self) -> str:
        return (f"P{self.player} trade P{self.to} give={','.join(self.give) or '-'} "
                f"take={','.join(self.take) or '-'} pay={self.pay} ask={self.ask}")


class Counter(_Action, frozen=True, kw_only=True, tag="counter"):
    """Answer the offer made to you with another one (A-B-60, B-ANY-01/02): for a bargain, another
    ``price`` for its card; for a trade, your own terms (``give``/``pay`` from you, ``take``/
    ``ask`` from the vendor who offered). The other vendor then accepts, declines or counters,
    until ``Rules.max_counters`` counters have been made."""

    price: int | None = None
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()
    pay: int = 0
    ask: int = 0

    def __str__(self) -> str:
        price = "" if self.price is None else f" price={self.price}"
        if self.price is not None and not (self.give or self.take or self.pay or self.ask):
            return f"P{self.player} counter{price}"
        return (f"P{self.player} counter{price} give={','.join(self.give) or '-'} "
                f"take={','.join(self.take) or '-'} pay={self.pay} ask={self.ask}")


class Accept(_Action, frozen=True, kw_only=True, tag="accept"):
    """Accept the trade or bargain offered to you (B-ANY-01/02)."""

    def __str__(self) -> str:
        return f"P{self.player} accept"


class Decline(_Action, frozen=True, kw_only=True, tag="decline"):
    """Decline the trade or bargain offered to you (B-ANY-01/02)."""

    def __str__(self) -> str:
        return f"P{self.player} decline"


class Withdraw(_Action, frozen=True, kw_only=True, tag="withdraw"):
    """Take back the trade, bargain or counter-offer you made, before it is answered: a deal
    needs both vendors' consent (B-ANY-01/02), and yours ends with it. An any-time action:
    an offer to a vendor who has gone no longer holds the table (helper-94)."""

    def __str__(self) -> str:
        return f"P{self.player} withdraw"


Action = (ReturnList | ChooseHalf | Tuck | PlaceWorker | Move | StockRow | StockDeck | SkipStocking
          | Buy | BuyWholesale | Sell | Pick | Bargain | Done | Empty | EndActions | Complete | Give
          | Throw | RentAndRelease | ProposeTrade | Counter | Accept | Decline | Withdraw)
