"""What a person pastes into the Play page is read as typed or refused in the page's own
words (found by helper-64): a seed is ASCII digits with one sign at most ("+-5" raised
"invalid literal for int()", a 5,000-digit seed Python's own digit limit, and "٤٢" or "４２" were
dealt as 42); a blank seed deals fresh cards; a save file nested absurdly deep is refused
before any parser recurses into it (in Pyodide the browser's stack ran out: a fatal error)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from marketlib import Match
from marketlib.widgets.messages import BoardMessageError
from marketlib.widgets.session import new_seed_of, seed_of
from marketlib.widgets.worker import PageGame


@pytest.mark.parametrize("typed", ["+-5", "--5", "²", "٤٢", "４２", "4 2", "9" * 5000, ""])
def test_a_seed_is_ascii_digits_with_one_sign(typed: str) -> None:
    with pytest.raises(BoardMessageError) as refused:
        seed_of(typed)
    said = str(refused.value)
    assert said.startswith("The seed must be a whole number such as 42, not ")
    assert len(said) < 200  # a huge paste is not echoed whole


def test_a_seed_as_typed() -> None:
    assert [seed_of(s) for s in ("42", " +7 ", "-3", "9" * 4000)] == [42, 7, -3, int("9" * 4000)]
    assert 0 <= new_seed_of("   ") < 10**6  # blank: a fresh deal


def _ask(game: PageGame, message: dict[str, object]) -> list[dict[str, object]]:
    return game.receive(json.dumps(message))


def test_the_page_deals_fresh_cards_for_a_blank_seed_and_refuses_a_bad_one() -> None:
    game = PageGame()
    assert _ask(game, {"type": "start", "setup": {"game": "monsoon", "seed": "  "}})[0][
        "type"] == "started"
    assert _ask(game, {"type": "start", "setup": {"game": "monsoon", "seed": "+-5"}}) == [{
        "type": "error", "error": "The seed must be a whole number such as 42, not '+-5'; "
        "leave the box empty for a fresh deal. Nothing was changed."}]


def test_a_save_nested_too_deeply_is_refused_before_it_is_parsed() -> None:
    game = PageGame()
    deep = "[" * 100_000 + "]" * 100_000
    assert _ask(game, {"type": "load", "text": deep, "setup": {}}) == [{
        "type": "error", "error": "this is not a marketlib save file: it is nested too deeply"}]
    tricky = json.dumps({"a": "[[[[[[" * 50})  # brackets inside text are no nesting
    assert "nested too deeply" not in str(_ask(game, {"type": "load", "text": tricky,
                                                      "setup": {}}))


def _load(match: Match) -> dict[str, object]:
    return _ask(PageGame(), {"type": "load", "text": json.dumps(match.to_dict()), "setup": {}})[0]


def test_a_loaded_save_opens_with_its_own_rules_and_says_whether_a_link_deals_it() -> None:
    """A notebook save with a seal target the form does not offer was refused ("plays to 15 or
    30 seals, not 10"), and the link of any loaded save named its seed as if the page could deal
    it again: a save of other rules, another deal scheme or a position gave another game
    (found by helper-64). It opens, and its ``started`` frame says whether a link deals it."""
    custom = Match("monsoon", {"players": 2, "seal_target": 10}, seed=5)
    custom.play(custom.legal_actions()[0])
    assert _load(custom)["type"] == "started" and _load(custom)["linkable"] is False
    plain = Match("monsoon", {"players": 2}, seed=5)
    plain.play(plain.legal_actions()[0])
    assert _load(plain)["linkable"] is True
    turns = Match("monsoon", {"players": 2, "max_turns": 30}, seed=5)
    assert _load(turns)["linkable"] is False
    old = Match.load(Path(__file__).resolve().parents[1] / "core" / "saves" /
                     "bansan_2p_seed-3_full_before_01f0d52.json")  # dealt "absolute"
    assert _load(old)["linkable"] is False
    assert _load(Match("bansan", {"players": 3}, seed=-3))["linkable"] is True


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30) | st.from_regex(r"\s*[+-]{0,2}[0-9]{1,25}\s*", fullmatch=True)
       | st.text(alphabet="+-0123456789٤٢４２²", min_size=1, max_size=8))
@example("+-5")
@example("٤٢")
def test_any_pasted_seed_is_read_as_typed_or_refused_in_words(typed: str) -> None:
    """Whatever a person pastes, the seed is the ASCII number it writes, or a refusal in the
    page's words: never another exception, never a number read from other characters."""
    plain = typed.strip()
    body = plain[1:] if plain[:1] in ("+", "-") else plain  # one sign at most
    number = plain.isascii() and body.isdigit()  # str.isdigit alone takes "٤٢" and "²"
    if number:
        assert seed_of(typed) == int(plain)
    else:
        with pytest.raises(BoardMessageError, match=r"^The seed must be a whole number"):
            seed_of(typed)


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.integers() | st.text(alphabet="[]{}\\\"ab", max_size=6),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(alphabet="[]{}\"a", max_size=3), inner, max_size=3),
                    max_leaves=40), st.integers(min_value=0, max_value=8))
def test_nesting_depth_is_that_of_the_json_itself(value: object, limit: int) -> None:
    """``too_deep`` agrees with the depth of the decoded value, brackets inside strings
    (escaped quotes too) not counted: the page and the classroom refuse exactly what nests
    deeper than their limit."""
    from marketlib.widgets.messages import too_deep

    def depth(v: object) -> int:
        if isinstance(v, list):
            return 1 + max((depth(x) for x in v), default=0)
        if isinstance(v, dict):
            return 1 + max((depth(x) for x in v.values()), default=0)
        return 0

    assert too_deep(json.dumps(value), limit) == (depth(value) > limit)
