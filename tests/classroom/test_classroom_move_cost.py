"""What one classroom move builds (issue 28): one payload per seat whose picture changed and one
checkpoint of the table, where a move used to build four payloads and two checkpoints at a
3-seat table (each checkpoint deep-copying the computer players)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec
import pytest

from marketlib.widgets import shared
from marketlib.widgets.session import TableSession

from .helpers import make_room


@contextmanager
def counted(patch: pytest.MonkeyPatch, owner: Any, name: str,
            counts: Counter[str]) -> Iterator[None]:
    real = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        counts[name] += 1
        return real(*args, **kwargs)

    with patch.context() as p:
        p.setattr(owner, name, wrapper)
        yield


def move_costs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, bot: bool,
               moves: int = 30) -> list[Counter[str]]:
    """Per move at a 3-seat Bansan table: payloads built (``payload``), seats whose picture
    changed (``changed``), checkpoints taken and the computer players' memory copied."""
    room = make_room(tmp_path, players=3, seed=4)
    table = room.tables[0]
    if bot:
        table.seat_bot(2, "greedy")
        table.run_bots()
    rng = random.Random(4)
    found = []
    for _ in range(moves):
        match = table.match
        seat = match.current_player
        assert seat is not None
        session = table.seats[seat]
        before = [msgspec.json.encode(s.traits()) for s in table.seats]
        counts: Counter[str] = Counter()
        with counted(monkeypatch, shared, "payload", counts), \
                counted(monkeypatch, TableSession, "checkpoint", counts), \
                counted(monkeypatch, TableSession, "copy_bots", counts):
            refused = table.handle(seat, {"type": "play", "version": session.version,
                                          "index": rng.randrange(len(session._data["choices"]))})
        assert refused == ""
        after = [msgspec.json.encode(s.traits()) for s in table.seats]
        counts["changed"] = sum(b != a for b, a in zip(before, after, strict=True))
        found.append(counts)
    return found


@pytest.mark.parametrize("bot", [False, True], ids=["3 people", "2 people and a GreedyBot"])
def test_a_move_builds_one_payload_per_seat_whose_picture_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bot: bool) -> None:
    """Shown to fail on a broken copy:
    :func:`test_the_payload_count_fails_on_a_broken_copy`."""
    for counts in move_costs(tmp_path, monkeypatch, bot=bot):
        assert counts["changed"] == 3  # every seat's log gains the move
        assert counts["payload"] <= counts["changed"]
        assert counts["checkpoint"] == 1
        # the computer players are copied once per move they take part in (the checkpoint
        # before a person's move and the memory kept for undo after it share one copy)
        assert counts["copy_bots"] <= (1 if bot else 0)


def test_the_payload_count_fails_on_a_broken_copy(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy whose table builds the payload again on every refresh (nothing kept per
    position): the mover's board is built twice, four payloads for three seats."""
    def rebuilt(self: TableSession, seat: int, *, teacher_view: bool = False,
                covered: bool = False, text: bool = True,
                humans: list[int] | None = None) -> dict[str, Any]:
        return shared.payload(self.table, self.match, seat, humans=humans or self.humans(),
                              teacher_view=teacher_view, covered=covered,
                              reasons=self.reasons, cache=self.lines, text=text)

    monkeypatch.setattr(TableSession, "payload", rebuilt)
    found = move_costs(tmp_path, monkeypatch, bot=False, moves=3)
    assert [c["payload"] for c in found] == [4, 4, 4]
