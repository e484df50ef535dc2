"""Issue 14: position builders honour every rule option and can say the whole deck and the stall
layout, Monsoon positions start in any phase, and card data carried by each rules object (an
edited card file is used by the next game in the process; saves refuse changed cards)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from marketlib import Match, SaveFileError, bansan, monsoon
from marketlib.core.errors import PositionError
from marketlib.sim import play_many

BANSAN_OPTIONS: list[dict[str, Any]] = [
    {"players": 2}, {"players": 3}, {"players": 5}, {"players": 4, "starting_money": 15},
    {"players": 3, "bin_capacity": 6}, {"players": 2, "events": "reconstructed"},
    {"players": 3, "mode": "kenduri"}, {"players": 3, "mode": "kenduri", "kenduri_lists": 3},
    {"players": 1, "mode": "sendiri"}, {"players": 1, "mode": "sendiri", "hard": True},
]


def _bansan_facts(s: Any) -> dict[str, Any]:
    return {"stalls": sorted(st.id for st in s.stalls), "columns": s.columns,
            "money": [v.money for v in s.vendors], "events": len(s.event_deck),
            "kenduri": len(s.public), "cards": s.cards,
            "solo": [st.renter for st in s.stalls] if s.rules.mode == "sendiri" else None}


@pytest.mark.parametrize("options", BANSAN_OPTIONS, ids=lambda o: ",".join(f"{k}={v}"
                                                                           for k, v in o.items()))
def test_a_bansan_position_honours_every_rule_option_as_setup_does(
        options: dict[str, Any]) -> None:
    rules = bansan.Rules(**options)
    dealt, built = bansan.setup(rules, 1), bansan.position(rules=rules)
    want = _bansan_facts(dealt)
    got = _bansan_facts(built)
    if rules.mode == "sendiri":  # setup places the stalls at random; the position in file order
        want["solo"] = got["solo"] = sorted(str(x) for x in want["solo"])
    assert got == want
    assert bansan.check_invariants(built) == []
    Match.from_state("bansan", built)


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 5, "seal_target": 30},
                                     {"players": 3, "market_size": 5, "display_limit": 8}])
def test_a_monsoon_position_honours_the_rule_options(options: dict[str, Any]) -> None:
    rules = monsoon.Rules(**options)
    dealt = monsoon.setup(rules, 1)
    built = monsoon.position(rules=rules, displays=[list(s.display) for s in dealt.seats],
                             market=list(dealt.market), order_display=list(dealt.order_display))
    assert built.rules == rules and len(built.market) == rules.market_size
    assert len(built.goods_deck) == len(dealt.goods_deck)
    assert len(built.order_deck) == len(dealt.order_deck) and built.cards == dealt.cards
    assert monsoon.check_invariants(built) == []


def test_a_bansan_position_says_the_whole_deck_and_the_stall_layout() -> None:
    s = bansan.position(players=2, rents={0: ["FV"]}, deck=["FV/DG", "MT/SF", "WG/MM"],
                        layout=["ST-06", "ST-05", "ST-04", "ST-03", "ST-02", "ST-01"])
    assert s.deck == ("PC-01", "PC-71", "PC-51") and len(s.removed) == 85
    assert [st.id for st in s.stalls] == ["ST-06", "ST-05", "ST-04", "ST-03", "ST-02", "ST-01"]
    assert bansan.check_invariants(s) == []
    with pytest.raises(PositionError, match="layout"):
        bansan.position(players=2, layout=["ST-01", "ST-02"])
    with pytest.raises(PositionError, match="deck: give the whole Deck"):
        bansan.position(players=2, deck=["FV/DG"], removed=3)


def test_monsoon_positions_start_in_any_phase() -> None:
    from marketlib.monsoon import BonusPending, FulfillPending, TakePending

    take = monsoon.position(displays=[["Gem2"], ["Wood4"]], market=["Scroll2", "Cloth1"],
                            phase="take", pending=TakePending(remaining=2))
    assert [str(a) for a in monsoon.legal_actions(take)] == ["P0 take MG-09", "P0 take MG-22"]
    spend = monsoon.position(displays=[["Gem2", "Pepper2"], ["Wood4"]], phase="spend",
                             pending=FulfillPending(order="MO-07"))
    assert "P0 spend MG-02" in [str(a) for a in monsoon.legal_actions(spend)]
    order = monsoon.catalog(spend).orders["MO-01"]
    bonus = monsoon.position(displays=[["Gem2"], ["Wood4"]],
                             orders={0: ["MO-01 gold", "MO-09 bulk"]}, phase="bonus",
                             pending=BonusPending(action=order.bonus_action, order="MO-01"))
    assert [str(a) for a in monsoon.legal_actions(bonus)] == ["P0 upgrade MO-09", "P0 skip"]
    for state in (take, spend, bonus):
        assert monsoon.check_invariants(state) == []
        Match.from_state("monsoon", state)
    with pytest.raises(PositionError, match="pending"):
        monsoon.position(displays=[["Gem2"], ["Wood4"]], phase="bonus",
                         pending=BonusPending(action=order.bonus_action, order="MO-01"))
    with pytest.raises(PositionError, match="goods_deck"):
        monsoon.position(displays=[["Gem2"], ["Wood4"]], goods_deck=["Gem1"])


def _edit_first_produce_card(folder: Path) -> None:
    path = folder / "produce.csv"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("PC-01,FV,DG,OR,yes", "PC-01,FV,SF,OR,yes"), encoding="utf-8")


def test_an_edited_bansan_card_file_is_used_by_the_next_game(tmp_path: Path) -> None:
    bansan.write_default_data(tmp_path)
    rules = bansan.Rules(players=2, produce_deck=str(tmp_path / "produce.csv"))
    before = Match("bansan", rules, seed=3)
    assert bansan.catalog(before.state).produce["PC-01"].bottom.value == "DG"
    play_many("bansan", rules, ["random"], n_games=4, seed=2)  # read the cards before the edit
    _edit_first_produce_card(tmp_path)
    after = Match("bansan", rules, seed=3)
    assert bansan.catalog(after.state).produce["PC-01"].bottom.value == "SF"
    assert after.state.cards != before.state.cards
    assert bansan.catalog(before.state).produce["PC-01"].bottom.value == "DG"  # kept its cards
    one, _ = play_many("bansan", rules, ["random"], n_games=4, seed=2)
    two, _ = play_many("bansan", rules, ["random"], n_games=4, seed=2, n_jobs=2)
    assert one.equals(two)


def test_a_bansan_save_refuses_card_files_changed_since(tmp_path: Path) -> None:
    bansan.write_default_data(tmp_path)
    rules = bansan.Rules(players=2, produce_deck=str(tmp_path / "produce.csv"))
    m = Match("bansan", rules, seed=1)
    for _ in range(10):
        m.play(m.legal_actions()[0])
    path = m.save(tmp_path / "game.json")
    assert Match.load(path).state == m.state
    _edit_first_produce_card(tmp_path)
    with pytest.raises(SaveFileError) as err:
        Match.load(path)
    assert err.value.field == "cards"


@pytest.mark.parametrize("game", ["bansan", "monsoon"])
def test_a_save_naming_a_card_file_that_is_no_csv_is_refused_before_it_is_read(
        tmp_path: Path, game: str) -> None:
    """A save passed around named ``../../etc/passwd`` as its produce deck, and loading it
    quoted that file's first line in the refusal. Card files are CSV files: any other path
    in a save's rules is refused by field, and the file is never opened."""
    module = bansan if game == "bansan" else monsoon
    module.write_default_data(tmp_path)
    field = "produce_deck" if game == "bansan" else "goods_deck"
    name = "produce.csv" if game == "bansan" else "goods.csv"
    rules = module.Rules(players=2, **{field: str(tmp_path / name)})
    m = Match(game, rules, seed=3)
    m.play(m.legal_actions()[0])
    saved = m.to_dict()
    assert Match.from_dict(saved).state == m.state  # a .csv card file is read as before
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:the secret line\n", encoding="utf-8")
    for path in (str(secret), str(tmp_path / "missing"), str(tmp_path / "produce.csv.bak")):
        saved["rules"][field] = path
        with pytest.raises(SaveFileError) as err:
            Match.from_dict(saved, source="shared.json")
        assert err.value.field == f"rules.{field}"
        assert "secret line" not in str(err.value)
        assert str(err.value).startswith(
            f"shared.json, field 'rules.{field}': names {path!r} as a card file, which is not "
            "a .csv file")
    saved["rules"][field] = str(tmp_path / name).replace(".csv", ".CSV")  # any case
    with pytest.raises(SaveFileError) as err:  # read, and this path does not exist
        Match.from_dict(saved)
    assert "not a .csv file" not in str(err.value)
    # a .csv file that is no card file is read, and refused without a word of its content
    other = tmp_path / "secret.csv"
    other.write_text("id,name,quantity\nSSN-123,the secret line,1\n", encoding="utf-8")
    saved["rules"][field] = str(other)
    with pytest.raises(SaveFileError) as err:
        Match.from_dict(saved, source="shared.json")
    said = str(err.value)
    assert said.startswith(f"shared.json, field 'rules': the card file {str(other)!r}")
    assert "cannot be read as this game's cards; nothing of it is quoted" in said
    for content in ("SSN-123", "secret line", "'name'", "quantity"):
        assert content not in said.replace(str(other), ""), content
