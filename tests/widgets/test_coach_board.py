"""The coach on a board (issue 29, points 4 and 5): the ``hint`` message answers with the
strong bot's suggestion for the shown seat, the ``review`` message with the review of the
shown seat's game once it is over; both are offered by default on a notebook board, and a
board that does not offer them refuses them, saying why."""

from __future__ import annotations

from marketlib import Match, monsoon
from marketlib.bots import GreedyBot
from marketlib.widgets import MonsoonBoard
from marketlib.widgets.session import CONTROLS, SWITCHED_OFF


def test_a_notebook_board_offers_the_hint_and_answers_it() -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=3)
    board = MonsoonBoard(match, opponents={1: GreedyBot()})
    assert "hint" in board.controls and "review" in board.controls
    assert set(CONTROLS) >= {"hint", "review"}
    board._handle_custom_msg({"type": "hint"}, [])
    assert board.error == ""
    expected = match.hint(0)
    assert board.notice.startswith(f"Hint for P0: {expected.action}")
    assert "Why: the coach" in board.notice
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


def test_a_board_without_the_coach_refuses_a_hint_with_a_reason() -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=3)
    board = MonsoonBoard(match, opponents={1: GreedyBot()})
    board.session.controls = [c for c in board.session.controls if c not in ("hint", "review")]
    board._handle_custom_msg({"type": "hint"}, [])
    assert board.error == SWITCHED_OFF["hint"]
    assert board.notice == ""
