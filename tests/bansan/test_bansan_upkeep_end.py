"""B-UPK, B-ANY and B-END rules, one test per rule ID."""

from __future__ import annotations

from bansan_helpers import legal, money, play, refused, stall

from marketlib import bansan
from marketlib.bansan import Rules, position

BAG = ["MT:PA", "MT:PA", "SF:PA", "SF:OR"]


def _upkeep(**spec: object) -> bansan.State:
    spec.setdefault("rents", {0: ["FV", "DG"], 1: ["WG", "MT"]})
    spec.setdefault("wallets", {0: ["SL-19", "SL-01"]})
    spec.setdefault("bags", {0: BAG})
    return position(phase="complete", **spec)  # type: ignore[arg-type]


def _finish_turn(s: bansan.State) -> bansan.State:
    """Play the current turn out with simple choices (no buys, no lists)."""
    seat = s.current
    while s.current == seat and s.phase not in ("closing", "over"):
        options = bansan.legal_actions(s)
        pick = next((a for a in options if str(a).endswith(("end-actions", " done"))), options[0])
        s = bansan.apply(s, pick)
    return s


def test_b_upk_01_complete_then_check_bag_then_replenish() -> None:
    s = _upkeep(row=["FV/DG"], bags={0: BAG + ["FV"] * 6})
    s = play(s, "P0 complete SL-19 PC-68,PC-69,PC-18,PC-11")
    assert s.phase == "complete"
    s = play(s, "P0 done")
    assert s.phase == "return_lists"
    s = play(s, f"P0 return {s.vendors[0].wallet[0]}")
    assert s.phase == "stock" and len(s.row) == 5 and bansan.current_player(s) == 1


def test_b_upk_02_only_bag_cards_of_the_icons() -> None:
    s = _upkeep(stalls={"SF": ["SF"]}, bags={0: ["MT:PA", "MT:PA", "SF:PA"]})
    assert [str(a) for a in bansan.complete_options(s, 0, "SL-19")] == []
    refused(s, "P0 complete SL-19 PC-68,PC-69,PC-18,PC-11", "B-UPK-02")
    refused(s, "P0 complete SL-01 PC-68,PC-69,PC-18", "B-UPK-02")


def test_b_upk_03_earn_the_list_value() -> None:
    s = play(_upkeep(), "P0 complete SL-19 PC-68,PC-69,PC-18,PC-11")
    assert money(s) == [22, 10]


def test_b_upk_04_cards_to_their_bins() -> None:
    s = play(_upkeep(), "P0 complete SL-19 PC-68,PC-69,PC-18,PC-11")
    assert s.bins[1] == ("PC-68", "PC-69", "PC-18") and s.bins[2] == ("PC-11",)
    assert s.vendors[0].bag == ()


def test_b_upk_05_pay_overflow_fines() -> None:
    s = play(_upkeep(bins={"PA": 4, "OR": 6}), "P0 complete SL-19 PC-68,PC-69,PC-19,PC-13")
    assert money(s) == [22 - 2 - 1, 10]  # PA 4 -> 7: 2 overflowed; OR 6 -> 7: 1


def test_b_upk_06_draw_2_return_1_per_list() -> None:
    s = _upkeep(list_deck_top=["SL-40", "SL-41"])
    s = play(s, "P0 complete SL-19 PC-68,PC-69,PC-18,PC-11", "P0 done")
    assert s.vendors[0].wallet == ("SL-01", "SL-40", "SL-41")
    s = play(s, "P0 return SL-40")
    assert s.vendors[0].wallet == ("SL-01", "SL-41") and s.list_deck[-1] == "SL-40"


def test_b_upk_07_completed_lists_are_public_wallet_hidden() -> None:
    s = play(_upkeep(), "P0 complete SL-19 PC-68,PC-69,PC-18,PC-11")
    seen = bansan.view(s, 1)
    assert seen.vendors[0].completed == ("SL-19",)
    assert seen.vendors[0].wallet is None and seen.vendors[0].money is None
    assert bansan.view(s, 0).vendors[0].wallet == ("SL-01",)


def test_b_upk_08_bag_limit_8_at_end_of_turn() -> None:
    s = _upkeep(wallets={0: ["SL-01"]}, bags={0: ["FV"] * 10}, bins={"PL": 5})
    s = play(s, "P0 done")
    assert s.phase == "bag"
    refused(s, "P0 give PC-11 P0", "B-UPK-08")
    s = play(s, "P0 give PC-11 P1")
    assert s.phase == "bag"
    s = play(s, "P0 throw PC-12")
    assert len(s.vendors[0].bag) == 8 and s.vendors[1].bag[0].card == "PC-11"
    assert s.phase == "stock" and money(s) == [10, 10]


