"""Monsoon Market in the rulebook's words, for people at a board (docs: "Boards").

The same jobs as :mod:`marketlib.bansan.words`: :data:`PHASES`, :func:`instruction`,
:func:`label` (from :data:`LABELS`, one entry per action kind), :func:`warning`, :func:`goal`,
:func:`final_standings`, :func:`recap` and :data:`LEGEND`, all from a seat's view (Monsoon
Market hides only the decks' order, A-M-25).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from marketlib.core.game import places, tie_breaks
from marketlib.core.i18n import N_, _, get_language, ngettext, register_refusals
from marketlib.monsoon.actions import (
    Action,
    Buy,
    Declare,
    Fulfill,
    Keep,
    Pass,
    Skip,
    Spend,
    SpendBonus,
    Steal,
    Take,
    Upgrade,
)
from marketlib.monsoon.options import Rules
from marketlib.monsoon.queries import catalog
from marketlib.monsoon.rules import apply, legal_actions
from marketlib.monsoon.scoring import seals_of
from marketlib.monsoon.state import BonusPending, FulfillPending, TakePending
from marketlib.monsoon.view import determinize

PHASES: dict[str, str] = {
    "action": N_("Action: steal, buy or fulfil"),
    "take": N_("Buy: take Market cards"),
    "spend": N_("Fulfil: spend Goods"),
    "bonus": N_("Bonus Action"),
    "end": N_("End of the turn"),
    "over": N_("Game over"),
}
"""Each engine phase in the rulebook's words (M-TURN-01, M-BUY, M-FUL, M-BA), in English: a
board shows ``_(PHASES[phase])``, in the language in force."""

def legend(rules: Rules) -> tuple[tuple[str, str], ...]:
    """Every code and symbol a Monsoon Market board shows, for a game with these rules: the
    seal target (M-END-01/02) and the display limit (M-SETUP-04, M-STEAL-01) are the ones in
    force.

    Example:
        >>> dict(legend(Rules(seal_target=30)))["Seals"][-31:]
        'first to 30 seals wins the game'
    """
    return (
        ("G S P C L W", _("the Goods: Gem, Scroll, Pepper, Cloth, Leather, Wood; a card shows "
                          "one or two types and a quantity")),
        (_("Gold"), _("for each type the Order asks for, goods of exactly that type, at least "
                      "its quantity (M-FUL-04): most seals, and you may take its Bonus Action")),
        (_("Silver"), _("each requirement line met by goods of a different type: fewer seals, "
                        "and the Bonus Action")),
        (_("Bulk"), _("enough goods in total, any types: fewest seals, no Bonus Action, but the "
                      "Bonus Good if the edge shows one")),
        (_("Bonus Good"), _("a good printed on a Bulk edge: you may spend it like a card to "
                            "fulfil (it cannot be stolen or spent to buy); spending it turns "
                            "that Order to Silver")),
        (_("Seals"), _("the score: the seals on the edge of each of your Orders facing you; "
                       "first to {target} seals wins the game").format(target=rules.seal_target)),
        (_("Steal"), _("take a card from the Market or from a display larger than yours (not "
                       "once your display holds {limit} cards, its limit)").format(
                           limit=rules.display_limit)),
        (_("Buy"), _("spend one of your cards to take Market cards")),
        ("MG-05, MO-12", _("card numbers: Goods cards and Orders")),
    )


LEGEND: tuple[tuple[str, str], ...] = legend(Rules())
"""The legend of a game with the default rules (M-COMP, M-FUL-04..06, M-BG, M-SEAL-01); a board
shows :func:`legend` of the rules in force."""

LEVELS = {"gold": N_("Gold"), "silver": N_("Silver"), "bulk": N_("Bulk")}
"""Each fulfilment level's name, in English (``_(LEVELS[level])`` in the language in force)."""


