"""Altair chart builders over the frames of :mod:`marketlib.sim`, rendered offline.

Call :func:`enable_offline` once per notebook: it switches altair to the static SVG renderer
(vl-convert, no CDN), which also renders in static docs and stays deterministic under nbval.
Colours come from the Okabe-Ito colour-blind-safe palette, and every series also differs by
point shape or label, so colour is never the only cue.

Example:
    >>> from marketlib import monsoon, sim
    >>> games, turns = sim.play_many("monsoon", monsoon.Rules(), ["greedy", "random"], 4, seed=1)
    >>> win_rates(games)[["bot", "games", "wins"]].to_dict("records")[0]
    {'bot': 'GreedyBot', 'games': 4, 'wins': 4}
    >>> type(win_rate_chart(games)).__name__
    'LayerChart'
"""

from __future__ import annotations

import altair as alt
import pandas as pd  # type: ignore[import-untyped]

from marketlib.sim import wilson_interval, win_rates

PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442",
           "#000000")
"""Okabe-Ito: distinguishable with every common colour-vision deficiency."""
SHAPES = ("circle", "square", "triangle-up", "diamond", "cross", "triangle-down")


def enable_offline() -> str:
    """Render every altair chart as static SVG, offline (through vl-convert-python).

    Returns:
        The renderer's name, ``"svg"``.
    """
    alt.renderers.enable("svg")
    return "svg"


def _colour(field: str, title: str | None = None) -> alt.Color:
    return alt.Color(f"{field}:N", scale=alt.Scale(range=list(PALETTE)), title=title or field)


def win_rate_chart(games: pd.DataFrame, by: str = "bot") -> alt.LayerChart:
    """Bars of the win rate per ``by`` (``"bot"`` or ``"seat"``) with 95% Wilson intervals."""
    data = win_rates(games, by)
    data[by] = data[by].astype(str)
    base = alt.Chart(data).encode(x=alt.X(f"{by}:N", title=by))
    bars = base.mark_bar().encode(
        y=alt.Y("win_rate:Q", title="win rate", scale=alt.Scale(domain=[0, 1]),
                axis=alt.Axis(format="%")),
        color=_colour(by),
        tooltip=[by, "games", "wins", alt.Tooltip("win_rate:Q", format=".1%")],
    )
    errors = base.mark_rule(color="black").encode(y="ci_low:Q", y2="ci_high:Q")
    labels = base.mark_text(dy=-8, baseline="bottom").encode(
        y="ci_high:Q", text=alt.Text("win_rate:Q", format=".0%"))
    title = f"Win rate by {by} (95% Wilson interval)"
    chart: alt.LayerChart = (bars + errors + labels).properties(title=title)
    return chart


def score_chart(games: pd.DataFrame, by: str = "bot") -> alt.Chart:
    """Final score distribution (seals or RM) per ``by``, as box plots."""
    data = games.assign(**{by: games[by].astype(str)})
    chart: alt.Chart = alt.Chart(data).mark_boxplot(extent="min-max").encode(
        x=alt.X(f"{by}:N", title=by),
        y=alt.Y("score:Q", title="final score"),
        color=_colour(by),
    ).properties(title=f"Final scores by {by}")
    return chart


def turns_chart(turns: pd.DataFrame, value: str = "score", by: str = "bot") -> alt.LayerChart:
    """Mean ``value`` (``score``: seals or RM; or any metric column) per turn with a
    standard-error band, one line (and point shape) per ``by``.

    Raises:
        ValueError: ``value`` is not a column of ``turns``.
    """
    if value not in turns.columns:
        raise ValueError(f"no column {value!r} in turns (have {', '.join(turns.columns)})")
    data = turns.assign(**{by: turns[by].astype(str)})
    base = alt.Chart(data).encode(x=alt.X("turn:Q", title="turn"), color=_colour(by))
    band = base.mark_errorband(extent="stderr", opacity=0.25).encode(y=alt.Y(f"{value}:Q"))
    line = base.mark_line(point=True).encode(
        y=alt.Y(f"mean({value}):Q", title=f"mean {value}"),
        shape=alt.Shape(f"{by}:N", scale=alt.Scale(range=list(SHAPES))),
    )
    chart: alt.LayerChart = (band + line).properties(title=f"{value} over turns by {by}")
    return chart


def bin_fill_chart(turns: pd.DataFrame) -> alt.Chart:
    """Mean fill of each Waste Bin (Bansan's ``bin_*`` columns) over turns.

    Raises:
        ValueError: the frame has no ``bin_*`` columns (e.g. a Monsoon Market run).
    """
    bins = [c for c in turns.columns if c.startswith("bin_")]
    if not bins:
        raise ValueError("no bin_* columns: waste bins exist only in Bansan")
    long = turns.drop_duplicates(["game", "turn"])[["game", "turn", *bins]].melt(
        id_vars=["game", "turn"], var_name="bin", value_name="fill")
    long["bin"] = long["bin"].str.removeprefix("bin_")
    chart: alt.Chart = alt.Chart(long).mark_line(point=True).encode(
        x=alt.X("turn:Q"),
        y=alt.Y("mean(fill):Q", title="mean cards in bin"),
        color=_colour("bin", "Waste Bin"),
        shape=alt.Shape("bin:N", scale=alt.Scale(range=list(SHAPES))),
    ).properties(title="Waste-bin fill over turns")
    return chart


def sweep_chart(frame: pd.DataFrame, rule: str, by: str = "bot") -> alt.LayerChart:
    """Win rate (with 95% Wilson intervals) against the values of ``rule`` from a
    :func:`marketlib.sim.sweep` frame, one line per ``by``.

    Raises:
        ValueError: ``rule`` is not a column of the frame.
    """
    if rule not in frame.columns:
        raise ValueError(f"no column {rule!r}: sweep over it first")
    data = win_rates(frame, [rule, by])
    data[by] = data[by].astype(str)
    base = alt.Chart(data).encode(x=alt.X(f"{rule}:O", title=rule), color=_colour(by))
    line = base.mark_line(point=True).encode(
        y=alt.Y("win_rate:Q", title="win rate", scale=alt.Scale(domain=[0, 1]),
                axis=alt.Axis(format="%")),
        shape=alt.Shape(f"{by}:N", scale=alt.Scale(range=list(SHAPES))),
        tooltip=[rule, by, "games", alt.Tooltip("win_rate:Q", format=".1%")],
    )
    errors = base.mark_rule().encode(y="ci_low:Q", y2="ci_high:Q")
    chart: alt.LayerChart = (line + errors).properties(title=f"Win rate as {rule} changes")
    return chart


__all__ = ["PALETTE", "bin_fill_chart", "enable_offline", "score_chart", "sweep_chart",
           "turns_chart", "wilson_interval", "win_rate_chart", "win_rates"]
