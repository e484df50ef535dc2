"""The end of a Bansan game: the Closing Round's throw of leftovers (B-END-05) and the final
ranking by money and tie-breakers, or the collective loss of a failed Kenduri (B-END-06/07,
B-KEN-05).
"""

from __future__ import annotations

from marketlib.bansan.market import (
    catalog,
    own_stalls,
    set_vendor,
    throw,
)
from marketlib.bansan.state import (
    Stall,
    State,
    Vendor,
)
from marketlib.core.game import Ending, Outcome


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
