"""Every theme and every screen (issue 30, points 1, 2, and from 4 the seed box and quiet
illegal choices), measured on the shipped JS and CSS in headless chromium (widgets/harness.html).

Themes: ``dark`` is a browser that prefers dark (the classroom page's way); ``lab-dark`` and
``lab-light`` dress the page with JupyterLab's own Dark and Light theme CSS from the installed
JupyterLab and the ``data-jp-theme-light`` mark JupyterLab sets (widgets/screenshots.py,
``dress``). tests/e2e/test_theme_lab.py does the same in a real JupyterLab.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from browser import ROOT, chromium_page, phases, traits

from marketlib import Match, bansan, monsoon
from marketlib.bots import GreedyBot, RandomBot
from marketlib.widgets import BansanBoard, MonsoonBoard

sys.path.insert(0, str(ROOT / "widgets"))
from screenshots import dress

pytestmark = pytest.mark.browser

def mount(page: Any, board: Any, theme: str = "", state: dict[str, Any] | None = None) -> None:
    page.goto((ROOT / "widgets" / "harness.html").as_uri())
    if theme:
        dress(page, theme)
    page.evaluate("([esm, css, state]) => window.mlHarness.mount(esm, css, state)",
                  [str(board._esm), str(board._css), state or traits(board)])


# The colours as drawn: the board's text, the ground under it, and their contrast.
INK = r"""
() => {
  const rgb = (s) => {  // rgb(a) in 0..255, or color(srgb r g b / a) in 0..1 (color-mix)
    const n = (s.match(/[\d.]+/g) || []).map(Number);
    return s.startsWith("color(srgb") ? [...n.slice(0, 3).map((v) => v * 255), ...n.slice(3)] : n;
  };
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ground = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const header = document.querySelector(".marketlib-header");
  const fg = rgb(getComputedStyle(header).color).slice(0, 3);
  const bg = ground(header);
  const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
  return { ground: lum(bg), ink: lum(fg), ratio: (hi + 0.05) / (lo + 0.05) };
}
"""


def boards() -> list[Any]:
    return [
        BansanBoard(Match("bansan", bansan.Rules(players=3), seed=2),
                    opponents={1: RandomBot(), 2: RandomBot()}),
        BansanBoard(Match("bansan", bansan.Rules(players=3, mode="kenduri"), seed=2),
                    opponents={1: RandomBot(), 2: RandomBot()}),
        BansanBoard(Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=2)),
        MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=2),
                     opponents={1: RandomBot()}),
    ]


@pytest.mark.parametrize("theme", ["dark", "lab-dark", "lab-light"])
def test_boards_are_axe_clean_and_readable_in_every_theme(tmp_path: Path, theme: str) -> None:
    """axe-core (no serious or critical violation: colour contrast among them) on every phase
    of a Bansan turn, Kenduri, Sendiri and a Monsoon Market turn, dark and JupyterLab-dressed
    (light is tests/widgets/test_board_js.py); the header's ink reads on its ground."""
    from axe_playwright_python.sync_playwright import Axe

    dark = theme.endswith("dark")
    checked = 0
    with chromium_page(tmp_path) as page:
        for board in boards():
            for state in phases(board, 2):
                mount(page, board, theme, state)
                ink = page.evaluate(INK)
                assert ink["ratio"] >= 7, ink
                assert (ink["ground"] < 0.05) if dark else (ink["ground"] > 0.8), ink
                results = Axe().run(page, context=".marketlib-board").response
                serious = [(v["id"], v["impact"], [n["html"][:80] for n in v["nodes"][:3]])
                           for v in results["violations"]
                           if v["impact"] in ("serious", "critical")]
                assert serious == [], serious
                checked += 1
        page.screenshot(path=str(tmp_path / f"monsoon_{theme}.png"), full_page=True)
    assert checked >= 20


