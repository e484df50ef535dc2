"""The move timer (issue 31, point 4): no table waits for a student who has gone. Off by default;
with a timer, the deciding person's page is warned at two thirds of the time, then a computer
player makes exactly that one move (shown to everyone as such) and the person keeps the seat.
Driven by ``room.tick(now)``: the clock values are the test's."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pandas as pd  # type: ignore[import-untyped]
import pytest

from marketlib.classroom import Room
from marketlib.classroom.presence import Presence
from marketlib.classroom.tables import RoomTable
from marketlib.classroom.timer import Wait, timed_out, warning

from .helpers import everyone_joined, make_room

WARN = "You have 30 s left to move; then a computer player makes this one move for you."


def play(table: RoomTable, seat: int, index: int = 0) -> None:
    """The person at ``seat`` clicks choice ``index``."""
    assert table.handle(seat, {"type": "play", "index": index,
                               "version": table.seats[seat].version}) == ""


def late(table: RoomTable) -> list[int]:
    """The indices of the timed-out moves of the table's current game."""
    return [i for i, who in enumerate(table.by) if timed_out(who)]


def test_off_by_default_nothing_happens_however_long(tmp_path: Path) -> None:
    room = everyone_joined(make_room(tmp_path, players=2, seed=1))
    try:
        table = room.tables[0]
        assert room.move_timer is None and room.timer(1) is None
        for now in (0.0, 90.0, 1e6, 1e9):
            assert room.tick(now) == []
        assert table.match.cursor == 0
        assert all(not seat.traits()["notice"] for seat in table.seats)
    finally:
        room.stop()


def test_the_warning_comes_at_two_thirds_of_the_time_to_the_deciding_seat(
        tmp_path: Path) -> None:
    room = everyone_joined(make_room(tmp_path, players=2, seed=1, move_timer=90))
    try:
        table = room.tables[0]
        decider = table.match.current_player
        assert decider is not None
        assert room.tick(1000.0) == [] and room.tick(1059.9) == []
        assert table.seats[decider].traits()["notice"] == ""
        version = table.seats[decider].version
        assert room.tick(1060.0) == [(1, "warned")]
        assert table.seats[decider].traits()["notice"] == WARN == warning(90)
        assert table.seats[1 - decider].traits()["notice"] == ""
        assert table.seats[decider].version == version  # a click made now is still current
        assert room.tick(1061.0) == [] and table.match.cursor == 0
    finally:
        room.stop()


def test_a_computer_makes_exactly_one_move_and_the_person_keeps_the_seat(
        tmp_path: Path) -> None:
    room = everyone_joined(make_room(tmp_path, players=2, seed=1, move_timer=90))
    try:
        table = room.tables[0]
        seat = table.match.current_player
        assert seat is not None
        room.tick(0.0)
        assert room.tick(60.0) == [(1, "warned")]
        assert room.tick(89.9) == []
        assert room.tick(90.0) == [(1, "moved")]
        assert table.match.cursor == 1  # one move: every seat is a person's
        assert table.by == ["timeout:greedy"]
        assert seat not in table.bots and seat not in table.session.opponents
        assert WARN not in table.seats[seat].traits()["notice"]  # it went with the wait
        for s in table.seats:  # everyone is told, in the log and the table's announcement
            traits = s.traits()
            assert traits["log"][-1].endswith(f"timed out: a computer player moved for P{seat}")
            assert f"Time ran out for P{seat}" in traits["notice"]
        assert [(row[2], row[3]) for row in room.store.actions(0)] == [(seat, "timeout:greedy")]
        # a new wait begins for whoever decides now: no second move at once
        assert room.tick(90.5) == [] and room.tick(150.0) == []
        assert table.match.cursor == 1
        assert room.tick(150.5) == [(1, "warned")]
    finally:
        room.stop()


