"""``RandomBot``: a uniformly random legal action (the baseline every other bot must beat)."""

from __future__ import annotations

import random
from typing import Any

from marketlib.bots.base import check_choices


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

    def __init__(self) -> None:
        self._last = "has not chosen yet."

    def choose(self, view: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """A uniformly random element of ``legal_actions``.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        check_choices(legal_actions)
        action = legal_actions[rng.randrange(len(legal_actions))]
        self._last = f"picked {action} at random from {len(legal_actions)} legal actions."
        return action

    def explain_choice(self) -> str:
        """One sentence about the last choice."""
        return self._last

    def __repr__(self) -> str:
        return "RandomBot()"
