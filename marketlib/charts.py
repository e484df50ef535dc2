"""Altair chart builders over the frames of :mod:`marketlib.sim`, rendered offline.

Call :func:`enable_offline` once per notebook: it switches altair to the static SVG renderer
(vl-convert, no CDN), which also renders in static docs and stays deterministic under nbval.

Every builder aggregates in pandas first and hands altair only the summary (one row per group
and x value), so a chart of a million game rows is as small and fast as one of ten, and never
meets altair's ``MaxRowsError``. Every mean comes with a 95% t interval and every rate with a
95% Wilson interval (both from scipy, through :mod:`marketlib.sim.results`).

Colours come from the Okabe-Ito colour-blind-safe palette, and every series also differs by
point shape or label, so colour is never the only cue; colour and shape share one legend.
Charts are :data:`WIDTH` pixels wide, with axis titles.

Example:
    >>> from marketlib import monsoon, sim
    >>> games, turns = sim.play_many("monsoon", monsoon.Rules(), ["greedy", "random"], 4, seed=1)
    >>> win_rates(games)[["bot", "games", "wins"]].to_dict("records")[0]
    {'bot': 'GreedyBot', 'games': 4, 'wins': 4}
    >>> type(win_rate_chart(games)).__name__
    'LayerChart'
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, SupportsIndex

import altair as alt
import numpy as np
import pandas as pd  # type: ignore[import-untyped]

from marketlib.sim import wilson_interval, win_rates

PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442",
           "#000000")
"""Okabe-Ito: distinguishable with every common colour-vision deficiency."""
SHAPES = ("circle", "square", "triangle-up", "diamond", "cross", "triangle-down")
WIDTH = 420
"""Width of every chart's plotting area, in pixels."""
HEIGHT = 260
"""Height of every chart's plotting area, in pixels."""

XAxis = Literal["progress", "turn"]


def enable_offline() -> None:
    """Render every altair chart as static SVG, offline (through vl-convert-python).

    Returns nothing, so a notebook cell that calls it last prints nothing. To write a chart
    to a file offline use :func:`save` (altair's ``chart.save("x.html")`` loads Vega from a
    CDN).
    """
    alt.renderers.enable("svg")


def save(chart: Any, path: str | Path) -> Path:
    """Write ``chart`` to ``path``, offline, in the format its suffix names: ``.png``,
    ``.svg``, ``.pdf`` (drawn by vl-convert-python), ``.json`` (the Vega-Lite spec) or
    ``.html`` with Vega's scripts inside the page (about 900 kB): altair's own
    ``chart.save("x.html")`` writes a page that loads them from a CDN, blank without the
    internet (helper-82). Returns the path.

    Raises:
        ValueError: another suffix (nothing is written).
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".png", ".svg", ".pdf", ".json", ".html"):
        raise ValueError(f"{path}: charts are saved as .png, .svg, .pdf, .json or .html, "
                         f"not {suffix or 'a file without a suffix'!r}")
    if suffix == ".html":  # vega, vega-lite and vega-embed in the page
        chart.save(str(path), format="html", inline=True)
    else:
        chart.save(str(path), format=suffix[1:])  # "x.PNG" too
    return path


def _colour(field: str, title: str, legend: bool = True) -> alt.Color:
    return alt.Color(f"{field}:N", scale=alt.Scale(range=list(PALETTE)), title=title,
                     legend=alt.Legend() if legend else None)


def _layers(*charts: Any) -> alt.LayerChart:
    return alt.LayerChart(layer=list(charts))


def _paint(channel: type[alt.Fill] | type[alt.Stroke], field: str) -> alt.Fill | alt.Stroke:
    """The palette on another channel (``fill`` of a band, ``stroke`` of an interval bar) with
    no legend of its own, so the colour-and-shape legend of the points stays the only one."""
    return channel(f"{field}:N", scale=alt.Scale(range=list(PALETTE)), legend=None)


def _shape(field: str, title: str, legend: bool = True) -> alt.Shape:
    return alt.Shape(f"{field}:N", scale=alt.Scale(range=list(SHAPES)), title=title,
                     legend=alt.Legend() if legend else None)


def _size(chart: alt.LayerChart, title: str, subtitle: str | list[str] | None = None,
          offset: int = 0) -> alt.LayerChart:
    """Set the chart's size and title; ``offset`` (pixels) leaves room between the subtitle and
    labels drawn above the plot (a win rate of 100% is labelled above the top)."""
    params = alt.TitleParams(title, subtitle=subtitle, offset=offset) if subtitle else title
    return chart.properties(title=params, width=WIDTH, height=HEIGHT)


def _reference(value: float, label: str) -> alt.LayerChart:
    """A dashed horizontal line at ``value`` with a label at its right end."""
    data = pd.DataFrame({"y": [value], "label": [label]})
    rule = alt.Chart(data).mark_rule(strokeDash=[6, 4], color="#555555").encode(y="y:Q")
    text = alt.Chart(data).mark_text(align="right", dy=-6, color="#555555").encode(
        y="y:Q", x=alt.value(WIDTH), text="label:N")
    return _layers(rule, text)


def t_summary(frame: pd.DataFrame, keys: Sequence[str], value: str) -> pd.DataFrame:
    """Mean of ``value`` per group of ``keys``, with ``n`` and a 95% t interval (vectorised:
    ``mean +- t(0.975, n-1) * sd / sqrt(n)``, t from scipy); a single observation or no spread
    gives an interval of zero width at the mean. The interval is clipped to the range of the
    group's values: a mean of counts (cards in a bin, seals) is never drawn below 0."""
    from scipy.stats import t  # type: ignore[import-untyped]

    grouped = frame.groupby(list(keys), observed=True, sort=True)[value]
    out = grouped.agg(["mean", "std", "count", "min", "max"]).reset_index()
    n = out["count"].to_numpy(dtype=float)
    sd = out["std"].fillna(0.0).to_numpy(dtype=float)
    half = np.where(n > 1, t.ppf(0.975, np.maximum(n - 1, 1)) * sd / np.sqrt(n), 0.0)
    out["ci_low"] = np.maximum(out["mean"] - half, out["min"])
    out["ci_high"] = np.minimum(out["mean"] + half, out["max"])
    return out.rename(columns={"count": "n"}).drop(columns=["std", "min", "max"])


