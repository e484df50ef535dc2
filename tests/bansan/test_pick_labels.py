"""A card to pick is named with its waste type and where it lies (helper-67: "Pick PC-45",
"Pick PC-18", ... for cards of one type, which a learner could not tell apart)."""

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
    with language("ms"):
        assert _labels(play(s, "P0 buy WG"))[0] == (
            "Pilih PC-35 (Plastik) dari Gerai ST-02 milik P1")
