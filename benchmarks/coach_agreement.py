"""How often the coach's review marks the coach's own hint as a loss.

helper-113 followed a Monsoon hint ("P0 steal MG-30 ... about 59%; next best P0 steal MG-23 at
about 54%") and the review then said "P0 steal MG-23 was worth about 2.2 seals more". The two
measure different things: a hint runs ISMCTS over futures two turns deep (Monsoon; one in
Bansan) and scores each with the heuristic's ``evaluate`` (0 lost .. 1 won, against the other
seats), while the review finishes only the seat's own turn, in each of 8 worlds, and reads the
seat's ``strength`` (seals or RM, its own alone). This prints how often they disagree.

Seeded games of GreedyBots; at every 6th decision with more than one legal move the seat asks
for a hint, and ``review_decision`` measures the hinted move against the review's own
candidates from the same view. Prints, per game, the positions, how many of them the review
marks the hint's move as a loss of more than 0.5 (seals or RM), and the mean loss.

Measured on 6 December 2026 (after a4dab97): Monsoon 2p (4 games) 58 positions, 8 (14%) over
0.5 seals, mean 0.17; Bansan 2p (2 games) 37 positions, 1 (3%), mean 0.07 RM. A review that
also played the rivals' next turns (the hint's horizon; tried that day and not kept, so not in
the repository) read worse: 12 (21%), mean 0.52 seals; Bansan 2 (5%).

Run: ``uv run --all-extras python benchmarks/coach_agreement.py [--monsoon 4] [--bansan 2]``.
"""

from __future__ import annotations

import argparse

from marketlib import Match, bansan, monsoon
from marketlib.bots import GreedyBot, coach
from marketlib.core.seeding import bot_rng

GAMES = {"monsoon": monsoon, "bansan": bansan}


def losses(name: str, seed: int, players: int = 2, moves: int = 120, every: int = 6
           ) -> list[float]:
    """The review's loss of the hinted move at every ``every``-th decision of one game."""
    module = GAMES[name]
    match = Match(name, {"players": players}, seed=seed)
    bots = [GreedyBot() for _ in range(players)]
    rngs = [bot_rng(seed, s) for s in range(players)]
    found: list[float] = []
    for k in range(moves):
        if match.is_over:
            break
        seat = match.current_player
        assert seat is not None
        legal = tuple(match.legal_actions())
        if k % every == 0 and len(legal) > 1:
            hinted = match.hint().action
            _, played, _, best = coach.review_decision(module, match.view(seat), legal, hinted,
                                                       seat, seed=k)
            found.append((sum(best) - sum(played)) / len(played) if played else 0.0)
        match.play(bots[seat].choose(match.view(seat), legal, rngs[seat]))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--monsoon", type=int, default=4, help="Monsoon games (seeds 0..)")
    parser.add_argument("--bansan", type=int, default=2, help="Bansan games (seeds 0..)")
    args = parser.parse_args()
    for name, games in (("monsoon", args.monsoon), ("bansan", args.bansan)):
        every: list[float] = []
        for seed in range(games):
            every += losses(name, seed)
        if not every:
            continue
        big = sum(loss > 0.5 for loss in every)
        print(f"{name}: {len(every)} positions; the review marks the hint's move a loss over "
              f"0.5 in {big} ({100 * big / len(every):.0f}%); mean loss "
              f"{sum(every) / len(every):.2f}")


if __name__ == "__main__":
    main()
