"""What an explorer types wrong into ``play_many`` and ``sweep`` is refused, saying what to do
(found by helper-63): bots beyond the seats were dropped without a word (an ISMCTS bot never
played), one bot's name was read letter by letter ("unknown bot 'g'"), a text seed failed
inside pandas, ``True`` played 1 game, another game's rules failed with an AttributeError,
and a grid value named twice played the same point twice."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from marketlib import monsoon
from marketlib.__main__ import main
from marketlib.sim import play_many, sweep


@pytest.mark.parametrize(("args", "kwargs", "error", "said"), [
    (("monsoon", None, ["greedy", "random", "ismcts"], 3), {}, ValueError,
     "3 bots for a 2-player game: give at most 2 (they are cycled to fill the seats)"),
    (("bansan", {"mode": "sendiri", "players": 1}, ["greedy", "random"], 2), {}, ValueError,
     "2 bots for a 1-player game"),
    (("monsoon", {"players": 2}, "greedy", 2), {}, TypeError,
     "bots is a list of computer players, like ['greedy'], not the text 'greedy'"),
    (("monsoon", {"players": 2}, ["greedy"], 2), {"seed": "7"}, TypeError,
     "a seed is an int, not str '7'"),
    (("monsoon", {"players": 2}, ["greedy"], 2), {"seed": True}, TypeError,
     "a seed is an int, not bool True"),
    (("monsoon", {"players": 2}, ["greedy"], True), {}, TypeError,
     "n_games is a whole number of games, not bool True"),
    (("bansan", monsoon.Rules(players=2), ["random"], 2), {}, TypeError,
     "the rules of bansan are its Rules, a dict of its options or None, not "
     "marketlib.monsoon.options.Rules"),
    # helper-105: a seed column of floats (2**63 - 2) or objects (2**70) replayed other games
    (("monsoon", {"players": 2}, ["random"], 3), {"seed": 2**63 - 2}, ValueError,
     "the game seeds 9223372036854775806 to 9223372036854775808 do not all fit a results "
     "frame's seed column (-9223372036854775808 to 9223372036854775807, int64)"),
    (("monsoon", {"players": 2}, ["random"], 2), {"seed": -(2**63) - 1}, ValueError,
     "for 2 game(s) choose a seed from -9223372036854775808 to 9223372036854775806"),
    (("monsoon", {"players": 2}, ["random"], 1), {"n_jobs": 0}, ValueError,
     "n_jobs is a number of processes (1, 2, ...) or -1 for every core (-2 for all but one), "
     "not 0"),
])
def test_play_many_refuses_what_it_cannot_play_as_asked(
        args: tuple[Any, ...], kwargs: dict[str, Any], error: type[Exception],
        said: str) -> None:
    with pytest.raises(error) as refused:
        play_many(*args, **kwargs)
    assert said in str(refused.value)


def test_the_last_seed_that_fits_the_column_is_kept_exactly() -> None:
    games, turns = play_many("monsoon", {"players": 2}, ["random"], 2, seed=2**63 - 2,
                             n_jobs=np.int64(1))  # numpy integers, as for a seed (helper-107)
    assert str(games["seed"].dtype) == "int64" == str(turns["seed"].dtype)
    assert sorted(set(games["seed"])) == [2**63 - 2, 2**63 - 1]
    with pytest.raises(ValueError, match="do not all fit a results frame's seed column"):
        sweep("monsoon", {"players": 2}, {"seal_target": [10]}, ["random"], 2,
              seed=2**63 - 1, common_seeds=True)


def test_a_grid_value_named_twice_is_refused() -> None:
    with pytest.raises(ValueError, match=r"grid\['seal_target'\] names 10 twice"):
        sweep("monsoon", {"players": 2}, {"seal_target": [10, 10]}, ["greedy"], 1)
    with pytest.raises(TypeError, match=r"n_games is a whole number of games, not float 2\.0"):
        sweep("monsoon", {"players": 2}, {"seal_target": [10]}, ["greedy"], 2.0)  # type: ignore[arg-type]


def test_the_command_line_fills_a_sendiri_seat_with_its_default_and_names_its_score(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "sendiri", "--games", "2"]) == 0  # greedy alone, not refused
    out = capsys.readouterr().out
    assert "GreedyBot" in out and "RandomBot" not in out
    assert "mean score" in out and "mean RM" not in out
    assert out.rstrip().endswith("(a Sendiri score is money + Deck cards, not RM: B-SOLO-18)")
    assert main(["simulate", "sendiri", "--games", "2", "--bots", "greedy,random"]) == 2
    assert "2 bots for a 1-player game" in capsys.readouterr().err


def test_a_bot_that_stops_by_the_clock_warns_that_the_run_will_not_replay() -> None:
    """helper-105: two runs with ``ISMCTSBot(seconds=0.02)`` and seed 3 gave other frames, and
    nothing said why (docs/simulation.md: the same seeds give the same rows)."""
    from marketlib.bots import ISMCTSBot

    with pytest.warns(UserWarning, match=r"ISMCTSBot\(seconds=0\.01\) stops by the clock, so "
                                         r"these games depend on the machine's speed"):
        play_many("monsoon", {"players": 2, "seal_target": 5}, [ISMCTSBot(seconds=0.01),
                                                                 "random"], 1, seed=3)
