"""Predictions (issue 31, point 2): one question before play, answered on each student's page,
stored with the student and resumed, shown by compare() beside the outcome and on the projector
as a histogram. Off by default."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from marketlib import bansan
from marketlib.classroom import Question, Room
from marketlib.classroom.projector import payload

from .helpers import asgi_client, join, make_room, until

FINE = {"fine RM2": bansan.Rules(players=2, fine_per_card=2),
        "no fine": bansan.Rules(players=2, fine_per_card=0)}


@pytest.mark.parametrize(("args", "kwargs", "message"), [
    (("",), {}, "text"),
    (("Which?",), {"choices": ["a"]}, "two different"),
    (("Which?",), {"choices": ["a", "a"]}, "two different"),
    (("RM?",), {"kind": "number", "choices": ["a", "b"]}, "no choices"),
    (("RM?",), {"kind": "words"}, "kind"),
])
def test_a_question_is_checked(args: tuple[str], kwargs: dict[str, object],
                               message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Question(*args, **kwargs)  # type: ignore[arg-type]


def test_answers_are_checked(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, prediction=Question("RM?"))
    try:
        assert room.answer(1, 0, "12.5") == 12.5
        for bad in ("lots", "nan", float("inf")):
            with pytest.raises(ValueError, match="number"):
                room.answer(1, 1, bad)
        with pytest.raises(ValueError, match="no table 2"):
            room.answer(2, 0, 1)
    finally:
        room.stop()
    (tmp_path / "x").mkdir()
    plain = make_room(tmp_path / "x", players=2)
    assert plain.prediction is None and plain.predictions().empty
    with pytest.raises(ValueError, match="asks no question"):
        plain.answer(1, 0, 3)
    plain.stop()


def test_a_student_answers_on_the_page_and_it_is_stored_and_resumed(tmp_path: Path) -> None:
    question = Question("Will the fine lower what vendors end with?",
                        choices=["lower", "the same", "higher"])
    room = Room("bansan", tables=2, treatments=FINE, assign=list(FINE), seed=4,
                prediction=question, path=tmp_path / "c.sqlite")
    with asgi_client(room) as client, client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "code": room.codes[(1, 0)], "name": "Ana"}))
        asked = until(ws, "question")
        assert asked["text"] == question.text and asked["choices"] == list(question.choices)
        assert asked["kind"] == "choice" and asked["answered"] is False
        ws.send_text(json.dumps({"type": "predict", "answer": "maybe", "id": 7}))
        refused = until(ws, "error")
        assert refused["id"] == 7 and "answer one of" in refused["error"]
        ws.send_text(json.dumps({"type": "predict", "answer": "lower", "id": 8}))
        assert until(ws, "ack")["id"] == 8
        assert until(ws, "question")["answered"] is True
    room.answer(2, 1, "higher")
    frame = room.predictions()
    assert frame.to_dict("records") == [
        {"table": 1, "seat": 0, "name": "Ana", "treatment": "fine RM2", "answer": "lower",
         "before_play": True},
        {"table": 2, "seat": 1, "name": "", "treatment": "no fine", "answer": "higher",
         "before_play": True}]
    room.stop()
    again = Room.resume(tmp_path / "c.sqlite")
    try:
        assert again.prediction == question
        assert again.predictions().equals(frame)
    finally:
        again.stop()


def test_a_page_must_join_before_it_predicts(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, prediction=Question("RM?"))
    with asgi_client(room) as client, client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "predict", "answer": 3, "id": 1}))
        assert "join a seat first" in until(ws, "error")["error"]
        assert join(ws, room.codes[(1, 1)], "Ben")
    assert room.predictions().empty
    room.stop()


def test_the_projector_shows_a_histogram_and_compare_the_predictions(tmp_path: Path) -> None:
    room = Room("bansan", tables=4, treatments=FINE, assign=list(FINE) * 2, seed=3,
                prediction=Question("RM at the end?"), path=tmp_path / "c.sqlite")
    try:
        for (t, s), value in {(1, 0): 10, (1, 1): 14, (2, 0): 20, (2, 1): 20}.items():
            room.answer(t, s, value)
        asked = payload(room)["prediction"]
        assert asked["answers"] == 4 and sum(b["count"] for b in asked["histogram"]) == 4
        assert asked["histogram"][0] == {"label": "10–11.2", "count": 1}
        assert "RM at the end?" in room.projector().html()
        text = json.dumps(payload(room))
        assert all(code not in text for code in room.codes.values())
        for t in (1, 2, 3, 4):
            room.seat_computer(t, 0, "random")
            room.seat_computer(t, 1, "random")
        found = room.compare("money")
        assert found.treatments["prediction"].tolist() == [12.0, 20.0]
        assert len(found.predictions) == 4
        assert list(room.students().columns)[-1] == "prediction"  # the grades export has it
    finally:
        room.stop()


def test_a_room_without_a_question_compares_as_before(tmp_path: Path) -> None:
    room = Room("bansan", tables=4, treatments=FINE, assign=list(FINE) * 2, seed=3,
                path=tmp_path / "c.sqlite")
    try:
        for t in (1, 2, 3, 4):
            room.seat_computer(t, 0, "random")
            room.seat_computer(t, 1, "random")
        found = room.compare("money")
        assert "prediction" not in found.treatments and found.predictions is None
        assert payload(room)["prediction"] is None
        assert not math.isnan(found.treatments["mean"].iloc[0])
    finally:
        room.stop()


def test_a_prediction_made_after_play_began_is_told_apart(tmp_path: Path) -> None:
    """The page asks before play but does not lock the board: ``before_play`` says whether the
    answer (its latest change) came before a person first played at the student's table; a
    computer player's move does not count, and an undo does not move that moment."""
    room = make_room(tmp_path, players=2, prediction=Question("RM?"), mode="explore")
    try:
        table = room.tables[0]
        room.seat_computer(1, 0, "random")  # the computer moves first: play has not begun
        room.answer(1, 1, 10)
        assert room.predictions()["before_play"].tolist() == [True]
        room.seat_person(1, 0)
        with table.lock:
            while table.match.current_player != 1:  # a person (seat 1) plays a move
                table.match.play(table.match.legal_actions()[0])
            table.match.play(table.match.legal_actions()[0])
            table.commit()
        room.answer(1, 0, 12)
        assert room.predictions()[["seat", "before_play"]].to_dict("records") == [
            {"seat": 0, "before_play": False}, {"seat": 1, "before_play": True}]
        room.undo(1)  # back before the person's move: the answers stay as they were
        room.answer(1, 1, 11)  # changed after play began: no longer a prediction made before
        assert room.predictions()["before_play"].tolist() == [False, False]
    finally:
        room.stop()
