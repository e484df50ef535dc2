"""ISMCTSBot search speed: iterations per second (issue 17: at least 1,000 on 4-player Bansan).

Times ``ISMCTSBot(iterations=N).choose`` on positions sampled from greedy games (decisions with a
single legal action are skipped, as are positions where the bot found one sensible line and so
answered without searching: both are counted and printed). Each timed search includes the
whole-turn enumeration of its root lines; a fresh bot is used every time, so no position
benefits from a plan made earlier. Prints the median iterations/s (min, max) and the median and
p95 seconds of the searched moves, per game and player count.
Run: ``uv run --all-extras python benchmarks/bots_speed.py [--positions 20] [--iterations 1000]
[--only bansan]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Any

from marketlib.bots import GreedyBot, ISMCTSBot
from marketlib.core.match import resolve_game

SETTINGS = (("monsoon", 2), ("monsoon", 3), ("bansan", 2), ("bansan", 4))


def positions(game: Any, n: int, players: int) -> list[Any]:
    found: list[Any] = []
    seed = 0
    while len(found) < n:
        state = game.setup(game.Rules(players=players), seed)
        bots = [GreedyBot() for _ in range(players)]
        rng = random.Random(seed)
        while game.outcome(state) is None and len(found) < n:
            seat = game.current_player(state)
            assert seat is not None
            legal = game.legal_actions(state)
            if len(legal) > 1 and rng.random() < 0.2:
                found.append(state)
            state = game.apply(state, bots[seat].choose(game.view(state, seat), legal, rng))
        seed += 1
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--only", choices=["monsoon", "bansan"])
    args = parser.parse_args()
    for name, players in SETTINGS:
        if args.only not in (None, name):
            continue
        game = resolve_game(name)
        rates: list[float] = []
        times: list[float] = []
        skipped = 0
        for state in positions(game, args.positions, players):
            seat = game.current_player(state)
            bot = ISMCTSBot(iterations=args.iterations)
            t0 = time.perf_counter()
            bot.choose(game.view(state, seat), game.legal_actions(state), random.Random(1))
            elapsed = time.perf_counter() - t0
            if bot.last_iterations == 0:  # one sensible line: answered without a search
                skipped += 1
                continue
            rates.append(bot.last_iterations / elapsed)
            times.append(elapsed)
        print(f"ISMCTSBot({args.iterations}) on {players}-player {name:7}: {len(rates)} searched "
              f"positions ({skipped} more needed no search): median "
              f"{statistics.median(rates):,.0f} iterations/s (min {min(rates):,.0f}, max "
              f"{max(rates):,.0f}); a searched move median {statistics.median(times):.2f} s, "
              f"p95 {percentile(times, 0.95):.2f} s (load {os.getloadavg()[0]:.2f})", flush=True)


if __name__ == "__main__":
    main()
