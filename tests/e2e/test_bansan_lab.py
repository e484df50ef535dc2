"""Bansan in a real JupyterLab: run a notebook with a board against two computer vendors, play
a whole turn by clicking and by keyboard, check the kernel's ``match``, save a screenshot."""

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
    "from marketlib import Match, bansan\n"
    "from marketlib.bots import RandomBot\n"
    "from marketlib.widgets import BansanBoard\n"
    "match = Match('bansan', bansan.Rules(players=3), seed=5)\n"
    "board = BansanBoard(match, opponents={1: RandomBot(), 2: RandomBot()})\n"
    "board",
]
DIRECT = ".marketlib-board [data-choice]:visible"


def test_bansan_board_in_jupyterlab(tmp_path: Path) -> None:
    write_notebook(tmp_path / "bansan_e2e.ipynb", CELLS)
    with lab_server(tmp_path) as url, chromium_page(tmp_path, 1280, 800) as page:
        open_and_run(page, url, "bansan_e2e.ipynb")
        board = page.locator(".marketlib-board")
        board.wait_for(timeout=90_000)
        page.evaluate("globalThis.__marketlibTimings = []")
        clicks = 0
        # the opening round, then P0's first full turn (stocking, actions, upkeep), by clicks;
        # every third decision by keyboard (focus the choice, press Enter)
        while clicks < 60:
            turn = run_code(page, "print(match.state.turn, match.current_player)").split()
            if int(turn[0]) >= 1:  # P0's first full turn is over (the bots answered)
                break
            before = page.evaluate("globalThis.__marketlibTimings.length")
            direct = page.locator(DIRECT)
            if direct.count():
                if clicks % 3 == 2:
                    direct.first.focus()
                    page.keyboard.press("Enter")
                else:
                    direct.first.click()
                if board.locator(".marketlib-confirm").count():  # a move that wastes actions
                    page.keyboard.press("Enter")  # asks first; the focus is on "Yes"
                page.wait_for_function(
                    f"() => globalThis.__marketlibTimings.length > {before}", timeout=30_000)
            else:
                board.locator(".marketlib-legal:visible").first.click()  # select a card first
            clicks += 1
        out = run_code(page, "print(match.state.turn, sum(a.player == 0 for a in match.history),"
                             " sum(a.player != 0 for a in match.history))")
        turn, ours, theirs = map(int, out.split())
        assert turn >= 1 and ours >= 5 and theirs >= 5
        log = board.locator(".marketlib-log").inner_text()
        # the computer vendors' moves are in the log, but not their reasons, which read from
        # their hidden money and Wallets (docs: Boards, "What each seat is sent")
        assert "P1 " in log and "P2 " in log and "RandomBot" not in log
        OUT.mkdir(parents=True, exist_ok=True)
        shot = tmp_path / "bansan_lab.png"
        board.scroll_into_view_if_needed()
        page.screenshot(path=str(shot))
        shutil.copy(shot, OUT / "bansan_lab.png")
        timings = page.evaluate("globalThis.__marketlibTimings")
        print(f"\nBansan click to redrawn board over {len(timings)} clicks: p50 "
              f"{percentile(timings, 0.5):.0f} ms, p95 {percentile(timings, 0.95):.0f} ms")
