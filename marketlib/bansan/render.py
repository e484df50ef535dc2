"""Text and static HTML pictures of a Bansan state or view (no JavaScript).

``str(state)`` is a compact deterministic table (used by golden transcripts), in the language in
force: English is the golden transcripts' text byte for byte, and a board's text view for screen
readers (:func:`text_table`) reads in its seat's language, codes and notation unchanged;
``_repr_html_``
draws the stall grid, the Row, the bins with their fill and overflow, the bags and the public
lists. Produce types use the Okabe-Ito colour-blind-safe palette and always carry their letters,
so colour is never the only cue.
"""

from __future__ import annotations

import html
from typing import Any

from marketlib.bansan import actions as A
from marketlib.bansan.cards import NAMES, WASTE_WORDS, WASTES, Catalog, Produce
from marketlib.bansan.queries import catalog, price_basis, purchase_total, throwing_from
from marketlib.bansan.state import (
    NEIGHBOUR,
    BargainOffer,
    ListReturn,
    Offer,
    OpeningHand,
    Purchase,
    SoloThrow,
    Stall,
    State,
    Stocking,
)
from marketlib.bansan.turn import FLOW, decider
from marketlib.bansan.view import VendorView, View
from marketlib.bansan.words import PHASES, event_status, explanations
from marketlib.core import pictures
from marketlib.core.game import round_of
from marketlib.core.i18n import N_, _, get_language, ngettext, sentence
from marketlib.core.palette import ink

COLOURS = {
    Produce.FV: "#009E73",
    Produce.WG: "#56B4E9",
    Produce.MT: "#D55E00",
    Produce.DG: "#E69F00",
    Produce.SF: "#0072B2",
    Produce.MM: "#CC79A7",
}


def _vendors(state: State | View) -> tuple[VendorView, ...]:
    """Vendors as views (a state shows everything)."""
    out = []
    for v in state.vendors:
        if isinstance(v, VendorView):
            out.append(v)
        else:
            out.append(VendorView(money=v.money, wallet=v.wallet, wallet_size=len(v.wallet),
                                  completed=v.completed, bag=v.bag, rr_used=v.rr_used))
    return tuple(out)


def offer_text(offer: Offer, buyer: int | None = None) -> str:
    """An offer on the table in words (B-ANY-01/02); with the ``buyer`` (the vendor whose BUY it
    is), a bargain that the seller countered asks its price (A-B-60).

    Example:
        >>> from marketlib.bansan.state import BargainOffer, TradeOffer
        >>> offer_text(BargainOffer(frm=0, to=2, card="PC-72", price=1))
        'P0 proposes RM1 for PC-72 to P2'
        >>> offer_text(TradeOffer(frm=1, to=0, give=("PC-01",), ask=3, counters=1))
        'P1 proposes a trade to P0: P1 gives PC-01 and RM0, P0 gives - and RM3 (1 counter-offer)'
    """
    if isinstance(offer, BargainOffer) and buyer is not None and offer.frm != buyer:
        text = _("P{seat} asks RM{price} for {card} from P{to}").format(  # a seller's counter
            seat=offer.frm, price=offer.price, card=offer.card, to=offer.to)
    elif isinstance(offer, BargainOffer):
        text = _("P{seat} proposes RM{price} for {card} to P{to}").format(
            seat=offer.frm, price=offer.price, card=offer.card, to=offer.to)
    else:
        text = _("P{seat} proposes a trade to P{to}: P{seat} gives {give} and RM{pay}, P{to} "
                 "gives {take} and RM{ask}").format(
            seat=offer.frm, to=offer.to, give=",".join(offer.give) or "-", pay=offer.pay,
            take=",".join(offer.take) or "-", ask=offer.ask)
    if offer.counters:
        text += ngettext(" ({count} counter-offer)", " ({count} counter-offers)",
                         offer.counters).format(count=offer.counters)
    return text


