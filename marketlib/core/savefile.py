"""Save files: one msgspec struct per game, decoded in one step (docs: "Save files").

A save file is JSON holding the rules version, the rules, the seed and the actions between the
states (plus the undo cursor, and the start state of a match built from a position). Nothing in
it is executed or unpickled. Reading one goes:

1. the header, checked by hand because it decides how to read the rest: ``format``, ``version``
   (a newer one refused), ``game`` and the game's ``rules_version``; then an older version is
   migrated by :data:`MIGRATIONS` (:mod:`marketlib.core.migrations`);
2. the whole content, converted in one step into the game's :func:`save_type` (rules, seed, mode,
   every action, the start state, the cursor): a wrong field is named from msgspec's path,
   ``actions[18]`` for the 19th action;
3. what only the rules can tell: the rules deal a game, the card data has not changed since the
   save (``cards``), the start state is consistent, every action is legal where it is replayed,
   the cursor is on the timeline.

Every problem is a :class:`SaveFileError` naming the file and the field. :func:`schema` is the
JSON Schema of the save files of the games given (the docs publish both games').
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated, Any, Final, Literal, Protocol, Self, TypeVar, cast

import msgspec

from marketlib.core import migrations
from marketlib.core.errors import CardDataError, MarketlibError, SaveFileError
from marketlib.core.game import GameModule
from marketlib.core.seeding import DealScheme

SAVE_FORMAT: Final = "marketlib.match"
"""The ``format`` of every marketlib save file."""
SAVE_VERSION = 2
"""Current save-file version. Version history: 1 (marketlib 0.1), 2 (``deal`` records how the
seed dealt, issue 26; docs: "Save files", Versions)."""

Mode = Literal["explore", "play"]
"""A match's undo policy: ``"explore"`` (free undo) or ``"play"`` (undo stops at a reveal)."""

