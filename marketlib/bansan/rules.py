"""The Bansan rules surface: ``current_player``, ``explain``, ``legal_actions``, ``apply``.

One legality check feeds both ``legal_actions`` and ``apply`` (STYLE 5, :mod:`.checks`).
``apply`` refuses an illegal action with :class:`~marketlib.core.errors.IllegalAction` naming the
rule, refuses a value that is not an action with :class:`~marketlib.core.errors.InvalidAction`,
and never changes the state it was given. The turn structure is the phase table
:data:`~marketlib.bansan.turns.FLOW`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from marketlib.bansan import actions as A
from marketlib.bansan.cards import PRODUCE, WASTES, Produce, Waste
from marketlib.bansan.checks import CHECKS, check_rent_and_release, v
from marketlib.bansan.market import catalog, own_stalls, stall_type
from marketlib.bansan.moves import HANDLERS
from marketlib.bansan.state import (
    BargainOffer,
    OpeningHand,
    Purchase,
    State,
    Stocking,
    TradeOffer,
)
from marketlib.bansan.turns import FLOW
from marketlib.core.errors import IllegalAction, InvalidAction, Violation
from marketlib.core.game import Outcome

ROUND_ROBIN = frozenset({"open_lists", "open_stock", "draft", "event_lists", "closing"})
ANY_TIME = (A.RentAndRelease, A.ProposeTrade)
ACTION_TAGS = frozenset({"buy", "buy_wholesale", "sell", "empty", "pick", "bargain"})


def decider(state: State) -> int | None:
    """The seat that decides next: the vendor answering an offer, the head of a round-robin
    phase (opening, Event lists, Closing Round), else the vendor whose turn it is."""
    if state.result is not None:
        return None
    if state.offer is not None:
        return state.offer.to
    if state.phase in ROUND_ROBIN and state.queue:
        return state.queue[0]
    return state.current


def current_player(state: State) -> int | None:
    """The seat that decides next (B-TURN-01, B-OPEN-04/05, B-END-05), or ``None`` once over."""
    return decider(state)


def outcome(state: State) -> Outcome | None:
    """The outcome (winners, money in RM, ``Ending.MONEY``) once the game is over, else ``None``."""
    return state.result


# --------------------------------------------------------------------------- validation
_CARD_FIELDS = {A.Tuck: "card", A.Pick: "card", A.Bargain: "card", A.Give: "card",
                A.Throw: "card"}
_STALL_FIELDS = {A.Tuck: ("stall",), A.PlaceWorker: ("stall",),
                 A.RentAndRelease: ("rent", "release")}
_PRODUCE_ACTIONS = (A.StockRow, A.Buy, A.BuyWholesale, A.Sell)


def _check_ids(state: State, action: Any) -> None:
    """Raise :class:`InvalidAction` for a value that is not a well-formed Bansan action."""
    if not isinstance(action, A.ACTION_TYPES):
        raise InvalidAction(f"{action!r} is not a Bansan action")
    n = len(state.vendors)
    if not isinstance(action.player, int) or not 0 <= action.player < n:
        raise InvalidAction(f"{action}: there is no seat {action.player!r}")
    cat = catalog(state)
    kind = type(action)
    if kind in _CARD_FIELDS and getattr(action, _CARD_FIELDS[kind]) not in cat.produce:
        raise InvalidAction(f"{action}: {getattr(action, _CARD_FIELDS[kind])!r} is not a produce "
                            "card of this deck")
    for name in _STALL_FIELDS.get(kind, ()):
        stall = getattr(action, name)
        if stall is not None and stall not in cat.stalls:
            raise InvalidAction(f"{action}: {stall!r} is not a stall of this set")
    if isinstance(action, _PRODUCE_ACTIONS) and not isinstance(action.produce, Produce):
        raise InvalidAction(f"{action!r}: the produce types are FV WG MT DG SF MM")
    if isinstance(action, A.Empty) and not isinstance(action.bin, Waste):
        raise InvalidAction(f"{action!r}: the bins are PL, PA and OR")
    if isinstance(action, A.ChooseHalf) and action.half not in ("top", "bottom"):
        raise InvalidAction(f"{action!r}: the half is 'top' or 'bottom'")
    if isinstance(action, A.ReturnList | A.Complete) and action.list not in cat.lists:
        raise InvalidAction(f"{action}: {action.list!r} is not a Shopping List of this deck")
    if isinstance(action, A.Give | A.ProposeTrade) and not (
            isinstance(action.to, int) and 0 <= action.to < n):
        raise InvalidAction(f"{action}: there is no seat {action.to!r}")
    groups: tuple[tuple[str, ...], ...] = ()
    if isinstance(action, A.Complete):
        groups = (action.cards,)
    elif isinstance(action, A.ProposeTrade):
        groups = (action.give, action.take)
        if not isinstance(action.pay, int) or not isinstance(action.ask, int):
            raise InvalidAction(f"{action!r}: pay and ask are whole RM")
    for cards in groups:
        if not isinstance(cards, tuple) or any(c not in cat.produce for c in cards):
            raise InvalidAction(f"{action!r}: names a card that is not in this produce deck")
    if isinstance(action, A.Bargain) and not isinstance(action.price, int):
        raise InvalidAction(f"{action!r}: the price is whole RM")


def explain(state: State, action: A.Action) -> Violation | None:
    """Why ``action`` is illegal in ``state`` (a :class:`Violation` with a rule ID), or ``None``.

    Raises:
        InvalidAction: ``action`` is not a Bansan action, or names a card, list, stall or seat
            that does not exist.

    Example:
        >>> from marketlib.bansan.turns import setup
        >>> from marketlib.bansan.state import Rules
        >>> s = setup(Rules(players=2), seed=1)
        >>> explain(s, A.StockDeck(player=1)).rule
        'B-TURN-01'
    """
    _check_ids(state, action)
    if state.result is not None:
        return v("B-END-06", "the game is over")
    seat = decider(state)
    if action.player != seat:
        if state.offer is not None:
            return v("B-ANY-02", f"P{seat} must first answer P{state.offer.frm}'s offer")
        return v("B-TURN-01", f"it is P{seat}'s decision, not P{action.player}'s")
    if state.offer is not None:
        if not isinstance(action, A.Accept | A.Decline):
            return v("B-ANY-02", "answer the offer first: accept or decline")
    elif isinstance(action, A.Accept | A.Decline):
        return v("B-ANY-02", "there is no offer to answer")
    elif not isinstance(action, ANY_TIME):
        tag = type(action).__struct_config__.tag
        assert isinstance(tag, str)
        if not FLOW.allows(state, tag):
            if tag in ACTION_TAGS and state.phase in ("complete", "return_lists", "bag"):
                return v("B-ACT-01", f"your {state.rules.actions_per_turn} actions are over: "
                         "this is the Upkeep Phase")
            phase = FLOW.phase(state)
            return v(phase.rule, f"now is the {state.phase.replace('_', ' ')} step; "
                     f"{tag.replace('_', '-')} is not part of it")
    return CHECKS[type(action)](state, action)


# --------------------------------------------------------------------------- legal actions
def _ok(state: State, action: A.Action) -> bool:
    return CHECKS[type(action)](state, action) is None


def action_choices(state: State) -> list[A.Action]:
    """The Action Phase's BUY/SELL/EMPTY choices open to the current vendor (B-ACT-01)."""
    p = state.current
    out: list[A.Action] = []
    for kind in (A.Buy, A.BuyWholesale, A.Sell):
        out.extend(a for a in (kind(player=p, produce=t) for t in PRODUCE) if _ok(state, a))
    out.extend(a for a in (A.Empty(player=p, bin=w) for w in WASTES) if _ok(state, a))
    return out


