"""The classroom server through Starlette's ASGI test client: joining with a code, only your own
seat, every action in SQLite before its ack, and refused messages that change nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from marketlib.classroom import Room
from marketlib.classroom.server import BURST, MAX_MESSAGE, MAX_WRONG_CODES

from .helpers import asgi_client, join, make_room, send, until


def wallets(room: Room, table: int = 0) -> list[tuple[str, ...]]:
    return [tuple(v.wallet) for v in room.tables[table].match.state.vendors]


def test_pages_are_served_from_the_package_without_a_cdn(tmp_path: Path) -> None:
    room = make_room(tmp_path)
    client = asgi_client(room)
    page = client.get("/")
    assert page.status_code == 200 and "/client.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    board = client.get("/board.js").text
    assert board == room.board_js and "export default" in board
    for path in ("/", "/client.js", "/board.js", "/board.css"):
        text = client.get(path).text
        assert "https://" not in text and "http://" not in text, path
    assert client.get("/health").json() == {"ok": True, "game": "bansan"}


def test_nothing_is_sent_before_a_code_and_a_wrong_code_closes(tmp_path: Path) -> None:
    room = make_room(tmp_path)
    with asgi_client(room).websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "play", "index": 0, "version": 1}))
        msg = ws.receive_json()
        assert msg == {"type": "error", "id": None, "error": "join a seat first: send your code"}
        for i in range(MAX_WRONG_CODES):
            ws.send_text(json.dumps({"type": "join", "code": "AAAAA-AAAAA", "name": "x"}))
            msg = ws.receive_json()
            assert msg["error"] == "unknown code: check it with your teacher", i
        assert ws.receive_json() == {"type": "closed", "code": 4003, "reason": (
            "Too many wrong codes: check your code with your teacher, then enter it again.")}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4003
        assert closed.value.reason.startswith("Too many wrong codes")
    assert room.tables[0].match.cursor == 0 and room.store.count() == 0


def test_a_seat_sees_only_its_own_view(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=3, seed=4)
    own, *others = wallets(room)
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 0)], "Aisyah")
    text = json.dumps({k: v for k, v in traits.items() if k != "cards"})  # cards: the catalogue
    assert all(card in text for card in own)
    assert not any(card in text for other in others for card in other)
    vendors = traits["scene"]["vendors"]
    assert vendors[0]["wallet"] == list(own)
    assert [v["wallet"] for v in vendors[1:]] == [None, None]
    assert traits["seat"] == 0 and not traits["teacher"]
    assert traits["controls"] == ["hint", "review"]  # the coach only (issue 29)
    assert traits["seats"][0]["person"] == "Aisyah"
    assert [c["text"] for c in traits["choices"]] == [f"P0 return {x}" for x in own]


def test_a_move_is_stored_before_its_ack_and_reaches_the_other_seats(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    client = asgi_client(room)
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
        traits0 = join(ws0, room.codes[(1, 0)], "Ana")
        traits1 = join(ws1, room.codes[(1, 1)], "Ben")
        assert traits1["choices"] == []  # not Ben's decision
        version = until(ws0, "state")["traits"]["version"]  # Ben's name reached Ana's board
        assert version == traits0["version"] + 1
        first = traits0["choices"][0]
        changed, ack = send(ws0, {"type": "play", "index": first["index"], "version": version})
        assert ack == {"type": "ack", "id": 99, "ok": True, "error": ""}
        rows = room.store.actions(0)
        assert [(idx, json.loads(text)["type"], seat, by) for idx, text, seat, by, _ in rows] == [
            (0, "return_list", 0, "")]
        assert changed["log"] == [first["text"]]
        other = until(ws1, "state")["traits"]
        assert other["log"] == ["P0 return a Shopping List (hidden)"]
        assert other["choices"] and other["choices"][0]["text"].startswith("P1 ")


def refused_changes_nothing(room: Room, ws: Any, message: dict[str, Any], error: str) -> None:
    before = room.tables[0].match.state
    changed, ack = send(ws, message)
    assert ack["type"] == "ack" and ack["ok"] is False and ack["error"].startswith(error), ack
    assert changed.get("error", "").startswith(error)
    assert room.tables[0].match.state is before and room.store.count() == 0


@pytest.mark.parametrize(("message", "error"), [
    ({"type": "play", "index": 99, "version": 2}, "no choice 99"),
    ({"type": "undo", "version": 2}, "'undo' is not available on this board"),
    ({"type": "new_game", "seed": 5}, "'new_game' is not available"),
    ({"type": "set_seat", "seat": 1}, "'set_seat' is not available"),
    ({"type": "teacher", "on": True}, "'teacher' is not available"),
])
def test_refused_board_messages_change_nothing(tmp_path: Path, message: dict[str, Any],
                                               error: str) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 0)])
        assert traits["version"] == 2  # the version a fresh click would carry
        refused_changes_nothing(room, ws, message, error)


@pytest.mark.parametrize(("message", "error"), [
    ({"type": "play", "index": "0", "version": 2}, "malformed message: Expected `int`, got "
                                                   "`str` - at `$.index`"),
    ({"type": "play", "index": 0.0, "version": 2}, "malformed message: Expected `int`, got "
                                                   "`float` - at `$.index`"),
    ({"type": "play", "index": True, "version": 2}, "malformed message: Expected `int`, got "
                                                    "`bool` - at `$.index`"),
    ({"type": "play", "index": 0}, "malformed message: Object missing required field "
                                   "`version`"),
    ({"type": "any_time", "index": 0, "version": "2"}, "malformed message: Expected `int`, got "
                                                       "`str` - at `$.version`"),
    ({"type": "propose_trade", "to": 1, "pay": 1.9, "version": 2},
     "malformed message: Expected `int`, got `float` - at `$.pay`"),
    ({"type": "propose_trade", "to": "x", "version": 2}, "malformed message: Expected `int`"),
    ({"type": "bargain", "card": "PC-01", "price": "3", "version": 2},
     "malformed message: Expected `int`, got `str` - at `$.price`"),
    ({"type": "counter", "price": True, "version": 2}, "malformed message: Expected `int | "
                                                       "null`, got `bool` - at `$.price`"),
    ({"type": "explain", "target": 5}, "malformed message: Expected `str`, got `int`"),
    ({"type": "step_in", "seat": 1.0}, "malformed message: Expected `int`, got `float`"),
    ({"type": "undo"}, "malformed message: Object missing required field `version`"),
    ({"type": "play", "index": 0, "version": 2, "seat": 1}, "malformed message: Object "
                                                            "contains unknown field `seat`"),
    ({"type": "steal"}, "unknown message type 'steal'"),
])
def test_wrongly_typed_messages_are_refused_at_the_door(tmp_path: Path,
                                                        message: dict[str, Any],
                                                        error: str) -> None:
    """Decoded strictly into typed structs: a wrong type is refused (an ``error`` frame with
    the message's id, naming the field), never converted; nothing changes."""
    room = make_room(tmp_path, players=2, seed=1)
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 0)])
        assert traits["version"] == 2
        changed, answer = send(ws, message)
        assert answer["type"] == "error" and answer["error"].startswith(error), answer
        assert changed == {}
    assert room.tables[0].match.cursor == 0 and room.store.count() == 0


