"""Issue 12 in a real JupyterLab: boards a student can play without the rulebook open and
without breaking the notebook. Keys stay on the board, the computer vendors' moves are told
("While you waited", a "P1 is playing..." status, the whole log), phases and buttons speak the
rulebook's words with a legend, the person's own move is drawn before the computer players
answer, a move that throws part of a turn away is asked about first, notices do not push the
board, the modes start in one line, and axe-core finds no serious accessibility problem."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

import pytest
from browser import chromium_page
from lab import OUT, lab_server, open_and_run, run_code, write_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELLS = [
    "import time\n"
    "import marketlib\n"
    "from marketlib import Match, bansan\n"
    "from marketlib.bots import GreedyBot, RandomBot\n"
    "from marketlib.widgets import BansanBoard\n"
    "class Slow(RandomBot):\n"
    "    def choose(self, view, legal, rng):\n"
    "        time.sleep(0.5)  # long enough for a click to land while it plays, under load\n"
    "        return super().choose(view, legal, rng)\n"
    "mon = marketlib.play('monsoon', seed=4)\n"
    "mon",
    "b = BansanBoard(Match('bansan', bansan.Rules(players=3), seed=21),\n"
    "                opponents={1: GreedyBot(), 2: GreedyBot()})\n"
    "b",
    "sm = Match('bansan', bansan.Rules(players=2), seed=3)\n"
    "while not (sm.current_player == 0 and sm.state.phase == 'complete'):\n"
    "    sm.play(sm.legal_actions()[0])  # P0's Upkeep: after 'done', P1 makes 11 decisions\n"
    "slow = BansanBoard(sm, opponents={1: Slow()})\n"
    "slow",
    "solo = marketlib.play('sendiri')\n"
    "solo",
    "ken = marketlib.play('kenduri', players=3)\n"
    "ken",
]
PHASE_CODES = ("open_lists", "open_stock", "solo_move", "solo_throw", "return_lists",
               "event_lists", "turn_end", "phase ")


def cells(page: Any) -> str:
    """The notebook's cells: count, types and sources (what a stray key would change)."""
    return str(page.evaluate(
        """() => JSON.stringify(window.jupyterapp.shell.currentWidget.content.widgets
             .map(c => [c.model.type, c.model.sharedModel.getSource()]))"""))


def step(page: Any, board: Any, index: int) -> None:
    """One decision by clicking: a direct choice if there is one, else select a card first
    (the second click then shows as a direct choice); say yes to a question; wait for the
    computer players."""
    direct = board.locator("[data-choice]:visible")
    if direct.count():
        direct.first.click()
    else:
        board.locator(".marketlib-legal:visible").first.click()
    page.wait_for_timeout(120)
    if board.locator(".marketlib-confirm").count():
        board.locator('[data-target="confirm:yes"]').click()
    page.wait_for_function(
        "(i) => !document.querySelectorAll('.marketlib-board')[i].querySelector('.marketlib-busy')",
        arg=index, timeout=60_000)


def focus_inside(page: Any, index: int) -> bool:
    return bool(page.evaluate(
        "(i) => document.querySelectorAll('.marketlib-board')[i].contains(document.activeElement)",
        index))


