"""Every word the board's JavaScript shows, from Python, in the seat's language (issue 30, point 5).

The front end (``common.js``, ``panels.js``, ``deals.js``, ``bansan.js``, ``monsoon.js``) holds
no English: it reads these templates from ``cards["words"]`` (sent once per board and
language) and fills their ``{name}`` slots itself (``mlT`` in ``common.js``). Each template is
marked for the gettext catalogue with :func:`~marketlib.core.i18n.N_` and translated by
:func:`words` in the language in force. ``control_targets`` are not words a person reads: they
name the controls for tests and scripts (``data-target="control:New game"``) in every language.

Example:
    >>> from marketlib.core.i18n import language
    >>> words("bansan")["waited"]
    'While you waited'
    >>> with language("ms"):
    ...     words("monsoon")["waited"]
    'Semasa anda menunggu'
"""

from __future__ import annotations

from typing import Any

from marketlib.core.i18n import N_, _

COMMON: dict[str, str] = {
    # common.js
    "cover_pass": N_("Pass the device to P{seat}. Their hidden cards are covered until then."),
    "cover_reveal": N_("I am P{seat}: show my board"),
    "step_back_nobody": N_("Step back: nobody acts out of turn"),
    "step_back_nobody_aria": N_("Step back: the vendor whose decision it is goes on"),
    "preview_hint": N_("Hover or focus a highlighted choice to preview it."),
    "preview_hint_touch": N_("Tap a highlighted choice to choose it."),  # no hover on a phone
    "any_time_aria": N_("{words}, out of turn ({preview})"),
    "any_time_aria_plain": N_("{words}, out of turn"),  # before its preview is asked for
    "select_aria": N_("{label}: select, then choose where it goes"),
    "select_title": N_("{label}: select it, then choose where it goes"),
    "not_legal": N_("{label} (not a legal choice now: click to see why)"),
    # panels.js
    "waited": N_("While you waited"),
    "confirm_yes": N_("Yes: {choice}"),
    "confirm_yes_aria": N_("Yes, {choice}"),
    "confirm_no": N_("No, go back"),
    "confirm_no_aria": N_("No, do not play it"),
    "out_of_turn_say": N_("P{seat}, you are acting out of turn on P{decider}'s decision: rent "
                          "and release a stall, propose a trade or take back an offer you made "
                          "(below), or step back."),
    "back_to": N_("Back to P{decider}"),
    "back_to_aria": N_("Step back: P{decider} decides"),
    "out_of_turn_title": N_("Out of turn (any time):"),
    "step_in": N_("P{seat} acts now"),
    "step_in_title": N_("P{seat} takes the device to rent and release a stall, propose a "
                        "trade or take back an offer, then hands it back"),
    "undo": N_("Undo (u)"),
    "undo_aria": N_("Undo the last move (key u)"),
    "redo": N_("Redo (r)"),
    "redo_aria": N_("Redo (key r)"),
    "seed_label": N_("Seed (optional) "),
    "seed_this_game": N_("this game: {seed}"),
    "seed_fresh": N_("fresh deal"),
    "seed_aria_again": N_("Seed for the next game (optional): empty deals fresh cards; type "
                          "{seed} to play this deal again"),
    "seed_aria": N_("Seed for the next game (optional): empty deals fresh cards"),
    "new_game": N_("New game"),
    "new_game_aria": N_("Start a new game: fresh cards, or the deal of the seed typed"),
    "seat": N_("Seat P{seat}"),
    "seat_aria": N_("Show seat P{seat}"),
    "hint": N_("Hint"),
    "hint_aria": N_("Hint: what the coach would play here, and why"),
    "review": N_("Review this game"),
    "review_aria": N_("Review this game: the moves that cost or gained the most"),
    "teacher_on": N_("Teacher view: on"),
    "teacher_off": N_("Teacher view: off"),
    "teacher_aria": N_("Teacher view shows every hidden card"),
    "legend": N_("What the codes and symbols mean"),
    "log_shown": N_(", the last {shown} shown"),
    "log": N_("Game log ({total} moves{shown}, newest last)"),
    "log_aria": N_("Game log"),
    "text": N_("Text description of the board"),
}
"""The words of ``common.js`` and ``panels.js`` (every game's board)."""

