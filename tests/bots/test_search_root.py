"""A turn search from a position a person reached walks every set of moves still open, whatever
order the person made the first ones in.

The heuristics walk each set of spent (Monsoon) or picked (Bansan) cards once, in card order.
That order was counted from the first card of the spend, so from a person's spend of MG-27 a
search could never add MG-19: the coach's review read spending MG-27 before MG-19 as a loss of
1.4 seals, for the same spend (helper-113). The order is now counted from the search's root.
"""

from __future__ import annotations

from marketlib import Match, bansan, monsoon
from marketlib.bots.coach import review_decision
from marketlib.bots.heuristics import heuristic_for
from marketlib.bots.turns import turn_lines
from marketlib.monsoon.state import FulfillPending

SPEND = ("P0 fulfill MO-12", "P0 spend MG-27")
"""The opening of helper-113's first game (Monsoon Market, 2 players, seed 3): MO-12 at Gold
takes MG-27 and MG-19, spent in either order (M-FUL-01/02)."""


def _monsoon_after(moves: tuple[str, ...]) -> Match:
    match = Match("monsoon", monsoon.Rules(players=2), seed=3)
    for move in moves:
        match.play(move)
    return match


def _lines(game: object, state: object, seat: int) -> list[tuple[str, ...]]:
    found = turn_lines(game, heuristic_for(game), state, seat)  # type: ignore[arg-type]
    return [tuple(str(a) for a in line.actions) for line in found]


def test_a_spend_begun_out_of_card_order_can_be_finished_at_gold() -> None:
    match = _monsoon_after(SPEND)
    lines = _lines(monsoon, match.state, 0)
    assert ("P0 spend MG-19", "P0 declare gold") in lines
    assert lines[0] == ("P0 spend MG-19", "P0 declare gold")  # the best, as from MG-19 first


def test_spending_in_either_order_is_no_loss_in_the_review() -> None:
    match = _monsoon_after(SPEND[:1])
    state = match.state
    for first, second in (("MG-27", "MG-19"), ("MG-19", "MG-27")):
        played = monsoon.Spend(player=0, card=first)
        legal = monsoon.legal_actions(state)
        _, values, preferred, best = review_decision(monsoon, monsoon.view(state, 0), legal,
                                                     played, 0, seed=1)
        assert values == best, (first, preferred)  # no loss, in every world
        after = monsoon.apply(state, played)
        assert _lines(monsoon, after, 0)[0] == (f"P0 spend {second}", "P0 declare gold")


def test_a_bonus_good_may_still_be_spent_once_gold_is_met() -> None:
    """Spending a Bonus Good flips its Order to Silver (M-BG-05): worth it even when the card
    spent already meets Gold, so the search keeps it beside ``declare gold`` (helper-113's
    second game: after a person spent MG-28 on MO-24, the review saw only ``declare gold``)."""
    state = monsoon.position(displays=[["MG-28"], ["MG-01", "MG-02"], ["MG-03"]],
                             orders={0: ["MO-09 bulk"]}, phase="spend",
                             pending=FulfillPending(order="MO-24"))
    after = monsoon.apply(state, monsoon.parse_action("P0 spend MG-28"))  # Cloth 4: Gold met
    lines = _lines(monsoon, after, 0)
    assert lines[0] == ("P0 spend-bonus MO-09", "P0 declare gold")
    best = turn_lines(monsoon, heuristic_for(monsoon), after, 0)[0].end
    assert [o.level.value for o in best.seats[0].orders] == ["silver", "gold"]
    # from the start of the spend, the search spends the Bonus Good first, as before
    assert _lines(monsoon, state, 0)[0] == ("P0 spend-bonus MO-09", "P0 spend MG-28",
                                            "P0 declare gold")


def test_a_buy_begun_with_a_higher_card_can_take_a_lower_one() -> None:
    """A Bansan BUY picks a Stall's cards lowest card ID first in a search; from a person's
    pick of the higher card, the lower one may still follow (the prune counts its order from
    the search's root; without a root, as before, it may not)."""
    s = bansan.position(players=2, rents={0: ["FV"], 1: ["ST-02"]}, phase="actions",
                        stalls={"ST-02": ["WG", "WG"]}, money=[10, 10])
    low, high = sorted(s.stalls[1].cards)
    s = bansan.apply(s, bansan.parse_action("P0 buy WG"))
    s = bansan.apply(s, bansan.parse_action(f"P0 pick {high}"))
    prune = heuristic_for(bansan).prune
    legal = bansan.legal_actions(s)
    assert [str(a) for a in prune(s, legal, s)] == [f"P0 pick {low}", "P0 done"]
    assert [str(a) for a in prune(s, legal)] == ["P0 done"]
    picked = bansan.apply(s, bansan.parse_action(f"P0 pick {low}"))
    assert [str(a) for a in prune(picked, bansan.legal_actions(picked), s)] == ["P0 done"]
