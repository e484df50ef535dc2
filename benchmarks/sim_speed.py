"""``play_many`` throughput: random games with ``n_jobs=2`` against ``n_jobs=1`` in one run.

Target (issue 5): a ratio of at least 1.8 for 3-player Monsoon Market and 4-player Bansan games.
The worker pool is warmed up first so process start-up is not counted; the two settings then
alternate ``--repeat`` times and the best rate of each is compared (the machine is shared: the
1-minute load average is printed with every round, and a ratio means little when it is above
the number of cores). Games per CPU second (this process and its workers) show the cost of
parallelism itself: equal figures for both settings mean the ratio is bounded only by free
cores.
Run: ``uv run --all-extras python benchmarks/sim_speed.py [--games 2000] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import time

from marketlib.core.match import resolve_game
from marketlib.sim import play_many


def cpu_seconds() -> float:
    """CPU time of this process and its live children (the joblib workers)."""
    import psutil  # a dependency of the notebook stack

    me = psutil.Process()
    total = sum(me.cpu_times()[:2])
    for child in me.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            total += sum(child.cpu_times()[:2])
    return total


def rate(game: str, players: int, n_games: int, n_jobs: int) -> tuple[float, float]:
    """Games per wall-clock second and games per CPU second (all processes)."""
    module = resolve_game(game)
    rules = module.Rules(players=players)
    c0, t0 = cpu_seconds(), time.perf_counter()
    play_many(module, rules, ["random"], n_games, seed=1, n_jobs=n_jobs)
    wall, cpu = time.perf_counter() - t0, cpu_seconds() - c0
    return n_games / wall, n_games / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", choices=["monsoon", "bansan"])
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores")
    for game, players in (("monsoon", 3), ("bansan", 4)):
        if args.only and game != args.only:
            continue
        try:
            importlib.import_module(f"marketlib.{game}")
            resolve_game(game).setup(resolve_game(game).Rules(players=players), 0)
        except Exception as err:  # the engine is not ready yet
            print(f"{game}: skipped ({type(err).__name__}: {err})")
            continue
        rate(game, players, 100, 2)  # warm the worker pool and the card caches
        rate(game, players, 20, 1)
        ones, twos = [], []
        for r in range(args.repeat):
            load = os.getloadavg()[0]
            one, one_cpu = rate(game, players, args.games, 1)
            two, two_cpu = rate(game, players, args.games, 2)
            ones.append(one)
            twos.append(two)
            print(f"  {game} round {r + 1}: n_jobs=1 {one:,.0f} games/s, n_jobs=2 {two:,.0f} "
                  f"games/s, ratio {two / one:.2f} (load {load:.2f}); per CPU second "
                  f"{one_cpu:,.0f} and {two_cpu:,.0f} games", flush=True)
        one, two = max(ones), max(twos)
        print(f"{game} {players}p random games, best of {args.repeat}: n_jobs=1 {one:,.0f} "
              f"games/s, n_jobs=2 {two:,.0f} games/s, ratio {two / one:.2f} "
              f"(load now {os.getloadavg()[0]:.2f})", flush=True)

if __name__ == "__main__":
    main()
