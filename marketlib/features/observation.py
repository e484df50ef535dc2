"""A seat's observation as OpenSpiel wants it: a fixed-size tensor and a string, both made from
the seat's view only (``view(state, seat)``; docs: "OpenSpiel"), so they cannot leak a hidden
card, the deck order or the seed.

The tensor is a float vector in named pieces (:func:`pieces`); seats in it are *relative* to
the viewer (slot 0 is the viewer, slot 1 the next seat clockwise, five slots always):

* cards: for each card of the card data, in file order, one 0/1 per zone it can be seen in
  (Monsoon Market: each Goods card in the Market, the discard pile, each seat's display, the
  spend in progress; each Order in the Order display, owned by each seat at Gold, Silver or
  Bulk, its Bonus Good, being fulfilled. Bansan: each produce card in the Row, the Outside
  Market, each Waste Bin, each stall, each seat's bag, counted as its bottom half, the pending
  decision; each Shopping List in the viewer's Wallet, completed by each seat, on the Kenduri
  Menu, missed; each stall in play, open, its renter, its place; each Event latest or active);
* scalars: deck sizes, seals or money (a hidden wallet reads 0 with its "known" bit 0), whose
  turn, the phase and the pending decision one-hot, counters scaled to about 0..1.

The string is the view as compact JSON (without the rule options, the same for every state of
a game), so two states a seat cannot tell apart give the same string.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import numpy as np

from marketlib import bansan, monsoon
from marketlib.bansan.state import ListReturn, OpeningHand, Purchase, Stocking
from marketlib.features.encoding import MAX_SEATS

Piece = tuple[str, int]
"""A named slice of the tensor and its length."""


class Tensor:
    """A flat float32 vector filled piece by piece (names as in :func:`pieces`)."""

    def __init__(self, layout: Sequence[Piece]) -> None:
        self.offsets: dict[str, int] = {}
        size = 0
        for name, length in layout:
            self.offsets[name] = size
            size += length
        self.data = np.zeros(size, np.float32)

    def set(self, piece: str, index: int, value: float = 1.0) -> None:
        self.data[self.offsets[piece] + index] = value


def _rel(seat: int | None, viewer: int, players: int) -> int | None:
    if seat is None or seat < 0:
        return None
    return (seat - viewer) % players


MONSOON_PHASES = ("action", "take", "spend", "bonus", "end", "over")
BANSAN_PHASES = ("open_lists", "open_stock", "draft", "solo_move", "solo_throw", "stock",
                 "stocked", "actions", "complete", "return_lists", "bag", "refill", "event_lists",
                 "turn_end", "closing", "over")
BANSAN_PENDING = ("stocking", "opening", "purchase", "return", "solo_throw")
MONSOON_GOODS_ZONES = 3 + MAX_SEATS  # market, discard, spend in progress, displays
MONSOON_ORDER_ZONES = 4 + 3 * MAX_SEATS  # display, bonus good, being fulfilled, its bonus good
BANSAN_CARD_ZONES = 2 + 3 + 1 + 2 * MAX_SEATS + 1  # row, outside, bins, stall, bags, pending


def monsoon_pieces(cat: Any) -> list[Piece]:
    """Monsoon Market's tensor layout for the card data ``cat``."""
    return [("goods", len(cat.goods) * MONSOON_GOODS_ZONES),
            ("orders", len(cat.orders) * MONSOON_ORDER_ZONES),
            ("decks", 2), ("seals", MAX_SEATS), ("current", MAX_SEATS), ("seats", MAX_SEATS),
            ("phase", len(MONSOON_PHASES)), ("pending", 3 + 4 + 2), ("counters", 4)]


