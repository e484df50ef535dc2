"""An owner's card files: IDs are restricted and escaped in HTML, Excel's byte-order mark is read,
two-goods cards have quantity 1 (M-COMP-03), and a game keeps the cards it was dealt with: a file
edited after setup never changes a game in progress, and a save replays only with the same cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marketlib import Match, monsoon
from marketlib.core.errors import CardDataError, SaveFileError
from marketlib.monsoon import Rules, load_goods, load_orders, position

from .helpers import run, seals

GOLD_6 = "MO-01,2 Gem + 1 Scroll,6,2,0"
GOLD_3 = "MO-01,2 Gem + 1 Scroll,3,2,0"


def owner_rules(folder: Path) -> Rules:
    goods, orders = monsoon.write_default_data(folder)
    return Rules(goods_deck=str(goods), order_deck=str(orders))


def edit(path: str, old: str, new: str) -> None:
    text = Path(path).read_text()
    assert old in text
    Path(path).write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("bad_id", ["mg-01", "MG 01", "<img src=x onerror=alert(1)>", "-MG",
                                    "MG_01", "MG-０1"])
def test_m_comp_01_card_ids_are_upper_case_letters_digits_and_dashes(
    tmp_path: Path, bad_id: str
) -> None:
    goods, orders = monsoon.write_default_data(tmp_path)
    edit(str(goods), "MG-01,Gem,1", f'"{bad_id}",Gem,1')
    with pytest.raises(CardDataError) as err:
        load_goods(goods)
    assert (err.value.row, err.value.column) == (4, "id") and "card ID" in err.value.problem
    edit(str(orders), "MO-01,", f'"{bad_id}",')
    with pytest.raises(CardDataError) as err:
        load_orders(orders)
    assert (err.value.row, err.value.column) == (4, "id")


def test_m_comp_03_two_goods_cards_have_quantity_one(tmp_path: Path) -> None:
    goods, _ = monsoon.write_default_data(tmp_path)
    edit(str(goods), "MG-29,Gem/Scroll,1", "MG-29,Gem/Scroll,3")
    with pytest.raises(CardDataError) as err:
        load_goods(goods)
    assert err.value.column == "quantity"
    assert "M-COMP-03" in err.value.problem and "quantity 1" in err.value.problem


def test_m_comp_01_a_file_saved_by_excel_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    goods, _ = monsoon.write_default_data(tmp_path)
    text = goods.read_text()
    header_first = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    goods.write_bytes(("\ufeff" + header_first + "\n").replace("\n", "\r\n").encode())
    assert len(load_goods(goods)) == 38


def test_html_board_escapes_ids_and_labels() -> None:
    s = position(displays=[["MG-02"], ["MG-38"]], order_display=["MO-01"])
    html = s._repr_html_()
    assert 'title="MG-02"' in html and "<b>MO-01</b>" in html
    assert "2 Gem + 1 Scroll" in html and "<script" not in html


def test_a_game_in_progress_keeps_its_cards_when_the_file_is_edited(tmp_path: Path) -> None:
    rules = owner_rules(tmp_path)
    s = position(displays=[["MG-02", "MG-08"], ["MG-38"]], order_display=["MO-01"], rules=rules)
    assert s.cards and "." in s.cards and s.cards not in str(s)
    edit(rules.order_deck, GOLD_3, GOLD_6)
    newer = monsoon.setup(rules, seed=0)  # a new game reads the edited file
    assert newer.cards != s.cards and monsoon.catalog(newer).orders["MO-01"].gold == 6
    s = run(s, "P0 fulfill MO-01", "P0 spend MG-02", "P0 spend MG-08", "P0 declare gold")
    assert seals(s) == (3, 0)  # the old game still plays with the cards it was dealt
    with pytest.raises(CardDataError) as err:  # cards not known to this process: refused
        monsoon.catalog(s.replace(cards="000000000000.000000000000"))
    assert "changed since the game started" in err.value.problem
    assert err.value.file == f"{rules.goods_deck} and {rules.order_deck}"


def test_a_save_refuses_card_files_changed_since(tmp_path: Path) -> None:
    rules = owner_rules(tmp_path)
    m = Match("monsoon", rules, seed=2)
    m.play(m.legal_actions()[0])
    path = m.save(tmp_path / "game.json")
    assert json.loads(path.read_text())["cards"] == m.state.cards != ""
    assert Match.load(path).state == m.state
    edit(rules.goods_deck, "MG-33,Scroll/Cloth,1", "MG-33,Wood,4")
    with pytest.raises(SaveFileError) as err:
        Match.load(path)
    assert err.value.field == "cards" and "changed since this game was saved" in err.value.problem
    assert rules.goods_deck in err.value.problem
    edit(rules.goods_deck, "MG-33,Wood,4", "MG-33,Scroll/Cloth,1")
    assert Match.load(path).state == m.state  # restored: it loads again


def test_a_start_state_save_refuses_changed_card_files(tmp_path: Path) -> None:
    rules = owner_rules(tmp_path)
    s = position(displays=[["MG-02"], ["MG-38"]], rules=rules)
    path = Match.from_state("monsoon", s).save(tmp_path / "start.json")
    edit(rules.order_deck, GOLD_3, GOLD_6)
    with pytest.raises(SaveFileError) as err:
        Match.load(path)
    assert err.value.field == "cards"
