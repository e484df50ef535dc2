"""How the code is laid out: lines per package, and how many modules one action kind touches.

Issue 28 asks for two figures before and after each game becomes a declaration that core runs:

* **lines of code per package**: every line (blank and comment lines included, like ``wc -l``)
  of the ``.py`` files under ``marketlib/<package>/`` (or ``marketlib/<package>.py``), with the
  number of modules;
* **modules that name an action kind**, for one real kind per game (Bansan ``Empty``, Monsoon
  ``Steal``): every file under ``marketlib/`` where the name occurs as a whole word, as
  ``grep -rlw Empty marketlib`` lists them (Python, JS, CSS). Each is marked ``code`` when a
  Python module uses the name in code (a name, an attribute or an import; the AST says so) and
  ``text`` when it only mentions it (a docstring, a comment, a JS file's text). Adding an
  action kind touches the ``code`` modules.

Baseline at main 7f5efbb: core 3346 lines in 19 modules, bansan 6006/24, monsoon 3237/17, bots
1841, sim 991, widgets 1991, classroom 2189; ``Empty`` in 10 modules, ``Steal`` in 15.

Run: ``uv run --all-extras python benchmarks/structure.py [--root marketlib]``.
"""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

PACKAGES = ("core", "bansan", "monsoon", "bots", "sim", "widgets", "classroom")
KINDS = (("bansan", "Empty"), ("monsoon", "Steal"))
"""One real action kind per game."""
_TEXT = {".py", ".js", ".css", ".html", ".toml", ".csv", ".md"}


def package_lines(root: Path, package: str) -> tuple[int, int]:
    """(lines, modules) of the Python files of ``package`` under ``root``."""
    folder = root / package
    files = sorted(folder.rglob("*.py")) if folder.is_dir() else [root / f"{package}.py"]
    files = [f for f in files if f.is_file()]
    return sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files), len(files)


def _in_code(source: str, name: str) -> bool:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and node.id == name:
            return True
        if isinstance(node, ast.Attribute) and node.attr == name:
            return True
        if isinstance(node, ast.alias) and name in (node.name, node.asname):
            return True
    return False


def naming(root: Path, name: str) -> list[tuple[str, str]]:
    """Every file under ``root`` that names ``name`` as a whole word, with ``code`` or
    ``text`` (see the module docstring), in path order."""
    word = re.compile(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])")
    found = []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix not in _TEXT or "__pycache__" in path.parts:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if word.search(text):
            how = "code" if path.suffix == ".py" and _in_code(text, name) else "text"
            found.append((path.relative_to(root.parent).as_posix(), how))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1] / "marketlib"),
                        help="the marketlib package folder to measure")
    root = Path(parser.parse_args().root)
    print(f"lines of code per package under {root}")
    print(f"{'package':<10} {'lines':>6} {'modules':>8}")
    for package in PACKAGES:
        lines, modules = package_lines(root, package)
        print(f"{package:<10} {lines:>6} {modules:>8}")
    for game, name in KINDS:
        found = naming(root, name)
        code = sum(how == "code" for _, how in found)
        print(f"\n{game} {name}: named in {len(found)} modules ({code} in code)")
        for path, how in found:
            print(f"  {how:<5} {path}")


if __name__ == "__main__":
    main()
