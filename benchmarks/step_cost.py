"""Random play, in CPU instructions per step, against an older commit (issue 28: "random-play
decisions per second must not drop").

Wall-clock rates on a shared machine move by 10-30% from one minute to the next
(``benchmarks/anchors.py`` divides them by OpenSpiel's games to steady them); a change of a few
percent in the engine's cost is below that noise. The number of instructions a process runs
does not depend on the machine's load, so this script counts them: Valgrind's ``callgrind``
runs the same uniformly random games (seeds 0 to ``--games - 1``, ``legal_actions``, a seeded
``random.Random`` choice, ``apply``) once with ``--games`` games and once with none, and the
difference divided by the steps played is the cost of one step, imports excluded. Each tree is
run the same way: this checkout's package (copied, uncommitted changes included) and
``--against`` (a commit, checked out into a temporary ``git worktree``), side by side at paths
of the same length (a tree's path alone moved its count by about 1.5%), with a fixed
``PYTHONHASHSEED`` (string hashing changes dict probing) and the same interpreter and packages;
the steps played must be equal (the same games), else the script stops. The count still moves
by a few tenths of a percent with things no change of code decides (the hash of each string, so
dictionary probing), so each tree is counted under several ``PYTHONHASHSEED`` values and the
mean is compared.

``--measure refresh`` counts a board's refresh instead (``board_refresh.py``'s click path):
the deciding seat's ``SeatSession.refresh`` after each of 300 random moves of Bansan at 2, 3
and 4 seats (two seeded games of 150 moves), less the same moves without the refreshes.
``--measure boards`` counts every seat's board redrawn after each of the same moves (a
classroom table's boards), per move.

Needs Valgrind (``apt-get install valgrind``; Debian's). Takes about 1-2 minutes per tree and
game on an idle machine, more under load (the count does not change).

Measured on 3 December 2026, 15:30-16:10 UTC (``--measure both --hash-seeds 0 1``, against
7f5efbb, the tree before issue 28; 4 games)::

    instructions per step
    game        count                   7f5efbb                 this tree   change
    monsoon 2p    601   168,814 (168,814-168,815)   168,836 (168,827-168,846)     0.0%
    bansan 4p     913   228,861 (228,702-229,021)   219,267 (219,018-219,515)    -4.2%
    instructions per board refresh
    bansan 2p     300 3,609,485 (3,605,320-3,613,649) 1,266,235 (1,265,480-1,266,990) -64.9%
    bansan 3p     300 4,056,439 (4,052,383-4,060,495) 1,361,848 (1,361,071-1,362,625) -66.4%
    bansan 4p     300 4,264,037 (4,259,660-4,268,415) 1,466,337 (1,465,472-1,467,201) -65.6%

Against cf5da40 (before that afternoon's refresh work; ``--measure refresh --hash-seeds 0``,
a run before the trees were put at paths of the same length) a refresh measured 1,482,926 ->
1,290,406 (2 seats, -13.0%), 1,609,620 -> 1,379,421 (3, -14.3%) and 1,771,422 -> 1,491,172
(4, -15.8%), with three of its commits still to come. Before the paths were
equal, the same trees at other paths differed by about 1.5% (Monsoon 171,293 -> 170,113 in
one run, 168,865 -> 168,601 in another).

Bansan's random games are no longer those of 7f5efbb: rule fixes changed what is legal (B-BUY-07,
71a237b: a vendor may spend all its money on picks; A-B-60, a7d9b64: R&R in the middle of one's
own BUY or SELL), so ``--measure step --against 7f5efbb`` stops at Bansan ("the trees played
different games"); compare the step against a later commit. On 5 December 2026 (``--measure
both --hash-seeds 0 --against HEAD``, 81cee07) a Bansan 4-seat step was 220,620 instructions
and a refresh 695,461 / 780,736 / 848,232 at 2 / 3 / 4 seats: 3.2 / 3.5 / 3.8 steps of 4
seats, where ``board_refresh.py``'s wall-clock medians read 4.7 / 5.7 / 5.6: a refresh runs
more slowly per instruction than a step (without the previews it asks for between refreshes,
its 4-seat median was about 8% lower; the rest is not explained here).

Run: ``uv run --all-extras python benchmarks/step_cost.py [--against 7f5efbb] [--games 4]
[--measure step|refresh|both|boards]``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = (("monsoon", 2), ("bansan", 4))

PLAY = """
import random, sys
from marketlib import bansan, monsoon
name, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = {"bansan": bansan, "monsoon": monsoon}[name]
rules = game.Rules(players=players)
steps = 0
for seed in range(games):
    rng = random.Random(seed)
    state = game.setup(rules, seed)
    while game.outcome(state) is None:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        steps += 1
