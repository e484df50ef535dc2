"""What helper-82, a researcher exploring "what if" questions, hit with the simulation API:
a sweep over a list-valued rule crashed, charts of joined runs bent silently, an HTML chart
needed the internet, a results file with another suffix became CSV text, and inputs were
taken or refused with words that did not say what to do."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from marketlib import bansan, charts, monsoon
from marketlib.bots import GreedyBot
from marketlib.sim import (
    load_parts,
    load_results,
    mean_table,
    play_many,
    save_results,
    sweep,
    win_rates,
)


def test_a_sweep_over_a_list_valued_rule_labels_each_point() -> None:
    """``market_prices`` (a treatment of the docs' lessons) crashed in pandas: "Length of
    values (6) does not match length of index"."""
    grid = {"market_prices": [(1, 1, 2, 1, 1, 2), (2, 2, 4, 2, 2, 4)]}
    df = sweep("bansan", bansan.Rules(players=3), grid, ["random"], 3, seed=1)
    assert df.groupby(["point", "market_prices"]).size().to_dict() == {
        (0, "[1,1,2,1,1,2]"): 9, (1, "[2,2,4,2,2,4]"): 9}
    assert not df.duplicated(["point", "game", "seat"]).any()  # (point, game) names a game
    assert df.attrs["marketlib"]["grid"] == grid


def test_a_list_valued_rule_comes_back_from_parquet_parts_the_same(tmp_path: Path) -> None:
    grid = {"star_sources": [("replenish",), ("replenish", "deck_stock")]}
    folder = sweep("bansan", bansan.Rules(players=2), grid, ["random"], 2, seed=1,
                   out=tmp_path / "parts")
    games, turns = load_parts(folder)
    assert sorted(games["star_sources"].unique()) == ['["replenish","deck_stock"]',
                                                      '["replenish"]']
    assert sorted(turns["point"].unique()) == [0, 1]


def test_turns_charts_tell_joined_runs_apart_by_their_column_or_refuse() -> None:
    """Two runs joined with ``pd.concat`` share game numbers: the 10-seal line stopped at 55%
    of the game and bent down (its games were taken as the 30-seal run's)."""
    runs = [play_many("monsoon", monsoon.Rules(players=2, seal_target=t), ["random"], 30,
                      seed=1)[1].assign(target=t) for t in (10, 30)]
    joined = pd.concat(runs)
    data = next(iter(charts.turns_chart(joined, by="target").to_dict()["datasets"].values()))
    line = [(r["x"], r["mean"]) for r in data if r["target"] == "10"]
    assert [round(x, 2) for x, _ in line] == [0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75,
                                              0.85, 0.95]
    assert all(a < b for (_, a), (_, b) in itertools.pairwise(line))  # seals only rise
    with pytest.raises(ValueError, match="frames of several runs joined"):
        charts.turns_chart(joined, by="bot")  # the runs cannot be told apart by bot
    with pytest.raises(ValueError, match="frames of several runs joined"):
        charts.bin_fill_chart(pd.concat([play_many("bansan", bansan.Rules(players=2),
                                                   ["random"], 2, seed=s)[1] for s in (1, 5)]))


def test_a_sweeps_win_rate_chart_counts_the_seats_of_one_game() -> None:
    """Its subtitle said "GreedyBot held 3 seats a game" (it held one at each of 3 points)."""
    df = sweep("monsoon", monsoon.Rules(players=2), {"seal_target": [10, 15, 20]},
               ["greedy", "random"], 10)
    assert charts.win_rate_chart(df).to_dict()["title"]["subtitle"] == (
        "95% Wilson intervals; up to 30 games per bar")


def test_charts_save_to_html_offline_and_refuse_other_suffixes(tmp_path: Path) -> None:
    games, _ = play_many("monsoon", monsoon.Rules(players=2), ["greedy", "random"], 4, seed=1)
    chart = charts.win_rate_chart(games)
    page = charts.save(chart, tmp_path / "w.html").read_text(encoding="utf-8")
    assert "cdn.jsdelivr" not in page and not re.search(r"<script[^>]*src=", page)
    assert "vegaEmbed" in page and len(page) > 500_000  # vega's scripts are in the page
    assert charts.save(chart, tmp_path / "w.svg").read_text().lstrip().startswith("<svg")
    with pytest.raises(ValueError, match=r"w.xlsx: charts are saved as .png, .svg, .pdf, "
                                         r".json or .html, not '.xlsx'"):
        charts.save(chart, tmp_path / "w.xlsx")
    assert not (tmp_path / "w.xlsx").exists()


def test_results_files_are_parquet_or_csv_only(tmp_path: Path) -> None:
    games, _ = play_many("monsoon", None, ["random"], 1, seed=1)
    with pytest.raises(ValueError, match=r"results are saved as .parquet or .csv \(a spreadsheet "
                                         r"opens .csv\), not '.xlsx'"):
        save_results(games, tmp_path / "games.xlsx")
    assert not (tmp_path / "games.xlsx").exists()
    cli = subprocess.run([sys.executable, "-m", "marketlib", "simulate", "monsoon", "--games",
                          "1", "--out", str(tmp_path / "k.json")], capture_output=True,
                         text=True, check=False)
    assert cli.returncode == 2 and "results are saved as .parquet or .csv" in cli.stderr
    assert list(tmp_path.iterdir()) == []


def test_inputs_are_refused_saying_what_to_do_or_taken_when_they_are_whole_numbers() -> None:
    with pytest.raises(TypeError, match="rotate_seats is True or False, not 'no'"):
        play_many("monsoon", None, ["random"], 1, rotate_seats="no")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"bots are names or bot objects: GreedyBot\(\) \(or "
                                        r"'greedy'\), not the class GreedyBot"):
        play_many("monsoon", None, [GreedyBot], 1)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="sweep\\(\\) got an unknown option 'n_job'; its options "
                                        "are common_seeds, out, rotate_seats, n_jobs"):
        sweep("monsoon", None, {"seal_target": [5]}, ["random"], 1, n_job=2)
    with pytest.raises(ValueError, match=r"unknown field `player` \(the options: players, mode,"):
        play_many("bansan", {"player": 3}, ["random"], 1)
    games, _ = play_many("monsoon", None, ["random"], 2, seed=np.int64(3))  # a numpy integer
    assert games.attrs["marketlib"]["seeds"] == [3, 4]
    assert games.equals(play_many("monsoon", None, ["random"], 2, seed=3)[0])
    with pytest.raises(ValueError, match="win_rates: no column 'bots' in the frame \\(its "
                                         "columns: game, seed, seat, bot,"):
        win_rates(games, by="bots")
    with pytest.raises(ValueError, match="mean_table: no column 'scor'"):
        mean_table(games, "scor", "bot")


