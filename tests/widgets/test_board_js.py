"""Each board's JavaScript in headless chromium against a fake model (widgets/harness.html).

The Python board computes the traits; the page draws them. Clicking a highlighted thing must
send ``play`` with its index and the board version; clicking anything else must send
``explain`` with its target. A screenshot is saved next to the test's temporary folder.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from browser import (
    ARGS,
    CHROMIUM,
    ROOT,
    answer_previews,
    answer_text,
    chromium_page,
    phases,
    traits,
)
from previewing import previewed

from marketlib import Match, monsoon
from marketlib.widgets import MonsoonBoard

pytestmark = pytest.mark.browser

def mount(page: Any, board: Any) -> None:
    page.goto((ROOT / "widgets" / "harness.html").as_uri())
    css = str(board._css)
    page.evaluate("([esm, css, state]) => window.mlHarness.mount(esm, css, state)",
                  [board._esm, css, traits(board)])


def test_monsoon_board_draws_and_sends_play_and_explain(tmp_path: Path) -> None:
    board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=3), seed=1), opponents=None)
    with chromium_page(tmp_path) as page:
        mount(page, board)
        legal = page.locator(".marketlib-legal")
        assert legal.count() == len(board.choices) == 13
        # every clickable element is a real button with an aria-label
        assert page.locator("button:not([aria-label])").count() == 0
        # the Market shows its 4 cards, each player panel its 4
        assert page.locator(".marketlib-card").count() == 4 + 3 * 4
        page.locator('[data-target="card:MG-33"]').first.click()
        sent = page.evaluate("window.mlHarness.sent")
        assert sent == [{"type": "play", "index": 0, "version": board.version}]
        # a card in another player's (equal) display is not legal: the click asks for why
        page.locator('[data-target="card:MG-30"]').click()
        sent = page.evaluate("window.mlHarness.sent")
        assert sent[-1] == {"type": "explain", "target": "card:MG-30"}
        page.screenshot(path=str(tmp_path / "monsoon_harness.png"))
        # deliver the message to Python, push the new traits, and the page redraws
        board._handle_custom_msg(sent[0], [])
        assert board.match.history[-1] == monsoon.Steal(player=0, card="MG-33")
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        assert page.locator(".marketlib-cover").count() == 1  # hot-seat: pass the device to P1
        page.locator(".marketlib-cover button").click()
        reveal = page.evaluate("window.mlHarness.sent")[-1]
        assert reveal == {"type": "reveal"}
        board._handle_custom_msg(reveal, [])
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        assert "P0 steal MG-33" in page.locator(".marketlib-log").inner_text()
        assert page.locator(".marketlib-legal").count() == len(board.choices)
        page.screenshot(path=str(tmp_path / "monsoon_harness_p1.png"))


def test_monsoon_board_keyboard_undo(tmp_path: Path) -> None:
    match = Match("monsoon", monsoon.Rules(players=2), seed=3)
    match.play(match.legal_actions()[0])
    board = MonsoonBoard(match, seat=1)
    with chromium_page(tmp_path) as page:
        mount(page, board)
        page.locator(".marketlib-card.marketlib-legal").first.focus()
        page.keyboard.press("u")
        assert page.evaluate("window.mlHarness.sent") == [
            {"type": "undo", "version": board.version}]
        page.keyboard.press("Enter")  # Enter on a focused legal choice plays it
        assert page.evaluate("window.mlHarness.sent")[-1]["type"] == "play"
        # Pass throws the turn away: the board asks first, and only "Yes" sends it
        sent = len(page.evaluate("window.mlHarness.sent"))
        page.locator('[data-target="button:pass"]').click()
        assert page.locator(".marketlib-confirm").count() == 1
        assert len(page.evaluate("window.mlHarness.sent")) == sent
        assert page.evaluate("document.activeElement.dataset.target") == "confirm:yes"
        page.keyboard.press("Enter")
        last = page.evaluate("window.mlHarness.sent")[-1]
        assert last["type"] == "play" and board.choices[last["index"]]["text"] == "P1 pass"


def test_preview_line_after_a_move_previews_only_what_the_person_points_at(
        tmp_path: Path) -> None:
    """After a move the board puts the focus back (on the first legal thing: the clicked card
    is gone). After a mouse click the preview line keeps its hint; it read the preview of
    whatever the focus landed on ("... Pass: ends your turn", helper-72). After a move played
    from the keyboard the line previews the button the focus is on, as a Tab to it would."""
    from marketlib.bots import RandomBot
    from marketlib.widgets.board_words import COMMON

    board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=3),
                         opponents={1: RandomBot()})
    board.async_bots = False  # P1 answers inside the handler (Playwright runs a loop)
    hint = COMMON["preview_hint"]
    line = ".marketlib-preview"

    def deliver(page: Any) -> None:
        board._handle_custom_msg(page.evaluate("window.mlHarness.sent")[-1], [])
        assert board.match.current_player == 0
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))

    with chromium_page(tmp_path) as page:
        mount(page, board)
        assert page.locator(line).inner_text() == hint
        card = page.locator(".marketlib-area .marketlib-card.marketlib-legal").first
        steal = next(c for c in previewed(board) if c["target"] == card.get_attribute(
            "data-target"))
        assert card.get_attribute("aria-label").endswith(f": {steal['label']}")  # not asked yet
        assert page.evaluate("window.mlHarness.asked") == []  # nothing asked before pointing
        card.hover()  # pointing at a choice asks Python for the drawing's previews, once
        assert page.locator(line).inner_text() == hint  # until the answer comes
        answer_previews(page, board)
        assert page.locator(line).inner_text() == f"{steal['label']}: {steal['preview']}"
        assert card.get_attribute("aria-label").endswith(
            f": {steal['label']} ({steal['preview']})")
        other = page.locator(".marketlib-area .marketlib-card.marketlib-legal").nth(1)
        other.hover()  # known now: nothing is asked again
        assert len(page.evaluate("window.mlHarness.asked")) == 1
        assert page.locator(line).inner_text().endswith(next(
            c["preview"] for c in previewed(board)
            if c["target"] == other.get_attribute("data-target")))
        card.hover()
        card.click()
        page.mouse.move(0, 0)
        deliver(page)
        focused = page.evaluate("document.activeElement.dataset.target")
        assert focused in {c["target"] for c in board.choices}  # the focus stays on the board
        assert page.locator(line).inner_text() == hint
        # from the keyboard: the focus lands on a choice, and the line previews it
        page.locator(".marketlib-area .marketlib-card.marketlib-legal").first.focus()
        page.keyboard.press("Enter")
        deliver(page)
        # the focus the person moved there (a Tab) asked at the first new drawing, the focus
        # the board put back after Enter at the next one
        assert len(page.evaluate("window.mlHarness.asked")) == 3
        answer_previews(page, board)
        focused = page.evaluate("document.activeElement.dataset.target")
        shown = next(c for c in previewed(board) if c["target"] == focused)
        assert page.locator(line).inner_text() == (
            f"{shown['label'] or shown['text']}: {shown['preview']}")


def test_bansan_board_two_click_tuck_and_trade_panel(tmp_path: Path) -> None:
    from marketlib import bansan
    from marketlib.bots import RandomBot
    from marketlib.widgets import BansanBoard

    match = Match("bansan", bansan.Rules(players=3), seed=2)
    board = BansanBoard(match, opponents={1: RandomBot(), 2: RandomBot()})
    rng = random.Random(0)
    while not any("@stall:" in c["target"] for c in board.choices):  # play on to a Stocking
        board.play(rng.choice(match.legal_actions()))
    assert type(match.state.pending).__name__ == "Stocking"
    tuck = next(c for c in board.choices if "@stall:" in c["target"])
    card, stall = tuck["target"].split("@")
    with chromium_page(tmp_path) as page:
        mount(page, board)
        after = "(el) => getComputedStyle(el, '::after').content"  # the verb tag (board.css)
        assert page.locator(f'[data-target="{card}"]').first.evaluate(after) == '"select \u2713"'
        page.locator(f'[data-target="{card}"]').first.click()  # select the card ...
        assert page.evaluate("window.mlHarness.sent") == []
        assert page.locator(f'[data-target="{card}"].marketlib-selected').count() == 1
        assert page.locator(f'[data-target="{card}"]').first.evaluate(after) == (
            '"selected \u2713"')
        assert page.locator(f'[data-target="{stall}"]').evaluate(after) == '"tuck \u2713"'
        # a Stall the card cannot go into: Python is asked about this card there (the pair)
        targets = {c["target"] for c in board.choices}
        wrong = next(f"stall:{s.id}" for s in match.state.stalls
                     if f"{card}@stall:{s.id}" not in targets)
        page.locator(f'[data-target="{wrong}"]').click()
        assert page.evaluate("window.mlHarness.sent") == [
            {"type": "explain", "target": f"{card}@{wrong}"}]
        assert page.locator(f'[data-target="{card}"].marketlib-selected').count() == 1
        page.locator(f'[data-target="{stall}"]').click()  # ... then the stall
        assert page.evaluate("window.mlHarness.sent")[1:] == [
            {"type": "play", "index": tuck["index"], "version": board.version}]
        page.screenshot(path=str(tmp_path / "bansan_harness.png"), full_page=True)
        # a half-made selection belongs to its position: a new position (undo) drops it
        page.locator(f'[data-target="{card}"]').first.click()
        assert page.locator(".marketlib-selected").count() == 1
        page.evaluate("(s) => window.mlHarness.update(s)",
                      {"position": board.position + "-undone", "version": board.version + 1})
        page.wait_for_timeout(50)
        assert page.locator(".marketlib-selected").count() == 0
        page.locator(".marketlib-panel summary", has_text="Trade or bargain").click()
        page.locator('input[aria-label="Pay"]').fill("2")
        page.locator('button[aria-label="Propose this trade"]').click()
        assert page.evaluate("window.mlHarness.sent")[-1] == {
            "type": "propose_trade", "to": 1, "give": [], "take": [], "pay": 2, "ask": 0,
            "version": board.version + 1}  # the version of the drawing it was made on
        sent = len(page.evaluate("window.mlHarness.sent"))
        page.locator('input[aria-label="Pay"]').fill("1.9")  # not whole ringgit: said here,
        page.locator('button[aria-label="Propose this trade"]').click()  # nothing sent (it
        assert len(page.evaluate("window.mlHarness.sent")) == sent  # came back as a message
        # format error, helper-87)
        assert page.locator("button:not([aria-label])").count() == 0


def test_boards_have_no_serious_accessibility_violations(tmp_path: Path) -> None:
    """axe-core (from the axe-playwright-python wheel, no download) on every phase of a Bansan
    turn, Kenduri, Sendiri and a Monsoon Market turn: no serious or critical violation."""
    from axe_playwright_python.sync_playwright import Axe

    from marketlib import bansan
    from marketlib.bots import RandomBot
    from marketlib.widgets import BansanBoard

    boards: list[Any] = [
        BansanBoard(Match("bansan", bansan.Rules(players=3), seed=2),
                    opponents={1: RandomBot(), 2: RandomBot()}),
        BansanBoard(Match("bansan", bansan.Rules(players=3, mode="kenduri"), seed=2),
                    opponents={1: RandomBot(), 2: RandomBot()}),
        BansanBoard(Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=2)),
        MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=2),
                     opponents={1: RandomBot()}),
    ]
    checked = 0
    with chromium_page(tmp_path) as page:
        for board in boards:
            for state in phases(board, 2):
                page.goto((ROOT / "widgets" / "harness.html").as_uri())
                page.evaluate("([esm, css, state]) => window.mlHarness.mount(esm, css, state)",
                              [str(board._esm), str(board._css), state])
                results = Axe().run(page, context=".marketlib-board").response
                serious = [(v["id"], v["impact"], [n["html"][:80] for n in v["nodes"][:3]])
                           for v in results["violations"]
                           if v["impact"] in ("serious", "critical")]
                assert serious == [], serious
                assert len(results["passes"]) >= 10
                checked += 1
    assert checked >= 20


def test_bansan_any_time_step_in_rent_and_counter_by_clicking(tmp_path: Path) -> None:
    """Issue 15 (A-B-60): another person steps in on the decider's turn and rents out of turn;
    a person counters a bargain with another price and a trade with other terms."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    state = bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]},
                            phase="actions", current=1, stalls={"FV": ["FV", "FV"]})
    board = BansanBoard(Match.from_state("bansan", state))
    board._handle_custom_msg({"type": "reveal"}, [])
    with chromium_page(tmp_path, 1280, 1400) as page:
        mount(page, board)
        page.locator('[data-target="button:step-in-2"]').click()
        assert page.evaluate("window.mlHarness.sent") == [{"type": "step_in", "seat": 2}]
        board._handle_custom_msg({"type": "step_in", "seat": 2}, [])
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        page.wait_for_timeout(50)
        page.locator('.marketlib-cover [data-target="button:step-out"]').click()  # by mistake?
        assert page.evaluate("window.mlHarness.sent")[-1] == {"type": "step_out"}
        board._handle_custom_msg({"type": "reveal"}, [])
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        page.wait_for_timeout(50)
        bar = page.locator(".marketlib-out-of-turn").inner_text()
        assert bar.startswith("P2, you are acting out of turn on P1's decision")
        assert "take back an offer you made" in bar  # Withdraw is an any-time action too
        rr = page.locator("details.marketlib-rr")
        assert rr.get_attribute("open") is not None  # opened for the person who stepped in
        assert "on P1's decision" in rr.locator("summary").inner_text()
        rent = next(c for c in board.any_time if c["text"] == "P2 rr rent=ST-04")
        page.locator('[data-target="any:rr:ST-04:-"]').click()
        assert page.evaluate("window.mlHarness.sent")[-1] == {
            "type": "any_time", "index": rent["index"], "version": board.version}
        page.screenshot(path=str(tmp_path / "bansan_out_of_turn.png"), full_page=True)
        assert page.locator("button:not([aria-label])").count() == 0

    # a bargain made to the person: counter with another price
    match = Match.from_state("bansan", state)
    card = state.stalls[0].cards[0]
    for text in ("P1 buy FV", f"P1 bargain {card} 0"):
        match.play(text)
    board = BansanBoard(match)
    board._handle_custom_msg({"type": "reveal"}, [])
    assert board.seat == 0 and board.scene["offer"]["kind"] == "bargain"
    with chromium_page(tmp_path, 1280, 1400) as page:
        mount(page, board)
        box = page.locator('input[aria-label="Your price for ' + card + ' in RM"]')
        assert box.input_value() == "1"  # the seller's counter starts RM1 up from RM0
        box.fill("3")
        page.locator('[data-target="button:counter-price"]').click()
        sent = page.evaluate("window.mlHarness.sent")[-1]
        assert sent == {"type": "counter", "price": 3, "version": board.version}
        page.screenshot(path=str(tmp_path / "bansan_counter.png"), full_page=True)
    board._handle_custom_msg(sent, [])
    assert str(match.history[-1]) == "P0 counter price=3" and match.current_player == 1
    # the buyer's counter starts RM1 down from the seller's RM3 (it started RM1 up, above
    # the seller's own price; helper-67)
    buyer = BansanBoard(match)
    buyer._handle_custom_msg({"type": "reveal"}, [])
    assert buyer.seat == 1 and buyer.scene["offer"]["to"] == 1
    with chromium_page(tmp_path, 1280, 1400) as page:
        mount(page, buyer)
        box = page.locator('input[aria-label="Your price for ' + card + ' in RM"]')
        assert box.input_value() == "2"
    # a seller who asks RM0 leaves the buyer nothing lower: the box starts at RM1 (it started
    # at RM0, which the engine refuses with "accept it instead"), a counter that is legal
    match = Match.from_state("bansan", state)
    for text in ("P1 buy FV", f"P1 bargain {card} 1", "P0 counter price=0"):
        match.play(text)
    buyer = BansanBoard(match)
    buyer._handle_custom_msg({"type": "reveal"}, [])
    assert buyer.scene["offer"]["price"] == 0 and buyer.scene["offer"]["seller"] == 0
    with chromium_page(tmp_path, 1280, 1400) as page:
        mount(page, buyer)
        box = page.locator('input[aria-label="Your price for ' + card + ' in RM"]')
        assert box.input_value() == "1"
        page.locator('[data-target="button:counter-price"]').click()
        sent = page.evaluate("window.mlHarness.sent")[-1]
    buyer._handle_custom_msg(sent, [])
    assert str(match.history[-1]) == "P1 counter price=1"

    # a trade made to the person: the trade panel counters with the person's own terms
    state = bansan.position(players=2, rents={0: ["FV"], 1: ["MT"]}, bags={0: ["FV:PA"],
                            1: ["MT:OR"]}, money=[10, 10], phase="actions")
    match = Match.from_state("bansan", state)
    mine, theirs = state.vendors[0].bag[0].card, state.vendors[1].bag[0].card
    match.play(f"P0 trade P1 give={mine} take={theirs} pay=0 ask=0")
    board = BansanBoard(match)
    board._handle_custom_msg({"type": "reveal"}, [])
    assert board.seat == 1 and board.scene["offer"]["kind"] == "trade"
    with chromium_page(tmp_path, 1280, 1400) as page:
        mount(page, board)
        panel = page.locator("details.marketlib-trade")
        assert panel.get_attribute("open") is not None
        assert panel.locator("summary").inner_text().startswith("Counter P0's trade")
        page.locator('input[aria-label="Ask"]').fill("2")
        page.locator('[data-target="button:counter-trade"]').click()
        assert page.evaluate("window.mlHarness.sent")[-1] == {
            "type": "counter", "give": [], "take": [], "pay": 0, "ask": 2,
            "version": board.version}


