"""Dependencies point one way (issue 14): core <- games <- bots <- sim <- charts <- widgets <-
classroom and __main__ (issue 28, point 5), the two games independent and the classroom and the
command line independent, and no import circles anywhere, lazy imports inside functions
included. The contracts live in pyproject.toml ([tool.importlinter]); CI runs
``lint-imports``, and these tests run the same contracts and show that they catch a breach."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "importlinter"]


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the package and pyproject.toml found in ``root``."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
         "sys.exit(lint_imports_command())", "--no-cache", "--no-logo"],
        cwd=root, env=env, capture_output=True, text=True, check=False)


def test_the_contracts_hold() -> None:
    """Shown to fail on broken copies of the package:
    :func:`test_a_lazy_import_against_the_grain_is_caught` (seven copies, each with one lazy
    import against the layers or making a cycle)."""
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 2 kept, 0 broken." in result.stdout


def test_the_contracts_say_what_the_docs_say() -> None:
    layers, acyclic = CONFIG["contracts"]
    assert layers["type"] == "layers" and layers["containers"] == ["marketlib"]
    assert layers["layers"] == ["__main__ | classroom", "widgets", "charts", "sim | openspiel | rl",
                                "bots | features", "monsoon | bansan", "core"]
    assert acyclic["type"] == "acyclic_siblings" and acyclic["ancestors"] == ["marketlib"]
    for contract in CONFIG["contracts"]:
        assert "ignore_imports" not in contract  # no import is let off
    # Only imports under `if TYPE_CHECKING:` are left out: they never run.
    assert CONFIG["exclude_type_checking_imports"] is True


@pytest.mark.parametrize(("module", "line", "broken"), [
    ("core/errors.py", "    from marketlib.bots import greedy\n",
     "marketlib.core is not allowed to import marketlib.bots"),
    ("monsoon/cards.py", "    from marketlib.bansan import cards\n",
     "marketlib.monsoon is not allowed to import marketlib.bansan"),
    ("core/match.py", "    from marketlib import play\n",
     "marketlib.core is not allowed to import marketlib.widgets"),
    ("monsoon/state.py", "    from marketlib.monsoon import render\n",
     "No cycles are allowed in marketlib.monsoon"),
    ("widgets/payload.py", "    from marketlib.classroom import status\n",
     "marketlib.widgets is not allowed to import marketlib.classroom"),
    ("__main__.py", "    from marketlib.classroom import Room\n",
     "marketlib.__main__ is not allowed to import marketlib.classroom"),
    ("classroom/status.py", "    from marketlib.classroom import frames\n",
     "No cycles are allowed in marketlib.classroom"),
])
def test_a_lazy_import_against_the_grain_is_caught(tmp_path: Path, module: str, line: str,
                                                   broken: str) -> None:
    """The broken copy: the package copied to ``tmp_path`` with ``line`` (an import inside a
    function) appended to ``module``; ``lint-imports`` must fail and name the breach."""
    shutil.copytree(ROOT / "marketlib", tmp_path / "marketlib",
                    ignore=shutil.ignore_patterns("__pycache__", "data"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    with (tmp_path / "marketlib" / module).open("a", encoding="utf-8") as f:
        f.write(f"\n\ndef _against_the_grain() -> None:\n{line}")
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout
    assert broken in result.stdout
    assert "_against_the_grain" not in result.stdout  # named by module and line instead
    assert f"marketlib.{module[:-3].replace('/', '.')} -> " in result.stdout or "cycles" in broken


def test_ci_runs_the_contracts_after_mypy() -> None:
    steps = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    mypy = steps.index("uv run --all-extras mypy")
    assert steps[mypy + 1].startswith("uv run --all-extras lint-imports")
