"""Join codes: one unguessable code per seat (docs: "Running a class").

A code is 10 characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown as
``ABCDE-FGHJK``: about 49 bits from :mod:`secrets`, typed on a phone in a few seconds. The server
compares codes in constant time and refuses a connection after a few wrong ones.
"""

from __future__ import annotations

import hmac
import secrets
import unicodedata
from collections.abc import Iterable
from typing import TypeVar

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 10
T = TypeVar("T")


def new_code() -> str:
    """A fresh join code, e.g. ``"K7QF2-M2XDA"``.

    Example:
        >>> code = new_code()
        >>> len(code), code[5], normalize(code.lower()) == code
        (11, '-', True)
    """
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{raw[:5]}-{raw[5:]}"


def ignored(ch: str) -> bool:
    """Whether a character of a typed code (after NFKC) is ignored: any space (a no-break
    space becomes one), a dash of any kind (Unicode category Pd, and the minus sign U+2212),
    an invisible format character (category Cf: zero-width space and joiner, BOM, bidi marks).

    Example:
        >>> [ignored(ch) for ch in " \u2013\u2212\u200b\ufeffA"]
        [True, True, True, True, True, False]
    """
    return ch.isspace() or ch == "\u2212" or unicodedata.category(ch) in ("Pd", "Cf", "Zs")


def normalize(text: str) -> str:
    """A typed code in its canonical form, or ``""`` when it cannot be a code: compared after
    Unicode NFKC (full-width letters and digits become ASCII), without spaces, dashes or
    invisible characters (:func:`ignored`), in upper case.

    Example:
        >>> normalize(" k7qf2 m2xda "), normalize("K7QF2-M2XD"), normalize(42)
        ('K7QF2-M2XDA', '', '')
        >>> normalize("\uff2b\uff17\uff31\uff26\uff12\u00a0M2XDA\u200b")
        'K7QF2-M2XDA'
    """
    if not isinstance(text, str) or len(text) > 64:
        return ""
    raw = "".join(ch for ch in unicodedata.normalize("NFKC", text).upper() if not ignored(ch))
    if len(raw) != LENGTH or any(ch not in ALPHABET for ch in raw):
        return ""
    return f"{raw[:5]}-{raw[5:]}"


def find_code(typed: str, codes: Iterable[tuple[str, T]]) -> T | None:
    """The key whose code equals ``typed``, comparing every code in constant time (no early
    exit, so the time taken tells nothing about which code is close).

    Example:
        >>> find_code("abcde fghjk", [("ABCDE-FGHJK", (0, 1)), ("ZZZZZ-ZZZZZ", (0, 2))])
        (0, 1)
    """
    wanted = normalize(typed).encode()
    found: T | None = None
    for code, key in codes:
        if hmac.compare_digest(code.encode(), wanted or b"-" * (LENGTH + 1)) and wanted:
            found = key
    return found


__all__ = ["ALPHABET", "find_code", "new_code", "normalize"]