# What a drawn board shows of its pictures: every picture beside its words, hidden from screen
# readers; every card a card with pictures, its code in its title and label but not its text.
PICTURES = r"""
() => {
  const board = document.querySelector(".marketlib-board");
  const problems = [];
  const pics = [...board.querySelectorAll("svg")];
  for (const svg of pics) {
    const what = svg.dataset.picture;
    if (svg.getAttribute("aria-hidden") !== "true") problems.push(`${what} is read aloud`);
    const box = svg.closest(".marketlib-pictured");
    const words = box && box.querySelector(".marketlib-words");
    if (!words || !words.textContent.trim()) problems.push(`${what} has no words`);
    if (svg.getBoundingClientRect().width < 12) problems.push(`${what} is not drawn`);
  }
  const cards = [...board.querySelectorAll("button.marketlib-card")];
  for (const b of cards) {
    const code = b.dataset.target.split(":")[1].split("@")[0];
    if (!b.querySelector(".marketlib-band svg")) problems.push(`${code} has no picture`);
    if (!b.title.includes(code)) problems.push(`${code} is not in its title`);
    if (!b.getAttribute("aria-label").includes(code)) problems.push(`${code} is not in its label`);
    if (b.textContent.includes(code)) problems.push(`${code} is its text`);
    if (parseFloat(getComputedStyle(b).borderTopLeftRadius) < 8) problems.push(`${code} is square`);
  }
  const drawn = {};
  for (const svg of pics) drawn[svg.dataset.picture] = (drawn[svg.dataset.picture] || 0) + 1;
  return { problems, drawn, cards: cards.length,
           halves: board.querySelectorAll(".marketlib-card .marketlib-halves > *").length };
}
"""


