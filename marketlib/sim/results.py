"""Saved results and statistics over the ``games`` frame: Parquet or CSV files that keep their
metadata (library version, rules, seeds, bots), and win rates with Wilson intervals."""

from __future__ import annotations

import json
import math
from pathlib import Path
from statistics import NormalDist

import pandas as pd  # type: ignore[import-untyped]


def save_results(frame: pd.DataFrame, path: str | Path) -> Path:
    """Write a frame to Parquet (``.parquet``) or CSV (anything else) with its metadata.

    Parquet keeps ``frame.attrs`` in the file's metadata; CSV starts with one
    ``# marketlib: {...}`` comment line. :func:`load_results` reads either back.
    """
    target = Path(path)
    meta = frame.attrs.get("marketlib", {})
    if target.suffix == ".parquet":
        frame.to_parquet(target, index=False)
    else:
        with target.open("w", encoding="utf-8", newline="") as out:
            out.write(f"# marketlib: {json.dumps(meta, sort_keys=True)}\n")
            frame.to_csv(out, index=False)
    return target


def load_results(path: str | Path) -> pd.DataFrame:
    """Read a frame written by :func:`save_results`, with ``attrs["marketlib"]`` restored."""
    source = Path(path)
    if source.suffix == ".parquet":
        return pd.read_parquet(source)
    with source.open(encoding="utf-8") as f:
        first = f.readline()
        meta = json.loads(first.split(":", 1)[1]) if first.startswith("# marketlib:") else {}
        if not meta:
            f.seek(0)
        frame = pd.read_csv(f)
    frame.attrs["marketlib"] = meta
    return frame


def wilson_interval(wins: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes in ``n`` trials (fractions 0..1).

    Raises:
        ValueError: ``n < 1``, ``wins`` outside ``0..n`` or ``confidence`` outside (0, 1).

    Example:
        >>> [round(x, 3) for x in wilson_interval(8, 10)]
        [0.49, 0.943]
    """
    if n < 1 or not 0 <= wins <= n or not 0 < confidence < 1:
        raise ValueError("need n >= 1, 0 <= wins <= n and 0 < confidence < 1")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == n else min(1.0, centre + half)
    return low, high


def win_rates(games: pd.DataFrame, by: str | list[str] = "bot",
              confidence: float = 0.95) -> pd.DataFrame:
    """Win rate per group of the ``games`` frame with a Wilson confidence interval.

    Args:
        games: ``sim.play_many``'s first frame (columns ``winner`` and ``by``).
        by: the grouping column(s): ``"bot"``, ``"seat"`` or rule columns of a sweep.

    Returns:
        One row per group: ``by`` columns, ``games``, ``wins``, ``win_rate``, ``ci_low``,
        ``ci_high`` (fractions 0..1), ``mean_score``.
    """
    keys = [by] if isinstance(by, str) else list(by)
    rows = []
    for values, group in games.groupby(keys, sort=True):
        n, wins = len(group), int(group["winner"].sum())
        lo, hi = wilson_interval(wins, n, confidence)
        labels = values if isinstance(values, tuple) else (values,)
        rows.append({**dict(zip(keys, labels, strict=True)), "games": n, "wins": wins,
                     "win_rate": wins / n, "ci_low": lo, "ci_high": hi,
                     "mean_score": float(group["score"].mean())})
    return pd.DataFrame(rows)


__all__ = ["load_results", "save_results", "wilson_interval", "win_rates"]
