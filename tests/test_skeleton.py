"""One shape for both games (issue 14): every registered game package has the same modules with
the same jobs (docs: "Games and the registry"), and only the phase table sets the phase. Issue 28:
a job is checked, not only a name: each name is defined in the same-named module of every game,
and every phase that waits for a move declares in its row who decides and what it offers."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import itertools
import random
import re
import types
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest

from marketlib.core import registry

SKELETON: dict[str, tuple[str, ...]] = {
    "actions": ("Action",),
    "cards": ("load_catalog", "read_catalog", "write_default_data"),
    "checks": ("check_ids",),
    "facts": ("Facts",),
    "invariants": ("check_invariants",),
    "moves": (),
    "offers": (),
    "options": ("Rules",),
    "position": ("position",),
    "queries": ("catalog",),
    "render": ("text_table", "html_board"),
    "rules": ("setup", "current_player", "legal_actions", "apply", "explain", "outcome"),
    "scoring": ("ranking_keys", "standings"),
    "state": ("State",),
    "table": ("ACTIONS", "CHECKS", "HANDLERS", "TAGS", "NOTATION", "parse_action"),
    "text": ("describe", "preview"),
    "turn": ("FLOW",),
    "view": ("View", "view", "determinize", "info_revealed", "candidate_actions"),
    "words": ("PHASES", "LEGEND", "legend", "LABELS", "STEADY_LABELS", "LABEL_READS", "label",
              "instruction", "WARNINGS", "warning", "goal", "recap", "final_standings"),
}
"""Each module of a game package and the names it provides."""

SHIPPED = [n for n in registry.names() if registry.entry(n).module.startswith("marketlib.")]


TOP_LEVEL = ("setup", "legal_actions", "apply", "explain", "view", "determinize", "outcome",
             "standings", "describe", "preview", "position", "parse_action", "GAME", "ENTRY")
"""What a game package exports itself."""


def skeleton_gaps(package: str, load: Callable[[str], Any] = importlib.import_module) -> list[str]:
    """What ``package`` lacks of :data:`SKELETON` and :data:`TOP_LEVEL` (``load`` imports a
    module by name)."""
    gaps = []
    for module, names in SKELETON.items():
        try:
            found = load(f"{package}.{module}")
        except ModuleNotFoundError:
            gaps.append(f"{package}.{module} is missing")
            continue
        gaps += [f"{package}.{module} lacks {n}" for n in names if not hasattr(found, n)]
    top = load(package)
    gaps += [f"{package} does not export {n}" for n in TOP_LEVEL if not hasattr(top, n)]
    return gaps


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_has_the_same_modules_with_the_same_jobs(game: str) -> None:
    """Shown to fail on broken copies: :func:`test_the_skeleton_test_fails_on_a_broken_copy`
    (a game without ``words.legend``, without a ``text`` module, and not exporting
    ``preview``)."""
    assert skeleton_gaps(registry.entry(game).module) == []


def test_the_skeleton_test_fails_on_a_broken_copy() -> None:
    """A copy of Monsoon Market whose ``words`` lacks ``legend``, whose ``text`` module is gone
    and whose package does not export ``preview``: each gap is named."""
    def broken(name: str) -> Any:
        real = importlib.import_module(name)
        if name.endswith(".text"):
            raise ModuleNotFoundError(name)
        hide = {"marketlib.monsoon.words": "legend", "marketlib.monsoon": "preview"}.get(name)
        return SimpleNamespace(**{k: v for k, v in vars(real).items() if k != hide})

    assert skeleton_gaps("marketlib.monsoon", broken) == [
        "marketlib.monsoon.text is missing", "marketlib.monsoon.words lacks legend",
        "marketlib.monsoon does not export preview"]


JOBS: dict[str, tuple[str, ...]] = {
    "facts": ("Facts",),
    "scoring": ("standings", "ranking_keys"),
    "turn": ("FLOW",),
    "rules": ("setup", "current_player", "legal_actions", "apply", "explain"),
    "view": ("candidate_actions",),
    "words": ("ended_name",),
}
"""Names each game *defines* in the module of that name (issue 28, point 3): a re-export from
another module does not count, so the same job sits in the same module in both games."""


def job_gaps(package: str, load: Callable[[str], Any] = importlib.import_module) -> list[str]:
    """Where ``package`` does a job of :data:`JOBS` in another module than its namesake: a name
    missing or defined elsewhere (by its ``__module__``), a package export that is not the
    module's own, an engine whose ``facts`` is not ``facts.Facts``, an action-tag table not
    derived from the action table, and a phase row's ``offers`` written outside ``offers``."""
    gaps = []
    top = load(package)
    for module, names in JOBS.items():
        where = f"{package}.{module}"
        try:
            found = load(where)
        except ModuleNotFoundError:
            gaps.append(f"{where} is missing")
            continue
        for name in names:
            obj = getattr(found, name, None)
            if obj is None:
                gaps.append(f"{where} lacks {name}")
            elif isinstance(obj, types.FunctionType | type) and obj.__module__ != where:
                gaps.append(f"{where}.{name} is defined in {obj.__module__}")
            if hasattr(top, name) and obj is not None and getattr(top, name) is not obj:
                gaps.append(f"{package}.{name} is not {where}.{name}")
    rules, table = load(f"{package}.rules"), load(f"{package}.table")
    facts = getattr(rules, "ENGINE", None) and rules.ENGINE.facts
    if getattr(facts, "__module__", None) != f"{package}.facts":
        gaps.append(f"{package}.rules.ENGINE.facts is not {package}.facts.Facts")
    if getattr(table, "TAGS", None) is not table.ACTIONS.tags:
        gaps.append(f"{package}.table.TAGS is not derived from ACTIONS")
    flow = getattr(load(f"{package}.turn"), "FLOW", None)
    for row in getattr(flow, "phases", {}).values():
        offers = getattr(row, "offers", None)
        if offers is not None and offers.__module__ != f"{package}.offers":
            gaps.append(f"phase {row.name!r} offers {offers.__qualname__} from "
                        f"{offers.__module__}")
    return gaps