def _pending(state: State | View) -> str:
    p = state.pending
    if isinstance(p, OpeningHand):
        cat = catalog(state)  # each card as the Row shows it: ID, top/bottom produce, waste
        return _("choosing top or bottom halves of {cards}").format(cards=" ".join(
            f"{c}:{cat.produce[c].label}" for c in p.cards))
    if isinstance(p, Stocking):
        return _("stocking {cards}").format(cards=" ".join(
            f"{sc.card}({'/'.join(sc.options)})" for sc in p.cards))
    if isinstance(p, Purchase):
        picked = " ".join(f"{x.card} (RM{x.price})" for x in p.picked) or _("nothing yet")
        kind = "solo" if p.kind == "vendors" and state.rules.plays.solo else p.kind
        line = _(PICKED[kind]).format(produce=str(p.produce), picked=picked)
        if not p.picked:
            return line
        total = purchase_total(state, p)  # what done moves: halved, or the Events' price
        done = _("done: get RM{total}") if p.kind == "sell" else _("done: pay RM{total}")
        return f"{line}; {done.format(total=total)}{_priced(state, p, total)}"
    if isinstance(p, ListReturn):
        return _("returning {count} list(s)").format(count=p.count)
    if isinstance(p, SoloThrow):
        waiting = throwing_from(state, p)
        stalls = waiting[0] if waiting else ""
        for stall in waiting[1:]:
            stalls = _("{first} then {second}").format(first=stalls, second=stall)
        return _("throw 1 card from {stalls} (shown on {card}; choose which, "
                 "B-SOLO-10)").format(stalls=stalls, card=p.card)
    return ""


def _priced(state: State | View, p: Purchase, total: int) -> str:
    """How a wholesale BUY's or a SELL's total comes from the cards' market prices shown beside
    them (:func:`~marketlib.bansan.queries.price_basis`): half of their sum (B-BUY-03,
    B-SELL-01; rounded down once, B-ROUND-01, or card by card, A-B-10), or the price Event's
    (free, or full price); "" for a BUY from the Stalls, whose prices are paid as they are
    (helper-106 read "PC-12 (RM3) PC-40 (RM3); done: pay RM3" as a mistake)."""
    basis, event = price_basis(state, p.kind)
    if basis == "sum":
        return ""
    if basis in ("free", "full"):
        return (_(" (full price, {event})") if basis == "full" else
                _(" (free, {event})")).format(event=event)
    full = sum(x.price for x in p.picked)
    rule = "B-SELL-01" if p.kind == "sell" else "B-BUY-03"
    if 2 * total == full:
        return _(" (half of RM{full}, {rule})").format(full=full, rule=rule)
    if basis == "half":
        return _(" (half of RM{full}, rounded down: {rule}, B-ROUND-01)").format(full=full,
                                                                               rule=rule)
    return _(" (half of each card's price, rounded down: {rule}, A-B-10)").format(rule=rule)


PICKED = {"vendors": N_("BUY of {produce} from the vendors: picked {picked}"),
          "solo": N_("BUY of {produce} from the Stalls: picked {picked}"),  # Sendiri: the
          # Neighbour's and the unoperated ones, no other vendor (B-SOLO-12; helper-106)
          "wholesale": N_("wholesale BUY of {produce}: picked {picked}"),
          "sell": N_("SELL of {produce}: picked {picked}")}
"""The text table's BUY or SELL in progress by ``Purchase.kind`` (``words.PURCHASES`` and
the cards picked so far)."""


def _who(renter: int | None, short: bool) -> str:
    if renter is None:
        return "--" if short else _("unoperated")
    if renter == NEIGHBOUR:
        return "NB" if short else _("Neighbour")
    return f"P{renter}"


def _result(state: State | View) -> str:
    result = state.result
    assert result is not None
    winners = ", ".join(f"P{w}" for w in result.winners) or _("nobody")
    return _("{ending}: winner {winners}; scores {scores}").format(
        ending=result.ending.value, winners=winners, scores=list(result.scores))


def _deck_sizes(state: State | View) -> tuple[int, int]:
    deck = getattr(state, "deck", None)
    size = len(deck) if deck is not None else getattr(state, "deck_size", 0)
    lists = getattr(state, "list_deck", None)
    lsize = len(lists) if lists is not None else getattr(state, "list_deck_size", 0)
    return size, lsize


def turn_in_progress(state: State | View) -> tuple[int, int] | None:
    """The round and the turn in progress, each counted from 1 (B-TURN-01: each vendor takes
    one turn a round), or ``None`` outside the turns: the Opening Round, the Closing Round
    and the end (B-OPEN, B-END-05), where a turn count would name a turn nobody plays
    (helper-73). The board's header and the text views say it."""
    if state.result is not None or state.phase in _OUTSIDE_TURNS:
        return None
    return round_of(state), state.turn + 1