def _good(view: Any, card: str) -> str:
    c = catalog(view).goods[card]
    return "/".join(_(g.value) for g in c.goods) + f" {c.quantity}"


LABELS: dict[type[Action], Callable[[Any, Any], str]] = {
    Steal: lambda view, a: _("Steal {good} ({card})").format(good=_good(view, a.card),
                                                            card=a.card),
    Buy: lambda view, a: _("Buy with {good} ({card})").format(good=_good(view, a.card),
                                                             card=a.card),
    Take: lambda view, a: _("Take {good} ({card})").format(good=_good(view, a.card),
                                                          card=a.card),
    Fulfill: lambda view, a: _("Fulfil Order {order}").format(order=a.order),
    Spend: lambda view, a: _("Spend {good} ({card})").format(good=_good(view, a.card),
                                                            card=a.card),
    SpendBonus: lambda view, a: _("Spend the Bonus Good of {order}").format(order=a.order),
    Declare: lambda view, a: _("Declare {level}").format(level=_(LEVELS[a.level.value])),
    Upgrade: lambda view, a: _("Upgrade Order {order}").format(order=a.order),
    Keep: lambda view, a: _("Keep {good} ({card})").format(good=_good(view, a.card),
                                                          card=a.card),
    Skip: lambda view, a: _("Skip the Bonus Action"),
    Pass: lambda view, a: _("Pass"),
}
"""Each action kind's button words, ``LABELS[type](view, action)``, from the seat's view (the
cards' goods come from the game's card data); the board's presentation table
(:mod:`marketlib.widgets.monsoon_table`) takes each kind's from here."""


STEADY_LABELS: frozenset[type[Action]] = frozenset({
    Fulfill, SpendBonus, Declare, Upgrade, Skip, Pass})
"""The kinds whose :data:`LABELS` read only the action, never the position: a board words
each once per rules and language (``marketlib.widgets.presentation``). Not here: the kinds
that name a card's goods (from the card data)."""


LABEL_READS: dict[type[Action], Callable[[Any], Any]] = {}
"""The kinds whose :data:`LABELS` read the position only through one value (none in Monsoon
Market: a card's goods come from the card data, the rest read only the action)."""


def label(view: Any, action: Action) -> str:
    """The words a button uses for ``action`` (the notation goes in its tooltip): its kind's
    :data:`LABELS` entry.

    Example:
        >>> from marketlib.monsoon import Rules, Steal, setup, view
        >>> label(view(setup(Rules(players=2), seed=1), 0), Steal(player=0, card="MG-33"))
        'Steal Scroll/Cloth 1 (MG-33)'
    """
    words = LABELS.get(type(action))
    return str(action) if words is None else words(view, action)


def instruction(view: Any, decider: int | None, seat: int | None) -> str:
    """One line: what the deciding seat does now.

    Example:
        >>> from marketlib.monsoon import Rules, setup, view
        >>> instruction(view(setup(Rules(players=2), seed=1), 0), 0, 0)[:44]
        'Steal a card (from the Market or a larger di'
        >>> instruction(view(setup(Rules(players=2), seed=1), 1), 0, 1)  # not "Your turn"
        'P0 is choosing: steal a card, buy Market cards or fulfil an Order.'
    """
    if view.result is not None or decider is None:
        return _("The game is over.")
    if decider != seat:
        return step(view, decider, seat)
    p = view.pending
    if isinstance(p, TakePending):
        return _("Take {count} more Market card(s): click them.").format(count=p.remaining)
    if isinstance(p, FulfillPending):
        return _("Spend Goods (click your cards or Bonus Goods) for Order {order}, then declare "
                 "Gold, Silver or Bulk.").format(order=p.order)
    if isinstance(p, BonusPending):
        what = p.action.value.replace("_", " ")
        if get_language() != "en":
            what = _(BONUS_WORDS.get(p.action.value, what))
        return _("Take the Bonus Action of {order} ({what}) or skip it.").format(
            order=p.order, what=what)
    if _only_pass(view):
        return _("Nothing can be stolen, bought or fulfilled now: pass your turn (A-M-26).")
    return _("Steal a card (from the Market or a larger display), buy Market cards with one of "
             "yours, or fulfil an Order.")


