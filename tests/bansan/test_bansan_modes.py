"""Each Bansan mode's declared facts (:mod:`marketlib.bansan.modes`) hold in play (issue 28,
point 2): a record says how Kenduri (B-KEN) and Sendiri (B-SOLO) differ, and the engine does
what the record says."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import msgspec
import pytest

import marketlib
from marketlib import bansan
from marketlib.bansan import actions as A
from marketlib.bansan.modes import MODES, SOLO_ROW, Mode
from marketlib.bansan.options import Rules
from marketlib.bansan.rules import MODE_BANS, explain, setup
from marketlib.bansan.state import NEIGHBOUR, Ending, State
from marketlib.bansan.turn import FLOW
from marketlib.sim import play

PLAYERS = {"standard": 2, "kenduri": 3, "sendiri": 1}
"""A player count each mode accepts."""


def _game(mode: Mode, seed: int = 1) -> State:
    return setup(Rules(players=PLAYERS[mode.name], mode=mode.name), seed=seed)


def _sample(kind: type[A.Action], state: State) -> A.Action:
    """One action of ``kind`` naming things that exist in ``state`` (a ban is refused first,
    whatever the action names)."""
    card = state.deck[0]
    fields: dict[str, Any] = {
        "row": 1, "list": state.list_deck[0], "card": card, "price": 1, "to": 0,
        "stall": state.stalls[0].id, "produce": bansan.Produce.FV,
    }
    names = set(kind.__struct_fields__)
    return kind(player=0, **{k: v for k, v in fields.items() if k in names})


def test_every_mode_has_a_record_named_as_the_stored_field() -> None:
    """``Rules.mode`` stays the stored string (save files unchanged); ``Rules.plays`` is its
    record and is not stored."""
    assert set(MODES) == {"standard", "kenduri", "sendiri"}
    for name, mode in MODES.items():
        rules = Rules(players=PLAYERS[name], mode=name)
        assert mode.name == name and rules.plays is mode
        stored = msgspec.json.encode(rules)
        assert f'"mode":"{name}"'.encode() in stored and b"plays" not in stored
        assert msgspec.json.decode(stored, type=Rules) == rules


@pytest.mark.parametrize("name", list(MODES))
def test_a_mode_accepts_exactly_its_player_counts(name: str) -> None:
    """B-SETUP-01, B-KEN-01, B-SOLO-01: ``Mode.players`` is what ``Rules`` accepts."""
    for n in range(0, 7):
        if n in MODES[name].players:
            Rules(players=n, mode=name)
        else:
            with pytest.raises(ValueError):
                Rules(players=n, mode=name)


@pytest.mark.parametrize("name", list(MODES))
def test_every_ban_is_refused_with_its_rule(name: str) -> None:
    """``Mode.bans``: e.g. Sendiri refuses a trade proposal with B-SOLO-08, Kenduri a returned
    list with B-KEN-02, the multiplayer games a Sendiri move with B-SOLO-09."""
    mode = MODES[name]
    state = _game(mode)
    assert MODE_BANS[name] is mode.bans
    for kind, (rule, _) in mode.bans.items():
        why = explain(state, _sample(kind, state))
        assert why is not None and why.rule == rule, kind.__name__
        assert "{mode}" not in why.reason
    assert MODES["sendiri"].bans[A.ProposeTrade][0] == "B-SOLO-08"


@pytest.mark.parametrize("name", list(MODES))
def test_setup_deals_what_the_mode_declares(name: str) -> None:
    """``shared_menu``: Kenduri deals five public lists and no Wallet lists (B-KEN-02);
    ``solo``: Sendiri's Workers stand on their stalls, the Neighbour's among them (B-SOLO-04/05);
    ``fresh_row``: Sendiri has no Row at setup (B-SOLO-11), the others ``row_size`` cards."""
    mode = MODES[name]
    state = _game(mode)
    rules = state.rules
    if mode.shared_menu:
        assert len(state.public) == rules.kenduri_lists == 5
        assert all(v.wallet == () for v in state.vendors)
    else:
        assert state.public == ()
        assert all(len(v.wallet) == 3 for v in state.vendors)
    renters = [s.renter for s in state.stalls]
    assert (NEIGHBOUR in renters) is mode.solo
    assert (0 in renters) is mode.solo  # elsewhere the stall draft places Workers (B-OPEN-04)
    assert len(state.row) == (0 if mode.fresh_row else rules.row_size)
    assert mode.fresh_row == (SOLO_ROW if mode.solo else 0)


@pytest.mark.parametrize("name", list(MODES))
def test_the_phase_table_plays_no_absent_step(name: str) -> None:
    """``absent_phases`` names steps of the phase table (the Sendiri solo step, B-SOLO-09)."""
    mode = MODES[name]
    assert mode.absent_phases <= set(FLOW.phases)
    assert ("solo_move" in mode.absent_phases) is not mode.solo


@pytest.mark.parametrize("name", list(MODES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_ends_as_its_mode_declares(name: str, seed: int) -> None:
    """``endings`` are :class:`Ending` values, together every Bansan ending, and a played game
    ends with one of its mode's (B-END-06, B-KEN-05/06, B-SOLO-18)."""
    mode = MODES[name]
    assert mode.endings <= {e.value for e in Ending}
    assert set().union(*(m.endings for m in MODES.values())) == {e.value for e in Ending}
    assert mode.money_only is (mode.endings == {"money"})
    rules = Rules(players=PLAYERS[name], mode=name)
    record = play("bansan", rules, ["random"], seed=seed)
    assert record.outcome is not None and record.outcome.ending in mode.endings


