"""Every theme on the classroom page (issue 30, point 1): with the device set to dark
(``prefers-color-scheme: dark``) the join form and the board are dark and axe-core finds no
serious or critical problem (colour contrast among them), on a phone (360 px, where the layout
checks of tests/classroom/layout.py hold as well) and on a desktop (1280 px); in light too."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from marketlib.classroom import Room

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))
from browser import ARGS, CHROMIUM, ROOT, require_chromium

from .layout import problems

pytestmark = pytest.mark.browser
OUT = ROOT / "test-results" / "classroom"

GROUND = """() => {
  const c = getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number);
  const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
}"""


@pytest.mark.parametrize("game", ["bansan", "monsoon"])
def test_the_classroom_page_is_axe_clean_in_dark_and_light(tmp_path: Path, game: str) -> None:
    require_chromium()
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    room = Room(game, tables=1, players=3, path=tmp_path / "class.sqlite", seed=7).start()
    try:
        table = room.tables[0]
        rng = random.Random(3)
        with table.lock:  # on to a position mid-game, P0 to decide
            while not (table.match.cursor > 12 and table.match.current_player == 0):
                table.match.play(rng.choice(table.match.legal_actions()))
            table.commit()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for scheme, width in (("dark", 360), ("dark", 1280), ("light", 360)):
                context = browser.new_context(viewport={"width": width, "height": 844},
                                              color_scheme=scheme)
                page = context.new_page()
                page.goto(room.url)
                dark = page.evaluate(GROUND) < 0.05
                assert dark == (scheme == "dark")
                found = Axe().run(page).response
                serious = [(v["id"], [n["html"][:80] for n in v["nodes"][:3]])
                           for v in found["violations"] if v["impact"] in ("serious", "critical")]
                assert serious == [], (scheme, width, "join form", serious)
                page.fill("#code", room.codes[(1, 0)])
                page.fill("#name", "Aisyah")
                page.click("form#join button[type=submit]")
                page.wait_for_selector(".marketlib-board .marketlib-legal", timeout=30_000)
                page.screenshot(path=str(OUT / f"themed_{game}_{scheme}_{width}.png"),
                                full_page=True)
                found = Axe().run(page).response
                serious = [(v["id"], [n["html"][:80] for n in v["nodes"][:3]])
                           for v in found["violations"] if v["impact"] in ("serious", "critical")]
                assert serious == [], (scheme, width, "board", serious)
                if width == 360:
                    assert problems(page, 0) == [], (scheme, width)
                context.close()
            browser.close()
    finally:
        room.stop()
