"""Many seeded games: :func:`play_many`, locally through joblib or on a Dask cluster.

Games are played in chunks (several games per joblib task), and each task sends back two small
pandas frames built where the games were played, so the parent only concatenates them. Game
``i`` of a run with ``seed`` uses seed ``seed + i`` and seats its bots shifted by ``i`` when
seats rotate, so the frames never depend on ``n_jobs``, the chunking or the backend.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

import msgspec
import pandas as pd  # type: ignore[import-untyped]

from marketlib.core import registry
from marketlib.core.game import GameModule
from marketlib.core.registry import GameEntry, resolve_game
from marketlib.sim.record import BotSpec, GameRecord, play, resolve_rules, seat_bots, spell_out

GAME_COLUMNS = ["game", "seed", "seat", "bot", "score", "winner", "ending", "turns"]
"""The first columns of the ``games`` frame, in order (``players``, ``rank`` and ``win_share``
follow)."""

RESULT_COLUMNS = [*GAME_COLUMNS, "players", "rank", "win_share"]
"""Every column of the ``games`` frame, in order."""



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

Job = tuple[int, int, int]
"""One game to play: ``(index, seed, seat shift)``."""


def game_rows(index: int, rec: GameRecord) -> list[tuple[Any, ...]]:
    """The ``games`` rows of one record, one per seat (the columns of ``RESULT_COLUMNS``).

    ``winner``, ``rank`` and ``win_share`` come from the engine's outcome and standings, never
    from the scores alone: a seat that lost on a tie-breaker has ``winner=False`` and rank 2 or
    worse; the seats of a shared win all have rank 1 and share the win equally; where nobody won
    (a failed Kenduri, a lost Sendiri game) ``rank`` is missing (``None``) for every seat.
    """
    scores = rec.outcome.scores
    winners = rec.outcome.winners
    ending = rec.outcome.ending.value
    share = 1.0 / len(winners) if winners else 0.0
    return [(index, rec.seed, s, rec.bots[s], score, s in winners, ending, rec.turns,
             len(scores), rec.standings[s], share if s in winners else 0.0)
            for s, score in enumerate(scores)]


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


def play_chunk(
    game: str | GameEntry, rules: Any, bots: Sequence[BotSpec], jobs: Sequence[Job],
    any_time: bool = False,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``jobs`` and return their ``(games, turns)`` frames (one joblib task).

    ``game`` may be a registry entry, which a worker process registers first: a game a user
    registered in the notebook plays in the workers too.
    """
    if isinstance(game, GameEntry):
        if game.name not in registry.names():
            registry.register(game)
        game = game.name
    games: list[tuple[Any, ...]] = []
    turns: list[tuple[Any, ...]] = []
    columns: tuple[str, ...] = ()
    for index, game_seed, shift in jobs:
        order = [bots[(s + shift) % len(bots)] for s in range(len(bots))]
        rec = play(game, rules, order, game_seed, any_time=any_time)
        games += game_rows(index, rec)
        columns = columns or rec.turn_columns
        turns += spell_out(rec.turn_ends, index, game_seed, labels=rec.bots)
    games_frame = pd.DataFrame.from_records(games, columns=RESULT_COLUMNS)
    turns_frame = pd.DataFrame.from_records(turns, columns=["game", "seed", "bot", *columns])
    return games_frame, turns_frame