@pytest.mark.parametrize("game", SHIPPED)
def test_both_games_do_each_job_in_the_same_module(game: str) -> None:
    """``Facts`` in ``facts``, ``standings`` in ``scoring``, the phase table in ``turn``, each
    phase's candidates in ``offers``, ``TAGS`` derived from the action table (issue 28).

    Shown to fail on a broken copy: :func:`test_the_jobs_test_fails_on_a_broken_copy`."""
    assert job_gaps(registry.entry(game).module) == []


def _moved(function: Callable[..., Any], module: str) -> Callable[..., Any]:
    """A copy of ``function`` as if written in ``module``."""
    assert isinstance(function, types.FunctionType)
    copy = types.FunctionType(function.__code__, function.__globals__, function.__name__,
                              function.__defaults__, function.__closure__)
    copy.__module__ = module
    return copy


def test_the_jobs_test_fails_on_a_broken_copy() -> None:
    """Monsoon Market as it was before issue 28's point 3: no ``facts`` module (its ``Facts``
    sat in ``checks``, which the engine used), ``standings`` written in ``queries`` and
    re-exported by the package; and a phase row whose offers are written in ``rules``."""
    real_rules = importlib.import_module("marketlib.monsoon.rules")
    real_facts = importlib.import_module("marketlib.monsoon.facts")
    old_facts = type("Facts", (real_facts.Facts,), {"__module__": "marketlib.monsoon.checks"})
    old_standings = _moved(importlib.import_module("marketlib.monsoon").standings,
                           "marketlib.monsoon.queries")
    real_flow = importlib.import_module("marketlib.monsoon.turn").FLOW
    take = real_flow.phases["take"]
    flow = dataclasses.replace(real_flow, phases={
        **real_flow.phases, "take": dataclasses.replace(
            take, offers=_moved(take.offers, "marketlib.monsoon.rules"))})

    def broken(name: str) -> Any:
        if name == "marketlib.monsoon.facts":
            raise ModuleNotFoundError(name)
        real = importlib.import_module(name)
        found = SimpleNamespace(**vars(real))
        if name == "marketlib.monsoon.rules":
            found.ENGINE = dataclasses.replace(real_rules.ENGINE, facts=old_facts)
        elif name == "marketlib.monsoon.checks":
            found.Facts = old_facts
        elif name == "marketlib.monsoon.scoring":
            found.standings = old_standings
        elif name == "marketlib.monsoon.turn":
            found.FLOW = flow
        elif name == "marketlib.monsoon":
            found.standings, found.FLOW = old_standings, flow
        return found

    assert job_gaps("marketlib.monsoon", broken) == [
        "marketlib.monsoon.facts is missing",
        "marketlib.monsoon.scoring.standings is defined in marketlib.monsoon.queries",
        "marketlib.monsoon.rules.ENGINE.facts is not marketlib.monsoon.facts.Facts",
        "phase 'take' offers take from marketlib.monsoon.rules"]


