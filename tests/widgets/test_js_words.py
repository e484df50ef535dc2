"""The boards' JavaScript holds no English a person reads (issue 30, point 5): every word comes
from Python (``marketlib/widgets/board_words.py``), in the seat's language.

The check reads every string literal of each file (quotes and template literals, ``${...}``
left out) and fails on a word of the boards' English vocabulary (every word of the English
templates), apart from the few such words the code uses as keys or names, never shown.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from marketlib.core.i18n import language
from marketlib.widgets import board_words
from marketlib.widgets.board import Board
from marketlib.widgets.messages import TYPES

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "marketlib" / "widgets" / f
         for f in ("common.js", "panels.js", "deals.js", "bansan.js", "monsoon.js")]

CODE_WORDS = {
    "bin", "money", "seal", "order",  # picture keys (marketlib/widgets/icons.py), never shown
    "top", "bottom",          # a Bansan card's halves: keys of the card data (half_top...)
    "bargain", "trade", "counter",  # message types and an offer's kind (PROTOCOL.md)
    "Stocking",               # a pending decision's kind (Stocking, OpeningHand, Purchase...)
    "select", "selected",     # keys of the verb tags (cards.words.verbs, VERB_TAGS)
    "click", "focus",         # DOM event names
    "vendors",                # a purchase's kind in the scene (pending.purchase)
    "open", "number",         # DOM names (a <details>' open, an <input type="number">)
    "stock", "wholesale",     # Bansan's button targets (stock:FV, wholesale:FV)
    "spend",                  # a Monsoon phase
    "RM",                     # Ringgit Malaysia, the same in every language
    *Board.class_trait_names(sync=True),  # the synced traits the code reads (model.get)
    *TYPES,                   # the message types it sends
}
"""Words of the English templates that the JavaScript uses as keys or names, never shown."""


def literals(source: str) -> list[str]:
    """Every string literal of ``source`` (JavaScript), a template literal's ``${...}`` parts
    replaced by ``§``; comments and regular expression literals are skipped."""
    out: list[str] = []
    i, n = 0, len(source)
    prev = ""  # the last significant character outside strings (tells a regex from a division)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.index("*/", i) + 2
        elif c == "/" and prev in "(,=:[!&|?{};":  # a regular expression literal
            j = i + 1
            while source[j] != "/":
                j += 2 if source[j] == "\\" else 1
            i = j + 1
        elif c in "'\"":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(source[i + 1:j])
            i, prev = j + 1, c
        elif c == "`":
            j, text, depth = i + 1, [], 0
            while source[j] != "`" or depth:
                if source.startswith("${", j) and not depth:
                    depth, j = 1, j + 2
                    text.append("§")
                    continue
                if depth:
                    depth += {"{": 1, "}": -1}.get(source[j], 0)
                elif source[j] == "\\":
                    text.append(source[j:j + 2])
                    j += 2
                    continue
                else:
                    text.append(source[j])
                j += 1
            out.append("".join(text))
            i, prev = j + 1, c
        else:
            if not c.isspace():
                prev = c
            i += 1
    return out


def english_vocabulary() -> set[str]:
    words: set[str] = set()
    for table in (board_words.COMMON, board_words.BANSAN, board_words.MONSOON):
        for text in table.values():
            words.update(re.findall(r"[A-Za-z][A-Za-z_]+", re.sub(r"\{\w*\}", " ", text)))
    return words - CODE_WORDS


def english_in(source: str, vocabulary: set[str], least: int = 1) -> list[str]:
    """The literals of ``source`` that show English: ``least`` words of ``vocabulary`` or
    more."""
    found = []
    for literal in literals(source):
        text = re.sub(r"marketlib-[\w-]*", " ", literal)  # class names
        text = re.sub(r"\b[a-z][\w-]*:[\w§-]*", " ", text)  # targets (card:PC-1), input:checked
        text = re.sub(r"\[[^\]]*\]|[\w§]+(?:-[\w§]+)+", " ", text)  # [data-target=...], ids
        words = re.findall(r"[A-Za-z][A-Za-z_]+", text)
        if sum(w in vocabulary for w in words) >= least:
            found.append(literal)
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_board_javascript_shows_no_english(path: Path) -> None:
    assert english_in(path.read_text(encoding="utf-8"), english_vocabulary()) == []


def test_the_classroom_page_script_shows_no_english() -> None:
    """The student's page (classroom/static/client.js; its words: classroom/page_words.py).
    Its one-word strings are its states and element ids ("connected", "code"), so a string is
    English here from two words of the vocabulary (the script held 16 such before issue 30)."""
    from marketlib.classroom.page_words import PAGE

    vocabulary = english_vocabulary()
    for text in PAGE.values():
        vocabulary.update(re.findall(r"[A-Za-z][A-Za-z_]+", re.sub(r"\{\w*\}", " ", text)))
    source = (ROOT / "marketlib" / "classroom" / "static" / "client.js").read_text(
        encoding="utf-8")
    assert english_in(source, vocabulary, least=2) == []


@pytest.mark.parametrize("name", ["play.js", "worker.js"])
def test_the_play_page_scripts_show_no_english(name: str) -> None:
    """The Play page's scripts (widgets/page/; its words: widgets/play_words.py, written to the
    page's words.json): a string is English from two words of the vocabulary, as on the
    classroom page (play.js held 6 such and worker.js 3 before its words came from Python)."""
    from marketlib.widgets.play_words import PLAY

    vocabulary = english_vocabulary()
    for text in PLAY.values():
        vocabulary.update(re.findall(r"[A-Za-z][A-Za-z_]+", re.sub(r"\{\w*\}", " ", text)))
    source = (ROOT / "marketlib" / "widgets" / "page" / name).read_text(encoding="utf-8")
    # what a developer reads in the browser's console, or an error caught unseen, is no word
    # of the page's (issue 30 point 5: "the English a person reads")
    source = re.sub(r"console\.\w+\((?:[^;]|;(?!\n))*\);", "", source)
    source = re.sub(r'new Error\("[^"]*"\)', "", source)
    source = re.sub(r'pyimport\("[\w.]+"\)', "", source)  # a Python module's name
    assert english_in(source, vocabulary, least=2) == []


def test_the_check_finds_english() -> None:
    """It flags what the boards' JavaScript held before issue 30 (158 literals), not code."""
    vocabulary = english_vocabulary()
    assert english_in('el("span", null, "Wallet:"); x = `Move row ${row} →`;', vocabulary) == [
        "Wallet:", "Move row § →"]
    assert english_in('b.dataset.target = `control:${t}`; q("input:checked");', vocabulary) == []


