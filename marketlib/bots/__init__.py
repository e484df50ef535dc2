"""Computer players for every marketlib game: ``RandomBot``, ``GreedyBot`` and ``ISMCTSBot``.

Bots see only views (what a seat may see), never the true state. The search is generic over the
game functions; per-game evaluation lives in :mod:`marketlib.bots.heuristics`.

Example:
    >>> import random
    >>> from marketlib import monsoon
    >>> from marketlib.bots import GreedyBot
    >>> s = monsoon.setup(monsoon.Rules(players=2), seed=3)
    >>> bot = GreedyBot()
    >>> action = bot.choose(monsoon.view(s, 0), monsoon.legal_actions(s), random.Random(0))
    >>> isinstance(bot.explain_choice(), str)
    True
"""

from marketlib.bots.base import Bot, draws_uniformly, game_of, reads_view, uniform_choice, viewer_of
from marketlib.bots.greedy import GreedyBot
from marketlib.bots.ismcts import ISMCTSBot
from marketlib.bots.random import RandomBot

BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[ISMCTSBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
}
"""The bots by the short names the command line and ``marketlib.sim`` accept."""


def make_bot(name: str) -> Bot:
    """A new bot from its short name (``"random"``, ``"greedy"``, ``"ismcts"``).

    Raises:
        ValueError: an unknown name.
    """
    try:
        return BOTS[name.strip().lower()]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "draws_uniformly", "game_of",
           "make_bot", "reads_view", "uniform_choice", "viewer_of"]
