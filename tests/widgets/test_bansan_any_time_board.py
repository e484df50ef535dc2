"""Boards and "at any time" (issue 15; A-B-60, B-ANY-01..08): every person at the table can play
their Rent & Release and propose trades on another vendor's decision, answer an offer with a
counter-offer, and computer players use R&R out of turn (docs: "Boards", Bansan's "Any-time
actions").
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from previewing import previewed

from marketlib import Match, bansan
from marketlib.bots import GreedyBot, RandomBot
from marketlib.bots.heuristics.bansan import FLAT_WEIGHTS, BansanHeuristic
from marketlib.widgets import BansanBoard
from marketlib.widgets.messages import TYPES, Choice
from marketlib.widgets.shared import TableSession


def send(board: BansanBoard, **message: Any) -> None:
    """Deliver a message the way the front end sends it: one made on the position shown
    (play, any_time, a proposal, undo, redo) carries the board's version."""
    if issubclass(TYPES[message["type"]], Choice):
        message.setdefault("version", board.version)
    board._handle_custom_msg(message, [])


def any_time_index(board: BansanBoard, text: str) -> int:
    return next(c["index"] for c in board.any_time if c["text"] == text)


def middle_of_p1s_turn(**kw: Any) -> bansan.State:
    return bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]}, phase="actions",
                           current=1, stalls={"FV": ["FV", "FV"]}, **kw)


def test_hot_seat_a_person_steps_in_and_rents_on_another_vendors_turn() -> None:
    match = Match.from_state("bansan", middle_of_p1s_turn())
    board = BansanBoard(match)
    assert board.seat == 1 and board.covered and board.step_in == []  # nothing before reveal
    send(board, type="reveal")
    assert (board.seat, board.any_time, board.step_in) == (1, [], [0, 2])
    assert not board.out_of_turn
    send(board, type="step_in", seat=2)
    # the device passes to P2: covered, nothing of P2's sent until P2 reveals
    assert board.seat == 2 and board.covered and board.any_time == [] and board.out_of_turn
    send(board, type="reveal")
    texts = [c["text"] for c in board.any_time]
    assert "P2 rr rent=ST-04" in texts and board.choices == []  # P1's choices are not P2's
    rent = next(c for c in previewed(board, "any_time") if c["text"] == "P2 rr rent=ST-04")
    assert rent["target"] == "rr:ST-04:-" and "RM10 -> RM7" in rent["preview"]
    send(board, type="any_time", index=rent["index"], version=board.version)
    assert board.error == "" and match.history == (bansan.parse_action("P2 rr rent=ST-04"),)
    assert [v.money for v in match.state.vendors] == [10, 10, 7]
    # the decision stays P1's; the board goes back to P1, covered for the hand-over
    assert match.current_player == 1 and board.seat == 1 and board.covered
    assert not board.out_of_turn
    send(board, type="reveal")
    assert board.log[-1].startswith("P2 rr rent=ST-04") and board.choices


def test_step_out_returns_to_the_decider_without_a_move() -> None:
    match = Match.from_state("bansan", middle_of_p1s_turn())
    board = BansanBoard(match)
    send(board, type="reveal")
    send(board, type="step_in", seat=0)
    send(board, type="reveal")
    assert board.seat == 0 and board.any_time and board.step_in == []
    send(board, type="step_out")
    assert board.seat == 1 and board.covered and match.history == ()


def test_refused_any_time_messages_name_why_and_change_nothing() -> None:
    match = Match.from_state("bansan", middle_of_p1s_turn())
    board = BansanBoard(match)
    send(board, type="reveal")
    send(board, type="step_in", seat=1)  # the shown seat itself
    assert "P1 cannot step in now" in board.error
    send(board, type="step_in", seat=2)
    send(board, type="reveal")
    stale = board.version - 1
    send(board, type="any_time", index=0, version=stale)
    assert "board changed before your click" in board.error and match.history == ()
    send(board, type="any_time", index=99, version=board.version)
    assert "no any-time choice 99" in board.error and match.history == ()
    send(board, type="any_time", index="0", version=board.version)
    assert "Expected `int`, got `str` - at `$.index`" in board.error and match.history == ()
    assert board.seat == 2 and board.out_of_turn  # still P2's board


