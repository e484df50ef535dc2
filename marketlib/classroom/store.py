"""The room's log: an embedded SQLite database (the standard library's ``sqlite3``, WAL mode
with ``synchronous=FULL``).

Every applied action is one row (table, the table's game number, index, the action as JSON
through msgspec, the seat, who played it), written and committed before the student's message
is acknowledged; a seat change (a computer player takes a seat, a person takes it back), a
teacher's undo and a new game at a table are rows too. :meth:`marketlib.classroom.Room.resume`
rebuilds every table by replaying them.

Acknowledged means on disk (issue 27): with ``synchronous=FULL`` every commit waits until the
write-ahead log is flushed to the disk (``fsync``), so a committed move survives a crashed
kernel, a killed process, a power loss and an operating-system crash alike. (WAL with
``synchronous=NORMAL``, the earlier setting, survives the first two but may roll back the last
commits on a power loss or an OS crash, as SQLite documents.) A disk or controller that lies
about flushing is beyond what any setting can fix.

The database is a file a teacher can copy, open with any SQLite tool or hand to a colleague; it
holds the join codes, so keep it as private as the codes themselves.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS room (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    tbl INTEGER NOT NULL, seat INTEGER NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL,
    bot TEXT NOT NULL, PRIMARY KEY (tbl, seat));
CREATE TABLE IF NOT EXISTS actions (
    tbl INTEGER NOT NULL, game INTEGER NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL,
    seat INTEGER NOT NULL, by TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (tbl, game, idx));
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT, tbl INTEGER NOT NULL, game INTEGER NOT NULL,
    idx INTEGER NOT NULL, kind TEXT NOT NULL, detail TEXT NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS predictions (
    tbl INTEGER NOT NULL, seat INTEGER NOT NULL, answer TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (tbl, seat));
"""
"""The tables (``predictions``, issue 31, was added without a new :data:`SCHEMA_VERSION`: an
older file gets the empty table when it is opened, and an older marketlib ignores it)."""


FIRST_PLAY = "first_play:"
"""The room facts' key (then the table's index) of when a person first played at a table
(``predictions()``'s ``before_play``, issue 31)."""

SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
"""SQLite's names of the ``synchronous`` levels 0-3."""


class StoreError(ValueError):
    """The file is not a marketlib classroom database (or of a newer version)."""


@dataclass(frozen=True)
class Row:
    """One stored action: ``by`` is ``""`` for a person, else the computer player's name."""

    idx: int
    action: Any
    seat: int
    by: str
    at: float


@dataclass(frozen=True)
class Event:
    """A seat change or a teacher's undo at table ``tbl``, in its game ``game``, when that
    game's history had ``idx`` actions: ``kind`` is ``"bot"`` (detail: seat and bot name),
    ``"person"`` (detail: seat), ``"undo"`` (detail: the new length) or ``"new_game"`` (the
    first event of game ``game`` > 0; detail: its seed)."""

    tbl: int
    game: int
    idx: int
    kind: str
    detail: dict[str, Any]


