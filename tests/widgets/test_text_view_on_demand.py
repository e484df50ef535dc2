"""The board's text view is written only while it is open (issue 28, speed): a refresh of a
board whose text view is closed writes no text table; opening it (``{"type": "text", "open":
true}``) writes the description of the drawing shown, then one with every drawing, until it is
closed. The message only reads, as a request for previews does: the refusal shown stays, and
on the Play page and in a classroom it is acknowledged."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from marketlib import Match, bansan, monsoon
from marketlib.core.i18n import language
from marketlib.widgets import table_of
from marketlib.widgets.session import SeatSession, TableSession

GAMES = {"bansan": bansan, "monsoon": monsoon}
RULES = {"bansan": bansan.Rules(players=3), "monsoon": monsoon.Rules(players=3)}


def table(game: str, seed: int) -> tuple[TableSession, list[SeatSession]]:
    shared = TableSession(table_of(game), Match(game, RULES[game], seed=seed))
    return shared, [SeatSession(shared, s, hot_seat=False) for s in range(3)]


def written(game: str, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The views the game's text table is written for from now on (by the board's table)."""
    seen: list[Any] = []
    cls = type(table_of(game))
    real = cls.text
    monkeypatch.setattr(cls, "text", lambda self, view: (seen.append(view), real(self, view))[1])
    return seen


@pytest.mark.parametrize("game", ["bansan", "monsoon"])
def test_a_closed_text_view_writes_nothing_and_an_open_one_every_drawing(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    shared, seats = table(game, seed=3)
    match = shared.match
    rng = random.Random(3)
    seen = written(game, monkeypatch)
    for _ in range(10):  # closed: no text table, an empty description
        seat = seats[match.current_player]
        seat.refresh()
        assert seat.traits()["description"] == "" and not seat.traits()["text_open"]
        match.play(rng.choice(match.legal_actions()))
    assert seen == []
    reader = seats[0]
    reader.refresh()
    assert reader.handle({"type": "text", "open": True}) == ""
    traits = reader.traits()
    assert traits["text_open"] and traits["description"] == str(match.game.view(match.state, 0))
    assert len(seen) == 1
    for _ in range(10):  # open: written with every drawing, and only once per position
        match.play(rng.choice(match.legal_actions()))
        reader.refresh()
        reader.refresh()
        assert reader.traits()["description"] == str(match.game.view(match.state, 0))
    assert len(seen) == 11
    assert reader.handle({"type": "text", "open": False}) == ""
    assert reader.traits()["description"] == "" and not reader.traits()["text_open"]
    match.play(rng.choice(match.legal_actions()))
    reader.refresh()
    assert reader.traits()["description"] == "" and len(seen) == 11


def test_the_text_is_of_the_drawing_shown_in_its_language_and_the_refusal_stays() -> None:
    """Opened on a board that shows an older position (another board of the Match played on),
    the text is that position's, as the board shows it; in the board's language; covered, it
    is empty; the teacher view's is the whole table's. The refusal shown stays."""
    shared, seats = table("bansan", seed=4)
    match = shared.match
    rng = random.Random(4)
    for _ in range(6):
        match.play(rng.choice(match.legal_actions()))
    student = seats[1]
    student.lang = "ms"
    student.refresh()
    drawn = match.state
    student.handle({"type": "play", "index": 99, "version": student.version})
    refused = student.error
    assert refused.startswith("tiada pilihan 99"), refused
    match.play(rng.choice(match.legal_actions()))  # another board plays on
    assert match.state is not drawn
    student.handle({"type": "text", "open": True})
    with language("ms"):
        expected = str(bansan.view(drawn, 1))
    assert student.traits()["description"] == expected
    assert expected.startswith("Bansan  Pusingan Pembukaan") and "\nDek " in expected
    assert student.error == refused
    teacher = SeatSession(shared, 0, teacher=True, hot_seat=False)
    teacher.teacher_view = True
    teacher.refresh()
    teacher.handle({"type": "text", "open": True})
    assert teacher.traits()["description"] == str(bansan.view(match.state, None))
    hot = SeatSession(shared, 0)  # a hot-seat board, covered between seats
    hot.refresh()
    hot.covered = True
    hot.refresh()
    hot.handle({"type": "text", "open": True})
    assert hot.traits()["text_open"] and hot.traits()["description"] == ""
    hot.refresh()  # and every drawing while covered
    assert hot.traits()["text_open"] and hot.traits()["description"] == ""


def test_the_play_page_acknowledges_the_text_view_and_sends_the_text() -> None:
    from marketlib.widgets.worker import PageGame

    page = PageGame()
    frames = page.receive(json.dumps({"type": "start", "setup": {
        "game": "monsoon", "seed": 3, "seats": ["you", "greedy"]}}))
    traits = next(f["traits"] for f in frames if f["type"] == "state")
    assert traits["description"] == "" and traits["text_open"] is False
    frames = page.receive(json.dumps({"type": "text", "open": True, "id": 1}))
    assert frames[-1] == {"type": "ack", "id": 1, "ok": True, "error": ""}
    changed = next(f["traits"] for f in frames if f["type"] == "state")
    assert set(changed) == {"description", "text_open"}
    assert changed["description"].startswith("Monsoon Market  round 1")
