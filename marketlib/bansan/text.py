"""Bansan in words for one seat: the action text of the log and the move preview.

Money and the Shopping Lists in a Wallet are private (A-B-57); the Deck, the list deck and the
Event deck are face down. So:

* :func:`describe` gives the table notation of every action, except that another vendor's
  Shopping List returned to the bottom of the deck (B-OPEN-02, B-UPK-06) reads as a watcher at
  the table sees it: ``P1 return a Shopping List (hidden)``; what a move turned face up follows
  it: a stocking [B] reveal's cards, and each Event it flipped (B-UPK-10:
  ``P0 done; Event EV-34 flipped: Chinese New Year``).
* :func:`preview` works from the deciding seat's view alone (docs: "Boards"). It plays the move
  in a world rebuilt from that view, states the changes no hidden card can alter (your money,
  your Bag, the Waste Bins, the Last Round trigger) and, where the move reveals Deck, list or
  Event cards, says what that reveal may change instead of its outcome.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from marketlib.bansan import actions as A
from marketlib.bansan.cards import NAMES, SELL_FROM, WASTE_WORDS, Produce
from marketlib.bansan.phases.action_checks import NEW_ACTIONS
from marketlib.bansan.queries import (
    BIN_INDEX,
    MONEY_FLOWS,
    UNOPERATED_FACTOR,
    bargain_seller,
    buys_unoperated,
    catalog,
    empty_gains,
    flipped,
    price,
    price_basis,
    purchase_total,
)
from marketlib.bansan.rules import ENGINE, apply
from marketlib.bansan.state import (
    NEIGHBOUR,
    BargainOffer,
    OpeningHand,
    Purchase,
    State,
    Stocking,
)
from marketlib.bansan.turn import decider
from marketlib.bansan.view import View, determinize
from marketlib.bansan.words import closing_throw
from marketlib.core.game import Preview, check_own_move

WASTE_CODES = ("PL", "PA", "OR")
"""The Waste Bins, left to right (B-SETUP-05): Plastic, Paper, Organic."""


def describe(state: State, action: A.Action, seat: int | None,
             after: State | None = None) -> str:
    """The log text of ``action`` (played in ``state``) as ``seat`` sees it (``None``: the
    teacher, who sees everything).

    Which Shopping List another vendor returns is hidden (B-OPEN-02, B-UPK-06, A-B-57); what
    the move turned face up follows for every seat: a stocking [B] reveal's cards and each
    Event it flipped (B-UPK-10), a hidden return's too (Upkeep's last return refills the Row).

    ``after``: the state the move led to (a match's next state), so the move is not played
    again to read what it turned up; without it, it is (with Events on, or for a reveal).

    Raises:
        IllegalAction: ``action`` is not legal in ``state`` and no ``after`` is given.

    Example:
        >>> from marketlib.bansan import ReturnList, Rules, setup
        >>> s = setup(Rules(players=2), seed=1)
        >>> a = ReturnList(player=s.current, list=s.vendors[s.current].wallet[0])
        >>> describe(s, a, s.current) == str(a), describe(s, a, 1 - s.current)
        (True, 'P0 return a Shopping List (hidden)')
    """
    text = str(action)
    if log_reader(state, action, seat) is not None:  # the only text a seat changes
        text = f"P{action.player} return a Shopping List (hidden)"
    if isinstance(action, A.Done) and state.phase == "closing":  # what it threw and was
        # fined, all face up (B-END-05); the log said only "P0 done" (helper-74)
        left, over = closing_throw(state, after or apply(state, action), action.player)
        if not left:
            return f"{text}: no leftover cards to throw (B-END-05)"
        if not over or not state.rules.fine_per_card:  # no fine to say (fine_per_card=0)
            return f"{text}: threw {left} leftover card(s) into the Waste Bins (B-END-05)"
        return (f"{text}: threw {left} leftover card(s) into the Waste Bins, {over} of them "
                f"into a full bin, fined RM{over * state.rules.fine_per_card} (B-END-05)")
    reveals = isinstance(action, A.StockDeck)
    if not reveals and state.rules.events == "off":
        return text
    if after is None:
        after = apply(state, action)
    if reveals:  # the reveal is face up: everyone at the table saw it
        revealed = state.deck[: len(state.deck) - len(after.deck)]
        thrown = [c for c in revealed if any(c in b for b in after.bins)]
        extra = f" ({thrown[0]} repeated a type: into its Waste Bin)" if thrown else ""
        text = f"{action}: revealed {', '.join(revealed) or 'nothing'}{extra}"
    events = catalog(state).events
    return "; ".join([text, *(f"Event {e} flipped: {events[e].name}"  # face up (B-UPK-10)
                              for e in flipped(state, after))])


def log_reader(state: State, action: A.Action, seat: int | None) -> int | None:
    """Whose reading of ``action``'s log text ``seat`` shares: ``seat`` itself when the move
    hides something from it (which Shopping List another vendor returned, B-OPEN-02, B-UPK-06,
    A-B-57), else the teacher's (``None``): :func:`describe` reads the seat only through this,
    so a table words a public move once for every seat.

    Example:
        >>> from marketlib.bansan import ReturnList, Rules, setup
        >>> s = setup(Rules(players=2), seed=1)
        >>> a = ReturnList(player=s.current, list=s.vendors[s.current].wallet[0])
        >>> log_reader(s, a, s.current), log_reader(s, a, 1 - s.current)
        (None, 1)
    """
    if (isinstance(action, A.ReturnList) and seat is not None and seat != action.player
            and state.rules.hidden_wallets):
        return seat
    return None


def _bins(state: State) -> str:
    cap = state.rules.bin_capacity
    return "bins " + " ".join(f"{w} {len(b)}/{cap}{'!' if len(b) > cap else ''}"
                              for w, b in zip(WASTE_CODES, state.bins, strict=True))


def _row_count(view: View, produce: Any) -> int:
    cat = catalog(view)
    return sum(1 for c in view.row if cat.produce[c].shows(produce))


def _then_tuck(view: View, n: int, after: State) -> str:
    """What follows taking ``n`` cards to stock: tucking each (B-STOCK-05), or, for the cards
    one open Stall or none fits, where they went at once (auto-tuck; A-B-17 for none)."""
    waiting = len(after.pending.cards) if isinstance(after.pending, Stocking) else 0
    if waiting >= n:
        return "then tuck each into a Stall"
    if waiting == 0:
        if len(after.outside) > len(view.outside) or after.bins != view.bins:  # A-B-17
            return "each goes straight where it must (one open Stall fits it, or none: A-B-17)"
        return "each goes straight into the one open Stall that fits it"
    return (f"{n - waiting} card(s) go straight where they must; then tuck the other {waiting} "
            "into a Stall")


def _stock_row(view: View, a: A.StockRow, after: State) -> str:
    n = _row_count(view, a.produce)
    return f"takes {n} Row card(s) showing {NAMES[a.produce]}; {_then_tuck(view, n, after)}"


def _buy(view: View, a: A.Buy, after: State) -> str:
    unit = price(view, a.produce)  # the market price now (B-COMP-12, a price Event)
    if view.rules.plays.solo:  # the Neighbour's Stalls and unoperated ones (B-SOLO-12)
        return (f"buy {NAMES[a.produce]} from the Stalls at RM{unit} a card from the "
                f"Neighbour's, RM{UNOPERATED_FACTOR * unit} from an unoperated one: pick the "
                "cards next")
    if buys_unoperated(view.rules):  # B-BUY-06 with buy_unoperated_multiplayer
        return (f"buy {NAMES[a.produce]} from other vendors' Stalls at RM{unit} a card "
                f"(RM{UNOPERATED_FACTOR * unit} from an unoperated Stall): pick the cards next")
    return (f"buy {NAMES[a.produce]} from other vendors' Stalls at RM{unit} a card: pick the "
            "cards next")


def _buy_wholesale(view: View, a: A.BuyWholesale, after: State) -> str:
    basis, event = price_basis(view, "wholesale")
    if basis == "free":  # EV-13..16: this Action Phase's BUY (ii) costs RM0
        return (f"buy {NAMES[a.produce]} from the Row for free this turn ({event}): pick the "
                "cards next")
    if basis == "half_each":
        return (f"buy {NAMES[a.produce]} from the Row at half price (each card's half rounded "
                "down, A-B-10): pick the cards next")
    return (f"buy {NAMES[a.produce]} from the Row at half price (rounded down once for the "
            "purchase): pick the cards next")


def _sell(view: View, a: A.Sell, after: State) -> str:
    basis, event = price_basis(view, "sell")
    source = SELL_FROM[view.rules.online_sell_source]  # A-B-09
    if basis == "full":  # EV-17..20: this Action Phase's sale is at full price
        return (f"sell {NAMES[a.produce]} from {source} at full price this turn ({event}): "
                "pick the cards next")
    if basis == "half_each":
        return (f"sell {NAMES[a.produce]} from {source} at half price (each card's half "
                "rounded down, A-B-10): pick the cards next")
    return (f"sell {NAMES[a.produce]} from {source} at half price (rounded down once for "
            "the sale): pick the cards next")


def _price_note(view: View, kind: str) -> str:
    """How a purchase of ``kind`` is priced, after its total (:func:`purchase_total`;
    :func:`~marketlib.bansan.queries.price_basis`)."""
    basis, event = price_basis(view, kind)
    if basis == "sum":
        return ""
    if basis == "free":
        return f" (free this turn, {event})"
    if basis == "full":
        return f" (full price this turn, {event})"
    if basis == "half_each":
        return " (half price, each card rounded down, A-B-10)"
    return " (half price, rounded down once)"


def _pick(view: View, a: A.Pick, after: State) -> str:
    pending = after.pending
    if not isinstance(view.pending, Purchase) or not isinstance(pending, Purchase):
        return ""
    if after.offer is not None:  # the seller answers first (A-B-07, B-ANY-01): no done yet
        return f"{len(pending.picked)} card(s) picked"
    half = _price_note(view, pending.kind)
    # a sale gets money, a purchase pays it, RM0 included (half of RM1 rounded down)
    verb = "you get" if pending.kind == "sell" else "you pay"
    return (f"{len(pending.picked)} card(s) picked: if you finish now (done), {verb} "
            f"RM{purchase_total(after, pending)}{half}")


def _place_worker(view: View, a: A.PlaceWorker, after: State) -> str:
    cost = view.rules.opening_rent_cost  # B-OPEN-07, A-B-58
    paid = f"for RM{cost}" if cost else "for free"
    return f"rent Stall {a.stall} ({NAMES[catalog(view).sells[a.stall]]}) {paid}"


def _tuck(view: View, a: A.Tuck, after: State) -> str:
    return f"{a.card} goes into Stall {a.stall} as {NAMES[catalog(view).sells[a.stall]]}"


def _choose_half(view: View, a: A.ChooseHalf, after: State) -> str:
    if not isinstance(view.pending, OpeningHand):
        return ""
    cat = catalog(view)
    types = [getattr(cat.produce[c], a.half).value for c in view.pending.cards]
    return f"stock {', '.join(types)}; {_then_tuck(view, len(types), after)}"


def _return_list(view: View, a: A.ReturnList, after: State) -> str:
    return f"{a.list} goes to the bottom of the Shopping List deck"


def _done(view: View, a: A.Done, after: State) -> str:
    """A sale's done says where its cards go and for how much, RM0 included (B-SELL-01: half
    of RM1 rounded down); Upkeep's done says no (more) list is completed (B-UPK-02), then
    :func:`preview` says "Upkeep goes on" where the vendor still has the Bag check to make
    (B-UPK-08), or "ends your turn"; a purchase's done is said by its money and Bag."""
    pending = view.pending
    if isinstance(pending, Purchase) and pending.kind == "sell":
        return (f"sells {len(pending.picked)} card(s) to the Outside Market for "
                f"RM{purchase_total(view, pending)}{_price_note(view, 'sell')}")
    if view.phase == "complete":
        lists = "more Shopping Lists" if view.completed_now else "Shopping List"
        return f"completes no {lists} this turn"  # then "Upkeep goes on" or "ends your turn"
    if view.phase == "closing":  # B-END-05 (b)+(c), A-B-62
        player = a.player
        left = len(view.vendors[player].bag) + sum(
            len(st.cards) for st in view.stalls if st.renter == player)
        if not left:
            return "ends your Closing Round step: nothing left to throw (B-END-05)"
        return (f"ends your Closing Round step: your {left} leftover card(s) in your Stalls and "
                "Bag go to their Waste Bins, with fines for overflow (B-END-05)")
    return ""


