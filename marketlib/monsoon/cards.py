"""Monsoon Market cards: Goods (M-COMP-01..03), Orders (M-COMP-04..07) and their data files.

The default decks in ``data/`` are a RECONSTRUCTION (docs: "Card data": Goods R1 and Orders
MO-01..MO-36), not the real card lists, which are not public. An owner of the physical game can
write the defaults out with :func:`write_default_data`, type in the real cards, and pass the files
as ``Rules(goods_deck=..., order_deck=...)``; they are validated row by row.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import msgspec

from marketlib.core.cards import CardData, card_digest
from marketlib.core.data import (
    Row,
    check_unique,
    copy_files,
    parse_enum,
    read_csv,
    read_toml_as,
)
from marketlib.core.errors import CardDataError

DATA = Path(__file__).parent / "data"
GOODS_FILE = "goods.csv"
ORDERS_FILE = "orders.csv"
COMPONENTS_FILE = "components.toml"


class Good(enum.StrEnum):
    """The six goods (M-COMP-01). Orders only ask for the four main goods (M-COMP-06)."""

    GEM = "Gem"
    SCROLL = "Scroll"
    PEPPER = "Pepper"
    CLOTH = "Cloth"
    LEATHER = "Leather"
    WOOD = "Wood"


MAIN_GOODS = (Good.GEM, Good.SCROLL, Good.PEPPER, Good.CLOTH)
ALIASES = {"spice": Good.PEPPER, "books": Good.SCROLL, "silks": Good.CLOTH}
"""M-ALIAS-01: names from the rulebook example and the prototype."""


class Level(enum.StrEnum):
    """Fulfilment accuracy (M-FUL-04..06), best first; also the edge facing an Order's owner."""

    GOLD = "gold"
    SILVER = "silver"
    BULK = "bulk"


_GOLD, _SILVER = Level.GOLD, Level.SILVER  # an Enum member read from the class costs ~80 ns


class BonusAction(enum.StrEnum):
    """The four Bonus Actions at the top of an Order (M-COMP-07, M-BA-01..04)."""

    UPGRADE = "upgrade"
    KEEP1 = "keep1"
    FULFILL_ANOTHER = "fulfill_another"
    STEAL2 = "steal2"


class GoodsCard(msgspec.Struct, frozen=True, kw_only=True):
    """A Goods card: one good, or two for a hybrid (counts as either, never both: M-COMP-03).

    ``quantity`` is in goods (1-4; Leather 3, Wood 4: M-COMP-02).
    """

    id: str
    goods: tuple[Good, ...]
    quantity: int

    @property
    def label(self) -> str:
        """Table notation such as ``Gem2``, ``Gem/Scroll1`` or ``Wood4``."""
        return "/".join(g.value for g in self.goods) + str(self.quantity)


class Requirement(msgspec.Struct, frozen=True):
    """One requirement line of an Order: a good and its minimum quantity."""

    good: Good
    quantity: int


class Order(msgspec.Struct, frozen=True, kw_only=True, dict=True):
    """An Order card (M-COMP-04/05): requirement lines, three reward edges and a Bonus Action.

    Attributes:
        seals: seals on the (Gold, Silver, Bulk) edges.
        bonus_good: the Bonus Good on the Bulk edge (M-FUL-06), or ``None``.
        bonus_quantity: its quantity in goods (1 in the reconstruction, A-M-13).
    """

    id: str
    requirements: tuple[Requirement, ...]
    gold: int
    silver: int
    bulk: int
    bonus_good: Good | None = None
    bonus_quantity: int = 0
    bonus_action: BonusAction

    @functools.cached_property
    def total(self) -> int:
        """Total required quantity (the Bulk threshold, M-FUL-06; worked out once per card)."""
        return sum(r.quantity for r in self.requirements)

    @functools.cached_property
    def gold_floor(self) -> int:
        """The fewest goods a Gold spend can hold (M-FUL-04): each required good's largest line
        (worked out once per card; :func:`marketlib.monsoon.scoring.meets_gold` stops at it)."""
        most: dict[Good, int] = {}
        for r in self.requirements:
            most[r.good] = max(most.get(r.good, 0), r.quantity)
        return sum(most.values())

    def seals(self, level: Level) -> int:
        """Seals on the edge ``level`` (M-SEAL-01)."""
        if level is _GOLD:
            return self.gold
        if level is _SILVER:
            return self.silver
        return self.bulk

    @property
    def label(self) -> str:
        return " + ".join(f"{r.quantity} {r.good.value}" for r in self.requirements)