def estimate_chart(
    table: pd.DataFrame,
    x: str,
    *,
    y: str = "mean",
    by: str | None = None,
    title: str,
    x_title: str,
    y_title: str,
    by_title: str | None = None,
    reference: float | None = None,
    reference_label: str = "",
    percent: bool = False,
    subtitle: str | list[str] | None = None,
    ordinal: bool = True,
) -> alt.LayerChart:
    """Points (joined by lines when ``by`` is given) with 95% interval bars from a summary
    table that has ``ci_low`` and ``ci_high`` columns (e.g. from
    :func:`~marketlib.sim.mean_table` or :func:`~marketlib.sim.win_rates`).

    Args:
        table: one row per point (already aggregated).
        x, y: the columns on the axes; ``by``: the column that tells the series apart (one
            legend: colour and shape).
        reference: a dashed reference line (e.g. ``0.5`` for "as often as not").
        percent: show ``y`` as a percentage.
        ordinal: treat ``x`` as categories (default) or as numbers.

    Raises:
        ValueError: a column is missing.
    """
    needed = [x, y, "ci_low", "ci_high", *([by] if by else [])]
    missing = [c for c in needed if c not in table.columns]
    if missing:
        raise ValueError(f"no column {missing[0]!r} in the table")
    data = table[needed].copy()
    if by:
        data[by] = data[by].astype(str)
    axis = alt.Axis(format="%") if percent else alt.Axis()
    x_enc = alt.X(f"{x}:{'O' if ordinal else 'Q'}", title=x_title,
                  axis=alt.Axis(labelAngle=0))
    base = alt.Chart(data).encode(x=x_enc)
    series: dict[str, Any] = {}
    if by:
        label = by_title or by
        series = {"color": _colour(by, label)}
        if ordinal:  # side by side, so the interval bars of a group do not overlap
            series["xOffset"] = alt.XOffset(f"{by}:N", scale=alt.Scale(paddingOuter=0.5))
    points = base.mark_point(filled=True, size=70, opacity=1).encode(
        y=alt.Y(f"{y}:Q", title=y_title, axis=axis), **series,
        **({"shape": _shape(by, by_title or by)} if by else {}))
    bar_series: dict[str, Any] = {}
    if by:
        bar_series["stroke"] = _paint(alt.Stroke, by)
    if "xOffset" in series:
        bar_series["xOffset"] = series["xOffset"]
    bars = base.mark_rule(strokeWidth=2).encode(y="ci_low:Q", y2="ci_high:Q", **bar_series)
    layers = [bars, points]
    if by and not ordinal:
        layers.insert(0, base.mark_line(opacity=0.6).encode(y=f"{y}:Q",
                                                            stroke=_paint(alt.Stroke, by)))
    if reference is not None:
        layers.append(_reference(reference, reference_label))
    return _size(_layers(*layers), title, subtitle)


