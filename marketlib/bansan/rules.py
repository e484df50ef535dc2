"""The Bansan rules surface: ``current_player``, ``explain``, ``legal_actions``, ``apply``; the
last three are run by the engine every game shares (:class:`~marketlib.core.engine.Engine`)
from the action table (:mod:`marketlib.bansan.table`), the phase table (whose rows name who
decides and the candidates each phase offers, :mod:`.offers`) and the hooks here (mode bans,
who may act and answer offers, R&R options).

One legality check feeds both ``legal_actions`` and ``apply`` (docs: "Games and the registry",
:mod:`.checks`).
``apply`` refuses an illegal action with :class:`~marketlib.core.errors.IllegalAction` naming the
rule, refuses a value that is not an action with :class:`~marketlib.core.errors.InvalidAction`,
and never changes the state it was given. The turn structure is the phase table
:data:`~marketlib.bansan.turn.FLOW`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from msgspec.structs import replace

from marketlib.bansan import actions as A
from marketlib.bansan.checks import (
    OPENING,
    check_ids,
    rr_gate,
    rr_terms,
)
from marketlib.bansan.effects import throw
from marketlib.bansan.facts import Facts
from marketlib.bansan.modes import MODES
from marketlib.bansan.offers import answers
from marketlib.bansan.options import Rules
from marketlib.bansan.state import (
    DECIDED_BY,
    NEIGHBOUR,
    BargainOffer,
    Outcome,
    Stall,
    State,
    TradeOffer,
    Vendor,
)
from marketlib.bansan.table import ACTIONS
from marketlib.bansan.turn import FLOW, decider
from marketlib.bansan.words import MOVE_WORDS, PHASES, SOLO_MOVE_WORDS
from marketlib.core.engine import ANY_PHASE, AnyPhase, Engine
from marketlib.core.errors import Violation
from marketlib.core.errors import violation as v
from marketlib.core.game import check_seat
from marketlib.core.seeding import deal_rng

if TYPE_CHECKING:
    from marketlib.bansan.view import View



ANY_TIME = (A.RentAndRelease, A.ProposeTrade, A.Withdraw)

HANDS_BACK = (A.Withdraw,)
"""The any-time actions that change whose decision it is: taking back one's own offer ends the
answer its recipient was asked for, and the decision goes back to the vendor who had it
(B-ANY-01/02; the conformance kit's "an any-time action keeps the decider" makes room for
these)."""

_ANSWERS = (A.Accept, A.Decline, A.Counter)
"""The answers to an open offer (B-ANY-01/02, A-B-60)."""

_WHILE_OFFERED = (*_ANSWERS, A.RentAndRelease)
"""What the vendor who must answer an offer may play: an answer, or an R&R (A-B-32)."""

FREE_FORM = (A.ProposeTrade, A.Bargain, A.Counter)
"""Proposals with terms of their own (B-ANY-01/02, A-B-60): legal at many decisions but never
listed by ``legal_actions`` (there are too many), so a simulation lets a bot play one of these
for its own seat when ``explain`` finds nothing wrong with it (issue 29, point 1)."""


ACTION_TAGS = frozenset({"buy", "buy_wholesale", "sell", "empty", "pick", "bargain"})


# --------------------------------------------------------------------------- setup
def setup(rules: Rules, seed: int) -> State:
    """Deal a new game (B-SETUP-01..10, then the Opening Round B-OPEN-01..02 begins).

    Shuffles with ``seed``: removes ``removed_cards`` (30/20/10/0 for 2-5 players by default),
    draws the Row (``row_size``, 5) and the starting waste (3 cards), places the stalls at
    random, shuffles the Events and Shopping Lists, gives each vendor ``starting_money`` (RM10)
    and 3 lists (they keep 2). The Kenduri Menu lays ``kenduri_lists`` (5) lists face up
    instead (B-KEN-02); Sendiri removes 10 cards, lays the 6 base stalls in 2 rows of 3 with
    your Workers on the left and the Neighbour's in the middle, and has no Row yet (B-SOLO-01..07).

    Raises:
        CardDataError: a custom card file is broken.
        ValueError: the decks are too small for the player count.

    Example:
        >>> s = setup(Rules(players=3), seed=1)
        >>> len(s.deck), len(s.row), s.phase
        (60, 5, 'open_lists')
        >>> solo = setup(Rules(players=1, mode="sendiri"), seed=1)
        >>> len(solo.deck), [st.renter for st in solo.stalls]  # 5 opening cards still to draw
        (75, [0, -1, None, 0, -1, None])
    """
    cat, digest = rules.card_data.read()  # an owner's latest edits
    rng = deal_rng(seed)
    n = rules.players
    solo = rules.plays.solo
    produce = list(cat.produce)
    rng.shuffle(produce)
    removed = produce[: rules.removed_cards[n - 1]]
    deck = produce[len(removed):]
    row_size = 0 if rules.plays.fresh_row else rules.row_size
    if len(deck) < row_size + 3 + 5 * n + 1:
        raise ValueError(f"{len(deck)} produce cards cannot deal a {n}-player game (B-SETUP-10)")
    row, deck = deck[:row_size], deck[row_size:]
    waste, deck = deck[:3], deck[3:]
    layout = cat.layouts[n]
    stall_ids = [s.id for s in cat.stalls.values() if s.mark in layout.marks]
    if len(stall_ids) != layout.rows * layout.columns:
        raise ValueError(f"{len(stall_ids)} stalls do not fill a {layout.rows}x{layout.columns} "
                         "grid (B-SETUP-04)")
    rng.shuffle(stall_ids)
    stalls = tuple(Stall(id=s) for s in stall_ids)
    if solo:  # B-SOLO-04/05: you on the leftmost stall of each row, the Neighbour in the middle
        stalls = tuple(Stall(id=s.id, renter={0: 0, 1: NEIGHBOUR}.get(i % layout.columns))
                       for i, s in enumerate(stalls))
    events = list(cat.events)
    rng.shuffle(events)
    lists = list(cat.lists)
    rng.shuffle(lists)
    first = rng.randrange(n) if rules.first_player == "random" else rules.first_player
    assert isinstance(first, int)
    wallets: dict[int, tuple[str, ...]] = {p: () for p in range(n)}
    public: tuple[str, ...] = ()
    if rules.plays.shared_menu:  # B-KEN-02: 5 public lists, nobody gets their own
        count = rules.kenduri_lists
        public, lists = tuple(lists[:count]), lists[count:]
    else:
        for seat in order_from_seat(first, n):
            wallets[seat], lists = tuple(lists[:3]), lists[3:]
    state = State(
        rules=rules, deck=tuple(deck), removed=tuple(removed), row=tuple(row),
        stalls=stalls, columns=layout.columns,
        bins=((), (), ()), list_deck=tuple(lists),
        event_deck=tuple(events) if rules.events == "reconstructed" else (),
        vendors=tuple(Vendor(money=rules.starting_money, wallet=wallets[p]) for p in range(n)),
        first=first, token=first, current=first, phase="open_lists",
        queue=order_from_seat(first, n), ledger=(0,) * n, leftovers=(None,) * n,
        shuffle_key=rng.getrandbits(62), cards=digest, public=public,
    )
    state = throw(state, None, waste, "B-SOLO-03" if solo else "B-SETUP-05", fined=False)
    return FLOW.begin(state, "open_stock" if public else "open_lists")


def order_from_seat(first: int, n: int) -> tuple[int, ...]:
    return tuple((first + i) % n for i in range(n))


def current_player(state: State) -> int | None:
    """The seat that decides next (B-TURN-01, B-OPEN-04/05, B-END-05), or ``None`` once over."""
    return decider(state)


def outcome(state: State) -> Outcome | None:
    """The outcome once the game is over, else ``None``: winners and money in RM with
    ``Ending.MONEY``; Kenduri ``Ending.COLLECTIVE_LOSS`` (no winners, B-KEN-05); Sendiri
    ``Ending.SOLO_WIN``/``SOLO_LOSS`` with the score money + Deck cards (B-SOLO-18)."""
    return state.result


MODE_BANS: dict[str, Mapping[type, tuple[str, str]]] = {
    name: mode.bans for name, mode in MODES.items()}
"""Actions that do not exist in a mode, with the rule that says so (checked first); each
mode declares its own (``Mode.bans`` in :mod:`marketlib.bansan.modes`)."""


def explain(state: State, action: A.Action) -> Violation | None:
    """Why ``action`` is illegal in ``state`` (a :class:`Violation` with a rule ID), or ``None``.

    Raises:
        InvalidAction: ``action`` is not a Bansan action, or names a card, list, stall or seat
            that does not exist.

    Example:
        >>> from marketlib.bansan.options import SOLO_ROW, Rules
        >>> s = setup(Rules(players=2), seed=1)
        >>> explain(s, A.StockDeck(player=1)).rule
        'B-TURN-01'
    """
    return ENGINE.explain(state, action)


def _gate(state: State, action: A.Action) -> Violation | AnyPhase | None:
    """Who may act now: an action the mode does not have is refused first (``Mode.bans``);
    nobody acts once the game is over (B-END-06); the deciding seat acts (B-TURN-01), others
    only by R&R or a trade proposal (any-time, A-B-32/33/60); an open offer is answered first
    (B-ANY-01/02). Any-time actions and answers are not bound to the phase table."""
    ban = state.rules.plays.bans.get(type(action))
    if ban is not None:
        return v(ban[0], ban[1].format(mode=state.rules.mode))
    if state.result is not None:
        return v(DECIDED_BY[state.result.ending], "the game is over")
    seat = decider(state)
    if isinstance(action, A.ProposeTrade) and state.offer is not None:
        offer = state.offer
        return v(_offer_rule(state), f"P{offer.to} must first answer P{offer.frm}'s offer")
    if action.player != seat:
        if isinstance(action, ANY_TIME):  # out of turn (A-B-32/33/60): the decider stays
            return ANY_PHASE
        if state.offer is not None:
            return v(_offer_rule(state), f"P{seat} must first answer P{state.offer.frm}'s offer")
        return v("B-TURN-01", f"it is P{seat}'s decision, not P{action.player}'s")
    if state.offer is not None:
        if not isinstance(action, _WHILE_OFFERED):
            return v(_offer_rule(state), "answer the offer first: accept, decline or counter")
        return ANY_PHASE
    if isinstance(action, _ANSWERS):
        return v("B-ANY-02", "there is no offer to answer")
    if isinstance(action, ANY_TIME):
        return ANY_PHASE
    return None


def _out_of_phase(state: State, tag: str) -> Violation:
    """A move the current step does not offer: after the Action Phase, an action is refused
    with B-ACT-01; otherwise with the rule of the first step that plays it (the rule a learner
    looks up to learn when it comes: helper-115 read B-UPK-02, about completing lists, for a
    skip-stocking in the Upkeep), or the current step's when this game plays it nowhere,
    naming the steps where it is played."""
    if (tag in ACTION_TAGS or tag == "end_actions") and state.phase in _UPKEEP_STEPS:
        return v("B-ACT-01", f"your {state.rules.actions_per_turn} actions are over: "
                 "this is the Upkeep Phase")
    steps = _steps_of(state, tag)
    rule = FLOW.phases[steps[0]].rule if steps else FLOW.phase(state).rule
    return v(rule, _out_of_step(state, tag))


def _steps_of(state: State, tag: str) -> list[str]:
    """The steps of this game (its mode and options) that offer the move ``tag``, in order."""
    rules = state.rules
    absent = set(rules.plays.absent_phases)
    if rules.events == "off":
        absent.add("event_lists")
    if not rules.closing_round:
        absent.add("closing")
    return [step for step, phase in FLOW.phases.items()
            if tag in phase.moves and step not in absent]


_UPKEEP_STEPS = FLOW.group("upkeep") & FLOW.decided_by("turn")
"""The Upkeep Phase's steps where the vendor whose turn it is decides (B-UPK-02..08), after the
Action Phase: from the phase table."""


def _out_of_step(state: State, tag: str) -> str:
    """Why the move ``tag`` cannot be played in this step, and in which of this game's steps it
    can (each by its rulebook name; Upkeep's steps come after end-actions)."""
    verb = ACTIONS.verbs.get(tag, tag)
    rules = state.rules
    names: dict[str, None] = {}  # the steps in order, each once
    for step in _steps_of(state, tag):
        later = state.phase == "actions" and step in _UPKEEP_STEPS
        names[f"'{PHASES.get(step, step)}'{', after end-actions,' if later else ''}"] = None
    move = (rules.plays.solo and SOLO_MOVE_WORDS.get(tag)) or MOVE_WORDS.get(tag, verb)
    said = (f"it is '{PHASES.get(state.phase, state.phase)}' now, and {move} ({verb}) is "
            f"not part of it")  # helper-110 read "now is '...'" as broken words
    if names:
        said += f": it comes in {' or in '.join(names).rstrip(',')}"
    return said


def _offer_rule(state: State) -> str:
    """The rule an open offer falls under: B-ANY-01 for a bargain, B-ANY-02 for a trade."""
    return "B-ANY-01" if isinstance(state.offer, BargainOffer) else "B-ANY-02"


def _rr_options(state: State | View, p: int, f: Facts, opening: bool = False) -> list[A.Action]:
    """Seat ``p``'s R&R options that pass the checks (in the Opening Round only when asked for:
    a decider's ``legal_actions`` list them from the first turn on)."""
    if (state.phase in OPENING and not opening) or rr_gate(state, p) is not None:
        return []  # no R&R at all now: no need to list the stalls
    free = [s.id for s in state.stalls if s.renter is None]
    mine = [s.id for s in state.stalls if s.renter == p]
    options = [A.RentAndRelease(player=p, rent=r) for r in free]
    options += [A.RentAndRelease(player=p, release=r) for r in mine]
    options += [A.RentAndRelease(player=p, rent=r, release=x) for r in free for x in mine]
    return [a for a in options if rr_terms(state, a, f) is None]  # the gate passed above


def any_time_actions(state: State | View, seat: int) -> tuple[A.Action, ...]:
    """What ``seat`` may do now besides ``legal_actions`` (B-ANY, A-B-32/33/60): taking back
    the offer it made while it waits for an answer (``Withdraw``, first), and its Rent &
    Release options on another vendor's decision, or during the Opening Round when
    ``opening_rr`` allows it. Playing one does not change whose decision it is (a withdrawn
    offer gives the decision back to the vendor who was deciding). Trade proposals
    (``ProposeTrade``) are also any-time actions; being free-form, they are not listed:
    ``explain`` and ``apply`` check them.

    ``state`` may be ``seat``'s own view (what a board asks, issue 28: no world dealt), or
    the teacher's: the checks read the stalls, the phase, the offer and the decision in
    progress, which are public, and ``seat``'s own money, which its view shows. Both give the
    same actions (the conformance kit checks it, and the people state machine of
    ``tests/bansan/test_people_machine.py`` after every step).

    Raises:
        ValueError: ``seat`` is not a seat of this game, or ``state`` is another seat's view
            (``seat``'s money is hidden there, A-B-57).

    Example:
        >>> from marketlib.bansan import position
        >>> s = position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]}, phase="actions",
        ...              current=1)
        >>> [str(a) for a in any_time_actions(s, 2)][:2]
        ['P2 rr rent=ST-04', 'P2 rr rent=ST-05']
    """
    viewer = getattr(state, "viewer", None)  # a View's seat (None: a State, the teacher's)
    if viewer is not None and viewer != seat:  # refused in every position, not only where
        check_seat(seat, len(state.vendors))  # the seat's money is read
        raise ValueError(f"P{seat}'s any-time actions are listed from P{seat}'s own view, "
                         f"not P{viewer}'s (P{seat}'s money is hidden there, A-B-57)")
    if not any_time_gate(state, seat):  # which checks the seat
        return ()
    offer = state.offer
    mine = (A.Withdraw(player=seat),) if offer is not None and offer.frm == seat else ()
    return mine + tuple(_rr_options(state, seat, Facts(state), opening=True))


def any_time_gate(seen: State | View, seat: int) -> bool:
    """False when ``seat`` can have no any-time action now, decided from public facts only,
    so a seat's view answers it as the state does (:func:`any_time_actions` asks it before it
    lists the Stalls): the game is over, it is
    ``seat``'s own decision with no offer open outside the Opening Round (its R&R options are
    among its legal actions), or ``seat`` may not R&R at all now (:func:`~.checks.rr_gate`:
    Sendiri, the Last Round, its bag flipped, A-B-60) and has no offer of its own waiting (to
    take back).

    Example:
        >>> from marketlib.bansan import position, view
        >>> s = position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]}, phase="actions",
        ...              current=1)
        >>> any_time_gate(s, 1), any_time_gate(s, 2), any_time_gate(view(s, 2), 2)
        (False, True, True)

    Raises:
        ValueError: ``seat`` is not a seat of this game.
    """
    check_seat(seat, len(seen.vendors))
    if seen.result is not None:
        return False
    if seen.offer is not None and seen.offer.frm == seat:
        return True  # its offer waits: it may take it back
    if seat == decider(seen) and seen.offer is None and seen.phase not in OPENING:
        return False
    return rr_gate(seen, seat) is None


def legal_actions(state: State) -> tuple[A.Action, ...]:
    """Every legal action for the deciding seat, in a fixed order (empty once the game is over).

    Free-form proposals (``ProposeTrade``, ``Bargain``) are legal at many points but are not
    listed; ``explain``/``apply`` validate them. R&R options come last.

    Example:
        >>> from marketlib.bansan.options import SOLO_ROW, Rules
        >>> s = setup(Rules(players=2), seed=1)
        >>> [str(a) for a in legal_actions(s)]
        ['P0 return SL-20', 'P0 return SL-23', 'P0 return SL-34']
    """
    return ENGINE.legal_actions(state)


_ROWS = FLOW.phases
"""The phase table's rows by phase name (the current row is ``_ROWS[state.phase]``)."""


def _unchecked(state: State, p: int, f: Facts) -> list[A.Action]:
    """The candidates the engine filters through the checks: the answers to an open offer
    (which come before any step's), else what the current row of the phase table offers
    (:mod:`.offers`), unless its offers are already checked (the Action Phase's)."""
    if state.offer is not None:
        return answers(state, p, f)
    row = _ROWS[state.phase]
    return [] if row.checked or row.offers is None else row.offers(state, p, f)


def _listed(state: State, p: int, f: Facts) -> list[A.Action]:
    """The legal actions listed here, already checked, after the candidates: a row's checked
    offers (the Action Phase's choices and its finish, B-ACT-01), then the R&R options (none
    while an offer is open)."""
    if state.offer is not None:
        return []
    row = _ROWS[state.phase]
    out = row.offers(state, p, f) if row.checked and row.offers is not None else []
    return out + _rr_options(state, p, f)


def apply(state: State, action: A.Action) -> State:
    """Play ``action`` and return the new state; ``state`` itself is never changed.

    Raises:
        IllegalAction: the rules forbid the action (``.rule`` names the rule, e.g. B-BUY-07).
        InvalidAction: the value is not a Bansan action.
    """
    return ENGINE.apply(state, action)


def apply_legal(state: State, action: A.Action) -> State:
    """:func:`apply` without the rules' checks, for an action known to be legal: listed by
    ``legal_actions`` of ``state`` or of a state its seat cannot tell apart from it (a search
    replaying its own line in another deal of the hidden cards). An illegal action here gives
    an undefined state (:meth:`~marketlib.core.engine.Engine.apply_legal`)."""
    return ENGINE.apply_legal(state, action)


def describe_offer(state: State | View) -> str:
    """The offer waiting for an answer, in words ("" when none); offers are public, so a
    seat's view gives the same words as the state."""
    offer = state.offer
    if isinstance(offer, TradeOffer):
        return (f"P{offer.frm} offers P{offer.to}: gives [{', '.join(offer.give)}] + "
                f"RM{offer.pay} for [{', '.join(offer.take)}] + RM{offer.ask}"
                + _countered(offer.counters))
    if isinstance(offer, BargainOffer):
        if offer.frm != state.current:  # the seller's counter-offer asks a price (A-B-60)
            return (f"P{offer.frm} asks P{offer.to} RM{offer.price} for {offer.card}"
                    + _countered(offer.counters))
        return (f"P{offer.frm} offers P{offer.to} RM{offer.price} for {offer.card}"
                + _countered(offer.counters))
    return ""


def _countered(counters: int) -> str:
    return f" (counter {counters})" if counters else ""


def _clear_transfers(state: State) -> State:
    """Before every handler: the last step's money transfers are no longer news."""
    return replace(state, transfers=()) if state.transfers else state


ENGINE: Engine[State] = Engine(
    actions=ACTIONS, flow=FLOW, decider=decider, facts=Facts, check_ids=check_ids, gate=_gate,
    out_of_phase=_out_of_phase, candidates=_unchecked, listed=_listed, before=_clear_transfers)
"""Bansan run by the engine every game shares (:mod:`marketlib.core.engine`): its action table,
its phase table and the hooks above."""
