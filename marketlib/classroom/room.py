"""``Room``: a class plays together, each student in their own browser (docs: "Running a class").

One notebook cell makes the room and starts its web server in the background of the kernel::

    from marketlib.classroom import Room
    room = Room("bansan", tables=6, players=4).start()
    room                      # the join address, a QR code and a join code per seat

Students open the address on a phone or laptop, type their code and a name, and play the same
board as in the notebook. The server owns each table's ``Match``; a connection only ever receives
its own seat's view. Every action is written to an SQLite file before it is acknowledged, and
``Room.resume(path)`` rebuilds every table from it after a kernel restart (the same codes work).

``Room`` is the model: its tables (``tables.py``), their join codes (``codes.py``), the
database (``store.py``) and the teacher's controls. What is read from it lives in modules of
its own, each with one job: the frames (``frames.py``), the status of each table kept as it
changes (``status.py``), the dashboard (``dashboard.py``), how students find the room
(``invite.py``); the web server (``server.py``) keeps who is connected and lets the room read it
(``presence.py``).
"""

from __future__ import annotations

import contextlib
import datetime
import secrets
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from marketlib.bots import make_bot
from marketlib.classroom.codes import find_code, new_code
from marketlib.classroom.invite import LOOPBACK, join_url, qr_svg, room_html
from marketlib.classroom.prediction import Question
from marketlib.classroom.presence import NOBODY, Presence
from marketlib.classroom.store import SCHEMA_VERSION, Store, StoreError
from marketlib.classroom.tables import PAUSED, RoomTable
from marketlib.classroom.timer import check_seconds
from marketlib.classroom.treatments import assign as assign_tables
from marketlib.classroom.treatments import check_names
from marketlib.core import registry
from marketlib.core.errors import MarketlibError
from marketlib.core.i18n import N_, register_refusals
from marketlib.core.match import Match
from marketlib.core.savefile import Mode, csv_only
from marketlib.core.version import __version__
from marketlib.widgets import board_class, table_of

NO_TABLE = N_("there is no table {table}: tables are numbered from 1 to {last}, as on the code "
              "table")
NO_SEAT = N_("there is no seat {seat} (seats 0-{last})")
"""A teacher's control naming a table or seat the room lacks, in English (raised at whoever
calls from Python); the dashboard shows it in its own language (registered templates)."""
STOPPED = N_("the room is stopped (room.stop() closed its database): Room.resume(path) opens "
             "it again, with every game as it was")
"""A teacher's control after :meth:`Room.stop`: it raised SQLite's "Cannot operate on a closed
database" after changing the table in memory, and the dashboard showed nothing (helper-78)."""
register_refusals([NO_TABLE, NO_SEAT, STOPPED])


def _rules_of(game: Any, implied: dict[str, Any], players: int | None, rules: Any) -> Any:
    if rules is not None and not isinstance(rules, Mapping):
        if players is not None and int(rules.players) != players:
            raise ValueError(f"players={players} but the rules say players={rules.players}")
        return rules
    options = {**implied, **dict(rules or {})}
    if players is not None:
        options["players"] = players
    try:
        return msgspec.convert(options, game.Rules)
    except msgspec.ValidationError as err:
        raise ValueError(f"bad rules: {err}") from None