Migration = Callable[[dict[str, Any], migrations.Replays], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {1: migrations.v1_to_v2}
"""``MIGRATIONS[v](content, replays)`` turns the content of a version ``v`` save into version
``v + 1``; ``replays(candidate)`` counts the actions of a version ``v + 1`` candidate that replay
(:mod:`marketlib.core.migrations`)."""


def _doc(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


class SaveFile(msgspec.Struct, kw_only=True):
    """A saved match (save version 2): the rules, the seed and the actions between the states.

    Each game reads its saves through its own subclass (:func:`save_type`), where ``rules``,
    ``actions`` and ``start`` have that game's types; this base class writes them.
    """

    format: Annotated[Literal["marketlib.match"], _doc("Always 'marketlib.match'.")]
    version: Annotated[int, msgspec.Meta(ge=1, description=(
        "The save-file version; an older one is migrated, a newer one refused."))]
    library_version: Annotated[str, _doc("The marketlib that wrote the file (information only).")
                               ] = ""
    game: Annotated[str, _doc("The game: 'monsoon' or 'bansan'.")]
    rules_version: Annotated[str, _doc(
        "The game's rules version; a save from another rules version is refused.")]
    rules: Annotated[Any, _doc("The game's Rules, every option written out.")]
    seed: Annotated[int, _doc("The seed that fixes every shuffle (any whole number).")]
    deal: Annotated[DealScheme, _doc(
        "How the seed dealt: 'signed' (every game since 01f0d52: a negative seed deals its own "
        "game) or 'absolute' (marketlib 0.1.0 before it: a negative seed dealt the game of its "
        "absolute value). The two agree on a seed that is not negative.")]
    mode: Annotated[Mode, _doc(
        "The undo policy: 'explore' (free undo) or 'play' (undo stops where cards were "
        "revealed).")] = "explore"
    actions: Annotated[list[Any], _doc(
        "Every action of the timeline, in order, each an object tagged by 'type'; the undone "
        "ones (after the cursor) included.")]
    cursor: Annotated[Annotated[int, msgspec.Meta(ge=0)] | None, _doc(
        "How many actions are played (the rest are undone and can be redone); null: all.")
                      ] = None
    start: Annotated[Any, _doc(
        "The start state of a match built from a position (Match.from_state); null: the "
        "game's setup from 'rules' and 'seed'.")] = None
    cards: Annotated[str | None, _doc(
        "The digest of the card data the game was dealt with (Monsoon Market); a save whose "
        "card files changed since is refused.")] = None


_SAVE_TYPES: dict[Any, type[SaveFile]] = {}


def save_type(game: GameModule) -> type[SaveFile]:
    """The save file of ``game``: :class:`SaveFile` with the game's rules, actions and state.

    Example:
        >>> from marketlib import monsoon
        >>> save_type(monsoon).__name__, save_type(monsoon).__struct_fields__[:3]
        ('MonsoonSaveFile', ('format', 'version', 'library_version'))
    """
    if game in _SAVE_TYPES:
        return _SAVE_TYPES[game]
    name, title = game.GAME.name, game.GAME.title
    made = msgspec.defstruct(
        f"{name.title()}SaveFile",
        [
            ("game", Annotated[Literal[name], _doc(f"Always {name!r}.")]),
            ("rules", Annotated[game.Rules, _doc(f"The {title} Rules, every option written.")]),
            ("actions", Annotated[list[game.Action], _doc(  # type: ignore[name-defined]
                f"Every {title} action of the timeline, in order, tagged by 'type' (the undone "
                "ones after the cursor included).")]),
            ("start", Annotated[game.State | None, _doc(
                f"The {title} start state of a match built from a position; null: the setup "
                "from 'rules' and 'seed'.")], None),
        ],
        bases=(SaveFile,),
        kw_only=True,
        module=__name__,
        namespace={"__doc__": f"A saved {title} match (save version {SAVE_VERSION})."},
    )
    _SAVE_TYPES[game] = cast(type[SaveFile], made)
    return _SAVE_TYPES[game]


def schema(games: Iterable[GameModule]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the save files of ``games``: one of their
    :func:`save_type`, told apart by ``game``. Generated by ``msgspec.json.schema_components``.

    Example:
        >>> from marketlib import bansan, monsoon
        >>> s = schema([monsoon, bansan])
        >>> s["oneOf"]
        [{'$ref': '#/$defs/MonsoonSaveFile'}, {'$ref': '#/$defs/BansanSaveFile'}]
    """
    refs, defs = msgspec.json.schema_components([save_type(g) for g in games])
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "marketlib save file",
        "description": f"A saved marketlib match, save version {SAVE_VERSION} (format "
                       f"{SAVE_FORMAT!r}).",
        "oneOf": list(refs),
        "$defs": defs,
    }


def read_save(path: str | Path) -> Any:
    """The JSON content of a save file.

    Raises:
        SaveFileError: the file is missing, unreadable, not JSON, or nested absurdly deep.
    """
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise SaveFileError(name, f"cannot be read: {err}") from None
    # a UTF-8 byte order mark, which some editors write (an old Notepad), is read past, as
    # RFC 8259 lets a parser do; it was refused as "invalid character (byte 0)" (helper-94)
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        return msgspec.json.decode(raw)
    except msgspec.DecodeError as err:
        raise SaveFileError(name, f"is not valid JSON ({err})") from None
    except RecursionError:
        raise SaveFileError(name, "is nested too deeply to be a marketlib save") from None


class _Match(Protocol):
    """What rebuilding needs of a match class (``Match``, which imports this module)."""

    def __init__(self, game: GameModule, rules: Any, *, seed: int, mode: Mode,
                 deal: DealScheme) -> None: ...
    @classmethod
    def from_state(cls, game: GameModule, state: Any, *, mode: Mode, seed: int = 0) -> Self: ...
    @property
    def state(self) -> Any: ...
    def play(self, action: Any) -> Any: ...
    def _set_cursor(self, index: int) -> None: ...


M = TypeVar("M", bound=_Match)


def rebuild(cls: type[M], data: Any, source: str, resolve: Callable[[str], GameModule]) -> M:
    """A match (of class ``cls``) from save-file content; ``resolve`` names the game's module
    (``ValueError`` for an unknown name). See ``Match.from_dict``.

    Raises:
        SaveFileError: naming ``source`` and the field that is wrong.
    """
    try:
        return _rebuild(cls, data, source, resolve)
    except RecursionError:
        raise SaveFileError(source, "is nested too deeply to be a marketlib save") from None


def _rebuild(cls: type[M], data: Any, source: str, resolve: Callable[[str], GameModule]) -> M:
    version = _header(data, source)
    game = _game(data, source, resolve)

    def replays(content: dict[str, Any], at: int) -> int:
        save = _convert(_upgrade(content, at, replays), save_type(game), source)
        csv_only(save.rules, source)
        return _replayed(cls, game, save)

    try:
        save = _convert(_upgrade(data, version, replays), save_type(game), source)
    except SaveFileError as err:
        other = _rules_of_another_game(data, game, resolve) if err.field == "rules" else None
        if other is None:
            raise
        raise SaveFileError(source, f"says {data['game']!r}, but its rules are those of "
                            f"{other.GAME.title} ({err.problem}): a save of the other game, or "
                            f"'game' edited; set it to {other.GAME.name!r}", field="game"
                            ) from None
    csv_only(save.rules, source)
    if save.cursor is not None and save.cursor > len(save.actions):
        raise SaveFileError(source, f"must be 0..{len(save.actions)}", field="cursor")
    try:
        match = cls(game, save.rules, seed=save.seed, mode=save.mode, deal=save.deal)
    except (MarketlibError, ValueError, TypeError) as err:  # e.g. too few cards to deal
        raise SaveFileError(source, unquoted(err), field="rules") from None
    on_disk = getattr(match.state, "cards", None)  # the card data's digest as the files are now
    same_cards(save.rules, save.cards, on_disk, source)
    if save.start is not None:
        match = _start(cls, game, save, on_disk, source)
    for i, action in enumerate(save.actions):
        try:
            match.play(action)
        except MarketlibError as err:  # IllegalAction, InvalidAction, CardDataError
            raise SaveFileError(source, f"move {i + 1} ({action}) cannot be replayed: "
                                f"{unquoted(err)}", field=f"actions[{i}]") from None
    match._set_cursor(len(save.actions) if save.cursor is None else save.cursor)
    return match


def _header(data: Any, source: str) -> int:
    """The save version of ``data``, after checking ``format`` and ``version``."""
    if not isinstance(data, dict):
        raise SaveFileError(source, "is not a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveFileError(source, f"is not a marketlib save (expected {SAVE_FORMAT!r})",
                            field="format")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(source, "must be a whole number", field="version")
    if version > SAVE_VERSION:
        raise SaveFileError(
            source, f"was written by a newer marketlib (save version {version}, this one reads "
            f"up to {SAVE_VERSION}); upgrade marketlib to open it", field="version")
    if version < 1:
        raise SaveFileError(source, f"save version {version} is not supported", field="version")
    return version


def _upgrade(content: dict[str, Any], version: int,
             replays: Callable[[dict[str, Any], int], int]) -> dict[str, Any]:
    """``content`` of save ``version`` at :data:`SAVE_VERSION`, through :data:`MIGRATIONS`;
    ``replays(candidate, v)`` counts the replayable actions of a version ``v`` candidate."""
    for old in range(version, SAVE_VERSION):
        def at_next(candidate: dict[str, Any], new: int = old + 1) -> int:
            return replays(candidate, new)
        content = {**MIGRATIONS[old](content, at_next), "version": old + 1}
    return content


def _replayed(cls: type[M], game: GameModule, save: SaveFile) -> int:
    """How many of ``save``'s actions replay from its deal (-1: its rules cannot deal)."""
    try:
        match = cls(game, save.rules, seed=save.seed, mode=save.mode, deal=save.deal)
    except (MarketlibError, ValueError, TypeError):
        return -1
    for i, action in enumerate(save.actions):
        try:
            match.play(action)
        except MarketlibError:
            return i
    return len(save.actions)


def _game(data: dict[str, Any], source: str, resolve: Callable[[str], GameModule]) -> GameModule:
    name = data.get("game")
    if not isinstance(name, str):
        raise SaveFileError(source, f"unknown game {name!r}", field="game")
    try:
        game = resolve(name)
    except ValueError as err:
        raise SaveFileError(source, str(err), field="game") from None
    found = data.get("rules_version")
    if not isinstance(found, str):
        raise SaveFileError(source, f"'rules_version' is text like "
                            f"{game.GAME.rules_version!r}, not {type(found).__name__} {found!r}",
                            field="rules_version")
    if found != game.GAME.rules_version:
        raise SaveFileError(
            source, f"was saved under {game.GAME.title} rules version "
            f"{data.get('rules_version')!r} but this marketlib implements "
            f"{game.GAME.rules_version!r}; replaying it could give a different game, so it is "
            "refused", field="rules_version")
    return game


_PATH = re.compile(r" - at `\$\.(\w+)((?:\[\d+\])?)([^`]*)`$")


def _rules_of_another_game(data: Any, game: GameModule,
                           resolve: Callable[[str], GameModule]) -> GameModule | None:
    """The other registered game whose ``Rules`` the save's ``rules`` fit (a Monsoon save
    whose ``game`` says ``"bansan"`` was refused as "unknown field `seal_target`", helper-87),
    or ``None``."""
    from marketlib.core import registry

    rules = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rules, dict):
        return None
    for name in registry.names():
        other = resolve(name)
        if other is game:
            continue
        try:
            msgspec.convert(rules, other.Rules)
        except (msgspec.ValidationError, ValueError, TypeError):
            continue
        return other
    return None


def _convert(data: dict[str, Any], save: type[SaveFile], source: str) -> SaveFile:
    """``data`` as ``save`` in one step; a mismatch names the field (``actions[i]`` for an
    action) from msgspec's path."""
    try:
        return msgspec.convert(data, save)
    except msgspec.ValidationError as err:
        message = str(err)
        found = _PATH.search(message)
        if found is None:  # not expected: the header made data an object
            raise SaveFileError(source, in_words(message)) from None
        name, index, below = found.groups()
        problem = in_words(message[: found.start()]) + _choices(save, name, below)
        if below:
            problem += f" (at {name}{index}{below})"
        if name == "actions" and index:
            problem = f"is not an action: {problem}"
        raise SaveFileError(source, problem, field=f"{name}{index}") from None


_WORDS = {"int": "a whole number", "str": "text", "array": "a list", "object": "a JSON object",
          "bool": "true or false", "null": "null", "float": "a number"}
_TYPES = re.compile(r"`((?:int|str|array|object|bool|null|float)(?: \| "
                    r"(?:int|str|array|object|bool|null|float))*)`")


def in_words(message: str) -> str:
    """msgspec's message in words: "must be a whole number, not text".

    Example:
        >>> in_words("Expected `int | null`, got `str`")
        'must be a whole number or null, not text'
        >>> in_words("Object missing required field `card`")
        'Object missing required field `card`'
    """
    if message.startswith("Expected "):
        message = "must be " + message.removeprefix("Expected ").replace(", got ", ", not ", 1)
    return _TYPES.sub(lambda m: " or ".join(_WORDS[t] for t in m.group(1).split(" | ")),
                      message)


def _choices(save: type[SaveFile], name: str, below: str) -> str:
    """For a top-level field that takes one of a few values, which ones."""
    if below:
        return ""
    info = msgspec.inspect.type_info(save)
    assert isinstance(info, msgspec.inspect.StructType)
    for field in info.fields:
        kind = field.type
        if isinstance(kind, msgspec.inspect.Metadata):
            kind = kind.type
        if field.name == name and isinstance(kind, msgspec.inspect.LiteralType):
            return " (expected " + " or ".join(map(repr, kind.values)) + ")"
    return ""


def card_files(rules: Any) -> dict[str, str]:
    """The card files ``rules`` name, by field (``"default"`` for this marketlib's own).

    Example:
        >>> from marketlib import monsoon
        >>> card_files(monsoon.Rules(goods_deck="my/goods.csv"))
        {'goods_deck': 'my/goods.csv', 'order_deck': 'default'}
    """
    fields = msgspec.to_builtins(rules)
    return {k: v for k, v in fields.items() if k.endswith("_deck") or k == "stall_set"}


def csv_only(rules: Any, source: str) -> None:
    """Refuse a save whose rules name a card file that is not a ``.csv`` file, before any
    file is opened: a save passed around must not make marketlib read whatever file it
    names, such as ``../../etc/passwd`` (and a ``.csv`` file it names is never quoted in a
    refusal, :func:`unquoted`).

    Raises:
        SaveFileError: of ``source``, field ``rules.<deck>``.
    """
    for field, path in card_files(rules).items():
        if path != "default" and Path(path).suffix.lower() != ".csv":
            raise SaveFileError(
                source, f"names {path!r} as a card file, which is not a .csv file: card files "
                "are CSV files, so nothing was read and the save is refused",
                field=f"rules.{field}")


def unquoted(err: Exception) -> str:
    """``err`` as a save's refusal says it: a card file that cannot be read is named, with its
    row, but nothing of its content (no value, no column name) is quoted, since a save passed
    around named it and it may be any ``.csv`` file of this machine (a missing one is said to
    be not found); any other error as it is.

    Example:
        >>> unquoted(CardDataError("/tmp/x.csv", "'secret' is not one of: Gem", row=2,
        ...                        column="goods"))  # doctest: +NORMALIZE_WHITESPACE
        "the card file '/tmp/x.csv' (row 2) cannot be read as this game's cards; nothing of it
        is quoted, as a save named it: read it with the game's Rules(...) to see why"
    """
    if not isinstance(err, CardDataError):
        return str(err)
    if err.problem == "file not found":  # nothing of a file to quote
        return f"the card file {err.file!r} is not found"
    row = f" (row {err.row})" if err.row is not None else ""
    return (f"the card file {err.file!r}{row} cannot be read as this game's cards; nothing of "
            "it is quoted, as a save named it: read it with the game's Rules(...) to see why")


def same_cards(rules: Any, saved: str | None, on_disk: Any, source: str) -> None:
    """Refuse card data changed since ``saved`` (a digest) was dealt: a
    :class:`SaveFileError` of ``source``, field ``cards``, naming the card files.

    Raises:
        SaveFileError: ``saved`` and ``on_disk`` are both digests and differ.
    """
    if isinstance(saved, str) and isinstance(on_disk, str) and saved != on_disk:
        custom = [f for f in card_files(rules).values() if f != "default"]
        where = (f"the files {', '.join(map(str, custom))} now give {on_disk!r}" if custom else
                 f"the rules name this marketlib's own decks, which give {on_disk!r}")
        raise SaveFileError(
            source, f"the card data changed since this game was saved (digest {saved!r}; "
            f"{where}); replaying it would give a different game, so it is refused: restore "
            "the files as they were", field="cards")


def _start(cls: type[M], game: GameModule, save: SaveFile, on_disk: Any, source: str) -> M:
    """The match from a save's start state, every problem a ``SaveFileError``."""
    state = save.start
    if state.rules != save.rules:
        raise SaveFileError(source, "the start state's rules differ from 'rules'",
                            field="start")
    same_cards(save.rules, getattr(state, "cards", None), on_disk, source)
    try:
        problems = game.check_invariants(state)
    except Exception as err:  # a game whose checks crash on a broken state
        problems = [f"{type(err).__name__}: {err}"]
    if problems:
        raise SaveFileError(source, "; ".join(problems), field="start")
    try:
        return cls.from_state(game, state, mode=save.mode, seed=save.seed)  # its bots stream
    except (MarketlibError, ValueError, TypeError) as err:
        raise SaveFileError(source, unquoted(err), field="start") from None
