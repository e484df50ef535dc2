"""marketlib.sim: play, play_many (joblib and a real dask LocalCluster), sweep, files, CLI."""

from __future__ import annotations

import itertools
import types
from pathlib import Path

import pandas as pd
import pytest

from marketlib import Match, bansan, monsoon
from marketlib.__main__ import main
from marketlib.bots import GreedyBot, RandomBot, uniform_choice
from marketlib.bots.heuristics import heuristic_for
from marketlib.sim import (
    GAME_COLUMNS,
    GameRecord,
    load_results,
    play,
    play_many,
    record,
    save_results,
    sweep,
    wilson_interval,
    win_rates,
)
from marketlib.sim.batch import chunks
from marketlib.sim.record import TurnTable, record_match

RULES3 = monsoon.Rules(players=3)


def test_play_returns_a_record_that_replays() -> None:
    rec = play("monsoon", monsoon.Rules(players=2), ["greedy", RandomBot()], seed=3)
    assert isinstance(rec, GameRecord)
    assert rec.bots == ("GreedyBot", "RandomBot")
    match = rec.to_match()
    assert match.outcome == rec.outcome
    assert len(match.history) == len(rec.actions)
    assert match.state.turn in (rec.turns - 1, rec.turns)  # the winning turn counts
    assert {r["turn"] for r in rec.turn_rows} == set(range(rec.turns + 1))
    assert sum(r["actions"] for r in rec.turn_rows) == len(rec.actions)
    last = [r for r in rec.turn_rows if r["turn"] == rec.turns]
    assert [r["score"] for r in last] == list(rec.outcome.scores)


class Thief(RandomBot):
    """Steals a card from its own display (M-STEAL-03 forbids it: only another player's)."""

    def choose(self, view, legal_actions, rng):  # type: ignore[no-untyped-def]
        me = legal_actions[0].player
        return monsoon.Steal(player=me, card=view.seats[me].display[0])


class Impostor(RandomBot):
    """Answers its own decision with the other vendor's Rent & Release."""

    def choose(self, view, legal_actions, rng):  # type: ignore[no-untyped-def]
        me = legal_actions[0].player
        free = next(s.id for s in view.stalls if s.renter is None)
        return bansan.RentAndRelease(player=1 - me, rent=free)


def test_play_refuses_an_illegal_choice_naming_the_bot_and_the_rule() -> None:
    with pytest.raises(ValueError, match=r"^Thief chose P0 steal MG-12, which is not legal here: "
                                         r"M-STEAL-03: MG-12 is already in your display"):
        play("monsoon", monsoon.Rules(players=2), [Thief()], seed=1)


class OpeningRR(RandomBot):
    """Rents a free stall with its own R&R in the Opening Round: apply would take it (an
    any-time action, A-B-60), but it is not one of the decision's legal actions."""

    def choose(self, view, legal_actions, rng):  # type: ignore[no-untyped-def]
        me = legal_actions[0].player
        free = next(s.id for s in view.stalls if s.renter is None)
        return bansan.RentAndRelease(player=me, rent=free)


def test_play_keeps_a_bot_to_its_decisions_legal_actions() -> None:
    with pytest.raises(ValueError, match=r"^OpeningRR chose P0 rr rent=ST-02, which is not legal "
                                         r"here: it is not among the legal actions listed for "
                                         r"this decision$"):
        play("bansan", bansan.Rules(players=2), [OpeningRR(), RandomBot()], seed=1)


def test_play_refuses_another_seats_action_that_the_rules_would_allow() -> None:
    start = bansan.setup(bansan.Rules(players=2), 1)
    theirs = bansan.RentAndRelease(player=1, rent="ST-02")
    assert bansan.current_player(start) == 0
    assert bansan.explain(start, theirs) is None  # P1 may R&R on P0's decision (A-B-60) ...
    with pytest.raises(ValueError, match=r"^Impostor chose P1 rr rent=ST-02, which is not legal "
                                         r"here: it plays for P0 only$"):
        play("bansan", bansan.Rules(players=2), [Impostor()], seed=1)  # ... but not P0's bot


class Called(RandomBot):
    """A RandomBot whose own ``choose`` is RandomBot's, called: not marked, so never drawn for."""

    def choose(self, view, legal_actions, rng):  # type: ignore[no-untyped-def]
        self.calls = getattr(self, "calls", 0) + 1
        return super().choose(view, legal_actions, rng)


