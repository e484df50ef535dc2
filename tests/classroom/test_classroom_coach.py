"""The coach in a classroom (issue 29, point 4): on by default; the teacher switches it off
for the room or one table, and then the page offers no Hint button and the server refuses a
hint message, saying the teacher switched it off."""

from __future__ import annotations

from pathlib import Path

from marketlib.classroom import Room
from marketlib.widgets.session import SWITCHED_OFF

from .helpers import asgi_client, join, make_room, send


def test_hints_are_on_by_default_and_the_teacher_switches_them_off(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=4, tables=2)
    client = asgi_client(room)
    with client.websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 0)], "Aisyah")
        assert traits["controls"] == ["hint", "review"]
        changed, answer = send(ws, {"type": "hint"})
        assert answer["type"] == "ack" and changed.get("error", "") == ""
        assert changed["notice"].startswith("Hint for P0: ")
        room.hints(False, table=1)
        assert room.tables[0].seats[0].controls == []
        assert room.tables[1].seats[0].controls == ["hint", "review"]  # per table
        changed, answer = send(ws, {"type": "hint"})
        assert SWITCHED_OFF["hint"] in (answer.get("error", ""), changed.get("error", ""))
        assert room.tables[0].seats[0].traits()["controls"] == []
        room.hints(True)
        assert room.tables[0].seats[0].traits()["controls"] == ["hint", "review"]
        room.hints(False)
        assert all(s.controls == [] for t in room.tables for s in t.seats)


def test_a_resumed_room_remembers_where_the_coach_was_switched_off(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=4, tables=2)
    room.hints(False, table=2)
    again = Room.resume(tmp_path / "class.sqlite")
    assert again.tables[0].seats[0].controls == ["hint", "review"]
    assert again.tables[1].seats[1].controls == []
