"""ISMCTSBot search speed on Monsoon Market: iterations per second (target >= 1,000).

Times ``ISMCTSBot(iterations=N).choose`` on positions sampled from greedy games (decisions with a
single legal action are skipped: the bot answers them without searching). Each timed search
includes the whole-turn enumeration of its root lines; a fresh bot is used every time, so no
position benefits from a plan made earlier.
Run: ``uv run --all-extras python benchmarks/bots_speed.py [--positions 20] [--iterations 1000]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from marketlib import monsoon
from marketlib.bots import GreedyBot, ISMCTSBot


def positions(n: int, players: int) -> list[monsoon.State]:
    found: list[monsoon.State] = []
    seed = 0
    while len(found) < n:
        state = monsoon.setup(monsoon.Rules(players=players), seed)
        bots = [GreedyBot() for _ in range(players)]
        rng = random.Random(seed)
        while monsoon.outcome(state) is None and len(found) < n:
            seat = monsoon.current_player(state)
            assert seat is not None
            legal = monsoon.legal_actions(state)
            if len(legal) > 1 and rng.random() < 0.2:
                found.append(state)
            state = monsoon.apply(state, bots[seat].choose(monsoon.view(state, seat), legal, rng))
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=1000)
    args = parser.parse_args()
    for players in (2, 3):
        rates = []
        skipped = 0
        for state in positions(args.positions, players):
            seat = monsoon.current_player(state)
            assert seat is not None
            bot = ISMCTSBot(iterations=args.iterations)
            t0 = time.perf_counter()
            bot.choose(monsoon.view(state, seat), monsoon.legal_actions(state), random.Random(1))
            if bot.last_iterations == 0:  # one sensible line: answered without a search
                skipped += 1
                continue
            rates.append(bot.last_iterations / (time.perf_counter() - t0))
        print(f"ISMCTSBot({args.iterations}) on {players}-player Monsoon, {len(rates)} searched "
              f"positions ({skipped} more needed no search): median "
              f"{statistics.median(rates):,.0f} iterations/s (min {min(rates):,.0f}, max "
              f"{max(rates):,.0f}; load {os.getloadavg()[0]:.2f})", flush=True)

if __name__ == "__main__":
    main()
