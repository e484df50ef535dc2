"""The class's own games as the tidy frames of ``marketlib.sim.play_many`` (docs: "Running a
class", *After*): every chart of the classroom notebook works on them.

``games``: one row per finished game and seat, the columns of
:data:`marketlib.sim.RESULT_COLUMNS` plus ``name`` (the display name of the person, or the
computer player, in the seat), ``table`` and ``treatment`` (the name of the rule set the table
plays in a class experiment, ``""`` in a room of one rule set; issue 31). ``game`` numbers
games from 0 as ``play_many`` does: ``table - 1`` in a room's first game, and
``table - 1 + g * tables`` for a table's game ``g`` (:meth:`~marketlib.classroom.Room.new_game`).
``bot`` says who played: ``"Person"``, a computer player's class name, or
``"Person, then GreedyBot"`` for a seat a computer took over. ``turns``: one row per turn and
seat of every game so far, as ``play_many`` gives it, plus ``name``, ``table`` and
``treatment``, and ``timed_out``: ``True`` on the row of a turn and seat where a computer
player made a move for a person who ran out of time (the move timer, issue 31; ``games`` counts
a seat's timed-out moves in its own ``timed_out`` column).

``table`` is the table's number as people read it, from 1: the printed code table, the
dashboard, the students' pages and the teacher's controls (``room.pause(1)``) all call the
first table "Table 1" (``room.tables[0]``; issue 27).

An exported CSV file writes a text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return with a single quote in front (``'=HYPERLINK(...)``), so a spreadsheet shows it as
text instead of running it as a formula (OWASP's advice against CSV injection; issue 27). The
frames themselves and the Parquet files keep the text as it is.
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
import pandas as pd  # type: ignore[import-untyped]

from marketlib.classroom.status import PERSON, Seen, actor, display_names, status_row
from marketlib.classroom.tables import Played
from marketlib.classroom.timer import timed_out
from marketlib.core.match import Match
from marketlib.core.version import __version__
from marketlib.sim.batch import RESULT_COLUMNS, categorize, game_rows
from marketlib.sim.record import match_turns, record_match, spell_out
from marketlib.widgets.session import players_of

if TYPE_CHECKING:
    from marketlib.classroom.room import Room

def seat_labels(match: Match, by: list[str], bots: dict[int, str]) -> list[str]:
    """Who played each seat of a game: ``"Person"``, a computer player's class name, or both in
    the order they played (``"Person, then GreedyBot"``); ``bots`` holds the computers seated
    at the end (for a seat that never decided). A table keeps its current game's labels as
    the moves happen (:class:`~marketlib.classroom.status.Seen`); this reads a whole game."""
    players = players_of(match)
    seen = Seen(players)
    for i, who in enumerate(by[: match.cursor]):
        seen.add(i, actor(match, i, players), who)  # out-of-turn moves too (A-B-60)
    return seen.labels(bots)


def timed_out_turns(match: Match, by: list[str]) -> set[tuple[int, int]]:
    """The ``(turn, seat)`` rows of ``turns()`` holding a timed-out move: the turn a row
    names is the one begun when the moves it counts ended, as
    :class:`~marketlib.sim.record.TurnTable` counts them (a turn not over yet has no row)."""
    marked = {i for i, who in enumerate(by[: match.cursor]) if timed_out(who)}
    if not marked:
        return set()
    players = players_of(match)
    states = match.states
    outcome = match.game.outcome
    turn = int(getattr(states[0], "turn", 0))
    pending: set[int] = set()
    found = set()
    for i in range(match.cursor):
        if i in marked:
            seat = actor(match, i, players)
            if seat is not None:
                pending.add(seat)
        after = states[i + 1]
        now = int(getattr(after, "turn", turn))
        if now != turn or outcome(after) is not None:  # TurnTable.step: a turn ends here
            turn = turn + 1 if now == turn else now
            found |= {(turn, seat) for seat in pending}
            pending = set()
    return found


def _games(room: Room) -> list[tuple[int, Played]]:
    """Every game of the room as ``(game id, Played)``, the tables' current games included."""
    out = []
    count = len(room.tables)
    for table in room.tables:
        with table.lock:
            for g, played in enumerate(table.past):
                out.append((table.index + g * count, played))
            current = Match(table.match.game, table.match.rules, seed=table.match.seed)
            current.rollback(table.match.checkpoint())
            out.append((table.index + table.game * count,
                        Played(current, list(table.by), dict(table.bots), list(table.names))))
    return sorted(out, key=lambda item: item[0])