class Store:
    """The SQLite file of one room (one connection, used under a lock from any thread)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._closed = False
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)

    @property
    def synchronous(self) -> str:
        """SQLite's ``synchronous`` setting of the open connection, by name (``"FULL"``: every
        commit is flushed to the disk before it returns)."""
        return SYNCHRONOUS[int(self.pragma("synchronous"))]

    @property
    def journal_mode(self) -> str:
        """SQLite's journal mode of the file (``"wal"``)."""
        return str(self.pragma("journal_mode"))

    def pragma(self, name: str) -> Any:
        """The value of the SQLite setting ``name`` (read only; a plain name such as
        ``"synchronous"``).

        Raises:
            ValueError: ``name`` is not a plain identifier.
        """
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        with self._lock:
            row = self._db.execute(f"PRAGMA {name}").fetchone()
        return None if row is None else row[0]

    # ------------------------------------------------------------- predictions (issue 31)
    def put_prediction(self, tbl: int, seat: int, answer: str | float) -> None:
        """Store (or replace) the answer of the student at ``tbl``, ``seat``."""
        with self._lock, self._tx():
            self._db.execute("INSERT OR REPLACE INTO predictions VALUES (?, ?, ?, ?)",
                             (tbl, seat, json.dumps(answer), time.time()))

    def predictions(self) -> dict[tuple[int, int], str | float]:
        """Every stored answer, ``{(table index, seat): answer}``."""
        with self._lock:
            rows = self._db.execute("SELECT tbl, seat, answer FROM predictions").fetchall()
        return {(int(t), int(s)): json.loads(a) for t, s, a in rows}

    def answered_at(self) -> dict[tuple[int, int], float]:
        """When each stored answer was given (its latest change), ``{(table index, seat):
        seconds since the epoch}``."""
        with self._lock:
            rows = self._db.execute("SELECT tbl, seat, at FROM predictions").fetchall()
        return {(int(t), int(s)): float(at) for t, s, at in rows}

    def first_moves(self) -> dict[int, float]:
        """When a person first played at each table, ``{table index: seconds since the
        epoch}`` (tables where no person has played yet are left out). Written with the move
        and never changed: an undo does not move it, a computer player's move does not set
        it."""
        with self._lock:
            rows = self._db.execute("SELECT key, value FROM room WHERE key LIKE ?",
                                    (f"{FIRST_PLAY}%",)).fetchall()
        return {int(k[len(FIRST_PLAY):]): float(json.loads(v)) for k, v in rows}

    # ------------------------------------------------------------- room facts
    def put_meta(self, meta: dict[str, Any]) -> None:
        with self._lock, self._tx():
            for key, value in meta.items():
                self._db.execute("INSERT OR REPLACE INTO room VALUES (?, ?)",
                                 (key, json.dumps(value)))

    def meta(self) -> dict[str, Any]:
        with self._lock:
            rows = self._db.execute("SELECT key, value FROM room").fetchall()
        meta = {k: json.loads(v) for k, v in rows}
        if meta.get("format") != "marketlib.classroom":
            raise StoreError(f"{self.path} is not a marketlib classroom database")
        if int(meta.get("schema", 0)) > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer marketlib (schema "
                             f"{meta['schema']}); upgrade marketlib to resume it")
        return meta

    def put_seat(self, tbl: int, seat: int, code: str, name: str, bot: str) -> None:
        with self._lock, self._tx():
            self._db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?, ?)",
                             (tbl, seat, code, name, bot))

    def seats(self) -> list[tuple[int, int, str, str, str]]:
        with self._lock:
            return list(self._db.execute(
                "SELECT tbl, seat, code, name, bot FROM seats ORDER BY tbl, seat"))

    # ------------------------------------------------------------- actions
    def write_actions(self, tbl: int, game: int, keep: int, rows: list[Row]) -> None:
        """Keep the first ``keep`` actions of table ``tbl``'s game ``game``, then append
        ``rows``, in one committed transaction (durable before the caller acknowledges
        anything)."""
        with self._lock, self._tx():
            self._db.execute("DELETE FROM actions WHERE tbl = ? AND game = ? AND idx >= ?",
                             (tbl, game, keep))
            self._db.executemany(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(tbl, game, r.idx, msgspec.json.encode(r.action).decode(), r.seat, r.by, r.at)
                 for r in rows])
            people = [r.at for r in rows if not r.by]
            if people:  # when a person first played at this table: kept once, never undone
                self._db.execute("INSERT OR IGNORE INTO room VALUES (?, ?)",
                                 (f"{FIRST_PLAY}{tbl}", json.dumps(min(people))))

    def actions(self, tbl: int, game: int = 0) -> list[tuple[int, str, int, str, float]]:
        """The stored actions of a table's game in order, their JSON undecoded."""
        with self._lock:
            return list(self._db.execute(
                "SELECT idx, action, seat, by, at FROM actions WHERE tbl = ? AND game = ? "
                "ORDER BY idx", (tbl, game)))

    def games(self, tbl: int) -> int:
        """How many games table ``tbl`` has begun (at least 1)."""
        with self._lock:
            (n,) = self._db.execute(
                "SELECT COUNT(*) FROM events WHERE tbl = ? AND kind = 'new_game'",
                (tbl,)).fetchone()
        return int(n) + 1

    def count(self) -> int:
        with self._lock:
            (n,) = self._db.execute("SELECT COUNT(*) FROM actions").fetchone()
        return int(n)

    # ------------------------------------------------------------- events
    def add_event(self, tbl: int, game: int, idx: int, kind: str,
                  detail: dict[str, Any]) -> None:
        with self._lock, self._tx():
            self._db.execute("INSERT INTO events (tbl, game, idx, kind, detail, at) VALUES "
                             "(?, ?, ?, ?, ?, ?)", (tbl, game, idx, kind, json.dumps(detail),
                                                    time.time()))

    def clamp_events(self, tbl: int, game: int, idx: int) -> None:
        """After an undo back to ``idx`` actions: the seat changes made later now apply there."""
        with self._lock, self._tx():
            self._db.execute("UPDATE events SET idx = ? WHERE tbl = ? AND game = ? AND idx > ?",
                             (idx, tbl, game, idx))

    def events(self, tbl: int, game: int = 0) -> list[Event]:
        with self._lock:
            rows = self._db.execute(
                "SELECT tbl, game, idx, kind, detail FROM events WHERE tbl = ? AND game = ? "
                "ORDER BY id", (tbl, game))
            return [Event(t, g, i, k, json.loads(d)) for t, g, i, k, d in rows]

    def copy_to(self, path: str | Path) -> Path:
        """The whole database written to ``path`` as one SQLite file (SQLite's online backup:
        consistent while the room plays on). ``path`` must not exist yet.

        Raises:
            ValueError: ``path`` exists.
        """
        target = Path(path)
        if target.exists():
            raise ValueError(f"{target} already exists: choose another file for the archive")
        copy = sqlite3.connect(target)
        try:
            with self._lock:
                self._db.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
        finally:
            copy.close()
        return target

    # ------------------------------------------------------------- plumbing
    def _tx(self) -> Any:
        return _Transaction(self._db)

    def close(self) -> None:
        with self._lock:
            self._db.close()
            self._closed = True

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called (nothing can be written any more)."""
        return self._closed


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: Any, value: Any, tb: Any) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


__all__ = ["SCHEMA_VERSION", "Event", "Row", "Store", "StoreError"]