def test_a_bargain_waiting_for_an_answer_can_be_taken_back_by_clicking(tmp_path: Path) -> None:
    """helper-94: the vendor whose offer waits had no way to take it back, so an offer to a
    person who had gone held the table. Its board shows "Take back your offer" in the offer's
    panel, and a click sends the any-time action."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    state = bansan.position(players=3, rents={0: ["FV"], 1: ["WG"], 2: ["MT"]},
                            phase="actions", current=1, stalls={"FV": ["FV", "FV"]})
    match = Match.from_state("bansan", state)
    card = state.stalls[0].cards[0]
    for text in ("P1 buy FV", f"P1 bargain {card} 0"):
        match.play(text)
    board = BansanBoard(match)
    for message in ({"type": "reveal"}, {"type": "step_in", "seat": 1}, {"type": "reveal"}):
        board._handle_custom_msg(message, [])
    assert board.seat == 1 and board.any_time[0]["text"] == "P1 withdraw"
    with chromium_page(tmp_path, 1280, 1400) as page:
        mount(page, board)
        button = page.locator('.marketlib-pending [data-target="any:button:withdraw"]')
        assert button.inner_text() == "Take back your offer"
        button.click()
        assert page.evaluate("window.mlHarness.sent")[-1] == {
            "type": "any_time", "index": 0, "version": board.version}
        page.screenshot(path=str(tmp_path / "bansan_take_back.png"), full_page=True)
    board._handle_custom_msg({"type": "any_time", "index": 0, "version": board.version}, [])
    assert board.error == "" and match.state.offer is None and str(match.history[-1]) == (
        "P1 withdraw")


def test_pictures_are_drawn_beside_their_words(tmp_path: Path) -> None:
    """Issue 30, point 4: produce, waste, goods, Orders and money as pictures beside their
    words; a Bansan Row card shows both halves, a Monsoon card its quantity."""
    from marketlib import bansan
    from marketlib.bots import GreedyBot
    from marketlib.widgets import BansanBoard

    bs = BansanBoard(Match("bansan", bansan.Rules(players=3), seed=21),
                     opponents={1: GreedyBot(), 2: GreedyBot()})
    rng = random.Random(3)
    while not (bs.match.state.phase == "actions" and bs.match.current_player == 0):
        bs.play(bs.match.legal_actions()[rng.choice(bs.choices)["index"]])
    mm = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=8), opponents=None)
    with chromium_page(tmp_path) as page:
        mount(page, bs)
        found = page.evaluate(PICTURES)
        assert found["problems"] == [], found["problems"]
        drawn = found["drawn"]
        assert {str(p) for p in bansan.Produce} <= set(drawn)  # the buy/sell rows: all six
        assert {str(w) for w in bansan.Waste} | {"bin", "money"} <= set(drawn)
        row = bs.match.state.row
        assert found["halves"] >= found["cards"] + len(row)  # Row cards show both halves
        mount(page, mm)
        found = page.evaluate(PICTURES)
        assert found["problems"] == [], found["problems"]
        assert {str(g) for g in monsoon.Good} & set(found["drawn"])
        assert {"order", "seal"} <= set(found["drawn"])
        quantities = page.locator(".marketlib-card .marketlib-qty").all_inner_texts()
        assert len(quantities) == found["cards"] and all(q.isdigit() for q in quantities)


def test_a_turn_in_bahasa_malaysia(tmp_path: Path) -> None:
    """play(..., lang="ms"): the board's words are Malay, its targets and moves the same."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    board = BansanBoard(Match("bansan", bansan.Rules(players=2), seed=4), opponents=None,
                        lang="ms")
    with chromium_page(tmp_path) as page:
        mount(page, board)
        first = board.choices[0]
        assert first["verb"] == "return"  # the Opening Round: return a Shopping List
        # its tag in Malay (it read "return \u2713" on a Malay board: the verb's code)
        assert page.locator(f'[data-target="{first["target"]}"]').first.evaluate(
            "(el) => getComputedStyle(el, '::after').content") == '"kembalikan \u2713"'
        page.locator(f'[data-target="{first["target"]}"]').first.click()
        sent = page.evaluate("window.mlHarness.sent")[-1]
        assert sent["type"] == "play"
        board._handle_custom_msg(sent, [])
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        if page.locator(".marketlib-cover").count():  # hot-seat: the next vendor's board
            page.locator(".marketlib-cover button").first.click()
            board._handle_custom_msg(page.evaluate("window.mlHarness.sent")[-1], [])
            page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        text = page.locator(".marketlib-board").inner_text()
        for word in ("Gerai Pasar", "Tong Sampah", "Barisan Borong", "Dompet:", "Beg:",
                     "Log permainan", "Permainan baharu",
                     "Bansan · Pusingan Pembukaan"):  # the Opening Round: no round number
            assert word in text, word
        for english in ("Market Stalls", "Waste Bins", "Wholesale Row", "Wallet:", "Game log",
                        "New game", "round"):
            assert english not in text, english
        # a control keeps its name in every language
        assert page.locator('[data-target="control:New game"]').count() == 1
        page.screenshot(path=str(tmp_path / "bansan_ms.png"), full_page=True)


