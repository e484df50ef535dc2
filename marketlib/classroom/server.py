"""The classroom web server: a Starlette app served by uvicorn in a background thread of the
kernel, with its own asyncio loop (docs: "Running a class"; the messages: ``widgets/PROTOCOL.md``,
section "Classroom transport").

Routes: ``GET /`` the student's page (join form and board), ``GET /client.js`` its adapter,
``GET /board.js`` and ``GET /board.css`` the notebook board's own module and style (served from
the package), ``GET /health``, and the WebSocket ``/ws``. A connection first sends
``{"type": "join", "code": ..., "name": ...}``; until it has joined a seat it is sent nothing
but errors. After that it sends the board messages of ``widgets/PROTOCOL.md``, applied for its
own seat only, and receives its seat's traits (only those that changed) and an ``ack`` per
message, written to the database before the ``ack`` goes out.

Limits: a message is at most :data:`MAX_MESSAGE` bytes (uvicorn closes a connection whose frame
is over :data:`MAX_FRAME`); each connection may send :data:`BURST` messages at once and
:data:`RATE` per second after that; a connection that gives :data:`MAX_WRONG_CODES` wrong codes
is closed, and an address that gives :data:`MAX_WRONG_CODES_PER_MINUTE` in a minute is refused
for the rest of that minute.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import socket
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Union

import msgspec
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from marketlib.classroom.codes import normalize
from marketlib.widgets import messages
from marketlib.widgets.messages import BoardMessage, Message

if TYPE_CHECKING:
    from marketlib.classroom.room import Room

STATIC = Path(__file__).parent / "static"
WIDGETS = Path(__file__).parent.parent / "widgets"
LOG = logging.getLogger("marketlib.classroom")

MAX_MESSAGE = 16 * 1024
"""Bytes in one message; a longer one is answered with an error and ignored."""
MAX_FRAME = 64 * 1024
"""Bytes in one WebSocket frame; uvicorn closes the connection (code 1009) over it."""
RATE = 10.0
"""Messages per second a connection may send, after a burst of :data:`BURST`."""
BURST = 30
MAX_WRONG_CODES = 5
MAX_WRONG_CODES_PER_MINUTE = 30
NAME_LENGTH = 24

HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; "
                                "style-src 'self' 'unsafe-inline'; connect-src 'self'; "
                                "img-src 'self' data:; frame-ancestors 'none'"),
}


class Join(Message, tag="join", frozen=True):
    """``{"type": "join", "code": "ABCDE-FGHJK", "name": "Aisyah"}``."""

    code: Annotated[str, msgspec.Meta(max_length=64)]
    name: Annotated[str, msgspec.Meta(max_length=200)] = ""


class Ping(Message, tag="ping", frozen=True):
    """``{"type": "ping", "id": n}``, answered with a ``pong``."""


PageMessage = Union[Join, Ping, BoardMessage]  # noqa: UP007
"""Every message a page may send: a tagged union on ``type``, decoded strictly from the
frame's JSON (an int field takes an int only; unknown fields are refused)."""

DECODER = msgspec.json.Decoder(PageMessage)
KNOWN = {"join", "ping", *messages.TYPES}


def refusal(text: str, err: msgspec.DecodeError) -> tuple[int | None, str]:
    """The ``id`` (when there is a whole one) and the sentence of a frame that did not
    decode: not JSON, not an object, no or an unknown ``type``, or the field that is wrong."""
    try:
        content = msgspec.json.decode(text)
    except msgspec.DecodeError:
        return None, f"malformed message: {err}"
    found = content.get("id") if isinstance(content, dict) else None
    number = found if type(found) is int else None
    return number, messages.refusal(content, err if isinstance(err, msgspec.ValidationError)
                                    else None, KNOWN)


def clean_name(text: str, seat: int) -> str:
    """A display name as shown to the table: printable, single spaces, at most
    :data:`NAME_LENGTH` characters (``P<seat>`` when empty).

    Example:
        >>> clean_name("  Siti\\n  Aisyah  ", 2), clean_name("", 1)
        ('Siti Aisyah', 'P1')
    """
    words = "".join(ch if ch.isprintable() else " " for ch in text).split()
    return " ".join(words)[:NAME_LENGTH].strip() or f"P{seat}"


CLOSE = object()


