"""The projector page in Debian chromium at 1920 px (issue 31, point 3): it draws every table
from ``/projector.json``, redraws as a table moves, and shows no join code. The screenshot goes
to ``/tmp/shots-projector`` (looked at, not kept in the repository)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from marketlib import bansan
from marketlib.classroom import Room

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))
from browser import chromium_page

SHOTS = Path("/tmp/shots-projector")
FINE = {"fine RM2": bansan.Rules(players=2, fine_per_card=2),
        "no fine": bansan.Rules(players=2, fine_per_card=0)}

pytestmark = pytest.mark.browser


def test_the_projector_page_shows_every_table_at_1920_px(tmp_path: Path) -> None:
    room = Room("bansan", tables=4, treatments=FINE, assign=list(FINE) * 2, seed=11,
                path=tmp_path / "c.sqlite").start()
    try:
        for t, names in ((1, ("Aisyah", "Ben")), (2, ("Chandra", "Dewi")),
                         (3, ("Eng", "Farah")), (4, ("Gopal", "Hana"))):
            table = room.tables[t - 1]
            with table.lock:
                for seat, name in enumerate(names):
                    table.set_name(seat, name)
                table.refresh()
        room.seat_computer(1, 0, "random")
        room.seat_computer(1, 1, "random")  # Table 1 plays to its end
        with chromium_page(tmp_path, width=1920, height=1080) as page:
            page.goto(room.url + "projector")
            page.wait_for_selector(".mlp-table[data-table='4']", timeout=30_000)
            boxes = page.locator(".mlp-table")
            assert boxes.count() == 4
            assert "Game over" in boxes.nth(0).inner_text()
            assert "fine RM2" in boxes.nth(0).inner_text()
            assert "to play" in boxes.nth(1).inner_text()
            results = page.locator("#results").inner_text()
            assert "fine RM2" in results and "no fine" in results
            assert page.locator("#url").inner_text() == room.url
            # on one line: it broke anywhere, splitting the port ("...:423 / 61/", helper-86)
            high = page.evaluate("document.getElementById('url').getBoundingClientRect().height")
            line = page.evaluate("parseFloat(getComputedStyle(document.getElementById('url'))"
                                 ".lineHeight) || 1.2 * parseFloat(getComputedStyle("
                                 "document.getElementById('url')).fontSize)")
            assert high < 1.5 * line, (high, line)
            assert page.evaluate("document.querySelector('.mlp-qr').naturalWidth") > 0
            room.seat_computer(2, 0, "random")
            room.seat_computer(2, 1, "random")  # Table 2 ends: the page redraws by itself
            page.wait_for_function(
                "() => document.querySelector(\".mlp-table[data-table='2']\")"
                ".textContent.includes('Game over')", timeout=15_000)
            text = page.locator("body").inner_text()
            for code in room.codes.values():
                assert code not in text
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 1920
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "projector_1920.png"), full_page=True)
    finally:
        room.stop()


def test_a_student_answers_the_question_and_the_projector_counts_it(tmp_path: Path) -> None:
    from marketlib.classroom import Question

    question = Question("Will the fine lower what vendors end with?",
                        choices=["lower", "the same", "higher"])
    room = Room("bansan", tables=2, treatments=FINE, assign=list(FINE), seed=11,
                prediction=question, path=tmp_path / "c.sqlite").start()
    try:
        room.answer(2, 0, "higher")
        with chromium_page(tmp_path, width=1920, height=1080) as page:
            page.goto(room.url)
            page.fill("#code", room.codes[(1, 0)])
            page.fill("#name", "Aisyah")
            page.click("form#join button[type=submit]")
            page.wait_for_selector("#predict:not(.marketlib-hidden)", timeout=30_000)
            assert page.locator("#question").inner_text() == question.text
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "student_question.png"))
            page.click("#predict button[type=submit]")  # nothing chosen: refused on the page
            assert "Choose" in page.locator("#predict-problem").inner_text()
            page.check("input[name=answer][value=lower]")
            page.click("#predict button[type=submit]")
            page.wait_for_selector("#predict.marketlib-hidden", state="attached",
                                   timeout=15_000)
            assert room.answers == {(0, 0): "lower", (1, 0): "higher"}
            page.goto(room.url + "projector")
            page.wait_for_selector(".mlp-bar", timeout=30_000)
            bars = page.locator(".mlp-bar").all_inner_texts()
            assert [b.split()[-1] for b in bars] == ["1", "0", "1"]
            assert "(2 answers)" in page.locator("#prediction").inner_text()
            page.screenshot(path=str(SHOTS / "projector_prediction.png"), full_page=True)
    finally:
        room.stop()


def test_four_students_at_two_tables_of_two_treatments_and_the_projector(tmp_path: Path) -> None:
    """Issue 31's lesson end to end: two tables of two treatments, four students each in their
    own browser, who answer the question, read only their own table's rule difference (never
    the experiment's names) and play; the projector counts the answers and shows both tables,
    with no join code anywhere on it."""
    from browser import ARGS, CHROMIUM, require_chromium
    from playwright.sync_api import sync_playwright

    from marketlib.classroom import Question

    require_chromium()
    question = Question("Will the fine lower what vendors end with?",
                        choices=["lower", "the same", "higher"])
    room = Room("bansan", tables=2, treatments=FINE, assign=list(FINE), seed=13,
                prediction=question, path=tmp_path / "c.sqlite").start()
    students = {(1, 0): ("Aisyah", "lower"), (1, 1): ("Ben", "lower"),
                (2, 0): ("Chandra", "higher"), (2, 1): ("Dewi", "the same")}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            pages = {}
            for (t, s), (name, answer) in students.items():
                page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
                page.goto(room.url)
                page.fill("#code", room.codes[(t, s)])
                page.fill("#name", name)
                page.click("form#join button[type=submit]")
                page.wait_for_selector("#predict:not(.marketlib-hidden)", timeout=30_000)
                page.check(f"input[name=answer][value='{answer}']")
                page.click("#predict button[type=submit]")
                page.wait_for_selector("#predict.marketlib-hidden", state="attached",
                                       timeout=15_000)
                page.wait_for_selector(".marketlib-rules-changed", timeout=30_000)
                pages[(t, s)] = page
            assert room.answers == {(t - 1, s): a for (t, s), (_, a) in students.items()}
            assert room.predictions()["before_play"].all()
            for (t, _), page in pages.items():
                rules = page.locator(".marketlib-rules-changed").inner_text()
                assert f"(B-BIN-02): {2 if t == 1 else 0} (standard: 1)" in rules
                text = page.locator("body").inner_text()
                assert "fine RM2" not in text and "no fine" not in text  # the experiment's names

            # Each table plays its opening by clicks: the deciding student clicks a choice.
            for t in (1, 2):
                table = room.tables[t - 1]
                deadline = time.monotonic() + 120
                while table.match.cursor < 4:
                    assert time.monotonic() < deadline, table.match.state.phase
                    with table.lock:
                        seat, version = table.match.current_player, table.match.cursor
                    assert seat is not None
                    page = pages[(t, seat)]
                    page.wait_for_function(
                        "(n) => { const m = window.marketlibClassroom.model;"
                        " return m.get('log') && m.get('log').length === n"
                        " && (m.get('choices') || []).length > 0; }", arg=version,
                        timeout=30_000)
                    page.locator(".marketlib-board button.marketlib-legal:visible").first.click()
                    wait = time.monotonic() + 15
                    while table.match.cursor == version and time.monotonic() < wait:
                        time.sleep(0.05)  # a two-click choice moves on the second click

            wall = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
            wall.goto(room.url + "projector")
            wall.wait_for_selector(".mlp-table[data-table='2']", timeout=30_000)
            boxes = wall.locator(".mlp-table")
            assert boxes.count() == 2
            assert "fine RM2" in boxes.nth(0).inner_text()
            assert "no fine" in boxes.nth(1).inner_text()
            bars = wall.locator(".mlp-bar").all_inner_texts()
            assert [b.split()[-1] for b in bars] == ["2", "1", "1"]  # lower, the same, higher
            assert "(4 answers)" in wall.locator("#prediction").inner_text()
            text = wall.locator("body").inner_text()
            for code in room.codes.values():
                assert code not in text
            for (_, (name, _)) in students.items():
                assert name in text
            SHOTS.mkdir(parents=True, exist_ok=True)
            wall.screenshot(path=str(SHOTS / "projector_two_treatments.png"), full_page=True)
            pages[(1, 0)].screenshot(path=str(SHOTS / "student_fine_390.png"), full_page=True)
            browser.close()
    finally:
        room.stop()
