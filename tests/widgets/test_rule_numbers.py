"""Issue 26, point 7: every number a person reads comes from the rules in force.

Each test plays or builds a position under NON-default ``Rules`` whose values coincide with no
default value (the defaults are RM1/RM2 prices, RM10, 2 actions, 3 lists, bins of 5, bags of 8,
R&R RM3, EMPTY RM2 +1 +1, fines RM1, 15 seals, displays of 10...), then finds each value where
a person reads it: the notebook board's payload (scene, cards, legend, choices, previews,
instruction, goal), the text view, the HTML render, the classroom connection's traits, and the
refusals; and checks the default is not shown where it would be wrong.

Shown to fail on: the Bansan R&R label with ``(pay RM3)`` typed in (``Rules(rr_cost=18)``
found ``RM3``), and on the ``LEGEND`` table with the default prices, bin capacity, fine and
R&R cost typed in (each ``assert`` below on the legend failed before marketlib.bansan.words
built it from ``Rules``).
"""

from __future__ import annotations

import json
import re
from typing import Any

import msgspec

from marketlib import Match, bansan, monsoon
from marketlib.bansan import words as bansan_words
from marketlib.bansan.cards import Produce
from marketlib.bansan.render import html_board as bansan_html
from marketlib.bansan.render import text_table as bansan_text
from marketlib.classroom.tables import seat_sessions
from marketlib.monsoon import words as monsoon_words
from marketlib.monsoon.render import html_board as monsoon_html
from marketlib.monsoon.render import text_table as monsoon_text
from marketlib.sim import play
from marketlib.widgets import table_of
from marketlib.widgets.payload import payload, previews_for

PRICES = (24, 31, 29, 27, 11, 12)
BANSAN = bansan.Rules(
    players=3, market_prices=PRICES, starting_money=23, bag_limit=13, bin_capacity=14,
    fine_per_card=19, actions_per_turn=6, empty_base=33, empty_bonus_additional=16,
    empty_bonus_overflow=17, rr_cost=18, lists_to_trigger=26, max_counters=7)
"""Non-default Bansan rules: no value below is a default value of any Bansan option."""

MONSOON = monsoon.Rules(players=3, seal_target=37, display_limit=13)
"""Non-default Monsoon Market rules (defaults: 15 seals, displays of 10)."""


def _defaults() -> set[int]:
    found: set[int] = set()
    for rules in (bansan.Rules(), monsoon.Rules()):
        for name in rules.__struct_fields__:
            value = getattr(rules, name)
            values = value if isinstance(value, tuple) else (value,)
            found |= {v for v in values if isinstance(v, int) and not isinstance(v, bool)}
    return found


def test_the_chosen_values_coincide_with_no_default() -> None:
    chosen = {*PRICES, 23, 13, 14, 19, 6, 33, 16, 17, 18, 26, 7, 37, 9, 22}
    assert not chosen & _defaults()


def _legend(items: Any) -> dict[str, str]:
    return {code: text for code, text in items}


def _bansan_actions_match() -> Match:
    """P0 in its Action Phase, with R&R open to it (B-ANY-03) and stalls of every seat."""
    s = bansan.position(rules=BANSAN, players=3, rents={0: ["FV"], 1: ["MT"], 2: ["WG"]},
                        stalls={"MT": ["MT", "MT"]}, money=[60, 23, 23], phase="actions",
                        current=0)
    return Match.from_state("bansan", s)


