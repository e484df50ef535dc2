"""The projector view and the join slips (issue 31, point 3): the wall shows tables, progress and
the treatments' running results, never a join code, a seed or anything a seat hides; the slips
hand out every code exactly once."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from marketlib import bansan
from marketlib.classroom import Room
from marketlib.classroom.projector import PER_PAGE, Projector, payload

from .helpers import asgi_client, make_room

FINE = {"fine RM2": bansan.Rules(players=2, fine_per_card=2),
        "no fine": bansan.Rules(players=2, fine_per_card=0)}
ROW_KEYS = {"table", "treatment", "game", "turn", "moves", "to_play", "paused", "over",
            "winners", "players"}


def play_some(room: Room, table_no: int, moves: int) -> None:
    """A person at seat 0 plays the first choice ``moves`` times; a computer plays seat 1."""
    table = room.tables[table_no - 1]
    room.seat_computer(table_no, 1, "random")
    for _ in range(moves):
        if table.match.current_player != 0:
            break
        assert not table.handle(0, {"type": "play", "index": 0,
                                    "version": table.seats[0].version})


def secrets_of(room: Room) -> list[str]:
    """Every code, every seed and every hidden Wallet card of the room's current games."""
    found = [*room.codes.values(), *(str(s) for s in room.seeds)]
    for table in room.tables:
        if not table.match.is_over:
            found += [c for v in table.match.state.vendors for c in v.wallet]
    return found


