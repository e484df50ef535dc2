"""The random tester that plays like people (issue 26), at full size: games, actions and what it
tried, per Bansan player count and mode (and Monsoon Market, where people's paths are stale
clicks and out-of-turn moves).

CI runs 300 games per Bansan player count and mode (``tests/people``); this script runs as many
as asked, with fresh seeds by default, and prints per setting: games, actions played, attempts
(refused with a rule / not an action), people's actions played (deals, answers, R&R), the most
frequent refusals, the phases where people's actions were played, and seconds per game. Any
broken promise stops it with the seed and action that reproduce it.

Run: ``uv run --all-extras python benchmarks/people_tester.py [--games 300] [--seed N]``.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from marketlib import bansan, monsoon
from marketlib.core.people import check_people

SETTINGS: tuple[tuple[str, int, str], ...] = (
    *(("bansan", n, "standard") for n in (2, 3, 4, 5)),
    *(("bansan", n, "kenduri") for n in (2, 3, 4, 5)),
    ("bansan", 1, "sendiri"),
    *(("monsoon", n, "-") for n in (2, 3, 4, 5)),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games per setting")
    parser.add_argument("--seed", type=int, default=None,
                        help="first seed (default: a fresh one, printed)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    print(f"seed {seed}, {args.games} games per setting, load {os.getloadavg()[0]:.1f}")
    total_games = total_actions = total_tries = 0
    for game, players, mode in SETTINGS:
        rules = (bansan.Rules(players=players, mode=mode) if game == "bansan"  # type: ignore[arg-type]
                 else monsoon.Rules(players=players))
        start = time.perf_counter()
        r = check_people(game, rules, n_games=args.games, seed=seed)
        took = time.perf_counter() - start
        total_games += r.games
        total_actions += r.decisions
        total_tries += r.tried
        deals = {k: r.played[k] for k in ("ProposeTrade", "Counter", "Accept", "Decline",
                                          "Bargain", "RentAndRelease") if r.played[k]}
        print(f"{game} {mode} {players}p: {r.games} games, {r.decisions} actions, "
              f"{r.tried} tried ({r.refused} refused, {r.invalid} not actions), "
              f"{r.played_people} people's actions played {deals}, "
              f"{took / r.games:.3f} s/game")
        print(f"    refusals {dict(r.refusals.most_common(6))}")
        if r.people_phases:
            print(f"    people played in {dict(r.people_phases.most_common())}")
    print(f"total: {total_games} games, {total_actions} actions played, {total_tries} tried; "
          "no promise broken")


if __name__ == "__main__":
    main()
