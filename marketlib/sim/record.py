"""One game between bots: :func:`play` and the :class:`GameRecord` it returns.

Every seat's bot draws from its own stream, :func:`marketlib.core.seeding.bot_rng` (seed, seat),
so a game depends only on the game, the rules, the bots and the seed, and a board with the same
seed and moves plays the same game.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from marketlib.bots import Bot, make_bot, reads_view
from marketlib.bots.heuristics import heuristic_for
from marketlib.core.game import GameModule, Outcome
from marketlib.core.match import Match
from marketlib.core.registry import resolve_game
from marketlib.core.seeding import bot_rng

MAX_DECISIONS = 200_000
"""A game still running after this many decisions is stopped with ``RuntimeError``."""

BotSpec = Bot | str
"""A bot object, or its short name (``"random"``, ``"greedy"``, ``"ismcts"``)."""


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
        standings: each seat's final place from the game's ``standings`` (1 = won, shared wins
            included; ``None`` for every seat when nobody won).
        turns: turns played, the last (often a winning, unfinished) turn included.
        turn_columns: the names of the values in each ``turn_table`` row: ``turn, seat,
            actions`` (decisions the seat took that turn), then the heuristic's metrics
            (``score``, ...).
        turn_table: one row (a tuple) per turn and seat; turn 0 is the setup.
    """

    game: str
    rules: Any
    seed: int
    bots: tuple[str, ...]
    actions: tuple[Any, ...]
    outcome: Outcome
    standings: tuple[int | None, ...]
    turns: int
    turn_columns: tuple[str, ...]
    turn_table: tuple[tuple[Any, ...], ...]

    @property
    def turn_rows(self) -> list[dict[str, Any]]:
        """``turn_table`` as one dict per turn and seat (``turn, seat, actions, score, ...``)."""
        names = self.turn_columns
        return [dict(zip(names, row, strict=True)) for row in self.turn_table]

    def to_match(self) -> Match:
        """The game as a :class:`~marketlib.core.match.Match` (for replay, save and widgets)."""
        return Match.replay(self.game, self.rules, self.seed, self.actions)

    def save(self, path: str | Path) -> Path:
        """Save as a ``Match`` file (``python -m marketlib replay FILE`` prints it)."""
        return self.to_match().save(path)


def resolve_rules(game: GameModule, rules: Any) -> Any:
    """``rules`` as the game's ``Rules``: ``None`` gives the defaults, a dict is converted."""
    if rules is None:
        return game.Rules()
    if isinstance(rules, Mapping):
        return msgspec.convert(dict(rules), game.Rules)
    return rules


def seat_bots(bots: Sequence[BotSpec], players: int) -> list[BotSpec]:
    """``bots`` cycled to fill ``players`` seats.

    Raises:
        ValueError: no bots.
    """
    if not bots:
        raise ValueError("give at least one bot")
    return [bots[s % len(bots)] for s in range(players)]


def players_of(rules: Any, state: Any) -> int:
    """The number of seats of a dealt game."""
    for name in ("seats", "vendors"):
        seats = getattr(state, name, None)
        if seats is not None:
            return len(seats)
    return int(rules.players)


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
    rules = resolve_rules(module, rules)
    metrics = heuristic_for(module).metrics
    outcome, current, legal_actions = module.outcome, module.current_player, module.legal_actions
    view, apply = module.view, module.apply
    state = module.setup(rules, seed)
    players = players_of(rules, state)
    seats = [_fresh(b) for b in seat_bots(bots, players)]
    chooses = [b.choose for b in seats]
    reads = [reads_view(b) for b in seats]
    rngs = [bot_rng(seed, s) for s in range(players)]
    actions: list[Any] = []
    table: list[tuple[Any, ...]] = []
    taken = [0] * players
    names: tuple[str, ...] = ()

    def snapshot(turn: int) -> None:
        nonlocal names
        for s in range(players):
            values = metrics(state, s)
            if not names:
                names = ("turn", "seat", "actions", *values)
            table.append((turn, s, taken[s], *values.values()))
            taken[s] = 0

    has_turns = hasattr(state, "turn")
    turn = int(state.turn) if has_turns else 0
    snapshot(turn)
    result = outcome(state)
    while result is None:
        if len(actions) >= MAX_DECISIONS:
            raise RuntimeError(f"game with seed {seed} did not end in {MAX_DECISIONS} decisions")
        seat = current(state)
        assert seat is not None
        legal = legal_actions(state)
        action = chooses[seat](view(state, seat) if reads[seat] else None, legal, rngs[seat])
        if action not in legal:
            raise ValueError(f"{type(seats[seat]).__name__} chose {action}, which is not "
                             "legal here")
        state = apply(state, action)
        actions.append(action)
        taken[seat] += 1
        result = outcome(state)
        now = state.turn if has_turns else turn
        if now != turn or result is not None:
            turn = turn + 1 if now == turn else now
            snapshot(turn)
    return GameRecord(
        game=module.GAME.name, rules=rules, seed=seed,
        bots=tuple(type(b).__name__ for b in seats), actions=tuple(actions),
        outcome=result, standings=module.standings(state), turns=turn, turn_columns=names,
        turn_table=tuple(table),
    )


__all__ = ["MAX_DECISIONS", "BotSpec", "GameRecord", "play", "players_of", "resolve_rules",
           "seat_bots"]
