"""A board's world (issue 28, speed): ``world_of`` is ``game.determinize(view, rng)`` with an
``rng`` that keeps the unseen cards in the view's order, and nothing a board shows depends on
that order: every choice, preview and any-time action is the same in worlds shuffled with
other seeds (so skipping the shuffles changes no payload)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from marketlib import Match, bansan, monsoon
from marketlib.widgets import table_of
from marketlib.widgets.payload import any_time_actions, described, previewed
from marketlib.widgets.sight import WORLD_SEED, Sights, _InOrder, world_of

SETTINGS = (
    ("bansan", bansan.Rules(players=2)),
    ("bansan", bansan.Rules(players=4)),
    ("bansan", bansan.Rules(players=3, mode="kenduri")),
    ("bansan", bansan.Rules(players=1, mode="sendiri")),
    ("monsoon", monsoon.Rules(players=2)),
    ("monsoon", monsoon.Rules(players=3)),
)


def test_the_stream_keeps_the_order_and_draws_as_random() -> None:
    ours, theirs = _InOrder(7), random.Random(7)
    cards = list(range(40))
    ours.shuffle(cards)
    assert cards == list(range(40))
    assert ours.getrandbits(62) == theirs.getrandbits(62)


def draws(rng: random.Random) -> list[Any]:
    return [rng.getrandbits(62), rng.getrandbits(5), rng.random(), rng.randrange(10),
            rng.getrandbits(62), rng.choice("abcdef"), rng.gauss(0, 1)]


def test_a_kept_draw_is_the_generators_own() -> None:
    """Draws answered from what an earlier stream gave (the generator not yet seeded), then
    draws that seed it and replay those: Random's stream each time, for several seeds."""
    for seed in (0, 7, 2**70):
        for _ in range(3):  # the first time seeds at once; later times start from kept draws
            assert draws(_InOrder(seed)) == draws(random.Random(seed)), seed
    rng = _InOrder(3)
    rng.getrandbits(8)
    rng.seed(11)
    assert draws(rng) == draws(random.Random(11))
    state = _InOrder(5).getstate()
    assert state == random.Random(5).getstate()
    _InOrder(None).getrandbits(62)  # the system's randomness: a draw of it is never kept
    assert not any(key[0] is None for key in _InOrder._known)


def test_world_of_is_determinize_with_the_unseen_cards_in_order() -> None:
    for game, rules in SETTINGS[:1] + SETTINGS[4:5]:
        match = Match(game, rules, seed=2)
        rng = random.Random(2)
        for _ in range(40):
            seat = match.current_player
            view = match.view(seat)
            assert world_of(match.game, view) == match.game.determinize(
                view, _InOrder(WORLD_SEED))
            match.play(rng.choice(match.legal_actions()))


def shown(game: str, match: Match, seat: int, world: Any) -> list[Any]:
    """What a board shows that is worked out in ``world``: the decider's choices with their
    previews, and each seat's any-time actions with theirs."""
    table = table_of(game)
    g = match.game
    view = g.view(match.state, seat)
    actions = match.legal_actions()
    out: list[Any] = [described(table, view, actions), previewed(g, view, world, actions)]
    listing = getattr(g, "any_time_actions", None)
    if listing is not None:
        actions = listing(world, seat)
        out += [described(table, view, actions), previewed(g, view, world, actions)]
    return out


def differences(moves: int = 120) -> list[tuple[str, int, str]]:
    """Positions (game, move, phase) of seeded random games where a board would show something
    else in a world shuffled with another seed."""
    found = []
    for game, rules in SETTINGS:
        for seed in (11, 12):
            match = Match(game, rules, seed=seed)
            rng = random.Random(seed)
            g = match.game
            for move in range(moves):
                if match.outcome is not None:
                    break
                seat = match.current_player
                if seat is not None and seat >= 0:
                    view = g.view(match.state, seat)
                    ours = shown(game, match, seat, world_of(g, view))
                    for other in (seed, seed + 100):
                        world = g.determinize(view, random.Random(other))
                        if shown(game, match, seat, world) != ours:
                            found.append((game, move, str(match.state.phase)))
                match.play(rng.choice(match.legal_actions()))
    return found


