"""A view as JSON builtins for a board's scene, every struct an object of its field names.

``msgspec.to_builtins`` writes an ``array_like`` struct (a Bansan stall, a bag card) as a list;
a board reads objects. :func:`objects` makes, once per struct class and from its field types
(``msgspec.inspect``), a function doing what ``to_builtins`` does with every struct as an
object: tuples become lists, enums their values (``_value_``), ``None`` stays. It is the same code a
hand-written ``{"id": s.id, "cards": list(s.cards), ...}`` would be (issue 28: the scene is
derived from the view, not copied field by field). A long object (a scene) is made from the
last one made: only the keys whose field is another object than in the last struct converted
are converted again (a seat's views share the fields a move did not change,
:mod:`marketlib.core.hidden`), and each call returns a dict of its own (its lists and objects
are shared: read-only, as a payload is).

Example:
    >>> from marketlib.bansan.state import Stall
    >>> msgspec.to_builtins(Stall(id="ST-01", cards=("PR-07",)))
    ['ST-01', True, None, ('PR-07',)]
    >>> objects(Stall)(Stall(id="ST-01", cards=("PR-07",)))
    {'id': 'ST-01', 'open': True, 'renter': None, 'cards': ['PR-07']}
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

import msgspec

from marketlib.widgets.recent import Recent

_I = msgspec.inspect
_AS_IS = (_I.StrType, _I.IntType, _I.BoolType, _I.FloatType, _I.NoneType, _I.LiteralType)
_MADE: dict[type, Callable[[Any], dict[str, Any]]] = {}
_LITERAL_KEYS = 16
"""Up to this many keys an object is written as a dict literal (see :func:`objects`)."""


def objects(kind: type[msgspec.Struct], layout: tuple[str, ...] | None = None,
            source: dict[str, str | None] | None = None) -> Callable[..., dict[str, Any]]:
    """A function from a ``kind`` instance to an object of its fields as JSON builtins.

    Args:
        kind: the struct class.
        layout: the object's keys in order (all of ``kind``'s fields by default); a key that is
            no field, or whose ``source`` is ``None``, is a keyword argument of the function,
            put there as it is given (a number or words worked out for the board).
        source: the field behind each key named otherwise (``{"deck": "deck_size"}``), or
            ``None`` for a field the caller gives in its own form.

    Generated once per call of ``objects`` (and cached per class for the default layout). A
    function of more than 16 keys keeps the last struct it was given and the object it made:
    the next object is a copy of that one with the keys whose field is another object made
    again (a field that is the same object has the same value: structs are immutable), and the
    given keys put in; safe across threads (the last pair is one tuple, read and replaced in
    one step each, and never changed in place).
    """
    if layout is None and kind in _MADE:
        return _MADE[kind]
    info = _I.type_info(kind)
    assert isinstance(info, _I.StructType)
    types = {f.name: f.type for f in info.fields}
    scope: dict[str, Any] = {"builtins": builtins}
    values: list[tuple[str, str]] = []  # each key and the source of its value
    fields: dict[str, str] = {}  # each key read from a field: the field
    extra = []
    for key in layout or tuple(types):
        name = (source or {}).get(key, key)
        if name is not None and name in types:
            values.append((repr(key), _expr(types[name], f"x.{name}", 0, scope)))
            fields[repr(key)] = name
        else:
            values.append((repr(key), key))
            extra.append(key)
    if any(key.startswith("_") for key in extra):
        raise ValueError(f"{kind.__name__}: a worked-out key may not start with '_' "
                         f"({[k for k in extra if k.startswith('_')]})")
    head = ", ".join(["x", *(["*", *extra] if extra else [])])
    if len(values) > _LITERAL_KEYS:  # a long object (a scene): made from the last one made
        scope["_keys"] = dict.fromkeys(layout or tuple(types))  # (a keyword argument has a
        scope["_last"] = [None]  # key's name, never one that starts with "_": refused above)
        whole = "".join(f"\n        _d[{key}] = {value}" for key, value in values
                        if key in fields)
        changed = "".join(f"\n        if x.{fields[key]} is not _w.{fields[key]}: "
                          f"_d[{key}] = {value}" for key, value in values if key in fields)
        given = "".join(f"\n    _d[{key}] = {value}" for key, value in values
                        if key not in fields)
        source_code = (f"def made({head}):\n    _l = _last[0]\n    if _l is None:"
                       f"\n        _d = _keys.copy(){whole}\n    else:\n        _w = _l[0]"
                       f"\n        _d = _l[1].copy(){changed}{given}"
                       f"\n    _last[0] = (x, _d)\n    return _d.copy()")
    else:
        items = ", ".join(f"{key}: {value}" for key, value in values)
        source_code = f"def made({head}):\n    return {{{items}}}"
    exec(source_code, scope)  # our own source
    made: Callable[..., dict[str, Any]] = scope["made"]
    if layout is None:
        _MADE[kind] = made
    return made


def _expr(t: Any, x: str, depth: int, scope: dict[str, Any]) -> str:
    """Python source converting expression ``x`` of msgspec type ``t``."""
    if isinstance(t, _AS_IS):
        return x
    if isinstance(t, _I.EnumType):  # the member's own attribute: ``.value`` is a descriptor,
        return f"{x}._value_"  # 10 times slower on Python 3.11, and a scene reads many

    if isinstance(t, _I.StructType):
        name = f"_{t.cls.__name__}"
        scope[name] = objects(t.cls)
        return f"{name}({x})"
    items = [t.item_type] if isinstance(t, _I.VarTupleType | _I.ListType) else (
        list(t.item_types) if isinstance(t, _I.TupleType) else [])
    if items and all(item == items[0] for item in items):
        i = f"i{depth}"
        inner = _expr(items[0], i, depth + 1, scope)
        if inner == i:
            return f"list({x})"
        if (isinstance(t, _I.VarTupleType) and isinstance(items[0], _I.StructType)
                and items[0].array_like):  # a tuple of the state's records (a Stall, a Bag
            name = f"_{items[0].cls.__name__}s"  # card), which states share: kept,
            scope[name] = _Kept(eval(f"lambda {i}: {inner}", scope))  # each record too
            return f"{name}({x})"
        return f"[{inner} for {i} in {x}]"
    if isinstance(t, _I.UnionType):
        others = [u for u in t.types if not isinstance(u, _I.NoneType)]
        if len(others) == 1:
            inner = _expr(others[0], x, depth, scope)
            return x if inner == x else f"(None if {x} is None else {inner})"
    return f"builtins({x})"


class _Kept:
    """``convert`` of each struct of a tuple, kept by identity (:class:`Recent`): the states
    of one game share the tuples a move did not change (the Stalls, a vendor's Bag), and a
    changed tuple shares the structs the move did not change (a pick makes one new Stall of
    fifteen), so a board's next scene reuses their objects instead of building them again
    (issue 28: a refresh). The lists and objects are shared between scenes and tables:
    read-only, as a payload is."""

    __slots__ = ("_each", "_tuples")

    def __init__(self, convert: Callable[[Any], Any]) -> None:
        self._each = Recent(convert)
        self._tuples = Recent(self._list)

    def __call__(self, items: Any) -> list[Any]:
        tuples = self._tuples  # Recent.__call__ written out for the hit (a call less)
        found = tuples._new.get(id(items))
        if found is not None and found[0] is items:
            made: list[Any] = found[1]
            return made
        return tuples(items)  # type: ignore[no-any-return]

    def _list(self, items: Any) -> list[Any]:
        each = self._each
        new = each._new  # Recent.__call__ written out for the newest generation's hits
        made = []
        for item in items:
            found = new.get(id(item))
            made.append(found[1] if found is not None and found[0] is item else each(item))
        return made


def builtins(value: Any) -> Any:
    """``value`` as JSON builtins, every struct an object (what :func:`objects` does, found
    at run time: for a field typed ``Any`` or a union of structs)."""
    if isinstance(value, (tuple, list)):
        return [builtins(x) for x in value]
    if isinstance(value, msgspec.Struct):
        return objects(type(value))(value)
    return value.value if isinstance(value, Enum) else value
