"""Bansan cards: Produce (B-COMP-01..05), Shopping Lists (B-COMP-06), Events (B-COMP-07) and
Market Stalls (B-COMP-08/09), with their data files.

The default data in ``data/`` is a RECONSTRUCTION (docs: "Card data"): the real card lists are not
public. Produce pairs, waste types and stars, the Shopping List icons and values, the stall types
and every Event effect are invented to fit the rulebook's numbers. An owner of the physical game
can write the defaults out with :func:`write_default_data`, type in the real cards and pass the
files as ``Rules(produce_deck=..., list_deck=..., stall_set=..., event_deck=...)``; they are
validated row by row (:class:`~marketlib.core.errors.CardDataError` names file, row, column).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from marketlib.core.cards import CardData, card_digest
from marketlib.core.data import (
    Row,
    check_unique,
    convert_toml,
    copy_files,
    read_csv,
    read_toml,
)
from marketlib.core.errors import CardDataError
from marketlib.core.i18n import N_

DATA = Path(__file__).parent / "data"
PRODUCE_FILE = "produce.csv"
LISTS_FILE = "lists.csv"
STALLS_FILE = "stalls.csv"
EVENTS_FILE = "events.csv"
COMPONENTS_FILE = "components.toml"


class Produce(enum.StrEnum):
    """The six produce types (B-COMP-05), in the order of the price list (D-B-01)."""

    FV = "FV"
    WG = "WG"
    MT = "MT"
    DG = "DG"
    SF = "SF"
    MM = "MM"


PRODUCE = tuple(Produce)
NAMES = {
    Produce.FV: N_("Fruits & Veggies"),
    Produce.WG: N_("Wet Goods"),
    Produce.MT: N_("Meat"),
    Produce.DG: N_("Dry Goods"),
    Produce.SF: N_("Seafood"),
    Produce.MM: N_("Macam-Macam"),
}


class Waste(enum.StrEnum):
    """The three waste types / Waste Bins, left to right (B-COMP-10, B-SETUP-05)."""

    PL = "PL"
    PA = "PA"
    OR = "OR"


WASTES = tuple(Waste)
WASTE_WORDS = {"PL": N_("Plastic"), "PA": N_("Paper"), "OR": N_("Organic")}
"""Each waste type's (and Waste Bin's) name by its code, as the rulebook writes it (in English:
the card files are read with these; a board shows ``_(WASTE_WORDS[code])``)."""

SELL_FROM = {"own_stalls": N_("your Stalls"), "bag": N_("your Bag"),
             "both": N_("your Stalls or your Bag")}
"""Where an online SELL takes its cards from, by ``online_sell_source`` (A-B-09), as the
previews and the step's instruction say it."""
_WASTE_NAMES = {word.lower(): Waste(code) for code, word in WASTE_WORDS.items()}


class Timeframe(enum.StrEnum):
    """How long an Event lasts (B-UPK-11, docs: "Card data")."""

    IMM = "IMM"
    """Resolve now."""
    NAP = "NAP"
    """Effective Next Action Phase: the next player's Action Phase."""
    UNE = "UNE"
    """Until the next Event is flipped."""


class Effect(enum.StrEnum):
    """The invented Event effect primitives (docs: "Card data", A-B-01)."""

    PRICE_UP = "price_up"
    CLOSE_STALLS = "close_stalls"
    FREE_WHOLESALE = "free_wholesale"
    FULL_PRICE_SELL = "full_price_sell"
    EXTRA_ACTION = "extra_action"
    BIN_BONUS = "bin_bonus"
    WASTE_COLLECTION = "waste_collection"
    SUMMONS = "summons"
    NEW_MENU = "new_menu"


