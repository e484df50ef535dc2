"""Game-agnostic types shared by every game: static game facts, outcomes, and the game protocol.

Every game package (``marketlib.monsoon``, ``marketlib.bansan``) is a module that satisfies
:class:`GameModule`: a small set of pure functions over immutable states (the pgx/OpenSpiel shape).
Nothing else is needed to play, test, simulate or render a game.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import msgspec

from marketlib.core.errors import NotYourMove

PlayerId = int
"""A seat number, 0 .. players-1, clockwise from the first player."""


class Ending(enum.StrEnum):
    """How a game ended (never a sentinel number): the base of every game's own endings.

    Core names no ending (issue 28): each game declares its endings as a subclass beside its
    state, and an :class:`Outcome` subclass whose ``ending`` is one of them (python-chess keeps
    ``Termination`` with the game), so a third game adds a package, not an edit to core. The
    values are the words saves and results frames hold (``"money"``, ``"seal_target"``).

    Example:
        >>> class FifteenEnding(Ending):
        ...     TURN_LIMIT = "turn_limit"
        >>> FifteenEnding.TURN_LIMIT.value, isinstance(FifteenEnding.TURN_LIMIT, Ending)
        ('turn_limit', True)
    """


class GameInfo(msgspec.Struct, frozen=True, kw_only=True):
    """Static facts about a game, declared once at the top of its package.

    Attributes:
        name: the short name used by ``Match`` and ``marketlib.GAMES`` (``"monsoon"``).
        title: the game's title.
        min_players, max_players: supported player counts.
        rules_version: bumped whenever a rule change alters play; saves record it.
        score_unit: what ``Outcome.scores`` counts (``"seals"`` or ``"RM"``).
        endings: every way a game of it can end (members of the game's own :class:`Ending`),
            in the order results frames list them; none by default (the conformance kit
            refuses a game whose outcome names an ending it did not declare).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    score_unit: str
    endings: tuple[Ending, ...] = ()


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """The result of a finished game.

    Attributes:
        winners: the winning seats (several for a shared win, empty for a collective loss).
        scores: one score per seat, in ``GameInfo.score_unit`` (seals or RM).
        ending: how the game ended; each game's ``Outcome`` subclass narrows it to the
            game's own :class:`Ending`, so a saved state decodes it.
    """

    winners: tuple[PlayerId, ...]
    scores: tuple[int, ...]
    ending: Ending

    def __str__(self) -> str:
        winners = " and ".join(f"P{w}" for w in self.winners) or "nobody"
        return f"{winners} won ({self.ending.value}); scores {list(self.scores)}"

    def win_shares(self) -> list[float]:
        """Each seat's share of the win: ``1 / len(winners)`` to every winner (a shared win
        splits the point), 0 to the rest; 0 to everyone after a collective loss. What
        ``play_many``'s ``win_share``, OpenSpiel's returns and the RL rewards are.

        Example:
            >>> class Done(Ending):
            ...     DONE = "done"
            >>> Outcome(winners=(0, 2), scores=(5, 3, 5), ending=Done.DONE).win_shares()
            [0.5, 0.0, 0.5]
        """
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if seat in self.winners else 0.0 for seat in range(len(self.scores))]


class Preview(msgspec.Struct, frozen=True, kw_only=True):
    """What a move will do, as its player can know it before making it (docs: "Boards").

    A preview is computed only from the deciding seat's view, never from the full state, so it
    cannot give away a hidden card: two states a seat cannot tell apart give the same preview.

    Attributes:
        certain: consequences that hold whatever the hidden cards are, for example
            ``("money RM9 -> RM11", "ends your turn")``.
        chance: what a reveal decides, said as a chance and never as its outcome, for example
            ``"reveals 1-4 Deck cards (40 in the Deck now); the first repeated type goes to
            its Waste Bin, so the bins may fill"``; ``""`` when nothing hidden is revealed.
    """

    certain: tuple[str, ...] = ()
    chance: str = ""

    def __str__(self) -> str:
        parts = [*self.certain, *([self.chance] if self.chance else [])]
        return "; ".join(parts) or "no visible change yet"


