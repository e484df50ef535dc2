"""Shared helpers of the classroom tests: a room in a temporary folder, its ASGI test client,
and reading a WebSocket until a message of some type arrives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from marketlib.classroom import Room
from marketlib.classroom.server import ClassroomServer


def make_room(tmp_path: Path, game: str = "bansan", tables: int = 1, players: int = 3,
              **kwargs: Any) -> Room:
    return Room(game, tables=tables, players=players, path=tmp_path / "class.sqlite", **kwargs)


def asgi_client(room: Room) -> Any:
    """The room's ASGI app in Starlette's test client (no socket, no thread)."""
    from starlette.testclient import TestClient

    return TestClient(ClassroomServer(room, "127.0.0.1", 0).app)


def until(ws: Any, kind: str, limit: int = 20) -> dict[str, Any]:
    """Read messages until one of type ``kind``; return it."""
    for _ in range(limit):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind!r} message in {limit} messages")


def join(ws: Any, code: str, name: str = "") -> dict[str, Any]:
    """Join a seat; returns the first full ``state`` (every trait)."""
    ws.send_text(json.dumps({"type": "join", "code": code, "name": name}))
    assert until(ws, "joined")["type"] == "joined"
    return until(ws, "state")["traits"]


def send(ws: Any, message: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Send a board message with an id; returns (the traits that changed, its answer: the
    ``ack``, or the ``error`` of a message refused as malformed or stale)."""
    ws.send_text(json.dumps({**message, "id": 99}))
    traits: dict[str, Any] = {}
    for _ in range(20):
        msg = ws.receive_json()
        if msg["type"] == "state":
            traits.update(msg["traits"])
        elif msg["type"] in ("ack", "error"):
            assert msg["id"] == 99, msg
            return traits, msg
    raise AssertionError("no ack")


def everyone_joined(room: Room) -> Room:
    """``room`` as if a student's page were attached to every seat (a server's presence): the
    move timer counts only seats a student has joined (``RoomTable.joined``)."""
    from marketlib.classroom.presence import Presence

    room.attach(Presence({(t.index, s): True for t in room.tables for s in range(t.players)}))
    return room
