"""Batch simulation: play bots against each other and get tidy pandas frames.

``play`` plays one game and returns a :class:`GameRecord` (its actions replay as a ``Match``);
``play_many`` plays many seeded games, locally through joblib or on a Dask cluster through
joblib's dask backend, and returns ``(games, turns)`` frames; ``sweep`` repeats ``play_many``
over a grid of rule options. Results never depend on ``n_jobs`` or the backend: game ``i`` of a
run with ``seed`` uses seed ``seed + i``, and every seat's bot draws from its own
``random.Random(f"marketlib:{game_seed}:{seat}")``.

Example:
    >>> from marketlib import monsoon
    >>> games, turns = play_many("monsoon", monsoon.Rules(players=2), ["greedy", "random"],
    ...                          n_games=2, seed=1)
    >>> list(games.columns[:8])
    ['game', 'seed', 'seat', 'bot', 'score', 'winner', 'ending', 'turns']
    >>> len(games)
    4
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist
from typing import Any

import msgspec
import pandas as pd  # type: ignore[import-untyped]

from marketlib.bots import Bot, make_bot
from marketlib.bots.heuristics import heuristic_for
from marketlib.core.game import GameModule, Outcome
from marketlib.core.match import Match, resolve_game

MAX_DECISIONS = 200_000
"""A game still running after this many decisions is stopped with ``RuntimeError``."""
GAME_COLUMNS = ["game", "seed", "seat", "bot", "score", "winner", "ending", "turns"]
"""The first columns of the ``games`` frame, in order (``players`` and ``rank`` follow)."""

BotSpec = Bot | str


@dataclass(frozen=True)
class GameRecord:
    """One finished game: enough to replay it, plus per-turn numbers for plots.

    Attributes:
        game: the game's name (``"monsoon"``).
        rules: the game's ``Rules``.
        seed: the setup seed.
        bots: each seat's bot class name.
        actions: every action played, in order.
        outcome: winners, scores (seals or RM) and ending.
        turns: turns played, the last (often a winning, unfinished) turn included.
        turn_rows: one dict per turn and seat (turn 0 is the setup): ``turn, seat, actions``
            (decisions the seat took that turn) and the heuristic's metrics (``score``, ...).
    """

    game: str
    rules: Any
    seed: int
    bots: tuple[str, ...]
    actions: tuple[Any, ...]
    outcome: Outcome
    turns: int
    turn_rows: tuple[dict[str, Any], ...]

    def to_match(self) -> Match:
        """The game as a :class:`~marketlib.core.match.Match` (for replay, save and widgets)."""
        return Match.replay(self.game, self.rules, self.seed, self.actions)

    def save(self, path: str | Path) -> Path:
        """Save as a ``Match`` file (``python -m marketlib replay FILE`` prints it)."""
        return self.to_match().save(path)


def _rules(game: GameModule, rules: Any) -> Any:
    if rules is None:
        return game.Rules()
    if isinstance(rules, Mapping):
        return msgspec.convert(dict(rules), game.Rules)
    return rules


def _seat_bots(bots: Sequence[BotSpec], players: int) -> list[BotSpec]:
    if not bots:
        raise ValueError("give at least one bot")
    return [bots[s % len(bots)] for s in range(players)]


def _fresh(bot: BotSpec) -> Bot:
    return make_bot(bot) if isinstance(bot, str) else copy.deepcopy(bot)


def play(game: str | GameModule, rules: Any, bots: Sequence[BotSpec], seed: int) -> GameRecord:
    """Play one game between ``bots`` (seat order; names or bot objects, cycled to fill seats).

    Every bot is copied first, so a bot object's memory never carries over between games.

    Raises:
        ValueError: no bots, or a bot chose an action that is not legal.
        RuntimeError: the game did not end within ``MAX_DECISIONS`` decisions.

    Example:
        >>> from marketlib import monsoon
        >>> rec = play("monsoon", monsoon.Rules(players=2), ["greedy", "random"], seed=3)
        >>> rec.bots, rec.outcome.ending.value
        (('GreedyBot', 'RandomBot'), 'seal_target')
    """
    module = resolve_game(game)
    rules = _rules(module, rules)
    heuristic = heuristic_for(module)
    state = module.setup(rules, seed)
    players = len(state.seats) if hasattr(state, "seats") else int(rules.players)
    seat_bots = [_fresh(b) for b in _seat_bots(bots, players)]
    rngs = [random.Random(f"marketlib:{seed}:{s}") for s in range(players)]
    actions: list[Any] = []
    rows: list[dict[str, Any]] = []
    taken = [0] * players

    def snapshot(turn: int) -> None:
        for s in range(players):
            rows.append({"turn": turn, "seat": s, "actions": taken[s],
                         **heuristic.metrics(state, s)})
        taken[:] = [0] * players

    turn = int(getattr(state, "turn", 0))
    snapshot(turn)
    while (result := module.outcome(state)) is None:
        if len(actions) >= MAX_DECISIONS:
            raise RuntimeError(f"game with seed {seed} did not end in {MAX_DECISIONS} decisions")
        seat = module.current_player(state)
        assert seat is not None
        legal = module.legal_actions(state)
        action = seat_bots[seat].choose(module.view(state, seat), legal, rngs[seat])
        if action not in legal:
            raise ValueError(f"{type(seat_bots[seat]).__name__} chose {action}, which is not "
                             "legal here")
        state = module.apply(state, action)
        actions.append(action)
        taken[seat] += 1
        now = int(getattr(state, "turn", turn))
        if now != turn or module.outcome(state) is not None:
            turn = max(now, turn + 1) if now == turn else now
            snapshot(turn)
    return GameRecord(
        game=module.GAME.name, rules=rules, seed=seed,
        bots=tuple(type(b).__name__ for b in seat_bots), actions=tuple(actions),
        outcome=result, turns=turn, turn_rows=tuple(rows),
    )


def _game_rows(index: int, rec: GameRecord) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    scores = rec.outcome.scores
    ranks = [1 + sum(o > sc for o in scores) for sc in scores]
    games = [
        {"game": index, "seed": rec.seed, "seat": s, "bot": rec.bots[s], "score": scores[s],
         "winner": s in rec.outcome.winners, "ending": rec.outcome.ending.value,
         "turns": rec.turns, "players": len(scores), "rank": ranks[s]}
        for s in range(len(scores))
    ]
    turns = [{"game": index, "seed": rec.seed, "bot": rec.bots[r["seat"]], **r}
             for r in rec.turn_rows]
    return games, turns


def _play_chunk(
    game: str, rules: Any, bots: Sequence[BotSpec], jobs: Sequence[tuple[int, int, int]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    games: list[dict[str, Any]] = []
    turns: list[dict[str, Any]] = []
    for index, game_seed, shift in jobs:
        order = [bots[(s + shift) % len(bots)] for s in range(len(bots))]
        g, t = _game_rows(index, play(game, rules, order, game_seed))
        games += g
        turns += t
    return games, turns


def _chunks(items: list[tuple[int, int, int]], size: int) -> Iterator[list[tuple[int, int, int]]]:
    for at in range(0, len(items), size):
        yield items[at : at + size]


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
        chunk_size: games per task (default: about 4 tasks per worker, at most 50 games).

    Returns:
        ``games``: one row per game and seat, columns ``game, seed, seat, bot, score, winner,
        ending, turns, players, rank`` (``winner`` is bool, shared wins included; ``score`` in
        the game's ``score_unit``). ``turns``: one row per turn (0 = setup) and seat, columns
        ``game, seed, bot, turn, seat, actions, score`` and the game's metrics (Monsoon: seals,
        cards, goods, orders, bonus_goods). Both carry ``attrs["marketlib"]`` (library version,
        game, rules, seeds, bots) which :func:`save_results` writes out.

    Raises:
        ValueError: ``n_games < 1``, no bots, or ``backend="dask"`` without a running Client.
    """
    if n_games < 1:
        raise ValueError("n_games must be at least 1")
    module = resolve_game(game)
    rules = _rules(module, rules)
    players = int(getattr(rules, "players", len(bots)))
    seat_bots = _seat_bots(bots, players)
    jobs = [(i, seed + i, i if rotate_seats else 0) for i in range(n_games)]
    workers = n_jobs if n_jobs > 0 else 2
    size = chunk_size or max(1, min(50, n_games // (4 * max(workers, 1)) or 1))
    tasks = list(_chunks(jobs, size))
    name = module.GAME.name
    results = _run(name, rules, seat_bots, tasks, n_jobs, backend, progress, n_games)
    game_rows = [r for g, _ in results for r in g]
    turn_rows = [r for _, t in results for r in t]
    games = pd.DataFrame(game_rows)
    games["winner"] = games["winner"].astype(bool)
    turns = pd.DataFrame(turn_rows)
    meta = _meta(module, rules, seat_bots, seed, n_games, rotate_seats)
    games.attrs["marketlib"] = meta
    turns.attrs["marketlib"] = meta
    return games, turns


def _run(
    name: str,
    rules: Any,
    bots: list[BotSpec],
    tasks: list[list[tuple[int, int, int]]],
    n_jobs: int,
    backend: str | None,
    progress: bool,
    n_games: int,
) -> list[tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    results = []
    with tqdm(total=n_games, disable=not progress, desc=f"{name} games", unit="game") as bar:
        for task, out in zip(tasks, _outputs(name, rules, bots, tasks, n_jobs, backend),
                             strict=True):
            results.append(out)
            bar.update(len(task))
    return results


def _outputs(
    name: str,
    rules: Any,
    bots: list[BotSpec],
    tasks: list[list[tuple[int, int, int]]],
    n_jobs: int,
    backend: str | None,
) -> Iterator[tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
    if n_jobs == 1 and backend is None:
        for task in tasks:
            yield _play_chunk(name, rules, bots, task)
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
        yield from parallel(delayed(_play_chunk)(name, rules, bots, t) for t in tasks)


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
    from marketlib import __version__

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
    base = _rules(module, base_rules)
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
    out = pd.concat(frames, ignore_index=True)
    out.attrs["marketlib"] = {**frames[0].attrs["marketlib"], "rules": msgspec.to_builtins(base),
                              "grid": {k: list(v) for k, v in grid.items()}}
    return out


def save_results(frame: pd.DataFrame, path: str | Path) -> Path:
    """Write a frame to Parquet (``.parquet``) or CSV (anything else) with its metadata.

    Parquet keeps ``frame.attrs`` in the file's metadata; CSV starts with one
    ``# marketlib: {...}`` comment line. :func:`load_results` reads either back.
    """
    target = Path(path)
    meta = frame.attrs.get("marketlib", {})
    if target.suffix == ".parquet":
        frame.to_parquet(target, index=False)
    else:
        with target.open("w", encoding="utf-8", newline="") as out:
            out.write(f"# marketlib: {json.dumps(meta, sort_keys=True)}\n")
            frame.to_csv(out, index=False)
    return target


def load_results(path: str | Path) -> pd.DataFrame:
    """Read a frame written by :func:`save_results`, with ``attrs["marketlib"]`` restored."""
    source = Path(path)
    if source.suffix == ".parquet":
        return pd.read_parquet(source)
    with source.open(encoding="utf-8") as f:
        first = f.readline()
        meta = json.loads(first.split(":", 1)[1]) if first.startswith("# marketlib:") else {}
        if not meta:
            f.seek(0)
        frame = pd.read_csv(f)
    frame.attrs["marketlib"] = meta
    return frame

def wilson_interval(wins: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes in ``n`` trials (fractions 0..1).

    Raises:
        ValueError: ``n < 1``, ``wins`` outside ``0..n`` or ``confidence`` outside (0, 1).

    Example:
        >>> [round(x, 3) for x in wilson_interval(8, 10)]
        [0.49, 0.943]
    """
    if n < 1 or not 0 <= wins <= n or not 0 < confidence < 1:
        raise ValueError("need n >= 1, 0 <= wins <= n and 0 < confidence < 1")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == n else min(1.0, centre + half)
    return low, high


def win_rates(games: pd.DataFrame, by: str | list[str] = "bot",
              confidence: float = 0.95) -> pd.DataFrame:
    """Win rate per group of the ``games`` frame with a Wilson confidence interval.

    Args:
        games: ``sim.play_many``'s first frame (columns ``winner`` and ``by``).
        by: the grouping column(s): ``"bot"``, ``"seat"`` or rule columns of a sweep.

    Returns:
        One row per group: ``by`` columns, ``games``, ``wins``, ``win_rate``, ``ci_low``,
        ``ci_high`` (fractions 0..1), ``mean_score``.
    """
    keys = [by] if isinstance(by, str) else list(by)
    rows = []
    for values, group in games.groupby(keys, sort=True):
        n, wins = len(group), int(group["winner"].sum())
        lo, hi = wilson_interval(wins, n, confidence)
        labels = values if isinstance(values, tuple) else (values,)
        rows.append({**dict(zip(keys, labels, strict=True)), "games": n, "wins": wins,
                     "win_rate": wins / n, "ci_low": lo, "ci_high": hi,
                     "mean_score": float(group["score"].mean())})
    return pd.DataFrame(rows)



__all__ = ["GAME_COLUMNS", "GameRecord", "load_results", "play", "play_many", "save_results",
           "sweep", "wilson_interval", "win_rates"]
