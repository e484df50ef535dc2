"""The per-seat leak test of the boards, applied to the classroom transport: what a seat's
connection is sent (its traits, and the answer to a click on anything) is byte-identical in
every world that seat cannot tell apart."""

from __future__ import annotations

from typing import Any

import pytest

from marketlib import Match, bansan, monsoon
from marketlib.classroom.tables import seat_sessions
from marketlib.core.testing import ConformanceError, check_hidden_information
from marketlib.widgets import table_of

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
    """Shown to fail on the broken copy of
    :func:`test_the_transport_leak_test_fails_when_a_seat_is_sent_the_teacher_view`."""
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
