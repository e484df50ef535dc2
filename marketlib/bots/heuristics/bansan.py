"""Bansan evaluation for the bots: money first, then Shopping Lists, stock and Waste-Bin risk.

A vendor's strength (in RM) is its money, plus a value per completed Shopping List, a share of
the value of each open list by how much of it the Bag already covers, a value per card in the
stalls it rents (by default half the card's market price: what a SELL to online customers
would pay for it, B-SELL-01), a little per card in its Bag, minus a share of the fines the
fuller Waste Bins threaten. The weights are a :class:`Weights`; Sendiri has its own
(:data:`SENDIRI_WEIGHTS`). The value of a state for a seat is a logistic squash of its
strength minus the strongest rival's (0.5 = level pegging); finished games are worth 1, 1/k
or 0.

In the Kenduri Menu (``rules.plays.shared_menu``) a list completed by anyone saves the whole
table (B-KEN-03/05), so a seat's value is mostly the table's progress on the public menu
(:func:`feast_progress`): each open list is claimed by the seat whose Bag covers it best
(:func:`feast_claims`), what its claimer could buy now counts a little, and the seat's own
money lead a little (:class:`FeastWeights`). A collective loss is worth 0 to everyone.

How the default weights were chosen is measured in ``benchmarks/bots_strength.py`` (see
:data:`WEIGHTS`).
"""

from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from marketlib.bansan import (
    BagCard,
    Give,
    Pick,
    RentAndRelease,
    State,
    Tuck,
    Waste,
    apply,
    catalog,
)
from marketlib.bansan.state import Ending, Purchase, Stocking, Vendor
from marketlib.bots.heuristics import (
    ReviewMeasure,
    line_moves,
    one_after_another,
    outcome_value,
)
from marketlib.core.i18n import N_, Later, joined, ngettext, said


class Weights(msgspec.Struct, frozen=True, kw_only=True):
    """The weights of a vendor's strength (RM of strength per unit).

    Attributes:
        list_value: RM per completed Shopping List (beyond the money it earned; it counts
            toward the game's end trigger, B-END-01).
        progress_value: share of an open list's RM value counted when the Bag holds every card
            it needs (scaled by the square of the share of its icons the Bag covers).
        bag_value: RM per card in the Bag (up to the Bag limit).
        stall_value: RM per card in a stall the vendor rents, whatever its type.
        stall_share: share of a stall card's printed market price (B-COMP-12) counted on top
            of ``stall_value``: 0.5 is what a SELL pays for it (B-SELL-01).
        rent_value: RM per stall the vendor rents, before the Last Round: what keeping a
            stall is worth against the RM3 a Release pays (B-ANY-03).
        bin_risk: RM of weakness per card in the fullest Waste Bin beyond half its capacity.
        scale: RM of lead that turn a 0.5 value into about 0.56 (the logistic's scale).
    """

    list_value: float = 2.5
    progress_value: float = 0.3
    bag_value: float = 0.05
    stall_value: float = 0.0
    stall_share: float = 0.5
    rent_value: float = 2.0
    bin_risk: float = 0.3
    scale: float = 4.0


WEIGHTS = Weights()
"""The weights of the multiplayer game and Kenduri. A stall card is worth half its market price
(what a SELL pays for it), a rented stall RM2, a Bag card 0.05 RM and an open list 0.3 of its
value. GreedyBot with them beats GreedyBot with the earlier weights (:data:`FLAT_WEIGHTS`) in
71% of 2-player games (400 games on each of two seeds, seats rotated; 95% intervals 66.4-75.2%
and 66.6-75.5%), wins 40% of 4-player seats against 10% (two of each, 200 games), and in
Kenduri ends with RM32.5 on average against RM26.6. The rented stall's RM2 matters when bots
may Rent & Release out of turn, as on a board (``play_many(any_time=True)``): 57% against the
same weights without it on two seeds (400 games each): a Release's RM3 now pays only for a
stall holding less than RM1 of stock. Without out-of-turn play it made no difference (52.5%)."""

