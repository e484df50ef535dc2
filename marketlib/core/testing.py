"""The conformance kit: random legal games that check every promise a game makes.

``check_game(game, rules, n_games=...)`` plays random legal games (seeded) and checks, at every
decision: the legal actions are deterministic and each one applies; sampled illegal actions raise
:class:`IllegalAction` with a rule ID and leave the state equal to before; ``explain`` agrees with
``legal_actions``; ``apply`` never mutates its input; the state's JSON round trip is exact; each
seat's view hides what it must, and ``view(determinize(view(s, p)), p) == view(s, p)`` (every
10th decision); the game's own invariants hold (conservation of cards, money, seals); and every
game ends, in one of the endings its ``GAME.endings`` declares. Once per game, ``Match``
replays and its save round trip is exact.

``check_people(game, rules, n_games=...)`` plays random games in which every seat also does what
people do: deals with random terms, answers, out-of-turn moves and stale clicks
(:mod:`marketlib.core.people`).

``check_hidden_information(game, rules, payload=...)`` checks that a seat learns nothing it may
not see, from the views or from everything a front end is sent (the boards pass their payload).

Users can run both on their own rule variants or card data::

    from marketlib.core.testing import check_game
    from marketlib import monsoon
    check_game(monsoon, monsoon.Rules(players=4, goods_deck="my_goods.csv"), n_games=50)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from marketlib.core.errors import ConformanceError, IllegalAction, Violation
from marketlib.core.game import GameModule
from marketlib.core.match import Match
from marketlib.core.people import PeopleReport, check_people
from marketlib.core.registry import resolve_game

__all__ = ["ConformanceError", "ConformanceReport", "HiddenInformationReport", "PeopleReport",
           "check_game", "check_hidden_information", "check_people", "view_payload"]


@dataclass
class ConformanceReport:
    """What ``check_game`` played: games, decisions, and how the games ended."""

    games: int = 0
    decisions: int = 0
    illegal_checked: int = 0
    any_time: int = 0
    longest_game: int = 0
    endings: Counter[str] = field(default_factory=Counter)


def check_game(
    game: str | GameModule,
    rules: Any = None,
    *,
    n_games: int = 20,
    seed: int = 0,
    max_decisions: int = 50_000,
    illegal_samples: int = 4,
    apply_all_legal: bool = True,
    check_match: bool = True,
    any_time_rate: float = 0.05,
) -> ConformanceReport:
    """Play ``n_games`` random legal games with seeds ``seed .. seed+n_games-1`` and check them.

    Args:
        game: a game module or name.
        rules: the rules to check (``None``: defaults).
        n_games: how many games.
        seed: the first game seed (random choices use the same seed).
        max_decisions: a game longer than this fails ("every game ends").
        illegal_samples: how many illegal candidate actions to try at each decision.
        apply_all_legal: apply every legal action at every decision (not only the one chosen).
        check_match: replay each game through ``Match`` and round-trip its save data.
        any_time_rate: at this share of decisions, a random seat plays one of its out-of-turn
            actions instead (for a game with ``any_time_actions(state, seat)``): it must be
            legal, keep whose decision it is (unless its type is one of the game's optional
            ``HANDS_BACK``: taking back one's own offer hands the decision back), and keep
            every invariant. At every tenth decision, each seat's any-time actions asked of
            its own view must be those asked of the state (a board lists them from the view).

    Returns:
        a :class:`ConformanceReport`.

    Raises:
        ConformanceError: with the seed and decision where a promise broke.
    """
    module = resolve_game(game)
    if rules is None:
        rules = module.Rules()
    report = ConformanceReport()
    for g in range(n_games):
        game_seed = seed + g
        _check_one(module, rules, game_seed, report, max_decisions, illegal_samples,
                   apply_all_legal, check_match, any_time_rate)
    return report


def _fail(seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"seed {seed}, decision {step}: {message}")


def _check_one(
    game: GameModule,
    rules: Any,
    seed: int,
    report: ConformanceReport,
    max_decisions: int,
    illegal_samples: int,
    apply_all_legal: bool,
    check_match: bool,
    any_time_rate: float = 0.05,
) -> None:
    rng = random.Random(seed)
    state = game.setup(rules, seed)
    if game.setup(rules, seed) != state:
        raise _fail(seed, 0, "setup is not deterministic for a fixed seed")
    state_type = type(state)
    actions: list[Any] = []
    step = 0
    while game.outcome(state) is None:
        if step >= max_decisions:
            raise _fail(seed, step, f"the game did not end within {max_decisions} decisions")
        _check_state(game, state, state_type, seed, step)
        legal = game.legal_actions(state)
        if not legal:
            raise _fail(seed, step, "the game is not over but there is no legal action")
        if game.legal_actions(state) != legal:
            raise _fail(seed, step, "legal_actions is not deterministic")
        if len(set(legal)) != len(legal):
            raise _fail(seed, step, "legal_actions repeats an action")
        player = game.current_player(state)
        if player is None:
            raise _fail(seed, step, "current_player is None before the game is over")
        if step % 10 == 0:  # a seat's view rebuilt into a world looks the same to that seat
            seen = game.view(state, player)
            if game.view(game.determinize(seen, rng), player) != seen:
                raise _fail(seed, step, f"view(determinize(view(s, {player})), {player}) "
                                        "differs from the view it was built from")
            _any_time_from_views(game, state, seed, step)
        before = msgspec.json.encode(state)
        to_apply = legal if apply_all_legal else (rng.choice(legal),)
        for action in to_apply:
            why = game.explain(state, action)
            if why is not None:
                raise _fail(seed, step, f"legal action {action} is explained as illegal: {why}")
            if game.apply(state, action) is state:  # a board's kept log tells timelines
                # apart by their states (marketlib.widgets.story.kept_log)
                raise _fail(seed, step, f"apply({action}) returned the state it was given: "
                                        "each move makes a new state")
            if str(game.parse_action(str(action))) != str(action) or (
                game.parse_action(str(action)) != action
            ):
                raise _fail(seed, step, f"parse_action(str({action!r})) does not read it back")
        legal_set = set(legal)
        extra = _any_time(game, state)
        legal_set.update(a for actions in extra.values() for a in actions)
        illegal = [a for a in game.candidate_actions(state) if a not in legal_set]
        for action in rng.sample(illegal, min(illegal_samples, len(illegal))):
            why = game.explain(state, action)
            if not isinstance(why, Violation) or not why.rule:
                raise _fail(seed, step, f"illegal action {action} has no explanation")
            try:
                game.apply(state, action)
            except IllegalAction as err:
                if not err.rule:
                    raise _fail(seed, step, f"{action} was refused without a rule ID") from None
            else:
                raise _fail(seed, step, f"illegal action {action} was applied")
            report.illegal_checked += 1
        if msgspec.json.encode(state) != before:
            raise _fail(seed, step, "apply changed its input state")
        out_of_turn = [(s, a) for s, actions in extra.items() for a in actions]
        if out_of_turn and rng.random() < any_time_rate:
            pick = rng.choice(out_of_turn)
            state = _play_any_time(game, state, pick, seed, step)
            actions.append(pick[1])
            report.any_time += 1
            step += 1
            continue
        action = rng.choice(legal)
        state = game.apply(state, action)
        actions.append(action)
        step += 1
    _check_state(game, state, state_type, seed, step)
    if game.legal_actions(state):
        raise _fail(seed, step, "the game is over but legal actions remain")
    outcome = game.outcome(state)
    assert outcome is not None
    if outcome.ending not in game.GAME.endings:
        raise _fail(seed, step, f"the game ended with {outcome.ending.value!r}, which is not "
                                f"among GAME.endings")
    report.games += 1
    report.decisions += step
    report.longest_game = max(report.longest_game, step)
    report.endings[str(outcome.ending)] += 1
    if check_match:
        match = Match.replay(game, rules, seed, actions)
        if match.state != state:
            raise _fail(seed, step, "Match.replay did not reproduce the game")
        again = Match.from_dict(msgspec.json.decode(msgspec.json.encode(match.to_dict())))
        if again.state != state or again.history != match.history:
            raise _fail(seed, step, "the Match save round trip is not exact")


def _any_time(game: GameModule, state: Any) -> dict[int, tuple[Any, ...]]:
    """Every seat's any-time actions (a game's optional ``any_time_actions(state, seat)``)."""
    listing = getattr(game, "any_time_actions", None)
    if listing is None:
        return {}
    return {s: listing(state, s) for s in range(_players(game, state))}


def _any_time_from_views(game: GameModule, state: Any, seed: int, step: int) -> None:
    """Each seat's any-time actions, asked of its own view, are those asked of the state: a
    board lists them from the seat's view (``marketlib.widgets.payload.any_time_actions``)."""
    listing = getattr(game, "any_time_actions", None)
    if listing is None:
        return
    for seat in range(_players(game, state)):
        try:
            seen = listing(game.view(state, seat), seat)
        except Exception as err:  # a listing that cannot read a view: reported, not a crash
            raise _fail(seed, step, f"any_time_actions(view(s, {seat}), {seat}) raised "
                                    f"{type(err).__name__}: {err}") from err
        if seen != listing(state, seat):
            raise _fail(seed, step, f"any_time_actions(view(s, {seat}), {seat}) differs from "
                                    f"any_time_actions(s, {seat})")


