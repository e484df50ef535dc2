"""Batch simulation: play bots against each other and get tidy pandas frames.

``play`` plays one game and returns a :class:`GameRecord` (its actions replay as a ``Match``);
``play_many`` plays many seeded games, locally through joblib or on a Dask cluster through
joblib's dask backend, and returns ``(games, turns)`` frames; ``sweep`` repeats ``play_many``
over a grid of rule options; ``save_results``/``load_results`` keep frames in Parquet or CSV
with their metadata, and ``win_rates`` summarises them. Results never depend on ``n_jobs`` or
the backend: game ``i`` of a run with ``seed`` uses seed ``seed + i``, and every seat's bot
draws from its own stream :func:`marketlib.core.seeding.bot_rng` (game seed, seat).

The parts: :mod:`marketlib.sim.record` (one game), :mod:`marketlib.sim.batch` (many games),
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
    load_results,
    mean_difference,
    mean_interval,
    mean_table,
    save_results,
    wilson_interval,
    win_rates,
)

__all__ = ["GAME_COLUMNS", "MAX_DECISIONS", "RESULT_COLUMNS", "BotSpec", "GameRecord",
           "load_results", "mean_difference", "mean_interval", "mean_table", "play", "play_many",
           "save_results", "sweep", "wilson_interval", "win_rates"]
