"""What was made of each object asked about lately, kept by the object's identity
(:class:`Recent`): a scene's Stalls and Bag cards (:mod:`.plain`) and a table's sights of its
states (:mod:`.sight`), which the states of one game share until a move changes them (issue 28:
a board's refresh builds only what changed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Recent:
    """What ``convert`` made of each of the objects asked about lately, by identity: the
    newest entries and the generation before them (each object is kept alive with what was
    made of it, so its ``id`` names nothing else while kept). When the newest generation holds
    :attr:`size` entries it becomes the older one, in one assignment: whatever was made since
    the generation before is still found, so two refreshes one after the other always share
    what the second asks for again.

    Safe across the classroom server's threads: each step is one call on a dict or one
    assignment (an eviction one entry at a time iterated a dict while another thread wrote to
    it; helper-109); a look-up racing a new generation at worst makes its object again."""

    __slots__ = ("_convert", "_new", "_old", "size")

    def __init__(self, convert: Callable[[Any], Any], size: int = 512) -> None:
        self._convert = convert
        self.size = size
        self._new: dict[int, tuple[Any, Any]] = {}
        self._old: dict[int, tuple[Any, Any]] = {}

    def __call__(self, obj: Any) -> Any:
        key = id(obj)
        found = self._new.get(key)
        if found is None or found[0] is not obj:
            found = self._old.get(key)
            if found is None or found[0] is not obj:
                found = (obj, self._convert(obj))
            new = self._new
            if len(new) >= self.size:
                self._old, self._new = new, {}
            self._new[key] = found
        return found[1]


__all__ = ["Recent"]
