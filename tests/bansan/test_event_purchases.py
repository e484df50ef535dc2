"""The Events that change a purchase's money reach every place that works it out.

EV-13..16 (Wholesaler promotion): the vendor's next BUY (ii) from the wholesalers costs RM0;
EV-17..20 (Online sale boom): the next SELL is at full price (RULES 4.1.5, B-UPK-11). The
``done`` handler always paid that; the B-BUY-07 check of a wholesale pick, the money a BUY in
progress commits (A-B-61), the board's pending total and its step line worked the half price
out on their own and missed the Events. They now all read ``queries.purchase_cost``.
"""

from __future__ import annotations

import random

import msgspec
from bansan_helpers import money, play, refused

from marketlib import bansan
from marketlib.bansan import Rules, position
from marketlib.bansan import words as bansan_words
from marketlib.bansan.queries import free_money
from marketlib.bansan.state import Reminder
from marketlib.core.i18n import language, sentence
from marketlib.core.match import Match
from marketlib.widgets.bansan_table import BansanTable

RULES = Rules(players=2, events="reconstructed")


def _reminded(state: bansan.State, event: str, seat: int = 0) -> bansan.State:
    """``state`` with ``event`` waiting beside ``seat``'s bag (B-UPK-11)."""
    return msgspec.structs.replace(state, reminders=(Reminder(seat=seat, event=event),))


def _row(money_: list[int]) -> bansan.State:
    """P0 rents a Meat stall, two Row cards show Meat (RM2 each: half price RM1 a card)."""
    return position(rules=RULES, rents={0: ["MT"], 1: ["WG"]}, money=money_,
                    row=["MT/DG", "MT/SF", "FV/SF"], phase="actions")


def test_b_buy_07_a_free_wholesale_buy_needs_no_money() -> None:
    s = _row([0, 10])
    first, second = s.row[0], s.row[1]
    refused(s, "P0 buy-wholesale MT", "B-BUY-07")  # RM0: half of RM2 is RM1
    free = _reminded(s, "EV-13")
    s = play(free, "P0 buy-wholesale MT", f"P0 pick {first}", f"P0 pick {second}", "P0 done")
    assert money(s) == [0, 10]
    assert [b.card for b in s.vendors[0].bag] == [first, second]


def test_a_b_61_a_free_wholesale_buy_commits_no_money() -> None:
    """A trade proposed in the middle of a free wholesale BUY may promise all the vendor's
    money: the BUY commits none of it (it commits RM2 without the Event)."""
    s = _row([2, 10])
    first, second = s.row[0], s.row[1]
    moves = ("P0 buy-wholesale MT", f"P0 pick {first}", f"P0 pick {second}")
    offer = "P0 trade P1 give=- take=- pay=2 ask=0"
    assert free_money(play(s, *moves), 0) == 0
    refused(play(s, *moves), offer, "B-ANY-02")
    buying = play(_reminded(s, "EV-14"), *moves)
    assert free_money(buying, 0) == 2
    s = play(buying, offer, "P1 accept")
    assert money(s) == [0, 12]
    assert money(play(s, "P0 done")) == [0, 12]


def test_the_board_shows_what_done_would_move_under_the_events() -> None:
    table = BansanTable()
    buying = play(_reminded(_row([5, 10]), "EV-15"), "P0 buy-wholesale MT")
    buying = play(buying, f"P0 pick {buying.row[0]}", f"P0 pick {buying.row[1]}")
    view = bansan.view(buying, 0)
    assert table.scene(view, 0)["pending"]["total"] == 0
    assert "you pay RM0" in bansan_words.step(view, 0, 0)
    plain = play(_row([5, 10]), "P0 buy-wholesale MT")
    plain = play(plain, f"P0 pick {plain.row[0]}", f"P0 pick {plain.row[1]}")
    assert table.scene(bansan.view(plain, 0), 0)["pending"]["total"] == 2

    selling = position(rules=RULES, rents={0: ["MT"], 1: ["WG"]}, stalls={"MT": ["MT", "MT"]},
                       phase="actions")
    cards = [c for s in selling.stalls if s.renter == 0 for c in s.cards]
    boom = play(_reminded(selling, "EV-17"), "P0 sell MT", *(f"P0 pick {c}" for c in cards))
    view = bansan.view(boom, 0)
    assert table.scene(view, 0)["pending"]["total"] == 4  # two Meat at full price, RM2 each
    assert "you get RM4" in bansan_words.step(view, 0, 0)
    assert money(play(boom, "P0 done"))[0] == 10 + 4


