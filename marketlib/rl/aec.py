"""Both games as native PettingZoo AEC environments (issue 33, point 2; docs: "Reinforcement
learning")."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from marketlib.rl.numbers import HIGH, Mask, Numbers, action_id, resolve

SEED_BOUND = 2**31
"""A reset without a seed deals ``setup(rules, seed=k)`` with ``k`` drawn below this bound."""


class MarketlibEnv(AECEnv):  # type: ignore[misc]
    """Bansan or Monsoon Market as a PettingZoo AEC environment, every mode and player count.

    Args:
        game: a registered game or mode: ``"monsoon"``, ``"bansan"``, ``"kenduri"``,
            ``"sendiri"`` (:func:`marketlib.rl.numbers.resolve`).
        mode: a Bansan mode (``"standard"``, ``"kenduri"``, ``"sendiri"``).
        players: the seats (agents ``player_0`` .. ``player_{n-1}``; seat ``i`` is ``player_i``).
        rules: a ``Rules`` object, or further rule options as a mapping.
        render_mode: ``"ansi"`` (``render()`` returns the text of the acting seat's view) or
            ``"human"`` (it prints it, and every step prints it too).
        max_steps: truncate every agent after this many decisions (default: never; every game
            ends by its own rules).

    Observations are dicts: ``"observation"``, the float32 tensor of the seat's view only
    (:mod:`marketlib.features.observation`), and ``"action_mask"``, int8 with a 1 for each
    legal id (:mod:`marketlib.features.encoding`) of the agent to act (all 0 for the others).
    ``reset(seed=k)`` deals ``setup(rules, seed=k)``: the same deal as marketlib's own seed
    ``k``. Rewards are 0 until the end, then the win share (as ``marketlib.openspiel``'s
    returns); every agent is then terminated. An action that is not legal raises ValueError.

    Example:
        >>> env = MarketlibEnv("monsoon", players=3)
        >>> env.reset(seed=1)
        >>> obs, reward, terminated, truncated, info = env.last()
        >>> env.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum()) > 0
        ('player_0', (1024,), True)
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "marketlib_v0", "render_modes": ["ansi", "human"], "render_fps": 4,
        "is_parallelizable": False}

    def __init__(self, game: str = "bansan", mode: str | None = None, players: int | None = None,
                 rules: Any = None, render_mode: str | None = None,
                 max_steps: int | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in ("ansi", "human"):
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.numbers = Numbers(*resolve(game, mode, players, rules))
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = [f"player_{i}" for i in range(self.numbers.rules.players)]
        self.agents: list[str] = []
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        ids = len(self.numbers.encoding)
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-HIGH, HIGH, (self.numbers.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (ids,), np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ids) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.inner: Any = None
        self._legal: dict[int, Any] = {}
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The ``Dict`` of ``"observation"`` and ``"action_mask"`` (one object per agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete`` over every id of the encoding (one object per agent)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal ``setup(rules, seed=seed)`` (a seed drawn from the generator if none)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            deal = int(seed)
        else:
            deal = int(self._rng.integers(SEED_BOUND))
        self.inner = self.numbers.module.setup(self.numbers.rules, seed=deal)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._advance()

    def _advance(self) -> None:
        """Legal actions, the agent to act, and the end (rewards, terminations)."""
        shares = self.numbers.shares(self.inner)
        if shares is not None:
            self._legal = {}
            self.rewards = {a: shares[self._seat[a]] for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            return
        self._legal = self.numbers.encoding.legal(self.numbers.module, self.inner)
        seat = self.numbers.module.current_player(self.inner)
        self.agent_selection = self.possible_agents[int(seat)]  # type: ignore[arg-type]
        if self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s tensor and its action mask (all 0 unless it is to act)."""
        seat = self._seat[agent]
        acting = agent == self.agent_selection and self._legal
        mask: Mask = (self.numbers.mask(self._legal) if acting
                      else np.zeros(len(self.numbers.encoding), np.int8))
        return {"observation": self.numbers.observe(self.inner, seat), "action_mask": mask}

    def legal(self) -> dict[int, Any]:
        """The acting agent's legal marketlib actions by id (what its mask marks)."""
        return self._legal

    def view(self, agent: str) -> Any:
        """``agent``'s marketlib view (what a marketlib bot decides from)."""
        return self.numbers.module.view(self.inner, self._seat[agent])

    def step(self, action: Any) -> None:
        """Play id ``action`` for the acting agent (``None`` for an agent already done).

        Raises:
            ValueError: the id is not legal now."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._legal.get(action_id(action))
        if chosen is None:
            raise ValueError(f"{agent}: action {action} is not legal now (its mask has "
                             f"{len(self._legal)} legal ids)")
        self._cumulative_rewards[agent] = 0.0
        self.inner = self.numbers.module.apply(self.inner, chosen)
        self._steps += 1
        self.rewards = {a: 0.0 for a in self.agents}
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The acting seat's view as text (``ansi``), or printed (``human``)."""
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without a render_mode: give one to the "
                                  "constructor ('ansi' or 'human')")
            return None
        if self.inner is None:
            text = "(not dealt yet: call reset)"
        else:
            text = self.numbers.text(self.inner, self._seat[self.agent_selection])
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""
        pass


def env(**kwargs: Any) -> Any:
    """:class:`MarketlibEnv` in PettingZoo's usual wrappers (it refuses calls out of order,
    such as ``step`` before ``reset``); the arguments are the class's."""
    return wrappers.OrderEnforcingWrapper(MarketlibEnv(**kwargs))
