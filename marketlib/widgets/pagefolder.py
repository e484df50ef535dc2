"""Write the "Play" page: a self-contained folder that plays the games in a browser with nothing
installed (issue 32; docs: "Play in your browser"). ``python -m marketlib page OUTDIR`` and the
docs build call :func:`write_page`.

The folder holds every file the page needs, and the page asks for nothing outside it:

* the page (``marketlib/widgets/page/``: ``index.html``, ``play.js``, ``play.css``, and
  ``worker.js``, the Web Worker that runs Python), the board's own module per game
  (``board-bansan.js``, ``board-monsoon.js``: the notebook board's ``_esm`` text),
  ``board.css`` and ``words.json``, the page's words in every language (:mod:`.play_words`;
  issue 30, point 5);
* the Pyodide core from the npm ``pyodide`` package at the version pinned in
  ``marketlib/widgets/page/package-lock.json`` (``npm ci`` checks its sha512), only the files
  the page loads (:data:`PYODIDE_FILES`);
* the msgspec wheel built for Pyodide (:data:`MSGSPEC`, downloaded with ``pip download
  --require-hashes``; the npm package does not carry it) and a marketlib wheel built from this
  checkout (``uv build --wheel``) with its bytecode for Pyodide's Python added (compiled by
  Pyodide under Node: starting the page then compiles nothing), each in a folder named by its
  digest (``wheels/DIGEST/``, so a browser never mixes a cached old wheel with a new page),
  listed in ``page.json`` (which the worker always revalidates) with the standard library's
  modules the worker imports (``preload``: in the snapshot of Python's start the page keeps).

The downloads happen once, into a cache (``$MARKETLIB_CACHE`` or ``~/.cache/marketlib``), and
only when this runs: the page itself never downloads. Any static server serves the folder
(``python -m http.server``); the docs say how to host it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from marketlib.widgets.play_words import play_words

HERE = Path(__file__).parent
PAGE = HERE / "page"
PAGE_FILES = ("index.html", "play.js", "play.css", "worker.js")
"""The page's own files (``page/compile.mjs`` and the npm pins are for the build only)."""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
"""The Pyodide core files the page loads (the rest of the npm package is for Node and types)."""
MSGSPEC = ("msgspec==0.23.0",
           "1836f50ad87e7c56600b648a1b75c3bbcce62835cb1f489435fc5fee8d068831",
           "pyemscripten_2026_0_wasm32", "3.14")
"""The msgspec wheel for Pyodide 314 (PyPI): requirement, sha256, platform tag, Python; the
same msgspec version as ``uv.lock`` pins for CPython."""
LIMIT = 20 * 1024 * 1024
"""The most the folder may weigh (issue 32: at most 20 MB)."""
GAMES = ("bansan", "monsoon")


class PageBuildError(RuntimeError):
    """A step of the build failed (the sentence names the step and the command)."""


@dataclass(frozen=True)
class Written:
    """What :func:`write_page` wrote: the folder, its size in bytes, the Pyodide version."""

    folder: Path
    size: int
    pyodide: str

    def __str__(self) -> str:
        return (f"wrote {self.folder} ({self.size / 1e6:.1f} MB, Pyodide {self.pyodide}); "
                f"serve it with: python -m http.server -d {self.folder}")


def cache_dir() -> Path:
    """Where downloads are kept between builds: ``$MARKETLIB_CACHE`` or ``~/.cache/marketlib``."""
    found = os.environ.get("MARKETLIB_CACHE")
    return Path(found) if found else Path.home() / ".cache" / "marketlib"


def pyodide_version() -> str:
    """The pinned version of the npm ``pyodide`` package (``package-lock.json``)."""
    lock = json.loads((PAGE / "package-lock.json").read_text(encoding="utf-8"))
    return str(lock["packages"]["node_modules/pyodide"]["version"])


