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
from marketlib.monsoon.render import COLOURS, text_table
from marketlib.widgets.payload import Table


class MonsoonTable(Table):
    """How a Monsoon Market view is drawn and clicked (a :class:`~marketlib.widgets.Table`)."""

    game_name = "monsoon"
    words = monsoon_words

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
                      "bonus_action": o.bonus_action.value}
                for oid, o in cat.orders.items()
            },
            "legend": [list(item) for item in monsoon_words.legend(match.rules)],
        }

    def scene(self, view: Any, decider: int | None) -> dict[str, Any]:
        data: dict[str, Any] = msgspec.to_builtins(view)
        data["game"] = "monsoon"
        return data

    def target(self, action: Any) -> str:
        if isinstance(action, monsoon.Keep):
            return f"spent:{action.card}"
        if hasattr(action, "card"):
            return f"card:{action.card}"
        if isinstance(action, monsoon.SpendBonus):
            return f"bonus:{action.order}"
        if hasattr(action, "order"):
            return f"order:{action.order}"
        if isinstance(action, monsoon.Declare):
            return f"level:{action.level.value}"
        return f"button:{type(action).__name__.lower()}"

    def intent(self, view: Any, target: str, player: int) -> Any:
        kind, _, name = target.partition(":")
        phase = view.phase
        pending = view.pending
        bonus = pending.action if isinstance(pending, monsoon.BonusPending) else None
        if kind == "card":
            if phase == "take":
                return monsoon.Take(player=player, card=name)
            if phase == "spend":
                return monsoon.Spend(player=player, card=name)
            if phase == "action" and name in view.seats[player].display:
                return monsoon.Buy(player=player, card=name)
            return monsoon.Steal(player=player, card=name)
        if kind == "spent":
            return monsoon.Keep(player=player, card=name)
        if kind == "bonus":
            return monsoon.SpendBonus(player=player, order=name)
        if kind == "order":
            if phase == "spend":
                return monsoon.SpendBonus(player=player, order=name)
            if bonus is monsoon.BonusAction.UPGRADE:
                return monsoon.Upgrade(player=player, order=name)
            return monsoon.Fulfill(player=player, order=name)
        if kind == "level":
            return monsoon.Declare(player=player, level=monsoon.Level(name))
        if target == "button:pass":
            return monsoon.Pass(player=player)
        if target == "button:skip":
            return monsoon.Skip(player=player)
        return None

    def text(self, view: Any) -> str:
        return text_table(view)

    def probe_targets(self, view: Any) -> list[str]:
        cards = [*view.market, *(c for s in view.seats for c in s.display)]
        orders = [*view.order_display, *(o.id for s in view.seats for o in s.orders)]
        return ([f"card:{c}" for c in cards] + [f"order:{o}" for o in orders]
                + [f"level:{lv.value}" for lv in monsoon.Level] + ["button:pass", "button:skip"])


__all__ = ["MonsoonTable"]
