"""A seat's session at a shared ``Match``, without a widget or a transport (docs: "Boards",
"Running a class").

Everything a board does apart from drawing lives here, so the anywidget :class:`Board` (traits
over the Jupyter comm) and the classroom server (JSON over a WebSocket) share it:

* :class:`TableSession` (:mod:`marketlib.widgets.shared`): one ``Match``, its computer players
  (each seat's own stream, :func:`marketlib.core.seeding.bot_rng`), their memory at every
  position where a person decides (so undo followed by the same click gives the same reply) and
  their reasons. Several seats may share one table.
* :class:`SeatSession`: what one front end is shown of a table: its seat, the teacher view, the
  hot-seat cover, the last ``error`` and ``notice``, the ``version``. :meth:`SeatSession.handle`
  decodes a message of ``widgets/PROTOCOL.md`` strictly (:mod:`marketlib.widgets.messages`)
  and turns it into ``Match`` moves; :meth:`SeatSession.traits` is the dict a front end is
  sent, built by :func:`~marketlib.widgets.payload.payload` from the seat's view only.

A click acts on what was shown, or on nothing: a message that names a choice carries the
``version`` of the redraw it was made on, and is refused if this front end has been redrawn
since or if the ``Match`` changed since that redraw (``Match.revision``: a move from another
board over the same match, ``match.play`` or ``match.goto`` from Python, undo, redo).

A handler never lets an exception escape: a malformed, stale or refused message puts a sentence
in ``error`` or ``notice`` and changes nothing; an unexpected exception puts the match and the
computer players back as they were and logs the traceback (``raise_errors=True`` raises it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable, Collection
from typing import Any

from marketlib.bots.coach import review_text
from marketlib.core.errors import IllegalAction, InvalidAction, MarketlibError
from marketlib.core.i18n import (
    N_,
    Later,
    _,
    check_language,
    language,
    naming,
    ngettext,
    refusal,
    register_refusals,
    said,
)
from marketlib.core.match import Match
from marketlib.widgets import messages as m
from marketlib.widgets.messages import BoardMessageError, StaleMessage
from marketlib.widgets.payload import any_time_actions, explain_click
from marketlib.widgets.shared import MAX_BOT_DECISIONS, TableSession, players_of

LOG = logging.getLogger("marketlib.widgets")

CONTROLS = ("undo", "redo", "new_game", "set_seat", "teacher", "hint", "review")
"""The board controls a session may offer (the ``controls`` trait): a notebook board offers
them all; a classroom seat offers only the coach's ``hint`` and ``review`` (undo is the
teacher's, on the dashboard), and the teacher may switch those off (``Room.hints``)."""

COACH = ("hint", "review")
"""The coach's controls (issue 29, points 4 and 5): a hint for the seat to move, a review of
its game once over."""

SWITCHED_OFF = {
    "hint": N_("Hints are switched off at this table (the teacher's choice): decide on your "
               "own."),
    "review": N_("Game reviews are switched off at this table (the teacher's choice)."),
}
"""Why a coach's message is refused when its control is not offered (in English: shown as
``_(SWITCHED_OFF[kind])``)."""


SLICE_GAP = 0.005
"""Seconds between two slices of the computer players' moves on a notebook board: the loop
reads the person's messages meanwhile."""


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop of this thread, or ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


_SEED_TEXT = re.compile(r"[+-]?[0-9]{1,4000}")
"""A seed as text: decimal ASCII digits with one sign at most, under Python's limit on the
digits of an int read from text (4,300); ``"٤٢"`` or ``"+-5"`` is no seed."""


def seed_of(value: Any) -> int:
    """A seed from a message: an int, or the decimal text of one (huge seeds lose nothing).

    Raises:
        BoardMessageError: ``value`` is not a whole number; the message says what to type.
    """
    if isinstance(value, str) and _SEED_TEXT.fullmatch(value.strip()):
        return int(value.strip())  # ASCII digits, one sign at most: nothing else is read
    if isinstance(value, bool) or not isinstance(value, int):
        shown = repr(value)
        raise BoardMessageError(
            _("The seed must be a whole number such as 42, not {value}; leave the box empty "
              "for a fresh deal. Nothing was changed.").format(
                  value=shown if len(shown) <= 40 else shown[:36] + "...'"))
    return value