_OUTSIDE_TURNS = FLOW.group("opening") | {"closing", "over"}


def _head(state: State | View) -> list[str]:
    """The parts of the text view's first line: the game, the round and turn in progress,
    the phase by its rulebook name, whose decision it is (with the actions left in an Action
    Phase) and the Last Round's trigger."""
    parts = ["Bansan"]
    turn = turn_in_progress(state)
    if turn is not None:
        parts.append(_("round {round}, turn {turn}").format(round=turn[0], turn=turn[1]))
    parts.append(_phase_name(state.phase))
    if state.result is None:  # "Game over" says it: no "game over" beside it
        parts.append(_to_play(state))
        if state.phase == "actions":  # as the board's Action panel counts them (B-ACT-01;
            # helper-108 read the text view and could not tell how many were left)
            parts.append(ngettext("{count} action left", "{count} actions left",
                                  state.actions_left).format(count=state.actions_left))
    if state.trigger is not None and turn is not None:  # Sendiri has no Last Round: its game
        # ends with the turn in which a trigger fires (B-SOLO-16; helper-115)
        parts.append(_("LAST TURN") if state.rules.plays.solo
                     else _("LAST ROUND (P{seat})").format(seat=state.trigger))
    return parts


def _events_said(state: State | View) -> str:
    """The Events flipped so far, each in force or waiting with its words (B-UPK-11), then the
    ones that are over: ``EV-12 (in force until the next Event is flipped); EV-20 EV-27 over``
    (the text view listed their IDs only)."""
    status = event_status(state, state.latest_events)
    over = _("over")
    parts = [f"{event} ({status[event]['words']})" for event in state.latest_events
             if status[event]["words"] != over]
    done = [event for event in state.latest_events if status[event]["words"] == over]
    if done:
        parts.append(_("{events} over").format(events=" ".join(done)))
    return "; ".join(parts)


def _phase_name(phase: str) -> str:
    """A phase by its rulebook name, in the language in force, as the board's header says it
    (the engine's code for a phase :data:`~marketlib.bansan.words.PHASES` does not name)."""
    return _(PHASES[phase]) if phase in PHASES else phase


def _to_play(state: State | View) -> str:
    """Whose decision it is: ``P1 to play`` (the vendor answering an offer, the head of a
    round-robin phase, else the vendor whose turn it is), ``game over`` at the end."""
    seat = decider(state)
    if seat is None:
        return _("game over")
    if seat < 0:
        return _("the Neighbour to play")
    if state.offer is not None:
        return _("P{seat} to play (answering P{frm}'s offer)").format(seat=seat,
                                                                       frm=state.offer.frm)
    return _("P{seat} to play").format(seat=seat)


KEPT_ENTRIES = 4096
"""How many Stall rows and vendor entries :class:`_Written` keeps (then it starts again)."""


class _Written:
    """What the text table has written for one card data in one language (issue 28: a
    board's refresh): each produce card's ``ID:label`` and each Stall's ``ID sells``; the rows
    of the Stall grid and the vendor entries already written, by what they show. A Stall or a
    vendor changes little from one position to the next, so most are looked up, not written
    again."""

    __slots__ = ("cards", "cat", "stall_names", "stall_rows", "vendors")

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat
        self.cards = {c: f"{c}:{card.label}" for c, card in cat.produce.items()}
        self.stall_names = {s: f"{s} {stall.sells}" for s, stall in cat.stalls.items()}
        self.stall_rows: dict[tuple[Stall, ...], str] = {}
        self.vendors: dict[tuple[int, bool, bool, VendorView, bool], str] = {}

    def stall_row(self, stalls: tuple[Stall, ...]) -> str:
        """One row of the Stall grid."""
        found = self.stall_rows.get(stalls)
        if found is None:
            if len(self.stall_rows) >= KEPT_ENTRIES:
                self.stall_rows.clear()
            found = self.stall_rows[stalls] = "  " + " | ".join([
                (_("{stall} {who} [{count}] CLOSED") if not s.open else
                 "{stall} {who} [{count}]").format(
                    stall=self.stall_names[s.id], who=_who(s.renter, True), count=len(s.cards))
                for s in stalls])
        return found

    def vendor(self, p: int, deciding: bool, own: bool, v: VendorView, menu: bool) -> str:
        """Vendor ``p``'s entry (:func:`_vendor_text`)."""
        shown = (p, deciding, own, v, menu)
        found = self.vendors.get(shown)
        if found is None:
            if len(self.vendors) >= KEPT_ENTRIES:
                self.vendors.clear()
            found = self.vendors[shown] = _vendor_text(self.cat, p, deciding, own, v, menu)
        return found