def check_own_move(view: Any, action: Any) -> None:
    """Refuse to preview ``action`` from a seat's view that is not its player's.

    A preview states as certain what its player can know (its own money, its own hand); from
    another seat's view those are hidden, and a world rebuilt from that view only guesses them
    (Bansan guesses a hidden vendor's money as the viewer's own), so the preview would state a
    guess as a fact. The teacher view (``viewer`` ``None``) shows everything and may preview any
    seat's move.

    Raises:
        NotYourMove: ``action`` is another seat's, and ``view`` is not the teacher view (a
            ``MarketlibError`` and a ``ValueError``).
        TypeError: ``view`` is no view (a state was given: a preview must not see what its
            seat does not).
    """
    if not hasattr(view, "viewer"):  # a state, or anything else that is no view
        raise TypeError(
            f"preview takes a seat's view, not a {type(view).__name__}: pass match.view(seat) "
            "(or view(state, seat); match.view(None) for the teacher view)")
    viewer = view.viewer
    player = action.player
    if viewer is not None and player != viewer:
        raise NotYourMove(
            f"{action} is P{player}'s move and this is P{viewer}'s view: a preview is worked "
            f"out from the mover's own view (what it knows before it moves); preview it from "
            f"P{player}'s view (match.view({player}) or view(state, {player})), or from the "
            "teacher view (match.view(None))")


def score_unit(game: Any, rules: Any) -> str:
    """What ``game``'s scores count under ``rules`` (its ``Rules``, or a dict of its options):
    its ``GAME.score_unit`` ("RM", "seals"), or ``""`` where the rules score in no unit
    (Bansan's Sendiri: money plus Deck cards, B-SOLO-18; its ``rules.plays.solo``). The
    command line's summary, the charts' axes, the projector and the debrief ask here.

    Example:
        >>> from marketlib import bansan
        >>> score_unit(bansan, bansan.Rules()), score_unit(bansan, bansan.Rules(players=1,
        ...                                                   mode="sendiri"))
        ('RM', '')
        >>> score_unit(bansan, {"players": 1, "mode": "sendiri"})
        ''
    """
    if isinstance(rules, Mapping):  # {"mode": "sendiri"} is Sendiri too (helper-84)
        from marketlib.core.options import rules_from

        rules = rules_from(game.Rules, rules)
    solo = getattr(getattr(rules, "plays", None), "solo", False)
    return "" if solo else str(game.GAME.score_unit)


def seat_count(rules: Any, state: Any) -> int:
    """The number of seats of a dealt game: its ``seats`` (Monsoon Market) or ``vendors``
    (Bansan; 1 in Sendiri), else ``rules.players``."""
    for name in ("seats", "vendors"):
        seats = getattr(state, name, None)
        if seats is not None:
            return len(seats)
    return int(rules.players)


def round_of(state: Any) -> int:
    """The round in progress, counted from 1, of a state or a view: each seat takes one turn a
    round, and ``turn`` counts the turns completed (M-TURN-01, B-TURN-01). The board's header
    and the text view both say it.

    Example:
        >>> from marketlib import bansan
        >>> s = bansan.setup(bansan.Rules(players=3), seed=0)
        >>> round_of(s), round_of(s.replace(turn=5)), round_of(s.replace(turn=6))
        (1, 2, 3)
    """
    return int(state.turn) // seat_count(state.rules, state) + 1


def check_seat(seat: object, players: int) -> None:
    """Refuse anything but a seat number ``0 .. players-1`` (``True`` and ``1.0`` are not).

    Raises:
        ValueError: ``there is no seat 7 (the seats are 0-2)``.

    Example:
        >>> check_seat(1, 3)
        >>> check_seat("P1", 3)
        Traceback (most recent call last):
        ...
        ValueError: there is no seat 'P1' (the seats are 0-2)
    """
    if type(seat) is not int or not 0 <= seat < players:
        seats = f"the seats are 0-{players - 1}" if players > 1 else "the only seat is 0"
        raise ValueError(f"there is no seat {seat!r} ({seats})")


def places(
    winners: Sequence[PlayerId], keys: Sequence[Any]
) -> tuple[int | None, ...]:
    """Each seat's final place from the engine's winners and its ranking keys (larger is better).

    The winners take place 1 (a shared win: all of them); every other seat takes
    1 + the number of seats that won or whose key is strictly better (competition ranking,
    "1, 2, 2, 4"), so a seat that did not win never has place 1, even if its key equals a
    winner's. When nobody won (a collective loss, a lost solo game) every place is ``None``.

    Example:
        >>> places((0,), [(25, 12), (25, 9), (18, 0)])  # seat 0 wins on the tie-breaker
        (1, 2, 3)
        >>> places((0, 2), [(7, 1), (3, 0), (7, 1)])     # a shared win
        (1, 3, 1)
        >>> places((), [(12,), (9,)])                     # nobody won
        (None, None)
    """
    won = set(winners)
    if not won:
        return tuple(None for _ in keys)
    return tuple(
        1 if p in won else 1 + sum(q in won or keys[q] > keys[p] for q in range(len(keys)))
        for p in range(len(keys))
    )


