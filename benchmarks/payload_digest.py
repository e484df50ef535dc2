"""One digest of every board payload a seeded set of games shows: run it on two checkouts to
show that a change left what every seat sees byte for byte the same (issue 28: "behaviour does
not change").

Both games, every Bansan player count (2-5) and mode (Kenduri 3p, Sendiri) and Monsoon Market at
2 and 3 players, seeds 1 and 2, up to ``--moves`` random moves each: after every move, every
seat's board (its own ``SeatSession``, fixed seat) is refreshed in English and in Malay and all
its traits, JSON-encoded, go into one SHA-256. Prints the number of payloads and the digest.

To compare with an older commit (from this checkout)::

    git worktree add /tmp/old <commit>
    PY=$(uv run --all-extras python -c "import sys; print(sys.executable)")
    SITE=$($PY -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    (cd /tmp && PYTHONPATH=/tmp/old:$SITE $PY -S $OLDPWD/benchmarks/payload_digest.py)

(``python -S`` keeps the environment's editable install of this checkout from shadowing the
other tree, whose packages come back through ``PYTHONPATH``; run it from a folder that holds
no ``marketlib``.) Measured on 3 December 2026:
13,418 payloads, the same digest on af4e473 (before this session's engine changes) and on
2719d91 (``b7fa7e9c...a48ae3``). Monsoon's spend previews (a ``fulfill`` names the best level
in reach, a ``spend`` the level met so far, M-FUL-01..07) changed it on purpose, to
``f2896357...9a686``; the Bansan Event fix before them left it as it was. On 4 December the
Bansan scene's ``prices`` and ``price_events`` (the Action panel priced by the Events in
force; the rules' prices left ``cards``) and four board words changed it, to
``2d49ee2f...7b54e``; with those keys and words taken out and ``cards["prices"]`` put back, the
digest was ``f2896357...9a686`` again, so nothing else moved. A Bulk edge's Bonus Good named in
Monsoon's spend previews (M-FUL-06) then changed it, on purpose, to ``a064bd04...28e3c``; the
scene's ``price_note`` and ``unoperated_factor`` and the BUY preview's unoperated price (its
Sendiri games buy from unoperated Stalls, B-SOLO-12) to ``38cdc015...9af79``; the text
table's Pending line adding what ``done`` moves, to ``b402a154...3b168``; each Event's words in
``cards`` (what it does, for how long), to ``cad841e1...fe06b``. The B-BUY-07 fix (a BUY from
the Stalls counted its picked cards twice, so a vendor could not spend all its money) changes
which picks are legal, so the seeded games themselves: 13,488 payloads, ``dff58303...35bd4``.
Malay previews said part by part (a slot no longer swallows the parts after it):
``e94e5a69...f4643``. A ``done``'s preview saying what a sale sells and for how much (RM0
included) and that Upkeep goes on (it read "no visible change yet"): ``6ecbf746...3e6c``; with
that one entry of ``text._NEXT_STEPS`` taken out, ``e94e5a69...f4643`` again. The verb tags
under highlighted things sent in the seat's language (``cards["words"]["verbs"]``):
``b01a2dd6...d7362``. (The end-of-game sentence's change before it is not in these games:
none of them reaches its end within 150 moves; nor the Event lines in the log after it: these
games play without Events.) A stocking move's preview saying how many cards wait to be tucked
(the others go straight where they must): ``ea9e2690...136afa``. The two price Events' words
saying they cover every BUY (ii) or SELL of that Action Phase (``cards``): ``69c68c33...dd00f``.
A Sendiri BUY's label and preview saying whose Stalls (no other vendor): ``5f9fc383...21c86``.
helper-59's review mends (the last Upkeep's and a Closing Round done's previews, Malay tags
``selitkan``/``gerakkan``): ``a87146d7...b70c``. helper-60's: no Star clause where no Star
can flip an Event (A-B-20: the Opening Round's deals), "or none" said only when a card had no
open Stall (A-B-17): ``e04312a3...b4cd9``. Sendiri's instructions naming only its own moves
(B-SOLO-10/11/12): ``f6e411fa...829eb3``. A seller's counter-offer asking its price, and the
accept/decline previews, leave it as it is (no bargain in these games). Upkeep's ``done``
saying "Upkeep goes on" only where the vendor still has the Bag check to make (B-UPK-08), not
beside "ends your turn": ``f0114798...342315``. A Closing-Round step told in "While you
waited" by what it threw and how much of it was fined (B-END-05), not "P1 played.":
``c142c9af...87524c``. The Malay text table's first line saying "giliran" once ("giliran 2
... P0 bermain", not "... giliran P0"): ``336d3d98...fc276``. An opening said of a person
("stocked their opening cards", not "its"): ``3a018135...bd0e4``. The Event strip saying
whether each Event is in force, waiting beside a Bag or over (the scene's ``event_status``,
B-UPK-11): ``6f888608...3e742``. Monsoon previews saying what a move does to the seat's
Bonus Goods (gained M-FUL-06, lost M-BG-04, spent M-BG-05), and a Bulk declare that earns one
not questioned as scoring nothing (A-M-11): ``119b725f...e07ca3a6``. A Bansan Bag of one
card said in the singular ("Bag 0 -> 1 card"): ``e16dcdf8...8ac594c``. Sendiri's step line
naming only the Row (B-SOLO-11): ``a460fb25...471d6a5``. On 4 December 2026 (evening): the
Bansan goal line saying what leftovers cost at the end (B-END-05): ``54c006e2...c0f93cc``.
A hidden draw previewed as "hidden cards are drawn from the Deck", not "draws hidden cards"
(read as the mover's own draw): ``a6c4c478...f36c77d``. A card to pick named with its waste
and where it lies ("Pick PC-45 (Plastic) from P1's Stall ST-05"): ``367a42ca...de140ba``; a
list to return with what it needs and is worth: ``4726ad22...9bd5eb``. On 4 December
2026 (late): R&R legal in the middle of one's own BUY or SELL (A-B-60) changes the decider's
legal actions, so the seeded games themselves: 13,424 payloads, ``260befdf...35eeab8``.
An R&R swap's preview saying what it pays and gets ("so your money stays as it is", B-ANY-05):
``c705588a...c6a38fb9`` (a board word added and taken out again in between, helper-70; the
wholesale BUY stopped by a released Stall, B-BUY-03, leaves it as it is). The Malay words
for an unoperated Stall made one ("tanpa pengusaha"): ``6bc50f29...0508b8f913``. Trades
answered one after another keeping one log line: unchanged (these games make no proposals).
An unoperated Stall, the Outside Market and the Star explained where they are drawn
(``cards["explain"]``, two more legend rows): ``ae28c03f...7cc9d2``. The header's round sent in
the scene (``round``) and the text table's first line saying the round and the turn in
progress and the phase by its rulebook name ("round 2, turn 3  Action Phase", not "turn 2
phase actions"): ``d22d1ebf...848dd1``. The text view's Events line saying which Events
are in force: unchanged (these games play without Events); likewise a trade's answer taking
only a decline's line. helper-73's mends: no round or turn named outside the turns (the
Opening and Closing Rounds, the end; the scene's ``round`` is then ``null``), no "game over"
beside "Game over", and the three marks' sentences true under every option (R&R until the
Last Round, closed Stalls, the Events and A-B-17 that fill the Outside Market, no R&R row in
Sendiri's legend): ``7cb0fcb7...1e825692``; the refusals naming the Stalls in play and
Sendiri's one vendor: unchanged. A Closing-Round ``done``'s log line saying what it threw and
was fined (B-END-05; the Sendiri game reaches its end): ``984c9159...a8a1a9`` (with the old
``text.py``, ``7cb0fcb7...1e825692``). helper-75's mends (a refill's Star flips an Event
only when ``star_sources`` names ``"replenish"``; no "fined RM0"): unchanged. On 5 December
2026, each commit's tree measured from a worktree: Sendiri's goal line saying where the vendor
stands ("Not won yet: ..."): ``71d9bbb3...a4bbd25``; a Sendiri move's and a throw's previews
saying where the Workers go and which bin a card lands in: ``8d43aa0c...f0171a2``; the coach's
tie wording and an offer's card named by produce and Stall: unchanged (no hint is in the
payloads; these games make no bargain); the text view's key (``cards["text_key"]``):
``fdb39e25...a3de21ec``; named positional arguments in the notation: unchanged; helper-77's
mends (the Sendiri last turn, "if it holds any", a Bag-check throw "without a fine", the key's
new lines): ``2df6b7b6...cb1a94c``. The classroom mends after it touch no payload but
the board's words: the touch screen's hint (``cards["words"]``, helper-78 and helper-79):
``c6a51ff1...42b529a3`` (on b5ef7ed and 07e7157). On 5 December 2026 the board's words for
the money check and the bargain's card list, and trade terms naming each card's produce:
``e6efa091...2ecab9d3`` (on ea066d2). Then the previews made on demand (issue 28: a refresh
previews nothing; the board asks when a person first points at a choice, and the answer is the
``previews`` trait; every seat here asks after every refresh): ``a4c55f8d...f17a86``; with
each preview put back in its choice, the trait and the one new board word taken out
(``--before-previews-on-demand``), ``e6efa091...2ecab9d3`` again, so nothing else moved.
Then the text view written only while open (issue 28; every seat here opens it first, so
each payload has its ``description`` as before, and the new ``text_open`` trait):
``a8ec0998...5a04691``; with ``text_open`` taken out (``--before-text-on-demand``),
``a4c55f8d...f17a86`` again, and with ``--before-previews-on-demand`` (which takes it out
too), ``e6efa091...2ecab9d3``. Then, on purpose, the Deck draws' previews saying what the
Deck holds now ("refills the Row from the Deck (45 in the Deck now)", in English and Malay;
helper-91 read "(45 left)" as the count after the refill) and the verb tag of taking back an
offer (``withdraw``, helper-94): ``577e5013...1bd5903fc``; with the three sentences, their
Malay and the tag put back as they were, ``a8ec0998...5a04691`` again. Then, on purpose, the
out-of-turn bar's two sentences naming the taking back of an offer, in English and Malay
(5 December 2026, after f299371): ``7148d64a...ae982ab4``; with them put back,
``577e5013...1bd5903fc`` again. Then, on purpose, the story telling a BUY or SELL with picks
and no done yet as going on ("P1 is buying Fruits & Veggies: 1 picked so far", helper-103 read
"bought" after the teacher undid the done): ``0be3eea8...f92ca9c6``; with ``recap`` put back
as it was, ``7148d64a...ae982ab4`` again. Then, on purpose, the words trial users asked for on
6 December 2026 (e3feb42..d9d5dcb: a Throw button names its bin, Sendiri buys "from the
Stalls", step 1b names only the Stalls that throw, the Sendiri opening's goal line):
``fee5f03a...9d23d222``. Every payload of both runs dumped and compared leaf by leaf (307e979
against d9d5dcb): 138 of the 13,424 differ, and only in those words (540 choice labels, 80
steps, 68 text views' Pending lines, 22 instructions, 4 goal lines); no key, number, target
or order moved. Then, on purpose, the text view's Pending line of a wholesale BUY or a SELL
saying how its total comes from the cards' prices ("done: pay RM1 (half of RM2, B-BUY-03)",
rounded down, or an Event's free or full price; helper-106): ``030658f3...3242cae2``. Every
payload dumped and compared leaf by leaf (0bb30c8 against the change): 842 of the 13,424
differ, each in its ``description`` alone and there in the Pending line alone (421 in
English, 421 in Malay). Then, on purpose, the text view's first line counting the actions
left in an Action Phase ("P0 to play  2 actions left", helper-108):
``0d56b264...258d8562``; compared leaf by leaf with the tree before, 5,132 payloads differ,
each in its ``description``'s first line alone (2,566 in English, 2,566 in Malay). Then, on
purpose, a Monsoon declare's preview saying what becomes of the Order's Bonus Action (next at
Gold or Silver, skipped when it can do nothing, given up at Bulk: M-FUL-08, M-BA-05;
helper-108): ``a2723f47...c0a5394b``; compared leaf by leaf, 214 payloads differ, all
Monsoon, each only in the previews of its declare choices (386 previews). The refresh work of
6 December 2026 after that (abc94e0, 9f0a72d: the legal actions' indexes and prefilters, the
step's tables) left it as it was. Then, on purpose, a Bansan preview saying the action a BUY,
a wholesale BUY, a SELL or an EMPTY takes when it starts ("uses 1 action now (1 left,
B-ACT-01)") and, after it, that a move ending the Action Phase at once ends it ("ends your
Action Phase; Upkeep follows", as end-actions says; helper-110): ``7956b2f3...a312c503``;
compared leaf by leaf, 916 payloads differ, each only in ``previews.choices`` (3,668
previews, English and Malay), each the old preview's parts with the new part before them
(after the next step's words) and the phase's end after them, in the same order. Then, on
purpose, an EMPTY's preview saying where the bin's cards go and what each part of the gain is
for (B-EMPTY-01..03, a bin-bonus Event), and the move that deals the next vendor's opening hand
saying who draws it ("then P0 draws the next 5 Deck cards to stock (B-OPEN-03; ...)", not
"hidden cards are drawn"; helper-112): ``ae6af852...0218b312``; compared leaf by leaf, 560
payloads differ, each only in ``previews.choices`` (744 EMPTY previews, 146 opening ones,
English and Malay). Then, on purpose, a SELL's ``done`` that pays RM0 asking first ("Sell 1
card(s) for RM0? ...", the choice's ``warn``; helper-112): ``0a78ab83...a23c7f809d``; compared
with the payloads before it, 70 differ, each only in one choice's ``warn``. Then, on purpose,
the Monsoon text view's key citing M-COMP-03 for a two-goods card, not A-M-04 (helper-113):
``98d47fa2...49eb7dfca``; compared leaf by leaf, 2,914 payloads differ, each only in
``cards.text_key`` (every Monsoon payload, English and Malay). Then, on purpose, a Monsoon
Buy's preview saying the display once the Market cards are taken ("then take 3 Market cards
(M-BUY-01): display 4 -> 6 cards", not "display 4 -> 3 cards; then take ...") and a Bulk
declare's naming the Bonus Good and the edge's seals (helper-113): ``9ac68e6c...d9f0a5d3``;
compared leaf by leaf, 616 payloads differ, each only in ``previews.choices`` (2,196 Buy
previews, 92 Bulk ones, English and Malay). Then, on purpose, Sendiri's vendor told it draws
its own opening hand ("then you draw the next 5 Deck cards to stock (B-SOLO-06; ...)";
helper-114): ``c6eb3b1e...6d303f9b``; 4 payloads differ, each only in ``previews.choices``
(12 previews). Then, on purpose, helper-115's mends: end-actions saying the actions it leaves
unused (A-B-19), Sendiri's previews saying its game ends after the turn (B-SOLO-16), not "the
Last Round", and the Kenduri's text view and key without Wallets (B-KEN-02):
``0271b4c0...f4ce720f``; compared leaf by leaf, 2,364 payloads differ: 656 end-actions and 14
Sendiri previews in ``previews.choices``, 1,828 Kenduri ``description`` (the vendors' lines),
1,800 Kenduri ``cards.text_key``. Then, on purpose, a preview naming the overflow fine inside
its money change ("money RM0 -> RM9; fined RM3 for cards that overflow their bins (B-UPK-05)";
helper-115): ``4fd484c7...48d9f94539``; 8 payloads differ, each only in ``previews.choices``
(24 previews, each with the fine added).

Run: ``uv run --all-extras python benchmarks/payload_digest.py [--moves 150]
[--before-text-on-demand] [--before-previews-on-demand]``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from typing import Any

import msgspec

from marketlib import bansan, monsoon
from marketlib.core.match import Match
from marketlib.widgets import table_of
from marketlib.widgets.session import SeatSession, TableSession

SETTINGS: tuple[tuple[str, Any, list[dict[str, Any]]], ...] = (
    ("bansan", bansan, [*({"players": p} for p in (2, 3, 4, 5)),
                        {"players": 3, "mode": "kenduri"}, {"players": 1, "mode": "sendiri"}]),
    ("monsoon", monsoon, [{"players": 2}, {"players": 3}]),
)


def before_text_on_demand(traits: dict[str, Any]) -> dict[str, Any]:
    """``traits`` as a refresh sent them before the text view was written only while open:
    no ``text_open`` trait (the text view is open here, so the ``description`` is there)."""
    return {k: v for k, v in traits.items() if k != "text_open"}


def old_shape(traits: dict[str, Any]) -> dict[str, Any]:
    """``traits`` (with a ``previews`` answer for the drawing) as a refresh sent them before
    the board asked for previews: each choice and any-time action with its ``preview``
    (between ``target`` and ``warn``, the JSON's key order as it was), no ``previews``
    trait, and not the board word that came with them (an any-time button's label before
    its preview is known)."""
    found = traits["previews"]
    out = {k: v for k, v in before_text_on_demand(traits).items() if k != "previews"}
    words = {k: v for k, v in traits["cards"]["words"].items() if k != "any_time_aria_plain"}
    out["cards"] = {**traits["cards"], "words": words}
    for listing in ("choices", "any_time"):
        out[listing] = [{**{k: v for k, v in item.items() if k != "warn"},
                         "preview": found[listing][i], "warn": item["warn"]}
                        for i, item in enumerate(traits[listing])]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=150, help="random moves per game at most")
    parser.add_argument("--before-previews-on-demand", action="store_true",
                        help="each choice's preview put back inside it and no previews trait, "
                             "as the payloads were before the board asked for previews (and "
                             "no text_open trait)")
    parser.add_argument("--before-text-on-demand", action="store_true",
                        help="no text_open trait, as the payloads were before the text view "
                             "was written only while open")
    args = parser.parse_args()
    digest = hashlib.sha256()
    payloads = 0
    for game, module, confs in SETTINGS:
        for conf in confs:
            for seed in (1, 2):
                match = Match(game, module.Rules(**conf), seed=seed)
                shared = TableSession(table_of(game), match)
                seats = [SeatSession(shared, s, hot_seat=False) for s in range(shared.players)]
                for seat in seats:  # every text view open: each description is written
                    seat.handle({"type": "text", "open": True})
                rng = random.Random(seed)
                for _ in range(args.moves):
                    if match.outcome is not None:
                        break
                    for lang in ("en", "ms"):
                        for seat in seats:
                            seat.lang = lang
                            seat.refresh()
                            seat.handle({"type": "previews", "version": seat.version})
                            traits = seat.traits()
                            if args.before_previews_on_demand:
                                traits = old_shape(traits)
                            elif args.before_text_on_demand:
                                traits = before_text_on_demand(traits)
                            digest.update(msgspec.json.encode(traits))
                            payloads += 1
                    match.play(rng.choice(match.legal_actions()))
    print(f"{payloads:,} payloads, sha256 {digest.hexdigest()}")


if __name__ == "__main__":
    main()