def test_kenduri_shares_the_menu_and_sendiri_alone_plays_solo() -> None:
    """``shared_menu`` is the Kenduri's (B-KEN-02); ``solo`` and ``buys_unoperated`` Sendiri's
    (B-SOLO-01, B-SOLO-12; elsewhere B-BUY-06 refuses such a BUY)."""
    assert [m.name for m in MODES.values() if m.buys_unoperated] == ["sendiri"]
    assert [m.name for m in MODES.values() if m.solo] == ["sendiri"]
    assert [m.name for m in MODES.values() if m.shared_menu] == ["kenduri"]


# --------------------------------------------------------------------------- the skeleton check
DECLARED_IN = ("bansan/modes.py", "bansan/options.py")
"""Where a mode's name may be compared with ``mode``: its record, and the options' validation."""


def _is_mode(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id == "mode") or (
        isinstance(node, ast.Attribute) and node.attr == "mode")


def _names_a_mode(node: ast.expr) -> bool:
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_a_mode(e) for e in node.elts)
    return isinstance(node, ast.Constant) and node.value in MODES


def mode_branches(source: str, filename: str) -> list[str]:
    """Every comparison in ``source`` of a ``mode`` (a name or an attribute) with a Bansan
    mode's name, as ``file:line``: a difference of a mode is a fact of its record, read as
    ``rules.plays.<fact>``, not a branch on the name (issue 28, point 2)."""
    return [f"{filename}:{node.lineno}" for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Compare)
            and any(_is_mode(s) for s in (node.left, *node.comparators))
            and any(_names_a_mode(s) for s in (node.left, *node.comparators))]


