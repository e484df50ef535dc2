"""Boards read everywhere a notebook is read (issue 13): every board output saved in the
tutorials carries a static picture beside its widget view, and the built site shows that
picture (no empty widget script tag). The built site also publishes the save files' JSON Schema
as marketlib generates it now (issue 14)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from marketlib import bansan, monsoon
from marketlib.core.savefile import schema

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
WIDGET = "application/vnd.jupyter.widget-view+json"


def _board_outputs(path: Path) -> list[dict[str, object]]:
    nb = nbformat.read(path, as_version=4)
    return [o["data"] for c in nb.cells for o in c.get("outputs", [])
            if WIDGET in o.get("data", {})
            and str(o["data"].get("text/plain", "")).startswith(("MonsoonBoard", "BansanBoard"))]


def test_every_saved_board_carries_its_static_picture() -> None:
    total = 0
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for data in _board_outputs(path):
            html = str(data.get("text/html", ""))
            assert 'class="marketlib-' in html and "<script" not in html, path.name
            total += 1
    assert total >= 13


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation site, built once for this module's tests; in CI, the one ``.ci/run``
    built with ``-W`` just before the tests (``MARKETLIB_DOCS_SITE``), so it is built once.
    Only ``.ci/run`` sets that variable: a site it names is read as it is, however old."""
    built = os.environ.get("MARKETLIB_DOCS_SITE")
    if built:
        out = Path(built)
        assert (out / "index.html").is_file(), f"MARKETLIB_DOCS_SITE={built}: no site built there"
        return out
    out = tmp_path_factory.mktemp("site") / "html"
    subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(ROOT / "docs"),
                    str(out)], check=True, cwd=ROOT)
    return out


def test_the_built_site_shows_the_static_board_for_every_board_cell(site: Path) -> None:
    out = site
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        boards = _board_outputs(path)
        page = (out / "tutorials" / f"{path.stem}.html").read_text(encoding="utf-8")
        shown = page.count("marketlib-monsoon-static") + page.count("marketlib-bansan-static")
        assert shown >= len(boards), (path.name, shown, len(boards))  # states draw too
        if boards:
            assert f'"{WIDGET}"' not in page, path.name


def test_the_save_files_page_publishes_the_schema_generated_now(site: Path) -> None:
    generated = json.loads(json.dumps(schema([monsoon, bansan])))  # tuples as JSON lists
    (download,) = site.glob("_downloads/*/save-file.schema.json")
    assert json.loads(download.read_text(encoding="utf-8")) == generated
    page = (site / "save-files.html").read_text(encoding="utf-8")
    assert "MonsoonSaveFile" in page and "BansanSaveFile" in page  # shown, not only linked
    assert page.count("marketlib.match") >= 3


def test_the_notation_page_lists_every_verb_of_both_games(site: Path) -> None:
    page = (site / "notation.html").read_text(encoding="utf-8")
    for game in (monsoon, bansan):
        for name, verb in game.table.NOTATION.verbs.items():
            assert f"<code class=\"docutils literal notranslate\"><span class=\"pre\">{name}" \
                   in page, name
            assert verb.action.__name__ in page


def test_the_site_carries_the_play_page(site: Path) -> None:
    """Issue 32: the docs build writes the Play page (every file it loads) and links it."""
    folder = site / "play"
    wheels = json.loads((folder / "page.json").read_text(encoding="utf-8"))["wheels"]
    for name in ("index.html", "worker.js", "pyodide.asm.wasm", "board-bansan.js", *wheels):
        assert (folder / name).is_file(), name
    assert sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) <= 20 * 1024 * 1024
    assert 'href="play/index.html"' in (site / "play.html").read_text(encoding="utf-8")
