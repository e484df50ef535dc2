"""The coach: a hint for the seat to move, and a review of a finished (or unfinished) game.

Both work only from the seat's *view* (what it may see), never from the true state, as a
computer player does (issue 29, points 4 and 5):

* :func:`hint` asks the strong bot (:class:`~marketlib.bots.ismcts.ISMCTSBot`, with a smaller
  budget so a learner waits well under a second) for its move, its reason
  (``explain_choice``) and the two next best lines it weighed, each with the share of the
  simulated futures it scored (its estimated chance, 0..1) and its uncertainty. When the
  search cannot tell its best move from another one (their estimates lie within
  :data:`TIE_Z` standard errors of each other, as in Bansan's Opening Round, B-OPEN, where
  every list and stall scores about the same), the hint says so and ranks those moves by the
  greedy evaluation instead (the heuristic's value of the position right after the turn,
  what ``GreedyBot`` plays by); if that cannot separate them either, it says that too.
* :func:`review` walks the decisions one seat made and, at each, deals the hidden cards anew
  from that seat's view a few times (the *worlds*), plays the move played and the coach's
  candidates in each world, finishes the seat's turn with its best line by the game's
  heuristic (one line per view of the seat: it cannot see the hidden cards), and reads the
  seat's estimated final result: the heuristic's strength, in the game's own unit (RM of
  money in Bansan, points in Sendiri, seals in Monsoon Market; a finished game's real
  score), or, in the Kenduri while its Menu has an open list, the Menu's lists, which the
  table completes or fails together (B-KEN-05; RM once the feast is certain). Every
  move is measured in the same worlds, so their difference (the *loss*) is a paired
  estimate with its own standard error.

``Match.hint(seat)`` and ``Match.review(seat)`` reach this module by its dotted path
(:data:`marketlib.core.match.COACH`), so the core never imports the bots.

Example:
    >>> import random
    >>> from marketlib import monsoon
    >>> s = monsoon.setup(monsoon.Rules(), seed=1)
    >>> h = hint(monsoon.view(s, 0), monsoon.legal_actions(s), iterations=40)
    >>> h.action in monsoon.legal_actions(s), len(h.alternatives) <= 2
    (True, True)
"""

from __future__ import annotations

import dataclasses
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from marketlib.bots.base import check_choices, game_of, viewer_of
from marketlib.bots.heuristics import (
    Heuristic,
    ReviewMeasure,
    heuristic_for,
    line_moves,
    one_after_another,
)
from marketlib.bots.ismcts import ISMCTSBot
from marketlib.bots.turns import turn_lines
from marketlib.core.errors import IllegalAction
from marketlib.core.game import GameModule, PlayerId, score_unit
from marketlib.core.i18n import N_, _, get_language, named, naming_moves, ngettext
from marketlib.core.i18n import said as worded

HINT_ITERATIONS = 300
"""The hint's search budget (simulated futures): ``ISMCTSBot()`` plays up to 1,000, which took
up to 0.9 s at p95 on 4-player Bansan before issue 29's faster search (at most 0.43 s of CPU
now); 300 keep a hint under a second everywhere (``benchmarks/hint_latency.py``)."""

HINT_SEED = 0
"""The hint's random stream: a constant, so the same view always gets the same hint (the
match's seed deals the hidden cards, so it must not reach the hint)."""

REVIEW_WORLDS = 8
"""Deals of the hidden cards each reviewed decision is measured in."""

REVIEW_CANDIDATES = 3
"""Distinct first moves (the heuristic's best lines) the review weighs beside the move played."""

REVIEW_NODES = 300
"""The turn-search budget that finishes the seat's turn in each world."""

REVIEW_SEARCHES = 8
"""Full turn searches per move measured (worlds the seat cannot tell apart share one; after
these, a world replays a line already found, or searches with an eighth of the budget when
none is legal there). One per world: every world's turn is finished by a full search, and only
a turn that draws a card and goes on past it (a solo game's, whose turn never passes) meets the
bound. Sendiri then reviews in about a minute instead of three; Bansan's reviews are
unchanged."""

TIE_Z = 2.0
"""Standard errors (of the difference) two lines' estimates must lie apart before the hint
calls one better; closer than that, the search cannot tell them apart and the hint ranks them
by the greedy evaluation instead."""


LINE_SHOWN = 4
"""Decisions of a line an alternative of the suggested move itself is named by."""

POINTS = N_("points")
"""The unit of a result where the game and its rules have none
(:func:`~marketlib.core.game.score_unit`: Sendiri's money plus Deck cards, B-SOLO-18)."""


@dataclass(frozen=True)
class Option:
    """One line the coach weighed: its first move, the whole line and its estimated chance.

    Attributes:
        action: the first decision of the line (what to play now).
        line: the line's decisions, to the end of the turn or the next card drawn.
        chance: the share of the simulated futures it scored (0..1, the search's mean).
        visits: how many simulated futures tried it.
        se: the standard error of ``chance`` (the spread of the futures' scores, pooled over
            the lines the search weighed, over the square root of ``visits``).
        value: the greedy evaluation: the heuristic's value (0..1, the same scale as
            ``chance``) of the position the line leaves, read without playing on, in the
            first world the coach dealt from the seat's view.
    """

    action: Any
    line: tuple[Any, ...]
    chance: float
    visits: int
    se: float = math.nan
    value: float = math.nan


