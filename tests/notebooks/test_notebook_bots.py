"""Every bot defined in a notebook (code cells tagged ``bots``) chooses as expected on positions
where its choice is known. The cells are run from the notebook itself, so the notebook's code is
what is tested."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import nbformat
import pytest

from marketlib import bansan, monsoon

ROOT = Path(__file__).resolve().parent.parent.parent
TUTORIALS = "[0-9][0-9]_*.ipynb"  # the project's notebooks, not a learner's Untitled (issue 26)
TESTED = {"Vendor", "Shopper", "LevelTrader", "Perfectionist", "BulkTrader"}


def _bots(name: str) -> dict[str, Any]:
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    namespace: dict[str, Any] = {}
    exec("from collections import Counter\nfrom marketlib.bots import RandomBot", namespace)
    for cell in nb.cells:
        if cell.cell_type == "code" and "bots" in cell.metadata.get("tags", []):
            exec(cell.source, namespace)
    return namespace


@pytest.fixture(scope="module")
def bots() -> dict[str, Any]:
    return _bots("05_classroom_economics.ipynb")


def test_every_notebook_bot_is_tested(bots: dict[str, Any]) -> None:
    defined = {k for k, v in bots.items() if isinstance(v, type) and hasattr(v, "choose")
               and k != "RandomBot"}
    assert defined == TESTED
    for path in sorted((ROOT / "notebooks").glob(TUTORIALS)):
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code" and "def choose" in cell.source:
                assert "bots" in cell.metadata.get("tags", []), f"{path.name}: tag the bot cell"


def _choose(bot: Any, game: Any, state: Any, seed: int = 0) -> str:
    return str(bot.choose(game.view(state, 0), game.legal_actions(state), random.Random(seed)))


def _gold_silver_bulk(displays: list[str]) -> monsoon.State:
    """P0 has spent everything on MO-29 (2 Gem + 2 Cloth + 1 Scroll) and must declare."""
    s = monsoon.position(displays=[displays, ["Wood4"]],
                         order_display=["MO-29", "MO-09", "MO-14", "MO-36"])
    s = monsoon.apply(s, monsoon.parse_action("P0 fulfill MO-29"))
    while spends := [a for a in monsoon.legal_actions(s) if isinstance(a, monsoon.Spend)]:
        s = monsoon.apply(s, spends[0])
    return s


def test_perfectionist_declares_gold_else_silver_never_bulk_first(bots: dict[str, Any]) -> None:
    silver = _gold_silver_bulk(["Gem2", "Cloth2", "Pepper1"])
    assert [str(a) for a in monsoon.legal_actions(silver)] == ["P0 declare silver",
                                                                "P0 declare bulk"]
    assert _choose(bots["Perfectionist"](), monsoon, silver) == "P0 declare silver"
    assert _choose(bots["BulkTrader"](), monsoon, silver) == "P0 declare bulk"
    gold = _gold_silver_bulk(["Gem2", "Cloth2", "Scroll1"])
    assert "P0 declare gold" in [str(a) for a in monsoon.legal_actions(gold)]
    assert _choose(bots["Perfectionist"](), monsoon, gold) == "P0 declare gold"
    assert _choose(bots["BulkTrader"](), monsoon, gold) == "P0 declare bulk"
    bulk_only = _gold_silver_bulk(["Gem2", "Gem3"])
    assert [str(a) for a in monsoon.legal_actions(bulk_only)] == ["P0 declare bulk"]
    assert _choose(bots["Perfectionist"](), monsoon, bulk_only) == "P0 declare bulk"


def test_level_traders_fulfil_when_they_can(bots: dict[str, Any]) -> None:
    s = monsoon.position(displays=[["Gem2", "Cloth2", "Scroll1"], ["Wood4"]],
                         order_display=["MO-29", "MO-09", "MO-14", "MO-36"])
    for name in ("Perfectionist", "BulkTrader", "LevelTrader"):
        assert _choose(bots[name](), monsoon, s).startswith("P0 fulfill")


def _full_bins(fine: int, bins: int = 5) -> bansan.State:
    return bansan.position(
        players=3, rules=bansan.Rules(players=3, fine_per_card=fine),
        rents={0: ["FV", "DG"], 1: ["WG", "MT"], 2: ["SF", "MM"]},
        stalls={"DG": ["DG", "DG", "DG", "DG"]},
        bins={"PL": bins, "PA": bins, "OR": bins}, phase="actions")


def test_vendor_weighs_the_fine_and_its_care(bots: dict[str, Any]) -> None:
    vendor = bots["Vendor"]
    assert _choose(vendor(0), bansan, _full_bins(2)) == "P0 sell DG"  # the fine alone: RM2+
    assert _choose(vendor(2), bansan, _full_bins(0)) == "P0 sell DG"  # care alone
    # selfish and no fine: it does not tidy (over many seeds it sometimes does something else)
    picks = {_choose(vendor(0), bansan, _full_bins(0), seed) for seed in range(30)}
    assert len(picks) > 1
    # empty bins: nothing would overflow, so not even the cooperative vendor must sell
    calm = {_choose(vendor(2), bansan, _full_bins(2, bins=0), seed) for seed in range(30)}
    assert len(calm) > 1
    # during the sale it picks its cards
    selling = bansan.apply(_full_bins(2), bansan.parse_action("P0 sell DG"))
    assert _choose(vendor(0), bansan, selling).startswith("P0 pick PC-")


def test_shopper_buys_what_its_lists_need_with_a_margin(bots: dict[str, Any]) -> None:
    def market(prices: tuple[int, ...] = (1, 1, 2, 1, 1, 2)) -> bansan.State:
        return bansan.position(
            players=3, rules=bansan.Rules(players=3, market_prices=prices),
            rents={0: ["FV", "DG"], 1: ["WG", "MT"], 2: ["SF", "MM"]},
            wallets={0: ["SL-01", "SL-02"]}, row=["FV/SF", "WG/DG", "MT/MM", "WG/SF", "MT/DG"],
            phase="actions")

    shopper = bots["Shopper"]
    assert _choose(shopper(), bansan, market()) == "P0 buy-wholesale FV"  # SL-01 needs FV
    buying = bansan.apply(market(), bansan.parse_action("P0 buy-wholesale FV"))
    assert _choose(shopper(), bansan, buying).startswith("P0 pick PC-")
    dear = market((8, 8, 8, 8, 8, 8))  # FV at RM4 wholesale > SL-01's RM8 / 3 icons
    assert all(_choose(shopper(), bansan, dear, seed) != "P0 buy-wholesale FV"
               for seed in range(20))


def test_shopper_completes_a_list_it_can(bots: dict[str, Any]) -> None:
    s = bansan.position(players=3, rents={0: ["FV", "DG"], 1: ["WG", "MT"], 2: ["SF", "MM"]},
                        wallets={0: ["SL-01", "SL-02"]}, bags={0: ["FV", "SF", "MM"]},
                        phase="complete")
    assert _choose(bots["Shopper"](), bansan, s).startswith("P0 complete SL-01")
