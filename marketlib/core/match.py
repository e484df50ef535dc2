"""``Match``: the one mutable object. Immutable states plus the actions between them.

A ``Match`` keeps a timeline (``states``, ``history``) with a cursor, so it supports ``undo``,
``redo`` and ``goto(i)`` (a replay slider), and saves to versioned JSON holding the rules version,
the rules, the seed and the actions. A save file is data only: it is validated field by field and
replayed through the rules, never executed or unpickled.

Two undo policies (``mode``):

* ``"explore"`` (default, for teachers and "what if" work): undo and goto go anywhere.
* ``"play"`` (people playing each other): undo stops at a step that revealed new information
  (a card drawn from a deck, a reshuffle), so nobody can peek and take it back. Redo always
  reproduces the same cards: chance is fixed by the seed.
"""

from __future__ import annotations

import contextlib
import json
import reprlib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec

from marketlib.core import savefile
from marketlib.core.errors import (
    MarketlibError,
    TimelineError,
    UndoBlocked,
)
from marketlib.core.game import GameModule, Outcome, PlayerId, check_seat, seat_count
from marketlib.core.i18n import N_, register_refusals
from marketlib.core.options import rules_from
from marketlib.core.registry import load, resolve_game
from marketlib.core.savefile import SAVE_FORMAT, SAVE_VERSION, Mode
from marketlib.core.seeding import DealScheme, check_seed, setup_seed
from marketlib.core.version import __version__

COACH = "marketlib.bots.coach"
"""Where :meth:`Match.hint` and :meth:`Match.review` find the coach (a dotted path, loaded on
first use: the core never imports the bots; issue 29, points 4 and 5)."""

NOTHING_TO_UNDO = N_("nothing to undo: this is the start of the game")
NOTHING_TO_REDO = N_("nothing to redo")
UNDO_BLOCKED = N_("cannot undo in play mode: {blocker}")
GOTO_BLOCKED = N_("cannot go back to {index} in play mode: {blocker}")
REVEALED = N_("move {index} ({action}) revealed new cards, which cannot be hidden again")
"""Why undo, redo or goto is refused, raised in English (a programmer reads them from Python);
registered as templates so a board or the teacher's dashboard shows them in its reader's
language (:func:`marketlib.core.i18n.refusal`; the move's ``action`` stays table notation)."""
register_refusals([NOTHING_TO_UNDO, NOTHING_TO_REDO, UNDO_BLOCKED, GOTO_BLOCKED, REVEALED])


def _coerce_rules(game: GameModule, rules: Any) -> Any:
    if rules is None:
        return game.Rules()
    if isinstance(rules, dict):
        return rules_from(game.Rules, rules)
    rules_type = game.Rules
    if isinstance(rules_type, type) and not isinstance(rules, rules_type):
        raise TypeError(
            f"rules must be a {game.GAME.name} Rules(...) or a dict of options such as "
            f"{{'players': 3}}, not {reprlib.repr(rules)}{_origin(rules)} (the {game.GAME.name} "
            f"Rules: from {getattr(game, '__name__', rules_type.__module__)} import Rules)"
        )
    return rules


def _origin(value: object) -> str:
    module = type(value).__module__
    return "" if module == "builtins" else f" from {module}"