def _play_any_time(game: GameModule, state: Any, pick: tuple[int, Any], seed: int,
                   step: int) -> Any:
    """Play one seat's out-of-turn action: it is legal, and whose decision it is stays (but
    for the game's ``HANDS_BACK`` kinds, which end a decision another seat was asked to make,
    such as an answer to one's own offer)."""
    seat, action = pick
    why = game.explain(state, action)
    if why is not None:
        raise _fail(seed, step, f"any-time action {action} of P{seat} is explained as illegal: "
                                f"{why}")
    decider = game.current_player(state)
    after = game.apply(state, action)
    if game.outcome(after) is None and game.current_player(after) != decider and (
            seat != decider) and not isinstance(action, getattr(game, "HANDS_BACK", ())):
        raise _fail(seed, step, f"P{seat}'s any-time action {action} changed whose decision "
                                f"it is (P{decider} -> P{game.current_player(after)})")
    return after


def _check_state(game: GameModule, state: Any, state_type: Any, seed: int, step: int) -> None:
    decoded = msgspec.json.decode(msgspec.json.encode(state), type=state_type)
    if decoded != state:
        raise _fail(seed, step, "the state's JSON round trip is not exact")
    problems = game.check_invariants(state)
    if problems:
        raise _fail(seed, step, "invariant broken: " + "; ".join(problems))


