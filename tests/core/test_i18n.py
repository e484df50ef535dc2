"""The languages marketlib speaks and their catalogues (issue 30, point 5).

* every message of the template has a translation in every shipped language (non-empty, not
  fuzzy, the same ``{name}`` slots);
* the template is up to date: every string the code wraps for translation is in it, and it
  holds nothing the code no longer wraps;
* the committed ``.mo`` files are exactly what Babel compiles from the ``.po`` files (a fresh
  clone needs no build step);
* the language API: ``set_language``, ``get_language``, ``language``; an unknown language is
  refused, naming the known ones, and changes nothing.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import marketlib
from marketlib.core import i18n
from marketlib.core.i18n import LANGUAGES, LOCALE_DIR, language

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = sorted(code for code in LANGUAGES if code != "en")
SLOT = re.compile(r"\{(\w*)\}")


def _template() -> set[str]:
    with open(LOCALE_DIR / "marketlib.pot", "rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


def _catalogue(lang: str) -> object:
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "marketlib.po", "rb") as f:
        return read_po(f, locale=lang)


def test_babel_config_is_the_one_the_docs_name() -> None:
    assert "[python: **.py]" in (ROOT / "babel.cfg").read_text(encoding="utf-8")


def test_template_is_up_to_date_with_the_code() -> None:
    """What ``pybabel extract -F babel.cfg ... marketlib`` would write (docs: "Adding a
    language"): a string wrapped in the code but missing from the template fails here."""
    found = {msg if isinstance(msg, str) else msg[0]
             for _, _, msg, *_ in extract_from_dir(ROOT / "marketlib",
                                                   method_map=[("**.py", "python")])}
    template = _template()
    assert sorted(found - template) == [], "run pybabel extract (docs: Adding a language)"
    assert sorted(template - found) == [], "the template holds words the code no longer uses"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    cat = _catalogue(lang)
    ids = set()
    for msg in cat:  # type: ignore[attr-defined]
        if not msg.id:
            continue
        key = msg.id if isinstance(msg.id, str) else msg.id[0]
        ids.add(key)
        strings = [msg.string] if isinstance(msg.string, str) else list(msg.string)
        assert "fuzzy" not in msg.flags, f"{lang}: fuzzy translation of {key!r}"
        assert all(s.strip() for s in strings), f"{lang}: no translation of {key!r}"
        ids_slots = sorted(SLOT.findall(key))
        for s in strings:
            assert sorted(SLOT.findall(s)) == ids_slots, f"{lang}: slots differ in {key!r}"
    assert sorted(_template() - ids) == [], f"{lang}: run pybabel update"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalogue_matches_its_source(lang: str) -> None:
    """The committed .mo is what ``pybabel compile`` makes of the .po (recompiled here)."""
    out = io.BytesIO()
    write_mo(out, _catalogue(lang))  # type: ignore[arg-type]
    committed = (LOCALE_DIR / lang / "LC_MESSAGES" / "marketlib.mo").read_bytes()
    assert out.getvalue() == committed, "run pybabel compile -d marketlib/locale -D marketlib"


def test_language_api() -> None:
    assert marketlib.get_language() == "en"
    assert marketlib.LANGUAGES == {"en": "English", "ms": "Bahasa Malaysia"}
    with language("ms") as lang:
        assert lang == "ms" and marketlib.get_language() == "ms"
        assert i18n._("Waste Bins (capacity {capacity})") == "Tong Sampah (muatan {capacity})"
        with language(None):
            assert marketlib.get_language() == "ms"
    assert marketlib.get_language() == "en"
    assert i18n._("Market Stalls") == "Market Stalls"
    try:
        marketlib.set_language("ms")
        assert i18n._("Market Stalls") == "Gerai Pasar"
        with language("en"):
            assert i18n._("Market Stalls") == "Market Stalls"
    finally:
        marketlib.set_language("en")


@pytest.mark.parametrize("bad", ["xx", "MS", "", None, 3])
def test_unknown_language_is_refused_and_changes_nothing(bad: object) -> None:
    with pytest.raises(ValueError, match=r"'en' \(English\), 'ms' \(Bahasa Malaysia\)"):
        marketlib.set_language(bad)  # type: ignore[arg-type]
    assert marketlib.get_language() == "en"
    if bad is None:  # language(None): the language already in force
        return
    with pytest.raises(ValueError, match="unknown language"), language(bad):  # type: ignore[arg-type]
        pass
    assert marketlib.get_language() == "en"


def test_each_part_of_a_preview_is_said_by_its_own_template() -> None:
    """A slot never swallows the parts after it: "money RM8 -> RM6; Bag 1 -> 2 cards" read
    "wang RM8 -> RM6; Bag 1 -> 2 cards" in Malay (the money template's last slot took the
    rest), now each part is translated; a template of two parts still says a two-part run."""
    import marketlib.bansan.words
    import marketlib.monsoon.words  # noqa: F401

    with language("ms"):
        assert i18n.sentence("money RM8 -> RM6; Bag 1 -> 2 cards; ends your turn") == (
            "wang RM8 -> RM6; Beg 1 -> 2 kad; menamatkan giliran anda")
        two = i18n.sentence("the spend meets Gold; declaring a lower level is switched off "
                            "(allow_declared_lower_level=False)")
    assert "declaring a lower level" not in two and "Gold" not in two


def test_malay_names_an_unoperated_stall_one_way() -> None:
    """An unoperated Stall is a "gerai tanpa pengusaha" (a Stall without an operator) wherever
    the words describe it; "tiada pengusaha" (has no operator) only where a sentence says so
    of a named Stall. The catalogue mixed the two for the same thing (stop 48's note)."""
    found = {}
    for msg in _catalogue("ms"):  # type: ignore[attr-defined]
        key = msg.id if isinstance(msg.id, str) else (msg.id or ("",))[0]
        if "unoperated" in key.replace("buy_unoperated_multiplayer", ""):  # not the option's
            found[key] = msg.string  # name, which stays as it is in every language
    assert len(found) == 8
    for key, said in found.items():
        if key.startswith("{stall} is unoperated"):
            assert said.startswith("{stall} tiada pengusaha"), said
        else:
            assert "tanpa pengusaha" in said and "tiada pengusaha" not in said, (key, said)


def test_a_language_block_is_entered_once() -> None:
    """``language`` is a small class (issue 28), entered once like the generator it replaced
    (helper-100: one object entered twice left Malay in force after the outer block)."""
    speaking = language("ms")
    with speaking as lang:
        assert lang == "ms" == marketlib.get_language()
        with pytest.raises(RuntimeError, match="entered once"), speaking:
            pass
        assert marketlib.get_language() == "ms"
    assert marketlib.get_language() == "en"
    with pytest.raises(KeyError), language("ms"):
        raise KeyError("inside")
    assert marketlib.get_language() == "en"
