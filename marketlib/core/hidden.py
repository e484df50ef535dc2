"""What each seat may see of a state, declared once per field (issue 28, point 1).

A game declares, next to its ``State``, how every field of it is seen (:class:`Declaration`),
each field in one group:

* ``public``: on the table; copied to every view as is, and kept as is by ``determinize``.
* ``hidden``: face down (a deck); a seat sees only its size, under the name given; the teacher
  view has it whole. ``determinize`` deals it again.
* ``secret``: never in a seat's view, not even its size (the reshuffle key, the bank's ledger);
  the teacher view has it. ``determinize`` draws it again.
* ``per_seat``: one entry per seat (a vendor, :class:`PerSeat`), whose own fields are public or
  ``owned``: seen by the owner seat; the other seats see ``None``, and its size when a name for
  it is given, while the game's ``private_while(state)`` holds (Bansan: Wallets hidden until
  the end, A-B-57). ``determinize`` builds the entries again.

From the declaration and the game's ``View`` struct, :meth:`Declaration.sight` derives, once at
import time, the ``view`` function, and for ``determinize`` the names it copies
(:attr:`Sight.copied`) and the ones it must deal (:attr:`Sight.dealt`): :meth:`Sight.state`
takes exactly the dealt ones as keywords, so a new hidden field that ``determinize`` forgets is
a ``TypeError``, not a leak. A ``State`` field without a declaration, or a ``View`` that does not
match it (a field missing, a hidden one that cannot be ``None``), is refused at import.

The functions are generated as Python source (as :mod:`dataclasses` makes ``__init__``): a view
is on every refresh's path, and the generated one is the same code a hand-written ``View(...)``
call would be, with no loop over field names per call. It keeps each seat's last view: the
next is that one with the fields that changed replaced, found by identity (a state's fields
are immutable, and a move replaces only those it changes), so a board's refresh after a move
copies the few fields the move changed instead of building every field again (issue 28).

Example:
    >>> import msgspec
    >>> class Toy(msgspec.Struct, frozen=True, kw_only=True):
    ...     rules: str
    ...     deck: tuple[str, ...]
    ...     seed: int
    ...     hands: tuple[int, ...]
    >>> class ToyView(msgspec.Struct, frozen=True, kw_only=True):
    ...     viewer: int | None
    ...     rules: str
    ...     hands: tuple[int, ...]
    ...     deck_size: int
    ...     deck: tuple[str, ...] | None = None
    ...     seed: int | None = None
    >>> TOY = Declaration(Toy, seats="hands", public=("rules", "hands"),
    ...                   hidden={"deck": "deck_size"}, secret=("seed",))
    >>> sight = TOY.sight(ToyView)
    >>> s = Toy(rules="x", deck=("a", "b"), seed=7, hands=(1, 2))
    >>> sight.view(s, 0)
    ToyView(viewer=0, rules='x', hands=(1, 2), deck_size=2, deck=None, seed=None)
    >>> sight.copied, sight.dealt
    (('rules', 'hands'), ('deck', 'seed'))
    >>> sight.state(sight.view(s, 1), deck=("b", "a"), seed=3)
    Toy(rules='x', deck=('b', 'a'), seed=3, hands=(1, 2))
    >>> sight.exact(sight.view(s, None)) == s
    True
    >>> Declaration(Toy, seats="hands", public=("rules", "hands"), secret=("deck",))
    Traceback (most recent call last):
    ...
    ValueError: Toy: field 'seed' has no declaration of who sees it (core/hidden.py)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import msgspec

from marketlib.core.game import check_seat


class _Public:
    def __repr__(self) -> str:
        return "PUBLIC"


class _Secret:
    def __repr__(self) -> str:
        return "SECRET"


PUBLIC = _Public()
"""On the table: every seat sees it as it is."""

SECRET = _Secret()
"""Never in a seat's view (not even a size); only the teacher view has it."""


class Hidden(msgspec.Struct, frozen=True):
    """Face down: a seat sees only its size, as the view field ``count`` (``"deck_size"``)."""

    count: str


class Owned(msgspec.Struct, frozen=True):
    """A field of a seat's entry seen by that seat only (while the game's ``private_while``
    holds); the others see ``None``, and its size as ``count`` when one is named."""

    count: str | None = None


S = TypeVar("S", bound=msgspec.Struct)
V = TypeVar("V", bound=msgspec.Struct)

Field = _Public | _Secret | Hidden
Part = _Public | Owned


