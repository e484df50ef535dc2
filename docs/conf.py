"""Sphinx configuration: myst-nb + furo, built offline (``sphinx-build -W -b html docs OUT``).

The tutorial notebooks (``notebooks/NN_name.ipynb``, :data:`TUTORIALS`) are copied into
``docs/tutorials/`` here (no pre-step) and rendered with their stored outputs; any other notebook
there (a learner's ``Untitled.ipynb`` saved by JupyterLab) is left out (issue 26, point 6); a static picture of each board, the save files' JSON
Schema and the table of each game's verbs are written into ``docs/_generated/`` at build time.
Once the HTML is built, the Play page (the games in the browser, nothing to install; issue 32)
is written into ``OUT/play/`` by the same writer as ``python -m marketlib page`` (its npm and
PyPI downloads, pinned and checked, go to a cache the first time).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

project = "marketlib"
author = "marketlib developers"
copyright = "2026, marketlib developers"  # noqa: A001

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
html_theme = "furo"
html_title = "marketlib"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints"]
nb_execution_mode = "off"  # notebooks are executed (and checked by nbval) in the test suite
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3
autodoc_member_order = "bysource"
autodoc_typehints = "description"
napoleon_google_docstring = True
suppress_warnings = ["myst.header", "mystnb.unknown_mime_type"]
# A board's output carries its static picture as text/html beside the widget view: the site
# shows the picture (a widget view needs a live kernel).
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "text/html", 0),
]
nitpicky = False


TUTORIALS = "[0-9][0-9]_*.ipynb"
"""The project's own notebooks, ``00_start_here.ipynb`` and so on (pytest's addopts in
pyproject.toml leave every other notebook in notebooks/ out of nbval likewise)."""


def _copy_notebooks() -> None:
    target = HERE / "tutorials"
    target.mkdir(exist_ok=True)
    for old in target.glob("*.ipynb"):
        old.unlink()
    for notebook in sorted((ROOT / "notebooks").glob(TUTORIALS)):
        shutil.copyfile(notebook, target / notebook.name)


def _static_boards() -> None:
    from marketlib.monsoon import position

    out = HERE / "_generated"
    out.mkdir(exist_ok=True)
    state = position(
        displays=[["Gem2", "Cloth2", "Scroll1", "Wood4"], ["Pepper3", "Gem/Scroll1", "Leather3"]],
        market=["Cloth4", "Pepper1", "Gem3", "Scroll2"],
        order_display=["MO-29", "MO-09", "MO-14", "MO-36"],
        orders={1: ["MO-03 bulk", "MO-12 gold"]},
    )
    (out / "monsoon_board.html").write_text(state._repr_html_(), encoding="utf-8")
    from marketlib.bansan import position as bansan_position

    market = bansan_position(
        players=3, rents={0: ["FV", "DG"], 1: ["WG", "MT"], 2: ["SF"]},
        stalls={"WG": ["WG", "WG"], "DG": ["DG"], "SF": ["SF", "SF", "SF"]},
        row=["FV/SF", "WG/DG", "MT/MM", "WG/SF", "MT/DG"], bins={"PL": 3, "OR": 6},
        bags={0: ["FV:PA", "MT:OR"]}, phase="actions",
    )
    (out / "bansan_board.html").write_text(market._repr_html_(), encoding="utf-8")


def _save_file_schema() -> None:
    import json

    from marketlib import bansan, monsoon
    from marketlib.core.savefile import schema

    out = HERE / "_generated"
    out.mkdir(exist_ok=True)
    text = json.dumps(schema([monsoon, bansan]), indent=2) + "\n"
    (out / "save-file.schema.json").write_text(text, encoding="utf-8")


def _notation_verbs() -> None:
    """Each game's verbs, from the tables its parser reads (marketlib.core.notation)."""
    from marketlib import bansan, monsoon

    lines = []
    for game in (monsoon, bansan):
        lines += [f"### {game.GAME.title}", "", "| verb | written | action | arguments |",
                  "|---|---|---|---|"]
        for name, verb in game.table.NOTATION.verbs.items():
            kinds = [f"`{field}`: {kind.what}" for field, kind in verb.args]
            kinds += [f"`{key}=` (optional): {kind.what}" for key, kind in verb.keys]
            if verb.need_key:
                kinds.append("at least one key")
            lines.append(f"| `{name}` | `{verb.usage(name)}` | `{verb.action.__name__}` | "
                         f"{'; '.join(kinds) or '-'} |")
        lines.append("")
    out = HERE / "_generated"
    out.mkdir(exist_ok=True)
    (out / "notation_verbs.md").write_text("\n".join(lines), encoding="utf-8")


_copy_notebooks()
_static_boards()
_save_file_schema()
_notation_verbs()


def _play_page(app: object, exception: Exception | None) -> None:
    """Write the Play page into the site (``play/``, linked from "Play in your browser")."""
    builder = getattr(app, "builder", None)
    if exception is not None or getattr(builder, "format", "") != "html":
        return
    from marketlib.widgets.pagefolder import write_page

    write_page(Path(getattr(app, "outdir")) / "play")  # noqa: B009


def setup(app: object) -> None:
    getattr(app, "connect")("build-finished", _play_page)  # noqa: B009
