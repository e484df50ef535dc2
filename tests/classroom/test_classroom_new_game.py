"""Issue 30, point 4 on the classroom path: the dashboard's "New game" deals fresh cards in a
room made without a seed (a fresh secret seed per game, drawn in Python), and the room's own
sequence of seeds in a room made with one (the teacher typed it: the class replays it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from marketlib.classroom import Room


def test_new_game_in_a_room_without_a_seed_deals_fresh_cards(tmp_path: Path) -> None:
    room = Room("monsoon", tables=2, players=2, path=tmp_path / "class.sqlite")
    seen = {room.tables[0].match.seed}
    for _ in range(3):
        room.new_game(1)
        seen.add(room.tables[0].match.seed)
    assert len(seen) == 4  # 63 random bits each: alike once in 2**61


def test_new_game_in_a_room_with_a_seed_deals_the_rooms_sequence(tmp_path: Path) -> None:
    room = Room("monsoon", tables=2, players=2, path=tmp_path / "class.sqlite", seed=5)
    room.new_game(1)
    room.new_game(2)
    assert [t.match.seed for t in room.tables] == [5 + 0 + 2, 5 + 1 + 2]


def test_new_game_refuses_a_table_whose_game_is_in_progress_unless_abandoned(
        tmp_path: Path) -> None:
    """helper-78 ended a 46-move game with ``room.new_game(1)``: students saw their boards
    reset with no word, and the game had no result. The dashboard offers New game only at a
    finished game; the Python call now refuses a game in progress, and deals nothing."""
    room = Room("monsoon", tables=2, players=2, path=tmp_path / "class.sqlite", seed=5)
    table = room.tables[0]
    assert table.handle(0, {"type": "play", "index": 0, "version": table.seats[0].version}) == ""
    before = [(t.match.seed, t.match.state) for t in room.tables]
    with pytest.raises(ValueError) as err:
        room.new_game()  # table 2 has no move yet; table 1 is in progress: neither is dealt
    assert str(err.value) == (
        "a game is in progress at Table 1 (1 moves): a new game would end it unfinished, with no "
        "result; let it finish, or call new_game(..., abandon=True) to deal anyway")
    with pytest.raises(ValueError, match="Table 1"):
        room.new_game(1)
    assert [(t.match.seed, t.match.state) for t in room.tables] == before
    room.new_game(2)  # nothing played there yet: nothing is lost
    room.new_game(1, abandon=True)
    assert [t.match.seed for t in room.tables] == [5 + 0 + 2, 5 + 1 + 2]
    assert room.tables[0].match.cursor == 0


def test_computers_moves_alone_are_no_game_in_progress_and_a_stale_picture_says_so(
        tmp_path: Path) -> None:
    """helper-79: a table where only a computer player had moved was refused as "in progress"
    (the docs say a game not yet begun deals), and a dashboard's stale New game read the
    in-progress refusal instead of "Table 2 changed since the dashboard showed it"."""
    from marketlib.widgets.messages import StaleMessage

    room = Room("monsoon", tables=2, players=2, path=tmp_path / "class.sqlite", seed=5)
    first = room.tables[0].match.current_player
    assert first is not None
    room.seat_computer(1, first, "greedy")  # it moves at once: no person has played
    assert room.tables[0].match.cursor > 0
    room.new_game(1)
    table = room.tables[1]
    version = table.version
    seat = table.match.current_player
    assert seat is not None
    table.handle(seat, {"type": "play", "index": 0, "version": table.seats[seat].version})
    with pytest.raises(StaleMessage, match="Table 2 changed since the dashboard showed it"):
        room.new_game(2, version)


def test_no_move_slips_in_between_the_in_progress_check_and_the_deal(tmp_path: Path) -> None:
    """helper-79: ``new_game`` checked for a game in progress outside the table's lock, so a
    student's move could land after the check and be thrown away by the deal with no word.
    Here a student's move arrives (from a server thread, which holds the table's lock while
    the table handles it) just as the check reads the table: it now waits until the new game
    is dealt and is then refused as made on the old picture, never lost in a game thrown
    away."""
    import threading

    room = Room("monsoon", tables=1, players=2, path=tmp_path / "class.sqlite", seed=5)
    table = room.tables[0]
    seat = table.match.current_player
    assert seat is not None
    version = table.seats[seat].version
    answers: list[str] = []
    seen: list[tuple[bool, int]] = []
    students: list[threading.Thread] = []

    def play() -> None:  # as the server hands a student's message to the table
        with table.lock:
            answers.append(table.handle(seat, {"type": "play", "index": 0,
                                               "version": version}))

    class Moves(list):  # type: ignore[type-arg]  # table.by, which the check reads
        def __contains__(self, item: object) -> bool:
            found = super().__contains__(item)
            student = threading.Thread(target=play)
            students.append(student)
            student.start()
            student.join(0.5)  # time enough to play, had nothing held the table
            seen.append((student.is_alive(), table.match.cursor))
            return found

    table.by = Moves(table.by)
    room.new_game(1)
    students[0].join(5)
    assert seen == [(True, 0)]  # the move waited; the game the deal threw away had no move
    assert len(answers) == 1 and answers[0] in (  # refused as made on the old picture; which
        # words depends on whether the new game's boards were drawn before it got the table
        "The board changed before your click arrived, so nothing was done: look again and "
        "click once more (board version 1, now 2).",
        "The board changed before your click arrived, so nothing was done: look again and "
        "click once more (the game moved on since this board was drawn).")
    assert table.match.cursor == 0 and table.match.seed == 5 + 0 + 1


def test_a_table_whose_computers_fail_stops_no_other_tables_new_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """helper-83: the first table whose computer players raised (its database) left the later
    tables dealt with their computers unmoved and unannounced."""
    import sqlite3

    from marketlib.classroom.tables import RoomTable

    room = Room("monsoon", tables=2, players=2, path=tmp_path / "class.sqlite", seed=5)
    room.seat_computer(2, 0, "greedy")  # table 2's computer opens its games
    run = RoomTable.run_bots
    ran: list[int] = []

    def run_bots(self: RoomTable) -> None:
        ran.append(self.number)
        if self.number == 1:
            raise sqlite3.OperationalError("disk I/O error")
        run(self)

    monkeypatch.setattr(RoomTable, "run_bots", run_bots)
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error") as failed:
        room.new_game()
    assert failed.value.__notes__ == [  # which table's computer players failed
        "Table 1: its computer players could not open its new game (OperationalError: disk "
        "I/O error)"]
    assert ran == [1, 2]
    assert room.tables[1].match.cursor > 0  # table 2's computer moved in its new game
    assert [t.game for t in room.tables] == [1, 1]