def test_the_words_of_a_purchase_say_it_is_free_or_at_full_price_this_turn() -> None:
    """The label and the preview of the BUY (ii) and of each pick name the Event instead of
    "half price" (the money itself: the tests above)."""
    free = _reminded(_row([5, 10]), "EV-13")
    view = bansan.view(free, 0)
    start = bansan.parse_action("P0 buy-wholesale MT")
    assert bansan_words.label(view, start) == "Buy Meat wholesale (from the Row, free this turn)"
    assert str(bansan.preview(view, start)) == (
        "buy Meat from the Row for free this turn (EV-13): pick the cards next; uses 1 action "
        "now (1 left, B-ACT-01)")  # the action is taken at the start (helper-110)
    buying = play(free, "P0 buy-wholesale MT")
    pick = bansan.parse_action(f"P0 pick {buying.row[0]}")
    assert str(bansan.preview(bansan.view(buying, 0), pick)) == (
        "1 card(s) picked: if you finish now (done), you pay RM0 (free this turn, EV-13)")
    plain = play(_row([5, 10]), "P0 buy-wholesale MT")
    assert str(bansan.preview(bansan.view(plain, 0), pick)) == (
        "1 card(s) picked: if you finish now (done), you pay RM1 (half price, rounded down once)")

    selling = position(rules=RULES, rents={0: ["MT"], 1: ["WG"]}, stalls={"MT": ["MT", "MT"]},
                       phase="actions")
    boom = bansan.view(_reminded(selling, "EV-18"), 0)
    sell = bansan.parse_action("P0 sell MT")
    assert bansan_words.label(boom, sell) == "Sell Meat online (full price this turn)"
    assert str(bansan.preview(boom, sell)) == (
        "sell Meat from your Stalls at full price this turn (EV-18): pick the cards next; uses "
        "1 action now (1 left, B-ACT-01)")
    with language("ms"):
        malay = sentence(str(bansan.preview(boom, sell)))
    assert "EV-18" in malay and "full price" not in malay


def test_the_action_panel_is_priced_by_the_events_in_force() -> None:
    """The scene gives bansan.js each type's market price now (B-COMP-12, +1 under a price
    Event: EV-03 raises Meat) and the Event that changes a wholesale BUY's or a sale's price
    (EV-13..20), so the Action panel's buttons no longer say "half price" under them."""
    table = BansanTable()
    plain = table.scene(bansan.view(_row([5, 10]), 0), 0)
    assert plain["prices"] == {p.value: RULES.price(p) for p in bansan.Produce}
    assert plain["price_events"] == {"wholesale": None, "sell": None}
    raised = msgspec.structs.replace(_row([5, 10]), active_event="EV-03")
    scene = table.scene(bansan.view(raised, 1), 0)
    assert scene["prices"]["MT"] == RULES.price(bansan.Produce.MT) + 1
    assert scene["prices"]["FV"] == RULES.price(bansan.Produce.FV)
    free = table.scene(bansan.view(_reminded(_row([5, 10]), "EV-13"), 0), 0)
    assert free["price_events"] == {"wholesale": "EV-13", "sell": None}
    boom = table.scene(bansan.view(_reminded(_row([5, 10]), "EV-18"), 1), 0)
    assert boom["price_events"] == {"wholesale": None, "sell": "EV-18"}  # public (A-B-57)
    assert (plain["price_note"], plain["unoperated_factor"]) == ("", None)
    assert scene["price_note"] == (
        "Hari Raya Aidilfitri (EV-03): Meat costs RM1 more until the next Event")
    with language("ms"):
        malay = table.scene(bansan.view(raised, 1), 0)["price_note"]
    assert malay.startswith("Hari Raya Aidilfitri (EV-03): Daging berharga RM1 lebih")
    unoperated = Rules(players=2, buy_unoperated_multiplayer=True)
    assert table.scene(bansan.view(position(rules=unoperated), 0), 0)["unoperated_factor"] == 2


