"""The teacher's dashboard: an anywidget over a running :class:`~marketlib.classroom.Room`.

It shows every table (whose turn, moves, who is connected, time since the last move, paused,
over) with its seats (name, join code, computer or person), the join address and its QR code, and
offers pause and resume (a table or all), undo (a table), a new game (a table whose game ended)
and "a computer player takes this seat" (and back). The page asks for a fresh picture every few
seconds while it is shown; nothing runs in the kernel in between (no thread touches the widget).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from marketlib.core.errors import MarketlibError

if TYPE_CHECKING:
    from marketlib.classroom.room import Room

HERE = Path(__file__).parent


class Dashboard(anywidget.AnyWidget):
    """The dashboard of ``room`` (``room.dashboard()``)."""

    _esm = (HERE / "static" / "dashboard.js").read_text(encoding="utf-8")
    _css = (HERE / "static" / "dashboard.css").read_text(encoding="utf-8")

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
        """Read the room again."""
        room = self.room
        status = room.status().to_dict("records")
        tables = []
        for row, table in zip(status, room.tables, strict=True):
            with table.lock:
                current = table.match.current_player
                seats = [{"seat": s, "name": table.names[s], "code": table.codes[s],
                          "computer": table.bots.get(s, ""),
                          "connected": bool(room.connected.get((table.index, s))),
                          "to_play": current == s}
                         for s in range(table.players)]
            tables.append({"table": row["table"], "game": row["game"],
                           "to_play": row["to play"], "moves": row["moves"],
                           "connected": row["connected"],
                           "since_last_move": row["since last move (s)"],
                           "paused": row["paused"], "over": row["over"],
                           "winners": row["winners"], "seats": seats})
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
            if not isinstance(content, dict):
                raise ValueError(f"unknown dashboard message {content!r}")
            kind = content.get("type")
            table: Any = content.get("table")
            seat: Any = content.get("seat")
            if kind == "pause":
                room.pause(table)
            elif kind == "unpause":
                room.unpause(table)
            elif kind == "undo":
                room.undo(table)
            elif kind == "new_game":
                room.new_game(table)
            elif kind == "computer":
                room.seat_computer(table, seat, content.get("bot") or "greedy")
            elif kind == "person":
                room.seat_person(table, seat)
            elif kind != "refresh":
                raise ValueError(f"unknown dashboard message {content!r}")
        except (MarketlibError, ValueError, TypeError) as err:
            self.error = str(err)
        self.refresh()

    def __repr__(self) -> str:
        return f"Dashboard({self.room!r})"


__all__ = ["Dashboard"]
