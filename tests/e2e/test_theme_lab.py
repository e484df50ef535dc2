"""Every theme in a real JupyterLab (issue 30, point 1): a Bansan and a Monsoon Market board in
JupyterLab Light and in JupyterLab Dark (switched with Lab's own ``apputils:change-theme``
command) are drawn in the theme's colours, their header, log and legend read on the theme's
ground, and axe-core finds no serious or critical problem on either board."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

import pytest
from browser import chromium_page
from lab import OUT, lab_server, open_and_run, write_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELLS = [
    "import marketlib\n"
    "ban = marketlib.play('bansan', players=3, seed=21)\n"
    "ban",
    "mon = marketlib.play('monsoon', seed=4)\n"
    "mon",
]

# For each board: the lowest contrast between the ink of its text parts and the ground drawn
# under them (the first opaque background up the tree), and the luminance of that ground.
READ = r"""
() => {
  const rgb = (s) => {  // rgb(a) in 0..255, or color(srgb r g b / a) in 0..1 (color-mix)
    const n = (s.match(/[\d.]+/g) || []).map(Number);
    return s.startsWith("color(srgb") ? [...n.slice(0, 3).map((v) => v * 255), ...n.slice(3)] : n;
  };
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const over = (top, ground) => top.length === 4
    ? [0, 1, 2].map((i) => top[i] * top[3] + ground[i] * (1 - top[3])) : top;
  const ground = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll(".marketlib-board")].map((board) => {
    const parts = [".marketlib-header", ".marketlib-preview", ".marketlib-log li",
                   ".marketlib-legend summary", ".marketlib-row-title", ".marketlib-say"];
    let least = 99;
    let what = "";
    for (const sel of parts) {
      for (const el of board.querySelectorAll(sel)) {
        const bg = ground(el);
        const fg = over(rgb(getComputedStyle(el).color), bg);
        const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
        const ratio = (hi + 0.05) / (lo + 0.05);
        if (ratio < least) { least = ratio; what = sel; }
      }
    }
    return { least, what, ground: lum(ground(board)) };
  });
}
"""


def _axe_serious(page: Any) -> list[Any]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=".marketlib-board")
    return [(v["id"], [n["target"] for n in v["nodes"][:3]])
            for v in results.response["violations"]
            if v["impact"] in ("serious", "critical")]


def test_boards_in_jupyterlab_light_and_dark(tmp_path: Path) -> None:
    write_notebook(tmp_path / "themes.ipynb", CELLS)
    OUT.mkdir(parents=True, exist_ok=True)
    with lab_server(tmp_path) as url, chromium_page(tmp_path, 1280, 1000) as page:
        open_and_run(page, url, "themes.ipynb")
        page.locator(".marketlib-board").nth(1).wait_for(timeout=120_000)
        page.wait_for_function(  # both drawn: a header with words each
            "() => [...document.querySelectorAll('.marketlib-board .marketlib-header')]"
            ".filter((h) => h.textContent).length >= 2", timeout=60_000)
        for theme, light in (("JupyterLab Dark", "false"), ("JupyterLab Light", "true")):
            page.evaluate("(t) => window.jupyterapp.commands.execute("
                          "'apputils:change-theme', { theme: t })", theme)
            page.wait_for_function(
                "([t, l]) => document.body.dataset.jpThemeName === t"
                " && document.body.dataset.jpThemeLight === l", arg=[theme, light],
                timeout=30_000)
            page.wait_for_timeout(500)  # the theme's stylesheet applies
            for board in page.evaluate(READ):
                assert board["least"] >= 4.5, (theme, board)
                if light == "false":
                    assert board["ground"] < 0.05, (theme, board)
                else:
                    assert board["ground"] > 0.8, (theme, board)
            assert _axe_serious(page) == [], theme
            page.screenshot(path=str(OUT / f"theme_{theme.split()[-1].lower()}.png"),
                            full_page=True)
