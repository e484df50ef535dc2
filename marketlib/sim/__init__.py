"""Batch simulation: play bots against each other and get tidy pandas frames.

``play`` plays one game and returns a :class:`GameRecord` (its actions replay as a ``Match``);
``play_many`` plays many seeded games, in this process, through joblib or on a Dask cluster
(``client=``), and returns ``(games, turns)`` frames, or writes them as Parquet parts where the
games are played (``out=``; ``load_parts`` reads them back); ``sweep`` plays the same over a
grid of rule options, every point's chunks in one flat list of tasks; ``save_results``/
``load_results`` keep frames in Parquet or CSV with their metadata, and ``win_rates``
summarises them. Results never depend on ``n_jobs``, the chunking, the backend or the number of
workers: game ``i`` of a run with ``seed`` uses seed ``seed + i`` (in a sweep, grid point ``p``
starts from :func:`marketlib.core.seeding.point_seed` (seed, p) unless ``common_seeds=True``),
and every seat's bot draws from its own stream :func:`marketlib.core.seeding.bot_rng` (game
seed, seat). Docs: "Simulation".

The parts: :mod:`marketlib.sim.record` (one game), :mod:`marketlib.sim.tasks` (one chunk of
games, as a worker plays it), :mod:`marketlib.sim.submit` (where tasks run),
:mod:`marketlib.sim.parts` (Parquet parts), :mod:`marketlib.sim.batch` (many games),
:mod:`marketlib.sim.grid` (rule sweeps), :mod:`marketlib.sim.results` (files and statistics).

Example:
    >>> from marketlib import monsoon
    >>> games, turns = play_many("monsoon", monsoon.Rules(players=2), ["greedy", "random"],
    ...                          n_games=2, seed=1)
    >>> list(games.columns[:8])
    ['game', 'seed', 'seat', 'bot', 'score', 'winner', 'ending', 'turns']
    >>> len(games)
    4
"""

from marketlib.sim.batch import GAME_COLUMNS, RESULT_COLUMNS, play_many
from marketlib.sim.grid import sweep
from marketlib.sim.record import MAX_DECISIONS, BotSpec, GameRecord, play
from marketlib.sim.results import (
    load_parts,
    load_results,
    mean_difference,
    mean_interval,
    mean_table,
    save_results,
    wilson_interval,
    win_rates,
)

__all__ = ["GAME_COLUMNS", "MAX_DECISIONS", "RESULT_COLUMNS", "BotSpec", "GameRecord",
           "load_parts", "load_results", "mean_difference", "mean_interval", "mean_table", "play",
           "play_many", "save_results", "sweep", "wilson_interval", "win_rates"]
