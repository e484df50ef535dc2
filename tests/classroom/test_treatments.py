"""Treatments (issue 31, point 1): a class experiment plays named rule sets at different
tables; the assignment is balanced and seeded (or the teacher's), stored, resumed and a column
of every frame; a student's page names the rules that differ from the standard game and
nothing else about the experiment."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import msgspec
import pandas as pd
import pytest

from marketlib import bansan, monsoon
from marketlib.classroom import Room
from marketlib.classroom.treatments import assign
from marketlib.core.options import changes, changes_text, option_words

FINE = {"fine RM2": bansan.Rules(players=2, fine_per_card=2),
        "no fine": bansan.Rules(players=2, fine_per_card=0)}


def test_tables_are_shared_evenly_and_play_their_treatment(tmp_path: Path) -> None:
    room = Room("bansan", tables=6, treatments=FINE, seed=5, path=tmp_path / "c.sqlite")
    try:
        names = [t.treatment for t in room.tables]
        assert Counter(names) == {"fine RM2": 3, "no fine": 3}
        assert names == assign(list(FINE), 6, seed=5)  # seeded: the same room, the same tables
        for table in room.tables:
            assert table.match.rules == FINE[table.treatment]
        assert room.rules is None and room.treatments == FINE
        assert list(room.status()["treatment"]) == names
        assert [t["treatment"] for t in room.dashboard().tables] == names  # the teacher's view
    finally:
        room.stop()


def test_an_odd_number_of_tables_differs_by_one_at_most() -> None:
    for seed in range(20):
        counts = Counter(assign(["a", "b", "c"], 7, seed=seed))
        assert sorted(counts.values()) == [2, 2, 3]
    assert len({tuple(assign(["a", "b"], 6, seed=s)) for s in range(20)}) > 1  # shuffled


def test_the_teacher_may_assign_the_tables(tmp_path: Path) -> None:
    room = Room("bansan", tables=3, treatments=FINE, assign=["no fine", "fine RM2", "no fine"],
                path=tmp_path / "c.sqlite")
    try:
        assert [t.match.rules.fine_per_card for t in room.tables] == [0, 2, 0]
    finally:
        room.stop()


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"treatments": FINE, "rules": bansan.Rules(players=2)}, "not both"),
    ({"treatments": {}}, "at least one"),
    ({"treatments": {"": bansan.Rules(players=2)}}, "non-empty string"),
    ({"treatments": FINE, "assign": ["no fine"]}, "one per table"),
    ({"treatments": FINE, "assign": ["no fine", "fine"]}, "assign[1] (Table 2) is 'fine'"),
    ({"assign": ["no fine", "no fine"]}, "give treatments= too"),
    ({"treatments": {"x": {"fine_per_card": "2"}}}, "bad rules"),
])
def test_a_bad_experiment_is_refused_and_writes_nothing(tmp_path: Path, kwargs: dict[str, object],
                                                       message: str) -> None:
    path = tmp_path / "c.sqlite"
    with pytest.raises(ValueError) as err:
        Room("bansan", tables=2, path=path, **kwargs)  # type: ignore[arg-type]
    assert message in str(err.value)
    assert not path.exists() or path.stat().st_size == 0


def test_treatments_are_stored_resumed_and_in_every_frame(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    room = Room("bansan", tables=4, treatments=FINE, seed=9, path=path)
    names = [t.treatment for t in room.tables]
    room.fill_with_computers("greedy")
    games, turns = room.results(), room.turns()
    room.stop()
    assert len(set(games["game"])) == 4
    for frame in (games, turns):
        assert {(row.table, row.treatment) for row in frame.itertuples()} == {
            (i + 1, name) for i, name in enumerate(names)}
    assert games.attrs["marketlib"]["assignment"] == names
    again = Room.resume(path)
    try:
        assert [t.treatment for t in again.tables] == names
        assert [t.match.rules for t in again.tables] == [FINE[n] for n in names]
        assert again.results()[["table", "treatment", "score"]].equals(
            games[["table", "treatment", "score"]])
    finally:
        again.stop()


def test_a_room_of_one_rule_set_has_one_unnamed_treatment(tmp_path: Path) -> None:
    room = Room("monsoon", tables=2, players=2, seed=1, path=tmp_path / "c.sqlite")
    try:
        assert room.treatments == {"": monsoon.Rules(players=2)} == {"": room.rules}
        assert [t.treatment for t in room.tables] == ["", ""]
        assert room.tables[0].seats[0].traits()["cards"]["rules_changed"] == ""
    finally:
        room.stop()


def test_a_students_page_names_the_changed_rules_and_nothing_else(tmp_path: Path) -> None:
    room = Room("bansan", tables=2, treatments={
        "treatment A": bansan.Rules(players=2, fine_per_card=2),
        "treatment B": bansan.Rules(players=2)}, assign=["treatment A", "treatment B"],
        seed=3, path=tmp_path / "c.sqlite")
    try:
        fined, standard = room.tables
        said = fined.seats[0].traits()["cards"]["rules_changed"]
        assert said == ("Rules that differ from the standard game: RM per overflowed card "
                        "(B-BIN-02): 2 (standard: 1).")
        assert standard.seats[1].traits()["cards"]["rules_changed"] == ""
        for table in room.tables:
            for seat in table.seats:
                sent = msgspec.json.encode(seat.traits()).decode()
                assert "treatment" not in sent  # the experiment's names stay with the teacher
    finally:
        room.stop()


def test_every_single_option_has_words() -> None:
    for rules_type in (bansan.Rules, monsoon.Rules):
        words = option_words(rules_type)
        assert words["players"]
        assert all(text and "``" not in text for text in words.values())
    assert option_words(bansan.Rules)["closing_round"] == "play the Closing Round (B-END-08)"
    assert changes(bansan.Rules(players=3, mode="kenduri")) == []  # the mode's own standard
    assert changes_text(monsoon.Rules(players=3, seal_target=30)) == (
        "Rules that differ from the standard game: seals that win at once: 15, or 30 for the "
        "long game (M-END-01/02): 30 (standard: 15).")


def test_compare_matches_a_hand_computation(tmp_path: Path) -> None:
    import numpy as np
    from scipy import stats

    from marketlib.sim import play_many

    room = Room("bansan", tables=4, treatments=FINE, seed=21, path=tmp_path / "c.sqlite")
    try:
        room.fill_with_computers("greedy")
        found = room.compare("money")
        games = room.results()
    finally:
        room.stop()
    by_table = games.groupby(["table", "treatment"])["score"].mean()
    fined = [v for (t, name), v in by_table.items() if name == "fine RM2"]
    free = [v for (t, name), v in by_table.items() if name == "no fine"]
    first = found.treatments.set_index("treatment")
    assert first.loc["fine RM2", "table_mean"] == pytest.approx(np.mean(fined))
    assert first.loc["no fine", "tables"] == 2 and first.loc["no fine", "seats"] == 4
    low, high = stats.t.interval(0.95, 1, loc=np.mean(free), scale=stats.sem(free))
    assert (first.loc["no fine", "low"], first.loc["no fine", "high"]) == pytest.approx((low, high))
    diff = found.differences.iloc[0]
    assert (diff.treatment, diff.versus) == ("no fine", "fine RM2")
    assert diff.difference == pytest.approx(np.mean(free) - np.mean(fined))
    # 2 + 2 tables: 6 ways to split them; the p-value counts the splits at least as extreme
    splits = [abs(np.mean(a) - np.mean([v for v in fined + free if v not in a]))
              for a in ([fined[0], fined[1]], [fined[0], free[0]], [fined[0], free[1]],
                        [fined[1], free[0]], [fined[1], free[1]], [free[0], free[1]])]
    assert diff.p_value == pytest.approx(
        sum(s >= abs(diff.difference) - 1e-9 for s in splits) / 6)
    # the baseline: the same rules and seeds, every seat a GreedyBot (what the room played)
    table = games[games["table"] == 1]
    again, _ = play_many("bansan", FINE[table["treatment"].iloc[0]], ["greedy"], n_games=1,
                         seed=int(table["seed"].iloc[0]), rotate_seats=False)
    row = found.tables[found.tables["table"] == 1].iloc[0]
    assert row["computers"] == pytest.approx(again["score"].mean())
    assert type(found.chart()).__name__ == "LayerChart"
    with pytest.raises(ValueError, match="not what bansan scores"):
        compare_seals(room)


def test_compare_with_one_table_a_treatment_gives_means_and_no_test(tmp_path: Path) -> None:
    room = Room("bansan", tables=2, treatments=FINE, seed=21, path=tmp_path / "c.sqlite")
    try:
        room.fill_with_computers("random")
        found = room.compare("money", computers="random")
    finally:
        room.stop()
    assert list(found.treatments["tables"]) == [1, 1]
    diff = found.differences.iloc[0]
    assert diff[["low", "high", "p_value"]].isna().all() and not pd.isna(diff.difference)


def compare_seals(room: Room) -> None:
    from marketlib.classroom.debrief import compare

    compare(room, "seals")


def test_students_frame_archive_and_load(tmp_path: Path) -> None:
    from marketlib.classroom import load

    room = Room("bansan", tables=2, treatments=FINE, assign=["fine RM2", "no fine"], seed=4,
                path=tmp_path / "c.sqlite")
    try:
        room.tables[0].set_name(0, "Ana")
        room.tables[1].set_name(1, "Ben")
        for table, seat in ((room.tables[0], 0), (room.tables[1], 1)):
            while table.match.current_player != seat:  # the other seat: a computer
                table.seat_bot(1 - seat, "greedy")
                table.run_bots()
            session = table.seats[seat]
            assert not table.handle(seat, {"type": "play", "index": 0,
                                           "version": session.version})
            room.seat_computer(table.number, seat, "greedy")  # the student leaves
        room.fill_with_computers("greedy")
        students = room.students()
        assert list(students.columns) == ["name", "table", "treatment", "game", "seat", "score",
                                          "rank", "winner", "timed_out", "bot"]
        assert students[["name", "table", "treatment", "seat", "bot"]].values.tolist() == [
            ["Ana", 1, "fine RM2", 0, "Person, then GreedyBot"],
            ["Ben", 2, "no fine", 1, "Person, then GreedyBot"]]
        games = room.results()
        ana = games[(games["table"] == 1) & (games["seat"] == 0)].iloc[0]
        assert students.iloc[0]["score"] == ana["score"] and students.iloc[0]["rank"] == ana["rank"]
        copy = room.archive(tmp_path / "class-2026.sqlite")
        with pytest.raises(ValueError, match="already exists"):
            room.archive(copy)
    finally:
        room.stop()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("class-")) == [
        "class-2026.sqlite"]  # one file, nothing beside it
    again = load(copy)
    try:
        assert again.students().equals(students)
        assert [t.treatment for t in again.tables] == ["fine RM2", "no fine"]
    finally:
        again.stop()