class Match:
    """A game in progress: its rules, seed, states and the actions played.

    Args:
        game: ``"monsoon"``, ``"bansan"`` or a game module.
        rules: the game's ``Rules`` (or a dict of options); ``None`` means the defaults.
        seed: fixes every shuffle; the same seed and actions always give the same game. Any
            ``int`` (negative and huge ones too) deals its own game
            (:mod:`marketlib.core.seeding`).
        mode: ``"explore"`` (free undo) or ``"play"`` (undo stops where cards were revealed).
        deal: how the seed deals (:data:`marketlib.core.seeding.DealScheme`): ``"signed"``, the
            scheme of every new game, or ``"absolute"``, the scheme of saves written before
            01f0d52 (a negative seed dealt as its absolute value; issue 26). Only a loaded save
            needs it; it is written to the save file.

    Example:
        >>> from marketlib import Match
        >>> from marketlib.monsoon import Rules
        >>> m = Match("monsoon", Rules(players=3), seed=7)
        >>> first = m.legal_actions()[0]
        >>> _ = m.play(first)
        >>> len(m.history)
        1
        >>> _ = m.undo()
        >>> len(m.history), m.can_redo
        (0, True)
    """

    def __init__(
        self, game: str | GameModule, rules: Any = None, *, seed: int = 0, mode: Mode = "explore",
        deal: DealScheme = "signed",
    ) -> None:
        if mode not in ("explore", "play"):
            raise ValueError(f"mode must be 'explore' or 'play', not {mode!r}")
        self.game: GameModule = resolve_game(game)
        self.rules: Any = _coerce_rules(self.game, rules)
        self.seed = check_seed(seed)
        self.deal: DealScheme = deal
        self.mode: Mode = mode
        self._states: list[Any] = [self.game.setup(self.rules, setup_seed(self.seed, deal))]
        self._actions: list[Any] = []
        self._cursor = 0
        self._from_position = False
        self._edits = 0
        self._revision = 0
        self._cache: tuple[Any, tuple[Any, ...], tuple[Any, ...]] | None = None

    @classmethod
    def from_state(cls, game: str | GameModule, state: Any, *, mode: Mode = "explore",
                   seed: int = 0) -> Match:
        """A match that starts from ``state`` (e.g. a hand-built ``position(...)``); ``seed``
        is the match's seed (its computer players' streams; the state is dealt already).

        Its save file carries the start state, validated on load like everything else.

        Raises:
            ValueError: the state breaks the game's invariants (cards in two places, ...).
        """
        module = resolve_game(game)
        problems = module.check_invariants(state)
        if problems:
            raise ValueError("the start state is inconsistent: " + "; ".join(problems))
        match = cls(module, state.rules, seed=0, mode=mode)
        match.seed = check_seed(seed)
        match._states = [state]
        match._edits += 1
        match._revision += 1
        match._from_position = True
        return match

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> Any:
        """The current state (immutable)."""
        return self._states[self._cursor]

    def _views(self) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """``(history, states)`` as tuples, rebuilt only after the timeline changed (so reading
        them in a loop costs nothing; docs: "Games and the registry")."""
        cursor, actions, states = self._cursor, self._actions, self._states
        key = (cursor, len(actions), self._edits)
        cached = self._cache
        if cached is None or cached[0] != key:
            at_end = cursor == len(actions)  # nothing to redo: one copy each, not a slice's two
            cached = (key, tuple(actions) if at_end else tuple(actions[:cursor]),
                      tuple(states) if at_end and len(states) == cursor + 1
                      else tuple(states[: cursor + 1]))
            self._cache = cached
        return cached[1], cached[2]

    @property
    def history(self) -> tuple[Any, ...]:
        """The actions played up to the current state, one entry per action."""
        return self._views()[0]

    @property
    def states(self) -> tuple[Any, ...]:
        """The states up to the current one: ``states[0]`` is the setup, ``states[-1]`` current."""
        return self._views()[1]

    def action_at(self, index: int) -> Any:
        """``history[index]``, read without making :attr:`history` (a tuple of every move so
        far, made again after each move, which touches every move and state of the game): a
        board reads the few newest moves at each refresh (issue 28). A negative ``index``
        counts from the end, as in a tuple.

        Raises:
            IndexError: no such move (``index`` not below :attr:`cursor`).
            TypeError: ``index`` is not an ``int`` (``True`` and ``1.0`` are not, as in
                :meth:`goto`).

        Example:
            >>> m = Match("monsoon", None, seed=1)
            >>> _ = m.play(m.legal_actions()[0])
            >>> m.action_at(0) is m.action_at(-1) is m.history[0]
            True
        """
        if type(index) is not int:
            raise TypeError(f"action_at({index!r}): a move's number is a whole number")
        cursor = self._cursor
        if not -cursor <= index < cursor:
            raise IndexError(f"no move {index}: {cursor} move(s) played")
        return self._actions[index if index >= 0 else cursor + index]

    def actions_between(self, start: int, stop: int) -> tuple[Any, ...]:
        """``history[start:stop]`` (``0 <= start <= stop <= cursor``), made without the whole
        :attr:`history`: a board reads the moves since a seat last moved (:meth:`action_at`).

        Raises:
            IndexError: the moves are not all played (or ``start`` is after ``stop``).
            TypeError: ``start`` or ``stop`` is not an ``int``.
        """
        if type(start) is not int or type(stop) is not int:
            raise TypeError(f"actions_between({start!r}, {stop!r}): moves are numbered by "
                            "whole numbers")
        if not 0 <= start <= stop <= self._cursor:
            raise IndexError(f"no moves {start} to {stop}: {self._cursor} move(s) played")
        return tuple(self._actions[start:stop])

    def state_at(self, index: int) -> Any:
        """``states[index]`` (0: the setup; :attr:`cursor`: the current state), read without
        making :attr:`states` (:meth:`action_at`). A negative ``index`` counts from the end.

        Raises:
            IndexError: no such state.
            TypeError: ``index`` is not an ``int`` (:meth:`action_at`).
        """
        if type(index) is not int:
            raise TypeError(f"state_at({index!r}): a state's number is a whole number")
        count = self._cursor + 1
        if not -count <= index < count:
            raise IndexError(f"no state {index}: {count} state(s)")
        return self._states[index if index >= 0 else count + index]

    @property
    def timeline(self) -> int:
        """How many actions the whole timeline holds (including undone ones that can be redone)."""
        return len(self._actions)

    @property
    def revision(self) -> int:
        """A number that changes whenever the match changes: a move (:meth:`play`),
        :meth:`undo`, :meth:`redo`, :meth:`goto`, :meth:`reset`, :meth:`rollback`, a load. It
        only ever grows, so undo then redo back to the same position gives a new number: a
        board's click made before the undo is refused after the redo (boards send it with
        every click that names a choice; ``widgets/PROTOCOL.md``).

        Example:
            >>> m = Match("monsoon", None, seed=1)
            >>> shown = m.revision
            >>> _ = m.play(m.legal_actions()[0]); _ = m.undo()
            >>> m.revision > shown
            True
        """
        return self._revision

    @property
    def next_action(self) -> Any | None:
        """The action ``redo`` would play again (``None`` when there is nothing to redo)."""
        return self._actions[self._cursor] if self._cursor < len(self._actions) else None

    @property
    def cursor(self) -> int:
        """The index of the current state in the timeline (0 = setup)."""
        return self._cursor

    @property
    def current_player(self) -> PlayerId | None:
        """The seat that decides next, or ``None`` when the game is over."""
        return self.game.current_player(self.state)

    @property
    def outcome(self) -> Outcome | None:
        """The outcome once the game is over, else ``None``."""
        return self.game.outcome(self.state)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions in the current state (deterministic order)."""
        return self.game.legal_actions(self.state)

    def any_time_actions(self, seat: PlayerId) -> tuple[Any, ...]:
        """What ``seat`` may also play now, outside :meth:`legal_actions`: Bansan's Rent &
        Release during the Opening Round or on another vendor's decision (B-ANY-03..08,
        A-B-60). Play one with :meth:`play` like any other move; the decision stays where it
        was. ``()`` for a game without such actions (Monsoon Market) or a finished game.

        Raises:
            ValueError: ``seat`` is not a seat of this game.

        Example:
            >>> from marketlib import bansan
            >>> m = Match("bansan", bansan.Rules(players=2), seed=1)
            >>> [str(a) for a in m.any_time_actions(1)][:2]
            ['P1 rr rent=ST-02', 'P1 rr rent=ST-01']
        """
        check_seat(seat, seat_count(self.rules, self.state))
        listing = getattr(self.game, "any_time_actions", None)
        if listing is None or self.outcome is not None:
            return ()
        return tuple(listing(self.state, seat))

    def explain(self, action: Any) -> Any:
        """Why ``action`` (an action or its table notation) is illegal now: a ``Violation``
        naming the rule, or ``None`` if it is legal.

        Raises:
            InvalidAction: ``action`` is not a move of this game at all (an unknown verb, card
                or seat, or a field of the wrong type): there is no rule to name.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        return self.game.explain(self.state, action)

    def view(self, player: PlayerId | None) -> Any:
        """What seat ``player`` sees (``None``: the omniscient teacher view)."""
        return self.game.view(self.state, player)

    def log(self, seat: PlayerId | None = None) -> list[str]:
        """The actions played so far, one line each, as ``seat`` may read them (``None``: the
        teacher, who reads everything): another seat's hidden choice reads as a watcher at the
        table sees it (the game's ``describe``).

        Example:
            >>> from marketlib.bansan import Rules
            >>> m = Match("bansan", Rules(players=2), seed=1)
            >>> _ = m.play(m.legal_actions()[0])
            >>> m.log(0), m.log(1)
            (['P0 return SL-20'], ['P0 return a Shopping List (hidden)'])
        """
        states = self._states
        return [self.game.describe(states[i], a, seat, states[i + 1])
                for i, a in enumerate(self._actions[: self._cursor])]

    def hint(self, seat: PlayerId | None = None) -> Any:
        """The coach's suggestion for the seat to move (``seat``, if given, must be it): the
        strong bot's move, its reason and the two alternatives it weighed, worked out from
        that seat's view only (``marketlib.bots.coach.hint``; print it or read ``.text``).

        Raises:
            ValueError: the game is over, or ``seat`` does not decide now.
        """
        return load(f"{COACH}:match_hint")(self, seat)

    def review(self, seat: PlayerId, **options: Any) -> Any:
        """A pandas DataFrame reviewing ``seat``'s decisions up to the cursor, from its view
        only: the move played, the coach's preferred move, both moves' estimated final result
        (RM in Bansan, seals in Monsoon Market; in the Kenduri the Menu's lists while the Menu
        is open, then RM: the frame's ``unit`` column) with standard errors, and the estimated
        loss;
        ``frame.attrs["turning_points"]`` says the three that mattered most
        (``marketlib.bots.coach.review``; ``marketlib.charts.review_chart`` draws it).
        ``progress=True`` shows a progress bar.

        Raises:
            ValueError: ``seat`` is not a seat of this game.
        """
        return load(f"{COACH}:match_review")(self, seat, **options)

    # ------------------------------------------------------------------ playing
    def play(self, action: Any) -> Any:
        """Apply ``action`` (an action or its table notation) and return the new state.

        Playing after an undo or goto discards the undone future.

        Raises:
            IllegalAction: the rules forbid it (the match is unchanged).
            InvalidAction: it is not an action of this game (the match is unchanged).
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        new = self.game.apply(self.state, action)
        del self._states[self._cursor + 1 :]
        del self._actions[self._cursor :]
        self._edits += 1
        self._states.append(new)
        self._actions.append(action)
        self._cursor += 1
        self._revision += 1
        return new

    def play_all(self, actions: Iterable[Any]) -> Any:
        """Play several actions in order; stops at the first illegal one (raising)."""
        for action in actions:
            self.play(action)
        return self.state

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0 and self._undo_blocker(self._cursor) is None

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._actions)

    def _undo_blocker(self, index: int) -> str | None:
        if self.mode == "explore" or index == 0:
            return None
        if self.game.info_revealed(self._states[index - 1], self._states[index]):
            return REVEALED.format(index=index, action=str(self._actions[index - 1]))
        return None

    def undo_refusal(self, index: int | None = None) -> str | None:
        """Why a step back from timeline position ``index`` (default: the current one) is
        refused, as :meth:`undo` would say it (English; registered, so a board words it in its
        reader's language), or ``None`` when it is allowed: at the start of the game, or in
        play mode where that step revealed cards.

        Example:
            >>> from marketlib import Match, monsoon
            >>> m = Match("monsoon", monsoon.Rules(players=2), seed=1, mode="play")
            >>> m.undo_refusal()
            'nothing to undo: this is the start of the game'

        Raises:
            TimelineError: ``index`` is not a position played (``0 ..`` the cursor).
            TypeError: ``index`` is not an ``int``.
        """
        index = self._cursor if index is None else index
        if type(index) is not int:
            raise TypeError(f"undo_refusal({index!r}): a timeline position is a whole number")
        if not 0 <= index <= self._cursor:
            raise TimelineError(f"undo_refusal({index}): the positions played are "
                                f"0..{self._cursor}")
        if index == 0:
            return NOTHING_TO_UNDO
        blocker = self._undo_blocker(index)
        return None if blocker is None else UNDO_BLOCKED.format(blocker=blocker)

    def undo(self) -> Any:
        """Step back one action and return the state.

        Raises:
            MarketlibError: at the start of the game.
            UndoBlocked: in play mode, when the last step revealed new information.
        """
        why = self.undo_refusal()
        if why is not None:
            raise MarketlibError(why) if self._cursor == 0 else UndoBlocked(why)
        self._cursor -= 1
        self._revision += 1
        return self.state

    def redo(self) -> Any:
        """Step forward one undone action and return the state.

        Raises:
            MarketlibError: when there is nothing to redo.
        """
        if self._cursor >= len(self._actions):
            raise MarketlibError(NOTHING_TO_REDO)
        self._cursor += 1
        self._revision += 1
        return self.state

    def goto(self, index: int) -> Any:
        """Move the cursor to timeline position ``index`` (0 = setup) and return that state.

        Raises:
            TimelineError: outside ``0 .. timeline`` (an ``IndexError`` too).
            TypeError: ``index`` is not an ``int`` (``True`` and ``1.0`` are not).
            UndoBlocked: in play mode, going back past a step that revealed cards.
        """
        if type(index) is not int:
            raise TypeError(f"goto({index!r}): a timeline position is a whole number "
                            f"0..{len(self._actions)}")
        if not 0 <= index <= len(self._actions):
            raise TimelineError(f"goto({index}): the timeline has positions "
                                f"0..{len(self._actions)}")
        for i in range(self._cursor, index, -1):
            blocker = self._undo_blocker(i)
            if blocker is not None:
                raise UndoBlocked(GOTO_BLOCKED.format(index=index, blocker=blocker))
        if index != self._cursor:
            self._revision += 1
        self._cursor = index
        return self.state

    def checkpoint(self) -> tuple[Any, ...]:
        """The match as it is now, for :meth:`rollback` (the timeline, cursor, seed and deal)."""
        return (list(self._states), list(self._actions), self._cursor, self.seed,
                self._from_position, self.deal)

    def rollback(self, checkpoint: tuple[Any, ...]) -> None:
        """Put the match back as it was when ``checkpoint`` was taken."""
        states, actions, cursor, seed, from_position, deal = checkpoint
        self._states, self._actions = list(states), list(actions)
        self._cursor, self.seed, self._from_position = cursor, seed, from_position
        self.deal = deal
        self._edits += 1
        self._revision += 1  # a new number even for the same timeline: it never goes back

    @contextlib.contextmanager
    def atomic(self) -> Iterator[None]:
        """A block that changes the match completely or not at all: if anything inside it
        raises, the timeline, cursor and seed are put back as they were, and the error goes on.

        Example:
            >>> m = Match("monsoon", None, seed=1)
            >>> try:
            ...     with m.atomic():
            ...         _ = m.play(m.legal_actions()[0])
            ...         raise RuntimeError("a crash after a move")
            ... except RuntimeError:
            ...     pass
            >>> m.cursor, m.timeline
            (0, 0)
        """
        saved = self.checkpoint()
        try:
            yield
        except BaseException:
            self.rollback(saved)
            raise

    def _set_cursor(self, index: int) -> None:
        """Place the cursor without the play-mode undo check (used when loading a save)."""
        self._cursor = index
        self._revision += 1

    def reset(self, seed: int | None = None) -> Any:
        """Start a new game in place, with the same rules (and ``seed``, or the same seed).

        The match object stays the same, so a board or notebook holding it sees the new game.
        A new seed deals by the current scheme (``deal="signed"``); the same seed deals the
        same game again.
        """
        if seed is not None:
            self.seed = check_seed(seed)
            self.deal = "signed"
        self._states = [self.game.setup(self.rules, setup_seed(self.seed, self.deal))]
        self._actions = []
        self._edits += 1
        self._revision += 1
        self._cursor = 0
        self._from_position = False
        return self.state

    # ------------------------------------------------------------------ replay and files
    @classmethod
    def replay(
        cls,
        game: str | GameModule,
        rules: Any,
        seed: int,
        actions: Sequence[Any],
        *,
        mode: Mode = "explore",
    ) -> Match:
        """Rebuild a match from its rules, seed and actions.

        Raises:
            IllegalAction: an action is illegal where it is played (the message says which).
        """
        match = cls(game, rules, seed=seed, mode=mode)
        match.play_all(actions)
        return match

    def to_dict(self) -> dict[str, Any]:
        """The save-file content (JSON-ready builtins; docs: "Save files")."""
        cards = getattr(self._states[0], "cards", None)
        save = savefile.SaveFile(
            format=SAVE_FORMAT,
            version=SAVE_VERSION,
            library_version=__version__,
            game=self.game.GAME.name,
            rules_version=self.game.GAME.rules_version,
            rules=self.rules,
            seed=self.seed,
            deal=self.deal,
            mode=self.mode,
            actions=self._actions,
            cursor=self._cursor,
            start=self._states[0] if self._from_position else None,
            cards=cards if isinstance(cards, str) else None,
        )
        data: dict[str, Any] = msgspec.to_builtins(save)
        if save.cards is None:  # a game whose states do not record their card data's digest
            del data["cards"]
        return data

    def save(self, path: str | Path) -> Path:
        """Write the match as versioned JSON (the whole timeline and the cursor) to a ``.json``
        file.

        Raises:
            ValueError: another suffix (helper-105 wrote JSON under ``game.xlsx``, which a
                spreadsheet then failed to open); nothing is written.
        """
        target = Path(path)
        if target.suffix.lower() != ".json":
            raise ValueError(f"{target}: a match is saved as JSON, so name the file .json "
                             f"(Match.load reads it back), not "
                             f"{target.suffix or 'a name without a suffix'!r}")
        target.write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")
        return target

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "<save>") -> Match:
        """Rebuild a match from save-file content, validating every field (docs: "Save files").

        Raises:
            SaveFileError: naming the field that is wrong (an older save version is migrated;
                a newer one, another game's rules version, rules that cannot deal, card files
                changed since the save (``cards``), an inconsistent start state, or an illegal
                action (``actions[i]``) is refused). Nothing else escapes, whatever the content.
        """
        return savefile.rebuild(cls, data, source, resolve_game)

    @classmethod
    def load(cls, path: str | Path) -> Match:
        """Load a match saved by :meth:`save`.

        Raises:
            SaveFileError: the file is missing, not JSON, or a field is wrong (named).
        """
        return cls.from_dict(savefile.read_save(path), source=str(path))

    def __repr__(self) -> str:
        players = getattr(self.rules, "players", "?")
        status = "over" if self.is_over else f"seat {self.current_player} to play"
        return (
            f"Match({self.game.GAME.name!r}, players={players}, seed={self.seed}, "
            f"move {self._cursor}/{len(self._actions)}, {status})"
        )
