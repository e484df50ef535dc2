"""A click that is the second step of a two-click move is explained as that move (issue 30,
point 4; found by a first-time player): with PC-13 selected, a click on a Stall that does not
sell its type says why *that card* cannot go there (B-STOCK-03). Before, the board sent only
the Stall, and Python explained the tuck of the first card to stock ("Tuck PC-17 into Stall
ST-07 ... is allowed now"), a card the player had not chosen.

Also: a purchase whose total rounds down to RM0 (half of RM1) reads "you pay RM0", not "you
get RM0".
"""

from __future__ import annotations

import random

from marketlib import Match, bansan
from marketlib.widgets import BansanBoard, table_of
from marketlib.widgets.payload import choices_for, previews_for


def stocking() -> Match:
    """3-player Bansan, seed 2, random moves (seed 0) until P0 stocks PC-13, stocked as SF."""
    match = Match("bansan", bansan.Rules(players=3), seed=2)
    rng = random.Random(0)
    while type(match.state.pending).__name__ != "Stocking":
        match.play(rng.choice(match.legal_actions()))
    assert [c.card for c in match.state.pending.cards] == ["PC-13"]
    return match


def explain(board: BansanBoard, target: str) -> str:
    board._handle_custom_msg({"type": "explain", "target": target}, [])
    assert board.error == ""
    return str(board.notice)


def test_a_selected_card_then_a_wrong_stall_is_refused_for_that_card() -> None:
    board = BansanBoard(stocking(), opponents=None)
    assert explain(board, "card:PC-13@stall:ST-01") == (
        "B-STOCK-03: PC-13 is stocked as SF, and ST-01 sells FV")
    assert explain(board, "card:PC-13@stall:ST-08") == (
        "B-STOCK-03: PC-13 is stocked as SF, and ST-08 sells MT")
    # a Stall that does take it: legal, so the board says how to play it
    assert explain(board, "card:PC-13@stall:ST-09").startswith(
        "Tuck PC-13 into Stall ST-09 [P0 tuck PC-13 ST-09] is allowed now.")


def test_the_refusal_reads_in_the_seats_language() -> None:
    board = BansanBoard(stocking(), opponents=None, lang="ms")
    said = explain(board, "card:PC-13@stall:ST-01")
    assert said.startswith("B-STOCK-03: ")
    assert "PC-13" in said and "ST-01" in said and "stocked as" not in said


def test_a_pair_no_row_takes_means_nothing() -> None:
    table = table_of("bansan")
    match = stocking()
    view = match.view(0)
    assert table.intent(view, "card:PC-13@stall:ST-01", 0) == bansan.Tuck(
        player=0, card="PC-13", stall="ST-01")
    assert table.intent(view, "card:PC-13@give:1", 0) == bansan.Give(player=0, card="PC-13", to=1)
    assert table.intent(view, "card:PC-13@throw", 0) == bansan.Throw(player=0, card="PC-13")
    # not a Pick of PC-13 (what the card's kind alone would mean), nor a seat that is not one
    for target in ("card:PC-13@order:MO-01", "card:PC-13@give:3", "card:PC-13@give:²",
                   "card:@stall:ST-01", "card:PC-13@stall:"):
        assert table.intent(view, target, 0) is None, target
    board = BansanBoard(match, opponents=None)
    assert explain(board, "card:PC-13@give:7") == (
        "PC-13@give:7 is not something you can use right now.")


