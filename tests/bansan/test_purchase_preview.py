"""A Pick's preview says what finishing the BUY or SELL now would move ("if you finish now
(done), you pay RM4"): ``queries.purchase_total``, the same sum the ``done`` handler pays
(B-BUY-02/03/06, B-SELL-01, B-SOLO-12; the Events' full-price sale and free wholesale).
Checked against the whole ``done`` step played in the preview's world, in seeded random games
under the rule options that change a purchase's money (issue 28: the preview no longer plays
that second step)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from marketlib import Match, bansan
from marketlib.bansan import actions as A
from marketlib.bansan.queries import purchase_total
from marketlib.bansan.state import Purchase
from marketlib.core.errors import IllegalAction
from marketlib.widgets.sight import world_of

RULES = (
    bansan.Rules(players=2),
    bansan.Rules(players=4, events="reconstructed"),
    bansan.Rules(players=3, rounding_scope="per_card", online_sell_source="both"),
    bansan.Rules(players=3, seller_may_refuse=True),
    bansan.Rules(players=1, mode="sendiri"),
    bansan.Rules(players=3, mode="kenduri"),
)


def finishing(world: bansan.State, pick: A.Pick) -> str:
    """The words the preview gave before issue 28 changed it: play the Pick and then ``done``
    in the world, and read the change of the picker's money."""
    after = bansan.apply(world, pick)
    pending = after.pending
    assert isinstance(pending, Purchase)
    m0 = after.vendors[pick.player].money
    try:
        done = bansan.apply(after, A.Done(player=pick.player))
    except IllegalAction:
        return f"{len(pending.picked)} card(s) picked"
    m1 = done.vendors[pick.player].money
    verb = "you get" if m1 > m0 or (m1 == m0 and pending.kind == "sell") else "you pay"
    return (f"{len(pending.picked)} card(s) picked: if you finish now (done), {verb} "
            f"RM{abs(m1 - m0)}{_priced(world, pending.kind)}")


def _priced(world: bansan.State, kind: str) -> str:
    """How the total is priced: half price (rounded down once, B-ROUND-01, or card by card
    under ``rounding_scope="per_card"``, A-B-10), unless an Event waiting beside the vendor's
    bag makes this turn's wholesale BUY free (EV-13..16) or its sale full price (EV-17..20)."""
    if kind == "vendors":
        return ""
    effect = "free_wholesale" if kind == "wholesale" else "full_price_sell"
    events = bansan.catalog(world).events
    waiting = [r.event for r in world.reminders
               if r.seat == world.current and events[r.event].effect.value == effect]
    if not waiting and world.rules.rounding_scope == "per_card":
        return " (half price, each card rounded down, A-B-10)"
    if not waiting:
        return " (half price, rounded down once)"
    return (f" (free this turn, {waiting[0]})" if kind == "wholesale"
            else f" (full price this turn, {waiting[0]})")


def positions(rules: bansan.Rules, seeds: tuple[int, ...] = (3, 4, 5),
              moves: int = 400) -> Iterator[tuple[int, Match, int | None, tuple[A.Action, ...]]]:
    """Each position of seeded random games: its seed, the match, the decider and the legal
    actions; a random legal move is played once the caller has looked at it."""
    for seed in seeds:
        match = Match("bansan", rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if match.outcome is not None:
                break
            legal = match.legal_actions()
            yield seed, match, match.current_player, legal
            match.play(rng.choice(legal))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.mode}-{r.players}p")
def test_a_picks_preview_states_what_done_would_move(rules: bansan.Rules) -> None:
    checked = 0
    for seed, match, seat, legal in positions(rules):
        picks = [a for a in legal if isinstance(a, A.Pick)]
        if picks and seat is not None and seat >= 0:
            view = match.view(seat)
            world = world_of(match.game, view)
            for pick in picks:
                said = bansan.preview(view, pick, world).certain[0]
                assert said == finishing(world, pick), (seed, str(pick))
                checked += 1
    assert checked >= 20


