"""``ISMCTSBot``: information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration deals the hidden cards anew from the bot's view (``determinize(view, rng)``), walks
the one shared tree with UCT restricted to the actions legal in that deal (counting how often each
action was available), adds one node, plays a short playout (the game heuristic's cheap policy,
at most ``rollout_depth`` decisions and never past the end of the turn in progress), and scores
the end with the heuristic. Each node keeps the reward of the seat that chose its action, so the
search also models the opponents' best replies. The most visited root action is played.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from marketlib.bots.base import check_choices, game_of, viewer_of
from marketlib.bots.heuristics import Heuristic, Repetitions, heuristic_for
from marketlib.core.game import GameModule, PlayerId


class _Node:
    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover: PlayerId) -> None:
        self.mover = mover
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class ISMCTSBot:
    """Information-set MCTS with truncated playouts and heuristic leaf evaluation.

    Args:
        iterations: simulations per decision (default 1,000), used when ``seconds`` is None.
        seconds: a time budget per decision instead (results then depend on machine speed).
        exploration: the UCT constant (rewards are in 0..1; default 0.2).
        rollout_depth: the most playout decisions after the new node (default 10).

    Raises:
        ValueError: a non-positive budget.

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
        exploration: float = 0.2,
        rollout_depth: int = 10,
    ) -> None:
        if iterations < 1 or (seconds is not None and seconds <= 0) or rollout_depth < 0:
            raise ValueError("iterations and seconds must be positive, rollout_depth >= 0")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.last_iterations = 0
        self._last = "has not chosen yet."
        self._seen = Repetitions()

    def choose(self, view: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """The most visited root action after the search budget is spent.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        check_choices(legal_actions)
        if len(legal_actions) == 1:
            self.last_iterations = 0
            self._last = f"plays {legal_actions[0]}, the only legal action."
            return legal_actions[0]
        game = game_of(view)
        heuristic = heuristic_for(game)
        me = viewer_of(view, legal_actions)
        root = _Node(mover=me)
        table = game.determinize(view, rng)
        self._seen.add(heuristic.public_key(table))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if deadline is None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline and done > 0:
                break
            self._iterate(game, heuristic, view, root, rng, me)
            done += 1
        self.last_iterations = done
        ranked = sorted(
            (c for a, c in root.children.items() if a in legal_actions),
            key=lambda c: -c.visits,
        )
        by_node = {id(c): a for a, c in root.children.items()}
        if not ranked:  # pruning hid every legal action: fall back to the first
            return legal_actions[0]
        best = ranked[0]
        action = by_node[id(best)]
        after = game.apply(table, action)
        if game.outcome(after) is not None or game.current_player(after) != me:
            self._seen.add(heuristic.public_key(after))
        rate = 100 * best.total / max(best.visits, 1)
        text = (f"plays {action} because in {done} simulated futures (each with the hidden cards "
                f"dealt anew) it scored best, about {rate:.0f}% ({best.visits} visits)")
        if len(ranked) > 1:
            second = ranked[1]
            text += (f"; next best was {by_node[id(second)]} at about "
                     f"{100 * second.total / max(second.visits, 1):.0f}%")
        self._last = text + "."
        return action

    def _iterate(
        self,
        game: GameModule,
        heuristic: Heuristic,
        view: Any,
        root: _Node,
        rng: random.Random,
        me: PlayerId,
    ) -> None:
        state = game.determinize(view, rng)
        node = root
        path = [root]
        log = math.log
        c = self.exploration
        penalty: float | None = None
        while game.outcome(state) is None:
            if penalty is None and game.current_player(state) != me:
                penalty = self._seen.penalty(heuristic.public_key(state))
            actions = heuristic.prune(state, game.legal_actions(state))
            children = node.children
            untried = [a for a in actions if a not in children]
            for a in actions:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                mover = game.current_player(state)
                assert mover is not None
                node = children[action] = _Node(mover)
                state = game.apply(state, action)
                path.append(node)
                if penalty is None and game.current_player(state) not in (me, None):
                    penalty = self._seen.penalty(heuristic.public_key(state))
                break
            best_value = -1.0
            chosen = actions[0]
            for a in actions:
                ch = children[a]
                value = ch.total / ch.visits + c * math.sqrt(log(ch.avail) / ch.visits)
                if value > best_value:
                    best_value, chosen = value, a
            node = children[chosen]
            state = game.apply(state, chosen)
            path.append(node)
        state = self._rollout(game, heuristic, state, rng)
        if penalty is None and game.outcome(state) is None and game.current_player(state) != me:
            penalty = self._seen.penalty(heuristic.public_key(state))
        values: dict[PlayerId, float] = {}
        for n in path[1:]:
            if n.mover not in values:
                score = heuristic.evaluate(state, n.mover)
                values[n.mover] = score - penalty if n.mover == me and penalty else score
            n.visits += 1
            n.total += values[n.mover]
        root.visits += 1

    def _rollout(
        self, game: GameModule, heuristic: Heuristic, state: Any, rng: random.Random
    ) -> Any:
        seat = game.current_player(state)
        for _ in range(self.rollout_depth):
            if game.outcome(state) is not None or game.current_player(state) != seat:
                break
            actions = game.legal_actions(state)
            state = game.apply(state, heuristic.rollout_action(state, actions, rng))
        return state

    def explain_choice(self) -> str:
        """One sentence about the last choice and how the search rated it."""
        return self._last

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else str(self.iterations)
        return f"ISMCTSBot({budget})"
