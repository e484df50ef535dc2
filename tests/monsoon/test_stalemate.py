"""Deadlock avoidance (A-M-06, A-M-21; marketlib's A-M-26): a seat that can neither steal, buy
nor fulfill must pass, even with ``allow_pass=False``; when every seat in turn was forced to pass
(or the seats are forced round a loop), the game ends in a stalemate ranked as M-END-03."""

from __future__ import annotations

import random

import msgspec

from marketlib import monsoon
from marketlib.monsoon import Pass, Rules, position
from marketlib.monsoon.state import Ending

from .helpers import legal, refused, run

ALL_GOODS = [f"MG-{i:02d}" for i in range(1, 39)]
DRY = Rules(goods_reshuffle=False)
DRY_NO_PASS = Rules(goods_reshuffle=False, allow_pass=False)


def dry(rules: Rules, displays: list[list[str]], current: int = 0,
        orders: dict[int, list[str]] | None = None) -> monsoon.State:
    """The Goods have run dry: the deck is empty, the rest of the cards are in the discard pile,
    which is never reshuffled."""
    held = {c for d in displays for c in d}
    rules = msgspec.structs.replace(rules, players=len(displays))
    return position(displays=displays, discard=[c for c in ALL_GOODS if c not in held],
                    order_display=["MO-29", "MO-30", "MO-33", "MO-36"], orders=orders,
                    current=current, rules=rules)


def test_m_end_03_stalemate_when_nobody_can_act() -> None:
    s = dry(DRY, [[], []], orders={0: ["MO-27 silver"], 1: ["MO-14 silver", "MO-12 gold"]})
    assert legal(s) == ["P0 pass"]
    s = run(s, "P0 pass")
    assert s.result is None and s.forced_passes == 1
    s = run(s, "P1 pass")
    assert s.result is not None
    assert s.result.ending is Ending.STALEMATE
    assert s.result.scores == (3, 5) and s.result.winners == (1,)  # most seals (M-END-03)
    assert monsoon.legal_actions(s) == () and monsoon.current_player(s) is None


def test_m_end_03_stalemate_ties_go_to_most_gold_then_shared() -> None:
    s = dry(DRY, [[], []], orders={0: ["MO-14 silver", "MO-12 silver"], 1: ["MO-01 gold"]})
    s = run(s, "P0 pass", "P1 pass")
    assert s.result is not None and s.result.scores == (4, 3)
    s = dry(DRY, [[], []], orders={0: ["MO-01 gold"], 1: ["MO-04 gold"]})
    s = run(s, "P0 pass", "P1 pass")
    assert s.result is not None and s.result.winners == (0, 1)


def test_m_turn_01_forced_pass_is_legal_even_with_allow_pass_off() -> None:
    s = dry(DRY_NO_PASS, [[], []])
    assert legal(s) == ["P0 pass"]  # A-M-26: nothing else is possible
    s = run(s, "P0 pass", "P1 pass")
    assert s.result is not None and s.result.ending is Ending.STALEMATE
    can_act = dry(DRY_NO_PASS, [["MG-01"], []])
    assert "P0 pass" not in legal(can_act)
    err = refused(can_act, "P0 pass", "M-TURN-01")
    assert "allow_pass=False" in err.reason


def test_m_turn_03_new_cards_from_a_refill_reset_the_count() -> None:
    s = dry(DRY, [[], []])
    short = s.replace(order_display=s.order_display[:2],
                      order_deck=s.order_display[2:] + s.order_deck)
    assert not monsoon.check_invariants(short)
    s = run(short, "P0 pass")  # forced, but the Order display is refilled: P1 sees new Orders
    assert len(s.order_display) == 4 and s.forced_passes == 0
    s = run(s, "P1 pass", "P0 pass")
    assert s.result is not None and s.result.ending is Ending.STALEMATE


def test_m_turn_01_voluntary_passes_never_end_the_game() -> None:
    s = position(displays=[["MG-01"], ["MG-02"]], rules=Rules())
    for _ in range(20):
        s = monsoon.apply(s, Pass(player=s.current))
    assert s.result is None and s.forced_passes == 0 and s.turn == 20


def test_m_end_03_an_action_between_forced_passes_resets_the_count() -> None:
    s = dry(DRY, [[], [], ["MG-01"]], orders={0: ["MO-14 gold"]})
    s = run(s, "P0 pass")
    assert s.forced_passes == 0  # P0 could have stolen MG-01 from P2: a voluntary pass
    s = run(s, "P1 steal MG-01")
    assert s.forced_passes == 0
    s = run(s, "P2 pass")  # P2 holds nothing, P1 holds one card: P2 could steal it
    assert s.forced_passes == 0
    s = run(s, "P0 steal MG-01", "P1 pass", "P2 pass", "P0 buy MG-01")  # nothing to take
    assert s.forced_passes == 0 and s.result is None and s.discard[-1] == "MG-01"
    s = run(s, "P1 pass", "P2 pass")
    assert s.forced_passes == 2 and s.result is None
    s = run(s, "P0 pass")
    assert s.result is not None and s.result.ending is Ending.STALEMATE
    assert s.result.winners == (0,)


def test_m_end_03_stalemate_when_the_seats_are_forced_round_a_loop() -> None:
    """Without passing, two seats with one card between them must steal it back and forth."""
    s = dry(DRY_NO_PASS, [["MG-16"], []], current=1, orders={0: ["MO-12 gold"]})
    turns = 0
    while s.result is None:
        only = monsoon.legal_actions(s)
        assert len(only) == 1 and str(only[0]).endswith("steal MG-16")
        s = monsoon.apply(s, only[0])
        turns += 1
        assert turns < 20, "the forced loop was not detected"
    assert s.result.ending is Ending.STALEMATE and s.result.winners == (0,)
    assert not monsoon.check_invariants(s)
    # with passing allowed the players have a choice, so it is no stalemate
    free = dry(DRY, [["MG-16"], []], current=1)
    for _ in range(3):
        free = run(free, f"P{free.current} steal MG-16")
    assert free.result is None and free.forced_turns == 0


def test_m_end_03_stalemate_state_round_trips_and_views_match() -> None:
    s = run(dry(DRY_NO_PASS, [["MG-16"], []], current=1), "P1 steal MG-16", "P0 steal MG-16")
    assert s.forced_turns == 2 and s.loop_mark
    again = monsoon.determinize(monsoon.view(s, 0), random.Random(1))
    assert monsoon.view(again, 0) == monsoon.view(s, 0)
    assert not monsoon.check_invariants(s)