def pick_choices(state: State, p: int, pending: Purchase) -> list[A.Action]:
    """The legal ``Pick`` actions of the BUY or SELL in progress."""
    if pending.kind == "wholesale":
        cards = list(state.row)
    elif pending.kind == "sell":
        cards = [c for s in own_stalls(state, p) for c in s.cards]
        cards += [b.card for b in state.vendors[p].bag]
    else:
        cards = [c for s in state.stalls if s.renter != p and s.cards
                 and stall_type(state, s.id) is pending.produce for c in s.cards]
    return [a for a in (A.Pick(player=p, card=c) for c in cards) if _ok(state, a)]


def complete_options(state: State, p: int, list_id: str) -> list[A.Complete]:
    """One ``Complete`` per distinct choice of waste types (cards named in bag order)."""
    bag = state.vendors[p].bag
    need = Counter(catalog(state).lists[list_id].icons)
    cat = catalog(state)
    per_type: list[list[tuple[str, ...]]] = []
    for t in PRODUCE:
        k = need.get(t, 0)
        if not k:
            continue
        groups: dict[Waste, list[str]] = {}
        for b in bag:
            if b.produce is t:
                groups.setdefault(cat.produce[b.card].waste, []).append(b.card)
        if sum(len(g) for g in groups.values()) < k:
            return []
        options = []
        for combo in itertools.combinations_with_replacement(sorted(groups), k):
            counts = Counter(combo)
            if all(counts[w] <= len(groups[w]) for w in counts):
                options.append(tuple(c for w in counts for c in groups[w][: counts[w]]))
        per_type.append(options)
    order = {b.card: i for i, b in enumerate(bag)}
    out = []
    for choice in itertools.product(*per_type):
        cards = tuple(sorted((c for part in choice for c in part), key=order.__getitem__))
        out.append(A.Complete(player=p, list=list_id, cards=cards))
    return out


