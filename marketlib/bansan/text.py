"""Bansan in words for one seat: the action text of the log and the move preview.

Money and the Shopping Lists in a Wallet are private (A-B-57); the Deck, the list deck and the
Event deck are face down. So:

* :func:`describe` gives the table notation of every action, except that another vendor's
  Shopping List returned to the bottom of the deck (B-OPEN-02, B-UPK-06) reads as a watcher at
  the table sees it: ``P1 return a Shopping List (hidden)``.
* :func:`preview` works from the deciding seat's view alone (docs: "Boards"). It plays the move
  in a world rebuilt from that view, states the changes no hidden card can alter (your money,
  your Bag, the Waste Bins, the Last Round trigger) and, where the move reveals Deck, list or
  Event cards, says what that reveal may change instead of its outcome.
"""

from __future__ import annotations

import random
from typing import Any

from marketlib.bansan import actions as A
from marketlib.bansan.cards import NAMES, Produce
from marketlib.bansan.queries import catalog
from marketlib.bansan.rules import ENGINE, apply
from marketlib.bansan.state import OpeningHand, Purchase, State
from marketlib.bansan.view import View, determinize
from marketlib.core.errors import IllegalAction
from marketlib.core.game import Preview

WASTE_CODES = ("PL", "PA", "OR")
"""The Waste Bins, left to right (B-SETUP-05): Plastic, Paper, Organic."""


def describe(state: State, action: A.Action, seat: int | None) -> str:
    """The log text of ``action`` (played in ``state``) as ``seat`` sees it (``None``: the
    teacher, who sees everything).

    Which Shopping List another vendor returns is hidden (B-OPEN-02, B-UPK-06, A-B-57).

    Example:
        >>> from marketlib.bansan import ReturnList, Rules, setup
        >>> s = setup(Rules(players=2), seed=1)
        >>> a = ReturnList(player=s.current, list=s.vendors[s.current].wallet[0])
        >>> describe(s, a, s.current) == str(a), describe(s, a, 1 - s.current)
        (True, 'P0 return a Shopping List (hidden)')
    """
    if isinstance(action, A.ReturnList) and seat is not None and seat != action.player and (
            state.rules.hidden_wallets):
        return f"P{action.player} return a Shopping List (hidden)"
    if isinstance(action, A.StockDeck):  # the reveal is face up: everyone at the table saw it
        after = apply(state, action)
        revealed = state.deck[: len(state.deck) - len(after.deck)]
        thrown = [c for c in revealed if any(c in b for b in after.bins)]
        extra = f" ({thrown[0]} repeated a type: into its Waste Bin)" if thrown else ""
        return f"{action}: revealed {', '.join(revealed) or 'nothing'}{extra}"
    return str(action)


def _bins(state: State) -> str:
    cap = state.rules.bin_capacity
    return "bins " + " ".join(f"{w} {len(b)}/{cap}{'!' if len(b) > cap else ''}"
                              for w, b in zip(WASTE_CODES, state.bins, strict=True))


def _row_count(view: View, produce: Any) -> int:
    cat = catalog(view)
    return sum(1 for c in view.row if cat.produce[c].shows(produce))


