"""Many seeded games: :func:`play_many`, in this process, through joblib or on a Dask cluster
(issue 33, point 3).

A run is one flat list of tasks (:class:`~marketlib.sim.tasks.Task`: a chunk of one grid
point's games, named by numbers only), planned as they are submitted by
:mod:`marketlib.sim.submit`, with the grid points' settings
(:class:`~marketlib.sim.tasks.Setting`) sent once for the whole run; finished chunks stream back
as they complete (a progress bar counts them) and are put back in order. Each task sends back
two small pandas frames built where the games were played, or with ``out`` writes them there as
Parquet parts (:mod:`marketlib.sim.parts`) so the client never holds the turns. Game ``i`` of a
run with ``seed`` uses seed ``seed + i`` and seats its bots shifted by ``i`` when seats rotate,
so the frames never depend on ``n_jobs``, the chunking, the backend or the number of workers.
Custom card data travels by content, in the settings (:func:`~marketlib.sim.tasks.card_content`).
"""

from __future__ import annotations

import contextlib
import operator
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

import msgspec
import pandas as pd  # type: ignore[import-untyped]

from marketlib.bots.base import label_of
from marketlib.core import registry
from marketlib.core.game import GameModule
from marketlib.core.registry import GameEntry, resolve_game
from marketlib.core.seeding import check_seed
from marketlib.sim import parts, submit
from marketlib.sim.record import BotSpec, check_games, resolve_rules, seat_bots
from marketlib.sim.tasks import (
    GAME_COLUMNS,
    RESULT_COLUMNS,
    Cards,
    Job,
    Output,
    Setting,
    Task,
    card_content,
    game_rows,
    play_chunk,
    run_task,
)


def every_ending() -> list[str]:
    """Every registered game's endings (each declares its own, issue 28), the games in
    registration order and each game's in its ``GameInfo.endings`` order, each value once."""
    found: dict[str, None] = {}
    for name in registry.names():
        found.update((e.value, None) for e in resolve_game(name).GAME.endings)
    return list(found)


ENDINGS = pd.CategoricalDtype(every_ending())
"""Every ending of the games registered when :mod:`marketlib.sim` is imported: the dtype of the
``ending`` column of a frame whose game is not known (see :func:`endings_dtype`, which also
counts games registered later)."""

def endings_dtype(game: str | GameModule | None) -> pd.CategoricalDtype:
    """The dtype of a results frame's ``ending`` column: the ways ``game`` can end, its
    :attr:`GameInfo.endings <marketlib.core.game.GameInfo>` in order (Monsoon: ``seal_target``,
    ``orders_exhausted``, ``stalemate``, ``turn_limit``; Bansan: ``money``, ``collective_loss``,
    ``solo_win``, ``solo_loss``), so a Bansan frame never lists a Monsoon ending. A game that is
    not given or not registered gets every registered game's endings (:func:`every_ending`).
    """
    try:
        module = None if game is None else resolve_game(game)
    except (ValueError, TypeError):
        module = None
    if module is None:
        return pd.CategoricalDtype(every_ending())
    return pd.CategoricalDtype([e.value for e in module.GAME.endings])


def categorize(frame: pd.DataFrame, game: str | GameModule | None = None) -> pd.DataFrame:
    """Give the ``bot`` and ``ending`` columns (where present) the ``category`` dtype, and
    ``rank`` the nullable integer dtype (missing where nobody won), in place; returns ``frame``.

    ``ending`` takes the categories of :func:`endings_dtype` for ``game``, or when it is not
    given, for the game named in ``frame.attrs["marketlib"]["game"]``.

    Raises:
        ValueError: an ending that is not one of the game's (the message gives its row).
    """
    if "bot" in frame.columns:
        frame["bot"] = frame["bot"].astype(str).astype(
            pd.CategoricalDtype(sorted(frame["bot"].astype(str).unique())))
    if "ending" in frame.columns:
        if game is None:
            game = frame.attrs.get("marketlib", {}).get("game")
        dtype = endings_dtype(game)
        endings = frame["ending"].astype(str)
        unknown = (~endings.isin(dtype.categories)).to_numpy().nonzero()[0]
        if len(unknown):
            row = int(unknown[0])
            raise ValueError(f"row {row}: ending {endings.iloc[row]!r} is not one of "
                             f"{', '.join(dtype.categories)}")
        frame["ending"] = endings.astype(dtype)
    if "rank" in frame.columns:
        frame["rank"] = frame["rank"].astype("Int64")
    return frame


