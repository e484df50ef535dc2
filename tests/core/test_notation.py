"""One notation grammar for both games (issue 14): every action reads back from its table
notation, at random positions of random games of both games and every Bansan mode, and for
every verb with any arguments; anything else is refused the same way by both games."""

from __future__ import annotations

import ast
import difflib
import random
import re
import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from marketlib import bansan, monsoon
from marketlib.core.errors import InvalidAction
from marketlib.core.notation import ID, IDS, INT, SEAT, Kind, Notation

GAMES = [monsoon, bansan]
CONFIGS: list[tuple[Any, dict[str, Any]]] = [
    *((monsoon, {"players": p}) for p in (2, 3, 4, 5)),
    (monsoon, {"players": 3, "buy_take_fewer": True, "seal_target": 30}),
    *((bansan, {"players": p}) for p in (2, 3, 4, 5)),
    (bansan, {"players": 4, "events": "reconstructed", "stocking_mandatory": False}),
    (bansan, {"players": 3, "mode": "kenduri"}),
    (bansan, {"players": 1, "mode": "sendiri"}),
    (bansan, {"players": 1, "mode": "sendiri", "hard": True}),
]


def notation(game: Any) -> Notation:
    result: Notation = game.table.NOTATION
    return result


def refusal(game: Any, text: object) -> str:
    """The message of ``game``'s refusal of ``text``, its example replaced by ``<example>``."""
    with pytest.raises(InvalidAction) as err:
        game.parse_action(text)
    # only the example the message quotes after "like": the refused text itself may contain
    # the example ('0P0 buy WG' holds Bansan's 'P0 buy WG')
    return str(err.value).replace(f"like '{notation(game).example}'", "like '<example>'")


def with_offer(game: Any, state: Any) -> Any:
    """``state`` with a trade offered to the next seat, when one may be offered now (its
    answers, Accept and Decline, are legal only then)."""
    if game is not bansan or state.phase != "actions" or state.rules.players < 2:
        return state
    me = state.current
    give = () if state.vendors[me].money else tuple(c.card for c in state.vendors[me].bag[:1])
    offer = bansan.ProposeTrade(player=me, to=(me + 1) % state.rules.players, give=give,
                                pay=1 if state.vendors[me].money else 0)
    return state if bansan.explain(state, offer) else bansan.apply(state, offer)


def random_position(game: Any, options: dict[str, Any], seed: int, steps: int,
                    offer: bool) -> Any:
    state = game.setup(game.Rules(**options), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return with_offer(game, state) if offer else state


# ------------------------------------------------------------------ every action reads back
@settings(max_examples=80, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32), steps=st.integers(0, 300),
       offer=st.booleans())
def test_every_legal_action_reads_back_from_its_notation(config: Any, seed: int, steps: int,
                                                         offer: bool) -> None:
    game, options = config
    state = random_position(game, options, seed, steps, offer)
    for action in game.legal_actions(state):
        text = str(action)
        assert game.parse_action(text) == action, text
        assert str(game.parse_action(text)) == text


def test_random_games_meet_every_action_but_the_open_offers() -> None:
    """The random games above meet every kind of action (the Kenduri and Sendiri ones too)
    except trades, bargains and the counters to a bargain: their terms are open, so
    ``legal_actions`` never lists them; the next test reads them back. Taking back an offer
    is an any-time action of the vendor who made it, met in the positions with an offer."""
    seen: set[type] = set()
    for game, options in CONFIGS:
        any_time = getattr(game, "any_time_actions", None)
        for seed in range(3):
            for steps in (20, 60, 100_000):
                state = random_position(game, options, seed, steps, offer=steps < 1000)
                seen |= {type(a) for a in game.legal_actions(state)}
                for seat in range(len(getattr(state, "vendors", ())) if any_time else 0):
                    seen |= {type(a) for a in any_time(state, seat)}
            state = game.setup(game.Rules(**options), seed)
            rng = random.Random(seed)
            while game.outcome(state) is None:
                legal = game.legal_actions(state)
                seen |= {type(a) for a in legal}
                state = game.apply(state, rng.choice(legal))
    every = {*monsoon.table.ACTION_TYPES, *bansan.table.ACTION_TYPES}
    # a counter is listed only in answer to a bargain, which random play never makes (A-B-60)
    assert every - seen == {bansan.ProposeTrade, bansan.Bargain, bansan.Counter}


_IDS = st.from_regex(r"[A-Z]{2}-[0-9]{2}", fullmatch=True)


