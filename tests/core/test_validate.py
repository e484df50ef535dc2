"""``check_fields``: structs built in Python are type-checked field by field (msgspec only checks
when it decodes), and ``Match`` refuses rules that are neither ``Rules`` nor a dict."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Any, Literal

import msgspec
import pytest

from marketlib import Match
from marketlib.core.validate import check_fields, describe_type
from marketlib.monsoon import Rules


class Colour(enum.StrEnum):
    RED = "red"


class Sample(msgspec.Struct, frozen=True, kw_only=True):
    count: int = 1
    flag: bool = False
    mode: Literal["a", "b"] = "a"
    first: int | Literal["random"] = 0
    cap: int | None = None
    colour: Colour = Colour.RED
    names: tuple[str, ...] = ()


def test_check_fields_accepts_exact_types() -> None:
    check_fields(Sample())
    check_fields(Sample(count=3, flag=True, mode="b", first="random", cap=4, names=("x",)))


@pytest.mark.parametrize(("changes", "named", "expected"), [
    ({"count": True}, "Sample.count", "expected int, got True (bool)"),
    ({"count": 3.0}, "Sample.count", "expected int, got 3.0 (float)"),
    ({"count": "3"}, "Sample.count", "expected int"),
    ({"flag": "no"}, "Sample.flag", "expected bool, got 'no'"),
    ({"flag": 1}, "Sample.flag", "expected bool"),
    ({"mode": "c"}, "Sample.mode", "expected 'a' or 'b', got 'c'"),
    ({"first": "rand"}, "Sample.first", "expected int or 'random', got 'rand'"),
    ({"first": ["random"]}, "Sample.first", "got ['random'] (list)"),
    ({"cap": "30"}, "Sample.cap", "expected int or None"),
    ({"colour": "red"}, "Sample.colour", "expected Colour ('red'), got 'red' (str)"),
    ({"names": ["x"]}, "Sample.names", "expected tuple of str"),
    ({"names": ("x", 1)}, "Sample.names", "expected tuple of str"),
])
def test_check_fields_names_the_field(changes: dict[str, Any], named: str, expected: str) -> None:
    bad = Sample(**changes)  # msgspec does not check types here
    with pytest.raises(ValueError) as err:
        check_fields(bad)
    assert str(err.value).startswith(f"{named}: ")
    assert expected in str(err.value)


def test_describe_type() -> None:
    assert describe_type(int | None) == "int or None"
    assert describe_type(tuple[str, ...]) == "tuple of str"
    assert describe_type(Literal["cap", "illegal"]) == "'cap' or 'illegal'"


@pytest.mark.parametrize(("options", "message"), [
    ({"buy_take_fewer": "no"}, "Rules.buy_take_fewer: expected bool, got 'no'"),
    ({"first_player": "rand"}, "Rules.first_player: expected int or 'random', got 'rand'"),
    ({"buy_overflow": "allow"}, "Rules.buy_overflow: expected 'cap' or 'illegal', got 'allow'"),
    ({"players": 3.0}, "Rules.players: expected int, got 3.0"),
    ({"display_limit": 10.5}, "Rules.display_limit: expected int, got 10.5"),
    ({"players": True}, "Rules.players: expected int, got True (bool)"),
    ({"max_turns": "30"}, "Rules.max_turns: expected int or None, got '30'"),
    ({"goods_deck": Path("goods.csv")}, "Rules.goods_deck: expected str"),
])
def test_rules_check_their_types(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as err:
        Rules(**options)
    assert message in str(err.value)


def test_rules_from_a_dict_are_checked_too() -> None:
    with pytest.raises(ValueError, match="players"):
        Match("monsoon", {"players": 3.0})
    assert Match("monsoon", {"players": 3, "first_player": "random"}).rules.players == 3


@pytest.mark.parametrize("rules", ["players=3", 3, ["players", 3]])
def test_match_rules_of_the_wrong_type(rules: object) -> None:
    with pytest.raises(TypeError) as err:
        Match("monsoon", rules)
    assert "Rules(...) or a dict of options" in str(err.value)
    assert repr(rules) in str(err.value)