def test_bansan_action_panel_prices_follow_the_events(tmp_path: Path) -> None:
    """The Action panel's purchase buttons read the rules in force (RULES 4.1.5): half price
    as a rule, free wholesale under the Wholesaler promotion (EV-13), full-price sales under
    the Online sale boom (EV-17), and a raised market price under a price Event (EV-03)."""
    import msgspec

    from marketlib import bansan
    from marketlib.bansan.state import Reminder
    from marketlib.widgets import BansanBoard

    rules = bansan.Rules(players=2, events="reconstructed")
    start = bansan.position(rules=rules, rents={0: ["MT"], 1: ["WG"]}, money=[5, 10],
                            row=["MT/DG", "MT/SF", "FV/SF"], phase="actions")
    mt = rules.price(bansan.Produce.MT)

    def panel(state: bansan.State, name: str) -> dict[str, Any]:
        board = BansanBoard(Match.from_state("bansan", state), opponents=None)
        with chromium_page(tmp_path) as page:
            mount(page, board)
            page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)
            return {kind: page.locator(f'[data-target="{kind}:MT"]').inner_text().split()[-2:]
                    for kind in ("buy", "wholesale", "sell")} | {
                "titles": page.locator(".marketlib-board").inner_text(),
                "in_force": page.locator(".marketlib-event-in_force").count()}

    plain = panel(start, "plain")
    assert (plain["buy"], plain["wholesale"], plain["sell"]) == (
        ["Meat", f"RM{mt}"], [f"RM{mt}", "half"], [f"RM{mt}", "half"])
    assert "Buy wholesale (half price):" in plain["titles"]
    promoted = msgspec.structs.replace(
        start, reminders=(Reminder(seat=0, event="EV-13"),), active_event="EV-03",
        latest_events=("EV-03", "EV-13"),
        event_deck=tuple(e for e in start.event_deck if e not in ("EV-03", "EV-13")))
    shown = panel(promoted, "promoted")
    assert (shown["buy"], shown["wholesale"], shown["sell"]) == (
        ["Meat", f"RM{mt + 1}"], ["free", f"(RM{mt + 1})"], [f"RM{mt + 1}", "half"])
    assert "Buy wholesale (free this turn: Wholesaler promotion, EV-13):" in shown["titles"]
    assert ("Hari Raya Aidilfitri (EV-03): Meat costs RM1 more until the next Event"
            in shown["titles"])
    assert "until the next Event" not in plain["titles"]
    assert ("Wholesaler promotion (EV-13): every BUY from the Row the next vendor makes in their "
            "next Action Phase costs RM0" in shown["titles"])  # the strip says what each does
    assert "until the next Event (in force until the next Event is flipped)" in shown["titles"]
    assert "costs RM0 (in force in P0's Action Phase this turn)" in shown["titles"]
    assert shown["in_force"] == 2  # both framed as in force
    assert "Sell online (half price):" in shown["titles"]
    boom = panel(msgspec.structs.replace(start, reminders=(Reminder(seat=0, event="EV-17"),)),
                 "boom")
    assert (boom["wholesale"], boom["sell"]) == ([f"RM{mt}", "half"], [f"RM{mt}", "full"])
    assert "Sell online (full price this turn: Online sale boom, EV-17):" in boom["titles"]
    unoperated = bansan.position(rules=bansan.Rules(players=2, buy_unoperated_multiplayer=True),
                                 rents={0: ["MT"], 1: ["WG"]}, phase="actions")
    shown = panel(unoperated, "unoperated")  # B-BUY-06, B-SOLO-12: twice the market price
    assert shown["buy"] == [f"(RM{2 * mt}", "unoperated)"]  # after "Meat RM2"


