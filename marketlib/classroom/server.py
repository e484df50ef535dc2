"""The classroom web server: a Starlette app served by uvicorn in a background thread of the
kernel, with its own asyncio loop (docs: "Running a class"; the messages: ``widgets/PROTOCOL.md``,
section "Classroom transport").

Routes: ``GET /`` the student's page (join form and board), ``GET /client.js`` its adapter,
``GET /board.js`` and ``GET /board.css`` the notebook board's own module and style (served from
the package), ``GET /health``, the projector view ``GET /projector`` (with ``/projector.js``,
``/projector.css``, its data ``/projector.json`` and the join QR code ``/qr.svg``; public facts
only, issue 31), and the WebSocket ``/ws``. A connection first sends
``{"type": "join", "code": ..., "name": ...}``; until it has joined a seat it is sent nothing
but errors, heartbeats and its close reason. After that it sends the board messages of
``widgets/PROTOCOL.md``, applied for its own seat only, and receives its seat's traits (only
those that changed) and an ``ack`` per message, written to the database before the ``ack``
goes out.

Every frame gets an answer: a message too large (:data:`MAX_MESSAGE` bytes), too deep
(:data:`MAX_DEPTH` nested arrays or objects), too fast, not JSON, wrongly typed or stale is
answered with an ``error`` frame and changes nothing; the connection stays open. A connection is
closed, with a WebSocket close code and a reason the page shows, only when it breaks a limit:

* 4001: its seat was opened in another browser (the newest one has it);
* 4003: :data:`MAX_WRONG_CODES` wrong codes on this connection, or a new wrong code from an
  address that gave :data:`MAX_WRONG_CODES_PER_MINUTE` different wrong codes in the last minute
  (a right code always joins: a class behind one address is never locked out by one guesser);
* 4008: no right code within ``join_timeout`` seconds (default :data:`JOIN_TIMEOUT`) of the
  connection's opening or of its last wrong code;
* 4029: the address already holds ``max_unjoined`` connections without a seat (default
  :data:`MAX_UNJOINED`), so sockets that never join cannot use up the server's files;
* 1009: a frame over :data:`MAX_FRAME` (uvicorn).

Every ``heartbeat`` seconds (default :data:`HEARTBEAT`) the server sends each connection
``{"type": "heartbeat"}``; a page that has heard nothing for a few seconds knows the link is
lost and reconnects. Every :data:`TICK` seconds it runs the room's move timers
(``Room.tick``, in a worker thread so the loop keeps serving; issue 31).

The loop itself only reads, checks and writes frames: what a table does with a message (the
move, its computer players' replies, the SQLite commit that waits for the disk, the traits
worked out for every seat) runs in a worker thread under the table's lock, and its messages
are queued back on the loop in the order they were sent, so one table waiting for the disk or
a timed-out move holds up no other table (issue 31's load target; measured with
``benchmarks/classroom_load.py --diagnose``). While a room is served, the objects alive at its
start are kept out of the garbage collector's full walks (:mod:`.heap`).
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

from marketlib.classroom import heap
from marketlib.classroom.codes import LENGTH, normalize
from marketlib.classroom.page_words import page_words
from marketlib.classroom.presence import Presence
from marketlib.classroom.seating import clean_name
from marketlib.core.i18n import LANGUAGES, _, check_language, language
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
MAX_DEPTH = 32
"""Nested arrays and objects in one message; a deeper one is answered with an error unread."""
MAX_WRONG_CODES = 5
"""Wrong codes one connection may give; it is closed (4003) at this many."""
MAX_WRONG_CODES_PER_MINUTE = 30
"""Different wrong codes one address may give in a minute; after that a wrong code from it
closes its connection at once (4003). Right codes still join."""
HEARTBEAT = 2.0
"""Seconds between the ``heartbeat`` frames sent to every connection."""
TICK = 1.0
"""Seconds between two runs of the room's move timers (``Room.tick``)."""
JOIN_TIMEOUT = 30.0
"""Seconds a connection has to send a right code; then it is closed (4008)."""
MAX_UNJOINED = 64
"""Connections without a seat one address may hold at once; the next is closed (4029)."""
MAX_QUEUED = 1000
"""Messages waiting to be written to one connection; a page that reads none of them (its
network buffers full) is closed (1008) rather than kept, with its memory, for ever."""
CLOSE_GRACE = 2.0
"""Seconds a closed connection has to take its close frame before its socket is dropped."""

