"""The Bansan turn structure: the phase table ``FLOW`` that runs the Opening Round, the turn
(Stocking, Action, Upkeep) and the Last and Closing Rounds, and :func:`decider`.

Decision phases wait for actions; the automatic phases (``stocked``, ``refill``, ``turn_end``)
end as soon as they begin. The hook order is that of :mod:`marketlib.core.flow`. The work of the
phases lives in :mod:`.stocking`, :mod:`.events`, :mod:`.solo` and :mod:`.ending`.

Each row also says who decides in it (``"turn"``: the vendor whose turn it is; ``"queue"``: the
head of the round-robin queue, B-OPEN-02..05, B-UPK-11, B-END-05), its groups (``"opening"``,
B-OPEN; ``"upkeep"``, B-UPK) and the candidate actions it offers (:mod:`.offers`). The sets the
rules ask about are read from it: ``FLOW.group("opening")``, ``FLOW.decided_by("queue")``.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from msgspec.structs import replace

from marketlib.bansan import offers as O
from marketlib.bansan.cards import Effect
from marketlib.bansan.phases.events import begin_menu_seat, refill
from marketlib.bansan.phases.solo import begin_solo_throw, begin_solo_turn, solo_finish
from marketlib.bansan.phases.stocking import begin_open_stock, begin_stock, can_stock
from marketlib.bansan.queries import (
    catalog,
    order_from,
    position_in_round,
)
from marketlib.bansan.scoring import finish, leftover_count
from marketlib.bansan.state import (
    ListReturn,
    State,
)
from marketlib.core.flow import Flow, Phase


def _begin_open_lists(state: State) -> State:
    return replace(state, pending=ListReturn(count=1))


def _begin_draft(state: State) -> State:
    order = order_from(state, state.first)
    return replace(state, queue=order + tuple(reversed(order)), pending=None)


def _begin_actions(state: State) -> State:
    extra = sum(1 for r in state.reminders if r.seat == state.current
                and catalog(state).events[r.event].effect is Effect.EXTRA_ACTION)
    return replace(state, actions_left=state.rules.actions_per_turn + extra)


def _end_turn(state: State) -> State:
    """Drop the used reminders; after the Last Player's turn in the Last Round, go to the
    Closing Round (B-END-03/05) or count the money (B-END-08)."""
    reminders = tuple(r for r in state.reminders if r.seat != state.current)
    state = replace(state, reminders=reminders, pending=None, turn=state.turn + 1,
                          actions_left=0)
    n = len(state.vendors)
    if state.rules.plays.solo:
        return solo_finish(state) if state.trigger is not None else state
    if state.trigger is not None and position_in_round(state, state.current) == n - 1:
        if state.rules.closing_round:
            return replace(state, queue=order_from(state, state.trigger))
        counts = tuple(leftover_count(state, p) for p in range(n))
        return finish(replace(state, leftovers=counts))
    return replace(state, current=(state.current + 1) % n)


def _closing_over(state: State) -> State:
    return finish(state)


def _done_with_queue(state: State) -> bool:
    return not state.queue


def _after_stock(state: State) -> str | None:
    """B-STOCK-01..06: the Stocking Phase is over once every taken or revealed card is tucked."""
    return "stocked" if state.pending is None else None


def _cannot_stock(state: State) -> bool:
    """A-B-18: with neither [A] nor [B] possible, the Stocking Phase passes at once."""
    return state.pending is None and not can_stock(state)


def _after_upkeep_done(state: State) -> str:
    """B-UPK-06: new Shopping Lists to return first, else the Bag check (B-UPK-08)."""
    return "return_lists" if isinstance(state.pending, ListReturn) else "bag"


FLOW: Flow[State] = Flow(
    phases={
        "open_lists": Phase("open_lists", {"return_list": None}, "B-OPEN-02",
                            end_if=_done_with_queue, next="open_stock",
                            on_begin=_begin_open_lists,
                            decides="queue", groups=("opening",), offers=O.return_lists),
        "open_stock": Phase("open_stock", {"choose_half": None, "tuck": None}, "B-OPEN-03",
                            end_if=_done_with_queue, on_begin=begin_open_stock,
                            next=lambda s: "solo_move" if s.rules.plays.solo
                            else "draft",
                            decides="queue", groups=("opening",), offers=O.opening_stock),
        "draft": Phase("draft", {"place_worker": None}, "B-OPEN-04",
                       end_if=_done_with_queue, next="stock", on_begin=_begin_draft,
                       decides="queue", groups=("opening",), offers=O.draft),
        "solo_move": Phase("solo_move", {"move": "solo_throw"}, "B-SOLO-09",
                           on_begin=begin_solo_turn, decides="turn", offers=O.solo_move),
        "solo_throw": Phase("solo_throw", {"throw": None}, "B-SOLO-10",
                            on_begin=begin_solo_throw,
                            end_if=lambda s: s.pending is None, next="stock",
                            decides="turn", offers=O.solo_throw),
        "stock": Phase("stock", {"stock_row": _after_stock, "stock_deck": _after_stock,
                                 "skip_stocking": "stocked", "tuck": _after_stock},
                       "B-STOCK-01", on_begin=begin_stock, end_if=_cannot_stock,
                       next="stocked", decides="turn", offers=O.stock),
        "stocked": Phase("stocked", {}, "B-TURN-01", end_if=lambda s: True, next="actions"),
        "actions": Phase("actions", {"buy": None, "buy_wholesale": None, "sell": None,
                                     "pick": None, "bargain": None, "done": None,
                                     "empty": None, "end_actions": None}, "B-ACT-01",
                         end_if=lambda s: s.pending is None and s.actions_left <= 0,
                         next="complete", on_begin=_begin_actions,
                         decides="turn", offers=O.action_phase, checked=True),
        "complete": Phase("complete", {"complete": None, "done": _after_upkeep_done},
                          "B-UPK-02", decides="turn", groups=("upkeep",), offers=O.complete),
        "return_lists": Phase("return_lists", {"return_list": None}, "B-UPK-06",
                              end_if=lambda s: s.pending is None, next="bag",
                              decides="turn", groups=("upkeep",), offers=O.return_lists),
        "bag": Phase("bag", {"give": None, "throw": None}, "B-UPK-08",
                     end_if=lambda s: len(s.vendors[s.current].bag) <= s.rules.bag_limit,
                     next="refill", decides="turn", groups=("upkeep",), offers=O.bag),
        "refill": Phase("refill", {}, "B-UPK-09", end_if=lambda s: True, on_end=refill,
                        next=lambda s: "event_lists" if s.queue else "turn_end",
                        groups=("upkeep",)),
        "event_lists": Phase("event_lists", {"return_list": None}, "B-UPK-11",
                             on_begin=begin_menu_seat, end_if=_done_with_queue,
                             next="turn_end",
                             decides="queue", groups=("upkeep",), offers=O.return_lists),
        "turn_end": Phase("turn_end", {}, "B-TURN-01", end_if=lambda s: True,
                          on_end=_end_turn,
                          next=lambda s: "closing" if s.queue else
                          "solo_move" if s.rules.plays.solo else "stock"),
        "closing": Phase("closing", {"complete": None, "done": None}, "B-END-05",
                         end_if=_done_with_queue, on_end=_closing_over, next="over",
                         decides="queue", offers=O.complete),
        "over": Phase("over", {}, "B-END-06"),
    },
    get_phase=attrgetter("phase"),
    set_phase=lambda s, name: replace(s, phase=name),
    is_over=lambda s: s.result is not None,
    deciders={"turn": attrgetter("current"),
              "queue": lambda s: int(s.queue[0]) if s.queue else int(s.current)},
)
"""The Bansan turn (B-TURN-01: Stocking, Action, Upkeep) and the rounds around it, as a phase
table: every change of phase is here (the move handlers never set it); the hook order is in
``core.flow``."""


def decider(state: Any) -> int | None:
    """The seat that decides next (a state or a view): the vendor answering an offer
    (B-ANY-01/02), else the phase row's decider: the head of the queue in a round-robin phase
    (opening, Event lists, Closing Round: B-OPEN-04/05, B-UPK-11, B-END-05), the vendor whose
    turn it is in the others (B-TURN-01); ``None`` once the game is over."""
    if state.result is not None:  # FLOW.decider, its look-ups written out (every step's path)
        return None
    if state.offer is not None:
        return int(state.offer.to)
    seat = _ROWS[state.phase][0]
    return None if seat is None else seat(state)


_ROWS = FLOW.rows
"""Each phase's decider function and offers (:attr:`~marketlib.core.flow.Flow.rows`)."""
