"""The per-seat leak test of the boards, applied to the classroom transport: what a seat's
connection is sent (its traits, and the answer to a click on anything) is byte-identical in
every world that seat cannot tell apart."""

from __future__ import annotations

import json
from typing import Any

import pytest

from marketlib import Match, bansan, monsoon
from marketlib.classroom.tables import seat_sessions
from marketlib.core.testing import ConformanceError, check_hidden_information
from marketlib.widgets import BansanBoard, table_of
from marketlib.widgets.payload import payload_function
from marketlib.widgets.session import SeatSession

SETTINGS = {
    "bansan-4p": ("bansan", bansan.Rules(players=4)),
    "kenduri-3p": ("bansan", bansan.Rules(players=3, mode="kenduri")),
    "monsoon-3p": ("monsoon", monsoon.Rules(players=3)),
}


def wire(name: str) -> Any:
    """What the server sends a seat's connection, computed as the server computes it."""
    table = table_of(name)

    def sent(match: Match, seat: int) -> dict[str, Any]:
        _, seats = seat_sessions(table, match)
        session = seats[seat]
        session.refresh()
        notices = {}
        for target in table.probe_targets(match.game.view(match.state, seat)):
            session.handle({"type": "explain", "target": target})
            notices[target] = session.notice
        return {"traits": session.traits(), "notices": notices}

    return sent


@pytest.mark.parametrize("setting", list(SETTINGS))
def test_a_connection_is_sent_the_same_bytes_in_every_world_it_cannot_tell_apart(
        setting: str) -> None:
    """Every world is also a match with its own seed (issue 27), so this fails on the broken
    copies of :func:`test_the_transport_leak_test_fails_when_a_seat_is_sent_the_teacher_view`
    and :func:`test_the_transport_leak_test_fails_when_a_seat_is_sent_the_seed` (a seat
    session with ``show_seed=True``, the seed in the ``seed`` trait, as before issue 27)."""
    name, rules = SETTINGS[setting]
    report = check_hidden_information(name, rules, payload=wire(name), positions=120,
                                      worlds=3, seed=300)
    assert report.positions == 120 and report.worlds == 3 * report.seat_checks
    assert len(report.phases) >= 3


def test_the_transport_leak_test_fails_when_a_seat_is_sent_the_teacher_view() -> None:
    """The broken copy: every seat's connection is sent the teacher's view (all Wallets, the
    money); the leak test fails."""
    table = table_of("bansan")

    def leaky(match: Match, seat: int) -> dict[str, Any]:
        _, seats = seat_sessions(table, match)
        seats[seat].teacher_view = True
        seats[seat].refresh()
        return seats[seat].traits()

    with pytest.raises(ConformanceError, match="cannot tell apart"):
        check_hidden_information("bansan", bansan.Rules(players=2), payload=leaky,
                                 positions=30)


def test_the_transport_leak_test_fails_when_a_seat_is_sent_the_seed() -> None:
    """The broken copy of issue 27: every ``state`` message carried ``"seed": "12345"``, and
    ``Match("bansan", rules, seed=12345)`` deals every other seat's Wallet and the Deck. A seat
    session that sends the seed while the game goes on fails the leak test; the classroom's
    (``show_seed=False``) passes above."""
    table = table_of("bansan")

    def leaky(match: Match, seat: int) -> dict[str, Any]:
        shared, _ = seat_sessions(table, match)
        session = SeatSession(shared, seat, hot_seat=False, controls=(), show_seed=True)
        session.refresh()
        return session.traits()

    with pytest.raises(ConformanceError, match="seed"):
        check_hidden_information("bansan", bansan.Rules(players=2), payload=leaky,
                                 positions=10)


def test_any_payload_that_sends_the_seed_fails_the_leak_test() -> None:
    """The kit itself, on a board payload (``probe``) with the seed added: refused."""
    probe = payload_function(table_of("monsoon"))

    def leaky(match: Match, seat: int) -> dict[str, Any]:
        return {**probe(match, seat), "deal": hex(match.seed)}

    with pytest.raises(ConformanceError, match="cannot tell apart"):
        check_hidden_information("monsoon", monsoon.Rules(players=2), payload=leaky,
                                 positions=5)


def test_a_student_is_sent_the_seed_only_once_the_game_is_over() -> None:
    """Issue 27: the seed is a secret until the game ends; a notebook board keeps showing it."""
    match = Match("bansan", bansan.Rules(players=2), seed=12345)
    _, seats = seat_sessions(table_of("bansan"), match)
    seats[0].refresh()
    assert seats[0].traits()["seed"] == ""
    assert "12345" not in json.dumps(seats[0].traits())
    while match.outcome is None:
        match.play(match.legal_actions()[0])
    seats[0].refresh()
    assert seats[0].traits()["seed"] == "12345"
    board = BansanBoard(Match("bansan", bansan.Rules(players=2), seed=12345))
    assert board.seed == "12345"


def hinted(name: str) -> Any:
    """What a seat's connection is sent, plus the answer to its ``hint`` message (the coach's
    suggestion when it decides, else the refusal): issue 29, point 4."""
    table = table_of(name)

    def sent(match: Match, seat: int) -> dict[str, Any]:
        _, seats = seat_sessions(table, match)
        session = seats[seat]
        session.refresh()
        session.handle({"type": "hint"})
        return {"traits": session.traits(), "hint": [session.notice, session.error]}

    return sent


@pytest.mark.parametrize("setting", ["bansan-4p", "monsoon-3p"])
def test_the_hint_is_the_same_in_every_world_the_seat_cannot_tell_apart(setting: str) -> None:
    """The per-seat leak test covers the hint: tables identical in what the seat sees but
    dealt otherwise (other hands, deck order, the match's seed) get the same hint."""
    name, rules = SETTINGS[setting]
    report = check_hidden_information(name, rules, payload=hinted(name), positions=10,
                                      worlds=2, seed=29, per_game=5)
    assert report.positions == 10


def test_the_hint_leak_test_fails_on_a_hint_that_reads_the_state() -> None:
    """The broken copy: a hint computed from the true state (here, its other seats' Wallets
    through the teacher view) is told apart by the leak test."""
    table = table_of("bansan")

    def leaky(match: Match, seat: int) -> dict[str, Any]:
        _, seats = seat_sessions(table, match)
        session = seats[seat]
        session.refresh()
        peek = match.view(None)
        return {"traits": session.traits(), "hint": str(peek.vendors)}

    with pytest.raises(ConformanceError, match="cannot tell apart"):
        check_hidden_information("bansan", bansan.Rules(players=2), payload=leaky,
                                 positions=5)
