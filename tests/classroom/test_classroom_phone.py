"""A phone is a first-class seat (issue 27, point 7): on the classroom page at 360, 390 and
430 px wide nothing is cut off or overlaps, every tap target is at least 44 px high (WCAG
2.5.5), and the seat's own panel and the instruction come before the public market; at 1280 px
the desktop layout is kept. A Bansan 4-player table, a Kenduri table of 3 and a Sendiri
seat, each in its Action Phase, and a Monsoon table."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from marketlib.classroom import Room

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))
from browser import ARGS, CHROMIUM, ROOT, require_chromium

from .layout import problems

pytestmark = pytest.mark.browser
OUT = ROOT / "test-results" / "classroom"


def _advance(room: Room, done: Any) -> None:
    """Random legal moves (a fixed stream) until ``done(match)``: a position mid-game."""
    table = room.tables[0]
    match = table.match
    rng = random.Random(3)
    with table.lock:
        while not done(match):
            match.play(rng.choice(match.legal_actions()))
        table.commit()


def _bansan_actions(m: Any) -> bool:
    return bool(m.state.phase == "actions" and m.current_player == 0 and m.state.turn >= 4)


TABLES = {  # game or mode: (seats, the position the page is measured in)
    "bansan": (4, _bansan_actions),
    "kenduri": (3, _bansan_actions),  # the shared menu of public lists as well
    "sendiri": (1, _bansan_actions),  # the Neighbour's row as well
    "monsoon": (3, lambda m: m.current_player == 0 and m.cursor > 20),
}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_board_fits_a_phone(tmp_path: Path, game: str) -> None:
    require_chromium()
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    players, done = TABLES[game]
    room = Room(game, tables=1, players=players, path=tmp_path / "class.sqlite", seed=7).start()
    try:
        _advance(room, done)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for width in (360, 390, 430, 1280):
                context = browser.new_context(viewport={"width": width, "height": 844})
                page = context.new_page()
                page.goto(room.url)
                page.fill("#code", room.codes[(1, 0)])
                page.fill("#name", "Aisyah")
                page.click("form#join button[type=submit]")
                page.wait_for_selector(".marketlib-board .marketlib-legal", timeout=30_000)
                narrow = page.evaluate(
                    "document.querySelector('.marketlib-board').classList"
                    ".contains('marketlib-narrow')")
                if width == 1280:  # the desktop layout: the market first, as before
                    assert not narrow
                    order = page.evaluate(
                        "[document.querySelector('.marketlib-market'), document.querySelector("
                        "'[data-seat=\"0\"]')].map((e) => e.getBoundingClientRect().top)")
                    assert order[0] < order[1]
                    context.close()
                    continue
                assert narrow
                page.screenshot(path=str(OUT / f"phone_{game}_{width}.png"), full_page=True)
                assert problems(page, 0) == [], width
                assert problems(page, 0, open_all=True) == [], width
                context.close()
            browser.close()
    finally:
        room.stop()
