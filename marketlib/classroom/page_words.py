"""Every word of a student's classroom page, from Python, in every language (issue 30, point 5).

The page (``static/index.html`` and ``static/client.js``) holds no words of its own but
fallbacks: it reads ``/words.json`` (:func:`page_words`: every language's words, and the
languages' names for the switch) and shows the language the student chose (kept in the
browser, sent with the join and with a ``language`` message; the board is then sent in it too).

Example:
    >>> data = page_words()
    >>> data["languages"]["ms"], data["words"]["ms"]["join_title"]
    ('Bahasa Malaysia', 'Sertai meja anda')
"""

from __future__ import annotations

from typing import Any

from marketlib.core.i18n import LANGUAGES, N_, _, language

PAGE: dict[str, str] = {
    # index.html
    "language": N_("Language"),
    "join_title": N_("Join your table"),
    "join_help": N_("Type the code your teacher gave you and the name the others at your "
                    "table will see."),
    "code": N_("Code"),
    "code_aria": N_("Join code"),
    "name": N_("Your name"),
    "name_placeholder": N_("e.g. Aisyah"),
    "join": N_("Join"),
    "predict_title": N_("Before you play: your prediction"),
    "predict_send": N_("Send my answer"),
    # client.js
    "not_connected_click": N_("Not connected: your click was not sent. Click again once the "
                              "page says connected."),
    "answer_aria": N_("Your answer"),
    "answer_missing": N_("Choose or type an answer first."),
    "not_connected_answer": N_("Not connected: send it again once the page says connected."),
    "lost_click": N_("The connection was lost before your last click was confirmed: check the "
                     "board once it is back."),
    "reconnecting": N_("{why}: reconnecting in {wait} s..."),
    "reconnecting_now": N_("{why}: reconnecting now..."),
    "disconnected": N_("disconnected"),
    "not_connected": N_("not connected"),
    "enter_again": N_("Enter the code again"),
    "seat_taken": N_("This seat is open in another tab."),
    "use_this_tab": N_("Use this tab instead"),
    "enter_other": N_("Enter another code"),
    "who": N_("Table {table}, seat P{seat}: {name}"),
    "connected": N_("connected"),
    "refused_code": N_("The server refused the code this page used ({error})."),
    "connecting": N_("connecting..."),
    "server_closed": N_("The server closed the connection."),
    "could_not_connect": N_("could not connect: press Join to try again"),
    "no_answer": N_("no answer from the server"),
    "no_answer_join": N_("no answer from the server: press Join to try again"),
}
"""The words of the student's page, in English (``{name}`` slots filled by the page)."""


def page_words() -> dict[str, Any]:
    """What ``/words.json`` serves: the languages (code: own name) and every language's words."""
    words = {}
    for lang in LANGUAGES:
        with language(lang):
            words[lang] = {key: _(text) for key, text in PAGE.items()}
    return {"languages": dict(LANGUAGES), "words": words}


__all__ = ["PAGE", "page_words"]