def test_bansan_board_payload_shows_the_rules_in_force() -> None:
    """B-COMP-12 prices, B-BIN-01/02 capacity and fine, B-UPK-08 bag limit, B-ACT-01 actions,
    B-EMPTY-01..03, B-ANY-03 R&R cost, B-END-01 trigger, A-B-60 counters."""
    m = _bansan_actions_match()
    table = table_of("bansan")
    data = payload(table, m, 0)
    cards = table.cards(m)
    scene = data["scene"]
    assert scene["prices"] == {p.value: PRICES[i] for i, p in enumerate(Produce)}
    legend = _legend(cards["legend"])
    for i, p in enumerate(Produce):
        assert f"(RM{PRICES[i]}" in legend[p.value]
    assert "Waste Bin 15/14" in legend
    assert "a bin holds 14 cards" in legend["Waste Bin 15/14"]
    assert "costs RM19" in legend["Waste Bin 15/14"]
    assert not re.search(r"RM1\b", legend["Waste Bin 15/14"])
    assert "holds 13 cards" in legend["Bag"]
    assert legend["Action Phase"].startswith("6 actions")
    assert "RM33" in legend["EMPTY"] and "+RM16" in legend["EMPTY"]
    assert "+RM17" in legend["EMPTY"] and "RM2" not in legend["EMPTY"]
    assert "their 26th Shopping List" in legend["Last Round"]
    assert "pay RM18" in legend["R&R"] and "get RM18" in legend["R&R"]
    assert "RM3" not in legend["R&R"]
    assert legend["unoperated"] == cards["explain"]["unoperated"] == (
        "no vendor rents this Stall, so nobody buys from it (B-BUY-06); while it is open, R&R "
        "can rent it for RM18 until the Last Round is triggered (B-ANY-06, B-END-04)")
    assert (scene["bag_limit"], scene["bin_capacity"]) == (13, 14)
    assert scene["instruction"].startswith("Take 6 more action(s)")
    rr = [c for c in data["choices"] if c["verb"] == "R&R"]
    assert rr and all("RM18" in c["label"] and "RM3" not in c["label"] for c in rr)
    said = previews_for(table_of("bansan"), m, 0)["choices"]
    buy = next(said[c["index"]] for c in data["choices"] if c["text"] == "P0 buy MT")
    assert "at RM29 a card" in buy
    assert "RM2 " not in buy


def test_bansan_out_of_turn_rr_and_the_classroom_show_the_rules_in_force() -> None:
    """B-ANY-03 (R&R on another vendor's decision, A-B-60) on the classroom connection."""
    m = _bansan_actions_match()
    _, seats = seat_sessions(table_of("bansan"), m)
    seats[1].refresh()
    traits = seats[1].traits()
    assert traits["any_time"] and all("RM18" in c["label"] for c in traits["any_time"])
    sent = json.dumps(traits)
    assert "RM3)" not in sent and "pay RM3" not in sent
    assert traits["scene"]["prices"]["MT"] == 29  # the Action panel's (B-COMP-12)
    assert traits["scene"]["bag_limit"] == 13 and traits["scene"]["bin_capacity"] == 14
    assert "costs RM19" in json.dumps(traits["cards"]["legend"])


def test_bansan_text_and_html_show_the_rules_in_force() -> None:
    fresh = Match("bansan", BANSAN, seed=1)
    assert "RM 23" in bansan_text(fresh.view(0))  # starting_money (B-SETUP-09, A-B-36)
    assert "RM23" in bansan_html(fresh.view(0))
    assert payload(table_of("bansan"), fresh, 0)["scene"]["vendors"][0]["money"] == 23
    page = bansan_html(_bansan_actions_match().view(0))
    assert "0/14" in page and "/5" not in page  # bins of bin_capacity (B-BIN-01)
    assert "/13:" in page and "/8:" not in page  # bags of bag_limit (B-UPK-08)


def test_bansan_refusals_name_the_rules_in_force() -> None:
    """B-ANY-03: the R&R refusal names rr_cost; B-ACT-01 names actions_per_turn."""
    s = bansan.position(rules=BANSAN, players=3, rents={0: ["FV"], 1: ["MT"], 2: ["WG"]},
                        money=[4, 23, 23], phase="actions", current=0)
    m = Match.from_state("bansan", s)
    free = next(st.id for st in s.stalls if st.renter is None and st.open)
    why = m.explain(f"P0 rr rent={free}")
    assert why is not None and why.rule == "B-ANY-03" and "RM18" in why.reason
    upkeep = bansan.position(rules=BANSAN, players=3, rents={0: ["FV"], 1: ["MT"], 2: ["WG"]},
                             phase="complete", current=0)
    why = Match.from_state("bansan", upkeep).explain("P0 empty PL")
    assert why is not None and why.rule == "B-ACT-01" and "your 6 actions" in why.reason