class PerSeat:
    """A field holding one ``entry`` struct per seat: its ``public`` fields, and its ``owned``
    ones (name: the view field for its size, or ``None``), seen by the owner seat only while the
    game's ``private_while`` holds (``PerSeat(Vendor, public=("bag",), owned={"money": None})``).
    """

    def __init__(self, entry: type[msgspec.Struct], *, public: tuple[str, ...] = (),
                 owned: Mapping[str, str | None] | None = None) -> None:
        self.entry = entry
        self.parts: dict[str, Part] = _gather(entry, {
            **dict.fromkeys(public, PUBLIC),
            **{n: Owned(c) for n, c in (owned or {}).items()}}, len(public) + len(owned or {}))

    def __repr__(self) -> str:
        return f"PerSeat({self.entry.__name__})"


def _gather(struct: type[msgspec.Struct], declared: dict[str, Any], count: int) -> dict[str, Any]:
    """``declared`` in ``struct``'s field order, refused unless it names every field once."""
    names = struct.__struct_fields__
    if len(declared) != count:
        raise ValueError(f"{struct.__name__}: a field is declared twice (core/hidden.py)")
    for name in names:
        if name not in declared:
            raise ValueError(f"{struct.__name__}: field {name!r} has no declaration of who "
                             f"sees it (core/hidden.py)")
    for name in declared:
        if name not in names:
            raise ValueError(f"{struct.__name__} has no field {name!r} (declared in "
                             f"core/hidden.py terms)")
    return {name: declared[name] for name in names}


class Declaration(Generic[S]):
    """Who sees each field of a game's ``State`` (see the module docstring).

    Args:
        state: the game's state struct; every one of its fields must be declared, once.
        seats: the per-seat field whose length is the number of seats (``"vendors"``).
        public: the fields on the table, copied to every view.
        hidden: the face-down fields, each with the name of the view field for its size.
        secret: the fields only the teacher view has.
        per_seat: the fields of one entry per seat (:class:`PerSeat`).
        private_while: when :class:`Owned` fields are kept from the other seats (by default
            always).

    Raises:
        ValueError: a field of ``state`` is not declared (or twice), or a declared name is not
            a field.
    """

    def __init__(self, state: type[S], *, seats: str, public: tuple[str, ...] = (),
                 hidden: Mapping[str, str] | None = None, secret: tuple[str, ...] = (),
                 per_seat: Mapping[str, PerSeat] | None = None,
                 private_while: Callable[[Any], bool] | None = None) -> None:
        hidden = hidden or {}
        per_seat = per_seat or {}
        self.fields: dict[str, Field | PerSeat] = _gather(state, {
            **dict.fromkeys(public, PUBLIC), **{n: Hidden(c) for n, c in hidden.items()},
            **dict.fromkeys(secret, SECRET), **per_seat},
            len(public) + len(hidden) + len(secret) + len(per_seat))
        if seats not in self.fields:
            raise ValueError(f"{state.__name__}: seats field {seats!r} is not a field")
        self.state = state
        self.seats = seats
        self.private_while = private_while
        self.groups: dict[str, Any] = {"seats": seats, "public": public, "hidden": hidden,
                                       "secret": secret, "per_seat": per_seat,
                                       "private_while": private_while}
        """The arguments as given (to declare a copy of ``state`` the same way)."""

    def sight(self, view: type[V],
              entries: Mapping[str, type[msgspec.Struct]] | None = None,
              derived: Mapping[str, Callable[[S], Any]] | None = None) -> Sight[S, V]:
        """The view and ``determinize`` helpers for view struct ``view``.

        Args:
            view: the game's ``View`` struct: ``viewer``, then the public fields, the counts,
                the per-seat fields, ``derived``, and the hidden and secret fields (which must
                admit ``None``: a seat's view has ``None`` there).
            entries: the view struct of each :class:`PerSeat` field's entries.
            derived: view fields worked out from the state (``seals``), each a function of it.

        Raises:
            ValueError: ``view`` (or an entry's view struct) does not match the declaration.
        """
        return Sight(self, view, dict(entries or {}), dict(derived or {}))


@functools.cache
def _info(struct: type[msgspec.Struct]) -> msgspec.inspect.StructType:
    """``msgspec.inspect.type_info(struct)``, once per struct: it works out every nested type
    afresh at each call (the slowest part of importing a game, most of all in the Play page's
    Pyodide)."""
    info = msgspec.inspect.type_info(struct)
    assert isinstance(info, msgspec.inspect.StructType)
    return info