FLAT_WEIGHTS = Weights(progress_value=0.6, bag_value=0.15, stall_value=0.3, stall_share=0.0,
                       rent_value=0.0)
"""The earlier weights: every stall card 0.3 RM whatever its price, Bag cards 0.15 RM each,
open lists 0.6 of their value and a rented stall nothing in itself."""

SENDIRI_WEIGHTS = FLAT_WEIGHTS
"""Sendiri's weights: there the flat ones play better (the Neighbour buys and the solo vendor
buys from unoperated stalls, B-SOLO-12): a GreedyBot ends Sendiri with RM65.4 on average and
wins 22% of 200 games with them, against RM59.0 and 2.0% with :data:`WEIGHTS`."""

BEAM = 6
"""Positions a turn search walks on from each Action Phase checkpoint: a whole Bansan turn
(stocking, two actions with their picks, lists, the Bag) has tens of thousands of lines."""


def open_lists(state: State, player: int) -> tuple[str, ...]:
    """The lists ``player`` may still complete: its Wallet, and the public Kenduri lists."""
    lists = state.vendors[player].wallet
    if state.rules.plays.shared_menu:
        lists = lists + state.public
    return lists


_PROGRESS: dict[Hashable, float] = {}
"""Memo of :func:`list_progress` (searches meet the same Bags and lists over and over)."""


def list_progress(state: State, player: int) -> float:
    """RM of open lists weighted by how much of each the Bag already covers (squared); in the
    Last Round only lists the Bag covers entirely count (not yet weighted by
    ``progress_value``)."""
    vendor = state.vendors[player]
    if not vendor.bag:
        return 0.0
    key = (vendor.bag, open_lists(state, player), state.trigger is None, state.rules.list_deck)
    found = _PROGRESS.get(key)
    if found is None:
        if len(_PROGRESS) >= 100_000:
            _PROGRESS.clear()
        found = _PROGRESS[key] = _progress(state, vendor.bag, open_lists(state, player))
    return found


def _progress(state: State, bag: tuple[BagCard, ...], open_ids: tuple[str, ...]) -> float:
    lists = catalog(state).lists
    have = Counter(b.produce for b in bag)
    total = 0.0
    for list_id in open_ids:
        shopping = lists[list_id]
        need = Counter(shopping.icons)
        covered = sum(min(k, have[t]) for t, k in need.items())
        share = covered / len(shopping.icons)
        if share == 1.0 or state.trigger is None:
            total += shopping.value * share * share
    return total


class FeastWeights(msgspec.Struct, frozen=True, kw_only=True):
    """How a bot values a Kenduri table (B-KEN): a list completed by anyone saves the whole
    table (B-KEN-05), so the table's progress on the public menu first, its own money a little.

    Attributes:
        progress: share of a list counted while it is open, times its claimer's coverage
            (:func:`feast_progress`) to the power ``power``; a completed list counts 1.
        power: the exponent of that coverage (2: the last icons of a list count most).
        access: icons counted for each missing icon of a list its claimer could buy now (from
            a stall another vendor rents, B-BUY-01, or from the Row as a wholesaler of its
            type, B-BUY-03): without it a table never rents or stocks what the menu lacks.
        own: weight of the seat's own money lead (a logistic of its money minus the richest
            other vendor's, at :attr:`Weights.scale`) beside the feast's (1 - ``own``).
    """

    progress: float = 0.5
    power: float = 2.0
    access: float = 0.5
    own: float = 0.02


FEAST_WEIGHTS = FeastWeights()
"""The Kenduri weights of :class:`BansanHeuristic`. Tried on 20-30 seeded 3- and 4-player
GreedyBot tables (``benchmarks/kenduri_feast.py`` measures the chosen ones): ``own`` 0.02 feasts
in 18 of 20 3-player games, 0.05 in 3, 0.1 in 2 (a RM of lead then outweighs a card of the
menu); ``access`` 0 in 0 of 20, 0.2 in 13, 0.3-0.7 in 27-28 of 30 4-player games."""