@dataclass(frozen=True)
class Hint:
    """The coach's suggestion for the seat to move.

    Attributes:
        seat: the seat the hint is for.
        action: the suggested move (one of the legal actions).
        reason: the strong bot's sentence about it (``explain_choice``).
        best: the suggested line and its estimate (``None`` when the move was the only one).
        alternatives: the next two moves it weighed, the highest estimate first (the first is
            the reason's "next best"), each by its best line (fewer
            when there are fewer; other lines of the suggested move only if it weighed no
            other move).
        undecided: the search could not tell the suggested move from an alternative (within
            :data:`TIE_Z` standard errors): the moves are ranked by the greedy evaluation.
        move_words: the suggested move as :attr:`text` names it, and
        alternative_words: each alternative as it names it, worded when the hint was made
            (:func:`hint`), all in one style: table notation, or inside
            :func:`~marketlib.core.i18n.naming` (a board) the buttons' words, like
            :attr:`reason` (helper-81: a hint made outside a board and read inside one mixed
            the two). Empty: notation, worded when read (a ``Hint`` made by hand).
    """

    seat: PlayerId
    action: Any
    reason: str
    best: Option | None
    alternatives: tuple[Option, ...]
    undecided: bool = False
    move_words: str = ""
    alternative_words: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The hint in words: the move, why, and the alternatives with their estimates."""
        why = (_("Why: the coach {reason}") if self.undecided  # its search could not tell
               else _("Why: P{seat} {reason}"))  # the line's mover, whose seals or money the
        # reason's "its" is (helper-99 read "the coach ..., raising its seals" as the coach's)
        lines = [_("Hint for P{seat}: {move}").format(
                     seat=self.seat, move=self.move_words or str(self.action)),
                 why.format(seat=self.seat, reason=self.reason)]
        names = self.alternative_words or tuple(_option_words(self.seat, self.action, o, None)
                                                for o in self.alternatives)
        for other, name in zip(self.alternatives, names, strict=True):
            said = {"move": name, "estimate": _estimate(other),
                    "count": other.visits, "greedy": _percent(other.value)}
            if self.undecided:
                lines.append(ngettext(
                    "Also weighed: {move} (about {estimate} in {count} simulated future; "
                    "greedy evaluation {greedy})",
                    "Also weighed: {move} (about {estimate} in {count} simulated futures; "
                    "greedy evaluation {greedy})", other.visits).format(**said))
            else:
                lines.append(ngettext(
                    "Also weighed: {move} (about {estimate} in {count} simulated future)",
                    "Also weighed: {move} (about {estimate} in {count} simulated futures)",
                    other.visits).format(**said))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """In a notebook, ``m.hint()`` on its own shows :attr:`text` (helper-101 met the
        fields, ``Hint(seat=0, action=Fulfill(...), reason=...``); ``repr`` keeps them."""
        printer.text(self.text)


def _option_words(seat: PlayerId, action: Any, other: Option, world: Any) -> str:
    """An alternative as a hint names it: its first move, or, when that is the suggested move
    ``action`` too (another line of it), the line's first decisions: "P0 done, then empty PA,
    then done" (two lines "P0 done" read as the suggestion weighed against itself); inside
    :func:`~marketlib.core.i18n.naming`, its buttons' words, each step worded in ``world``
    (where the search found the line) as the line goes."""
    if other.action != action:
        return named(world, other.action)
    steps = line_moves(None if world is None else game_of(world).apply, world,
                       other.line[:LINE_SHOWN])
    more = ", ..." if len(other.line) > LINE_SHOWN else ""
    mine = "" if naming_moves() else f"P{seat} "  # a button's words name no seat
    return f"{mine}{one_after_another(steps)}{more}"


def _worded(made: Hint, world: Any) -> Hint:
    """``made`` with its moves worded now (:attr:`Hint.move_words`), in ``world``: a state
    dealt from the seat's view (the search's first world, where its lines were found)."""
    return dataclasses.replace(
        made, move_words=named(world, made.action),
        alternative_words=tuple(_option_words(made.seat, made.action, o, world)
                                for o in made.alternatives))


def _percent(value: float) -> str:
    return "?" if math.isnan(value) else f"{100 * value:.1f}%"


def _estimate(option: Option) -> str:
    """``62% ±4``: the option's chance and, when known, two standard errors (in percentage
    points)."""
    return f"{100 * option.chance:.0f}%{_plus_minus(option)}"


def _tied_estimate(option: Option) -> str:
    """:func:`_estimate`, and for a line tried once (no margin) how few futures it rests on:
    "34% ±2 and 21%" read as two moves far apart, beside "cannot tell them apart"
    (helper-74)."""
    if option.visits > 1:
        return _estimate(option)
    return ngettext("{estimate} (tried in only {count} simulated future)",
                    "{estimate} (tried in only {count} simulated futures)",
                    option.visits).format(estimate=_estimate(option), count=option.visits)


def _plus_minus(option: Option) -> str:
    """`` ±k`` (percentage points, two standard errors), or nothing when unknown (no line
    was tried twice) or when this line was tried once or never: a margin "in 1 simulated
    future" reads as nonsense to a learner, though the pooled spread gives one."""
    return f" ±{200 * option.se:.0f}" if math.isfinite(option.se) and option.visits > 1 else ""


class _Coach(ISMCTSBot):
    """An ``ISMCTSBot`` that keeps the lines it ranked (for the hint's alternatives), the
    world it dealt first and its heuristic (for the greedy evaluation of each line)."""

    ranked: list[Any]
    table: Any = None
    rater: Heuristic | None = None

    def _explain(self, heuristic: Heuristic, table: Any, me: PlayerId, ranked: list[Any],
                 done: int) -> str:
        self.ranked = list(ranked)
        self.table, self.rater = table, heuristic
        return super()._explain(heuristic, table, me, ranked, done)


def _standard_errors(arms: Sequence[Any]) -> list[float]:
    """Each arm's standard error: the spread of the rewards within the arms (pooled, so that
    a line tried once has one too) over the square root of its visits; ``nan`` when no arm
    was tried twice."""
    spread, freedom = 0.0, 0
    for arm in arms:
        if arm.visits > 1:
            spread += max(0.0, arm.squares - arm.total * arm.total / arm.visits)
            freedom += arm.visits - 1
    if not freedom:
        return [math.nan] * len(arms)
    sd = math.sqrt(spread / freedom)
    return [sd / math.sqrt(arm.visits) if arm.visits else math.inf for arm in arms]