def test_the_total_is_what_the_handler_moves() -> None:
    state = bansan.position(players=2, phase="actions")
    for kind, prices, expected in (("sell", (3, 2), 2), ("wholesale", (3, 2), 2),
                                   ("vendors", (3, 2), 5), ("wholesale", (1,), 0)):
        pending = Purchase(kind=kind, produce=bansan.Produce.FV,
                           picked=tuple(bansan.state.Picked(f"PC-0{i}", None, p)
                                        for i, p in enumerate(prices)))
        assert purchase_total(state, pending) == expected, kind
    per_card = bansan.position(players=2, phase="actions", rules=bansan.Rules(
        players=2, rounding_scope="per_card"))
    pending = Purchase(kind="sell", produce=bansan.Produce.FV,
                       picked=(bansan.state.Picked("PC-01", None, 3),
                               bansan.state.Picked("PC-02", None, 3)))
    assert purchase_total(per_card, pending) == 2  # 1 + 1, not 6 // 2 (B-ROUND-01, A-B-10)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.mode}-{r.players}p")
def test_a_sales_done_says_where_its_cards_go_and_for_how_much(rules: bansan.Rules) -> None:
    """A sale's ``done`` read "no visible change yet" when its half price rounded down to RM0
    (found by helper-56): the cards still leave for the Outside Market (B-SELL-01). Its
    preview now says so, with the money the handler moves (RM0 included); an Upkeep ``done``
    says no (more) list is completed (B-UPK-02; in Kenduri, whose Menu draws no lists, it too
    read "no visible change yet"), and "Upkeep goes on" only where the vendor still has the
    Bag check to make (B-UPK-08): beside "ends your turn" it read as a contradiction
    (helper-61)."""
    sales = upkeep = goes = 0
    for seed, match, seat, legal in positions(rules):
        done = A.Done(player=seat) if seat is not None and seat >= 0 else None
        if done in legal:
            view = match.view(seat)
            world = world_of(match.game, view)
            said = bansan.preview(view, done, world)
            assert "no visible change" not in str(said), (seed, str(said))
            pending = view.pending
            if isinstance(pending, Purchase) and pending.kind == "sell":
                after = bansan.apply(world, done)
                got = after.vendors[seat].money - world.vendors[seat].money
                assert after.outside[-len(pending.picked):] == tuple(
                    x.card for x in pending.picked)
                assert said.certain[0] == (
                    f"sells {len(pending.picked)} card(s) to the Outside Market for "
                    f"RM{got}{_priced(world, 'sell')}"), seed
                sales += 1
            elif view.phase == "complete":
                more = "more Shopping Lists" if view.completed_now else "Shopping List"
                assert said.certain[0] == f"completes no {more} this turn", seed
                after = bansan.apply(world, done)  # the Bag check left to make (B-UPK-08)
                deciding = after.result is None and after.turn == world.turn
                goes_on = "Upkeep goes on" in said.certain
                assert goes_on <= deciding and (goes_on or not deciding or said.chance), seed
                assert not (goes_on and "ends your turn" in said.certain), seed
                upkeep += 1
                goes += goes_on
    assert sales >= 2 and (upkeep >= 2 or rules.mode == "sendiri"), (sales, upkeep)
    assert 0 < goes < upkeep, (goes, upkeep)  # a Bag check to make, and none


def test_a_sale_for_rm0_in_malay() -> None:
    from marketlib.core.i18n import language, sentence

    with language("ms"):
        assert sentence("sells 1 card(s) to the Outside Market for RM0 (half price, rounded "
                        "down once); ends your turn") == (
            "menjual 1 kad ke Luar Pasar dengan RM0 (separuh harga, dibundarkan ke bawah "
            "sekali); menamatkan giliran anda")
        assert sentence("completes no Shopping List this turn; Upkeep goes on") == (
            "tiada Senarai Belanja dilengkapkan pada giliran ini; Penyelenggaraan diteruskan")


