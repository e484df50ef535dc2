"""Bansan in the rulebook's words, for people at a board (docs: "Boards").

The table notation (``P0 stock-deck``) stays in logs and tooltips; a person reads these:

* :data:`PHASES`: each phase by its rulebook name (Stocking Phase, Action Phase, Upkeep...);
* :func:`instruction`: one line saying what to do now, for the seat that decides;
* :func:`label`: a move as a button says it ("Draw from the Deck until a type repeats"), from
  :data:`LABELS`, one entry per action kind;
* :func:`warning`: a question the board asks before a move that throws part of a turn away;
* :func:`goal`: what wins and where the seat stands (the standard game's money race, the
  Kenduri team goal, the Sendiri target), with what ends the game and how close it is;
* :func:`final_standings`: the end of a finished game, with the tie-breakers that decided;
* :func:`recap`: what another vendor did while you waited, and what it changed for you;
* :data:`LEGEND`: every code and symbol a board shows;
* :data:`GLOSSARY` and :func:`glossary`: the rulebook's local terms (Malay and Hokkien), each
  with its meaning in the language in force.

Everything here reads a seat's view (never hidden cards) and the moves that seat may read.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from marketlib.bansan import actions as A
from marketlib.bansan.cards import NAMES, SELL_FROM, WASTE_WORDS, Effect, EventCard, Produce
from marketlib.bansan.facts import holding
from marketlib.bansan.modes import OPENING_HAND
from marketlib.bansan.options import SOLO_ROW, Rules
from marketlib.bansan.queries import (
    BIN_BONUS,
    PRICE_RISE,
    UNOPERATED_FACTOR,
    buys_unoperated,
    catalog,
    fine_for,
    flipped,
    market_prices,
    price_basis,
    price_event,
    purchase_total,
    solo_clears,
    throwing_from,
)
from marketlib.bansan.state import (
    NEIGHBOUR,
    BargainOffer,
    ListReturn,
    OpeningHand,
    Purchase,
    SoloThrow,
    Stocking,
)
from marketlib.core.game import places, tie_breaks
from marketlib.core.i18n import N_, _, get_language, register_refusals

PHASES: dict[str, str] = {
    "open_lists": N_("Opening Round: Shopping Lists"),
    "open_stock": N_("Opening Round: opening stock"),
    "draft": N_("Opening Round: Stall draft"),
    "solo_move": N_("Sendiri turn, step 1: move"),
    "solo_throw": N_("Sendiri turn, step 1: throw"),
    "stock": N_("Stocking Phase"),
    "stocked": N_("Stocking Phase"),
    "actions": N_("Action Phase"),
    "complete": N_("Upkeep: complete Shopping Lists"),
    "return_lists": N_("Upkeep: new Shopping Lists"),
    "bag": N_("Upkeep: check your Bag"),
    "refill": N_("Upkeep: replenish the Row"),
    "event_lists": N_("Event: Shopping Lists"),
    "turn_end": N_("End of the turn"),
    "closing": N_("Closing Round"),
    "over": N_("Game over"),
}
"""Each engine phase by its rulebook name (B-OPEN, B-TURN-01, B-UPK, B-END-05, B-SOLO), in
English: a board shows ``_(PHASES[phase])``, in the language in force."""

ENDED: dict[str, str] = {
    "money": N_("the Last Round was played"),
    "collective_loss": N_("the Kenduri failed"),
    "solo_win": N_("the solo target was met"),
    "solo_loss": N_("the solo target was missed"),
}
"""How a game ended, by :class:`~marketlib.bansan.state.Ending` value, in a few words for the
end-of-game sentence (``Game over (the Last Round was played): ...``), in English: a board says
``_(ENDED[value])`` in the language in force (the value itself is a code, kept in the log,
the text table and save files)."""

PURCHASES = {"vendors": "BUY of {} from the vendors", "wholesale": "wholesale BUY of {}",
             "sell": "SELL of {}"}
"""The BUY or SELL in progress by ``Purchase.kind``, for ``str.format(produce)``."""


EVENT_WORDS: dict[Effect, str] = {
    Effect.PRICE_UP: N_("{produce} costs RM{rise} more until the next Event"),
    Effect.CLOSE_STALLS: N_("every {produce} Stall is CLOSED until the next Event"),
    Effect.FREE_WHOLESALE: N_("every BUY from the Row the next vendor makes in their next "
                              "Action Phase costs RM0"),
    Effect.FULL_PRICE_SELL: N_("every SELL the next vendor makes in their next Action Phase "
                               "pays the full market price"),
    Effect.EXTRA_ACTION: N_("the next vendor takes one more action in their next Action Phase"),
    Effect.BIN_BONUS: N_("each Waste Bin the next vendor empties in their next Action Phase "
                         "pays RM{bonus} more"),
    Effect.WASTE_COLLECTION: N_("every overflowing Waste Bin is emptied to the Outside Market "
                                "when it flips; nobody is paid"),
    Effect.SUMMONS: N_("when it flips, every vendor pays RM1 per overflowing Waste Bin"),
    Effect.NEW_MENU: N_("when it flips, each vendor from the next one on draws 1 Shopping List, "
                        "then returns 1 (no effect in the Kenduri Menu)"),
}
"""What each Event effect does and for how long (RULES 4.1.5, the reconstructed deck, A-B-01;
B-UPK-11), as the board's Events strip says it. A "next Action Phase" Event holds for that whole
Action Phase (RULES 4.1.5, NAP), so a price Event covers every BUY (ii) or SELL in it, not only
the first (``queries.price_event``)."""


def event_text(event: EventCard) -> str:
    """What ``event`` does, in the language in force (:data:`EVENT_WORDS`)."""
    produce = _(NAMES[event.produce]) if event.produce is not None else ""
    return _(EVENT_WORDS[event.effect]).format(produce=produce, rise=PRICE_RISE, bonus=BIN_BONUS)


def event_status(view: Any, shown: Sequence[str]) -> dict[str, dict[str, str]]:
    """Whether each Event of ``shown`` (the board's strip) is in force in ``view`` (a state or a
    view), by its ``state`` and in ``words`` (B-UPK-11): ``in_force``, the "until the next
    Event" card in effect (``active_event``) or a "next Action Phase" card beside the Bag of the
    vendor whose turn it is (``reminders``, dropped at the turn's end); ``waiting``, beside
    another vendor's Bag for their next Action Phase; else ``over`` (resolved when flipped, or
    replaced by a later Event, or a "next Action Phase" card whose vendor has no Action Phase
    left: the Closing Round has begun, B-END-05). The board's Event strip and the text view both
    say it."""
    closed = view.phase in ("closing", "over")
    waiting: dict[str, list[int]] = {}
    for reminder in view.reminders:
        waiting.setdefault(reminder.event, []).append(reminder.seat)
    status = {}
    for event in shown:
        seats = waiting.get(event, [])
        if event == view.active_event:
            state, words = "in_force", _("in force until the next Event is flipped")
        elif seats and closed:
            state, words = "over", _(
                "over: the market closed before the next Action Phase of {seats}").format(
                    seats=_(" and ").join(f"P{s}" for s in seats))
        elif view.current in seats:
            state, words = "in_force", _("in force in P{seat}'s Action Phase this turn").format(
                seat=view.current)
        elif seats:
            state, words = "waiting", _(
                "waiting beside the Bag of {seats}, for their next Action Phase").format(
                    seats=_(" and ").join(f"P{s}" for s in seats))
        else:
            state, words = "over", _("over")
        status[event] = {"state": state, "words": words}
    return status


def explanations(rules: Rules) -> dict[str, str]:
    """What three marks on a Bansan board mean in a game with these rules, said where they are
    shown (a card's Star, an unoperated Stall, the Outside Market's count) and in the legend:
    ``star`` (A-B-01, A-B-20, B-UPK-10), ``unoperated`` (B-BUY-06, B-SOLO-08/12, B-ANY-06,
    B-END-04, A-B-08, A-B-22) and ``outside`` (B-SETUP-08, B-SELL-01, B-EMPTY-01, A-B-17,
    B-SOLO-10/14, the Events that empty bins).

    Example:
        >>> print(explanations(Rules(players=3))["unoperated"])  # doctest: +NORMALIZE_WHITESPACE
        no vendor rents this Stall, so nobody buys from it (B-BUY-06); while it is open, R&R
        can rent it for RM3 until the Last Round is triggered (B-ANY-06, B-END-04)
    """
    if rules.events == "off":
        star = _("a Star: it would flip an Event, but Events are off in this game (A-B-01)")
    elif "deck_stock" in rules.star_sources:
        star = _("a Star: when a refill or a stocking reveal from the Deck draws one, an Event "
                 "is flipped at Upkeep (at most {count} a turn, B-UPK-10; Events are on in this "
                 "game)").format(count=rules.max_events_per_turn)
        if "replenish" not in rules.star_sources:
            star = _("a Star: when a stocking reveal from the Deck draws one, an Event is "
                     "flipped at Upkeep (at most {count} a turn, B-UPK-10; a refill's Star flips "
                     "none in this game)").format(count=rules.max_events_per_turn)
    else:
        star = _("a Star: when a refill draws one, an Event is flipped (at most {count} a turn, "
                 "B-UPK-10; Events are on in this game)").format(count=rules.max_events_per_turn)
    if rules.plays.buys_unoperated:
        buy = _("no vendor rents this Stall: you buy its cards at {factor} times the market "
                "price, paid to the bank (B-SOLO-12)").format(factor=UNOPERATED_FACTOR)
    elif buys_unoperated(rules):
        buy = _("no vendor rents this Stall: its cards are bought at {factor} times the market "
                "price, paid to the bank (buy_unoperated_multiplayer, A-B-08)").format(
                    factor=UNOPERATED_FACTOR)
    else:
        buy = _("no vendor rents this Stall, so nobody buys from it (B-BUY-06)")
    if A.RentAndRelease not in rules.plays.bans:  # none in Sendiri (B-SOLO-08)
        rent = (_("R&R can rent it for RM{cost}, even while it is closed (rent_closed_stall, "
                  "A-B-22), until the Last Round is triggered (B-END-04)")
                if rules.rent_closed_stall else
                _("while it is open, R&R can rent it for RM{cost} until the Last Round is "
                  "triggered (B-ANY-06, B-END-04)"))
        buy = f"{buy}; {rent.format(cost=rules.rr_cost)}"
    sources = [_("cards sold (B-SELL-01)"),
               _("the cards of a Waste Bin a vendor empties (B-EMPTY-01)")]
    if rules.events != "off":
        sources.append(_("the cards of a Waste Bin an Event empties"))
    if rules.no_stall_fallback == "outside_market":
        sources.append(_("a stocked card with no open Stall to go into (A-B-17)"))
    if rules.plays.solo:
        sources += [_("the card drawn in step 1b (B-SOLO-10)"),
                    _("the Row's leftovers (B-SOLO-14)")]
    listed = _("{some} and {last}").format(some=", ".join(sources[:-1]), last=sources[-1])
    outside = _("the discard pile: {sources} go there and are out of the game").format(
        sources=listed)
    return {"star": star, "unoperated": buy, "outside": outside}


def legend(rules: Rules) -> tuple[tuple[str, str], ...]:
    """Every code and symbol a Bansan board shows, with its meaning, for a game with these
    rules: every price, capacity, fine and cost is the one in force (B-COMP-12, A-B-05,
    B-BIN-01/02, B-ANY-03, B-ACT-01, B-EMPTY, B-END-01), and the Star says whether Events are
    on (A-B-01).

    Example:
        >>> dict(legend(Rules(rr_cost=5)))["R&R"][:60]
        'Rent & Release, once a game: pay RM5 to rent an empty Stall '
    """
    price = {p: rules.price(p) for p in Produce}
    cap = rules.bin_capacity
    fine = rules.fine_per_card
    cost = rules.rr_cost
    said = explanations(rules)
    wallet = (_("your 2 secret Shopping Lists and your money, behind your Wallet screen")
              if rules.hidden_wallets else
              _("your 2 Shopping Lists and your money; in this game every vendor sees them "
                "(hidden_wallets=False, A-B-57)"))
    if rules.plays.shared_menu:
        wallet = _("your money (the Kenduri Menu's Shopping Lists are public, B-KEN-02)")
    if rules.plays.shared_menu:  # B-KEN-04
        last = _("triggered when the last of the {count} Kenduri lists is completed or the last "
                 "Deck card is drawn (B-KEN-04)").format(count=rules.kenduri_lists)
    else:  # B-END-01, B-SOLO-16/19
        last = _("triggered when a vendor completes their {ordinal} Shopping List or draws the "
                 "last Deck card (B-END-01)").format(ordinal=(
                     f"{rules.trigger_lists}{_ordinal(rules.trigger_lists)}"
                     if get_language() == "en" else
                     _("{n}th (ordinal)").format(n=rules.trigger_lists)))
    empty = _("EMPTY a Waste Bin: gain RM{base}, +RM{more} if it is not the first bin you empty "
              "this turn, +RM{over} if it was overflowing (B-EMPTY-01..03)").format(
                  base=rules.empty_base, more=rules.empty_bonus_additional,
                  over=rules.empty_bonus_overflow)
    bag = ("" if not rules.fine_on_bag_overflow else
           _("; a card thrown from an overfull Bag is fined RM{fine} too (A-B-13)").format(
               fine=fine))
    items = (
        ("FV", _("{name} (RM{price} a card)").format(name=_(NAMES[Produce.FV]),
                                                     price=price[Produce.FV])),
        ("WG", f"{_(NAMES[Produce.WG])} (RM{price[Produce.WG]})"),
        ("MT", f"{_(NAMES[Produce.MT])} (RM{price[Produce.MT]})"),
        ("DG", f"{_(NAMES[Produce.DG])} (RM{price[Produce.DG]})"),
        ("SF", f"{_(NAMES[Produce.SF])} (RM{price[Produce.SF]})"),
        ("MM", _("Macam-Macam, odds and ends (RM{price})").format(price=price[Produce.MM])),
        ("PL / PA / OR", _("the waste type on a card's back: Plastic, Paper, Organic; thrown "
                           "cards go into that Waste Bin")),
        ("\u2605", said["star"]),
        (_("top / bottom"), _("the two halves of a produce card; a card stocked into a Stall or "
                              "Bag becomes the type of the half on top")),
        (_("Waste Bin {over}/{cap}").format(over=cap + 1, cap=cap),
         _("a bin holds {cap} cards; past that it overflows and every card you throw in costs "
           "RM{fine}{bag}").format(cap=cap, fine=fine, bag=bag)),
        (_("Bag"), _("your Bag holds {limit} cards at the end of your turn; give or throw away "
                     "the rest (B-UPK-08)").format(limit=rules.bag_limit)),
        (_("Action Phase"), _("{count} actions a turn: BUY, SELL or EMPTY (B-ACT-01)").format(
            count=rules.actions_per_turn)),
        ("EMPTY", empty),
        (_("Last Round"), last),
        (_("Bansan Token"), _("the 1st Player's marker; it passes to whoever triggers the Last "
                              "Round")),
        (_("unoperated"), said["unoperated"]),
        (_("Outside Market"), said["outside"]),
        ("R&R", _("Rent & Release, once a game: pay RM{cost} to rent an empty Stall and/or get "
                  "RM{cost} for releasing one of yours").format(cost=cost)),
        (_("Wallet"), wallet),
        (_("Shopping List"), _("each picture on a list needs one card of that type from your "
                               "Bag: two Meat pictures, two Meat cards (B-COMP-06, B-UPK-02)")),
        ("PC-12, SL-07, ST-04", _("card numbers: produce cards, Shopping Lists, Stalls")),
    )
    if A.RentAndRelease in rules.plays.bans:  # no R&R in Sendiri (B-SOLO-08)
        return tuple(item for item in items if item[0] != "R&R")
    return items


GLOSSARY: tuple[tuple[str, str], ...] = (
    ("Bansan", N_("the market itself (Hokkien); the game's name")),
    ("Bos Bansan", N_("the boss of the market: the title of the vendor with the most money at "
                      "the end (B-END-06)")),
    ("Pasar", N_("market")),
    ("Kenduri", N_("feast: the Kenduri Menu, where the vendors complete 5 public Shopping "
                   "Lists together (B-KEN)")),
    ("Sendiri", N_("alone, by yourself: the solo mode (B-SOLO)")),
    ("Macam-Macam", N_("all sorts (said with 'ch' as in 'charge'): the sixth produce type, "
                       "odds and ends")),
    ("Apa pun ada", N_("anything also got: the game's subtitle")),
    ("Hamik pun oo", N_("anything also got (Hokkien)")),
    ("Bao ka liao", N_("take care of everything (Hokkien)")),
    ("Ayam", N_("chicken")),
    ("Belacan", N_("shrimp paste")),
    ("Buah keras", N_("candlenuts")),
    ("Bunga kantan", N_("torch ginger")),
    ("Daging", N_("meat (usually beef)")),
    ("Goreng", N_("fried")),
    ("Ikan", N_("fish")),
    ("Kambing", N_("goat")),
    ("Kaya", N_("coconut egg jam")),
    ("Kerisik", N_("fried coconut paste")),
    ("Masak", N_("cook, cooking style")),
    ("Mee", N_("noodles")),
    ("Nasi", N_("rice")),
    ("Pandan", N_("fragrant screwpine")),
    ("Roti", N_("bread")),
    ("Santan", N_("coconut milk")),
    ("Taugeh", N_("beansprouts")),
    ("Udang", N_("prawn")),
)
"""The rulebook's local terms ("Some Local Bansan Terms", and the game's own names), each with
its meaning in English; :func:`glossary` gives the meanings in the language in force. The terms
stay as the rulebook writes them in every language."""


def glossary() -> tuple[tuple[str, str], ...]:
    """:data:`GLOSSARY` with each meaning in the language in force (issue 30, point 5).

    Example:
        >>> from marketlib.core.i18n import language
        >>> dict(glossary())["Kenduri"][:5]
        'feast'
        >>> with language("ms"):
        ...     dict(glossary())["Kenduri"][:6]
        'jamuan'
    """
    return tuple((term, _(meaning)) for term, meaning in GLOSSARY)


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


LEGEND: tuple[tuple[str, str], ...] = legend(Rules())
"""The legend of a game with the default rules; a board shows :func:`legend` of the rules in
force (B-COMP, A-B-05, B-ANY-03)."""


def _name(produce: Produce) -> str:
    return _(NAMES[produce])  # without an enum call (a StrEnum member is its own key):
    # 0.09 us instead of 0.53, and a board words every produce type it shows


def _rent(rules: Rules) -> str:
    """What renting a Stall in the Stall draft costs (B-OPEN-07, A-B-58)."""
    cost = rules.opening_rent_cost
    return _("pay RM{cost}").format(cost=cost) if cost else _("free")


def _rent_and_release(a: A.RentAndRelease, cost: int | None) -> str:
    """An R&R's parts, with what each pays when ``cost`` (``rr_cost``, B-ANY-03) is given."""
    parts = []
    if a.rent is not None:
        parts.append(_("rent {stall}").format(stall=a.rent)
                     + ("" if cost is None else _(" (pay RM{cost})").format(cost=cost)))
    if a.release is not None:
        parts.append(_("release {stall}").format(stall=a.release)
                     + ("" if cost is None else _(" (get RM{cost})").format(cost=cost)))
    return _(" and ").join(parts)


