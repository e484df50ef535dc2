"""Bansan and Monsoon Market for reinforcement learning (issue 33, point 2; docs:
"Reinforcement learning"): a native PettingZoo AEC environment for both games, every mode and
player count, and a Gymnasium environment for Sendiri (one player against the automated
Neighbour). Actions are the fixed ids of :mod:`marketlib.features.encoding`, observations the
tensors of :mod:`marketlib.features.observation` (the seat's view only), the same numbers as
``marketlib.openspiel``.

Importing this module imports PettingZoo and Gymnasium (the ``rl`` extra); ``import marketlib``
does not import it::

    from marketlib.rl import MarketlibEnv, SendiriEnv
    env = MarketlibEnv("bansan", mode="kenduri", players=4, render_mode="ansi")
"""

from marketlib.rl.aec import MarketlibEnv, env
from marketlib.rl.numbers import Numbers, resolve
from marketlib.rl.policies import BotPolicy, RandomPolicy, masked_choice, play_episode
from marketlib.rl.sendiri import ENV_ID, SendiriEnv

__all__ = [
           "ENV_ID",
           "BotPolicy",
           "MarketlibEnv",
           "Numbers",
           "RandomPolicy",
           "SendiriEnv",
           "env",
           "masked_choice",
           "play_episode",
           "resolve",
]