Claim = tuple[str, int, int, int, tuple[tuple[Any, int], ...]]
"""One claim: (list, seat, icons its Bag covers, icons, what it still misses by type)."""

_CLAIMS: dict[Hashable, tuple[Claim, ...]] = {}
"""Memo of :func:`feast_claims` (searches meet the same Bags over and over)."""


def feast_claims(state: State) -> tuple[tuple[str, int, float], ...]:
    """Who works towards each open public Kenduri list (B-KEN-02/03), from the Bags everyone
    sees: ``(list, seat, share of its icons that seat's Bag covers)`` per open list.

    Claims are made one at a time, the best-covered (list, seat) pair first (ties: the list
    first in the menu, then the lower seat); the cards a claim uses are set aside, so two lists
    never count the same card. A list nobody covers goes to the lowest seat with share 0.

    Example:
        >>> from marketlib import bansan
        >>> s = bansan.position(rules=bansan.Rules(players=2, mode="kenduri", kenduri_lists=2),
        ...     rents={0: ["FV"], 1: ["WG"]}, public=["SL-19", "SL-01"],
        ...     bags={1: ["MT:PA", "MT:PA", "SF:PA"]}, phase="actions")
        >>> feast_claims(s)[0]
        ('SL-19', 1, 0.75)
    """
    return tuple((x, seat, covered / size) for x, seat, covered, size, _ in _claims(state))


def _claims(state: State) -> tuple[Claim, ...]:
    key = (tuple(tuple(b.produce for b in v.bag) for v in state.vendors), state.public,
           state.rules.list_deck, state.cards)
    found = _CLAIMS.get(key)
    if found is None:
        if len(_CLAIMS) >= 100_000:
            _CLAIMS.clear()
        found = _CLAIMS[key] = _claim(state)
    return found


def _claim(state: State) -> tuple[Claim, ...]:
    lists = catalog(state).lists
    have = [Counter(b.produce for b in v.bag) for v in state.vendors]
    needs = {x: Counter(lists[x].icons) for x in state.public}
    left = list(state.public)
    claims: dict[str, Claim] = {}
    while left:
        best: tuple[float, int, int, int] | None = None  # (share, -list index, -seat, covered)
        for i, x in enumerate(left):
            need = needs[x]
            size = len(lists[x].icons)
            for seat, bag in enumerate(have):
                covered = sum(min(k, bag[t]) for t, k in need.items())
                rank = (covered / size, -i, -seat, covered)
                if best is None or rank > best:
                    best = rank
        assert best is not None
        x, seat, covered = left.pop(-best[1]), -best[2], best[3]
        need = needs[x]
        missing = tuple((t, k - have[seat][t]) for t, k in need.items() if k > have[seat][t])
        claims[x] = (x, seat, covered, len(lists[x].icons), missing)
        have[seat] = have[seat] - need
    return tuple(claims[x] for x in state.public)


def feast_progress(state: State, weights: FeastWeights = FEAST_WEIGHTS) -> float:
    """0..1: the table's progress on the Kenduri menu, over the menu's size (B-KEN-02/05).

    A completed public list counts 1; an open one ``weights.progress`` times the share of its
    icons its claimer covers (:func:`feast_claims`) to the power ``weights.power``, an icon it
    could buy now (from a stall another vendor rents, or from the Row as a wholesaler of its
    type) counting ``weights.access`` of one.

    Example:
        >>> from marketlib import bansan
        >>> s = bansan.setup(bansan.Rules(players=3, mode="kenduri"), seed=1)
        >>> feast_progress(s)
        0.0
    """
    total = state.rules.kenduri_lists
    done = total - len(state.public)
    if not state.public:
        return done / total
    claims = _claims(state)
    access, power = weights.access, weights.power
    supply: _Supply | None = None
    partial = 0.0
    for _list, seat, covered, size, missing in claims:
        reach = 0.0
        if missing and access:
            if supply is None:
                supply = _Supply(state)
            buyable = supply.buyable
            reach = access * sum(min(k, buyable(seat, t)) for t, k in missing)
        partial += ((covered + reach) / size) ** power
    return (done + weights.progress * partial) / total


