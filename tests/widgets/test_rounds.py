"""The round and the turn a board and a text view name, and where they name none.

helper-73 found that the Opening Round read "round 1, turn 1" before the first turn (which read
"round 1, turn 1" again), and that the Closing Round and the end named a turn nobody plays
("round 15, turn 15  Game over  game over  LAST ROUND (P0)" after a 14-turn Sendiri game;
Monsoon's turn limit of 6 ended on "turn 7"). Outside the turns the header and the text view
now name the phase only.
"""

from __future__ import annotations

import random

from marketlib import Match, bansan, monsoon
from marketlib.core.i18n import language
from marketlib.widgets import table_of
from marketlib.widgets.payload import payload


def _heads(match: Match, rng: random.Random) -> list[tuple[str, str, object]]:
    """(phase, the text view's first line, the scene's round) at every position of a game."""
    table = table_of(match.game.GAME.name)
    out = []
    while True:
        seat = match.current_player if match.current_player is not None else 0
        scene = payload(table, match, seat)["scene"]
        out.append((str(match.state.phase), str(match.view(seat)).splitlines()[0],
                    scene["round"]))
        if match.is_over:
            return out
        match.play(rng.choice(match.legal_actions()))


def test_bansan_names_a_round_and_turn_only_in_the_turns() -> None:
    for rules, seed in ((bansan.Rules(players=3), 5), (bansan.Rules(players=1, mode="sendiri"),
                                                       3)):
        heads = _heads(Match("bansan", rules, seed=seed), random.Random(seed))
        for phase, head, rounds in heads:
            if phase in ("open_lists", "open_stock", "draft", "closing", "over"):
                assert rounds is None and "round" not in head and "LAST ROUND" not in head, head
            else:
                assert head.startswith(f"Bansan  round {rounds}, turn "), head
        opening = [h for p, h, _ in heads if p == "open_lists"]
        assert opening[0] == "Bansan  Opening Round: Shopping Lists  P0 to play"
        assert heads[-1][1] == "Bansan  Game over"  # not "Game over  game over"
    closing = [h for p, h, _ in _heads(Match("bansan", bansan.Rules(players=3), seed=5),
                                         random.Random(5)) if p == "closing"]
    assert closing and all(h.startswith("Bansan  Closing Round  P") for h in closing)


def test_monsoon_names_no_turn_once_over() -> None:
    match = Match("monsoon", monsoon.Rules(players=2, max_turns=6), seed=2)
    heads = _heads(match, random.Random(2))
    assert heads[-1] == ("over", "Monsoon Market  Game over  target 15 seals", None)
    assert heads[-2][1].startswith("Monsoon Market  round 3, turn 6  ")  # the last turn played
    with language("ms"):
        assert str(match.view(0)).splitlines()[0] == (
            "Monsoon Market  Permainan tamat  sasaran 15 mohor")
