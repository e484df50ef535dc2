"""Bansan in the rulebook's words, for people at a board (docs: "Boards").

The table notation (``P0 stock-deck``) stays in logs and tooltips; a person reads these:

* :data:`PHASES`: each phase by its rulebook name (Stocking Phase, Action Phase, Upkeep...);
* :func:`instruction`: one line saying what to do now, for the seat that decides;
* :func:`label`: a move as a button says it ("Draw from the Deck until a type repeats"), from
  :data:`LABELS`, one entry per action kind;
* :func:`warning`: a question the board asks before a move that throws part of a turn away;
* :func:`goal`: the Kenduri team goal and the Sendiri target, with progress;
* :func:`recap`: what another vendor did while you waited, and what it changed for you;
* :data:`LEGEND`: every code and symbol a board shows.

Everything here reads a seat's view (never hidden cards) and the moves that seat may read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from marketlib.bansan import actions as A
from marketlib.bansan.cards import NAMES, WASTE_WORDS, Produce
from marketlib.bansan.options import SOLO_ROW, Rules
from marketlib.bansan.queries import half_total
from marketlib.bansan.state import (
    BargainOffer,
    ListReturn,
    OpeningHand,
    Purchase,
    SoloThrow,
    Stocking,
)

PHASES: dict[str, str] = {
    "open_lists": "Opening Round: Shopping Lists",
    "open_stock": "Opening Round: opening stock",
    "draft": "Opening Round: Stall draft",
    "solo_move": "Sendiri turn, step 1: move",
    "solo_throw": "Sendiri turn, step 1: throw",
    "stock": "Stocking Phase",
    "stocked": "Stocking Phase",
    "actions": "Action Phase",
    "complete": "Upkeep: complete Shopping Lists",
    "return_lists": "Upkeep: new Shopping Lists",
    "bag": "Upkeep: check your Bag",
    "refill": "Upkeep: replenish the Row",
    "event_lists": "Event: Shopping Lists",
    "turn_end": "End of the turn",
    "closing": "Closing Round",
    "over": "Game over",
}
"""Each engine phase by its rulebook name (B-OPEN, B-TURN-01, B-UPK, B-END-05, B-SOLO)."""

PURCHASES = {"vendors": "BUY of {} from the vendors", "wholesale": "wholesale BUY of {}",
             "sell": "SELL of {}"}
"""The BUY or SELL in progress by ``Purchase.kind``, for ``str.format(produce)``."""


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
    star = ("a Star: when a refill draws one, an Event is flipped (Events are on in this game)"
            if rules.events != "off" else
            "a Star: it would flip an Event, but Events are off in this game (A-B-01)")
    wallet = ("your 2 secret Shopping Lists and your money, behind your Wallet screen"
              if rules.hidden_wallets else
              "your 2 Shopping Lists and your money; in this game every vendor sees them "
              "(hidden_wallets=False, A-B-57)")
    if rules.plays.shared_menu:
        wallet = "your money (the Kenduri Menu's Shopping Lists are public, B-KEN-02)"
    if rules.plays.shared_menu:  # B-KEN-04
        last = (f"triggered when the last of the {rules.kenduri_lists} Kenduri lists is "
                "completed or the last Deck card is drawn (B-KEN-04)")
    else:  # B-END-01, B-SOLO-16/19
        last = (f"triggered when a vendor completes their {rules.trigger_lists}"
                f"{_ordinal(rules.trigger_lists)} Shopping List or draws the last Deck card "
                "(B-END-01)")
    empty = (f"EMPTY a Waste Bin: gain RM{rules.empty_base}, +RM{rules.empty_bonus_additional} "
             "if it is not the first bin you empty this turn, +RM"
             f"{rules.empty_bonus_overflow} if it was overflowing (B-EMPTY-01..03)")
    bag = ("" if not rules.fine_on_bag_overflow else
           f"; a card thrown from an overfull Bag is fined RM{fine} too (A-B-13)")
    return (
        ("FV", f"Fruits & Veggies (RM{price[Produce.FV]} a card)"),
        ("WG", f"Wet Goods (RM{price[Produce.WG]})"),
        ("MT", f"Meat (RM{price[Produce.MT]})"),
        ("DG", f"Dry Goods (RM{price[Produce.DG]})"),
        ("SF", f"Seafood (RM{price[Produce.SF]})"),
        ("MM", f"Macam-Macam, odds and ends (RM{price[Produce.MM]})"),
        ("PL / PA / OR", "the waste type on a card's back: Plastic, Paper, Organic; thrown cards "
                         "go into that Waste Bin"),
        ("\u2605", star),
        ("top / bottom", "the two halves of a produce card; a card stocked into a Stall or Bag "
                         "becomes the type of the half on top"),
        (f"Waste Bin {cap + 1}/{cap}", f"a bin holds {cap} cards; past that it overflows and "
                                       f"every card you throw in costs RM{fine}{bag}"),
        ("Bag", f"your Bag holds {rules.bag_limit} cards at the end of your turn; give or throw "
                "away the rest (B-UPK-08)"),
        ("Action Phase", f"{rules.actions_per_turn} actions a turn: BUY, SELL or EMPTY "
                         "(B-ACT-01)"),
        ("EMPTY", empty),
        ("Last Round", last),
        ("Bansan Token", "the 1st Player's marker; it passes to whoever triggers the Last Round"),
        ("R&R", f"Rent & Release, once a game: pay RM{cost} to rent an empty Stall and/or get "
                f"RM{cost} for releasing one of yours"),
        ("Wallet", wallet),
        ("PC-12, SL-07, ST-04", "card numbers: produce cards, Shopping Lists, Stalls"),
    )


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


LEGEND: tuple[tuple[str, str], ...] = legend(Rules())
"""The legend of a game with the default rules; a board shows :func:`legend` of the rules in
force (B-COMP, A-B-05, B-ANY-03)."""


def _name(produce: Produce | str) -> str:
    return NAMES[Produce(produce)]


def _rent(rules: Rules) -> str:
    """What renting a Stall in the Stall draft costs (B-OPEN-07, A-B-58)."""
    return f"pay RM{rules.opening_rent_cost}" if rules.opening_rent_cost else "free"


def _rent_and_release(a: A.RentAndRelease, cost: int | None) -> str:
    """An R&R's parts, with what each pays when ``cost`` (``rr_cost``, B-ANY-03) is given."""
    parts = []
    if a.rent is not None:
        parts.append(f"rent {a.rent}" + ("" if cost is None else f" (pay RM{cost})"))
    if a.release is not None:
        parts.append(f"release {a.release}" + ("" if cost is None else f" (get RM{cost})"))
    return " and ".join(parts)


