"""Values of the wrong type get a clear marketlib error, never a ``TypeError``/``KeyError``:
actions (``InvalidAction``), ``parse_action`` input, ``position`` specs (``PositionError`` naming
the field); and clearer rule answers for Orders named where Goods belong (M-BA-02, M-STEAL-02)."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from marketlib import monsoon
from marketlib.core.errors import InvalidAction, PositionError
from marketlib.core.i18n import language, refusal
from marketlib.monsoon import (
    Fulfill,
    Level,
    OwnedOrder,
    Pass,
    Rules,
    Steal,
    parse_action,
    position,
)

from .helpers import refused, run


def start() -> monsoon.State:
    return position(displays=[["MG-02", "MG-08", "MG-15"], ["MG-03", "MG-09"]],
                    market=["MG-01", "MG-10"], order_display=["MO-01", "MO-35"])


@pytest.mark.parametrize(("action", "words"), [
    (Steal(player=0, card=["MG-01"]), "the card must be an ID like 'MG-05', not ['MG-01']"),
    (Steal(player=0, card=5), "not 5"),
    (Fulfill(player=0, order={}), "the Order must be an ID like 'MO-03', not {}"),
    (Steal(player="0", card=5), "there is no seat '0'"),  # type: ignore[arg-type]
    (Pass(player=True), "there is no seat True"),
    (Pass(player=1.0), "there is no seat 1.0"),  # type: ignore[arg-type]
    (monsoon.Declare(player=0, level="gold"), "the level must be"),  # type: ignore[arg-type]
])
def test_wrong_type_actions_are_invalid(action: Any, words: str) -> None:
    s = start()
    for call in (monsoon.apply, monsoon.explain):
        with pytest.raises(InvalidAction) as err:
            call(s, action)
        assert words in str(err.value)
        assert "P0 steal" not in str(err.value)  # repr, not the misleading table notation


@pytest.mark.parametrize("text", [None, 5, b"P0 pass", ["P0 pass"]])
def test_parse_action_needs_text(text: Any) -> None:
    with pytest.raises(InvalidAction, match="parse_action needs text"):
        parse_action(text)


@pytest.mark.parametrize("text", ["P\u0663 pass", "P\uff11 pass", "P0\u3000pass"])
def test_parse_action_reads_ascii_digits_only(text: str) -> None:
    with pytest.raises(InvalidAction):
        parse_action(text)


def test_actions_forbid_unknown_fields() -> None:
    with pytest.raises(msgspec.ValidationError, match="unknown field `extra`"):
        msgspec.convert({"type": "pass", "player": 0, "extra": 1}, monsoon.Action)


def test_m_ba_02_a_bonus_good_cannot_be_kept() -> None:
    s = position(displays=[["MG-02", "MG-15", "MG-01"], ["MG-38"]],
                 order_display=["MO-01", "MO-02"], orders={0: ["MO-03 bulk"]})
    s = run(s, "P0 fulfill MO-02", "P0 spend MG-02", "P0 spend-bonus MO-03", "P0 spend MG-15",
            "P0 declare gold")
    err = refused(s, "P0 keep MO-03", "M-BA-02")
    assert "a Bonus Good cannot be kept" in err.reason and "A-M-16" in err.reason


def test_m_steal_02_orders_cannot_be_stolen() -> None:
    err = refused(start(), "P0 steal MO-35", "M-STEAL-02")
    assert "MO-35 is an Order, not a Goods card" in err.reason
    err2 = refused(start(), "P0 buy MO-35", "M-BUY-01")
    assert "is an Order" in err2.reason
    with language("ms"):  # registered, so said in Malay (helper-113 read it in English)
        assert refusal(err.reason) == ("MO-35 ialah Pesanan, bukan kad Barang: hanya kad Barang "
                                       "boleh dicuri (dari Pasar atau sebuah paparan)")
        assert refusal(err2.reason) == ("MO-35 ialah Pesanan, bukan kad Barang: Beli "
                                        "membelanjakan salah satu kad Barang anda")


def test_where_a_card_lies_is_said_in_the_readers_language() -> None:
    s = position(displays=[["MG-02"], ["MG-38"]], discard=["MG-15"])
    err = refused(s, "P0 steal MG-15", "M-STEAL-02")
    assert err.reason == ("MG-15 is in the discard pile: you may steal only from the Market or "
                          "another player's display")
    with language("ms"):
        assert refusal(err.reason).startswith("MG-15 berada di timbunan buangan: ")


def test_repr_of_state_and_view_is_one_line_without_the_decks() -> None:
    s = monsoon.setup(Rules(players=3), seed=4)
    assert repr(s) == "State(monsoon, 3 players, round 1, turn 1, phase action, P0 to decide)"
    v = monsoon.view(s, 2)
    assert repr(v) == ("View(seat 2, monsoon, 3 players, round 1, turn 1, phase action, "
                       "P0 to decide)")
    assert repr(monsoon.view(s, None)).startswith("View(teacher, ")
    assert s.goods_deck[0] not in repr(s) + repr(v)
    assert str(s).startswith("Monsoon Market  round 1, turn 1") and str(v) == str(s)
    rng = random.Random(0)
    while s.result is None:
        s = monsoon.apply(s, rng.choice(monsoon.legal_actions(s)))
    assert repr(s).startswith("State(monsoon, 3 players, over: P")  # no round after the end


@pytest.mark.parametrize(("spec", "field"), [
    ({"displays": [["MG-01"], []], "orders": {"0": ["MO-02 gold"]}}, "orders"),
    ({"displays": [["MG-01"], []], "orders": {0: "MO-02 gold"}}, "orders[0]"),
    ({"displays": [["MG-01"], []], "current": "1"}, "current"),
    ({"displays": [["MG-01"], []], "current": True}, "current"),
    ({"displays": [[5], []]}, "displays[0]"),
    ({"displays": [None, []]}, "displays[0]"),
    ({"displays": "MG-01"}, "displays"),
    ({"displays": [["MG-01"], []], "market": "MG-02"}, "market"),
    ({"displays": [["MG-01"], []], "order_display": [7]}, "order_display"),
    ({"displays": [["MG-01"], []], "turn": -1}, "turn"),
    ({"displays": [["MG-01"], []], "rules": Rules(max_turns=5), "turn": 5}, "turn"),
    ({"displays": [["MG-01"]]}, "displays"),
    ({"displays": [["MG-01"], []], "rules": {"players": 2}}, "rules"),
    ({"displays": [["MG-01"], []],
      "orders": {0: [OwnedOrder(id="MO-02", level="gold")]}}, "orders[0]"),  # type: ignore
    ({"displays": [["MG-01"], []],
      "orders": {0: [OwnedOrder(id="MO-02", level=Level.BULK, bonus=True)]}}, "orders[0]"),
    ({"displays": [["MG-01"], []],
      "orders": {0: [OwnedOrder(id="MO-03", level=Level.GOLD, bonus=True)]}}, "orders[0]"),
    ({"displays": [["MG-01"], []],
      "orders": {0: [OwnedOrder(id="MO-03", level=Level.BULK, bonus=1)]}}, "orders[0]"),  # type: ignore
])
def test_bad_position_spec_names_the_field(spec: dict[str, Any], field: str) -> None:
    with pytest.raises(PositionError) as err:
        position(**spec)
    assert err.value.field == field, str(err.value)


def test_position_normalises_owned_order_ids() -> None:
    s = position(displays=[["MG-01"], []],
                 orders={0: [OwnedOrder(id="mo-03", level=Level.BULK, bonus=True)]})
    assert s.seats[0].orders == (OwnedOrder(id="MO-03", level=Level.BULK, bonus=True),)
    assert monsoon.view(s, 0).seals == (0, 0) and not monsoon.check_invariants(s)
    assert monsoon.position(displays=[["MG-01"], []], rules=Rules(max_turns=5), turn=4).turn == 4
