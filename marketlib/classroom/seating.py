"""Who sits where: the teacher seats the class at random or in their own order (issue 31,
point 1: "students are seated at random or by the teacher"), and the display names a table
shows (:func:`clean_name`, also what a student types on joining).

In a class experiment the seating is part of the design: seated at random, a student's
treatment is chance, not their friends' choice of table. ``Room.seat_students(names)`` writes
each name on a seat (its join slip then carries the name); the teacher hands each student the
slip with their name. A student may still type another name when joining.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

NAME_LENGTH = 24
"""The longest display name a table shows (longer names are cut)."""


def clean_name(text: str, seat: int) -> str:
    """A display name as shown to the table: printable, single spaces, at most
    :data:`NAME_LENGTH` characters (``P<seat>`` when empty).

    Example:
        >>> clean_name("  Siti\\n  Aisyah  ", 2), clean_name("", 1)
        ('Siti Aisyah', 'P1')
    """
    words = "".join(ch if ch.isprintable() else " " for ch in text).split()
    return " ".join(words)[:NAME_LENGTH].strip() or f"P{seat}"


def check_names(names: object) -> list[str]:
    """The class list as display names, in the order given.

    Raises:
        ValueError: not a list of names, an empty name, or a name given twice (two
            students called alike need telling apart on the slips: "Ali B.", "Ali K.").

    Example:
        >>> check_names(["Aisyah", " Ben  Lim "])
        ['Aisyah', 'Ben Lim']
    """
    if isinstance(names, str) or not isinstance(names, Sequence) or not names:
        raise ValueError("names: a list of the students' names, e.g. ['Aisyah', 'Ben']")
    out: list[str] = []
    for i, name in enumerate(names):
        if not isinstance(name, str) or not "".join(name.split()):
            raise ValueError(f"names[{i}] is {name!r}: every student needs a name")
        shown = clean_name(name, 0)
        if shown in out:
            raise ValueError(f"names[{i}] {shown!r} is given twice: tell them apart "
                             "(e.g. add an initial)")
        out.append(shown)
    return out


def seat_order(open_seats: Sequence[tuple[int, int]], *, shuffle: bool) -> list[tuple[int, int]]:
    """The order in which the class list fills ``open_seats`` (``(table, seat)`` pairs in
    table order): in the teacher's order, table by table; at random (``shuffle``), seat 0 of
    every table first, then seat 1..., so that a class smaller than the room leaves its empty
    seats spread over the tables, not one table empty.

    Example:
        >>> seats = [(1, 0), (1, 1), (2, 0), (2, 1)]
        >>> seat_order(seats, shuffle=False), seat_order(seats, shuffle=True)
        ([(1, 0), (1, 1), (2, 0), (2, 1)], [(1, 0), (2, 0), (1, 1), (2, 1)])
    """
    if not shuffle:
        return list(open_seats)
    return sorted(open_seats, key=lambda ts: (ts[1], ts[0]))


def seat(names: Sequence[str], open_seats: Sequence[tuple[int, int]], *, shuffle: bool,
         rng: random.Random) -> list[tuple[str, int, int]]:
    """``(name, table, seat)`` for each student: the class list (shuffled by ``rng`` when
    ``shuffle``) on the seats in :func:`seat_order`.

    Raises:
        ValueError: more students than open seats.

    Example:
        >>> seat(["A", "B", "C"], [(1, 0), (1, 1), (2, 0), (2, 1)], shuffle=False,
        ...      rng=random.Random(0))
        [('A', 1, 0), ('B', 1, 1), ('C', 2, 0)]
    """
    if len(names) > len(open_seats):
        raise ValueError(f"{len(names)} students but {len(open_seats)} open seats: make the "
                         "room with more tables, or free seats a computer player holds")
    order = list(names)
    if shuffle:
        rng.shuffle(order)
    return [(name, t, s) for name, (t, s) in zip(order, seat_order(open_seats, shuffle=shuffle),
                                                   strict=False)]


__all__ = ["NAME_LENGTH", "check_names", "clean_name", "seat", "seat_order"]