CLOSE_TAKEN = 4001
CLOSE_WRONG_CODES = 4003
CLOSE_JOIN_TIMEOUT = 4008
CLOSE_TOO_MANY = 4029

HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; "
                                "style-src 'self' 'unsafe-inline'; connect-src 'self'; "
                                "img-src 'self' data:; frame-ancestors 'none'"),
}


class Join(Message, tag="join", frozen=True):
    """``{"type": "join", "code": "ABCDE-FGHJK", "name": "Aisyah", "lang": "ms"}``; ``lang``
    (optional): the language the page reads, as a ``language`` message sets it."""

    code: Annotated[str, msgspec.Meta(max_length=64)]
    name: Annotated[str, msgspec.Meta(max_length=200)] = ""
    lang: Annotated[str, msgspec.Meta(max_length=16)] = ""


class Language(Message, tag="language", frozen=True):
    """``{"type": "language", "lang": "ms"}``: this page reads Bahasa Malaysia from now on
    (issue 30, point 5): its board's words and refusals; the game is the same. An unknown
    language is refused (the error names the known ones) and changes nothing."""

    lang: Annotated[str, msgspec.Meta(max_length=16)]


class Ping(Message, tag="ping", frozen=True):
    """``{"type": "ping", "id": n}``, answered with a ``pong``."""


class Predict(Message, tag="predict", frozen=True):
    """``{"type": "predict", "answer": 12}``: the student's answer to the room's question
    (issue 31, point 2), a number or one of the options."""

    answer: Annotated[str, msgspec.Meta(max_length=300)] | float


PageMessage = Union[Join, Ping, Predict, Language, BoardMessage]  # noqa: UP007
"""Every message a page may send: a tagged union on ``type``, decoded strictly from the
frame's JSON (an int field takes an int only; unknown fields are refused)."""

DECODER = msgspec.json.Decoder(PageMessage)
KNOWN = {"join", "ping", "predict", "language", *messages.TYPES}


def refusal(text: str, err: Exception) -> tuple[int | None, str]:
    """The ``id`` (when there is a whole one) and the sentence of a frame that did not
    decode: not JSON, not an object, no or an unknown ``type``, or the field that is wrong."""
    if not isinstance(err, msgspec.DecodeError):
        return None, "malformed message: it could not be read"
    try:
        content = msgspec.json.decode(text)
    except Exception:  # whatever the decoder raises, the answer is an error
        return None, f"malformed message: {err}"
    found = content.get("id") if isinstance(content, dict) else None
    number = found if type(found) is int else None
    return number, messages.refusal(content, err if isinstance(err, msgspec.ValidationError)
                                    else None, KNOWN)


CLOSE = object()


