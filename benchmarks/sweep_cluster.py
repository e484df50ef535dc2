"""Random games on a 2-worker Dask cluster (issue 33, point 3): throughput, the client's
memory at several numbers of games, and the scaling from 1 to 2 workers.

Each run is ``play_many(..., client=client, out=folder)``: the workers play 2-player Monsoon
Market games between random bots and write each chunk's ``games`` and ``turns`` as Parquet
parts; the client plans the tasks lazily, keeps a few in flight and sends each as a message of
under 1 kB (the rules, bots and any custom cards go once per run, as a task of their own).
It prints:

* **the client's peak memory at each of ``--games``** (default 10,000, 25,000, 50,000 and
  100,000 games; 250 games a task, so 40 to 400 tasks), with games per second. By default
  (``--ladders subprocess``) the client runs beside a Dask ``SubprocessCluster``: the same 2
  single-thread worker processes as a ``LocalCluster``, and its scheduler in a process of its
  own, as on a real cluster. ``tracemalloc`` traces every Python allocation of the client
  process, every thread, from before the cluster is started (imports before that excluded);
  the figure is that process's peak traced memory during each run, and ``+`` how far that peak
  rose above what the process held just before the run. The process first runs
  ``--warm-tasks`` one-game tasks (default 2,500), because some structures a client process
  fills once and then only recycles grow with the first ~2,000 tasks it ever runs, then stop:
  Dask's log of the client's last ``distributed.admin.low-level-log-length`` messages (1,000
  by default; ``--dask-logs N``) and CPython 3.11's tuple free lists (Dask's pickling,
  ``tuple(generator)``, leaves one tuple a task in them, up to their cap of 2,000 per size). The
  warm-up's peak is printed too: that fill, with the first run's one-time costs (lazy imports).
* with ``--ladders local``, the same ladder on a ``LocalCluster``, whose scheduler runs in the
  client's process and is traced with it: the whole process, as the issue names it, not the
  client's share (so are dask-jobqueue's clusters, whose scheduler runs in your process too);
* games per second on a 1- and a 2-worker ``LocalCluster`` at ``--scaling-games`` (default
  5,000), their ratio, and for contrast the peak when that run returns its frames to the client
  instead (traced from the run's start).

Measured on 3 December 2026 on a 2-core machine shared with other jobs (the 1-minute load
average is printed with every figure; a rate or a ratio means little when it is above 2).
``uv run --all-extras python benchmarks/sweep_cluster.py`` printed (the client's peak, and ``+``
how far it rose during the run; scheduler in its own process)::

    games                        tasks   client peak    +         games/s   load
    warm-up: 2,500 one-game      2,500   4.75 MB        +3.94 MB     31.1   3.33
    10,000                          40   5.07 MB        +0.91 MB    195.7   3.04
    25,000                         100   4.75 MB        +0.62 MB    217.1   2.52
    50,000                         200   4.73 MB        +0.61 MB    152.4   5.92
    100,000                        400   4.64 MB        +0.58 MB    208.4   2.56

    LocalCluster, 5,000 games to Parquet: 1 worker 95.6 games/s (load 1.85), 2 workers
    179.6 games/s (load 1.96): scaling 1 -> 2 workers 1.88x (load 2.19); the same 5,000 games
    returned to the client as frames: peak 174.19 MB from the run's start (load 2.19)

and ``uv run --all-extras python benchmarks/sweep_cluster.py --ladders local --scaling-games 0``
(a ``LocalCluster``: the whole process, its scheduler included)::

    games                        tasks   process peak   +         games/s   load
    warm-up: 2,500 one-game      2,500   17.06 MB       +14.85 MB    34.0   2.32
    10,000                          40   17.01 MB       +0.91 MB    194.0   2.76
    25,000                         100   17.23 MB       +0.99 MB    198.4   2.81
    50,000                         200   17.91 MB       +1.30 MB    186.3   3.99
    100,000                        400   19.37 MB       +2.02 MB    110.1   5.06

The client's own peak does not grow with the number of games (4.6-5.1 MB from 10,000 to
100,000 games, the first run after the warm-up the highest). With the scheduler in the process
and Dask's defaults it does, slowly: +2.4 MB from 10,000 to 100,000 games. That is what the
scheduler keeps for Dask's diagnostics, which fills with time, not games: a machine sample
every 0.5 s (7,200 kept, an hour: ``distributed.admin.system-monitor.log-length``) and the last
1,000 messages of every connection (``distributed.admin.low-level-log-length``). With both short
(``--dask-logs 100 --monitor-samples 120``, the recipe in docs/simulation.md) the same
``LocalCluster`` process is flat; measured on 3 December 2026 (load 4-6, so games per second
are low)::

    games                        tasks   process peak   +         games/s   load
    warm-up: 2,500 one-game      2,500    9.92 MB       +7.71 MB     17.7   4.08
    10,000                          40   10.25 MB       +0.91 MB    117.1   4.67
    100,000                        400   10.24 MB       +0.86 MB     97.4   5.60

and in an earlier process of the same settings 10.23, 10.07 and 10.22 MB at 10,000, 25,000 and
50,000 games. What the scheduler still keeps per task is one ``{"type": "Future"}`` record in
its "default" span's metadata (about 0.2 kB a task, 400 tasks for 100,000 games).

What was found (``tracemalloc`` snapshots compared, ``compare_to(..., "traceback")``, between
runs of different sizes): nothing is kept per finished task in ``marketlib.sim`` (each future
is released, each output handed on); each task used to carry its point's rules, bots and game
entry (890 bytes pickled; 6.8 kB of graph with custom decks), in a message of 1.6 kB on the
wire kept in the client's and the scheduler's logs; now a task is four numbers, 355 bytes of
graph and 0.9 kB on the wire (``tests/sim/test_cluster.py`` checks it). What grows in the
client after that is Dask's and CPython's and stops: the message log and the free lists above.

Worker start-up is not timed (each cluster is warmed first).
Run: ``uv run --all-extras python benchmarks/sweep_cluster.py [--games 10000 25000 ...]
[--warm-tasks 2500] [--scaling-games 5000] [--ladders subprocess local] [--dask-logs N]
[--monitor-samples N]``.
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
from marketlib.sim import parts, play_many
from marketlib.sim.batch import chunk_size_for

RULES = monsoon.Rules(players=2)


def tasks(n_games: int, workers: int, chunk_size: int | None = None) -> int:
    """The number of tasks ``play_many`` makes (its default chunk size unless given)."""
    size = chunk_size_for(n_games, workers, chunk_size)
    return -(-n_games // size)


def load() -> str:
    return f"load {os.getloadavg()[0]:.2f}"


def timed(client: Any, n_games: int, out: Path | None, chunk_size: int | None = None) -> float:
    """Games per second of one run."""
    t0 = time.perf_counter()
    play_many("monsoon", RULES, ["random"], n_games, seed=1, client=client, out=out,
              chunk_size=chunk_size)
    return n_games / (time.perf_counter() - t0)


def traced(client: Any, n_games: int, out: Path | None,
           chunk_size: int | None = None) -> tuple[float, float, float]:
    """Games per second, the process's peak traced memory (MB) during one run, and that peak
    above the memory traced just before it (tracemalloc already tracing)."""
    before = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    rate = timed(client, n_games, out, chunk_size)
    peak = tracemalloc.get_traced_memory()[1]
    return rate, peak / 1e6, (peak - before) / 1e6


def ladder(cluster: Any, label: str, sizes: list[int], warm_tasks: int, folder: Path) -> None:
    """The client's peak at every size, in one client process traced from before its cluster
    was started (``cluster`` makes the cluster)."""
    from distributed import Client

    tracemalloc.start()
    with cluster() as made, Client(made) as client:
        if warm_tasks:
            rate, peak, grew = traced(client, warm_tasks, folder, chunk_size=1)
            print(f"{label}: warm-up, {warm_tasks:,} one-game tasks: client peak {peak:.2f} "
                  f"MB (+{grew:.2f}), {rate:,.1f} games/s ({load()})", flush=True)
        for n in sizes:
            rate, peak, grew = traced(client, n, folder)
            written = len(list((folder / "games").glob("part-*.parquet")))
            assert written == tasks(n, 2), written  # the parts are read back once, at the end
            print(f"{label}: {n:>7,} games, {tasks(n, 2):>4} tasks: client peak {peak:.2f} MB "
                  f"(+{grew:.2f}), {rate:,.1f} games/s ({load()})", flush=True)
    tracemalloc.stop()
    games, _ = parts.read(folder, "games")  # not the turns: 100,000 games' take about 2.6 GB
    assert len(games) == 2 * sizes[-1], len(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 25_000, 50_000, 100_000],
                        help="the numbers of games of the memory ladder")
    parser.add_argument("--warm-tasks", type=int, default=2500,
                        help="one-game tasks the client process runs before the ladder")
    parser.add_argument("--scaling-games", type=int, default=5000,
                        help="games for the 1- and 2-worker comparison and the returned-frames "
                             "contrast (0: skip them)")
    parser.add_argument("--ladders", nargs="+", choices=["subprocess", "local"],
                        default=["subprocess"],
                        help="the clusters of the memory ladder: 'subprocess' (the scheduler in "
                             "its own process: the client's memory) and 'local' (a "
                             "LocalCluster: the scheduler traced with the client)")
    parser.add_argument("--dask-logs", type=int, default=None, metavar="N",
                        help="distributed.admin.low-level-log-length: how many of their last "
                             "messages Dask's client, scheduler and workers keep (default "
                             "Dask's, 1,000)")
    parser.add_argument("--monitor-samples", type=int, default=None, metavar="N",
                        help="distributed.admin.system-monitor.log-length: how many of its "
                             "twice-a-second machine samples Dask's scheduler keeps (default "
                             "Dask's, 7,200: an hour)")
    args = parser.parse_args()
    if min(args.games) < 1 or args.warm_tasks < 0 or args.scaling_games < 0:
        parser.error("--games must be at least 1, --warm-tasks and --scaling-games at least 0")
    import dask
    from distributed import Client, LocalCluster
    from distributed.deploy.subprocess import SubprocessCluster

    if args.dask_logs is not None:
        dask.config.set({"distributed.admin.low-level-log-length": args.dask_logs})
    if args.monitor_samples is not None:
        dask.config.set({"distributed.admin.system-monitor.log-length": args.monitor_samples})
    logs = dask.config.get("distributed.admin.low-level-log-length")
    samples = dask.config.get("distributed.admin.system-monitor.log-length")
    print(f"{os.cpu_count()} cores, {load()}; 2-player Monsoon Market, random bots, written as "
          f"Parquet parts; Dask's low-level logs: {logs:,} entries; system monitor: "
          f"{samples:,} samples", flush=True)

    def local(workers: int = 2) -> Any:
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                            dashboard_address=None)

    def subprocess() -> Any:
        return SubprocessCluster(n_workers=2, threads_per_worker=1)

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "results"
        if "subprocess" in args.ladders:
            ladder(subprocess, "scheduler in its own process", args.games, args.warm_tasks,
                   folder)
        if "local" in args.ladders:
            ladder(local, "LocalCluster, scheduler in this process", args.games,
                   args.warm_tasks, folder)
        small = args.scaling_games
        if small:
            rates = {}
            for workers in (1, 2):
                with local(workers) as cluster, Client(cluster) as client:
                    timed(client, 50 * workers, folder)  # warm the workers and their caches
                    rates[workers] = timed(client, small, folder)
                    print(f"LocalCluster, {workers} worker(s), {small:,} games to Parquet: "
                          f"{rates[workers]:,.1f} games/s ({load()})", flush=True)
                    if workers == 2:
                        tracemalloc.start()
                        rate, peak, _ = traced(client, small, None)
                        tracemalloc.stop()
                        print(f"LocalCluster, 2 workers, {small:,} games returned to the client: "
                              f"{rate:,.1f} games/s, peak {peak:.2f} MB traced from the run's "
                              f"start ({load()})", flush=True)
            print(f"scaling 1 -> 2 workers at {small:,} games: {rates[2] / rates[1]:.2f}x "
                  f"({rates[1]:,.1f} -> {rates[2]:,.1f} games/s; {load()})")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"client process max RSS over the whole script: {rss:.0f} MB")


if __name__ == "__main__":
    main()