def test_the_buy_preview_says_the_price_in_force() -> None:
    """A BUY from vendors is previewed at the market price now (B-COMP-12, EV-03 raises Meat by
    RM1), and at twice that from an unoperated Stall where a BUY may take from one (B-SOLO-12,
    B-BUY-06 with buy_unoperated_multiplayer); the rules' price was shown whatever the Event."""
    meat = RULES.price(bansan.Produce.MT)
    s = position(rules=RULES, rents={0: ["FV"], 1: ["MT"]}, stalls={"MT": ["MT"]},
                 phase="actions")
    s = msgspec.structs.replace(s, active_event="EV-03")
    said = str(bansan.preview(bansan.view(s, 0), bansan.parse_action("P0 buy MT")))
    assert said == (f"buy Meat from other vendors' Stalls at RM{meat + 1} a card: pick the cards "
                    "next; uses 1 action now (1 left, B-ACT-01)")
    rules = Rules(players=2, buy_unoperated_multiplayer=True)
    s = position(rules=rules, rents={0: ["FV"], 1: ["WG"]}, stalls={"MT": ["MT"]},
                 phase="actions")
    said = str(bansan.preview(bansan.view(s, 0), bansan.parse_action("P0 buy MT")))
    assert said == (f"buy Meat from other vendors' Stalls at RM{meat} a card (RM{2 * meat} from "
                    "an unoperated Stall): pick the cards next; uses 1 action now (1 left, "
                    "B-ACT-01)")
    with language("ms"):
        assert sentence(said).startswith(f"beli Daging dari Gerai peniaga lain pada harga "
                                         f"RM{meat} sekeping (RM{2 * meat} dari Gerai tanpa")


def test_a_sendiri_buy_says_whose_stalls() -> None:
    """Sendiri has no other vendor: a BUY takes from the Neighbour's Stalls at market price or
    from an unoperated one at twice it (B-SOLO-12); its label and preview said "from other
    vendors"."""
    from marketlib.widgets import table_of

    match = Match("bansan", Rules(players=1, mode="sendiri"), seed=2)
    rng = random.Random(2)
    while not any(isinstance(a, bansan.Buy) for a in match.legal_actions()):
        match.play(rng.choice(match.legal_actions()))
    buy = next(a for a in match.legal_actions() if isinstance(a, bansan.Buy))
    view = match.view(0)
    unit = bansan.queries.price(view, buy.produce)
    name = bansan.cards.NAMES[buy.produce]
    assert table_of("bansan").label(view, buy) == f"Buy {name} from the Stalls"
    said = str(bansan.preview(view, buy))
    assert said == (f"buy {name} from the Stalls at RM{unit} a card from the Neighbour's, "
                    f"RM{2 * unit} from an unoperated one: pick the cards next; uses 1 action "
                    f"now ({view.actions_left - 1} left, B-ACT-01)")
    with language("ms"):
        assert "peniaga lain" not in sentence(said)
        assert table_of("bansan").label(view, buy).startswith("Beli ")


def test_the_text_table_says_what_done_moves() -> None:
    """The text table's Pending line (and the static board's) adds what ``done`` moves, as the
    game works it out (queries.purchase_total): each card's price alone said RM2 a card for a
    wholesale BUY that costs RM0 under EV-13."""
    buying = play(_reminded(_row([5, 10]), "EV-13"), "P0 buy-wholesale MT")
    first, second = buying.row[0], buying.row[1]
    assert str(bansan.view(buying, 1)).endswith("Pending: wholesale BUY of MT: picked nothing yet")
    buying = play(buying, f"P0 pick {first}", f"P0 pick {second}")
    line = f"Pending: wholesale BUY of MT: picked {first} (RM2) {second} (RM2); done: pay"
    assert str(bansan.view(buying, 1)).endswith(f"{line} RM0 (free, EV-13)")
    plain = play(_row([5, 10]), "P0 buy-wholesale MT", f"P0 pick {first}", f"P0 pick {second}")
    assert str(bansan.view(plain, 0)).endswith(f"{line} RM2 (half of RM4, B-BUY-03)")
    one = play(_row([5, 10]), "P0 buy-wholesale MT", f"P0 pick {first}")
    assert str(bansan.view(one, 0)).endswith("done: pay RM1 (half of RM2, B-BUY-03)")
    with language("ms"):
        assert "selesai: bayar RM2 (" in str(bansan.view(plain, 0))


