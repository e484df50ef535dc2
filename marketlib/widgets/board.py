"""The generic board: an anywidget that plays into a ``Match`` (docs: "Boards").

Python owns the game. The front end draws the ``scene`` (the shown seat's view) and the
``choices`` (the legal actions, each with the on-board ``target`` it is about), asks for their
``previews`` when a person first points at one, and sends back ``{"type": "play", "index": i,
"version": v}``. A click on something that is not
a legal choice sends ``{"type": "explain", "target": ...}`` and Python answers in ``notice``
with the rule ID and the sentence from ``explain``. Every message is listed in
``widgets/PROTOCOL.md``.

What a seat is sent is built by :func:`marketlib.widgets.payload.payload` from that seat's view
only. The teacher view (everything) exists only on a teacher's board; a covered hot-seat board
sends nothing private at all.

Computer players move inside the click handler, right after the human move; there is no
blocking loop, so the board works under nbval and ipykernel 7. Each computer seat draws from
its own stream (:func:`marketlib.core.seeding.bot_rng`), and the board keeps each computer
player's memory and stream at every position where a person decides, so undo followed by the
same click gives the same reply, and the board plays the same game as ``marketlib.sim.play``
with the same seed and moves.

A handler never lets an exception escape (ipywidgets would swallow it): an illegal or malformed
message puts a sentence in ``error`` or ``notice``; an unexpected exception leaves the ``Match``
and the computer players as they were, shows a short message in ``error`` and logs the
traceback on the ``marketlib.widgets`` logger. Set ``Board.raise_errors = True`` (tests do) to
have it raised instead.

The board itself only holds traits: the game, the computer players and the message handling are
a :class:`~marketlib.widgets.session.SeatSession` over a
:class:`~marketlib.widgets.session.TableSession` (``board.session``), the same code the
classroom server runs for a seat on its own device.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from marketlib.bots import seat_bots
from marketlib.core import registry
from marketlib.core.i18n import _, check_language, language
from marketlib.core.match import Match
from marketlib.widgets import icons
from marketlib.widgets.payload import Table
from marketlib.widgets.session import (
    CONTROLS,
    MAX_BOT_DECISIONS,
    BoardMessageError,
    SeatSession,
    TableSession,
    players_of,
)

HERE = Path(__file__).parent
LOG = logging.getLogger("marketlib.widgets")


def _esm(*names: str) -> str:
    """The board's ES module: the pictures (:func:`marketlib.widgets.icons.module`), the shared
    ``common.js``, ``panels.js`` and ``pictures.js`` followed by the game's own files (no
    imports: classrooms and CI are offline)."""
    return icons.module() + "\n".join((HERE / f).read_text(encoding="utf-8")
                                      for f in ("common.js", "panels.js", "pictures.js", *names))


class Board(anywidget.AnyWidget):
    """Base class of the game boards; use :class:`MonsoonBoard` or :class:`BansanBoard`.

    Args:
        match: the ``Match`` to play into (it changes as people play).
        seat: the seat shown (and played) at first.
        opponents: seats played by bots, e.g. ``{1: GreedyBot()}``; other seats are hot-seat.
        teacher: a teacher's board, which may switch on the teacher view (every hidden card).
            ``None`` (default): a teacher's board exactly when the match is in
            ``mode="explore"``; a ``Match(..., mode="play")`` board refuses the teacher view.
        lang: the language the board speaks, ``"en"`` or ``"ms"`` (Bahasa Malaysia); ``None``
            (default): the one set by :func:`marketlib.set_language`.

    Raises:
        TypeError: an unknown keyword argument.
        ValueError: the match is of another game, a seat number is out of range, or an
            unknown language.
    """

    GAME_NAME: ClassVar[str] = ""
    TABLE: ClassVar[Table] = Table()
    raise_errors: ClassVar[bool] = False
    """Raise unexpected exceptions from message handlers instead of showing them (tests)."""
    async_bots: ClassVar[bool] = True
    """After a click, draw the person's move first and let computer players move in slices on
    the kernel's event loop (when one is running), so the kernel never freezes."""
    BOT_SLICE_SECONDS: ClassVar[float] = 0.05
    _css = HERE / "board.css"

    scene = traitlets.Dict().tag(sync=True)
    cards = traitlets.Dict().tag(sync=True)
    choices: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    any_time: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    step_in: traitlets.List[int] = traitlets.List().tag(sync=True)
    out_of_turn = traitlets.Bool(False).tag(sync=True)
    log: traitlets.List[str] = traitlets.List().tag(sync=True)
    log_total = traitlets.Int(0).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    confirmation = traitlets.Unicode("").tag(sync=True)
    seat = traitlets.Int(0).tag(sync=True)
    seats: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    teacher = traitlets.Bool(False).tag(sync=True)
    teacher_view = traitlets.Bool(False).tag(sync=True)
    covered = traitlets.Bool(False).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    position = traitlets.Unicode("").tag(sync=True)
    busy = traitlets.Unicode("").tag(sync=True)
    story: traitlets.List[str] = traitlets.List().tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    text_open = traitlets.Bool(False).tag(sync=True)
    summary = traitlets.Unicode("").tag(sync=True)
    seed = traitlets.Unicode("0").tag(sync=True)
    controls: traitlets.List[str] = traitlets.List(list(CONTROLS)).tag(sync=True)
    previews = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        match: Match,
        seat: int = 0,
        opponents: Mapping[int, Any] | None = None,
        *,
        teacher: bool | None = None,
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        if kwargs:
            raise TypeError(f"{type(self).__name__}() got unexpected keyword argument(s): "
                            f"{', '.join(sorted(kwargs))}")
        if not isinstance(match, Match):
            raise TypeError(f"{type(self).__name__} needs a marketlib Match, not {match!r}")
        if match.game.GAME.name != self.GAME_NAME:
            raise ValueError(f"{type(self).__name__} plays {self.GAME_NAME}, not "
                             f"{match.game.GAME.name}")
        players = self._players(match)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"there is no seat {seat!r} (seats 0-{players - 1})")
        bots = seat_bots(opponents, players)  # a name is a bot; a wrong seat or value named
        if teacher is not None and not isinstance(teacher, bool):
            raise TypeError(f"teacher must be True, False or None, not {teacher!r}")
        if lang is not None:
            check_language(lang)
        super().__init__()
        table = TableSession(self.TABLE, match, bots)
        self.session = SeatSession(
            table, seat, teacher=match.mode == "explore" if teacher is None else teacher,
            on_change=self._sync, lang=lang)
        self._configure()
        table.run_bots()
        self.session.refresh()
        self._sync()

    # ------------------------------------------------------------- game-specific hooks
    def _players(self, match: Match) -> int:
        return players_of(match)

    # ------------------------------------------------------------- the shared game
    @property
    def match(self) -> Match:
        """The ``Match`` played (the one the board was given)."""
        return self.session.match

    @property
    def opponents(self) -> dict[int, Any]:
        """The seats played by computer players."""
        return self.session.table.opponents

    def _configure(self) -> None:
        session = self.session
        session.async_bots = self.async_bots
        session.slice_seconds = self.BOT_SLICE_SECONDS
        session.raise_errors = self.raise_errors

    def _sync(self) -> None:
        """Copy the session's traits into the widget's (one comm message per redraw)."""
        with self.hold_sync():
            for name, value in self.session.traits().items():
                setattr(self, name, value)

    # ------------------------------------------------------------- messages
    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        """The comm's entry point for ``model.send``: straight to the session (ipywidgets' own
        dispatcher would swallow what ``raise_errors`` asks to raise)."""
        with self.session.table.lock:  # the answer drawn before another thread moves on
            self._configure()
            try:
                self.session.handle(content)
            finally:
                self._sync()

    # ------------------------------------------------------------- Python API
    def play(self, action: Any) -> None:
        """Play ``action`` (or its table notation) for the deciding seat, then let bots answer.

        Raises:
            IllegalAction, InvalidAction: as ``Match.play`` (nothing changes).
        """
        with self.session.table.lock:
            self._configure()
            try:
                self.session.play(action)
            finally:
                self._sync()
        self._update_display()

    def undo(self) -> None:
        """Undo back to the last decision of a person (bots' moves are undone with it).

        Raises:
            MarketlibError: nothing to undo; UndoBlocked: a reveal blocks it (play mode).
        """
        with self.session.table.lock:
            self.session.undo()
            self._sync()

    def redo(self) -> None:
        """Redo forward to the next decision of a person.

        Raises:
            MarketlibError: nothing to redo.
        """
        with self.session.table.lock:
            self.session.redo()
            self._sync()

    def new_game(self, seed: int) -> None:
        """Start a new game in the same ``Match`` (same rules) with ``seed`` (any int); the
        computer players start with a fresh memory."""
        with self.session.table.lock:
            self._configure()
            self.session.new_game(seed)
            self._sync()
        self._update_display()

    # ------------------------------------------------------------- readers without a kernel
    def static_html(self) -> str:
        """The board as static HTML (no script): what the shown seat sees now, for GitHub,
        nbviewer, the docs and a notebook opened without a kernel. A covered board shows
        nothing private."""
        with language(self.session.lang):  # the board's language, as its live picture
            if self.covered:
                return (f'<div class="marketlib-static">{self.GAME_NAME}: '
                        + _("the board is covered for P{seat} (hot-seat).").format(
                            seat=self.seat) + "</div>")
            shown = None if self.teacher_view else self.seat
            html: str = self.match.game.view(self.match.state, shown)._repr_html_()
            return html

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/html"] = self.static_html()
        return bundle

    def _bundle(self) -> tuple[dict[str, Any], dict[str, Any]]:
        bundle = self._repr_mimebundle_()
        if isinstance(bundle, tuple):
            return dict(bundle[0]), dict(bundle[1] or {})
        return dict(bundle), {}

    def _ipython_display_(self) -> None:
        """Display with a display id, so a change made from Python (``board.play(...)`` in a
        later cell) also updates the static picture a saved notebook keeps."""
        from IPython.display import display

        self._display_id = getattr(self, "_display_id", None) or f"marketlib-{id(self):x}"
        data, metadata = self._bundle()
        display(data, metadata=metadata, raw=True,  # type: ignore[no-untyped-call]
                display_id=self._display_id)

    def _update_display(self) -> None:
        display_id = getattr(self, "_display_id", None)
        if display_id is None:
            return
        from IPython.display import update_display

        data, metadata = self._bundle()
        update_display(data, metadata=metadata, raw=True,  # type: ignore[no-untyped-call]
                       display_id=display_id)

    def __repr__(self) -> str:
        match = self.match
        status = "over" if match.is_over else f"P{match.current_player} to play"
        mode = getattr(match.rules, "mode", None)  # Bansan's Kenduri and Sendiri
        shown = f", mode={mode}" if mode in registry.entry_of(match.game).modes else ""
        return (f"{type(self).__name__}({match.game.GAME.name}, players={len(self.seats)}"
                f"{shown}, seat={self.seat}, move {match.cursor}, {status})")


__all__ = ["MAX_BOT_DECISIONS", "Board", "BoardMessageError"]
