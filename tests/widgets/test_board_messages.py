"""Python-side board tests: the messages the browser would send, delivered without a browser
(``board._handle_custom_msg``). Every Monsoon action kind, illegal clicks, stale indices and
malformed messages; the Match the board was given is the one that changes. A message that acts
on the position shown (``play``, ``undo``, ``redo``, ...) carries the board's ``version``, as
the front end sends it; a click made on a position no longer shown (another board over the same
match, ``match.play`` from Python, undo/redo) is refused."""

from __future__ import annotations

from typing import Any

import pytest
from previewing import previewed

from marketlib import Match, monsoon
from marketlib.widgets import MonsoonBoard


def click(board: MonsoonBoard, target: str) -> None:
    """Click an on-board thing the way the front end does."""
    for choice in board.choices:
        if choice["target"] == target:
            board._handle_custom_msg(
                {"type": "play", "index": choice["index"], "version": board.version}, [])
            return
    board._handle_custom_msg({"type": "explain", "target": target}, [])


def board_at(**spec: Any) -> MonsoonBoard:
    match = Match.from_state("monsoon", monsoon.position(**spec))
    return MonsoonBoard(match)


def test_steal_by_click_changes_the_callers_match() -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    board = MonsoonBoard(match)
    click(board, "card:MG-33")
    assert board.error == ""
    assert match.history == (monsoon.Steal(player=0, card="MG-33"),)
    assert board.seat == 1 and board.covered  # hot-seat: the next person must reveal
    assert board.log == [] and board.choices == []  # nothing is shown under the cover
    board._handle_custom_msg({"type": "reveal"}, [])
    assert board.log == ["P0 steal MG-33"]


def test_buy_and_take_by_clicks() -> None:
    board = board_at(displays=[["Leather3", "Gem1"], ["Pepper2"]],
                     market=["Gem2", "Scroll2", "Cloth2", "Pepper1"])
    click(board, "card:MG-35")  # buy with Leather3: take 3 of the 4 Market cards
    assert board.match.state.phase == "take"
    assert [c["text"] for c in board.choices] == [
        "P0 take MG-02", "P0 take MG-09", "P0 take MG-23", "P0 take MG-15"]
    for card in ("card:MG-02", "card:MG-09", "card:MG-23"):
        click(board, card)
    assert board.match.state.seats[0].display == ("MG-01", "MG-02", "MG-09", "MG-23")


def test_fulfil_spend_declare_and_keep_by_clicks() -> None:
    board = board_at(displays=[["Gem2", "Pepper2", "Wood4"], ["Pepper1"]],
                     order_display=["MO-07"])  # 2 Pepper + 1 Gem, Keep 1
    click(board, "order:MO-07")
    click(board, "card:MG-16")
    click(board, "card:MG-02")
    levels = [c["text"] for c in board.choices if c["target"].startswith("level:")]
    assert levels == ["P0 declare gold", "P0 declare silver", "P0 declare bulk"]
    gold = next(c for c in previewed(board) if c["target"] == "level:gold")
    assert gold["preview"] == ("seals 0 -> 3; then its Bonus Action, keep 1 spent card, if you "
                               "want it (M-FUL-08)")
    click(board, "level:gold")
    assert [c["target"] for c in board.choices] == ["spent:MG-16", "spent:MG-02", "button:skip"]
    click(board, "spent:MG-16")
    assert board.match.state.seats[0].display == ("MG-37", "MG-16")
    assert board.match.state.current == 1


def test_spend_bonus_upgrade_and_skip_by_clicks() -> None:
    board = board_at(displays=[["Pepper2", "Gem2"], ["Pepper1"]], order_display=["MO-01"],
                     orders={0: ["MO-09 bulk", "MO-04 silver"]})
    click(board, "order:MO-01")  # 2 Gem + 1 Scroll, Upgrade
    click(board, "card:MG-02")
    click(board, "bonus:MO-09")  # Gem 2 covers the 2-line, the Bonus Cloth 1 the 1-line
    assert [c["text"] for c in board.choices if c["target"].startswith("level")] == [
        "P0 declare silver", "P0 declare bulk"]
    click(board, "level:gold")
    assert board.notice.startswith("M-FUL-04: Gold needs 2 Gem + 1 Scroll")
    click(board, "level:silver")
    assert [c["target"] for c in board.choices] == ["order:MO-09", "order:MO-04", "button:skip"]
    click(board, "order:MO-04")
    orders = board.match.state.seats[0].orders
    assert [(o.id, o.level.value, o.bonus) for o in orders] == [
        ("MO-09", "silver", False), ("MO-04", "gold", False), ("MO-01", "silver", False)]
    assert monsoon.seals_of(board.match.state.seats[0], monsoon.catalog(board.match.state)) == 7
    assert board.match.state.current == 1