def phase_gaps(flow: Any) -> list[str]:
    """What a phase table leaves undeclared: every phase that waits for a move (its ``moves``
    not empty) names who decides (a key of ``flow.deciders``) and what it offers; an automatic
    phase names neither (nobody decides in it)."""
    gaps = []
    deciders = getattr(flow, "deciders", {})
    for name, row in flow.phases.items():
        decides, offers = getattr(row, "decides", None), getattr(row, "offers", None)
        if row.moves:
            if decides not in deciders:
                gaps.append(f"{name}: who decides? ({decides!r})")
            if offers is None:
                gaps.append(f"{name}: offers nothing")
        elif decides is not None or offers is not None:
            gaps.append(f"{name}: an automatic phase with a decider or offers")
    return gaps


@pytest.mark.parametrize("game", SHIPPED)
def test_every_phase_that_waits_for_a_move_says_who_decides_and_what_it_offers(
        game: str) -> None:
    """Both games declare deciders and offers in the phase table the same way (issue 28,
    point 1). Shown to fail on a broken copy:
    :func:`test_the_phase_declaration_test_fails_on_a_broken_copy`."""
    flow = importlib.import_module(f"{registry.entry(game).module}.turn").FLOW
    assert phase_gaps(flow) == []
    assert any(row.decides for row in flow.phases.values())


def test_the_phase_declaration_test_fails_on_a_broken_copy() -> None:
    """Bansan's table with the draft's decider and the Bag step's offers taken out, and the
    automatic ``refill`` given the Bag's offers."""
    flow = importlib.import_module("marketlib.bansan.turn").FLOW
    rows = dict(flow.phases)
    rows["draft"] = dataclasses.replace(rows["draft"], decides=None)
    rows["refill"] = dataclasses.replace(rows["refill"], offers=rows["bag"].offers)
    rows["bag"] = dataclasses.replace(rows["bag"], offers=None)
    assert phase_gaps(SimpleNamespace(phases=rows, deciders=flow.deciders)) == [
        "draft: who decides? (None)", "bag: offers nothing",
        "refill: an automatic phase with a decider or offers"]


def offer_gaps(package: str, seeds: int = 3, flow: Any = None,
               settings: tuple[dict[str, Any], ...] = ({"players": 3},)) -> list[str]:
    """Where the phase table's offers and deciders disagree with the rules, at the positions of
    ``seeds`` random games for each of ``settings``: an offered action of a kind the phase
    does not accept, or for another seat than the row's decider; a legal action of the
    phase's kinds that the row does not offer; ``current_player`` other than the table's
    decider (no offer open)."""
    module = importlib.import_module(package)
    rules = importlib.import_module(f"{package}.rules")
    flow = flow or importlib.import_module(f"{package}.turn").FLOW
    tags = rules.ENGINE.actions.tags
    gaps: list[str] = []
    for spec, seed in itertools.product(settings, range(seeds)):
        rng = random.Random(seed)
        state = module.setup(module.Rules(**spec), seed)
        for _ in range(200):
            if module.outcome(state) is not None or gaps:
                break
            row = flow.phase(state)
            seat = flow.decider(state)
            if getattr(state, "offer", None) is None:
                if module.current_player(state) != seat:
                    gaps.append(f"{row.name}: P{module.current_player(state)} decides, "
                                f"the table says P{seat}")
                offered = flow.offers(state, seat, rules.ENGINE.facts(state))
                gaps += [f"{row.name} offers {a}" for a in offered
                         if tags[type(a)] not in row.moves or a.player != seat]
                gaps += [f"{row.name} does not offer legal {a}"
                         for a in module.legal_actions(state)
                         if tags[type(a)] in row.moves and a not in offered]
            state = module.apply(state, rng.choice(module.legal_actions(state)))
    return gaps