def test_nothing_shown_depends_on_the_order_of_the_unseen_cards() -> None:
    assert differences() == []


def test_the_order_check_fails_on_a_broken_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A preview that names the top card of the world's Deck (a guess shown as a fact) differs
    between worlds, and the check finds it."""
    real = bansan.preview

    def leaky(view: Any, action: Any, world: Any = None, **kw: Any) -> Any:
        found = real(view, action, world, **kw)
        return type(found)(certain=(*found.certain, f"next card {world.deck[0]}"),
                           chance=found.chance)

    monkeypatch.setattr(bansan, "preview", leaky)
    assert any(game == "bansan" for game, _, _ in differences(moves=30))


def view_differences(moves: int = 120) -> tuple[list[tuple[str, int, int]], Counter[str]]:
    """Positions (game, move, seat) of seeded random games (a seat plays one of its any-time
    actions now and then, so bags flip) where a board's any-time listing, which asks the game's
    ``any_time_actions`` of the seat's view, differs from the listing on a world dealt from
    that view or on the true state; and how many positions listed some, and how many worlds
    the boards dealt."""
    found, counts = [], Counter[str]()
    dealt = Counter[str]()
    for game, rules in SETTINGS:
        for seed in (21, 22):
            match = Match(game, rules, seed=seed)
            rng = random.Random(seed)
            g = match.game
            listing = getattr(g, "any_time_actions", None)
            for move in range(moves):
                if match.outcome is not None:
                    break
                for seat in range(rules.players):
                    sights = Sights(g)
                    board = any_time_actions(g, match.state, seat, sights)
                    dealt["worlds"] += len(sights.of(match.state)._worlds)
                    world = () if listing is None else tuple(
                        listing(world_of(g, g.view(match.state, seat)), seat))
                    truth = () if listing is None else tuple(listing(match.state, seat))
                    if not board == world == truth:
                        found.append((game, move, seat))
                    counts["listed" if board else "none"] += 1
                seat = rng.randrange(rules.players)
                extra = match.any_time_actions(seat)
                match.play(rng.choice(extra) if extra and rng.random() < 0.1
                           else rng.choice(match.legal_actions()))
    counts["worlds dealt"] = dealt["worlds"]
    return found, counts


def test_a_board_lists_any_time_actions_from_the_view_as_a_world_and_the_state_do() -> None:
    """Issue 28 (speed): a board lists a seat's any-time actions from the seat's view itself,
    no world dealt. In every mode, for every seat at every position, that listing is the one
    a world dealt from the view gives, and the one the true state gives."""
    found, counts = view_differences()
    assert found == []
    assert counts["listed"] > 200 and counts["worlds dealt"] == 0
    state = bansan.setup(bansan.Rules(players=3), seed=1)
    for bad in (3, -1, True, "0"):  # no guessing a seat
        with pytest.raises(ValueError, match="there is no seat"):
            bansan.any_time_actions(bansan.view(state, 0), bad)  # type: ignore[arg-type]


def test_the_listing_check_fails_on_a_broken_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A listing that reads a view as a state with no Stall of its own (the seat's rents
    forgotten: no release offered) lists less from the view than from a world, and the check
    finds it."""
    real = bansan.any_time_actions

    def blind(seen: Any, seat: int) -> tuple[Any, ...]:
        found = real(seen, seat)
        if isinstance(seen, bansan.View):
            return tuple(a for a in found if getattr(a, "release", None) is None)
        return found

    monkeypatch.setattr(bansan, "any_time_actions", blind)
    assert any(game == "bansan" for game, _, _ in view_differences(moves=30)[0])
