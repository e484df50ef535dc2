"""Seating the class (issue 31, point 1: "students are seated at random or by the teacher"):
``Room.seat_students`` writes each name on an open seat, at random (seeded by the room's seed,
seat 0 of every table first) or in the teacher's order; the slips carry the names; a bad class
list is refused and seats nobody."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from marketlib import bansan
from marketlib.classroom import Room

FINE = {"fine RM2": bansan.Rules(players=2, fine_per_card=2),
        "no fine": bansan.Rules(players=2, fine_per_card=0)}
CLASS = ["Aisyah", "Ben", "Chandra", "Dewi", "Eng", "Farah", "Gopal"]


def names_of(room: Room) -> dict[tuple[int, int], str]:
    return {(t.number, s): n for t in room.tables for s, n in enumerate(t.names) if n}


def test_at_random_the_empty_seats_spread_over_the_tables(tmp_path: Path) -> None:
    room = Room("bansan", tables=4, treatments=FINE, seed=8, path=tmp_path / "c.sqlite")
    try:
        seating = room.seat_students(CLASS)
        placed = names_of(room)
        assert sorted(placed.values()) == sorted(CLASS)
        assert Counter(t for t, _ in placed) == {1: 2, 2: 2, 3: 2, 4: 1}  # not one table empty
        assert all(s == 0 for (t, s) in placed if t == 4)
        assert seating.to_dict("records") == [
            {"name": placed[(t, s)], "table": t, "seat": s} for t, s in sorted(placed)]
        assert list(seating.columns) == ["name", "table", "seat"]  # it may be projected: no
        # join code, and no treatment (students never see the experiment's names)
        assert list(placed.values()) != CLASS[:len(placed)]  # shuffled, not the list's order
    finally:
        room.stop()


def test_a_seeded_room_seats_alike_and_another_seed_otherwise(tmp_path: Path) -> None:
    seatings = []
    for i, seed in enumerate((8, 8, 9)):
        room = Room("bansan", tables=4, players=2, seed=seed, path=tmp_path / f"{i}.sqlite")
        try:
            room.seat_students(CLASS)
            seatings.append(names_of(room))
        finally:
            room.stop()
    assert seatings[0] == seatings[1]
    assert seatings[0] != seatings[2]


def test_in_the_teachers_order_table_by_table_past_taken_seats(tmp_path: Path) -> None:
    room = Room("bansan", tables=3, players=2, seed=1, path=tmp_path / "c.sqlite")
    try:
        room.seat_computer(1, 1, "random")
        with room.tables[2].lock:
            room.tables[2].set_name(0, "Hana")  # joined already, with her own name
        room.seat_students(CLASS[:3], shuffle=False)
        assert names_of(room) == {(1, 0): "Aisyah", (2, 0): "Ben", (2, 1): "Chandra",
                                  (3, 0): "Hana"}
    finally:
        room.stop()


@pytest.mark.parametrize(("names", "words"), [
    (CLASS + ["Hana", "Ibrahim"], "9 students but 8 open seats"),
    (["Ali", "Ali "], "'Ali' is given twice"),
    (["Ali", "  "], "every student needs a name"),
    ("Ali", "a list of the students' names"),
    ([], "a list of the students' names"),
    (["Ali", 7], r"names\[1\] is 7"),
])
def test_a_bad_class_list_is_refused_and_seats_nobody(tmp_path: Path, names: object,
                                                      words: str) -> None:
    room = Room("bansan", tables=4, players=2, seed=1, path=tmp_path / "c.sqlite")
    try:
        with pytest.raises(ValueError, match=words):
            room.seat_students(names)  # type: ignore[arg-type]
        assert names_of(room) == {}
    finally:
        room.stop()


def test_the_slips_and_a_resumed_room_carry_the_names(tmp_path: Path) -> None:
    room = Room("bansan", tables=2, players=2, seed=3, path=tmp_path / "c.sqlite")
    room.seat_students(["Aisyah", "Ben <b>", "Chandra"], shuffle=False)
    slips = room.slips(address="http://10.0.4.17:8000/")
    assert slips.count('class="slip-name"') == 3
    assert '<div class="slip-name">Ben &lt;b&gt;</div>' in slips  # escaped, never markup
    seated = names_of(room)
    room.stop()
    again = Room.resume(tmp_path / "c.sqlite")
    try:
        assert names_of(again) == seated
    finally:
        again.stop()
