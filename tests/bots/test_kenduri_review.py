"""The Kenduri's review reads what is at stake (B-KEN-05/06).

helper-115 completed the Kenduri Menu's 5th list and the review said the move lost RM5.95
against ``done``: it read each seat's money (and its produce's worth), so the produce a list
uses up counted against the list, and the feast the list saved counted nothing. In the Kenduri
a list completed by anyone saves the whole table, and money decides only among a table that
feasted. So while the Menu has an open list the review reads the Menu's lists, shared by the
table; once every list is completed (the feast is certain) it reads money, as in the standard
game (``heuristics.bansan.review_measure``). helper-117 reviewed the first version (lists
throughout) and played three Kenduri games, saved here: after the feast P0 was told "your final
result: 5 Menu lists", as the winner was; a failed Kenduri never said so; the other seats'
lists read as P0's gains."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

from marketlib import Match, bansan
from marketlib.bots import coach
from marketlib.bots.coach import measure_of, review_decision, score_measure
from marketlib.bots.heuristics import heuristic_for
from marketlib.bots.heuristics.bansan import MENU_LISTS, MENU_NOTE, feast_progress, menu_lists
from marketlib.charts import review_chart
from marketlib.core.game import Outcome
from marketlib.core.i18n import language

GAMES = Path(__file__).parent / "games"
FIFTH = 146
"""The decision of helper-115's game where P0 completes the Menu's last open list."""
HEURISTIC = heuristic_for(bansan)


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
    money = score_measure(bansan, HEURISTIC, state.rules)
    _, spent, other, kept = review_decision(bansan, view, legal, played, 0, seed=FIFTH,
                                            measure=money)
    assert money.unit == "RM" and str(other) == "P0 done"
    assert (sum(kept) - sum(spent)) / len(spent) > 5


def test_the_menu_is_read_in_lists_until_the_feast_is_certain_then_money() -> None:
    match, _, _ = _fifth()
    frame = match.review(0, worlds=2, candidates=2)
    assert frame.loc[frame.decision <= FIFTH, "unit"].eq(MENU_LISTS).all()
    assert frame.loc[frame.decision <= FIFTH, "shared"].all()
    after = frame[frame.decision > FIFTH]
    assert len(after) > 0 and after.unit.eq("RM").all() and not after.shared.any()
    assert frame.value_played[frame.unit == MENU_LISTS].between(0, 5).all()
    # the game feasted and P0 had the most money (B-KEN-06): its real result is its money
    assert match.outcome.winners == (0,) and frame.attrs["unit"] == "RM"
    assert frame.attrs["final"] == float(match.state.vendors[0].money) == 45.0
    assert frame.attrs["ended"] == "money" and frame.attrs["winners"] == [0]
    text = coach.review_text(frame)
    assert "your final result: RM45;" in text
    assert "The game is over (the Kenduri Menu was completed): you won." in text  # not "the
    # Last Round was played", which hid that the table won its Menu (helper-119)
    loss_rm = frame.loss[frame.unit == "RM"].sum()
    assert " Menu lists and RM" in text or round(loss_rm, 1) == 0  # each unit's own sum; a
    # unit with nothing lost is left out ("1.0 Menu lists and RM0.0" read badly, helper-118)
    assert MENU_NOTE in text  # what the lists leave out, said once (helper-119)
    assert text.count("money counted for nothing") == 1
    with language("ms"):
        malay = coach.review_text(frame)
    assert "wang sesuatu langkah tidak dikira" in malay
    assert "senarai Menu" in malay and "Permainan tamat (Menu Kenduri telah disiapkan): anda " \
        "menang." in malay
    assert "P0 menang" not in malay and "anda menang" in malay
    chart = review_chart(frame).to_dict()  # one chart per unit, on the same moves
    titles = [layer["layer"][0]["encoding"]["y"]["title"] for layer in chart["vconcat"]]
    assert titles == ["expected final result (Menu lists)", "expected final result (RM)"]


def test_after_the_feast_the_money_counts_and_the_winner_is_named() -> None:
    """helper-117's feast (seed 1, P0 playing the first legal move): P0 ended on RM20 and P2
    won with RM43; the review said "your final result: 5 Menu lists", as it would the
    winner's."""
    match = Match.load(GAMES / "kenduri_3p_seed1_feast.json")
    assert match.outcome.winners == (2,) and not match.state.public
    frame = match.review(0, worlds=2, candidates=2)
    assert frame.attrs["final"] == 20.0 and frame.attrs["unit"] == "RM"
    assert frame.unit.iloc[-1] == "RM"
    text = coach.review_text(frame)
    assert "your final result: RM20;" in text and MENU_NOTE in text
    assert "(the Kenduri Menu was completed): P2 won." in text


