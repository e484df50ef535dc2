"""The Monsoon Market rules: setup, and ``explain``, ``legal_actions`` and ``apply`` run by the
engine every game shares (:class:`~marketlib.core.engine.Engine`) from the action table
(:mod:`marketlib.monsoon.table`), the phase table and the hooks here (who may act, a move out of
its phase, the stalemate counters).

``apply`` refuses an illegal action with :class:`~marketlib.core.errors.IllegalAction` and never
changes the state it was given. The turn structure is the phase table ``FLOW``
(:mod:`marketlib.monsoon.turn`).
"""

from __future__ import annotations

from msgspec.structs import replace

from marketlib.core.engine import Engine
from marketlib.core.errors import Violation
from marketlib.core.errors import violation as _v
from marketlib.core.seeding import deal_rng
from marketlib.monsoon.actions import Action, Pass
from marketlib.monsoon.checks import check_ids
from marketlib.monsoon.facts import Facts
from marketlib.monsoon.options import Rules
from marketlib.monsoon.queries import (
    catalog,
)
from marketlib.monsoon.state import (
    BonusPending,
    FulfillPending,
    Outcome,
    Seat,
    State,
    TakePending,
)
from marketlib.monsoon.table import ACTIONS
from marketlib.monsoon.turn import FLOW

__all__ = ["FLOW", "apply", "catalog", "current_player", "explain", "legal_actions", "outcome",
           "setup"]

# --------------------------------------------------------------------------- setup
def setup(rules: Rules, seed: int) -> State:
    """Deal a new game (M-SETUP-01..06): shuffle both decks with ``seed``, reveal 4 Orders and
    4 Market cards, deal 4 Goods face up to each player.

    Raises:
        CardDataError: a custom deck file is broken.
        ValueError: the Goods deck is too small for the player count.

    Example:
        >>> s = setup(Rules(players=3), seed=1)
        >>> len(s.market), len(s.goods_deck), len(s.order_deck)
        (4, 22, 32)
    """
    cat, digest = rules.card_data.read()  # an owner's latest edits
    rng = deal_rng(seed)
    orders = list(cat.orders)
    rng.shuffle(orders)
    goods = list(cat.goods)
    rng.shuffle(goods)
    need = rules.market_size + rules.starting_goods * rules.players
    if need > len(goods):
        raise ValueError(f"{len(goods)} Goods cannot deal {need} (M-SETUP-02/03)")
    market = tuple(goods[: rules.market_size])
    seats = []
    at = rules.market_size
    for _ in range(rules.players):
        seats.append(Seat(display=tuple(goods[at : at + rules.starting_goods])))
        at += rules.starting_goods
    first = rng.randrange(rules.players) if rules.first_player == "random" else rules.first_player
    assert isinstance(first, int)
    return State(
        rules=rules,
        goods_deck=tuple(goods[at:]),
        market=market,
        discard=(),
        order_deck=tuple(orders[rules.order_display_size :]),
        order_display=tuple(orders[: rules.order_display_size]),
        seats=tuple(seats),
        current=first,
        shuffle_key=rng.getrandbits(62),
        cards=digest,
    )


def explain(state: State, action: Action) -> Violation | None:
    """Why ``action`` is illegal in ``state`` (a :class:`Violation` with a rule ID), or ``None``.

    Raises:
        InvalidAction: ``action`` is not a Monsoon Market action, or names a card or seat that
            does not exist.

    Example:
        >>> from marketlib.monsoon import Pass, Rules, setup
        >>> s = setup(Rules(players=2), seed=1)
        >>> explain(s, Pass(player=1)).rule
        'M-TURN-01'
    """
    return ENGINE.explain(state, action)


def _gate(state: State, action: Action) -> Violation | None:
    """Who may act (M-TURN-01): the seat whose turn it is, until the game is over (M-END-01)."""
    if state.result is not None:
        return _v("M-END-01", "the game is over")
    if action.player != state.current:
        return _v("M-TURN-01", f"it is P{state.current}'s decision, not P{action.player}'s")
    return None


def _out_of_phase(state: State, tag: str) -> Violation:
    """A move the current step does not offer, refused with the phase's rule (M-TURN-01,
    M-BUY, M-FUL)."""
    return _v(FLOW.phase(state).rule,
              f"{_phase_hint(state)}; {tag.replace('_', '-')} is not one of them")


