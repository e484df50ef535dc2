"""Issue 28, point 2: each game's ``Rules`` is its game object. It carries its card data
(``rules.card_data``: the catalogs it dealt and what is derived from them; no process-wide
store) and names its game (``Rules.game``, which ``game_of`` reads instead of a module path)."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import msgspec
import pytest

from marketlib import Match, bansan, monsoon
from marketlib.bots import game_of
from marketlib.core.errors import CardDataError


def _produce_deck(folder: Path, bottom: str) -> str:
    """A copy of the default decks in ``folder`` whose PC-01 has ``bottom`` as its lower half."""
    bansan.write_default_data(folder)
    path = folder / "produce.csv"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("PC-01,FV,DG,OR,yes", f"PC-01,FV,{bottom},OR,yes"),
                    encoding="utf-8")
    return str(path)


def test_two_rules_with_different_custom_decks_each_see_their_own_cards(tmp_path: Path) -> None:
    one = bansan.Rules(players=2, produce_deck=_produce_deck(tmp_path / "one", "DG"))
    two = bansan.Rules(players=2, produce_deck=_produce_deck(tmp_path / "two", "SF"))
    a, b = bansan.setup(one, 1), bansan.setup(two, 1)
    assert a.cards != b.cards
    for _ in range(3):  # interleaved: no "last game asked" cache to mix them up
        assert bansan.catalog(a).produce["PC-01"].bottom.value == "DG"
        assert bansan.catalog(b).produce["PC-01"].bottom.value == "SF"
        assert bansan.check_invariants(a) == bansan.check_invariants(b) == []
    assert "card_data" in vars(one) and vars(one)["card_data"] is not vars(two)["card_data"]
    assert bansan.catalog(bansan.view(b, 0)) is bansan.catalog(b)


def test_equal_rules_objects_keep_apart_the_cards_each_dealt(tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    deck = _produce_deck(folder, "DG")
    first = bansan.Rules(players=2, produce_deck=deck)
    old = bansan.setup(first, 2)
    _produce_deck(folder, "SF")  # the owner edits the file
    second = bansan.Rules(players=2, produce_deck=deck)
    assert second == first and hash(second) == hash(first)
    new = bansan.setup(second, 2)
    assert bansan.catalog(new).produce["PC-01"].bottom.value == "SF"
    assert bansan.catalog(old).produce["PC-01"].bottom.value == "DG"  # its rules dealt it
    with pytest.raises(CardDataError) as err:  # these rules never dealt the old cards
        bansan.catalog(old.replace(rules=second))
    assert "changed since the game started" in err.value.problem and err.value.file == deck


def test_a_decoded_save_files_rules_reach_their_catalog(tmp_path: Path) -> None:
    goods, orders = monsoon.write_default_data(tmp_path)
    rules = monsoon.Rules(goods_deck=str(goods), order_deck=str(orders))
    encoded = msgspec.json.encode(rules)
    m = Match("monsoon", rules, seed=5)
    m.play(m.legal_actions()[0])
    path = m.save(tmp_path / "game.json")
    assert msgspec.json.encode(rules) == encoded  # reading the cards changed nothing saved
    loaded = Match.load(path)
    assert loaded.rules == rules and loaded.rules is not rules and loaded.state == m.state
    assert monsoon.catalog(loaded.state) == monsoon.catalog(m.state)
    assert loaded.state.rules.card_data.get(loaded.state.cards) is monsoon.catalog(loaded.state)
    assert game_of(monsoon.view(loaded.state, 0)) is monsoon


def test_the_card_data_is_never_encoded_compared_or_copied() -> None:
    rules = monsoon.Rules(players=3)
    fresh = monsoon.Rules(players=3)
    data = rules.card_data
    assert rules == fresh and hash(rules) == hash(fresh) and "card_data" not in vars(fresh)
    assert msgspec.json.encode(rules) == msgspec.json.encode(fresh)
    assert msgspec.to_builtins(rules) == msgspec.to_builtins(fresh)
    assert copy.deepcopy(rules) is rules and copy.copy(rules) is rules  # immutable: shared
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and "card_data" not in vars(again)
    assert again.card_data is not data and again.card_data.read() == data.read()


def test_game_of_reads_the_rules_not_the_module_of_the_views_class() -> None:
    class Elsewhere:  # a view class defined outside any game package
        rules = bansan.Rules()

    assert bansan.Rules.game == "bansan" and monsoon.Rules.game == "monsoon"
    assert game_of(Elsewhere()) is bansan
    with pytest.raises(ValueError, match="not a view of a registered game"):
        game_of(object())
