"""Issue 27, the student's page is never silently stuck (Debian chromium, loopback only): a link
that goes silent is noticed within 5 s and the page reconnects when it is back; a click made
while disconnected says it was not sent (and is not played later); a refused reconnect says why,
with a button to enter the code again; a tab whose seat was taken over shows only that.

The silent loss is made by a TCP relay on 127.0.0.1 between the page and the server that stops
forwarding without closing anything (a Wi-Fi that drops, a laptop lid): only the heartbeat tells
the page. Screenshots of each state go to ``/tmp/marketlib-page/``."""

from __future__ import annotations

import re
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

from marketlib.classroom import Room

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))
from browser import ARGS, CHROMIUM, require_chromium

SHOTS = Path("/tmp/marketlib-page")
PHONE = {"width": 390, "height": 844}


@contextmanager
def served(tmp_path: Path) -> Iterator[tuple[Room, Any]]:
    """A 2-seat Bansan room (seed 5) served on a free port, and Debian chromium; both
    stopped afterwards."""
    from playwright.sync_api import sync_playwright

    room = Room("bansan", tables=1, players=2, path=tmp_path / "class.sqlite", seed=5).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                yield room, browser
            finally:
                browser.close()
    finally:
        room.stop()

pytestmark = pytest.mark.browser


