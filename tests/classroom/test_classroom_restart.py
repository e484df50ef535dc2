"""A real server on a free loopback port: a class stopped mid-game comes back exactly, and the
class's frames are the frames of ``play_many``."""

from __future__ import annotations

import json
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import msgspec
import pandas as pd
import pytest
from websockets.sync.client import connect

from marketlib import bansan
from marketlib.classroom import Room, StoreError
from marketlib.sim import RESULT_COLUMNS, play_many

from .helpers import make_room


def ws_url(room: Room) -> str:
    return room.url.replace("http://", "ws://") + "ws"


class Student:
    """A student's connection: joins, keeps its traits, plays choices by index."""

    def __init__(self, stack: ExitStack, room: Room, table: int, seat: int, name: str) -> None:
        self.ws = stack.enter_context(connect(ws_url(room), open_timeout=10))
        self.traits: dict[str, Any] = {}
        self.ws.send(json.dumps({"type": "join", "code": room.codes[(table, seat)],
                                 "name": name}))
        self.read_until("joined")
        self.read_until("state")

    def read_until(self, kind: str) -> dict[str, Any]:
        for _ in range(50):
            msg = json.loads(self.ws.recv(timeout=10))
            if msg["type"] == "state":
                self.traits.update(msg["traits"])
            if msg["type"] == kind:
                return dict(msg)
        raise AssertionError(f"no {kind}")

    def play(self, index: int = 0) -> dict[str, Any]:
        self.ws.send(json.dumps({"type": "play", "index": index,
                                 "version": self.traits["version"], "id": 1}))
        return self.read_until("ack")

    def drain(self) -> None:
        """Read what is waiting (other seats' moves) without blocking long."""
        while True:
            try:
                msg = json.loads(self.ws.recv(timeout=0.2))
            except TimeoutError:
                return
            if msg["type"] == "state":
                self.traits.update(msg["traits"])


def state_bytes(room: Room, table: int = 0) -> bytes:
    return msgspec.json.encode(room.tables[table].match.state)


def test_stop_mid_game_and_resume_gives_the_same_state_and_every_action_once(
        tmp_path: Path) -> None:
    room = make_room(tmp_path, players=3, seed=11)
    room.seat_computer(1, 2, "greedy")
    room.start()
    stack = ExitStack()
    try:
        assert room.url.startswith("http://127.0.0.1:")
        health = json.loads(urllib.request.urlopen(room.url + "health", timeout=5).read())
        assert health == {"ok": True, "game": "bansan"}
        ana, ben = Student(stack, room, 1, 0, "Ana"), Student(stack, room, 1, 1, "Ben")
        plays = 0
        while plays < 30:
            for student in (ana, ben):
                student.drain()
                if student.traits["choices"]:
                    assert student.play(len(student.traits["choices"]) - 1)["ok"]
                    plays += 1
        match = room.tables[0].match
        before = state_bytes(room)
        history = match.history
        by = list(room.tables[0].by)
        assert len(history) > plays and "greedy" in by and "" in by
    finally:
        stack.close()
        room.stop()
    port = room.port
    assert len(room.store.path.read_bytes()) > 0

    again = Room.resume(tmp_path / "class.sqlite")
    assert state_bytes(again) == before
    assert again.tables[0].match.history == history
    assert again.tables[0].by == by and again.differed == 0
    assert again.tables[0].names == ["Ana", "Ben", ""] and again.tables[0].bots == {2: "greedy"}
    assert again.codes == room.codes
    rows = again.store.actions(0, 0)
    assert [r[0] for r in rows] == list(range(len(history)))  # none lost, none doubled
    again.start()
    stack = ExitStack()
    try:
        assert again.port == port  # the same address: students' pages reconnect by themselves
        ana = Student(stack, again, 1, 0, "")
        assert ana.traits["seats"][0]["person"] == "Ana"
        ben = Student(stack, again, 1, 1, "")
        for student in (ana, ben):
            if student.traits["choices"]:
                assert student.play()["ok"]
                break
        assert again.store.count() > len(history)
    finally:
        stack.close()
        again.stop()


