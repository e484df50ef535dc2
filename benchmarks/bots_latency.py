"""How long a computer player takes per decision, in every game and mode.

Targets: a default ``ISMCTSBot()`` move at most 0.5 s at p95 in every game and mode (issue 29,
point 3; issue 17 asked 1 s); ``GreedyBot()`` at most 5 ms mean and 50 ms p95 per decision on
4-player Bansan. Whole seeded games are played (ISMCTS in every other seat against GreedyBots,
alone in Sendiri; GreedyBots against RandomBots) and every decision of the measured bot is
timed, the quick ones (a plan followed, a single legal action) included, since a person waits
for those too. The settings: Bansan with 2, 3, 4 and 5 players, the Kenduri Menu with 2-5,
Sendiri, Monsoon Market with 2, 3 and 4. Prints per setting the decisions timed, then p50, p95
and the worst, in wall-clock time and in CPU time of this thread (``time.thread_time``: on a
shared, loaded machine the wall clock stretches, the CPU time is what a move costs a free
core), the mean ISMCTS iterations of the searched moves, and the 1-minute load average.
Run: ``nice -n 19 uv run --all-extras python benchmarks/bots_latency.py [--games 2]
[--only ismcts] [--settings bansan:4,monsoon:2]``.

Measured with ``--only ismcts --games 2`` on 2 cores shared with other work (the wall clock is
up to five times the CPU time at a load of 7, so the CPU time is the figure), ISMCTS CPU ms at
p95 per setting, Bansan 2/3/4/5, Kenduri 2/3/4/5, Sendiri, Monsoon 2/3/4:

- before issue 29, point 3 (24 reply searches, every iteration run; load 0.8-5.2): 653, 670,
  710, 768, 1016, 954, 934, 903, 619, 330, 508, 373 (worst single move 1.6 s);
- now (the search stops once its choice is settled, 8 reply searches, the root lines replayed
  without the rules' checks, a quicker Kenduri evaluation; load 3.7-6.9): 227, 330, 236, 261,
  271, 382, 427, 418, 377, 164, 177, 188 (worst single move 0.87 s).
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
    ("bansan", 2), ("bansan", 3), ("bansan", 4), ("bansan", 5),
    ("kenduri", 2), ("kenduri", 3), ("kenduri", 4), ("kenduri", 5), ("sendiri", 1),
    ("monsoon", 2), ("monsoon", 3), ("monsoon", 4))
"""Every game and mode, with every player count of Bansan and Monsoon Market."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Timings:
    """Per-decision wall-clock and thread CPU seconds, and the searches' iterations."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.iterations: list[int] = []


def timed_games(name: str, players: int, games: int, measured: Any, others: Any,
                seed: int) -> Timings:
    """Per-decision timings of the ``measured`` seats (every other seat plays ``others``)."""
    entry, options = find_mode(name)
    game = entry.game()
    rules = game.Rules(**{**options, "players": players})
    out = Timings()
    for g in range(games):
        state = game.setup(rules, seed + g)
        bots = [measured() if s % 2 == g % 2 or players == 1 else others()
                for s in range(players)]
        rngs = [bot_rng(seed + g, s) for s in range(players)]
        while game.outcome(state) is None:
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            view = game.view(state, seat)
            bot = bots[seat]
            t0, c0 = time.perf_counter(), time.thread_time()
            action = bot.choose(view, legal, rngs[seat])
            c1, t1 = time.thread_time(), time.perf_counter()
            if isinstance(bot, measured):
                out.wall.append(t1 - t0)
                out.cpu.append(c1 - c0)
                done = getattr(bot, "last_iterations", 0)
                if done:  # a search ran for this move (a plan followed keeps the old count)
                    out.iterations.append(done)
                    bot.last_iterations = 0
            state = game.apply(state, action)
    return out


def report(label: str, t: Timings) -> None:
    wall = [x * 1000 for x in t.wall]
    cpu = [x * 1000 for x in t.cpu]
    its = f"{statistics.mean(t.iterations):>6.0f}" if t.iterations else f"{'-':>6}"
    print(f"{label:<24} {len(wall):>6} | {statistics.median(wall):>7.1f} "
          f"{percentile(wall, 0.95):>7.1f} {max(wall):>7.0f} | {statistics.median(cpu):>7.1f} "
          f"{percentile(cpu, 0.95):>7.1f} {max(cpu):>7.0f} | {its}  (load "
          f"{os.getloadavg()[0]:.2f})", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per setting")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--only", choices=["ismcts", "greedy"])
    parser.add_argument("--settings", default="",
                        help="comma-separated game:players (default: every game and mode)")
    args = parser.parse_args()
    settings = SETTINGS
    if args.settings:
        settings = tuple((n, int(p)) for n, p in (s.split(":") for s in args.settings.split(",")))
    print(f"{'bot, setting':<24} {'moves':>6} | {'wall ms: p50':>12} {'p95':>7} {'max':>7} | "
          f"{'CPU ms: p50':>11} {'p95':>7} {'max':>7} | {'iters':>6}")
    if args.only != "ismcts":
        for name, players in (("bansan", 4), ("bansan", 2), ("kenduri", 4), ("monsoon", 4)):
            times = timed_games(name, players, max(args.games, 5), GreedyBot, RandomBot,
                                args.seed)
            report(f"GreedyBot {name} {players}p", times)
    if args.only != "greedy":
        for name, players in settings:
            times = timed_games(name, players, args.games, ISMCTSBot, GreedyBot, args.seed)
            report(f"ISMCTSBot {name} {players}p", times)
    return 0


if __name__ == "__main__":
    sys.exit(main())