def _choose_half(view: Any, a: A.ChooseHalf) -> str:
    hand = view.pending.cards if isinstance(view.pending, OpeningHand) else ()
    return (f"Use the {a.half} halves of all {len(hand)} cards" if hand
            else f"Use the {a.half} halves")


def _done(view: Any, a: A.Done) -> str:
    if isinstance(view.pending, Purchase):
        return "Finish selling" if view.pending.kind == "sell" else "Finish buying"
    return "End Upkeep" if view.phase == "complete" else "Done: end the Closing Round"


def _counter(view: Any, a: A.Counter) -> str:
    return "Counter with other terms" if a.price is None else f"Counter: RM{a.price} instead"


LABELS: dict[type[A.Action], Callable[[Any, Any], str]] = {
    A.ReturnList: lambda view, a: f"Return {a.list} to the deck",
    A.ChooseHalf: _choose_half,
    A.Tuck: lambda view, a: f"Tuck {a.card} into Stall {a.stall}",
    A.PlaceWorker: lambda view, a: f"Rent Stall {a.stall} ({_rent(view.rules)})",
    A.Move: lambda view, a: f"Move the Workers of row {a.row}",
    A.StockRow: lambda view, a: f"Take every Row card showing {_name(a.produce)}",
    A.StockDeck: lambda view, a: "Draw from the Deck until a type repeats",
    A.SkipStocking: lambda view, a: "Skip stocking",
    A.Buy: lambda view, a: f"Buy {_name(a.produce)} from other vendors",
    A.BuyWholesale: lambda view, a: f"Buy {_name(a.produce)} wholesale (from the Row, half price)",
    A.Sell: lambda view, a: f"Sell {_name(a.produce)} online (half price)",
    A.Pick: lambda view, a: f"Pick {a.card}",
    A.Bargain: lambda view, a: f"Offer RM{a.price} for {a.card}",
    A.Done: _done,
    A.Empty: lambda view, a: f"Empty the {WASTE_WORDS[a.bin.value]} bin",
    A.EndActions: lambda view, a: "End the Action Phase",
    A.Complete: lambda view, a: f"Complete {a.list} with {', '.join(a.cards)}",
    A.Give: lambda view, a: f"Give {a.card} to P{a.to}",
    A.Throw: lambda view, a: f"Throw {a.card} into its Waste Bin",
    A.RentAndRelease: lambda view, a: "R&R: " + _rent_and_release(a, view.rules.rr_cost),
    A.ProposeTrade: lambda view, a: f"Propose a trade to P{a.to}",
    A.Counter: _counter,
    A.Accept: lambda view, a: "Accept the offer",
    A.Decline: lambda view, a: "Decline the offer",
}
"""Each action kind's button words, ``LABELS[type](view, action)``, from the seat's view and
the rules in force (the opening rent A-B-58, the R&R cost B-ANY-03); the board's presentation
table (:mod:`marketlib.widgets.bansan_table`) takes each kind's from here."""


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
        return "The game is over."
    if decider != seat:
        return step(view, decider, seat)
    offer = view.offer
    if offer is not None:
        left = view.rules.max_counters - offer.counters
        counter = (f"or counter it ({left} counter(s) left)" if left > 0
                   else "(no counters left: A-B-60)")
        return f"P{offer.frm} makes you an offer: accept it, decline it {counter}."
    p, phase = view.pending, view.phase
    if isinstance(p, ListReturn):
        if phase == "open_lists":  # B-OPEN-02: the lists dealt, less those returned
            dealt = view.vendors[decider].wallet_size
            return (f"Keep {dealt - p.count} of your {dealt} Shopping Lists: click the one to "
                    "return to the bottom of the deck.")
        return f"Return {p.count} Shopping List(s) from your Wallet: click the one(s) to return."
    if isinstance(p, OpeningHand):
        return (f"Opening stock: use the top halves of all {len(p.cards)} cards or the bottom "
                "halves; then tuck each card into a Stall of its type.")
    if isinstance(p, Stocking):
        return "Tuck each card: click a card, then an open Stall of its type (any renter)."
    if isinstance(p, Purchase):
        verb = {"vendors": "buy from the other vendors' Stalls", "wholesale": "buy from the Row",
                "sell": "sell from your Stalls"}[p.kind]
        return (f"Pick the {_name(p.produce)} cards to {verb} (click each), then finish. "
                f"Picked so far: {len(p.picked)}.")
    if isinstance(p, SoloThrow):
        return "The Neighbour throws 1 card from this Stall: choose which."
    if phase == "draft":
        return (f"Stall draft: click an unrented Stall to place a Worker on it "
                f"({_rent(view.rules)}).")
    if phase == "solo_move":
        return "Move the Workers of one row one Stall to the right (the Neighbour's too)."
    if phase == "stock":
        return ("Stock your Stalls: take every Row card of one type (click a type) or draw "
                "from the Deck until a type repeats.")
    if phase == "actions":
        left = view.actions_left
        return (f"Take {left} more action(s): buy from vendors, buy wholesale, sell online or "
                "empty a Waste Bin; or end the Action Phase.")
    if phase == "complete":
        return ("Upkeep: complete Shopping Lists from your Bag (each Complete button shows the "
                "cards it uses), then End Upkeep.")
    if phase == "closing":
        return ("Closing Round: complete any Shopping Lists you can, then finish; your "
                "leftover produce is thrown into the bins.")
    if phase == "bag":
        return (f"Your Bag holds more than {view.rules.bag_limit} cards: give the extra cards "
                "to other vendors or throw them into the bins (select a card first).")
    return PHASES.get(str(phase), str(phase))


