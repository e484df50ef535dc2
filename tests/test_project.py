"""Project hygiene: the README's commands, CI, and offline-only rules."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = "[0-9][0-9]_*.ipynb"  # the project's notebooks, not a learner's Untitled (issue 26)


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", quick)


def test_readme_quick_start_has_exactly_two_one_line_commands() -> None:
    commands = _readme_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)
    assert "jupyter lab notebooks/" in commands[0]
    assert "pytest" in commands[1]


def _extras() -> dict[str, list[str]]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names: dict[str, list[str]] = {}
    for extra, requirements in project["optional-dependencies"].items():
        names[extra] = [re.split(r"[<>=\[; ]", r, maxsplit=1)[0].lower() for r in requirements]
    return names


def test_readme_main_command_installs_only_the_class_extra() -> None:
    main, tests = _readme_commands()
    assert "--extra class" in main and "--all-extras" not in main
    assert "--all-extras" in tests  # the test command keeps everything
    extras = _extras()
    # pyarrow: notebook 07's Room.export and `simulate --out x.parquet` write Parquet
    need = {*extras["lab"], "pandas", "pyarrow", "altair", "vl-convert-python", "joblib", "tqdm",
            "scipy", *extras["classroom"]}
    assert need <= set(extras["class"])
    heavy = {*extras["browser"], *extras["docs"], *extras["dev"], *extras["test"], "dask"}
    assert not heavy & set(extras["class"])


def test_class_extra_covers_every_notebook_import() -> None:
    import nbformat

    provided = {"altair": "altair", "pandas": "pandas", "ipywidgets": "ipywidgets",
                "IPython": "ipykernel", "scipy": "scipy", "numpy": "pandas"}
    stdlib = sys.stdlib_module_names
    extras = set(_extras()["class"])
    import tomllib

    core = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for requirement in core["dependencies"]:  # marketlib's own dependencies come with it
        name = re.split(r"[<>=\[; ]", requirement, maxsplit=1)[0].lower()
        provided[name] = name
        extras.add(name)
    provided |= {"pyspiel": "open-spiel", "open_spiel": "open-spiel", "pettingzoo": "pettingzoo",
                 "gymnasium": "gymnasium", "dask": "dask", "distributed": "dask"}
    every = _extras()
    for path in sorted((ROOT / "notebooks").glob(TUTORIALS)):
        nb = nbformat.read(path, as_version=4)
        code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
        # An explorer's notebook may need more than a class install: it names those extras in
        # its metadata and says how to install them in its first cell (notebook 08).
        more = list(nb.metadata.get("marketlib", {}).get("extras", []))
        for extra in more:
            assert f"--extra {extra}" in nb.cells[0].source, (path.name, extra)
        allowed = extras.union(*(every[e] for e in more))
        for module in re.findall(r"^\s*(?:from|import) (\w+)", code, re.MULTILINE):
            if module in stdlib or module == "marketlib":
                continue
            assert module in provided, f"{path.name} imports {module}: add it to the class extra"
            assert provided[module] in allowed, (path.name, module)


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "set -euo pipefail" in ci
    assert _readme_commands()[1] in ci.splitlines()


def test_seeds_hold_both_rulebooks() -> None:
    names = sorted(p.name for p in (ROOT / "seeds").iterdir())
    assert names == ["bansan-rulebook.txt", "monsoon-market-rulebook.txt"]


def test_package_is_typed() -> None:
    assert (ROOT / "marketlib" / "py.typed").exists()


def front_end_problems(scripts: dict[str, str], css: str) -> list[str]:
    """Why a board front end (``scripts`` by name, its ``css``) is not offline and scoped: a
    URL, an ``import``, a script over 400 lines, a CSS selector outside ``.marketlib-``."""
    problems = []
    for name, text in scripts.items():
        if "https://" in text or "http://" in text:
            problems.append(f"{name} names a URL")
        if re.search(r"^\s*import\s", text, re.MULTILINE):
            problems.append(f"{name} imports")
        if len(text.splitlines()) > 400:
            problems.append(f"{name} is over 400 lines")
    rules = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    selectors = [s.strip() for block in re.findall(r"([^{}]+)\{", rules) for s in block.split(",")]
    if not selectors or not all(s.startswith(".marketlib-") for s in selectors):
        problems.append(f"CSS selectors outside .marketlib-: {selectors}")
    return problems


def test_widget_front_end_is_offline_and_scoped() -> None:
    """Shown to fail on broken copies: :func:`test_the_front_end_guard_fails_on_a_broken_copy`
    (a CDN import, a 401-line script, an unscoped ``button`` rule)."""
    widgets = ROOT / "marketlib" / "widgets"
    scripts = {js.name: js.read_text(encoding="utf-8") for js in widgets.glob("*.js")}
    assert scripts
    assert front_end_problems(scripts, (widgets / "board.css").read_text(encoding="utf-8")) == []


def test_the_front_end_guard_fails_on_a_broken_copy() -> None:
    widgets = ROOT / "marketlib" / "widgets"
    js = (widgets / "bansan.js").read_text(encoding="utf-8")
    css = (widgets / "board.css").read_text(encoding="utf-8")
    cdn = 'import * as d3 from "https://cdn.jsdelivr.net/npm/d3";\n' + js
    assert front_end_problems({"bansan.js": cdn}, css) == ["bansan.js names a URL",
                                                           "bansan.js imports"]
    assert front_end_problems({"long.js": "x;\n" * 401}, css) == ["long.js is over 400 lines"]
    assert len(front_end_problems({}, css + "\nbutton { color: red }\n")) == 1


def notebook_problems(nb: Any, name: str) -> list[str]:
    """Why notebook ``nb`` breaks the rules: stored widget state, or no title cell first."""
    problems = []
    if "widgets" in nb.metadata:
        problems.append(f"{name}: clear metadata.widgets")
    if not (nb.cells and nb.cells[0].cell_type == "markdown"
            and nb.cells[0].source.startswith("# ")):
        problems.append(f"{name}: the first cell is not a '# ' title")
    return problems


def test_notebooks_store_no_widget_state() -> None:
    """Shown to fail on a broken copy: notebook 00 with widget state stored in its metadata
    and its title cell moved after a code cell (see the end of this test)."""
    import nbformat

    paths = sorted((ROOT / "notebooks").glob(TUTORIALS))
    assert paths
    for path in paths:
        assert notebook_problems(nbformat.read(path, as_version=4), path.name) == []
    broken = nbformat.read(paths[0], as_version=4)
    broken.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {}}
    broken.cells.insert(0, nbformat.v4.new_code_cell("import marketlib"))
    assert len(notebook_problems(broken, paths[0].name)) == 2


def test_the_version_is_the_installed_one() -> None:
    from importlib.metadata import version

    import marketlib
    from marketlib.core.version import __version__

    assert marketlib.__version__ == __version__ == version("marketlib")


def test_the_notebook_runner_checks_its_arguments_before_running_any(tmp_path: Path) -> None:
    """helper-89: ``notebooks/execute.py notebooks/00_start_here.ipynb --help`` ran the
    notebook, wrote it back, then failed on '--help'. --help prints the usage; a wrong
    argument is refused before any notebook runs; nothing is written."""
    import subprocess
    import sys

    notebook = ROOT / "notebooks" / "00_start_here.ipynb"
    before = notebook.read_bytes()
    runner = [sys.executable, str(ROOT / "notebooks" / "execute.py")]
    shown = subprocess.run([*runner, "--help"], capture_output=True, text=True, check=False)
    assert shown.returncode == 0 and shown.stdout.startswith("usage: execute.py [-h] NOTEBOOK")
    for wrong in (["--help"], [str(tmp_path / "missing.ipynb")], [str(ROOT / "README.md")]):
        done = subprocess.run([*runner, str(notebook), *wrong], capture_output=True,
                              text=True, check=False)
        if wrong != ["--help"]:
            assert done.returncode == 2 and "not a notebook file" in done.stderr, done.stderr
            assert "executing" not in done.stdout
    assert notebook.read_bytes() == before
