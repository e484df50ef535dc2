"""Every theme (issue 30, point 1): the contrast of every colour pair the boards' CSS uses, in
light and dark, computed from the CSS itself (WCAG 2 AA: 4.5:1 for text, 3:1 for large text and
the parts of a control, such as a button's frame or a chip's edge).

The boards take every colour from the ``--ml-*`` properties of the first block of
``board.css`` (the classroom page adds a few in ``page.css``). Each is worked out here as the
browser would: ``var(--jp-..., fallback)`` from JupyterLab's theme variables (read from the
installed Light and Dark theme CSS) or the fallback, ``light-dark(light, dark)`` by the
colour scheme, ``color-mix(in srgb, a p%, b)``. Four grounds: a page with no JupyterLab
variables (the classroom page, the test harness) in light and in dark, JupyterLab Light and
JupyterLab Dark. No colour may appear outside those blocks, and every property is checked.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from marketlib.bansan.render import COLOURS as BANSAN_COLOURS
from marketlib.core.palette import ink
from marketlib.monsoon.render import COLOURS as MONSOON_COLOURS

ROOT = Path(__file__).resolve().parents[2]
BOARD_CSS = ROOT / "marketlib" / "widgets" / "board.css"
PAGE_CSS = ROOT / "marketlib" / "classroom" / "static" / "page.css"
DASH_CSS = ROOT / "marketlib" / "classroom" / "static" / "dashboard.css"
THEMES = Path(sys.prefix) / "share" / "jupyter" / "lab" / "themes" / "@jupyterlab"

RGBA = tuple[float, float, float, float]
TEXT, LARGE_OR_UI = 4.5, 3.0

# (what is drawn, foreground, background, minimum): every pair the CSS draws.
PAIRS: list[tuple[str, str, str, float]] = [
    *[(f"text on {bg}", "--ml-ink", bg, TEXT) for bg in (
        "--ml-paper", "--ml-tint-accent", "--ml-tint-go", "--ml-tint-warn", "--ml-tint-stop",
        "--ml-tint-goal", "--ml-tint-sky", "--ml-tint-done", "--ml-sunk", "--ml-sunk-2")],
    ("strong text", "--ml-ink-strong", "--ml-paper", TEXT),
    *[(f"quiet text (ids, 'empty', illegal things) on {bg}", "--ml-ink-muted", bg, TEXT)
      for bg in ("--ml-paper", "--ml-tint-go", "--ml-tint-accent", "--ml-sunk-2",
                 "--ml-tint-sky")],
    ("a legal thing's verb", "--ml-go", "--ml-tint-go", TEXT),
    ("a legal choice's verb in the instruction bar", "--ml-go", "--ml-paper", TEXT),
    ("a Bonus Good (Monsoon)", "--ml-warn", "--ml-paper", TEXT),
    ("a Bonus Good on a legal Order", "--ml-warn", "--ml-tint-go", TEXT),
    *[(f"an Order edge label on {bg}", "--ml-edge-ink", bg, TEXT)
      for bg in ("--ml-gold", "--ml-silver", "--ml-bulk")],
    ("a button's frame", "--ml-edge", "--ml-paper", LARGE_OR_UI),
    ("a legal thing's green frame", "--ml-go", "--ml-paper", LARGE_OR_UI),
    ("the frame of the seat to play", "--ml-accent", "--ml-paper", LARGE_OR_UI),
    ("the focus ring", "--ml-warn", "--ml-paper", LARGE_OR_UI),
    ("the focus ring on a legal thing", "--ml-warn", "--ml-tint-go", LARGE_OR_UI),
    ("an overflowing bin's frame and fill", "--ml-stop", "--ml-tint-stop", LARGE_OR_UI),
    ("an error's stripe", "--ml-stop", "--ml-paper", LARGE_OR_UI),
    ("a confirmation's tick", "--ml-done", "--ml-tint-done", TEXT),
    ("a confirmation's frame", "--ml-done", "--ml-paper", LARGE_OR_UI),
    ("a bin's fill meter", "--ml-sky", "--ml-paper", LARGE_OR_UI),
    ("a bin's fill meter on a legal bin", "--ml-sky", "--ml-tint-go", LARGE_OR_UI),
    ("the goal line's stripe", "--ml-goal", "--ml-paper", LARGE_OR_UI),
    ("a chip's edge", "--ml-chip-edge", "--ml-paper", LARGE_OR_UI),
    ("a chip's edge on a legal thing", "--ml-chip-edge", "--ml-tint-go", LARGE_OR_UI),
    ("an Order edge chip's frame on its fill", "--ml-chip-edge", "--ml-paper", LARGE_OR_UI),
]
PAGE_PAIRS: list[tuple[str, str, str, float]] = [
    ("the page bar", "--ml-bar-ink", "--ml-bar", TEXT),
    ("text on the page", "--ml-ink", "--ml-page-ground", TEXT),
    ("a join problem", "--ml-problem", "--ml-paper", TEXT),
    ("the Join button's frame", "--ml-bar", "--ml-paper", LARGE_OR_UI),
]
DECORATIVE = {"--ml-line"}
"""Panel frames: they group things, they identify no control (WCAG 1.4.11 asks nothing)."""


# ---------------------------------------------------------------------------- the CSS
def _blocks(css: str, head: str) -> str:
    start = css.index(head)
    return css[start:css.index("}", start)]


def _declarations(block: str) -> dict[str, str]:
    block = re.sub(r"/\*.*?\*/", "", block, flags=re.S)
    return {m[1]: m[2].strip() for m in re.finditer(r"(--[a-z0-9-]+)\s*:\s*([^;]+);", block)}


def board_tokens() -> dict[str, str]:
    return _declarations(_blocks(BOARD_CSS.read_text(encoding="utf-8"),
                                 ".marketlib-board, .marketlib-page, .marketlib-dash {"))


def page_tokens(dark: bool) -> dict[str, str]:
    css = PAGE_CSS.read_text(encoding="utf-8")
    found = _declarations(_blocks(css, ".marketlib-page { color-scheme"))
    if dark:
        media = css[css.index("@media (prefers-color-scheme: dark)"):]
        found.update(_declarations(_blocks(media, ".marketlib-page {")))
    return found


def jupyterlab(theme: str) -> dict[str, str]:
    css = (THEMES / f"theme-{theme}-extension" / "index.css").read_text(encoding="utf-8")
    return {m[1]: m[2].strip() for m in re.finditer(r"(--jp-[a-z0-9-]+)\s*:\s*([^;}]+)", css)}


# ---------------------------------------------------------------------------- colours
def _split(args: str) -> list[str]:
    """Top-level comma-separated arguments."""
    out, depth, cur = [], 0, ""
    for ch in args:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += (ch == "(") - (ch == ")")
        cur += ch
    out.append(cur.strip())
    return out


def colour(expr: str, env: dict[str, str], dark: bool) -> RGBA:
    """The colour ``expr`` stands for, as a browser works it out."""
    expr = NAMED.get(expr.strip(), expr.strip())
    if expr.startswith("#"):
        h = expr[1:]
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), 1.0)
    name, _, rest = expr.partition("(")
    args = _split(rest[:rest.rindex(")")])
    if name in ("rgb", "rgba"):
        parts = [float(a) for a in re.split(r"[ ,/]+", ",".join(args)) if a]
        return (parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0)
    if name == "var":
        if args[0] in env:
            return colour(env[args[0]], env, dark)
        assert len(args) > 1, f"{args[0]} is not defined and has no fallback"
        return colour(args[1], env, dark)
    if name == "light-dark":
        return colour(args[1] if dark else args[0], env, dark)
    if name == "color-mix":
        assert args[0] == "in srgb", expr
        (a, pa), (b, pb) = (_mix_part(x) for x in args[1:3])
        pa = pa if pa is not None else (100 - pb if pb is not None else 50)
        ca, cb = colour(a, env, dark), colour(b, env, dark)
        p = pa / 100
        alpha = ca[3] * p + cb[3] * (1 - p)  # premultiplied, as CSS Color 5 says
        rgb = [(ca[i] * ca[3] * p + cb[i] * cb[3] * (1 - p)) / alpha for i in range(3)]
        return (rgb[0], rgb[1], rgb[2], alpha)
    raise AssertionError(f"a colour the test cannot read: {expr!r}")


def _mix_part(text: str) -> tuple[str, float | None]:
    m = re.fullmatch(r"(.*?)\s+(\d+(?:\.\d+)?)%", text)
    return (m[1], float(m[2])) if m else (text, None)


def over(top: RGBA, ground: RGBA) -> RGBA:
    a = top[3]
    return (*(top[i] * a + ground[i] * (1 - a) for i in range(3)), 1.0)  # type: ignore[return-value]


def luminance(c: RGBA) -> float:
    def lin(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def ratio(fg: RGBA, bg: RGBA) -> float:
    hi, lo = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


NAMED = {"white": "#ffffff", "black": "#000000"}

GROUNDS = {  # name: (JupyterLab theme or None, dark)
    "page light": (None, False), "page dark": (None, True),
    "JupyterLab Light": ("light", False), "JupyterLab Dark": ("dark", True),
}


def environment(ground: str) -> tuple[dict[str, str], bool]:
    theme, dark = GROUNDS[ground]
    env = dict(board_tokens())
    if theme is not None:
        if not (THEMES / f"theme-{theme}-extension").exists():
            pytest.skip("JupyterLab's themes are not installed")
        env.update(jupyterlab(theme))
    else:
        env.update(page_tokens(dark))
    return env, dark


# ---------------------------------------------------------------------------- the tests
@pytest.mark.parametrize("ground", sorted(GROUNDS))
def test_every_colour_pair_of_the_boards_passes_wcag_aa(ground: str) -> None:
    env, dark = environment(ground)
    paper = over(colour("var(--ml-paper)", env, dark), (255, 255, 255, 1.0))
    failures = []
    pairs = PAIRS + (PAGE_PAIRS if GROUNDS[ground][0] is None else [])
    for what, fg, bg, least in pairs:
        back = over(colour(f"var({bg})", env, dark), paper)
        front = over(colour(f"var({fg})", env, dark), back)
        got = ratio(front, back)
        if got < least:
            failures.append(f"{what}: {fg} on {bg} is {got:.2f}:1 < {least}:1")
    assert failures == [], failures


def test_every_chip_has_its_own_ink() -> None:
    """A produce or goods chip is drawn in its colour with the ink Python picks for it: black
    or white, whichever reads (WCAG AA for its small bold letters); on both grounds the chip
    stands out by its frame (``--ml-chip-edge``, checked above), whatever its fill."""
    for name, fill in [*BANSAN_COLOURS.items(), *MONSOON_COLOURS.items()]:
        rgb = colour(fill, {}, False)
        got = ratio(colour(ink(fill), {}, False), rgb)
        assert got >= TEXT, f"{name}: {ink(fill)} on {fill} is {got:.2f}:1"


def test_every_colour_is_a_checked_theme_property() -> None:
    """Outside the blocks of --ml-* properties the CSS names no colour, and every property is
    either in a checked pair or a decorative frame."""
    board = BOARD_CSS.read_text(encoding="utf-8")
    page = PAGE_CSS.read_text(encoding="utf-8")
    token_block = _blocks(board, ".marketlib-board, .marketlib-page, .marketlib-dash {")
    page_blocks = [_blocks(page, ".marketlib-page { color-scheme"),
                   _blocks(page[page.index("@media"):], ".marketlib-page {")]
    rest = board.replace(token_block, "")
    for block in page_blocks:
        page = page.replace(block, "")
    for name, text in (("board.css", rest), ("page.css", page),
                       ("dashboard.css", DASH_CSS.read_text(encoding="utf-8"))):
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        stray = re.findall(r"#[0-9a-fA-F]{3,8}\b|\brgba?\(|\bhsla?\(", text)
        assert stray == [], f"{name} names colours outside its theme properties: {stray}"
    used = {t for _, fg, bg, _ in PAIRS + PAGE_PAIRS for t in (fg, bg)}
    defined = set(board_tokens()) | set(page_tokens(True))
    assert defined - used - DECORATIVE == set()
    assert "--jp-layout-color0" in token_block and "--jp-ui-font-color1" in token_block