def _who(seat: int, reader: int | None) -> str:
    if seat < 0:
        return "the Neighbour"
    return "you" if seat == reader else f"P{seat}"


def _picked(view: Any, reader: int | None) -> str:
    """The cards picked in the BUY or SELL in progress, each with whom it pays."""
    p = view.pending
    parts = [x.card + ("" if x.seller is None else
                       f" (RM{x.price} to {_who(x.seller, reader)})") for x in p.picked]
    return ", ".join(parts) or "nothing yet"


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
        return "The game is over."
    me = decider == seat
    who = "You" if me else ("The Neighbour" if decider < 0 else f"P{decider}")
    are = "are" if me else "is"
    their = "your" if me else "their"
    offer = view.offer
    if offer is not None:
        if isinstance(offer, BargainOffer):
            terms = f"RM{offer.price} for {offer.card}"
        else:
            terms = (f"[{', '.join(offer.give)}] + RM{offer.pay} for [{', '.join(offer.take)}] "
                     f"+ RM{offer.ask}")
        terms += f" (counter {offer.counters})" if offer.counters else ""
        if seat == offer.to:
            return f"P{offer.frm} offers you {terms}. You answer: accept, decline or counter."
        if seat == offer.frm:
            return f"You offer P{offer.to} {terms}. P{offer.to} answers."
        return f"P{offer.frm} offers P{offer.to} {terms}. P{offer.to} answers."
    p, phase = view.pending, view.phase
    if isinstance(p, Purchase):
        name = _name(p.produce)
        total = (sum(x.price for x in p.picked) if p.kind == "vendors"
                 else half_total(view, [x.price for x in p.picked]))
        picked = _picked(view, seat)
        if p.kind == "sell":
            money = f"{'you get' if me else f'{who} gets'} RM{total}"
            doing = f"selling {name} online"
        else:
            money = f"{'you pay' if me else f'{who} pays'} RM{total}"
            doing = (f"buying {name} from the vendors" if p.kind == "vendors"
                     else f"buying {name} wholesale from the Row")
        if me:
            tail = f" (finishing now, {money})" if p.picked else ""
            return f"You are {doing}. Picked: {picked}{tail}."
        mine = sum(x.price for x in p.picked if seat is not None and x.seller == seat)
        if p.kind == "vendors" and mine:
            return (f"{who} is buying {name} from you: RM{mine} to you if {who} finishes. "
                    f"Picked: {picked}.")
        tail = f"; {money} if {who} finishes" if p.picked else ""
        return f"{who} is {doing}. Picked: {picked}{tail}."
    if isinstance(p, ListReturn):
        if phase == "open_lists":  # B-OPEN-02: the lists dealt, less those returned
            dealt = view.vendors[decider].wallet_size
            return (f"{who} {are} keeping {dealt - p.count} of {their} {dealt} Shopping Lists "
                    f"(returning {p.count} to the deck).")
        return f"{who} {are} returning {p.count} Shopping List(s) to the deck."
    if isinstance(p, OpeningHand):
        return (f"{who} {are} choosing the top or bottom halves of {their} {len(p.cards)} "
                "opening cards.")
    if isinstance(p, Stocking):
        return f"{who} {are} stocking {len(p.cards)} card(s) into the Stalls."
    if isinstance(p, SoloThrow):
        return (f"The Neighbour throws 1 card from each of {len(p.stalls)} Stall(s): "
                f"{'you choose' if me else f'{who} chooses'} which.")
    now = {
        "draft": f"renting a Stall in the Stall draft ({_rent(view.rules)})",
        "solo_move": "moving one row of Workers one Stall to the right",
        "stock": "stocking: every Row card of one type, or from the Deck",
        "actions": f"taking actions ({view.actions_left} left)",
        "complete": f"completing Shopping Lists from {their} Bag (Upkeep)",
        "closing": f"completing {their} last Shopping Lists in the Closing Round",
        "bag": f"giving away or throwing the extra cards of {their} Bag",
    }.get(str(phase))
    if now is None:
        return f"{who} {'decide' if me else 'is deciding'} ({PHASES.get(phase, phase)})."
    return f"{who} {are} {now}."