def test_the_command_line_says_how_to_write_a_list_rule() -> None:
    cli = subprocess.run([sys.executable, "-m", "marketlib", "simulate", "bansan", "--games",
                          "1", "--rule", "star_sources=replenish,deck_stock"],
                         capture_output=True, text=True, check=False)
    assert cli.returncode == 2
    assert cli.stderr.strip() == (
        "error: --rule star_sources=replenish,deck_stock: must be a list, not text: write it "
        "as a JSON list, --rule 'star_sources=[\"replenish\",\"deck_stock\"]'")
    bracketed = subprocess.run([sys.executable, "-m", "marketlib", "simulate", "bansan",
                                "--games", "1", "--rule", "market_prices=[2,2,4]"],
                               capture_output=True, text=True, check=False)
    assert bracketed.stderr.strip() == (  # a list already: no hint built from its text
        "error: --rule market_prices=[2,2,4]: must be a list of length 6, not 3")


def test_score_axes_say_their_unit() -> None:
    games, turns = play_many("bansan", bansan.Rules(players=2), ["greedy", "random"], 2, seed=1)
    assert charts.score_chart(games).to_dict()["layer"][0]["encoding"]["y"]["title"] == (
        "final score (RM)")
    lines = charts.turns_chart(turns).to_dict()["layer"][1]["layer"]
    assert lines[0]["encoding"]["y"]["title"] == "mean score (RM)"
    games, _ = play_many("monsoon", monsoon.Rules(players=2), ["random"], 1, seed=1)
    assert charts.score_chart(games).to_dict()["layer"][0]["encoding"]["y"]["title"] == (
        "final score (seals)")


def test_each_seat_says_its_place_in_the_order_of_play() -> None:
    """With ``first_player="random"`` no column said who moved first, so ``win_rates(by=
    "seat")`` measured nothing of the order of play (helper-82)."""
    rules = bansan.Rules(players=3, first_player="random")
    games, _ = play_many("bansan", rules, ["random"], 6, seed=1)
    firsts = [bansan.current_player(bansan.setup(rules, seed)) for seed in range(1, 7)]
    assert firsts == [0, 1, 2, 0, 0, 2]  # each deal its own first vendor
    for (game, seat), order in games.set_index(["game", "seat"])["order"].items():
        assert order == (seat - firsts[game]) % 3
    assert win_rates(games, "order")["games"].tolist() == [6, 6, 6]
    fixed, _ = play_many("monsoon", monsoon.Rules(players=2, first_player=1), ["random"], 2)
    assert fixed["order"].tolist() == [1, 0, 1, 0]  # seat 1 moves first