def win_rate_chart(games: pd.DataFrame, by: str = "bot",
                   reference: float | None = None) -> alt.LayerChart:
    """Bars of the win rate per ``by`` (``"bot"`` or ``"seat"``) with 95% Wilson intervals.

    Wins follow the engine's outcome (:func:`~marketlib.sim.win_rates`: a shared win counts
    for each sharer). ``reference`` draws a dashed line, e.g. ``0.5`` for two players.

    A bar counts seats played. Where a bot held several seats of one game (``["greedy",
    "random"]`` at three seats seats two GreedyBots), a game it won is one win in those seats,
    and the subtitle says so: a GreedyBot winning every game shows as 50%.
    """
    data = win_rates(games, by)
    data[by] = data[by].astype(str)
    base = alt.Chart(data).encode(x=alt.X(f"{by}:N", title=by, axis=alt.Axis(labelAngle=0)))
    bars = base.mark_bar(opacity=0.85).encode(
        y=alt.Y("win_rate:Q", title="win rate", scale=alt.Scale(domain=[0, 1]),
                axis=alt.Axis(format="%")),
        color=_colour(by, by, legend=False),  # the x axis already names every bar
        tooltip=[by, "games", "wins", alt.Tooltip("win_rate:Q", format=".1%")],
    )
    errors = base.mark_rule(color="black", strokeWidth=2).encode(y="ci_low:Q", y2="ci_high:Q")
    labels = base.mark_text(dy=-8, baseline="bottom").encode(
        y="ci_high:Q", text=alt.Text("win_rate:Q", format=".0%"))
    layers: list[Any] = [bars, errors, labels]
    if reference is not None:
        layers.append(_reference(reference, f"{reference:.0%}"))
    chart = _layers(*layers)
    n = int(data["games"].max()) if len(data) else 0
    return _size(chart, f"Win rate by {by}", _seats_note(games, by, n), offset=16)


def _seats_note(games: pd.DataFrame, by: str, n: int, within: tuple[str, ...] = (),
                each: str = "bar") -> str | list[str]:
    """The win rate chart's subtitle: how many seats a bar (or a sweep's point, ``each``)
    counts, and a line for each group that held several seats of one game (its rate is per
    seat, not per game). ``within``: the columns that tell games with the same ``game`` number
    apart (a sweep's rule columns: its points number their games from 0 each)."""
    shared = []
    keys = list(dict.fromkeys([*within, *_points(games), "game"]))
    if {*keys, "seat"} <= set(games.columns) and games.duplicated([*keys, "seat"]).any():
        return [f"95% Wilson intervals over seats played (up to {n} per {each})",
                "runs joined: their games share numbers, so a game's seats cannot be told "
                "apart"]
    if set([*keys, by, "seat"]) <= set(games.columns):
        held = games.groupby([*keys, by], observed=True).size().groupby(level=by,
                                                                        observed=True).max()
        shared = [f"{name} held {k} seats a game; winning a game counts 1 win in {k} seats"
                  for name, k in held.items() if k > 1]
    if not shared:
        return f"95% Wilson intervals; up to {n} games per {each}"
    return [f"95% Wilson intervals over seats played (up to {n} per {each})", *shared]


