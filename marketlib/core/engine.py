"""A game as a declaration that core runs: the action table and the engine (issue 28, point 1).

Each game declares every action kind once, as one :class:`ActionKind` row of an
:class:`ActionTable`: the action's type, its verb in table notation with its arguments, the check
that says why it is illegal (a rule ID and a reason, or ``None``) and the handler that plays it.
Everything else a game used to write by hand per action kind is derived from that table: the
tuple of action types, each type's tag (its ``"type"`` in JSON and its move name in the phase
table), the checks and handlers by type, and the :class:`~marketlib.core.notation.Notation` that
reads actions back. Adding an action kind is one row (and its rule functions).

:class:`Engine` writes ``explain``, ``legal_actions`` and ``apply`` once for every game (pgx
writes ``step`` once in its core): a game hands it its action table, its phase table
(:class:`~marketlib.core.flow.Flow`) and a few hooks for what differs between games (who
decides, who may act out of turn, the candidate actions of a step, what happens around every
step). The order in which ``explain`` asks is written in :meth:`Engine.explain`.

Example:
    >>> import msgspec
    >>> class Wave(msgspec.Struct, frozen=True, kw_only=True, tag="wave"):
    ...     player: int
    ...     def __str__(self) -> str:
    ...         return f"P{self.player} wave"
    >>> table = ActionTable("Example", (
    ...     kind(Wave, "wave", check=lambda s, a, f: None, handler=lambda s, a: s),),
    ...     example="P0 wave")
    >>> table.tags[Wave], str(table.notation.parse("p1 WAVE"))
    ('wave', 'P1 wave')
    >>> table.kind_of(3)
    Traceback (most recent call last):
    ...
    marketlib.core.errors.InvalidAction: 3 is not a Example action
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Generic, TypeVar

from marketlib.core import memo
from marketlib.core.errors import (
    IllegalAction,
    InvalidAction,
    Violation,
    Why,
    action_text,
    settle,
)
from marketlib.core.flow import Flow
from marketlib.core.notation import Kind, Notation, Verb, verb

S = TypeVar("S")

Check = Callable[[Any, Any, Any], Why | None]
"""``check(state, action, facts)``: why the action is illegal (a rule ID and a reason), or
``None``."""
Handler = Callable[[Any, Any], Any]
"""``handler(state, action)``: the state after a legal action (handlers never set the phase)."""
Fields = Callable[[Any, Any], str | None]
"""``fields(state, action)``: what is malformed in an action's fields beyond its seat (a card,
stall or list not in play, a value of the wrong kind), or ``None``."""


@dataclass(frozen=True)
class ActionKind:
    """One action kind, declared once (made by :func:`kind`).

    Attributes:
        action: the action's class (a tagged ``msgspec.Struct``; ``str(action)`` writes it in
            table notation with :attr:`verb`).
        verb: its verb in table notation (``"empty"``, ``"spend-bonus"``).
        read: how the notation reads its arguments (a :class:`~marketlib.core.notation.Verb`).
        check: why an action of this kind is illegal in a state, or ``None`` (rule-cited).
        handler: plays a legal action of this kind.
        fields: what is malformed in its fields beyond the seat, or ``None`` (the engine
            refuses a malformed action with ``InvalidAction`` before any rule is asked).
    """

    action: type
    verb: str
    read: Verb
    check: Check
    handler: Handler
    fields: Fields | None = None

    @property
    def tag(self) -> str:
        """The action's ``"type"`` tag in JSON, and its move name in the phase table."""
        return str(self.action.__struct_config__.tag)  # type: ignore[attr-defined]


def kind(action: type, verb_: str, *, check: Check, handler: Handler,
         keys: Mapping[str, Kind] | None = None, need_key: bool = False,
         fields: Fields | None = None, **args: Kind) -> ActionKind:
    """Declare an action kind: its class, its notation verb and arguments (positional
    ``field=kind`` in order, ``keys`` for ``key=value`` ones, as
    :func:`~marketlib.core.notation.verb`), its check, its handler and what makes its fields
    malformed (``fields``)."""
    return ActionKind(action, verb_, verb(action, keys=keys, need_key=need_key, **args),
                      check, handler, fields)


