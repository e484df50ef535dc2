"""What a board sends to the front end for one seat, computed without a widget (docs: "Boards").

Everything here is built from the seat's view (``game.view(state, seat)``), a world rebuilt from
that view (``game.determinize``: for a preview or the answer to a click, when asked) and what the
seat itself chose, never from hidden parts of the true state; each view and world is worked out
once per (state, seat) (:mod:`.sight`). A seat's any-time actions are listed from its view
itself (the game's listing takes a view as it takes a state). Two
states the seat cannot tell apart therefore give byte-identical payloads; the conformance kit
checks that (:func:`marketlib.core.testing.check_hidden_information`).

A :class:`Table` is the game-specific half: how a view becomes a drawable ``scene``, and its
presentation table (:mod:`.presentation`): per action kind its label, button verb, the on-board
``target`` it is about, and which action a click on a target would mean.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from marketlib.bots.coach import ending_name
from marketlib.core.i18n import _, get_language, refusal, sentence
from marketlib.core.match import Match
from marketlib.widgets.presentation import Presentation
from marketlib.widgets.sight import WORLD_SEED, Sight, Sights, world_of
from marketlib.widgets.story import LOG_LINES, Reason, kept_log, story_lines

if TYPE_CHECKING:
    from marketlib.widgets.messages import Bargain, Counter, ProposeTrade

class Table:
    """The game-specific drawing rules of a board (subclassed per game).

    Every method works from a view (what one seat sees) and static card data only.
    """

    game_name = ""
    words: Any = None
    """The game's ``words`` module: phase names, instructions, labels, warnings, goal, recap
    and legend in the rulebook's words (``marketlib.<game>.words``)."""
    confirmed: tuple[type, ...] = ()
    """Action kinds whose success a board confirms in words (the game's ``recap`` of the move,
    e.g. "Done: P0 completed Shopping List SL-21: +RM8 for you."; issue 30, point 4)."""
    card_then_place = False
    """Whether some moves are played with two clicks, a card and then where it goes (Bansan's
    tuck, give and throw): the hint after a click on a legal move says so."""
    shown: Presentation | None = None
    """The game's presentation table: per action kind its label, button verb, target and the
    clicks that mean it (:mod:`.presentation`); :meth:`label`, :meth:`verb`, :meth:`target`
    and :meth:`intent` read it."""

    def cards(self, match: Match) -> dict[str, Any]:
        """Static card facts the front end needs to draw (labels, goods, prices, legend)."""
        return {}

    def scene(self, view: Any, decider: int | None) -> dict[str, Any]:
        """The drawable scene of ``view`` (JSON-ready builtins)."""
        raise NotImplementedError

    def label(self, view: Any, action: Any) -> str:
        """The words of ``action``'s button in the position ``view`` shows."""
        if self.shown is None:
            return str(self.words.label(view, action))
        return self.shown.label(view, action)

    def named(self, view: Any, action: Any) -> str:
        """How a sentence away from the board (a hint, a review) names ``action``: its button's
        words in quotes, and what they lean on that the board shows beside the button (the
        offer an accept answers: the game's ``words.context``), so the sentence reads alone.

        Example:
            >>> from marketlib.widgets import table_of
            >>> from marketlib.monsoon import Pass, Rules, setup, view
            >>> table_of("monsoon").named(view(setup(Rules(), seed=1), 0), Pass(player=0))
            '“Pass”'
        """
        words = f"“{self.label(view, action)}”"
        context = getattr(self.words, "context", None)
        said = "" if context is None else context(view, action)
        return f"{words} ({said})" if said else words

    def verb(self, action: Any) -> str:
        """The short verb tag of a highlighted button (``steal``, ``stock``, ``R&R``...); the
        notation verb for a game without a presentation table."""
        if self.shown is None:
            parts = str(action).split(" ")
            return parts[1] if len(parts) > 1 else ""
        return self.shown.verb(action)

    def target(self, action: Any) -> str:
        """The on-board thing an action is about, e.g. ``card:MG-05`` or ``button:pass``."""
        if self.shown is None:
            raise NotImplementedError
        return self.shown.target(action)

    def intent(self, view: Any, target: str, player: int) -> Any:
        """The action a click on ``target`` would mean for ``player`` now, or ``None``."""
        if self.shown is None:
            raise NotImplementedError
        return self.shown.intent(view, target, player)

    def presented(self, view: Any, action: Any) -> tuple[str, str, str]:
        """:meth:`label`, :meth:`verb` and :meth:`target` of ``action`` at once
        (:meth:`~.presentation.Presentation.presented`)."""
        if self.shown is None:
            return self.label(view, action), self.verb(action), self.target(action)
        return self.shown.presented(view, action)

    def text(self, view: Any) -> str:
        """The plain-text description of the board."""
        return str(view)

    def turn_in_progress(self, view: Any) -> tuple[int, int] | None:
        """The round and the turn in progress (from 1), or ``None`` outside the turns, as the
        text view says them; the header shows the round (the scene's ``round``)."""
        return None

    def probe_targets(self, view: Any) -> list[str]:
        """Targets worth clicking in a test of what ``explain`` answers (cards, buttons...)."""
        return []

    def proposal(self, message: ProposeTrade | Bargain | Counter, player: int) -> Any:
        """The action a proposal message (a Bansan ``propose_trade``, ``bargain`` or
        ``counter``, already decoded strictly) stands for; ``apply`` validates it.

        Raises:
            ValueError: the game has no proposals.
        """
        raise ValueError(f"{self.game_name} has no proposals")