def score_chart(games: pd.DataFrame, by: str = "bot") -> alt.LayerChart:
    """Final score distribution (seals or RM) per ``by``, as box plots computed in pandas:
    whiskers from minimum to maximum, the box from the 25th to the 75th percentile, a tick at
    the median."""
    if "turn" in games.columns:  # the turns frame's score is a running one (helper-105: its
        # "final" median read 8 where the games' was 16.5)
        raise ValueError("score_chart takes the games frame (one row per game and seat), not "
                         "the turns frame: games, turns = play_many(...)")
    for column in ("score", by):
        if column not in games.columns:
            raise ValueError(f"no column {column!r} in games (have {', '.join(games.columns)})")
    q = games.groupby(by, observed=True)["score"].quantile([0.0, 0.25, 0.5, 0.75, 1.0])
    data = q.unstack().set_axis(["min", "q1", "median", "q3", "max"], axis=1).reset_index()
    data[by] = data[by].astype(str)
    base = alt.Chart(data).encode(x=alt.X(f"{by}:N", title=by, axis=alt.Axis(labelAngle=0)))
    whisker = base.mark_rule().encode(y=alt.Y("min:Q", title=_unit("final score", games)),
                                      y2="max:Q")
    box = base.mark_bar(size=40, opacity=0.85).encode(y="q1:Q", y2="q3:Q",
                                                      color=_colour(by, by, legend=False))
    median = base.mark_tick(color="black", size=40, thickness=2).encode(y="median:Q")
    return _size(_layers(whisker, box, median), f"Final scores by {by}",
                 "box: middle half of the games; tick: median; whiskers: min to max")


def _along(turns: pd.DataFrame, x: object, bins: object) -> None:
    """Refuse what a chart along the game cannot draw (helper-105: ``bins=0`` drew an empty
    chart "in 0 bins", ``x="time"`` the turn axis, the games frame a raw ``KeyError``)."""
    if "turn" not in turns.columns:
        raise ValueError("this chart takes the turns frame (one row per turn and seat), not "
                         "the games frame: games, turns = play_many(...)")
    if x not in ("progress", "turn"):
        raise ValueError(f"x is 'progress' (the share of each game played) or 'turn', not "
                         f"{x!r}")
    if isinstance(bins, bool) or not isinstance(bins, SupportsIndex) or (
            operator.index(bins) < 1):  # numpy integers too
        raise ValueError(f"bins is a whole number of bins, 1 or more, not {bins!r}")


def _per_game(turns: pd.DataFrame, value: str, by: str, x: XAxis,
              bins: int) -> tuple[pd.DataFrame, str, str]:
    """One value per game, group and x step (the mean over that game's rows there), with
    ``x`` either the share of the game played (``bins`` bins) or the turn (only turns that
    every game reached)."""
    games = _games_of(turns, by)
    frame = turns[list(dict.fromkeys([*games, "turn", by, value]))].copy()
    last = frame.groupby(games)["turn"].transform("max")
    if x == "progress":
        step = np.minimum((frame["turn"] / last.where(last > 0, 1) * bins).astype(int),
                          bins - 1)
        frame["x"] = (step + 0.5) / bins
        note = f"x: share of each game played, in {bins} bins (games of every length align)"
    else:
        shortest = int(last.min())
        frame = frame[frame["turn"] <= shortest].assign(x=lambda f: f["turn"])
        note = f"turns 0-{shortest}, which every game reached (no survivor bias)"
    per_game = frame.groupby(list(dict.fromkeys([*games, by, "x"])),
                             observed=True)[value].mean().reset_index()
    return per_game, note, "share of the game played" if x == "progress" else "turn"


def _line_with_points(base: alt.Chart, by: str, title: str, y_title: str) -> alt.LayerChart:
    """Mean lines (stroke, no legend) under points that carry the one colour-and-shape legend."""
    line = base.mark_line().encode(y=alt.Y("mean:Q", title=y_title),
                                   stroke=_paint(alt.Stroke, by))
    points = base.mark_point(filled=True, size=50, opacity=1).encode(
        y="mean:Q", color=_colour(by, title), shape=_shape(by, title))
    return _layers(line, points)


def turns_chart(turns: pd.DataFrame, value: str = "score", by: str = "bot",
                x: XAxis = "progress", bins: int = 10) -> alt.LayerChart:
    """Mean ``value`` (``score``: seals or RM; or any metric column) along the game, one line
    (and point shape) per ``by``, with a 95% t interval band over games.

    Like is compared with like: by default the x axis is the share of each game played (games
    end at different turns), or with ``x="turn"`` only the turns that every game reached.

    Raises:
        ValueError: ``turns`` is not a turns frame, ``value`` or ``by`` is not a column of it,
            or ``x`` or ``bins`` is none of the choices (:func:`_along`).
    """
    _along(turns, x, bins)
    for column in (value, by):
        if column not in turns.columns:
            raise ValueError(f"no column {column!r} in turns (have {', '.join(turns.columns)})")
    per_game, note, x_title = _per_game(turns, value, by, x, bins)
    data = t_summary(per_game, [by, "x"], value)
    data[by] = data[by].astype(str)
    x_enc = alt.X("x:Q", title=x_title,
                  axis=alt.Axis(format="%") if x == "progress" else alt.Axis(tickMinStep=1))
    base = alt.Chart(data).encode(x=x_enc)
    band = base.mark_area(opacity=0.2).encode(y="ci_low:Q", y2="ci_high:Q",
                                              fill=_paint(alt.Fill, by))
    line = _line_with_points(base, by, by,
                             _unit(f"mean {value}", turns) if value == "score" else f"mean {value}")
    return _size(_layers(band, line), f"{value} along the game by {by}",
                 f"band: 95% interval over games; {note}")


