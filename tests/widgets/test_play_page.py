"""The Play page end to end (issue 32): ``python -m marketlib page`` writes the folder, a loopback
static server serves it, Debian chromium opens it with every other origin blocked, and a person
plays a Bansan turn and a Monsoon turn by clicking, meets a refusal with its rule ID, downloads
the save file (which ``Match.load`` reads to the same game) and loads it back into the page.

One page load for everything (Pyodide starts once, in the page's Web Worker); the games are
switched with the page's own form. Building the folder takes about 25 s here (``uv build`` and
compiling the bytecode under Node; the Pyodide core and the msgspec wheel come from the cache
after the first build, which downloads them with npm and pip in about 10 s more).
"""

from __future__ import annotations

import functools
import http.server
import json
import socketserver
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from marketlib import Match
from marketlib.widgets.pagefolder import write_page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import ARGS, CHROMIUM, ROOT, require_chromium

pytestmark = pytest.mark.browser
OUT = ROOT / "test-results" / "play-page"
START = 120_000  # ms: Pyodide's first start on a loaded 2-core machine
CLICKABLE = ".marketlib-board button.marketlib-legal[data-choice]:visible"


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built page, served on a free loopback port; its address."""
    require_chromium()
    folder = write_page(tmp_path_factory.mktemp("play")).folder
    handler = functools.partial(Quiet, directory=str(folder))
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def moves(page: Any) -> int:
    return int(page.evaluate("window.marketlibPage.model.get('log_total') || 0"))


def click_legal(page: Any) -> None:
    """Click the first highlighted choice that plays (a question's answer first)."""
    for selector in ('[data-target="confirm:yes"]',
                     ".marketlib-board button.marketlib-legal[data-choice]:visible"):
        button = page.locator(selector).first
        if button.count():
            button.click()
            return
    raise AssertionError("nothing to click")


def play_a_turn(page: Any, target: str = "") -> None:
    """Click ``target`` (or the first highlighted choice) and wait for the move (computer
    players answer in the worker)."""
    before = moves(page)
    if target:
        page.locator(f'[data-target="{target}"]').first.click()
    else:
        click_legal(page)
    page.wait_for_function(f"(window.marketlibPage.model.get('log_total') || 0) > {before}",
                           timeout=30_000)


def deal(page: Any, game: str, seats: list[str], seed: int) -> None:
    """Deal a game with the page's form (no reload: Python stays loaded)."""
    if not page.evaluate("document.getElementById('setup-box').open"):
        page.locator("#setup-box > summary").click()
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for i, who in enumerate(seats):
        page.select_option(f"select[name=seat{i}]", who)
    page.fill("#seed", str(seed))
    page.click("#deal")
    page.wait_for_function(f"window.marketlibPage.model.get('seed') === '{seed}'",
                           timeout=30_000)
    page.locator(CLICKABLE).first.wait_for(timeout=30_000)


def test_the_play_page_plays_both_games_offline_and_its_saves_travel(
        served: str, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    refused: list[str] = []
    allowed: list[str] = []

    def only_loopback(route: Any) -> None:
        url = route.request.url
        if url.startswith(served + "/"):
            allowed.append(url)
            route.continue_()
        else:
            refused.append(url)
            route.abort()

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 900},
                                      accept_downloads=True)
        context.route("**/*", only_loopback)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{served}/index.html?game=bansan&seats=you,greedy&seed=5")
        page.locator(CLICKABLE).first.wait_for(timeout=START)
        assert page.evaluate("window.marketlibPage.model.get('seed')") == "5"
        assert "seed=5" in page.url and "seats=you%2Cgreedy" in page.url  # a link to this deal

        # Bansan: the person's first decision, clicked; GreedyBot answers in the worker
        play_a_turn(page)
        log = page.evaluate("window.marketlibPage.model.get('log')")
        assert log[0].startswith("P0 ")

        # Monsoon Market, dealt from the form: a turn, then a refusal with its rule ID
        deal(page, "monsoon", ["you", "greedy"], 7)
        assert "game=monsoon" in page.url and "seed=7" in page.url
        # a card of P1's display, no larger than P0's: stealing it is against M-STEAL rules
        theirs = page.evaluate("window.marketlibPage.model.get('scene').seats[1].display[0]")
        page.locator(f'[data-target="card:{theirs}"]').first.click()
        page.wait_for_function("/M-[A-Z]+-\\d+/.test(window.marketlibPage.model.get('notice'))",
                               timeout=30_000)
        notice = page.evaluate("window.marketlibPage.model.get('notice')")
        assert moves(page) == 0, notice  # refused: nothing was played
        market = page.evaluate("window.marketlibPage.model.get('scene').market[0]")
        play_a_turn(page, f"card:{market}")  # steal a Market card
        page.screenshot(path=str(OUT / "monsoon.png"))

        # the save file: Match.load reads the same game
        with page.expect_download() as info:
            page.click("#save")
        saved = tmp_path / "saved.json"
        info.value.save_as(saved)
        match = Match.load(saved)
        shown = page.evaluate("window.marketlibPage.model.get('log')")
        assert match.game.GAME.name == "monsoon" and match.seed == 7
        assert match.cursor == moves(page) == len(shown) >= 2
        # the same lines (the page adds the computer player's reason to its own)
        assert all(line.startswith(said) for line, said in zip(shown, match.log(0), strict=True))

        # and back: a fresh deal, then the save loaded into the page is that game again
        deal(page, "monsoon", ["you", "random"], 8)
        page.set_input_files("#load", str(saved))
        page.wait_for_function("window.marketlibPage.model.get('seed') === '7'", timeout=30_000)
        # (the computer players' reasons were said when they moved; a loaded game has none)
        assert page.evaluate("window.marketlibPage.model.get('log')") == match.log(0)
        assert "seed=7" in page.url
        assert not errors, errors
        browser.close()

    assert not refused, f"requests outside the page's folder: {refused}"
    assert any(u.endswith("pyodide.asm.wasm") for u in allowed)  # the worker's, routed too


