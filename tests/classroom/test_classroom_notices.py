"""Words meant for one seat reach that seat (issue 27, point 6): every board is told when the
teacher undoes or pauses, a student who comes back while a computer player holds their seat is
told so, and the teacher's dashboard shows that the student is back."""

from __future__ import annotations

from pathlib import Path

import pytest

from marketlib.classroom.tables import DEALT, HANDED_BACK, HELD, RESUMED, UNDONE

from .helpers import asgi_client, join, make_room, send, until


def test_every_seat_is_told_of_the_teachers_undo_until_the_game_moves_on(
        tmp_path: Path) -> None:
    room = make_room(tmp_path, players=3, seed=2)
    table = room.tables[0]
    assert table.handle(0, {"type": "play", "index": 0, "version": table.seats[0].version}) == ""
    assert table.match.cursor == 1
    room.undo(1)
    assert UNDONE == "The teacher undid the last move."
    assert [seat.traits()["notice"] for seat in table.seats] == [UNDONE] * 3
    table.handle(0, {"type": "play", "index": 0, "version": table.seats[0].version})
    assert table.match.cursor == 1
    assert [seat.traits()["notice"] for seat in table.seats] == [""] * 3


def test_every_seat_is_told_the_table_is_paused(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=3, seed=2)
    room.pause(1)
    traits = [seat.traits() for seat in room.tables[0].seats]
    assert [t["busy"] for t in traits] == ["The teacher paused the game."] * 3
    room.unpause(1)
    traits = [seat.traits() for seat in room.tables[0].seats]
    assert [t["busy"] for t in traits] == [""] * 3
    assert [t["notice"] for t in traits] == ["The teacher resumed the game: play on."] * 3
    assert traits[0]["notice"] == RESUMED
    room.unpause(1)  # not paused: nothing more to say
    assert room.tables[0].seats[1].traits()["notice"] == RESUMED
    room.pause(1)  # paused again before a move: the resume is no longer news (helper-78 read
    traits = [seat.traits() for seat in room.tables[0].seats]  # "paused" and "resumed" at once)
    assert [(t["busy"], t["notice"]) for t in traits] == [("The teacher paused the game.", "")] * 3
    table = room.tables[0]
    seat = table.match.current_player
    assert seat is not None
    refused = table.handle(seat, {"type": "play", "index": 0, "version": table.seats[seat].version})
    assert table.seats[seat].traits()["notice"] == (
        "The teacher paused the game: wait until they resume it, then try again.")
    assert refused


def test_a_student_back_while_a_computer_holds_the_seat_is_told_and_the_teacher_sees_it(
        tmp_path: Path) -> None:
    room = make_room(tmp_path, players=3, seed=2)
    room.seat_computer(1, 1, "random")
    dash = room.dashboard()
    seat = dash.tables[0]["seats"][1]
    assert seat["computer"] == "random" and not seat["back"]
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 1)], "Ben")
        assert traits["notice"] == HELD == (
            "A computer player is playing your seat; ask the teacher to hand it back to you.")
        assert traits["choices"] == []
        dash.refresh()
        assert dash.tables[0]["seats"][1]["back"] is True
        assert not dash.tables[0]["seats"][0]["back"]
        room.seat_person(1, 1)
        assert room.tables[0].seats[1].traits()["notice"] == HANDED_BACK == (
            "The teacher handed your seat back to you: it is yours to play again.")  # it was
        # said to nobody (helper-78)
        dash.refresh()
        assert not dash.tables[0]["seats"][1]["back"]
        other = room.tables[0].seats[0].traits()["notice"]
        assert other == ""  # the others are not told someone else's seat is held
        room.tables[0].seats[1].lang = "ms"  # said in the language the student reads now
        assert room.tables[0].seats[1].traits()["notice"].startswith("Guru telah menyerahkan")
        room.seat_computer(1, 1, "random")  # held again: the hand-back is no longer news
        assert room.tables[0].seats[1].traits()["notice"] != HANDED_BACK
        _, answer = send(ws, {"type": "explain", "target": "button:done"})
        assert answer["type"] == "ack"


