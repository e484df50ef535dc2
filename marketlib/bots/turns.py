"""Whole-turn enumeration shared by ``GreedyBot`` and ``ISMCTSBot``.

:func:`turn_lines` walks every sequence of one seat's decisions from a full (determinized) state
until the turn passes to another seat, the game ends, or new hidden information is revealed (a
card drawn: what follows depends on it, so the line stops there and the bot decides again once
it has seen the card). The walk is pruned and de-duplicated by the game's heuristic, and every
end position is scored with it. Ties go to the line that gives more score now, then to the
shorter line, then to the one found first (the game's legal order).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from marketlib.bots.heuristics import Heuristic, pruner
from marketlib.core.game import GameModule, PlayerId


@dataclass(frozen=True, slots=True)
class Line:
    """One way to play the rest of a turn.

    Attributes:
        key: the sort key, larger is better: ``(value, score now, -length)``.
        actions: the decisions, in order (never empty).
        end: the state after the last decision.
    """

    key: tuple[float, float, int]
    actions: tuple[Any, ...]
    end: Any

    @property
    def value(self) -> float:
        """The heuristic value of the end position (after any repetition penalty)."""
        return self.key[0]


def turn_lines(
    game: GameModule,
    heuristic: Heuristic,
    root: Any,
    me: PlayerId,
    legal: tuple[Any, ...] | None = None,
    *,
    max_nodes: int = 4000,
    max_depth: int = 24,
    penalty: Callable[[Hashable], float] | None = None,
    beam: int | None = None,
) -> list[Line]:
    """Every line of ``me``'s decisions from ``root`` to the end of its turn, best first.

    The walk is exhaustive, except at the heuristic's *checkpoints* (``heuristic.checkpoint``:
    quiet positions inside a long turn, such as Bansan's "choose your next action"): the
    positions reached at one checkpoint layer are ranked by the heuristic and only the best
    ``beam`` of them are walked on (a beam search over the parts of the turn). A game whose
    heuristic has no checkpoints is searched exhaustively.

    Args:
        legal: the legal actions at ``root`` (computed when ``None``).
        max_nodes: decisions simulated at most; partial lines are then scored as they stand.
        max_depth: the longest line considered.
        penalty: value taken off a line from the public key of its end (repetitions).
        beam: positions kept per checkpoint layer (default: the heuristic's ``beam``).

    Returns:
        At least one line (the first legal action when the budget is 1).
    """
    seen: set[Hashable] = set()
    lines: list[Line] = []
    nodes = 0
    outcome = game.outcome
    current = game.current_player
    apply = game.apply
    revealed = game.info_revealed
    canonical = heuristic.canonical
    checkpoint = heuristic.checkpoint
    prune = pruner(heuristic)
    width = heuristic.beam if beam is None else beam
    frontier: list[tuple[Any, tuple[Any, ...]]] = []

    def walk(state: Any, line: tuple[Any, ...], actions: Any, fresh: bool, start: int) -> None:
        nonlocal nodes
        if line and (fresh or outcome(state) is not None or current(state) != me
                     or len(line) >= max_depth or nodes >= max_nodes):
            value = heuristic.evaluate(state, me)
            if penalty is not None:
                value -= penalty(heuristic.public_key(state))
            score = float(heuristic.score(state, me))
            lines.append(Line((value, score, -len(line)), line, state))
            return
        if len(line) > start:
            canon = canonical(state)
            if canon in seen:
                return
            seen.add(canon)
            if checkpoint(state):  # walked on only if it is among the layer's best
                frontier.append((state, line))
                return
            actions = game.legal_actions(state)
        elif actions is None:
            actions = game.legal_actions(state)
        for action in prune(state, actions, root):
            nodes += 1
            after = apply(state, action)
            walk(after, (*line, action), None, revealed(state, after), start)

    walk(root, (), legal if legal is not None else game.legal_actions(root), False, 0)
    while frontier:
        ranked = sorted(frontier, key=lambda f: _rank(heuristic, f[0], f[1], me), reverse=True)
        frontier = []
        for state, line in ranked[:width]:
            walk(state, line, None, False, len(line))
    # a stable sort keeps the legal order among equal keys
    lines.sort(key=lambda ln: ln.key, reverse=True)
    return lines


def _rank(heuristic: Heuristic, state: Any, line: tuple[Any, ...], me: PlayerId
          ) -> tuple[float, float, int]:
    """How a checkpoint position ranks in its layer (as lines do: value, score, shorter)."""
    return heuristic.evaluate(state, me), float(heuristic.score(state, me)), -len(line)


def best_line(
    game: GameModule,
    heuristic: Heuristic,
    root: Any,
    me: PlayerId,
    **options: Any,
) -> Line:
    """The best line of :func:`turn_lines` (same options)."""
    return turn_lines(game, heuristic, root, me, **options)[0]


__all__ = ["Line", "best_line", "turn_lines"]