def test_steal2_and_pass_and_fulfill_another() -> None:
    board = board_at(displays=[["Gem2", "Cloth1"], ["Pepper1", "Gem1", "Scroll1", "Wood4"]],
                     order_display=["MO-03"], market=["Gem3"])  # 2 Gem + 1 Cloth, Steal 2
    click(board, "order:MO-03")
    click(board, "card:MG-02")
    click(board, "card:MG-22")
    click(board, "level:gold")
    assert board.match.state.phase == "bonus"
    click(board, "card:MG-05")  # steal Gem3 from the Market; then P1 (4 > 1) may be robbed
    click(board, "card:MG-37")
    assert board.match.state.seats[0].display == ("MG-05", "MG-37")
    assert board.covered and board.choices == []  # hot-seat: P1 must reveal the board first
    board._handle_custom_msg({"type": "reveal"}, [])
    click(board, "button:pass")
    assert board.match.history[-1] == monsoon.Pass(player=1)


def test_illegal_click_explains_with_the_rule_and_changes_nothing() -> None:
    board = board_at(displays=[["Gem2"], ["Pepper1"]], market=["Gem3"])
    before = board.match.state
    click(board, "card:MG-15")  # P1 has 1 card and P0 has 1: not larger
    assert board.notice.startswith("M-STEAL-03: P1 has 1 card and you have 1")
    assert board.match.state == before and board.match.history == ()


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ("play", "malformed message 'play'"),
        ({"index": 0}, "malformed message"),
        ({"type": "fly"}, "unknown message type 'fly'"),
        ({"type": ["play"]}, "malformed message"),
        ({"type": "play", "index": "0", "version": 1}, "malformed message: Expected `int`, got "
                                                       "`str` - at `$.index`"),
        ({"type": "play", "index": 0.0, "version": 1}, "malformed message: Expected `int`, got "
                                                       "`float` - at `$.index`"),
        ({"type": "play", "index": True, "version": 1}, "malformed message: Expected `int`, got "
                                                        "`bool` - at `$.index`"),
        ({"type": "play", "index": 0, "version": 1.0}, "malformed message: Expected `int`, got "
                                                       "`float` - at `$.version`"),
        ({"type": "play", "index": 0}, "malformed message: Object missing required field "
                                       "`version`"),
        ({"type": "play", "index": 0, "version": 1, "to": 2}, "malformed message: Object "
                                                              "contains unknown field `to`"),
        ({"type": "play", "index": 99, "version": 1}, "no choice 99"),
        ({"type": "explain", "target": 5}, "malformed message: Expected `str`, got `int` - at "
                                           "`$.target`"),
        ({"type": "new_game", "seed": "x"}, "The seed must be a whole number such as 42, not 'x'"),
        ({"type": "new_game", "seed": 1.5}, "malformed message: Expected `int | str | null`, "
                                            "got `float` - at `$.seed`"),
        ({"type": "set_seat", "seat": 7}, "no seat 7"),
        ({"type": "set_seat", "seat": "1"}, "malformed message: Expected `int`, got `str` - at "
                                            "`$.seat`"),
        ({"type": "teacher", "on": 1}, "malformed message: Expected `bool`, got `int` - at "
                                       "`$.on`"),
        ({"type": "undo"}, "malformed message: Object missing required field `version`"),
        ({"type": "redo", "version": "1"}, "malformed message: Expected `int`, got `str`"),
        ({"type": "step_in", "seat": 1.0}, "malformed message: Expected `int`, got `float`"),
    ],
)
def test_malformed_messages_set_error_and_change_nothing(message: Any, error: str) -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    board = MonsoonBoard(match)
    assert board.version == 1  # the versions in the table above are the board's own
    revision = match.revision
    board._handle_custom_msg(message, [])
    assert board.error.startswith(error), board.error
    assert match.history == () and match.state == match.states[0]
    assert match.revision == revision


def test_stale_click_is_refused() -> None:
    board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=1))
    old = board.version
    click(board, "card:MG-33")
    board._handle_custom_msg({"type": "reveal"}, [])
    board._handle_custom_msg({"type": "play", "index": 0, "version": old}, [])
    assert board.error.startswith("The board changed before your click arrived")
    assert f"(board version {old}, now" in board.error
    assert len(board.match.history) == 1


