"""One game between bots: :func:`play` and the :class:`GameRecord` it returns.

Every seat's bot draws from its own stream, :func:`marketlib.core.seeding.bot_rng` (seed, seat),
so a game depends only on the game, the rules, the bots and the seed, and a board with the same
seed and moves plays the same game.
"""

from __future__ import annotations

import copy
import functools
import itertools
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from marketlib.bots import Bot, make_bot, reads_view, uniform_choice
from marketlib.bots.base import is_hand_off, label_of, out_of_turn_moves
from marketlib.bots.heuristics import Row, heuristic_for, metric_reader
from marketlib.core.errors import IllegalAction, MarketlibError, action_text
from marketlib.core.game import GameModule, Outcome, seat_count
from marketlib.core.match import Match
from marketlib.core.options import rules_from
from marketlib.core.registry import resolve_game
from marketlib.core.seeding import bot_rng

MAX_DECISIONS = 200_000
"""A game still running after this many decisions (every action recorded, out-of-turn ones
included) is stopped with ``RuntimeError``."""

BotSpec = Bot | str
"""A bot object, or its short name (``"random"``, ``"greedy"``, ``"ismcts"``)."""

TurnEnd = tuple[int, tuple[int, ...], tuple[Row, ...]]
"""The end of one turn: ``(turn, decisions each seat took since the last TurnEnd, each seat's
metric row)``; the rows are the heuristic's
:meth:`~marketlib.bots.heuristics.Heuristic.metric_row` (a reader may share one between turns:
never change them)."""


def spell_out(ends: Sequence[TurnEnd], *prefix: Any,
              labels: Sequence[Any] | None = None) -> list[tuple[Any, ...]]:
    """One row per turn and seat: ``(*prefix, label, turn, seat, decisions, *metrics)``, the
    seat's label (its bot) only when ``labels`` are given.

    Example:
        >>> ends = [(0, (0, 0), ((1.0,), (2.0,))), (1, (3, 0), ((1.5,), (2.0,)))]
        >>> spell_out(ends)
        [(0, 0, 0, 1.0), (0, 1, 0, 2.0), (1, 0, 3, 1.5), (1, 1, 0, 2.0)]
        >>> spell_out(ends[:1], "g1", labels=("GreedyBot", "RandomBot"))
        [('g1', 'GreedyBot', 0, 0, 0, 1.0), ('g1', 'RandomBot', 0, 1, 0, 2.0)]
    """
    if not ends:
        return []
    seats = range(len(ends[0][1]))
    heads = [prefix if labels is None else (*prefix, labels[s]) for s in seats]
    return [(*heads[s], turn, s, k, *row) for turn, taken, rows in ends
            for s, k, row in zip(seats, taken, rows, strict=True)]


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
            actions``, then the heuristic's metrics (``score``, ...). ``turn`` counts the turns
            completed, one seat's turn at a time: 0 is the setup, 1 the position after the
            first turn (in Bansan, the Opening Round is played within it). ``actions`` is the
            decisions the seat took since its own row of the turn before; the metrics are the
            position's.
        turn_ends: one :data:`TurnEnd` per turn; :attr:`turn_table` spells them out row by
            row. (A record is built with ``turn_ends``; before it had a ``turn_table`` field.)
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
    turn_ends: tuple[TurnEnd, ...]
    first: int = 0
    """The seat that decided first (the Bansan Token's holder, B-SETUP; M-SETUP-06): with
    ``first_player="random"`` each deal has its own."""

    @functools.cached_property
    def turn_table(self) -> tuple[tuple[Any, ...], ...]:
        """One row (a tuple) per turn and seat, in :attr:`turn_columns`' order; turn 0 is the
        setup."""
        return tuple(spell_out(self.turn_ends))

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
    """``rules`` as the game's ``Rules``: ``None`` gives the defaults, a dict is converted.

    Raises:
        TypeError: ``rules`` is anything else, another game's ``Rules`` among them.
    """
    if rules is None:
        return game.Rules()
    if isinstance(game.Rules, type) and isinstance(rules, game.Rules):
        return rules
    if isinstance(rules, Mapping):
        return rules_from(game.Rules, rules)
    raise TypeError(f"the rules of {game.GAME.name} are its Rules, a dict of its options or "
                    f"None, not {type(rules).__module__}.{type(rules).__name__}")