class ActionTable:
    """A game's action table: one :class:`ActionKind` per action type, and what derives from it.

    Args:
        game: the game's title, for messages (``"Bansan"``).
        kinds: every action kind, in the game's order (the order of ``types`` and of the
            notation's verbs).
        example: a typical action in notation, for messages.
        aliases: other spellings read as a verb (``{"fulfil": "fulfill"}``).
        hints: words people type that are no verb, with what to write instead
            (:class:`~marketlib.core.notation.Notation`).

    Attributes:
        types: the action types, in order.
        tags: each type's tag.
        checks: each type's check.
        handlers: each type's handler.
        verbs: each tag's notation verb (``choose_half`` is written ``half``).
        notation: the game's table notation.
    """

    def __init__(self, game: str, kinds: tuple[ActionKind, ...], *, example: str,
                 aliases: Mapping[str, str] | None = None,
                 hints: Mapping[str, str] | None = None) -> None:
        self.game = game
        self.kinds = kinds
        self.by_type: dict[type, ActionKind] = {k.action: k for k in kinds}
        if len(self.by_type) != len(kinds):
            raise ValueError(f"{game}: an action type is declared twice")
        self.types: tuple[type, ...] = tuple(k.action for k in kinds)
        self.tags: dict[type, str] = {k.action: k.tag for k in kinds}
        self.checks: dict[type, Check] = {k.action: k.check for k in kinds}
        self.handlers: dict[type, Handler] = {k.action: k.handler for k in kinds}
        self.verbs: dict[str, str] = {k.tag: k.verb for k in kinds}
        self.notation = Notation(game, {k.verb: k.read for k in kinds}, example=example,
                                 aliases=aliases, hints=hints)

    def __repr__(self) -> str:
        return f"ActionTable({self.game!r}, {len(self.kinds)} kinds)"

    def kind_of(self, action: object) -> ActionKind:
        """The row of ``action``'s type.

        Raises:
            InvalidAction: ``action`` is not an action of this game.
        """
        found = self.by_type.get(type(action))
        if found is None:
            if isinstance(action, str):  # notation where an action was wanted
                raise InvalidAction(
                    f"{action!r} is text, not a {self.game} action: read table notation "
                    "with parse_action first (Match.play and Match.explain take it as text)")
            raise InvalidAction(f"{action!r} is not a {self.game} action")
        return found


class AnyPhase:
    """The type of :data:`ANY_PHASE`."""

    def __repr__(self) -> str:
        return "ANY_PHASE"


ANY_PHASE: Final = AnyPhase()
"""What a game's ``gate`` returns for an action the phase table does not bind (an any-time
action, an answer to an offer): the engine goes straight to its check."""

Gate = Callable[[Any, Any], Violation | AnyPhase | None]
"""``gate(state, action)``: who may act now. A :class:`Violation` refuses the action (the game
is over, not your decision, an offer to answer first); ``None`` lets the phase table judge it;
:data:`ANY_PHASE` skips the phase table."""


