"""The teacher's Undo says what it takes back before the click (helper-78 could not tell what
the dashboard's Undo would undo): ``RoomTable.undo_words`` in the dashboard's language, the
move as its button read, with the moves after it that go too; why it cannot in play mode; and
nothing (the button disabled) before any move."""

from __future__ import annotations

from pathlib import Path

import pytest

from marketlib.classroom import Room
from marketlib.core.errors import MarketlibError
from marketlib.core.i18n import language

from .test_classroom_browser import chromium_page, dashboard_state, mount_dashboard


def test_undo_says_whose_move_it_takes_back_and_the_moves_after_it(tmp_path: Path) -> None:
    room = Room("bansan", tables=1, players=3, path=tmp_path / "c.sqlite", seed=2,
                mode="explore")
    table = room.tables[0]
    dash = room.dashboard()
    assert (dash.tables[0]["undo"], dash.tables[0]["can_undo"]) == ("", False)  # no move yet
    room.seat_computer(1, 1, "greedy")
    room.seat_computer(1, 2, "greedy")
    seat = table.match.current_player
    assert seat == 0
    assert table.handle(0, {"type": "play", "index": 0, "version": table.seats[0].version}) == ""
    assert [str(a) for a in table.match.history] == [
        "P0 return SL-27", "P1 return SL-35", "P2 return SL-21"]
    dash.refresh()
    said = ("Undo takes back P0's move \u201cReturn SL-27 (Fruits & Veggies, Dry Goods, Dry "
            "Goods, Macam-Macam; RM10) to the deck\u201d and 2 moves after it.")
    assert (dash.tables[0]["undo"], dash.tables[0]["can_undo"]) == (said, True)
    with language("ms"):
        malay = table.undo_words()
    assert malay == ("Buat asal mengambil balik langkah P0 \u201cKembalikan SL-27 (Buah & "
                     "Sayur, Barang Kering, Barang Kering, Macam-Macam; RM10) ke dek\u201d dan 2 "
                     "langkah selepasnya.")
    table.names[0] = "Aisyah"
    assert table.handle(0, {"type": "play", "index": 0, "version": table.seats[0].version}) == ""
    assert str(table.match.history[-1]) == "P0 half top"
    assert table.undo_words() == ("Undo takes back P0 Aisyah's move \u201cUse the top halves of "
                                  "all 5 cards\u201d.")
    room.undo(1)  # it takes back what it said, and says what comes next
    assert table.match.cursor == 3
    assert table.undo_words() == said.replace("P0's", "P0 Aisyah's")
    room.stop()


def test_undo_says_why_it_cannot_go_back_in_play_mode(tmp_path: Path) -> None:
    room = Room("monsoon", tables=1, players=3, path=tmp_path / "c.sqlite", seed=2)
    table = room.tables[0]
    room.seat_computer(1, 1, "greedy")
    room.seat_computer(1, 2, "greedy")
    assert table.handle(0, {"type": "play", "index": 0, "version": table.seats[0].version}) == ""
    assert str(table.match.history[-1]) == "P2 steal MG-10"
    dash = room.dashboard()
    assert (dash.tables[0]["undo"], dash.tables[0]["can_undo"]) == (
        "Cannot undo in play mode: move 11 (P2 steal MG-10) revealed new cards, which "
        "cannot be hidden again", False)
    room.stop()


@pytest.mark.browser
def test_the_dashboard_shows_it_beside_the_button(tmp_path: Path) -> None:
    room = Room("bansan", tables=2, players=2, path=tmp_path / "c.sqlite", seed=2,
                mode="explore")
    table = room.tables[1]
    assert table.handle(0, {"type": "play", "index": 0, "version": table.seats[0].version}) == ""
    dash = room.dashboard()
    with chromium_page(tmp_path) as page:
        mount_dashboard(page, dash, dashboard_state(dash))
        first, second = (page.locator(".marketlib-dash-table").nth(i) for i in (0, 1))
        assert first.locator(".marketlib-dash-undo").count() == 0
        assert first.get_by_role("button", name="Undo the last move at table 1").is_disabled()
        button = second.get_by_role("button", name="Undo the last move at table 2")
        assert button.is_enabled()
        line = second.locator(".marketlib-dash-undo")
        assert line.inner_text() == dash.tables[1]["undo"]
        assert line.inner_text().startswith("Undo takes back P0's move \u201cReturn SL-")
        assert button.get_attribute("aria-describedby") == line.get_attribute("id")
    room.stop()


def test_undo_is_not_offered_for_computer_players_moves_alone(tmp_path: Path) -> None:
    """helper-83: with a computer player in seat 0, the dashboard offered "Undo takes back P0
    GreedyBot's move ..." after the person's move had gone: undo took back the computer's
    move, which it then played again."""
    room = Room("bansan", tables=1, players=2, path=tmp_path / "c.sqlite", seed=2,
                mode="explore")
    table = room.tables[0]
    room.seat_computer(1, 0, "greedy")  # it moves at once: P0 return SL-21
    assert [str(a) for a in table.match.history] == ["P0 return SL-21"]
    said = ("Nothing to undo: only computer players have moved since, and they would play the "
            "same again")
    assert (table.undo_words(), table.session.undo_stop()) == (said, None)
    with pytest.raises(MarketlibError, match="only computer players have moved since"):
        room.undo(1)
    assert table.match.cursor == 1  # nothing changed
    assert table.handle(1, {"type": "play", "index": 0, "version": table.seats[1].version}) == ""
    assert [str(a) for a in table.match.history] == ["P0 return SL-21", "P1 return SL-36",
                                                     "P0 half top"]
    assert table.undo_words().startswith("Undo takes back P1's move \u201cReturn SL-36 ")
    room.undo(1)
    assert table.match.cursor == 1
    room.stop()
