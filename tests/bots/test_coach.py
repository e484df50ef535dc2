"""The coach (issue 29, points 4 and 5): ``Match.hint`` and ``Match.review``, from one seat's
view only, with real values."""

from __future__ import annotations

import math
import random

import pytest

from marketlib import Match, bansan, monsoon
from marketlib.bots import GreedyBot, coach
from marketlib.core.i18n import language


def _played(name: str, players: int, seed: int, moves: int) -> Match:
    """A match after ``moves`` GreedyBot decisions (fewer if the game ends)."""
    m = Match(name, {"players": players}, seed=seed)
    bots = [GreedyBot() for _ in range(players)]
    rngs = [random.Random(s) for s in range(players)]
    for _ in range(moves):
        if m.is_over:
            break
        s = m.current_player
        m.play(bots[s].choose(m.view(s), m.legal_actions(), rngs[s]))
    return m


def _decision(m: Match, seed: int) -> Match:
    """Play on until the seat to move has more than one legal move."""
    bot, rng = GreedyBot(), random.Random(seed)
    while len(m.legal_actions()) < 2:
        m.play(bot.choose(m.view(m.current_player), m.legal_actions(), rng))
    return m


@pytest.mark.parametrize(("name", "players", "moves"),
                         [("bansan", 3, 25), ("monsoon", 2, 6), ("bansan", 2, 40)])
def test_a_hint_names_a_legal_move_its_reason_and_two_alternatives(
        name: str, players: int, moves: int) -> None:
    m = _decision(_played(name, players, 4, moves), 4)
    h = m.hint()
    assert h.action in m.legal_actions()
    assert h.seat == m.current_player
    assert h.reason and h.reason.endswith(".")
    assert h.best is not None and h.best.action == h.action and 0.0 <= h.best.chance <= 1.0
    assert 1 <= len(h.alternatives) <= 2
    for other in h.alternatives:
        assert other.action != h.action or other.line != h.best.line
        assert 0.0 <= other.chance <= 1.0 and other.visits > 0
        assert str(other.action) in h.text
    assert h.text.startswith(f"Hint for P{h.seat}: {h.action}")
    # the same view gives the same hint, and Match.hint is coach.hint on the seat's view
    again = coach.hint(m.view(m.current_player), m.legal_actions())
    assert (again.action, again.reason, again.alternatives) == (h.action, h.reason,
                                                                 h.alternatives)


def test_a_hint_is_for_the_seat_to_move_of_a_game_in_play() -> None:
    m = _decision(_played("monsoon", 2, 1, 0), 1)
    other = 1 - m.current_player
    with pytest.raises(ValueError, match="does not decide now"):
        m.hint(other)
    assert m.hint(m.current_player).seat == m.current_player
    over = _played("monsoon", 2, 1, 2000)
    assert over.is_over
    with pytest.raises(ValueError, match="game is over"):
        over.hint()


@pytest.mark.parametrize(("name", "players", "moves"), [("bansan", 3, 30), ("monsoon", 3, 9)])
def test_the_hint_sees_only_the_seats_view(name: str, players: int, moves: int) -> None:
    """Per-seat leak test of the hint: two tables identical in what the seat to move sees but
    dealt differently (other hands, deck order, the match's seed) give the same hint."""
    m = _decision(_played(name, players, 8, moves), 8)
    game, seat = m.game, m.current_player
    view = m.view(seat)
    hints = []
    for k in range(3):
        other = game.determinize(view, random.Random(100 + k))
        assert game.view(other, seat) == view
        if k:
            assert other != m.state  # hidden cards dealt otherwise
        twin = Match.from_state(game, other, seed=1000 + k)
        h = twin.hint()
        hints.append((h.action, h.reason, h.alternatives))
    assert hints[0] == hints[1] == hints[2]
    assert m.hint().action == hints[0][0]


