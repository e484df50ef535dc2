"""The computer players' reasons and the words of their deals in each seat's language (issue 30,
point 5): a board words a reason where its log is written, so two seats of one table read it in
their own languages; English stays the words the bots always wrote (``str`` of the reason),
the move notation and ``Match.log()`` unchanged. Inside a Sendiri note the Neighbour's step
reads "Jiran" (the glossary's word), its notation kept."""

from __future__ import annotations

import copy
import pickle
import random
import re

from marketlib import Match, bansan
from marketlib.bots import GreedyBot, ISMCTSBot, RandomBot
from marketlib.core.i18n import Later, language
from marketlib.widgets import BansanBoard, table_of
from marketlib.widgets.session import SeatSession
from marketlib.widgets.shared import TableSession
from marketlib.widgets.story import log_lines

ENGLISH = re.compile(r"\b(plays|because|money goes|keeps its position|then|picked|at random|"
                     r"legal actions|out of turn|heuristic value|I'll|I accept|I decline|"
                     r"offers|better off|worth)\b")
"""Words of the bots' English sentences (none is table notation)."""


def _table(seed: int = 4) -> tuple[TableSession, SeatSession, SeatSession]:
    """A Bansan table with open Wallets (so each person may read the computer player's
    reasons): P0 reads Malay, P1 English, P2 is a GreedyBot; the people play seeded random
    moves for a while."""
    match = Match("bansan", bansan.Rules(players=3, hidden_wallets=False), seed=seed)
    shared = TableSession(table_of("bansan"), match, {2: GreedyBot()})
    malay = SeatSession(shared, 0, hot_seat=False, lang="ms")
    english = SeatSession(shared, 1, hot_seat=False, lang="en")
    rng = random.Random(seed)
    shared.run_bots()
    for _ in range(70):
        if match.outcome is not None:
            break
        match.play(rng.choice(match.legal_actions()))
        shared.run_bots()
    malay.refresh()
    english.refresh()
    return shared, malay, english


def test_two_seats_of_one_table_read_the_bots_reasons_each_in_its_language() -> None:
    shared, malay, english = _table()
    match = shared.match
    ms, en = malay.traits()["log"], english.traits()["log"]
    assert len(ms) == len(en) == len(match.history)
    said = [i for i, line in enumerate(en) if " - GreedyBot: " in line]
    assert len(said) >= 5
    assert said == [i for i, line in enumerate(ms) if " - GreedyBot: " in line]
    for i in said:
        reason = shared.reasons[(i, match.history[i])].text
        assert isinstance(reason, Later)
        # English: the board's line is Match.log()'s with the bot's English sentence after it
        assert en[i] == f"{match.log(1)[i]} - {reason}"
        # its turn's line ("plays ..., because ..."), or an out-of-turn Rent & Release
        assert str(reason).startswith(("GreedyBot: plays ", "GreedyBot: played "))
        # Malay: the same move in table notation, the reason worded in Malay
        notation = str(match.history[i])
        assert ms[i].startswith(f"{notation} - GreedyBot: memainkan ") or ms[i].startswith(
            notation + ":")  # a reveal's sentence (translated itself) before the reason
        malay_reason = ms[i].split(" - ", 1)[1]
        assert malay_reason == reason.said("ms")
        assert not ENGLISH.search(malay_reason), malay_reason
        assert (", kerana " in malay_reason) == (" because " in en[i])
        assert notation.split(" ", 1)[1] in malay_reason  # the moves it names stay notation
    assert not any("memainkan" in line or "kerana" in line for line in en)
    # the English seat's log without reasons is exactly the rules code's log
    assert [line.split(" - GreedyBot: ")[0] for line in en] == match.log(1)


def test_a_seat_that_switches_language_reads_the_same_reasons_in_the_new_one() -> None:
    shared, malay, english = _table(seed=6)
    before, other = english.traits()["log"], malay.traits()["log"]
    english.lang = "ms"
    english.refresh()
    after = english.traits()["log"]
    assert malay.traits()["log"] == other  # the other seat's board is not touched
    assert [line.split(" - GreedyBot: ")[0] for line in before] == shared.match.log(1)
    reasons = [(b, a) for b, a in zip(before, after, strict=True) if " - GreedyBot: " in b]
    assert reasons
    for b, a in reasons:
        assert "GreedyBot: play" in b and "GreedyBot: memainkan " in a
    english.lang = "en"
    english.refresh()
    assert english.traits()["log"] == before


