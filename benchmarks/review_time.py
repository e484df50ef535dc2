"""How long the coach's game review takes (issue 29, point 5: a whole 3-player Bansan game in
at most 30 s on one core, with a progress bar).

Seeded 3-player Bansan games (and 2-player Monsoon Market games) are played by GreedyBots to
the end; ``Match.review(seat)`` is timed for each seat, showing its tqdm progress bar on
stderr. Prints decisions, seconds and the largest loss per review, then the worst time, with
the 1-minute load average (the machine is shared: load stretches every figure).
Run: ``nice -n 19 uv run --all-extras python benchmarks/review_time.py [--games 2]``.
"""

from __future__ import annotations

import argparse
import os
import time

from marketlib import Match
from marketlib.bots import GreedyBot
from marketlib.core.seeding import bot_rng


def finished(name: str, players: int, seed: int) -> Match:
    m = Match(name, {"players": players}, seed=seed)
    bots = [GreedyBot() for _ in range(players)]
    rngs = [bot_rng(seed, s) for s in range(players)]
    while not m.is_over:
        s = m.current_player
        m.play(bots[s].choose(m.view(s), m.legal_actions(), rngs[s]))
    return m


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2029)
    parser.add_argument("--no-bar", action="store_true", help="hide the progress bars")
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.2f}")
    worst = {"bansan": 0.0, "monsoon": 0.0}
    for name, players in (("bansan", 3), ("monsoon", 2)):
        for g in range(args.games):
            m = finished(name, players, args.seed + g)
            for seat in range(players):
                t0 = time.perf_counter()
                frame = m.review(seat, progress=not args.no_bar)
                took = time.perf_counter() - t0
                worst[name] = max(worst[name], took)
                top = frame.loc[frame.loss.idxmax()]
                print(f"{name} {players}p game {g} seat {seat}: {len(frame)} decisions "
                      f"({len(m.history)} moves) reviewed in {took:.1f}s; largest loss "
                      f"{top.loss:.2f} {frame.attrs['unit']} at move {top.move}", flush=True)
    print(f"worst: 3-player Bansan {worst['bansan']:.1f}s, 2-player Monsoon "
          f"{worst['monsoon']:.1f}s (target 30 s for Bansan)")


if __name__ == "__main__":
    main()
