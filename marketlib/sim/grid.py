"""Rule sweeps: :func:`sweep` plays the same line-up at every point of a grid of rule values,
all points' games submitted as one flat list of tasks (issue 33, point 3), and stacks the
``games`` frames with one column per rule option.

Seeds: grid point ``p`` (its place in ``itertools.product`` order over the grid) plays its game
``i`` with seed ``point_seed(seed, p) + i`` (:func:`marketlib.core.seeding.point_seed`), so
every point deals its own games; ``common_seeds=True`` gives every point the same game seeds,
``seed + i`` (common random numbers, for paired comparisons between points).
"""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, overload

import msgspec
import numpy as np
import pandas as pd  # type: ignore[import-untyped]

from marketlib.core.game import GameModule
from marketlib.core.options import rules_from
from marketlib.core.registry import resolve_game
from marketlib.core.seeding import check_seed, point_seed
from marketlib.sim.batch import Point, _meta, finish, play_many, run_points
from marketlib.sim.record import BotSpec, check_games, resolve_rules, rule_value, seat_bots
from marketlib.sim.tasks import card_content

OPTIONS = tuple(name for name in inspect.signature(play_many).parameters
                if name not in ("game", "rules", "bots", "n_games", "seed", "out"))
"""The options :func:`sweep` passes on as :func:`~marketlib.sim.play_many` takes them (read
from its signature: one list)."""


@overload
def sweep(game: str | GameModule, base_rules: Any, grid: Mapping[str, Sequence[Any]],
          bots: Sequence[BotSpec], n_games: int, seed: int = ..., *,
          common_seeds: bool = ..., out: None = ..., **options: Any) -> pd.DataFrame: ...


@overload
def sweep(game: str | GameModule, base_rules: Any, grid: Mapping[str, Sequence[Any]],
          bots: Sequence[BotSpec], n_games: int, seed: int = ..., *,
          common_seeds: bool = ..., out: str | Path, **options: Any) -> Path: ...