def _close(best: Option, other: Option) -> bool:
    """Whether the search cannot tell ``other`` from ``best``: their estimates lie within
    :data:`TIE_Z` standard errors of their difference (unknown errors: cannot tell)."""
    if math.isnan(best.se) or math.isnan(other.se):
        return True
    return best.chance - other.chance <= TIE_Z * math.hypot(best.se, other.se) + 1e-9


def _alternatives(options: Sequence[Option], chosen: Option) -> tuple[Option, ...]:
    """The two best options after ``chosen`` with other first moves (the best line of each),
    by their estimates, highest first (ties: the search's order), as the bot's reason names
    its "next best"; only when there is none, the best other lines of the same move."""
    others = sorted((o for o in options if o is not chosen), key=lambda o: -o.chance)
    firsts: list[Option] = []
    for o in others:
        if o.action != chosen.action and all(o.action != f.action for f in firsts):
            firsts.append(o)
    return tuple(firsts[:2] or others[:2])


def _names(words: Sequence[str]) -> str:
    """``a, b and c`` (the last two joined by the language's "and")."""
    if len(words) == 1:
        return words[0]
    return _("{names} and {last}").format(names=", ".join(words[:-1]), last=words[-1])


LEVEL = 0.001
"""Greedy evaluations (0..1) closer than this (0.1 percentage points) count as level."""


def _undecided(seat: PlayerId, options: list[Option], tied: list[Option], done: int,
               heuristic: Heuristic, table: Any) -> Hint:
    """The hint when the search cannot tell ``tied`` apart (its best first): those moves
    ranked by the greedy evaluation (ties: the search's order), said in words as a ranking of
    those moves only ("Of those moves, ..."): a move the search placed lower may read higher
    by the greedy evaluation (helper-62 read "is best" as best of all)."""
    order = sorted(tied, key=lambda o: -o.value)  # stable: the search's order on ties
    first = order[0]
    estimates = [_tied_estimate(o) for o in tied]
    if len(tied) > 3:
        low, high = min(o.chance for o in tied), max(o.chance for o in tied)
        said: dict[str, Any] = {"count": len(tied), "done": done, "low": f"{100 * low:.0f}",
                                "high": f"{100 * high:.0f}"}
        finite = all(math.isfinite(o.se) for o in tied)
        error = f"{200 * max(o.se for o in tied):.0f}" if finite else ""
        if said["low"] == said["high"]:  # alike to the percent shown: one figure, not "between
            # about 58% and 58% (± up to 0 percentage points)"; a margin only when it has one
            reason = (_("cannot tell {count} of the moves it weighed apart by its search yet: in "
                        "{done} simulated futures each scored about {low}% (± up to {error} "
                        "percentage points).").format(error=error, **said)
                      if error not in ("", "0") else
                      _("cannot tell {count} of the moves it weighed apart by its search yet: in "
                        "{done} simulated futures each scored about {low}%.").format(**said))
        elif finite:
            reason = _("cannot tell {count} of the moves it weighed apart by its search yet: in "
                       "{done} simulated futures they scored between about {low}% and {high}% "
                       "(± up to {error} percentage points), no further apart than their "
                       "uncertainty.").format(error=error, **said)
        else:
            reason = _("cannot tell {count} of the moves it weighed apart by its search yet: in "
                       "{done} simulated futures they scored between about {low}% and {high}%, "
                       "no further apart than their uncertainty.").format(**said)
    elif len(set(estimates)) == 1:
        reason = _("cannot tell {moves} apart by its search yet: in {done} simulated futures "
                   "each scored about {estimate} (± two standard errors, in percentage points), "
                   "no further apart than their uncertainty.").format(
                       moves=_names([named(table, o.action) for o in tied]), done=done,
                       estimate=estimates[0])
    else:
        reason = _("cannot tell {moves} apart by its search yet: in {done} simulated futures "
                   "they scored about {estimates} in that order (± two standard errors, in "
                   "percentage points), no further apart than their uncertainty.").format(
                       moves=_names([named(table, o.action) for o in tied]), done=done,
                       estimates=_names(estimates))
    reason += " " + _("(A score runs from 0%, lost, to 100%, won.)")  # the scale the untied
    # hint gives (helper-119 read "each scored about 1% ±0" in a Kenduri and could not tell
    # whether it was the feast's chance or its own)
    level = [o for o in order if first.value - o.value < LEVEL]
    if len(level) == len(order):
        reason += " " + _(
            "Neither can the greedy evaluation (the same score read right after the turn, "
            "without playing on): each leaves P{seat} at {value}, so as far as the coach can "
            "judge any of them will do; it suggests the first, {move}.").format(
                seat=seat, value=_percent(first.value), move=named(table, first.action))
    else:
        said = {"it": worded(heuristic.describe(table, first.line, _end(table, first.line),
                                                seat)).rstrip("."),
                "move": named(table, first.action), "value": _percent(first.value),
                "runner": named(table, order[len(level)].action),
                "other": _percent(order[len(level)].value)}
        if len(level) == 1:
            reason += " " + _(
                "Of those moves, by the greedy evaluation (the same score read right after the "
                "turn, without playing on), {move} is best: it {it} ({value} against {other} "
                "for {runner}).").format(**said)
        else:
            reason += " " + _(
                "Of those moves, by the greedy evaluation (the same score read right after the "
                "turn, without playing on), {moves} are best; the coach suggests the first: it "
                "{it} ({value} against {other} for {runner}).").format(
                    moves=_names([named(table, o.action) for o in level]), **said)
    ranked = [*order, *(o for o in options if o not in order)]
    return _worded(Hint(seat, first.action, reason, first, _alternatives(ranked, first), True),
                   table)


