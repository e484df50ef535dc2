"""Interactive boards (anywidget) for JupyterLab: play by clicking, against bots or hot-seat.

``MonsoonBoard(match, seat=0, opponents={1: GreedyBot()})``; ``marketlib.play("monsoon")``
makes a match and a board in one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marketlib.bots import make_bot
from marketlib.core.match import Match, resolve_game
from marketlib.widgets.bansan import BansanBoard, BansanTable
from marketlib.widgets.board import Board
from marketlib.widgets.monsoon import MonsoonBoard, MonsoonTable
from marketlib.widgets.payload import Table, payload

BOARDS: dict[str, type[Board]] = {"monsoon": MonsoonBoard, "bansan": BansanBoard}
TABLES: dict[str, Table] = {"monsoon": MonsoonTable(), "bansan": BansanTable()}


def play_board(
    game: str = "monsoon",
    players: int = 2,
    *,
    seed: int = 0,
    seat: int = 0,
    opponents: str | Mapping[int, Any] | None = "greedy",
    mode: str | None = None,
    teacher: bool | None = None,
    **rules: Any,
) -> Board:
    """A new game and its board in one line (``marketlib.play`` calls this).

    Args:
        game: ``"monsoon"`` or ``"bansan"``.
        players: the number of seats (1 for Bansan's Sendiri mode).
        seed: fixes every shuffle.
        seat: the seat you play.
        opponents: a bot name (``"greedy"``, ``"random"``, ``"ismcts"``) for every other seat,
            a mapping of seats to bots, or ``None`` for hot-seat play by several people.
        mode: Bansan's ``"standard"``, ``"kenduri"`` or ``"sendiri"``.
        teacher: whether the board offers the teacher view (every hidden card); ``None``
            (default) offers it, since the match is in ``"explore"`` mode.
        rules: any other rule option of the game's ``Rules``.

    Raises:
        ValueError: an unknown game, bot name or rule option.

    Example:
        >>> board = play_board("bansan", players=3, seed=1)
        >>> [s["bot"] for s in board.seats]
        ['', 'GreedyBot', 'GreedyBot']
    """
    module = resolve_game(game)
    options = dict(rules, players=players)
    if mode is not None:
        options["mode"] = mode
    match = Match(module, options, seed=seed)
    if isinstance(opponents, str):
        bots: dict[int, Any] = {p: make_bot(opponents) for p in range(players) if p != seat}
    else:
        bots = dict(opponents or {})
    return BOARDS[module.GAME.name](match, seat=seat, opponents=bots, teacher=teacher)


__all__ = ["BOARDS", "TABLES", "BansanBoard", "BansanTable", "Board", "MonsoonBoard",
           "MonsoonTable", "Table", "payload", "play_board"]
