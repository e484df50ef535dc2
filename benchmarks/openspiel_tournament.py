"""OpenSpiel figures for marketlib.openspiel (issue 33, point 1; docs: "OpenSpiel").

1. Random play: decisions per second, native (``legal_actions``/``apply``) and through pyspiel
   (``legal_actions``/``apply_action`` on the registered game), the same deals.
2. A round-robin tournament with OpenSpiel's ``evaluate_bots`` on 2-player Monsoon Market:
   marketlib's RandomBot, GreedyBot and ISMCTSBot (as pyspiel bots, ``MarketlibBot``) and
   OpenSpiel's own Python ``ISMCTSBot`` (random roll-outs, marketlib's ``determinize`` as its
   resampler), each pair ``--games`` times in each seating; then the win shares and the Elo
   ratings of OpenSpiel's ``elo.compute_ratings_from_matrices`` (a shared win is a draw).

    uv run --all-extras python benchmarks/openspiel_tournament.py            # bounded: ~2 min
    uv run --all-extras python benchmarks/openspiel_tournament.py --games 10
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import elo, evaluate_bots

import marketlib.openspiel as mo
from marketlib import bansan, monsoon
from marketlib.bots import GreedyBot, ISMCTSBot, RandomBot


def native_speed(game: Any, rules: Any, deals: int) -> float:
    """Random decisions per second through the game's own functions."""
    steps, start = 0, time.process_time()
    for seed in range(deals):
        state, rng = game.setup(rules, seed), random.Random(seed)
        while game.outcome(state) is None:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            steps += 1
    return steps / (time.process_time() - start)


def spiel_speed(spec: str, deals: int) -> float:
    """Random decisions per second through pyspiel (the deal node not counted)."""
    game = pyspiel.load_game(spec)
    steps, start = 0, time.process_time()
    for seed in range(deals):
        state, rng = game.new_initial_state(), random.Random(seed)
        state.apply_action(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


PLAYERS: dict[str, Callable[[Any, int], Any]] = {
    "random": lambda game, seed: mo.MarketlibBot(RandomBot(), seed),
    "greedy": lambda game, seed: mo.MarketlibBot(GreedyBot(), seed),
    "ismcts": lambda game, seed: mo.MarketlibBot(ISMCTSBot(iterations=50), seed),
    "spiel-ismcts": lambda game, seed: mo.spiel_ismcts(game, simulations=20, seed=seed),
}
"""The population: marketlib's three bots (ISMCTSBot at 50 iterations, to stay bounded) and
OpenSpiel's ISMCTS at 20 simulations a move."""


def tournament(games: int, seed: int) -> tuple[list[str], np.ndarray, np.ndarray, float]:
    """Every pair plays ``games`` games in each seating; wins[i, j] counts i's wins over j,
    draws[i, j] the shared wins; and the CPU seconds spent."""
    game = pyspiel.load_game("python_marketlib_monsoon(players=2)")
    names = list(PLAYERS)
    wins = np.zeros((len(names), len(names)), dtype=int)
    draws = np.zeros((len(names), len(names)), dtype=int)
    rng = np.random.RandomState(seed)
    start = time.process_time()
    for i, j in itertools.combinations(range(len(names)), 2):
        for k in range(games):
            for first, second in ((i, j), (j, i)):
                bots = [PLAYERS[names[first]](game, seed + k), PLAYERS[names[second]](game, k)]
                returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
                if returns[0] == returns[1]:
                    draws[first, second] += 1
                    draws[second, first] += 1
                else:
                    winner, loser = (first, second) if returns[0] > returns[1] else (second, first)
                    wins[winner, loser] += 1
    return names, wins, draws, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2,
                        help="games per pair in each seating (default 2; 0: speed only)")
    parser.add_argument("--deals", type=int, default=20,
                        help="random games per speed figure (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    print(f"Random play, decisions per second (CPU), {args.deals} deals each")
    for label, game, rules, spec in [
        ("Monsoon Market 3p", monsoon, monsoon.Rules(players=3),
         "python_marketlib_monsoon(players=3)"),
        ("Bansan 4p", bansan, bansan.Rules(players=4), "python_marketlib_bansan(players=4)"),
        ("Kenduri 4p", bansan, bansan.Rules(players=4, mode="kenduri"),
         "python_marketlib_bansan(players=4,mode=kenduri)"),
    ]:
        native, spiel = native_speed(game, rules, args.deals), spiel_speed(spec, args.deals)
        print(f"  {label:18} native {native:8.0f}   pyspiel {spiel:8.0f}   "
              f"ratio {spiel / native:.2f}")

    if args.games < 1:
        return
    names, wins, draws, seconds = tournament(args.games, args.seed)
    played = wins + wins.T + draws
    print(f"\nTournament: 2-player Monsoon Market, {args.games} game(s) per pair and seating, "
          f"{int(played.sum() / 2)} games, {seconds:.0f} s CPU")
    ratings = elo.compute_ratings_from_matrices(wins, draws)
    ratings = ratings - ratings[names.index("random")]
    order = np.argsort(-ratings)
    print(f"  {'bot':14} {'Elo':>6} {'win share':>10}   " + " ".join(f"{n:>12}" for n in names))
    for i in order:
        share = (wins[i].sum() + draws[i].sum() / 2) / played[i].sum()
        row = " ".join(
            f"{'-':>12}" if i == j else f"{wins[i, j]:4.0f}-{wins[j, i]:.0f}-{draws[i, j]:.0f}"
            .rjust(12) for j in range(len(names)))
        print(f"  {names[i]:14} {ratings[i]:6.0f} {share:10.2f}   {row}")
    print("  (Elo relative to RandomBot; a cell is the row bot's wins-losses-draws against the "
          "column bot)")


if __name__ == "__main__":
    main()