def _loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop of this thread, or ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


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
    created: float = field(default_factory=time.monotonic)
    tried: float = 0.0
    """When its last wrong code came (``time.monotonic()``; 0: none): the time to send a right
    code counts from it, so a student who is retyping is not closed on meanwhile."""
    unjoined: bool = True
    """Counted among its address's connections without a seat (until its first join)."""
    closing: bool = False
    shut: bool = False
    """The close is in :attr:`queue`: nothing more goes in."""
    task: asyncio.Task[Any] | None = None
    """The coroutine reading this socket: cancelled when a close is not taken in time."""
    lang: str | None = None
    """The language this page reads (``None``: the server's; issue 30, point 5)."""
    loop: asyncio.AbstractEventLoop | None = field(default_factory=lambda: _loop())
    """The server's loop, which alone touches :attr:`queue`; :meth:`send` and :meth:`close`
    may be called from any thread (a table's move is played in a worker thread)."""

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now

    def allow(self) -> bool:
        """Take one message from the token bucket (``False``: over the rate limit; the bucket
        goes into debt, see :meth:`pause`)."""
        self._refill()
        self.tokens -= 1
        return self.tokens >= 0

    def pause(self) -> float:
        """Seconds to stop reading this connection: a flood over :data:`BURST` messages past
        the rate limit is left in the network's buffers (TCP slows the sender down) instead of
        taking the server's time from the others; each message is still answered when read."""
        self._refill()
        return max(0.0, (-BURST - self.tokens) / RATE)

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (encoded here, in the calling thread). From any thread: the
        messages of every thread reach the queue in the order they were sent (the loop's own
        and other threads' calls join one line of callbacks), so a table's changes, sent under
        its lock, arrive in the order they happened."""
        if self.closing:
            return
        self._later(self._put, msgspec.json.encode(message).decode())

    def _put(self, text: str) -> None:
        if self.shut:  # sent while the close was on its way: after the close, nothing
            return
        if self.queue.qsize() >= MAX_QUEUED:
            with language(self.lang):
                self.close(1008, _("The page did not read its messages."))
            return
        self.queue.put_nowait(text)

    def _later(self, call: Any, *args: Any) -> None:
        """Run ``call(*args)`` on the server's loop after what was asked of it before."""
        loop = self.loop
        if loop is None:  # made outside a loop (a test): at once
            call(*args)
        elif _loop() is loop:
            loop.call_soon(call, *args)
        else:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody to tell
                loop.call_soon_threadsafe(call, *args)

    def close(self, code: int, reason: str = "") -> None:
        """Close after what is queued, with a WebSocket close code and a reason the page
        shows (also sent first as ``{"type": "closed", "reason": ..., "code": ...}``)."""
        if self.closing:
            return
        self._later(self._close, code, reason)
        self.closing = True

    def _close(self, code: int, reason: str) -> None:
        self.shut = True
        if reason:
            self.queue.put_nowait(msgspec.json.encode(
                {"type": "closed", "reason": reason, "code": code}).decode())
        self.queue.put_nowait((CLOSE, code, reason.encode()[:123].decode("utf-8", "ignore")))
        with contextlib.suppress(RuntimeError):  # no running loop: nothing to wait for
            asyncio.get_running_loop().call_later(CLOSE_GRACE, self.drop)

    def drop(self) -> None:
        """Stop reading a connection that did not take its close in time (a page that reads
        nothing cannot hold its socket open)."""
        if self.task is not None and not self.task.done():
            self.task.cancel()

    async def writer(self) -> None:
        """Send queued messages in order (the only coroutine that writes to this socket)."""
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple) and item[0] is CLOSE:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=item[1], reason=item[2] or None)
                return
            try:
                await self.ws.send_text(item)
            except Exception:  # the browser went away; the reader notices
                return