def _changeable(t: Any, path: str, seen: set[type]) -> str | None:
    """The first place under type ``t`` where a value could be changed in place (a list, a
    dict, a set, a struct that is not frozen, or anything typed ``Any``), or ``None``."""
    kinds = msgspec.inspect
    if isinstance(t, kinds.ListType | kinds.DictType | kinds.SetType | kinds.AnyType):
        return f"{path} ({type(t).__name__.removesuffix('Type').lower()})"
    if isinstance(t, kinds.StructType):
        if t.cls in seen:
            return None
        seen.add(t.cls)
        if not t.cls.__struct_config__.frozen:
            return f"{path} ({t.cls.__name__} is not frozen)"
        inner = [(f.type, f"{path}.{f.name}") for f in t.fields]
    else:
        inner = [(x, path) for x in (*getattr(t, "types", ()), *getattr(t, "item_types", ()))]
        inner += [(getattr(t, n), path) for n in ("item_type", "key_type", "value_type")
                  if hasattr(t, n)]
    for sub, where in inner:
        found = _changeable(sub, where, seen)
        if found is not None:
            return found
    return None


@functools.cache
def _nullable_fields(struct: type[msgspec.Struct]) -> dict[str, bool]:
    """Whether each field of ``struct`` admits ``None``."""
    info = _info(struct)
    nullable = {}
    for f in info.fields:
        kinds = f.type.types if isinstance(f.type, msgspec.inspect.UnionType) else (f.type,)
        nullable[f.name] = any(isinstance(k, msgspec.inspect.NoneType) for k in kinds)
    return nullable


def _nullable(struct: type[msgspec.Struct], name: str) -> bool:
    return _nullable_fields(struct).get(name, False)


def _agree(view: type[msgspec.Struct], expected: dict[str, bool]) -> None:
    """Refuse ``view`` unless its fields are ``expected`` (name: whether it must admit None)."""
    have = set(view.__struct_fields__)
    missing = [n for n in expected if n not in have]
    extra = [n for n in view.__struct_fields__ if n not in expected]
    closed = [n for n, nullable in expected.items() if nullable and n in have
              and not _nullable(view, n)]
    for problem, names in (("lacks", missing), ("has undeclared", extra),
                           ("cannot hold None in", closed)):
        if names:
            raise ValueError(f"{view.__name__} {problem} field(s) {', '.join(names)} "
                             f"(its game's hidden-field declaration, core/hidden.py)")


class Sight(Generic[S, V]):
    """What :meth:`Declaration.sight` derives, generated once per game at import.

    Attributes:
        view: ``view(state, player)``: seat ``player``'s view (``None``: the teacher's).
        copied: the fields ``determinize`` keeps as the view shows them (the public ones).
        dealt: the fields ``determinize`` must sample (hidden, secret, per-seat).
        state: ``state(view, **dealt)``: a state with the copied fields from ``view`` and
            exactly the :attr:`dealt` ones given (one missing or extra: ``TypeError``).
        exact: ``exact(view)``: the state a teacher view shows whole.
        whole: ``whole(view)``: whether ``view`` carries every hidden and secret field.
    """

    def __init__(self, declared: Declaration[S], view: type[V],
                 entries: dict[str, type[msgspec.Struct]],
                 derived: dict[str, Callable[[S], Any]]) -> None:
        fields = declared.fields
        self.copied = tuple(n for n, f in fields.items() if isinstance(f, _Public))
        self.dealt = tuple(n for n, f in fields.items() if not isinstance(f, _Public))
        expected: dict[str, bool] = {"viewer": True}
        for name, f in fields.items():
            if isinstance(f, Hidden):
                expected[f.count] = False
            expected[name] = isinstance(f, Hidden | _Secret)
        for name, per in fields.items():
            if isinstance(per, PerSeat):
                if name not in entries:
                    raise ValueError(f"{view.__name__}: no view struct for the entries of "
                                     f"{name!r}")
                inner: dict[str, bool] = {}
                for part_name, part in per.parts.items():
                    if isinstance(part, Owned) and part.count is not None:
                        inner[part.count] = False
                    inner[part_name] = isinstance(part, Owned)
                _agree(entries[name], inner)
        expected.update(dict.fromkeys(derived, False))
        _agree(view, expected)
        changeable = _changeable(_info(view), view.__name__, set())
        if changeable is not None:  # a view is made from the seat's last one, and a scene from
            # the last scene, by the identity of each field: a value changed in place would
            # read as unchanged
            raise ValueError(f"{view.__name__} could hold a value changed in place at "
                             f"{changeable}: a view's fields must be immutable (tuples, "
                             f"frozen structs; core/hidden.py)")
        self.view: Callable[[S, int | None], V] = _generate(declared, view, entries, derived)
        self.state: Callable[..., S]
        self.exact: Callable[[V], S]
        self.whole: Callable[[V], bool]
        self.state, self.exact, self.whole = _generate_back(declared)


