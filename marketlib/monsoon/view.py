"""What a seat may see (A-M-25: everything except the order of the two decks), and the reverse:
``determinize`` builds a full state consistent with a view, the hidden parts sampled."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any

import msgspec

from marketlib.core.game import Outcome
from marketlib.monsoon.actions import (
    Action,
    Buy,
    Declare,
    Fulfill,
    Keep,
    Pass,
    Skip,
    Spend,
    SpendBonus,
    Steal,
    Take,
    Upgrade,
)
from marketlib.monsoon.cards import Level
from marketlib.monsoon.queries import catalog
from marketlib.monsoon.scoring import seals_of
from marketlib.monsoon.state import FulfillPending, Pending, Phase, Rules, Seat, State


class View(msgspec.Struct, frozen=True, kw_only=True):
    """A seat's observation: the public table and the deck sizes (``viewer`` is the seat, or
    ``None`` for the omniscient teacher view, which also carries the decks' order and the
    reshuffle key)."""

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

    def _repr_html_(self) -> str:
        from marketlib.monsoon.render import html_board

        return html_board(self)


def view(state: State, player: int | None) -> View:
    """The observation of seat ``player`` (``None``: the teacher view, showing everything).

    Raises:
        ValueError: ``player`` is not a seat.
    """
    if player is not None and not 0 <= player < len(state.seats):
        raise ValueError(f"there is no seat {player}")
    teacher = player is None
    cat = catalog(state)
    return View(
        viewer=player,
        rules=state.rules,
        goods_deck_size=len(state.goods_deck),
        order_deck_size=len(state.order_deck),
        market=state.market,
        discard=state.discard,
        order_display=state.order_display,
        seats=state.seats,
        seals=tuple(seals_of(s, cat) for s in state.seats),
        current=state.current,
        turn=state.turn,
        phase=state.phase,
        pending=state.pending,
        reshuffles=state.reshuffles,
        result=state.result,
        goods_deck=state.goods_deck if teacher else None,
        order_deck=state.order_deck if teacher else None,
        shuffle_key=state.shuffle_key if teacher else None,
    )


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
    """A full state consistent with view ``v``: the unseen cards shuffled into the two decks and a
    fresh reshuffle key. A teacher view gives back the exact state.

    Args:
        v: a seat's view.
        rng: a seeded ``random.Random`` (the only source of chance).
    """
    common: dict[str, Any] = dict(
        rules=v.rules, market=v.market, discard=v.discard, order_display=v.order_display,
        seats=v.seats, current=v.current, turn=v.turn, phase=v.phase, pending=v.pending,
        reshuffles=v.reshuffles, result=v.result,
    )
    if v.goods_deck is not None and v.order_deck is not None and v.shuffle_key is not None:
        return State(goods_deck=v.goods_deck, order_deck=v.order_deck,
                     shuffle_key=v.shuffle_key, **common)
    cat = catalog(v.rules)
    seen = set(_visible_goods(v))
    goods = [c for c in cat.goods if c not in seen]
    seen_orders = set(_visible_orders(v))
    orders = [o for o in cat.orders if o not in seen_orders]
    rng.shuffle(goods)
    rng.shuffle(orders)
    return State(goods_deck=tuple(goods), order_deck=tuple(orders),
                 shuffle_key=rng.getrandbits(62), **common)


def info_revealed(before: State, after: State) -> bool:
    """True when the step from ``before`` to ``after`` drew cards or reshuffled (an undo
    commit point in play mode)."""
    return before.goods_deck != after.goods_deck or before.order_deck != after.order_deck


@lru_cache(maxsize=16)
def _candidates(rules: Rules) -> tuple[Action, ...]:
    cat = catalog(rules)
    out: list[Action] = []
    for p in range(rules.players):
        for c in cat.goods:
            out += [Steal(player=p, card=c), Buy(player=p, card=c), Take(player=p, card=c),
                    Spend(player=p, card=c), Keep(player=p, card=c)]
        for o in cat.orders:
            out += [Fulfill(player=p, order=o), SpendBonus(player=p, order=o),
                    Upgrade(player=p, order=o)]
        out += [Declare(player=p, level=lv) for lv in Level]
        out += [Skip(player=p), Pass(player=p)]
    return tuple(out)


def candidate_actions(state: State) -> tuple[Action, ...]:
    """Every well-formed action for these rules (legal or not), for the conformance kit."""
    return _candidates(state.rules)


def check_invariants(state: State) -> list[str]:
    """Conservation and limits that must hold in every state (used by the conformance kit)."""
    problems: list[str] = []
    cat = catalog(state)
    rules = state.rules
    goods = Counter(list(state.goods_deck) + _visible_goods(state))
    if goods != Counter(list(cat.goods)):
        missing = set(cat.goods) - set(goods)
        doubled = [c for c, n in goods.items() if n > 1]
        problems.append(f"Goods not each in one place (missing {sorted(missing)}, "
                        f"doubled {sorted(doubled)})")
    orders = Counter(list(state.order_deck) + _visible_orders(state))
    if orders != Counter(list(cat.orders)):
        problems.append("Orders not each in exactly one place")
    for p, seat in enumerate(state.seats):
        if len(seat.display) > rules.display_limit:
            problems.append(f"P{p} holds {len(seat.display)} cards (M-SETUP-04)")
        for o in seat.orders:
            if o.bonus and (o.level is not Level.BULK or cat.orders[o.id].bonus_good is None):
                problems.append(f"P{p}'s {o.id} has a Bonus Good off a Bulk edge (M-BG-04)")
    if len(state.market) > rules.market_size:
        problems.append("the Market is over size (M-SETUP-02)")
    if len(state.order_display) > rules.order_display_size:
        problems.append("the Order display is over size (M-SETUP-01)")
    expected_phase: dict[object, tuple[str, ...]] = {
        None: ("action", "over"), "take": ("take",), "fulfill": ("spend",), "bonus": ("bonus",)
    }
    tag = None if state.pending is None else type(state.pending).__struct_config__.tag
    if state.phase not in expected_phase[tag]:
        problems.append(f"phase {state.phase!r} does not match pending {tag!r}")
    seals = tuple(seals_of(s, cat) for s in state.seats)
    if state.result is not None:
        if state.result.scores != seals:
            problems.append("outcome scores differ from the seals of the facing edges (M-SEAL-01)")
    elif max(seals) >= rules.seal_target:
        problems.append("a player reached the seal target but the game goes on (M-END-01)")
    for p in range(len(state.seats)):
        seen = view(state, p)
        if seen.goods_deck is not None or seen.order_deck is not None or seen.shuffle_key:
            problems.append(f"P{p}'s view shows a deck order or the reshuffle key (A-M-25)")
    return problems
