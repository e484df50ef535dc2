"""A game as a declaration: its action table (issue 28, point 1).

Each game declares every action kind once, as one :class:`ActionKind` row of an
:class:`ActionTable`: the action's type, its verb in table notation with its arguments, the check
that says why it is illegal (a rule ID and a reason, or ``None``) and the handler that plays it.
Everything else a game used to write by hand per action kind is derived from that table: the
tuple of action types, each type's tag (its ``"type"`` in JSON and its move name in the phase
table), the checks and handlers by type, and the :class:`~marketlib.core.notation.Notation` that
reads actions back. Adding an action kind is one row (and its rule functions).

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

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from marketlib.core.errors import InvalidAction, Why
from marketlib.core.notation import Kind, Notation, Verb, verb

Check = Callable[[Any, Any, Any], Why | None]
"""``check(state, action, facts)``: why the action is illegal (a rule ID and a reason), or
``None``."""
Handler = Callable[[Any, Any], Any]
"""``handler(state, action)``: the state after a legal action (handlers never set the phase)."""


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
    """

    action: type
    verb: str
    read: Verb
    check: Check
    handler: Handler

    @property
    def tag(self) -> str:
        """The action's ``"type"`` tag in JSON, and its move name in the phase table."""
        return str(self.action.__struct_config__.tag)  # type: ignore[attr-defined]


def kind(action: type, verb_: str, *, check: Check, handler: Handler,
         keys: Mapping[str, Kind] | None = None, need_key: bool = False,
         **args: Kind) -> ActionKind:
    """Declare an action kind: its class, its notation verb and arguments (positional
    ``field=kind`` in order, ``keys`` for ``key=value`` ones, as
    :func:`~marketlib.core.notation.verb`), its check and its handler."""
    return ActionKind(action, verb_, verb(action, keys=keys, need_key=need_key, **args),
                      check, handler)


class ActionTable:
    """A game's action table: one :class:`ActionKind` per action type, and what derives from it.

    Args:
        game: the game's title, for messages (``"Bansan"``).
        kinds: every action kind, in the game's order (the order of ``types`` and of the
            notation's verbs).
        example: a typical action in notation, for messages.
        aliases: other spellings read as a verb (``{"fulfil": "fulfill"}``).

    Attributes:
        types: the action types, in order.
        tags: each type's tag.
        checks: each type's check.
        handlers: each type's handler.
        verbs: each tag's notation verb (``choose_half`` is written ``half``).
        notation: the game's table notation.
    """

    def __init__(self, game: str, kinds: tuple[ActionKind, ...], *, example: str,
                 aliases: Mapping[str, str] | None = None) -> None:
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
                                 aliases=aliases)

    def __repr__(self) -> str:
        return f"ActionTable({self.game!r}, {len(self.kinds)} kinds)"

    def kind_of(self, action: object) -> ActionKind:
        """The row of ``action``'s type.

        Raises:
            InvalidAction: ``action`` is not an action of this game.
        """
        found = self.by_type.get(type(action))
        if found is None:
            raise InvalidAction(f"{action!r} is not a {self.game} action")
        return found

