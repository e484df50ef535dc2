"""Issue 28, point 4: each game's presentation is one table under ``marketlib/widgets/``, one
row per action kind (label, button verb, target, clicks), and it covers every kind."""

from __future__ import annotations

import random

import pytest

from marketlib import Match, bansan, monsoon
from marketlib.bansan import words as bansan_words
from marketlib.bansan.table import ACTIONS as BANSAN_ACTIONS
from marketlib.monsoon import words as monsoon_words
from marketlib.monsoon.table import ACTIONS as MONSOON_ACTIONS
from marketlib.widgets.bansan_table import SHOWN as BANSAN_SHOWN
from marketlib.widgets.monsoon_table import SHOWN as MONSOON_SHOWN
from marketlib.widgets.presentation import Presentation, row

CASES = [("bansan", bansan.Rules(players=3), BANSAN_SHOWN, bansan_words, BANSAN_ACTIONS),
         ("monsoon", monsoon.Rules(players=3), MONSOON_SHOWN, monsoon_words, MONSOON_ACTIONS)]


@pytest.mark.parametrize(("game", "rules", "shown", "words", "actions"), CASES)
def test_one_row_per_action_kind(game: str, rules: object, shown: Presentation, words: object,
                                 actions: object) -> None:
    assert list(shown.rows) == list(actions.types)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "rules", "shown", "words", "actions"), CASES)
def test_words_label_is_the_rows_label(game: str, rules: object, shown: Presentation,
                                       words: object, actions: object) -> None:
    """The game's ``words.label`` (public, used without a board) and the row agree."""
    match = Match(game, rules, seed=3)
    rng = random.Random(3)
    for _ in range(300):
        if match.outcome is not None:
            break
        seat = match.current_player
        view = match.view(seat)
        legal = match.legal_actions()
        for action in legal:
            assert shown.label(view, action) == words.label(view, action)  # type: ignore[attr-defined]
        match.play(rng.choice(legal))


def test_a_kind_without_a_row_is_refused() -> None:
    rows = tuple(row(t, target=lambda a: "button:x") for t in BANSAN_ACTIONS.types[1:])
    with pytest.raises(ValueError, match="ReturnList"):
        Presentation(BANSAN_ACTIONS, bansan_words.LABELS, rows)