def test_play_draws_for_a_random_bot_exactly_as_its_choose_would() -> None:
    """``RandomBot.choose`` is marked ``draws_uniformly``: ``play`` draws ``rng.choice(legal)``
    from the seat's stream without calling it. A subclass that calls it plays the very same
    games, move for move."""
    assert uniform_choice(RandomBot()) and not uniform_choice(Called())
    for game, rules in (("monsoon", RULES3), ("bansan", bansan.Rules(players=3))):
        for seed in (4, 9):
            drawn = play(game, rules, [RandomBot()], seed)
            called = play(game, rules, [Called()], seed)
            assert drawn.actions == called.actions and len(drawn.actions) > 50
            assert drawn.turn_table == called.turn_table


def test_play_calls_and_checks_every_choose_that_is_not_randombots_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The mark is on RandomBot's function: a subclass's own ``choose``, a ``choose`` put on an
    instance, one patched onto the class, and one taken by a slotted class are called (and
    checked) unless they are that very function."""
    assert not uniform_choice(Thief()) and not uniform_choice(GreedyBot())
    patched = RandomBot()
    patched.choose = Thief().choose  # type: ignore[method-assign]
    assert not uniform_choice(patched)
    with pytest.raises(ValueError, match=r"^RandomBot chose P0 steal MG-12, which is not legal "
                                         r"here: M-STEAL-03"):
        play("monsoon", monsoon.Rules(players=2), [patched], seed=1)

    class Slotted:
        __slots__ = ("uniform_choice",)
        choose = RandomBot.choose  # the marked function itself: drawn for, rightly
        reads_view = False

        def __init__(self) -> None:
            self.uniform_choice = False  # a flag of its own means nothing: the mark decides

        def explain_choice(self) -> str:
            return ""

    assert uniform_choice(Slotted())
    assert (play("monsoon", RULES3, [Slotted()], 4).actions
            == play("monsoon", RULES3, [RandomBot()], 4).actions)
    calls = []

    def spy(self, view, legal_actions, rng):  # type: ignore[no-untyped-def]
        calls.append(len(legal_actions))
        return "nonsense"

    monkeypatch.setattr(RandomBot, "choose", spy)
    assert not uniform_choice(RandomBot())
    with pytest.raises(ValueError, match=r"^RandomBot chose 'nonsense', which is not legal here"):
        play("monsoon", RULES3, [RandomBot()], 4)
    assert calls == [len(monsoon.legal_actions(monsoon.setup(RULES3, 4)))]


def test_play_with_no_legal_action_says_so_for_a_drawn_bot_too() -> None:
    """A broken game that offers no action while it is not over: the RandomBot's own check
    speaks (``ValueError``), as it did before ``play`` drew for it."""
    calls = {"n": 0}

    def legal_actions(state):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        return () if calls["n"] > 5 else monsoon.legal_actions(state)

    broken = types.SimpleNamespace(**{name: getattr(monsoon, name) for name in dir(monsoon)
                                      if not name.startswith("_")})
    broken.legal_actions = legal_actions
    with pytest.raises(ValueError, match=r"no legal actions to choose from"):
        play(broken, RULES3, [RandomBot()], 4)


def test_turn_ends_read_in_batches_equal_those_read_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``TurnTable`` keeps the states of at most ``BATCH`` turn ends before it reads them; the
    rows do not depend on the batch, in ``play`` (Monsoon, Bansan with out-of-turn moves) and
    in ``record_match``."""
    waited: list[int] = []
    read_waiting = TurnTable.read_waiting

    def counted(self: TurnTable) -> None:
        waited.append(len(self.waiting))
        read_waiting(self)

    monkeypatch.setattr(TurnTable, "read_waiting", counted)
    default = TurnTable.BATCH
    cases = (("monsoon", RULES3, ["random"], 5, False),  # 114 turns: one batch read mid-game
             ("bansan", bansan.Rules(players=3), ["greedy", "random"], 7, True))  # 19 turns
    for game, rules, bots, seed, any_time in cases:
        records = {}
        for batch in (1, 5, default):
            monkeypatch.setattr(TurnTable, "BATCH", batch)
            waited.clear()
            records[batch] = play(game, rules, bots, seed, any_time=any_time)
            assert waited and max(waited) <= batch  # never more states kept than the batch
            assert waited.count(batch) == (records[batch].turns + 1) // batch
            again = record_match(records[batch].to_match(), records[batch].bots)
            assert again.turn_ends == records[batch].turn_ends
        one, five, whole = records.values()
        assert one.turn_ends == five.turn_ends == whole.turn_ends
        assert len(one.turn_ends) == one.turns + 1 > 5 and one.actions == whole.actions
        assert [rows for _, _, rows in whole.turn_ends] == metric_rows_at_turn_ends(whole)


