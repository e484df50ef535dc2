"""The Kenduri Menu (RULES.md 1.2, A-B-39..41): one test per B-KEN rule ID, and bad input."""

from __future__ import annotations

import pytest
from bansan_helpers import money, play, refused

from marketlib import bansan
from marketlib.bansan import Rules, position, setup
from marketlib.bansan.state import Ending

KENDURI = Rules(players=2, mode="kenduri")
BAG = ["MT:PA", "MT:PA", "SF:PA", "SF:OR"]  # exactly SL-19 (MT MT SF SF, RM12)
MENU = ["SL-19", "SL-01", "SL-02", "SL-03", "SL-04"]


def _cards(s: bansan.State, seat: int) -> str:
    return ",".join(b.card for b in s.vendors[seat].bag)


def _upkeep(**spec: object) -> bansan.State:
    spec.setdefault("rules", KENDURI)
    spec.setdefault("rents", {0: ["FV", "DG"], 1: ["WG", "MT"]})
    spec.setdefault("public", MENU)
    spec.setdefault("phase", "complete")
    return position(**spec)  # type: ignore[arg-type]


def test_b_ken_01_setup_and_play_as_the_base_game() -> None:
    s = setup(Rules(players=3, mode="kenduri"), seed=4)
    base = setup(Rules(players=3), seed=4)
    assert s.phase == "open_stock" and len(s.removed) == 20 == len(base.removed)
    assert len(s.row) == 5 and len(s.stalls) == 9 and sum(map(len, s.bins)) == 3
    assert money(s) == [10, 10, 10]
    while s.phase != "stock":
        s = bansan.apply(s, bansan.legal_actions(s)[0])
    assert len(s.deck) == 45 and s.current == 0  # B-SETUP-10, as in the base game
    options = [str(a) for a in bansan.legal_actions(s)]
    assert "P0 stock-deck" in options and "P0 rr rent=ST-06 release=ST-01" in options
    for players in (1, 6):
        with pytest.raises(ValueError, match="B-KEN-01"):
            Rules(players=players, mode="kenduri")


def test_b_ken_02_five_public_lists_and_no_wallets() -> None:
    s = setup(KENDURI, seed=2)
    assert len(s.public) == 5 and all(v.wallet == () for v in s.vendors)
    assert len(s.list_deck) == 49
    assert bansan.view(s, 1).public == s.public  # face up: every seat sees them
    assert "Kenduri lists open: " in str(s)
    refused(s, f"P0 return {s.public[0]}", "B-KEN-02")


def test_b_ken_03_any_vendor_completes_any_open_list() -> None:
    s = _upkeep(current=1, bags={1: BAG})
    decks = s.list_deck
    s = play(s, f"P1 complete SL-19 {_cards(s, 1)}")
    assert money(s) == [10, 22] and s.vendors[1].completed == ("SL-19",)
    assert s.public == ("SL-01", "SL-02", "SL-03", "SL-04")
    assert "P1 completed Kenduri list SL-19 (RM12); 4 of 5 still open (B-KEN-03)" in s.log
    s = play(s, "P1 done")
    assert s.list_deck == decks and s.vendors[1].wallet == ()  # no replacement list
    again = _upkeep(current=0, bags={0: BAG}, public=MENU[1:], completed={1: ["SL-19"]})
    why = refused(again, f"P0 complete SL-19 {_cards(again, 0)}", "B-KEN-03")
    assert "P1 completed it" in why.reason


def test_b_ken_04_the_fifth_list_or_the_last_card_triggers() -> None:
    s = _upkeep(bags={0: BAG}, public=["SL-19", "SL-01", "SL-02"],
                completed={0: ["SL-03", "SL-04"]})
    s = play(s, f"P0 complete SL-19 {_cards(s, 0)}")
    assert len(s.vendors[0].completed) == 3 and s.trigger is None  # B-END-01(a) replaced
    last = _upkeep(current=1, bags={1: BAG}, public=["SL-19"],
                   completed={0: ["SL-01", "SL-02"], 1: ["SL-03", "SL-04"]})
    last = play(last, f"P1 complete SL-19 {_cards(last, 1)}")
    assert last.public == () and last.trigger == 1 and last.token == 1
    d = position(rules=KENDURI, rents={0: ["DG"], 1: ["WG"]}, public=MENU,
                 row=["FV/DG", "MT/DG", "WG/SF"], deck_top=["FV/SF"], removed=84)
    d = play(d, "P0 stock-row DG", "P0 end-actions", "P0 done")
    assert d.deck == () and d.trigger == 0 and len(d.public) == 5


