"""The messages a board's front end sends, as typed structs (``widgets/PROTOCOL.md``).

A message is decoded once, strictly, into one of the structs below (a tagged union on
``type``): an int field takes an int only (never ``1.9``, ``true`` or ``"3"``), a string field a
string, unknown fields are refused. A message that does not decode is refused with a sentence
naming the field, and nothing changes. The notebook board converts the dict the comm delivers
(:func:`decode`); the classroom server decodes the WebSocket's JSON text straight into the same
structs (with its own ``join`` and ``ping``).

Every message that names a choice or acts on the position shown (:class:`Choice`: ``play``,
``any_time``, ``propose_trade``, ``bargain``, ``counter``, ``undo``, ``redo``) carries the
``version`` of the board it was made on; the session refuses it if that board has been redrawn
since, or if the ``Match`` changed since (``Match.revision``), from whatever board or code.
"""

from __future__ import annotations

import re
import reprlib
from typing import Annotated, Any, Union

import msgspec

from marketlib.core.errors import MarketlibError

CardId = Annotated[str, msgspec.Meta(max_length=32)]
Cards = Annotated[tuple[CardId, ...], msgspec.Meta(max_length=64)]
SeedText = Annotated[str, msgspec.Meta(max_length=1000)]


class BoardMessageError(MarketlibError):
    """A message from the front end that cannot be understood or is refused (nothing changed)."""


class StaleMessage(BoardMessageError):
    """A message made on a position that is no longer shown (nothing changed)."""


class Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True,
              frozen=True):
    """What every message has: its ``type`` (the tag) and, over the classroom's WebSocket, an
    ``id`` its answer repeats (ignored on a notebook board)."""

    id: int | None = None


class Choice(Message, frozen=True):
    """A message that names a choice or acts on the position shown: ``version`` is the board's
    ``version`` trait when it was made."""

    version: int


class Play(Choice, tag="play", frozen=True):
    index: int


class AnyTime(Choice, tag="any_time", frozen=True):
    index: int


class ProposeTrade(Choice, tag="propose_trade", frozen=True):
    to: int
    give: Cards = ()
    take: Cards = ()
    pay: int = 0
    ask: int = 0


class Bargain(Choice, tag="bargain", frozen=True):
    card: CardId
    price: int


class Counter(Choice, tag="counter", frozen=True):
    price: int | None = None
    give: Cards = ()
    take: Cards = ()
    pay: int = 0
    ask: int = 0


class Undo(Choice, tag="undo", frozen=True):
    pass


class Redo(Choice, tag="redo", frozen=True):
    pass


class Explain(Message, tag="explain", frozen=True):
    target: Annotated[str, msgspec.Meta(max_length=400)]


class Hint(Message, tag="hint", frozen=True):
    """Ask the coach for a hint on the shown seat's decision (issue 29, point 4)."""


class Previews(Message, tag="previews", frozen=True):
    """Ask for the previews of the choices and any-time actions of drawing ``version`` (the
    board sends it when a person first points at one of them); answered in the ``previews``
    trait, with that ``version``. It only reads: a request for a drawing no longer shown is
    answered with nothing, and never refused as stale."""

    version: int


class Text(Message, tag="text", frozen=True):
    """Open (``open`` true) or close the board's text view: while it is open, every drawing
    is sent with its text description (the ``description`` trait; issue 28: a closed one
    costs nothing). It only reads, as ``previews`` does: never refused as stale, and the
    refusal shown stays."""

    open: bool


class Review(Message, tag="review", frozen=True):
    """Ask for the review of the shown seat's game, once it is over (issue 29, point 5)."""


class NewGame(Message, tag="new_game", frozen=True):
    seed: int | SeedText | None = None
    """An int, or its decimal text (a browser's numbers lose digits past 2**53; text that is not
    a whole number is refused by the session, saying so); ``None`` or blank text (the seed box
    left empty): a fresh random seed drawn in Python."""


class SetSeat(Message, tag="set_seat", frozen=True):
    seat: int


class Teacher(Message, tag="teacher", frozen=True):
    on: bool


class Reveal(Message, tag="reveal", frozen=True):
    pass


class StepIn(Message, tag="step_in", frozen=True):
    seat: int


class StepOut(Message, tag="step_out", frozen=True):
    pass


BoardMessage = Union[Play, AnyTime, ProposeTrade, Bargain, Counter, Undo, Redo,  # noqa: UP007
                     Explain, Previews, Text, Hint, Review, NewGame, SetSeat, Teacher, Reveal,
                     StepIn, StepOut]
"""Every message of a board (a tagged union on ``type``)."""

TYPES: dict[str, type[Message]] = {
    cls.__struct_config__.tag: cls
    for cls in BoardMessage.__args__  # type: ignore[attr-defined]
}
"""The board's message types by their ``type``."""

READS = (Previews, Text)
"""The messages that only read (a board's requests for previews, its text view opened or
closed): never refused as stale, and the refusal shown stays (``SeatSession.handle``)."""

PROPOSALS = (ProposeTrade, Bargain, Counter)


def kind_of(message: Message) -> str:
    """The ``type`` of a decoded message."""
    tag: str = message.__struct_config__.tag  # type: ignore[assignment]
    return tag


def refusal(content: Any, err: msgspec.ValidationError | None = None,
            known: Any = TYPES) -> str:
    """The sentence a message that did not decode is refused with: not an object, no
    ``type``, an unknown type, or the field msgspec names (``$.pay``)."""
    if not isinstance(content, dict) or not isinstance(content.get("type"), str):
        return (f"malformed message {reprlib.repr(content)}: expected an object with a "
                "'type'")
    kind = content["type"]
    if kind not in known:
        return f"unknown message type {reprlib.repr(kind)}"
    return f"malformed message: {err} (a '{kind}' message)"


def decode(content: Any) -> Message:
    """A message from the front end as its struct (strict: nothing is converted).

    Raises:
        BoardMessageError: not an object, no or an unknown ``type``, a missing, unknown or
            wrongly typed field (named).
    """
    if isinstance(content, Message):
        return content
    if (not isinstance(content, dict) or not isinstance(content.get("type"), str)
            or content["type"] not in TYPES):
        raise BoardMessageError(refusal(content))
    try:
        message: Message = msgspec.convert(content, BoardMessage, strict=True)
    except msgspec.ValidationError as err:
        raise BoardMessageError(refusal(content, err)) from None
    return message


_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def too_deep(text: str, limit: int) -> bool:
    """Whether a JSON text nests arrays and objects more than ``limit`` deep (brackets inside
    strings do not count), checked before any decoder sees it (a classroom frame, a save file
    loaded into the Play page, where Pyodide's stack ran out before a parser's recursion limit).

    Example:
        >>> too_deep("[" * 40 + "]" * 40, 32), too_deep('{"a": "[[[[[[[["}', 2)
        (True, False)
        >>> too_deep("[[1]]", 1)
        True
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for found in _BRACKETS.finditer(text):
        ch = found.group()
        if ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


__all__ = ["PROPOSALS", "READS", "TYPES", "AnyTime", "Bargain", "BoardMessage", "BoardMessageError",
           "Choice", "Counter", "Explain", "Hint", "Message", "NewGame", "Play", "Previews",
           "ProposeTrade", "Redo", "Reveal", "Review", "SetSeat", "StaleMessage", "StepIn",
           "StepOut", "Teacher", "Text", "Undo", "decode", "kind_of", "refusal", "too_deep"]