def explain_click(table: Table, match: Match, target: str, player: int,
                  sights: Sights | None = None) -> str:
    """The sentence a board shows after a click on ``target`` that is not a highlighted choice:
    the rule ID and reason from ``explain``, worked out in a world rebuilt from ``player``'s
    view, so it cannot mention a hidden card (``sights``: the table's, to reuse them)."""
    game = match.game
    sight = (sights or Sights(game)).of(match.state)
    view = sight.view(player)
    action = table.intent(view, target, player)
    if action is None:
        return _("{thing} is not something you can use right now.").format(
            thing=target.split(":", 1)[-1])
    why = game.explain(sight.world(player), action)
    if why is None:  # legal, but not what was clicked: say how to play it (issue 30, point 4)
        said = (_("{label} [{action}] is allowed now. To play it, click its highlighted choice "
                  "(a card that goes somewhere: the card first, then where it goes).")
                if table.card_then_place else
                _("{label} [{action}] is allowed now. To play it, click its highlighted choice."))
        return said.format(label=table.label(view, action), action=action)
    return f"{why.rule}: {refusal(why.reason)}"


def summary_text(match: Match, table: Table | None = None, view: Any = None) -> str:
    """The end-of-game sentence (empty while playing). Outcomes are public. With the game's
    ``table`` and a seat's ``view`` of the finished position, the final standings follow, with
    the tie-breakers the rules applied and how the game ended where it was not the usual end
    (the game's ``words.final_standings``, issue 30); without them, how it ended is said in the
    heading, in words where the table has them, as the coach's review says it
    (:func:`~marketlib.bots.coach.ending_name`: a Kenduri's feast by its rules), else as
    the ending's code. Each score is written as the game's words write it (``score``:
    ``P0 RM26``, ``P0 16 seals``, a Sendiri total ``P0 73 (money + Deck cards)``), else with
    the game's ``score_unit``."""
    outcome = match.outcome
    if outcome is None:
        return ""
    winners = _(" and ").join(f"P{w}" for w in outcome.winners) or _("nobody")
    words = getattr(table, "words", None)
    score = getattr(words, "score", None)  # the game's own way to write a score
    unit = match.game.GAME.score_unit
    scores = ", ".join(score(match.rules, p, s) if score is not None else f"P{p} {s} {unit}"
                       for p, s in enumerate(outcome.scores))
    standings = getattr(words, "final_standings", None)
    alone = not outcome.winners and len(outcome.scores) == 1  # a solo game lost (Sendiri,
    # B-SOLO-18): "nobody won" read as if someone else might have (helper-106)
    if standings is not None and view is not None:
        text = (_("Game over: P0 lost. {scores}.").format(scores=scores) if alone else
                _("Game over: {winners} won. {scores}.").format(winners=winners, scores=scores))
        return f"{text} {standings(view)}"
    ending = outcome.ending.value
    named = ending_name(match.game, outcome, match.rules) if words is not None else ""  # as
    # the review names it (a Kenduri's feast by its rules); no table: the ending's code
    if alone:
        return _("Game over ({ending}): P0 lost. {scores}.").format(
            ending=_(named) if named else ending, scores=scores)
    return _("Game over ({ending}): {winners} won. {scores}.").format(
        ending=_(named) if named else ending, winners=winners, scores=scores)


