"""Join codes: one unguessable code per seat (docs: "Running a class").

A code is 10 characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown as
``ABCDE-FGHJK``: about 49 bits from :mod:`secrets`, typed on a phone in a few seconds. The server
compares codes in constant time and refuses a connection after a few wrong ones.
"""

from __future__ import annotations

import hmac
import secrets
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


def normalize(text: str) -> str:
    """A typed code in its canonical form (upper case, spaces and dashes ignored), or ``""``
    when it cannot be a code.

    Example:
        >>> normalize(" k7qf2 m2xda "), normalize("K7QF2-M2XD"), normalize(42)
        ('K7QF2-M2XDA', '', '')
    """
    if not isinstance(text, str) or len(text) > 64:
        return ""
    raw = "".join(ch for ch in text.upper() if ch not in " -\t")
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
