"""What ``marketlib.sim.play`` adds to a bare game loop, with random bots.

Target (issue 17, target 4): ``sim.play`` plays at least 0.9x the bare loop's decisions per
second, on Monsoon Market (3 players) and Bansan (4 players).

The bare loop is ``legal_actions``, a seeded random choice and ``apply`` until the game ends.
``sim.play`` also seats the bots, draws for each ``RandomBot`` from its seat's own stream (its
``choose`` is marked ``draws_uniformly``; any other bot is called, given the view only if it
reads one, and its choice is checked), records the actions, and writes every seat's metric row
at the end of every turn (the heuristic's ``metric_reader``).

**Paired games.** Both play the *same* games: the bare loop draws each decision from the
deciding seat's stream, ``bot_rng(seed, seat)``, exactly as a ``RandomBot`` in that seat does,
so for every seed the two make the same moves (checked for every game: the same number of
decisions). They alternate game by game (which one goes first alternates too), and a round's
ratio is ``sim.play``'s decisions per second over the bare loop's on that round's games. Games
differ a lot in cost per decision (rounds of different seeds vary by 30% in decisions per
second), so playing the same games removes the largest source of noise. The median over the
rounds is the figure.

``--unpaired`` also runs ``anchors.py``'s loop (one ``random.Random(seed)`` stream, so other
games of the same seeds) beside them; its ratio carries the games' noise. The per-seat streams
cost the paired bare loop about 0.4% of its time (``current_player`` and a list index a
decision, two more seedings a game: about 40 us of a 10 ms Monsoon game).

Where ``sim.play``'s time goes on Monsoon, from py-spy and from taking parts away: the metric
rows about 4.5% of a game before they were read in batches (a Monsoon turn is only 2.4
decisions), the record's setup and bookkeeping (bots, the table's first rows, standings) about
2-3%, the actions and counts kept about 1%. The ratios measured before and after each change
to ``sim.play`` are in the messages of the commits that made it.
Run: ``uv run --all-extras python benchmarks/sim_overhead.py [--rounds 7] [--games 150]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from marketlib import bansan, monsoon
from marketlib.core.seeding import bot_rng
from marketlib.sim import play

SETTINGS = (("monsoon", 3), ("bansan", 4))
GAMES = {"monsoon": monsoon, "bansan": bansan}

Loop = Callable[[int], int]
"""Plays the game of one seed; returns its decisions."""


def bare(game: Any, rules: Any) -> Loop:
    """The bare loop, drawing from each seat's stream (the games ``sim.play`` plays)."""
    legal_actions, apply, outcome, current = (game.legal_actions, game.apply, game.outcome,
                                              game.current_player)
    players = rules.players

    def run(seed: int) -> int:
        rngs = [bot_rng(seed, s) for s in range(players)]
        state = game.setup(rules, seed)
        decisions = 0
        while outcome(state) is None:
            state = apply(state, rngs[current(state)].choice(legal_actions(state)))
            decisions += 1
        return decisions

    return run


def one_stream(game: Any, rules: Any) -> Loop:
    """``anchors.py``'s bare loop: one ``random.Random(seed)`` for every seat (other games)."""
    legal_actions, apply, outcome = game.legal_actions, game.apply, game.outcome

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.setup(rules, seed)
        decisions = 0
        while outcome(state) is None:
            state = apply(state, rng.choice(legal_actions(state)))
            decisions += 1
        return decisions

    return run


def simulated(name: str, rules: Any) -> Loop:
    def run(seed: int) -> int:
        return len(play(name, rules, ["random"], seed).actions)

    return run


def rounds(loops: dict[str, Loop], games: int, count: int, first_seed: int = 0,
           same: tuple[str, ...] = ("bare", "sim")) -> dict[str, list[float]]:
    """Decisions per second of each loop, per round of ``games`` seeds, game by game in turn;
    the loops named in ``same`` must take as many decisions as each other in every game."""
    speeds: dict[str, list[float]] = {name: [] for name in loops}
    clock = time.perf_counter
    seed = first_seed
    for _ in range(count):
        spent = dict.fromkeys(loops, 0.0)
        decided = dict.fromkeys(loops, 0)
        for _ in range(games):
            order = list(loops.items())
            if seed % 2:
                order.reverse()
            took = {}
            for name, loop in order:
                t0 = clock()
                took[name] = loop(seed)
                spent[name] += clock() - t0
                decided[name] += took[name]
            if len({took[name] for name in same}) != 1:
                raise AssertionError(f"seed {seed}: the paired loops played other games: {took}")
            seed += 1
        for name in loops:
            speeds[name].append(decided[name] / spent[name])
    return speeds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=150, help="games per round (default 150)")
    parser.add_argument("--unpaired", action="store_true",
                        help="also run anchors.py's one-stream loop (other games, more noise)")
    args = parser.parse_args()
    loads = [os.getloadavg()[0]]
    print(f"{'setting':<12} {'bare dec/s':>11} {'sim.play dec/s':>15} {'ratio':>6} {'min-max':>11}")
    for name, players in SETTINGS:
        game = GAMES[name]
        rules = game.Rules(players=players)
        loops = {"bare": bare(game, rules), "sim": simulated(name, rules)}
        if args.unpaired:
            loops["one stream"] = one_stream(game, rules)
        rounds(loops, 5, 1, first_seed=10**6)  # warm up
        speeds = rounds(loops, args.games, args.rounds)
        ratios = [s / b for s, b in zip(speeds["sim"], speeds["bare"], strict=True)]
        print(f"{name} {players}p{'':<3} {statistics.median(speeds['bare']):>11,.0f} "
              f"{statistics.median(speeds['sim']):>15,.0f} {statistics.median(ratios):>6.3f} "
              f"{min(ratios):>5.3f}-{max(ratios):.3f}", flush=True)
        if args.unpaired:
            other = [s / b for s, b in zip(speeds["sim"], speeds["one stream"], strict=True)]
            print(f"{'':<12} against the one-stream loop (other games): "
                  f"{statistics.median(other):.3f} ({min(other):.3f}-{max(other):.3f})", flush=True)
        loads.append(os.getloadavg()[0])
    print(f"(1-minute load average {min(loads):.2f}-{max(loads):.2f} on {os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