def _end(table: Any, line: Sequence[Any]) -> Any:
    """``table`` after ``line`` (played in the world it was found in)."""
    game = game_of(table)
    for action in line:
        table = game.apply(table, action)
    return table


def hint(view: Any, legal_actions: tuple[Any, ...], *, rng: random.Random | None = None,
         iterations: int = HINT_ITERATIONS) -> Hint:
    """The strong bot's suggestion for the seat whose ``view`` this is.

    Args:
        view: the deciding seat's view (never the state: the hint knows what the seat knows).
        legal_actions: its legal actions now.
        rng: the search's stream (default ``random.Random(HINT_SEED)``: the same view and
            actions always give the same hint).
        iterations: the search budget (:data:`HINT_ITERATIONS`).

    Raises:
        ValueError: no legal actions (the game is over, or another seat decides).
    """
    check_choices(legal_actions)
    seat = viewer_of(view, legal_actions)
    bot = _Coach(iterations)
    bot.ranked = []
    stream = random.Random(HINT_SEED) if rng is None else rng
    action = bot.choose(view, legal_actions, stream)
    if not bot.ranked:  # nothing searched: a world to word the move in, only if it is worded
        world = game_of(view).determinize(view, stream) if naming_moves() else None
        return _worded(Hint(seat, action, worded(bot.explain_choice()), None, ()), world)
    errors = _standard_errors(bot.ranked)
    options = [Option(a.line.actions[0], tuple(a.line.actions), a.mean, a.visits, se,
                      a.line.value) for a, se in zip(bot.ranked, errors, strict=True)]
    best = options[0]
    tied = [best]
    for o in options[1:]:  # the best line of each other first move the search cannot tell
        if o.visits and _close(best, o) and all(o.action != t.action for t in tied):
            tied.append(o)
    if len(tied) > 1 and bot.rater is not None:
        return _undecided(seat, options, tied, bot.last_iterations, bot.rater, bot.table)
    return _worded(Hint(seat, action, worded(bot.explain_choice()), best,
                        _alternatives(options, best)), bot.table)


# ---------------------------------------------------------------------------------- review


def measure_of(game: GameModule, heuristic: Heuristic, rules: Any, state: Any = None,
               ) -> ReviewMeasure:
    """What a review reads a seat's result in under ``rules`` at ``state`` (a state or the
    seat's view; ``None``: the game's start): the heuristic's ``review_measure(rules,
    state)`` where it names one (Bansan's Kenduri while its Menu is open: the Menu's lists,
    which the table completes or fails together, B-KEN-05), else :func:`score_measure`."""
    declared = getattr(heuristic, "review_measure", None)
    found = declared(rules, state) if declared is not None else None
    return score_measure(game, heuristic, rules) if found is None else found


def score_measure(game: GameModule, heuristic: Heuristic, rules: Any) -> ReviewMeasure:
    """The score as a review reads it: the game's unit under ``rules``
    (:func:`~marketlib.core.game.score_unit`; :data:`POINTS` where it has none) and
    :func:`worth_of` (money in Bansan, the Kenduri's too; Sendiri's money plus Deck cards
    in points, B-SOLO-18; seals in Monsoon Market)."""
    return ReviewMeasure(score_unit(game, rules) or POINTS, worth_of(game, heuristic))


def worth_of(game: GameModule, heuristic: Heuristic) -> Callable[[Any, PlayerId], float]:
    """How the review reads a seat's estimated final result in a state: the real score of a
    finished game, else the heuristic's ``strength(state, seat)`` (money plus weighted
    lists, Bag and stalls in Bansan; seals plus weighted potential in Monsoon Market), else
    the heuristic's ``score`` (:func:`measure_of` says where a game's rules read another
    measure)."""
    strength = getattr(heuristic, "strength", None)

    def worth(state: Any, seat: PlayerId) -> float:
        result = game.outcome(state)
        if result is not None:
            return float(result.scores[seat])
        if strength is not None:
            return float(strength(state, seat))
        return float(heuristic.score(state, seat))

    return worth


class _Lines:
    """The lines a review finishes one move's turn with, across the worlds: by the seat's view
    (``exact``: a world the seat cannot tell apart from one already played plays the same
    line, as the seat would: it decides from its view, never from the hidden cards), and in
    the order found (``found``). Only ``left`` turn searches are made per move; after that a
    new view replays the latest line found that is legal there (as ``ISMCTSBot``'s playouts
    do), or, if none is, searches with an eighth of the budget: a decision's cost stays
    bounded whatever cards the worlds reveal."""

    __slots__ = ("exact", "found", "left")

    def __init__(self, searches: int) -> None:
        self.exact: dict[Any, tuple[Any, ...]] = {}
        self.found: list[tuple[Any, ...]] = []
        self.left = searches