def _accept(view: View, a: A.Accept, after: State) -> str:
    """B-ANY-01/02, A-B-60/61: an accepted bargain puts its card in the BUY at its price (paid
    at done); an accepted trade is made (its money and Bag changes follow)."""
    offer = view.offer
    if isinstance(offer, BargainOffer):
        return (f"{offer.card} is picked for the BUY at RM{offer.price}, paid when the buyer "
                "finishes (done)")
    return "the trade is made" if offer is not None else ""


def _offered(view: View, a: A.ProposeTrade | A.Bargain | A.Counter, after: State) -> str:
    """A trade, a bargain or a counter-offer (B-ANY-01/02, A-B-60/61): nothing changes hands
    until the other vendor accepts; the buyer's money offered is held while the offer waits
    (A-B-61); a counter says the answers left (helper-115 read "no visible change yet")."""
    offer = after.offer
    if offer is None:
        return ""
    to = offer.to
    if isinstance(offer, BargainOffer):
        then = (f"if P{to} accepts, {offer.card} is picked for the BUY at RM{offer.price}, paid "
                "when the buyer finishes (done)")
        held = offer.price if bargain_seller(after, offer) != a.player else 0
    else:
        then = f"nothing changes hands until P{to} accepts (B-ANY-02)"
        if offer.ask:  # checked when P{to} accepts (A-B-61), so said here (helper-118)
            then += f"; if P{to} accepts, they pay you RM{offer.ask}"
        held = offer.pay
    if isinstance(a, A.Counter):
        left = after.rules.max_counters - offer.counters
        said = (f"counters the offer: it goes back to P{to}, who may accept, decline or "
                f"counter again ({left} counter(s) left, A-B-60); {then}" if left > 0 else
                f"counters the offer: P{to} may only accept or decline (no counters left, "
                f"A-B-60); {then}")
    elif isinstance(offer, BargainOffer):
        said = f"offers P{to} RM{offer.price} for {offer.card}; {then}"
    else:
        said = f"offers P{to} a trade; {then}"
    if held:
        said += (f"; RM{held} of your money is held for it while the offer waits: you cannot "
                 "spend it elsewhere (A-B-61)")
    buying = after.pending
    if (isinstance(offer, BargainOffer) and isinstance(buying, Purchase) and not buying.picked
            and bargain_seller(after, offer) != a.player):  # helper-119 declined, then found
        said += (f"; if P{to} declines, the BUY goes on: you must still pick at least 1 card "
                 "(B-BUY-01)")  # only a full-price pick left
    return said


