"""BansanBoard, Python side: the messages the browser sends, without a browser. Every action
kind a click can make, trades and bargains through the panel, illegal clicks, malformed input."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from marketlib import Match, bansan
from marketlib.bots import RandomBot
from marketlib.widgets import BansanBoard


def play_index(board: BansanBoard, index: int) -> None:
    board._handle_custom_msg({"type": "play", "index": index, "version": board.version}, [])


def click(board: BansanBoard, target: str) -> None:
    for choice in board.choices:
        if choice["target"] == target:
            play_index(board, choice["index"])
            return
    board._handle_custom_msg({"type": "explain", "target": target}, [])


def test_random_games_by_clicks_use_every_clickable_action_kind() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(6):
        match = Match("bansan", bansan.Rules(players=3), seed=seed)
        board = BansanBoard(match)
        rng = random.Random(seed)
        while not match.is_over:
            if board.covered:
                board._handle_custom_msg({"type": "reveal"}, [])
            play_index(board, rng.randrange(len(board.choices)))
            assert board.error == ""
        kinds.update(type(a).__name__ for a in match.history)
        assert board.summary.startswith("Game over: ")  # the board has the standings
        assert "Standings: 1st P" in board.summary
    assert set(kinds) >= {
        "ReturnList", "ChooseHalf", "Tuck", "PlaceWorker", "StockRow", "StockDeck", "Buy",
        "BuyWholesale", "Sell", "Pick", "Done", "Empty", "EndActions", "Complete", "Give",
        "Throw", "RentAndRelease"}


def test_targets_name_the_thing_clicked() -> None:
    match = Match("bansan", bansan.Rules(players=2), seed=1)
    board = BansanBoard(match)
    assert [c["target"] for c in board.choices] == ["list:SL-20", "list:SL-23", "list:SL-34"]
    click(board, "list:SL-23")
    assert match.history == (bansan.ReturnList(player=0, list="SL-23"),)
    assert board.seat == 1 and board.covered


def trade_position(**extra: Any) -> bansan.State:
    return bansan.position(players=2, rents={0: ["FV"], 1: ["MT"]}, bags={0: ["FV:PA"],
                           1: ["MT:OR"]}, money=[10, 10], phase="actions", **extra)


def test_trade_through_the_panel_answered_by_a_hot_seat_vendor() -> None:
    match = Match.from_state("bansan", trade_position())
    board = BansanBoard(match)
    mine = match.state.vendors[0].bag[0].card
    theirs = match.state.vendors[1].bag[0].card
    board._handle_custom_msg({"type": "propose_trade", "to": 1, "give": [mine],
                              "take": [theirs], "pay": 0, "ask": 2, "version": board.version}, [])
    assert board.error == "" and match.current_player == 1 and board.covered
    assert [c["target"] for c in board.choices] == []  # covered until P1 reveals
    board._handle_custom_msg({"type": "reveal"}, [])
    assert [c["text"] for c in board.choices] == ["P1 accept", "P1 decline"]
    click(board, "button:accept")
    state = match.state
    assert [b.card for b in state.vendors[0].bag] == [theirs]
    assert [b.card for b in state.vendors[1].bag] == [mine]
    assert (state.vendors[0].money, state.vendors[1].money) == (12, 8)
    assert match.current_player == 0  # control returns to the proposer


def test_trade_answered_by_a_computer_vendor() -> None:
    match = Match.from_state("bansan", trade_position())
    board = BansanBoard(match, opponents={1: RandomBot()})
    board._handle_custom_msg({"type": "propose_trade", "to": 1, "give": [], "take": [],
                              "pay": 1, "ask": 0, "version": board.version}, [])
    answer = match.history[-1]
    assert type(answer).__name__ in ("Accept", "Decline") and answer.player == 1
    # P1's reason would read from its hidden money and Wallet: P0 sees the move only
    assert board.log[-1] == str(answer)
    board._handle_custom_msg({"type": "teacher", "on": True}, [])
    assert board.log[-1].startswith(f"{answer} - RandomBot: ")
    assert match.current_player == 0


def test_illegal_proposal_shows_the_rule_and_changes_nothing() -> None:
    match = Match.from_state("bansan", trade_position())
    board = BansanBoard(match)
    board._handle_custom_msg({"type": "propose_trade", "to": 1, "give": [], "take": [],
                              "pay": 50, "ask": 0, "version": board.version}, [])
    assert board.notice == "B-ANY-02: you can pay at most RM10"
    assert match.history == () and board.error == ""


def test_bargain_outside_a_buy_is_refused_with_its_rule() -> None:
    match = Match.from_state("bansan", trade_position())
    board = BansanBoard(match)
    board._handle_custom_msg({"type": "bargain", "card": "PC-01", "price": 1,
                              "version": board.version}, [])
    assert board.notice.startswith("B-ANY-01: ")
    assert match.history == ()


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ({"type": "propose_trade", "give": []}, "missing required field `to`"),
        ({"type": "propose_trade", "to": "x"}, "Expected `int`, got `str` - at `$.to`"),
        ({"type": "propose_trade", "to": 1, "pay": 1.9}, "Expected `int`, got `float` - at "
                                                        "`$.pay`"),
        ({"type": "bargain", "card": "PC-01"}, "missing required field `price`"),
    ],
)
def test_malformed_proposals_set_error(message: dict[str, Any], error: str) -> None:
    match = Match.from_state("bansan", trade_position())
    board = BansanBoard(match)
    board._handle_custom_msg({**message, "version": board.version}, [])
    assert error in board.error and match.history == ()


def test_illegal_click_on_a_stall_explains() -> None:
    match = Match("bansan", bansan.Rules(players=2), seed=1)
    board = BansanBoard(match)
    click(board, "stall:ST-01")  # the opening asks to return a list first
    assert board.notice.startswith("B-")
    assert match.history == ()


def test_hidden_information_stays_hidden_in_the_scene() -> None:
    match = Match("bansan", bansan.Rules(players=3), seed=2)
    board = BansanBoard(match)
    vendors = board.scene["vendors"]
    assert vendors[0]["money"] == 10 and vendors[0]["wallet"] is not None
    assert vendors[1]["money"] is None and vendors[1]["wallet"] is None
    board._handle_custom_msg({"type": "teacher", "on": True}, [])
    assert board.scene["vendors"][1]["money"] == 10


@pytest.mark.parametrize(("mode", "players"), [("kenduri", 2), ("kenduri", 5), ("sendiri", 1)])
def test_every_mode_plays_to_the_end_by_clicks(mode: str, players: int) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(3):
        match = Match("bansan", bansan.Rules(players=players, mode=mode), seed=seed)
        board = BansanBoard(match, opponents={p: RandomBot() for p in range(1, players)})
        rng = random.Random(seed)
        while not match.is_over:
            play_index(board, rng.randrange(len(board.choices)))
            assert board.error == ""
        kinds.update(type(a).__name__ for a in match.history if a.player == 0)
        assert board.summary.startswith("Game over: ")
    if mode == "sendiri":
        assert kinds["Move"] > 0
    else:
        assert kinds["Complete"] + kinds["Pick"] > 0


def test_sendiri_board_shows_the_neighbour_and_the_automatic_steps() -> None:
    match = Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=3)
    board = BansanBoard(match)
    while "move:1" not in [c["target"] for c in board.choices]:  # through the opening
        play_index(board, 0)
    assert [c["target"] for c in board.choices][:2] == ["move:1", "move:2"]
    click(board, "move:1")
    assert match.history[-1] == bansan.parse_action("P0 move 1")
    assert any(s["renter"] == -1 for s in board.scene["stalls"])  # the Neighbour's Workers
    log = board.scene["auto_log"]
    assert log and log[0].startswith("turn ") and "(B-SOLO-09)" in log[0]


def test_kenduri_board_shows_the_public_menu() -> None:
    match = Match("bansan", bansan.Rules(players=3, mode="kenduri"), seed=3)
    board = BansanBoard(match)
    assert board.scene["public"] == list(match.state.public) and len(board.scene["public"]) == 5
    assert all(v["wallet"] in (None, []) for v in board.scene["vendors"])
