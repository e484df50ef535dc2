"""The conformance kit refuses a game whose ``apply`` hands back the state it was given.

A board's kept log tells two timelines apart by their states (``widgets.story.kept_log``,
issue 28): a move that returned its input could let an undo and another move pass for the same
timeline (helper-120). Both games make a new state for every move; a copy that does not fails."""

from __future__ import annotations

import types

import pytest

from marketlib import monsoon
from marketlib.core.testing import ConformanceError, check_game


def test_a_game_whose_apply_returns_its_input_fails_the_kit() -> None:
    report = check_game(monsoon, monsoon.Rules(players=2), n_games=1, seed=3,
                        max_decisions=400)
    assert report.games == 1
    lazy = types.ModuleType("lazy_monsoon")
    lazy.__dict__.update({k: v for k, v in vars(monsoon).items() if not k.startswith("__")})
    first = monsoon.legal_actions(monsoon.setup(monsoon.Rules(players=2), 3))[0]
    lazy.apply = lambda state, action: state if action == first else monsoon.apply(state,
                                                                                   action)
    with pytest.raises(ConformanceError, match="returned the state it was given"):
        check_game(lazy, monsoon.Rules(players=2), n_games=1, seed=3, max_decisions=400)
