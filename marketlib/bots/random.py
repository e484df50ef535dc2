"""``RandomBot``: a uniformly random legal action (the baseline every other bot must beat)."""

from __future__ import annotations

import random
from typing import Any

from marketlib.bots.base import NOT_YET, check_choices, draws_uniformly
from marketlib.core.i18n import N_, Later


class RandomBot:
    """Plays a uniformly random legal action.

    Example:
        >>> import random
        >>> from marketlib import monsoon
        >>> s = monsoon.setup(monsoon.Rules(), seed=1)
        >>> bot = RandomBot()
        >>> a = bot.choose(monsoon.view(s, 0), monsoon.legal_actions(s), random.Random(0))
        >>> a in monsoon.legal_actions(s)
        True
    """

    reads_view = False
    """It never looks at the view (a simulation need not build one for it)."""

    def __init__(self) -> None:
        self._action: Any = None
        self._from: tuple[Any, ...] = ()  # the legal actions of the last choice

    @draws_uniformly  # a simulation may draw rng.choice(legal_actions) itself: the same draw
    def choose(self, view: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """A uniformly random element of ``legal_actions`` (``view`` is not read: it may be
        ``None``).

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        if not legal_actions:
            check_choices(legal_actions)
        # legal_actions[rng.randrange(n)], the same draw; the explanation is written only
        # when asked for, from the two references kept here
        self._from = legal_actions
        self._action = action = rng.choice(legal_actions)
        return action

    def explain_choice(self) -> str:
        """One sentence about the last choice (a :class:`~marketlib.core.i18n.Later`: English,
        worded in the reader's language where it is read)."""
        if not self._from:
            return NOT_YET
        return Later(N_("picked {action} at random from {count} legal actions."),
                     action=self._action, count=len(self._from))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
