"""Bansan: vendors at a Malaysian wet market stock stalls, buy and sell produce, complete
Shopping Lists and keep the Waste Bins clean; the vendor with the most money is Bos Bansan.

Three modes of one engine: the standard game for 2-5 players (``Rules(mode="standard")``), the
Kenduri Menu for 2-5 (``Rules(players=3, mode="kenduri")``: five public Shopping Lists, the
whole market loses if one is left open) and Sendiri, the solo mode
(``Rules(players=1, mode="sendiri", hard=False)``: you and an automated Neighbour move along two
rows of stalls; the automatic steps are written to ``state.log``). The default card data
(88 produce cards, 54 Shopping Lists, 12 stall types, 40 Events) is a RECONSTRUCTION (docs: "Card
data"), not the real card lists; Events are off by default and their effects are invented
(``events="reconstructed"``).

The public functions (the same for every marketlib game): :func:`setup`, :func:`current_player`,
:func:`legal_actions`, :func:`apply`, :func:`explain`, :func:`view`, :func:`determinize`,
:func:`outcome`, :func:`position`, :func:`parse_action`, and :data:`GAME`; in words for one
seat: :func:`describe` (log text) and :func:`preview` (what a move will do). Bansan's own:
:func:`any_time_actions` (what a vendor may do on another vendor's decision, A-B-60; docs:
"Bansan", "Any-time actions") and :func:`any_time_gate` (whether a seat can have any, from
its view).

Example:
    >>> from marketlib import bansan
    >>> s = bansan.setup(bansan.Rules(players=3), seed=1)
    >>> s = bansan.apply(s, bansan.legal_actions(s)[0])
    >>> bansan.current_player(s)
    1
"""

# render registers how a State and a View draw: str(state) and the static HTML board.
from marketlib.bansan import render as render
from marketlib.bansan.actions import (
    Accept,
    Action,
    Bargain,
    Buy,
    BuyWholesale,
    ChooseHalf,
    Complete,
    Counter,
    Decline,
    Done,
    Empty,
    EndActions,
    Give,
    Move,
    Pick,
    PlaceWorker,
    ProposeTrade,
    RentAndRelease,
    ReturnList,
    Sell,
    SkipStocking,
    StockDeck,
    StockRow,
    Throw,
    Tuck,
    Withdraw,
)
from marketlib.bansan.cards import (
    Catalog,
    EventCard,
    Produce,
    ProduceCard,
    ShoppingList,
    StallCard,
    Waste,
    load_catalog,
    write_default_data,
)
from marketlib.bansan.fuzz import person_action
from marketlib.bansan.invariants import check_invariants, check_step
from marketlib.bansan.modes import MODES, STANDARD
from marketlib.bansan.offers import complete_options
from marketlib.bansan.options import Rules
from marketlib.bansan.position import position
from marketlib.bansan.queries import catalog, price
from marketlib.bansan.rules import (
    FREE_FORM,
    HANDS_BACK,
    any_time_actions,
    any_time_gate,
    apply,
    apply_legal,
    current_player,
    describe_offer,
    explain,
    legal_actions,
    outcome,
    setup,
)
from marketlib.bansan.scoring import standings
from marketlib.bansan.state import (
    NEIGHBOUR,
    BagCard,
    Ending,
    Outcome,
    SoloThrow,
    Stall,
    State,
    Vendor,
)
from marketlib.bansan.table import parse_action
from marketlib.bansan.text import describe, log_reader, preview
from marketlib.bansan.turn import FLOW
from marketlib.bansan.view import (
    View,
    candidate_actions,
    determinize,
    info_revealed,
    view,
)
from marketlib.bansan.words import ended_name
from marketlib.core.game import GameInfo
from marketlib.core.registry import GameEntry, register

GAME = GameInfo(
    name="bansan",
    title="Bansan",
    min_players=1,
    max_players=5,
    rules_version="1.0",
    score_unit="RM",
    endings=(Ending.MONEY, Ending.COLLECTIVE_LOSS, Ending.SOLO_WIN, Ending.SOLO_LOSS),
)
"""Static facts about Bansan (``rules_version`` is recorded in every save)."""

ENTRY = register(GameEntry(
    name="bansan", module=__name__,
    board="marketlib.widgets.bansan:BansanBoard",
    table="marketlib.widgets.bansan_table:BansanTable",
    heuristic="marketlib.bots.heuristics.bansan:HEURISTIC",
    defaults={"players": 2},
    modes={m.name: {"mode": m.name, **({"players": m.players[0]} if len(m.players) == 1 else {})}
           for m in MODES.values() if m is not STANDARD},
))
"""How the rest of the library finds Bansan and its modes (:mod:`marketlib.core.registry`)."""

__all__ = [
    "ENTRY",
    "FLOW",
    "FREE_FORM",
    "GAME",
    "HANDS_BACK",
    "NEIGHBOUR",
    "Accept",
    "Action",
    "BagCard",
    "Bargain",
    "Buy",
    "BuyWholesale",
    "Catalog",
    "ChooseHalf",
    "Complete",
    "Counter",
    "Decline",
    "Done",
    "Empty",
    "EndActions",
    "Ending",
    "EventCard",
    "Give",
    "Move",
    "Outcome",
    "Pick",
    "PlaceWorker",
    "Produce",
    "ProduceCard",
    "ProposeTrade",
    "RentAndRelease",
    "ReturnList",
    "Rules",
    "Sell",
    "ShoppingList",
    "SkipStocking",
    "SoloThrow",
    "Stall",
    "StallCard",
    "State",
    "StockDeck",
    "StockRow",
    "Throw",
    "Tuck",
    "Vendor",
    "View",
    "Waste",
    "Withdraw",
    "any_time_actions",
    "any_time_gate",
    "apply",
    "apply_legal",
    "candidate_actions",
    "catalog",
    "check_invariants",
    "check_step",
    "complete_options",
    "current_player",
    "describe",
    "describe_offer",
    "determinize",
    "ended_name",
    "explain",
    "info_revealed",
    "legal_actions",
    "load_catalog",
    "log_reader",
    "outcome",
    "parse_action",
    "person_action",
    "position",
    "preview",
    "price",
    "setup",
    "standings",
    "view",
    "write_default_data",
]