def _choose_half(view: Any, a: A.ChooseHalf) -> str:
    hand = view.pending.cards if isinstance(view.pending, OpeningHand) else ()
    if a.half == "top":
        return (_("Use the top halves of all {count} cards").format(count=len(hand)) if hand
                else _("Use the top halves"))
    if a.half == "bottom":
        return (_("Use the bottom halves of all {count} cards").format(count=len(hand)) if hand
                else _("Use the bottom halves"))
    return (f"Use the {a.half} halves of all {len(hand)} cards" if hand
            else f"Use the {a.half} halves")


def _done(view: Any, a: A.Done) -> str:
    if isinstance(view.pending, Purchase):
        return _("Finish selling") if view.pending.kind == "sell" else _("Finish buying")
    return _("End Upkeep") if view.phase == "complete" else _(  # each vendor's own step
        "Done: throw your leftovers and end your Closing Round step")  # (B-END-05; helper-106)


def _counter(view: Any, a: A.Counter) -> str:
    return (_("Counter with other terms") if a.price is None
            else _("Counter: RM{price} instead").format(price=a.price))


def _return_list(view: Any, a: A.ReturnList) -> str:
    """A Shopping List to return, with what it needs and is worth (B-OPEN-02, B-UPK-06)."""
    listed = catalog(view).lists[a.list]
    return _("Return {list} ({needs}; RM{value}) to the deck").format(
        list=a.list, needs=", ".join(_name(p) for p in listed.icons), value=listed.value)


def _menu_done(view: Any) -> bool:
    """Every Kenduri list of the Menu is completed (B-KEN-06): no list is left face up, so a
    Closing Round has nothing to complete (the instruction and the step line say so)."""
    return bool(view.rules.plays.shared_menu) and not view.public


def _place(view: Any, card: str, reader: int | None, stall: Any) -> str:
    """Where ``card`` lies, as ``reader`` reads it (``None``: named by seat): "the Row",
    "your Stall ST-01", "P1's Stall ST-05", "Stall ST-06" (unoperated), "the Neighbour's Stall
    ST-02", "your Bag" or "P1's Bag". ``stall``: the Stall holding it
    (:func:`~.facts.holding`)."""
    if stall is None and card in view.row:
        return _("the Row")
    if stall is None:
        owner = next((i for i, v in enumerate(view.vendors)
                      if any(b.card == card for b in v.bag or ())), reader)
        return _("your Bag") if owner == reader else _("P{seat}'s Bag").format(seat=owner)
    if stall.renter == reader and reader is not None:
        return _("your Stall {stall}").format(stall=stall.id)
    if stall.renter is None:
        return _("Stall {stall}").format(stall=stall.id)
    if stall.renter == NEIGHBOUR:
        return _("the Neighbour's Stall {stall}").format(stall=stall.id)
    return _("P{seat}'s Stall {stall}").format(seat=stall.renter, stall=stall.id)


def _then(items: list[str]) -> str:
    """``a then b then c`` in the language in force."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{first} then {second}").format(first=text, second=item)
    return text


def _pick(view: Any, a: A.Pick) -> str:
    """A card to pick, with its waste type and where it lies, so cards of one type can be
    told apart: "Pick PC-45 (Plastic) from P1's Stall ST-05" (B-BUY-02), "from the Row"
    (B-BUY-03), "from your Stall ST-01" or "from your Bag" (B-SELL-01)."""
    waste = _(WASTE_WORDS[catalog(view).produce[a.card].waste._value_])
    stall = holding(view.stalls, a.card)
    place = _place(view, a.card, a.player if view.viewer == a.player else None, stall)
    pending = view.pending
    if (isinstance(pending, Purchase) and pending.kind == "vendors" and stall is not None
            and stall.renter is None):  # B-SOLO-12: the
        # unoperated Stall's price, which no other button shows (helper-106)
        return _("Pick {card} ({waste}) from {place}, at RM{price} ({factor} x the market "
                 "price, {rule})").format(
                     card=a.card, waste=waste, place=place, factor=UNOPERATED_FACTOR,
                     price=UNOPERATED_FACTOR * market_prices(view)[pending.produce._value_],
                     rule="B-SOLO-12" if view.rules.plays.solo else "A-B-08")  # the option
    return _("Pick {card} ({waste}) from {place}").format(card=a.card, waste=waste,
                                                           place=place)


LABELS: dict[type[A.Action], Callable[[Any, Any], str]] = {
    A.ReturnList: _return_list,
    A.ChooseHalf: _choose_half,
    A.Tuck: lambda view, a: _("Tuck {card} into Stall {stall}").format(card=a.card,
                                                                       stall=a.stall),
    A.PlaceWorker: lambda view, a: _("Rent Stall {stall} ({rent})").format(
        stall=a.stall, rent=_rent(view.rules)),
    A.Move: lambda view, a: _("Move the Workers of row {row}").format(row=a.row),
    A.StockRow: lambda view, a: _("Take every Row card showing {produce}").format(
        produce=_name(a.produce)),
    A.StockDeck: lambda view, a: _("Draw from the Deck until a type repeats"),
    A.SkipStocking: lambda view, a: _("Skip stocking"),
    A.Buy: lambda view, a: (_("Buy {produce} from the Stalls") if view.rules.plays.solo  # the
                            # Neighbour's or an unoperated one (B-SOLO-12): no other vendor
                            else _("Buy {produce} from other vendors")).format(
        produce=_name(a.produce)),
    A.BuyWholesale: lambda view, a: (
        _("Buy {produce} wholesale (from the Row, free this turn)")
        if price_event(view, "wholesale") else
        _("Buy {produce} wholesale (from the Row, half price)")).format(
            produce=_name(a.produce)),
    A.Sell: lambda view, a: (
        _("Sell {produce} online (full price this turn)")
        if price_event(view, "sell") else
        _("Sell {produce} online (half price)")).format(produce=_name(a.produce)),
    A.Pick: _pick,
    A.Bargain: lambda view, a: _("Offer RM{price} for {card}").format(price=a.price,
                                                                      card=a.card),
    A.Done: _done,
    A.Empty: lambda view, a: _("Empty the {waste} bin").format(
        waste=_(WASTE_WORDS[a.bin._value_])),
    A.EndActions: lambda view, a: _("End the Action Phase"),
    A.Complete: lambda view, a: _("Complete {list} with {cards}").format(
        list=a.list, cards=", ".join(a.cards)),
    A.Give: lambda view, a: _("Give {card} to P{seat}").format(card=a.card, seat=a.to),
    A.Throw: lambda view, a: _("Throw {card} into the {waste} bin").format(  # the bin it
        card=a.card, waste=_(WASTE_WORDS[catalog(view).produce[a.card].waste._value_])),  # fills
    # (helper-106: two throws read alike, "into its Waste Bin", with an overflow at stake)
    A.RentAndRelease: lambda view, a: "R&R: " + _rent_and_release(a, view.rules.rr_cost),
    A.ProposeTrade: lambda view, a: _("Propose a trade to P{seat}").format(seat=a.to),
    A.Counter: _counter,
    A.Accept: lambda view, a: _("Accept the offer"),
    A.Decline: lambda view, a: _("Decline the offer"),
    A.Withdraw: lambda view, a: _("Take back your offer"),
}
"""Each action kind's button words, ``LABELS[type](view, action)``, from the seat's view and
the rules in force (the opening rent A-B-58, the R&R cost B-ANY-03); the board's presentation
table (:mod:`marketlib.widgets.bansan_table`) takes each kind's from here."""