def choices_for(table: Table, match: Match, decider: int,
                sights: Sights | None = None) -> list[dict[str, Any]]:
    """The legal actions of ``decider``, each with ``text`` (notation), ``label`` (words),
    ``target`` and ``warn`` (a question to ask first, or ""), all from the decider's view only
    (``sights``: the table's, to reuse them: the decider's board and the teacher's share one
    list, worked out once per position and language; treat it as read-only). Their previews
    are worked out when a person first points at one (:func:`previews_for`)."""
    return _choices(table, (sights or Sights(match.game)).of(match.state), decider,
                    get_language())


def _choices(table: Table, sight: Sight, decider: int, lang: str) -> list[dict[str, Any]]:
    """:func:`choices_for` in the :class:`~.sight.Sight` of the position."""
    return sight.kept(("choices", table, decider, lang), lambda: described(
        table, sight.view(decider), sight.legal_actions()))


def described(table: Table, view: Any, actions: Sequence[Any]) -> list[dict[str, Any]]:
    """``actions`` as the front end draws them: index, notation, words, verb, target and a
    question to ask first (their previews: :func:`previewed`)."""
    warnings = getattr(table.words, "WARNINGS", None)  # the kinds that may be questioned
    ask = table.words.warning  # (most never are); words without that table: ask each kind
    shown = table.shown  # its rows at once, when the table has them (a call less per choice),
    choice = (shown.choice if shown is not None  # a steady kind's words once per rules
              else lambda view, a, lang: (*table.presented(view, a), str(a)))
    lang = get_language()
    out = []
    for i, action in enumerate(actions):
        label, verb, target, text = choice(view, action, lang)
        question = ask if warnings is None else warnings.get(type(action))
        out.append({"index": i, "text": text, "label": label, "verb": verb,
                    "target": target, "warn": "" if question is None else question(view, action)})
    return out


def previewed(game: Any, view: Any, world: Any, actions: Sequence[Any]) -> list[str]:
    """The preview of each of ``actions`` (what it does, from ``view`` only), worked out in
    ``world``, rebuilt from ``view``. ``actions`` are legal (the decider's legal actions, or a
    seat's any-time ones), so each is played without running its checks again."""
    preview = game.preview
    return [sentence(str(preview(view, action, world, legal=True))) for action in actions]


def any_time_actions(game: Any, state: Any, seat: int,
                     sights: Sights | None = None) -> tuple[Any, ...]:
    """``seat``'s any-time actions in ``state`` (Bansan's Rent & Release on another vendor's
    decision, A-B-60): the game's ``any_time_actions`` asked of ``seat``'s own view, which a
    game's listing takes as it takes a state (it reads public facts and the seat's own money;
    the conformance kit checks both give the same actions), so no world is dealt for it (issue
    28); none for a game without any-time actions and once the game is over."""
    return _any_time_actions(game, (sights or Sights(game)).of(state), seat)


def _any_time_actions(game: Any, sight: Sight, seat: int) -> tuple[Any, ...]:
    """:func:`any_time_actions` in the :class:`~.sight.Sight` of the position, worked out once
    per seat."""
    listing = getattr(game, "any_time_actions", None)
    if listing is None:
        return ()
    return sight.kept(("any_time_actions", seat), lambda: () if game.outcome(
        sight.state) is not None else tuple(listing(sight.view(seat), seat)))