def test_b_upk_09_refill_the_row_to_5() -> None:
    s = position(rents={0: ["DG"], 1: ["WG"]}, row=["FV/DG", "MT/DG", "WG/SF", "FV/MM", "MT/SF"])
    s = play(s, "P0 stock-row DG", "P0 end-actions", "P0 done")
    assert len(s.row) == 5


def test_b_upk_10_a_star_flips_one_event() -> None:
    rules = Rules(events="reconstructed")
    s = position(rules=rules, rents={0: ["DG"], 1: ["WG"]}, row=["FV/DG", "MT/DG", "WG/SF"],
                 deck_top=["FV/SF*", "WG/MM*", "MT/SF*", "MT/MM*"],
                 event_deck_top=["EV-01", "EV-02"])
    s = play(s, "P0 stock-row DG", "P0 end-actions", "P0 done")
    assert s.latest_events == ("EV-01",) and s.active_event == "EV-01"
    assert bansan.price(s, bansan.Produce.FV) == 2
    off = position(rents={0: ["DG"], 1: ["WG"]}, row=["FV/DG", "MT/DG", "WG/SF"],
                   deck_top=["FV/SF*", "WG/MM*"])
    assert play(off, "P0 stock-row DG", "P0 end-actions", "P0 done").latest_events == ()


def test_b_upk_11_next_action_phase_event_and_until_next_event() -> None:
    rules = Rules(events="reconstructed")
    s = position(rules=rules, rents={0: ["DG"], 1: ["WG"]}, row=["FV/DG", "WG/SF", "FV/MM",
                 "MT/SF"], deck_top=["FV/SF*"], event_deck_top=["EV-21", "EV-07"],
                 bins={"PL": 3, "OR": 3, "PA": 3})
    s = play(s, "P0 stock-row DG", "P0 end-actions", "P0 done")
    assert s.reminders[0].seat == 1 and s.reminders[0].event == "EV-21"
    s = play(s, "P1 stock-row FV")
    assert s.actions_left == 3
    s = play(s, "P1 empty PL", "P1 empty PA", "P1 empty OR")
    assert money(s) == [10, 18] and s.phase == "complete"


def test_b_any_01_bargain_with_consent() -> None:
    s = position(rents={0: ["FV"], 1: ["MT"]}, stalls={"MT": ["MT", "MT"]}, phase="actions")
    s = play(s, "P0 buy MT", "P0 bargain PC-61 1")
    assert bansan.current_player(s) == 1
    assert legal(s) == ["P1 accept", "P1 counter price=2", "P1 decline"]  # market price (A-B-60)
    declined = play(s, "P1 decline")
    assert bansan.current_player(declined) == 0 and money(declined) == [10, 10]
    s = play(s, "P1 accept", "P0 done")
    assert money(s) == [9, 11] and s.vendors[0].bag[0].card == "PC-61"


def test_b_any_02_trade_bag_to_bag_with_consent() -> None:
    s = position(rents={0: ["FV"], 1: ["MT"]}, stalls={"MT": ["MT"]}, phase="actions",
                 bags={0: ["FV"], 1: ["SF"]})
    refused(s, "P0 trade P1 give=PC-01 take=PC-61 pay=0 ask=0", "B-ANY-02")  # stall card
    s = play(s, "P0 trade P1 give=PC-01 take=PC-11 pay=2 ask=0")
    assert bansan.current_player(s) == 1
    refused(s, "P0 end-actions", "B-ANY-02")
    s = play(s, "P1 accept")
    assert [b.card for b in s.vendors[0].bag] == ["PC-11"] and money(s) == [8, 12]
    assert bansan.current_player(s) == 0 and s.actions_left == 2


def test_b_any_03_rent_pay_3_release_gain_3() -> None:
    s = position(rents={0: ["FV", "DG"]}, phase="actions")
    assert money(play(s, "P0 rr rent=ST-05")) == [7, 10]
    assert money(play(s, "P0 rr release=ST-04")) == [13, 10]


def test_b_any_04_once_per_game() -> None:
    s = play(position(rents={0: ["FV", "DG"]}, phase="actions"), "P0 rr rent=ST-05")
    refused(s, "P0 rr release=ST-05", "B-ANY-04")