def _meta(room: Room) -> dict[str, Any]:
    return {"library_version": __version__, "game": room.game,
            "rules": msgspec.to_builtins(room.rules),
            "treatments": {n: msgspec.to_builtins(r) for n, r in room.treatments.items()},
            "assignment": [t.treatment for t in room.tables],
            "seed": room.seed, "seeds": room.seeds,
            "tables": len(room.tables), "source": "classroom",
            "database": str(room.store.path)}


def results_frame(room: Room) -> pd.DataFrame:
    """The ``games`` frame of the finished games (see the module's docstring)."""
    rows: list[tuple[Any, ...]] = []
    count = len(room.tables)
    for game_id, played in _games(room):
        if played.match.outcome is None:
            continue
        labels = seat_labels(played.match, played.by, played.bots)
        record = record_match(played.match, labels)
        names = display_names(played.names, labels)
        treatment = room.tables[game_id % count].treatment
        late = [0] * len(names)
        for i, who in enumerate(played.by[: played.match.cursor]):
            seat = actor(played.match, i, len(names)) if timed_out(who) else None
            if seat is not None:
                late[seat] += 1
        rows += [(*row, names[row[2]], game_id % count + 1, treatment, late[row[2]])
                 for row in game_rows(game_id, record)]
    games = pd.DataFrame.from_records(rows, columns=[*RESULT_COLUMNS, "name", "table",
                                                     "treatment", "timed_out"])
    games["winner"] = games["winner"].astype(bool)
    categorize(games, room.game)
    games.attrs["marketlib"] = _meta(room)
    return games


def turns_frame(room: Room) -> pd.DataFrame:
    """The ``turns`` frame of every game so far (see the module's docstring)."""
    rows: list[tuple[Any, ...]] = []
    columns: tuple[str, ...] = ()
    count = len(room.tables)
    for game_id, played in _games(room):
        labels = seat_labels(played.match, played.by, played.bots)
        names = display_names(played.names, labels)
        turns = match_turns(played.match)
        columns = columns or turns.names
        treatment = room.tables[game_id % count].treatment
        late = timed_out_turns(played.match, played.by)
        rows += [(*row, names[row[4]], game_id % count + 1, treatment,  # row: game, seed, ...
                  (row[3], row[4]) in late)
                 for row in spell_out(turns.ends, game_id, played.match.seed, labels=labels)]
    frame = pd.DataFrame.from_records(rows, columns=["game", "seed", "bot", *columns, "name",
                                                     "table", "treatment", "timed_out"])
    frame["timed_out"] = frame["timed_out"].astype(bool)
    categorize(frame, room.game)
    frame.attrs["marketlib"] = _meta(room)
    return frame


STUDENT_COLUMNS = ["name", "table", "treatment", "game", "seat", "score", "rank", "winner",
                   "timed_out", "bot"]
"""The columns of :func:`students_frame`, in order."""


def students_frame(room: Room) -> pd.DataFrame:
    """One row per person and finished game: ``name`` (as typed), ``table`` (from 1),
    ``treatment``, ``game``, ``seat``, ``score`` (RM or seals), ``rank`` (1 = first),
    ``winner``, ``timed_out`` (the moves a computer made for them when the move timer ran out)
    and ``bot`` (``"Person"``, or ``"Person, then GreedyBot"`` where a computer
    took the seat over); with a question asked (``Room(prediction=...)``), ``prediction``:
    the student's answer (``None`` if none). Seats that only computers played are left out."""
    asked = room.prediction is not None
    columns = STUDENT_COLUMNS + (["prediction"] if asked else [])
    games = results_frame(room)
    if games.empty:
        return pd.DataFrame(columns=columns)
    people = games[games["bot"].astype(str).str.startswith("Person")]
    frame = people[STUDENT_COLUMNS].sort_values(["table", "game", "seat"]).reset_index(drop=True)
    if asked:  # the student's answer to the room's question (issue 31, point 2)
        frame["prediction"] = [room.answers.get((t - 1, s)) for t, s in
                               zip(frame["table"], frame["seat"], strict=True)]
    frame.attrs = dict(games.attrs)
    return frame


