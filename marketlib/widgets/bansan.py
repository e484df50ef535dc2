"""``BansanBoard``: play Bansan by clicking (the Python half; ``bansan.js`` draws, and
:class:`~marketlib.widgets.bansan_table.BansanTable` says how a view is drawn and clicked)."""

from __future__ import annotations

from typing import Any, ClassVar

from marketlib.widgets.bansan_table import BansanTable
from marketlib.widgets.board import Board, _esm
from marketlib.widgets.payload import Table


class BansanBoard(Board):
    """A clickable Bansan board for a ``Match("bansan", ...)`` (every mode).

    Click a Shopping List to return it, a card then a Stall to tuck it, a produce type to stock,
    buy, buy wholesale or sell it, a card to pick it, a Waste Bin to empty it. Trades and bargains
    go through the trade panel; Rent and Release through the panel under the Stall grid. Legal
    choices are highlighted; clicking anything else shows the rule that forbids it.

    Example:
        >>> from marketlib import Match, bansan
        >>> BansanBoard(Match("bansan", bansan.Rules(players=2), seed=1))
        BansanBoard(bansan, players=2, seat=0, move 0, P0 to play)
    """

    GAME_NAME: ClassVar[str] = "bansan"
    _esm = _esm("deals.js", "bansan.js")

    TABLE: ClassVar[Table] = BansanTable()

    def _players(self, match: Any) -> int:
        return len(match.state.vendors)


__all__ = ["BansanBoard", "BansanTable"]
