"""marketlib.rl (issue 33, point 2): PettingZoo's own checks (``api_test``, ``seed_test``,
``render_test``) on the AEC environment for every game, mode and player count the registry
offers; Gymnasium's ``check_env`` on the Sendiri environment; seeded deals, win-share rewards,
observations from the seat's view only, the policies. Bounded cycles: about 15 s of CPU."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from marketlib import bansan, monsoon  # noqa: E402
from marketlib.bots import GreedyBot  # noqa: E402
from marketlib.rl import (  # noqa: E402
    ENV_ID,
    BotPolicy,
    MarketlibEnv,
    RandomPolicy,
    SendiriEnv,
    env,
    play_episode,
)

SETTINGS = (
    [{"game": "monsoon", "players": n} for n in range(2, 6)]
    + [{"game": "monsoon", "players": 3, "rules": {"seal_target": 30}}]
    + [{"game": "bansan", "mode": m, "players": n}
       for m in ("standard", "kenduri") for n in range(2, 6)]
    + [{"game": "sendiri"}, {"game": "bansan", "mode": "sendiri"},
       {"game": "sendiri", "rules": {"hard": True}}, {"game": "kenduri"}]
)


@pytest.mark.parametrize("kwargs", SETTINGS, ids=str)
def test_pettingzoo_api_test_passes(kwargs: dict[str, object]) -> None:
    with warnings.catch_warnings():  # Dict observations (the mask), as PettingZoo's own games
        warnings.simplefilter("ignore", UserWarning)
        api_test(MarketlibEnv(**kwargs), num_cycles=40)  # type: ignore[arg-type]


def test_every_registered_mode_and_player_count_is_covered() -> None:
    counts = {(s["game"], s.get("mode")) for s in SETTINGS}
    assert {("monsoon", None), ("bansan", "standard"), ("bansan", "kenduri"),
            ("bansan", "sendiri")} <= counts
    assert set(bansan.ENTRY.modes) <= {str(s["game"]) for s in SETTINGS}


def test_the_wrapped_env_passes_too() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game="bansan", players=3), num_cycles=20)


@pytest.mark.parametrize("kwargs", [{"game": "monsoon", "players": 3},
                                    {"game": "bansan", "mode": "kenduri", "players": 4},
                                    {"game": "sendiri"}], ids=str)
def test_pettingzoo_seed_test_passes(kwargs: dict[str, object]) -> None:
    seed_test(lambda: MarketlibEnv(**kwargs), num_cycles=40)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["monsoon", "bansan"])
def test_pettingzoo_render_test_passes(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: MarketlibEnv(game, render_mode=render_mode))
    assert " turn " in capsys.readouterr().out  # human mode printed the view


def test_ansi_is_the_acting_seats_view() -> None:
    e = MarketlibEnv("bansan", players=2, render_mode="ansi")
    e.reset(seed=4)
    seat = int(e.agent_selection.split("_")[1])
    assert e.render() == str(bansan.view(bansan.setup(bansan.Rules(players=2), seed=4), seat))


def test_reset_seed_is_the_deal_seed() -> None:
    e = MarketlibEnv("monsoon", players=3)
    e.reset(seed=11)
    direct = monsoon.setup(monsoon.Rules(players=3), seed=11)
    assert e.inner == direct
    obs = e.observe("player_0")
    assert np.array_equal(obs["observation"], e.numbers.observe(direct, 0))
    legal = monsoon.legal_actions(direct)
    assert int(obs["action_mask"].sum()) == len(legal)
    assert int(e.observe("player_1")["action_mask"].sum()) == 0  # only the acting agent
    e.reset()  # unseeded resets after a seeded one follow from it
    again = MarketlibEnv("monsoon", players=3)
    again.reset(seed=11)
    again.reset()
    assert e.inner == again.inner


@pytest.mark.parametrize("kwargs", [{"game": "monsoon", "players": 2},
                                    {"game": "bansan", "mode": "kenduri", "players": 3}],
                         ids=str)
def test_a_whole_game_ends_with_the_win_share(kwargs: dict[str, object]) -> None:
    e = MarketlibEnv(**kwargs)  # type: ignore[arg-type]
    policies = {a: RandomPolicy(i) for i, a in enumerate(e.possible_agents)}
    returns = play_episode(e, policies, seed=2)
    outcome = e.numbers.module.outcome(e.inner)
    assert outcome is not None and not e.agents  # every agent terminated and removed
    n = len(e.possible_agents)
    assert [returns[f"player_{i}"] for i in range(n)] == e.numbers.shares(e.inner)
    assert sum(returns.values()) == (1.0 if outcome.winners else 0.0)


@pytest.mark.parametrize(("game", "steps"), [("monsoon", 40), ("bansan", 40)])
def test_the_observation_is_the_seats_view_only(game: str, steps: int) -> None:
    """A state redrawn by ``determinize`` from a seat's view (other hands, the deck order, the
    seed's later draws all changed) gives that seat the same observation."""
    e = MarketlibEnv(game, players=3)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(steps):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    module = e.numbers.module
    for seat in range(3):
        other = module.determinize(module.view(e.inner, seat), random.Random(seat))
        assert other != e.inner
        assert np.array_equal(e.numbers.observe(other, seat), e.numbers.observe(e.inner, seat))


