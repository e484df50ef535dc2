"""The coach on a board (issue 29, points 4 and 5): the ``hint`` message answers with the
strong bot's suggestion for the shown seat, the ``review`` message with the review of the
shown seat's game once it is over; both are offered by default on a notebook board, and a
board that does not offer them refuses them, saying why."""

from __future__ import annotations

import random

from marketlib import Match, bansan, monsoon
from marketlib.bots import GreedyBot
from marketlib.widgets import BansanBoard, MonsoonBoard
from marketlib.widgets.session import CONTROLS, SWITCHED_OFF


def test_a_notebook_board_offers_the_hint_and_answers_it() -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=3)
    board = MonsoonBoard(match, opponents={1: GreedyBot()})
    assert "hint" in board.controls and "review" in board.controls
    assert set(CONTROLS) >= {"hint", "review"}
    board._handle_custom_msg({"type": "hint"}, [])
    assert board.error == ""
    expected = match.hint(0)
    label = next(c["label"] for c in board.choices if c["text"] == str(expected.action))
    assert label == "Steal Wood 4 (MG-38)"
    assert board.notice.startswith("Hint for P0: \u201cSteal Wood 4 (MG-38)\u201d\n")
    assert "\nWhy: the coach cannot tell 4 of the moves it weighed apart" in board.notice
    assert expected.text.startswith("Hint for P0: P0 steal MG-38\n")  # Match.hint: notation
    # the review opens only once the game is over
    board._handle_custom_msg({"type": "review"}, [])
    assert "once the game is over" in board.error


def test_the_end_screen_review_names_the_seats_decisions() -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=5)
    board = MonsoonBoard(match, opponents={1: GreedyBot()})
    bot, rng = GreedyBot(), __import__("random").Random(1)
    while not match.is_over:
        action = bot.choose(match.view(0), match.legal_actions(), rng)
        board._handle_custom_msg({"type": "play", "index": next(
            c["index"] for c in board.choices if c["text"] == str(action)),
            "version": board.version}, [])
        assert board.error == ""
    board._handle_custom_msg({"type": "hint"}, [])
    assert "game is over" in board.error
    board._handle_custom_msg({"type": "review"}, [])
    assert board.error == ""
    mine = sum(1 for a in match.history if a.player == 0)
    assert board.notice.startswith(f"Review of P0: {mine} decisions")
    # its turning points name the moves as their buttons read (helper-78), not in notation
    assert "Move 80: you played \u201cSteal Cloth 3 (MG-26)\u201d; \u201cSteal Gem/Scroll 1 " \
           "(MG-29)\u201d was worth about 2.1 seals more" in board.notice
    assert "P0 steal" not in board.notice
    frame = match.review(0)  # the library's frame keeps the notation
    assert frame.loc[frame["move"] == 80, "played"].tolist() == ["P0 steal MG-26"]


def test_a_bansan_hint_words_each_move_of_its_line_where_it_is_played() -> None:
    """The hint on a board names the moves as the choices' buttons read ("P0 tuck PC-22
    ST-01" is notation a learner never sees on the board, helper-78), each step of the line
    worded in the position it is played in: PC-06 is picked from the Stall it was tucked
    into earlier in the line, not from the Bag where it lies now."""
    match = Match("bansan", bansan.Rules(players=3), seed=4)
    board = BansanBoard(match, opponents={1: GreedyBot(), 2: GreedyBot()})
    rng = random.Random(2)
    for _ in range(18):
        board._handle_custom_msg({"type": "play", "index": rng.randrange(len(board.choices)),
                                  "version": board.version}, [])
    assert (len(match.history), match.current_player) == (47, 0)
    assert [c["label"] for c in board.choices] == [
        "Tuck PC-22 into Stall ST-01", "Tuck PC-22 into Stall ST-07",
        "Tuck PC-06 into Stall ST-01", "Tuck PC-06 into Stall ST-07"]
    board._handle_custom_msg({"type": "hint"}, [])
    assert board.error == ""
    lines = board.notice.split("\n")
    assert lines[0] == "Hint for P0: \u201cTuck PC-22 into Stall ST-01\u201d"
    assert lines[1].startswith(
        "Why: P0 plays \u201cTuck PC-22 into Stall ST-01\u201d, then \u201cTuck PC-06 "
        "into Stall ST-01\u201d, then \u201cSell Fruits & Veggies online (half price)\u201d, "
        "then \u201cPick PC-06 (Plastic) from your Stall ST-01\u201d and 4 more, because money "
        "goes from RM12 to RM13; ")
    assert lines[1].endswith("next best began with \u201cTuck PC-22 into Stall ST-07\u201d at "
                             "about 6%.")
    assert lines[2].startswith("Also weighed: \u201cTuck PC-22 into Stall ST-07\u201d (about ")
    assert [c["label"] for c in board.choices if c["text"] == "P0 pick PC-06"] == []  # not yet
    # the same hint outside a board, and the log's reasons, keep the table notation
    text = match.hint(0).text.split("\n")
    assert text[0] == "Hint for P0: P0 tuck PC-22 ST-01"
    assert text[1].startswith("Why: P0 plays tuck PC-22 ST-01, then tuck PC-06 ST-01, "
                              "then sell FV, then pick PC-06 and 4 more, because ")


def test_a_board_without_the_coach_refuses_a_hint_with_a_reason() -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=3)
    board = MonsoonBoard(match, opponents={1: GreedyBot()})
    board.session.controls = [c for c in board.session.controls if c not in ("hint", "review")]
    board._handle_custom_msg({"type": "hint"}, [])
    assert board.error == SWITCHED_OFF["hint"]
    assert board.notice == ""


def test_a_hint_is_worded_when_it_is_made_all_in_one_style() -> None:
    """helper-81: a hint made outside a board and read inside one (or the other way round)
    mixed notation and buttons' words; and Monsoon's reason wrote the card "Cloth4" under
    a first line that reads "Steal Cloth 4 (MG-28)"."""
    from marketlib.core.i18n import naming

    match = Match("monsoon", monsoon.Rules(players=2), seed=0)
    board = MonsoonBoard(match)
    rng = random.Random(0)
    while len(match.history) < 16:
        if board.covered:
            board._handle_custom_msg({"type": "reveal"}, [])
        board._handle_custom_msg({"type": "play", "index": rng.randrange(len(board.choices)),
                                  "version": board.version}, [])
    board._handle_custom_msg({"type": "reveal"}, [])
    board._handle_custom_msg({"type": "hint"}, [])
    first, why = board.notice.split("\n")[:2]
    assert first == "Hint for P0: \u201cSteal Cloth 4 (MG-28)\u201d"
    assert why.startswith("Why: P0 steals MG-28 (Cloth 4) from P1's display, so it "
                          "holds the goods for MO-22 at Gold (4 seals) next turn; ")
    assert why.endswith("next best began with \u201cSteal Scroll 4 (MG-14)\u201d at about 74%.")
    words = board.session._button_words(0)
    with naming(words):
        made_on_a_board = match.hint(0)
    assert made_on_a_board.text == board.notice  # read anywhere, it stays in words
    made_in_python = match.hint(0)
    with naming(words):
        read_on_a_board = made_in_python.text
    assert read_on_a_board.split("\n")[:2] == [
        "Hint for P0: P0 steal MG-28",
        why.replace("\u201cSteal Scroll 4 (MG-14)\u201d", "P0 steal MG-14")
           .replace("(Cloth 4)", "(Cloth4)")]  # all in notation, as it was made
