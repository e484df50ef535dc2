"""The Bansan turn structure: setup, the opening round, the phase table ``FLOW``, Upkeep [C]
(refill and Events), the Last Round, the Closing Round and the final ranking.

Decision phases wait for actions; the automatic phases (``stocked``, ``refill``, ``turn_end``)
end as soon as they begin. The hook order is that of :mod:`marketlib.core.flow`.
"""

from __future__ import annotations

import random

from marketlib.bansan.cards import Effect, Produce, Timeframe
from marketlib.bansan.market import (
    catalog,
    fallback,
    open_stalls_of,
    order_from,
    own_stalls,
    position_in_round,
    set_stall,
    set_vendor,
    stall_type,
    throw,
    transfer,
)
from marketlib.bansan.state import (
    ListReturn,
    OpeningHand,
    Reminder,
    Rules,
    Stall,
    State,
    StockCard,
    Stocking,
    Vendor,
)
from marketlib.core.flow import Flow, Phase
from marketlib.core.game import Ending, Outcome


def setup(rules: Rules, seed: int) -> State:
    """Deal a new game (B-SETUP-01..10, then the Opening Round B-OPEN-01..02 begins).

    Shuffles with ``seed``: removes 30/20/10/0 cards (2-5 players), draws the Row (5) and the
    starting waste (3 cards), places the stalls at random, shuffles the Events and Shopping
    Lists, gives each vendor RM10 and 3 lists (they keep 2).

    Raises:
        CardDataError: a custom card file is broken.
        ValueError: the decks are too small for the player count.

    Example:
        >>> s = setup(Rules(players=3), seed=1)
        >>> len(s.deck), len(s.row), s.phase
        (60, 5, 'open_lists')
    """
    cat = catalog(rules)
    rng = random.Random(seed)
    n = rules.players
    produce = list(cat.produce)
    rng.shuffle(produce)
    removed = produce[: rules.removed_cards[n - 1]]
    deck = produce[len(removed):]
    if len(deck) < rules.row_size + 3 + 5 * n + 1:
        raise ValueError(f"{len(deck)} produce cards cannot deal a {n}-player game (B-SETUP-10)")
    row, deck = deck[: rules.row_size], deck[rules.row_size:]
    waste, deck = deck[:3], deck[3:]
    layout = cat.layouts[n]
    stall_ids = [s.id for s in cat.stalls.values() if s.mark in layout.marks]
    if len(stall_ids) != layout.rows * layout.columns:
        raise ValueError(f"{len(stall_ids)} stalls do not fill a {layout.rows}x{layout.columns} "
                         "grid (B-SETUP-04)")
    rng.shuffle(stall_ids)
    events = list(cat.events)
    rng.shuffle(events)
    lists = list(cat.lists)
    rng.shuffle(lists)
    first = rng.randrange(n) if rules.first_player == "random" else rules.first_player
    assert isinstance(first, int)
    wallets: dict[int, tuple[str, ...]] = {}
    for seat in order_from_seat(first, n):
        wallets[seat], lists = tuple(lists[:3]), lists[3:]
    state = State(
        rules=rules, deck=tuple(deck), removed=tuple(removed), row=tuple(row),
        stalls=tuple(Stall(id=s) for s in stall_ids), columns=layout.columns,
        bins=((), (), ()), list_deck=tuple(lists),
        event_deck=tuple(events) if rules.events == "reconstructed" else (),
        vendors=tuple(Vendor(money=rules.starting_money, wallet=wallets[p]) for p in range(n)),
        first=first, token=first, current=first, phase="open_lists",
        queue=order_from_seat(first, n), ledger=(0,) * n, leftovers=(None,) * n,
        shuffle_key=rng.getrandbits(62),
    )
    state = throw(state, None, waste, "B-SETUP-05", fined=False)
    return FLOW.begin(state, "open_lists")


def order_from_seat(first: int, n: int) -> tuple[int, ...]:
    return tuple((first + i) % n for i in range(n))


# --------------------------------------------------------------------------- opening round
def _begin_open_lists(state: State) -> State:
    return state.replace(pending=ListReturn(count=1))


