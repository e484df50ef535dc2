"""The one card store (docs: "Card data"): parsed card data keyed by the content of its files.

Every game reads its decks through :data:`STORE`:

* :meth:`CardStore.read` reads the files *now* (so an owner's edit is seen by the next new
  game in the same process), and parses each distinct content once: the cache key is the
  SHA-256 of the files' bytes, never their paths. It returns the catalog and its *card digest*
  (a digest of the parsed cards, so an edited comment or line ending is no change; ``""`` for
  the shipped default decks), which a game records in its states (``State.cards``) and saves.
* :meth:`CardStore.get` finds the catalog of a game in progress by that digest, reading the
  files again only if this process never saw those cards, and refusing files that no longer
  hold them (``CardDataError`` naming the file: a game keeps the cards it was dealt).

The store is thread-safe (simulation may run on threads) and holds the only card caches of
the library, so results never depend on ``n_jobs`` or the backend.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from marketlib.core.errors import CardDataError

Parser = Callable[[Sequence[Path]], Any]
"""Reads a game's deck files (in a fixed order) into its catalog; raises ``CardDataError``."""


def card_digest(*decks: object) -> str:
    """12 hex digits of the SHA-256 of each deck's parsed cards, joined by dots."""
    return ".".join(hashlib.sha256(msgspec.json.encode(d)).hexdigest()[:12] for d in decks)


class CardStore:
    """Catalogs by file content and by card digest; see the module docstring."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._by_content: dict[tuple[str, str], Any] = {}  # parsed catalogs, by file bytes
        self._by_digest: dict[tuple[str, str, tuple[str, ...]], Any] = {}
        self._last: tuple[object, str, Any] = (None, "", None)
        self._derived: dict[tuple[Any, ...], Any] = {}

    def read(self, game: str, files: Sequence[Path], parse: Parser,
             digest: Callable[[Any], str]) -> tuple[Any, str]:
        """The catalog in ``files`` as they are now, and its card digest.

        Args:
            game: the game's name (keys never mix two games).
            files: the deck files, in the order ``parse`` takes them.
            parse: reads the files into a catalog.
            digest: the card digest of a catalog (``""`` for the shipped decks).

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
        catalog_key = hashlib.sha256(b"\0".join(contents)).hexdigest()
        with self._lock:
            catalog = self._by_content.get((game, catalog_key))
        if catalog is None:
            catalog = parse(files)
            with self._lock:
                self._by_content[(game, catalog_key)] = catalog
        cards = digest(catalog)
        with self._lock:
            self._by_digest[(game, cards, tuple(str(f) for f in files))] = catalog
        return catalog, cards

    def get(self, game: str, files: Sequence[Path], cards: str, parse: Parser,
            digest: Callable[[Any], str]) -> Any:
        """The catalog a game in progress was dealt with (card digest ``cards``).

        Raises:
            CardDataError: the files no longer hold those cards (naming the files), or are
                broken.
        """
        key = (game, cards, tuple(str(f) for f in files))
        with self._lock:
            found = self._by_digest.get(key)
        if found is not None:
            return found
        catalog, now = self.read(game, files, parse, digest)
        if cards and now != cards:
            changed = [str(f) for f, w, n in zip(files, cards.split("."), now.split("."),
                                                strict=False) if w != n]
            raise CardDataError(
                " and ".join(changed) or str(files[0]),
                f"the cards changed since the game started (digest {cards!r}, the files now "
                f"give {now!r}); restore the file as it was, or start a new game with the new "
                "cards")
        with self._lock:
            self._by_digest[key] = catalog
        return catalog

    def last(self, rules: object, cards: str) -> Any:
        """The catalog last remembered for this very ``rules`` object and digest, or ``None``
        (the hot path of a game's ``catalog(state)``: one identity check)."""
        last = self._last  # one read: the tuple is replaced whole, so threads never mix it
        if last[0] is rules and last[1] == cards:
            return last[2]
        return None

    def remember(self, rules: object, cards: str, catalog: Any) -> Any:
        """Make ``catalog`` what :meth:`last` answers for ``rules`` and ``cards``."""
        self._last = (rules, cards, catalog)
        return catalog

    def derived(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """A value computed once from card data (``key`` names the game, the cards and what is
        computed, e.g. ``("bansan", digest, "candidates", seats)``): the store holds every
        card-derived cache of the engines, so none of them lives in a game module."""
        with self._lock:
            if key in self._derived:
                return self._derived[key]
        value = make()
        with self._lock:
            return self._derived.setdefault(key, value)

    def clear(self) -> None:
        """Forget every catalog (tests)."""
        with self._lock:
            self._by_content.clear()
            self._by_digest.clear()
            self._derived.clear()
            self._last = (None, "", None)


STORE = CardStore()
"""The process's card store."""

__all__ = ["STORE", "CardStore", "Parser", "card_digest"]