@pytest.mark.parametrize("game", SHIPPED)
def test_the_phase_table_offers_what_the_rules_allow(game: str) -> None:
    """Each phase row offers only actions of the kinds it accepts, for the seat it says decides,
    and every legal action of those kinds (issue 28, point 1), in every mode of
    :data:`REPR_SETTINGS` (Bansan's Kenduri, Sendiri and Events too). Shown to fail on a
    broken copy:
    :func:`test_the_offers_test_fails_on_a_broken_copy`."""
    assert offer_gaps(registry.entry(game).module, seeds=2,
                      settings=tuple(REPR_SETTINGS[game])) == []


def test_the_offers_test_fails_on_a_broken_copy() -> None:
    """Monsoon's table whose Action step also offers ``take`` (a Take step's kind) and whose
    Spend step forgets to offer ``declare``: both are caught."""
    from marketlib.monsoon import Take, turn

    flow = turn.FLOW
    action, spend = flow.phases["action"], flow.phases["spend"]

    def more(state: Any, seat: int, facts: Any) -> list[Any]:
        return [*action.offers(state, seat, facts), Take(player=seat, card="MG-01")]

    def fewer(state: Any, seat: int, facts: Any) -> list[Any]:
        return [a for a in spend.offers(state, seat, facts) if type(a).__name__ != "Declare"]

    broken = dataclasses.replace(flow, phases={
        **flow.phases, "action": dataclasses.replace(action, offers=more)})
    assert offer_gaps("marketlib.monsoon", seeds=1, flow=broken)[0] == (
        "action offers P0 take MG-01")
    broken = dataclasses.replace(flow, phases={
        **flow.phases, "spend": dataclasses.replace(spend, offers=fewer)})
    assert offer_gaps("marketlib.monsoon", seeds=2, flow=broken)[0].startswith(
        "spend does not offer legal P")


def state_writers(source: str, filename: str = "queries.py") -> list[str]:
    """Every top-level function of ``source`` that returns a game state (its return annotation
    names ``State``, alone or in a tuple), as ``file:line (function)``: a query module only
    reads, and what returns a changed state is an effect (issue 28: a module's name says its
    job; mypy holds every function to an annotation, so none slips past unannotated)."""
    found = []
    for node in ast.parse(source).body:
        if (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns is not None
                and re.search(r"\bState\b", ast.unparse(node.returns))):
            found.append(f"{filename}:{node.lineno} ({node.name})")
    return found


@pytest.mark.parametrize("game", SHIPPED)
def test_queries_only_read(game: str) -> None:
    """Both games' ``queries`` modules return facts, never a changed state (Bansan's
    ``transfer``, ``throw``, ``draw_deck`` and the rest live in ``bansan.effects``)."""
    module = importlib.import_module(f"{registry.entry(game).module}.queries")
    assert state_writers(Path(module.__file__ or "").read_text(encoding="utf-8")) == []


