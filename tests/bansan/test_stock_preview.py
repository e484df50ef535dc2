"""A stocking move's preview says what follows it: tucking each card (B-STOCK-05), or, for the
cards that one open Stall or none fits, that they go straight there at once (the engine's
auto-tuck; A-B-17 for none). It said "then tuck each into a Stall" even when nothing was left
to tuck (found by helper-56)."""

from __future__ import annotations

import random

import pytest

from marketlib import Match, bansan
from marketlib.bansan import actions as A
from marketlib.bansan.state import Stocking
from marketlib.widgets.sight import world_of

ALL = {"all wait", "none waits", "some wait"}


@pytest.mark.parametrize(("rules", "expected"), [
    (bansan.Rules(players=3), ALL),
    (bansan.Rules(players=4, no_stall_fallback="outside_market"), ALL),
    (bansan.Rules(players=2), {"none waits"}),  # six Stalls, one of each type (B-SETUP-04)
], ids=["3p", "4p-outside", "2p"])
def test_the_preview_says_how_many_cards_wait_to_be_tucked(rules: bansan.Rules,
                                                           expected: set[str]) -> None:
    seen: set[str] = set()
    for seed in (1, 2, 3):
        match = Match("bansan", rules, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            seat = match.current_player
            for action in match.legal_actions():
                if not isinstance(action, (A.StockRow, A.ChooseHalf)):
                    continue
                view = match.view(seat)
                world = world_of(match.game, view)
                said = str(bansan.preview(view, action, world)).split("; ")
                after = bansan.apply(world, action)
                waiting = len(after.pending.cards) if isinstance(after.pending, Stocking) else 0
                taken = (sum(1 for c in view.row
                             if bansan.catalog(view).produce[c].shows(action.produce))
                         if isinstance(action, A.StockRow) else len(view.pending.cards))
                if waiting == taken:
                    assert said[1] == "then tuck each into a Stall"
                    seen.add("all wait")
                elif waiting == 0:
                    none_fits = len(after.outside) > len(view.outside) or after.bins != view.bins
                    assert said[1] == ("each goes straight where it must (one open Stall fits "
                                       "it, or none: A-B-17)" if none_fits else
                                       "each goes straight into the one open Stall that fits "
                                       "it"), seed
                    seen.add("none waits")
                else:
                    assert said[1:3] == [f"{taken - waiting} card(s) go straight where they "
                                         f"must", f"then tuck the other {waiting} into a Stall"]
                    seen.add("some wait")
            match.play(rng.choice(match.legal_actions()))
    assert seen == expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_move_that_deals_the_next_opening_hand_says_who_draws_it(players: int) -> None:
    """The move that ends a vendor's part of the Opening Round before stocking (the last list
    returned, the last tuck, or the halves when every card goes straight into a Stall) deals
    the next vendor's 5 cards (B-OPEN-03): the preview says who draws them (it said "hidden
    cards are drawn", and helper-112 asked whose). No other move says it."""
    state = bansan.setup(bansan.Rules(players=players), seed=players)
    said: list[int] = []
    while state.phase in ("open_lists", "return", "open_stock"):
        action = bansan.legal_actions(state)[0]
        words = str(bansan.preview(bansan.view(state, action.player), action))
        after = bansan.apply(state, action)
        drawer = bansan.current_player(after)
        if after.phase == "open_stock" and len(after.deck) < len(state.deck):
            assert words.endswith(
                f"; then P{drawer} draws the next 5 Deck cards to stock (B-OPEN-03; "
                f"{len(state.deck)} in the Deck now)")
            said.append(drawer)  # type: ignore[arg-type]
        else:
            assert "draws" not in words and "hidden" not in words
        state = after
    assert sorted(said) == list(range(players))  # every vendor's hand, the first's included


def test_the_sendiri_vendor_is_told_it_draws_its_own_opening_hand() -> None:
    """Sendiri's one vendor draws its own 5 opening cards (B-SOLO-06) after returning a list:
    the preview says "you" (it said "hidden cards are drawn"; helper-114)."""
    state = bansan.setup(bansan.Rules(players=1, mode="sendiri"), seed=7)
    while state.phase == "open_lists":
        action = bansan.legal_actions(state)[0]
        words = str(bansan.preview(bansan.view(state, 0), action))
        after = bansan.apply(state, action)
        if after.phase != "open_lists":
            assert words.endswith(f"; then you draw the next 5 Deck cards to stock (B-SOLO-06; "
                                  f"{len(state.deck)} in the Deck now)")
            assert "hidden" not in words
        state = after
    assert state.phase == "open_stock"
