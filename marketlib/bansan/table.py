"""The Bansan action table (issue 28): one row per action kind, saying its type, its verb in
table notation, its check (:mod:`.checks`, :mod:`.phases.action_checks`) and its handler
(:mod:`.moves`, :mod:`.phases.action_moves`).

The action types, their tags (the phase table's move names), the checks and handlers by type
and the notation that reads actions back all derive from :data:`ACTIONS` (docs: "Games and the
registry"); :mod:`marketlib.core.engine` runs them.
"""

from __future__ import annotations

from marketlib.bansan import actions as A
from marketlib.bansan import checks as C
from marketlib.bansan import moves as M
from marketlib.bansan.cards import PRODUCE, WASTE_WORDS, WASTES, Produce, Waste
from marketlib.bansan.phases import action_checks as AC
from marketlib.bansan.phases import action_moves as AM
from marketlib.bansan.queries import catalog
from marketlib.bansan.state import State
from marketlib.core.engine import ActionTable, kind
from marketlib.core.notation import ID, IDS, INT, SEAT, choice

_PRODUCE = choice("a produce type", Produce)


def bin_names() -> dict[str, str]:
    """Each bin's name in every language the library speaks ("Paper", "Kertas") -> its code:
    typed as a bin, a name is refused with "did you mean 'PA'?" (helper-87/88)."""
    from marketlib.core.i18n import LANGUAGES, language
    from marketlib.core.i18n import _ as say

    names = {}
    for lang in LANGUAGES:
        with language(lang):
            names.update({say(word): code for code, word in WASTE_WORDS.items()})
    return names

ACTIONS = ActionTable("Bansan", (
    kind(A.ReturnList, "return", check=C.check_return_list, handler=M.do_return_list, list=ID,
         fields=C.list_field),
    kind(A.ChooseHalf, "half", check=C.check_choose_half, handler=M.do_choose_half,
         half=choice("a half", ["top", "bottom"]),
         fields=lambda s, a: None if a.half in ("top", "bottom")
         else "the half is 'top' or 'bottom'"),
    kind(A.Tuck, "tuck", check=C.check_tuck, handler=M.do_tuck, card=ID, stall=ID,
         fields=C.card_field),
    kind(A.PlaceWorker, "worker", check=C.check_place_worker, handler=M.do_place_worker,
         stall=ID, fields=C.stall_fields),
    kind(A.Move, "move", check=C.check_move, handler=M.do_move, row=INT,
         fields=lambda s, a: None if isinstance(a.row, int)
         else "the row is a whole number (1 = top)"),
    kind(A.StockRow, "stock-row", check=C.check_stock_row, handler=M.do_stock_row,
         produce=_PRODUCE, fields=C.produce_field),
    kind(A.StockDeck, "stock-deck", check=C.check_stock_deck, handler=M.do_stock_deck),
    kind(A.SkipStocking, "skip-stocking", check=C.check_skip_stocking,
         handler=M.do_skip_stocking),
    kind(A.Buy, "buy", check=AC.check_buy, handler=AM.do_buy, produce=_PRODUCE,
         fields=C.produce_field),
    kind(A.BuyWholesale, "buy-wholesale", check=AC.check_buy_wholesale,
         handler=AM.do_buy_wholesale, produce=_PRODUCE, fields=C.produce_field),
    kind(A.Sell, "sell", check=AC.check_sell, handler=AM.do_sell, produce=_PRODUCE,
         fields=C.produce_field),
    kind(A.Pick, "pick", check=AC.check_pick, handler=AM.do_pick, card=ID,
         fields=C.card_field),
    kind(A.Bargain, "bargain", check=AC.check_bargain, handler=AM.do_bargain, card=ID, price=INT,
         fields=C.card_field),
    kind(A.Done, "done", check=AC.check_done, handler=AM.do_done),
    kind(A.Empty, "empty", check=AC.check_empty, handler=AM.do_empty,
         bin=choice("a Waste Bin", Waste, bin_names()),
         fields=lambda s, a: None if isinstance(a.bin, Waste) else "the bins are PL, PA and OR"),
    kind(A.EndActions, "end-actions", check=AC.check_end_actions, handler=AM.do_end_actions),
    kind(A.Complete, "complete", check=C.check_complete, handler=M.do_complete, list=ID,
         cards=IDS, fields=C.list_field),
    kind(A.Give, "give", check=C.check_give, handler=M.do_give, card=ID, to=SEAT,
         fields=C.card_field),
    kind(A.Throw, "throw", check=C.check_throw, handler=M.do_throw, card=ID,
         fields=C.card_field),
    kind(A.RentAndRelease, "rr", check=C.check_rent_and_release, handler=M.do_rent_and_release,
         keys={"rent": ID, "release": ID}, need_key=True, fields=C.stall_fields),
    kind(A.ProposeTrade, "trade", check=C.check_propose, handler=M.do_propose, to=SEAT,
         keys={"give": IDS, "take": IDS, "pay": INT, "ask": INT}, fields=C.trade_fields),
    kind(A.Counter, "counter", check=C.check_counter, handler=M.do_counter,
         keys={"price": INT, "give": IDS, "take": IDS, "pay": INT, "ask": INT}, need_key=True,
         fields=C.counter_fields),
    kind(A.Accept, "accept", check=C.check_accept, handler=M.do_accept),
    kind(A.Decline, "decline", check=C.check_decline, handler=M.do_decline),
    kind(A.Withdraw, "withdraw", check=C.check_withdraw, handler=M.do_withdraw),
), example="P0 buy WG", hints=dict.fromkeys(
    ("pass", "end", "end-turn", "end-upkeep", "finish", "stop"),
    "'done' ends a BUY, a SELL, Upkeep or your Closing-Round step, 'end-actions' ends your "
    "Action Phase"))