def test_bansan_draft_label_shows_the_opening_rent_cost() -> None:
    """B-OPEN-07, A-B-58: a Stall draft rental says what it costs."""
    rules = bansan.Rules(players=2, opening_rent_cost=22, starting_money=41)
    m = Match("bansan", rules, seed=1)
    while m.state.phase != "draft":
        m.play(m.legal_actions()[0])
    data = payload(table_of("bansan"), m, m.current_player)
    rent = [c for c in data["choices"] if c["verb"] == "rent"]
    assert rent and all("pay RM22" in c["label"] and "free" not in c["label"] for c in rent)
    said = previews_for(table_of("bansan"), m, m.current_player)["choices"]
    assert all("for RM22" in said[c["index"]] for c in rent)
    assert "pay RM22" in data["scene"]["instruction"]


def test_kenduri_and_sendiri_goals_show_the_rules_in_force() -> None:
    """B-KEN-02/05 (kenduri_lists, kenduri_deadline), B-SOLO-18 (solo_target_lists,
    solo_compare, A-B-45)."""
    kenduri = bansan.Rules(players=3, mode="kenduri", kenduri_lists=9,
                           kenduri_deadline="deck_exhausted")
    m = Match("bansan", kenduri, seed=1)
    goal = payload(table_of("bansan"), m, 0)["scene"]["goal"]
    assert "all 9 Kenduri lists before the Deck runs out" in goal and "of 9" in goal
    assert "of 5" not in goal
    legend = _legend(table_of("bansan").cards(m)["legend"])
    assert "last of the 9 Kenduri lists" in legend["Last Round"]
    solo = bansan.Rules(players=1, mode="sendiri", solo_target_lists=7, solo_compare=">")
    m = Match("bansan", solo, seed=1)
    goal = payload(table_of("bansan"), m, 0)["scene"]["goal"]
    assert "complete 7 Shopping Lists" in goal and "more than 2 x" in goal
    assert "complete 3" not in goal and "at least" not in goal
    assert "their 7th Shopping List" in _legend(table_of("bansan").cards(m)["legend"])[
        "Last Round"]


def test_monsoon_board_text_html_and_refusal_show_the_rules_in_force() -> None:
    """M-END-01/02 (seal_target), M-SETUP-04 and M-STEAL-01 (display_limit)."""
    m = Match("monsoon", MONSOON, seed=1)
    table = table_of("monsoon")
    data = payload(table, m, 0)
    scene = data["scene"]
    assert scene["rules"]["seal_target"] == 37 and scene["rules"]["display_limit"] == 13
    assert scene["goal"].startswith("First to 37 seals") and "15" not in scene["goal"]
    legend = _legend(table.cards(m)["legend"])
    assert "first to 37 seals" in legend["Seals"] and "13 cards" in legend["Steal"]
    assert "target 37 seals" in monsoon_text(m.view(0))
    page = monsoon_html(m.view(0))
    assert "target 37 seals" in page and "/13 cards" in page and "/10 cards" not in page
    _, seats = seat_sessions(table, m)
    seats[0].refresh()
    assert "first to 37 seals" in json.dumps(seats[0].traits()["cards"]["legend"])
    goods = sorted(monsoon.catalog(MONSOON).goods)
    full = monsoon.position(rules=MONSOON, displays=[goods[:13], goods[13:15], goods[15:17]],
                            market=goods[17:21])
    why = Match.from_state("monsoon", full).explain(f"P0 steal {goods[17]}")
    assert why is not None and why.rule == "M-STEAL-01" and "(13 cards)" in why.reason


def test_the_default_legends_are_the_legends_of_the_default_rules() -> None:
    assert bansan_words.legend(bansan.Rules()) == bansan_words.LEGEND
    assert monsoon_words.legend(monsoon.Rules()) == monsoon_words.LEGEND