def test_b_any_05_release_and_rent_together_as_one() -> None:
    s = play(position(rents={0: ["FV", "DG"]}, phase="actions"), "P0 rr rent=ST-05 release=ST-01")
    assert money(s) == [10, 10] and stall(s, "ST-05").renter == 0 and stall(s, "ST-01").renter \
        is None
    refused(s, "P0 rr rent=ST-01", "B-ANY-04")


def test_b_any_06_only_unoperated_open_stalls() -> None:
    s = position(rents={0: ["FV"], 1: ["WG"]}, closed=["MM"], phase="actions")
    refused(s, "P0 rr rent=ST-02", "B-ANY-06")
    refused(s, "P0 rr rent=ST-06", "B-ANY-06")


def test_b_any_07_bag_flipped_is_public() -> None:
    s = play(position(rents={0: ["FV", "DG"]}, phase="actions"), "P0 rr rent=ST-05")
    assert bansan.view(s, 1).vendors[0].rr_used is True


def test_b_any_08_three_stalls_at_most_never_zero() -> None:
    s = position(rents={0: ["FV", "DG", "SF"]}, phase="actions")
    refused(s, "P0 rr rent=ST-06", "B-ANY-08")
    one = position(rents={0: ["FV"]}, phase="actions")
    refused(one, "P0 rr release=ST-01", "B-ANY-08")


def test_b_any_09_trading_in_the_closing_round() -> None:
    s = position(rents={0: ["FV"], 1: ["WG"]}, phase="complete", trigger=0, current=1,
                 bags={0: ["SF"], 1: ["FV"]})
    s = play(s, "P1 done")
    assert s.phase == "closing" and bansan.current_player(s) == 0
    s = play(s, "P0 trade P1 give=PC-11 take=- pay=0 ask=0", "P1 accept")
    assert len(s.vendors[1].bag) == 2


def test_b_end_01_triggers() -> None:
    s = _upkeep(completed={0: ["SL-02", "SL-03"]})
    s = play(s, "P0 complete SL-19 PC-68,PC-69,PC-18,PC-11")
    assert s.trigger == 0
    d = position(rents={0: ["DG"], 1: ["WG"]}, row=["FV/DG", "MT/DG", "WG/SF"],
                 deck_top=["FV/SF"], removed=84)
    d = play(d, "P0 stock-row DG", "P0 end-actions", "P0 done")
    assert d.deck == () and d.trigger == 0


def test_b_end_02_token_passes_to_trigger_player() -> None:
    s = _upkeep(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]}, current=1,
                wallets={1: ["SL-19"]}, bags={1: BAG}, completed={1: ["SL-02", "SL-03"]})
    s = play(s, "P1 complete SL-19 PC-68,PC-69,PC-18,PC-11")
    assert s.token == 1 and s.first == 0


def test_b_end_03_remaining_turns_after_the_trigger() -> None:
    s = _upkeep(players=4, rents={0: ["FV"], 1: ["WG"], 2: ["MT"], 3: ["DG"]}, current=1,
                wallets={1: ["SL-19"]}, bags={1: BAG}, completed={1: ["SL-02", "SL-03"]})
    s = play(s, "P1 complete SL-19 PC-68,PC-69,PC-18,PC-11")
    s = _finish_turn(s)
    assert s.current == 2
    s = _finish_turn(_finish_turn(s))
    assert s.phase == "closing" and s.queue == (1, 2, 3, 0)
    last = position(players=4, rents={3: ["FV"]}, current=3, phase="complete", trigger=3)
    assert play(last, "P3 done").phase == "closing"


def test_b_end_04_no_rr_after_the_trigger() -> None:
    s = position(rents={0: ["FV", "DG"]}, phase="actions", trigger=1)
    refused(s, "P0 rr rent=ST-05", "B-END-04")


def test_b_end_05_closing_round_complete_throw_fine() -> None:
    s = position(rents={0: ["FV"], 1: ["MT"]}, phase="complete", trigger=1, current=1,
                 wallets={0: ["SL-19"]}, bags={0: BAG + ["FV:PA"]}, stalls={"FV": ["FV:PA"]},
                 bins={"PA": 5})
    s = play(s, "P1 done")
    assert s.queue == (1, 0)
    s = play(s, "P1 done", "P0 complete SL-19 PC-68,PC-69,PC-48,PC-11")
    assert money(s) == [22 - 3, 10] and s.vendors[0].wallet == ()
    s = play(s, "P0 done")
    assert money(s) == [17, 10] and s.vendors[0].bag == () and stall(s, "ST-01").cards == ()
    assert s.result is not None and s.leftovers == (2, 0)


