"""The hidden-field declarations (issue 28, point 1): every State field is declared once, each
game's View agrees with its declaration, and ``determinize`` must deal every field that is not
public. The broken copies show each check failing."""

from __future__ import annotations

import importlib
import random
import types
import typing
from pathlib import Path

import msgspec
import pytest

from marketlib import bansan, monsoon
from marketlib.core.hidden import Declaration

# the modules (the packages re-export the functions ``view`` and ``state`` is a module there)
bansan_state = importlib.import_module("marketlib.bansan.state")
bansan_view = importlib.import_module("marketlib.bansan.view")
monsoon_state = importlib.import_module("marketlib.monsoon.state")
monsoon_view = importlib.import_module("marketlib.monsoon.view")

GAMES = {"bansan": (bansan_state, bansan_view), "monsoon": (monsoon_state, monsoon_view)}


@pytest.mark.parametrize("game", GAMES)
def test_every_state_field_is_declared_once(game: str) -> None:
    state_module, _ = GAMES[game]
    declared = state_module.SIGHT
    assert list(declared.fields) == list(state_module.State.__struct_fields__)


@pytest.mark.parametrize("game", GAMES)
def test_a_new_state_field_without_a_declaration_stops_the_import(game: str) -> None:
    """A broken copy of the game's ``state.py``: a ``secret_hand`` field added to ``State``
    and nowhere else. Executing it fails at the declaration, naming the field."""
    state_module, _ = GAMES[game]
    path = Path(state_module.__file__ or "")
    source = path.read_text(encoding="utf-8")
    anchor = "    result: Outcome | None = None\n"
    assert source.count(anchor) == 1
    broken = source.replace(anchor, anchor + "    secret_hand: tuple[str, ...] = ()\n")
    copy = types.ModuleType(f"broken_{game}_state")
    with pytest.raises(ValueError, match="field 'secret_hand' has no declaration"):
        exec(compile(broken, str(path), "exec"), copy.__dict__)


def test_a_declaration_naming_a_missing_or_repeated_field_is_refused() -> None:
    groups = dict(bansan_state.SIGHT.groups)
    with pytest.raises(ValueError, match="has no field 'hand'"):
        Declaration(bansan.State, **{**groups, "secret": (*groups["secret"], "hand")})
    with pytest.raises(ValueError, match="declared twice"):
        Declaration(bansan.State, **{**groups, "secret": (*groups["secret"], "deck")})


def _copy(view: type[msgspec.Struct], drop: str = "", add: tuple[str, type] | None = None,
          close: str = "", retype: tuple[str, object] | None = None,
          frozen: bool = True) -> type[msgspec.Struct]:
    """``view`` as a new struct, ``drop`` left out, ``add`` added, ``close`` made non-None,
    ``retype``'s field given its type, a struct that is not ``frozen``."""
    info = msgspec.inspect.type_info(view)
    assert isinstance(info, msgspec.inspect.StructType)
    hints = typing.get_type_hints(view)
    fields: list[tuple[str, object] | tuple[str, object, object]] = []
    for f in info.fields:
        if f.name == drop:
            continue
        kind: object = int if f.name == close else hints[f.name]
        if retype is not None and f.name == retype[0]:
            kind = retype[1]
        if f.required or f.name == close:
            fields.append((f.name, kind))
        else:
            fields.append((f.name, kind, f.default))
    if add is not None:
        fields.append((add[0], add[1], 0))
    return msgspec.defstruct(view.__name__, fields, kw_only=True, frozen=frozen)


@pytest.mark.parametrize("game", GAMES)
def test_each_view_agrees_with_its_declaration(game: str) -> None:
    """The View structs stay explicit; the game's import already checked them (``DERIVED``).
    Here broken copies are refused: a hidden field left out (it would be built with nowhere
    to go), an undeclared field added (a copy nobody derives), a teacher-only field that
    cannot be ``None`` (a seat's view would have to carry it)."""
    state_module, view_module = GAMES[game]
    declared, view = state_module.SIGHT, view_module.View
    entries = {"vendors": bansan_view.VendorView} if game == "bansan" else {}
    derived = {"seals": lambda s: ()} if game == "monsoon" else {}
    declared.sight(_copy(view), entries, derived)  # a faithful copy agrees
    with pytest.raises(ValueError, match=r"lacks field.* shuffle_key"):
        declared.sight(_copy(view, drop="shuffle_key"), entries, derived)
    with pytest.raises(ValueError, match=r"undeclared field.* leaked"):
        declared.sight(_copy(view, add=("leaked", int)), entries, derived)
    with pytest.raises(ValueError, match=r"cannot hold None.* shuffle_key"):
        declared.sight(_copy(view, close="shuffle_key"), entries, derived)


class _Loose(msgspec.Struct):
    """A struct whose fields can be set after it is made (not frozen)."""

    cards: tuple[str, ...] = ()


