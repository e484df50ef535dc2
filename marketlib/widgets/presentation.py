"""A game's presentation table (issue 28, point 4): one row per action kind, saying how a board
shows it and reads a click back.

Each :class:`Shown` row gives, for one action type of the game's action table
(:class:`~marketlib.core.engine.ActionTable`): its button ``label`` (the game's words,
``marketlib.<game>.words.LABELS``, worded from the seat's view and the rules in force), its
button ``verb`` (the short tag the front end styles a button by; the notation verb unless the
row says otherwise), the on-board ``target`` it is about, and the ``clicks`` it answers: for a
target kind (``"bin"`` of ``bin:PL``) or a whole button target (``"button:done"``), the action
a click on it means now, or ``None``. A :class:`Presentation` collects the rows of one game and
refuses a table that leaves an action kind out, so a new kind cannot reach a board unlabelled.

Example:
    >>> import msgspec
    >>> from marketlib.core.engine import ActionTable, kind
    >>> class Wave(msgspec.Struct, frozen=True, kw_only=True, tag="wave"):
    ...     player: int
    ...     def __str__(self) -> str:
    ...         return f"P{self.player} wave"
    >>> actions = ActionTable("Example", (
    ...     kind(Wave, "wave", check=lambda s, a, f: None, handler=lambda s, a: s),),
    ...     example="P0 wave")
    >>> shown = Presentation(actions, {Wave: lambda view, a: "Wave hello"}, (
    ...     row(Wave, target=lambda a: "button:wave",
    ...         clicks={"button:wave": lambda view, name, p: Wave(player=p)}),))
    >>> a = Wave(player=0)
    >>> shown.label(None, a), shown.verb(a), shown.target(a), shown.intent(None, "button:wave", 1)
    ('Wave hello', 'wave', 'button:wave', Wave(player=1))
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from marketlib.core.engine import ActionTable

Label = Callable[[Any, Any], str]
"""``label(view, action)``: the words of a button."""
Intent = Callable[[Any, str, int], Any]
"""``intent(view, name, player)``: the action a click on a target means now (``name``: what
follows the target kind, ``PL`` of ``bin:PL``), or ``None``."""


@dataclass(frozen=True)
class Row:
    """One action kind as a game's presentation table declares it (made by :func:`row`)."""

    action: type
    target: Callable[[Any], str]
    verb: str | None = None
    clicks: Mapping[str, Intent] = field(default_factory=dict)


def row(action: type, *, target: Callable[[Any], str], verb: str | None = None,
        clicks: Mapping[str, Intent] | None = None) -> Row:
    """Declare how ``action`` is shown: its on-board ``target``, its button ``verb`` when it is
    not the notation verb, and the ``clicks`` (target kind or whole target -> intent) that
    mean it."""
    return Row(action, target, verb, dict(clicks or {}))


@dataclass(frozen=True)
class Shown:
    """One action kind as a board shows it: the row with its label and verb filled in."""

    action: type
    label: Label
    verb: str
    target: Callable[[Any], str]
    clicks: Mapping[str, Intent]
    steady: bool = False
    """Its label reads only the action and the rules in force, never the position (the
    game's ``words.STEADY_LABELS``), or the position only through :attr:`reads`:
    :meth:`Presentation.choice` words it once (per value read)."""
    reads: Callable[[Any], Any] | None = None
    """The one value of the position its label reads (the game's ``words.LABEL_READS``)."""


STEADY_KEPT = 4096
"""How many steady choices a presentation table keeps per rules (then it starts again)."""


