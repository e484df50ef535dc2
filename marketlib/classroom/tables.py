"""One table of a classroom room: its ``Match``, its seats and how a message becomes a move.

A :class:`RoomTable` holds a :class:`~marketlib.widgets.session.TableSession` (the ``Match`` and
its computer players, the very code a notebook board runs) and one
:class:`~marketlib.widgets.session.SeatSession` per seat, fixed to that seat: a message from a
connection is applied only for the connection's own seat, a seat is only ever shown its own view,
and the board controls (undo, new game, another seat, the teacher view) are not offered; undo is
the teacher's, from the dashboard. Every change is written to the room's :class:`Store` before
anyone is told about it.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from types import EllipsisType
from typing import Any

import msgspec

from marketlib.bots import make_bot
from marketlib.classroom.status import Seen, TableStatus, actor, display_names, seat_named
from marketlib.classroom.store import Row, Store
from marketlib.classroom.timer import (
    ANNOUNCED,
    MOVED,
    REASON,
    TIMEOUT,
    WARNED,
    Wait,
    timed_out,
    timeout_rng,
    warning,
)
from marketlib.core.i18n import (
    N_,
    Later,
    _,
    language,
    ngettext,
    refusal,
    register_refusals,
    said,
)
from marketlib.core.match import Match
from marketlib.core.savefile import same_cards
from marketlib.widgets.messages import Message, StaleMessage, kind_of
from marketlib.widgets.payload import Table
from marketlib.widgets.session import COACH, PAUSED_REFUSAL, SeatSession, TableSession
from marketlib.widgets.story import Reason

MOVES = ("play", "any_time", "propose_trade", "bargain", "counter")
"""The messages that ask for a move (refused when no move was played)."""


def _kind(content: Any) -> Any:
    """The ``type`` of a message, decoded or not."""
    if isinstance(content, Message):
        return kind_of(content)
    return content.get("type") if isinstance(content, dict) else None


@dataclass(frozen=True)
class Played:
    """An earlier game of a table: its ``Match``, who played each action (``by``), the
    computer players and the names at its end."""

    match: Match
    by: list[str]
    bots: dict[int, str]
    names: list[str]


def seat_sessions(table: Table, match: Match, *,
                  seed_at_end: bool = True) -> tuple[TableSession, list[SeatSession]]:
    """A classroom table's sessions: the shared table and one session per seat, each fixed to
    its seat, offering no board controls but the coach's (a hint, a review of the game once
    it is over; issue 29: ``Room.hints`` switches them off) and not sending the seed before
    the game is over (it deals every hidden card; issue 27), nor after it without
    ``seed_at_end`` (a room made with ``seed=``, whose seeds follow from one another). What
    every connection of that seat is sent is ``sessions[seat].traits()``."""
    shared = TableSession(table, match)
    return shared, [SeatSession(shared, s, hot_seat=False, controls=COACH, show_seed=False,
                                seed_at_end=seed_at_end, held=HELD)
                    for s in range(shared.players)]


HELD = N_("A computer player is playing your seat; ask the teacher to hand it back to you.")
"""What a student reads while a computer player holds their seat (e.g. on coming back)."""
RESUMED = N_("The teacher resumed the game: play on.")
"""What every seat reads after the teacher lets a paused table play on, until it moves on."""
UNDONE = N_("The teacher undid the last move.")
"""What every seat reads after the teacher's undo, until the game moves on."""
DEALT = N_("The teacher dealt a new game.")
"""What every seat reads when the teacher deals a new game at its table, until it moves on."""
HANDED_BACK = N_("The teacher handed your seat back to you: it is yours to play again.")
"""A student's own notice when the teacher gives their seat back (it was said to nobody,
helper-78); it goes with their next message, a computer player taking the seat again or a new
game."""
STALE_TABLE = N_("Table {table} changed since the dashboard showed it, so nothing was done: "
                 "look again and click once more.")
"""A teacher's control made on an old picture of the table, in English (the dashboard shows it
in its own language, a registered template)."""
register_refusals([STALE_TABLE])

PAUSED = N_("The teacher paused the game.")
"""What every seat reads while the teacher pauses its table (each in its own language: a
seat translates these sentences where it shows them)."""