@dataclass
class Connection:
    """One browser's WebSocket, its seat once joined, what it was last sent, its limits."""

    ws: WebSocket
    host: str
    seat: tuple[int, int] | None = None
    last: dict[str, Any] = field(default_factory=dict)
    queue: asyncio.Queue[Any] = field(default_factory=asyncio.Queue)
    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)
    wrong: int = 0

    def allow(self) -> bool:
        """Take one message from the token bucket (``False``: over the rate limit)."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def send(self, message: dict[str, Any]) -> None:
        self.queue.put_nowait(msgspec.json.encode(message).decode())

    def close(self, code: int) -> None:
        self.queue.put_nowait((CLOSE, code))

    async def writer(self) -> None:
        """Send queued messages in order (the only coroutine that writes to this socket)."""
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple) and item[0] is CLOSE:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=item[1])
                return
            try:
                await self.ws.send_text(item)
            except Exception:  # the browser went away; the reader notices
                return


class ClassroomServer:
    """The web server of one :class:`~marketlib.classroom.Room` (``room.start()`` makes it)."""

    def __init__(self, room: Room, host: str, port: int) -> None:
        self.room = room
        self.host = host
        self.port = port
        self.connections: dict[tuple[int, int], Connection] = {}
        self.wrong_codes: dict[str, collections.deque[float]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._socket: socket.socket | None = None
        self.app = Starlette(routes=[
            Route("/", self.page),
            Route("/client.js", self.client_js),
            Route("/board.js", self.board_js),
            Route("/board.css", self.board_css),
            Route("/health", self.health),
            WebSocketRoute("/ws", self.websocket),
        ])

    # ------------------------------------------------------------- HTTP
    async def page(self, request: Request) -> Response:
        text = (STATIC / "index.html").read_text(encoding="utf-8")
        return Response(text, media_type="text/html; charset=utf-8", headers=HEADERS)

    async def client_js(self, request: Request) -> Response:
        text = (STATIC / "client.js").read_text(encoding="utf-8")
        return Response(text, media_type="text/javascript; charset=utf-8", headers=HEADERS)

    async def board_js(self, request: Request) -> Response:
        return Response(self.room.board_js, media_type="text/javascript; charset=utf-8",
                        headers=HEADERS)

    async def board_css(self, request: Request) -> Response:
        css = (WIDGETS / "board.css").read_text(encoding="utf-8")
        css += (STATIC / "page.css").read_text(encoding="utf-8")
        return Response(css, media_type="text/css; charset=utf-8", headers=HEADERS)

    async def health(self, request: Request) -> Response:
        return JSONResponse({"ok": True, "game": self.room.game}, headers=HEADERS)

    # ------------------------------------------------------------- WebSocket
    async def websocket(self, ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws, ws.client.host if ws.client else "")
        writer = asyncio.create_task(conn.writer())
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", "replace")
                if self.receive(conn, text):
                    break
        except Exception:  # a broken connection; nothing of the game depends on it
            LOG.debug("marketlib classroom: a connection failed", exc_info=True)
        finally:
            self.detach(conn)
            if not writer.done():
                conn.close(1000)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 2)

    def receive(self, conn: Connection, text: str) -> bool:
        """Handle one message (on the server's loop); ``True`` closes the connection."""
        if len(text) > MAX_MESSAGE or len(text.encode("utf-8")) > MAX_MESSAGE:
            conn.send({"type": "error", "error": f"message too large ({len(text)} bytes; "
                                                 f"the limit is {MAX_MESSAGE})"})
            return False
        if not conn.allow():
            conn.send({"type": "error", "error": "too many messages: slow down"})
            return False
        try:
            message = DECODER.decode(text)
        except msgspec.DecodeError as err:  # a ValidationError too: a field's type, named
            number, error = refusal(text, err)
            conn.send({"type": "error", "id": number, "error": error})
            return False
        if isinstance(message, Join):
            return self.join(conn, message)
        if isinstance(message, Ping):
            conn.send({"type": "pong", "id": message.id})
            return False
        if conn.seat is None:
            conn.send({"type": "error", "id": message.id,
                       "error": "join a seat first: send your code"})
            return False
        table_no, seat = conn.seat
        table = self.room.tables[table_no]
        with table.lock:
            error = table.handle(seat, message)
            stale = table.seats[seat].stale
            self._push(table_no)
        if stale:  # made on a position no longer shown: refused, the new one is on its way
            conn.send({"type": "error", "id": message.id, "error": error})
        else:
            conn.send({"type": "ack", "id": message.id, "ok": not error, "error": error})
        return False

    def join(self, conn: Connection, join: Join) -> bool:
        recent = self.wrong_codes.setdefault(conn.host, collections.deque())
        now = time.monotonic()
        while recent and recent[0] < now - 60:
            recent.popleft()
        if len(recent) >= MAX_WRONG_CODES_PER_MINUTE:
            conn.send({"type": "error", "id": join.id,
                       "error": "too many wrong codes from this address: wait a minute"})
            return False
        key = self.room.seat_of(join.code) if normalize(join.code) else None
        if key is None:
            conn.wrong += 1
            recent.append(now)
            conn.send({"type": "error", "id": join.id,
                       "error": "unknown code: check it with your teacher"})
            if conn.wrong >= MAX_WRONG_CODES:
                conn.close(4003)
                return True
            return False
        if conn.seat is not None and conn.seat != key:
            self.detach(conn)
        old = self.connections.get(key)
        if old is not None and old is not conn:
            old.send({"type": "closed", "reason": "This seat was opened in another browser."})
            old.close(4001)
            old.seat = None
        conn.seat = key
        self.connections[key] = conn
        self.room.connected[key] = 1
        table_no, seat = key
        table = self.room.tables[table_no]
        with table.lock:
            name = clean_name(join.name, seat) if join.name.strip() else (
                table.names[seat] or f"P{seat}")
            if name != table.names[seat]:
                table.set_name(seat, name)
                table.refresh()
            conn.last = {}
            conn.send({"type": "joined", "id": join.id, "table": table_no, "seat": seat,
                       "name": name, "game": self.room.game, "players": table.players})
            self._push(table_no)
        return False

    def detach(self, conn: Connection) -> None:
        key = conn.seat
        if key is not None and self.connections.get(key) is conn:
            del self.connections[key]
            self.room.connected.pop(key, None)
        conn.seat = None

    def _push(self, table_no: int) -> None:
        """Queue, for every connection at the table, the traits that changed (under the
        table's lock, so every connection gets them in the order they happened)."""
        table = self.room.tables[table_no]
        for seat in range(table.players):
            conn = self.connections.get((table_no, seat))
            if conn is None:
                continue
            traits = table.seats[seat].traits()
            changed = {k: v for k, v in traits.items() if conn.last.get(k, conn) != v}
            conn.last = traits
            if changed:
                conn.send({"type": "state", "traits": changed})

    def broadcast(self, table_no: int) -> None:
        table = self.room.tables[table_no]
        with table.lock:
            self._push(table_no)

    def broadcast_threadsafe(self, table_no: int) -> None:
        """Send a table's changes from any thread (the teacher's controls in the notebook)."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.broadcast, table_no)

    # ------------------------------------------------------------- the background thread
    def start(self, timeout: float = 20.0) -> None:
        """Listen on ``host:port`` (port 0: a free one) and serve in a background thread.

        Raises:
            OSError: the address cannot be bound; RuntimeError: the server did not start.
        """
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((self.host, self.port))
        except OSError:
            sock.close()
            raise
        sock.set_inheritable(True)
        self.port = int(sock.getsockname()[1])
        self._socket = sock
        config = uvicorn.Config(self.app, log_level="warning", lifespan="off",
                                ws_max_size=MAX_FRAME, ws_ping_interval=20,
                                ws_ping_timeout=20, timeout_graceful_shutdown=3)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._run, name="marketlib-classroom",
                                        daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the classroom server did not start")
            time.sleep(0.02)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self.loop = loop
        assert self._server is not None and self._socket is not None
        try:
            loop.run_until_complete(self._server.serve(sockets=[self._socket]))
        finally:
            loop.close()

    def stop(self, timeout: float = 10.0) -> None:
        """Close every connection and stop the server (returns when it has stopped)."""
        loop, server = self.loop, self._server
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._close_all)
        if server is not None:
            server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)
        if self._socket is not None:
            self._socket.close()
        self.room.connected.clear()

    def _close_all(self) -> None:
        for conn in list(self.connections.values()):
            conn.send({"type": "closed", "reason": "The teacher stopped the room."})
            conn.close(1001)


__all__ = ["BURST", "MAX_FRAME", "MAX_MESSAGE", "RATE", "ClassroomServer", "Connection",
           "clean_name"]