# --------------------------------------------------------------------------- hidden information
Payload = Callable[[Match, int], Any]
"""What a front end is sent for one seat of a match: ``payload(match, seat) -> JSON-ready``."""


def view_payload(match: Match, seat: int) -> dict[str, Any]:
    """The default payload: the seat's view, and when it decides, its legal actions with the
    game's per-seat text and preview (what a board would show)."""
    game = match.game
    state = match.state
    view = game.view(state, seat)
    data: dict[str, Any] = {"view": msgspec.to_builtins(view), "choices": []}
    if game.current_player(state) == seat:
        data["choices"] = [[str(a), game.describe(state, a, seat), str(game.preview(view, a))]
                           for a in game.legal_actions(state)]
    return data


@dataclass
class HiddenInformationReport:
    """What ``check_hidden_information`` compared."""

    positions: int = 0
    seat_checks: int = 0
    worlds: int = 0
    describe_groups: int = 0
    phases: Counter[str] = field(default_factory=Counter)


def _encode(data: Any) -> bytes:
    return msgspec.json.encode(data, order="sorted")


def check_hidden_information(
    game: str | GameModule,
    rules: Any = None,
    *,
    payload: Payload = view_payload,
    positions: int = 200,
    worlds: int = 4,
    seed: int = 0,
    per_game: int = 8,
    max_decisions: int = 50_000,
) -> HiddenInformationReport:
    """Check that a seat can learn nothing it may not see: from the game's views, from
    ``determinize`` and from everything ``payload`` sends to a front end (docs: "Boards").

    Random legal games (seeded) are sampled at ``per_game`` positions each, spread over the
    game, until ``positions`` positions are checked. At each position and for every seat:

    * ``view(determinize(view(s, p)), p) == view(s, p)`` for ``worlds`` samples;
    * ``payload(Match.from_state(w, seed=k), p)`` is byte-identical (sorted-key JSON) for the
      true state and every sampled world ``w``: states the seat cannot tell apart look the same
      to it. Each world is also a match with its own seed ``k`` (a random 63-bit number), as
      the seed is a secret too: it deals every hidden card, so a payload that sends it (or
      anything computed from it: a shuffle key, a digest, a computer player's stream) fails
      (issue 27). Once the game is over the seed may be shown: a finished position's worlds
      keep the true match's seed;
    * when another seat decides, the game's ``describe`` gives one text for all of that seat's
      legal actions that leave ``p`` the same view: a hidden choice reads as a watcher sees it.

    Raises:
        ConformanceError: with the seed, the decision, the seat and what differed.
    """
    module = resolve_game(game)
    if rules is None:
        rules = module.Rules()
    report = HiddenInformationReport()
    game_seed = seed
    while report.positions < positions:
        rng = random.Random(game_seed)
        state = module.setup(rules, game_seed)
        trail = [state]
        while module.outcome(state) is None and len(trail) <= max_decisions:
            state = module.apply(state, rng.choice(module.legal_actions(state)))
            trail.append(state)
        picks = sorted({rng.randrange(len(trail)) for _ in range(per_game)})
        for step in picks:
            if report.positions >= positions:
                break
            _check_position(module, trail[step], payload, worlds, game_seed, step, report)
        game_seed += 1
    return report