@dataclass(frozen=True)
class Engine(Generic[S]):
    """``explain``, ``legal_actions`` and ``apply`` for one game, from its declarations.

    Attributes:
        actions: the game's action table.
        flow: the game's phase table; ``apply`` ends with ``flow.after(state, tag)``.
        decider: the seat that decides next, ``None`` once the game is over.
        facts: what the checks ask about one state, worked out once per call and shared by
            every check of it (``Facts(state)``).
        check_ids: raises :class:`~marketlib.core.errors.InvalidAction` for an action of the
            game's type whose fields name nothing in play (an unknown card, seat, stall); the
            action table's ``fields`` of each kind are asked after it.
        gate: who may act now (see :data:`Gate`): the turn rules, out-of-turn and any-time
            actions, the game's end.
        out_of_phase: the refusal of an action whose tag the current phase does not offer
            (the phase's rule ID, in the game's words).
        candidates: the well-formed actions of the deciding seat in this step, in the game's
            order (a superset of the legal ones: the engine keeps those whose check passes).
        listed: legal actions the game lists itself after the candidates, already checked
            (Bansan's Action Phase choices and R&R options); none by default.
        before: runs on the state before every handler (Bansan clears the last transfers).
        after: ``after(before, new, action)`` runs after every handler and before the phase
            table (Monsoon's stalemate counters, A-M-26).
    """

    actions: ActionTable
    flow: Flow[S]
    decider: Callable[[S], int | None]
    facts: Callable[[S], Any]
    check_ids: Callable[[S, Any], None]
    gate: Gate
    out_of_phase: Callable[[S, str], Violation]
    candidates: Callable[[S, int, Any], Iterable[Any]]
    listed: Callable[[S, int, Any], list[Any]] | None = None
    before: Callable[[S], S] | None = None
    after: Callable[[S, S, Any], S] | None = None
    _by_row: bool = field(default=False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_row", self.decider == self.flow.decider
                           and self.candidates == self.flow.offers)

    def explain(self, state: S, action: Any) -> Violation | None:
        """Why ``action`` is illegal in ``state``, or ``None``. Asks in this order, and only
        this order: is it an action of this game (else ``InvalidAction``); are its fields
        well-formed (``check_ids``, else ``InvalidAction``); may its seat act now (``gate``);
        does the current phase offer it (``flow.allows``, else ``out_of_phase``, unless the
        gate said :data:`ANY_PHASE`); and finally its own check from the action table.

        Raises:
            InvalidAction: ``action`` is not an action of this game, or is malformed.
        """
        kind = self.actions.kind_of(action)
        self.check_ids(state, action)
        if kind.fields is not None:
            wrong = kind.fields(state, action)
            if wrong is not None:
                raise InvalidAction(f"{action_text(action)}: {wrong}")
        why = self.gate(state, action)
        if why is None:
            tag = kind.tag
            if not self.flow.allows(state, tag):
                return self.out_of_phase(state, tag)
        elif isinstance(why, Violation):
            return why
        return settle(kind.check(state, action, self.facts(state)))

    def legal_actions(self, state: S) -> tuple[Any, ...]:
        """Every legal action of the deciding seat, in a fixed order (empty once the game is
        over): the candidates whose check passes, then the game's own ``listed`` ones. The
        answer is remembered (:mod:`marketlib.core.memo`) so ``apply`` need not check again."""
        flow = self.flow
        if self._by_row:  # the phase table's decider and offers: its row looked up once
            if flow.is_over(state):
                return memo.remember(state, ())
            decides, offers = flow.rows[flow.get_phase(state)]
            seat = None if decides is None else decides(state)
            if seat is None:
                return memo.remember(state, ())
            facts = self.facts(state)
            candidates: Iterable[Any] = [] if offers is None else offers(state, seat, facts)
        else:
            seat = self.decider(state)
            if seat is None:
                return memo.remember(state, ())
            facts = self.facts(state)
            candidates = self.candidates(state, seat, facts)
        checks = self.actions.checks
        out = [a for a in candidates if checks[type(a)](state, a, facts) is None]
        listed = None if self.listed is None else self.listed(state, seat, facts)
        return memo.remember(state, tuple(out + listed if listed else out))

    def apply(self, state: S, action: Any) -> S:
        """Play ``action`` and return the new state; ``state`` itself is never changed: check
        it (:meth:`explain`, skipped when ``legal_actions`` just listed it), run its handler
        from the action table, ``after``, then the phase table's ``after`` with its tag.

        Raises:
            IllegalAction: the rules forbid the action (``.rule`` names the rule).
            InvalidAction: the value is not an action of this game.
        """
        if not memo.known_legal(state, action):
            why = self.explain(state, action)
            if why is not None:
                raise IllegalAction.from_violation(action, why)
        kind = type(action)  # apply_legal's steps, written out (every step's path)
        table = self.actions
        new = table.handlers[kind](state if self.before is None else self.before(state), action)
        if self.after is not None:
            new = self.after(state, new, action)
        return self.flow.after(new, table.tags[kind])

    def apply_legal(self, state: S, action: Any) -> S:
        """:meth:`apply` without the checks, for an action known to be legal: taken from
        ``legal_actions`` (or ``any_time_actions``) of ``state``, or of a state its seat cannot
        tell apart from ``state`` (a board's previews, in a world rebuilt from the seat's
        view). Whatever a person or a program sends goes through :meth:`apply`, which checks
        it; an illegal action here gives an undefined state."""
        kind = type(action)
        table = self.actions
        new = table.handlers[kind](state if self.before is None else self.before(state), action)
        if self.after is not None:
            new = self.after(state, new, action)
        return self.flow.after(new, table.tags[kind])
