"""A student chooses the language of their page and board (issue 30, point 5): the page's words
come from ``/words.json`` in every language; the choice travels with the join and with a
``language`` message, is kept per connection, and changes nothing of the game."""

from __future__ import annotations

import json
from pathlib import Path

from .helpers import asgi_client, join, make_room, send, until


def test_the_page_words_come_in_every_language(tmp_path: Path) -> None:
    client = asgi_client(make_room(tmp_path, players=2, seed=2))
    data = client.get("/words.json").json()
    assert data["languages"] == {"en": "English", "ms": "Bahasa Malaysia"}
    assert data["words"]["en"].keys() == data["words"]["ms"].keys()
    assert data["words"]["en"]["join_title"] == "Join your table"
    assert data["words"]["ms"]["join_title"] == "Sertai meja anda"


def test_each_connection_reads_its_own_language(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=2)
    client = asgi_client(room)
    with client.websocket_connect("/ws") as malay, client.websocket_connect("/ws") as english:
        malay.send_text(json.dumps({"type": "join", "code": room.codes[(1, 0)], "lang": "ms"}))
        until(malay, "joined")
        traits = until(malay, "state")["traits"]
        assert traits["cards"]["words"]["waited"] == "Semasa anda menunggu"
        assert traits["scene"]["title"] == "Pusingan Pembukaan: Senarai Belanja"
        other = join(english, room.codes[(1, 1)])
        assert other["cards"]["words"]["waited"] == "While you waited"
        assert other["scene"]["title"] == "Opening Round: Shopping Lists"
        # an unknown language is refused, naming the known ones, and changes nothing
        changed, answer = send(malay, {"type": "language", "lang": "xx"})
        assert answer["type"] == "error" and "cards" not in changed and "scene" not in changed
        assert "'en' (English), 'ms' (Bahasa Malaysia)" in answer["error"]
        # switching back to English redraws this seat's board only
        version = room.tables[0].seats[0].version
        changed, answer = send(malay, {"type": "language", "lang": "en"})
        assert answer == {"type": "ack", "id": 99, "ok": True, "error": ""}
        assert changed["cards"]["words"]["waited"] == "While you waited"
        assert room.tables[0].seats[0].version == version + 1
        assert room.tables[0].seats[1].lang is None
        assert room.tables[0].match.cursor == 0  # the game did not move


def test_the_teachers_words_reach_each_seat_in_its_language(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=2)
    table = room.tables[0]
    table.seats[1].lang = "ms"
    room.pause(1)
    assert [seat.traits()["busy"] for seat in table.seats] == [
        "The teacher paused the game.", "Guru menghentikan permainan seketika."]
    room.unpause(1)
    assert [seat.traits()["notice"] for seat in table.seats] == [
        "The teacher resumed the game: play on.",
        "Guru menyambung semula permainan: teruskan bermain."]


def test_a_click_on_a_paused_table_reads_one_sentence_in_each_language(tmp_path: Path) -> None:
    """A move clicked while the teacher pauses the table is refused with one well-formed
    sentence, never "The teacher paused the game.: wait a moment..." (a full stop inside)."""
    room = make_room(tmp_path, players=2, seed=2)
    table = room.tables[0]
    room.pause(1)
    current = table.match.current_player
    answers = []
    for lang in (None, "ms"):  # the seat's language: English, then Bahasa Malaysia
        table.seats[current].lang = lang
        version = table.seats[current].traits()["version"]
        answers.append(table.handle(current, {"type": "play", "index": 0, "version": version}))
        assert table.seats[current].traits()["notice"] == answers[-1]
    assert answers == [
        "The teacher paused the game: wait until they resume it, then try again.",
        "Guru menghentikan permainan seketika: tunggu sehingga guru menyambungnya semula, "
        "kemudian cuba lagi."]
    assert table.match.cursor == 0
    room.unpause(1)
    assert not table.handle(current, {"type": "play", "index": 0,
                                      "version": table.seats[current].traits()["version"]})
