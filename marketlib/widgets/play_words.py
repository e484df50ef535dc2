"""Every word of the "Play" page, from Python, in every language (issue 30, point 5; issue 32).

The page (``page/index.html``, ``page/play.js``, ``page/worker.js``) holds no words of its own
but the English fallbacks of ``index.html``: ``python -m marketlib page`` writes
``words.json`` beside it (:func:`play_words`: every language's words and the languages' names
for the page's switch), which the page reads at once, before Python has started in its worker.
The language chosen is kept in the browser (and a link may carry it, ``?lang=ms``); the board
inside the page is then drawn in it by the worker's Python (a ``language`` message,
:class:`marketlib.widgets.worker.PageGame`).

Example:
    >>> data = play_words()
    >>> data["languages"]["ms"], data["words"]["ms"]["deal"]
    ('Bahasa Malaysia', 'Agihkan')
"""

from __future__ import annotations

from typing import Any

from marketlib.core.i18n import LANGUAGES, N_, _, language

PLAY: dict[str, str] = {
    # index.html
    "page_title": N_("Play Bansan and Monsoon Market - marketlib"),
    "bar_title": N_("marketlib: play in your browser"),
    "language": N_("Language"),
    "starting": N_("Starting Python..."),
    "setup": N_("Game, players and seed"),
    "game": N_("Game"),
    "game_monsoon": N_("Monsoon Market"),
    "game_bansan": N_("Bansan"),
    "game_kenduri": N_("Bansan: Kenduri Menu (together)"),
    "game_sendiri": N_("Bansan: Sendiri (solo)"),
    "players": N_("Players"),
    "seals": N_("Seals to win"),
    "seals_15": N_("15 (standard)"),
    "seals_30": N_("30 (long)"),
    "seed": N_("Seed"),
    "seed_placeholder": N_("empty: a fresh deal"),
    "seats": N_("Who sits where"),
    "deal": N_("Deal"),
    "save": N_("Download the save file"),
    "load": N_("Load a save file"),
    "link": N_("Link to this deal"),
    "no_link": N_("No link deals this saved game again: share its save file"),
    "loading": N_("Loading the game (Python in your browser, a few seconds the first time)..."),
    # play.js
    "who_you": N_("You"),
    "who_person": N_("Another person here"),
    "who_greedy": N_("GreedyBot (computer)"),
    "who_random": N_("RandomBot (computer)"),
    "who_plays": N_("Who plays P{seat}"),
    "ready": N_("Ready"),
    "no_python": N_("Python could not start"),
    "no_start": N_("The game could not start in this browser: {error}"),
    "worker_failed": N_("the worker failed"),
    "no_game": N_("No game was dealt: change what the message above names, then Deal."),
    # worker.js
    "installing": N_("Installing the game..."),
    "setting_up": N_("Setting up the table..."),
    "no_answer": N_("the game could not answer: {error}"),
}
"""The words of the Play page, in English (``{name}`` slots filled by the page)."""


def play_words() -> dict[str, Any]:
    """What the page's ``words.json`` holds: the languages (code: own name) and every language's
    words."""
    words = {}
    for lang in LANGUAGES:
        with language(lang):
            words[lang] = {key: _(text) for key, text in PLAY.items()}
    return {"languages": dict(LANGUAGES), "words": words}


__all__ = ["PLAY", "play_words"]