def test_bansan_marks_say_what_they_mean_where_they_are_shown(tmp_path: Path) -> None:
    """An unoperated Stall's 'unoperated', the Wholesale Row's Outside Market count and a
    card's Star carry their meaning as a title where they are drawn (helper-67: explained
    nowhere on the board), from the rules in force (cards.explain)."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    match = Match("bansan", bansan.Rules(players=3, rr_cost=4), seed=5)
    board = BansanBoard(match, opponents=None)
    said = board.cards["explain"]
    with chromium_page(tmp_path) as page:
        mount(page, board)
        heads = page.locator(".marketlib-stall b")
        whos = [heads.nth(i).inner_text() for i in range(heads.count())]
        titles = [heads.nth(i).get_attribute("title") for i in range(heads.count())]
        assert whos.count("unoperated") == sum(
            s.renter is None for s in bansan.view(match.state, 0).stalls) > 0
        assert titles == [said["unoperated"] if w == "unoperated" else None for w in whos]
        assert heads.locator("xpath=self::*[contains(@class, 'marketlib-explained')]").count() == (
            whos.count("unoperated"))
        assert "RM4 until the Last Round is triggered (B-ANY-06, B-END-04)" in said["unoperated"]
        row = page.locator(".marketlib-row-title", has_text="outside market")
        assert row.get_attribute("title") is None  # only the count says it (helper-73)
        count = row.locator(".marketlib-explained")
        assert count.inner_text() == str(len(match.state.outside))
        assert count.get_attribute("title") == said["outside"]
        assert row.inner_text() == (f"Wholesale Row (Deck {len(match.state.deck)}, lists "
                                    f"{len(match.state.list_deck)}, outside market 0)")
        labels = page.locator(".marketlib-card-label")
        marks = [(labels.nth(i).inner_text().endswith("\u2605"),
                  labels.nth(i).get_attribute("title")) for i in range(labels.count())]
        assert any(star for star, _ in marks)
        assert marks == [(star, said["star"] if star else None) for star, _ in marks]


def test_the_header_and_the_text_view_say_the_same_round() -> None:
    """The board's header and its text view name the round in progress the same way, from one
    function (core.game.round_of). The header said "round 7" beside the text view's "turn 12"
    (the turns completed, from 0), and the text view named the phase by its engine code
    ("phase actions"); helper-67, a learner."""
    from marketlib import bansan
    from marketlib.core.game import round_of
    from marketlib.widgets import BansanBoard

    for board in (MonsoonBoard(Match("monsoon", monsoon.Rules(players=3), seed=1),
                               opponents=None),
                  BansanBoard(Match("bansan", bansan.Rules(players=3), seed=1),
                              opponents=None)):
        rng = random.Random(4)
        for _ in range(60):
            board.play(rng.choice(board.match.legal_actions()))
        state = board.match.state
        board._handle_custom_msg({"type": "reveal"}, [])
        board._handle_custom_msg({"type": "text", "open": True}, [])  # the text view opened
        rounds, turn = round_of(state), state.turn + 1
        assert rounds == turn // 3 + (turn % 3 > 0) and rounds > 1
        assert board.scene["round"] == rounds
        assert f"  round {rounds}, turn {turn}  {board.scene['title']}  " in (
            board.description.splitlines()[0])


def test_the_header_reads_the_round_from_the_scene(tmp_path: Path) -> None:
    """bansan.js and monsoon.js write the scene's round; they work out no round themselves."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    for board in (MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=1)),
                  BansanBoard(Match("bansan", bansan.Rules(players=2), seed=1))):
        shown = traits(board)
        shown["scene"]["round"] = 41  # not what the turn would give
        with chromium_page(tmp_path) as page:
            page.goto((ROOT / "widgets" / "harness.html").as_uri())
            page.evaluate("([esm, css, state]) => window.mlHarness.mount(esm, css, state)",
                          [board._esm, str(board._css), shown])
            assert "round 41" in page.locator(".marketlib-header").inner_text()


def test_the_text_view_says_how_to_read_it(tmp_path: Path) -> None:
    """Below the text view, the key to its codes and marks (cards.text_key, helper-74: the
    text view's * and -- were explained nowhere), for both games."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    for board in (BansanBoard(Match("bansan", bansan.Rules(players=3), seed=5), opponents=None),
                  MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=1))):
        with chromium_page(tmp_path) as page:
            mount(page, board)
            text = page.locator(".marketlib-text")
            assert board.description == ""  # closed: not written (issue 28)
            text.locator("summary").click()
            key = text.locator(".marketlib-text-key")
            assert key.inner_text() == board.cards["text_key"]
            assert key.inner_text().startswith("How to read the text view:\n")
            answer_text(page, board)  # opening it asked Python for the text
            match = board.match
            assert board.description == str(match.game.view(match.state, board.seat))
            assert text.locator("pre").inner_text() == board.description


def asked_text(page: Any, count: int = 1) -> list[dict[str, Any]]:
    """The text view's messages the board sent, once there are ``count`` (the panel's toggle
    event comes a moment after the click)."""
    found = "window.mlHarness.asked.filter((m) => m.type === 'text')"
    page.wait_for_function(f"{found}.length >= {count}")
    text: list[dict[str, Any]] = page.evaluate(found)
    return text


def test_the_text_view_is_asked_for_when_opened_and_stays_open_across_moves(
        tmp_path: Path) -> None:
    """Issue 28: the text view is written only while open. Opening it sends {type: "text",
    open: true} once, the text comes into the open panel without a redraw (a redraw before
    the answer draws it open, as asked), the panel stays open (and up to date) across a move,
    and closing it sends open: false."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    board = BansanBoard(Match("bansan", bansan.Rules(players=2), seed=5), opponents=None)
    board._handle_custom_msg({"type": "reveal"}, [])
    with chromium_page(tmp_path) as page:
        mount(page, board)
        details = page.locator(".marketlib-text")
        assert not details.evaluate("(d) => d.open")
        details.locator("summary").click()
        assert asked_text(page) == [{"type": "text", "open": True}]
        page.evaluate("(v) => window.mlHarness.update({version: v})", board.version)  # a redraw
        # before the answer draws the panel as the person asked (open), as the answer does
        assert page.locator(".marketlib-text").evaluate("(d) => d.open")
        answer_text(page, board)
        assert page.locator(".marketlib-text").evaluate("(d) => d.open")
        first = board.description
        assert first.splitlines()[0].startswith("Bansan  ")
        assert details.locator("pre").inner_text() == first
        board.play(board.match.legal_actions()[0])  # a move: the next drawing brings its text
        board._handle_custom_msg({"type": "reveal"}, [])
        page.evaluate("(t) => window.mlHarness.update(t)", traits(board))
        again = page.locator(".marketlib-text")
        assert again.evaluate("(d) => d.open")
        assert again.locator("pre").inner_text() == board.description != first
        assert len(asked_text(page)) == 1  # not asked again
        again.locator("summary").click()
        assert asked_text(page, 2)[-1] == {"type": "text", "open": False}
        answer_text(page, board)
        assert board.description == "" and not board.text_open