def test_a_person_proposes_a_trade_out_of_turn_and_the_decider_answers() -> None:
    state = bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]}, phase="actions",
                            current=1, bags={0: ["MT:OR"], 2: ["FV:PA"]})
    match = Match.from_state("bansan", state)
    board = BansanBoard(match, opponents={0: RandomBot()})
    mine, theirs = state.vendors[2].bag[0].card, state.vendors[0].bag[0].card
    send(board, type="reveal")
    send(board, type="step_in", seat=2)
    send(board, type="reveal")
    send(board, type="propose_trade", to=0, give=[mine], take=[theirs], pay=0, ask=0)
    assert board.error == "" and board.notice == ""
    # the computer vendor's seeded answer is to accept: the cards swap bags
    assert [str(a) for a in match.history] == [
        f"P2 trade P0 give={mine} take={theirs} pay=0 ask=0", "P0 accept"]
    bags = [[b.card for b in v.bag] for v in match.state.vendors]
    assert bags == [[mine], [], [theirs]]
    assert match.current_player == 1 and board.seat == 1 and not board.out_of_turn  # P1 resumes


def test_any_time_actions_are_only_the_shown_seats_and_never_on_a_covered_board() -> None:
    match = Match.from_state("bansan", middle_of_p1s_turn())
    board = BansanBoard(match, opponents={0: RandomBot(), 2: RandomBot()})
    # P1 decides: its own R&R are among its choices, not repeated as any-time actions
    assert board.seat == 1 and board.any_time == [] and board.step_in == []
    assert any(c["text"].startswith("P1 rr ") for c in board.choices)


def test_opening_round_r_and_r_from_the_board_during_the_draft() -> None:
    match = Match("bansan", bansan.Rules(players=3), seed=3)
    board = BansanBoard(match, opponents={1: RandomBot(), 2: RandomBot()})
    while match.state.phase != "draft" or match.current_player != 0:
        send(board, type="play", index=0, version=board.version)
    assert not any(c["text"].startswith("P0 rr") for c in board.choices)
    first = board.any_time[0]
    assert first["text"].startswith("P0 rr rent=") and "release" not in first["text"]
    money = match.state.vendors[0].money
    send(board, type="any_time", index=0, version=board.version)
    assert board.error == "" and match.state.vendors[0].money == money - 3
    assert match.state.vendors[0].rr_used and board.any_time == []
    assert match.current_player == 0 and match.state.phase == "draft"


