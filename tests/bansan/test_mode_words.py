"""Words that must follow the mode (helper-115 played the Kenduri and Sendiri): Sendiri has no
Last Round, Closing Round or [B] Deck option (B-SOLO-11, B-SOLO-16/17), the Kenduri no Wallets
(B-KEN-02); a move out of its phase cites the rule of the phase that plays it; end-actions says
the actions it leaves unused (A-B-19)."""

from __future__ import annotations

import random

from bansan_helpers import play

from marketlib import Match, bansan
from marketlib.bansan import EndActions, Rules, position, view
from marketlib.bots import GreedyBot
from marketlib.core.i18n import language, sentence

SENDIRI = Rules(players=1, mode="sendiri")


def _sendiri_until(phase: str, seed: int = 3) -> Match:
    match = Match("bansan", SENDIRI, seed=seed)
    while match.state.phase != phase:
        match.play(match.legal_actions()[0])
    return match


def test_a_sendiri_refusal_never_sends_the_vendor_to_a_closing_round() -> None:
    match = _sendiri_until("solo_move")
    why = match.explain("P0 complete SL-01 PC-01")
    assert why is not None and why.rule == "B-UPK-02"  # the rule of the step that plays it
    assert why.reason.endswith("it comes in 'Upkeep: complete Shopping Lists'")
    assert "Closing Round" not in why.reason
    standard = bansan.position(rents={0: ["FV"], 1: ["WG"]}, phase="actions")
    assert "or in 'Closing Round'" in str(bansan.explain(
        standard, bansan.parse_action("P0 complete SL-25 PC-78")))


def test_sendiris_stocking_refusal_speaks_of_the_row_only() -> None:
    match = _sendiri_until("stock")
    why = match.explain("P0 skip-stocking")
    assert why is not None and (why.rule, why.reason) == (
        "B-SOLO-11", "stocking from the Row is mandatory while a Row card can be stocked "
        "(A-B-18)")


def test_sendiri_says_its_game_ends_after_the_turn_not_a_last_round() -> None:
    """Along seeded Sendiri games of a GreedyBot (which completes its lists), a move that fires
    an end trigger says the game ends after this turn (B-SOLO-16), and the text view's header
    says LAST TURN; never "Last Round"."""
    seen = set()
    for seed in range(3):
        rng = random.Random(seed)
        bot = GreedyBot()
        s = bansan.setup(SENDIRI, seed)
        while bansan.outcome(s) is None:
            for a in bansan.legal_actions(s):
                said = str(bansan.preview(bansan.view(s, 0), a, legal=True))
                assert "Last Round" not in said, said
                if "the game ends after this turn (B-SOLO-16)" in said:  # certain
                    assert bansan.apply(s, a).trigger is not None
                    seen.add("preview")
                if "it may draw the last card, which ends the game after this turn " in said:
                    seen.add("preview")  # a draw that may empty the Deck (B-END-01)
            s = bansan.apply(s, bot.choose(bansan.view(s, 0), bansan.legal_actions(s), rng))
            text = str(bansan.view(s, 0))
            assert "LAST ROUND" not in text
            if s.trigger is not None and bansan.outcome(s) is None:
                assert "LAST TURN" in text.splitlines()[0]
                seen.add("header")
    assert seen == {"preview", "header"}
    with language("ms"):
        assert sentence("the game ends after this turn (B-SOLO-16)") == (
            "permainan tamat selepas giliran ini (B-SOLO-16)")


def test_the_kenduri_text_view_shows_no_wallets() -> None:
    match = Match("bansan", Rules(players=3, mode="kenduri"), seed=3)
    for seat in (0, 1, None):
        text = str(match.view(seat))
        assert "wallet [" not in text and " done [-] bag(0)" in text
    assert "wallet [" in str(Match("bansan", Rules(players=3), seed=3).view(1))