def _written(state: State | View) -> _Written:
    """The text table's :class:`_Written` for this card data in the language in force."""
    found: _Written = state.rules.card_data.derived(
        (state.cards, "text table", get_language()), lambda: _Written(catalog(state)))
    return found


def _vendor_text(cat: Catalog, p: int, deciding: bool, own: bool, v: VendorView,
                 menu: bool = False) -> str:
    """Vendor ``p``'s line of the text table (``>`` marks the vendor deciding), and their
    lists on a line of its own when ``own`` (a seat reads its own Wallet). In the Kenduri
    (``menu``) nobody holds a Wallet (B-KEN-02): the line has none (helper-115 read
    "wallet [0 hidden]")."""
    money = "?" if v.money is None else str(v.money)
    wallet = v.wallet
    wallet_text = (_("{count} hidden").format(count=v.wallet_size) if wallet is None
                   else " ".join(wallet))
    bag = " ".join([f"{b.card}={b.produce.value}" for b in v.bag]) or "-"
    done = " ".join(v.completed) or "-"
    if menu:
        line = (_("{marker}P{seat} RM{money} R&R used done [{done}] bag({count}) {bag}")
                if v.rr_used else
                _("{marker}P{seat} RM{money} done [{done}] bag({count}) {bag}"))
    else:
        line = (_("{marker}P{seat} RM{money} R&R used wallet [{wallet}] done [{done}] "
                  "bag({count}) {bag}") if v.rr_used else
                _("{marker}P{seat} RM{money} wallet [{wallet}] done [{done}] bag({count}) {bag}"))
    text = line.format(marker=">" if deciding else " ", seat=p, money=f"{money:>3}",
                       wallet=wallet_text, done=done, count=len(v.bag), bag=bag)
    if wallet and own:
        text += "\n     " + _("your lists: {lists}").format(lists=" ".join(
            f"{x}({cat.lists[x].label})" for x in wallet))
    return text


def text_key(rules: Any) -> str:
    """How to read :func:`text_table`, one mark a line, in the language in force and from the
    rules in force (the Star's effect, the bins' capacity, the Neighbour in Sendiri): the text
    view's codes and marks were explained nowhere beside it (helper-74: "what is the *?")."""
    names = ", ".join(f"{p.value} {_(NAMES[p])}" for p in Produce)
    wastes = ", ".join(f"{w.value} {_(WASTE_WORDS[w.value])}" for w in WASTES)
    operated = (_("who operates it (P0 you, NB the Neighbour, -- nobody)") if rules.plays.solo
                else _("who operates it (P0, P1, ...; -- nobody)"))
    stall = _("ST-03 MT P0 [2] is a Stall: what it sells, {operated} and how many cards it "
              "holds.").format(operated=operated)
    if rules.events != "off":  # only an Event closes a Stall (A-B-22)
        stall += " " + _("CLOSED: closed by an Event, so nothing is stocked into it or bought "
                         "from it (B-STOCK-07, B-BUY-05).")
    wallets = (_("done [...]: the Kenduri lists each vendor completed (no Wallets, B-KEN-02).")
               if rules.plays.shared_menu else
               _("wallet [SL-14 SL-41]: the Shopping Lists in a Wallet ([2 hidden]: another "
                 "vendor's); done [...]: the lists completed."))
    if A.RentAndRelease not in rules.plays.bans:  # no R&R in Sendiri (B-SOLO-08)
        wallets += " " + _("R&R used: the vendor's once-a-game R&R is spent (B-ANY-04).")
    return "\n".join([
        _("How to read the text view:"),
        _("Produce: {names}. Waste: {wastes}.").format(names=names, wastes=wastes),
        _("PC-14:FV/SF:PL is a produce card: its top and bottom halves and its waste type; a * "
          "after it marks {star}.").format(star=explanations(rules)["star"]),
        stall,
        _("bins PL=3: the cards in each Waste Bin, ! when it holds more than {capacity}; "
          "outside 6: the cards in the Outside Market.").format(capacity=rules.bin_capacity),
        _("> marks the vendor who decides now (while an offer waits, the one answering it); "
          "RM ?: money you cannot see; bag(2) PC-32=DG: the cards in a Bag, each as the produce "
          "it counts as."),
        wallets,
        _("SL-14(WG MT MT MM RM14) is a Shopping List: the produce it needs and its value."),
        _("Pending: the step in progress; a line starting with | is the game's own note of "
          "something it did by itself (a draw, a throw, a refill)."),
    ])


