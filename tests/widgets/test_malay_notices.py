"""The board's own notices and the Event names in Bahasa Malaysia (issue 30, point 5): a stale
click, a board that is busy, a refused control, the reconstructed Event deck's names. English
stays byte for byte the code's own words."""

from __future__ import annotations

from marketlib import Match, bansan, monsoon
from marketlib.bansan.words import EVENT_NAMES
from marketlib.core.i18n import _, language, ngettext
from marketlib.widgets import BansanBoard, MonsoonBoard, table_of
from marketlib.widgets.session import BUSY, STALE, busy_words


def _stale_click(board: MonsoonBoard) -> None:
    old = board.version
    target = next(c for c in board.choices if c["target"] == "card:MG-33")
    board._handle_custom_msg({"type": "play", "index": target["index"], "version": old}, [])
    board._handle_custom_msg({"type": "reveal"}, [])
    board._handle_custom_msg({"type": "play", "index": 0, "version": old}, [])


def test_a_stale_click_is_refused_in_the_boards_language() -> None:
    english = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=1))
    malay = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=1), lang="ms")
    _stale_click(english)
    _stale_click(malay)
    assert english.error.startswith(STALE + " (board version ")
    assert malay.error.startswith("Papan berubah sebelum klik anda sampai") and (
        "(versi papan " in malay.error)
    assert len(malay.match.history) == len(english.match.history) == 1


def test_refused_controls_and_a_bad_seed_read_in_malay() -> None:
    board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=1), lang="ms")
    board._handle_custom_msg({"type": "new_game", "seed": "abc"}, [])
    assert board.error.startswith("Benih mestilah nombor bulat seperti 42, bukan 'abc'")
    board._handle_custom_msg({"type": "set_seat", "seat": 7}, [])
    assert board.error == "tiada tempat duduk 7"
    board._handle_custom_msg({"type": "step_out"}, [])
    assert board.error == "tiada sesiapa yang masuk campur"


def test_the_busy_line_reads_in_each_seats_language() -> None:
    board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=1))
    table = board.session.table
    table.busy = BUSY.format(seat=1)
    assert busy_words(table) == "P1 is playing..."
    with language("ms"):
        assert busy_words(table) == "P1 sedang bermain..."
    table.busy = ""
    assert busy_words(table) == ""


def test_every_event_name_is_translated_and_shown_in_malay() -> None:
    m = Match("bansan", bansan.Rules(players=3, events="reconstructed"), seed=1)
    events = bansan.catalog(m.state).events
    assert {e.name for e in events.values()} <= set(EVENT_NAMES)
    with language("ms"):
        for name in EVENT_NAMES:
            assert _(name), name
        shown = table_of("bansan").cards(m)["events"]
    assert shown["EV-01"]["name"] == "Thaipusam"
    assert any(e["name"].startswith("Pemeriksaan majlis") for e in shown.values())
    assert {e["name"] for e in table_of("bansan").cards(m)["events"].values()} <= set(EVENT_NAMES)


def test_one_seal_is_one_seal_in_every_language() -> None:
    """The standings' "1 seals" was a grammar slip: a plural message now (ngettext)."""
    singular = "{place} P{seat} {seals} seal (Gold-edge Orders: {gold})"
    plural = "{place} P{seat} {seals} seals (Gold-edge Orders: {gold})"
    assert ngettext(singular, plural, 1).format(place="1st", seat=0, seals=1, gold=0) == (
        "1st P0 1 seal (Gold-edge Orders: 0)")
    assert ngettext(singular, plural, 2).endswith("seals (Gold-edge Orders: {gold})")
    with language("ms"):
        assert ngettext(singular, plural, 1) == ngettext(singular, plural, 2) == (
            "{place} P{seat} {seals} mohor (Pesanan bersisi Emas: {gold})")


def test_a_bansan_board_shows_its_events_in_malay() -> None:
    board = BansanBoard(Match("bansan", bansan.Rules(players=3, events="reconstructed"),
                              seed=1), lang="ms")
    assert board.cards["words"] and board.cards["events"]["EV-01"]["name"] == "Thaipusam"
