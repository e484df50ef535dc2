"""How long the teacher's dashboard takes to read a busy room again (issue 28, point 5).

    uv run --all-extras python benchmarks/dashboard_refresh.py [--tables 10] [--players 4]
        [--moves 100] [--repeat 30] [--seed 1]

It makes a Bansan room of ``--tables`` tables of ``--players`` seats (not started: no server,
as the dashboard reads the room itself), seats a random computer player in each table's last
seat, and plays ``--moves`` moves at every table: the people's seats a random legal action,
committed as a student's move is, the computer its own replies. Then it prints the median and
the best time of ``Dashboard.refresh()`` (what the page asks for every 3 seconds) and of
``room.status()`` over ``--repeat`` calls.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from marketlib.classroom import Room


def busy_room(folder: Path, tables: int, players: int, moves: int, seed: int) -> Room:
    """A room whose every table has played ``moves`` moves (a new game when one ends)."""
    room = Room("bansan", tables=tables, players=players, path=folder / "class.sqlite",
                seed=seed)
    rng = random.Random(seed)
    for table in room.tables:
        room.seat_computer(table.number, players - 1, "random")
        with table.lock:
            while table.match.cursor < moves:
                if table.match.outcome is not None:
                    table.new_game(seed + 1000 + table.index)
                    table.run_bots()
                    continue
                table.match.play(rng.choice(table.match.legal_actions()))
                table.run_bots()
    return room


def timed(call: object, repeat: int) -> tuple[float, float]:
    """The median and best milliseconds of ``repeat`` calls."""
    assert callable(call)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        room = busy_room(Path(folder), args.tables, args.players, args.moves, args.seed)
        played = sum(t.match.cursor for t in room.tables)
        dashboard = room.dashboard()
        refresh = timed(dashboard.refresh, args.repeat)
        status = timed(room.status, args.repeat)
        room.stop()
    print(f"{args.tables} tables x {args.players} seats, {played} moves in the current games")
    print(f"Dashboard.refresh(): median {refresh[0]:.2f} ms, best {refresh[1]:.2f} ms")
    print(f"room.status():       median {status[0]:.2f} ms, best {status[1]:.2f} ms")


if __name__ == "__main__":
    main()