# ------------------------------------------------------------------------ every screen
MEASURE = r"""
(seat) => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    for (let p = el.parentElement; p; p = p.parentElement)
      if (p.tagName === "DETAILS" && !p.open) return null;
    return r;
  };
  const name = (el) => el.dataset.target || el.getAttribute("aria-label")
    || el.textContent.trim().slice(0, 40);
  if (document.documentElement.scrollWidth > width + 1)
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
  const cells = [...document.querySelectorAll(".marketlib-board .marketlib-grid > *")];
  for (const el of cells) {
    const r = shown(el);
    if (r && (r.left < -0.5 || r.right > width + 0.5))
      problems.push(`Stall cell ${name(el)} spans ${Math.round(r.left)}..`
                    + `${Math.round(r.right)} of ${width}`);
  }
  const buttons = [...document.querySelectorAll(".marketlib-board button")]
    .map((el) => [el, shown(el)]).filter(([, r]) => r);
  for (const [el, r] of buttons) {
    if (r.height < 44 - 0.5) problems.push(`${name(el)} is ${r.height.toFixed(1)} px high`);
    if (r.right > width + 0.5)
      problems.push(`${name(el)} ends at ${Math.round(r.right)} > ${width}`);
  }
  for (let i = 0; i < buttons.length; i++) {
    for (let j = i + 1; j < buttons.length; j++) {
      const [a, ra] = buttons[i], [b, rb] = buttons[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) problems.push(`${name(a)} overlaps ${name(b)}`);
    }
  }
  const top = (sel) => {
    const el = document.querySelector(sel);
    return el ? el.getBoundingClientRect().top : null;
  };
  return { problems, cells: cells.length, buttons: buttons.length,
           own: top(`.marketlib-board [data-seat="${seat}"]`),
           market: top(".marketlib-board .marketlib-market"),
           narrow: document.querySelector(".marketlib-board").classList
             .contains("marketlib-narrow") };
}
"""


def _bansan_actions() -> Any:
    board = BansanBoard(Match("bansan", bansan.Rules(players=4), seed=21),
                        opponents={s: GreedyBot() for s in (1, 2, 3)})
    rng = random.Random(3)
    while not (board.match.state.phase == "actions" and board.match.current_player == 0):
        board.play(board.match.legal_actions()[rng.choice(board.choices)["index"]])
    return board


def _monsoon() -> Any:
    return MonsoonBoard(Match("monsoon", monsoon.Rules(players=3), seed=4),
                        opponents={1: GreedyBot(), 2: GreedyBot()})


def _sendiri() -> Any:
    return BansanBoard(Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=21))


@pytest.mark.parametrize("game", ["bansan", "monsoon", "sendiri"])
def test_every_screen_from_a_phone_to_a_projector(tmp_path: Path, game: str) -> None:
    """At 360, 768, 1280 and 1920 px: the Stall grid's cells lie within the window, no two
    buttons overlap, every button is at least 44 px high (WCAG 2.5.5); at 360 px the seat's own
    panel comes before the public market, with every folded panel opened too."""
    board = {"bansan": _bansan_actions, "monsoon": _monsoon, "sendiri": _sendiri}[game]()
    for width in (360, 768, 1280, 1920):
        with chromium_page(tmp_path, width, 900) as page:
            mount(page, board, "dark" if width == 360 else "")
            found = page.evaluate(MEASURE, 0)
            assert found["problems"] == [], (width, found["problems"])
            assert found["buttons"] > 10
            if game != "monsoon":
                assert found["cells"] >= 6
            assert found["narrow"] == (width < 640)
            if width == 360:
                assert found["own"] < found["market"], found
                page.evaluate("document.querySelectorAll('.marketlib-board details')"
                              ".forEach((d) => { d.open = true; })")
                again = page.evaluate(MEASURE, 0)
                assert again["problems"] == [], again["problems"]
            page.screenshot(path=str(tmp_path / f"{game}_{width}.png"), full_page=True)


# ------------------------------------------------------------- the seed box, quiet choices
def test_new_game_sends_an_empty_seed_box_as_null_and_a_typed_seed_as_typed(
        tmp_path: Path) -> None:
    board = _monsoon()
    with chromium_page(tmp_path) as page:
        mount(page, board)
        box = page.locator(".marketlib-seed input")
        assert box.input_value() == ""
        assert box.get_attribute("placeholder") == "this game: 4"
        assert "type 4 to play this deal again" in (box.get_attribute("aria-label") or "")
        page.locator('[data-target="control:New game"]').click()
        assert page.evaluate("window.mlHarness.sent")[-1] == {"type": "new_game", "seed": None}
        box.fill(" 42 ")
        page.locator('[data-target="control:New game"]').click()
        assert page.evaluate("window.mlHarness.sent")[-1] == {"type": "new_game", "seed": "42"}
        box.fill("forty-two")  # sent as typed: Python refuses it, saying what to type
        page.locator('[data-target="control:New game"]').click()
        sent = page.evaluate("window.mlHarness.sent")[-1]
    assert sent == {"type": "new_game", "seed": "forty-two"}
    board._handle_custom_msg(sent, [])
    assert board.error.startswith("The seed must be a whole number such as 42")
    assert board.match.seed == 4
    board._handle_custom_msg({"type": "new_game", "seed": None}, [])
    assert board.error == "" and board.seed == str(board.match.seed)  # a fresh deal


