"""Monsoon Market evaluation for the bots: seals, the best Order each hand can fulfil, goods.

A seat's strength is its seals plus a share of what its display could fulfil right now (the best
and second-best Order on display at the best level its goods meet), plus a little for goods held
and unspent Bonus Goods. The value of a state for a seat is a logistic squash of its strength
minus the strongest rival's, so 0.5 means level pegging. Finished games are worth 1, 1/k or 0.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

from marketlib.bots.heuristics import (
    MetricReader,
    Row,
    line_moves,
    one_after_another,
    outcome_value,
)
from marketlib.core.i18n import N_, Later, _, joined, naming_moves
from marketlib.monsoon import (
    Buy,
    Catalog,
    Declare,
    Fulfill,
    FulfillPending,
    GoodsCard,
    Keep,
    Level,
    Order,
    Pass,
    Seat,
    Spend,
    SpendBonus,
    State,
    Steal,
    Take,
    Upgrade,
    apply,
    best_level,
    catalog,
    seals_of,
)
from marketlib.monsoon.words import LEVELS

Item = tuple[tuple[Any, ...], int]

POTENTIAL_WEIGHTS = (0.6, 0.2)
"""Share of the best and second-best fulfilable Order's seals counted as strength."""
GOODS_WEIGHT = 0.04
"""Strength per good held (capped at 12 goods)."""
BONUS_WEIGHT = 0.3
"""Strength per unspent Bonus Good."""
REACH_BONUS = 2.0
"""Extra strength when the best fulfilable Order would reach the seal target."""
SCALE = 2.5
"""Seals of lead that turn a 0.5 value into about 0.6."""


def _items(state: State, cat: Catalog, player: int) -> list[Item]:
    seat = state.seats[player]
    items: list[Item] = [(cat.goods[c].goods, cat.goods[c].quantity) for c in seat.display]
    pending = state.pending
    if isinstance(pending, FulfillPending) and state.current == player:
        items += [(cat.goods[c].goods, cat.goods[c].quantity) for c in pending.cards]
    for o in seat.orders:
        order = cat.orders[o.id]
        if o.bonus and order.bonus_good is not None:
            items.append(((order.bonus_good,), order.bonus_quantity))
    return items


def potentials(state: State, player: int) -> list[tuple[int, str, Level]]:
    """``(seals, order, level)`` for every Order ``player`` could fulfil with all its goods now,
    best first (the Order being fulfilled counts for the deciding seat)."""
    cat = catalog(state)
    items = _items(state, cat, player)
    total = sum(q for _, q in items)
    orders = list(state.order_display)
    pending = state.pending
    if isinstance(pending, FulfillPending) and state.current == player:
        orders.append(pending.order)
    found: list[tuple[int, str, Level]] = []
    for oid in orders:
        order = cat.orders[oid]
        if order.total > total:
            continue
        level = best_level(order, items)
        if level is not None:
            found.append((order.seals(level), oid, level))
    found.sort(key=lambda f: (-f[0], f[1]))
    return found


_STRENGTHS: dict[Hashable, float] = {}
"""Memo of :func:`strength`: searches meet the same seat positions over and over."""
METRIC_NAMES = ("score", "seals", "cards", "goods", "orders", "bonus_goods")
"""The names of :meth:`MonsoonHeuristic.metrics`, in the order of ``metric_row``."""
_MEMO_LIMIT = 200_000


def strength(state: State, player: int) -> float:
    """Seals plus weighted potential, goods and Bonus Goods of ``player`` (in seals).

    Memoised: the value depends only on the seat, the Order display, the seal target, the cards
    in play and (for the deciding seat) the fulfilment in progress.
    """
    cat = catalog(state)
    seat = state.seats[player]
    pending = state.pending
    if state.current != player or not isinstance(pending, FulfillPending):
        pending = None
    key = (id(cat), state.rules.seal_target, seat, state.order_display, pending)
    value = _STRENGTHS.get(key)
    if value is None:
        if len(_STRENGTHS) >= _MEMO_LIMIT:
            _STRENGTHS.clear()
        value = _STRENGTHS[key] = _strength(state, cat, seat, player)
    return value