def _generate(declared: Declaration[S], view: type[V],
              entries: dict[str, type[msgspec.Struct]],
              derived: dict[str, Callable[[S], Any]]) -> Callable[[S, int | None], V]:
    """The ``view`` function of :class:`Sight`, as Python source. It keeps, per seat, the last
    state it viewed and that view: a seat's next view is the last one with only the fields
    whose value in the state is another object (``msgspec.structs.replace``), each worked out
    as a whole view would (a move changes a few fields; the other seats' entries are made
    again only when the entries' tuple changed, or whether their owned parts are hidden).
    States are immutable, so a field that is the same object has the same value, and the view
    is equal to one made whole. Safe across threads: the last (state, view) of a seat is one
    tuple, read and replaced in one step each."""
    scope: dict[str, Any] = {"_View": view, "_check_seat": check_seat,
                             "_private_while": declared.private_while, "_last": {},
                             "_replace": msgspec.structs.replace}
    head = ["def view(state, player):",
            "    if player is not None:",
            f"        _check_seat(player, len(state.{declared.seats}))",
            "    teacher = player is None"]
    per_seat = any(isinstance(f, PerSeat) for f in declared.fields.values())
    if per_seat:
        private = "_private_while(state)" if declared.private_while is not None else "True"
        head.append(f"    hide = not teacher and {private}")
    else:
        head.append("    hide = False")
    whole = ["viewer=player"]  # a view made whole
    changed = []  # the lines that note a changed field, for a view made from the last one
    for name, f in declared.fields.items():
        if isinstance(f, _Public):
            whole.append(f"{name}=state.{name}")
            changed.append(f"        if state.{name} is not was.{name}: "
                           f"changes[{name!r}] = state.{name}")
        elif isinstance(f, PerSeat):
            scope[f"_E_{name}"] = entries[name]
            parts = []
            for part_name, part in f.parts.items():
                if isinstance(part, Owned):
                    parts.append(f"{part_name}=None if hide and p != player else x.{part_name}")
                    if part.count is not None:
                        parts.append(f"{part.count}=len(x.{part_name})")
                else:
                    parts.append(f"{part_name}=x.{part_name}")
            made = (f"tuple([_E_{name}({', '.join(parts)}) "
                    f"for p, x in enumerate(state.{name})])")
            whole.append(f"{name}={made}")
            changed.append(f"        if state.{name} is not was.{name}: "
                           f"changes[{name!r}] = {made}")
        else:
            lines = []
            if isinstance(f, Hidden):
                whole.append(f"{f.count}=len(state.{name})")
                lines.append(f"changes[{f.count!r}] = len(state.{name})")
            whole.append(f"{name}=state.{name} if teacher else None")
            lines.append(f"changes[{name!r}] = state.{name} if teacher else None")
            changed.append(f"        if state.{name} is not was.{name}:")
            changed += [f"            {line}" for line in lines]
    for name, fn in derived.items():
        scope[f"_D_{name}"] = fn
        whole.append(f"{name}=_D_{name}(state)")
        changed.append(f"        changes[{name!r}] = _D_{name}(state)")
    body = [
        "    last = _last.get(player)",
        "    if last is None or last[2] is not hide:",
        "        seen = _View(" + ", ".join(whole) + ")",
        "    else:",
        "        was = last[0]",
        "        changes = {}",
        *changed,
        "        seen = _replace(last[1], **changes)",
        "    _last[player] = (state, seen, hide)",
        "    return seen"]
    exec("\n".join(head + body), scope)  # our own source, built from field names
    made_view: Callable[[S, int | None], V] = scope["view"]
    return made_view


def _generate_back(declared: Declaration[S]) -> tuple[Callable[..., S], Callable[[Any], S],
                                                      Callable[[Any], bool]]:
    scope: dict[str, Any] = {"_State": declared.state}
    copied = [f"{n}=v.{n}" for n, f in declared.fields.items() if isinstance(f, _Public)]
    dealt = [n for n, f in declared.fields.items() if not isinstance(f, _Public)]
    exact = list(copied)
    for name, f in declared.fields.items():
        if isinstance(f, PerSeat):
            scope[f"_E_{name}"] = f.entry
            parts = ", ".join(f"{p}=x.{p}" for p in f.parts)
            exact.append(f"{name}=tuple([_E_{name}({parts}) for x in v.{name}])")
        elif not isinstance(f, _Public):
            exact.append(f"{name}=v.{name}")
    whole = [f"v.{n} is not None" for n, f in declared.fields.items()
             if isinstance(f, Hidden | _Secret)] or ["True"]
    source = "\n".join([
        f"def state(v, *, {', '.join(dealt)}):" if dealt else "def state(v):",
        f"    return _State({', '.join(copied + [f'{n}={n}' for n in dealt])})",
        "def exact(v):",
        f"    return _State({', '.join(exact)})",
        "def whole(v):",
        f"    return {' and '.join(whole)}",
    ])
    exec(source, scope)  # our own source, built from field names
    return scope["state"], scope["exact"], scope["whole"]
