"""One task of a batch of games (issue 33, point 3): a chunk of one grid point's games, as it
travels to a worker (a joblib process or a Dask worker) and what the worker sends back.

A :class:`Task` is small: its grid point's number and a range of game indices, so planning
costs the client nothing per game and a task's message to a Dask scheduler is a few hundred
bytes. What all the tasks of a point share is its :class:`Setting`: the game, the rules, the
seated bots, the first seed and any custom card data *by content* (:func:`card_content`: the
parsed cards, never a path a remote worker may not have). The settings of a run travel once,
not with every task (on Dask as one task of their own whose result the tasks take as an
argument: :func:`marketlib.sim.submit.stream`). With ``out`` a task writes its ``games`` and
``turns`` as Parquet parts where it runs (:mod:`marketlib.sim.parts`) and sends back only row
counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
import pandas as pd  # type: ignore[import-untyped]

from marketlib.core import registry
from marketlib.core.cards import CardData, PinnedCardData
from marketlib.core.registry import GameEntry
from marketlib.sim import parts
from marketlib.sim.record import BotSpec, GameRecord, play, spell_out

GAME_COLUMNS = ["game", "seed", "seat", "bot", "score", "winner", "ending", "turns"]
"""The first columns of the ``games`` frame, in order (``players``, ``rank``, ``win_share``
and ``order`` follow: ``order`` is the seat's place in the order of play, 0 for the seat that
decided first, ``(seat - first) % players``)."""

RESULT_COLUMNS = [*GAME_COLUMNS, "players", "rank", "win_share", "order"]
"""Every column of the ``games`` frame, in order."""

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
    shares = rec.outcome.win_shares()
    n = len(scores)
    return [(index, rec.seed, s, rec.bots[s], score, s in winners, ending, rec.turns,
             n, rec.standings[s], shares[s], (s - rec.first) % n)
            for s, score in enumerate(scores)]


def play_chunk(
    game: str | GameEntry, rules: Any, bots: Sequence[BotSpec], jobs: Sequence[Job],
    any_time: bool = False,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``jobs`` and return their ``(games, turns)`` frames (one task).

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


Cards = tuple[Any, str]
"""Custom card data by content: ``(catalog, card digest)``."""


def card_content(rules: Any) -> Cards | None:
    """The cards of ``rules`` read now, to travel to the workers by content, or ``None`` for
    the shipped decks (every worker has them in the package) and rules without card data.

    Raises:
        CardDataError: a deck file is missing or broken (raised on the client, before any task
            is sent).
    """
    data = getattr(rules, "card_data", None)
    if not isinstance(data, CardData):
        return None
    catalog, digest = data.read()
    return None if digest == "" else (catalog, digest)


def with_cards(rules: Any, cards: Cards | None) -> Any:
    """A copy of ``rules`` that deals from ``cards`` (:class:`PinnedCardData`) and never reads
    its deck paths; ``rules`` itself when there is nothing to carry. The copy is new, so the
    caller's rules object keeps reading its files as they are now."""
    if cards is None or not isinstance(rules, msgspec.Struct):
        return rules
    fresh = msgspec.structs.replace(rules)
    vars(fresh)["card_data"] = PinnedCardData(*cards)  # what the cached property would hold
    return fresh


@dataclass(frozen=True)
class Setting:
    """What every task of one grid point shares, sent once per run: the point's game, rules,
    custom cards by content, seated bots and seed of game 0, the run's options, and the rule
    values (``columns``) a sweep adds to both frames. With ``out``, the frames are written as
    Parquet parts in that folder; else they are sent back (``turns`` only if ``keep_turns``).
    """

    game: GameEntry
    rules: Any
    cards: Cards | None
    bots: tuple[BotSpec, ...]
    seed: int
    rotate: bool
    any_time: bool = False
    columns: tuple[tuple[str, Any], ...] = ()
    out: str | None = None
    keep_turns: bool = True


@dataclass(frozen=True)
class Task:
    """Games ``first .. first + count - 1`` of grid point ``point`` (its chunk ``chunk``),
    played with the point's :class:`Setting`: game ``i`` uses seed ``setting.seed + i`` and,
    with ``setting.rotate``, seats the bots shifted by ``i``."""

    point: int
    chunk: int
    first: int
    count: int

    def jobs(self, setting: Setting) -> list[Job]:
        """The task's games as ``(index, seed, seat shift)``."""
        return [(i, setting.seed + i, i if setting.rotate else 0)
                for i in range(self.first, self.first + self.count)]


Output = tuple[pd.DataFrame, pd.DataFrame | None] | tuple[int, int]
"""What a task sends back: its ``(games, turns)`` frames, or with ``out`` their row counts."""


def run_task(task: Task, settings: Sequence[Setting]) -> Output:
    """Play ``task``'s games with its point's setting (``settings[task.point]``) where this
    runs (a worker) and write or return the frames."""
    setting = settings[task.point]
    rules = with_cards(setting.rules, setting.cards)
    games, turns = play_chunk(setting.game, rules, setting.bots, task.jobs(setting),
                              setting.any_time)
    games["winner"] = games["winner"].astype(bool)
    games["rank"] = games["rank"].astype("Int64")
    for name, value in setting.columns:
        games[name] = value
        turns[name] = value
    if setting.out is not None:
        parts.write(setting.out, task.point, task.chunk, games, turns)
        return len(games), len(turns)
    return games, (turns if setting.keep_turns else None)


__all__ = ["GAME_COLUMNS", "RESULT_COLUMNS", "Cards", "Job", "Output", "Setting", "Task",
           "card_content", "game_rows", "play_chunk", "run_task", "with_cards"]