@pytest.mark.parametrize("first", [False, True])
def test_a_second_click_on_the_text_view_before_the_answer_is_what_counts(
        tmp_path: Path, first: bool) -> None:
    """helper-92: a second click on the text view before Python answered the first was not
    sent (the board compared the panel with text_open, which had not changed yet), and the
    first one's answer then undid it. Both are sent now, and the panel stays as last asked
    until Python has it so."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    board = BansanBoard(Match("bansan", bansan.Rules(players=2), seed=5), opponents=None)
    board._handle_custom_msg({"type": "reveal"}, [])
    board._handle_custom_msg({"type": "text", "open": first}, [])
    with chromium_page(tmp_path) as page:
        mount(page, board)
        details = page.locator(".marketlib-text")
        assert details.evaluate("(d) => d.open") is first
        details.locator("summary").click()
        asked_text(page, 1)
        details.locator("summary").click()  # back again, before the answer
        sent = asked_text(page, 2)
        assert sent == [{"type": "text", "open": not first}, {"type": "text", "open": first}]
        board._handle_custom_msg(sent[0], [])  # the first answer: the panel stays as asked
        page.evaluate("(t) => window.mlHarness.update(t)",
                      {"description": board.description, "text_open": board.text_open})
        assert details.evaluate("(d) => d.open") is first
        page.evaluate("(v) => window.mlHarness.update({version: v})", board.version)  # redrawn
        assert page.locator(".marketlib-text").evaluate("(d) => d.open") is first
        board._handle_custom_msg(sent[1], [])  # the second: as asked, and Python has it so
        page.evaluate("(t) => window.mlHarness.update(t)",
                      {"description": board.description, "text_open": board.text_open})
        shown = page.locator(".marketlib-text")
        assert shown.evaluate("(d) => d.open") is first and board.text_open is first
        assert shown.locator("pre").inner_text() == board.description
        assert (board.description != "") is first
        assert len(asked_text(page)) == 2


def test_the_preview_line_never_moves_the_board_up_under_the_pointer(tmp_path: Path) -> None:
    """At 390 px a shorter preview moved the board up under the pointer, onto a choice whose
    longer preview moved it down again: the preview flipped back and forth and a click played
    nothing (helper-78). While a position is shown, the line only grows."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    match = Match("bansan", bansan.Rules(players=3), seed=5)
    rng = random.Random(2)
    while match.state.phase != "actions":
        match.play(rng.choice(match.legal_actions()))
    board = BansanBoard(match, seat=match.current_player, opponents=None)
    with chromium_page(tmp_path, width=390, height=900) as page:
        mount(page, board)
        area = page.locator(".marketlib-area")
        buttons = page.locator(".marketlib-legal")
        tops, heights = [], []
        shown = [i for i in range(buttons.count()) if buttons.nth(i).is_visible()]
        assert len(shown) > 3
        buttons.nth(shown[0]).hover()
        answer_previews(page, board)
        for i in [*shown, shown[0]]:
            buttons.nth(i).hover()
            tops.append(area.evaluate("a => a.getBoundingClientRect().top + window.scrollY"))
            heights.append(page.locator(".marketlib-preview").bounding_box()["height"])
        assert tops == sorted(tops)  # never up
        assert len(set(heights)) > 1  # the previews differ in height: the line grew
        assert page.evaluate("getComputedStyle(document.querySelector('.marketlib-preview'))"
                             ".minHeight") != "0px"
        # a redraw at the same position (a notice) keeps it (helper-79: the board jumped up)
        page.evaluate("window.mlHarness.update({notice: 'P1 has 4 cards', version: 99})")
        assert page.locator(".marketlib-notice").inner_text() == "P1 has 4 cards"
        assert area.evaluate("a => a.getBoundingClientRect().top + window.scrollY") >= tops[-1]


def stocking_board() -> Any:
    """P0's board at 4 seats, seed 5, choosing the top or bottom halves of its opening cards:
    a choice's preview runs to three lines at 390 px."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    match = Match("bansan", bansan.Rules(players=4), seed=5)
    while match.state.phase != "open_stock":
        match.play(match.legal_actions()[0])
    return BansanBoard(match, seat=match.current_player, opponents=None)


def centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# the board in the page, in a box that scrolls (as in a notebook's panel), or in the page with
# its board area a box that scrolls sideways and, by a pixel, down (as a grid with overflow-x:
# auto can): that box cannot hold the choice, so the page scrolls too
INSIDE = {"page": "", "box": "(r) => { r.style.height = '600px'; r.style.overflowY = 'auto'; }",
          "sideways": "(r) => { const a = r.querySelector('.marketlib-area');"
                      " a.style.overflowX = 'auto'; a.style.height ="
                      " `${a.scrollHeight - a.offsetHeight + a.clientHeight - 1}px`; }"}


@pytest.mark.parametrize("inside", sorted(INSIDE))
def test_a_preview_that_grows_the_line_leaves_the_choice_under_the_pointer(
        tmp_path: Path, inside: str) -> None:
    """The preview line is above the board: at 390 px a three-line preview came a moment after
    the pointer reached a choice and pushed the choice down two lines, so a click made at once
    landed on the panel's text and played nothing (the classroom browser test, 2 of 3 loaded
    runs). The page, or the box the board scrolls in, scrolls by the growth: the choice stays
    under the pointer, and a click made where it was before its preview came plays it."""
    board = stocking_board()
    with chromium_page(tmp_path, width=390, height=700) as page:
        mount(page, board)
        if INSIDE[inside]:
            page.locator("#root").evaluate(INSIDE[inside])
        choice = page.locator(".marketlib-area button.marketlib-legal[data-choice]").first
        choice.scroll_into_view_if_needed()
        box = choice.bounding_box()
        assert 0 < box["y"] < 600
        line = page.locator(".marketlib-preview")
        before = line.bounding_box()["height"]
        page.mouse.move(*centre(box))
        answer_previews(page, board)  # the answer comes before the click
        assert line.bounding_box()["height"] >= before + 30  # it grew by two lines or more
        assert choice.bounding_box()["y"] == pytest.approx(box["y"], abs=1)
        grown = line.bounding_box()["height"]
        page.mouse.down()
        page.mouse.up()
        index = int(choice.get_attribute("data-choice"))
        sent = page.evaluate("window.mlHarness.sent")
        assert sent == [{"type": "play", "index": index, "version": board.version}]
        # the next position: the line keeps its height, so the board does not jump up by what
        # the scroll moved it down (helper-97: it shrank back to the hint's at every move)
        board._handle_custom_msg(sent[0], [])
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        assert line.bounding_box()["height"] == pytest.approx(grown, abs=1)
        # a wider window (a phone turned) starts the line again: no band left blank
        page.set_viewport_size({"width": 1200, "height": 700})
        page.wait_for_function("!document.querySelector('.marketlib-narrow')")
        assert line.bounding_box()["height"] < before + 5


@pytest.mark.parametrize("refocused", [False, True])
def test_a_preview_that_comes_after_the_pointer_moved_on_scrolls_nothing(
        tmp_path: Path, refocused: bool) -> None:
    """helper-97: the pointer crossed a choice on its way to a button above the preview line;
    the choice's preview came, the page scrolled to keep the crossed choice in place and
    carried the button away from under the pointer (a click there played nothing). What is
    held is what the pointer is on; the focus the board gives a choice itself after a click
    does not count (helper-98), a keyboard's does."""
    board = stocking_board()
    with chromium_page(tmp_path, width=390, height=1100) as page:  # the board's top in view
        mount(page, board)
        assert page.evaluate("document.scrollingElement.scrollHeight > innerHeight + 500")
        choice = page.locator(".marketlib-area button.marketlib-legal[data-choice]").first
        if refocused:  # a click, then a redraw, which focuses the choice clicked itself
            page.mouse.click(*centre(choice.bounding_box()))
            page.evaluate("window.mlHarness.update({notice: 'P1 has 4 cards'})")
            assert choice.evaluate("(b) => b === document.activeElement")
        line = page.locator(".marketlib-preview").bounding_box()
        above = [b for b in page.locator("button:visible:not([data-choice])").all()
                 if 0 < b.bounding_box()["y"] < line["y"] - 5]
        assert above, "no button above the preview line in the window"
        button = above[-1]
        page.mouse.move(*centre(choice.bounding_box()))
        target = button.bounding_box()
        page.mouse.move(*centre(target))
        answer_previews(page, board)
        assert page.locator(".marketlib-preview").bounding_box()["height"] > line["height"] + 30
        assert button.bounding_box()["y"] == pytest.approx(target["y"], abs=1)
        assert page.evaluate("scrollY") == 0


