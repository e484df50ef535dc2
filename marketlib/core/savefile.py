"""Reading save files: every field validated and named, the actions replayed by the rules.

A save file is data only (JSON): nothing in it is executed or unpickled. Older save versions are
migrated (:func:`_migrate`); a newer version, another rules version, changed card files, an
inconsistent start state or an illegal action are refused with a :class:`SaveFileError` that
names the field (``actions[3]``, ``rules``, ``start``, ``cards``...).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from marketlib.core import registry
from marketlib.core.errors import MarketlibError, SaveFileError, describe_validation_error
from marketlib.core.game import GameModule
from marketlib.core.match import SAVE_FORMAT, SAVE_VERSION, Mode

if TYPE_CHECKING:
    from marketlib.core.match import Match


def read_save(path: str | Path) -> Any:
    """The JSON content of a save file.

    Raises:
        SaveFileError: the file is missing, unreadable, not JSON, or nested absurdly deep.
    """
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise SaveFileError(name, f"cannot be read: {err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveFileError(name, f"is not valid JSON ({err})") from None
    except RecursionError:
        raise SaveFileError(name, "is nested too deeply to be a marketlib save") from None


def match_from_dict(cls: type[Match], data: Any, source: str) -> Match:
    """Rebuild a ``Match`` (of class ``cls``) from save-file content; see ``Match.from_dict``."""
    try:
        return _from_dict(cls, data, source)
    except RecursionError:
        raise SaveFileError(source, "is nested too deeply to be a marketlib save") from None


def _from_dict(cls: type[Match], data: Any, source: str) -> Match:
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
            source,
            f"was written by a newer marketlib (save version {version}, this one reads up "
            f"to {SAVE_VERSION}); upgrade marketlib to open it",
            field="version",
        )
    data = _migrate(data, version, source)
    game_name = data.get("game")
    if not isinstance(game_name, str) or game_name not in registry.names():
        raise SaveFileError(source, f"unknown game {game_name!r}", field="game")
    game = registry.resolve_game(game_name)
    if data.get("rules_version") != game.GAME.rules_version:
        raise SaveFileError(
            source,
            f"was saved under {game.GAME.title} rules version {data.get('rules_version')!r}"
            f" but this marketlib implements {game.GAME.rules_version!r}; replaying it "
            "could give a different game, so it is refused",
            field="rules_version",
        )
    try:
        rules = msgspec.convert(data.get("rules"), game.Rules)
    except (msgspec.ValidationError, MarketlibError, ValueError, TypeError) as err:
        raise SaveFileError(source, describe_validation_error(err), field="rules") from None
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFileError(source, "must be a whole number", field="seed")
    mode = data.get("mode", "explore")
    if mode not in ("explore", "play"):
        raise SaveFileError(source, "must be 'explore' or 'play'", field="mode")
    raw_actions = data.get("actions")
    if not isinstance(raw_actions, list):
        raise SaveFileError(source, "must be a list", field="actions")
    try:
        match = cls(game, rules, seed=seed, mode=mode)
    except (MarketlibError, ValueError, TypeError) as err:  # e.g. too few cards to deal
        raise SaveFileError(source, str(err), field="rules") from None
    on_disk = getattr(match.state, "cards", None)  # the card data as it is now
    saved_cards = data.get("cards")
    if "cards" in data and not isinstance(saved_cards, str):
        raise SaveFileError(source, "must be a string (the card data's digest)",
                            field="cards")
    if isinstance(saved_cards, str) and isinstance(on_disk, str) and saved_cards != on_disk:
        raise SaveFileError(source, _cards_changed(rules, saved_cards, on_disk),
                            field="cards")
    start = data.get("start")
    if start is not None:
        match = _start(cls, game, start, rules, on_disk, mode, source)
    for i, raw in enumerate(raw_actions):
        try:
            action = msgspec.convert(raw, game.Action)
        except msgspec.ValidationError as err:
            raise SaveFileError(
                source, f"is not an action: {describe_validation_error(err)}",
                field=f"actions[{i}]",
            ) from None
        try:
            match.play(action)
        except MarketlibError as err:  # IllegalAction, InvalidAction, CardDataError
            raise SaveFileError(
                source, f"move {i + 1} ({action}) cannot be replayed: {err}",
                field=f"actions[{i}]",
            ) from None
    cursor = data.get("cursor", len(raw_actions))
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not (
        0 <= cursor <= len(raw_actions)
    ):
        raise SaveFileError(source, f"must be 0..{len(raw_actions)}", field="cursor")
    match._set_cursor(cursor)
    return match


def _start(
    cls: type[Match], game: GameModule, start: Any, rules: Any, on_disk: Any, mode: Mode,
    source: str,
) -> Match:
    """The match from a save's start state, every problem a ``SaveFileError``."""
    try:
        state = msgspec.convert(start, game.State)
    except (msgspec.ValidationError, ValueError, TypeError) as err:
        raise SaveFileError(source, describe_validation_error(err), field="start") from None
    if state.rules != rules:
        raise SaveFileError(source, "the start state's rules differ from 'rules'",
                            field="start")
    cards = getattr(state, "cards", None)
    if isinstance(cards, str) and isinstance(on_disk, str) and cards != on_disk:
        raise SaveFileError(source, _cards_changed(rules, cards, on_disk), field="cards")
    try:
        problems = game.check_invariants(state)
    except Exception as err:  # a game whose checks crash on a broken state
        problems = [f"{type(err).__name__}: {err}"]
    if problems:
        raise SaveFileError(source, "; ".join(problems), field="start")
    try:
        return cls.from_state(game, state, mode=mode)
    except (MarketlibError, ValueError, TypeError) as err:
        raise SaveFileError(source, str(err), field="start") from None


def _cards_changed(rules: Any, saved: str, now: str) -> str:
    decks = msgspec.to_builtins(rules)
    files = [v for k, v in decks.items() if k.endswith("_deck") or k == "stall_set"]
    custom = [f for f in files if f != "default"] or files
    return (f"the card data changed since this game was saved (digest {saved!r}, the files "
            f"{', '.join(map(str, custom))} now give {now!r}); replaying it would give a "
            "different game, so it is refused: restore the files as they were")


def _migrate(data: dict[str, Any], version: int, source: str) -> dict[str, Any]:
    """Bring an older save up to :data:`SAVE_VERSION` (no older versions exist yet)."""
    if version < 1:
        raise SaveFileError(source, f"save version {version} is not supported", field="version")
    return data
