"""A student switches their classroom page to Bahasa Malaysia (issue 30, point 5): the page's
words at once, the board's once the server redraws it; another student's page stays English."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from marketlib.classroom import Room

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))
from browser import ARGS, CHROMIUM, require_chromium

pytestmark = pytest.mark.browser


def test_a_student_switches_to_bahasa_malaysia(tmp_path: Path) -> None:
    require_chromium()
    from playwright.sync_api import sync_playwright

    room = Room("bansan", tables=1, players=2, path=tmp_path / "class.sqlite", seed=5).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            page.goto(room.url)
            page.wait_for_function("() => document.getElementById('lang').options.length === 2")
            page.select_option("#lang", "ms")
            assert page.locator("#join h1").inner_text() == "Sertai meja anda"
            assert page.locator("html").get_attribute("lang") == "ms"
            page.fill("#code", room.codes[(1, 0)])
            page.fill("#name", "Aisyah")
            page.click("form#join button[type=submit]")
            page.wait_for_selector(".marketlib-board", timeout=30_000)
            assert page.locator("#who").inner_text() == "Meja 1, tempat duduk P0: Aisyah"
            board = page.locator(".marketlib-board")
            page.wait_for_function("() => document.body.innerText.includes('Gerai Pasar')")
            assert "Pusingan Pembukaan" in board.inner_text()
            assert room.tables[0].seats[1].lang is None  # the other seat is not touched
            # back to English: the board is redrawn in it, the game unchanged
            cursor = room.tables[0].match.cursor
            page.select_option("#lang", "en")
            page.wait_for_function("() => document.body.innerText.includes('Market Stalls')")
            assert "Opening Round" in board.inner_text()
            assert room.tables[0].match.cursor == cursor
            # the choice is kept in this browser for the next visit
            page.reload()
            page.wait_for_function("() => document.getElementById('lang').value === 'en'")
            browser.close()
    finally:
        room.stop()
