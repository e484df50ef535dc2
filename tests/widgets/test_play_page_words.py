"""The Play page in Bahasa Malaysia (issue 30, point 5; issue 32): its words come from Python
(``widgets/play_words.py``, the page's ``words.json``) in every language, the page's form marks
each word it shows, and the worker's game draws the board in the language the page chose and
says a setup it cannot deal in it. English stays the page's own words."""

from __future__ import annotations

import json
import re
from pathlib import Path

from marketlib.core.i18n import LANGUAGES, _, language
from marketlib.monsoon.words import PHASES
from marketlib.widgets.play_words import PLAY, play_words
from marketlib.widgets.worker import PageGame

PAGE = Path(__file__).resolve().parents[2] / "marketlib" / "widgets" / "page"
START = json.dumps({"type": "start", "setup": {"game": "monsoon", "seed": 3,
                                               "seats": ["you", "greedy"]}})


def test_every_word_of_the_page_in_every_language() -> None:
    data = play_words()
    assert data["languages"] == LANGUAGES
    assert data["words"]["en"] == PLAY
    malay = data["words"]["ms"]
    assert malay["deal"] == "Agihkan" and malay["who_you"] == "Anda"
    assert malay["seats"] == "Siapa duduk di mana" and malay["ready"] == "Sedia"
    assert malay["no_start"] == "Permainan tidak dapat dimulakan dalam pelayar ini: {error}"
    same = {k for k in PLAY if malay[k] == PLAY[k]}
    assert same == {"game_monsoon", "game_bansan", "game_sendiri", "seals_15"}  # names, numbers


def test_the_page_marks_every_word_it_shows() -> None:
    html = (PAGE / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-word(?:-placeholder)?="(\w+)"', html))
    assert keys <= set(PLAY) and {"deal", "seats", "seed_placeholder", "language"} <= keys
    script = (PAGE / "play.js").read_text(encoding="utf-8") + (PAGE / "worker.js").read_text(
        encoding="utf-8")
    said = set(re.findall(r'(?:\bstatus|\bprogress|\bt)\("(\w+)"', script))
    said |= {f"who_{w}" for w in ("you", "person", "greedy", "random")}
    assert said <= set(PLAY) and keys | said | {"starting", "no_answer"} == set(PLAY)


def _title(frames: list[dict]) -> str:
    return next(f["traits"]["scene"]["title"] for f in frames if f["type"] == "state")


def test_the_board_in_the_language_the_page_chose() -> None:
    english = PageGame()
    title = _title(english.receive(START))
    assert title in PHASES.values()
    malay = PageGame()
    assert malay.receive('{"type": "language", "lang": "ms"}') == []  # before the first deal
    with language("ms"):
        assert _title(malay.receive(START)) == _(title) != title
    frames = malay.receive('{"type": "language", "lang": "en"}')  # the switch: redrawn
    assert _title(frames) == title
    refused = malay.receive('{"type": "language", "lang": "xx"}')
    assert refused[0]["type"] == "error" and "'ms' (Bahasa Malaysia)" in refused[0]["error"]


def test_a_setup_the_page_cannot_deal_is_said_in_its_language() -> None:
    bad = json.dumps({"type": "start", "setup": {"game": "sendiri", "seats": ["you", "greedy"]}})
    game = PageGame()
    assert game.receive(bad)[0]["error"] == "sendiri is played by 1 player, not 2"
    assert game.receive('{"type": "save"}')[0]["error"] == "no game yet: deal one first"
    game.receive('{"type": "language", "lang": "ms"}')
    assert game.receive(bad)[0]["error"] == "sendiri dimainkan oleh 1 pemain, bukan 2"
    assert game.receive('{"type": "save"}')[0]["error"] == (
        "belum ada permainan: agihkan satu dahulu")
    seals = json.dumps({"type": "start", "setup": {"game": "monsoon", "seals": 20}})
    assert game.receive(seals)[0]["error"] == (
        "Monsoon Market dimainkan hingga 15 atau 30 mohor, bukan 20")