def test_the_queries_job_test_fails_on_a_broken_copy() -> None:
    """A copy of Bansan's queries with ``transfer`` put back (as before issue 28) is caught,
    and so is one that returns a state inside a tuple."""
    from marketlib.bansan import effects, queries

    real = Path(queries.__file__ or "").read_text(encoding="utf-8")
    effect = Path(effects.__file__ or "").read_text(encoding="utf-8")
    start = effect.index("def transfer(")
    broken = real + "\n\n" + effect[start:effect.index("\n\n\ndef ", start)]
    assert [w.split(" ", 1)[1] for w in state_writers(broken)] == ["(transfer)"]
    assert state_writers("def f(s: State) -> tuple[State, int]:\n    return s, 1\n") == [
        "queries.py:1 (f)"]


PHASE_SETTERS: dict[str, frozenset[str]] = {
    "turn.py": frozenset({"*"}),  # the phase table itself (core.flow calls its set_phase)
    "rules.py": frozenset({"setup"}),  # the first phase of a new game
    "position.py": frozenset({"position"}),  # a hand-built position names its phase
    "view.py": frozenset({"view", "determinize"}),  # a view and its worlds copy the phase
}
"""Where a game package may write ``phase``: file name, then the functions (``*``: anywhere)."""


def phase_writes(source: str, filename: str = "<source>") -> list[str]:
    """Every place in ``source`` that writes a ``phase`` outside :data:`PHASE_SETTERS`, as
    ``file:line (function)``.

    Parsed with ``ast``, so the spelling does not matter: any call given ``phase=`` (the
    ``x.replace(...)`` method, ``replace(...)`` and ``msgspec.structs.replace(...)`` under any
    alias or import, a ``State(...)`` or ``View(...)`` constructor, ``dict(phase=...)``), a
    dict literal with a ``"phase"`` key (``**{"phase": ...}`` or a ``changes`` dict),
    ``setattr``/``object.__setattr__`` of ``"phase"``, and an assignment to ``x.phase``.
    Not seen: a ``**changes`` whose keys are computed at run time. Not a write: a sentence's
    ``str.format(phase=...)`` (a translated line names the phase it shows).
    """
    allowed = PHASE_SETTERS.get(filename.rsplit("/", 1)[-1], frozenset())
    found: list[str] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name if function == "<module>" else function
        writes = False
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
                node.func, "id", "")
            # "...{phase}...".format(phase=...) fills a sentence's words, it writes no state
            writes = name != "format" and any(k.arg == "phase" for k in node.keywords)
            if name in ("setattr", "__setattr__") and len(node.args) >= 2:
                key = node.args[1]
                writes |= isinstance(key, ast.Constant) and key.value == "phase"
        elif isinstance(node, ast.Dict):
            writes = any(isinstance(k, ast.Constant) and k.value == "phase" for k in node.keys)
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            writes = any(isinstance(t, ast.Attribute) and t.attr == "phase" for t in targets)
        if writes and "*" not in allowed and function not in allowed:
            found.append(f"{filename}:{getattr(node, 'lineno', 0)} ({function})")
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(source), "<module>")
    return found


@pytest.mark.parametrize("game", SHIPPED)
def test_only_the_phase_table_sets_the_phase(game: str) -> None:
    """No move handler or helper writes ``phase`` into a state: transitions live in the game's
    ``turn`` module (the phase table, run by ``core.flow``); setup's first phase, hand-built
    positions and views aside (:data:`PHASE_SETTERS`).

    Shown to fail on broken copies: see
    :func:`test_the_phase_guard_catches_every_spelling_of_a_phase_write` (synthetic sources)
    and :func:`test_the_phase_guard_fails_on_a_broken_copy_of_a_real_handler` (Monsoon's
    ``moves.py`` with ``phase="end"`` added to a ``replace(state, ...)`` call, the example of
    issue 26 that the old ``x.replace(phase=...)``-only check let through).
    """
    root = Path(importlib.import_module(registry.entry(game).module).__file__).parent
    offenders = []
    for path in sorted(root.rglob("*.py")):
        offenders += phase_writes(path.read_text(encoding="utf-8"),
                                  str(path.relative_to(root)))
    assert offenders == []