def test_a_failed_kenduri_says_so_and_counts_the_lists_completed() -> None:
    """helper-117's seed 3 (P0 at random, GreedyBots beside it): the Kenduri failed with SL-41
    open; the review said "your final result: 4 Menu lists" and never that everyone lost."""
    match = Match.load(GAMES / "kenduri_3p_seed3_failed.json")
    end = match.state
    assert end.result.ending == bansan.Ending.COLLECTIVE_LOSS and end.public == ("SL-41",)
    frame = match.review(1, worlds=2, candidates=2)
    assert frame.attrs["final"] == 4.0 != float(end.vendors[1].money)
    assert frame.attrs["unit"] == MENU_LISTS and frame.unit.eq(MENU_LISTS).all()
    text = coach.review_text(frame)
    assert "your final result: 4 Menu lists;" in text
    assert "The game is over (the Kenduri failed): nobody won." in text
    with language("ms"):
        assert "Permainan tamat (Kenduri gagal): tiada siapa yang menang." in \
            coach.review_text(frame)


def test_the_tables_lists_are_no_gain_of_the_seat() -> None:
    """The Menu is the table's: a list another vendor completed while the seat waited raised
    the seat's reading, and read as its gain ("after P0 stock-row FV your expected result stood
    about 2.0 Menu lists higher", helper-117: P1 and P2 had completed lists)."""
    match = Match.load(GAMES / "kenduri_3p_seed1_feast.json")
    frame = match.review(0, worlds=2, candidates=2)
    lists = frame[frame.unit == MENU_LISTS]
    rises = (lists.value_played.diff() > 0.5).sum()
    assert rises > 0  # the reading did rise between P0's decisions
    points = frame.attrs["turning_points"]
    assert not any("Menu lists higher" in p for p in points), points


def test_lists_missed_at_the_deadline_never_count() -> None:
    """``kenduri_deadline="deck_exhausted"`` (helper-117's seed 5): the Deck ran out at move 179
    with SL-33 open, so the Kenduri has failed (B-KEN-05): the reading falls from 4.4 to the 4
    lists completed, and stays there, where the evaluation still counts SL-33's share."""
    match = Match.load(GAMES / "kenduri_3p_seed5_deck_exhausted.json")
    assert match.state.rules.kenduri_deadline == "deck_exhausted"
    before, after = match.states[177], match.states[178]
    assert before.missed == () and after.missed == ("SL-33",)
    assert menu_lists(before) == feast_progress(before) * 5 > 4.4
    assert all(menu_lists(s) == 4.0 < feast_progress(s) * 5 for s in match.states[178:-1])


def test_a_finished_game_counts_only_the_lists_completed() -> None:
    """The measure of a finished game is its result, never the share of an open list (a
    finished copy of a position where SL-01's claimer held most of its produce)."""
    match = Match.load(GAMES / "kenduri_3p_seed5_helper115.json")
    state = match.states[140]
    assert state.public == ("SL-01",) and feast_progress(state) * 5 > 4.3
    over = replace(state, result=Outcome(winners=(), scores=(0, 0, 0),
                                         ending=bansan.Ending.COLLECTIVE_LOSS))
    assert menu_lists(over) == 4.0


def test_the_other_modes_and_games_keep_their_score() -> None:
    from marketlib import monsoon

    start = bansan.setup(bansan.Rules(players=3, mode="kenduri"), seed=1)
    assert measure_of(bansan, HEURISTIC, bansan.Rules(players=2)).unit == "RM"
    assert measure_of(bansan, HEURISTIC, bansan.Rules(players=1, mode="sendiri")).unit == \
        "points"
    assert measure_of(bansan, HEURISTIC, start.rules, start) == (MENU_LISTS, menu_lists, True,
                                                                 MENU_NOTE)
    assert measure_of(monsoon, heuristic_for(monsoon), monsoon.Rules()).unit == "seals"
    assert menu_lists(start) == 0.0


def test_turning_points_compare_sizes_within_a_unit() -> None:
    """helper-118: a loss of 0.9 Menu lists (near a whole list of the feast) beside three of
    RM1.1 to RM1.5 was not named, as the sizes were compared across units. Each unit's largest
    loss is named, then the others in the order the units came (the Menu's first)."""
    import pandas as pd

    rows = [(10, MENU_LISTS, True, 0.9), (20, MENU_LISTS, True, 0.2), (30, "RM", False, 1.1),
            (31, "RM", False, 1.5), (32, "RM", False, 1.3)]
    frame = pd.DataFrame([{"move": m, "played": f"P0 move{m}", "preferred": f"P0 other{m}",
                           "value_played": 1.0, "loss": loss, "se_loss": 0.1, "unit": unit,
                           "shared": shared} for m, unit, shared, loss in rows])
    points = coach.turning_points(frame, "RM")
    assert [p.split(":")[0] for p in points] == ["Move 10", "Move 20", "Move 31"]
    assert "0.9 Menu lists more" in points[0] and "RM1.5 more" in points[2]