def _only_pass(view: Any) -> bool:
    """The deciding seat's only move is to pass (A-M-26): its legal actions, the same in a
    world rebuilt from any seat's view (everything but the decks' order is public, A-M-25).

    A board asks it twice of one view (the instruction, and the question on Pass): the last
    answer is kept with its view (held, and compared with ``is``, so never another view)."""
    if view.phase != "action" or view.pending is not None:
        return False
    global _last_pass
    seen, only = _last_pass  # one read of one tuple: another thread's answer is never mixed in
    if seen is view:
        return only
    only = all(isinstance(a, Pass) for a in legal_actions(determinize(view, random.Random(0))))
    _last_pass = (view, only)
    return only


_last_pass: tuple[Any, bool] = (None, False)


BONUS_WORDS = {"upgrade": N_("upgrade an Order"), "keep1": N_("keep 1 spent card"),
               "fulfill_another": N_("fulfil another Order"), "steal2": N_("steal 2 cards")}
"""A Bonus Action (M-BA-01..04) as a sentence says it (in English: ``_()`` translates)."""


def step(view: Any, decider: int | None, seat: int | None) -> str:
    """The step in progress as ``seat`` reads it (``None``: a watcher): the decider reads
    "you", another seat reads it in the third person.

    Example:
        >>> from marketlib.monsoon import Rules, setup, view
        >>> step(view(setup(Rules(players=2), seed=1), 1), 0, 1)
        'P0 is choosing: steal a card, buy Market cards or fulfil an Order.'
    """
    if view.result is not None or decider is None:
        return _("The game is over.")
    me = decider == seat
    who = f"P{decider}"
    p = view.pending
    if isinstance(p, TakePending):
        return (_("You are buying: {count} more Market card(s) to take.") if me else
                _("{who} is buying: {count} more Market card(s) to take.")).format(
                    who=who, count=p.remaining)
    if isinstance(p, FulfillPending):
        spent = len(p.cards) + len(p.bonus_goods)
        return (_("You are fulfilling Order {order}: {spent} item(s) spent so far, then Gold, "
                  "Silver or Bulk.") if me else
                _("{who} is fulfilling Order {order}: {spent} item(s) spent so far, then Gold, "
                  "Silver or Bulk.")).format(who=who, order=p.order, spent=spent)
    if isinstance(p, BonusPending):
        what = _(BONUS_WORDS.get(p.action.value, p.action.value.replace("_", " ")))
        left = (_(" ({count} left, from the Market or a larger display)").format(
            count=p.steals_left) if p.action.value == "steal2" else "")
        return (_("You may take the Bonus Action of {order}: {what}{left}.") if me else
                _("{who} may take the Bonus Action of {order}: {what}{left}.")).format(
                    who=who, order=p.order, what=what, left=left)
    if view.phase == "action":
        return (_("You are choosing: steal a card, buy Market cards or fulfil an Order.") if me
                else _("{who} is choosing: steal a card, buy Market cards or fulfil an "
                       "Order.").format(who=who))
    now = _(PHASES[view.phase]) if view.phase in PHASES else view.phase
    return (_("You decide ({now}).") if me else _("{who} is deciding ({now}).")).format(
        who=who, now=now)


def _pass_warning(view: Any, action: Pass) -> str:
    if view.phase == "action" and not _only_pass(view):
        return _("Pass your turn? You could steal, buy or fulfil instead.")
    return ""


