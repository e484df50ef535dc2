"""``check_invariants``: what must hold in every Bansan state (the conformance kit checks it at
every decision, so it is kept cheap: set and length checks, one seat's view per call)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from marketlib.bansan.cards import WASTES
from marketlib.bansan.queries import FLOW_OPTIONS, MONEY_FLOWS, catalog, flow_kind
from marketlib.bansan.state import (
    LOG_SIZE,
    NEIGHBOUR,
    BargainOffer,
    ListReturn,
    OpeningHand,
    Purchase,
    SoloThrow,
    State,
    Stocking,
)
from marketlib.bansan.view import view, visible_produce


def _card_sets(state: State) -> tuple[frozenset[str], frozenset[str],
                                      dict[str, frozenset[str]], tuple[frozenset[str], ...]]:
    """All produce IDs, all list IDs, per stall the cards it may hold, per bin its cards
    (computed once per card data, in the rules' card data)."""
    found: Any = state.rules.card_data.derived((state.cards, "sets"),
                                               lambda: _make_card_sets(state))
    return found  # type: ignore[no-any-return]


def _make_card_sets(state: State) -> Any:
    cat = catalog(state)
    shows = {s.id: frozenset(c.id for c in cat.produce.values() if c.shows(s.sells))
             for s in cat.stalls.values()}
    bins = tuple(frozenset(c.id for c in cat.produce.values() if c.waste is w) for w in WASTES)
    return frozenset(cat.produce), frozenset(cat.lists), shows, bins


_PENDING: dict[str, tuple[type | None, ...]] = {
    "open_lists": (ListReturn,), "open_stock": (OpeningHand, Stocking), "draft": (None,),
    "solo_move": (None,), "solo_throw": (SoloThrow,), "stock": (None, Stocking),
    "actions": (None, Purchase), "complete": (None,), "return_lists": (ListReturn,),
    "bag": (None,), "closing": (None,), "over": (None,)}
"""The compound decision each phase a game rests in may hold (``None``: none): the opening's
list return and hands (B-OPEN-02/05), a Sendiri throw (B-SOLO-11), stocking (B-STOCK), a BUY or
SELL (B-BUY, B-SELL), Upkeep's list returns (B-UPK-06). The steps the flow passes through
without a decision (``stocked``, ``refill``, ``event_lists``, ``turn_end``) are not listed."""


def _seat(value: object, name: str, seats: int, problems: list[str], *,
          neighbour: bool = False) -> None:
    """``value`` is a seat of a ``seats``-seat game (or the Sendiri Neighbour)."""
    if neighbour and value == NEIGHBOUR:
        return
    if type(value) is not int or not 0 <= value < seats:
        problems.append(f"{name}: {value!r} is not a seat (seats 0-{seats - 1})")


def _counter(value: object, name: str, problems: list[str]) -> None:
    if type(value) is not int or value < 0:
        problems.append(f"{name}: must be a whole number >= 0, not {value!r}")


def _structure(state: State) -> list[str]:
    """What the other checks and the rules rely on, checked first (a hand-edited save's start
    state, helper-87: ``current`` 7 loaded and then failed at the first move): the seats, the
    counters, the phase and its decision, the Last Round and the result."""
    problems: list[str] = []
    rules = state.rules
    n = len(state.vendors)
    if n != rules.players:
        return [f"vendors: {n} vendors but rules.players is {rules.players}"]
    solo = rules.plays.solo
    for name in ("current", "first", "token"):
        _seat(getattr(state, name), name, n, problems)
    if state.trigger is not None:
        _seat(state.trigger, "trigger", n, problems)
    for i, seat in enumerate(state.queue):
        _seat(seat, f"queue[{i}]", n, problems)
    for i, stall in enumerate(state.stalls):
        if stall.renter is not None:
            _seat(stall.renter, f"stalls[{i}].renter", n, problems, neighbour=solo)
    if state.offer is not None:
        _seat(state.offer.frm, "offer.frm", n, problems)
        _seat(state.offer.to, "offer.to", n, problems)
        if state.offer.frm == state.offer.to:
            problems.append(f"offer: P{state.offer.frm} makes an offer to themselves")
    for name in ("ledger", "leftovers"):
        if len(getattr(state, name)) != n:
            problems.append(f"{name}: {len(getattr(state, name))} entries for {n} vendors")
    for name in ("turn", "actions_left", "bins_emptied", "events_flipped", "completed_now",
                 "reshuffles"):
        _counter(getattr(state, name), name, problems)
    if problems:
        return problems
    phase = state.phase
    allowed = _PENDING.get(phase)
    pending = type(state.pending) if state.pending is not None else None
    if allowed is not None and pending not in allowed:
        problems.append(
            f"pending: the phase {phase!r} holds no {pending.__name__} decision"
            if pending is not None else f"pending: the phase {phase!r} has a decision in "
            f"progress ({' or '.join(t.__name__ for t in allowed if t is not None)}), not null")
    if phase == "actions":
        most = rules.actions_per_turn + sum(r.seat == state.current for r in state.reminders)
        if state.actions_left > most:
            problems.append(f"actions_left: {state.actions_left} actions left, but a turn has "
                            f"at most {most} (B-ACT-01)")
    if phase == "closing" and state.trigger is None:
        problems.append("phase: the Closing Round comes after the Last Round, which nobody has "
                        "triggered (trigger is null, B-END-01/05)")
    if (phase == "over") != (state.result is not None):
        problems.append("phase: 'over' exactly when the game has a result")
    return problems


def check_invariants(state: State) -> list[str]:
    """Conservation and limits that must hold in every state (used by the conformance kit at
    every decision, so it is kept cheap: set and length checks, one seat's view per call).
    The structure is checked first (:func:`_structure`); the rest only when it holds.

    Example:
        >>> from msgspec.structs import replace
        >>> from marketlib.bansan import Rules, setup
        >>> check_invariants(replace(setup(Rules(players=2), seed=1), current=7))
        ['current: 7 is not a seat (seats 0-1)']
    """
    problems = _structure(state)
    if problems:
        return problems
    rules = state.rules
    all_produce, all_lists, shows, bin_sets = _card_sets(state)
    places = [*state.deck, *state.removed, *visible_produce(state)]
    if len(places) != len(all_produce) or set(places) != all_produce:
        counts = Counter(places)
        missing = sorted(all_produce - set(places))
        doubled = sorted(c for c, k in counts.items() if k > 1)
        problems.append(f"produce not each in one place (missing {missing}, doubled {doubled})")
    lists = [*state.list_deck, *state.public]
    for v in state.vendors:
        lists += v.wallet
        lists += v.completed
    if len(lists) != len(all_lists) or set(lists) != all_lists:
        problems.append("Shopping Lists not each in exactly one place")
    if rules.events != "off":
        events = Counter(state.event_deck + state.latest_events)
        if events != Counter(list(catalog(state).events)):
            problems.append("Event cards not each in exactly one place")
    renters = [s.renter for s in state.stalls]
    for p, v in enumerate(state.vendors):
        if v.money != rules.starting_money + state.ledger[p]:
            problems.append(f"P{p} has RM{v.money} but the ledger accounts for "
                            f"RM{rules.starting_money + state.ledger[p]}")
        if v.money < 0 and rules.debt_policy == "pay_what_you_can":
            problems.append(f"P{p} has negative money (A-B-35)")
        rented = renters.count(p)
        if not v.rr_used and state.phase != "over" and rented > 2:
            problems.append(f"P{p} rents 3 stalls without R&R (B-ANY-04)")
        if rented > 3:
            problems.append(f"P{p} rents more than 3 stalls (B-ANY-08)")
        for b in v.bag:
            if b.card not in shows_type(state, b.produce):
                problems.append(f"{b.card} in P{p}'s bag as {b.produce}, a type it does not show")
    if sum(state.ledger) != state.bank:
        problems.append("the ledger does not add up to the bank's payments")
    problems += _flow_problems(state)
    stall_ids = [s.id for s in state.stalls]
    if len(set(stall_ids)) != len(stall_ids):
        problems.append("a Market Stall is in play twice")
    for s in state.stalls:
        if s.cards and not shows[s.id].issuperset(s.cards):
            problems.append(f"{s.id} holds a card that does not show its type (B-STOCK-08)")
    for i, w in enumerate(WASTES):
        if state.bins[i] and not bin_sets[i].issuperset(state.bins[i]):
            problems.append(f"the {w} bin holds a card of another waste type")
    if len(state.row) > rules.row_size:
        problems.append(f"the Row holds more than {rules.row_size} cards (B-SETUP-03)")
    if isinstance(state.offer, BargainOffer) and not isinstance(state.pending, Purchase):
        problems.append("a bargain without a BUY in progress")
    if len(state.log) > LOG_SIZE:
        problems.append(f"the event log holds more than {LOG_SIZE} entries")
    if rules.plays.solo:
        cols = state.columns
        for r in range(0, len(renters), cols):
            row = renters[r:r + cols]
            if row.count(0) != 1 or row.count(NEIGHBOUR) != 1:
                problems.append(f"row {r // cols + 1} needs 1 Worker of yours and 1 of the "
                                "Neighbour (B-SOLO-04/05)")
    elif NEIGHBOUR in renters:
        problems.append("a Neighbour Worker outside Sendiri (B-SOLO-05)")
    if rules.plays.shared_menu:
        if any(v.wallet for v in state.vendors):
            problems.append("a personal Wallet list in the Kenduri Menu (B-KEN-02)")
        menu = rules.kenduri_lists
        if len(state.public) + sum(len(v.completed) for v in state.vendors) != menu:
            problems.append(f"the {menu} Kenduri lists are not all open or completed (B-KEN-02)")
    elif state.public:
        problems.append("public lists outside the Kenduri Menu (B-KEN-02)")
    p = state.turn % len(state.vendors)
    seen = view(state, p)
    if seen.deck is not None or seen.list_deck is not None or seen.shuffle_key is not None:
        problems.append(f"P{p}'s view shows a hidden deck or the reshuffle key (A-B-57)")
    if state.result is None and rules.hidden_wallets and any(
            (x.money is not None or x.wallet is not None)
            for q, x in enumerate(seen.vendors) if q != p):
        problems.append(f"P{p}'s view shows another vendor's money or Wallet (A-B-57)")
    return problems


def _flow_problems(state: State) -> list[str]:
    """The last step's money moved only as a rule names it (:data:`MONEY_FLOWS`), and only a
    fine may leave a vendor in debt: a purchase, an R&R or a deal is paid from money the vendor
    has (B-BUY-07, A-B-35, A-B-61)."""
    problems: list[str] = []
    paid_by: set[int] = set()
    for t in state.transfers:
        kind = flow_kind(t)
        if t.amount <= 0:
            problems.append(f"a transfer of RM{t.amount} ({t.rule})")
        option = FLOW_OPTIONS.get(t.rule)
        allowed = option is None or option(state.rules)
        if kind not in MONEY_FLOWS.get(t.rule, ()) or not allowed:
            problems.append(f"RM{t.amount} moved from {_party(t.frm)} to {_party(t.to)} under "
                            f"{t.rule}, which moves no money that way"
                            + ("" if allowed else " under these rules"))
        if t.frm is not None and kind != "fine":
            paid_by.add(t.frm)
    for p in sorted(paid_by):
        if state.vendors[p].money < 0:
            problems.append(f"P{p} paid money it did not have: RM{state.vendors[p].money} "
                            "after a purchase or deal (B-BUY-07, A-B-61)")
    return problems


def _party(seat: int | None) -> str:
    return "the bank" if seat is None else f"P{seat}"


def check_step(before: State, action: Any, after: State) -> list[str]:
    """What must hold between two consecutive states (the conformance kit's random tester
    checks it after every action): each vendor's money changed by exactly the transfers the
    step logged, so the table's total changed only by the bank flows the rules name (A-B-61);
    the state a refused action leaves is checked by the kit itself."""
    problems: list[str] = []
    delta = [0] * len(after.vendors)
    for t in after.transfers:
        if t.frm is not None:
            delta[t.frm] -= t.amount
        if t.to is not None:
            delta[t.to] += t.amount
    for p, (old, new) in enumerate(zip(before.vendors, after.vendors, strict=True)):
        if new.money - old.money != delta[p]:
            problems.append(f"P{p}'s money went RM{old.money} -> RM{new.money} after {action}, "
                            f"but the transfers logged move RM{delta[p]}")
    return problems


def shows_type(state: State, produce: Any) -> frozenset[str]:
    """The produce cards that show ``produce`` on either half (once per card data)."""
    found: frozenset[str] = state.rules.card_data.derived(
        (state.cards, "shows", produce),
        lambda: frozenset(c.id for c in catalog(state).produce.values() if c.shows(produce)))
    return found