CONTROL_TARGETS = {"undo": "Undo (u)", "redo": "Redo (r)", "new_game": "New game",
                   "hint": "Hint", "review": "Review this game",
                   "teacher_on": "Teacher view: on", "teacher_off": "Teacher view: off"}
"""The controls' ``data-target`` names (``control:<name>``), the same in every language."""

BANSAN: dict[str, str] = {
    "half_top": N_("top"),
    "half_bottom": N_("bottom"),
    "chip_half": N_("{name} ({half} half)"),
    "star": N_("star"),
    "waste_title": N_("{waste} waste"),
    "card_as": N_("{name}, {waste} waste ({id}, {where})"),
    "card_as_star": N_("{name}, {waste} waste, star ({id}, {where})"),
    "card_halves": N_("top {top}, bottom {bottom}, {waste} waste ({id}, {where})"),
    "card_halves_star": N_("top {top}, bottom {bottom}, {waste} waste, star ({id}, {where})"),
    "price_half": N_("RM{price} half"),
    "price_free": N_("free (RM{price})"),
    "price_unoperated": N_("RM{price} (RM{double} unoperated)"),
    "price_full": N_("RM{price} full"),
    "type_button": N_("{label} {name}"),
    "list": N_("Shopping List {id}: {icons}, RM{value}"),
    "stalls": N_("Market Stalls"),
    "move_row_aria": N_("Move the Workers in stall row {row} one stall to the right"),
    "move_row": N_("Move row {row} \u2192"),
    "unoperated": N_("unoperated"),
    "neighbour": N_("Neighbour"),
    "open": N_("open"),
    "closed_head": N_("CLOSED"),
    "closed": N_("closed"),
    "stall": N_("Stall {id} selling {name}, {who}, {state}, {count} cards"),
    "in_stall": N_("stall {id}"),
    "empty": N_("empty"),
    "rr_now_own": N_(" now (any time)"),
    "rr_now_other": N_(" now, on P{decider}'s decision (any time)"),
    "rr": N_("Rent and Release{when} (once per game): {count} options"),
    "bins": N_("Waste Bins (capacity {capacity})"),
    "overflow": N_(" OVERFLOW"),
    "bin": N_("{waste} bin: {count} of {capacity}"),
    "bin_over": N_("{waste} bin: {count} of {capacity}, overflowing"),
    "counters_made": N_("{counters} counter-offers were made (at most {most}): accept or "
                        "decline."),
    "to_stock_as": N_("to stock as {options}"),
    "or": N_(" or "),
    "opening_hand": N_("opening hand"),
    "use_halves_aria_top": N_("Use the top halves of all {count} cards"),
    "use_halves_aria_bottom": N_("Use the bottom halves of all {count} cards"),
    "use_halves_top": N_("Use the top halves:"),
    "use_halves_bottom": N_("Use the bottom halves:"),
    "counter_left": N_("counter {n} of at most {most}"),
    "counter_price_label": N_("Counter with another price for {card} ({left}): RM "),
    "counter_price_aria": N_("Your price for {card} in RM"),
    "counter_price": N_("Counter with this price"),
    "counter_price_button_aria": N_("Counter P{seat}'s offer with this price"),
    "counter_terms": N_("Or counter with other terms ({left}) in the trade panel below."),
    "you": N_("you"),
    "person": N_("person"),
    "rm_hidden": N_("RM hidden"),
    "vendor_head": N_("P{seat} ({who}) · {money} · bag {bag}/{limit}"),
    "rr_used": N_(" · R&R used"),
    "rr_unused": N_(" · R&R not used yet"),
    "token": N_(" · holds the Bansan Token"),
    "to_decide": N_(" · to decide"),
    "wallet": N_("Wallet:"),
    "hidden_lists": N_("{count} hidden list(s)"),
    "completed": N_("Completed:"),
    "bag": N_("Bag:"),
    "bag_of": N_("P{seat}'s bag"),
    "give": N_("Give the selected card to P{seat}"),
    "trade_counter": N_("Counter P{seat}'s trade with your own terms (counter {n} of at most "
                        "{most})"),
    "trade_other": N_("Trade (any time, also on P{decider}'s decision; the other vendor "
                      "answers)"),
    "trade": N_("Trade or bargain (any time; the other vendor answers)"),
    "trade_with_aria": N_("Vendor to trade with"),
    "with": N_("With "),
    "give_from": N_("Give from my bag:"),
    "take_from": N_("Take from their bag:"),
    "pay": N_("Pay"),
    "ask": N_("Ask"),
    "money_label": N_("{name} RM "),
    "whole_ringgit": N_("{name}: type a whole number of ringgit, 0 or more (nothing was sent)"),
    "counter_terms_button": N_("Counter with these terms"),
    "propose_trade": N_("Propose trade"),
    "counter_terms_aria": N_("Counter P{seat}'s trade with these terms"),
    "propose_trade_aria": N_("Propose this trade"),
    "bargain_card": N_("{produce} in P{seat}'s Stall {stall} ({card})"),
    "card_aria": N_("Card to bargain for"),
    "price": N_("Price"),
    "propose_bargain": N_("Propose bargain"),
    "propose_bargain_aria": N_("Propose a bargained price for a card you are buying"),
    "bargain": N_("Bargain (while buying from vendors):"),
    "row": N_("Wholesale Row (Deck {deck}, lists {lists}, outside market {outside})"),
    "wholesale_row": N_("Wholesale Row"),
    "events": N_("Events"),
    "kenduri_menu": N_("Kenduri menu: {count} public list(s) still open"),
    "all_completed": N_("every list is completed"),
    "auto_solo": N_("What the market did (automatic steps)"),
    "auto": N_("Automatic steps"),
    "stock_title": N_("Stocking Phase: take every Row card of one type"),
    "stock_take": N_("Take from the Row (free):"),
    "actions_title": N_("Action Phase: {count} action(s) left (or click a Waste Bin to empty "
                        "it)"),
    "buy": N_("Buy from vendors (market price):"),
    "buy_wholesale": N_("Buy wholesale (half price):"),
    "sell": N_("Sell online (half price):"),
    "buy_wholesale_free": N_("Buy wholesale (free this turn: {event}):"),
    "sell_full": N_("Sell online (full price this turn: {event}):"),
    "throw": N_("Throw the selected card into its Waste Bin"),
    "game_over": N_("game over"),
    "your_decision": N_("your decision"),
    "p_to_decide": N_("P{seat} to decide"),
    "mode_kenduri": N_(" · Kenduri Menu"),
    "mode_sendiri": N_(" · Sendiri (solo)"),
    "header": N_("Bansan{mode} · round {round} · {title} · {who}"),
    "header_between": N_("Bansan{mode} · {title} · {who}"),  # the Opening or Closing Round
    "header_over": N_("Bansan{mode} · {title}"),  # the title says "Game over"
}
"""The words of ``bansan.js``."""

