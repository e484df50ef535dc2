"""The games both Pythons must agree on (issue 32, point 5): run by CPython and by Pyodide under
Node (``run.mjs``), and ``tests/test_pyodide_conformance.py`` compares the two outputs to the
byte. Prints, for every golden transcript, whether this Python writes it as stored; the
conformance kit's report on a few random games of every game and mode; and whole games between
computer players played the way the Play page plays them (a ``TableSession``)."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path


def main(here: Path) -> None:
    """Print everything both Pythons must agree on (``here``: the ``tests`` folder)."""
    sys.path.insert(0, str(here / "golden"))
    from transcripts import CASES, transcript

    from marketlib.bots import make_bot
    from marketlib.core.match import Match, resolve_game
    from marketlib.core.testing import check_game
    from marketlib.widgets import table_of
    from marketlib.widgets.session import TableSession

    for name in sorted(CASES):
        game, rules, seed = CASES[name]
        text = transcript(game, rules, seed)
        stored = (here / "golden" / f"{name}.txt").read_text(encoding="utf-8")
        print(name, text == stored, hashlib.sha256(text.encode()).hexdigest()[:16])

    for game, rules in SETTINGS:
        report = check_game(game, resolve_game(game).Rules(**rules), n_games=2, seed=11,
                            apply_all_legal=False)
        print(game, rules, report)

    for game, rules in SETTINGS:
        match = Match(game, rules, seed=21)
        players = int(rules["players"])
        bots = {s: make_bot("greedy" if s % 2 == 0 else "random") for s in range(players)}
        if players == 1:
            bots = {}
            while not match.is_over:  # Sendiri: the first legal action, every time
                match.play(match.legal_actions()[0])
        table = TableSession(table_of(game), match, bots)
        table.run_bots()
        print(game, rules, match.cursor, match.outcome)
        print("\n".join(match.log()))


SETTINGS: list[tuple[str, dict[str, object]]] = [
    ("monsoon", {"players": 2}), ("monsoon", {"players": 5, "seal_target": 30}),
    ("bansan", {"players": 3}), ("bansan", {"players": 3, "mode": "kenduri"}),
    ("bansan", {"players": 1, "mode": "sendiri"})]

if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
