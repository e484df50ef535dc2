"""marketlib.charts: every builder over real frames, offline SVG rendering, the palette."""

from __future__ import annotations

import altair as alt
import pandas as pd
import pytest

from marketlib import charts, monsoon
from marketlib.sim import play_many, sweep


@pytest.fixture(scope="module")
def frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    return play_many("monsoon", monsoon.Rules(), ["greedy", "random"], 4, seed=2)


def test_builders_make_valid_vega_lite(frames: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    games, turns = frames
    built = [charts.win_rate_chart(games), charts.win_rate_chart(games, by="seat"),
             charts.score_chart(games), charts.turns_chart(turns),
             charts.turns_chart(turns, value="cards")]
    for chart in built:
        spec = chart.to_dict()
        assert spec["$schema"].startswith("https://vega.github.io/schema/vega-lite/")
    bars = built[0].to_dict()["layer"][0]
    assert bars["encoding"]["color"]["scale"]["range"][:2] == ["#0072B2", "#E69F00"]
    with pytest.raises(ValueError, match="no column 'money'"):
        charts.turns_chart(turns, value="money")
    with pytest.raises(ValueError, match="waste bins exist only in Bansan"):
        charts.bin_fill_chart(turns)


def test_bin_fill_and_sweep_charts() -> None:
    turns = pd.DataFrame({"game": [0, 0, 0, 0], "turn": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
                          "bin_PL": [0, 0, 2, 2], "bin_OR": [1, 1, 3, 3]})
    spec = charts.bin_fill_chart(turns).to_dict()
    values = next(iter(spec["datasets"].values()))
    assert {v["bin"] for v in values} == {"PL", "OR"} and len(values) == 4
    frame = sweep("monsoon", None, {"seal_target": [4, 6]}, ["greedy", "random"], 2, seed=1)
    chart = charts.sweep_chart(frame, "seal_target")
    assert chart.to_dict()["layer"][0]["encoding"]["x"]["field"] == "seal_target"
    with pytest.raises(ValueError, match="sweep over it first"):
        charts.sweep_chart(frame, "display_limit")


def test_offline_svg_rendering(frames: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    import vl_convert as vlc

    assert charts.enable_offline() == "svg"
    assert alt.renderers.active == "svg"
    svg = vlc.vegalite_to_svg(charts.win_rate_chart(frames[0]).to_json())
    assert svg.lstrip().startswith("<svg") and "GreedyBot" in svg
    bundle = charts.score_chart(frames[0])._repr_mimebundle_()
    assert "image/svg+xml" in (bundle[0] if isinstance(bundle, tuple) else bundle)
