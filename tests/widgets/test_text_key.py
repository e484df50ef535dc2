"""The text view says how to read its codes and marks (helper-74: "what is the *?"): each
game's ``render.text_key`` from the rules in force, sent once with the table's cards and shown
below the text view."""

from __future__ import annotations

import random
import re

from marketlib import Match, bansan, monsoon
from marketlib.core.i18n import language
from marketlib.widgets import BansanBoard, MonsoonBoard


def test_the_bansan_key_names_every_code_and_mark_of_the_text_view() -> None:
    key = bansan.render.text_key(bansan.Rules(players=3)).splitlines()
    assert key == [
        "How to read the text view:",
        "Produce: FV Fruits & Veggies, WG Wet Goods, MT Meat, DG Dry Goods, SF Seafood, MM "
        "Macam-Macam. Waste: PL Plastic, PA Paper, OR Organic.",
        "PC-14:FV/SF:PL is a produce card: its top and bottom halves and its waste type; a * "
        "after it marks a Star: it would flip an Event, but Events are off in this game "
        "(A-B-01).",
        "ST-03 MT P0 [2] is a Stall: what it sells, who operates it (P0, P1, ...; -- nobody) and "
        "how many cards it holds.",
        "bins PL=3: the cards in each Waste Bin, ! when it holds more than 5; outside 6: the cards "
        "in the Outside Market.",
        "> marks the vendor who decides now (while an offer waits, the one answering it); RM ?: "
        "money you cannot see; bag(2) PC-32=DG: the cards in a Bag, each as the produce it counts "
        "as.",
        "wallet [SL-14 SL-41]: the Shopping Lists in a Wallet ([2 hidden]: another vendor's); "
        "done [...]: the lists completed. R&R used: the vendor's once-a-game R&R is spent "
        "(B-ANY-04).",
        "SL-14(WG MT MT MM RM14) is a Shopping List: the produce it needs and its value.",
        "Pending: the step in progress; a line starting with | is the game's own note of "
        "something it did by itself (a draw, a throw, a refill)."]
    events = bansan.render.text_key(bansan.Rules(players=3, events="reconstructed",
                                                 bin_capacity=4))
    assert "a * after it marks a Star: when a refill draws one, an Event is flipped" in events
    assert "! when it holds more than 4;" in events
    assert "CLOSED: closed by an Event, so nothing is stocked into it or bought from it" in events
    solo = bansan.render.text_key(bansan.Rules(players=1, mode="sendiri"))
    assert "who operates it (P0 you, NB the Neighbour, -- nobody)" in solo
    assert "R&R" not in solo and "CLOSED" not in solo  # neither in Sendiri (B-SOLO-08)


def test_every_mark_in_the_key_is_one_the_text_view_writes() -> None:
    """The key's examples have the text view's own forms: a card (with a Star), a Stall row
    (unoperated, the Neighbour's), a bin, hidden money, a Bag card, a Wallet, a list and a
    Pending line, as random games write them (so a changed text view breaks this)."""
    forms = {"card": r"PC-\d\d:[A-Z]{2}/[A-Z]{2}:(PL|PA|OR)\*?",
             "star": r"PC-\d\d:[A-Z]{2}/[A-Z]{2}:(PL|PA|OR)\*",
             "stall": r"ST-\d\d [A-Z]{2} (P\d|--) \[\d+\]",
             "unoperated": r"ST-\d\d [A-Z]{2} -- \[\d+\]",
             "bin": r"bins PL=\d+", "hidden money": r"RM +\?", "outside": r"outside \d+",
             "bag": r"bag\(\d+\) PC-\d\d=[A-Z]{2}", "list": r"SL-\d\d\(([A-Z]{2} )+RM\d+\)",
             "wallet": r"wallet \[SL-\d\d SL-\d\d\]", "hidden wallet": r"\[2 hidden\]",
             "done": r"done \[", "R&R used": r"R&R used", "Pending": r"\nPending: "}
    seen = _seen(bansan.Rules(players=3), forms)
    assert seen == set(forms)
    key = bansan.render.text_key(bansan.Rules(players=3))
    assert {name for name, form in forms.items() if re.search(form, key)} == set(forms) - {
        "star", "unoperated"}  # the key writes them in words: "a *", "-- nobody"
    assert "a * after it" in key and "-- nobody" in key and "\nPending: " in key
    solo = {"Neighbour": r"ST-\d\d [A-Z]{2} NB \[\d+\]", "note": r"\n  \| "}
    assert _seen(bansan.Rules(players=1, mode="sendiri"), solo) == set(solo)
    key = bansan.render.text_key(bansan.Rules(players=1, mode="sendiri"))
    assert "NB the Neighbour" in key and "a line starting with | " in key


def _seen(rules: bansan.Rules, forms: dict[str, str]) -> set[str]:
    seen: set[str] = set()
    for seed in range(3):
        m = Match("bansan", rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(80):
            text = bansan.render.text_table(m.view(0))
            seen.update(name for name, form in forms.items() if re.search(form, text))
            m.play(rng.choice(m.legal_actions()))
    return seen


def test_the_monsoon_key_names_the_forms_its_text_view_writes() -> None:
    forms = {"card": r"MG-\d\d:[A-Za-z]+\d", "either": r"MG-\d\d:[A-Za-z]+/[A-Za-z]+1",
             "order": r"MO-\d\d \d [A-Za-z]+( \+ \d [A-Za-z]+)* \([a-z_0-9]+\)",
             "seat": r"P\d +\d+ seals  \[ *\d+\]", "fulfilled": r"orders: MO-\d\d[GSB]",
             "Pending": r"\nPending: "}
    seen: set[str] = set()
    for seed in range(3):
        m = Match("monsoon", monsoon.Rules(players=3), seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            text = monsoon.render.text_table(m.view(0))
            seen.update(name for name, form in forms.items() if re.search(form, text))
            m.play(rng.choice(m.legal_actions()))
    assert seen == set(forms)
    key = monsoon.render.text_key(monsoon.Rules(players=3))
    assert {name for name, form in forms.items() if re.search(form, key)} == set(forms)


def test_the_monsoon_key_and_the_boards_carry_it_in_the_readers_language() -> None:
    key = monsoon.render.text_key(monsoon.Rules(players=3, seal_target=30)).splitlines()
    assert key[2] == ("MG-38:Wood4 is a Goods card: its good and how many it counts for; "
                      "MG-34:Pepper/Cloth1 counts as either good, not both (M-COMP-03).")
    assert key[-2] == ("> marks the player to play; the first line ends with the seals that win "
                       "(30).")
    board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=1))
    assert board.cards["text_key"] == monsoon.render.text_key(monsoon.Rules(players=2))
    bansan_board = BansanBoard(Match("bansan", bansan.Rules(players=2), seed=1))
    assert bansan_board.cards["text_key"].startswith("How to read the text view:\nProduce: FV")
    with language("ms"):
        said = bansan.render.text_key(bansan.Rules(players=2))
    assert said.startswith("Cara membaca paparan teks:\nHasil: FV Buah & Sayur")
