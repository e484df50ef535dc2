"""How a Monsoon Market view is drawn and clicked (:class:`MonsoonTable`): the game's half of a
board's payload, without a widget (so a classroom or a page that runs the game needs no
anywidget)."""

from __future__ import annotations

from typing import Any

import msgspec

from marketlib import monsoon
from marketlib.core.match import Match
from marketlib.core.palette import ink
from marketlib.monsoon import words as monsoon_words
from marketlib.monsoon.actions import (
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
from marketlib.monsoon.cards import BonusAction, Level
from marketlib.monsoon.render import COLOURS, text_key, text_table, turn_in_progress
from marketlib.monsoon.state import BonusPending
from marketlib.monsoon.table import ACTIONS
from marketlib.widgets import icons
from marketlib.widgets.payload import Table
from marketlib.widgets.presentation import Presentation, row


def _own(view: Any, name: str, player: int) -> bool:
    """A card of the Action step in the clicking seat's own display: it buys (M-BUY-01)."""
    return view.phase == "action" and name in view.seats[player].display


def _own_order(view: Any, name: str, player: int) -> bool:
    """An Order the clicking seat owns (its Bonus Good, if any, is its own, M-BG-01)."""
    return any(o.id == name for o in view.seats[player].orders)


def _bonus(view: Any, name: str, player: int) -> Any:
    """A click on a Bonus Good: spent while fulfilling (M-BG-01); in the Action step it would
    buy with one's own (refused: M-BUY-04, M-BG-02) or steal another seat's (refused: M-STEAL-04,
    M-BG-03), so the refusal names the rule that forbids what was tried."""
    if view.phase == "action":
        return (Buy if _own_order(view, name, player) else Steal)(player=player, card=name)
    return SpendBonus(player=player, order=name)


def _upgrading(view: Any) -> bool:
    """The Bonus Action in progress is an upgrade (M-BA-01): a clicked Order is upgraded."""
    pending = view.pending
    return isinstance(pending, BonusPending) and pending.action is BonusAction.UPGRADE


SHOWN = Presentation(ACTIONS, monsoon_words.LABELS, (
    row(Steal, target=lambda a: f"card:{a.card}",
        clicks={"card": lambda view, name, p: None if view.phase in ("take", "spend")
                or _own(view, name, p) else Steal(player=p, card=name)}),
    row(Buy, target=lambda a: f"card:{a.card}",
        clicks={"card": lambda view, name, p: Buy(player=p, card=name)
                if _own(view, name, p) else None}),
    row(Take, target=lambda a: f"card:{a.card}",
        clicks={"card": lambda view, name, p: Take(player=p, card=name)
                if view.phase == "take" else None}),
    row(Fulfill, target=lambda a: f"order:{a.order}", verb="fulfil",
        clicks={"order": lambda view, name, p: None if _upgrading(view) or (
            view.phase == "spend" and _own_order(view, name, p))
            else Fulfill(player=p, order=name)}),  # another Order while paying: M-FUL-01
    row(Spend, target=lambda a: f"card:{a.card}",
        clicks={"card": lambda view, name, p: Spend(player=p, card=name)
                if view.phase == "spend" else None}),
    row(SpendBonus, target=lambda a: f"bonus:{a.order}",
        clicks={"bonus": _bonus,
                "order": lambda view, name, p: SpendBonus(player=p, order=name)
                if view.phase == "spend" else None}),
    row(Declare, target=lambda a: f"level:{a.level.value}",
        clicks={"level": lambda view, name, p: Declare(player=p, level=Level(name))}),
    row(Upgrade, target=lambda a: f"order:{a.order}",
        clicks={"order": lambda view, name, p: Upgrade(player=p, order=name)
                if view.phase != "spend" and _upgrading(view) else None}),
    row(Keep, target=lambda a: f"spent:{a.card}",
        clicks={"spent": lambda view, name, p: Keep(player=p, card=name)}),
    row(Skip, target=lambda a: "button:skip",
        clicks={"button:skip": lambda view, name, p: Skip(player=p)}),
    row(Pass, target=lambda a: "button:pass",
        clicks={"button:pass": lambda view, name, p: Pass(player=p)}),
), steady=monsoon_words.STEADY_LABELS, reads=monsoon_words.LABEL_READS)
"""How each Monsoon Market action kind is shown, one row per kind in the action table's order
(:data:`marketlib.monsoon.table.ACTIONS`): its label (:data:`marketlib.monsoon.words.LABELS`),
its button verb when not the notation verb, its target on the board, and the clicks that mean
it (a card is taken, spent, bought with or stolen as the step and its place say)."""


class MonsoonTable(Table):
    """How a Monsoon Market view is drawn and clicked (a :class:`~marketlib.widgets.Table`)."""

    game_name = "monsoon"
    words = monsoon_words
    confirmed = (Declare,)
    shown = SHOWN

    def cards(self, match: Match) -> dict[str, Any]:
        cat = monsoon.catalog(match.rules)
        return {
            "goods": {
                cid: {"label": c.label, "goods": [g.value for g in c.goods],
                      "quantity": c.quantity, "colour": COLOURS[c.goods[0]],
                      "colour2": COLOURS[c.goods[-1]], "ink": ink(COLOURS[c.goods[0]]),
                      "ink2": ink(COLOURS[c.goods[-1]])}
                for cid, c in cat.goods.items()
            },
            "orders": {
                oid: {"label": o.label, "gold": o.gold, "silver": o.silver, "bulk": o.bulk,
                      "bonus_good": o.bonus_good.value if o.bonus_good else None,
                      "bonus_quantity": o.bonus_quantity,
                      "bonus_action": o.bonus_action.value,
                      "needs": [[r.good.value, r.quantity] for r in o.requirements]}
                for oid, o in cat.orders.items()
            },
            "colours": {g.value: COLOURS[g] for g in monsoon.Good},
            "inks": {g.value: ink(COLOURS[g]) for g in monsoon.Good},
            "pictures": icons.MONSOON,
            "legend": [list(item) for item in monsoon_words.legend(match.rules)],
            "text_key": text_key(match.rules),  # how to read the text view's codes and marks
        }

    def scene(self, view: Any, decider: int | None) -> dict[str, Any]:
        data: dict[str, Any] = msgspec.to_builtins(view)
        data["game"] = "monsoon"
        return data

    def text(self, view: Any) -> str:
        return text_table(view)

    def turn_in_progress(self, view: Any) -> tuple[int, int] | None:
        return turn_in_progress(view)

    def probe_targets(self, view: Any) -> list[str]:
        cards = [*view.market, *(c for s in view.seats for c in s.display)]
        orders = [*view.order_display, *(o.id for s in view.seats for o in s.orders)]
        return ([f"card:{c}" for c in cards] + [f"order:{o}" for o in orders]
                + [f"level:{lv.value}" for lv in monsoon.Level] + ["button:pass", "button:skip"])


__all__ = ["SHOWN", "MonsoonTable"]