class _Supply:
    """What each seat could buy now, by type: cards in other vendors' open stalls
    (B-BUY-01), and Row cards showing a type it rents an open stall of (B-BUY-03). The stalls
    and the Row are read once; a seat's count of one type is worked out when asked."""

    __slots__ = ("rents", "row", "stocked", "total")

    def __init__(self, state: State) -> None:
        cat = catalog(state)
        n = len(state.vendors)
        self.stocked: list[dict[Any, int]] = [{} for _ in range(n)]
        self.rents: list[set[Any]] = [set() for _ in range(n)]
        self.total: dict[Any, int] = {}
        for st in state.stalls:
            r = st.renter
            if r is not None and r >= 0 and st.open:
                kind = cat.sells[st.id]
                self.rents[r].add(kind)
                if st.cards:
                    self.stocked[r][kind] = self.stocked[r].get(kind, 0) + len(st.cards)
                    self.total[kind] = self.total.get(kind, 0) + len(st.cards)
        self.row: dict[Any, int] = {}  # Row cards showing each type (once per card)
        if any(self.rents):
            for card_id in state.row:
                shown = cat.produce[card_id]
                for kind in {shown.top, shown.bottom}:
                    self.row[kind] = self.row.get(kind, 0) + 1

    def buyable(self, seat: int, kind: Any) -> int:
        """Cards of ``kind`` ``seat`` could buy now."""
        can = self.total.get(kind, 0) - self.stocked[seat].get(kind, 0)
        if kind in self.rents[seat]:
            can += self.row.get(kind, 0)
        return can


_STALL_PRICES: list[tuple[Any, str, dict[str, int]]] = []
"""One slot: the last rules and card digest seen, with their stall ID -> printed market price
(RM); replaced whole, so a thread never reads one game's rules with another's prices."""


def stall_prices(state: State) -> dict[str, int]:
    """Stall ID -> the printed market price of the type it sells (B-COMP-12), in RM."""
    last = _STALL_PRICES[0] if _STALL_PRICES else None
    if last is not None and last[0] is state.rules and last[1] == state.cards:
        return last[2]
    rules = state.rules
    found = {sid: rules.price(kind) for sid, kind in catalog(state).sells.items()}
    _STALL_PRICES[:] = [(rules, state.cards, found)]
    return found


def strength(state: State, player: int) -> float:
    """Money plus weighted lists (completed and in progress), Bag, rented-stall cards, minus
    Waste-Bin risk (in RM), with the game mode's default weights."""
    return HEURISTIC.strengths(state)[player]


MENU_LISTS = N_("Menu lists")
"""The unit of a Kenduri review (:func:`review_measure`)."""


def menu_lists(state: State, seat: int | None = None) -> float:
    """The Kenduri Menu's lists the table completes (B-KEN-02..05), as far as ``state`` tells:
    a finished game's completed lists (those still open, or open when the Deck ran out under
    ``kenduri_deadline="deck_exhausted"``, failed it); else each completed list 1 and each open
    one the share :func:`feast_progress` counts for it. The same for every seat: the table wins
    or loses together (B-KEN-05).

    Example:
        >>> from marketlib import bansan
        >>> menu_lists(bansan.setup(bansan.Rules(players=3, mode="kenduri"), seed=1))
        0.0
    """
    total = state.rules.kenduri_lists
    if state.result is not None or state.missed:  # lists missed at the deadline never count
        return float(total - len(state.missed or state.public))
    return feast_progress(state) * total