def test_a_person_who_moves_in_time_resets_the_timer(tmp_path: Path) -> None:
    room = everyone_joined(make_room(tmp_path, players=2, seed=1, move_timer=90))
    try:
        table = room.tables[0]
        seat = table.match.current_player
        assert seat is not None
        room.tick(0.0)
        assert room.tick(60.0) == [(1, "warned")]
        play(table, seat)
        assert table.seats[seat].traits()["notice"] == ""
        assert room.tick(89.0) == [] and room.tick(90.0) == [] and room.tick(148.0) == []
        assert late(table) == [] and table.match.cursor == 1
        assert room.tick(149.0) == [(1, "warned")]
        assert room.tick(179.0) == [(1, "moved")]
        assert late(table) == [1]
    finally:
        room.stop()


def test_never_for_a_computer_seat(tmp_path: Path) -> None:
    room = everyone_joined(make_room(tmp_path, players=2, seed=1, move_timer=90))
    try:
        table = room.tables[0]
        seat = table.match.current_player
        assert seat is not None
        room.tick(0.0)
        assert room.tick(60.0) == [(1, "warned")]
        room.seat_computer(1, seat, "random")  # the teacher hands the seat to a computer
        assert WARN not in table.seats[seat].traits()["notice"]  # it went with the wait
        assert late(table) == [] and "random" in table.by
        now = 100.0
        for _ in range(3):  # the person's decisions time out, one at a time
            if table.match.outcome is not None:
                break
            assert table.match.current_player == 1 - seat
            assert room.tick(now) == []
            assert room.tick(now + 60) == [(1, "warned")]
            assert room.tick(now + 90) == [(1, "moved")]
            now += 100
        assert late(table)
        for i in late(table):  # never the computer's seat's
            assert table.match.game.current_player(table.match.states[i]) == 1 - seat
        assert set(table.by) <= {"random", "timeout:greedy"} and seat in table.bots
    finally:
        room.stop()


def test_never_while_paused_and_the_wait_starts_again_after(tmp_path: Path) -> None:
    room = everyone_joined(make_room(tmp_path, players=2, seed=1, move_timer=90))
    try:
        table = room.tables[0]
        seat = table.match.current_player
        assert seat is not None
        room.tick(0.0)
        assert room.tick(60.0) == [(1, "warned")]
        room.pause(1)
        assert WARN not in table.seats[seat].traits()["notice"]  # at once
        assert room.tick(90.0) == [] and room.tick(1e5) == []
        room.unpause(1)
        assert room.tick(1e5 + 1) == [] and room.tick(1e5 + 60) == []
        assert room.tick(1e5 + 61) == [(1, "warned")]
        assert room.tick(1e5 + 91) == [(1, "moved")]
        assert late(table) == [0]
    finally:
        room.stop()


def test_the_teacher_may_undo_a_timed_out_move_and_the_person_plays_it(
        tmp_path: Path) -> None:
    room = everyone_joined(make_room(tmp_path, players=2, seed=1, move_timer=90))
    try:
        table = room.tables[0]
        seat = table.match.current_player
        assert seat is not None
        room.tick(0.0), room.tick(60.0), room.tick(90.0)
        (action,) = table.match.history
        room.undo(1)
        assert table.match.cursor == 0 and table.by == []
        choices = table.seats[seat].traits()["choices"]
        legal = table.match.legal_actions()
        play(table, seat, next(i for i, c in enumerate(choices)
                               if legal[c["index"]] == action))  # the same move, by the person
        assert table.match.history == (action,) and table.by == [""]
        assert "timed out" not in table.seats[seat].traits()["log"][-1]
        assert [row[3] for row in room.store.actions(0)] == [""]
    finally:
        room.stop()


def test_never_after_the_game_is_over(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=1, move_timer=90)
    try:
        table = room.tables[0]
        room.fill_with_computers("greedy")
        assert table.match.outcome is not None
        room.seat_person(1, 0)
        room.seat_person(1, 1)
        everyone_joined(room)  # the students come back to read the end
        cursor = table.match.cursor
        for now in (0.0, 60.0, 90.0, 1e6):
            assert room.tick(now) == []
        assert table.match.cursor == cursor and late(table) == []
    finally:
        room.stop()


