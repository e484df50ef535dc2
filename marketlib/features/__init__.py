"""Both games as numbers, for the learning frameworks (issue 33; docs: "OpenSpiel",
"Reinforcement learning"): the fixed action encoding (:mod:`.encoding`) and the observation
tensor made from a seat's view only (:mod:`.observation`).

Free of any framework: ``marketlib.openspiel`` (pyspiel) and ``marketlib.rl`` (PettingZoo,
Gymnasium) both build on it. It needs NumPy (the ``openspiel`` and ``rl`` extras bring it);
``import marketlib`` does not import it.
"""
