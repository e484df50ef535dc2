"""Monsoon Market speed: uniform random play through the public functions, on one core.

Prints: decisions per second (target >= 60,000), full random 3-player games per second, the
median microseconds of ``apply`` and of ``legal_actions``, and the JSON round trip of a state.
Run: ``uv run --all-extras python benchmarks/monsoon_speed.py [--games N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import msgspec

from marketlib import monsoon


def random_game(rules: monsoon.Rules, seed: int) -> int:
    rng = random.Random(seed)
    state = monsoon.setup(rules, seed)
    decisions = 0
    while monsoon.outcome(state) is None:
        state = monsoon.apply(state, rng.choice(monsoon.legal_actions(state)))
        decisions += 1
    return decisions


def sample_states(rules: monsoon.Rules, n_games: int) -> list[monsoon.State]:
    states = []
    for seed in range(n_games):
        rng = random.Random(seed)
        state = monsoon.setup(rules, seed)
        while monsoon.outcome(state) is None:
            states.append(state)
            state = monsoon.apply(state, rng.choice(monsoon.legal_actions(state)))
    return states


def median_us(fn: object, items: list[object], repeat: int = 3) -> float:
    call = fn  # type: ignore[assignment]
    samples = []
    for item in items:
        t0 = time.perf_counter_ns()
        for _ in range(repeat):
            call(item)  # type: ignore[operator]
        samples.append((time.perf_counter_ns() - t0) / repeat / 1000)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="random 3-player games to time")
    args = parser.parse_args()
    print(f"{'players':>7} {'games':>6} {'decisions':>10} {'decisions/s':>12} {'games/s':>9}")
    for players in (2, 3, 4, 5):
        rules = monsoon.Rules(players=players)
        random_game(rules, 10_000)  # warm the card cache
        t0 = time.perf_counter()
        decisions = sum(random_game(rules, seed) for seed in range(args.games))
        elapsed = time.perf_counter() - t0
        print(f"{players:>7} {args.games:>6} {decisions:>10} {decisions / elapsed:>12,.0f} "
              f"{args.games / elapsed:>9.1f}")
    rules = monsoon.Rules(players=3)
    states = sample_states(rules, 20)
    pairs = [(s, monsoon.legal_actions(s)[0]) for s in states]
    apply_us = median_us(lambda sa: monsoon.apply(*sa), pairs)  # type: ignore[misc]
    legal_us = median_us(monsoon.legal_actions, states)  # type: ignore[arg-type]
    enc = msgspec.json.Encoder()
    dec = msgspec.json.Decoder(monsoon.State)
    json_us = median_us(lambda s: dec.decode(enc.encode(s)), states)  # type: ignore[arg-type]
    print(f"3 players, {len(states)} sampled states: median apply {apply_us:.1f} us, "
          f"legal_actions {legal_us:.1f} us, JSON round trip {json_us:.1f} us "
          f"({len(enc.encode(states[len(states) // 2]))} bytes)")


if __name__ == "__main__":
    main()
