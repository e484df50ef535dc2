"""The Play page's timings in Debian chromium (issue 32, point 3): from opening the page to a
clickable board with an empty browser cache (target 8 s) and with a warm one (target 3 s), and
how fast a click is answered against GreedyBot (target p95 150 ms).

The page is written once (``python -m marketlib page``, into a temporary folder unless
``--folder`` names a built one) and served on loopback by ``http.server``. *Empty cache*: a new
browser profile each run. *Warm cache*: the same profile opened again (the HTTP cache, V8's code
cache for the wasm, and the snapshot of Python's start that the page keeps in IndexedDB: the
first visit stays open until the page says it is stored). *Click answered*: the time from the
page posting a click to the worker's answer arriving (Python plays the person's move and
GreedyBot's reply, and computes the traits), measured by the page
(``window.marketlibPage.answered``), for Monsoon Market against GreedyBot, clicking the first
highlighted choice.

Run: ``uv run --all-extras python benchmarks/page_timings.py [--runs 3] [--clicks 40]``
(about two minutes; needs /usr/bin/chromium). It prints the load average beside the figures.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import socketserver
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "widgets"))

from browser import ARGS, CHROMIUM  # noqa: E402

from marketlib.widgets.pagefolder import write_page  # noqa: E402

KEPT = "!('kept' in window.marketlibPage) || window.marketlibPage.kept !== null"
"""The page's worker has stored what the next visit starts from (a page without it: at once)."""
CLICKABLE = ".marketlib-board button.marketlib-legal[data-choice]:visible"


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(folder: Path) -> str:
    handler = functools.partial(Quiet, directory=str(folder))
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def open_board(context: Any, url: str) -> tuple[float, Any]:
    """Seconds from ``goto`` to a clickable board, and the page."""
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.locator(CLICKABLE).first.wait_for(timeout=180_000)
    return time.perf_counter() - start, page


def clicks(page: Any, count: int) -> list[float]:
    """Click the first highlighted choice ``count`` times (confirming a choice the board asks
    about first; a new deal when a game ends); each click's answer in milliseconds."""
    answered = "window.marketlibPage.answered.length"
    asked = "document.querySelector('[data-target=\"confirm:yes\"]')"
    times: list[float] = []
    while len(times) < count:
        if page.evaluate("window.marketlibPage.model.get('summary')"):  # over: deal again
            before = page.evaluate(answered)
            page.evaluate("window.marketlibPage.model.send({type: 'new_game', seed: null})")
            page.wait_for_function(f"{answered} > {before}", timeout=30_000)
            page.locator(CLICKABLE).first.wait_for(timeout=30_000)
        before = page.evaluate(answered)
        page.locator(CLICKABLE).first.click()
        page.wait_for_function(f"{answered} > {before} || {asked}", timeout=30_000)
        if page.evaluate(f"{answered} === {before}"):
            page.locator('[data-target="confirm:yes"]').click()
            page.wait_for_function(f"{answered} > {before}", timeout=30_000)
        times.append(float(page.evaluate("window.marketlibPage.answered.at(-1)")))
        page.wait_for_function("window.marketlibPage.model.get('summary') || "
                               f"document.querySelector('{CLICKABLE.split(':visible')[0]}')",
                               timeout=30_000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--folder", type=Path, help="a page already written (skip the build)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.folder or write_page(Path(tmp) / "play").folder
        size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
        url = serve(folder) + "/index.html?game=monsoon&seats=you,greedy&seed=4"
        cold: list[float] = []
        warm: list[float] = []
        answers: list[float] = []
        boot: list[int] = []
        phases: list[dict[str, int]] = []
        started: list[str] = []  # how Python started on the warm visits
        with sync_playwright() as p:
            for run in range(args.runs):
                profile = Path(tmp) / f"profile{run}"
                for attempt in range(2):
                    context = p.chromium.launch_persistent_context(
                        str(profile), executable_path=CHROMIUM, args=ARGS, headless=True,
                        viewport={"width": 1280, "height": 900})
                    seconds, page = open_board(context, url)
                    (cold if attempt == 0 else warm).append(seconds)
                    boot.append(int(page.evaluate("window.marketlibPage.bootMs")))
                    if attempt == 0:  # a visit lasts longer than its start: let it keep
                        page.wait_for_function(KEPT, timeout=120_000)  # Python's snapshot
                    else:
                        phases.append(page.evaluate("window.marketlibPage.phases || {}"))
                        started.append(page.evaluate("window.marketlibPage.python || '?'"))
                    if attempt == 1 and run == 0:
                        answers = clicks(page, args.clicks)
                    context.close()
    load = os.getloadavg()
    print(f"Play page: {size / 1e6:.1f} MB")
    print(f"open to clickable board, empty cache: {', '.join(f'{s:.2f}' for s in cold)} s "
          f"(median {statistics.median(cold):.2f} s; target 8 s)")
    print(f"open to clickable board, warm cache:  {', '.join(f'{s:.2f}' for s in warm)} s "
          f"(median {statistics.median(warm):.2f} s; target 3 s)")
    print(f"  of which Python's start in the worker: {', '.join(str(b) for b in boot)} ms")
    print(f"  Python on the warm visits: {', '.join(started)}")
    for name in dict.fromkeys(key for seen in phases for key in seen):  # in the worker's order
        shown = [seen[name] for seen in phases if name in seen]
        print(f"    warm, {name}: {', '.join(map(str, shown))} ms "
              f"(median {statistics.median(shown):.0f} ms)")
    if answers:
        print(f"click answered vs GreedyBot ({len(answers)} clicks): p50 "
              f"{percentile(answers, 0.5):.0f} ms, p95 {percentile(answers, 0.95):.0f} ms, "
              f"worst {max(answers):.0f} ms (target p95 150 ms)")
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
