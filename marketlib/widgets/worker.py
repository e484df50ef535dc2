"""The Python half of the "Play" page's Web Worker (issue 32; ``widgets/PROTOCOL.md``, *Worker
transport*): the game runs in Pyodide inside the browser, with no server.

The page (``marketlib/widgets/page/``) posts JSON text to its worker; the worker hands it to a
:class:`PageGame` and posts back the frames it returns, the same JSON shapes as the classroom
server's (``state`` with the traits that changed, ``ack``, ``error``). The board drawn is the
notebook board's own module, on a ``model`` backed by the worker instead of a comm or a socket.
Everything a move does is :class:`~marketlib.widgets.session.SeatSession`'s, the same code as
the notebook and the classroom: no rule is written again in JavaScript.

The page's own messages, besides the board's:

* ``{"type": "start", "setup": {...}}``: a new game from a :class:`Setup`; answered with a
  ``started`` frame (the setup as played, its seed filled in) and a ``state`` with every trait,
  or an ``error`` saying what is wrong with the setup.
* ``{"type": "save"}``: answered ``{"type": "save", "text": ..., "name": ...}``, the save file
  ``Match.load`` reads (the same text as ``Match.save`` writes).
* ``{"type": "load", "text": ..., "setup": {...}}``: the game of a save file, with the seats of
  the setup (people and computer players), answered like ``start``.
* ``{"type": "language", "lang": "ms"}``: the board reads Bahasa Malaysia from now on (issue
  30, point 5; the page's own words come from ``words.json``, :mod:`.play_words`); answered
  with the ``state`` redrawn in it, or an ``error`` naming the known languages. The page sends
  it before its first ``start`` and whenever its switch changes.

Example:
    >>> game = PageGame()
    >>> frames = game.receive('{"type": "start", "setup": {"game": "monsoon", "seed": 3, '
    ...                       '"seats": ["you", "greedy"]}}')
    >>> [f["type"] for f in frames], frames[0]["setup"]["seed"]
    (['started', 'state'], 3)
    >>> version = frames[1]["traits"]["version"]
    >>> [f["type"] for f in game.receive(f'{{"type": "play", "index": 0, "version": {version}, '
    ...                                  f'"id": 1}}')]
    ['state', 'ack']
    >>> game.receive('{"type": "play", "index": 0, "id": 2}')[0]["error"][:39]
    'malformed message: Object missing requi'
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

from marketlib.bots import make_bot
from marketlib.core import registry
from marketlib.core.errors import MarketlibError
from marketlib.core.i18n import N_, _, check_language, language, refusal, register_refusals, said
from marketlib.core.match import Match
from marketlib.widgets import messages as m
from marketlib.widgets import table_of
from marketlib.widgets.session import SeatSession, TableSession, new_seed_of

GAMES = {"bansan": (2, 5), "kenduri": (2, 5), "sendiri": (1, 1), "monsoon": (2, 5)}
"""The games and modes the page offers, with their smallest and largest number of seats (Bansan
for one player is its solo mode, Sendiri; B-SETUP-01)."""

SEATS = {"you": None, "person": None, "greedy": "greedy", "random": "random"}
"""Who may sit at a seat: you, another person at this device (hot-seat), or a computer player."""

SEALS = (15, 30)
"""Monsoon Market's seal targets the page offers (the standard game is 15)."""

CONTROLS = ("undo", "redo", "new_game", "hint", "review")
"""The page's board controls: no teacher view and no looking at another seat (a learner plays
against computer players that hide their cards)."""

MOVES = ("play", "any_time", "propose_trade", "bargain", "counter")
"""The messages that ask for a move: refused (``ok`` false) when no move was played."""