def metric_rows_at_turn_ends(rec: GameRecord) -> list[tuple[tuple[float | int, ...], ...]]:
    """Every seat's ``metric_row``, asked of the heuristic state by state, at the setup and
    wherever the turn number moves on or the game ends: the table's rows worked out apart
    from ``TurnTable`` and from any reader."""
    match = rec.to_match()
    module, states = match.game, match.states
    heuristic = heuristic_for(module)
    seats = range(len(rec.standings))
    at = [states[0]] + [after for before, after in itertools.pairwise(states)
                        if after.turn != before.turn or module.outcome(after) is not None]
    return [tuple(heuristic.metric_row(state, seat) for seat in seats) for state in at]


def test_play_stops_a_game_past_max_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that has not ended after ``MAX_DECISIONS`` decisions raises ``RuntimeError``; one
    that ends on the last allowed decision is a game."""
    full = play("monsoon", RULES3, ["random"], 4)
    decisions = len(full.actions)
    monkeypatch.setattr(record, "MAX_DECISIONS", decisions)
    assert play("monsoon", RULES3, ["random"], 4) == full
    monkeypatch.setattr(record, "MAX_DECISIONS", decisions - 1)
    with pytest.raises(RuntimeError, match=rf"^game with seed 4 did not end in {decisions - 1} "
                                           r"decisions$"):
        play("monsoon", RULES3, ["random"], 4)


def test_out_of_turn_actions_count_toward_max_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """``MAX_DECISIONS`` bounds every action recorded, out-of-turn ones (A-B-60) included."""
    args = ("bansan", bansan.Rules(players=3), ["greedy", "random"], 7)
    full = play(*args, any_time=True)
    states = full.to_match().states
    out_of_turn = [a for a, before in zip(full.actions, states, strict=False)
                   if getattr(a, "player", None) not in (None, bansan.current_player(before))]
    assert len(out_of_turn) == 1  # so the deciding seats took one decision fewer than actions
    monkeypatch.setattr(record, "MAX_DECISIONS", len(full.actions))
    assert play(*args, any_time=True) == full
    monkeypatch.setattr(record, "MAX_DECISIONS", len(full.actions) - 1)
    with pytest.raises(RuntimeError, match=r"^game with seed 7 did not end in "):
        play(*args, any_time=True)


def test_play_many_frames_have_the_promised_columns() -> None:
    games, turns = play_many("monsoon", RULES3, ["greedy", "random", "random"], 6, seed=10)
    assert list(games.columns[:8]) == GAME_COLUMNS
    assert len(games) == 18
    assert games["winner"].dtype == bool
    assert games.groupby("game")["winner"].any().all()
    assert sorted(games["seed"].unique().tolist()) == list(range(10, 16))
    # rotation: the greedy bot sits in every seat twice
    assert games[games["bot"] == "GreedyBot"]["seat"].value_counts().to_dict() == {0: 2, 1: 2,
                                                                                   2: 2}
    final = games.set_index(["game", "seat"])["turns"]
    assert (turns.groupby(["game", "seat"])["turn"].max() == final).all()
    for column in ("game", "seed", "bot", "turn", "seat", "actions", "score", "seals", "cards"):
        assert column in turns.columns
    meta = games.attrs["marketlib"]
    assert meta["seeds"] == [10, 15] and meta["rules"]["players"] == 3
    assert meta["bots"] == ["greedy", "random", "random"]
    assert "wall" not in " ".join(games.columns) + " ".join(turns.columns)


def test_no_rotation_keeps_seats() -> None:
    games, _ = play_many("monsoon", monsoon.Rules(), ["greedy", "random"], 3, seed=1,
                         rotate_seats=False)
    assert set(games[games["seat"] == 0]["bot"]) == {"GreedyBot"}


def test_results_do_not_depend_on_n_jobs() -> None:
    one = play_many("monsoon", RULES3, ["random", "greedy"], 8, seed=3)
    two = play_many("monsoon", RULES3, ["random", "greedy"], 8, seed=3, n_jobs=2, chunk_size=3)
    pd.testing.assert_frame_equal(one[0], two[0])
    pd.testing.assert_frame_equal(one[1], two[1])


def test_dask_backend_on_a_local_cluster_matches_joblib() -> None:
    from distributed import Client, LocalCluster

    expected = play_many("monsoon", RULES3, ["random"], 6, seed=21)
    with pytest.raises(ValueError, match=r"running dask\.distributed Client"):
        play_many("monsoon", RULES3, ["random"], 2, seed=21, backend="dask")
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                      dashboard_address=None, host="127.0.0.1") as cluster, Client(cluster):
        got = play_many("monsoon", RULES3, ["random"], 6, seed=21, backend="dask", n_jobs=2,
                        chunk_size=2)
    pd.testing.assert_frame_equal(expected[0], got[0])
    pd.testing.assert_frame_equal(expected[1], got[1])


def test_sweep_adds_rule_columns() -> None:
    frame = sweep("monsoon", monsoon.Rules(), {"seal_target": [5, 8], "players": [2, 3]},
                  ["greedy", "random"], 2, seed=4)
    assert len(frame) == 2 * 2 * (2 + 3)
    assert frame.groupby(["seal_target", "players"]).size().to_dict() == {
        (5, 2): 4, (5, 3): 6, (8, 2): 4, (8, 3): 6}
    assert (frame[frame["seal_target"] == 5]["score"].max()) < 15
    with pytest.raises(ValueError, match="bad rule values"):
        sweep("monsoon", None, {"players": [9]}, ["random"], 1)


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_results_save_with_version_rules_seeds_and_bots(tmp_path: Path, suffix: str) -> None:
    games, _ = play_many("monsoon", monsoon.Rules(), ["greedy", "random"], 2, seed=8)
    path = save_results(games, tmp_path / f"g{suffix}")
    back = load_results(path)
    pd.testing.assert_frame_equal(back, games, check_dtype=False)
    meta = back.attrs["marketlib"]
    assert meta["library_version"] == "0.1.0"
    assert meta["seeds"] == [8, 9] and meta["bots"] == ["greedy", "random"]
    assert meta["rules"]["seal_target"] == 15


def test_win_rates_and_wilson() -> None:
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-3)
    frame = pd.DataFrame({"bot": ["A", "A", "B", "B"], "winner": [True, True, False, True],
                          "score": [3, 5, 1, 2]})
    table = win_rates(frame).set_index("bot")
    assert table.loc["A", "win_rate"] == 1.0 and table.loc["B", "wins"] == 1
    assert table.loc["B", "mean_score"] == 1.5


def test_cli_simulate_prints_a_summary_and_saves(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results.csv"
    code = main(["simulate", "monsoon", "--players", "2", "--bots", "greedy,random", "--games",
                 "4", "--seed", "1", "--out", str(out), "--rule", "seal_target=10"])
    assert code == 0
    text = capsys.readouterr().out
    assert "Monsoon Market: 4 games, seeds 1..4" in text
    assert "GreedyBot" in text and "95% CI" in text and "mean seals" in text
    assert load_results(out).attrs["marketlib"]["rules"]["seal_target"] == 10
    assert (tmp_path / "results.turns.csv").exists()
    assert main(["simulate", "monsoon", "--rule", "nonsense"]) == 2


def test_cli_replay_prints_the_game_turn_by_turn(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    rec = play("monsoon", monsoon.Rules(players=2), [GreedyBot(), RandomBot()], seed=5)
    path = rec.save(tmp_path / "game.json")
    assert Match.load(path).outcome == rec.outcome
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Monsoon Market  seed 5")
    assert "turn 0: P0 " in text
    assert f"game over (seal_target): winners P{rec.outcome.winners[0]}" in text
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_cli_replay_says_a_save_keeps_undone_actions(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A finished game saved after 5 undos read "(the game is not finished)" with no word of
    the 5 actions the file keeps for redo (found by helper-64)."""
    rec = play("monsoon", monsoon.Rules(players=2), [GreedyBot(), RandomBot()], seed=5)
    match = rec.to_match()
    for _ in range(5):
        match.undo()
    match.save(tmp_path / "undone.json")
    assert main(["replay", str(tmp_path / "undone.json")]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"Monsoon Market  seed 5  {len(rec.actions) - 5} actions")
    assert text.rstrip().endswith("(5 undone actions follow, kept in the file: "
                                  "Match.load(...).redo() plays them again)\n"
                                  "(the game is not finished at the cursor)")


