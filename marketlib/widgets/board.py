"""The generic board: an anywidget that plays into a ``Match`` (docs: "Boards").

Python owns the game. The front end draws the ``scene`` (the shown seat's view) and the
``choices`` (the legal actions, each with the on-board ``target`` it is about and a ``preview``),
and sends back ``{"type": "play", "index": i, "version": v}``. A click on something that is not
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
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import operator
import random
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import msgspec
import traitlets

from marketlib.core.errors import IllegalAction, InvalidAction, MarketlibError
from marketlib.core.match import Match
from marketlib.core.seeding import bot_rng
from marketlib.widgets.payload import Reason, Table, explain_click, payload

HERE = Path(__file__).parent
MAX_BOT_DECISIONS = 20_000
LOG = logging.getLogger("marketlib.widgets")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class BoardMessageError(MarketlibError):
    """A message from the front end that cannot be understood (nothing was changed)."""


def _esm(name: str) -> str:
    """The board's ES module: the shared ``common.js`` and ``panels.js`` followed by the game's
    own file (no imports: classrooms and CI are offline)."""
    return "\n".join((HERE / f).read_text(encoding="utf-8")
                     for f in ("common.js", "panels.js", name))


def _seed_of(value: Any) -> int:
    """A seed from a message: an int, or the decimal text of one (huge seeds lose nothing)."""
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardMessageError(f"'new_game' needs an integer seed, not {value!r}")
    return value


class Board(anywidget.AnyWidget):
    """Base class of the game boards; use :class:`MonsoonBoard` or :class:`BansanBoard`.

    Args:
        match: the ``Match`` to play into (it changes as people play).
        seat: the seat shown (and played) at first.
        opponents: seats played by bots, e.g. ``{1: GreedyBot()}``; other seats are hot-seat.
        teacher: a teacher's board, which may switch on the teacher view (every hidden card).
            ``None`` (default): a teacher's board exactly when the match is in
            ``mode="explore"``; a ``Match(..., mode="play")`` board refuses the teacher view.

    Raises:
        TypeError: an unknown keyword argument.
        ValueError: the match is of another game, or a seat number is out of range.
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
    log: traitlets.List[str] = traitlets.List().tag(sync=True)
    log_total = traitlets.Int(0).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
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
    summary = traitlets.Unicode("").tag(sync=True)
    seed = traitlets.Unicode("0").tag(sync=True)

    def __init__(
        self,
        match: Match,
        seat: int = 0,
        opponents: Mapping[int, Any] | None = None,
        *,
        teacher: bool | None = None,
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
        for s in [seat, *(opponents or {})]:
            if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players:
                raise ValueError(f"there is no seat {s!r} (seats 0-{players - 1})")
        if teacher is not None and not isinstance(teacher, bool):
            raise TypeError(f"teacher must be True, False or None, not {teacher!r}")
        super().__init__()
        self.match = match
        self.opponents: dict[int, Any] = dict(opponents or {})
        self._reasons: dict[tuple[int, Any], Reason] = {}
        self._lines: dict[tuple[int, Any, int | None], str] = {}
        self._rngs: dict[int, random.Random] = {}
        self._memory: dict[int, Any] = {}
        self._game_no = 0
        self._pending_bots: Any = None
        self._blank = self._bot_memory()
        self.teacher = match.mode == "explore" if teacher is None else teacher
        self.seat = seat
        self.seed = str(match.seed)
        self.cards = self.TABLE.cards(match)
        self.seats = [
            {"seat": s, "name": f"P{s}", "bot": type(self.opponents[s]).__name__
             if s in self.opponents else ""}
            for s in range(players)
        ]
        self._reset_streams()
        self._run_bots()
        self._refresh()

    # ------------------------------------------------------------- game-specific hooks
    def _players(self, match: Match) -> int:
        return int(match.rules.players)

    def _proposal(self, content: dict[str, Any], player: int) -> Any:
        """A free-form proposal (a Bansan trade or bargain) from the front end, as an action."""
        raise BoardMessageError(f"{self.GAME_NAME} has no proposals")

    # ------------------------------------------------------------- computer players' memory
    def _bot_memory(self) -> Any:
        """What the computer players remember (their attributes) and their streams' states."""
        bots = {s: copy.deepcopy(vars(b)) for s, b in self.opponents.items()
                if hasattr(b, "__dict__")}
        streams = {s: r.getstate() for s, r in self._rngs.items()}
        return bots, streams

    def _restore_bots(self, memory: Any) -> None:
        bots, streams = memory
        for s, saved in bots.items():
            attrs = vars(self.opponents[s])
            attrs.clear()
            attrs.update(copy.deepcopy(saved))
        for s, st in streams.items():
            self._rngs[s].setstate(st)

    def _reset_streams(self) -> None:
        self._rngs = {s: bot_rng(self.match.seed, s) for s in self.opponents}
        self._memory = {}

    def _remember(self) -> None:
        """Keep the computer players' memory at this position (a person decides here)."""
        cursor = self.match.cursor
        memory = self._memory  # positions in increasing order: drop the undone ones from the end
        while memory and next(reversed(memory)) > cursor:
            del memory[next(reversed(memory))]
        memory[cursor] = self._bot_memory()

    def _recall(self) -> None:
        """After undo or redo: the computer players' memory as it was at this position."""
        memory = self._memory.get(self.match.cursor)
        if memory is not None:
            self._restore_bots(memory)

    # ------------------------------------------------------------- state to front end
    def _humans(self) -> list[int]:
        return [s for s in range(len(self.seats)) if s not in self.opponents]

    def _refresh(self) -> None:
        with self.hold_sync():  # one comm message per redraw, not one per trait
            self._refresh_traits()

    def _refresh_traits(self) -> None:
        match = self.match
        current = match.current_player
        humans = self._humans()
        if current is not None and current in humans and current != self.seat:
            self.covered = len(humans) > 1 and not self.teacher_view
            self.seat = current
        data = payload(self.TABLE, match, self.seat, humans=humans,
                       teacher_view=self.teacher_view, covered=self.covered,
                       reasons=self._reasons, cache=self._lines)
        self.choices = data["choices"]
        self.scene = data["scene"]
        self.log = data["log"]
        self.log_total = data["log_total"]
        self.story = data["story"]
        self.description = data["description"]
        self.summary = data["summary"]
        if self.covered:
            self.notice = ""
        self.can_undo = match.can_undo
        self.can_redo = match.can_redo
        position = (f"{self._game_no}:{match.cursor}:{match.timeline}:{self.seat}:"
                    f"{int(self.teacher_view)}:{int(self.covered)}")
        if position != self.position:
            self.position = position
        self.version += 1

    # ------------------------------------------------------------- messages
    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        """The comm's entry point for ``model.send``: straight to :meth:`_on_msg` (ipywidgets'
        own dispatcher would swallow what ``raise_errors`` asks to raise)."""
        self._on_msg(self, content, buffers)

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        memory = self._bot_memory()
        traits = {"seat": self.seat, "covered": self.covered, "teacher_view": self.teacher_view}
        try:
            with self.match.atomic():
                self._dispatch(content)
        except MarketlibError as err:
            self.error = str(err)
        except Exception as err:
            LOG.exception("marketlib board: a %r message failed", content)
            self._restore_bots(memory)
            for name, value in traits.items():
                setattr(self, name, value)
            self.error = (f"Something went wrong ({type(err).__name__}: {err}); the game is "
                          "unchanged. The details are in the notebook's log.")
            try:
                self._refresh()
            except Exception:  # pragma: no cover - the refresh itself is broken
                LOG.exception("marketlib board: the redraw failed too")
            if self.raise_errors:
                raise

    def _dispatch(self, content: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            raise BoardMessageError(
                f"malformed message {content!r}: expected an object with a 'type'")
        kind = content["type"]
        handler = getattr(self, f"_msg_{kind}", None)
        if handler is None:
            raise BoardMessageError(f"unknown message type {kind!r}")
        self.error = ""
        if self.busy and kind != "explain":
            self.notice = f"{self.busy.removesuffix('...')}: wait a moment, then try again."
            return
        handler(content)

    def _msg_play(self, content: dict[str, Any]) -> None:
        index = content.get("index")
        version = content.get("version", self.version)
        if not isinstance(index, int) or isinstance(index, bool):
            raise BoardMessageError(f"'play' needs an integer index, not {index!r}")
        if version != self.version:
            raise BoardMessageError(
                "The board changed before your click arrived, so nothing was played: look "
                f"again and click once more (board version {version}, now {self.version}).")
        if not 0 <= index < len(self.choices):
            raise BoardMessageError(
                f"no choice {index}: there are {len(self.choices)} legal choices")
        action = self.match.legal_actions()[self.choices[index]["index"]]
        self.play(action, _clicked=True)

    def _msg_explain(self, content: dict[str, Any]) -> None:
        target = content.get("target")
        if not isinstance(target, str):
            raise BoardMessageError(f"'explain' needs a target string, not {target!r}")
        if self.covered:
            raise BoardMessageError("the board is covered: reveal it first")
        current = self.match.current_player
        player = self.seat if current is None or not self.teacher_view else current
        self.notice = explain_click(self.TABLE, self.match, target, player)

    def _msg_propose_trade(self, content: dict[str, Any]) -> None:
        self._propose(content)

    def _msg_bargain(self, content: dict[str, Any]) -> None:
        self._propose(content)

    def _propose(self, content: dict[str, Any]) -> None:
        player = self.match.current_player
        if player is None or player in self.opponents or self.covered or (
                player != self.seat and not self.teacher_view):
            raise BoardMessageError(
                "a proposal can only be made by the person whose decision it is")
        try:
            action = self._proposal(content, player)
        except (KeyError, TypeError, ValueError) as err:
            raise BoardMessageError(f"malformed proposal {content!r}: {err}") from None
        with contextlib.suppress(IllegalAction, InvalidAction):
            self.play(action, _clicked=True)  # if refused, play() put the reason in ``notice``

    def _msg_undo(self, content: dict[str, Any]) -> None:
        self.undo()

    def _msg_redo(self, content: dict[str, Any]) -> None:
        self.redo()

    def _msg_new_game(self, content: dict[str, Any]) -> None:
        self.new_game(_seed_of(content.get("seed", self.match.seed + 1)), _clicked=True)

    def _msg_set_seat(self, content: dict[str, Any]) -> None:
        seat = content.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(
                self.seats):
            raise BoardMessageError(f"no seat {seat!r}")
        self.seat = seat
        self.covered = len(self._humans()) > 1 and not self.teacher_view
        self.notice = ""
        self._refresh()

    def _msg_teacher(self, content: dict[str, Any]) -> None:
        if not self.teacher:
            raise BoardMessageError(
                "the teacher view is not available on this board: it is a board for players "
                "(Match mode 'play'); a teacher makes their own board with teacher=True")
        self.teacher_view = bool(content.get("on"))
        self.covered = False
        self.notice = ""
        self._refresh()

    def _msg_reveal(self, content: dict[str, Any]) -> None:
        self.covered = False
        self.notice = ""
        self._refresh()

    # ------------------------------------------------------------- Python API
    def play(self, action: Any, *, _clicked: bool = False) -> None:
        """Play ``action`` (or its table notation) for the deciding seat, then let bots answer.

        Raises:
            IllegalAction, InvalidAction: as ``Match.play`` (nothing changes).
        """
        try:
            self.match.play(action)
        except (IllegalAction, InvalidAction) as err:
            self.notice = f"{getattr(err, 'rule', 'invalid')}: {getattr(err, 'reason', err)}"
            self._refresh()
            raise
        self.notice = ""
        self._continue(_clicked)

    def undo(self) -> None:
        """Undo back to the last decision of a person (bots' moves are undone with it).

        Raises:
            MarketlibError: nothing to undo; UndoBlocked: a reveal blocks it (play mode).
        """
        self.match.undo()
        while self.match.current_player in self.opponents and self.match.can_undo:
            self.match.undo()
        self._recall()
        self.notice = ""
        self._refresh()

    def redo(self) -> None:
        """Redo forward to the next decision of a person.

        Raises:
            MarketlibError: nothing to redo.
        """
        self.match.redo()
        while self.match.current_player in self.opponents and self.match.can_redo:
            self.match.redo()
        self._recall()
        self.notice = ""
        self._refresh()

    def new_game(self, seed: int, *, _clicked: bool = False) -> None:
        """Start a new game in the same ``Match`` (same rules) with ``seed`` (any int); the
        computer players start with a fresh memory."""
        seed = operator.index(seed)
        self.match.reset(seed)
        self._reasons.clear()
        self._lines.clear()
        self._restore_bots(self._blank)
        self._reset_streams()
        self._game_no += 1
        self.seed = str(seed)
        self.notice = ""
        self._continue(_clicked)

    def _bots_to_move(self) -> bool:
        current = self.match.current_player
        return current is not None and current in self.opponents

    def _continue(self, clicked: bool = False) -> None:
        """After a person's move: the computer players answer, then the board is redrawn.

        After a click in the page, inside the kernel's running event loop, the person's own
        move is drawn first and ``busy`` says who is playing; the computer players then move in
        slices of about :attr:`BOT_SLICE_SECONDS`, and the kernel handles other messages in
        between. Called from Python (``board.play(...)``, tests, scripts) they move before it
        returns.
        """
        loop = _running_loop() if self.async_bots and clicked else None
        if loop is None or not self._bots_to_move():
            self._run_bots()
            self._refresh()
            if not clicked:
                self._update_display()
            return
        checkpoint = (self.match.checkpoint(), self._bot_memory())
        self.busy = f"P{self.match.current_player} is playing..."
        self._refresh()
        self._pending_bots = loop.call_soon(self._bot_slice, loop, checkpoint)

    def _bot_slice(self, loop: asyncio.AbstractEventLoop, checkpoint: Any) -> None:
        self._pending_bots = None
        try:
            deadline = time.monotonic() + self.BOT_SLICE_SECONDS
            while self._bots_to_move() and time.monotonic() < deadline:
                self._bot_move()
            if self._bots_to_move():
                who = f"P{self.match.current_player} is playing..."
                if who != self.busy:
                    self.busy = who
                self._pending_bots = loop.call_soon(self._bot_slice, loop, checkpoint)
                return
            self.busy = ""
            self._remember()
            self._refresh()
        except Exception as err:
            LOG.exception("marketlib board: a computer player failed")
            self.match.rollback(checkpoint[0])
            self._restore_bots(checkpoint[1])
            self.busy = ""
            self.error = (f"Something went wrong ({type(err).__name__}: {err}); the game is "
                          "back where it was before your move. The details are in the "
                          "notebook's log.")
            self._refresh()
            if self.raise_errors:
                raise

    def _run_bots(self) -> None:
        for _ in range(MAX_BOT_DECISIONS):
            if not self._bots_to_move():
                self._remember()
                return
            self._bot_move()

    def _bot_move(self) -> None:
        match = self.match
        current = match.current_player
        assert current is not None
        bot = self.opponents[current]
        view = match.view(current)
        action = bot.choose(view, match.legal_actions(), self._rngs[current])
        explain = getattr(bot, "explain_choice", None)
        why = explain() if callable(explain) else ""
        name = type(bot).__name__
        self._reasons[(match.cursor, action)] = (f"{name}: {why}" if why else name,
                                                 self._readers(view, current))
        match.play(action)

    def _readers(self, view: Any, bot_seat: int) -> frozenset[int]:
        """The seats that may read a computer player's reason: those who see everything the
        computer player saw when it chose (so the reason cannot give away its hidden cards)."""
        game = self.match.game
        state = self.match.state
        return frozenset(
            s for s in range(len(self.seats))
            if s == bot_seat or msgspec.structs.replace(view, viewer=s) == game.view(state, s))

    # ------------------------------------------------------------- readers without a kernel
    def static_html(self) -> str:
        """The board as static HTML (no script): what the shown seat sees now, for GitHub,
        nbviewer, the docs and a notebook opened without a kernel. A covered board shows
        nothing private."""
        if self.covered:
            return (f'<div class="marketlib-static">{self.GAME_NAME}: the board is covered for '
                    f"P{self.seat} (hot-seat).</div>")
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
        return (f"{type(self).__name__}({match.game.GAME.name}, players={len(self.seats)}, "
                f"seat={self.seat}, move {match.cursor}, {status})")
