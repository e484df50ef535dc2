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
    NEIGHBOUR,
    ListReturn,
    OpeningHand,
    Reminder,
    Rules,
    SoloThrow,
    Stall,
    State,
    StockCard,
    Stocking,
    Vendor,
)
from marketlib.core.flow import Flow, Phase
from marketlib.core.game import Ending, Outcome

KENDURI_LISTS = 5
"""Public Shopping Lists of the Kenduri Menu (B-KEN-02)."""
SOLO_ROW = 4
"""Cards drawn to form the Sendiri Row (B-SOLO-11)."""


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
    cat = catalog(rules)
    rng = random.Random(seed)
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
        public, lists = tuple(lists[:KENDURI_LISTS]), lists[KENDURI_LISTS:]
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
        shuffle_key=rng.getrandbits(62), public=public,
    )
    state = throw(state, None, waste, "B-SOLO-03" if solo else "B-SETUP-05", fined=False)
    return FLOW.begin(state, "open_stock" if public else "open_lists")


def order_from_seat(first: int, n: int) -> tuple[int, ...]:
    return tuple((first + i) % n for i in range(n))


# --------------------------------------------------------------------------- opening round
def _begin_open_lists(state: State) -> State:
    return state.replace(pending=ListReturn(count=1))


def _begin_open_stock(state: State) -> State:
    return deal_opening(state.replace(queue=order_from(state, state.first)))


def deal_opening(state: State) -> State:
    """The next vendor in the queue draws 5 opening cards (B-OPEN-03, B-SOLO-06; with
    ``solo_opening_halves="free"`` each card is stocked as either half, A-B-44)."""
    hand, deck = state.deck[:5], state.deck[5:]
    state = state.replace(deck=deck)
    rules = state.rules
    if rules.mode == "sendiri" and rules.solo_opening_halves == "free":
        cat = catalog(state)
        cards = tuple(StockCard(c, (cat.produce[c].top, cat.produce[c].bottom)) for c in hand)
        return auto_tuck(state.replace(pending=Stocking(cards=cards)))
    return state.replace(pending=OpeningHand(cards=hand))


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
    """Whether [A] or [B] is possible (A-B-18); Sendiri stocks from its Row only (B-SOLO-11)."""
    if state.deck and state.rules.mode != "sendiri":
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
    if state.rules.mode == "sendiri":  # B-SOLO-11: draw 4 cards to form the Row
        state, drawn = draw_deck(state, SOLO_ROW)
        state = state.replace(row=drawn)
        state = state.note(f"Row formed: {' '.join(_labels(state, drawn)) or 'no card left'} "
                           "(B-SOLO-11)")
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
        if state.public and state.rules.kenduri_deadline == "deck_exhausted":
            state = state.replace(missed=state.public).note(
                f"the Deck ran out with {len(state.public)} Kenduri list(s) open: the Kenduri "
                "has failed (B-KEN-05, kenduri_deadline='deck_exhausted')")
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
    """B-UPK-09/10: refill the Row to 5; a Star among the new cards flips one Event. Sendiri
    discards the Row instead (B-SOLO-14/15)."""
    if state.rules.mode == "sendiri":
        if not state.row:
            return state
        return state.replace(row=(), outside=state.outside + state.row).note(
            f"Row discarded to the Outside Market: {' '.join(state.row)} (B-SOLO-14)")
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
        if state.rules.mode == "kenduri":
            return state.note(f"{event_id} {event.name}: no effect, nobody holds personal "
                              "lists in the Kenduri Menu (B-KEN-02)")
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
    if state.rules.mode == "sendiri":
        return solo_finish(state) if state.trigger is not None else state
    if state.trigger is not None and position_in_round(state, state.current) == n - 1:
        if state.rules.closing_round:
            return state.replace(queue=order_from(state, state.trigger))
        counts = tuple(leftover_count(state, p) for p in range(n))
        return finish(state.replace(leftovers=counts))
    return state.replace(current=(state.current + 1) % n)


def leftover_count(state: State, player: int) -> int:
    """Cards in the vendor's own stalls and bag (tie-breaker 2, B-END-07)."""
    return sum(len(s.cards) for s in own_stalls(state, player)) + len(state.vendors[player].bag)


def closing_throw(state: State, player: int, rule: str = "B-END-05") -> State:
    """Closing Round (b)+(c): throw leftovers from own stalls and bag, paying fines (B-END-05;
    the Sendiri end, B-SOLO-17)."""
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
    return throw(state, player, cards, rule, fined=True)


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
    if state.public or state.missed:  # B-KEN-05: the whole market loses
        still = state.missed or state.public
        state = state.note(f"the Kenduri failed: {' '.join(still)} not completed in time; "
                           "every vendor loses (B-KEN-05)")
        return state.replace(result=Outcome(winners=(), scores=money,
                                            ending=Ending.COLLECTIVE_LOSS),
                             phase="over", pending=None, queue=(), offer=None)
    keys = [(money[p], values[p], -left[p]) for p in range(n)]
    best = max(keys)
    winners = tuple(p for p in range(n) if keys[p] == best)
    return state.replace(result=Outcome(winners=winners, scores=money, ending=Ending.MONEY),
                         phase="over", pending=None, queue=(), offer=None)