def test_games_are_chunked_into_tasks() -> None:
    jobs = [(i, 10 + i, i) for i in range(20)]
    assert [len(c) for c in chunks(jobs, 1, None)] == [5, 5, 5, 5]
    assert [len(c) for c in chunks(jobs, 2, None)] == [2] * 10
    assert [len(c) for c in chunks(jobs, 2, 8)] == [8, 8, 4]
    assert [j for c in chunks(jobs, 2, 3) for j in c] == jobs
    assert len(chunks([(i, i, 0) for i in range(4000)], 2, None)) == 16  # at most 250 a task
    with pytest.raises(ValueError, match="chunk_size"):
        chunks(jobs, 1, 0)


def test_bansan_results_do_not_depend_on_chunks_or_workers() -> None:
    rules = bansan.Rules(players=4)
    one = play_many("bansan", rules, ["random"], 6, seed=7, chunk_size=1)
    two = play_many("bansan", rules, ["random"], 6, seed=7, n_jobs=2, chunk_size=4)
    pd.testing.assert_frame_equal(one[0], two[0])
    pd.testing.assert_frame_equal(one[1], two[1])
    assert list(one[1].columns[:7]) == ["game", "seed", "bot", "turn", "seat", "actions", "score"]
    rec = play("bansan", rules, ["random"], seed=7)
    assert rec.turn_rows[0] == dict(zip(rec.turn_columns, rec.turn_table[0], strict=True))
    first = one[1][one[1]["game"] == 0].drop(columns=["game", "seed", "bot"])
    assert first.to_dict("records") == rec.turn_rows


