"""What the teacher reads about a table, kept as the table changes (issue 28, point 5).

Every :class:`~marketlib.classroom.tables.RoomTable` holds a :class:`TableStatus`, made again
whenever the table changes (a move is committed, a seat changes hands or is named, the table is
paused or resumed, an undo, a new game). ``room.status()`` and the dashboard read these structs:
a refresh every few seconds builds no frame from the history and makes no computer player.

Who played a seat is kept as the moves happen (:class:`Seen`): ``"Person"``, a computer player's
class name (``"GreedyBot"``), or both in the order they played (``"Person, then GreedyBot"``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import msgspec

from marketlib.bots import make_bot
from marketlib.classroom.timer import timed_out
from marketlib.core.match import Match

PERSON = "Person"
"""Who played a seat nobody's computer player played."""


@functools.cache
def bot_class(name: str) -> str:
    """The class name of the computer player ``name`` (``"greedy"``: ``"GreedyBot"``), made
    once per name.

    Example:
        >>> bot_class("greedy"), bot_class("random")
        ('GreedyBot', 'RandomBot')
    """
    return type(make_bot(name)).__name__


def actor(match: Match, index: int, players: int) -> int | None:
    """The seat that played action ``index`` of ``match``'s history (of ``players`` seats):
    the action's own ``player`` (out-of-turn moves too, A-B-60), else the seat that decided
    before it (``None``: nobody)."""
    seat = getattr(match.action_at(index), "player", None)
    if isinstance(seat, int) and 0 <= seat < players:
        return seat
    found: int | None = match.game.current_player(match.state_at(index))
    return found


class Seen:
    """Who has played each seat of one game so far: per seat, each change of who played it,
    with the index of the action where the new player first played (so an undo forgets
    exactly what it undid). A seat handed to a computer and back reads so: it read "Person,
    then GreedyBot" once the person had it back (helper-86).

    Example:
        >>> seen = Seen(2)
        >>> seen.add(0, 0, ""); seen.add(1, 1, ""); seen.add(2, 0, "greedy")
        >>> seen.labels({0: "greedy"})
        ['Person, then GreedyBot', 'Person']
        >>> seen.add(4, 0, ""); seen.add(6, 0, ""); seen.labels({})
        ['Person, then GreedyBot, then Person', 'Person']
        >>> seen.cut(4); seen.labels({0: "greedy"})
        ['Person, then GreedyBot', 'Person']
    """

    def __init__(self, players: int) -> None:
        self.first: list[list[tuple[int, str]]] = [[] for _ in range(players)]

    def add(self, index: int, seat: int | None, who: str) -> None:
        """Action ``index`` was played at ``seat`` by ``who`` (``""``: a person, else a
        computer player's name; a timed-out move, ``"timeout:greedy"``, is the person's: they
        keep the seat, and ``room.turns()`` marks the move)."""
        if seat is None or not 0 <= seat < len(self.first):
            return
        label = bot_class(who) if who and not timed_out(who) else PERSON
        if not self.first[seat] or self.first[seat][-1][1] != label:
            self.first[seat].append((index, label))

    def cut(self, length: int) -> None:
        """Forget the actions from ``length`` on (undone or discarded)."""
        self.first = [[(i, label) for i, label in seen if i < length] for seen in self.first]

    def labels(self, bots: Mapping[int, str]) -> list[str]:
        """Who played each seat (a seat that never decided: whoever holds it now, from
        ``bots``)."""
        return [", then ".join(label for _, label in seen) if seen
                else (bot_class(bots[seat]) if seat in bots else PERSON)
                for seat, seen in enumerate(self.first)]


def display_names(names: list[str], labels: list[str]) -> list[str]:
    """The name shown for each seat: the person's, else ``P<seat>`` for a seat a person played,
    else the computer player's label."""
    return [names[s] or (f"P{s}" if PERSON in labels[s] else labels[s])
            for s in range(len(labels))]


class TableStatus(msgspec.Struct, frozen=True, kw_only=True):
    """One table as the teacher reads it, made whenever the table changes."""

    table: int
    """The table's number, from 1."""
    game: int
    """The table's game, from 1."""
    version: int
    """The ``Match.revision`` this status was made at (undo and a new game send it back)."""
    to_play: int | None
    """The seat that decides next (``None``: the game is over)."""
    moves: int
    names: tuple[str, ...]
    """The name a person gave for each seat (``""`` before anyone joined)."""
    shown: tuple[str, ...]
    """The name shown for each seat (:func:`display_names`)."""
    computers: tuple[str, ...]
    """The computer player of each seat (``"greedy"``...; ``""``: a person's seat)."""
    last_move: float
    """``time.time()`` of the last action."""
    paused: bool
    over: bool
    winners: tuple[int, ...]
    treatment: str = ""
    """The treatment the table plays (issue 31; ``""`` in a room of one rule set)."""


def seat_named(status: TableStatus, seat: int) -> str:
    """A seat as the teacher's screens name it: its number and its shown name, "P0 Aisyah",
    "P2 GreedyBot" ("P1" alone before anyone joined): at a table of three GreedyBots the
    number says which won (helper-78 read "GreedyBot won")."""
    return " ".join(dict.fromkeys((f"P{seat}", status.shown[seat])))


def status_row(status: TableStatus, connected: Mapping[tuple[int, int], Any],
               now: float) -> dict[str, Any]:
    """A table's row of ``room.status()`` (``connected``: the server's seats with a browser
    attached, keyed by ``(table index, seat)``)."""
    index = status.table - 1
    people = [s for s, bot in enumerate(status.computers) if not bot]
    online = sum(1 for s in people if connected.get((index, s)))
    current = status.to_play
    return {
        "table": status.table,
        "treatment": status.treatment,
        "game": status.game,
        "to play": "" if current is None else seat_named(status, current),
        "moves": status.moves,
        "connected": f"{online}/{len(people)}",
        "computers": ", ".join(f"P{s}" for s, bot in enumerate(status.computers) if bot),
        "since last move (s)": round(now - status.last_move),
        "paused": status.paused,
        "over": status.over,
        "winners": ", ".join(seat_named(status, w) for w in status.winners),
    }


__all__ = ["PERSON", "Seen", "TableStatus", "actor", "bot_class", "display_names",
           "seat_named", "status_row"]