def _strength(state: State, cat: Catalog, seat: Seat, player: int) -> float:
    seals = seals_of(seat, cat)
    pots = potentials(state, player)
    value = float(seals)
    for weight, pot in zip(POTENTIAL_WEIGHTS, pots, strict=False):
        value += weight * pot[0]
    if pots and seals + pots[0][0] >= state.rules.seal_target:
        value += REACH_BONUS
    goods = sum(cat.goods[c].quantity for c in seat.display)
    value += GOODS_WEIGHT * min(goods, 12)
    value += BONUS_WEIGHT * sum(o.bonus for o in seat.orders)
    return value


class MonsoonHeuristic:
    """The :class:`~marketlib.bots.heuristics.Heuristic` of Monsoon Market."""

    def evaluate(self, state: State, player: int) -> float:
        """0..1: logistic of ``player``'s strength minus the strongest rival's (1/k/0 at the end).

        Example:
            >>> from marketlib import monsoon
            >>> s = monsoon.setup(monsoon.Rules(players=2), seed=1)
            >>> 0.0 < HEURISTIC.evaluate(s, 0) < 1.0
            True
        """
        if state.result is not None:
            return outcome_value(state.result, player)
        mine = strength(state, player)
        rival = max(strength(state, q) for q in range(len(state.seats)) if q != player)
        return 1.0 / (1.0 + math.exp(-(mine - rival) / SCALE))

    def prune(self, state: State, actions: Sequence[Any], root: Any = None) -> Sequence[Any]:
        """In a spend, only goods the Order asks for (unless Bulk needs more), each set of cards
        once (increasing card IDs from the cards spent since ``root``, Bonus Goods first), and
        only ``declare gold`` once Gold is met (or a Bonus Good before any card: its Order turns
        Silver, M-BG-05). A card spent before ``root`` bounds nothing: from a person's spend of
        MG-27, MG-19 may follow (helper-113: the review read spending MG-27 before MG-19 as a
        loss of 1.4 seals, as its search could not add MG-19). The moves the order counted from
        the spend's first card keeps come first, so a search stopped by its node budget has
        walked those lines before the ones the root opens (helper-114: from a part-made spend
        the walk grew four- to five-fold)."""
        pending = state.pending
        if state.phase != "spend" or not isinstance(pending, FulfillPending):
            return actions
        spent = pending.cards
        start = root.pending if root is not None else None
        if isinstance(start, FulfillPending) and start.order == pending.order:
            spent = spent[len(start.cards):]  # the cards spent in this search
        bonus = [a for a in actions if isinstance(a, SpendBonus)] if not spent else []
        declares = [a for a in actions if isinstance(a, Declare)]
        if any(a.level is Level.GOLD for a in declares):  # a Bonus Good may still be worth
            # spending: its Order turns Silver (M-BG-05)
            return [*(a for a in declares if a.level is Level.GOLD), *bonus]
        cat = catalog(state)
        order = cat.orders[pending.order]
        wanted = {r.good for r in order.requirements}
        last = max(spent, default="")
        spends = [a for a in actions if isinstance(a, Spend) and a.card > last]
        useful = [a for a in spends if wanted & set(cat.goods[a.card].goods)]
        have = sum(cat.goods[c].quantity for c in pending.cards)
        have += sum(cat.goods[a.card].quantity for a in useful)
        if have >= order.total or declares:
            spends = useful
        top = max(pending.cards, default="")  # the order counted from the spend's first card
        first = [a for a in spends if a.card > top]
        early = bonus if not pending.cards else []
        kept: list[Any] = [*declares, *early, *first, *(a for a in bonus if a not in early),
                           *(a for a in spends if a.card <= top)]
        return kept or actions

    def canonical(self, state: State) -> Hashable:
        """The state with displays and the spend in sorted order."""
        seats = tuple(Seat(display=tuple(sorted(s.display)), orders=s.orders) for s in state.seats)
        pending = state.pending
        if isinstance(pending, FulfillPending):
            pending = FulfillPending(order=pending.order, cards=tuple(sorted(pending.cards)),
                                     bonus_goods=tuple(sorted(pending.bonus_goods)))
        return state.replace(seats=seats, pending=pending)

    beam = 8
    """Unused: Monsoon turns are short enough to search exhaustively (no checkpoints)."""
    rollout_turns = 2
    """An ISMCTS playout plays two turns after its root line: in a 2-player game the rival's
    answer and the bot's own next turn, so every line is scored at the same point of the round
    (73-75% against GreedyBot in 2-player games, against 58-64% with one turn;
    ``benchmarks/bots_strength.py``)."""
    exploration = 0.1
    """ISMCTS's UCB1 constant (0.25 measured weaker: 54.5% against GreedyBot, one playout turn)."""

    def checkpoint(self, state: State) -> bool:
        """Never: every line of a Monsoon turn is searched."""
        return False

    def public_key(self, state: State) -> Hashable:
        """Market, Order display and every seat's (sorted) display and Orders."""
        seats = tuple((tuple(sorted(s.display)), s.orders) for s in state.seats)
        return (state.market, state.order_display, seats, state.phase, state.pending)

    def rollout_action(self, state: State, actions: Sequence[Any], rng: Any) -> Any:
        """Declare the best level when possible, fulfil often, otherwise play at random."""
        first = actions[0]
        if state.phase == "spend":
            declares = [a for a in actions if isinstance(a, Declare)]
            if declares and rng.random() < 0.9:
                return declares[0]
        elif state.phase == "action":
            fulfils = [a for a in actions if isinstance(a, Fulfill)]
            if fulfils and rng.random() < 0.7:
                return rng.choice(fulfils)
            moves = [a for a in actions if not isinstance(a, Pass)]
            if moves:
                return rng.choice(moves)
        return rng.choice(actions) if len(actions) > 1 else first

    def describe(self, before: State, actions: Sequence[Any], after: State, player: int) -> str:
        """One sentence: what the turn's line does, action by action as played (each Order
        fulfilled with the level declared for it, M-FUL-05; a Bonus Action's steal, buy,
        fulfilment or upgrade after it, M-BA-01), and the reason in seals or Orders.

        Example:
            >>> from marketlib import monsoon
            >>> s = monsoon.position(displays=[["MG-18", "MG-16", "Gem1"], ["Cloth2"]],
            ...                      order_display=["MO-20", "MO-14"])
            >>> line = [monsoon.Fulfill(player=0, order="MO-20"),
            ...         monsoon.Spend(player=0, card="MG-18"),
            ...         monsoon.Spend(player=0, card="MG-16"),
            ...         monsoon.Declare(player=0, level=monsoon.Level.GOLD)]
            >>> end = s
            >>> for a in line:
            ...     end = monsoon.apply(end, a)
            >>> HEURISTIC.describe(s, line, end, 0)
            'fulfils MO-20 (4 Pepper) at Gold, raising its seals from 0 to 4 (the target is 15).'
        """
        cat = catalog(before)
        seals_before = seals_of(before.seats[player], cat)
        seals_after = seals_of(after.seats[player], cat)
        target = before.rules.seal_target
        first = actions[0] if actions else Pass(player=player)
        if isinstance(first, Pass):
            return Later(N_("passes, because no steal, buy or fulfilment improves its position "
                            "this turn."))
        clauses = _clauses(before, actions, after, player, cat)
        what: str
        if clauses:
            what = Later.by(one_after_another, tuple(clauses))
        else:  # a line chosen in the middle of a turn: spends, takes, a skipped Bonus Action
            what = Later(N_("goes on with {moves}"), moves=Later.by(
                one_after_another, line_moves(apply, before, actions)))
        why: str
        if seals_after > seals_before:
            why = Later(N_("raising its seals from {before} to {after} (the target is {target})"),
                        before=seals_before, after=seals_after, target=target)
        else:
            pots = potentials(after, player) if after.result is None else []
            if pots:
                seals, oid, lvl = pots[0]
                why = Later(N_("so it holds the goods for {order} at {level} ({seals} seal) "
                               "next turn") if seals == 1 else
                            N_("so it holds the goods for {order} at {level} ({seals} seals) "
                               "next turn"), order=oid, level=Later(LEVELS[lvl.value]),
                            seals=seals)
            else:
                why = Later(N_("to collect goods for the Orders on display"))
        return Later(N_("{what}, {why}."), what=what, why=why)

    def score(self, state: State, player: int) -> float:
        """``player``'s seals: the ``score`` of :meth:`metrics`."""
        return float(seals_of(state.seats[player], catalog(state)))

    def metrics(self, state: State, player: int) -> dict[str, float | int]:
        """``score`` (= seals), ``seals``, ``cards`` and ``goods`` in the display, ``orders``,
        ``bonus_goods`` for the simulation's ``turns`` frame."""
        return dict(zip(METRIC_NAMES, self.metric_row(state, player), strict=True))

    def metric_row(self, state: State, player: int) -> tuple[float | int, ...]:
        """The values of :meth:`metrics`, in its order."""
        seat = state.seats[player]
        cat = catalog(state)
        seals = seals_of(seat, cat)
        goods = cat.goods
        return (seals, seals, len(seat.display), sum([goods[c].quantity for c in seat.display]),
                len(seat.orders), sum([o.bonus for o in seat.orders]))

    def strength(self, state: State, player: int) -> float:
        """:func:`strength`, the coach's review's estimate of a seat's final result (seals and
        weighted potential)."""
        return strength(state, player)

    def metric_reader(self, players: int) -> MetricReader:
        """Every seat's :meth:`metric_row`, remembering the last state's rows.

        At the end of a turn most seats are the same objects as at the end of the last one (a
        row kept), and a changed seat usually kept its ``orders`` tuple (a steal or a buy
        changes only the display), whose seals and Bonus Goods are kept too.
        """
        seats_then: list[Seat | None] = [None] * players
        rows_then: list[Row] = [()] * players
        last_seats: tuple[Seat, ...] = ()
        last_rows: tuple[Row, ...] = ()
        cards: str | None = None  # State.cards of the states read, its Catalog, its goods
        cat: Catalog | None = None
        quantity: dict[str, int] = {}

        def read(state: State) -> tuple[Row, ...]:
            nonlocal last_seats, last_rows, cards, cat, quantity
            seats = state.seats
            if state.cards != cards or cat is None:  # the first state, or another deal's cards
                cards, cat = state.cards, catalog(state)
                quantity = {c: good.quantity for c, good in cat.goods.items()}
                seats_then[:] = [None] * players
            elif seats is last_seats:
                return last_rows
            for s in range(players):
                seat, old = seats[s], seats_then[s]
                if seat is old:
                    continue
                orders, display = seat.orders, seat.display
                if old is not None and orders is old.orders:
                    seals, bonus = rows_then[s][1], rows_then[s][5]
                else:
                    seals = seals_of(seat, cat)
                    bonus = sum([o.bonus for o in orders])
                if old is not None and display is old.display:
                    goods = rows_then[s][3]
                else:
                    goods = sum(map(quantity.__getitem__, display))
                rows_then[s] = (seals, seals, len(display), goods, len(orders), bonus)
                seats_then[s] = seat
            last_seats, last_rows = seats, tuple(rows_then)
            return last_rows

        return read



