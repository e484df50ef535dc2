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


def _undo_redo_refusals(lang: str | None) -> list[str]:
    """The board's ``error`` after a click on Undo at the start, on Redo with nothing undone
    and (play mode) on Undo after a move that revealed Deck cards."""
    from marketlib.widgets.session import SeatSession, TableSession

    match = Match("bansan", bansan.Rules(players=2), seed=2, mode="play")
    board = SeatSession(TableSession(table_of("bansan"), match), 0, lang=lang)

    def click(kind: str) -> str:
        board.refresh()
        board.handle({"type": kind, "version": board.version})
        return board.error

    said = [click("undo"), click("redo")]
    while True:  # stocking from the Deck reveals cards
        deck = [a for a in match.legal_actions() if str(a).endswith("stock-deck")]
        match.play(deck[0] if deck else match.legal_actions()[0])
        if deck:
            break
    said.append(click("undo"))
    return said


def test_a_refused_undo_or_redo_reads_in_the_boards_language() -> None:
    english = _undo_redo_refusals(None)
    assert english[:2] == ["nothing to undo: this is the start of the game", "nothing to redo"]
    assert english[2].startswith("cannot undo in play mode: move ")
    assert english[2].endswith(" stock-deck) revealed new cards, which cannot be hidden again")
    malay = _undo_redo_refusals("ms")
    assert malay[:2] == ["tiada apa-apa untuk dibuat asal: ini permulaan permainan",
                         "tiada apa-apa untuk dibuat semula"]
    assert malay[2].startswith("tidak boleh buat asal dalam mod main: langkah ")
    assert malay[2].endswith(" stock-deck) mendedahkan kad baharu, yang tidak boleh "
                             "disembunyikan semula")  # the notation stays