def test_a_timed_out_move_is_marked_in_the_frames_and_survives_resume(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    room = everyone_joined(Room("bansan", tables=1, players=2, seed=4, path=path,
                                move_timer=30))
    table = room.tables[0]
    seat = table.match.current_player
    assert seat is not None
    room.tick(0.0)
    assert room.tick(20.0) == [(1, "warned")]
    assert room.tick(30.0) == [(1, "moved")]
    room.attach(Presence({}))  # the students go, and computer players end the game
    room.fill_with_computers("greedy")
    assert table.match.outcome is not None
    turns, games = room.turns(), room.results()
    marked = turns[turns["timed_out"]]
    assert len(marked) == 1 and marked["seat"].iloc[0] == seat
    assert turns["timed_out"].dtype == bool
    assert list(games["timed_out"]) == [int(s == seat) for s in games["seat"]]
    by = list(table.by)
    log = table.seats[1 - seat].traits()["log"]
    room.stop()
    again = Room.resume(path)
    try:
        resumed = again.tables[0]
        assert resumed.by == by and again.differed == 0
        lines = resumed.seats[1 - seat].traits()["log"]
        (i,) = late(resumed)
        assert lines[i] == log[i] and log[i].endswith(
            f" - timed out: a computer player moved for P{seat}")
        assert again.move_timer == 30
        pd.testing.assert_frame_equal(again.turns(), turns)
        pd.testing.assert_frame_equal(again.results(), games)
    finally:
        again.stop()


def test_the_teachers_setting_for_a_table_overrides_the_rooms(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    room = everyone_joined(Room("bansan", tables=3, players=2, seed=2, path=path,
                                move_timer=90))
    room.set_timer(2, 30)
    room.set_timer(3, None)
    assert [room.timer(n) for n in (1, 2, 3)] == [90, 30, None]
    room.tick(0.0)
    assert room.tick(20.0) == [(2, "warned")]
    assert room.tick(30.0) == [(2, "moved")]
    assert room.tick(60.0) == [(1, "warned")]  # Table 2's next wait began at 60
    assert room.tick(90.0) == [(1, "moved"), (2, "warned")]
    room.tick(1e6)
    assert late(room.tables[2]) == [] and room.tables[2].match.cursor == 0
    room.stop()
    again = Room.resume(path)
    try:
        assert [again.timer(n) for n in (1, 2, 3)] == [90, 30, None]
        again.set_timer(None, 45)  # the whole room: the tables' own settings go
        assert [again.timer(n) for n in (1, 2, 3)] == [45, 45, 45]
    finally:
        again.stop()


@pytest.mark.parametrize("kwargs", [{"move_timer": 0}, {"move_timer": -5},
                                    {"move_timer": True}, {"move_timer": "90"},
                                    {"timer_bot": "nobody"}])
def test_a_bad_timer_is_refused(tmp_path: Path, kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        make_room(tmp_path, **kwargs)


def test_the_teacher_is_refused_a_bad_table_or_time(tmp_path: Path) -> None:
    room = everyone_joined(make_room(tmp_path, players=2))
    try:
        with pytest.raises(ValueError, match="no table 4"):
            room.set_timer(4, 30)
        with pytest.raises(ValueError, match="above 0"):
            room.set_timer(1, 0)
    finally:
        room.stop()


def test_the_warning_always_leaves_the_rest_of_the_time() -> None:
    wait = Wait()
    assert wait.step("a", 0, 90, 0.0) == ""
    assert wait.step("a", 0, 90, 500.0) == "warned"  # a late tick: warned, not moved at once
    assert wait.step("a", 0, 90, 529.0) == ""
    assert wait.step("a", 0, 90, 530.0) == "moved"
    assert wait.step("b", None, 90, 531.0) == ""  # a computer's turn: nothing


def test_the_server_runs_the_timer_and_the_page_is_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from websockets.sync.client import connect

    from marketlib.classroom import server

    monkeypatch.setattr(server, "TICK", 0.05)
    room = make_room(tmp_path, players=2, seed=1, move_timer=1.5).start()  # students join
    try:
        table = room.tables[0]
        seat = table.match.current_player
        assert seat is not None
        url = room.url.replace("http://", "ws://") + "ws"
        notices: list[str] = []
        log: list[str] = []
        with connect(url, open_timeout=10) as ws:
            ws.send(json.dumps({"type": "join", "code": table.codes[seat], "name": "Ana"}))
            deadline = time.monotonic() + 15
            while not late(table) or not log or "timed out" not in log[-1]:
                assert time.monotonic() < deadline, (notices, log)
                try:
                    msg = json.loads(ws.recv(timeout=0.5))
                except TimeoutError:
                    continue
                traits = msg.get("traits", {}) if msg["type"] == "state" else {}
                if traits.get("notice"):
                    notices.append(traits["notice"])
                log = traits.get("log", log)
        assert notices[0] == warning(1.5)  # first the warning, on the seat's own page
        assert any("Time ran out for P" in n and "Ana" in n for n in notices[1:])
        assert late(table) == [0]
        assert log[-1].endswith(f"timed out: a computer player moved for P{seat}")
    finally:
        room.stop()


def test_each_timed_out_decision_of_a_turn_says_so_in_the_log(tmp_path: Path) -> None:
    """A turn of several decisions (a Monsoon fulfil: the Order, each card spent, the level) is
    timed decision by decision, and every timed-out line says so: the log said it on the first
    only, as a computer player's reason is said once per line of play, so the rest read as the
    student's own moves (found by helper-62)."""
    room = everyone_joined(make_room(tmp_path, game="monsoon", players=2, seed=11, move_timer=3))
    try:
        table = room.tables[0]
        now = 0.0
        while len(late(table)) < 8:
            room.tick(now)
            now += 0.5
        history = table.match.history
        runs = [i for i in late(table)[1:] if i - 1 in late(table)
                and history[i - 1].player == history[i].player]
        assert runs, late(table)  # a seat timed out twice in a row, in one turn
        for s in table.seats:
            log = s.traits()["log"]
            for i in late(table):
                assert log[i].endswith(
                    f" - timed out: a computer player moved for P{history[i].player}"), log[i]
            assert [i for i, line in enumerate(log) if "timed out" in line] == late(table)
    finally:
        room.stop()


def test_the_timer_waits_for_a_student_who_has_not_joined_yet(tmp_path: Path) -> None:
    """helper-86: with a timer and nobody connected, both tables had played 2 moves after 14 s,
    and a student who joined late read "Time ran out for P0". A seat counts once a student's
    page has been attached to it (``RoomTable.joined``); then it counts even after the page
    has gone (the timer is for a student who has gone)."""
    room = make_room(tmp_path, tables=2, players=2, seed=1, move_timer=6)
    try:
        first, second = room.tables
        for now in (0.0, 4.0, 6.0, 14.0, 1e6):
            assert room.tick(now) == []
        assert first.match.cursor == second.match.cursor == 0 and late(first) == []
        seat = first.match.current_player
        assert seat is not None
        pages = {(first.index, seat): object()}  # one student opens Table 1's deciding seat
        room.attach(Presence(pages))
        assert room.tick(2e6) == [] and first.joined == {seat} and second.joined == set()
        pages.clear()  # ... and goes: the timer now plays that seat's decision, not Table 2's;
        assert room.tick(2e6 + 3.9) == []  # its wait began when the student came
        assert room.tick(2e6 + 4) == [(1, "warned")]
        assert room.tick(2e6 + 6) == [(1, "moved")] and late(first) == [0]
        assert room.tick(3e6) == [] and second.match.cursor == 0
    finally:
        room.stop()
