"""Per-game evaluation for the generic bots: one :class:`Heuristic` per game.

A heuristic turns a full (determinized) state into numbers a search can compare, and a chosen
line of play into a sentence a learner can read. The generic search code in
``marketlib.bots`` (``GreedyBot``, ``ISMCTSBot``) knows nothing about either game: it asks
:func:`heuristic_for` for the game's heuristic.

A game without a dedicated heuristic gets :class:`NeutralHeuristic` (every unfinished state is
worth 0.5), so the bots still play every game legally.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Hashable, Sequence
from typing import Any, NamedTuple, Protocol

from marketlib.core import registry
from marketlib.core.game import GameModule, Outcome, PlayerId
from marketlib.core.i18n import N_, Later, _, named, naming_moves, said


class ReviewMeasure(NamedTuple):
    """What the coach's review reads a seat's result in at a decision (a game's heuristic
    may carry ``review_measure(rules, state)`` giving one, or ``None`` for the score):
    ``unit`` (a word for the catalogue, ``N_``), ``worth(state, seat)`` (the estimate
    in a position, the real result of a finished game), ``shared`` (the same for every
    seat, so its rises while the seat waited are the table's, not the seat's own) and
    ``note`` (a sentence for the catalogue a review reads out once where it used the measure:
    what it leaves out)."""

    unit: str
    worth: Callable[[Any, PlayerId], float]
    shared: bool = False
    note: str = ""


class Heuristic(Protocol):
    """What the bots need to know about one game.

    Every method is pure: it reads a state and never changes it. A heuristic may also offer
    ``metric_reader(players)``: a fresh :data:`MetricReader` for one game, giving every seat's
    :meth:`metric_row` for each state it is given. A simulation asks at the end of every turn,
    so a reader may remember the last state's rows and answer the next one from what did not
    change (Monsoon Market's does); without one, :func:`metric_reader` asks seat by seat. And
    ``waiting_on(state)``: the seat whose turn waits for another seat's answer (Bansan: the
    maker of an open offer), else ``None``; the coach's review lets the answer be played before
    it reads a position (a game without offers has no such method). The coach's review also
    asks, where a heuristic has them, ``strength(state, seat)`` (its estimate of a seat's final
    result, in the score's unit; else :meth:`score`) and ``review_measure(rules, state)`` (a
    measure other than the score while the rules say so, as Bansan's Kenduri's Menu lists;
    ``None``: the score): the heuristic object carries them, nothing is found by its module's
    path (issue 28).
    """

    def evaluate(self, state: Any, player: PlayerId) -> float:
        """How good ``state`` is for ``player``: 0.0 (lost) .. 1.0 (won)."""
        ...

    def prune(self, state: Any, actions: Sequence[Any], root: Any = None) -> Sequence[Any]:
        """The legal actions worth searching (a non-empty subset of ``actions``). ``root`` is
        the position the search started from (``None``: unknown): a prune that walks a set of
        moves in one order only (a spend's cards by card ID) counts that order from the moves
        made since ``root``, as the moves before it may have been made in any order (a
        person's, or a computer player's that took over a turn part-played). A heuristic
        written before ``root`` existed (``prune(state, actions)``) still works: the search
        passes ``root`` only to a ``prune`` that names it (:func:`pruner`)."""
        ...

    def canonical(self, state: Any) -> Hashable:
        """A key equal for states that only differ in irrelevant order (transpositions)."""
        ...

    beam: int
    """Positions a turn search keeps per checkpoint layer (see :meth:`checkpoint`)."""

    rollout_turns: int
    """Turns an ``ISMCTSBot`` playout plays after its root line unless told otherwise."""

    exploration: float
    """The UCB1 constant of an ``ISMCTSBot`` unless told otherwise (values are in 0..1)."""

    def checkpoint(self, state: Any) -> bool:
        """True at a quiet position inside a long turn where partial lines may be compared
        (a turn search keeps only the best ``beam`` positions of each such layer); always
        False for a game whose turns are searched exhaustively."""
        ...

    def public_key(self, state: Any) -> Hashable:
        """The public table without counters or hidden parts, to spot repeated positions."""
        ...

    def rollout_action(self, state: Any, actions: Sequence[Any], rng: Any) -> Any:
        """A cheap playout move (default: uniform at random)."""
        ...

    def describe(self, before: Any, actions: Sequence[Any], after: Any, player: PlayerId) -> str:
        """One sentence for a learner: what ``actions`` do and why they were chosen (a
        :class:`~marketlib.core.i18n.Later` of the game's: its English, worded in the reader's
        language where it is read, with :func:`~marketlib.core.i18n.said`)."""
        ...

    def metrics(self, state: Any, player: PlayerId) -> dict[str, float | int]:
        """Per-seat numbers for the simulation's ``turns`` frame (always includes ``score``)."""
        ...

    def metric_row(self, state: Any, player: PlayerId) -> tuple[float | int, ...]:
        """``tuple(metrics(state, player).values())``, cheaper (the tuple may be shared, never
        change it)."""
        ...

    def score(self, state: Any, player: PlayerId) -> float:
        """``metrics(state, player)["score"]`` alone (searches ask for it at every leaf)."""
        ...


Row = tuple[float | int, ...]
"""One seat's :meth:`Heuristic.metric_row`."""
MetricReader = Callable[[Any], tuple[Row, ...]]
"""``reader(state)``: every seat's metric row (seat order) for a state of the game it was made
for; the tuples may be shared between calls, never change them."""


def seat_by_seat(metric_row: Callable[[Any, PlayerId], Row], players: int) -> MetricReader:
    """A reader that asks ``metric_row`` for every seat of every state (it remembers nothing).

    Example:
        >>> read = seat_by_seat(lambda state, seat: (state * 10 + seat,), 2)
        >>> read(4)
        ((40,), (41,))
    """
    seats = range(players)

    def read(state: Any) -> tuple[Row, ...]:
        return tuple([metric_row(state, s) for s in seats])

    return read


def metric_reader(heuristic: Heuristic, players: int) -> MetricReader:
    """``heuristic.metric_reader(players)`` if it has one, else a reader that asks its
    ``metric_row`` seat by seat."""
    make = getattr(heuristic, "metric_reader", None)
    return seat_by_seat(heuristic.metric_row, players) if make is None else make(players)


def outcome_value(result: Outcome, player: PlayerId) -> float:
    """1.0 for a sole win, 1/k for a win shared by k seats, 0.0 for a loss (or collective loss)."""
    if player in result.winners:
        return 1.0 / len(result.winners)
    return 0.0


class NeutralHeuristic:
    """The fallback for a game with no dedicated heuristic: only finished games have a value."""

    def __init__(self, game: GameModule) -> None:
        self.game = game

    def evaluate(self, state: Any, player: PlayerId) -> float:
        result = self.game.outcome(state)
        return 0.5 if result is None else outcome_value(result, player)

    def prune(self, state: Any, actions: Sequence[Any], root: Any = None) -> Sequence[Any]:
        return actions

    def canonical(self, state: Any) -> Hashable:
        key: Hashable = state
        return key

    beam = 8
    rollout_turns = 1
    exploration = 0.1

    def checkpoint(self, state: Any) -> bool:
        return False

    def public_key(self, state: Any) -> Hashable:
        key: Hashable = self.game.view(state, None)
        return key

    def rollout_action(self, state: Any, actions: Sequence[Any], rng: Any) -> Any:
        return rng.choice(actions)

    def describe(self, before: Any, actions: Sequence[Any], after: Any, player: PlayerId) -> str:
        return Later(N_("plays {moves}."), moves=", ".join(
            line_moves(self.game.apply, before, actions)))  # each without the seat, which a
        # reason or a hint says before it ("GreedyBot: plays take 3.", "Why: P0 plays take 3.")

    def metrics(self, state: Any, player: PlayerId) -> dict[str, float | int]:
        return {"score": self.score(state, player)}

    def metric_row(self, state: Any, player: PlayerId) -> tuple[float | int, ...]:
        return (self.score(state, player),)

    def score(self, state: Any, player: PlayerId) -> float:
        result = self.game.outcome(state)
        return 0 if result is None else result.scores[player]


def line_moves(apply: Callable[[Any, Any], Any] | None, before: Any, actions: Sequence[Any],
               *, step: bool = True) -> tuple[str, ...]:
    """Each move of a line played from ``before`` as a sentence names it
    (:func:`~marketlib.core.i18n.named`): its table notation (``step``: without the seat), or,
    when a board names moves by their buttons' words (:func:`~marketlib.core.i18n.naming`),
    each worded in the position it is played in, the line replayed with ``apply`` (it is
    legal there: it was found in ``before``; ``None``: each worded at ``before``).

    Example:
        >>> from marketlib import bansan
        >>> s = bansan.position(players=2, phase="actions", rents={0: ["FV"], 1: ["WG"]})
        >>> line = [bansan.parse_action("P0 empty PL"), bansan.parse_action("P0 end-actions")]
        >>> line_moves(bansan.apply, s, line)
        ('empty PL', 'end-actions')
    """
    if not naming_moves():
        return tuple(named(before, a, step=step) for a in actions)
    out = []
    for action in actions:
        out.append(named(before, action, step=step))
        if apply is not None:
            before = apply(before, action)
    return tuple(out)


def one_after_another(steps: Sequence[str]) -> str:
    """The steps of a turn in the order played, in the language in force ("A, then B, then
    C"; a translator words ``{first}, then {next}``; a step that is a
    :class:`~marketlib.core.i18n.Later` is worded too), or ``""`` for none. A sentence that
    quotes it keeps it for later with ``Later.by(one_after_another, steps)``.

    Example:
        >>> one_after_another(["sell MT", "pick PC-63", "done"])
        'sell MT, then pick PC-63, then done'
    """
    text = said(steps[0]) if steps else ""
    for step in steps[1:]:
        text = _("{first}, then {next}").format(first=text, next=said(step))
    return text


REPEAT_PENALTY = 0.04
"""Value taken off a line for each time its end position was already seen in this game, so
bots do not steal the same card back and forth for ever."""


class Repetitions:
    """The public positions a bot has seen in the current game (its memory between choices).

    Copies are cheap whatever the length of the game (a board keeps one per position for
    undo): a deep copy shares the sightings, which are only ever appended, and keeps its own
    count of them; a copy that adds after the original has added more takes its own list then.
    """

    __slots__ = ("_counts", "_log", "_size")

    def __init__(self) -> None:
        self._log: list[Hashable] = []  # every sighting in order; copies share a prefix of it
        self._size = 0  # how much of _log is this memory's
        self._counts: dict[Hashable, int] | None = {}  # sightings per key (None: count again)

    def add(self, key: Hashable) -> None:
        """Count one more sighting of ``key``."""
        if len(self._log) != self._size:  # a copy whose original went on: part ways
            self._log = self._log[: self._size]
        self._log.append(key)
        self._size += 1
        if self._counts is not None:
            self._counts[key] = self._counts.get(key, 0) + 1

    def penalty(self, key: Hashable) -> float:
        """``REPEAT_PENALTY`` times the sightings of ``key``."""
        counts = self._counts
        if counts is None:
            counts = self._counts = {}
            for seen in self._log[: self._size]:
                counts[seen] = counts.get(seen, 0) + 1
        return REPEAT_PENALTY * counts.get(key, 0)

    def __len__(self) -> int:
        return self._size

    def __deepcopy__(self, memo: dict[int, Any]) -> Repetitions:
        twin = Repetitions.__new__(Repetitions)
        twin._log, twin._size, twin._counts = self._log, self._size, None
        return twin


def heuristic_for(game: GameModule) -> Heuristic:
    """The heuristic a game's registry entry names (its ``heuristic``), or the neutral one (for
    a game without one, or not registered).

    Example:
        >>> from marketlib import monsoon
        >>> type(heuristic_for(monsoon)).__name__
        'MonsoonHeuristic'
    """
    try:
        path = registry.entry_of(game).heuristic
    except ValueError:  # a game module nobody registered: it can still be played
        path = ""
    if not path:
        return NeutralHeuristic(game)
    found: Heuristic = registry.load(path)
    return found


def pruner(heuristic: Heuristic) -> Callable[[Any, Sequence[Any], Any], Sequence[Any]]:
    """``heuristic.prune`` as a search calls it, with the search's root: the method itself when
    it takes ``root``, else a call without it (a heuristic written to the older
    ``prune(state, actions)``; helper-114 found such a one failing with a ``TypeError``)."""
    prune = heuristic.prune
    if _takes_root(type(heuristic)):
        return prune
    return lambda state, actions, root: prune(state, actions)


@functools.cache
def _takes_root(kind: type[Any]) -> bool:
    try:
        return "root" in inspect.signature(kind.prune).parameters
    except (AttributeError, TypeError, ValueError):  # no signature to read: the old form
        return False


__all__ = ["REPEAT_PENALTY", "Heuristic", "MetricReader", "NeutralHeuristic", "Repetitions",
           "ReviewMeasure", "Row", "heuristic_for", "metric_reader", "one_after_another",
           "outcome_value", "pruner", "seat_by_seat"]