def review_measure(rules: Any, state: Any = None) -> ReviewMeasure | None:
    """What the coach's review reads a seat's result in under ``rules`` at ``state`` (a state
    or a view), where it is not the score (money; Sendiri's points). The Kenduri, while its
    Menu has an open list: the Menu's lists (:func:`menu_lists`), shared by the table: a list
    completed by anyone saves the whole table (B-KEN-05; read in money, completing the Menu's
    last list was marked a loss of RM5.95, helper-115). Once every list is completed the feast
    is certain and money decides who wins it (B-KEN-06): ``None``, the money, as in the other
    modes. A Kenduri whose Menu failed ends in lists (the lists completed; nobody wins)."""
    if not rules.plays.shared_menu:
        return None
    if state is not None and not state.public and not state.missed:
        return None  # the feast is certain: money decides (B-KEN-06)
    return ReviewMeasure(MENU_LISTS, menu_lists, shared=True, note=MENU_NOTE)


MENU_NOTE = N_("While the Menu had an open list, the review read the table's Menu lists, which "
               "decide whether anyone wins (B-KEN-05): a move's money counted for nothing then.")
"""What a Kenduri review says it left out (helper-119 bought a card it did not need and the
review said nothing of the RM1)."""


_CARD = operator.attrgetter("card")


def _picks(state: State, pending: Purchase, actions: Sequence[Any], root: Any = None
           ) -> list[Any]:
    """The picks :meth:`BansanHeuristic.prune` keeps: after the last card picked since
    ``root`` (a card picked before it, in any order, bounds nothing), and the lowest card ID
    of its stall or of the Bag (every Row card counts on its own). The picks after the last
    card picked in the whole purchase come first, so a search stopped by its node budget has
    walked the lines of that order before the ones the root opens."""
    picked = pending.picked
    start = root.pending if root is not None else None
    if isinstance(start, Purchase) and start.kind == pending.kind and \
            start.produce is pending.produce and picked[:len(start.picked)] == start.picked:
        picked = picked[len(start.picked):]  # the cards picked in this search
    last = picked[-1].card if picked else ""
    top = pending.picked[-1].card if pending.picked else ""
    if pending.kind == "wholesale":
        return _top_first([a for a in actions if type(a) is not Pick or a.card > last], top)
    first: dict[int, str] = {}  # stall index (-1: the Bag) -> its lowest card offered
    where: dict[str, int] = {}
    for i, stall in enumerate(state.stalls):
        for c in stall.cards:
            where[c] = i
    for a in actions:
        if type(a) is Pick:
            at = where.get(a.card, -1)
            if at not in first or a.card < first[at]:
                first[at] = a.card
    return _top_first([a for a in actions if type(a) is not Pick
                       or (a.card > last and first[where.get(a.card, -1)] == a.card)], top)


def _top_first(kept: list[Any], top: str) -> list[Any]:
    """``kept`` with the picks of a card at or below ``top`` moved to the end (in order)."""
    low = [a for a in kept if type(a) is Pick and a.card <= top]
    return [a for a in kept if a not in low] + low if low else kept