def test_a_click_on_a_position_no_longer_shown_is_refused(tmp_path: Path) -> None:
    """Two students at a table: P0's click made before P1's out-of-turn Rent & Release reached
    P0's page is refused with an ``error`` frame (and the board's ``error``); the match and the
    database are unchanged, and P0's page is sent the position now."""
    room = make_room(tmp_path, players=2, seed=1)
    client = asgi_client(room)
    with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
        join(ws0, room.codes[(1, 0)], "Ana")
        traits1 = join(ws1, room.codes[(1, 1)], "Ben")
        shown = until(ws0, "state")["traits"]["version"]  # Ben's name reached Ana's board
        rent = traits1["any_time"][0]
        _, ack = send(ws1, {"type": "any_time", "index": rent["index"],
                            "version": traits1["version"]})
        assert ack["ok"], ack
        table = room.tables[0]
        history, stored = table.match.history, room.store.count()
        changed, answer = send(ws0, {"type": "play", "index": 0, "version": shown})
        assert answer["type"] == "error" and answer["id"] == 99
        assert answer["error"] == (
            "The board changed before your click arrived, so nothing was done: look again "
            f"and click once more (board version {shown}, now {shown + 1}).")
        assert changed["error"] == answer["error"] and changed["version"] > shown + 1
        assert table.match.history == history and room.store.count() == stored == 1
        _, ack = send(ws0, {"type": "play", "index": 0, "version": changed["version"]})
        assert ack["ok"] and room.store.count() == 2