def _run(step: str, command: list[str], cwd: Path | None = None) -> None:
    try:
        subprocess.run(command, cwd=cwd, check=True, capture_output=True, text=True)
    except FileNotFoundError:
        raise PageBuildError(f"{step}: {command[0]} is not installed") from None
    except subprocess.CalledProcessError as err:
        tail = (err.stderr or err.stdout or "").strip().splitlines()[-5:]
        raise PageBuildError(f"{step} failed: {' '.join(command)}\n" + "\n".join(tail)) from None


def pyodide_core(cache: Path) -> Path:
    """The folder of the pinned npm ``pyodide`` package, installed with ``npm ci`` (which checks
    the lock file's sha512) into the cache the first time."""
    version = pyodide_version()
    where = cache / f"npm-pyodide-{version}"
    package = where / "node_modules" / "pyodide"
    if all((package / f).is_file() for f in PYODIDE_FILES):
        return package
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:  # two builds at once never mix
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(PAGE / name, Path(tmp) / name)
        _run("npm ci (the Pyodide core)", ["npm", "ci", "--ignore-scripts", "--no-audit",
                                            "--no-fund", "--omit=dev"], cwd=Path(tmp))
        try:
            Path(tmp).rename(where)
        except OSError:  # another build put it there meanwhile
            pass
        else:
            Path(tmp).mkdir()  # for the context manager to remove
    return package


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def msgspec_wheel(cache: Path) -> Path:
    """The msgspec wheel for Pyodide, downloaded once with ``pip download --require-hashes``
    and checked against :data:`MSGSPEC`'s sha256."""
    requirement, digest, platform, python = MSGSPEC
    where = cache / "wheels"
    for found in where.glob("msgspec-*.whl"):
        if sha256(found) == digest:
            return found
    where.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        needs = Path(tmp) / "requirements.txt"
        needs.write_text(f"{requirement} --hash=sha256:{digest}\n", encoding="utf-8")
        pip = [sys.executable, "-m", "pip"]
        if subprocess.run([*pip, "--version"], capture_output=True).returncode != 0:
            pip = ["uvx", "pip"]  # a uv environment has no pip of its own
        _run("pip download (msgspec for Pyodide)",
             [*pip, "download", "--no-deps", "--only-binary=:all:", "--require-hashes",
              "--platform", platform, "--python-version", python, "--implementation", "cp",
              "-r", str(needs), "-d", tmp])
        for found in Path(tmp).glob("msgspec-*.whl"):
            if sha256(found) != digest:
                raise PageBuildError(f"{found.name}: sha256 {sha256(found)}, expected {digest}")
            kept = where / found.name
            shutil.copy2(found, Path(tmp) / "kept")
            os.replace(Path(tmp) / "kept", kept)  # whole or not at all
            return kept
    raise PageBuildError("pip download (msgspec for Pyodide) wrote no wheel")


def checkout() -> Path:
    """The checkout marketlib is imported from (its ``pyproject.toml``)."""
    root = HERE.parents[1]
    if not (root / "pyproject.toml").is_file():
        raise PageBuildError(f"the page needs a marketlib checkout to build its wheel from; "
                             f"{root} has no pyproject.toml")
    return root


def marketlib_wheel(folder: Path) -> Path:
    """A wheel of this checkout, built with ``uv build --wheel`` into ``folder``."""
    _run("uv build --wheel (marketlib)",
         ["uv", "build", "--wheel", "--quiet", "--out-dir", str(folder)], cwd=checkout())
    return next(folder.glob("marketlib-*.whl"))


