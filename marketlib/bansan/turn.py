"""The Bansan turn structure: :func:`setup`, and the phase table ``FLOW`` that runs the Opening
Round, the turn (Stocking, Action, Upkeep) and the Last and Closing Rounds.

Decision phases wait for actions; the automatic phases (``stocked``, ``refill``, ``turn_end``)
end as soon as they begin. The hook order is that of :mod:`marketlib.core.flow`. The work of the
phases lives in :mod:`.stocking`, :mod:`.events`, :mod:`.solo` and :mod:`.ending`.
"""

from __future__ import annotations

from marketlib.bansan.cards import Effect, read_catalog
from marketlib.bansan.options import Rules
from marketlib.bansan.phases.events import refill
from marketlib.bansan.phases.solo import begin_solo_turn, solo_finish
from marketlib.bansan.phases.stocking import begin_open_stock, begin_stock
from marketlib.bansan.queries import (
    catalog,
    order_from,
    position_in_round,
    throw,
)
from marketlib.bansan.scoring import finish, leftover_count
from marketlib.bansan.state import (
    NEIGHBOUR,
    ListReturn,
    Stall,
    State,
    Vendor,
)
from marketlib.core.flow import Flow, Phase
from marketlib.core.seeding import deal_rng


def setup(rules: Rules, seed: int) -> State:
    """Deal a new game (B-SETUP-01..10, then the Opening Round B-OPEN-01..02 begins).

    Shuffles with ``seed``: removes 30/20/10/0 cards (2-5 players), draws the Row (5) and the
    starting waste (3 cards), places the stalls at random, shuffles the Events and Shopping
    Lists, gives each vendor RM10 and 3 lists (they keep 2). The Kenduri Menu lays 5 lists face
    up instead (B-KEN-02); Sendiri removes 10 cards, lays the 6 base stalls in 2 rows of 3 with
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
    cat, digest = read_catalog(rules.produce_deck, rules.list_deck, rules.stall_set,
                               rules.event_deck)  # an owner's latest edits
    rng = deal_rng(seed)
    n = rules.players
    solo = rules.mode == "sendiri"
    produce = list(cat.produce)
    rng.shuffle(produce)
    removed = produce[: rules.removed_cards[n - 1]]
    deck = produce[len(removed):]
    row_size = 0 if solo else rules.row_size
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
    if rules.mode == "kenduri":  # B-KEN-02: 5 public lists, nobody gets their own
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


def _begin_open_lists(state: State) -> State:
    return state.replace(pending=ListReturn(count=1))


def _begin_draft(state: State) -> State:
    order = order_from(state, state.first)
    return state.replace(queue=order + tuple(reversed(order)), pending=None)


def _begin_actions(state: State) -> State:
    extra = sum(1 for r in state.reminders if r.seat == state.current
                and catalog(state).events[r.event].effect is Effect.EXTRA_ACTION)
    return state.replace(actions_left=state.rules.actions_per_turn + extra)


def _end_turn(state: State) -> State:
    """Drop the used reminders; after the Last Player's turn in the Last Round, go to the
    Closing Round (B-END-03/05) or count the money (B-END-08)."""
    reminders = tuple(r for r in state.reminders if r.seat != state.current)
    state = state.replace(reminders=reminders, pending=None, turn=state.turn + 1,
                          actions_left=0)
    n = len(state.vendors)
    if state.rules.mode == "sendiri":
        return solo_finish(state) if state.trigger is not None else state
    if state.trigger is not None and position_in_round(state, state.current) == n - 1:
        if state.rules.closing_round:
            return state.replace(queue=order_from(state, state.trigger))
        counts = tuple(leftover_count(state, p) for p in range(n))
        return finish(state.replace(leftovers=counts))
    return state.replace(current=(state.current + 1) % n)


def _closing_over(state: State) -> State:
    return finish(state)


def _done_with_queue(state: State) -> bool:
    return not state.queue


FLOW: Flow[State] = Flow(
    phases={
        "open_lists": Phase("open_lists", frozenset({"return_list"}), "B-OPEN-02",
                            end_if=_done_with_queue, next="open_stock",
                            on_begin=_begin_open_lists),
        "open_stock": Phase("open_stock", frozenset({"choose_half", "tuck"}), "B-OPEN-03",
                            end_if=_done_with_queue, on_begin=begin_open_stock,
                            next=lambda s: "solo_move" if s.rules.mode == "sendiri"
                            else "draft"),
        "draft": Phase("draft", frozenset({"place_worker"}), "B-OPEN-04",
                       end_if=_done_with_queue, next="stock", on_begin=_begin_draft),
        "solo_move": Phase("solo_move", frozenset({"move"}), "B-SOLO-09",
                           on_begin=begin_solo_turn),
        "solo_throw": Phase("solo_throw", frozenset({"throw"}), "B-SOLO-10",
                            end_if=lambda s: s.pending is None, next="stock"),
        "stock": Phase("stock", frozenset({"stock_row", "stock_deck", "skip_stocking", "tuck"}),
                       "B-STOCK-01", on_begin=begin_stock),
        "stocked": Phase("stocked", frozenset(), "B-TURN-01", end_if=lambda s: True,
                         next="actions"),
        "actions": Phase("actions", frozenset({"buy", "buy_wholesale", "sell", "pick", "bargain",
                                               "done", "empty", "end_actions"}), "B-ACT-01",
                         end_if=lambda s: s.pending is None and s.actions_left <= 0,
                         next="complete", on_begin=_begin_actions),
        "complete": Phase("complete", frozenset({"complete", "done"}), "B-UPK-02"),
        "return_lists": Phase("return_lists", frozenset({"return_list"}), "B-UPK-06",
                              end_if=lambda s: s.pending is None, next="bag"),
        "bag": Phase("bag", frozenset({"give", "throw"}), "B-UPK-08",
                     end_if=lambda s: len(s.vendors[s.current].bag) <= s.rules.bag_limit,
                     next="refill"),
        "refill": Phase("refill", frozenset(), "B-UPK-09", end_if=lambda s: True,
                        on_end=refill,
                        next=lambda s: "event_lists" if s.phase == "event_lists" else "turn_end"),
        "event_lists": Phase("event_lists", frozenset({"return_list"}), "B-UPK-11",
                             end_if=_done_with_queue, next="turn_end"),
        "turn_end": Phase("turn_end", frozenset(), "B-TURN-01", end_if=lambda s: True,
                          on_end=_end_turn,
                          next=lambda s: "closing" if s.queue else
                          "solo_move" if s.rules.mode == "sendiri" else "stock"),
        "closing": Phase("closing", frozenset({"complete", "done"}), "B-END-05",
                         end_if=_done_with_queue, on_end=_closing_over, next="over"),
        "over": Phase("over", frozenset(), "B-END-06"),
    },
    get_phase=lambda s: s.phase,
    set_phase=lambda s, name: s.replace(phase=name),
    is_over=lambda s: s.result is not None,
)
"""The Bansan turn (B-TURN-01: Stocking, Action, Upkeep) and the rounds around it."""