def _offer_ends(view: View, a: A.Decline | A.Withdraw, after: State) -> str:
    return "the offer ends; nothing changes hands" if view.offer is not None else ""


ENDS_ACTIONS = "ends your Action Phase; Upkeep follows"
"""What end-actions does, and a move that ends the Action Phase at once (the last EMPTY, the
last purchase's done): :func:`preview` says it after the move's own parts."""


def _end_actions(view: View, a: A.EndActions, after: State) -> str:
    """End-actions says the actions it leaves unused (B-ACT-01, A-B-19), as the board's question
    does (helper-115 read only "ends your Action Phase")."""
    left = view.actions_left
    if left > 0:
        return (f"ends your Action Phase with {left} action(s) unused (A-B-19); Upkeep "
                "follows")
    return ENDS_ACTIONS


def _rent_and_release(view: View, a: A.RentAndRelease, after: State) -> str:
    if a.rent and a.release:  # no money line follows: the two amounts cancel (B-ANY-05)
        cost = view.rules.rr_cost
        return (f"you rent Stall {a.rent} for RM{cost} and you release Stall {a.release} for "
                f"RM{cost}, so your money stays as it is (your once-a-game R&R, B-ANY-04)")
    parts = [f"you rent Stall {a.rent}" if a.rent else "",
             f"you release Stall {a.release}" if a.release else ""]
    return " and ".join(p for p in parts if p) + " (your once-a-game R&R, B-ANY-04)"


