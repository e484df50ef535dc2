"""``Match``: the timeline (play, undo, redo, goto), the play-mode undo policy, and save files."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from marketlib import monsoon
from marketlib.core.errors import (
    IllegalAction,
    InvalidAction,
    MarketlibError,
    SaveFileError,
    TimelineError,
    UndoBlocked,
)
from marketlib.core.match import SAVE_FORMAT, SAVE_VERSION, Match
from marketlib.monsoon import FulfillPending, Rules, TakePending

RULES = Rules(players=2)
# seed 3: P0 holds Leather3 MG-36, Cloth3 MG-27, Pepper3 MG-19, Pepper3 MG-20; the Market is
# MG-30, MG-38, MG-35, MG-18; the Orders are MO-15, MO-12, MO-06, MO-23.
SEED = 3
GOLD_MO12 = ["P0 fulfill MO-12", "P0 spend MG-27", "P0 spend MG-19", "P0 declare gold"]


def new(mode: Any = "explore") -> Match:
    return Match("monsoon", RULES, seed=SEED, mode=mode)


def test_seed_three_is_the_documented_deal() -> None:
    s = new().state
    assert s.seats[0].display == ("MG-36", "MG-27", "MG-19", "MG-20")
    assert s.market == ("MG-30", "MG-38", "MG-35", "MG-18")
    assert s.order_display == ("MO-15", "MO-12", "MO-06", "MO-23")


def test_play_undo_redo_goto_history_states() -> None:
    m = new()
    setup_state = monsoon.setup(RULES, SEED)
    assert m.state == setup_state and m.history == () and m.states == (setup_state,)
    for move in GOLD_MO12:
        m.play(move)
    assert [str(a) for a in m.history] == GOLD_MO12
    assert len(m.states) == 5 and m.cursor == 4 and m.timeline == 4
    assert m.states[0] == setup_state
    assert m.state.seats[0].orders[0].id == "MO-12" and m.current_player == 1
    third = m.states[3]
    assert m.undo() == third and m.cursor == 3 and m.can_redo
    assert [str(a) for a in m.history] == GOLD_MO12[:3]
    assert m.redo().seats[0].orders[0].id == "MO-12"
    with pytest.raises(MarketlibError, match="nothing to redo"):
        m.redo()
    assert m.goto(1).pending == FulfillPending(order="MO-12")
    assert m.timeline == 4 and len(m.states) == 2
    assert m.goto(0) == setup_state
    with pytest.raises(MarketlibError, match="nothing to undo"):
        m.undo()
    with pytest.raises(TimelineError, match=r"^goto\(5\): the timeline has positions 0\.\.4$"):
        m.goto(5)
    assert issubclass(TimelineError, MarketlibError) and issubclass(TimelineError, IndexError)
    m.goto(2)
    m.play("P0 spend MG-20")  # playing after going back discards the undone future
    assert m.timeline == 3 and not m.can_redo
    assert [str(a) for a in m.history] == [*GOLD_MO12[:2], "P0 spend MG-20"]


def test_a_move_and_a_state_are_read_one_at_a_time_as_history_and_states_hold_them() -> None:
    """``action_at`` and ``state_at`` read one entry of the timeline up to the cursor, with
    negative indices from the end, through plays, undos, a redo and a jump back (issue 28: a
    board reads the newest moves without making the tuples of the whole game)."""
    m = new()
    with pytest.raises(IndexError, match="no move 0: 0 move"):
        m.action_at(0)
    assert m.state_at(0) is m.state_at(-1) is m.state
    for move in GOLD_MO12:
        m.play(move)
    m.undo()
    m.undo()
    m.redo()
    for cursor in (3, 1, 3, 0):
        m.goto(cursor)
        history, states = m.history, m.states
        assert [m.action_at(i) for i in range(-cursor, cursor)] == [*history, *history]
        assert all(m.state_at(i) is states[i] for i in range(-cursor - 1, cursor + 1))
        with pytest.raises(IndexError, match=f"no move {cursor}: {cursor} move"):
            m.action_at(cursor)  # a move that can be redone is not played
        with pytest.raises(IndexError):
            m.action_at(-cursor - 1)
        with pytest.raises(IndexError, match=f"no state {cursor + 1}: {cursor + 1} state"):
            m.state_at(cursor + 1)
        with pytest.raises(IndexError):
            m.state_at(-cursor - 2)
    assert str(m.state_at(0).seats[0].display[0]) == "MG-36"
    m.goto(3)
    assert m.actions_between(1, 3) == m.history[1:3] and m.actions_between(2, 2) == ()
    for start, stop in ((0, 4), (2, 1), (-1, 2)):  # a move not played, or backwards
        with pytest.raises(IndexError, match=f"no moves {start} to {stop}: 3 move"):
            m.actions_between(start, stop)
    with pytest.raises(TypeError, match="whole numbers"):
        m.actions_between(0, 2.0)  # type: ignore[arg-type]
    for wrong in (True, 1.0, "1", slice(0, 1)):  # as goto: a whole number only
        with pytest.raises(TypeError, match="is a whole number"):
            m.action_at(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="is a whole number"):
            m.state_at(wrong)  # type: ignore[arg-type]


def test_play_mode_undo_stops_where_cards_were_drawn() -> None:
    m = new("play")
    m.play("P0 buy MG-27")  # Cloth3: choose 3 of the 4 Market cards
    assert m.state.pending == TakePending(remaining=3)
    assert m.can_undo
    assert m.undo() == m.states[0]  # nothing was revealed: undo works
    m.play("P0 buy MG-27")
    m.play("P0 take MG-30")
    m.play("P0 take MG-38")
    m.undo()  # within the pending decision
    assert m.state.pending == TakePending(remaining=2) and m.cursor == 2
    m.play("P0 take MG-38")
    m.play("P0 take MG-18")  # the turn ends: the Market is refilled from the deck
    assert m.current_player == 1 and len(m.state.market) == 4
    assert not m.can_undo
    with pytest.raises(UndoBlocked, match="revealed new cards"):
        m.undo()
    with pytest.raises(UndoBlocked):
        m.goto(0)
    assert m.cursor == 4  # unchanged
    m.play("P1 pass")  # nothing drawn: this step can be taken back
    assert m.can_undo and m.undo().current == 1
    explore = new()
    explore.play_all(["P0 buy MG-27", "P0 take MG-30", "P0 take MG-38", "P0 take MG-18"])
    assert explore.undo().pending == TakePending(remaining=1)  # explore mode: free undo


def test_rejected_action_leaves_the_match_unchanged() -> None:
    m = new()
    m.play_all(GOLD_MO12[:2])
    m.undo()
    state, history, timeline = m.state, m.history, m.timeline
    with pytest.raises(IllegalAction) as err:
        m.play("P1 pass")
    assert err.value.rule == "M-TURN-01"
    with pytest.raises(IllegalAction):
        m.play("P0 declare gold")  # nothing spent yet
    with pytest.raises(InvalidAction):
        m.play("P0 fly")
    assert m.state is state and m.history == history and m.timeline == timeline
    assert m.can_redo  # the undone future survives a rejected move


def random_match(n: int, seed: int = 1) -> Match:
    m = Match("monsoon", Rules(players=3, seal_target=30), seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if m.is_over:
            break
        m.play(rng.choice(m.legal_actions()))
    return m


def test_save_load_round_trip_replays_exactly(tmp_path: Path) -> None:
    m = random_match(120)
    assert m.timeline == 120 and not m.is_over
    m.goto(100)
    path = m.save(tmp_path / "game.json")
    loaded = Match.load(path)
    assert loaded.state == m.state and loaded.history == m.history
    assert loaded.states == m.states and loaded.cursor == 100 and loaded.timeline == 120
    assert loaded.rules == m.rules and loaded.seed == m.seed and loaded.mode == "explore"
    assert loaded.redo() == m.redo()
    data = json.loads(path.read_text())
    assert (data["format"], data["version"], data["game"]) == (SAVE_FORMAT, SAVE_VERSION,
                                                               "monsoon")
    assert data["rules_version"] == monsoon.GAME.rules_version
    assert data["actions"][0]["type"] in {"steal", "buy", "fulfill", "pass"}
    played = Match.load(new("play").save(tmp_path / "play.json"))
    assert played.mode == "play"


def save_data(tmp_path: Path) -> dict[str, Any]:
    m = new()
    m.play_all([*GOLD_MO12, "P1 pass", "P0 pass"])
    return json.loads(m.save(tmp_path / "ok.json").read_text())


def load_broken(tmp_path: Path, text: str) -> SaveFileError:
    path = tmp_path / "broken.json"
    path.write_text(text)
    with pytest.raises(SaveFileError) as err:
        Match.load(path)
    assert err.value.file == str(path)
    return err.value


def edited(tmp_path: Path, change: Any) -> SaveFileError:
    data = save_data(tmp_path)
    change(data)
    return load_broken(tmp_path, json.dumps(data))


def test_save_not_json(tmp_path: Path) -> None:
    err = load_broken(tmp_path, '{"format": "marketlib.match", ')
    assert err.field is None and "not valid JSON" in err.problem
    assert load_broken(tmp_path, "[1, 2]").problem == "is not a JSON object"
    with pytest.raises(SaveFileError, match="cannot be read"):
        Match.load(tmp_path / "missing.json")


@pytest.mark.parametrize(("field", "change", "words"), [
    ("format", lambda d: d.update(format="marketlib.game"), "not a marketlib save"),
    ("version", lambda d: d.update(version=SAVE_VERSION + 1), "newer marketlib"),
    ("version", lambda d: d.update(version="1"), "whole number"),
    ("version", lambda d: d.update(version=0), "not supported"),
    ("game", lambda d: d.update(game="chess"), "unknown game"),
    ("rules_version", lambda d: d.update(rules_version="0.9"), "rules version '0.9'"),
    ("rules_version", lambda d: d.update(rules_version=1.0), "is text like '1.0', not float"),
    ("cards", lambda d: d.update(cards="abc"), "the rules name this marketlib's own decks, "
     "which give ''"),
    ("rules", lambda d: d["rules"].update(players=9), "players"),
    ("rules", lambda d: d["rules"].update(buy_overflow="sometimes"), "buy_overflow"),
    ("rules", lambda d: d["rules"].update(house_rule=True), "house_rule"),
    ("rules", lambda d: d["rules"].update(goods_deck="/nonexistent/goods.csv"), "not found"),
    ("seed", lambda d: d.update(seed="3"), "whole number"),
    ("mode", lambda d: d.update(mode="cheat"), "explore"),
    ("actions", lambda d: d.update(actions={"0": "pass"}), "must be a list"),
    ("actions[2]", lambda d: d["actions"].__setitem__(2, {"type": "fly", "player": 0}),
     "not an action"),
    ("actions[1]", lambda d: d["actions"].__setitem__(
        1, "__import__('os').system('touch HACKED')"), "not an action"),
    ("actions[5]", lambda d: d["actions"].__setitem__(5, {"type": "steal", "player": 0}),
     "not an action"),
    ("actions[3]", lambda d: d["actions"].__setitem__(
        3, {"type": "declare", "player": 0, "level": "platinum"}), "not an action"),
    ("actions[3]", lambda d: d["actions"].__setitem__(3, {"type": "pass", "player": 1}),
     "move 4"),
    ("actions[4]", lambda d: d["actions"].__setitem__(4, {"type": "steal", "player": 1,
                                                         "card": "MG-99"}), "MG-99"),
    ("cursor", lambda d: d.update(cursor=99), "0..6"),
])
def test_hand_edited_save_names_the_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, field: str, change: Any, words: str
) -> None:
    monkeypatch.chdir(tmp_path)
    err = edited(tmp_path, change)
    assert err.field == field
    assert words in err.problem
    assert field in str(err) and "broken.json" in str(err)
    assert not (tmp_path / "HACKED").exists()


def test_illegal_action_in_a_save_names_the_rule(tmp_path: Path) -> None:
    err = edited(tmp_path, lambda d: d["actions"].__setitem__(3, {"type": "spend", "player": 0,
                                                                 "card": "MG-27"}))
    assert err.field == "actions[3]"
    assert "M-FUL-01" in err.problem and "already spent" in err.problem
    err = edited(tmp_path, lambda d: d["actions"].__setitem__(1, {"type": "spend", "player": 0,
                                                                 "card": "MG-03"}))
    assert err.field == "actions[1]" and "M-FUL-01" in err.problem


def test_a_newcomers_slips_get_a_message_that_says_what_to_write() -> None:
    """The arguments swapped, a mode given as a game, another game's Rules, a position or a
    seat of the wrong type: each is refused with what to write instead (a newcomer's pass)."""
    with pytest.raises(TypeError, match=r"^a game is given by its name \(bansan, monsoon\) or "
                                        r"its module, not Rules: write Match\('monsoon', rules\)"):
        Match(Rules(players=3), "monsoon")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^unknown game 'kenduri': it is a mode of bansan "
                                         r"\(Rules options \{'mode': 'kenduri'\}\); "
                                         r"marketlib.play\('kenduri'\) starts it"):
        Match("kenduri")
    with pytest.raises(TypeError) as err:
        Match("bansan", Rules(players=3))
    assert str(err.value).startswith("rules must be a bansan Rules(...) or a dict")
    assert str(err.value).endswith(" from marketlib.monsoon.options (the bansan Rules: from "
                                   "marketlib.bansan import Rules)")
    assert len(str(err.value)) < 200  # not the whole repr of a Rules
    m = Match("monsoon", Rules(players=2), seed=1)
    for index in ("1", True, 1.0, None):
        with pytest.raises(TypeError, match=r"^goto\(.*\): a timeline position is a whole "
                                            r"number 0\.\.0$"):
            m.goto(index)  # type: ignore[arg-type]
    assert m.cursor == 0
    for match in (m, Match("bansan", None, seed=1)):
        with pytest.raises(ValueError, match=r"^there is no seat 'P1' \(the seats are 0-1\)$"):
            match.view("P1")  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=r"^there is no seat 7 \(the seats are 0-1\)$"):
            match.view(7)


