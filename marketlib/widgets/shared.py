"""The shared half of a board: one ``Match``, its computer players and their memory (docs:
"Boards", "Running a class").

A :class:`TableSession` is what every seat at a table shares; each front end sees it through
its own :class:`~marketlib.widgets.session.SeatSession`. A notebook board has one table and
one seat session (hot-seat: the seat follows whoever decides); a classroom table has one seat
session per seat, each on its own device.
"""

from __future__ import annotations

import copy
import operator
import random
import threading
from collections.abc import Collection, Mapping
from typing import Any

import msgspec

from marketlib.bots.base import is_hand_off, out_of_turn_moves
from marketlib.core.errors import IllegalAction, MarketlibError
from marketlib.core.game import seat_count
from marketlib.core.i18n import N_, get_language, language, register_refusals
from marketlib.core.match import Match
from marketlib.core.options import changes_text
from marketlib.core.seeding import bot_rng
from marketlib.widgets.board_words import words
from marketlib.widgets.payload import Table, payload, previews_for, text_for
from marketlib.widgets.sight import Sights
from marketlib.widgets.story import Reason, bot_reason

NO_PERSONS_MOVE = N_("nothing to undo: only computer players have moved since, and they would "
                     "play the same again")
"""Why undo is refused where the moves it could take back are all computer players'."""
register_refusals([NO_PERSONS_MOVE])

MAX_BOT_DECISIONS = 20_000
"""A computer player that has not handed the decision to a person after this many moves stops."""


def players_of(match: Match) -> int:
    """The number of seats of a match's game."""
    return seat_count(match.rules, match.state)