def _declare_warning(view: Any, action: Declare) -> str:
    if not isinstance(view.pending, FulfillPending):
        return ""
    world = determinize(view, random.Random(0))
    after = apply(world, action)
    player = action.player
    cat = catalog(world)
    gained = seals_of(after.seats[player], cat) - seals_of(world.seats[player], cat)
    bonus = any(o.bonus for o in after.seats[player].orders if o.id == view.pending.order)
    if gained <= 0 and not bonus:  # a Bulk edge's Bonus Good is worth it (A-M-11)
        spent = len(view.pending.cards) + len(view.pending.bonus_goods)
        return _("This {level} fulfilment scores 0 seals and spends {spent} item(s). Play "
                 "it anyway?").format(level=_(LEVELS[action.level.value]), spent=spent)
    return ""


WARNINGS: dict[type[Action], Callable[[Any, Any], str]] = {
    Pass: _pass_warning,
    Declare: _declare_warning,
}
"""The action kinds a board may question before playing them, each with its question
(``WARNINGS[type](view, action)``, "" when there is none in that position): a pass while
other moves exist, a fulfilment that scores nothing. Every other kind is played without a
question (:func:`warning`)."""


def warning(view: Any, action: Action) -> str:
    """A question to ask before a move that spends cards for nothing (no seal and no Bonus
    Good, A-M-11) or passes the turn while other moves exist ("" if none: a forced pass is not
    questioned, A-M-26; :data:`WARNINGS`).

    Example:
        >>> from marketlib.monsoon import Pass, Rules, setup, view
        >>> warning(view(setup(Rules(players=2), seed=1), 0), Pass(player=0))
        'Pass your turn? You could steal, buy or fulfil instead.'
    """
    question = WARNINGS.get(type(action))
    return "" if question is None else question(view, action)


def _who(seat: int, reader: int | None) -> str:
    return "you" if seat == reader else f"P{seat}"


def goal(view: Any) -> str:
    """What wins and where the reader stands (M-END-01/02), and what else ends the game and how
    close it is (M-END-03, A-M-06); everything in Monsoon Market is public but the decks' order
    (A-M-25), and every number comes from the rules in force.

    Example:
        >>> from marketlib.monsoon import Rules, setup, view
        >>> print(goal(view(setup(Rules(players=2), seed=1), 0)))
        ... # doctest: +NORMALIZE_WHITESPACE
        First to 15 seals wins (M-END-01). Seals now: P0 0, P1 0 (you: 15 to go). If the Orders
        run out first (4 on display, 32 in the deck), most seals wins, then most Gold-edge
        Orders (M-END-03).
    """
    rules = view.rules
    head = _("First to {target} seals wins (M-END-01).").format(target=rules.seal_target)
    if view.result is not None:
        return head
    seals = ", ".join(f"P{p} {s}" for p, s in enumerate(view.seals))
    me = view.viewer
    mine = ("" if me is None else _(" (you: {count} to go)").format(
        count=max(0, rules.seal_target - view.seals[me])))
    text = _("{head} Seals now: {seals}{mine}.").format(head=head, seals=seals, mine=mine)
    if rules.orders_exhausted_end:
        text += _(" If the Orders run out first ({display} on display, {deck} in the deck), most "
                  "seals wins, then most Gold-edge Orders (M-END-03).").format(
                      display=len(view.order_display), deck=view.order_deck_size)
    if rules.max_turns is not None:
        text += _(" The game stops after turn {last} (now turn {turn}), ranked the same way "
                  "(A-M-06).").format(last=rules.max_turns, turn=view.turn + 1)
    return text


ENDED: dict[str, str] = {
    "seal_target": N_("the seal target was reached"),
    "orders_exhausted": N_("the Orders ran out"),
    "turn_limit": N_("the turn limit was reached"),
    "stalemate": N_("nobody could act but pass"),
}
"""How a game ended, by :class:`~marketlib.monsoon.state.Ending` value, in a few words for the
end-of-game sentence (``Game over (the seal target was reached): ...``), in English: a board
says ``_(ENDED[value])`` in the language in force; :data:`ENDINGS` are the standings' longer
sentences, with the rule."""