def any_time_for(table: Table, match: Match, seat: int,
                 sights: Sights | None = None) -> list[dict[str, Any]]:
    """``seat``'s any-time actions now (:func:`any_time_actions`), in the shape of
    :func:`choices_for`, from ``seat``'s view only (``sights``: the table's, to reuse them)."""
    return _any_time(table, match.game, (sights or Sights(match.game)).of(match.state), seat,
                     get_language())


def _any_time(table: Table, game: Any, sight: Sight, seat: int,
              lang: str) -> list[dict[str, Any]]:
    """:func:`any_time_for` in the :class:`~.sight.Sight` of the position."""
    actions = _any_time_actions(game, sight, seat)
    if not actions:
        return []
    return sight.kept(("any_time", table, seat, lang),
                      lambda: described(table, sight.view(seat), actions))


def listed(game: Any, state: Any, seat: int, humans: Collection[int] | None,
           teacher_view: bool) -> tuple[int | None, int | None]:
    """Whose choices and whose any-time actions a board shown to ``seat`` lists: the decider,
    when it is a person and the board is the decider's or the teacher view (else ``None``),
    and ``seat``, when it is a person's and not in the teacher view (else ``None``)."""
    return _listed(game.current_player(state), seat, humans, teacher_view)


def _listed(decider: int | None, seat: int, humans: Collection[int] | None,
            teacher_view: bool) -> tuple[int | None, int | None]:
    """:func:`listed`, the position's ``decider`` given."""
    chooser = decider if decider is not None and (humans is None or decider in humans) and (
        teacher_view or decider == seat) else None
    return chooser, None if teacher_view or (humans is not None and seat not in humans) \
        else seat


def previews_for(table: Table, match: Match, seat: int, *, state: Any = None,
                 humans: Collection[int] | None = None, teacher_view: bool = False,
                 covered: bool = False, sights: Sights | None = None) -> dict[str, list[str]]:
    """The previews of what :func:`payload` lists for ``seat`` in ``state`` (the position a
    board drew; default: the match's now): ``choices`` and ``any_time``, one sentence per
    item in the same order (none while ``covered``). A board asks for them when a person first
    points at a choice (the ``previews`` message), so a position nobody points at (a computer
    player's, a phone's, where a tap plays) previews nothing. Each is worked out from its
    mover's view only, once per position and language (``sights``)."""
    if covered:
        return {"choices": [], "any_time": []}
    game = match.game
    state = match.state if state is None else state
    sights = sights or Sights(game)
    sight = sights.of(state)
    chooser, anyone = listed(game, state, seat, humans, teacher_view)
    lang = get_language()
    choices: list[str] = []
    if chooser is not None:
        choices = sight.kept(("previews", chooser, lang), lambda: previewed(
            game, sight.view(chooser), sight.world(chooser), sight.legal_actions()))
    any_time: list[str] = []
    if anyone is not None and (actions := _any_time_actions(game, sight, anyone)):
        any_time = sight.kept(("any_time_previews", anyone, lang), lambda: previewed(
            game, sight.view(anyone), sight.world(anyone), actions))
    return {"choices": choices, "any_time": any_time}


def text_for(table: Table, match: Match, seat: int, *, state: Any = None,
             teacher_view: bool = False, covered: bool = False,
             sights: Sights | None = None) -> str:
    """The text description of the board shown to ``seat`` in ``state`` (the position a board
    drew; default: the match's now): the game's text table of ``seat``'s view, or of the
    teacher view, in the language in force; "" while ``covered``. Worked out once per
    position, seat and language (``sights``)."""
    if covered:
        return ""
    state = match.state if state is None else state
    shown = None if teacher_view else seat
    sight = (sights or Sights(match.game)).of(state)
    return sight.kept(("text", shown, get_language()), lambda: table.text(sight.view(shown)))


