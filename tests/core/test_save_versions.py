"""Old files keep loading (issue 26, point 5): save version 2 records how the seed dealt
(``deal``); a version-1 file is migrated, and a negative seed is read by the scheme that replays
it (marketlib 0.1.0 before 01f0d52 dealt it as its absolute value, later code by its own deal)."""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path
from typing import Any

import pytest

from marketlib import Match
from marketlib.core import savefile
from marketlib.core.errors import SaveFileError
from marketlib.core.migrations import AmbiguousDealWarning, v1_to_v2
from marketlib.core.seeding import setup_seed

SAVES = Path(__file__).parent / "saves"


def played(game: str, seed: int, moves: int, **options: Any) -> Match:
    match = Match(game, {"players": 3, **options}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(rng.choice(match.legal_actions()))
    return match


def as_version_1(match: Match) -> dict[str, Any]:
    """The match's content as a version-1 file held it: no ``deal``."""
    data = json.loads(json.dumps(match.to_dict()))
    assert data.pop("deal") == match.deal
    return {**data, "version": 1}


def test_a_new_save_is_version_2_and_says_how_it_was_dealt() -> None:
    data = played("monsoon", -5, 3).to_dict()
    assert (savefile.SAVE_VERSION, data["version"], data["deal"]) == (2, 2, "signed")
    assert list(data)[6:9] == ["seed", "deal", "mode"]


def test_the_0_1_0_monsoon_file_with_seed_minus_5_replays_as_it_was_dealt() -> None:
    # The example: refused at actions[0] (M-FUL-01, MO-09 not in the Order display)
    # when read with today's deal; the old deal was random.Random(-5), i.e. seed 5's.
    path = SAVES / "monsoon_3p_seed-5_full_before_01f0d52.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["actions"][0] == {"type": "fulfill", "player": 0, "order": "MO-09"}
    match = Match.load(path)
    assert match.deal == "absolute" and match.seed == -5
    assert match.states[0] == Match("monsoon", {"players": 3}, seed=5).state
    assert "MO-09" in match.states[0].order_display
    with pytest.raises(SaveFileError) as err:  # the same file, said to be dealt the new way
        Match.from_dict({**data, "version": 2, "deal": "signed"}, source="x.json")
    assert err.value.field == "actions[0]" and "M-FUL-01" in err.value.problem


@pytest.mark.parametrize("game", ["monsoon", "bansan"])
def test_a_version_1_file_written_after_01f0d52_keeps_its_own_deal(game: str) -> None:
    match = played(game, -7, 40)
    loaded = Match.from_dict(as_version_1(match))
    assert loaded.deal == "signed"
    assert loaded.states == match.states
    assert loaded.states[0] != Match(game, {"players": 3}, seed=7).state


@pytest.mark.parametrize("game", ["monsoon", "bansan"])
def test_an_absolute_deal_is_written_back_and_reloads_the_same(game: str) -> None:
    old = Match(game, {"players": 2}, seed=-4, deal="absolute")
    assert old.state == Match(game, {"players": 2}, seed=4).state
    rng = random.Random(1)
    for _ in range(25):
        old.play(rng.choice(old.legal_actions()))
    data = json.loads(json.dumps(old.to_dict()))
    assert (data["version"], data["seed"], data["deal"]) == (2, -4, "absolute")
    again = Match.from_dict(data)
    assert again.deal == "absolute" and again.states == old.states
    assert Match.from_dict(as_version_1(old)).states == old.states  # v1: found by replaying


def test_a_version_1_file_both_deals_replay_is_read_as_0_1_0_dealt_it_with_a_warning() -> None:
    data = as_version_1(Match("monsoon", {"players": 2}, seed=-3))  # no moves: both replay
    with pytest.warns(AmbiguousDealWarning, match=r"seed -3 and 0 move\(s\).*'absolute'"):
        match = Match.from_dict(data)
    assert match.deal == "absolute"
    assert match.state == Match("monsoon", {"players": 2}, seed=3).state
    with warnings.catch_warnings():  # version 2 says which: no guessing, no warning
        warnings.simplefilter("error")
        chosen = Match.from_dict({**data, "version": 2, "deal": "signed"})
    assert chosen.state == Match("monsoon", {"players": 2}, seed=-3).state


def test_a_version_1_file_neither_deal_replays_is_refused_at_its_bad_move() -> None:
    data = as_version_1(played("monsoon", -2, 10))
    data["actions"][6] = {"type": "steal", "player": 0, "card": "MG-99"}
    with pytest.raises(SaveFileError) as err:
        Match.from_dict(data, source="old.json")
    assert err.value.field == "actions[6]" and err.value.file == "old.json"


def test_the_migration_only_replays_a_negative_seed_without_a_start_state() -> None:
    def no_replay(candidate: dict[str, Any]) -> int:
        raise AssertionError("replayed")

    assert v1_to_v2({"seed": 0, "actions": [1]}, no_replay)["deal"] == "signed"
    assert v1_to_v2({"seed": -1, "start": {}, "actions": [1]}, no_replay)["deal"] == "signed"
    assert v1_to_v2({"seed": "-1"}, no_replay)["deal"] == "signed"  # refused when converted
    counts = {"absolute": 3, "signed": 1}
    assert v1_to_v2({"seed": -1, "actions": [1, 2, 3]},
                    lambda c: counts[c["deal"]])["deal"] == "absolute"


def test_a_deal_that_is_not_a_scheme_is_refused() -> None:
    data = Match("bansan", {"players": 2}, seed=1).to_dict()
    with pytest.raises(SaveFileError) as err:
        Match.from_dict({**data, "deal": "abs"}, source="g.json")
    assert err.value.field == "deal"
    assert err.value.problem == "Invalid enum value 'abs' (expected 'absolute' or 'signed')"
    with pytest.raises(ValueError, match="deal must be 'signed' or 'absolute', not 'x'"):
        setup_seed(1, "x")  # type: ignore[arg-type]


def test_reset_with_a_new_seed_deals_the_current_way() -> None:
    match = Match("monsoon", {"players": 2}, seed=-6, deal="absolute")
    first = match.state
    match.reset()
    assert match.deal == "absolute" and match.state == first  # the same game again
    match.reset(-6)
    assert match.deal == "signed" and match.state == Match("monsoon", {"players": 2},
                                                           seed=-6).state
    checkpoint = match.checkpoint()
    match.reset(3)
    match.rollback(checkpoint)
    assert match.deal == "signed" and match.seed == -6