def sweep(
    game: str | GameModule,
    base_rules: Any,
    grid: Mapping[str, Sequence[Any]],
    bots: Sequence[BotSpec],
    n_games: int,
    seed: int = 0,
    *,
    common_seeds: bool = False,
    out: str | Path | None = None,
    **options: Any,
) -> pd.DataFrame | Path:
    """Play ``n_games`` games for every combination of rule values in ``grid``.

    Every point's games are cut into chunks and submitted together, so no point waits for
    another's slowest chunk; the frames are the same whatever the backend, chunking and
    number of workers.

    Args:
        grid: rule option -> values, e.g. ``{"seal_target": [10, 15], "players": [2, 3]}``.
            The points are numbered in ``itertools.product`` order (the last option varies
            fastest), from 0.
        seed: point ``p`` plays game ``i`` with seed ``point_seed(seed, p) + i``
            (:func:`marketlib.core.seeding.point_seed`): independent games at every point.
        common_seeds: every point plays game ``i`` with seed ``seed + i``, as
            :func:`~marketlib.sim.play_many` would: the same deals (common random numbers) at
            every point, for a paired comparison of the points (each game's difference
            between two points cancels the luck of the deal).
        out: a folder: the tasks write each chunk's ``games`` and ``turns`` there as Parquet
            parts, with the rule columns, and ``sweep`` returns the folder's path;
            :func:`~marketlib.sim.load_parts` reads the frames back.
        options: as :func:`~marketlib.sim.play_many`: ``rotate_seats``, ``n_jobs``,
            ``backend``, ``client``, ``progress``, ``chunk_size``, ``any_time``.

    Returns:
        The ``games`` frames of every point stacked, point by point, with ``point`` (the grid
        point's number) and one column per rule option (:func:`column_values`: a list value
        as its JSON text; values of several kinds, or ``None``, as text);
        ``attrs["marketlib"]`` adds ``grid``, ``common_seeds`` and ``point_seeds`` (each
        point's seed of game 0). With ``out``: the folder.

    Raises:
        ValueError: an option is not a rule of the game, or a value is out of range.

    Example:
        >>> from marketlib import monsoon
        >>> df = sweep("monsoon", monsoon.Rules(), {"seal_target": [5, 8]}, ["greedy"], 1)
        >>> sorted(df["seal_target"].unique().tolist())
        [5, 8]
        >>> df.attrs["marketlib"]["point_seeds"] == [point_seed(0, 0), point_seed(0, 1)]
        True
    """
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:  # before anything is played; not run_points' TypeError (helper-82: n_job=2)
        raise TypeError(f"sweep() got an unknown option {unknown[0]!r}; its options are "
                        f"common_seeds, out, {', '.join(OPTIONS)}")
    n_games = check_games(n_games)
    seed = check_seed(seed)
    module = resolve_game(game)
    base = resolve_rules(module, base_rules)
    keys = list(grid)
    if not keys:
        raise ValueError("grid is empty: give at least one rule option and its values, e.g. "
                         "{'seal_target': [15, 30]}")
    for key in keys:
        values = grid[key]
        if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__len__") or (
                len(values) == 0):
            raise ValueError(f"grid[{key!r}] must be a non-empty list of values, not {values!r}")
        twice = [v for i, v in enumerate(values) if v in list(values)[:i]]
        if twice:
            raise ValueError(f"grid[{key!r}] names {twice[0]!r} twice: each value is one point "
                             "of the sweep (more games per point: n_games)")
    if type(common_seeds) is not bool:  # "no" is true (helper-83)
        raise TypeError(f"common_seeds is True or False, not {common_seeds!r}")
    shown = {k: column_values(grid[k]) for k in keys}  # each value as its column holds it
    points = []
    for p, picks in enumerate(itertools.product(*(range(len(grid[k])) for k in keys))):
        changes = {k: _plain(grid[k][i]) for k, i in zip(keys, picks, strict=True)}
        try:
            rules = rules_from(module.Rules, {**msgspec.to_builtins(base), **changes})
        except ValueError as err:
            raise ValueError(f"bad rule values {changes}: {err}") from None
        players = int(getattr(rules, "players", len(bots)))
        columns = (("point", p), *((k, shown[k][i]) for k, i in zip(keys, picks, strict=True)))
        points.append(Point(rules=rules, bots=tuple(seat_bots(bots, players)),
                            seed=seed if common_seeds else point_seed(seed, p),
                            columns=columns, cards=card_content(rules)))
    rotate = options.pop("rotate_seats", True)
    first = points[0]
    meta = {**_meta(module, first.rules, first.bots, seed, n_games, rotate, first.cards),
            "rules": msgspec.to_builtins(base),  # each value as the Rules hold it, as a saved
            "grid": {k: [rule_value(module.Rules, msgspec.to_builtins(base), k, _plain(v))  # run
                         for v in grid[k]] for k in keys},  # reads it back (restored)
            "common_seeds": common_seeds, "point_seeds": [p.seed for p in points],
            "any_time": options.get("any_time", False)}
    if not common_seeds:
        del meta["seeds"]
    outputs = run_points(module, points, n_games, meta, rotate_seats=rotate, out=out,
                         keep_turns=False, **options)
    if out is not None:
        return Path(out)
    games = pd.concat([g for g, _ in outputs], ignore_index=True)
    finish(games, None, module, meta)
    return games


def column_value(value: Any) -> Any:
    """A rule value as a sweep's column holds it: a number, text or truth value as it is; a
    list of values (``market_prices``, ``star_sources``) as its JSON text, ``"[1,1,2,1,1,2]"``,
    one label per point that can be grouped, charted and saved to Parquet (a list in a
    column cannot be grouped, and comes back from Parquet as an array).

    Example:
        >>> column_value(15), column_value((2, 2, 4)), column_value(["FV", "MT"])
        (15, '[2,2,4]', '["FV","MT"]')
    """
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return value
    return msgspec.json.encode(value).decode()


def column_values(values: Sequence[Any]) -> list[Any]:
    """One rule option's grid values as its column holds them (:func:`column_value`), all as
    text when they are of several kinds or one is ``None`` (``first_player`` over ``[0,
    "random"]`` could not be saved to Parquet, and pandas groups leave a ``None`` point out,
    helper-83): ``"0"``, ``"random"``, ``"None"``.

    Example:
        >>> column_values([0, "random"]), column_values([10, 15]), column_values([None, 30])
        (['0', 'random'], [10, 15], ['None', '30'])
    """
    shown = [column_value(_plain(v)) for v in values]
    if len({type(v) for v in shown}) > 1 or any(v is None for v in shown):
        return [v if isinstance(v, str) else str(v) for v in shown]
    return shown


def _plain(value: Any) -> Any:
    """A grid value as the rules take it: a numpy number as Python's (``np.arange(5, 9)``)."""
    return value.item() if isinstance(value, np.generic) else value


__all__ = ["column_value", "column_values", "sweep"]
