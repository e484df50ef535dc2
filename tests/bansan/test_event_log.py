"""An Event that flips is in the game's log and in "While you waited" (B-UPK-10).

An Event's flip changed prices, bins or money with no line saying so: the log read ``P0 done``
and the story told what the vendor bought and sold, while only the board's Events strip showed
the new card. The flip is face up, so every seat reads the same line:
``P0 done; Event EV-34 flipped: Council summons``, and the recap of that vendor's turn ends
"... and flipped the Event Council summons (EV-34)".
"""

from __future__ import annotations

import random

import pytest

from marketlib import Match, bansan
from marketlib.bansan.queries import flipped
from marketlib.core.i18n import language, sentence
from marketlib.widgets import table_of
from marketlib.widgets.story import story_lines


def _flips(rules: bansan.Rules, seed: int, moves: int = 600) -> tuple[Match, list[int]]:
    match = Match("bansan", rules, seed=seed)
    rng = random.Random(seed)
    at: list[int] = []
    for i in range(moves):
        if match.is_over:
            break
        before = match.state.latest_events
        match.play(rng.choice(match.legal_actions()))
        if match.state.latest_events != before:
            at.append(i)
    return match, at


def test_each_flip_is_in_every_seats_log_line_of_its_move() -> None:
    rules = bansan.Rules(players=3, events="reconstructed")
    match, at = _flips(rules, 3)
    assert len(at) >= 3
    events = bansan.catalog(match.state).events
    logs = {seat: match.log(seat) for seat in (None, 0, 1, 2)}
    states = match.states
    for i, action in enumerate(match.history):
        new = flipped(states[i], states[i + 1])
        assert bool(new) == (i in at)
        tail = "".join(f"; Event {e} flipped: {events[e].name}" for e in new)
        for seat, log in logs.items():
            assert log[i].endswith(tail) if tail else "; Event " not in log[i], (i, seat)
            if tail and seat is not None and seat == action.player:
                assert log[i] == f"{action}{tail}"
    first = at[0]
    assert logs[0][first] == logs[1][first] == logs[2][first]  # face up: the same for all


def test_the_story_of_the_turn_that_flipped_it_names_it() -> None:
    rules = bansan.Rules(players=3, events="reconstructed")
    match, at = _flips(rules, 3, moves=at_most(rules, 3))
    i = at[0]
    mover = match.history[i].player
    reader = next(s for s in range(3) if s != mover)
    match.goto(i + 1)  # just after the flip: the reader has not moved since
    e = flipped(match.states[i], match.states[i + 1])[0]
    name = bansan.catalog(match.state).events[e].name
    lines = story_lines(table_of("bansan"), match, reader)
    assert any(f"flipped the Event {name} ({e})" in line and line.startswith(f"P{mover} ")
               for line in lines), lines
    with language("ms"):
        malay = story_lines(table_of("bansan"), match, reader)
    assert any("membuka Peristiwa " in line and f"({e})" in line for line in malay), malay


def at_most(rules: bansan.Rules, seed: int) -> int:
    """Moves up to and including the first flip of ``seed``'s random game."""
    _match, at = _flips(rules, seed)
    return at[0] + 1


def test_the_log_line_in_malay() -> None:
    with language("ms"):
        assert sentence("P0 done; Event EV-34 flipped: Council summons") == (
            "P0 done; Peristiwa EV-34 dibuka: Saman majlis")


def test_without_events_the_log_is_the_notation() -> None:
    match, at = _flips(bansan.Rules(players=2), 1, moves=300)
    assert at == []
    states = match.states
    assert all(line == str(a) or (isinstance(a, bansan.StockDeck) and line.startswith(
        f"{a}: revealed")) or (states[i].phase == "closing" and line.startswith(f"{a}: "))
        # a Closing-Round done says what it threw and was fined (B-END-05, helper-74)
        for i, (line, a) in enumerate(zip(match.log(None), match.history, strict=True)))


