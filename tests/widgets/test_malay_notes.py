"""The automatic steps Bansan's rules note in a state's own log (``State.note``: the Sendiri
Neighbour's moves and throws, a Row formed, the Kenduri's end) in Bahasa Malaysia on a board
(issue 30, point 5): the board's "automatic steps" list and its text view; English is the rules
code's own text (the golden transcripts hold it)."""

from __future__ import annotations

import random

from marketlib import Match, bansan
from marketlib.core.i18n import language, sentence
from marketlib.widgets import BansanBoard

GAMES = (bansan.Rules(players=1, mode="sendiri"),
         bansan.Rules(players=3, mode="kenduri"),
         bansan.Rules(players=2, mode="kenduri", kenduri_deadline="deck_exhausted"))


def _notes(rules: bansan.Rules, seed: int) -> set[str]:
    match = Match("bansan", rules, seed=seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    while match.outcome is None:
        seen.update(match.state.log)
        match.play(rng.choice(match.legal_actions()))
    seen.update(match.state.log)
    return seen


def test_every_note_of_seeded_games_reads_in_malay() -> None:
    notes = set().union(*(_notes(rules, seed) for rules in GAMES for seed in range(3)))
    assert len(notes) > 50
    with language("ms"):
        english = [note for note in notes if sentence(note) == note]
    assert english == []
    with language("ms"):
        assert sentence("Throw: the Deck is empty (B-SOLO-10)") == "Buang: Dek kosong (B-SOLO-10)"
        assert sentence("final throw: fines RM3 (B-SOLO-17)") == (
            "buangan akhir: denda RM3 (B-SOLO-17)")
        assert sentence("12 Deck cards + RM9 = 21 < 2 x RM12 = 24; lists 2 of 3: LOSS "
                        "(B-SOLO-18)") == ("12 kad Dek + RM9 = 21 < 2 x RM12 = 24; senarai 2 "
                                           "daripada 3: KALAH (B-SOLO-18)")


def test_a_sendiri_board_lists_its_automatic_steps_in_its_language() -> None:
    match = Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=3)
    rng = random.Random(3)
    for _ in range(25):
        match.play(rng.choice(match.legal_actions()))
    english, malay = BansanBoard(match), BansanBoard(match, lang="ms")
    assert english.scene["auto_log"] == list(match.state.log) != []
    assert malay.scene["auto_log"] != english.scene["auto_log"]
    assert any(line.startswith("Barisan dibentuk: ") for line in malay.scene["auto_log"])
    malay._handle_custom_msg({"type": "text", "open": True}, [])  # the text view opened
    assert "  | Barisan dibentuk: " in malay.description
