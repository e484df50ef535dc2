"""Bansan and Monsoon Market as OpenSpiel Python games (issue 33; docs: "OpenSpiel").

Importing this module imports ``pyspiel`` (the ``openspiel`` extra) and registers two games,
with every mode and player count as parameters::

    import pyspiel
    import marketlib.openspiel
    pyspiel.load_game("python_marketlib_bansan(players=4,mode=kenduri)")
    pyspiel.load_game("python_marketlib_bansan(mode=sendiri,hard=true)")
    pyspiel.load_game("python_marketlib_monsoon(players=3,seal_target=30)")  # the long game

Parameters: ``players`` (Bansan 2-5, or 1 with ``mode=sendiri``; its default 0 means the
mode's own count, 2 or 1; Monsoon Market 2-5, default 2), ``mode`` (Bansan: ``standard``,
``kenduri``, ``sendiri``), ``hard`` (Sendiri's hard mode), ``seal_target`` (Monsoon Market:
15, or 30 for the long game), ``deals`` (how many seeds the deal chooses from, default 1000).
Every other rule option keeps its default.

* **Chance** is one node, the deal: its outcome ``k`` (``0 .. deals-1``, uniform) is the seed of
  ``setup(rules, seed=k)``. The games' own chance inside ``apply`` (refills, reshuffles, Events)
  is drawn from the seeded state, so after the deal the game is deterministic given the
  actions: the deal node picks the seed, and with it every later draw.
* **Actions** are the fixed ids of :mod:`marketlib.openspiel.encoding` (Bansan's free-form
  trades, bargains and counter-offers are left out; that module says why).
* **Observations** (the observation and information-state strings and tensors) are made from
  the seat's ``view`` only (:mod:`marketlib.openspiel.features`). The information state is the
  seat's view, not its whole history (marketlib's bots decide from the view too).
* **Returns** are the win share of ``outcome``: each of the ``winners`` gets ``1 / len(winners)``
  and every other seat 0; a Kenduri collective loss and a lost Sendiri game give everyone 0,
  a won Sendiri game 1. Scores (seals, RM) are not returns: they are in the view.
"""

from __future__ import annotations

import random
from typing import Any, Literal, cast

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from marketlib import bansan, monsoon
from marketlib.bansan.modes import MODES
from marketlib.core.game import GameModule

# ``encoding_of``, not ``encoding``: importing the submodule marketlib.openspiel.encoding (kept
# for its old path) sets the package attribute ``encoding`` to that module.
from marketlib.features.encoding import Encoding
from marketlib.features.encoding import encoding as encoding_of
from marketlib.features.observation import TENSORS, Tensor, view_string

MAX_GAME_LENGTH = 10_000
"""The bound OpenSpiel is told (random games measured 90-480 decisions; not a proof)."""

DEALS = 1000
"""Seeds the deal chooses from by default (the ``deals`` parameter)."""

_GAMES: dict[str, GameModule] = {"bansan": bansan, "monsoon": monsoon}