def _next_step(view: View, action: A.Action, after: State) -> str:
    """What a move that opens a compound decision leads to (B-STOCK, B-BUY, B-SELL, B-OPEN)."""
    a = action
    rules = view.rules
    if isinstance(a, A.StockRow):
        n = _row_count(view, a.produce)
        return f"takes {n} Row card(s) showing {NAMES[a.produce]}; then tuck each into a Stall"
    if isinstance(a, A.Buy):
        return (f"buy {NAMES[a.produce]} from other vendors' Stalls at RM{rules.price(a.produce)} "
                "a card: pick the cards next")
    if isinstance(a, A.BuyWholesale):
        return (f"buy {NAMES[a.produce]} from the Row at half price (rounded down once for the "
                "purchase): pick the cards next")
    if isinstance(a, A.Sell):
        return (f"sell {NAMES[a.produce]} from your Stalls at half price (rounded down once for "
                "the sale): pick the cards next")
    if isinstance(a, A.Pick) and isinstance(view.pending, Purchase):
        pending = after.pending
        if isinstance(pending, Purchase):
            m0 = after.vendors[a.player].money
            try:
                done = apply(after, A.Done(player=a.player))
            except IllegalAction:
                return f"{len(pending.picked)} card(s) picked"
            m1 = done.vendors[a.player].money
            half = "" if pending.kind == "vendors" else " (half price, rounded down once)"
            # a sale gets money, a purchase pays it, RM0 included (half of RM1 rounded down)
            verb = "you get" if m1 > m0 or (m1 == m0 and pending.kind == "sell") else "you pay"
            return (f"{len(pending.picked)} card(s) picked: if you finish now (done), {verb} "
                    f"RM{abs(m1 - m0)}{half}")
    if isinstance(a, A.PlaceWorker):
        cat = catalog(view)
        cost = rules.opening_rent_cost  # B-OPEN-07, A-B-58
        paid = f"for RM{cost}" if cost else "for free"
        return f"rent Stall {a.stall} ({NAMES[cat.stalls[a.stall].sells]}) {paid}"
    if isinstance(a, A.Tuck):
        cat = catalog(view)
        return f"{a.card} goes into Stall {a.stall} as {NAMES[cat.stalls[a.stall].sells]}"
    if isinstance(a, A.ChooseHalf) and isinstance(view.pending, OpeningHand):
        cat = catalog(view)
        types = [getattr(cat.produce[c], a.half).value for c in view.pending.cards]
        return f"stock {', '.join(types)}; then tuck each into a Stall"
    if isinstance(a, A.ReturnList):
        return f"{a.list} goes to the bottom of the Shopping List deck"
    if isinstance(a, A.EndActions):
        return "ends your Action Phase; Upkeep follows"
    if isinstance(a, A.RentAndRelease):
        parts = [f"you rent Stall {a.rent}" if a.rent else "",
                 f"you release Stall {a.release}" if a.release else ""]
        return " and ".join(p for p in parts if p) + " (your once-a-game R&R, B-ANY-04)"
    return ""


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

    Certain: your money (RM), your Bag (cards), the Waste Bins' fill (B-BIN-01), the Last Round
    trigger (B-END-01) and the end of the game. A move that reveals hidden cards (the Deck in
    stocking [B] B-STOCK-04, a refill B-UPK-09, a Sendiri draw B-SOLO-10/11; the list deck
    B-UPK-06; an Event B-UPK-10) says so as a chance; what the reveal can change (the bins,
    the trigger and, with Events, money and Bags) is then not stated as certain.

    ``world`` is a state rebuilt from ``view`` (``determinize``) when the caller has one.
    ``legal``: the caller took ``action`` from the seat's legal (or any-time) actions, so its
    checks are not run again (:meth:`~marketlib.core.engine.Engine.apply_legal`).

    Raises:
        IllegalAction: ``action`` is not legal in the position ``view`` shows.

    Example:
        >>> from marketlib import Match
        >>> from marketlib.bansan import Rules, StockDeck
        >>> m = Match("bansan", Rules(players=2), seed=0)
        >>> while m.state.phase != "stock":
        ...     _ = m.play(m.legal_actions()[0])
        >>> p = m.current_player
        >>> str(preview(m.view(p), StockDeck(player=p)))  # doctest: +NORMALIZE_WHITESPACE
        'reveals Deck cards one at a time until a produce type repeats (40 left); the repeated
        card goes to its Waste Bin, so a bin may fill'
    """
    before = world if world is not None else determinize(view, random.Random(0))
    after = ENGINE.apply_legal(before, action) if legal else apply(before, action)
    player = action.player
    rules = before.rules
    drew_deck = len(after.deck) < len(before.deck)
    drew_lists = len(after.list_deck) < len(before.list_deck)
    flipped = len(after.event_deck) < len(before.event_deck) or (
        after.latest_events != before.latest_events)
    events_on = rules.events != "off"
    chance: list[str] = []
    uncertain: set[str] = set()
    if drew_deck:
        if isinstance(action, A.StockDeck):
            chance.append(f"reveals Deck cards one at a time until a produce type repeats "
                          f"({view.deck_size} left); the repeated card goes to its Waste Bin, "
                          "so a bin may fill")
        elif len(after.row) > len(before.row) and not view.rules.plays.fresh_row:
            # a refill (B-UPK-09); a Sendiri draw (B-SOLO-10/11) says only that it draws, as
            # whether its Row grows depends on the hidden cards
            chance.append(f"refills the Row from the Deck ({view.deck_size} left)")
        else:
            chance.append(f"draws hidden cards from the Deck ({view.deck_size} left)")
        uncertain |= {"bins", "trigger"}
        if view.deck_size <= _most_drawn(view, action):
            chance.append("it may draw the last card, which triggers the Last Round (B-END-01)")
        if events_on:
            chance.append("a Star on a drawn card flips an Event, which can change money, "
                          "Bags and bins")
            uncertain |= {"money", "bag", "bins", "turn"}
    elif flipped:
        chance.append("flips an Event, which can change money, Bags and bins")
        uncertain |= {"money", "bag", "bins", "turn"}
    if drew_lists:
        chance.append("draws Shopping Lists you have not seen")
    certain: list[str] = [what] if (what := _next_step(view, action, after)) else []
    m0, m1 = before.vendors[player].money, after.vendors[player].money
    if m1 != m0 and "money" not in uncertain:
        certain.append(f"money RM{m0} -> RM{m1}")
    b0, b1 = len(before.vendors[player].bag), len(after.vendors[player].bag)
    if b1 != b0 and "bag" not in uncertain:
        certain.append(f"Bag {b0} -> {b1} cards")
    if before.bins != after.bins and "bins" not in uncertain:
        certain.append(_bins(after))
    if "trigger" not in uncertain:
        if after.result is not None:
            certain.append("ends the game")
        elif after.trigger is not None and before.trigger is None:
            certain.append("triggers the Last Round")
    if "turn" not in uncertain and after.result is None and after.turn != before.turn and (
            before.current == player):
        certain.append("ends your turn")
    return Preview(certain=tuple(certain), chance="; ".join(chance))


__all__ = ["WASTE_CODES", "describe", "preview"]
