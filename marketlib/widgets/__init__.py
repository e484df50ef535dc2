"""Interactive boards (anywidget) for JupyterLab: play by clicking, against bots or hot-seat.

``MonsoonBoard(match, seat=0, opponents={1: GreedyBot()})``; ``marketlib.play("monsoon")``
makes a match and a board in one line.

anywidget is imported only where a notebook board class is made (:mod:`.board` and the
modules of ``BansanBoard`` and ``MonsoonBoard``, loaded on first use of those names): the
transport-free :mod:`.session`, the payload and the tables import without it (issue 28).
"""

from __future__ import annotations

import importlib
import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from marketlib.bots import make_bot
from marketlib.core import registry
from marketlib.core.i18n import check_language
from marketlib.core.match import Match
from marketlib.widgets.bansan_table import BansanTable
from marketlib.widgets.monsoon_table import MonsoonTable
from marketlib.widgets.payload import Table, payload

if TYPE_CHECKING:
    from marketlib.widgets.bansan import BansanBoard
    from marketlib.widgets.board import Board
    from marketlib.widgets.monsoon import MonsoonBoard

BOARDS = {"Board": "marketlib.widgets.board", "BansanBoard": "marketlib.widgets.bansan",
          "MonsoonBoard": "marketlib.widgets.monsoon"}
"""The anywidget board classes, each loaded from its module on first use."""


def __getattr__(name: str) -> Any:
    if name in BOARDS:
        return getattr(importlib.import_module(BOARDS[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def board_class(game: str | Any) -> type[Board]:
    """The board class of a registered game (its registry entry's ``board``).

    Raises:
        ValueError: the game is unknown or has no board.
    """
    found = registry.entry_of(game)
    if not found.board:
        raise ValueError(f"{found.name} has no board")
    cls: type[Board] = registry.load(found.board)
    return cls


def table_of(game: str | Any) -> Table:
    """The drawing rules (a :class:`Table`) of a registered game's board.

    Raises:
        ValueError: the game is unknown or has no board.
    """
    found = registry.entry_of(game)
    if not found.table:
        raise ValueError(f"{found.name} has no board")
    table: Table = registry.load(found.table)()
    return table


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
    lang: str | None = None,
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
            a mapping of seats to bots or bot names (``{1: "greedy", 2: RandomBot()}``; the
            seats left out are played by people), or ``None`` for hot-seat play by several
            people.
        mode: Bansan's ``"standard"``, ``"kenduri"`` or ``"sendiri"``.
        teacher: whether the board offers the teacher view (every hidden card); ``None``
            (default) offers it, since the match is in ``"explore"`` mode.
        lang: the language the board speaks: ``"en"`` (English) or ``"ms"`` (Bahasa
            Malaysia); default the one set by :func:`marketlib.set_language`.
        rules: any other rule option of the game's ``Rules``.

    Raises:
        ValueError: an unknown game, bot name, rule option or language.

    Example:
        >>> board = play_board("bansan", players=3, seed=1)
        >>> [s["bot"] for s in board.seats]
        ['', 'GreedyBot', 'GreedyBot']
        >>> solo = play_board("sendiri", seed=2)
        >>> solo.match.rules.mode, solo.match.rules.players
        ('sendiri', 1)
    """
    if lang is not None:
        check_language(lang)
    if isinstance(game, str):
        found, implied = registry.mode(game)
    else:
        found, implied = registry.entry_of(game), {}
    if mode is not None and "mode" in implied and implied["mode"] != mode:
        raise ValueError(f"play({game!r}) is {found.name}'s {implied['mode']} mode, not "
                         f"mode={mode!r}")
    if mode is not None:
        implied = {**found.modes.get(mode, {}), **implied, "mode": mode}  # Sendiri: players=1
    options = {**dict(found.defaults), **implied, **rules}
    if players is not None:
        options["players"] = players
    players = int(options.get("players", 2))
    match = Match(found.game(), options, seed=fresh_seed() if seed is None else seed)
    if isinstance(opponents, str):
        bots: Mapping[int, Any] | None = {p: make_bot(opponents) for p in range(players)
                                          if p != seat}
    else:
        bots = opponents  # the board checks it (seat_bots): bots or their names, by seat
    return board_class(found.name)(match, seat=seat, opponents=bots, teacher=teacher, lang=lang)


__all__ = ["BansanBoard", "BansanTable", "Board", "MonsoonBoard", "MonsoonTable", "Table",
           "board_class", "fresh_seed", "payload", "play_board", "table_of"]
