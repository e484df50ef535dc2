"""Bansan's three modes as declarations: how the Kenduri Menu (B-KEN) and Sendiri (B-SOLO)
differ from the standard game, each difference a named fact of one :class:`Mode` record.

The engine reads ``rules.plays.<fact>`` (``Rules.plays`` is the record of ``Rules.mode``); no
module outside this one and :mod:`.options` compares ``mode`` to a mode's name (a skeleton test
checks it). Adding a mode is one record in :data:`MODES` (and its name in ``Rules.mode``).

Example:
    >>> from marketlib.bansan.options import Rules
    >>> solo = Rules(players=1, mode="sendiri").plays
    >>> solo.solo, solo.shared_menu, solo.fresh_row
    (True, False, 4)
    >>> [m.name for m in MODES.values() if m.shared_menu]
    ['kenduri']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from marketlib.bansan import actions as A

OPENING_HAND = 5
"""Cards each vendor draws and stocks in the Opening Round (B-OPEN-03; Sendiri B-SOLO-06)."""

SOLO_ROW = 4
"""Cards drawn to form the Sendiri Row (B-SOLO-11): a fixed number of the rulebook, not a rule
option; boards and refusals read it from here (``Mode.fresh_row``)."""


@dataclass(frozen=True)
class Mode:
    """How one mode differs from the standard game (each field cites its rules)."""

    name: str
    """The stored ``Rules.mode`` string (save files keep it)."""
    players: range
    """How many vendors play: 2-5 (B-SETUP-01, B-KEN-01), Sendiri 1 (B-SOLO-01)."""
    solo: bool
    """One vendor plays against the automated Neighbour (B-SOLO-01..19): the Workers stand on
    their stalls from setup, yours on the left of each row and the Neighbour's in the middle
    (B-SOLO-04/05, no stall draft B-OPEN-04); setup's waste is B-SOLO-03; each turn opens with
    the solo step that moves a row's Workers (B-SOLO-09); a vendor's own stall is B-SOLO-13;
    the turn ends into the solo scoring (B-SOLO-16..18), and the only seat's standing is its
    win or loss."""
    shared_menu: bool
    """Five (``kenduri_lists``) Shopping Lists lie face up for everyone and nobody holds a
    Wallet list (B-KEN-02); any vendor completes any open one and draws none (B-KEN-03); the
    Last Round starts with the last of them (B-KEN-04); one left open loses the game for all
    (B-KEN-05); the New Menu Event has nothing to do (B-KEN-02)."""
    fresh_row: int
    """Cards drawn each turn to form a new Row (B-SOLO-11), discarded to the Outside Market in
    the Upkeep (B-SOLO-14); the Row is not dealt at setup and stocking takes from it only, never
    from the Deck. 0: the Row is dealt at setup and refilled to ``row_size`` (B-SETUP-03,
    B-UPK-09)."""
    buys_unoperated: bool
    """A BUY may take from an unoperated stall, at twice the market price paid to the bank
    (B-SOLO-12; elsewhere only with ``buy_unoperated_multiplayer``, B-BUY-06)."""
    bans: Mapping[type[A.Action], tuple[str, str]]
    """Actions the mode does not have, each with the rule and the reason (``{mode}`` in the
    reason is the mode's name); refused before anything else is checked."""
    absent_phases: frozenset[str]
    """Steps of the phase table this mode never plays (the Sendiri solo step B-SOLO-09 is not
    in the multiplayer games, nor the Stall draft and the Closing Round in Sendiri, nor the
    personal lists' steps in the Kenduri); a refusal does not send a vendor to them."""
    endings: frozenset[str]
    """How a game of this mode can end, as :class:`~marketlib.bansan.state.Ending` values: by
    money (B-END-06/07; Kenduri once every list is done, B-KEN-06), the Kenduri's collective
    loss (B-KEN-05), Sendiri's win or loss (B-SOLO-18)."""
    wrong_players: str
    """The refusal of a player count outside ``players``, with its rules (``{players}`` is the
    count given)."""

    @property
    def money_only(self) -> bool:
        """Whether every game of this mode ends with the richest vendor winning (B-END-06), so
        a finished board names the winners and money without the ending's kind."""
        return self.endings == {"money"}


_NOT_SOLO = ("B-SOLO-09", "moving Workers row by row is the Sendiri solo step; this is the "
             "{mode} game")
_SOLO_STEPS = frozenset({"solo_move", "solo_throw"})

STANDARD = Mode(
    name="standard", players=range(2, 6), solo=False, shared_menu=False, fresh_row=0,
    buys_unoperated=False, bans={A.Move: _NOT_SOLO}, absent_phases=_SOLO_STEPS,
    endings=frozenset({"money"}),
    wrong_players="players must be 2-5 for the standard game (B-SETUP-01), not {players}; "
                  "1 player plays mode='sendiri'")
"""The standard game for 2-5 vendors (B-SETUP..B-END)."""

KENDURI = Mode(
    name="kenduri", players=range(2, 6), solo=False, shared_menu=True, fresh_row=0,
    buys_unoperated=False,
    bans={A.Move: _NOT_SOLO,
          A.ReturnList: ("B-KEN-02", "nobody holds personal Shopping Lists in the Kenduri Menu")},
    absent_phases=_SOLO_STEPS | {"open_lists", "return_lists"},  # no personal lists
    endings=frozenset({"money", "collective_loss"}),
    wrong_players="the Kenduri Menu needs 2-5 players (B-KEN-01, A-B-40), not {players}; "
                  "1 player plays mode='sendiri'")
"""The cooperative Kenduri Menu for 2-5 vendors (B-KEN-01..07)."""

SENDIRI = Mode(
    name="sendiri", players=range(1, 2), solo=True, shared_menu=False, fresh_row=SOLO_ROW,
    buys_unoperated=True,
    bans={
        A.RentAndRelease: ("B-SOLO-08", "there is no R&R in Sendiri: Workers move by rule"),
        A.ProposeTrade: ("B-SOLO-08", "there is nobody to trade with in Sendiri"),
        A.Bargain: ("B-SOLO-08", "there is no bargaining in Sendiri: the prices are fixed"),
        A.Accept: ("B-SOLO-08", "there are no offers in Sendiri"),
        A.Decline: ("B-SOLO-08", "there are no offers in Sendiri"),
        A.Withdraw: ("B-SOLO-08", "there are no offers in Sendiri"),
        A.Counter: ("B-SOLO-08", "there are no offers in Sendiri"),
        A.PlaceWorker: ("B-SOLO-04", "in Sendiri the Workers are placed at setup"),
        A.StockDeck: ("B-SOLO-11", f"in Sendiri you stock only from the {SOLO_ROW}-card Row, "
                      "not the Deck"),
        A.Give: ("B-SOLO-14", "there is no other vendor: excess bag cards must be thrown"),
    },
    absent_phases=frozenset({"draft", "closing"}),  # Workers placed at setup (B-SOLO-04); the
    # game ends with the final throw (B-SOLO-17/18), not a Closing Round (helper-115 was sent
    # to 'Closing Round' by a refusal)
    endings=frozenset({"solo_win", "solo_loss"}),
    wrong_players="Sendiri is the solo mode: players must be 1 (B-SETUP-01, B-SOLO-01), "
                  "not {players}")
"""The solo game against the automated Neighbour (B-SOLO-01..19)."""

MODES: Mapping[str, Mode] = {m.name: m for m in (STANDARD, KENDURI, SENDIRI)}
"""Every mode by its ``Rules.mode`` name."""
