"""RULES.md section 6 Bansan scenario cases (SC-B-01..10), bad input, card data and views."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest
from bansan_helpers import legal, money, play, refused, stall

from marketlib import Match, bansan
from marketlib.bansan import Produce, Rules, position
from marketlib.core.errors import CardDataError, InvalidAction


def test_sc_b_01_noraini_two_buys() -> None:
    s = position(rents={0: ["FV", "DG"], 1: ["WG", "MT"]}, stalls={"WG": ["WG", "WG"]},
                 row=["FV/SF", "WG/DG", "MT/MM", "WG/SF", "MT/DG"], phase="actions")
    s = play(s, "P0 buy WG", "P0 pick PC-31", "P0 done")
    assert money(s) == [9, 11]
    s = play(s, "P0 buy-wholesale FV", "P0 pick PC-11", "P0 done")
    assert money(s) == [9, 11]
    assert [b.produce for b in s.vendors[0].bag] == [Produce.WG, Produce.FV]
    assert len(stall(s, "ST-02").cards) == 1 and len(s.row) == 4 and s.phase == "complete"
    refused(s, "P0 buy WG", "B-ACT-01")


def test_sc_b_02_online_sale_and_one_bin() -> None:
    s = position(rents={0: ["DG"], 1: ["WG"]}, stalls={"DG": ["DG", "DG"]}, bins={"OR": 3},
                 money=[9, 10], phase="actions")
    s = play(s, "P0 sell DG", "P0 pick PC-01", "P0 pick PC-02", "P0 done", "P0 empty OR")
    assert money(s) == [12, 10] and s.bins[2] == () and len(s.outside) == 5


def test_sc_b_03_wholesale_table_and_eligibility() -> None:
    s = position(rents={0: ["MT", "FV"]}, row=["MT/DG", "MT/SF", "MT/MM", "FV/DG", "FV/SF"],
                 phase="actions")
    assert money(play(s, "P0 buy-wholesale MT", "P0 pick PC-61", "P0 done")) == [9, 10]
    assert money(play(s, "P0 buy-wholesale FV", "P0 pick PC-01", "P0 pick PC-11",
                      "P0 done")) == [9, 10]
    refused(s, "P0 buy-wholesale SF", "B-BUY-03")
    refused(s, "P0 buy-wholesale DG", "B-BUY-03")
    bought = play(s, "P0 buy-wholesale MT", "P0 pick PC-71", "P0 done")
    assert bought.vendors[0].bag[0].produce is Produce.MT


def test_sc_b_04_illegal_purchases() -> None:
    s = position(rents={0: ["MT"], 1: ["SF", "WG"]}, closed=["SF"], money=[1, 10],
                 stalls={"MT": ["MT", "MT"], "SF": ["SF"], "WG": ["WG"] * 3, "MM": ["MM"] * 2},
                 phase="actions")
    refused(s, "P0 buy MT", "B-BUY-04")
    refused(s, "P0 buy SF", "B-BUY-05")
    refused(s, "P0 buy MM", "B-BUY-06")
    s = play(s, "P0 buy WG", "P0 pick PC-31")
    refused(s, "P0 pick PC-32", "B-BUY-07")
    assert money(play(s, "P0 done")) == [0, 11]


def test_sc_b_05_two_bins_in_one_turn() -> None:
    spec = {"rents": {0: ["FV"]}, "bins": {"PL": 3, "OR": 7}, "money": [0, 10],
            "phase": "actions"}
    s = play(position(**spec), "P0 empty PL", "P0 empty OR")  # type: ignore[arg-type]
    assert money(s) == [6, 10] and s.bins[0] == () and s.bins[2] == () and len(s.outside) == 10
    r = play(position(**spec), "P0 empty OR", "P0 empty PL")  # type: ignore[arg-type]
    assert money(r) == [6, 10]
    refused(play(position(**spec), "P0 empty PL"), "P0 empty PL",  # type: ignore[arg-type]
            "B-EMPTY-04")


def _lists_with_mt_mt_sf(tmp_path: Path) -> str:
    """A custom list deck where SL-09 is 'MT MT SF' (RM10), as in SC-B-06."""
    paths = bansan.write_default_data(tmp_path)
    lists = next(p for p in paths if p.name == "lists.csv")
    text = lists.read_text().replace("SL-09,FV MT MT,10", "SL-09,MT MT SF,10")
    lists.write_text(text)
    return str(lists)


def test_sc_b_06_list_completion_with_fine(tmp_path: Path) -> None:
    rules = Rules(list_deck=_lists_with_mt_mt_sf(tmp_path))
    s = position(rules=rules, rents={0: ["FV"]}, money=[5, 10], wallets={0: ["SL-09", "SL-01"]},
                 bags={0: ["MT:PA", "MT:PA", "SF:PA", "FV:OR"]}, bins={"PA": 4, "OR": 6},
                 list_deck_top=["SL-40", "SL-41"], phase="complete")
    s = play(s, "P0 complete SL-09 PC-68,PC-69,PC-19", "P0 done")
    assert money(s) == [13, 10] and len(s.bins[1]) == 7
    assert "PA=7!" in str(s)
    s = play(s, "P0 return SL-40")
    v = s.vendors[0]
    assert v.wallet == ("SL-01", "SL-41") and v.completed == ("SL-09",)
    assert [b.produce for b in v.bag] == [Produce.FV]


def test_sc_b_06_variant_second_list_fines_organic(tmp_path: Path) -> None:
    path = Path(_lists_with_mt_mt_sf(tmp_path))
    path.write_text(path.read_text().replace("SL-01,FV SF MM,8", "SL-01,FV,2"))
    s = position(rules=Rules(list_deck=str(path)), rents={0: ["DG"]}, money=[5, 10],
                 wallets={0: ["SL-09", "SL-01"]}, bags={0: ["MT:PA", "MT:PA", "SF:PA", "FV:OR"]},
                 bins={"PA": 4, "OR": 6}, phase="complete")
    s = play(s, "P0 complete SL-09 PC-68,PC-69,PC-19", "P0 complete SL-01 PC-13")
    assert money(s) == [13 + 2 - 1, 10] and len(s.bins[2]) == 7


def test_sc_b_07_deck_duplicate_to_waste() -> None:
    s = position(deck_top=["FV/DG:PL", "WG/SF:OR", "MT/DG:PA"], bins={"PA": 5}, money=[4, 10])
    deck = len(s.deck)
    s = play(s, "P0 stock-deck")
    assert len(s.bins[1]) == 6 and money(s) == [4, 10] and len(s.deck) == deck - 3
    v = position(deck_top=["FV/DG", "WG/SF", "MT/MM", "WG/DG"])
    v = play(v, "P0 stock-deck")
    assert len(v.pending.cards) == 3  # type: ignore[union-attr]


def test_sc_b_08_row_takes_all_cards_of_the_type() -> None:
    row = ["FV/DG", "MT/DG", "WG/SF", "FV/MM", "MT/SF"]
    s = position(rents={0: ["FV"], 1: ["DG"]}, row=row)
    d = play(s, "P0 stock-row DG")
    assert stall(d, "ST-04").cards == ("PC-01", "PC-61") and len(d.row) == 3
    deck = len(d.deck)
    d = play(d, "P0 end-actions", "P0 done")
    assert len(d.deck) == deck - 2
    m = play(s, "P0 stock-row MT")
    assert stall(m, "ST-03").cards == ("PC-61", "PC-71")
    assert "P0 stock-row DG" in legal(s)  # one choice per type: never a part of the type


def test_sc_b_09_closed_stall_during_stocking() -> None:
    s = position(closed=["DG"], row=["FV/DG"], deck_top=["FV/DG:PL", "WG/SF:OR", "WG/MM:PA"])
    refused(s, "P0 stock-row DG", "B-STOCK-07")
    t = play(s, "P0 stock-deck")
    assert stall(t, "ST-01").cards == ("PC-05",)
    both = position(closed=["DG", "FV"], deck_top=["FV/DG:PL", "WG/SF:OR", "WG/MM:PA"])
    both = play(both, "P0 stock-deck")
    assert "PC-05" in both.bins[0] and money(both) == [10, 10]


def test_sc_b_10_bag_limit() -> None:
    s = position(rents={0: ["FV"]}, bags={0: ["FV:PL"] * 3 + ["FV"] * 7}, bins={"PL": 5},
                 phase="complete")
    s = play(s, "P0 done")
    assert s.phase == "bag"
    s = play(s, "P0 throw PC-16", "P0 give PC-01 P1")
    assert len(s.bins[0]) == 6 and money(s) == [10, 10] and len(s.vendors[0].bag) == 8
    nine = position(rents={0: ["FV"], 1: ["WG"]}, bags={0: ["FV"] * 8},
                    stalls={"WG": ["WG"]}, phase="actions")
    nine = play(nine, "P0 buy WG", "P0 pick PC-31", "P0 done")
    assert len(nine.vendors[0].bag) == 9 and nine.phase == "actions"


# --------------------------------------------------------------------------- bad input
def test_bad_input_wrong_seat_malformed_and_illegal() -> None:
    s = position(rents={0: ["FV"], 1: ["WG"]}, phase="actions")
    refused(s, "P1 empty PL", "B-TURN-01")
    before = msgspec.json.encode(s)
    for bad in ("P0 buy XX", "hello", "P0 tuck PC-01", "P9 buy FV"):
        with pytest.raises(InvalidAction):
            bansan.apply(s, bansan.parse_action(bad))
    # the message shows the action as the table writes it, or its repr when a type is wrong
    with pytest.raises(InvalidAction, match=r"^P0 pick PC-99: 'PC-99' is not a produce card"):
        bansan.apply(s, bansan.Pick(player=0, card="PC-99"))
    with pytest.raises(InvalidAction, match=r"^Pick\(player=0, card=99\): 99 is not"):
        bansan.apply(s, bansan.Pick(player=0, card=99))  # type: ignore[arg-type]
    with pytest.raises(InvalidAction):
        bansan.apply(s, "P0 buy FV")  # type: ignore[arg-type]
    assert msgspec.json.encode(s) == before
    refused(s, "P0 empty PL", "B-EMPTY-04")


def test_parse_action_reads_back_every_form() -> None:
    for text in ("P0 return SL-01", "P1 half top", "P0 tuck PC-01 ST-04", "P2 worker ST-07",
                 "P0 stock-row DG", "P0 stock-deck", "P0 skip-stocking", "P0 buy WG",
                 "P0 buy-wholesale FV", "P0 sell DG", "P0 pick PC-31", "P0 bargain PC-31 0",
                 "P0 done", "P0 empty OR", "P0 end-actions", "P0 complete SL-01 PC-01,PC-02",
                 "P0 give PC-01 P1", "P0 throw PC-01", "P0 rr rent=ST-05",
                 "P0 rr rent=ST-05 release=ST-01", "P0 trade P1 give=PC-01 take=- pay=2 ask=0",
                 "P1 accept", "P1 decline"):
        assert str(bansan.parse_action(text)) == text


def test_card_data_errors_name_file_row_and_column(tmp_path: Path) -> None:
    paths = bansan.write_default_data(tmp_path)
    produce = next(p for p in paths if p.name == "produce.csv")
    produce.write_text(produce.read_text().replace("PC-03,FV,DG,OR,", "PC-03,FV,FV,OR,"))
    with pytest.raises(CardDataError) as err:
        Match("bansan", Rules(produce_deck=str(produce)))
    assert err.value.row == 7 and err.value.column == "bottom"
    assert "RECONSTRUCTION" in produce.read_text()


def test_views_hide_and_determinize_is_consistent() -> None:
    s = bansan.setup(Rules(players=3), 3)
    rng = random.Random(0)
    while s.phase != "actions":
        s = bansan.apply(s, rng.choice(bansan.legal_actions(s)))
    seen = bansan.view(s, 1)
    assert seen.deck is None and seen.vendors[0].money is None and seen.vendors[1].money == 10
    d = bansan.determinize(seen, random.Random(1))
    assert bansan.check_invariants(d) == [] and d.vendors[1] == s.vendors[1]
    assert bansan.determinize(bansan.view(s, None), random.Random(1)) == s
    assert "<script" not in s._repr_html_() and "Waste Bins" in s._repr_html_()


def test_match_plays_a_3_player_game_with_trade_and_rr() -> None:
    m = Match("bansan", Rules(players=3), seed=5)
    rng = random.Random(5)
    traded = False
    while not m.is_over:
        s = m.state
        if not traded and s.phase == "actions" and s.offer is None and s.pending is None:
            me = s.current
            other = (me + 1) % 3
            m.play(bansan.ProposeTrade(player=me, to=other, pay=1 if s.vendors[me].money else 0,
                                       ask=0,
                                       give=() if s.vendors[me].money else ("PC-01",)))
            m.play(f"P{other} accept")
            traded = True
            continue
        m.play(rng.choice(m.legal_actions()))
    assert traded and any(v.rr_used for v in m.state.vendors)
    again = Match.from_dict(m.to_dict())
    assert again.state == m.state