def _move(view: View, a: A.Move, after: State) -> str:
    """B-SOLO-09/10: where the row's two Workers go (both move, the rightmost wrapping to the
    leftmost), then what step 1b does; its card is hidden, so which Stalls lose a card is not
    said (the preview said only "hidden cards are drawn", helper-74)."""
    sells = catalog(view).sells
    cols = view.columns
    row = view.stalls[(a.row - 1) * cols:a.row * cols]
    moves = {stall.renter: (stall.id, row[(i + 1) % cols].id) for i, stall in enumerate(row)
             if stall.renter in (a.player, NEIGHBOUR)}  # one Worker each a row (B-SOLO-04/05)
    parts = []
    for who, words in ((a.player, "your Worker moves from Stall {} ({}) to {} ({}) (B-SOLO-09)"),
                       (NEIGHBOUR, "the Neighbour's moves too, from Stall {} ({}) to {} ({})")):
        if who in moves:
            frm, to = moves[who]
            parts.append(words.format(frm, NAMES[sells[frm]], to, NAMES[sells[to]]))
    return "; ".join([*parts, "then 1 Deck card is drawn: for each type it shows, 1 card of "
                      "that type's Stall, if it holds any, goes to its Waste Bin, without a fine "
                      "(B-SOLO-10)"])


