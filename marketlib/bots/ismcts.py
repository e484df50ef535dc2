"""``ISMCTSBot``: information-set Monte Carlo tree search over whole turns.

The bot searches over *macro actions*: whole turns of its own, as :func:`~marketlib.bots.turns.
turn_lines` enumerates them (the same enumeration ``GreedyBot`` uses). The best few distinct
lines of the turn become the children of the root. Each iteration then

1. deals the hidden cards anew from the bot's view (``determinize(view, rng)``), so the search
   never sees the true state, only one of the tables its view allows;
2. picks a root line with UCB1 among the lines legal in that deal;
3. plays a playout: the line, then ``rollout_turns`` turns (by default the game heuristic's:
   Bansan one, the next seat's answer; Monsoon Market two, which in a 2-player game brings the
   play back to the bot) in which the seat to move plays its best whole turn by the game
   heuristic (a Greedy-lite policy: a small turn search, remembered per public position so a
   position met again costs nothing), stopping early when the game ends or a card is drawn
   mid-turn;
4. scores the end with the heuristic (0..1; finished games 1, 1/k or 0) minus the repetition
   penalty of the line, and adds it to the line's statistics.

The most visited line is played: its first decision now, the rest as a plan kept while the
table looks as expected. A turn with one decision, or one sensible line, needs no search. The
search stops before its budget once the most visited line leads every other by more visits
than the iterations left could give them: the budget would choose the same line, sooner
(issue 29, point 3). The budget counts iterations, never seconds (unless ``seconds`` is
given), so a seed gives the same moves on any machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from typing import Any

from marketlib.bots import deals as dealing
from marketlib.bots.base import NOT_YET, Plan, check_choices, game_of, settings_of, viewer_of
from marketlib.bots.heuristics import Heuristic, Repetitions, heuristic_for
from marketlib.bots.turns import Line, turn_lines
from marketlib.core.errors import IllegalAction
from marketlib.core.game import GameModule, PlayerId, seat_count
from marketlib.core.i18n import N_, Later, named, naming_moves, said


class _Arm:
    """One child of the root: a candidate line and its statistics (``squares``, the sum of
    the squared rewards, lets the coach tell how uncertain a mean is)."""

    __slots__ = ("line", "penalty", "squares", "total", "visits")

    def __init__(self, line: Line, penalty: float) -> None:
        self.line = line
        self.penalty = penalty
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class ISMCTSBot:
    """Information-set MCTS over whole turns, with Greedy-lite playouts and heuristic leaves.

    Args:
        iterations: simulations per search (default 1,000), used when ``seconds`` is None.
        seconds: a time budget per search instead (results then depend on machine speed).
        exploration: the UCB1 constant (rewards are in 0..1); ``None`` (the default) takes the
            game heuristic's ``exploration`` (Monsoon Market 0.1; Bansan 0.03, measured
            stronger there, see ``benchmarks/bots_strength.py``).
        candidates: the most root lines searched (default 8): the best line for every distinct
            first decision, then the next best lines.
        rollout_turns: turns played by the playout policy after the root line; ``None`` (the
            default) takes the game heuristic's ``rollout_turns`` (Bansan 1: the next seat's
            answer; Monsoon Market 2, measured stronger: 73-75% against GreedyBot in 2-player
            games instead of 58-64%, see ``benchmarks/bots_strength.py``). More turns model
            more of the table but cost more per iteration.
        playout_nodes: the turn-search budget of the playout policy (default 300 decisions).
        reply_searches: turn searches the playouts may run per decision (default 8); a
            playout that meets a new position after that replays a turn already found for
            the same root line in another deal (the first one legal here), so a decision costs
            a bounded amount of search whatever cards the deals reveal. The searches were most
            of a move's time: with 24 (the default before issue 29) a move took up to 0.7-1.0 s
            of CPU at p95 in Bansan and the Kenduri, with 8 at most 0.43 s
            (``benchmarks/bots_latency.py``; strength in ``benchmarks/bots_strength.py``).
        max_nodes: the turn-search budget for the root lines (default 4,000, as GreedyBot).
        heuristic: the evaluation the search plays and scores by (default: the game's,
            :func:`~marketlib.bots.heuristics.heuristic_for`).
        deals: also trade (Bansan, B-ANY-01/02; :mod:`marketlib.bots.deals`): propose a trade
            out of turn when it raises the heuristic's value, and answer offers by the value
            after the deal, as ``GreedyBot(deals=True)`` does. Off by default.

    Raises:
        ValueError: a non-positive budget, or a negative ``exploration``.

    Example:
        >>> import random
        >>> from marketlib import monsoon
        >>> s = monsoon.setup(monsoon.Rules(), seed=1)
        >>> bot = ISMCTSBot(iterations=50)
        >>> a = bot.choose(monsoon.view(s, 0), monsoon.legal_actions(s), random.Random(0))
        >>> a in monsoon.legal_actions(s)
        True
    """

    def __init__(
        self,
        iterations: int = 1000,
        *,
        seconds: float | None = None,
        exploration: float | None = None,
        candidates: int = 8,
        rollout_turns: int | None = None,
        playout_nodes: int = 300,
        max_nodes: int = 4000,
        reply_searches: int = 8,
        heuristic: Heuristic | None = None,
        deals: bool = False,
    ) -> None:
        if iterations < 1 or (seconds is not None and seconds <= 0) or candidates < 1:
            raise ValueError("iterations, seconds and candidates must be positive")
        if exploration is not None and not exploration >= 0:
            raise ValueError("exploration must be >= 0")
        if (rollout_turns is not None and rollout_turns < 0) or reply_searches < 0 or min(
                playout_nodes, max_nodes) < 1:
            raise ValueError("rollout_turns and reply_searches must be >= 0, playout_nodes "
                             "and max_nodes >= 1")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.candidates = candidates
        self.rollout_turns = rollout_turns
        self.playout_nodes = playout_nodes
        self.max_nodes = max_nodes
        self.reply_searches = reply_searches
        self.heuristic = heuristic
        self.deals = deals
        self._proposed: set[Any] = set()
        self.last_iterations = 0
        self._last: str = NOT_YET
        self._seen = Repetitions()
        self._plan = Plan()

    def choose(self, view: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """The first decision of the most visited line after the search budget is spent.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        check_choices(legal_actions)
        game = game_of(view)
        me = viewer_of(view, legal_actions)
        if self.deals and dealing.deals_in(view) and view.offer is not None:
            self._plan = Plan()
            heuristic = heuristic_for(game) if self.heuristic is None else self.heuristic
            reply = dealing.answer(game, heuristic, game.determinize(view, rng), me,
                                   legal_actions)
            if reply is not None:
                self._last = reply.words
                return reply.action
        planned = self._plan.next(game, view, legal_actions, me)
        if planned is not None:
            return planned
        if len(legal_actions) == 1:
            self.last_iterations = 0
            world = game.determinize(view, rng) if naming_moves() else None  # to word it
            self._last = Later(N_("plays {move}, the only legal action."),  # the seat is
                               move=named(world, legal_actions[0], step=True))  # said before
            return legal_actions[0]
        heuristic = heuristic_for(game) if self.heuristic is None else self.heuristic
        table = game.determinize(view, rng)
        self._seen.add(heuristic.public_key(table))
        arms = self._arms(game, heuristic, table, me, legal_actions)
        done = 0
        if len(arms) > 1:
            done = self._search(game, heuristic, view, arms, rng, me)
        self.last_iterations = done
        ranked = sorted(arms, key=lambda a: -a.visits)  # stable: Greedy's order on ties
        best = ranked[0]
        line = best.line
        self._seen.add(heuristic.public_key(line.end))
        self._plan.start(game, table, line.actions, me)
        self._last = self._explain(heuristic, table, me, ranked, done)
        return line.actions[0]

    def _arms(
        self,
        game: GameModule,
        heuristic: Heuristic,
        table: Any,
        me: PlayerId,
        legal: tuple[Any, ...],
    ) -> list[_Arm]:
        lines = turn_lines(game, heuristic, table, me, legal, max_nodes=self.max_nodes,
                           penalty=self._seen.penalty)
        chosen: list[Line] = []
        ends: set[Hashable] = set()
        firsts: set[Any] = set()
        for line in lines:  # the best line of every first decision, then the next best
            end = heuristic.canonical(line.end)
            if line.actions[0] not in firsts and end not in ends:
                firsts.add(line.actions[0])
                ends.add(end)
                chosen.append(line)
        chosen = chosen[: self.candidates]
        for line in lines:
            if len(chosen) >= self.candidates:
                break
            end = heuristic.canonical(line.end)
            if end not in ends:
                ends.add(end)
                chosen.append(line)
        chosen.sort(key=lambda ln: ln.key, reverse=True)
        return [_Arm(ln, self._seen.penalty(heuristic.public_key(ln.end))) for ln in chosen]

    def _search(
        self,
        game: GameModule,
        heuristic: Heuristic,
        view: Any,
        arms: list[_Arm],
        rng: random.Random,
        me: PlayerId,
    ) -> int:
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        replies = _Replies(self.reply_searches)
        # a heuristic written before ``exploration`` joined the protocol searches as before
        c = getattr(heuristic, "exploration", 0.1) if self.exploration is None else \
            self.exploration
        sqrt, log = math.sqrt, math.log
        # the root lines are the bot's own decisions, legal in every deal its view allows
        own = _play_own if hasattr(game, "apply_legal") else _play
        done = 0
        while True:
            if deadline is None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline and done > 0:
                break
            state = game.determinize(view, rng)
            done += 1
            log_n = log(done)
            order = sorted(
                range(len(arms)),
                key=lambda i: -(arms[i].total / arms[i].visits
                                + c * sqrt(log_n / arms[i].visits))
                if arms[i].visits else -math.inf,
            )
            for index in order:  # the first line legal in this deal
                after = own(game, state, arms[index].line.actions)
                if after is not None:
                    break
            else:
                continue
            arm = arms[index]
            replies.steps += len(arm.line.actions) + 1  # the line, and the deal
            end = self._playout(game, heuristic, after, replies, index)
            arm.visits += 1
            reward = heuristic.evaluate(end, me) - arm.penalty
            arm.total += reward
            arm.squares += reward * reward
            if deadline is None and _settled(arms, self.iterations - done):
                break
        self.last_steps = replies.steps
        return done

    def _playout(
        self,
        game: GameModule,
        heuristic: Heuristic,
        state: Any,
        replies: _Replies,
        arm: int,
    ) -> Any:
        """The playout's end; its cost goes to ``replies.steps`` (a turn search counts its
        node budget, a replayed line its length)."""
        for depth in range(self._turns(heuristic)):
            seat = game.current_player(state)
            if seat is None:
                break
            key = (seat, heuristic.public_key(state))
            line = replies.exact.get(key)
            if line is not None:
                after = _play(game, state, line)
                replies.steps += len(line)
                if after is None:  # a hidden card made the remembered line illegal here
                    break
                state = after
            else:
                found = replies.found.setdefault((arm, depth, seat), [])
                if replies.left > 0:  # search this seat's best turn
                    replies.left -= 1
                    line = replies.exact[key] = turn_lines(
                        game, heuristic, state, seat, max_nodes=self.playout_nodes)[0].actions
                    found.append(line)
                    replies.steps += self.playout_nodes
                    state = _replay(game, state, [line])
                else:  # out of searches: a turn found in another deal after the same line
                    state = _replay(game, state, found)
                    replies.steps += sum(len(ln) for ln in found)
            if game.current_player(state) == seat:  # the line stopped at a drawn card
                break
        return state

    def _turns(self, heuristic: Heuristic) -> int:
        """The playout's turns: the bot's own ``rollout_turns``, else the game heuristic's."""
        return heuristic.rollout_turns if self.rollout_turns is None else self.rollout_turns

    def _explain(self, heuristic: Heuristic, table: Any, me: PlayerId, ranked: list[_Arm],
                 done: int) -> str:
        """The choice in one sentence (a :class:`~marketlib.core.i18n.Later`, worded in the
        reader's language where it is read)."""
        best = ranked[0]
        what = Later.by(_unstopped,
                        heuristic.describe(table, best.line.actions, best.line.end, me))
        if not done:
            return Later(N_("{what}; it was the only sensible way to play this turn."),
                         what=what)
        turns = self._turns(heuristic)
        slots = {"what": what, "done": done, "percent": f"{100 * best.mean:.0f}",
                "visits": best.visits, "turns": turns}
        solo = seat_count(table.rules, table) == 1
        if turns == 0 and solo:  # the Sendiri scale below, with nothing played after the turn
            text = Later(N_("{what}; in {done} simulated futures (each with the hidden cards "
                            "dealt anew and nothing played after it) this turn scored best, "
                            "about {percent}% (a score of the money and stock the turn leaves, "
                            "not a chance to win: the Sendiri target, 2 x the completed lists' "
                            "value, is counted only at the end, B-SOLO-18; tried in {visits} "
                            "of them)"), **slots)
        elif turns == 0:
            text = Later(N_("{what}; in {done} simulated futures (each with the hidden cards "
                            "dealt anew and nothing played after it) this turn scored best, "
                            "about {percent}% (a score from 0%, lost, to 100%, won; tried in "
                            "{visits} of them)"), **slots)
        elif solo:  # Sendiri: no other seat answers, and the score is the money and stock a
            # line leaves, not the solo count (helper-106 read "the next seat answering" and
            # followed "about 100%" into a lost game); said so until the evaluation reads the
            # B-SOLO-18 target
            text = Later(N_("{what}; in {done} simulated futures (each with the hidden cards "
                            "dealt anew and P{seat}'s next turn played at its best) this turn "
                            "scored best, about {percent}% (a score of the money and stock the "
                            "turn leaves, not a chance to win: the Sendiri target, 2 x the "
                            "completed lists' value, is counted only at the end, B-SOLO-18; "
                            "tried in {visits} of them)") if turns == 1 else
                         N_("{what}; in {done} simulated futures (each with the hidden cards "
                            "dealt anew and P{seat}'s next {turns} turns played at their "
                            "best) this turn scored best, about {percent}% (a score of the "
                            "money and stock the turns leave, not a chance to win: the Sendiri "
                            "target, 2 x the completed lists' value, is counted only at the "
                            "end, B-SOLO-18; tried in {visits} of them)"), seat=me, **slots)
        elif turns == 1:
            text = Later(N_("{what}; in {done} simulated futures (each with the hidden cards "
                            "dealt anew and the next seat answering with its best turn) this "
                            "turn scored best, about {percent}% (a score from 0%, lost, to "
                            "100%, won; tried in {visits} of them)"), **slots)
        else:
            text = Later(N_("{what}; in {done} simulated futures (each with the hidden cards "
                            "dealt anew and the next {turns} turns played, each seat its best "
                            "turn) this turn scored best, about {percent}% (a score from 0%, "
                            "lost, to 100%, won; tried in {visits} of them)"),
                         **slots)
        first = best.line.actions[0]  # the next best *other* move: a line that begins with
        # the same move is no alternative (helper-63); the best by its score, not by how often
        # it was tried, so a hint's "Also weighed" reads in the same order (helper-91: "next
        # best ... at about 34%" beside another move's 36%)
        second = max((arm for arm in ranked[1:] if arm.line.actions[0] != first),
                     key=lambda arm: arm.mean, default=None)  # ties: the most tried
        if second is not None and round(100 * second.mean) > round(100 * best.mean):
            # tried less, so not played: said so, not called the next best (helper-95; rare:
            # the search tries a higher estimate next, unless it stopped early)
            text = Later(N_("{scored}; {move} scored about {percent}%, but in only {visits} "
                            "of them, too few to trust it over this turn"),
                         scored=text, move=named(table, second.line.actions[0]),
                         percent=f"{100 * second.mean:.0f}", visits=second.visits)
        elif second is not None:
            text = Later(N_("{scored}; next best began with {move} at about {percent}%"),
                         scored=text, move=named(table, second.line.actions[0]),
                         percent=f"{100 * second.mean:.0f}")
        return Later.by(_stopped, text)

    def any_time(self, view: Any, actions: tuple[Any, ...], rng: random.Random) -> Any | None:
        """A trade to propose now when the bot deals (:func:`~marketlib.bots.deals.proposal`,
        at most one per turn, never the same twice), else ``None``: without ``deals`` it
        plays no out-of-turn action, as before."""
        if not self.deals or not dealing.deals_in(view) or view.turn in self._proposed:
            return None
        game = game_of(view)
        me = viewer_of(view, actions)
        heuristic = heuristic_for(game) if self.heuristic is None else self.heuristic
        deal = dealing.proposal(game, heuristic, game.determinize(view, rng), me)
        if deal is None or deal.action in self._proposed:
            return None
        self._proposed.update((view.turn, deal.action))
        self._last = deal.words
        return deal.action

    def explain_choice(self) -> str:
        """One sentence about the last choice and how the search rated it (a
        :class:`~marketlib.core.i18n.Later`: English, worded in the reader's language where it
        is read)."""
        return self._last

    def __repr__(self) -> str:  # every setting that is not the default (a frame's label),
        # the iterations first and bare, unless a clock budget replaces them
        shown = [part.removeprefix("iterations=") for part in settings_of(self)
                 if self.seconds is None or not part.startswith("iterations=")]
        return f"{type(self).__name__}({', '.join(shown)})"


