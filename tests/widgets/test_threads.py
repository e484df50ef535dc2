"""One message, one slice of the computer players' moves or one Python call at a time per table
(``TableSession.lock``): JupyterLab 4.6 with ipykernel 7 hands a board's messages to a kernel
subshell, a thread of its own, while cells run on the main thread and the computer players'
slices on the thread that scheduled them. A message from another thread waits; it used to run
in the middle of a computer player's decision."""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

from marketlib import Match, bansan
from marketlib.bots import RandomBot
from marketlib.widgets import BansanBoard

PONDERING = threading.Event()  # set while the computer player decides
RELEASE = threading.Event()  # its decision may end (module-level: a bot is deep-copied)


class Pondering(RandomBot):
    """A RandomBot that decides only once the test releases it."""

    def choose(self, view: Any, legal_actions: tuple[Any, ...], rng: random.Random) -> Any:
        PONDERING.set()
        assert RELEASE.wait(10), "never released"
        return super().choose(view, legal_actions, rng)


def in_thread(work: Any) -> tuple[threading.Thread, threading.Event, list[BaseException]]:
    done, errors = threading.Event(), []

    def run() -> None:
        try:
            work()
        except BaseException as err:  # reported by the test
            errors.append(err)
        finally:
            done.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, done, errors


def board_with_a_pondering_player() -> BansanBoard:
    PONDERING.clear()
    RELEASE.clear()
    board = BansanBoard(Match("bansan", bansan.Rules(players=2), seed=3),
                        opponents={1: Pondering()}, seat=0)
    board.raise_errors = True
    while board.match.current_player != 0:  # the computer player's opening moves
        RELEASE.set()
        board.session.table.run_bots()
    RELEASE.clear()
    board.session.refresh()
    board._sync()
    return board


def test_a_message_from_another_thread_waits_for_the_computer_player_deciding() -> None:
    board = board_with_a_pondering_player()
    match = board.match
    while match.current_player == 0:  # the person plays until the computer player decides
        mover, moved, failed = in_thread(lambda: board.play(match.legal_actions()[0]))
        if PONDERING.wait(0.5):
            break
        moved.wait(5)
        assert not failed, failed
    assert PONDERING.is_set()
    cursor = match.cursor
    # the kernel's subshell hands the board a new game meanwhile
    other, answered, refused = in_thread(
        lambda: board._handle_custom_msg({"type": "new_game", "seed": 9}, []))
    assert not answered.wait(0.5)  # it waits for the decision
    assert match.cursor == cursor and match.seed == 3
    RELEASE.set()
    assert moved.wait(10) and answered.wait(10)
    mover.join(5)
    other.join(5)
    assert failed == [] and refused == []
    assert board.error == ""
    assert match.seed == 9 and board.version == board.session.version  # drawn after both


def test_a_slice_of_the_computer_players_keeps_other_threads_out() -> None:
    """A notebook board's computer players move in slices on the event loop: a request for
    previews from the kernel's subshell waits for the slice, then is answered."""
    board = board_with_a_pondering_player()
    session = board.session
    match = board.match
    while match.current_player == 0:  # the person's moves, played on the match itself
        match.play(match.legal_actions()[0])
    PONDERING.clear()
    loop = asyncio.new_event_loop()
    try:
        checkpoint = session.table.checkpoint()
        slicing, sliced, failed = in_thread(lambda: session._bot_slice(loop, checkpoint))
        assert PONDERING.wait(5)
        asked, answered, refused = in_thread(lambda: board._handle_custom_msg(
            {"type": "previews", "version": board.version}, []))
        assert not answered.wait(0.5)  # the slice holds the table
        RELEASE.set()
        assert sliced.wait(10) and answered.wait(10)
        slicing.join(5)
        asked.join(5)
        assert failed == [] and refused == []
    finally:
        if session._pending_bots is not None:
            session._pending_bots.cancel()
        loop.close()
