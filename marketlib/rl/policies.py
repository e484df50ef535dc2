"""Policies for the environments, through their API only (docs: "Reinforcement learning"): a
uniform random one over the action mask, and any marketlib bot (``GreedyBot``...) shown the
seat's view and the legal actions, as marketlib's own games show them. Baselines for a learner,
not learners."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

Policy = Callable[[Any, str, Mapping[str, Any]], int]
"""``policy(env, agent, observation) -> action id``, for a PettingZoo AEC environment."""


def masked_choice(mask: Any, rng: np.random.Generator) -> int:
    """A legal id drawn uniformly from an action mask (1 = legal).

    Example:
        >>> masked_choice(np.array([0, 1, 0, 1], np.int8), np.random.default_rng(0)) in (1, 3)
        True
    """
    legal = np.flatnonzero(mask)
    if not len(legal):
        raise ValueError("the mask allows no action")
    return int(rng.choice(legal))


class RandomPolicy:
    """A uniformly random legal id, from the observation's ``action_mask``."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, env: Any, agent: str, observation: Mapping[str, Any]) -> int:
        return masked_choice(observation["action_mask"], self.rng)


class BotPolicy:
    """A marketlib bot as a policy: it sees ``env.view(agent)`` (the seat's view only) and the
    legal actions behind the mask (``env.legal()``), and its choice is played by id.

    Example:
        >>> from marketlib.bots import GreedyBot
        >>> from marketlib.rl import MarketlibEnv
        >>> env = MarketlibEnv("monsoon")
        >>> env.reset(seed=1)
        >>> obs = env.observe(env.agent_selection)
        >>> a = BotPolicy(GreedyBot())(env, env.agent_selection, obs)
        >>> bool(obs["action_mask"][a])
        True
    """

    def __init__(self, bot: Any, seed: int = 0) -> None:
        self.bot = bot
        self.rng = random.Random(seed)

    def __call__(self, env: Any, agent: str, observation: Mapping[str, Any]) -> int:
        env = env.unwrapped
        legal = env.legal()
        choice = self.bot.choose(env.view(agent), tuple(legal.values()), self.rng)
        return int(env.numbers.encoding.encode(env.inner, choice))


def play_episode(env: Any, policies: Mapping[str, Policy], seed: int | None = None
                 ) -> dict[str, float]:
    """One game of a PettingZoo AEC environment, each agent moved by its policy; the return
    (the sum of rewards: the win share) of each agent.

    Example:
        >>> from marketlib.rl import MarketlibEnv
        >>> env = MarketlibEnv("monsoon")
        >>> returns = play_episode(env, {a: RandomPolicy(i) for i, a in
        ...                              enumerate(env.possible_agents)}, seed=3)
        >>> sorted(returns), sum(returns.values())
        (['player_0', 'player_1'], 1.0)
    """
    env.reset(seed=seed)
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        action = None if terminated or truncated else policies[agent](env, agent, observation)
        env.step(action)
    return totals
