"""AEC steps per second for marketlib.rl (issue 33, point 2; docs: "Reinforcement learning").

Random play on the same deals (seeds ``0 .. deals-1``), three ways, CPU time of this process:

* direct: marketlib's own ``legal_actions`` / ``apply``, a random legal action each decision;
* environment: PettingZoo's loop on ``MarketlibEnv`` (``agent_iter``, ``last()`` builds the
  observation tensor and the action mask, a masked random id, ``step``);
* environment, no observation: the same loop choosing from ``env.legal()`` without calling
  ``last()`` (what the numbering, the legal ids and the bookkeeping cost alone);

and Sendiri through the Gymnasium environment (``reset``/``step`` with ``sample_legal``).

    uv run --all-extras python benchmarks/rl_speed.py              # bounded: about 1 min
    uv run --all-extras python benchmarks/rl_speed.py --deals 20
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

from marketlib.rl import MarketlibEnv, SendiriEnv, masked_choice, resolve

SETTINGS: list[tuple[str, dict[str, Any]]] = [
    ("Monsoon Market, 2 players", {"game": "monsoon", "players": 2}),
    ("Monsoon Market, 4 players", {"game": "monsoon", "players": 4}),
    ("Bansan, 2 players", {"game": "bansan", "players": 2}),
    ("Bansan Kenduri, 4 players", {"game": "bansan", "mode": "kenduri", "players": 4}),
    ("Bansan Sendiri", {"game": "sendiri"}),
]


def direct(kwargs: dict[str, Any], deals: int) -> float:
    """Random decisions per second through the game's own functions."""
    game, rules = resolve(**kwargs)
    steps, start = 0, time.process_time()
    for seed in range(deals):
        state, rng = game.setup(rules, seed), random.Random(seed)
        while game.outcome(state) is None:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            steps += 1
    return steps / (time.process_time() - start)


def through_env(kwargs: dict[str, Any], deals: int, observe: bool) -> float:
    """Random AEC steps per second through ``MarketlibEnv`` (dead agents' steps not counted)."""
    env = MarketlibEnv(**kwargs)
    steps, start = 0, time.process_time()
    for seed in range(deals):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in env.agent_iter():
            if observe:
                obs, _, terminated, truncated, _ = env.last()
                done = terminated or truncated
            else:
                done = not env.legal()
            if done:
                env.step(None)
                continue
            env.step(masked_choice(obs["action_mask"], rng) if observe
                     else int(rng.choice(list(env.legal()))))
            steps += 1
    return steps / (time.process_time() - start)


def gym_sendiri(deals: int) -> float:
    """Random steps per second through ``SendiriEnv``."""
    env = SendiriEnv()
    steps, start = 0, time.process_time()
    for seed in range(deals):
        env.reset(seed=seed)
        done = False
        while not done:
            _, _, terminated, truncated, _ = env.step(env.sample_legal())
            done = terminated or truncated
            steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="games per setting and way")
    args = parser.parse_args()
    print(f"random play, {args.deals} deals per setting; steps per second (CPU time)")
    print(f"{'setting':28} {'direct':>9} {'env':>9} {'env/direct':>10} {'env, no obs':>12}")
    for name, kwargs in SETTINGS:
        native = direct(kwargs, args.deals)
        env = through_env(kwargs, args.deals, observe=True)
        bare = through_env(kwargs, args.deals, observe=False)
        print(f"{name:28} {native:9,.0f} {env:9,.0f} {env / native:10.2f} {bare:12,.0f}")
    print(f"{'Sendiri, Gymnasium env':28} {'':9} {gym_sendiri(args.deals):9,.0f}")


if __name__ == "__main__":
    main()