class ProduceCard(msgspec.Struct, frozen=True, kw_only=True):
    """A Produce Card: two halves of different types, a waste back and maybe a Star."""

    id: str
    top: Produce
    bottom: Produce
    waste: Waste
    star: bool = False

    @property
    def label(self) -> str:
        """Table notation ``TOP/BOTTOM:WASTE`` (``*`` marks a Star), e.g. ``FV/DG:PL*``."""
        return f"{self.top}/{self.bottom}:{self.waste}" + ("*" if self.star else "")

    def shows(self, produce: Produce) -> bool:
        """Whether either half shows ``produce`` (A-B-16)."""
        return produce is self.top or produce is self.bottom


class ShoppingList(msgspec.Struct, frozen=True, kw_only=True):
    """A Shopping List: produce icons (1 card each) and its value in RM (B-COMP-06)."""

    id: str
    icons: tuple[Produce, ...]
    value: int

    @property
    def label(self) -> str:
        return " ".join(self.icons) + f" RM{self.value}"


class StallCard(msgspec.Struct, frozen=True, kw_only=True):
    """A Market Stall tile: the type it sells and its CLOSED-side mark ("", "3+" or "5+")."""

    id: str
    sells: Produce
    mark: str


class EventCard(msgspec.Struct, frozen=True, kw_only=True):
    """An Event card (invented effect, docs: "Card data")."""

    id: str
    name: str
    effect: Effect
    produce: Produce | None
    timeframe: Timeframe


class Layout(msgspec.Struct, frozen=True, kw_only=True):
    """Stalls in play for a player count (B-SETUP-04): grid size and the marks used."""

    rows: int
    columns: int
    marks: tuple[str, ...]


class Catalog(msgspec.Struct, frozen=True):
    """Every card of the four decks, by ID in file order, and the setup layouts."""

    produce: dict[str, ProduceCard]
    lists: dict[str, ShoppingList]
    stalls: dict[str, StallCard]
    events: dict[str, EventCard]
    layouts: dict[int, Layout]
    sells: dict[str, Produce] = {}
    """Stall ID -> the type it sells (derived from ``stalls`` when the catalog is read)."""


class _Layout(msgspec.Struct, forbid_unknown_fields=True):
    rows: int
    columns: int
    marks: list[str]


class _Components(msgspec.Struct):
    counts: dict[str, int]
    layout: dict[str, Any]


def _components() -> _Components:
    """The component counts and layouts, decoded strictly (issue 26: ``88.0`` is refused)."""
    path = DATA / COMPONENTS_FILE
    data = read_toml(path)
    return _Components(counts=convert_toml(path, data.get("counts"), dict[str, int], "counts"),
                       layout=convert_toml(path, data.get("layout"), dict[str, Any], "layout"))


def _produce(row: Row, column: str, raw: str | None = None) -> Produce:
    text = row.text(column) if raw is None else raw
    try:
        return Produce(text.strip().upper())
    except ValueError:
        raise row.error(column, f"{text!r} is not a produce type (FV WG MT DG SF MM)") from None


def _count(path: str | Path, found: int, key: str, what: str, rule: str) -> None:
    expected = _components().counts[key]
    if found != expected:
        raise CardDataError(str(path), f"has {found} {what}; Bansan has {expected} ({rule})")


def load_produce(path: str | Path) -> dict[str, ProduceCard]:
    """Load and validate a produce deck CSV (columns ``id, top, bottom, waste, star``).

    Checks B-COMP-01 (88 cards), B-COMP-02/A-B-52 (two different halves), B-COMP-03 (a waste
    type PL/PA/OR) and B-COMP-04 (``star`` is ``yes`` or empty).

    Raises:
        CardDataError: naming the file, row and column that is wrong.
    """
    rows = read_csv(path, required=("id", "top", "bottom", "waste"), optional=("star",))
    check_unique(rows, "id")
    cards: dict[str, ProduceCard] = {}
    for row in rows:
        top, bottom = _produce(row, "top"), _produce(row, "bottom")
        if top is bottom:
            raise row.error("bottom", "both halves show the same type (A-B-52)")
        raw = row.text("waste").lower()
        waste = _WASTE_NAMES.get(raw) or next((w for w in Waste if w.value.lower() == raw), None)
        if waste is None:
            raise row.error("waste", f"{row.text('waste')!r} is not PL, PA or OR (B-COMP-03)")
        star = row.text("star", required=False).lower()
        if star not in ("", "yes", "no", "1", "0", "true", "false", "*"):
            raise row.error("star", f"{star!r}: write yes or leave it empty (B-COMP-04)")
        card_id = row.text("id")
        cards[card_id] = ProduceCard(id=card_id, top=top, bottom=bottom, waste=waste,
                                     star=star in ("yes", "1", "true", "*"))
    _count(path, len(cards), "produce", "produce cards", "B-COMP-01")
    return cards


