"""The rules a treatment changes, said in the reader's language (``changes_text``, the board's
``rules_changed``): the frame, yes/no/none and every option's words in Malay, rule IDs and code
values unchanged; the words marked for the catalogue (``OPTION_WORDS``) are exactly the words
the games' ``Rules`` docstrings give, so a docstring edit not copied there fails here.
"""

from __future__ import annotations

import re

import pytest

import marketlib
from marketlib import bansan, monsoon
from marketlib.bansan import options as bansan_options
from marketlib.core.i18n import _, language
from marketlib.core.options import changes_text, every_option_words
from marketlib.monsoon import options as monsoon_options

OPTION_WORDS = {"bansan": bansan_options.OPTION_WORDS, "monsoon": monsoon_options.OPTION_WORDS}
"""Each game's options' words, marked for the catalogue where its ``Rules`` is declared."""

RULE_ID = re.compile(r"\b[A-Z]-[A-Z]+(?:-[A-Z]+)?-\d+(?:/\d+|\.\.\d+)?")
QUOTED = re.compile(r'"[^"]*"')


def _shipped_rules() -> list[tuple[str, type]]:
    """Every shipped game's ``Rules`` (a game a test registers for a while is not ours)."""
    return [(name, game.Rules) for name, game in sorted(marketlib.games().items())
            if game.__name__.startswith("marketlib.") and hasattr(game, "Rules")]


def _every_phrase() -> list[tuple[str, str, str]]:
    return [(game, option, words) for game, rules_type in _shipped_rules()
            for option, words in every_option_words(rules_type).items()]


def test_both_games_are_checked() -> None:
    assert [game for game, _rules in _shipped_rules()] == ["bansan", "monsoon"]


def test_english_is_unchanged() -> None:
    rules = bansan.Rules(players=4, fine_per_card=2, closing_round=False)
    expected = ("Rules that differ from the standard game: RM per overflowed card (B-BIN-02): 2 "
                "(standard: 1); play the Closing Round (B-END-08): no (standard: yes).")
    assert changes_text(rules) == expected
    with language("en"):
        assert changes_text(rules) == expected
    assert changes_text(bansan.Rules(players=4)) == ""


def test_the_sentence_in_malay() -> None:
    rules = bansan.Rules(players=4, fine_per_card=2, closing_round=False)
    with language("ms"):
        said = changes_text(rules)
        assert changes_text(bansan.Rules(players=4)) == ""
    assert said == (
        "Peraturan yang berbeza daripada permainan standard: denda RM bagi setiap kad yang "
        "melimpah (B-BIN-02): 2 (standard: 1); mainkan Pusingan Penutup (B-END-08): tidak "
        "(standard: ya).")
    assert changes_text(rules).startswith("Rules that differ")  # English again outside


def test_malay_values_codes_and_field_names() -> None:
    with language("ms"):
        monsoon_said = changes_text(monsoon.Rules(players=3, seal_target=30, max_turns=40,
                                                  goods_reshuffle=False))
        bansan_said = changes_text(bansan.Rules(players=2, online_sell_source="bag",
                                                events="reconstructed", starting_money=12))
    assert monsoon_said == (
        "Peraturan yang berbeza daripada permainan standard: mohor untuk menang serta-merta: "
        "15, atau 30 untuk permainan panjang (M-END-01/02): 30 (standard: 15); kocok longgokan "
        "buangan menjadi dek Barang baharu apabila dek kosong (A-M-05): tidak (standard: ya); "
        "tamat selepas bilangan giliran ini (A-M-06): 40 (standard: tiada).")
    assert bansan_said == (
        "Peraturan yang berbeza daripada permainan standard: Peristiwa (A-B-01): reconstructed "
        "(standard: off); wang permulaan: 12 (standard: 10); sumber jualan dalam talian "
        "(A-B-09): bag (standard: own_stalls).")


@pytest.mark.parametrize(("game", "option", "words"), _every_phrase(),
                         ids=[f"{g}.{o}" for g, o, _w in _every_phrase()])
def test_every_option_is_in_the_catalogue_and_said_in_malay(game: str, option: str,
                                                            words: str) -> None:
    """Each option's words (from its game's ``Rules`` docstring) are marked in OPTION_WORDS
    (the drift guard: a docstring edit not copied there fails here, naming the option) and
    translated into Malay, keeping their rule IDs and quoted codes."""
    assert words in OPTION_WORDS[game], (
        f"{game}.Rules.{option}: its docstring now says {words!r}; copy these words into "
        f"marketlib.{game}.options.OPTION_WORDS and run the translation workflow")
    with language("ms"):
        malay = _(words)
    assert malay != words, f"{game}.Rules.{option}: {words!r} has no Malay translation"
    assert RULE_ID.findall(malay) == RULE_ID.findall(words), f"{game}.{option}: rule IDs"
    assert QUOTED.findall(malay) == QUOTED.findall(words), f"{game}.{option}: quoted codes"


def test_option_words_hold_nothing_else() -> None:
    """OPTION_WORDS is exactly the docstrings' words: no phrase twice, none no option says."""
    for game, marked in OPTION_WORDS.items():
        said = {words for g, _option, words in _every_phrase() if g == game}
        assert len(marked) == len(set(marked)), f"a phrase is in {game}'s OPTION_WORDS twice"
        assert sorted(set(marked) - said) == [], (
            f"{game}'s OPTION_WORDS holds words no option of its Rules says any more")
        assert sorted(said - set(marked)) == []


def test_frame_and_values_are_translated() -> None:
    with language("ms"):
        assert (_("yes"), _("no"), _("none")) == ("ya", "tidak", "tiada")
        assert _("Rules that differ from the standard game: {changes}.") == (
            "Peraturan yang berbeza daripada permainan standard: {changes}.")