class Catalog(msgspec.Struct, frozen=True):
    """Every card of a game's two decks, by ID, in file order."""

    goods: dict[str, GoodsCard]
    orders: dict[str, Order]


def _good(row: Row, column: str, raw: str) -> Good:
    key = raw.strip().lower()
    if key in ALIASES:
        return ALIASES[key]
    return parse_enum(Good, raw, lambda problem: row.error(column, problem))


class _Counts(msgspec.Struct, forbid_unknown_fields=True):
    goods: int
    orders: int


class _Components(msgspec.Struct):
    counts: _Counts


def _components() -> _Counts:
    """The component counts, whole numbers decoded strictly (issue 26: ``38.0`` is refused)."""
    return read_toml_as(DATA / COMPONENTS_FILE, _Components).counts


def load_goods(path: str | Path) -> dict[str, GoodsCard]:
    """Load and validate a Goods deck CSV (columns ``id, goods, quantity``).

    Checks M-COMP-01 (38 cards), M-COMP-02 (main goods 1-4, Leather 3, Wood 4), M-COMP-03 (a
    two-goods card names two different main goods and has quantity 1, A-M-03) and the IDs
    (upper-case letters, digits and ``-``, unique).

    Raises:
        CardDataError: naming the file, row and column that is wrong.
    """
    rows = read_csv(path, required=("id", "goods", "quantity"))
    check_unique(rows, "id")
    cards: dict[str, GoodsCard] = {}
    for row in rows:
        names = [n for n in row.text("goods").split("/")]
        if len(names) > 2:
            raise row.error("goods", "a card shows one good or two (M-COMP-03)")
        goods = tuple(_good(row, "goods", n) for n in names)
        if len(goods) == 2 and goods[0] == goods[1]:
            raise row.error("goods", "a two-goods card must show two different goods (M-COMP-03)")
        if len(goods) == 2 and any(g not in MAIN_GOODS for g in goods):
            raise row.error("goods", "two-goods cards combine main goods only (M-COMP-03)")
        quantity = row.integer("quantity", low=1, high=4)
        if len(goods) == 2 and quantity != 1:
            raise row.error("quantity", "a two-goods card has quantity 1 (M-COMP-03, A-M-03)")
        for good in goods:
            if good is Good.LEATHER and quantity != 3:
                raise row.error("quantity", "Leather always has quantity 3 (M-COMP-02)")
            if good is Good.WOOD and quantity != 4:
                raise row.error("quantity", "Wood always has quantity 4 (M-COMP-02)")
        card_id = row.identifier("id")
        cards[card_id] = GoodsCard(id=card_id, goods=goods, quantity=quantity)
    expected = _components().goods
    if len(cards) != expected:
        raise CardDataError(str(path), f"has {len(cards)} cards; Monsoon Market has {expected} "
                            "Goods cards (M-COMP-01)")
    return cards


_LINE = re.compile(r"^\s*(\d+)\s+([A-Za-z]+)\s*$", re.ASCII)  # ASCII digits only


def _requirements(row: Row) -> tuple[Requirement, ...]:
    parts = row.text("requirements").split("+")
    lines: list[Requirement] = []
    for part in parts:
        found = _LINE.match(part)
        if not found:
            raise row.error("requirements", f"{part.strip()!r} is not like '2 Gem'")
        good = _good(row, "requirements", found.group(2))
        if good not in MAIN_GOODS:
            raise row.error("requirements", f"Orders only ask for Gem, Scroll, Pepper or Cloth "
                            f"(M-COMP-06), not {good.value}")
        quantity = int(found.group(1))
        if quantity < 1:
            raise row.error("requirements", "a requirement needs a quantity of at least 1")
        if any(line.good is good for line in lines):
            raise row.error("requirements", f"{good.value} appears on two lines")
        lines.append(Requirement(good, quantity))
    return tuple(lines)


