"""The docs and the code agree on rule IDs (issue 8): every rule ID raised or cited in
``marketlib/`` is documented, and every documented rule ID has a test named after it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"(?<![A-Z-])([BM]-[A-Z]+-\d{2})(?![\d])")


def _ids_in(paths: list[Path]) -> set[str]:
    found: set[str] = set()
    for path in paths:
        found |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    return found


def _documented() -> set[str]:
    """The rule IDs of the hand-written pages (not a build, not a page generated from code)."""
    docs = ROOT / "docs"
    return _ids_in(sorted(p for p in docs.rglob("*.md")
                          if not {"_build", "_generated"} & set(p.relative_to(docs).parts)))


def test_rule_ids_in_the_code_are_documented() -> None:
    """Shown to fail on a broken copy: :func:`test_the_rule_id_guards_fail_on_a_broken_copy`."""
    in_code = _ids_in(sorted((ROOT / "marketlib").rglob("*.py")))
    missing = sorted(in_code - _documented())
    assert not missing, f"rule IDs used in marketlib/ but not in docs/: {missing}"


def test_the_rule_id_guards_fail_on_a_broken_copy(tmp_path: Path) -> None:
    """The broken copies: a module citing an undocumented ``B-ZZZ-99`` (found by the first
    guard), and a documented ID with no test named after it (found by the second)."""
    code = tmp_path / "moves.py"
    code.write_text('return v("B-ZZZ-99", "a rule nobody wrote down")\n', encoding="utf-8")
    assert _ids_in([code]) - _documented() == {"B-ZZZ-99"}
    assert _untested({"B-ZZZ-99", "B-ACT-01"}) == ["B-ZZZ-99"]


def _untested(documented: set[str]) -> list[str]:
    test_text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py"))
    names = set(re.findall(r"def (test_\w+)", test_text))
    return [rule for rule in sorted(documented)
            if not any(rule.lower().replace("-", "_") in name for name in names)]


def test_documented_rule_ids_have_tests_named_after_them() -> None:
    """Shown to fail on a broken copy: :func:`test_the_rule_id_guards_fail_on_a_broken_copy`."""
    untested = _untested(_documented())
    assert not untested, f"documented rule IDs without a test named after them: {untested}"


def test_monsoon_rules_page_lists_every_monsoon_rule() -> None:
    page = (ROOT / "docs" / "games" / "monsoon.md").read_text(encoding="utf-8")
    ids = set(RULE_ID.findall(page))
    assert len({i for i in ids if i.startswith("M-")}) == 49  # 48 rules + M-ALIAS-01
    for section in ("## Overview", "## Components", "## Setup", "## Turn structure", "## Rules",
                    "## Actions", "## End and scoring", "## Card-data format",
                    "## Version history"):
        assert section in page