@pytest.mark.parametrize(("query", "game", "players"), [
    ("?game=constructor&players=1e9", "monsoon", "5"),  # not a game of the page; clamped
    ("?game=__proto__&players=-3", "monsoon", "2"),
    ("?game=sendiri&players=4&seats=you,greedy,greedy,greedy", "sendiri", "1"),
    ("?game=kenduri&players=3.7&seats=you,random", "kenduri", "3"),
])
def test_a_pasted_link_is_read_within_the_games_and_their_player_counts(
        served: str, tmp_path: Path, query: str, game: str, players: str) -> None:
    """A link is typed or pasted by anyone (issue 32, point 4): an unknown game falls back to
    Monsoon Market and the number of players is clamped to the game's range; the setup form
    shows what will be dealt, and the page does not hang."""
    from browser import chromium_page

    with chromium_page(tmp_path) as page:
        page.goto(served + "/" + query)
        page.wait_for_function("document.getElementById('players').value !== ''",
                               timeout=30_000)
        assert page.locator("#game").input_value() == game
        assert page.locator("#players").input_value() == players
        assert page.locator("select[name^=seat]").count() == int(players)


SPOIL = """async (keep) => {
  const db = await new Promise((ok, no) => {
    const r = indexedDB.open("marketlib-play", 1);
    r.onsuccess = () => ok(r.result);
    r.onerror = () => no(r.error);
  });
  const store = (mode) => db.transaction("snapshots", mode).objectStore("snapshots");
  const found = await new Promise((ok) => { const r = store("readonly").get("python");
                                            r.onsuccess = () => ok(r.result); });
  const bytes = found.bytes.slice(0, keep);  // the header and the first bytes of memory
  // wait for the write's transaction to commit, durably, not the request's success: the
  // browser is closed right after, and a write still on its way was lost (1 run in ~20)
  await new Promise((ok, no) => {
    const tx = db.transaction("snapshots", "readwrite", { durability: "strict" });
    tx.objectStore("snapshots").put({ ...found, bytes }, "python");
    tx.oncomplete = ok;
    tx.onerror = () => no(tx.error);
  });
  db.close();
  return found.bytes.length;
}"""
"""Cut the kept snapshot short (under the name it was kept under): it no longer restores."""


def test_a_second_visit_starts_python_from_the_snapshot_the_first_kept(
        served: str, tmp_path: Path) -> None:
    """Point 3, a warm start: the first visit keeps a memory snapshot of Python's start (with
    the standard library's modules the game needs, ``page.json``'s ``preload``) in the origin's
    IndexedDB (``worker.js``), the second visit restores it instead of starting Python and
    plays; a snapshot that does not restore is dropped and Python starts afresh."""
    from playwright.sync_api import sync_playwright

    require_chromium()
    with urllib.request.urlopen(f"{served}/page.json") as answer:
        preload = json.loads(answer.read())["preload"]  # imported before the snapshot is made
    assert {"tomllib", "csv", "decimal"} <= set(preload)  # the card data's reading, the money
    assert not {n.partition(".")[0] for n in preload} & {"marketlib", "msgspec", "compileall"}
    url = f"{served}/index.html?game=bansan&seats=you,greedy&seed=5"
    with sync_playwright() as p:

        def visit() -> tuple[Any, Any, str]:
            context = p.chromium.launch_persistent_context(
                str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, headless=True)
            page = context.new_page()
            page.goto(url)
            page.locator(CLICKABLE).first.wait_for(timeout=START)
            return context, page, page.evaluate("window.marketlibPage.python")

        context, page, python = visit()
        assert python == "made"
        page.wait_for_function("window.marketlibPage.kept !== null", timeout=START)
        assert page.evaluate("window.marketlibPage.kept") is True
        context.close()

        context, page, python = visit()
        assert python == "restored"
        play_a_turn(page)
        assert page.evaluate("window.marketlibPage.model.get('log')")[0].startswith("P0 ")
        assert page.evaluate(SPOIL, 4 << 20) > 16 << 20
        context.close()

        context, page, python = visit()
        assert python == "made"  # the spoilt snapshot was refused, Python started afresh
        play_a_turn(page)
        page.wait_for_function("window.marketlibPage.kept !== null", timeout=START)
        context.close()

        context, page, python = visit()
        assert python == "restored"  # and kept again
        context.close()


