"""What a board tells of the moves played (docs: "Boards"): the log, one line per move as a
seat may read it, with the computer players' reasons (:func:`log_lines`), and the story, "While
you waited", one sentence per run of other seats' moves (:func:`story_lines`). Both are worded
from the seat's views only and kept between redraws, so a redraw words only what is new
(issue 28). :mod:`.payload` puts them into a board's traits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol, overload

from marketlib.core.i18n import Later, get_language, said, sentence
from marketlib.core.match import Match
from marketlib.widgets.sight import Sights


class Teller(Protocol):
    """What :func:`story_lines` needs of a game's table (:class:`~.payload.Table`): its
    ``words``, whose ``recap`` tells one run of moves."""

    words: Any


LOG_LINES = 500
"""A board is sent the log's last 500 lines (``log_total`` says how many there are), so a
redraw costs the same however long the game; ``Match.log()`` has every line."""

class Reason(NamedTuple):
    """A computer player's reason for one move, as the log says it (:func:`bot_reason`)."""

    text: str
    """The reason: English, or a :class:`~marketlib.core.i18n.Later` that the log words in
    each seat's language."""
    readers: frozenset[int] | None
    """The seats it may be shown to (``None``: only the teacher view)."""
    each_move: bool = False
    """Said on this move even when the move before it had the same reason (a classroom's
    timed-out move, each one its own decision); by default a reason is said once per line of
    play."""


def bot_reason(name: str, why: str) -> str:
    """A computer player's reason as the log quotes it, ``GreedyBot: plays ...``: its class
    ``name`` and its ``explain_choice()`` (``""``: the name alone). A sentence that is a
    :class:`~marketlib.core.i18n.Later` stays one, so each seat's log words it in the seat's
    language when the seat's payload is built (issue 30, point 5); its ``str`` is the English.

    Example:
        >>> from marketlib.core.i18n import N_
        >>> why = bot_reason("RandomBot", Later(N_("has not chosen yet.")))
        >>> why, why.said("ms")
        ('RandomBot: has not chosen yet.', 'RandomBot: belum memilih lagi.')
    """
    if not why:
        return name
    return Later.by(_named, name, why) if isinstance(why, Later) else f"{name}: {why}"


def _named(name: str, why: str) -> str:
    return f"{name}: {said(why)}"


def log_lines(
    match: Match,
    seat: int | None,
    reasons: Mapping[tuple[int, Any], Reason],
    cache: dict[Any, Any] | None = None,
) -> list[str]:
    """One line per action played, as ``seat`` may read it (``None``: the teacher view).

    Another seat's hidden choice reads as a watcher sees it (the game's ``describe``; its
    sentences in the language in force, its table notation as it is); a
    computer player's reason is added only where that seat may read it, on the first move of
    the line of play it explains (the moves after it in the same turn share it), or on each move
    where the reason says so (:class:`Reason`). With a ``cache`` (a
    dict the caller keeps, cleared for a new game), the lines of the moves already written are
    kept, so a redraw writes only the new ones: the log costs the same per move however long
    the game (only a changed move, after an undo, is written again with those after it).
    """
    return list(kept_log(match, seat, reasons, cache))


def kept_log(
    match: Match,
    seat: int | None,
    reasons: Mapping[tuple[int, Any], Reason],
    cache: dict[Any, Any] | None = None,
) -> list[str]:
    """:func:`log_lines`, the very list the ``cache`` keeps (read-only: the next call extends
    it in place when the game has only moved on). A board's refresh takes its last lines and
    its length; the log's cost per refresh is the new moves' lines, however long the game
    (issue 28: the history was compared and copied whole at every refresh, then made again as
    a tuple after each move; only the new moves are read, ``Match.actions_between``)."""
    if cache is None:
        return _log_from(match, seat, reasons, 0, [], [])
    key = ("log", seat, get_language())  # each language its own lines
    built: tuple[list[str], list[Any]] | None = cache.get(key)
    if built is None:
        lines: list[str] = []
        after: list[Any] = []  # the state each line's move led to, line by line
        cache[key] = (lines, after)
    else:
        lines, after = built
        start = len(after)
        # Only moves were added, if any, while the timeline still runs through the last state
        # logged: a new move makes a new state, so an undo and another move never do (a game's
        # apply never returns a state it was given). A refresh cut short while it extended
        # the lists leaves them uneven, and is worded again (helper-120).
        moved_on = start <= match.cursor and len(lines) == start and (
            start == 0 or after[-1] is match.state_at(start))
        if not moved_on:
            keep = min(start, match.cursor, len(lines))
            keep = next((i for i in range(keep) if after[i] is not match.state_at(i + 1)), keep)
            lines, after = lines[:keep], after[:keep]
            cache[key] = (lines, after)
    return _log_from(match, seat, reasons, len(after), lines, after, cache)