def check_games(n_games: object) -> int:
    """``n_games`` as a number of games (numpy integers are accepted).

    Raises:
        TypeError: not a whole number (a ``bool``, a ``float``, text...).
        ValueError: below 1.
    """
    if isinstance(n_games, bool) or not hasattr(type(n_games), "__index__"):
        raise TypeError(f"n_games is a whole number of games, not {type(n_games).__name__} "
                        f"{n_games!r}")
    n_games = operator.index(n_games)  # type: ignore[arg-type]  # a numpy integer too
    if n_games < 1:
        raise ValueError("n_games must be at least 1")
    return int(n_games)


def rule_value(kind: type, rules: dict[str, Any], name: str, value: Any) -> Any:
    """``value`` of rule option ``name`` as rules of class ``kind`` hold it, as JSON builtins
    (a tuple option given or read back from JSON as a list is its tuple), with the other
    options ``rules``; ``value`` as given where those rules do not take it. A run's metadata
    writes a sweep's grid values so, and :func:`~marketlib.sim.results.restored` reads them
    back so (helper-105, helper-107)."""
    try:
        return msgspec.to_builtins(getattr(msgspec.convert({**rules, name: value}, kind), name))
    except (ValueError, TypeError, AttributeError, msgspec.ValidationError):
        return value


def seat_bots(bots: Sequence[BotSpec], players: int) -> list[BotSpec]:
    """``bots`` cycled to fill ``players`` seats (``["greedy"]`` fills every seat).

    Raises:
        TypeError: ``bots`` is one name, not a list of them.
        ValueError: no bots, or more bots than seats (one would never play).
    """
    if isinstance(bots, (str, bytes)):
        raise TypeError(f"bots is a list of computer players, like [{bots!r}], not the text "
                        f"{bots!r}")
    if not bots:
        raise ValueError("give at least one bot")
    for bot in bots:  # a class, not a bot: GreedyBot, not GreedyBot() (helper-82 read
        if isinstance(bot, type):  # "choose() missing 1 required positional argument")
            raise TypeError(f"bots are names or bot objects: {bot.__name__}() (or "
                            f"{bot.__name__.removesuffix('Bot').lower()!r}), not the class "
                            f"{bot.__name__}")
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots for a {players}-player game: give at most "
                         f"{players} (they are cycled to fill the seats), or more players")
    return [bots[s % len(bots)] for s in range(players)]


players_of = seat_count
"""The number of seats of a dealt game (:func:`marketlib.core.game.seat_count`)."""


def _fresh(bot: BotSpec) -> Bot:
    return make_bot(bot) if isinstance(bot, str) else copy.deepcopy(bot)