def _throw(view: View, a: A.Throw, after: State) -> str:
    """Which bin a thrown card lands in (B-BIN-01), for the Sendiri throw (B-SOLO-10, A-B-43)
    from which Stall; neither it nor the Bag check's throw is fined (B-BIN-03, B-UPK-08),
    unless ``fine_on_bag_overflow`` fines the Bag check's (A-B-13: then the money says it)."""
    waste = WASTE_WORDS[catalog(view).produce[a.card].waste.value]
    if view.phase == "solo_throw":
        stall = next(s for s in view.stalls if a.card in s.cards)
        return (f"{a.card} goes from Stall {stall.id} into the {waste} bin, without a fine "
                "(B-SOLO-10)")
    if view.rules.fine_on_bag_overflow:
        return f"{a.card} goes into the {waste} bin"
    return f"{a.card} goes into the {waste} bin, without a fine (B-UPK-08)"


def _empty(view: View, a: A.Empty, after: State) -> str:
    """B-EMPTY-01..03: where the bin's cards go and what emptying it pays, each part with its
    rule (:func:`~marketlib.bansan.queries.empty_gains`; helper-112 read "money RM13 -> RM15"
    with no word of why)."""
    waste = WASTE_WORDS[a.bin._value_]
    count = len(view.bins[BIN_INDEX[a.bin]])
    parts = []
    for part in empty_gains(view, a.bin):
        gain = part.amount
        if part.event is not None:  # a bin-bonus Event beside the vendor's bag (B-UPK-11)
            parts.append(f"+RM{gain} from {catalog(view).events[part.event].name} "
                         f"({part.event})")
        elif part.rule == "B-EMPTY-01":
            parts.append(f"the {waste} bin holds no card: you gain RM{gain} (B-EMPTY-01, A-B-12)"
                         if not count else f"the {waste} bin's {count} card(s) go to the "
                         f"Outside Market, and you gain RM{gain} (B-EMPTY-01)")
        else:
            parts.append(_EMPTY_BONUS[part.rule].format(gain=gain))
    return "; ".join(parts)


_EMPTY_BONUS = {"B-EMPTY-02": "+RM{gain}: it is not the first bin you empty this turn (B-EMPTY-02)",
                "B-EMPTY-03": "+RM{gain}: the bin is overflowing (B-EMPTY-03)"}
"""The words of each rule's bonus in an EMPTY's preview (:func:`_empty`)."""


_NEXT_STEPS: dict[type, Callable[[View, Any, State], str]] = {
    A.StockRow: _stock_row, A.Buy: _buy, A.BuyWholesale: _buy_wholesale, A.Sell: _sell,
    A.Pick: _pick, A.PlaceWorker: _place_worker, A.Tuck: _tuck, A.ChooseHalf: _choose_half,
    A.ReturnList: _return_list, A.Done: _done, A.EndActions: _end_actions,
    A.Accept: _accept, A.Decline: _offer_ends, A.Withdraw: _offer_ends,
    A.ProposeTrade: _offered, A.Bargain: _offered, A.Counter: _offered,
    A.RentAndRelease: _rent_and_release, A.Move: _move, A.Throw: _throw, A.Empty: _empty}
