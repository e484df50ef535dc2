"""Both Pythons agree (issue 32, point 5): the golden transcripts, the conformance kit on every
game and mode, and whole games between computer players played as the Play page plays them
(``tests/pyodide/games.py``) print the same under CPython and under Pyodide in Node
(``tests/pyodide/run.mjs``: the Play page's Pyodide core and wheels). Needs node and npm (the
pinned Pyodide core is fetched into the cache with ``npm ci`` on the first run); about a minute.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from marketlib.widgets.pagefolder import cache_dir as cache
from marketlib.widgets.pagefolder import marketlib_wheel, msgspec_wheel, pyodide_core

pytestmark = pytest.mark.slow
TESTS = Path(__file__).resolve().parent


def test_pyodide_plays_every_game_as_cpython_does() -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node and npm are needed to run Pyodide outside a browser")
    native = subprocess.run([sys.executable, str(TESTS / "pyodide" / "games.py"), str(TESTS)],
                            check=True, capture_output=True, text=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        wheels = [msgspec_wheel(cache()), marketlib_wheel(Path(tmp))]
        pyodide = subprocess.run(
            ["node", str(TESTS / "pyodide" / "run.mjs"), str(pyodide_core(cache())), str(TESTS),
             *map(str, wheels)], check=True, capture_output=True, text=True, timeout=900).stdout
    assert native.count(" True ") == 8  # every golden transcript, as stored
    assert pyodide == native
