"""Interactive boards (anywidget) for JupyterLab: play by clicking, against bots or hot-seat.

``MonsoonBoard(match, seat=0, opponents={1: GreedyBot()})``; ``marketlib.play("monsoon")``
makes a match and a board in one line.
"""

from __future__ import annotations

import secrets
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


MODES = {"sendiri": ("bansan", "sendiri"), "kenduri": ("bansan", "kenduri")}
"""Names ``play`` also takes for a mode of a game: ``play("sendiri")``, ``play("kenduri")``."""


def fresh_seed() -> int:
    """A new seed for a new game (shown on the board, so the deal can be played again)."""
    return secrets.randbelow(1_000_000)


def play_board(
    game: str = "monsoon",
    players: int | None = None,
    *,
    seed: int | None = None,
    seat: int = 0,
    opponents: str | Mapping[int, Any] | None = "greedy",
    mode: str | None = None,
    teacher: bool | None = None,
    **rules: Any,
) -> Board:
    """A new game and its board in one line (``marketlib.play`` calls this).

    Args:
        game: ``"monsoon"``, ``"bansan"``, or a Bansan mode: ``"kenduri"`` (the cooperative
            Kenduri Menu) or ``"sendiri"`` (the solo game).
        players: the number of seats; default 2, and 1 for Sendiri.
        seed: fixes every shuffle; default a fresh random seed, shown on the board (type it
            into "New game" to play the same deal again).
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
        >>> solo = play_board("sendiri", seed=2)
        >>> solo.match.rules.mode, solo.match.rules.players
        ('sendiri', 1)
    """
    if isinstance(game, str) and game in MODES:
        game, implied = MODES[game]
        if mode is not None and mode != implied:
            raise ValueError(f"play({implied!r}) is Bansan's {implied} mode, not mode={mode!r}")
        mode = implied
    module = resolve_game(game)
    if players is None:
        players = 1 if mode == "sendiri" else 2
    options = dict(rules, players=players)
    if mode is not None:
        options["mode"] = mode
    match = Match(module, options, seed=fresh_seed() if seed is None else seed)
    if isinstance(opponents, str):
        bots: dict[int, Any] = {p: make_bot(opponents) for p in range(players) if p != seat}
    else:
        bots = dict(opponents or {})
    return BOARDS[module.GAME.name](match, seat=seat, opponents=bots, teacher=teacher)


__all__ = ["BOARDS", "MODES", "TABLES", "BansanBoard", "BansanTable", "Board", "MonsoonBoard",
           "MonsoonTable", "Table", "fresh_seed", "payload", "play_board"]
