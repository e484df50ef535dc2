"""A run's results as Parquet parts in one folder (issue 33, point 3), written where the games
are played, so the client of a large run never holds the ``turns``::

    results/
        meta.json                                 what the run was (the frames' attrs)
        games/part-00000-00000.parquet            grid point 0, chunk 0
        games/part-00000-00001.parquet
        turns/part-00000-00000.parquet
        ...

Each part is one task's frames: ``part-<point>-<chunk>.parquet``, both numbers zero-padded to at
least five digits. ``meta.json`` holds the frames' ``attrs["marketlib"]`` and the number of
parts, written by the client before any task runs; :func:`marketlib.sim.load_parts` reads the
folder back as the frames the run would have returned.

On a cluster the folder must be one that every worker and the client reach under the same path
(a shared disk, as the scratch file system of a SLURM or PBS cluster).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pandas as pd  # type: ignore[import-untyped]

META = "meta.json"
"""The file of a run's metadata in its folder."""

KINDS = ("games", "turns")
"""The two frames, each in its own subfolder."""

PART = re.compile(r"part-(\d+)-(\d+)\.parquet")
"""The name of one part."""


def part_name(point: int, chunk: int) -> str:
    """The file name of a part.

    Example:
        >>> part_name(3, 12)
        'part-00003-00012.parquet'
    """
    return f"part-{point:05d}-{chunk:05d}.parquet"


def prepare(folder: str | Path, meta: dict[str, Any], n_parts: int) -> str:
    """Make ``folder`` ready for a run of ``n_parts`` parts and return its absolute path (what
    the tasks are given, so a worker started in another directory writes to the same place).

    Parts and metadata left by an earlier run in the folder are removed first (only files
    named like parts, and ``meta.json``); other files are left alone.

    Raises:
        ValueError: ``folder`` is a file.
    """
    root = Path(folder).expanduser().resolve()
    if root.exists() and not root.is_dir():
        raise ValueError(f"out={str(folder)!r} is a file, not a folder")
    for kind in KINDS:
        (root / kind).mkdir(parents=True, exist_ok=True)
        for old in (root / kind).glob("part-*.parquet"):
            if PART.fullmatch(old.name):
                old.unlink()
    meta = {**meta, "parts": n_parts}
    (root / META).write_text(json.dumps(meta, sort_keys=True, default=str), encoding="utf-8")
    return str(root)


def write(folder: str, point: int, chunk: int, games: pd.DataFrame,
          turns: pd.DataFrame) -> None:
    """Write one task's frames as its two parts (on the worker that played them)."""
    root = Path(folder)
    for kind, frame in zip(KINDS, (games, turns), strict=True):
        (root / kind).mkdir(parents=True, exist_ok=True)
        frame.to_parquet(root / kind / part_name(point, chunk), index=False)


def read(folder: str | Path, kind: str) -> tuple[pd.DataFrame, dict[str, Any]]:
    """The parts of one frame (``"games"`` or ``"turns"``) concatenated in the order of their
    grid points and chunks, and the run's metadata; no dtype is changed.

    Raises:
        ValueError: no ``meta.json`` in ``folder``, or parts missing (a run not finished).
    """
    root = Path(folder)
    if not root.is_dir():
        raise ValueError(f"{folder}: not a folder (give the folder a run wrote with out=)")
    try:
        meta: Any = json.loads((root / META).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{folder}: no {META}; not a folder written with out=") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ValueError(f"{folder}/{META} is not JSON ({err}); not a folder written with "
                         "out=") from None
    parts = meta.get("parts") if isinstance(meta, dict) else None
    if isinstance(parts, bool) or not isinstance(parts, int) or parts < 0:
        raise ValueError(f"{folder}/{META}: field 'parts' must be the number of parts, not "
                         f"{parts!r}")
    found = sorted(((int(m[1]), int(m[2])), path) for path in (root / kind).glob("part-*.parquet")
                   if (m := PART.fullmatch(path.name)))
    expected = int(meta.pop("parts"))
    if len(found) != expected:
        raise ValueError(f"{folder}: {len(found)} of {expected} {kind} parts; the run did not "
                         "finish (run it again)")
    frame = pd.concat([pd.read_parquet(path) for _, path in found], ignore_index=True)
    return frame, meta


__all__ = ["KINDS", "META", "PART", "part_name", "prepare", "read", "write"]