def load_lists(path: str | Path) -> dict[str, ShoppingList]:
    """Load and validate a Shopping List CSV (columns ``id, icons, value``; icons space separated).

    Raises:
        CardDataError: naming the file, row and column that is wrong (B-COMP-06: 54 lists).
    """
    rows = read_csv(path, required=("id", "icons", "value"))
    check_unique(rows, "id")
    lists: dict[str, ShoppingList] = {}
    for row in rows:
        icons = tuple(_produce(row, "icons", raw) for raw in row.text("icons").split())
        list_id = row.text("id")
        lists[list_id] = ShoppingList(id=list_id, icons=icons, value=row.integer("value", low=0))
    _count(path, len(lists), "lists", "Shopping Lists", "B-COMP-06")
    return lists


def load_stalls(path: str | Path) -> dict[str, StallCard]:
    """Load and validate a stall set CSV (columns ``id, set, sells, mark``).

    Checks B-COMP-08/09: 12 stalls, 6 base (no mark), 3 marked ``3+`` and 3 marked ``5+``, and
    that the base stalls sell all six types (A-B-04).

    Raises:
        CardDataError: naming the file, row and column that is wrong.
    """
    rows = read_csv(path, required=("id", "sells"), optional=("set", "mark"))
    check_unique(rows, "id")
    stalls: dict[str, StallCard] = {}
    for row in rows:
        mark = row.text("mark", required=False)
        if mark not in ("", "3+", "5+"):
            raise row.error("mark", f"{mark!r}: a stall is unmarked (base), 3+ or 5+ (B-COMP-08)")
        stall_id = row.text("id")
        stalls[stall_id] = StallCard(id=stall_id, sells=_produce(row, "sells"), mark=mark)
    _count(path, len(stalls), "stalls", "stalls", "B-COMP-08")
    marks = [s.mark for s in stalls.values()]
    if marks.count("") != 6 or marks.count("3+") != 3:
        raise CardDataError(str(path), "needs 6 base stalls, 3 marked 3+ and 3 marked 5+ "
                            "(B-COMP-09)", column="mark")
    if {s.sells for s in stalls.values() if not s.mark} != set(Produce):
        raise CardDataError(str(path), "the 6 base stalls must sell all six types (A-B-04)",
                            column="sells")
    return stalls


def load_events(path: str | Path) -> dict[str, EventCard]:
    """Load and validate an Event deck CSV (columns ``id, name, effect, produce, timeframe``).

    Raises:
        CardDataError: naming the file, row and column that is wrong (B-COMP-07: 40 events).
    """
    rows = read_csv(path, required=("id", "effect", "timeframe"), optional=("name", "produce"))
    check_unique(rows, "id")
    events: dict[str, EventCard] = {}
    for row in rows:
        effect = row.choice("effect", Effect)
        timeframe = row.choice("timeframe", Timeframe)
        assert effect is not None and timeframe is not None
        produce = _produce(row, "produce") if row.text("produce", required=False) else None
        if effect in (Effect.PRICE_UP, Effect.CLOSE_STALLS) and produce is None:
            raise row.error("produce", f"{effect.value} needs a produce type")
        event_id = row.text("id")
        events[event_id] = EventCard(id=event_id, name=row.text("name", required=False) or event_id,
                                     effect=effect, produce=produce, timeframe=timeframe)
    _count(path, len(events), "events", "Event cards", "B-COMP-07")
    return events