def _begin_open_stock(state: State) -> State:
    return deal_opening(state.replace(queue=order_from(state, state.first)))


def deal_opening(state: State) -> State:
    """The next vendor in the queue draws 5 opening cards (B-OPEN-03)."""
    hand, deck = state.deck[:5], state.deck[5:]
    return state.replace(deck=deck, pending=OpeningHand(cards=hand))


def _begin_draft(state: State) -> State:
    order = order_from(state, state.first)
    return state.replace(queue=order + tuple(reversed(order)), pending=None)


def pop_queue(state: State) -> State:
    """The head of the queue is done; set up the next vendor's part of a round-robin phase."""
    queue = state.queue[1:]
    state = state.replace(queue=queue, pending=None)
    if not queue:
        return state
    if state.phase == "open_lists":
        return state.replace(pending=ListReturn(count=1))
    if state.phase == "open_stock":
        return deal_opening(state)
    if state.phase == "event_lists":
        return begin_menu_seat(state)
    return state


# --------------------------------------------------------------------------- stocking
def auto_tuck(state: State) -> State:
    """Tuck every waiting card that has exactly one open stall; send cards with none to the
    fallback (A-B-17). When no card waits, the stocking is over."""
    pending = state.pending
    assert isinstance(pending, Stocking)
    waiting: list[StockCard] = []
    for sc in pending.cards:
        stalls = [s for t in sc.options for s in open_stalls_of(state, t)]
        if not stalls:
            state = fallback(state, sc.card)
        elif len(stalls) == 1:
            state = tuck(state, sc.card, stalls[0].id)
        else:
            waiting.append(sc)
    if waiting:
        return state.replace(pending=Stocking(cards=tuple(waiting)))
    return finish_stocking(state.replace(pending=None))


def tuck(state: State, card_id: str, stall_id: str) -> State:
    """Tuck ``card_id`` into ``stall_id`` (B-STOCK-03/06/08)."""
    for i, s in enumerate(state.stalls):
        if s.id == stall_id:
            stall = Stall(id=s.id, open=s.open, renter=s.renter, cards=(*s.cards, card_id))
            return state.replace(stalls=set_stall(state, i, stall))
    raise AssertionError(stall_id)


def finish_stocking(state: State) -> State:
    if state.phase == "open_stock":
        return pop_queue(state)
    return state.replace(phase="stocked")


def can_stock(state: State) -> bool:
    """Whether [A] or [B] is possible (A-B-18)."""
    if state.deck:
        return True
    return any(open_stalls_of(state, t) for t in row_types(state))


def row_types(state: State) -> list[Produce]:
    cat = catalog(state)
    shown = set()
    for c in state.row:
        shown.add(cat.produce[c].top)
        shown.add(cat.produce[c].bottom)
    return [t for t in Produce if t in shown]


def _begin_stock(state: State) -> State:
    state = state.replace(actions_left=0, bins_emptied=0, events_flipped=0, completed_now=0,
                          star_drawn=False, pending=None)
    if not can_stock(state):
        return state.replace(phase="stocked")
    return state


def draw_deck(state: State, count: int) -> tuple[State, tuple[str, ...]]:
    """Draw ``count`` cards (or what is left); drawing the last card triggers the Last Round
    (B-END-01b)."""
    drawn, deck = state.deck[:count], state.deck[count:]
    state = state.replace(deck=deck)
    if drawn and not deck:
        state = trigger_last_round(state, state.current)
    return state, drawn


def trigger_last_round(state: State, seat: int) -> State:
    """B-END-01..03: the first trigger only (A-B-26); the Bansan Token passes to ``seat``."""
    if state.trigger is not None:
        return state
    return state.replace(trigger=seat, token=seat)


# --------------------------------------------------------------------------- actions
def _begin_actions(state: State) -> State:
    extra = sum(1 for r in state.reminders if r.seat == state.current
                and catalog(state).events[r.event].effect is Effect.EXTRA_ACTION)
    return state.replace(actions_left=state.rules.actions_per_turn + extra)


