"""Undo, Redo and a completed list get a short confirmation on the board (issue 30, point 4),
worded from the seat's own views; other moves leave the notice empty."""

from __future__ import annotations

import random
from typing import Any

from marketlib import Match, bansan, monsoon
from marketlib.widgets import table_of
from marketlib.widgets.session import SeatSession, TableSession


def seats(game: str, rules: Any, seed: int) -> tuple[Match, list[SeatSession]]:
    match = Match(game, rules, seed=seed)
    shared = TableSession(table_of(game), match)
    return match, [SeatSession(shared, s, hot_seat=False) for s in range(shared.players)]


def play_until(match: Match, boards: list[SeatSession], kind: str, seed: int) -> SeatSession:
    """Play seeded random moves until the decider can play ``kind``; play it; its board."""
    rng = random.Random(seed)
    for _ in range(5000):
        if match.outcome is not None:
            match.reset(match.seed + 1)
        seat = match.current_player
        assert seat is not None
        legal = match.legal_actions()
        wanted = [a for a in legal if type(a).__name__ == kind]
        boards[seat].play(wanted[0] if wanted else rng.choice(legal))
        if wanted:
            return boards[seat]
        assert boards[seat].notice == ""  # no confirmation for other moves
    raise AssertionError(f"no {kind} in 5000 moves")


def test_a_completed_list_is_confirmed_with_its_money() -> None:
    match, boards = seats("bansan", bansan.Rules(players=2), seed=3)
    board = play_until(match, boards, "Complete", seed=3)
    done = match.history[-1]
    assert board.notice.startswith(f"Done: P{done.player} completed Shopping List {done.list}: ")
    assert board.notice.endswith(" for you.") and "RM" in board.notice


def test_a_fulfilled_order_is_confirmed_with_the_seals() -> None:
    match, boards = seats("monsoon", monsoon.Rules(players=2), seed=2)
    board = play_until(match, boards, "Declare", seed=2)
    seat = match.history[-1].player
    seals = match.view(seat).seals[seat]
    word = "seal" if seals == 1 else "seals"
    assert board.notice.startswith(f"Done: P{seat} fulfilled ")
    assert board.notice.endswith(f"P{seat} has {seals} {word}.")


def test_undo_and_redo_say_how_many_moves() -> None:
    match, boards = seats("monsoon", monsoon.Rules(players=2), seed=5)
    rng = random.Random(5)
    for _ in range(6):
        boards[match.current_player].play(rng.choice(match.legal_actions()))
    board = boards[0]
    cursor = match.cursor
    board.undo()
    taken = cursor - match.cursor
    assert taken >= 1
    assert board.notice == f"Undone: {taken} move{'' if taken == 1 else 's'} taken back."
    board.redo()
    assert match.cursor == cursor
    assert board.notice == f"Redone: {taken} move{'' if taken == 1 else 's'} played again."
