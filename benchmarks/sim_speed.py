"""``play_many`` throughput: random games with ``n_jobs=2`` against ``n_jobs=1`` in one run.

Target (issue 5): a ratio of at least 1.8 for 3-player Monsoon Market and 4-player Bansan games.
The worker pool is warmed up first so process start-up is not counted.
Run: ``uv run --all-extras python benchmarks/sim_speed.py [--games 2000]``.
"""

from __future__ import annotations

import argparse
import importlib
import time

from marketlib.core.match import resolve_game
from marketlib.sim import play_many


def rate(game: str, players: int, n_games: int, n_jobs: int) -> float:
    module = resolve_game(game)
    rules = module.Rules(players=players)
    t0 = time.perf_counter()
    play_many(module, rules, ["random"], n_games, seed=1, n_jobs=n_jobs)
    return n_games / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    for game, players in (("monsoon", 3), ("bansan", 4)):
        try:
            importlib.import_module(f"marketlib.{game}")
            resolve_game(game).setup(resolve_game(game).Rules(players=players), 0)
        except Exception as err:  # the engine is not ready yet
            print(f"{game}: skipped ({type(err).__name__}: {err})")
            continue
        rate(game, players, 50, 2)  # warm the worker pool and the card caches
        one = rate(game, players, args.games, 1)
        two = rate(game, players, args.games, 2)
        print(f"{game} {players}p random games: n_jobs=1 {one:,.0f} games/s, n_jobs=2 "
              f"{two:,.0f} games/s, ratio {two / one:.2f}")


if __name__ == "__main__":
    main()
