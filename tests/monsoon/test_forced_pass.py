"""A seat whose only move is to pass (A-M-26) is told so, and not asked whether it would rather
steal, buy or fulfil (found by helper-62: the instruction listed the three moves and the
confirm question offered them, with ``P0 pass`` the only choice)."""

from __future__ import annotations

import pytest

from marketlib import monsoon
from marketlib.core.i18n import language
from marketlib.monsoon import Pass, position, words


def test_a_forced_pass_is_told_as_one() -> None:
    forced = position(displays=[[], []], market=[], order_display=["MO-29"],
                      rules=monsoon.Rules(players=2))
    assert monsoon.legal_actions(forced) == (Pass(player=0),)
    view = monsoon.view(forced, 0)
    assert words.instruction(view, 0, 0) == (
        "Nothing can be stolen, bought or fulfilled now: pass your turn (A-M-26).")
    assert words.warning(view, Pass(player=0)) == ""
    with language("ms"):
        assert words.instruction(view, 0, 0) == (
            "Tiada apa yang boleh dicuri, dibeli atau dipenuhi sekarang: lepaskan giliran anda "
            "(A-M-26).")


def test_a_pass_with_other_moves_is_questioned() -> None:
    view = monsoon.view(monsoon.setup(monsoon.Rules(players=2), seed=1), 0)
    assert len(monsoon.legal_actions(monsoon.setup(monsoon.Rules(players=2), seed=1))) > 1
    assert words.warning(view, Pass(player=0)) == (
        "Pass your turn? You could steal, buy or fulfil instead.")
    assert words.instruction(view, 0, 0).startswith("Steal a card")


def test_the_forced_pass_check_works_the_legal_actions_out_once_per_view(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The instruction and the question on Pass both ask whether a pass is forced: one view's
    legal actions are worked out once (a Monsoon refresh did it twice), and a new view, even
    an equal one, is asked again, so an answer never outlives its view."""
    calls: list[int] = []
    real = words.legal_actions
    monkeypatch.setattr(words, "legal_actions", lambda s: calls.append(1) or real(s))
    forced = position(displays=[[], []], market=[], order_display=["MO-29"],
                      rules=monsoon.Rules(players=2))
    free = monsoon.setup(monsoon.Rules(players=2), seed=1)
    for state, question in ((forced, ""), (free, "Pass your turn? You could steal, buy or "
                                                   "fulfil instead.")):
        calls.clear()
        view = monsoon.view(state, 0)
        words.instruction(view, 0, 0)
        assert words.warning(view, Pass(player=0)) == question
        assert len(calls) == 1
        assert words.warning(monsoon.view(state, 0), Pass(player=0)) == question
        assert len(calls) == 2
