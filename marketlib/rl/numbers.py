"""One game with one set of rules, as numbers: the rules a constructor asks for, the action ids
(:mod:`marketlib.features.encoding`), the observation tensor from a seat's view
(:mod:`marketlib.features.observation`), the action mask and the win share. Shared by the
PettingZoo and the Gymnasium environments; it imports neither framework."""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any

import numpy as np

from marketlib.core.game import GameModule
from marketlib.core.registry import mode as registry_mode
from marketlib.features.encoding import Encoding, encoding
from marketlib.features.observation import TENSORS, Tensor

HIGH = 1000.0
"""The bound of every observation entry (the spaces are ``[-HIGH, HIGH]``). Most entries are
0/1 or scaled to about 0..1; the counters (turn / 100, money / 50, reshuffles) stay far inside
it in any game that ends by the rules; money is negative in debt (Bansan's
``debt_policy="allow_negative"``)."""

Floats = np.ndarray[Any, np.dtype[np.float32]]
Mask = np.ndarray[Any, np.dtype[np.int8]]


def resolve(game: str = "bansan", mode: str | None = None, players: int | None = None,
            rules: Any = None) -> tuple[GameModule, Any]:
    """The game module and ``Rules`` that the environments' arguments name: ``game`` is a
    registered game or mode (``"monsoon"``, ``"bansan"``, ``"sendiri"``, ``"kenduri"``), ``mode``
    a Bansan mode, ``players`` the seats, ``rules`` a ``Rules`` (used as it is) or a mapping of
    further rule options (``{"seal_target": 30}``).

    Example:
        >>> module, rules = resolve("bansan", mode="sendiri")
        >>> module.GAME.name, rules.mode, rules.players
        ('bansan', 'sendiri', 1)
        >>> resolve("monsoon", players=3, rules={"seal_target": 30})[1].seal_target
        30

    Raises:
        ValueError: an unknown game or mode, or rule options the game refuses (its own message).
    """
    entry, options = registry_mode(game)
    module = entry.game()
    if rules is not None and not isinstance(rules, Mapping):
        if mode is not None or players is not None:
            raise ValueError("give either a Rules object or mode/players, not both")
        return module, rules
    options |= dict(rules or {})
    if mode is not None:
        options["mode"] = mode
        options |= dict(entry.modes.get(mode, {}))
    if players is not None:
        options["players"] = players
    return module, module.Rules(**options)


def action_id(action: Any) -> int:
    """An action as the environments take it: a whole-number id (an ``int`` or a NumPy
    integer), never a float, a bool or ``None`` (``3.9`` is not id 3).

    Raises:
        ValueError: ``action`` is not a whole-number id.

    Example:
        >>> import numpy as np
        >>> action_id(np.int64(7)), action_id(3)
        (7, 3)
    """
    if isinstance(action, bool):
        raise ValueError(f"an action is an int id, not {action!r}")
    try:
        return operator.index(action)
    except TypeError:
        raise ValueError(f"an action is an int id, not {action!r}") from None


class Numbers:
    """A game and its rules as numbers (module docstring).

    Attributes:
        module, rules: the game and its rules.
        encoding: the action ids (``len(encoding)`` of them).
        size: the observation tensor's length.
    """

    def __init__(self, module: GameModule, rules: Any) -> None:
        self.module = module
        self.rules = rules
        self.name = module.GAME.name
        self.encoding: Encoding = encoding(module, rules)
        self.catalog = module.catalog(rules)  # type: ignore[attr-defined]
        layout, self._fill = TENSORS[self.name]
        self._tensor = Tensor(layout(self.catalog))
        self.size = len(self._tensor.data)

    def observe(self, state: Any, seat: int) -> Floats:
        """The tensor of ``seat``'s view of ``state`` (a fresh array)."""
        self._tensor.data.fill(0.0)
        self._fill(self.module.view(state, seat), self.catalog, self._tensor)
        return self._tensor.data.copy()

    def legal(self, state: Any) -> dict[int, Any]:
        """The legal actions by id (empty once the game is over)."""
        if self.module.outcome(state) is not None:
            return {}
        return self.encoding.legal(self.module, state)

    def mask(self, legal: Mapping[int, Any]) -> Mask:
        """1 for each legal id, 0 for every other (int8, as Gymnasium's ``Discrete.sample``)."""
        out = np.zeros(len(self.encoding), np.int8)
        out[list(legal)] = 1
        return out

    def shares(self, state: Any) -> list[float] | None:
        """The win share of each seat once the game is over (``None`` before), as
        ``marketlib.openspiel``'s returns: ``1 / len(winners)`` to each winner, 0 to the rest;
        a Kenduri collective loss and a lost Sendiri game give everyone 0."""
        result = self.module.outcome(state)
        return None if result is None else result.win_shares()

    def text(self, state: Any, seat: int) -> str:
        """``seat``'s view of ``state`` as text (what the ``ansi`` and ``human`` modes show)."""
        return str(self.module.view(state, seat))