MONSOON: dict[str, str] = {
    "level_gold": N_("Gold"),
    "level_silver": N_("Silver"),
    "level_bulk": N_("Bulk"),
    "action_upgrade": N_("Upgrade another Order"),
    "action_keep1": N_("Keep 1 spent card"),
    "action_fulfill_another": N_("Fulfill another Order"),
    "action_steal2": N_("Steal 2 cards"),
    "good_Gem": N_("Gem"),
    "good_Scroll": N_("Scroll"),
    "good_Pepper": N_("Pepper"),
    "good_Cloth": N_("Cloth"),
    "good_Leather": N_("Leather"),
    "good_Wood": N_("Wood"),
    "or": N_(" or "),
    "card": N_("{goods} {quantity} ({id}, {where})"),
    "bonus_bulk": N_("{bulk} + Bonus {good}"),
    "edges": N_("Gold {gold} · Silver {silver} · Bulk {bulk}"),
    "edges_title": N_("Seals for each edge: Gold (each type asked for, at least its quantity), "
                      "Silver (each line by a "
                      "different type), Bulk (enough goods in total; no Bonus Action, but the "
                      "Bonus Good)"),
    "bonus_unspent": N_("Bonus {good} {quantity} unspent"),
    "bonus_title": N_("A Bonus Good: spend it like a card to fulfil another Order (it turns "
                      "this Order to Silver)"),
    "your_order": N_("your Order {id} at {level}"),
    "order": N_("Order {id}"),
    "order_button": N_("{what}: {label}"),
    "empty": N_("(empty)"),
    "spent_head": N_("{order} ({label}). Spent:"),
    "bonus_from": N_("Bonus {good} from {id}"),
    "nothing_yet": N_("nothing yet"),
    "declare": N_("Declare {level}"),
    "spent": N_("spent"),
    "market": N_("Market (Goods deck {deck}, discard {discard})"),
    "in_market": N_("Market"),
    "order_display": N_("Order display (Order deck {deck})"),
    "you": N_("you"),
    "person": N_("person"),
    "player_head": N_("P{seat} ({who}) · {seals} seals · {cards}/{limit} cards"),
    "player_head_one": N_("P{seat} ({who}) · {seals} seal · {cards}/{limit} cards"),
    "to_play": N_(" · to play"),
    "display_of": N_("P{seat}'s display"),
    "no_cards": N_("(no cards)"),
    "header_over": N_("Monsoon Market · game over · target {target} seals"),
    "your_turn": N_("your turn"),
    "p_to_play": N_("P{seat} to play"),
    "header": N_("Monsoon Market · round {round} · {title} · {who} · target {target} seals"),
}
"""The words of ``monsoon.js``."""