def new_seed_of(value: Any) -> int:
    """The seed a "New game" click deals with: a fresh random one (from Python's ``secrets``,
    never the browser's) when the seed box was left empty (``None`` or blank text), else the
    typed one (:func:`seed_of`; issue 30: "New game" deals fresh cards unless a seed is typed).

    Example:
        >>> new_seed_of(" 42 "), new_seed_of(7)
        (42, 7)
        >>> 0 <= new_seed_of("") < 10**6 and 0 <= new_seed_of(None) < 10**6  # fresh deals
        True
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        from marketlib.widgets import fresh_seed

        return fresh_seed()
    return seed_of(value)


STALE = N_("The board changed before your click arrived, so nothing was done: look again and "
           "click once more")
"""The start of a stale click's notice, in English (shown as ``_(STALE)``)."""

BUSY = N_("P{seat} is playing...")
"""What a board says while a computer player moves, in English (the table's ``busy``; each seat
reads it in its own language, :func:`busy_words`)."""
register_refusals([BUSY])


PAUSED_REFUSAL = N_("The teacher paused the game: wait until they resume it, then try again.")
"""What a seat reads when it clicks on a paused table (the table's ``paused`` says why it waits,
"The teacher paused the game."; this sentence answers the click)."""


def busy_words(table: TableSession) -> str:
    """Why the table waits, in the language in force: the teacher's pause or a computer
    player's move; "" when it does not."""
    return _(table.paused) if table.paused else refusal(table.busy) if table.busy else ""


