"""Choices a learner could not tell apart by their codes (helper-67): a card to pick is named
with its waste type and where it lies (a BUY listed "Pick PC-45", "Pick PC-18", ... for cards
of one type), and a Shopping List to return with what it needs and is worth."""

from __future__ import annotations

from bansan_helpers import play

from marketlib import bansan
from marketlib.bansan import position, words
from marketlib.core.i18n import language


def _labels(state: bansan.State) -> list[str]:
    view = bansan.view(state, state.current)
    return [words.LABELS[type(a)](view, a) for a in bansan.legal_actions(state)
            if isinstance(a, bansan.Pick)]


def test_each_pick_says_its_waste_and_where_it_lies() -> None:
    s = position(rents={0: ["FV", "DG"], 1: ["WG", "MT"]}, stalls={"WG": ["WG:PL", "WG:OR"],
                 "FV": ["FV:PA"]}, bags={0: ["FV:OR"]}, row=["FV/DG", "WG/SF"],
                 phase="actions")
    assert _labels(play(s, "P0 buy WG")) == [
        "Pick PC-35 (Plastic) from P1's Stall ST-02", "Pick PC-31 (Organic) from P1's Stall "
        "ST-02"]
    assert _labels(play(s, "P0 buy-wholesale FV")) == ["Pick PC-01 (Organic) from the Row"]
    assert _labels(play(s, "P0 sell FV")) == ["Pick PC-08 (Paper) from your Stall ST-01"]
    both = position(rules=bansan.Rules(online_sell_source="both"), rents={0: ["FV"]},
                    stalls={"FV": ["FV:PA"]}, bags={0: ["FV:OR"]}, phase="actions")
    assert [x.split(" from ")[1] for x in _labels(play(both, "P0 sell FV"))] == [
        "your Stall ST-01", "your Bag"]
    solo = position(rules=bansan.Rules(players=1, mode="sendiri"), stalls={"WG": ["WG"]},
                    phase="actions")  # B-SOLO-12: the Neighbour's Stall, or an unoperated one
    picks = _labels(play(solo, "P0 buy WG"))
    assert picks and all(" from the Neighbour's Stall ST-" in x or " from Stall ST-" in x
                         for x in picks), picks
    teacher = bansan.view(play(s, "P0 sell FV"), None)  # names the vendor, not "your"
    assert [words.LABELS[type(a)](teacher, a) for a in bansan.legal_actions(
        play(s, "P0 sell FV")) if isinstance(a, bansan.Pick)] == [
            "Pick PC-08 (Paper) from P0's Stall ST-01"]
    with language("ms"):
        assert _labels(play(s, "P0 buy WG"))[0] == (
            "Pilih PC-35 (Plastik) dari Gerai ST-02 milik P1")


def test_a_list_to_return_says_what_it_needs_and_is_worth() -> None:
    """The Opening Round's return choices named codes only ("Return SL-07 to the deck"),
    where the text view gives the lists' contents (helper-67)."""
    s = bansan.setup(bansan.Rules(players=2), 11)
    view = bansan.view(s, 0)
    labels = [words.LABELS[type(a)](view, a) for a in bansan.legal_actions(s)]
    assert labels[0] == "Return SL-07 (Dry Goods, Seafood, Seafood; RM6) to the deck"
    assert len(labels) == 3 and all(x.startswith("Return SL-") for x in labels)
    with language("ms"):
        assert words.LABELS[bansan.ReturnList](view, bansan.legal_actions(s)[0]) == (
            "Kembalikan SL-07 (Barang Kering, Makanan Laut, Makanan Laut; RM6) ke dek")