def test_two_bots_of_one_class_set_apart_are_told_apart_in_the_frames() -> None:
    """helper-105: ``ISMCTSBot(iterations=10)`` against ``ISMCTSBot(iterations=300)`` read one
    ``bot`` row of ``win_rates``, so bot strength could not be compared; a bot's label is its
    class with the settings that differ from the class's defaults."""
    from marketlib.bots import ISMCTSBot
    from marketlib.sim import win_rates

    games, turns = play_many("monsoon", monsoon.Rules(players=2),
                             [ISMCTSBot(iterations=5), ISMCTSBot(iterations=8)], 2, seed=5)
    assert list(games["bot"]) == ["ISMCTSBot(5)", "ISMCTSBot(8)", "ISMCTSBot(8)", "ISMCTSBot(5)"]
    assert set(turns["bot"]) == {"ISMCTSBot(5)", "ISMCTSBot(8)"}
    assert list(win_rates(games, by="bot")["games"]) == [2, 2]
    games, _ = play_many("monsoon", monsoon.Rules(players=2),
                         [GreedyBot(deals=True), "greedy"], 1, seed=5)
    assert list(games["bot"]) == ["GreedyBot(deals=True)", "GreedyBot"]  # the default: its class
    # helper-107: every setting, a subclass by its own name, nothing constructed, and the label
    # of a bot whose repr shows its state taken before it plays
    made: list[int] = []

    class Mine(GreedyBot):
        def __init__(self, *, max_nodes: int = 4000) -> None:
            made.append(1)
            super().__init__(max_nodes=max_nodes)

    class Counting(RandomBot):
        def __init__(self) -> None:
            super().__init__()
            self.moves = 0

        def choose(self, view: object, legal_actions: tuple[object, ...], rng: object) -> object:
            self.moves += 1
            return super().choose(view, legal_actions, rng)  # type: ignore[arg-type]

        def __repr__(self) -> str:
            return f"Counting(moves={self.moves})"

    bots = [ISMCTSBot(5, exploration=0.0), ISMCTSBot(5, exploration=1.0)]
    games, _ = play_many("monsoon", monsoon.Rules(players=2), bots, 1, seed=5)
    assert list(games["bot"]) == ["ISMCTSBot(5, exploration=0.0)", "ISMCTSBot(5, exploration=1.0)"]
    mine = Mine(max_nodes=50)
    made.clear()
    games, _ = play_many("monsoon", monsoon.Rules(players=2), [mine, Counting()], 2, seed=5)
    assert set(games["bot"]) == {"Mine(max_nodes=50)", "Counting(moves=0)"} and made == []