def test_b_end_06_most_money_wins() -> None:
    s = position(rents={0: ["FV"], 1: ["MT"]}, phase="complete", trigger=1, current=1,
                 money=[12, 11])
    s = play(s, "P1 done", "P1 done", "P0 done")
    assert s.result == bansan.outcome(s) and s.result.winners == (0,)  # type: ignore[union-attr]
    assert s.result.scores == (12, 11)  # type: ignore[union-attr]


def test_b_end_07_tie_breakers_then_shared_win() -> None:
    base = {"rents": {0: ["FV"], 1: ["MT"]}, "phase": "complete", "trigger": 1, "current": 1}
    lists = position(completed={0: ["SL-01"], 1: ["SL-03"]}, **base)  # type: ignore[arg-type]
    assert play(lists, "P1 done", "P1 done", "P0 done").result.winners == (1,)  # type: ignore
    left = position(bags={0: ["FV"]}, bins={"OR": 0}, **base)  # type: ignore[arg-type]
    assert play(left, "P1 done", "P1 done", "P0 done").result.winners == (1,)  # type: ignore
    tie = position(**base)  # type: ignore[arg-type]
    assert play(tie, "P1 done", "P1 done", "P0 done").result.winners == (0, 1)  # type: ignore


def test_b_end_08_skip_the_closing_round() -> None:
    s = position(rules=Rules(closing_round=False), rents={0: ["FV"], 1: ["MT"]},
                 phase="complete", trigger=0, current=1, bags={0: ["FV"]})
    s = play(s, "P1 done")
    assert s.result is not None and s.result.winners == (1,) and s.leftovers == (1, 0)


def test_the_log_says_what_a_closing_round_done_threw_and_was_fined() -> None:
    """B-END-05: a Closing-Round ``done`` throws the vendor's leftovers and fines what lands
    in a full bin; the log said only "P0 done" while the vendor's money fell (helper-74). Every
    seat's log line says it (all of it is face up), and the fine is what the vendor paid."""
    import random

    from marketlib import Match

    seen = 0
    for seed, rules in ((11, bansan.Rules(players=3)), (12, bansan.Rules(players=3)),
                        (13, bansan.Rules(players=3, bin_capacity=4, fine_per_card=2)),
                        (14, bansan.Rules(players=2, bin_capacity=4, fine_per_card=3))):
        m = Match("bansan", rules, seed=seed)
        cap, fine = rules.bin_capacity, rules.fine_per_card
        rng = random.Random(seed)
        while not m.is_over:
            state = m.state
            action = rng.choice(m.legal_actions())
            m.play(action)
            if state.phase != "closing" or type(action).__name__ != "Done":
                continue
            p = action.player
            left = len(state.vendors[p].bag) + sum(
                len(s.cards) for s in state.stalls if s.renter == p)
            paid = state.vendors[p].money - m.state.vendors[p].money
            lines = {m.log(seat)[-1] for seat in (None, 0, 1, 2)}
            assert len(lines) == 1  # the same for every seat: all of it is face up
            line = lines.pop()
            over = sum(max(0, len(b1) - max(len(b0), cap))  # cards past a full bin
                       for b0, b1 in zip(state.bins, m.state.bins, strict=True))
            if not left:
                assert line == f"{action}: no leftover cards to throw (B-END-05)"
            elif not over:
                assert line == (f"{action}: threw {left} leftover card(s) into the Waste Bins "
                                "(B-END-05)") and paid == 0
            else:
                assert line == (f"{action}: threw {left} leftover card(s) into the Waste Bins, "
                                f"{over} of them into a full bin, fined RM{over * fine} "
                                "(B-END-05)")
                assert paid == min(over * fine, state.vendors[p].money)  # as it can (A-B-35)
                seen += 1
    assert seen >= 6
    free = Match("bansan", bansan.Rules(players=3, bin_capacity=8, fine_per_card=0), seed=1)
    rng = random.Random(1)
    while not free.is_over:
        free.play(rng.choice(free.legal_actions()))
    assert not any("fined" in line or "full bin" in line for line in free.log())  # no fines
