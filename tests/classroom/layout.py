"""Measuring a board as drawn (issue 27, point 7): the boxes of a student's page at a phone's
width, read in the browser. Shared by the phone-layout test and widgets/classroom_screenshots.py
(``boxes(page)`` returns what is wrong, ``[]`` when nothing is)."""

from __future__ import annotations

from typing import Any

SQUEEZED = 130
"""A Stall narrower than this (px) is squeezed: the narrow grid's columns are at least 140 px."""

MEASURE = r"""
([seat, SQUEEZED]) => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none") return null;
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (p.tagName === "DETAILS" && !p.open && el.tagName !== "SUMMARY") return null;
    }
    return r;
  };
  const name = (el) => {
    const what = el.dataset.target || el.getAttribute("aria-label") || el.textContent || "";
    return `${el.tagName.toLowerCase()}[${what.trim().slice(0, 50)}]`;
  };
  const wide = document.documentElement.scrollWidth;
  if (wide > width + 1) problems.push(`the page scrolls sideways: ${wide} > ${width}`);
  for (const el of document.querySelectorAll("body *")) {
    const r = visible(el);
    if (r && r.right > width + 1)
      problems.push(`${name(el)} ends at ${Math.round(r.right)} > ${width}`);
  }
  for (const el of document.querySelectorAll(".marketlib-board .marketlib-stall")) {
    const r = visible(el);  // a Stall squeezed into a sliver of a column breaks its words
    if (r && r.width < SQUEEZED)
      problems.push(`${name(el)} is squeezed to ${Math.round(r.width)} px`);
  }
  const targets = [...document.querySelectorAll(
    ".marketlib-board button, .marketlib-board select, .marketlib-board summary, "
    + ".marketlib-board input:not([type=checkbox]), "
    + ".marketlib-board label:has(input[type=checkbox])")]
    .map((el) => [el, visible(el)]).filter(([, r]) => r);
  for (const [el, r] of targets) {
    if (r.height < 44 - 0.5) problems.push(`${name(el)} is ${r.height.toFixed(1)} px high`);
  }
  const buttons = targets.filter(([el]) => el.tagName === "BUTTON");
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
  const own = top(`.marketlib-board [data-seat="${seat}"]`);
  const market = top(".marketlib-board .marketlib-market");
  const say = top(".marketlib-board .marketlib-instruction");
  if (own === null || market === null || say === null) {
    problems.push(`missing: own ${own}, market ${market}, instruction ${say}`);
  } else {
    if (!(own < market)) problems.push(`the own panel at ${own} is not above ${market}`);
    if (!(say < market)) problems.push(`the instruction at ${say} is not above ${market}`);
  }
  return problems;
}
"""


def problems(page: Any, seat: int, *, open_all: bool = False) -> list[str]:
    """What is wrong with the layout of the board ``page`` shows for ``seat`` (``[]``: none);
    ``open_all``: open every folded panel first (trade, Rent and Release, legend, log, text)."""
    if open_all:
        page.evaluate("document.querySelectorAll('.marketlib-board details')"
                      ".forEach((d) => { d.open = true; })")
    found: list[str] = page.evaluate(MEASURE, [seat, SQUEEZED])
    return found