def bin_fill_chart(turns: pd.DataFrame, x: XAxis = "progress",
                   bins: int = 10) -> alt.LayerChart:
    """Mean fill of each Waste Bin (Bansan's ``bin_*`` columns) along the game, with a 95%
    t interval band over games (x as in :func:`turns_chart`).

    Raises:
        ValueError: the frame has no ``bin_*`` columns (e.g. a Monsoon Market run), or is not
            a turns frame, or ``x`` or ``bins`` is none of the choices (:func:`_along`).
    """
    _along(turns, x, bins)
    games = _games_of(turns)  # a sweep's rule columns (bin_capacity too) name its points
    columns = [c for c in turns.columns if c.startswith("bin_") and c not in games]
    if not columns:
        raise ValueError("no bin_* columns: waste bins exist only in Bansan")
    long = turns.drop_duplicates([*games, "turn"])[[*games, "turn", *columns]].melt(
        id_vars=[*games, "turn"], var_name="bin", value_name="fill")
    long["bin"] = long["bin"].str.removeprefix("bin_")
    per_game, note, x_title = _per_game(long, "fill", "bin", x, bins)
    data = t_summary(per_game, ["bin", "x"], "fill")
    x_enc = alt.X("x:Q", title=x_title,
                  axis=alt.Axis(format="%") if x == "progress" else alt.Axis(tickMinStep=1))
    base = alt.Chart(data).encode(x=x_enc)
    band = base.mark_area(opacity=0.2).encode(y="ci_low:Q", y2="ci_high:Q",
                                              fill=_paint(alt.Fill, "bin"))
    line = _line_with_points(base, "bin", "Waste Bin", "mean cards in bin")
    return _size(_layers(band, line), "Waste-bin fill along the game",
                 f"band: 95% interval over games; {note}")


def sweep_chart(frame: pd.DataFrame, rule: str, by: str = "bot",
                reference: float | None = None) -> alt.LayerChart:
    """Win rate (with 95% Wilson intervals) against the values of ``rule`` from a
    :func:`marketlib.sim.sweep` frame: one point per value and ``by``, the ``by`` side by side
    at each value (so their interval bars never hide each other), in one colour and shape each.

    A point counts seats played, as :func:`win_rate_chart`'s bars do: where a bot held several
    seats of one game, a game it won is one win in those seats, and the subtitle says so (it
    said "40 games per point" for 20 games at three seats).

    Raises:
        ValueError: ``rule`` is not a column of the frame, or the sweep's grid varies another
            option too (each point would pool its values without saying so; helper-105):
            chart one of its values at a time, or by it (``by=``).
    """
    if rule not in frame.columns:
        raise ValueError(f"no column {rule!r}: sweep over it first")
    grid = frame.attrs.get("marketlib", {}).get("grid") or {}
    pooled = [o for o in grid if o not in (rule, by) and o in frame.columns
              and frame[o].nunique(dropna=False) > 1]
    if pooled:
        first = pooled[0]
        value = frame[first].iloc[0]
        value = value.item() if hasattr(value, "item") else value  # 3, not np.int64(3)
        raise ValueError(
            f"the sweep also varies {', '.join(repr(o) for o in pooled)}: each point of "
            f"{rule!r} would pool its values. Chart one value at a time, "
            f"sweep_chart(frame[frame[{first!r}] == {value!r}], {rule!r}), or by it, "
            f"sweep_chart(frame, {rule!r}, by={first!r})")
    data = win_rates(frame, [rule, by])
    data = data.rename(columns={"win_rate": "mean"})
    label = "" if reference is None else f"{reference:.0%}"
    n = int(data["games"].max()) if len(data) else 0
    return estimate_chart(data, rule, by=by, title=f"Win rate as {rule} changes",
                          x_title=rule, y_title="win rate", by_title=by, percent=True,
                          reference=reference, reference_label=label,
                          subtitle=_seats_note(frame, by, n, within=_points(frame, rule),
                                               each="point"))