def test_a_review_has_one_row_per_decision_with_real_values() -> None:
    m = _played("monsoon", 2, 3, 16)
    seat = 0
    ticks: list[tuple[int, int]] = []
    frame = m.review(seat, progress=lambda done, total: ticks.append((done, total)))
    mine = [a for a in m.history if a.player == seat]
    assert len(frame) == len(mine) and ticks[-1] == (len(mine), len(mine))
    assert list(frame.played) == [str(a) for a in mine]
    assert frame.attrs["unit"] == "seals" and frame.attrs["seat"] == seat
    for column in ("value_played", "value_preferred", "loss"):
        assert frame[column].map(math.isfinite).all()
    assert (frame.loss >= -1e-9).all()  # the preferred move is the best measured one
    assert (frame.worlds > 0).all()
    same = frame[frame.played == frame.preferred]
    assert (same.loss == 0).all()
    assert len(frame.attrs["turning_points"]) <= 3
    chart = coach_chart(frame)
    assert type(chart).__name__ == "LayerChart"


def coach_chart(frame: object) -> object:
    from marketlib.charts import review_chart

    return review_chart(frame)


def test_the_review_names_a_list_thrown_away_as_the_largest_loss() -> None:
    """Honesty: seat 2 could complete SL-07 (worth money) and plays Done instead."""
    m = _played("bansan", 3, 2, 80)
    legal = m.legal_actions()
    seat = m.current_player
    complete = [a for a in legal if type(a) is bansan.Complete]
    assert seat == 2 and complete, "the seeded game reaches a list P2 can complete"
    thrown = bansan.Done(player=seat)
    assert thrown in legal
    at = len(m.history)
    m.play(thrown)
    bots, rng = [GreedyBot() for _ in range(3)], random.Random(9)
    for _ in range(25):
        s = m.current_player
        m.play(bots[s].choose(m.view(s), m.legal_actions(), rng))
    frame = m.review(seat)
    worst = frame.loc[frame.loss.idxmax()]
    assert worst.decision == at and worst.played == str(thrown)
    assert worst.preferred.startswith(f"P{seat} complete")
    assert worst.loss > 2 * worst.se_loss and worst.loss >= 3.0  # RM, a list's worth
    assert frame.attrs["turning_points"][0].startswith(f"Move {at + 1}: you played P2 done")


def test_a_review_of_a_seat_that_is_not_there_is_refused() -> None:
    m = Match("monsoon", monsoon.Rules(players=2), seed=1)
    with pytest.raises(ValueError):
        m.review(5)


def _greedy_to(m: Match, decisions: int) -> Match:
    """``m`` after ``decisions`` GreedyBot decisions (seat s with stream s)."""
    bots, rngs = [GreedyBot() for _ in range(3)], [random.Random(s) for s in range(3)]
    for _ in range(decisions):
        s = m.current_player
        m.play(bots[s].choose(m.view(s), m.legal_actions(), rngs[s]))
    return m


def test_in_the_opening_round_the_hint_says_the_search_cannot_tell_the_moves_apart() -> None:
    """Bansan's Opening Round (B-OPEN-02): every list P0 may return scores the same in every
    simulated future, and so does the greedy evaluation (the Bag is empty): the hint says so
    instead of ranking them at "about 50%" each."""
    m = Match("bansan", {"players": 3}, seed=4)
    assert m.state.phase == "open_lists" and len(m.legal_actions()) == 3
    h = m.hint()
    assert h.undecided and h.action in m.legal_actions() and h.best is not None
    assert h.best.action == h.action and len(h.alternatives) == 2
    assert {h.action, *(o.action for o in h.alternatives)} == set(m.legal_actions())
    assert all(o.se == 0.0 and o.chance == h.best.chance for o in h.alternatives)
    names = " and ".join([", ".join(str(o.action) for o in (h.best, h.alternatives[0])),
                          str(h.alternatives[1].action)])
    assert h.reason.startswith(f"cannot tell {names} apart by its search yet: in 300 "
                               "simulated futures each scored about 50% ±0 ")
    assert "Neither can the greedy evaluation" in h.reason
    assert h.reason.endswith(f"it suggests the first, {h.action}.")
    assert "about 50% ±0 in 100 simulated futures; greedy evaluation 50.0%)" in h.text


def test_when_only_the_greedy_evaluation_separates_them_the_hint_ranks_by_it() -> None:
    m = _greedy_to(Match("bansan", {"players": 3}, seed=7), 31)
    h = m.hint()
    assert h.undecided and h.best is not None
    assert h.reason.startswith(f"cannot tell {h.action}, ")
    assert (f"Of those moves, by the greedy evaluation (the same score read right after the "
            f"turn, without playing on), {h.action} is best: it plays ") in h.reason
    runner = h.alternatives[0]
    assert h.best.value > runner.value
    assert h.reason.endswith(f"({100 * h.best.value:.1f}% against {100 * runner.value:.1f}% "
                             f"for {runner.action}).")
    assert f"greedy evaluation {100 * runner.value:.1f}%)" in h.text