def ended_name(ending: str, rules: Any) -> str | None:
    """How a game ended, in a few English words (the catalogue's): :data:`ENDED` by the
    outcome's ending code (``None``: a code it does not know). The game package hands it to the
    coach's results and the end-of-game sentence (``marketlib.bots.coach.ending_name``)."""
    return ENDED.get(ending)

ENDINGS = {
    "seal_target": N_("reached the seal target (M-END-01): the game ended at once"),
    "orders_exhausted": N_("the Order deck and display ran out (M-END-03)"),
    "turn_limit": N_("the turn limit was reached (A-M-06)"),
    "stalemate": N_("nobody could act but pass (A-M-26)"),
}
"""How a game ended, by :class:`~marketlib.monsoon.state.Ending` value (in English:
``_(ENDINGS[value])`` in the language in force)."""


def score(rules: Any, seat: int, points: int) -> str:
    """One seat's final score as the end-of-game sentence writes it: its seals (M-SEAL-01)."""
    return ngettext("P{seat} {score} seal", "P{seat} {score} seals", points).format(
        seat=seat, score=points)


def final_standings(view: Any) -> str:
    """The end of a finished game (everything is public, A-M-25): how it ended, each seat's
    place, seals and Gold-edge Orders, and which tie-breaker decided each tie (M-END-03, A-M-06,
    A-M-26). "" while playing.

    Example:
        >>> from marketlib.sim import play
        >>> from marketlib.monsoon import Rules, view
        >>> end = play("monsoon", Rules(players=3, max_turns=30), ["random"], seed=52)
        >>> print(final_standings(view(end.to_match().state, 0)))
        ... # doctest: +NORMALIZE_WHITESPACE
        The turn limit was reached (A-M-06). Standings: 1st P2 6 seals (Gold-edge Orders: 1),
        2nd P0 6 seals (Gold-edge Orders: 0), 3rd P1 3 seals (Gold-edge Orders: 0). P0 and P2
        tied on 6 seals: the tie-breaker, the most Gold-edge Orders (M-END-03), put P2 first
        (P2 1, P0 0).
    """
    result = view.result
    if result is None:
        return ""
    cat = catalog(view)
    gold = [sum(o.level.value == "gold" for o in seat.orders) for seat in view.seats]
    keys = [(seals_of(seat, cat), g) for seat, g in zip(view.seats, gold, strict=True)]
    place = places(result.winners, keys)
    order = sorted(range(len(keys)), key=lambda p: (place[p] or 0, p))
    value = result.ending.value
    ending = _(ENDINGS[value]) if value in ENDINGS else value
    if value == "seal_target":
        ending = _(" and ").join(f"P{w}" for w in result.winners) + " " + ending
    rows = ", ".join(ngettext("{place} P{seat} {seals} seal (Gold-edge Orders: {gold})",
                              "{place} P{seat} {seals} seals (Gold-edge Orders: {gold})",
                              keys[p][0]).format(
        place=_ordinal(place[p] or 0), seat=p, seals=keys[p][0], gold=keys[p][1])
        for p in order)
    said = []
    for level, tied in tie_breaks(keys):
        seats = ", ".join(f"P{p}" for p in tied[:-1]) + _(" and ") + f"P{tied[-1]}"
        if level == 1:
            best = max(keys[p] for p in tied)
            first = _(" and ").join(f"P{p}" for p in tied if keys[p] == best)
            said.append(ngettext(
                "{seats} tied on {seals} seal: the tie-breaker, the most Gold-edge Orders "
                "(M-END-03), put {first} first ({gold}).",
                "{seats} tied on {seals} seals: the tie-breaker, the most Gold-edge Orders "
                "(M-END-03), put {first} first ({gold}).", keys[tied[0]][0]).format(
                seats=seats, seals=keys[tied[0]][0], first=first,
                gold=", ".join(f"P{p} {keys[p][1]}" for p in _best_first(tied, keys))))
        else:
            said.append(ngettext(
                "{seats} tied on {seals} seal and on Gold-edge Orders ({gold} each): they "
                "share the place (M-END-03).",
                "{seats} tied on {seals} seals and on Gold-edge Orders ({gold} each): they "
                "share the place (M-END-03).", keys[tied[0]][0]).format(
                seats=seats, seals=keys[tied[0]][0], gold=keys[tied[0]][1]))
    if value == "seal_target":
        said = []  # the seat that reached the target won whatever the others hold (A-M-19)
    tail = (" " + " ".join(said)) if said else ""
    return _("{ending}. Standings: {rows}.{tail}").format(
        ending=f"{ending[0].upper()}{ending[1:]}", rows=rows, tail=tail)


