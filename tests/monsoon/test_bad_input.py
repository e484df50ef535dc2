"""Bad input: each gets a clear error naming the problem (and the rule), and nothing changes."""

from __future__ import annotations

import msgspec
import pytest

from marketlib import monsoon
from marketlib.core.errors import InvalidAction, PositionError
from marketlib.monsoon import Fulfill, Level, Spend, Steal, parse_action, position

from .helpers import refused, run


def start() -> monsoon.State:
    return position(displays=[["MG-02", "MG-08", "MG-15"], ["MG-03", "MG-09"]],
                    market=["MG-01", "MG-10", "MG-17", "MG-24"],
                    order_display=["MO-01", "MO-02"])


@pytest.mark.parametrize("text", ["P0 fly", "steal MG-01", "P0 steal", "P0 pass now",
                                  "P0 declare platinum", "", "P0 steal MG-01 MG-02"])
def test_malformed_text_is_invalid(text: str) -> None:
    with pytest.raises(InvalidAction) as err:
        parse_action(text)
    assert repr(text) in str(err.value)


def test_parse_action_reads_table_notation() -> None:
    assert parse_action("P1 steal mg-05") == Steal(player=1, card="MG-05")
    assert parse_action(" P0 declare GOLD ") == monsoon.Declare(player=0, level=Level.GOLD)
    assert parse_action("P0 spend-bonus MO-03") == monsoon.SpendBonus(player=0, order="MO-03")


@pytest.mark.parametrize("thing", ["P0 pass", 42, None, {"type": "pass", "player": 0},
                                   monsoon.Rules()])
def test_non_action_object_is_invalid(thing: object) -> None:
    s = start()
    before = msgspec.json.encode(s)
    with pytest.raises(InvalidAction, match="not a Monsoon Market action"):
        monsoon.apply(s, thing)  # type: ignore[arg-type]
    assert msgspec.json.encode(s) == before


@pytest.mark.parametrize(("action", "named"), [
    (Steal(player=0, card="MG-99"), "'MG-99'"),
    (monsoon.Buy(player=0, card="XX"), "'XX'"),
    (Fulfill(player=0, order="MO-37"), "'MO-37'"),
    (Spend(player=0, card="MO-01"), "'MO-01'"),
    (Steal(player=5, card="MG-01"), "seat 5"),
])
def test_unknown_card_or_seat_is_invalid(action: monsoon.Action, named: str) -> None:
    s = start()
    with pytest.raises(InvalidAction) as err:
        monsoon.apply(s, action)
    assert named in str(err.value)
    with pytest.raises(InvalidAction):
        monsoon.explain(s, action)
    assert s == start()


def test_wrong_player() -> None:
    err = refused(start(), "P1 steal MG-01", "M-TURN-01")
    assert "P0" in err.reason
    mid = run(start(), "P0 fulfill MO-01")
    refused(mid, "P1 spend MG-03", "M-TURN-01")


def test_card_not_in_the_display_or_market() -> None:
    s = start()
    assert "MG-03" in refused(s, "P0 buy MG-03", "M-BUY-01").reason
    assert "Goods deck" in refused(s, "P0 steal MG-05", "M-STEAL-02").reason
    buying = run(s, "P0 buy MG-02")
    assert "not in the Market" in refused(buying, "P0 take MG-05", "M-BUY-01").reason
    spending = run(s, "P0 fulfill MO-01")
    refused(spending, "P0 spend MG-03", "M-FUL-01")
    spent = run(spending, "P0 spend MG-02")
    assert "already spent" in refused(spent, "P0 spend MG-02", "M-FUL-01").reason
    refused(spent, "P0 spend-bonus MO-03", "M-BG-01")  # no such Bonus Good of P0's


def test_level_not_met() -> None:
    s = run(start(), "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend MG-08")  # Gem2 + Scroll1
    assert "Gold" in refused(s, "P0 declare gold", "M-FUL-04").reason
    s = run(start(), "P0 fulfill MO-02", "P0 spend MG-15", "P0 spend MG-08")  # Pepper1 + Scroll1
    assert "Silver" in refused(s, "P0 declare silver", "M-FUL-05").reason
    assert "Bulk" in refused(s, "P0 declare bulk", "M-FUL-06").reason


def test_silver_on_a_one_line_order_says_any_one_good() -> None:
    """D-M-07: Silver on "4 Gem" takes 4 of any one good. helper-101 read "needs each line of 4
    Gem covered by a different good" for it, which has one line; a two-line Order keeps that
    wording (M-FUL-05)."""
    s = run(position(displays=[["MG-16", "MG-15", "MG-02"], ["MG-03"]],
                     order_display=["MO-13", "MO-02"]),
            "P0 fulfill MO-13", "P0 spend MG-16", "P0 spend MG-15")  # Pepper2 + Pepper1
    assert refused(s, "P0 declare silver", "M-FUL-05").reason == (
        "Silver on a one-line Order needs 4 goods of a single type (any type, D-M-07), and the "
        "spend does not cover that")
    assert "Bulk" in refused(s, "P0 declare bulk", "M-FUL-06").reason  # 3 of 4
    s = run(position(displays=[["MG-16", "MG-15"], ["MG-03"]], order_display=["MO-02"]),
            "P0 fulfill MO-02", "P0 spend MG-16", "P0 spend MG-15")
    assert "covered by a different good" in refused(s, "P0 declare silver", "M-FUL-05").reason


def test_move_out_of_phase_names_the_phase_rule() -> None:
    s = start()
    refused(s, "P0 declare gold", "M-TURN-01")
    refused(s, "P0 take MG-01", "M-TURN-01")
    refused(s, "P0 skip", "M-TURN-01")
    buying = run(s, "P0 buy MG-02")
    refused(buying, "P0 pass", "M-BUY-01")
    spending = run(s, "P0 fulfill MO-01")
    refused(spending, "P0 steal MG-01", "M-FUL-01")


def test_bad_position_names_the_field() -> None:
    with pytest.raises(PositionError) as err:
        position(displays=[["Gem9"], []])
    assert err.value.field == "displays[0]"
    with pytest.raises(PositionError) as err:
        position(displays=[["MG-01"], ["MG-01"]])
    assert err.value.field == "displays[1]"
    with pytest.raises(PositionError) as err:
        position(displays=[[], []], order_display=["MO-40"])
    assert err.value.field == "order_display"
    with pytest.raises(PositionError) as err:
        position(displays=[[], []], orders={0: ["MO-29 gold", "MO-27 gold", "MO-25 gold"]})
    assert err.value.field == "orders[0]"  # 15 seals: the game would be over
