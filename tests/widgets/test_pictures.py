"""The boards' pictures (issue 30, point 4): every produce type, waste type and good has one,
every picture a game names is a file shipped in the package, and every file is a small, safe
SVG drawn in ``currentColor`` (so it follows the theme). Drawn on a board:
tests/widgets/test_board_js.py (``test_pictures_are_drawn_beside_their_words``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from marketlib import Match, bansan, monsoon
from marketlib.widgets import icons
from marketlib.widgets.bansan_table import BansanTable
from marketlib.widgets.monsoon_table import MonsoonTable

SVG = "{http://www.w3.org/2000/svg}"


def test_every_produce_type_waste_type_and_good_has_a_picture() -> None:
    assert {str(p) for p in bansan.Produce} <= set(icons.BANSAN)
    assert {str(w) for w in bansan.Waste} <= set(icons.BANSAN)
    assert {str(g) for g in monsoon.Good} <= set(icons.MONSOON)
    for key in ("money", "bin"):
        assert key in icons.BANSAN
    for key in ("order", "seal"):
        assert key in icons.MONSOON
    # one picture, one meaning, in each game
    for table in (icons.BANSAN, icons.MONSOON):
        assert len(set(table.values())) == len(table)


def test_every_picture_named_is_a_file_and_every_file_is_named() -> None:
    named = {*icons.BANSAN.values(), *icons.MONSOON.values()}
    files = {p.stem for p in icons.FOLDER.glob("*.svg")}
    assert named - files == set(), "named, but no file"
    assert files - named == set(), "a file no game draws"


@pytest.mark.parametrize("path", sorted(icons.FOLDER.glob("*.svg")), ids=lambda p: p.stem)
def test_a_picture_is_a_small_safe_svg_in_current_colour(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 24 24"
    assert root.get("stroke") == "currentColor"
    assert len(text) < 1200
    for el in root.iter():
        assert el.tag in {f"{SVG}{t}" for t in ("svg", "path", "circle", "ellipse", "rect")}, el.tag
        for name, value in el.attrib.items():
            assert not name.startswith("on") and "href" not in name, name
            if name in ("fill", "stroke", "color", "style"):
                assert value in ("none", "currentColor"), (name, value)


def test_the_board_module_carries_every_picture_and_names_no_url() -> None:
    module = icons.module()
    assert "http" not in module
    for name in {*icons.BANSAN.values(), *icons.MONSOON.values()}:
        assert f'"{name}": "<svg viewBox=' in module


def test_each_games_cards_name_their_pictures() -> None:
    b = BansanTable().cards(Match("bansan", bansan.Rules(players=2), seed=1))
    m = MonsoonTable().cards(Match("monsoon", monsoon.Rules(players=2), seed=1))
    assert b["pictures"] == icons.BANSAN and m["pictures"] == icons.MONSOON
    # an Order shows each good it asks for, by picture and name, with how many
    order = next(iter(m["orders"].values()))
    assert order["needs"] and all(good in m["colours"] and n >= 1 for good, n in order["needs"])
