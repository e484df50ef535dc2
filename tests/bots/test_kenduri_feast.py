"""Partners who feast (issue 29, point 2): in the Kenduri Menu (B-KEN) the bots value the
table's progress on the shared menu, so a list completed by a partner is good news and GreedyBot
tables complete the menu."""

from __future__ import annotations

import random

from marketlib import bansan
from marketlib.bots import GreedyBot
from marketlib.bots.heuristics.bansan import HEURISTIC, feast_claims
from marketlib.sim import play_many

MENU = ["SL-19", "SL-01", "SL-02", "SL-03", "SL-04"]  # SL-19 is MT MT SF SF
RENTS = {0: ["FV", "DG"], 1: ["WG", "MT"], 2: ["SF", "MM"]}


def _table(mode: str, **spec: object) -> bansan.State:
    rules = bansan.Rules(players=3, mode=mode)  # type: ignore[arg-type]
    spec.setdefault("public" if mode == "kenduri" else "wallets",
                    MENU if mode == "kenduri" else {0: [], 1: [], 2: []})
    return bansan.position(rules=rules, rents=RENTS, phase="complete",
                           **spec)  # type: ignore[arg-type]


def test_a_partners_completed_list_is_good_news_only_in_the_kenduri() -> None:
    """B-KEN-03/05: any vendor's completed public list saves the whole table, so it lifts every
    seat's value; in the standard game a rival's completed list only lowers it."""
    bag = {1: ["MT:PA", "MT:PA", "SF:PA", "SF:OR"]}
    s = _table("kenduri", current=1, bags=bag)
    done = next(a for a in bansan.legal_actions(s) if isinstance(a, bansan.Complete))
    after = bansan.apply(s, done)
    assert not after.vendors[1].bag and "SL-19" not in after.public
    assert HEURISTIC.evaluate(after, 0) > HEURISTIC.evaluate(s, 0)
    assert HEURISTIC.evaluate(after, 2) > HEURISTIC.evaluate(s, 2)
    std = _table("standard", current=1, bags=bag, wallets={0: [], 1: ["SL-19"], 2: []})
    done = next(a for a in bansan.legal_actions(std) if isinstance(a, bansan.Complete))
    assert HEURISTIC.evaluate(bansan.apply(std, done), 0) < HEURISTIC.evaluate(std, 0)


def test_each_list_is_claimed_by_the_bag_that_covers_it_best() -> None:
    s = _table("kenduri", bags={0: ["MT:PA"], 1: ["MT:PA", "MT:PA", "SF:PA"]})
    claims = {x: (seat, share) for x, seat, share in feast_claims(s)}
    assert claims["SL-19"] == (1, 0.75)  # P1's MT MT SF beats P0's MT
    # P0's MT covers a third of SL-02 (WG WG MT) and of SL-04 (MT DG SF): the earlier list of
    # the menu takes it, and a list nobody covers goes to the lowest seat
    assert claims["SL-02"] == (0, 1 / 3) and claims["SL-04"] == (0, 0.0)


def test_an_excess_card_goes_to_the_partner_whose_list_it_completes() -> None:
    """B-UPK-08 with B-KEN-03: P0 must give or throw one of 9 Bag cards; its MT makes P1's Bag
    cover SL-19 (MT MT SF SF) whole, so GreedyBot gives it to P1."""
    s = _table("kenduri", bags={0: ["FV"] * 8 + ["MT"], 1: ["MT", "SF", "SF"]})
    bot = GreedyBot()
    while s.current == 0 and s.phase in ("complete", "bag"):
        s = bansan.apply(s, bot.choose(bansan.view(s, 0), bansan.legal_actions(s),
                                       random.Random(0)))
    assert [b.produce.value for b in s.vendors[1].bag] == ["MT", "SF", "SF", "MT"]
    assert "Kenduri list SL-19 (P1's Bag covers 100%) comes closer" in bot.explain_choice()


def test_greedy_tables_feast() -> None:
    """Four 4-player GreedyBot tables on seeds where GreedyBot valuing only its own money
    completed no menu (0 of 10 on seeds 100-109, issue 29): now at least 3 of 4 feast (all 4 when
    measured; ``benchmarks/kenduri_feast.py`` measures the rates)."""
    games, _ = play_many("bansan", bansan.Rules(players=4, mode="kenduri"), ["greedy"], 4,
                         seed=100)
    endings = games.groupby("game", observed=True)["ending"].first()
    assert (endings == "money").sum() >= 3