PHASE_WRITES = {
    "replace(state, ...)": "from msgspec.structs import replace\n"
                           "def f(state):\n    return replace(state, phase='end')\n",
    "msgspec.structs.replace": "import msgspec\n"
                               "def f(s):\n    return msgspec.structs.replace(s, phase='end')\n",
    "structs alias": "from msgspec import structs as st\n"
                     "def f(s):\n    return st.replace(s, turn=1, phase='end')\n",
    "replace alias": "from msgspec.structs import replace as copy_with\n"
                     "def f(s):\n    return copy_with(s, phase='end')\n",
    "method": "def f(s):\n    return s.replace(pending=None, phase='over')\n",
    "constructor": "def f(s):\n    return State(rules=s.rules, phase='stock')\n",
    "dict splat": "def f(s):\n    return s.replace(**{'phase': 'end'})\n",
    "changes dict": "def f(s):\n    changes = dict(phase='end')\n    return s.replace(**changes)\n",
    "changes literal": "def f(s):\n    changes = {'phase': 'end'}\n"
                       "    return s.replace(**changes)\n",
    "setattr": "def f(s):\n    object.__setattr__(s, 'phase', 'end')\n    return s\n",
    "assignment": "def f(s):\n    s.phase = 'end'\n    return s\n",
    "lambda at module level": "CHEAT = lambda s: s.replace(phase='end')\n",
}


@pytest.mark.parametrize("spelling", list(PHASE_WRITES))
def test_the_phase_guard_catches_every_spelling_of_a_phase_write(spelling: str) -> None:
    """Each synthetic source writes the phase once, in a move handler file: the guard flags it
    there, and lets the same source through only where :data:`PHASE_SETTERS` allows it."""
    source = PHASE_WRITES[spelling]
    assert len(phase_writes(source, "moves.py")) == 1, spelling
    assert phase_writes(source, "turn.py") == []


def test_the_phase_guard_lets_other_fields_and_readers_through() -> None:
    source = ("from msgspec.structs import replace\n"
              "def f(s):\n    t = replace(s, turn=s.turn + 1)\n"
              "    return t.replace(pending=None) if t.phase == 'end' else get_phase(t)\n"
              "def line(s):\n    return _('turn {turn}, {phase}').format(turn=1, phase=s.phase)\n")
    assert phase_writes(source, "moves.py") == []
    assert phase_writes("def setup(r):\n    return State(rules=r, phase='open')\n",
                        "rules.py") == []
    assert phase_writes("def apply(s):\n    return State(rules=r, phase='open')\n",
                        "rules.py") == ["rules.py:2 (apply)"]


def test_the_phase_guard_fails_on_a_broken_copy_of_a_real_handler() -> None:
    """Issue 26's example, made for real: Monsoon's ``moves.py`` with ``phase="end"`` added to
    its first ``replace(state, ...)`` call (``msgspec.structs.replace``)."""
    moves = Path(importlib.import_module("marketlib.monsoon.moves").__file__)
    source = moves.read_text(encoding="utf-8")
    assert phase_writes(source, "moves.py") == []
    broken = source.replace("replace(state, ", "replace(state, phase=\"end\", ", 1)
    assert broken != source
    found = phase_writes(broken, "moves.py")
    assert len(found) == 1 and found[0].startswith("moves.py:")


def check_candidates(module: Any, seeds: int = 8) -> None:
    """Raise ``AssertionError`` where ``legal_actions`` (and any-time actions) and ``explain``
    disagree on a candidate action, at random positions of ``seeds`` games."""
    rng = random.Random(3)
    for seed in range(seeds):
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


@pytest.mark.parametrize("game", SHIPPED)
def test_legal_actions_are_the_candidates_the_checks_pass(game: str) -> None:
    """legal_actions keeps exactly the candidate actions every check passes: nothing legal is
    missed (explain accepts no other well-formed action) at random positions.

    Shown to fail on broken copies:
    :func:`test_the_candidates_test_fails_on_a_broken_copy` (a ``legal_actions`` that drops
    its last action; an ``explain`` that refuses every pass)."""
    check_candidates(importlib.import_module(registry.entry(game).module))


