"""Issue 30, point 4 on the classroom path: the dashboard's "New game" deals fresh cards in a
room made without a seed (a fresh secret seed per game, drawn in Python), and the room's own
sequence of seeds in a room made with one (the teacher typed it: the class replays it)."""

from __future__ import annotations

from pathlib import Path

from marketlib.classroom import Room


def test_new_game_in_a_room_without_a_seed_deals_fresh_cards(tmp_path: Path) -> None:
    room = Room("monsoon", tables=2, players=2, path=tmp_path / "class.sqlite")
    seen = {room.tables[0].match.seed}
    for _ in range(3):
        room.new_game(1)
        seen.add(room.tables[0].match.seed)
    assert len(seen) == 4  # 63 random bits each: alike once in 2**61


def test_new_game_in_a_room_with_a_seed_deals_the_rooms_sequence(tmp_path: Path) -> None:
    room = Room("monsoon", tables=2, players=2, path=tmp_path / "class.sqlite", seed=5)
    room.new_game(1)
    room.new_game(2)
    assert [t.match.seed for t in room.tables] == [5 + 0 + 2, 5 + 1 + 2]
