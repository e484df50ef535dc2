"""The Bansan effects: small pure functions that return a changed state, shared by the move
handlers and the phases (issue 28: a module's name says its job; :mod:`.queries` only reads).

Every money movement goes through :func:`transfer`, which logs a :class:`Transfer` with its rule
ID and keeps the ledger that ``check_invariants`` audits (money changes only by rule); cards go
to the Waste Bins through :func:`throw` (fined by B-BIN-02), from a Stall through
:func:`take_from_stall`, from the Deck through :func:`draw_deck` (which may trigger the Last
Round, B-END-01b).
"""

from __future__ import annotations

from collections.abc import Iterable

from msgspec.structs import replace

from marketlib.bansan.queries import BIN_INDEX, catalog, fine_for, remove, set_stall
from marketlib.bansan.state import Stall, State, Transfer, Vendor


def transfer(state: State, frm: int | None, to: int | None, amount: int, rule: str,
             *, mandatory: bool = False) -> State:
    """Move ``amount`` RM from ``frm`` to ``to`` (``None``: the bank), logged with ``rule``.

    A mandatory payment (a fine) is capped at the payer's money under
    ``debt_policy="pay_what_you_can"`` (A-B-35); the unpaid part is waived.
    """
    if frm is not None and mandatory and state.rules.debt_policy == "pay_what_you_can":
        amount = min(amount, max(0, state.vendors[frm].money))
    if amount == 0:
        return state
    vendors = list(state.vendors)
    ledger = list(state.ledger)
    bank = state.bank
    if frm is None:
        bank += amount
    else:
        vendors[frm] = _money(vendors[frm], -amount)
        ledger[frm] -= amount
    if to is None:
        bank -= amount
    else:
        vendors[to] = _money(vendors[to], amount)
        ledger[to] += amount
    return replace(state, vendors=tuple(vendors), ledger=tuple(ledger), bank=bank,
                         transfers=(*state.transfers, Transfer(frm, to, amount, rule)))


def _money(vendor: Vendor, delta: int) -> Vendor:
    return Vendor(money=vendor.money + delta, wallet=vendor.wallet, completed=vendor.completed,
                  bag=vendor.bag, rr_used=vendor.rr_used)


def throw(state: State, player: int | None, cards: Iterable[str], rule: str,
          *, fined: bool) -> State:
    """Flip ``cards`` to their waste sides into their bins (B-UPK-04); if ``fined``, ``player``
    pays ``fine_per_card`` per card landing as the 6th or later in its bin (B-BIN-02, A-B-14)."""
    bins = [list(b) for b in state.bins]
    overflowed = 0
    cap = state.rules.bin_capacity
    cat = catalog(state)
    for c in cards:
        target = bins[BIN_INDEX[cat.produce[c].waste]]
        overflowed += fine_for(len(target), 1, cap)
        target.append(c)
    new = replace(state, bins=(tuple(bins[0]), tuple(bins[1]), tuple(bins[2])))
    if fined and player is not None and overflowed:
        new = transfer(new, player, None, overflowed * state.rules.fine_per_card, rule,
                       mandatory=True)
    return new


def fallback(state: State, card_id: str) -> State:
    """A card with no open stall for its types (A-B-17): to its bin (no fine) or outside."""
    if state.rules.no_stall_fallback == "outside_market":
        return replace(state, outside=(*state.outside, card_id))
    return throw(state, None, (card_id,), "B-STOCK-07", fined=False)


def take_from_stall(state: State, card_id: str) -> tuple[State, Stall]:
    for i, s in enumerate(state.stalls):
        if card_id in s.cards:
            new = replace(s, cards=remove(s.cards, card_id))
            return replace(state, stalls=set_stall(state, i, new)), s
    raise AssertionError(card_id)


def draw_deck(state: State, count: int) -> tuple[State, tuple[str, ...]]:
    """Draw ``count`` cards (or what is left); drawing the last card triggers the Last Round
    (B-END-01b)."""
    drawn, deck = state.deck[:count], state.deck[count:]
    state = replace(state, deck=deck)
    if drawn and not deck:
        state = trigger_last_round(state, state.current)
        if state.public and state.rules.kenduri_deadline == "deck_exhausted":
            state = replace(state, missed=state.public).note(
                f"the Deck ran out with {len(state.public)} Kenduri list(s) open: the Kenduri "
                "has failed (B-KEN-05, kenduri_deadline='deck_exhausted')")
    return state, drawn


def trigger_last_round(state: State, seat: int) -> State:
    """B-END-01..03: the first trigger only (A-B-26); the Bansan Token passes to ``seat``."""
    if state.trigger is not None:
        return state
    return replace(state, trigger=seat, token=seat)
