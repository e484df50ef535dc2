"""Build a Monsoon Market position by hand from a readable spec (docs: "Games and the registry").

Scenario tests, notebooks and "what if" questions start here::

    s = position(displays=[["Gem2", "Cloth2", "Scroll1", "Wood4"], ["Pepper3"]],
                 order_display=["MO-29"], orders={1: ["MO-03 bulk"]})

Goods are named by ID (``MG-05``) or by label (``Gem2``, ``Gem/Scroll1``, ``Wood4``: the first
unplaced card with that label). Owned Orders are ``"MO-03 bulk"`` (an Order fulfilled at Bulk
that has a Bonus Good still carries it, unspent). Every card not placed goes, shuffled by
``seed``, into its deck below any cards given for the top of the deck. The position is checked:
every card in exactly one place, sizes within the limits, nobody already at the seal target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marketlib.core.errors import PositionError
from marketlib.core.seeding import deal_rng
from marketlib.core.validate import check_fields
from marketlib.monsoon.cards import BonusAction, Catalog, Level
from marketlib.monsoon.options import Rules
from marketlib.monsoon.scoring import seals_of
from marketlib.monsoon.state import (
    BonusPending,
    FulfillPending,
    OwnedOrder,
    Pending,
    Phase,
    Seat,
    State,
    TakePending,
)


class _Placer:
    def __init__(self, cat: Catalog) -> None:
        self.cat = cat
        self.placed: dict[str, str] = {}

    def good(self, ref: str, field: str) -> str:
        if not isinstance(ref, str):
            raise PositionError(field, f"{ref!r} is not a card: use an ID like 'MG-05' or a "
                                "label like 'Gem2'")
        ref = ref.strip()
        if ref.upper() in self.cat.goods:
            card = ref.upper()
        else:
            matches = [c for c, g in self.cat.goods.items() if g.label.lower() == ref.lower()]
            if not matches:
                raise PositionError(field, f"no Goods card {ref!r} (use an ID like MG-05 or a "
                                    "label like Gem2, Gem/Scroll1, Wood4)")
            free = [c for c in matches if c not in self.placed]
            if not free:
                raise PositionError(field, f"every {ref} card is already placed "
                                    f"({', '.join(matches)})")
            card = free[0]
        return self._place(card, field)

    def order(self, ref: str, field: str) -> str:
        if not isinstance(ref, str):
            raise PositionError(field, f"{ref!r} is not an Order: use an ID like 'MO-03'")
        card = ref.strip().upper()
        if card not in self.cat.orders:
            raise PositionError(field, f"no Order {ref!r} (IDs run MO-01..MO-36)")
        return self._place(card, field)

    def _place(self, card: str, field: str) -> str:
        if card in self.placed:
            raise PositionError(field, f"{card} is already in {self.placed[card]}")
        self.placed[card] = field
        return card


def _owned(placer: _Placer, ref: str | OwnedOrder, field: str) -> OwnedOrder:
    if isinstance(ref, OwnedOrder):
        try:
            check_fields(ref)  # a struct built in Python is not type-checked by msgspec
        except ValueError as err:
            raise PositionError(field, str(err)) from None
        order_id = placer.order(ref.id, field)
        if ref.bonus and placer.cat.orders[order_id].bonus_good is None:
            raise PositionError(field, f"{order_id} shows no Bonus Good, so bonus=True is "
                                "impossible (M-FUL-06)")
        if ref.bonus and ref.level is not Level.BULK:
            raise PositionError(field, f"{order_id} faces {ref.level.value}: only an Order "
                                "facing Bulk carries its Bonus Good (M-BG-04/05)")
        return OwnedOrder(id=order_id, level=ref.level, bonus=ref.bonus)
    if not isinstance(ref, str):
        raise PositionError(field, f"{ref!r}: write an owned Order as 'MO-03 bulk' or "
                            "OwnedOrder(id='MO-03', level=Level.BULK)")
    parts = ref.split()
    if len(parts) != 2:
        raise PositionError(field, f"{ref!r}: write an owned Order as 'MO-03 bulk'")
    order_id = placer.order(parts[0], field)
    try:
        level = Level(parts[1].lower())
    except ValueError:
        raise PositionError(field, f"{parts[1]!r} is not gold, silver or bulk") from None
    bonus = level is Level.BULK and placer.cat.orders[order_id].bonus_good is not None
    return OwnedOrder(id=order_id, level=level, bonus=bonus)


def _cards_list(value: object, field: str) -> list[Any]:
    """``value`` as a list, if it is a list or tuple of items (a lone string is not)."""
    if not isinstance(value, (list, tuple)):
        raise PositionError(field, f"must be a list, not {type(value).__name__} {value!r}")
    return list(value)


def position(
    *,
    displays: Sequence[Sequence[str]],
    market: Sequence[str] = (),
    order_display: Sequence[str] = (),
    orders: Mapping[int, Sequence[str | OwnedOrder]] | None = None,
    discard: Sequence[str] = (),
    goods_deck_top: Sequence[str] = (),
    order_deck_top: Sequence[str] = (),
    goods_deck: Sequence[str] | None = None,
    order_deck: Sequence[str] | None = None,
    current: int = 0,
    turn: int = 0,
    phase: Phase = "action",
    pending: Pending | None = None,
    rules: Rules | None = None,
    seed: int = 0,
) -> State:
    """Build and check a position at the start of a seat's turn.

    Args:
        displays: one list of Goods per seat (the player count is its length).
        market, order_display, discard: cards in those places.
        orders: fulfilled Orders per seat, like ``{0: ["MO-03 bulk", "MO-12 gold"]}``.
        goods_deck_top, order_deck_top: cards on top of the decks, top first.
        goods_deck, order_deck: a whole deck, top first: exactly the cards not placed anywhere
            else, in this order (instead of the ``_top`` lists).
        current: the seat to play; turn: turns already played.
        phase, pending: where the turn is: ``"action"`` (no pending decision), ``"take"``
            (a ``TakePending`` Buy), ``"spend"`` (a ``FulfillPending``: its Order and the
            cards spent so far are placed there) or ``"bonus"`` (a ``BonusPending``: its Order is
            one of ``current``'s, at Gold or Silver).
        rules: rule options (default ``Rules(players=len(displays))``).
        seed: shuffles the cards that are not placed into the decks and keys reshuffles.

    Returns:
        a :class:`State` ready for ``legal_actions``/``apply``.

    Raises:
        PositionError: naming the field that is wrong (``displays[1]``, ``market``,
            ``orders[0]``, ``current``, ``turn``, ...): a value of the wrong type, an unknown or
            doubled card, a size over its limit, an ``OwnedOrder`` that cannot exist (a
            Bonus Good on an Order without one, or off the Bulk edge), a seat at the seal target
            or ``turn >= max_turns`` (the game would be over).

    Example:
        >>> s = position(displays=[["Gem2", "Cloth2"], ["Wood4"]], market=["Pepper1"])
        >>> len(s.goods_deck), s.seats[1].display
        (34, ('MG-37',))
    """
    displays = _cards_list(displays, "displays")
    for p, cards in enumerate(displays):
        _cards_list(cards, f"displays[{p}]")
    if rules is None:
        if not 2 <= len(displays) <= 5:
            raise PositionError("displays", f"{len(displays)} displays: Monsoon Market has 2-5 "
                                "players (M-SETUP-07)")
        rules = Rules(players=len(displays))
    if not isinstance(rules, Rules):
        raise PositionError("rules", f"must be a Rules(...), not {type(rules).__name__}")
    if len(displays) != rules.players:
        raise PositionError("displays", f"{len(displays)} displays for {rules.players} players")
    for name, value in (("market", market), ("order_display", order_display),
                        ("discard", discard), ("goods_deck_top", goods_deck_top),
                        ("order_deck_top", order_deck_top)):
        _cards_list(value, name)
    for name, number in (("current", current), ("turn", turn), ("seed", seed)):
        if type(number) is not int:
            raise PositionError(name, f"must be a whole number, not {number!r}")
    if turn < 0:
        raise PositionError("turn", f"must be 0 or more, not {turn}")
    if rules.max_turns is not None and turn >= rules.max_turns:
        raise PositionError("turn", f"{turn} turns played but max_turns is {rules.max_turns}: "
                            "the game would be over (A-M-06)")
    if orders is not None and not isinstance(orders, Mapping):
        raise PositionError("orders", "must be a dict of seat -> Orders, like "
                            "{0: ['MO-03 bulk']}")
    cat, digest = rules.card_data.read()  # an owner's latest edits
    placer = _Placer(cat)
    seats = []
    owned_spec = orders or {}
    for seat_no, refs in owned_spec.items():
        if type(seat_no) is not int or not 0 <= seat_no < rules.players:
            raise PositionError("orders", f"there is no seat {seat_no!r} (seats are whole "
                                f"numbers 0-{rules.players - 1})")
        _cards_list(refs, f"orders[{seat_no}]")
    for p, cards in enumerate(displays):
        field = f"displays[{p}]"
        if len(cards) > rules.display_limit:
            raise PositionError(field, f"{len(cards)} cards; a display holds at most "
                                f"{rules.display_limit} (M-SETUP-04)")
        display = tuple(placer.good(c, field) for c in cards)
        owned = tuple(_owned(placer, o, f"orders[{p}]") for o in owned_spec.get(p, ()))
        seats.append(Seat(display=display, orders=owned))
    if len(market) > rules.market_size:
        raise PositionError("market", f"the Market holds at most {rules.market_size} cards")
    if len(order_display) > rules.order_display_size:
        raise PositionError("order_display",
                            f"the Order display holds at most {rules.order_display_size}")
    market_t = tuple(placer.good(c, "market") for c in market)
    discard_t = tuple(placer.good(c, "discard") for c in discard)
    shown = tuple(placer.order(o, "order_display") for o in order_display)
    if not 0 <= current < rules.players:
        raise PositionError("current", f"there is no seat {current}")
    pending = _pending(placer, cat, phase, pending, seats[current], market_t)
    if goods_deck is not None and goods_deck_top:
        raise PositionError("goods_deck", "give the whole deck or its top, not both")
    if order_deck is not None and order_deck_top:
        raise PositionError("order_deck", "give the whole deck or its top, not both")
    top = [placer.good(c, "goods_deck" if goods_deck is not None else "goods_deck_top")
           for c in (goods_deck if goods_deck is not None else goods_deck_top)]
    order_top = [placer.order(o, "order_deck" if order_deck is not None else "order_deck_top")
                 for o in (order_deck if order_deck is not None else order_deck_top)]
    rng = deal_rng(seed)
    rest = [c for c in cat.goods if c not in placer.placed]
    rng.shuffle(rest)
    rest_orders = [o for o in cat.orders if o not in placer.placed]
    rng.shuffle(rest_orders)
    for name, whole, left in (("goods_deck", goods_deck, rest),
                              ("order_deck", order_deck, rest_orders)):
        if whole is not None and left:
            listed = ", ".join(sorted(left)[:6]) + ("..." if len(left) > 6 else "")
            raise PositionError(name, f"{len(left)} cards are placed nowhere ({listed}): a whole "
                                "deck holds every card not placed elsewhere")
    for p, seat in enumerate(seats):
        if seals_of(seat, cat) >= rules.seal_target:
            raise PositionError(f"orders[{p}]", f"P{p} already has {seals_of(seat, cat)} seals: "
                                f"the game would be over (M-END-01)")
    return State(
        rules=rules,
        goods_deck=tuple(top + rest),
        market=market_t,
        discard=discard_t,
        order_deck=tuple(order_top + rest_orders),
        order_display=shown,
        seats=tuple(seats),
        current=current,
        turn=turn,
        phase=phase,
        pending=pending,
        shuffle_key=rng.getrandbits(62),
        cards=digest,
    )


def _pending(placer: _Placer, cat: Catalog, phase: str, pending: Pending | None, seat: Seat,
             market: tuple[str, ...]) -> Pending | None:
    """Check the decision in progress against its phase (M-BUY-01, M-FUL-01, M-FUL-08) and
    place the cards it holds."""
    if phase == "action":
        if pending is not None:
            raise PositionError("pending", "a turn's start has no decision in progress")
        return None
    if phase == "take":
        if not isinstance(pending, TakePending):
            raise PositionError("pending", "phase 'take' needs a TakePending(remaining=...)")
        if not 1 <= pending.remaining <= len(market):
            raise PositionError("pending", f"{pending.remaining} cards to take from a Market "
                                f"of {len(market)} (M-BUY-01)")
        return pending
    if phase == "spend":
        if not isinstance(pending, FulfillPending):
            raise PositionError("pending", "phase 'spend' needs a FulfillPending(order=...)")
        order = placer.order(pending.order, "pending")
        cards = tuple(placer.good(c, "pending") for c in pending.cards)
        owned = {o.id: o for o in seat.orders}
        for o in pending.bonus_goods:
            if o not in owned or not owned[o].bonus:
                raise PositionError("pending", f"{o} carries no unspent Bonus Good of the "
                                    "player's (M-BG-01)")
        return FulfillPending(order=order, cards=cards, bonus_goods=pending.bonus_goods)
    if phase == "bonus":
        if not isinstance(pending, BonusPending):
            raise PositionError("pending", "phase 'bonus' needs a BonusPending(action=..., "
                                "order=...)")
        owned = {o.id: o for o in seat.orders}
        mine = owned.get(pending.order)
        if mine is None or mine.level is Level.BULK:
            raise PositionError("pending", f"{pending.order} must be one of the player's Orders "
                                "at Gold or Silver (M-FUL-08)")
        if cat.orders[pending.order].bonus_action is not pending.action:
            raise PositionError("pending", f"{pending.order}'s Bonus Action is "
                                f"{cat.orders[pending.order].bonus_action.value}")
        steals = 2 if pending.action is BonusAction.STEAL2 else 0
        if pending.steals_left not in ((1, 2) if steals else (0,)):
            raise PositionError("pending", "steals_left is 1 or 2 for Steal 2, else 0")
        return pending
    raise PositionError("phase", f"a position starts in 'action', 'take', 'spend' or 'bonus', "
                        f"not {phase!r}")
