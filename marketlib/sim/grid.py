"""Rule sweeps: :func:`sweep` repeats :func:`~marketlib.sim.play_many` over a grid of rule
values and stacks the ``games`` frames with one column per rule option."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
import pandas as pd  # type: ignore[import-untyped]

from marketlib.core.game import GameModule
from marketlib.core.registry import resolve_game
from marketlib.sim.batch import categorize, play_many
from marketlib.sim.record import BotSpec, resolve_rules


def sweep(
    game: str | GameModule,
    base_rules: Any,
    grid: Mapping[str, Sequence[Any]],
    bots: Sequence[BotSpec],
    n_games: int,
    seed: int = 0,
    **options: Any,
) -> pd.DataFrame:
    """Run :func:`play_many` for every combination of rule values in ``grid``.

    Args:
        grid: rule option -> values, e.g. ``{"seal_target": [10, 15], "players": [2, 3]}``.
        options: passed on to :func:`play_many` (``n_jobs``, ``backend``, ``progress``...).

    Returns:
        The ``games`` frames of every combination stacked, with one column per rule option.

    Raises:
        ValueError: an option is not a rule of the game, or a value is out of range.

    Example:
        >>> from marketlib import monsoon
        >>> df = sweep("monsoon", monsoon.Rules(), {"seal_target": [5, 8]}, ["greedy"], 1)
        >>> sorted(df["seal_target"].unique().tolist())
        [5, 8]
    """
    module = resolve_game(game)
    base = resolve_rules(module, base_rules)
    keys = list(grid)
    frames = []
    for values in itertools.product(*(grid[k] for k in keys)):
        changes = dict(zip(keys, values, strict=True))
        try:
            rules = msgspec.convert({**msgspec.to_builtins(base), **changes}, module.Rules)
        except msgspec.ValidationError as err:
            raise ValueError(f"bad rule values {changes}: {err}") from None
        games, _ = play_many(module, rules, bots, n_games, seed, **options)
        for k, v in changes.items():
            games[k] = v
        frames.append(games)
    out = categorize(pd.concat(frames, ignore_index=True), module)
    out.attrs["marketlib"] = {**frames[0].attrs["marketlib"], "rules": msgspec.to_builtins(base),
                              "grid": {k: list(v) for k, v in grid.items()}}
    return out


__all__ = ["sweep"]
