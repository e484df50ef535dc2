"""How long a computer player takes per decision, in every game and mode.

Targets (issue 17): a default ``ISMCTSBot()`` move at most 1 s at p95 in every game and mode;
``GreedyBot()`` at most 5 ms mean and 50 ms p95 per decision on 4-player Bansan. Whole seeded
games are played (ISMCTS against GreedyBots; GreedyBots against RandomBots) and every decision
of the measured bot is timed, the quick ones (a plan followed, a single legal action) included,
since a person waits for those too. Prints mean, median, p95 and worst per setting, with the
1-minute load average (the machine is shared: a loaded machine stretches every figure).
Run: ``uv run --all-extras python benchmarks/bots_latency.py [--games 2] [--only ismcts]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

from marketlib.bots import GreedyBot, ISMCTSBot, RandomBot
from marketlib.core.registry import mode as find_mode
from marketlib.core.seeding import bot_rng

SETTINGS: tuple[tuple[str, int], ...] = (
    ("monsoon", 2), ("monsoon", 4), ("bansan", 2), ("bansan", 4), ("kenduri", 4),
    ("sendiri", 1))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def timed_games(name: str, players: int, games: int, measured: Any, others: Any,
                seed: int) -> list[float]:
    """Per-decision seconds of the ``measured`` seats (every other seat plays ``others``)."""
    entry, options = find_mode(name)
    game = entry.game()
    rules = game.Rules(**{**options, "players": players})
    times: list[float] = []
    for g in range(games):
        state = game.setup(rules, seed + g)
        bots = [measured() if s % 2 == g % 2 or players == 1 else others()
                for s in range(players)]
        rngs = [bot_rng(seed + g, s) for s in range(players)]
        while game.outcome(state) is None:
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            view = game.view(state, seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, legal, rngs[seat])
            elapsed = time.perf_counter() - t0
            if isinstance(bots[seat], measured):
                times.append(elapsed)
            state = game.apply(state, action)
    return times


def report(label: str, times: list[float]) -> None:
    ms = [t * 1000 for t in times]
    print(f"{label:<28} {len(ms):>6} {statistics.mean(ms):>9.1f} {statistics.median(ms):>9.2f} "
          f"{percentile(ms, 0.95):>9.1f} {max(ms):>9.0f}   (load {os.getloadavg()[0]:.2f})",
          flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per setting")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--only", choices=["ismcts", "greedy"])
    args = parser.parse_args()
    print(f"{'bot, setting':<28} {'moves':>6} {'mean ms':>9} {'median':>9} {'p95':>9} "
          f"{'worst':>9}")
    if args.only != "ismcts":
        for name, players in (("bansan", 4), ("bansan", 2), ("kenduri", 4), ("monsoon", 4)):
            times = timed_games(name, players, max(args.games, 5), GreedyBot, RandomBot,
                                args.seed)
            report(f"GreedyBot {name} {players}p", times)
    if args.only != "greedy":
        for name, players in SETTINGS:
            times = timed_games(name, players, args.games, ISMCTSBot, GreedyBot, args.seed)
            report(f"ISMCTSBot {name} {players}p", times)
    return 0


if __name__ == "__main__":
    sys.exit(main())