def play(game: str | GameModule, rules: Any, bots: Sequence[BotSpec], seed: int, *,
         any_time: bool = False) -> GameRecord:
    """Play one game between ``bots`` (seat order; names or bot objects, cycled to fill seats).

    Every bot is copied first, so a bot object's memory never carries over between games.
    With ``any_time=True``, bots with an ``any_time`` hook (``GreedyBot``) are also asked for
    their out-of-turn actions (Bansan's Rent & Release on another vendor's turn, A-B-60, and
    the trades of a bot that deals, ``GreedyBot(deals=True)``, B-ANY-02) each
    time the decision passes to another seat, exactly as on a board
    (:func:`marketlib.bots.base.out_of_turn_moves`); off by default, so results and golden games
    are those of the deciding seat's ``legal_actions`` alone.

    Raises:
        ValueError: no bots, or a bot chose an action that is not legal (the message names the
            bot and the rule it breaks), including another seat's out-of-turn action.
        RuntimeError: the game did not end within ``MAX_DECISIONS`` decisions.

    Example:
        >>> from marketlib import monsoon
        >>> rec = play("monsoon", monsoon.Rules(players=2), ["greedy", "random"], seed=3)
        >>> rec.bots, rec.outcome.ending.value
        (('GreedyBot', 'RandomBot'), 'seal_target')
    """
    module = resolve_game(game)
    rules = resolve_rules(module, rules)
    outcome, current, legal_actions = module.outcome, module.current_player, module.legal_actions
    view, apply = module.view, module.apply
    state = module.setup(rules, seed)
    players = players_of(rules, state)
    first = current(state)
    seats = [_fresh(b) for b in seat_bots(bots, players)]
    labels = tuple(label_of(b) for b in seats)  # as set, before they play
    rngs = [bot_rng(seed, s) for s in range(players)]
    chooses = [b.choose for b in seats]
    reads = [reads_view(b) for b in seats]
    # a RandomBot's choice is rng.choice(legal): drawn here, from its stream, with no call
    draws = [rngs[s].choice if uniform_choice(b) else None for s, b in enumerate(seats)]
    actions: list[Any] = []
    turns = TurnTable(module, state, players)
    taken, waiting, zeros, batch = turns.taken, turns.waiting, turns.zeros, turns.BATCH
    out_of_turn = any_time and getattr(module, "any_time_actions", None) is not None
    hooked = dict(enumerate(seats)) if out_of_turn else {}
    before: Any = None  # the state before the last action (kept only to spot a hand-off)
    has_turns = hasattr(state, "turn")
    turn = turns.turn
    result = outcome(state)
    # at most MAX_DECISIONS actions: the loop counts the deciding seats' decisions, and with
    # out-of-turn moves (which also count) the branch below checks the whole count itself
    for _ in range(MAX_DECISIONS):
        if result is not None:
            break
        if out_of_turn:
            if len(actions) >= MAX_DECISIONS:
                raise _too_long(seed)
            if is_hand_off(module, before, actions[-1] if actions else None, state):
                for who, extra in out_of_turn_moves(module, state, hooked, seed, len(actions)):
                    try:
                        state, before = apply(state, extra), state
                    except IllegalAction:  # an earlier seat's action took what this one wanted
                        continue
                    actions.append(extra)
                    taken[who] += 1  # an R&R never ends a turn or the game
                if (result := outcome(state)) is not None:
                    break
        seat = current(state)
        assert seat is not None
        legal = legal_actions(state)
        draw = draws[seat]
        if draw is not None and legal:  # (none: the bot's own choose says what is wrong)
            action = draw(legal)
        else:
            action = chooses[seat](view(state, seat) if reads[seat] else None, legal, rngs[seat])
            if action not in legal and not _free_form(module, state, seat, action):
                # apply accepts more (Bansan's R&R, A-B-60): a bot keeps to its decision's
                # listed actions, or a proposal of its own the rules allow (FREE_FORM)
                raise _not_legal(module, state, seat, seats[seat], action)
        if out_of_turn:
            before = state
        state = apply(state, action)
        actions.append(action)
        taken[seat] += 1
        result = outcome(state)
        now = state.turn if has_turns else turn
        # TurnTable.end_turn written out, as it is hot (turns.turn is not kept up to date)
        if now != turn or result is not None:
            turn = turn + 1 if now == turn else now
            waiting.append((turn, tuple(taken), state))
            taken[:] = zeros
            if len(waiting) >= batch:
                turns.read_waiting()
    else:
        if result is None:
            raise _too_long(seed)
    return GameRecord(
        game=module.GAME.name, rules=rules, seed=seed,
        bots=labels, actions=tuple(actions),
        outcome=result, standings=module.standings(state), turns=turn,
        turn_columns=turns.names, turn_ends=tuple(turns.ends), first=first or 0,
    )


def _free_form(module: GameModule, state: Any, seat: int, action: Any) -> bool:
    """Whether ``action`` is a proposal with terms of its own (the game's ``FREE_FORM``: a
    Bansan trade, bargain or counter-offer, B-ANY-01/02) that ``seat`` may make now."""
    free = getattr(module, "FREE_FORM", ())
    return (bool(free) and isinstance(action, free) and getattr(action, "player", None) == seat
            and module.explain(state, action) is None)


def _too_long(seed: int) -> RuntimeError:
    return RuntimeError(f"game with seed {seed} did not end in {MAX_DECISIONS} decisions")


def _not_legal(module: GameModule, state: Any, seat: int, bot: Bot, action: Any) -> ValueError:
    """The error for a bot whose choice is not one of ``legal_actions``: the rule it breaks,
    else why it is not the bot's to play."""
    try:
        why: object = module.explain(state, action)
    except MarketlibError as err:  # not an action of this game at all
        why = err
    if why is None:
        mine = getattr(action, "player", seat) == seat
        why = ("it is not among the legal actions listed for this decision" if mine else
               f"it plays for P{seat} only")
    return ValueError(f"{type(bot).__name__} chose {action_text(action)}, which is not legal "
                      f"here: {why}")


