"""State as a value: deep copies, equality, JSON, text table and static HTML board."""

from __future__ import annotations

import copy

import msgspec

from marketlib import monsoon


def test_states_deepcopy_and_compare_by_value() -> None:
    s = monsoon.setup(monsoon.Rules(players=3), seed=4)
    clone = copy.deepcopy(s)
    assert clone == s and clone is not s
    moved = monsoon.apply(s, monsoon.legal_actions(s)[0])
    assert moved != s
    assert copy.deepcopy(moved) == moved


def test_state_json_round_trip_is_exact() -> None:
    s = monsoon.setup(monsoon.Rules(players=5, seal_target=30), seed=2)
    text = msgspec.json.encode(s)
    assert msgspec.json.decode(text, type=monsoon.State) == s


def test_text_table_lists_every_seat_and_the_market() -> None:
    s = monsoon.position(displays=[["Gem2", "Wood4"], ["Pepper1"]], market=["Cloth3"],
                         order_display=["MO-09"], orders={1: ["MO-03 bulk"]})
    lines = str(s).splitlines()
    assert lines[2] == "Market: MG-26:Cloth3"
    assert lines[3] == "Orders: MO-09 2 Pepper + 1 Cloth (fulfill_another)"
    assert lines[4] == ">P0  0 seals  [ 2] MG-02:Gem2 MG-37:Wood4"
    assert lines[5] == " P1  0 seals  [ 1] MG-15:Pepper1  orders: MO-03B+"


def test_static_html_board_has_no_script_and_names_every_card() -> None:
    s = monsoon.position(displays=[["Gem2", "Wood4"], ["Pepper1"]], market=["Cloth3"],
                         order_display=["MO-09"], orders={1: ["MO-03 bulk"]})
    page = s._repr_html_()
    assert "<script" not in page
    for label in ("Gem2", "Wood4", "Pepper1", "Cloth3", "MO-09", "MO-03"):
        assert label in page
    assert "(Bonus Good unspent)" in page
    assert monsoon.view(s, 0)._repr_html_() == page  # nothing hidden is drawn