def test_the_candidates_test_fails_on_a_broken_copy() -> None:
    real = importlib.import_module("marketlib.monsoon")
    dropping = SimpleNamespace(**vars(real))
    dropping.legal_actions = lambda state: real.legal_actions(state)[:-1]
    with pytest.raises(AssertionError):
        check_candidates(dropping, seeds=2)
    refusing = SimpleNamespace(**vars(real))
    refusing.explain = lambda state, action: (
        "no" if isinstance(action, real.Pass) else real.explain(state, action))
    with pytest.raises(AssertionError):
        check_candidates(refusing, seeds=2)


REPR_LIMIT = 120
"""The longest ``repr`` a state or view may have (one line; a Bansan state's msgspec repr
was 3.9 KB)."""


def hidden_of(state: Any) -> tuple[set[str], set[str]]:
    """The card IDs a state hides from every seat (decks, removed cards, Wallets; A-B-57,
    A-M-25) and other secrets (the reshuffle seed, the money held in a hidden Wallet)."""
    ids: set[str] = set()
    secrets = {str(state.shuffle_key)} if state.shuffle_key > 999 else set()
    for field in ("deck", "removed", "list_deck", "event_deck", "goods_deck", "order_deck"):
        ids |= set(getattr(state, field, ()))
    for vendor in getattr(state, "vendors", ()):
        ids |= set(vendor.wallet)
        secrets.add(f"RM{vendor.money}")
    return ids, secrets


def repr_problems(text: str, state: Any) -> list[str]:
    """How ``text`` (a state's or view's ``repr``) breaks the contract: one line of at most
    :data:`REPR_LIMIT` characters, no hidden card ID, no secret."""
    problems = []
    if "\n" in text:
        problems.append("more than one line")
    if len(text) > REPR_LIMIT:
        problems.append(f"{len(text)} characters")
    ids, secrets = hidden_of(state)
    shown = set(re.findall(r"\b[A-Z]{2}-\d+\b", text)) & ids
    if shown:
        problems.append(f"hidden cards {sorted(shown)[:5]}")
    problems += [f"secret {s}" for s in sorted(secrets) if s in text]
    return problems


REPR_SETTINGS = {
    "monsoon": [{"players": 3}, {"players": 5, "seal_target": 30}],
    "bansan": [{"players": 3}, {"players": 4, "events": "reconstructed"},
               {"players": 3, "mode": "kenduri"}, {"players": 1, "mode": "sendiri"}],
}


@pytest.mark.parametrize("game", SHIPPED)
def test_state_and_view_repr_is_one_deterministic_line_that_hides_nothing(game: str) -> None:
    """Both games' states and views have the same ``repr`` contract (issue 26): one line of at
    most :data:`REPR_LIMIT` characters, the same for equal states (a copy through a save
    file's JSON too), with no hidden card ID (Deck, removed cards, list and Event decks, any
    Wallet: B-SETUP-02, A-B-57; A-M-25) and no secret (``shuffle_key``, hidden money).

    Shown to fail on the broken copy: msgspec's own ``repr`` of the same states (Bansan's old
    ``repr``: 3.9 KB with the Deck order), see the end of this test."""
    module = importlib.import_module(registry.entry(game).module)
    rng = random.Random(5)
    for spec in REPR_SETTINGS[game]:
        state = module.setup(module.Rules(**spec), 11)
        seen = 0
        while True:
            if seen % 7 == 0 or module.outcome(state) is not None:
                copy = msgspec.json.decode(msgspec.json.encode(state), type=type(state))
                assert repr(copy) == repr(state)
                assert repr_problems(repr(state), state) == [], (spec, repr(state))
                for seat in range(spec["players"]):
                    v = module.view(state, seat)
                    assert repr_problems(repr(v), state) == [], (spec, repr(v))
                broken = msgspec.Struct.__repr__(state)
                assert repr_problems(broken, state) != []
            if module.outcome(state) is not None or seen > 400:
                break
            state = module.apply(state, rng.choice(module.legal_actions(state)))
            seen += 1
    assert repr(module.setup(module.Rules(), 1)).startswith(f"State({game}")
