"""Text and static HTML pictures of a Monsoon Market state or view (no JavaScript).

``str(state)`` is a compact table used by golden tests; ``state._repr_html_()`` draws the board
so a state shows in a notebook, in nbval output and in static docs. Goods use the Okabe-Ito
colour-blind-safe palette and always carry their name, so colour is never the only cue.
"""

from __future__ import annotations

import html
from typing import Any

from marketlib.core import pictures
from marketlib.core.game import round_of
from marketlib.core.i18n import _, ngettext
from marketlib.core.palette import ink
from marketlib.monsoon.cards import Catalog, Good, Level
from marketlib.monsoon.queries import catalog
from marketlib.monsoon.scoring import seals_of
from marketlib.monsoon.state import BonusPending, FulfillPending, State, TakePending
from marketlib.monsoon.view import View
from marketlib.monsoon.words import PHASES

COLOURS = {
    Good.GEM: "#0072B2",
    Good.SCROLL: "#E69F00",
    Good.PEPPER: "#D55E00",
    Good.CLOTH: "#CC79A7",
    Good.LEATHER: "#8B5A2B",
    Good.WOOD: "#009E73",
}
LEVEL_MARK = {Level.GOLD: "G", Level.SILVER: "S", Level.BULK: "B"}


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _card(cat: Catalog, card: str) -> str:
    return f"{card}:{cat.goods[card].label}"


def _pending_text(state: State | View) -> str:
    p = state.pending
    if isinstance(p, TakePending):
        return _("taking {count} more Market card(s)").format(count=p.remaining)
    if isinstance(p, FulfillPending):
        spent = [*p.cards, *(f"bonus@{o}" for o in p.bonus_goods)]
        return _("fulfilling {order}, spent [{spent}]").format(order=p.order,
                                                               spent=", ".join(spent))
    if isinstance(p, BonusPending):
        return _("Bonus Action {action} of {order}").format(action=p.action.value, order=p.order)
    return ""


def turn_in_progress(state: State | View) -> tuple[int, int] | None:
    """The round and the turn in progress, each counted from 1 (M-TURN-01: each seat takes one
    turn a round), or ``None`` once the game is over (a turn count would name a turn nobody
    plays). The board's header and the text views say it."""
    if state.result is not None:
        return None
    return round_of(state), state.turn + 1


def _round_and_turn(state: State | View) -> list[str]:
    turn = turn_in_progress(state)
    return [] if turn is None else [
        _("round {round}, turn {turn}").format(round=turn[0], turn=turn[1])]


def _target(state: State | View) -> str:
    target = state.rules.seal_target
    return ngettext("target {target} seal", "target {target} seals", target).format(
        target=target)


def text_key(rules: Any) -> str:
    """How to read :func:`text_table`, one mark a line, in the language in force: the text
    view's codes and marks were explained nowhere beside it (helper-74)."""
    goods = ", ".join(g.value if _(g.value) == g.value else f"{g.value} ({_(g.value)})"
                      for g in Good)  # the codes the text view writes, named in the language
    return "\n".join([
        _("How to read the text view:"),
        _("Goods: {goods}.").format(goods=goods),
        _("MG-38:Wood4 is a Goods card: its good and how many it counts for; MG-34:Pepper/Cloth1 "
          "counts as either good, not both (M-COMP-03)."),
        _("MO-06 2 Scroll + 1 Cloth (fulfill_another) is an Order on display: what it needs and "
          "its Bonus Action."),
        _("P0  2 seals  [ 6]: a player's seals and the number of cards in their Display; orders: "
          "MO-23B: an Order they fulfilled at Gold (G), Silver (S) or Bulk (B), with + while its "
          "Bonus Good is unspent."),
        _("> marks the player to play; the first line ends with the seals that win ({target})."
          ).format(target=rules.seal_target),
        _("Pending: the step in progress (the Market cards still to take, the cards spent on "
          "an Order, a Bonus Action)."),
    ])


def text_table(state: State | View) -> str:
    """A compact, deterministic text table of the whole visible table (and decks' sizes), in
    the language in force: its words translated, card and Order codes, the phase and the level
    marks as they are; English byte for byte as before ("1 seals" included: golden)."""
    cat = catalog(state)
    deck = getattr(state, "goods_deck", None)
    goods_deck = len(deck) if deck is not None else getattr(state, "goods_deck_size", 0)
    odeck = getattr(state, "order_deck", None)
    order_deck = len(odeck) if odeck is not None else getattr(state, "order_deck_size", 0)
    lines = [
        "  ".join(["Monsoon Market", *_round_and_turn(state),
                   _(PHASES[state.phase]) if state.phase in PHASES else state.phase,
                   _target(state)]),
        _("Goods deck {goods}  Order deck {orders}  discard {discard}").format(
            goods=goods_deck, orders=order_deck, discard=len(state.discard)),
        _("Market: {cards}").format(
            cards=" ".join(_card(cat, c) for c in state.market) or "-"),
        _("Orders: {orders}").format(orders=" | ".join(
            f"{o} {cat.orders[o].label} ({cat.orders[o].bonus_action.value})"
            for o in state.order_display) or "-"),
    ]
    with_orders = _("{marker}P{seat} {seals} seals  [{count}] {cards}  orders: {orders}")
    without = _("{marker}P{seat} {seals} seals  [{count}] {cards}")
    for p, seat in enumerate(state.seats):
        marker = ">" if p == state.current and state.result is None else " "
        owned = " ".join(
            f"{o.id}{LEVEL_MARK[o.level]}{'+' if o.bonus else ''}" for o in seat.orders
        )
        lines.append((with_orders if owned else without).format(
            marker=marker, seat=p, seals=f"{seals_of(seat, cat):>2}",
            count=f"{len(seat.display):>2}",
            cards=" ".join(_card(cat, c) for c in seat.display) or "-", orders=owned))
    pending = _pending_text(state)
    if pending:
        lines.append(_("Pending: P{seat} {pending}").format(seat=state.current, pending=pending))
    if state.result is not None:
        winners = ", ".join(f"P{w}" for w in state.result.winners)
        lines.append(_("Over ({ending}): winner {winners}; seals {scores}").format(
            ending=state.result.ending.value, winners=winners,
            scores=list(state.result.scores)))
    return "\n".join(lines)