def test_what_helper_83_found_in_the_first_fixes(tmp_path: Path) -> None:
    """Runs joined and charted by a column that differs between the seats of one game (bot)
    made one game of seats from two runs; a sweep over values of two kinds could not be saved
    to Parquet; numpy grid values and game counts, common_seeds="no" and a grid typo were
    taken or refused without the options; a results file saved before under another suffix
    could not be read; "x.PNG" reached altair as an unknown format; a Sendiri score was
    labelled RM."""
    a = play_many("monsoon", {"players": 3}, ["greedy", "greedy", "random"], 6, seed=1)[1]
    b = play_many("monsoon", {"players": 3}, ["random", "random", "greedy"], 6, seed=1)[1]
    with pytest.raises(ValueError, match="frames of several runs joined"):
        charts.turns_chart(pd.concat([a, b]), x="turn")
    g1 = play_many("monsoon", {"players": 3}, ["greedy", "random"], 4, seed=1)[0]
    assert charts.win_rate_chart(pd.concat([g1, g1])).to_dict()["title"]["subtitle"] == [
        "95% Wilson intervals over seats played (up to 16 per bar)",
        "runs joined: their games share numbers, so a game's seats cannot be told apart"]
    mixed = sweep("monsoon", {}, {"first_player": [0, "random"]}, ["greedy", "random"], 2)
    assert mixed[["point", "first_player"]].drop_duplicates().values.tolist() == [
        [0, "0"], [1, "random"]]
    back = load_results(save_results(mixed, tmp_path / "m.parquet"))
    assert back["first_player"].tolist() == mixed["first_player"].tolist()
    numbers = sweep("monsoon", {}, {"seal_target": np.arange(5, 9, 3)}, ["random"],
                    np.int64(1))
    assert numbers["seal_target"].unique().tolist() == [5, 8]
    with pytest.raises(TypeError, match="common_seeds is True or False, not 'no'"):
        sweep("monsoon", {}, {"seal_target": [5]}, ["random"], 1,
              common_seeds="no")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"bad rule values \{'seal_targt': 5\}: bad rules: "
                                         r"Object contains unknown field `seal_targt` \(the "
                                         r"options: players, seal_target,"):
        sweep("monsoon", {}, {"seal_targt": [5]}, ["random"], 1)
    old = save_results(g1, tmp_path / "g.csv").rename(tmp_path / "g.txt")
    assert load_results(old).equals(load_results(save_results(g1, tmp_path / "h.csv")))
    assert charts.save(charts.win_rate_chart(g1), tmp_path / "w.PNG").read_bytes()[:4] == (
        b"\x89PNG")
    solo = play_many("bansan", {"players": 1, "mode": "sendiri"}, ["greedy"], 2)[0]
    assert charts.score_chart(solo).to_dict()["layer"][0]["encoding"]["y"]["title"] == (
        "final score")  # money plus Deck cards (B-SOLO-18), not RM


def test_charts_and_win_rates_refuse_what_they_cannot_draw() -> None:
    """helper-105: score_chart(turns) drew "Final scores" from running scores (median 8 where
    the games' was 16.5), turns_chart drew an empty chart for bins=0 and the turn axis for
    x="time", turns_chart(games) raised a raw KeyError, and win_rates(by=[]) pandas' "No group
    keys passed!"."""
    from marketlib.sim import play_many, win_rates

    games, turns = play_many("monsoon", monsoon.Rules(players=2), ["greedy", "random"], 4,
                             seed=1)
    refused = {
        "score_chart(turns)": lambda: charts.score_chart(turns),
        "turns_chart(games)": lambda: charts.turns_chart(games),
        "bins=0": lambda: charts.turns_chart(turns, bins=0),
        "bins=True": lambda: charts.bin_fill_chart(turns, bins=True),
        "x=time": lambda: charts.turns_chart(turns, x="time"),  # type: ignore[arg-type]
        "by=[]": lambda: win_rates(games, by=[]),
        "by=None": lambda: win_rates(games, by=None),  # type: ignore[arg-type]
    }
    said = {}
    for name, call in refused.items():
        with pytest.raises(ValueError) as error:
            call()
        said[name] = str(error.value)
    assert said["score_chart(turns)"].startswith("score_chart takes the games frame")
    assert said["turns_chart(games)"].startswith("this chart takes the turns frame")
    assert said["bins=0"] == "bins is a whole number of bins, 1 or more, not 0"
    assert said["bins=True"] == "bins is a whole number of bins, 1 or more, not True"
    assert said["x=time"] == ("x is 'progress' (the share of each game played) or 'turn', not "
                              "'time'")
    assert said["by=[]"] == said["by=None"].replace("None", "[]")
    assert charts.score_chart(games).to_dict()["title"]["text"] == "Final scores by bot"
    assert list(win_rates(games, by=("bot", "seat"))["games"]) == [2, 2, 2, 2]
    # numpy integers and a pandas Index, as for a seed (helper-107)
    assert list(win_rates(games, by=pd.Index(["bot"]))["games"]) == [4, 4]
    assert "in 3 bins" in str(charts.turns_chart(turns, bins=np.int64(3)).to_dict()["title"])