class TurnTable:
    """The per-turn numbers of one game, built as it is played: one :data:`TurnEnd` for the
    setup (turn 0) and one at the end of every turn.

    :func:`play` builds one while bots play; :func:`record_match` and the classroom build one
    from a ``Match`` that people played. The states of up to :attr:`BATCH` turn ends wait,
    and are then read together: ``benchmarks/sim_overhead.py`` measured that faster than one
    read between every two turns. :attr:`ends` first reads any that wait. So an error in the
    heuristic is raised when its batch is read, up to ``BATCH - 1`` turns after its state.
    """

    BATCH = 64
    """How many turn ends wait before they are read (it bounds the states kept alive)."""

    def __init__(self, module: GameModule, state: Any, players: int) -> None:
        heuristic = heuristic_for(module)
        self.read = metric_reader(heuristic, players)
        self.outcome = module.outcome
        self._read_ends: list[TurnEnd] = []
        self.waiting: list[tuple[int, tuple[int, ...], Any]] = []
        """Turn ends not read yet: ``(turn, decisions each seat took, state)``."""
        self.names: tuple[str, ...] = ("turn", "seat", "actions", *heuristic.metrics(state, 0))
        self.players = players
        self.taken = [0] * players
        self.zeros = (0,) * players
        self.turn = int(getattr(state, "turn", 0))
        self.end_turn(state, self.turn)

    @property
    def ends(self) -> list[TurnEnd]:
        """Every :data:`TurnEnd` so far (those waiting are read first)."""
        if self.waiting:
            self.read_waiting()
        return self._read_ends

    @property
    def rows(self) -> list[tuple[Any, ...]]:
        """One row per turn and seat, ``(turn, seat, actions, *metrics)``: a new list, spelled
        out from :attr:`ends` at each read."""
        return spell_out(self.ends)

    def read_waiting(self) -> None:
        """Read the metric rows of the turn ends that wait."""
        read = self.read
        self._read_ends += [(turn, taken, read(state)) for turn, taken, state in self.waiting]
        self.waiting.clear()

    def end_turn(self, state: Any, turn: int) -> None:
        """Turn ``turn`` has begun (or the game ended) in ``state``."""
        self.turn = turn
        taken = self.taken
        self.waiting.append((turn, tuple(taken), state))
        taken[:] = self.zeros
        if len(self.waiting) >= self.BATCH:
            self.read_waiting()

    def step(self, seat: int, state: Any) -> None:
        """``seat`` decided and the game is now in ``state``."""
        self.taken[seat] += 1
        now = int(getattr(state, "turn", self.turn))
        if now != self.turn or self.outcome(state) is not None:
            self.end_turn(state, self.turn + 1 if now == self.turn else now)


def match_turns(match: Match) -> TurnTable:
    """The :class:`TurnTable` of the game a ``Match`` holds up to its current position."""
    module = match.game
    states = match.states
    turns = TurnTable(module, states[0], players_of(match.rules, states[0]))
    current = module.current_player
    players = len(turns.taken)
    for action, (before, after) in zip(match.history, itertools.pairwise(states), strict=True):
        seat = current(before)
        who = getattr(action, "player", seat)  # an out-of-turn move is its player's (A-B-60)
        if isinstance(who, int) and 0 <= who < players:
            seat = who
        assert seat is not None
        turns.step(seat, after)
    return turns


def record_match(match: Match, bots: Sequence[str]) -> GameRecord:
    """A finished ``Match`` (played by people, computer players or both) as a
    :class:`GameRecord`, with ``bots`` naming who played each seat.

    Raises:
        ValueError: the game is not over.

    Example:
        >>> from marketlib import monsoon
        >>> rec = play("monsoon", monsoon.Rules(players=2), ["greedy", "random"], seed=3)
        >>> again = record_match(rec.to_match(), rec.bots)
        >>> again.turn_table == rec.turn_table, again.outcome == rec.outcome
        (True, True)
    """
    outcome = match.outcome
    if outcome is None:
        raise ValueError("the game is not over yet")
    turns = match_turns(match)
    return GameRecord(
        game=match.game.GAME.name, rules=match.rules, seed=match.seed, bots=tuple(bots),
        actions=match.history, outcome=outcome, standings=match.game.standings(match.state),
        turns=turns.turn, turn_columns=turns.names, turn_ends=tuple(turns.ends),
        first=match.game.current_player(match.states[0]) or 0,
    )


__all__ = [
    "MAX_DECISIONS",
    "BotSpec",
    "GameRecord",
    "TurnEnd",
    "TurnTable",
    "check_games",
    "match_turns",
    "play",
    "players_of",
    "record_match",
    "resolve_rules",
    "seat_bots",
    "spell_out",
]
