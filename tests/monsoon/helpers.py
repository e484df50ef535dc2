"""Small helpers for the Monsoon Market rule tests (public API only)."""

from __future__ import annotations

import msgspec
import pytest

from marketlib import monsoon
from marketlib.core.errors import IllegalAction


def run(state: monsoon.State, *moves: str | monsoon.Action) -> monsoon.State:
    """Apply moves written in table notation (``"P0 steal MG-05"``) or as action structs."""
    for move in moves:
        action = monsoon.parse_action(move) if isinstance(move, str) else move
        state = monsoon.apply(state, action)
    return state


def refused(state: monsoon.State, move: str | monsoon.Action, rule: str) -> IllegalAction:
    """Assert that ``move`` is refused citing ``rule``, is not listed as legal, and that
    neither ``apply`` nor ``explain`` changed the state."""
    action = monsoon.parse_action(move) if isinstance(move, str) else move
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalAction) as err:
        monsoon.apply(state, action)
    assert err.value.rule == rule, str(err.value)
    why = monsoon.explain(state, action)
    assert why is not None and why.rule == rule
    assert action not in monsoon.legal_actions(state)
    assert msgspec.json.encode(state) == before
    return err.value


def legal(state: monsoon.State) -> list[str]:
    """The legal actions in table notation."""
    return [str(a) for a in monsoon.legal_actions(state)]


def seals(state: monsoon.State) -> tuple[int, ...]:
    """Every seat's seals, from the public view (M-SEAL-01)."""
    return monsoon.view(state, None).seals


def owned(state: monsoon.State, player: int) -> list[tuple[str, str, bool]]:
    """A seat's fulfilled Orders as (id, facing edge, unspent Bonus Good)."""
    return [(o.id, o.level.value, o.bonus) for o in state.seats[player].orders]
