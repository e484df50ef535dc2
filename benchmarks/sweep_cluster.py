"""Random games on a 2-worker Dask ``LocalCluster`` (issue 33, point 3): throughput, the client's
memory, and the scaling from 1 to 2 workers.

Each run is ``play_many(..., client=client, out=folder)``: the workers play 2-player Monsoon
Market games between random bots and write each chunk's ``games`` and ``turns`` as Parquet
parts, so the client only plans tasks and counts rows. It prints:

* games per second on 2 workers at ``--games`` (default 5,000; ``--games 100000`` is the issue's
  full size), and at a smaller size, ``--scaling-games`` (default a quarter of ``--games``);
* the client's peak memory (``tracemalloc``: Python allocations of the client process, every
  thread included) at both sizes, with the number of tasks: with Parquet parts the client holds
  no frame, plans tasks lazily and keeps only a window of them in flight, so its own share does
  not grow with the number of games. A ``LocalCluster`` runs its *scheduler* in the client
  process, though, and the scheduler's bookkeeping (transition log, task-prefix statistics,
  system monitor) is counted too: about 11-19 kB per task here; on a real cluster the
  scheduler is another process. The client's own share is Dask's too: its ``BatchedSend``
  keeps the last ``distributed.admin.low-level-log-length`` messages it sent (1,000 by
  default, each a task's pickled graph; ``--dask-logs N`` sets it). Measured on 3 December
  2026 with the scheduler in a subprocess (``distributed.deploy.subprocess.SubprocessCluster``)
  and that log at 50, 2 games per task: the client's peak 0.87, 0.98 and 1.18 MB at 100, 400
  and 1,600 tasks, against 1.01, 2.11, 4.23 and 8.24 MB at 100 to 3,200 tasks with Dask's
  default (what grows until the log is full). For contrast, the peak of the same smaller run
  returning the frames to the client;
* games per second on a 1-worker cluster at the smaller size, and the ratio 2 workers / 1.

Worker start-up is not timed (each cluster is warmed first). The machine may be shared: the
1-minute load average is printed with every figure, and a ratio means little when it is above
the number of cores.
Run: ``uv run --all-extras python benchmarks/sweep_cluster.py [--games 5000] [--scaling-games N]``.
The issue's full size with a quick scaling check:
``uv run --all-extras python benchmarks/sweep_cluster.py --games 100000 --scaling-games 2500``
(the returned frames of 25,000 games would need about 0.9 GB in the client).
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from marketlib import monsoon
from marketlib.sim import load_parts, play_many
from marketlib.sim.batch import chunk_size_for

RULES = monsoon.Rules(players=2)


def tasks(n_games: int, workers: int) -> int:
    """The number of tasks ``play_many`` makes (its default chunk size)."""
    size = chunk_size_for(n_games, workers, None)
    return -(-n_games // size)


def run(client: Any, n_games: int, out: Path | None) -> tuple[float, float]:
    """Games per second and the client's peak traced memory (MB) of one run."""
    tracemalloc.start()
    t0 = time.perf_counter()
    play_many("monsoon", RULES, ["random"], n_games, seed=1, client=client, out=out)
    wall = time.perf_counter() - t0
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return n_games / wall, peak


def load() -> str:
    return f"load {os.getloadavg()[0]:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--dask-logs", type=int, default=None, metavar="N",
                        help="bound Dask's logs for developers to N entries "
                             "(distributed.admin.low-level-log-length: the client's and the "
                             "scheduler's recent messages, the scheduler's transition log); "
                             "default: Dask's, 1,000")
    parser.add_argument("--scaling-games", type=int, default=None,
                        help="games for the 1- and 2-worker comparison and the returned-frames "
                             "contrast (default: a quarter of --games)")
    args = parser.parse_args()
    if args.games < 1 or (args.scaling_games is not None and args.scaling_games < 1):
        parser.error("--games and --scaling-games must be at least 1")
    import dask
    from distributed import Client, LocalCluster

    if args.dask_logs is not None:
        dask.config.set({"distributed.admin.low-level-log-length": args.dask_logs})

    big = args.games
    small = args.scaling_games if args.scaling_games is not None else max(1, args.games // 4)
    logs = dask.config.get("distributed.admin.low-level-log-length")
    print(f"{os.cpu_count()} cores, {load()}; 2-player Monsoon Market, random bots; Dask's "
          f"low-level logs: {logs:,} entries", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "results"
        rates = {}
        for workers in (2, 1):
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:
                run(client, 50 * workers, folder)  # warm the workers and their caches
                rate, peak_small = run(client, small, folder)
                rates[workers] = rate
                print(f"{workers} worker(s), {small:,} games to Parquet: {rate:,.1f} games/s, "
                      f"client peak {peak_small:.2f} MB, {tasks(small, workers)} tasks ({load()})",
                      flush=True)
                if workers == 1:
                    continue
                rate, peak_big = run(client, big, folder)
                games, turns = load_parts(folder)
                assert len(games) == 2 * big, len(games)
                print(f"2 workers, {big:,} games to Parquet: {rate:,.1f} games/s, client peak "
                      f"{peak_big:.2f} MB, {tasks(big, 2)} tasks ({len(turns):,} turn rows on "
                      f"disk; {load()})", flush=True)
                del games, turns
                rate_mem, peak_mem = run(client, small, None)
                print(f"2 workers, {small:,} games returned to the client: {rate_mem:,.1f} "
                      f"games/s, client peak {peak_mem:.2f} MB ({load()})", flush=True)
    print(f"scaling 1 -> 2 workers at {small:,} games: {rates[2] / rates[1]:.2f}x "
          f"({rates[1]:,.1f} -> {rates[2]:,.1f} games/s; {load()})")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"client process max RSS over the whole script: {rss:.0f} MB")


if __name__ == "__main__":
    main()
