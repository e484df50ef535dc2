"""A game started from a position keeps its seed through a save (found by helper-64): the
file said ``"seed": 1234`` and the loaded match had seed 0, so its computer players drew other
numbers, ``replay`` printed "seed 0" and saving again wrote 0."""

from __future__ import annotations

from pathlib import Path

from marketlib import Match


def test_a_position_games_seed_survives_save_and_load(tmp_path: Path) -> None:
    dealt = Match("monsoon", {"players": 2}, seed=5)
    for _ in range(6):
        dealt.play(dealt.legal_actions()[0])
    match = Match.from_state("monsoon", dealt.state, seed=1234)
    for _ in range(2):
        match.play(match.legal_actions()[0])
    match.undo()
    path = tmp_path / "position.json"
    match.save(path)
    loaded = Match.load(path)
    assert loaded.seed == 1234
    assert loaded.states == match.states and loaded.history == match.history
    loaded.save(tmp_path / "again.json")
    assert Match.load(tmp_path / "again.json").seed == 1234


def test_a_match_is_saved_only_under_a_json_name(tmp_path: Path) -> None:
    """helper-105: ``Match.save("game.xlsx")`` wrote JSON a spreadsheet could not open."""
    import pytest

    match = Match("monsoon", None, seed=1)
    for name in ("game.xlsx", "game"):
        with pytest.raises(ValueError, match=r"a match is saved as JSON, so name the file \.json"):
            match.save(tmp_path / name)
        assert not (tmp_path / name).exists()
    assert Match.load(match.save(tmp_path / "game.JSON")).seed == 1