def test_a_click_refused_while_paused_is_answered_by_the_resume(tmp_path: Path) -> None:
    """The student who clicked while paused read "paused ... wait until they resume it" and
    "resumed: play on" side by side after the resume (found by helper-62): the resume answers
    the refusal, in each seat's language."""
    room = make_room(tmp_path, players=3, seed=2)
    table = room.tables[0]
    seat = table.match.current_player
    assert seat is not None
    table.seats[seat].lang = "ms"
    room.pause(1)
    refused = table.handle(seat, {"type": "play", "index": 0,
                                  "version": table.seats[seat].version})
    assert refused and table.match.cursor == 0
    assert table.seats[seat].traits()["notice"].startswith("Guru menghentikan permainan")
    room.unpause(1)
    notices = [s.traits()["notice"] for s in table.seats]
    assert notices[seat] == "Guru menyambung semula permainan: teruskan bermain."
    assert [n for i, n in enumerate(notices) if i != seat] == [RESUMED] * 2


def test_a_teachers_control_after_stop_is_refused_before_anything_changes(
        tmp_path: Path) -> None:
    """After room.stop() a Pause changed the table in memory, then raised SQLite's "Cannot
    operate on a closed database", and the dashboard showed nothing (helper-78)."""
    room = make_room(tmp_path, players=3, seed=2)
    dash = room.dashboard()
    room.stop()
    said = ("the room is stopped (room.stop() closed its database): Room.resume(path) opens it "
            "again, with every game as it was")
    for control in (lambda: room.pause(1), lambda: room.unpause(), lambda: room.undo(1),
                    lambda: room.new_game(1), lambda: room.seat_computer(1, 0),
                    lambda: room.seat_person(1, 0), lambda: room.hints(False),
                    lambda: room.start(), lambda: room.seat_students(["Ali"]),
                    lambda: room.archive(tmp_path / "copy.sqlite"), lambda: room.predictions()):
        with pytest.raises(ValueError) as err:
            control()
        assert str(err.value) == said
    assert not room.tables[0].session.paused and 0 not in room.tables[0].bots
    assert not room.running and room.tables[0].names == ["", "", ""]
    dash.handle({"type": "pause", "table": 1})
    assert dash.error == said
    assert dash.stopped and dash.qr == "" and dash.url == ""  # it read "the room is not started"


def test_a_seat_nobody_had_is_not_handed_back(tmp_path: Path) -> None:
    """A computer player on a seat no student had joined, then Person: nobody is told the seat
    is "handed back" (helper-79: the first student to join read it)."""
    room = make_room(tmp_path, players=3, seed=2)
    room.seat_computer(1, 2, "random")
    room.seat_person(1, 2)
    assert room.tables[0].seats[2].traits()["notice"] == ""


def test_a_stale_clicks_refusal_goes_when_the_board_moves_on(tmp_path: Path) -> None:
    """helper-86: "The board changed before your click arrived..." stayed on a student's board
    through other seats' moves, a pause and a new tab. A refusal belongs to the position it
    was made on: the next position drawn for that seat drops it."""
    room = make_room(tmp_path, players=3, seed=2)
    try:
        table = room.tables[0]
        decider = table.match.current_player
        assert decider is not None
        versions = [seat.version for seat in table.seats]

        def join_again() -> None:
            with asgi_client(room).websocket_connect("/ws") as ws:
                join(ws, room.codes[(1, waiting)])

        assert table.handle(decider, {"type": "play", "index": 0,
                                      "version": table.seats[decider].version}) == ""
        waiting = next(s for s in range(3) if s not in (decider, table.match.current_player))
        old = versions[waiting]  # a click made on the board as it was before that move
        refused = table.handle(waiting, {"type": "play", "index": 0, "version": old})
        seat = table.seats[waiting]
        assert refused and seat.stale and seat.traits()["error"].startswith(
            "The board changed before your click arrived")
        mover = table.match.current_player
        assert mover is not None and mover != waiting
        assert table.handle(mover, {"type": "play", "index": 0,
                                    "version": table.seats[mover].version}) == ""
        assert seat.traits()["error"] == "" and not seat.stale
        # a pause, and the seat opened in a new tab, drop it too
        for moved_on in (lambda: room.pause(1), join_again):
            assert table.handle(waiting, {"type": "play", "index": 0, "version": old})
            assert seat.stale and seat.traits()["error"]
            moved_on()
            assert seat.traits()["error"] == "" and not seat.stale
            room.unpause(1)
    finally:
        room.stop()