STYLE = r"""
(sel) => [...document.querySelectorAll(sel)].map((el) => {
  const s = getComputedStyle(el);
  return { target: el.dataset.target, legal: el.classList.contains("marketlib-legal"),
           border: parseFloat(s.borderTopWidth), borderColor: s.borderTopColor,
           background: s.backgroundColor, color: s.color, weight: s.fontWeight };
})
"""


@pytest.mark.parametrize("theme", ["", "dark"])
def test_illegal_choices_are_quiet_and_legal_ones_stand_out(tmp_path: Path, theme: str) -> None:
    """Monsoon's Declare buttons before anything is spent: none is legal, so none wears its
    edge's colour (the illegal "Declare Gold" was the loudest button on the board); on-board
    things that are not legal have a thin frame and quieter text than the legal ones, which
    have a 2 px green frame; every one keeps its label and its click asks why not."""
    match = Match("monsoon", monsoon.Rules(players=2), seed=8)
    board = MonsoonBoard(match, opponents={1: GreedyBot()})
    board.play(next(a for a in match.legal_actions() if str(a).startswith("P0 fulfill")))
    with chromium_page(tmp_path) as page:
        mount(page, board, theme)
        levels = page.evaluate(STYLE, ".marketlib-level")
        assert [lv["target"] for lv in levels] == ["level:gold", "level:silver", "level:bulk"]
        paper = page.evaluate(  # a control's ground is the board's
            "getComputedStyle(document.querySelector('.marketlib-control')).backgroundColor")
        for level in levels:
            assert not level["legal"] and level["background"] == paper, level
            assert level["background"] != "rgb(240, 228, 66)"  # never the yellow of Gold
        on_board = page.evaluate(STYLE, ".marketlib-area .marketlib-btn")
        legal = [b for b in on_board if b["legal"]]
        quiet = [b for b in on_board if not b["legal"]]
        assert legal and quiet
        assert all(b["border"] >= 2 for b in legal) and all(b["border"] <= 1 for b in quiet)
        assert {b["color"] for b in quiet}.isdisjoint({b["color"] for b in legal})
        assert page.locator(".marketlib-area button:not([aria-label])").count() == 0
        page.locator('[data-target="level:gold"]').click()  # still answers why not
        assert page.evaluate("window.mlHarness.sent")[-1] == {"type": "explain",
                                                               "target": "level:gold"}
        page.screenshot(path=str(tmp_path / f"monsoon_levels{theme}.png"), full_page=True)


# ---------------------------------------------------------------- the log's move numbers
LOG_NUMBERS = r"""
() => {
  const list = document.querySelector(".marketlib-board .marketlib-log ol");
  const style = getComputedStyle(list);
  const probe = document.createElement("span");
  probe.style.font = style.font;
  probe.style.whiteSpace = "pre";
  probe.textContent = `${list.children.length}. `;  // the widest number, with its dot
  document.body.appendChild(probe);
  const need = probe.getBoundingClientRect().width;
  probe.remove();
  return { need, room: parseFloat(style.paddingLeft), lines: list.children.length };
}
"""


def test_the_logs_move_numbers_fit_on_a_phone_and_a_desktop(tmp_path: Path) -> None:
    """At 390 px the log's numbers from 100 on lost their first digit ("00. P1 done" for move
    100; helper-67): the list's indent holds the widest number of the log, up to 9999."""
    board = BansanBoard(Match("bansan", bansan.Rules(players=2), seed=11),
                        opponents={1: RandomBot()})
    rng = random.Random(11)
    while len(board.log) < 120 and board.match.outcome is None:
        board.play(board.match.legal_actions()[rng.choice(board.choices)["index"]])
    assert len(board.log) >= 100
    for width, theme in ((390, "dark"), (1280, "")):
        with chromium_page(tmp_path, width, 900) as page:
            mount(page, board, theme)
            found = page.evaluate(LOG_NUMBERS)
            assert found["lines"] >= 100
            assert found["need"] <= found["room"], (width, found)
            page.evaluate("document.querySelector('.marketlib-board .marketlib-log ol')"
                          ".scrollTop = 1e6")
            page.locator(".marketlib-board .marketlib-log").screenshot(
                path=str(tmp_path / f"log_{width}.png"))
            page.evaluate("""() => { const li = document.querySelector(
                '.marketlib-board .marketlib-log ol'); li.replaceChildren(
                ...Array.from({ length: 9999 }, () => document.createElement('li'))); }""")
            wide = page.evaluate(LOG_NUMBERS)
            assert wide["need"] <= wide["room"], (width, wide)