def test_a_later_hint_where_the_search_separates_the_moves_says_which_scored_best() -> None:
    m = _greedy_to(Match("bansan", {"players": 3}, seed=4), 19)
    assert m.state.phase == "actions"
    h = m.hint()
    assert not h.undecided and h.best is not None
    assert "cannot tell" not in h.text and "greedy evaluation" not in h.text
    assert f"this turn scored best, about {100 * h.best.chance:.0f}%" in h.reason
    for other in h.alternatives:
        assert other.action != h.action
        assert h.best.chance - other.chance > coach.TIE_Z * math.hypot(h.best.se, other.se)
        margin = f" ±{200 * other.se:.0f}" if other.visits > 1 else ""  # none after 1 try
        assert (f"Also weighed: {other.action} (about {100 * other.chance:.0f}%{margin} "
                f"in {other.visits} simulated future") in h.text


def test_an_alternative_line_of_the_suggested_move_is_named_by_its_line() -> None:
    """A hint for "P0 done" listed "Also weighed: P0 done (about 14% ±6 in 1 simulated
    future)" twice (helper-67): another line of the suggested move is named by its first
    decisions, and a line tried once has no margin (the pooled spread over one try)."""
    done = bansan.Done(player=0)
    line = (done, bansan.Empty(player=0, bin=bansan.Waste.PA), done)
    long = (done, *(bansan.Pick(player=0, card=f"PC-0{i}") for i in range(1, 6)))
    hint = coach.Hint(seat=0, action=done, reason="plays done.",
                      best=coach.Option(done, (done,), 0.25, 148, 0.01),
                      alternatives=(coach.Option(done, line, 0.14, 1, 0.03),
                                    coach.Option(done, long, 0.06, 2, 0.03)))
    assert hint.text.splitlines()[2:] == [
        "Also weighed: P0 done, then empty PA, then done (about 14% in 1 simulated future)",
        "Also weighed: P0 done, then pick PC-01, then pick PC-02, then pick PC-03, ... (about "
        "6% ±6 in 2 simulated futures)"]
    with language("ms"):
        assert hint.text.splitlines()[2].startswith(
            "Turut dipertimbangkan: P0 done, kemudian empty PA, kemudian done (kira-kira 14% "
            "dalam 1 masa depan simulasi)")


def test_a_tied_move_tried_once_says_how_few_futures_its_estimate_rests_on() -> None:
    """"cannot tell P0 move 1 and P0 move 2 apart ...: they scored about 34% ±2 and 21%" read
    as two moves far apart (helper-74, Sendiri): a line tried in 1 simulated future has no
    margin, so the hint says that it rests on 1 future (in Malay too)."""
    one, two = bansan.Move(player=0, row=1), bansan.Move(player=0, row=2)
    best = coach.Option(one, (one,), 0.34, 151, 0.01, 0.212)
    once = coach.Option(two, (two,), 0.21, 1, 0.12, 0.212)
    h = coach._undecided(0, [best, once], [best, once], 152, None, None)  # type: ignore[arg-type]
    assert h.reason.startswith(
        "cannot tell P0 move 1 and P0 move 2 apart by its search yet: in 152 simulated futures "
        "they scored about 34% ±2 and 21% (tried in only 1 simulated future) in that order")
    assert h.action == one  # the greedy evaluation is level: the search's first
    with language("ms"):
        assert "21% (dicuba dalam 1 masa depan simulasi sahaja)" in coach._undecided(
            0, [best, once], [best, once], 152, None, None).reason  # type: ignore[arg-type]