def _rr_options(state: State, p: int) -> list[A.Action]:
    if (state.trigger is not None or state.vendors[p].rr_used
            or state.phase in ("open_lists", "open_stock", "draft")):
        return []
    free = [s.id for s in state.stalls if s.renter is None]
    mine = [s.id for s in state.stalls if s.renter == p]
    options = [A.RentAndRelease(player=p, rent=r) for r in free]
    options += [A.RentAndRelease(player=p, release=r) for r in mine]
    options += [A.RentAndRelease(player=p, rent=r, release=x) for r in free for x in mine]
    return [a for a in options if check_rent_and_release(state, a) is None]


def legal_actions(state: State) -> tuple[A.Action, ...]:
    """Every legal action for the deciding seat, in a fixed order (empty once the game is over).

    Free-form proposals (``ProposeTrade``, ``Bargain``) are legal at many points but are not
    listed; ``explain``/``apply`` validate them. R&R options come last.

    Example:
        >>> from marketlib.bansan.turns import setup
        >>> from marketlib.bansan.state import Rules
        >>> s = setup(Rules(players=2), seed=1)
        >>> [str(a) for a in legal_actions(s)]
        ['P0 return SL-20', 'P0 return SL-23', 'P0 return SL-34']
    """
    p = decider(state)
    if p is None:
        return ()
    offer = state.offer
    if offer is not None:
        answers: list[A.Action] = [A.Accept(player=p), A.Decline(player=p)]
        return tuple(a for a in answers if _ok(state, a))
    phase, pending = state.phase, state.pending
    vendor = state.vendors[p]
    out: list[A.Action] = []
    if phase in ("open_lists", "return_lists", "event_lists"):
        out = [A.ReturnList(player=p, list=x) for x in vendor.wallet]
    elif isinstance(pending, OpeningHand):
        out = [A.ChooseHalf(player=p, half="top"), A.ChooseHalf(player=p, half="bottom")]
    elif isinstance(pending, Stocking):
        cat = catalog(state)
        for sc in pending.cards:
            out.extend(A.Tuck(player=p, card=sc.card, stall=s.id) for s in state.stalls
                       if s.open and cat.stalls[s.id].sells in sc.options)
    elif phase == "draft":
        out = [A.PlaceWorker(player=p, stall=s.id) for s in state.stalls if s.renter is None]
    elif phase == "stock":
        out = [a for a in (A.StockRow(player=p, produce=t) for t in PRODUCE) if _ok(state, a)]
        for extra in (A.StockDeck(player=p), A.SkipStocking(player=p)):
            if _ok(state, extra):
                out.append(extra)
    elif phase == "actions":
        if isinstance(pending, Purchase):
            out = pick_choices(state, p, pending)
            if pending.picked or not out:  # a refused BUY ends with nothing bought
                out.append(A.Done(player=p))
        else:
            out = action_choices(state) if state.actions_left > 0 else []
            if _ok(state, A.EndActions(player=p)):
                out.append(A.EndActions(player=p))
    elif phase in ("complete", "closing"):
        for x in vendor.wallet:
            out.extend(complete_options(state, p, x))
        out.append(A.Done(player=p))
    elif phase == "bag":
        for b in vendor.bag:
            out.append(A.Throw(player=p, card=b.card))
            out.extend(A.Give(player=p, card=b.card, to=q) for q in range(len(state.vendors))
                       if q != p)
    return tuple(out) + tuple(_rr_options(state, p))


# --------------------------------------------------------------------------- apply
def apply(state: State, action: A.Action) -> State:
    """Play ``action`` and return the new state; ``state`` itself is never changed.

    Raises:
        IllegalAction: the rules forbid the action (``.rule`` names the rule, e.g. B-BUY-07).
        InvalidAction: the value is not a Bansan action.
    """
    why = explain(state, action)
    if why is not None:
        raise IllegalAction.from_violation(action, why)
    new = HANDLERS[type(action)](state.replace(transfers=()), action)
    return FLOW.advance(new)


def describe_offer(state: State) -> str:
    """The offer waiting for an answer, in words ("" when none)."""
    offer = state.offer
    if isinstance(offer, TradeOffer):
        return (f"P{offer.frm} offers P{offer.to}: gives [{', '.join(offer.give)}] + "
                f"RM{offer.pay} for [{', '.join(offer.take)}] + RM{offer.ask}")
    if isinstance(offer, BargainOffer):
        return f"P{offer.frm} offers P{offer.to} RM{offer.price} for {offer.card}"
    return ""
