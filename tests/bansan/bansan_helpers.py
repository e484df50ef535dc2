"""Shared helpers for the Bansan tests: play named actions, expect refusals."""

from __future__ import annotations

import msgspec
import pytest

from marketlib import bansan
from marketlib.core.errors import IllegalAction


def play(state: bansan.State, *moves: str) -> bansan.State:
    """Apply actions written in table notation, in order."""
    for move in moves:
        state = bansan.apply(state, bansan.parse_action(move))
    return state


def refused(state: bansan.State, move: str, rule: str) -> IllegalAction:
    """Assert ``move`` is refused citing ``rule`` and the state is unchanged."""
    before = msgspec.json.encode(state)
    action = bansan.parse_action(move)
    why = bansan.explain(state, action)
    assert why is not None and why.rule == rule, why
    with pytest.raises(IllegalAction) as err:
        bansan.apply(state, action)
    assert err.value.rule == rule
    assert msgspec.json.encode(state) == before
    return err.value


def legal(state: bansan.State) -> list[str]:
    return [str(a) for a in bansan.legal_actions(state)]


def through_opening(players: int, seed: int = 0, **options: object) -> bansan.State:
    """Play the Opening Round with the first legal action each time."""
    state = bansan.setup(bansan.Rules(players=players, **options), seed)  # type: ignore[arg-type]
    while state.phase != "stock" or state.turn != 0 or state.queue:
        state = bansan.apply(state, bansan.legal_actions(state)[0])
        if state.phase == "stock":
            break
    return state


def money(state: bansan.State) -> list[int]:
    return [v.money for v in state.vendors]


def stall(state: bansan.State, stall_id: str) -> bansan.Stall:
    return next(s for s in state.stalls if s.id == stall_id)