def tie_breaks(keys: Sequence[Sequence[Any]]) -> list[tuple[int, tuple[int, ...]]]:
    """Where a final ranking needed its tie-breakers: each group of seats that share the score
    (``key[0]``, larger is better) and every part before ``level``, with the ``level`` (the
    index of the key part) that first tells some of them apart, best groups first; ``level ==
    len(key)`` when no tie-breaker does (a shared place). A group told apart only in part is
    followed by its still-tied subgroups. Seats alone on their score are in no group.

    Example:
        >>> tie_breaks([(26, 12, 0), (26, 8, 0), (1, 0, 0)])   # list value orders P0, P1
        [(1, (0, 1))]
        >>> tie_breaks([(7, 1), (3, 0), (7, 1)])               # nothing does: a shared place
        [(2, (0, 2))]
        >>> tie_breaks([(5, 2, -1), (9, 0, 0), (5, 2, -3)])    # the second tie-breaker
        [(2, (0, 2))]
    """
    found: list[tuple[int, tuple[int, ...]]] = []
    width = min((len(k) for k in keys), default=0)

    def parts(group: Sequence[int], level: int) -> list[tuple[int, ...]]:
        split: dict[Any, list[int]] = {}
        for seat in group:
            split.setdefault(keys[seat][level], []).append(seat)
        return [tuple(split[v]) for v in sorted(split, reverse=True)]

    def walk(group: tuple[int, ...], level: int) -> None:
        while level < width and len(parts(group, level)) == 1:
            level += 1
        found.append((level, group))
        if level < width:
            for tied in parts(group, level):
                if len(tied) > 1:
                    walk(tied, level + 1)

    if width:
        for tied in parts(range(len(keys)), 0):
            if len(tied) > 1:
                walk(tied, 1)
    return found


class GameModule(Protocol):
    """What a game package provides. Both games implement exactly this surface.

    ``Rules`` is the game object (issue 28): it declares its game's registered name as a class
    attribute ``game`` (``marketlib.bots.game_of`` finds a view's game by it), and its views
    and states hold it as ``rules``.
    """

    GAME: GameInfo
    Rules: Any
    State: Any
    Action: Any

    def setup(self, rules: Any, seed: int) -> Any: ...
    def current_player(self, state: Any) -> PlayerId | None: ...
    def legal_actions(self, state: Any) -> tuple[Any, ...]: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def explain(self, state: Any, action: Any) -> Any: ...
    def view(self, state: Any, player: PlayerId | None) -> Any: ...
    def determinize(self, view: Any, rng: Any) -> Any: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def standings(self, state: Any) -> tuple[int | None, ...]: ...
    def parse_action(self, text: str) -> Any: ...
    def info_revealed(self, before: Any, after: Any) -> bool: ...
    def candidate_actions(self, state: Any) -> Sequence[Any]: ...
    def check_invariants(self, state: Any) -> list[str]: ...
    def describe(self, state: Any, action: Any, seat: PlayerId | None,
                 after: Any = None) -> str:
        """The log text of ``action`` played in ``state`` as ``seat`` reads it; ``after``: the
        state it led to, when the caller has it (else the game plays it again if it needs
        what the move turned up)."""
        ...
    def log_reader(self, state: Any, action: Any, seat: PlayerId | None) -> PlayerId | None:
        """Whose reading of ``action``'s log text ``seat`` shares: ``None`` (the teacher's,
        everything) when the move hides nothing from ``seat``, else ``seat``. ``describe``
        reads the seat through it, so a table words a public move once for every seat."""
        ...
    def preview(self, view: Any, action: Any, world: Any = None, *,
                legal: bool = False) -> Preview:
        """What ``action`` does, from its mover's ``view`` only (:class:`Preview`); another
        seat's move from this view raises ``NotYourMove`` (:func:`check_own_move`)."""
        ...