def test_the_pending_line_says_how_a_sale_is_halved_and_rounded() -> None:
    """Each card's market price beside a total that is half their sum read as a mistake
    (helper-106): the line says the half, rounded down once for the purchase (B-ROUND-01), or
    card by card under ``rounding_scope="per_card"`` (A-B-10), and the preview of the BUY says
    the same. Two Row cards show Fruits & Veggies at RM1 each."""
    for scope, one, both, starts in (
        ("per_action", "RM0 (half of RM1, rounded down: B-BUY-03, B-ROUND-01)",
         "RM1 (half of RM2, B-BUY-03)", "(rounded down once for the purchase)"),
        ("per_card", "RM0 (half of each card's price, rounded down: B-BUY-03, A-B-10)",
         "RM0 (half of each card's price, rounded down: B-BUY-03, A-B-10)",
         "(each card's half rounded down, A-B-10)"),
    ):
        state = position(rules=Rules(players=2, rounding_scope=scope),
                         rents={0: ["FV"], 1: ["WG"]}, row=["FV/DG", "FV/SF", "MT/SF"],
                         phase="actions")
        first, second = state.row[0], state.row[1]
        buy = bansan.parse_action("P0 buy-wholesale FV")
        assert starts in str(bansan.preview(bansan.view(state, 0), buy))
        picked = play(state, "P0 buy-wholesale FV", f"P0 pick {first}")
        line = next(x for x in str(bansan.view(picked, 1)).splitlines() if x.startswith("Pending"))
        assert line == f"Pending: wholesale BUY of FV: picked {first} (RM1); done: pay {one}"
        picked = play(picked, f"P0 pick {second}")
        line = next(x for x in str(bansan.view(picked, 1)).splitlines() if x.startswith("Pending"))
        assert line.endswith(f"{second} (RM1); done: pay {both}"), line
        with language("ms"):
            said = str(bansan.view(picked, 1)).splitlines()
        assert any(x.startswith("Belum selesai: ") and "separuh" in x for x in said), said


def test_every_event_says_what_it_does() -> None:
    """The board's Events strip shows what each Event does and for how long (RULES 4.1.5,
    B-UPK-11), where it showed its timeframe code (NAP, UNE); in Malay too."""
    cards = BansanTable().cards(Match("bansan", RULES, seed=1))["events"]
    assert len(cards) == 40
    assert cards["EV-03"]["does"] == "Meat costs RM1 more until the next Event"
    assert cards["EV-09"]["does"] == "every Meat Stall is CLOSED until the next Event"
    assert cards["EV-17"]["does"] == ("every SELL the next vendor makes in their next Action "
                                      "Phase pays the full market price")  # all of them (NAP)
    with language("ms"):
        malay = BansanTable().cards(Match("bansan", RULES, seed=1))["events"]
    assert malay["EV-03"]["does"] == "Daging berharga RM1 lebih sehingga Peristiwa seterusnya"
    for id_, card in malay.items():
        assert card["does"] != cards[id_]["does"] and "{" not in card["does"], id_


def test_a_stock_deck_preview_flips_no_event_unless_deck_stars_count() -> None:
    """A-B-20: only the Upkeep refill's Stars flip an Event by default; a [B] reveal's never
    (its preview said "a Star on a drawn card flips an Event, which can change money"). With
    ``"deck_stock"`` in ``star_sources`` its Stars flip one at Upkeep, not during the move."""
    for sources, said in ((("replenish",), None),
                          (("replenish", "deck_stock"),
                           "a Star among them flips an Event at Upkeep (A-B-20)")):
        rules = Rules(players=2, events="reconstructed", star_sources=sources)
        s = position(rules=rules, rents={0: ["MT"], 1: ["WG"]}, phase="stock")
        text = str(bansan.preview(bansan.view(s, 0), bansan.parse_action("P0 stock-deck")))
        assert "flips an Event, which can change money" not in text
        assert (said in text) if said else ("Event" not in text), text
        if said:
            with language("ms"):
                assert "membuka Peristiwa semasa Penyelenggaraan" in sentence(text)