def compiled(wheel: Path, core: Path, msgspec: Path) -> tuple[Path, list[str]]:
    """``wheel`` with marketlib's bytecode for Pyodide's Python added (``__pycache__`` folders of
    unchecked-hash ``.pyc``, compiled by Pyodide itself under Node: ``page/compile.mjs``), so
    the page does not compile every module at each start. The wheel is only for the page
    (``pyodide.loadPackage`` unpacks it; its RECORD does not list the ``.pyc``).

    Also the standard library's modules the worker imports beyond Python's own start (found by
    the same run: ``page.json``'s ``preload``; the page imports them before keeping its
    snapshot of Python's start, ``page/worker.js``)."""
    with tempfile.TemporaryDirectory() as tmp:
        _run("node compile.mjs (marketlib's bytecode for Pyodide)",
             ["node", str(PAGE / "compile.mjs"), str(core), tmp, str(msgspec), str(wheel)])
        found = sorted(Path(tmp).rglob("*.pyc"))
        if not found:
            raise PageBuildError("node compile.mjs wrote no bytecode")
        with zipfile.ZipFile(wheel, "a", compression=zipfile.ZIP_DEFLATED) as archive:
            for pyc in found:
                archive.write(pyc, pyc.relative_to(tmp).as_posix())
        preload = json.loads((Path(tmp) / "preload.json").read_text(encoding="utf-8"))
    return wheel, [str(name) for name in preload]


def board_module(game: str) -> str:
    """The notebook board's own ES module for ``game`` (the same text a notebook and the
    classroom are served)."""
    from marketlib.widgets import board_class

    try:
        return str(board_class(game)._esm)
    except ImportError as err:
        raise PageBuildError(f"the board's module needs the lab extra ({err})") from None


def keep(wheel: Path, folder: Path) -> str:
    """Copy ``wheel`` to ``wheels/DIGEST/`` under ``folder`` (a new build is a new address, so
    no browser keeps an old marketlib beside a new page); its path for ``page.json``."""
    where = folder / "wheels" / sha256(wheel)[:16]
    where.mkdir(parents=True, exist_ok=True)
    shutil.copy2(wheel, where / wheel.name)
    return (where / wheel.name).relative_to(folder).as_posix()


def write_page(out: str | Path, *, cache: Path | None = None) -> Written:
    """Write the Play page into ``out``: a new or empty folder, or one this function wrote
    before (it has ``page.json``; the files the page writes are replaced). Any other folder
    is refused before anything is written: ``page .`` in a project must not overwrite its
    ``index.html`` or remove its ``wheels/``.

    Raises:
        PageBuildError: ``out`` is a file or a folder of other files, a download or build step
            failed (named), or the folder is over 20 MB.
    """
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise PageBuildError(f"{folder} is a file: give a folder for the page")
    if folder.is_dir() and any(folder.iterdir()) and not (folder / "page.json").is_file():
        raise PageBuildError(f"{folder} already holds other files (and no page.json from an "
                             "earlier page): give a new or empty folder")
    folder.mkdir(parents=True, exist_ok=True)
    cache = cache_dir() if cache is None else cache
    core = pyodide_core(cache)
    for name in PYODIDE_FILES:
        shutil.copyfile(core / name, folder / name)
    for name in PAGE_FILES:
        shutil.copyfile(PAGE / name, folder / name)
    shutil.copyfile(HERE / "board.css", folder / "board.css")
    (folder / "words.json").write_text(json.dumps(play_words(), ensure_ascii=False) + "\n",
                                       encoding="utf-8")
    for game in GAMES:
        (folder / f"board-{game}.js").write_text(board_module(game), encoding="utf-8")
    shutil.rmtree(folder / "wheels", ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        found = msgspec_wheel(cache)
        ours, preload = compiled(marketlib_wheel(Path(tmp)), core, found)
        wheels = [keep(wheel, folder) for wheel in (found, ours)]
    manifest = {"wheels": wheels, "pyodide": pyodide_version(), "preload": preload}
    (folder / "page.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
    if size > LIMIT:
        raise PageBuildError(f"{folder} weighs {size / 1e6:.1f} MB, over the 20 MB limit")
    return Written(folder, size, pyodide_version())


__all__ = ["GAMES", "MSGSPEC", "PYODIDE_FILES", "PageBuildError", "Written", "cache_dir",
           "pyodide_version", "write_page"]
