"""Stand-in students: programs that join a room's seats over its WebSocket, exactly as a student's
page does, and click random legal choices (docs: "Running a class"). They let a teacher (and the
notebook ``07_classroom_session``) rehearse a session without a class, and they exercise the
real transport: join codes, versions, acknowledgements, the database.

Each stand-in runs in its own thread with its own seeded stream, and every stand-in joins before
any plays, so the same room, seed and seats always give the same games.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from marketlib.classroom.room import Room


def _student(url: str, code: str, name: str, rng: random.Random, joined: threading.Barrier,
             deadline: float, moves: list[int]) -> None:
    from websockets.sync.client import connect

    traits: dict[str, Any] = {}
    with connect(url, open_timeout=10, max_size=2**24) as ws:
        ws.send(json.dumps({"type": "join", "code": code, "name": name}))
        while "version" not in traits:
            msg = json.loads(ws.recv(timeout=10))
            if msg["type"] == "state":
                traits.update(msg["traits"])
        joined.wait(timeout=30)
        # Every seat has joined; a ping's pong comes after every change queued before it (the
        # others' names), so the first click carries the current version.
        ws.send(json.dumps({"type": "ping", "id": 0}))
        while True:
            msg = json.loads(ws.recv(timeout=10))
            if msg["type"] == "state":
                traits.update(msg["traits"])
            if msg["type"] == "pong":
                break
        waiting = False
        while time.monotonic() < deadline and not traits.get("summary"):
            if not waiting and traits.get("choices") and not traits.get("busy"):
                index = rng.randrange(len(traits["choices"]))
                ws.send(json.dumps({"type": "play", "index": index,
                                    "version": traits["version"], "id": moves[0]}))
                waiting = True
            try:
                msg = json.loads(ws.recv(timeout=0.5))
            except TimeoutError:
                continue
            if msg["type"] == "state":
                traits.update(msg["traits"])
            elif msg["type"] == "ack":
                waiting = False
                if msg["ok"]:
                    moves[0] += 1


def play_as_students(room: Room, seats: Iterable[tuple[int, int]] | None = None, *,
                     seed: int = 0, seconds: float = 120.0) -> int:
    """Stand-in students join ``seats`` (``(table, seat)``, tables numbered from 1 as in
    ``room.codes``; default: every seat no computer player holds) of a
    running room and play random legal choices until their games end (or ``seconds`` pass);
    returns how many moves they made.

    Raises:
        RuntimeError: the room is not running.
    """
    if not room.running:
        raise RuntimeError("start the room first: room.start()")
    if seats is None:
        seats = [(t.number, s) for t in room.tables for s in range(t.players) if s not in t.bots]
    chosen = list(seats)
    if not chosen:
        return 0
    url = room.url.replace("http://", "ws://") + "ws"
    joined = threading.Barrier(len(chosen))
    deadline = time.monotonic() + seconds
    counts = [[0] for _ in chosen]
    threads = [
        threading.Thread(
            target=_student, daemon=True,
            args=(url, room.codes[key], f"Student {key[0]}.{key[1]}",
                  random.Random(f"{seed}:{key[0] - 1}:{key[1]}"), joined, deadline, counts[i]))
        for i, key in enumerate(chosen)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 30)
    return sum(c[0] for c in counts)


__all__ = ["play_as_students"]