"""What a move that opens a compound decision leads to (B-STOCK, B-BUY, B-SELL, B-OPEN), by
action kind: the first words of its preview (none for the kinds not listed)."""


def _next_step(view: View, action: A.Action, after: State) -> str:
    """What a move that opens a compound decision leads to (B-STOCK, B-BUY, B-SELL, B-OPEN)."""
    said = _NEXT_STEPS.get(type(action))
    return "" if said is None else said(view, action, after)


def _fines(after: State, player: int) -> list[str]:
    """The overflow fines ``player`` paid in the step just played, each with its rule (the
    fines of :data:`~marketlib.bansan.queries.MONEY_FLOWS`: B-BIN-02 at a list's completion,
    the Bag check, the Closing Round, Sendiri's end; an Event's fine comes with a flip, which
    the preview never states as certain): the money line alone hid them (helper-115 read
    "money RM30 -> RM41" for an RM12 list)."""
    paid: dict[str, int] = {}
    for t in after.transfers:
        if t.frm == player and t.to is None and "fine" in MONEY_FLOWS.get(t.rule, ()):
            paid[t.rule] = paid.get(t.rule, 0) + t.amount
    return [f"fined RM{amount} for cards that overflow their bins ({rule})"
            for rule, amount in paid.items() if amount]


def _most_drawn(view: View, action: A.Action) -> int:
    """The most Deck cards ``action`` can draw in any world: a stocking [B] reveal stops at the
    first repeated type (B-STOCK-04), a Sendiri turn draws step 1b's card and its Row
    (B-SOLO-10/11), else a refill draws up to ``row_size`` (B-UPK-09)."""
    if isinstance(action, A.StockDeck):
        return len(Produce) + 1
    if view.rules.plays.fresh_row:
        return view.rules.plays.fresh_row + 1
    return view.rules.row_size


