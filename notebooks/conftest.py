"""pytest in ``notebooks/``: nbval runs the project's tutorials (``NN_name.ipynb``) only.

JupyterLab, opened on this folder as the README says, saves a learner's new notebook here as
``Untitled.ipynb``; it is theirs, not a tutorial, so it is not collected (issue 26, point 6). The
docs build takes the same notebooks (``TUTORIALS`` in docs/conf.py).
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from pathlib import Path

TUTORIALS = "[0-9][0-9]_*.ipynb"
"""The tutorials' file names: two digits, ``_``, a name (``00_start_here.ipynb``)."""


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Leave out a notebook here that is not a tutorial (``None``: pytest decides as usual)."""
    if collection_path.suffix == ".ipynb" and not fnmatchcase(collection_path.name, TUTORIALS):
        return True
    return None