def bansan_pieces(cat: Any) -> list[Piece]:
    """Bansan's tensor layout for the card data ``cat``."""
    stalls = len(cat.stalls)
    return [("produce", len(cat.produce) * BANSAN_CARD_ZONES), ("stall_of", len(cat.produce)),
            ("lists", len(cat.lists) * (3 + MAX_SEATS)),
            ("stalls", stalls * (3 + MAX_SEATS + 1 + stalls)),
            ("events", len(cat.events) * 2),
            ("money", 2 * MAX_SEATS), ("wallet_size", MAX_SEATS), ("rr_used", MAX_SEATS),
            ("decks", 4), ("current", MAX_SEATS), ("token", MAX_SEATS), ("first", MAX_SEATS),
            ("trigger", MAX_SEATS), ("seats", MAX_SEATS), ("mode", 3),
            ("phase", len(BANSAN_PHASES)), ("pending", len(BANSAN_PENDING) + 3 + 6),
            ("counters", 9)]


def monsoon_tensor(v: monsoon.View, cat: Any, out: Tensor) -> None:
    """Fill ``out`` from Monsoon Market view ``v`` (layout: :func:`monsoon_pieces`)."""
    me, n = v.viewer or 0, v.rules.players
    goods = {g: i * MONSOON_GOODS_ZONES for i, g in enumerate(cat.goods)}
    orders = {o: i * MONSOON_ORDER_ZONES for i, o in enumerate(cat.orders)}
    levels = {lv: i for i, lv in enumerate(monsoon.Level)}
    for c in v.market:
        out.set("goods", goods[c])
    for c in v.discard:
        out.set("goods", goods[c] + 1)
    for o in v.order_display:
        out.set("orders", orders[o])
    for seat, s in enumerate(v.seats):
        r = _rel(seat, me, n) or 0
        for c in s.display:
            out.set("goods", goods[c] + 3 + r)
        for owned in s.orders:
            out.set("orders", orders[owned.id] + 4 + 3 * r + levels[owned.level])
            if owned.bonus:
                out.set("orders", orders[owned.id] + 1)
        out.set("seals", r, v.seals[seat] / v.rules.seal_target)
        out.set("seats", r)
    p = v.pending
    if isinstance(p, monsoon.TakePending):
        out.set("pending", 0)
        out.set("pending", 7, p.remaining / v.rules.market_size)
    elif isinstance(p, monsoon.FulfillPending):
        out.set("pending", 1)
        out.set("orders", orders[p.order] + 2)
        for c in p.cards:
            out.set("goods", goods[c] + 2)
        for o in p.bonus_goods:
            out.set("orders", orders[o] + 3)
    elif isinstance(p, monsoon.BonusPending):
        out.set("pending", 2)
        out.set("pending", 3 + list(monsoon.BonusAction).index(p.action))
        out.set("pending", 8, p.steals_left / 2)
        out.set("orders", orders[p.order] + 2)
        for c in p.spent:
            out.set("goods", goods[c] + 2)
    out.set("decks", 0, v.goods_deck_size / len(cat.goods))
    out.set("decks", 1, v.order_deck_size / len(cat.orders))
    out.set("current", _rel(v.current, me, n) or 0)
    out.set("phase", MONSOON_PHASES.index(v.phase))
    for i, value in enumerate((v.turn / 100, v.reshuffles, v.forced_passes / n,
                               v.forced_turns / n)):
        out.set("counters", i, value)


