"""Execute tutorial notebooks in place and store their outputs, the way CI reads them.

Usage (from the repository root)::

    uv run --all-extras python notebooks/execute.py notebooks/02_bansan_rules.ipynb [...]

Each notebook runs top to bottom in a fresh kernel (the folder ``notebooks/`` as its working
directory); its outputs are stored and ``metadata.widgets`` (widget state, large and not
needed) is removed. nbval then checks the cells marked ``# NBVAL_CHECK_OUTPUT`` in CI.
"""

from __future__ import annotations

import sys
from pathlib import Path


def execute(path: Path, timeout: int = 900) -> None:
    """Run ``path`` in a fresh kernel and write it back with its outputs."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)


def main(argv: list[str]) -> int:
    """Check every argument is a notebook file before running any (``--help``, a typo or a
    missing file changes nothing: a newcomer's ``--help`` ran and rewrote the notebook given
    before it, then failed on ``--help``, helper-89)."""
    import argparse

    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        epilog="Writes each notebook back in place with its outputs (a change git shows).")
    parser.add_argument("notebooks", nargs="+", type=Path, metavar="NOTEBOOK",
                        help="a .ipynb file, run top to bottom in a fresh kernel")
    paths = parser.parse_args(argv).notebooks
    wrong = [p for p in paths if p.suffix != ".ipynb" or not p.is_file()]
    if wrong:
        parser.error(f"not a notebook file: {', '.join(map(str, wrong))} (nothing was run)")
    for path in paths:
        print(f"executing {path} ...", flush=True)
        execute(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