# --------------------------------------------------------------------------- upkeep [C]
def _refill(state: State) -> State:
    """B-UPK-09/10: refill the Row to 5; a Star among the new cards flips one Event."""
    need = state.rules.row_size - len(state.row)
    state, drawn = draw_deck(state, max(0, need))
    state = state.replace(row=state.row + drawn)
    cat = catalog(state)
    if state.star_drawn or any(cat.produce[c].star for c in drawn):
        state = flip_event(state)
    return state


def flip_event(state: State) -> State:
    """Flip and resolve the top Event (B-UPK-10/11, A-B-20/21; RULES.md 4.1.5)."""
    rules = state.rules
    if rules.events == "off" or state.events_flipped >= rules.max_events_per_turn:
        return state
    deck = state.event_deck
    if not deck:
        if rules.event_deck_exhausted != "reshuffle" or not state.latest_events:
            return state
        pile = list(state.latest_events)
        random.Random(state.shuffle_key * 1_000_003 + state.reshuffles).shuffle(pile)
        state = state.replace(latest_events=(), reshuffles=state.reshuffles + 1)
        deck = tuple(pile)
    event_id, deck = deck[0], deck[1:]
    state = _end_active_event(state).replace(
        event_deck=deck, latest_events=(*state.latest_events, event_id),
        events_flipped=state.events_flipped + 1)
    event = catalog(state).events[event_id]
    if event.timeframe is Timeframe.NAP:
        nxt = (state.current + 1) % len(state.vendors)
        return state.replace(reminders=(*state.reminders, Reminder(nxt, event_id)))
    if event.effect is Effect.PRICE_UP:
        return state.replace(active_event=event_id)
    if event.effect is Effect.CLOSE_STALLS:
        stalls = tuple(Stall(id=s.id, open=False, renter=s.renter, cards=s.cards)
                       if stall_type(state, s.id) is event.produce else s for s in state.stalls)
        return state.replace(active_event=event_id, stalls=stalls)
    if event.effect is Effect.WASTE_COLLECTION:
        cap = rules.bin_capacity
        bins = state.bins
        outside = state.outside
        emptied = tuple(() if len(b) > cap else b for b in bins)
        for b in bins:
            if len(b) > cap:
                outside += b
        return state.replace(bins=(emptied[0], emptied[1], emptied[2]), outside=outside)
    if event.effect is Effect.SUMMONS:
        overflowing = sum(1 for b in state.bins if len(b) > rules.bin_capacity)
        for seat in order_from(state, state.current):
            state = transfer(state, seat, None, overflowing, "B-UPK-10", mandatory=True)
        return state
    if event.effect is Effect.NEW_MENU:
        queue = order_from(state, (state.current + 1) % len(state.vendors))
        return begin_menu_seat(state.replace(queue=queue, phase="event_lists"))
    return state


def _end_active_event(state: State) -> State:
    """An "until next Event" card ends when the next Event flips (RULES.md 4.1.5)."""
    if state.active_event is None:
        return state
    event = catalog(state).events[state.active_event]
    stalls = state.stalls
    if event.effect is Effect.CLOSE_STALLS:
        stalls = tuple(Stall(id=s.id, open=True, renter=s.renter, cards=s.cards)
                       if stall_type(state, s.id) is event.produce else s for s in stalls)
    return state.replace(active_event=None, stalls=stalls)


def begin_menu_seat(state: State) -> State:
    """New food-court menu: the head of the queue draws 1 list, then returns 1 (EV-37..40)."""
    while state.queue:
        seat = state.queue[0]
        if state.list_deck:
            vendor = state.vendors[seat]
            drawn = state.list_deck[0]
            new = Vendor(money=vendor.money, wallet=(*vendor.wallet, drawn),
                         completed=vendor.completed, bag=vendor.bag, rr_used=vendor.rr_used)
            return state.replace(list_deck=state.list_deck[1:], pending=ListReturn(count=1),
                                 vendors=set_vendor(state, seat, new))
        state = state.replace(queue=state.queue[1:])
    return state.replace(pending=None)


