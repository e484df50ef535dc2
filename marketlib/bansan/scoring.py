"""The end of a Bansan game: the Closing Round's throw of leftovers (B-END-05) and the final
ranking by money and tie-breakers, or the collective loss of a failed Kenduri (B-END-06/07,
B-KEN-05).
"""

from __future__ import annotations

from msgspec.structs import replace

from marketlib.bansan.effects import throw
from marketlib.bansan.queries import catalog, own_stalls, set_vendor
from marketlib.bansan.state import (
    Ending,
    Outcome,
    State,
    Vendor,
)
from marketlib.core.game import places


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
            stalls[i] = replace(s, cards=())
    vendor = state.vendors[player]
    cards.extend(b.card for b in vendor.bag)
    emptied = Vendor(money=vendor.money, wallet=vendor.wallet, completed=vendor.completed,
                     bag=(), rr_used=vendor.rr_used)
    state = replace(state, stalls=tuple(stalls), vendors=set_vendor(state, player, emptied))
    return throw(state, player, cards, rule, fined=True)


def ranking_keys(state: State) -> tuple[tuple[int, int, int], ...]:
    """Each vendor's B-END-06/07 ranking key, larger is better: (money in RM, value of the
    completed Shopping Lists in RM, minus the leftover cards counted for tie-breaker 2)."""
    cat = catalog(state)
    left = state.leftovers or (None,) * len(state.vendors)
    return tuple((v.money, sum(cat.lists[x].value for x in v.completed), -(n or 0))
                 for v, n in zip(state.vendors, left, strict=True))


def standings(state: State) -> tuple[int | None, ...]:
    """Each vendor's final place in a finished game (1 = won), following the engine's outcome.

    The winners of ``outcome(state)`` take place 1: most money (B-END-06), then the highest
    value of completed Shopping Lists, then the fewest leftovers (B-END-07, A-B-28), several
    vendors in a shared win after both tie-breakers (A-B-29). Every other vendor is placed by
    the same keys, equal keys sharing a place ("1, 2, 2, 4"), so a vendor that lost on a
    tie-breaker has place 2 or worse. When nobody wins, a failed Kenduri (B-KEN-05) or a lost
    Sendiri game (B-SOLO-18), every place is ``None``; a won Sendiri game is ``(1,)``.

    Raises:
        ValueError: the game is not over.

    Example:
        >>> from marketlib import bansan
        >>> from marketlib.sim import play
        >>> rec = play("bansan", bansan.Rules(players=3), ["random"], seed=51)
        >>> print(rec.outcome)  # seats 0 and 1 on RM26: seat 0 wins on list value
        P0 won (money); scores [26, 26, 1]
        >>> standings(rec.to_match().state)
        (1, 2, 3)
    """
    result = state.result
    if result is None:
        raise ValueError("the game is not over: standings exist only for a finished game")
    if state.rules.plays.solo:
        return places(result.winners, [0])
    return places(result.winners, ranking_keys(state))


def finish(state: State) -> State:
    """B-END-06/07 (A-B-28/29): most money, then list value, then fewest leftovers; a tie after
    both tie-breakers is a shared win."""
    n = len(state.vendors)
    if state.rules.tiebreak2_count_at == "after_throw":
        state = replace(state, leftovers=tuple(leftover_count(state, p) for p in range(n)))
    money = tuple(v.money for v in state.vendors)
    if state.public or state.missed:  # B-KEN-05: the whole market loses
        still = state.missed or state.public
        state = state.note(f"the Kenduri failed: {' '.join(still)} not completed in time; "
                           "every vendor loses (B-KEN-05)")
        return replace(state, result=Outcome(winners=(), scores=money,
                                            ending=Ending.COLLECTIVE_LOSS),
                             pending=None, queue=(), offer=None)
    keys = ranking_keys(state)
    best = max(keys)
    winners = tuple(p for p in range(n) if keys[p] == best)
    return replace(state, result=Outcome(winners=winners, scores=money, ending=Ending.MONEY),
                         pending=None, queue=(), offer=None)