class RoomTable:
    """A table of a :class:`~marketlib.classroom.Room` (``room.tables[i]``).

    Attributes:
        index: the table's place in ``room.tables`` (0-based; the database's key).
        codes: the join code of each seat.
        names: the display name a person gave for each seat ("" before anyone joined).
        bots: the computer player's name (``"greedy"``...) of each seat a computer plays.
        by: who played each action of the history: ``""`` a person, else a computer's name
            (``"timeout:greedy"``: a computer player moved for a person who ran out of time).
        wait: how long the deciding person has waited (the move timer, ``timer.py``).
        game: the number of the game being played (0 for the first; see :meth:`new_game`).
        past: the table's earlier games, each a :class:`Played`.
        last_move: ``time.time()`` of the last action (the table's creation before any).
        status: the table as the teacher reads it (a
            :class:`~marketlib.classroom.status.TableStatus`), made again whenever the table
            changes; ``room.status()`` and the dashboard read it.
        lock: held while the table changes (the server's thread and the notebook's share it).
    """

    def __init__(self, index: int, table: Table, match: Match, codes: list[str],
                 store: Store, *, treatment: str = "", seed_at_end: bool = True) -> None:
        self.index = index
        self.treatment = treatment
        """The name of the treatment this table plays (``""`` in a room of one rule set)."""
        self.number = index + 1
        """The table's number as people read it: "Table 1" is ``room.tables[0]`` (issue 27)."""
        self.codes = codes
        self.store = store
        self.session, self.seats = seat_sessions(table, match, seed_at_end=seed_at_end)
        self.names = [""] * self.session.players
        self.bots: dict[int, str] = {}
        self.by: list[str] = []
        self.game = 0
        self.past: list[Played] = []
        self.last_move = time.time()
        self.lock = self.session.lock  # one lock per table: the boards' and the room's
        self.wait = Wait()
        self.joined: set[int] = set()
        """The seats a student's page has been attached to since the room started (the room
        records them at each tick): the move timer counts only their decisions, so a seat
        nobody has come to yet is not played by the timer before its student arrives
        (helper-86)."""
        self._warning = ""
        self._logged: list[Any] = []
        self._seen = Seen(self.players)
        self.status = self._status()

    @property
    def match(self) -> Match:
        """The table's ``Match`` (read it under :attr:`lock` while the room is running)."""
        return self.session.match

    @property
    def players(self) -> int:
        return self.session.players

    @property
    def version(self) -> int:
        """Changes whenever the table's game changes (a move, an undo, a new game): the
        ``Match.revision``. The dashboard shows it and sends it back with undo and new game."""
        return self.match.revision

    def check_version(self, version: int | None) -> None:
        """Refuse a teacher's control made on a picture of the table that is out of date
        (``None``: not made on a picture, e.g. ``room.undo(0)`` typed in the notebook).

        Raises:
            StaleMessage: the table changed since ``version``; nothing was done.
        """
        if version is not None and version != self.version:
            raise StaleMessage(STALE_TABLE.format(table=self.number))

    def cards_digest(self) -> str | None:
        """The digest of the card data the current game was dealt with (Monsoon Market's card
        files), ``None`` for a game whose states do not record one."""
        digest = getattr(self.match.states[0], "cards", None)
        return digest if isinstance(digest, str) else None

    def check_cards(self, saved: str | None) -> None:
        """Refuse to go on when the card files now give other cards than the stored digest
        ``saved`` (as ``Match.load`` refuses a save; issue 27).

        Raises:
            SaveFileError: naming the database, the field ``cards`` and the card files.
        """
        same_cards(self.match.rules, saved, self.cards_digest(),
                   f"{self.store.path} (Table {self.number}, game {self.game + 1})")

    # ------------------------------------------------------------- seats
    def seat_bot(self, seat: int, bot: str, *, log: bool = True) -> None:
        """A computer player (``"greedy"``, ``"random"``, ``"ismcts"``) takes ``seat``."""
        self.session.seat_bot(seat, make_bot(bot))
        self.bots[seat] = bot
        if self.seats[seat].notice == HANDED_BACK:  # held again: no longer theirs
            self.seats[seat].notice = ""
        self._unwarn()
        self.status = self._status()
        if log:
            self.store.put_seat(self.index, seat, self.codes[seat], self.names[seat], bot)
            self.store.add_event(self.index, self.game, self.match.cursor, "bot",
                                 {"seat": seat, "bot": bot})

    def seat_person(self, seat: int, *, log: bool = True) -> None:
        """A person plays ``seat`` again."""
        self.session.seat_person(seat)
        was_held = self.bots.pop(seat, None) is not None
        self.status = self._status()
        if log and was_held and self.names[seat]:  # a student had it: tell them, in the
            self.seats[seat].notice = Later(HANDED_BACK)  # language they read then
        if log:
            self.store.put_seat(self.index, seat, self.codes[seat], self.names[seat], "")
            self.store.add_event(self.index, self.game, self.match.cursor, "person",
                                 {"seat": seat})

    def set_name(self, seat: int, name: str, *, log: bool = True) -> None:
        """The person at ``seat`` is called ``name``."""
        self.names[seat] = name
        self.session.names[seat] = name
        self.status = self._status()
        if log:
            self.store.put_seat(self.index, seat, self.codes[seat], name,
                                self.bots.get(seat, ""))

    # ------------------------------------------------------------- changes
    def run_bots(self) -> None:
        """Computer players move until a person decides (then everything is written)."""
        self.session.run_bots()
        self.commit()

    def handle(self, seat: int, content: Any) -> str:
        """Apply a message from ``seat``'s connection (decoded by the server, or a dict);
        returns why it was refused ("" when it was applied; ``self.seats[seat].stale`` says
        whether it was made on a position no longer shown). A move that was not played (the
        table is paused, the rules forbid it) is refused with the board's notice.

        The new actions are committed to the store before this returns.
        """
        session = self.seats[seat]
        before = self._fingerprint()
        checkpoint = self.session.checkpoint()  # one per message: the seat's handler shares it
        refused = session.handle(content, checkpoint)
        self.status = self._status()  # a refused move may have rolled back: a new revision
        if self._fingerprint() != before:
            try:
                self.commit()
            except sqlite3.Error as err:
                self.session.rollback(checkpoint)
                self.refresh()
                with language(session.lang):  # the seat's language, as its other answers
                    session.error = _("The move could not be saved ({error}), so nothing was "
                                      "played.").format(error=err)
                return session.error
        elif not refused and _kind(content) in MOVES:
            with language(session.lang):
                return said(session.notice) or _("nothing was played")
        return refused

    def undo_words(self, stop: int | EllipsisType | None = ...) -> str:
        """What the teacher's Undo takes back now, in the language in force (the dashboard
        says it beside the button; helper-78 could not tell what a click would undo): "Undo
        takes back P1 Aisyah's move “Tuck PC-06 into Stall ST-07” and 2 moves after it."
        (the move as its button read, in the teacher view); why it cannot (a reveal in play
        mode; only computer players' moves to take back); ``""`` before any move. Read it
        under :attr:`lock`. ``stop``: ``session.undo_stop()`` when the caller has it."""
        match = self.match
        if stop is ...:
            stop = self.session.undo_stop()
        if stop is None:
            if match.cursor == 0:
                return ""
            why = refusal(self.session.undo_refusal(stop) or "")  # a reveal, or computers
            return why[:1].upper() + why[1:]  # "Cannot undo in play mode: ..."
        action = match.history[stop]
        slots = {"who": seat_named(self.status, action.player),  # the move as a hint names
                 "move": self.session.table.named(match.game.view(match.states[stop], None),
                                                  action)}  # it: an answer with its offer
        after = match.cursor - stop - 1
        if not after:
            return _("Undo takes back {who}'s move {move}.").format(**slots)
        return ngettext("Undo takes back {who}'s move {move} and {count} move after it.",
                        "Undo takes back {who}'s move {move} and {count} moves after it.",
                        after).format(count=after, **slots)

    def undo(self) -> None:
        """The teacher's undo: back to the last decision of a person (play mode stops where
        cards were revealed); the undone moves are discarded.

        Raises:
            MarketlibError: nothing to undo, or a reveal blocks it.
        """
        self.session.undo()
        reasons = self.session.reasons
        cursor = self.match.cursor
        undone = [key for key, reason in reasons.items()
                  if key[0] >= cursor and reason.text.startswith(REASON[:10])]
        for key in undone:  # a timed-out move undone: the person's own move there is theirs
            del reasons[key]
        if undone:
            self.session.lines.clear()  # the log's lines of those moves are written again
        self.session.announce(UNDONE)
        self.commit()
        self.store.clamp_events(self.index, self.game, self.match.cursor)
        self.store.add_event(self.index, self.game, self.match.cursor, "undo",
                             {"length": self.match.cursor})

    def new_game(self, seed: int, *, log: bool = True) -> None:
        """Keep the game played so far in :attr:`past` and deal a new one with ``seed`` (the
        same seats, names and computer players; their memory starts afresh)."""
        match = self.match
        finished = Match(match.game, match.rules, seed=match.seed, mode=match.mode)
        finished.rollback(match.checkpoint())
        self.past.append(Played(finished, list(self.by), dict(self.bots), list(self.names)))
        self.game += 1
        self.session.new_game(seed)
        for student in self.seats:  # a new game: the old game's notices are over (its review
            student.notice = ""  # stayed pinned over the new board, helper-103; seat news)
        if log:  # a live deal, not a resumed room's replay: every seat is told
            self.session.announce(DEALT)
            self.store.add_event(self.index, self.game, 0, "new_game",
                                 {"seed": seed, "cards": self.cards_digest()})
        self.by = []
        self._logged = []
        self._seen = Seen(self.players)
        self.last_move = time.time()
        self.status = self._status()

    def pause(self, paused: bool) -> None:
        for seat in self.seats:  # a stale click's refusal is no answer to a pause or a resume
            seat.forget_stale()
        if self.session.paused and not paused:
            for seat in self.seats:  # a click refused while paused: the resume answers it
                with language(seat.lang):
                    if seat.notice == _(PAUSED_REFUSAL):
                        seat.notice = ""
            self.session.announce(RESUMED)
        self.session.paused = PAUSED if paused else ""
        if paused:
            self._unwarn()
            if self.session.announced() == RESUMED:  # a pause after a resume: the resume is
                self.session.announce("")  # over ("paused" beside "resumed", helper-78)
        self.store.put_meta({f"paused.{self.index}": paused})
        self.refresh()

    def coach(self, on: bool) -> None:
        """Offer the coach's hint and review at every seat of this table, or not (the page then
        shows no button, and a hint message is refused saying the teacher switched it off)."""
        for seat in self.seats:
            seat.controls = list(COACH) if on else []
        self.store.put_meta({f"coach.{self.index}": on})
        self.refresh()

    def tick(self, now: float, seconds: float | None, bot: str) -> str:
        """The move timer at ``now`` (``seconds``: the table's timer, ``None`` off; ``bot``:
        the computer player of a timed-out move): warns the deciding person's seat (returns
        ``"warned"``), or makes their one move (``"moved"``), or nothing (``""``). The
        warning is the seat's ``notice``; it goes when the wait ends."""
        match = self.match
        current = match.current_player
        paused = bool(self.session.paused)
        person = (current if current is not None and current not in self.bots and not paused
                  and current in self.joined and match.outcome is None else None)
        key = (self._fingerprint(), current, paused, tuple(sorted(self.bots)),
               current in self.joined)  # a student arriving starts their wait afresh
        warned = self.wait.warned
        step = self.wait.step(key, person, seconds, now)
        if warned is not None and self.wait.warned is None:  # the wait ended: so does its warning
            self._unwarn(warned)
        if step == WARNED and person is not None and seconds is not None:
            self._warning = warning(seconds)
            self.seats[person].notice = self._warning  # no redraw: a click stays current
        elif step == MOVED and person is not None:
            self.time_out(person, bot)
        return step

    def _unwarn(self, seat: int | None = None) -> None:
        """Take the move timer's warning off the page of ``seat`` (default: the seat warned
        in the current wait), if it still shows it."""
        seat = self.wait.warned if seat is None else seat
        if seat is not None and self.seats[seat].notice == self._warning:
            self.seats[seat].notice = ""

    def time_out(self, seat: int, bot: str) -> None:
        """A computer player ``bot`` makes the one move of the person at ``seat`` who ran out
        of time (the person keeps the seat); it is written with ``by = "timeout:<bot>"``, its
        log line says so to every seat, and so does the table's announcement. Then computer
        players move as after any move."""
        match = self.match
        chooser = make_bot(bot)
        index = match.cursor
        checkpoint = self.session.checkpoint()
        action = chooser.choose(match.view(seat), match.legal_actions(),
                                timeout_rng(match.seed, seat, index))
        match.play(action)
        self.session.reasons[(index, action)] = Reason(
            Later(REASON, seat=seat), frozenset(range(self.players)), each_move=True)
        self.seats[seat].notice = ""
        try:
            self.commit({index: TIMEOUT + bot})
        except sqlite3.Error:
            self.session.rollback(checkpoint)
            self.refresh()
            return
        self.run_bots()
        name = self.names[seat]
        self.session.announce(Later(ANNOUNCED, who=f"P{seat} {name}" if name else f"P{seat}"))

    def commit(self, marks: dict[int, str] | None = None) -> None:
        """Write the actions not yet written (and forget undone ones), then redraw every seat
        (``marks``: who played some of them, by index, when it is not who holds the seat: a
        timed-out move).

        Raises:
            sqlite3.Error: the database could not be written (the caller answers with it).
        """
        match = self.match
        history = match.history
        keep = 0
        logged = self._logged
        while keep < min(len(logged), len(history)) and logged[keep] is history[keep]:
            keep += 1
        if keep == len(logged) == len(history):
            self.refresh()
            return
        now = time.time()
        rows = []
        by = self.by[:keep]
        for i in range(keep, len(history)):
            action = history[i]
            seat = actor(match, i, self.players)  # out of turn too (A-B-60)
            assert seat is not None
            who = self.bots.get(seat, "") if (i, action) in self.session.reasons else ""
            who = (marks or {}).get(i, who)
            rows.append(Row(i, action, seat, who, now))
            by.append(who)
        self.store.write_actions(self.index, self.game, keep, rows)
        self._logged = list(history)
        self.by = by
        self._seen.cut(keep)
        for row in rows:
            self._seen.add(row.idx, row.seat, row.by)
        self.last_move = now
        self.refresh()

    def refresh(self) -> None:
        """Redraw every seat and make the table's :attr:`status` again."""
        for seat in self.seats:
            seat.refresh()
        self.status = self._status()

    def _status(self) -> TableStatus:
        match = self.match
        outcome = match.outcome
        labels = self._seen.labels(self.bots)
        return TableStatus(
            table=self.number, game=self.game + 1, version=match.revision,
            to_play=match.current_player, moves=match.cursor, names=tuple(self.names),
            shown=tuple(display_names(self.names, labels)),
            computers=tuple(self.bots.get(s, "") for s in range(self.players)),
            last_move=self.last_move, paused=bool(self.session.paused),
            over=outcome is not None, winners=() if outcome is None else tuple(outcome.winners),
            treatment=self.treatment)

    def _fingerprint(self) -> tuple[int, int, int]:
        match = self.match
        return match.cursor, match.timeline, self.session.game_no

    # ------------------------------------------------------------- resume
    def restore(self) -> int:
        """Replay every stored game of this (fresh) table: its actions and seat changes;
        computer players choose again where they played, so their streams and memory come back
        as they were. Returns how many computer choices differed from the stored action (the
        stored one is played; 0 unless a computer player's code changed).

        Raises:
            SaveFileError: a game was dealt with other card data (field ``cards``);
            IllegalAction: a stored action is illegal (the database does not fit the rules).
        """
        differed = 0
        for game in range(self.store.games(self.index)):
            events = self.store.events(self.index, game)
            if game:
                start = events.pop(0)
                self.new_game(int(start.detail["seed"]), log=False)
                self.check_cards(start.detail.get("cards"))
            differed += self._replay(self.store.actions(self.index, game), events)
        return differed

    def _replay(self, rows: list[tuple[int, str, int, str, float]], events: list[Any]) -> int:
        game = self.match.game
        differed = 0
        at = 0
        for idx, text, _seat, who, when in rows:
            while at < len(events) and events[at].idx <= idx:
                self._apply_event(events[at].kind, events[at].detail)
                at += 1
            action = msgspec.json.decode(text, type=game.Action)
            current = self.match.current_player
            # a computer player's own decision is chosen again, so its stream moves as it did;
            # its out-of-turn moves (any seat's, the decider's own opening R&R included: not
            # among its legal actions) use a stream per position and replay as they are
            if who and current in self.session.opponents and getattr(
                    action, "player", current) == current and action in (
                    self.match.legal_actions()):
                checkpoint = self.session.checkpoint()
                chosen = self.session.bot_move()
                if chosen != action:
                    differed += 1
                    self.session.rollback(checkpoint)
                    self.match.play(action)
            else:
                self.match.play(action)
            index = self.match.cursor - 1
            seat = actor(self.match, index, self.players)
            if timed_out(who) and seat is not None:  # its log line says so, as when played
                self.session.reasons[(index, action)] = Reason(
                    Later(REASON, seat=seat), frozenset(range(self.players)), each_move=True)
            self._seen.add(index, seat, who)
            self.by.append(who)
            self.last_move = when
        for event in events[at:]:
            self._apply_event(event.kind, event.detail)
        self._logged = list(self.match.history)
        self.session.remember()
        self.refresh()
        return differed

    def _apply_event(self, kind: str, detail: dict[str, Any]) -> None:
        if kind == "bot":
            self.seat_bot(int(detail["seat"]), str(detail["bot"]), log=False)
        elif kind == "person":
            self.seat_person(int(detail["seat"]), log=False)


__all__ = ["Played", "RoomTable", "seat_sessions"]
