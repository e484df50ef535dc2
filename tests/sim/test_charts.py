"""marketlib.charts: every builder over real frames, offline SVG rendering, the palette, one
legend per chart, and charts of 100,000+ rows that stay small (the builders aggregate first)."""

from __future__ import annotations

import json
from pathlib import Path

import altair as alt
import numpy as np
import pandas as pd
import pytest

from marketlib import charts, monsoon
from marketlib.sim import mean_table, play_many, sweep

BIG = 100_000


@pytest.fixture(scope="module")
def frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    return play_many("monsoon", monsoon.Rules(), ["greedy", "random"], 4, seed=2)


def _values(chart: alt.TopLevelMixin) -> list[list[dict[str, object]]]:
    return list(chart.to_dict()["datasets"].values())


def _legends(chart: alt.TopLevelMixin) -> int:
    """How many legends the rendered SVG shows (vl-convert: one ``role-legend`` group each)."""
    import vl_convert as vlc

    return vlc.vegalite_to_svg(chart.to_json()).count('class="mark-group role-legend"')


def test_builders_make_valid_vega_lite(frames: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    games, turns = frames
    built = [charts.win_rate_chart(games), charts.win_rate_chart(games, by="seat"),
             charts.score_chart(games), charts.turns_chart(turns),
             charts.turns_chart(turns, value="cards", x="turn")]
    for chart in built:
        spec = chart.to_dict()
        assert spec["$schema"].startswith("https://vega.github.io/schema/vega-lite/")
        assert spec["width"] == charts.WIDTH
    bars = built[0].to_dict()["layer"][0]
    assert bars["encoding"]["color"]["scale"]["range"][:2] == ["#0072B2", "#E69F00"]
    with pytest.raises(ValueError, match="no column 'money'"):
        charts.turns_chart(turns, value="money")
    with pytest.raises(ValueError, match="waste bins exist only in Bansan"):
        charts.bin_fill_chart(turns)


def test_win_rate_chart_draws_the_reference_line(frames: tuple[pd.DataFrame, pd.DataFrame]
                                                 ) -> None:
    chart = charts.win_rate_chart(frames[0], by="seat", reference=0.5)
    texts = [v for rows in _values(chart) for v in rows if v.get("label") == "50%"]
    assert texts == [{"y": 0.5, "label": "50%"}]


def test_win_rate_chart_says_when_a_bot_held_two_seats_a_game(
    frames: tuple[pd.DataFrame, pd.DataFrame],
) -> None:
    """Three seats of ``["greedy", "random"]`` seat two GreedyBots a game: the bar counts 2
    seats a game, so the subtitle says a game won is 1 win in 2 seats."""
    games, _ = play_many("monsoon", monsoon.Rules(players=3), ["greedy", "random"], 5, seed=4)
    title = charts.win_rate_chart(games).to_dict()["title"]
    assert title["subtitle"] == [
        "95% Wilson intervals over seats played (up to 10 per bar)",
        "GreedyBot held 2 seats a game; winning a game counts 1 win in 2 seats"]
    bars = {row["bot"]: row for row in _values(charts.win_rate_chart(games))[0]}
    greedy_games = int(games.loc[games["bot"] == "GreedyBot"].groupby("game")["winner"].any().sum())
    assert bars["GreedyBot"]["games"] == 10 and bars["GreedyBot"]["wins"] == greedy_games
    assert charts.win_rate_chart(frames[0]).to_dict()["title"]["subtitle"] == (
        "95% Wilson intervals; up to 4 games per bar")
    assert charts.win_rate_chart(games, by="seat").to_dict()["title"]["subtitle"] == (
        "95% Wilson intervals; up to 5 games per bar")


def test_bin_fill_and_sweep_charts() -> None:
    turns = pd.DataFrame({"game": [0, 0, 0, 0], "turn": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
                          "bin_PL": [0, 0, 2, 2], "bin_OR": [1, 1, 3, 3]})
    chart = charts.bin_fill_chart(turns, x="turn")
    rows = next(v for v in _values(chart) if "bin" in v[0])
    assert {(r["bin"], r["x"], r["mean"]) for r in rows} == {("PL", 0, 0.0), ("PL", 1, 2.0),
                                                             ("OR", 0, 1.0), ("OR", 1, 3.0)}
    frame = sweep("monsoon", None, {"seal_target": [4, 6]}, ["greedy", "random"], 2, seed=1)
    chart = charts.sweep_chart(frame, "seal_target")
    assert chart.to_dict()["width"] == charts.WIDTH
    assert _legends(chart) == 1
    with pytest.raises(ValueError, match="sweep over it first"):
        charts.sweep_chart(frame, "display_limit")


def test_a_sweep_chart_does_not_pool_another_option_of_the_grid() -> None:
    """A grid of two options charted along one pooled the other's values into each point
    without a word (helper-105); it is refused, naming the option and the two ways out, and
    each way draws the points of one value."""
    frame = sweep("monsoon", None, {"seal_target": [4, 6], "market_size": [3, 4]},
                  ["greedy", "random"], 2, seed=1)
    with pytest.raises(ValueError) as refused:
        charts.sweep_chart(frame, "seal_target")
    assert str(refused.value) == (
        "the sweep also varies 'market_size': each point of 'seal_target' would pool its "
        "values. Chart one value at a time, sweep_chart(frame[frame['market_size'] == 3], "
        "'seal_target'), or by it, sweep_chart(frame, 'seal_target', by='market_size')")
    one = charts.sweep_chart(frame[frame["market_size"] == 3], "seal_target")
    points = {(r["seal_target"], r["bot"]) for r in next(v for v in _values(one)
                                                         if v and "seal_target" in v[0])}
    assert points == {(4, "GreedyBot"), (6, "GreedyBot"), (4, "RandomBot"), (6, "RandomBot")}
    split = charts.sweep_chart(frame, "seal_target", by="market_size")
    points = {(r["seal_target"], r["market_size"]) for r in next(
        v for v in _values(split) if v and "seal_target" in v[0])}
    assert points == {(4, "3"), (6, "3"), (4, "4"), (6, "4")}  # each value a colour


def test_offline_svg_rendering(frames: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    import vl_convert as vlc

    assert charts.enable_offline() is None
    assert alt.renderers.active == "svg"
    svg = vlc.vegalite_to_svg(charts.win_rate_chart(frames[0]).to_json())
    assert svg.lstrip().startswith("<svg") and "GreedyBot" in svg
    bundle = charts.score_chart(frames[0])._repr_mimebundle_()
    assert "image/svg+xml" in (bundle[0] if isinstance(bundle, tuple) else bundle)


def _big_games() -> pd.DataFrame:
    rng = np.random.default_rng(1)
    n = BIG
    bot = np.where(np.arange(n) % 2 == 0, "GreedyBot", "RandomBot")
    score = np.where(bot == "GreedyBot", 10, 4) + rng.integers(0, 5, n)
    return pd.DataFrame({"game": np.arange(n) // 2, "seat": np.arange(n) % 2,
                         "bot": pd.Categorical(bot), "score": score,
                         "winner": bot == "GreedyBot", "rule": np.arange(n) // 2 % 4})


def _big_turns() -> pd.DataFrame:
    rng = np.random.default_rng(2)
    games = 4_000
    lengths = rng.integers(10, 40, games)  # games end at different turns
    game = np.repeat(np.arange(games), lengths + 1)
    turn = np.concatenate([np.arange(k + 1) for k in lengths])
    frame = pd.DataFrame({"game": np.repeat(game, 2), "turn": np.repeat(turn, 2),
                          "seat": np.tile([0, 1], len(game))})
    frame["bot"] = np.where(frame["seat"] == 0, "A", "B")
    frame["score"] = frame["turn"] * np.where(frame["seat"] == 0, 1.0, 0.5)
    for name in ("bin_PL", "bin_PA", "bin_OR"):
        frame[name] = rng.integers(0, 8, len(frame))
    assert len(frame) >= BIG
    return frame


def test_every_chart_builds_from_100000_rows_and_stays_small() -> None:
    games, turns = _big_games(), _big_turns()
    assert len(games) >= BIG and len(turns) >= BIG
    built = {
        "win_rate": charts.win_rate_chart(games),
        "score": charts.score_chart(games),
        "turns": charts.turns_chart(turns),
        "turns_by_turn": charts.turns_chart(turns, x="turn"),
        "bins": charts.bin_fill_chart(turns),
        "sweep": charts.sweep_chart(games, "rule"),
        "estimate": charts.estimate_chart(mean_table(games, "score", ["rule", "bot"]), "rule",
                                          by="bot", title="t", x_title="x", y_title="y"),
    }
    for name, chart in built.items():
        spec = chart.to_json()
        assert len(spec) < 20_000, name  # bounded: a few rows per group, not 100,000
        assert sum(len(v) for v in _values(chart)) <= 200, name
        assert _legends(chart) <= 1, name
    # the aggregates are right: Greedy scores 10 + uniform{0..4} (mean 12)
    score = next(v for v in _values(built["score"]) if "median" in v[0])
    assert {r["bot"]: r["median"] for r in score} == {"GreedyBot": 12.0, "RandomBot": 6.0}
    # seat A scores one point per turn: at 95-100% of a game its mean is near the mean length
    line = next(v for v in _values(built["turns"]) if "mean" in v[0])
    last = [r for r in line if r["bot"] == "A" and r["x"] == 0.95]
    assert last and 20 < last[0]["mean"] < 40
    # by turn: only the turns every game reached (the shortest game has 10 turns)
    by_turn = next(v for v in _values(built["turns_by_turn"]) if "mean" in v[0])
    assert max(r["x"] for r in by_turn) == 10
    assert all(r["mean"] == r["x"] for r in by_turn if r["bot"] == "A")


def test_long_frames_no_longer_raise_max_rows() -> None:
    """altair refuses to embed more than 5,000 rows; the builders never hand it raw rows."""
    games = _big_games()
    with pytest.raises(alt.MaxRowsError):
        alt.Chart(games).mark_point().encode(x="score:Q").to_dict()
    json.loads(charts.score_chart(games).to_json())


def test_t_summary_clips_the_interval_to_the_values_seen() -> None:
    """A mean of counts is never drawn below 0: ``[0, 0, 0, 3]`` has mean 0.75 and a t half-width
    of t(0.975, 3) * 1.5 / 2 = 2.39, so the raw interval (-1.64, 3.14) becomes (0, 3); a group
    with little spread keeps its raw interval."""
    frame = pd.DataFrame({"g": ["a"] * 4 + ["b"] * 16, "v": [0, 0, 0, 3] + [10, 11] * 8})
    out = charts.t_summary(frame, ["g"], "v").set_index("g")
    assert out.loc["a", "mean"] == 0.75 and out.loc["a", "n"] == 4
    assert (out.loc["a", "ci_low"], out.loc["a", "ci_high"]) == (0.0, 3.0)
    half = 2.131449546 * np.std([10, 11] * 8, ddof=1) / 4  # t(0.975, 15) * sd / sqrt(16)
    assert out.loc["b", "ci_low"] == pytest.approx(10.5 - half)
    assert out.loc["b", "ci_high"] == pytest.approx(10.5 + half)
    assert 10 < out.loc["b", "ci_low"] < out.loc["b", "ci_high"] < 11


def test_a_sweep_chart_counts_games_per_point_as_the_win_rate_chart_does() -> None:
    """GreedyBot in two of three seats won 20 of 20 games at one point; the chart said "40
    games per point" and showed 50% with no word why (found by helper-63). Its subtitle now
    says how a point counts, as :func:`charts.win_rate_chart` does."""
    frame = sweep("monsoon", {"players": 3}, {"seal_target": [10, 15]}, ["greedy", "random"],
                  6, seed=2)
    subtitle = charts.sweep_chart(frame, "seal_target").to_dict()["title"]["subtitle"]
    assert subtitle == ["95% Wilson intervals over seats played (up to 12 per point)",
                        "GreedyBot held 2 seats a game; winning a game counts 1 win in 2 seats"]
    alone = sweep("monsoon", {"players": 2}, {"seal_target": [10, 15]}, ["greedy", "random"],
                  6, seed=2)
    assert charts.sweep_chart(alone, "seal_target").to_dict()["title"]["subtitle"] == (
        "95% Wilson intervals; up to 6 games per point")


def test_a_sweeps_turns_chart_takes_each_points_games_apart(tmp_path: Path) -> None:
    """A sweep's points number their games from 0 each, and ``turns_chart`` and
    ``bin_fill_chart`` took the turns of game 0 of every point as one game: the short games'
    line stopped half way along "share of the game played", and the bins counted one point's
    games only (found by helper-63)."""
    from marketlib.sim import load_parts

    _games, turns = load_parts(sweep("monsoon", {"players": 2}, {"seal_target": [5, 30]},
                                     ["random"], 6, seed=3, out=tmp_path / "monsoon"))
    data = next(iter(charts.turns_chart(turns, by="seal_target").to_dict()["datasets"].values()))
    assert {v: max(r["x"] for r in data if r["seal_target"] == v)
            for v in ("5", "30")} == {"5": 0.95, "30": 0.95}
    _games, turns = load_parts(sweep("bansan", {"players": 2}, {"starting_money": [5, 20]},
                                     ["random"], 4, seed=3, out=tmp_path / "bansan"))
    fill = next(iter(charts.bin_fill_chart(turns).to_dict()["datasets"].values()))
    assert {r["n"] for r in fill} == {8}  # every game of both points, in every bin and step
