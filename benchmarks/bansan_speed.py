"""Bansan speed: uniform random play through the public functions, on one core.

Prints decisions per second (target >= 30,000 for 4 players on one idle core) and full random
games per second for 2-5 players, the Kenduri Menu (2-5 players) and Sendiri (normal and hard),
and the median microseconds of ``apply`` and ``legal_actions`` per mode. ``cpu dec/s`` counts
process CPU time, which is steadier than wall time on a busy machine.
Run: ``uv run --all-extras python benchmarks/bansan_speed.py [--games N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from marketlib import bansan


def random_game(rules: bansan.Rules, seed: int) -> int:
    rng = random.Random(seed)
    state = bansan.setup(rules, seed)
    decisions = 0
    while bansan.outcome(state) is None:
        state = bansan.apply(state, rng.choice(bansan.legal_actions(state)))
        decisions += 1
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="random games per player count")
    args = parser.parse_args()
    print(f"{'mode':>14} {'players':>7} {'events':>13} {'games':>6} {'decisions':>10} "
          f"{'decisions/s':>12} {'cpu dec/s':>10} {'games/s':>9}")
    settings: list[tuple[str, int, str, dict[str, object]]] = [
        ("standard", p, e, {}) for p in (2, 3, 4, 5) for e in ("off", "reconstructed")]
    settings += [("kenduri", p, "off", {}) for p in (2, 3, 4, 5)]
    settings += [("sendiri", 1, "off", {}), ("sendiri hard", 1, "off", {"hard": True})]
    for label, players, events, extra in settings:
        rules = bansan.Rules(players=players, events=events,  # type: ignore[arg-type]
                             mode=label.split()[0], **extra)  # type: ignore[arg-type]
        random_game(rules, 10_000)  # warm the card cache
        t0, c0 = time.perf_counter(), time.process_time()
        decisions = sum(random_game(rules, seed) for seed in range(args.games))
        elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
        print(f"{label:>14} {players:>7} {events:>13} {args.games:>6} {decisions:>10} "
              f"{decisions / elapsed:>12,.0f} {decisions / cpu:>10,.0f} "
              f"{args.games / elapsed:>9.1f}")
    for label, rules in (("standard 4p", bansan.Rules(players=4)),
                         ("kenduri 4p", bansan.Rules(players=4, mode="kenduri")),
                         ("sendiri", bansan.Rules(players=1, mode="sendiri"))):
        states = []
        for seed in range(10):
            rng = random.Random(seed)
            state = bansan.setup(rules, seed)
            while bansan.outcome(state) is None:
                states.append(state)
                state = bansan.apply(state, rng.choice(bansan.legal_actions(state)))
        apply_us, legal_us = [], []
        for s in states:
            t0 = time.perf_counter_ns()
            legal = bansan.legal_actions(s)
            t1 = time.perf_counter_ns()
            bansan.apply(s, legal[0])
            t2 = time.perf_counter_ns()
            legal_us.append((t1 - t0) / 1000)
            apply_us.append((t2 - t1) / 1000)
        print(f"{label}, {len(states)} states: median legal_actions "
              f"{statistics.median(legal_us):.1f} us, apply {statistics.median(apply_us):.1f} us")


if __name__ == "__main__":
    main()
