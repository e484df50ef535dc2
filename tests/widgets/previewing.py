"""Previews as a person's pointing asks for them: a board sends ``{"type": "previews",
"version": v}`` when a choice of drawing ``v`` is first pointed at, and Python answers in the
``previews`` trait."""

from __future__ import annotations

from typing import Any


def previewed(board: Any, listing: str = "choices") -> list[dict[str, Any]]:
    """``board``'s ``choices`` (or ``any_time``), each with the ``preview`` its board is sent
    when a person points at it."""
    board._handle_custom_msg({"type": "previews", "version": board.version}, [])
    answer = board.previews
    assert answer["version"] == board.version  # the drawing shown, not an older one
    items = getattr(board, listing)
    assert len(answer[listing]) == len(items)
    return [{**item, "preview": text} for item, text in zip(items, answer[listing],
                                                             strict=True)]