def test_every_board_word_has_its_malay() -> None:
    for game in ("bansan", "monsoon"):
        english = board_words.words(game)
        with language("ms"):
            malay = board_words.words(game)
        assert english.keys() == malay.keys()
        assert english["control_targets"] == malay["control_targets"]  # names, not words
        same = {k for k in english if k != "control_targets" and english[k] == malay[k]}
        # the same in both languages: only slots, codes, punctuation and proper nouns
        assert all(not re.search(r"[a-z]{3}", re.sub(r"\{\w*\}|Bansan|Bonus|Sendiri|solo", "",
                                                    english[k])) for k in same), same


def test_every_verb_a_choice_carries_has_its_tag_in_each_language() -> None:
    """A highlighted thing shows its choice's verb as a tag (board.css ``::after``); it showed
    the verb's code ("return \u2713") on a Malay board. Every verb of both games' presentation
    tables has a tag (a new row without one fails here, naming it), and each is Malay on a
    Malay board (R&R is the rulebook's name in both)."""
    from marketlib.widgets import table_of

    verbs = {r.verb for game in ("bansan", "monsoon") for r in table_of(game).shown.rows.values()}
    assert verbs | {"select", "selected"} == set(board_words.VERB_TAGS), sorted(
        verbs ^ set(board_words.VERB_TAGS))
    english = board_words.words("bansan")["verbs"]
    with language("ms"):
        malay = board_words.words("monsoon")["verbs"]
    assert english["empty"] == "empty \u2713" and malay["empty"] == "kosongkan \u2713"
    assert malay["select"] == "tanda \u2713" and malay["steal"] == "curi \u2713"
    assert [v for v in verbs if malay[v] == english[v]] == ["R&R"]
    assert all(tag.endswith(" \u2713") for tag in (*english.values(), *malay.values()))
