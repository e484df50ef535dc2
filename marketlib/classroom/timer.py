"""The move timer of a classroom table: no table waits for a student who has gone (issue 31,
point 4; docs: "Running a class").

Off by default. With a timer of ``seconds`` (``Room(move_timer=90)``, or the teacher's
``room.set_timer(table, seconds)``), a decision of a *person* (not a computer player's seat,
not a seat no student has joined yet, not while the table is paused, not after the game is
over) that has waited ``seconds`` is
made by a computer player, once: the seat's page is warned first, at :data:`WARN_AT` of the
time; the move is then played for the seat, shown to everyone (the log's reason and the table's
announcement) and stored with ``by = "timeout:<computer player>"``; the person keeps the seat.

The timer is driven by the clock values given to :meth:`Wait.step` (``Room.tick(now)``; the
server ticks every second), never by reading a clock itself, so tests drive it exactly. A
decision starts waiting at the first tick that sees it: anything that changes the position, who
decides, a pause or a seat's hands starts the wait again.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from marketlib.core.i18n import N_, Later

WARN_AT = 2 / 3
"""The warning comes when this share of the timer has passed (30 s before a 90 s timer): the
last third, ``seconds / 3``, is left."""
TIMEOUT = "timeout:"
"""How a timed-out move's ``by`` begins (then the computer player's name: ``timeout:greedy``)."""
WARNING = N_("You have {left} s left to move; then a computer player makes this one move for "
             "you.")
"""The deciding seat's notice once :data:`WARN_AT` of its time has passed (in English: the seat
reads it in its own language, :func:`warning`)."""
REASON = N_("timed out: a computer player moved for P{seat}")
"""The log's reason of a timed-out move, shown to every seat, each in its own language (a
:class:`~marketlib.core.i18n.Later` of it is kept)."""
ANNOUNCED = N_("Time ran out for {who}: a computer player made this one move for them; they "
               "play on.")
"""What every seat of the table reads after a timed-out move, until the game moves on (each
seat in its own language)."""

WARNED = "warned"
MOVED = "moved"


def timed_out(by: str) -> bool:
    """Whether a move's ``by`` marks a timed-out move.

    Example:
        >>> timed_out("timeout:greedy"), timed_out("greedy"), timed_out("")
        (True, False, False)
    """
    return by.startswith(TIMEOUT)


def check_seconds(seconds: Any) -> float | None:
    """A timer's length: ``None`` (off) or a positive number of seconds.

    Raises:
        ValueError: anything else (``0``, a negative number, ``True``, text).

    Example:
        >>> check_seconds(90), check_seconds(None)
        (90.0, None)
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not (
            math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"a move timer is a number of seconds above 0, or None (off), "
                         f"not {seconds!r}")
    return float(seconds)


def timeout_rng(seed: int, seat: int, position: int) -> random.Random:
    """The stream of the computer player making a timed-out move at ``position`` for ``seat``
    (its own per position, so it never moves a seated computer player's stream)."""
    return random.Random(f"marketlib:timeout:{seed}:{seat}:{position}")


@dataclass
class Wait:
    """How long the deciding person of one table has waited, kept from tick to tick."""

    key: Any = None
    """What was deciding at the last tick (a change starts the wait again)."""
    since: float = 0.0
    """The tick the wait began at."""
    warned: int | None = None
    """The seat warned during this wait (``None``: nobody yet)."""
    warned_at: float = 0.0

    def reset(self) -> None:
        """Start afresh: the next tick begins a new wait (a timer was set or changed)."""
        self.key = None
        self.warned = None

    def step(self, key: Any, person: int | None, seconds: float | None,
             now: float) -> str:
        """One tick at ``now``: ``key`` says what decides (the position, the seat, paused...);
        ``person`` is the seat of a person whose decision the timer counts (``None``: no such
        decision, e.g. a computer's turn, paused, over). Returns :data:`WARNED` when the
        warning is due, :data:`MOVED` when the move is (a warning always comes first, at least
        the rest of the time before it), else ``""``."""
        if key != self.key or seconds is None:
            self.key = key
            self.since = now
            self.warned = None
        if seconds is None or person is None:
            return ""
        left = seconds / 3  # 1 - WARN_AT, exactly
        if self.warned is None:
            if now - self.since >= seconds - left:
                self.warned = person
                self.warned_at = now
                return WARNED
            return ""
        if now - self.since >= seconds and now - self.warned_at >= left:
            return MOVED
        return ""


def warning(seconds: float) -> str:
    """The warning for a timer of ``seconds`` (a :class:`~marketlib.core.i18n.Later`: the
    seat's page reads it in its language).

    Example:
        >>> warning(90)
        'You have 30 s left to move; then a computer player makes this one move for you.'
        >>> warning(1)[:19]  # never "0 s"
        'You have 1 s left t'
        >>> warning(90).said("ms")[:20]
        'Anda ada 30 s lagi u'
    """
    return Later(WARNING, left=max(1, round(seconds / 3)))


__all__ = ["ANNOUNCED", "MOVED", "REASON", "TIMEOUT", "WARNED", "WARNING", "WARN_AT", "Wait",
           "check_seconds", "timed_out", "timeout_rng", "warning"]
