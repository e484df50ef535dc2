"""``GreedyBot``: tries every way to play its whole turn and keeps the best end position.

The bot rebuilds a full state from its view (``determinize``), then walks every sequence of its
own decisions until the turn passes to another seat, the game ends or a card is drawn (what
follows depends on the card, so it decides again once the card is seen), pruned and
de-duplicated by the game's heuristic (:func:`~marketlib.bots.turns.turn_lines`), and scores
each end position with the heuristic. It plays the first
decision of the best sequence and keeps the rest as a plan, re-planning whenever the table does
not look as the plan expected. Ties go to the sequence that gives more score now, then to the
shorter one, then to the one whose first action comes first in the game's legal order. A line
ending in a position the bot has already seen this game loses a little value per sighting, so
two bots never trade one card back and forth for ever.
"""

from __future__ import annotations

import random
from typing import Any

from marketlib.bots import deals as dealing
from marketlib.bots.base import NOT_YET, Plan, check_choices, game_of, settings_of, viewer_of
from marketlib.bots.heuristics import Heuristic, Repetitions, heuristic_for
from marketlib.bots.turns import turn_lines
from marketlib.core.game import GameModule, PlayerId
from marketlib.core.i18n import N_, Later


class GreedyBot:
    """One-turn lookahead with a per-game heuristic (money, seals, list progress, bin risk).

    Args:
        max_nodes: decisions simulated per search (default 4,000); a larger turn is cut off and
            its partial lines are scored as they stand.
        max_depth: the longest line of own decisions considered (default 24).
        heuristic: the evaluation to play by (default: the game's, :func:`~marketlib.bots.
            heuristics.heuristic_for`); for example a ``BansanHeuristic`` with other weights.
        deals: also bargain and trade (Bansan, B-ANY-01/02; :mod:`marketlib.bots.deals`):
            propose a trade out of turn when it raises the bot's value, bargain in its own
            BUY, and answer offers by the value after the deal, countering within
            ``Rules.max_counters``. Off by default, so existing seeded games do not change.

    Example:
        >>> import random
        >>> from marketlib import monsoon
        >>> s = monsoon.setup(monsoon.Rules(), seed=1)
        >>> bot = GreedyBot()
        >>> a = bot.choose(monsoon.view(s, 0), monsoon.legal_actions(s), random.Random(0))
        >>> a in monsoon.legal_actions(s)
        True
    """

    def __init__(self, *, max_nodes: int = 4000, max_depth: int = 24,
                 heuristic: Heuristic | None = None, deals: bool = False) -> None:
        if max_nodes < 1 or max_depth < 1:
            raise ValueError("max_nodes and max_depth must be at least 1")
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.heuristic = heuristic
        self.deals = deals
        self._proposed: set[Any] = set()  # (turn or offer) already proposed: never again
        self._plan = Plan()
        self._seen = Repetitions()
        self._last: str = NOT_YET

    def choose(self, view: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """The first decision of the best-scoring way to play the rest of this turn.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        check_choices(legal_actions)
        game = game_of(view)
        me = viewer_of(view, legal_actions)
        if self.deals and dealing.deals_in(view):
            return self._choose_dealing(game, view, legal_actions, me, rng)
        planned = self._plan.next(game, view, legal_actions, me)
        if planned is not None:
            return planned
        state = game.determinize(view, rng)
        heuristic = heuristic_for(game) if self.heuristic is None else self.heuristic
        self._seen.add(heuristic.public_key(state))
        line = self._search(game, heuristic, state, me, legal_actions)
        return self._plan.start(game, state, line, me)

    def _choose_dealing(self, game: GameModule, view: Any, legal_actions: tuple[Any, ...],
                        me: PlayerId, rng: random.Random) -> Any:
        """:meth:`choose` of a bot that deals: an offer made to it is answered by the value
        after the deal (:func:`~marketlib.bots.deals.answer`); a pick in its own BUY from
        vendors may become a bargain (:func:`~marketlib.bots.deals.bargain`), once per card
        and turn."""
        heuristic = heuristic_for(game) if self.heuristic is None else self.heuristic
        if view.offer is not None:
            self._plan = Plan()
            state = game.determinize(view, rng)
            reply = dealing.answer(game, heuristic, state, me, legal_actions)
            if reply is not None:
                self._last = reply.words
                return reply.action
        planned = self._plan.next(game, view, legal_actions, me)
        state = None
        if planned is None:
            state = game.determinize(view, rng)
            self._seen.add(heuristic.public_key(state))
            line = self._search(game, heuristic, state, me, legal_actions)
            planned = self._plan.start(game, state, line, me)
        key = ("bargain", view.turn, getattr(planned, "card", None))
        if dealing.bargains(view, planned, me) and key not in self._proposed:
            if state is None:
                state = game.determinize(view, rng)
            offer = dealing.bargain(game, heuristic, state, me, planned)
            if offer is not None:
                self._proposed.add(key)
                self._plan = Plan()
                self._last = offer.words
                return offer.action
        return planned

    def _search(
        self,
        game: GameModule,
        heuristic: Heuristic,
        root: Any,
        me: PlayerId,
        legal: tuple[Any, ...],
    ) -> list[Any]:
        best = turn_lines(game, heuristic, root, me, legal, max_nodes=self.max_nodes,
                          max_depth=self.max_depth, penalty=self._seen.penalty)[0]
        self._seen.add(heuristic.public_key(best.end))
        self._last = heuristic.describe(root, best.actions, best.end, me)
        return list(best.actions)

    def any_time(self, view: Any, actions: tuple[Any, ...], rng: random.Random) -> Any | None:
        """An out-of-turn action worth playing now (A-B-60), or ``None``.

        Each of ``actions`` (the seat's any-time actions, for example Rent & Release on
        another vendor's turn) is applied to a world rebuilt from ``view`` and scored with the
        game's heuristic; the best one is played when it beats standing still by more than
        ``ANY_TIME_MARGIN`` (so a bot does not spend its once-a-game R&R on a whim).
        """
        if not actions and not self.deals:
            return None
        game = game_of(view)
        me = viewer_of(view, actions)
        heuristic = heuristic_for(game) if self.heuristic is None else self.heuristic
        state = game.determinize(view, rng)
        still = heuristic.evaluate(state, me)
        best, gain = None, self.ANY_TIME_MARGIN
        for action in actions:
            value = heuristic.evaluate(game.apply(state, action), me)
            if value - still > gain:
                best, gain = action, value - still
        if best is not None:
            self._last = Later(N_("played {action} out of turn: it lifts its position by "
                                  "{gain:.3f} (heuristic value, 0-1)."), action=best, gain=gain)
            return best
        if self.deals and dealing.deals_in(view) and view.turn not in self._proposed:
            deal = dealing.proposal(game, heuristic, state, me)
            if deal is not None and deal.action not in self._proposed:
                # one proposal per turn, and never the same one twice in a game
                self._proposed.update((view.turn, deal.action))
                self._last = deal.words
                return deal.action
        return None

    ANY_TIME_MARGIN = 0.01
    """Heuristic value (0-1) an out-of-turn action must add before GreedyBot plays it."""

    def explain_choice(self) -> str:
        """One sentence about the turn the last choice belongs to (a
        :class:`~marketlib.core.i18n.Later`: English, worded in the reader's language where it
        is read)."""
        return self._last

    def __repr__(self) -> str:  # every setting that is not the default (a frame's label)
        return f"{type(self).__name__}({', '.join(settings_of(self))})"
