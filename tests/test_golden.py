"""Golden transcripts: the same seed must always give the same game, to the letter."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "golden"))
from transcripts import CASES, HERE, transcript


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    game_name, rules_spec, seed = CASES[name]
    expected = (HERE / f"{name}.txt").read_text(encoding="utf-8")
    assert transcript(game_name, rules_spec, seed) == expected, (
        f"{name} changed; if on purpose, run tests/golden/transcripts.py and review the diff"
    )