print("steps", steps)
"""

REFRESH = """
import random, sys
from marketlib import bansan
from marketlib.core.match import Match
from marketlib.widgets import table_of
from marketlib.widgets.session import SeatSession, TableSession
name, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
refreshes = 0
for seed in (1, 2):  # the same moves with games > 0 or 0: only the refreshes differ
    match = Match(name, bansan.Rules(players=players), seed=seed)
    shared = TableSession(table_of(name), match)
    seats = [SeatSession(shared, s, hot_seat=False) for s in range(shared.players)]
    rng = random.Random(seed)
    for _ in range(150):
        if match.outcome is not None:
            match.reset(match.seed + 1)
        if games:
            seats[match.current_player].refresh()
            refreshes += 1
        match.play(rng.choice(match.legal_actions()))
print("steps", refreshes)
"""
BOARDS = REFRESH.replace("seats[match.current_player].refresh()",
                         "[seat.refresh() for seat in seats]")
"""``--measure boards``: every seat's board redrawn after each move, as a classroom table's
are (counted per move)."""
REFRESH_SETTINGS = (("bansan", 2), ("bansan", 3), ("bansan", 4))
"""``--measure refresh``: the deciding seat's board redrawn after each of 300 random moves (two
seeded games of 150 moves, as ``board_refresh.py`` times them), less the same moves without."""


def instructions(tree: Path, name: str, players: int, games: int, script: Path,
                 hash_seed: int) -> tuple[int, int]:
    """(instructions, steps) of one callgrind run of ``games`` games with ``tree``'s marketlib.

    ``python -S`` skips the site hooks, so the environment's editable install of this checkout
    cannot shadow ``tree``; its packages come back through ``PYTHONPATH``, after ``tree``."""
    site = sysconfig.get_paths()["purelib"]
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed),
           "PYTHONPATH": f"{tree}{os.pathsep}{site}"}
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-S",
         str(script), name, str(players), str(games)],
        cwd=script.parent, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    steps = re.search(r"steps (\d+)", run.stdout)
    if found is None or steps is None:
        raise SystemExit(f"callgrind printed no count for {tree} {name}:\n{run.stderr[-2000:]}")
    return int(found.group(1)), int(steps.group(1))


def per_step(tree: Path, name: str, players: int, games: int, script: Path,
             hash_seeds: list[int]) -> tuple[list[float], int]:
    """Instructions per step (the games minus the imports alone) under each hash seed, and the
    steps played."""
    costs = []
    for seed in hash_seeds:
        base, _ = instructions(tree, name, players, 0, script, seed)
        total, steps = instructions(tree, name, players, games, script, seed)
        costs.append((total - base) / steps)
    return costs, steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", default="7f5efbb",
                        help="the older commit (default: the tree before issue 28)")
    parser.add_argument("--games", type=int, default=4, help="random games per setting")
    parser.add_argument("--hash-seeds", type=int, nargs="+", default=[0, 1, 2],
                        help="PYTHONHASHSEED values; the figure is the mean over them")
    parser.add_argument("--measure", choices=("step", "refresh", "both", "boards"),
                        default="step",
                        help="a random step (default), a board refresh after a move, or both; "
                             "boards: every seat's board redrawn after each move")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    if shutil.which("valgrind") is None:
        print("Valgrind is not installed (apt-get install valgrind); nothing measured.")
        return 0
    measures = ([m for m in ("step", "refresh") if args.measure in (m, "both")]
                or [args.measure])
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old),
                        args.against], check=True, capture_output=True)
        # this checkout's package (uncommitted changes included) beside it, at a path of the
        # same length: a tree's path alone moved its count by about 1.5%
        new = Path(tmp) / "new"
        shutil.copytree(ROOT / "marketlib", new / "marketlib",
                        ignore=shutil.ignore_patterns("__pycache__"))
        try:
            for measure in measures:
                script = Path(tmp) / f"{measure}.py"
                script.write_text({"step": PLAY, "refresh": REFRESH, "boards": BOARDS}[measure])
                settings = SETTINGS if measure == "step" else REFRESH_SETTINGS
                games = args.games if measure == "step" else 1
                unit = {"step": "step", "refresh": "board refresh",
                        "boards": "move, every board redrawn"}[measure]
                print(f"instructions per {unit}, the mean over PYTHONHASHSEED {args.hash_seeds} "
                      "(min-max beside it)")
                print(f"{'game':<12}{'count':>6}{args.against:>26}{'this tree':>26}"
                      f"{'change':>9}")
                for name, players in settings:
                    before, steps_old = per_step(old, name, players, games, script,
                                                 args.hash_seeds)
                    after, steps = per_step(new, name, players, games, script,
                                            args.hash_seeds)
                    if steps != steps_old:
                        raise SystemExit(f"{name}: the trees played different games "
                                         f"({steps_old} and {steps} {unit}s): compare "
                                         "instructions of equal games")
                    b, a = statistics.mean(before), statistics.mean(after)
                    print(f"{f'{name} {players}p':<12}{steps:>6}{b:>10,.0f} "
                          f"({min(before):,.0f}-{max(before):,.0f}){a:>10,.0f} "
                          f"({min(after):,.0f}-{max(after):,.0f})"
                          f"{(a / b - 1) * 100:>8.1f}%", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           check=False, capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
