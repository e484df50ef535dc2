"""The language a person reads marketlib in (issue 30, point 5; docs: "Adding a language").

Every word a seat reads is written in English in the code, wrapped in :func:`_` (or
:func:`ngettext`), and looked up at run time in the gettext catalogue of the language in force,
``marketlib/locale/<lang>/LC_MESSAGES/marketlib.mo`` (stdlib :mod:`gettext`; Babel extracts
and compiles the catalogues). English is the code's own text: no catalogue, byte for byte the
same words as before translation existed. A word kept in a table at import time is marked with
:func:`N_` (extracted, not translated there) and translated where it is read.

The language in force is the one set for the current context (:func:`language`: a board, a
classroom connection) or else the process-wide one (:func:`set_language`, default English).
Translation never changes a game, a move, a save or a rule ID ("B-BUY-03" stays).

Example:
    >>> get_language()
    'en'
    >>> with language("ms"):
    ...     _("While you waited")
    'Semasa anda menunggu'
    >>> _("While you waited")
    'While you waited'
    >>> set_language("xx")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'xx': marketlib speaks 'en' (English), 'ms' (Bahasa Malaysia)
"""

from __future__ import annotations

import functools
import gettext
import re
import string
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues are: ``<lang>/LC_MESSAGES/marketlib.po`` and its compiled ``.mo``,
beside the template ``marketlib.pot``."""

DOMAIN = "marketlib"

LANGUAGES: dict[str, str] = {"en": "English", "ms": "Bahasa Malaysia"}
"""Every language marketlib speaks, by its code, with its name in that language."""

_default = "en"
_current: ContextVar[str | None] = ContextVar("marketlib_language", default=None)


def check_language(lang: object) -> str:
    """``lang`` if marketlib speaks it.

    Raises:
        ValueError: an unknown language, naming the known ones.
    """
    if not isinstance(lang, str) or lang not in LANGUAGES:
        known = ", ".join(f"{code!r} ({name})" for code, name in LANGUAGES.items())
        raise ValueError(f"unknown language {lang!r}: marketlib speaks {known}")
    return lang


def set_language(lang: str) -> None:
    """Speak ``lang`` (``"en"`` or ``"ms"``) from now on, wherever no board or connection set
    its own; an unknown language changes nothing.

    Raises:
        ValueError: an unknown language, naming the known ones.
    """
    global _default
    _default = check_language(lang)


def get_language() -> str:
    """The language in force here: the context's (:func:`language`), else the process's."""
    return _current.get() or _default


class language:  # lower case: it is used as a function, ``with language("ms"):``
    """Speak ``lang`` inside the ``with`` block (``None``: the language already in force); the
    block gets the language spoken (``with language(None) as lang:``).

    A class, not a generator: every board refresh and message enters one (issue 28: a
    ``contextmanager`` cost about 1.1 microseconds, this about 0.5). Like the generator it
    replaced, it is entered once: ``with language("ms"):`` makes a new one each time.

    Raises:
        ValueError: an unknown language, naming the known ones (before the block runs).
    """

    __slots__ = ("_lang", "_token")

    def __init__(self, lang: str | None) -> None:
        self._lang = None if lang is None else check_language(lang)
        self._token: Token[str | None] | None = None

    def __enter__(self) -> str:
        if self._token is not None:
            raise RuntimeError("language(...) is entered once; make a new one for each block")
        lang = self._lang
        if lang is None:
            return get_language()
        self._token = _current.set(lang)
        return lang

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _current.reset(self._token)
            self._token = None


_namer: ContextVar[Callable[[Any, Any], str] | None] = ContextVar("marketlib_namer",
                                                                   default=None)


@contextmanager
def naming(namer: Callable[[Any, Any], str]) -> Iterator[None]:
    """Inside the ``with`` block, a sentence about moves (a coach's hint, a computer player's
    reason) names each move with ``namer(position, action)`` instead of its table notation: a
    board's hint names a move by its button's words, which a learner can find among the
    choices (helper-78: "the coach plays tuck PC-06 ST-07, then empty OR"). ``position`` is
    the state the move is played in (a world dealt from the seat's view).
    Outside the block moves read as table notation, as they always did (logs, saves, golden
    transcripts, ``Match.hint()``).

    Example:
        >>> with naming(lambda position, action: f"<{action}>"):
        ...     named(None, "P0 done"), named(None, "P0 done", step=True)
        ('<P0 done>', '<P0 done>')
        >>> named(None, "P0 done"), named(None, "P0 done", step=True)
        ('P0 done', 'done')
    """
    token = _namer.set(namer)
    try:
        yield
    finally:
        _namer.reset(token)


def naming_moves() -> bool:
    """Whether moves are named by words here (:func:`naming`), not by table notation."""
    return _namer.get() is not None


def named(position: Any, action: Any, *, step: bool = False) -> str:
    """``action``, played at ``position``, as a sentence names it: its table notation
    (``step``: without the seat, a step of a line the sentence has already given to a seat:
    "tuck PC-06 ST-07"), or, inside :func:`naming`, the namer's words for it."""
    namer = _namer.get()
    if namer is not None:
        return namer(position, action)
    text = str(action)
    return text.split(" ", 1)[-1] if step else text


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: none, the code's own words)."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def _(message: str) -> str:
    """``message`` in the language in force (itself in English)."""
    lang = _current.get() or _default
    return message if lang == "en" else translations(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` by ``n``, in the language in force."""
    return translations(get_language()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it here (a table built at import
    time); translate it with :func:`_` where it is read."""
    return message


class Later(str):
    """A sentence worded where it is read, in the reader's language (a computer player's
    reason, the words of its trade offer; issue 30, point 5).

    As a ``str`` it is the English, byte for byte what the code always wrote (a log line, a
    save, ``Match.log()``, a golden transcript); :meth:`said` words it in any language on
    demand, so each seat of a classroom table reads it in its own. It is made of a template in
    English with ``{name}`` slots, marked with :func:`N_` (``Later(N_("plays {move}."),
    move=...)``), and the slots' values: a slot holding a :class:`Later` is worded in the same
    language, any other value (table notation, a number) is filled in as it is. A sentence
    put together by code (one in several pieces, a plural) is :meth:`by`: a function of small
    values that writes it in the language in force, called again for each language asked.
    A ``Later`` never changes: a copy is itself, and it pickles with what it needs to word it.

    Example:
        >>> why = Later(N_("plays {move}, the only legal action."), move="P0 pass")
        >>> why
        'plays P0 pass, the only legal action.'
        >>> why.said("ms")
        'memainkan P0 pass, satu-satunya tindakan yang sah.'
        >>> with language("ms"):
        ...     said(why), said("P0 pass")
        ('memainkan P0 pass, satu-satunya tindakan yang sah.', 'P0 pass')
    """

    __slots__ = ("_args", "_make", "_said", "_slots", "_template")

    _template: str
    _slots: dict[str, Any]
    _make: Callable[..., str] | None
    _args: tuple[Any, ...]
    _said: dict[str, str]

    def __new__(cls, template: str, /, **slots: Any) -> Later:
        self = super().__new__(cls, template.format(**slots) if slots else template)
        self._template, self._slots, self._make, self._args, self._said = (
            template, slots, None, (), {})
        return self

    @classmethod
    def by(cls, make: Callable[..., str], /, *args: Any) -> Later:
        """The sentence ``make(*args)`` writes in the language in force (with :func:`_`,
        :func:`ngettext`, :func:`said` of a :class:`Later` among ``args``): its English now,
        any other language when asked. ``make`` is a module's function and ``args`` small
        values that never change (words, numbers, notation), not a game's states."""
        with language("en"):
            english = make(*args)
        self = super().__new__(cls, english)
        self._template, self._slots, self._make, self._args, self._said = (
            english, {}, make, args, {})
        return self

    def said(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (default: the language in force); English: itself."""
        lang = check_language(lang) if lang is not None else get_language()
        if lang == "en":
            return str(self)
        kept = self._said.get(lang)
        if kept is None:
            with language(lang):
                if self._make is not None:
                    kept = self._make(*self._args)
                elif self._slots:
                    kept = _(self._template).format(
                        **{k: said(v) for k, v in self._slots.items()})
                else:
                    kept = _(self._template)
            self._said[lang] = kept
        return kept

    def __copy__(self) -> Later:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Later:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (self._template, self._slots, self._make, self._args)


def _restore(template: str, slots: dict[str, Any], make: Callable[..., str] | None,
             args: tuple[Any, ...]) -> Later:
    """A pickled :class:`Later` made again."""
    return Later(template, **slots) if make is None else Later.by(make, *args)


def said(text: str) -> str:
    """``text`` in the language in force when it is a :class:`Later`; any other text as it is
    (words already in the reader's language, table notation)."""
    return text.said() if isinstance(text, Later) else text


def joined(separator: str, parts: Iterable[str]) -> str:
    """``parts`` joined by ``separator``, each :func:`said` in the language in force (a list
    of sentences kept for later: ``Later.by(joined, "; ", parts)``)."""
    return separator.join(said(part) for part in parts)


_REFUSALS: list[str] = []


def register_refusals(templates: Iterable[str]) -> None:
    """A game's refusal sentences as its rules code writes them, in English with ``{name}``
    slots (``"{card} is not in your bag"``), each marked with :func:`N_`: :func:`refusal`
    translates a sentence that matches one. The rules code itself stays untranslated (no cost
    on the paths bots search): a refusal is translated where a person reads it."""
    for template in templates:
        if template not in _REFUSALS:
            _REFUSALS.append(template)
    _patterns.cache_clear()
    _sentence.cache_clear()


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each registered template as a regular expression matching the sentences it makes, the
    ones with the most fixed text first (the most specific)."""
    found = []
    for template in _REFUSALS:
        regex, fixed = [], 0
        for literal, field, _spec, _conv in string.Formatter().parse(template):
            regex.append(re.escape(literal))
            fixed += len(literal)
            if field is not None:
                regex.append(f"(?P<{field}>.+?)")
        found.append((fixed, re.compile("".join(regex), re.DOTALL), template))
    found.sort(key=lambda item: -item[0])
    return tuple((pattern, template) for _fixed, pattern, template in found)


def refusal(reason: str) -> str:
    """A refusal's sentence (a :class:`~marketlib.core.errors.Violation`'s ``reason``, always
    English) in the language in force: matched against the registered templates
    (:func:`register_refusals`), each slot's value translated too when it is a word of the
    catalogue (a produce name); a sentence no template matches stays as it is. The rule ID is
    never part of it: it is the same in every language.

    Example:
        >>> register_refusals([N_("{card} is not in your bag")])
        >>> with language("ms"):
        ...     refusal("PC-12 is not in your bag")
        'PC-12 tiada dalam beg anda'
        >>> refusal("PC-12 is not in your bag")
        'PC-12 is not in your bag'
    """
    if get_language() == "en":
        return reason
    return _refusal(reason, 2)


def sentence(text: str) -> str:
    """A game's sentence made of parts joined by ``"; "`` (a move's preview, "money RM5 ->
    RM3; ends your turn") in the language in force, each part (or run of parts) matched
    against the registered templates as :func:`refusal` does; English: ``text`` itself.

    Example:
        >>> register_refusals([N_("ends your turn")])
        >>> with language("ms"):
        ...     sentence("PC-1 5/5; ends your turn")
        'PC-1 5/5; menamatkan giliran anda'
    """
    lang = get_language()
    return text if lang == "en" else _sentence(lang, text)


@functools.lru_cache(maxsize=8192)
def _sentence(lang: str, text: str) -> str:
    parts = text.split("; ")
    out, i = [], 0
    while i < len(parts):
        for j in range(len(parts), i, -1):  # the longest run a template says
            run = "; ".join(parts[i:j])
            said = _refusal(run, 2, parts=j - i)
            if said == run:
                said = _(run) if run else run
            if said != run or j == i + 1:
                out.append(said)
                i = j
                break
    return "; ".join(out)


_NOTATION = frozenset({"verb", "tag", "action"})
"""Slots that hold table notation (a move's verb, ``P0 buy FV``): the same in every language."""


def _refusal(reason: str, depth: int, parts: int | None = None) -> str:
    """``reason`` said by the first template that matches it (``parts``: a run of that many
    "; "-joined parts of a sentence, said only by a template of as many parts, so a slot never
    swallows the parts after it: "money RM8 -> RM6; Bag 1 -> 2 cards" is two templates)."""
    for pattern, template in _patterns():
        if parts is not None and template.count("; ") != parts - 1:
            continue
        found = pattern.fullmatch(reason)
        if found is not None:
            values = {k: v if k in _NOTATION else _slot(v, depth - 1)
                      for k, v in found.groupdict().items()}
            return _(template).format(**values)
    return reason


_AMOUNTS = re.compile(r"\d+ [^+\d]+?(?: \+ \d+ [^+\d]+?)*")
"""A slot holding amounts of named things (an Order's needs, ``2 Gem + 1 Scroll``)."""


def _slot(value: str, depth: int) -> str:
    """A slot's value in the language in force: a word of the catalogue ("Meat"), a phrase a
    registered template makes (a phase hint), or else each 'quoted' name and each fragment
    between them ("'Action Phase' or in 'Upkeep: ...'"), or each name of an amount list
    ("2 Gem + 1 Scroll")."""
    if not value:
        return value
    said = _(value)
    if said != value:
        return said
    if depth > 0:
        said = _refusal(value, depth)
        if said != value:
            return said
    if _AMOUNTS.fullmatch(value):  # "2 Gem + 1 Scroll": each named word translated
        return " + ".join(f"{n} {_(word)}" for n, word in
                          (part.split(" ", 1) for part in value.split(" + ")))
    parts = re.split(r"('[^']*')", value)
    return "".join(f"'{_(p[1:-1])}'" if p.startswith("'") and len(p) > 2 else (_(p) if p else p)
                   for p in parts)


__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "Later", "_", "check_language",
           "get_language", "joined", "language", "named", "naming", "naming_moves", "ngettext",
           "refusal", "register_refusals", "said", "sentence", "set_language", "translations"]
