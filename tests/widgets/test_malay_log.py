"""The log's sentences in Bahasa Malaysia (issue 30, point 5): Bansan's stocking [B] reveal and
another vendor's returned Shopping List read in the seat's language on a board; the table
notation (``P0 stock-deck``, card codes) and every other entry stay as they are, and English is
the rules code's own text (``Match.log``, the golden transcripts)."""

from __future__ import annotations

import random
import re

from marketlib import Match, bansan, monsoon
from marketlib.core.i18n import language
from marketlib.widgets.story import log_lines

SENTENCES = re.compile(r"P\d return a Shopping List \(hidden\)|.+: revealed .+"
                       r"|P\d done: (threw|no leftover) .+ \(B-END-05\)")


def _played(game: str, rules: object, seed: int, moves: int) -> Match:
    match = Match(game, rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.outcome is not None:
            break
        match.play(rng.choice(match.legal_actions()))
    return match


def test_bansan_log_sentences_read_in_malay_and_notation_stays() -> None:
    match = _played("bansan", bansan.Rules(players=2), seed=4, moves=400)
    english = log_lines(match, 1, {})
    assert english == match.log(1)  # the board's English is the rules code's own
    with language("ms"):
        malay = log_lines(match, 1, {})
    kinds = {"hidden": 0, "nothing": 0, "revealed": 0, "thrown": 0, "closing": 0}
    for en, ms in zip(english, malay, strict=True):
        if not SENTENCES.fullmatch(en):
            assert ms == en  # table notation: the same in every language
            continue
        assert ms != en
        if en.endswith("(hidden)"):
            kinds["hidden"] += 1
            assert ms == en.replace("return a Shopping List (hidden)",
                                    "mengembalikan sebuah Senarai Belanja (tersembunyi)")
        elif en.endswith(": revealed nothing"):
            kinds["nothing"] += 1
            assert ms == en.replace(": revealed nothing", ": tiada apa-apa didedahkan")
        elif en.endswith("(B-END-05)"):  # a Closing-Round done: what it threw and was fined
            kinds["closing"] += 1
            assert ms == en.replace(": threw ", ": membuang ").replace(
                " leftover card(s) into the Waste Bins", " baki kad ke dalam Tong Sampah").replace(
                " of them into a full bin, fined ", " daripadanya ke dalam tong yang penuh, "
                "didenda ")
        elif en.endswith(" repeated a type: into its Waste Bin)"):
            kinds["thrown"] += 1
            assert ms == en.replace(": revealed ", ": mendedahkan ").replace(
                " repeated a type: into its Waste Bin)",
                " mengulang satu jenis: masuk ke Tong Sampahnya)")
        else:
            kinds["revealed"] += 1
            assert ms == en.replace(": revealed ", ": mendedahkan ")
    assert kinds["hidden"] and kinds["thrown"], kinds  # a reveal stops at a repeat (B-STOCK-04)
    assert kinds["closing"] == 2, kinds  # the game ends: both vendors' Closing-Round done


def test_a_reveal_reads_in_malay_on_the_board_and_english_is_unchanged() -> None:
    from marketlib.widgets import BansanBoard

    match = _played("bansan", bansan.Rules(players=2), seed=4, moves=60)
    english = BansanBoard(match)
    malay = BansanBoard(match, lang="ms")
    for board in (english, malay):
        board._handle_custom_msg({"type": "reveal"}, [])  # hot seat: the cover comes off
    assert english.log == match.log(english.seat)[-len(english.log):]
    assert any(": revealed " in line for line in english.log)
    assert any(": mendedahkan " in line for line in malay.log)
    assert not any(": revealed " in line for line in malay.log)


def test_monsoon_log_is_notation_in_every_language() -> None:
    match = _played("monsoon", monsoon.Rules(players=2), seed=2, moves=80)
    with language("ms"):
        assert log_lines(match, 0, {}) == match.log(0)
