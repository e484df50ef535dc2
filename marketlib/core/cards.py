"""Card data carried by a game's rules object (docs: "Card data"; issue 28, point 2).

Each game's ``Rules`` reaches its cards through one :class:`CardData` of its own
(``rules.card_data``, made on first use and never serialized): no process-wide store, and
nothing is keyed by the identity of an object.

* :meth:`CardData.read` reads the files *now* (so an owner's edit is seen by the next new game,
  even one dealt from the same rules object) and returns the catalog and its *card digest* (a
  digest of the parsed cards, so an edited comment or line ending is no change; ``""`` for the
  shipped default decks), which a game records in its states (``State.cards``) and saves.
* :meth:`CardData.get` finds the catalog a game in progress was dealt with by that digest,
  reading the files again only if these rules never read those cards, and refusing files that
  no longer hold them (``CardDataError`` naming the file: a game keeps the cards it was dealt).
* :meth:`CardData.derived` keeps values computed from the cards (the conformance kit's
  candidates, the invariants' card sets), so none of them lives in a game module.

Each distinct file content is parsed once per process (a small cache keyed by the files'
paths and the SHA-256 of their bytes, never by an object), so a new rules object with the same
decks costs a file read, not a parse. Several threads may share a rules object: every cache is
filled with ``dict.setdefault``, so they all see the first value stored.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar

import msgspec

from marketlib.core.errors import CardDataError

C = TypeVar("C")

Parser = Callable[[Sequence[Path]], Any]
"""Reads a game's deck files (in a fixed order) into its catalog; raises ``CardDataError``."""


def card_digest(*decks: object) -> str:
    """12 hex digits of the SHA-256 of each deck's parsed cards, joined by dots."""
    return ".".join(hashlib.sha256(msgspec.json.encode(d)).hexdigest()[:12] for d in decks)


def _read_now(files: tuple[Path, ...], parse: Parser) -> Any:
    """The catalog in ``files`` as they are now (parsed once per distinct content).

    Raises:
        CardDataError: a file is missing, unreadable or broken (naming it).
    """
    contents = []
    for path in files:
        try:
            contents.append(Path(path).read_bytes())
        except OSError as err:
            parse(files)  # the game's reader names the file and the problem
            raise CardDataError(str(path), f"cannot be read: {err.strerror or err}") from None
    return _parsed(parse, files, hashlib.sha256(b"\0".join(contents)).hexdigest())


@functools.lru_cache(maxsize=32)
def _parsed(parse: Parser, files: tuple[Path, ...], content: str) -> Any:
    """``parse(files)``, once per reader, paths and content (``content``: their SHA-256)."""
    return parse(files)


class CardData(Generic[C]):
    """The card data of one rules object: the catalogs it was dealt, by card digest, and the
    values derived from them; see the module docstring.

    Args:
        files: the deck files, in the order ``parse`` takes them.
        parse: reads the files into a catalog.
        digest: the card digest of a catalog (``""`` for the shipped decks).
    """

    __slots__ = ("_by_digest", "_derived", "_digest", "_files", "_parse")

    def __init__(self, files: Sequence[Path], parse: Callable[[Sequence[Path]], C],
                 digest: Callable[[C], str]) -> None:
        self._files = tuple(files)
        self._parse = parse
        self._digest = digest
        self._by_digest: dict[str, C] = {}
        self._derived: dict[tuple[Any, ...], Any] = {}

    def read(self) -> tuple[C, str]:
        """The catalog in the files as they are now, and its card digest.

        Raises:
            CardDataError: a file is missing, unreadable or broken (naming it).
        """
        catalog: C = _read_now(self._files, self._parse)
        cards = self._digest(catalog)
        return self._by_digest.setdefault(cards, catalog), cards

    def get(self, cards: str) -> C:
        """The catalog a game in progress was dealt with (card digest ``cards``).

        Raises:
            CardDataError: the files no longer hold those cards (naming the files), or are
                broken.
        """
        found = self._by_digest.get(cards)
        if found is not None:
            return found
        catalog, now = self.read()
        if cards and now != cards:
            files = self._files
            changed = [str(f) for f, w, n in zip(files, cards.split("."), now.split("."),
                                                strict=False) if w != n]
            raise CardDataError(
                " and ".join(changed) or str(files[0]),
                f"the cards changed since the game started (digest {cards!r}, the files now "
                f"give {now!r}); restore the file as it was, or start a new game with the new "
                "cards")
        return self._by_digest.setdefault(cards, catalog)

    def derived(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """A value computed once from card data: ``key`` names the cards (a card digest) and
        what is computed, e.g. ``(digest, "candidates", seats)``."""
        derived = self._derived
        if key in derived:
            return derived[key]
        return derived.setdefault(key, make())


class PinnedCardData(CardData[C]):
    """Card data that travels by content (issue 33, point 3): one catalog, read and parsed where
    the run was planned (a simulation's client), with its card digest; never a file.

    A batch of simulated games carries it to the workers, which may have no copy of the deck
    files (a cluster without a shared disk), and every game of the batch is dealt from the
    cards as they were when the batch was submitted. :meth:`read` and :meth:`get` return that
    catalog; values :meth:`derived` from it are kept as usual.

    Args:
        catalog: the parsed cards.
        cards: their card digest (what :meth:`CardData.read` returned with them).
    """

    __slots__ = ("_cards", "_catalog")

    def __init__(self, catalog: C, cards: str) -> None:
        super().__init__((), _nothing_to_read, lambda _: cards)
        self._catalog = catalog
        self._cards = cards
        self._by_digest[cards] = catalog

    def read(self) -> tuple[C, str]:
        """The catalog carried, and its card digest (no file is read)."""
        return self._catalog, self._cards

    def get(self, cards: str) -> C:
        """The catalog carried, if ``cards`` is its digest.

        Raises:
            CardDataError: a game dealt with other cards (naming both digests).
        """
        if cards != self._cards:
            raise CardDataError("the card data carried with this task",
                                f"holds the cards {self._cards!r}, not {cards!r}")
        return self._catalog


def _nothing_to_read(files: Sequence[Path]) -> Any:
    raise AssertionError("pinned card data reads no file")  # pragma: no cover


__all__ = ["CardData", "Parser", "PinnedCardData", "card_digest"]