def test_boards_a_student_can_play_in_jupyterlab(tmp_path: Path) -> None:
    write_notebook(tmp_path / "ux_e2e.ipynb", CELLS)
    with lab_server(tmp_path) as url, chromium_page(tmp_path, 1280, 1000) as page:
        open_and_run(page, url, "ux_e2e.ipynb")
        boards = page.locator(".marketlib-board")
        boards.nth(4).wait_for(timeout=120_000)
        mon, ban, slow, solo, ken = (boards.nth(i) for i in range(5))

        # 1. keys pressed on a board never reach the notebook
        before = cells(page)
        mon.locator(".marketlib-card:not(.marketlib-legal)").first.focus()
        for key in [*"abcdefghijklmnopqrstuvwxyz", "ArrowUp", "ArrowDown", "ArrowLeft",
                    "ArrowRight", "Enter", "Space", "Shift+A", "Shift+M"]:
            page.keyboard.press(key)
            assert cells(page) == before, f"key {key} changed the notebook"
            assert focus_inside(page, 0), f"focus left the board after {key}"
        mon.locator(".marketlib-area .marketlib-legal").first.focus()
        page.keyboard.press("Enter")  # plays a move: the board redraws, focus stays on it
        page.wait_for_function("() => document.querySelector('.marketlib-board .marketlib-log li')")
        assert focus_inside(page, 0) and cells(page) == before
        page.keyboard.press("Escape")
        assert not focus_inside(page, 0)
        assert page.evaluate("() => !!document.activeElement.closest('.jp-Notebook')")
        assert cells(page) == before

        # 3. the rulebook's words: phase names, instruction, buttons in words, a legend
        header = ban.locator(".marketlib-header").inner_text()
        assert header.startswith("Bansan · Opening Round")  # no round before the turns
        assert not any(code in header for code in PHASE_CODES)
        assert "Shopping Lists" in ban.locator(".marketlib-instruction").inner_text()
        ban.locator(".marketlib-legend summary").click()
        legend = ban.locator(".marketlib-legend").inner_text()
        for code in ("FV", "WG", "MT", "DG", "SF", "MM", "PL / PA / OR", "Bansan Token", "R&R"):
            assert code in legend

        # 2. P0 plays its turn by clicking; the computer vendors' moves are then told
        page.evaluate("""() => { window.__busySeen = [];
          const obs = new MutationObserver(() => document.querySelectorAll('.marketlib-busy')
            .forEach(n => window.__busySeen.push(n.textContent)));
          obs.observe(document.body, {subtree: true, childList: true, characterData: true}); }""")
        for _ in range(80):
            turn = run_code(page, "print(b.match.state.turn)").strip()
            if int(turn) >= 1:
                break
            step(page, ban, 1)
        ban.locator(".marketlib-story li").first.wait_for()
        story = ban.locator(".marketlib-story").inner_text()
        assert story.startswith("While you waited") and "P1 " in story and "P2 " in story
        seen = page.evaluate("window.__busySeen")
        assert any(s.endswith("is playing...") for s in seen)
        history = int(run_code(page, "print(len(b.match.history))"))
        assert ban.locator(".marketlib-log li").count() == history
        scrolled = page.evaluate("""() => { const l = document.querySelectorAll(
            '.marketlib-board')[1].querySelector('.marketlib-log ol');
            return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }""")
        assert scrolled

        # 4. the person's own move is drawn first; a click while the computer plays gets a word
        # (P1 has 11 decisions to make, half a second each: the kernel reads the click between
        # two of them, on whichever thread JupyterLab's kernel handles it)
        slow.locator('[data-target="button:done"]').click()
        page.wait_for_function("() => document.querySelectorAll('.marketlib-board')[2]"
                               ".querySelector('.marketlib-busy')", timeout=30_000)
        assert slow.locator(".marketlib-log li").count() >= 1  # our move, while P1 plays
        slow.locator(".marketlib-control").first.click(force=True)  # Undo while busy
        slow.locator(".marketlib-notice").wait_for()
        assert "P1 is playing: wait a moment" in slow.locator(".marketlib-notice").inner_text()
        page.wait_for_function("() => !document.querySelectorAll('.marketlib-board')[2]"
                               ".querySelector('.marketlib-busy')", timeout=60_000)

        # 5. a move that throws part of the turn away is asked about first
        for _ in range(60):
            if ban.locator('[data-target="button:endactions"]').count():
                break
            step(page, ban, 1)
        moves = run_code(page, "print(len(b.match.history))").strip()
        ban.locator('[data-target="button:endactions"]').click()
        ban.locator(".marketlib-confirm").wait_for()
        assert "action(s) unused" in ban.locator(".marketlib-confirm").inner_text()
        ban.locator('[data-target="confirm:no"]').click()
        assert run_code(page, "print(len(b.match.history))").strip() == moves

        # 6. layout: verb tags never cover text, a notice does not push the board down, the
        # button that ends the step sits beside the instruction
        position = page.evaluate("""() => { const b = document.querySelectorAll(
            '.marketlib-board')[1]; const l = b.querySelector('.marketlib-legal');
            return getComputedStyle(l, '::after').position; }""")
        assert position == "static"
        def offset() -> float:  # the board area's distance from the top of the board
            return float(ban.locator(".marketlib-area").bounding_box()["y"]
                         - ban.bounding_box()["y"])

        before_notice = offset()
        ban.locator(".marketlib-area button:not(.marketlib-legal)").first.click()
        ban.locator(".marketlib-notice").wait_for()
        assert abs(offset() - before_notice) < 2
        say = ban.locator(".marketlib-say").bounding_box()
        end = ban.locator('[data-target="button:endactions"]').bounding_box()
        assert abs(end["y"] - say["y"]) < 60  # beside it, or just under it when it wraps

        # 7. the modes start in one line, state their goal, and get a fresh seed
        solo.scroll_into_view_if_needed()
        assert "Target: complete 3 Shopping Lists" in solo.locator(".marketlib-goal").inner_text()
        ken.scroll_into_view_if_needed()
        assert "Team goal" in ken.locator(".marketlib-goal").inner_text()
        seeds = json.loads(run_code(page, "import json; print(json.dumps([solo.match.seed, "
                                          "ken.match.seed]))"))
        # the seed box is empty (New game deals fresh cards); this game's seed is shown in it
        for board, seed in ((solo, seeds[0]), (ken, seeds[1])):
            box = board.locator(".marketlib-seed input")
            assert box.input_value() == "" and box.get_attribute("data-current") == str(seed)
            assert str(seed) in (box.get_attribute("placeholder") or "")

        # accessibility: axe-core (shipped in the axe-playwright-python wheel) on each board
        from axe_playwright_python.sync_playwright import Axe

        for selector in (".marketlib-board",):
            results = Axe().run(page, context=selector)
            serious = [v for v in results.response["violations"]
                       if v["impact"] in ("serious", "critical")
                       and any(".marketlib-board" in " ".join(map(str, n["target"]))
                               or n["html"].count("marketlib") for n in v["nodes"])]
            assert serious == [], json.dumps(serious, indent=1)[:3000]
            assert len(results.response["passes"]) >= 10

        OUT.mkdir(parents=True, exist_ok=True)
        ban.scroll_into_view_if_needed()
        ban.screenshot(path=str(tmp_path / "bansan_ux.png"))
        shutil.copy(tmp_path / "bansan_ux.png", OUT / "bansan_ux.png")