def _value(kind: Kind, positional: bool) -> st.SearchStrategy[Any]:
    if kind is ID:
        return _IDS
    if kind is IDS:  # an empty list is written '-', which only a key=value can hold
        return st.lists(_IDS, min_size=1 if positional else 0, max_size=4).map(tuple)
    if kind is INT:
        return st.integers(-50, 10**6)
    if kind is SEAT:
        return st.integers(0, 9)
    assert kind.values, kind
    return st.sampled_from(kind.values).map(lambda v: kind.read(v))


@st.composite
def any_action(draw: st.DrawFn, game: Any) -> Any:
    table = notation(game)
    spec = table.verbs[draw(st.sampled_from(sorted(table.verbs)))]
    fields = {name: draw(_value(kind, True)) for name, kind in spec.args}
    keys = [name for name, _ in spec.keys if draw(st.booleans())]
    if spec.need_key and not keys:
        keys = [spec.keys[0][0]]
    fields |= {name: draw(_value(dict(spec.keys)[name], False)) for name in keys}
    return spec.action(player=draw(st.integers(0, 20)), **fields)


@pytest.mark.parametrize("game", GAMES, ids=["monsoon", "bansan"])
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_any_action_of_any_verb_reads_back(game: Any, data: st.DataObject) -> None:
    action = data.draw(any_action(game))
    assert game.parse_action(str(action)) == action
    mangled = _recase(str(action), data.draw(st.randoms()))  # case and spacing do not matter
    assert game.parse_action(mangled) == action


def _recase(text: str, rng: random.Random) -> str:
    words = [w.lower() if rng.random() < 0.5 else w.upper() for w in text.split(" ")]
    return "  ".join(words) + rng.choice(["", " ", "\t", "\n"])


# ------------------------------------------------------------------ anything else is refused
non_strings = st.one_of(st.none(), st.integers(), st.floats(allow_nan=False), st.booleans(),
                        st.binary(max_size=8), st.lists(st.text(max_size=5), max_size=3),
                        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                        st.tuples(st.text(max_size=5)))


@settings(max_examples=100, deadline=None)
@given(thing=non_strings)
@example(thing=b"P0 pass")
@example(thing=["P0 pass"])
def test_non_strings_are_refused_the_same_way(thing: object) -> None:
    words = {refusal(game, thing) for game in GAMES}
    assert words == {f"parse_action needs text like '<example>', not {type(thing).__name__} "
                     f"{thing!r}"}


@settings(max_examples=300, deadline=None)
@given(text=st.text())
@example(text="P0 pass now")
@example(text="P\u0663 pass")
@example(text="P0\u3000pass")
def test_random_text_is_an_action_or_refused_saying_why(text: str) -> None:
    for game in GAMES:
        try:
            action = game.parse_action(text)
        except InvalidAction as err:
            assert str(err).startswith(repr(text)), err
        else:  # it was an action after all: it reads back the same from its notation
            assert game.parse_action(str(action)) == action


not_a_seat = st.one_of(
    st.sampled_from(["P", "P-1", "P1.5", "Q1", "0", "seat0", "P\u0663", "P\uff11", "PP1",
                     "P1,", "1P", "P 1"]),
    st.text(alphabet=string.printable.strip(), min_size=1, max_size=6).filter(
        lambda t: not re.fullmatch(r"[Pp][0-9]+", t)),
)


@settings(max_examples=150, deadline=None)
@given(seat=not_a_seat, rest=st.sampled_from(["pass", "buy WG", "steal MG-05", ""]))
def test_a_bad_seat_is_refused_the_same_way(seat: str, rest: str) -> None:
    text = f"{seat} {rest}"
    words = {refusal(game, text) for game in GAMES}
    assert len(words) == 1
    first = text.split()[0]
    assert words.pop() == (f"{text!r}: an action starts with the seat taking it (P0, P1, ...), "
                           f"not {first!r}; write it like '<example>'")


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_empty_text_is_refused_the_same_way(text: str) -> None:
    assert {refusal(game, text) for game in GAMES} == {
        f"{text!r} is empty: write an action like '<example>'"}
    assert {refusal(game, "P3") for game in GAMES} == {
        "'P3': a verb must follow the seat, like '<example>'"}


verbs_of_neither = st.from_regex(r"[a-z]+(-[a-z]+)?", fullmatch=True).filter(
    lambda v: all(v not in notation(g).verbs for g in GAMES))


@settings(max_examples=100, deadline=None)
@given(verb=st.one_of(verbs_of_neither, st.sampled_from(["st3al", "buy_wholesale", "-", "x="])),
       seat=st.integers(0, 5), args=st.sampled_from(["", " MG-05", " WG 3"]))
