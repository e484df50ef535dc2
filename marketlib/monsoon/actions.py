"""Monsoon Market actions: small frozen structs named in the rulebook's words.

Every action names the seat that takes it. ``str(action)`` is table notation (``P0 steal MG-05``)
and :func:`~marketlib.monsoon.table.parse_action` reads it back (the verbs are declared in the
action table, :mod:`marketlib.monsoon.table`); JSON uses a ``"type"`` tag. Compound turns are
sequences of these atomic decisions (docs: "Games and the registry"): a Buy is ``Buy`` then
``Take`` per card chosen; a Fulfill is ``Fulfill`` (choose the Order), ``Spend``/``SpendBonus``
per item, ``Declare`` (the level), then an optional Bonus Action (``Upgrade``, ``Keep``,
``Fulfill`` another, ``Steal`` x2) or ``Skip``.
"""

from __future__ import annotations

import msgspec

from marketlib.monsoon.cards import Level


class _Action(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag_field="type",
              forbid_unknown_fields=True):
    """Every action names the seat taking it. A saved action with an extra key is refused."""

    player: int


class Steal(_Action, frozen=True, kw_only=True, tag="steal"):
    """Steal ``card`` from the Market or a larger display (M-STEAL-01..05; Steal 2: M-BA-04)."""

    card: str

    def __str__(self) -> str:
        return f"P{self.player} steal {self.card}"


class Buy(_Action, frozen=True, kw_only=True, tag="buy"):
    """Spend ``card`` from your display to take Market cards (M-BUY-01..04)."""

    card: str

    def __str__(self) -> str:
        return f"P{self.player} buy {self.card}"


class Take(_Action, frozen=True, kw_only=True, tag="take"):
    """Take Market ``card`` into your display, as part of a Buy (M-BUY-01, A-M-08)."""

    card: str

    def __str__(self) -> str:
        return f"P{self.player} take {self.card}"


class Fulfill(_Action, frozen=True, kw_only=True, tag="fulfill"):
    """Start fulfilling ``order`` from the Order display (M-FUL-01; M-BA-03 for another)."""

    order: str

    def __str__(self) -> str:
        return f"P{self.player} fulfill {self.order}"


class Spend(_Action, frozen=True, kw_only=True, tag="spend"):
    """Spend Goods ``card`` from your display on the Order being fulfilled (M-FUL-01/02)."""

    card: str

    def __str__(self) -> str:
        return f"P{self.player} spend {self.card}"


class SpendBonus(_Action, frozen=True, kw_only=True, tag="spend_bonus"):
    """Spend the Bonus Good on your Order ``order`` (M-BG-01, M-BG-05: it turns to Silver)."""

    order: str

    def __str__(self) -> str:
        return f"P{self.player} spend-bonus {self.order}"


class Declare(_Action, frozen=True, kw_only=True, tag="declare"):
    """Declare the level the spend meets and take the Order (M-FUL-04..07)."""

    level: Level

    def __str__(self) -> str:
        return f"P{self.player} declare {self.level.value}"


class Upgrade(_Action, frozen=True, kw_only=True, tag="upgrade"):
    """Bonus Action: turn your other Order ``order`` one step up (M-BA-01, M-BG-04)."""

    order: str

    def __str__(self) -> str:
        return f"P{self.player} upgrade {self.order}"


class Keep(_Action, frozen=True, kw_only=True, tag="keep"):
    """Bonus Action: keep spent ``card`` in your display (M-BA-02)."""

    card: str

    def __str__(self) -> str:
        return f"P{self.player} keep {self.card}"


class Skip(_Action, frozen=True, kw_only=True, tag="skip"):
    """Decline the rest of a Bonus Action (M-FUL-08), or stop taking with ``buy_take_fewer``."""

    def __str__(self) -> str:
        return f"P{self.player} skip"


class Pass(_Action, frozen=True, kw_only=True, tag="pass"):
    """Pass the turn (M-TURN-01, A-M-21)."""

    def __str__(self) -> str:
        return f"P{self.player} pass"


Action = Steal | Buy | Take | Fulfill | Spend | SpendBonus | Declare | Upgrade | Keep | Skip | Pass