def test_goal_lines_and_end_screens_show_the_rules_in_force() -> None:
    """Issue 30, point 3: the goal line and the end summary of every mode under non-default
    rules: B-END-01 (lists_to_trigger), B-END-08 (closing_round=False), B-END-07/A-B-28
    (tiebreak2_count_at), B-KEN-02/04/05 (kenduri_lists, kenduri_deadline), B-SOLO-16/18/19
    (solo_target_lists, solo_compare, hard_trigger_lists), M-END-01 and A-M-06 (seal_target,
    max_turns)."""
    m = _bansan_actions_match()
    goal = payload(table_of("bansan"), m, 0)["scene"]["goal"]
    assert "You: RM60" in goal and "RM23" not in goal  # P1's and P2's money stay hidden
    assert "completes their 26th Shopping List" in goal and "3rd" not in goal
    assert f"the Deck runs out ({len(m.state.deck)} cards left)" in goal
    quick = msgspec.structs.replace(BANSAN, closing_round=False, tiebreak2_count_at="after_throw")
    s = bansan.position(rules=quick, rents={0: ["FV"], 1: ["MT"], 2: ["WG"]}, phase="actions",
                        stalls={"MT": ["MT", "MT"]}, current=2, trigger=1)
    goal = payload(table_of("bansan"), Match.from_state("bansan", s), 0)["scene"]["goal"]
    assert goal.endswith("then the money is counted, without a Closing Round (B-END-08).")
    end = bansan.scoring.finish(s.replace(phase="over"))  # leftovers counted at the end
    summary = payload(table_of("bansan"), Match.from_state("bansan", end), 0)["summary"]
    assert ("P0, P1 and P2 tied on RM23 and on completed lists worth RM0: tie-breaker 2, the "
            "fewer leftover produce cards (B-END-07), put P0 and P2 first (P0 0, P2 0, P1 2). "
            "P0 and P2 tied on RM23") in summary and "A-B-28" not in summary
    kenduri = bansan.Rules(players=3, mode="kenduri", kenduri_lists=9,
                           kenduri_deadline="deck_exhausted", starting_money=23)
    goal = payload(table_of("bansan"), Match("bansan", kenduri, seed=1), 0)["scene"]["goal"]
    assert "all 9 Kenduri lists before the Deck runs out" in goal and "Done 0 of 9" in goal
    assert "You: RM23" in goal and "RM10" not in goal
    solo = bansan.Rules(players=1, mode="sendiri", solo_target_lists=7, solo_compare=">",
                        starting_money=23)
    goal = payload(table_of("bansan"), Match("bansan", solo, seed=1), 0)["scene"]["goal"]
    assert "Now: RM23 + " in goal and "complete your 7th list" in goal
    assert "more than 2 x" in goal and "3rd" not in goal and "at least" not in goal
    over = play("bansan", solo, ["random"], seed=1).to_match()
    summary = payload(table_of("bansan"), over, 0)["summary"]
    assert re.search(r"\d+ (>|<=) 2 x RM\d+ = \d+; lists \d of 7 \(B-SOLO-18\)", summary)
    hard = bansan.Rules(players=1, mode="sendiri", hard=True, hard_trigger_lists=3)
    goal = payload(table_of("bansan"), Match("bansan", hard, seed=1), 0)["scene"]["goal"]
    assert "complete 4 Shopping Lists" in goal and "complete your 3rd list" in goal
    capped = monsoon.Rules(players=3, seal_target=37, display_limit=13, max_turns=22)
    goal = payload(table_of("monsoon"), Match("monsoon", capped, seed=1), 2)["scene"]["goal"]
    assert goal.startswith("First to 37 seals wins") and "(you: 37 to go)" in goal
    assert "stops after turn 22 (now turn 1)" in goal and "15" not in goal
    short = play("monsoon", monsoon.Rules(players=2, seal_target=9), ["greedy"], seed=3)
    assert short.outcome is not None and short.outcome.ending.value == "seal_target"
    winner = short.outcome.winners[0]
    assert short.outcome.scores[winner] >= 9
    summary = payload(table_of("monsoon"), short.to_match(), 0)["summary"]
    assert f"P{winner} reached the seal target (M-END-01)" in summary
    assert f"1st P{winner} {short.outcome.scores[winner]} seals" in summary
