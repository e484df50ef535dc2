"""An EMPTY's preview says where the bin's cards go and why it pays what it pays, each part with
its rule (B-EMPTY-01..03, a bin-bonus Event; helper-112 read "money RM13 -> RM15" and no word of
why). The parts come from ``queries.empty_gains``, the sum the EMPTY handler pays."""

from __future__ import annotations

import random

import msgspec
import pytest

from marketlib import bansan
from marketlib.bansan import actions as A
from marketlib.bansan import position
from marketlib.bansan.cards import Waste
from marketlib.bansan.queries import empty_gains
from marketlib.bansan.state import Reminder
from marketlib.core.i18n import language, sentence


def _preview(state: bansan.State, bin: str) -> str:
    action = A.Empty(player=state.current, bin=Waste(bin))
    return str(bansan.preview(bansan.view(state, state.current), action))


def _actions(**spec: object) -> bansan.State:
    return position(phase="actions", rents={0: ["FV", "DG"], 1: ["WG", "MT"]},
                    **spec)  # type: ignore[arg-type]


def test_the_first_bin_says_where_its_cards_go_and_the_base_gain() -> None:
    said = _preview(_actions(bins={"OR": 3}), "OR")
    assert said.startswith("the Organic bin's 3 card(s) go to the Outside Market, and you gain "
                           "RM2 (B-EMPTY-01); uses 1 action now (1 left, B-ACT-01); "
                           "money RM10 -> RM12")


def test_a_second_bin_and_an_overflowing_bin_say_their_bonus() -> None:
    s = bansan.apply(_actions(bins={"OR": 3, "PL": 6}), A.Empty(player=0, bin=Waste("OR")))
    said = _preview(s, "PL")
    assert said.startswith(
        "the Plastic bin's 6 card(s) go to the Outside Market, and you gain RM2 (B-EMPTY-01); "
        "+RM1: it is not the first bin you empty this turn (B-EMPTY-02); "
        "+RM1: the bin is overflowing (B-EMPTY-03); uses 1 action now (0 left, B-ACT-01); "
        "money RM12 -> RM16")


def test_the_rules_in_force_set_the_amounts_and_an_empty_bin_may_be_emptied() -> None:
    rules = bansan.Rules(players=2, empty_base=3, empty_bonus_overflow=2,
                         allow_empty_empty_bin=True)
    assert _preview(_actions(rules=rules, bins={"PA": 7}), "PA").startswith(
        "the Paper bin's 7 card(s) go to the Outside Market, and you gain RM3 (B-EMPTY-01); "
        "+RM2: the bin is overflowing (B-EMPTY-03)")
    assert _preview(_actions(rules=rules), "PA").startswith(
        "the Paper bin holds no card: you gain RM3 (B-EMPTY-01, A-B-12); uses 1 action")


def test_a_bonus_set_to_rm0_is_no_part() -> None:
    rules = bansan.Rules(players=2, empty_bonus_additional=0)
    s = bansan.apply(_actions(rules=rules, bins={"OR": 3, "PL": 2}),
                     A.Empty(player=0, bin=Waste("OR")))
    said = _preview(s, "PL")
    assert "B-EMPTY-02" not in said and "+RM0" not in said
    assert said.startswith("the Plastic bin's 2 card(s) go to the Outside Market, and you gain "
                           "RM2 (B-EMPTY-01); uses 1 action now")


def test_a_bin_bonus_event_beside_the_bag_is_named() -> None:
    s = msgspec.structs.replace(_actions(bins={"PA": 2}),
                                reminders=(Reminder(seat=0, event="EV-25"),
                                           Reminder(seat=1, event="EV-26")))
    said = _preview(s, "PA")
    assert "; +RM1 from Gotong-royong clean-up (EV-25); " in said  # not P1's EV-26
    assert "money RM10 -> RM13" in said
    assert bansan.apply(s, A.Empty(player=0, bin=Waste("PA"))).vendors[0].money == 13


def test_the_words_are_said_in_malay() -> None:
    s = bansan.apply(_actions(bins={"OR": 3, "PL": 6}), A.Empty(player=0, bin=Waste("OR")))
    with language("ms"):
        said = sentence(_preview(s, "PL"))
    assert said.startswith(
        "6 kad dalam tong Plastik pergi ke Luar Pasar, dan anda dapat RM2 (B-EMPTY-01); "
        "+RM1: ia bukan tong pertama yang anda kosongkan pada giliran ini (B-EMPTY-02); "
        "+RM1: tong itu melimpah (B-EMPTY-03); menggunakan 1 tindakan sekarang")


def _paid(state: bansan.State, waste: str) -> int:
    """What B-EMPTY-01..03 and the bin-bonus Events pay, worked out here from the rules' words
    (not from ``empty_gains``, which the handler sums): RM2, +RM1 after the first bin of the
    turn, +RM1 for a bin over its capacity, +RM1 per bin-bonus Event beside the bag."""
    rules = state.rules
    cards = state.bins[["PL", "PA", "OR"].index(waste)]
    events = bansan.catalog(state).events
    bonus = sum(1 for r in state.reminders if r.seat == state.current
                and events[r.event].effect.value == "bin_bonus")
    return (rules.empty_base + (rules.empty_bonus_additional if state.bins_emptied else 0)
            + (rules.empty_bonus_overflow if len(cards) > rules.bin_capacity else 0) + bonus)


@pytest.mark.parametrize("rules", [bansan.Rules(players=3),
                                   bansan.Rules(players=4, events="reconstructed"),
                                   bansan.Rules(players=1, mode="sendiri")], ids=str)
def test_the_gains_said_are_the_money_the_empty_pays(rules: bansan.Rules) -> None:
    """Along seeded random games, every legal EMPTY pays what the rules say (worked out in
    :func:`_paid`), ``empty_gains`` adds up to it, and the preview names each part's rule."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = bansan.setup(rules, seed)
        while bansan.outcome(s) is None:
            legal = bansan.legal_actions(s)
            for a in legal:
                if isinstance(a, A.Empty):
                    gains = empty_gains(s, a.bin)
                    before = s.vendors[a.player].money
                    paid = _paid(s, a.bin.value)
                    assert bansan.apply(s, a).vendors[a.player].money == before + paid
                    assert sum(g.amount for g in gains) == paid
                    said = _preview(s, a.bin.value)
                    assert all(f"({g.event or g.rule}" in said for g in gains)
                    checked += 1
            s = bansan.apply(s, rng.choice(legal))
    assert checked > 20
