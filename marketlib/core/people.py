"""The random tester that plays like people (issue 26): ``check_people``.

Bots only ever choose among the deciding seat's ``legal_actions``; people also act out of turn,
propose deals with terms of their own, answer offers meant for someone else and click choices
they saw a moment ago. ``check_people`` plays random games in which, at every decision point,
every seat may try such actions:

* the game's own ``person_action(state, seat, rng)`` when it has one (Bansan: trades and
  bargains with random terms, counters, accepts and declines, Rent & Release);
* a *stale click*: an action that was legal a few decisions ago;
* any well-formed candidate action (``candidate_actions``).

After every attempt: ``explain`` agrees with ``apply`` (both refuse with the same rule, or both
accept); a refused action leaves the state byte-identical. After every action played: the
game's invariants hold (``check_invariants``, and ``check_step(before, action, after)`` where
the game has it: Bansan checks that money moved only by the transfers its rules name), and
``view(determinize(view(s, p)), p) == view(s, p)`` for one seat in turn; every 10th action, the
state's JSON round trip is exact. Games that have a ``person_action`` hook play its legal
attempts at ``play_rate``, so the paths only people take are walked, not only tried.

Example:
    >>> from marketlib.core.testing import check_people
    >>> report = check_people("bansan", n_games=1, seed=3)
    >>> report.games, report.refused > 0, report.played_people > 0
    (1, True, True)
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from marketlib.core.errors import ConformanceError, IllegalAction, InvalidAction, Violation
from marketlib.core.game import GameModule, seat_count
from marketlib.core.registry import resolve_game


@dataclass
class PeopleReport:
    """What ``check_people`` played and tried.

    Attributes:
        games, decisions: games played to the end and actions played in them.
        tried: actions attempted beside the decisions (people's actions, stale clicks,
            candidates). refused: those refused with a rule (state unchanged). invalid: those
            that were not actions of the game at all (``InvalidAction``, state unchanged).
        played_people: attempts that were legal and played (deals, answers, R&R, ...).
        played: per action kind, how many were played; refusals: per rule ID, how many refusals.
        people_phases: per phase (a state's ``phase``), how many people's actions were played
            there. endings: how the games ended.
    """

    games: int = 0
    decisions: int = 0
    tried: int = 0
    refused: int = 0
    invalid: int = 0
    played_people: int = 0
    played: Counter[str] = field(default_factory=Counter)
    refusals: Counter[str] = field(default_factory=Counter)
    people_phases: Counter[str] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)


def check_people(
    game: str | GameModule,
    rules: Any = None,
    *,
    n_games: int = 20,
    seed: int = 0,
    tries: int = 3,
    play_rate: float = 0.35,
    max_decisions: int = 20_000,
) -> PeopleReport:
    """Play ``n_games`` random games (seeds ``seed ..``) in which every seat also tries what
    people do, and check every promise after every attempt (module docstring).

    Args:
        game: a game module or name.
        rules: the rules to check (``None``: defaults).
        n_games: how many games.
        seed: the first game seed (the random choices use the same seed).
        tries: attempts at every decision point, each by a random seat.
        play_rate: the share of legal people's actions that are played.
        max_decisions: a game longer than this fails ("every game ends").

    Returns:
        a :class:`PeopleReport`.

    Raises:
        ConformanceError: with the seed, the action number and the action that broke a promise.
    """
    module = resolve_game(game)
    if rules is None:
        rules = module.Rules()
    report = PeopleReport()
    for g in range(n_games):
        _Game(module, rules, seed + g, report, tries, play_rate).play(max_decisions)
    return report


class _Game:
    """One game of the random tester."""

    def __init__(self, game: GameModule, rules: Any, seed: int, report: PeopleReport,
                 tries: int, play_rate: float) -> None:
        self.game = game
        self.rules = rules
        self.seed = seed
        self.report = report
        self.tries = tries
        self.play_rate = play_rate
        self.rng = random.Random(seed)
        self.state = game.setup(rules, seed)
        self.state_type = type(self.state)
        self.seats = seat_count(rules, self.state)
        self.step = 0
        self.recent: deque[Any] = deque(maxlen=24)  # legal a few decisions ago: stale clicks
        people: Callable[[Any, int, random.Random], Any] | None = getattr(
            game, "person_action", None)
        self.people = people
        self.check_step: Callable[[Any, Any, Any], list[str]] | None = getattr(
            game, "check_step", None)

    def fail(self, message: str) -> ConformanceError:
        return ConformanceError(f"seed {self.seed}, action {self.step}: {message}")

    def play(self, max_decisions: int) -> None:
        game, report = self.game, self.report
        while game.outcome(self.state) is None:
            if self.step >= max_decisions:
                raise self.fail(f"the game did not end within {max_decisions} actions")
            played = False
            before = msgspec.json.encode(self.state)
            tried = []
            for _ in range(self.tries):
                attempt, from_people = self.attempt()
                if attempt is None:
                    continue
                tried.append(attempt)
                legal = self.try_action(attempt)
                if legal and from_people and self.rng.random() < self.play_rate:
                    played = True
                    break
            if msgspec.json.encode(self.state) != before:  # trying changes nothing, refused or not
                raise self.fail(f"trying {', '.join(map(str, tried))} changed the state")
            if played:
                report.people_phases[str(getattr(self.state, "phase", "-"))] += 1
                self.advance(tried[-1])
                report.played_people += 1
            if not played:
                legal_now = game.legal_actions(self.state)
                if not legal_now:
                    raise self.fail("the game is not over but there is no legal action")
                self.recent.extend(legal_now[:4])
                self.advance(self.rng.choice(legal_now))
        outcome = game.outcome(self.state)
        assert outcome is not None
        report.games += 1
        report.endings[str(outcome.ending)] += 1

    def attempt(self) -> tuple[Any, bool]:
        """An action some seat might try now, and whether it came from ``person_action``."""
        rng = self.rng
        roll = rng.random()
        if self.people is not None and roll < 0.6:
            decider = self.game.current_player(self.state)
            seat = decider if decider is not None and rng.random() < 0.4 else rng.randrange(
                self.seats)  # the decider most often has something to say (an answer, a bargain)
            found = self.people(self.state, seat, rng)
            if found is not None:
                return found, True
        if roll < 0.8 and self.recent:
            return rng.choice(self.recent), False
        candidates = self.game.candidate_actions(self.state)
        return (rng.choice(candidates) if candidates else None), False

    def try_action(self, action: Any) -> bool:
        """Attempt ``action`` without keeping it: ``explain`` and ``apply`` agree, and a refusal
        changes nothing. True when it is legal."""
        game, state = self.game, self.state
        self.report.tried += 1
        try:
            why = game.explain(state, action)
        except InvalidAction:
            try:
                game.apply(state, action)
            except InvalidAction:
                self.report.invalid += 1
                return False
            raise self.fail(f"explain called {action!r} not an action, apply played it") from None
        try:
            game.apply(state, action)
        except IllegalAction as err:
            if not isinstance(why, Violation):
                raise self.fail(f"explain accepts {action}, apply refuses it: {err}") from None
            if err.rule != why.rule or not err.rule:
                raise self.fail(f"{action}: explain cites {why.rule}, apply {err.rule}") from None
            self.report.refused += 1
            self.report.refusals[err.rule] += 1
            return False
        if why is not None:
            raise self.fail(f"explain refuses {action} ({why.rule}: {why.reason}), apply "
                            "played it")
        return True

    def advance(self, action: Any) -> None:
        """Play ``action`` and check the state it leads to."""
        game = self.game
        before = self.state
        after = game.apply(before, action)
        self.step += 1
        self.report.decisions += 1
        self.report.played[type(action).__name__] += 1
        if self.step % 10 == 0:  # as saved and loaded (a full decode: every 10th action)
            decoded = msgspec.json.decode(msgspec.json.encode(after), type=self.state_type)
            if decoded != after:
                raise self.fail(f"after {action}: the state's JSON round trip is not exact")
        problems = list(game.check_invariants(after))
        if self.check_step is not None:
            problems += self.check_step(before, action, after)
        if problems:
            raise self.fail(f"after {action}: invariant broken: " + "; ".join(problems))
        if game.outcome(after) is None:
            seat = self.step % self.seats
            seen = game.view(after, seat)
            if game.view(game.determinize(seen, self.rng), seat) != seen:
                raise self.fail(f"after {action}: view(determinize(view(s, {seat})), {seat}) "
                                "differs from the view it was built from")
        self.state = after