# --------------------------------------------------------------------------- end of turn
def _end_turn(state: State) -> State:
    """Drop the used reminders; after the Last Player's turn in the Last Round, go to the
    Closing Round (B-END-03/05) or count the money (B-END-08)."""
    reminders = tuple(r for r in state.reminders if r.seat != state.current)
    state = state.replace(reminders=reminders, pending=None, turn=state.turn + 1,
                          actions_left=0)
    n = len(state.vendors)
    if state.trigger is not None and position_in_round(state, state.current) == n - 1:
        if state.rules.closing_round:
            return state.replace(queue=order_from(state, state.trigger))
        counts = tuple(leftover_count(state, p) for p in range(n))
        return finish(state.replace(leftovers=counts))
    return state.replace(current=(state.current + 1) % n)


def leftover_count(state: State, player: int) -> int:
    """Cards in the vendor's own stalls and bag (tie-breaker 2, B-END-07)."""
    return sum(len(s.cards) for s in own_stalls(state, player)) + len(state.vendors[player].bag)


def closing_throw(state: State, player: int) -> State:
    """Closing Round (b)+(c): throw leftovers from own stalls and bag, paying fines (B-END-05)."""
    cards: list[str] = []
    stalls = list(state.stalls)
    for i, s in enumerate(stalls):
        if s.renter == player and s.cards:
            cards.extend(s.cards)
            stalls[i] = Stall(id=s.id, open=s.open, renter=s.renter, cards=())
    vendor = state.vendors[player]
    cards.extend(b.card for b in vendor.bag)
    emptied = Vendor(money=vendor.money, wallet=vendor.wallet, completed=vendor.completed,
                     bag=(), rr_used=vendor.rr_used)
    state = state.replace(stalls=tuple(stalls), vendors=set_vendor(state, player, emptied))
    return throw(state, player, cards, "B-END-05", fined=True)


def finish(state: State) -> State:
    """B-END-06/07 (A-B-28/29): most money, then list value, then fewest leftovers; a tie after
    both tie-breakers is a shared win."""
    cat = catalog(state)
    n = len(state.vendors)
    if state.rules.tiebreak2_count_at == "after_throw":
        state = state.replace(leftovers=tuple(leftover_count(state, p) for p in range(n)))
    money = tuple(v.money for v in state.vendors)
    values = tuple(sum(cat.lists[x].value for x in v.completed) for v in state.vendors)
    left = tuple(c or 0 for c in state.leftovers)
    keys = [(money[p], values[p], -left[p]) for p in range(n)]
    best = max(keys)
    winners = tuple(p for p in range(n) if keys[p] == best)
    return state.replace(result=Outcome(winners=winners, scores=money, ending=Ending.MONEY),
                         phase="over", pending=None, queue=(), offer=None)


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
                            end_if=_done_with_queue, next="draft", on_begin=_begin_open_stock),
        "draft": Phase("draft", frozenset({"place_worker"}), "B-OPEN-04",
                       end_if=_done_with_queue, next="stock", on_begin=_begin_draft),
        "stock": Phase("stock", frozenset({"stock_row", "stock_deck", "skip_stocking", "tuck"}),
                       "B-STOCK-01", on_begin=_begin_stock),
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
                        on_end=_refill,
                        next=lambda s: "event_lists" if s.phase == "event_lists" else "turn_end"),
        "event_lists": Phase("event_lists", frozenset({"return_list"}), "B-UPK-11",
                             end_if=_done_with_queue, next="turn_end"),
        "turn_end": Phase("turn_end", frozenset(), "B-TURN-01", end_if=lambda s: True,
                          on_end=_end_turn,
                          next=lambda s: "closing" if s.queue else "stock"),
        "closing": Phase("closing", frozenset({"complete", "done"}), "B-END-05",
                         end_if=_done_with_queue, on_end=_closing_over, next="over"),
        "over": Phase("over", frozenset(), "B-END-06"),
    },
    get_phase=lambda s: s.phase,
    set_phase=lambda s, name: s.replace(phase=name),
    is_over=lambda s: s.result is not None,
)
"""The Bansan turn (B-TURN-01: Stocking, Action, Upkeep) and the rounds around it."""
