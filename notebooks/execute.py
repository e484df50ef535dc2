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
    if not argv:
        print(__doc__)
        return 2
    for name in argv:
        path = Path(name)
        print(f"executing {path} ...", flush=True)
        execute(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