STEADY_LABELS: frozenset[type[A.Action]] = frozenset({
    A.Tuck, A.PlaceWorker, A.Move, A.StockRow, A.StockDeck, A.SkipStocking, A.Buy, A.Bargain,
    A.Empty, A.EndActions, A.Complete, A.Give, A.RentAndRelease, A.ProposeTrade, A.Counter,
    A.Accept, A.Decline, A.Withdraw})
"""The kinds whose :data:`LABELS` read only the action and the rules in force (the opening
rent, Sendiri's Stalls, the R&R cost), never the position: a board words each once per rules
and language (``marketlib.widgets.presentation``). Not here: the kinds whose words read the
decision in progress (a pick's place, done, a half), a price Event (wholesale, sell) or the
card data (a list's icons, a throw's bin)."""


LABEL_READS: dict[type[A.Action], Callable[[Any], Any]] = {
    A.BuyWholesale: lambda view: price_event(view, "wholesale"),
    A.Sell: lambda view: price_event(view, "sell"),
    A.Done: lambda view: (view.pending.kind if isinstance(view.pending, Purchase) else None,
                          view.phase == "complete"),
}
"""The kinds whose :data:`LABELS` read the position only through one value, and that value
(the price Event of a wholesale BUY or a sale; what a done finishes): with the action, the
rules in force and the language it decides the words, so a board words each once per value."""


_ANSWERS = (A.Accept, A.Decline, A.Counter)
"""The kinds whose button words lean on the offer shown beside them ("Accept the offer")."""


def context(view: Any, action: A.Action) -> str:
    """What a sentence naming ``action`` by its button's words adds so it reads on its own, away
    from the board (a hint, an end-of-game review): for an answer to an offer (B-ANY-01/02,
    A-B-60), whose offer, on what terms; else "".

    Example:
        >>> from marketlib.bansan import Accept, Rules, setup, view
        >>> from marketlib.bansan.state import BargainOffer
        >>> from msgspec.structs import replace
        >>> s = replace(setup(Rules(players=3), seed=1),
        ...             offer=BargainOffer(frm=0, to=2, card="PC-72", price=1))
        >>> context(view(s, 2), Accept(player=2))
        "P0's offer: RM1 for PC-72"
    """
    offer = view.offer
    if offer is None or not isinstance(action, _ANSWERS):
        return ""
    terms = _offer_terms(view, offer, getattr(view, "viewer", action.player))  # as its
    if _asks(view, offer):  # reader reads it: "your Stall" for the seat, none for the teacher
        return _("P{seat}'s asking price: {terms}").format(seat=offer.frm, terms=terms)
    return _("P{seat}'s offer: {terms}").format(seat=offer.frm, terms=terms)


def _asks(view: Any, offer: Any) -> bool:
    """Whether ``offer`` is a seller's counter to a bargain, which asks the buyer a price
    (A-B-60): the buyer is the vendor whose turn it is."""
    return isinstance(offer, BargainOffer) and offer.frm != view.current


def _offer_terms(view: Any, offer: Any, reader: int | None) -> str:
    """An offer's terms as ``reader`` reads them, its cards as a board draws them (no codes
    on cards, helper-74/86): a bargain's card with its produce and Stall, a trade's Bag cards
    with their produce."""
    if not isinstance(offer, BargainOffer):
        return _trade_terms(offer, view)
    stall = holding(view.stalls, offer.card)
    if stall is None:  # an offer for a card in no Stall is void (A-B-61)
        return _("RM{price} for {card}").format(price=offer.price, card=offer.card)
    return _("RM{price} for {card} ({produce} in {place})").format(
        price=offer.price, card=offer.card, place=_place(view, offer.card, reader, stall),
        produce=_name(catalog(view).sells[stall.id]))


def _trade_terms(offer: Any, view: Any) -> str:
    """A trade's terms (B-ANY-02): what its maker gives and pays for what they take and ask,
    each Bag card with its produce (a board draws no codes on cards: "[PC-19] + RM0 for
    [PC-80]" named nothing a student could see, helper-86)."""
    kinds = {b.card: b.produce for v in view.vendors for b in (v.bag or ())}

    def cards(ids: Any) -> str:
        return ", ".join(f"{c} ({_name(kinds[c])})" if c in kinds else c for c in ids)

    return _("[{give}] + RM{pay} for [{take}] + RM{ask}").format(
        give=cards(offer.give), pay=offer.pay, take=cards(offer.take), ask=offer.ask)


def label(view: Any, action: A.Action) -> str:
    """The words a button uses for ``action`` in the position ``view`` shows (the notation goes
    in its tooltip): its kind's :data:`LABELS` entry.

    Example:
        >>> from marketlib.bansan import StockDeck, Rules, setup, view
        >>> label(view(setup(Rules(players=2), seed=1), 0), StockDeck(player=0))
        'Draw from the Deck until a type repeats'
    """
    words = LABELS.get(type(action))
    return str(action) if words is None else words(view, action)


def instruction(view: Any, decider: int | None, seat: int | None) -> str:
    """One line: what the deciding seat does now, written to ``seat`` ("you") or about another
    seat ("P1 is ...").

    Example:
        >>> from marketlib.bansan import Rules, setup, view
        >>> s = setup(Rules(players=2), seed=1)
        >>> instruction(view(s, 0), 0, 0)
        'Keep 2 of your 3 Shopping Lists: click the one to return to the bottom of the deck.'
    """
    if view.result is not None or decider is None:
        return _("The game is over.")
    if decider != seat:
        return step(view, decider, seat)
    offer = view.offer
    if offer is not None:
        left = view.rules.max_counters - offer.counters
        counter = (_("or counter it ({left} counter(s) left)").format(left=left) if left > 0
                   else _("(no counters left: A-B-60)"))
        return _("P{seat} makes you an offer: accept it, decline it {counter}.").format(
            seat=offer.frm, counter=counter)
    p, phase = view.pending, view.phase
    if isinstance(p, ListReturn):
        if phase == "open_lists":  # B-OPEN-02: the lists dealt, less those returned
            dealt = view.vendors[decider].wallet_size
            return _("Keep {keep} of your {dealt} Shopping Lists: click the one to return to the "
                     "bottom of the deck.").format(keep=dealt - p.count, dealt=dealt)
        return _("Return {count} Shopping List(s) from your Wallet: click the one(s) to "
                 "return.").format(count=p.count)
    if isinstance(p, OpeningHand):
        return _("Opening stock: use the top halves of all {count} cards or the bottom halves; "
                 "then tuck each card into a Stall of its type.").format(count=len(p.cards))
    if isinstance(p, Stocking):
        return _("Tuck each card: click a card, then an open Stall of its type (any renter).")
    if isinstance(p, Purchase):
        verb = {"vendors": N_("buy from the Stalls") if view.rules.plays.solo  # B-SOLO-12
                else N_("buy from the other vendors' Stalls"),
                "wholesale": N_("buy from the Row"), "sell": N_("sell from {source}")}[p.kind]
        verb = _(verb).format(source=_(SELL_FROM[view.rules.online_sell_source]))  # A-B-09
        return _("Pick the {produce} cards to {verb} (click each), then finish. Picked so far: "
                 "{count}.").format(produce=_name(p.produce), verb=verb, count=len(p.picked))
    if isinstance(p, SoloThrow):  # any Stall of the drawn card's types, yours too (B-SOLO-10)
        return _("Step 1b throw (B-SOLO-10): choose which card of Stall {stall} goes into its "
                 "Waste Bin (no fine).").format(stall=p.stalls[0])
    if phase == "draft":
        return _("Stall draft: click an unrented Stall to place a Worker on it ({rent}).").format(
            rent=_rent(view.rules))
    if phase == "solo_move":
        return _("Move the Workers of one row one Stall to the right (the Neighbour's too).")
    if phase == "stock":
        if view.rules.plays.fresh_row:  # Sendiri stocks from its Row only (B-SOLO-11)
            return _("Stock your Stalls: take every Row card of one type (click a type).")
        return _("Stock your Stalls: take every Row card of one type (click a type) or draw from "
                 "the Deck until a type repeats.")
    if phase == "actions":
        if view.rules.plays.solo:  # no other vendor: the Stalls (B-SOLO-12)
            return _("Take {count} more action(s): buy from the Stalls, buy wholesale, sell "
                     "online or empty a Waste Bin; or end the Action Phase.").format(
                         count=view.actions_left)
        return _("Take {count} more action(s): buy from vendors, buy wholesale, sell online or "
                 "empty a Waste Bin; or end the Action Phase.").format(count=view.actions_left)
    if phase == "complete":
        return _("Upkeep: complete Shopping Lists from your Bag (each Complete button shows the "
                 "cards it uses), then End Upkeep.")
    if phase == "closing" and _menu_done(view):  # nothing to complete (helper-119 was
        # asked to)
        return _("Closing Round: every Kenduri list is completed, so finish (done); your "
                 "leftover produce is thrown into the bins (B-END-05).")
    if phase == "closing":
        return _("Closing Round: complete any Shopping Lists you can, then finish; your "
                 "leftover produce is thrown into the bins.")
    if phase == "bag" and view.rules.plays.solo:  # nobody to give to
        return _("Your Bag holds more than {limit} cards: throw the extra cards into the bins "
                 "(select a card first).").format(limit=view.rules.bag_limit)
    if phase == "bag":
        return _("Your Bag holds more than {limit} cards: give the extra cards to other vendors "
                 "or throw them into the bins (select a card first).").format(
                     limit=view.rules.bag_limit)
    return _(PHASES[str(phase)]) if str(phase) in PHASES else str(phase)


def _who(seat: int, reader: int | None) -> str:
    if seat < 0:
        return _("the Neighbour")
    return _("you") if seat == reader else f"P{seat}"


def _picked(view: Any, reader: int | None) -> str:
    """The cards picked in the BUY or SELL in progress, each with whom it pays."""
    p = view.pending
    parts = [x.card + ("" if x.seller is None else _(" (RM{price} to {who})").format(
        price=x.price, who=_who(x.seller, reader))) for x in p.picked]
    return ", ".join(parts) or _("nothing yet")


_OFFERS = {
    "to": N_("P{seat} offers you {terms}. You answer: accept, decline or counter."),
    "to_last": N_("P{seat} offers you {terms}. You answer: accept or decline (no counters left, "
                  "A-B-60)."),
    "frm": N_("You offer P{to} {terms}. P{to} answers."),
    "other": N_("P{seat} offers P{to} {terms}. P{to} answers."),
}
"""The step words of an offer waiting for an answer, by the reader's part in it (B-ANY-01/02)."""

_ASKS = {
    "to": N_("P{seat} asks you {terms}. You answer: accept, decline or counter."),
    "to_last": N_("P{seat} asks you {terms}. You answer: accept or decline (no counters left, "
                  "A-B-60)."),
    "frm": N_("You ask P{to} {terms}. P{to} answers."),
    "other": N_("P{seat} asks P{to} {terms}. P{to} answers."),
}
"""The same for a seller's counter to a bargain, which asks the buyer a price (A-B-60)."""