@pytest.mark.parametrize("game", GAMES)
def test_a_view_that_could_change_in_place_is_refused(game: str) -> None:
    """A seat's view is made from its last one and the scene from the last scene, by the
    identity of each field (issue 28): a field whose value could be changed in place would
    read as unchanged. Broken copies of the View are refused at import, naming the place: a
    list, a dict, a field typed ``Any``, a struct that is not frozen inside a field, and a
    View that is not frozen itself."""
    state_module, view_module = GAMES[game]
    declared, view = state_module.SIGHT, view_module.View
    entries = {"vendors": bansan_view.VendorView} if game == "bansan" else {}
    derived = {"seals": lambda s: ()} if game == "monsoon" else {}
    public = declared.groups["public"][1]
    for kind, said in ((list[str], "list"), (dict[str, int], "dict"), (typing.Any, "any"),
                       (_Loose, "_Loose is not frozen"), (tuple[_Loose, ...],
                                                          "_Loose is not frozen")):
        with pytest.raises(ValueError, match=rf"in place at View\.{public} \({said}\)"):
            declared.sight(_copy(view, retype=(public, kind)), entries, derived)
    with pytest.raises(ValueError, match=r"in place at View \(View is not frozen\)"):
        declared.sight(_copy(view, frozen=False), entries, derived)


def test_a_vendor_view_agrees_with_the_vendor_declaration() -> None:
    declared, view = bansan_state.SIGHT, bansan_view.View
    entries = {"vendors": _copy(bansan_view.VendorView, close="money")}
    with pytest.raises(ValueError, match=r"VendorView cannot hold None.* money"):
        declared.sight(view, entries)


def test_what_determinize_copies_and_deals() -> None:
    assert bansan_view.DERIVED.dealt == (
        "deck", "removed", "list_deck", "event_deck", "vendors", "ledger", "bank", "transfers",
        "shuffle_key")
    assert monsoon_view.DERIVED.dealt == ("goods_deck", "order_deck", "shuffle_key")
    assert set(monsoon_view.DERIVED.copied) == set(monsoon.State.__struct_fields__) - {
        "goods_deck", "order_deck", "shuffle_key"}


def test_determinize_cannot_forget_a_dealt_field() -> None:
    """``Sight.state`` takes exactly the dealt fields: one left out is a TypeError, so a
    hidden field added to the declaration fails every ``determinize`` until it is dealt."""
    s = monsoon.setup(monsoon.Rules(players=2), seed=1)
    sight = monsoon_view.DERIVED
    v = sight.view(s, 0)
    with pytest.raises(TypeError, match="shuffle_key"):
        sight.state(v, goods_deck=s.goods_deck, order_deck=s.order_deck)
    assert sight.state(v, goods_deck=s.goods_deck, order_deck=s.order_deck,
                       shuffle_key=s.shuffle_key) == s


@pytest.mark.parametrize("game", [bansan, monsoon])
def test_seat_views_carry_nothing_hidden(game: types.ModuleType) -> None:
    """In a seat's view, every hidden and secret field is ``None`` (before the end)."""
    rules = game.Rules(players=3)
    s = game.setup(rules, seed=4)
    rng = random.Random(4)
    declared = (bansan_state if game is bansan else monsoon_state).SIGHT
    names = [n for n in declared.fields if n not in declared.groups["public"]
             and n not in declared.groups["per_seat"]]
    for _ in range(40):
        for p in range(3):
            v = game.view(s, p)
            assert all(getattr(v, n) is None for n in names)
            if game is bansan and s.result is None:
                assert [x.money is None for x in v.vendors] == [q != p for q in range(3)]
        s = game.apply(s, rng.choice(game.legal_actions(s)))


def _views_in_any_order(game: types.ModuleType, seed: int) -> list[tuple[typing.Any, int | None]]:
    """(state, seat) pairs of two seeded random games, in a shuffled order of positions with
    runs kept (a board reads the next state, a story jumps back), every seat and the teacher,
    the finished positions included (money and Wallets shown again, A-B-57)."""
    rng = random.Random(seed)
    states = []
    for one in (seed, seed + 1):
        s = game.setup(game.Rules(players=3), seed=one)
        for _ in range(400):
            states.append(s)
            if game.outcome(s) is not None:
                break
            s = game.apply(s, rng.choice(game.legal_actions(s)))
    asked: list[tuple[typing.Any, int | None]] = []
    i = 0
    while len(asked) < 1500:
        i = rng.randrange(len(states)) if rng.random() < 0.2 else min(i + 1, len(states) - 1)
        asked.append((states[i], rng.choice([None, 0, 1, 2])))
    assert any(game.outcome(s) is not None for s, _ in asked)
    return asked


@pytest.mark.parametrize("game", [bansan, monsoon])
def test_a_view_made_from_the_seats_last_one_equals_one_made_whole(
        game: types.ModuleType) -> None:
    """``view`` makes a seat's view from the last one it made, the fields that changed
    replaced (issue 28: a board's refresh); in any order of positions and seats it equals a
    view made whole, by a ``view`` generated afresh from the same declaration for each call.
    A broken copy that drops one changed field is caught."""
    state_module, view_module = GAMES[game.__name__.rsplit(".", 1)[-1]]
    declared = state_module.SIGHT
    made = ({"entries": {"vendors": view_module.VendorView}} if game is bansan
            else {"derived": {"seals": view_module._seals}})  # as the game's DERIVED

    def whole(s: typing.Any, p: int | None) -> typing.Any:
        return declared.sight(view_module.View, **made).view(s, p)

    kept = view_module.DERIVED.view
    asked = _views_in_any_order(game, 7)
    for s, p in asked:
        assert kept(s, p) == whole(s, p)

    scope = kept.__globals__  # the generated function's own scope
    real = scope["_replace"]
    public = declared.groups["public"]
    dropped = "stalls" if game is bansan else public[1]
    scope["_replace"] = lambda seen, **changes: real(
        seen, **{k: v for k, v in changes.items() if k != dropped})
    try:
        assert any(kept(s, p) != whole(s, p) for s, p in asked)
    finally:
        scope["_replace"] = real