def chunks(jobs: list[Job], n_jobs: int, chunk_size: int | None) -> list[list[Job]]:
    """``jobs`` cut into tasks: ``chunk_size`` games each, or by default about four tasks per
    worker (at most 250 games each), so the progress bar moves and no worker waits long for the
    last task.

    Raises:
        ValueError: ``chunk_size < 1``.
    """
    if chunk_size is None:
        workers = n_jobs if n_jobs > 0 else 2
        chunk_size = max(1, min(250, len(jobs) // (4 * workers)))
    if chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    return [jobs[at : at + chunk_size] for at in range(0, len(jobs), chunk_size)]


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
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``n_games`` seeded games and return ``(games, turns)`` frames.

    Args:
        game: ``"monsoon"``, ``"bansan"`` or a game module.
        rules: the game's ``Rules`` (a dict of options, or ``None`` for the defaults).
        bots: bots (names or objects) in seat order, cycled to fill every seat.
        n_games: games to play; game ``i`` uses seed ``seed + i``.
        rotate_seats: game ``i`` shifts the bots ``i`` seats, so each bot plays every seat.
        n_jobs: joblib workers (``-1``: all cores). Results do not depend on it.
        backend: a joblib backend name (``None``: loky for ``n_jobs != 1``); ``"dask"`` runs on
            the active ``dask.distributed`` Client.
        progress: show a tqdm progress bar (off by default).
        chunk_size: games per task (default: about 4 tasks per worker, at most 250 games).
        any_time: bots with an ``any_time`` hook also act out of turn, as on a board
            (``sim.play``; Bansan's Rent & Release on another vendor's turn, A-B-60, and the
            trades of bots that deal, ``GreedyBot(deals=True)``, B-ANY-02).

    Returns:
        ``games``: one row per game and seat, columns ``game, seed, seat, bot, score, winner,
        ending, turns, players, rank, win_share``. ``score`` is in the game's ``score_unit``
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
        bots) which :func:`~marketlib.sim.save_results` writes out.

    Raises:
        ValueError: ``n_games < 1``, no bots, or ``backend="dask"`` without a running Client.

    Example:
        >>> from marketlib import monsoon
        >>> games, turns = play_many("monsoon", monsoon.Rules(players=2), ["greedy", "random"],
        ...                          n_games=2, seed=1)
        >>> games[["seat", "bot", "winner"]].values.tolist()
        [[0, 'GreedyBot', True], [1, 'RandomBot', False], [0, 'RandomBot', False], [1, 'GreedyBot', True]]
    """  # noqa: E501
    if n_games < 1:
        raise ValueError("n_games must be at least 1")
    module = resolve_game(game)
    rules = resolve_rules(module, rules)
    players = int(getattr(rules, "players", len(bots)))
    seated = seat_bots(bots, players)
    jobs = [(i, seed + i, i if rotate_seats else 0) for i in range(n_games)]
    tasks = chunks(jobs, n_jobs if backend is None else max(n_jobs, 2), chunk_size)
    parts = _run(registry.entry_of(module), rules, seated, tasks, n_jobs, backend, progress,
                 n_games, any_time)
    games = pd.concat([g for g, _ in parts], ignore_index=True)
    turns = pd.concat([t for _, t in parts], ignore_index=True)
    games["winner"] = games["winner"].astype(bool)
    categorize(games, module)
    categorize(turns, module)
    meta = _meta(module, rules, seated, seed, n_games, rotate_seats)
    meta["any_time"] = any_time
    games.attrs["marketlib"] = meta
    turns.attrs["marketlib"] = meta
    return games, turns


def _run(
    game: GameEntry,
    rules: Any,
    bots: list[BotSpec],
    tasks: list[list[Job]],
    n_jobs: int,
    backend: str | None,
    progress: bool,
    n_games: int,
    any_time: bool = False,
) -> list[tuple[pd.DataFrame, pd.DataFrame]]:
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    results = []
    with tqdm(total=n_games, disable=not progress, desc=f"{game.name} games",
              unit="game") as bar:
        for task, out in zip(tasks, _outputs(game, rules, bots, tasks, n_jobs, backend,
                                             any_time), strict=True):
            results.append(out)
            bar.update(len(task))
    return results


def _outputs(
    game: GameEntry,
    rules: Any,
    bots: list[BotSpec],
    tasks: list[list[Job]],
    n_jobs: int,
    backend: str | None,
    any_time: bool = False,
) -> Iterator[tuple[pd.DataFrame, pd.DataFrame]]:
    if n_jobs == 1 and backend is None:
        for task in tasks:
            yield play_chunk(game, rules, bots, task, any_time)
        return
    from joblib import (  # type: ignore[import-untyped]
        Parallel,
        delayed,
        parallel_config,
    )

    if backend == "dask":
        _require_dask_client()
        n_jobs = -1 if n_jobs == 1 else n_jobs
    context = parallel_config(backend=backend) if backend else contextlib.nullcontext()
    with context:
        parallel = Parallel(n_jobs=n_jobs, return_as="generator")
        yield from parallel(delayed(play_chunk)(game, rules, bots, t, any_time) for t in tasks)


def _require_dask_client() -> None:
    try:
        from distributed import get_client
    except ImportError:  # pragma: no cover - dask is in the analysis extra
        raise ValueError("backend='dask' needs dask.distributed installed") from None
    try:
        get_client()
    except ValueError:
        raise ValueError("backend='dask' needs a running dask.distributed Client: "
                         "client = distributed.Client(cluster) first") from None


def _meta(module: GameModule, rules: Any, bots: Sequence[BotSpec], seed: int, n_games: int,
          rotate: bool) -> dict[str, Any]:
    from marketlib.core.version import __version__

    return {
        "library_version": __version__,
        "game": module.GAME.name,
        "rules_version": module.GAME.rules_version,
        "rules": msgspec.to_builtins(rules),
        "seed": seed,
        "seeds": [seed, seed + n_games - 1],
        "n_games": n_games,
        "rotate_seats": rotate,
        "bots": [b if isinstance(b, str) else repr(b) for b in bots],
    }


__all__ = ["ENDINGS", "GAME_COLUMNS", "RESULT_COLUMNS", "categorize", "chunks", "endings_dtype",
           "every_ending", "game_rows", "play_chunk", "play_many"]
