"""Deals for the searching bots (issue 29, point 1): Bansan's bargains and trades "at any time"
(B-ANY-01/02, A-B-33/60/61).

A bot that deals (``GreedyBot(deals=True)``, ``ISMCTSBot(deals=True)``) judges every deal by
its own heuristic: the value of the position *after the deal, as it would be accepted*, against
the value of the position without it. It

- **proposes** a trade (:func:`proposal`) when one raises that value by more than
  :data:`DEAL_MARGIN` and the other vendor, judged by the same heuristic from what the bot can
  see, would gain from it too (so it does not pester the table with offers that will be
  declined). The search is small: the card another vendor's Bag holds that its nearest open
  Shopping List still misses, for a few prices in RM or for one of its own spare Bag cards;
- **bargains** (:func:`bargain`) in its own BUY from vendors: a lower price for the card it was
  about to pick, when the seller would gain from the sale at that price;
- **answers** an offer (:func:`answer`): accept, decline, or counter (its own terms moved RM1 in
  its favour, only while ``Rules.max_counters`` allows), whichever leaves it best off. A seller
  knows that the buyer may still pay the market price if it declines (B-BUY-02).

Money is never promised beyond what the bot can still spend (A-B-61: ``free_money``, which
already counts an unfinished BUY); each deal comes with a sentence a student can read, such as
"I'll pay RM2 for P1's Seafood: it completes my list worth RM12." (a
:class:`~marketlib.core.i18n.Later`: English, worded in each reader's language where the log
quotes it; the produce names are translated, the cards, stalls, seats and RM stay).
"""

from __future__ import annotations

from collections import Counter as Tally
from dataclasses import dataclass
from typing import Any

from marketlib.bansan import actions as A
from marketlib.bansan.cards import NAMES, Produce
from marketlib.bansan.options import Rules
from marketlib.bansan.queries import (
    bargain_seller,
    catalog,
    free_money,
    price,
    set_vendor,
    vendor_with,
)
from marketlib.bansan.state import BagCard, BargainOffer, Purchase, State, TradeOffer
from marketlib.bots.heuristics import Heuristic
from marketlib.core.errors import MarketlibError
from marketlib.core.game import GameModule, PlayerId
from marketlib.core.i18n import N_, Later, _, said

DEAL_MARGIN = 0.01
"""Heuristic value (0-1) a deal must add for the bot before it proposes or counters one."""

