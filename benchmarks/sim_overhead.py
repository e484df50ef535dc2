"""What ``marketlib.sim.play`` adds to a bare game loop, with random bots.

The bare loop is ``legal_actions``, a seeded random choice and ``apply`` until the game ends.
``sim.play`` also seats the bots, draws for each ``RandomBot`` from its seat's own stream (its
``choose`` is marked ``draws_uniformly``; any other bot is called, given the view only if it
reads one, and its choice is checked), records the actions, and writes every seat's metric row
at the end of every turn (the heuristic's ``metric_reader``). The two alternate in short slices
in one process and the ratio of their decisions per second is printed per setting (median of
the rounds, min-max beside it); issue 17's target is at least 0.9. Measured (2 cores, quiet, 21
rounds): Monsoon 3p 0.88-0.90 (0.66-0.68 before the per-turn rows were memoised, 0.82-0.87 with
one memo per seat number, 0.88-0.89 with a reader per game), Bansan 4p 0.93-0.95. What is left
on Monsoon, sampled with py-spy: the metric rows 3-4% of a game (a Monsoon turn is only 2.4
decisions), seating (a stream per seat, the seat's lookup, the actions kept) about 3%, the
per-game setup of the record about 2%.
Run: ``uv run --all-extras python benchmarks/sim_overhead.py [--rounds 7] [--slice 0.5]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable

from marketlib import bansan, monsoon
from marketlib.sim import play

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from anchors import ours

SETTINGS = (("monsoon", 3), ("bansan", 4))


def bare(name: str, players: int) -> Callable[[float], tuple[int, float]]:
    """The bare loop of ``anchors.py`` (the same random play, one copy of it)."""
    loop = ours(name, players)

    def run(seconds: float) -> tuple[int, float]:
        decisions, _, elapsed = loop(seconds)
        return decisions, elapsed

    return run


def simulated(name: str, players: int) -> Callable[[float], tuple[int, float]]:
    game = {"monsoon": monsoon, "bansan": bansan}[name]
    rules = game.Rules(players=players)
    seeds = iter(range(10**9))

    def run(seconds: float) -> tuple[int, float]:
        decisions = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            decisions += len(play(name, rules, ["random"], next(seeds)).actions)
        return decisions, time.perf_counter() - t0

    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--slice", type=float, default=0.5)
    args = parser.parse_args()
    loads = [os.getloadavg()[0]]
    print(f"{'setting':<12} {'bare dec/s':>11} {'sim.play dec/s':>15} {'ratio':>6} {'min-max':>10}")
    for name, players in SETTINGS:
        loop, sim = bare(name, players), simulated(name, players)
        loop(0.1)
        sim(0.1)
        ratios, loops, sims = [], [], []
        for _ in range(args.rounds):
            d1, t1 = loop(args.slice)
            d2, t2 = sim(args.slice)
            loops.append(d1 / t1)
            sims.append(d2 / t2)
            ratios.append(sims[-1] / loops[-1])
            loads.append(os.getloadavg()[0])
        print(f"{name} {players}p{'':<3} {statistics.median(loops):>11,.0f} "
              f"{statistics.median(sims):>15,.0f} {statistics.median(ratios):>6.2f} "
              f"{min(ratios):>4.2f}-{max(ratios):.2f}", flush=True)
    print(f"(1-minute load average {min(loads):.2f}-{max(loads):.2f} on {os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
