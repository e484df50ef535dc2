"""The bots and the simulation on Bansan (standard game)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from marketlib import bansan, charts
from marketlib.bots import GreedyBot, ISMCTSBot, RandomBot
from marketlib.bots.heuristics import heuristic_for
from marketlib.bots.heuristics.bansan import (
    FLAT_WEIGHTS,
    SENDIRI_WEIGHTS,
    WEIGHTS,
    BansanHeuristic,
)
from marketlib.sim import play, play_many


def test_bansan_has_its_heuristic() -> None:
    assert isinstance(heuristic_for(bansan), BansanHeuristic)


def test_bots_play_a_whole_bansan_game_and_explain() -> None:
    search = ISMCTSBot(iterations=20, max_nodes=500, playout_nodes=60)
    rec = play("bansan", bansan.Rules(players=2), [GreedyBot(), search], 2)
    assert rec.outcome.ending.value == "money"
    assert rec.to_match().outcome == rec.outcome
    state = bansan.setup(bansan.Rules(players=3), seed=4)
    bot = GreedyBot()
    seat = bansan.current_player(state)
    assert seat is not None
    legal = bansan.legal_actions(state)
    assert bot.choose(bansan.view(state, seat), legal, random.Random(0)) in legal
    assert bot.explain_choice().endswith(".")


def test_bansan_bots_get_only_their_seats_view() -> None:
    """The simulator hands each computer vendor its own view: other vendors' money and Wallets
    and every deck are hidden from it."""
    from marketlib.sim import play

    seen: list[tuple[int, Any]] = []

    class Spy:
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(self, view: Any, legal: Any, rng: Any) -> Any:
            seen.append((legal[0].player, view))
            return legal[0]

        def explain_choice(self) -> str:
            return "first legal action."

    play("bansan", bansan.Rules(players=3), [Spy(0), Spy(1), Spy(2)], seed=8)
    assert len(seen) > 50
    for seat, view in seen:
        assert view.viewer == seat and view.deck is None and view.list_deck is None
        others = [v for q, v in enumerate(view.vendors) if q != seat]
        assert all(v.money is None and v.wallet is None for v in others) or view.result


def test_bansan_turns_frame_has_money_and_bins_for_the_charts() -> None:
    games, turns = play_many("bansan", bansan.Rules(players=2), ["random"], 2, seed=5)
    assert set(games["ending"]) == {"money"}
    for column in ("money", "lists", "bag", "stall_cards", "bin_PL", "bin_PA", "bin_OR"):
        assert column in turns.columns
    assert (turns["score"] == turns["money"]).all()
    spec = charts.bin_fill_chart(turns).to_dict()
    points = spec["layer"][1]["layer"][1]
    assert points["encoding"]["color"]["title"] == "Waste Bin"


def test_every_bot_answers_a_trade_offer() -> None:
    """A gift is accepted, an offer that only takes a card is declined (B-ANY-02)."""
    s = bansan.position(rents={0: ["FV", "DG"], 1: ["WG", "MT"]},
                        bags={0: ["FV", "DG"], 1: ["WG", "MT"]}, phase="actions")
    mine, theirs = s.vendors[0].bag[0].card, s.vendors[1].bag[0].card
    gift = bansan.apply(s, bansan.ProposeTrade(player=0, to=1, give=(mine,)))
    grab = bansan.apply(s, bansan.ProposeTrade(player=0, to=1, take=(theirs,)))
    answers = (bansan.Accept(player=1), bansan.Decline(player=1))
    for offer, expected in ((gift, answers[0]), (grab, answers[1])):
        assert bansan.current_player(offer) == 1
        legal = bansan.legal_actions(offer)
        assert legal == answers
        assert RandomBot().choose(bansan.view(offer, 1), legal, random.Random(0)) in answers
        for bot in (GreedyBot(), ISMCTSBot(iterations=40)):
            assert bot.choose(bansan.view(offer, 1), legal, random.Random(0)) == expected
            assert bot.explain_choice().startswith(f"plays {str(expected).split()[1]}")
    after = bansan.apply(gift, answers[0])
    assert bansan.current_player(after) == 0 and len(after.vendors[1].bag) == 3


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_play_every_kenduri_table(players: int) -> None:
    rules = bansan.Rules(mode="kenduri", players=players)
    bots = ["random", GreedyBot(max_nodes=150), ISMCTSBot(iterations=8, max_nodes=100,
                                                           playout_nodes=30)]
    games, turns = play_many("bansan", rules, bots[:players], 1, seed=players)  # at most a
    # bot per seat: play_many refuses one that would never play
    assert len(games) == players and games["players"].eq(players).all()
    assert set(games["ending"]) <= {"money", "collective_loss"}
    assert games["winner"].sum() == (0 if games["ending"][0] == "collective_loss" else
                                     games["rank"].eq(1).sum())
    assert set(turns["seat"]) == set(range(players))
    assert games.attrs["marketlib"]["rules"]["mode"] == "kenduri"


def test_bots_play_sendiri() -> None:
    rules = bansan.Rules(mode="sendiri", players=1)
    for bot in ("random", GreedyBot(max_nodes=300), ISMCTSBot(iterations=10, max_nodes=200)):
        games, turns = play_many("bansan", rules, [bot], 1, seed=11)
        assert len(games) == 1 and set(games["seat"]) == {0}
        assert set(games["ending"]) <= {"solo_win", "solo_loss"}
        assert (games["winner"] == games["ending"].eq("solo_win")).all()
        assert turns["turn"].max() == games["turns"].max()


def test_strength_values_stall_cards_at_half_their_market_price() -> None:
    """WEIGHTS: a stall card is worth half its printed price (a SELL's pay, B-SELL-01), a rented
    stall RM2, a Bag card 0.05 RM; Sendiri keeps the flat weights (0.3 RM a stall card, 0.15 a
    Bag card, nothing for the stall itself)."""
    s = bansan.position(rents={0: ["MT", "FV"], 1: ["WG", "DG"]},
                        stalls={"MT": ["MT", "MT"], "FV": ["FV"], "WG": ["WG"]},
                        money=[10, 10], bags={0: ["SF"]}, wallets={0: [], 1: []},
                        phase="actions")
    prices = {p: s.rules.price(p) for p in bansan.Produce}
    assert (prices[bansan.Produce.MT], prices[bansan.Produce.FV]) == (2, 1)
    market = BansanHeuristic().strengths(s)
    # P0: RM10 + 2 stalls x RM2 + 2 MT cards x RM2 x 0.5 + 1 FV card x RM1 x 0.5 + 1 Bag card
    # x 0.05; P1: RM10 + 2 stalls x RM2 + 1 WG card x RM1 x 0.5
    assert market == pytest.approx([10 + 4 + 2.0 + 0.5 + 0.05, 10 + 4 + 0.5])
    flat = BansanHeuristic(FLAT_WEIGHTS).strengths(s)
    assert flat == pytest.approx([10 + 3 * 0.3 + 0.15, 10 + 0.3])
    assert heuristic_for(bansan).weights_for(s) is WEIGHTS
    solo = bansan.setup(bansan.Rules(players=1, mode="sendiri"), seed=1)
    assert heuristic_for(bansan).weights_for(solo) is SENDIRI_WEIGHTS


def test_bots_play_by_the_heuristic_they_are_given() -> None:
    """GreedyBot(heuristic=...) and ISMCTSBot(heuristic=...) score positions with the heuristic
    they were given, not the game's default one."""
    seen: list[int] = []

    class Counting(BansanHeuristic):
        def evaluate(self, state: bansan.State, player: int) -> float:
            seen.append(player)
            return super().evaluate(state, player)

    s = bansan.setup(bansan.Rules(players=2), seed=3)
    while s.phase != "actions":
        s = bansan.apply(s, bansan.legal_actions(s)[0])
    me = bansan.current_player(s)
    assert me is not None and len(bansan.legal_actions(s)) > 1
    for bot in (GreedyBot(heuristic=Counting()), ISMCTSBot(iterations=20, heuristic=Counting())):
        seen.clear()
        bot.choose(bansan.view(s, me), bansan.legal_actions(s), random.Random(0))
        assert seen.count(me) > 1
