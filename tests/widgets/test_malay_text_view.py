"""The board's text view for screen readers in Bahasa Malaysia (issue 30, point 5): ``text_table``
reads in the seat's language on a board, its codes (``PC-12``, ``ST-03``, ``FV``, ``RM``, the
phase) as they are; in English it is ``str(view)``, the golden transcripts' text, byte for
byte."""

from __future__ import annotations

import random

from marketlib import Match, bansan, monsoon
from marketlib.bansan.render import offer_text
from marketlib.bansan.state import BargainOffer, TradeOffer
from marketlib.core.i18n import language
from marketlib.widgets import BansanBoard, MonsoonBoard


def _played(game: str, rules: object, seed: int, moves: int) -> Match:
    match = Match(game, rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(rng.choice(match.legal_actions()))
    return match


def _revealed(board: BansanBoard | MonsoonBoard) -> BansanBoard | MonsoonBoard:
    board._handle_custom_msg({"type": "reveal"}, [])  # hot seat: the cover comes off
    board._handle_custom_msg({"type": "text", "open": True}, [])  # and the text view opened
    return board


def test_bansan_text_view_reads_in_malay_with_its_codes() -> None:
    match = _played("bansan", bansan.Rules(players=2), seed=3, moves=25)
    english = _revealed(BansanBoard(match))
    malay = _revealed(BansanBoard(match, lang="ms"))
    view = match.game.view(match.state, english.seat)
    assert english.description == str(view)  # the golden transcripts' English
    en, ms = english.description.splitlines(), malay.description.splitlines()
    # the round and the turn in progress, the phase by its rulebook name, as the board's header
    # and the actions left (B-ACT-01; none: P0 ends the Action Phase next)
    assert en[0] == "Bansan  round 2, turn 3  Action Phase  P0 to play  0 actions left"
    assert ms[0] == ("Bansan  pusingan 2, giliran 3  Fasa Tindakan  P0 bermain  tinggal 0 "
                     "tindakan")  # "giliran" once
    assert ms[1] == "Dek 37  senarai 50  tong PL=0  PA=0  OR=2  luar pasar 1"
    assert ms[2] == "Barisan: PC-18:FV/SF:PA*"
    assert ms[3:5] == en[3:5]  # the Stalls' line is codes only
    assert ms[5] == (">P0 RM  9 R&R sudah digunakan dompet [SL-48 SL-39] selesai [-] beg(1) "
                     "PC-88=MM")
    assert ms[6].startswith("     senarai anda: SL-48(FV WG WG DG SF SF RM12)")
    assert ms[7] == (" P1 RM  ? R&R sudah digunakan dompet [2 tersembunyi] selesai [-] beg(1) "
                     "PC-39=WG")
    assert ms[8] == ("Belum selesai: BELI WG daripada peniaga: dipilih PC-35 (RM1); selesai: "
                     "bayar RM1")
    for word in ("turn", "Deck", "Row:", "wallet", "hidden", "Pending", "your lists"):
        assert word not in malay.description, word


def test_monsoon_text_view_reads_in_malay_and_english_keeps_its_golden_words() -> None:
    match = _played("monsoon", monsoon.Rules(players=2), seed=3, moves=25)
    english = _revealed(MonsoonBoard(match))
    malay = _revealed(MonsoonBoard(match, lang="ms"))
    assert english.description == str(match.game.view(match.state, english.seat))
    en, ms = english.description.splitlines(), malay.description.splitlines()
    assert en[0] == "Monsoon Market  round 7, turn 13  Fulfil: spend Goods  target 15 seals"
    assert ms[0] == ("Monsoon Market  pusingan 7, giliran 13  Penuhi: belanjakan Barang  "
                     "sasaran 15 mohor")
    assert ms[1] == "dek Barang 16  dek Pesanan 29  buangan 9"
    assert ms[2] == en[2].replace("Market: ", "Pasar: ")
    assert ms[3] == en[3].replace("Orders: ", "Pesanan: ")
    assert ms[4] == ">P0  2 mohor  [ 1] MG-12:Scroll3  pesanan: MO-06B MO-23B"
    assert ms[-1] == "Belum selesai: P0 memenuhi MO-14, dibelanjakan [MG-17]"


def test_offers_in_the_text_view() -> None:
    bargain = BargainOffer(frm=0, to=2, card="PC-72", price=1)
    trade = TradeOffer(frm=1, to=0, give=("PC-01",), ask=3, counters=2)
    assert offer_text(bargain) == "P0 proposes RM1 for PC-72 to P2"
    with language("ms"):
        assert offer_text(bargain) == "P0 mencadangkan RM1 untuk PC-72 kepada P2"
        assert offer_text(trade) == ("P1 mencadangkan pertukaran kepada P0: P1 memberi PC-01 dan "
                                     "RM0, P0 memberi - dan RM3 (2 tawaran balas)")
    assert offer_text(trade).endswith("(2 counter-offers)")