class Presentation:
    """A game's presentation table: a :class:`Shown` per action kind of ``actions``.

    Args:
        actions: the game's action table (its kinds and notation verbs).
        labels: the game's button words by action type (``marketlib.<game>.words.LABELS``).
        rows: one :func:`row` per action kind.
        steady: the kinds whose labels read only the action and the rules in force, never the
            position (``marketlib.<game>.words.STEADY_LABELS``).
        reads: the kinds whose labels read the position only through one value, and that
            value's function of a view (``marketlib.<game>.words.LABEL_READS``).

    Raises:
        ValueError: a kind of ``actions`` has no row or no label, or a row names a type that is
            not one of its kinds (or a steady kind that is not one).
    """

    def __init__(self, actions: ActionTable, labels: Mapping[type, Label],
                 rows: tuple[Row, ...], steady: Collection[type] = (),
                 reads: Mapping[type, Callable[[Any], Any]] | None = None) -> None:
        kinds = actions.by_type
        reads = reads or {}
        declared = {r.action for r in rows}
        missing = [t.__name__ for t in kinds if t not in declared or t not in labels]
        extra = [t.__name__ for t in {*declared, *steady, *reads} if t not in kinds]
        if missing or extra or len(declared) != len(rows):
            raise ValueError(f"{actions.game} presentation: no row or label for {missing}, "
                             f"rows for other types {extra}, or a type declared twice")
        self.rows: dict[type, Shown] = {
            r.action: Shown(r.action, labels[r.action], r.verb or kinds[r.action].verb, r.target,
                            r.clicks, r.action in steady or r.action in reads,
                            reads.get(r.action))
            for r in rows}
        self._steady: tuple[Any, dict[tuple[Any, ...], tuple[str, str, str, str]]] = (None, {})
        clicks: dict[str, tuple[Intent, ...]] = {}
        for r in rows:
            for key, intent in r.clicks.items():
                clicks[key] = (*clicks.get(key, ()), intent)
        self._clicks = clicks

    def label(self, view: Any, action: Any) -> str:
        """The words of ``action``'s button in the position ``view`` shows."""
        return self.rows[type(action)].label(view, action)

    def verb(self, action: Any) -> str:
        """The short verb tag of ``action``'s button (``stock``, ``R&R``, ``steal``...)."""
        return self.rows[type(action)].verb

    def target(self, action: Any) -> str:
        """The on-board thing ``action`` is about (``bin:PL``, ``button:done``)."""
        return self.rows[type(action)].target(action)

    def presented(self, view: Any, action: Any) -> tuple[str, str, str]:
        """:meth:`label`, :meth:`verb` and :meth:`target` of ``action``, its row looked up once
        (a board's choices ask for all three)."""
        row = self.rows[type(action)]
        return row.label(view, action), row.verb, row.target(action)

    def choice(self, view: Any, action: Any, lang: str) -> tuple[str, str, str, str]:
        """:meth:`presented` and the notation (``str(action)``) of ``action``, a choice of a
        board, in language ``lang`` (the one in force). A steady kind's (:attr:`Shown.steady`)
        are worded once per action, rules and language (and value read, :attr:`Shown.reads`),
        and kept for the last rules asked about: a seat's choices repeat from one position to
        the next (the Stalls to tuck into, the bins to empty, the R&R options), and a refresh
        words only the others (issue 28)."""
        row = self.rows[type(action)]
        if not row.steady:
            return row.label(view, action), row.verb, row.target(action), str(action)
        rules, kept = self._steady
        if rules is not view.rules:  # another game's rules: start again (one assignment, so
            rules, kept = self._steady = (view.rules, {})  # a thread racing it words again)
        key = (action, lang) if row.reads is None else (action, lang, row.reads(view))
        found = kept.get(key)
        if found is None:
            found = (row.label(view, action), row.verb, row.target(action), str(action))
            if len(kept) >= STEADY_KEPT:
                kept.clear()
            kept[key] = found
        return found

    def intent(self, view: Any, target: str, player: int) -> Any:
        """The action a click on ``target`` means for ``player`` now, or ``None``: the first
        answer of the rows that take the whole target (a button), else of those that take its
        kind, in the table's order. A two-click target ``A@B`` (a selected card, then where it
        goes) is answered by the rows that take the pair of kinds (``card@stall``), with the
        name ``PC-07@ST-04``."""
        first, pair, second = target.partition("@")
        if pair:  # a two-click move (``card:PC-07@stall:ST-04``): the rows that take the pair
            kind, _, name = first.partition(":")
            kind2, _, name2 = second.partition(":")
            for intent in self._clicks.get(f"{kind}@{kind2}", ()):
                action = intent(view, f"{name}@{name2}", player)
                if action is not None:
                    return action
            return None
        kind, _, name = target.partition(":")
        for intent in self._clicks.get(target) or self._clicks.get(kind) or ():
            action = intent(view, name, player)
            if action is not None:
                return action
        return None


__all__ = ["STEADY_KEPT", "Intent", "Label", "Presentation", "Row", "Shown", "row"]
