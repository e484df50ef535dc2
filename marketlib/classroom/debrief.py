"""The debrief of a class experiment: treatments side by side (issue 31, point 5).

``room.compare("money")`` answers "did the fine change what vendors ended with?" from the
class's own finished games: per treatment the mean with its 95% interval, the difference from
the first treatment with its interval and a permutation test, and the same tables played by
computer players (same rules, same seeds) as a baseline.

The unit of the experiment is the table (treatments are given to tables, and the seats of a
table are not independent of each other), so intervals and tests are worked out on table means;
the seat-level mean is shown beside them. Intervals are Student's t (Welch's for a difference);
the p-value is a two-sided permutation test of the difference of means over the tables
(``scipy.stats.permutation_test``, exact when the tables are few, seeded otherwise).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec
import numpy as np
import pandas as pd  # type: ignore[import-untyped]
from scipy import stats  # type: ignore[import-untyped]

from marketlib.core.game import score_unit

if TYPE_CHECKING:
    from marketlib.classroom.room import Room

ALIASES = {"money": "RM", "seals": "seals"}
"""Words for the score a teacher may use: ``"money"`` in Bansan (RM), ``"seals"`` in Monsoon."""


class Comparison(msgspec.Struct, frozen=True, kw_only=True):
    """What :func:`compare` found.

    Attributes:
        column: the column compared, as asked (``"money"`` compares ``score``).
        treatments: one row per treatment: ``treatment``, ``tables``, ``seats``, ``mean``
            (over seats), ``table_mean`` (over table means), ``low``/``high`` (its 95%
            interval), ``computers`` (the same tables played by computer players).
        differences: one row per treatment after the first: ``treatment``, ``versus``,
            ``difference`` (of table means), ``low``/``high`` (95%, Welch), ``p_value``
            (permutation test), ``computers`` (the computer players' difference); the
            interval and the test are ``nan`` when a treatment has fewer than two tables.
        tables: one row per finished table game: ``treatment``, ``table``, ``game``, ``mean``
            (the class), ``computers`` (the baseline's mean for the same rules and seed).
        predictions: in a room that asked a question (issue 31, point 2), every answer
            (``room.predictions()``), and ``treatments`` gains ``prediction``: the mean answer
            of the students at that treatment's tables (a number question), or the most given
            option (a choice question), beside the outcome; ``None`` otherwise.
    """

    column: str
    treatments: Any
    differences: Any
    tables: Any
    predictions: Any = None

    def chart(self) -> Any:
        """One altair chart a class reads from the back of the room: each treatment's mean
        with its interval (the class) and the computer players' mean beside it."""
        from marketlib.charts import comparison_chart

        return comparison_chart(self)


def _column(room: Room, column: str, games: pd.DataFrame) -> str:
    match = room.tables[0].match
    unit = score_unit(match.game, match.rules)  # "": a Sendiri total, not money (helper-84)
    if column in ALIASES:
        if ALIASES[column] != unit:
            raise ValueError(f"{column!r} is not what {room.game} scores "
                             f"({unit or 'money + Deck cards'}); use 'score' or one of "
                             f"{sorted(games.columns)}")
        return "score"
    if column not in games.columns or not pd.api.types.is_numeric_dtype(games[column]):
        numeric = sorted(c for c in games.columns if pd.api.types.is_numeric_dtype(games[c]))
        raise ValueError(f"no numeric column {column!r} in room.results(); compare one of "
                         f"{numeric}, or 'money'/'seals' for the score")
    return column


def _interval(values: Sequence[float]) -> tuple[float, float]:
    if len(values) < 2:
        return math.nan, math.nan
    low, high = stats.t.interval(0.95, len(values) - 1, loc=float(np.mean(values)),
                                 scale=stats.sem(values))
    return float(low), float(high)


def _baseline(room: Room, rows: pd.DataFrame, column: str, bot: str) -> dict[int, float]:
    """The computer players' mean of ``column`` for each game id of ``rows``: the same rules
    and seed, every seat played by ``bot``."""
    from marketlib.sim import play_many

    out = {}
    count = len(room.tables)
    for game_id, group in rows.groupby("game"):
        table = room.tables[int(game_id) % count]
        rules = room.treatments[table.treatment]
        seed = int(group["seed"].iloc[0])
        games, _ = play_many(room.game, rules, [bot], n_games=1, seed=seed,
                             rotate_seats=False)
        out[int(game_id)] = float(games[column].mean())
    return out


def _predicted(answers: pd.DataFrame, kind: str, treatment: str) -> Any:
    """The students' answer at ``treatment``'s tables: the mean (a number question) or the
    most given option (a choice), ``nan`` / ``""`` when none answered."""
    given = answers.loc[answers["treatment"] == treatment, "answer"]
    if kind == "number":
        return float(given.astype(float).mean()) if len(given) else math.nan
    return str(given.mode().iloc[0]) if len(given) else ""


def compare(room: Room, column: str = "score", *, computers: str = "greedy",
            seed: int = 0) -> Comparison:
    """The class's treatments compared on ``column`` (see the module's docstring).

    Args:
        room: a room with treatments (a room of one rule set has one treatment: its means only).
        column: a numeric column of ``room.results()`` (``"score"``, ``"rank"``,
            ``"win_share"``, ``"turns"``...), or ``"money"`` (Bansan) / ``"seals"`` (Monsoon)
            for the score.
        computers: the computer player of the baseline (every seat; ``None``-free name).
        seed: seeds the permutation test when the tables are too many to try every split.

    Raises:
        ValueError: no finished game yet, or no such numeric column.
    """
    games = room.results()
    if games.empty:
        raise ValueError("no table has finished a game yet: compare after the games end")
    asked, column = column, _column(room, column, games)
    baseline = _baseline(room, games, column, computers)
    tables = (games.groupby(["game", "table", "treatment"], observed=True)[column].mean()
              .rename("mean").reset_index())
    tables["computers"] = tables["game"].map(baseline)
    names = [n for n in room.treatments if n in set(tables["treatment"])]
    rows = []
    for name in names:
        means = tables.loc[tables["treatment"] == name, "mean"].tolist()
        low, high = _interval(means)
        seats = games[games["treatment"] == name]
        rows.append({"treatment": name, "tables": len(means), "seats": len(seats),
                     "mean": float(seats[column].mean()), "table_mean": float(np.mean(means)),
                     "low": low, "high": high,
                     "computers": float(tables.loc[tables["treatment"] == name,
                                                   "computers"].mean())})
    differences = []
    first = names[0] if names else ""
    for name in names[1:]:
        a = tables.loc[tables["treatment"] == name, "mean"].to_numpy(float)
        b = tables.loc[tables["treatment"] == first, "mean"].to_numpy(float)
        low = high = p = math.nan
        if len(a) >= 2 and len(b) >= 2:
            interval = stats.ttest_ind(a, b, equal_var=False).confidence_interval(0.95)
            low, high = float(interval.low), float(interval.high)
        if len(a) >= 2 and len(b) >= 2:  # scipy needs two tables a side (one: no test)
            test = stats.permutation_test(
                (a, b), lambda x, y: np.mean(x) - np.mean(y), permutation_type="independent",
                n_resamples=9999, alternative="two-sided", random_state=seed)
            p = float(test.pvalue)
        ca = tables.loc[tables["treatment"] == name, "computers"].mean()
        cb = tables.loc[tables["treatment"] == first, "computers"].mean()
        differences.append({"treatment": name, "versus": first,
                            "difference": float(a.mean() - b.mean()), "low": low, "high": high,
                            "p_value": p, "computers": float(ca - cb)})
    treatments = pd.DataFrame(rows)
    predictions = None
    if room.prediction is not None:
        predictions = room.predictions()
        treatments["prediction"] = [_predicted(predictions, room.prediction.kind, name)
                                    for name in treatments["treatment"]]
    return Comparison(
        column=asked, treatments=treatments, predictions=predictions,
        differences=pd.DataFrame(differences, columns=["treatment", "versus", "difference",
                                                       "low", "high", "p_value", "computers"]),
        tables=tables)


__all__ = ["ALIASES", "Comparison", "compare"]
