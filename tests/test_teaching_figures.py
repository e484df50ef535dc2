"""Every figure a teaching page states is printed by its notebook (issue 31, point 7).

The demo pages under ``docs/teaching/`` quote the numbers of notebook 05's stored outputs, whose
cells check the lesson's claims. A page figure (a number with decimals, maybe a percentage) must
be one that the notebook printed, either as printed or rounded from it *without doubt*: "12.3"
is not taken from a printed "12.25" (the value may be 12.2499), and "14.0%" is taken from a
printed "0.140". A number that no notebook cell printed (a benchmark's figure, a stale run) fails.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "05_classroom_economics.ipynb"
PAGES = ["commons.md", "kenduri.md", "quality.md", "margins.md", "luck.md"]
"""The teaching pages of notebook 05's five demos."""

FIGURE = re.compile(r"(?<![\w.])(\d+\.\d+)(?:-(\d+\.\d+))?(%?)(?!\.?\d)")
"""A figure, or a range of two (``87.2-93.7%``: the sign is written once, after both)."""
CODE = re.compile(r"`[^`]*`")


def figures(text: str) -> list[tuple[str, bool]]:
    """The figures of a text (code spans left out): ``("12.3", False)``, ``("14.0", True)``."""
    return [(f, bool(m[3])) for m in FIGURE.finditer(CODE.sub("", text))
            for f in (m[1], m[2]) if f]


def printed(notebook: Path) -> list[tuple[str, bool]]:
    """Every figure in the notebook's stored outputs (streams and plain-text results)."""
    cells = json.loads(notebook.read_text())["cells"]
    out = []
    for cell in cells:
        for output in cell.get("outputs", []):
            text = output.get("text") or output.get("data", {}).get("text/plain", "")
            out += figures("".join(text))
    return out


def rounds_to(page: tuple[str, bool], shown: tuple[str, bool]) -> bool:
    """Whether every value that prints as ``shown`` rounds to the page's figure."""
    (figure, percent), (value, shown_percent) = page, shown
    half = Decimal(1).scaleb(-len(value.split(".")[1])) / 2
    low, high = Decimal(value) - half, Decimal(value) + half
    if percent and not shown_percent:
        low, high = low * 100, high * 100
    band = Decimal(1).scaleb(-len(figure.split(".")[1])) / 2
    return Decimal(figure) - band <= low and high <= Decimal(figure) + band


def unprinted(page: str, notebook: Path) -> list[str]:
    shown = printed(notebook)
    return [f"{f}{'%' if p else ''}" for f, p in figures(page)
            if not any(rounds_to((f, p), s) for s in shown)]


def test_rounding_without_doubt() -> None:
    assert rounds_to(("14.0", True), ("0.140", False))
    assert rounds_to(("0.99", False), ("0.988", False))
    assert rounds_to(("12.84", False), ("12.84", False))
    assert not rounds_to(("12.3", False), ("12.25", False))  # 12.245..12.255: 12.2 or 12.3
    assert not rounds_to(("0.69", False), ("0.685", False))
    assert rounds_to(("45.5", False), ("45.5", True))  # "45.5 points" from a printed "+45.5%"
    assert not rounds_to(("0.14", False), ("14.0", True))
    assert figures("x `Rules(fine=1.5)` 16.5 (15.5-17.4) at 91.0% (87.2-93.7%), 127.0.0.1") == [
        ("16.5", False), ("15.5", False), ("17.4", False), ("91.0", True), ("87.2", True),
        ("93.7", True)]


@pytest.mark.parametrize("name", PAGES)
def test_a_teaching_page_states_only_what_its_notebook_printed(name: str) -> None:
    page = (ROOT / "docs" / "teaching" / name).read_text()
    assert figures(page), f"{name} states no figure: is it still a demo page?"
    assert unprinted(page, NOTEBOOK) == [], (
        f"docs/teaching/{name} states figures that {NOTEBOOK.name} did not print (re-run the "
        "notebook, or quote its output)")


def test_a_figure_from_elsewhere_is_caught(tmp_path: Path) -> None:
    """The check on a broken copy: a page quoting a benchmark's 91.0% and a doubtful 12.6."""
    page = "three GreedyBots feast in 91.0% of games; selfish markets leave 12.6 at RM1"
    assert unprinted(page, NOTEBOOK) == ["91.0%", "12.6"]
