"""A preview is its own player's (docs: "Boards"): from another seat's view it is refused.

A preview states as certain what its player can know. From another seat's view, the player's
money (Bansan, A-B-57) and hand are hidden, and the world rebuilt from that view guesses them:
P1 previewing P0's EMPTY read "money RM11 -> RM13", P1's own money, when P0 had RM17.
"""

from __future__ import annotations

import random

import pytest

from marketlib import InvalidAction, MarketlibError, NotYourMove, bansan, monsoon
from marketlib.core.match import Match


def _played(game: str, rules: object, moves: int, seed: int) -> Match:
    match = Match(game, rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize(("game", "module", "rules"), [
    ("bansan", bansan, bansan.Rules(players=3)),
    ("monsoon", monsoon, monsoon.Rules(players=3)),
])
def test_another_seats_move_is_refused_and_the_teacher_may_preview_it(
        game: str, module: object, rules: object) -> None:
    match = _played(game, rules, 80, 3)
    decider = match.current_player
    assert decider is not None
    other = (decider + 1) % 3
    for action in match.legal_actions():
        own = module.preview(match.view(decider), action)  # type: ignore[attr-defined]
        assert module.preview(match.view(None), action) == own  # type: ignore[attr-defined]
        with pytest.raises(NotYourMove, match=rf"is P{decider}'s move and this is P{other}'s "
                                             rf"view: a preview is worked out from the mover's"):
            module.preview(match.view(other), action)  # type: ignore[attr-defined]


def test_the_guess_it_would_have_stated() -> None:
    """The case that was wrong: P1's view guesses P0's hidden money as its own."""
    match = _played("bansan", bansan.Rules(players=3), 48, 1)  # was 80 moves of seed 3,
    # until R&R in the middle of a BUY or SELL (A-B-60) changed the random moves
    assert match.current_player == 0
    empty = next(a for a in match.legal_actions() if str(a) == "P0 empty PL")
    money = match.state.vendors[0].money
    assert f"money RM{money} -> RM{money + 2}" in str(bansan.preview(match.view(0), empty))
    assert match.state.vendors[1].money != money  # what P1's view would have guessed
    with pytest.raises(NotYourMove, match=r"preview it from P0's view \(match.view\(0\)"):
        bansan.preview(match.view(1), empty)


def test_the_refusal_is_a_marketlib_error() -> None:
    """``except MarketlibError`` catches it, as it does every refusal (README); and it is a
    ``ValueError`` (a wrong argument)."""
    assert issubclass(NotYourMove, MarketlibError) and issubclass(NotYourMove, ValueError)


@pytest.mark.parametrize(("game", "module", "rules"), [
    ("bansan", bansan, bansan.Rules(players=2)),
    ("monsoon", monsoon, monsoon.Rules(players=2)),
])
def test_a_preview_of_a_value_that_is_no_action_is_refused_by_name(
        game: str, module: object, rules: object) -> None:
    """Notation text, a number or ``None`` given to ``preview`` is an ``InvalidAction`` that
    names the value (it was a bare ``AttributeError: 'str' object has no attribute 'player'``,
    found by helper-56); text is told to go through ``parse_action``, as ``apply`` and
    ``explain`` now say too."""
    match = _played(game, rules, 0, 1)
    seat = match.current_player
    action = match.legal_actions()[0]
    name = "Bansan" if game == "bansan" else "Monsoon Market"
    with pytest.raises(InvalidAction, match=rf"^'{action!s}' is text, not a {name} action: "
                                            r"read table notation with parse_action first"):
        module.preview(match.view(seat), str(action))  # type: ignore[attr-defined]
    for thing in (42, None):
        with pytest.raises(InvalidAction, match=rf"^{thing} is not a {name} action$"):
            module.preview(match.view(seat), thing)  # type: ignore[attr-defined]
    for call in (module.apply, module.explain):  # type: ignore[attr-defined]
        with pytest.raises(InvalidAction, match=r"is text, not a .* parse_action first"):
            call(match.state, str(action))
    parsed = module.parse_action(str(action))  # type: ignore[attr-defined]
    assert module.preview(match.view(seat), parsed) == module.preview(  # type: ignore[attr-defined]
        match.view(seat), action)


@pytest.mark.parametrize(("game", "module", "rules"), [
    ("bansan", bansan, bansan.Rules(players=2)),
    ("monsoon", monsoon, monsoon.Rules(players=2)),
])
def test_a_preview_given_the_state_asks_for_a_view(game: str, module: object,
                                                   rules: object) -> None:
    """The state holds what no seat sees; given it, a preview said "'State' object has no
    attribute 'viewer'" (helper-60). It now names what to pass."""
    match = _played(game, rules, 0, 1)
    action = match.legal_actions()[0]
    with pytest.raises(TypeError, match=r"^preview takes a seat's view, not a State: pass "
                                        r"match.view\(seat\)"):
        module.preview(match.state, action)  # type: ignore[attr-defined]
