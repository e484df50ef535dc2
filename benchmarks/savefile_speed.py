"""Save-file speed: ``Match.load`` of a full random game of each game, and where the time goes.

Prints, per game: the number of actions in the save, its size, the milliseconds of
``Match.load`` (read, validate, replay through the rules) and of the replay alone
(``Match.replay`` with the actions already decoded), best of ``--repeat`` runs each (the least
disturbed by other work on the machine), and their difference: what reading and checking the
file costs. Run: ``uv run --all-extras python benchmarks/savefile_speed.py``; to compare with
an older marketlib, extract its ``marketlib/`` folder (``git archive <commit> marketlib | tar -x
-C /tmp/old``) and run the same command with ``PYTHONPATH=/tmp/old``.

Measured on the 2-core machine of issue 14 (loaded, best of 50), before (f77ee41: one
``msgspec.convert`` per action) and after (the whole save in one step):

======================================  =======  ===============  ============
game                                    actions  load ms before   after
======================================  =======  ===============  ============
monsoon players=4, seal_target=30           656  12.1             5.7
bansan players=5, events=reconstructed      318   9.6             3.9
bansan players=3, mode=kenduri              207   6.2             2.5
bansan players=1, mode=sendiri              100   3.5             1.6
======================================  =======  ===============  ============
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from marketlib import Match

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("monsoon", {"players": 4, "seal_target": 30}),
    ("bansan", {"players": 5, "events": "reconstructed"}),
    ("bansan", {"players": 3, "mode": "kenduri"}),
    ("bansan", {"players": 1, "mode": "sendiri"}),
]


def full_game(game: str, rules: dict[str, Any], seed: int) -> Match:
    """A uniform random game played to its end."""
    match = Match(game, rules, seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    return match


def best_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm the card caches
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return min(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50, help="timed loads per game")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':<38} {'actions':>7} {'KB':>4} {'load ms':>8} {'replay ms':>9} "
          f"{'file ms':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for game, rules in GAMES:
            match = full_game(game, rules, args.seed)
            path = match.save(Path(tmp) / f"{game}.json")
            actions = list(match.history)
            assert Match.load(path).state == match.state
            load = best_ms(lambda: Match.load(path), args.repeat)  # noqa: B023
            replay = best_ms(
                lambda: Match.replay(game, match.rules, match.seed, actions),  # noqa: B023
                args.repeat)
            label = f"{game} {', '.join(f'{k}={v}' for k, v in rules.items())}"
            print(f"{label:<38} {len(actions):>7} {path.stat().st_size / 1024:>4.0f} "
                  f"{load:>8.2f} {replay:>9.2f} {load - replay:>8.2f}")


if __name__ == "__main__":
    main()