def test_more_than_three_moves_alike_to_the_percent_read_as_one_figure() -> None:
    """Monsoon's first turn: four steals the search scored alike read "they scored between
    about 58% and 58% (± up to 0 percentage points)"; moves alike to the percent shown read as
    one figure, with a margin only where it has one (in Malay too)."""
    steals = [monsoon.Steal(player=0, card=f"MG-{i:02d}") for i in (38, 35, 18, 12)]
    alike = [coach.Option(a, (a,), 0.58, 75, 0.0, 0.575) for a in steals]
    h = coach._undecided(0, alike, alike, 300, None, None)  # type: ignore[arg-type]
    assert h.reason.startswith(
        "cannot tell 4 of the moves it weighed apart by its search yet: in 300 simulated "
        "futures each scored about 58%. (A score runs from 0%, lost, to 100%, won.) Neither "
        "can the greedy evaluation")  # the scale, as an untied hint gives it (helper-119)
    close = [coach.Option(a, (a,), 0.578 + i / 1000, 75, 0.01, 0.575)
             for i, a in enumerate(steals)]
    h = coach._undecided(0, close, close, 300, None, None)  # type: ignore[arg-type]
    assert h.reason.startswith("cannot tell 4 of the moves it weighed apart by its search "
                               "yet: in 300 simulated futures each scored about 58% (± up to 2 "
                               "percentage points). (A score runs from 0%, lost, to 100%, "
                               "won.) Neither")
    with language("ms"):
        assert coach._undecided(0, alike, alike, 300, None, None).reason.startswith(  # type: ignore[arg-type]
            "belum dapat membezakan 4 daripada langkah yang dipertimbangkannya melalui carian: "
            "dalam 300 masa depan simulasi, setiap satu mendapat skor kira-kira 58%. ")
    apart = [coach.Option(a, (a,), 0.55 + i / 100, 75, 0.02, 0.575)
             for i, a in enumerate(steals)]
    assert coach._undecided(0, apart, apart, 300, None, None).reason.startswith(  # type: ignore[arg-type]
        "cannot tell 4 of the moves it weighed apart by its search yet: in 300 simulated "
        "futures they scored between about 55% and 58% (± up to 4 percentage points)")


def test_a_sendiri_hint_says_no_other_seat_answers() -> None:
    """helper-106: a Sendiri hint said its futures had "the next seat answering with its best
    turn"; there is one seat, whose own next turn the search plays."""
    m = Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=7)
    bot, rng = GreedyBot(), random.Random(0)
    for _ in range(9):
        m.play(bot.choose(m.view(0), m.legal_actions(), rng))
    h = m.hint()
    assert not h.undecided
    assert ("simulated futures (each with the hidden cards dealt anew and P0's next turn "
            "played at its best) this turn scored best") in h.reason
    assert "seat" not in h.reason
    # helper-106 followed hints rated "about 100%" into a lost game: in Sendiri the score is
    # no chance to win, and the hint says what it is
    assert ("(a score of the money and stock the turn leaves, not a chance to win: the Sendiri "
            "target, 2 x the completed lists' value, is counted only at the end, B-SOLO-18; "
            "tried in ") in h.reason
    assert "lost, to 100%, won" not in h.reason
    with language("ms"):
        assert "giliran P0 yang seterusnya dimainkan sebaik-baiknya" in m.hint().reason


def test_a_hint_with_one_legal_move_names_the_seat_once() -> None:
    """helper-100: "Why: P0 plays P0 done, the only legal action." The line names the move
    without the seat, which the hint has said (and a computer player's reason after its
    name: "ISMCTSBot: plays declare bulk, ...")."""
    m = Match("monsoon", monsoon.Rules(players=2), seed=1)
    rng = random.Random(1)
    while len(m.legal_actions()) > 1:
        m.play(rng.choice(m.legal_actions()))
    assert [str(a) for a in m.legal_actions()] == ["P1 declare bulk"]
    assert m.hint().text.split("\n") == ["Hint for P1: P1 declare bulk",
                                         "Why: P1 plays declare bulk, the only legal action."]


def test_a_hint_shows_its_words_in_a_notebook() -> None:
    """helper-101 typed ``m.hint()`` as a cell's last line and read the dataclass's fields;
    IPython shows what ``print`` shows, and ``repr`` keeps the fields for a programmer."""
    from IPython.lib.pretty import pretty

    hint = Match("monsoon", monsoon.Rules(players=2), seed=1).hint()
    assert pretty(hint) == hint.text == str(hint)
    assert pretty(hint).startswith("Hint for P0: P0 fulfill MO-31\nWhy: P0 fulfils MO-31 ")
    assert repr(hint).startswith("Hint(seat=0, action=Fulfill(player=0, order='MO-31')")
