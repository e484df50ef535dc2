"""A click on a Monsoon board that is not a highlighted choice is answered by the rule that
forbids what the click tried (found by helper-62): a click on another seat's Bonus Good tries
to steal it (M-STEAL-04, M-BG-03), on one's own in the Action step to buy with it (M-BUY-04,
M-BG-02), and a click on another Order while paying for one says what is being fulfilled
(M-FUL-01). All three read "M-TURN-01: ... spend-bonus is not one of them" or "M-BG-01: you have
no unspent Bonus Good", which named a move nobody tried. A legal move that was not what was
clicked is explained without Bansan's card-then-place advice."""

from __future__ import annotations

from marketlib import Match, monsoon
from marketlib.bots import GreedyBot
from marketlib.monsoon import position
from marketlib.widgets import MonsoonBoard


def _board() -> MonsoonBoard:
    state = position(displays=[["Gem2", "Gem3", "Cloth1"],
                               ["Scroll2", "Wood4", "Pepper1", "Cloth2"]],
                     market=["Cloth3", "Scroll3", "Pepper3", "Gem4"],
                     order_display=["MO-02", "MO-04", "MO-16", "MO-30"],
                     orders={0: ["MO-07 bulk"], 1: ["MO-19 bulk"]}, rules=monsoon.Rules(players=2))
    return MonsoonBoard(Match.from_state("monsoon", state), seat=0, opponents={1: GreedyBot()})


def _explain(board: MonsoonBoard, target: str) -> str:
    board.session.handle({"type": "explain", "target": target})
    notice: str = board.session.traits()["notice"]
    return notice


def test_a_click_on_a_bonus_good_or_another_order_names_the_rule_it_breaks() -> None:
    board = _board()
    assert _explain(board, "bonus:MO-19") == (
        "M-STEAL-04: the Bonus Good on MO-19 can never be stolen (M-BG-03)")
    assert _explain(board, "bonus:MO-07") == (
        "M-BUY-04: the Bonus Good on MO-07 cannot be spent to Buy (M-BG-02)")
    traits = board.session.traits()
    index = next(c["index"] for c in traits["choices"] if c["text"] == "P0 fulfill MO-02")
    board.session.handle({"type": "play", "index": index, "version": traits["version"]})
    assert _explain(board, "order:MO-04") == (
        "M-FUL-01: you are fulfilling MO-02: spend cards or Bonus Goods, then declare a level; "
        "fulfill is not one of them")
    assert _explain(board, "bonus:MO-19") == "M-BG-01: you have no unspent Bonus Good on MO-19"
    assert _explain(board, "order:MO-07") == (
        "Spend the Bonus Good of MO-07 [P0 spend-bonus MO-07] is allowed now. To play it, click "
        "its highlighted choice.")  # no "a card that goes somewhere": that is Bansan's
