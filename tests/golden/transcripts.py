"""Golden transcripts: seeded random games written as text, so a change of behaviour shows in
review. Regenerate on purpose only: ``uv run --all-extras python tests/golden/transcripts.py``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from marketlib.core.match import resolve_game

HERE = Path(__file__).parent

MONSOON_CASES: dict[str, tuple[dict[str, Any], int]] = {
    "monsoon_2p_seed1": ({"players": 2}, 1),
    "monsoon_3p_seed2": ({"players": 3}, 2),
    "monsoon_4p_seed3_long": ({"players": 4, "seal_target": 30}, 3),
}
BANSAN_CASES: dict[str, tuple[dict[str, Any], int]] = {
    "bansan_2p_seed1": ({"players": 2}, 1),
    "bansan_5p_seed2_events": ({"players": 5, "events": "reconstructed"}, 2),
    "bansan_kenduri_3p_seed3": ({"players": 3, "mode": "kenduri"}, 3),
    "bansan_sendiri_seed4": ({"players": 1, "mode": "sendiri"}, 4),
    "bansan_sendiri_hard_seed5": ({"players": 1, "mode": "sendiri", "hard": True}, 5),
}
CASES: dict[str, tuple[str, dict[str, Any], int]] = {
    **{name: ("monsoon", rules, seed) for name, (rules, seed) in MONSOON_CASES.items()},
    **{name: ("bansan", rules, seed) for name, (rules, seed) in BANSAN_CASES.items()},
}


def transcript(game_name: str, rules_spec: dict[str, Any], seed: int) -> str:
    """Play a uniform random game (choices seeded by ``seed``) and write every action, with the
    table at the start and after every turn."""
    game = resolve_game(game_name)
    rules = game.Rules(**rules_spec)
    rng = random.Random(seed)
    state = game.setup(rules, seed)
    lines = [f"# {game.GAME.title}, rules {rules_spec}, seed {seed}", str(state), ""]
    turn = state.turn
    while game.outcome(state) is None:
        action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        lines.append(str(action))
        if state.turn != turn or game.outcome(state) is not None:
            turn = state.turn
            lines += [str(state), ""]
    lines.append(f"outcome: {game.outcome(state)}")
    return "\n".join(lines) + "\n"


def main() -> None:
    for name, (game_name, rules_spec, seed) in CASES.items():
        path = HERE / f"{name}.txt"
        path.write_text(transcript(game_name, rules_spec, seed), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
