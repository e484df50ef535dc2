"""Two things a first-time Monsoon Market player missed: an Order's seals per level while it is
being fulfilled (the Order has left the display, so the spend box shows them), and a Silver's
Bonus Action the rules skipped because it could do nothing (A-M-15, A-M-18): the confirmation
of the move says so, in the seat's language. The rules and the bots are untouched."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from marketlib import Match, monsoon
from marketlib.monsoon.actions import Declare, Fulfill
from marketlib.monsoon.queries import catalog
from marketlib.monsoon.state import BonusPending
from marketlib.widgets import MonsoonBoard, table_of
from marketlib.widgets.session import SeatSession, TableSession

SKIPPED = {
    "upgrade": ("The Bonus Action of {order} (upgrade an Order) is skipped: no other fulfilled "
                "Order can be upgraded.",
                "Tindakan Bonus {order} (naik taraf Pesanan) dilangkau: tiada Pesanan lain yang "
                "telah dipenuhi boleh dinaik taraf."),
    "fulfill_another": ("The Bonus Action of {order} (fulfil another Order) is skipped: no "
                        "other Order can be fulfilled now.",
                        "Tindakan Bonus {order} (penuhi Pesanan lain) dilangkau: tiada Pesanan "
                        "lain yang boleh dipenuhi sekarang."),
}


def _declares(seed: int, lang: str | None) -> list[tuple[Any, str, bool]]:
    """A seeded game that declares Gold or Silver whenever it can (else a random move): for
    each such Declare, (the Order's Bonus Action, the board's confirmation, offered)."""
    match = Match("monsoon", monsoon.Rules(players=2), seed=seed)
    shared = TableSession(table_of("monsoon"), match)
    boards = [SeatSession(shared, s, hot_seat=False, lang=lang) for s in range(2)]
    rng = random.Random(seed)
    out = []
    while match.outcome is None and match.cursor < 300:
        seat = match.current_player
        assert seat is not None
        legal = match.legal_actions()
        best = [a for a in legal if isinstance(a, Declare) and a.level.value != "bulk"]
        action = best[0] if best and rng.random() < 0.7 else rng.choice(legal)
        pending = match.state.pending
        boards[seat].handle({"type": "play", "index": legal.index(action),
                             "version": boards[seat].version})
        if isinstance(action, Declare) and action.level.value != "bulk" and match.outcome is None:
            kind = catalog(match.state).orders[pending.order].bonus_action.value
            offered = isinstance(match.state.pending, BonusPending)
            assert boards[seat].confirmed
            out.append((pending.order, kind, boards[seat].notice, offered))
    return out


@pytest.mark.parametrize("lang", [None, "ms"])
def test_a_skipped_bonus_action_is_said(lang: str | None) -> None:
    seen = set()
    for seed in (0, 2):
        for order, kind, said, offered in _declares(seed, lang):
            sentences = [pair[lang == "ms"].format(order=order)
                         for pair in SKIPPED.values()]
            if offered:  # the bonus is there to take: nothing is said about skipping it
                assert not any(s in said for s in sentences), said
                continue
            expected = SKIPPED[kind][lang == "ms"].format(order=order)
            assert said.endswith(" " + expected), said
            assert said.startswith("Done: " if lang is None else "Selesai: ")
            seen.add(kind)
    assert seen == {"upgrade", "fulfill_another"}


@pytest.mark.browser
def test_the_orders_seals_stay_in_sight_while_it_is_fulfilled(tmp_path: Path) -> None:
    from browser import ROOT, chromium_page, traits

    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    board = MonsoonBoard(match, opponents=None)
    rng = random.Random(1)
    while not any(isinstance(a, Fulfill) for a in match.legal_actions()):
        board.play(rng.choice(match.legal_actions()))
    fulfill = next(a for a in match.legal_actions() if isinstance(a, Fulfill))
    order = catalog(match.state).orders[fulfill.order]
    board.play(fulfill)
    if board.covered:  # hot-seat: the person at the device reveals their board
        board._handle_custom_msg({"type": "reveal"}, [])
    words = board.cards["words"]
    edges = words["edges"].format(gold=order.gold, silver=order.silver, bulk=(
        words["bonus_bulk"].format(bulk=order.bulk, good=words[f"good_{order.bonus_good}"])
        if order.bonus_good else order.bulk))
    with chromium_page(tmp_path) as page:
        page.goto((ROOT / "widgets" / "harness.html").as_uri())
        page.evaluate("([esm, css, state]) => window.mlHarness.mount(esm, css, state)",
                      [str(board._esm), str(board._css), traits(board)])
        pending = page.locator(".marketlib-pending")
        assert fulfill.order not in page.locator(".marketlib-market").inner_text()
        assert edges in pending.locator(".marketlib-order-edges").inner_text()
        action = words[f"action_{order.bonus_action.value}"]
        assert pending.locator(".marketlib-order-action").inner_text() == action
        pending.screenshot(path=str(tmp_path / "fulfilling.png"))
