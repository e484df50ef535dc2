"""The coach's buttons in headless chromium (issue 29, points 4 and 5): Hint while the shown
seat decides, Review this game on the end screen, and neither when the board does not offer
them (a classroom table whose teacher switched the coach off)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from browser import chromium_page
from test_board_js import mount, traits

from marketlib import Match, monsoon
from marketlib.bots import GreedyBot
from marketlib.widgets import MonsoonBoard

pytestmark = pytest.mark.browser


def test_the_hint_and_review_buttons_send_their_messages_only_when_offered(
        tmp_path: Path) -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=3)
    board = MonsoonBoard(match, opponents={1: GreedyBot()})
    with chromium_page(tmp_path) as page:
        mount(page, board)
        hint = page.locator('[data-target="control:Hint"]')
        assert hint.count() == 1
        assert page.locator('[data-target="control:Review this game"]').count() == 0
        hint.click()
        assert page.evaluate("window.mlHarness.sent")[-1] == {"type": "hint"}
        board._handle_custom_msg({"type": "hint"}, [])
        page.evaluate("(s) => window.mlHarness.update(s)", json.loads(json.dumps(traits(board))))
        assert "Hint for P0" in page.locator("body").inner_text()
        off = {**json.loads(json.dumps(traits(board))), "controls": []}
        page.evaluate("(s) => window.mlHarness.update(s)", off)
        assert page.locator('[data-target="control:Hint"]').count() == 0
        bot, rng = GreedyBot(), random.Random(0)
        while not match.is_over:
            match.play(bot.choose(match.view(match.current_player), match.legal_actions(), rng))
        board.session.refresh()
        board._sync()
        state = json.loads(json.dumps(traits(board)))
        assert state["summary"].startswith("Game over")
        page.evaluate("(s) => window.mlHarness.update(s)", state)
        review = page.locator('[data-target="control:Review this game"]')
        assert review.count() == 1 and page.locator('[data-target="control:Hint"]').count() == 0
        review.click()
        assert page.evaluate("window.mlHarness.sent")[-1] == {"type": "review"}