def _clauses(before: State, actions: Sequence[Any], after: State, player: int,
             cat: Catalog) -> list[str]:
    """A clause per main step of ``actions`` in the order played: a fulfilment with the level
    declared for it (the next ``Declare``), a steal, a buy with what it took, an upgrade.
    Spends, takes and keeps belong to the step before them and are not named (issue 29: the
    explanation names what the bot does, no more). Each is a
    :class:`~marketlib.core.i18n.Later`, worded where it is read."""
    out: list[str] = []
    held = before.seats[player].display
    fulfilling: int | None = None  # the index in ``out`` of a fulfilment waiting for a level
    order = ""  # the Order of that fulfilment
    finishing = False  # the fulfilment waiting for a level is the one ``before`` was paying
    pending = before.pending
    if isinstance(pending, FulfillPending) and any(isinstance(a, Declare) for a in actions):
        # a line chosen in the middle of a fulfilment: it finishes that Order first (helper-101
        # read "fulfils MO-13" while MO-06 was half paid, the clause of a later Bonus Action)
        order = pending.order
        out.append("")  # its clause, with the level, comes with the line's first Declare
        fulfilling, finishing = 0, True
    for i, a in enumerate(actions):
        if isinstance(a, Fulfill):
            order = a.order
            out.append(Later(N_("fulfils {order} ({needs})"), order=order,
                             needs=Later.by(_needs, cat.orders[order])))
            fulfilling = len(out) - 1
        elif isinstance(a, Declare) and fulfilling is not None:
            out[fulfilling] = Later(
                N_("finishes fulfilling {order} ({needs}) at {level}") if finishing
                else N_("fulfils {order} ({needs}) at {level}"), order=order,
                needs=Later.by(_needs, cat.orders[order]), level=Later(LEVELS[a.level.value]))
            fulfilling, finishing = None, False
        elif isinstance(a, Steal):
            owner = None
            for q, seat in enumerate(before.seats):
                if a.card in seat.display:
                    owner = q
            good = Later.by(_goods, cat.goods[a.card])
            out.append(Later(N_("steals {card} ({good}) from the Market"), card=a.card,
                             good=good) if owner is None else
                       Later(N_("steals {card} ({good}) from P{seat}'s display"), card=a.card,
                             good=good, seat=owner))
        elif isinstance(a, Buy):
            taken = []
            for b in actions[i + 1:]:
                if isinstance(b, Take):
                    taken.append(Later.by(_goods, cat.goods[b.card]))
                elif not isinstance(b, Keep):
                    break
            if not taken:
                gained = [c for c in after.seats[player].display if c not in held]
                taken = [Later.by(_goods, cat.goods[c]) for c in gained if c in cat.goods]
            out.append(Later(N_("spends {card} ({good}) to buy {taken} from the Market"),
                             card=a.card, good=Later.by(_goods, cat.goods[a.card]),
                             taken=Later.by(joined, ", ", tuple(taken)) if taken
                             else Later(N_("nothing"))))
        elif isinstance(a, Upgrade):
            out.append(Later(N_("upgrades {order}"), order=a.order))
    return out


def _needs(order: Order) -> str:
    """An Order's needs ("2 Gem + 1 Scroll"), the goods named in the language in force."""
    return " + ".join(f"{r.quantity} {_(r.good.value)}" for r in order.requirements)


def _goods(card: GoodsCard) -> str:
    """A Goods card's notation ("Gem2", "Gem/Scroll1"), the goods named in the language in
    force; on a board, which names moves by their buttons' words, as its buttons write it
    ("Cloth 4", :func:`~marketlib.core.i18n.naming`; helper-81 read "Steal Cloth 4 (MG-28)"
    above "steals MG-28 (Cloth4)")."""
    space = " " if naming_moves() else ""
    return "/".join(_(g.value) for g in card.goods) + space + str(card.quantity)

HEURISTIC = MonsoonHeuristic()
"""The shared instance used by :func:`~marketlib.bots.heuristics.heuristic_for`."""