def _unstopped(sentence: str) -> str:
    """``sentence`` in the language in force, without its full stop (quoted in another)."""
    return said(sentence).rstrip(".")


def _stopped(sentence: str) -> str:
    """``sentence`` in the language in force, with a full stop."""
    return said(sentence) + "."


class _Replies:
    """The playouts' answers in one search: each turn searched, by seat and public position
    (``exact``), and by root line, depth and seat (``found``, reused once ``left``, the turn
    searches still allowed, is spent)."""

    __slots__ = ("exact", "found", "left", "steps")

    def __init__(self, budget: int) -> None:
        self.exact: dict[Hashable, tuple[Any, ...]] = {}
        self.found: dict[tuple[int, int, int], list[tuple[Any, ...]]] = {}
        self.left = budget
        self.steps = 0


def _settled(arms: list[_Arm], left: int) -> bool:
    """Whether the most visited line can no longer change: its visits exceed every other
    line's by more than the ``left`` iterations could give them."""
    first = second = 0
    for arm in arms:
        v = arm.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first > second + left


def _replay(game: GameModule, state: Any, lines: list[tuple[Any, ...]]) -> Any:
    """``state`` after the first of ``lines`` (latest first) that is legal all through here,
    else after the longest legal start of one of them (possibly none of it)."""
    apply = game.apply
    best, longest = state, 0
    for line in reversed(lines):
        now = state
        for done, action in enumerate(line):
            try:
                now = apply(now, action)
            except IllegalAction:
                if done > longest:
                    best, longest = now, done
                break
        else:
            return now
    return best


def _play_own(game: GameModule, state: Any, actions: tuple[Any, ...]) -> Any:
    """``state`` after ``actions``, the searching seat's own line found in another deal of the
    hidden cards: legal here too, since the seat cannot tell the deals apart until a card is
    drawn and a line stops at a drawn card, so the rules' checks are skipped
    (``game.apply_legal``)."""
    apply = game.apply_legal  # type: ignore[attr-defined]
    for action in actions:
        state = apply(state, action)
    return state


def _play(game: GameModule, state: Any, actions: tuple[Any, ...]) -> Any:
    """``state`` after ``actions``, or ``None`` when one of them is not legal there (``apply``
    runs the rules' check for each: cheaper than listing every legal action)."""
    apply = game.apply
    try:
        for action in actions:
            state = apply(state, action)
    except IllegalAction:
        return None
    return state


__all__ = ["ISMCTSBot"]
