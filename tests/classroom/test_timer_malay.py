"""The classroom's remaining answers in each page's language (issue 30, point 5): the move
timer's warning, the log's line and the table's announcement after a timed-out move, a move
that could not be saved, a move that played nothing, a bug the server met while handling a
message, and the projector's score unit. Each seat reads them in its own language; English is
the words they always had."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from marketlib.classroom.projector import payload
from marketlib.classroom.server import MAX_QUEUED, ClassroomServer, Connection
from marketlib.core.i18n import language

from .helpers import asgi_client, everyone_joined, join, make_room, until

WARN = "You have 30 s left to move; then a computer player makes this one move for you."
WARN_MS = ("Anda ada 30 s lagi untuk bergerak; selepas itu pemain komputer akan membuat satu "
           "langkah ini untuk anda.")


def test_the_timer_warns_and_announces_in_each_seats_language(tmp_path: Path) -> None:
    room = everyone_joined(make_room(tmp_path, players=2, seed=1, move_timer=90))
    try:
        table = room.tables[0]
        seat = table.match.current_player
        assert seat is not None
        other = 1 - seat
        table.set_name(seat, "Aisyah")
        table.seats[seat].lang = "ms"  # as the page's language message sets it
        room.tick(0.0)
        assert room.tick(60.0) == [(1, "warned")]
        assert table.seats[seat].traits()["notice"] == WARN_MS
        table.seats[seat].lang = "en"  # the page switches language: the warning follows
        assert table.seats[seat].traits()["notice"] == WARN
        table.seats[seat].lang = "ms"
        assert room.tick(90.0) == [(1, "moved")]
        assert table.by == ["timeout:greedy"]
        malay, english = table.seats[seat].traits(), table.seats[other].traits()
        assert WARN_MS not in malay["notice"]  # it went with the wait
        assert malay["notice"] == (f"Masa tamat untuk P{seat} Aisyah: pemain komputer membuat "
                                   "satu langkah ini bagi pihaknya; dia terus bermain.")
        assert english["notice"] == (f"Time ran out for P{seat} Aisyah: a computer player made "
                                     "this one move for them; they play on.")
        mine, theirs = table.match.log(seat)[-1], table.match.log(other)[-1]  # the move as each
        # seat may read it (the other's hidden list), in table notation
        assert malay["log"][-1] == (f"{mine} - masa tamat: pemain komputer membuat langkah "
                                    f"untuk P{seat}")
        assert english["log"][-1] == f"{theirs} - timed out: a computer player moved for P{seat}"
        # the teacher's undo still finds the timed-out move by its English reason
        room.undo(1)
        assert table.match.cursor == 0 and not table.session.reasons
    finally:
        room.stop()


@pytest.fixture
def seated(tmp_path: Path) -> Iterator[tuple[Any, Any, int]]:
    """A 2-seat room (seed 1), its table and the seat to move; stopped afterwards."""
    room = make_room(tmp_path, players=2, seed=1)
    try:
        table = room.tables[0]
        seat = table.match.current_player
        assert seat is not None
        yield room, table, seat
    finally:
        room.stop()


def test_a_move_that_could_not_be_saved_is_answered_in_malay(
        seated: tuple[Any, Any, int], monkeypatch: pytest.MonkeyPatch) -> None:
    _, table, seat = seated

    def broken(*args: Any, **kwargs: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(table.store, "write_actions", broken)
    answers = {}
    for lang in ("en", "ms"):
        table.seats[seat].lang = lang
        answers[lang] = table.handle(seat, {"type": "play", "index": 0,
                                            "version": table.seats[seat].version})
        assert table.match.cursor == 0  # nothing was played
        assert table.seats[seat].traits()["error"] == answers[lang]
    assert answers == {
        "en": "The move could not be saved (disk I/O error), so nothing was played.",
        "ms": "Langkah itu tidak dapat disimpan (disk I/O error), jadi tiada apa-apa yang "
              "dimainkan."}


def test_a_move_that_played_nothing_is_answered_in_malay(
        seated: tuple[Any, Any, int], monkeypatch: pytest.MonkeyPatch) -> None:
    room, table, seat = seated
    session = table.seats[seat]
    monkeypatch.setattr(session, "handle", lambda content, checkpoint=None: None)
    message = {"type": "play", "index": 0, "version": session.version}
    assert table.handle(seat, message) == "nothing was played"
    session.lang = "ms"
    assert table.handle(seat, message) == "tiada apa-apa yang dimainkan"
    room.pause(1)  # a paused table: the seat's own notice, in its language
    monkeypatch.undo()
    answer = table.handle(seat, {**message, "version": session.version})
    assert answer == ("Guru menghentikan permainan seketika: tunggu sehingga guru "
                      "menyambungnya semula, kemudian cuba lagi."), answer


def test_a_bug_in_the_server_is_answered_in_the_pages_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    room = make_room(tmp_path, players=2, seed=1)

    def broken(self: ClassroomServer, conn: Any, message: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(ClassroomServer, "play", broken)
    with asgi_client(room) as client:
        for lang, said in (("ms", "pelayan tidak dapat mengendalikan mesej ini; tiada apa-apa "
                                  "yang berubah"),
                           ("en", "the server could not handle this message; nothing changed")):
            with client.websocket_connect("/ws") as ws:
                ws.send_text(json.dumps({"type": "language", "id": 1, "lang": lang}))
                assert ws.receive_json()["ok"] is True
                join(ws, room.codes[(1, 0)], "Ana")
                ws.send_text(json.dumps({"type": "play", "index": 0, "version": 1, "id": 5}))
                assert until(ws, "error")["error"] == said
    room.stop()


def test_the_projector_names_the_score_unit_in_its_language(tmp_path: Path) -> None:
    room = make_room(tmp_path, game="monsoon", players=2)
    assert payload(room)["unit"] == "seals"
    with language("ms"):
        assert payload(room)["unit"] == "mohor"


def test_a_page_that_reads_nothing_is_told_why_in_its_language() -> None:
    async def run() -> list[Any]:
        conn = Connection(ws=None, host="127.0.0.1", lang="ms")  # type: ignore[arg-type]
        for i in range(MAX_QUEUED + 1):
            conn.send({"type": "pong", "id": i})
        await asyncio.sleep(0.05)
        return [conn.queue.get_nowait() for _ in range(conn.queue.qsize())]

    items = asyncio.run(run())
    reason = "Halaman ini tidak membaca mesejnya."
    assert json.loads(items[-2]) == {"type": "closed", "code": 1008, "reason": reason}
    assert items[-1][1:] == (1008, reason)