def solo_finish(state: State) -> State:
    """The Sendiri end (B-SOLO-16..19, A-B-45): throw the leftovers of your bag and operated
    stalls with fines, then total = money + Deck cards against twice the completed lists."""
    rules = state.rules
    before = state.vendors[0].money
    state = closing_throw(state, 0, "B-SOLO-17")
    vendor = state.vendors[0]
    cat = catalog(state)
    value = sum(cat.lists[x].value for x in vendor.completed)
    total = vendor.money + len(state.deck)
    need = 2 * value
    enough = total >= need if rules.solo_compare == ">=" else total > need
    lists_ok = len(vendor.completed) >= rules.solo_target or not rules.solo_require_target
    won = enough and lists_ok
    state = state.note(f"final throw: fines RM{before - vendor.money} (B-SOLO-17)")
    state = state.note(
        f"{len(state.deck)} Deck cards + RM{vendor.money} = {total} {'>=' if enough else '<'} "
        f"2 x RM{value} = {need}; lists {len(vendor.completed)} of {rules.solo_target}: "
        f"{'WIN' if won else 'LOSS'} (B-SOLO-18)")
    ending = Ending.SOLO_WIN if won else Ending.SOLO_LOSS
    return state.replace(result=Outcome(winners=(0,) if won else (), scores=(total,),
                                        ending=ending),
                         phase="over", pending=None, queue=(), offer=None)


# --------------------------------------------------------------------------- Sendiri turn
def _labels(state: State, cards: tuple[str, ...]) -> list[str]:
    cat = catalog(state)
    return [f"{c}:{cat.produce[c].top}/{cat.produce[c].bottom}" for c in cards]


def _begin_solo_turn(state: State) -> State:
    return state.replace(actions_left=0, bins_emptied=0, events_flipped=0, completed_now=0,
                         star_drawn=False, pending=None)


def move_row(state: State, row: int) -> State:
    """B-SOLO-09: every Worker in ``row`` (1 = top) moves 1 stall right, wrapping around."""
    cols = state.columns
    start = (row - 1) * cols
    old = state.stalls[start:start + cols]
    moved = tuple(Stall(id=s.id, open=s.open, renter=old[i - 1].renter, cards=s.cards)
                  for i, s in enumerate(old))
    stalls = state.stalls[:start] + moved + state.stalls[start + cols:]
    steps = []
    for who, renter in (("P0", 0), ("Neighbour", NEIGHBOUR)):
        frm = next((i for i, s in enumerate(old) if s.renter == renter), None)
        if frm is not None:
            to = (frm + 1) % cols
            steps.append(f"{who} {old[frm].id} {stall_type(state, old[frm].id)} -> "
                         f"{old[to].id} {stall_type(state, old[to].id)}")
    state = state.replace(stalls=stalls, log=())
    return state.note(f"turn {state.turn + 1}: move row {row}: {', '.join(steps)} (B-SOLO-09)")


def begin_solo_throw(state: State) -> State:
    """B-SOLO-10 (A-B-42): draw 1 card (it goes to the Outside Market); for each type it shows,
    throw 1 card from the stall of that type, without fines."""
    if not state.deck:
        return state.replace(pending=None).note("Throw: the Deck is empty (B-SOLO-10)")
    state, drawn = draw_deck(state, 1)
    card = drawn[0]
    c = catalog(state).produce[card]
    state = state.replace(outside=(*state.outside, card)).note(
        f"Throw: drew {card} {c.top}/{c.bottom}, to the Outside Market (B-SOLO-10)")
    stalls = []
    for t in (c.top, c.bottom):
        found = next((s.id for s in state.stalls if stall_type(state, s.id) is t), None)
        if found is not None:
            stalls.append(found)
    return solo_throws(state.replace(pending=SoloThrow(card=card, stalls=tuple(stalls))))


def solo_throws(state: State) -> State:
    """Throw from the waiting stalls until the player must choose a card (A-B-43)."""
    pending = state.pending
    assert isinstance(pending, SoloThrow)
    waiting = list(pending.stalls)
    cat = catalog(state)
    while waiting:
        stall = next(s for s in state.stalls if s.id == waiting[0])
        if not stall.cards:
            state = state.note(f"{stall.id} {stall_type(state, stall.id)} is empty: nothing to "
                               "throw")
        elif (state.rules.solo_throw_choice == "player"
              and len({cat.produce[x].waste for x in stall.cards}) > 1):
            return state.replace(pending=SoloThrow(card=pending.card, stalls=tuple(waiting)))
        else:
            state = solo_throw_card(state, stall.cards[-1])
        waiting.pop(0)
    return state.replace(pending=None)


def solo_throw_card(state: State, card_id: str) -> State:
    """Throw ``card_id`` from its stall into its bin, without a fine (B-SOLO-10, B-BIN-03)."""
    for i, s in enumerate(state.stalls):
        if card_id in s.cards:
            cards = tuple(x for x in s.cards if x != card_id)
            state = state.replace(stalls=set_stall(state, i, Stall(
                id=s.id, open=s.open, renter=s.renter, cards=cards)))
            waste = catalog(state).produce[card_id].waste
            state = throw(state, None, (card_id,), "B-SOLO-10", fined=False)
            return state.note(f"threw {card_id} from {s.id} {stall_type(state, s.id)} into "
                              f"{waste} (no fine)")
    raise AssertionError(card_id)


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
                            end_if=_done_with_queue, on_begin=_begin_open_stock,
                            next=lambda s: "solo_move" if s.rules.mode == "sendiri"
                            else "draft"),
        "draft": Phase("draft", frozenset({"place_worker"}), "B-OPEN-04",
                       end_if=_done_with_queue, next="stock", on_begin=_begin_draft),
        "solo_move": Phase("solo_move", frozenset({"move"}), "B-SOLO-09",
                           on_begin=_begin_solo_turn),
        "solo_throw": Phase("solo_throw", frozenset({"throw"}), "B-SOLO-10",
                            end_if=lambda s: s.pending is None, next="stock"),
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
