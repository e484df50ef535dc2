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
from marketlib.core.i18n import N_, _, get_language, language, refusal

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


WORDS: dict[str, str] = {
    "over": N_("over: {winners} won"),
    "nobody": N_("nobody"),
    "paused": N_("paused"),
    "to_play": N_("to play: {who}"),
    "table_head": N_("Table {table}{treatment} · game {game} · {state}"),
    "moves": N_("{moves} moves · last move {ago} ago · connected {connected}"),
    "no_moves": N_("no move yet · connected {connected}"),
    "seconds": N_("{n} s"),
    "minutes": N_("{n} min"),
    "hours": N_("{n} h"),
    "computer_seat": N_("computer ({bot})"),
    "nobody_yet": N_("nobody yet"),
    "online": N_("● online"),
    "offline": N_("○ offline"),
    "back": N_("{name} is here: click Person to hand the seat back"),
    "the_student": N_("the student"),
    "person": N_("Person"),
    "person_aria": N_("Give seat P{seat} of table {table} back to a person"),
    "computer": N_("Computer"),
    "computer_aria": N_("A computer player takes seat P{seat} of table {table}"),
    "resume": N_("Resume"),
    "resume_aria": N_("Resume table {table}"),
    "pause": N_("Pause"),
    "pause_aria": N_("Pause table {table}"),
    "undo": N_("Undo"),
    "undo_aria": N_("Undo the last move at table {table}"),
    "new_game": N_("New game"),
    "new_game_aria": N_("Deal a new game at table {table}"),
    "room": N_("{game} room: students open"),
    "not_started": N_("(the room is not started)"),
    "stopped": N_("{game} room: stopped; Room.resume(path) opens it again. Updated {time}."),
    "updated": N_("and type their code. Updated {time}."),
    "pause_all": N_("Pause all"),
    "pause_all_aria": N_("Pause every table"),
    "resume_all": N_("Resume all"),
    "resume_all_aria": N_("Resume every table"),
    "refresh": N_("Refresh"),
    "refresh_aria": N_("Read the room again"),
}
"""Every word the dashboard shows, in English with ``{name}`` slots: the widget's ``words``
trait holds them in the language in force when it was made (``marketlib.set_language``), and
``static/dashboard.js`` fills them; the script holds no words (issue 30, point 5)."""


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
    stopped = traitlets.Bool(False).tag(sync=True)
    """The room was stopped (:meth:`Room.stop`): no address, no QR code, and the controls are
    refused saying so."""
    words: traitlets.Dict[str, str] = traitlets.Dict().tag(sync=True)

    def __init__(self, room: Room) -> None:
        super().__init__()
        self.room = room
        self.lang = get_language()
        """The language this dashboard speaks: its words and its refusals of a click."""
        self.words = {key: _(text) for key, text in WORDS.items()}
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
            with table.lock, language(self.lang):
                status = table.status  # one struct, made whole under the table's lock
                stop = table.session.undo_stop()
                undo = table.undo_words(stop)  # what Undo takes back, said before the click
                can_undo = stop is not None
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
                           "undo": undo, "can_undo": can_undo, "version": status.version})
        with self.hold_sync():
            self.tables = tables
            self.game = room.title  # as people read it (its mode too)
            self.url = room.url if room.running else ""
            self.stopped = room.store.closed
            if room.running and not self.qr:
                self.qr = room.qr_svg(scale=3)
            elif self.stopped:
                self.qr = ""  # nobody can join a stopped room (helper-78 read "students open
                # (the room is not started)" beside the old QR code)
            self.refreshed = time.strftime("%H:%M:%S")

    def _on_message(self, widget: Any, content: Any, buffers: Any) -> None:
        self.handle(content)

    def handle(self, content: Any) -> None:
        """A click on the dashboard (also callable from Python and tests)."""
        room = self.room
        try:
            message = decode(content)
            if not isinstance(message, Refresh):  # a refusal stays until the teacher's next
                self.error = ""  # click: the page refreshes every 3 s, and the refusal went
                # with the next refresh, unread (helper-86)
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
            with language(self.lang):  # a known sentence in the dashboard's language
                self.error = refusal(str(err))
        self.refresh()

    def __repr__(self) -> str:
        return f"Dashboard({self.room!r})"


__all__ = ["Dashboard"]