def _best_first(seats: Sequence[int], keys: Sequence[Any]) -> list[int]:
    return sorted(seats, key=lambda p: (tuple(-k for k in keys[p]), p))


def _ordinal(n: int) -> str:
    if get_language() != "en":
        return _("{n}th (ordinal)").format(n=n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _past(views: Sequence[Any], i: int, action: Action, me: int) -> str:
    a, before = action, views[i]
    if isinstance(a, Steal):
        if a.card in before.seats[me].display:
            return _("stole {good} ({card}) from your display").format(
                good=_good(before, a.card), card=a.card)
        owner = next((q for q, s in enumerate(before.seats) if a.card in s.display), None)
        return (_("stole {good} from the Market") if owner is None else
                _("stole {good} from P{seat}'s display")).format(good=_good(before, a.card),
                                                                 seat=owner)
    if isinstance(a, Buy):
        return _("bought Market cards with {good}").format(good=_good(before, a.card))
    if isinstance(a, Declare):
        order = (before.pending.order if isinstance(before.pending, FulfillPending)
                 else _("an Order"))
        return _("fulfilled {order} at {level}").format(order=order,
                                                       level=_(LEVELS[a.level.value]))
    if isinstance(a, Upgrade):
        return _("upgraded {order}").format(order=a.order)
    if isinstance(a, Pass):
        return _("passed")
    return ""


SKIPPED_BONUS: dict[str, str] = {
    "upgrade": N_("The Bonus Action of {order} (upgrade an Order) is skipped: no other "
                  "fulfilled Order can be upgraded."),
    "keep1": N_("The Bonus Action of {order} (keep 1 spent card) is skipped: no Goods card "
                "was spent on it."),
    "fulfill_another": N_("The Bonus Action of {order} (fulfil another Order) is skipped: no "
                          "other Order can be fulfilled now."),
    "steal2": N_("The Bonus Action of {order} (steal 2 cards) is skipped: there is no card "
                 "to steal."),
}
"""Why an Order's Bonus Action was passed over at Gold or Silver (the rules skip one that can
do nothing, A-M-15, A-M-18), by action, in English: :func:`recap` says it after the move, so
the player is not left wondering where it went."""


def _skipped(views: Sequence[Any], i: int, action: Action) -> str:
    """The sentence of :data:`SKIPPED_BONUS` when ``action`` (move ``i``) declared Gold or
    Silver and the rules skipped its Bonus Action; else ""."""
    before, after = views[i], views[i + 1]
    if (not isinstance(action, Declare) or action.level.value == "bulk"
            or not isinstance(before.pending, FulfillPending) or after.result is not None
            or isinstance(after.pending, BonusPending)):
        return ""
    order = before.pending.order
    kind = catalog(before).orders[order].bonus_action.value
    return _(SKIPPED_BONUS[kind]).format(order=order)


def recap(views: Sequence[Any], actions: Sequence[Action], me: int) -> str:
    """One sentence: what one seat did in a row of moves, and what it changed for ``me``.

    Args:
        views: ``me``'s view before each move and after the last (``len(actions) + 1``).
        actions: the seat's moves, in order.
        me: the seat reading the sentence.
    """
    if not actions:
        return ""
    who = actions[0].player
    phrases: list[str] = []
    for i, a in enumerate(actions):
        phrase = _past(views, i, a, me)
        if phrase:
            phrases.append(phrase)
    before, after = views[0], views[-1]
    changes = []
    s0, s1 = before.seals[who], after.seals[who]
    if s1 != s0:
        changes.append(ngettext("P{seat} has {count} seal", "P{seat} has {count} seals",
                                s1).format(seat=who, count=s1))
    d0, d1 = len(before.seats[me].display), len(after.seats[me].display)
    if d1 < d0:
        changes.append(_("your display {before} -> {after} cards").format(before=d0, after=d1))
    text = ", ".join(phrases[:-1]) + (_(" and ") if len(phrases) > 1 else "") + (
        phrases[-1] if phrases else _("played"))
    skipped = [line for i, a in enumerate(actions) if (line := _skipped(views, i, a))]
    return " ".join([f"P{who} {text}" + (f": {', '.join(changes)}." if changes else "."),
                     *skipped])


REFUSALS: tuple[str, ...] = (
    N_('{hint}; {tag} is not one of them'),
    N_('the game is over'),
    N_("it is P{current}'s decision, not P{player}'s"),
    N_('you are taking {count} more Market card(s) for your Buy'),
    N_('you are fulfilling {order}: spend cards or Bonus Goods, then declare a level'),
    N_('you may take the Bonus Action of {order} ({action}) or skip'),
    N_('on your turn you steal, buy, fulfill an Order or pass'),
    N_('the Bonus Action of {order} is to upgrade an Order: take it or skip'),
    N_('the Bonus Action of {order} is to keep 1 spent card: take it or skip'),
    N_('the Bonus Action of {order} is to fulfil another Order: take it or skip'),
    N_('the Bonus Action of {order} is to steal 2 cards: take it or skip'),
    N_('your display is full ({limit} cards): you cannot steal'),
    N_("{card} is in {state}: you may steal only from the Market or another player's display"),
    N_("{card} is already in your display: you may steal only from the Market or another "
       "player's display"),
    N_('P{owner} has {theirs} cards and you have {mine}: you may only steal from a '
       'display larger than yours'),
    N_('P{owner} has {theirs} card and you have {mine}: you may only steal from a '
       'display larger than yours'),
    N_('{order} is an Order, not a Goods card: {says}'),
    N_('the Bonus Good on {order} {says}'),
    N_('only Goods cards can be stolen (from the Market or a display)'),
    N_('a Buy spends one of your Goods cards'),
    N_('can never be stolen (M-BG-03)'),
    N_('cannot be spent to Buy (M-BG-02)'),
    N_('{card} is not in your display: spend one of your own cards'),
    N_('{card} is not in the Market'),
    N_('{order} is not in the Order display'),
    N_('{order} needs {need} goods even at Bulk and you hold only {have}'),
    N_('{card} is not in your display'),
    N_('the Bonus Good on {order} is already spent'),
    N_('you have no unspent Bonus Good on {order}'),
    N_('Upgrade turns one of your *other* Orders, not {order} itself'),
    N_('{order} is not one of your fulfilled Orders'),
    N_('{order} is already Gold'),
    N_('{card} is an Order: a Bonus Good cannot be kept, only a Goods card spent on '
       'this Order (A-M-16)'),
    N_('{card} was not spent on {order}: Keep 1 returns one of the Goods cards spent on it to '
       'your display'),
    N_('take exactly {remaining} more Market card(s): a buyer may not take fewer (A-M-09)'),
    N_('passing is switched off (allow_pass=False): steal, buy or fulfill (a pass is '
       'allowed only when you can do none of them, A-M-26)'),
    N_("{card} would take {quantity} cards but your display has room for {room} "
       "(buy_overflow='illegal')"),
    N_('{card} is already spent on {order}'),
    N_('the spend meets {value}; declaring a lower level is switched off '
       '(allow_declared_lower_level=False)'),
    N_('Gold needs {label} of exactly those goods, and the spend does not cover that'),
    N_('Silver needs each line of {label} covered by a different good, and the spend does '
       'not cover that'),
    N_('Silver on a one-line Order needs {quantity} goods of a single type (any type, D-M-07), '
       'and the spend does not cover that'),
    N_("Bulk needs a total of at least the Order's quantity ({label}); the spend has {total}"),
)
"""The sentences this game's rules code refuses a move with (``explain``'s reasons), as it
writes them, in English; :func:`~marketlib.core.i18n.refusal` translates a refusal that matches
one where a person reads it (the rules code stays untranslated: no cost where bots search)."""
register_refusals(REFUSALS)

PREVIEWS: tuple[str, ...] = (
    N_('seals {before} -> {after}'),
    N_('display {before} -> {after} card'),
    N_('display {before} -> {after} cards'),
    N_('then take {count} Market card (M-BUY-01): display {before} -> {after} cards'),
    N_('then take {count} Market cards (M-BUY-01): display {before} -> {after} cards'),
    N_('then take {count} Market card (M-BUY-01): display {before} -> {after} card'),
    N_('then take up to {count} Market card (M-BUY-01, A-M-09): display {before} -> {least} to '
       '{most} cards'),
    N_('then take up to {count} Market cards (M-BUY-01, A-M-09): display {before} -> {least} to '
       '{most} cards'),
    N_('wins the game'),
    N_('ends the game'),
    N_('ends your turn'),
    N_('then spend Goods on {order} and declare a level (M-FUL-01)'),
    N_('what you hold can reach Gold (Seals on its Gold edge: {seals})'),
    N_('what you hold can reach Silver (Seals on its Silver edge: {seals})'),
    N_('what you hold can reach Bulk (Seals on its Bulk edge: {seals})'),
    N_('what you hold can reach Bulk (Seals on its Bulk edge: {seals}, and its Bonus Good: '
       '{amount})'),
    N_('the spend meets Gold (Seals on its Gold edge: {seals})'),
    N_('the spend meets Silver (Seals on its Silver edge: {seals})'),
    N_('the spend meets Bulk (Seals on its Bulk edge: {seals})'),
    N_('the spend meets Bulk (Seals on its Bulk edge: {seals}, and its Bonus Good: {amount})'),
    N_('the spend meets no level yet'),
    N_('no visible change yet'),
    N_('gains the Bonus Good on {order}: {amount} (M-FUL-06)'),
    N_('{order} at Bulk gives {seals} seals'),
    N_('{order} at Bulk gives {seals} seal'),
    N_('the Bonus Good on {order} is lost: its Order is upgraded (M-BG-04)'),
    N_('spends the Bonus Good on {order}, which turns its Order to Silver (M-BG-05)'),
    N_('no Bonus Action at Bulk: {bonus} is not taken (M-BA-05)'),
    N_('then its Bonus Action, {bonus}, if you want it (M-FUL-08)'),
    N_('its Bonus Action, {bonus}, is skipped: it can do nothing now ({rule})'),
)
"""The parts of a move's preview (``text.preview``), as the rules code writes them in English:
:func:`~marketlib.core.i18n.sentence` translates a preview where a board shows it."""
register_refusals(PREVIEWS)

__all__ = [
    "ENDED",
    "ENDINGS",
    "LABELS",
    "LEGEND",
    "LEVELS",
    "PHASES",
    "PREVIEWS",
    "REFUSALS",
    "final_standings",
    "goal",
    "instruction",
    "label",
    "legend",
    "recap",
    "score",
    "step",
    "warning",
]