def test_a_keyboard_focus_is_held_where_it_is(tmp_path: Path) -> None:
    """A choice reached with Tab is previewed; the line grows above it, and the page scrolls so
    that the focused choice stays where it was."""
    board = stocking_board()
    with chromium_page(tmp_path, width=390, height=1100) as page:
        mount(page, board)
        choice = page.locator(".marketlib-area button.marketlib-legal[data-choice]").first
        for _ in range(60):
            page.keyboard.press("Tab")
            if choice.evaluate("(b) => b === document.activeElement"):
                break
        else:
            raise AssertionError("Tab never reached the choice")
        box = choice.bounding_box()
        answer_previews(page, board)
        assert page.evaluate("scrollY") > 30
        assert choice.bounding_box()["y"] == pytest.approx(box["y"], abs=1)


def test_an_empty_status_area_does_not_stick_over_the_board(tmp_path: Path) -> None:
    """The status area sticks to the top only while it says something: empty, it was a blank
    strip over whatever was scrolled under it (helper-78)."""
    board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=1))
    shown = traits(board)
    with chromium_page(tmp_path, width=390) as page:
        position = "getComputedStyle(document.querySelector('.marketlib-status')).position"
        for notice, expected in (("", "static"), ("P1 has 4 cards", "sticky")):
            page.goto((ROOT / "widgets" / "harness.html").as_uri())
            page.evaluate("([esm, css, state]) => window.mlHarness.mount(esm, css, state)",
                          [board._esm, str(board._css), {**shown, "notice": notice}])
            assert page.evaluate(position) == expected


def test_a_phone_is_told_to_tap_not_to_hover(tmp_path: Path) -> None:
    """A touch screen has no hover: the preview line's hint said "Hover or focus a
    highlighted choice to preview it." on phones (helper-78). A tap plays, so it asks for no
    previews (issue 28); a pointer over a choice does, once."""
    from playwright.sync_api import sync_playwright

    from marketlib.widgets.board_words import COMMON

    board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=1))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            for touch, hint in ((True, COMMON["preview_hint_touch"]),
                                (False, COMMON["preview_hint"])):
                page = browser.new_context(viewport={"width": 390, "height": 800},
                                           has_touch=touch, is_mobile=touch).new_page()
                mount(page, board)
                assert page.locator(".marketlib-preview").inner_text() == hint
                choice = page.locator(".marketlib-card.marketlib-legal").first
                if touch:
                    choice.tap()
                    assert page.evaluate("window.mlHarness.sent")[-1]["type"] == "play"
                    assert page.evaluate("window.mlHarness.asked") == []
                else:
                    choice.hover()
                    page.locator(".marketlib-card.marketlib-legal").nth(1).hover()
                    assert page.evaluate("window.mlHarness.asked") == [
                        {"type": "previews", "version": board.version}]
        finally:
            browser.close()
    assert COMMON["preview_hint_touch"] == "Tap a highlighted choice to choose it."


def test_the_trade_panel_checks_money_and_keeps_the_terms_through_a_refusal(
        tmp_path: Path) -> None:
    """helper-87: "1.5" in Pay came back as a message-format error ("Expected `int`, got
    `float` - at `$.pay`"); a cleared counter price was sent as RM0, using up a counter; and a
    refusal ("you can pay at most RM10") closed the panel and lost the ticked cards and the
    amounts. Money is whole ringgit, checked before anything is sent (the box is named); the
    terms stay while the position does, and a new position starts a fresh form."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    state = bansan.position(players=2, rents={0: ["FV"], 1: ["MT"]}, bags={0: ["FV:PA"],
                            1: ["MT:OR"]}, money=[10, 10], phase="actions", current=0)
    match = Match.from_state("bansan", state)
    mine = state.vendors[0].bag[0].card
    board = BansanBoard(match, opponents=None)
    with chromium_page(tmp_path, 1280, 1400) as page:
        mount(page, board)
        panel = page.locator("details.marketlib-trade")
        panel.locator("summary").click()
        page.locator(f'input[aria-label="Give from my bag: {mine}"]').check()
        pay = page.locator('input[aria-label="Pay"]')
        for typed in ("1.5", "", "-2"):
            pay.fill(typed)
            page.locator('[data-target="button:propose-trade"]').click()
            assert page.evaluate("window.mlHarness.sent") == []  # nothing sent
            alert = panel.locator(".marketlib-form-error").first  # the trade's (not the bargain's)
            assert alert.is_visible() and alert.inner_text() == (
                "Pay: type a whole number of ringgit, 0 or more (nothing was sent)")
        pay.fill("50")  # more than P0 has: Python refuses it
        page.locator('[data-target="button:propose-trade"]').click()
        sent = page.evaluate("window.mlHarness.sent")[-1]
        assert sent == {"type": "propose_trade", "to": 1, "give": [mine], "take": [], "pay": 50,
                        "ask": 0, "version": board.version}
        assert not panel.locator(".marketlib-form-error").first.is_visible()
        board._handle_custom_msg(sent, [])
        assert board.notice.startswith("B-ANY-02: ") and match.history == ()
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        assert page.locator(".marketlib-notice").inner_text() == board.notice
        # the refusal is drawn over the same position: the panel, its tick and its sum stay
        assert panel.get_attribute("open") is not None
        assert page.locator(f'input[aria-label="Give from my bag: {mine}"]').is_checked()
        assert pay.input_value() == "50"
        page.screenshot(path=str(tmp_path / "bansan_trade_refused.png"), full_page=True)
        # another vendor's move (a new position of the same game, the same seat shown) keeps
        # what is typed too (helper-86: it closed the panel and reset Pay)
        game, cursor, rest = board.position.split(":", 2)
        page.evaluate("(s) => window.mlHarness.update(s)",
                      {"position": f"{game}:{int(cursor) + 1}:{rest}", "notice": ""})
        assert panel.get_attribute("open") is not None and pay.input_value() == "50"
        assert page.locator(f'input[aria-label="Give from my bag: {mine}"]').is_checked()
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        pay.fill("2")
        page.locator('[data-target="button:propose-trade"]').click()
        # played: the next position of the same seat draws the form empty (a classroom seat)
        page.evaluate("(s) => window.mlHarness.update(s)",
                      {"position": f"{game}:{int(cursor) + 2}:{rest}", "notice": ""})
        assert pay.input_value() == "0" and panel.get_attribute("open") is not None
        assert not page.locator(f'input[aria-label="Give from my bag: {mine}"]').is_checked()
        board._handle_custom_msg(page.evaluate("window.mlHarness.sent")[-1], [])
        assert str(match.history[-1]) == f"P0 trade P1 give={mine} take=- pay=2 ask=0"
        board._handle_custom_msg({"type": "reveal"}, [])  # hot-seat: P1 answers; back to P0
        board._handle_custom_msg({"type": "play", "index": next(
            c["index"] for c in board.choices if c["text"] == "P1 decline"),
            "version": board.version}, [])
        board._handle_custom_msg({"type": "reveal"}, [])
        assert board.seat == 0 and match.state.offer is None
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        # the proposal was made: its form starts empty again (the panel stays as it was)
        assert page.locator('input[aria-label="Pay"]').input_value() == "0"
        assert not page.locator(f'input[aria-label="Give from my bag: {mine}"]').is_checked()
    # the counter of a bargain: a cleared price box sends nothing (it sent RM0)
    match = Match.from_state("bansan", bansan.position(
        players=2, rents={0: ["FV"], 1: ["WG"]}, phase="actions", current=1,
        stalls={"FV": ["FV", "FV"]}, money=[10, 10]))
    card = match.state.stalls[0].cards[0]
    for text in ("P1 buy FV", f"P1 bargain {card} 0"):
        match.play(text)
    board = BansanBoard(match, opponents=None)
    board._handle_custom_msg({"type": "reveal"}, [])
    with chromium_page(tmp_path, 1280, 1400) as page:
        mount(page, board)
        page.locator('input[aria-label="Your price for ' + card + ' in RM"]').fill("")
        page.locator('[data-target="button:counter-price"]').click()
        assert page.evaluate("window.mlHarness.sent") == []
        assert page.locator(".marketlib-counter .marketlib-form-error").inner_text() == (
            "Price: type a whole number of ringgit, 0 or more (nothing was sent)")


@pytest.mark.parametrize("game", ["bansan", "monsoon"])
def test_the_result_is_on_a_phones_first_screen(tmp_path: Path, game: str) -> None:
    """helper-86: at 390 px the top of an ended game said only "The game is over."; the
    result ("Game over: P2 won...") came after the whole board, about 2,200 px down. It is
    drawn right under that line now."""
    from marketlib import bansan
    from marketlib.sim import play
    from marketlib.widgets import BansanBoard

    rules = bansan.Rules(players=3) if game == "bansan" else monsoon.Rules(players=3)
    match = play(game, rules, ["greedy"], seed=5).to_match()
    assert match.outcome is not None
    board = (BansanBoard if game == "bansan" else MonsoonBoard)(match, opponents=None)
    with chromium_page(tmp_path, 390, 844) as page:
        mount(page, board)
        result = page.locator(".marketlib-summary")
        assert result.inner_text().startswith("Game over: ")
        box = result.bounding_box()
        assert box is not None and box["y"] + 40 < 844, box  # its first line shows
        page.screenshot(path=str(tmp_path / f"{game}_over_phone.png"))


def test_a_bargain_and_a_trade_name_the_cards_by_what_a_student_sees(tmp_path: Path) -> None:
    """helper-86: the Bargain box asked for a card code ("card, e.g. PC-12") that no card on
    the board shows (codes are in tooltips only, and a phone has no hover), and a trade read
    "P1 offers you [PC-19] + RM0 for [PC-80] + RM1". The bargain lists the cards of the BUY
    in progress by produce and Stall; a trade's cards carry their produce."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    state = bansan.position(players=2, rents={0: ["WG"], 1: ["FV"]}, phase="actions",
                            current=0, stalls={"FV": ["FV", "FV"]}, money=[10, 10],
                            bags={0: ["WG:PA"]})
    match = Match.from_state("bansan", state)
    match.play("P0 buy FV")
    stall = next(st for st in match.state.stalls if st.renter == 1)
    board = BansanBoard(match, opponents=None)
    with chromium_page(tmp_path, 1280, 1400) as page:
        mount(page, board)
        page.locator("details.marketlib-trade summary").click()
        chooser = page.locator('select[aria-label="Card to bargain for"]')
        assert chooser.locator("option").all_inner_texts() == [
            f"Fruits & Veggies in P1's Stall {stall.id} ({card})" for card in stall.cards]
        chooser.select_option(stall.cards[1])
        page.locator('input[aria-label="Price"]').fill("1")
        page.locator('button[aria-label="Propose a bargained price for a card you are '
                     'buying"]').click()
        sent = page.evaluate("window.mlHarness.sent")[-1]
        assert sent == {"type": "bargain", "card": stall.cards[1], "price": 1,
                        "version": board.version}
    board._handle_custom_msg(sent, [])
    assert str(match.history[-1]) == f"P0 bargain {stall.cards[1]} 1"
    # a trade's terms name each card's produce, in the step line every seat reads
    traded = Match.from_state("bansan", state)
    mine = state.vendors[0].bag[0].card
    traded.play(f"P0 trade P1 give={mine} take=- pay=0 ask=1")
    assert bansan.words.step(traded.view(1), 1, 1) == (
        f"P0 offers you [{mine} (Wet Goods)] + RM0 for [] + RM1. You answer: accept, "
        "decline or counter.")