def text_table(state: State | View) -> str:
    """A compact, deterministic text table of the table (hidden values shown as ``?``), in the
    language in force: its words translated, its codes (``PC-12``, ``ST-03``, ``FV``, ``RM``,
    the phase and the table notation) as they are; English byte for byte as before."""
    written = _written(state)
    cat = written.cat
    cards = written.cards
    rules = state.rules
    deck, lists = _deck_sizes(state)
    cap = rules.bin_capacity
    bins = "  ".join(f"{w}={len(b)}{'!' if len(b) > cap else ''}"
                     for w, b in zip(WASTES, state.bins, strict=True))
    lines = [
        "  ".join(_head(state)),
        _("Deck {deck}  lists {lists}  bins {bins}  outside {outside}").format(
            deck=deck, lists=lists, bins=bins, outside=len(state.outside)),
        _("Row: {cards}").format(cards=" ".join([cards[c] for c in state.row]) or "-"),
    ]
    stalls = state.stalls
    columns = state.columns
    lines.extend([written.stall_row(stalls[r:r + columns])
                  for r in range(0, len(stalls), columns)])
    if state.latest_events:  # whether each is in force, as the board's Event strip says
        lines.append(_("Events: {events}").format(events=_events_said(state)))
    if rules.plays.shared_menu:
        lines.append(_("Kenduri lists open: {lists}").format(lists=" ".join(
            f"{x}({cat.lists[x].label})" for x in state.public) or _("none")))
    to_decide = decider(state)
    mine = state.viewer if isinstance(state, View) else None
    menu = rules.plays.shared_menu  # no Wallets in the Kenduri (B-KEN-02)
    lines.extend([written.vendor(p, p == to_decide, mine == p, v, menu)
                  for p, v in enumerate(_vendors(state))])
    pending = _pending(state)
    if pending:
        lines.append(_("Pending: {pending}").format(pending=pending))
    if state.offer is not None:
        lines.append(_("Offer: {offer}").format(offer=offer_text(state.offer, state.current)))
    lines.extend(["  | " + sentence(entry) for entry in state.log])
    if state.result is not None:
        if rules.plays.money_only:
            winners = ", ".join(f"P{w}" for w in state.result.winners)
            lines.append(_("Over ({ending}): winner {winners}; RM {scores}").format(
                ending=state.result.ending.value, winners=winners,
                scores=list(state.result.scores)))
        else:
            lines.append(_("Over ({result})").format(result=_result(state)))
    return "\n".join(lines)


def _chip(cat: Catalog, card: str, as_type: Produce | None = None) -> str:
    c = cat.produce[card]
    if as_type is None:
        colour, stripe, text = COLOURS[c.top], COLOURS[c.bottom], f"{c.top}/{c.bottom}"
    else:
        colour = stripe = COLOURS[as_type]
        text = str(as_type)
    star = "&#9733;" if c.star else ""
    return (f'<span class="marketlib-bansan-card" title="{card} {c.label}" style="display:'
            f"inline-block;margin:1px;padding:1px 4px;border-radius:3px;border-bottom:4px solid "
            f'{stripe};background:{colour};color:{ink(colour)};font:11px sans-serif">'
            f'<span style="font-size:9px">{card}</span> {text}{star}</span>')  # the ID shown,
    # as the notation names the card (``P0 pick PC-26``)


def _html_head(state: State | View) -> str:
    """The static board's first line before the Deck: the round and turn in progress, the
    phase and whose decision it is, as the text view's first line says them."""
    return html.escape(", ".join(_head(state)[1:]))


def _html_who(renter: int | None) -> str:
    if renter is None:
        return _("unoperated")
    if renter == NEIGHBOUR:
        return _("Neighbour")
    return f"P{renter}"


