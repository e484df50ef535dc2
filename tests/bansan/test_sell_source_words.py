"""A SELL's words name where its cards come from (A-B-09, ``online_sell_source``): the preview
of ``sell`` and the step's instruction said "from your Stalls" even when the rules sell from
the Bag, or from either."""

from __future__ import annotations

import pytest
from bansan_helpers import play

from marketlib import bansan
from marketlib.bansan import Rules, position
from marketlib.bansan import words as bansan_words
from marketlib.core.i18n import language, sentence


@pytest.mark.parametrize(("source", "english", "malay"), [
    ("own_stalls", "from your Stalls", "dari Gerai anda"),
    ("bag", "from your Bag", "dari Beg anda"),
    ("both", "from your Stalls or your Bag", "dari Gerai anda atau Beg anda"),
])
def test_the_sell_preview_and_instruction_say_where_the_cards_come_from(
        source: str, english: str, malay: str) -> None:
    s = position(rules=Rules(players=2, online_sell_source=source), rents={0: ["MT"], 1: ["WG"]},
                 stalls={"MT": ["MT"]}, bags={0: ["MT:PA"]}, phase="actions")
    view = bansan.view(s, 0)
    sell = bansan.parse_action("P0 sell MT")
    said = str(bansan.preview(view, sell))
    assert said.startswith(f"sell Meat {english} at half price")
    with language("ms"):
        assert sentence(said).startswith(f"jual Daging {malay} pada separuh harga")
    selling = bansan.view(play(s, "P0 sell MT"), 0)
    assert f"to sell {english} (click each)" in bansan_words.instruction(selling, 0, 0)
    with language("ms"):
        assert f"jual {malay}" in bansan_words.instruction(selling, 0, 0)
