"""Monsoon Market in a real JupyterLab: open a notebook, run it, play by clicking and by
keyboard, check the kernel's ``match`` changed, save a screenshot, print click-to-redraw time."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

import pytest
from browser import chromium_page
from lab import OUT, lab_server, open_and_run, percentile, run_code, write_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELLS = [
    "from marketlib import Match, monsoon\n"
    "from marketlib.widgets import MonsoonBoard\n"
    "match = Match('monsoon', monsoon.Rules(players=2), seed=1)\n"
    "board = MonsoonBoard(match)\n"
    "board",
    "from marketlib.bots import RandomBot\n"
    "match2 = Match('monsoon', monsoon.Rules(players=2), seed=2)\n"
    "board2 = MonsoonBoard(match2, opponents={1: RandomBot()})\n"
    "board2",
]


def test_monsoon_board_in_jupyterlab(tmp_path: Path) -> None:
    write_notebook(tmp_path / "monsoon_e2e.ipynb", CELLS)
    with lab_server(tmp_path) as url, chromium_page(tmp_path, 1280, 800) as page:
        open_and_run(page, url, "monsoon_e2e.ipynb")
        board = page.locator(".marketlib-board").first
        board.wait_for(timeout=90_000)
        versus = page.locator(".marketlib-board").nth(1)
        versus.wait_for(timeout=90_000)
        board.locator(".marketlib-legal").first.wait_for()
        # P0: a full turn by clicking (steal the Scroll/Cloth card MG-33 from the Market)
        board.locator('[data-target="card:MG-33"]').click()
        board.locator(".marketlib-cover button").wait_for()
        board.locator(".marketlib-cover button").click()  # hot-seat: P1 reveals
        board.locator(".marketlib-log li").first.wait_for()
        assert "P0 steal MG-33" in board.locator(".marketlib-log").inner_text()
        # P1: a full turn by keyboard (focus the first legal card and press Enter)
        board.locator(".marketlib-area .marketlib-legal").first.focus()
        page.keyboard.press("Enter")
        board.locator(".marketlib-cover button").wait_for()
        page.keyboard.press("Tab")
        board.locator(".marketlib-cover button").focus()
        page.keyboard.press("Enter")
        board.locator(".marketlib-log li >> nth=1").wait_for()
        out = run_code(page, "print(len(match.history), match.history[0], match.history[1])")
        assert out.split()[:1] == ["2"]
        assert "P0 steal MG-33" in out and "P1 steal MG-28" in out
        # against a computer player: it answers inside each click; 20 clicks for the timings
        page.evaluate("globalThis.__marketlibTimings = []; globalThis.__marketlibRedrawMs = []")
        for i in range(20):
            versus.locator(".marketlib-area .marketlib-legal").first.click()
            page.wait_for_function(f"() => globalThis.__marketlibTimings.length > {i}")
        out = run_code(page, "print(sum(a.player == 0 for a in match2.history), "
                             "sum(a.player == 1 for a in match2.history))")
        ours, theirs = map(int, out.split())
        assert ours == 20 and theirs >= 1
        assert "RandomBot: picked" in versus.locator(".marketlib-log").inner_text()
        OUT.mkdir(parents=True, exist_ok=True)
        shot = tmp_path / "monsoon_lab.png"
        versus.scroll_into_view_if_needed()
        page.screenshot(path=str(shot))
        shutil.copy(shot, OUT / "monsoon_lab.png")
        timings = page.evaluate("globalThis.__marketlibTimings || []")
        redraws = page.evaluate("globalThis.__marketlibRedrawMs || []")
        assert len(timings) == 20
        print(f"\nclick to redrawn board over {len(timings)} clicks: p50 "
              f"{percentile(timings, 0.5):.0f} ms, p95 {percentile(timings, 0.95):.0f} ms "
              f"(of which drawing: p50 {percentile(redraws, 0.5):.1f} ms)")