def _game_type(name: str) -> Any:
    module = _GAMES[name]
    spec: dict[str, Any] = {"deals": DEALS}
    if name == "bansan":  # players=0: the mode's own count (2, or 1 in Sendiri)
        spec |= {"players": 0, "mode": "standard", "hard": False}
    else:
        spec |= {"players": 2, "seal_target": 15}
    return pyspiel.GameType(
        short_name=f"python_marketlib_{name}",
        long_name=f"marketlib {module.GAME.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=module.GAME.max_players,
        min_num_players=module.GAME.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def rules_of(name: str, params: dict[str, Any]) -> Any:
    """The marketlib ``Rules`` an OpenSpiel parameter dictionary asks for (module docstring).

    Example:
        >>> rules_of("bansan", {"mode": "sendiri"}).players
        1
    """
    if name == "monsoon":
        return monsoon.Rules(players=int(params.get("players", 2)),
                             seal_target=int(params.get("seal_target", 15)))
    mode = cast(Literal["standard", "kenduri", "sendiri"], str(params.get("mode", "standard")))
    declared = MODES.get(mode)  # an unknown mode: Rules refuses it, naming the modes
    players = int(params.get("players", 0)) or (declared.players.start if declared else 2)
    return bansan.Rules(players=players, mode=mode, hard=bool(params.get("hard", False)))


class Spec:
    """What a state needs of its game: the module, rules, deal count, encoding and card data.

    A state keeps it as an attribute, and OpenSpiel deep-copies (``clone``) and pickles
    (``serialize``) a Python state's attributes: a spec copies as itself and pickles as its
    name and parameters."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        self.name = name
        self.params = params
        self.module = _GAMES[name]
        self.rules = rules_of(name, params)
        self.deals = int(params.get("deals", DEALS))
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, not {self.deals}")
        self.encoding: Encoding = encoding_of(self.module, self.rules)
        self.catalog = self.module.catalog(self.rules)  # type: ignore[attr-defined]

    @staticmethod
    def of(name: str, params: dict[str, Any]) -> Spec:
        """The spec of game ``name`` with these parameters (one per distinct parameters)."""
        key = (name, tuple(sorted(params.items())))
        found = _SPECS.get(key)
        if found is None:
            found = _SPECS.setdefault(key, Spec(name, dict(params)))
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> Spec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Spec.of, (self.name, self.params))


_SPECS: dict[tuple[str, tuple[tuple[str, Any], ...]], Spec] = {}


class Node:
    """A marketlib state and its legal actions by id, worked out once: immutable, so a clone
    shares it (``copy.deepcopy`` gives it back as is)."""

    def __init__(self, spec: Spec, inner: Any) -> None:
        self.inner = inner
        self.over = inner is not None and spec.module.outcome(inner) is not None
        self.legal: dict[int, Any] = ({} if inner is None or self.over
                                      else spec.encoding.legal(spec.module, inner))

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self


class MarketlibGame(pyspiel.Game):  # type: ignore[misc]
    """One marketlib game with one set of rules, as an OpenSpiel game."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        params = {k: v for k, v in (params or {}).items()}
        self.spec = Spec.of(name, params)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.spec.encoding),
            max_chance_outcomes=self.spec.deals,
            num_players=self.spec.rules.players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(name), info, params)

    def new_initial_state(self) -> MarketlibState:
        """The state before the deal (a chance node)."""
        return MarketlibState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """The observer of every observation type: the seat's view (module docstring)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return ViewObserver(self)


class MarketlibState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding a marketlib state (``inner``; ``None`` before the deal)."""

    def __init__(self, game: MarketlibGame, inner: Any = None) -> None:
        super().__init__(game)
        self.spec = game.spec
        self.node = Node(self.spec, inner)

    @property
    def inner(self) -> Any:
        """The marketlib state (``None`` before the deal)."""
        return self.node.inner

    def legal(self) -> dict[int, Any]:
        """The legal marketlib actions by id (empty at the deal and at the end)."""
        return self.node.legal

    def current_player(self) -> int:
        if self.node.inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.node.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.spec.module.current_player(self.node.inner))  # type: ignore[arg-type]

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.node.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.spec.deals
        return [(k, p) for k in range(self.spec.deals)]

    def _apply_action(self, action: int) -> None:
        spec, inner = self.spec, self.node.inner
        if inner is None:
            self.node = Node(spec, spec.module.setup(spec.rules, seed=int(action)))
        else:
            self.node = Node(spec, spec.module.apply(inner, self.node.legal[action]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return f"P{player} {self.spec.encoding.text(action)}"

    def is_terminal(self) -> bool:
        return self.node.over

    def returns(self) -> list[float]:
        n = self.spec.rules.players
        inner = self.node.inner
        result = None if inner is None else self.spec.module.outcome(inner)
        return [0.0] * n if result is None else result.win_shares()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MarketlibState:
        """A state ``player_id`` cannot tell from this one: ``determinize`` of its view, seeded
        by ``probability_sampler`` (OpenSpiel's ISMCTS asks for this)."""
        seed = int(probability_sampler() * 2**62) if callable(probability_sampler) else 0
        return resample(self, player_id, random.Random(seed))

    def __str__(self) -> str:
        return "(not dealt yet)" if self.node.inner is None else str(self.node.inner)


def resample(state: MarketlibState, seat: int, rng: random.Random) -> MarketlibState:
    """A state drawn by marketlib's ``determinize`` from ``seat``'s view of ``state`` (the
    resampler of OpenSpiel's ``ISMCTSBot``: ``bot.set_resampler(lambda s, p: resample(s, p,
    rng))``). Before the deal, a fresh deal."""
    game, spec = state.get_game(), state.spec
    if state.inner is None:
        return MarketlibState(game, spec.module.setup(spec.rules, seed=rng.randrange(spec.deals)))
    return MarketlibState(game, spec.module.determinize(spec.module.view(state.inner, seat), rng))


class ViewObserver:
    """OpenSpiel's observer (``make_py_observer``): ``tensor``, ``dict`` (its named pieces) and
    ``string_from``, all from the seat's view."""

    def __init__(self, game: MarketlibGame) -> None:
        layout, self._fill = TENSORS[game.spec.name]
        self._spec = spec = game.spec
        self._tensor = Tensor(layout(spec.catalog))
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] = self._tensor.data
        self.dict: dict[str, Any] = {}
        for name, length in layout(spec.catalog):
            start = self._tensor.offsets[name]
            self.dict[name] = self.tensor[start:start + length]

    def set_from(self, state: MarketlibState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.inner is not None:
            self._fill(self._spec.module.view(state.inner, player), self._spec.catalog,
                       self._tensor)

    def string_from(self, state: MarketlibState, player: int) -> str:
        if state.inner is None:
            return "(not dealt yet)"
        return view_string(self._spec.module.view(state.inner, player))


class MarketlibBot(pyspiel.Bot):  # type: ignore[misc]
    """A marketlib bot (``RandomBot``, ``GreedyBot``, ``ISMCTSBot``) as an OpenSpiel bot: it is
    shown the seat's view and the legal actions, and its choice is played by id."""

    def __init__(self, bot: Any, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.rng = random.Random(seed)

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def step(self, state: MarketlibState) -> int:
        spec = state.spec
        seat = state.current_player()
        view = spec.module.view(state.inner, seat)
        choice = self.bot.choose(view, tuple(state.legal().values()), self.rng)
        return spec.encoding.encode(state.inner, choice)


def spiel_ismcts(game: MarketlibGame, simulations: int = 20, seed: int = 0,
                 uct_c: float = 2.0) -> Any:
    """OpenSpiel's own Python ``ISMCTSBot`` for a marketlib game: random roll-outs, ``uct_c``,
    ``simulations`` per move, and :func:`resample` (marketlib's ``determinize``) as its
    resampler. Action sets may differ between the worlds it samples (another seat's options
    depend on its hidden cards), so it is built with ``allow_inconsistent_action_sets``; it
    also answers ``restart_at`` and ``inform_action`` (which ``evaluate_bots`` calls) by doing
    nothing, as it searches afresh at every move."""
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped]
        ismcts,
        mcts,
    )

    class Bot(ismcts.ISMCTSBot):  # type: ignore[misc]
        def restart_at(self, state: Any) -> None:
            pass

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            pass

    rng = random.Random(seed)
    bot = Bot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)), uct_c,
              simulations, random_state=np.random.RandomState(seed),
              allow_inconsistent_action_sets=True)
    bot.set_resampler(lambda state, player: resample(state, player, rng))
    return bot


class MonsoonGame(MarketlibGame):
    """``python_marketlib_monsoon``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("monsoon", params)


class BansanGame(MarketlibGame):
    """``python_marketlib_bansan``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("bansan", params)


# A class, not a closure: pyspiel keeps the factory until the interpreter ends, and a closure
# freed then aborts the process ("PyThreadState_Get: the function must be called with the GIL").
pyspiel.register_game(_game_type("monsoon"), MonsoonGame)
pyspiel.register_game(_game_type("bansan"), BansanGame)

__all__ = ["DEALS", "MAX_GAME_LENGTH", "BansanGame", "MarketlibBot", "MarketlibGame",
           "MarketlibState", "MonsoonGame", "Spec", "ViewObserver", "resample", "rules_of",
           "spiel_ismcts"]
