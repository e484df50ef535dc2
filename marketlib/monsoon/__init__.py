"""Monsoon Market: steal or buy Goods, fulfil Orders at Gold, Silver or Bulk, race to the seals.

The public functions (the same for every marketlib game): :func:`setup`, :func:`current_player`,
:func:`legal_actions`, :func:`apply`, :func:`explain`, :func:`view`, :func:`determinize`,
:func:`outcome`, :func:`position`, :func:`parse_action`, and :data:`GAME`; in words for one
seat: :func:`describe` (log text) and :func:`preview` (what a move will do).

Example:
    >>> from marketlib import monsoon
    >>> s = monsoon.setup(monsoon.Rules(players=3), seed=1)
    >>> s = monsoon.apply(s, monsoon.legal_actions(s)[0])
    >>> monsoon.current_player(s)
    1
"""

from marketlib.core.game import GameInfo
from marketlib.core.registry import GameEntry, register

# render registers how a State and a View draw: str(state) and the static HTML board.
from marketlib.monsoon import render as render
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
from marketlib.monsoon.cards import (
    BonusAction,
    Catalog,
    Good,
    GoodsCard,
    Level,
    Order,
    Requirement,
    load_catalog,
    load_goods,
    load_orders,
    write_default_data,
)
from marketlib.monsoon.invariants import check_invariants
from marketlib.monsoon.options import Rules
from marketlib.monsoon.position import position
from marketlib.monsoon.rules import (
    FLOW,
    apply,
    apply_legal,
    catalog,
    current_player,
    explain,
    legal_actions,
    outcome,
    setup,
)
from marketlib.monsoon.scoring import best_level, meets, seals_of, standings
from marketlib.monsoon.state import (
    BonusPending,
    Ending,
    FulfillPending,
    Outcome,
    OwnedOrder,
    Seat,
    State,
    TakePending,
)
from marketlib.monsoon.table import parse_action
from marketlib.monsoon.text import describe, log_reader, preview
from marketlib.monsoon.view import (
    View,
    candidate_actions,
    determinize,
    info_revealed,
    view,
)
from marketlib.monsoon.words import ended_name

GAME = GameInfo(
    name="monsoon",
    title="Monsoon Market",
    min_players=2,
    max_players=5,
    rules_version="1.0",
    score_unit="seals",
    endings=(Ending.SEAL_TARGET, Ending.ORDERS_EXHAUSTED, Ending.STALEMATE, Ending.TURN_LIMIT),
)
"""Static facts about Monsoon Market (``rules_version`` is recorded in every save)."""

ENTRY = register(GameEntry(
    name="monsoon", module=__name__,
    board="marketlib.widgets.monsoon:MonsoonBoard",
    table="marketlib.widgets.monsoon_table:MonsoonTable",
    heuristic="marketlib.bots.heuristics.monsoon:HEURISTIC",
    defaults={"players": 2},
))
"""How the rest of the library finds Monsoon Market (:mod:`marketlib.core.registry`)."""

__all__ = [
    "ENTRY", "FLOW", "GAME", "Action", "BonusAction", "BonusPending", "Buy", "Catalog", "Declare",
    "Ending", "Fulfill", "FulfillPending", "Good", "GoodsCard", "Keep", "Level", "Order",
    "Outcome", "OwnedOrder", "Pass", "Requirement", "Rules", "Seat", "Skip", "Spend",
    "SpendBonus", "State", "Steal", "Take", "TakePending", "Upgrade", "View", "apply",
    "apply_legal", "best_level", "candidate_actions", "catalog", "check_invariants",
    "current_player", "describe", "determinize", "ended_name", "explain", "info_revealed",
    "legal_actions", "load_catalog", "load_goods", "load_orders", "log_reader", "meets", "outcome",
    "parse_action", "position", "preview", "seals_of", "setup", "standings", "view",
    "write_default_data",
]