class Relay:
    """Forwards 127.0.0.1:port to the server; ``blocked`` swallows every byte both ways
    (connections stay open, new ones are accepted and get nothing)."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.blocked = False
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = [self.listener]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.blocked:
                self.sockets.append(client)  # a black hole: open, silent
                continue
            upstream = socket.create_connection(("127.0.0.1", self.target))
            self.sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        while True:
            try:
                data = src.recv(65536)
            except OSError:
                return
            if not data:
                return
            if self.blocked:
                continue
            try:
                dst.sendall(data)
            except OSError:
                return

    def close(self) -> None:
        for s in self.sockets:
            s.close()


def link(page: Any) -> str:
    return str(page.locator("#link").inner_text())


def wait_link(page: Any, text: str, timeout: float) -> float:
    """Seconds until the status line contains ``text``."""
    start = time.monotonic()
    page.wait_for_function("(t) => document.getElementById('link').textContent.includes(t)",
                           arg=text, timeout=timeout * 1000)
    return time.monotonic() - start


def join(page: Any, url: str, code: str, name: str) -> None:
    page.goto(url)
    page.fill("#code", code)
    page.fill("#name", name)
    page.click("form#join button[type=submit]")
    try:
        page.wait_for_selector(".marketlib-board", timeout=30_000)
    except Exception as err:  # say what the page said (it failed once in CI, cause unknown)
        said = page.evaluate("() => [window.marketlibClassroom && window.marketlibClassroom."
                             "state, document.getElementById('link').textContent, "
                             "document.getElementById('problem').textContent]")
        raise AssertionError(f"no board 30 s after joining: state, link, problem = {said}") \
            from err
    page.wait_for_function("() => document.getElementById('link').textContent === 'connected'")


def test_the_page_is_never_silently_stuck(tmp_path: Path) -> None:
    require_chromium()
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "class.sqlite"
    room = Room("bansan", tables=1, players=2, path=path, seed=5).start()
    relay = Relay(room.port)
    url = f"http://127.0.0.1:{relay.port}/"
    match = room.tables[0].match
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_context(viewport=PHONE).new_page()
            join(page, url, room.codes[(1, 0)], "Aisyah")
            page.screenshot(path=str(SHOTS / "1-connected.png"))

            # The link goes silent: "reconnecting" within 5 s, from the missing heartbeats.
            relay.blocked = True
            took = wait_link(page, "reconnecting", 8)
            assert took <= 5.0, took
            assert "no answer from the server" in link(page)
            # while a try hangs (the relay takes the socket and forwards nothing), the page
            # says it is trying now: "reconnecting in 1 s..." stayed for seconds (helper-94)
            wait_link(page, "no answer from the server: reconnecting now...", 8)
            # A click while disconnected is not sent, and the page says so.
            moves = match.cursor
            page.locator(".marketlib-board button.marketlib-legal:visible").first.click()
            note = page.locator("#connection").inner_text()
            assert note.startswith("Not connected: your click was not sent"), note
            page.screenshot(path=str(SHOTS / "2-reconnecting-click-not-sent.png"))

            # Back: the page reconnects by itself, and the click was not played meanwhile.
            relay.blocked = False
            took = wait_link(page, "connected", 30)
            assert link(page) == "connected"
            time.sleep(1)
            assert match.cursor == moves and room.store.count() == 0
            page.wait_for_selector(".marketlib-board")
            page.screenshot(path=str(SHOTS / "3-back.png"))

            # A second tab takes the seat over: the first shows only the message.
            own = list(match.state.vendors[0].wallet)
            assert any(x in page.locator("#board").inner_text() for x in own)
            other = browser.new_context(viewport=PHONE).new_page()
            join(other, f"http://127.0.0.1:{room.port}/", room.codes[(1, 0)], "Aisyah")
            page.wait_for_function("() => window.marketlibClassroom.state === 'taken'",
                                   timeout=10_000)
            assert page.locator("#board").inner_html() == ""
            assert page.locator(".marketlib-board").count() == 0
            body = page.locator("body").inner_text()
            assert "This seat is open in another tab." in body
            assert not any(x in body for x in own)
            assert page.locator("#join").is_hidden()
            assert page.evaluate("() => window.marketlibClassroom.model.get('seats')") is None
            time.sleep(3)  # it stays so: no reconnect that would take the seat back
            assert room._server.connections[(0, 0)] is not None
            assert page.evaluate("() => window.marketlibClassroom.state") == "taken"
            page.screenshot(path=str(SHOTS / "4-taken-over.png"))

            # A refused reconnect: the room is replaced by another on the same port (other
            # codes); the second tab's rejoin is refused; it says why and offers the code form.
            port = room.port
            room.stop()
            wait_link(other, "reconnecting", 10)
            time.sleep(4)  # the next tries fail with no reason of their own: the stop is
            assert re.fullmatch(r"The teacher stopped the room: reconnecting (in \d+ s|now)\.\.\.",
                                link(other)), link(other)  # waiting, or trying now
            # still said (it read "disconnected: reconnecting in 15 s..." for ever, helper-78)
            room = Room("bansan", tables=1, players=2, path=tmp_path / "other.sqlite", seed=6,
                        port=port).start()
            other.wait_for_function("() => window.marketlibClassroom.state === 'refused'",
                                    timeout=30_000)
            note = other.locator("#connection").inner_text()
            assert "unknown code" in note, note
            again = other.locator("#connection button", has_text="Enter the code again")
            assert again.is_visible()
            other.screenshot(path=str(SHOTS / "5-refused.png"))
            again.click()
            assert other.locator("#join").is_visible()
            other.fill("#code", room.codes[(1, 1)])
            other.click("form#join button[type=submit]")
            other.wait_for_function("() => document.getElementById('link').textContent"
                                    " === 'connected'", timeout=10_000)
            assert other.locator(".marketlib-page-who").inner_text().startswith(
                "Table 1, seat P1")
            other.screenshot(path=str(SHOTS / "6-rejoined.png"))
            browser.close()
    finally:
        relay.close()
        room.stop()


def test_too_many_wrong_codes_says_why_with_a_button(tmp_path: Path) -> None:
    require_chromium()

    SHOTS.mkdir(parents=True, exist_ok=True)
    with served(tmp_path) as (room, browser):
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(room.url)
        for i in range(5):
            page.fill("#code", f"AAAAA-AAAA{'ABCDE'[i]}")
            page.click("form#join button[type=submit]")
            if i < 4:
                page.wait_for_function(
                    "() => document.getElementById('problem').textContent !== ''")
                assert page.locator("#problem").inner_text().startswith("unknown code")
        page.wait_for_function("() => window.marketlibClassroom.state === 'refused'",
                               timeout=10_000)
        note = page.locator("#connection").inner_text()
        assert note.startswith("Too many wrong codes: check your code with your teacher")
        assert page.locator("#connection button").inner_text() == "Enter the code again"
        assert page.locator("#join").is_hidden()  # the reason and the button only
        page.screenshot(path=str(SHOTS / "7-too-many-wrong-codes.png"))
        page.locator("#connection button").click()
        page.fill("#code", room.codes[(1, 0)].replace("-", "\u00a0").lower())
        page.click("form#join button[type=submit]")
        page.wait_for_selector(".marketlib-board", timeout=30_000)


def test_a_page_turned_away_by_the_unjoined_cap_says_so_and_joins_when_there_is_room(
        tmp_path: Path) -> None:
    """4029: the address already holds ``max_unjoined`` sockets without a seat (a class behind
    one school NAT whose pages all opened at once). The page says why and that it retries, then
    joins by itself once the waiting sockets are gone, with no click."""
    require_chromium()
    from playwright.sync_api import sync_playwright
    from websockets.sync.client import connect

    SHOTS.mkdir(parents=True, exist_ok=True)
    room = Room("bansan", tables=1, players=2, path=tmp_path / "class.sqlite", seed=5)
    room.start(max_unjoined=2)
    waiting = ExitStack()  # two sockets that never send a code
    for _ in range(2):
        waiting.enter_context(connect(f"ws://127.0.0.1:{room.port}/ws"))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_context(viewport=PHONE).new_page()
            page.goto(room.url)
            page.fill("#code", room.codes[(1, 0)])
            page.fill("#name", "Aisyah")
            page.click("form#join button[type=submit]")
            wait_link(page, "reconnecting in", 10)
            status = link(page)
            assert status.startswith("Too many connections waiting for a code from your "
                                     "network: try again in a few seconds: reconnecting in")
            assert page.evaluate("window.marketlibClassroom.state") == "reconnecting"
            page.screenshot(path=str(SHOTS / "8-unjoined-cap-retrying.png"))
            waiting.close()
            page.wait_for_selector(".marketlib-board", timeout=30_000)
            page.wait_for_function(
                "() => document.getElementById('link').textContent === 'connected'")
            assert page.locator("#who").inner_text() == "Table 1, seat P0: Aisyah"
            browser.close()
    finally:
        waiting.close()
        room.stop()


def test_a_code_typed_before_the_page_is_ready_is_kept_and_joins(tmp_path: Path) -> None:
    """A student who types the code while the page's words are still on their way (a slow
    school network: /words.json held back here) keeps the code, and Join waits until its
    handler is there, then joins. Before the fix the page wrote the stored code ('') over the
    typed one, and the click met an empty required field: nothing happened, nothing was said
    (a flaky phone-layout test found it)."""
    require_chromium()

    with served(tmp_path) as (room, browser):
        page = browser.new_context(viewport=PHONE).new_page()

        held: list[Any] = []
        page.route("**/words.json", lambda route: held.append(route))  # answered when told
        page.goto(room.url, wait_until="domcontentloaded")
        page.wait_for_function("() => true")  # the route's callback has run
        page.fill("#code", room.codes[(1, 1)])
        page.fill("#name", "Wei Ling")
        assert len(held) == 1
        assert page.locator("form#join button[type=submit]").is_disabled()  # not ready yet
        held[0].continue_()  # the words arrive; the page's module goes on
        page.click("form#join button[type=submit]")  # waits until it is enabled
        page.wait_for_function("() => window.marketlibClassroom.state === 'connected'",
                               timeout=30_000)
        page.wait_for_selector(".marketlib-board", timeout=30_000)
        assert page.locator("#code").input_value() == room.codes[(1, 1)]
        assert "Wei Ling" in page.locator("#who").inner_text()


def test_a_student_scrolled_down_the_board_sees_the_connection_drop(tmp_path: Path) -> None:
    """helper-103: on a phone a student scrolls down to the Market Stalls to tap them; the
    header ("disconnected: reconnecting in 2 s...") and the note under it ("your click was not
    sent") scrolled away with the page, so going offline there showed nothing and a tap did
    nothing. While a board is shown and the link is down, a bar at the foot of the screen says
    so, with what became of a click; it goes once the page is connected again."""
    require_chromium()

    in_view = ("(id) => { const r = document.getElementById(id).getBoundingClientRect();"
               " return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }")
    with served(tmp_path) as (room, browser):
        url = f"http://127.0.0.1:{room.port}/"
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        join(page, url, room.codes[(1, 0)], "Aisyah")
        assert page.locator("#lost").inner_text() == ""  # connected: no bar
        assert not page.evaluate(in_view, "lost")
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate("() => window.scrollY") > 300  # the board is longer than a phone
        assert not page.evaluate(in_view, "link")
        context.set_offline(True)
        page.wait_for_function("() => document.getElementById('lost').textContent"
                               ".includes('reconnecting')", timeout=30_000)
        assert page.evaluate(in_view, "lost")
        assert page.locator("#lost").inner_text() == page.locator("#link").inner_text()
        page.evaluate("() => window.marketlibClassroom.model.send({type: 'undo'})")  # a click
        said = page.locator("#lost").inner_text().split("\n")
        assert said[1] == ("Not connected: your click was not sent. Click again once the page "
                           "says connected.")
        # scrolled to the very bottom, the board's last line is above the bar, not under it
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        under = page.evaluate("() => document.getElementById('lost').getBoundingClientRect().top"
                              " - document.getElementById('board').getBoundingClientRect()"
                              ".bottom")
        assert under >= 0, f"the bar covers the board's last {-under:.0f} px"
        context.set_offline(False)
        page.wait_for_function("() => document.getElementById('link').textContent === "
                               "'connected'", timeout=40_000)
        assert page.locator("#lost").inner_text() == ""
        assert page.evaluate("() => document.body.style.paddingBottom") == ""


def holding(held: list[Any]) -> Any:
    """A route handler that keeps each request in ``held``, unanswered until told."""
    return lambda route: held.append(route)


def test_a_student_in_the_empty_code_field_when_the_words_arrive_types_their_own_code(
        tmp_path: Path) -> None:
    """The page fills the code and name from the browser's last join when its words arrive;
    a student already in the empty field (or a test's ``fill``, between its select and its
    typing) had their keys go on after it: "ABCDE-FGHJKABCDE-FGHJK", "unknown code" (likely
    the classroom test that failed once in a while under load). Filled into the field they are
    in, the code is selected: what they type replaces it, and a code from the link is still
    there for a student who does not type (helper-102)."""
    require_chromium()

    with served(tmp_path) as (room, browser):
        url = f"http://127.0.0.1:{room.port}/"
        context = browser.new_context(viewport=PHONE)
        first = context.new_page()
        join(first, url, room.codes[(1, 0)], "Aisyah")  # the browser's store holds her code
        selected = ("(id) => { const f = document.getElementById(id);"
                    " return f.value.slice(f.selectionStart, f.selectionEnd); }")
        for field, typed in (("#code", room.codes[(1, 1)]), ("#name", "Siti")):
            page = context.new_page()
            held: list[Any] = []
            page.route("**/words.json", holding(held))  # answered when told
            page.goto(url, wait_until="domcontentloaded")
            page.wait_for_function("() => true")
            assert len(held) == 1
            page.focus(field)  # the student is in the empty field as the words arrive
            held[0].continue_()
            page.wait_for_function("() => !document.querySelector('form#join button').disabled")
            stored = room.codes[(1, 0)] if field == "#code" else "Aisyah"
            assert page.input_value(field) == stored
            assert page.evaluate(selected, field[1:]) == stored
            page.keyboard.type(typed)
            assert page.input_value(field) == typed
            page.close()
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("() => !document.querySelector('form#join button').disabled")
        page.fill("#code", room.codes[(1, 1)])
        page.fill("#name", "Siti")
        page.click("form#join button[type=submit]")
        page.wait_for_function("() => window.marketlibClassroom.state === 'connected'",
                               timeout=30_000)
        assert room.tables[0].names[1] == "Siti"


def test_a_reload_joins_again_and_a_new_tab_waits_for_join(tmp_path: Path) -> None:
    """A student who reloaded mid-game found the join form and had to press Join again
    (helper-78): a reload of the tab that joined joins again by itself; a new tab in the same
    browser (a classmate at a shared computer) has the form filled in and waits."""
    require_chromium()

    with served(tmp_path) as (room, browser):
        url = f"http://127.0.0.1:{room.port}/"
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        join(page, url, room.codes[(1, 0)], "Aisyah")
        page.reload()
        page.wait_for_selector(".marketlib-board", timeout=30_000)
        wait_link(page, "connected", 10)
        assert page.locator("#join").is_hidden()
        other = context.new_page()
        other.goto(url)
        time.sleep(2)
        assert other.locator("#code").input_value() == room.codes[(1, 0)]
        assert other.locator(".marketlib-board").count() == 0  # it waits for Join
        assert page.evaluate("() => window.marketlibClassroom.state") == "connected"
        # the second tab joins seat 1: the first tab's reload still rejoins seat 0, as
        # its own student (the shared store held the second tab's code, helper-79)
        other.fill("#code", room.codes[(1, 1)])
        other.fill("#name", "Siti")
        other.click("form#join button[type=submit]")
        wait_link(other, "connected", 10)
        page.reload()
        wait_link(page, "connected", 10)
        assert page.locator("#who").inner_text().endswith("Aisyah")
        assert other.evaluate("() => window.marketlibClassroom.state") == "connected"
        # a duplicated tab (its store copied) waits for Join: no seat taken from the first
        with page.expect_popup() as popup:
            page.evaluate("() => window.open(location.href)")
        copy = popup.value
        copy.wait_for_load_state()
        time.sleep(2)
        assert copy.locator("#code").input_value() != ""
        assert copy.locator(".marketlib-board").count() == 0
        assert page.evaluate("() => window.marketlibClassroom.state") == "connected"


def test_a_page_opened_from_a_code_link_rejoins_on_reload(tmp_path: Path) -> None:
    """helper-103: a page opened from an address with the code (``/#ABCDE-FGHJK``) showed the
    join form again after a reload mid-game, where every other page joins again by itself. It
    rejoins with that code; a link with another code in the same tab waits for Join."""
    require_chromium()

    with served(tmp_path) as (room, browser):
        url = f"http://127.0.0.1:{room.port}/"
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(url + "#" + room.codes[(1, 1)])
        page.wait_for_function("() => !document.querySelector('form#join button').disabled")
        assert page.input_value("#code") == room.codes[(1, 1)]
        page.fill("#name", "Ben")
        page.click("form#join button[type=submit]")
        wait_link(page, "connected", 30)
        page.reload()
        page.wait_for_selector(".marketlib-board", timeout=30_000)
        wait_link(page, "connected", 30)
        assert page.locator("#join").is_hidden()
        assert page.locator("#who").inner_text().endswith("Ben")
        page.goto(url + "#" + room.codes[(1, 0)])  # another code in the address
        page.reload()
        page.wait_for_function("() => !document.querySelector('form#join button').disabled")
        time.sleep(2)  # it does not join by itself
        assert page.locator(".marketlib-board").count() == 0
        assert page.input_value("#code") == room.codes[(1, 0)]
        assert room.tables[0].names[0] == ""


def test_a_page_whose_seat_was_taken_offers_the_form_and_a_reload_leaves_the_seat(
        tmp_path: Path) -> None:
    """helper-86: Chandra joined with Aisyah's code; when Aisyah took her seat back, Chandra's
    tab showed only "Use this tab instead", with no way to another code, and each reload of
    it took the seat from Aisyah again. The taken page offers the form; a reload waits."""
    require_chromium()

    with served(tmp_path) as (room, browser):
        url = f"http://127.0.0.1:{room.port}/"
        chandra = browser.new_context(viewport=PHONE).new_page()
        join(chandra, url, room.codes[(1, 0)], "Chandra")  # Aisyah's code
        aisyah = browser.new_context(viewport=PHONE).new_page()
        join(aisyah, url, room.codes[(1, 0)], "Aisyah")
        chandra.wait_for_function("() => window.marketlibClassroom.state === 'taken'",
                                  timeout=30_000)
        chandra.screenshot(path=str(tmp_path / "taken.png"))
        chandra.reload()
        time.sleep(2)  # the reload does not join again by itself
        assert chandra.evaluate("() => window.marketlibClassroom.state") != "connected"
        assert aisyah.evaluate("() => window.marketlibClassroom.state") == "connected"
        assert room.tables[0].names[0] == "Aisyah"
        join(chandra, url, room.codes[(1, 0)], "Chandra")  # taken again, on purpose
        chandra.wait_for_function("() => window.marketlibClassroom.state === 'connected'",
                                  timeout=30_000)
        aisyah.wait_for_function("() => window.marketlibClassroom.state === 'taken'",
                                 timeout=30_000)
        aisyah.locator("#connection button", has_text="Enter another code").click()
        assert aisyah.locator("#join").is_visible() and aisyah.input_value("#code") == ""
        aisyah.fill("#code", room.codes[(1, 1)])
        aisyah.click("form#join button[type=submit]")
        aisyah.wait_for_function("() => window.marketlibClassroom.state === 'connected'",
                                 timeout=30_000)
        assert aisyah.locator(".marketlib-page-who").inner_text().startswith(
            "Table 1, seat P1")


def test_a_student_retyping_a_code_keeps_the_form_and_odd_codes_do_not_stop_the_page(
        tmp_path: Path) -> None:
    """helper-94's join faults: after a wrong code, the form vanished 30 s after the page
    opened, mid-typing, saying no code was sent; a letter-spaced code pasted from a PDF (21
    characters) was cut to 20 and refused; an address ending in "#CODE%" stopped the page
    with its Join button disabled and nothing said."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    room = Room("bansan", tables=1, players=2, path=tmp_path / "class.sqlite",
                seed=5).start(join_timeout=2.0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_context(viewport=PHONE).new_page()
            page.goto(room.url + "#ABCDE%")
            page.wait_for_function("() => !document.querySelector('form#join button').disabled")
            assert page.locator("#code").input_value() == "ABCDE%"

            page.fill("#code", "AAAAA-AAAAA")
            page.click("form#join button[type=submit]")
            page.wait_for_function("() => document.getElementById('problem').textContent")
            page.fill("#code", "ZZZ")  # retyping, more slowly than the time to send a code
            page.wait_for_function("() => window.marketlibClassroom.state === 'refused'",
                                   timeout=10_000)
            assert page.locator("#join").is_visible()
            assert page.locator("#code").input_value() == "ZZZ"
            assert page.locator("#connection").inner_text() == (
                "No right code was sent within 2 s of the last one: enter your code again.")

            spaced = " ".join(room.codes[(1, 0)])  # "A B C D E - F G H J K": 21 characters
            page.fill("#code", spaced)
            assert page.locator("#code").input_value() == spaced
            page.click("form#join button[type=submit]")
            page.wait_for_selector(".marketlib-board", timeout=30_000)
            browser.close()
    finally:
        room.stop()