def test_another_seats_decision_is_refused(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 1)])
        assert room.tables[0].match.current_player == 0
        refused_changes_nothing(room, ws, {"type": "play", "index": 0,
                                           "version": traits["version"]}, "no choice 0")


@pytest.mark.parametrize("text", ["not json", "[1, 2]", '{"type": 5}', '{"kind": "play"}',
                                  '{"type": "play", "id": "x"}'])
def test_malformed_text_is_answered_and_changes_nothing(tmp_path: Path, text: str) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    with asgi_client(room).websocket_connect("/ws") as ws:
        join(ws, room.codes[(1, 0)])
        ws.send_text(text)
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["error"].startswith("malformed message"), msg
    assert room.tables[0].match.cursor == 0 and room.store.count() == 0


def test_an_oversized_message_is_refused(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 0)])
        big = {"type": "play", "index": 0, "version": traits["version"],
               "pad": "x" * MAX_MESSAGE}
        ws.send_text(json.dumps(big))
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["error"].startswith("message too large")
    assert room.tables[0].match.cursor == 0 and room.store.count() == 0


def test_a_flood_is_rate_limited(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    with asgi_client(room).websocket_connect("/ws") as ws:
        join(ws, room.codes[(1, 0)])
        for i in range(BURST + 10):
            ws.send_text(json.dumps({"type": "ping", "id": i}))
        answers = [ws.receive_json() for _ in range(BURST + 10)]
    kinds = [a["type"] for a in answers]
    assert BURST - 1 <= kinds.count("pong") < BURST + 10  # the join took one
    assert {a["error"] for a in answers if a["type"] == "error"} == {
        "too many messages: slow down"}


def test_a_second_browser_with_the_same_code_takes_the_seat_over(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    client = asgi_client(room)
    with client.websocket_connect("/ws") as first:
        join(first, room.codes[(1, 0)], "Ana")
        with client.websocket_connect("/ws") as second:
            traits = join(second, room.codes[(1, 0)])
            assert until(first, "closed") == {
                "type": "closed", "code": 4001, "reason": "This seat is open in another tab."}
            assert traits["seats"][0]["person"] == "Ana"  # the name stays with the seat
            _, ack = send(second, {"type": "play", "index": 0, "version": traits["version"]})
            assert ack["ok"]
    assert room.store.count() == 1


def test_a_code_from_another_table_opens_only_that_seat(tmp_path: Path) -> None:
    room = make_room(tmp_path, tables=2, players=2, seed=1)
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(2, 0)].lower().replace("-", " "))
        assert room.tables[1].match.seed == 2  # table 1 deals with seed + 1
        assert traits["seed"] == ""  # a secret until the game ends (issue 27)
        _, ack = send(ws, {"type": "play", "index": 0, "version": traits["version"]})
    assert ack["ok"] and room.tables[1].match.cursor == 1 and room.tables[0].match.cursor == 0