_MINE_NOW = {
    "draft": N_("You are renting a Stall in the Stall draft ({rent})."),
    "solo_move": N_("You are moving one row of Workers one Stall to the right."),
    "stock": N_("You are stocking: every Row card of one type, or from the Deck."),
    "actions": N_("You are taking actions ({left} left)."),
    "complete": N_("You are completing Shopping Lists from your Bag (Upkeep)."),
    "closing": N_("You are completing your last Shopping Lists in the Closing Round."),
    "bag": N_("You are giving away or throwing the extra cards of your Bag."),
}
"""The step in progress by phase, as the decider reads it (:func:`step`)."""
_THEIR_NOW = {
    "draft": N_("{who} is renting a Stall in the Stall draft ({rent})."),
    "solo_move": N_("{who} is moving one row of Workers one Stall to the right."),
    "stock": N_("{who} is stocking: every Row card of one type, or from the Deck."),
    "actions": N_("{who} is taking actions ({left} left)."),
    "complete": N_("{who} is completing Shopping Lists from their Bag (Upkeep)."),
    "closing": N_("{who} is completing their last Shopping Lists in the Closing Round."),
    "bag": N_("{who} is giving away or throwing the extra cards of their Bag."),
}
"""The step in progress by phase, as another seat reads it (:func:`step`)."""
_MINE_FRESH = {**_MINE_NOW,
               "stock": N_("You are stocking: every Row card of one type (B-SOLO-11).")}
_THEIR_FRESH = {**_THEIR_NOW,
                "stock": N_("{who} is stocking: every Row card of one type (B-SOLO-11).")}
"""The same where the stocking takes from the Row only (Sendiri, B-SOLO-11)."""


def step(view: Any, decider: int | None, seat: int | None) -> str:
    """The step in progress as ``seat`` reads it (``None``: a watcher or the teacher): the
    decider reads "you"; another seat reads it in the third person, told when it is about them
    ("P0 is buying Wet Goods from you: RM1 to you if P0 finishes"). Built from the view only.

    Example:
        >>> from marketlib.bansan import Rules, setup, view
        >>> s = setup(Rules(players=2), seed=1)
        >>> step(view(s, 1), 0, 1)
        'P0 is keeping 2 of their 3 Shopping Lists (returning 1 to the deck).'
        >>> step(view(s, 0), 0, 0)
        'You are keeping 2 of your 3 Shopping Lists (returning 1 to the deck).'
    """
    if view.result is not None or decider is None:
        return _("The game is over.")
    me = decider == seat
    who = _("You") if me else (_("The Neighbour") if decider < 0 else f"P{decider}")
    offer = view.offer
    if offer is not None:
        asks = _asks(view, offer)
        terms = _offer_terms(view, offer, seat)
        terms += _(" (counter {n})").format(n=offer.counters) if offer.counters else ""
        if seat == offer.to:  # A-B-60: counters left, or only accept and decline
            role = "to" if offer.counters < view.rules.max_counters else "to_last"
        else:
            role = "frm" if seat == offer.frm else "other"
        return _((_ASKS if asks else _OFFERS)[role]).format(seat=offer.frm, to=offer.to,
                                                           terms=terms)
    p, phase = view.pending, view.phase
    if isinstance(p, Purchase):
        name = _name(p.produce)
        total = purchase_total(view, p)  # what done moves, Events included
        picked = _picked(view, seat)
        if p.kind == "sell":
            money = (_("you get RM{total}") if me else _("{who} gets RM{total}")).format(
                who=who, total=total)
            doing = _("selling {name} online").format(name=name)
        else:
            money = (_("you pay RM{total}") if me else _("{who} pays RM{total}")).format(
                who=who, total=total)
            doing = (_("buying {name} wholesale from the Row") if p.kind != "vendors" else
                     _("buying {name} from the Stalls") if view.rules.plays.solo else  # no
                     _("buying {name} from the vendors")).format(name=name)  # vendor (B-SOLO-12)
        if me:
            tail = _(" (finishing now, {money})").format(money=money) if p.picked else ""
            return _("You are {doing}. Picked: {picked}{tail}.").format(
                doing=doing, picked=picked, tail=tail)
        mine = sum(x.price for x in p.picked if seat is not None and x.seller == seat)
        if p.kind == "vendors" and mine:
            return _("{who} is buying {name} from you: RM{mine} to you if {who} finishes. "
                     "Picked: {picked}.").format(who=who, name=name, mine=mine, picked=picked)
        tail = _("; {money} if {who} finishes").format(money=money, who=who) if p.picked else ""
        return _("{who} is {doing}. Picked: {picked}{tail}.").format(
            who=who, doing=doing, picked=picked, tail=tail)
    if isinstance(p, ListReturn):
        if phase == "open_lists":  # B-OPEN-02: the lists dealt, less those returned
            dealt = view.vendors[decider].wallet_size
            return (_("You are keeping {keep} of your {dealt} Shopping Lists (returning {count} "
                      "to the deck).") if me else
                    _("{who} is keeping {keep} of their {dealt} Shopping Lists (returning "
                      "{count} to the deck).")).format(who=who, keep=dealt - p.count,
                                                       dealt=dealt, count=p.count)
        return (_("You are returning {count} Shopping List(s) to the deck.") if me else
                _("{who} is returning {count} Shopping List(s) to the deck.")).format(
                    who=who, count=p.count)
    if isinstance(p, OpeningHand):
        return (_("You are choosing the top or bottom halves of your {count} opening cards.")
                if me else
                _("{who} is choosing the top or bottom halves of their {count} opening "
                  "cards.")).format(who=who, count=len(p.cards))
    if isinstance(p, Stocking):
        return (_("You are stocking {count} card(s) into the Stalls.") if me else
                _("{who} is stocking {count} card(s) into the Stalls.")).format(
                    who=who, count=len(p.cards))
    if isinstance(p, SoloThrow):  # the Stalls that hold a card: an empty one throws nothing
        stalls = _then(throwing_from(view, p))
        return (_("Step 1b throw: 1 card from {stalls} goes into its Waste Bin (B-SOLO-10): "
                  "you choose which.") if me else
                _("Step 1b throw: 1 card from {stalls} goes into its Waste Bin (B-SOLO-10): "
                  "{who} chooses which.")).format(who=who, stalls=stalls)
    if phase == "closing" and _menu_done(view):
        return (_("You are finishing the Closing Round: every Kenduri list is completed "
                  "(B-KEN-06).") if me else
                _("{who} is finishing the Closing Round: every Kenduri list is completed "
                  "(B-KEN-06).")).format(who=who)
    fresh = view.rules.plays.fresh_row  # Sendiri stocks from its Row only (B-SOLO-11)
    now = ((_MINE_FRESH if fresh else _MINE_NOW) if me else
           (_THEIR_FRESH if fresh else _THEIR_NOW)).get(str(phase))
    if now is None:
        shown = _(PHASES[str(phase)]) if str(phase) in PHASES else str(phase)
        return (_("You decide ({now}).") if me else _("{who} is deciding ({now}).")).format(
            who=who, now=shown)
    return _(now).format(who=who, rent=_rent(view.rules), left=view.actions_left)


def _end_actions_warning(view: Any, action: A.EndActions) -> str:
    if view.actions_left > 0:
        return _("End the Action Phase with {count} action(s) unused?").format(
            count=view.actions_left)
    return ""


def _skip_warning(view: Any, action: A.SkipStocking) -> str:
    return _("Skip stocking this turn? Your Stalls get no new produce.")


def _done_warning(view: Any, action: A.Done) -> str:
    pending = view.pending
    if (isinstance(pending, Purchase) and pending.kind == "sell" and pending.picked
            and purchase_total(view, pending) == 0):  # helper-112 sold a card for nothing
        # without being asked
        basis = price_basis(view, "sell")[0]
        if basis == "full":  # a full-price Event (EV-17..20) on cards priced RM0
            return _("Sell {count} card(s) for RM0? At the market price now, they are worth "
                     "nothing (B-SELL-01).").format(count=len(pending.picked))
        if basis == "half_each":
            return _("Sell {count} card(s) for RM0? Each card sells for half its price, rounded "
                     "down (B-SELL-01, A-B-10), so each pays nothing.").format(
                count=len(pending.picked))
        return _("Sell {count} card(s) for RM0? A SELL pays half the market price, rounded "
                 "down (B-SELL-01): half of RM{worth} is RM0.").format(
            count=len(pending.picked), worth=sum(x.price for x in pending.picked))
    return ""


WARNINGS: dict[type[A.Action], Callable[[Any, Any], str]] = {
    A.EndActions: _end_actions_warning,
    A.SkipStocking: _skip_warning,
    A.Done: _done_warning,
}
"""The action kinds a board may question before playing them, each with its question
(``WARNINGS[type](view, action)``, "" when there is none in that position): an Action Phase
ended with actions unused, a stocking skipped, a SELL finished for nothing. Every other kind is
played without a question (:func:`warning`)."""


def warning(view: Any, action: A.Action) -> str:
    """A question to ask before ``action`` when it throws part of the turn away, or sells
    cards for nothing ("" if none; :data:`WARNINGS`).

    Example:
        >>> from marketlib.bansan import EndActions, position, view
        >>> s = position(players=2, rents={0: ["FV"], 1: ["WG"]}, phase="actions")
        >>> warning(view(s, 0), EndActions(player=0))
        'End the Action Phase with 2 action(s) unused?'
    """
    question = WARNINGS.get(type(action))
    return "" if question is None else question(view, action)


def ended_name(ending: str, rules: Any) -> str | None:
    """How a game ended, in a few English words (the catalogue's): :data:`ENDED` by the
    outcome's ending code, but a Kenduri whose Menu was completed names its feast (B-KEN-06:
    its Last Round was played too, and "the Last Round was played" hid that the table had won
    its Menu, helper-119). The game package hands it to the coach's results and the end-of-game
    sentence (``marketlib.bots.coach.ending_name``)."""
    if ending == "money" and rules.plays.shared_menu:
        return N_("the Kenduri Menu was completed")
    return ENDED.get(ending)


def _ordinal_of(n: int) -> str:
    if get_language() == "en":
        return f"{n}{_ordinal(n)}"
    return _("{n}th (ordinal)").format(n=n)