def test_a_click_on_a_second_board_over_the_same_match_is_refused_once_the_first_moved() -> None:
    """The adversarial tester's case: a notebook shows two hot-seat boards of one Match. P0
    moves on the first; the second still shows P0's choices, and a click on its first choice
    must not play P1's first legal action."""
    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    first, second = MonsoonBoard(match), MonsoonBoard(match)
    shown = [c["text"] for c in second.choices]
    assert shown[0].startswith("P0 ")
    click(first, "card:MG-33")
    assert match.history == (monsoon.Steal(player=0, card="MG-33"),)
    state, revision = match.state, match.revision
    second._handle_custom_msg({"type": "play", "index": 0, "version": second.version}, [])
    assert second.error.startswith("The board changed before your click arrived, so nothing "
                                   "was done")
    assert "the game moved on since this board was drawn" in second.error
    assert match.history == (monsoon.Steal(player=0, card="MG-33"),)
    assert match.state == state and match.revision == revision
    assert second.seat == 1 and second.covered  # redrawn: the position now, P1's turn
    second._handle_custom_msg({"type": "reveal"}, [])
    assert second.error == "" and second.choices[0]["text"].startswith("P1 ")
    click(second, second.choices[0]["target"])  # a click on what is shown now is played
    assert len(match.history) == 2 and second.error == ""


@pytest.mark.parametrize("kind", ["any_time", "propose_trade", "undo", "redo"])
def test_every_message_on_the_position_shown_is_refused_on_a_stale_board(kind: str) -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    first, second = MonsoonBoard(match), MonsoonBoard(match)
    click(first, "card:MG-33")
    if kind == "redo":
        first._handle_custom_msg({"type": "undo", "version": first.version}, [])
        second._handle_custom_msg({"type": "reveal"}, [])  # drawn at the undone position
        first._handle_custom_msg({"type": "reveal"}, [])
        click(first, "card:MG-33")  # ... then the move is made again on the first board
    history, revision = match.history, match.revision
    message: dict[str, Any] = {"type": kind, "version": second.version}
    message.update({"any_time": {"index": 0}, "propose_trade": {"to": 1}}.get(kind, {}))
    second._handle_custom_msg(message, [])
    assert second.error.startswith("The board changed before your click arrived"), second.error
    assert match.history == history and match.revision == revision


def test_a_move_from_python_between_drawing_and_click_is_refused() -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    board = MonsoonBoard(match)
    version = board.version
    match.play("P0 steal MG-33")  # from a notebook cell: the board is not redrawn
    board._handle_custom_msg({"type": "play", "index": 0, "version": version}, [])
    assert board.error.startswith("The board changed before your click arrived")
    assert match.history == (monsoon.Steal(player=0, card="MG-33"),)
    match.goto(0)  # goto from Python too
    board._handle_custom_msg({"type": "reveal"}, [])
    version = board.version
    match.goto(1)
    board._handle_custom_msg({"type": "play", "index": 0, "version": version}, [])
    assert board.error.startswith("The board changed") and match.cursor == 1
    assert len(match.history) == 1 and match.timeline == 1


def test_a_click_made_before_undo_is_refused_after_redo_back_to_the_same_position() -> None:
    """Undo then redo comes back to the same position, but a click made before the undo is
    still refused: the version never comes back (``Match.revision`` only grows)."""
    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    board = MonsoonBoard(match)
    click(board, "card:MG-33")
    other = MonsoonBoard(match)
    other._handle_custom_msg({"type": "reveal"}, [])  # P1's choices, drawn now
    assert other.choices and other.error == ""
    version, revision = other.version, match.revision
    board._handle_custom_msg({"type": "undo", "version": board.version}, [])
    board._handle_custom_msg({"type": "redo", "version": board.version}, [])
    assert board.error == "" and match.history == (monsoon.Steal(player=0, card="MG-33"),)
    assert match.revision > revision
    other._handle_custom_msg({"type": "play", "index": 0, "version": version}, [])
    assert other.error.startswith("The board changed before your click arrived")
    assert len(match.history) == 1
    board._handle_custom_msg({"type": "reveal"}, [])
    match.undo()
    match.redo()  # from Python, the same
    version = board.version
    board._handle_custom_msg({"type": "play", "index": 0, "version": version}, [])
    assert board.error.startswith("The board changed") and len(match.history) == 1
    board._handle_custom_msg({"type": "play", "index": 0, "version": board.version}, [])
    assert board.error == "" and len(match.history) == 2