def test_end_actions_says_the_actions_it_leaves_unused() -> None:
    s = position(rents={0: ["FV"], 1: ["WG"]}, phase="actions", bins={"PL": 2})
    said = str(bansan.preview(view(s, 0), EndActions(player=0)))
    assert said == "ends your Action Phase with 2 action(s) unused (A-B-19); Upkeep follows"
    s = play(s, "P0 empty PL")
    assert str(bansan.preview(view(s, 0), EndActions(player=0))) == (
        "ends your Action Phase with 1 action(s) unused (A-B-19); Upkeep follows")
    with language("ms"):
        assert sentence(said) == ("menamatkan Fasa Tindakan anda dengan 2 tindakan tidak "
                                  "digunakan (A-B-19); Penyelenggaraan menyusul")


def test_completing_sendiris_third_list_says_the_game_ends_after_this_turn() -> None:
    s = position(rules=SENDIRI, wallets={0: ["SL-19"]}, completed={0: ["SL-01", "SL-02"]},
                 phase="complete", bags={0: ["MT:PA", "MT:PA", "SF:PA", "SF:PA"]})
    complete = bansan.legal_actions(s)[0]
    assert str(bansan.preview(view(s, 0), complete)).endswith(
        "; the game ends after this turn (B-SOLO-16)")  # it said "triggers the Last Round"
    after = bansan.apply(s, complete)
    assert str(view(after, 0)).splitlines()[0].endswith("P0 to play  LAST TURN")


def test_a_preview_names_the_overflow_fine_inside_its_money_change() -> None:
    """Completing an RM12 list with cards that overflow the Paper bin: the money line moves by
    RM12 - RM3, and the fine is said with its rule (helper-115 read "money RM30 -> RM41" for an
    RM12 list and could not tell why)."""
    s = position(rents={0: ["FV"], 1: ["WG"]}, wallets={0: ["SL-19"]}, phase="complete",
                 money=[0, 10], bags={0: ["MT:PA", "MT:PA", "SF:PA", "SF:PA"]}, bins={"PA": 4})
    complete = bansan.legal_actions(s)[0]
    said = str(bansan.preview(view(s, 0), complete))
    assert said.startswith("money RM0 -> RM9; fined RM3 for cards that overflow their bins "
                           "(B-UPK-05); Bag 4 -> 0 cards")
    with language("ms"):
        assert "; didenda RM3 untuk kad yang melimpahi tongnya (B-UPK-05); " in sentence(said)
    no_fine = position(rents={0: ["FV"], 1: ["WG"]}, wallets={0: ["SL-19"]}, phase="complete",
                       money=[0, 10], bags={0: ["MT:PA", "MT:PA", "SF:PA", "SF:PA"]})
    assert "fined" not in str(bansan.preview(view(no_fine, 0), bansan.legal_actions(no_fine)[0]))


def test_a_kenduri_closing_round_with_every_list_done_asks_to_complete_none() -> None:
    """helper-119, in the Closing Round of a Kenduri whose 5 lists were done: "You are completing
    your last Shopping Lists in the Closing Round" and "complete any Shopping Lists you can",
    with done as the only choice."""
    from pathlib import Path

    from marketlib import Match
    from marketlib.bansan import words
    from marketlib.core.i18n import language

    match = Match.load(Path(__file__).parents[1] / "bots" / "games" /
                       "kenduri_3p_seed1_feast.json")
    state = next(s for s in match.states if s.phase == "closing")
    assert state.public == () and [str(a) for a in bansan.legal_actions(state)] == ["P0 done"]
    mine, other = bansan.view(state, 0), bansan.view(state, 1)
    assert words.instruction(mine, 0, 0) == (
        "Closing Round: every Kenduri list is completed, so finish (done); your leftover "
        "produce is thrown into the bins (B-END-05).")
    assert words.step(mine, 0, 0) == ("You are finishing the Closing Round: every Kenduri "
                                      "list is completed (B-KEN-06).")
    assert words.step(other, 0, 1) == ("P0 is finishing the Closing Round: every Kenduri "
                                       "list is completed (B-KEN-06).")
    with language("ms"):
        assert "Kenduri" in words.step(mine, 0, 0) and "Closing Round" not in \
            words.step(mine, 0, 0)
