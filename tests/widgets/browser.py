"""Headless Debian chromium for the front-end tests (TOOLCHAIN.md: never a browser download).

On a machine without chromium the browser tests skip, except under CI (``CI`` set), where a
missing browser is an error.
"""

from __future__ import annotations

import os
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
