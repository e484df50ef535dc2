"""Who is connected: the seats a browser is attached to, as the server knows them (issue 28,
point 5).

The server alone changes its connections; the room, its frames and the dashboard read them
through a :class:`Presence`, a read-only mapping ``{(table index, seat): True}`` (the table's
place in ``room.tables``, from 0, and the seat, from 0).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

Seat = tuple[int, int]


class Presence(Mapping[Seat, bool]):
    """A read-only view of a server's connections by seat (it follows them as they change).

    Example:
        >>> connections = {(0, 1): object()}
        >>> seen = Presence(connections)
        >>> seen == {(0, 1): True}, seen.get((0, 0), False)
        (True, False)
        >>> connections.clear(); len(seen)
        0
    """

    def __init__(self, connections: Mapping[Seat, Any]) -> None:
        self._connections = connections

    def __getitem__(self, seat: Seat) -> bool:
        if seat in self._connections:
            return True
        raise KeyError(seat)

    def __iter__(self) -> Iterator[Seat]:
        return iter(list(self._connections))  # a copy: the server's thread may change them

    def __len__(self) -> int:
        return len(self._connections)

    def __repr__(self) -> str:
        return f"Presence({dict(self)!r})"


NOBODY = Presence({})
"""Nobody is connected (a room whose server is not running)."""

__all__ = ["NOBODY", "Presence", "Seat"]
