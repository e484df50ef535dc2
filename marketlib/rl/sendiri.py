"""Sendiri, Bansan's solo mode, as a Gymnasium environment (issue 33, point 2; docs:
"Reinforcement learning"): one player against the automated Neighbour, which the game itself
moves (B-SOLO rules), so every step is the player's own decision."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from marketlib.rl.numbers import HIGH, Floats, Mask, Numbers, action_id, resolve

SEED_BOUND = 2**31
"""A reset without a seed deals ``setup(rules, seed=k)`` with ``k`` drawn below this bound."""


class SendiriEnv(gymnasium.Env[Floats, np.int64]):
    """Bansan's Sendiri as a Gymnasium environment.

    Args:
        hard: Sendiri's hard mode (``Rules(hard=True)``).
        render_mode: ``"ansi"`` (``render()`` returns the text of the player's view) or
            ``"human"`` (it prints it, and every step prints it too).
        max_steps: truncate after this many steps, refused ones included (default 2,000; a
            random Sendiri game takes about 100-300 decisions).
        rules: other Bansan rule options, as a mapping (``mode`` and ``players`` are fixed).

    The observation is the float32 tensor of the player's view (a ``Box``); the action is an id
    of :mod:`marketlib.features.encoding` (``Discrete(8262)``). Most ids are not legal at a
    given moment: ``info["action_mask"]`` (int8, 1 for each legal id), :meth:`action_masks`
    (the name sb3-contrib's ``MaskablePPO`` asks for) and :meth:`sample_legal` say which are.
    An id that is not legal is refused: nothing changes, the reward is 0 and
    ``info["illegal"]`` is True (so unmasked exploration, and ``check_env``'s random actions,
    can go on). The reward is 1 when the game is won, 0 otherwise (the win share, as
    ``marketlib.openspiel``); ``reset(seed=k)`` deals ``setup(rules, seed=k)``.

    Example:
        >>> env = SendiriEnv()
        >>> obs, info = env.reset(seed=1)
        >>> obs.shape, info["action_mask"].shape
        ((2439,), (8262,))
        >>> obs, reward, terminated, truncated, info = env.step(env.sample_legal())
        >>> info["illegal"], reward
        (False, 0.0)
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 (Env's own)

    def __init__(self, hard: bool = False, render_mode: str | None = None,
                 max_steps: int = 2000, rules: dict[str, Any] | None = None) -> None:
        if render_mode is not None and render_mode not in ("ansi", "human"):
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.numbers = Numbers(*resolve("sendiri", rules={**(rules or {}), "hard": hard}))
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.observation_space = spaces.Box(-HIGH, HIGH, (self.numbers.size,), np.float32)
        self.action_space = spaces.Discrete(len(self.numbers.encoding))
        self.inner: Any = None
        self._legal: dict[int, Any] = {}
        self._steps = 0

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Floats, dict[str, Any]]:
        """Deal ``setup(rules, seed=seed)`` (a seed drawn from the generator if none)."""
        super().reset(seed=seed)
        deal = int(seed) if seed is not None else int(self.np_random.integers(SEED_BOUND))
        self.inner = self.numbers.module.setup(self.numbers.rules, seed=deal)
        self._legal = self.numbers.legal(self.inner)
        self._steps = 0
        if self.render_mode == "human":
            self.render()
        return self.numbers.observe(self.inner, 0), self._info(False)

    def _info(self, illegal: bool) -> dict[str, Any]:
        return {"action_mask": self.numbers.mask(self._legal), "illegal": illegal}

    def step(self, action: Any) -> tuple[Floats, float, bool, bool, dict[str, Any]]:
        """Play id ``action`` (refused if not legal: see the class)."""
        chosen = self._legal.get(action_id(action))
        self._steps += 1
        if chosen is not None:
            self.inner = self.numbers.module.apply(self.inner, chosen)
            self._legal = self.numbers.legal(self.inner)
        shares = self.numbers.shares(self.inner)
        terminated = shares is not None
        reward = shares[0] if shares is not None else 0.0
        truncated = not terminated and self._steps >= self.max_steps
        if self.render_mode == "human":
            self.render()
        return (self.numbers.observe(self.inner, 0), reward, terminated, truncated,
                self._info(chosen is None))

    def action_masks(self) -> Mask:
        """1 for each legal id now, 0 for the others."""
        return self.numbers.mask(self._legal)

    def legal(self) -> dict[int, Any]:
        """The legal marketlib actions by id (what the mask marks)."""
        return self._legal

    def view(self) -> Any:
        """The player's marketlib view (what a marketlib bot decides from)."""
        return self.numbers.module.view(self.inner, 0)

    def sample_legal(self) -> int:
        """A legal id drawn uniformly with the environment's seeded generator.

        Raises:
            ValueError: nothing is legal (the game is over)."""
        if not self._legal:
            raise ValueError("no legal action: the game is over, call reset")
        return int(self.np_random.choice(list(self._legal)))

    def render(self) -> str | None:
        """The player's view as text (``ansi``), or printed (``human``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: give one to the "
                                  "constructor ('ansi' or 'human')")
            return None
        text = ("(not dealt yet: call reset)" if self.inner is None
                else self.numbers.text(self.inner, 0))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


ENV_ID = "marketlib/Sendiri-v0"
"""The Gymnasium id: ``gymnasium.make("marketlib/Sendiri-v0", hard=True)`` once
:mod:`marketlib.rl` is imported."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point="marketlib.rl.sendiri:SendiriEnv")
