"""Saved results and statistics over the ``games`` frame: Parquet or CSV files that keep their
metadata (library version, rules, seeds, bots), and statistics with 95% intervals from scipy:
win rates (Wilson), means (t) and differences of means (Welch)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec
import numpy as np
import pandas as pd  # type: ignore[import-untyped]


def results_format(path: str | Path) -> str:
    """``"parquet"`` or ``"csv"``: the format of a results file, by its suffix.

    Raises:
        ValueError: another suffix, naming the file (helper-82's ``games.xlsx`` was written
            as CSV text under that name, which a spreadsheet then refused).
    """
    suffix = Path(path).suffix.lower()
    if suffix not in (".parquet", ".csv"):
        raise ValueError(f"{path}: results are saved as .parquet or .csv (a spreadsheet "
                         f"opens .csv), not {suffix or 'a file without a suffix'!r}")
    return suffix[1:]


def restored(meta: Any) -> Any:
    """``attrs["marketlib"]`` read back from JSON (a saved frame, a run's ``meta.json``) as the
    run made it: each of its ``rules`` and each ``grid`` value in the types of the game's
    ``Rules`` (JSON writes a tuple option, ``removed_cards`` say, as a list, and
    ``Rules(**attrs["rules"])`` then refused it; helper-105). Only the options it holds are
    written back, none is added; a grid option these rules do not take stays as read, and
    metadata of a game not registered here, or whose ``rules`` its ``Rules`` no longer take
    (an older run), stays as read."""
    if not isinstance(meta, dict) or not isinstance(meta.get("rules"), dict):
        return meta
    from marketlib.core.registry import resolve_game
    from marketlib.sim.record import rule_value

    raw = meta["rules"]
    try:
        kind = resolve_game(str(meta.get("game"))).Rules
        rules = msgspec.convert(raw, kind)
    except (ValueError, TypeError, AttributeError, msgspec.ValidationError):
        return meta
    out = {**meta, "rules": {name: msgspec.to_builtins(getattr(rules, name, value))
                             for name, value in raw.items()}}
    grid = meta.get("grid")
    if isinstance(grid, dict):
        out["grid"] = {name: [rule_value(kind, raw, name, v) for v in values]
                       if isinstance(values, list) else values for name, values in grid.items()}
    return out


def save_results(frame: pd.DataFrame, path: str | Path) -> Path:
    """Write a frame to Parquet (``.parquet``) or CSV (``.csv``) with its metadata.

    Parquet keeps ``frame.attrs`` in the file's metadata; CSV starts with one
    ``# marketlib: {...}`` comment line. :func:`load_results` reads either back.

    Raises:
        ValueError: another suffix (:func:`results_format`; nothing is written).
    """
    target = Path(path)
    meta = frame.attrs.get("marketlib", {})
    if results_format(target) == "parquet":
        frame.to_parquet(target, index=False)
    else:
        with target.open("w", encoding="utf-8", newline="") as out:
            out.write(f"# marketlib: {json.dumps(meta, sort_keys=True)}\n")
            frame.to_csv(out, index=False)
    return target


def load_results(path: str | Path) -> pd.DataFrame:
    """Read a frame written by :func:`save_results`, with ``attrs["marketlib"]`` restored.

    Raises:
        ValueError: a CSV row whose ``ending`` is not one of its game's (the message names the
            file and the row).
    """
    source = Path(path)
    if source.suffix.lower() == ".parquet":  # anything else as CSV: files saved before
        frame = pd.read_parquet(source)  # save_results refused other suffixes were CSV
        if "marketlib" in frame.attrs:
            frame.attrs["marketlib"] = restored(frame.attrs["marketlib"])
        return frame
    with source.open(encoding="utf-8") as f:
        first = f.readline()
        meta = json.loads(first.split(":", 1)[1]) if first.startswith("# marketlib:") else {}
        if not meta:
            f.seek(0)
        frame = pd.read_csv(f)
    from marketlib.sim.batch import categorize

    frame.attrs["marketlib"] = restored(meta)
    try:
        categorize(frame)
    except ValueError as err:
        raise ValueError(f"{source}: {err}") from None
    return frame


def load_parts(folder: str | Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Read the Parquet parts a run wrote with ``out=folder`` (:func:`~marketlib.sim.play_many`
    or :func:`~marketlib.sim.sweep`) back as its ``(games, turns)`` frames: the parts in order
    of their grid points and chunks, the dtypes and ``attrs["marketlib"]`` as the run would
    have returned them (a sweep's frames carry its rule columns, ``turns`` too).

    Raises:
        ValueError: ``folder`` holds no run, or parts are missing (the run did not finish).
    """
    from marketlib.sim import parts
    from marketlib.sim.batch import finish

    games, meta = parts.read(folder, "games")
    turns, _ = parts.read(folder, "turns")
    meta = restored(meta)
    finish(games, turns, meta.get("game"), meta)
    return games, turns