class TableSession:
    """One ``Match`` and its computer players, shared by the seats of a table.

    Args:
        table: the game's drawing rules (:class:`~marketlib.widgets.payload.Table`).
        match: the match played (it changes as people play).
        opponents: seats played by computer players, e.g. ``{1: GreedyBot()}``.
        names: a display name per seat played by a person (default ``P0``, ``P1``...).
    """

    def __init__(self, table: Table, match: Match, opponents: Mapping[int, Any] | None = None,
                 *, names: Mapping[int, str] | None = None) -> None:
        self.table = table
        self.match = match
        self.lock = threading.RLock()
        """One message, one slice of the computer players' moves or one Python call at a time
        (:class:`~marketlib.widgets.session.SeatSession` and the boards take it): JupyterLab
        4.6 with ipykernel 7 hands a board's messages to a kernel subshell, a thread of its
        own, while cells run on the main thread and a slice on the thread that scheduled it; a
        classroom table's lock is this one."""
        self.players = players_of(match)
        self.opponents: dict[int, Any] = dict(opponents or {})
        self.names: dict[int, str] = dict(names or {})
        self.reasons: dict[tuple[int, Any], Reason] = {}
        self.lines: dict[tuple[Any, ...], Any] = {}  # the log's lines and wordings, and the
        # story's sentences, kept between refreshes (payload's ``cache``; cleared per game)
        self.rngs: dict[int, random.Random] = {}
        self.memory: dict[int, Any] = {}
        self.game_no = 0
        self.busy = ""
        """Who is playing while computer players move in slices (a notebook board)."""
        self.paused = ""
        """A sentence while the table is paused (a classroom): moves are refused meanwhile."""
        self.announcement = ""
        """A sentence every seat is shown until the game moves on (the teacher's undo)."""
        self.announced_at = -1
        """The ``Match.revision`` the announcement belongs to."""
        self._cards: dict[str, dict[str, Any]] = {}
        """:attr:`cards` by language, each built once."""
        self.sights = Sights(match.game)
        """Each seat's view and world of the positions shown lately (worked out once each)."""
        self._payloads: dict[tuple[int, bool, bool, str, bool], tuple[Any, dict[str, Any]]] = {}
        self._bots_changed = 0
        """Counts the times the computer players may have changed (asked to move, replaced,
        restored): their memory is copied again only after one."""
        self._copied: tuple[int, Any] | None = None
        self._blank = self.bot_memory()
        self.reset_streams()

    @property
    def cards(self) -> dict[str, Any]:
        """The table's fixed data for the front end in the language in force, with the rules
        that differ from the standard game in words (issue 31: a table of a class experiment
        says so) and every word the board's JavaScript shows (``words``; issue 30, point 5)."""
        lang = get_language()
        kept = self._cards.get(lang)
        if kept is None:
            with language(lang):
                kept = {**self.table.cards(self.match),
                        "rules_changed": changes_text(self.match.rules),
                        "words": words(self.table.game_name)}
            self._cards[lang] = kept
        return kept

    def announce(self, text: str) -> None:
        """Tell every seat ``text`` (their ``notice``) until the game moves on."""
        self.announcement = text
        self.announced_at = self.match.revision

    def announced(self) -> str:
        """The announcement still in force ("" once the game moved on)."""
        return self.announcement if self.announced_at == self.match.revision else ""

    # ------------------------------------------------------------- seats
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [s for s in range(self.players) if s not in self.opponents]

    def seats(self) -> list[dict[str, Any]]:
        """The ``seats`` trait: every seat with its computer player's class name ("" for a
        person) and a person's display name."""
        return [{"seat": s, "name": f"P{s}",
                 "bot": type(self.opponents[s]).__name__ if s in self.opponents else "",
                 "person": "" if s in self.opponents else self.names.get(s, "")}
                for s in range(self.players)]

    def seat_bot(self, seat: int, bot: Any) -> None:
        """A computer player takes ``seat`` from here on (its own stream, a fresh memory)."""
        self.opponents[seat] = bot
        self.rngs[seat] = bot_rng(self.match.seed, seat)
        self._bots_changed += 1
        self._blank = self.bot_memory()

    def seat_person(self, seat: int) -> None:
        """A person plays ``seat`` from here on."""
        self.opponents.pop(seat, None)
        self.rngs.pop(seat, None)
        self._bots_changed += 1

    # ------------------------------------------------------------- computer players' memory
    def bot_memory(self) -> Any:
        """What the computer players remember (their attributes) and their streams' states:
        a snapshot nobody changes (:meth:`restore_bots` copies from it), copied again only
        when they may have changed since the last one (a computer player changes only when
        it is asked to move, is seated or is restored), so a checkpoint before a person's
        move and the memory kept after it share one copy when no computer player moved."""
        copied = self._copied
        if copied is not None and copied[0] == self._bots_changed:
            return copied[1]
        memory = self.copy_bots()
        self._copied = (self._bots_changed, memory)
        return memory

    def copy_bots(self) -> Any:
        """A deep copy of the computer players' attributes, with their streams' states."""
        bots = {s: copy.deepcopy(vars(b)) for s, b in self.opponents.items()
                if hasattr(b, "__dict__")}
        streams = {s: r.getstate() for s, r in self.rngs.items()}
        return bots, streams

    def restore_bots(self, memory: Any) -> None:
        self._bots_changed += 1
        bots, streams = memory
        for s, saved in bots.items():
            if s in self.opponents:
                attrs = vars(self.opponents[s])
                attrs.clear()
                attrs.update(copy.deepcopy(saved))
        for s, st in streams.items():
            if s in self.rngs:
                self.rngs[s].setstate(st)

    def reset_streams(self) -> None:
        self._bots_changed += bool(self.opponents)
        self.rngs = {s: bot_rng(self.match.seed, s) for s in self.opponents}
        self.memory = {}

    def remember(self) -> None:
        """Keep the computer players' memory at this position (a person decides here)."""
        cursor = self.match.cursor
        memory = self.memory  # positions in increasing order: drop the undone ones from the end
        while memory and next(reversed(memory)) > cursor:
            del memory[next(reversed(memory))]
        memory[cursor] = self.bot_memory()

    def recall(self) -> None:
        """After undo or redo: the computer players' memory as it was at this position."""
        memory = self.memory.get(self.match.cursor)
        if memory is not None:
            self.restore_bots(memory)

    def checkpoint(self) -> Any:
        """The match and the computer players as they are now, for :meth:`rollback`."""
        return self.match.checkpoint(), self.bot_memory()

    def rollback(self, checkpoint: Any) -> None:
        self.match.rollback(checkpoint[0])
        self.restore_bots(checkpoint[1])

    # ------------------------------------------------------------- moves
    def bots_to_move(self) -> bool:
        current = self.match.current_player
        return current is not None and current in self.opponents

    def run_bots(self) -> None:
        """Computer players move until a person decides or the game ends (each hand-off first
        gives them their out-of-turn chance, :meth:`out_of_turn`)."""
        for _ in range(MAX_BOT_DECISIONS):
            self.out_of_turn()
            if not self.bots_to_move():
                self.remember()
                return
            self.bot_move()

    def hand_off(self) -> bool:
        """Whether the decision has just passed to another seat (or the game just began):
        where computer players are asked about their out-of-turn actions."""
        match = self.match
        cursor = match.cursor
        if cursor == 0:
            return True
        return is_hand_off(match.game, match.state_at(cursor - 1), match.action_at(cursor - 1),
                           match.state)

    def out_of_turn(self) -> list[Any]:
        """Computer players' out-of-turn actions at a hand-off (Bansan's "at any time",
        A-B-60; docs: "Boards"), played in seat order; the actions played are returned.

        Each computer player with an ``any_time`` method is offered its seat's
        ``any_time_actions`` (Rent & Release on another vendor's turn) once per hand-off, with
        a stream of its own for that position (:func:`marketlib.bots.base.out_of_turn_moves`),
        so asking never changes what it does on its own turns, and undo, replays, a resumed
        classroom table and ``sim.play(..., any_time=True)`` get the same answers.
        """
        match = self.match
        game = match.game
        bots = self.opponents
        if not bots or getattr(game, "any_time_actions", None) is None or not self.hand_off():
            return []
        self._bots_changed += 1  # asked: they may remember it
        with language("en"):  # a reason that is not a Later stays English (as Match.log is);
            # a Later is worded in each seat's language where its log is written
            wanted = out_of_turn_moves(game, match.state, bots, match.seed, match.cursor)
        played = []
        for seat, action in wanted:
            before = match.cursor
            readers = self.readers(game.view(match.state, seat), seat)  # who saw what it saw
            try:
                match.play(action)
            except IllegalAction:  # an earlier seat's action took what this one wanted
                continue
            explain = getattr(bots[seat], "explain_choice", None)
            with language("en"):
                why = explain() if callable(explain) else ""
            self.reasons[(before, action)] = Reason(bot_reason(type(bots[seat]).__name__, why),
                                                    readers)
            played.append(action)
        return played

    def bot_move(self) -> Any:
        """The deciding computer player chooses and plays one action (returned)."""
        match = self.match
        current = match.current_player
        assert current is not None
        bot = self.opponents[current]
        self._bots_changed += 1
        view = match.view(current)
        with language("en"):  # the same whichever seat's board (and language) the move was
            # made from: a reason that is a Later (the bots' own) is worded in each seat's
            # language where its log is written, any other stays English (as Match.log is)
            action = bot.choose(view, match.legal_actions(), self.rngs[current])
            explain = getattr(bot, "explain_choice", None)
            why = explain() if callable(explain) else ""
        self.reasons[(match.cursor, action)] = Reason(bot_reason(type(bot).__name__, why),
                                                      self.readers(view, current))
        match.play(action)
        return action

    def readers(self, view: Any, bot_seat: int) -> frozenset[int]:
        """The seats that may read a computer player's reason: those who see everything the
        computer player saw when it chose (so the reason cannot give away its hidden cards)."""
        game = self.match.game
        state = self.match.state
        return frozenset(
            s for s in range(self.players)
            if s == bot_seat or msgspec.structs.replace(view, viewer=s) == game.view(state, s))

    def undo(self) -> None:
        """Undo back to the last decision of a person (computer players' moves go with it, their
        out-of-turn ones included).

        Raises:
            MarketlibError: nothing to undo; UndoBlocked: a reveal blocks it (play mode).
        """
        stop = self.undo_stop()
        if stop is None:
            if self.match.undo_refusal() is None:  # only computer players' moves to undo
                raise MarketlibError(NO_PERSONS_MOVE)
            self.match.undo()  # refused: it raises why (UndoBlocked or nothing to undo)
        else:
            self.match.goto(stop)
        self.recall()

    def undo_refusal(self, stop: int | None) -> str | None:
        """Why :meth:`undo` is refused (English, registered), ``None`` when it is not;
        ``stop``: :meth:`undo_stop`'s answer now."""
        if stop is not None:
            return None
        return self.match.undo_refusal() or NO_PERSONS_MOVE

    def undo_stop(self) -> int | None:
        """The timeline position :meth:`undo` steps back to: before the last move of a person
        that a person decides after (the computer players' moves after it go too), or where a
        reveal stops it in play mode; ``None`` when nothing can be undone
        (``match.undo_refusal()`` says why, or :data:`NO_PERSONS_MOVE`: the moves it could
        take back are only computer players', which they would play again, helper-83). The
        moves ``history[stop:]`` are what it takes back (the teacher's dashboard says so
        before the click)."""
        match = self.match
        cursor = match.cursor
        if match.undo_refusal(cursor) is not None:
            return None
        history, states, game = match.history, match.states, match.game
        person = False
        while True:
            undone = history[cursor - 1]
            cursor -= 1
            person = person or self._by_person(undone)
            if match.undo_refusal(cursor) is not None or (
                    game.current_player(states[cursor]) not in self.opponents
                    and self._by_person(undone)):
                return cursor if person else None

    def redo(self) -> None:
        """Redo forward to the next decision of a person.

        Raises:
            MarketlibError: nothing to redo.
        """
        match = self.match
        match.redo()
        while match.can_redo and (match.current_player in self.opponents or not self._by_person(
                match.next_action)):
            match.redo()
        self.recall()

    def _by_person(self, action: Any) -> bool:
        """Whether ``action`` was a person's (not a computer player's out-of-turn move)."""
        return getattr(action, "player", None) not in self.opponents

    def new_game(self, seed: int) -> None:
        """A new game in the same ``Match`` with ``seed``; computer players start afresh."""
        self.match.reset(operator.index(seed))
        self.reasons.clear()
        self.lines.clear()
        self.restore_bots(self._blank)
        self.reset_streams()
        self.game_no += 1

    def payload(self, seat: int, *, teacher_view: bool = False, covered: bool = False,
                text: bool = True, humans: list[int] | None = None) -> dict[str, Any]:
        """What ``seat`` is sent now (:func:`~marketlib.widgets.payload.payload`; with its
        ``description`` only with ``text``, for a board whose text view is open), built once
        per position and language: every seat session of the table shares it until the
        ``Match`` changes (``Match.revision``) or a seat changes hands. Treat it as
        read-only. ``humans``: :meth:`humans`, when the caller has just asked."""
        if humans is None:
            humans = self.humans()
        key = (seat, teacher_view, covered, get_language(), text)
        stamp = (self.match.revision, tuple(humans))
        kept = self._payloads.get(key)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        data = payload(self.table, self.match, seat, humans=humans, teacher_view=teacher_view,
                       covered=covered, reasons=self.reasons, cache=self.lines,
                       sights=self.sights, text=text)
        self._payloads[key] = (stamp, data)
        return data

    def previews(self, seat: int, state: Any, humans: Collection[int], *,
                 teacher_view: bool = False, covered: bool = False) -> dict[str, list[str]]:
        """The previews of what :meth:`payload` listed for ``seat`` in ``state`` with
        ``humans`` playing (the position a board drew: the match may have moved on since,
        from another board or a computer player's slice;
        :func:`~marketlib.widgets.payload.previews_for`), worked out once per position and
        language, when a board first asks for them."""
        return previews_for(self.table, self.match, seat, state=state, humans=humans,
                            teacher_view=teacher_view, covered=covered, sights=self.sights)

    def text(self, seat: int, state: Any, *, teacher_view: bool = False,
             covered: bool = False) -> str:
        """The text description of the board shown to ``seat`` in ``state`` (the position a
        board drew; :func:`~marketlib.widgets.payload.text_for`), worked out once per position
        and language, when a board opens its text view."""
        return text_for(self.table, self.match, seat, state=state, teacher_view=teacher_view,
                        covered=covered, sights=self.sights)


__all__ = ["MAX_BOT_DECISIONS", "TableSession", "players_of"]
