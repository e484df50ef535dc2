"""The Monsoon Market action table (issue 28): one row per action kind, saying its type, its verb
in table notation, its check (:mod:`.checks`) and its handler (:mod:`.moves`).

The action types, their tags (the phase table's move names), the checks and handlers by type
and the notation that reads actions back all derive from :data:`ACTIONS` (docs: "Games and the
registry"); :mod:`marketlib.core.engine` runs them.
"""

from __future__ import annotations

from marketlib.core.engine import ActionTable, kind
from marketlib.core.notation import ID, choice
from marketlib.monsoon import checks as C
from marketlib.monsoon import moves as M
from marketlib.monsoon.actions import (
    Action,
    Buy,
    Declare,
    Fulfill,
    Keep,
    Pass,
    Skip,
    Spend,
    SpendBonus,
    Steal,
    Take,
    Upgrade,
)
from marketlib.monsoon.cards import Level
from marketlib.monsoon.queries import catalog
from marketlib.monsoon.state import State

ACTIONS = ActionTable("Monsoon Market", (
    kind(Steal, "steal", check=C.check_steal, handler=M.do_steal, card=ID),
    kind(Buy, "buy", check=C.check_buy, handler=M.do_buy, card=ID),
    kind(Take, "take", check=C.check_take, handler=M.do_take, card=ID),
    kind(Fulfill, "fulfill", check=C.check_fulfill, handler=M.do_fulfill, order=ID),
    kind(Spend, "spend", check=C.check_spend, handler=M.do_spend, card=ID),
    kind(SpendBonus, "spend-bonus", check=C.check_spend_bonus, handler=M.do_spend_bonus,
         order=ID),
    kind(Declare, "declare", check=C.check_declare, handler=M.do_declare,
         level=choice("a level", Level)),
    kind(Upgrade, "upgrade", check=C.check_upgrade, handler=M.do_upgrade, order=ID),
    kind(Keep, "keep", check=C.check_keep, handler=M.do_keep, card=ID),
    kind(Skip, "skip", check=C.check_skip, handler=M.do_skip),
    kind(Pass, "pass", check=C.check_pass, handler=M.do_pass),
), example="P0 steal MG-05", aliases={"fulfil": "fulfill"})
"""Every Monsoon Market action kind, in the game's order."""

ACTION_TYPES = ACTIONS.types
TAGS = ACTIONS.tags
"""Each action type's tag (its ``"type"`` in JSON, its move name in the phase table)."""
CHECKS = ACTIONS.checks
HANDLERS = ACTIONS.handlers
NOTATION = ACTIONS.notation
"""The verbs of Monsoon Market table notation, read by the grammar every game shares (docs:
"Notation")."""


def parse_action(text: str) -> Action:
    """Read an action from table notation, e.g. ``"P0 steal MG-05"`` or ``"P1 declare gold"``.

    Seat numbers are ASCII digits; verbs and levels are case-insensitive; IDs are upper-cased
    (the grammar: docs "Notation").

    Raises:
        InvalidAction: the text is not an action (or ``text`` is not a string at all).

    Example:
        >>> str(parse_action("P1 declare Gold"))
        'P1 declare gold'
    """
    action: Action = NOTATION.parse(text)
    return action


def seat_actions(state: State) -> tuple[Action, ...]:
    """Every well-formed action of each kind for every seat with the cards in play (legal or
    not): the action space that :func:`marketlib.monsoon.view.candidate_actions` offers the
    conformance kit and the people tester."""
    rules = state.rules
    cat = catalog(state)
    out: list[Action] = []
    for p in range(rules.players):
        for c in cat.goods:
            out += [Steal(player=p, card=c), Buy(player=p, card=c), Take(player=p, card=c),
                    Spend(player=p, card=c), Keep(player=p, card=c)]
        for o in cat.orders:
            out += [Fulfill(player=p, order=o), SpendBonus(player=p, order=o),
                    Upgrade(player=p, order=o)]
        out += [Declare(player=p, level=lv) for lv in Level]
        out += [Skip(player=p), Pass(player=p)]
    return tuple(out)