def _unit(title: str, frame: pd.DataFrame) -> str:
    """``title`` with the score's unit of the frame's game, "final score (RM)" (helper-82
    read "final score" and could not tell RM from seals); ``title`` alone for a frame that
    does not say its game."""
    from marketlib.core.game import score_unit
    from marketlib.core.options import rules_from
    from marketlib.core.registry import resolve_game

    meta = frame.attrs.get("marketlib", {})
    try:
        game = resolve_game(meta["game"])
        unit = score_unit(game, rules_from(game.Rules, meta.get("rules", {})))
    except (KeyError, TypeError, ValueError):  # a frame that does not say its game and rules
        unit = ""
    return f"{title} ({unit})" if unit else title


def _games_of(frame: pd.DataFrame, by: str | None = None) -> list[str]:
    """The columns that name one game of ``frame``: ``game``, after a sweep's ``point`` (its
    points number their games from 0 each, so the games of two points shared a number and
    their turns were taken as one game's), and after ``by`` when ``game`` numbers repeat
    otherwise: frames of several runs joined with ``pd.concat``, each run marked by a column
    of its own that the chart groups by (helper-82's runs marked ``target``: their turns were
    taken as one game's, and the lines bent).

    Raises:
        ValueError: the same game's seat (and turn) appears twice and ``by`` does not tell the
            runs apart.
    """
    keys = [*_points(frame), "game"]
    rows = [c for c in ("seat", "turn") if c in frame.columns]
    if not frame.duplicated([*keys, *rows]).any():
        return keys
    if (by is not None and by in frame.columns and by not in (*keys, *SEAT_COLUMNS)
            and not frame.duplicated([by, *keys, *rows]).any() and _whole_games(
                frame, [by, *keys])):
        return [by, *keys]
    raise ValueError(
        f"the same game number appears more than once for one seat{' and turn' * ('turn' in rows)}"
        f": frames of several runs joined? Give each run a column of its own "
        f"(frame.assign(run=...)) and chart it by that column (turns_chart(..., by=\"run\")) "
        f"or one run at a time, or play them in one sweep, whose 'point' column tells its "
        f"games apart")


SEAT_COLUMNS = ("seat", "bot", "order")
"""Columns that differ between the seats of one game: they cannot tell joined runs apart
(grouped by ``bot``, two runs' games of one number made one game of seats from each,
helper-83)."""


def _whole_games(frame: pd.DataFrame, keys: list[str]) -> bool:
    """Whether every group of ``keys`` is one game: each of its seats has the same turns."""
    if "seat" not in frame.columns or "turn" not in frame.columns:
        return True
    last = frame.groupby([*keys, "seat"], observed=True)["turn"].agg(["min", "max", "size"])
    return bool((last.groupby(level=list(range(len(keys))), observed=True).nunique() == 1)
                .all(axis=None))


def _points(frame: pd.DataFrame, *rules: str) -> tuple[str, ...]:
    """The columns that tell a sweep's points apart (its ``point`` number; from an older
    sweep, its grid's rule options, ``rules`` at least): each point numbers its games from 0,
    so ``game`` alone does not name a game."""
    if "point" in frame.columns:
        return tuple(dict.fromkeys([*rules, "point"]))
    grid = frame.attrs.get("marketlib", {}).get("grid", {})
    return tuple(dict.fromkeys([*rules, *(k for k in grid if k in frame.columns)]))


def review_chart(frame: Any) -> alt.LayerChart | alt.VConcatChart:
    """The seat's expected final result over the game, from ``Match.review(seat)``: after each
    of its moves (a line with a band of two standard errors over the dealt worlds) and what the
    coach's preferred move would have given (points where it differs). A review read in more
    than one unit (the Kenduri: its Menu's lists while the Menu is open, then money) draws one
    chart per unit, one above the other, on the same moves.

    Example:
        >>> from marketlib import Match
        >>> m = Match("monsoon", None, seed=1)
        >>> for _ in range(4):
        ...     _ = m.play(m.legal_actions()[0])
        >>> type(review_chart(m.review(0))).__name__
        'LayerChart'
    """
    units = list(dict.fromkeys(frame["unit"])) if "unit" in frame and len(frame) else []
    if len(units) <= 1:
        return _review_layers(frame, units[0] if units and units[0] else
                              frame.attrs.get("unit", "points"))
    moves = alt.Scale(domain=[int(frame.move.min()), int(frame.move.max())])
    return alt.vconcat(*(_review_layers(frame[frame["unit"] == unit], unit, moves, named=True)
                         for unit in units))


