"""Nothing quadratic in a game's length: each figure should double when the game doubles.

One long random game of Monsoon Market (3 players, no end but a turn cap: ``max_turns``,
``orders_exhausted_end=False``) is cut to its first N decisions for N = --start, 2x, 4x, ...,
and for each length the script times:

* ``Match.replay`` (rules, seed, actions -> a match) and a save/load round trip;
* ``Match.log()`` (every line of the game), reading ``history``/``states`` after every move of
  a replay (as a board did until 6 December 2026: each read after a move makes the tuples of
  the whole game again) and reading the newest move and state with ``Match.action_at`` and
  ``Match.state_at`` (as a board does now);
* the command line ``python -m marketlib replay FILE --boards`` (in process, printing to
  nowhere);
* a board (``MonsoonBoard``, everyone a person, the teacher's view so no redraw is covered)
  fed every move, with its log and redraw, and a board against a ``GreedyBot`` (whose memory
  the board keeps at every position).

Each time (the best of 3 batches of runs) is printed with its ratio to the previous length:
about 2 means linear, about 4 quadratic. The 1-minute load average is printed with every row.
Run: ``uv run --all-extras python benchmarks/long_games.py [--start 500] [--steps 3]``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from marketlib import Match, monsoon
from marketlib.__main__ import main as cli
from marketlib.bots import GreedyBot
from marketlib.widgets import MonsoonBoard

RULES = monsoon.Rules(players=3, seal_target=1000, max_turns=100_000, orders_exhausted_end=False)
SEED = 5


def long_game(decisions: int) -> list[Any]:
    rng = random.Random(SEED)
    state = monsoon.setup(RULES, SEED)
    actions = []
    while len(actions) < decisions and monsoon.outcome(state) is None:
        action = rng.choice(monsoon.legal_actions(state))
        actions.append(action)
        state = monsoon.apply(state, action)
    return actions


def replay(actions: list[Any]) -> None:
    Match.replay("monsoon", RULES, SEED, actions)


def save_load(actions: list[Any]) -> None:
    match = Match.replay("monsoon", RULES, SEED, actions)
    with tempfile.TemporaryDirectory() as tmp:
        Match.load(match.save(Path(tmp) / "game.json"))


def log(actions: list[Any]) -> None:
    Match.replay("monsoon", RULES, SEED, actions).log()


def history_reads(actions: list[Any]) -> None:
    match = Match("monsoon", RULES, seed=SEED)
    for action in actions:
        match.play(action)
        _ = match.history[-1], match.states[-1], len(match.history)


def newest_reads(actions: list[Any]) -> None:
    match = Match("monsoon", RULES, seed=SEED)
    for action in actions:
        match.play(action)
        _ = match.action_at(-1), match.state_at(-1), match.cursor


def command_line(actions: list[Any]) -> None:
    match = Match.replay("monsoon", RULES, SEED, actions)
    with tempfile.TemporaryDirectory() as tmp:
        path = match.save(Path(tmp) / "game.json")
        with contextlib.redirect_stdout(io.StringIO()):
            cli(["replay", str(path), "--boards"])


def board(actions: list[Any]) -> None:
    match = Match("monsoon", RULES, seed=SEED)
    table = MonsoonBoard(match, opponents={}, teacher=True)
    table.teacher_view = True  # nothing covered: every redraw has its log, choices, story
    for action in actions:
        table.play(action)


def board_with_bot(actions: list[Any]) -> None:
    """Seat 0 plays the recorded game's seat-0 moves where legal (else its first legal move);
    seat 1 is a GreedyBot; seat 2 plays its first legal move."""
    match = Match("monsoon", RULES, seed=SEED)
    table = MonsoonBoard(match, opponents={1: GreedyBot()})
    moves = iter(actions)
    while match.timeline < len(actions) and match.outcome is None:
        legal = match.legal_actions()
        wanted = next(moves, None)
        table.play(wanted if wanted in legal else legal[0])


CASES: dict[str, Callable[[list[Any]], None]] = {
    "Match.replay": replay,
    "save + load": save_load,
    "Match.log()": log,
    "history/states each move": history_reads,
    "action_at/state_at": newest_reads,
    "CLI replay --boards": command_line,
    "board, all people": board,
    "board vs GreedyBot": board_with_bot,
}


def timed(case: Callable[[list[Any]], None], actions: list[Any]) -> float:
    """Seconds per run: the best of 3 batches of runs lasting at least 0.2 s each."""
    runs = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(runs):
            case(actions)
        elapsed = time.perf_counter() - t0
        if elapsed >= 0.2:
            break
        runs *= 2
    best = elapsed / runs
    for _ in range(2):
        t0 = time.perf_counter()
        for _ in range(runs):
            case(actions)
        best = min(best, (time.perf_counter() - t0) / runs)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--start", type=int, default=500, help="decisions of the shortest game")
    parser.add_argument("--steps", type=int, default=3, help="doublings")
    parser.add_argument("--only", choices=list(CASES))
    args = parser.parse_args()
    lengths = [args.start * 2**i for i in range(args.steps + 1)]
    full = long_game(lengths[-1])
    if len(full) < lengths[-1]:
        print(f"the game ended after {len(full)} decisions")
        lengths = [n for n in lengths if n <= len(full)]
    print(f"{'case':<26}" + "".join(f"{n:>10} dec" for n in lengths) + "   ratios (x2 each)")
    for name, case in CASES.items():
        if args.only and name != args.only:
            continue
        times = [timed(case, full[:n]) for n in lengths]
        ratios = " ".join(f"{b / a:.2f}" for a, b in itertools.pairwise(times))
        print(f"{name:<26}" + "".join(f"{t * 1000:>11.1f} ms" for t in times)
              + f"   {ratios}  (load {os.getloadavg()[0]:.2f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