def test_pause_refuses_moves_and_a_computer_takes_a_seat(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    dash = room.dashboard()
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 0)])
        dash.handle({"type": "pause", "table": 1})
        assert room.tables[0].seats[0].traits()["busy"] == "The teacher paused the game."
        changed, ack = send(ws, {"type": "play", "index": 0, "version": traits["version"]})
        assert changed["notice"].startswith("The teacher paused the game")
        assert ack["ok"] is False and ack["error"] == changed["notice"]
        assert room.tables[0].match.cursor == 0
        dash.handle({"type": "unpause", "table": 1})
        dash.handle({"type": "computer", "table": 1, "seat": 0, "bot": "greedy"})
    room.seat_computer(1, 1, "greedy")  # computer players move at once
    table = room.tables[0]
    assert table.bots == {0: "greedy", 1: "greedy"}
    assert table.match.is_over and table.by == ["greedy"] * table.match.cursor
    assert dash.tables[0]["seats"][0]["computer"] == "greedy"
    dash.handle({"type": "undo", "table": 8, "version": 0})
    assert dash.error == ("there is no table 8: tables are numbered from 1 to 1, as on the code "
                          "table")
    dash.handle({"type": "pause", "table": 0})  # tables count from 1 everywhere (issue 27)
    assert dash.error.startswith("there is no table 0:") and not room.tables[0].session.paused


def test_a_code_from_another_room_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    room = make_room(tmp_path / "a", players=2, seed=1)
    other = make_room(tmp_path / "b", players=2, seed=1)
    assert set(room.codes.values()).isdisjoint(other.codes.values())
    with asgi_client(room).websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "code": other.codes[(1, 0)]}))
        assert ws.receive_json()["error"] == "unknown code: check it with your teacher"
        ws.send_text(json.dumps({"type": "explain", "target": "button:done"}))
        assert ws.receive_json()["error"] == "join a seat first: send your code"
    assert room.connected == {} and room.tables[0].names == ["", ""]


def test_a_student_rents_out_of_turn_from_their_own_device(tmp_path: Path) -> None:
    """Issue 15 over the classroom transport (A-B-60): on P0's decision, P1's page lists its
    Rent & Release options and plays one; it is stored as P1's; the decision stays P0's."""
    room = make_room(tmp_path, players=2, seed=1)
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 1)], "Ben")
        assert room.tables[0].match.current_player == 0 and traits["choices"] == []
        first = traits["any_time"][0]
        assert first["text"].startswith("P1 rr rent=ST-") and traits["step_in"] == []
        changed, ack = send(ws, {"type": "step_in", "seat": 1})
        assert ack["ok"] is False and "cannot step in" in ack["error"]
        assert "version" not in changed  # refused without a change: the drawing still holds
        version = changed.get("version", traits["version"])
        changed, ack = send(ws, {"type": "any_time", "index": first["index"],
                                 "version": version})
        assert ack == {"type": "ack", "id": 99, "ok": True, "error": ""}
    rows = room.store.actions(0)
    stored = [(json.loads(text)["type"], seat) for _, text, seat, _, _ in rows]
    assert stored == [("rent_and_release", 1)]
    match = room.tables[0].match
    assert str(match.history[0]) == first["text"] and match.current_player == 0
    assert match.state.vendors[1].money == 7 and match.state.vendors[1].rr_used


def test_a_dashboard_undo_made_on_an_old_picture_is_refused(tmp_path: Path) -> None:
    """The teacher's Undo acts on the table the dashboard showed: a student moved after the
    picture was taken, so the undo is refused (it would undo a move the teacher did not see);
    after the dashboard shows the table again, the undo works."""
    room = make_room(tmp_path, players=2, seed=1, mode="explore")
    dash = room.dashboard()
    table = room.tables[0]
    table.match.play(table.match.legal_actions()[0])
    table.commit()
    dash.refresh()
    shown = dash.tables[0]["version"]
    assert shown == table.version
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 1)])
        _, ack = send(ws, {"type": "play", "index": 0, "version": traits["version"]})
        assert ack["ok"], ack
    history, stored = table.match.history, room.store.count()
    assert len(history) == stored == 2
    dash.handle({"type": "undo", "table": 1, "version": shown})
    assert dash.error == ("Table 1 changed since the dashboard showed it, so nothing was done: "
                          "look again and click once more.")
    assert table.match.history == history and room.store.count() == stored
    assert dash.tables[0]["version"] == table.version != shown  # the picture is new now
    said = dash.error
    dash.handle({"type": "refresh"})  # the page's refresh every 3 s leaves it to be read
    assert dash.error == said  # (it went within the next 3 s, helper-86)
    dash.handle({"type": "undo", "table": 1, "version": dash.tables[0]["version"]})
    assert dash.error == "" and len(table.match.history) == 1


