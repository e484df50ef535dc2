"""Whether the computer players still choose what they chose: one digest of their moves.

Seeded games of GreedyBot (every move of every seat, at most 400 moves) and ISMCTSBot (60
iterations, its first 60 moves) in Monsoon Market (2 and 3 players) and Bansan (2 and 3
players, Sendiri): each game's moves in table notation go into one SHA-256. Prints the moves
played and the digest; with ``--against REV`` it runs the same games with that commit's
``marketlib`` (a temporary ``git worktree``) and says whether the two digests are equal.

A change to the bots' search that must not change their play (helper-113's root-counted prune,
a4dab97 and 910e512 on 6 December 2026) shows it here: 2,146 moves of 23 games, the same
digest on ea9bb21 and after.

Run: ``uv run --all-extras python benchmarks/bots_identity.py [--against REV]``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from marketlib import Match, bansan, monsoon
from marketlib.bots import GreedyBot, ISMCTSBot

SETTINGS: tuple[tuple[str, Any, dict[str, Any]], ...] = (
    ("monsoon", monsoon, {"players": 2}), ("monsoon", monsoon, {"players": 3}),
    ("bansan", bansan, {"players": 2}), ("bansan", bansan, {"players": 3}),
    ("bansan", bansan, {"players": 1, "mode": "sendiri"}),
)


def digest() -> tuple[int, str]:
    """The moves played and the SHA-256 of every game's moves."""
    found = hashlib.sha256()
    moves = 0
    for game, module, conf in SETTINGS:
        for seed in range(3):
            for kind in ("greedy", "ismcts"):
                if kind == "ismcts" and seed > 0:
                    continue
                match = Match(game, module.Rules(**conf), seed=seed)
                bot = GreedyBot() if kind == "greedy" else ISMCTSBot(iterations=60)
                rng = random.Random(seed)
                most = 400 if kind == "greedy" else 60
                played = 0
                while not match.is_over and played < most:
                    seat = match.current_player
                    match.play(bot.choose(match.view(seat), tuple(match.legal_actions()), rng))
                    played += 1
                found.update("|".join(map(str, match.history)).encode())
                moves += played
    return moves, found.hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", metavar="REV", help="compare with commit REV's bots")
    parser.add_argument("--plain", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    moves, here = digest()
    if args.plain or not args.against:
        print(f"{moves:,} moves, sha256 {here}")
        return 0
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", str(old),
                        args.against], check=True, capture_output=True)
        try:
            done = subprocess.run([sys.executable, __file__, "--plain"], check=True,
                                  capture_output=True, text=True, cwd=old,
                                  env={**os.environ, "PYTHONPATH": str(old)})
        finally:
            subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force", str(old)],
                           check=False, capture_output=True)
    there = done.stdout.strip()
    print(f"{args.against}: {there}")
    print(f"this tree: {moves:,} moves, sha256 {here}")
    print("the same" if there.endswith(here) else "DIFFERENT")
    return 0


if __name__ == "__main__":
    sys.exit(main())
