"""A fulfilment's preview says what the spend can reach (M-FUL-01..07), on RULES.md's scenario
tables (SC-M-05, SC-M-06): ``fulfill`` names the best level what the player holds can reach,
each ``spend`` the best level the spend meets so far. They used to read "no visible change
yet", which told a learner nothing about the Order they were choosing."""

from __future__ import annotations

import marketlib.monsoon.words  # noqa: F401  (registers the preview's words for sentence)
from marketlib import monsoon
from marketlib.core.i18n import language, sentence
from marketlib.monsoon import position

from .helpers import run


def _said(state: monsoon.State, move: str) -> str:
    """The preview of ``move`` for the seat deciding, from its view alone."""
    seat = monsoon.current_player(state)
    assert seat is not None
    return str(monsoon.preview(monsoon.view(state, seat), monsoon.parse_action(move)))


def test_sc_m_05_fulfil_names_the_best_level_in_reach_and_each_spend_what_it_meets() -> None:
    # P0 holds Cloth2, Gem2, Scroll1, Wood4; MO-29 asks 2 Gem + 2 Cloth + 1 Scroll
    # (Gold 5, Silver 3, Bulk 1 seal)
    s = position(displays=[["MG-23", "MG-02", "MG-08", "MG-37"], ["MG-38"]],
                 order_display=["MO-29", "MO-01", "MO-13", "MO-30"])
    assert _said(s, "P0 fulfill MO-29") == (
        "then spend Goods on MO-29 and declare a level (M-FUL-01); "
        "what you hold can reach Gold (Seals on its Gold edge: 5)")
    s = run(s, "P0 fulfill MO-29")
    assert _said(s, "P0 spend MG-23") == "display 4 -> 3 cards; the spend meets no level yet"
    s = run(s, "P0 spend MG-23", "P0 spend MG-02")
    assert _said(s, "P0 spend MG-08") == (
        "display 2 -> 1 card; the spend meets Gold (Seals on its Gold edge: 5)")
    assert _said(s, "P0 spend MG-37") == (
        "display 2 -> 1 card; the spend meets Silver (Seals on its Silver edge: 3)")


def test_sc_m_06_the_best_level_in_reach_may_be_silver_or_bulk() -> None:
    silver = position(displays=[["MG-37", "MG-35", "MG-15", "MG-38"], ["MG-01"]],
                      order_display=["MO-29", "MO-01"])
    assert _said(silver, "P0 fulfill MO-29").endswith(
        "what you hold can reach Silver (Seals on its Silver edge: 3)")
    silver = run(silver, "P0 fulfill MO-29", "P0 spend MG-37", "P0 spend MG-35")
    assert _said(silver, "P0 spend MG-15").endswith(
        "the spend meets Silver (Seals on its Silver edge: 3)")
    bulk = position(displays=[["MG-02", "MG-03", "MG-08"], ["MG-01"]],
                    order_display=["MO-29", "MO-01"])
    assert _said(bulk, "P0 fulfill MO-29").endswith(
        "what you hold can reach Bulk (Seals on its Bulk edge: 1)")


def test_the_spend_preview_reads_in_malay() -> None:
    s = position(displays=[["MG-23", "MG-02", "MG-08", "MG-37"], ["MG-38"]],
                 order_display=["MO-29"])
    english = _said(s, "P0 fulfill MO-29")
    with language("ms"):
        malay = sentence(english)
    assert "MO-29" in malay and "M-FUL-01" in malay and "5" in malay
    assert "what you hold" not in malay and "declare a level" not in malay


def test_a_bulk_edge_names_its_bonus_good() -> None:
    """M-FUL-06: Bulk gives no Bonus Action but the edge's Bonus Good. MO-01's Bulk edge has 0
    seals and 1 Scroll: "Seals on its Bulk edge: 0" alone read as if Bulk gave nothing."""
    s = position(displays=[["MG-01", "MG-02", "MG-03"], ["MG-38"]],
                 order_display=["MO-01", "MO-29"])  # 5 Gem: Bulk only (MO-01: 2 Gem + 1 Scroll)
    gain = "(Seals on its Bulk edge: 0, and its Bonus Good: 1 Scroll)"
    assert _said(s, "P0 fulfill MO-01").endswith(f"what you hold can reach Bulk {gain}")
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-02")
    assert _said(s, "P0 spend MG-03") == f"display 2 -> 1 card; the spend meets Bulk {gain}"
    with language("ms"):
        malay = sentence(_said(s, "P0 spend MG-03"))
    assert "Barang Bonusnya: 1 " in malay and "Bonus Good" not in malay and "Scroll" not in malay
