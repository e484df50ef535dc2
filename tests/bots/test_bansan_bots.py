"""The bots and the simulation on Bansan (standard game)."""

from __future__ import annotations

import random

from marketlib import bansan, charts
from marketlib.bots import GreedyBot, ISMCTSBot, make_bot
from marketlib.bots.heuristics import heuristic_for
from marketlib.bots.heuristics.bansan import BansanHeuristic
from marketlib.sim import play, play_many


def test_bansan_has_its_heuristic() -> None:
    assert isinstance(heuristic_for(bansan), BansanHeuristic)


def test_bots_play_a_whole_bansan_game_and_explain() -> None:
    rec = play("bansan", bansan.Rules(players=2), [GreedyBot(), ISMCTSBot(iterations=20)], 2)
    assert rec.outcome.ending.value == "money"
    assert rec.to_match().outcome == rec.outcome
    state = bansan.setup(bansan.Rules(players=3), seed=4)
    bot = GreedyBot()
    seat = bansan.current_player(state)
    assert seat is not None
    legal = bansan.legal_actions(state)
    assert bot.choose(bansan.view(state, seat), legal, random.Random(0)) in legal
    assert bot.explain_choice().endswith(".")


def test_bansan_bots_never_read_hidden_information() -> None:
    real = bansan.setup(bansan.Rules(players=2), seed=8)
    seat = bansan.current_player(real)
    assert seat is not None
    seen = bansan.view(real, seat)
    other = bansan.determinize(seen, random.Random(77))
    assert other.deck != real.deck and bansan.view(other, seat) == seen
    for name in ("random", "greedy"):
        picks = [make_bot(name).choose(bansan.view(s, seat), bansan.legal_actions(s),
                                       random.Random(3)) for s in (real, other)]
        assert picks[0] == picks[1]


def test_bansan_turns_frame_has_money_and_bins_for_the_charts() -> None:
    games, turns = play_many("bansan", bansan.Rules(players=2), ["random"], 2, seed=5)
    assert set(games["ending"]) == {"money"}
    for column in ("money", "lists", "bag", "stall_cards", "bin_PL", "bin_PA", "bin_OR"):
        assert column in turns.columns
    assert (turns["score"] == turns["money"]).all()
    spec = charts.bin_fill_chart(turns).to_dict()
    assert spec["encoding"]["color"]["title"] == "Waste Bin"
