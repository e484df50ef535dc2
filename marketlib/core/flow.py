"""A small interpreter for turn structures declared as data (boardgame.io's phases).

A game declares its phases once, as a table of :class:`Phase` rows, and calls
:meth:`Flow.after` after every action, with the action's type tag. Every change of phase
happens here (a game's move handlers never set the phase):

0. The current phase's ``moves[tag]`` says where the action leads: ``None`` (stay), a phase
   name, or a function of the state that returns one (or ``None``). Leaving runs the current
   phase's ``on_end``, entering runs the new one's ``on_begin``.

Then :meth:`Flow.advance` runs the hooks in this order, and only this order:

1. If the game is over (``is_over(state)``), enter the ``over`` phase and stop.
2. If the current phase's ``end_if(state)`` is false, stop: the phase waits for more actions.
3. ``on_end(state)`` of the current phase (e.g. refill the Market, M-TURN-02/03).
4. ``next`` picks the following phase (a name, or a function of the state).
5. The state's phase is set to it, then its ``on_begin(state)`` runs.
6. Back to 1 (a phase may end as soon as it begins: e.g. a skipped stocking phase).

``Flow.allows(state, tag)`` says whether an action of type ``tag`` belongs to the current phase,
so a move from the wrong phase is reported with the phase's rule ID.

A row also declares the facts a game would otherwise keep in loose sets (issue 28): who decides
in the phase (``decides``: a key of the table's ``deciders``, e.g. ``"turn"`` for the seat whose
turn it is, ``"queue"`` for the head of a round-robin queue; ``None`` in an automatic phase),
the groups it belongs to (``groups``, e.g. ``"opening"``), and the candidate actions it offers
the deciding seat (``offers(state, seat, facts)``). :meth:`Flow.decider`, :meth:`Flow.group`,
:meth:`Flow.decided_by` and :meth:`Flow.offers` read them.

Example:
    >>> table = Flow(phases={
    ...     "play": Phase("play", {"move": lambda n: "end" if n >= 3 else None}, "R-1"),
    ...     "end": Phase("end", {}, "R-2")},
    ...     get_phase=lambda n: "end" if n >= 3 else "play",
    ...     set_phase=lambda n, name: n, is_over=lambda n: False)
    >>> table.allows(0, "move"), table.allows(0, "jump")
    (True, False)
    >>> rows = {"deal": Phase("deal", {"cut": None}, "R-3", decides="turn", groups=("opening",),
    ...                       offers=lambda n, seat, facts: [f"P{seat} cut"]),
    ...         "over": Phase("over", {}, "R-4")}
    >>> table = Flow(rows, get_phase=lambda n: "over" if n < 0 else "deal",
    ...              set_phase=lambda n, name: n, is_over=lambda n: n < 0,
    ...              deciders={"turn": lambda n: n % 2})
    >>> table.decider(3), table.decider(-1), table.offers(3, 1, None), table.group("opening")
    (1, None, ['P1 cut'], frozenset({'deal'}))

"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic, TypeVar

S = TypeVar("S")


def _never(state: object) -> bool:
    return False


def _same(state: S) -> S:
    return state


@dataclass(frozen=True)
class Phase(Generic[S]):
    """One row of a phase table.

    Attributes:
        name: the phase name stored in the state.
        moves: the action type tags playable in this phase, each with where it leads:
            ``None`` (stay in the phase), a phase name, or a function of the state after the
            move that returns a phase name or ``None``.
        rule: the rule ID that defines the phase (cited when a move is played out of phase).
        end_if: true when the phase is over.
        on_end: runs once when the phase ends.
        next: the following phase's name, or a function of the state that returns it.
        on_begin: runs once when the phase begins.
        decides: who decides in this phase, a key of :attr:`Flow.deciders` (``"turn"``,
            ``"queue"``); ``None`` where nobody does (an automatic phase, the end).
        groups: the groups the phase belongs to (``"opening"``, ``"upkeep"``), read with
            :meth:`Flow.group`.
        offers: ``offers(state, seat, facts)``: the candidate actions the phase offers the
            deciding seat, in the game's order (a superset of the legal ones, which the
            engine's checks keep; ``None``: it offers none).
        checked: ``offers`` already runs the checks (the engine lists them as they are).
    """

    name: str
    moves: Mapping[str, str | Callable[[S], str | None] | None]
    rule: str
    end_if: Callable[[S], bool] = _never
    on_end: Callable[[S], S] = _same
    next: str | Callable[[S], str] = ""
    on_begin: Callable[[S], S] = _same
    decides: str | None = None
    groups: tuple[str, ...] = ()
    offers: Callable[[S, int, Any], list[Any]] | None = None
    checked: bool = False


@dataclass(frozen=True)
class Flow(Generic[S]):
    """A phase table and the accessors it needs; see the module docstring for the hook order.

    ``deciders`` maps each kind of ``Phase.decides`` to the function that gives the deciding
    seat of a state (or of a view: anything with the fields those functions and ``get_phase``
    and ``is_over`` read)."""

    phases: Mapping[str, Phase[S]]
    get_phase: Callable[[S], str]
    set_phase: Callable[[S, str], S]
    is_over: Callable[[S], bool]
    over: str = "over"
    max_steps: int = field(default=64)
    deciders: Mapping[str, Callable[[Any], int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for row in self.phases.values():
            if row.decides is not None and row.decides not in self.deciders:
                raise ValueError(f"phase {row.name!r} is decided by {row.decides!r}, which the "
                                 "table's deciders do not name")

    def phase(self, state: S) -> Phase[S]:
        return self.phases[self.get_phase(state)]

    def decider(self, state: Any) -> int | None:
        """The seat that decides now, by the current row's ``decides`` (a state or a view);
        ``None`` once the game is over or in a phase where nobody decides."""
        if self.is_over(state):
            return None
        seat = self._deciders[self.get_phase(state)]
        return None if seat is None else seat(state)

    def offers(self, state: S, seat: int, facts: Any) -> list[Any]:
        """The candidate actions the current phase offers ``seat`` (its row's ``offers``)."""
        offer = self.phases[self.get_phase(state)].offers
        return [] if offer is None else offer(state, seat, facts)

    @cached_property
    def rows(self) -> dict[str, tuple[Callable[[Any], int] | None,
                                      Callable[[S, int, Any], list[Any]] | None]]:
        """Each phase's decider function and ``offers`` (``None``: nobody decides, it offers
        nothing), looked up once: what :meth:`decider` and :meth:`offers` read."""
        return {name: (None if row.decides is None else self.deciders[row.decides], row.offers)
                for name, row in self.phases.items()}

    @cached_property
    def _deciders(self) -> dict[str, Callable[[Any], int] | None]:
        """Each phase's decider function (``None``: nobody decides), looked up once."""
        return {name: None if row.decides is None else self.deciders[row.decides]
                for name, row in self.phases.items()}

    @cached_property
    def _groups(self) -> dict[str, frozenset[str]]:
        names: dict[str, set[str]] = {}
        for row in self.phases.values():
            for group in row.groups:
                names.setdefault(group, set()).add(row.name)
        return {group: frozenset(found) for group, found in names.items()}

    def group(self, name: str) -> frozenset[str]:
        """The phases that belong to group ``name`` (none if no row names it)."""
        return self._groups.get(name, frozenset())

    def decided_by(self, kind: str) -> frozenset[str]:
        """The phases whose ``decides`` is ``kind`` (e.g. the round-robin phases: ``"queue"``)."""
        return frozenset(n for n, row in self.phases.items() if row.decides == kind)

    def allows(self, state: S, tag: str) -> bool:
        """True when an action with type tag ``tag`` may be played in the current phase."""
        return tag in self.phase(state).moves

    def after(self, state: S, tag: str) -> S:
        """After an action of type ``tag``: follow the current phase's ``moves[tag]``, then
        :meth:`advance`."""
        is_over = self.is_over
        if is_over(state):
            return self._finished(state)
        phases = self.phases
        current = phases[self.get_phase(state)]
        target = current.moves.get(tag)
        nxt = target if target is None or isinstance(target, str) else target(state)
        if nxt is not None and nxt != current.name:
            if current.on_end is not _same:  # the default hooks change nothing: not called
                state = current.on_end(state)
            if not is_over(state):
                state = self.set_phase(state, nxt)
                begin = phases[nxt].on_begin
                if begin is not _same:
                    state = begin(state)
            return self.advance(state)
        end_if = current.end_if  # the phase still waits (most actions): nothing to settle
        if end_if is _never or not end_if(state):
            return state
        return self._settle(state, current)  # advance from a phase known, the game not over

    def begin(self, state: S, name: str) -> S:
        """Enter phase ``name`` (running its ``on_begin``) and advance as far as possible."""
        state = self.set_phase(state, name)
        state = self.phases[name].on_begin(state)
        return self.advance(state)

    def advance(self, state: S) -> S:
        """Run the end/next/begin hooks until a phase waits for an action or the game is over.

        Raises:
            RuntimeError: if more than ``max_steps`` phases end in a row (a broken table).
        """
        if self.is_over(state):
            return self._finished(state)
        return self._settle(state, self.phases[self.get_phase(state)])

    def _settle(self, state: S, current: Phase[S]) -> S:
        """:meth:`advance` of a state not over whose phase is ``current`` (steps 2 to 6 of the
        module docstring, then 1 again)."""
        is_over, phases, get_phase, set_phase = (self.is_over, self.phases, self.get_phase,
                                                 self.set_phase)
        for _ in range(self.max_steps):
            end_if = current.end_if
            if end_if is _never or not end_if(state):
                return state
            if current.on_end is not _same:  # the default hooks change nothing: not called
                state = current.on_end(state)
            if is_over(state):
                return self._finished(state)
            nxt = current.next if isinstance(current.next, str) else current.next(state)
            state = set_phase(state, nxt)
            begin = phases[nxt].on_begin
            if begin is not _same:
                state = begin(state)
            if is_over(state):
                return self._finished(state)
            current = phases[get_phase(state)]
        raise RuntimeError(f"phase table did not settle after {self.max_steps} steps")

    def _finished(self, state: S) -> S:
        """The game is over: the state enters the ``over`` phase (once)."""
        if self.get_phase(state) != self.over and self.over in self.phases:
            state = self.set_phase(state, self.over)
        return state
