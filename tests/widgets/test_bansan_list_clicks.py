"""A click on a Shopping List means what the step does with lists (helper-67: in Upkeep's
"complete Shopping Lists" step a click on a list was read as returning it, and refused with
"return is not part of it"): completing it where lists are completed (B-UPK-02, B-END-05),
returning it where they are returned (B-OPEN-02, B-UPK-06), and a list the Bag cannot complete
is refused with what the Bag lacks."""

from __future__ import annotations

import random

from marketlib import Match, bansan
from marketlib.core.i18n import language
from marketlib.widgets import table_of
from marketlib.widgets.payload import explain_click

TABLE = table_of("bansan")


def _upkeep(phase: str = "complete") -> Match:
    """P0 holds SL-09 (FV MT MT) and SL-01 (FV SF MM); their Bag has MT MT SF FV."""
    return Match.from_state("bansan", bansan.position(
        rents={0: ["DG"]}, wallets={0: ["SL-09", "SL-01"]},
        bags={0: ["MT:PA", "MT:PA", "SF:PA", "FV:OR"]}, phase=phase))


def test_a_list_clicked_while_completing_is_completed_with_the_bag_cards_it_asks_for() -> None:
    m = _upkeep()
    assert "P0 complete SL-09 PC-68,PC-69,PC-01" in [str(a) for a in m.legal_actions()]
    assert explain_click(TABLE, m, "list:SL-09", 0).startswith(
        "Complete SL-09 with PC-68, PC-69, PC-01 [P0 complete SL-09 PC-68,PC-69,PC-01] is "
        "allowed now. To play it, click its highlighted choice")
    assert explain_click(TABLE, m, "list:SL-01", 0) == (
        "B-UPK-02: SL-01 needs exactly 1xFV 1xMM 1xSF, one card per icon; your bag is short "
        "of 1xMM")
    with language("ms"):
        assert explain_click(TABLE, m, "list:SL-01", 0) == (
            "B-UPK-02: SL-01 memerlukan tepat 1xFV 1xMM 1xSF, satu kad bagi setiap ikon; beg "
            "anda kekurangan 1xMM")


def test_a_list_clicked_in_the_closing_round_is_completed_too() -> None:
    """A seeded random game to its Closing Round (B-END-05): each list of the deciding vendor's
    Wallet clicked is a completion, allowed or refused by what it needs, never a return."""
    m = Match("bansan", bansan.Rules(players=2), seed=4)
    rng = random.Random(4)
    while m.state.phase != "closing":
        m.play(rng.choice(m.legal_actions()))
    seat = m.current_player
    assert seat is not None
    wallet = m.state.vendors[seat].wallet
    assert wallet
    for name in wallet:
        said = explain_click(TABLE, m, f"list:{name}", seat)
        assert said.startswith((f"Complete {name} with", f"B-UPK-02: {name} needs exactly")), said
        assert "return" not in said
    done = next(a for a in m.legal_actions() if str(a).endswith(" done"))
    view = m.view(seat)  # helper-106: "Done: end the Closing Round" ended only this vendor's step
    assert TABLE.label(view, done) == ("Done: throw your leftovers and end your Closing Round "
                                       "step")
    with language("ms"):
        assert TABLE.label(view, done).startswith("Selesai: buang baki produk anda")


def test_a_list_clicked_elsewhere_is_returned_or_refused_by_its_step() -> None:
    lists = Match("bansan", bansan.Rules(players=2), seed=3)  # the opening's list return
    wallet = lists.state.vendors[0].wallet
    assert explain_click(TABLE, lists, f"list:{wallet[0]}", 0).startswith(
        f"Return {wallet[0]}")
    actions = Match.from_state("bansan", bansan.position(
        wallets={0: ["SL-09", "SL-01"]}, phase="actions"))
    assert explain_click(TABLE, actions, "list:SL-09", 0).startswith(
        "B-OPEN-02: it is 'Action Phase' now, and returning a Shopping List (return) is not part "
        "of it")  # the rule of the first step that returns a list (helper-115)


def test_the_bag_shortfall_is_said_by_the_engine_for_any_cards_named() -> None:
    """``explain`` itself: cards named that do not match, while the Bag could (no "short"),
    and a Bag that cannot (what it lacks)."""
    s = _upkeep().state
    wrong = bansan.Complete(player=0, list="SL-09", cards=("PC-68", "PC-69"))
    why = bansan.explain(s, wrong)
    assert why is not None and why.reason == "SL-09 needs exactly 1xFV 2xMT, one card per icon"
    short = bansan.Complete(player=0, list="SL-01", cards=("PC-01",))
    why = bansan.explain(s, short)
    assert why is not None and why.reason.endswith("your bag is short of 1xMM")


def test_a_click_on_another_vendors_bag_card_says_a_buy_never_takes_from_a_bag() -> None:
    """helper-106 clicked P1's Bag card and read "B-ACT-01: start a BUY or SELL before
    picking cards", as if a BUY could take it; in a BUY, it read "is not in a MT stall"."""
    s = bansan.position(players=2, rents={0: ["FV"], 1: ["MT"]}, bags={1: ["MT"]},
                 stalls={"MT": ["MT"]}, phase="actions")
    m = Match.from_state("bansan", s)
    card = s.vendors[1].bag[0].card
    said = ("B-BUY-01: PC-62 is in P1's Bag: a BUY takes cards from the Stalls, never from a "
            "vendor's Bag")
    assert card == "PC-62" and explain_click(table_of("bansan"), m, f"card:{card}", 0) == said
    m.play("P0 buy MT")
    assert explain_click(table_of("bansan"), m, f"card:{card}", 0) == said
    with language("ms"):
        assert explain_click(table_of("bansan"), m, f"card:{card}", 0) == (
            "B-BUY-01: PC-62 ada dalam Beg P1: BELI mengambil kad dari Gerai, tidak pernah dari "
            "Beg peniaga")
    assert "P0 pick PC-61" in [str(a) for a in m.legal_actions()]  # P1's Stall card still is
    # a SELL's and a wholesale BUY's own refusals stay (helper-107): they say where those take
    # their cards from
    selling = Match.from_state("bansan", bansan.position(
        players=2, rents={0: ["MT"], 1: ["FV"]}, bags={1: ["MT"]}, stalls={"MT": ["MT"]},
        phase="actions"))
    selling.play("P0 sell MT")
    bag = selling.state.vendors[1].bag[0].card
    assert str(selling.explain(f"P0 pick {bag}")).startswith(
        f"B-SELL-01: {bag} is in none of your stalls; a SELL of MT takes cards from your Stalls")
    wholesale = Match.from_state("bansan", bansan.position(
        players=2, rents={0: ["MT"], 1: ["FV"]}, bags={1: ["MT"]}, row=["MT/DG"],
        phase="actions"))
    wholesale.play("P0 buy-wholesale MT")
    bag = wholesale.state.vendors[1].bag[0].card
    assert str(wholesale.explain(f"P0 pick {bag}")) == (
        f"B-BUY-03: {bag} is not a Row card showing MT")