class Room:
    """A classroom: ``tables`` tables of ``players`` seats, played from students' browsers.

    Args:
        game: a game or mode name (``"bansan"``, ``"monsoon"``, ``"kenduri"``, ``"sendiri"``).
        tables: how many tables (each its own ``Match``). Tables are numbered from 1 wherever
            they are named, here as on every page and frame: ``room.pause(1)`` pauses "Table 1",
            which is ``room.tables[0]`` and deals with ``seed``; table ``n`` deals with
            ``seed + n - 1``.
        players: seats per table (default the game's default).
        rules: the game's ``Rules`` or a dict of rule options.
        treatments: instead of ``rules``, a class experiment: a dict of name -> rules (each a
            ``Rules`` or a dict of options), e.g. ``{"fine RM2": Rules(fine_per_card=2),
            "no fine": Rules(fine_per_card=0)}``. The tables are shared among them in a
            balanced way (counts differ by at most one), shuffled by ``seed`` (issue 31); each
            table's treatment is stored, resumed and a column of every frame; a student's page
            names only the rules that differ from the standard game.
        assign: the teacher's assignment instead: one treatment name per table, in table
            order.
        seed: the first table's seed. ``None`` (default): every table, and every new game,
            draws a fresh secret seed (``secrets.randbits(63)``), kept in the database so
            :meth:`resume` deals the same cards; every class gets its own deals. Students'
            pages are never sent a seed before their game is over (it deals every hidden card;
            issue 27), and in a room made with a seed never at all (each table's seeds follow
            from it, so one finished game's seed would deal every other): :attr:`seeds` has
            them. A small seed can be guessed from the cards a board shows: give one only when
            identical deals are the point, and then a large random number.
        path: the SQLite file the room is written to (default ``classroom-<date-time>.sqlite``
            in the working folder); it must not exist yet (see :meth:`resume`).
        host: the address the server listens on: ``"127.0.0.1"`` (default, this computer only)
            or ``"0.0.0.0"`` for every network the computer is on (a classroom).
        port: the port (default a free one, chosen at :meth:`start`).
        address: the join address to show when the computer's own name is not the one students
            reach (e.g. ``"http://10.0.0.5:8000/"``).
        mode: the matches' undo policy: ``"play"`` (default: undo stops where cards were
            revealed) or ``"explore"``.
        move_timer: seconds a person's decision may wait before a computer player makes that
            one move for them (``None``, the default: no timer; issue 31). The seat's page is
            warned at two thirds of the time ("You have 30 s left to move; then a computer
            player makes this one move for you."); the move is shown to everyone as such (the
            log: "timed out: a computer player moved for P1"), the person keeps the seat, and
            ``turns()`` marks it (``timed_out``). Never for a computer player's seat, a paused
            table or a finished game; any move, pause or seat change starts the wait again.
            The teacher changes it per table with :meth:`set_timer`.
        timer_bot: the computer player that makes a timed-out move (default ``"greedy"``).
        prediction: a question asked before play (``None``, the default: none; issue 31), a
            :class:`~marketlib.classroom.prediction.Question`: a number
            (``Question("How much will a vendor with a fine end with?")``) or a choice
            (``Question("...", choices=["less", "the same", "more"])``). Each student's page
            asks it after they join, until they answer; the answers are stored with the
            student (:meth:`predictions`), shown by :meth:`compare` beside the outcome and on
            the projector as a histogram.

    Raises:
        ValueError: an unknown game, bad rules, ``tables < 1``, ``path`` exists, both
            ``rules`` and ``treatments``, an ``assign`` that does not fit them, a
            ``move_timer`` that is not a positive number or ``None``, an unknown ``timer_bot``.

    Example:
        >>> import tempfile, pathlib
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> room = Room("bansan", tables=2, players=3, path=folder / "class.sqlite", seed=5)
        >>> len(room.codes), room.tables[1].match.seed, room.tables[0].players
        (6, 6, 3)
        >>> room.seat_computer(1, 1, "greedy")   # Table 1, seat P1
        >>> room.tables[0].bots
        {1: 'greedy'}
        >>> sorted(room.codes)[:2]
        [(1, 0), (1, 1)]
        >>> room.stop()
    """

    move_timer: float | None
    prediction: Question | None
    """The question asked before play (``None``: none; issue 31, point 2)."""
    """The room's move timer in seconds (``None``: off); see :meth:`set_timer`."""

    def __init__(self, game: str = "bansan", tables: int = 1, players: int | None = None,
                 rules: Any = None, *, seed: int | None = None, path: str | Path | None = None,
                 host: str = LOOPBACK, port: int = 0, address: str = "",
                 mode: Mode = "play", treatments: Mapping[str, Any] | None = None,
                 assign: Sequence[str] | None = None, move_timer: float | None = None,
                 timer_bot: str = "greedy", prediction: Question | None = None) -> None:
        if isinstance(tables, bool) or not isinstance(tables, int) or tables < 1:
            raise ValueError(f"tables must be a whole number of at least 1, not {tables!r}")
        move_timer = check_seconds(move_timer)
        make_bot(timer_bot)  # ValueError: an unknown computer player
        if prediction is not None and not isinstance(prediction, Question):
            raise ValueError("prediction= is a Question (marketlib.classroom.Question)")
        found, implied = registry.mode(game)
        module = found.game()
        if treatments is None:
            if assign is not None:
                raise ValueError("assign= names each table's treatment: give treatments= too")
            rules = _rules_of(module, implied, players, rules)
            arms = {"": rules}
            chosen = [""] * tables
        else:
            if rules is not None:
                raise ValueError("give rules= (one rule set) or treatments= (one per name), "
                                 "not both")
            names = check_names(treatments)
            arms = {name: _rules_of(module, implied, players, treatments[name])
                    for name in names}
            chosen = assign_tables(names, tables, fresh_seed() if seed is None else seed,
                                   assign)
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        target = Path(path) if path is not None else Path(f"classroom-{stamp}.sqlite")
        if target.exists() and target.stat().st_size:
            raise ValueError(f"{target} already exists: Room.resume({str(target)!r}) continues "
                             "that class, or choose another path")
        store = Store(target)
        seeds = [fresh_seed() if seed is None else seed + i for i in range(tables)]
        self._setup(store, found.name, arms, chosen, seeds, seed, host, port, address, mode)
        self.move_timer, self.timer_bot = move_timer, timer_bot
        self.prediction = prediction
        store.put_meta({"format": "marketlib.classroom", "schema": SCHEMA_VERSION,
                        "library_version": __version__, "game": found.name,
                        "rules_version": module.GAME.rules_version,
                        "rules": msgspec.to_builtins(self.rules),
                        "treatments": {n: msgspec.to_builtins(r) for n, r in arms.items()},
                        "assignment": chosen, "tables": tables, "seed": seed,
                        "seeds": seeds, "cards": [t.cards_digest() for t in self.tables],
                        "mode": mode, "host": host, "port": port, "address": address,
                        "move_timer": move_timer, "timer_bot": timer_bot, "timers": {},
                        "prediction": None if prediction is None else prediction.public(),
                        "created": time.time()})
        for table in self.tables:
            for s, code in enumerate(table.codes):
                store.put_seat(table.index, s, code, "", "")

    def _setup(self, store: Store, game: str, arms: dict[str, Any], chosen: list[str],
               seeds: list[int], seed: int | None, host: str, port: int, address: str,
               mode: Mode, codes: Mapping[tuple[int, int], str] = {}) -> None:
        self.store = store
        self.game = game
        self.treatments: dict[str, Any] = arms
        """Each treatment's rules by name (one, named ``""``, in a room of one rule set)."""
        self.rules = arms[""] if list(arms) == [""] else None
        """The rules of every table; ``None`` in a room with treatments (see
        :attr:`treatments` and each table's ``rules``)."""
        self.host = host
        self.port = port
        self.address = address
        self.seed = seed
        """The seed given to the room (``None``: every table drew its own)."""
        self._server: Any = None
        self._presence = NOBODY
        self.move_timer = None
        self.timer_bot = "greedy"
        """The computer player that makes a timed-out move."""
        self.timers: dict[int, float | None] = {}
        """The teacher's timer of single tables, by table number (from 1), overriding
        :attr:`move_timer` (``None``: off at that table)."""
        self.clock = time.monotonic
        """The clock :meth:`tick` reads when it is not given the time (tests drive it)."""
        self.differed = 0
        """How many computer choices differed from the stored ones at :meth:`resume` (0)."""
        self.prediction = None
        self.answers: dict[tuple[int, int], str | float] = store.predictions()
        """Each student's answer, ``{(table index, seat): answer}`` (see :meth:`answer`)."""
        table = table_of(game)
        self.board_js: str = str(board_class(game)._esm)
        used: set[str] = set()
        self.tables: list[RoomTable] = []
        for i, table_seed in enumerate(seeds):
            match = Match(game, arms[chosen[i]], seed=table_seed, mode=mode)
            seat_codes = []
            for s in range(_players(match)):
                code = codes.get((i, s)) or new_code()
                while code in used:
                    code = new_code()
                used.add(code)
                seat_codes.append(code)
            # a seeded room's seeds follow from one another (seed + table + game * tables):
            # one finished game's would deal the others, so no page is ever sent one
            self.tables.append(RoomTable(i, table, match, seat_codes, store,
                                         treatment=chosen[i], seed_at_end=seed is None))
        for t in self.tables:
            t.refresh()

    # ------------------------------------------------------------- resume
    @classmethod
    def resume(cls, path: str | Path) -> Room:
        """The room written to ``path``, every table rebuilt by replaying its actions (and its
        computer players choosing again), the same join codes; call :meth:`start` to serve it
        again (on the same port when it is free).

        Raises:
            FileNotFoundError: no such file; StoreError: not a classroom database;
            SaveFileError: the card data changed since the room dealt (field ``cards``, naming
            the card files; as ``Match.load`` refuses a save), or the rules name a card file
            that is no ``.csv`` file (field ``rules.<deck>``, nothing read), CardDataError: a
            card file no longer loads; IllegalAction: a stored action does not fit the rules.
        """
        target = Path(path)
        if not target.exists():
            raise FileNotFoundError(f"no classroom database at {target}")
        store = Store(target)
        meta = store.meta()
        game = str(meta["game"])
        module = registry.entry(game).game()
        if meta.get("rules_version") != module.GAME.rules_version:
            raise StoreError(f"{target} was played with {game} rules version "
                             f"{meta.get('rules_version')}; this marketlib has "
                             f"{module.GAME.rules_version}")
        stored = meta.get("treatments") or {"": meta["rules"]}
        arms = {str(n): msgspec.convert(r, module.Rules) for n, r in stored.items()}
        for arm in arms.values():  # an archive passed on names only .csv card files
            csv_only(arm, str(target))
        seats = store.seats()
        codes = {(t, s): code for t, s, code, _, _ in seats}
        count = int(meta["tables"])
        seed = meta.get("seed")
        seeds = [int(s) for s in meta.get("seeds") or [int(seed or 0) + i for i in range(count)]]
        room = cls.__new__(cls)
        chosen = [str(n) for n in meta.get("assignment") or [""] * count]
        room._setup(store, game, arms, chosen, seeds, None if seed is None else int(seed),
                    str(meta["host"]), int(meta["port"]), str(meta.get("address", "")),
                    meta.get("mode", "play"), codes)
        for table, digest in zip(room.tables, meta.get("cards") or [], strict=False):
            table.check_cards(digest)  # before anything is replayed (issue 27)
        for t, s, _code, name, _bot in seats:
            if name:
                room.tables[t].set_name(s, name, log=False)
        room.move_timer = check_seconds(meta.get("move_timer"))
        room.timer_bot = str(meta.get("timer_bot") or "greedy")
        room.prediction = Question.of(meta.get("prediction"))
        room.timers = {int(n): check_seconds(v) for n, v in (meta.get("timers") or {}).items()}
        for table in room.tables:
            room.differed += table.restore()
            if meta.get(f"paused.{table.index}"):
                table.session.paused = PAUSED
                table.refresh()
            if meta.get(f"coach.{table.index}") is False:
                table.coach(False)
        return room

    # ------------------------------------------------------------- serving
    def start(self, **options: Any) -> Room:
        """Start the web server in the background (returns the room, which shows its join
        address, QR code and codes). Computer players already seated make their first moves.

        Options (keywords, for a class on one shared address or for tests): ``join_timeout``
        (seconds a connection has to send a right code, default 30), ``max_unjoined``
        (connections without a seat one address may hold, default 64), ``heartbeat``
        (seconds between heartbeat frames, default 2), ``max_wrong_codes_per_minute`` (different
        wrong codes one address may give in a minute, default 30).

        Raises:
            RuntimeError: already running; OSError: the port is taken.
        """
        self._open()
        from marketlib.classroom.server import ClassroomServer

        if self._server is not None:
            raise RuntimeError("the room is already running: room.stop() first")
        for table in self.tables:
            with table.lock:
                table.run_bots()
        server = ClassroomServer(self, self.host, self.port, **options)
        server.start()
        self._server = server
        self.port = server.port
        self.store.put_meta({"port": self.port})
        return self

    def stop(self) -> None:
        """Stop the server (students' pages try to reconnect) and close the database."""
        if self._server is not None:
            self._server.stop()
            self._server = None
        self._presence = NOBODY
        self.store.close()

    @property
    def running(self) -> bool:
        return self._server is not None

    @property
    def connected(self) -> Presence:
        """The seats a browser is attached to now, ``{(table index, seat): True}`` (the
        table's place in :attr:`tables`, from 0): read-only, kept by the server serving the
        room (empty after :meth:`stop`)."""
        return self._presence

    def attach(self, presence: Presence) -> None:
        """The server serving this room shows who is connected through ``presence`` (a
        read-only view of its connections; the server calls this when it is made)."""
        self._presence = presence

    @property
    def url(self) -> str:
        """The join address students open (``http://HOST:PORT/``)."""
        return join_url(self.host, self.port, self.address)

    @property
    def seeds(self) -> list[int]:
        """The seed of every table's current game (the teacher's secret: it deals every hidden
        card, so no student's page is sent it before their game is over)."""
        return [t.match.seed for t in self.tables]

    @property
    def codes(self) -> dict[tuple[int, int], str]:
        """The join code of every seat: ``{(table, seat): "ABCDE-FGHJK"}``, tables numbered
        from 1 as on the printed code table."""
        return {(t.number, s): code for t in self.tables for s, code in enumerate(t.codes)}

    def seat_of(self, code: str) -> tuple[int, int] | None:
        """The ``(table, seat)`` a typed join code opens (tables from 1), or ``None``
        (constant-time)."""
        return find_code(code, ((c, key) for key, c in self.codes.items()))

    # ------------------------------------------------------------- the teacher's controls
    def _table(self, table: int) -> RoomTable:
        """The table numbered ``table`` (from 1, as people read it; issue 27)."""
        if isinstance(table, bool) or not isinstance(table, int) or not (
                1 <= table <= len(self.tables)):
            raise ValueError(NO_TABLE.format(table=repr(table), last=len(self.tables)))
        return self.tables[table - 1]

    def _open(self) -> None:
        """Refuse a teacher's control once the room is stopped, before anything changes."""
        if self.store.closed:
            raise ValueError(STOPPED)

    def _seat(self, table: int, seat: int) -> RoomTable:
        self._open()
        found = self._table(table)
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
                0 <= seat < found.players):
            raise ValueError(NO_SEAT.format(seat=repr(seat), last=found.players - 1))
        return found

    def seat_students(self, names: Sequence[str], *, shuffle: bool = True) -> Any:
        """Seat the class: each name is written on a seat nobody holds yet (no computer
        player, nobody joined), and its join slip (:meth:`slips`) then carries the name.
        ``shuffle=True`` (the default) seats them at random, seat 0 of every table first so
        empty seats spread over the tables: in an experiment a student's treatment is then
        chance (seeded by the room's seed, so a seeded room seats alike). ``shuffle=False``
        keeps the teacher's order, table by table. Returns the seating (``name``, ``table``,
        ``seat``; a ``DataFrame`` with no join code and no treatment: it may be projected).

        Raises:
            ValueError: not a list of different, non-empty names, or more names than open
                seats; nothing is seated then.
        """
        self._open()
        import random

        import pandas as pd  # type: ignore[import-untyped]

        from marketlib.classroom.seating import check_names, seat

        given = check_names(names)
        open_seats = [(t.number, s) for t in self.tables for s in range(t.players)
                      if s not in t.bots and not t.names[s]
                      and (t.index, s) not in self.connected]
        rng = (random.Random(f"seating:{self.seed}") if self.seed is not None
               else random.Random(secrets.randbits(63)))
        placed = seat(given, open_seats, shuffle=shuffle, rng=rng)
        for name, number, s in placed:
            table = self.tables[number - 1]
            with table.lock:
                table.set_name(s, name)
                table.refresh()
            self._notify(table.index)
        return pd.DataFrame([{"name": n, "table": t, "seat": s}
                             for n, t, s in sorted(placed, key=lambda x: (x[1], x[2]))],
                            columns=["name", "table", "seat"])

    def seat_computer(self, table: int, seat: int, bot: str = "greedy") -> None:
        """A computer player (``"greedy"``, ``"random"``, ``"ismcts"``) takes a seat, e.g. for
        a student who left; it moves at once when it is its turn. ``table`` counts from 1,
        ``seat`` from 0 (P0), as on the code table.

        Raises:
            ValueError: no such table, seat or computer player.
        """
        found = self._seat(table, seat)
        with found.lock:
            found.seat_bot(seat, bot)
            found.run_bots()
        self._notify(found.index)

    def fill_with_computers(self, bot: str = "greedy") -> int:
        """A computer player takes every seat nobody has joined; returns how many."""
        empty = [(t.number, s) for t in self.tables for s in range(t.players)
                 if not t.names[s] and s not in t.bots and not self.connected.get((t.index, s))]
        for t, s in empty:
            self.seat_computer(t, s, bot)
        return len(empty)

    def seat_person(self, table: int, seat: int) -> None:
        """Give a seat back to a person (its join code still works)."""
        found = self._seat(table, seat)
        with found.lock:
            found.seat_person(seat)
            found.refresh()
        self._notify(found.index)

    def pause(self, table: int | None = None) -> None:
        """Pause one table (numbered from 1) or all: moves are refused (students see why)
        until :meth:`unpause`."""
        for t in self._targets(table):
            with t.lock:
                t.pause(True)
            self._notify(t.index)

    def unpause(self, table: int | None = None) -> None:
        """Let one table or all play on after :meth:`pause`."""
        for t in self._targets(table):
            with t.lock:
                t.pause(False)
            self._notify(t.index)

    def set_timer(self, table: int | None, seconds: float | None) -> None:
        """The move timer of one table (numbered from 1; it overrides the room's) or, with
        ``table=None``, of the room and every table (the tables' own settings are dropped):
        ``seconds`` a person's decision may wait before a computer player makes that one
        move for them, ``None`` for no timer (see ``move_timer`` in :class:`Room`). Every
        wait at the tables it changes starts again. Remembered when the room is resumed.

        Raises:
            ValueError: no such table, or ``seconds`` is not a positive number or ``None``.
        """
        seconds = check_seconds(seconds)
        targets = self._targets(table)
        if table is None:
            self.move_timer = seconds
            self.timers = {}
        else:
            self.timers[table] = seconds
        self.store.put_meta({"move_timer": self.move_timer,
                             "timers": {str(n): v for n, v in self.timers.items()}})
        for t in targets:
            with t.lock:
                t.tick(0.0, None, self.timer_bot)  # a warning of the old timer goes
                t.wait.reset()
            self._notify(t.index)

    def timer(self, table: int) -> float | None:
        """The move timer of a table (numbered from 1) in seconds, ``None`` when it has
        none: the teacher's setting for it, else the room's."""
        self._table(table)
        return self.timers.get(table, self.move_timer)

    def tick(self, now: float | None = None) -> list[tuple[int, str]]:
        """Run the move timers at ``now`` (default :attr:`clock`; the server calls this every
        second), first noting the seats whose page is attached (a timer counts only the
        decisions of seats a student has joined, :attr:`RoomTable.joined`): returns
        ``(table, "warned")`` for each table whose deciding person was just warned and
        ``(table, "moved")`` for each where a computer player made their move (tables
        numbered from 1)."""
        if now is None:
            now = self.clock()
        done = []
        connected = set(self.connected)
        for t in self.tables:
            t.joined.update(s for s in range(t.players) if (t.index, s) in connected)
            seconds = self.timer(t.number)
            if seconds is None and t.wait.key is None:
                continue
            with t.lock:
                step = t.tick(now, seconds, self.timer_bot)
                if seconds is None:
                    t.wait.reset()
            if step:
                done.append((t.number, step))
                self._notify(t.index)
        return done

    def hints(self, on: bool = True, table: int | None = None) -> None:
        """Switch the coach on or off at one table (numbered from 1) or all: its ``Hint``
        button (the strong bot's suggestion, from the student's own view) and, once a game is
        over, its ``Review this game`` button. On by default; while off the students' pages
        show neither button and the server refuses both messages, saying the teacher switched
        them off (issue 29, point 4). Remembered when the room is resumed."""
        if not isinstance(on, bool):
            raise TypeError(f"hints(on): True or False, not {on!r}")
        for t in self._targets(table):
            with t.lock:
                t.coach(on)
            self._notify(t.index)

    def undo(self, table: int, version: int | None = None) -> None:
        """Undo a table's last move by a person (computer players' replies go with it); the
        undone moves are discarded. In ``mode="play"`` undo stops where cards were revealed.
        ``version``: the table's version where the undo was asked for (the dashboard sends
        it); refused if the table changed since.

        Raises:
            MarketlibError: nothing to undo, or a reveal blocks it; StaleMessage: ``version``
                is out of date.
        """
        self._open()
        found = self._table(table)
        with found.lock:
            found.check_version(version)
            found.undo()
        self._notify(found.index)

    def new_game(self, table: int | None = None, version: int | None = None, *,
                 abandon: bool = False) -> None:
        """Deal a new game at one table (numbered from 1) or all (the same seats and codes):
        game ``g`` (from 0) of ``room.tables[i]`` deals with seed ``seed + i + g * tables``
        (a fresh secret seed in a room made without a seed). The games played so far stay
        in the room's frames and database.
        ``version``: the table's version where the new game was asked for (the dashboard sends
        it); refused if the table changed since.
        ``abandon``: deal even where a game is in progress (moves played, not over); that game
        then has no result. Without it such a table is refused and no table is dealt
        (helper-78 ended a 46-move game with ``new_game(1)``: the dashboard offers New game
        only once a game is over, the Python call did not ask).

        Raises:
            StaleMessage: ``version`` is out of date.
            ValueError: a game is in progress at a table asked for and ``abandon`` is not set.
        """
        if version is not None and table is None:
            raise ValueError("a version belongs to one table: new_game(table, version)")
        targets = self._targets(table)
        with contextlib.ExitStack() as held:  # every table asked for, in table order, held
            for t in targets:  # from the check to the deal: no move slips in between
                held.enter_context(t.lock)  # (helper-79)
            for t in targets:  # a dashboard that showed another game is told so first
                t.check_version(version)
            playing = [t for t in targets  # a person has played in it: computers' moves
                       if t.match.outcome is None and "" in t.by]  # alone lose nobody's game
            if playing and not abandon:
                tables = ", ".join(f"Table {t.index + 1} ({t.match.cursor} moves)"
                                   for t in playing)
                raise ValueError(f"a game is in progress at {tables}: a new game would end it "
                                 "unfinished, with no result; let it finish, or call "
                                 "new_game(..., abandon=True) to deal anyway")
            for t in targets:
                t.new_game(fresh_seed() if self.seed is None
                           else self.seed + t.index + (t.game + 1) * len(self.tables))
        failed: Exception | None = None
        for t in targets:  # computer players open the new games, one table at a time; one
            try:  # that fails (its database) stops none of the others (helper-83)
                with t.lock:
                    t.run_bots()
            except Exception as err:  # raised below, after every table, naming each one
                err.add_note(f"Table {t.number}: its computer players could not open its new "
                             f"game ({type(err).__name__}: {err})")
                if failed is None:
                    failed = err
                elif failed is not err:
                    failed.add_note(err.__notes__[-1])
            self._notify(t.index)
        if failed is not None:
            raise failed

    def _targets(self, table: int | None) -> list[RoomTable]:
        self._open()
        return list(self.tables) if table is None else [self._table(table)]

    def _notify(self, index: int) -> None:
        if self._server is not None:
            self._server.broadcast_threadsafe(index)

    # ------------------------------------------------------------- what the teacher reads
    def status(self) -> Any:
        """One row per table (``table`` numbered from 1): whose turn, the table's game (from
        1), moves played, who is connected, seconds since the last move, paused, over (a pandas
        ``DataFrame``)."""
        from marketlib.classroom.frames import status_frame

        return status_frame(self)

    def compare(self, column: str = "score", *, computers: str = "greedy") -> Any:
        """The debrief of a class experiment: each treatment's mean of ``column`` with its 95%
        interval over tables, the differences with their intervals and a permutation test, and
        the same tables played by ``computers`` as a baseline
        (:func:`~marketlib.classroom.debrief.compare`; ``.chart()`` draws it)."""
        from marketlib.classroom.debrief import compare

        return compare(self, column, computers=computers)

    def students(self) -> Any:
        """One row per person and finished game, for grades: name, table, treatment, game,
        seat, score, rank, winner (:func:`~marketlib.classroom.frames.students_frame`); also
        written by :meth:`export` as ``students``."""
        from marketlib.classroom.frames import students_frame

        return students_frame(self)

    def archive(self, path: str | Path) -> Path:
        """The whole class as one SQLite file at ``path`` (which must not exist yet), for next
        year's comparison: :func:`load` and :meth:`resume` read it back (SQLite's online
        backup: consistent while the room plays on).

        Raises:
            ValueError: ``path`` exists.
        """
        self._open()
        return self.store.copy_to(path)

    def results(self) -> Any:
        """The ``games`` frame of ``marketlib.sim.play_many`` for the finished games (live:
        call it again as tables finish), plus ``name`` and ``table`` (numbered from 1)
        columns; ``game`` is ``table - 1 + g * tables`` for a table's game ``g`` (from 0, as
        ``play_many`` numbers games)."""
        from marketlib.classroom.frames import results_frame

        return results_frame(self)

    def turns(self) -> Any:
        """The ``turns`` frame of ``marketlib.sim.play_many`` for every game so far, plus
        ``name`` and ``table`` columns (as :meth:`results`)."""
        from marketlib.classroom.frames import turns_frame

        return turns_frame(self)

    def export(self, folder: str | Path, formats: tuple[str, ...] = ("csv", "parquet"),
               ) -> list[Path]:
        """Write ``games``, ``turns`` and ``students`` (:meth:`students`) to ``folder`` as CSV
        and/or Parquet; returns the files.
        A CSV text cell that a spreadsheet would run as a formula (``=HYPERLINK(...)`` typed as
        a name) is written with a ``'`` in front, so it shows as text.

        Raises:
            ValueError: an unknown format.
        """
        from marketlib.classroom.frames import export_frames

        return export_frames(self, Path(folder), formats)

    def dashboard(self) -> Any:
        """The teacher's dashboard widget (tables, whose turn, who is connected, time since the
        last move; pause, resume, undo, a computer player takes a seat)."""
        from marketlib.classroom.dashboard import Dashboard

        return Dashboard(self)

    def answer(self, table: int, seat: int, value: Any) -> str | float:
        """Store the prediction of the student at ``table`` (from 1), ``seat`` (what their
        page sends; a later answer replaces it); returns it as stored.

        Raises:
            ValueError: no question asked, no such seat, or not an answer to the question.
        """
        if self.prediction is None:
            raise ValueError("this room asks no question: Room(..., prediction=Question(...))")
        found = self._seat(table, seat)
        checked = self.prediction.check(value)
        self.store.put_prediction(found.index, seat, checked)
        self.answers[(found.index, seat)] = checked
        return checked

    def predictions(self) -> Any:
        """One row per answer: ``table`` (from 1), ``seat``, ``name``, ``treatment``,
        ``answer``, ``before_play`` (answered before the first move at the student's table;
        a later change of answer counts from when it was made) (a pandas ``DataFrame``; empty
        when nobody answered)."""
        self._open()
        from marketlib.classroom.frames import predictions_frame

        return predictions_frame(self)

    def projector(self) -> Any:
        """The projector view for the wall, in the notebook: each table's progress (game,
        turn, whose turn by name, over and winners), the treatments' running results (finished
        games and their mean score) and the join address with its QR code; no join code, no
        seed, nothing a seat hides (:mod:`~marketlib.classroom.projector`; show it again for
        the latest). The running server serves the same at ``/projector``, refreshing itself."""
        from marketlib.classroom.projector import Projector

        return Projector(self)

    def slips(self, path: str | Path | None = None, *, address: str = "") -> Any:
        """Printable join slips, one per seat (table, seat, join code, the join address and
        its QR code), ten to a page and never cut by a page break: the HTML page as text, or,
        with ``path``, written there (returns the path). Hand each student their own slip:
        the projector shows no code. Worded in the language in force
        (:func:`marketlib.set_language`), as the projector.

        Raises:
            ValueError: no join address yet: :meth:`start` first, or give ``address``.
        """
        from marketlib.classroom.projector import slips_html, write_slips

        if path is None:
            return slips_html(self, address)
        return write_slips(self, path, address)

    def qr_svg(self, scale: int = 4) -> str:
        """The join address as a QR code (an SVG element)."""
        return qr_svg(self.url, scale)

    def _repr_html_(self) -> str:
        return room_html(self)

    @property
    def title(self) -> str:
        """The game as the room's pages name it, with its mode, in the language in force:
        ``"Bansan"``, ``"Bansan · Kenduri Menu"``, ``"Monsoon Market"`` (a Kenduri or Sendiri
        room called itself "bansan" on the dashboard, the projector and the slips,
        helper-86). :attr:`game` stays the game's name, as the data frames hold it."""
        from marketlib.core.i18n import _
        from marketlib.widgets.board_words import GAMES

        modes = self._modes()
        words = GAMES.get(self.game, {}).get(f"mode_{modes[0]}", "") if len(modes) == 1 else ""
        return self.tables[0].match.game.GAME.title + (_(words) if words else "")

    def _modes(self) -> list[Any]:
        """The modes the tables play, in table order, each once (a room whose treatments
        differ in mode has several: its title names none, helper-88)."""
        return list(dict.fromkeys(getattr(t.match.rules, "mode", None) for t in self.tables))

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        modes = self._modes()  # said when not only the game's default
        default = getattr(type(self.tables[0].match.rules)(), "mode", None)
        shown = (self.game if modes == [default]
                 else f"{self.game}, mode={'/'.join(str(m) for m in modes)}")
        return (f"Room({shown}, {len(self.tables)} tables x {self.tables[0].players} "
                f"seats, {state})")


def fresh_seed() -> int:
    """A secret seed for a table of a room made without one (63 random bits from the
    operating system's generator, ``secrets.randbits``)."""
    return secrets.randbits(63)


def _players(match: Match) -> int:
    from marketlib.widgets.session import players_of

    return players_of(match)


__all__ = ["LOOPBACK", "MarketlibError", "Room", "load"]


def load(path: str | Path) -> Room:
    """A class read back from its database or its :meth:`Room.archive`: the room with every
    table replayed, not serving (``results()``, ``turns()``, ``students()`` and ``compare()``
    work; ``start()`` would serve it again). The same as :meth:`Room.resume`.

    Raises:
        FileNotFoundError, StoreError, SaveFileError: as :meth:`Room.resume`.
    """
    return Room.resume(path)