def chunk_size_for(n_games: int, workers: int, chunk_size: int | None) -> int:
    """Games per task: ``chunk_size``, or by default about four tasks per worker for the whole
    run (at most 250 games each), so the progress bar moves and no worker waits long for the
    last task.

    Raises:
        ValueError: ``chunk_size < 1``.
    """
    if chunk_size is None:
        chunk_size = max(1, min(250, n_games // (4 * max(1, workers))))
    if chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    return chunk_size


def chunks(jobs: list[Job], n_jobs: int, chunk_size: int | None) -> list[list[Job]]:
    """``jobs`` cut into tasks of :func:`chunk_size_for` games (``n_jobs`` workers; ``-1``
    counts as 2).

    Raises:
        ValueError: ``chunk_size < 1``.
    """
    size = chunk_size_for(len(jobs), n_jobs if n_jobs > 0 else 2, chunk_size)
    return [jobs[at : at + size] for at in range(0, len(jobs), size)]


@dataclass(frozen=True)
class Point:
    """One grid point of a run: its rules, its seated bots, the seed of its game 0, its rule
    values (the columns a sweep adds) and its custom cards by content
    (:func:`~marketlib.sim.tasks.card_content`, read once by the client)."""

    rules: Any
    bots: tuple[BotSpec, ...]
    seed: int
    columns: tuple[tuple[str, Any], ...] = ()
    cards: Cards | None = None


def settings(game: GameEntry, points: Sequence[Point], *, rotate_seats: bool, any_time: bool,
             out: str | None, keep_turns: bool) -> tuple[Setting, ...]:
    """Every point's :class:`~marketlib.sim.tasks.Setting`, in point order: what its tasks
    share, sent once for the run."""
    return tuple(Setting(game=game, rules=point.rules, cards=point.cards, bots=point.bots,
                         seed=point.seed, rotate=rotate_seats, any_time=any_time,
                         columns=point.columns, out=out, keep_turns=keep_turns)
                 for point in points)


def plan(n_points: int, n_games: int, size: int) -> Iterator[Task]:
    """The flat list of tasks, made one at a time as they are submitted: every point's games
    cut into chunks of ``size``, point by point."""
    for p in range(n_points):
        for c, first in enumerate(range(0, n_games, size)):
            yield Task(point=p, chunk=c, first=first, count=min(size, n_games - first))


SEED_COLUMN = (-(2**63), 2**63 - 1)
"""The seeds a results frame's ``seed`` column holds exactly (``int64``)."""


def check_frame_seeds(first: int, n_games: int) -> None:
    """Refuse a run whose game seeds, ``first`` to ``first + n_games - 1``, do not all fit the
    frames' ``seed`` column (:data:`SEED_COLUMN`): pandas would store them as floats or
    objects, and a row would no longer replay its game (helper-105: ``seed=2**63 - 2`` wrote
    ``9.223372e+18`` for three games, and ``2**70`` could not be saved as Parquet).

    Raises:
        ValueError: a seed out of range, naming the range (a single ``Match`` takes any seed).
    """
    low, high = SEED_COLUMN
    last = first + n_games - 1
    if first < low or last > high:
        raise ValueError(f"the game seeds {first} to {last} do not all fit a results frame's "
                         f"seed column ({low} to {high}, int64), so a row could not replay its "
                         f"game: for {n_games} game(s) choose a seed from {low} to "
                         f"{high - n_games + 1} (a single Match takes any seed)")


def run_points(
    module: GameModule, points: Sequence[Point], n_games: int, meta: dict[str, Any], *,
    rotate_seats: bool = True, n_jobs: int = 1, backend: str | None = None, client: Any = None,
    progress: bool = False, chunk_size: int | None = None, any_time: bool = False,
    out: str | Path | None = None, keep_turns: bool = True,
) -> list[Output]:
    """Play ``n_games`` games at every point as one flat list of tasks and return the tasks'
    outputs in task order (point by point, chunk by chunk), streamed in as they finish. With
    ``out``, the tasks write their parts and ``meta`` in that folder and nothing is returned
    (an empty list): the client then holds no task's output, and plans and submits the tasks
    a few at a time (:func:`marketlib.sim.submit.stream`; the points' settings are sent once),
    so its memory does not grow with the number of games. Used by :func:`play_many` and
    :func:`~marketlib.sim.sweep`."""
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    for name, flag in (("rotate_seats", rotate_seats), ("any_time", any_time),
                       ("progress", progress)):
        if type(flag) is not bool:  # "no" is true: seats were rotated (helper-82)
            raise TypeError(f"{name} is True or False, not {flag!r}")
    if isinstance(n_jobs, bool) or not hasattr(type(n_jobs), "__index__") or (
            operator.index(n_jobs) == 0):  # numpy integers too, as for a seed
        raise ValueError(f"n_jobs is a number of processes (1, 2, ...) or -1 for every core "
                         f"(-2 for all but one), not {n_jobs!r}")
    n_jobs = operator.index(n_jobs)
    for point in points:
        check_frame_seeds(point.seed, n_games)
    clocked = sorted({label_of(b) for p in points for b in p.bots
                      if not isinstance(b, str) and getattr(b, "seconds", None) is not None})
    if clocked:  # helper-105: two runs with seed=3 differed, and nothing said why
        warnings.warn(f"{', '.join(clocked)} stops by the clock, so these games depend on the "
                      "machine's speed and load and the frames will not replay: give it "
                      "iterations= instead for a run that does", stacklevel=3)
    entry = registry.entry_of(module)
    with contextlib.ExitStack() as stack:
        if client is not None or backend == "dask":
            client = stack.enter_context(submit.dask_client(client))
        size = chunk_size_for(n_games * len(points), submit.workers(n_jobs, backend, client),
                              chunk_size)
        per_point = -(-n_games // size)
        folder = None if out is None else parts.prepare(out, meta, per_point * len(points))
        shared = settings(entry, points, rotate_seats=rotate_seats, any_time=any_time,
                          out=folder, keep_turns=keep_turns)
        results: dict[int, Output] = {}
        with tqdm(total=n_games * len(points), disable=not progress,
                  desc=f"{entry.name} games", unit="game") as bar:
            for k, output in submit.stream(run_task, plan(len(points), n_games, size), shared,
                                           n_jobs, backend, client):
                if folder is None:
                    results[k] = output
                bar.update(min(size, n_games - (k % per_point) * size))
    return [results[k] for k in range(len(results))]


def finish(games: pd.DataFrame, turns: pd.DataFrame | None, game: str | GameModule | None,
           meta: dict[str, Any]) -> None:
    """Give the frames of a run their dtypes (:func:`categorize`) and metadata, in place."""
    games["winner"] = games["winner"].astype(bool)
    categorize(games, game)
    games.attrs["marketlib"] = meta
    if turns is not None:
        categorize(turns, game)
        turns.attrs["marketlib"] = meta


@overload
def play_many(game: str | GameModule, rules: Any, bots: Sequence[BotSpec], n_games: int,
              seed: int = ..., rotate_seats: bool = ..., n_jobs: int = ...,
              backend: str | None = ..., *, progress: bool = ..., chunk_size: int | None = ...,
              any_time: bool = ..., client: Any = ..., out: None = ...,
              ) -> tuple[pd.DataFrame, pd.DataFrame]: ...


@overload
def play_many(game: str | GameModule, rules: Any, bots: Sequence[BotSpec], n_games: int,
              seed: int = ..., rotate_seats: bool = ..., n_jobs: int = ...,
              backend: str | None = ..., *, progress: bool = ..., chunk_size: int | None = ...,
              any_time: bool = ..., client: Any = ..., out: str | Path) -> Path: ...


def play_many(
    game: str | GameModule,
    rules: Any,
    bots: Sequence[BotSpec],
    n_games: int,
    seed: int = 0,
    rotate_seats: bool = True,
    n_jobs: int = 1,
    backend: str | None = None,
    *,
    progress: bool = False,
    chunk_size: int | None = None,
    any_time: bool = False,
    client: Any = None,
    out: str | Path | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame] | Path:
    """Play ``n_games`` seeded games and return ``(games, turns)`` frames.

    Args:
        game: ``"monsoon"``, ``"bansan"`` or a game module.
        rules: the game's ``Rules`` (a dict of options, or ``None`` for the defaults). Custom
            deck files are read once, here, and their cards travel to the workers by content
            (once per run, with the run's settings), so a worker never needs the files (docs:
            "Simulation").
        bots: bots (names or objects) in seat order, cycled to fill every seat.
        n_games: games to play; game ``i`` uses seed ``seed + i``.
        rotate_seats: game ``i`` shifts the bots ``i`` seats, so each bot plays every seat.
        n_jobs: joblib workers (``-1``: all cores). Results do not depend on it.
        backend: a joblib backend name (``None``: loky for ``n_jobs != 1``; any backend
            registered with joblib, e.g. Ray's ``"ray"``); ``"dask"`` submits to the running
            ``dask.distributed`` Client.
        progress: show a tqdm progress bar, moved as each chunk finishes (off by default).
        chunk_size: games per task (default: about 4 tasks per worker, at most 250 games).
        any_time: bots with an ``any_time`` hook also act out of turn, as on a board
            (``sim.play``; Bansan's Rent & Release on another vendor's turn, A-B-60, and the
            trades of bots that deal, ``GreedyBot(deals=True)``, B-ANY-02).
        client: a ``distributed.Client`` or a Dask scheduler's address
            (``"tcp://10.0.0.5:8786"``): the tasks run on that cluster (no ``backend`` needed).
        out: a folder: every task writes its ``games`` and ``turns`` there as Parquet parts,
            where it runs (:mod:`marketlib.sim.parts`), and ``play_many`` returns the folder's
            path instead of the frames; :func:`~marketlib.sim.load_parts` reads them back. On a
            cluster, a folder every worker and the client reach under the same path.

    Returns:
        ``games``: one row per game and seat, columns ``game, seed, seat, bot, score, winner,
        ending, turns, players, rank, win_share, order`` (``order``: the seat's place in the
        order of play, 0 for the seat that decided first). ``score`` is in the game's ``score_unit``
        (seals or RM). The result columns follow the engine's ``outcome`` and ``standings``,
        tie-breakers included, never the score alone: ``winner`` (bool) is true for every seat
        of a shared win; ``rank`` (nullable ``Int64``) is 1 exactly for the winners, the other
        seats are placed by the game's ranking keys with equal keys sharing a place, and it is
        missing for every seat where nobody won (``ending`` ``collective_loss`` or
        ``solo_loss``); ``win_share`` is 1/k for each of k winners, else 0, so it sums to 1 in
        every game that someone won. ``bot`` and ``ending`` have the ``category`` dtype.
        ``turns``: one row per turn (0 = setup) and seat, columns ``game, seed, bot, turn,
        seat, actions, score`` and the game's metrics (Monsoon: seals, cards, goods, orders,
        bonus_goods). Both carry ``attrs["marketlib"]`` (library version, game, rules, seeds,
        bots) which :func:`~marketlib.sim.save_results` writes out. With ``out``: the folder.

    Raises:
        ValueError: ``n_games < 1``, no bots, or ``backend="dask"`` without a running Client.
        CardDataError: a custom deck file is missing or broken (before any game is played).

    Example:
        >>> from marketlib import monsoon
        >>> games, turns = play_many("monsoon", monsoon.Rules(players=2), ["greedy", "random"],
        ...                          n_games=2, seed=1)
        >>> games[["seat", "bot", "winner"]].values.tolist()
        [[0, 'GreedyBot', True], [1, 'RandomBot', False], [0, 'RandomBot', False], [1, 'GreedyBot', True]]
    """  # noqa: E501
    n_games = check_games(n_games)
    seed = check_seed(seed)
    module = resolve_game(game)
    rules = resolve_rules(module, rules)
    players = int(getattr(rules, "players", len(bots)))
    seated = seat_bots(bots, players)
    cards = card_content(rules)
    meta = _meta(module, rules, seated, seed, n_games, rotate_seats, cards)
    meta["any_time"] = any_time
    point = Point(rules=rules, bots=tuple(seated), seed=seed, cards=cards)
    outputs = run_points(module, [point], n_games, meta, rotate_seats=rotate_seats,
                         n_jobs=n_jobs, backend=backend, client=client, progress=progress,
                         chunk_size=chunk_size, any_time=any_time, out=out)
    if out is not None:
        return Path(out)
    frames = outputs
    games = pd.concat([g for g, _ in frames], ignore_index=True)
    turns = pd.concat([t for _, t in frames], ignore_index=True)
    finish(games, turns, module, meta)
    return games, turns


def _meta(module: GameModule, rules: Any, bots: Sequence[BotSpec], seed: int, n_games: int,
          rotate: bool, cards: Cards | None = None) -> dict[str, Any]:
    from marketlib.core.version import __version__

    return {
        "library_version": __version__,
        "game": module.GAME.name,
        "rules_version": module.GAME.rules_version,
        "rules": msgspec.to_builtins(rules),
        **({"cards": cards[1]} if cards else {}),
        "seed": seed,
        "seeds": [seed, seed + n_games - 1],
        "n_games": n_games,
        "rotate_seats": rotate,
        "bots": [b if isinstance(b, str) else repr(b) for b in bots],
    }


__all__ = ["ENDINGS", "GAME_COLUMNS", "RESULT_COLUMNS", "Point", "categorize", "chunk_size_for",
           "chunks", "endings_dtype", "every_ending", "finish", "game_rows", "play_chunk",
           "play_many", "run_points"]
