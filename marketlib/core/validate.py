"""Type checks for ``msgspec.Struct`` values built in Python.

``msgspec`` validates a struct when it *decodes* one (a save file, ``msgspec.convert``) but not when
Python code calls the class: ``Rules(buy_take_fewer="no")`` would store the string ``"no"``, which
is truthy, and silently switch the option on. :func:`check_fields` closes that gap: call it first
in a struct's ``__post_init__`` (or on a struct a user handed in) and every field is checked
against its annotation, strictly (no ``"3"`` for ``3``, no ``3.0`` for ``3``, no ``True`` for
``1``, no ``"gold"`` for ``Level.GOLD``).
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from typing import Any

import msgspec

__all__ = ["check_fields", "describe_type"]


_Fast = tuple[frozenset[type], frozenset[object]]


def _fast_check(annotation: Any) -> _Fast | None:
    """For annotations made only of ``int``, ``str``, ``bool``, ``None`` and ``Literal`` values:
    the exact types and the literal values allowed (checked without ``msgspec.convert``)."""
    origin = typing.get_origin(annotation)
    if annotation in (int, str, bool):
        return frozenset({annotation}), frozenset()
    if annotation is None or annotation is type(None):
        return frozenset({type(None)}), frozenset()
    if origin is typing.Literal:
        values = typing.get_args(annotation)
        if all(type(v) in (str, int) for v in values):
            return frozenset(), frozenset((type(v), v) for v in values)
        return None
    if origin is typing.Union or origin is types.UnionType:
        kinds: set[type] = set()
        literals: set[object] = set()
        for arg in typing.get_args(annotation):
            part = _fast_check(arg)
            if part is None:
                return None
            kinds |= part[0]
            literals |= part[1]
        return frozenset(kinds), frozenset(literals)
    return None


@functools.cache
def _fields(cls: type[msgspec.Struct]) -> tuple[tuple[str, Any, _Fast | None], ...]:
    """(name, annotation, fast check or None) for every field of ``cls``."""
    return tuple((f.name, f.type, _fast_check(f.type)) for f in msgspec.structs.fields(cls))


def describe_type(annotation: Any) -> str:
    """A short, readable name for a type annotation: ``int or 'random'``, ``'cap' or 'illegal'``,
    ``int or None``, ``Level ('gold', 'silver', 'bulk')``, ``tuple of str``."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return " or ".join(repr(v) for v in typing.get_args(annotation))
    if origin is typing.Union or origin is types.UnionType:
        return " or ".join(describe_type(a) for a in typing.get_args(annotation))
    if annotation is None or annotation is type(None):
        return "None"
    if origin is tuple:
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            return f"tuple of {describe_type(args[0])}"
        return "tuple (" + ", ".join(describe_type(a) for a in args) + ")"
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        values = ", ".join(repr(m.value) for m in annotation)
        return f"{annotation.__name__} ({values})"
    if isinstance(annotation, type):
        return annotation.__name__
    return str(annotation)


def _same(value: Any, converted: Any) -> bool:
    """True when strict conversion gave back the value itself (not a coerced copy)."""
    if converted is value:
        return True
    if type(converted) is not type(value):
        return False
    if isinstance(value, tuple):
        return all(_same(v, c) for v, c in zip(value, converted, strict=True))
    return bool(converted == value)


def check_fields(struct: msgspec.Struct) -> None:
    """Check every field of ``struct`` against its type annotation, strictly.

    A value passes only if ``msgspec.convert(value, annotation, strict=True)`` accepts it *and*
    gives back the same value of the same type, so a ``bool`` is not an ``int``, a ``float`` is
    not an ``int``, a plain string is not an enum member and a list is not a tuple.

    Args:
        struct: a ``msgspec.Struct`` instance (typically ``self`` in ``__post_init__``).

    Raises:
        ValueError: naming the struct and field, the expected type and the value given, e.g.
            ``Rules.first_player: expected int or 'random', got 'rand'``.

    Example:
        >>> import msgspec
        >>> class Options(msgspec.Struct, frozen=True):
        ...     size: int = 4
        >>> check_fields(Options(size=4))
        >>> check_fields(Options(size=True))
        Traceback (most recent call last):
        ...
        ValueError: Options.size: expected int, got True (bool)
    """
    cls = type(struct)
    for name, annotation, fast in _fields(cls):
        value = getattr(struct, name)
        if fast is not None:
            kinds, literals = fast
            kind = type(value)
            if kind in kinds or (kind in (str, int) and (kind, value) in literals):
                continue
            ok = False
        else:
            ok = _converts(value, annotation)
        if not ok:
            raise ValueError(f"{cls.__name__}.{name}: expected {describe_type(annotation)}, got "
                             f"{value!r} ({type(value).__name__})")


def _converts(value: Any, annotation: Any) -> bool:
    try:
        converted = msgspec.convert(value, annotation, strict=True)
    except (msgspec.ValidationError, TypeError, ValueError):
        return False
    return _same(value, converted)