class SeatSession:
    """What one front end is shown of a :class:`TableSession`, and its messages.

    Args:
        table: the shared table.
        seat: the seat shown (and played).
        teacher: may switch on the teacher view (every hidden card).
        hot_seat: the shown seat follows the person who decides, covered in between when
            several people share the device (a notebook board). ``False``: the seat is fixed
            (a classroom seat on its own device).
        controls: the board controls offered (names from :data:`CONTROLS`); a message for a
            control not offered is refused.
        on_change: called after the session changed outside a message handler (computer
            players moving in slices on the event loop).
        show_seed: send the match's seed (the ``seed`` trait) while the game goes on. A
            notebook board does (whoever holds the notebook holds the ``Match``); a classroom
            seat does not: the seed deals every hidden card, so a student's page is sent it
            only once the game is over (``""`` before; issue 27).
        seed_at_end: send the seed once the game is over (when ``show_seed`` is off). A
            classroom seat of a room made with ``seed=`` does not: every table's every deal
            follows from that one number, so one finished game's seed would deal the games
            still being played (helper-94).
        lang: the language this front end reads (``"en"``, ``"ms"``; issue 30, point 5);
            ``None``: the process's (:func:`marketlib.set_language`). Every word it is sent
            and every refusal it is shown is in that language; the game is the same.
    """

    async_bots = False
    """After a click, inside a running event loop, draw the person's move first and let the
    computer players move in slices of :attr:`slice_seconds` (a notebook board sets it)."""
    slice_seconds = 0.05
    raise_errors = False

    def __init__(self, table: TableSession, seat: int = 0, *, teacher: bool = False,
                 hot_seat: bool = True, controls: Collection[str] = CONTROLS,
                 on_change: Callable[[], None] | None = None, show_seed: bool = True,
                 seed_at_end: bool = True, held: str = "", lang: str | None = None) -> None:
        self.table = table
        self.lang = None if lang is None else check_language(lang)
        """The language this front end reads (``None``: the process's)."""
        self.show_seed = show_seed
        self.seed_at_end = seed_at_end
        self.seat = seat
        self.teacher = teacher
        self.hot_seat = hot_seat
        self.controls = [c for c in CONTROLS if c in controls]
        self.on_change = on_change
        self.held = held
        """The notice shown while a computer player holds this seat ("": none; a classroom
        seat says who can hand it back)."""
        self.teacher_view = False
        self.covered = False
        self.stepped_in: int | None = None
        """A person who asked to act out of turn on a shared device (hot-seat): the board shows
        their seat until they play an any-time action or step back."""
        self.error = ""
        self._notice = ""
        self.confirmed = False
        """:attr:`notice` confirms what this seat just did ("Done: ...", "Undone: ..."): sent
        as the ``confirmation`` trait, drawn unlike a refusal (issue 30, point 4)."""
        self.version = 0
        self.shown_revision = -1
        """The ``Match.revision`` this front end was last drawn at (:meth:`refresh`)."""
        self.stale = False
        """The last message was refused as stale (made on a position no longer shown)."""
        self._stale_shown = False
        """The ``error`` shown is a stale click's refusal (:meth:`forget_stale` drops it)."""
        self.position = ""
        self._data: dict[str, Any] = {}
        self._previews: dict[str, Any] = {}
        """The last ``previews`` answer: the drawing's ``version`` and its previews."""
        self.text_open = False
        """The board's text view is open (the ``text`` message): each drawing is sent with its
        text description; closed, none is written (issue 28)."""
        self._drawn: tuple[Any, tuple[int, ...]] = (None, ())
        """The state the last drawing showed and the seats people played then (the match may
        move on before this board is drawn again: another board, a computer player's slice)."""
        self._pending_bots: Any = None

    @property
    def notice(self) -> str:
        """This board's own notice: a refusal, an explanation, a hint (the ``notice`` trait),
        or a confirmation when :attr:`confirmed` (the ``confirmation`` trait)."""
        return self._notice

    @notice.setter
    def notice(self, text: str) -> None:
        self._notice = text
        self.confirmed = False

    def confirm(self, text: str) -> None:
        """Confirm what this seat just did with ``text`` ("": say nothing); any later notice
        replaces it."""
        self._notice = text
        self.confirmed = bool(text)

    @property
    def match(self) -> Match:
        return self.table.match

    # ------------------------------------------------------------- state to front end
    def refresh(self) -> None:
        """Recompute what the front end is sent (a new ``version``)."""
        with language(self.lang):
            self._refresh()

    def _refresh(self) -> None:
        table = self.table
        match = self.match
        current = match.current_player
        humans = table.humans()
        if self.stepped_in is not None and (self.stepped_in not in humans or current is None
                                            or current == self.stepped_in):
            self.stepped_in = None
        if (self.hot_seat and self.stepped_in is None and current is not None
                and current in humans and current != self.seat):
            self.covered = len(humans) > 1 and not self.teacher_view
            self.seat = current
        self._data = table.payload(self.seat, teacher_view=self.teacher_view,
                                   covered=self.covered, text=self.text_open, humans=humans)
        self._drawn = (match.state, tuple(humans))
        if self.covered:
            self.notice = ""
        position = (f"{table.game_no}:{match.cursor}:{match.timeline}:{self.seat}:"
                    f"{int(self.teacher_view)}:{int(self.covered)}")
        if position != self.position:  # a refusal belongs to the position it was made on: a
            self.error = ""  # stale click's stayed through other seats' moves, a pause and a
            self.stale = self._stale_shown = False  # new tab (helper-86)
        self.position = position
        self.version += 1
        self.shown_revision = match.revision

    def forget_stale(self) -> None:
        """Drop a stale click's refusal: the table moved on in another way (a pause, a resume,
        the seat opened in a new tab), so the sentence about a click made on an older picture
        no longer answers anything shown (helper-86)."""
        if self._stale_shown:
            self.error = ""
            self.stale = self._stale_shown = False

    def traits(self) -> dict[str, Any]:
        """Every trait of ``widgets/PROTOCOL.md`` as JSON-ready builtins (after
        :meth:`refresh`)."""
        with language(self.lang):
            return self._traits()

    def _traits(self) -> dict[str, Any]:
        table = self.table
        match = self.match
        controls = set(self.controls)
        return {
            **self._data,
            "cards": table.cards,
            "error": self.error,
            "notice": self.notices(),
            "confirmation": said(self.notice) if self.confirmed else "",
            "seat": self.seat,
            "seats": table.seats(),
            "teacher": self.teacher,
            "teacher_view": self.teacher_view,
            "covered": self.covered,
            "can_undo": "undo" in controls and match.can_undo,
            "can_redo": "redo" in controls and match.can_redo,
            "version": self.version,
            "position": self.position,
            "busy": busy_words(table),
            "seed": str(match.seed) if self.show_seed or (
                self.seed_at_end and match.outcome is not None) else "",
            "controls": list(self.controls),
            "step_in": self.step_in_seats(),
            "out_of_turn": self.stepped_in is not None,
            "previews": self._previews,
            "text_open": self.text_open,
        }

    def notices(self) -> str:
        """The ``notice`` trait: this board's own notice (a refusal, an explanation; not a
        confirmation, which is the ``confirmation`` trait), then what the table announces to
        every seat (the teacher's undo), then, while a computer player holds this seat,
        :attr:`held`."""
        table = self.table
        held = _(self.held) if self.held and self.seat in table.opponents else ""
        announced = "" if self.covered else table.announced()
        # a Later (a classroom's move timer) in this board's language; the board's own notices
        # are in it already, the table's announcements are registered English sentences
        parts = ["" if self.confirmed else said(self.notice),
                 said(announced) if isinstance(announced, Later) else
                 _(announced) if announced else "", held]
        return " ".join(dict.fromkeys(p for p in parts if p))

    def step_in_seats(self) -> list[int]:
        """The other people at a shared device who may step in to act out of turn now (the
        ``step_in`` trait): on a hot-seat board of a game with any-time actions, every seat
        played by a person except the one shown, while the game goes on."""
        match = self.match
        if (not self.hot_seat or self.covered or self.stepped_in is not None or self.teacher_view
                or getattr(match.game, "any_time_actions", None) is None
                or match.current_player is None or match.outcome is not None):
            return []
        return [s for s in self.table.humans() if s != self.seat]

    # ------------------------------------------------------------- messages
    def handle(self, content: Any, checkpoint: Any = None) -> str:
        """Apply one message from the front end (``widgets/PROTOCOL.md``): a dict as the comm
        delivers it, or a decoded :class:`~marketlib.widgets.messages.Message`; returns why
        this message was refused ("" when it was not).

        Never raises (unless :attr:`raise_errors`): a refused message sets ``error``, the
        refusal shown (and :attr:`stale` when it was made on a position no longer shown). A
        ``previews`` request and the ``text`` view's opening and closing only read: they are
        never refused, and the refusal shown stays.

        Args:
            content: the message.
            checkpoint: the table's :meth:`TableSession.checkpoint` taken just now by a caller
                that keeps one anyway (a classroom table), so it is not taken twice; ``None``:
                taken here.
        """
        with self.table.lock, language(self.lang):
            return self._handle(content, checkpoint)

    def _handle(self, content: Any, checkpoint: Any) -> str:
        table = self.table
        if checkpoint is None:
            checkpoint = table.checkpoint()
        revision = self.match.revision
        saved = (self.seat, self.covered, self.teacher_view)
        try:
            self._dispatch(content)
        except MarketlibError as err:
            if self.match.revision != revision:  # half done: put it back, and show that
                table.rollback(checkpoint)
                self.seat, self.covered, self.teacher_view = saved
                self.refresh()
            self.stale = self._stale_shown = isinstance(err, StaleMessage)
            self.error = refusal(str(err))  # a known sentence (an undo's) in the seat's language
            if self.confirmed:  # "Redone: 1 move played again." beside a refused new game
                self.notice = ""  # read as if both were about this message (helper-106)
            return self.error
        except Exception as err:
            LOG.exception("marketlib board: a %r message failed", content)
            table.rollback(checkpoint)
            self.seat, self.covered, self.teacher_view = saved
            self.error = _("Something went wrong ({error}); the game is unchanged. The "
                           "details are in the notebook's log.").format(
                               error=f"{type(err).__name__}: {err}")
            try:
                self.refresh()
            except Exception:  # pragma: no cover - the refresh itself is broken
                LOG.exception("marketlib board: the redraw failed too")
            if self.raise_errors:
                raise
            return self.error
        return ""

    def _dispatch(self, content: Any) -> None:
        message = m.decode(content)
        self.stale = False
        kind = m.kind_of(message)
        if isinstance(message, m.READS):  # it only reads: the refusal shown stays
            getattr(self, f"_msg_{kind}")(message)
            return
        self._stale_shown = False
        if kind in CONTROLS and kind not in self.controls:
            raise BoardMessageError(_(SWITCHED_OFF[kind]) if kind in SWITCHED_OFF else
                                    _("'{kind}' is not available on this board").format(
                                        kind=kind))
        self.error = ""
        busy = busy_words(self.table)
        if busy and kind != "explain":
            # one whole sentence per case: the pause's own words end with a full stop
            self.notice = (_(PAUSED_REFUSAL) if self.table.paused else
                           _("{busy}: wait a moment, then try again.").format(
                               busy=busy.removesuffix("...")))
            self.refresh()
            return
        if isinstance(message, m.Choice):
            self.check_version(message.version)
        getattr(self, f"_msg_{kind}")(message)

    def check_version(self, version: int) -> None:
        """Refuse a message made on a position no longer shown: ``version`` is not this front
        end's latest redraw, or the ``Match`` changed since that redraw (from another board,
        from Python, by undo or redo). The front end is redrawn, so a click can be made on
        what is there now.

        Raises:
            StaleMessage: the sentence says what happened; nothing was changed.
        """
        if version == self.version and self.match.revision == self.shown_revision:
            return
        moved = self.match.revision != self.shown_revision
        shown = self.version
        self.refresh()
        why = (_("the game moved on since this board was drawn") if moved
               else _("board version {version}, now {shown}").format(version=version,
                                                                      shown=shown))
        raise StaleMessage(f"{_(STALE)} ({why}).")

    def _msg_play(self, message: m.Play) -> None:
        index = message.index
        choices = self._data.get("choices", [])
        if not 0 <= index < len(choices):
            raise BoardMessageError(_("no choice {index}: there are {count} legal choices")
                                    .format(index=index, count=len(choices)))
        legal = self.table.sights.of(self.match.state).legal_actions()  # as the choices were
        action = legal[choices[index]["index"]]
        self.play(action, clicked=True)

    def _msg_explain(self, message: m.Explain) -> None:
        if self.covered:
            raise BoardMessageError(_("the board is covered: reveal it first"))
        current = self.match.current_player
        player = self.seat if current is None or not self.teacher_view else current
        table = self.table
        self.notice = explain_click(table.table, self.match, message.target, player,
                                    table.sights)

    def _msg_previews(self, message: m.Previews) -> None:
        """The previews of the choices and any-time actions of drawing ``message.version``
        (none while covered), worked out for the position it showed: the board asks when a
        person first points at one. A drawing no longer shown gets nothing (the new one is
        on its way); nothing else changes (:meth:`handle`)."""
        if message.version != self.version:
            return
        state, humans = self._drawn
        previews = self.table.previews(self.seat, state, humans,
                                       teacher_view=self.teacher_view, covered=self.covered)
        self._previews = {"version": self.version, **previews}

    def _msg_text(self, message: m.Text) -> None:
        """Open or close the text view: open, the description of the drawing shown is written
        now (for the position it showed) and with every drawing after it; closed, none is
        (issue 28). Nothing else changes (:meth:`handle`)."""
        self.text_open = message.open
        text = self.table.text(self.seat, self._drawn[0], teacher_view=self.teacher_view,
                               covered=self.covered) if message.open else ""
        self._data = {**self._data, "description": text}  # the table's payload is shared

    def _msg_hint(self, message: m.Hint) -> None:
        """The coach's hint for the shown seat's decision, from that seat's view only
        (``Match.hint``), shown as the notice."""
        if self.covered:
            raise BoardMessageError(_("the board is covered: reveal it first"))
        current = self.match.current_player
        if current is None:
            raise BoardMessageError(_("the game is over, so there is nothing to hint: "
                                      "'Review this game' looks back at it"))
        if current != self.seat or current in self.table.opponents:
            raise BoardMessageError(_("a hint is for your own decision, and P{seat} decides "
                                      "now").format(seat=current))
        with naming(self._button_words(current)):  # the moves as the choices read them
            self.notice = self.match.hint(current).text

    def _button_words(self, seat: int) -> Callable[[Any, Any], str]:
        """How a hint or a review names a move on this board: the words of its button, in
        quotes (a learner finds "Tuck PC-06 into Stall ST-07" among the choices; "P0 tuck
        PC-06 ST-07" is notation, helper-78), with the offer an answer is about
        (:meth:`~marketlib.widgets.Table.named`). A move is worded in ``seat``'s view of the
        state it is played in (a world the coach dealt from that view, never the game's
        own: the namer is only ever given a state, so the labels read what the seat sees)."""
        table = self.table.table
        game = self.match.game

        def words(position: Any, action: Any) -> str:  # position: a state (a world)
            return table.named(game.view(position, seat), action)

        return words

    def _msg_review(self, message: m.Review) -> None:
        """The review of the shown seat's decisions (``Match.review``, from its view only),
        in words, shown as the notice; once the game is over."""
        if self.covered:
            raise BoardMessageError(_("the board is covered: reveal it first"))
        if self.match.outcome is None:
            raise BoardMessageError(_("the review opens once the game is over"))
        with naming(self._button_words(self.seat)):
            self.notice = review_text(self.match.review(self.seat))

    def _msg_any_time(self, message: m.AnyTime) -> None:
        index = message.index
        if self.covered or self.teacher_view or self.seat in self.table.opponents:
            raise BoardMessageError(_("an any-time action is played from its vendor's own "
                                      "board"))
        options = self._data.get("any_time", [])
        if not 0 <= index < len(options):
            raise BoardMessageError(_("no any-time choice {index}: there are {count} now")
                                    .format(index=index, count=len(options)))
        action = any_time_actions(self.match.game, self.match.state, self.seat,
                                  self.table.sights)[options[index]["index"]]
        self.play(action, clicked=True)  # refused: the reason in ``notice``, nothing changed
        self.stepped_in = None
        self.refresh()

    def _msg_step_in(self, message: m.StepIn) -> None:
        seat = message.seat
        if seat not in self.step_in_seats():
            raise BoardMessageError(
                _("P{seat} cannot step in now: only another person at this board may, on a "
                  "game with any-time actions (A-B-60)").format(seat=seat))
        self.stepped_in = seat
        self.seat = seat
        self.covered = not self.teacher_view
        self.notice = ""
        self.refresh()

    def _msg_step_out(self, message: m.StepOut) -> None:
        if self.stepped_in is None:
            raise BoardMessageError(_("nobody has stepped in"))
        self.stepped_in = None
        self.notice = ""
        self.refresh()

    def _msg_propose_trade(self, message: m.ProposeTrade) -> None:
        self._propose(message)

    def _msg_bargain(self, message: m.Bargain) -> None:
        self._propose(message)

    def _msg_counter(self, message: m.Counter) -> None:
        self._propose(message)

    def _propose(self, message: m.ProposeTrade | m.Bargain | m.Counter) -> None:
        """A proposal (trade, bargain, counter-offer) from the seat shown: the decider's or,
        on another vendor's decision, an any-time trade proposal (A-B-60); the rules decide."""
        current = self.match.current_player
        player = current if self.teacher_view and self.stepped_in is None else self.seat
        if player is None or current is None or player in self.table.opponents or self.covered:
            raise BoardMessageError(
                _("a proposal is made by a person from their own board, while the game goes "
                  "on"))
        try:
            action = self.table.table.proposal(message, player)
        except ValueError as err:
            raise BoardMessageError(f"'{m.kind_of(message)}' is refused: {err}") from None
        with contextlib.suppress(IllegalAction, InvalidAction):
            self.play(action, clicked=True)  # if refused, play() put the reason in ``notice``
            self.stepped_in = None
            self.refresh()

    def _msg_undo(self, message: m.Undo) -> None:
        self.undo()

    def _msg_redo(self, message: m.Redo) -> None:
        self.redo()

    def _msg_new_game(self, message: m.NewGame) -> None:
        self.new_game(new_seed_of(message.seed), clicked=True)

    def _msg_set_seat(self, message: m.SetSeat) -> None:
        seat = message.seat
        if not 0 <= seat < self.table.players:
            raise BoardMessageError(_("no seat {seat}").format(seat=repr(seat)))
        self.stepped_in = None
        self.seat = seat
        self.covered = len(self.table.humans()) > 1 and not self.teacher_view
        self.notice = ""
        self.refresh()

    def _msg_teacher(self, message: m.Teacher) -> None:
        if not self.teacher:
            raise BoardMessageError(
                _("the teacher view is not available on this board: it is a board for players "
                  "(Match mode 'play'); a teacher makes their own board with teacher=True"))
        self.teacher_view = message.on
        self.stepped_in = None
        self.covered = False
        self.notice = ""
        self.refresh()

    def _msg_reveal(self, message: m.Reveal) -> None:
        self.covered = False
        self.notice = ""
        self.refresh()

    # ------------------------------------------------------------- moves
    def play(self, action: Any, *, clicked: bool = False) -> None:
        """Play ``action`` (or its table notation) for the deciding seat, then let the computer
        players answer.

        Raises:
            IllegalAction, InvalidAction: as ``Match.play`` (nothing changes).
        """
        before = self.match.state
        try:
            self.match.play(action)
        except (IllegalAction, InvalidAction) as err:
            reason = getattr(err, "reason", None)
            self.notice = (f"{getattr(err, 'rule', 'invalid')}: "
                           f"{err if reason is None else refusal(reason)}")
            self.refresh()
            raise
        self.confirm(self._confirmation(before))
        self.continue_(clicked)

    def _confirmation(self, before: Any) -> str:
        """A short confirmation of the move just played when its kind asks for one (a
        completed Shopping List, issue 30 point 4), from this seat's views only; else ""."""
        table = self.table
        played = self.match.action_at(-1)
        if not isinstance(played, table.table.confirmed):
            return ""
        sights = table.sights
        views = [sights.of(before).view(self.seat), sights.of(self.match.state).view(self.seat)]
        said = table.table.words.recap(views, [played], self.seat)
        return _("Done: {said}").format(said=said) if said else ""

    def undo(self) -> None:
        """Undo back to the last decision of a person (see :meth:`TableSession.undo`); the
        notice confirms it ("Undone: 3 moves taken back.", issue 30 point 4)."""
        cursor = self.match.cursor
        self.table.undo()
        self.stepped_in = None
        self.confirm(_moves(cursor - self.match.cursor, undone=True))
        self.refresh()

    def redo(self) -> None:
        """Redo forward to the next decision of a person; the notice confirms it."""
        cursor = self.match.cursor
        self.table.redo()
        self.stepped_in = None
        self.confirm(_moves(self.match.cursor - cursor, undone=False))
        self.refresh()

    def new_game(self, seed: int, *, clicked: bool = False) -> None:
        """Start a new game in the same ``Match`` with ``seed`` (any int)."""
        self.table.new_game(seed)
        self.stepped_in = None
        self.notice = ""
        self.continue_(clicked)

    def continue_(self, clicked: bool = False) -> None:
        """After a person's move: the computer players answer, then the board is redrawn.

        With :attr:`async_bots`, after a click inside a running event loop, the person's own
        move is drawn first and ``busy`` says who is playing; the computer players then move in
        slices of about :attr:`slice_seconds`, and the loop handles other messages in between.
        Otherwise they move before this returns.
        """
        table = self.table
        loop = running_loop() if self.async_bots and clicked else None
        if loop is None or not table.bots_to_move():
            table.run_bots()
            self.refresh()
            return
        checkpoint = table.checkpoint()
        table.busy = BUSY.format(seat=self.match.current_player)
        self.refresh()
        self._pending_bots = loop.call_soon(self._bot_slice, loop, checkpoint)

    def _bot_slice(self, loop: asyncio.AbstractEventLoop, checkpoint: Any) -> None:
        with self.table.lock:  # a message on another thread waits for the slice to end
            self._slice(loop, checkpoint)

    def _slice(self, loop: asyncio.AbstractEventLoop, checkpoint: Any) -> None:
        self._pending_bots = None
        table = self.table
        try:
            deadline = time.monotonic() + self.slice_seconds
            while time.monotonic() < deadline:
                table.out_of_turn()
                if not table.bots_to_move():
                    break
                table.bot_move()
            table.out_of_turn()  # the hand-off after the slice's last move (nothing if none)
            if table.bots_to_move():
                table.busy = BUSY.format(seat=self.match.current_player)
                self._changed()
                # a short pause, not call_soon: a message the kernel is reading takes several
                # turns of the loop (JupyterLab hands a board's messages to a kernel subshell,
                # ipykernel 7), and each turn would wait for a whole slice
                self._pending_bots = loop.call_later(SLICE_GAP, self._bot_slice, loop,
                                                     checkpoint)
                return
            table.busy = ""
            table.remember()
            self.refresh()
        except Exception as err:
            LOG.exception("marketlib board: a computer player failed")
            table.rollback(checkpoint)
            table.busy = ""
            self.refresh()  # the position put back first: the error is about it, and stays
            self.error = _("Something went wrong ({error}); the game is back where it was "
                           "before your move. The details are in the notebook's log.").format(
                               error=f"{type(err).__name__}: {err}")
            self._changed()
            if self.raise_errors:
                raise
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()


def _moves(count: int, *, undone: bool) -> str:
    """A confirmation of an undo or redo, in the language in force: "Undone: 1 move taken
    back.", "Redone: 2 moves played again."."""
    if undone:
        text = ngettext("Undone: {count} move taken back.", "Undone: {count} moves taken back.",
                        count)
    else:
        text = ngettext("Redone: {count} move played again.",
                        "Redone: {count} moves played again.", count)
    return text.format(count=count)


__all__ = ["CONTROLS", "MAX_BOT_DECISIONS", "BoardMessageError", "SeatSession", "StaleMessage",
           "TableSession", "new_seed_of", "players_of", "running_loop", "seed_of"]
