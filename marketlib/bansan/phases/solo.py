"""The Sendiri turn's automatic steps and the solo end: moving a row of Workers (B-SOLO-09),
the throw from the stalls of the drawn card's types (B-SOLO-10, A-B-42/43), and the final count
against twice the completed lists (B-SOLO-16..19, A-B-45). Each step is written to ``state.log``.
"""

from __future__ import annotations

from msgspec.structs import replace

from marketlib.bansan.effects import draw_deck, throw
from marketlib.bansan.queries import catalog, set_stall, solo_clears, stall_type
from marketlib.bansan.scoring import closing_throw
from marketlib.bansan.state import (
    NEIGHBOUR,
    Ending,
    Outcome,
    SoloThrow,
    Stall,
    State,
)


def begin_solo_turn(state: State) -> State:
    return replace(state, actions_left=0, bins_emptied=0, events_flipped=0, completed_now=0,
                         star_drawn=False, pending=None)


def move_row(state: State, row: int) -> State:
    """B-SOLO-09: every Worker in ``row`` (1 = top) moves 1 stall right, wrapping around."""
    cols = state.columns
    start = (row - 1) * cols
    old = state.stalls[start:start + cols]
    moved = tuple(replace(s, renter=old[i - 1].renter)
                  for i, s in enumerate(old))
    stalls = state.stalls[:start] + moved + state.stalls[start + cols:]
    steps = []
    for who, renter in (("P0", 0), ("Neighbour", NEIGHBOUR)):
        frm = next((i for i, s in enumerate(old) if s.renter == renter), None)
        if frm is not None:
            to = (frm + 1) % cols
            steps.append(f"{who} {old[frm].id} {stall_type(state, old[frm].id)} -> "
                         f"{old[to].id} {stall_type(state, old[to].id)}")
    state = replace(state, stalls=stalls, log=())
    return state.note(f"turn {state.turn + 1}: move row {row}: {', '.join(steps)} (B-SOLO-09)")


def begin_solo_throw(state: State) -> State:
    """B-SOLO-10 (A-B-42): draw 1 card (it goes to the Outside Market); for each type it shows,
    throw 1 card from the stall of that type, without fines."""
    if not state.deck:
        return replace(state, pending=None).note("Throw: the Deck is empty (B-SOLO-10)")
    state, drawn = draw_deck(state, 1)
    card = drawn[0]
    c = catalog(state).produce[card]
    state = replace(state, outside=(*state.outside, card)).note(
        f"Throw: drew {card} {c.top}/{c.bottom}, to the Outside Market (B-SOLO-10)")
    stalls = []
    for t in (c.top, c.bottom):
        found = next((s.id for s in state.stalls if stall_type(state, s.id) is t), None)
        if found is not None:
            stalls.append(found)
    return solo_throws(replace(state, pending=SoloThrow(card=card, stalls=tuple(stalls))))


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
            return replace(state, pending=SoloThrow(card=pending.card, stalls=tuple(waiting)))
        else:
            state = solo_throw_card(state, stall.cards[-1])
        waiting.pop(0)
    return replace(state, pending=None)


def solo_throw_card(state: State, card_id: str) -> State:
    """Throw ``card_id`` from its stall into its bin, without a fine (B-SOLO-10, B-BIN-03)."""
    for i, s in enumerate(state.stalls):
        if card_id in s.cards:
            cards = tuple(x for x in s.cards if x != card_id)
            state = replace(state, stalls=set_stall(state, i, Stall(
                id=s.id, open=s.open, renter=s.renter, cards=cards)))
            waste = catalog(state).produce[card_id].waste
            state = throw(state, None, (card_id,), "B-SOLO-10", fined=False)
            return state.note(f"threw {card_id} from {s.id} {stall_type(state, s.id)} into "
                              f"{waste} (no fine)")
    raise AssertionError(card_id)


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
    enough = solo_clears(rules, total, value)
    lists_ok = len(vendor.completed) >= rules.solo_target or not rules.solo_require_target
    won = enough and lists_ok
    state = state.note(f"final throw: fines RM{before - vendor.money} (B-SOLO-17)")
    sign = rules.solo_compare if enough else {">=": "<", ">": "<="}[rules.solo_compare]  # A-B-45
    state = state.note(
        f"{len(state.deck)} Deck cards + RM{vendor.money} = {total} {sign} "
        f"2 x RM{value} = {need}; lists {len(vendor.completed)} of {rules.solo_target}: "
        f"{'WIN' if won else 'LOSS'} (B-SOLO-18)")
    ending = Ending.SOLO_WIN if won else Ending.SOLO_LOSS
    return replace(state, result=Outcome(winners=(0,) if won else (), scores=(total,),
                                        ending=ending),
                         pending=None, queue=(), offer=None)
