"""Pictures of states and views: what ``str(state)`` and ``state._repr_html_()`` show.

A game's ``State`` and ``View`` cannot import their own drawing code: the drawing reads the card
catalogue, the scores and the pending decisions, all built on top of the state, so that import
would run in a circle (dependencies point one way; docs: "Development"). Instead their
``__str__`` and ``_repr_html_`` call :func:`text` and :func:`html` here, and each game's
``render`` module registers how to draw its types when the game package is imported.

Example:
    >>> from marketlib import monsoon
    >>> state = monsoon.setup(monsoon.Rules(players=2), seed=1)
    >>> text(state) == str(state) and text(state).startswith("Monsoon Market  round 1, turn 1")
    True
    >>> text(object())
    Traceback (most recent call last):
    ...
    TypeError: no picture is registered for object: import its game package first
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any


def _unregistered(obj: object) -> str:
    raise TypeError(f"no picture is registered for {type(obj).__name__}: import its game "
                    "package first")


@functools.singledispatch
def text(obj: object) -> str:
    """A compact, deterministic text table of a state or view (``str(state)``).

    Raises:
        TypeError: no game registered a picture for ``type(obj)``.
    """
    return _unregistered(obj)


@functools.singledispatch
def html(obj: object) -> str:
    """A static HTML board of a state or view, with no script (``state._repr_html_()``).

    Raises:
        TypeError: no game registered a picture for ``type(obj)``.
    """
    return _unregistered(obj)


@functools.singledispatch
def turn(obj: object) -> tuple[int, int] | None:
    """The round and the turn in progress, each counted from 1, as the board's header and the
    text table say them, or ``None`` where they name none (outside the turns, after the end; and
    for a type no game registered: a one-line ``repr`` never fails)."""
    return None


def register(cls: type, *, text_table: Callable[[Any], str], html_board: Callable[[Any], str],
             turn_in_progress: Callable[[Any], tuple[int, int] | None] | None = None) -> None:
    """Draw instances of ``cls`` (and its subclasses) with ``text_table`` and ``html_board``,
    and say their round and turn with ``turn_in_progress`` (:func:`turn`)."""
    text.register(cls, text_table)
    html.register(cls, html_board)
    if turn_in_progress is not None:
        turn.register(cls, turn_in_progress)