class Bargainer:
    """A scripted computer vendor: buys Fruit & Veg from P0's stall offering RM0 for the first
    card, accepts any counter-offer, then ends its actions."""

    def choose(self, view: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
        texts = [str(a) for a in actions]
        if view.offer is not None:
            return actions[texts.index("P1 accept")]
        pending = view.pending
        if type(pending).__name__ == "Purchase" and not pending.picked:
            card = view.stalls[0].cards[0]
            return bansan.Bargain(player=1, card=card, price=0)
        if type(pending).__name__ == "Purchase":
            return actions[texts.index("P1 done")]  # only the bargained card
        has_fv = any(b.produce.value == "FV" for b in view.vendors[1].bag)
        if "P1 buy FV" in texts and not has_fv:
            return actions[texts.index("P1 buy FV")]
        if has_fv and "P1 end-actions" in texts:
            return actions[texts.index("P1 end-actions")]
        return actions[0]


def test_a_person_counters_a_computer_vendors_bargain_and_it_accepts() -> None:
    state = bansan.position(players=2, rents={0: ["FV"], 1: ["WG"]}, phase="actions", current=1,
                            stalls={"FV": ["FV", "FV"]}, money=[10, 10])
    match = Match.from_state("bansan", state)
    card = state.stalls[0].cards[0]
    board = BansanBoard(match, opponents={1: Bargainer()})
    assert board.seat == 0 and match.current_player == 0
    offer = board.scene["offer"]
    assert offer == {"from": 1, "to": 0, "text": f"P1 offers P0 RM0 for {card}",
                     "kind": "bargain", "counters": 0, "max_counters": 3, "card": card,
                     "price": 0, "seller": 0}  # P0 rents the card's Stall (B-BUY-02)
    assert [c["text"] for c in board.choices] == ["P0 accept", "P0 counter price=1",
                                                  "P0 decline"]
    assert board.story[-1] == f"P1 offers RM0 for your {card}."  # "While you waited"
    send(board, type="counter", price=2)
    assert board.error == "" and board.notice == ""
    played = [str(a) for a in match.history]
    assert played[played.index("P0 counter price=2") + 1] == "P1 accept"
    assert match.state.vendors[0].money == 12  # the renter got the agreed RM2


def test_a_counter_the_rules_refuse_names_the_rule_and_changes_nothing() -> None:
    state = bansan.position(players=2, rents={0: ["FV"], 1: ["WG"]}, phase="actions", current=1,
                            stalls={"FV": ["FV", "FV"]}, money=[10, 10])
    match = Match.from_state("bansan", state)
    board = BansanBoard(match, opponents={1: Bargainer()})
    before = match.history
    send(board, type="counter", price=0)  # the price already offered
    assert board.notice == "B-ANY-01: RM0 is the price offered: accept it instead"
    assert match.history == before
    send(board, type="counter", give=[match.state.stalls[0].cards[1]], take=[], pay=0, ask=0)
    assert board.notice.startswith("B-ANY-01: counter a bargain with another price only")
    assert match.history == before


def test_computer_players_rent_out_of_turn_only_at_hand_offs_and_undo_removes_it() -> None:
    rents: list[tuple[int, int]] = []
    for seed in range(8):
        match = Match("bansan", bansan.Rules(players=3), seed=seed)
        board = BansanBoard(match, opponents={1: GreedyBot(), 2: GreedyBot()})
        rng = random.Random(seed)
        for _ in range(60):
            if match.is_over:
                break
            before = len(match.history)
            send(board, type="play", index=rng.randrange(len(board.choices)),
                 version=board.version)
            assert board.error == ""
            states = match.states
            for i in range(before, len(match.history)):
                action = match.history[i]
                decider = bansan.current_player(states[i])
                if action.player != decider:  # out of turn
                    assert action.player in (1, 2) and isinstance(action, bansan.RentAndRelease)
                    assert bansan.current_player(states[i + 1]) == decider
                    rents.append((seed, i))
        # undo goes back to P0's last decision: every computer move after it goes with it
        if match.can_undo:
            board.undo()
            assert match.current_player == 0 and match.next_action.player == 0
    assert len(rents) >= 3, rents


def test_out_of_turn_answers_do_not_move_the_bots_streams() -> None:
    match = Match("bansan", bansan.Rules(players=3), seed=4)
    table = TableSession(BansanBoard.TABLE, match, {1: GreedyBot(), 2: GreedyBot()})
    streams = {s: r.getstate() for s, r in table.rngs.items()}
    while match.current_player != 1:
        match.play(match.legal_actions()[0])
    table.out_of_turn()
    assert {s: r.getstate() for s, r in table.rngs.items()} == streams


def test_undo_new_game_seat_and_teacher_end_a_step_in() -> None:
    match = Match.from_state("bansan", middle_of_p1s_turn())
    board = BansanBoard(match, teacher=True)
    send(board, type="reveal")
    for message in ({"type": "new_game", "seed": 5}, {"type": "set_seat", "seat": 0},
                    {"type": "teacher", "on": True}):
        if board.covered:
            send(board, type="reveal")
        seats = board.step_in
        assert seats, message
        send(board, type="step_in", seat=seats[0])
        assert board.out_of_turn
        send(board, **message)
        assert not board.out_of_turn and board.error == "", message
        if message["type"] == "teacher":
            assert board.step_in == []  # the teacher view acts for the decider only
    send(board, type="teacher", on=False)
    send(board, type="reveal")
    send(board, type="play", index=0, version=board.version)
    send(board, type="reveal")
    send(board, type="step_in", seat=board.step_in[0])
    board.undo()
    assert not board.out_of_turn and board.seat == match.current_player


def test_a_computer_players_out_of_turn_reason_reaches_whoever_saw_what_it_saw() -> None:
    rules = bansan.Rules(players=3, hidden_wallets=False)
    for seed in range(6):
        match = Match("bansan", rules, seed=seed)
        board = BansanBoard(match, opponents={1: GreedyBot(), 2: GreedyBot()})
        rng = random.Random(seed)
        for _ in range(40):
            if match.is_over:
                break
            send(board, type="play", index=rng.randrange(len(board.choices)),
                 version=board.version)
        table = board.session.table
        for (i, action), reason in table.reasons.items():
            readers = reason.readers
            if i < len(match.history) and match.history[i] == action and action.player != (
                    bansan.current_player(match.states[i])):
                assert readers is not None and 0 in readers, (seed, i, action)
                return
    raise AssertionError("no out-of-turn move by a computer player in 6 games")


class SlowGreedy(GreedyBot):
    """A GreedyBot whose every decision outlasts a board's time slice (0.05 s). It plays by the
    flat weights, which Rent & Release out of turn early in this game (the defaults hold on to
    their stalls longer)."""

    def __init__(self) -> None:
        super().__init__(heuristic=BansanHeuristic(FLAT_WEIGHTS))

    def choose(self, view: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
        time.sleep(0.06)
        return super().choose(view, actions, rng)


def test_computer_players_moving_in_slices_get_every_out_of_turn_chance() -> None:
    """A notebook board moves computer players in time slices on the event loop; the hand-off
    after a slice's last move is still asked about, so it plays what a board that moves them
    at once plays (and what the simulator plays)."""

    async def drive(board: BansanBoard) -> None:
        for _ in range(20):
            while board.busy:
                await asyncio.sleep(0.01)
            send(board, type="play", index=0, version=board.version)
            await asyncio.sleep(0)
        while board.busy:
            await asyncio.sleep(0.01)

    at_once = Match("bansan", bansan.Rules(players=3), seed=0)
    board = BansanBoard(at_once, opponents={1: SlowGreedy(), 2: SlowGreedy()})
    board.async_bots = False
    for _ in range(20):
        send(board, type="play", index=0, version=board.version)
    sliced = Match("bansan", bansan.Rules(players=3), seed=0)
    asyncio.run(drive(BansanBoard(sliced, opponents={1: SlowGreedy(), 2: SlowGreedy()})))
    out_of_turn = [str(a) for i, a in enumerate(sliced.history)
                   if a.player != bansan.current_player(sliced.states[i])]
    assert out_of_turn == ["P2 rr release=ST-03", "P1 rr release=ST-03"]
    assert sliced.history == at_once.history


def test_a_hint_names_the_offer_its_answer_is_about() -> None:
    """A hint or a review names a move by its button's words; "Accept the offer" read away
    from the board (a review after the game) did not say which offer: it now says whose, on
    what terms (``Table.named``), in the board's language too."""
    from marketlib.core.i18n import language, naming
    from marketlib.widgets import table_of

    state = bansan.position(players=2, rents={0: ["FV"], 1: ["WG"]}, phase="actions", current=1,
                            stalls={"FV": ["FV", "FV"]}, money=[10, 10])
    match = Match.from_state("bansan", state)
    card = state.stalls[0].cards[0]
    board = BansanBoard(match, opponents={1: Bargainer()})
    send(board, type="hint")
    first = board.notice.split("\n")[0]
    offer = f"(P1's offer: RM0 for {card} (Fruits & Veggies in your Stall ST-01))"
    assert first == f"Hint for P0: \u201cCounter: RM1 instead\u201d {offer}"
    table, view = table_of("bansan"), match.view(0)
    assert table.named(view, bansan.Decline(player=0)) == f"\u201cDecline the offer\u201d {offer}"
    with language("ms"):
        assert table.named(view, bansan.Accept(player=0)) == (
            f"\u201cTerima tawaran\u201d (Tawaran P1: RM0 untuk {card} (Buah & Sayur di Gerai "
            "ST-01 anda))")
    # the seller's counter asks the buyer a price (A-B-60); a trade's terms are its four parts
    asked = bansan.apply(match.state, bansan.Counter(player=0, price=2))
    assert table.named(bansan.view(asked, 1), bansan.Accept(player=1)) == (
        f"\u201cAccept the offer\u201d (P0's asking price: RM2 for {card} (Fruits & Veggies "
        "in P0's Stall ST-01))")
    traded = bansan.apply(state, bansan.ProposeTrade(player=1, to=0, give=(), take=(), pay=1,
                                                    ask=0))
    assert table.named(bansan.view(traded, 0), bansan.Decline(player=0)) == (
        "\u201cDecline the offer\u201d (P1's offer: [] + RM1 for [] + RM0)")
    # the teacher's view (the dashboard's undo line) reads the Stall by its renter
    assert table.named(match.view(None), bansan.Accept(player=0)) == (
        f"\u201cAccept the offer\u201d (P1's offer: RM0 for {card} (Fruits & Veggies in P0's "
        "Stall ST-01))")
    # a move that needs nothing beside its button is named by its words alone
    assert table.named(view, bansan.EndActions(player=0)) == "\u201cEnd the Action Phase\u201d"
    with naming(board.session._button_words(0)):
        assert match.hint(0).text.split("\n")[0] == first


def test_the_vendor_whose_offer_waits_has_a_button_to_take_it_back() -> None:
    """helper-94: an offer to a classmate who had gone held the table, and its maker's board
    offered nothing but another proposal. It lists "Take back your offer" (an any-time
    action) while the offer waits; a click plays it and the decision goes back to P0."""
    from marketlib.widgets import table_of
    from marketlib.widgets.session import SeatSession

    match = Match("bansan", bansan.Rules(players=3), seed=5)
    while match.state.phase != "actions":
        match.play(match.legal_actions()[0])
    p1 = SeatSession(TableSession(table_of("bansan"), match), 1, hot_seat=False)
    p1.refresh()

    def handle(**message: Any) -> None:
        if issubclass(TYPES[message["type"]], Choice):
            message.setdefault("version", p1.version)
        p1.handle(message)
        assert p1.error == "", p1.error

    handle(type="propose_trade", to=2, give=[], take=[], pay=1, ask=0)
    assert match.state.offer is not None
    offered = p1.traits()["any_time"]
    withdraw = next(c for c in offered if c["text"] == "P1 withdraw")
    assert (withdraw["label"], withdraw["target"]) == ("Take back your offer", "button:withdraw")
    assert withdraw["index"] == 0  # first, before the R&R options
    handle(type="any_time", index=withdraw["index"])
    assert match.state.offer is None and match.current_player == 0
    assert all(c["text"] != "P1 withdraw" for c in p1.traits()["any_time"])