def test_the_play_page_in_bahasa_malaysia(served: str, tmp_path: Path) -> None:
    """Issue 30, point 5: a link with ``?lang=ms`` opens the page in Bahasa Malaysia (its words
    from words.json, the board from the worker's Python in Malay); the switch turns both back
    to English without a new deal, and the choice is kept in the browser."""
    from browser import chromium_page

    from marketlib.core.i18n import language
    from marketlib.widgets.worker import PageGame

    start = json.dumps({"type": "start", "setup": {"game": "monsoon", "seed": 3,
                                                   "seats": ["you", "greedy"]}})
    titles = {}
    for lang in ("en", "ms"):
        game = PageGame()
        game.receive(json.dumps({"type": "language", "lang": lang}))
        with language(lang):
            titles[lang] = game.receive(start)[1]["traits"]["scene"]["title"]
    assert titles["en"] != titles["ms"]
    title = "window.marketlibPage.model.get('scene').title"
    with chromium_page(tmp_path) as page:
        page.goto(f"{served}/index.html?game=monsoon&seats=you,greedy&seed=3&lang=ms")
        page.locator(CLICKABLE).first.wait_for(timeout=START)
        assert page.evaluate("document.documentElement.lang") == "ms"
        assert page.locator("#deal").text_content() == "Agihkan"
        assert page.locator("select[name=seat0] option[value=you]").text_content() == "Anda"
        assert page.locator("#lang").input_value() == "ms"
        assert page.evaluate(title) == titles["ms"]
        page.select_option("#lang", "en")
        page.wait_for_function(f"{title} === {json.dumps(titles['en'])}", timeout=30_000)
        assert page.locator("#deal").text_content() == "Deal"
        assert page.locator("select[name=seat1] option[value=greedy]").text_content() == (
            "GreedyBot (computer)")
        assert page.evaluate("localStorage.getItem('marketlib-lang')") == "en"
        assert page.evaluate("window.marketlibPage.model.get('seed')") == "3"  # the same deal


def test_a_refused_link_says_no_game_was_dealt(served: str, tmp_path: Path) -> None:
    """A link the page refuses (nobody at the table is a person here) said why in the setup
    box, and the board kept "Loading the game..." for ever (found by helper-64)."""
    from browser import chromium_page

    with chromium_page(tmp_path) as page:
        page.goto(served + "/?game=monsoon&seats=greedy,greedy")
        page.wait_for_selector('#board [data-word="no_game"]', timeout=START)
        assert page.locator("#board").inner_text() == (
            "No game was dealt: change what the message above names, then Deal.")
        assert page.locator('#board [data-word="loading"]').count() == 0


def test_a_loaded_save_no_link_deals_says_so(served: str, tmp_path: Path) -> None:
    """A save of rules a link cannot carry (here a seal target of 10) opens, and the link says
    to share the save file instead of naming a deal that would be another game (helper-64)."""
    from browser import chromium_page

    from marketlib import Match

    match = Match("monsoon", {"players": 2, "seal_target": 10}, seed=5)
    match.play(match.legal_actions()[0])
    saved = tmp_path / "ten.json"
    match.save(saved)
    with chromium_page(tmp_path) as page:
        page.goto(served + "/")
        page.locator(CLICKABLE).first.wait_for(timeout=START)
        if not page.evaluate("document.getElementById('setup-box').open"):
            page.locator("#setup-box > summary").click()
        page.set_input_files("#load", str(saved))
        page.wait_for_selector('#link[data-word="no_link"]', timeout=30_000)
        assert page.locator("#link").inner_text() == (
            "No link deals this saved game again: share its save file")
        assert page.locator("#link").get_attribute("href") is None
        assert "seed=" not in page.url
        # the form offers 15 or 30 seals: it shows the standard 15, and Deal deals with it
        # (it showed an empty choice, and Deal was refused as "not 0 seals"; helper-64)
        assert page.locator("#seals").input_value() == "15"
        page.fill("#seed", "8")
        page.click("#deal")
        page.wait_for_function("window.marketlibPage.model.get('seed') === '8'", timeout=30_000)
        assert page.locator("#problem").inner_text().strip() == ""
        assert "seals=15" in page.url and "seed=8" in page.url
