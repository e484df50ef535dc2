"""The questions a Bansan board asks before a move that throws part of the turn away or gets
nothing for it (``words.warning``): ending the Action Phase with actions unused, skipping
stocking, and finishing a SELL that pays RM0 (helper-112 sold a card for nothing unasked)."""

from __future__ import annotations

import msgspec
from bansan_helpers import play

from marketlib.bansan import Done, EndActions, Rules, position, view
from marketlib.bansan.queries import market_prices, price_basis
from marketlib.bansan.state import Reminder
from marketlib.bansan.words import warning
from marketlib.core.i18n import language


def _sale(rules: Rules | None = None, cards: int = 1) -> object:
    s = position(rules=rules, rents={0: ["FV", "MT"], 1: ["WG"]}, phase="actions",
                 stalls={"FV": ["FV"] * 3, "MT": ["MT"]})
    s = play(s, "P0 sell FV", *(f"P0 pick PC-0{i + 1}" for i in range(cards)))
    return s


def test_a_sale_for_rm0_asks_first_and_one_that_pays_does_not() -> None:
    s = _sale()
    assert market_prices(view(s, 0))["FV"] == 1  # type: ignore[arg-type]
    assert warning(view(s, 0), Done(player=0)) == (  # type: ignore[arg-type]
        "Sell 1 card(s) for RM0? A SELL pays half the market price, rounded down (B-SELL-01): "
        "half of RM1 is RM0.")
    assert warning(view(_sale(cards=2), 0), Done(player=0)) == ""  # type: ignore[arg-type]
    with language("ms"):
        assert warning(view(s, 0), Done(player=0)).startswith(  # type: ignore[arg-type]
            "Jual 1 kad untuk RM0? JUAL membayar separuh harga pasaran")


def test_rounding_each_card_says_so() -> None:
    s = _sale(Rules(players=2, rounding_scope="per_card"), cards=3)
    assert warning(view(s, 0), Done(player=0)) == (  # type: ignore[arg-type]
        "Sell 3 card(s) for RM0? Each card sells for half its price, rounded down (B-SELL-01, "
        "A-B-10), so each pays nothing.")


def test_a_buy_done_asks_nothing() -> None:
    s = position(rents={0: ["FV"], 1: ["WG"]}, phase="actions", stalls={"WG": ["WG"]},
                 money=[10, 10])
    bought = play(s, "P0 buy WG", "P0 pick PC-31")
    assert warning(view(bought, 0), Done(player=0)) == ""  # type: ignore[arg-type]
    assert warning(view(s, 0), EndActions(player=0)) == (
        "End the Action Phase with 2 action(s) unused?")


def test_a_full_price_sale_of_cards_priced_rm0_says_so() -> None:
    """Under a full-price Event (EV-17..20) a SELL pays the market price, not half: cards priced
    RM0 (a rule option) are worth nothing, and the question says so, not "half of RM0"
    (helper-114)."""
    rules = Rules(players=2, market_prices=(0, 1, 2, 1, 1, 2))
    s = position(rules=rules, rents={0: ["FV", "MT"], 1: ["WG"]}, phase="actions",
                 stalls={"FV": ["FV"] * 3})
    s = msgspec.structs.replace(s, reminders=(Reminder(seat=0, event="EV-17"),))
    s = play(s, "P0 sell FV", "P0 pick PC-01")
    assert price_basis(view(s, 0), "sell")[0] == "full"  # type: ignore[arg-type]
    assert warning(view(s, 0), Done(player=0)) == (  # type: ignore[arg-type]
        "Sell 1 card(s) for RM0? At the market price now, they are worth nothing (B-SELL-01).")