def test_no_module_branches_on_a_mode_name() -> None:
    """Outside :mod:`marketlib.bansan.modes` and :mod:`marketlib.bansan.options`, no module of
    marketlib compares ``mode`` with ``"standard"``, ``"kenduri"`` or ``"sendiri"`` (shown to
    fail on a broken copy: :func:`test_the_mode_branch_check_fails_on_a_broken_copy`)."""
    root = Path(marketlib.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name not in DECLARED_IN:
            found += mode_branches(path.read_text(encoding="utf-8"), name)
    assert found == []


def test_the_mode_branch_check_fails_on_a_broken_copy() -> None:
    """A copy of Bansan's phase table with its two Sendiri facts put back as branches on the
    name (as before issue 28) is caught, and so are ``in`` and ``!=`` spellings; a Match's own
    ``mode == "explore"`` and a mode shown in a message are not Bansan branches."""
    from marketlib.bansan import turn

    real = Path(turn.__file__ or "").read_text(encoding="utf-8")
    assert mode_branches(real, "turn.py") == []
    broken = real.replace("s.rules.plays.solo", 's.rules.mode == "sendiri"')
    assert len(mode_branches(broken, "turn.py")) == 2
    assert mode_branches('if rules.mode in ("kenduri", "sendiri"):\n    pass\n', "x.py") == [
        "x.py:1"]
    assert mode_branches('solo = "sendiri" != mode\n', "x.py") == ["x.py:1"]
    assert mode_branches('a = self.mode == "explore"\nb = f"{rules.mode}"\n', "x.py") == []


def test_the_marks_a_learner_meets_are_explained_for_each_mode() -> None:
    """An unoperated Stall, the Outside Market and the Star are said in words where they are
    shown and in the legend (helper-67: 'unoperated' and 'outside market' were explained
    nowhere on the board), each as it is under the rules played (B-BUY-06, B-SOLO-08/10/12/14,
    B-ANY-06, B-END-04, B-UPK-10, A-B-01, A-B-08, A-B-17, A-B-22; helper-73 found the closed
    Stall, Last Round, Event and A-B-17 cases missing)."""
    from marketlib.bansan.words import explanations, legend

    standard = explanations(bansan.Rules(players=3, rr_cost=4))
    assert standard["unoperated"] == (
        "no vendor rents this Stall, so nobody buys from it (B-BUY-06); while it is open, R&R "
        "can rent it for RM4 until the Last Round is triggered (B-ANY-06, B-END-04)")
    assert standard["outside"] == (
        "the discard pile: cards sold (B-SELL-01) and the cards of a Waste Bin a vendor empties "
        "(B-EMPTY-01) go there and are out of the game")
    assert standard["star"] == ("a Star: it would flip an Event, but Events are off in this "
                                "game (A-B-01)")
    solo = explanations(bansan.Rules(players=1, mode="sendiri"))
    assert solo["unoperated"] == (  # no R&R in Sendiri (B-SOLO-08)
        "no vendor rents this Stall: you buy its cards at 2 times the market price, paid to "
        "the bank (B-SOLO-12)")
    assert solo["outside"] == (
        "the discard pile: cards sold (B-SELL-01), the cards of a Waste Bin a vendor empties "
        "(B-EMPTY-01), the card drawn in step 1b (B-SOLO-10) and the Row's leftovers "
        "(B-SOLO-14) go there and are out of the game")
    assert "R&R" not in dict(legend(bansan.Rules(players=1, mode="sendiri")))  # B-SOLO-08
    option = explanations(bansan.Rules(players=2, buy_unoperated_multiplayer=True,
                                       rent_closed_stall=True))
    assert option["unoperated"] == (
        "no vendor rents this Stall: its cards are bought at 2 times the market price, paid to "
        "the bank (buy_unoperated_multiplayer, A-B-08); R&R can rent it for RM3, even while it "
        "is closed (rent_closed_stall, A-B-22), until the Last Round is triggered (B-END-04)")
    on = explanations(bansan.Rules(players=3, events="reconstructed",
                                   no_stall_fallback="outside_market"))
    assert on["star"] == ("a Star: when a refill draws one, an Event is flipped (at most 1 a "
                          "turn, B-UPK-10; Events are on in this game)")
    assert on["outside"] == (
        "the discard pile: cards sold (B-SELL-01), the cards of a Waste Bin a vendor empties "
        "(B-EMPTY-01), the cards of a Waste Bin an Event empties and a stocked card with no "
        "open Stall to go into (A-B-17) go there and are out of the game")
    stocked = explanations(bansan.Rules(players=3, events="reconstructed",
                                        star_sources=("replenish", "deck_stock")))
    assert stocked["star"].startswith("a Star: when a refill or a stocking reveal from the "
                                      "Deck draws one, an Event is flipped at Upkeep")
    only = explanations(bansan.Rules(players=3, events="reconstructed",
                                     star_sources=("deck_stock",)))
    assert only["star"] == (  # helper-75: the refill flipped on its own Stars too (A-B-20)
        "a Star: when a stocking reveal from the Deck draws one, an Event is flipped at Upkeep "
        "(at most 1 a turn, B-UPK-10; a refill's Star flips none in this game)")
    shown = dict(legend(bansan.Rules(players=3, rr_cost=4)))
    assert (shown["unoperated"], shown["Outside Market"], shown["\u2605"]) == (
        standard["unoperated"], standard["outside"], standard["star"])
    assert "R&R" in shown
