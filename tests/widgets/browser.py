"""Headless Debian chromium for the front-end tests (TOOLCHAIN.md: never a browser download).

On a machine without chromium the browser tests skip, except under CI (``CI`` set), where a
missing browser is an error.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]


def require_chromium() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("CI is set but Debian chromium is missing: .ci/run must install it")
        pytest.skip("Debian chromium is not installed (apt-get install chromium)")


@contextmanager
def chromium_page(tmp_path: Path, width: int = 1280, height: int = 800) -> Iterator[Any]:
    """A Playwright page in a fresh persistent context of Debian chromium."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, headless=True,
            viewport={"width": width, "height": height},
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            yield page
        finally:
            context.close()


SYNCED = ("scene", "cards", "choices", "log", "log_total", "error", "notice", "confirmation",
          "seat", "seats", "teacher", "teacher_view", "covered", "can_undo", "can_redo", "version",
          "position", "description", "summary", "seed", "story", "busy", "any_time", "step_in",
          "out_of_turn", "controls", "text_open")
"""The board's synced traits, as the harness page takes them."""


def traits(board: Any) -> dict[str, Any]:
    """A board's synced traits as JSON-ready builtins (what the front end receives)."""
    return json.loads(json.dumps({name: getattr(board, name) for name in SYNCED}))


def phases(board: Any, stop: int) -> list[dict[str, Any]]:
    """The board's traits at each new phase the person meets before turn ``stop``, playing
    random legal choices (seeded)."""
    rng = random.Random(2)
    seen: set[str] = set()
    shots = []
    for _ in range(300):
        m = board.match
        if m.is_over or m.state.turn >= stop:
            break
        key = f"{m.state.phase}:{type(m.state.pending).__name__}"
        if key not in seen:
            seen.add(key)
            shots.append(traits(board))
        board.play(m.legal_actions()[rng.choice(board.choices)["index"]])
    return shots


def answer_previews(page: Any, board: Any) -> None:
    """Answer the board's request for previews (``window.mlHarness.asked``) as the comm
    would: Python works them out and the ``previews`` trait changes on the page."""
    asked = page.evaluate("window.mlHarness.asked")
    assert asked and asked[-1] == {"type": "previews", "version": board.version}, asked
    board._handle_custom_msg(asked[-1], [])
    page.evaluate("(p) => window.mlHarness.update({previews: p})", board.previews)


def answer_text(page: Any, board: Any) -> None:
    """Answer the board's last opening or closing of its text view (in
    ``window.mlHarness.asked``, which the panel's toggle event sends a moment after the click)
    as the comm would: Python writes the description, or drops
    it, and the ``description`` and ``text_open`` traits change on the page."""
    page.wait_for_function("window.mlHarness.asked.some((m) => m.type === 'text')")
    asked = page.evaluate("window.mlHarness.asked.filter((m) => m.type === 'text')")
    board._handle_custom_msg(asked[-1], [])
    page.evaluate("(t) => window.mlHarness.update(t)",
                  {"description": board.description, "text_open": board.text_open})
