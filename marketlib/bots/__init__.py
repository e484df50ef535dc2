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

from collections.abc import Mapping

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


def seat_bots(opponents: Mapping[int, Bot | str] | None, players: int) -> dict[int, Bot]:
    """Computer players by seat from ``opponents``: each a bot, or a bot's short name
    (:func:`make_bot`), for a seat of a ``players``-seat game (``None``: none).

    Raises:
        TypeError: ``opponents`` is not a mapping, or a value is neither a bot (an object with
            a ``choose`` method) nor a name: the seat is named.
        ValueError: a key is not a seat of the game, or a name is no bot's.

    Example:
        >>> seat_bots({1: "greedy", 2: RandomBot()}, 3)
        {1: GreedyBot(), 2: RandomBot()}
        >>> seat_bots({1: "smart"}, 2)
        Traceback (most recent call last):
        ValueError: opponents[1]: unknown bot 'smart'; choose from random, greedy, ismcts
    """
    if opponents is None:
        return {}
    if not isinstance(opponents, Mapping):
        raise TypeError(f"opponents is a mapping of seats to bots or bot names, such as "
                        f"{{1: 'greedy'}}, not {opponents!r}")
    bots: dict[int, Bot] = {}
    for seat, bot in opponents.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"opponents: there is no seat {seat!r} (seats 0-{players - 1})")
        if isinstance(bot, str):
            try:
                bot = make_bot(bot)
            except ValueError as err:
                raise ValueError(f"opponents[{seat}]: {err}") from None
        elif isinstance(bot, type) or not callable(getattr(bot, "choose", None)):
            named = f"the class {bot.__name__}" if isinstance(bot, type) else repr(bot)
            raise TypeError(f"opponents[{seat}] is {named}, not a computer player: give a bot "
                            f"such as GreedyBot() or a name ({', '.join(BOTS)})")
        bots[seat] = bot
    return bots


__all__ = ["BOTS", "Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "draws_uniformly", "game_of",
           "make_bot", "reads_view", "seat_bots", "uniform_choice", "viewer_of"]
