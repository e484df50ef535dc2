"""How a Bansan view is drawn and clicked (:class:`BansanTable`): the game's half of a board's
payload, without a widget (so a classroom or a page that runs the game needs no anywidget)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from marketlib import bansan
from marketlib.bansan import actions as A
from marketlib.bansan import words as bansan_words
from marketlib.bansan.cards import NAMES, WASTE_WORDS
from marketlib.bansan.queries import (
    PRICE_EVENTS,
    PRICE_RISE,
    UNOPERATED_FACTOR,
    bargain_seller,
    buys_unoperated,
    market_prices,
    price_event,
    purchase_total,
    raised_by,
)
from marketlib.bansan.render import COLOURS, text_key, text_table, turn_in_progress
from marketlib.bansan.state import BargainOffer, Picked, Purchase, SoloThrow, Stocking
from marketlib.bansan.table import ACTIONS
from marketlib.bansan.turn import FLOW
from marketlib.core.i18n import _, get_language, sentence
from marketlib.core.match import Match
from marketlib.core.palette import ink
from marketlib.widgets import icons, messages
from marketlib.widgets.payload import Table
from marketlib.widgets.plain import builtins, objects
from marketlib.widgets.presentation import Intent, Presentation, row

WASTE_NAMES = WASTE_WORDS  # the rulebook's names, kept in the card data (one place)

SCENE = ("game", "viewer", "mode", "players", "phase", "turn", "current", "decider",
         "actions_left", "deck", "list_deck", "row", "columns", "stalls", "bins", "bin_capacity",
         "bins_over", "outside", "events", "active_event", "vendors", "token", "trigger",
         "pending", "offer", "bag_limit", "result", "public", "missed", "auto_log", "prices",
         "price_events", "price_note", "unoperated_factor", "event_status")
"""The scene's keys, in the order bansan.js has always received them: the view's fields as
they are (JSON builtins, every struct an object of its fields, :mod:`marketlib.widgets.plain`;
``deck`` and ``list_deck`` are ``deck_size`` and ``list_deck_size``; ``auto_log`` is ``log``
in the language in force, its sentences translated (``bansan.words.NOTES``), codes kept),
and what the board needs worked out (the other keys, given by :meth:`BansanTable.scene`; the
pending decision, the offer and the result in the board's own form; for the Action panel,
priced by the rules in force: ``prices``, each produce type's market price now;
``price_events``, the Event that makes a wholesale BUY free or a sale full-price this Action
Phase; ``price_note``, the price Event in force in words, or ""; ``unoperated_factor``, the
times the market price a card from an unoperated Stall costs, or ``None`` where a BUY may not
take from one; ``event_status``, whether each Event of ``events`` is in force, waiting for a
vendor's Action Phase or over, as a code and in words, :func:`marketlib.bansan.words.event_status`).
Nothing else of the view is sent."""

_SCENE = objects(bansan.View, SCENE, source={
    "deck": "deck_size", "list_deck": "list_deck_size", "auto_log": None,
    "pending": None, "offer": None, "result": None})


_PICKED = objects(Picked)
"""A card picked in a BUY or SELL as an object of its fields."""


def _pending(view: Any) -> dict[str, Any] | None:
    """The decision in progress, by its kind; a purchase with its total (B-BUY-03 halves a
    wholesale price); a Sendiri throw by its kind only (the board draws it from the stalls)."""
    pending = view.pending
    if pending is None:
        return None
    pend: dict[str, Any] = {"kind": type(pending).__name__}
    if isinstance(pending, Purchase):
        total = purchase_total(view, pending)  # what done moves, Events included
        pend.update(purchase=pending.kind, produce=pending.produce._value_, total=total,
                    picked=[_PICKED(x) for x in pending.picked])
    elif not isinstance(pending, SoloThrow):
        pend.update(builtins(pending))
    return pend


_prices_kept: tuple[tuple[Any, ...], dict[str, Any]] | None = None
"""The last scene's prices and what they were worked out from (:func:`_prices`)."""


def _prices(view: Any) -> dict[str, Any]:
    """The Action panel's prices (the scene's ``prices``, ``price_events``, ``price_note`` and
    ``unoperated_factor``), worked out again only when what they read changed: the rules, the
    card data, the Event in force, the Events beside the Bags, whose turn it is and the
    language (a refresh after most moves reuses the last scene's; read-only, as a payload is;
    one assignment replaces them, so the classroom server's threads at worst work them out
    again)."""
    global _prices_kept
    key = (view.rules, view.cards, view.active_event, view.reminders, view.current,
           get_language())
    kept = _prices_kept
    if kept is not None and kept[0][0] is key[0] and kept[0][1:] == key[1:]:
        return kept[1]
    made = price_block(view)
    _prices_kept = (key, made)
    return made


def price_block(view: Any) -> dict[str, Any]:
    """The Action panel's prices in ``view``, worked out afresh (:func:`_prices` keeps them)."""
    return {"prices": market_prices(view),
            "price_events": {kind: price_event(view, kind) for kind in PRICE_EVENTS},
            "price_note": _price_note(view),
            "unoperated_factor": UNOPERATED_FACTOR if buys_unoperated(view.rules) else None}


def _price_note(view: Any) -> str:
    """The price Event in force, in words (EV-01..06, RULES 4.1.5), or ""."""
    raised = raised_by(view)
    if raised is None:
        return ""
    event = bansan.catalog(view).events[raised]
    assert event.produce is not None
    return _("{event} ({id}): {produce} costs RM{rise} more until the next Event").format(
        event=_(event.name), id=raised, produce=_(NAMES[event.produce]), rise=PRICE_RISE)


def _offer(view: Any) -> dict[str, Any] | None:
    """The offer waiting for an answer, with its words, the counter-offers left (A-B-60)
    and, for a bargain, its ``seller`` (the vendor who rents the card's Stall, B-BUY-02: the
    board starts a counter RM1 up for the seller and RM1 down for the buyer)."""
    o = view.offer
    if o is None:
        return None
    bargain = isinstance(o, BargainOffer)
    offer = {"from": o.frm, "to": o.to, "text": bansan.describe_offer(view),
             "kind": "bargain" if bargain else "trade",
             "counters": o.counters, "max_counters": view.rules.max_counters}
    offer.update((k, v) for k, v in builtins(o).items() if k not in ("frm", "to", "counters"))
    if bargain:
        offer["seller"] = bargain_seller(view, o)
    return offer


_PRODUCE = {p.value: p for p in bansan.Produce}


def _tuck(view: Any, name: str, player: int) -> A.Tuck | None:
    """A Stall clicked while stocking, with no card selected, tucks into it the first card to
    stock that may be stocked as what it sells (B-STOCK-03/06), else the first card (B-STOCK-05);
    in the Stall draft a click rents it (B-OPEN-07). The first card alone made a Stall another
    card fits say "PC-30 is stocked as FV, and ST-02 sells WG", as if nothing could go there."""
    pending = view.pending
    if view.phase == "draft" or not isinstance(pending, Stocking) or not pending.cards:
        return None
    stall = bansan.catalog(view).stalls.get(name)
    fits = [c for c in pending.cards if stall.sells in c.options] if stall is not None else []
    return A.Tuck(player=player, card=(fits or pending.cards)[0].card, stall=name)


def _list_clicked(view: Any, name: str, player: int) -> A.ReturnList | A.Complete:
    """A Shopping List clicked: where lists are completed (Upkeep B-UPK-02, the Closing Round
    B-END-05, Kenduri's open lists), completing it with the reader's Bag cards of the types it
    asks for, as many as the Bag holds (legal: its choice is named; short: the refusal says
    what the Bag lacks); else returning it (B-OPEN-02, B-UPK-06/11; out of those steps the
    refusal names the step)."""
    if not FLOW.allows(view, "complete"):
        return A.ReturnList(player=player, list=name)
    cat = bansan.catalog(view)
    listed = cat.lists.get(name)
    need = Counter(listed.icons if listed is not None else ())
    cards = []
    for held in view.vendors[player].bag:
        if need[held.produce] > 0:
            need[held.produce] -= 1
            cards.append(held.card)
    return A.Complete(player=player, list=name, cards=tuple(cards))


def _card_into_stall(view: Any, name: str, player: int) -> A.Tuck | None:
    """A selected card, then a Stall (``PC-07@ST-04``): tuck that card into that Stall, so a
    refusal is about the card chosen (B-STOCK-03/06), not the first card to stock."""
    card, _, stall = name.partition("@")
    return A.Tuck(player=player, card=card, stall=stall) if card and stall else None


def _give(view: Any, name: str, player: int) -> A.Give | None:
    """A selected card, then a vendor to give it to (``PC-07@2``, B-UPK-08)."""
    card, _, seat = name.partition("@")
    if not (card and seat.isascii() and seat.isdigit() and int(seat) < len(view.vendors)):
        return None
    return A.Give(player=player, card=card, to=int(seat))


def _produce(cls: type) -> Intent:
    """A click on a produce type (``buy:WG``): ``cls`` of that type, or ``None`` for no type."""
    return lambda view, name, player: (cls(player=player, produce=_PRODUCE[name])
                                       if name in _PRODUCE else None)


def _button(cls: type) -> Intent:
    return lambda view, name, player: cls(player=player)


def _pressed(cls: type) -> str:
    return "button:" + cls.__name__.lower()


SHOWN = Presentation(ACTIONS, bansan_words.LABELS, (
    row(A.ReturnList, target=lambda a: f"list:{a.list}", clicks={"list": _list_clicked}),
    row(A.ChooseHalf, target=lambda a: f"button:half-{a.half}", verb="use"),
    row(A.Tuck, target=lambda a: f"card:{a.card}@stall:{a.stall}",
        clicks={"stall": _tuck, "card@stall": _card_into_stall}),
    row(A.PlaceWorker, target=lambda a: f"stall:{a.stall}", verb="rent",
        clicks={"stall": lambda view, name, p: A.PlaceWorker(player=p, stall=name)}),
    row(A.Move, target=lambda a: f"move:{a.row}",
        clicks={"move": lambda view, name, p: A.Move(player=p, row=int(name))
                if name.isdigit() else None}),
    row(A.StockRow, target=lambda a: f"stock:{a.produce._value_}", verb="stock",
        clicks={"stock": _produce(A.StockRow)}),
    row(A.StockDeck, target=lambda a: _pressed(A.StockDeck), verb="draw",
        clicks={_pressed(A.StockDeck): _button(A.StockDeck)}),
    row(A.SkipStocking, target=lambda a: _pressed(A.SkipStocking), verb="skip",
        clicks={_pressed(A.SkipStocking): _button(A.SkipStocking)}),
    row(A.Buy, target=lambda a: f"buy:{a.produce._value_}", clicks={"buy": _produce(A.Buy)}),
    row(A.BuyWholesale, target=lambda a: f"wholesale:{a.produce._value_}", verb="wholesale",
        clicks={"wholesale": _produce(A.BuyWholesale)}),
    row(A.Sell, target=lambda a: f"sell:{a.produce._value_}", clicks={"sell": _produce(A.Sell)}),
    row(A.Pick, target=lambda a: f"card:{a.card}",
        clicks={"card": lambda view, name, p: A.Pick(player=p, card=name.split("@")[0])}),
    row(A.Bargain, target=lambda a: _pressed(A.Bargain)),
    row(A.Done, target=lambda a: _pressed(A.Done), clicks={_pressed(A.Done): _button(A.Done)}),
    row(A.Empty, target=lambda a: f"bin:{a.bin._value_}",
        clicks={"bin": lambda view, name, p: A.Empty(player=p, bin=bansan.Waste(name))}),
    row(A.EndActions, target=lambda a: _pressed(A.EndActions), verb="end",
        clicks={_pressed(A.EndActions): _button(A.EndActions)}),
    row(A.Complete, target=lambda a: f"complete:{a.list}:{','.join(a.cards)}"),
    row(A.Give, target=lambda a: f"card:{a.card}@give:{a.to}", clicks={"card@give": _give}),
    row(A.Throw, target=lambda a: f"card:{a.card}@throw",
        clicks={"card@throw": lambda view, name, p: A.Throw(player=p, card=name.split("@")[0])}),
    row(A.RentAndRelease, target=lambda a: f"rr:{a.rent or '-'}:{a.release or '-'}", verb="R&R"),
    row(A.ProposeTrade, target=lambda a: _pressed(A.ProposeTrade)),
    row(A.Counter, target=lambda a: _pressed(A.Counter)),
    row(A.Accept, target=lambda a: _pressed(A.Accept),
        clicks={_pressed(A.Accept): _button(A.Accept)}),
    row(A.Decline, target=lambda a: _pressed(A.Decline),
        clicks={_pressed(A.Decline): _button(A.Decline)}),
    row(A.Withdraw, target=lambda a: _pressed(A.Withdraw),
        clicks={_pressed(A.Withdraw): _button(A.Withdraw)}),
), steady=bansan_words.STEADY_LABELS, reads=bansan_words.LABEL_READS)
"""How each Bansan action kind is shown, one row per kind in the action table's order
(:data:`marketlib.bansan.table.ACTIONS`): its label (:data:`marketlib.bansan.words.LABELS`,
worded from the rules in force), its button verb when not the notation verb, its target on the
board, and the clicks that mean it (a Stall clicked while stocking tucks into it, else rents
it)."""


class BansanTable(Table):
    """How a Bansan view is drawn and clicked (a :class:`~marketlib.widgets.Table`)."""

    game_name = "bansan"
    card_then_place = True  # a card, then a Stall, a seat or a bin (tuck, give, throw)
    words = bansan_words
    confirmed = (A.Complete,)
    shown = SHOWN

    def cards(self, match: Match) -> dict[str, Any]:
        cat = bansan.catalog(match.state)
        return {
            "produce": {c.id: {"top": c.top.value, "bottom": c.bottom.value,
                               "waste": c.waste.value, "star": c.star}
                        for c in cat.produce.values()},
            "lists": {x.id: {"icons": [i.value for i in x.icons], "value": x.value}
                      for x in cat.lists.values()},
            "stalls": {s.id: {"sells": s.sells.value, "mark": s.mark} for s in cat.stalls.values()},
            "events": {e.id: {"name": _(e.name), "timeframe": e.timeframe.value,
                              "does": bansan_words.event_text(e)}
                       for e in cat.events.values()},
            "names": {p.value: _(NAMES[p]) for p in bansan.Produce},
            "wastes": {code: _(name) for code, name in WASTE_NAMES.items()},
            "colours": {p.value: COLOURS[p] for p in bansan.Produce},
            "inks": {p.value: ink(COLOURS[p]) for p in bansan.Produce},
            "pictures": icons.BANSAN,
            "legend": [list(item) for item in bansan_words.legend(match.rules)],
            "explain": bansan_words.explanations(match.rules),  # said where each is shown
            "text_key": text_key(match.rules),  # how to read the text view's codes and marks
        }

    def scene(self, view: Any, decider: int | None) -> dict[str, Any]:
        rules = view.rules
        events = list(view.latest_events[-3:])
        return _SCENE(
            view, game="bansan", mode=rules.mode, players=len(view.vendors), decider=decider,
            bin_capacity=rules.bin_capacity,
            bins_over=[len(b) > rules.bin_capacity for b in view.bins],
            events=events, event_status=bansan_words.event_status(view, events) if events else {},
            pending=_pending(view), offer=_offer(view),
            bag_limit=rules.bag_limit, result=None if view.result is None else str(view.result),
            auto_log=[sentence(entry) for entry in view.log],  # the seat's language
            **_prices(view))

    def text(self, view: Any) -> str:
        return text_table(view)

    def turn_in_progress(self, view: Any) -> tuple[int, int] | None:
        return turn_in_progress(view)

    def probe_targets(self, view: Any) -> list[str]:
        cards = [*view.row, *(c for s in view.stalls for c in s.cards),
                 *(b.card for v in view.vendors for b in v.bag)]
        lists = [x for v in view.vendors for x in (v.wallet or ())]
        return ([f"card:{c}" for c in cards] + [f"list:{x}" for x in lists]
                + [f"stall:{s.id}" for s in view.stalls]
                + [f"{k}:{p.value}" for k in ("stock", "buy", "wholesale", "sell")
                   for p in bansan.Produce]
                + [f"bin:{w.value}" for w in bansan.Waste]
                + ["button:done", "button:endactions", "button:stockdeck", "button:accept"]
                + [f"card:{c}@stall:{s.id}" for c in cards[:2] for s in view.stalls[:3]]
                + [f"card:{c}@{then}" for c in cards[-1:] for then in ("throw", "give:0")])

    def proposal(self, message: Any, player: int) -> Any:
        """A trade, bargain or counter-offer from the trade panel, as an action (validated by
        ``apply``): ``bargain`` (card, price), ``counter`` (a price for a bargain, or give/take/
        pay/ask for a trade; A-B-60) or ``propose_trade`` (to, give, take, pay, ask). The
        message was decoded strictly (:mod:`marketlib.widgets.messages`): nothing is
        converted here."""
        if isinstance(message, messages.Bargain):
            return A.Bargain(player=player, card=message.card, price=message.price)
        if isinstance(message, messages.Counter):
            return A.Counter(player=player, price=message.price, give=message.give,
                             take=message.take, pay=message.pay, ask=message.ask)
        if isinstance(message, messages.ProposeTrade):
            return A.ProposeTrade(player=player, to=message.to, give=message.give,
                                  take=message.take, pay=message.pay, ask=message.ask)
        raise ValueError(f"{message!r} is not a proposal")


__all__ = ["SHOWN", "WASTE_NAMES", "BansanTable"]