def test_a_request_for_previews_is_answered_and_keeps_the_refusal_shown(tmp_path: Path) -> None:
    """A student's board asks for its previews when the student points at a choice, often
    right after a refused click. The request is acknowledged (never an ``error``, never taken
    for the refused click again), the previews come in the ``previews`` trait, one per choice
    drawn, and the refusal stays on the board (helper-90: it was erased)."""
    room = make_room(tmp_path, players=3, seed=2)
    try:
        table = room.tables[0]
        decider = table.match.current_player
        assert decider is not None
        with asgi_client(room).websocket_connect("/ws") as ws:
            first = join(ws, room.codes[(1, decider)])
            version = first["version"]
            _, answer = send(ws, {"type": "play", "index": 99, "version": version})
            assert answer["type"] == "ack" and not answer["ok"]
            refused = answer["error"]
            assert refused.startswith("no choice 99")
            traits, answer = send(ws, {"type": "previews", "version": version})
            assert answer == {"type": "ack", "id": 99, "ok": True, "error": ""}
            assert traits["previews"]["version"] == version
            assert len(traits["previews"]["choices"]) == len(first["choices"]) > 0
            assert "error" not in traits and table.seats[decider].traits()["error"] == refused
            # a stale click, then a request: still an ack, and the stale sentence stays
            _, answer = send(ws, {"type": "play", "index": 0, "version": version - 1})
            assert answer["type"] == "error" and "changed before your click" in answer["error"]
            _, answer = send(ws, {"type": "previews", "version": table.seats[decider].version})
            assert answer["type"] == "ack" and answer["ok"]
            assert "changed before your click" in table.seats[decider].traits()["error"]
        assert table.match.cursor == 0  # nothing was played, nothing committed
    finally:
        room.stop()


def test_a_students_text_view_is_written_while_open_and_keeps_the_refusal(
        tmp_path: Path) -> None:
    """A student opens the board's text view (issue 28: written only while open): the message
    is acknowledged, the description of the student's own view comes with ``text_open``, the
    refusal shown stays, and the next move by another student brings the new description
    without asking again; closed, the description goes."""
    room = make_room(tmp_path, players=3, seed=2)
    try:
        table = room.tables[0]
        decider = table.match.current_player
        assert decider is not None
        reader = (decider + 1) % 3
        client = asgi_client(room)
        with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as mover:
            first = join(ws, room.codes[(1, reader)])
            assert first["description"] == "" and first["text_open"] is False
            _, answer = send(ws, {"type": "play", "index": 0, "version": first["version"]})
            refused = answer["error"]
            assert not answer["ok"] and refused, answer  # not the reader's decision
            traits, answer = send(ws, {"type": "text", "open": True})
            assert answer == {"type": "ack", "id": 99, "ok": True, "error": ""}
            assert traits["text_open"] is True and "error" not in traits
            game = table.match.game
            assert traits["description"] == str(game.view(table.match.state, reader))
            assert table.seats[reader].traits()["error"] == refused
            moved = join(mover, room.codes[(1, decider)])
            _, answer = send(mover, {"type": "play", "index": 0, "version": moved["version"]})
            assert answer["ok"], answer
            pushed = until(ws, "state")["traits"]
            while "log" not in pushed:  # the mover's name reached the board first
                pushed = until(ws, "state")["traits"]
            assert pushed["description"] == str(game.view(table.match.state, reader))
            traits, answer = send(ws, {"type": "text", "open": False})
            assert answer["ok"] and traits["description"] == "" and not traits["text_open"]
    finally:
        room.stop()


def test_a_new_game_clears_the_old_games_notices_and_every_seat_is_told(
        tmp_path: Path) -> None:
    """helper-103: a student's review of the finished game stayed pinned over the new board
    after the teacher's New game, and the others were told nothing. A new game clears each
    seat's notice and says so to every seat, until the game moves on."""
    room = make_room(tmp_path, players=3, seed=2)
    table = room.tables[0]
    assert table.handle(0, {"type": "play", "index": 0, "version": table.seats[0].version}) == ""
    table.seats[0].notice = "Review of P0: 37 decisions; ..."  # as a review sets it
    table.seats[2].notice = "Hint for P2: ..."
    room.new_game(1, abandon=True)
    assert DEALT == "The teacher dealt a new game."
    assert [seat.traits()["notice"] for seat in table.seats] == [DEALT] * 3
    table.seats[1].lang = "ms"
    assert table.seats[1].traits()["notice"] == "Guru telah mengedarkan permainan baharu."
    seat = table.match.current_player
    assert seat is not None
    table.handle(seat, {"type": "play", "index": 0, "version": table.seats[seat].version})
    assert [seat.traits()["notice"] for seat in table.seats] == [""] * 3
