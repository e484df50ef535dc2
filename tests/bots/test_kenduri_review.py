"""The Kenduri's review reads the Menu's lists, not money (B-KEN-05/06).

helper-115 completed the Kenduri Menu's 5th list and the review said the move lost RM5.95
against ``done``: it read each seat's money (and its produce's worth), so the produce a list
uses up counted against the list, and the feast the list saved counted nothing. In the Kenduri
a list completed by anyone saves the whole table, and money decides only among a table that
feasted, so the review reads the Menu's lists (``heuristics.bansan.review_measure``)."""

from __future__ import annotations

import random
from pathlib import Path

from marketlib import Match, bansan
from marketlib.bots import coach
from marketlib.bots.coach import measure_of, review_decision, worth_of
from marketlib.bots.heuristics import heuristic_for
from marketlib.bots.heuristics.bansan import MENU_LISTS, menu_lists
from marketlib.core.i18n import language

GAMES = Path(__file__).parent / "games"
FIFTH = 146
"""The decision of helper-115's game where P0 completes the Menu's last open list."""


def _fifth() -> tuple[Match, object, object]:
    match = Match.load(GAMES / "kenduri_3p_seed5_helper115.json")
    state, played = match.states[FIFTH], match.history[FIFTH]
    assert str(played) == "P0 complete SL-01 PC-15,PC-14,PC-81"
    assert state.public == ("SL-01",)  # the last open list of the Menu
    return match, state, played


def test_completing_the_menus_last_list_is_no_loss() -> None:
    _, state, played = _fifth()
    legal = bansan.legal_actions(state)
    view = bansan.view(state, 0)
    _, values, preferred, best = review_decision(bansan, view, legal, played, 0, seed=FIFTH)
    assert values and all(v == 5.0 for v in values)  # the whole Menu, in every world
    assert sum(best) - sum(values) <= 1e-9 and str(preferred) == str(played)
    # read as money (the score), the same move was the loss helper-115 saw
    _, money, other, money_best = review_decision(bansan, view, legal, played, 0, seed=FIFTH,
                                                  worth=worth_of(bansan, heuristic_for(bansan)))
    assert str(other) == "P0 done"
    assert (sum(money_best) - sum(money)) / len(money) > 5


def test_the_review_says_its_unit_and_the_tables_real_result() -> None:
    match, _, _ = _fifth()
    frame = match.review(0, worlds=2, candidates=2)
    assert frame.attrs["unit"] == MENU_LISTS == "Menu lists"
    assert frame.attrs["final"] == 5.0  # the Menu completed: a feast (B-KEN-06)
    assert frame.value_played.between(0, 5).all()
    text = coach.review_text(frame)
    assert "your final result: 5 Menu lists" in text and "RM" not in text
    with language("ms"):
        malay = coach.review_text(frame)
    assert "5 senarai Menu" in malay and "Menu lists" not in malay


def test_a_failed_kenduri_ends_with_the_lists_completed() -> None:
    """Random play at 2 seats, seed 5: the Deck runs out with 3 of the 5 lists open, every
    vendor loses (B-KEN-05); the review's final result is the 2 lists the table completed,
    not the money a seat ended with."""
    match = Match("bansan", bansan.Rules(players=2, mode="kenduri"), seed=5)
    rng = random.Random(5)
    while match.outcome is None:
        match.play(rng.choice(match.legal_actions()))
    end = match.state
    assert end.result.ending == bansan.Ending.COLLECTIVE_LOSS and len(end.public) == 3
    assert menu_lists(end) == 2.0 and menu_lists(end, 1) == 2.0  # the same for every seat
    frame = match.review(1, worlds=2, candidates=2)
    assert frame.attrs["final"] == 2.0 != float(end.vendors[1].money)
    assert "your final result: 2 Menu lists" in coach.review_text(frame)


def test_lists_missed_at_the_deadline_never_count() -> None:
    """``kenduri_deadline="deck_exhausted"``: the lists open when the Deck runs out are missed
    and the Kenduri has failed, whatever is completed after (B-KEN-05)."""
    s = bansan.setup(bansan.Rules(players=2, mode="kenduri"), seed=1)
    from msgspec.structs import replace

    failed = replace(s, public=s.public[1:], missed=s.public[2:])
    assert menu_lists(failed) == float(len(s.public) - len(s.public[2:]))


def test_the_other_modes_and_games_keep_their_score() -> None:
    from marketlib import monsoon

    heuristic = heuristic_for(bansan)
    assert measure_of(bansan, heuristic, bansan.Rules(players=2))[0] == "RM"
    assert measure_of(bansan, heuristic, bansan.Rules(players=1, mode="sendiri"))[0] == "points"
    assert measure_of(bansan, heuristic, bansan.Rules(players=3, mode="kenduri"))[0] == \
        "Menu lists"
    assert measure_of(monsoon, heuristic_for(monsoon), monsoon.Rules())[0] == "seals"
