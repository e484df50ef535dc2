"""marketlib: learn, teach and explore the market board games Bansan and Monsoon Market.

Quick tour::

    from marketlib import Match
    from marketlib.monsoon import Rules
    m = Match("monsoon", Rules(players=3), seed=1)
    m.legal_actions()          # what seat 0 may do, in table notation
    m.play(m.legal_actions()[0])
    m.undo(); m.save("game.json"); Match.load("game.json")
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, cast

from marketlib import bansan, monsoon
from marketlib.core import (
    CardDataError,
    Ending,
    GameInfo,
    IllegalAction,
    InvalidAction,
    MarketlibError,
    Match,
    NotYourMove,
    Outcome,
    PositionError,
    SaveFileError,
    TimelineError,
    UndoBlocked,
    Violation,
    registry,
)
from marketlib.core.i18n import LANGUAGES, get_language, set_language
from marketlib.core.version import __version__


def play(game: str = "monsoon", players: int | None = None, **options: Any) -> Any:
    """Start a game and return a board to play it by clicking in JupyterLab.

    ``marketlib.play("bansan", players=3)`` gives a 3-vendor Bansan board where you are seat 0
    and computer vendors (``GreedyBot``) take the other seats; ``marketlib.play("sendiri")`` is
    the solo game and ``marketlib.play("kenduri", players=3)`` the cooperative Kenduri Menu.
    Options: ``seed`` (default: a fresh one, shown on the board), ``seat``, ``opponents`` (a bot
    name, a mapping of seats to bots, or ``None`` for hot-seat), ``mode`` (Bansan), ``teacher``,
    ``lang`` (``"en"`` or ``"ms"`` for Bahasa Malaysia: the board's words and refusals; default
    :func:`get_language`) and any rule option. See :func:`marketlib.widgets.play_board`.
    """
    from marketlib.widgets import play_board

    return play_board(game, players, **options)

def games() -> dict[str, ModuleType]:
    """The registered games by the name ``Match`` takes (``{"bansan": ..., "monsoon": ...}``):
    the two shipped with marketlib and any registered with
    :func:`marketlib.core.registry.register`."""
    return {name: cast(ModuleType, registry.resolve_game(name)) for name in registry.names()}

__all__ = [
    "LANGUAGES",
    "CardDataError",
    "Ending",
    "GameInfo",
    "IllegalAction",
    "InvalidAction",
    "MarketlibError",
    "Match",
    "NotYourMove",
    "Outcome",
    "PositionError",
    "SaveFileError",
    "TimelineError",
    "UndoBlocked",
    "Violation",
    "__version__",
    "bansan",
    "games",
    "get_language",
    "monsoon",
    "play",
    "set_language",
]
