"""The teacher's dashboard: an anywidget over a running :class:`~marketlib.classroom.Room`.

It shows every table (whose turn, moves, who is connected, time since the last move, paused,
over) with its seats (name, join code, computer or person), the join address and its QR code, and
offers pause and resume (a table or all), undo (a table), a new game (a table whose game ended)
and "a computer player takes this seat" (and back). The page asks for a fresh picture every few
seconds while it is shown; nothing runs in the kernel in between (no thread touches the widget).

A click is decoded strictly into one of the structs below (a tagged union on ``type``; an int
field takes an int only). Undo and a new game act on the game shown, so they carry the table's
``version`` as the dashboard showed it, and are refused if the table changed since (a student
moved meanwhile): the teacher sees the new picture and clicks again.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Union

import anywidget
import msgspec
import traitlets

from marketlib.classroom.status import status_row
from marketlib.core.errors import MarketlibError

if TYPE_CHECKING:
    from marketlib.classroom.room import Room

HERE = Path(__file__).parent


class Control(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    """A dashboard click (``table``: the table's number, from 1, as the dashboard shows it)."""


class Pause(Control, tag="pause", frozen=True):
    table: int | None = None
    """``None``: every table."""


class Unpause(Control, tag="unpause", frozen=True):
    table: int | None = None


class Undo(Control, tag="undo", frozen=True):
    table: int
    version: int


class NewGame(Control, tag="new_game", frozen=True):
    table: int
    version: int


class Computer(Control, tag="computer", frozen=True):
    table: int
    seat: int
    bot: Annotated[str, msgspec.Meta(max_length=32)] = "greedy"


class Person(Control, tag="person", frozen=True):
    table: int
    seat: int


class Refresh(Control, tag="refresh", frozen=True):
    pass


DashboardMessage = Union[Pause, Unpause, Undo, NewGame, Computer, Person, Refresh]  # noqa: UP007
KINDS = {"pause", "unpause", "undo", "new_game", "computer", "person", "refresh"}


def decode(content: Any) -> Control:
    """A dashboard click as its struct (strict: nothing is converted).

    Raises:
        ValueError: not a dashboard message, or a field is missing or of the wrong type.
    """
    if (not isinstance(content, dict) or not isinstance(content.get("type"), str)
            or content["type"] not in KINDS):
        raise ValueError(f"unknown dashboard message {content!r}")
    try:
        message: Control = msgspec.convert(content, DashboardMessage, strict=True)
    except msgspec.ValidationError as err:
        raise ValueError(f"malformed dashboard message: {err}") from None
    return message


class Dashboard(anywidget.AnyWidget):
    """The dashboard of ``room`` (``room.dashboard()``)."""

    _esm = (HERE / "static" / "dashboard.js").read_text(encoding="utf-8")
    # The boards' style first: its --ml-* colours follow the theme (issue 30, point 1).
    _css = ((HERE.parent / "widgets" / "board.css").read_text(encoding="utf-8")
            + (HERE / "static" / "dashboard.css").read_text(encoding="utf-8"))

    tables: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    url = traitlets.Unicode("").tag(sync=True)
    qr = traitlets.Unicode("").tag(sync=True)
    game = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    refreshed = traitlets.Unicode("").tag(sync=True)

    def __init__(self, room: Room) -> None:
        super().__init__()
        self.room = room
        self.on_msg(self._on_message)
        self.refresh()

    def refresh(self) -> None:
        """Read the room again: every table's
        :attr:`~marketlib.classroom.tables.RoomTable.status` (made as the table changed: no
        frame is built and no computer player is made here) and who is connected."""
        room = self.room
        now = time.time()
        connected = room.connected
        tables = []
        for table in room.tables:
            status = table.status  # one struct, made whole under the table's lock
            row = status_row(status, connected, now)
            seats = [{"seat": s, "name": status.names[s], "code": table.codes[s],
                      "computer": status.computers[s],
                      "connected": bool(connected.get((table.index, s))),
                      "to_play": status.to_play == s,
                      "back": (bool(connected.get((table.index, s)))
                               and bool(status.computers[s]))}  # the student came back
                     for s in range(len(status.names))]
            tables.append({"table": row["table"], "treatment": row["treatment"],
                           "game": row["game"],
                           "to_play": row["to play"], "moves": row["moves"],
                           "connected": row["connected"],
                           "since_last_move": row["since last move (s)"],
                           "paused": row["paused"], "over": row["over"],
                           "winners": row["winners"], "seats": seats,
                           "version": status.version})
        with self.hold_sync():
            self.tables = tables
            self.game = room.game
            self.url = room.url if room.running else ""
            if room.running and not self.qr:
                self.qr = room.qr_svg(scale=3)
            self.refreshed = time.strftime("%H:%M:%S")

    def _on_message(self, widget: Any, content: Any, buffers: Any) -> None:
        self.handle(content)

    def handle(self, content: Any) -> None:
        """A click on the dashboard (also callable from Python and tests)."""
        room = self.room
        self.error = ""
        try:
            message = decode(content)
            if isinstance(message, Pause):
                room.pause(message.table)
            elif isinstance(message, Unpause):
                room.unpause(message.table)
            elif isinstance(message, Undo):
                room.undo(message.table, message.version)
            elif isinstance(message, NewGame):
                room.new_game(message.table, message.version)
            elif isinstance(message, Computer):
                room.seat_computer(message.table, message.seat, message.bot)
            elif isinstance(message, Person):
                room.seat_person(message.table, message.seat)
        except (MarketlibError, ValueError, TypeError) as err:
            self.error = str(err)
        self.refresh()

    def __repr__(self) -> str:
        return f"Dashboard({self.room!r})"


__all__ = ["Dashboard"]