def bansan_tensor(v: bansan.View, cat: Any, out: Tensor) -> None:
    """Fill ``out`` from Bansan view ``v`` (layout: :func:`bansan_pieces`)."""
    me, n, z = v.viewer or 0, len(v.vendors), BANSAN_CARD_ZONES
    card = {c: i for i, c in enumerate(cat.produce)}
    lists = {x: i * (3 + MAX_SEATS) for i, x in enumerate(cat.lists)}
    stall_ids = {s: i for i, s in enumerate(cat.stalls)}
    per_stall = 3 + MAX_SEATS + 1 + len(cat.stalls)

    def at(c: str, zone: int) -> None:
        out.set("produce", card[c] * z + zone)

    for c in v.row:
        at(c, 0)
    for c in v.outside:
        at(c, 1)
    for b, cards in enumerate(v.bins):
        for c in cards:
            at(c, 2 + b)
    for place, stall in enumerate(v.stalls):
        i = stall_ids[stall.id]
        base = i * per_stall
        out.set("stalls", base)
        out.set("stalls", base + 1, float(stall.open))
        r = _rel(stall.renter, me, n)
        if r is not None:
            out.set("stalls", base + 2 + r)
        elif stall.renter == bansan.NEIGHBOUR:
            out.set("stalls", base + 2 + MAX_SEATS)
        out.set("stalls", base + 3 + MAX_SEATS + place)
        for c in stall.cards:
            at(c, 5)
            out.set("stall_of", card[c], (i + 1) / len(cat.stalls))
    for seat, vendor in enumerate(v.vendors):
        r = _rel(seat, me, n) or 0
        out.set("seats", r)
        for held in vendor.bag:
            at(held.card, 6 + r)
            if held.produce is cat.produce[held.card].bottom:
                at(held.card, 6 + MAX_SEATS + r)
        for x in vendor.completed:
            out.set("lists", lists[x] + 3 + r)
        for x in vendor.wallet or ():
            out.set("lists", lists[x])
        if vendor.money is not None:
            out.set("money", 2 * r, vendor.money / 50)
            out.set("money", 2 * r + 1)
        out.set("wallet_size", r, vendor.wallet_size / 5)
        out.set("rr_used", r, float(vendor.rr_used))
    for x in v.public:
        out.set("lists", lists[x] + 1)
    for x in v.missed:
        out.set("lists", lists[x] + 2)
    events = {e: i for i, e in enumerate(cat.events)}
    for e in v.latest_events:
        out.set("events", 2 * events[e])
    if v.active_event is not None:
        out.set("events", 2 * events[v.active_event] + 1)
    p, pend = v.pending, len(BANSAN_PENDING)
    if p is not None:
        out.set("pending", BANSAN_PENDING.index(type(p).__struct_config__.tag))
    if isinstance(p, Stocking):
        for sc in p.cards:
            at(sc.card, z - 1)
    elif isinstance(p, OpeningHand | bansan.SoloThrow):
        for c in (p.cards if isinstance(p, OpeningHand) else (p.card,)):
            at(c, z - 1)
    elif isinstance(p, Purchase):
        out.set("pending", pend + ("vendors", "wholesale", "sell").index(p.kind))
        out.set("pending", pend + 3 + list(bansan.Produce).index(p.produce))
        for pick in p.picked:
            at(pick.card, z - 1)
    sizes = (v.deck_size / len(cat.produce), v.removed_size / len(cat.produce),
             v.list_deck_size / len(cat.lists), v.event_deck_size / max(len(cat.events), 1))
    for i, size in enumerate(sizes):
        out.set("decks", i, size)
    for piece, who in (("current", v.current), ("token", v.token), ("first", v.first),
                       ("trigger", v.trigger)):
        r = _rel(who, me, n)
        if r is not None:
            out.set(piece, r)
    out.set("mode", ("standard", "kenduri", "sendiri").index(v.rules.mode))
    out.set("phase", BANSAN_PHASES.index(v.phase))
    count = p.count if isinstance(p, ListReturn) else 0
    counters = (v.turn / 100, v.actions_left / 2, v.bins_emptied / 3, v.events_flipped,
                v.completed_now / 3, float(v.star_drawn), v.reshuffles, count / 3,
                float(v.offer is not None))
    for i, value in enumerate(counters):
        out.set("counters", i, value)


TENSORS: dict[str, tuple[Callable[[Any], list[Piece]], Callable[[Any, Any, Tensor], None]]] = {
    "monsoon": (monsoon_pieces, monsoon_tensor),
    "bansan": (bansan_pieces, bansan_tensor),
}
"""Each game's tensor layout and filler, by the game's registered name."""


def view_string(v: Any) -> str:
    """The view as compact JSON without its rule options (the same all game long)."""
    data = msgspec.to_builtins(v)
    data.pop("rules", None)
    return msgspec.json.encode(data).decode()