def _finish_turn(game: GameModule, heuristic: Heuristic, state: Any, seat: PlayerId,
                 nodes: int, lines: _Lines) -> tuple[Any, tuple[Any, ...]]:
    """``state`` after ``seat`` plays the rest of its turn by its best line, deciding again
    after a card drawn mid-turn (a line stops there) and after another seat's answer to its
    offer (the heuristic's ``waiting_on``: the answering seat plays its best line first); a
    line that stops for another reason (the turn passed, the game ended, the search's depth or
    budget; a solo game's turn never passes) ends the finish. With it, the moves played."""
    played: tuple[Any, ...] = ()
    waiting_on = getattr(heuristic, "waiting_on", None)
    for _step in range(4):
        decider = game.current_player(state)
        if decider != seat:  # the turn passed, or another seat answers the seat's offer
            if decider is None or waiting_on is None or waiting_on(state) != seat:
                break
            answer = turn_lines(game, heuristic, state, decider, max_nodes=nodes)[0].actions
            after = _played(game, state, answer)
            if after is None:  # pragma: no cover - a line is legal where it was found
                break
            state, played = after, played + tuple(answer)
            continue
        key = game.view(state, seat)
        line = lines.exact.get(key)
        after = None if line is None else _played(game, state, line)
        if after is None and lines.left <= 0:  # out of searches: a line found in another world
            for line in reversed(lines.found):
                after = _played(game, state, line)
                if after is not None:
                    break
        if after is None or line is None:
            budget = nodes if lines.left > 0 else max(20, nodes // 8)  # then a quick search
            lines.left -= 1
            line = turn_lines(game, heuristic, state, seat, max_nodes=budget)[0].actions
            lines.exact[key] = line
            lines.found.append(line)
            after = _played(game, state, line)
            if after is None:  # pragma: no cover - a line is legal where it was found
                break
        before = _played(game, state, line[:-1])
        state = after
        played += tuple(line)
        if waiting_on is not None and waiting_on(state) == seat:
            continue  # its offer waits for an answer: the answer, then the rest of the turn
        if before is None or not game.info_revealed(before, after):
            break
    return state, played


def _then_preferred(played: Any, preferred: Any, line: tuple[Any, ...]) -> tuple[Any, ...]:
    """The preferred move's turn (``preferred``, then ``line``) played after ``played``: a way
    on the seat has after the move it played (``played`` taken out of ``line`` when the
    preferred turn plays it later: the same moves in another order)."""
    rest = list(line)
    if played in rest:
        rest.remove(played)
    return (played, preferred, *rest)


def _played(game: GameModule, state: Any, actions: Sequence[Any]) -> Any:
    """``state`` after ``actions``, or ``None`` if one is illegal there."""
    try:
        for action in actions:
            state = game.apply(state, action)
    except IllegalAction:
        return None
    return state


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, math.nan
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


@dataclass(frozen=True)
class Decision:
    """One reviewed decision (a row of :func:`review`'s frame; ``unit``, ``shared`` and
    ``note``: the measure its values are in, :func:`measure_of`; the frame keeps the notes in
    ``attrs``, not as a column)."""

    decision: int
    move_number: int
    played: str
    preferred: str
    value_played: float
    se_played: float
    value_preferred: float
    se_preferred: float
    loss: float
    se_loss: float
    choices: int
    worlds: int
    unit: str = ""
    shared: bool = False
    note: str = ""


def review_decision(game: GameModule, state_view: Any, legal: tuple[Any, ...], played: Any,
                    seat: PlayerId, *, worlds: int = REVIEW_WORLDS,
                    candidates: int = REVIEW_CANDIDATES, nodes: int = REVIEW_NODES,
                    heuristic: Heuristic | None = None, seed: int = 0,
                    searches: int = REVIEW_SEARCHES, then: tuple[Any, ...] = (),
                    measure: ReviewMeasure | None = None,
                    ) -> tuple[Any, list[float], Any, list[float]]:
    """Measure ``played`` and the coach's candidate moves from ``seat``'s view.

    ``then``: the moves the seat went on to play in the same turn (the review of a finished
    game knows them). The move played is also weighed followed by them, where they are legal,
    and by the preferred move's turn (:func:`_or_then_preferred`), the best of each by its mean
    over the same worlds: a turn search bound by a node budget reads the start of a long turn
    lower than its middle (helper-115 read "after P0 buy MM your expected result stood about
    RM18.6 higher than at your previous decision", for one turn played as planned).

    ``measure``: what a seat's result is read in (default: :func:`measure_of` at
    ``state_view``; :func:`score_measure` reads the score, money in the Kenduri too).

    Returns:
        ``(played, its values, preferred move, its values)``: the values are the seat's
        estimated final result in each world where the move was legal (the same worlds for
        every move, in order; a world where one of the two is illegal is dropped for both).
    """
    heuristic = heuristic_for(game) if heuristic is None else heuristic
    worth = (measure or measure_of(game, heuristic, state_view.rules, state_view)).worth
    rng = random.Random(seed)
    tables = [game.determinize(state_view, rng) for _ in range(worlds)]
    moves: list[Any] = [played]
    if len(legal) > 1:
        for line in turn_lines(game, heuristic, tables[0], seat, legal, max_nodes=nodes):
            if line.actions[0] not in moves:
                moves.append(line.actions[0])
            if len(moves) > candidates:
                break
    values: dict[int, list[float | None]] = {}
    turns: dict[int, list[tuple[Any, ...] | None]] = {}
    for i, move in enumerate(moves):
        lines = _Lines(searches)
        values[i], turns[i] = [], []
        for table in tables:
            try:
                after = game.apply(table, move)
            except IllegalAction:
                values[i].append(None)
                turns[i].append(None)
                continue
            finished, rest = _finish_turn(game, heuristic, after, seat, nodes, lines)
            values[i].append(worth(finished, seat))
            turns[i].append(rest)
    if then:  # the turn as the seat went on to play it, finished by the search
        lines = _Lines(searches)
        actual: list[float | None] = []
        for table, value in zip(tables, values[0], strict=True):
            after = None if value is None else _played(game, table, (played, *then))
            actual.append(value if after is None else worth(
                _finish_turn(game, heuristic, after, seat, nodes, lines)[0], seat))
        values[0] = _better(values[0], actual)
    best = _best(values)
    if best != 0:  # the preferred turn may still be open after the move played
        values[0] = _or_then_preferred(game, worth, tables, seat, played, moves[best],
                                       values[0], turns[best])
        best = _best(values)
    pairs = [(a, b) for a, b in zip(values[0], values[best], strict=True)
             if a is not None and b is not None]
    return played, [a for a, _ in pairs], moves[best], [b for _, b in pairs]


def _best(values: dict[int, list[float | None]]) -> int:
    """The move with the highest mean over the worlds where it is legal (the first among
    equals, so the move played when it ties)."""
    best, best_mean = 0, -math.inf
    for i in values:
        found = [v for v in values[i] if v is not None]
        mean = sum(found) / len(found) if found else -math.inf
        if mean > best_mean + 1e-9:
            best, best_mean = i, mean
    return best


def _or_then_preferred(game: GameModule, worth: Callable[[Any, PlayerId], float],
                       tables: Sequence[Any], seat: PlayerId, played: Any, preferred: Any,
                       row: list[float | None], turns: list[tuple[Any, ...] | None],
                       ) -> list[float | None]:
    """The played move's values (``row``), or those of the preferred move's turn played after
    it (:func:`_then_preferred`), whichever has the higher mean over the same worlds: a way on
    weighed as the candidates are, never world by world. A turn search with a node budget may
    miss from the played move a line it finds from the preferred one: helper-115's pick of one
    more card before ``done`` read as a loss of RM16.6, as its search ran out before the
    Shopping List the ``done`` line completed. A world where that order is illegal keeps the
    played move's own value."""
    moved: list[float | None] = []
    for table, value, line in zip(tables, row, turns, strict=True):
        after = None if value is None or line is None else _played(
            game, table, _then_preferred(played, preferred, line))
        moved.append(value if after is None else worth(after, seat))
    return _better(row, moved)


def _better(row: list[float | None], other: list[float | None]) -> list[float | None]:
    """``other`` if its mean over the worlds where both have a value is higher, else ``row``."""
    pairs = [(a, b) for a, b in zip(row, other, strict=True) if a is not None and b is not None]
    return other if sum(b - a for a, b in pairs) > 1e-9 else row


def review_rows(game: GameModule, states: Sequence[Any], actions: Sequence[Any], seat: PlayerId,
                *, worlds: int = REVIEW_WORLDS, candidates: int = REVIEW_CANDIDATES,
                nodes: int = REVIEW_NODES, progress: bool | Callable[[int, int], None] = False,
                searches: int = REVIEW_SEARCHES,
                measure: ReviewMeasure | None = None) -> list[Decision]:
    """Review every decision ``seat`` made in a game (``states[i]`` is where ``actions[i]``
    was played): one :class:`Decision` each, worked out from ``view(states[i], seat)`` only.

    Args:
        progress: ``True`` shows a tqdm bar on stderr (plain text if tqdm is missing); a
            function ``progress(done, total)`` is called after each decision instead.
        measure: what every decision's result is read in (default: :func:`measure_of` at
            each decision: the Kenduri reads its Menu's lists while the Menu is open, then
            money; each row says its ``unit``).
    """
    heuristic = heuristic_for(game)
    mine = [i for i, a in enumerate(actions) if getattr(a, "player", None) == seat]
    report = _progress(len(mine), progress)
    rows: list[Decision] = []
    for done, i in enumerate(mine, 1):
        state, action = states[i], actions[i]
        legal = game.legal_actions(state) if game.current_player(state) == seat else ()
        if action not in legal:  # out of turn (Rent & Release, an answer): judged alone
            legal = (action,)
        then = []  # the seat's next moves in the same turn (up to another seat's move)
        for later in actions[i + 1:]:
            if getattr(later, "player", None) != seat:
                break
            then.append(later)
        seen = game.view(state, seat)
        here = measure or measure_of(game, heuristic, state.rules, seen)
        played, v_played, preferred, v_pref = review_decision(
            game, seen, legal, action, seat, worlds=worlds, candidates=candidates,
            nodes=nodes, heuristic=heuristic, seed=i, searches=searches, then=tuple(then),
            measure=here)
        m_played, se_played = _mean_se(v_played)
        m_pref, se_pref = _mean_se(v_pref)
        loss, se_loss = _mean_se([b - a for a, b in zip(v_played, v_pref, strict=True)])
        rows.append(Decision(i, i + 1, named(state, played), named(state, preferred),
                             m_played, se_played, m_pref, se_pref, loss,
                             se_loss if preferred != played else 0.0, len(legal),
                             len(v_played), here.unit, here.shared, here.note))  # a board
        # names the moves in the seat's view
        report(done)
    report(None)
    return rows


def _progress(total: int, progress: bool | Callable[[int, int], None],
              ) -> Callable[[int | None], None]:
    if callable(progress):
        def call(done: int | None) -> None:
            if done is not None:
                progress(done, total)
        return call
    if not progress:
        return lambda done: None
    try:
        from tqdm.auto import tqdm  # type: ignore[import-untyped]  # the "analysis" extra
    except ImportError:  # pragma: no cover - plain text then
        def text(done: int | None) -> None:
            if done is not None:
                print(f"\rreviewing decision {done}/{total}", end="", file=sys.stderr)
            else:
                print(file=sys.stderr)
        return text
    bar = tqdm(total=total, desc="reviewing", unit="decision")

    def tick(done: int | None) -> None:
        if done is None:
            bar.close()
        else:
            bar.update(1)

    return tick


def review(game: GameModule, states: Sequence[Any], actions: Sequence[Any], seat: PlayerId,
           *, worlds: int = REVIEW_WORLDS, candidates: int = REVIEW_CANDIDATES,
           nodes: int = REVIEW_NODES, progress: bool | Callable[[int, int], None] = False,
           searches: int = REVIEW_SEARCHES) -> Any:
    """The review of ``seat``'s decisions as a pandas DataFrame (needs the ``analysis`` extra).

    One row per decision: ``decision`` (its index in the history), ``move`` (its number),
    ``played`` and ``preferred`` (the coach's best move, which may be the same),
    ``value_played`` and ``value_preferred`` (the seat's estimated final result after each,
    in the row's ``unit``), ``se_played`` and ``se_preferred`` (their standard errors over the
    ``worlds`` dealt from the seat's view), ``loss`` (preferred minus played, paired over the
    same worlds) and ``se_loss``, ``choices`` (legal moves there), ``unit`` and ``shared``
    (the measure is the table's, the same for every seat: :func:`measure_of`; the Kenduri
    reads its Menu's lists while the Menu is open, then money). ``frame.attrs`` holds
    ``unit`` (the final result's, else the last decision's), ``seat``, ``final`` (the seat's
    real final result once the game is over, in ``unit``, else ``None``), ``ended`` (the
    outcome's ending code, "" until the game is over), ``ending_name`` (how it ended, in
    English: :func:`ending_name`), ``winners`` and ``seats``, ``notes`` (what a measure
    used leaves out, in English: :class:`~marketlib.bots.heuristics.ReviewMeasure`) and
    ``turning_points`` (:func:`turning_points`).
    """
    import pandas as pd  # type: ignore[import-untyped]  # the "analysis" extra

    rows = review_rows(game, states, actions, seat, worlds=worlds, candidates=candidates,
                       nodes=nodes, progress=progress, searches=searches)
    columns = [c for c in Decision.__dataclass_fields__ if c != "note"]  # notes: in attrs
    frame = pd.DataFrame([[getattr(r, c) for c in columns] for r in rows], columns=columns)
    frame = frame.rename(columns={"move_number": "move"})
    heuristic = heuristic_for(game)
    end = states[len(actions)] if len(states) > len(actions) else None
    result = None if end is None else game.outcome(end)
    if end is not None and result is not None:  # a review says it in the language in
        # force; Sendiri has no unit ("RM58" read as money, helper-88)
        measure = measure_of(game, heuristic, end.rules, end)
        frame.attrs["unit"] = measure.unit
        frame.attrs["final"] = measure.worth(end, seat)
    else:
        frame.attrs["unit"] = rows[-1].unit if rows else measure_of(
            game, heuristic, states[0].rules, states[0]).unit
        frame.attrs["final"] = None
    frame.attrs["seat"] = seat
    frame.attrs["ended"] = "" if result is None else str(getattr(result.ending, "value",
                                                                 result.ending))
    frame.attrs["ending_name"] = "" if end is None or result is None else ending_name(
        game, result, end.rules)
    frame.attrs["winners"] = [] if result is None else [int(w) for w in result.winners]
    frame.attrs["notes"] = list(dict.fromkeys(r.note for r in rows if r.note))  # what each
    # measure the rows were read in leaves out
    frame.attrs["seats"] = 0 if result is None else len(result.scores)
    frame.attrs["turning_points"] = turning_points(frame, frame.attrs["unit"])
    return frame


def ending_words(named: str, winners: Sequence[int], seat: PlayerId, seats: int = 0) -> str:
    """How a game ended and who won, as ``seat`` reads it, in the language in force: "(the
    Kenduri failed): nobody won", "(the seal target was reached): you won", "(the Last Round
    was played): P2 won"; a game of one seat (``seats`` 1, Sendiri) that nobody won: "you
    lost". ``named``: how it ended, in English (:func:`ending_name`; "" says only who won)."""
    names = [_("you") if w == seat else f"P{w}" for w in winners]
    who = ((_("you lost") if seats == 1 else _("nobody won")) if not names else
           _("{winners} won").format(winners=names[0] if len(names) == 1 else _(
               "{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])))
    return _(": {winners}").format(winners=who) if not named else _(
        " ({ending}): {winners}").format(ending=_(named), winners=who)


def ending_name(game: GameModule, result: Any, rules: Any) -> str:
    """How a game ended, in a few English words for the catalogue: the game's own
    ``ended_name(ending, rules)`` (Bansan's Kenduri names its feast) by the outcome's ending
    code; "" for a game without one (its ending code is all there is), or a code it does not
    name. The game hands it over itself: nothing is found by a module's path (issue 28)."""
    namer = getattr(game, "ended_name", None)
    if namer is None:
        return ""
    return namer(str(getattr(result.ending, "value", result.ending)), rules) or ""


def turning_points(frame: Any, unit: str = "RM", count: int = 3) -> list[str]:
    """The ``count`` decisions that mattered most, in words: the largest losses (a better move
    was there; the largest is always named, first) and the largest gains (the seat's
    estimated result rose most from its previous decision to after this move), losses first,
    each group largest first. Each is said in its row's ``unit`` (``unit`` where the frame has
    none); a rise is not counted across a change of unit, nor in a measure the table shares
    (``shared``: the other seats' lists completed while the seat waited are not its gain),
    nor a loss or rise that rounds to nothing at the one decimal it is said with.
    Sizes are compared within a unit only: with several (the Kenduri's Menu lists, then its
    money), each unit's largest loss is named, then the others in the order the units came."""
    if len(frame) == 0:
        return []
    events: list[tuple[float, int, str, bool, str]] = []
    before = None
    for row in frame.itertuples(index=False):
        here = getattr(row, "unit", unit) or unit
        if round(row.loss, 1) > 0 and row.preferred != row.played:  # "worth about 0.0
            # Menu lists more" named nothing a learner could see (helper-119)
            events.append((row.loss, row.move, _(
                "Move {move}: you played {played}; {preferred} was worth about {loss} more "
                "(±{error}).").format(move=row.move, played=row.played, preferred=row.preferred,
                                      loss=_amount(row.loss, here),
                                      error=_amount(2 * row.se_loss, here)), True, here))
        if (before is not None and before[1] == here and not getattr(row, "shared", False)
                and round(row.value_played - before[0], 1) > 0):
            gain = row.value_played - before[0]
            events.append((gain, row.move, _(
                "Move {move}: after {played} your expected result stood about {gain} higher "
                "than at your previous decision ({value}).").format(
                    move=row.move, played=row.played, gain=_amount(gain, here),
                    value=_amount(row.value_played, here)), False, here))
        before = (row.value_played, here)
    units = list(dict.fromkeys(e[4] for e in events))  # in the order they first came (the
    # Kenduri's Menu lists, which decide whether anyone wins, before its money)
    first = {u: i for i, u in enumerate(units)}
    order = sorted(events, key=lambda e: (first[e[4]], -e[0], e[1]))  # sizes in one unit
    # only: 0.9 of a Menu list is no smaller than RM1.1 (helper-118)
    costliest = [next(e for e in order if e[3] and e[4] == u) for u in units
                 if any(e[3] and e[4] == u for e in events)]  # each unit's always named
    chosen = costliest[:count]
    if len(units) == 1:
        chosen += [e for e in sorted(events, key=lambda e: (-e[0], e[1]))
                   if e not in chosen][:count - len(chosen)]
    else:
        chosen += [e for e in order if e not in chosen][:count - len(chosen)]
    chosen.sort(key=lambda e: (not e[3], first[e[4]], -e[0], e[1]))  # losses first, each unit
    return [e[2] for e in chosen]  # largest first


def _in_all(frame: Any, unit: str) -> str:
    """The losses summed in each unit of the rows, in the order the units first appear
    ("RM33.0", "0.7 Menu lists and RM3.5")."""
    units = list(dict.fromkeys(frame["unit"])) if "unit" in frame else [unit]
    if len(units) <= 1:
        return _amount(float(frame.loss.sum()), (units[0] or unit) if units else unit)
    sums = [(float(frame.loss[frame["unit"] == u].sum()), u or unit) for u in units]
    parts = [_amount(total, u) for total, u in sums if round(total, 1)] or [
        _amount(*sums[0])]  # a unit whose losses add up to nothing is left out (helper-118)
    return parts[0] if len(parts) == 1 else _("{first} and {last}").format(
        first=", ".join(parts[:-1]), last=parts[-1])


def review_text(frame: Any) -> str:
    """A review in a few sentences (a board's panel shows it): the decisions reviewed, the
    estimated loss in all, and the turning points.

    Example:
        >>> from marketlib import Match
        >>> m = Match("monsoon", None, seed=1)
        >>> for _ in range(4):
        ...     _ = m.play(m.legal_actions()[0])
        >>> review_text(m.review(0)).startswith("Review of P0: 2 decisions")
        True
    """
    unit = frame.attrs.get("unit", POINTS)
    seat = frame.attrs.get("seat", "?")
    if len(frame) == 0:
        return _("Review of P{seat}: no decisions of P{seat} to review yet.").format(seat=seat)
    differ = int(((frame.played != frame.preferred) & (frame.loss.round(1) > 0)).sum())  # as
    # the turning points: a loss that rounds to nothing is no other move preferred (helper-120)
    final = frame.attrs.get("final")
    last = frame["unit"].iloc[-1] if "unit" in frame else unit
    said = {"seat": seat, "count": len(frame), "differ": differ,
            "loss": _in_all(frame, unit),
            "result": _amount(float(frame.value_played.iloc[-1]), last or unit)}
    if final is None:
        text = _("Review of P{seat}: {count} decisions; the coach preferred another move at "
                 "{differ} of them, worth about {loss} in all (estimated final result after "
                 "your last move: {result}).").format(**said)
    else:  # the game is over: its real result first (the estimate alone read as the result:
        # "17.0 seals" for a seat that ended on 12, helper-87), and how it ended
        ended = frame.attrs.get("ended", "")
        text = _("Review of P{seat}: {count} decisions; the coach preferred another move at "
                 "{differ} of them, worth about {loss} in all (your final result: {final}; "
                 "estimated after your last move: {result}).").format(
                     **said, final=_amount(final, unit, 0))
        if ended:  # in the language in force, as the turning points are
            text = _("{review} The game is over{ending}.").format(review=text, ending=(
                ending_words(frame.attrs.get("ending_name", ""), frame.attrs.get("winners", ()),
                             seat, frame.attrs.get("seats", 0))))
    for note in frame.attrs.get("notes", ()):  # in the language in force
        text = f"{text} {_(note)}"
    stored = frame.attrs.get("turning_points")
    # the turning points in the language in force (``review`` kept them in its own)
    points = turning_points(frame, unit) if stored is None or get_language() != "en" else stored
    if points:
        text = _("{review} Turning points: {points}").format(review=text,
                                                             points=" ".join(points))
    return text


def _amount(value: float, unit: str, digits: int = 1) -> str:
    """``RM4.5`` or ``4.5 seals`` (the unit in the language in force; ``digits`` after the
    point: 0 for a real score, ``12 seals``)."""
    if math.isnan(value):
        return "?"
    return f"RM{value:.{digits}f}" if unit == "RM" else f"{value:.{digits}f} {_(unit)}"


def match_hint(match: Any, seat: PlayerId | None = None) -> Hint:
    """``Match.hint``: the hint for ``seat`` (default: the seat to move) from its view.

    Raises:
        ValueError: the game is over, or ``seat`` is not the seat to move.
    """
    game = match.game
    mover = game.current_player(match.state)
    if mover is None:
        raise ValueError("the game is over: there is nothing to hint")
    if seat is not None and seat != mover:
        raise ValueError(f"P{seat} does not decide now (P{mover} does): a hint is for the "
                         f"seat to move")
    view = game.view(match.state, mover)
    return hint(view, game.legal_actions(match.state))


def match_review(match: Any, seat: PlayerId, **options: Any) -> Any:
    """``Match.review``: :func:`review` of ``seat``'s decisions up to the match's cursor."""
    from marketlib.core.game import check_seat, seat_count

    check_seat(seat, seat_count(match.rules, match.state))
    return review(match.game, match.states, match.history, seat, **options)


def game_and_seat(view: Any, legal_actions: tuple[Any, ...]) -> tuple[GameModule, PlayerId]:
    """The game and deciding seat of a view (for callers holding only a view)."""
    return game_of(view), viewer_of(view, legal_actions)


__all__ = ["HINT_ITERATIONS", "Decision", "Hint", "Option", "ending_name", "ending_words", "hint",
           "match_hint", "match_review", "measure_of", "review", "review_decision", "review_rows",
           "review_text", "score_measure", "turning_points", "worth_of"]
