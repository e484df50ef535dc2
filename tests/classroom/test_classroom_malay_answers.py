"""The server's answers to a wrong or pasted join code in the page's language (issue 30, point
5): the page sends its language with the join, and the refusal, the close reason after too many
wrong codes and "join a seat first" read in it."""

from __future__ import annotations

import json
from pathlib import Path

from marketlib.classroom.server import MAX_WRONG_CODES

from .helpers import asgi_client, make_room


def test_a_wrong_code_is_answered_in_malay(tmp_path: Path) -> None:
    room = make_room(tmp_path)
    with asgi_client(room).websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "language", "id": 1, "lang": "ms"}))
        assert ws.receive_json()["ok"] is True
        ws.send_text(json.dumps({"type": "play", "index": 0, "version": 1}))
        assert ws.receive_json()["error"] == "sertai tempat duduk dahulu: hantar kod anda"
        for _ in range(MAX_WRONG_CODES):
            ws.send_text(json.dumps({"type": "join", "code": "AAAAA-AAAAA", "name": "x",
                                     "lang": "ms"}))
            assert ws.receive_json()["error"] == "kod tidak dikenali: semak dengan guru anda"
        closed = ws.receive_json()
        assert closed["code"] == 4003 and closed["reason"].startswith(
            "Terlalu banyak kod salah: semak kod anda dengan guru")
        assert len(closed["reason"].encode()) <= 123  # a WebSocket close reason's limit


def test_a_wrong_code_stays_english_on_an_english_page(tmp_path: Path) -> None:
    room = make_room(tmp_path)
    with asgi_client(room).websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "code": "AAAAA-AAAAA", "name": "x",
                                 "lang": "en"}))
        assert ws.receive_json()["error"] == "unknown code: check it with your teacher"


def test_a_refused_prediction_answer_reads_in_malay(tmp_path: Path) -> None:
    from marketlib.classroom import Question, Room

    from .helpers import until

    question = Question("Will the fine lower what vendors end with?",
                        choices=["lower", "the same", "higher"])
    room = Room("bansan", tables=1, seed=4, prediction=question, path=tmp_path / "c.sqlite")
    with asgi_client(room) as client, client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "code": room.codes[(1, 0)], "name": "Ana",
                                 "lang": "ms"}))
        until(ws, "question")
        ws.send_text(json.dumps({"type": "predict", "answer": "maybe", "id": 7}))
        refused = until(ws, "error")
        assert refused["error"] == "jawab salah satu daripada ['lower', 'the same', 'higher']"


def test_the_projector_speaks_the_rooms_language_or_the_pages(tmp_path: Path) -> None:
    from marketlib.classroom.projector import payload, render_html
    from marketlib.core.i18n import language

    room = make_room(tmp_path)
    english = render_html(payload(room))
    assert "finished games" in english and "Table 1" in english
    with language("ms"):
        data = payload(room)
    assert data["lang"] == "ms" and data["words"]["table"] == "Meja {table}"
    malay = render_html(data)
    assert "permainan tamat" in malay and "Meja 1" in malay and "skor purata" in malay
    for word in ("finished games", "Table 1", "mean score", "moves"):
        assert word not in malay, word
    client = asgi_client(room)
    assert client.get("/projector.json?lang=ms").json()["words"]["table"] == "Meja {table}"
    assert client.get("/projector.json").json()["words"]["table"] == "Table {table}"
    assert client.get("/projector.json?lang=xx").json()["lang"] == "en"
    script = client.get("/projector.js").text
    for word in ("Game over", " moves, ", "to play", "Table ", "finished games", "all tables",
                 "answers)", "Cannot reach"):
        assert word not in script, word


def test_the_dashboard_speaks_the_language_it_was_made_in(tmp_path: Path) -> None:
    from marketlib.classroom.dashboard import WORDS
    from marketlib.core.i18n import language

    room = make_room(tmp_path)
    english = room.dashboard()
    assert english.words == WORDS
    with language("ms"):
        malay = room.dashboard()
    assert malay.words["pause_all"] == "Jeda semua" and malay.words["undo"] == "Buat asal"
    assert all(malay.words[k] for k in WORDS)
    script = (Path(__file__).parents[2] / "marketlib" / "classroom" / "static"
              / "dashboard.js").read_text(encoding="utf-8")
    for word in ("Pause all", "Resume table", "Undo the last", "New game", " moves ·",
                 "● online", "nobody yet", "room: students open", "Read the room"):
        assert word not in script, word


def test_a_stale_undo_is_refused_in_the_dashboards_language(tmp_path: Path) -> None:
    from marketlib.classroom import Room
    from marketlib.core.i18n import language

    room = Room("bansan", tables=1, players=2, path=tmp_path / "class.sqlite", seed=1,
                mode="explore")
    table = room.tables[0]
    table.match.play(table.match.legal_actions()[0])
    table.commit()
    english = room.dashboard()
    with language("ms"):
        malay = room.dashboard()
    stale = {"type": "undo", "table": 1, "version": table.version - 1}
    english.handle(stale)
    malay.handle(stale)  # the language it was made in, wherever it is clicked
    assert english.error.startswith("Table 1 changed since the dashboard showed it")
    assert malay.error.startswith("Meja 1 telah berubah sejak papan pemuka menunjukkannya")
    assert len(table.match.history) == 1
    room.stop()


def test_the_dashboards_refusals_read_in_its_language(tmp_path: Path) -> None:
    from marketlib.classroom import Room
    from marketlib.core.i18n import language

    room = Room("bansan", tables=1, players=2, path=tmp_path / "class.sqlite", seed=1,
                mode="explore")
    table = room.tables[0]
    english = room.dashboard()
    with language("ms"):
        malay = room.dashboard()
    said = []
    for board in (english, malay):
        board.handle({"type": "undo", "table": 1, "version": table.version})
        said.append(board.error)
        board.handle({"type": "pause", "table": 5})
        said.append(board.error)
        board.handle({"type": "computer", "table": 1, "seat": 4})
        said.append(board.error)
    assert said == [
        "nothing to undo: this is the start of the game",
        "there is no table 5: tables are numbered from 1 to 1, as on the code table",
        "there is no seat 4 (seats 0-1)",
        "tiada apa-apa untuk dibuat asal: ini permulaan permainan",
        "tiada meja 5: meja dinomborkan dari 1 hingga 1, seperti pada jadual kod",
        "tiada tempat duduk 4 (tempat duduk 0-1)",
    ]
    assert not table.match.history
    room.stop()
