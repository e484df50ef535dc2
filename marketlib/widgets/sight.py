"""What each seat sees of a state, worked out once (issue 28: one ``view`` per seat per state).

A board's payload needs a seat's view several times (the scene, the decider's choices, the
seat's any-time actions, the "while you waited" story over past positions) and a world rebuilt
from that view (``determinize``) for the previews and the any-time listing. A :class:`Sight`
keeps both for one state, with the choices and their previews, so each is worked out at most
once per (state, seat); a
:class:`Sights` keeps the sights of the latest states a table showed, so a redraw after a move
works out only the new position.

States are immutable, and a view and its world depend on the state and the seat only (the
world is rebuilt with the fixed :data:`WORLD_SEED`, its unseen cards in the view's order), so
what is kept is exactly what would be worked out again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from marketlib.widgets.recent import Recent

T = TypeVar("T")

WORLD_SEED = 0
"""The seed of the world a board rebuilds from a view for previews and explanations (its
reshuffle key and any other draw a game's ``determinize`` makes besides shuffling)."""


class _InOrder(random.Random):
    """``random.Random`` whose :meth:`shuffle` keeps the order: a board's world keeps the
    unseen cards in the order the view lists them. Nothing a board shows depends on that
    order (a preview states what the hidden cards decide as a chance, never as a fact;
    ``tests/widgets/test_world.py`` checks every choice and preview against worlds shuffled
    with other seeds), and the shuffles were most of ``determinize``'s time.

    Its draws are ``random.Random(seed)``'s, but the generator is seeded only when a draw is
    not already known: a world draws the same few bits (its reshuffle key) every time, and
    seeding the Mersenne Twister cost a sixth of ``determinize``. What ``getrandbits`` gave for
    a seed after the same earlier draws is kept (:attr:`_known`); any other draw seeds the
    generator and replays the draws made before it, so the stream is always Random's."""

    _known: ClassVar[dict[tuple[Any, tuple[int, ...], int], int]] = {}

    def __init__(self, seed: Any) -> None:  # not seeded yet: see _wake
        self._seed = seed
        self._bits: tuple[int, ...] = ()  # getrandbits' arguments answered from _known
        self._live = False
        self.gauss_next = None
        if seed is None:  # the system's randomness: nothing to keep
            self._wake()

    def _wake(self) -> None:
        """Seed the generator and replay the draws answered from :attr:`_known`."""
        super().seed(self._seed)
        self.gauss_next = None
        for k in self._bits:
            super().getrandbits(k)
        self._live = True

    def getrandbits(self, k: int) -> int:
        if self._live:
            return super().getrandbits(k)
        key = (self._seed, self._bits, k)
        found = self._known.get(key)
        if found is None:
            self._wake()
            found = super().getrandbits(k)
            if len(self._known) >= 1024:
                self._known.clear()
            self._known[key] = found
        else:
            self._bits += (k,)
        return found

    def random(self) -> float:
        if not self._live:
            self._wake()
        return super().random()

    def getstate(self) -> Any:
        if not self._live:
            self._wake()
        return super().getstate()

    def setstate(self, state: Any) -> None:
        super().setstate(state)
        self._live = True

    def seed(self, a: Any = None, version: int = 2) -> None:
        super().seed(a, version)
        self._seed, self._bits, self._live = a, (), True

    def shuffle(self, x: Any) -> None:
        return None


def world_of(game: Any, view: Any) -> Any:
    """A full state consistent with ``view``, the same for every state that gives this view:
    ``game.determinize(view, rng)`` with an ``rng`` seeded :data:`WORLD_SEED` that leaves the
    unseen cards in the view's order (what a board shows does not depend on their order)."""
    return game.determinize(view, _InOrder(WORLD_SEED))


class Sight:
    """One state as each seat sees it: the seat's view (``None``: the teacher view) and a world
    rebuilt from that view, each worked out at most once; and the state's legal actions (the
    choices a board offers, and what a click on one of them plays)."""

    __slots__ = ("_kept", "_legal", "_views", "_worlds", "game", "state")

    def __init__(self, game: Any, state: Any) -> None:
        self.game = game
        self.state = state
        self._views: dict[int | None, Any] = {}
        self._worlds: dict[int | None, Any] = {}
        self._legal: tuple[Any, ...] | None = None
        self._kept: dict[Any, Any] = {}

    def legal_actions(self) -> tuple[Any, ...]:
        """``game.legal_actions(state)``."""
        if self._legal is None:
            self._legal = tuple(self.game.legal_actions(self.state))
        return self._legal

    def view(self, seat: int | None) -> Any:
        """``game.view(state, seat)``."""
        views = self._views
        if seat not in views:
            views[seat] = self.game.view(self.state, seat)
        return views[seat]

    def kept(self, key: Any, make: Callable[[], T]) -> T:
        """``make()``, worked out once per ``key`` for this state (a seat's choices with their
        previews, shared by its own board and the teacher's); treat it as read-only."""
        kept = self._kept
        if key not in kept:
            kept[key] = make()
        found: T = kept[key]
        return found

    def world(self, seat: int | None) -> Any:
        """A world rebuilt from ``seat``'s view (:func:`world_of`)."""
        worlds = self._worlds
        if seat not in worlds:
            worlds[seat] = world_of(self.game, self.view(seat))
        return worlds[seat]


class Sights:
    """The :class:`Sight` of each state asked about lately (a table keeps one): at least the
    last ``size`` states, at most twice as many, in two generations (:class:`~.recent.Recent`;
    the oldest-first eviction of one dict, ``del kept[next(iter(kept))]``, walked past every
    entry deleted before it, so each new state cost more the longer a board ran).

    Args:
        game: the game module the states belong to.
        size: how many states each generation keeps.
    """

    def __init__(self, game: Any, size: int = 256) -> None:
        self.game = game
        self.size = size
        self._recent = Recent(lambda state: Sight(game, state), size)

    def of(self, state: Any) -> Sight:
        """The sight of ``state`` (the very object: a kept sight holds it, so its ``id`` is not
        reused while kept)."""
        found: Sight = self._recent(state)
        return found


__all__ = ["WORLD_SEED", "Sight", "Sights", "world_of"]