class ClassroomServer:
    """The web server of one :class:`~marketlib.classroom.Room` (``room.start()`` makes it)."""

    def __init__(self, room: Room, host: str, port: int, *, join_timeout: float = JOIN_TIMEOUT,
                 max_unjoined: int = MAX_UNJOINED, heartbeat: float = HEARTBEAT,
                 max_wrong_codes_per_minute: int = MAX_WRONG_CODES_PER_MINUTE) -> None:
        self.room = room
        self.host = host
        self.port = port
        self.join_timeout = float(join_timeout)
        self.max_unjoined = int(max_unjoined)
        self.heartbeat = float(heartbeat)
        self.max_wrong_codes_per_minute = int(max_wrong_codes_per_minute)
        self.connections: dict[tuple[int, int], Connection] = {}
        """The connection of every seat a browser has joined (changed under :attr:`_seats`,
        a seat's also under its table's lock)."""
        self._seats = threading.Lock()
        self.presence = Presence(self.connections)
        """Who is connected, read-only: ``room.connected``
        (:meth:`~marketlib.classroom.Room.attach`)."""
        room.attach(self.presence)
        self.wrong_codes: dict[str, dict[str, float]] = {}
        """Per address, the different wrong codes given in the last minute, with when."""
        self.unjoined: collections.Counter[str] = collections.Counter()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._socket: socket.socket | None = None
        self._settled = False
        self.app = Starlette(routes=[
            Route("/", self.page),
            Route("/client.js", self.client_js),
            Route("/words.json", self.words_json),
            Route("/board.js", self.board_js),
            Route("/board.css", self.board_css),
            Route("/health", self.health),
            Route("/projector", self.projector_page),
            Route("/projector.js", self.projector_js),
            Route("/projector.css", self.projector_css),
            Route("/projector.json", self.projector_json),
            Route("/qr.svg", self.qr),
            WebSocketRoute("/ws", self.websocket),
        ])

    # ------------------------------------------------------------- HTTP
    @staticmethod
    def _static(name: str, media_type: str) -> Response:
        """A file of ``classroom/static`` as it is on disk."""
        text = (STATIC / name).read_text(encoding="utf-8")
        return Response(text, media_type=f"{media_type}; charset=utf-8", headers=HEADERS)

    async def page(self, request: Request) -> Response:
        return self._static("index.html", "text/html")

    async def client_js(self, request: Request) -> Response:
        return self._static("client.js", "text/javascript")

    async def words_json(self, request: Request) -> Response:
        """Every word of the student's page in every language (:mod:`.page_words`)."""
        return JSONResponse(page_words(), headers=HEADERS)

    async def board_js(self, request: Request) -> Response:
        return Response(self.room.board_js, media_type="text/javascript; charset=utf-8",
                        headers=HEADERS)

    async def board_css(self, request: Request) -> Response:
        css = (WIDGETS / "board.css").read_text(encoding="utf-8")
        css += (STATIC / "page.css").read_text(encoding="utf-8")
        return Response(css, media_type="text/css; charset=utf-8", headers=HEADERS)

    async def health(self, request: Request) -> Response:
        return JSONResponse({"ok": True, "game": self.room.game}, headers=HEADERS)

    async def projector_page(self, request: Request) -> Response:
        """The projector view (issue 31, point 3): public facts only, no join code."""
        return self._static("projector.html", "text/html")

    async def projector_js(self, request: Request) -> Response:
        return self._static("projector.js", "text/javascript")

    async def projector_css(self, request: Request) -> Response:
        from marketlib.classroom.projector import STYLE

        return Response(STYLE, media_type="text/css; charset=utf-8", headers=HEADERS)

    async def projector_json(self, request: Request) -> Response:
        from marketlib.classroom.projector import payload

        lang = request.query_params.get("lang")  # /projector?lang=ms: the page's words in ms
        with language(lang if lang in LANGUAGES else None):
            data = await asyncio.to_thread(payload, self.room)  # table locks: not on the loop
        return JSONResponse(data, headers=HEADERS)

    async def qr(self, request: Request) -> Response:
        """The join address as a QR code (an SVG image, for the projector)."""
        from marketlib.classroom.invite import qr_svg

        svg = qr_svg(self.room.url, 8)
        text = svg if "xmlns" in svg else svg.replace(
            "<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
        return Response(text, media_type="image/svg+xml", headers=HEADERS)

    # ------------------------------------------------------------- WebSocket
    async def websocket(self, ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws, ws.client.host if ws.client else "")
        if self.unjoined[conn.host] >= self.max_unjoined:
            reason = _("Too many connections waiting for a code from your network: "
                       "try again in a few seconds.")  # no page language yet: the server's
            with contextlib.suppress(Exception):
                await ws.send_text(msgspec.json.encode(
                    {"type": "closed", "reason": reason, "code": CLOSE_TOO_MANY}).decode())
                await ws.close(code=CLOSE_TOO_MANY, reason=reason)
            return
        self.unjoined[conn.host] += 1
        conn.task = asyncio.current_task()
        writer = asyncio.create_task(conn.writer())
        watcher = asyncio.create_task(self.watch(conn))
        try:
            while True:
                wait = conn.pause()
                if wait:
                    await asyncio.sleep(wait)
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", "replace")
                try:
                    if await self.receive(conn, text):
                        break
                except Exception:  # a bug must not close a student's page: answer instead
                    LOG.exception("marketlib classroom: a message could not be handled")
                    with language(conn.lang):  # in the page's language, as its other answers
                        conn.send({"type": "error", "error": _(
                            "the server could not handle this message; nothing changed")})
        except asyncio.CancelledError:  # dropped: it did not take its close in time
            LOG.debug("marketlib classroom: a connection was dropped")
        except Exception:  # a broken connection; nothing of the game depends on it
            LOG.debug("marketlib classroom: a connection failed", exc_info=True)
        finally:
            conn.task = None  # ending already: not to be cancelled while it ends
            watcher.cancel()
            self.detach(conn)
            self._joined(conn)
            if not writer.done():
                # ends the writer after what was sent before (a close's reason too)
                conn._later(conn.queue.put_nowait, (CLOSE, 1000, ""))
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 2)

    def _joined(self, conn: Connection) -> None:
        """The connection no longer counts among its address's connections without a seat."""
        if conn.unjoined:
            conn.unjoined = False
            self.unjoined[conn.host] -= 1
            if self.unjoined[conn.host] <= 0:
                del self.unjoined[conn.host]

    async def watch(self, conn: Connection) -> None:
        """Send a ``heartbeat`` every :attr:`heartbeat` seconds and close a connection that has
        not joined within :attr:`join_timeout` seconds of its opening or of its last wrong code
        (4008)."""
        with contextlib.suppress(asyncio.CancelledError):
            while not conn.closing:
                deadline = max(conn.created, conn.tried) + self.join_timeout
                wait = self.heartbeat
                if conn.unjoined:
                    wait = min(wait, max(0.0, deadline - time.monotonic()))
                await asyncio.sleep(wait)
                if conn.closing:
                    return
                deadline = max(conn.created, conn.tried) + self.join_timeout
                if conn.unjoined and time.monotonic() >= deadline:
                    with language(conn.lang):  # a wrong code was a code (helper-94)
                        why = (_("No right code was sent within {seconds} s of the last one: "
                                 "enter your code again.") if conn.wrong else
                               _("No code was sent within {seconds} s: enter your code "
                                 "again."))
                        conn.close(CLOSE_JOIN_TIMEOUT,
                                   why.format(seconds=f"{self.join_timeout:g}"))
                    return
                if wait == self.heartbeat:
                    conn.send({"type": "heartbeat"})

    async def receive(self, conn: Connection, text: str) -> bool:
        """Handle one message; ``True`` closes the connection. What a table does with it (a
        move and its SQLite commit, which waits for the disk; a join, an answer, a language)
        runs in a worker thread under the table's lock, so the server's loop goes on serving
        the other tables meanwhile; this connection's next message is read when it is done."""
        if len(text) > MAX_MESSAGE or len(text.encode("utf-8")) > MAX_MESSAGE:
            conn.send({"type": "error", "error": f"message too large ({len(text)} bytes; "
                                                 f"the limit is {MAX_MESSAGE})"})
            return False
        if not conn.allow():
            with language(conn.lang):
                conn.send({"type": "error", "error": _("too many messages: slow down")})
            return False
        if messages.too_deep(text, MAX_DEPTH):
            conn.send({"type": "error", "error": f"message nested too deeply (the limit is "
                                                 f"{MAX_DEPTH} levels)"})
            return False
        try:
            message = DECODER.decode(text)
        except Exception as err:  # DecodeError, ValidationError (a field's type, named), or
            # anything else a decoder raises: always an answer, never a close
            number, error = refusal(text, err)
            conn.send({"type": "error", "id": number, "error": error})
            return False
        if isinstance(message, Join):
            return await self.join(conn, message)
        if isinstance(message, Ping):
            conn.send({"type": "pong", "id": message.id})
            return False
        if isinstance(message, Language):
            await asyncio.to_thread(self.language, conn, message)
            return False
        if conn.seat is None:
            with language(conn.lang):
                conn.send({"type": "error", "id": message.id,
                           "error": _("join a seat first: send your code")})
            return False
        if isinstance(message, Predict):
            await asyncio.to_thread(self.predict, conn, message)
            return False
        await asyncio.to_thread(self.play, conn, message)
        return False

    def play(self, conn: Connection, message: BoardMessage) -> None:
        """Apply a board message for the connection's seat, send the table's changes to its
        seats, then the answer (in a worker thread: :meth:`receive`)."""
        if conn.seat is None:  # its seat was taken by another tab meanwhile
            with language(conn.lang):
                conn.send({"type": "error", "id": message.id,
                           "error": _("join a seat first: send your code")})
            return
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

    def language(self, conn: Connection, message: Language) -> None:
        """Switch this page's language; a seat's board is redrawn in it."""
        try:
            conn.lang = check_language(message.lang)
        except ValueError as err:
            conn.send({"type": "error", "id": message.id, "error": str(err)})
            return
        if conn.seat is not None:
            table_no, seat = conn.seat
            table = self.room.tables[table_no]
            with table.lock:
                table.seats[seat].lang = conn.lang
                table.seats[seat].refresh()
                self._push(table_no)
        conn.send({"type": "ack", "id": message.id, "ok": True, "error": ""})

    async def join(self, conn: Connection, join: Join) -> bool:
        if join.lang:
            try:
                conn.lang = check_language(join.lang)
            except ValueError as err:
                conn.send({"type": "error", "id": join.id, "error": str(err)})
                return False
        found = self.room.seat_of(join.code) if normalize(join.code) else None
        if found is None:
            return self.wrong_code(conn, join)
        self._joined(conn)
        await asyncio.to_thread(self.seat, conn, join, (found[0] - 1, found[1]))
        return False

    def seat(self, conn: Connection, join: Join, key: tuple[int, int]) -> None:
        """Give ``conn`` the seat ``key`` (the table's place in ``room.tables``, the seat) and
        send it the whole board (in a worker thread, under the table's lock)."""
        table_no, seat = key
        table = self.room.tables[table_no]
        with table.lock:
            if conn.seat is not None and conn.seat != key:
                self.detach(conn)
            with self._seats:
                old = self.connections.get(key)
                conn.seat = key
                self.connections[key] = conn
            if old is not None and old is not conn:
                with language(old.lang):
                    old.close(CLOSE_TAKEN, _("This seat is open in another tab."))
                old.seat = None
            name = clean_name(join.name, seat) if join.name.strip() else (
                table.names[seat] or f"P{seat}")
            if name != table.names[seat]:
                table.set_name(seat, name)
                table.refresh()
            if table.seats[seat].lang != conn.lang:  # the board in this page's language
                table.seats[seat].lang = conn.lang
                table.seats[seat].refresh()
            table.seats[seat].forget_stale()  # a page opened afresh: no old click to answer
            conn.last = {}
            conn.send({"type": "joined", "id": join.id, "table": table.number, "seat": seat,
                       "name": name, "game": self.room.game, "players": table.players})
            self.question(conn)
            self._push(table_no)

    def question(self, conn: Connection) -> None:
        """Ask a joined seat the room's question, until it is answered (issue 31)."""
        question = self.room.prediction
        if question is not None and conn.seat is not None:
            conn.send({"type": "question", **question.public(),
                       "answered": conn.seat in self.room.answers})

    def predict(self, conn: Connection, message: Predict) -> None:
        """Store the seat's answer (in a worker thread: it waits for the disk)."""
        if conn.seat is None:
            with language(conn.lang):
                conn.send({"type": "error", "id": message.id,
                           "error": _("join a seat first: send your code")})
            return
        table_no, seat = conn.seat
        try:
            with language(conn.lang):  # a refused answer in the page's language
                self.room.answer(table_no + 1, seat, message.answer)
        except ValueError as err:
            conn.send({"type": "error", "id": message.id, "error": str(err)})
            return
        conn.send({"type": "ack", "id": message.id, "ok": True, "error": ""})
        self.question(conn)

    def wrong_code(self, conn: Connection, join: Join) -> bool:
        """Answer a wrong code. Limits count per connection and per different code, never
        against a whole address: a class behind one school router joins while one of them
        guesses (a right code is checked first and always joins)."""
        now = time.monotonic()
        recent = self.wrong_codes.setdefault(conn.host, {})
        for old in [c for c, t in recent.items() if t < now - 60]:
            del recent[old]
        typed = normalize(join.code) or "".join(join.code.split()).upper()[:2 * LENGTH]
        conn.wrong += 1
        conn.tried = now
        with language(conn.lang):  # the page's language, sent with the join
            unknown = _("unknown code: check it with your teacher")
            if typed not in recent and len(recent) >= self.max_wrong_codes_per_minute:
                conn.send({"type": "error", "id": join.id, "error": unknown})
                conn.close(CLOSE_WRONG_CODES,
                           _("Too many wrong codes from this network: check your code with "
                             "your teacher, then enter it again."))
                return True
            recent[typed] = now
            conn.send({"type": "error", "id": join.id, "error": unknown})
            if conn.wrong >= MAX_WRONG_CODES:
                conn.close(CLOSE_WRONG_CODES, _("Too many wrong codes: check your code with "
                                                "your teacher, then enter it again."))
                return True
        return False

    def detach(self, conn: Connection) -> None:
        with self._seats:
            key = conn.seat
            if key is not None and self.connections.get(key) is conn:
                del self.connections[key]
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
        """Send a table's changes from any thread but the server's loop (the teacher's
        controls in the notebook, the move timer's worker thread): worked out in the calling
        thread under the table's lock, queued on the loop."""
        if self.loop is not None and not self.loop.is_closed():
            self.broadcast(table_no)

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
                                ws_max_size=MAX_FRAME, ws_ping_interval=10,
                                ws_ping_timeout=10, timeout_graceful_shutdown=3)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._run, name="marketlib-classroom",
                                        daemon=True)
        heap.settle()  # short full garbage collections while serving (classroom/heap.py)
        self._settled = True
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                self._settled = False
                heap.release()
                raise RuntimeError("the classroom server did not start")
            time.sleep(0.02)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self.loop = loop
        assert self._server is not None and self._socket is not None
        try:
            loop.run_until_complete(self._serve())
        finally:
            loop.close()

    async def _serve(self) -> None:
        assert self._server is not None and self._socket is not None
        ticker = asyncio.create_task(self.ticker())
        try:
            await self._server.serve(sockets=[self._socket])
        finally:
            ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ticker

    async def ticker(self) -> None:
        """Run the room's move timers every :data:`TICK` seconds (``Room.tick``; the tables it
        changes are sent to their seats by the room)."""
        while True:
            await asyncio.sleep(TICK)
            try:
                await asyncio.to_thread(self.room.tick)
            except Exception:  # a failing timer must not stop the server
                LOG.exception("marketlib classroom: the move timer failed")

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
        if self._settled:
            self._settled = False
            heap.release()

    def _close_all(self) -> None:
        for conn in list(self.connections.values()):
            with language(conn.lang):
                conn.close(1001, _("The teacher stopped the room."))


__all__ = ["BURST", "HEARTBEAT", "JOIN_TIMEOUT", "MAX_DEPTH", "MAX_FRAME", "MAX_MESSAGE",
           "MAX_UNJOINED", "RATE", "TICK", "ClassroomServer", "Connection", "clean_name"]
