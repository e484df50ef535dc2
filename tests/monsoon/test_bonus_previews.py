"""A Monsoon preview says what a move does to the seat's Bonus Goods, and the confirm question
counts one earned (found by helper-62).

An upgrade of an Order that still carries its Bonus Good previewed "seals 3 -> 4", and the
Bonus Good was lost (M-BG-04); a Bulk declare on an Order whose Bulk edge is 0 seals and a Bonus
Good previewed only "ends your turn" and was questioned as scoring nothing, though it earns the
Bonus Good (M-FUL-06; A-M-11 names that a real choice). Checked on scripted positions, and in
seeded random games against what ``apply`` does.
"""

from __future__ import annotations

import random

from marketlib import Match, monsoon
from marketlib.core.i18n import language, sentence
from marketlib.monsoon import position, preview, words


def _played(state: monsoon.State, moves: list[str]) -> Match:
    match = Match.from_state("monsoon", state)
    for move in moves:
        match.play(move)
    return match


def test_an_upgrade_says_the_bonus_good_is_lost() -> None:
    match = _played(position(displays=[["Wood4", "Gem2", "Scroll1"], ["Cloth1"]],
                             order_display=["MO-05", "MO-12"], orders={0: ["MO-16 bulk"]},
                             market=["Cloth3"]),
                    ["P0 fulfill MO-12", "P0 spend MG-37", "P0 spend MG-02", "P0 declare silver"])
    said = preview(match.view(0), monsoon.parse_action("P0 upgrade MO-16"))
    assert str(said) == ("seals 3 -> 4; the Bonus Good on MO-16 is lost: its Order is upgraded "
                         "(M-BG-04); ends your turn")


def test_a_bulk_declare_that_earns_a_bonus_good_says_so_and_is_not_questioned() -> None:
    match = _played(position(displays=[["Wood4", "Gem2", "Scroll1", "Pepper2"], ["Cloth1"]],
                             order_display=["MO-05", "MO-12"], market=["Cloth3"]),
                    ["P0 fulfill MO-05", "P0 spend MG-37"])
    bulk = monsoon.parse_action("P0 declare bulk")
    view = match.view(0)
    assert str(preview(view, bulk)) == (
        "gains the Bonus Good on MO-05: 1 Pepper (M-FUL-06); MO-05 at Bulk gives 0 seals; "
        "no Bonus Action at Bulk: steal 2 cards is not taken (M-BA-05); ends your turn")
    # the good and the Bulk edge's seals, as the Fulfil preview names them (helper-113)
    with language("ms"):
        assert sentence(str(preview(view, bulk))).startswith(
            "mendapat Barang Bonus pada MO-05: 1 Lada (M-FUL-06); MO-05 pada Pukal memberi 0 "
            "mohor; ")
    assert words.warning(view, bulk) == ""


def test_a_declare_says_what_becomes_of_the_orders_bonus_action() -> None:
    """Gold or Silver: the Order's Bonus Action comes next, if the player wants it (M-FUL-08),
    or is skipped when it can do nothing; Bulk gives it up (M-BA-05). helper-108's previews
    of a declare said only the seals. Checked in seeded random games against ``apply``, in
    English and in Malay."""
    from marketlib.core.i18n import language, sentence

    seen: set[str] = set()
    for seed in range(16):
        match = Match("monsoon", monsoon.Rules(players=2), seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            state = match.state
            for action in match.legal_actions():
                if not isinstance(action, monsoon.Declare):
                    continue
                said = str(preview(match.view(action.player), action))
                after = monsoon.apply(state, action)
                kind = monsoon.catalog(state).orders[state.pending.order].bonus_action.value
                bonus = words.BONUS_WORDS[kind]
                if after.result is not None:
                    found = "over"
                    assert "Bonus Action" not in said, said
                elif action.level.value == "bulk":
                    found = "bulk"
                    assert f"no Bonus Action at Bulk: {bonus} is not taken (M-BA-05)" in said
                elif isinstance(after.pending, monsoon.BonusPending):
                    found = "next"
                    assert f"then its Bonus Action, {bonus}, if you want it (M-FUL-08)" in said
                else:
                    found = "skipped"
                    assert f"its Bonus Action, {bonus}, is skipped" in said, said
                seen.add(found)
                with language("ms"):
                    assert "Bonus Action" not in sentence(said), sentence(said)
            match.play(rng.choice(match.legal_actions()))
    assert seen == {"over", "bulk", "next", "skipped"}, seen


def test_every_previewed_bonus_change_is_what_apply_does() -> None:
    seen: set[str] = set()
    for seed in range(12):
        match = Match("monsoon", monsoon.Rules(players=3), seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            seat = match.current_player
            assert seat is not None
            view = match.view(seat)
            for action in match.legal_actions():
                said = str(preview(view, action))
                after = monsoon.apply(match.state, action)
                was = {o.id for o in match.state.seats[seat].orders if o.bonus}
                now = {o.id for o in after.seats[seat].orders if o.bonus}
                for order in now - was:
                    order_card = monsoon.catalog(after).orders[order]
                    assert (f"gains the Bonus Good on {order}: {order_card.bonus_quantity} "
                            f"{order_card.bonus_good} (M-FUL-06); {order} at Bulk gives "
                            f"{order_card.bulk} seal") in said
                    seen.add("gains")
                for order in was - now:
                    assert (f"the Bonus Good on {order} is lost" in said
                            or f"spends the Bonus Good on {order}" in said), said
                    seen.add("lost" if "is lost" in said else "spends")
                if was == now:
                    assert "Bonus Good on" not in said, said
            match.play(rng.choice(match.legal_actions()))
    assert seen == {"gains", "lost", "spends"}, seen