def test_a_flip_on_a_hidden_list_return_is_in_every_seats_log() -> None:
    """Upkeep's last Shopping List return refills the Row, where a Star flips an Event; the
    other seats' line, the hidden return, dropped the flip (helper-59)."""
    match = Match("bansan", bansan.Rules(players=2, events="reconstructed"), seed=4)
    rng = random.Random(4)
    found = None
    for _ in range(800):
        if match.is_over:
            break
        legal = match.legal_actions()
        complete = [a for a in legal if isinstance(a, bansan.Complete)]
        action = rng.choice(complete) if complete and rng.random() < 0.9 else rng.choice(legal)
        before = match.state
        match.play(action)
        if isinstance(action, bansan.ReturnList) and flipped(before, match.state):
            found = len(match.history) - 1
            break
    assert found is not None
    mover = match.history[found].player
    other = 1 - mover
    e = flipped(match.states[found], match.states[found + 1])[0]
    name = bansan.catalog(match.state).events[e].name
    assert match.log(other)[found] == (f"P{mover} return a Shopping List (hidden); Event {e} "
                                       f"flipped: {name}")
    assert match.log(mover)[found] == f"{match.history[found]}; Event {e} flipped: {name}"


def test_a_preview_says_a_star_may_flip_an_event_only_where_one_can() -> None:
    """A-B-20: only the Upkeep refill's Stars flip an Event (by default); the Opening Round's
    deals and a Sendiri draw never do. Opening tucks and list returns previewed "a Star on a
    drawn card flips an Event" (helper-60). Every move that did flip one was previewed with
    the chance."""
    from marketlib.bansan.turn import FLOW

    opening = FLOW.group("opening")
    rules = bansan.Rules(players=3, events="reconstructed")
    said_star = flips = 0
    for seed in (5, 6, 7):
        match = Match("bansan", rules, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            seat = match.current_player
            action = rng.choice(match.legal_actions())
            text = str(bansan.preview(match.view(seat), action)) if seat >= 0 else ""
            star = "a Star on a drawn card flips an Event" in text
            if match.state.phase in opening:
                assert not star, (seed, str(action), text)
            said_star += star
            before = match.state
            match.play(action)
            if flipped(before, match.state) and seat >= 0:
                flips += 1
                assert "Event" in text, (seed, str(action), text)
    assert flips >= 5 and said_star >= flips


def test_the_log_reads_the_flips_from_the_states_it_has(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Match.log`` and the board's log pass each move's next state to ``describe``, so with
    Events on no move is played again to read what it turned up (it was, once per line)."""
    from marketlib.bansan import text
    from marketlib.widgets.story import log_lines

    match, at = _flips(bansan.Rules(players=3, events="reconstructed"), 3, moves=200)
    assert at
    replayed: list[object] = []
    real = text.apply
    monkeypatch.setattr(text, "apply", lambda s, a: replayed.append(a) or real(s, a))
    lines = match.log(0)
    assert log_lines(match, 0, {}) == [sentence(line) for line in lines]
    assert replayed == []
    assert any("; Event " in line for line in lines)


def test_with_deck_stock_as_the_only_star_source_a_refills_star_flips_nothing() -> None:
    """A-B-20's option ``star_sources`` names which draws flip an Event; with
    ``("deck_stock",)`` only a Star seen in a stocking [B] reveal does (at the Upkeep refill).
    The refill flipped an Event on its own Stars whatever the option said (helper-75); the
    preview already read the option."""
    flips = {"after a reveal's Star": 0, "without one": 0}
    for seed in range(12):
        m = Match("bansan", bansan.Rules(players=3, events="reconstructed",
                                         star_sources=("deck_stock",)), seed=seed)
        rng = random.Random(seed)
        while not m.is_over:
            before = m.state
            m.play(rng.choice(m.legal_actions()))
            if m.state.events_flipped > before.events_flipped and before.turn == m.state.turn:
                flips["after a reveal's Star" if before.star_drawn else "without one"] += 1
    assert flips["without one"] == 0 and flips["after a reveal's Star"] >= 1, flips