def html_board(state: State | View) -> str:
    """A static HTML board (no scripts): stall grid, Row, bins, bags and public lists, in the
    language in force (card codes, produce codes, the phase and the log stay notation)."""
    cat = catalog(state)
    w_wholesale_row = html.escape(_("WHOLESALE Row:"))
    w_waste_bins = html.escape(_("Waste Bins:"))
    w_kenduri_lists_open = html.escape(_("Kenduri lists open:"))
    w_r_r_used = html.escape(_("(R&R used)"))
    w_pending = html.escape(_("Pending:"))
    w_what_happened = html.escape(_("What happened:"))
    cap = state.rules.bin_capacity
    deck, lists = _deck_sizes(state)
    out = ['<div class="marketlib-bansan-static" style="font:13px sans-serif">',
           "<div><b>Bansan</b> - " + _(
               "{head}; Deck {deck}, lists {lists}, Outside Market {outside}").format(
                   head=_html_head(state), deck=deck, lists=lists,
                   outside=len(state.outside)) + "</div>",
           f"<div><b>{w_wholesale_row}</b> "
           + "".join(_chip(cat, c) for c in state.row) + "</div>",
           '<table style="border-collapse:collapse;margin:4px 0">']
    closed = html.escape(_("CLOSED"))
    for r in range(0, len(state.stalls), state.columns):
        out.append("<tr>")
        for s in state.stalls[r:r + state.columns]:
            sells = cat.stalls[s.id].sells
            who = html.escape(_html_who(s.renter))
            shut = f" {closed}" if not s.open else ""
            out.append(
                f'<td style="border:2px {"dashed" if not s.open else "solid"} '
                f'{COLOURS[sells]};padding:3px;vertical-align:top;min-width:110px">'
                f"<b>{s.id} {sells}</b> {who}{shut}<br>"
                + "".join(_chip(cat, c, sells) for c in s.cards) + "</td>")
        out.append("</tr>")
    out.append(f"</table><div><b>{w_waste_bins}</b> ")
    overflowing = html.escape(_("OVERFLOWING"))
    for w, b in zip(WASTES, state.bins, strict=True):
        over = len(b) > cap
        out.append(f'<span style="display:inline-block;margin:2px;padding:2px 6px;border:2px '
                   f'{"double" if over else "solid"} #444">{w} {len(b)}/{cap}'
                   f'{f" {overflowing}" if over else ""}</span>')
    out.append("</div>")
    none, hidden = _("none"), _("hidden")
    if state.rules.plays.shared_menu:
        out.append(f"<div><b>{w_kenduri_lists_open}</b> " + html.escape(
            ", ".join(f"{x} ({cat.lists[x].label})" for x in state.public) or none)
            + "</div>")
    for p, v in enumerate(_vendors(state)):
        money = hidden if v.money is None else f"RM{v.money}"
        done = ", ".join(f"{x} ({cat.lists[x].label})" for x in v.completed) or none
        wallet = (hidden if v.wallet is None
                  else ", ".join(f"{x} ({cat.lists[x].label})" for x in v.wallet))
        used = f" {w_r_r_used}" if v.rr_used else ""
        out.append(f'<div style="margin-top:3px"><b>P{p}</b> {html.escape(money)}{used}; '
                   + html.escape(_("bag {count}/{limit}:").format(
                       count=len(v.bag), limit=state.rules.bag_limit)) + " "
                   + "".join(_chip(cat, b.card, b.produce) for b in v.bag)
                   + "<br>" + html.escape(_("Wallet: {wallet}; completed: {done}").format(
                       wallet=wallet, done=done)) + "</div>")
    pending = _pending(state)
    if pending:
        out.append(f"<div><b>{w_pending}</b> {html.escape(pending)}</div>")
    if state.log:
        out.append(f"<div><b>{w_what_happened}</b><ol>" + "".join(
            f"<li>{html.escape(entry)}</li>" for entry in state.log) + "</ol></div>")
    if state.result is not None:
        winners = ", ".join(f"P{w}" for w in state.result.winners)
        game_over = html.escape(_("Game over"))
        if state.rules.plays.money_only:
            out.append(f"<div><b>{game_over}</b>: Bos Bansan {winners}</div>")
        else:
            out.append(f"<div><b>{game_over}</b> ({html.escape(_result(state))})</div>")
    out.append("</div>")
    return "".join(out)


# ``str(state)`` and ``state._repr_html_()`` (and a view's) draw through these.
pictures.register(State, text_table=text_table, html_board=html_board,
                  turn_in_progress=turn_in_progress)
pictures.register(View, text_table=text_table, html_board=html_board,
                  turn_in_progress=turn_in_progress)
