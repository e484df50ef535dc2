""""While you waited" tells each vendor's moves by what they did.

The Opening Round's halves are said of a person ("P1 stocked their opening cards", not
"its"). A Closing-Round step is told by what it did (B-END-05 (b)+(c)).

A vendor's Closing-Round ``done`` throws their leftover cards from their own Stalls and Bag
into the Waste Bins and pays RM1 (``fine_per_card``) for each card landing in a full bin. The
story said only "P1 played.". It now says how many cards were thrown and how many were fined,
all of it face up (Stalls, Bags and bins are public), so every seat reads the same words; the
counts are checked here against the true states the engine played.
"""

from __future__ import annotations

import random

from marketlib import Match, bansan
from marketlib.bansan import actions as A
from marketlib.bansan.scoring import leftover_count
from marketlib.bansan.words import recap
from marketlib.core.i18n import language
from marketlib.widgets import table_of
from marketlib.widgets.story import story_lines


def _closing_steps(seed: int) -> tuple[Match, list[tuple[int, int, int]]]:
    """A seeded random 3-seat game to its end, and each Closing-Round ``done``: (seat, cards
    thrown, cards landing in a full bin), read from the true states; each such card costs
    ``fine_per_card``, as far as the vendor's money goes."""
    match = Match("bansan", bansan.Rules(players=3), seed=seed)
    rng = random.Random(seed)
    steps = []
    while not match.is_over:
        state = match.state
        action = rng.choice(match.legal_actions())
        match.play(action)
        if isinstance(action, A.Done) and state.phase == "closing":
            seat = action.player
            cap = state.rules.bin_capacity
            over = sum(max(0, len(b1) - cap) - max(0, len(b0) - cap)
                       for b0, b1 in zip(state.bins, match.state.bins, strict=True))
            money = state.vendors[seat].money
            paid = money - match.state.vendors[seat].money  # the fines, as far as money goes
            assert paid == min(money, over * state.rules.fine_per_card), (seed, seat)
            steps.append((seat, leftover_count(state, seat), over))
    return match, steps


def test_each_closing_step_says_what_it_threw_and_how_many_were_fined() -> None:
    table = table_of("bansan")
    told = fined = 0
    for seed in range(4):
        match, steps = _closing_steps(seed)
        assert steps, seed
        for reader in range(3):
            lines = story_lines(table, match, reader)
            assert not any(line.endswith(" played.") for line in lines), lines
            for seat, left, over in steps:
                if seat == reader:
                    continue
                if not left:
                    said = f"P{seat} had no leftover cards to throw."
                elif not over:
                    said = f"P{seat} threw {left} leftover card(s) into the Waste Bins."
                else:
                    said = (f"P{seat} threw {left} leftover card(s) into the Waste Bins, {over} "
                            "of them into a full bin (fined).")
                    fined += 1
                if reader != seat and seat in _since_last_move(match, reader):
                    assert said in lines, (seed, reader, said, lines)
                    told += 1
    assert told >= 8 and fined >= 2, (told, fined)


def _since_last_move(match: Match, reader: int) -> set[int]:
    """The seats that moved after ``reader``'s last move (what the story tells ``reader``)."""
    history = match.history
    start = max((i + 1 for i, a in enumerate(history) if a.player == reader), default=0)
    return {a.player for a in history[start:]}


def test_the_closing_step_in_malay() -> None:
    match, steps = _closing_steps(0)
    seat = steps[-1][0]
    reader = next(r for r in range(3) if r != seat)
    with language("ms"):
        lines = story_lines(table_of("bansan"), match, reader)
    assert any(line.startswith(f"P{seat} membuang ") for line in lines), lines


def test_an_opening_is_said_of_a_person() -> None:
    match = Match("bansan", bansan.Rules(players=3), seed=2)
    rng = random.Random(2)
    while match.state.phase != "actions":
        match.play(rng.choice(match.legal_actions()))
    said = [recap([bansan.view(match.states[i], 0), bansan.view(match.states[i + 1], 0)], [a],
                  0) for i, a in enumerate(match.history) if isinstance(a, A.ChooseHalf)]
    assert len(said) == 3, said
    assert all(" stocked their opening cards (" in line for line in said), said


def test_a_purchase_not_finished_is_told_as_going_on() -> None:
    """helper-103: after the teacher undid a buyer's "Finish buying", the seller's "While you
    waited" still read "P1 bought 1 Meat (1 from your Stalls)": nothing had changed hands
    (B-BUY-03). A BUY with picks and no done is told as going on; with its done, as bought."""
    s = bansan.position(players=2, rents={0: ["FV"], 1: ["WG"]}, stalls={"FV": ["FV", "FV"]},
                        phase="actions", current=1)
    m = Match.from_state("bansan", s)
    m.play("P1 buy FV")
    m.play(next(a for a in m.legal_actions() if isinstance(a, A.Pick)))
    table = table_of("bansan")
    assert story_lines(table, m, 0) == [
        "P1 is buying Fruits & Veggies: 1 picked so far (1 from your Stalls)."]
    m.play(next(a for a in m.legal_actions() if isinstance(a, A.Done)))
    assert story_lines(table, m, 0) == [
        "P1 bought 1 Fruits & Veggies (1 from your Stalls): +RM1 for you."]
    m.undo()  # the teacher's undo of the done
    assert story_lines(table, m, 0) == [
        "P1 is buying Fruits & Veggies: 1 picked so far (1 from your Stalls)."]
    with language("ms"):
        assert "sedang membeli" in story_lines(table, m, 0)[0]


def test_at_random_an_open_purchase_is_told_as_going_on_and_only_it() -> None:
    """Seeded random games with the teacher's undo at random (the path people take, where a
    done is taken back and bots never go): after each step, every seat's story says "picked so
    far" exactly when a BUY or SELL it covers has picks and no done yet, once, for its vendor;
    a purchase with its done is never told as going on."""
    from marketlib.bansan.state import Purchase

    table = table_of("bansan")
    open_seen = done_seen = 0
    for seed in range(4):
        rng = random.Random(seed)
        m = Match("bansan", bansan.Rules(players=3), seed=seed)
        for _ in range(220):
            if m.outcome is not None:
                break
            if m.can_undo and rng.random() < 0.15:
                for _ in range(rng.randint(1, 3)):
                    if m.can_undo:
                        m.undo()
            else:
                m.play(rng.choice(m.legal_actions()))
            history, state = m.history, m.state
            opened = None  # the index of the open BUY or SELL with picks, if any
            if isinstance(state.pending, Purchase) and state.pending.picked:
                opened = max(i for i, a in enumerate(history)
                             if isinstance(a, (A.Buy, A.BuyWholesale, A.Sell)))
            for seat in range(3):
                start = len(history)
                while start > 0 and history[start - 1].player != seat:
                    start -= 1
                if start == 0:
                    start = max(0, len(history) - 40)
                going = [line for line in story_lines(table, m, seat) if "picked so far" in line]
                if opened is not None and opened >= start and history[opened].player != seat:
                    assert len(going) == 1, (seed, seat, going)
                    assert going[0].startswith(f"P{history[opened].player} ")
                    open_seen += 1
                else:
                    assert going == [], (seed, seat, going)
                    done_seen += 1
    assert open_seen > 20 and done_seen > 500, (open_seen, done_seen)