def test_a_wrong_verb_is_refused_the_same_way(verb: str, seat: int, args: str) -> None:
    text = f"P{seat} {verb}{args}"
    for game in GAMES:
        message = refusal(game, text)
        close = difflib.get_close_matches(verb.lower(), notation(game).verbs, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        hints = notation(game).hints  # words people type that are no verb
        if verb.lower() in hints:
            hint = f"{hints[verb.lower()]}; "
        assert message.startswith(f"{text!r}: unknown verb {verb!r} ({hint}the "
                                  f"{game.GAME.title} verbs: ")
        assert all(v in message for v in notation(game).verbs)


def test_the_words_people_type_to_end_a_step_say_what_to_write() -> None:
    """A person who types the board's button words ("End Upkeep") or another game's "pass"
    is told which Bansan verb ends what (helper-74: 'end-upkeep' and 'pass' were only unknown,
    with every verb listed)."""
    said = ("'done' ends a BUY, a SELL, Upkeep or your Closing-Round step, 'end-actions' ends "
            "your Action Phase; the Bansan verbs: ")
    for word in ("end-upkeep", "pass", "End", "finish"):
        assert refusal(bansan, f"P0 {word}").startswith(
            f"'P0 {word}': unknown verb {word!r} ({said}")
    assert refusal(bansan, "P0 dne").startswith("'P0 dne': unknown verb 'dne' (did you mean "
                                                "'done'? ")
    assert "pass" in notation(monsoon).verbs and not notation(monsoon).hints


def test_a_misspelt_verb_gets_the_nearest_verb_and_fulfil_reads_as_fulfill() -> None:
    assert refusal(monsoon, "P0 stael MG-01").startswith(
        "'P0 stael MG-01': unknown verb 'stael' (did you mean 'steal'? the Monsoon Market verbs: ")
    assert refusal(bansan, "P0 tuk PC-01 ST-04").startswith(
        "'P0 tuk PC-01 ST-04': unknown verb 'tuk' (did you mean 'tuck'? the Bansan verbs: ")
    assert "did you mean" not in refusal(monsoon, "P0 zzz")
    fulfil = monsoon.parse_action("P0 fulfil MO-03")
    assert fulfil == monsoon.parse_action("P0 fulfill MO-03") == monsoon.Fulfill(player=0,
                                                                                  order="MO-03")
    assert str(fulfil) == "P0 fulfill MO-03"  # written with the verb itself
    assert "fulfil," not in refusal(monsoon, "P0 zzz")  # the alias is not listed as a verb
    with pytest.raises(ValueError, match=r"^aliases of verbs Example does not have: fulfill$"):
        Notation("Example", {}, example="P0 x", aliases={"fulfil": "fulfill"})


@pytest.mark.parametrize("game", GAMES, ids=["monsoon", "bansan"])
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_wrong_number_of_arguments_is_refused_naming_the_verb(game: Any,
                                                               data: st.DataObject) -> None:
    table = notation(game)
    verb = data.draw(st.sampled_from(sorted(table.verbs)))
    need = len(table.verbs[verb].args)
    count = data.draw(st.integers(0, 4).filter(lambda n: n != need))
    args = data.draw(st.lists(_IDS, min_size=count, max_size=count))
    text = " ".join(["P1", verb.upper(), *args])
    message = refusal(game, text)
    usage = table.verbs[verb].usage(verb, 1)  # written for the seat that wrote it
    assert usage.startswith(f"P1 {verb}")
    if need == 0 and table.verbs[verb].keys:  # rr: only key=value arguments
        assert message == (f"{text!r}: {verb!r} takes only key=value arguments ({usage}), "
                           f"not {count} without '='")
    else:
        assert message == (f"{text!r}: {verb!r} takes {need} argument{'' if need == 1 else 's'}"
                           f" ({usage}), not {count}")


@pytest.mark.parametrize(("game", "text", "words"), [
    (monsoon, "P0 declare platinum", "'platinum' is not a level (gold, silver or bulk)"),
    (bansan, "P0 buy XX", "'XX' is not a produce type (FV, WG, MT, DG, SF or MM)"),
    (bansan, "P0 empty bin", "'bin' is not a Waste Bin (PL, PA or OR)"),
    (bansan, "P0 half middle", "'middle' is not a half (top or bottom)"),
    (bansan, "P0 bargain PC-31 two", "'two' is not a whole number"),
    (bansan, "P0 move 1.5", "'1.5' is not a whole number"),
    (bansan, "P0 give PC-01 1", "'1' is not a seat like P1; write it like 'P0 give <card> <to>'"),
    (bansan, "P0 give P1 PC-26", "'PC-26' is not a seat like P1; write it like "
                                 "'P0 give <card> <to>'"),
    (bansan, "P2 tuck PC-07", "'tuck' takes 2 arguments (P2 tuck <card> <stall>), not 1"),
    (bansan, "P0 rr rent ST-06", "'rr' takes only key=value arguments (P0 rr rent=<rent> "
                                 "release=<release>), not 2 without '='"),
    (bansan, "P0 complete SL-01 PC-01,,PC-02", "is not a list of IDs like PC-01,PC-02"),
    (bansan, "P0 rr", "'rr' needs at least one of rent=, release="),
    (bansan, "P0 rr rent=ST-01 rent=ST-02", "'rent=' is given twice"),
    (bansan, "P0 rr lease=ST-01", "'rr' has no key 'lease=' (its keys: rent=, release=)"),
    (bansan, "P0 rr rent=", "'' is not an ID"),
    (bansan, "P0 trade P1 give=", "'' is not a list of IDs"),
    (monsoon, "P0 steal MG-01,MG-02", "'MG-01,MG-02' is not an ID"),
    (bansan, "P0 trade give=PC-01 P1", "'P1' comes after a key=value argument"),
    (bansan, "P0 trade P1 pay=lots", "'lots' is not a whole number"),
    (monsoon, "P0 steal kard=MG-05", "'steal' takes 1 argument (P0 steal <card>), not 0"),
    (bansan, "P0 bargain PC-61 price=1 price=2", "'price=' is given twice"),
    (bansan, "P0 bargain PC-61 card=PC-62", "'card=' is given twice"),  # helper-77
    (bansan, "P0 bargain PC-61 3 price=4", "'price=' is given twice"),
    (monsoon, "P0 steal MG-05 card=MG-06", "'card=' is given twice"),
    (bansan, "P0 bargain card=PC-61", "'bargain' needs price= too (P0 bargain <card> <price>)"),
    (bansan, "P0 bargain PC-61 price=1 seller=P1", "'bargain' has no key 'seller=' (its keys: "
                                                   "card=, price=)"),
    (bansan, "P0 bargain card=PC-61 PC-62", "'PC-62' comes after a key=value argument"),
    (bansan, "P0 bargain PC-61 price=two", "'two' is not a whole number"),
    (bansan, "P0 complete SL-25", "'complete' takes 2 arguments (P0 complete <list> <cards,...>), "
                                  "not 1"),
    (monsoon, "P0 pass card=MG-05", "'pass' has no key 'card=' (it takes no key=value)"),
    (bansan, "P0 complete SL-24 PC-34, PC-45",  # a space after the comma (helper-60)
     "'complete' takes 2 arguments (P0 complete <list> <cards,...>), not 3; a list is written "
     "with commas and no spaces (PC-01,PC-02)"),
])
def test_a_bad_argument_is_named(game: Any, text: str, words: str) -> None:
    message = refusal(game, text)
    assert message.startswith(repr(text)) and words in message, message


@pytest.mark.parametrize(("game", "text", "written"), [
    (bansan, "P0 bargain PC-61 price=3", "P0 bargain PC-61 3"),
    (bansan, "P0 bargain card=pc-61 price=3", "P0 bargain PC-61 3"),
    (bansan, "P0 bargain price=3 card=PC-61", "P0 bargain PC-61 3"),
    (bansan, "P0 give PC-01 to=P1", "P0 give PC-01 P1"),
    (bansan, "P2 tuck card=PC-07 stall=ST-04", "P2 tuck PC-07 ST-04"),
    (monsoon, "P0 steal card=MG-05", "P0 steal MG-05"),
])
def test_positional_arguments_may_be_named_like_keys(game: Any, text: str, written: str) -> None:
    """'P0 bargain PC-61 price=3' reads as a counter's 'price=4' is written (helper-74 wrote
    the bargain both ways; the keyed one was refused); the notation writes them in order."""
    assert str(game.parse_action(text)) == written
    assert game.parse_action(text) == game.parse_action(written)


def test_the_grammar_is_declared_once_in_core() -> None:
    """Both games read through a core Notation; neither has its own regular expressions."""
    import inspect

    for game in GAMES:
        assert isinstance(notation(game), Notation)
        source = inspect.getsource(game.actions)
        assert "import re" not in source and "re.compile" not in source


def test_the_refusals_shown_on_the_notation_page_are_real() -> None:
    page = (Path(__file__).parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    block = page.split("## What is refused", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    lines = block.splitlines()
    assert len(lines) >= 8
    for line in lines:
        if line.startswith("parse_action needs text"):
            text: object = ast.literal_eval(line.rsplit(" ", 1)[1])
        else:
            text = ast.literal_eval(re.match(r"'[^']*'", line).group())  # type: ignore[union-attr]
        messages = set()
        for game in GAMES:
            with pytest.raises(InvalidAction) as err:
                game.parse_action(text)
            messages.add(str(err.value))
        assert line in messages, (line, messages)


@pytest.mark.parametrize(("game", "rules", "text", "meant"), [
    (bansan, {"players": 2}, "P0 pick PC34", "'PC34' is not a produce card of this deck (did "
     "you mean 'PC-34'?)"),
    (bansan, {"players": 2}, "P0 give PC-3 P1", "'PC-3' is not a produce card of this deck "
     "(did you mean 'PC-03'?)"),
    (bansan, {"players": 2}, "P0 pick PC-340", "'PC-340' is not a produce card of this deck "
     "(they are PC-01 to PC-88)"),
    (bansan, {"players": 2}, "P0 return SL24", "'SL24' is not a Shopping List of this deck "
     "(did you mean 'SL-24'?)"),
    (bansan, {"players": 2}, "P0 worker ST7", "'ST7' is not a Stall in this game (they are "
     "ST-01 to ST-06)"),  # 2 vendors play the 6 Base Stalls (B-SETUP-04)
    (bansan, {"players": 3}, "P0 worker ST7", "'ST7' is not a Stall in this game (did you mean "
     "'ST-07'?)"),
    (bansan, {"players": 3}, "P0 tuck PC-04 ST-99", "'ST-99' is not a Stall in this game (they "
     "are ST-01 to ST-09)"),  # it said 'ST-01 to ST-12', the whole set (helper-74)
    (bansan, {"players": 3}, "P0 rr rent=ST-99", "'ST-99' is not a Stall in this game (they "
     "are ST-01 to ST-09)"),
    (monsoon, {"players": 2}, "P0 steal MG5", "'MG5' is not a Goods card of this deck (did you "
     "mean 'MG-05'?)"),
    (monsoon, {"players": 2}, "P0 fulfill MO-99", "'MO-99' is not an Order of this deck "
     "(they are MO-01 to MO-"),
])
def test_an_id_written_another_way_names_the_one_meant(game: Any, rules: dict[str, Any],
                                                       text: str, meant: str) -> None:
    """A person types ``PC34`` or ``PC-3`` for ``PC-34`` or ``PC-03``: the refusal names the
    ID meant, and an ID outside the deck gets the deck's range (it said only "'PC34' is not a
    produce card of this deck", found by helper-60)."""
    state = game.setup(game.Rules(**rules), 1)
    action = game.parse_action(text)
    with pytest.raises(InvalidAction) as refused:
        game.apply(state, action)
    assert f"{text}: {meant}" in str(refused.value)


def test_a_space_that_is_not_one_is_named_and_an_en_dash_gets_a_guess() -> None:
    """helper-87: "P0\\u00a0sell MT" (a no-break space, as text copied from a rendered page
    carries) was refused with "not 'P0\\xa0sell'", and "SL\\u201348" got no "did you mean".
    Still refused (never read as a space or a hyphen), now saying what the character is."""
    from marketlib import Match, bansan

    m = Match("bansan", bansan.Rules(players=2), seed=1)
    with pytest.raises(InvalidAction) as err:
        m.play("P0\u00a0sell MT")
    assert str(err.value) == ("'P0\\xa0sell MT' holds U+00A0 (no-break space) where an "
                              "ordinary space goes: type the spaces again, like 'P0 buy WG'")
    with pytest.raises(InvalidAction) as err:
        m.play("P0 return SL\u201348")
    assert str(err.value).endswith("(did you mean 'SL-48'?)")
    assert m.cursor == 0


def test_a_bin_called_by_its_name_is_refused_naming_its_code() -> None:
    """helper-87: "P0 empty Paper" and "P0 empty plastic", the rulebook's and the board's names
    of the bins, were refused as "not a Waste Bin (PL, PA or OR)" with no more help."""
    from marketlib import bansan

    for text, code in (("P0 empty Paper", "PA"), ("P0 empty plastic", "PL"),
                       ("P0 empty ORGANIC", "OR"), ("P0 empty Kertas", "PA")):  # Malay too
        with pytest.raises(InvalidAction) as err:
            bansan.parse_action(text)
        assert str(err.value) == (f"{text!r}: {text.split()[-1]!r} is not a Waste Bin (PL, PA "
                                  f"or OR) (did you mean {code!r}?); write it like "
                                  "'P0 empty <bin>'")
    assert str(bansan.parse_action("P0 empty pa")) == "P0 empty PA"