class BansanHeuristic:
    """The :class:`~marketlib.bots.heuristics.Heuristic` of Bansan (every mode).

    Args:
        weights: the strength weights for every mode; ``None`` (the default) takes
            :data:`WEIGHTS`, or :data:`SENDIRI_WEIGHTS` in Sendiri.

    Example:
        >>> from marketlib.bots import GreedyBot
        >>> flat = BansanHeuristic(Weights(stall_share=0.0, stall_value=0.3))
        >>> GreedyBot(heuristic=flat).heuristic.weights.stall_value
        0.3
    """

    def __init__(self, weights: Weights | None = None,
                 feast: FeastWeights = FEAST_WEIGHTS) -> None:
        self.weights = weights
        self.feast = feast

    def weights_for(self, state: State) -> Weights:
        """The weights used for ``state`` (its mode's default unless given)."""
        if self.weights is not None:
            return self.weights
        return SENDIRI_WEIGHTS if state.rules.plays.solo else WEIGHTS

    def strengths(self, state: State) -> list[float]:
        """Every seat's strength (RM), in seat order (the bins and stalls read once)."""
        w = self.weights_for(state)
        rules = state.rules
        fullest = max(len(b) for b in state.bins)
        risk = w.bin_risk * max(0.0, fullest - rules.bin_capacity / 2)
        early = state.trigger is None
        in_stalls = [0.0] * len(state.vendors)
        if early:
            flat, share, rent = w.stall_value, w.stall_share, w.rent_value
            prices = stall_prices(state) if share else None
            for s in state.stalls:
                if s.renter is not None and s.renter >= 0:
                    each = flat + share * prices[s.id] if prices is not None else flat
                    in_stalls[s.renter] += each * len(s.cards) + rent
        out = []
        for player, vendor in enumerate(state.vendors):
            value = float(vendor.money) + w.list_value * len(vendor.completed)
            value += w.progress_value * list_progress(state, player)
            if early:  # in the Last Round leftover produce is only thrown away
                value += w.bag_value * min(len(vendor.bag), rules.bag_limit) + in_stalls[player]
            value -= risk
            out.append(value)
        return out

    def evaluate(self, state: State, player: int) -> float:
        """0..1: logistic of ``player``'s strength minus the strongest rival's (1/k/0 at the end).

        Example:
            >>> from marketlib import bansan
            >>> s = bansan.setup(bansan.Rules(players=2), seed=1)
            >>> 0.0 < HEURISTIC.evaluate(s, 0) < 1.0
            True
        """
        if state.rules.plays.shared_menu:
            return self.feast_value(state, player)
        if state.result is not None:
            return outcome_value(state.result, player)
        return self._standing(state, player)

    def _standing(self, state: State, player: int) -> float:
        values = self.strengths(state)
        mine = values[player]
        scale = self.weights_for(state).scale
        if len(values) == 1:  # Sendiri: one vendor, the money itself is the measure
            return 1.0 / (1.0 + math.exp(-(mine - state.rules.starting_money) / scale))
        rival = max(v for q, v in enumerate(values) if q != player)
        return 1.0 / (1.0 + math.exp(-(mine - rival) / scale))

    def feast_value(self, state: State, player: int) -> float:
        """Kenduri (B-KEN-05/06): a list completed by anyone saves the whole table, so the
        value is mostly the table's progress on the menu (:func:`feast_progress`) and a little
        (``FeastWeights.own``) the seat's own standing. A collective loss is worth 0, a feast
        1 - ``own`` plus ``own`` times the seat's share of the win."""
        own = self.feast.own
        if state.result is not None:
            if state.result.ending == Ending.COLLECTIVE_LOSS:
                return 0.0
            return 1.0 - own + own * outcome_value(state.result, player)
        money = [v.money for v in state.vendors]
        lead = money[player] - max(m for q, m in enumerate(money) if q != player)
        standing = 1.0 / (1.0 + math.exp(-lead / self.weights_for(state).scale))
        return (1.0 - own) * feast_progress(state, self.feast) + own * standing

    def prune(self, state: State, actions: Sequence[Any], root: Any = None) -> Sequence[Any]:
        """The legal actions worth searching: a BUY or SELL takes the cards of each stall (and
        of the Bag) lowest card ID first, and picks them in card order (each choice of how many
        cards from where once, not every order of it); cards being stocked are tucked in the order
        they wait; R&R is weighed only at the start
        of a turn (before stocking), not in the middle of a BUY or SELL, where A-B-60 allows
        it too; an excess Bag card is thrown or given to the weakest rival
        only (the one the evaluation cares least about), except in the Kenduri, where it may go
        to any partner (the one whose list it helps)."""
        phase = state.phase
        pending = state.pending
        if phase == "actions" and isinstance(pending, Purchase):
            kept = [a for a in _picks(state, pending, actions, root)
                    if type(a) is not RentAndRelease]
        elif isinstance(pending, Stocking) and pending.cards:
            first = pending.cards[0].card  # the waiting cards are tucked in their order
            kept = [a for a in actions if type(a) is not Tuck or a.card == first]
        elif phase == "stock" and pending is None:
            return actions
        else:
            kept = [a for a in actions if type(a) is not RentAndRelease]
        if phase == "bag" and len(state.vendors) > 2 and not state.rules.plays.shared_menu:
            me = state.current
            values = self.strengths(state)
            weakest = min((q for q in range(len(values)) if q != me), key=values.__getitem__)
            kept = [a for a in kept if type(a) is not Give or a.to == weakest]
        return kept or actions

    def canonical(self, state: State) -> Hashable:
        """The state with stall, Bag and bin contents sorted and without the words of the log
        or the transfers of the last step, so orders of tucks and picks that end alike merge."""
        stalls = tuple(st if len(st.cards) < 2 else replace(st, cards=tuple(sorted(st.cards)))
                       for st in state.stalls)
        vendors = tuple(v if len(v.bag) < 2 else replace(v, bag=tuple(sorted(v.bag, key=_CARD)))
                        for v in state.vendors)
        bins = tuple(b if len(b) < 2 else tuple(sorted(b)) for b in state.bins)
        return replace(state, stalls=stalls, vendors=vendors, bins=bins, log=(), transfers=())

    beam = BEAM
    rollout_turns = 1
    """An ISMCTS playout plays the next seat's answer (two turns measured no stronger, before a
    rented stall had a value: 53.5% against GreedyBot in 200 2-player games, one turn 55.0%,
    for about 1.6 times the time). With :data:`WEIGHTS` one turn wins 61.0% and 57.5% on two
    seeds at exploration 0.1 (``benchmarks/bots_strength.py``)."""
    exploration = 0.03
    """ISMCTS's UCB1 constant, lower than Monsoon Market's 0.1: after one visit to each line
    nearly every visit goes to the leading line (at 0.1 the others kept 1-30% of them). Measured
    against GreedyBot in 200 2-player games: seed 5 62.5% (0.1: 59.0%, 0.3: 59.5%), seed 77
    60.5% (0.1: 57.5%), seed 2024 64.5% (0.1: 61.0%) (``benchmarks/bots_strength.py``)."""

    def checkpoint(self, state: State) -> bool:
        """The start of each BUY, SELL or EMPTY of the Action Phase (after stocking, and
        after each action): a turn search keeps the best :data:`BEAM` positions there."""
        return state.phase == "actions" and state.pending is None and state.offer is None

    def strength(self, state: State, player: int) -> float:
        """:func:`strength`, the coach's review's estimate of a seat's final result (money and
        weighted holdings, with the mode's default weights whatever this heuristic's)."""
        return strength(state, player)

    def review_measure(self, rules: Any, state: Any = None) -> ReviewMeasure | None:
        """:func:`review_measure`: what the coach's review reads a seat's result in."""
        return review_measure(rules, state)

    def waiting_on(self, state: State) -> int | None:
        """The vendor whose decision waits for another's answer to its open offer (B-ANY-01/02),
        else ``None``: the coach's review plays the answer before it reads the position (a
        bargain offered mid-BUY read RM21.5 below the same BUY once accepted; helper-115)."""
        offer = state.offer
        return offer.frm if offer is not None and state.result is None else None

    def public_key(self, state: State) -> Hashable:
        """The table without turn counters, the hidden decks, or the vendors' money and Wallets
        (hidden from the other seats, so a search's guesses at them never tell two sightings of
        one table apart)."""
        vendors = tuple(Vendor(money=0, completed=v.completed, bag=v.bag, rr_used=v.rr_used)
                        for v in state.vendors)
        return replace(state, deck=(), list_deck=(), event_deck=(), removed=(), turn=0,
                       shuffle_key=0, transfers=(), ledger=(), bank=0, vendors=vendors)

    def score(self, state: State, player: int) -> float:
        """``player``'s money (RM): the ``score`` of :meth:`metrics`."""
        return float(state.vendors[player].money)

    def rollout_action(self, state: State, actions: Sequence[Any], rng: Any) -> Any:
        """A uniformly random legal action."""
        return rng.choice(actions)

    def describe(self, before: State, actions: Sequence[Any], after: State, player: int) -> str:
        """One sentence: the actions of the turn and the change in money and lists (in the
        Kenduri also the public lists a Bag now covers more of, B-KEN-03); a
        :class:`~marketlib.core.i18n.Later`, worded in the reader's language where it is read.
        """
        was, now = before.vendors[player], after.vendors[player]
        shown = actions if len(actions) <= 5 else actions[:4]  # never "and 1 more" (helper-101)
        steps = line_moves(apply, before, shown)
        played: str = Later.by(one_after_another, steps) if steps else Later(N_("nothing"))
        if len(actions) > len(shown):
            played = Later(N_("{moves} and {count} more"), moves=played,
                           count=len(actions) - len(shown))
        change: list[str] = []
        if now.money != was.money:
            change.append(Later(N_("money goes from RM{before} to RM{after}"),
                                before=was.money, after=now.money))
        completed = len(now.completed) - len(was.completed)
        if completed > 0:
            change.append(Later(N_("it completes {count} Shopping List") if completed == 1
                                else N_("it completes {count} Shopping Lists"), count=completed))
        if len(now.bag) != len(was.bag):  # "to 1 card", as a preview says it
            change.append(Later(N_("its Bag goes from {before} to {after} card")
                                if len(now.bag) == 1 else
                                N_("its Bag goes from {before} to {after} cards"),
                                before=len(was.bag), after=len(now.bag)))
        if before.rules.plays.shared_menu and after.public:  # whose Bag nears which list
            had = {x: share for x, _seat, share in feast_claims(before)}
            closer = tuple(Later(N_("{list} (P{seat}'s Bag covers {share})"),
                                 list=x, seat=seat, share=f"{share:.0%}")
                           for x, seat, share in feast_claims(after) if share > had.get(x, 1.0))
            if closer:
                change.append(Later.by(_closer, closer))
        why = (Later.by(joined, "; ", tuple(change)) if change
               else Later(N_("it keeps its position best")))
        return Later(N_("plays {moves}, because {why}."), moves=played, why=why)

    def metrics(self, state: State, player: int) -> dict[str, float | int]:
        """``score`` (= money in RM), ``money``, ``lists`` (Shopping Lists completed, not
        held), ``bag`` (cards), ``stall_cards`` (cards in the stalls it rents) and each Waste
        Bin's fill ``bin_PL``, ``bin_PA``, ``bin_OR`` (cards) for the ``turns`` frame."""
        return dict(zip(METRIC_NAMES, self.metric_row(state, player), strict=True))

    def metric_row(self, state: State, player: int) -> tuple[float | int, ...]:
        """The values of :meth:`metrics`, in its order."""
        vendor = state.vendors[player]
        in_stalls = 0
        for s in state.stalls:
            if s.renter == player:
                in_stalls += len(s.cards)
        bins = state.bins
        return (vendor.money, vendor.money, len(vendor.completed), len(vendor.bag), in_stalls,
                len(bins[0]), len(bins[1]), len(bins[2]))


def _closer(lists: Sequence[str]) -> str:
    """The Kenduri lists a turn brings closer, in the language in force."""
    return ngettext("the table's Kenduri list {lists} comes closer",
                    "the table's Kenduri lists {lists} come closer",
                    len(lists)).format(lists=", ".join(said(x) for x in lists))


BIN_COLUMNS = tuple(f"bin_{waste.value}" for waste in Waste)
"""The ``turns`` columns of the three Waste Bins, in bin order."""
METRIC_NAMES = ("score", "money", "lists", "bag", "stall_cards", *BIN_COLUMNS)
"""The names of :meth:`BansanHeuristic.metrics`, in the order of ``metric_row``."""

HEURISTIC = BansanHeuristic()
"""The shared instance used by :func:`~marketlib.bots.heuristics.heuristic_for`."""