class Setup(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A game as the page's form (or its URL) asks for it.

    ``seats`` lists who sits where, in seat order: ``you``, ``person`` (hot-seat), ``greedy``
    or ``random``; its length is the number of players. ``seed`` is an int, its decimal text,
    or ``None`` / ``""`` for a fresh deal. ``seals`` is Monsoon Market's seal target.
    """

    game: str = "monsoon"
    seats: list[str] = msgspec.field(default_factory=lambda: ["you", "greedy"])
    seed: int | str | None = None
    seals: int = 15


class SetupError(MarketlibError):
    """A setup the page cannot deal (the sentence says what to change)."""


UNKNOWN_GAME = N_("unknown game {game}: choose one of {games}")
ONE_PLAYER = N_("{game} is played by {low} player, not {count}")
SOME_PLAYERS = N_("{game} is played by {low} players, not {count}")
MANY_PLAYERS = N_("{game} is played by {low} to {high} players, not {count}")
UNKNOWN_SEAT = N_("unknown seat {seat}: choose one of {seats}")
NOBODY = N_("nobody plays: give at least one seat to you or another person")
SEAL_TARGETS = N_("Monsoon Market plays to {low} or {high} seals, not {seals}")
NOT_A_SAVE = N_("this is not a marketlib save file: {error}")
NO_GAME = N_("no game yet: deal one first")
"""What the page is told of a setup it cannot deal, raised in English (:class:`SetupError`) and
shown in the page's language (registered templates; game and seat names stay as typed)."""
register_refusals([UNKNOWN_GAME, ONE_PLAYER, SOME_PLAYERS, MANY_PLAYERS, UNKNOWN_SEAT, NOBODY,
                   SEAL_TARGETS, NOT_A_SAVE, NO_GAME])


def check(setup: Setup, form: bool = True) -> Setup:
    """The setup, checked (players in range, known seats, someone to play; with ``form``, a
    seal target the form offers: a loaded save keeps its own).

    Raises:
        SetupError: the sentence says what to change.

    Example:
        >>> check(Setup(game="sendiri", seats=["you", "greedy"]))
        Traceback (most recent call last):
        ...
        marketlib.widgets.worker.SetupError: sendiri is played by 1 player, not 2
    """
    if setup.game not in GAMES:
        raise SetupError(UNKNOWN_GAME.format(game=repr(setup.game), games=", ".join(GAMES)))
    low, high = GAMES[setup.game]
    if not low <= len(setup.seats) <= high:
        said = ONE_PLAYER if high == 1 else SOME_PLAYERS if low == high else MANY_PLAYERS
        raise SetupError(said.format(game=setup.game, low=low, high=high,
                                     count=len(setup.seats)))
    unknown = [s for s in setup.seats if s not in SEATS]
    if unknown:
        raise SetupError(UNKNOWN_SEAT.format(seat=repr(unknown[0]), seats=", ".join(SEATS)))
    if all(SEATS[s] for s in setup.seats):
        raise SetupError(NOBODY)
    if form and setup.game == "monsoon" and setup.seals not in SEALS:
        raise SetupError(SEAL_TARGETS.format(low=SEALS[0], high=SEALS[1], seals=setup.seals))
    return setup


def options_of(setup: Setup) -> tuple[str, dict[str, Any]]:
    """The registered game and its rule options for a setup.

    Example:
        >>> options_of(Setup(game="kenduri", seats=["you", "greedy", "greedy"]))
        ('bansan', {'players': 3, 'mode': 'kenduri'})
    """
    found, implied = registry.mode(setup.game)
    options: dict[str, Any] = {**dict(found.defaults), **implied, "players": len(setup.seats)}
    if found.name == "monsoon" and setup.seals != 15:
        options["seal_target"] = setup.seals
    return found.name, options


def _dealt_by(name: str, options: dict[str, Any], match: Match) -> bool:
    """Whether a link's game, options and seed deal ``match``'s start (a save of another deal
    scheme, of other rules or from a position does not: its link would show another game)."""
    try:
        again = Match(name, options, seed=match.seed, mode="play")
    except (MarketlibError, ValueError, TypeError):
        return False
    return bool(again.rules == match.rules and again.states[0] == match.states[0])


MAX_DEPTH = 64
"""The deepest nesting of brackets a save file may have (a real save nests about 8 deep)."""


class PageGame:
    """One page's game: a :class:`TableSession` and the :class:`SeatSession` it shows, and what
    the page was last sent (so each ``state`` carries only the traits that changed)."""

    def __init__(self) -> None:
        self.session: SeatSession | None = None
        self.setup = Setup()
        self.last: dict[str, Any] = {}
        self.lang: str | None = None
        """The language the page reads (``None``: the process's, English)."""

    # ------------------------------------------------------------- the page's messages
    def receive(self, text: str) -> list[dict[str, Any]]:
        """Answer one message (JSON text) from the page: the frames to post back."""
        try:
            content = json.loads(text)
        except ValueError as err:
            return [{"type": "error", "error": f"malformed message: {err}"}]
        kind = content.get("type") if isinstance(content, dict) else None
        try:
            if kind == "start":
                return self.start(msgspec.convert(content.get("setup") or {}, Setup))
            if kind == "load":
                return self.load(str(content.get("text", "")),
                                 msgspec.convert(content.get("setup") or {}, Setup))
            if kind == "save":
                return [self.save()]
            if kind == "language":
                return self.language(content.get("lang"))
        except (MarketlibError, msgspec.ValidationError, ValueError) as err:
            with language(self.lang):  # a setup's refusal in the page's language
                return [{"type": "error", "error": refusal(str(err))}]
        return self.board(content)

    def start(self, setup: Setup, match: Match | None = None) -> list[dict[str, Any]]:
        """A new game from ``setup`` (or the game of a save, ``match``, with its seats)."""
        setup = check(setup, form=match is None)
        name, options = options_of(setup)
        linkable = True
        if match is None:
            seed = new_seed_of(setup.seed)  # none or blank: a fresh deal
            match = Match(name, options, seed=seed, mode="play")
        else:  # a save: a link deals it again only if its rules and its start are a link's
            linkable = _dealt_by(name, options, match) and (
                setup.game != "monsoon" or setup.seals in SEALS)  # (a link offers these)
        setup = msgspec.structs.replace(setup, seed=match.seed)
        opponents = {s: make_bot(bot) for s, who in enumerate(setup.seats)
                     if (bot := SEATS[who]) is not None}
        table = TableSession(table_of(name), match, opponents)
        people = [s for s, who in enumerate(setup.seats) if who == "you"] or table.humans()
        session = SeatSession(table, people[0], controls=CONTROLS, lang=self.lang)
        table.run_bots()
        session.refresh()
        self.session, self.setup, self.last = session, setup, {}
        return [{"type": "started", "setup": msgspec.to_builtins(setup),
                 "title": match.game.GAME.title, "linkable": linkable}, *self.state()]

    def load(self, text: str, setup: Setup) -> list[dict[str, Any]]:
        """The game of a save file (``Match.save``'s text), played with ``setup``'s seats; the
        game and number of players come from the save.

        Raises:
            SaveFileError: the file is not a marketlib save (the field is named).
        """
        if m.too_deep(text, MAX_DEPTH):  # before a parser recurses into it (in Pyodide,
            # the browser's stack ran out first: a fatal error, no answer)
            raise SetupError(NOT_A_SAVE.format(error="it is nested too deeply"))
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as err:
            raise SetupError(NOT_A_SAVE.format(error=err)) from None
        match = Match.from_dict(data, source="the save file")
        mode = str(getattr(match.rules, "mode", ""))  # a mode the page offers by its name
        game = mode if mode in GAMES else match.game.GAME.name
        seats = list(setup.seats)[: match.rules.players]
        seats += ["greedy"] * (match.rules.players - len(seats))
        if all(SEATS[s] for s in seats if s in SEATS):
            seats[0] = "you"
        seals = getattr(match.rules, "seal_target", 15)
        return self.start(Setup(game=game, seats=seats, seed=match.seed, seals=seals), match)

    def language(self, lang: object) -> list[dict[str, Any]]:
        """The page reads ``lang`` from now on: the board shown is redrawn in it.

        Raises:
            ValueError: an unknown language (the known ones named); nothing changes.
        """
        self.lang = check_language(lang)
        if self.session is None:
            return []
        self.session.lang = self.lang
        self.session.refresh()
        return self.state()

    def save(self) -> dict[str, Any]:
        """The save file of the game shown: the same text as ``Match.save`` writes."""
        if self.session is None:
            raise SetupError(NO_GAME)
        match = self.session.match
        text = json.dumps(match.to_dict(), indent=1) + "\n"
        return {"type": "save", "text": text,
                "name": f"{match.game.GAME.name}-seed{match.seed}-move{match.cursor}.json"}

    # ------------------------------------------------------------- the board's messages
    def board(self, content: Any) -> list[dict[str, Any]]:
        """A board message of ``widgets/PROTOCOL.md``, answered as the classroom server does:
        the ``state`` that changed, then an ``ack`` (``ok`` false with the reason when it was
        refused), or an ``error`` for what could not be read or was made on an old drawing."""
        found = content.get("id") if isinstance(content, dict) else None
        number = found if type(found) is int else None
        session = self.session
        if session is None:
            with language(self.lang):
                return [{"type": "error", "id": number, "error": refusal(NO_GAME)}]
        try:
            message = m.decode(content)
        except m.BoardMessageError as err:
            return [{"type": "error", "id": number, "error": str(err)}]
        revision = session.match.revision
        error = session.handle(message)
        if (not error and m.kind_of(message) in MOVES
                and session.match.revision == revision):
            with language(self.lang):
                error = said(session.notice) or _("nothing was played")
        frames = self.state()
        if session.stale:
            return [*frames, {"type": "error", "id": number, "error": error}]
        return [*frames, {"type": "ack", "id": number, "ok": not error, "error": error}]

    def state(self) -> list[dict[str, Any]]:
        """A ``state`` frame with the traits that changed since the last one (none: nothing)."""
        assert self.session is not None
        traits = self.session.traits()
        changed = {k: v for k, v in traits.items() if self.last.get(k, self) != v}
        self.last = traits
        return [{"type": "state", "traits": changed}] if changed else []


def answer(game: PageGame, text: str) -> str:
    """What the worker calls: the frames for one message, as JSON text (one crossing of the
    Python/JavaScript border per message)."""
    return json.dumps(game.receive(text))


__all__ = ["CONTROLS", "GAMES", "SEALS", "SEATS", "PageGame", "Setup", "SetupError", "answer",
           "check", "options_of"]
