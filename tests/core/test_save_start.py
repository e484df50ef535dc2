"""Save files whose ``start`` state (``Match.from_state``) or rules are broken: every problem is a
``SaveFileError`` naming the field, never a ``KeyError``/``IndexError``/``ValueError`` crash; and
``check_invariants`` checks the structure first and names the field or card."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from marketlib import Match, monsoon
from marketlib.core.errors import SaveFileError
from marketlib.monsoon import position


def start_save() -> dict[str, Any]:
    s = position(displays=[["MG-02", "MG-08"], ["MG-38"]], market=["MG-15"],
                 order_display=["MO-01", "MO-02"], orders={1: ["MO-03 bulk"]})
    m = Match.from_state("monsoon", s)
    m.play_all(["P0 fulfill MO-02", "P0 spend MG-02"])
    data: dict[str, Any] = json.loads(json.dumps(m.to_dict()))
    return data


def refused(change: Callable[[dict[str, Any]], object]) -> SaveFileError:
    data = start_save()
    change(data)
    with pytest.raises(SaveFileError) as err:
        Match.from_dict(data, source="game.json")
    return err.value


def test_a_good_start_save_loads() -> None:
    data = start_save()
    m = Match.from_dict(data)
    assert m.state.pending == monsoon.FulfillPending(order="MO-02", cards=("MG-02",))
    assert data["cards"] == "" and data["start"]["cards"] == ""


def _seat(d: dict[str, Any], p: int) -> dict[str, Any]:
    seat: dict[str, Any] = d["start"]["seats"][p]
    return seat


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["start"]["seats"].append({"display": [], "orders": []}),
     "seats: 3 seats but rules.players is 2"),
    (lambda d: d["start"].update(seats=[]), "seats: 0 seats"),
    (lambda d: d["start"].update(current=2), "current: 2 is not a seat"),
    (lambda d: d["start"].update(current=-1), "current: -1 is not a seat"),
    (lambda d: d["start"].update(turn=-3), "turn: must be a whole number >= 0, not -3"),
    (lambda d: d["start"].update(reshuffles=-1), "reshuffles: must be"),
    (lambda d: d["start"].update(forced_passes=-1), "forced_passes: must be"),
    (lambda d: _seat(d, 1)["orders"][0].update(id="MO-99"),
     "seats[1].orders[0]: unknown Order 'MO-99'"),
    (lambda d: _seat(d, 0)["display"].append("MG-99"),
     "seats[0].display[2]: unknown Goods card 'MG-99'"),
    (lambda d: d["start"]["market"].__setitem__(0, "XX-1"), "market[0]: unknown Goods card"),
    (lambda d: d["start"]["goods_deck"].__setitem__(0, "MG-1"), "goods_deck[0]: unknown"),
    (lambda d: d["start"].update(phase="take", pending={"type": "take", "remaining": -2}),
     "pending.remaining: must be a whole number >= 0, not -2"),
    (lambda d: d["start"].update(phase="take", pending={"type": "take", "remaining": 3}),
     "pending.remaining: 3 cards to take but the Market holds 1"),
    (lambda d: d["start"].update(phase="spend", pending={"type": "fulfill", "order": "MO-77"}),
     "pending.order[0]: unknown Order 'MO-77'"),
    (lambda d: d["start"].update(phase="spend", pending={
        "type": "fulfill", "order": "MO-02", "cards": ["MG-55"]}),
     "pending.cards[0]: unknown Goods card 'MG-55'"),
    (lambda d: d["start"].update(phase="spend", pending={
        "type": "fulfill", "order": "MO-02", "bonus_goods": ["MO-03"]}),
     "pending.bonus_goods: P0 has no unspent Bonus Good on MO-03"),
    (lambda d: d["start"].update(phase="bonus", pending={
        "type": "bonus", "action": "keep1", "order": "MO-02", "spent": ["MG-02"]}),
     "pending.order: MO-02 is not one of P0's Orders"),
    (lambda d: d["start"].update(phase="bonus", pending={
        "type": "bonus", "action": "steal2", "order": "MO-03", "steals_left": -1}),
     "pending.steals_left: must be"),
    (lambda d: d["start"].update(phase="take"), "phase 'take' does not match pending None"),
    (lambda d: d["start"].update(phase="over"), "'over' exactly when the game has a result"),
])
def test_broken_start_state_names_the_field(change: Any, words: str) -> None:
    err = refused(change)
    assert err.field == "start", str(err)
    assert words in err.problem, err.problem
    assert err.file == "game.json"


def test_start_state_with_the_wrong_rules_or_types() -> None:
    err = refused(lambda d: d["start"].update(current="1"))
    assert err.field == "start" and "current" in err.problem
    err = refused(lambda d: d["start"]["rules"].update(players=3))
    assert err.field == "start" and "rules differ" in err.problem


def test_rules_that_cannot_deal_are_a_save_file_error() -> None:
    err = refused(lambda d: d["rules"].update(market_size=1_000_000) or d.update(start=None))
    assert err.field == "rules" and "cannot deal" in err.problem


def test_an_action_with_an_extra_key_is_refused() -> None:
    err = refused(lambda d: d["actions"][0].update(comment="hi"))
    assert err.field == "actions[0]" and "comment" in err.problem


def test_deeply_nested_json_is_a_save_file_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveFileError, match="nested too deeply"):
        Match.load(path)
    data = start_save()
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    data["actions"] = [deep]
    with pytest.raises(SaveFileError):
        Match.from_dict(data)


def test_check_invariants_never_raises_on_a_broken_state() -> None:
    s = position(displays=[["MG-02"], ["MG-38"]])
    assert monsoon.check_invariants(s) == []
    assert monsoon.check_invariants(s.replace(seats=())) == [
        "seats: 0 seats but rules.players is 2", "current: 0 is not a seat (there are no seats)"]
    broken = s.replace(seats=(monsoon.Seat(orders=(monsoon.OwnedOrder(
        id="MO-99", level=monsoon.Level.GOLD),)), s.seats[1]))
    assert monsoon.check_invariants(broken) == ["seats[0].orders[0]: unknown Order 'MO-99'"]
    assert monsoon.check_invariants(s.replace(current=5))[0].startswith("current: 5")
    with pytest.raises(ValueError, match="current: 5"):
        Match.from_state("monsoon", s.replace(current=5))


def bansan_start_save() -> dict[str, Any]:
    from marketlib import bansan

    s = bansan.position(players=3, rents={0: ["FV"], 1: ["MT"], 2: ["WG"]}, phase="actions",
                        bags={0: ["FV", "SF"]}, money=[5, 10, 10])
    data: dict[str, Any] = json.loads(json.dumps(Match.from_state("bansan", s).to_dict()))
    return data


@pytest.mark.parametrize(("change", "words"), [
    (lambda s: s.update(current=7), "current: 7 is not a seat (seats 0-2)"),
    (lambda s: s.update(token=-1), "token: -1 is not a seat (seats 0-2)"),
    (lambda s: s.update(vendors=s["vendors"][:2]), "vendors: 2 vendors but rules.players is 3"),
    (lambda s: s.update(actions_left=99),
     "actions_left: 99 actions left, but a turn has at most 2 (B-ACT-01)"),
    (lambda s: s.update(turn=-4), "turn: must be a whole number >= 0, not -4"),
    (lambda s: s.update(trigger=3), "trigger: 3 is not a seat (seats 0-2)"),
    (lambda s: s.update(phase="closing", actions_left=0),
     "phase: the Closing Round comes after the Last Round, which nobody has triggered"),
    (lambda s: s.update(phase="open_lists", actions_left=0),
     "pending: the phase 'open_lists' has a decision in progress (ListReturn), not null"),
    (lambda s: s.update(phase="bag", actions_left=0, pending={"type": "return",
                                                              "count": 1}),
     "pending: the phase 'bag' holds no ListReturn decision"),
    (lambda s: s.update(phase="over", actions_left=0), "'over' exactly when the game has a"),
    (lambda s: s.update(offer={"type": "trade", "frm": 1, "to": 1}),
     "offer: P1 makes an offer to themselves"),
    (lambda s: s["stalls"][0].__setitem__(2, 5), "stalls[0].renter: 5 is not a seat"),
])
def test_a_bansan_start_state_that_would_break_the_game_is_refused(change: Any,
                                                                   words: str) -> None:
    """helper-87: a hand-edited Bansan save whose start put the turn at seat 7, dropped a
    vendor, left 99 actions or began the Closing Round untriggered loaded, and then failed
    at the first move (IndexError) or played a game the rules cannot reach. Each is refused,
    the field named, as Monsoon's are."""
    data = bansan_start_save()
    Match.from_dict(json.loads(json.dumps(data)))  # the unedited save loads
    change(data["start"])
    with pytest.raises(SaveFileError) as err:
        Match.from_dict(data, source="game.json")
    assert err.value.field == "start" and words in err.value.problem, err.value.problem


def test_a_save_whose_game_is_the_other_one_says_so() -> None:
    """helper-87: a Monsoon save edited to say "game": "bansan" was refused as "Object contains
    unknown field `seal_target`", which says nothing of the game. It names both games now."""
    from marketlib import bansan

    data = json.loads(json.dumps(Match("monsoon", None, seed=1).to_dict()))
    data["game"] = "bansan"
    with pytest.raises(SaveFileError) as err:
        Match.from_dict(data, source="game.json")
    assert err.value.field == "game" and str(err.value) == (
        "game.json, field 'game': says 'bansan', but its rules are those of Monsoon Market "
        "(Object contains unknown field `seal_target`): a save of the other game, or 'game' "
        "edited; set it to 'monsoon'")
    data = json.loads(json.dumps(Match("bansan", bansan.Rules(players=2), seed=1).to_dict()))
    data["rules"]["colour"] = "red"  # rules no game has: refused by the field, as before
    with pytest.raises(SaveFileError) as err:
        Match.from_dict(data, source="game.json")
    assert err.value.field == "rules" and "unknown field `colour`" in err.value.problem
