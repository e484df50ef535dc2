"""The generic board: an anywidget that plays into a ``Match`` (STYLE 16-19).

Python owns the game. The front end draws the ``scene`` (the shown seat's view) and the
``choices`` (the legal actions, each with the on-board ``target`` it is about and a ``preview``),
and sends back ``{"type": "play", "index": i, "version": v}``. A click on something that is not
a legal choice sends ``{"type": "explain", "target": ...}`` and Python answers in ``notice``
with the rule ID and the sentence from ``explain``. Every message is listed in
``widgets/PROTOCOL.md``. A malformed or stale message puts a sentence in ``error`` and changes
nothing (ipywidgets swallows exceptions in message handlers, so none escape).

Computer players move inside the click handler, right after the human move; there is no
blocking loop, so the board works under nbval and ipykernel 7.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from marketlib.core.errors import IllegalAction, InvalidAction, MarketlibError
from marketlib.core.match import Match

HERE = Path(__file__).parent
MAX_BOT_DECISIONS = 20_000


def _esm(name: str) -> str:
    """The board's ES module: the shared ``common.js`` followed by the game's own file (no
    imports: classrooms and CI are offline)."""
    return (HERE / "common.js").read_text(encoding="utf-8") + "\n" + (
        HERE / name
    ).read_text(encoding="utf-8")


class Board(anywidget.AnyWidget):
    """Base class of the game boards; use :class:`MonsoonBoard` or :class:`BansanBoard`.

    Args:
        match: the ``Match`` to play into (it changes as people play).
        seat: the seat shown (and played) at first.
        opponents: seats played by bots, e.g. ``{1: GreedyBot()}``; other seats are hot-seat.

    Raises:
        TypeError: an unknown keyword argument.
        ValueError: the match is of another game, or a seat number is out of range.
    """

    GAME_NAME: ClassVar[str] = ""
    _css = HERE / "board.css"

    scene = traitlets.Dict().tag(sync=True)
    cards = traitlets.Dict().tag(sync=True)
    choices: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    log: traitlets.List[str] = traitlets.List().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    seat = traitlets.Int(0).tag(sync=True)
    seats: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    teacher = traitlets.Bool(False).tag(sync=True)
    covered = traitlets.Bool(False).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    summary = traitlets.Unicode("").tag(sync=True)
    seed = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        match: Match,
        seat: int = 0,
        opponents: Mapping[int, Any] | None = None,
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
            if not 0 <= s < players:
                raise ValueError(f"there is no seat {s} (seats 0-{players - 1})")
        super().__init__()
        self.match = match
        self.opponents: dict[int, Any] = dict(opponents or {})
        self._why: dict[int, str] = {}
        self._rng = random.Random(match.seed)
        self.seat = seat
        self.seed = match.seed
        self.cards = self._cards()
        self.seats = [
            {"seat": s, "name": f"P{s}", "bot": type(self.opponents[s]).__name__
             if s in self.opponents else ""}
            for s in range(players)
        ]
        self.on_msg(self._on_msg)
        self._run_bots()
        self._refresh()

    # ------------------------------------------------------------- game-specific hooks
    def _players(self, match: Match) -> int:
        return int(match.rules.players)

    def _cards(self) -> dict[str, Any]:
        """Static card facts the front end needs to draw (labels, goods, prices)."""
        return {}

    def _scene(self, view: Any) -> dict[str, Any]:
        raise NotImplementedError

    def _target(self, action: Any) -> str:
        """The on-board thing an action is about, e.g. ``card:MG-05`` or ``button:pass``."""
        raise NotImplementedError

    def _intent(self, target: str, player: int) -> Any:
        """The action a click on ``target`` would mean now (for ``explain``), or ``None``."""
        raise NotImplementedError

    def _preview(self, before: Any, after: Any, player: int) -> str:
        raise NotImplementedError

    def _proposal(self, content: dict[str, Any], player: int) -> Any:
        """A free-form proposal (a Bansan trade or bargain) from the front end, as an action."""
        raise ValueError(f"{self.GAME_NAME} has no proposals")

    def _text(self, view: Any) -> str:
        return str(view)

    def _summary(self) -> str:
        outcome = self.match.outcome
        if outcome is None:
            return ""
        unit = self.match.game.GAME.score_unit
        winners = " and ".join(f"P{w}" for w in outcome.winners) or "nobody"
        scores = ", ".join(f"P{p} {s} {unit}" for p, s in enumerate(outcome.scores))
        return f"Game over ({outcome.ending.value}): {winners} won. {scores}."

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
            self.covered = len(humans) > 1 and not self.teacher
            self.seat = current
        shown = None if self.teacher else self.seat
        view = match.game.view(match.state, shown)
        state = match.state
        choices = []
        if current is not None and current not in self.opponents and not self.covered and (
            self.teacher or current == self.seat
        ):
            for i, action in enumerate(match.legal_actions()):
                after = match.game.apply(state, action)
                choices.append({"index": i, "text": str(action), "target": self._target(action),
                                "preview": self._preview(state, after, current)})
        self.choices = choices
        self.scene = self._scene(view)
        self.log = [
            str(a) + (f" - {self._why[i]}" if i in self._why else "")
            for i, a in enumerate(match.history)
        ]
        self.can_undo = match.can_undo
        self.can_redo = match.can_redo
        self.description = self._text(view)
        self.summary = self._summary()
        self.version += 1

    # ------------------------------------------------------------- messages
    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        try:
            self._dispatch(content)
        except (MarketlibError, ValueError, TypeError, KeyError) as err:
            self.error = str(err)

    def _dispatch(self, content: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            self.error = f"malformed message {content!r}: expected an object with a 'type'"
            return
        kind = content["type"]
        handler = getattr(self, f"_msg_{kind}", None)
        if handler is None:
            self.error = f"unknown message type {kind!r}"
            return
        self.error = ""
        handler(content)

    def _msg_play(self, content: dict[str, Any]) -> None:
        index = content.get("index")
        version = content.get("version", self.version)
        if not isinstance(index, int) or isinstance(index, bool):
            self.error = f"'play' needs an integer index, not {index!r}"
            return
        if version != self.version:
            self.error = (f"stale click (board version {version}, now {self.version}): "
                          "the board has changed, nothing was played")
            return
        if not 0 <= index < len(self.choices):
            self.error = f"no choice {index}: there are {len(self.choices)} legal choices"
            return
        action = self.match.legal_actions()[self.choices[index]["index"]]
        self.play(action)

    def _msg_explain(self, content: dict[str, Any]) -> None:
        target = content.get("target")
        if not isinstance(target, str):
            self.error = f"'explain' needs a target string, not {target!r}"
            return
        current = self.match.current_player
        player = self.seat if current is None else (current if self.teacher else self.seat)
        action = self._intent(target, player)
        if action is None:
            self.notice = f"{target.split(':', 1)[-1]} is not something you can use right now."
            return
        why = self.match.explain(action)
        self.notice = f"{action} is legal." if why is None else f"{why.rule}: {why.reason}"

    def _msg_propose_trade(self, content: dict[str, Any]) -> None:
        self._propose(content)

    def _msg_bargain(self, content: dict[str, Any]) -> None:
        self._propose(content)

    def _propose(self, content: dict[str, Any]) -> None:
        player = self.match.current_player
        if player is None or player in self.opponents or (player != self.seat and not self.teacher):
            self.error = "a proposal can only be made by the person whose decision it is"
            return
        action = self._proposal(content, player)
        with contextlib.suppress(IllegalAction, InvalidAction):
            self.play(action)  # if refused, play() put the rule and reason in ``notice``

    def _msg_undo(self, content: dict[str, Any]) -> None:
        self.undo()

    def _msg_redo(self, content: dict[str, Any]) -> None:
        self.redo()

    def _msg_new_game(self, content: dict[str, Any]) -> None:
        seed = content.get("seed", self.match.seed + 1)
        if not isinstance(seed, int) or isinstance(seed, bool):
            self.error = f"'new_game' needs an integer seed, not {seed!r}"
            return
        self.new_game(seed)

    def _msg_set_seat(self, content: dict[str, Any]) -> None:
        seat = content.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            self.error = f"no seat {seat!r}"
            return
        self.seat = seat
        self.covered = len(self._humans()) > 1 and not self.teacher
        self._refresh()

    def _msg_teacher(self, content: dict[str, Any]) -> None:
        self.teacher = bool(content.get("on"))
        self.covered = False
        self._refresh()

    def _msg_reveal(self, content: dict[str, Any]) -> None:
        self.covered = False
        self._refresh()

    # ------------------------------------------------------------- Python API
    def play(self, action: Any) -> None:
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
        self._run_bots()
        self._refresh()

    def undo(self) -> None:
        """Undo back to the last decision of a person (bots' moves are undone with it)."""
        self.match.undo()
        while self.match.current_player in self.opponents and self.match.can_undo:
            self.match.undo()
        self._refresh()

    def redo(self) -> None:
        self.match.redo()
        while self.match.current_player in self.opponents and self.match.can_redo:
            self.match.redo()
        self._refresh()

    def new_game(self, seed: int) -> None:
        """Start a new game in the same ``Match`` (same rules) with ``seed``."""
        self.match.reset(seed)
        self._why.clear()
        self._rng = random.Random(seed)
        self.seed = seed
        self.notice = ""
        self._run_bots()
        self._refresh()

    def _run_bots(self) -> None:
        match = self.match
        for _ in range(MAX_BOT_DECISIONS):
            current = match.current_player
            if current is None or current not in self.opponents:
                return
            bot = self.opponents[current]
            legal = match.legal_actions()
            action = bot.choose(match.view(current), legal, self._rng)
            match.play(action)
            explain = getattr(bot, "explain_choice", None)
            why = explain() if callable(explain) else ""
            self._why[match.cursor - 1] = f"{type(bot).__name__}: {why}" if why else type(
                bot).__name__

    def __repr__(self) -> str:
        match = self.match
        status = "over" if match.is_over else f"P{match.current_player} to play"
        return (f"{type(self).__name__}({match.game.GAME.name}, players={len(self.seats)}, "
                f"seat={self.seat}, move {match.cursor}, {status})")
