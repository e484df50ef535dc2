"""Pictures of the boards at every phase of a Bansan turn (and a Monsoon Market turn), drawn by
the shipped JS in headless Debian chromium through ``widgets/harness.html``.

Usage (from the repository root)::

    uv run --all-extras python widgets/screenshots.py [OUTDIR]

writes ``OUTDIR/bansan_<phase>.png`` and ``OUTDIR/monsoon_<phase>.png`` (default
``docs/_static/turn``), one for each phase a person meets, played from a fixed seed against
computer players, and prints the files it wrote. The docs' Boards page shows them.

Every theme and screen (issue 30)::

    uv run --all-extras python widgets/screenshots.py OUTDIR --themes light,dark,lab-dark \
        --widths 360,390,768,1280

writes ``OUTDIR/<game>_<phase>_<theme>_<width>.png``, the whole page at that window width:
``light`` and ``dark`` as a browser that prefers them (the classroom page's way),
``lab-light`` and ``lab-dark`` dressed as JupyterLab Light and Dark (their own theme CSS from
the installed JupyterLab, and the ``data-jp-theme-light`` mark JupyterLab puts on the page).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SYNCED = ("scene", "cards", "choices", "log", "story", "error", "notice", "confirmation", "seat",
          "seats", "teacher", "teacher_view", "covered", "can_undo", "can_redo", "version",
          "position", "busy", "description", "summary", "seed")


THEMES = ("light", "dark", "lab-light", "lab-dark")


def lab_theme_css(dark: bool) -> str:
    """JupyterLab's own Light or Dark theme CSS, from the JupyterLab installed with Python."""
    folder = Path(sys.prefix) / "share" / "jupyter" / "lab" / "themes" / "@jupyterlab"
    name = "theme-dark-extension" if dark else "theme-light-extension"
    return (folder / name / "index.css").read_text(encoding="utf-8")


def dress(page: Any, theme: str) -> None:
    """Dress the harness page (already loaded) in ``theme``, one of :data:`THEMES`: the
    browser's preferred scheme for ``light``/``dark``; JupyterLab's theme variables and page
    mark for ``lab-light``/``lab-dark``. Call it before mounting the board."""
    dark = theme.endswith("dark")
    page.emulate_media(color_scheme="dark" if dark else "light")
    if theme.startswith("lab-"):
        page.evaluate("""([css, light]) => {
            const style = document.createElement("style");
            style.textContent = css;
            document.head.appendChild(style);
            document.body.dataset.jpThemeLight = light;
            document.body.dataset.jpThemeName = `JupyterLab ${light === "true" ? "Light" : "Dark"}`;
        }""", [lab_theme_css(dark), "false" if dark else "true"])


def traits(board: Any) -> dict[str, Any]:
    data = {name: getattr(board, name) for name in SYNCED}
    return json.loads(json.dumps(data))


def bansan_phases() -> list[tuple[str, Any]]:
    """A 3-vendor Bansan game against two computer vendors, stopped at each phase P0 meets."""
    from marketlib import Match, bansan
    from marketlib.bots import GreedyBot
    from marketlib.widgets import BansanBoard

    board = BansanBoard(Match("bansan", bansan.Rules(players=3), seed=21),
                        opponents={1: GreedyBot(), 2: GreedyBot()})
    rng = random.Random(4)
    shots: list[tuple[str, Any]] = []
    seen: set[str] = set()
    for _ in range(400):
        m = board.match
        if m.is_over or m.state.turn >= 4:
            break
        state = m.state
        key = state.phase + (f"-{type(state.pending).__name__.lower()}" if state.pending else "")
        if key not in seen and m.current_player == 0:
            seen.add(key)
            shots.append((key, traits(board)))
        choices = board.choices
        preferred = [c for c in choices if c["verb"] in ("stock", "buy", "pick", "complete",
                                                         "done", "tuck", "use", "rent", "return")]
        pick = rng.choice(preferred or choices)
        board.play(m.legal_actions()[pick["index"]])
    return shots


def monsoon_phases() -> list[tuple[str, Any]]:
    from marketlib import Match, monsoon
    from marketlib.bots import GreedyBot
    from marketlib.widgets import MonsoonBoard

    board = MonsoonBoard(Match("monsoon", monsoon.Rules(players=2), seed=8),
                         opponents={1: GreedyBot()})
    shots = [("action", traits(board))]
    for _ in range(60):
        m = board.match
        fulfil = [c for c in board.choices if c["verb"] in ("fulfil", "spend", "declare")]
        if m.state.phase == "spend" and "spend" not in {k for k, _ in shots}:
            shots.append(("spend", traits(board)))
        if fulfil:
            board.play(m.legal_actions()[fulfil[0]["index"]])
        else:
            board.play(m.legal_actions()[0])
        if len(shots) == 2 or m.is_over:
            break
    return shots


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "_static" / "turn"))
    parser.add_argument("--themes", default="", help=f"comma-separated, of {', '.join(THEMES)}")
    parser.add_argument("--widths", default="", help="comma-separated window widths (px)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    themes = [t for t in args.themes.split(",") if t] or [""]
    widths = [int(w) for w in args.widths.split(",") if w] or [0]
    for theme in themes:
        if theme and theme not in THEMES:
            parser.error(f"unknown theme {theme!r}: one of {', '.join(THEMES)}")
    from playwright.sync_api import sync_playwright

    from marketlib.widgets import BansanBoard, MonsoonBoard

    jobs = [("bansan", BansanBoard, bansan_phases()), ("monsoon", MonsoonBoard, monsoon_phases())]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for theme in themes:
            for width in widths:
                page = browser.new_page(viewport={"width": width or 1100, "height": 900})
                for game, cls, shots in jobs:
                    for name, state in shots:
                        page.goto((ROOT / "widgets" / "harness.html").as_uri())
                        if theme:
                            dress(page, theme)
                        page.evaluate(
                            "([esm, css, state]) => window.mlHarness.mount(esm, css, state)",
                            [str(cls._esm), str(cls._css), state])
                        if theme or width:  # the whole page, as a person sees it
                            path = out / f"{game}_{name}_{theme or 'light'}_{width or 1100}.png"
                            page.screenshot(path=str(path), full_page=True)
                        else:
                            path = out / f"{game}_{name}.png"
                            page.locator(".marketlib-board").screenshot(path=str(path))
                        print(path)
                page.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
