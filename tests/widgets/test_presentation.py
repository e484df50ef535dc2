"""Issue 28, point 4: each game's presentation is one table under ``marketlib/widgets/``, one
row per action kind (label, button verb, target, clicks), and it covers every kind."""

from __future__ import annotations

import random

import pytest

from marketlib import Match, bansan, monsoon
from marketlib.bansan import words as bansan_words
from marketlib.bansan.table import ACTIONS as BANSAN_ACTIONS
from marketlib.core.i18n import language
from marketlib.monsoon import words as monsoon_words
from marketlib.monsoon.table import ACTIONS as MONSOON_ACTIONS
from marketlib.widgets.bansan_table import SHOWN as BANSAN_SHOWN
from marketlib.widgets.monsoon_table import SHOWN as MONSOON_SHOWN
from marketlib.widgets.presentation import Presentation, row

CASES = [("bansan", bansan.Rules(players=3), BANSAN_SHOWN, bansan_words, BANSAN_ACTIONS),
         ("monsoon", monsoon.Rules(players=3), MONSOON_SHOWN, monsoon_words, MONSOON_ACTIONS)]


@pytest.mark.parametrize(("game", "rules", "shown", "words", "actions"), CASES)
def test_one_row_per_action_kind(game: str, rules: object, shown: Presentation, words: object,
                                 actions: object) -> None:
    assert list(shown.rows) == list(actions.types)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "rules", "shown", "words", "actions"), CASES)
def test_words_label_is_the_rows_label(game: str, rules: object, shown: Presentation,
                                       words: object, actions: object) -> None:
    """The game's ``words.label`` (public, used without a board) and the row agree."""
    match = Match(game, rules, seed=3)
    rng = random.Random(3)
    for _ in range(300):
        if match.outcome is not None:
            break
        seat = match.current_player
        view = match.view(seat)
        legal = match.legal_actions()
        for action in legal:
            assert shown.label(view, action) == words.label(view, action)  # type: ignore[attr-defined]
        match.play(rng.choice(legal))


def test_a_kind_without_a_row_is_refused() -> None:
    rows = tuple(row(t, target=lambda a: "button:x") for t in BANSAN_ACTIONS.types[1:])
    with pytest.raises(ValueError, match="ReturnList"):
        Presentation(BANSAN_ACTIONS, bansan_words.LABELS, rows)


STEADY_RULES = {
    "bansan": [(bansan.Rules(players=3, events="reconstructed", opening_rent_cost=2), (7, 11)),
               (bansan.Rules(players=4, mode="kenduri", rr_cost=1, stocking_mandatory=False),
                (7,)),
               (bansan.Rules(players=1, mode="sendiri"), (7,))],
    "monsoon": [(monsoon.Rules(players=3), (7,))],
}
"""Rules and seeds whose games meet every kind of ``STEADY_LABELS`` and ``LABEL_READS`` (a
sale under its price Event at seed 7, a wholesale BUY under its Event at seed 11, a skipped
stocking where stocking is not mandatory, the Workers' move in Sendiri)."""


def _choices_along(game: str, rules: object, seed: int, steps: int) -> list[tuple[object, object]]:
    """(view, action) for every legal action of the decider and what a person might try, along
    a seeded game (Bansan's offers and bargains too)."""
    match = Match(game, rules, seed=seed)
    rng = random.Random(seed)
    out: list[tuple[object, object]] = []
    for _ in range(steps):
        if match.outcome is not None:
            break
        seat = match.current_player
        view = match.view(seat)
        legal = list(match.legal_actions())
        tried = []
        if game == "bansan":
            tried = [bansan.person_action(match.state, s, rng) for s in range(rules.players)]  # type: ignore[attr-defined]
        out += [(view, a) for a in legal + tried]
        move = next((a for a in tried if match.explain(a) is None and rng.random() < 0.3),
                    rng.choice(legal))
        match.play(move)
    return out


def _steady_checked(game: str, rules: object, seeds: tuple[int, ...]) -> set[str]:
    """Check every steady choice met along the games of ``rules`` and ``seeds`` (see
    :func:`test_a_steady_label_reads_only_the_action_and_the_rules`); the kinds checked."""
    shown = BANSAN_SHOWN if game == "bansan" else MONSOON_SHOWN
    words = bansan_words if game == "bansan" else monsoon_words
    reads = words.LABEL_READS
    checked: set[str] = set()
    for seed in seeds:
        seen = _choices_along(game, rules, seed, 260)
        views = list({id(v): v for v, _ in seen}.values())
        sample = views[:: max(1, len(views) // 12)]
        for lang in ("en", "ms"):
            with language(lang):
                for view, action in seen:
                    read = reads.get(type(action))
                    if type(action) in words.STEADY_LABELS:
                        others = sample
                    elif read is not None:
                        others = [o for o in views if read(o) == read(view)]
                    else:
                        continue
                    said = words.label(view, action)
                    assert all(words.label(other, action) == said for other in others), action
                    assert shown.choice(view, action, lang) == (
                        said, shown.verb(action), shown.target(action), str(action))
                    checked.add(type(action).__name__)
    return checked


@pytest.mark.parametrize("game", ["bansan", "monsoon"])
def test_a_steady_label_reads_only_the_action_and_the_rules(game: str) -> None:
    """``words.STEADY_LABELS`` (issue 28: a board words these once per rules and language,
    ``Presentation.choice``): each such action's label, worded in the position it was listed
    or tried in, reads the same in a dozen other positions of its game (the same rules), in
    English and in Malay; a kind of ``words.LABEL_READS`` reads the same in every position of
    its game where its value is the same; and the table's kept choice is what the row words
    afresh. Every kind of both lists is met. Fails when a kind whose words read the position
    is declared steady (a pick, a done), or when a value read is left out (a sale's or a
    wholesale BUY's price Event). A kind whose words read the card data (a throw's bin, a
    list's icons) would not be caught: one game deals one catalog."""
    words = bansan_words if game == "bansan" else monsoon_words
    checked: set[str] = set()
    for rules, seeds in STEADY_RULES[game]:
        checked |= _steady_checked(game, rules, seeds)
    assert checked == {k.__name__ for k in (*words.STEADY_LABELS, *words.LABEL_READS)}


def test_a_label_that_reads_the_position_is_caught() -> None:
    """The test above on broken copies: Bansan's pick and done declared steady (their words
    read where the card lies, and whether a BUY, a SELL or Upkeep is being finished), and the
    price Event a sale's or a wholesale BUY's words read left out."""
    rules = bansan.Rules(players=3, events="reconstructed")
    steady, reads = bansan_words.STEADY_LABELS, bansan_words.LABEL_READS
    broken = [(steady | {bansan.Pick}, reads),
              (steady | {bansan.Done}, {k: v for k, v in reads.items() if k is not bansan.Done}),
              (steady, {**reads, bansan.Sell: lambda view: None}),
              (steady, {**reads, bansan.BuyWholesale: lambda view: None})]
    try:
        for bansan_words.STEADY_LABELS, bansan_words.LABEL_READS in broken:
            with pytest.raises(AssertionError):
                _steady_checked("bansan", rules, (7, 11))
    finally:
        bansan_words.STEADY_LABELS, bansan_words.LABEL_READS = steady, reads