def predictions_frame(room: Room) -> pd.DataFrame:
    """``room.predictions()``: one row per stored answer (issue 31, point 2), with
    ``before_play``: whether the answer (its latest change) was given before a person first
    played at the student's table (a computer player's move does not count, an undo does not
    change it), so that a prediction made after seeing play can be told apart (the page asks
    before play but does not lock the board: a late student still plays)."""
    answered, first = room.store.answered_at(), room.store.first_moves()
    rows = [{"table": i + 1, "seat": s, "name": room.tables[i].names[s],
             "treatment": room.tables[i].treatment, "answer": a,
             "before_play": i not in first or answered.get((i, s), math.inf) < first[i]}
            for (i, s), a in sorted(room.answers.items())]
    return pd.DataFrame(rows, columns=["table", "seat", "name", "treatment", "answer",
                                       "before_play"])


def status_frame(room: Room) -> pd.DataFrame:
    """One row per table: what the teacher's dashboard shows (read from each table's
    :attr:`~marketlib.classroom.tables.RoomTable.status`)."""
    now = time.time()
    connected = room.connected
    return pd.DataFrame([status_row(table.status, connected, now) for table in room.tables])


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a CSV cell that a spreadsheet would run as a formula begins (OWASP, CSV injection)."""


def as_text(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with every text cell that begins with one of :data:`FORMULA_STARTS` prefixed
    with a single quote, so a spreadsheet opening the CSV shows it as text (numbers, negative
    ones included, are left as they are).

    Example:
        >>> as_text(pd.DataFrame({"name": ["=1+1", "Ana", "-x"], "score": [-1, 2, 3]}))
            name  score
        0  '=1+1     -1
        1    Ana      2
        2    '-x      3
    """
    out = frame.copy()
    for column in out.columns:
        values = out[column]
        if (pd.api.types.is_object_dtype(values) or pd.api.types.is_string_dtype(values)
                or isinstance(values.dtype, pd.CategoricalDtype)):
            out[column] = pd.Series(
                [f"'{v}" if isinstance(v, str) and v.startswith(FORMULA_STARTS) else v
                 for v in values.astype(object)], index=out.index, dtype=object)
    return out


def export_frames(room: Room, folder: Path, formats: tuple[str, ...]) -> list[Path]:
    """Write ``games``, ``turns`` and ``students`` as CSV and/or Parquet into ``folder``.

    Raises:
        ValueError: a format other than ``"csv"`` and ``"parquet"``.
    """
    unknown = set(formats) - {"csv", "parquet"}
    if unknown:
        raise ValueError(f"unknown format(s) {sorted(unknown)}: use 'csv' and/or 'parquet'")
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, frame in (("games", results_frame(room)), ("turns", turns_frame(room)),
                        ("students", students_frame(room))):
        for fmt in formats:
            path = folder / f"{name}.{fmt}"
            if fmt == "csv":
                # CRLF lines (RFC 4180): a cell with a carriage return is quoted too
                as_text(frame).to_csv(path, index=False, lineterminator="\r\n")
            else:
                frame.attrs = {}
                frame.to_parquet(path, index=False)
            written.append(path)
    return written


__all__ = ["FORMULA_STARTS", "PERSON", "STUDENT_COLUMNS", "as_text", "export_frames",
           "predictions_frame", "results_frame", "seat_labels", "status_frame", "students_frame",
           "timed_out_turns", "turns_frame"]
