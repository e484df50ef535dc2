"""Small pictures of the market (issue 30, point 4): one SVG file in ``widgets/pictures/`` for
each produce type and waste type (Bansan), each good (Monsoon Market), and for money and Waste
Bins (Bansan), Orders and seals (Monsoon Market).

The pictures ship inside the package and reach the board inside its ES module (:func:`module`,
``ML_PICTURES``); nothing is fetched. A board draws a picture only beside its words, never alone,
and every picture is ``aria-hidden``: the words and the buttons' labels carry the meaning, so a
screen reader loses nothing. Each is drawn in ``currentColor`` (its chip's ink, or the board's
ink), so it reads in a light and a dark theme alike.

A game's ``cards`` payload names the picture of each of its things (``pictures``: ``"SF"`` ->
``"fish"``); the board looks the name up in ``ML_PICTURES``.

Example:
    >>> BANSAN["SF"], MONSOON["Gem"], BANSAN["money"]
    ('fish', 'gem', 'coins')
    >>> svg("fish").startswith('<svg viewBox="0 0 24 24" fill="none" stroke="currentColor"')
    True
    >>> module().startswith("const ML_PICTURES = {")
    True
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from marketlib.bansan.cards import Produce, Waste
from marketlib.monsoon.cards import Good

FOLDER = Path(__file__).parent / "pictures"
"""Where the SVG files are (``<name>.svg``)."""

BANSAN: dict[str, str] = {
    Produce.FV: "carrot", Produce.WG: "droplet", Produce.MT: "drumstick", Produce.DG: "sack",
    Produce.SF: "fish", Produce.MM: "basket",
    Waste.PL: "bottle", Waste.PA: "paper", Waste.OR: "leaf",
    "bin": "bin", "money": "coins",
}
"""Bansan's pictures: each produce type (B-COMP-05) and waste type (B-COMP-03) by its code, a
Waste Bin, money."""

MONSOON: dict[str, str] = {
    Good.GEM: "gem", Good.SCROLL: "scroll", Good.PEPPER: "chili", Good.CLOTH: "shirt",
    Good.LEATHER: "hide", Good.WOOD: "logs",
    "order": "order", "seal": "seal",
}
"""Monsoon Market's pictures: each good (M-COMP-01) by its name, an Order, a seal."""


@functools.cache
def svg(name: str) -> str:
    """The markup of ``pictures/<name>.svg`` on one line, for HTML (the board parses it once;
    HTML gives an ``<svg>`` its namespace, so the file's ``xmlns`` is left out and the board's
    module names no URL).

    Raises:
        FileNotFoundError: there is no such picture.
    """
    text = (FOLDER / f"{name}.svg").read_text(encoding="utf-8")
    text = text.replace(' xmlns="http://www.w3.org/2000/svg"', "", 1)
    return re.sub(r">\s+<", "><", text.strip())


@functools.cache
def module() -> str:
    """The JavaScript line that gives the board every picture the games name:
    ``const ML_PICTURES = {name: markup, ...};``."""
    names = sorted({*BANSAN.values(), *MONSOON.values()})
    return f"const ML_PICTURES = {json.dumps({n: svg(n) for n in names})};\n"


__all__ = ["BANSAN", "FOLDER", "MONSOON", "module", "svg"]
