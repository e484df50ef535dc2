"""Bansan evaluation for the bots: money first, then Shopping Lists, stock and Waste-Bin risk.

A vendor's strength (in RM) is its money, plus a value per completed Shopping List, a share of
the value of each open list by how much of it the Bag already covers, a little per card in its
Bag and in the stalls it rents, minus a share of the fines the fuller Waste Bins
threaten. The value of a state for a seat is a logistic squash of its strength minus the
strongest rival's (0.5 = level pegging); finished games are worth 1, 1/k or 0 (a collective
Kenduri loss is 0 for everyone).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

import msgspec

from marketlib.bansan import BagCard, State, Waste, catalog
from marketlib.bots.heuristics import outcome_value

LIST_VALUE = 2.5
"""RM of strength per completed Shopping List (it counts toward the game's end trigger)."""
PROGRESS_VALUE = 0.6
"""Share of an open list's RM value counted when the Bag holds every card it needs (scaled by
the square of the share of its icons the Bag covers)."""
BAG_VALUE = 0.15
"""RM of strength per card in the Bag (up to the Bag limit): it may be traded or spent later."""
STALL_VALUE = 0.3
"""RM of strength per card in a stall the vendor rents (rivals buy it, or it sells online)."""
BIN_RISK = 0.3
"""RM of weakness per card in the fullest Waste Bin beyond half its capacity."""
SCALE = 4.0
"""RM of lead that turn a 0.5 value into about 0.56."""


def open_lists(state: State, player: int) -> tuple[str, ...]:
    """The lists ``player`` may still complete: its Wallet, and the public Kenduri lists."""
    lists = state.vendors[player].wallet
    if state.rules.mode == "kenduri":
        lists = lists + state.public
    return lists


_PROGRESS: dict[Hashable, float] = {}
"""Memo of :func:`list_progress` (searches meet the same Bags and lists over and over)."""


def list_progress(state: State, player: int) -> float:
    """RM of open lists weighted by how much of each the Bag already covers (squared); in the
    Last Round only lists the Bag covers entirely count."""
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
    return PROGRESS_VALUE * total


def strength(state: State, player: int) -> float:
    """Money plus weighted lists (completed and in progress), Bag, rented-stall cards, minus
    Waste-Bin risk (in RM)."""
    vendor = state.vendors[player]
    value = float(vendor.money) + LIST_VALUE * len(vendor.completed)
    value += list_progress(state, player)
    if state.trigger is None:  # in the Last Round leftover produce is only thrown away
        value += BAG_VALUE * min(len(vendor.bag), state.rules.bag_limit)
        value += STALL_VALUE * sum(len(s.cards) for s in state.stalls if s.renter == player)
    fullest = max(len(b) for b in state.bins)
    value -= BIN_RISK * max(0.0, fullest - state.rules.bin_capacity / 2)
    return value


def _bag_key(card: BagCard) -> tuple[str, str]:
    return card.card, card.produce


class BansanHeuristic:
    """The :class:`~marketlib.bots.heuristics.Heuristic` of Bansan (every mode)."""

    def evaluate(self, state: State, player: int) -> float:
        """0..1: logistic of ``player``'s strength minus the strongest rival's (1/k/0 at the end).

        Example:
            >>> from marketlib import bansan
            >>> s = bansan.setup(bansan.Rules(players=2), seed=1)
            >>> 0.0 < HEURISTIC.evaluate(s, 0) < 1.0
            True
        """
        if state.result is not None:
            return outcome_value(state.result, player)
        mine = strength(state, player)
        rivals = [strength(state, q) for q in range(len(state.vendors)) if q != player]
        if not rivals:  # Sendiri: one vendor, the money itself is the measure
            return 1.0 / (1.0 + math.exp(-(mine - state.rules.starting_money) / SCALE))
        return 1.0 / (1.0 + math.exp(-(mine - max(rivals)) / SCALE))

    def prune(self, state: State, actions: Sequence[Any]) -> Sequence[Any]:
        """Every legal action (Bansan's decision lists are already short)."""
        return actions

    def canonical(self, state: State) -> Hashable:
        """The state with stall, Bag and bin contents sorted and without the words of the log
        or the transfers of the last step, so orders of tucks and picks that end alike merge."""
        stalls = tuple(msgspec.structs.replace(st, cards=tuple(sorted(st.cards)))
                       for st in state.stalls)
        vendors = tuple(msgspec.structs.replace(v, bag=tuple(sorted(v.bag, key=_bag_key)))
                        for v in state.vendors)
        bins = tuple(tuple(sorted(b)) for b in state.bins)
        return msgspec.structs.replace(state, stalls=stalls, vendors=vendors, bins=bins, log=(),
                                       transfers=())

    def public_key(self, state: State) -> Hashable:
        """The table without turn counters or the hidden decks."""
        return msgspec.structs.replace(state, deck=(), list_deck=(), event_deck=(), removed=(),
                                       turn=0, shuffle_key=0, transfers=(), ledger=())

    def rollout_action(self, state: State, actions: Sequence[Any], rng: Any) -> Any:
        """A uniformly random legal action."""
        return actions[rng.randrange(len(actions))]

    def describe(self, before: State, actions: Sequence[Any], after: State, player: int) -> str:
        """One sentence: the actions of the turn and the change in money and lists."""
        was, now = before.vendors[player], after.vendors[player]
        played = ", then ".join(str(a).split(" ", 1)[-1] for a in actions[:4]) or "nothing"
        if len(actions) > 4:
            played += f" and {len(actions) - 4} more"
        change = []
        if now.money != was.money:
            change.append(f"money goes from RM{was.money} to RM{now.money}")
        if len(now.completed) > len(was.completed):
            change.append(f"it completes {len(now.completed) - len(was.completed)} Shopping List")
        if len(now.bag) != len(was.bag):
            change.append(f"its Bag goes from {len(was.bag)} to {len(now.bag)} cards")
        why = "; ".join(change) or "it keeps its position best"
        return f"plays {played}, because {why}."

    def metrics(self, state: State, player: int) -> dict[str, float | int]:
        """``score`` (= money in RM), ``money``, ``lists``, ``bag``, ``stall_cards`` and each
        Waste Bin's fill ``bin_PL``, ``bin_PA``, ``bin_OR`` for the ``turns`` frame."""
        vendor = state.vendors[player]
        out: dict[str, float | int] = {
            "score": vendor.money,
            "money": vendor.money,
            "lists": len(vendor.completed),
            "bag": len(vendor.bag),
            "stall_cards": sum(len(s.cards) for s in state.stalls if s.renter == player),
        }
        for waste, cards in zip(Waste, state.bins, strict=True):
            out[f"bin_{waste.value}"] = len(cards)
        return out


HEURISTIC = BansanHeuristic()
"""The shared instance used by :func:`~marketlib.bots.heuristics.heuristic_for`."""