def test_a_refused_move_keeps_the_board_version_valid() -> None:
    """A message refused without changing the match (an illegal click, a wrong index) leaves
    the version as it was, so the next click on the same drawing is played."""
    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    board = MonsoonBoard(match)
    version = board.version
    board._handle_custom_msg({"type": "play", "index": 99, "version": version}, [])
    assert board.error.startswith("no choice 99") and board.version == version
    board._handle_custom_msg({"type": "play", "index": 0, "version": version}, [])
    assert board.error == "" and len(match.history) == 1


def test_undo_redo_new_game_teacher_and_seats() -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    board = MonsoonBoard(match)
    click(board, "card:MG-33")
    board._handle_custom_msg({"type": "undo", "version": board.version}, [])
    assert match.history == () and board.can_redo
    board._handle_custom_msg({"type": "redo", "version": board.version}, [])
    assert len(match.history) == 1
    board._handle_custom_msg({"type": "teacher", "on": True}, [])
    assert list(board.scene["goods_deck"]) == list(match.state.goods_deck)
    board._handle_custom_msg({"type": "teacher", "on": False}, [])
    assert board.scene["goods_deck"] is None and board.scene["viewer"] == 1
    board._handle_custom_msg({"type": "new_game", "seed": 5}, [])
    assert match.seed == 5 and match.history == () and board.seed == "5"
    assert match.state == monsoon.setup(monsoon.Rules(players=2), 5)


def test_new_game_deals_fresh_cards_unless_a_seed_is_typed(monkeypatch: Any) -> None:
    """Issue 30: the seed box is empty by default; empty (``null`` or blank text) deals with a
    fresh seed drawn in Python (``secrets``), a typed seed deals that seed, a malformed one is
    refused with a message that says what to type, and nothing changes."""
    import marketlib.widgets as widgets

    drawn = iter([111, 222, 333])
    monkeypatch.setattr(widgets, "fresh_seed", lambda: next(drawn))
    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    board = MonsoonBoard(match)
    for seed, expected in ((None, 111), ("", 222), ("  ", 333), (" 42 ", 42), ("-3", -3)):
        board._handle_custom_msg({"type": "new_game", "seed": seed}, [])
        assert board.error == "" and match.seed == expected and board.seed == str(expected)
        assert match.state == monsoon.setup(monsoon.Rules(players=2), expected)
    click(board, board.choices[0]["target"])
    before = match.history
    for bad in ("abc", "4.5", "1e3", "12 34"):
        board._handle_custom_msg({"type": "new_game", "seed": bad}, [])
        assert board.error == (f"The seed must be a whole number such as 42, not {bad!r}; leave "
                               "the box empty for a fresh deal. Nothing was changed.")
        assert match.seed == -3 and match.history == before
    monkeypatch.undo()
    seeds = set()
    for _ in range(3):  # the real thing: fresh seeds from Python's secrets
        board._handle_custom_msg({"type": "new_game", "seed": None}, [])
        seeds.add(match.seed)
    assert len(seeds) >= 2


class FirstLegal:
    """A stand-in computer player: always the first legal action."""

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        return legal[0]

    def explain_choice(self) -> str:
        return "takes the first legal action"


def test_computer_player_answers_inside_the_click() -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    board = MonsoonBoard(match, opponents={1: FirstLegal()})
    click(board, "card:MG-33")
    assert len(match.history) == 2 and match.current_player == 0
    assert board.log[1] == f"{match.history[1]} - FirstLegal: takes the first legal action"
    assert not board.covered and board.seat == 0
    board._handle_custom_msg({"type": "undo", "version": board.version},
                             [])  # undoes the bot's move and ours
    assert match.history == ()


def test_constructor_checks_and_repr() -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=1)
    with pytest.raises(TypeError, match="unexpected keyword argument"):
        MonsoonBoard(match, colour="red")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="no seat 3"):
        MonsoonBoard(match, opponents={3: FirstLegal()})
    assert repr(MonsoonBoard(match)) == (
        "MonsoonBoard(monsoon, players=2, seat=0, move 0, P0 to play)")
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    kenduri = Match("bansan", bansan.Rules(players=2, mode="kenduri"), seed=1)
    assert repr(BansanBoard(kenduri, opponents={})) == (
        "BansanBoard(bansan, players=2, mode=kenduri, seat=0, move 0, P0 to play)")
    solo = Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=1)
    assert repr(BansanBoard(solo)).startswith("BansanBoard(bansan, players=1, mode=sendiri, ")


