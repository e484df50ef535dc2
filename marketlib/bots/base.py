"""The ``Bot`` protocol and what every bot shares: finding the game of a view, and the turn.

A bot sees only what its seat may see: :meth:`Bot.choose` gets a *view* (never the state), the
legal actions and a seeded ``random.Random``. Search bots rebuild full states from the view with
the game's ``determinize(view, rng)``; they never touch the true state.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

from marketlib.core import registry
from marketlib.core.game import GameModule, PlayerId
from marketlib.core.i18n import N_, Later
from marketlib.core.seeding import any_time_rng

NOT_YET = Later(N_("has not chosen yet."))
"""What a bot says before its first choice."""


@runtime_checkable
class Bot(Protocol):
    """A computer player.

    Bots answer every decision of their seat, including accept/decline answers to trade
    proposals, which games offer as ordinary legal actions of the deciding seat.

    A bot whose :meth:`choose` never looks at the view may say so with a class attribute
    ``reads_view = False`` (``RandomBot`` does): a simulation then passes ``None`` instead of
    building a view it would throw away. Without the attribute a bot gets its view; the
    attribute holds only for the ``choose`` declared beside it (a subclass that writes its own
    ``choose`` gets its view). A ``choose`` that is exactly ``rng.choice(legal_actions)`` may be
    marked :func:`draws_uniformly` (``RandomBot``'s is): a simulation then makes that draw
    from the bot's stream itself, with no call into the bot and no check of the choice (the
    bot's :meth:`explain_choice` knows nothing of those choices). Every other bot is called and
    its choice checked against the legal actions. A bot writes the sentence of
    :meth:`explain_choice` when asked for it, not at every choice.
    """

    def choose(self, view: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        """Pick one of ``legal_actions`` (non-empty) from what ``view`` shows.

        Args:
            view: the deciding seat's view (``game.view(state, seat)``).
            legal_actions: the legal actions, in the game's order.
            rng: the only source of chance (seeded by the caller).

        Returns:
            One element of ``legal_actions``.
        """
        ...

    def explain_choice(self) -> str:
        """One sentence a learner can read about the last choice: English, or a
        :class:`~marketlib.core.i18n.Later` (English as a ``str``) that a board words in each
        reader's language (issue 30, point 5)."""
        ...


def reads_view(bot: Any) -> bool:
    """Whether ``bot`` looks at the view it is given (``reads_view``, True when not said).

    Example:
        >>> from marketlib.bots import GreedyBot, RandomBot
        >>> class Careful(RandomBot):
        ...     def choose(self, view, legal_actions, rng):
        ...         return legal_actions[0]
        >>> reads_view(RandomBot()), reads_view(GreedyBot()), reads_view(Careful())
        (False, True, True)
    """
    own = getattr(bot, "__dict__", {})
    if "reads_view" in own:
        return bool(own["reads_view"])
    if "choose" in own:  # a choose put on the bot itself is not the one the class speaks for
        return True
    # ``reads_view = False`` holds only for the ``choose`` declared beside it: a subclass that
    # writes its own ``choose`` (a notebook's RandomBot with a twist) reads the view.
    for klass in type(bot).__mro__:
        if "choose" in vars(klass):
            return bool(vars(klass).get("reads_view", True))
    return True


Choose = TypeVar("Choose", bound=Callable[..., Any])


def draws_uniformly(choose: Choose) -> Choose:
    """Mark a bot's ``choose`` as exactly ``rng.choice(legal_actions)``: a simulation may then
    draw for the bot (:func:`uniform_choice`). The mark is on the function, so a subclass's own
    ``choose``, or another function put in its place, is not marked."""
    choose.__dict__["draws_uniformly"] = True
    return choose


def uniform_choice(bot: Any) -> bool:
    """Whether ``bot.choose`` is a method marked :func:`draws_uniformly`, so a simulation may
    draw for the bot.

    Example:
        >>> from marketlib.bots import GreedyBot, RandomBot
        >>> class Wild(RandomBot):
        ...     def choose(self, view, legal_actions, rng):
        ...         return "P0 pass"
        >>> uniform_choice(RandomBot()), uniform_choice(GreedyBot()), uniform_choice(Wild())
        (True, False, False)
    """
    choose = getattr(bot, "choose", None)
    function = getattr(choose, "__func__", None)
    return (getattr(choose, "__self__", None) is bot
            and getattr(function, "__dict__", {}).get("draws_uniformly") is True)


def game_of(view: Any) -> GameModule:
    """The registered game a view belongs to: the one its rules declare (``Rules.game``, the
    game object's name; issue 28), never guessed from where its class is defined.

    Raises:
        ValueError: the object is not a view of a registered game.

    Example:
        >>> from marketlib import monsoon
        >>> s = monsoon.setup(monsoon.Rules(), seed=1)
        >>> game_of(monsoon.view(s, 0)).GAME.name
        'monsoon'
    """
    name = getattr(getattr(view, "rules", None), "game", None)
    if isinstance(name, str) and name in registry.names():
        found = registry.entry(name).game()
        if isinstance(view.rules, found.Rules):
            return found
    raise ValueError(f"{type(view).__name__} is not a view of a registered game")


def viewer_of(view: Any, legal_actions: tuple[Any, ...]) -> PlayerId:
    """The deciding seat: the view's ``viewer``, else the ``player`` of the first legal action.

    Raises:
        ValueError: the seat cannot be told (a teacher view with no legal actions).
    """
    viewer = getattr(view, "viewer", None)
    if isinstance(viewer, int):
        return viewer
    if legal_actions:
        return cast(PlayerId, legal_actions[0].player)
    raise ValueError("cannot tell which seat decides: the view has no viewer")


def check_choices(legal_actions: tuple[Any, ...]) -> None:
    """Raise ``ValueError`` when there is nothing to choose from."""
    if not legal_actions:
        raise ValueError("no legal actions to choose from (is the game over?)")


def any_time_moves(game: GameModule, state: Any, bots: Mapping[PlayerId, Any],
                   rngs: Mapping[PlayerId, random.Random]) -> list[tuple[PlayerId, Any]]:
    """What the computer players want to do out of turn now (A-B-60): for each seat in ``bots``
    (in seat order) whose bot has an ``any_time(view, actions, rng)`` method and that has
    any-time actions (the game's ``any_time_actions(state, seat)``), the action the bot picks,
    if any. A bot that deals (``deals = True``, issue 29) is asked even with no listed action,
    and may answer with a proposal of its own (the game's ``FREE_FORM``, such as a Bansan
    trade) that the rules allow now. Only the deciding seat's ``legal_actions`` drive
    ``choose``; this is the other seats' chance to act between two decisions. The caller
    plays the actions in order and asks again, since one changes what the next may do.

    Returns:
        ``[(seat, action), ...]``: at most one action per seat; empty for a game without
        any-time actions.
    """
    listing = getattr(game, "any_time_actions", None)
    if listing is None or game.outcome(state) is not None:
        return []
    wanted: list[tuple[PlayerId, Any]] = []
    for seat in sorted(bots):
        bot = bots[seat]
        hook = getattr(bot, "any_time", None)
        if hook is None or seat < 0:
            continue
        options = tuple(listing(state, seat))
        deals = getattr(bot, "deals", False) is True
        if not options and not deals:
            continue
        pick = hook(game.view(state, seat), options, rngs[seat])
        if pick is not None:
            if pick not in options and not (deals and _proposal(game, state, seat, pick)):
                raise ValueError(f"{bot!r} picked {pick}, which is not among its any-time actions")
            wanted.append((seat, pick))
    return wanted


def _proposal(game: GameModule, state: Any, seat: PlayerId, action: Any) -> bool:
    """``action`` is one of the game's free-form proposals, by ``seat``, allowed now."""
    free = getattr(game, "FREE_FORM", ())
    return (bool(free) and isinstance(action, free) and getattr(action, "player", None) == seat
            and game.explain(state, action) is None)


def is_hand_off(game: GameModule, before: Any, last: Any, state: Any) -> bool:
    """Whether the decision has just passed to another seat: ``last`` (played in ``before``,
    which led to ``state``) was the deciding seat's own move and someone else decides now.
    ``before is None`` means the game has just begun (also a hand-off). Computer players are
    asked about their out-of-turn actions at hand-offs only (:func:`out_of_turn_moves`)."""
    if before is None:
        return True
    decider = game.current_player(before)
    return getattr(last, "player", decider) == decider != game.current_player(state)


def out_of_turn_moves(game: GameModule, state: Any, bots: Mapping[PlayerId, Any], seed: int,
                      position: int) -> list[tuple[PlayerId, Any]]:
    """:func:`any_time_moves` with each bot's stream for this position
    (:func:`marketlib.core.seeding.any_time_rng`): the same answer wherever and however often
    it is asked (a board, an undo, a replay, the simulator), and the bots' own streams never
    move. Used by boards and by ``sim.play(..., any_time=True)`` at every hand-off."""
    hooked = {s: b for s, b in bots.items() if hasattr(b, "any_time") and s >= 0}
    if not hooked:
        return []
    rngs = {s: any_time_rng(seed, s, position) for s in hooked}
    return any_time_moves(game, state, hooked, rngs)


def settings_of(bot: Any, skip: tuple[str, ...] = ()) -> list[str]:
    """``name=value`` for each setting of ``bot``'s constructor that is not its default, in the
    constructor's order (read back from the attribute of the same name; ``skip``: settings the
    caller writes itself). A value without a ``repr`` of its own (a heuristic object) is
    written by its class's name."""
    out = []
    for name, parameter in inspect.signature(type(bot).__init__).parameters.items():
        default = parameter.default
        if name == "self" or name in skip or default is inspect.Parameter.empty:
            continue
        value = getattr(bot, name, default)
        if value is default or value == default:
            continue
        shown = repr(value) if _own_repr(type(value)) else type(value).__name__
        out.append(f"{name}={shown}")
    return out


def _own_repr(kind: type) -> bool:
    """Whether ``kind`` or a base other than ``object`` writes its own ``repr``."""
    return any("__repr__" in vars(c) for c in kind.__mro__[:-1])


def label_of(bot: Any) -> str:
    """The name a results frame gives ``bot`` (its ``bot`` column): its ``repr`` when its class
    has one (the library's bots write their class and every setting that is not the default,
    :func:`settings_of`), without the ``()`` of a bot at its defaults, so two bots set apart are
    told apart and a default one keeps its class's name (helper-105 read one row for
    ``ISMCTSBot(iterations=10)`` against ``ISMCTSBot(iterations=300)``); a class without a
    ``repr`` of its own is named by the class. Nothing is constructed or played: a simulation
    takes the labels before its games.

    Example:
        >>> from marketlib.bots import GreedyBot, ISMCTSBot
        >>> label_of(GreedyBot()), label_of(GreedyBot(deals=True)), label_of(ISMCTSBot(10))
        ('GreedyBot', 'GreedyBot(deals=True)', 'ISMCTSBot(10)')
        >>> label_of(ISMCTSBot(10, exploration=0.5))
        'ISMCTSBot(10, exploration=0.5)'
    """
    if not _own_repr(type(bot)):
        return type(bot).__name__
    return repr(bot).removesuffix("()")


__all__ = ["NOT_YET", "Bot", "any_time_moves", "check_choices", "game_of", "is_hand_off",
           "label_of", "out_of_turn_moves", "reads_view", "settings_of", "viewer_of"]


class Plan:
    """The rest of a turn a bot has chosen, followed while the table looks as it expected.

    A searching bot picks a whole line of decisions for its turn; on its next decisions it plays
    the line on, as long as the view it is given equals the view the line predicted and the next
    action is still legal. Anything else (new information, another seat moved) drops the plan.
    """

    def __init__(self) -> None:
        self.actions: list[Any] = []
        self.expect: Any = None
        self.state: Any = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Plan:
        """A copy sharing the (immutable) state and view: cheap for a board's undo memory."""
        twin = Plan()
        twin.actions, twin.expect, twin.state = list(self.actions), self.expect, self.state
        return twin

    def next(self, game: GameModule, view: Any, legal_actions: tuple[Any, ...],
             me: PlayerId) -> Any | None:
        """The next action of the plan, or ``None`` (and the plan dropped) if it no longer fits."""
        if self.actions and self.expect is not None and self.expect == view:
            action = self.actions.pop(0)
            if action in legal_actions:
                self.state = game.apply(self.state, action)
                self.expect = game.view(self.state, me) if self.actions else None
                return action
        self.actions, self.expect = [], None
        return None

    def start(self, game: GameModule, state: Any, line: Any, me: PlayerId) -> Any:
        """Follow ``line`` (a sequence of actions) from ``state``; returns its first action."""
        first, *rest = line
        self.actions = rest
        self.state = game.apply(state, first)
        self.expect = game.view(self.state, me) if self.actions else None
        return first
