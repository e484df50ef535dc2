"""Notebooks in a real JupyterLab: run it all, check that no cell fails, that every board
shows and every chart renders (offline SVG), and save a screenshot for a person to look at.

CI runs every tutorial in JupyterLab except :data:`ASKED_ONLY`, the three with no widget in their
outputs: 04 and 05 (charts) and 08 (printed text). nbval runs those in every CI run (no cell may
fail; the cells marked ``NBVAL_CHECK_OUTPUT`` must print what they printed), but their eight SVG
charts are then drawn in JupyterLab only when asked: ``MARKETLIB_LAB_NOTEBOOKS=all`` runs every
tutorial here (about 8 more minutes of test time, notebook 05's simulations most of it). The
charts of 06 and 07 are drawn here in every run, by the same offline renderer.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

from browser import chromium_page
from lab import OUT, lab_server, open_and_run

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
WIDGET = "application/vnd.jupyter.widget-view+json"


ASKED_ONLY = frozenset({"04_strategy.ipynb", "05_classroom_economics.ipynb",
                        "08_explorers.ipynb"})
"""The tutorials CI leaves to nbval (none shows a widget: checked below); a new tutorial runs
here by default."""


def _has_widget(path: Path) -> bool:
    """Whether a notebook's stored outputs show a widget."""
    nb = nbformat.read(path, as_version=4)
    return any(WIDGET in out.get("data", {}) for cell in nb.cells
               for out in cell.get("outputs", []))


ALL = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
_ASKED = os.environ.get("MARKETLIB_LAB_NOTEBOOKS", "")
if _ASKED not in ("", "all"):
    raise pytest.UsageError(f"MARKETLIB_LAB_NOTEBOOKS={_ASKED!r}: set it to 'all' or leave it "
                            "unset")
NOTEBOOKS = ALL if _ASKED == "all" else [name for name in ALL if name not in ASKED_ONLY]


def test_the_notebooks_left_to_nbval_show_no_widget() -> None:
    """A widget is what only a browser can check: a tutorial that shows one runs here in every
    CI run (fails if one of :data:`ASKED_ONLY` gains a board or a slider)."""
    assert set(ALL) >= ASKED_ONLY
    assert [name for name in sorted(ASKED_ONLY)
            if _has_widget(ROOT / "notebooks" / name)] == []


def _expected(path: Path) -> tuple[int, int]:
    """(boards, charts) the stored outputs of a notebook show."""
    nb = nbformat.read(path, as_version=4)
    boards = charts = 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            boards += WIDGET in data and "Board(" in data.get("text/plain", "")
            charts += "image/svg+xml" in data
    return boards, charts


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_in_jupyterlab(name: str, tmp_path: Path) -> None:
    shutil.copy(ROOT / "notebooks" / name, tmp_path / name)
    boards, charts = _expected(ROOT / "notebooks" / name)
    with lab_server(tmp_path) as url, chromium_page(tmp_path, 1280, 800) as page:
        open_and_run(page, url, name)
        page.wait_for_function(
            """() => { const panel = window.jupyterapp.shell.currentWidget;
                       const cells = panel.content.widgets.filter(c => c.model.type === 'code');
                       const k = panel.sessionContext.session?.kernel;
                       return k && k.status === 'idle' &&
                              cells.every(c => c.model.executionCount !== null); }""",
            timeout=300_000, polling=500)
        errors = page.evaluate(
            """() => window.jupyterapp.shell.currentWidget.content.widgets
                 .filter(c => c.model.type === 'code')
                 .flatMap(c => c.model.outputs.toJSON())
                 .filter(o => o.output_type === 'error').map(o => o.ename + ': ' + o.evalue)""")
        assert errors == []
        assert page.locator(".marketlib-board").count() == boards
        assert page.locator(".jp-RenderedSVG").count() == charts
        OUT.mkdir(parents=True, exist_ok=True)
        if boards:
            target = page.locator(".marketlib-board").first
        elif charts:
            target = page.locator(".jp-RenderedSVG").first
        else:
            target = page.locator(".jp-OutputArea-output").last
        target.scroll_into_view_if_needed()
        page.screenshot(path=str(OUT / f"{Path(name).stem}.png"))


def test_scenario_replay_slider_shows_every_position(tmp_path: Path) -> None:
    """Notebook 06's replay slider: every step of the slider draws its own position (the
    picture is an HTML widget whose value is set, so no update is dropped)."""
    name = "06_scenario_exploration.ipynb"
    shutil.copy(ROOT / "notebooks" / name, tmp_path / name)
    with lab_server(tmp_path) as url, chromium_page(tmp_path, 1280, 900) as page:
        open_and_run(page, url, name)
        handle = page.locator(".widget-slider .noUi-handle").first
        handle.wait_for(timeout=300_000)
        page.wait_for_function(
            "() => { const k = window.jupyterapp.shell.currentWidget.sessionContext.session"
            "?.kernel; return k && k.status === 'idle'; }", timeout=300_000)
        picture = page.locator(".widget-html-content").first
        seen = [picture.inner_html()]
        handle.focus()
        for _ in range(12):
            page.keyboard.press("ArrowRight")
            page.wait_for_function(
                "(old) => document.querySelector('.widget-html-content').innerHTML !== old",
                arg=seen[-1], timeout=30_000)
            seen.append(picture.inner_html())
        assert len(set(seen)) == len(seen) == 13  # 13 positions, each drawn, none dropped
        readout = page.locator(".widget-readout").first.inner_text()
        assert readout.strip() == "12"
