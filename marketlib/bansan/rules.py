"""The Bansan rules surface: ``current_player``, ``explain``, ``legal_actions``, ``apply``.

One legality check feeds both ``legal_actions`` and ``apply`` (STYLE 5, :mod:`.checks`).
``apply`` refuses an illegal action with :class:`~marketlib.core.errors.IllegalAction` naming the
rule, refuses a value that is not an action with :class:`~marketlib.core.errors.InvalidAction`,
and never changes the state it was given. The turn structure is the phase table
:data:`~marketlib.bansan.turn.FLOW`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import TYPE_CHECKING

from marketlib.bansan import actions as A
from marketlib.bansan.cards import PRODUCE, Produce, Waste
from marketlib.bansan.checks import CHECKS, check_rent_and_release
from marketlib.bansan.inputs import TAGS, check_ids
from marketlib.bansan.moves import HANDLERS
from marketlib.bansan.phases.action_checks import action_choices, pick_choices
from marketlib.bansan.queries import (
    catalog,
    sells,
    stall_index,
)
from marketlib.bansan.state import (
    BargainOffer,
    OpeningHand,
    Purchase,
    SoloThrow,
    State,
    Stocking,
    TradeOffer,
)
from marketlib.bansan.turn import FLOW
from marketlib.core.errors import IllegalAction, Violation
from marketlib.core.errors import violation as v
from marketlib.core.game import Outcome

if TYPE_CHECKING:
    from marketlib.bansan.view import View

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
    """The outcome once the game is over, else ``None``: winners and money in RM with
    ``Ending.MONEY``; Kenduri ``Ending.COLLECTIVE_LOSS`` (no winners, B-KEN-05); Sendiri
    ``Ending.SOLO_WIN``/``SOLO_LOSS`` with the score money + Deck cards (B-SOLO-18)."""
    return state.result


_NOT_SOLO = ("B-SOLO-09", "moving Workers row by row is the Sendiri solo step; this is the "
             "{mode} game")


MODE_BANS: dict[str, dict[type, tuple[str, str]]] = {
    "standard": {A.Move: _NOT_SOLO},
    "kenduri": {A.Move: _NOT_SOLO,
                A.ReturnList: ("B-KEN-02", "nobody holds personal Shopping Lists in the Kenduri "
                               "Menu")},
    "sendiri": {
        A.RentAndRelease: ("B-SOLO-08", "there is no R&R in Sendiri: Workers move by rule"),
        A.ProposeTrade: ("B-SOLO-08", "there is nobody to trade with in Sendiri"),
        A.Bargain: ("B-SOLO-08", "there is no bargaining in Sendiri: the prices are fixed"),
        A.Accept: ("B-SOLO-08", "there are no offers in Sendiri"),
        A.Decline: ("B-SOLO-08", "there are no offers in Sendiri"),
        A.PlaceWorker: ("B-SOLO-04", "in Sendiri the Workers are placed at setup"),
        A.StockDeck: ("B-SOLO-11", "in Sendiri you stock only from the 4-card Row, not the "
                      "Deck"),
        A.Give: ("B-SOLO-14", "there is no other vendor: excess bag cards must be thrown"),
    },
}
"""Actions that do not exist in a mode, with the rule that says so (checked first)."""


def explain(state: State, action: A.Action) -> Violation | None:
    """Why ``action`` is illegal in ``state`` (a :class:`Violation` with a rule ID), or ``None``.

    Raises:
        InvalidAction: ``action`` is not a Bansan action, or names a card, list, stall or seat
            that does not exist.

    Example:
        >>> from marketlib.bansan.turn import setup
        >>> from marketlib.bansan.options import Rules
        >>> s = setup(Rules(players=2), seed=1)
        >>> explain(s, A.StockDeck(player=1)).rule
        'B-TURN-01'
    """
    why = _explain(state, action)
    if why is None and type(action) in TAGS and _MEMO[0][0] is not state:
        _MEMO[0] = (state, (action,))
    return why


def _explain(state: State, action: A.Action) -> Violation | None:
    check_ids(state, action)
    ban = MODE_BANS[state.rules.mode].get(type(action))
    if ban is not None:
        return v(ban[0], ban[1].format(mode=state.rules.mode))
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
        tag = TAGS[type(action)]
        if not FLOW.allows(state, tag):
            if tag in ACTION_TAGS and state.phase in ("complete", "return_lists", "bag"):
                return v("B-ACT-01", f"your {state.rules.actions_per_turn} actions are over: "
                         "this is the Upkeep Phase")
            phase = FLOW.phase(state)
            return v(phase.rule, f"now is the {state.phase.replace('_', ' ')} step; "
                     f"{tag.replace('_', '-')} is not part of it")
    return CHECKS[type(action)](state, action)


def _ok(state: State, action: A.Action) -> bool:
    return CHECKS[type(action)](state, action) is None


def complete_options(state: State, p: int, list_id: str) -> list[A.Complete]:
    """One ``Complete`` per distinct choice of waste types (cards named in bag order)."""
    bag = state.vendors[p].bag
    cat = catalog(state)
    icons = cat.lists[list_id].icons
    if len(bag) < len(icons):
        return []
    need = Counter(icons)
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


def _halves(state: State, card_id: str) -> tuple[Produce, Produce]:
    c = catalog(state).produce[card_id]
    return c.top, c.bottom


def _rr_options(state: State, p: int) -> list[A.Action]:
    if (state.trigger is not None or state.vendors[p].rr_used or state.rules.mode == "sendiri"
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
        >>> from marketlib.bansan.turn import setup
        >>> from marketlib.bansan.options import Rules
        >>> s = setup(Rules(players=2), seed=1)
        >>> [str(a) for a in legal_actions(s)]
        ['P0 return SL-20', 'P0 return SL-23', 'P0 return SL-34']
    """
    legal = _legal_actions(state)
    _MEMO[0] = (state, legal)
    return legal