def preview(view: View, action: A.Action, world: State | None = None, *,
            legal: bool = False) -> Preview:
    """What ``action`` does for the deciding seat, from its ``view`` only.

    Certain: the action it uses (B-ACT-01), your money (RM), your Bag (cards), the Waste Bins'
    fill (B-BIN-01), the Last Round trigger (B-END-01), the end of your turn or Action Phase
    and the end of the game. A move that reveals hidden cards (the Deck in stocking [B]
    B-STOCK-04, a refill B-UPK-09, a Sendiri draw B-SOLO-10/11; the list deck B-UPK-06; an
    Event B-UPK-10) says so as a chance; what the reveal can change (the bins, the trigger
    and, with Events, money and Bags) is then not stated as certain.

    ``world`` is a state rebuilt from ``view`` (``determinize``) when the caller has one.
    ``legal``: the caller took ``action`` from the seat's legal (or any-time) actions, so its
    checks are not run again (:meth:`~marketlib.core.engine.Engine.apply_legal`).

    Raises:
        InvalidAction: ``action`` is not an action of this game (its table notation too:
            read it with ``parse_action`` first).
        IllegalAction: ``action`` is not legal in the position ``view`` shows.
        NotYourMove: ``action`` is another seat's and ``view`` is not the teacher view
            (:func:`~marketlib.core.game.check_own_move`).

    Example:
        >>> from marketlib import Match
        >>> from marketlib.bansan import Rules, StockDeck
        >>> m = Match("bansan", Rules(players=2), seed=0)
        >>> while m.state.phase != "stock":
        ...     _ = m.play(m.legal_actions()[0])
        >>> p = m.current_player
        >>> str(preview(m.view(p), StockDeck(player=p)))  # doctest: +NORMALIZE_WHITESPACE
        'reveals Deck cards one at a time until a produce type repeats (40 in the Deck now);
        the repeated card goes to its Waste Bin, so a bin may fill'
    """
    ENGINE.actions.kind_of(action)  # a value that is no action: InvalidAction, named
    check_own_move(view, action)  # a guess is never stated as a fact
    before = world if world is not None else determinize(view, random.Random(0))
    after = ENGINE.apply_legal(before, action) if legal else apply(before, action)
    player = action.player
    chance: list[str] = []
    # what a reveal can change is not stated as certain: the bins and the trigger when Deck
    # cards are drawn, money, Bags, bins and the turn when an Event may flip
    sure_bins = sure_trigger = sure_money = True
    refills = len(after.row) > len(before.row) and not view.rules.plays.fresh_row
    if len(after.deck) < len(before.deck):
        if isinstance(action, A.StockDeck):
            chance.append(f"reveals Deck cards one at a time until a produce type repeats "
                          f"({view.deck_size} in the Deck now); the repeated card goes to its "
                          "Waste Bin, so a bin may fill")
        elif refills:
            # a refill (B-UPK-09); a Sendiri draw (B-SOLO-10/11) says only that it draws, as
            # whether its Row grows depends on the hidden cards
            chance.append(f"refills the Row from the Deck ({view.deck_size} in the Deck now)")
        elif isinstance(after.pending, OpeningHand):  # an opening hand (B-OPEN-03,
            # B-SOLO-06): helper-112 asked whose "hidden cards are drawn" meant
            drawer, count = decider(after), len(after.pending.cards)
            chance.append(f"then you draw the next {count} Deck cards to stock (B-SOLO-06; "
                          f"{view.deck_size} in the Deck now)" if drawer == player else
                          f"then P{drawer} draws the next {count} Deck cards to stock "
                          f"(B-OPEN-03; {view.deck_size} in the Deck now)")
        else:
            chance.append(f"hidden cards are drawn from the Deck ({view.deck_size} in the Deck "
                          "now)")
        sure_bins = sure_trigger = False
        if view.deck_size <= _most_drawn(view, action):
            chance.append("it may draw the last card, which ends the game after this turn "
                          "(B-SOLO-16)" if view.rules.plays.solo else "it may draw the last "
                          "card, which triggers the Last Round (B-END-01)")
        sources = before.rules.star_sources
        if before.rules.events != "off":
            if refills and "replenish" in sources:  # a refill's Star flips now (B-UPK-10)
                chance.append("a Star on a drawn card flips an Event, which can change money, "
                              "Bags and bins")
                sure_money = False
            elif isinstance(action, A.StockDeck) and "deck_stock" in sources:  # at Upkeep
                chance.append("a Star among them flips an Event at Upkeep (A-B-20)")
            # else the Stars of a [B] reveal, an opening deal or a Sendiri draw never flip
            # an Event (A-B-20)
    elif len(after.event_deck) < len(before.event_deck) or (
            after.latest_events != before.latest_events):
        chance.append("flips an Event, which can change money, Bags and bins")
        sure_bins = sure_money = False
    if len(after.list_deck) < len(before.list_deck):
        chance.append("draws Shopping Lists you have not seen")
    certain: list[str] = [what] if (what := _next_step(view, action, after)) else []
    if isinstance(action, NEW_ACTIONS):  # B-ACT-01: a BUY or SELL takes its action when it
        # starts, before any card is picked (helper-110)
        certain.append(f"uses 1 action now ({before.actions_left - 1} left, B-ACT-01)")
    if sure_money:  # money, the Bag and the turn
        v0, v1 = before.vendors[player], after.vendors[player]
        if v1 is not v0:
            if v1.money != v0.money:
                certain.append(f"money RM{v0.money} -> RM{v1.money}")
                certain.extend(_fines(after, player))
            if len(v1.bag) != len(v0.bag):
                n = len(v1.bag)
                certain.append(f"Bag {len(v0.bag)} -> {n} card{'' if n == 1 else 's'}")
    if sure_bins and before.bins != after.bins:
        certain.append(_bins(after))
    if sure_trigger:
        if after.result is not None:
            certain.append("ends the game")
        elif after.trigger is not None and before.trigger is None:
            certain.append("the game ends after this turn (B-SOLO-16)" if view.rules.plays.solo
                           else "triggers the Last Round")
    if sure_money and after.result is None and before.current == player:
        if after.turn != before.turn:
            certain.append("ends your turn")
        elif before.phase == "complete" and isinstance(action, A.Done):  # a Bag check to make
            certain.append("Upkeep goes on")  # (B-UPK-08): in every world, as no Event flips
    if (before.phase == "actions" and after.phase != "actions"
            and not isinstance(action, A.EndActions)):  # the last action, done: the phase
        certain.append(ENDS_ACTIONS)  # ends at once
    return Preview(certain=tuple(certain), chance="; ".join(chance))


__all__ = ["WASTE_CODES", "describe", "preview"]
