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

Point 2 of issue 28 adds a third figure: **mode branches**, every ``mode ==``/``mode !=``
comparison with a string in the ``.py`` files under ``marketlib/`` (as ``grep -rE 'mode
(==|!=) "'`` finds them), split into those naming a Bansan mode (``standard``, ``kenduri``,
``sendiri``) and the rest (a Match's ``"explore"``), with the Bansan ones per file. ``--rev``
measures a git revision as well (read with ``git show``), e.g. ``--rev main`` for the figure
before Bansan's modes became records (:mod:`marketlib.bansan.modes`).

Run: ``uv run --all-extras python benchmarks/structure.py [--root marketlib] [--rev main]``.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
from collections import Counter
from collections.abc import Iterable
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


BANSAN_MODES = ("standard", "kenduri", "sendiri")
_MODE_BRANCH = re.compile(r"""\bmode\s*(?:==|!=)\s*["'](\w+)["']""")


def mode_branches(files: Iterable[tuple[str, str]]) -> tuple[Counter[str], int]:
    """Given ``(path, text)`` pairs, the ``mode ==``/``mode !=`` comparisons with a Bansan
    mode's name per path, and the number of other ``mode`` comparisons with a string."""
    bansan: Counter[str] = Counter()
    other = 0
    for path, text in files:
        for name in _MODE_BRANCH.findall(text):
            if name in BANSAN_MODES:
                bansan[path] += 1
            else:
                other += 1
    return bansan, other


def files_at(root: Path) -> list[tuple[str, str]]:
    """The ``.py`` files under ``root`` as ``(path, text)``."""
    return [(p.relative_to(root.parent).as_posix(), p.read_text(encoding="utf-8"))
            for p in sorted(root.rglob("*.py")) if "__pycache__" not in p.parts]


def files_in_git(rev: str, root: Path) -> list[tuple[str, str]]:
    """The ``.py`` files of the package ``root`` at the git revision ``rev`` (``git show``)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=root.parent, check=True, text=True,
                              capture_output=True).stdout

    names = git("ls-tree", "-r", "--name-only", rev, root.name).split()
    return [(n, git("show", f"{rev}:{n}")) for n in names if n.endswith(".py")]


def print_mode_branches(label: str, files: list[tuple[str, str]]) -> None:
    bansan, other = mode_branches(files)
    print(f"\nmode branches at {label}: {sum(bansan.values())} naming a Bansan mode "
          f"in {len(bansan)} modules, {other} other `mode ==`/`mode !=` string comparisons")
    for path, n in sorted(bansan.items()):
        print(f"  {n:>3} {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1] / "marketlib"),
                        help="the marketlib package folder to measure")
    parser.add_argument("--rev", default=None,
                        help="also count the mode branches at this git revision (e.g. main)")
    args = parser.parse_args()
    root = Path(args.root)
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
    if args.rev is not None:
        print_mode_branches(args.rev, files_in_git(args.rev, root))
    print_mode_branches(str(root), files_at(root))


if __name__ == "__main__":
    main()