def payload(
    table: Table,
    match: Match,
    seat: int,
    *,
    humans: Collection[int] | None = None,
    teacher_view: bool = False,
    covered: bool = False,
    reasons: Mapping[tuple[int, Any], Reason] | None = None,
    cache: dict[Any, Any] | None = None,
    sights: Sights | None = None,
    text: bool = True,
) -> dict[str, Any]:
    """The traits a board sends for ``seat``: ``scene``, ``choices`` (the decider's legal
    actions, when ``seat`` decides), ``any_time`` (``seat``'s any-time actions,
    :func:`any_time_for`), ``log`` (the last :data:`LOG_LINES` lines) and ``log_total``,
    ``story``, ``description`` and ``summary``.

    Args:
        table: the game's :class:`Table`.
        match: the match shown.
        seat: the seat the board is shown to.
        humans: the seats played by people (choices are offered only to them; default all).
        teacher_view: show everything (only a teacher's board may ask for it).
        covered: hot-seat cover: nothing private at all is sent.
        reasons: computer players' reasons by ``(index, action)``.
        cache: a dict the caller keeps to reuse log lines and the story's sentences between
            calls (cleared for a new game).
        sights: the views and worlds the caller keeps (:class:`~.sight.Sights`), to reuse
            them between calls; each is worked out once per (state, seat) either way.
        text: write the ``description`` (:func:`text_for`); ``False``: "" (a board whose
            text view is closed, issue 28).
    """
    game = match.game
    state = match.state
    sights = sights or Sights(game)
    if covered:  # the end's standings are public (completed lists, money counted)
        over = match.outcome is not None
        end = summary_text(match, table, sights.of(state).view(seat) if over else None)
        return {"scene": {"game": table.game_name, "covered": True}, "choices": [],
                "any_time": [], "log": [], "log_total": 0,
                "story": [], "description": "", "summary": end}
    decider = game.current_player(state)
    shown = None if teacher_view else seat
    sight = sights.of(state)
    view = sight.view(shown)
    lang = get_language()
    chooser, anyone = _listed(decider, seat, humans, teacher_view)
    choices = [] if chooser is None else _choices(table, sight, chooser, lang)
    any_time = [] if anyone is None else _any_time(table, game, sight, anyone, lang)
    log = kept_log(match, shown, reasons or {}, cache)  # read-only: sliced below
    words = table.words
    scene = table.scene(view, decider)
    phase = str(view.phase)
    turn = table.turn_in_progress(view)
    scene.update(round=None if turn is None else turn[0],  # as the text view says it
                 title=_(words.PHASES[phase]) if phase in words.PHASES else phase,
                 instruction=words.instruction(view, decider, decider if teacher_view else seat),
                 step=words.step(view, decider, decider if teacher_view else seat),
                 goal=words.goal(view))
    return {
        "scene": scene,
        "choices": choices,
        "any_time": any_time,
        "log": log[-LOG_LINES:],
        "log_total": len(log),
        "story": story_lines(table, match, seat, sights, cache),
        "description": text_for(table, match, seat, teacher_view=teacher_view,
                                sights=sights) if text else "",
        "summary": summary_text(match, table, view),
    }


def probe(table: Table, match: Match, seat: int) -> dict[str, Any]:
    """The payload for ``seat``, the previews its board is sent when a person points at a
    choice, and the answer to a click on each of the view's probe targets (for the
    hidden-information test)."""
    sights = Sights(match.game)
    data = payload(table, match, seat, sights=sights)
    data["previews"] = previews_for(table, match, seat, sights=sights)
    view = sights.of(match.state).view(seat)
    data["notices"] = {t: explain_click(table, match, t, seat, sights)
                       for t in table.probe_targets(view)}
    return data


def payload_function(table: Table) -> Callable[[Match, int], dict[str, Any]]:
    """``probe`` bound to ``table``, in the shape the conformance kit takes."""
    return lambda match, seat: probe(table, match, seat)


__all__ = ["WORLD_SEED", "Table", "any_time_actions", "any_time_for", "choices_for",
           "explain_click", "payload", "payload_function", "previews_for", "probe",
           "summary_text", "text_for", "world_of"]
