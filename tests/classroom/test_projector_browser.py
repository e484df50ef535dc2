"""The projector page in Debian chromium at 1920 px (issue 31, point 3): it draws every table
from ``/projector.json``, redraws as a table moves, and shows no join code. The screenshot goes
to ``/tmp/shots-projector`` (looked at, not kept in the repository)."""

from __future__ import annotations

import sys
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