def _seats(seats: Sequence[int], reader: int | None) -> str:
    """``P1``, ``P1 and you``, ``P0, P2 and P3``: seats in a sentence, the reader as "you"."""
    names = [_who(s, reader) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + _(" and ") + names[-1]


def _lists_value(view: Any, vendor: Any) -> int:
    """RM of a vendor's completed Shopping Lists (public: B-UPK-07, A-B-57)."""
    lists = catalog(view).lists
    return sum(lists[x].value for x in vendor.completed)


def _lists_done(view: Any, vendor: Any) -> str:
    """A vendor's completed lists as a count and their value ("2 worth RM12", "none")."""
    count = len(vendor.completed)
    return (_("{count} worth RM{value}").format(count=count, value=_lists_value(view, vendor))
            if count else _("none"))


def _standing(view: _GoalFacts) -> str:
    """Where each vendor stands, from what the reader may know: their own money, the completed
    lists of everyone (public, B-UPK-07), others' money only when it is not hidden (A-B-57)."""
    me = view.viewer
    vendors = view.vendors
    if me is None:  # the teacher view: everything
        return _("Money: {all}.").format(all=", ".join(
            _("P{seat} RM{money} (completed lists: {lists})").format(
                seat=p, money=v.money, lists=_lists_done(view, v))
            for p, v in enumerate(vendors)))
    own = vendors[me]
    text = _("You: RM{money} (completed lists: {lists}).").format(
        money=own.money, lists=_lists_done(view, own))
    others = [p for p in range(len(vendors)) if p != me]
    if not others:
        return text
    if all(vendors[p].money is None for p in others):
        lists = ", ".join(f"P{p} {_lists_done(view, vendors[p])}" for p in others)
        return _("{you} Others: money hidden (completed lists: {lists}).").format(
            you=text, lists=lists)
    return _("{you} Others: {others}.").format(you=text, others=", ".join(
        (_("P{seat} money hidden (completed lists: {lists})") if vendors[p].money is None
         else _("P{seat} RM{money} (completed lists: {lists})")).format(
             seat=p, money=vendors[p].money, lists=_lists_done(view, vendors[p]))
        for p in others))


def _last_round(view: _GoalFacts) -> str:
    """What ends a multiplayer game and how close it is (B-END-01..05, B-END-08, B-KEN-04)."""
    rules = view.rules
    reader = view.viewer
    then = (_("then the Closing Round (B-END-05)") if rules.closing_round
            else _("then the money is counted, without a Closing Round (B-END-08)"))
    if view.closing:
        return _("Closing Round (B-END-05): each vendor in turn completes the Shopping Lists "
                 "they can, then throws their leftover produce into the bins (fined past a full "
                 "bin); then the money is counted.")
    if view.trigger is not None:
        n = len(view.vendors)
        now = (view.current - view.first) % n  # B-END-03: up to the Last Player (A-B-34)
        rest = [(view.first + k) % n for k in range(now + 1, n)]
        if not rest:
            left = _("this is the last turn")
        elif len(rest) > 1:
            left = _("after this turn, {seats} take one more turn each")
        elif rest[0] == reader:
            left = _("after this turn, you take one more turn")
        else:
            left = _("after this turn, {seats} takes one more turn")
        if rest:
            left = left.format(seats=_seats(rest, reader))
        return _("Last Round, triggered by {who} (B-END-02/03): {left}; {then}.").format(
            who=_who(view.trigger, reader), left=left, then=then)
    deck = _("the Deck runs out ({count} cards left)").format(count=view.deck_size)
    if rules.plays.shared_menu:  # B-KEN-04 replaces B-END-01(a)
        return _("The Last Round starts when the last Kenduri list is completed or {deck} "
                 "(B-KEN-04).").format(deck=deck)
    counts = [len(v.completed) for v in view.vendors]
    most = max(counts)
    closest = (_("nobody has completed one yet") if most == 0 else
               _("closest: {seats} with {most}").format(
                   seats=_seats([p for p, c in enumerate(counts) if c == most], reader),
                   most=most))
    return _("The Last Round starts when a vendor completes their {ordinal} Shopping List "
             "({closest}) or {deck} (B-END-01).").format(
                 ordinal=_ordinal_of(rules.trigger_lists), closest=closest, deck=deck)


MOST_MONEY = N_("Most money at the end wins (B-END-06; ties: the higher value of completed "
                "Shopping Lists, then the fewer leftover produce cards, B-END-07).")
"""What wins a standard Bansan game, with its tie-breakers (B-END-06/07), in English
(``_(MOST_MONEY)`` in the language in force)."""


LEFTOVERS = N_("At the end, each vendor's leftover produce (Stalls and Bag) is thrown into "
               "the Waste Bins, and each card that overflows a bin (over {capacity}) costs its "
               "vendor RM{fine} (B-END-05).")
"""What an unsold card costs at the end (B-END-05, B-BIN-02; in Kenduri too, B-KEN-07), said
beside the goal while the game goes on: a learner who stocks every Stall must know the
leftovers are fined. Not said where nothing is thrown (no Closing Round, B-END-08) or fined
(``fine_per_card=0``)."""


def _kenduri(view: _GoalFacts) -> str:
    """The Kenduri Menu's progress (B-KEN-02..06): lists done, those still open and the produce
    they need, the deadline (A-B-39) and what wins once it is met."""
    rules = view.rules
    menu = rules.kenduri_lists
    deadline = (_("the game ends") if rules.kenduri_deadline == "end_of_game"
                else _("the Deck runs out"))  # B-KEN-05, A-B-39
    head = _("Team goal: complete all {menu} Kenduri lists before {deadline}, or everyone loses "
             "(B-KEN-05); then most money wins (B-KEN-06).").format(menu=menu, deadline=deadline)
    if view.missed:
        return _("{head} The Kenduri has failed: {lists} still open when the Deck ran out "
                 "(B-KEN-05).").format(head=head, lists=", ".join(view.missed))
    done = menu - len(view.public)
    lists = catalog(view).lists
    needs: dict[Produce, int] = {}
    for x in view.public:
        for icon in lists[x].icons:
            needs[icon] = needs.get(icon, 0) + 1
    still = ("" if not view.public else _("; still open: {lists}, needing {needs}").format(
        lists=", ".join(view.public),
        needs=", ".join(f"{needs[p]} {_name(p)}" for p in Produce if p in needs)))
    return _("{head} Done {done} of {menu}{still}.").format(head=head, done=done, menu=menu,
                                                            still=still)


def _solo_standing(view: _GoalFacts, done: int, total: int, value: int) -> str:
    """Where a Sendiri vendor stands if the game ended now (B-SOLO-18, A-B-45): a total far
    above twice the lists' value reads as won while lists are still missing (helper-74). Each
    list completed pays its value (B-UPK-03) but adds twice its value to what the total must
    reach. On the last turn (B-SOLO-16) the lists still missing are a loss once Upkeep's
    completing is over, or when the Wallet holds fewer lists than are missing (its new lists
    come after completing, B-UPK-06): helper-77 read "Not won yet" on a lost last turn."""
    rules = view.rules
    double = 2 * value
    enough = solo_clears(rules, total, value)
    missing = rules.solo_target - done
    if rules.solo_require_target and missing > 0:
        wallet = view.vendors[0].wallet
        if view.trigger is not None and (view.settled or (
                wallet is not None and missing > wallet)):
            return _("Lost: {done} of {target} Shopping Lists completed, and not enough can "
                     "be completed before the game ends (B-SOLO-18, A-B-45).").format(
                         done=done, target=rules.solo_target)
        return _("Not won yet: {missing} more Shopping List(s) to complete (each one pays its "
                 "value but adds 2 x its value to what the total must reach).").format(
                     missing=missing)
    if enough:
        return (_("If it ended now you would win, unless the final throw's fines pull the "
                  "total below {double}.") if rules.solo_compare == ">=" else
                _("If it ended now you would win, unless the final throw's fines pull the "
                  "total to {double} or below.")).format(double=double)
    return _("If it ended now you would lose: the total is {gap} short.").format(
        gap=double - total + (rules.solo_compare == ">"))


_LISTS_SETTLED = frozenset({"return_lists", "bag"})
"""The phases of a turn after Upkeep's completing (B-UPK-01 [A], then B-UPK-06 and [B]):
no Shopping List can be completed before the turn ends."""


def _sendiri(view: _GoalFacts) -> str:
    """The solo target and the score so far as B-SOLO-18 counts it (A-B-45), and how close the
    end is (B-SOLO-16, A-B-50, A-B-59)."""
    rules = view.rules
    target = rules.solo_target
    me = view.vendors[0]
    done = len(me.completed)
    value = _lists_value(view, me)
    compare = _("at least") if rules.solo_compare == ">=" else _("more than")  # A-B-45
    lists = (_("complete {target} Shopping Lists (done {done}) and ") if
             rules.solo_require_target else _("complete Shopping Lists (done {done}; {target} "
                                              "is the target but not required, A-B-45) and ")
             ).format(target=target, done=done)
    head = _("Target: {lists}end with money + Deck cards {compare} 2 x their value "
             "(B-SOLO-18).").format(lists=lists, compare=compare)
    if me.money is None or view.over:
        return head
    total = me.money + view.deck_size
    now = _("Now: RM{money} + {deck} Deck cards = {total} against 2 x RM{value} = {double} "
            "(before the final throw's fines, B-SOLO-17).").format(
                money=me.money, deck=view.deck_size, total=total, value=value, double=2 * value)
    now += " " + _solo_standing(view, done, total, value)
    if view.trigger is not None:
        return _("{head} {now} The game ends after this turn (B-SOLO-16).").format(head=head,
                                                                                  now=now)
    draws = SOLO_ROW + 1  # step 1b's card and the Row (B-SOLO-10/11)
    if view.to_stock:  # the opening stock is still to draw (B-SOLO-06): "about 15 turns" at
        # 75 cards read one turn too many (helper-106)
        return _("{head} {now} It ends after the turn you complete your {ordinal} list or the "
                 "Deck runs out (B-SOLO-16): about {turns} turn(s) left, the Deck has {deck} "
                 "cards, {opening} of them for the opening stock (B-SOLO-06), and a turn draws "
                 "{draws}.").format(head=head, now=now, ordinal=_ordinal_of(rules.trigger_lists),
                                    turns=max(0, (view.deck_size - view.to_stock) // draws),
                                    deck=view.deck_size, opening=view.to_stock, draws=draws)
    turns = max(0, view.deck_size // draws)
    return _("{head} {now} It ends after the turn you complete your {ordinal} list or the Deck "
             "runs out (B-SOLO-16): about {turns} turn(s) left, the Deck has {deck} cards and a "
             "turn draws {draws}.").format(head=head, now=now,
                                           ordinal=_ordinal_of(rules.trigger_lists),
                                           turns=turns, deck=view.deck_size, draws=draws)


def goal(view: Any) -> str:
    """What wins and where the reader stands, from their view only (never hidden money or
    lists, A-B-57), with what ends the game and how close it is; every number from the rules
    in force. The standard game: most money (B-END-06/07), the reader's money and everyone's
    completed lists, the Last Round trigger (B-END-01..05); Kenduri: the Menu's progress
    (B-KEN-02..06); Sendiri: the target and the score so far (B-SOLO-16..18).

    Example:
        >>> from marketlib.bansan import Rules, setup, view
        >>> print(goal(view(setup(Rules(players=3), seed=1), 1)))
        ... # doctest: +NORMALIZE_WHITESPACE
        Most money at the end wins (B-END-06; ties: the higher value of completed Shopping Lists,
        then the fewer leftover produce cards, B-END-07). At the end, each vendor's leftover
        produce (Stalls and Bag) is thrown into the Waste Bins, and each card that overflows a
        bin (over 5) costs its vendor RM1 (B-END-05). You: RM10 (completed lists: none).
        Others: money hidden (completed lists: P0 none, P2 none). The Last Round starts when a
        vendor completes their 3rd Shopping List (nobody has completed one yet) or the Deck runs
        out (60 cards left) (B-END-01).
        >>> goal(view(setup(Rules(players=3, mode="kenduri"), seed=1), 0)).split(". ")[1][:9]
        'Done 0 of'
    """
    last_solo_turn = view.rules.plays.solo and view.trigger is not None
    return _goal(_GoalFacts(
        rules=view.rules, cards=view.cards, viewer=view.viewer, closing=view.phase == "closing",
        current=view.current, first=view.first, trigger=view.trigger,
        deck_size=view.deck_size, public=view.public, missed=view.missed,
        over=view.result is not None,
        # read only then: each distinct value is a goal line worked out again
        settled=last_solo_turn and view.phase in _LISTS_SETTLED,
        to_stock=OPENING_HAND if view.rules.plays.solo and view.phase == "open_lists" else 0,
        vendors=tuple([
            _Standing(v.money, v.completed,
                      None if v.wallet is None or not last_solo_turn else len(v.wallet))
            for v in view.vendors])), get_language())


class _Standing(msgspec.Struct, frozen=True, gc=False):
    """A vendor as :func:`goal` reads them: money (``None`` when hidden), completed lists and,
    on Sendiri's last turn, the number of lists in the Wallet (else ``None``)."""

    money: int | None
    completed: tuple[str, ...]
    wallet: int | None = None


class _GoalFacts(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """Everything of a view that :func:`goal` reads, and nothing else (issue 28: a board's
    refresh): the goal line is worked out once per distinct value (:func:`_goal`), and a goal
    line that read anything more would fail here with an ``AttributeError``, not go stale.
    ``over``: the game has ended (the view's ``result`` is not ``None``)."""

    rules: Rules
    cards: str
    viewer: int | None
    closing: bool
    current: int
    first: int
    trigger: int | None
    deck_size: int
    public: tuple[str, ...]
    missed: tuple[str, ...]
    over: bool
    settled: bool  # Sendiri's last turn, after Upkeep's completing (else False)
    to_stock: int  # Sendiri: the opening stock's cards still in the Deck (B-SOLO-06; else 0)
    vendors: tuple[_Standing, ...]


@functools.lru_cache(maxsize=1024)
def _goal(view: _GoalFacts, lang: str) -> str:
    """:func:`goal` of the facts ``view`` in language ``lang`` (the language in force)."""
    rules = view.rules
    if rules.plays.solo:
        return _sendiri(view)
    head = _kenduri(view) if rules.plays.shared_menu else _(MOST_MONEY)
    if view.over:
        return head
    if rules.closing_round and rules.fine_per_card:  # else nothing is thrown or fined (B-END-08)
        head += " " + _(LEFTOVERS).format(fine=rules.fine_per_card, capacity=rules.bin_capacity)
    return f"{head} {_standing(view)} {_last_round(view)}"


def _best_first(seats: Sequence[int], keys: Sequence[Any]) -> list[int]:
    return sorted(seats, key=lambda p: (tuple(-k for k in keys[p]), p))


def _first(seats: Sequence[int], keys: Sequence[Any], level: int) -> str:
    """The seats of ``seats`` with the best key up to part ``level``, as "P0 and P2"."""
    best = max(keys[p][:level + 1] for p in seats)
    return _(" and ").join(f"P{p}" for p in seats if keys[p][:level + 1] == best)


def score(rules: Any, seat: int, points: int) -> str:
    """One seat's final score as the end-of-game sentence writes it: money (``P0 RM26``;
    B-END-06), or in Sendiri the total of money and Deck cards (``P0 73 (money + Deck cards)``,
    B-SOLO-18), which is no sum of money."""
    if rules.plays.solo:
        return _("P{seat} {score} (money + Deck cards)").format(seat=seat, score=points)
    return _("P{seat} RM{score}").format(seat=seat, score=points)


def final_standings(view: Any) -> str:
    """The end of a finished game as ``view`` shows it (outcomes are public): each vendor's
    place, money and completed lists, and which tie-breaker decided each tie (B-END-06/07,
    A-B-28/29); a failed Kenduri (B-KEN-05); the Sendiri count (B-SOLO-18). "" while playing.

    Example:
        >>> from marketlib.sim import play
        >>> from marketlib.bansan import Rules, view
        >>> end = play("bansan", Rules(players=3), ["random"], seed=51).to_match().state
        >>> print(final_standings(view(end, 2)))
        ... # doctest: +NORMALIZE_WHITESPACE
        Standings: 1st P0 RM26 (completed lists RM6), 2nd P1 RM26 (completed lists RM0), 3rd
        P2 RM1 (completed lists RM0). P0 and P1 tied on RM26: tie-breaker 1, the higher value
        of completed Shopping Lists (B-END-07), put P0 first (P0 RM6, P1 RM0).
    """
    result = view.result
    if result is None:
        return ""
    rules = view.rules
    if rules.plays.solo:
        total = result.scores[0]
        money = total - view.deck_size
        value = _lists_value(view, view.vendors[0])
        done = len(view.vendors[0].completed)
        enough = solo_clears(rules, total, value)
        sign = rules.solo_compare if enough else {">=": "<", ">": "<="}[rules.solo_compare]
        short = done < rules.solo_target and rules.solo_require_target  # A-B-45
        why = [_(w) for w, bad in ((N_("the total falls short"), not enough),
                                   (N_("too few lists, A-B-45"), short)) if bad]
        won = (_("a win") if result.winners
               else _("a loss ({why})").format(why=_(" and ").join(why)))
        return _("Total: RM{money} + {deck} Deck cards = {total} {sign} 2 x RM{value} = "
                 "{double}; lists {done} of {target} (B-SOLO-18): {won}.").format(
                     money=money, deck=view.deck_size, total=total, sign=sign, value=value,
                     double=2 * value, done=done, target=rules.solo_target, won=won)
    if not result.winners:  # B-KEN-05
        still = view.missed or view.public
        return _("The Kenduri failed: {lists} not completed in time, so every vendor loses "
                 "(B-KEN-05).").format(lists=", ".join(still))
    keys = [(m, _lists_value(view, v), -(left or 0)) for m, v, left in zip(
        result.scores, view.vendors, view.leftovers or (None,) * len(view.vendors),
        strict=True)]
    place = places(result.winners, keys)
    order = sorted(range(len(keys)), key=lambda p: (place[p] or 0, p))
    rows = ", ".join(_("{place} P{seat} RM{money} (completed lists RM{lists})").format(
        place=_ordinal_of(place[p] or 0), seat=p, money=keys[p][0], lists=keys[p][1])
        for p in order)
    before = rules.tiebreak2_count_at == "before_throw"
    when = _(", counted before the throw, A-B-28") if before else ""
    said = []
    for level, tied in tie_breaks(keys):
        seats = _seats(tied, None)
        key = keys[tied[0]]
        if level == 1:
            said.append(_("{seats} tied on RM{money}: tie-breaker 1, the higher value of "
                          "completed Shopping Lists (B-END-07), put {first} first "
                          "({values}).").format(
                seats=seats, money=key[0], first=_first(tied, keys, level),
                values=", ".join(f"P{p} RM{keys[p][1]}" for p in _best_first(tied, keys))))
        elif level == 2:
            said.append(_("{seats} tied on RM{money} and on completed lists worth RM{lists}: "
                          "tie-breaker 2, the fewer leftover produce cards (B-END-07{when}), "
                          "put {first} first ({values}).").format(
                seats=seats, money=key[0], lists=key[1], when=when,
                first=_first(tied, keys, level),
                values=", ".join(f"P{p} {-keys[p][2]}" for p in _best_first(tied, keys))))
        else:
            said.append(_("{seats} tied on RM{money}, on completed lists worth RM{lists} and on "
                          "{left} leftover cards: they share the place (A-B-29).").format(
                seats=seats, money=key[0], lists=key[1], left=-key[2]))
    if not said:
        said.append(_("Money alone decided (B-END-06): no tie-breaker was needed."))
    menu = _(" The Kenduri was completed (B-KEN-06).") if rules.plays.shared_menu else ""
    return _("Standings: {rows}.{menu}").format(rows=rows, menu=menu) + " " + " ".join(said)


_PURCHASE_DONE = {A.Buy: N_("bought {count} {produce}{extra}"),
                  A.BuyWholesale: N_("bought wholesale {count} {produce}{extra}"),
                  A.Sell: N_("sold online {count} {produce}{extra}")}
_PURCHASE_OPEN = {A.Buy: N_("is buying {produce}: {count} picked so far{extra}"),
                  A.BuyWholesale: N_("is buying {produce} wholesale: {count} picked so far"
                                     "{extra}"),
                  A.Sell: N_("is selling {produce} online: {count} picked so far{extra}")}
"""A BUY or SELL finished (its done played) and one not finished yet (a pick made, no done:
the teacher undid the done, or the story is read mid-purchase; nothing has changed hands,
B-BUY-03)."""


def _past_purchase(a: A.Buy | A.BuyWholesale | A.Sell, me: int, picks: int, mine: int,
                   done: bool = True) -> str:
    verb = (_PURCHASE_DONE if done else _PURCHASE_OPEN)[type(a)]
    extra = _(" ({count} from your Stalls)").format(count=mine) if mine else ""
    return _(verb).format(count=picks, produce=_name(a.produce), extra=extra)


def _past_proposal(a: A.ProposeTrade, me: int, picks: int, mine: int) -> str:
    return (_("proposed a trade to you") if a.to == me else
            _("proposed a trade to P{seat}").format(seat=a.to))


def _past_counter(a: A.Counter, me: int, picks: int, mine: int) -> str:
    if a.price is not None:
        return _("countered with RM{price}").format(price=a.price)
    return _("countered with other terms")


def _past_gift(a: A.Give, me: int, picks: int, mine: int) -> str:
    return (_("gave {card} to you") if a.to == me else
            _("gave {card} to P{seat}")).format(card=a.card, seat=a.to)


def _past_halves(a: A.ChooseHalf, me: int, picks: int, mine: int) -> str:
    if a.half in ("top", "bottom"):
        return (_("stocked their opening cards (top halves)") if a.half == "top" else
                _("stocked their opening cards (bottom halves)"))
    return f"stocked its opening cards ({a.half} halves)"


_PAST: dict[type, Callable[[Any, int, int, int], str]] = {
    A.StockRow: lambda a, me, picks, mine: _("stocked every Row card showing {produce}").format(
        produce=_name(a.produce)),
    A.StockDeck: lambda a, me, picks, mine: _("stocked from the Deck"),
    A.Buy: _past_purchase, A.BuyWholesale: _past_purchase, A.Sell: _past_purchase,
    A.Empty: lambda a, me, picks, mine: _("emptied the {waste} bin").format(
        waste=_(WASTE_WORDS[a.bin.value])),
    A.Complete: lambda a, me, picks, mine: _("completed Shopping List {list}").format(
        list=a.list),
    A.RentAndRelease: lambda a, me, picks, mine: _("used R&R to {what}").format(
        what=_rent_and_release(a, None)),
    A.ProposeTrade: _past_proposal,
    A.Counter: _past_counter,
    A.Accept: lambda a, me, picks, mine: _("accepted the offer"),
    A.Decline: lambda a, me, picks, mine: _("declined the offer"),
    A.Withdraw: lambda a, me, picks, mine: _("took back the offer"),
    A.Give: _past_gift,
    A.PlaceWorker: lambda a, me, picks, mine: _("rented Stall {stall}").format(stall=a.stall),
    A.ChooseHalf: _past_halves,
    A.ReturnList: lambda a, me, picks, mine: _("returned a Shopping List"),
    A.Bargain: lambda a, me, picks, mine: _("offered RM{price} for {card}").format(
        price=a.price, card=a.card),
}
"""What a recap says a vendor did, by action kind (``me``: the reader; ``picks`` and ``mine``:
the cards a BUY or SELL picked and how many of them came from the reader's Stalls); the kinds
not listed (a pick, a tuck, done...) are said with the move they belong to, or not at all."""


def _past(action: A.Action, me: int, picks: int, mine: int) -> str:
    said = _PAST.get(type(action))
    return "" if said is None else said(action, me, picks, mine)


def closing_throw(before: Any, after: Any, who: int) -> tuple[int, int]:
    """A vendor's Closing-Round ``done`` (B-END-05 (b)+(c)): how many leftover cards from
    their own Stalls and Bag went to the Waste Bins, and how many of them landed in a full bin
    and were fined (B-BIN-02); all of it public (the Stalls, Bags and bins lie face up). The
    story and the log both say it."""
    left = len(before.vendors[who].bag) + sum(
        len(s.cards) for s in before.stalls if s.renter == who)
    cap = before.rules.bin_capacity
    over = sum(fine_for(len(b0), len(b1) - len(b0), cap)  # the throw's overflow (D-B-10)
               for b0, b1 in zip(before.bins, after.bins, strict=True)) if left else 0
    return left, over


def _closing_step(before: Any, after: Any, who: int) -> str:
    """:func:`closing_throw` in words."""
    left, over = closing_throw(before, after, who)
    if not left:
        return _("had no leftover cards to throw")
    if not over:
        return _("threw {count} leftover card(s) into the Waste Bins").format(count=left)
    return _("threw {count} leftover card(s) into the Waste Bins, {over} of them into a full "
             "bin (fined)").format(count=left, over=over)


def recap(views: Sequence[Any], actions: Sequence[A.Action], me: int) -> str:
    """One sentence: what one vendor did in a row of moves, and what it changed for ``me``.

    Args:
        views: ``me``'s view before each move and after the last (``len(actions) + 1``).
        actions: the vendor's moves, in order (all by the same seat).
        me: the seat reading the sentence.

    Example:
        >>> from marketlib import Match
        >>> from marketlib.bansan import position, view
        >>> s = position(players=2, rents={0: ["WG"], 1: ["MT"]}, stalls={"MT": ["MT", "MT"]},
        ...              phase="actions", current=0)
        >>> m = Match.from_state("bansan", s)
        >>> meat = next(st for st in s.stalls if st.cards).cards[0]
        >>> for move in ("P0 buy MT", f"P0 pick {meat}", "P0 done"):
        ...     _ = m.play(move)
        >>> recap([view(x, 1) for x in m.states], m.history, 1)
        'P0 bought 1 Meat (1 from your Stalls): +RM2 for you.'
    """
    if not actions:
        return ""
    who = actions[0].player
    phrases: list[str] = []
    last = views[-1]  # the Closing Round is the game's last phase: only then is a done one's
    closing = last.phase == "closing" or last.result is not None  # (each view read costs)
    i = 0
    while i < len(actions):
        a = actions[i]
        picks = mine = 0
        if isinstance(a, (A.Buy, A.BuyWholesale, A.Sell)):
            mine_before = {c for s in views[i].stalls if s.renter == me for c in s.cards}
            j = i + 1
            bargain: A.Bargain | None = None
            while j < len(actions) and isinstance(actions[j], (A.Pick, A.Bargain)):
                step = actions[j]
                if isinstance(step, A.Pick):
                    picks += 1
                    mine += step.card in mine_before
                elif isinstance(step, A.Bargain):
                    bargain = step
                j += 1
            if picks == 0:
                if bargain is not None:  # waiting for the renter's answer (B-ANY-01)
                    phrases.append((_("offers RM{price} for your {card}")
                                    if bargain.card in mine_before else
                                    _("offers RM{price} for {card}")).format(
                                        price=bargain.price, card=bargain.card))
                i = j
                continue
            if not any(isinstance(x, A.Done) for x in actions[j:]):  # no done yet: still open
                # (helper-103 read "bought ... +RM2 for you" after the teacher undid the done)
                phrases.append(_past_purchase(a, me, picks, mine, done=False))
                i = j
                continue
        phrase = (_closing_step(views[i], views[i + 1], a.player)
                  if closing and isinstance(a, A.Done) and views[i].phase == "closing" else
                  _past(a, me, picks, mine))
        if phrase and (not phrases or phrases[-1] != phrase):
            phrases.append(phrase)
        i += 1
    before, after = views[0], views[-1]
    events = catalog(after).events
    phrases.extend(_("flipped the Event {name} ({event})").format(name=_(events[e].name), event=e)
                   for e in flipped(before, after))  # face up, at Upkeep (B-UPK-10)
    changes = []
    m0, m1 = before.vendors[me].money, after.vendors[me].money
    if m0 is not None and m1 is not None and m1 != m0:
        changes.append(_("{sign}RM{amount} for you").format(sign="+" if m1 > m0 else "-",
                                                            amount=abs(m1 - m0)))
    b0, b1 = len(before.vendors[me].bag), len(after.vendors[me].bag)
    if b1 > b0:
        changes.append(_("{count} card(s) into your Bag").format(count=b1 - b0))
    text = ", ".join(phrases[:-1]) + (_(" and ") if len(phrases) > 1 else "") + (
        phrases[-1] if phrases else _("played"))
    name = _("The Neighbour") if who < 0 else f"P{who}"
    return f"{name} {text}" + (f": {', '.join(changes)}." if changes else ".")


EVENT_NAMES: tuple[str, ...] = (
    N_('Busy morning'),
    N_('Chinese New Year'),
    N_('Christmas baking season'),
    N_('Council inspection: dry section'),
    N_('Council inspection: fish section'),
    N_('Council inspection: meat section'),
    N_('Council inspection: sundry section'),
    N_('Council inspection: vegetable section'),
    N_('Council inspection: wet section'),
    N_('Council summons'),
    N_('Council waste collection'),
    N_('Deepavali'),
    N_('Gotong-royong clean-up'),
    N_('Hari Raya Aidilfitri'),
    N_('Mid-Autumn Festival'),
    N_('New food-court menu'),
    N_('Online sale boom'),
    N_('Thaipusam'),
    N_('Wholesaler promotion'),
)
"""The name of every Event of the reconstructed deck (``data/events.csv``, B-COMP-07), as the
card data writes it, in English: a board shows ``_(event.name)``. A test checks that every
name of the deck is here."""


MOVE_WORDS: dict[str, str] = {
    "return_list": N_("returning a Shopping List"),
    "choose_half": N_("choosing the halves of your opening cards"),
    "tuck": N_("tucking a card into a Stall"),
    "place_worker": N_("placing a Worker"),
    "move": N_("moving the Workers"),
    "stock_row": N_("stocking from the Row"),
    "stock_deck": N_("stocking from the Deck"),
    "skip_stocking": N_("skipping the Stocking Phase"),
    "buy": N_("buying from other vendors"),
    "buy_wholesale": N_("buying wholesale"),
    "sell": N_("selling online"),
    "pick": N_("picking a card for a BUY or SELL"),
    "bargain": N_("bargaining"),
    "done": N_("finishing a BUY or SELL, or completing Shopping Lists"),
    "empty": N_("emptying a Waste Bin"),
    "end_actions": N_("ending the Action Phase"),
    "complete": N_("completing a Shopping List"),
    "give": N_("giving a card away"),
    "throw": N_("throwing a card into a Waste Bin"),
    "rent_and_release": N_("Rent & Release"),
    "propose_trade": N_("proposing a trade"),
    "counter": N_("making a counter-offer"),
    "accept": N_("accepting an offer"),
    "decline": N_("declining an offer"),
    "withdraw": N_("taking back an offer"),
}
"""Each kind of move in words, by its tag in the action table, for a refusal that names a move
a step does not offer: "placing a Worker (worker) is not part of it" (helper-78 read "worker
is not part of it"); the notation verb follows in brackets. A test checks every kind has
words."""

SOLO_MOVE_WORDS: dict[str, str] = {"buy": N_("buying from the Stalls")}
"""The moves Sendiri says otherwise (:data:`MOVE_WORDS`): a BUY there takes from the Neighbour's
and unoperated Stalls, not from other vendors (B-SOLO-12; helper-107)."""


REFUSALS: tuple[str, ...] = (
    N_("it is '{phase}' now, and {move} ({verb}) is not part of it"),
    N_("it is '{phase}' now, and {move} ({verb}) is not part of it: it comes in {steps}"),
    N_('nobody holds personal Shopping Lists in the Kenduri Menu'),
    N_('there is nobody to trade with in Sendiri'),
    N_('there is no bargaining in Sendiri: the prices are fixed'),
    N_('there are no offers in Sendiri'),
    N_('in Sendiri the Workers are placed at setup'),
    N_('there is no other vendor: excess bag cards must be thrown'),
    N_(' or in '),
    N_(', after end-actions, or in '),  # the fragments between the steps' quoted names
    N_(', after end-actions'),  # (rules._out_of_step), each said in the reader's language
    N_(', after end-actions,'),
    N_('no Shopping List is to be returned now'),
    N_('{list} is not in your Wallet'),
    N_('the halves are already chosen: tuck the cards'),
    N_('no card is waiting to be stocked (choose [A] Row or [B] Deck first)'),
    N_('choose top or bottom halves first'),
    N_('{card} is not one of the cards being stocked'),
    N_('{stall} is not in play'),
    N_('{card} is stocked as {shown}, and {stall} sells {sells}'),
    N_('{stall} is CLOSED: produce can never be stocked into it'),
    N_('{stall} is already rented by P{renter}: a stall has one vendor'),
    N_('choose a row 1-{rows}, not {row}'),
    N_('you already chose: tuck the cards being stocked'),
    N_('no Row card shows {produce}'),
    N_('no open {produce} stall can take the cards (A-B-17)'),
    N_('in Sendiri you stock only from the {count}-card Row, not the Deck'),
    N_('the WHOLESALE Deck is empty'),
    N_('stocking is mandatory while [A] or [B] is possible (A-B-18)'),
    N_('stocking from the Row is mandatory while a Row card can be stocked (A-B-18)'),
    N_('a card is named twice'),
    N_('{missing} not in your bag: only bag cards complete lists (A-B-56)'),
    N_('{list} needs exactly {want}, one card per icon'),
    N_('{list} needs exactly {want}, one card per icon; your bag is short of {lacks}'),
    N_('{card} is not in your bag'),
    N_("give the excess to another player's bag"),
    N_('there is no R&R in Sendiri: Workers move by rule'),
    N_('R&R starts with the first turn (opening_rr=False; A-B-60)'),
    N_('the Last Round is triggered: no more R&R'),
    N_('you have already used your R&R, and it is once a game (your Shopping Bag is flipped '
       'to show it, B-ANY-07)'),
    N_('name a stall to rent and/or release'),
    N_('you do not rent {stall}'),
    N_("there is no trading in the Closing Round (closing_trades='never', A-B-62)"),
    N_('trading is switched off (allow_trades=False)'),
    N_('trade with another vendor'),
    N_('the trade is empty'),
    N_('amounts are whole RM of at least 0 (name who pays with pay/ask)'),
    N_('there is no offer to counter'),
    N_('there is no offer to take back'),
    N_('only P{frm}, who made the offer, can take it back'),
    N_('{most} counter-offers were made: accept or decline now (A-B-60)'),
    N_('counter a trade with your own terms: give=, take=, pay=, ask='),
    N_('{list} is not an open Kenduri list'),
    N_('{list} is not an open Kenduri list (P{seat} completed it)'),
    N_('throw a card of {stall} {produce}, the stall of the type shown on {card}'),
    N_('{stall} is rented by P{renter}: R&R rents only an unoperated Stall'),
    N_('{stall} is CLOSED and cannot be rented (A-B-22)'),
    N_('the stall draft still places {count} Workers and needs an unrented stall for '
       'each (A-B-60)'),
    N_('you have no free Worker ({count} stalls at most)'),
    N_('you have no free Worker ({count} stalls at most, counting the Workers the stall '
       'draft still places)'),
    N_('releasing would leave you without a stall (A-B-32)'),
    N_('P{seat} has thrown their leftovers and paid: they take part in no further trade (A-B-62)'),
    N_("produce moves only bag to bag: {cards} must be in P{seat}'s bag"),
    N_('{card} is named twice: a trade moves each card once'),
    N_('you can pay at most RM{money}'),
    N_('you can pay at most RM{money} (RM{promised} is promised in your open offer, A-B-61)'),
    N_('you can pay at most RM{money} (RM{owed} is owed for the cards picked in your BUY, '
       'B-BUY-07)'),
    N_('you can pay at most RM{money} (RM{owed} is owed for the cards picked in your BUY and '
       'RM{promised} is promised in your open offer, A-B-61)'),
    N_('you no longer sell {produce}: your wholesalers supply only the types of the stalls you '
       'rent; finish this BUY with done'),
    N_('releasing {stall} now would leave your {purchase} nothing to pick (it moves 1 or more '
       'cards): pick a card first'),
    N_('renting costs RM{cost} and you can spend RM{money}'),
    N_('renting costs RM{cost} and you can spend RM{money} (RM{promised} is promised in your '
       'open offer, A-B-61)'),
    N_('renting costs RM{cost} and you can spend RM{money} (RM{owed} is owed for the cards '
       'picked in your BUY, B-BUY-07)'),
    N_('renting costs RM{cost} and you can spend RM{money} (RM{owed} is owed for the cards '
       'picked in your BUY and RM{promised} is promised in your open offer, A-B-61)'),
    N_('{card} is no longer in a stall'),
    N_('P{seller} no longer rents {stall}: the bargain for {card} is void (A-B-61)'),
    N_('you can spend RM{can}, not the RM{price} agreed (A-B-61)'),
    N_('P{seat} can spend RM{can}, not the RM{price} agreed (A-B-61)'),
    N_("counter a bargain with another price only: 'counter price=3'"),
    N_('a price cannot be negative'),
    N_('RM{price} is the price offered: accept it instead'),
    N_('you can spend RM{can}, not RM{price}'),
    N_('you cannot pay the RM{amount} of the trade: RM{can} can still be spent (A-B-61)'),
    N_('P{seat} cannot pay the RM{amount} of the trade: RM{can} can still be spent (A-B-61)'),
    N_('finish the {what} first (pick cards, then done)'),
    N_('you have no actions left this turn'),
    N_('{card} is not in a stall that sells {produce}'),
    N_('{card} is in your own stall {stall}: you can never buy from your own stalls'),
    N_('every stall that holds {produce} ({code}) is your own: you can never buy from your own '
       'stalls'),
    N_("{card} is in P{seat}'s Bag: a BUY takes cards from the Stalls, never from a vendor's "
       "Bag"),
    N_('{stall} is CLOSED: you cannot buy from it'),
    N_('this BUY takes cards from one seller only (buy_multi_seller=False)'),
    N_('{card} is not a Row card showing {produce}'),
    N_('that BUY would cost RM{cost} and you have RM{money}'),
    N_('no stall holds {produce} ({code}) to buy'),
    N_('you do not sell {produce}: your wholesalers supply only the types of the stalls you rent'),
    N_('start a BUY or SELL before picking cards'),
    N_('bargaining is switched off (allow_trades=False)'),
    N_('a bargain names a price for a card during a BUY from vendors'),
    N_('an unoperated stall has no vendor to bargain with'),
    N_('no BUY or SELL is in progress: to stop, end the Action Phase (end-actions)'),
    N_('pick at least 1 card first'),
    N_('the {waste} bin holds no card'),
    N_('finish the BUY or SELL in progress first (pick cards, then done)'),
    N_('you must take all your actions (actions_exact=True)'),
    N_('{card} is already picked in this BUY: bargain over a card before you pick it, '
       'or pick another'),
    N_('{stall} is unoperated: in multiplayer you cannot buy from it'),
    N_('{card} costs RM{unit} and you can spend RM{can}'),
    N_('{produce} ({code}) costs RM{unit} a card in {stall} and you can spend RM{can}'),
    N_('{card} is already picked'),
    N_('{stall} is CLOSED (sell_from_closed_stall=False)'),
    N_('a SELL of {produce} takes cards from {source}'),
    N_('{card} is in your Bag, and {takes}'),
    N_('{card} in your Bag counts as {locked}, not {produce}'),
    N_('{card} is in none of your stalls; {takes}'),
    N_("{card} is in nobody's stall {stall}; {takes}"),
    N_("{card} is in the Neighbour's stall {stall}; {takes}"),
    N_("{card} is in P{owner}'s stall {stall}; {takes}"),
    N_('{card} is in your stall {stall}, which sells {sells}, not {produce}'),
    N_('{card} is in your stall {stall}, and {takes}'),
    N_('you have no {name} ({code}) to sell in {source}'),
    N_('the game is over'),
    N_("P{to} must first answer P{frm}'s offer"),
    N_("it is P{seat}'s decision, not P{player}'s"),
    N_('there is no offer to answer'),
    N_('your {count} actions are over: this is the Upkeep Phase'),
    N_('answer the offer first: accept, decline or counter'),
)
"""The sentences this game's rules code refuses a move with (``explain``'s reasons), as it
writes them, in English; :func:`~marketlib.core.i18n.refusal` translates a refusal that matches
one where a person reads it (the rules code stays untranslated: no cost where bots search)."""
register_refusals(REFUSALS)

PREVIEWS: tuple[str, ...] = (
    N_('the game ends after this turn (B-SOLO-16)'),
    N_('fined RM{amount} for cards that overflow their bins ({rule})'),
    N_('ends your Action Phase with {count} action(s) unused (A-B-19); Upkeep follows'),
    N_('it may draw the last card, which ends the game after this turn (B-SOLO-16)'),
    N_('then P{seat} draws the next {count} Deck cards to stock (B-OPEN-03; {deck} in the Deck '
       'now)'),
    N_('then you draw the next {count} Deck cards to stock (B-SOLO-06; {deck} in the Deck now)'),
    N_('the {waste} bin holds no card: you gain RM{gain} (B-EMPTY-01, A-B-12)'),
    N_("the {waste} bin's {count} card(s) go to the Outside Market, and you gain RM{gain} "
       "(B-EMPTY-01)"),
    N_('+RM{gain}: it is not the first bin you empty this turn (B-EMPTY-02)'),
    N_('+RM{gain}: the bin is overflowing (B-EMPTY-03)'),
    N_('+RM{gain} from {event} ({id})'),
    N_('your Worker moves from Stall {stall} ({produce}) to {to} ({to_produce}) (B-SOLO-09)'),
    N_("the Neighbour's moves too, from Stall {stall} ({produce}) to {to} ({to_produce})"),
    N_("then 1 Deck card is drawn: for each type it shows, 1 card of that type's Stall, if it "
       "holds any, goes to its Waste Bin, without a fine (B-SOLO-10)"),
    N_('{card} goes from Stall {stall} into the {waste} bin, without a fine (B-SOLO-10)'),
    N_('{card} goes into the {waste} bin'),
    N_('{card} goes into the {waste} bin, without a fine (B-UPK-08)'),
    N_('takes {count} Row card(s) showing {produce}; then tuck each into a Stall'),
    N_("buy {produce} from other vendors' Stalls at RM{price} a card: pick the cards next"),
    N_("buy {produce} from the Stalls at RM{price} a card from the Neighbour's, RM{double} from "
       "an unoperated one: pick the cards next"),
    N_("buy {produce} from other vendors' Stalls at RM{price} a card (RM{double} from an "
       "unoperated Stall): pick the cards next"),
    N_('buy {produce} from the Row at half price (rounded down once for the purchase): '
       'pick the cards next'),
    N_('sell {produce} from {source} at half price (rounded down once for the sale): '
       'pick the cards next'),
    N_("buy {produce} from the Row at half price (each card's half rounded down, A-B-10): "
       "pick the cards next"),
    N_("sell {produce} from {source} at half price (each card's half rounded down, A-B-10): "
       "pick the cards next"),
    N_('buy {produce} from the Row for free this turn ({event}): pick the cards next'),
    N_('sell {produce} from {source} at full price this turn ({event}): pick the cards '
       'next'),
    N_('{count} card(s) picked'),
    N_('{count} card(s) picked: if you finish now (done), you pay RM{money} (free this turn, '
       '{event})'),
    N_('{count} card(s) picked: if you finish now (done), you get RM{money} (full price '
       'this turn, {event})'),
    N_('{count} card(s) picked: if you finish now (done), you get RM{money}'),
    N_('{count} card(s) picked: if you finish now (done), you pay RM{money}'),
    N_('{count} card(s) picked: if you finish now (done), you get RM{money} (half '
       'price, rounded down once)'),
    N_('{count} card(s) picked: if you finish now (done), you pay RM{money} (half '
       'price, rounded down once)'),
    N_('{count} card(s) picked: if you finish now (done), you get RM{money} (half '
       'price, each card rounded down, A-B-10)'),
    N_('{count} card(s) picked: if you finish now (done), you pay RM{money} (half '
       'price, each card rounded down, A-B-10)'),
    N_('rent Stall {stall} ({produce}) for RM{cost}'),
    N_('rent Stall {stall} ({produce}) for free'),
    N_('{card} goes into Stall {stall} as {produce}'),
    N_('stock {types}; then tuck each into a Stall'),
    N_('takes {count} Row card(s) showing {produce}; each goes straight where it must (one open '
       'Stall fits it, or none: A-B-17)'),
    N_('takes {count} Row card(s) showing {produce}; {done} card(s) go straight where they '
       'must; then tuck the other {left} into a Stall'),
    N_('stock {types}; each goes straight where it must (one open Stall fits it, or none: '
       'A-B-17)'),
    N_('takes {count} Row card(s) showing {produce}; each goes straight into the one open Stall '
       'that fits it'),
    N_('stock {types}; each goes straight into the one open Stall that fits it'),
    N_('stock {types}; {done} card(s) go straight where they must; then tuck the other {left} '
       'into a Stall'),
    N_('{list} goes to the bottom of the Shopping List deck'),
    N_('ends your Action Phase; Upkeep follows'),
    N_('{card} is picked for the BUY at RM{price}, paid when the buyer finishes (done)'),
    N_('the trade is made'),
    N_('offers P{seat} a trade'),
    N_('nothing changes hands until P{seat} accepts (B-ANY-02)'),
    N_('RM{money} of your money is held for it while the offer waits: you cannot spend it '
       'elsewhere (A-B-61)'),
    N_('offers P{seat} RM{price} for {card}'),
    N_('if P{seat} accepts, {card} is picked for the BUY at RM{price}, paid when the buyer '
       'finishes (done)'),
    N_('counters the offer: it goes back to P{seat}, who may accept, decline or counter again '
       '({count} counter(s) left, A-B-60)'),
    N_('counters the offer: P{seat} may only accept or decline (no counters left, A-B-60)'),
    N_('if P{seat} accepts, they pay you RM{money}'),
    N_('if P{seat} declines, the BUY goes on: you must still pick at least 1 card (B-BUY-01)'),
    N_('the offer ends; nothing changes hands'),
    N_('sells {count} card(s) to the Outside Market for RM{money} (half price, rounded down '
       'once)'),
    N_('sells {count} card(s) to the Outside Market for RM{money} (full price this turn, '
       '{event})'),
    N_('completes no Shopping List this turn; Upkeep goes on'),
    N_('completes no more Shopping Lists this turn; Upkeep goes on'),
    N_('completes no Shopping List this turn'),
    N_('completes no more Shopping Lists this turn'),
    N_('Upkeep goes on'),
    N_('ends your Closing Round step: your {count} leftover card(s) in your Stalls and Bag go '
       'to their Waste Bins, with fines for overflow (B-END-05)'),
    N_('ends your Closing Round step: nothing left to throw (B-END-05)'),
    N_('you rent Stall {stall} (your once-a-game R&R, B-ANY-04)'),
    N_('you release Stall {stall} (your once-a-game R&R, B-ANY-04)'),
    N_('you rent Stall {stall} for RM{cost} and you release Stall {stall2} for RM{gain}, so your '
       'money stays as it is (your once-a-game R&R, B-ANY-04)'),
    N_('reveals Deck cards one at a time until a produce type repeats ({count} in the Deck '
       'now); the repeated card goes to its Waste Bin, so a bin may fill'),
    N_('refills the Row from the Deck ({count} in the Deck now)'),
    N_('hidden cards are drawn from the Deck ({count} in the Deck now)'),
    N_('it may draw the last card, which triggers the Last Round (B-END-01)'),
    N_('a Star among them flips an Event at Upkeep (A-B-20)'),
    N_('a Star on a drawn card flips an Event, which can change money, Bags and bins'),
    N_('flips an Event, which can change money, Bags and bins'),
    N_('draws Shopping Lists you have not seen'),
    N_('uses 1 action now ({left} left, B-ACT-01)'),
    N_('money RM{before} -> RM{after}'),
    N_('Bag {before} -> {after} card'),
    N_('Bag {before} -> {after} cards'),
    N_('bins {bins}'),
    N_('ends the game'),
    N_('triggers the Last Round'),
    N_('ends your turn'),
    N_('no visible change yet'),
)
"""The parts of a move's preview (``text.preview``), as the rules code writes them in English:
:func:`~marketlib.core.i18n.sentence` translates a preview where a board shows it."""
register_refusals(PREVIEWS)

LOG = (
    N_('P{player} return a Shopping List (hidden)'),
    N_('Event {event} flipped: {name}'),
    N_('{action}: revealed nothing'),
    N_('{action}: revealed {cards}'),
    N_('{action}: revealed {cards} ({card} repeated a type: into its Waste Bin)'),
    N_('{action}: no leftover cards to throw (B-END-05)'),
    N_('{action}: threw {count} leftover card(s) into the Waste Bins (B-END-05)'),
    N_('{action}: threw {count} leftover card(s) into the Waste Bins, {over} of them into a '
       'full bin, fined RM{fine} (B-END-05)'),
)
"""The log's entries that are sentences (``text.describe``: another vendor's returned list,
a stocking [B] reveal), as the rules code writes them in English: a board shows them in the
seat's language (:func:`~marketlib.core.i18n.sentence`); the table notation in them (``P0
stock-deck``, card codes) and every other log entry stay as they are."""
register_refusals(LOG)

NOTES = (
    N_('Row formed: {cards} (B-SOLO-11)'),
    N_('no card left'),
    N_('Row discarded to the Outside Market: {cards} (B-SOLO-14)'),
    N_('{event} {name}: no effect, nobody holds personal lists in the Kenduri Menu (B-KEN-02)'),
    N_('turn {turn}: move row {row}: {steps} (B-SOLO-09)'),
    # its {steps}: P0's Worker's step, then the Neighbour's ("P0 ST-05 SF -> ST-06 MM, Neighbour
    # ST-06 MM -> ST-03 MT"), or the Neighbour's alone; the notation stays, "Neighbour" is the
    # glossary's word
    N_('{worker}, Neighbour {stall} -> {to}'),
    N_('Neighbour {stall} -> {to}'),
    N_('Throw: the Deck is empty (B-SOLO-10)'),
    N_('Throw: drew {card} {top}/{bottom}, to the Outside Market (B-SOLO-10)'),
    N_('{stall} {produce} is empty: nothing to throw'),
    N_('threw {card} from {stall} {produce} into {waste} (no fine)'),
    N_('final throw: fines RM{fines} (B-SOLO-17)'),
    N_('{deck} Deck cards + RM{money} = {total} {sign} 2 x RM{value} = {need}; lists {done} of '
       '{target}: WIN (B-SOLO-18)'),
    N_('{deck} Deck cards + RM{money} = {total} {sign} 2 x RM{value} = {need}; lists {done} of '
       '{target}: LOSS (B-SOLO-18)'),
    N_("the Deck ran out with {count} Kenduri list(s) open: the Kenduri has failed (B-KEN-05, "
       "kenduri_deadline='deck_exhausted')"),
    N_('P{seat} completed Kenduri list {list} (RM{value}); {open} of {total} still open '
       '(B-KEN-03)'),
    N_('the bargain for {card} is void: P{seat} released {stall} (A-B-61)'),
    N_("P{seat} accepted P{other}'s trade (B-ANY-02)"),
    N_("P{seat} declined P{other}'s trade (B-ANY-02)"),
    N_("P{seat} took back the trade offered to P{other} (B-ANY-02)"),
    N_('the Kenduri failed: {lists} not completed in time; every vendor loses (B-KEN-05)'),
)
"""The automatic steps the rules note in a state's own log (``State.note``: the Sendiri
Neighbour, a Row formed, the Kenduri's end, a trade's answer), in English as the rules code
writes them (the golden transcripts hold them): a board shows them in the seat's language,
its scene's ``auto_log`` and its text view (:func:`~marketlib.core.i18n.sentence`), codes
kept."""
register_refusals(NOTES)

__all__ = [
    "ENDED",
    "EVENT_NAMES",
    "GLOSSARY",
    "LABELS",
    "LEGEND",
    "LOG",
    "MOST_MONEY",
    "NOTES",
    "PHASES",
    "PREVIEWS",
    "REFUSALS",
    "context",
    "ended_name",
    "final_standings",
    "glossary",
    "goal",
    "instruction",
    "label",
    "legend",
    "recap",
    "score",
    "step",
    "warning",
]
