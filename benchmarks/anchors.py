"""Random play against an outside anchor: OpenSpiel's games written in Python, side by side.

Both engines play uniformly random games through their public functions in the same loop
shape (``legal_actions``, a seeded ``random.Random`` choice, ``apply``), in short slices that
take turns in one process, so a busy machine slows every engine alike. Each round runs every
workload for ``--slice`` seconds; a round's ratio is an engine's steps per second over the
median of the four OpenSpiel games' steps per second in that same round (kuhn_poker,
tic_tac_toe, liars_poker, block_dominoes, all in their ``python_`` versions). The figure
printed is the median ratio over the rounds (min-max beside it).

A *step* is one action applied. OpenSpiel's chance outcomes (deals, dice) are actions of the
chance player there, applied through the same ``apply_action``, so they count as steps; in
marketlib chance happens inside ``apply`` and is not a step. (Counting only OpenSpiel's
player decisions gives higher ratios; they are printed too, but the targets of issue 17 use
steps: Monsoon at least 1.0x, Bansan at least 0.8x.)

OpenSpiel comes with the ``bench`` extra (``uv sync --extra bench``); without it the script
says so and exits cleanly.
Run: ``uv run --all-extras python benchmarks/anchors.py [--rounds 7] [--slice 0.4]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

from marketlib import bansan, monsoon

SPIEL_GAMES = ("kuhn_poker", "tic_tac_toe", "liars_poker", "block_dominoes")
OURS = (("monsoon", 2), ("monsoon", 3), ("bansan", 2), ("bansan", 4))

Workload = Callable[[float], tuple[int, int, float]]
"""Plays for about the given seconds; returns (steps, player decisions, elapsed seconds)."""


def ours(name: str, players: int) -> Workload:
    game = {"monsoon": monsoon, "bansan": bansan}[name]
    rules = game.Rules(players=players)
    seeds = iter(range(10**9))

    def run(seconds: float) -> tuple[int, int, float]:
        legal_actions, apply, outcome = game.legal_actions, game.apply, game.outcome
        steps = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            seed = next(seeds)
            rng = random.Random(seed)
            state = game.setup(rules, seed)
            while outcome(state) is None:
                state = apply(state, rng.choice(legal_actions(state)))
                steps += 1
        return steps, steps, time.perf_counter() - t0

    return run


def spiel(name: str) -> Workload:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(f"python_{name}")
    rng = random.Random(0)

    def run(seconds: float) -> tuple[int, int, float]:
        steps = decisions = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if not state.is_chance_node():
                    decisions += 1
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, decisions, time.perf_counter() - t0

    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--slice", type=float, default=0.4, help="seconds per workload and round")
    args = parser.parse_args()
    try:
        import open_spiel.python.games  # type: ignore[import-not-found]  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError as err:
        print(f"OpenSpiel is not installed ({err}); install the bench extra "
              "(uv sync --extra bench) to compare with it. Nothing measured.")
        return 0
    anchors = {name: spiel(name) for name in SPIEL_GAMES}
    engines = {f"{name} {players}p": ours(name, players) for name, players in OURS}
    for run in [*anchors.values(), *engines.values()]:
        run(0.05)  # warm up (card caches, imports)
    steps: dict[str, list[float]] = {k: [] for k in [*anchors, *engines]}
    decisions: dict[str, list[float]] = {k: [] for k in anchors}
    ratios: dict[str, list[float]] = {k: [] for k in engines}
    by_decisions: dict[str, list[float]] = {k: [] for k in engines}
    loads = [os.getloadavg()[0]]
    for _ in range(args.rounds):
        for name, run in [*anchors.items(), *engines.items()]:
            n, d, elapsed = run(args.slice)
            steps[name].append(n / elapsed)
            if name in decisions:
                decisions[name].append(d / elapsed)
        median_steps = statistics.median(steps[a][-1] for a in anchors)
        median_decisions = statistics.median(decisions[a][-1] for a in anchors)
        for name in engines:
            ratios[name].append(steps[name][-1] / median_steps)
            by_decisions[name].append(steps[name][-1] / median_decisions)
        loads.append(os.getloadavg()[0])
    print(f"{args.rounds} rounds of {args.slice} s per workload; 1-minute load average "
          f"{min(loads):.2f}-{max(loads):.2f} on {os.cpu_count()} cores; Python "
          f"{sys.version.split()[0]}")
    print(f"{'OpenSpiel (python_)':<22} {'steps/s':>10} {'decisions/s':>12}")
    for name in anchors:
        print(f"{name:<22} {statistics.median(steps[name]):>10,.0f} "
              f"{statistics.median(decisions[name]):>12,.0f}")
    print(f"\n{'marketlib':<22} {'steps/s':>10} {'x anchor (steps)':>17} {'min-max':>11} "
          f"{'x anchor (decisions)':>21}")
    for name in engines:
        r = ratios[name]
        print(f"{name:<22} {statistics.median(steps[name]):>10,.0f} "
              f"{statistics.median(r):>16.2f}x {min(r):>5.2f}-{max(r):.2f} "
              f"{statistics.median(by_decisions[name]):>20.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
