"""Undo, Redo and a completed list get a short confirmation on the board (issue 30, point 4),
worded from the seat's own views; other moves leave the notice empty."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from marketlib import Match, bansan, monsoon
from marketlib.bots import RandomBot
from marketlib.widgets import MonsoonBoard, table_of
from marketlib.widgets.session import SeatSession, TableSession


def seats(game: str, rules: Any, seed: int) -> tuple[Match, list[SeatSession]]:
    match = Match(game, rules, seed=seed)
    shared = TableSession(table_of(game), match)
    return match, [SeatSession(shared, s, hot_seat=False) for s in range(shared.players)]


def play_until(match: Match, boards: list[SeatSession], kind: str, seed: int) -> SeatSession:
    """Play seeded random moves until the decider can play ``kind``; play it; its board."""
    rng = random.Random(seed)
    for _ in range(5000):
        if match.outcome is not None:
            match.reset(match.seed + 1)
        seat = match.current_player
        assert seat is not None
        legal = match.legal_actions()
        wanted = [a for a in legal if type(a).__name__ == kind]
        boards[seat].play(wanted[0] if wanted else rng.choice(legal))
        if wanted:
            return boards[seat]
        assert boards[seat].notice == ""  # no confirmation for other moves
    raise AssertionError(f"no {kind} in 5000 moves")


def test_a_completed_list_is_confirmed_with_its_money() -> None:
    match, boards = seats("bansan", bansan.Rules(players=2), seed=3)
    board = play_until(match, boards, "Complete", seed=3)
    done = match.history[-1]
    assert board.notice.startswith(f"Done: P{done.player} completed Shopping List {done.list}: ")
    assert board.notice.endswith(" for you.") and "RM" in board.notice


def test_a_fulfilled_order_is_confirmed_with_the_seals() -> None:
    match, boards = seats("monsoon", monsoon.Rules(players=2), seed=2)
    board = play_until(match, boards, "Declare", seed=2)
    seat = match.history[-1].player
    seals = match.view(seat).seals[seat]
    word = "seal" if seals == 1 else "seals"
    assert board.notice.startswith(f"Done: P{seat} fulfilled ")
    assert board.notice.endswith(f"P{seat} has {seals} {word}.")


def test_undo_and_redo_say_how_many_moves() -> None:
    match, boards = seats("monsoon", monsoon.Rules(players=2), seed=5)
    rng = random.Random(5)
    for _ in range(6):
        boards[match.current_player].play(rng.choice(match.legal_actions()))
    board = boards[0]
    cursor = match.cursor
    board.undo()
    taken = cursor - match.cursor
    assert taken >= 1
    assert board.notice == f"Undone: {taken} move{'' if taken == 1 else 's'} taken back."
    board.redo()
    assert match.cursor == cursor
    assert board.notice == f"Redone: {taken} move{'' if taken == 1 else 's'} played again."


def test_a_confirmation_is_its_own_trait_not_a_notice() -> None:
    """A first-time player read "Done: ..." in the tan of a refusal: the board sends a
    confirmation as ``confirmation``, never in ``notice``, and a later notice replaces it."""
    match, boards = seats("bansan", bansan.Rules(players=2), seed=3)
    board = play_until(match, boards, "Complete", seed=3)
    traits = board.traits()
    assert traits["confirmation"].startswith("Done: ") and traits["notice"] == ""
    board.handle({"type": "explain", "target": "button:nothing-here"})
    traits = board.traits()
    assert traits["confirmation"] == "" and traits["notice"] != ""


def test_undo_and_redo_confirm_in_the_seats_language() -> None:
    match, boards = seats("monsoon", monsoon.Rules(players=2), seed=5)
    rng = random.Random(5)
    for _ in range(6):
        boards[match.current_player].play(rng.choice(match.legal_actions()))
    board = boards[0]
    board.lang = "ms"
    board.refresh()
    cursor = match.cursor
    board.handle({"type": "undo", "version": board.version})
    taken = cursor - match.cursor
    assert board.traits()["confirmation"] == f"Dibuat asal: {taken} langkah ditarik balik."
    assert board.traits()["notice"] == ""
    board.handle({"type": "redo", "version": board.version})
    assert board.traits()["confirmation"] == f"Dibuat semula: {taken} langkah dimainkan semula."


# ------------------------------------------------------------------ drawn in every theme
THEMES = ("light", "dark", "lab-light", "lab-dark")

DRAWN = r"""
() => {
  const done = document.querySelector(".marketlib-confirmation");
  const notice = document.querySelector(".marketlib-notice");
  const style = (el) => el && getComputedStyle(el);
  return {
    text: done && done.textContent,
    role: done && done.parentElement.getAttribute("role"), own: done && done.getAttribute("role"),
    tick: done && done.querySelector(".marketlib-tick").getAttribute("aria-hidden"),
    ground: style(done).backgroundColor, frame: style(done).borderTopColor,
    noticeGround: style(notice).backgroundColor, noticeStripe: style(notice).borderLeftColor,
    noticeTop: style(notice).borderTopStyle,
  };
}
"""


@pytest.mark.browser
@pytest.mark.parametrize("theme", THEMES)
def test_a_confirmation_is_drawn_unlike_a_notice(tmp_path: Path, theme: str) -> None:
    """The confirmation is a calm green-framed line with a tick, read by the status box it sits
    in, not the tan stripe of a notice (a refusal, an explanation): in light, dark, JupyterLab
    Light and Dark, with no serious axe violation. Screenshots are kept in the test's folder."""
    from axe_playwright_python.sync_playwright import Axe
    from browser import ROOT, chromium_page, traits

    sys.path.insert(0, str(ROOT / "widgets"))
    from screenshots import dress

    match = Match("monsoon", monsoon.Rules(players=2), seed=5)
    board = MonsoonBoard(match, opponents={1: RandomBot()})
    rng = random.Random(5)
    for _ in range(3):
        board.play(rng.choice(match.legal_actions()))
    board._handle_custom_msg({"type": "undo", "version": board.version}, [])
    assert board.confirmation.startswith("Undone: ") and board.notice == ""
    state = traits(board)
    # a notice beside it (what the table announces to every seat) shows the difference
    state["notice"] = "The teacher undid the last move."
    with chromium_page(tmp_path, 900, 700) as page:
        page.goto((ROOT / "widgets" / "harness.html").as_uri())
        dress(page, theme)
        page.evaluate("([esm, css, state]) => window.mlHarness.mount(esm, css, state)",
                      [str(board._esm), str(board._css), state])
        drawn = page.evaluate(DRAWN)
        assert drawn["text"] == "\u2713" + board.confirmation
        # read once, by the status region it sits in (no status region inside another)
        assert drawn["role"] == "status" and drawn["own"] is None and drawn["tick"] == "true"
        assert drawn["ground"] != drawn["noticeGround"]
        assert drawn["frame"] != drawn["noticeStripe"] and drawn["noticeTop"] == "none"
        results = Axe().run(page, context=".marketlib-status").response
        serious = [v["id"] for v in results["violations"] if v["impact"] in ("serious",
                                                                              "critical")]
        assert serious == []
        page.locator(".marketlib-status").screenshot(path=str(tmp_path / f"done_{theme}.png"))
        page.screenshot(path=str(tmp_path / f"board_{theme}.png"))
