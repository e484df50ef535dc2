"""Pictures of a classroom session: a student's phone (the join form, then the board) and the
teacher's dashboard, drawn by the shipped page and JS in headless Debian chromium against a real
room on loopback.

Usage (from the repository root)::

    uv run --all-extras python widgets/classroom_screenshots.py [OUTDIR]

writes ``classroom_join.png``, ``classroom_phone.png`` and ``classroom_dashboard.png`` to
``OUTDIR`` (default ``docs/_static``) and prints the files it wrote. The docs page "Running a
class" shows them.
"""

from __future__ import annotations

import json
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NAMES = ["Aisyah", "Ben", "Chandra", "Dewi"]


def main(out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright
    from websockets.sync.client import connect

    from marketlib.classroom import Room
    from marketlib.classroom.dashboard import Dashboard
    from marketlib.classroom.standins import play_as_students

    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="marketlib-shots-"))
    room = Room("bansan", tables=3, players=4, seed=7, path=folder / "class.sqlite").start()
    written = []
    with ExitStack() as stack:
        # Tables are numbered from 1, as people read them. Table 2: students who played a
        # while and left; Table 3: computers, game over.
        play_as_students(room, [(2, s) for s in range(4)], seed=1, seconds=2)
        room.pause(2)
        for s in range(4):
            room.seat_computer(3, s, "greedy")
        # Table 1: three students connected from their devices, one more joins by phone.
        for s in (1, 2, 3):
            ws = stack.enter_context(connect(room.url.replace("http", "ws") + "ws"))
            ws.send(json.dumps({"type": "join", "code": room.codes[(1, s)], "name": NAMES[s]}))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            phone = browser.new_context(viewport={"width": 390, "height": 844},
                                        device_scale_factor=2)
            page = phone.new_page()
            page.goto(room.url)
            page.fill("#code", room.codes[(1, 0)])
            page.fill("#name", NAMES[0])
            written.append(out / "classroom_join.png")
            page.screenshot(path=str(written[-1]))
            page.click("form#join button[type=submit]")
            page.wait_for_selector(".marketlib-board .marketlib-legal")
            page.wait_for_function(
                "() => window.marketlibClassroom.model.get('seats')[3].person === 'Dewi'")
            written.append(out / "classroom_phone.png")
            page.screenshot(path=str(written[-1]))

            dash = room.dashboard()
            state = {name: getattr(dash, name)  # every trait the page is sent (its words too)
                     for name in Dashboard.class_own_traits(sync=True)}
            desk = browser.new_context(viewport={"width": 1100, "height": 760})
            page = desk.new_page()
            page.goto((ROOT / "widgets" / "harness.html").as_uri())
            page.evaluate("([esm, css, state]) => window.mlHarness.mount(esm, css, state)",
                          [dash._esm, dash._css, json.loads(json.dumps(state))])
            page.wait_for_selector(".marketlib-dash-table")
            written.append(out / "classroom_dashboard.png")
            page.screenshot(path=str(written[-1]), full_page=True)
            browser.close()
    room.stop()
    return written


if __name__ == "__main__":
    for path in main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "_static"):
        print(path)