def _review_layers(frame: Any, unit: str, moves: alt.Scale | None = None,
                   named: bool = False) -> alt.LayerChart:
    data = frame[["move", "played", "preferred", "value_played", "se_played",
                  "value_preferred", "loss"]].copy()
    data["low"] = data.value_played - 2 * data.se_played.fillna(0)
    data["high"] = data.value_played + 2 * data.se_played.fillna(0)
    x = alt.X("move:Q", title="move of the game", scale=moves or alt.Undefined)
    base = alt.Chart(data).encode(x=x)
    band = base.mark_area(opacity=0.25, color=PALETTE[0]).encode(
        y=alt.Y("low:Q", title=f"expected final result ({unit})"), y2="high:Q")
    line = base.mark_line(color=PALETTE[0], point=alt.OverlayMarkDef(shape="circle")).encode(
        y="value_played:Q", tooltip=["move", "played", "value_played", "loss"])
    better = alt.Chart(data[data.played != data.preferred]).mark_point(
        shape="triangle-up", color=PALETTE[3], filled=True).encode(
        x=x, y="value_preferred:Q", tooltip=["move", "preferred", "value_preferred",
                                             "loss"])
    seat = frame.attrs.get("seat", "?")
    title = f"P{seat}'s expected final result" + (f", in {unit}" if named else "")
    return _size(_layers(band, line, better), title,
                 "line: after the move played; triangles: after the coach's move")


def comparison_chart(comparison: Any) -> alt.LayerChart:
    """A class experiment's treatments side by side, readable from the back of the room: each
    treatment's mean over its tables with the 95% interval (the class), and the same tables
    played by computer players (a hollow diamond), from ``room.compare(...)`` (issue 31).

    Example:
        >>> import pandas as pd
        >>> from types import SimpleNamespace
        >>> frame = pd.DataFrame({"treatment": ["fine", "no fine"], "table_mean": [12.0, 15.5],
        ...                       "low": [9.0, 13.0], "high": [15.0, 18.0],
        ...                       "computers": [11.0, 16.0], "tables": [3, 3], "seats": [12, 12]})
        >>> chart = comparison_chart(SimpleNamespace(column="score", treatments=frame))
        >>> type(chart).__name__
        'LayerChart'
    """
    data = comparison.treatments.copy()
    column = comparison.column
    x = alt.X("treatment:N", title=None, sort=list(data["treatment"]),
              axis=alt.Axis(labelAngle=0, labelFontSize=18))
    base = alt.Chart(data).encode(x=x)
    bars = base.mark_rule(strokeWidth=4, color=PALETTE[0]).encode(
        y=alt.Y("low:Q", title=f"{column}: mean over tables",
                axis=alt.Axis(labelFontSize=18, titleFontSize=20)),
        y2="high:Q")
    class_mean = base.mark_point(size=400, filled=True, color=PALETTE[0]).encode(
        y="table_mean:Q", tooltip=["treatment", "table_mean", "low", "high", "tables", "seats"])
    label = base.mark_text(dx=22, align="left", fontSize=20, color=PALETTE[0]).encode(
        y="table_mean:Q", text=alt.Text("table_mean:Q", format=".1f"))
    bots = base.mark_point(size=300, shape="diamond", filled=False, strokeWidth=3,
                           color=PALETTE[3]).encode(y="computers:Q",
                                                    tooltip=["treatment", "computers"])
    chart = _size(_layers(bars, class_mean, label, bots), f"The class: {column} by treatment",
                  "dots and bars: the class's tables (95% interval); diamonds: computer "
                  "players, same rules and deals")
    configured: alt.LayerChart = chart.configure_title(fontSize=24, subtitleFontSize=16)
    return configured


__all__ = [
    "HEIGHT",
    "PALETTE",
    "SHAPES",
    "WIDTH",
    "bin_fill_chart",
    "comparison_chart",
    "enable_offline",
    "estimate_chart",
    "review_chart",
    "save",
    "score_chart",
    "sweep_chart",
    "t_summary",
    "turns_chart",
    "wilson_interval",
    "win_rate_chart",
    "win_rates",
]
