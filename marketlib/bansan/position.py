"""Build a Bansan position by hand from a readable spec (docs: "Games and the registry").

Scenario tests, notebooks and "what if" questions start here::

    s = position(rents={0: ["FV", "DG"], 1: ["WG", "MT"]}, stalls={"WG": ["WG", "WG"]},
                 row=["FV/SF", "WG/DG", "MT/MM", "WG/SF", "MT/DG"], phase="actions")

Stalls are named by ID (``ST-04``) or by the type they sell (``DG``: the first stall of that type
in play; in ``rents`` the first one not yet rented). Produce cards are named by ID (``PC-07``) or
by label: ``FV/DG:PL`` (top/bottom:waste), ``FV/DG`` (any waste), ``DG:PL`` or ``DG`` (any card
showing DG), with ``*`` for a Star; each label takes the first unplaced matching card. In a bag a
card is locked to a type: ``MT:PA`` is a card showing MT with a PAPER back, bagged as MT;
``PC-07=FV`` names the card and the type. Shopping Lists are named by ID (``SL-09``). Every card
not placed goes, shuffled by ``seed``, into its deck below the cards given for the top.

The modes (``rules=Rules(mode=...)``): a Kenduri position has the five ``public`` lists (those
not given are dealt; completed ones count among the five); a Sendiri position has 1 player, the
6 base stalls in 2 rows of 3 (``FV WG MT`` over ``DG SF MM``), your Workers in ``rents[0]``
and the Neighbour's in ``neighbour`` (default: the leftmost and the middle stall of each row)::

    s = position(rules=Rules(players=1, mode="sendiri"), phase="solo_move")
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from marketlib.bansan.cards import Catalog, Produce, Waste
from marketlib.bansan.options import Rules
from marketlib.bansan.state import NEIGHBOUR, BagCard, Phase, Stall, State, Vendor
from marketlib.core.errors import PositionError
from marketlib.core.seeding import deal_rng

_LABEL = re.compile(r"^([A-Z]{2})(?:/([A-Z]{2}))?(?::([A-Z]{2}))?(\*)?(?:=([A-Z]{2}))?$")
_ID = re.compile(r"^([A-Z]+-\d+)(?:=([A-Z]{2}))?$")


class _Placer:
    def __init__(self, cat: Catalog) -> None:
        self.cat = cat
        self.placed: dict[str, str] = {}

    def card(self, ref: str, field: str, within: Produce | None = None) -> tuple[str, Produce]:
        """Place the card ``ref``; returns it and the type it is locked to (``within`` or the
        single type named)."""
        text = ref.strip().upper()
        found = _ID.match(text)
        if found and found.group(1) in self.cat.produce:
            card_id, typed = found.group(1), found.group(2)
        else:
            card_id, typed = self._match(text, field, within)
        c = self.cat.produce[card_id]
        produce = within or _produce(typed, field) or (c.top if typed is None else None)
        if produce is None or not c.shows(produce):
            raise PositionError(field, f"{card_id} ({c.label}) does not show {produce or typed}")
        if card_id in self.placed:
            raise PositionError(field, f"{card_id} is already in {self.placed[card_id]}")
        self.placed[card_id] = field
        return card_id, produce

    def _match(self, text: str, field: str, within: Produce | None) -> tuple[str, str | None]:
        found = _LABEL.match(text)
        if not found:
            raise PositionError(field, f"{text!r} is not a card (write PC-07, FV/DG:PL, DG:PA "
                                "or DG)")
        first, second, waste, star, typed = found.groups()
        top, bottom = _produce(first, field), _produce(second, field)
        w = None
        if waste is not None:
            try:
                w = Waste(waste)
            except ValueError:
                raise PositionError(field, f"{waste!r} is not PL, PA or OR") from None
        for c in self.cat.produce.values():
            if c.id in self.placed or (w is not None and c.waste is not w):
                continue
            if star and not c.star:
                continue
            if bottom is None:
                assert top is not None
                if not c.shows(top):
                    continue
            elif (c.top, c.bottom) != (top, bottom):
                continue
            return c.id, typed or (first if bottom is None else None)
        raise PositionError(field, f"no unplaced card matches {text!r}")


def _produce(raw: str | None, field: str) -> Produce | None:
    if raw is None:
        return None
    try:
        return Produce(raw)
    except ValueError:
        raise PositionError(field, f"{raw!r} is not a produce type (FV WG MT DG SF MM)") from None


def _stall_ref(state_stalls: list[Stall], cat: Catalog, ref: str, field: str,
               unrented: bool = False) -> int:
    ref = ref.strip().upper()
    for i, s in enumerate(state_stalls):
        if s.id == ref:
            return i
    for i, s in enumerate(state_stalls):
        if cat.stalls[s.id].sells.value == ref and not (unrented and s.renter is not None):
            return i
    raise PositionError(field, f"no {'unrented ' if unrented else ''}stall {ref!r} in play")


def position(
    *,
    players: int = 2,
    rules: Rules | None = None,
    rents: Mapping[int, Sequence[str]] | None = None,
    stalls: Mapping[str, Sequence[str]] | None = None,
    closed: Sequence[str] = (),
    money: Sequence[int] | Mapping[int, int] | None = None,
    bags: Mapping[int, Sequence[str]] | None = None,
    wallets: Mapping[int, Sequence[str]] | None = None,
    completed: Mapping[int, Sequence[str]] | None = None,
    row: Sequence[str] = (),
    bins: Mapping[str, int | Sequence[str]] | None = None,
    outside: Sequence[str] = (),
    deck_top: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    layout: Sequence[str] | None = None,
    list_deck_top: Sequence[str] = (),
    event_deck_top: Sequence[str] = (),
    removed: int = 0,
    current: int = 0,
    first: int = 0,
    phase: Phase = "stock",
    actions_left: int | None = None,
    rr_used: Sequence[int] = (),
    trigger: int | None = None,
    public: Sequence[str] | None = None,
    neighbour: Sequence[str] | None = None,
    seed: int = 0,
) -> State:
    """Build and check a position at the start of a phase of seat ``current``'s turn.

    Args:
        players: 2-5 (ignored when ``rules`` is given).
        rules: rule options (default ``Rules(players=players)``).
        rents: stalls each seat rents, e.g. ``{0: ["FV", "DG"]}`` (at most 3 each).
        stalls: produce in stalls by stall ID or type, e.g. ``{"WG": ["WG", "WG"]}``.
        closed: stalls that are CLOSED (as by an Event).
        money: RM per seat (a list, or a dict of exceptions to ``starting_money``).
        bags: bag cards per seat (``MT:PA``, ``PC-07=FV``); wallets, completed: list IDs.
        row, outside: cards in the Row and the Outside Market. bins: per bin ``PL``/``PA``/
            ``OR`` a list of cards or a count (that many cards of that waste type).
        deck_top, list_deck_top, event_deck_top: cards on top of the decks, top first.
        deck: the whole WHOLESALE Deck, top first (every card not placed anywhere else is then
            removed from the game); instead of ``deck_top`` and ``removed``.
        layout: the stalls in play in grid order, row by row (default: the stalls of the
            player count in file order, B-SETUP-04).
        removed: cards to set aside out of the game.
        current, first: the seat to play and the original 1st Player.
        phase: ``"stock"``, ``"actions"`` or ``"complete"`` (Sendiri also ``"solo_move"``, the
            start of a turn); actions_left: default 2 in the Action Phase.
        rr_used: seats that have used their R&R. trigger: the seat that triggered the Last
            Round (it also holds the Bansan Token).
        public: the open Kenduri lists (B-KEN-02). neighbour: the Sendiri Neighbour's stalls.
        seed: shuffles the unplaced cards.

    Returns:
        a :class:`State` ready for ``legal_actions``/``apply``.

    Raises:
        PositionError: naming the field that is wrong (``rents[1]``, ``bags[0]``, ``bins``...).

    Example:
        >>> s = position(rents={0: ["FV", "DG"], 1: ["WG", "MT"]}, stalls={"WG": ["WG", "WG"]})
        >>> len(s.deck), [st.renter for st in s.stalls]
        (86, [0, 1, 1, 0, None, None])
    """
    rules = rules or Rules(players=players)
    n = rules.players
    cat, digest = rules.card_data.read()  # an owner's latest edits
    solo = rules.plays.solo
    if phase not in ("stock", "actions", "complete") and not (solo and phase == "solo_move"):
        raise PositionError("phase", "a position starts in 'stock', 'actions' or 'complete' "
                            "(Sendiri also 'solo_move')")
    if solo and rents is None and neighbour is None:
        rents, neighbour = {0: ["ST-01", "ST-04"]}, ["ST-02", "ST-05"]
    if neighbour and not solo:
        raise PositionError("neighbour", "the Neighbour plays only in Sendiri (B-SOLO-05)")
    for name, value in (("current", current), ("first", first), ("trigger", trigger)):
        if value is not None and not 0 <= value < n:
            raise PositionError(name, f"there is no seat {value}")
    grid = cat.layouts[n]
    in_play = [Stall(id=s.id) for s in cat.stalls.values() if s.mark in grid.marks]
    if layout is not None:
        order = [str(x).strip().upper() for x in layout]
        if sorted(order) != sorted(s.id for s in in_play):
            raise PositionError("layout", f"a {n}-player market has the stalls "
                                f"{', '.join(sorted(s.id for s in in_play))} (B-SETUP-04), "
                                f"not {', '.join(order)}")
        in_play = [Stall(id=x) for x in order]
    for seat, refs in (rents or {}).items():
        if not 0 <= seat < n:
            raise PositionError("rents", f"there is no seat {seat}")
        if len(refs) > 3:
            raise PositionError(f"rents[{seat}]", "a vendor has 3 Workers (B-ANY-08)")
        for ref in refs:
            i = _stall_ref(in_play, cat, ref, f"rents[{seat}]", unrented=True)
            if in_play[i].renter is not None:
                raise PositionError(f"rents[{seat}]", f"{in_play[i].id} is already rented")
            in_play[i] = Stall(id=in_play[i].id, renter=seat)
    for ref in neighbour or ():
        i = _stall_ref(in_play, cat, ref, "neighbour", unrented=True)
        if in_play[i].renter is not None:
            raise PositionError("neighbour", f"{in_play[i].id} is already rented")
        in_play[i] = Stall(id=in_play[i].id, renter=NEIGHBOUR)
    if solo:
        cols = grid.columns
        for r in range(0, len(in_play), cols):
            renters = [x.renter for x in in_play[r:r + cols]]
            if renters.count(0) != 1 or renters.count(NEIGHBOUR) != 1:
                raise PositionError("rents", "in Sendiri each row holds 1 Worker of yours and 1 "
                                    "of the Neighbour (B-SOLO-04/05)")
    placer = _Placer(cat)
    for ref, cards in (stalls or {}).items():
        i = _stall_ref(in_play, cat, ref, "stalls")
        sells = cat.stalls[in_play[i].id].sells
        ids = tuple(placer.card(c, f"stalls[{ref}]", within=sells)[0] for c in cards)
        s = in_play[i]
        in_play[i] = Stall(id=s.id, renter=s.renter, cards=s.cards + ids)
    for ref in closed:
        i = _stall_ref(in_play, cat, ref, "closed")
        s = in_play[i]
        in_play[i] = s.replace(open=False)
    if len(row) > rules.row_size:
        raise PositionError("row", f"the Row holds at most {rules.row_size} cards")
    row_ids = tuple(placer.card(c, "row")[0] for c in row)
    out_ids = tuple(placer.card(c, "outside")[0] for c in outside)
    bin_cards: list[tuple[str, ...]] = []
    for w in Waste:
        spec = (bins or {}).get(w.value, ())
        if isinstance(spec, int):
            pool = [c.id for c in cat.produce.values() if c.waste is w and c.id not in
                    placer.placed][:spec]
            if len(pool) < spec:
                raise PositionError("bins", f"not enough {w} cards for {spec}")
            spec = pool
        ids = tuple(placer.card(c, f"bins[{w}]")[0] for c in spec)
        if any(cat.produce[c].waste is not w for c in ids):
            raise PositionError(f"bins[{w}]", f"a card in the {w} bin has another waste type")
        bin_cards.append(ids)
    unknown = set(bins or {}) - {w.value for w in Waste}
    if unknown:
        raise PositionError("bins", f"the bins are PL, PA and OR, not {sorted(unknown)}")
    vendors = []
    money_of = _money(money, n, rules.starting_money)
    used_lists: dict[str, str] = {}
    for p in range(n):
        bag = tuple(BagCard(*placer.card(c, f"bags[{p}]")) for c in (bags or {}).get(p, ()))
        lists: dict[str, tuple[str, ...]] = {}
        for name, given in (("wallets", wallets), ("completed", completed)):
            ids_l = tuple(x.strip().upper() for x in (given or {}).get(p, ()))
            for x in ids_l:
                if x not in cat.lists:
                    raise PositionError(f"{name}[{p}]", f"no Shopping List {x!r}")
                if x in used_lists:
                    raise PositionError(f"{name}[{p}]", f"{x} is already in {used_lists[x]}")
                used_lists[x] = f"{name}[{p}]"
            lists[name] = ids_l
        vendors.append(Vendor(money=money_of[p], wallet=lists["wallets"],
                              completed=lists["completed"], bag=bag, rr_used=p in rr_used))
    if deck is not None and (deck_top or removed):
        raise PositionError("deck", "give the whole Deck, or deck_top and removed, not both")
    top = [placer.card(c, "deck" if deck is not None else "deck_top")[0]
           for c in (deck if deck is not None else deck_top)]
    list_top = [x.strip().upper() for x in list_deck_top]
    for x in list_top:
        if x not in cat.lists or x in used_lists:
            raise PositionError("list_deck_top", f"{x!r} is not a free Shopping List")
        used_lists[x] = "list_deck_top"
    rng = deal_rng(seed)
    rest = [c for c in cat.produce if c not in placer.placed]
    rng.shuffle(rest)
    if deck is not None:
        removed = len(rest)  # the Deck is exactly the cards given
    if removed > len(rest):
        raise PositionError("removed", f"only {len(rest)} cards are unplaced")
    kenduri_lists: list[str] = []
    if rules.plays.shared_menu:
        if any(vendor.wallet for vendor in vendors):
            raise PositionError("wallets", "nobody holds personal lists in Kenduri (B-KEN-02)")
        done = sum(len(vendor.completed) for vendor in vendors)
        for x in (y.strip().upper() for y in public or ()):
            if x not in cat.lists or x in used_lists:
                raise PositionError("public", f"{x!r} is not a free Shopping List")
            used_lists[x] = "public"
            kenduri_lists.append(x)
        menu = rules.kenduri_lists
        if public is not None and len(kenduri_lists) + done != menu:
            raise PositionError("public", f"{len(kenduri_lists)} open + {done} completed "
                                f"Kenduri lists; there are {menu} (B-KEN-02)")
    elif public:
        raise PositionError("public", "public lists exist only in the Kenduri Menu (B-KEN-02)")
    rest_lists = [x for x in cat.lists if x not in used_lists]
    rng.shuffle(rest_lists)
    if rules.plays.shared_menu and public is None:
        need = rules.kenduri_lists - sum(len(vendor.completed) for vendor in vendors)
        if need < 0:
            raise PositionError("completed", f"more than {rules.kenduri_lists} Kenduri lists "
                                "completed (B-KEN-02)")
        kenduri_lists, rest_lists = rest_lists[:need], rest_lists[need:]
    for x in event_deck_top:
        if x not in cat.events:
            raise PositionError("event_deck_top", f"no Event {x!r}")
    events = [e for e in cat.events if e not in event_deck_top] if rules.events != "off" else []
    rng.shuffle(events)
    if rules.events != "off":
        events = list(event_deck_top) + events
    ledger = tuple(m - rules.starting_money for m in money_of)
    if actions_left is None:
        actions_left = rules.actions_per_turn if phase == "actions" else 0
    return State(
        rules=rules, deck=tuple(top + rest[removed:]), removed=tuple(rest[:removed]),
        row=row_ids, stalls=tuple(in_play), columns=grid.columns,
        bins=(bin_cards[0], bin_cards[1], bin_cards[2]), outside=out_ids,
        list_deck=tuple(list_top + rest_lists), event_deck=tuple(events),
        vendors=tuple(vendors), first=first, token=first if trigger is None else trigger,
        current=current, phase=phase, trigger=trigger,
        actions_left=actions_left, ledger=ledger, bank=sum(ledger), leftovers=(None,) * n,
        shuffle_key=rng.getrandbits(62), cards=digest, public=tuple(kenduri_lists),
    )


def _money(money: Sequence[int] | Mapping[int, int] | None, n: int, start: int) -> list[int]:
    values = [start] * n
    if isinstance(money, Mapping):
        for seat, amount in money.items():
            if not 0 <= seat < n:
                raise PositionError("money", f"there is no seat {seat}")
            values[seat] = amount
    elif money is not None:
        if len(money) != n:
            raise PositionError("money", f"{len(money)} amounts for {n} players")
        values = list(money)
    if any(m < 0 for m in values):
        raise PositionError("money", "money cannot be negative (A-B-35)")
    return values
