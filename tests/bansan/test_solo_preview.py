"""A Sendiri step-1 move's preview says where the row's Workers go (B-SOLO-09) and what step 1b
does (B-SOLO-10), and a throw's says which Stall and which Waste Bin; both said only "hidden
cards are drawn from the Deck" (helper-74). A Bag-check throw names its bin too (B-UPK-08)."""

from __future__ import annotations

from marketlib import bansan
from marketlib.bansan import actions as A

LAYOUT = ["ST-01", "ST-02", "ST-03", "ST-04", "ST-05", "ST-06"]  # FV WG MT / DG SF MM
STEP_1B = ("then 1 Deck card is drawn: for each type it shows, 1 card of that type's Stall, if it "
           "holds any, goes to its Waste Bin, without a fine (B-SOLO-10)")


def _said(state: bansan.State, action: A.Action) -> str:
    return str(bansan.preview(bansan.view(state, 0), action))


def test_a_move_says_where_both_workers_go_the_rightmost_wrapping() -> None:
    rules = bansan.Rules(players=1, mode="sendiri")
    s = bansan.position(rules=rules, rents={0: ["ST-03", "ST-04"]}, neighbour=["ST-02", "ST-05"],
                        phase="solo_move", layout=LAYOUT)
    assert _said(s, A.Move(player=0, row=1)) == (
        "your Worker moves from Stall ST-03 (Meat) to ST-01 (Fruits & Veggies) (B-SOLO-09); "
        "the Neighbour's moves too, from Stall ST-02 (Wet Goods) to ST-03 (Meat); "
        f"{STEP_1B}; hidden cards are drawn from the Deck (88 in the Deck now)")
    assert _said(s, A.Move(player=0, row=2)) == (
        "your Worker moves from Stall ST-04 (Dry Goods) to ST-05 (Seafood) (B-SOLO-09); "
        "the Neighbour's moves too, from Stall ST-05 (Seafood) to ST-06 (Macam-Macam); "
        f"{STEP_1B}; hidden cards are drawn from the Deck (88 in the Deck now)")
    after = bansan.apply(s, A.Move(player=0, row=1))  # what the previews said, played
    assert [(st.id, st.renter) for st in after.stalls[:3]] == [
        ("ST-01", 0), ("ST-02", None), ("ST-03", bansan.state.NEIGHBOUR)]
    after = bansan.apply(s, A.Move(player=0, row=2))
    assert [(st.id, st.renter) for st in after.stalls[3:]] == [
        ("ST-04", None), ("ST-05", 0), ("ST-06", bansan.state.NEIGHBOUR)]


def test_a_solo_throw_says_which_stall_and_which_bin() -> None:
    """A-B-43: the player picks the card of a Stall whose cards differ in waste type."""
    rules = bansan.Rules(players=1, mode="sendiri", solo_throw_choice="player")
    s = bansan.position(rules=rules, rents={0: ["ST-03", "ST-04"]}, neighbour=["ST-02", "ST-05"],
                        stalls={"ST-04": ["PC-01", "PC-07"]}, deck_top=["PC-64"],
                        phase="solo_move", layout=LAYOUT)
    s = bansan.apply(s, A.Move(player=0, row=2))  # PC-64 shows MT and DG: ST-04 throws one
    throws = {str(a): _said(s, a) for a in bansan.legal_actions(s)}  # 88 - 2 in ST-04 - 1
    assert throws == {
        "P0 throw PC-01": "PC-01 goes from Stall ST-04 into the Organic bin, without a fine "
                          "(B-SOLO-10); hidden cards are drawn from the Deck (85 in the Deck "
                          "now)",
        "P0 throw PC-07": "PC-07 goes from Stall ST-04 into the Plastic bin, without a fine "
                          "(B-SOLO-10); hidden cards are drawn from the Deck (85 in the Deck "
                          "now)"}
    assert bansan.apply(s, A.Throw(player=0, card="PC-07")).bins[0][-1] == "PC-07"  # PL


def test_a_bag_check_throw_names_its_bin() -> None:
    s = bansan.position(players=2, rents={0: ["FV"], 1: ["WG"]}, phase="complete",
                        bags={0: ["PC-07", "PC-01", "PC-10", "PC-13", "PC-16", "PC-19",
                                  "PC-22", "PC-25", "PC-28"]})
    s = bansan.apply(s, A.Done(player=0))  # no list to complete: the Bag check (B-UPK-08)
    said = _said(s, A.Throw(player=0, card="PC-10"))
    assert said == ("PC-10 goes into the Paper bin, without a fine (B-UPK-08); Bag 9 -> 8 "
                    "cards; ends your turn; refills the Row from the Deck (79 in the Deck "
                    "now)")  # the refill may fill a bin: no bins line
    fined = bansan.Rules(players=2, fine_on_bag_overflow=True)  # A-B-13's option
    s = bansan.position(rules=fined, rents={0: ["FV"], 1: ["WG"]}, phase="complete",
                        bags={0: ["PC-07", "PC-01", "PC-10", "PC-13", "PC-16", "PC-19",
                                  "PC-22", "PC-25", "PC-28"]},
                        bins={"PA": ["PC-40", "PC-49", "PC-58", "PC-70", "PC-79"]})
    s = bansan.apply(s, A.Done(player=0))
    assert _said(s, A.Throw(player=0, card="PC-10")).startswith(
        "PC-10 goes into the Paper bin; money RM10 -> RM9; fined RM1 for cards that overflow "
        "their bins (B-UPK-08); Bag 9 -> 8 cards")  # over 5: RM1, named (helper-115)


def test_a_refill_says_how_many_cards_the_deck_holds_now_in_both_languages() -> None:
    """A refill's preview read "refills the Row from the Deck (79 left)", the count before the
    refill, which a newcomer read as the count after it (helper-91): it says what the Deck
    holds now, the number a vendor sees on the board, in English and in Malay."""
    from marketlib.core.i18n import language, sentence

    s = bansan.position(players=2, rents={0: ["FV"], 1: ["WG"]}, phase="complete",
                        bags={0: ["PC-07", "PC-01", "PC-10", "PC-13", "PC-16", "PC-19",
                                  "PC-22", "PC-25", "PC-28"]})
    s = bansan.apply(s, A.Done(player=0))
    said = _said(s, A.Throw(player=0, card="PC-10"))
    assert said.endswith(f"; refills the Row from the Deck ({len(s.deck)} in the Deck now)")
    assert len(s.deck) == 79 == bansan.view(s, 0).deck_size
    with language("ms"):
        assert sentence(said).endswith(
            "; mengisi semula Barisan dari Dek (79 dalam Dek kini)")
