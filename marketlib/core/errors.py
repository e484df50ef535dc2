"""Errors raised by marketlib.

Every error a user can provoke names what is wrong: an illegal move names the rule it breaks
(``IllegalAction.rule``, a rule ID of the docs' game pages such as ``"M-STEAL-03"``), bad card
data names the file, row and column, and a bad save file names the file and the field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

RuleId = str
"""A rule ID such as ``"M-STEAL-03"`` or ``"B-BUY-02"`` (see the docs' rules reference)."""


class Violation(msgspec.Struct, frozen=True, kw_only=True):
    """Why an action is illegal: the rule it breaks and a sentence a learner understands.

    Returned by every game's ``explain(state, action)``; ``None`` there means the action is legal.
    """

    rule: RuleId
    reason: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"


def violation(rule: RuleId, reason: str) -> Violation:
    """Shorthand for ``Violation(rule=rule, reason=reason)``, used by every game's rule checks.

    Example:
        >>> str(violation("B-BUY-07", "you have RM2"))
        'B-BUY-07: you have RM2'
    """
    return Violation(rule=rule, reason=reason)


class Refusal(msgspec.Struct, frozen=True):
    """A :class:`Violation` whose sentence is written only when someone reads it.

    ``legal_actions`` runs the same checks as ``explain`` on every candidate action and only
    asks whether each returns ``None``, so a check on a hot path may return ``refuse(rule,
    say)`` (``say`` writes the sentence) instead of a ready :class:`Violation`; ``explain``
    turns it into one with :func:`settle`.
    """

    rule: RuleId
    say: Any

    def violation(self) -> Violation:
        """The :class:`Violation`, its sentence written now."""
        return Violation(rule=self.rule, reason=self.say())


Why = Violation | Refusal
"""What a rule check returns for an illegal action (``None`` for a legal one)."""


def refuse(rule: RuleId, say: Callable[[], str]) -> Refusal:
    """A lazily worded violation of ``rule``: ``say()`` writes the sentence when it is needed.

    Example:
        >>> why = refuse("M-STEAL-03", lambda: "P1 has 4 cards and you have 5")
        >>> settle(why)
        Violation(rule='M-STEAL-03', reason='P1 has 4 cards and you have 5')
    """
    return Refusal(rule, say)


def settle(why: Why | None) -> Violation | None:
    """A check's answer as ``explain`` returns it: a :class:`Violation` (or ``None``)."""
    if why is None or type(why) is Violation:
        return why
    assert isinstance(why, Refusal)
    return why.violation()


class MarketlibError(Exception):
    """Base class of every error marketlib raises on purpose."""


class IllegalAction(MarketlibError):
    """A well-formed action that the rules forbid in this state.

    Attributes:
        action: the action that was refused.
        rule: the rule ID it breaks (never empty), e.g. ``"M-STEAL-03"``.
        reason: one sentence saying why, for a learner.

    The state the action was applied to is never changed (states are immutable).
    """

    def __init__(self, action: object, rule: RuleId, reason: str) -> None:
        if not rule:
            raise ValueError("IllegalAction needs a rule ID")
        self.action = action
        self.rule = rule
        self.reason = reason
        super().__init__(f"{rule}: {reason} (action: {action})")

    @classmethod
    def from_violation(cls, action: object, violation: Violation) -> IllegalAction:
        return cls(action, violation.rule, violation.reason)

    @property
    def violation(self) -> Violation:
        return Violation(rule=self.rule, reason=self.reason)


class InvalidAction(MarketlibError, ValueError):
    """A value that is not an action of this game at all (wrong type, unknown card, bad text)."""


def action_text(action: object) -> str:
    """How an error message shows ``action``: as the table writes it (``P0 tuck PC-99 ST-01``)
    when every field has its declared type, else its ``repr``, so a wrong type shows
    (``player='0'``).

    Example:
        >>> from marketlib.monsoon import Steal
        >>> action_text(Steal(player=1, card="MG-99")), action_text(Steal(player="1", card="MG-9"))
        ('P1 steal MG-99', "Steal(player='1', card='MG-9')")
        >>> from marketlib.monsoon import Declare
        >>> action_text(Declare(player=0, level="gold"))  # a str where a Level belongs
        "Declare(player=0, level='gold')"
    """
    if isinstance(action, msgspec.Struct):
        try:  # the declared types, as msgspec reads them back from the fields' values
            typed = msgspec.convert(msgspec.to_builtins(action), type(action))
        except (msgspec.ValidationError, TypeError):
            return repr(action)
        fields = zip(msgspec.structs.astuple(typed), msgspec.structs.astuple(action), strict=True)
        if all(type(want) is type(got) for want, got in fields):
            return str(action)
    return repr(action)


class ConformanceError(AssertionError):
    """A broken promise found by the conformance kit (``marketlib.core.testing``), with the seed
    and decision number that reproduce it."""


class CardDataError(MarketlibError, ValueError):
    """A card or rules data file is broken.

    Attributes:
        file: the path of the file (as given).
        row: the 1-based line number in the file (the header is line 1), or ``None``.
        column: the column or key name, or ``None``.
        problem: what is wrong.
    """

    def __init__(
        self, file: str, problem: str, *, row: int | None = None, column: str | None = None
    ) -> None:
        self.file = file
        self.row = row
        self.column = column
        self.problem = problem
        where = file
        if row is not None:
            where += f", row {row}"
        if column is not None:
            where += f", column {column!r}"
        super().__init__(f"{where}: {problem}")


class SaveFileError(MarketlibError, ValueError):
    """A save file cannot be loaded: it names the file, the field and the problem.

    Nothing in a save file is ever executed or unpickled; it is validated JSON.
    """

    def __init__(self, file: str, problem: str, *, field: str | None = None) -> None:
        self.file = file
        self.field = field
        self.problem = problem
        where = file if field is None else f"{file}, field {field!r}"
        super().__init__(f"{where}: {problem}")


class PositionError(MarketlibError, ValueError):
    """A hand-built position is inconsistent; ``field`` names the part of the spec that is wrong."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


class NotYourMove(MarketlibError, ValueError):
    """A preview asked for another seat's move from a seat's view: a preview is its mover's
    own (:func:`marketlib.core.game.check_own_move`)."""


class UndoBlocked(MarketlibError):
    """Undo refused in play mode: the step revealed new information (a card was drawn)."""


class TimelineError(MarketlibError, IndexError):
    """A position that is not on the game's timeline (``Match.goto``)."""


def describe_validation_error(err: Exception) -> str:
    """One line from a msgspec validation error (used to report bad rules or save files)."""
    return str(err).replace("\n", " ")


__all__: list[Any] = [
    "CardDataError",
    "IllegalAction",
    "InvalidAction",
    "MarketlibError",
    "NotYourMove",
    "PositionError",
    "Refusal",
    "RuleId",
    "SaveFileError",
    "TimelineError",
    "UndoBlocked",
    "Violation",
    "Why",
    "action_text",
    "refuse",
    "settle",
    "violation",
]
