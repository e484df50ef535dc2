"""Sweeps on a cluster (issue 33, point 3): one flat list of tasks on joblib or a Dask
LocalCluster of two worker processes, Parquet parts written by the workers, custom cards
carried by content, and seeds derived per grid point (common seeds on request)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from marketlib import CardDataError, monsoon
from marketlib.core.cards import PinnedCardData
from marketlib.core.seeding import point_seed
from marketlib.sim import load_parts, play, play_many, sweep

RULES = monsoon.Rules(players=2)
GRID = {"seal_target": [5, 8], "players": [2, 3]}


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A Dask client of a LocalCluster with two single-thread worker processes."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, protocol="tcp",
                      host="127.0.0.1", dashboard_address=None) as cluster, Client(cluster) as c:
        yield c


def test_results_are_identical_whatever_the_backend_chunks_and_workers(
        client: Any, tmp_path: Path) -> None:
    expected = sweep("monsoon", RULES, GRID, ["random", "greedy"], 5, seed=3)
    assert len(expected) == 5 * (2 + 3 + 2 + 3)
    on_joblib = sweep("monsoon", RULES, GRID, ["random", "greedy"], 5, seed=3, n_jobs=2,
                      chunk_size=2)
    on_dask = sweep("monsoon", RULES, GRID, ["random", "greedy"], 5, seed=3, client=client,
                    chunk_size=3, progress=True)
    folder = sweep("monsoon", RULES, GRID, ["random", "greedy"], 5, seed=3, client=client,
                   chunk_size=4, out=tmp_path / "sweep")
    from_parts, turns = load_parts(folder)
    for got in (on_joblib, on_dask, from_parts):
        pd.testing.assert_frame_equal(got, expected)
    assert from_parts.attrs == expected.attrs
    assert sorted(p.name for p in (folder / "games").iterdir())[:3] == [
        "part-00000-00000.parquet", "part-00000-00001.parquet", "part-00001-00000.parquet"]
    per_game = turns.groupby(["seal_target", "players", "game"]).size()
    assert per_game.index.nunique() == 4 * 5  # every game of every point, with its rule values

    games, turns = play_many("monsoon", RULES, ["random"], 7, seed=9, chunk_size=3)
    with_client = play_many("monsoon", RULES, ["random"], 7, seed=9, backend="dask",
                            out=tmp_path / "many", chunk_size=2)
    with client.as_current():
        parts = load_parts(with_client)
    pd.testing.assert_frame_equal(parts[0], games)
    pd.testing.assert_frame_equal(parts[1], turns)
    # a second run into the same folder replaces the first one's parts
    play_many("monsoon", RULES, ["random"], 2, seed=9, out=tmp_path / "many")
    assert len(load_parts(tmp_path / "many")[0]) == 4
    (tmp_path / "many" / "turns" / "part-00000-00000.parquet").unlink()
    with pytest.raises(ValueError, match="1 of 2 turns parts"):
        load_parts(tmp_path / "many")


def test_custom_cards_travel_by_content_never_by_path(
        client: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the workers were started elsewhere: a relative path means nothing to them
    monsoon.write_default_data(tmp_path / "cards")
    monkeypatch.chdir(tmp_path)
    rules = monsoon.Rules(players=2, goods_deck="cards/goods.csv",
                          order_deck="cards/orders.csv")
    with pytest.raises(CardDataError, match=r"cards/goods\.csv"):
        client.submit(play, "monsoon", rules, ["random"], 1, pure=False).result()
    here = play_many("monsoon", rules, ["random"], 4, seed=2)
    there = play_many("monsoon", rules, ["random"], 4, seed=2, client=client, chunk_size=1)
    pd.testing.assert_frame_equal(there[0], here[0])
    pd.testing.assert_frame_equal(there[1], here[1])
    assert len(there[0].attrs["marketlib"]["cards"]) == 25  # the digest of the decks read
    assert not isinstance(vars(rules).get("card_data"), PinnedCardData)  # rules not changed


def test_a_task_message_carries_the_task_and_the_settings_travel_once(
        client: Any, tmp_path: Path) -> None:
    # what the client sends the scheduler per task (kept in its last messages' log, and one
    # message per task on the wire): the task's numbers, not its rules nor its custom cards
    monsoon.write_default_data(tmp_path / "cards")
    rules = monsoon.Rules(players=2, goods_deck=str(tmp_path / "cards" / "goods.csv"),
                          order_deck=str(tmp_path / "cards" / "orders.csv"))
    play_many("monsoon", rules, ["random"], 6, seed=2, client=client, chunk_size=1,
              out=tmp_path / "run")
    sent: list[tuple[str, int]] = []  # (key, bytes of its pickled graph), in the order sent
    for batch in client.scheduler_comm.recent_message_log:
        for msg in batch if isinstance(batch, list) else ():
            if msg.get("op") == "update-graph":
                (key,) = msg["keys"]
                sent.append((str(key), sum(len(f) for f in msg["expr_ser"].frames)))
    settings, *tasks = sent[-7:]
    assert settings[0].startswith("_same-") and settings[1] > 4000  # the cards: once
    assert len(tasks) == 6 and all(key.startswith("run_task-") for key, _ in tasks)
    assert max(size for _, size in tasks) < 600, tasks


def test_grid_points_derive_their_seeds_unless_common_seeds() -> None:
    grid = {"seal_target": [5, 8]}
    own = sweep("monsoon", RULES, grid, ["random"], 3, seed=4)
    assert own.attrs["marketlib"]["point_seeds"] == [point_seed(4, 0), point_seed(4, 1)]
    for p, target in enumerate(grid["seal_target"]):
        seeds = own[own["seal_target"] == target]["seed"].unique().tolist()
        assert seeds == [point_seed(4, p) + i for i in range(3)]
    common = sweep("monsoon", RULES, grid, ["random"], 3, seed=4, common_seeds=True)
    assert common.attrs["marketlib"]["seeds"] == [4, 6]
    for target in grid["seal_target"]:
        alone, _ = play_many("monsoon", monsoon.Rules(players=2, seal_target=target), ["random"],
                             3, seed=4)
        point = common[common["seal_target"] == target].drop(columns=["point", "seal_target"])
        pd.testing.assert_frame_equal(point.reset_index(drop=True), alone,
                                      check_categorical=False)


@pytest.mark.parametrize(("grid", "words"), [
    ({}, "grid is empty"),
    ({"seal_target": []}, r"grid\['seal_target'\] must be a non-empty list"),
    ({"seal_target": "15"}, r"grid\['seal_target'\] must be a non-empty list"),
])
def test_an_empty_or_bad_grid_is_refused_by_name(grid: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        sweep("monsoon", monsoon.Rules(), grid, ["random"], 1)  # type: ignore[arg-type]


def test_load_parts_refuses_a_folder_it_cannot_read_naming_it(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a folder"):
        load_parts(tmp_path / "nothing-here")
    (tmp_path / "meta.json").write_text("{not json")
    with pytest.raises(ValueError, match=r"meta.json is not JSON"):
        load_parts(tmp_path)
    (tmp_path / "meta.json").write_text('{"rules": {}}')
    with pytest.raises(ValueError, match=r"field 'parts' must be the number of parts"):
        load_parts(tmp_path)
    afile = tmp_path / "a.txt"
    afile.write_text("x")
    with pytest.raises(ValueError, match="not a folder"):
        load_parts(afile)