def test_every_bots_reason_reads_in_malay_in_a_board_log() -> None:
    """RandomBot, ISMCTSBot and dealing GreedyBots (their proposals and answers), in the
    teacher's log of a board: no English sentence of theirs is left in Malay, and the English
    log is ``Match.log()`` with the English reasons."""
    rules = bansan.Rules(players=3, allow_trades=True)
    words = {"RandomBot: memilih ": "RandomBot: picked ", "ISMCTSBot: memainkan ":
             "ISMCTSBot: plays ", "Saya akan tukar ": "I'll swap ", "Saya tolak: ": "I decline: "}
    seen: set[str] = set()
    for bots in ({1: RandomBot(), 2: ISMCTSBot(15)}, {1: GreedyBot(deals=True),
                                                      2: GreedyBot(deals=True)}):
        match = Match("bansan", rules, seed=7)  # a deal whose dealing GreedyBots both propose
        # and decline in the first 60 moves (12 did until R&R mid-BUY, A-B-60, changed P0's
        # random moves; a decline is in 4 of seeds 0-29)
        board = BansanBoard(match, opponents=bots)
        rng = random.Random(2)
        for _ in range(60):
            if match.outcome is not None:
                break
            board.play(rng.choice(match.legal_actions()))
        reasons = board.session.table.reasons
        english = log_lines(match, None, reasons)
        with language("ms"):
            malay = log_lines(match, None, reasons)
        assert [line.split(" - ")[0] for line in english] == match.log()
        said = [i for i, line in enumerate(english) if "Bot: " in line]
        assert len(said) >= 5
        for i in said:
            notation = str(match.history[i])
            assert english[i].startswith(notation) and malay[i].startswith(notation)
            assert not ENGLISH.search(malay[i].split("Bot: ", 1)[1]), malay[i]
            seen.update(ms for ms, en in words.items() if ms in malay[i] and en in english[i])
    assert seen == set(words)


def test_the_words_of_a_dealing_bot_in_malay() -> None:
    s = bansan.position(
        rules=bansan.Rules(players=3), rents={0: ["FV"], 1: ["WG"], 2: ["DG"]},
        phase="actions", current=1, wallets={0: ["SL-15"], 1: ["SL-32"]}, money=[10, 10, 10],
        bags={0: ["PC-31=WG", "PC-32=WG", "PC-61=MT"], 1: ["PC-62=MT"]})
    bot = GreedyBot(deals=True)
    bot.any_time(bansan.view(s, 0), bansan.any_time_actions(s, 0), random.Random(0))
    proposal = bot.explain_choice()
    assert proposal == "I'll pay RM1 for P1's Meat: it completes my list worth RM12."
    assert proposal.said("ms") == ("Saya akan bayar RM1 untuk Daging milik P1: ia melengkapkan "
                                   "senarai saya yang bernilai RM12.")

    def answered(offer: object) -> str:
        after = bansan.apply(s, offer)
        answering = GreedyBot(deals=True)
        answering.choose(bansan.view(after, 0), bansan.legal_actions(after), random.Random(0))
        return answering.explain_choice()

    good = answered(bansan.ProposeTrade(player=1, to=0, give=("PC-62",), ask=1))
    assert good == "I accept: P1 offers its Meat (PC-62) for RM1; it leaves me better off."
    assert good.said("ms") == ("Saya terima: P1 menawarkan Daging (PC-62) miliknya untuk RM1; "
                               "kedudukan saya lebih baik dengannya.")
    bad = answered(bansan.ProposeTrade(player=1, to=0, take=("PC-61",)))
    assert bad.said("ms") == ("Saya tolak: P1 menawarkan tiada apa-apa untuk Daging (PC-61) "
                              "anda; kedudukan saya tidak akan lebih baik dengannya.")
    # a Later pickles and copies as itself, with its words for every language
    for copied in (pickle.loads(pickle.dumps(bad)), copy.deepcopy(bad)):
        assert copied == bad and copied.said("ms") == bad.said("ms")


def test_a_counter_offer_in_malay() -> None:
    s = bansan.position(
        rules=bansan.Rules(players=3, hidden_wallets=False),
        rents={0: ["FV"], 1: ["WG"], 2: ["DG"]}, phase="actions", current=1,
        wallets={0: ["SL-15"], 1: ["SL-32"]}, money=[10, 10, 10],
        bags={0: ["PC-31=WG", "PC-32=WG", "PC-61=MT"], 1: ["PC-62=MT"]})
    after = bansan.apply(s, bansan.ProposeTrade(player=1, to=0, give=("PC-62",), ask=3))
    bot = GreedyBot(deals=True)
    bot.choose(bansan.view(after, 0), bansan.legal_actions(after), random.Random(0))
    said = bot.explain_choice()
    assert said == "P1 offers its Meat (PC-62) for RM3; I offer RM2 for your Meat (PC-62) instead."
    assert said.said("ms") == ("P1 menawarkan Daging (PC-62) miliknya untuk RM3; saya menawarkan "
                               "RM2 untuk Daging (PC-62) anda sebagai ganti.")


def test_a_sendiri_note_names_the_neighbour_jiran_in_malay() -> None:
    match = Match("bansan", bansan.Rules(players=1, mode="sendiri"), seed=4)
    rng = random.Random(4)
    moved: list[str] = []
    while match.outcome is None and not any(", Neighbour " in n for n in moved):
        match.play(rng.choice(match.legal_actions()))
        moved = [n for n in match.state.log if ": move row " in n]
    english, malay = BansanBoard(match), BansanBoard(match, lang="ms")
    note = next(n for n in english.scene["auto_log"] if ", Neighbour " in n)
    assert note in match.state.log  # the rules code's English, unchanged
    said = malay.scene["auto_log"][english.scene["auto_log"].index(note)]
    steps = note.split(": ", 2)[2]
    assert said.endswith(steps.replace(", Neighbour ", ", Jiran ")), said
    assert said.startswith("giliran ") and "Neighbour" not in said
    for board in (english, malay):  # its text view opened (written only while it is open)
        board._handle_custom_msg({"type": "text", "open": True}, [])
    assert "Jiran ST-" in malay.description and "Neighbour ST-" in english.description