def test_a_lost_sendiri_review_says_you_lost() -> None:
    """helper-118: a lost solo game ended its review with "nobody won"; Sendiri has one
    vendor, who lost (B-SOLO-18)."""
    match = Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=2)
    while match.outcome is None:
        match.play(match.legal_actions()[0])
    assert match.outcome.winners == () and match.outcome.ending.value == "solo_loss"
    text = coach.review_text(match.review(0, worlds=2, candidates=2))
    assert "The game is over (the solo target was missed): you lost." in text
    assert "nobody won" not in text and " points" in text


def test_a_loss_that_rounds_to_nothing_is_no_turning_point() -> None:
    """helper-119 read "'R&R: release ST-07 (get RM3)' was worth about 0.0 Menu lists more
    (±0.0 Menu lists)": a loss of 0.043, said with one decimal, named nothing it could see."""
    import pandas as pd

    frame = pd.DataFrame([{"move": m, "played": f"P0 move{m}", "preferred": f"P0 other{m}",
                           "value_played": v, "loss": loss, "se_loss": 0.0, "unit": MENU_LISTS,
                           "shared": False} for m, v, loss in
                          ((4, 1.0, 0.043), (8, 1.04, 0.0), (12, 1.5, 0.3))])
    points = coach.turning_points(frame, MENU_LISTS)
    assert points == [
        "Move 12: you played P0 move12; P0 other12 was worth about 0.3 Menu lists more "
        "(±0.0 Menu lists).",
        "Move 12: after P0 move12 your expected result stood about 0.5 Menu lists higher than "
        "at your previous decision (1.5 Menu lists)."]  # nor the rise of 0.04 at move 8


def test_the_boards_end_heading_names_the_feast_as_the_review_does() -> None:
    """The board's end heading (without a seat's standings) read "(the Last Round was played)"
    where the review said the Kenduri Menu was completed (helper-120); both ask
    ``coach.ending_name``."""
    from marketlib.widgets import table_of
    from marketlib.widgets.payload import summary_text

    match = Match.load(GAMES / "kenduri_3p_seed1_feast.json")
    assert summary_text(match, table_of("bansan")) == (
        "Game over (the Kenduri Menu was completed): P2 won. P0 RM20, P1 RM27, P2 RM43.")
    failed = Match.load(GAMES / "kenduri_3p_seed3_failed.json")
    assert summary_text(failed, table_of("bansan")).startswith(
        "Game over (the Kenduri failed): nobody won.")


def test_a_games_ending_is_named_by_the_game_itself_never_found_by_a_module_path() -> None:
    """``coach.ending_name`` asks the game it is given for its ``ended_name`` (issue 28: the
    coach found a words module by the game's module path): a game module handed over with
    another name still names its endings, and one without ``ended_name`` is named by nothing
    else."""
    from types import SimpleNamespace

    from marketlib import bansan, monsoon
    from marketlib.bots.coach import ending_name
    from marketlib.core.game import Outcome

    feast = bansan.Outcome(winners=(2,), scores=(20, 27, 43), ending=bansan.Ending.MONEY)
    kenduri = bansan.Rules(players=3, mode="kenduri")
    renamed = SimpleNamespace(**{**vars(bansan), "__name__": "somewhere.else"})
    assert ending_name(renamed, feast, kenduri) == "the Kenduri Menu was completed"
    assert ending_name(bansan, feast, bansan.Rules(players=3)) == "the Last Round was played"
    assert ending_name(monsoon, monsoon.Outcome(winners=(0,), scores=(15, 9),
                                                ending=monsoon.Ending.TURN_LIMIT),
                       monsoon.Rules()) == "the turn limit was reached"
    plain = SimpleNamespace(**{k: v for k, v in vars(bansan).items() if k != "ended_name"})
    assert ending_name(plain, feast, kenduri) == ""
    assert isinstance(feast, Outcome)


def test_the_review_reads_a_heuristics_own_strength_and_measure_never_its_modules() -> None:
    """``coach.worth_of`` and ``coach.measure_of`` ask the heuristic object for ``strength``
    and ``review_measure`` (issue 28: they were found in the module its class was written
    in): a heuristic written anywhere is read by what it carries."""
    from types import SimpleNamespace

    from marketlib import bansan
    from marketlib.bots.coach import measure_of, worth_of
    from marketlib.bots.heuristics.bansan import HEURISTIC

    state = bansan.setup(bansan.Rules(players=2), seed=4)
    elsewhere = SimpleNamespace(strength=lambda s, seat: 100.0 + seat,
                                review_measure=lambda rules, s=None: None,
                                score=lambda s, seat: -1.0)
    assert worth_of(bansan, elsewhere)(state, 1) == 101.0
    assert worth_of(bansan, SimpleNamespace(score=lambda s, seat: -1.0))(state, 1) == -1.0
    assert worth_of(bansan, HEURISTIC)(state, 0) == HEURISTIC.strengths(state)[0] > 0
    kenduri = bansan.setup(bansan.Rules(players=3, mode="kenduri"), seed=4)
    assert measure_of(bansan, HEURISTIC, kenduri.rules, kenduri).unit == "Menu lists"
    assert measure_of(bansan, elsewhere, kenduri.rules, kenduri).unit == "RM"
