"""What the teacher reads is kept as the tables change (issue 28, point 5): a dashboard refresh
makes no computer player and builds no frame, and every table's status says what reading its
whole history says, through moves, a computer taking a seat, an undo, a pause, a new game and a
resume; who is connected is the server's, read-only."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from websockets.sync.client import connect

from marketlib.classroom import Room
from marketlib.classroom.frames import seat_labels
from marketlib.classroom.status import display_names

from .helpers import asgi_client, join, make_room


def play(room: Room, moves: int, seed: int = 3) -> None:
    """Every table plays ``moves`` random legal moves of its people (its computers reply)."""
    rng = random.Random(seed)
    for table in room.tables:
        with table.lock:
            for _ in range(moves):
                if table.match.outcome is not None:
                    break
                table.match.play(rng.choice(table.match.legal_actions()))
                table.run_bots()


def read_whole(room: Room) -> list[tuple[Any, ...]]:
    """Each table's names shown, whose turn and winners, read from its whole history."""
    out = []
    for table in room.tables:
        labels = seat_labels(table.match, table.by, table.bots)
        outcome = table.match.outcome
        out.append((tuple(display_names(table.names, labels)), table.match.current_player,
                    () if outcome is None else tuple(outcome.winners), table.match.cursor,
                    table.version))
    return out


def kept(room: Room) -> list[tuple[Any, ...]]:
    return [(t.status.shown, t.status.to_play, t.status.winners, t.status.moves,
             t.status.version) for t in room.tables]


def test_a_dashboard_refresh_makes_no_computer_player_and_no_frame(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page asks for a refresh every 3 s: it reads each table's status struct (made as the
    table changed), not the history. Every ``make_bot`` the classroom modules can reach and
    ``pandas.DataFrame`` are counted while the dashboard refreshes."""
    room = make_room(tmp_path, tables=2, players=3, seed=4)
    room.seat_computer(1, 2, "greedy")
    room.seat_computer(2, 1, "random")
    play(room, 20)
    dash = room.dashboard()
    counts = {"bots": 0, "frames": 0}

    def counting(real: Any, key: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            counts[key] += 1
            return real(*args, **kwargs)
        return call

    for name, module in list(sys.modules.items()):
        if name == "marketlib.bots" or name.startswith("marketlib.classroom"):
            if hasattr(module, "make_bot"):
                monkeypatch.setattr(module, "make_bot", counting(module.make_bot, "bots"))
            cached = getattr(module, "bot_class", None)
            if cached is not None:
                cached.cache_clear()  # a label worked out now would make a bot
    monkeypatch.setattr(pd, "DataFrame", counting(pd.DataFrame, "frames"))
    dash.refresh()
    assert counts == {"bots": 0, "frames": 0}
    assert [t["moves"] for t in dash.tables] == [t.match.cursor for t in room.tables]


def test_the_status_says_what_the_whole_history_says(tmp_path: Path) -> None:
    room = make_room(tmp_path, tables=2, players=3, seed=9)
    room.tables[0].set_name(0, "Aisyah")
    play(room, 6)
    room.seat_computer(1, 1, "greedy")  # a person's seat, then a computer's
    play(room, 6, seed=5)
    assert kept(room) == read_whole(room)
    assert "Person, then GreedyBot" in seat_labels(room.tables[0].match, room.tables[0].by,
                                                   room.tables[0].bots)
    room.undo(1)
    room.pause(2)
    assert kept(room) == read_whole(room)
    assert [t.status.paused for t in room.tables] == [False, True]
    room.unpause()
    room.seat_person(1, 1)
    play(room, 9, seed=6)  # the student plays their seat again: the label says so (it kept
    # "Person, then GreedyBot", helper-86)
    labels = seat_labels(room.tables[0].match, room.tables[0].by, room.tables[0].bots)
    assert labels[1] == "Person, then GreedyBot, then Person", labels
    assert kept(room) == read_whole(room)
    room.seat_computer(2, 0, "random")
    room.seat_computer(2, 1, "random")
    room.seat_computer(2, 2, "random")  # table 2 plays to its end
    assert room.tables[1].status.over and kept(room) == read_whole(room)
    room.new_game(2)
    assert room.tables[1].status.game == 2 and kept(room) == read_whole(room)
    before = room.status()
    room.stop()
    again = Room.resume(tmp_path / "class.sqlite")
    assert kept(again) == read_whole(again)
    after = again.status()
    columns = ["table", "game", "to play", "moves", "connected", "computers", "paused",
               "over", "winners"]
    assert after[columns].equals(before[columns])
    again.stop()


def test_who_is_connected_is_the_servers_and_read_only(tmp_path: Path) -> None:
    """The server keeps who is connected; the room, its frame and the dashboard read it."""
    room = make_room(tmp_path, players=2, seed=1)
    assert room.connected == {} and room.status()["connected"].tolist() == ["0/2"]
    with pytest.raises(TypeError):
        room.connected[(0, 0)] = True  # type: ignore[index]
    room.start()
    try:
        with connect(room.url.replace("http://", "ws://") + "ws", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "join", "code": room.codes[(1, 1)], "name": "Siti"}))
            while json.loads(ws.recv(timeout=10))["type"] != "state":
                pass
            assert room.connected == {(0, 1): True}
            assert room.status()["connected"].tolist() == ["1/2"]
            seats = room.dashboard().tables[0]["seats"]
            assert [s["connected"] for s in seats] == [False, True]
            assert [s["name"] for s in seats] == ["", "Siti"]
        deadline = time.monotonic() + 10
        while room.connected and time.monotonic() < deadline:
            time.sleep(0.05)
        assert room.connected == {}
    finally:
        room.stop()
    assert room.connected == {}


def test_to_play_names_the_seat_once_before_anyone_joined(tmp_path: Path) -> None:
    """``room.status()`` read "P0 P0" to play for a seat nobody had joined (helper-62): the
    seat, then the person's name once they give one."""
    room = make_room(tmp_path, players=2, seed=1)
    try:
        seat = room.tables[0].match.current_player
        assert room.status()["to play"].tolist() == [f"P{seat}"]
        with asgi_client(room).websocket_connect("/ws") as ws:
            join(ws, room.codes[(1, seat)], "Siti")
            assert room.status()["to play"].tolist() == [f"P{seat} Siti"]
    finally:
        room.stop()


def test_the_winners_are_named_by_seat(tmp_path: Path) -> None:
    """At a table of three GreedyBots the dashboard read "over: GreedyBot won" (helper-78):
    the winners are named by seat first, as "to play" is."""
    room = make_room(tmp_path, players=3, seed=2)
    for seat in range(3):
        room.seat_computer(1, seat, "greedy")
    table = room.tables[0]
    outcome = table.match.outcome
    assert outcome is not None and table.status.over
    assert room.status()["winners"].tolist() == [
        ", ".join(f"P{w} GreedyBot" for w in outcome.winners)]