def _phase_hint(state: State) -> str:
    pending = state.pending
    if isinstance(pending, TakePending):
        return f"you are taking {pending.remaining} more Market card(s) for your Buy"
    if isinstance(pending, FulfillPending):
        return (f"you are fulfilling {pending.order}: spend cards or Bonus Goods, then declare a "
                "level")
    if isinstance(pending, BonusPending):
        return f"you may take the Bonus Action of {pending.order} ({pending.action.value}) or skip"
    return "on your turn you steal, buy, fulfill an Order or pass"


def current_player(state: State) -> int | None:
    """The seat that decides next (M-TURN-01), or ``None`` once the game is over: the phase
    table's decider."""
    return FLOW.decider(state)


def outcome(state: State) -> Outcome | None:
    """The outcome (winners, seals, ending) once the game is over, else ``None``."""
    return state.result


# --------------------------------------------------------------------------- legal actions
def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action for the deciding seat, in a fixed order (empty once the game is over):
    the phase's candidate actions that pass every check of ``explain`` (one legality check,
    docs: "Games and the registry").

    Example:
        >>> s = setup(Rules(players=2), seed=1)
        >>> [str(a) for a in legal_actions(s)][:2]
        ['P0 steal MG-33', 'P0 steal MG-28']
    """
    return ENGINE.legal_actions(state)


# --------------------------------------------------------------------------- apply
def apply(state: State, action: Action) -> State:
    """Play ``action`` and return the new state; ``state`` itself is never changed.

    A compound turn is several calls (docs: "Games and the registry"): e.g. ``Buy`` then one
    ``Take`` per card. The end
    of the turn (refills, M-TURN-02/03; the end checks, M-END-01..03 and A-M-26) runs inside the
    call that completes the turn.

    Raises:
        IllegalAction: the rules forbid the action (``.rule`` names the rule).
        InvalidAction: the value is not a Monsoon Market action (wrong type, unknown card or
            seat, a field of the wrong type).

    Example:
        >>> from marketlib.monsoon import Pass, Steal, position
        >>> s = position(displays=[["Gem2"], ["Wood4"]], market=["MG-15"])
        >>> t = apply(s, Steal(player=0, card="MG-15"))
        >>> t.seats[0].display, t.current, s.seats[0].display
        (('MG-02', 'MG-15'), 1, ('MG-02',))
        >>> apply(t, Pass(player=0))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        marketlib.core.errors.IllegalAction: M-TURN-01: it is P1's decision, not P0's ...
    """
    return ENGINE.apply(state, action)


def apply_legal(state: State, action: Action) -> State:
    """:func:`apply` without the rules' checks, for an action known to be legal: listed by
    ``legal_actions`` of ``state`` or of a state its seat cannot tell apart from it (a search
    replaying its own line in another deal of the hidden cards). An illegal action here gives
    an undefined state (:meth:`~marketlib.core.engine.Engine.apply_legal`)."""
    return ENGINE.apply_legal(state, action)


def _after(before: State, after: State, action: Action) -> State:
    """After every handler: somebody acted, so no stalemate yet (A-M-26), and with
    ``allow_pass=False`` the count of forced turns (:func:`_note_choice`)."""
    if after.forced_passes and type(action) is not Pass:
        after = replace(after, forced_passes=0)  # somebody acted: no stalemate (A-M-26)
    if not before.rules.allow_pass:
        after = _note_choice(before, after)
    return after


def _note_choice(before: State, after: State) -> State:
    """A-M-26 with ``allow_pass=False``: count the turns in a row in which every decision had
    exactly one legal option (``forced_turns``); the end of the turn looks for a loop."""
    if before.phase == "action":
        forced = len(legal_actions(before)) == 1
        return replace(after, forced_turns=before.forced_turns + 1 if forced else 0)
    if after.forced_turns and len(legal_actions(before)) > 1:
        return replace(after, forced_turns=0)  # a later decision of the turn was a choice
    return after




ENGINE: Engine[State] = Engine(
    actions=ACTIONS, flow=FLOW, decider=FLOW.decider, facts=Facts, check_ids=check_ids,
    gate=_gate, out_of_phase=_out_of_phase, candidates=FLOW.offers, after=_after)
"""Monsoon Market run by the engine every game shares (:mod:`marketlib.core.engine`): its action
table, its phase table and the hooks above."""
