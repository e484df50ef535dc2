"""Table notation: one grammar for every game's actions (docs: "Notation").

An action is written ``P<seat> <verb> <arguments>``, separated by spaces::

    P0 steal MG-05
    P1 declare gold
    P0 tuck PC-07 ST-04
    P2 trade P0 give=PC-01,PC-02 take=- pay=0 ask=3

* the seat is ``P`` and ASCII digits (``P0``; ``p0`` reads the same);
* the verb is letters and hyphens, in any case (``spend-bonus``);
* arguments are positional, in the verb's order, then ``key=value`` pairs in any order, each
  key at most once (the keys a verb takes are optional unless it says otherwise); the
  positional arguments after those written may be named instead (``P0 bargain PC-61
  price=3``, ``P0 give card=PC-01 to=P1``), as a verb with keys reads (``P1 counter
  price=4``);
* IDs are upper-cased (``mg-05`` reads ``MG-05``); a list of IDs is comma-separated, ``-`` for
  none; a whole number is ASCII digits with an optional minus; a named choice (a level, a
  produce type) is matched in any case and written as the game writes it.

Each game declares its verbs as data: a :class:`Notation` mapping each verb to a :class:`Verb`
(the action's class, its positional arguments and its keys, each with a :class:`Kind`). Anything
else is refused with an :class:`~marketlib.core.errors.InvalidAction` whose message starts with
the text read and says what is wrong, the same way in every game.

Example:
    >>> import msgspec
    >>> class Give(msgspec.Struct, frozen=True, kw_only=True):
    ...     player: int
    ...     card: str
    ...     to: int
    >>> notation = Notation("Example", {"give": verb(Give, card=ID, to=SEAT)},
    ...                     example="P0 give PC-01 P1")
    >>> notation.parse(" p0 GIVE pc-01 P1 ")
    Give(player=0, card='PC-01', to=1)
    >>> try:
    ...     notation.parse("P0 give PC-01")
    ... except InvalidAction as err:
    ...     print(err)
    'P0 give PC-01': 'give' takes 2 arguments (P0 give <card> <to>), not 1
    >>> notation.parse("P0 give PC-01 to=P1") == notation.parse("P0 give to=P1 card=pc-01")
    True
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Any

import msgspec

from marketlib.core.errors import InvalidAction

_SPACE = re.compile(r"[ \t\n\r\f\v]+")
_SEAT = re.compile(r"[Pp]([0-9]+)")
_VERB = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
_INT = re.compile(r"-?[0-9]+")
_WHITESPACE = " \t\n\r\f\v"


class Kind(msgspec.Struct, frozen=True):
    """A kind of argument: ``what`` names it in messages ("a whole number"), ``read`` turns
    the text into the value (raising ``ValueError`` or ``KeyError`` when it does not fit), and
    ``values`` lists the texts of a :func:`choice`."""

    what: str
    read: Callable[[str], Any]
    values: tuple[str, ...] = ()


def _id(raw: str) -> str:
    if not raw or "," in raw:
        raise ValueError(raw)
    return raw.upper()


def _ids(raw: str) -> tuple[str, ...]:
    if raw == "-":
        return ()
    items = raw.split(",")
    if not all(items):
        raise ValueError(raw)
    return tuple(x.upper() for x in items)


def _int(raw: str) -> int:
    if not _INT.fullmatch(raw):
        raise ValueError(raw)
    return int(raw)


def _seat(raw: str) -> int:
    found = _SEAT.fullmatch(raw)
    if not found:
        raise ValueError(raw)
    return int(found.group(1))


ID = Kind("an ID", _id)
"""A card, Order, list or Stall ID, upper-cased: ``mg-05`` reads ``MG-05`` (never empty, no
comma: a comma separates the IDs of a list)."""
IDS = Kind("a list of IDs like PC-01,PC-02 (- for none)", _ids)
"""Comma-separated IDs, upper-cased; ``-`` for none."""
INT = Kind("a whole number", _int)
"""ASCII digits with an optional minus."""
SEAT = Kind("a seat like P1", _seat)
"""``P`` and ASCII digits."""


class Meant(ValueError):
    """A :func:`choice` read a word people call one of its values by: the value meant (the
    refusal says "did you mean ...?")."""


def choice(what: str, values: Iterable[Any], called: Mapping[str, Any] | None = None) -> Kind:
    """A kind that is one of ``values`` (enum members or strings), matched in any case.
    ``called``: the words people call a value by (the rulebook's "Paper" for the bin ``PA``):
    still refused, but the refusal names the value meant.

    Example:
        >>> half = choice("a half", ["top", "bottom"])
        >>> half.what, half.read("TOP")
        ('a half (top or bottom)', 'top')
        >>> choice("a bin", ["PA"], {"Paper": "PA"}).read("paper")
        Traceback (most recent call last):
        marketlib.core.notation.Meant: PA
    """
    by_text = {str(v.value if isinstance(v, Enum) else v).lower(): v for v in values}
    names = tuple(str(v.value if isinstance(v, Enum) else v) for v in by_text.values())
    listed = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]
    meant = {word.lower(): str(v.value if isinstance(v, Enum) else v)
             for word, v in (called or {}).items()}

    def read(raw: str) -> Any:
        if raw.lower() not in by_text and raw.lower() in meant:
            raise Meant(meant[raw.lower()])
        return by_text[raw.lower()]

    return Kind(f"{what} ({listed})", read, names)


class Verb(msgspec.Struct, frozen=True):
    """How one verb reads (made by :func:`verb`): the action class it makes, its positional
    arguments and its ``key=value`` arguments (field name and kind each)."""

    action: type
    args: tuple[tuple[str, Kind], ...] = ()
    keys: tuple[tuple[str, Kind], ...] = ()
    need_key: bool = False

    def usage(self, verb: str, seat: int = 0) -> str:
        """How ``seat`` writes it: ``P0 tuck <card> <stall>``; a list of IDs reads
        ``<cards,...>`` (commas between the IDs)."""
        parts = [f"P{seat} {verb}", *(f"<{name},...>" if kind is IDS else f"<{name}>"
                                       for name, kind in self.args)]
        parts += [f"{key}=<{key}>" for key, _ in self.keys]
        return " ".join(parts)


def verb(action: type, *, keys: Mapping[str, Kind] | None = None, need_key: bool = False,
         **args: Kind) -> Verb:
    """How a verb reads.

    Args:
        action: the action's class, called with ``player=`` and the fields read.
        keys: ``key=value`` arguments by field name; each may be left out (the field keeps its
            default) unless ``need_key`` asks for at least one of them.
        need_key: at least one key must be given.
        **args: the positional arguments, ``field=kind``, in order.
    """
    return Verb(action, tuple(args.items()), tuple((keys or {}).items()), need_key)


class Notation:
    """A game's table notation: its verbs, read through the shared grammar.

    Args:
        game: the game's title, for messages.
        verbs: each verb (lower case) and how it reads.
        example: a typical action, for messages (``"P0 steal MG-05"``).
        aliases: other spellings read as a verb (``{"fulfil": "fulfill"}``); actions are
            always written with the verb itself.
        hints: words people type that are no verb, each with what to write instead (a
            board's button words, say ``"end-upkeep"``: ``"write 'done' ..."``); an unknown
            verb's refusal says it.
    """

    def __init__(self, game: str, verbs: Mapping[str, Verb], *, example: str,
                 aliases: Mapping[str, str] | None = None,
                 hints: Mapping[str, str] | None = None) -> None:
        self.game = game
        self.verbs = dict(verbs)
        self.example = example
        self.aliases = dict(aliases or {})
        self.hints = dict(hints or {})
        unknown = sorted(set(self.aliases.values()) - set(self.verbs))
        if unknown:
            raise ValueError(f"aliases of verbs {game} does not have: {', '.join(unknown)}")
        self._cached = functools.lru_cache(maxsize=4096)(self._parse)

    def __repr__(self) -> str:
        return f"Notation({self.game!r}, verbs: {', '.join(self.verbs)})"

    def parse(self, text: object) -> Any:
        """The action written ``text``.

        Actions are immutable, so the same text reads back as the same (shared) action.

        Raises:
            InvalidAction: ``text`` is not text, or not an action of this game; the message
                starts with the text and says what is wrong.
        """
        if not isinstance(text, str):
            raise InvalidAction(f"parse_action needs text like {self.example!r}, not "
                                f"{type(text).__name__} {text!r}")
        return self._cached(text)

    def _parse(self, text: str) -> Any:
        odd = next((c for c in text if c.isspace() and c not in _WHITESPACE), None)
        if odd is not None:  # refused, never read as a space; named, as it cannot be seen
            raise InvalidAction(  # (helper-87: text copied from a page carried a no-break one)
                f"{text!r} holds U+{ord(odd):04X} ({unicodedata.name(odd, 'a space').lower()}) "
                f"where an ordinary space goes: type the spaces again, like {self.example!r}")
        tokens = [t for t in _SPACE.split(text.strip(_WHITESPACE)) if t]
        if not tokens:
            raise InvalidAction(f"{text!r} is empty: write an action like {self.example!r}")
        found = _SEAT.fullmatch(tokens[0])
        if not found:
            raise InvalidAction(f"{text!r}: an action starts with the seat taking it (P0, P1, "
                                f"...), not {tokens[0]!r}; write it like {self.example!r}")
        if len(tokens) == 1:
            raise InvalidAction(f"{text!r}: a verb must follow the seat, like {self.example!r}")
        word = tokens[1]
        name = self.aliases.get(word.lower(), word.lower())
        verb = self.verbs.get(name) if _VERB.fullmatch(word) else None
        if verb is None:
            close = difflib.get_close_matches(word.lower(), self.verbs, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            if word.lower() in self.hints:
                hint = f"{self.hints[word.lower()]}; "
            raise InvalidAction(f"{text!r}: unknown verb {word!r} ({hint}the {self.game} verbs: "
                                f"{', '.join(self.verbs)})")
        seat = int(found.group(1))
        fields = self._fields(text, name, verb, tokens[2:], verb.usage(name, seat))
        return verb.action(player=seat, **fields)

    def _fields(self, text: str, name: str, verb: Verb, tokens: list[str],
                usage: str) -> dict[str, Any]:
        positional = [t for t in tokens if "=" not in t]
        keyed = [t.split("=", 1) for t in tokens if "=" in t]
        if tokens[: len(positional)] != positional:
            late = next(t for t in tokens[len(positional):] if "=" not in t)
            raise InvalidAction(f"{text!r}: {late!r} comes after a key=value argument; write it "
                                f"like {usage!r}")
        given = {field for field, _kind in verb.args[:len(positional)]}
        twice = next((key.lower() for key, _raw in keyed if key.lower() in given), None)
        if twice is not None:  # 'P0 bargain PC-61 3 price=4'
            raise InvalidAction(f"{text!r}: {twice + '='!r} is given twice")
        # the positional arguments not written may be named, as a verb's keys are: 'P0 bargain
        # PC-61 price=1' as 'P1 counter price=2' is written (helper-74 wrote both ways)
        unwritten = verb.args[len(positional):]
        named = {key.lower() for key, _raw in keyed} & {field for field, _kind in unwritten}
        if named and len(named) < len(unwritten):
            missing = [f"{field}=" for field, _kind in unwritten if field not in named]
            raise InvalidAction(f"{text!r}: {name!r} needs {', '.join(missing)} too ({usage})")
        if not named and len(positional) != len(verb.args):
            n = len(verb.args)
            if n == 0 and verb.keys:
                raise InvalidAction(f"{text!r}: {name!r} takes only key=value arguments "
                                    f"({usage}), not {len(positional)} without '='")
            spaced = len(positional) > n and any(t.endswith(",") or t.startswith(",")
                                                 for t in positional)
            hint = ("; a list is written with commas and no spaces (PC-01,PC-02)" if spaced
                    else "")  # "PC-34, PC-45" split into two arguments
            raise InvalidAction(f"{text!r}: {name!r} takes {n} argument{'' if n == 1 else 's'} "
                                f"({usage}), not {len(positional)}{hint}")
        fields = {field: _read(text, kind, raw, usage)
                  for (field, kind), raw in zip(verb.args, positional, strict=False)}
        return self._keys(text, name, verb, keyed, usage, fields,
                          {**dict(verb.keys), **(dict(unwritten) if named else {})})

    def _keys(self, text: str, name: str, verb: Verb, keyed: list[Any], usage: str,
              fields: dict[str, Any], kinds: dict[str, Kind]) -> dict[str, Any]:
        """``fields`` (the positional arguments read) with the ``key=value`` arguments
        ``keyed``, each of a name in ``kinds`` (the verb's keys, and its unwritten positional
        arguments when they are named)."""
        for key, raw in keyed:
            if key.lower() in fields:  # given by position, or by name before
                raise InvalidAction(f"{text!r}: {key.lower() + '='!r} is given twice")
            if key.lower() not in kinds:
                names = dict.fromkeys([*(field for field, _kind in verb.args), *kinds])
                known = ", ".join(f"{k}=" for k in names)
                raise InvalidAction(
                    f"{text!r}: {name!r} has no key {key + '=' !r}"
                    + (f" (its keys: {known})" if known else " (it takes no key=value)"))
            fields[key.lower()] = _read(text, kinds[key.lower()], raw, usage)
        if verb.need_key and not keyed:
            raise InvalidAction(f"{text!r}: {name!r} needs at least one of "
                                f"{', '.join(f'{k}=' for k, _kind in verb.keys)} ({usage})")
        return fields


def _read(text: str, kind: Kind, raw: str, usage: str) -> Any:
    try:
        return kind.read(raw)
    except (ValueError, KeyError) as err:
        hint = f" (did you mean {str(err)!r}?)" if isinstance(err, Meant) else ""
        raise InvalidAction(f"{text!r}: {raw!r} is not {kind.what}{hint}; write it like "
                            f"{usage!r}") from None


_LOOSE_ID = re.compile(r"([A-Za-z]+)[-_ \u2010-\u2015\u2212]?([0-9]+)")  # en dashes too


def unknown_id(name: Any, known: Iterable[str], what: str) -> str:
    """Why ``name`` is no ID of ``known`` (the card data's IDs, e.g. every produce card), for
    a refusal that says how the IDs are written: an ID written another way is named as the
    one meant (``'PC34'``, ``'pc-3'`` -> ``did you mean 'PC-34'?``, ``'PC-03'``), else the
    range of the deck's IDs is given.

    Example:
        >>> unknown_id("PC34", ["PC-01", "PC-34", "PC-88"], "a produce card of this deck")
        "'PC34' is not a produce card of this deck (did you mean 'PC-34'?)"
        >>> unknown_id("PC-340", ["PC-01", "PC-34", "PC-88"], "a produce card of this deck")
        "'PC-340' is not a produce card of this deck (they are PC-01 to PC-88)"
    """
    ids = sorted(known, key=lambda i: (len(i), i))  # PC-9 before PC-10 where not zero-padded
    said = f"{name!r} is not {what}"
    loose = _LOOSE_ID.fullmatch(name.strip()) if isinstance(name, str) else None
    if loose is not None:
        prefix, number = loose.group(1).upper(), int(loose.group(2))
        close = [i for i in ids if (m := _LOOSE_ID.fullmatch(i)) is not None
                 and m.group(1) == prefix and int(m.group(2)) == number]
        if close:
            return f"{said} (did you mean {close[0]!r}?)"
    return f"{said} (they are {ids[0]} to {ids[-1]})" if ids else said
