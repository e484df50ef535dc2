"""``MonsoonBoard``: play Monsoon Market by clicking (the Python half; ``monsoon.js`` draws, and
:class:`~marketlib.widgets.monsoon_table.MonsoonTable` says how a view is drawn and clicked)."""

from __future__ import annotations

from typing import ClassVar

from marketlib.widgets.board import Board, _esm
from marketlib.widgets.monsoon_table import MonsoonTable
from marketlib.widgets.payload import Table


class MonsoonBoard(Board):
    """A clickable Monsoon Market board for a ``Match("monsoon", ...)``.

    Click a Market card or a larger display's card to steal it, your own card to buy with it, an
    Order to fulfil it; then click cards (and Bonus Goods) to spend and a level to declare.
    Legal choices are highlighted; clicking anything else shows the rule that forbids it.

    Example:
        >>> from marketlib import Match, monsoon
        >>> board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=1))
        >>> board
        MonsoonBoard(monsoon, players=2, seat=0, move 0, P0 to play)
    """

    GAME_NAME: ClassVar[str] = "monsoon"
    _esm = _esm("monsoon.js")

    TABLE: ClassVar[Table] = MonsoonTable()


__all__ = ["MonsoonBoard", "MonsoonTable"]
