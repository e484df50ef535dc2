"""One shape for both games (issue 14): every registered game package has the same modules with
the same jobs (docs: "Games and the registry"), and only the phase table sets the phase."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from marketlib.core import registry

SKELETON: dict[str, tuple[str, ...]] = {
    "actions": ("parse_action",),
    "cards": ("load_catalog", "read_catalog", "write_default_data"),
    "checks": ("CHECKS", "check_ids"),
    "invariants": ("check_invariants",),
    "moves": ("HANDLERS",),
    "options": ("Rules",),
    "position": ("position",),
    "queries": ("catalog",),
    "render": ("text_table", "html_board"),
    "rules": ("setup", "current_player", "legal_actions", "apply", "explain", "outcome"),
    "scoring": ("ranking_keys",),
    "state": ("State",),
    "text": ("describe", "preview"),
    "turn": ("FLOW",),
    "view": ("View", "view", "determinize", "info_revealed", "candidate_actions"),
    "words": ("PHASES", "LEGEND", "legend", "label", "instruction", "warning", "goal", "recap"),
}
"""Each module of a game package and the names it provides."""

SHIPPED = [n for n in registry.names() if registry.entry(n).module.startswith("marketlib.")]


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_has_the_same_modules_with_the_same_jobs(game: str) -> None:
    package = registry.entry(game).module
    for module, names in SKELETON.items():
        found = importlib.import_module(f"{package}.{module}")
        missing = [n for n in names if not hasattr(found, n)]
        assert not missing, f"{package}.{module} lacks {missing}"
    top = importlib.import_module(package)
    for name in ("setup", "legal_actions", "apply", "explain", "view", "determinize", "outcome",
                 "standings", "describe", "preview", "position", "parse_action", "GAME",
                 "ENTRY"):
        assert hasattr(top, name), f"{package} does not export {name}"


@pytest.mark.parametrize("game", SHIPPED)
def test_only_the_phase_table_sets_the_phase(game: str) -> None:
    """No move handler or helper writes ``phase=...`` into a state: transitions live in the
    game's ``turn`` module (the phase table), setup's first phase aside."""
    root = Path(importlib.import_module(registry.entry(game).module).__file__).parent
    offenders = []
    for path in sorted(root.rglob("*.py")):
        if path.name in ("turn.py", "position.py", "view.py"):
            continue  # the table itself; hand-built positions and views copy a phase
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "replace"
                    and any(k.arg == "phase" for k in node.keywords)):
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


@pytest.mark.parametrize("game", SHIPPED)
def test_legal_actions_are_the_candidates_the_checks_pass(game: str) -> None:
    """legal_actions keeps exactly the candidate actions every check passes: nothing legal is
    missed (explain accepts no other well-formed action) at random positions."""
    import random

    module = importlib.import_module(registry.entry(game).module)
    rng = random.Random(3)
    for seed in range(8):
        state = module.setup(module.Rules(players=3), seed)
        for _ in range(150):
            if module.outcome(state) is not None:
                break
            legal = set(module.legal_actions(state))
            out_of_turn = getattr(module, "any_time_actions", None)
            if out_of_turn is not None:
                legal.update(a for s in range(3) for a in out_of_turn(state, s))
            for action in module.candidate_actions(state):
                assert (module.explain(state, action) is None) == (action in legal), action
            state = module.apply(state, rng.choice(module.legal_actions(state)))