def _resolve(deck: str, default: str) -> Path:
    return DATA / default if deck == "default" else Path(deck)


def _files(produce_deck: str, list_deck: str, stall_set: str,
           event_deck: str) -> tuple[Path, Path, Path, Path]:
    return (_resolve(produce_deck, PRODUCE_FILE), _resolve(list_deck, LISTS_FILE),
            _resolve(stall_set, STALLS_FILE), _resolve(event_deck, EVENTS_FILE))


def _parse(files: Sequence[Path]) -> Catalog:
    produce = load_produce(files[0])
    lists = load_lists(files[1])
    stalls = load_stalls(files[2])
    events = load_events(files[3])
    seen: set[str] = set()
    for path, ids in ((files[1], lists), (files[2], stalls), (files[3], events)):
        clash = seen & set(ids) | set(produce) & set(ids)
        if clash:
            raise CardDataError(str(path), f"IDs also used by another deck: {sorted(clash)}",
                                column="id")
        seen |= set(ids)
    layouts = {}
    for key, value in _components().layout.items():  # each by its key, so an error names it
        spec = convert_toml(DATA / COMPONENTS_FILE, value, _Layout, f"layout.{key}")
        layouts[int(key)] = Layout(rows=spec.rows, columns=spec.columns, marks=tuple(spec.marks))
    return Catalog(produce=produce, lists=lists, stalls=stalls, events=events, layouts=layouts,
                   sells={s.id: s.sells for s in stalls.values()})


def _digester(*decks: str) -> Callable[[Catalog], str]:
    if all(d == "default" for d in decks):
        return lambda cat: ""
    return lambda cat: card_digest(cat.produce, cat.lists, cat.stalls, cat.events)


def card_data(produce_deck: str = "default", list_deck: str = "default",
              stall_set: str = "default", event_deck: str = "default") -> CardData[Catalog]:
    """The card data of these four decks (``"default"``: the shipped reconstruction, else a CSV
    path), fresh: what ``Rules.card_data`` holds (:class:`marketlib.core.cards.CardData`)."""
    decks = (produce_deck, list_deck, stall_set, event_deck)
    return CardData(_files(*decks), _parse, _digester(*decks))


def read_catalog(produce_deck: str = "default", list_deck: str = "default",
                 stall_set: str = "default", event_deck: str = "default") -> tuple[Catalog, str]:
    """The four decks as the files are now, and their digest (``""`` for the shipped decks;
    else four 12-digit SHA-256 digests of each deck's cards, joined by dots). ``setup`` records
    the digest in the state (it reads through ``rules.card_data``, which keeps the catalog).

    Raises:
        CardDataError: a file is missing or broken, or IDs are shared between decks.
    """
    return card_data(produce_deck, list_deck, stall_set, event_deck).read()


def load_catalog(
    produce_deck: str = "default",
    list_deck: str = "default",
    stall_set: str = "default",
    event_deck: str = "default",
    digest: str | None = None,
) -> Catalog:
    """The cards of the four decks (``"default"``: the shipped reconstruction, else a CSV path).

    Args:
        produce_deck, list_deck, stall_set, event_deck: as in ``Rules``.
        digest: the digest recorded in a state (``State.cards``): the cards that game was dealt
            with; ``None``: the files as they are now.

    Raises:
        CardDataError: if a file is broken, IDs are shared between decks, or a file no longer
            holds the cards of ``digest``.
    """
    data = card_data(produce_deck, list_deck, stall_set, event_deck)
    return data.read()[0] if digest is None else data.get(digest)


def write_default_data(folder: str | Path) -> list[Path]:
    """Copy the default (reconstructed) card files into ``folder`` to edit; returns the paths."""
    return copy_files(DATA, (PRODUCE_FILE, LISTS_FILE, STALLS_FILE, EVENTS_FILE), folder)