"""Every Bansan action kind, in the game's order; ``hints``: what a person who types the
board's button words ("End Upkeep") or another game's ("pass") means (helper-74)."""

ACTION_TYPES = ACTIONS.types
TAGS = ACTIONS.tags
"""Each action type's tag (its ``"type"`` in JSON, its move name in the phase table)."""
CHECKS = ACTIONS.checks
HANDLERS = ACTIONS.handlers
NOTATION = ACTIONS.notation
"""The verbs of Bansan table notation, read by the grammar every game shares (docs:
"Notation")."""


def parse_action(text: str) -> A.Action:
    """Read an action from table notation, e.g. ``"P0 buy WG"`` or ``"P1 tuck PC-07 ST-04"``.

    Seat numbers are ASCII digits; verbs, produce types and bins are case-insensitive; IDs are
    upper-cased (the grammar: docs "Notation").

    Raises:
        InvalidAction: the text is not an action (or ``text`` is not a string at all).

    Example:
        >>> str(parse_action("P0 rr rent=ST-07 release=ST-02"))
        'P0 rr rent=ST-07 release=ST-02'
    """
    action: A.Action = NOTATION.parse(text)
    return action


def seat_actions(state: State, p: int, full: bool = True) -> tuple[A.Action, ...]:
    """Every well-formed action of each kind for seat ``p`` with the cards in play (legal or
    not): the action space that :func:`marketlib.bansan.view.candidate_actions` offers the
    conformance kit and the people tester; ``full=False`` leaves out the kinds that name a
    card or a list. Free-form actions (trades, bargains, Complete, Tuck, Give) are not in it."""
    cat = catalog(state)
    out: list[A.Action] = []
    if full:
        out += [A.ReturnList(player=p, list=x) for x in cat.lists]
    out += [A.ChooseHalf(player=p, half="top"), A.ChooseHalf(player=p, half="bottom")]
    out += [A.PlaceWorker(player=p, stall=s) for s in cat.stalls]
    out += [A.Move(player=p, row=r) for r in (1, 2, 3)]
    for t in PRODUCE:
        out += [A.StockRow(player=p, produce=t), A.Buy(player=p, produce=t),
                A.BuyWholesale(player=p, produce=t), A.Sell(player=p, produce=t)]
    out += [A.StockDeck(player=p), A.SkipStocking(player=p), A.Done(player=p),
            A.EndActions(player=p), A.Accept(player=p), A.Decline(player=p)]
    out += [A.Empty(player=p, bin=w) for w in WASTES]
    for c in cat.produce if full else ():
        out += [A.Pick(player=p, card=c), A.Throw(player=p, card=c)]
    out += [A.RentAndRelease(player=p, rent=s) for s in cat.stalls]
    out += [A.RentAndRelease(player=p, release=s) for s in cat.stalls]
    return tuple(out)