def test_revision_changes_with_every_change_of_the_match_and_never_comes_back(
        tmp_path: Path) -> None:
    """Boards refuse a click made on an older revision (widgets/PROTOCOL.md): every change of
    the match gives a new, larger number, even one back to an earlier position; reading the
    match or a refused move changes nothing."""
    m = Match("monsoon", Rules(players=2), seed=1)
    seen = [m.revision]

    def changed() -> None:
        assert m.revision > seen[-1]
        seen.append(m.revision)

    m.play(m.legal_actions()[0])
    changed()
    m.undo()
    changed()
    m.redo()
    changed()
    m.goto(0)
    changed()
    m.goto(0)  # already there: nothing changed
    assert m.revision == seen[-1]
    m.goto(1)
    changed()
    saved = m.checkpoint()
    m.play(m.legal_actions()[0])
    changed()
    m.rollback(saved)  # the same timeline as before, but a new number
    changed()
    m.reset(5)
    changed()
    with pytest.raises(IllegalAction):
        m.play("P1 pass")
    _ = m.state, m.history, m.legal_actions(), m.view(0), m.log(), m.to_dict()
    assert m.revision == seen[-1]
    loaded = Match.load(m.save(tmp_path / "g.json"))
    assert loaded.state == m.state  # a loaded match counts its own changes
