"""Strict input at the board's boundary (issue 26): every message is decoded into a typed struct
(``marketlib.widgets.messages``, a tagged union on ``type``), and a wrong type is refused with
an error naming the field, never converted: ``pay: 1.9`` is not a RM1 trade, ``index: true`` is
not choice 1, ``index: "3"`` is not choice 3. The game is unchanged."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from marketlib import Match, bansan
from marketlib.widgets import BansanBoard
from marketlib.widgets.messages import TYPES, Choice, decode

VALID: dict[str, dict[str, Any]] = {
    "play": {"index": 0},
    "any_time": {"index": 0},
    "propose_trade": {"to": 1, "give": [], "take": [], "pay": 0, "ask": 1},
    "bargain": {"card": "PC-01", "price": 1},
    "counter": {"price": 1, "give": [], "take": [], "pay": 0, "ask": 0},
    "undo": {},
    "redo": {},
    "explain": {"target": "button:done"},
    "hint": {},
    "previews": {"version": 1},
    "text": {"open": True},
    "review": {},
    "new_game": {"seed": 3},
    "set_seat": {"seat": 1},
    "teacher": {"on": True},
    "reveal": {},
    "step_in": {"seat": 1},
    "step_out": {},
}
"""A well-formed message of every type (``version`` is added for those that carry it)."""

WRONG: dict[str, list[Any]] = {
    "int": [1.9, 1.0, True, "3", None, [1]],
    "str": [5, True, None, ["PC-01"]],
    "bool": [1, 0, "true", None],
    "cards": ["PC-01", [1], [None], {"PC-01": 1}],
    "seed": [1.9, True, [3], {"seed": 3}],
}
"""Wrong values for a field of each kind: none of them may be converted."""

KINDS = {"index": "int", "to": "int", "pay": "int", "ask": "int", "price": "int",
         "seat": "int", "version": "int", "card": "str", "target": "str", "on": "bool",
         "open": "bool", "give": "cards", "take": "cards", "seed": "seed"}


def test_every_message_type_has_a_valid_example() -> None:
    assert set(VALID) == set(TYPES)
    for kind, fields in VALID.items():
        message = {"type": kind, **fields}
        if issubclass(TYPES[kind], Choice):
            message["version"] = 1
        assert type(decode(message)) is TYPES[kind]


def cases() -> list[tuple[str, str, Any]]:
    out = []
    for kind, fields in VALID.items():
        names = [*fields, *(["version"] if issubclass(TYPES[kind], Choice) else [])]
        for name in names:
            if kind == "counter" and name == "price":
                values = [v for v in WRONG["int"] if v is not None]  # None: a trade counter
            else:
                values = WRONG[KINDS[name]]
            out += [(kind, name, value) for value in values]
    return out


def trade_board() -> BansanBoard:
    state = bansan.position(players=2, rents={0: ["FV"], 1: ["MT"]}, bags={0: ["FV:PA"],
                            1: ["MT:OR"]}, money=[10, 10], phase="actions")
    return BansanBoard(Match.from_state("bansan", state), teacher=True)


@pytest.mark.parametrize(("kind", "field", "value"), cases())
def test_a_wrongly_typed_field_is_refused_naming_it(kind: str, field: str, value: Any) -> None:
    board = trade_board()
    match = board.match
    state, revision = match.state, match.revision
    message = {"type": kind, **VALID[kind]}
    if issubclass(TYPES[kind], Choice):
        message["version"] = board.version
    message[field] = value
    board._handle_custom_msg(message, [])
    assert board.error.startswith("malformed message: "), board.error
    assert f"`$.{field}" in board.error or f"`{field}`" in board.error, board.error
    assert match.state is state and match.revision == revision and match.history == ()
    assert not board.teacher_view and not board.covered  # nothing else changed either


@pytest.mark.parametrize("kind", sorted(k for k, cls in TYPES.items() if issubclass(cls, Choice)))
def test_a_message_on_the_position_shown_without_a_version_is_refused(kind: str) -> None:
    board = trade_board()
    board._handle_custom_msg({"type": kind, **VALID[kind]}, [])
    assert board.error == "malformed message: Object missing required field `version` (a " \
                          f"'{kind}' message)"
    assert board.match.history == ()


def test_the_testers_examples() -> None:
    """``pay: 1.9`` was played as a RM1 trade; ``index: true`` as choice 1."""
    board = trade_board()
    board._handle_custom_msg({"type": "propose_trade", "to": 1, "give": [], "take": [],
                              "pay": 1.9, "ask": 0, "version": board.version}, [])
    assert board.error == ("malformed message: Expected `int`, got `float` - at `$.pay` (a "
                           "'propose_trade' message)")
    for index in (True, "1", 1.0):
        board._handle_custom_msg({"type": "play", "index": index, "version": board.version}, [])
        assert "at `$.index`" in board.error
    assert board.match.history == ()
    board._handle_custom_msg({"type": "propose_trade", "to": 1, "give": [], "take": [],
                              "pay": 1, "ask": 0, "version": board.version}, [])
    assert board.error == "" and str(board.match.history[0]) == (
        "P0 trade P1 give=- take=- pay=1 ask=0")


@pytest.mark.parametrize("extra", [{"colour": "red"}, {"Index": 0}])
def test_unknown_fields_are_refused(extra: dict[str, Any]) -> None:
    board = trade_board()
    board._handle_custom_msg({"type": "play", "index": 0, "version": board.version, **extra}, [])
    assert board.error.startswith("malformed message: Object contains unknown field")
    assert board.match.history == ()


def test_a_huge_seed_as_text_or_int_is_kept_whole() -> None:
    assert decode({"type": "new_game", "seed": str(2**90)}) == TYPES["new_game"](seed=str(2**90))
    assert decode({"type": "new_game", "seed": 2**90}) == TYPES["new_game"](seed=2**90)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"type": "new_game", "seed": 1e9}, TYPES["new_game"], strict=True)
    board = trade_board()
    for text in ("twelve", "1e9", "1.5"):  # text, but not a whole number: refused, saying so
        board._handle_custom_msg({"type": "new_game", "seed": text}, [])
        assert board.error.startswith(f"The seed must be a whole number such as 42, not {text!r}")
    assert board.match.seed == 0 and board.match.history == ()
