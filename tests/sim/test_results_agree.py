"""Every per-seat result column (winner, rank, win_share, win rates) agrees with the engine's
outcome and standings, tie-breakers and shared wins included, in every kind of ending."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from marketlib import bansan, monsoon
from marketlib.core.game import places
from marketlib.sim import load_results, play, play_many, save_results, wilson_interval, win_rates
from marketlib.sim.batch import endings_dtype

MONSOON_CAPPED = monsoon.Rules(players=3, max_turns=30)
BANSAN3 = bansan.Rules(players=3)

# (game, rules, games, the endings this setting must produce)
SETTINGS: list[tuple[str, Any, int, set[str]]] = [
    ("monsoon", monsoon.Rules(players=3), 40, {"seal_target"}),
    ("monsoon", MONSOON_CAPPED, 120, {"turn_limit"}),
    ("monsoon", monsoon.Rules(players=4, seal_target=30), 40, {"orders_exhausted"}),
    ("monsoon", monsoon.Rules(players=4, goods_reshuffle=False, seal_target=30), 20,
     {"stalemate"}),
    ("bansan", BANSAN3, 120, {"money"}),
    ("bansan", bansan.Rules(players=3, mode="kenduri", kenduri_lists=1), 60,
     {"money", "collective_loss"}),
    ("bansan", bansan.Rules(players=1, mode="sendiri", solo_target_lists=1), 60,
     {"solo_win", "solo_loss"}),
]


def check_frame(games: pd.DataFrame) -> None:
    """The invariants every games frame must satisfy."""
    won = games.groupby("game")["winner"].transform("any")
    assert (games["winner"] == games["rank"].eq(1).fillna(False)).all()
    assert games.loc[~won, "rank"].isna().all()
    assert games.loc[won, "rank"].notna().all()
    shares = games.groupby("game")["win_share"].sum()
    assert shares[games.groupby("game")["winner"].any()].round(9).eq(1.0).all()
    assert shares[~games.groupby("game")["winner"].any()].eq(0.0).all()
    assert (games.loc[games["winner"], "win_share"] > 0).all()
    assert (games.loc[~games["winner"], "win_share"] == 0).all()


@pytest.mark.parametrize(("game", "rules", "n", "endings"), SETTINGS,
                         ids=[f"{g}-{sorted(e)[0]}" for g, _, _, e in SETTINGS])
def test_results_follow_the_engine_in_every_ending(game: str, rules: Any, n: int,
                                                   endings: set[str]) -> None:
    games, _ = play_many(game, rules, ["random"], n, seed=100)
    assert endings <= set(games["ending"].astype(str))
    check_frame(games)
    for index in (0, n // 2, n - 1):  # replay some games: rows == engine's outcome/standings
        rec = play(game, rules, ["random"], seed=100 + index)
        rows = games[games["game"] == index].sort_values("seat")
        assert rows["winner"].tolist() == [s in rec.outcome.winners
                                           for s in range(len(rec.outcome.scores))]
        module = bansan if game == "bansan" else monsoon
        assert tuple(None if pd.isna(r) else int(r) for r in rows["rank"]) == \
            module.standings(rec.to_match().state) == rec.standings


def test_every_ending_is_covered() -> None:
    covered = set().union(*(e for *_, e in SETTINGS))
    assert covered == {e.value for game in (monsoon, bansan) for e in game.GAME.endings}


def test_monsoon_turn_limit_tie_break_loser_is_not_rank_1() -> None:
    # seats 0 and 2 end on 6 seals; seat 2 wins on Gold-edge Orders (M-END-03)
    games, _ = play_many("monsoon", MONSOON_CAPPED, ["random"], 1, seed=52, rotate_seats=False)
    assert games["score"].tolist() == [6, 3, 6]
    assert games["winner"].tolist() == [False, False, True]
    assert games["rank"].tolist() == [2, 3, 1]


def test_bansan_tie_break_loser_is_not_rank_1() -> None:
    # seats 0 and 1 end on RM26; seat 0 wins on completed-list value (B-END-07)
    games, _ = play_many("bansan", BANSAN3, ["random"], 1, seed=51, rotate_seats=False)
    assert games["score"].tolist() == [26, 26, 1]
    assert games["winner"].tolist() == [True, False, False]
    assert games["rank"].tolist() == [1, 2, 3]


def test_shared_win_counts_for_every_sharer() -> None:
    # seats 1 and 2 share the win on 4 seals and equal Gold-edge Orders (M-END-03)
    games, _ = play_many("monsoon", MONSOON_CAPPED, ["random"], 1, seed=29, rotate_seats=False)
    assert games["winner"].tolist() == [False, True, True]
    assert games["rank"].tolist() == [3, 1, 1]
    assert games["win_share"].tolist() == [0.0, 0.5, 0.5]
    table = win_rates(games, by="seat").set_index("seat")
    assert table["wins"].tolist() == [0, 1, 1]


@pytest.mark.parametrize(("game", "rules"), [("monsoon", MONSOON_CAPPED), ("bansan", BANSAN3)])
def test_300_games_no_loser_has_rank_1(game: str, rules: Any) -> None:
    """The issue's check: 300 random 3-player games, where ranking by score alone gave losers
    rank 1 (8 Monsoon, 16 Bansan)."""
    games, _ = play_many(game, rules, ["random"], 300, seed=0)
    by_score = games.groupby("game")["score"].transform("max").eq(games["score"])
    tie_losers = by_score & ~games["winner"]
    assert tie_losers.sum() >= 5  # the case is common: the test can fail
    assert games.loc[tie_losers, "rank"].ge(2).all()
    check_frame(games)


def test_collective_loss_has_no_rank_and_no_wins() -> None:
    rules = bansan.Rules(players=3, mode="kenduri")
    games, _ = play_many("bansan", rules, ["random"], 6, seed=1)
    assert set(games["ending"].astype(str)) == {"collective_loss"}
    assert games["rank"].isna().all() and not games["winner"].any()
    assert games["rank"].dtype == "Int64"
    table = win_rates(games)
    assert table["wins"].tolist() == [0] and table["ci_low"].tolist() == [0.0]


def test_categorical_columns() -> None:
    games, turns = play_many("monsoon", monsoon.Rules(), ["greedy", "random"], 2, seed=1)
    assert isinstance(games["bot"].dtype, pd.CategoricalDtype)
    assert isinstance(games["ending"].dtype, pd.CategoricalDtype)
    assert isinstance(turns["bot"].dtype, pd.CategoricalDtype)
    assert list(games["ending"].cat.categories) == [
        "seal_target", "orders_exhausted", "stalemate", "turn_limit"]
    assert list(games["bot"].cat.categories) == ["GreedyBot", "RandomBot"]


def test_a_games_frame_lists_only_its_own_endings(tmp_path: Path) -> None:
    """A Bansan frame's ``ending`` categories are Bansan's (a student counting endings sees no
    ``seal_target``); a saved CSV reads back with them; a row with another game's ending is
    refused with the file and the row."""
    games, _ = play_many("bansan", bansan.Rules(players=3), ["greedy", "random"], 4, seed=2)
    counts = games.drop_duplicates("game")["ending"].value_counts()
    assert counts.to_dict() == {"money": 4, "collective_loss": 0, "solo_win": 0, "solo_loss": 0}
    back = load_results(save_results(games, tmp_path / "bansan.csv"))
    assert list(back["ending"].cat.categories) == [e.value for e in bansan.GAME.endings]
    text = (tmp_path / "bansan.csv").read_text(encoding="utf-8").splitlines()
    text[3] = text[3].replace(",money,", ",seal_target,")
    (tmp_path / "broken.csv").write_text("\n".join(text) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"broken\.csv: row 1: ending 'seal_target' is not one "
                                         r"of money, collective_loss, solo_win, solo_loss$"):
        load_results(tmp_path / "broken.csv")
    assert list(endings_dtype(None).categories) == [e.value for game in (bansan, monsoon)
                                                    for e in game.GAME.endings]


def test_places_competition_ranking() -> None:
    assert places((1,), [(5, 0), (5, 1), (5, 0), (2, 9)]) == (2, 1, 2, 4)
    assert places((0, 1), [(3,), (3,), (1,)]) == (1, 1, 3)
    assert places((), [(3,), (1,)]) == (None, None)


def test_standings_refuse_an_unfinished_game() -> None:
    with pytest.raises(ValueError, match="not over"):
        monsoon.standings(monsoon.setup(monsoon.Rules(), seed=1))
    with pytest.raises(ValueError, match="not over"):
        bansan.standings(bansan.setup(BANSAN3, seed=1))


def test_intervals_edge_cases() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)  # no games: nothing known
    lo, hi = wilson_interval(40, 40)  # all wins: never a certainty
    assert hi == 1.0 and lo == pytest.approx(0.9124, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    empty = win_rates(pd.DataFrame({"bot": [], "winner": [], "score": []}))
    assert empty.empty and list(empty.columns)[:3] == ["bot", "games", "wins"]


def test_mean_intervals_match_textbook_values() -> None:
    from marketlib.sim import mean_difference, mean_interval, mean_table

    lo, hi = mean_interval([1, 2, 3, 4])  # mean 2.5, sd 1.29, t(0.975, 3) = 3.182
    assert (lo, hi) == pytest.approx((2.5 - 2.054, 2.5 + 2.054), abs=1e-3)
    assert mean_interval([2, 2, 2]) == (2.0, 2.0)
    assert all(pd.isna(x) for x in mean_interval([5]))
    diff, lo, hi = mean_difference([1, 2, 3, 4], [0, 1, 1, 2])
    assert diff == 1.5 and lo < 0 < hi
    table = mean_table(pd.DataFrame({"g": ["a"] * 3 + ["b"] * 3, "x": [1, 2, 3, 5, 5, 5]}),
                       "x", "g")
    assert table["n"].tolist() == [3, 3] and table["mean"].tolist() == [2.0, 5.0]
    assert table["ci_low"].iloc[1] == table["ci_high"].iloc[1] == 5.0


def test_saved_and_loaded_frames_keep_their_rules_as_the_run_made_them(tmp_path: Path) -> None:
    """helper-105: JSON wrote Bansan's tuple options (removed_cards, star_sources,
    market_prices) as lists, so a loaded frame's attrs differed from the run's and
    ``bansan.Rules(**attrs["rules"])`` was refused; Parquet, CSV and a run's parts alike."""
    import json

    from marketlib.sim import load_parts, sweep
    from marketlib.sim.results import restored

    rules = bansan.Rules(players=3, mode="kenduri")
    games, _ = play_many("bansan", rules, ["random"], 2, seed=1)
    for name in ("g.parquet", "g.csv"):
        back = load_results(save_results(games, tmp_path / name))
        assert back.attrs == games.attrs, name
        assert bansan.Rules(**back.attrs["marketlib"]["rules"]) == rules
    run = play_many("bansan", rules, ["random"], 2, seed=1, out=tmp_path / "run")
    assert load_parts(run)[0].attrs == games.attrs
    grid = {"market_prices": [(1, 1, 2, 2, 2, 1), (2, 2, 2, 2, 2, 2)]}
    swept = sweep("bansan", {"players": 3}, grid, ["random"], 1, seed=1)
    back = load_results(save_results(swept, tmp_path / "s.csv"))
    assert back.attrs == swept.attrs
    assert back.attrs["marketlib"]["grid"]["market_prices"][0] == (1, 1, 2, 2, 2, 1)
    # helper-107: a grid of mixed types, or a tuple option given as lists, and an older run's
    # rules missing an option added since (none is invented)
    for grid in ({"first_player": [0, "random"]},
                 {"market_prices": [[1, 1, 2, 1, 1, 2], [2, 2, 2, 2, 2, 2]]}):
        swept = sweep("bansan", {"players": 3}, grid, ["random"], 1, seed=1)
        back = load_results(save_results(swept, tmp_path / "s.csv"))
        assert back.attrs == swept.attrs, grid
        assert type(back.attrs["marketlib"]["rules"]["removed_cards"]) is tuple
    older = json.loads(json.dumps(swept.attrs["marketlib"]))
    del older["rules"]["closing_trades"]
    assert "closing_trades" not in restored(older)["rules"]
    assert restored(older)["rules"]["removed_cards"] == (10, 30, 20, 10, 0)