def test_a_stall_clicked_with_no_card_selected_is_explained_with_a_card_that_fits_it() -> None:
    """A bare Stall click while stocking explains the tuck of the first card to stock that may
    be stocked as what the Stall sells (B-STOCK-03/06). It took the first card to stock: with
    PC-07 (FV) first, ST-08 (MT) was refused ("PC-07 is stocked as FV, and ST-08 sells MT")
    although PC-75 fits it, and a learner read that nothing could go there."""
    match = Match("bansan", bansan.Rules(players=3), seed=1)
    rng = random.Random(1)
    while type(match.state.pending).__name__ != "Stocking" or len(match.state.pending.cards) < 5:
        match.play(rng.choice(match.legal_actions()))
    assert [c.card for c in match.state.pending.cards] == ["PC-07", "PC-75", "PC-79", "PC-74",
                                                           "PC-19"]
    board = BansanBoard(match, opponents=None, seat=2)
    assert explain(board, "stall:ST-08").startswith(
        "Tuck PC-75 into Stall ST-08 [P2 tuck PC-75 ST-08] is allowed now.")
    assert explain(board, "stall:ST-07").startswith(
        "Tuck PC-07 into Stall ST-07 [P2 tuck PC-07 ST-07] is allowed now.")
    # a Stall none of them fits: refused for the first card, as before
    assert explain(board, "stall:ST-02") == "B-STOCK-03: PC-07 is stocked as FV, and ST-02 sells WG"


def test_a_purchase_that_rounds_down_to_nothing_still_pays() -> None:
    match = Match("bansan", bansan.Rules(players=2), seed=1)
    rng = random.Random(1)
    for _ in range(40):
        match.play(rng.choice(match.legal_actions()))
    pending = match.state.pending
    assert pending.kind == "wholesale" and not pending.picked
    pick = next(c for c in choices_for(table_of("bansan"), match, match.current_player)
                if c["text"] == "P1 pick PC-34")
    said = previews_for(table_of("bansan"), match, match.current_player)["choices"]
    assert said[pick["index"]] == ("1 card(s) picked: if you finish now (done), you pay RM0 (half "
                               "price, rounded down once)")


def test_a_monsoon_buy_says_what_its_second_step_takes() -> None:
    """A first-time player read "display 4 -> 3 cards" for a Buy and did not know Market cards
    come next (M-BUY-01): the preview says how many, from public cards only, and the display
    once they are taken (helper-113 read "display 3 -> 2 cards" as a Buy that shrinks it)."""
    from marketlib import monsoon
    from marketlib.core.i18n import language

    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    table = table_of("monsoon")
    previews = dict(zip((c["text"] for c in choices_for(table, match, 0)),
                        previews_for(table, match, 0)["choices"], strict=True))
    assert previews["P0 buy MG-12"] == (
        "then take 3 Market cards (M-BUY-01): display 4 -> 6 cards")
    # a Buy that takes the whole Market at once has no second step: nothing to announce
    assert previews["P0 buy MG-07"] == "display 4 -> 7 cards; ends your turn"
    with language("ms"):
        said = dict(zip((c["text"] for c in choices_for(table, match, 0)),
                        previews_for(table, match, 0)["choices"], strict=True))
    assert said["P0 buy MG-12"] == "kemudian ambil 3 kad Pasar (M-BUY-01): paparan 4 -> 6 kad"


def test_a_monsoon_buy_that_may_stop_early_says_up_to() -> None:
    """Under ``buy_take_fewer`` the buyer may stop taking (A-M-09), so the display ends between
    the two counts (helper-114: it promised 4 -> 6 where ``skip`` could leave 3)."""
    from marketlib import monsoon
    from marketlib.core.i18n import language, sentence

    match = Match("monsoon", monsoon.Rules(players=2, buy_take_fewer=True), seed=1)
    table = table_of("monsoon")
    previews = dict(zip((c["text"] for c in choices_for(table, match, 0)),
                        previews_for(table, match, 0)["choices"], strict=True))
    said = previews["P0 buy MG-12"]
    assert said == "then take up to 3 Market cards (M-BUY-01, A-M-09): display 4 -> 3 to 6 cards"
    match.play("P0 buy MG-12")
    assert "P0 skip" in [str(a) for a in match.legal_actions()]
    with language("ms"):
        assert sentence(said) == ("kemudian ambil sehingga 3 kad Pasar (M-BUY-01, A-M-09): "
                                  "paparan 4 -> 3 hingga 6 kad")