def test_an_illegal_action_is_refused() -> None:
    e = MarketlibEnv("monsoon")
    e.reset(seed=1)
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)


def test_max_steps_truncates() -> None:
    e = MarketlibEnv("monsoon", max_steps=3)
    e.reset(seed=1)
    for _ in range(3):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())


def test_greedy_bot_plays_through_the_api() -> None:
    e = MarketlibEnv("monsoon")
    returns = play_episode(e, {"player_0": BotPolicy(GreedyBot(max_nodes=200)),
                               "player_1": RandomPolicy(1)}, seed=7)
    assert sum(returns.values()) in (0.0, 1.0) and e.numbers.module.outcome(e.inner) is not None


def test_gymnasium_check_env_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning of check_env fails the test
        check_env(gymnasium.make(ENV_ID, render_mode="ansi", hard=True).unwrapped)
        check_env(gymnasium.make(ENV_ID).unwrapped)
        # Made without gymnasium.make it has no spec, so check_env cannot try other render
        # modes and says so; nothing else.
        warnings.filterwarnings("ignore", message=".*not having a spec")
        check_env(SendiriEnv())


def test_sendiri_plays_to_the_end_and_refuses_illegal_ids() -> None:
    e = SendiriEnv()
    obs, info = e.reset(seed=3)
    assert e.inner == bansan.setup(bansan.Rules(players=1, mode="sendiri"), seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info = e.step(illegal)
    assert info["illegal"] and np.array_equal(obs, again) and reward == 0.0
    assert np.array_equal(info["action_mask"], e.action_masks())
    terminated = truncated = False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = e.step(e.sample_legal())
    assert terminated and reward == (1.0 if bansan.outcome(e.inner).winners else 0.0)
    assert obs in e.observation_space


def test_import_marketlib_stays_light() -> None:
    code = ("import sys, marketlib, marketlib.features.observation; "
            "heavy = {'pettingzoo', 'gymnasium', 'pyspiel', 'marketlib.rl'} & set(sys.modules); "
            "assert not heavy, heavy")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("bad", [3.9, None, True, "3"])
def test_a_step_takes_a_whole_number_id_only(bad: object) -> None:
    """``3.9`` is not id 3: the environments refuse what is not an int id, changing nothing."""
    from marketlib.rl import MarketlibEnv, SendiriEnv

    env = MarketlibEnv("monsoon", players=2)
    env.reset(seed=1)
    before = env.inner
    with pytest.raises(ValueError, match="an action is an int id"):
        env.step(bad)
    assert env.inner is before
    solo = SendiriEnv()
    solo.reset(seed=1)
    before = solo.inner
    with pytest.raises(ValueError, match="an action is an int id"):
        solo.step(bad)
    assert solo.inner is before