def _chip(cat: Catalog, card: str) -> str:
    c = cat.goods[card]
    colour = COLOURS[c.goods[0]]
    stripe = COLOURS[c.goods[1]] if len(c.goods) > 1 else colour
    return (
        f'<span title="{_e(card)}" style="display:inline-block;margin:2px;padding:2px 6px;'
        f"border-radius:4px;border:2px solid {stripe};background:{colour};color:{ink(colour)};"
        f'font:12px sans-serif"><span style="font-size:10px">{_e(card)}</span> {_e(c.label)}'
        "</span>"
    )  # the card's ID shown, as the notation names it (``P0 steal MG-33``)


def _order_box(cat: Catalog, order_id: str, level: Level | None = None, bonus: bool = False) -> str:
    o = cat.orders[order_id]
    bulk = f"{o.bulk}" + (f"+{o.bonus_quantity} {o.bonus_good.value}" if o.bonus_good else "")
    action = o.bonus_action.value.replace("_", " ")
    edge = f" facing {level.value.upper()}" if level else ""
    extra = " (Bonus Good unspent)" if bonus else ""
    return (
        '<div style="display:inline-block;vertical-align:top;margin:3px;padding:4px;'
        'border:1px solid #555;border-radius:6px;font:12px sans-serif;min-width:120px">'
        f"<b>{_e(order_id)}</b>{_e(edge)}{_e(extra)}<br>{_e(o.label)}<br>"
        f"G {o.gold} / S {o.silver} / B {_e(bulk)}<br>"
        f"<i>{_e(action)}</i></div>"
    )


def html_board(state: State | View) -> str:
    """A static HTML board (no scripts): Market, Order display, each display and its Orders,
    in the language in force (card codes and the pending notation stay as they are)."""
    cat = catalog(state)
    w_market = _e(_("Market:"))
    w_order_display = _e(_("Order display:"))
    w_to_play = _e(_("(to play)"))
    w_pending = _e(_("Pending:"))
    w_game_over = _e(_("Game over"))
    parts = ['<div class="marketlib-monsoon-static" style="font:13px sans-serif">']
    parts.append("<div><b>Monsoon Market</b> - " + _e(
        ", ".join([*_round_and_turn(state), _target(state)])) + "</div>")
    parts.append(f"<div><b>{w_market}</b> " + "".join(_chip(cat, c) for c in state.market)
                 + "</div>")
    parts.append(f"<div><b>{w_order_display}</b><br>"
                 + "".join(_order_box(cat, o) for o in state.order_display) + "</div>")
    for p, seat in enumerate(state.seats):
        turn = f" {w_to_play}" if p == state.current and state.result is None else ""
        seals = seals_of(seat, cat)
        parts.append(
            f'<div style="margin-top:4px"><b>P{p}</b>{turn}: '
            + _e(ngettext("{seals} seal, {count}/{limit} cards",
                          "{seals} seals, {count}/{limit} cards", seals).format(
                seals=seals, count=len(seat.display), limit=state.rules.display_limit))
            + "<br>" + "".join(_chip(cat, c) for c in seat.display)
            + "<br>" + "".join(_order_box(cat, o.id, o.level, o.bonus) for o in seat.orders)
            + "</div>"
        )
    pending = _pending_text(state)
    if pending:
        parts.append(f"<div><b>{w_pending}</b> {_e(pending)}</div>")
    if state.result is not None:
        winners = ", ".join(f"P{w}" for w in state.result.winners)
        parts.append(f"<div><b>{w_game_over}</b> ({_e(state.result.ending.value)}): "
                     + _e(_("{winners} won").format(winners=winners)) + "</div>")
    parts.append("</div>")
    return "".join(parts)


# ``str(state)`` and ``state._repr_html_()`` (and a view's) draw through these.
pictures.register(State, text_table=text_table, html_board=html_board,
                  turn_in_progress=turn_in_progress)
pictures.register(View, text_table=text_table, html_board=html_board,
                  turn_in_progress=turn_in_progress)
