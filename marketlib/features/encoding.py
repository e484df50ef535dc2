"""The fixed action encoding of each game for OpenSpiel (docs: "OpenSpiel"): every action kind
times its arguments, enumerated from the card data, numbered in a documented order.

An action's *key* is its kind (the action's JSON ``type`` tag) and its arguments without the
acting seat (OpenSpiel knows who acts): ``("steal", "MG-05")``, ``("give", "PC-12", 2)``. The
ids are the positions of the keys in :attr:`Encoding.keys`, built once per card data in the
order below, so they stay the same for every player count, mode and seed of a game (they change
only with the card files: a custom deck gets its own numbering).

Monsoon Market (``g`` every Goods card in file order, ``o`` every Order, 303 ids with the
shipped decks): ``steal g``, ``buy g``, ``take g``, ``spend g``, ``keep g``, ``fulfill o``,
``spend_bonus o``, ``upgrade o``, ``declare gold|silver|bulk``, ``skip``, ``pass``.

Bansan (``c`` every produce card, ``l`` every Shopping List, ``st`` every stall card, ``p`` the
six produce types, ``w`` the three waste types; 8,262 ids with the shipped decks):
``return_list l``, ``choose_half top|bottom``, ``tuck c st``, ``place_worker st``,
``move 1..rows`` (the most rows of any layout), ``stock_row p``, ``stock_deck``,
``skip_stocking``, ``buy p``, ``buy_wholesale p``, ``sell p``, ``pick c``, ``done``,
``empty w``, ``end_actions``, ``complete l wastes``, ``give c seat`` (seats 0-4),
``throw c``, ``rent_and_release rent release`` (each a stall or none, not both none),
``accept``, ``decline``.

A ``Complete`` names bag cards, which a fixed encoding cannot; but the rules offer one
``Complete`` per distinct choice of *waste types* (:func:`marketlib.bansan.complete_options`),
so its key is the list and the waste type each icon is paid with: the icons sorted by produce
type (the price-list order), and the wastes of icons of one type sorted PL, PA, OR. Each list
gets a block of ``prod(C(k + 2, 2))`` ids (``k`` icons of a type, three waste types).

Bansan's free-form proposals (``ProposeTrade``, ``Bargain``, ``Counter``: any cards, any price)
are left out: they are not in ``legal_actions`` (the game's ``FREE_FORM``), their terms are
unbounded, and a fixed menu (say "bargain 1 RM off") would invent a strategy the rules do not
name. So no offer is ever open in an OpenSpiel game and ``accept``/``decline`` never become
legal; they keep ids so the numbering covers every listed action kind. ``withdraw`` (taking
back one's own offer) is an any-time action, never in ``legal_actions``: it has no id.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from math import comb
from typing import Any

from marketlib.bansan.cards import PRODUCE, WASTES
from marketlib.bansan.queries import catalog
from marketlib.core.game import GameModule
from marketlib.monsoon.cards import Level

Key = tuple[Hashable, ...]
"""An action without its seat: its kind, then its arguments (``("tuck", "PC-01", "ST-03")``)."""

MAX_SEATS = 5
"""Seats an encoding numbers (``give c seat``): the most either game seats."""


class Encoding:
    """The action ids of one game and card data.

    Attributes:
        game: the game's registered name.
        keys: every key, by id.
        index: id by key.
    """

    def __init__(self, game: str, keys: Sequence[Key]) -> None:
        self.game = game
        self.keys: tuple[Key, ...] = tuple(keys)
        self.index: dict[Key, int] = {k: i for i, k in enumerate(self.keys)}
        if len(self.index) != len(self.keys):
            raise ValueError(f"{game}: two actions share a key")
        self._ids: dict[Any, int] = {}  # action -> id, for every kind but Complete (by the bag)

    def __len__(self) -> int:
        return len(self.keys)

    def key(self, state: Any, action: Any) -> Key:
        """The key of ``action`` (legal in ``state``, whose bag names a ``Complete``'s cards)."""
        kind = type(action).__struct_config__.tag
        if kind == "complete":
            return ("complete", action.list, _wastes(state, action))
        return (kind, *(getattr(action, f) for f in action.__struct_fields__ if f != "player"))

    def encode(self, state: Any, action: Any) -> int:
        """The id of ``action`` in ``state``.

        Raises:
            ValueError: the action has no id (a free-form proposal, or a card not in the data).
        """
        found = self._ids.get(action)
        if found is not None:
            return found
        try:
            found = self.index[self.key(state, action)]
        except KeyError:
            raise ValueError(f"{action} has no OpenSpiel id: free-form proposals (trades, "
                             f"bargains, counter-offers) are left out of the encoding") from None
        if type(action).__struct_config__.tag != "complete":
            self._ids[action] = found
        return found

    def legal(self, game: GameModule, state: Any) -> dict[int, Any]:
        """The legal actions of ``state`` by id, in id order (each id decodes to one action)."""
        found = {self.encode(state, a): a for a in game.legal_actions(state)}
        return dict(sorted(found.items()))

    def text(self, action_id: int) -> str:
        """The key of ``action_id`` in words: ``"tuck PC-01 ST-03"``."""
        return " ".join("-" if part is None else _word(part) for part in self.keys[action_id])


def _word(part: Hashable) -> str:
    if isinstance(part, tuple):
        return ",".join(str(p) for p in part)
    return str(part)


def monsoon_keys(cat: Any) -> list[Key]:
    """Monsoon Market's keys, in id order (module docstring)."""
    goods, orders = list(cat.goods), list(cat.orders)
    keys: list[Key] = []
    for kind in ("steal", "buy", "take", "spend", "keep"):
        keys += [(kind, g) for g in goods]
    for kind in ("fulfill", "spend_bonus", "upgrade"):
        keys += [(kind, o) for o in orders]
    keys += [("declare", level.value) for level in Level]
    return [*keys, ("skip",), ("pass",)]


def complete_choices(icons: Sequence[Any]) -> list[tuple[str, ...]]:
    """Every waste choice of a list with these icons, in id order: the waste of each icon, the
    icons sorted by produce type, the wastes of one type in PL, PA, OR order."""
    per_type = [list(itertools.combinations_with_replacement([w.value for w in WASTES], n))
                for n in (sum(i is p for i in icons) for p in PRODUCE) if n]
    return [tuple(w for part in choice for w in part) for choice in itertools.product(*per_type)]


def bansan_keys(cat: Any) -> list[Key]:
    """Bansan's keys, in id order (module docstring)."""
    cards, lists, stalls = list(cat.produce), list(cat.lists), list(cat.stalls)
    produce = [p.value for p in PRODUCE]
    rows = max(layout.rows for layout in cat.layouts.values())
    keys: list[Key] = [("return_list", x) for x in lists]
    keys += [("choose_half", "top"), ("choose_half", "bottom")]
    keys += [("tuck", c, st) for c in cards for st in stalls]
    keys += [("place_worker", st) for st in stalls]
    keys += [("move", r) for r in range(1, rows + 1)]
    keys += [("stock_row", p) for p in produce]
    keys += [("stock_deck",), ("skip_stocking",)]
    for kind in ("buy", "buy_wholesale", "sell"):
        keys += [(kind, p) for p in produce]
    keys += [("pick", c) for c in cards]
    keys += [("done",)]
    keys += [("empty", w.value) for w in WASTES]
    keys += [("end_actions",)]
    for x in lists:
        keys += [("complete", x, choice) for choice in complete_choices(cat.lists[x].icons)]
    keys += [("give", c, seat) for c in cards for seat in range(MAX_SEATS)]
    keys += [("throw", c) for c in cards]
    keys += [("rent_and_release", rent, release) for rent in (None, *stalls)
             for release in (None, *stalls) if (rent, release) != (None, None)]
    return [*keys, ("accept",), ("decline",)]


def _wastes(state: Any, action: Any) -> tuple[str, ...]:
    """A ``Complete``'s waste choice: each card's waste type, sorted by the produce type the bag
    says it counts as, then by waste type (:func:`complete_choices`)."""
    cat = catalog(state)
    counts_as = {b.card: b.produce for b in state.vendors[action.player].bag}
    rank = {p: i for i, p in enumerate(PRODUCE)}
    waste_rank = {w: i for i, w in enumerate(WASTES)}
    paid = sorted((rank[counts_as[c]], waste_rank[cat.produce[c].waste]) for c in action.cards)
    return tuple(WASTES[w].value for _, w in paid)


def complete_block(icons: Sequence[Any]) -> int:
    """How many ids a list with these icons gets: ``prod(C(k + 2, 2))`` over its types."""
    size = 1
    for p in PRODUCE:
        size *= comb(sum(i is p for i in icons) + 2, 2)
    return size


def encoding(game: GameModule, rules: Any) -> Encoding:
    """The encoding of ``game`` with the card data of ``rules``.

    Example:
        >>> from marketlib import monsoon
        >>> ids = encoding(monsoon, monsoon.Rules())
        >>> len(ids), ids.text(0), ids.text(302)
        (303, 'steal MG-01', 'pass')
        >>> s = monsoon.setup(monsoon.Rules(), seed=1)
        >>> action = monsoon.legal_actions(s)[0]
        >>> ids.legal(monsoon, s)[ids.encode(s, action)] == action
        True
    """
    cat = game.catalog(rules)  # type: ignore[attr-defined]
    name = game.GAME.name
    return Encoding(name, monsoon_keys(cat) if name == "monsoon" else bansan_keys(cat))
