"""Issue 27: every message gets an answer, codes typed on a phone join, limits count per
connection and per code (never against a class behind one address), unjoined sockets are closed
with a reason. A real server on a free loopback port, clients from the ``websockets`` package:
every client is on 127.0.0.1, one address, as a class behind a school router."""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from marketlib.classroom import Room
from marketlib.classroom.server import MAX_DEPTH, MAX_QUEUED, MAX_WRONG_CODES, Connection

from .helpers import asgi_client, join, make_room, send, until


def ws_url(room: Room) -> str:
    return room.url.replace("http://", "ws://") + "ws"


def recv(ws: ClientConnection, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    """Read until a message of type ``kind`` (heartbeats and states are skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if msg["type"] == kind:
            return msg


def closed_with(ws: ClientConnection, timeout: float = 10.0) -> tuple[int, str]:
    """Read until the server closes; the close code and reason."""
    deadline = time.monotonic() + timeout
    with pytest.raises(ConnectionClosed) as closed:
        while time.monotonic() < deadline:
            ws.recv(timeout=max(0.01, deadline - time.monotonic()))
    rcvd = closed.value.rcvd
    assert rcvd is not None, "closed without a close frame"
    return rcvd.code, rcvd.reason


def ws_join(ws: ClientConnection, code: str, name: str = "") -> dict[str, Any]:
    ws.send(json.dumps({"type": "join", "code": code, "name": name, "id": 1}))
    return recv(ws, "joined")


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Any]:
    rooms: list[Room] = []

    def start(players: int = 3, tables: int = 1, **options: Any) -> Room:
        room = make_room(tmp_path, players=players, tables=tables, seed=1).start(**options)
        rooms.append(room)
        return room

    yield start
    for room in rooms:
        room.stop()


# ------------------------------------------------------------- every message gets an answer
def test_a_message_nested_5000_deep_is_answered_and_the_socket_stays_open(
        tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    deep = '{"type": "play", "id": 7, "index": ' + "[" * 5000 + "]" * 5000 + "}"
    assert 10_000 <= len(deep) <= 16 * 1024
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 0)])
        for text in (deep, "[" * 5000, "{" * 5000, '{"a":' * 3000):
            ws.send_text(text)
            msg = until(ws, "error")
            assert msg["error"] == f"message nested too deeply (the limit is {MAX_DEPTH} levels)"
        # Still open: the next message is handled.
        _, ack = send(ws, {"type": "play", "index": 0, "version": traits["version"]})
        assert ack["type"] == "ack" and ack["ok"]
    assert room.store.count() == 1


def test_deep_nesting_inside_a_string_is_not_refused_as_deep(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    with asgi_client(room).websocket_connect("/ws") as ws:
        join(ws, room.codes[(1, 0)])
        ws.send_text(json.dumps({"type": "ping", "id": 3, "x": "[" * 100}))
        msg = until(ws, "error")
        assert msg["id"] == 3 and "nested" not in msg["error"]  # the unknown field, named


@pytest.mark.parametrize("text", ['{"type": "join", "code": 5}', "\x00", '{"type": "ping", "id"',
                                  '{"type": "ping", "id": 1e400}', "[" * 31 + "]" * 31,
                                  '{"type": "play", "id": 99999999999999999999999}'])
def test_any_frame_a_decoder_refuses_is_answered(tmp_path: Path, text: str) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    with asgi_client(room).websocket_connect("/ws") as ws:
        join(ws, room.codes[(1, 0)])
        ws.send_text(text)
        assert until(ws, "error")["type"] == "error"
        ws.send_text(json.dumps({"type": "ping", "id": 5}))
        assert until(ws, "pong") == {"type": "pong", "id": 5}


# ------------------------------------------------------------- codes typed on a phone
@pytest.mark.parametrize("typed", [
    lambda c: c.replace("-", "\u00a0"),  # pasted with a no-break space
    lambda c: "".join(chr(ord(ch) + 0xFEE0) for ch in c.replace("-", "")),  # full-width
    lambda c: c.lower().replace("-", "\u2013"),  # an en dash, lower case
    lambda c: c.replace("-", "\u2212"),  # a minus sign
    lambda c: "\u200b" + c[:3] + "\u200d" + c[3:] + "\ufeff",  # invisible characters
    lambda c: c.replace("-", "\u3000"),  # an ideographic space
])
def test_a_code_typed_on_a_phone_joins_and_is_not_a_wrong_try(tmp_path: Path, typed: Any,
                                                              ) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    with asgi_client(room).websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "code": typed(room.codes[(1, 1)])}))
        joined = until(ws, "joined")
        assert (joined["table"], joined["seat"]) == (1, 1)


def test_typed_codes_do_not_count_towards_any_limit(running: Any) -> None:
    room = running(players=2, max_wrong_codes_per_minute=1)
    code = room.codes[(1, 0)]
    for _ in range(MAX_WRONG_CODES + 2):
        with connect(ws_url(room)) as ws:
            ws.send(json.dumps({"type": "join", "code": code.replace("-", "\u00a0")}))
            recv(ws, "joined")
    assert room._server.wrong_codes.get("127.0.0.1", {}) == {}


# ------------------------------------------------------------- one address, a whole class
def test_thirty_students_behind_one_address_join_while_one_guesses(running: Any) -> None:
    room = running(players=5, tables=6)  # 30 seats
    codes = list(room.codes.values())
    guesses = 0
    with ExitStack() as stack:
        # The guesser types 30 different wrong codes, reconnecting when closed.
        while guesses < 30:
            ws = stack.enter_context(connect(ws_url(room)))
            for _ in range(MAX_WRONG_CODES):
                ws.send(json.dumps({"type": "join", "code": f"WRONG-{guesses:05d}"[:11]}))
                guesses += 1
                assert recv(ws, "error")["error"] == "unknown code: check it with your teacher"
            assert closed_with(ws)[0] == 4003
        joined = []
        for i, code in enumerate(codes[1:]):  # the other 29, same address, right codes
            ws = stack.enter_context(connect(ws_url(room)))
            msg = ws_join(ws, code, f"S{i}")
            joined.append((msg["table"], msg["seat"]))
        assert len(set(joined)) == 29
        # The guesser's next new wrong code is refused at once; their right code still joins.
        ws = stack.enter_context(connect(ws_url(room)))
        ws.send(json.dumps({"type": "join", "code": "ZZZZZ-ZZZZZ"}))
        recv(ws, "error")
        code, reason = closed_with(ws)
        assert code == 4003 and "Too many wrong codes from this network" in reason
        ws = stack.enter_context(connect(ws_url(room)))
        assert ws_join(ws, codes[0])["type"] == "joined"
    assert len(room._server.wrong_codes["127.0.0.1"]) == 30


def test_the_same_wrong_code_again_counts_once_for_the_address(running: Any) -> None:
    room = running(players=2, max_wrong_codes_per_minute=2)
    for _ in range(4):  # the same typo, four times, on four connections
        with connect(ws_url(room)) as ws:
            ws.send(json.dumps({"type": "join", "code": "AAAAA-AAAAA"}))
            assert recv(ws, "error")["error"].startswith("unknown code")
    assert list(room._server.wrong_codes["127.0.0.1"]) == ["AAAAA-AAAAA"]


# ------------------------------------------------------------- sockets that never join
def test_a_socket_that_does_not_join_in_time_is_closed_with_a_reason(running: Any) -> None:
    room = running(players=2, join_timeout=1.0)
    start = time.monotonic()
    with connect(ws_url(room)) as ws:
        closed = recv(ws, "closed")
        code, reason = closed_with(ws)
    took = time.monotonic() - start
    assert code == 4008 and reason == "No code was sent within 1 s: enter your code again."
    assert closed == {"type": "closed", "code": 4008, "reason": reason}
    assert 0.8 <= took < 5, took
    # A joined student is not timed out.
    with connect(ws_url(room)) as ws:
        ws_join(ws, room.codes[(1, 0)])
        time.sleep(1.5)
        ws.send(json.dumps({"type": "ping", "id": 2}))
        assert recv(ws, "pong") == {"type": "pong", "id": 2}


def test_the_time_for_a_right_code_counts_again_from_a_wrong_one(running: Any) -> None:
    """helper-94: a student who typed a wrong code and was retyping was closed 30 s after the
    page opened, told "No code was sent": a wrong code is a code, and the time counts from it."""
    room = running(players=2, join_timeout=1.0)
    start = time.monotonic()
    with connect(ws_url(room)) as ws:
        time.sleep(0.6)
        ws.send(json.dumps({"type": "join", "code": "AAAAA-AAAAA"}))
        assert recv(ws, "error")["error"].startswith("unknown code")
        code, reason = closed_with(ws)
    took = time.monotonic() - start
    assert code == 4008 and reason == ("No right code was sent within 1 s of the last one: "
                                       "enter your code again.")
    assert 1.4 <= took < 5, took  # 1 s after the wrong code, not after the opening


def test_the_unjoined_cap_refuses_the_next_socket_while_a_joined_student_plays(
        running: Any) -> None:
    room = running(players=3, max_unjoined=5, join_timeout=60)
    with ExitStack() as stack:
        student = stack.enter_context(connect(ws_url(room)))
        ws_join(student, room.codes[(1, 0)])
        idle = [stack.enter_context(connect(ws_url(room))) for _ in range(5)]
        for ws in idle:  # each is open and answered
            ws.send(json.dumps({"type": "ping", "id": 1}))
            recv(ws, "pong")
        extra = stack.enter_context(connect(ws_url(room)))
        assert recv(extra, "closed")["code"] == 4029
        code, reason = closed_with(extra)
        assert code == 4029 and reason.startswith("Too many connections waiting for a code")
        # The joined student still plays.
        student.send(json.dumps({"type": "ping", "id": 9}))
        assert recv(student, "pong") == {"type": "pong", "id": 9}
        # One idle socket joins (no longer unjoined): a new student can connect and join.
        ws_join(idle[0], room.codes[(1, 1)])
        late = stack.enter_context(connect(ws_url(room)))
        assert ws_join(late, room.codes[(1, 2)])["seat"] == 2


def test_heartbeats_arrive_every_interval(running: Any) -> None:
    room = running(players=2, heartbeat=0.3)
    with connect(ws_url(room)) as ws:
        ws_join(ws, room.codes[(1, 0)])
        start = time.monotonic()
        for _ in range(3):
            recv(ws, "heartbeat", timeout=2)
        assert time.monotonic() - start < 2


# ------------------------------------------------------------- a flood
FLOOD = """
import json, sys, threading, time
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
url, code, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
junk = ["x" * 2000, "[" * 4000, '{"type": "play", "index": "a", "id": 1}', "\\x00" * 100]
stop = time.monotonic() + seconds
answered = [0] * 8
said = threading.Lock()
def flood(n):
    with connect(url) as ws:
        if n == 0:  # one flooder has a seat, the others have none
            ws.send(json.dumps({"type": "join", "code": code}))
        i = 0
        while time.monotonic() < stop:
            try:
                ws.send(junk[i % len(junk)])
                i += 1
                while True:
                    ws.recv(timeout=0)
                    answered[n] += 1
                    if answered[n] % 20 == 0:
                        with said:  # one whole line at a time (print's parts interleave)
                            sys.stdout.write(f"{n} {answered[n]}\\n")
                            sys.stdout.flush()
            except TimeoutError:
                continue
            except ConnectionClosed:
                return
for n in range(8):
    threading.Thread(target=flood, args=(n,), daemon=True).start()
time.sleep(seconds + 60)
"""


def test_a_flood_of_junk_on_loopback_does_not_stop_the_others(running: Any) -> None:
    """Eight flooders (another process) send junk as fast as they can; a student's pings are
    still answered (the median within a second, every one within 3 s), and the junk is
    answered (errors, most of them rate limited; a flooder past its limit is read at the rate
    limit, the rest waits in TCP).
    Bounded in time: the flooders are killed after the student's ten pings."""
    room = running(players=2, tables=1)
    flood = subprocess.Popen([sys.executable, "-c", FLOOD, ws_url(room), room.codes[(1, 1)],
                              "4"], stdout=subprocess.PIPE, text=True)
    try:
        with connect(ws_url(room)) as student:
            ws_join(student, room.codes[(1, 0)])
            time.sleep(0.5)
            trips = []
            for n in range(10):
                sent = time.monotonic()
                student.send(json.dumps({"type": "ping", "id": n}))
                assert recv(student, "pong", timeout=5)["id"] == n
                trips.append(time.monotonic() - sent)
                time.sleep(0.2)
    finally:
        flood.kill()
    out, _ = flood.communicate(timeout=30)
    answered = {}
    for line in out.splitlines():  # "flooder count", the latest count last
        n, count = line.split()
        answered[n] = max(answered.get(n, 0), int(count))
    # Served, not starved: the typical ping well within a second, none past 3 s. (A lone spike
    # of 2.7 s was seen on a 2-core machine running the browser tests beside this one.)
    assert statistics.median(trips) < 1.0 and max(trips) < 3.0, trips
    assert len(answered) == 8 and min(answered.values()) >= 20, answered
    assert room.tables[0].match.cursor == 0 and room.store.count() == 0


def test_a_page_that_reads_nothing_is_closed_and_then_dropped() -> None:
    """Its messages pile up to :data:`MAX_QUEUED`: it is closed (1008) with a reason, and its
    reader is cancelled if the close is not taken within the grace period."""

    async def run() -> tuple[Connection, bool]:
        conn = Connection(ws=None, host="127.0.0.1")  # type: ignore[arg-type]
        conn.task = asyncio.create_task(asyncio.sleep(60))
        for i in range(MAX_QUEUED + 10):
            conn.send({"type": "pong", "id": i})
        await asyncio.sleep(2.2)
        return conn, conn.task.cancelled()

    conn, cancelled = asyncio.run(run())
    assert conn.closing and cancelled
    items = [conn.queue.get_nowait() for _ in range(conn.queue.qsize())]
    assert len(items) == MAX_QUEUED + 2
    assert json.loads(items[-2]) == {"type": "closed", "code": 1008,
                                     "reason": "The page did not read its messages."}
    assert items[-1][1:] == (1008, "The page did not read its messages.")