GAMES = {"bansan": BANSAN, "monsoon": MONSOON}

VERB_TAGS: dict[str, str] = {
    # Bansan (marketlib/widgets/bansan_table.py, SHOWN: each row's verb)
    "R&R": N_("R&R \u2713"), "accept": N_("accept \u2713"), "bargain": N_("bargain \u2713"),
    "buy": N_("buy \u2713"), "complete": N_("complete \u2713"), "counter": N_("counter \u2713"),
    "decline": N_("decline \u2713"), "done": N_("done \u2713"), "draw": N_("draw \u2713"),
    "empty": N_("empty \u2713"), "end": N_("end \u2713"), "give": N_("give \u2713"),
    "move": N_("move \u2713"), "pick": N_("pick \u2713"), "rent": N_("rent \u2713"),
    "return": N_("return \u2713"), "sell": N_("sell \u2713"), "skip": N_("skip \u2713"),
    "stock": N_("stock \u2713"), "throw": N_("throw \u2713"), "trade": N_("trade \u2713"),
    "tuck": N_("tuck \u2713"), "use": N_("use \u2713"), "wholesale": N_("wholesale \u2713"),
    "withdraw": N_("take back \u2713"),
    # Monsoon Market (marketlib/widgets/monsoon_table.py)
    "declare": N_("declare \u2713"), "fulfil": N_("fulfil \u2713"), "keep": N_("keep \u2713"),
    "pass": N_("pass \u2713"), "spend": N_("spend \u2713"),
    "spend-bonus": N_("spend bonus \u2713"), "steal": N_("steal \u2713"),
    "take": N_("take \u2713"), "upgrade": N_("upgrade \u2713"),
    # the first click of a two-click move (common.js)
    "select": N_("select \u2713"), "selected": N_("selected \u2713"),
}
"""The tag a highlighted thing shows under its words (``board.css``: ``.marketlib-legal::after``),
by the verb its choice carries (each presentation row's ``verb``, or its action kind's notation
verb) and for the two steps of a two-click move: the verb and a tick, in English. A board sends
them as ``words["verbs"]`` in the seat's language; the tick is part of each so that a tag is
never the same catalogue entry as a word shown elsewhere (``empty`` is an empty Stall's state)."""

def words(game: str) -> dict[str, Any]:
    """The words the board of ``game`` (``"bansan"`` or ``"monsoon"``) shows, in the language in
    force: every template of :data:`COMMON` and the game's own, ``verbs`` (the tags of
    :data:`VERB_TAGS`) and ``control_targets``."""
    out: dict[str, Any] = {key: _(text) for key, text in COMMON.items()}
    out.update((key, _(text)) for key, text in GAMES.get(game, {}).items())
    out["verbs"] = {verb: _(tag) for verb, tag in VERB_TAGS.items()}
    out["control_targets"] = dict(CONTROL_TARGETS)
    return out


__all__ = ["BANSAN", "COMMON", "CONTROL_TARGETS", "GAMES", "MONSOON", "VERB_TAGS", "words"]
