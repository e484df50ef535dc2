"""Bots that deal (issue 29, point 1): a dealing GreedyBot (and ISMCTSBot) proposes trades and
bargains that raise its own evaluation, answers offers by the same evaluation (accept, decline,
counter within ``max_counters``), never promises money it cannot spend (A-B-61), and says why in
a sentence; RandomBot answers offers among the legal answers; ``sim.play(any_time=True)`` and a
person's board meet the offers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from marketlib import Match, bansan
from marketlib.bansan.queries import free_money
from marketlib.bots import GreedyBot, ISMCTSBot, RandomBot
from marketlib.bots.base import out_of_turn_moves
from marketlib.sim.record import play
from marketlib.widgets import BansanBoard


def three(money: tuple[int, int, int] = (10, 10, 10), *, hidden: bool = True,
          bags: dict[int, list[str]] | None = None) -> bansan.State:
    """P1's Action Phase; P0 holds WG WG MT of its list SL-15 (WG WG MT MT, RM12) and P1's Bag
    holds the Meat PC-62 it misses."""
    return bansan.position(
        rules=bansan.Rules(players=3, hidden_wallets=hidden),
        rents={0: ["FV"], 1: ["WG"], 2: ["DG"]}, phase="actions", current=1,
        wallets={0: ["SL-15"], 1: ["SL-32"]}, money=list(money),
        bags=bags or {0: ["PC-31=WG", "PC-32=WG", "PC-61=MT"], 1: ["PC-62=MT"]})


def offered(state: bansan.State, offer: Any, counters: int = 0) -> bansan.State:
    after = bansan.apply(state, offer)
    if counters:
        import msgspec

        after = after.replace(offer=msgspec.structs.replace(after.offer, counters=counters))
    return after


def answer(bot: Any, state: bansan.State, seat: int = 0) -> Any:
    legal = bansan.legal_actions(state)
    return bot.choose(bansan.view(state, seat), legal, random.Random(0))


def test_the_catalogue_behind_the_positions() -> None:
    s = three()
    assert bansan.catalog(s).lists["SL-15"].icons == ("WG", "WG", "MT", "MT")
    assert bansan.catalog(s).lists["SL-15"].value == 12


def test_a_dealing_bot_proposes_the_trade_that_completes_its_list_and_says_so() -> None:
    s = three()
    bot = GreedyBot(deals=True)
    action = bot.any_time(bansan.view(s, 0), bansan.any_time_actions(s, 0), random.Random(0))
    assert action == bansan.ProposeTrade(player=0, to=1, take=("PC-62",), pay=1)
    assert bot.explain_choice() == "I'll pay RM1 for P1's Meat: it completes my list worth RM12."
    # P1 (which does not deal) accepts through its ordinary search: P0's list is complete
    after = bansan.apply(s, action)
    reply = answer(GreedyBot(), after, 1)
    assert reply == bansan.Accept(player=1)
    done = bansan.apply(after, reply)
    assert [b.card for b in done.vendors[0].bag] == ["PC-31", "PC-32", "PC-61", "PC-62"]
    assert [v.money for v in done.vendors] == [9, 11, 10]


def test_the_same_bot_without_deals_proposes_nothing() -> None:
    s = three()
    bot = GreedyBot()
    assert bot.any_time(bansan.view(s, 0), bansan.any_time_actions(s, 0), random.Random(0)) is None
    assert repr(bot) == "GreedyBot()" and repr(GreedyBot(deals=True)) == "GreedyBot(deals=True)"


def test_a_dealing_bot_never_promises_money_it_cannot_spend() -> None:
    for money in (0, 1, 2, 3):
        s = three((money, 10, 10))
        bot = GreedyBot(deals=True)
        action = bot.any_time(bansan.view(s, 0), bansan.any_time_actions(s, 0), random.Random(0))
        if money == 0:
            assert action is None  # nothing to pay with, no spare card to swap
        else:
            assert isinstance(action, bansan.ProposeTrade)
            assert 0 < action.pay <= free_money(s, 0) == money
            assert bansan.explain(s, action) is None


def test_money_committed_to_a_buy_in_progress_is_not_promised_again() -> None:
    # P0 picks a RM2 Meat in its BUY from vendors with RM2: nothing is left to promise (A-B-61)
    s = bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]}, phase="actions",
                        current=0, stalls={"MT": ["MT"]}, money=[2, 10, 10],
                        wallets={0: ["SL-15"]},
                        bags={0: ["PC-31=WG", "PC-32=WG"], 1: ["MT"]})
    s = bansan.apply(s, bansan.parse_action("P0 buy MT"))
    card = next(st for st in s.stalls if st.renter == 2).cards[0]
    s = bansan.apply(s, bansan.Pick(player=0, card=card))
    assert free_money(s, 0) == 0
    bot = GreedyBot(deals=True)
    assert bot.any_time(bansan.view(s, 0), (), random.Random(0)) is None


def test_it_accepts_a_good_offer_and_declines_a_bad_one() -> None:
    s = three()
    good = offered(s, bansan.ProposeTrade(player=1, to=0, give=("PC-62",), ask=1))
    bot = GreedyBot(deals=True)
    assert answer(bot, good) == bansan.Accept(player=0)
    assert bot.explain_choice() == ("I accept: P1 offers its Meat (PC-62) for RM1; it leaves "
                                    "me better off.")
    bad = offered(s, bansan.ProposeTrade(player=1, to=0, take=("PC-61",)))
    bot = GreedyBot(deals=True)
    assert answer(bot, bad) == bansan.Decline(player=0)
    assert bot.explain_choice() == ("I decline: P1 offers nothing for your Meat (PC-61); it "
                                    "would not leave me better off.")


def test_it_counters_when_allowed_and_never_beyond_max_counters() -> None:
    s = three(hidden=False)
    dear = bansan.ProposeTrade(player=1, to=0, give=("PC-62",), ask=3)
    bot = GreedyBot(deals=True)
    reply = answer(bot, offered(s, dear))
    assert reply == bansan.Counter(player=0, take=("PC-62",), pay=2)
    assert bot.explain_choice() == ("P1 offers its Meat (PC-62) for RM3; I offer RM2 for your "
                                    "Meat (PC-62) instead.")
    # P1 accepts the counter-offer; P0 pays RM2 and completes its list
    countered = bansan.apply(offered(s, dear), reply)
    assert answer(GreedyBot(), countered, 1) == bansan.Accept(player=1)
    most = s.rules.max_counters
    assert answer(GreedyBot(deals=True), offered(s, dear, counters=most)) == bansan.Accept(
        player=0)


def test_an_ismcts_bot_deals_through_the_same_evaluation() -> None:
    s = three()
    bot = ISMCTSBot(iterations=20, deals=True)
    action = bot.any_time(bansan.view(s, 0), (), random.Random(0))
    assert action == bansan.ProposeTrade(player=0, to=1, take=("PC-62",), pay=1)
    bad = offered(s, bansan.ProposeTrade(player=1, to=0, take=("PC-61",)))
    assert answer(ISMCTSBot(iterations=20, deals=True), bad) == bansan.Decline(player=0)
    assert ISMCTSBot(iterations=20).any_time(bansan.view(s, 0), (), random.Random(0)) is None


def test_a_seller_declines_a_bargain_below_the_market_price() -> None:
    # the buyer may still pay the market price (B-BUY-02), so RM0 is no gain for the renter
    s = bansan.position(players=2, rents={0: ["FV"], 1: ["WG"]}, phase="actions", current=1,
                        stalls={"FV": ["FV", "FV"]}, money=[10, 10])
    s = bansan.apply(s, bansan.parse_action("P1 buy FV"))
    card = s.stalls[0].cards[0]
    s = bansan.apply(s, bansan.Bargain(player=1, card=card, price=0))
    assert answer(GreedyBot(deals=True), s) == bansan.Decline(player=0)


def test_random_bot_answers_offers_among_the_legal_answers() -> None:
    s = three()
    trade = offered(s, bansan.ProposeTrade(player=1, to=0, give=("PC-62",), ask=1))
    legal = bansan.legal_actions(trade)
    assert set(legal) == {bansan.Accept(player=0), bansan.Decline(player=0)}
    picks = {RandomBot().choose(None, legal, random.Random(k)) for k in range(20)}
    assert picks == set(legal)


def test_dealing_bots_play_whole_games_in_the_simulator() -> None:
    bots = [GreedyBot(deals=True), RandomBot(), GreedyBot(deals=True)]
    rec = play("bansan", bansan.Rules(players=3), bots, seed=4, any_time=True)
    again = play("bansan", bansan.Rules(players=3), bots, seed=4, any_time=True)
    assert rec.actions == again.actions and rec.outcome is not None
    # every action was legal when played: the game replays through apply
    state = bansan.setup(bansan.Rules(players=3), 4)
    for action in rec.actions:
        state = bansan.apply(state, action)
    assert state.result == rec.outcome


def test_without_any_time_a_dealing_bot_plays_the_same_as_before_when_nothing_is_offered() -> None:
    # no bag cards change hands in these games: the dealing bot's choices are GreedyBot's
    plain = play("bansan", bansan.Rules(players=2), [GreedyBot(), GreedyBot()], seed=2)
    dealing = play("bansan", bansan.Rules(players=2), [GreedyBot(deals=True), GreedyBot()],
                   seed=2)
    assert [str(a) for a in plain.actions] == [str(a) for a in dealing.actions]


def test_computer_vendors_offer_a_person_a_trade_on_the_board() -> None:
    # P0 is the person; P1 deals and misses the Meat in P0's Bag to complete its list SL-15
    s = bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["DG"]}, phase="actions",
                        current=2, wallets={1: ["SL-15"]}, money=[10, 10, 10],
                        bags={1: ["PC-31=WG", "PC-32=WG", "PC-61=MT"], 0: ["PC-62=MT"]})
    wanted = out_of_turn_moves(bansan, s, {1: GreedyBot(deals=True)}, seed=0, position=0)
    assert [str(a) for _, a in wanted] == ["P1 trade P0 give=- take=PC-62 pay=1 ask=0"]
    match = Match.from_state("bansan", s)
    board = BansanBoard(match, opponents={1: GreedyBot(deals=True), 2: GreedyBot()})
    assert match.history[0] == bansan.ProposeTrade(player=1, to=0, take=("PC-62",), pay=1)
    assert match.current_player == 0 and board.seat == 0
    offer = board.scene["offer"]
    assert offer["from"] == 1 and offer["to"] == 0 and offer["kind"] == "trade"
    assert [c["text"] for c in board.choices] == ["P0 accept", "P0 decline"]
    board._handle_custom_msg({"type": "play", "index": board.choices[0]["index"],
                              "version": board.version}, [])
    assert board.error == ""
    assert [b.card for b in match.state.vendors[1].bag][-1] == "PC-62"


@pytest.mark.parametrize("counters", [0, 3])
def test_a_person_may_counter_a_computer_vendors_trade(counters: int) -> None:
    s = three()
    trade = offered(s, bansan.ProposeTrade(player=1, to=0, give=("PC-62",), ask=3), counters)
    counter = bansan.Counter(player=0, take=("PC-62",), pay=2)
    why = bansan.explain(trade, counter)
    assert (why is None) == (counters < s.rules.max_counters)


@pytest.mark.parametrize("hidden", [False, True])
def test_the_person_reads_why_unless_it_names_a_hidden_list(hidden: bool) -> None:
    s = bansan.position(rules=bansan.Rules(players=3, hidden_wallets=hidden),
                        rents={0: ["FV"], 1: ["WG"], 2: ["DG"]}, phase="actions", current=2,
                        wallets={1: ["SL-15"]}, money=[10, 10, 10],
                        bags={1: ["PC-31=WG", "PC-32=WG", "PC-61=MT"], 0: ["PC-62=MT"]})
    board = BansanBoard(Match.from_state("bansan", s),
                        opponents={1: GreedyBot(deals=True), 2: GreedyBot()})
    line = board.log[-1]
    assert line.startswith("P1 trade P0 give=- take=PC-62 pay=1 ask=0")
    reason = "GreedyBot: I'll pay RM1 for P0's Meat: it completes my list worth RM12."
    # a reason is shown only to seats that saw all the bot saw (its Wallet, when hidden)
    assert (reason in line) == (not hidden)


def test_play_many_takes_dealing_bots_with_any_time() -> None:
    from marketlib.sim import play_many

    games, _ = play_many("bansan", bansan.Rules(players=3),
                         [GreedyBot(deals=True), GreedyBot()], 2, seed=5, n_jobs=1,
                         any_time=True)
    assert len(games) == 6 and set(games["bot"]) == {"GreedyBot(deals=True)", "GreedyBot"}