def wilson_interval(wins: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes in ``n`` trials (fractions 0..1), from
    scipy (``scipy.stats.binomtest(wins, n).proportion_ci(method="wilson")``).

    Edge cases: with no trials (``n == 0``) nothing is known and the interval is ``(0.0, 1.0)``;
    with no wins it starts at exactly 0.0, with all wins it ends at exactly 1.0 (40 wins in 40
    games give about 0.912..1.0: never a certainty).

    Raises:
        ValueError: ``n < 0``, ``wins`` outside ``0..n`` or ``confidence`` outside (0, 1).

    Example:
        >>> [round(x, 3) for x in wilson_interval(8, 10)]
        [0.49, 0.943]
        >>> [round(x, 3) for x in wilson_interval(40, 40)], wilson_interval(0, 0)
        ([0.912, 1.0], (0.0, 1.0))
    """
    if n < 0 or not 0 <= wins <= n or not 0 < confidence < 1:
        raise ValueError("need n >= 0, 0 <= wins <= n and 0 < confidence < 1")
    if n == 0:
        return 0.0, 1.0
    from scipy.stats import binomtest  # type: ignore[import-untyped]

    ci = binomtest(int(wins), int(n)).proportion_ci(confidence_level=confidence, method="wilson")
    return float(ci.low), float(ci.high)


def mean_interval(values: Iterable[float], confidence: float = 0.95) -> tuple[float, float]:
    """The t interval for the mean of ``values`` (independent observations, e.g. one per game),
    from scipy (``scipy.stats.ttest_1samp(values, 0).confidence_interval(confidence)``).

    Edge cases: fewer than two values give ``(nan, nan)`` (no spread can be estimated); values
    that are all equal give ``(mean, mean)``.

    Raises:
        ValueError: ``confidence`` outside (0, 1).

    Example:
        >>> [round(x, 3) for x in mean_interval([1, 2, 3, 4])]
        [0.446, 4.554]
    """
    if not 0 < confidence < 1:
        raise ValueError("need 0 < confidence < 1")
    data = np.asarray(list(values), dtype=float)
    if len(data) < 2:
        return math.nan, math.nan
    if np.all(data == data[0]):
        return float(data[0]), float(data[0])
    from scipy.stats import ttest_1samp

    ci = ttest_1samp(data, 0.0).confidence_interval(confidence_level=confidence)
    return float(ci.low), float(ci.high)


def mean_difference(a: Iterable[float], b: Iterable[float],
                    confidence: float = 0.95) -> tuple[float, float, float]:
    """``mean(a) - mean(b)`` with its Welch t interval (unequal variances), from scipy
    (``scipy.stats.ttest_ind(a, b, equal_var=False).confidence_interval(confidence)``).

    For two win rates or other shares, pass the 0/1 outcomes of each game: with a few hundred
    games per side this is the usual large-sample interval for a difference of proportions.

    Returns:
        ``(difference, low, high)``; ``(difference, nan, nan)`` if a side has fewer than two
        values, and a zero-width interval if both sides are constant.

    Raises:
        ValueError: ``confidence`` outside (0, 1), or a side is empty.

    Example:
        >>> [round(x, 3) for x in mean_difference([1, 2, 3, 4], [0, 1, 1, 2])]
        [1.5, -0.455, 3.455]
    """
    if not 0 < confidence < 1:
        raise ValueError("need 0 < confidence < 1")
    x = np.asarray(list(a), dtype=float)
    y = np.asarray(list(b), dtype=float)
    if not len(x) or not len(y):
        raise ValueError("each side needs at least one value")
    diff = float(x.mean() - y.mean())
    if len(x) < 2 or len(y) < 2:
        return diff, math.nan, math.nan
    if np.all(x == x[0]) and np.all(y == y[0]):
        return diff, diff, diff
    from scipy.stats import ttest_ind

    ci = ttest_ind(x, y, equal_var=False).confidence_interval(confidence_level=confidence)
    return diff, float(ci.low), float(ci.high)


def _check_columns(frame: pd.DataFrame, needed: list[str], caller: str) -> None:
    """Refuse a frame without a column ``caller`` reads, naming it and the frame's columns
    (helper-82 read a bare ``KeyError: 'bots'``)."""
    missing = [c for c in dict.fromkeys(needed) if c not in frame.columns]
    if missing:
        raise ValueError(f"{caller}: no column {missing[0]!r} in the frame (its columns: "
                         f"{', '.join(map(str, frame.columns))})")


def mean_table(frame: pd.DataFrame, value: str, by: str | list[str],
               confidence: float = 0.95) -> pd.DataFrame:
    """The mean of ``value`` per group with its t interval (:func:`mean_interval`).

    Each row of ``frame`` is one independent observation (e.g. one game), so aggregate first
    (one row per game) when a game has several rows.

    Returns:
        One row per group: ``by`` columns, ``n``, ``mean``, ``ci_low``, ``ci_high``.

    Raises:
        ValueError: ``value`` or a ``by`` column is not a column of ``frame``.

    Example:
        >>> df = pd.DataFrame({"g": ["a", "a", "b", "b"], "x": [1, 3, 2, 2]})
        >>> mean_table(df, "x", "g").round(2).values.tolist()
        [['a', 2, 2.0, -10.71, 14.71], ['b', 2, 2.0, 2.0, 2.0]]
    """
    keys = [by] if isinstance(by, str) else list(by)
    _check_columns(frame, [*keys, value], "mean_table")
    rows = []
    for labels, group in frame.groupby(keys, sort=True, observed=True):
        lo, hi = mean_interval(group[value], confidence)
        rows.append({**dict(zip(keys, labels, strict=True)), "n": len(group),
                     "mean": float(group[value].mean()), "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows, columns=[*keys, "n", "mean", "ci_low", "ci_high"])


WIN_RATE_COLUMNS = ["games", "wins", "win_rate", "ci_low", "ci_high", "mean_score"]
"""The columns :func:`win_rates` adds after the group columns."""


def win_rates(games: pd.DataFrame, by: str | list[str] = "bot",
              confidence: float = 0.95) -> pd.DataFrame:
    """Win rate per group of the ``games`` frame with a Wilson confidence interval.

    The wins are the ``winner`` column, which follows the engine's outcome: a seat that lost on
    a tie-breaker has no win, each seat of a shared win counts one win (so the rates of the
    seats of one game can add up to more than 100%; the ``win_share`` column of the frame splits
    a shared win instead), and a game nobody won (a failed Kenduri, a lost Sendiri game) is a
    loss for every seat. Intervals come from :func:`wilson_interval` (scipy); a group where
    every game was won has an interval ending at 1.0, and an empty frame gives an empty table.

    Args:
        games: ``sim.play_many``'s first frame (columns ``winner``, ``score`` and ``by``).
        by: the grouping column(s): ``"bot"``, ``"seat"`` or rule columns of a sweep.

    Returns:
        One row per group that has games: ``by`` columns, ``games``, ``wins``, ``win_rate``,
        ``ci_low``, ``ci_high`` (fractions 0..1), ``mean_score``. ``games`` counts the seats
        the group played: a game counts once for each seat the group held in it (two
        RandomBots at a 3-seat table count each game twice), and the interval then treats
        those seats as independent, though only one of them can win a game, so it is too
        narrow; group by ``seat`` or give each bot one seat per game for a per-game rate.

    Raises:
        ValueError: ``by``, ``winner`` or ``score`` is not a column of ``games``.

    Example:
        >>> frame = pd.DataFrame({"bot": ["A", "A", "B", "B"], "winner": [True, True, False, True],
        ...                       "score": [3, 5, 1, 2]})
        >>> win_rates(frame)[["bot", "wins", "win_rate", "ci_high"]].round(3).values.tolist()
        [['A', 2, 1.0, 1.0], ['B', 1, 0.5, 0.905]]
    """
    keys = [by] if isinstance(by, str) else list(by) if isinstance(by, Iterable) else None
    if not keys or not all(isinstance(k, str) for k in keys):  # a list, tuple or pd.Index;
        # helper-105 read pandas' "No group keys passed!" for [] and a TypeError for None
        raise ValueError(f"by is a column name or a list of them, like 'bot' or ['bot', "
                         f"'seat'], not {by!r}")
    _check_columns(games, [*keys, "winner", "score"], "win_rates")
    rows = []
    for values, group in games.groupby(keys, sort=True, observed=True):
        n, wins = len(group), int(group["winner"].sum())
        lo, hi = wilson_interval(wins, n, confidence)
        rows.append({**dict(zip(keys, values, strict=True)), "games": n, "wins": wins,
                     "win_rate": wins / n, "ci_low": lo, "ci_high": hi,
                     "mean_score": float(group["score"].mean())})
    return pd.DataFrame(rows, columns=[*keys, *WIN_RATE_COLUMNS])


__all__ = ["WIN_RATE_COLUMNS", "load_parts", "load_results", "mean_difference", "mean_interval",
           "mean_table", "results_format", "save_results", "wilson_interval", "win_rates"]