def test_two_rooms_that_differ_only_in_hidden_cards_project_the_same(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    rooms = [Room("bansan", tables=4, treatments=FINE, assign=list(FINE) * 2,
                  path=tmp_path / d / "c.sqlite") for d in "ab"]  # fresh secret seeds
    try:
        assert rooms[0].seeds != rooms[1].seeds
        assert rooms[0].tables[0].match.state != rooms[1].tables[0].match.state
        for room in rooms:
            room.tables[0].set_name(0, "Aisyah")
            room.tables[0].refresh()
        first, second = (payload(r) for r in rooms)
        assert first == second
        assert rooms[0].projector().html() == rooms[1].projector().html()
    finally:
        for room in rooms:
            room.stop()


def test_the_projector_shows_no_code_seed_or_hidden_card_mid_game(tmp_path: Path) -> None:
    room = Room("bansan", tables=2, treatments=FINE, assign=list(FINE),
                path=tmp_path / "c.sqlite")
    try:
        play_some(room, 1, 6)
        table = room.tables[0]
        assert not table.match.is_over and table.match.cursor > 0
        data = payload(room)
        assert all(set(row) == ROW_KEYS for row in data["tables"])
        assert data["tables"][0]["moves"] == table.match.cursor
        texts = [json.dumps(data), room.projector().html()]
        with asgi_client(room) as client:
            answer = client.get("/projector.json")
            assert answer.status_code == 200
            assert answer.json() == data
            texts += [answer.text, client.get("/projector").text,
                      client.get("/projector.js").text]
        for text in texts:
            for secret in secrets_of(room):
                assert secret not in text, secret
    finally:
        room.stop()


def test_running_results_count_finished_games_only(tmp_path: Path) -> None:
    room = Room("bansan", tables=2, treatments=FINE, assign=list(FINE), seed=3,
                path=tmp_path / "c.sqlite")
    try:
        room.seat_computer(1, 0, "random")
        room.seat_computer(1, 1, "random")  # table 1 ("fine RM2") plays to its end
        play_some(room, 2, 3)  # table 2 is under way
        assert room.tables[0].match.is_over and not room.tables[1].match.is_over
        data = payload(room)
        fine, free = data["treatments"]
        games = room.results()
        assert fine == {"treatment": "fine RM2", "tables": 1, "finished": 1, "seats": 2,
                        "mean": round(float(games["score"].mean()), 2)}
        assert free == {"treatment": "no fine", "tables": 1, "finished": 0, "seats": 0,
                        "mean": None}
        over = data["tables"][0]
        assert over["over"] and over["to_play"] == ""
        outcome = room.tables[0].match.outcome
        assert outcome is not None
        # each winner by seat and name: at a table of computer players the seat says which
        # RandomBot won (helper-78 read "GreedyBot won" at a table of three GreedyBots)
        assert over["players"] == ["P0 RandomBot", "P1 RandomBot"]
        assert over["winners"] == [f"P{w} RandomBot" for w in outcome.winners]
        under_way = data["tables"][1]
        assert under_way["to_play"] == f"P{room.tables[1].match.current_player}"
        room.seat_person(1, 0)
        room.new_game(1)  # the finished game still counts; the new one does not yet
        assert not room.tables[0].match.is_over
        assert payload(room)["treatments"][0]["finished"] == 1
    finally:
        room.stop()


def test_the_qr_code_and_page_are_served(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2, address="http://10.0.0.5:8000/")
    try:
        with asgi_client(room) as client:
            page = client.get("/projector")
            assert page.status_code == 200 and 'src="/projector.js"' in page.text
            qr = client.get("/qr.svg")
            assert qr.headers["content-type"].startswith("image/svg+xml")
            assert qr.text.lstrip().startswith("<svg") and "xmlns" in qr.text
            assert client.get("/projector.css").status_code == 200
    finally:
        room.stop()


def test_slips_hand_out_every_code_exactly_once(tmp_path: Path) -> None:
    room = make_room(tmp_path, tables=4, players=3, address="http://10.0.0.5:8000/")
    try:
        text = room.slips()
        for code in room.codes.values():
            assert text.count(code) == 1
        assert text.count('class="slip"') == 12
        assert text.count('class="sheet"') == -(-12 // PER_PAGE)
        assert "break-inside: avoid" in text and "break-after: page" in text
        assert "http://10.0.0.5:8000/" in text and "<svg" in text
        assert re.findall(r"Table (\d), seat P(\d)", text)[:4] == [
            ("1", "0"), ("1", "1"), ("1", "2"), ("2", "0")]
        path = room.slips(tmp_path / "slips.html")
        assert path.read_text(encoding="utf-8") == text
    finally:
        room.stop()


def test_slips_need_a_join_address(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2)
    try:
        with pytest.raises(ValueError, match=r"room\.start"):
            room.slips()
        assert "http://x/" in room.slips(address="http://x/")
    finally:
        room.stop()


def _words(page: str) -> str:
    """The words a person reads on ``page``: no QR code, style, markup or join code."""
    page = re.sub(r"<svg.*?</svg>|<style>.*?</style>|<code>.*?</code>", " ", page, flags=re.S)
    page = re.sub(r'<div class="slip-code">.*?</div>', " ", page)
    page = re.sub(r"</?(b|a)\b[^>]*>", "", page)  # inline: part of the sentence
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).strip()


ENGLISH = re.compile(r"\b(Table|seat|Open|type|code|Print|cut|slips?|room|Students|running|"
                     r"computer|table|started|and|their|this)\b")


def test_slips_and_room_summary_speak_the_rooms_language(tmp_path: Path) -> None:
    """Issue 30, point 5: the join slips (room.slips()) and the notebook's room summary
    (room_html) are worded in the language in force, set_language as the projector's; the
    English is what it always was."""
    import marketlib
    from marketlib.classroom.invite import room_html

    room = make_room(tmp_path, tables=2, players=2, address="http://10.0.0.5:8000/")
    try:
        room.tables[0].set_name(1, "Ben")
        room.seat_computer(2, 1, "random")
        english = _words(room.slips())
        assert english.startswith(
            "Join slips: Bansan Print, cut along the dashed lines and hand each student their own "
            "slip. Table 1, seat P0 Open http://10.0.0.5:8000/ and type this code. "
            "Ben Table 1, seat P1")
        assert '<html lang="en">' in room.slips()
        assert "<title>Join slips: Bansan</title>" in room.slips()
        assert _words(room_html(room)) == (
            "Bansan room, 2 table(s), not started: room.start(). Students open (not started) "
            "and type their code. table P0 P1 Table 1 Ben Table 2 computer")
        marketlib.set_language("ms")
        try:
            slips, summary = room.slips(), room._repr_html_()
        finally:
            marketlib.set_language("en")
        assert _words(slips).startswith(
            "Slip untuk menyertai: Bansan Cetak, gunting mengikut garis putus-putus dan berikan "
            "setiap pelajar slipnya sendiri. Meja 1, tempat duduk P0 "
            "Buka http://10.0.0.5:8000/ dan taip kod ini. Ben Meja 1, tempat duduk P1")
        assert '<html lang="ms">' in slips
        assert "<title>Slip untuk menyertai: Bansan</title>" in slips
        assert _words(summary) == (
            "Bilik Bansan, 2 meja, belum dimulakan: room.start(). Pelajar membuka "
            "(belum dimulakan) dan menaip kod masing-masing. meja P0 P1 Meja 1 Ben Meja 2 "
            "komputer")
        for text in (_words(slips), _words(summary)):  # the code's room.start() is no word
            assert not ENGLISH.search(text.replace("room.start()", "")), text
        for code in room.codes.values():  # every code still on exactly one slip
            assert slips.count(code) == 1
        room.start()
        with marketlib.core.i18n.language("ms"):
            running = _words(room_html(room))
        assert "sedang berjalan" in running and f"Pelajar membuka {room.url} dan" in running
        assert not ENGLISH.search(running.replace(room.url, ""))
        assert "running. Students open" in _words(room_html(room))
    finally:
        room.stop()


def test_a_sendiri_room_scores_in_points_not_rm(tmp_path: Path) -> None:
    """helper-84: a Sendiri room's projector said "RM" and its debrief compared "money" as the
    score, but a Sendiri total is money plus Deck cards (B-SOLO-18; core.game.score_unit)."""
    room = Room("sendiri", tables=1, path=tmp_path / "c.sqlite", seed=1)
    try:
        assert payload(room)["unit"] == "points"
        room.seat_computer(1, 0, "greedy")  # plays its game to the end
        assert room.tables[0].match.is_over
        with pytest.raises(ValueError, match=r"'money' is not what bansan scores \(money \+ "
                                             r"Deck cards\); use 'score'"):
            room.compare("money")
    finally:
        room.stop()


@pytest.mark.parametrize(("game", "title"), [("kenduri", "Bansan · Kenduri Menu"),
                                             ("sendiri", "Bansan · Sendiri (solo)"),
                                             ("monsoon", "Monsoon Market")])
def test_a_room_names_its_game_and_mode_as_people_read_them(tmp_path: Path, game: str,
                                                            title: str) -> None:
    """helper-86: a Kenduri room read "bansan room: students open" on the dashboard and
    "bansan" on the projector and the slips; a Sendiri room showed as Room(bansan, ...)."""
    from marketlib.classroom.dashboard import Dashboard

    room = make_room(tmp_path, game=game, players=None, address="http://10.0.0.5:8000/")
    try:
        assert room.title == title and room.game == game.replace("kenduri", "bansan").replace(
            "sendiri", "bansan")  # the data frames keep the game's name
        assert Projector(room).data()["game"] == title
        assert f"<title>Join slips: {title}</title>" in room.slips()
        assert f"<b>{title}</b> room" in room._repr_html_()
        assert Dashboard(room).game == title
        if game != "monsoon":
            assert repr(room).startswith(f"Room(bansan, mode={game}, ")
    finally:
        room.stop()


def test_a_room_of_tables_in_different_modes_names_none_in_its_title(tmp_path: Path) -> None:
    """helper-88: Room.title and repr read table 1 only: a room whose treatments were the
    standard game and Kenduri called itself "Bansan" or "Bansan · Kenduri Menu" by the order
    of the assignment."""
    room = make_room(tmp_path, players=3, tables=2, treatments={"std": {}, "ken": {
        "mode": "kenduri"}}, assign=["ken", "std"])
    try:
        assert room.title == "Bansan"
        assert repr(room).startswith("Room(bansan, mode=kenduri/standard, 2 tables")
    finally:
        room.stop()