def _log_from(match: Match, seat: int | None, reasons: Mapping[tuple[int, Any], Reason],
              start: int, lines: list[str], after: list[Any],
              cache: dict[Any, Any] | None = None) -> list[str]:
    """``lines`` (the log of the moves before ``start``) with the lines of the moves after it,
    and ``after`` with the state each of those moves led to. With a ``cache``, a move's text
    is worded once for all the seats that read it alike (the game's ``log_reader``: every
    seat, for a move that hides nothing)."""
    game = match.game
    reader = getattr(game, "log_reader", _own_reading)
    lang = get_language()
    before = match.state_at(start)
    previous = match.action_at(start - 1) if start else None
    for i, action in enumerate(match.actions_between(start, match.cursor), start):
        then = match.state_at(i + 1)
        shared = reader(before, action, seat)
        said_key = ("said", i, shared, lang)  # by position: a branch undone is overwritten
        kept = None if cache is None else cache.get(said_key)
        if kept is not None and kept[0] is before and kept[1] == action:
            text = kept[2]
        else:
            text = sentence(game.describe(before, action, shared, then))  # a sentence in the
            # seat's language (a reveal, a hidden list, an Event); the notation stays as it is
            if cache is not None:
                cache[said_key] = (before, action, text)
        reason = reasons.get((i, action)) if reasons else None  # (none without a bot)
        if reason is not None and (seat is None if reason.readers is None else (
                seat is None or seat in reason.readers)) and (
                i == 0 or reason.each_move
                or reasons.get((i - 1, previous)) != reason
                or getattr(previous, "player", None) != getattr(action, "player", None)):
            text = f"{text} - {said(reason.text)}"  # once per line of play, not on each of its
            # moves (unless said on each: a timed-out move); a reason that is a Later in the
            # seat's language (the log's is in force)
        lines.append(text)
        after.append(then)
        before, previous = then, action
    return lines


def _own_reading(state: Any, action: Any, seat: int | None) -> int | None:
    """The ``log_reader`` of a game that declares none: each seat reads its own wording."""
    return seat


class _Views(Sequence[Any]):
    """``seat``'s views of the match's states ``start`` to ``stop - 1``, each worked out when
    first read (a recap reads the first and the last, and only some of those between)."""

    __slots__ = ("_match", "_seat", "_sights", "_start", "_stop")

    def __init__(self, sights: Sights, match: Match, seat: int, start: int, stop: int) -> None:
        self._sights, self._match, self._seat = sights, match, seat
        self._start, self._stop = start, stop

    def __len__(self) -> int:
        return self._stop - self._start

    @overload
    def __getitem__(self, i: int) -> Any: ...
    @overload
    def __getitem__(self, i: slice) -> list[Any]: ...
    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self._sights.of(self._match.state_at(self._start + i)).view(self._seat)


def story_lines(table: Teller, match: Match, seat: int, sights: Sights | None = None,
                cache: dict[Any, Any] | None = None) -> list[str]:
    """"While you waited": one sentence per run of moves by other seats since ``seat`` last
    moved, with what each changed for ``seat`` (the game's ``recap``, from ``seat``'s views;
    ``sights``: the table's, to reuse them). With a ``cache`` (the dict of
    :func:`log_lines`), a finished run's sentence is worded once per seat and language: a
    waiting seat's board, redrawn after each move of the others, words only the run in
    progress."""
    moves = match.cursor
    start = _after_last_move(match, seat, moves, cache)
    if start == moves > 0:  # the seat moved last: nothing happened while it waited
        return []
    if start == 0:  # the seat has not moved yet: the game so far, at most its last 40 moves
        start = max(0, moves - 40)
    sights = sights or Sights(match.game)
    lang = get_language()
    lines: list[str] = []
    waited = match.actions_between(start, moves)
    i = 0
    while i < len(waited):
        who = waited[i].player
        j = i + 1
        while j < len(waited) and waited[j].player == who:
            j += 1
        a, b = start + i, start + j
        first, last = match.state_at(a), match.state_at(b)
        key = ("story", seat, lang, a, b)  # the run of moves a..b-1, by position: the same
        kept = None if cache is None else cache.get(key)  # first and last states are the
        if kept is not None and kept[0] is first and kept[1] is last:  # same moves between
            line = kept[2]  # them (each state follows from the one before)
        else:
            line = table.words.recap(_Views(sights, match, seat, a, b + 1), waited[i:j], seat)
            if cache is not None:
                cache[key] = (first, last, line)
        if line and (not lines or lines[-1] != line):
            lines.append(line)
        i = j
    return lines[-12:]


def _after_last_move(match: Match, seat: int, moves: int, cache: dict[Any, Any] | None) -> int:
    """The number of moves played when ``seat`` last moved (0: not yet), of the first
    ``moves``. With a ``cache``, only the moves since the last call are read while the
    timeline still runs through the state it noted (a new move makes a new state): a waiting
    seat's board is redrawn after each move of the others."""
    if moves and match.action_at(moves - 1).player == seat:  # the seat moved last (a board
        return moves  # redrawn in the middle of its own turn)
    key = ("last move", seat)
    noted = None if cache is None else cache.get(key)
    checked, found = 0, 0
    if noted is not None and noted[0] <= moves and match.state_at(noted[0]) is noted[1]:
        checked, found = noted[0], noted[2]
    new = match.actions_between(checked, moves)
    for k in range(len(new) - 1, -1, -1):
        if new[k].player == seat:
            found = checked + k + 1
            break
    if cache is not None:
        cache[key] = (moves, match.state_at(moves), found)
    return found


__all__ = ["LOG_LINES", "Reason", "Teller", "bot_reason", "kept_log", "log_lines",
           "story_lines"]
