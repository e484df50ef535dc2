"""How long the coach's hint takes (issue 29, point 4: at most 1 s at p95).

GreedyBots play seeded games of every game and mode (Bansan with 2, 3 and 4 players, Kenduri,
Sendiri, Monsoon Market with 2 and 4); at every ``--every``-th decision with more than one
legal move the hint for the seat to move is timed (``marketlib.bots.coach.hint`` from that
seat's view, the budget ``Match.hint`` uses). Prints p50, p95 and worst per setting and over
all, wall-clock and CPU time of this process (on a shared, loaded machine the wall clock
stretches; the CPU time is what a hint costs a free core), with the 1-minute load average.
Run: ``nice -n 19 uv run --all-extras python benchmarks/hint_latency.py [--games 2]``.
"""

from __future__ import annotations

import argparse
import os
import time

from marketlib.bots import GreedyBot
from marketlib.bots.coach import HINT_ITERATIONS, hint
from marketlib.core.registry import mode as find_mode
from marketlib.core.seeding import bot_rng

SETTINGS: tuple[tuple[str, int], ...] = (
    ("bansan", 2), ("bansan", 3), ("bansan", 4), ("kenduri", 4), ("sendiri", 1),
    ("monsoon", 2), ("monsoon", 4))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def timed(name: str, players: int, games: int, every: int, seed: int,
          cpu: list[float] | None = None) -> list[float]:
    entry, options = find_mode(name)
    game = entry.game()
    rules = game.Rules(**{**options, "players": players})
    times: list[float] = []
    for g in range(games):
        state = game.setup(rules, seed + g)
        bots = [GreedyBot() for _ in range(players)]
        rngs = [bot_rng(seed + g, s) for s in range(players)]
        decision = 0
        while game.outcome(state) is None:
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            view = game.view(state, seat)
            if len(legal) > 1:
                decision += 1
                if decision % every == 0:
                    t0, c0 = time.perf_counter(), time.process_time()
                    hint(view, legal)
                    times.append(time.perf_counter() - t0)
                    if cpu is not None:
                        cpu.append(time.process_time() - c0)
            state = game.apply(state, bots[seat].choose(view, legal, rngs[seat]))
    return times


def line(label: str, times: list[float], cpu: list[float]) -> str:
    return (f"{label:<12} hints={len(times):4d}  p50={percentile(times, 0.5):.3f}s  "
            f"p95={percentile(times, 0.95):.3f}s  worst={max(times):.3f}s  (CPU: "
            f"p50={percentile(cpu, 0.5):.3f}s p95={percentile(cpu, 0.95):.3f}s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--every", type=int, default=5, help="time every n-th real decision")
    parser.add_argument("--seed", type=int, default=2029)
    args = parser.parse_args()
    print(f"hint budget: {HINT_ITERATIONS} simulated futures; load {os.getloadavg()[0]:.2f}")
    everything: list[float] = []
    all_cpu: list[float] = []
    for name, players in SETTINGS:
        cpu: list[float] = []
        times = timed(name, players, args.games, args.every, args.seed, cpu)
        everything += times
        all_cpu += cpu
        print(line(f"{name} {players}p", times, cpu), flush=True)
    print(line("all", everything, all_cpu))


if __name__ == "__main__":
    main()