def test_the_last_upkeep_and_a_closing_done_say_what_they_do() -> None:
    """A done that ends the game does not also say "Upkeep goes on", and a Closing Round done
    says what it throws (B-END-05), or that nothing is left; it read "no visible change yet"
    (helper-59)."""
    said: dict[str, set[str]] = {"complete": set(), "closing": set()}
    for rules in (bansan.Rules(players=2, closing_round=False), bansan.Rules(players=3)):
        for seed in range(4):
            match = Match("bansan", rules, seed=seed)
            rng = random.Random(seed)
            while not match.is_over:
                seat = match.current_player
                done = A.Done(player=seat) if seat is not None and seat >= 0 else None
                if done in match.legal_actions() and match.state.phase in said:
                    view = match.view(seat)
                    text = str(bansan.preview(view, done))
                    assert "no visible change" not in text
                    assert not ("Upkeep goes on" in text and "ends the game" in text), text
                    if view.phase == "closing":
                        left = len(view.vendors[seat].bag) + sum(
                            len(s.cards) for s in view.stalls if s.renter == seat)
                        assert text.startswith(
                            f"ends your Closing Round step: your {left} leftover card(s)"
                            if left else "ends your Closing Round step: nothing left to throw")
                    said[view.phase].add(text.split("; ")[-1])
                match.play(rng.choice(match.legal_actions()))
    assert "ends the game" in said["complete"] and said["closing"]


def test_a_bag_of_one_card_is_singular() -> None:
    """"Bag 0 -> 1 card", as Monsoon's "display 2 -> 1 card" (it read "Bag 0 -> 1 cards")."""
    said: list[str] = []
    for _seed, match, seat, legal in positions(RULES[0]):
        if seat is not None and seat >= 0:
            view = match.view(seat)
            world = world_of(match.game, view)
            said += [str(bansan.preview(view, a, world, legal=True)) for a in legal]
    assert not any("-> 1 cards" in s for s in said)
    assert any("-> 1 card;" in s or s.endswith("-> 1 card") for s in said)


def test_a_preview_says_when_a_move_takes_an_action() -> None:
    """A BUY, a wholesale BUY, a SELL and an EMPTY each take 1 of the Action Phase's actions
    when they start (B-ACT-01), before any card is picked: their previews say so with the
    actions left, and no other move's does (helper-110 started a BUY, then read "1 left" on
    the step line without having been told). A move that ends the Action Phase at once (the
    last EMPTY, a last BUY's done) says so, as end-actions does. In English and in Malay."""
    from marketlib.core.i18n import language, sentence

    takes = (A.Buy, A.BuyWholesale, A.Sell, A.Empty)
    seen: dict[bool, int] = {True: 0, False: 0}
    for rules in RULES:
        rng = random.Random(7)
        match = Match("bansan", rules, seed=7)
        for _ in range(300):
            if match.outcome is not None:
                break
            state, seat = match.state, match.current_player
            assert seat is not None
            view, world = match.view(seat), world_of(bansan, match.view(seat))
            for action in match.legal_actions():
                said = str(bansan.preview(view, action, world, legal=True))
                used = isinstance(action, takes)
                part = f"uses 1 action now ({state.actions_left - 1} left, B-ACT-01)"
                assert (part in said) is used, (str(action), said)
                after = bansan.apply(state, action)
                if used:  # the move's own count (a last EMPTY also ends the Action Phase)
                    assert after.actions_left == state.actions_left - 1 or (
                        state.actions_left == 1 and after.phase == "complete")
                else:  # a pick, a done, R&R, an offer: no action taken (end-actions: all)
                    assert after.actions_left == state.actions_left or isinstance(
                        action, A.EndActions) or after.phase != state.phase, str(action)
                ended = state.phase == "actions" and after.phase == "complete"
                assert said.endswith("; Upkeep follows") is ended, said  # end-actions with
                # actions left says how many it leaves unused (helper-115)
                assert ("ends your Action Phase" in said) is ended, said
                seen[used] += 1
                if used and seen[True] < 20:
                    with language("ms"):
                        malay = sentence(said)
                    assert (f"menggunakan 1 tindakan sekarang (tinggal {state.actions_left - 1}, "
                            "B-ACT-01)") in malay, malay
            match.play(rng.choice(match.legal_actions()))
    assert seen[True] > 100 and seen[False] > 300
