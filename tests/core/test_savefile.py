"""Save files as one msgspec struct per game (issue 14): files written before it still load to
the same game and are written back byte for byte (but for the version-2 header, issue 26); every
save validates against the published JSON Schema; a bad action is named by its index; older
versions go through the migrations (tests/core/test_save_versions.py: the deal scheme)."""

from __future__ import annotations

import copy
import hashlib
import json
import random
import re
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marketlib import Match, bansan, monsoon
from marketlib.core import savefile
from marketlib.core.errors import SaveFileError

SAVES = Path(__file__).parent / "saves"
EXPECTED = tomllib.loads((SAVES / "expected.toml").read_text(encoding="utf-8"))
SCHEMA = savefile.schema([monsoon, bansan])
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
RULES: list[tuple[str, dict[str, Any]]] = [
    ("monsoon", {"players": 2}),
    ("monsoon", {"players": 5, "seal_target": 30, "buy_take_fewer": True}),
    ("bansan", {"players": 2}),
    ("bansan", {"players": 4, "events": "reconstructed"}),
    ("bansan", {"players": 3, "mode": "kenduri"}),
    ("bansan", {"players": 1, "mode": "sendiri", "hard": True}),
]


def random_match(game: str, rules: dict[str, Any], seed: int, moves: int = 10_000) -> Match:
    match = Match(game, rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        match.play(rng.choice(match.legal_actions()))
    return match


OPTIONS_ADDED_SINCE: dict[str, dict[str, Any]] = {
    "monsoon": {},
    "bansan": {"hard_trigger_lists": 4, "opening_rr": True, "max_counters": 3,  # issue 15
               "closing_trades": "until_thrown"},  # issue 26
}
"""Rule options added after the fixtures were written, with their defaults (A-B-59, A-B-60,
A-B-62)."""


def as_version_2(text: str, deal: str) -> str:
    """A version-1 file's text as marketlib writes it back: version 2, ``deal`` after the seed."""
    text = text.replace('\n "version": 1,\n', '\n "version": 2,\n', 1)
    return re.sub(r'(\n "seed": -?\d+,\n)', rf'\1 "deal": "{deal}",\n', text, count=1)


def state_as_written(match: Match) -> str:
    """The state's JSON (sorted keys) without what was added since the old fixtures were
    written: Bansan's card digest and rule options (compare ``written_state_sha256``)."""
    state = msgspec.to_builtins(match.state)
    game = match.game.GAME.name
    if game == "bansan":
        del state["cards"]
    for option in OPTIONS_ADDED_SINCE[game]:
        del state["rules"][option]
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_saves_written_before_the_struct_load_to_the_same_game(name: str) -> None:
    path = SAVES / name
    match = Match.load(path)
    expected = EXPECTED[name]
    assert repr(match) == expected["repr"]
    assert match.log()[-3:] == expected["last_moves"]
    assert hashlib.sha256(str(match.state).encode()).hexdigest() == expected["state_sha256"]
    assert match.deal == expected.get("deal", "signed")  # issue 26: the scheme that dealt it
    if "written_state_sha256" in expected:  # the state the writing marketlib had (issue 26)
        written_state = hashlib.sha256(state_as_written(match).encode()).hexdigest()
        assert written_state == expected["written_state_sha256"]
    # Written back, the file holds the same (monsoon: to the byte, the struct keeps the layout),
    # but for version 2's header (issue 26: "version": 2 and the "deal" that dealt it) and what
    # Bansan added since: rule options with their defaults, and its card digest.
    written = json.dumps(match.to_dict(), indent=1) + "\n"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 1
    if data["game"] == "monsoon":
        assert written == as_version_2(path.read_text(encoding="utf-8"), match.deal)
    data |= {"version": 2, "deal": match.deal}
    added = OPTIONS_ADDED_SINCE[data["game"]]
    data["rules"] |= added
    data["cards"] = ""  # the shipped decks (issue 14: Bansan records its card digest)
    if data["start"] is not None:
        data["start"]["rules"] |= added
        data["start"]["cards"] = ""
    assert json.loads(written) == data
    VALIDATOR.validate(json.loads(written))


def test_every_fixture_is_checked() -> None:
    assert sorted(p.name for p in SAVES.glob("*.json")) == sorted(EXPECTED)
    games = {json.loads((SAVES / n).read_text())["game"] for n in EXPECTED}
    assert games == {"monsoon", "bansan"}


@pytest.mark.parametrize(("game", "rules"), RULES)
def test_saves_of_every_game_and_mode_fit_the_schema(game: str, rules: dict[str, Any]) -> None:
    match = random_match(game, rules, seed=11, moves=300)
    match.goto(match.timeline // 2)
    data = json.loads(json.dumps(match.to_dict()))  # as in a file (tuples become lists)
    VALIDATOR.validate(data)
    assert Match.from_dict(data).states == match.states
    short = {**data, "actions": data["actions"][:5]}  # a refusal costs jsonschema more
    broken = copy.deepcopy(short)
    broken["actions"][3]["type"] = "fly"
    assert VALIDATOR.is_valid(short) and not VALIDATOR.is_valid(broken)
    for field, value in (("seed", "3"), ("mode", "cheat"), ("format", "x"), ("cursor", -1)):
        assert not VALIDATOR.is_valid({**short, field: value}), field
    other = "bansan" if game == "monsoon" else "monsoon"
    assert not VALIDATOR.is_valid({**short, "game": other})  # its rules and actions do not fit


def test_a_position_save_fits_the_schema() -> None:
    for name in ("monsoon_position.json", "bansan_position.json"):
        data = json.loads((SAVES / name).read_text(encoding="utf-8"))
        assert data["start"] is not None
        assert not VALIDATOR.is_valid(data)  # version 1: no "deal" (issue 26)
        data |= {"version": 2, "deal": "signed"}
        VALIDATOR.validate(data)
        data["start"]["turn"] = "three"
        assert not VALIDATOR.is_valid(data)


def test_the_schema_is_msgspec_s_for_the_save_types() -> None:
    assert SCHEMA["oneOf"] == [{"$ref": "#/$defs/MonsoonSaveFile"},
                               {"$ref": "#/$defs/BansanSaveFile"}]
    monsoon_save = SCHEMA["$defs"]["MonsoonSaveFile"]
    assert list(monsoon_save["properties"]) == [
        "format", "version", "library_version", "game", "rules_version", "rules", "seed", "deal",
        "mode", "actions", "cursor", "start", "cards"]
    assert monsoon_save["properties"]["game"]["enum"] == ["monsoon"]
    assert set(monsoon_save["required"]) == {"format", "version", "game", "rules_version",
                                             "rules", "seed", "deal", "actions"}
    assert monsoon_save["properties"]["deal"]["enum"] == ["absolute", "signed"]
    assert savefile.save_type(monsoon) is savefile.save_type(monsoon)  # built once per game


corruptions = st.sampled_from([
    ("drop the type", lambda a: a.pop("type")),
    ("unknown type", lambda a: a.update(type="fly")),
    ("player as text", lambda a: a.update(player="0")),
    ("not an object", lambda a: a.clear() or a.update(__import__="os")),
])


@pytest.mark.parametrize("name", ["monsoon_2p_full.json", "bansan_2p_full.json"])
@settings(max_examples=25, deadline=None)
@given(data=st.data(), corruption=corruptions)
def test_a_bad_action_is_named_by_its_index(name: str, data: st.DataObject,
                                            corruption: Any) -> None:
    content = json.loads((SAVES / name).read_text(encoding="utf-8"))
    i = data.draw(st.integers(0, len(content["actions"]) - 1), label="entry")
    _, change = corruption
    change(content["actions"][i])
    with pytest.raises(SaveFileError) as err:
        Match.from_dict(content, source=name)
    assert err.value.field == f"actions[{i}]"
    assert err.value.problem.startswith("is not an action: ")
    assert f"{name}, field 'actions[{i}]'" in str(err.value)


def test_an_entry_that_is_text_is_not_run() -> None:
    content = json.loads((SAVES / "bansan_2p_full.json").read_text(encoding="utf-8"))
    content["actions"][18] = "__import__('os').system('echo HACKED')"
    with pytest.raises(SaveFileError) as err:
        Match.from_dict(content, source="x.json")
    assert err.value.field == "actions[18]"
    assert err.value.problem == "is not an action: must be a JSON object, not text"


def test_an_older_version_is_migrated(monkeypatch: pytest.MonkeyPatch) -> None:
    content = json.loads((SAVES / "monsoon_2p_full.json").read_text(encoding="utf-8"))
    old = {**content, "moves": content.pop("actions")}  # as if version 2 had named them "moves"

    def rename(data: dict[str, Any], replays: Any) -> dict[str, Any]:
        data = dict(data)
        data["actions"] = data.pop("moves")
        return data

    monkeypatch.setattr(savefile, "SAVE_VERSION", 3)
    monkeypatch.setitem(savefile.MIGRATIONS, 2, rename)
    match = Match.from_dict({**old, "version": 2, "deal": "signed"})
    assert repr(match) == EXPECTED["monsoon_2p_full.json"]["repr"]
    match = Match.from_dict(old)  # version 1: through both migrations
    assert repr(match) == EXPECTED["monsoon_2p_full.json"]["repr"]
    with pytest.raises(SaveFileError, match="newer marketlib") as err:
        Match.from_dict({**content, "version": 4})
    assert err.value.field == "version"


def test_unknown_top_level_keys_are_ignored_and_defaults_apply() -> None:
    content = json.loads((SAVES / "monsoon_2p_full.json").read_text(encoding="utf-8"))
    for key in ("library_version", "mode", "cursor", "start", "cards"):
        del content[key]
    match = Match.from_dict({**content, "comment": "a teacher's note"})
    assert match.mode == "explore" and match.cursor == match.timeline == 144


def test_the_game_name_is_checked_before_the_body() -> None:
    content = json.loads((SAVES / "bansan_2p_full.json").read_text(encoding="utf-8"))
    for game, words in ((5, "unknown game 5"), ("chess", "unknown game 'chess'")):
        with pytest.raises(SaveFileError, match=words) as err:
            Match.from_dict({**content, "game": game})
        assert err.value.field == "game"
    with pytest.raises(SaveFileError) as err:  # both games' rules are version 1.0: the rules
        Match.from_dict({**content, "game": "monsoon"})  # tell which game it is (helper-87)
    assert err.value.field == "game" and "unknown field `mode`" in err.value.problem
    assert "its rules are those of Bansan" in err.value.problem


def test_a_file_that_is_not_utf8_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"format": "marketlib.match", "x": "caf\xe9"}')
    with pytest.raises(SaveFileError, match="is not valid JSON") as err:
        Match.load(path)
    assert err.value.file == str(path) and err.value.field is None


@pytest.mark.parametrize("name", ["bansan", "monsoon"])
def test_an_unknown_key_in_an_action_is_refused_in_both_games(name: str) -> None:
    """docs/save-files.md: "an action with a key it does not know is refused"; a Bansan
    action with ``"bogus": 7`` loaded silently (helper-94), Monsoon's was refused."""
    module = {"bansan": bansan, "monsoon": monsoon}[name]
    match = Match(name, module.Rules(players=2), seed=3)
    for _ in range(3):
        match.play(match.legal_actions()[0])
    content = match.to_dict()
    content["actions"][1]["bogus"] = 7
    with pytest.raises(SaveFileError, match="unknown field `bogus`") as err:
        Match.from_dict(content)
    assert err.value.field == "actions[1]"


def test_a_file_with_a_utf8_byte_order_mark_loads(tmp_path: Path) -> None:
    """An editor that writes a byte order mark (an old Notepad) made a good save "not valid
    JSON (invalid character (byte 0))" (helper-94); RFC 8259 lets a parser read past it."""
    match = Match("bansan", bansan.Rules(players=2), seed=3)
    match.play(match.legal_actions()[0])
    path = tmp_path / "notepad.json"
    match.save(tmp_path / "plain.json")
    path.write_bytes(b"\xef\xbb\xbf" + (tmp_path / "plain.json").read_bytes())
    assert Match.load(path).history == match.history