def warning(view: Any, action: A.Action) -> str:
    """A question to ask before ``action`` when it throws part of the turn away ("" if none).

    Example:
        >>> from marketlib.bansan import EndActions, position, view
        >>> s = position(players=2, rents={0: ["FV"], 1: ["WG"]}, phase="actions")
        >>> warning(view(s, 0), EndActions(player=0))
        'End the Action Phase with 2 action(s) unused?'
    """
    if isinstance(action, A.EndActions) and view.actions_left > 0:
        return f"End the Action Phase with {view.actions_left} action(s) unused?"
    if isinstance(action, A.SkipStocking):
        return "Skip stocking this turn? Your Stalls get no new produce."
    return ""


def goal(view: Any) -> str:
    """The team goal (Kenduri, B-KEN-02..05) or the solo target (Sendiri, B-SOLO-16..19) with
    progress; "" in the standard game.

    Example:
        >>> from marketlib.bansan import Rules, setup, view
        >>> goal(view(setup(Rules(players=3, mode="kenduri"), seed=1), 0))[-40:]
        'Done 0 of 5; the Deck has 55 cards left.'
    """
    rules = view.rules
    if rules.plays.shared_menu:
        menu = rules.kenduri_lists
        done = menu - len(view.public)
        deadline = ("the game ends" if rules.kenduri_deadline == "end_of_game"
                    else "the Deck runs out")  # B-KEN-05, A-B-39
        return (f"Team goal: complete all {menu} Kenduri lists before {deadline}, or "
                f"everyone loses. Done {done} of {menu}; the Deck has {view.deck_size} cards "
                "left.")
    if rules.plays.solo:
        target = rules.solo_target
        me = view.vendors[0]
        done = len(me.completed)
        draws = SOLO_ROW + 1  # step 1b's card and the Row (B-SOLO-10/11)
        turns = max(0, view.deck_size // draws)
        lists = (f"complete {target} Shopping Lists (done {done}) and " if
                 rules.solo_require_target else f"complete Shopping Lists (done {done}; "
                 f"{target} is the target but not required, A-B-45) and ")
        compare = "at least" if rules.solo_compare == ">=" else "more than"  # A-B-45
        return (f"Target: {lists}end with money + Deck cards {compare} 2 x their value. About "
                f"{turns} turn(s) left: the Deck has {view.deck_size} cards and a turn draws "
                f"{draws}.")
    return ""


def _past(view: Any, action: A.Action, me: int, picks: int, mine: int) -> str:
    a = action
    if isinstance(a, A.StockRow):
        return f"stocked every Row card showing {_name(a.produce)}"
    if isinstance(a, A.StockDeck):
        return "stocked from the Deck"
    if isinstance(a, (A.Buy, A.BuyWholesale, A.Sell)):
        what = _name(a.produce)
        verb = {A.Buy: "bought", A.BuyWholesale: "bought wholesale",
                A.Sell: "sold online"}[type(a)]
        extra = f" ({mine} from your Stalls)" if mine else ""
        return f"{verb} {picks} {what}{extra}"
    if isinstance(a, A.Empty):
        return f"emptied the {WASTE_WORDS[a.bin.value]} bin"
    if isinstance(a, A.Complete):
        return f"completed Shopping List {a.list}"
    if isinstance(a, A.RentAndRelease):
        return "used R&R to " + _rent_and_release(a, None)
    if isinstance(a, A.ProposeTrade):
        return f"proposed a trade to {'you' if a.to == me else f'P{a.to}'}"
    if isinstance(a, A.Counter):
        if a.price is not None:
            return f"countered with RM{a.price}"
        return "countered with other terms"
    if isinstance(a, A.Accept):
        return "accepted the offer"
    if isinstance(a, A.Decline):
        return "declined the offer"
    if isinstance(a, A.Give):
        return f"gave {a.card} to {'you' if a.to == me else f'P{a.to}'}"
    if isinstance(a, A.PlaceWorker):
        return f"rented Stall {a.stall}"
    if isinstance(a, A.ChooseHalf):
        return f"stocked its opening cards ({a.half} halves)"
    if isinstance(a, A.ReturnList):
        return "returned a Shopping List"
    if isinstance(a, A.Bargain):
        return f"offered RM{a.price} for {a.card}"
    return ""


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
                    yours = "your " if bargain.card in mine_before else ""
                    phrases.append(f"offers RM{bargain.price} for {yours}{bargain.card}")
                i = j
                continue
        phrase = _past(views[i], a, me, picks, mine)
        if phrase and (not phrases or phrases[-1] != phrase):
            phrases.append(phrase)
        i += 1
    before, after = views[0], views[-1]
    changes = []
    m0, m1 = before.vendors[me].money, after.vendors[me].money
    if m0 is not None and m1 is not None and m1 != m0:
        changes.append(f"{'+' if m1 > m0 else '-'}RM{abs(m1 - m0)} for you")
    b0, b1 = len(before.vendors[me].bag), len(after.vendors[me].bag)
    if b1 > b0:
        changes.append(f"{b1 - b0} card(s) into your Bag")
    text = ", ".join(phrases[:-1]) + (" and " if len(phrases) > 1 else "") + (
        phrases[-1] if phrases else "played")
    name = "The Neighbour" if who < 0 else f"P{who}"
    return f"{name} {text}" + (f": {', '.join(changes)}." if changes else ".")


__all__ = ["LABELS", "LEGEND", "PHASES", "goal", "instruction", "label", "legend", "recap", "step",
           "warning"]
