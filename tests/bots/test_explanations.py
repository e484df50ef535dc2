"""Issue 29, point 6: a bot's explanation names what it actually does. Each test plays seeded
games, cuts every bot's play into the lines it explained (a line starts where the bot planned
it, ``Plan.start``, and ends where the turn passes on or the bot plans again), and checks every
action, Order, level and card the sentence names against the actions played.

The finding: notebook 04's hint said "fulfils MO-29 at silver then gold" while the bot fulfilled
MO-29 at Silver and then MO-14 at Gold (every declared level was pinned on the first Order)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from marketlib import bansan, monsoon
from marketlib.bots import GreedyBot, ISMCTSBot
from marketlib.bots.base import Plan

WHY = re.compile(r", (?:raising its seals|so it holds|to collect) .*$")


def explained_lines(game: Any, rules: Any, bot_of: Any, seed: int,
                    monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, list[Any], bool]]:
    """``(sentence, actions played in that line, whether the line ran to its end)`` for every
    line a bot planned and explained in one game."""
    started: list[int] = []
    real_start = Plan.start

    def start(self: Plan, *args: Any) -> Any:
        started.append(1)
        return real_start(self, *args)

    monkeypatch.setattr(Plan, "start", start)
    state = game.setup(rules, seed)
    bots = [bot_of() for _ in range(rules.players)]
    rng = random.Random(seed)
    lines: list[tuple[str, list[Any], bool]] = []
    open_line: tuple[int, str, list[Any]] | None = None
    while game.outcome(state) is None:
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        before = len(started)
        action = bots[seat].choose(game.view(state, seat), legal, rng)
        if len(started) > before:  # a new line: the sentence is about it
            if open_line is not None:
                lines.append((open_line[1], open_line[2], False))  # planned again
            open_line = (seat, bots[seat].explain_choice(), [])
        if open_line is not None and open_line[0] == seat:
            open_line[2].append(action)
        state = game.apply(state, action)
        if open_line is not None and game.current_player(state) != open_line[0]:
            lines.append((open_line[1], open_line[2], True))
            open_line = None
    return lines


def monsoon_steps(played: list[Any]) -> list[str]:
    """The main steps of a played line, as the sentence should name them."""
    steps: list[str] = []
    waiting: int | None = None
    for a in played:
        if isinstance(a, monsoon.Fulfill):
            steps.append(f"fulfils {a.order}")
            waiting = len(steps) - 1
        elif isinstance(a, monsoon.Declare) and waiting is not None:
            steps[waiting] += f" at {a.level.value.title()}"
            waiting = None
        elif isinstance(a, monsoon.Steal):
            steps.append(f"steals {a.card}")
        elif isinstance(a, monsoon.Buy):
            steps.append(f"spends {a.card}")
        elif isinstance(a, monsoon.Upgrade):
            steps.append(f"upgrades {a.order}")
    return steps


def monsoon_named(sentence: str) -> list[str]:
    """The main steps a sentence names (without the Goods and Orders in brackets)."""
    what = WHY.sub("", sentence.split(";")[0].rstrip("."))
    named = []
    for clause in what.split(", then "):
        clause = re.sub(r" \([^)]*\)", "", clause)
        clause = re.sub(r" (?:from|to buy) .*$", "", clause)
        named.append(clause)
    return named


@pytest.mark.parametrize(("bot_of", "seeds"), [(GreedyBot, range(3)),
                                               (lambda: ISMCTSBot(iterations=40), range(1))])
def test_monsoon_sentences_name_every_order_level_and_card_played(
        bot_of: Any, seeds: range, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = 0
    for seed in seeds:
        for players in (2, 3):
            for sentence, played, whole in explained_lines(
                    monsoon, monsoon.Rules(players=players), bot_of, seed, monkeypatch):
                if sentence.startswith("passes"):
                    assert [type(a) for a in played] == [monsoon.Pass], sentence
                    continue
                if sentence.startswith("goes on with "):
                    named = WHY.sub("", sentence.split(";")[0].rstrip("."))
                    said = named.removeprefix("goes on with ").split(", then ")
                    assert said[:len(played)] == [str(a).split(" ", 1)[1] for a in played]
                    continue
                steps, named = monsoon_steps(played), monsoon_named(sentence)
                if whole:
                    assert named == steps, (sentence, played)
                else:  # planned again part-way: what was played is how the line began
                    assert named[:len(steps)] == steps, (sentence, played)
                checked += 1
    assert checked > 20


def test_the_notebook_position_names_both_orders_with_their_own_levels() -> None:
    """Notebook 04, section 2: MO-29 at Silver, then (the Bonus Action) MO-14 at Gold."""
    position = monsoon.position(
        displays=[["Gem2", "Gem2", "Cloth2", "Scroll1", "Pepper3"], ["Wood4", "Leather3"]],
        market=["Cloth3", "Scroll2", "Pepper1", "Gem4"],
        order_display=["MO-29", "MO-07", "MO-14", "MO-36"])
    bot = GreedyBot()
    state, rng = position, random.Random(3)
    played = []
    while monsoon.current_player(state) == 0 and monsoon.outcome(state) is None:
        action = bot.choose(monsoon.view(state, 0), monsoon.legal_actions(state), rng)
        if not played:
            sentence = bot.explain_choice()
        played.append(action)
        state = monsoon.apply(state, action)
    assert sentence == ("fulfils MO-29 (2 Gem + 2 Cloth + 1 Scroll) at Silver, then fulfils "
                        "MO-14 (4 Gem) at Gold, then upgrades MO-29, raising its seals from 0 "
                        "to 9 (the target is 15).")
    assert monsoon_steps(played) == ["fulfils MO-29 at Silver", "fulfils MO-14 at Gold",
                                     "upgrades MO-29"]


def test_bansan_sentences_name_the_actions_played_in_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    checked = 0
    for seed in range(2):
        for sentence, played, whole in explained_lines(
                bansan, bansan.Rules(players=3), GreedyBot, seed, monkeypatch):
            said = re.match(r"plays (.*?)(?: and (\d+) more)?, because ", sentence)
            assert said is not None, sentence
            named = [] if said[1] == "nothing" else said[1].split(", then ")
            more = int(said[2] or 0)
            words = [str(a).split(" ", 1)[-1] for a in played]
            assert words[:len(named)] == named[:len(words)], (sentence, played)
            assert more != 1, sentence  # a fifth move is named, not "and 1 more" (helper-101)
            assert len(named) == 5 if more == 0 and len(named) > 4 else len(named) <= 4
            if whole:
                assert len(played) == len(named) + more, (sentence, played)
            checked += 1
    assert checked > 50


def test_a_bansan_reason_counts_cards_and_lists_in_the_singular_and_plural() -> None:
    """The reason read "its Bag goes from 0 to 1 cards" (seen in a hint on a board, this
    session): one card, one list, as a preview says it; two, in the plural."""
    import msgspec

    from marketlib.bots.heuristics.bansan import HEURISTIC

    s = bansan.position(players=2, phase="actions", rents={0: ["FV"], 1: ["WG"]})
    me = s.vendors[0]
    card = bansan.state.BagCard(card="PC-01", produce=bansan.Produce("FV"))
    after = {n: msgspec.structs.replace(s, vendors=(msgspec.structs.replace(
        me, bag=(card,) * n, completed=("SL-01",) * (n - 1)), s.vendors[1])) for n in (1, 2, 3)}
    said = {n: str(HEURISTIC.describe(s, [], after[n], 0)) for n in (1, 2, 3)}
    assert said[1] == "plays nothing, because its Bag goes from 0 to 1 card."
    assert said[2] == ("plays nothing, because it completes 1 Shopping List; its Bag goes from "
                       "0 to 2 cards.")
    assert said[3] == ("plays nothing, because it completes 2 Shopping Lists; its Bag goes "
                       "from 0 to 3 cards.")


def test_a_bansan_line_of_five_moves_names_all_five() -> None:
    """helper-101 read a bot's line ending "and 1 more": one move is as short to name as to
    count. Five moves are named; six read as four "and 2 more"."""
    from marketlib.bots.heuristics.bansan import HEURISTIC

    rng = random.Random(4)
    s = bansan.setup(bansan.Rules(players=2), seed=4)
    line: list = []
    state = s
    while len(line) < 6:  # the first six moves in a row of one seat in a random game
        seat = bansan.current_player(state)
        if not line or seat != line[0].player:
            s, line = state, []
        action = rng.choice(bansan.legal_actions(state))
        line.append(action)
        state = bansan.apply(state, action)
    five = str(HEURISTIC.describe(s, line[:5], state, line[0].player))
    assert five.startswith("plays " + ", then ".join(str(a).split(" ", 1)[1] for a in line[:5])
                           + ", because"), five
    six = str(HEURISTIC.describe(s, line, state, line[0].player))
    assert six.startswith("plays " + ", then ".join(str(a).split(" ", 1)[1] for a in line[:4])
                          + " and 2 more, because"), six