_MEMO: list[tuple[State, tuple[A.Action, ...]]] = [(None, ())]  # type: ignore[list-item]
"""The last state asked about and its legal actions (or the action ``explain`` accepted):
``apply`` skips the legality check for an action already found legal in that very state."""


def _legal_actions(state: State) -> tuple[A.Action, ...]:
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
        types = sells(state)
        for sc in pending.cards:
            out.extend(A.Tuck(player=p, card=sc.card, stall=s.id) for s in state.stalls
                       if s.open and types[s.id] in sc.options)
    elif phase == "draft":
        out = [A.PlaceWorker(player=p, stall=s.id) for s in state.stalls if s.renter is None]
    elif phase == "solo_move":
        out = [A.Move(player=p, row=r + 1) for r in range(len(state.stalls) // state.columns)]
    elif isinstance(pending, SoloThrow):
        stall = state.stalls[stall_index(state, pending.stalls[0])]
        out = [A.Throw(player=p, card=c) for c in stall.cards]
    elif phase == "stock":
        shown = {t for c in state.row for t in _halves(state, c)}
        out = [a for a in (A.StockRow(player=p, produce=t) for t in PRODUCE if t in shown)
               if _ok(state, a)]
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
        for x in (state.public if state.rules.mode == "kenduri" else vendor.wallet):
            out.extend(complete_options(state, p, x))
        out.append(A.Done(player=p))
    elif phase == "bag":
        for b in vendor.bag:
            out.append(A.Throw(player=p, card=b.card))
            out.extend(A.Give(player=p, card=b.card, to=q) for q in range(len(state.vendors))
                       if q != p)
    return tuple(out) + tuple(_rr_options(state, p))


def apply(state: State, action: A.Action) -> State:
    """Play ``action`` and return the new state; ``state`` itself is never changed.

    Raises:
        IllegalAction: the rules forbid the action (``.rule`` names the rule, e.g. B-BUY-07).
        InvalidAction: the value is not a Bansan action.
    """
    memo_state, known = _MEMO[0]
    if memo_state is not state or action not in known:
        why = explain(state, action)
        if why is not None:
            raise IllegalAction.from_violation(action, why)
    new = HANDLERS[type(action)](state.replace(transfers=()), action)
    return FLOW.advance(new)


def describe_offer(state: State | View) -> str:
    """The offer waiting for an answer, in words ("" when none); offers are public, so a
    seat's view gives the same words as the state."""
    offer = state.offer
    if isinstance(offer, TradeOffer):
        return (f"P{offer.frm} offers P{offer.to}: gives [{', '.join(offer.give)}] + "
                f"RM{offer.pay} for [{', '.join(offer.take)}] + RM{offer.ask}")
    if isinstance(offer, BargainOffer):
        return f"P{offer.frm} offers P{offer.to} RM{offer.price} for {offer.card}"
    return ""