def test_a_panel_the_board_opens_is_not_taken_for_the_persons_choice(tmp_path: Path) -> None:
    """helper-88 on the form memory: the R&R panel a person had closed stayed closed when they
    stepped in out of turn (the memory won over the board's opening), and the panels the board
    opened for the step-in stayed open once it ended (the board's opening was kept as the
    person's). The memory keeps the person's own clicks on a summary only."""
    from marketlib import bansan
    from marketlib.widgets import BansanBoard

    state = bansan.position(players=2, rents={0: ["FV", "DG"], 1: ["MT"]}, money=[10, 10],
                            phase="actions", current=0)
    board = BansanBoard(Match.from_state("bansan", state), opponents=None)
    with chromium_page(tmp_path) as page:
        mount(page, board)
        rr = page.locator("details.marketlib-rr")
        rr.locator("summary").click()
        rr.locator("summary").click()  # opened, then closed by the person
        assert rr.get_attribute("open") is None
        page.evaluate("(s) => window.mlHarness.update(s)",
                      {"out_of_turn": True, "version": board.version + 5})
        assert page.locator("details.marketlib-rr").get_attribute("open") is not None
    with chromium_page(tmp_path / "again") as page:
        mount(page, board)
        page.evaluate("(s) => window.mlHarness.update(s)",
                      {"out_of_turn": True, "version": board.version + 5})
        page.wait_for_timeout(100)  # a <details>' toggle event comes after the drawing
        page.evaluate("(s) => window.mlHarness.update(s)",
                      {"out_of_turn": False, "version": board.version + 6})
        assert page.locator("details.marketlib-rr").get_attribute("open") is None
        assert page.locator("details.marketlib-trade").get_attribute("open") is None


def test_escape_before_a_moves_answer_keeps_the_focus_off_the_board(tmp_path: Path) -> None:
    """Enter plays the focused choice and the board puts the focus back where it was once the
    answer is drawn. A person who pressed Escape meanwhile (to go back to the notebook) had
    the focus pulled back onto the board by that redraw (the JupyterLab test, in CI: a request
    for previews queued before the move made its answer late)."""
    from marketlib.bots import RandomBot

    board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=3),
                         opponents={1: RandomBot()})
    board.async_bots = False  # P1 answers inside the handler (Playwright runs a loop)
    inside = "document.querySelector('#root').contains(document.activeElement)"
    with chromium_page(tmp_path) as page:
        mount(page, board)
        page.locator(".marketlib-area .marketlib-legal").first.focus()
        page.keyboard.press("Enter")
        sent = page.evaluate("window.mlHarness.sent")[-1]
        assert sent["type"] == "play" and page.evaluate(inside)
        page.keyboard.press("Escape")
        assert not page.evaluate(inside)
        board._handle_custom_msg(sent, [])  # the answer comes after the Escape
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        assert page.locator(".marketlib-log li").count() >= 1  # the move is drawn
        assert not page.evaluate(inside)
        # without the Escape the focus stays on the board, as before
        page.locator(".marketlib-area .marketlib-legal").first.focus()
        page.keyboard.press("Enter")
        sent = page.evaluate("window.mlHarness.sent")[-1]
        board._handle_custom_msg(sent, [])
        page.evaluate("(s) => window.mlHarness.update(s)", traits(board))
        assert page.evaluate(inside)