def _check_position(game: GameModule, state: Any, payload: Payload, worlds: int, seed: int,
                    step: int, report: HiddenInformationReport) -> None:
    report.positions += 1
    report.phases[str(getattr(state, "phase", "?"))] += 1
    keys = random.Random(f"hidden-information:{seed}:{step}")
    seeds = [keys.getrandbits(63) for _ in range(worlds + 1)]
    if game.outcome(state) is not None:  # the game is over: its seed may be shown
        seeds = [seeds[0]] * len(seeds)
    for seat in range(_players(game, state)):
        seen = game.view(state, seat)
        expected = _encode(payload(Match.from_state(game, state, seed=seeds[0]), seat))
        for k in range(worlds):
            world = game.determinize(seen, random.Random(k))
            if game.view(world, seat) != seen:
                raise _fail(seed, step, f"view(determinize(view(s, {seat})), {seat}) differs "
                                        "from the view it was built from")
            got = _encode(payload(Match.from_state(game, world, seed=seeds[k + 1]), seat))
            if got != expected:
                raise _fail(seed, step, f"seat {seat} is sent different data in two states it "
                                        f"cannot tell apart: {_first_difference(expected, got)}")
            report.worlds += 1
        report.seat_checks += 1
        report.describe_groups += _check_describe(game, state, seat, seed, step)


def _players(game: GameModule, state: Any) -> int:
    for name in ("seats", "vendors"):
        seats = getattr(state, name, None)
        if seats is not None:
            return len(seats)
    return int(state.rules.players)


def _check_describe(game: GameModule, state: Any, seat: int, seed: int, step: int) -> int:
    decider = game.current_player(state)
    if decider is None or decider == seat:
        return 0
    groups: dict[bytes, set[str]] = {}
    for action in game.legal_actions(state):
        after = _encode(game.view(game.apply(state, action), seat))
        groups.setdefault(after, set()).add(game.describe(state, action, seat))
    for texts in groups.values():
        if len(texts) > 1:
            raise _fail(seed, step, f"seat {seat} cannot tell these moves of P{decider} apart, "
                                    f"but their texts differ: {sorted(texts)}")
    return len(groups)


def _first_difference(a: bytes, b: bytes) -> str:
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
              min(len(a), len(b)))
    lo = max(0, at - 60)
    left = a[lo:at + 60].decode(errors="replace")
    right = b[lo:at + 60].decode(errors="replace")
    return f"...{left}... vs ...{right}..."