def test_marketlib_play_is_a_one_liner_for_a_board() -> None:
    import marketlib
    from marketlib.widgets import BansanBoard

    board = marketlib.play("bansan", players=3, seed=4)
    assert isinstance(board, BansanBoard)
    assert [s["bot"] for s in board.seats] == ["", "GreedyBot", "GreedyBot"]
    assert board.match.rules.players == 3 and board.match.seed == 4
    hot = marketlib.play("monsoon", opponents=None, seal_target=30)
    assert [s["bot"] for s in hot.seats] == ["", ""] and hot.match.rules.seal_target == 30
    with pytest.raises(ValueError, match="unknown field"):
        marketlib.play("monsoon", colour="red")


def test_opponents_by_seat_take_bots_or_their_names_and_refuse_anything_else() -> None:
    """helper-87: ``opponents={1: "greedy"}`` made a board whose seat showed the bot 'str' and
    whose every click failed ("'str' object has no attribute 'choose'"); a name nobody knows
    and a list went through too. A name is a bot now; anything else is refused, seat named,
    before a board is made."""
    import marketlib
    from marketlib.bots import GreedyBot, RandomBot

    board = marketlib.play("bansan", players=3, seed=1, opponents={1: "greedy", 2: RandomBot()})
    assert [s["bot"] for s in board.seats] == ["", "GreedyBot", "RandomBot"]
    board._handle_custom_msg({"type": "play", "index": 0, "version": board.version}, [])
    assert board.error == "" and len(board.match.history) == 3  # P0's move, then both bots'
    refused = {
        "opponents[1]: unknown bot 'smart'; choose from random, greedy, ismcts": {1: "smart"},
        "opponents is a mapping of seats to bots or bot names, such as {1: 'greedy'}, not "
        "['greedy']": ["greedy"],
        "opponents[1] is the class GreedyBot, not a computer player: give a bot such as "
        "GreedyBot() or a name (random, greedy, ismcts)": {1: GreedyBot},
        "opponents[2] is 3, not a computer player: give a bot such as GreedyBot() or a name "
        "(random, greedy, ismcts)": {2: 3},
        "opponents: there is no seat 5 (seats 0-2)": {5: "greedy"},
    }
    for message, opponents in refused.items():
        with pytest.raises((TypeError, ValueError)) as err:
            marketlib.play("bansan", players=3, seed=1, opponents=opponents)
        assert str(err.value) == message


def test_a_computer_players_failure_between_slices_keeps_its_error() -> None:
    """helper-88: the board's error about a computer player that failed was set before the
    redraw of the position put back, and that redraw (a new position) dropped it: the person
    read nothing. The position is put back first now, then the error said."""
    from marketlib.bots import GreedyBot

    class Flaky(GreedyBot):
        calls = 0

        def choose(self, view: Any, legal: Any, rng: Any) -> Any:
            Flaky.calls += 1
            if Flaky.calls == 2:
                raise RuntimeError("bot broke")
            return super().choose(view, legal, rng)

    class Later:
        def call_soon(self, *args: Any) -> None:  # the next slice is never run here
            pass

    board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=3), seed=1),
                         opponents={1: Flaky(), 2: Flaky()})
    session = board.session
    session.raise_errors = False
    session.match.play(session.match.legal_actions()[0])  # P0's move, the bots still to come
    checkpoint = session.table.checkpoint()
    session.refresh()
    session.table.bot_move()  # the first slice: P1 moves
    session.refresh()  # a message answered between slices redraws
    session._bot_slice(Later(), checkpoint)  # the next: P2's computer player fails
    assert session.match.cursor == 1 and session.error.startswith(
        "Something went wrong (RuntimeError: bot broke); the game is back where it was")


def test_a_refused_message_takes_down_the_confirmation_of_an_earlier_one() -> None:
    """helper-106: "Redone: 1 move played again." stayed beside the refusal of a new game's
    seed, as if both were about the new game."""
    from marketlib.widgets import table_of
    from marketlib.widgets.session import SeatSession, TableSession

    match = Match("monsoon", None, seed=1)
    seat = SeatSession(TableSession(table_of("monsoon"), match), 0, hot_seat=False,
                       controls=("undo", "redo", "new_game"))
    seat.refresh()
    for kind in ("play", "undo", "redo"):
        assert seat.handle({"type": kind, "index": 0, "version": seat.version}
                           if kind == "play" else {"type": kind, "version": seat.version}) == ""
    assert seat.traits()["confirmation"] == "Redone: 1 move played again."
    refused = seat.handle({"type": "new_game", "seed": "abc"})
    assert refused.startswith("The seed must be a whole number such as 42, not 'abc'")
    traits = seat.traits()
    assert traits["error"] == refused and traits["confirmation"] == ""