MAX_PAY_STEPS = 3
"""How many prices in RM a trade proposal tries for one card (RM1, the market price, and two
more than it; never more than the bot can spend)."""


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal the bot makes: the action, what it adds to the bot's value, and why in words (a
    :class:`~marketlib.core.i18n.Later`)."""

    action: Any
    gain: float
    words: str


def deals_in(state: Any) -> bool:
    """Whether ``state`` (or a view) is of a game where bots may deal: Bansan with
    ``allow_trades`` (B-ANY-01/02)."""
    rules = getattr(state, "rules", None)
    return isinstance(rules, Rules) and bool(rules.allow_trades)


def bargains(view: Any, pick: Any, me: PlayerId) -> bool:
    """Whether ``pick`` (``me``'s next action) could become a bargain: a pick in ``me``'s own
    BUY from vendors of a card in a stall another vendor rents (B-ANY-01, B-BUY-02)."""
    pending = getattr(view, "pending", None)
    if (type(pick) is not A.Pick or view.offer is not None or not isinstance(pending, Purchase)
            or pending.kind != "vendors"):
        return False
    stall = next((s for s in view.stalls if pick.card in s.cards), None)
    return stall is not None and stall.renter is not None and stall.renter != me


def _play(game: GameModule, state: Any, *actions: Any) -> Any | None:
    """``state`` after ``actions``, or ``None`` when the rules refuse one of them."""
    try:
        for action in actions:
            state = game.apply(state, action)
    except MarketlibError:
        return None
    return state


def _name(produce: Produce) -> str:
    """A produce's name (a :class:`~marketlib.core.i18n.Later`: translated where it is read)."""
    return Later(NAMES[Produce(produce)])


def _open_lists(state: State, me: int) -> tuple[str, ...]:
    lists = state.vendors[me].wallet
    if state.rules.plays.shared_menu:
        lists = lists + state.public
    return lists


def _missing(state: State, me: int) -> list[tuple[int, int, str, list[Produce]]]:
    """Each open list of ``me`` with what its Bag still misses: ``(missing, -value, id,
    produce missing)``, nearest (then most valuable) first."""
    lists = catalog(state).lists
    have = Tally(b.produce for b in state.vendors[me].bag)
    out = []
    for list_id in _open_lists(state, me):
        shopping = lists[list_id]
        need = Tally(shopping.icons)
        short = [t for t, k in need.items() for _k in range(max(0, k - have[t]))]
        if short:
            out.append((len(short), -shopping.value, list_id, short))
    out.sort()
    return out


def _list_words(state: State, me: int, list_id: str, missing: int) -> str:
    value = catalog(state).lists[list_id].value
    if missing == 1:
        return Later(N_("it completes my list worth RM{value}"), value=value)
    return Later(N_("it brings my list worth RM{value} one card closer"), value=value)


def banked(state: Any, seat: int) -> Any:
    """``state`` with each open list of ``seat`` that its Bag covers already completed (the
    vendor completes it at its next Upkeep, B-UPK-02..05): its cards leave the Bag and its
    value is paid. A Bag covering a list is worth the list, not the share of it an unfinished
    list counts for in the heuristic, when a deal is judged."""
    lists = catalog(state).lists
    vendor = state.vendors[seat]
    bag = list(vendor.bag)
    done: list[str] = []
    money = vendor.money
    for list_id in _open_lists(state, seat):
        need = list(lists[list_id].icons)
        use = []
        for b in bag:
            if b.produce in need:
                need.remove(b.produce)
                use.append(b)
        if not need:
            bag = [b for b in bag if b not in use]
            done.append(list_id)
            money += lists[list_id].value
    if not done:
        return state
    new = vendor_with(vendor, bag=tuple(bag), money=money,
                      wallet=tuple(w for w in vendor.wallet if w not in done),
                      completed=(*vendor.completed, *done))
    return state.replace(vendors=set_vendor(state, seat, new),
                         public=tuple(p for p in state.public if p not in done))


def _value(heuristic: Heuristic, state: Any, seat: int) -> float:
    """The heuristic value of ``state`` for ``seat``, with the lists every vendor's Bag covers
    counted done (:func:`banked`): a deal that lets the other vendor complete a list counts
    against ``seat`` too."""
    for other in range(len(state.vendors)):
        state = banked(state, other)
    return heuristic.evaluate(state, seat)


def proposal(game: GameModule, heuristic: Heuristic, state: Any, me: PlayerId,
             margin: float = DEAL_MARGIN) -> Deal | None:
    """The best trade ``me`` can propose now (a ``ProposeTrade``), or ``None``.

    Candidates: for the two open lists nearest completion, each card of a missing type in
    another vendor's Bag, for RM (1, the market price and up to :data:`MAX_PAY_STEPS` prices,
    at most ``free_money``) or for one of ``me``'s Bag cards those lists do not need. A
    candidate counts when the rules allow it now, it adds more than ``margin`` to ``me``'s
    value as accepted, and the other vendor's value (as ``me`` can judge it) does not drop.

    Example:
        >>> from marketlib import bansan
        >>> from marketlib.bots.heuristics import heuristic_for
        >>> s = bansan.position(players=3, phase="actions", current=0)
        >>> proposal(bansan, heuristic_for(bansan), s, 0) is None  # empty Bags: nothing to trade
        True
    """
    if not deals_in(state) or state.offer is not None or state.result is not None:
        return None
    lists = _missing(state, me)[:2]
    if not lists:
        return None
    needed = Tally(t for _n, _v, lid, _s in lists for t in catalog(state).lists[lid].icons)
    spare: list[BagCard] = []
    used: Tally[Produce] = Tally()
    for b in state.vendors[me].bag:
        used[b.produce] += 1
        if used[b.produce] > needed[b.produce]:
            spare.append(b)
    spend = free_money(state, me)  # A-B-61: never promise more
    still = _value(heuristic, state, me)
    best: Deal | None = None
    seen: set[Any] = set()
    for missing, _worth, list_id, short in lists:
        for other, vendor in enumerate(state.vendors):
            if other == me:
                continue
            for held in vendor.bag:
                if held.produce not in short or (other, held.produce) in seen:
                    continue
                seen.add((other, held.produce))
                market = price(state, held.produce)
                pays = sorted({1, market, *(market + k for k in range(1, MAX_PAY_STEPS))})
                offers = [A.ProposeTrade(player=me, to=other, take=(held.card,), pay=rm)
                          for rm in pays if 0 < rm <= spend]
                offers += [A.ProposeTrade(player=me, to=other, give=(b.card,),
                                          take=(held.card,)) for b in spare[:2]]
                for offer in offers:
                    deal = _judge(game, heuristic, state, me, offer, still, margin)
                    if deal is None or (best is not None and deal.gain <= best.gain):
                        continue
                    why = _list_words(state, me, list_id, missing)
                    words = (Later(N_("I'll pay RM{pay} for P{seat}'s {produce}: {why}."),
                                   pay=offer.pay, seat=other, produce=_name(held.produce),
                                   why=why) if not offer.give else
                             Later(N_("I'll swap my {mine} for P{seat}'s {produce}: {why}."),
                                   mine=_name(_produce_in(state, me, offer.give[0])),
                                   seat=other, produce=_name(held.produce), why=why))
                    best = Deal(offer, deal.gain, words)
    return best


def _produce_in(state: State, seat: int, card: str) -> Produce:
    return next(b.produce for b in state.vendors[seat].bag if b.card == card)


def _judge(game: GameModule, heuristic: Heuristic, state: Any, me: int, offer: Any,
           still: float, margin: float) -> Deal | None:
    """``offer`` (a proposal, bargain or counter by ``me``) as the other vendor would accept
    it: a :class:`Deal` with ``me``'s gain (lists its Bag then covers counted done,
    :func:`banked`) when that exceeds ``margin`` and the other vendor loses nothing by
    accepting, judged as a bot that does not deal answers: by the heuristic's value of the
    position right after its answer."""
    if game.explain(state, offer) is not None:
        return None
    made = game.apply(state, offer)
    other = made.offer.to
    accepted = _play(game, made, A.Accept(player=other))
    if accepted is None:
        return None
    gain = _value(heuristic, accepted, me) - still
    if gain <= margin:
        return None
    declined = game.apply(made, A.Decline(player=other))
    if heuristic.evaluate(accepted, other) < heuristic.evaluate(declined, other):
        return None
    return Deal(offer, gain, "")


def bargain(game: GameModule, heuristic: Heuristic, state: Any, me: PlayerId, pick: Any,
            margin: float = 0.0) -> Deal | None:
    """A ``Bargain`` for the card ``pick`` names (``me`` was about to pick it in its BUY from
    vendors): the lowest price below the market price the seller would accept, or ``None``."""
    if (not deals_in(state) or type(pick) is not A.Pick or state.offer is not None
            or not isinstance(state.pending, Purchase) or state.pending.kind != "vendors"):
        return None
    stall = next((s for s in state.stalls if pick.card in s.cards), None)
    if stall is None or stall.renter is None or stall.renter == me:
        return None
    market = price(state, catalog(state).sells[stall.id])
    still = _value(heuristic, _play(game, state, pick) or state, me)
    for rm in range(max(0, market - 2), market):
        if rm > free_money(state, me):  # A-B-61
            break
        deal = _judge(game, heuristic, state, me, A.Bargain(player=me, card=pick.card, price=rm),
                      still, margin)
        if deal is not None:
            produce = catalog(state).sells[stall.id]
            return Deal(deal.action, deal.gain,
                        Later(N_("I offer P{seat} RM{price} for the {produce} in {stall} "
                                 "instead of the market price RM{market}."), seat=stall.renter,
                              price=rm, produce=_name(produce), stall=stall.id, market=market))
    return None


def answer(game: GameModule, heuristic: Heuristic, state: Any, me: PlayerId,
           legal: tuple[Any, ...], margin: float = DEAL_MARGIN) -> Deal | None:
    """How ``me`` answers the offer made to it (``legal`` its answers), or ``None`` when no
    offer waits. Accept or decline, whichever leaves ``me`` better off (a seller who declines
    a bargain expects the buyer to pay the market price instead, B-BUY-02); a counter (a listed
    one, or its own terms moved RM1 its way) when it beats both by more than ``margin`` and
    the other vendor would accept it; never beyond ``Rules.max_counters`` (A-B-60)."""
    offer = state.offer if deals_in(state) else None
    if offer is None or offer.to != me:
        return None
    accept, decline = A.Accept(player=me), A.Decline(player=me)
    after_yes = _play(game, state, accept) if accept in legal else None
    no = game.apply(state, decline)
    if isinstance(offer, BargainOffer) and bargain_seller(state, offer) == me:
        buyer = state.current
        at_market = _play(game, no, A.Pick(player=buyer, card=offer.card))
        no = at_market if at_market is not None else no
    yes_value = -1.0 if after_yes is None else _value(heuristic, after_yes, me)
    no_value = _value(heuristic, no, me)
    best_value = max(yes_value, no_value)
    offered = describe(state)
    if yes_value > no_value:
        choice = Deal(accept, yes_value - no_value,
                      Later(N_("I accept: {offer}; it leaves me better off."), offer=offered))
    else:
        choice = Deal(decline, 0.0, Later(N_("I decline: {offer}; it would not leave me better "
                                             "off."), offer=offered))
    countered: Deal | None = None
    if offer.counters < state.rules.max_counters:
        for counter in _counters(state, me, offer, legal):
            deal = _judge(game, heuristic, state, me, counter, best_value, margin)
            if deal is not None and (countered is None or deal.gain > countered.gain):
                countered = Deal(counter, deal.gain,
                                 Later(N_("{offer}; I offer {terms} instead."), offer=offered,
                                       terms=_terms(state, counter)))
    return countered or choice


def _counters(state: State, me: int, offer: Any, legal: tuple[Any, ...]) -> list[Any]:
    """Counter-offers to weigh: the listed ones, and the offer's terms moved RM1 ``me``'s way
    (RM1 less paid, else RM1 more asked; for a bargain, RM1 up for a seller, down for a
    buyer), within what ``me`` can spend (A-B-61)."""
    out = [a for a in legal if type(a) is A.Counter]
    if isinstance(offer, TradeOffer):
        pay, ask = offer.ask, offer.pay  # the terms from ``me``'s side
        pay, ask = (pay - 1, ask) if pay > 0 else (pay, ask + 1)
        if pay <= free_money(state, me):
            out.append(A.Counter(player=me, give=offer.take, take=offer.give, pay=pay, ask=ask))
    else:
        rm = offer.price + (1 if bargain_seller(state, offer) == me else -1)
        if rm >= 0 and (me != state.current or rm <= free_money(state, me)):
            out.append(A.Counter(player=me, price=rm))
    return list(dict.fromkeys(out))


def _cards(state: Any, cards: tuple[str, ...]) -> str:
    """Bag cards by their produce: ``Meat (PC-62)`` (a :class:`~marketlib.core.i18n.Later`)."""
    kinds = {b.card: b.produce for v in state.vendors for b in v.bag}
    return Later.by(_cards_words, tuple((kinds.get(c), c) for c in cards))


def _cards_words(cards: tuple[tuple[Produce | None, str], ...]) -> str:
    """``(produce, card)`` pairs in the language in force: ``Meat (PC-62)``, or the card alone
    when its produce is not known."""
    return ", ".join(c if p is None else f"{_(NAMES[Produce(p)])} ({c})" for p, c in cards)


def _sum(parts: tuple[str, ...]) -> str:
    """What one side of a deal gives (``my Meat (PC-61) + RM2``) in the language in force, or
    "nothing"."""
    return " + ".join(said(p) for p in parts) or _("nothing")


def _terms(state: Any, counter: Any) -> str:
    """A counter-offer's terms, from its maker's side."""
    if counter.price is not None:
        return f"RM{counter.price}"
    mine = (*([Later(N_("my {cards}"), cards=_cards(state, counter.give))] if counter.give
              else []), *([f"RM{counter.pay}"] if counter.pay else []))
    yours = (*([Later(N_("your {cards}"), cards=_cards(state, counter.take))] if counter.take
               else []), *([f"RM{counter.ask}"] if counter.ask else []))
    return Later(N_("{mine} for {yours}"), mine=Later.by(_sum, mine),
                 yours=Later.by(_sum, yours))


def describe(state: Any) -> str:
    """The open offer in words, as a bot's sentence quotes it (a
    :class:`~marketlib.core.i18n.Later`: English, worded where it is read).

    Example:
        >>> from marketlib import bansan
        >>> s = bansan.position(players=2, rents={0: ["FV"], 1: ["WG"]}, phase="actions",
        ...                     bags={1: ["PC-62=MT"]})
        >>> said = describe(bansan.apply(s, bansan.ProposeTrade(player=1, to=0, give=("PC-62",),
        ...                                                       ask=3)))
        >>> said
        'P1 offers its Meat (PC-62) for RM3'
        >>> said.said("ms")
        'P1 menawarkan Daging (PC-62) miliknya untuk RM3'
    """
    offer = state.offer
    if isinstance(offer, BargainOffer):
        return Later(N_("P{seat} offers RM{price} for {card}"), seat=offer.frm,
                     price=offer.price, card=offer.card)
    if isinstance(offer, TradeOffer):
        gives = (*([Later(N_("its {cards}"), cards=_cards(state, offer.give))] if offer.give
                   else []), *([f"RM{offer.pay}"] if offer.pay else []))
        takes = (*([Later(N_("your {cards}"), cards=_cards(state, offer.take))] if offer.take
                   else []), *([f"RM{offer.ask}"] if offer.ask else []))
        return Later(N_("P{seat} offers {gives} for {takes}"), seat=offer.frm,
                     gives=Later.by(_sum, gives), takes=Later.by(_sum, takes))
    return Later(N_("no offer"))


__all__ = ["DEAL_MARGIN", "MAX_PAY_STEPS", "Deal", "answer", "banked", "bargain", "bargains",
           "deals_in", "describe", "proposal"]
