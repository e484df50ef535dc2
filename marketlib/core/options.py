"""How a rule set differs from the standard game, in words a player reads (issue 31: a table
playing a treatment tells its students which rules are different, and nothing else).

A game's ``Rules`` is a frozen ``msgspec.Struct`` whose class docstring lists each option
under ``Attributes:`` (``name: what it is (rule ID)``); the words come from there, so each
option is described in one place. The sentence is said in the language in force
(:mod:`marketlib.core.i18n`): its frame, yes/no/none and each option's words are translated;
rule IDs and values that are codes (``"own_stalls"``, ``"reconstructed"``) stay as they are.

Each game marks its options' words for the catalogue in its ``options.OPTION_WORDS``: the
``Attributes:`` of its ``Rules`` stay the one place an option is described, but Babel's
extractor sees only ``N_()`` literals, never a docstring, so that tuple is their image for the
catalogue; ``tests/core/test_option_words_malay.py`` fails, naming the option, when the two
differ (after a docstring edit, copy the words it names there and run the translation
workflow, docs: "Adding a language").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

import msgspec

from marketlib.core.errors import describe_validation_error
from marketlib.core.i18n import _

_ENTRY = re.compile(r"^ {8}([a-z_][a-z0-9_, ]*): (.*)$")


def rules_from(rules_type: Any, options: Mapping[str, Any]) -> Any:
    """A game's ``Rules`` from a mapping of its options (``{"players": 3}``), as ``Match``,
    ``play_many`` and ``sweep`` take them.

    Raises:
        ValueError: an unknown option (the message lists the game's options: helper-82 read
            only "unknown field `player`") or a value of the wrong type or out of range.
    """
    try:
        return msgspec.convert(dict(options), rules_type)
    except msgspec.ValidationError as err:
        known = ""
        if "unknown field" in str(err):
            known = f" (the options: {', '.join(rules_type.__struct_fields__)})"
        raise ValueError(f"bad rules: {describe_validation_error(err)}{known}") from None


@functools.cache
def option_words(rules_type: Any) -> dict[str, str]:
    """Each option's description from ``rules_type``'s ``Attributes:`` section: the entry that
    names it alone, up to the end of its first sentence (an entry naming several options
    describes none of them alone; those options are named by their field name)."""
    doc = rules_type.__doc__ or ""
    found: dict[str, str] = {}
    lines = doc.split("\n")
    i = 0
    while i < len(lines):
        match = _ENTRY.match(lines[i])
        i += 1
        if match is None:
            continue
        names, text = match.group(1), match.group(2)
        while i < len(lines) and lines[i].startswith(" " * 12):
            text += " " + lines[i].strip()
            i += 1
        if "," in names:
            continue
        name = names.strip()
        plain = _plain(text)
        if plain[:1] == '"' or plain[:1].isdigit():  # a list of values: name it, keep its IDs
            cited = _RULE_ID.findall(text)
            plain = name.replace("_", " ") + (f" ({', '.join(cited)})" if cited else "")
        found[name] = plain
    return found


_RULE_ID = re.compile(r"\b[A-Z]-[A-Z]+(?:-[A-Z]+)?-\d+(?:/\d+|\.\.\d+)?")


def _plain(text: str) -> str:
    """The first clause of a docstring entry in plain words: up to the first ``;`` or ``. ``
    outside brackets, without markup, each bracket reduced to the rule IDs it cites."""
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and (ch == ";" or (ch == "." and text[i + 1:i + 2] in ("", " "))):
            text = text[:i]
            break

    def ids(match: re.Match[str]) -> str:
        found = _RULE_ID.findall(match.group(1))
        return f" ({', '.join(found)})" if found else ""

    text = re.sub(r"\s*\(([^()]*)\)", ids, text.replace("``", ""))
    return text.strip()


def every_option_words(rules_type: Any) -> dict[str, str]:
    """The words of every option of ``rules_type``, in the order it declares them: its
    :func:`option_words`, or its field name in words (``starting money``) where no entry of
    the docstring describes it alone. These are the English a player reads (and the msgids
    the game's ``options.OPTION_WORDS`` marks for the catalogue)."""
    words = option_words(rules_type)
    return {f.name: words.get(f.name, f.name.replace("_", " "))
            for f in msgspec.structs.fields(rules_type)}


def standard(rules: Any) -> Any:
    """The standard game's rules for the same players (and mode, where the game has modes)."""
    kind = type(rules)
    fields = {f.name for f in msgspec.structs.fields(kind)}
    same = {name: getattr(rules, name) for name in ("players", "mode") if name in fields}
    return kind(**same)


def _value(value: Any) -> str:
    """An option's value in words: yes/no/none in the language in force; a number or a code
    (``"own_stalls"``, ``"random"``, a deck's path) as it is."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    if value is None:
        return _("none")
    return str(value)


def changes(rules: Any) -> list[tuple[str, Any, Any]]:
    """``(option, value, standard value)`` for each option of ``rules`` that differs from
    :func:`standard`, in the order the game declares its options.

    Example:
        >>> from marketlib import bansan
        >>> changes(bansan.Rules(players=4, fine_per_card=2))
        [('fine_per_card', 2, 1)]
        >>> changes(bansan.Rules(players=4))
        []
    """
    base = standard(rules)
    return [(f.name, getattr(rules, f.name), getattr(base, f.name))
            for f in msgspec.structs.fields(type(rules))
            if getattr(rules, f.name) != getattr(base, f.name)]


def changes_text(rules: Any) -> str:
    """The differences from the standard game as one sentence ("" when there are none), in the
    language in force: each option's words (marked for the catalogue by the game's
    ``options.OPTION_WORDS``) and yes/no/none translated,
    rule IDs and code values unchanged.

    Example:
        >>> from marketlib import bansan
        >>> changes_text(bansan.Rules(players=4, fine_per_card=2, closing_round=False))
        ... # doctest: +NORMALIZE_WHITESPACE
        'Rules that differ from the standard game: RM per overflowed card (B-BIN-02): 2
        (standard: 1); play the Closing Round (B-END-08): no (standard: yes).'
    """
    found = changes(rules)
    if not found:
        return ""
    words = every_option_words(type(rules))
    parts = [_("{option}: {value} (standard: {standard})").format(
        option=_(words[name]), value=_value(value), standard=_value(was))
        for name, value, was in found]
    return _("Rules that differ from the standard game: {changes}.").format(
        changes="; ".join(parts))


__all__ = ["changes", "changes_text", "every_option_words", "option_words", "standard"]