def test_a_dashboard_new_game_made_on_an_old_picture_is_refused(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=1, mode="explore")
    dash = room.dashboard()
    room.seat_computer(1, 0, "greedy")
    room.seat_computer(1, 1, "greedy")
    table = room.tables[0]
    assert table.match.is_over
    dash.refresh()
    over = dash.tables[0]["version"]
    with table.lock:  # from the notebook: the game is not over any more (room.undo refuses
        table.match.undo()  # to take back computer players' moves alone, helper-83)
        table.commit()
    dash.handle({"type": "new_game", "table": 1, "version": over})
    assert dash.error.startswith("Table 1 changed since the dashboard showed it")
    assert table.game == 0 and not table.match.is_over


@pytest.mark.parametrize(("message", "error"), [
    ({"type": "undo", "table": 1}, "malformed dashboard message: Object missing required field "
                                   "`version`"),
    ({"type": "undo", "table": "0", "version": 0}, "malformed dashboard message: Expected "
                                                   "`int`, got `str` - at `$.table`"),
    ({"type": "undo", "table": 1.0, "version": 0}, "malformed dashboard message: Expected "
                                                   "`int`, got `float` - at `$.table`"),
    ({"type": "new_game", "table": 1, "version": True}, "malformed dashboard message: Expected "
                                                        "`int`, got `bool` - at `$.version`"),
    ({"type": "pause", "table": True}, "malformed dashboard message: Expected `int | null`, "
                                       "got `bool` - at `$.table`"),
    ({"type": "computer", "table": 1, "seat": 1.0}, "malformed dashboard message: Expected "
                                                    "`int`, got `float` - at `$.seat`"),
    ({"type": "person", "table": 1, "seat": "1"}, "malformed dashboard message: Expected "
                                                  "`int`, got `str` - at `$.seat`"),
    ({"type": "pause", "table": 1, "all": True}, "malformed dashboard message: Object contains "
                                                 "unknown field `all`"),
    ({"type": "explode"}, "unknown dashboard message"),
    ("pause", "unknown dashboard message"),
])
def test_wrongly_typed_dashboard_messages_are_refused(tmp_path: Path, message: Any,
                                                      error: str) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    dash = room.dashboard()
    table = room.tables[0]
    table.match.play(table.match.legal_actions()[0])
    table.commit()
    revision = table.match.revision
    dash.handle(message)
    assert dash.error.startswith(error), dash.error
    assert table.match.revision == revision and not table.session.paused and table.bots == {}


def test_a_served_room_shortens_the_switch_interval_and_hands_it_back(tmp_path: Path) -> None:
    """Issue 31's load target: while a room is served the server's loop waits at most
    ``SWITCH_INTERVAL`` for the interpreter lock after each socket write (not Python's 5 ms),
    and the process gets its own interval and collector back when the room stops."""
    import gc
    import sys

    from marketlib.classroom.heap import SWITCH_INTERVAL

    before = sys.getswitchinterval()
    room = Room("monsoon", tables=1, players=2, path=tmp_path / "class.sqlite", seed=5)
    room.start()
    try:
        assert sys.getswitchinterval() == SWITCH_INTERVAL == 0.0005
        assert gc.get_freeze_count() > 0
    finally:
        room.stop()
    assert sys.getswitchinterval() == before
    assert gc.get_freeze_count() == 0