def test_b_ken_05_an_open_list_at_the_end_is_a_collective_loss() -> None:
    s = _upkeep(current=1, trigger=0, public=["SL-19"], money=[30, 12],
                completed={0: ["SL-01", "SL-02"], 1: ["SL-03", "SL-04"]})
    s = play(s, "P1 done", "P0 done")
    assert s.phase == "closing" and s.queue == (1,)
    s = play(s, "P1 done")
    out = bansan.outcome(s)
    assert out is not None and out.winners == () and out.ending is Ending.COLLECTIVE_LOSS
    assert out.scores == (30, 12) and str(out) == "nobody won (collective_loss); scores [30, 12]"
    assert s.log[-1].startswith("the Kenduri failed: SL-19")
    # A-B-39: the deadline is the end of the game, so a list completed in the Closing Round
    # (step a) still saves the Kenduri; with kenduri_deadline="deck_exhausted" it does not.
    for deadline, ending in (("end_of_game", Ending.MONEY),
                             ("deck_exhausted", Ending.COLLECTIVE_LOSS)):
        rules = Rules(players=2, mode="kenduri", kenduri_deadline=deadline)  # type: ignore
        d = position(rules=rules, rents={0: ["DG"], 1: ["WG"]}, row=["FV/DG", "MT/DG"],
                     public=["SL-19"], completed={0: ["SL-01", "SL-02"], 1: ["SL-03", "SL-04"]},
                     bags={1: BAG}, deck_top=["FV/SF"], removed=80, current=1)
        d = play(d, "P1 stock-row DG", "P1 end-actions", "P1 done")
        assert d.phase == "closing" and d.deck == ()
        assert d.missed == (("SL-19",) if deadline == "deck_exhausted" else ())
        d = play(d, f"P1 complete SL-19 {_cards(d, 1)}", "P1 done", "P0 done")
        assert d.public == () and d.result is not None and d.result.ending is ending


def test_b_ken_06_all_five_completed_richest_wins() -> None:
    s = _upkeep(bags={0: BAG}, public=["SL-19"], money=[10, 15],
                completed={0: ["SL-01", "SL-02"], 1: ["SL-03", "SL-04"]})
    s = play(s, f"P0 complete SL-19 {_cards(s, 0)}", "P0 done")
    assert s.trigger == 0 and s.current == 1 and s.phase == "stock"  # P1's last turn
    while s.phase != "closing":
        options = bansan.legal_actions(s)
        s = bansan.apply(s, next((a for a in options if str(a).endswith(
            ("end-actions", " done"))), options[0]))
    s = play(s, "P0 done", "P1 done")
    out = bansan.outcome(s)
    assert out is not None and out.ending is Ending.MONEY and out.winners == (0,)
    assert out.scores[0] == 22


def test_b_ken_07_fines_at_completion_and_in_the_closing_round() -> None:
    s = _upkeep(bags={0: BAG}, bins={"PA": 4, "OR": 6})
    s = play(s, f"P0 complete SL-19 {_cards(s, 0)}")
    assert money(s) == [10 + 12 - 2 - 1, 10]  # PA 4 -> 7: 2 fined; OR 6 -> 7: 1 fined
    c = _upkeep(trigger=0, current=1, public=["SL-19"], bins={"OR": 5},
                stalls={"FV": ["FV:OR"]}, bags={0: ["FV:OR"]},
                completed={0: ["SL-01", "SL-02"], 1: ["SL-03", "SL-04"]})
    c = play(c, "P1 done", "P0 done", "P1 done")
    assert money(c) == [8, 10]  # 2 leftovers into OR 5 -> 7: RM2 fine (B-END-05)


def test_b_ken_02_menu_size_is_a_teaching_option() -> None:
    small = setup(Rules(players=3, mode="kenduri", kenduri_lists=3), seed=4)
    assert len(small.public) == 3
    assert len(setup(Rules(players=3, mode="kenduri"), seed=4).public) == 5
    with pytest.raises(ValueError, match="kenduri_lists must be 1-10"):
        Rules(players=3, mode="kenduri", kenduri_lists=0)