def load_orders(path: str | Path) -> dict[str, Order]:
    """Load and validate an Order deck CSV.

    Columns: ``id, requirements, gold, silver, bulk, bonus_good, bonus_quantity, bonus_action``
    (``requirements`` like ``2 Gem + 1 Scroll``; seals as whole numbers >= 0). Checks M-COMP-04
    (36 Orders), M-COMP-05/07 (three edges, one of the four Bonus Actions) and M-COMP-06.

    Raises:
        CardDataError: naming the file, row and column that is wrong.
    """
    rows = read_csv(
        path,
        required=("id", "requirements", "gold", "silver", "bulk", "bonus_action"),
        optional=("bonus_good", "bonus_quantity"),
    )
    check_unique(rows, "id")
    orders: dict[str, Order] = {}
    for row in rows:
        bonus_good = None
        bonus_quantity = 0
        if row.text("bonus_good", required=False):
            bonus_good = _good(row, "bonus_good", row.text("bonus_good"))
            bonus_quantity = row.integer("bonus_quantity", low=1, high=4)
        elif row.text("bonus_quantity", required=False) not in ("", "0"):
            raise row.error("bonus_quantity", "a quantity without a bonus_good")
        action = row.choice("bonus_action", BonusAction)
        assert action is not None
        order_id = row.identifier("id")
        orders[order_id] = Order(
            id=order_id,
            requirements=_requirements(row),
            gold=row.integer("gold", low=0),
            silver=row.integer("silver", low=0),
            bulk=row.integer("bulk", low=0),
            bonus_good=bonus_good,
            bonus_quantity=bonus_quantity,
            bonus_action=action,
        )
    expected = _components().orders
    if len(orders) != expected:
        raise CardDataError(str(path), f"has {len(orders)} Orders; Monsoon Market has {expected} "
                            "Order cards (M-COMP-04)")
    return orders


def _resolve(deck: str, default: str) -> Path:
    return DATA / default if deck == "default" else Path(deck)


def _files(goods_deck: str, order_deck: str) -> tuple[Path, Path]:
    return _resolve(goods_deck, GOODS_FILE), _resolve(order_deck, ORDERS_FILE)


def _parse(files: Sequence[Path]) -> Catalog:
    goods = load_goods(files[0])
    orders = load_orders(files[1])
    clash = set(goods) & set(orders)
    if clash:
        raise CardDataError(str(files[1]), f"IDs also used by Goods cards: {sorted(clash)}",
                            column="id")
    return Catalog(goods=goods, orders=orders)


def _digester(goods_deck: str, order_deck: str) -> Callable[[Catalog], str]:
    if (goods_deck, order_deck) == ("default", "default"):
        return lambda cat: ""
    return lambda cat: card_digest(cat.goods, cat.orders)


def card_data(goods_deck: str = "default", order_deck: str = "default") -> CardData[Catalog]:
    """The card data of both decks (``"default"``: the shipped reconstruction, else a CSV path),
    fresh: what ``Rules.card_data`` holds (:class:`marketlib.core.cards.CardData`)."""
    return CardData(_files(goods_deck, order_deck), _parse, _digester(goods_deck, order_deck))


def read_catalog(goods_deck: str = "default", order_deck: str = "default") -> tuple[Catalog, str]:
    """Both decks as the files are now, and their digest (each distinct file content is parsed
    once per process).

    The digest is ``""`` for the shipped default decks; for an owner's files it is
    ``"<goods>.<orders>"``, 12 hex digits of the SHA-256 of each deck's *cards* (so an edited
    comment or line ending does not count as a change). ``setup`` records it in the state
    (``State.cards``) so a game keeps the cards it was dealt with (it reads through
    ``rules.card_data``, which keeps the catalog).

    Raises:
        CardDataError: a deck file is missing or broken; the goods and order IDs must not
            overlap.
    """
    return card_data(goods_deck, order_deck).read()


def load_catalog(
    goods_deck: str = "default", order_deck: str = "default", digest: str | None = None
) -> Catalog:
    """The cards of both decks (``"default"``: the shipped reconstruction, else a CSV path).

    Args:
        goods_deck, order_deck: ``"default"`` or a CSV path, as in ``Rules``.
        digest: the digest recorded in a state (``State.cards``): the cards that game was dealt
            with; ``None`` means the files as they are now.

    Raises:
        CardDataError: a deck file is broken, or no longer holds the cards of ``digest`` (the
            file changed since the game started).
    """
    data = card_data(goods_deck, order_deck)
    return data.read()[0] if digest is None else data.get(digest)


reload_catalog = read_catalog
"""The decks as the files are now (``setup`` and ``position`` deal with an owner's latest
edits); the same as :func:`read_catalog`."""


def write_default_data(folder: str | Path) -> list[Path]:
    """Copy the default (reconstructed) card files into ``folder`` to edit; returns the paths."""
    return copy_files(DATA, (GOODS_FILE, ORDERS_FILE), folder)
