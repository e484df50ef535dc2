"""A proposal's preview says what it does (B-ANY-01/02, A-B-60/61).

helper-115 pointed at a trade proposal and read "no visible change yet": a trade, a bargain or
a counter-offer changes nothing until it is accepted, but it does things a vendor should know
before sending it: whose answer the game now waits for, what accepting does, the money it holds
while it waits (A-B-61) and the counters left (A-B-60)."""

from __future__ import annotations

from marketlib import Match, bansan
from marketlib.bansan import position
from marketlib.core.i18n import language, sentence


def _trade() -> tuple[bansan.State, str]:
    s = position(rents={0: ["FV", "DG"], 1: ["WG", "MT"]}, bags={0: ["FV"], 1: ["DG"]},
                 money=[10, 5], phase="actions")
    return s, s.vendors[0].bag[0].card


def _said(view: bansan.View, move: str) -> str:
    return str(bansan.preview(view, bansan.parse_action(move)))


def test_a_trade_proposal_says_it_waits_for_the_answer_and_holds_the_money() -> None:
    s, fv = _trade()
    move = f"P1 trade P0 give=- take={fv} pay=5 ask=0"
    assert _said(bansan.view(s, 1), move) == (
        "offers P0 a trade; nothing changes hands until P0 accepts (B-ANY-02); RM5 of your "
        "money is held for it while the offer waits: you cannot spend it elsewhere (A-B-61)")
    assert _said(bansan.view(s, 1), f"P1 trade P0 give=- take={fv} pay=0 ask=0") == (
        "offers P0 a trade; nothing changes hands until P0 accepts (B-ANY-02)")
    with language("ms"):
        malay = sentence(_said(bansan.view(s, 1), move))
    assert malay == (
        "menawarkan pertukaran kepada P0; tiada apa-apa bertukar tangan sehingga P0 menerima "
        "(B-ANY-02); RM5 daripada wang anda ditahan untuknya selagi tawaran menunggu: anda "
        "tidak boleh membelanjakannya di tempat lain (A-B-61)")


def test_a_counter_says_the_answers_left() -> None:
    s, fv = _trade()
    s = bansan.apply(s, bansan.parse_action(f"P1 trade P0 give=- take={fv} pay=5 ask=0"))
    said = _said(bansan.view(s, 0), "P0 counter give=- take=- pay=0 ask=3")
    assert said == ("counters the offer: it goes back to P1, who may accept, decline or "
                    "counter again (2 counter(s) left, A-B-60); nothing changes hands until P1 "
                    "accepts (B-ANY-02); if P1 accepts, they pay you RM3")  # P0 pays nothing,
    # so holds nothing; what it asks is checked when P1 accepts (A-B-61)


def test_a_bargain_holds_the_buyers_price_and_the_sellers_counter_holds_nothing() -> None:
    s = position(players=3, rents={0: ["WG"], 1: ["MT"]}, stalls={"MT": ["MT"]},
                 phase="actions", current=0, rules=bansan.Rules(players=3, max_counters=1))
    match = Match.from_state("bansan", s)
    card = next(st for st in s.stalls if st.cards).cards[0]
    match.play("P0 buy MT")
    assert _said(match.view(0), f"P0 bargain {card} 1") == (
        f"offers P1 RM1 for {card}; if P1 accepts, {card} is picked for the BUY at RM1, paid "
        "when the buyer finishes (done); RM1 of your money is held for it while the offer "
        "waits: you cannot spend it elsewhere (A-B-61); if P1 declines, the BUY goes on: you "
        "must still pick at least 1 card (B-BUY-01)")  # helper-119 declined and found only a
    # full-price pick left
    match.play(f"P0 bargain {card} 1")
    assert _said(match.view(1), "P1 counter price=2") == (  # the seller's: no money of P1's
        f"counters the offer: P0 may only accept or decline (no counters left, A-B-60); if P0 "
        f"accepts, {card} is picked for the BUY at RM2, paid when the buyer finishes (done)")


def test_what_people_propose_previews_the_same_in_every_world_and_holds_what_it_pays() -> None:
    """Proposals with people's terms (``bansan.fuzz.person_action``: amounts above what a seat
    has, cards it does not hold, counters past the limit) along random 3-seat games: each legal
    one previews from its proposer's view alike in worlds dealt anew from that view (nothing
    hidden shows), says the money it holds exactly when the proposer pays some (A-B-61), and
    never "no visible change yet"; an illegal one is refused by the preview with its rule ID."""
    import random
    from collections import Counter

    from marketlib.bansan import actions as A
    from marketlib.bansan.fuzz import person_action
    from marketlib.bansan.state import BargainOffer
    from marketlib.core.errors import IllegalAction

    offers = (A.ProposeTrade, A.Bargain, A.Counter)
    previewed = refused = 0
    kinds: Counter[tuple[str, bool]] = Counter()
    for seed in range(14):
        rng = random.Random(seed)
        state = bansan.setup(bansan.Rules(players=3), seed=seed)
        for _ in range(160):
            if bansan.outcome(state) is not None:
                break
            for _ in range(3):
                seat = rng.randrange(3)
                move = person_action(state, seat, rng)
                if not isinstance(move, offers):
                    continue
                view = bansan.view(state, seat)
                if bansan.explain(state, move) is not None:
                    try:
                        bansan.preview(view, move)
                    except IllegalAction as err:
                        assert err.rule, move
                        refused += 1
                        continue
                    raise AssertionError(f"{move} previewed though illegal")
                said = {str(bansan.preview(view, move, bansan.determinize(view,
                                                                        random.Random(k))))
                        for k in range(3)}
                assert len(said) == 1, (move, said)  # the same in every world
                text = said.pop()
                assert "no visible change" not in text
                offer = bansan.apply(state, move).offer
                assert offer is not None and offer.to != seat
                held = (offer.price if bansan.queries.bargain_seller(state, offer) != seat
                        else 0) if isinstance(offer, BargainOffer) else offer.pay
                assert ("of your money is held" in text) == (held > 0), (move, text)
                assert held == 0 or f"; RM{held} of your money is held" in text, (move, text)
                assert f"P{offer.to}" in text
                previewed += 1
                kinds[type(move).__name__, isinstance(offer, BargainOffer)] += 1
                if rng.random() < 0.5:  # sent: the next people answer it, or counter
                    state = bansan.apply(state, move)
                    break
            else:
                state = bansan.apply(state, rng.choice(bansan.legal_actions(state)))
    assert previewed > 40 and refused > 40, (previewed, refused)
    assert kinds["Counter", True] > 5 and kinds["Counter", False] > 5, kinds  # both offers'
    assert kinds["Bargain", True] > 5, kinds  # counters, and bargains