def test_resume_refuses_what_is_not_a_classroom_database(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        Room.resume(tmp_path / "nothing.sqlite")
    import sqlite3

    sqlite3.connect(tmp_path / "other.sqlite").execute("CREATE TABLE x (y)").connection.close()
    with pytest.raises(StoreError, match="not a marketlib classroom database"):
        Room.resume(tmp_path / "other.sqlite")
    make_room(tmp_path).stop()
    with pytest.raises(ValueError, match="already exists"):
        make_room(tmp_path)


def test_teacher_undo_is_stored_and_resumed(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=3)
    room.seat_computer(1, 1, "greedy")
    table = room.tables[0]
    with table.lock:
        for _ in range(6):
            table.seats[table.match.current_player or 0].play(table.match.legal_actions()[0])
        table.commit()
    length = table.match.cursor
    room.undo(1)
    assert table.match.cursor < length and room.store.count() == table.match.cursor
    before = state_bytes(room)
    room.stop()
    again = Room.resume(tmp_path / "class.sqlite")
    assert state_bytes(again) == before and again.differed == 0


def test_results_and_turns_are_the_frames_of_play_many(tmp_path: Path) -> None:
    rules = bansan.Rules(players=3)
    room = make_room(tmp_path, tables=2, players=3, seed=20)
    assert room.fill_with_computers("greedy") == 6
    games, turns = room.results(), room.turns()
    expected_games, expected_turns = play_many("bansan", rules, ["greedy"], n_games=2, seed=20,
                                               rotate_seats=False, any_time=True)
    assert list(games.columns) == [*RESULT_COLUMNS, "name", "table", "treatment", "timed_out"]
    pd.testing.assert_frame_equal(games[RESULT_COLUMNS], expected_games, check_dtype=False,
                                  check_categorical=False)
    assert list(turns.columns) == [*expected_turns.columns, "name", "table", "treatment",
                                   "timed_out"]
    pd.testing.assert_frame_equal(turns[expected_turns.columns], expected_turns,
                                  check_dtype=False, check_categorical=False)
    assert set(games["name"]) == {"GreedyBot"} == set(turns["name"])
    files = room.export(tmp_path / "out")
    assert sorted(p.name for p in files) == ["games.csv", "games.parquet", "students.csv",
                                             "students.parquet", "turns.csv", "turns.parquet"]
    assert pd.read_parquet(tmp_path / "out" / "students.parquet").empty  # computers only
    assert len(pd.read_parquet(tmp_path / "out" / "turns.parquet")) == len(turns)
    status = room.status()
    assert status["over"].tolist() == [True, True] and status["connected"].tolist() == ["0/0"] * 2
    room.stop()


def test_people_and_computers_are_labelled(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=2)
    table = room.tables[0]
    with table.lock:
        table.set_name(0, "Ana")
        for _ in range(5):
            table.seats[table.match.current_player or 0].play(table.match.legal_actions()[0])
        table.commit()
    room.seat_computer(1, 0, "random")
    room.seat_computer(1, 1, "greedy")
    games = room.results()
    assert games["bot"].astype(str).tolist() == ["Person, then RandomBot", "Person, then GreedyBot"]
    assert games["name"].tolist() == ["Ana", "P1"]
    assert games["win_share"].sum() == pytest.approx(1.0) or games["rank"].isna().all()
    room.stop()


def test_a_new_game_at_a_table_keeps_the_first_in_the_frames_and_resumes(tmp_path: Path) -> None:
    room = make_room(tmp_path, tables=2, players=2, seed=30)
    room.fill_with_computers("random")
    assert all(t.match.is_over for t in room.tables)
    room.new_game(2)
    table = room.tables[1]
    assert table.game == 1 and table.match.seed == 30 + 1 + 2 and table.match.is_over
    assert [p.match.seed for p in table.past] == [31]
    games = room.results()
    assert sorted(set(games["game"])) == [0, 1, 3] and sorted(set(games["table"])) == [1, 2]
    expected, _ = play_many("bansan", bansan.Rules(players=2), ["random"], n_games=1, seed=33,
                            rotate_seats=False)
    assert games[games["game"] == 3]["score"].tolist() == expected["score"].tolist()
    assert sorted(set(room.turns()["game"])) == [0, 1, 3]
    histories = [table.past[0].match.history, table.match.history]
    room.stop()
    again = Room.resume(tmp_path / "class.sqlite")
    back = again.tables[1]
    assert back.game == 1 and [back.past[0].match.history, back.match.history] == histories
    assert again.differed == 0 and again.store.games(1) == 2
    again.stop()


def test_an_archive_naming_a_card_file_that_is_no_csv_is_refused_before_it_is_read(
        tmp_path: Path) -> None:
    """A room's archive is passed on (next year's comparison): its rules may name only .csv
    card files, as a save's may (review of bdf1be2, helper-68)."""
    from marketlib.classroom import Room
    from marketlib.core.errors import SaveFileError

    room = Room("bansan", tables=1, players=2, seed=3, path=tmp_path / "class.sqlite")
    meta = room.store.meta()
    rules = dict(meta["rules"], produce_deck="../../etc/passwd")
    room.store.put_meta({"rules": rules, "treatments": {"": rules}})
    room.store.close()
    with pytest.raises(SaveFileError) as err:
        Room.resume(tmp_path / "class.sqlite")
    assert err.value.field == "rules.produce_deck"
    assert "names '../../etc/passwd' as a card file, which is not a .csv file" in str(err.value)
