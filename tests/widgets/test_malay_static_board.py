"""The static picture a notebook keeps without a kernel (``_repr_html_``, a board's
``static_html``) in Bahasa Malaysia (issue 30, point 5); English stays the code's own words."""

from __future__ import annotations

from marketlib import Match, bansan, monsoon
from marketlib.core.i18n import language
from marketlib.widgets import play_board


def test_the_static_bansan_board_reads_in_malay() -> None:
    m = Match("bansan", bansan.Rules(players=3), seed=1)
    english = m.state._repr_html_()
    with language("ms"):
        malay = m.state._repr_html_()
    assert "WHOLESALE Row:" in english and "Waste Bins:" in english
    assert "Barisan BORONG:" in malay and "Tong Sampah:" in malay and "Dompet: " in malay
    for word in ("WHOLESALE Row:", "Waste Bins:", "Wallet:", "completed:", "Outside Market"):
        assert word not in malay, word
    assert "ST-01" in malay and "PC-" in malay  # codes stay as they are


def test_the_static_monsoon_board_reads_in_malay_and_says_one_seal() -> None:
    m = Match("monsoon", monsoon.Rules(players=2, seal_target=1), seed=1)
    english = m.state._repr_html_()
    assert "target 1 seal<" in english and ": 0 seals, " in english
    with language("ms"):
        malay = m.state._repr_html_()
    assert "sasaran 1 mohor" in malay and "Paparan Pesanan:" in malay and "Pasar:" in malay
    for word in ("Market:", "Order display:", "seals", "cards"):
        assert word not in malay, word


def test_a_boards_static_picture_speaks_the_boards_language() -> None:
    board = play_board("monsoon", 2, seed=1, opponents=None, lang="ms")
    assert "Paparan Pesanan:" in board.static_html()
    assert "Order display:" in play_board("monsoon", 2, seed=1, opponents=None).static_html()
