"""The one place games are known (docs: "Games and the registry").

Each game registers a :class:`GameEntry` when its package is imported: its module, and the
dotted paths of its board, its board's drawing rules and its bots' heuristic (strings, so the
games never import the layers above them), its default rule options and the names of its modes.
``Match``, save files, boards, bots, simulation and the command line all look games up here, so
a third game (or a user's variant) that registers itself works everywhere::

    from marketlib.core.registry import GameEntry, register
    register(GameEntry(name="nim", module="mygames.nim"))

The games shipped with marketlib register themselves when their packages are imported, which
happens as soon as anything in ``marketlib`` is imported (``marketlib/__init__.py`` imports
them). Lookups are thread-safe (simulation may run on threads).
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from marketlib.core.game import GameModule


@dataclass(frozen=True)
class GameEntry:
    """What the library knows about one game.

    Attributes:
        name: the short name ``Match`` takes (``"monsoon"``).
        module: the game package's dotted path (``"marketlib.monsoon"``); it provides the
            functions of :class:`~marketlib.core.game.GameModule`.
        board: ``"package.module:Class"`` of its anywidget board ("" for none).
        table: ``"package.module:Class"`` of its board's drawing rules (a
            ``marketlib.widgets.payload.Table``; "" for none).
        heuristic: ``"package.module:NAME"`` of the bots' evaluation (a
            ``marketlib.bots.heuristics.Heuristic``; "" for a neutral one).
        defaults: rule options a new game gets unless given (``{"players": 2}``).
        modes: other names that start this game with some options, e.g.
            ``{"sendiri": {"mode": "sendiri", "players": 1}}``.
    """

    name: str
    module: str
    board: str = ""
    table: str = ""
    heuristic: str = ""
    defaults: Mapping[str, Any] = field(default_factory=dict)
    modes: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def game(self) -> GameModule:
        """The game's module (imported on first use)."""
        return cast(GameModule, _imported(self.module))


_LOCK = threading.RLock()
_ENTRIES: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> GameEntry:
    """Make ``entry`` known by its name (registering the same name again replaces it).

    Raises:
        ValueError: the name is empty or already the name of another game's mode.
    """
    if not entry.name or not entry.name.isidentifier():
        raise ValueError(f"a game's name is a word like 'monsoon', not {entry.name!r}")
    with _LOCK:
        for other in _ENTRIES.values():
            if other.name != entry.name and entry.name in other.modes:
                raise ValueError(f"{entry.name!r} already names a mode of {other.name!r}")
        _ENTRIES[entry.name] = entry
    return entry


def unregister(name: str) -> None:
    """Forget game ``name`` (tests that register a game of their own clean up with it)."""
    with _LOCK:
        _ENTRIES.pop(name, None)


def names() -> tuple[str, ...]:
    """The registered games' names, in registration order."""
    with _LOCK:
        return tuple(_ENTRIES)


def entry(name: str) -> GameEntry:
    """The entry of game ``name``.

    Raises:
        ValueError: no game of that name is registered (the message lists those that are).
    """
    with _LOCK:
        found = _ENTRIES.get(name)
        if found is None:
            known = ", ".join(_ENTRIES)
            of = next((e for e in _ENTRIES.values() if name in e.modes), None)
            if of is not None:
                raise ValueError(f"unknown game {name!r}: it is a mode of {of.name} "
                                 f"(Rules options {dict(of.modes[name])}); marketlib.play"
                                 f"({name!r}) starts it; the games are {known}")
            raise ValueError(f"unknown game {name!r}; choose one of {known}")
    return found


def entry_of(game: GameModule | str) -> GameEntry:
    """The entry of a game given by name or by module.

    Raises:
        ValueError: the game is not registered.
    """
    if isinstance(game, str):
        return entry(game)
    return entry(game.GAME.name)


def mode(name: str) -> tuple[GameEntry, dict[str, Any]]:
    """The game a name starts and the options it implies: a game's own name gives its
    defaults; a mode's name (``"sendiri"``) gives its game and the mode's options.

    Raises:
        ValueError: neither a game nor a mode of one.
    """
    with _LOCK:
        if name in _ENTRIES:
            found = _ENTRIES[name]
            return found, dict(found.defaults)
        for found in _ENTRIES.values():
            if name in found.modes:
                return found, {**found.defaults, **found.modes[name]}
        choices = [*_ENTRIES, *(m for e in _ENTRIES.values() for m in e.modes)]
    raise ValueError(f"unknown game {name!r}; choose one of {', '.join(choices)}")


def resolve_game(game: str | GameModule) -> GameModule:
    """The module of a registered game given by name, or a module passed directly.

    Raises:
        ValueError: an unknown game name.
    """
    if isinstance(game, str):
        return entry(game).game()
    if not hasattr(game, "GAME"):
        raise TypeError(f"a game is given by its name ({', '.join(names())}) or its module, "
                        f"not {type(game).__qualname__}: write Match('monsoon', rules), the game "
                        f"first")
    return game


def load(path: str) -> Any:
    """The object a ``"package.module:name"`` path names (a board class, a heuristic...).

    Raises:
        ValueError: the path is not of that form; ImportError, AttributeError: it names nothing.
    """
    module, sep, attr = path.partition(":")
    if not sep or not module or not attr:
        raise ValueError(f"expected 'package.module:name', not {path!r}")
    return getattr(_imported(module), attr)


def _imported(module: str) -> Any:
    """``importlib.import_module(module)``, without the import machinery for a module already
    imported whole (a simulation asks for its game and heuristic once per game)."""
    loaded = sys.modules.get(module)
    spec = getattr(loaded, "__spec__", None)
    if loaded is None or getattr(spec, "_initializing", False):
        return importlib.import_module(module)
    return loaded


__all__ = ["GameEntry", "entry", "entry_of", "load", "mode", "names", "register",
           "resolve_game", "unregister"]
