"""Issue 11 in a real JupyterLab: a covered hot-seat board shows and holds nothing private, and
a players' board refuses the teacher view. Screenshots go to ``test-results/e2e``."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

import pytest
from browser import chromium_page
from lab import OUT, lab_server, open_and_run, run_code, write_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELLS = [
    "from marketlib import Match, bansan\n"
    "from marketlib.bots import RandomBot\n"
    "from marketlib.widgets import BansanBoard\n"
    "hot = BansanBoard(Match('bansan', bansan.Rules(players=2), seed=4), opponents={})\n"
    "hot",
    "game = Match('bansan', bansan.Rules(players=2), seed=6, mode='play')\n"
    "players = BansanBoard(game, opponents={1: RandomBot()})\n"
    "players",
]


def test_covered_hot_seat_and_refused_teacher_view_in_jupyterlab(tmp_path: Path) -> None:
    write_notebook(tmp_path / "hidden_e2e.ipynb", CELLS)
    with lab_server(tmp_path) as url, chromium_page(tmp_path, 1280, 900) as page:
        open_and_run(page, url, "hidden_e2e.ipynb")
        hot = page.locator(".marketlib-board").first
        hot.wait_for(timeout=90_000)
        players = page.locator(".marketlib-board").nth(1)
        players.wait_for(timeout=90_000)
        # the text view opened (written only while open, issue 28): covered, it is empty
        hot.locator(".marketlib-text summary").click()
        hot.locator(".marketlib-text pre").filter(has_text="Bansan").wait_for()
        # hot-seat: P0 plays until the board is covered for P1
        for _ in range(12):
            if hot.locator(".marketlib-cover").count():
                break
            hot.locator("[data-choice]").first.click()
            page.wait_for_timeout(300)
        hot.locator(".marketlib-cover").wait_for()
        secrets = run_code(page, "print(' '.join(x for v in hot.match.state.vendors "
                                 "for x in v.wallet))").split()
        assert len(secrets) >= 4
        shown = hot.inner_text()
        assert "Pass the device to P1" in shown
        for secret in secrets:
            assert secret not in shown
        assert "RM" not in shown
        synced = run_code(page, "print(hot.scene, len(hot.choices), len(hot.log), "
                                "repr(hot.description), hot.text_open)")
        assert synced.strip() == "{'game': 'bansan', 'covered': True} 0 0 '' True"
        OUT.mkdir(parents=True, exist_ok=True)
        hot.scroll_into_view_if_needed()
        hot.screenshot(path=str(tmp_path / "hot_seat_covered.png"))
        shutil.copy(tmp_path / "hot_seat_covered.png", OUT / "hot_seat_covered.png")
        hot.locator(".marketlib-cover button").click()
        hot.locator(".marketlib-log li").first.wait_for()
        assert "return a Shopping List (hidden)" in hot.locator(".marketlib-log").inner_text()

        # a players' board: no teacher button, and the message is refused with nothing shown
        players.locator("[data-choice]").first.wait_for()
        assert players.get_by_text("Teacher view").count() == 0
        money = run_code(page, "print(game.state.vendors[1].money)").strip()
        run_code(page, "players._handle_custom_msg({'type': 'teacher', 'on': True}, [])\n"
                       "print(players.teacher_view)")
        players.locator(".marketlib-error").wait_for()
        assert "teacher view is not available" in players.locator(".marketlib-error").inner_text()
        p1 = run_code(page, "print(players.scene['vendors'][1]['money'], "
                            "players.scene['vendors'][1]['wallet'])")
        assert p1.split() == ["None", "None"] and money.isdigit()
        players.scroll_into_view_if_needed()
        players.screenshot(path=str(tmp_path / "teacher_refused.png"))
        shutil.copy(tmp_path / "teacher_refused.png", OUT / "teacher_refused.png")
